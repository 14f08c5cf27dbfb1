"""`neutrino inspect FILE`: what the kernels of a PTX (or GCN) file contain.

Per kernel and device function: params, instruction counts by opcode family, memory operations
by state space (count and bytes per thread, from the static widths), registers declared and the
basic blocks with their edges. ``--json`` prints the same as one JSON document.
"""
from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from neutrino_py import files
from neutrino_py.asm import ir
from neutrino_py.errors import ToolError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a .ptx file (or GCN assembly, .s)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--kernel", metavar="NAME", help="only this kernel or function")
    parser.add_argument("--allow-unknown", action="store_true",
                        help="accept instructions and directives the PTX ISA table lacks")


def run(args: argparse.Namespace) -> int:
    path = Path(args.file)
    text = files.read_source(path)
    if path.suffix in (".s", ".gcn") or ".amdgcn_target" in text:
        summary = summarize_gcn(text, str(path))
    else:
        from neutrino_py.asm import parse_ptx
        summary = summarize(parse_ptx(text, file=str(path), allow_unknown=args.allow_unknown))
    if args.kernel:
        summary["functions"] = [f for f in summary["functions"] if f["name"] == args.kernel]
        if not summary["functions"]:
            raise ToolError(f"no kernel or function {args.kernel!r} in {path}",
                            fix="run without --kernel to list them")
    print(json.dumps(summary, indent=1) if args.json else render(summary))
    return 0


def summarize(module: ir.Module) -> dict:
    """The facts `neutrino inspect` prints, as plain data."""
    return {
        "file": module.file, "isa": "ptx", "version": module.version, "target": module.target,
        "functions": [summarize_function(f) for f in module.functions()],
    }


def summarize_function(fn: ir.Function) -> dict:
    """Per-kernel facts for `neutrino inspect` (instructions, opcodes, memory ops, registers),
    as a JSON-ready dict, so text and ``--json`` show the same numbers."""
    opcodes: Counter[str] = Counter()
    memory: dict[str, dict[str, int]] = {}
    count = 0
    for ins in fn.instructions():
        count += 1
        opcodes[ins.opcode] += 1
        if ins.is_memory:
            m = memory.setdefault(ins.space or "generic", {"ops": 0, "bytes": 0})
            m["ops"] += 1
            m["bytes"] += ins.width or 0
    registers: Counter[str] = Counter()
    for decl in fn.reg_decls():
        registers[decl.type] += sum(1 if n is None else n for _, n in decl.names)
    blocks = fn.blocks()
    return {
        "name": fn.name, "kind": "kernel" if fn.is_kernel else "function",
        "params": [{"name": p.name, "type": p.type, "size": p.size, "align": p.align,
                    "ptr": list(p.ptr) if p.ptr else None} for p in fn.params],
        "instructions": count,
        "opcodes": dict(opcodes.most_common()),
        "memory": dict(sorted(memory.items())),
        "registers": dict(sorted(registers.items())),
        "blocks": [{"index": b.index, "labels": b.labels, "instructions": len(b.instructions),
                    "succs": b.succs} for b in blocks],
    }


def summarize_gcn(text: str, file: str) -> dict:
    """The same facts for GCN: params from the kernel's `.amdgpu_metadata` arguments (hidden ones
    left out), opcode families, memory operations by space (global, flat, scratch as local, LDS
    as shared; `scalar`: scalar memory, s_load/s_store/s_atomic and their buffer and scratch
    forms, bytes per wave) with bytes per lane, registers used and the basic blocks."""
    from neutrino_py.asm import gcn_opcodes
    from neutrino_py.asm.gcn import Instruction
    from neutrino_py.asm.gcn_cfg import labelled_blocks, successors
    from neutrino_py.asm.gcn_parse import parse_gcn

    module = parse_gcn(text, file=file)
    functions = []
    for name in module.kernel_names():
        view = module.kernel(name)
        body = module.statements[view.start:view.end]
        opcodes: Counter[str] = Counter()
        memory: dict[str, dict[str, int]] = {}
        regs: dict[str, set[int]] = {}
        count = 0
        for s in body:
            if not isinstance(s, Instruction):
                continue
            count += 1
            opcodes["_".join(s.opcode.split("_")[:2])] += 1
            space = _gcn_space(s.opcode, gcn_opcodes)
            if space:
                m = memory.setdefault(space, {"ops": 0, "bytes": 0})
                m["ops"] += 1
                m["bytes"] += gcn_opcodes.width(s.opcode)
            for r in s.regs():
                if r.first is not None:
                    regs.setdefault(r.file, set()).update(r.indices)
        blocks = labelled_blocks(body)
        functions.append({"name": name, "kind": "kernel", "params": _gcn_params(view.metadata),
                          "instructions": count, "opcodes": dict(opcodes.most_common()),
                          "memory": dict(sorted(memory.items())),
                          "registers": {k: len(v) for k, v in sorted(regs.items())},
                          "blocks": [{"index": n, "labels": labels, "instructions": len(ins),
                                      "succs": succs} for n, ((labels, ins), succs)
                                     in enumerate(zip(blocks, successors(blocks)))]})
    return {"file": file, "isa": "gcn", "version": None, "target": [module.target],
            "functions": functions}


def _gcn_space(opcode: str, gcn_opcodes) -> str | None:
    """A memory instruction's space as `inspect` names it (PTX's words), or None."""
    if gcn_opcodes.is_scalar_memory(opcode):
        return "scalar"
    mem = gcn_opcodes.memory_space(opcode)
    if mem is None:
        return None
    return {"": "flat", "shared": "shared", "local": "local"}.get(mem[1], mem[1])


def _gcn_params(meta: dict | None) -> list[dict]:
    """The kernel's own arguments from its metadata (`.args` without the `hidden_*` ones)."""
    out = []
    for a in (meta or {}).get(".args", []):
        kind = str(a.get(".value_kind", ""))
        if kind.startswith("hidden_"):
            continue
        ptr = kind == "global_buffer"
        out.append({"name": str(a.get(".name", f"arg{len(out)}")),
                    "type": f"ptr {a.get('.address_space', 'global')}" if ptr else f"b{8 * int(a.get('.size', 0))}",
                    "size": int(a.get(".size", 0)), "align": None, "offset": int(a.get(".offset", 0)),
                    "ptr": None})
    return out


def render(summary: dict) -> str:
    """The text view of `summarize`'s dict: the JSON holds the facts, this only lays them out."""
    fns = summary["functions"]
    kernels = sum(1 for f in fns if f["kind"] == "kernel")
    head = f"{summary['file']}: {summary['isa'].upper()}"
    if summary["version"]:
        head += f" {summary['version']}"
    head += f", target {', '.join(summary['target'])}, {kernels} kernel(s), " \
            f"{len(fns) - kernels} device function(s)"
    out = [head]
    for f in fns:
        out.append(f"\n{f['kind']} {f['name']}")
        params = ", ".join(f"{p['type']} {p['name']}" + (f"[{p['size']}B]" if p["type"] == "b8" else "")
                           for p in f["params"])
        out.append(f"  params        {len(f['params'])}" + (f": {params}" if params else ""))
        ops = ", ".join(f"{k} {v}" for k, v in f["opcodes"].items())
        out.append(f"  instructions  {f['instructions']}" + (f": {ops}" if ops else ""))
        mem = "; ".join(f"{space} {m['ops']} ops {m['bytes']} B/thread"
                        for space, m in f["memory"].items())
        out.append(f"  memory        {mem or 'none'}")
        regs = ", ".join(f"{t} {n}" for t, n in f["registers"].items())
        out.append(f"  registers     {sum(f['registers'].values())}" + (f": {regs}" if regs else ""))
        if f["blocks"] or summary["isa"] == "ptx":
            edges = " ".join(f"{b['index']}->{s}" for b in f["blocks"] for s in b["succs"])
            out.append(f"  blocks        {len(f['blocks'])}" + (f", edges {edges}" if edges else ""))
    return "\n".join(out)

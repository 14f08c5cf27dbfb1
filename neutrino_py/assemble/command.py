"""`neutrino instrument --probe P.probe [-k REGEX] IN.ptx -o OUT.ptx` (+ OUT.manifest.json): splice
the probe, then predict its cost per kernel (registers, occupancy, bytes per launch: assemble/cost.py).
It lives in the assemble layer because the cost needs the assembler's resource report."""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path

from neutrino_py import files, paths
from neutrino_py.errors import SourceError, ToolError, shown, whole
from neutrino_py.names import short
from neutrino_py.splice import kernel_regex


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--probe", required=True, metavar="P.probe",
                        help="the .probe file, or a stock probe's name (e.g. dmat)")
    parser.add_argument("-k", "--kernels", metavar="REGEX", type=kernel_regex,
                        help="instrument only kernels whose name, mangled or demangled, matches (searched)")
    parser.add_argument("input", metavar="IN.ptx", help="PTX module to instrument")
    parser.add_argument("--allow-unknown", action="store_true",
                        help="pass instructions and directives the PTX ISA table lacks through")
    parser.add_argument("-o", "--output", required=True, metavar="OUT.ptx",
                        help="instrumented PTX; the manifests go to OUT.manifest.json")
    parser.add_argument("--grid", metavar="X[,Y,Z]", type=dims, default=(1, 1, 1),
                        help="launch grid for the bytes-per-launch estimate (default 1)")
    parser.add_argument("--block", metavar="X[,Y,Z]", type=block_dims,
                        help="launch block for the occupancy and bytes-per-launch estimates "
                             "(default: the block a kernel declares with .reqntid or .maxntid, "
                             f"else {DEFAULT_BLOCK[0]})")
    parser.add_argument("--arch", metavar="sm_XX", type=arch_name,
                        help="GPU to predict occupancy for (default: the PTX's .target)")
    parser.add_argument("--json", action="store_true",
                        help="print the positions and the cost as JSON instead of text")
    parser.add_argument("--no-cost", action="store_true",
                        help="skip assembling the original and instrumented module for registers and "
                             "occupancy (bytes per launch are still printed), and with it the "
                             "register caps (.maxnreg) the output would get where they pay: on a "
                             "large module with a probe at every access that is most of the time")


DEFAULT_BLOCK = (128, 1, 1)


def dims(text: str, most: tuple[int, int, int] = (2**31 - 1, 65535, 65535),
         total: int | None = None, what: str = "launch shape") -> tuple[int, int, int]:
    """argparse type for --grid/--block: 1 to 3 positive integers, comma-separated (e.g. 64,2),
    each at most `most` (and their product at most `total`): a launch the GPU would refuse
    is a usage error, not an estimate."""
    numbers = [whole(v) for v in text.replace("x", ",").split(",")]
    if not 1 <= len(numbers) <= 3 or None in numbers or min(numbers) < 1:
        raise argparse.ArgumentTypeError(f"not a {what}: {shown(text)} (write e.g. 1024 or 64,64)")
    values = (*numbers, *(1,) * (3 - len(numbers)))
    if any(v > m for v, m in zip(values, most)) or (total and math.prod(values) > total):
        limit = " x ".join(map(str, most)) + (f", {total} threads in all" if total else "")
        raise argparse.ArgumentTypeError(f"{what} {shown(text)} is larger than a GPU launches "
                                         f"(at most {limit})")
    return values


def arch_name(text: str) -> str:
    """argparse type for --arch: an NVIDIA GPU name as ptxas takes it (sm_90, sm_90a, sm_100f)."""
    from neutrino_py.assemble.ptx import ARCH
    if not ARCH.fullmatch(text):
        raise argparse.ArgumentTypeError(f"not a GPU architecture: {shown(text)} (write e.g. sm_90)")
    return text


def block_dims(text: str) -> tuple[int, int, int]:
    """argparse type for --block: `dims` within a block's limits (1024 threads, z at most 64)."""
    return dims(text, (1024, 1024, 64), 1024, "block shape")


def manifest_path(output: Path) -> Path:
    """`out.ptx` -> `out.manifest.json` beside it."""
    return output.with_suffix(".manifest.json") if output.suffix else Path(f"{output}.manifest.json")


def manifests_json(manifests: dict) -> str:
    """Every kernel's manifest, one kernel per line: JSON's C encoder writes that (an indented
    file took 0.1 s for 420 kernels), and a line per kernel still reads and diffs well. Each
    line is `json.dumps(m.to_json())`, with the part every kernel shares (probe, params, maps:
    `Manifest.program_json`) encoded once per program: 420 kernels encoded the probe's text and
    the maps 420 times (2.4 MB of branch_divergence's manifests, 0.01 s)."""
    programs: dict[tuple, str] = {}
    lines = []
    for name, m in manifests.items():
        key = (tuple(m.probe.items()), *map(id, m.params), None, *map(id, m.maps))
        program = programs.get(key)
        if program is None:
            program = programs[key] = json.dumps(m.program_json())[1:-1]
        lines.append(f"{json.dumps(name)}: {json.dumps(m.head_json())[:-1]}, {program}, "
                     f"{json.dumps(m.tail_json())[1:]}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def check_outputs(output: Path, inputs: dict[str, Path]) -> None:
    """Refuse, before any work, outputs that would replace what they are made from (`-o` equal
    to the input PTX or the probe: the result is written by renaming over it)."""
    for out in (output, manifest_path(output)):
        for what, source in inputs.items():
            if _same_file(out, source):
                raise ToolError(f"cannot write {out}: it is {what}, which the output would replace",
                                "write the instrumented module to another file, e.g. -o out.ptx")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def launch_blocks(module, kernels: list[str], asked: tuple[int, int, int] | None
                  ) -> tuple[dict[str, tuple[int, int, int]], list[str]]:
    """The block each kernel's cost is computed at where it is not the asked one (or the
    default): the one a kernel declares, which is the only one it launches with (``.reqntid``)
    or, unasked, the one Triton launches it with (``.maxntid``); and a note for each asked block
    the kernel cannot launch with."""
    from neutrino_py.assemble.occupancy import declared_block
    from neutrino_py.names import short
    blocks, notes = {}, []
    for kernel in kernels:
        declared = declared_block(module.function(kernel))
        if declared is None:
            continue
        directive, shape = declared
        said = f"{short(kernel, 60)} declares .{directive} {','.join(map(str, shape))}"
        if asked is None:
            blocks[kernel] = shape
        elif directive == "reqntid" and asked != shape:
            blocks[kernel] = shape
            notes.append(f"{said}: it cannot launch with block {'x'.join(map(str, asked))}; its "
                         f"figures are at its own block")
        elif directive == "maxntid" and any(a > m for a, m in zip(asked, shape)):
            blocks[kernel] = shape
            notes.append(f"{said}: block {'x'.join(map(str, asked))} is larger than it launches "
                         f"with; its figures are at its largest block")
    return blocks, notes


def run(args: argparse.Namespace) -> int:
    from neutrino_py.asm import parse_ptx
    from neutrino_py.probe import load_file
    from neutrino_py.splice import instrument

    check_outputs(Path(args.output), {"the input": Path(args.input),
                                      "the probe file": paths.probe_file(args.probe)})
    program = load_file(args.probe)
    text = files.read_source(args.input)
    is_gcn = ".amdgcn_target" in text                 # AMDGCN assembly (clang -S for amdgcn)
    if is_gcn:
        from neutrino_py.asm.gcn_parse import parse_gcn
        module = parse_gcn(text, file=args.input)
    else:
        module = parse_ptx(text, file=args.input, allow_unknown=args.allow_unknown)
    try:
        result = instrument(module, program, args.kernels)
    except SourceError as err:              # a target's refusal of a line: show it and its caret
        if err.source is None and err.file == args.input:
            err.source = text
        raise
    if not result.manifests and args.kernels:
        kernels = module.kernel_names() if is_gcn else [f.name for f in module.kernels()]
        names = ", ".join(kernels) or "none"
        raise ToolError(f"no kernel matching -k {args.kernels!r} in {args.input} (kernels: {names})",
                        "the pattern is searched for in kernel names (re.search), e.g. -k 'add|mul'")
    if not result.manifests:
        print(f"warning: no kernel (.entry) in {args.input}; output is the input unchanged",
              file=sys.stderr)

    out = Path(args.output)
    manifests = manifest_path(out)
    assemble = not (is_gcn or args.no_cost)
    arch = None if is_gcn else args.arch or module.arch or "sm_90"
    # PTX that is not assembled for the cost is written as it is printed, never held whole
    out_text = result.module.to_text() if assemble or is_gcn else None
    caps: dict[str, int] = {}
    if assemble:
        from neutrino_py.assemble.registers import cap_registers
        try:
            out_text, caps = cap_registers(result.module, list(result.manifests), arch, out_text)
        except (ToolError, SourceError):
            pass                          # the cost says why nothing was assembled
    # both written before either is renamed; the manifest lands first, so a .ptx never
    # stands without its manifest
    with files.atomic_file(out, "w") as ptx:
        for piece in [out_text] if out_text is not None else result.module.text_pieces():
            ptx.write(piece)
        files.atomic_write(manifests, manifests_json(result.manifests))
    from neutrino_py.assemble.cost import predict, render
    block = args.block or DEFAULT_BLOCK
    blocks, notes = ({}, []) if is_gcn else launch_blocks(module, list(result.manifests), args.block)
    cost = predict(result.manifests, args.grid, block,
                   text if assemble else None, out_text if assemble else None, arch,
                   "not computed (--no-cost)" if args.no_cost else
                   "only computed for PTX (GCN: bytes per launch only)", caps, blocks)
    cost.notes += notes
    if args.json:
        print(json.dumps({"kernels": {k: {"positions": m.positions,
                                          "registers_added": m.registers_added}
                                      for k, m in result.manifests.items()},
                          "cost": cost.to_json()}, indent=2))
    else:
        for name, m in result.manifests.items():
            regs = ", ".join(f"{n} {t}" for t, n in m.registers_added.items()) or "none"
            print(f"{short(name, 100)}: {sum(m.positions.values())} positions matched, "
                  f"virtual registers added: {regs}")
            for label, n in m.positions.items():
                print(f"  {label}: {n}")
        for line in render(cost):
            print(line)
    for d in result.diagnostics:
        print(d.render(program.text if d.file == program.file else None), file=sys.stderr)
    print(f"wrote {out} and {manifests}", file=sys.stderr if args.json else sys.stdout)
    return 0

"""Large PTX modules made from the corpus, for the speed benchmarks: real compiler output, many
kernels, over a megabyte, as a framework's module of many specialisations is.

Each module repeats a group of corpus kernels (compiler output for one target) with every
module-level name (kernels, device functions, variables) given a per-copy suffix, done on the IR:
symbols in instructions are renamed through the same map, so the module assembles. Sections and
`.file` tables are left out (debug-info labels would clash between copies).

    python benchmarks/large_modules.py OUT_DIR      # writes the modules and prints their sizes
"""
from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from neutrino_py.asm import ir, parse_ptx  # noqa: E402

CORPUS = ROOT / "tests" / "corpus"
# name -> (corpus files of one target, bytes at least)
GROUPS = {
    "cuda_many_kernels": (sorted(p for p in CORPUS.glob("cuda/*.sm_90.ptx")), 1_100_000),
    "triton_big_kernels": (sorted(CORPUS.glob("triton/*.sm_90a.ptx")), 1_100_000),
}
HEADER = (ir.Version, ir.Target, ir.AddressSize)


def _renamed(op: ir.Operand, names: dict[str, str]) -> ir.Operand:
    if isinstance(op, ir.Symbol) and op.name in names:
        return ir.Symbol(names[op.name])
    if isinstance(op, ir.Address):
        return dataclasses.replace(op, base=_renamed(op.base, names))
    if isinstance(op, (ir.Vector, ir.ParamList)):
        return dataclasses.replace(op, items=tuple(_renamed(i, names) for i in op.items))
    return op


def copy_items(module: ir.Module, suffix: str) -> list[ir.ModuleItem]:
    """The module's declarations and functions with every module-level name suffixed."""
    names = {item.name: item.name + suffix for item in module.items
             if isinstance(item, (ir.Function, ir.VarDecl)) and "extern" not in item.linkage}
    items = []
    for item in module.items:
        if isinstance(item, HEADER + (ir.Section, ir.File, ir.Comment)):
            continue
        if isinstance(item, ir.Function) and item.has_body:
            for stmt in ir.walk(item.body):
                if isinstance(stmt, ir.Instruction):
                    stmt.operands = [_renamed(op, names) for op in stmt.operands]
                    stmt.loc = None
            item.body = [s for s in item.body if not isinstance(s, ir.Loc)]
        if isinstance(item, (ir.Function, ir.VarDecl)):
            item.name = names.get(item.name, item.name)
        items.append(item)
    return items


def build(files: list[Path], min_bytes: int) -> str:
    """Copies of `files`' kernels, round after round, until the module has `min_bytes`."""
    texts = [f.read_text() for f in files]
    header = [i for i in parse_ptx(texts[0], cache=False).items if isinstance(i, HEADER)]
    externs: dict[str, ir.VarDecl] = {}
    body: list[ir.ModuleItem] = []
    size, copy = 0, 0
    while size < min_bytes:
        for text in texts:
            for item in copy_items(parse_ptx(text, cache=False), f"_{copy}"):
                if isinstance(item, ir.VarDecl) and "extern" in item.linkage:
                    externs.setdefault(item.name, item)
                else:
                    body.append(item)
            copy += 1
        size = len(ir.Module(header + list(externs.values()) + body).to_text())
    return ir.Module(header + list(externs.values()) + body).to_text()


def write_all(out: Path) -> dict[str, Path]:
    """Every group's module under `out` (made once; kept while the corpus is unchanged)."""
    out.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name, (files, min_bytes) in GROUPS.items():
        path = out / f"{name}.ptx"
        if not path.exists():
            path.write_text(build(files, min_bytes))
        paths[name] = path
    return paths


if __name__ == "__main__":
    for name, path in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/large_ptx")).items():
        text = path.read_text()
        print(f"{name}: {len(text) / 1e6:.2f} MB, {text.count('.entry')} kernels -> {path}")

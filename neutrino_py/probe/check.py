"""`neutrino check P.probe ...`: verify probe files and summarize what each one will record."""
from __future__ import annotations

import argparse
import sys

from neutrino_py.contract.manifest import item_layout
from neutrino_py.errors import SourceError, ToolError
from neutrino_py.probe import ast, load_file


# Warnings a summary shows: thousands of them (a generated file of constant filters) are no help
# to read; the count of the rest says they are there
MAX_SHOWN = 100


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("probes", nargs="+", metavar="P.probe",
                        help="probe files (or stock probe names, e.g. dmat) to check")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only errors")


def run(args: argparse.Namespace) -> int:
    failed = 0
    for path in args.probes:
        try:
            program = load_file(path)
        except SourceError as err:
            print(err, file=sys.stderr)
            failed += 1
            continue
        except ToolError as err:
            print(f"error: {err}", file=sys.stderr)
            failed += 1
            continue
        if not args.quiet:
            print(summary(program))
    return 2 if failed else 0


def summary(p: ast.ProbeProgram) -> str:
    """What the program records, where, and how big each map item is."""
    plural = lambda n, word: f"{n} {word}{'s' * (n != 1)}"  # noqa: E731
    out = [f"{p.file}: ok: {plural(len(p.maps), 'map')}, {plural(len(p.regs), 'register')}, "
           f"{plural(len(p.probes), 'probe')} (sha256 {p.hash[:12]})", "maps:"]
    for m in p.maps.values():
        item = item_layout(m.dtype)[1]
        fields = ", ".join(f"{'lanes' if f.lanes else f.type} {f.name}" for f in m.fields)
        out.append(f"  {m.name:<12} {m.kind:<8} {'[' + m.level + ']':<9} {_size(m):<24} "
                   f"{item:>4} B  {{ {fields} }}")
    if p.regs:
        out.append("registers:")
        out += [f"  {r.type} {r.name}" for r in p.regs.values()]
    out.append("probes:")
    for probe in p.probes:
        filt = f"  / {probe.filter.span.excerpt(p.text)} /" if probe.filter is not None else ""
        out.append(f"  {probe.index}  {probe.position}{filt}")
        out += [f"       {s.span.excerpt(p.text)};" for s in probe.body]
    out += [d.render(p.text) for d in p.diagnostics[:MAX_SHOWN]]
    if len(p.diagnostics) > MAX_SHOWN:
        out.append(f"... and {len(p.diagnostics) - MAX_SHOWN} more warnings")
    return "\n".join(out)


def _size(m: ast.MapDecl) -> str:
    unit = "SM" if m.level == "sm" else m.level
    if m.kind == "hist":
        return f"{m.capacity} entries"
    if m.kind == "counter":
        return f"1 per {unit}"
    if m.capacity is not None:
        return f"{m.capacity} per {unit}"
    return f"pool of {m.pool} records"


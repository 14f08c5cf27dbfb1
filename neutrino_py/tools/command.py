"""`neutrino report TRACEDIR`: run analysis tools on a trace; text, JSON, PNGs and a Perfetto trace."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from neutrino_py.errors import ToolError, count, did_you_mean
from neutrino_py.tools import _options_of, get, tools
from neutrino_py.tools.base import MapRef, Progress, Report, Table, Tool, plain
from neutrino_py.tools.perfetto import MAX_SLICES, export
from neutrino_py.tools.progress import Bar
from neutrino_py.tools.render import printable, report_text, table_text
from neutrino_py.tracedir.reader import Trace


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("trace", nargs="?", metavar="TRACEDIR",
                        help="a run directory, or a tracedir (its newest run is used)")
    parser.add_argument("--tool", "-t", action="append", metavar="NAME",
                        help="run only this tool (repeatable); default: every tool")
    parser.add_argument("--list", action="store_true", help="list the tools and exit")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--plots", metavar="DIR", help="write each tool's figures as PNGs here")
    parser.add_argument("--perfetto", metavar="OUT.json",
                        help="write a Chrome/Perfetto trace (open it in ui.perfetto.dev)")
    parser.add_argument("--perfetto-warps", type=count, metavar="N",
                        help="with --perfetto: at most N warp slices in the Perfetto file, shared "
                             f"equally by the launches (default {MAX_SLICES})")
    parser.add_argument("--option", "-O", action="append", default=[], metavar="KEY=VALUE",
                        help="set a tool option, e.g. -O launch=3 (block_sched), -O depth=1 "
                             "(operators), -O top=50")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def run(args: argparse.Namespace) -> int:
    if args.list:
        print(table_text(Table("tools", ["name", "reads", "what"],
                               [[n, _reads(cls()), cls.help] for n, cls in tools().items()])))
        return 0
    if not args.trace:
        raise ToolError("no trace directory given", fix="neutrino report ./neutrino-trace")
    _check_outputs(args)
    trace = Trace(args.trace)
    options = _options(args.option)
    selected = [get(name, options, strict=False) for name in dict.fromkeys(args.tool or tools())]
    unknown = [key for key in options if not any(hasattr(tool, key) for tool in selected)]
    if unknown:
        names = ", ".join(tool.name for tool in selected)
        known = sorted({k for tool in selected for k in _options_of(tool)})
        raise ToolError(f"no selected tool ({names}) has option {unknown[0]!r}"
                        f"{did_you_mean(unknown[0], known)}",
                        fix="e.g. -O launch=3 (block_sched), -O depth=1 (operators), -O top=50 "
                            "(launches, hotness, divergence)")
    if "launch" in options and not any(l.seq == options["launch"] for l in trace.launches):
        seqs = [l.seq for l in trace.launches]
        raise ToolError(f"-O launch={options['launch']}: this trace has no such launch"
                        + (f" (launches {seqs[0]}..{seqs[-1]})" if seqs else " (it has none)"),
                        fix="launches are numbered from 0 in the order they ran")
    by_tool: dict[str, Report] = {}
    failed: list[str] = []
    plan = []
    for tool in selected:
        try:
            plan.append((tool, tool.select(trace)))
        except Exception as err:          # one broken tool or map file must not hide the others
            by_tool[tool.name] = _failed(tool, err, failed)
    bar = None if args.no_progress else Bar(_bytes_to_read(plan, bool(trace.parts())))
    for tool, refs in plan:
        if bar:
            bar.stage(tool.name)
        try:
            by_tool[tool.name] = tool.report(trace, refs, bar or Progress())
        except Exception as err:
            by_tool[tool.name] = _failed(tool, err, failed)
    if bar:
        bar.close()
    reports = [by_tool[tool.name] for tool in selected]
    extra: dict[str, Any] = {}
    try:
        if args.plots:
            extra["plots"] = [str(p) for r in reports for p in r.save_figures(args.plots)]
        if args.perfetto:
            warps = MAX_SLICES if args.perfetto_warps is None else args.perfetto_warps
            extra["perfetto"] = export(trace, args.perfetto, warps)
    except OSError as err:
        raise ToolError(f"cannot write {err.filename}: {err.strerror}", fix=OUTPUTS_FIX) from None
    if args.format == "json":
        json.dump(plain({"trace": str(trace.dir), "command": trace.meta.get("command"),
                          "device": trace.device, "summary": trace.summary,
                          "warnings": trace.warnings,
                          "reports": {r.tool: r.to_dict() for r in reports}, **extra}),
                  sys.stdout, indent=1)
        print()
    else:
        print(_header(trace))
        for report in reports:
            print()
            print(report_text(report))
        for path in extra.get("plots", []):
            print(f"wrote {path}")
        if "perfetto" in extra:
            p = extra["perfetto"]
            print(f"wrote {p['path']} ({p['events']:,} events; open it in https://ui.perfetto.dev)")
    return 1 if failed else 0


OUTPUTS_FIX = "--plots takes a folder (made if missing), --perfetto a file in an existing folder"


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse outputs that cannot be written before the tools read the trace, not after, and
    --perfetto-warps without --perfetto (it would be ignored)."""
    if args.perfetto_warps is not None and not args.perfetto:
        raise ToolError("--perfetto-warps has no effect without --perfetto",
                        fix="add --perfetto OUT.json, or leave --perfetto-warps out")
    for option, path, folder in (("--plots", args.plots, True), ("--perfetto", args.perfetto, False)):
        why = _unwritable(Path(path), folder) if path else None
        if why:
            raise ToolError(f"{option} {printable(path)} {why}", fix=OUTPUTS_FIX)


def _unwritable(path: Path, folder: bool) -> str | None:
    """Why `path` cannot take a folder of figures (`folder`) or one file, or None; a name the
    system refuses to look up (a NUL byte, too long) is said, not a traceback."""
    if "\0" in str(path):                        # pathlib's checks take it for "absent"
        return "cannot hold a NUL byte"
    try:
        if folder:
            return "is a file, not a folder" if path.exists() and not path.is_dir() else None
        if path.is_dir():
            return "is a folder"
        return None if path.parent.is_dir() else "is in a folder that does not exist"
    except OSError as err:
        return f"cannot be looked up: {err.strerror}"


def _bytes_to_read(plan: list[tuple[Tool, list[MapRef]]], per_rank: bool) -> int:
    """What the tools will read, for the progress bar (twice for tools reporting per rank too).
    A map's size costs an `np.load` of its file, so it is taken once however many tools read it."""
    sizes: dict[tuple[int, str], int] = {}        # by (launch object, map)
    total = 0
    for tool, refs in plan:
        for ref in refs:
            key = (id(ref.launch), ref.name)
            if key not in sizes:
                sizes[key] = ref.nbytes
            total += sizes[key] * (2 if per_rank and tool.per_rank else 1)
    return total


def _failed(tool: Tool, err: Exception, failed: list[str]) -> Report:
    failed.append(tool.name)
    return Report(tool.name, notes=[f"failed: {type(err).__name__}: {err}"])


def _reads(tool: Tool) -> str:
    if not tool.needs_maps:
        return "launch/alloc events"
    return tool.wants().removeprefix("a map with fields ")


def _options(pairs: list[str]) -> dict[str, Any]:
    """-O KEY=VALUE pairs as a dict; -O repeats for other keys, while one key given twice is
    refused rather than the last one winning unsaid."""
    out: dict[str, Any] = {}
    given: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ToolError(f"bad option {pair!r}", fix="write options as KEY=VALUE, e.g. -O top=50")
        if given.setdefault(key, value) != value:
            raise ToolError(f"-O {key} given twice ({given[key]!r}, then {value!r})",
                            fix=f"give -O {key}=VALUE once")
        try:
            out[key] = int(value)
        except ValueError:
            out[key] = value
    return out


def _header(trace: Trace) -> str:
    s = trace.summary
    lines = [f"trace {trace.dir}",
             f"  command: {' '.join(trace.meta.get('command') or []) or '-'}",
             f"  device: {trace.device.get('name', '-')}   probe: "
             f"{(trace.probe or {}).get('file', '-')}",
             f"  launches: {s.get('launches', len(trace.launches))} "
             f"({s.get('instrumented_launches', 0)} instrumented), kernels: {s.get('kernels', 0)}, "
             f"allocations: {s.get('allocations', 0)}"]
    if len(trace.processes) > 1 or trace.ranks:
        lines.append(f"  processes: {len(trace.processes)}" + (f", ranks: {len(trace.ranks)}"
                                                              if trace.ranks else ""))
        lines += [f"    {p.describe()}" for p in trace.processes]
    lines += [f"  warning: {w}" for w in trace.warnings]
    return "\n".join(printable(line) for line in lines)

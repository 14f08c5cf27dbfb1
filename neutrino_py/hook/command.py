"""`neutrino trace --probe P.probe [-k REGEX] [--launches N] [--every K] [--max-bytes SIZE] … -- CMD`

Runs CMD with both shims preloaded (CUDA's, then HIP's: each acts only when the program calls its
runtime, whether linked or dlopen'ed later) and this process as their engine server; writes the trace
directory (docs/contracts.md §6) and ends with a summary of what was and was not instrumented,
what was recorded, and which bound stopped the recording. The bounds and the staging ring are
the shim's (`protocol.ENV`): it decides per launch, without asking this process.
"""
from __future__ import annotations

import argparse
import functools
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path

from neutrino_py import __version__, paths, toolchain
from neutrino_py.errors import ToolError, count, format_bytes, shown, size
from neutrino_py.hook import build, build_hip, doctor, protocol
from neutrino_py.hook.engine import PHASES, Engine
from neutrino_py.hook.server import Server
from neutrino_py.names import short
from neutrino_py.splice import kernel_regex
from neutrino_py.tracedir import TraceWriter, layout
from neutrino_py.tracedir.reader import Process

TORCH_SCOPE = Path(__file__).with_name("torch_scope")
CACHE_FORMAT = "hook-2"      # bump when the .meta text (engine.KernelEntry.reply) changes


MAX_BYTES_CAP = 16 << 30        # --max-bytes default: min(25 % of the free space, this)
MIN_FREE = 1 << 30              # --min-free default
STAGING = 256 << 20             # --staging default: pinned host memory, and map bytes in flight
GRAPH_MAPS = 4 << 30            # --graph-maps default: device memory for the maps of captured twins


def budget(text: str) -> int:
    """argparse type for --max-bytes: a `size` above 0 (the shim reads 0 as no bound at all)."""
    value = size(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{shown(text)} would record no map at all (write e.g. 64M; "
                                         "--launches 1 keeps one launch of each kernel)")
    return value


def staging(text: str) -> int:
    """argparse type for --staging: a `size` above 0, since no map is copied back through a
    ring of 0 bytes (the shim would quietly make it 4M and let one launch's maps wait at a
    time)."""
    value = size(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{shown(text)} leaves no room to copy maps back (write e.g. "
                                         "64M; the default is 256M)")
    return value


def positive(text: str) -> int:
    """argparse type for --launches/--every: 0 launches would instrument nothing."""
    return count(text, least=1)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--probe", required=True, help="the .probe file (or a stock probe's name, e.g. dmat) to splice into every kernel")
    parser.add_argument("-k", "--kernels", metavar="REGEX", type=kernel_regex,
                        help="instrument only kernels whose name, mangled or demangled, matches (searched; others are timed only)")
    parser.add_argument("--tracedir", default="neutrino-trace", help="where run directories go")
    parser.add_argument("--gcn-asm", metavar="DIR", type=Path, action="append", default=[],
                        help="a folder of GCN assembly (clang -S output) the HIP program's code "
                             "objects were built from; it is looked for beside the program too")
    parser.add_argument("--launch-times", choices=("all", "recorded"), default="all",
                        help="time every launch (default), or only the launches whose maps are "
                             "recorded: on a launch-bound program each other launch then costs "
                             "the program a few microseconds less host time (two timing events "
                             "fewer) and is listed untimed")
    parser.add_argument("--no-cache", action="store_true",
                        help="instrument every kernel afresh instead of reusing cached cubins")
    bounds = parser.add_argument_group(
        "bounds (beyond them launches run the original kernel and are counted in the summary; "
        "the program finishes unharmed)")
    bounds.add_argument("--launches", metavar="N", type=positive,
                        help="instrument only the first N selected launches of each kernel")
    bounds.add_argument("--every", metavar="K", type=positive, default=1,
                        help="instrument one launch in K of each kernel (its 1st, K+1st, ...)")
    bounds.add_argument("--max-bytes", metavar="SIZE", type=budget,
                        help="map bytes the whole run may write (default: the smaller of 25%% of "
                             "the free space under --tracedir and 16G)")
    bounds.add_argument("--min-free", metavar="SIZE", type=size, default=MIN_FREE,
                        help="free space on the trace's file system that is never written into "
                             "(default 1G)")
    bounds.add_argument("--staging", metavar="SIZE", type=staging, default=STAGING,
                        help="pinned host memory for copying maps back; it also bounds the map "
                             "bytes waiting on the GPU (default 256M)")
    bounds.add_argument("--graph-maps", metavar="SIZE", type=size, default=GRAPH_MAPS,
                        help="device memory the maps of kernels captured into CUDA graphs may hold "
                             "(each keeps its buffer as long as its graph; past this the original "
                             "kernel is captured; default 4G)")
    bounds.add_argument("--ring-full", choices=("wait", "native"), default="wait",
                        help="when the staging ring is full: wait for the writer (default), or "
                             "run the launch's original kernel and count it")
    parser.add_argument("cmd", nargs=argparse.REMAINDER, help="-- the program and its arguments")


# The code between a kernel's PTX and its instrumented cubin: a change to any of it (a splicer
# fix) must not reuse cubins the old code made.
CUBIN_CODE = ("asm", "probe", "contract", "ops", "targets", "splice", "assemble", "image", "hook/engine",
              "hook/engine_gcn")


@functools.lru_cache(maxsize=1)
def code_key() -> str:
    """Package version + digest of `CUBIN_CODE` (part of every hook cache key)."""
    return f"{__version__}-{paths.source_digest(CUBIN_CODE)[:16]}"


def cache_folder(probe_hash: str, pattern: str | None) -> Path:
    """Cubins and .meta files for this probe, -k pattern, toolchain and `code_key`; image hashes
    name files."""
    key = hashlib.sha256(f"{CACHE_FORMAT}\0{probe_hash}\0{pattern or ''}\0{toolchain.version()}"
                         f"\0{code_key()}".encode())
    return paths.cache_dir(f"hook/{key.hexdigest()[:20]}")


def default_max_bytes(tracedir: Path) -> int:
    """The smaller of 25 % of the free space under `tracedir` and MAX_BYTES_CAP."""
    return min(shutil.disk_usage(tracedir).free // 4, MAX_BYTES_CAP)


def child_env(shims: list[Path], sock: str, cache: Path | None, run_dir: Path | None = None,
              bounds: dict[str, int | str] | None = None) -> dict[str, str]:
    """The traced program's environment. `shims` are preloaded in order: CUDA's first, since it
    overrides dlsym and each shim finds libc's through the ones after it."""
    env = dict(os.environ)
    env["LD_PRELOAD"] = ":".join(p for p in (*map(str, shims), env.get("LD_PRELOAD")) if p)
    names = protocol.ENV
    for name in names.values():                # a parent trace's settings do not leak in
        env.pop(name, None)
    env[names["SOCKET"]] = sock
    if cache is not None:
        env[names["HOOK_CACHE"]] = str(cache)
    if run_dir is not None:
        env[names["RUN"]] = str(Path(run_dir).resolve())
    for key, value in (bounds or {}).items():
        if value is not None:
            env[names[key]] = str(value)
    env.setdefault("CUPY_COMPILE_WITH_PTX", "1")     # CuPy loads PTX, which can be instrumented
    if TORCH_SCOPE.is_dir():
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(TORCH_SCOPE), env.get("PYTHONPATH")) if p)
    return env


def run(args: argparse.Namespace) -> int:
    from neutrino_py import probe as probe_mod

    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        raise ToolError("no program to trace", "put it after --: neutrino trace --probe p.probe -- python x.py")
    _folders(args.gcn_asm)
    _runnable(cmd[0])
    program = probe_mod.load_file(args.probe)
    shims = [build.shim_path(), build_hip.shim_path()]
    cache = None if args.no_cache else cache_folder(program.hash, args.kernels)
    try:
        writer = TraceWriter.start(args.tracedir, command=cmd,
                                   probe={"file": program.file, "text": program.text,
                                          "hash": program.hash},
                                   kernels_pattern=args.kernels)
    except OSError as err:
        raise ToolError(f"cannot create a run directory under --tracedir {args.tracedir}: "
                        f"{err.strerror}", "pass a --tracedir that can be created and written") from None
    max_bytes = args.max_bytes if args.max_bytes is not None else default_max_bytes(writer.dir)
    writer.meta(bounds={"launches": args.launches, "every": args.every, "max_bytes": max_bytes,
                        "min_free": args.min_free, "staging": args.staging,
                        "ring_full": args.ring_full, "graph_maps": args.graph_maps,
                        "launch_times": args.launch_times})
    facts = threading.Thread(target=_learn_facts, args=(writer,), daemon=True)
    facts.start()
    scratch = Path(tempfile.mkdtemp(prefix="neutrino-"))
    engine = Engine(program, args.kernels, gcn_asm=args.gcn_asm)
    server = Server(scratch / "engine.sock", writer, engine, cache, scratch)
    code, interrupted, started, child = 1, False, False, None
    try:
        server.start()
        bounds = {"LAUNCHES": args.launches, "EVERY": args.every, "MAX_BYTES": max_bytes,
                  "MIN_FREE": args.min_free, "STAGING": args.staging, "RING_FULL": args.ring_full,
                  "GRAPH_MAPS": args.graph_maps, "LAUNCH_TIMES": args.launch_times}
        child = subprocess.Popen(cmd, env=child_env(shims, server.path, cache, writer.dir, bounds))
        started = True
        # after the program is on its way, so the warm-up does not delay its start
        threading.Thread(target=engine.warm_up, name="neutrino-warm-up", daemon=True).start()
        try:
            code = child.wait()
        except KeyboardInterrupt:
            interrupted = True
            child.send_signal(signal.SIGINT)
            code = child.wait()
        server.wait_idle()
    except OSError as err:                       # found, but exec failed (format, permission)
        writer.warn(f"program did not start: {cmd[0]}: {err.strerror}")
        raise ToolError(f"cannot run {cmd[0]}: {err.strerror}", "check the command after --") from None
    finally:
        server.stop()
        facts.join(30)
        writer.meta(processes=processes(server, child.pid if child else None, code))
        summary = {**server.summary(), "instrument_s": round(engine.instrument_s, 3),
                   "splice_s": round(engine.splice_s, 3), "assemble_s": round(engine.assemble_s, 3),
                   **request_times(server, engine), "exit_code": code, "interrupted": interrupted}
        trace = writer.close(summary)
        shutil.rmtree(scratch, ignore_errors=True)
        if not started:                  # nothing ran: leave no run to be taken as the newest
            shutil.rmtree(writer.dir, ignore_errors=True)
    print(format_summary(trace, writer.dir), file=sys.stderr)
    return 128 - code if code < 0 else code          # killed by a signal: the shell's convention


def _folders(gcn_asm: list[Path]) -> None:
    """Refuse a --gcn-asm that is no folder before anything runs: the engine only lists
    folders, so a file or a typo there would leave every HIP kernel uninstrumented, unsaid."""
    for folder in gcn_asm:
        try:
            why = (None if folder.is_dir() else
                   "is a file, not a folder" if folder.exists() else "does not exist")
        except OSError as err:                        # a name too long, say
            why = f"cannot be looked up: {err.strerror}"
        if why:
            raise ToolError(f"--gcn-asm {folder} {why}",
                            "give the folder holding the GCN assembly (clang -S output)")


def _runnable(name: str) -> None:
    """Refuse a program that cannot start (missing, a folder, not executable) before a run
    directory exists for it."""
    if not name.strip():
        raise ToolError(f"cannot run {name!r}: an empty program name", "check the command after --")
    path = shutil.which(name)
    if path is None:
        why = ("a directory" if os.path.isdir(name) else "not executable" if os.path.exists(name)
               else "not found")
        raise ToolError(f"cannot run {name}: {why}", "check the command after --")


def _learn_facts(writer: TraceWriter) -> None:
    """Device, driver and toolchain while the program starts (the engine warms up meanwhile on
    its own thread). nvidia-smi and each tool's `--version` are subprocesses, run side by side:
    a short program's run ends by waiting for them."""
    gpu: dict = {}
    versions = [threading.Thread(target=toolchain.tool_version, args=(name,), daemon=True)
                for name in ("ptxas", "nvdisasm", "cuobjdump", "nvcc")]
    versions.append(threading.Thread(target=lambda: gpu.update(doctor.gpu_info()), daemon=True))
    for t in versions:
        t.start()
    for t in versions:
        t.join()
    writer.meta(device={k: v for k, v in gpu.items() if k != "driver"}, driver=gpu.get("driver"),
                toolchain=toolchain.info())


def request_times(server: Server, engine: Engine) -> dict:
    """Where the instrument requests' time went (summary `instrument_phases_s`): receiving them,
    the engine's `PHASES`, writing the cache, and `other` (the rest: waiting for the warm-up,
    hashing, map sizes, replying)."""
    phases = {"receive": server.receive_s, **{p: engine.phases[p] for p in PHASES},
              "cache_write": server.cache_write_s}
    phases["other"] = max(0.0, server.request_s - sum(phases.values()))
    return {"instrument_requests": server.requests,
            "instrument_requests_shared": server.shared_requests,
            "instrument_requests_s": round(server.request_s, 3),
            "instrument_phases_s": {k: round(v, 3) for k, v in phases.items()},
            "warm_up_s": round(engine.warm_up_s, 3)}


def processes(server: Server, top: int | None, code: int) -> list[dict]:
    """The traced processes (trace.json `processes`); the program's own exit code is known here
    even where its shim could not tell (an exit through atexit)."""
    out = server.processes()
    for p in out:
        if p["pid"] == top and p["exit_code"] is None and p["state"] != "running":
            p["exit_code"] = code
    return out


def lane_values(names: dict[str, int]) -> set[str]:
    """The companion maps among a summary's map names (`<map>__<field>` of a map also named):
    they count lane values, not records, and their `dropped` also counts the lanes of records
    their map dropped (contracts §4 "Lost lanes")."""
    return {n for n in names if any(n[:i] in names for i in range(1, len(n))
                                    if n.startswith("__", i))}


def format_summary(trace: dict, run_dir: Path) -> str:
    s = trace["summary"]
    twins = Counter(s.get("kernels_instrumented", []))
    lines = [f"neutrino: trace written to {run_dir}",
             f"  launches: {s.get('launches', 0)} ({s.get('instrumented_launches', 0)} instrumented"
             + (f"; {s['graph_replays']} were replays of CUDA graphs, untimed" if s.get("graph_replays") else "")
             + ")",
             f"  kernels instrumented: {len(twins)}"
             + (f" ({sum(twins.values())} instrumented copies: one per process or device that "
                "loaded it)" if sum(twins.values()) > len(twins) else "")]
    lines += [f"    {short(name, 100)}" + (f" (x{n})" if n > 1 else "") for name, n in sorted(twins.items())[:20]]
    caps = s.get("register_caps", {})
    if caps:
        lines.append("  register caps (.maxnreg where the probe's registers cost warps per SM; "
                     "NEUTRINO_REGISTER_CAPS=0 turns them off): "
                     + ", ".join(f"{short(name, 60)} {cap}" for name, cap in sorted(caps.items())[:20]))
    skipped = s.get("kernels_skipped", {})
    lines.append(f"  kernels not instrumented (timed only): {len(skipped)}")
    lines += [f"    {group}" for group in layout.by_reason((short(n, 60), r) for n, r in skipped.items())]
    for fallback, n in s.get("fallbacks", {}).items():
        lines.append(f"  fallback to the original kernel: {n} launch(es): {fallback}")
    records = s.get("records", {})
    dropped = s.get("dropped", {})
    values = lane_values(records)
    lines.append("  records: " + (", ".join(f"{k} {v}" for k, v in records.items()
                                            if k not in values) or "none")
                 + "; dropped: " + (", ".join(f"{k} {v}" for k, v in dropped.items()
                                             if v and k not in values) or "none"))
    if values:
        lost = ", ".join(f"{k} {dropped[k]}" for k in sorted(values) if dropped.get(k))
        lines.append("  lane values (companion maps of `lanes` fields, slots): "
                     + ", ".join(f"{k} {records[k]}" for k in sorted(values))
                     + (f"; did not fit: {lost} (lanes of kept and of dropped records alike: "
                        "`neutrino report -t dmat` counts the kept records' lost lanes)"
                        if lost else ""))
    for kernel, row in s.get("bytes_per_launch", {}).items():
        maps = ", ".join(f"{m} {format_bytes(n)}" for m, n in row["maps"].items())
        lines.append(f"  bytes per launch of {short(kernel, 60)} (grid {'x'.join(map(str, row['grid']))}, "
                     f"block {'x'.join(map(str, row['block']))}): {maps}")
    rec = s.get("recording", {})
    if rec:
        cap = f" of --max-bytes {format_bytes(rec['max_bytes'])}" if rec.get("max_bytes") else ""
        silent = rec.get("counted_from_launches")
        unreported = (f" ({silent} process(es) ended without reporting: counted from their launches)"
                      if silent else "")
        lines.append(f"  map bytes written: {format_bytes(rec.get('bytes_written', 0))}{cap}{unreported}")
        if rec.get("stopped"):
            lines.append(f"  recording stopped: {rec['stopped']}; later launches ran the original "
                         "kernel (counted above)")
    for why, n in s.get("not_recorded", {}).items():
        lines.append(f"  maps not kept: {n} launch(es): {why}")
    ring = s.get("ring", {})
    if ring.get("bytes"):
        lines.append(f"  staging ring {format_bytes(ring['bytes'])} (when full: {ring['when_full']}): "
                     f"waited {ring['waits']} time(s) for {ring['wait_s']:.3f} s, "
                     f"{ring['ran_native']} launch(es) ran the original kernel")
    lines.append(f"  time instrumenting: {s.get('instrument_s', 0):.2f} s (parsing and splicing "
                 f"{s.get('splice_s', 0):.2f} s, assembling {s.get('assemble_s', 0):.2f} s)")
    if s.get("instrument_requests"):
        phases = ", ".join(f"{k.replace('_', ' ')} {v:.2f}" for k, v in s["instrument_phases_s"].items())
        shared = s.get("instrument_requests_shared")
        lines.append(f"    {s['instrument_requests']} requests"
                     + (f" ({shared} answered with another process's result)" if shared else "")
                     + f", {s['instrument_requests_s']:.2f} s: "
                     f"{phases}; warm-up {s.get('warm_up_s', 0):.2f} s while the program started")
    procs = [Process.of(p) for p in trace.get("processes") or []]
    if len(procs) > 1 or any(p.rank is not None for p in procs):
        lines.append(f"  processes: {len(procs)}")
        lines += [f"    {p.describe()}" for p in procs]
    for err in s.get("server_errors", [])[:5]:
        lines.append(f"  engine error: {err}")
    if not s.get("launches"):
        lines.append("  warning: the program launched no GPU kernel that the shim saw; "
                     "`neutrino doctor` checks the driver, the GPU and the shim")
    return "\n".join(lines)

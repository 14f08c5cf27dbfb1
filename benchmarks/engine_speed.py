"""The engine server's own time per instrument request next to the assembler's, and the start-up
of `neutrino trace`: what a cold `neutrino trace` run spends besides nvJitLink/ptxas.

Per corpus Triton module (tests/corpus/triton, like Inductor's kernels) and probe, a client sends
the engine server the request the shim sends on a kernel's first launch (over its Unix socket,
the PTX image as payload) and times the round trip: receive, find the PTX, parse, splice, print,
assemble (nvJitLink), write the cache, reply. `engine_s` is that round trip less nvJitLink's time;
`ptxas_s` is ptxas on the same instrumented PTX, run after it. Each probe starts from an empty
cache (NEUTRINO_CACHE), as a cold run does; the one-time warm-up (`Engine.warm_up`: PTX parser,
probe templates, nvJitLink), which `neutrino trace` runs while the program starts, is reported
apart. A SASS-only fatbin of many kernels (libtorch-like; built with nvcc when it is there) gives
the cost of a request the engine must refuse. Start-up: wall time of `neutrino trace -- /bin/true`
with warm caches, next to `python -c pass`.

One run, side by side, on this machine's CPU. Writes benchmarks/results/engine_speed-cpu.json.
Goal (issue 6): engine_s well under the assembler's time (cold runs dominated by nvJitLink/ptxas).

    python benchmarks/engine_speed.py [--probes block_sched,dmat] [--pure-lark] [--out PATH]
"""
from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if "--pure-lark" in sys.argv:          # as on machines without lark-cython (the GPU machine)
    sys.modules["lark_cython"] = None  # type: ignore[assignment]

from benchmarks.common import RESULTS, platform_info, ptxas_seconds, write_results  # noqa: E402
from neutrino_py import probe, toolchain  # noqa: E402
from neutrino_py.asm import parse_ptx  # noqa: E402
from neutrino_py.asm import grammar as ptx_grammar  # noqa: E402
from neutrino_py.hook import protocol  # noqa: E402
from neutrino_py.hook.engine import Engine  # noqa: E402
from neutrino_py.hook.server import Server  # noqa: E402
from neutrino_py.probe.ast import ProbeProgram  # noqa: E402
from neutrino_py.tracedir import TraceWriter  # noqa: E402

CORPUS = ROOT / "tests" / "corpus" / "triton"
OURS = ("receive", "image", "parse", "splice", "print", "cache_write")
SASS_KERNELS = 200


class Client:
    """The shim's side of the protocol: one connection, `instrument` requests."""

    def __init__(self, path: str) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.reader = self.sock.makefile("rb")
        self.sent: set[str] = set()

    def instrument(self, image: bytes, kernel: str, arch: int, meta: Path) -> protocol.Message:
        digest = f"{hash(image) & (1 << 64) - 1:016x}"
        header = (f"instrument\nkernel {kernel}\nimage {digest}\nsize {len(image)}\narch {arch}\n"
                  f"meta {meta}\npid {os.getpid()}\norigin -\n")
        protocol.send_message(self.sock, header, b"" if digest in self.sent else image)
        self.sent.add(digest)
        reply = protocol.read_message(self.reader)
        if reply is None:
            raise SystemExit("the engine server closed the connection")
        return reply

    def close(self) -> None:
        self.sock.close()


def sass_only_fatbin(work: Path) -> tuple[bytes, list[str]] | None:
    """A fatbin of SASS_KERNELS kernels for sm_80 and sm_90, compressed, no PTX (like libtorch)."""
    nvcc = toolchain.find_tool("nvcc")
    if nvcc is None:
        return None
    src = work / "many.cu"
    src.write_text("template <int N> __global__ void k(float *a) { a[threadIdx.x] += N; }\n"
                   + "".join(f"template __global__ void k<{i}>(float *);\n" for i in range(SASS_KERNELS)))
    out = work / "many.fatbin"
    subprocess.run([str(nvcc), "-fatbin", "-Xfatbin", "-compress-all", "-gencode", "arch=compute_80,code=sm_80",
                    "-gencode", "arch=compute_90,code=sm_90", "-o", str(out), str(src)], check=True)
    from neutrino_py import image
    data = out.read_bytes()
    return data, sorted(image.load(data).kernels())


class Run:
    """A server with a fresh engine and cache for one probe, and a client connected to it."""

    def __init__(self, work: Path, program: ProbeProgram) -> None:
        os.environ["NEUTRINO_CACHE"] = str(work / "neutrino-cache")
        self.cache = work / "hook-cache"
        self.cache.mkdir(parents=True)
        self.engine = Engine(program, cache_dirs=lambda: [])
        self.writer = TraceWriter.start(work / "trace", command=["engine_speed"])
        self.server = Server(work / "engine.sock", self.writer, self.engine, self.cache, work).start()
        self.client = Client(self.server.path)

    def request(self, image: bytes, kernel: str, arch: int) -> tuple[float, dict[str, float], protocol.Message]:
        """(round-trip seconds, seconds per phase, reply) of one request."""
        before = {**self.engine.phases, "receive": self.server.receive_s,
                  "cache_write": self.server.cache_write_s}
        start = time.perf_counter()
        reply = self.client.instrument(image, kernel, arch, self.cache / f"{kernel}.meta")
        wall = time.perf_counter() - start
        after = {**self.engine.phases, "receive": self.server.receive_s,
                 "cache_write": self.server.cache_write_s}
        return wall, {k: after[k] - before[k] for k in after}, reply

    def close(self) -> None:
        self.client.close()
        self.server.wait_idle()
        self.server.stop()
        self.writer.close({})


def startup(work: Path, runs: int = 5) -> dict:
    """Median wall seconds of `neutrino trace -- /bin/true` (warm caches) and of bare Python."""
    env = {**os.environ, "NEUTRINO_CACHE": str(work / "startup-cache")}
    trace = [sys.executable, "-m", "neutrino_py", "trace", "--probe", str(ROOT / "probes" / "block_sched.probe"),
             "--tracedir", str(work / "startup-trace"), "--", "/bin/true"]

    def median(cmd: list[str]) -> float:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(cmd, env=env, cwd=ROOT, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    subprocess.run(trace, env=env, cwd=ROOT, check=True, capture_output=True)   # fills the caches
    return {"runs": runs, "neutrino_trace_true_s": median(trace),
            "neutrino_trace_help_s": median([sys.executable, "-m", "neutrino_py", "trace", "--help"]),
            "python_bare_s": median([sys.executable, "-c", "pass"])}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--probes", default="block_sched,dmat", help="comma-separated stock probe names")
    ap.add_argument("--pure-lark", action="store_true", help="parse without lark-cython")
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    out_path = Path(args.out) if args.out else RESULTS / (
        "engine_speed-cpu-pure-lark.json" if args.pure_lark else "engine_speed-cpu.json")
    ptxas = toolchain.tool_path("ptxas")
    rows, warm_ups, sass_rows = [], {}, []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        sass = sass_only_fatbin(work)
        print(f"{'module':34} {'probe':12} {'engine ms':>9} {'nvJitLink ms':>12} {'ptxas ms':>9} "
              f"{'/nvJitLink':>10} {'/ptxas':>7}")
        for name in args.probes.split(","):
            program = probe.load_file(ROOT / "probes" / f"{name}.probe")
            run = Run(work / name, program)
            start = time.perf_counter()
            run.engine.warm_up()
            warm_ups[name] = time.perf_counter() - start
            try:
                for path in sorted(CORPUS.glob("*.ptx")):
                    text = path.read_text()
                    module = parse_ptx(text, cache=False)    # untimed; kept out of the engine's cache
                    kernel, arch = next(module.kernels()).name, int(module.arch[3:].rstrip("af"))
                    wall, phases, reply = run.request(text.encode() + b"\0", kernel, arch)
                    if reply.verb != "ok":
                        raise SystemExit(f"{path.name}: {reply.verb}")
                    instrumented = run.server.kernels[reply.fields["key"]].instrumented_ptx
                    target = parse_ptx(instrumented, cache=False).arch
                    assembled = ptxas_seconds(ptxas, instrumented, target)[0]
                    engine_s = wall - phases["assemble"]
                    row = {"module": path.name, "probe": name, "target": target, "ptx_bytes": len(text),
                           "request_s": wall, "engine_s": engine_s, "nvjitlink_s": phases["assemble"],
                           "ptxas_s": assembled, "ratio_nvjitlink": engine_s / phases["assemble"],
                           "ratio_ptxas": engine_s / assembled,
                           "phases_s": {k: phases[k] for k in OURS}}
                    row["phases_s"]["other"] = engine_s - sum(row["phases_s"].values())
                    rows.append(row)
                    print(f"{path.name:34} {name:12} {engine_s * 1e3:9.1f} {phases['assemble'] * 1e3:12.1f} "
                          f"{assembled * 1e3:9.1f} {row['ratio_nvjitlink']:10.2f} {row['ratio_ptxas']:7.2f}")
                if sass is not None and not sass_rows:
                    data, kernels = sass
                    times = [run.request(data, k, 90)[0] for k in kernels]
                    sass_rows.append({"image_bytes": len(data), "kernels": len(kernels),
                                      "first_request_s": times[0],
                                      "median_request_s": statistics.median(times[1:]),
                                      "total_s": sum(times)})
            finally:
                run.close()
        start_up = startup(work)
    total = {k: sum(r[k] for r in rows) for k in ("engine_s", "nvjitlink_s", "ptxas_s")}
    phases = {k: sum(r["phases_s"][k] for r in rows) for k in (*OURS, "other")}
    summary = {"rows": len(rows), **total,
               "ratio_nvjitlink": total["engine_s"] / total["nvjitlink_s"],
               "ratio_ptxas": total["engine_s"] / total["ptxas_s"],
               "median_ratio_nvjitlink": statistics.median(r["ratio_nvjitlink"] for r in rows),
               "max_ratio_nvjitlink": max(r["ratio_nvjitlink"] for r in rows),
               "engine_phases_s": phases, "warm_up_s": warm_ups}
    report = {"device": "cpu",
              "machine": platform_info(),
              "lark_backend": "lark" if ptx_grammar.lark_cython is None else "lark-cython",
              "ptxas_version": toolchain.tool_version("ptxas"), "nvjitlink_version": toolchain.nvjitlink_version(),
              "summary": summary, "sass_only_fatbin": sass_rows[0] if sass_rows else None,
              "startup": start_up, "rows": rows}
    write_results(out_path, report)
    print(f"\nengine {total['engine_s']:.3f} s vs nvJitLink {total['nvjitlink_s']:.3f} s "
          f"({summary['ratio_nvjitlink']:.2f}x) and ptxas {total['ptxas_s']:.3f} s ({summary['ratio_ptxas']:.2f}x); "
          "engine phases: " + ", ".join(f"{k} {v * 1e3:.0f} ms" for k, v in phases.items()))
    print("warm-up (off the request path in neutrino trace): "
          + ", ".join(f"{k} {v:.2f} s" for k, v in warm_ups.items()) + f"; parser: {report['lark_backend']}")
    if sass_rows:
        s = sass_rows[0]
        print(f"SASS-only fatbin, {s['kernels']} kernels, {s['image_bytes']} bytes: first request "
              f"{s['first_request_s'] * 1e3:.1f} ms, then {s['median_request_s'] * 1e3:.2f} ms each")
    print(f"start-up: neutrino trace -- /bin/true {start_up['neutrino_trace_true_s']:.2f} s, "
          f"neutrino trace --help {start_up['neutrino_trace_help_s']:.2f} s, "
          f"python -c pass {start_up['python_bare_s']:.2f} s (medians of {start_up['runs']})")
    print(f"wrote {out_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

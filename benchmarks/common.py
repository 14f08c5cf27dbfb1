"""What every benchmark here shares: the machine it ran on, ptxas timed as a child process, and
where and how results are written (benchmarks/results/*.json)."""
from __future__ import annotations

import json
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator

RESULTS = Path(__file__).resolve().parent / "results"
L2_FLUSH = 256 << 20          # bytes zeroed before each timed launch: every side starts from one L2


def cpu_name() -> str:
    """The CPU's model name (/proc/cpuinfo), else what `platform` knows."""
    with open("/proc/cpuinfo") as f:
        return next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")),
                    platform.processor())


def platform_info() -> dict:
    return {"platform": platform.platform(), "processor": platform.processor() or platform.machine(),
            "cpus": os.cpu_count(), "python": platform.python_version()}


def tool_origin(path: Path | str) -> str:
    """Where a tool came from, without this machine's directories (a results file is read on
    other machines): its path from the `site-packages` a PyPI wheel put it in, else its name."""
    parts = Path(path).parts
    if "site-packages" in parts:
        return "/".join(parts[parts.index("site-packages"):])
    return Path(path).name


def checkout_commit(folder: Path) -> str:
    """The commit a checkout (a baseline worktree) holds, short, instead of its folder."""
    out = subprocess.run(["git", "-C", str(folder), "rev-parse", "--short", "HEAD"],
                         capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def device_slug(name: str) -> str:
    """A device name as a results file suffix: "NVIDIA H100 80GB HBM3" -> nvidia-h100-80gb-hbm3."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def ptxas_seconds(ptxas: Path, text: str, arch: str) -> tuple[float, float]:
    """(wall, CPU) seconds of one ptxas run on `text`."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.ptx"
        src.write_text(text)
        start, cpu = time.perf_counter(), children_cpu()
        proc = subprocess.run([str(ptxas), f"-arch={arch}", str(src), "-o", str(Path(tmp) / "o")],
                              capture_output=True, text=True)
        elapsed, cpu = time.perf_counter() - start, children_cpu() - cpu
    if proc.returncode:
        raise SystemExit(f"ptxas failed: {proc.stderr}")
    return elapsed, cpu


def write_results(path: Path, data: dict) -> Path:
    """`data` as indented JSON at `path` (its folder made if missing)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n")
    return path


def interleaved(sides: dict[str, tuple[Any, dict]], launch: dict, ready: Callable[..., None],
                rounds: int, rotate: bool = False) -> dict[str, list[float]]:
    """Kernel times (ms, CUDA events) of each side `name -> (launchable, extra launch
    arguments)`, warmed up once, then run side after side for `rounds` rounds, every other round
    in reverse order (with `rotate`, each round also starting one side later), so that no side
    always goes first. `ready` runs right before every timed kernel (an L2 flush)."""
    names = list(sides)
    times: dict[str, list[float]] = {name: [] for name in names}
    for launchable, extra in sides.values():
        launchable.launch(**launch, **extra)
    for r in range(rounds):
        k = r % len(names) if rotate else 0
        order = names[k:] + names[:k]
        for name in order[::-1] if r % 2 else order:
            launchable, extra = sides[name]
            times[name].append(launchable.launch(**launch, **extra, ready=ready).elapsed_ms)
    return times


def beside(rec: dict, ready: Callable[..., None], rounds: int,
           build: Callable[[dict], dict[str, tuple[Any, dict]]]) -> dict[str, list[float]]:
    """`interleaved` times (rotated rounds) of the sides ``build(launch)`` makes for one launch
    recipe's synthetic inputs (`build` may launch them first); the inputs are freed whatever
    happens."""
    from neutrino_py.runtime.synthetic import prepare

    prep = prepare(rec)
    launch = dict(grid=rec["grid"], block=rec["block"], args=prep.args, shared_mem=rec["shared_mem"])
    try:
        return interleaved(build(launch), launch, ready, rounds, rotate=True)
    finally:
        prep.free()


def ratios(times: dict[str, list[float]]) -> Iterator[tuple[str, float, float, list[float]]]:
    """(side, median ms, ratio to the "native" side's median, every time) of each side."""
    native = statistics.median(times["native"])
    for side, ms_all in times.items():
        ms = statistics.median(ms_all)
        yield side, ms, ms / native, ms_all


def on_device(name: str, out: str | None) -> tuple[Any, Any, Path]:
    """The GPU, a buffer of `L2_FLUSH` bytes whose zeroing flushes L2 before a timed launch, and
    where benchmark `name` writes: `out`, else results/<name>-<device>.json."""
    from neutrino_py.runtime import Buffer, device

    dev = device()
    return dev, Buffer(L2_FLUSH), Path(out) if out else RESULTS / f"{name}-{device_slug(dev.name)}.json"


def instrumented_with(kernel: Any, probe: Any, module: Any, name: str, value: Any) -> Any:
    """`kernel` instrumented with `probe`, and its text for the GPU chosen, while `module.name`
    (a module-level setting of the splicer or the assembler, such as
    `contract.manifest.MAX_SHARDS`) is `value`: one side of a benchmark that varies a setting no
    probe spells."""
    from neutrino_py.api import InstrumentedKernel
    from neutrino_py.asm import parse_ptx
    from neutrino_py.splice import instrument

    kept = getattr(module, name)
    setattr(module, name, value)
    try:
        result = instrument(parse_ptx(kernel.ptx, cache=False), probe.program,
                            kernels=f"^{kernel.name}$")
        inst = InstrumentedKernel(kernel, probe, result.module.to_text(), result.manifests[kernel.name])
        inst._assembled                  # the register cap too (assemble.registers) is chosen now
    finally:
        setattr(module, name, kept)
    return inst


def instrumented_by(checkout: Path, ptx: str, kernel: str, probe_text: str) -> tuple[str, dict]:
    """The instrumented PTX and manifest (JSON) that `neutrino instrument` of a checkout (a
    baseline commit's, or this tree's) writes for `kernel` of `ptx`, run in a child process from
    that folder with its own cache, so that two builds share nothing but the input; assembled
    as that command writes it (with its register caps)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "in.ptx").write_text(ptx)
        (folder / "p.probe").write_text(probe_text)
        path = os.pathsep.join(filter(None, [str(checkout.resolve()), os.environ.get("PYTHONPATH")]))
        env = {**os.environ, "PYTHONPATH": path, "NEUTRINO_CACHE": str(folder / "cache")}
        done = subprocess.run(
            [sys.executable, "-m", "neutrino_py", "instrument", "--probe", str(folder / "p.probe"),
             "-k", f"^{re.escape(kernel)}$", str(folder / "in.ptx"),
             "-o", str(folder / "out.ptx")], cwd=checkout, env=env, capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"{checkout} could not instrument {kernel}:\n{done.stderr}")
        manifests = json.loads((folder / "out.manifest.json").read_text())
        return (folder / "out.ptx").read_text(), manifests[kernel]


def built_by(checkout: Path, kernel: Any, probe: Any) -> Any:
    """`kernel` instrumented with `probe` (its text) by another checkout (`instrumented_by`)."""
    from neutrino_py.api import InstrumentedKernel
    from neutrino_py.contract.manifest import Manifest

    ptx, manifest = instrumented_by(checkout, kernel.ptx, kernel.name, probe.text)
    inst = InstrumentedKernel(kernel, probe, ptx, Manifest.from_json(manifest))
    inst._assembled = (inst.ptx, None)   # as that checkout wrote it (with its register caps)
    return inst


def beside_baseline(label: str, kind: str, kernel: Any, rec: dict, probe: Any,
                    checkouts: list[Path], ready: Callable[..., None], rounds: int) -> list[dict]:
    """`setting_sweep`'s rows for a side built by each of `checkouts` (`built_by`), named after
    its folder, and "this tree"."""
    from neutrino_py.api import InstrumentedKernel

    built = {c.resolve().name: built_by(c, kernel, probe) for c in checkouts}
    return sweep(label, kind, kernel, rec, {**built, "this tree": InstrumentedKernel.build(kernel, probe)},
                 ready, rounds, {})


def setting_sweep(label: str, kind: str, kernel: Any, rec: dict, probe: Any, module: Any,
                  name: str, sides: dict[str, Any], ready: Callable[..., None], rounds: int,
                  describe: Callable[[Any], dict] = lambda inst: {}) -> list[dict]:
    """Rows of one kernel (an nt.Kernel and its launch recipe) run natively and with `probe`
    built for each side (`sides`: side name -> value of `module.name`, `instrumented_with`),
    all sides `beside` each other. Each instrumented side's records are read back once and
    counted (`records`); `describe(instrumented kernel)` adds fields to its row."""
    built = {side: instrumented_with(kernel, probe, module, name, value)
             for side, value in sides.items()}
    return sweep(label, kind, kernel, rec, built, ready, rounds, {name: sides}, describe)


def sweep(label: str, kind: str, kernel: Any, rec: dict, built: dict[str, Any],
          ready: Callable[..., None], rounds: int, values: dict[str, dict[str, Any]],
          describe: Callable[[Any], dict] = lambda inst: {}) -> list[dict]:
    """Rows of `kernel` run natively and as each side of `built` (side -> instrumented kernel),
    `beside` each other; `values`: field -> the value each side gives it in its row."""
    records: dict[str, int] = {}
    dropped: dict[str, int] = {}

    def build(launch: dict) -> dict:
        for side, inst in built.items():
            run = inst.launch(**launch)
            records[side] = sum(len(a) for a in run.maps.values())
            dropped[side] = sum(run.dropped.values())
        return {"native": (kernel, {}),
                **{side: (inst, {"read_maps": False}) for side, inst in built.items()}}
    rows = []
    for side, ms, ratio, ms_all in ratios(beside(rec, ready, rounds, build)):
        inst = built.get(side)
        rows.append({"kernel": label, "kind": kind, "side": side,
                     **{field: by_side.get(side) for field, by_side in values.items()},
                     **(describe(inst) if inst else {}), "records": records.get(side),
                     "dropped": dropped.get(side), "median_ms": ms, "ratio": ratio,
                     "ms_all": ms_all})
        print(f"{label:16} {side:10} {ms:8.4f} ms {ratio:7.3f}x"
              + (f"  {records[side]} records, {dropped[side]} dropped" if side in records else ""),
              flush=True)
    return rows

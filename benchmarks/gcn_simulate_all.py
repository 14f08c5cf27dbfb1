"""Every kernel of the GCN corpus x every stock probe x processor on the wave simulator
(tests/gcn_wave.py, CPU only): exact maps and unchanged outputs, with a launch derived from the
kernel's metadata (issue #17, item 2), and for the few kernels metadata cannot launch (a function
pointer, a buffer resource or a pointer table as an argument, a lock, a block shape) a recipe of
data in `RECIPES`.

The launch (`derive_launch`): 2 workgroups of 64 lanes (fewer where `.max_flat_workgroup_size`
says so); each `global_buffer` argument gets its own 64 KiB buffer of deterministic
pseudo-random 32-bit words in [0, 32) (seeded by module, kernel and argument index): small
enough to be in-range indices, trip counts and shifts wherever a kernel reads them as such;
by-value arguments get 16 in every 8-byte word (4-byte when their size is not a multiple of 8;
1- and 2-byte ones 3); every workgroup gets 4 KiB of dynamic LDS after the kernel's fixed LDS
(`hidden_dynamic_lds_size` says so). The waves of a launch run round-robin. The original runs
first with a step limit (instructions issued over all waves); each instrumented version runs
with a limit scaled from the original's count.

Per kernel x probe x processor the outcome is one of
  exact                  maps equal the trace-derived oracles of tests/test_gcn_simulated.py
                         and the kernel's own instruction stream and buffers are unchanged
  outputs-changed        the instrumented kernel issued other instructions/addresses or left
                         other bytes in its buffers (a bug in the instrumentation)
  map-mismatch           a map differs from its oracle (a bug, or in the oracle)
  instrumented-crash     the instrumented run failed where the original did not (a bug)
  unknown-instruction    the simulator does not implement an instruction (`which` names it)
  step-limit             the original (or instrumented) run exceeded its step limit
  not-launchable         the derived launch does not run the original (`why`: an access outside
                         every buffer, LDS, scratch, ...) or the splicer refused the kernel

Writes benchmarks/results/gcn_simulate_all-cpu.json (per kernel outcomes, totals, unknown
instructions) and prints the totals.

    python benchmarks/gcn_simulate_all.py [--jobs 2] [--modules REGEX] [--probes REGEX]
        [--targets gfx90a,gfx942] [--sample N --seed S] [--deadline SECONDS] [--out PATH]
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import numpy as np  # noqa: E402

from benchmarks.common import RESULTS, cpu_name, platform_info, write_results  # noqa: E402
from neutrino_py.asm.gcn_parse import parse_gcn  # noqa: E402
from neutrino_py.errors import SourceError  # noqa: E402
from neutrino_py.paths import probes_dir  # noqa: E402
from neutrino_py.probe import load_file  # noqa: E402
from gcn_wave import QUANTUM  # noqa: E402

CORPUS = ROOT / "tests" / "corpus_gcn"
TARGETS = ("gfx90a", "gfx942")
PROBES = sorted(p.stem for p in probes_dir().glob("*.probe"))
BUFFER_BYTES = 64 * 1024
WORD_MAX = 32
SCALAR = 16
ORIGINAL_STEPS = 200_000
GRID, LANES_PER_GROUP = (2, 1, 1), 64
DYNAMIC_LDS = 4096                 # bytes of dynamic LDS per workgroup (`extern __shared__` arrays)


def _seed(*parts) -> int:
    return int.from_bytes(hashlib.sha256("/".join(map(str, parts)).encode()).digest()[:8], "little")


# Launches the metadata cannot give, by "module:kernel": a block shape, and arguments (by
# explicit-argument index) that replace the derived ones. Each runs and is checked like any other.
#   ("zeros",)            a buffer of zeros (a ticket lock's next ticket and turn start equal)
#   ("code", symbol)      a function pointer: the address of `symbol` in the code object run
#   ("resource", stride)  a buffer resource (V#) over a buffer of derived words
#   ("pointers", n)       a buffer of the addresses of n buffers of derived words
#   ("value", v)          the by-value integer v
RECIPES: dict[str, dict] = {
    # a lock across workgroups: random words would give a ticket its turn never reaches
    "atomics:ticket_lock": {"args": {0: ("zeros",), 1: ("zeros",)}},
    # `call float %fn(float, float)` through a kernel argument
    "ir_calls:ir_call_pointer": {"args": {1: ("code", "ir_helper")}},
    # raw and struct (a v4f32 by index: stride 16) loads, a store and an atomic through a V#
    "ir_memory:ir_buffer": {"args": {0: ("resource", 16)}},
    # out[i] = ptrs[i & 3][i]
    "kernarg:pointer_array_arg": {"args": {0: ("pointers", 4)}},
    # a tile[32][33] indexed by threadIdx.x, .y + 24: 32 x 8 threads; rows of n = 64 floats so
    # that the two workgroups' writes do not overlap
    "matrix:transpose_lds": {"block": (32, 8, 1), "args": {2: ("value", 64)}},
}


def _words(*seed) -> bytes:
    """A buffer of the derived words, seeded by `seed` (module, kernel, argument index, ...)."""
    rng = np.random.default_rng(_seed(*seed))
    return rng.integers(0, WORD_MAX, BUFFER_BYTES // 4, dtype=np.uint32).tobytes()


def _recipe_arg(recipe: tuple, module: str, kernel: str, n: int) -> object:
    """Argument `n` as its `RECIPES` entry describes it (bytes, an integer, or an argument kind
    that tests/test_gcn_simulated.py allocates when it launches)."""
    from test_gcn_simulated import CodeAddress, Pointers, Resource

    what, *rest = recipe
    if what == "zeros":
        return bytes(BUFFER_BYTES)
    if what == "code":
        return CodeAddress(rest[0])
    if what == "value":
        return rest[0]
    if what == "resource":
        return Resource(_words(module, kernel, n), rest[0])
    return Pointers(tuple(_words(module, kernel, n, k) for k in range(rest[0])))


def derive_launch(meta: dict, module: str, kernel: str) -> tuple[tuple, tuple, list]:
    """(grid, block, explicit args) for a kernel from its `.amdgpu_metadata` entry, with its
    `RECIPES` entry applied."""
    recipe = RECIPES.get(f"{module}:{kernel}", {})
    lanes = min(LANES_PER_GROUP, int(meta.get(".max_flat_workgroup_size", LANES_PER_GROUP)))
    args = []
    explicit = [a for a in meta[".args"] if not a[".value_kind"].startswith("hidden_")]
    for n, a in enumerate(explicit):
        kind, size = a[".value_kind"], a[".size"]
        if n in recipe.get("args", {}):
            args.append(_recipe_arg(recipe["args"][n], module, kernel, n))
        elif kind == "global_buffer":
            args.append(_words(module, kernel, n))
        elif kind == "by_value":
            # SCALAR in every 8-byte (64-bit integers: sizes, strides, bounds) or 4-byte word, 3
            # in a smaller argument
            step = 8 if size % 8 == 0 else 4 if size >= 4 else size
            word = (SCALAR if size >= 4 else 3).to_bytes(step, "little")
            args.append(int.from_bytes((word * (size // step))[:size], "little"))
        else:
            raise NotLaunchable(f"argument kind {kind}")
    return GRID, recipe.get("block", (lanes, 1, 1)), args


class NotLaunchable(Exception):
    pass


def _short(err: BaseException, limit: int = 300) -> str:
    text = str(err).strip().splitlines()
    first = text[0] if text else type(err).__name__
    return f"{type(err).__name__}: {first}"[:limit]


def _unknown(err) -> str:
    m = re.search(r"`([^`]*)`", str(err))
    return (m.group(1).split()[0] if m and m.group(1).split() else str(err).splitlines()[0])[:120]


def kernel_outcomes(path: str, target: str, kernel: str, probes: list[str]) -> dict:
    """{probe: {"outcome": ..., "which"/"why"/"detail": ...}} for one kernel on one processor."""
    import test_gcn_simulated as T
    from gcn_wave import StepLimit, Unknown

    t0 = time.perf_counter()
    text = (CORPUS / path).read_text()
    module = parse_gcn(text, path)
    meta = module.kernel(kernel).metadata

    def everyone(outcome: dict) -> dict:
        return {"probes": {p: dict(outcome) for p in probes}, "seconds": round(time.perf_counter() - t0, 2)}

    try:
        grid, block, args = derive_launch(meta, path.split(".")[0], kernel)
    except NotLaunchable as err:
        return everyone({"outcome": "not-launchable", "why": str(err)})
    try:
        base = T.simulate_original(text, path, kernel, grid, block, args, ORIGINAL_STEPS, DYNAMIC_LDS)
    except Unknown as err:
        return everyone({"outcome": "unknown-instruction", "which": _unknown(err), "in": "original"})
    except StepLimit as err:
        return everyone({"outcome": "step-limit", "why": f"original: {err}"})
    except Exception as err:            # an access outside every buffer, LDS, an assertion
        return everyone({"outcome": "not-launchable", "why": _short(err)})
    steps = base.sim.steps_taken
    geo = T.Geometry(grid=grid, block=block)
    out, executed = {}, set(base.sim.executed)
    for probe in probes:
        program = load_file(probes_dir() / f"{probe}.probe")
        try:
            run = T.simulate_instrumented(text, path, kernel, grid, block, args, program,
                                          max_steps=60 * steps + 100_000, dynamic_lds=DYNAMIC_LDS)
        except SourceError as err:
            out[probe] = {"outcome": "not-launchable", "why": f"refused: {err.message}"[:300]}
            continue
        except Unknown as err:
            out[probe] = {"outcome": "unknown-instruction", "which": _unknown(err), "in": "instrumented"}
            continue
        except StepLimit as err:
            out[probe] = {"outcome": "step-limit", "why": f"instrumented: {err}"}
            continue
        except Exception as err:
            out[probe] = {"outcome": "instrumented-crash", "detail": _short(err),
                          "trace": traceback.format_exc().splitlines()[-3:]}
            continue
        executed |= run.sim.executed
        try:
            T.check_unchanged(base, run)
        except AssertionError as err:
            out[probe] = {"outcome": "outputs-changed", "detail": _short(err)}
            continue
        try:
            T.check_stock_maps(probe, program, base, run, geo, target)
        except AssertionError as err:
            out[probe] = {"outcome": "map-mismatch", "detail": _short(err, 600),
                          "trace": traceback.format_exc().splitlines()[-4:-1]}
            continue
        except Exception as err:
            out[probe] = {"outcome": "map-mismatch", "detail": "oracle crashed: " + _short(err)}
            continue
        out[probe] = {"outcome": "exact"}
    return {"probes": out, "steps": steps, "seconds": round(time.perf_counter() - t0, 2),
            "launch": {"grid": list(grid), "block": list(block)}, "opcodes": sorted(executed)}


def _task(args):
    path, target, kernel, probes = args
    try:
        return args, kernel_outcomes(path, target, kernel, probes)
    except Exception as err:           # the harness itself: reported, never hidden
        return args, {"probes": {p: {"outcome": "not-launchable", "why": "harness: " + _short(err)}
                                 for p in probes}}


def tasks(modules: str = ".", targets=TARGETS, probes=PROBES) -> list[tuple]:
    out = []
    for target in targets:
        for path in sorted(CORPUS.glob(f"*.{target}.s")):
            if not re.search(modules, path.name.split(".")[0]):
                continue
            module = parse_gcn(path.read_text(), path.name)
            for kernel in module.kernel_names():
                out.append((path.name, target, kernel, list(probes)))
    return out


def run_all(todo: list[tuple], jobs: int = 2, deadline: float | None = None, progress=None) -> dict:
    """Runs `todo` (from `tasks`); returns {"kernels": {...}, "totals": ..., "complete": bool}."""
    start = time.monotonic()
    results, done = {}, 0

    def record(args, res):
        path, target, kernel, _ = args
        results[f"{path.split('.')[0]}:{kernel}:{target}"] = res

    complete = True
    if jobs <= 1:
        for a in todo:
            if deadline and time.monotonic() - start > deadline:
                complete = False
                break
            record(*_task(a))
            done += 1
            if progress:
                progress(done, len(todo), results)
    else:
        with ProcessPoolExecutor(jobs) as pool:
            futures = [pool.submit(_task, a) for a in todo]
            try:
                for f in as_completed(futures, timeout=deadline):
                    record(*f.result())
                    done += 1
                    if progress:
                        progress(done, len(todo), results)
            except TimeoutError:
                complete = False
                for f in futures:
                    f.cancel()
                pool.shutdown(wait=False, cancel_futures=True)
    return summarize(results, len(todo), complete)


def summarize(results: dict, planned: int, complete: bool) -> dict:
    totals, unknown, bugs, opcodes = Counter(), Counter(), [], set()
    for key, res in sorted(results.items()):
        opcodes.update(res.pop("opcodes", ()))
        for probe, o in res["probes"].items():
            totals[o["outcome"]] += 1
            if o["outcome"] == "unknown-instruction":
                unknown[o["which"]] += 1
            if o["outcome"] in ("outputs-changed", "map-mismatch", "instrumented-crash"):
                bugs.append({"kernel": key, "probe": probe, **o})
    return {"complete": complete and len(results) == planned, "kernels_planned": planned,
            "kernels_run": len(results), "totals": dict(sorted(totals.items())),
            "unknown_instructions": dict(unknown.most_common()), "bugs": bugs,
            "opcodes_executed": len(opcodes), "opcodes": sorted(opcodes),
            "kernels": dict(sorted(results.items()))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--modules", default=".")
    ap.add_argument("--probes", default=".")
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--sample", type=int, default=0, help="run N kernels chosen with --seed")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--deadline", type=float, default=None, help="stop after SECONDS, saying so")
    ap.add_argument("--out", default=str(RESULTS / "gcn_simulate_all-cpu.json"))
    a = ap.parse_args()
    probes = [p for p in PROBES if re.search(a.probes, p)]
    todo = tasks(a.modules, a.targets.split(","), probes)
    if a.sample:
        todo = random.Random(a.seed).sample(todo, min(a.sample, len(todo)))
    t0 = time.time()

    def progress(done, total, results):
        if done % 10 == 0 or done == total:
            print(f"{done}/{total} kernels, {time.time() - t0:.0f} s", flush=True)
    report = run_all(todo, a.jobs, a.deadline, progress)
    report = {"benchmark": "gcn_simulate_all", "platform": platform_info(), "cpu": cpu_name(),
              "seconds": round(time.time() - t0, 1),
              "launch": {"grid": list(GRID), "lanes_per_group": LANES_PER_GROUP,
                         "buffer_bytes": BUFFER_BYTES, "words": f"uniform u32 in [0, {WORD_MAX})",
                         "by_value": SCALAR, "dynamic_lds_bytes": DYNAMIC_LDS,
                         "original_steps": ORIGINAL_STEPS,
                         "instrumented_steps": "60 x original + 100000",
                         "schedule": f"round-robin, {QUANTUM} own instructions a turn",
                         "recipes": RECIPES},
              "probes": probes, **report}
    write_results(Path(a.out), report)
    print(json.dumps({k: report[k] for k in ("complete", "kernels_planned", "kernels_run", "totals",
                                             "unknown_instructions", "opcodes_executed")}, indent=1))
    for b in report["bugs"][:40]:
        print(b["kernel"], b["probe"], b["outcome"], b.get("detail", ""))


if __name__ == "__main__":
    main()

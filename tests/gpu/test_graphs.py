"""CUDA graphs under `neutrino trace` (tests/gpu/programs/graphs.py): a Triton kernel captured by
torch.cuda.graph, CuPy RawKernels captured on a CuPy stream (one of them launched first in the
capture) and Inductor's kernels under torch.compile(mode="reduce-overhead") are captured as their
twins, and every replay of a graph is a launch with maps of its own. Outputs must stay bit-identical;
each replay must record exactly what an eager launch of the same kernel on the same buffers
records, and what the kernel's source says it touches."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from neutrino_py.maps.lanes import expand
from neutrino_py.tracedir import Trace

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = Path(__file__).resolve().parent / "programs" / "graphs.py"
pytestmark = pytest.mark.gpu
KERNELS = ("scaled_add", "saxpy")     # Triton's (torch graph), CuPy's (CuPy graph)


def _needs() -> None:
    for module in ("torch", "triton", "cupy"):
        try:
            __import__(module)
        except ImportError:
            pytest.skip(f"{module} is not installed")


@pytest.fixture(scope="module")
def native(tmp_path_factory):
    _needs()
    out = tmp_path_factory.mktemp("native") / "native.npz"
    run = subprocess.run([sys.executable, str(PROGRAM), str(out)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return dict(np.load(out))


def _traced(tmp_path: Path, probe: str) -> tuple[dict, dict, Trace]:
    tracedir, out = tmp_path / "tr", tmp_path / "traced.npz"
    env = {**os.environ, "NEUTRINO_CACHE": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-m", "neutrino_py", "trace", "--probe", probe, "--launches", "8",
                          "--tracedir", str(tracedir), "--", sys.executable, str(PROGRAM), str(out)],
                         env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-4000:]
    print(run.stdout[-3000:] + run.stderr[-3000:])
    return dict(np.load(out)), json.loads(Path(f"{out}.json").read_text()), Trace(tracedir)


def _launches(trace: Trace, facts: dict, kernel: str) -> tuple[list, list]:
    """The kernel's eager launches and graph replays; every one instrumented, nothing dropped."""
    mine = [x for x in trace.launches if x.kernel == kernel]
    eager, replays = [x for x in mine if not x.graph], [x for x in mine if x.graph]
    assert len(eager) == 1 and len(replays) == facts["replays"], [(x.kernel, x.graph, x.info) for x in mine]
    for x in mine:
        assert x.instrumented and not any(x.dropped.values()), x.info
    assert all(x.duration_ms is None for x in replays)
    return eager, replays


def _pairs(rows) -> np.ndarray:
    pairs = np.stack([rows["addr"].astype(np.uint64), rows["bytes"].astype(np.uint64)], axis=1)
    return pairs[np.lexsort((pairs[:, 1], pairs[:, 0]))]


def _touched(pairs: np.ndarray, arrays: list[int], n: int) -> None:
    """Every byte of the kernel's arrays (n f32 each; `arrays` their bases, one per access of
    each element) covered exactly once, and nothing else."""
    covered = np.zeros(len(arrays) * n * 4, dtype=np.int64)
    for addr, nbytes in pairs.tolist():
        which = [i for i, base in enumerate(arrays) if base <= addr < base + 4 * n]
        assert which, hex(addr)
        at = which[0] * 4 * n + addr - arrays[which[0]]
        covered[at:at + nbytes] += 1
    assert (covered == 1).all()


def test_replays_record_what_an_eager_launch_records(native, tmp_path):
    """dmat and memtrace in one probe file: in every launch, eager or replayed, memtrace's lanes
    are exactly dmat's (address, bytes) pairs; each replay's are the eager launch's, and they
    cover the kernel's arrays exactly (scaled_add: x and y loaded, out stored; saxpy: x and y
    loaded, y stored)."""
    both = tmp_path / "dmat_memtrace.probe"
    both.write_text("\n".join((ROOT / "probes" / f"{p}.probe").read_text() for p in ("dmat", "memtrace")))
    outputs, facts, trace = _traced(tmp_path, str(both))
    assert outputs.keys() == native.keys()
    for key, value in native.items():
        np.testing.assert_array_equal(outputs[key], value, err_msg=key)
    n = facts["n"]
    arrays = {"scaled_add": [facts["torch"][k] for k in ("x", "y", "out")],
              "saxpy": [facts["cupy"][k] for k in ("x", "y", "y")]}
    for kernel in KERNELS:
        eager, replays = _launches(trace, facts, kernel)
        first = _pairs(eager[0].maps["dmat"])
        for launch in eager + replays:
            lanes, lost = expand(launch.maps["mem"], {"addr": launch.maps["mem__addr"]})
            assert lost == 0
            pairs = _pairs(launch.maps["dmat"])
            assert np.array_equal(_pairs(lanes), pairs) and np.array_equal(pairs, first), (kernel, launch.seq)
        bases = arrays[kernel]
        if kernel == "saxpy":                  # y is loaded and stored: split the pairs by kind
            assert len(first) == 3 * n and int(first[:, 1].sum()) == 12 * n
            _touched(first[(first[:, 0] < bases[1]) | (first[:, 0] >= bases[1] + 4 * n)], bases[:1], n)
        else:
            _touched(first, bases, n)
    # first launched inside the capture: only replays, each loading y and storing z
    square = [x for x in trace.launches if x.kernel == "square"]
    assert [x.graph and x.instrumented for x in square] == [True] * facts["replays"]
    for launch in square:
        _touched(_pairs(launch.maps["dmat"]), [facts["cupy"]["y"], facts["cupy"]["z"]], n)
    # Inductor under CUDA graph trees: every kernel it replays is instrumented, each replay
    # records what the others do (static buffers), and memtrace agrees with dmat
    replayed = {x.kernel for x in trace.launches if x.graph and x.kernel.startswith("triton_")}
    assert replayed, sorted({(x.kernel, x.graph) for x in trace.launches})
    for kernel in replayed:
        replays = [x for x in trace.launches if x.kernel == kernel and x.graph]
        assert len(replays) >= facts["replays"] - 1 and all(x.instrumented for x in replays), kernel
        pairs = [_pairs(x.maps["dmat"]) for x in replays]
        assert all(np.array_equal(p, pairs[0]) for p in pairs) and len(pairs[0]), kernel
        for x in replays:
            lanes, lost = expand(x.maps["mem"], {"addr": x.maps["mem__addr"]})
            assert lost == 0 and np.array_equal(_pairs(lanes), _pairs(x.maps["dmat"])), kernel


@pytest.mark.parametrize("probe", ["gmem_bytes", "block_sched"])
def test_replays_count_like_eager_launches(native, tmp_path, probe):
    """The probe's tool reads replays as it reads launches: `neutrino report` runs every tool
    over the trace, untimed replays and all."""
    outputs, facts, trace = _traced(tmp_path, probe)
    report = subprocess.run([sys.executable, "-m", "neutrino_py", "report", str(tmp_path / "tr"), "--format",
                             "json", "--no-progress", "--perfetto", str(tmp_path / "perfetto.json")],
                            capture_output=True, text=True, timeout=600)
    assert report.returncode == 0, report.stderr[-3000:]
    assert json.loads(report.stdout)["reports"] and json.loads((tmp_path / "perfetto.json").read_text())
    for key, value in native.items():
        np.testing.assert_array_equal(outputs[key], value, err_msg=key)
    n = facts["n"]
    for kernel in KERNELS:
        eager, replays = _launches(trace, facts, kernel)
        for launch in eager + replays:
            if probe == "gmem_bytes":
                rows = launch.maps["gmem"]
                assert int(rows["loaded"].sum()) == 8 * n and int(rows["stored"].sum()) == 4 * n, kernel
            else:
                blocks = int(np.prod(launch.grid))
                assert launch.records["sched"] == blocks and len(launch.maps["sched"]) == blocks

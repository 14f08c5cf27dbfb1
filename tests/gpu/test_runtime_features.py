"""Runtime features the other GPU programs do not reach, natively and under `neutrino trace`
with `block_sched` and `memtrace`: outputs byte-identical, kernels instrumented, every tool's
report made. tests/gpu/programs/torch_features.py (CUDA graph trees, FlexAttention, streams and
events, a CUDAGraph replayed, dynamic shapes, Triton autotuning), cupy_features.py (templates,
fuse, complex, sort, cuFFT, cuSOLVER) and cuda_features.cu (thrust, texture and surface objects,
__managed__ and __constant__ variables the host sets, 80 KB of dynamic shared memory).
Launches are bounded (--launches 3), so the traces stay small."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from neutrino_py.tracedir import Trace

PROGRAMS = Path(__file__).resolve().parent / "programs"
pytestmark = pytest.mark.gpu
# program -> (the module it needs, the fewest kernels it must instrument)
NEEDS = {"torch_features": ("triton", 10), "cupy_features": ("cupy", 10), "cuda_features": (None, 6)}


def _command(program: str, root: Path) -> list[str]:
    """How to run `program`: a Python program as it is, the CUDA one built first (SASS and PTX)."""
    module = NEEDS[program][0]
    if module is not None:
        pytest.importorskip(module)
        return [sys.executable, str(PROGRAMS / f"{program}.py")]
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc not found (a CUDA toolkit builds the program)")
    binary = root / program
    if not binary.exists():
        subprocess.run(["nvcc", "-O2", "--extended-lambda", "-gencode", "arch=compute_90,code=[sm_90,compute_90]",
                        "-o", str(binary), str(PROGRAMS / f"{program}.cu")], check=True)
    return [str(binary)]


@pytest.fixture(scope="module")
def native(tmp_path_factory):
    """program -> (its command, its untraced output), made on first use."""
    root, made = tmp_path_factory.mktemp("features"), {}

    def get(program: str) -> tuple[list[str], bytes]:
        if program not in made:
            command, out = _command(program, root), root / f"{program}.bin"
            run = subprocess.run([*command, str(out)], capture_output=True, text=True, timeout=600, cwd=PROGRAMS)
            assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
            assert " not run: " not in run.stdout, run.stdout[-3000:]
            made[program] = command, out.read_bytes()
        return made[program]
    return get


@pytest.mark.parametrize("probe", ["block_sched", "memtrace"])
@pytest.mark.parametrize("program", sorted(NEEDS))
def test_runtime_features_keep_their_results_traced(native, tmp_path, program, probe):
    command, expected = native(program)
    tracedir, out = tmp_path / "tr", tmp_path / "traced.bin"
    env = {**os.environ, "NEUTRINO_CACHE": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-m", "neutrino_py", "trace", "--probe", probe, "--launches", "3",
                          "--max-bytes", "2G", "--tracedir", str(tracedir), "--", *command, str(out)],
                         env=env, capture_output=True, text=True, timeout=900, cwd=PROGRAMS)
    assert run.returncode == 0, run.stderr[-4000:]
    assert out.read_bytes() == expected
    trace = Trace(tracedir)
    instrumented = {x.kernel for x in trace.launches if x.instrumented}
    assert len(instrumented) >= NEEDS[program][1], sorted(instrumented)
    why = [(x.kernel, x.info.get("fallback")) for x in trace.launches if x.info.get("fallback")]
    assert all(w in ("not instrumentable", "launch limit reached (--launches)") for _, w in why), why
    report = subprocess.run([sys.executable, "-m", "neutrino_py", "report", "--no-progress", str(tracedir)],
                            capture_output=True, text=True, timeout=600)
    assert report.returncode == 0, report.stderr[-3000:]

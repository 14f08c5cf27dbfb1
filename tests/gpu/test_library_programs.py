"""Kernels no one here wrote, under every stock probe: the programs in tests/gpu/programs/ run
Triton, CuPy, Inductor, tinygrad and numba-cuda kernels of many kinds (tensor descriptors, inline PTX, printf, sort,
Philox, fp8 and int8 dots, libdevice, C++ templates, CAS loops, a training step's backward)
natively and under `neutrino trace`. Outputs must be byte-identical, every kernel that carries PTX must be instrumented, and every
map must read back with nothing dropped. Launches are bounded (--launches 2) and inputs small,
so the traces stay a few megabytes; `neutrino report` runs every tool over each trace."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from neutrino_py.tracedir import Trace

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = Path(__file__).resolve().parent / "programs"
PROBES = sorted(p.stem for p in (ROOT / "probes").glob("*.probe"))
pytestmark = pytest.mark.gpu
# program, the module it needs; and how many distinct kernels each instruments at the least
# (tinygrad names kernels by shape: its 12 kernels have 8 names)
PROGRAM_MODULES = [("library_triton", "triton"), ("library_cupy", "cupy"),
                   ("library_inductor", "torch"), ("library_tinygrad", "tinygrad"),
                   ("library_numba", "numba.cuda")]
LEAST = {"library_triton": 10, "library_cupy": 20, "library_inductor": 5, "library_tinygrad": 8,
         "library_numba": 8}


def _needs(module: str) -> None:
    try:
        __import__(module)
    except ImportError:
        pytest.skip(f"{module} is not installed")
    if module == "numba.cuda":                  # numba compiles through NVVM, found apart from numba
        from numba.cuda.cudadrv.nvvm import NVVM
        try:
            NVVM()
        except Exception as err:  # noqa: BLE001 — numba's NvvmSupportError and the loader's own
            pytest.skip(f"numba-cuda finds no NVVM ({err}); set CUDA_HOME to a CUDA toolkit")


@pytest.fixture(scope="module")
def native(tmp_path_factory):
    """program -> its untraced output, made on first use."""
    root, made = tmp_path_factory.mktemp("native"), {}

    def get(program: str) -> bytes:
        if program not in made:
            out = root / f"{program}.bin"
            run = subprocess.run([sys.executable, str(PROGRAMS / f"{program}.py"), str(out)],
                                 capture_output=True, text=True, timeout=600)
            assert run.returncode == 0, run.stderr[-3000:]
            assert " not run: " not in run.stdout, run.stdout[-3000:] + run.stderr[-3000:]
            made[program] = out.read_bytes()
        return made[program]
    return get


def _traced(tmp_path: Path, program: str, probe: str, launches: int) -> tuple[bytes, Path]:
    """`program` run by `neutrino trace` with `probe` (a stock name or a file), each kernel's
    first `launches` launches instrumented: its output and its trace directory."""
    tracedir, out = tmp_path / "tr", tmp_path / "traced.bin"
    env = {**os.environ, "NEUTRINO_CACHE": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-m", "neutrino_py", "trace", "--probe", probe,
                          "--launches", str(launches), "--tracedir", str(tracedir), "--",
                          sys.executable, str(PROGRAMS / f"{program}.py"), str(out)],
                         env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-4000:]
    print(run.stdout[-3000:] + run.stderr[-3000:])        # shown where an assertion fails
    return out.read_bytes(), tracedir


@pytest.mark.parametrize("probe", PROBES)
@pytest.mark.parametrize("program,module", PROGRAM_MODULES)
def test_library_kernels_keep_their_results_under_every_probe(native, tmp_path, program, module,
                                                              probe):
    _needs(module)
    expected = native(program)
    output, tracedir = _traced(tmp_path, program, probe, 2)
    assert output == expected
    trace = Trace(tracedir)
    failed = [(k.name, k.reason) for k in trace.kernels if k.files.get("ptx") and not k.instrumented]
    assert failed == []
    assert sum(k.instrumented for k in trace.kernels) >= LEAST[program]
    assert not any(trace.summary["dropped"].values()), trace.summary["dropped"]
    for launch in trace.launches:
        if launch.instrumented:
            for name in launch.maps:
                assert launch.maps[name] is not None
    report = subprocess.run([sys.executable, "-m", "neutrino_py", "report", str(tracedir),
                             "--format", "json", "--no-progress", "--perfetto",
                             str(tmp_path / "perfetto.json")], capture_output=True, text=True,
                            timeout=600)
    assert report.returncode == 0, report.stderr[-3000:]            # no tool failed on it
    assert json.loads(report.stdout)["reports"]
    assert json.loads((tmp_path / "perfetto.json").read_text())


def _pairs(rows):
    """(address, bytes) of every row, sorted."""
    import numpy as np

    pairs = np.stack([rows["addr"].astype(np.uint64), rows["bytes"].astype(np.uint64)], axis=1)
    return pairs[np.lexsort((pairs[:, 1], pairs[:, 0]))]


@pytest.mark.parametrize("program,module", PROGRAM_MODULES)
def test_memtrace_rebuilds_the_lanes_dmat_records_in_library_kernels(native, tmp_path, program,
                                                                      module):
    """dmat and memtrace spliced into the same launches (one probe file): in every launch, the
    memtrace records expanded lane by lane are exactly dmat's (address, bytes) pairs, over
    TMA, sorting networks, atomics, gathers and dots that no test here was written for."""
    import numpy as np

    from neutrino_py.maps.lanes import expand

    _needs(module)
    expected = native(program)
    both = tmp_path / "dmat_memtrace.probe"
    both.write_text("\n".join((ROOT / "probes" / f"{p}.probe").read_text()
                              for p in ("dmat", "memtrace")))
    output, tracedir = _traced(tmp_path, program, str(both), 1)
    assert output == expected
    compared = set()
    for launch in Trace(tracedir).launches:
        if not launch.instrumented:
            continue
        assert not any(launch.dropped.values()), (launch.kernel, launch.dropped)
        maps = launch.maps
        dmat = maps["dmat"]
        lanes, lost = expand(maps["mem"], {"addr": maps["mem__addr"]})
        assert lost == 0
        want, got = _pairs(dmat), _pairs(lanes)
        assert np.array_equal(got, want), launch.kernel
        if len(want):
            compared.add(launch.kernel)
    assert len(compared) >= LEAST[program], sorted(compared)

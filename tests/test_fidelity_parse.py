"""benchmarks/fidelity.py reads Nsight Compute's CSV and says why a probe count differs from the
hardware's; the GPU run itself is the benchmark (this checks what it computes from its inputs)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
fidelity = pytest.importorskip("benchmarks.fidelity")

HEADER = ('"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size",'
          '"Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"')


def row(launch: int, kernel: str, metric: str, value: str) -> str:
    return (f'"{launch}","77","python3","127.0.0.1","{kernel}","1","7","(256, 1, 1)","(4, 1, 1)","0",'
            f'"9.0","Command line profiler metrics","{metric}","inst","{value}"')


def test_ncu_csv_sums_atomics_and_reductions_per_launch_in_order():
    text = "\n".join([
        "==PROF== Connected to process 77 (/usr/bin/python3)", HEADER,
        row(0, "vector_add", "sm__sass_inst_executed_op_global_ld.sum", "2,048"),
        row(0, "vector_add", "sm__sass_inst_executed_op_global_st.sum", "1,024"),
        row(0, "vector_add", "sm__sass_inst_executed_op_global_atom.sum", "0"),
        row(0, "vector_add", "sm__sass_inst_executed_op_global_red.sum", "0"),
        row(1, "histogram_atomic", "sm__sass_inst_executed_op_global_ld.sum", "512"),
        row(1, "histogram_atomic", "sm__sass_inst_executed_op_global_atom.sum", "300"),
        row(1, "histogram_atomic", "sm__sass_inst_executed_op_global_red.sum", "212"),
        "==PROF== Disconnected from process 77"])
    launches = fidelity.counters_by_launch(fidelity.parse_ncu_csv(text))
    assert launches == [{"kernel": "vector_add", "ld": 2048, "st": 1024, "atom": 0},
                        {"kernel": "histogram_atomic", "ld": 512, "st": 0, "atom": 512}]


def test_differences_are_explained_not_hidden():
    assert fidelity.explain("ld", {}, 10, 10, 10) == "1:1"
    assert "predicated off" in fidelity.explain("ld", {}, 10, 12, 10)
    assert "LDGSTS" in fidelity.explain("ld", {"cp.async": 2}, 12, 12, 8)
    assert "merged" in fidelity.explain("ld", {}, 12, 12, 6)
    assert "split" in fidelity.explain("st", {}, 6, 6, 12)
    assert fidelity.relative_error(9, 10) == pytest.approx(-0.1)
    assert fidelity.relative_error(0, 0) == 0.0


def test_the_counting_probe_counts_warp_level_global_accesses_on_the_simulator():
    from neutrino_py.probe import load
    from test_splice_simulated import vector_add

    maps, _, _, _ = vector_add(load(fidelity.PROBE, "fidelity.probe"))
    # 70 elements, 2 blocks of 48 threads: three warps reach the guarded body (the fourth has no
    # thread below n), each issuing two loads and one store
    for name in ("executed", "issued"):
        assert maps[name]["ld"].tolist() == [2, 2, 2, 0] and maps[name]["st"].tolist() == [1, 1, 1, 0]
        assert maps[name]["atom"].tolist() == [0, 0, 0, 0]


ACCESS = ROOT / "tests" / "corpus" / "cuda" / "access.sm_90.ptx"


def access_kernel(kernel: str, args: dict, n: int, block: int = 64):
    from neutrino_py.probe import load
    from test_splice_simulated import launch

    grid = (-(-n // block), 1, 1)
    maps, _, ptrs, mem = launch(ACCESS.read_text(), load(fidelity.PROBE, "fidelity.probe"), grid,
                                (block, 1, 1), args, kernel=kernel)
    buffers = [k for k, v in args.items() if isinstance(v, bytes)]
    return maps, dict(zip(buffers, ptrs.values())), mem


def floats(n: int, seed: int) -> bytes:
    import numpy as np
    return np.random.default_rng(seed).uniform(-1, 1, n).astype(np.float32).tobytes()


@pytest.mark.parametrize("kernel,loads", [("strided_copy", 1), ("gather", 2)])
def test_strided_and_gather_count_their_loads_once_per_warp(kernel, loads):
    import numpy as np

    n = 100                                   # 4 warps of 32 in 2 blocks of 64; the last is partial
    if kernel == "strided_copy":
        args = {"in": floats(7 * n, 1), "out": bytes(4 * n), "n": n, "stride": 7}
    else:
        idx = np.random.default_rng(2).integers(0, n, n).astype(np.int32)
        args = {"idx": idx.tobytes(), "src": floats(n, 3), "out": bytes(4 * n), "n": n}
    maps, ptrs, mem = access_kernel(kernel, args, n)
    for name in ("executed", "issued"):
        assert maps[name]["ld"].tolist() == [loads] * 4 and maps[name]["st"].tolist() == [1] * 4
    src = np.frombuffer(mem.bytes(ptrs["in" if kernel == "strided_copy" else "src"]), np.float32)
    out = np.frombuffer(mem.bytes(ptrs["out"]), np.float32)
    want = src[::7][:n] if kernel == "strided_copy" else src[idx]
    assert np.array_equal(out, want)


def test_divergent_warps_run_both_paths_once_each():
    import numpy as np

    n = 100
    maps, ptrs, mem = access_kernel("divergent", {"a": floats(n, 4), "b": floats(n, 5),
                                                  "out": bytes(4 * n), "n": n}, n)
    # every warp has odd lanes (a), even lanes (b) and even lanes with bit 1 set (a again), and
    # lanes with threadIdx % 3 == 0 (the store): 3 loads and 1 store per warp, whatever its width
    for name in ("executed", "issued"):
        assert maps[name]["ld"].tolist() == [3] * 4 and maps[name]["st"].tolist() == [1] * 4
    a, b = (np.frombuffer(mem.bytes(ptrs[k]), np.float32) for k in ("a", "b"))
    t = np.arange(n) % 64
    want = np.where(t & 1, a * 2, b + np.where(t & 2, a, 0)).astype(np.float32)
    out = np.frombuffer(mem.bytes(ptrs["out"]), np.float32)
    assert np.array_equal(out[t % 3 == 0], want[t % 3 == 0]) and not out[t % 3 != 0].any()


def test_vector_accesses_count_once():
    import numpy as np

    n = 70
    maps, ptrs, mem = access_kernel("vec4_scale", {"in": floats(4 * n, 6), "out": bytes(16 * n),
                                                   "s": np.float32(1.5).view(np.uint32).item(),
                                                   "n": n}, n)
    assert maps["executed"]["ld"].tolist() == [1, 1, 1, 0] == maps["executed"]["st"].tolist()
    src = np.frombuffer(mem.bytes(ptrs["in"]), np.float32)
    assert np.array_equal(np.frombuffer(mem.bytes(ptrs["out"]), np.float32), src * np.float32(1.5))


def test_timing_variants_instrument_the_timed_kernel_at_both_marks():
    from neutrino_py.asm import parse_ptx
    from neutrino_py.probe import load
    from neutrino_py.splice import instrument

    text = (ROOT / "tests" / "corpus" / "cuda" / "timed_matmul.sm_90.ptx").read_text()
    for name, probe in (("each", fidelity.TIMING_EACH), ("stock", fidelity.TIMING_PROBE)):
        m = instrument(parse_ptx(text, cache=False), load(probe, f"{name}.probe")).manifests
        positions = m["timed_matmul"].positions
        assert [n for n in positions.values()] == ([1, 1] if name == "each" else [1, 1, 1]), name
        assert m["timed_matmul"].map("ranges").capacity is None            # a shared pool

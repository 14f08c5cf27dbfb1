"""The generic wave-simulator harness (benchmarks/gcn_simulate_all.py) on a small seeded sample of
the GCN corpus: launches derived from each kernel's metadata, every stock probe, both
processors. No sampled kernel may come out with a map that differs from its trace-derived
oracle, with changed outputs, or with an instrumented run that fails where the original ran.
The full run's table is benchmarks/results/gcn_simulate_all-cpu.json."""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import gcn_simulate_all as harness  # noqa: E402

SAMPLE, SEED = 20, 17
BUGS = ("outputs-changed", "map-mismatch", "instrumented-crash")


@pytest.fixture(scope="module")
def sample_report():
    todo = random.Random(SEED).sample(harness.tasks(), SAMPLE)
    return harness.run_all(todo, jobs=1)


def test_sampled_kernels_have_exact_maps_and_unchanged_outputs(sample_report):
    assert sample_report["complete"] and sample_report["kernels_run"] == SAMPLE
    assert sample_report["bugs"] == []
    assert not any(sample_report["totals"].get(b) for b in BUGS)
    assert sample_report["totals"].get("exact", 0) >= 4 * len(harness.PROBES)


def test_derived_launch_follows_the_metadata():
    from neutrino_py.asm.gcn_parse import parse_gcn

    module = parse_gcn((harness.CORPUS / "kernels.gfx942.s").read_text(), "kernels.gfx942.s")
    grid, block, args = harness.derive_launch(module.kernel("saxpy").metadata, "kernels", "saxpy")
    assert grid == (2, 1, 1) and block == (64, 1, 1)
    assert [type(a) for a in args] == [int, int, bytes, bytes]            # n, a, x, y
    assert args[0] == harness.SCALAR and len(args[2]) == harness.BUFFER_BYTES
    again = harness.derive_launch(module.kernel("saxpy").metadata, "kernels", "saxpy")[2]
    assert again == args and args[2] != args[3]                             # seeded, per argument


def test_a_kernel_past_the_step_limit_is_reported_not_failed(monkeypatch):
    monkeypatch.setattr(harness, "ORIGINAL_STEPS", 100)
    res = harness.kernel_outcomes("kernels.gfx942.s", "gfx942", "collatz", ["dmat"])
    assert res["probes"]["dmat"]["outcome"] == "step-limit"


@pytest.mark.parametrize("module, kernel", [("matrix", "gemv_row"), ("sizeopt", "os_matvec"),
                                            ("lastblock", "tile_queue"), ("text", "bytes_equal")])
def test_an_implicit_argument_pointer_made_in_place_moves_with_the_hidden_args(module, kernel):
    """`s_add_u32 s0, s0, 32; s_addc_u32 s1, s1, 0` (the kernarg pair itself turned into the
    implicit-argument pointer) and then `s_load_dword s10, s[0:1], 0xc` (hidden_group_size_x):
    the splicer used to lose the pair at the add, so the load stayed put while the hidden args
    moved up behind the map pointers, and the kernel read a map pointer's bits as blockDim.x
    (the first workgroup hid it: id 0 x anything). Found by the full harness run."""
    from neutrino_py.asm.gcn_parse import parse_gcn
    from neutrino_py.probe import load_file
    from neutrino_py.paths import probes_dir
    from neutrino_py.splice import instrument

    path = harness.CORPUS / f"{module}.gfx942.s"
    parsed = parse_gcn(path.read_text(), path.name)
    instrument(parsed, load_file(probes_dir() / "dmat.probe"), kernels=f"^{kernel}$")
    view = parsed.kernel(kernel)
    adds = [m.group(1) for s in parsed.statements[view.start:view.end] if hasattr(s, "opcode")
            for m in [re.match(r"\s*s_add_u32 s0, s0, (\S+)", s.to_text())] if m]
    assert adds and all(int(a, 0) > 32 for a in adds)             # moved up with the hidden args
    res = harness.kernel_outcomes(path.name, "gfx942", kernel, ["dmat", "block_sched"])
    assert {p: o["outcome"] for p, o in res["probes"].items()} == {"dmat": "exact", "block_sched": "exact"}


def _recipe_run(module: str, kernel: str, target: str) -> tuple[list, list]:
    """A recipe kernel's original run: its arguments and its buffers' bytes after the launch."""
    import test_gcn_simulated as T
    from neutrino_py.asm.gcn_parse import parse_gcn

    path = f"{module}.{target}.s"
    text = (harness.CORPUS / path).read_text()
    grid, block, args = harness.derive_launch(parse_gcn(text, path).kernel(kernel).metadata, module, kernel)
    run = T.simulate_original(text, path, kernel, grid, block, args, harness.ORIGINAL_STEPS,
                              harness.DYNAMIC_LDS)
    return args, [b and run.memory.bytes(b) for b in run.buffers]


def _u32(data: bytes) -> np.ndarray:
    return np.frombuffer(data, np.uint32)


@pytest.mark.parametrize("target", harness.TARGETS)
def test_recipe_launches_compute_what_their_kernels_should(target):
    """Each `RECIPES` launch runs its kernel as its source says, not just to its end: both
    tickets taken and served, a call through the pointer, a V#'s atomics, a pointer table
    followed, a transpose through LDS (2 workgroups of 64 and of 32 x 8 lanes)."""
    args, (lock, turn, data) = _recipe_run("atomics", "ticket_lock", target)
    assert _u32(lock)[0] == _u32(turn)[0] == 2 and _u32(data)[0] == _u32(args[2])[0] + 2
    _, (out, *_) = _recipe_run("ir_calls", "ir_call_pointer", target)
    assert np.frombuffer(out, np.float32)[:64].tolist() == [1.0] * 64      # x * x + 1, x tiny
    args, (rsrc, out) = _recipe_run("ir_memory", "ir_buffer", target)
    first = int(_u32(args[0].data)[0])
    assert _u32(rsrc)[0] == first + 128                                    # 128 lanes added 1
    assert sorted(set(_u32(out)[:64].tolist())) == sorted(_u32(out)[:64].tolist())
    assert all(first <= v < first + 128 for v in _u32(out)[:64].tolist())
    args, (_, out, *pointed) = _recipe_run("kernarg", "pointer_array_arg", target)
    assert _u32(out)[:128].tolist() == [int(_u32(pointed[i & 3])[i]) for i in range(128)]
    args, (src, out, _) = _recipe_run("matrix", "transpose_lds", target)
    n = args[2]
    assert all(_u32(out)[r * n + c] == _u32(src)[c * n + r] for r in range(64) for c in range(32))


def test_a_kernel_reading_its_scratch_base_by_address_reads_zeros():
    """ir_queue_ptr on gfx90a loads 8 bytes at s[0:1] (its `queue.ptr` with no queue_ptr SGPRs
    enabled: the private segment buffer's base), backed by global memory of zeros."""
    _, (out,) = _recipe_run("ir_kernarg", "ir_queue_ptr", "gfx90a")
    assert np.frombuffer(out, np.uint64)[:64].tolist() == [0] * 64

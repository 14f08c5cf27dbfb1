"""Filters made of the thread's place alone (`lower.lifelong`) are decided once at entry in kernels
without loops, and where a probe's site is, otherwise."""
from __future__ import annotations

import pytest

from conftest import CORPUS
from neutrino_py.asm import parse_ptx
from neutrino_py.probe import load, load_file
from neutrino_py.splice import instrument
from neutrino_py.splice.lower import lifelong

PROGRAM = "map r[warp]: record { u32 n; }\nreg u32 a;\n"


@pytest.mark.parametrize("filter_, decided", [
    ("warpid() == 0", True),
    ("warpid() == warps() - 1", True),
    ("(threadid() & 31) == 0 && blockid() < 4", True),
    ("laneid() != (u32)3", True),
    ("smid() == 0", False),                 # a preempted block may resume on another SM
    ("a != 0", False),                      # a register: written by probes
    ("clock() > 0", False),
])
def test_only_the_threads_place_and_constants_are_lifelong(filter_, decided):
    program = load(PROGRAM + f"exit / {filter_} / {{ r.save(1); }}\n", "d.probe")
    assert lifelong(program.probes[0].filter) is decided


def kernel_text(module: str, kernel: str) -> str:
    m = parse_ptx((CORPUS / module).read_text(), cache=False)
    instrument(m, load_file("block_sched"), kernels=f"^{kernel}$")
    body = m.to_text().split(f".entry {kernel}(", 1)[1]
    return body.split("\n}\n", 1)[0]


def test_block_sched_decides_its_warp_filter_at_entry_in_a_kernel_without_loops():
    body = kernel_text("cuda/reduction.sm_90.ptx", "reduce_sum")
    entry, exit_ = body.split("ld.param.u64 \t%rd3", 1)[0], body.rsplit("$L__BB0_11:", 1)[1]
    assert "%tid.z" in entry and "mov.pred" in entry
    assert "%tid.z" not in exit_ and "%tid.y" not in exit_
    assert exit_.lstrip().startswith("@!%nt_p0 bra")


def test_a_kernel_with_loops_decides_the_filter_at_its_exit():
    body = kernel_text("cuda/timed_matmul.sm_90.ptx", "timed_matmul")
    assert "mov.pred" not in body and body.count("%tid.z") == 1
    assert body.index("%tid.z") > body.rindex("$L__BB")        # read at the exit, after the loop

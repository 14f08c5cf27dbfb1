"""OUT and IN of a lane mask on AMD mean what they mean on NVIDIA: a compare writes, and a select
or an add with a carry-in reads, one bit per lane in an SGPR pair (or VCC), where PTX holds a
predicate that a probe reads as 0 or 1. A probe reads this lane's bit; before, it got the whole
wave's 64-bit mask, the same in every lane."""
from __future__ import annotations

import pytest

from test_gcn_simulated import CASES, _text, simulate_instrumented
from neutrino_py.probe import load

TARGETS = ("gfx90a", "gfx942")
# after vector_add's `i < n` (n = 70): masks of `i < 40` (a compare's SGPR pair, a select's
# selector) and of `i >= 8` (the carry of i + 0xfffffff8, an add's carry-in)
MASKS = """\
	v_cmp_gt_u32_e64 s[2:3], 40, v0
	v_cndmask_b32_e64 v1, 0, 1, s[2:3]
	v_add_co_u32_e64 v1, s[2:3], v0, -8
	v_addc_co_u32_e64 v1, s[2:3], 0, 0, s[2:3]
"""
PROBE = """\
map m[thread]: record(4) { u64 v; }
after setp { m.save(OUT); }
before selp, addc { m.save(IN3); }
"""


@pytest.mark.parametrize("target", TARGETS)
def test_a_lane_mask_reads_as_the_lanes_bit(target):
    c = CASES["vector_add"]
    text = _text(c.file, target)
    at = text.index("\n", text.index("\tv_cmp_gt_u32_e32 vcc, ")) + 1
    assert at < text.index("s_endpgm")                  # vector_add's compare: the first kernel
    text = text[:at] + MASKS + text[at:]
    run = simulate_instrumented(text, f"{c.file}.{target}.s", "vector_add", c.grid, c.block,
                                c.args, load(PROBE, "masks.probe"))
    m = run.maps["m"]
    rows: dict[int, list[int]] = {}
    for r in m:
        rows.setdefault(int(r["unit"]), []).append(int(r["v"]))
    threads = c.grid[0] * c.block[0]
    assert rows == {i: [int(i < 70), int(i < 40), int(i < 40), int(i >= 8)]
                    for i in range(threads)}

"""What a probe sees at three kinds of GCN site that earlier sessions found wrong, each run in the
wave simulator (tests/gcn_wave.py) on gfx90a and gfx942:

- a block that opens with an EXEC switch to the lanes of an else branch (LLVM's
  `s_andn2_saveexec_b64 s[..], s[..]`, or `s_or_saveexec_b64 s[..], s[..]` ... `s_xor_b64 exec,
  exec, s[..]` with scalar code between them): its `block` probes run on the lanes that run
  the block, after the switch, as at a join (tests/test_probe_positions_gcn.py);
"""
from __future__ import annotations

import pytest

from test_gcn_simulated import CASES, TARGETS, _text, blocks_of, original, simulate_instrumented
from neutrino_py.probe import load

ELSE_HEADS = ("s_andn2_saveexec_b64", "s_or_saveexec_b64")


def lanes_at(run, index: int) -> int:
    """Lanes that ran the kernel's instruction `index`, over every wave."""
    return sum(bin(e.exec).count("1") for e in run.sim.events if e.index == index)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("kernel, want", [("branchy", [63]), ("switch_op", [14, 32, 8, 12])])
def test_a_block_opening_an_else_branch_runs_on_the_else_lanes(kernel, want, target):
    """branchy's `.LBB0_5: s_andn2_saveexec_b64 s[6:7], s[6:7]` is entered by the lanes that ran
    the then-part (27) and by a branch with EXEC 0; the 63 lanes of the else branch start
    after it, and the block probe counted the 27. switch_op's `s_or_saveexec_b64 s[6:7], s[6:7];
    s_load_dwordx2 ...; s_xor_b64 exec, exec, s[6:7]` heads pass over the scalar load too."""
    c = CASES[kernel]
    base = original(target, kernel)
    code = base.instructions
    heads = [pc for pc in sorted(blocks_of(code, base.statements)) if code[pc].opcode in ELSE_HEADS]
    run = simulate_instrumented(_text(c.file, target), f"{c.file}.{target}.s", kernel, c.grid,
                                c.block, c.args,
                                load("map h[thread]: hist[128] u32;\nblock { h[PC] += 1; }\n",
                                     "case.probe"))
    h = run.maps["h"]
    h = h["value"] if h.dtype.names else h
    switched = []
    for pc in heads:
        k = pc                       # past the switch: the first instruction of the else lanes
        while not (code[k].opcode in ("s_andn2_saveexec_b64", "s_xor_b64")
                   and str(code[k].operands[0]) in ("exec", str(code[pc].operands[0]))):
            k += 1
        switched.append(lanes_at(base, k + 1))
    assert switched == want
    assert [int(h[pc]) for pc in heads] == want
    assert [lanes_at(base, pc) for pc in heads] != want      # before the switch: other lanes

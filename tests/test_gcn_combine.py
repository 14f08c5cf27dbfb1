"""Lanes combined before their atomics on GCN, exact on the wave simulator (tests/gcn_wave.py)
against per-lane Python sums over the original kernel's accesses: `hist` with register and float
values (one atomic per distinct bin per wave, the group's values summed in lane order), and
[block]/[sm]/[kernel] counters (one scalar loop per wave sums both 32-lane warps; each warp's
leader adds its sum), on gfx90a and gfx942.
"""
from __future__ import annotations

from collections import Counter, defaultdict

import numpy as np
import pytest

from neutrino_py.contract.manifest import SM_ROWS
from neutrino_py.probe import load
from test_gcn_simulated import (CASES, TARGETS, Geometry, global_lanes, instrumented, kind, original,
                                sm_of)

KERNELS = ["vector_add", "reduce_sum", "histogram", "vgpr_full", "sgpr_full"]
M64, M32 = (1 << 64) - 1, (1 << 32) - 1


def loads(target: str, kernel: str):
    """(wave, lane, address, thread index in the block) of every global load's lane."""
    base = original(target, kernel)
    geo = Geometry(CASES[kernel])
    for e in base.sim.events:
        if kind(base.instructions[e.index]) == "ld":
            for lane, addr, _ in global_lanes(e):
                yield e.wave, lane, addr, geo.thread(e.wave, lane) % geo.tpb


def values(maps, name: str) -> dict:
    m = maps[name]
    return {f: m[f].tolist() for f in m.dtype.names}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("kernel", KERNELS)
def test_hist_with_register_and_float_values_combines_lanes_exactly(target, kernel):
    text = ("map h: hist[16] u64;\nmap g: hist[16] s32;\nmap f: hist[16] f32;\nmap d: hist[16] f64;\n"
            "before ld.global { h[(u32)(ADDR >> 6) & 15] += ADDR;\n"
            "  g[(u32)(ADDR >> 6) & 15] += (s32)threadid() - 20;\n"
            "  f[(u32)(ADDR >> 6) & 15] += (f32)threadid() * 0.5;\n"
            "  d[(u32)(ADDR >> 6) & 15] += (f64)(ADDR & 0xffff) + 0.25; }\n")
    run = instrumented(target, kernel, load(text, "hist_regs.probe"))
    h, g, f, d = Counter(), Counter(), Counter(), Counter()
    for _, _, addr, t in loads(target, kernel):
        b = (addr >> 6) & 15
        h[b] += addr
        g[b] += t - 20
        f[b] += t * 0.5                 # halves of small integers: exact in any order
        d[b] += (addr & 0xffff) + 0.25
    assert sum(h.values()) > 0
    got = {k: v["value"] if isinstance(v, dict) and "value" in v else v
           for k, v in ((n, values(run.maps, n)) for n in "hgfd")}
    assert got["h"] == [h[b] & M64 for b in range(16)]
    assert got["g"] == [((g[b] + (1 << 31)) & M32) - (1 << 31) for b in range(16)]
    assert got["f"] == [float(np.float32(f[b])) for b in range(16)]
    assert got["d"] == [d[b] for b in range(16)]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("kernel", KERNELS)
def test_coarse_counters_sum_each_warp_once_and_are_exact(target, kernel):
    text = ("map b[block]: counter { u64 addr; u32 n; s32 t; }\nmap s[sm]: counter { u64 addr; }\n"
            "map k[kernel]: counter { u64 addr; u32 n; }\n"
            "before ld.global { b.addr += ADDR; b.n += 1; b.t += (s32)threadid() - 20;\n"
            "  s.addr += ADDR; k.addr += ADDR; k.n += threadid(); }\n")
    run = instrumented(target, kernel, load(text, "coarse.probe"))
    geo = Geometry(CASES[kernel])
    block, sm, total = defaultdict(lambda: [0, 0, 0]), Counter(), [0, 0]
    for wave, _, addr, t in loads(target, kernel):
        row = block[wave // geo.waves_per_block]
        row[0], row[1], row[2] = row[0] + addr, row[1] + 1, row[2] + t - 20
        sm[sm_of(wave, geo, target) % SM_ROWS] += addr
        total[0], total[1] = total[0] + addr, total[1] + t
    assert block
    b = values(run.maps, "b")
    got = {i: (b["addr"][i], b["n"][i], b["t"][i]) for i in range(len(b["addr"])) if b["n"][i]}
    assert got == {i: (a & M64, n, ((t + (1 << 31)) & M32) - (1 << 31)) for i, (a, n, t) in block.items()}
    s = values(run.maps, "s")["addr"]
    assert {i: v for i, v in enumerate(s) if v} == {i: v & M64 for i, v in sm.items()}
    k = values(run.maps, "k")
    assert (k["addr"], k["n"]) == ([total[0] & M64], [total[1] & M32])

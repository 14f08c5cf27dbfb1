"""Probes at scalar memory accesses run once per wave, whatever EXEC holds: an ``s_store``,
``s_atomic`` or ``s_load`` is one access of the wave, made with EXEC full, partial or 0 alike,
and its probes' code runs once, in lane 0 (`targets.gcn.render.Once`). Checked on the wave
simulator (tests/gcn_wave.py) against what the kernel's run did: byte counters count a scalar
access once per wave (and vector stores once per lane, as before), records are one per wave and
access with lane 0's ids, the kernel's instruction stream and buffers are unchanged, also where
the probe's VGPRs are stashed in AGPRs around every site (lane 0 inactive there keeps its
values); and the instrumented code assembles and links."""
from __future__ import annotations

from collections import Counter

import pytest
from test_gcn_external import module, needs
from test_gcn_simulated import check_unchanged, simulate_instrumented, simulate_original

from neutrino_py.asm.gcn import Instruction
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.assemble import gcn as tools
from neutrino_py.probe import load
from neutrino_py.splice import instrument

GRID, BLOCK = (2, 1, 1), (100, 1, 1)       # 4 waves: two of 64 lanes, two of 36
BUFFER = 2 * 1024                          # 1 KiB per workgroup
LANE_0_OFF = 0xff00                        # partial EXEC without lane 0

# gfx90a (scalar stores and atomics): kernarg pointer in s[4:5], workgroup id x in s6; each
# workgroup works on p + 1 KiB * wg, its second wave on the upper half. Sites: a store with
# EXEC full, a store and an atomic with lanes 8-15, a store and a returning atomic with EXEC 0,
# then a vector store in every lane of what SCC (set before the first site) says after the last.
STORES = """\ts_load_dwordx2 s[2:3], s[4:5], 0x0
\ts_waitcnt lgkmcnt(0)
\ts_mov_b64 s[10:11], exec
\tv_lshrrev_b32_e32 v2, 6, v0
\tv_readfirstlane_b32 s7, v2
\ts_lshl_b32 s7, s7, 9
\ts_lshl_b32 s8, s6, 10
\ts_add_u32 s7, s7, s8
\ts_add_u32 s2, s2, s7
\ts_addc_u32 s3, s3, 0
\ts_mov_b32 s8, 1
\ts_mov_b32 s9, 2
\ts_cmp_eq_u32 s8, 1
\ts_store_dword s8, s[2:3], 0x0
\ts_mov_b64 exec, 0xff00
\ts_store_dwordx2 s[8:9], s[2:3], 0x8
\ts_atomic_add s8, s[2:3], 0x10
\ts_mov_b64 exec, 0
\ts_store_dword s9, s[2:3], 0x18
\ts_atomic_add s8, s[2:3], 0x1c glc
\ts_mov_b64 exec, s[10:11]
\ts_waitcnt lgkmcnt(0)
\ts_dcache_wb
\tv_and_b32_e32 v1, 63, v0
\tv_lshlrev_b32_e32 v1, 2, v1
\ts_cselect_b32 s8, 5, 7
\tv_mov_b32_e32 v2, s8
\tglobal_store_dword v1, v2, s[2:3] offset:256
\ts_endpgm"""
# scalar sites: (offset, bytes, EXEC there, atomic)
SITES = [(0x0, 4, "full", False), (0x8, 8, LANE_0_OFF, False), (0x10, 4, LANE_0_OFF, True),
         (0x18, 4, 0, False), (0x1c, 4, 0, True)]

# gfx942 (scalar loads only): kernarg pointer in s[0:1]; a load with EXEC 0
LOADS = """\ts_mov_b64 s[10:11], exec
\ts_mov_b64 exec, 0
\ts_load_dwordx2 s[4:5], s[0:1], 0x0
\ts_mov_b64 exec, s[10:11]
\ts_waitcnt lgkmcnt(0)
\tv_and_b32_e32 v1, 63, v0
\tv_lshlrev_b32_e32 v1, 2, v1
\tv_mov_b32_e32 v2, s4
\tglobal_store_dword v1, v2, s[4:5]
\ts_endpgm"""

COUNTER = """map g[{level}]: counter {{ u64 stored; u64 atomic; u64 vstored; }}
before st.scalar {{ g.stored += BYTES; }}
before atom.scalar, red.scalar {{ g.atomic += BYTES; }}
before st.global {{ g.vstored += BYTES; }}
"""
RECORDS = """map d[thread]: record {{ u64 addr; u32 bytes; u32 lane; u32 tid; u32 active; }} pool 1 << 12
{when} st.scalar, atom.scalar, red.scalar {{ d.save(ADDR, BYTES, laneid(), threadid(), activemask()); }}
"""
ROWS = """map w[warp]: record(8) { u32 pc; u32 active; }
before st.scalar, atom.scalar, red.scalar { w.save(PC, activemask()); }
"""


def waves() -> list[tuple[int, int]]:
    """(workgroup, wave in it) of the launch."""
    per = -(-BLOCK[0] // 64)
    return [(g, k) for g in range(GRID[0]) for k in range(per)]


def base_of(run, g: int, k: int) -> int:
    return run.buffers[0] + 1024 * g + 512 * k


def runs(text: str, probe: str, mcpu: str = "gfx90a", vgprs: int = 3):
    src = module(mcpu, text, vgprs=vgprs, sgprs=12)
    args = [bytes(BUFFER), 0]
    base = simulate_original(src, "k.s", "k", GRID, BLOCK, args)
    run = simulate_instrumented(src, "k.s", "k", GRID, BLOCK, args, load(probe, "p.probe"))
    check_unchanged(base, run)
    return base, run


def test_the_simulator_makes_scalar_accesses_once_per_wave_whatever_exec():
    base = simulate_original(module("gfx90a", STORES, vgprs=3, sgprs=12), "k.s", "k", GRID, BLOCK,
                             [bytes(BUFFER), 0])
    mem = base.memory.bytes(base.buffers[0])
    for g, k in waves():
        at = 1024 * g + 512 * k
        word = lambda off: int.from_bytes(mem[at + off:at + off + 4], "little")  # noqa: E731
        assert [word(0), word(8), word(12), word(0x10), word(0x18), word(0x1c)] == [1, 1, 2, 1, 2, 1]
        assert word(256) == 5                              # SCC held from before the first site
    scalar = [e for e in base.sim.events if base.instructions[e.index].opcode.startswith(("s_store", "s_atomic"))]
    assert len(scalar) == len(SITES) * len(waves())
    assert {e.exec for e in scalar} >= {0, LANE_0_OFF}
    assert all(len(e.access) == 1 and e.access[0][0] == -1 for e in scalar)


@pytest.mark.parametrize("level", ["kernel", "sm", "thread"])
def test_byte_counters_count_a_scalar_access_once_per_wave(level):
    """gmem_bytes-style counters: 16 scalar bytes stored and 8 atomic per wave whatever EXEC
    held at each access (16x and 64x too many, and EXEC 0 missed, when every active lane ran
    the probe); the vector store still counts its lanes. At [thread] the scalar bytes are lane
    0's, the wave's first thread."""
    _, run = runs(STORES, COUNTER.format(level=level))
    g = run.maps["g"]
    stored, atomic, vstored = (g[f].astype(int) for f in ("stored", "atomic", "vstored"))
    n = len(waves())
    assert (stored.sum(), atomic.sum(), vstored.sum()) == (16 * n, 8 * n, 4 * 2 * BLOCK[0])
    if level == "thread":
        firsts = [BLOCK[0] * grp + 64 * k for grp, k in waves()]
        assert [i for i in range(len(stored)) if stored[i]] == firsts
        assert all(stored[i] == 16 and atomic[i] == 8 for i in firsts)


@pytest.mark.parametrize("when", ["before", "after"])
def test_records_are_one_per_wave_and_access_with_lane_0s_ids(when):
    """dmat-style records: one per wave and scalar access (5 per wave), with EXEC full,
    partial without lane 0, or 0; ADDR the wave's address, laneid() 0, threadid() the wave's
    first thread, activemask() lane 0 alone. `after` reads ADDR captured before the access."""
    base, run = runs(STORES, RECORDS.format(when=when))
    d = run.maps["d"]
    assert run.maps.dropped["d"] == 0
    got = Counter(zip(d["addr"].tolist(), d["bytes"].tolist(), d["lane"].tolist(),
                      d["tid"].tolist(), d["active"].tolist()))
    want = Counter((base_of(base, g, k) + off, nbytes, 0, 64 * k, 1)
                   for g, k in waves() for off, nbytes, _, _ in SITES)
    assert got == want


def test_a_warp_row_gets_one_record_per_wave_and_access():
    """A [warp] record(8): the wave's first 32-lane warp holds its 5 scalar accesses, each with
    activemask() 1; the second warp none."""
    base, run = runs(STORES, ROWS)
    w = run.maps["w"]
    pcs = [n for n, s in enumerate(base.instructions) if s.opcode.startswith(("s_store", "s_atomic"))]
    warps_per_block = -(-BLOCK[0] // 32)
    firsts = {warps_per_block * g + 2 * k for g, k in waves()}
    got = Counter(zip(w["unit"].tolist(), w["pc"].tolist(), w["active"].tolist()))
    assert got == Counter((u, pc, 1) for u in firsts for pc in pcs)


def test_a_scalar_load_with_exec_0_is_counted_on_gfx942():
    probe = """map g[kernel]: counter { u64 loaded; }
before ld.const { g.loaded += BYTES; }
"""
    _, run = runs(LOADS, probe, mcpu="gfx942")
    assert int(run.maps["g"]["loaded"].sum()) == 8 * len(waves())


def test_lane_0_keeps_its_vgprs_where_the_probe_stashes_them():
    """At the VGPR limit the probe's VGPRs take kernel VGPRs, saved in AGPRs around every site.
    At a site where lane 0 is inactive the once-per-wave code still writes lane 0's: the stash
    saves and restores lane 0 there too, so its values (stored after) are the kernel's."""
    text = STORES.replace("\ts_mov_b64 exec, 0xff00", "".join(
        f"\tv_add_u32_e32 v{r}, {r - 240}, v0\n" for r in range(240, 256)) + "\ts_mov_b64 exec, 0xff00")
    text = text.replace("\tv_mov_b32_e32 v2, s8", "\tv_add_u32_e32 v2, v240, v255\n" + "".join(
        f"\tv_add_u32_e32 v2, v2, v{r}\n" for r in range(241, 255)))
    base, run = runs(text, RECORDS.format(when="after"), vgprs=256)
    assert any("stashed" in w for w in run.warnings)
    assert run.maps.dropped["d"] == 0 and len(run.maps["d"]) == len(SITES) * len(waves())


@pytest.mark.parametrize("mcpu,text", [("gfx90a", STORES), ("gfx942", LOADS)], ids=["gfx90a", "gfx942"])
def test_once_per_wave_code_keeps_scc_and_assembles(mcpu, text):
    """The site saves EXEC in an SGPR pair the descriptor counts and writes no VCC (SCC: the
    simulated kernels store what SCC held across the sites); llvm-mc and ld.lld take the
    result."""
    m = parse_gcn(module(mcpu, text, vgprs=3, sgprs=12), "k.s")
    records = RECORDS.format(when="after").replace("map d", "map e").replace("d.save", "e.save")
    instrument(m, load(COUNTER.format(level="sm") + records.replace("st.scalar,", "ld.const, st.scalar,"),
                       "p.probe"))
    code = [s for s in m.statements if isinstance(s, Instruction)]
    once = [n for n, s in enumerate(code) if s.opcode == "s_mov_b64" and str(s.operands[0]) == "exec"
            and str(s.operands[1]) == "1"]
    assert once
    saved = {code[n - 1].operands[0].first for n in once}
    assert max(saved) + 2 <= m.kernel("k").descriptor.get("next_free_sgpr")
    assert not any(r.file.startswith("vcc") for s in code for r in s.regs())
    needs(mcpu)
    tools.gcn_to_object(m.to_text(), m.target_id)


SCALAR_SITES = """map g[kernel]: counter { u64 bytes; u64 sites; }
map d[thread]: record { u64 addr; u32 bytes; u32 lane; u32 active; } pool 1 << 14
before ld.const, st.scalar, atom.scalar, red.scalar { g.bytes += BYTES; g.sites += 1; }
after ld.const, st.scalar, atom.scalar, red.scalar { d.save(ADDR, BYTES, laneid(), activemask()); }
"""


@pytest.mark.parametrize("target", ["gfx90a", "gfx942"])
@pytest.mark.parametrize("kernel", ["vector_add", "reduce_sum", "branchy", "nested_loops", "block_max"])
def test_corpus_scalar_loads_count_once_per_wave(target, kernel):
    """The hand-written corpus kernels' ``s_load``s (kernel arguments, by the wave): the counter
    adds each one's bytes once per wave that made it, and each gets one record, lane 0's, with
    the address the simulator read (`after`: ADDR captured before the load, which may overwrite
    its base)."""
    import test_gcn_simulated as sim
    if kernel not in sim.CASES:
        pytest.skip(f"{kernel} is not a simulated corpus case")
    base = sim.original(target, kernel)
    run = sim.instrumented(target, kernel, load(SCALAR_SITES, "p.probe"))
    check_unchanged(base, run)
    # the instrumented run's own loads: its reads of hidden arguments moved with them
    loads = [e for e in run.sim.events if base.instructions[e.index].opcode.startswith("s_load")]
    assert loads and len(loads) == sum(base.instructions[e.index].opcode.startswith("s_load")
                                       for e in base.sim.events)
    g = run.maps["g"]
    assert (int(g["bytes"].sum()), int(g["sites"].sum())) == (sum(e.access[0][2] for e in loads), len(loads))
    d = run.maps["d"]
    assert run.maps.dropped["d"] == 0
    got = Counter(zip(d["addr"].tolist(), d["bytes"].tolist(), d["lane"].tolist(), d["active"].tolist()))
    assert got == Counter((e.access[0][1], e.access[0][2], 0, 1) for e in loads)


def _corpus(target: str) -> list:
    from test_gcn_simulated import CORPUS
    return sorted(CORPUS.glob(f"*.{target}.s"))


@pytest.mark.parametrize("path", _corpus("gfx90a") + _corpus("gfx942"), ids=lambda p: p.name)
def test_corpus_modules_with_scalar_site_probes_assemble_and_link(path):
    """Every kernel of the broad corpus, instrumented at its scalar memory accesses (once per
    wave: EXEC saved in an SGPR pair, set to lane 0, restored), assembles and links."""
    mcpu = path.name.split(".")[-2]
    needs(mcpu)
    m = parse_gcn(path.read_text(), path.name)
    result = instrument(m, load(SCALAR_SITES + ROWS.replace("st.scalar,", "ld.const, st.scalar,"), "p.probe"))
    assert sum(sum(man.positions.values()) for man in result.manifests.values()) > 0
    tools.gcn_to_object(m.to_text(), m.target_id)

"""Byte totals of `gmem_bytes` and `operators` are the bytes the kernel moved, whatever records
hold them: dmat's (one per thread's access), memtrace's (one per warp-level access, its active
lanes in a mask: summed once per lane, not once per record, which under-counted by the active
lanes, 32x for a full warp) and gmem_bytes' counters. Every trace comes from the CPU simulator
running the kernel under the probe; the oracle is the kernel's own accesses counted in NumPy."""
from __future__ import annotations

import numpy as np
import pytest

import neutrino_py as nt
from neutrino_py.asm import parse_ptx
from neutrino_py.probe import load
from neutrino_py.splice import instrument
from neutrino_py.tools.base import exact_sum
from neutrino_py.tracedir import TraceWriter
from test_splice_simulated import CASES, GATHER, corpus, floats, launch, stock

# memtrace with its BYTES a `lanes` field too: summed over the lanes `expand` rebuilds
LANES_BYTES = ("map mem[warp]: record { u32 pc; lanes bytes; lanes addr; } pool 1 << 16\n"
               "after ld.global, st.global { mem.save(PC, BYTES, ADDR); }")


def gather_args(case: str) -> tuple[dict, int]:
    """GATHER's arguments for a case of test_splice_simulated (100 threads of 144, 48 a block:
    the last warp partial; `skip` leaves every third thread out, so the warps diverge), and its
    bytes: a 4-byte load of idx and of src and a 4-byte store per thread that runs."""
    idx, skip = CASES[case]
    args = {"idx": idx.astype(np.uint32).tobytes(), "src": bytes(4 * 400), "dst": bytes(4 * 100),
            "n": 100, "skip": skip}
    return args, 12 * int((np.arange(100) % 3 != skip).sum())


def kernels() -> dict[str, tuple]:
    """name -> (PTX, grid, block, args, bytes the kernel moves)."""
    n = 70                                     # two blocks of 48: warps of 32, 16, 22 and 0 lanes
    add = {"a": floats(n, 1), "b": floats(n, 2), "c": bytes(4 * n), "n": n}
    out = {"vector_add": (corpus("vector_add"), (2, 1, 1), (48, 1, 1), add, 12 * n)}
    for case in ("divergent", "divergent_gather", "gather"):
        args, moved = gather_args(case)
        out[f"gather:{case}"] = (GATHER, (3, 1, 1), (48, 1, 1), args, moved)
    # a grid-stride loop: threads 0-3 make 3 trips, the others 2 (the warp parts in the loop)
    out["saxpy"] = (corpus("saxpy"), (1, 1, 1), (48, 1, 1),
                    {"n": 100, "alpha": 0x40000000, "x": floats(100, 3), "y": floats(100, 4)},
                    12 * 100)
    return out


KERNELS = kernels()


def traced(tmp_path, name: str, ptx: str, program, grid, block, args) -> tuple[nt.Trace, dict]:
    """A one-launch trace of `ptx` simulated under `program`, with its kernel's manifest (the
    maps' levels and dtypes), and the maps read back."""
    maps = launch(ptx, program, grid, block, args)[0]
    (kernel, manifest), = instrument(parse_ptx(ptx, cache=False), program).manifests.items()
    w = TraceWriter.start(tmp_path / name, command=[kernel], device={"name": "sim"})
    k = w.kernel(kernel, ptx=ptx, instrumented_ptx="// +", source="nvcc",
                 manifest=manifest.to_json())
    w.launch(k, grid=grid, block=block, start_ns=0, end_ns=1000, maps=dict(maps),
             dropped=maps.dropped)
    w.close()
    return nt.Trace(tmp_path / name), maps


def totals(trace: nt.Trace) -> tuple[int, int]:
    """The one kernel's bytes as gmem_bytes and operators report them."""
    (k,) = trace.report("gmem_bytes").data["kernels"].values()
    return k["bytes"], trace.report("operators").data["operators"]["(no operator)"]["bytes"]


@pytest.mark.parametrize("probe", ["dmat", "memtrace", "lanes_bytes", "gmem_bytes"])
@pytest.mark.parametrize("kernel", sorted(KERNELS))
def test_byte_totals_equal_the_bytes_the_kernel_moved(tmp_path, kernel, probe):
    ptx, grid, block, args, moved = KERNELS[kernel]
    program = load(LANES_BYTES) if probe == "lanes_bytes" else stock(probe)
    trace, maps = traced(tmp_path, probe, ptx, program, grid, block, args)
    assert totals(trace) == (moved, moved)
    report = trace.report("gmem_bytes")
    assert not any("did not fit" in n or "lanes_lost" in n or "leader" in n for n in report.notes)
    if probe == "gmem_bytes":                  # counters, summed over lanes on the device
        g = maps["gmem"]
        assert int(g["loaded"].sum()) + int(g["stored"].sum()) == moved
        return
    assert trace.report("dmat").data["kernels"][trace.launches[0].kernel]["bytes"] == moved
    if probe != "dmat":                        # warp-level records: fewer than the accesses
        rec = maps["mem"]
        lanes = sum(bin(int(m)).count("1") for m in rec["addr_mask"])
        assert 4 * lanes == moved and len(rec) < lanes
        if probe == "memtrace":                # what one count per record said
            assert exact_sum(rec["bytes"]) == 4 * len(rec) < moved


def test_gcn_memtrace_dmat_and_counters_agree_without_a_manifest(tmp_path):
    """vector_add on the gfx90a wave simulator (70 threads of 96, wave64: a record per 32-lane
    half), stored as older traces were, with no manifest: the `lanes` fields of the dtype alone
    say a record is warp-level."""
    from test_gcn_simulated import CASES as GCN, _text, simulate_instrumented
    case = GCN["vector_add"]
    got = {}
    for probe in ("dmat", "memtrace", "gmem_bytes"):
        maps = simulate_instrumented(_text(case.file, "gfx90a"), f"{case.file}.gfx90a.s",
                                     "vector_add", case.grid, case.block, case.args,
                                     stock(probe)).maps
        w = TraceWriter.start(tmp_path / probe, command=["vector_add"], device={"name": "sim"})
        k = w.kernel("vector_add", ptx="// gcn", instrumented_ptx="// +", source="hipcc",
                     manifest={"maps": []})
        w.launch(k, grid=case.grid, block=case.block, start_ns=0, end_ns=1000, maps=dict(maps),
                 dropped=maps.dropped)
        w.close()
        got[probe] = totals(nt.Trace(tmp_path / probe))
    assert got == dict.fromkeys(got, (12 * 70, 12 * 70))


def lossy(tmp_path, fields: str) -> tuple[nt.Trace, np.ndarray]:
    """GATHER on 3 blocks of 64 threads, saving `ADDR * ADDR` (a gather: the lanes' values go
    to the companion) in a pool of 4 records: 4 of 12 records kept, 8 dropped, and of the kept
    records' 128 lanes 32 values kept (test_tools_memtrace LOSSES "both")."""
    program = load(f"map mem[warp]: record {{ u32 pc; {fields}; lanes addr; }} pool 4\n"
                   "after ld.global { mem.save(PC, BYTES, ADDR * ADDR); }")
    n = 64 * 3
    trace, maps = traced(tmp_path, "lossy", GATHER, program, (3, 1, 1), (64, 1, 1),
                         {"idx": np.arange(n, dtype=np.uint32).tobytes(), "src": bytes(4 * n),
                          "dst": bytes(4 * n), "n": n, "skip": 3})
    assert (len(maps["mem"]), maps.dropped["mem"]) == (4, 8)
    return trace, maps["mem"]


def test_lost_lanes_keep_their_bytes_and_dropped_records_make_lower_bounds(tmp_path):
    """A kept record's lanes whose addresses did not fit still moved its width each: they are
    counted (4 records x 32 lanes x 4 bytes), where dmat, which needs the addresses, counts the
    32 lanes rebuilt. The 8 dropped records make every total a lower bound, said once."""
    trace, rec = lossy(tmp_path, "u32 bytes")
    kept = sum(bin(int(m)).count("1") for m in rec["addr_mask"])
    assert kept == 128 and totals(trace) == (4 * kept, 4 * kept)
    dmat = trace.report("dmat").data["kernels"]["gather"]
    assert (dmat["bytes"], dmat["dropped"], dmat["lanes_lost"]) == (4 * 32, 8, 96)
    for tool in ("gmem_bytes", "operators"):
        notes = trace.report(tool).notes
        assert [n for n in notes if "did not fit" in n or "lanes_lost" in n] == [
            "8 record(s) did not fit their map (for a map with `lanes` fields, memtrace's, each "
            "is one warp-level access, all of its lanes lost with it): counts are lower bounds; "
            "give the map a larger pool or capacity",
            "96 lane(s) of kept records in 1 map(s) cannot be rebuilt (lanes_lost: their values "
            "did not fit the companion pool <map>__<field>); the lanes of dropped records are "
            "not among them",
            "bytes of lanes_lost lanes are counted: a record keeps its active mask and its "
            "width, only the lanes' values are lost"], tool


def test_a_lanes_byte_field_counts_the_lanes_rebuilt_as_a_lower_bound(tmp_path):
    """With BYTES itself a `lanes` field, a lane's width is known only where its lane is
    rebuilt: the 32 lanes whose addresses fit, and a note says the totals are lower bounds."""
    trace, _ = lossy(tmp_path, "lanes bytes")
    assert totals(trace) == (4 * 32, 4 * 32)
    notes = trace.report("gmem_bytes").notes
    assert ("bytes of lanes_lost lanes of 1 map(s) whose byte field is a `lanes` field are left "
            "out: byte counts are lower bounds") in notes
    assert not any(n.startswith("bytes of lanes_lost lanes are counted") for n in notes)


def test_warp_records_without_a_mask_count_once_per_record_and_say_so(tmp_path):
    """A `[warp]` record with no `lanes` field holds its leader's BYTES and no mask: nothing can
    say how many lanes it stands for, so it counts once and the manifest's level names it in a
    note. vector_add's 3 warps that run make 3 accesses each."""
    ptx, grid, block, args, moved = KERNELS["vector_add"]
    program = load("map w[warp]: record { u32 bytes; } pool 1024\n"
                   "after ld.global, st.global { w.save(BYTES); }")
    trace, maps = traced(tmp_path, "coarse", ptx, program, grid, block, args)
    assert len(maps["w"]) == 9 and totals(trace) == (4 * 9, 4 * 9) and 4 * 9 < moved
    note = ("map(s) w [warp] keep one record per warp or coarser unit with no active-lane mask: "
            "their bytes are the leader's, counted once per record, not per thread; record at "
            "[thread] level, or give the record a `lanes` field (probes/memtrace.probe) to "
            "count every lane")
    assert note in trace.report("gmem_bytes").notes and note in trace.report("operators").notes


def test_weighted_sums_stay_exact_past_two_to_the_64():
    column = np.array([2 ** 64 - 1, 2 ** 63, 5, 0], np.uint64)
    weights = np.array([32, 3, 0, 7])
    assert exact_sum(column, weights) == 32 * (2 ** 64 - 1) + 3 * 2 ** 63
    signed = np.array([-2 ** 63, 2 ** 63 - 1, -1], np.int64)
    assert exact_sum(signed, np.array([32, 31, 1])) == -32 * 2 ** 63 + 31 * (2 ** 63 - 1) - 1
    assert exact_sum(np.array([7, 9], np.uint32), np.array([32, 1])) == 233

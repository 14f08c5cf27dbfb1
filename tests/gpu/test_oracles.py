"""Stock probes' numbers checked against facts known without the probe (DESIGN §7 oracles)."""
from __future__ import annotations

import numpy as np
import pytest

from corpus_runs import CORPUS, corpus_kernel, native, recipe, run_recipe

pytestmark = pytest.mark.gpu

VA = ("cuda/vector_add.sm_90.ptx", "vector_add")


def probed(file_kernel: tuple[str, str], probe):
    import neutrino_py as nt

    p = probe if isinstance(probe, nt.Probe) else nt.Probe.from_file(probe)
    return run_recipe(corpus_kernel(*file_kernel).instrument(p), recipe(*file_kernel))


def test_dmat_vector_add_addresses_are_exactly_a_b_c_plus_4i():
    out = probed(VA, "dmat")
    n = recipe(*VA)["params"][3]["value"]
    i = np.arange(n, dtype=np.uint64)
    want = np.concatenate([out.addresses[name] + 4 * i for name in ("a", "b", "c")])
    recs = out.run.maps["dmat"]
    assert out.run.dropped["dmat"] == 0 and len(recs) == 3 * n
    assert np.array_equal(np.sort(recs["addr"]), np.sort(want))
    assert set(np.unique(recs["bytes"]).tolist()) == {4}


GENERIC = "cuda/generic.sm_90.ptx"


@pytest.mark.parametrize("file,kernel", [VA, ("cuda/saxpy.sm_90.ptx", "saxpy"),
                                         ("cuda/sgemm.sm_90.ptx", "sgemm_tiled"),
                                         (GENERIC, "through_table"),
                                         (GENERIC, "shared_or_global")])
def test_gmem_bytes_equal_the_analytic_count(file, kernel):
    """Also through generic addresses: a pointer read back from memory (whose accesses count),
    and one load that reaches shared memory on odd threads (whose lanes do not)."""
    gmem = probed((file, kernel), "gmem_bytes").run.maps["gmem"]
    want = recipe(file, kernel)["gmem_bytes"]
    assert int(gmem["loaded"].sum()) == want["load"]
    assert int(gmem["stored"].sum()) == want["store"]
    assert int(gmem["atomic"].sum()) == 0


def test_dmat_sees_generic_accesses_to_global_memory_and_only_those():
    """`ld.f32 [p]` through pointers read back from memory: dmat holds each thread's load of
    a[i] and store of out[i] besides its table accesses; through a pointer that is shared on odd
    threads, only the even threads' loads of a."""
    import neutrino_py as nt
    from neutrino_py.paths import probe_file

    big = nt.Probe(probe_file("dmat").read_text().replace("pool 1 << 22", "pool 1 << 23"))
    out = probed((GENERIC, "through_table"), big)
    n = recipe(GENERIC, "through_table")["params"][3]["value"]
    i = np.arange(n, dtype=np.uint64)
    table = out.addresses["table"]
    want = [(out.addresses["a"] + 4 * i, 4), (out.addresses["out"] + 4 * i, 4)] + \
        [(table + 8 * i, 8)] * 2 + [(table + 8 * (n + i), 8)] * 2
    recs = out.run.maps["dmat"]
    assert out.run.dropped["dmat"] == 0 and len(recs) == 6 * n
    assert np.array_equal(np.sort(recs["addr"]), np.sort(np.concatenate([a for a, _ in want])))
    assert int(recs["bytes"].astype(np.int64).sum()) == 4 * 2 * n + 8 * 4 * n

    out = probed((GENERIC, "shared_or_global"), "dmat")
    rec = recipe(GENERIC, "shared_or_global")
    n = rec["params"][2]["value"]
    even = np.arange(0, n, 2, dtype=np.uint64)          # nvcc loads where i < n only
    loads = out.addresses["a"] + 4 * even
    stores = out.addresses["out"] + 4 * np.arange(n, dtype=np.uint64)
    recs = out.run.maps["dmat"]
    assert out.run.dropped["dmat"] == 0
    assert np.array_equal(np.sort(recs["addr"]), np.sort(np.concatenate([loads, stores])))


def blocks(rec: dict) -> np.ndarray:
    """Unit indices of every block of the launch (the stock block_sched's rows)."""
    return np.arange(int(np.prod(rec["grid"])))


def test_block_sched_one_record_per_block_on_real_sms_inside_the_kernel_window():
    from neutrino_py.runtime import device

    file, kernel = "cuda/sgemm.sm_90.ptx", "sgemm_tiled"
    rec = recipe(file, kernel)
    out = probed((file, kernel), "block_sched")
    sched = out.run.maps["sched"]
    assert np.array_equal(sched["unit"], blocks(rec))
    assert sched["sm"].max() < device().sm_count
    assert (sched["start"] > 0).all() and (sched["elapsed"] > 0).all()
    span_ns = int((sched["start"] + sched["elapsed"]).max() - sched["start"].min())
    assert 0 < span_ns <= out.run.elapsed_ms * 1e6 + 1000   # globaltimer ticks at 1 us at worst


def test_opcode_mix_total_matches_the_instructions_on_each_warps_path():
    ptx = corpus_kernel(*VA).ptx
    body = ptx[ptx.index("{", ptx.index(".entry vector_add")):]
    lines = [ln.strip() for ln in body.splitlines()]
    instrs = [ln for ln in lines if ln.endswith(";") and not ln.startswith((".", "//"))]
    head = instrs.index(next(ln for ln in instrs if " bra" in ln)) + 1   # up to the guarded branch
    tail = 1                                                              # `ret` at the join label
    work = len(instrs) - head - tail
    rec = recipe(*VA)
    n, threads = rec["params"][3]["value"], rec["grid"][0] * rec["block"][0]
    busy = -(-n // 32)                     # warps with at least one lane below n
    idle = threads // 32 - busy
    want = busy * (head + work + tail) + idle * (head + tail)
    mix = probed(VA, "opcode_mix").run.maps["mix"]
    assert (head, work, tail) == (10, 11, 1)
    assert int(mix["total"].sum()) == want
    assert int(mix["load"].sum()) == busy * 2 + (busy + idle) * 4   # 2 ld.global + 4 ld.param
    assert int(mix["store"].sum()) == busy


TIMED = ("cuda/timed_matmul.sm_90.ptx", "timed_matmul")


def test_time_range_cycles_agree_with_clock64_in_the_source():
    """The stock probe saves each warp's range at its exit: inside the marks it adds a clock read
    and two adds, nothing of its save, so its window lies inside the kernel's own clock64() reads
    around the same marks. Its records come in reservation order, so ranks are compared: the
    probe is never longer, and every rank agrees within 1%."""
    out = probed(TIMED, "time_range")
    ranges, source = out.run.maps["ranges"], out.nondeterministic["cycles"]
    assert len(ranges) == len(source) and out.run.dropped["ranges"] == 0
    assert (ranges["count"] == 1).all()
    got, want = np.sort(ranges["cycles"]).astype(np.float64), np.sort(source).astype(np.float64)
    assert (got <= want).all(), f"probe longer than the source window by {(got - want).max():.0f} cycles"
    err = (want - got) / want
    assert err.max() <= 0.01, f"worst rank off by {err.max():.2%} (median {np.median(err):.2%})"
    assert out.outputs["C"].tobytes() == native(*TIMED).outputs["C"].tobytes()


def test_hotness_counts_sum_to_the_number_of_global_accesses():
    pages = probed(VA, "hotness").run.maps["pages"]
    n = recipe(*VA)["params"][3]["value"]
    assert int(pages.view(np.uint64).sum()) == 3 * n
    out = probed(("cuda/sgemm.sm_90.ptx", "sgemm_tiled"), "hotness")
    gb = recipe("cuda/sgemm.sm_90.ptx", "sgemm_tiled")["gmem_bytes"]
    assert int(out.run.maps["pages"].view(np.uint64).sum()) == (gb["load"] + gb["store"]) // 4


@pytest.mark.parametrize("file,kernel", [VA, ("cuda/reduction.sm_90.ptx", "reduce_sum")])
def test_block_sched_exactly_one_record_per_short_lived_warp_without_its_filters(file, kernel):
    """Warps whose lanes all exit together take their slot from a register, not an atomic."""
    import neutrino_py as nt

    text = nt.Probe.from_file("block_sched").text.replace("[block]: row", "[warp]: record(1)")
    text = text.replace("/ warpid() == warps() - 1 / ", "")
    rec = recipe(file, kernel)
    out = probed((file, kernel), nt.Probe(text, file="block_sched_warps.probe"))
    sched = out.run.maps["sched"]
    warps = int(np.prod(rec["grid"])) * -(-int(np.prod(rec["block"])) // 32)
    assert np.array_equal(sched["unit"], np.arange(warps)) and out.run.dropped["sched"] == 0
    stock = probed((file, kernel), "block_sched").run.maps["sched"]
    assert np.array_equal(stock["unit"], blocks(rec))


@pytest.mark.parametrize("file,kernel", [("cuda/sgemm.sm_90.ptx", "sgemm_tiled"),
                                         ("cuda/reduction.sm_90.ptx", "reduce_sum")])
@pytest.mark.parametrize("level", ["block", "sm", "kernel"])
def test_coarse_counters_equal_the_sums_of_the_thread_counters(level, file, kernel):
    """[block], [sm] (8 device rows per SM id, folded) and [kernel] rows against [thread] rows of
    the same launch recipe: the same totals, and for [block] the same per-block sums.
    reduce_sum has a barrier of its own and warps that leave before their block's first."""
    import neutrino_py as nt

    text = nt.Probe.from_file("gmem_bytes").text
    rec = recipe(file, kernel)
    per = {lv: probed((file, kernel), nt.Probe(text.replace("map gmem[sm]", f"map gmem[{lv}]"),
                                               file=f"gmem_{lv}.probe")).run.maps["gmem"]
           for lv in ("thread", level)}
    for field in ("loaded", "stored", "atomic"):
        assert int(per[level][field].astype(np.uint64).sum()) == int(per["thread"][field].astype(np.uint64).sum())
    if level == "block":
        threads = int(np.prod(rec["block"]))
        sums = per["thread"]["loaded"].astype(np.uint64).reshape(-1, threads).sum(axis=1)
        assert np.array_equal(per["block"]["loaded"].astype(np.uint64), sums)
    if level == "kernel":
        assert len(per["kernel"]) == 1


def test_hist_lanes_with_register_values_combine_exactly():
    """Lanes of a warp that hit one bin add their own values with one atomic (match.any, redux):
    bin tid % 64 of vector add gets 3 x tid for every thread below n (two loads, one store)."""
    import neutrino_py as nt

    probe = nt.Probe("map h: hist[64] u64;\n"
                     "before ld.global, st.global { h[threadid() % 64] += (u64)threadid(); }\n",
                     file="hist_values.probe")
    rec = recipe(*VA)
    out = probed(VA, probe)
    n, block = rec["params"][3]["value"], int(np.prod(rec["block"]))
    tid = np.arange(n) % block
    want = np.bincount(tid % 64, weights=3 * tid, minlength=64).astype(np.uint64)
    got = out.run.maps["h"]
    got = got["value"] if got.dtype.names else got
    assert np.array_equal(got.astype(np.uint64), want)


def test_float_and_integer_fields_side_by_side_and_folded_shifts_keep_their_values():
    """A record whose vector stores mix float and integer fields (the floats go as their bits),
    and shifts folded when lowered against the same shifts computed on the device (a constant
    shift past the width or negative, even under casts, is the checker's error: tests/bad_probes)."""
    import neutrino_py as nt

    probe = nt.Probe("map m[thread]: record(1) { f32 a; u32 b; f64 c; u64 d; u64 e; u64 f; "
                     "u32 g; u32 h; }\n"
                     "entry { m.save((f32)threadid() * (f32)0.25, threadid() + 1, (f64)threadid() * (f64)1.5, "
                     "(u64)threadid() << 33, (u64)5 << (s64)(u32)3, "
                     "(u64)5 << ((s64)threadid() - (s64)4096), (u32)7 << ((u64)threadid() + 33), "
                     "(u32)7 << ((u64)threadid() + 40)); }\n", file="mixed.probe")
    rec = recipe(*VA)
    m = probed(VA, probe).run.maps["m"]
    threads = int(np.prod(rec["grid"])) * int(np.prod(rec["block"]))
    t = np.arange(threads) % int(np.prod(rec["block"]))
    assert len(m) == threads
    assert np.array_equal(m["a"], t.astype(np.float32) * np.float32(0.25))
    assert np.array_equal(m["b"], t + 1) and np.array_equal(m["c"], t * 1.5)
    assert np.array_equal(m["d"], t.astype(np.uint64) << np.uint64(33))
    assert (m["e"] == 40).all() and not m["f"].any() and not m["g"].any() and not m["h"].any()


def test_sharded_pool_overflow_is_counted_exactly():
    """pool 1 << 14 = 64 shards of 256 records, shard = warp index % 64: each shard keeps its
    first 256 reservations, and every access is either kept once or counted as dropped."""
    import neutrino_py as nt

    text = (nt.Probe.from_file("dmat").text).replace("pool 1 << 22", "pool 1 << 14")
    probe = nt.Probe(text, file="dmat-sharded.probe")
    out = probed(VA, probe)
    n = recipe(*VA)["params"][3]["value"]
    recs = out.run.maps["dmat"]
    i = np.arange(n, dtype=np.uint64)
    want = np.concatenate([out.addresses[name] + 4 * i for name in ("a", "b", "c")])
    assert out.run.manifest.maps[0].shards == 64
    assert len(recs) + out.run.dropped["dmat"] == 3 * n and len(recs) <= 1 << 14
    assert len(np.unique(recs["addr"])) == len(recs) and np.isin(recs["addr"], want).all()


def test_dropped_records_are_counted_exactly_when_the_pool_is_too_small():
    import neutrino_py as nt

    text = (nt.Probe.from_file("dmat").text).replace("pool 1 << 22", "pool 1000")
    out = probed(VA, nt.Probe(text, file="dmat-small.probe"))
    n = recipe(*VA)["params"][3]["value"]
    assert len(out.run.maps["dmat"]) == 1000
    assert out.run.dropped["dmat"] == 3 * n - 1000


def _accesses(out, name: str) -> np.ndarray:
    """Every lane's (buffer, offset, bytes) of a dmat or memtrace map, sorted; memtrace rebuilt
    lane by lane. Addresses are made relative to the launch's own buffers, since each launch
    allocates its inputs afresh."""
    from neutrino_py.maps.lanes import expand

    maps = out.run.maps
    rows = maps[name]
    if "addr_mask" in (rows.dtype.names or ()):
        rows, lost = expand(rows, {"addr": maps[f"{name}__addr"]})
        assert lost == 0
    names = sorted(out.addresses, key=out.addresses.get)
    bases = np.array([out.addresses[n] for n in names], np.uint64)
    addr = rows["addr"].astype(np.uint64)
    which = np.searchsorted(bases, addr, side="right") - 1
    assert (which >= 0).all()
    buffer = np.array([sorted(names).index(n) for n in names], np.uint64)[which]
    pairs = np.stack([buffer, addr - bases[which], rows["bytes"].astype(np.uint64)], axis=1)
    return pairs[np.lexsort((pairs[:, 2], pairs[:, 1], pairs[:, 0]))]


ACCESS = "cuda/access.sm_90.ptx"


@pytest.mark.parametrize("file,kernel", [VA, ("cuda/saxpy.sm_90.ptx", "saxpy"),
                                         ("cuda/reduction.sm_90.ptx", "reduce_sum"),
                                         ("cuda/sgemm.sm_90.ptx", "sgemm_tiled"),
                                         ("cuda/histogram.sm_90.ptx", "histogram_atomic"),
                                         (ACCESS, "strided_copy"), (ACCESS, "gather"),
                                         (ACCESS, "divergent"), (ACCESS, "vec4_scale"),
                                         ("triton/add_kernel.sm_90a.ptx", "add_kernel"),
                                         ("triton/softmax_kernel.sm_90a.ptx", "softmax_kernel"),
                                         ("triton/layer_norm_kernel.sm_90a.ptx",
                                          "layer_norm_kernel"),
                                         ("triton/matmul_kernel.sm_90a.ptx", "matmul_kernel"),
                                         (GENERIC, "through_table"),
                                         (GENERIC, "shared_or_global")])
def test_memtrace_rebuilds_exactly_the_addresses_dmat_records(file, kernel):
    """Contiguous (vector add, saxpy), a reduction whose lanes drop out, strided tiles (SGEMM),
    data-dependent atomics (histogram bins), a strided copy, a gather with random indices, lanes
    that diverge, 16-byte vector loads, and Triton's masked loads and stores (each under its own
    guard, their saves held back past later loads with the guard's value kept: the tail block of
    add_kernel, softmax's and layer_norm's rows shorter than the block), and a matmul's 64
    loads a pass, whose sites share one body of code (`targets.ptx.outline`, as add_kernel's
    memtrace sites do): the warp records, expanded, are dmat's lanes."""
    import neutrino_py as nt
    from neutrino_py.paths import probe_file

    big = {"dmat": ("pool 1 << 22", "pool 1 << 26"), "memtrace": ("pool 1 << 21", "pool 1 << 24")}
    runs = {}
    for name, (old, new) in big.items():
        text = probe_file(name).read_text()
        assert old in text
        runs[name] = probed((file, kernel), nt.Probe(text.replace(old, new)))
    dmat, mem = runs["dmat"], runs["memtrace"]
    assert dmat.run.dropped["dmat"] == 0
    assert mem.run.dropped["mem"] == mem.run.dropped["mem__addr"] == 0
    want = _accesses(dmat, "dmat")
    assert len(want) > 0 and np.array_equal(_accesses(mem, "mem"), want)


@pytest.mark.parametrize("file,kernel", [VA, ("cuda/reduction.sm_90.ptx", "reduce_sum")])
def test_a_module_for_sm_52_keeps_the_maps_and_outputs_of_sm_90(file, kernel):
    """PTX for sm_52 (nvcc's default) has no redux.sync or match.any.sync: its warp sums and lane
    groups are lane-by-lane shuffles. gmem_bytes' [sm] rows, a hist with register values and the
    kernel's outputs come out as with the same module for sm_90 (the [sm] rows as totals: which
    SM a block runs on varies from launch to launch)."""
    import neutrino_py as nt

    probes = [nt.Probe.from_file("gmem_bytes"),
              nt.Probe("map h: hist[64] u64;\n"
                       "before ld.global, st.global { h[threadid() % 64] += (u64)threadid() << 30; }\n",
                       file="hist_values.probe")]
    rec = recipe(file, kernel)
    text = (CORPUS / file).read_text()
    for probe in probes:
        got = {}
        for target in ("sm_90", "sm_52"):
            k = nt.Kernel.from_ptx(text.replace(".target sm_90", f".target {target}"), kernel)
            out = run_recipe(k.instrument(probe), rec)
            for name, want in native(file, kernel).outputs.items():
                assert np.array_equal(out.outputs[name], want), (target, name)
            maps = out.run.maps                  # [sm] rows: which SM a block ran on varies
            got[target] = ({f: int(maps["gmem"][f].astype(np.uint64).sum()) for f in ("loaded", "stored")}
                           if "gmem" in maps else maps["h"].tobytes())
        assert got["sm_52"] == got["sm_90"]

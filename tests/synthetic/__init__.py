"""Small synthetic traces with answers worked out by hand (see each test), and big ones for speed.

`standard(root)` writes one run through the real `TraceWriter`; the numbers in its docstring are
what the tools must find.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from neutrino_py.tracedir import TraceWriter

DMAT = np.dtype([("clock", "<u8"), ("addr", "<u8"), ("bytes", "<u4")], align=True)
SCHED = np.dtype([("start", "<u8"), ("elapsed", "<u8"), ("sm", "<u4"), ("unit", "<u4")], align=True)
# the stock probe's row since the eighteenth session: elapsed as u32, 16 bytes
SCHED16 = np.dtype([("start", "<u8"), ("elapsed", "<u4"), ("sm", "<u4"), ("unit", "<u4")],
                   align=True)
RANGES = np.dtype([("cycles", "<u8"), ("sm", "<u4"), ("unit", "<u4")], align=True)
PAGES = np.dtype([("count", "<u8")], align=True)
GMEM = np.dtype([("loaded", "<u8"), ("stored", "<u8"), ("atomic", "<u8")], align=True)
FAMILIES = ("total", "load", "store", "atomic", "tensor", "arith", "control", "sync")
MIX = np.dtype([(f, "<u8") for f in FAMILIES], align=True)

DEVICE = {"name": "NVIDIA H100 80GB HBM3", "sm_count": 4, "mem_bandwidth_gbps": 1000.0}


def records(dtype: np.dtype, rows: list[tuple]) -> np.ndarray:
    return np.array(rows, dtype=dtype)


def standard(root: Path) -> Path:
    """Five launches on two streams, four operators, allocations; returns the run directory.

    seq kernel   host time (ns)           operator    maps
    0   vec_add  1_000_000..1_002_000     Net/Linear  dmat 4 (2 dropped), sched 4 warps on SMs 0,0,1,2
    1   gemm     1_010_000..1_015_000     Net/Linear  (not instrumented)
    2   vec_add  1_020_000..1_021_000     Net/ReLU    dmat 2, sched 1 warp on SM 3
    3   gemm     1_030_000..1_033_000     -           (not instrumented)
    4   reduce   1_040_000..1_041_000     loss        ranges 4 (cycles 10,20,30,40),
                                                      gmem 4 threads (loaded 64, stored 16, atomic 4),
                                                      mix 3 warps (total 25: load 10, store 2,
                                                      atomic 1, arith 7, control 3)
    allocations: t=0 +100 @p1, t=10 +50 @p2, t=20 free p1, t=30 +200 @p3, t=40 free of unknown p9
    """
    w = TraceWriter.start(root, command=["python", "model.py"], device=DEVICE,
                          probe={"file": "synthetic.probe", "text": "", "hash": "0"})
    vec = w.kernel("vec_add", ptx="// vec_add", instrumented_ptx="// vec_add +", source="nvcc",
                   manifest={"kernel": "vec_add", "maps": [
                       {"name": "dmat", "kind": "record", "level": "thread"},
                       {"name": "sched", "kind": "record", "level": "warp"}]})
    gemm = w.kernel("gemm", instrumented=False, reason="no PTX in the image", source="torch")
    red = w.kernel("reduce", ptx="// reduce", instrumented_ptx="// reduce +", source="triton",
                   manifest={"kernel": "reduce", "maps": [
                       {"name": "ranges", "kind": "record", "level": "warp"},
                       {"name": "gmem", "kind": "counter", "level": "thread"},
                       {"name": "mix", "kind": "counter", "level": "warp"}]})
    w.launch(vec, grid=2, block=64, start_ns=1_000_000, end_ns=1_002_000, stream=7,
             operator="Net/Linear", dropped={"dmat": 2, "sched": 0}, maps={
                 "dmat": records(DMAT, [(100, 0x10000, 4), (110, 0x10004, 4), (120, 0x11000, 8),
                                        (130, 0x10080, 4)]),
                 "sched": records(SCHED, [(1000, 500, 0, 0), (1100, 300, 0, 1), (1000, 800, 1, 2),
                                          (1500, 200, 2, 3)])})
    w.launch(gemm, grid=(4, 4), block=128, start_ns=1_010_000, end_ns=1_015_000, stream=7,
             operator="Net/Linear")
    w.launch(vec, grid=1, block=32, start_ns=1_020_000, end_ns=1_021_000, stream=8,
             operator="Net/ReLU", maps={
                 "dmat": records(DMAT, [(200, 0x10000, 4), (300, 0x20000, 16)]),
                 "sched": records(SCHED, [(5000, 100, 3, 0)])})
    w.launch(gemm, grid=(4, 4), block=128, start_ns=1_030_000, end_ns=1_033_000, stream=7)
    w.launch(red, grid=1, block=96, start_ns=1_040_000, end_ns=1_041_000, stream=7,
             operator="loss", maps={
                 "ranges": records(RANGES, [(10, 0, 0), (20, 0, 1), (30, 1, 2), (40, 1, 2)]),
                 "gmem": records(GMEM, [(16, 8, 0), (16, 8, 0), (32, 0, 0), (0, 0, 4)]),
                 "mix": records(MIX, [(10, 4, 1, 0, 0, 3, 1, 0), (10, 4, 1, 0, 0, 3, 1, 0),
                                      (5, 2, 0, 1, 0, 1, 1, 0)])})
    for t, op, ptr, n in ((0, "alloc", 1, 100), (10, "alloc", 2, 50), (20, "free", 1, 0),
                          (30, "alloc", 3, 200), (40, "free", 9, 0)):
        w.allocation(op, ptr=ptr, nbytes=n, t_ns=t)
    w.close()
    return w.dir


def page_hist(root: Path) -> Path:
    """Two launches of `touch` with a 16-entry page histogram: pages {3: 5+1, 7: 2, 15: 9}."""
    w = TraceWriter.start(root, device=DEVICE)
    k = w.kernel("touch", ptx="// touch", instrumented_ptx="// touch +",
                 manifest={"maps": [{"name": "pages", "kind": "hist"}]})
    for counts in ({3: 5, 7: 2}, {3: 1, 15: 9}):
        hist = np.zeros(16, PAGES)
        for page, n in counts.items():
            hist["count"][page] = n
        w.launch(k, grid=1, block=32, start_ns=0, end_ns=10, maps={"pages": hist})
    w.close()
    return w.dir


def big(root: Path, target_bytes: int, launches: int = 16, seed: int = 0, ranks: int = 1) -> Path:
    """About `target_bytes` of dmat records plus one sched record per warp, in `launches` launches.

    Written with the real writer, one launch at a time, so generation itself stays within a few
    hundred MiB of memory. With `ranks` > 1, launch i comes from rank i % ranks (pid 1000 + rank,
    device 0), as under torchrun.
    """
    rng = np.random.default_rng(seed)
    per_launch = max(1, target_bytes // launches // DMAT.itemsize)
    w = TraceWriter.start(root, command=["synthetic", "big"], device=DEVICE)
    tags = [{"pid": 1000 + r, "rank": r, "device": 0} for r in range(ranks)] if ranks > 1 else [{}]
    if ranks > 1:
        w.meta(processes=[{**tag, "local_rank": tag["rank"], "world_size": ranks,
                           "state": "exited", "exit_code": 0} for tag in tags])
    k = w.kernel("stream_copy", ptx="// big", instrumented_ptx="// big +",
                 manifest={"maps": [{"name": "dmat", "kind": "record"},
                                    {"name": "sched", "kind": "record"}]})
    warps = 4096
    t = 0
    for i in range(launches):
        dmat = np.empty(per_launch, DMAT)
        dmat["clock"] = np.arange(per_launch, dtype=np.uint64) * 3
        dmat["addr"] = (np.uint64(0x7f0000000000) + np.uint64(i) * np.uint64(1 << 30)
                        + rng.integers(0, 1 << 28, per_launch, dtype=np.uint64) // 16 * 16)
        dmat["bytes"] = 16
        sched = np.empty(warps, SCHED)
        sched["start"] = t + rng.integers(0, 50_000, warps)
        sched["elapsed"] = rng.integers(1_000, 20_000, warps)
        sched["sm"] = rng.integers(0, 132, warps)
        sched["unit"] = np.arange(warps)
        w.launch(k, grid=warps // 4, block=128, start_ns=t, end_ns=t + 80_000,
                 operator=f"layer{i % 4}", maps={"dmat": dmat, "sched": sched},
                 **tags[i % len(tags)])
        del dmat
        t += 100_000
    w.close()
    return w.dir


BRANCHES = np.dtype([("pc", "<u4"), ("active", "<u4")], align=True)


def branches(root: Path) -> Path:
    """`walk` twice: block 64 with (pc 5, all lanes) (pc 5, 16 lanes) (pc 9, all lanes), then
    block 16 (warp width 16) with (pc 5, 16 lanes) (pc 9, 1 lane)."""
    w = TraceWriter.start(root, device=DEVICE)
    k = w.kernel("walk", ptx="// walk", instrumented_ptx="// walk +")
    w.launch(k, grid=1, block=64, maps={"branches": records(
        BRANCHES, [(5, 0xFFFFFFFF), (5, 0x0000FFFF), (9, 0xFFFFFFFF)])})
    w.launch(k, grid=1, block=16, maps={"branches": records(
        BRANCHES, [(5, 0x0000FFFF), (9, 0x00000001)])})
    w.close()
    return w.dir


def quiet(root: Path) -> Path:
    """`copy` records 2 dmat rows; `tma_copy` (its data moved by the tensor memory accelerator, no
    ld/st.global) records none, and its sched, ranges and branches maps are empty too: seen
    first in a Triton kernel made of tensor descriptors."""
    w = TraceWriter.start(root, device=DEVICE)
    maps = {"maps": [{"name": "dmat", "kind": "record", "level": "thread"}]}
    copy = w.kernel("copy", ptx="// copy", instrumented_ptx="// copy +", manifest=maps)
    tma = w.kernel("tma_copy", ptx="// tma", instrumented_ptx="// tma +", manifest=maps)
    w.launch(copy, grid=1, block=32, start_ns=0, end_ns=1_000,
             maps={"dmat": records(DMAT, [(1, 0x1000, 4), (2, 0x2000, 4)])})
    w.launch(tma, grid=1, block=32, start_ns=2_000, end_ns=3_000, maps={
        "dmat": records(DMAT, []), "sched": records(SCHED16, []), "ranges": records(RANGES, []),
        "branches": records(BRANCHES, [])})
    w.close()
    return w.dir


def replays(root: Path) -> Path:
    """`copy` launched once (timed, 2 dmat rows), then replayed twice by a CUDA graph it was
    captured into: untimed launches with `graph`, 2 dmat rows each."""
    w = TraceWriter.start(root, device=DEVICE)
    maps = {"maps": [{"name": "dmat", "kind": "record", "level": "thread"}]}
    copy = w.kernel("copy", ptx="// copy", instrumented_ptx="// copy +", manifest=maps)
    rows = [(1, 0x1000, 4), (2, 0x2000, 4)]
    w.launch(copy, grid=1, block=32, start_ns=0, end_ns=1_000, maps={"dmat": records(DMAT, rows)})
    for _ in range(2):
        w.launch(copy, grid=1, block=32, maps={"dmat": records(DMAT, rows)}, graph=True)
    w.close()
    return w.dir


def ranks(root: Path) -> Path:
    """Two ranks of a torchrun job on one device, as `neutrino trace` records them.

    rank 0 (pid 100, device 0): seq 0 `step` grid 2 block 64 -> sched 4 warps on SMs 0,0,1,1;
                                seq 2 `ncclAllReduce` (timed only, 3 ms)
    rank 1 (pid 101, device 0): seq 1 `step` grid 1 block 64 -> sched 2 warps on SMs 2,3;
                                seq 3 `ncclAllReduce` (timed only, 1 ms)
    rank 1 was killed (state "killed"); rank 0 exited 0. Allocations: rank 0 +100 at ptr 1,
    rank 1 +300 at the same ptr (another address space), both at t=5.
    """
    w = TraceWriter.start(root, command=["torchrun", "--nproc_per_node=2", "ddp.py"],
                          device=DEVICE, processes=[
                              {"pid": 100, "rank": 0, "local_rank": 0, "world_size": 2,
                               "devices": [0], "state": "exited", "exit_code": 0},
                              {"pid": 101, "rank": 1, "local_rank": 1, "world_size": 2,
                               "devices": [0], "state": "killed", "exit_code": None}])
    step = w.kernel("step", ptx="// step", instrumented_ptx="// step +", source="triton",
                    manifest={"maps": [{"name": "sched", "kind": "record", "level": "warp"}]})
    nccl = w.kernel("ncclAllReduce", instrumented=False, reason="no PTX in the image (SASS only)")
    r0 = {"pid": 100, "rank": 0, "device": 0, "context": "0x5501"}
    r1 = {"pid": 101, "rank": 1, "device": 0, "context": "0x6601"}
    w.launch(step, grid=2, block=64, start_ns=1_000, end_ns=3_000, stream=7, **r0, maps={
        "sched": records(SCHED, [(100, 10, 0, 0), (100, 20, 0, 1), (105, 30, 1, 2),
                                 (110, 40, 1, 3)])})
    w.launch(step, grid=1, block=64, start_ns=1_500, end_ns=2_500, stream=9, **r1, maps={
        "sched": records(SCHED, [(200, 50, 2, 0), (210, 60, 3, 1)])})
    w.launch(nccl, grid=1, block=512, start_ns=4_000, end_ns=3_004_000, stream=7, **r0)
    w.launch(nccl, grid=1, block=512, start_ns=4_000, end_ns=1_004_000, stream=9, **r1)
    w.allocation("alloc", ptr=1, nbytes=100, t_ns=5, pid=100)
    w.allocation("alloc", ptr=1, nbytes=300, t_ns=5, pid=101)
    w.close()
    return w.dir

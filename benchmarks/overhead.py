"""Kernel time with each stock probe vs without, side by side in one process (needs a GPU).

    python benchmarks/overhead.py [--launches 25] [--only vector_add,matmul_kernel] [--probes dmat]

Corpus kernels (CUDA C and Triton PTX) run on synthetic inputs scaled up from their corpus launch
recipes so that most take well over 50 us. Native and instrumented launches alternate (A B B A); each
is timed with CUDA events around the kernel alone (map allocation, zeroing and copy-back stay
outside the window), after 256 MiB are zeroed so that both start from the same L2 state: by
default last before the kernel, after the instrumented side's maps are zeroed, so that the
zeroing's dirty lines are not written back inside the window (`--l2 before-maps` measures it the
older way, with them). The first instrumented launch of each pair reads its maps back, to report
how many records and bytes the probe wrote. Writes benchmarks/results/overhead-<device>.json
after each kernel (so an interrupted run keeps what it measured).
"""
from __future__ import annotations

import argparse
import copy
import json
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CORPUS = ROOT / "tests" / "corpus"

from benchmarks.common import L2_FLUSH, RESULTS, device_slug, write_results  # noqa: E402
sys.path.insert(0, str(ROOT / "tests" / "gpu"))   # as the GPU tests import it (no `tests` package needed)
from corpus_runs import recipe  # noqa: E402  (index.json's launch recipes, as the GPU tests read them)

# dmat and branch_divergence write one record per event into a pool; the stock pool (4 Mi
# records) would drop most events of these launches, so it is raised to hold all of them.
POOL = "pool 1 << 28"


def scaled(file: str, kernel: str, grid: tuple, counts: dict, values: dict) -> dict:
    """The corpus recipe with bigger buffers (`counts`), scalars (`values`) and grid."""
    rec = copy.deepcopy(recipe(file, kernel))
    rec["grid"] = list(grid) + [1] * (3 - len(grid))
    for param in rec["params"]:
        if param["name"] in counts:
            param["count"] = counts[param["name"]]
        if param["name"] in values:
            param["value"] = values[param["name"]]
    return rec


def cases() -> list[tuple[str, str, str, dict]]:
    """(label, kind, file, recipe) for every benchmarked kernel."""
    n = 1 << 25
    mm, tc, sg = 4096, 2048, 1024
    rows, cols = 1 << 16, 781
    return [
        ("vector_add", "memory", "cuda/vector_add.sm_90.ptx",
         scaled("cuda/vector_add.sm_90.ptx", "vector_add", (n // 256,), {"a": n, "b": n, "c": n}, {"n": n})),
        ("saxpy", "memory", "cuda/saxpy.sm_90.ptx",
         scaled("cuda/saxpy.sm_90.ptx", "saxpy", (4096,), {"x": n, "y": n}, {"n": n})),
        ("reduce_sum", "memory+shuffle", "cuda/reduction.sm_90.ptx",
         scaled("cuda/reduction.sm_90.ptx", "reduce_sum", (2 * n // 512,), {"in": 2 * n, "out": 2 * n // 512},
                {"n": 2 * n})),
        ("histogram_atomic", "atomics", "cuda/histogram.sm_90.ptx",
         scaled("cuda/histogram.sm_90.ptx", "histogram_atomic", (1024,), {"data": n // 2}, {"n": n // 2})),
        ("sgemm_tiled", "compute (fp32)", "cuda/sgemm.sm_90.ptx",
         scaled("cuda/sgemm.sm_90.ptx", "sgemm_tiled", (sg // 16, sg // 16), {"A": sg * sg, "B": sg * sg, "C": sg * sg},
                {"M": sg, "N": sg, "K": sg})),
        ("wmma_gemm", "tensor core (wmma)", "cuda/tensor_core.sm_90.ptx",
         scaled("cuda/tensor_core.sm_90.ptx", "wmma_gemm", ((tc // 16) ** 2 // 4,),
                {"A": tc * tc, "B": tc * tc, "C": tc * tc}, {"M": tc, "N": tc, "K": tc})),
        ("timed_matmul", "tensor core (wmma, marked)", "cuda/timed_matmul.sm_90.ptx",
         scaled("cuda/timed_matmul.sm_90.ptx", "timed_matmul", (tc // 32, tc // 32),
                {"A": tc * tc, "B": tc * tc, "C": tc * tc, "cycles": (tc // 32) ** 2 * 4},
                {"M": tc, "N": tc, "K": tc})),
        ("add_kernel", "Triton, memory", "triton/add_kernel.sm_90a.ptx",
         scaled("triton/add_kernel.sm_90a.ptx", "add_kernel", (n // 1024,), {"x_ptr": n, "y_ptr": n, "out_ptr": n},
                {"n_elements": n})),
        ("softmax_kernel", "Triton, fused", "triton/softmax_kernel.sm_90a.ptx",
         scaled("triton/softmax_kernel.sm_90a.ptx", "softmax_kernel", (rows,),
                {"out_ptr": rows * cols, "in_ptr": rows * cols}, {})),
        ("matmul_kernel", "Triton, tensor core (wgmma)", "triton/matmul_kernel.sm_90a.ptx",
         scaled("triton/matmul_kernel.sm_90a.ptx", "matmul_kernel", ((mm // 128) ** 2,),
                {"a_ptr": mm * mm, "b_ptr": mm * mm, "c_ptr": mm * mm},
                {"M": mm, "N": mm, "K": mm, "stride_am": mm, "stride_bk": mm, "stride_cm": mm})),
    ]


def probes(extra: Path | None = None, stock_pools: bool = False) -> dict:
    """The stock probes, plus every `*.probe` in `extra` (variants measured beside them), their
    pools made `POOL` unless `stock_pools` (then as shipped)."""
    import neutrino_py as nt
    from neutrino_py import paths

    out = {}
    files = sorted(paths.probes_dir().glob("*.probe")) + (sorted(extra.glob("*.probe")) if extra else [])
    for path in files:
        text = path.read_text() if stock_pools else re.sub(r"pool [^\n{]*", POOL, path.read_text())
        out[path.stem] = nt.Probe(text, file=str(path))
    return out


def written(run) -> tuple[int, int, int]:
    """Records (or counters/bins) the launch wrote, events dropped, and their bytes."""
    items = sum(len(a) for a in run.maps.values())
    nbytes = sum(a.nbytes for a in run.maps.values())
    return items, sum(run.dropped.values()), nbytes


def markdown(data: dict) -> str:
    """The README's table (kernel x probe ratios) from one results file."""
    rows = data["rows"]
    probes = list(dict.fromkeys(r["probe"] for r in rows))
    kernels = list(dict.fromkeys(r["kernel"] for r in rows))
    cell = {(r["kernel"], r["probe"]): r for r in rows}
    lines = ["| kernel | kind | native ms | " + " | ".join(f"`{p}`" for p in probes) + " |",
             "|---|---|---:|" + "---:|" * len(probes)]
    for k in kernels:
        first = next(r for r in rows if r["kernel"] == k)
        ratios = [f"{cell[k, p]['ratio']:.2f}" + ("⁰" if not cell[k, p]["positions"] else "")
                  + ("*" if cell[k, p]["dropped"] else "") if (k, p) in cell else "" for p in probes]
        lines.append(f"| {k} | {first['kind']} | {first['native_ms']:.3f} | " + " | ".join(ratios) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=25, help="timed launches per side (>= 20)")
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated kernel labels")
    parser.add_argument("--probes", default="", help="comma-separated stock probe names")
    parser.add_argument("--probe-dir", type=Path, default=None,
                        help="also measure the probes in this folder (e.g. variants of a stock probe)")
    parser.add_argument("--l2", choices=("after-maps", "before-maps"), default="after-maps",
                        help="flush L2 after the instrumented side's maps are zeroed (default: the "
                             "kernel alone is timed), or before (the zeroing's dirty lines are "
                             "written back inside the timed kernel, as before 2026-11-26)")
    parser.add_argument("--out", default=None, help="JSON path (default: results/overhead-<device>.json)")
    parser.add_argument("--markdown", type=Path, default=None,
                        help="print the README table of a results file and exit")
    args = parser.parse_args()
    if args.markdown:
        print(markdown(json.loads(args.markdown.read_text())))
        return 0

    import neutrino_py as nt
    from neutrino_py.runtime import Buffer, device
    from neutrino_py.runtime.synthetic import prepare

    dev = device()
    flush = Buffer(L2_FLUSH)      # written before every timed launch: both sides start from the same L2
    out = Path(args.out) if args.out else RESULTS / f"overhead-{device_slug(dev.name)}.json"
    rows = []
    selected = [c for c in cases() if not args.only or c[0] in args.only.split(",")]
    all_probes = {name: probe for name, probe in probes(args.probe_dir).items()
                  if not args.probes or name in args.probes.split(",")}
    print(f"{'kernel':18} {'probe':18} {'native ms':>10} {'instr. ms':>10} {'ratio':>7}  written")
    for label, kind, file, rec in selected:
        kernel = nt.Kernel.from_ptx((CORPUS / file).read_text(), label)
        prep = prepare(rec)
        try:
            launch = dict(grid=rec["grid"], block=rec["block"], args=prep.args, shared_mem=rec["shared_mem"])
            for probe_name, probe in all_probes.items():
                inst = kernel.instrument(probe)
                for _ in range(args.warmup):
                    kernel.launch(**launch)
                    inst.launch(**launch, read_maps=False)
                first = inst.launch(**launch)
                native, probed = [], []
                for i in range(2 * args.launches):   # A B B A ...: neither side always goes first
                    side, times = ((kernel, {}), native) if (i + i // 2) % 2 == 0 else \
                        ((inst, {"read_maps": False}), probed)
                    if args.l2 == "before-maps":
                        flush.zero()
                    else:
                        side[1]["ready"] = flush.zero
                    times.append(side[0].launch(**launch, **side[1]).elapsed_ms)
                items, dropped, nbytes = written(first)
                row = {"kernel": label, "kind": kind, "probe": probe_name,
                       "native_ms": statistics.median(native), "instrumented_ms": statistics.median(probed)}
                row["ratio"] = row["instrumented_ms"] / row["native_ms"]
                row.update(launches=args.launches, items_written=items, dropped=dropped, map_bytes=nbytes,
                           positions=sum(inst.manifest.positions.values()),
                           native_ms_all=native, instrumented_ms_all=probed)
                rows.append(row)
                print(f"{label:18} {probe_name:18} {row['native_ms']:10.4f} {row['instrumented_ms']:10.4f} "
                      f"{row['ratio']:7.3f}  {items} items, {nbytes / 1e6:.1f} MB, {dropped} dropped",
                      flush=True)
        finally:
            prep.free()
        write_results(out, {"device": dev.name, "arch": dev.arch, "sm_count": dev.sm_count,
                            "pool": POOL, "l2_flush_bytes": L2_FLUSH, "l2_flush": args.l2, "rows": rows})
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

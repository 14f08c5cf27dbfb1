"""What one module-level setting of the instrumentation, or one change to it, is worth on the GPU,
side by side.

    python benchmarks/setting_ab.py --setting neutrino_py.splice.splicer.MAX_DEFERRED \
        --sides "cap 1=1,cap 8=8" [--probe memtrace] [--launches 30] \
        [--only add_kernel,softmax_kernel] [--name held_saves]
    mkdir -p .base/9e80918 && git archive 9e80918 neutrino_py grammars probes | tar -x -C .base/9e80918
    python benchmarks/setting_ab.py --baseline .base/9e80918 [--baseline .base/5e29097] --name tile_line

Each kernel of `benchmarks/overhead.py` runs natively and with the probe built once per side
(the setting holding that side's integer value while the probe is spliced in; with
`--baseline DIR`, a side for each DIR, built by the `neutrino instrument` of the checkout there
and named after its folder (its commit), and "this tree"), all sides interleaved (each round in a rotated order, every other round reversed), each after 256 MiB are
zeroed, timed by CUDA events around the kernel alone, as overhead.py times them. Each side's
records are read back once and counted. Writes benchmarks/results/<name>-<device>.json.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import beside_baseline, on_device, setting_sweep, write_results  # noqa: E402
from benchmarks.overhead import CORPUS, cases, probes  # noqa: E402


def sides_of(text: str) -> dict[str, int]:
    """``"a=0,b=64"`` -> {"a": 0, "b": 64}."""
    out = {}
    for part in filter(None, text.split(",")):
        side, _, value = part.partition("=")
        out[side.strip()] = int(value)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setting", help="module.NAME of an integer setting")
    parser.add_argument("--sides", help='"side=value,side=value"')
    parser.add_argument("--baseline", metavar="DIR", action="append",
                        help="a checkout of another commit, in a folder named after it: its "
                             "build beside this tree's (repeat for more)")
    parser.add_argument("--probe", default="memtrace", help="a stock probe")
    parser.add_argument("--launches", type=int, default=30, help="timed launches per side")
    parser.add_argument("--stock-pools", action="store_true",
                        help="the probe's pools as shipped (default: overhead.py's POOL, which "
                             "no launch fills): what a launch drops at the shipped size")
    parser.add_argument("--only", default="", help="comma-separated kernel labels (default: all)")
    parser.add_argument("--name", default="setting_ab", help="results file stem")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()

    import neutrino_py as nt

    if (args.baseline is None) == (args.setting is None) or (args.setting is None) != (args.sides is None):
        parser.error("give either --setting and --sides, or --baseline")
    if args.baseline is not None:
        for folder in args.baseline:
            if not (Path(folder) / "neutrino_py").is_dir():
                parser.error(f"{folder} is not a checkout of neutrino_py")
    else:
        where, _, name = args.setting.rpartition(".")
        module = importlib.import_module(where)
        if not isinstance(getattr(module, name, None), int):
            parser.error(f"{args.setting} is not an integer setting of {where}")
        sides = sides_of(args.sides)
    dev, flush, out = on_device(args.name, args.out)
    probe = probes(stock_pools=args.stock_pools)[args.probe]
    only = set(filter(None, args.only.split(",")))
    rows = []
    for label, kind, file, rec in cases():
        if only and label not in only:
            continue
        kernel = nt.Kernel.from_ptx((CORPUS / file).read_text(), label)
        if args.baseline is not None:
            checkouts = [Path(folder) for folder in args.baseline]
            rows += beside_baseline(label, kind, kernel, rec, probe, checkouts, flush.zero,
                                    args.launches)
            compared = {"baselines": [c.resolve().name for c in checkouts]}
        else:
            rows += setting_sweep(label, kind, kernel, rec, probe, module, name, sides,
                                  flush.zero, args.launches)
            compared = {"setting": args.setting, "sides": sides}
        write_results(out, {"device": dev.name, "probe": args.probe, **compared,
                            "stock_pools": args.stock_pools, "launches": args.launches,
                            "rows": rows})
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

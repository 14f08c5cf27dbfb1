"""`neutrino export RUN --format parquet|arrow -o DIR`: a trace as columnar files (tools/columnar.py)."""
from __future__ import annotations

import argparse

from neutrino_py.tools.columnar import FORMATS, export, map_bytes
from neutrino_py.tools.progress import Bar
from neutrino_py.tracedir.reader import Trace


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("trace", metavar="RUN",
                        help="a run directory, or a tracedir (its newest run is used)")
    parser.add_argument("-o", "--out", required=True, metavar="DIR",
                        help="a new (or empty) folder for launches.<ext>, maps/<map>/ and export.json")
    parser.add_argument("--format", choices=tuple(FORMATS), default="parquet")
    parser.add_argument("--compression", metavar="CODEC",
                        help="Parquet: zstd (default), snappy, gzip, lz4, none; Arrow: none "
                             "(default), zstd, lz4")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def run(args: argparse.Namespace) -> int:
    trace = Trace(args.trace)
    bar = None if args.no_progress else Bar(map_bytes(trace))
    codec = None if args.compression in (None, "none") else args.compression
    info = export(trace, args.out, args.format, codec, bar)
    if bar:
        bar.close()
    maps = ", ".join(f"{name} {m['rows']:,} rows in {len(m['files'])} file(s)"
                     for name, m in info["maps"].items()) or "no maps"
    print(f"wrote {args.out}: {info['launches']['rows']:,} launches; {maps}; "
          f"{info['bytes'] / 2**20:,.1f} MiB")
    for note in info["notes"]:
        print(f"note: {note}")
    return 0

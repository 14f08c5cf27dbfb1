"""Warps per SM per rank of a traced run, with DuckDB over the Parquet files of `neutrino export`.

    python docs/examples/warps_per_sm_per_rank.py RUN [EXPORT_DIR]

RUN is a trace of probes/block_sched.probe (e.g. docs/examples/ddp/trace); it is exported to
EXPORT_DIR (default: a temporary folder, deleted at the end), then one SQL query counts, for every
rank, the warps each SM ran and the time it was busy. Needs pyarrow and duckdb.
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import duckdb

import neutrino_py as nt
from neutrino_py.tools.columnar import export

QUERY = """
SELECT rank, sm, count(*) AS warps, round(sum(elapsed) / 1e3, 1) AS busy_us
FROM read_parquet('{maps}/sched/*.parquet')
GROUP BY rank, sm
ORDER BY rank, sm
"""


def main() -> None:
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    trace = nt.Trace(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(tmp) / "export"
        export(trace, out)
        per_sm = duckdb.sql(QUERY.format(maps=out / "maps"))
        per_sm.show(max_rows=1000)
        totals = duckdb.sql("SELECT rank, count(*) AS sms, sum(warps) AS warps, "
                            "min(warps) AS min_per_sm, max(warps) AS max_per_sm "
                            "FROM per_sm GROUP BY rank ORDER BY rank")
        totals.show()


if __name__ == "__main__":
    main()

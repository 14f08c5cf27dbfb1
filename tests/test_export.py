"""`neutrino export` (tools/columnar.py): Parquet and Arrow files of a trace, checked row by row
against the synthetic traces' hand-worked contents; memory stays flat on a trace bigger than it."""
from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import neutrino_py as nt
from neutrino_py.cli import main
from neutrino_py.errors import ToolError
from neutrino_py.tools.columnar import export
from neutrino_py.tracedir import TraceWriter
from tests.synthetic import DMAT, SCHED, big, ranks, standard

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
ROOT = Path(__file__).resolve().parent.parent


def read(out: Path, fmt: str, rel: str) -> "pa.Table":
    """A file or a dataset folder of the export as one table."""
    path = out / rel
    files = sorted(path.glob(f"*.{fmt}")) if path.is_dir() else [path]
    if fmt == "parquet":
        return pa.concat_tables(pq.read_table(f) for f in files)
    return pa.concat_tables(pa.ipc.open_file(f).read_all() for f in files)


@pytest.mark.parametrize("fmt", ["parquet", "arrow"])
def test_standard_trace_row_by_row(tmp_path, fmt):
    trace = nt.Trace(standard(tmp_path / "t"))
    info = export(trace, tmp_path / "out", fmt)
    launches = read(tmp_path / "out", fmt, f"launches.{fmt}").to_pydict()
    assert launches["seq"] == [0, 1, 2, 3, 4]
    assert launches["kernel"] == ["vec_add", "gemm", "vec_add", "gemm", "reduce"]
    assert launches["grid_x"] == [2, 4, 1, 4, 1] and launches["grid_y"] == [1, 4, 1, 4, 1]
    assert launches["block_x"] == [64, 128, 32, 128, 96]
    assert launches["instrumented"] == [True, False, True, False, True]
    assert launches["records"] == [8, 0, 3, 0, 11] and launches["dropped"] == [2, 0, 0, 0, 0]
    assert launches["operator"] == ["Net/Linear", "Net/Linear", "Net/ReLU", None, "loss"]
    assert launches["stream"] == [7, 7, 8, 7, 7]
    assert launches["start_ns"][0] == 1_000_000 and launches["duration_ms"][1] == 0.005
    assert launches["maps"][4] == ["ranges", "gmem", "mix"]
    assert launches["pid"] == [None] * 5 and launches["rank"] == [None] * 5

    sched = read(tmp_path / "out", fmt, "maps/sched").to_pydict()
    assert list(zip(sched["launch"], sched["sm"], sched["start"], sched["unit"])) == [
        (0, 0, 1000, 0), (0, 0, 1100, 1), (0, 1, 1000, 2), (0, 2, 1500, 3), (2, 3, 5000, 0)]
    gmem = read(tmp_path / "out", fmt, "maps/gmem").to_pydict()     # counter: unit = row
    assert gmem["unit"] == [0, 1, 2, 3] and gmem["loaded"] == [16, 16, 32, 0]
    dmat = read(tmp_path / "out", fmt, "maps/dmat")                  # pool: no unit
    assert dmat.schema.field("addr").type == pa.uint64()
    assert dmat.column("unit").null_count == 6 and dmat.column("launch").to_pylist() == [0] * 4 + [2] * 2
    assert dmat.column("addr").to_pylist()[-1] == 0x20000
    assert {k: v["rows"] for k, v in info["maps"].items()} == {
        "dmat": 6, "sched": 5, "ranges": 4, "gmem": 4, "mix": 3}
    assert info["launches"]["rows"] == 5 and info["format"] == fmt
    assert not list(tmp_path.glob(".out.partial-*"))


def test_ranks_in_every_row_and_duckdb_warps_per_sm_per_rank(tmp_path):
    trace = nt.Trace(ranks(tmp_path / "t"))
    export(trace, tmp_path / "out")
    launches = read(tmp_path / "out", "parquet", "launches.parquet").to_pydict()
    assert launches["pid"] == [100, 101, 100, 101] and launches["rank"] == [0, 1, 0, 1]
    assert launches["device"] == [0] * 4 and launches["context"] == ["0x5501", "0x6601"] * 2
    assert launches["instrumented"] == [True, True, False, False]
    sched = read(tmp_path / "out", "parquet", "maps/sched").to_pydict()
    assert sched["rank"] == [0, 0, 0, 0, 1, 1] and sched["pid"] == [100] * 4 + [101] * 2
    duckdb = pytest.importorskip("duckdb")
    rows = duckdb.sql(f"""SELECT rank, sm, count(*) FROM read_parquet('{tmp_path}/out/maps/sched/*.parquet')
                          GROUP BY rank, sm ORDER BY rank, sm""").fetchall()
    assert rows == [(0, 0, 2), (0, 1, 2), (1, 2, 1), (1, 3, 1)]


def test_chunks_are_row_groups_and_parts_rotate(tmp_path, monkeypatch):
    """A map bigger than a chunk is written in several row groups, in order, with exact units."""
    w = TraceWriter.start(tmp_path / "t")
    k = w.kernel("k", ptx="//", instrumented_ptx="// +", manifest={"maps": [{"name": "m", "kind": "counter"}]})
    counts = np.zeros(1000, DMAT)
    counts["clock"] = np.arange(1000) * 7
    w.launch(k, grid=10, block=100, maps={"m": counts})
    w.close()
    monkeypatch.setattr("neutrino_py.tools.columnar.PART_BYTES", 4 * 1024)
    export(nt.Trace(w.dir), tmp_path / "out", chunk_bytes=100 * DMAT.itemsize)
    files = sorted((tmp_path / "out/maps/m").glob("*.parquet"))
    assert sum(pq.ParquetFile(f).metadata.num_row_groups for f in files) == 10
    assert len(files) > 1
    table = read(tmp_path / "out", "parquet", "maps/m").to_pydict()
    assert table["clock"] == list(range(0, 7000, 7)) and table["unit"] == list(range(1000))


def test_refuses_a_used_folder_and_says_how_to_get_pyarrow(tmp_path, monkeypatch):
    trace = nt.Trace(standard(tmp_path / "t"))
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "x").write_text("keep me")
    with pytest.raises(ToolError, match="not an empty folder"):
        export(trace, tmp_path / "used")
    assert (tmp_path / "used" / "x").read_text() == "keep me"
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ToolError) as err:
        export(trace, tmp_path / "new")
    assert "neutrino_py[export]" in err.value.fix and not (tmp_path / "new").exists()


def test_cli(tmp_path):
    run = ranks(tmp_path / "t")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = main(["export", str(run), "--format", "arrow", "-o", str(tmp_path / "a"), "--no-progress"])
    assert rc == 0
    assert out.getvalue().startswith(f"wrote {tmp_path / 'a'}: 4 launches; sched 6 rows in 1 file(s)")
    assert read(tmp_path / "a", "arrow", "maps/sched").num_rows == 6


PEAK = """
import sys
from neutrino_py import Trace
from neutrino_py.tools.columnar import export
export(Trace(sys.argv[1]), sys.argv[2], chunk_bytes=4 << 20)
print(next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM")) // 1024)
"""


def test_memory_stays_flat_on_a_map_bigger_than_it(tmp_path):
    """384 MiB of records in one map file: the exporting process peaks far below that (the
    >= 2 GiB run is benchmarks/export_speed.py)."""
    run = big(tmp_path / "t", 384 << 20, launches=1)
    assert nt.Trace(run).launches[0].maps["dmat"].nbytes >= 384 << 20
    out = subprocess.run([sys.executable, "-c", PEAK, str(run), str(tmp_path / "out")],
                         capture_output=True, text=True, check=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert int(out.stdout) < 256, out.stdout
    table = pq.ParquetFile(next((tmp_path / "out/maps/dmat").glob("*.parquet")))
    assert table.metadata.num_rows == len(nt.Trace(run).launches[0].maps["dmat"])


def test_docs_duckdb_example_runs_on_a_two_rank_trace(tmp_path):
    pytest.importorskip("duckdb")
    run = ranks(tmp_path / "t")
    out = subprocess.run([sys.executable, str(ROOT / "docs/examples/warps_per_sm_per_rank.py"),
                          str(run)], capture_output=True, text=True, check=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    rows = [line.split("│")[1:-1] for line in out.stdout.splitlines() if line.startswith("│")]
    numbers = [[c.strip() for c in r] for r in rows if r and r[0].strip().isdigit()]
    assert numbers[:4] == [["0", "0", "2", "0.0"], ["0", "1", "2", "0.1"], ["1", "2", "1", "0.1"],
                           ["1", "3", "1", "0.1"]]
    assert numbers[4:] == [["0", "2", "4", "2", "2"], ["1", "2", "2", "1", "1"]]

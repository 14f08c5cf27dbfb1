"""A trace as Parquet or Arrow files, for DuckDB, Polars, Spark and friends.

    DIR/launches.parquet          one row per launch (seq, pid, rank, device, kernel, grid, ...,
                                  records, dropped, lanes_lost: `_launch_row`)
    DIR/maps/<map>/part-NNNNN.parquet   one dataset per map: its fields + launch, pid, rank, unit
    DIR/export.json               what was written: files, rows, bytes, the trace it came from

Built on the public `Trace`/`Launch` API only. Maps are read in chunks of about `CHUNK` bytes, each
mapped afresh and copied (the mapping goes away with the chunk), and written as one row group, so
memory stays flat however big the trace is (`benchmarks/export_speed.py` measures it). `unit` is the map's own `unit` field where it has one
(fixed records), the row index for counters (the thread or warp) and histograms (the bin), and null
for pool records (kept in reservation order, no unit).
"""
from __future__ import annotations

import json
import mmap
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from neutrino_py.errors import ToolError
from neutrino_py.tools.base import Progress, launch_counts, readable_maps
from neutrino_py.tracedir.reader import Launch, Trace

FORMATS = {"parquet": ".parquet", "arrow": ".arrow"}
CHUNK = 16 << 20                  # map bytes read, converted and written as one row group
PART_BYTES = 1 << 30              # a map dataset starts a new file after about this many bytes
LAUNCH_BATCH = 1 << 16            # launches per row group of launches.parquet
EXTRA = ("launch", "pid", "rank", "unit")


def pyarrow() -> Any:
    """pyarrow, or a ToolError saying how to get it (it is an optional dependency)."""
    try:
        import pyarrow as pa
        import pyarrow.ipc  # noqa: F401
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        raise ToolError("`neutrino export` needs pyarrow, which is not installed",
                        fix="pip install 'neutrino_py[export]'  (or: pip install pyarrow)") from None
    return pa


@dataclass
class Dataset:
    """One output: a file (`launches`) or a folder of part files (a map), written batch by batch."""

    path: Path
    fmt: str
    schema: Any
    folder: bool
    compression: str | None
    rows: int = 0
    files: list[Path] = field(default_factory=list)
    _writer: Any = None
    _part_bytes: int = 0

    def write(self, batch: Any) -> None:
        if self._writer is None or (self.folder and self._part_bytes >= PART_BYTES):
            self._open()
        if self.fmt == "parquet":
            self._writer.write_batch(batch, row_group_size=max(1, batch.num_rows))
        else:
            self._writer.write_batch(batch)
        self.rows += batch.num_rows
        self._part_bytes += batch.nbytes

    def _open(self) -> None:
        import pyarrow.ipc as ipc
        import pyarrow.parquet as pq
        self.close()
        if self.folder:
            self.path.mkdir(parents=True, exist_ok=True)
            target = self.path / f"part-{len(self.files):05d}{FORMATS[self.fmt]}"
        else:
            target = self.path
        self.files.append(target)
        self._part_bytes = 0
        self._writer = (pq.ParquetWriter(target, self.schema, compression=self.compression or "none")
                        if self.fmt == "parquet" else
                        ipc.new_file(target, self.schema, options=ipc.IpcWriteOptions(
                            compression=self.compression)))

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None


COMPRESSION = {"parquet": "zstd", "arrow": None}     # Arrow files stay memory-mappable
CODECS = {"parquet": ("zstd", "snappy", "gzip", "lz4", "brotli"), "arrow": ("zstd", "lz4")}


def export(trace: Trace, out: str | os.PathLike, fmt: str = "parquet",
           compression: str | None = None, progress: Progress | None = None,
           chunk_bytes: int = CHUNK) -> dict:
    """Write `trace` to the new folder `out` (made whole or not at all: written beside it under a
    temporary name, renamed at the end); returns what `export.json` says, plus `bytes`.
    `compression`: a Parquet codec (default zstd) or an Arrow IPC one (default none)."""
    pa = pyarrow()
    if fmt not in FORMATS:
        raise ToolError(f"unknown export format {fmt!r}", fix=f"pick one of: {', '.join(FORMATS)}")
    if compression is not None and compression not in CODECS[fmt]:
        raise ToolError(f"unknown compression {compression!r} for {fmt}",
                        fix=f"pick one of: {', '.join(CODECS[fmt])}, none")
    compression = compression or COMPRESSION[fmt]
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise ToolError(f"{out} exists and is not an empty folder",
                        fix="pass a new folder to -o (an export is never mixed into older files)")
    if not out.parent.is_dir():
        raise ToolError(f"{out.parent} does not exist", fix="create it first, or pick another -o")
    progress = progress or Progress()
    tmp = out.with_name(f".{out.name}.partial-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        tmp.mkdir()                          # /proc/self/x: a folder where none can be made
    except OSError as err:
        raise ToolError(f"cannot write the export under {out}: {err.strerror or err}",
                        fix="pick an -o in a folder you can write") from None
    try:
        launches = _launches(pa, trace, tmp / f"launches{FORMATS[fmt]}", fmt, compression)
        maps, notes = _maps(pa, trace, tmp / "maps", fmt, compression, progress, chunk_bytes)
        done = [launches, *maps.values()]
        info = {"trace": str(trace.dir), "format": fmt, "compression": compression,
                "launches": {"file": launches.files[0].name, "rows": launches.rows},
                "maps": {name: {"files": [str(f.relative_to(tmp)) for f in d.files],
                                "rows": d.rows} for name, d in maps.items()},
                "ranks": trace.ranks, "pids": [p.pid for p in trace.processes],
                "notes": notes}
        (tmp / "export.json").write_text(json.dumps(info, indent=1))
        info["bytes"] = sum(f.stat().st_size for d in done for f in d.files)
        if out.exists():
            out.rmdir()
        os.replace(tmp, out)
    except OSError as err:
        shutil.rmtree(tmp, ignore_errors=True)
        raise ToolError(f"cannot write the export under {out}: {err.strerror or err}",
                        fix="free disk space or pick another -o; nothing was left behind") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return info


def _launches(pa: Any, trace: Trace, path: Path, fmt: str, compression: str | None) -> Dataset:
    ints = all(isinstance(x.stream, (int, np.integer)) and -2 ** 63 <= x.stream < 2 ** 63
               for x in trace.launches)
    schema = pa.schema([
        ("seq", pa.int64()), ("pid", pa.int64()), ("rank", pa.int32()), ("device", pa.int32()),
        ("context", pa.string()), ("kernel", pa.string()), ("kernel_hash", pa.string()),
        ("grid_x", pa.int64()), ("grid_y", pa.int64()), ("grid_z", pa.int64()),
        ("block_x", pa.int64()), ("block_y", pa.int64()), ("block_z", pa.int64()),
        ("shared_mem", pa.int64()), ("stream", pa.int64() if ints else pa.string()),
        ("start_ns", pa.int64()), ("end_ns", pa.int64()), ("duration_ms", pa.float64()),
        ("instrumented", pa.bool_()), ("operator", pa.string()), ("fallback", pa.string()),
        ("maps", pa.list_(pa.string())), ("records", pa.int64()), ("dropped", pa.int64()),
        ("lanes_lost", pa.int64())])
    out = Dataset(path, fmt, schema, folder=False, compression=compression)
    rows = trace.launches
    for start in range(0, max(1, len(rows)), LAUNCH_BATCH):
        part = rows[start:start + LAUNCH_BATCH]
        cols: dict[str, list] = {name: [] for name in schema.names}
        for x in part:
            for name, value in _launch_row(x, ints).items():
                cols[name].append(value)
        out.write(pa.RecordBatch.from_pydict(cols, schema=schema))
    out.close()
    return out


def _launch_row(x: Launch, int_stream: bool) -> dict[str, Any]:
    """One launch's columns; `records` and `dropped` count the records of its maps (companion
    maps left out: they hold lane values), `lanes_lost` the lanes of kept records that cannot be
    rebuilt (`tools.base.launch_counts`; contracts §4 "Lost lanes")."""
    context = x.context
    counts = launch_counts(x).values()
    return {"seq": x.seq, "pid": x.pid, "rank": x.rank, "device": x.device,
            "context": None if context is None else str(context), "kernel": x.kernel,
            "kernel_hash": x.kernel_hash,
            "grid_x": x.grid[0], "grid_y": x.grid[1], "grid_z": x.grid[2],
            "block_x": x.block[0], "block_y": x.block[1], "block_z": x.block[2],
            "shared_mem": x.shared_mem, "stream": int(x.stream) if int_stream else str(x.stream),
            "start_ns": x.start_ns, "end_ns": x.end_ns, "duration_ms": x.duration_ms,
            "instrumented": x.instrumented, "operator": x.operator,
            "fallback": x.info.get("fallback"), "maps": list(x.maps),
            "records": sum(c["records"] for c in counts),
            "dropped": sum(c["dropped"] for c in counts),
            "lanes_lost": sum(c.get("lanes_lost", 0) for c in counts)}


def _maps(pa: Any, trace: Trace, root: Path, fmt: str, compression: str | None,
          progress: Progress, chunk_bytes: int) -> tuple[dict[str, Dataset], list[str]]:
    """One dataset per map name (per name and dtype, should two kernels disagree on one)."""
    datasets: dict[str, Dataset] = {}
    dtypes: dict[str, list[np.dtype]] = {}
    unreadable: list[str] = []
    notes: list[str] = []
    for launch, name, dtype in readable_maps(trace, unreadable):
        seen = dtypes.setdefault(name, [])
        if dtype not in seen:
            seen.append(dtype)
        key = name if seen.index(dtype) == 0 else f"{name}.{seen.index(dtype)}"
        if key not in datasets:
            schema, renamed = _map_schema(pa, dtype)
            if renamed:
                notes.append(f"map {name}: its own field(s) {', '.join(renamed)} kept; the "
                             f"export's columns of those names are prefixed nt_")
            if key != name:
                notes.append(f"map {name} has a second record layout in kernel "
                             f"{launch.kernel}: exported as {key}")
            datasets[key] = Dataset(root / key, fmt, schema, folder=True, compression=compression)
        sink = datasets[key]
        unit_kind = _unit_kind(trace, launch, name, dtype)
        for start, part in _chunks(launch, name, dtype, chunk_bytes):
            sink.write(_map_batch(pa, sink.schema, part, launch, start, unit_kind))
            progress.advance(part.nbytes)
    for d in datasets.values():
        d.close()
    if unreadable:
        notes.append(f"skipped {len(unreadable)} unreadable map file(s): {unreadable[0]}")
    return datasets, notes


def map_bytes(trace: Trace) -> int:
    """About the bytes of map records an export reads (for a progress bar: `MapFiles.nbytes`,
    which decodes nothing); unreadable maps count 0."""
    return sum(launch.maps.nbytes(name) for launch, name, _ in readable_maps(trace, []))


def _map_schema(pa: Any, dtype: np.dtype) -> tuple[Any, list[str]]:
    own = list(dtype.names or ())
    fields = [pa.field(n, pa.from_numpy_dtype(dtype.fields[n][0])) for n in own]
    renamed = [n for n in EXTRA if n in own and n != "unit"]
    extra = [("launch", pa.int64()), ("pid", pa.int64()), ("rank", pa.int32())]
    fields += [pa.field(f"nt_{n}" if n in own else n, t) for n, t in extra]
    if "unit" not in own:
        fields.append(pa.field("unit", pa.int64()))
    return pa.schema(fields), renamed


def _unit_kind(trace: Trace, launch: Launch, name: str, dtype: np.dtype) -> str:
    """Where a row's unit comes from: "field", "row" (counters, hist bins) or "none" (pools)."""
    if "unit" in (dtype.names or ()):
        return "field"
    kernel = trace.kernel(launch)
    info = kernel.map_info(name) if kernel else None
    return "row" if info and info.get("kind") in ("counter", "hist") else "none"


def _chunks(launch: Launch, name: str, dtype: np.dtype, chunk_bytes: int
            ) -> Iterator[tuple[int, np.ndarray]]:
    """Copies of consecutive slices of one map; a view of the mapped file is mapped afresh for
    every slice, so pages read before leave the process with their mapping. A map the reader
    had to gather into memory (a sharded pool) is read once, not once per slice."""
    array = launch.maps[name]
    step = max(1, chunk_bytes // max(1, dtype.itemsize))
    for start in range(0, len(array), step):
        if start and _maps_file(array):
            array = launch.maps[name]
        yield start, np.array(array[start:start + step])


def _maps_file(array: np.ndarray) -> bool:
    """Whether `array` is a view of a memory-mapped file, not a copy the reader made."""
    base = array
    while isinstance(base, np.ndarray):
        base = base.base
    return isinstance(base, mmap.mmap)


def _map_batch(pa: Any, schema: Any, part: np.ndarray, launch: Launch, start: int,
               unit_kind: str) -> Any:
    n = len(part)
    own = part.dtype.names or ()
    columns = [pa.array(np.ascontiguousarray(part[f])) for f in own]
    columns.append(pa.array(np.full(n, launch.seq, np.int64)))
    columns.append(pa.nulls(n, pa.int64()) if launch.pid is None
                   else pa.array(np.full(n, launch.pid, np.int64)))
    columns.append(pa.nulls(n, pa.int32()) if launch.rank is None
                   else pa.array(np.full(n, launch.rank, np.int32)))
    if "unit" not in own:
        columns.append(pa.array(np.arange(start, start + n, dtype=np.int64))
                       if unit_kind == "row" else pa.nulls(n, pa.int64()))
    return pa.RecordBatch.from_arrays(columns, schema=schema)


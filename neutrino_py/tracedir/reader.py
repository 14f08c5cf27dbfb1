"""`Trace`: a run directory opened for analysis; maps are memory-mapped, never read whole.

    t = neutrino_py.Trace("neutrino-trace")          # a tracedir opens its newest run
    launch = next(l for l in t.launches if l.instrumented)   # SASS-only kernels have no maps
    launch.maps["dmat"]["addr"]                        # numpy memmap, structured
    nt.Trace(...).report("block_sched").figure()      # the notebook API adds the tools
"""
from __future__ import annotations

import copy
import math
import os
import tokenize
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from neutrino_py import files
from neutrino_py.contract.manifest import units
from neutrino_py.errors import ToolError
from neutrino_py.maps.layout import MapLayout, dim3
from neutrino_py.maps.layout import layout as maps_layout
from neutrino_py.maps.layout import record_problem
from neutrino_py.maps.read import needed_bytes, read_one
from neutrino_py.tracedir import layout, schema



@dataclass
class KernelRecord:
    """One kernel as trace.json lists it: instrumented or why not, and its files in the run."""

    hash: str
    name: str
    instrumented: bool
    reason: str | None
    source: str
    files: dict[str, str]
    run_dir: Path = field(repr=False)

    @cached_property
    def manifest(self) -> dict | None:
        rel = self.files.get("manifest.json")
        if not rel:
            return None
        path = inside(self.run_dir, rel)
        try:
            manifest = layout.loads(files.read_input(path, files.MAX_MANIFEST_BYTES,
                                                     "kernel manifest").decode("utf-8"))
        except (ValueError, RecursionError, ToolError) as err:
            why = err.message if isinstance(err, ToolError) else err
            raise ToolError(f"cannot read the manifest of kernel {self.name} from {path}: {why}",
                            fix="the run's kernels/ folder is incomplete or damaged") from None
        maps = manifest.get("maps", []) if isinstance(manifest, dict) else None
        if not isinstance(maps, list) or not all(isinstance(m, dict) for m in maps):
            raise ToolError(f"{path} is not a manifest (docs/contracts.md §4)",
                            fix="the run's kernels/ folder is incomplete or damaged")
        return manifest

    def text(self, which: str = "ptx") -> str | None:
        """`"ptx"` or `"instrumented.ptx"`; None where the trace has no such file."""
        rel = self.files.get(which)
        if not rel:
            return None
        path = inside(self.run_dir, rel)
        try:
            return files.read_input(path, files.MAX_ASM_BYTES, "kernel text").decode(
                "utf-8", "surrogateescape")
        except ToolError as err:
            raise ToolError(f"cannot read the {which} of kernel {self.name}: {err.message}",
                            fix="the run's kernels/ folder is incomplete or damaged") from None

    def map_info(self, name: str) -> dict | None:
        """The manifest's entry for map `name` (kind, level, dtype...), if recorded."""
        for entry in (self.manifest or {}).get("maps", []):
            if entry.get("name") == name:
                return entry
        return None


class MapFiles(Mapping):
    """A launch's maps; each access maps its bytes afresh, so pages a tool has read leave the
    process with the array instead of piling up over a big trace.

    Version 2 (contracts §6): a segment of the process's `maps.bin`, either an array (`dtype`,
    `shape`: the map is a memory-mapped view) or the kernel's raw device buffer (`cursor`,
    `dropped`: decoded with the manifest's layout by `maps.read_one`, a view where the layout
    allows one). Version 1: a `.npy` file per map in the launch's own folder."""

    def __init__(self, run_dir: Path, info: dict, layouts: Callable[[], dict[str, MapLayout]],
                 dtypes: dict, kernel: KernelRecord | None = None) -> None:
        self._run, self._info, self._layouts = run_dir, info, layouts
        self._names = list(info.get("maps") or [])
        self._dtypes = dtypes          # shared by the trace's launches: (kernel hash, map) -> dtype
        self._kernel = kernel

    def _old_dir(self) -> Path:
        rel = self._info.get("dir") or f"{layout.LAUNCHES}/{layout.launch_dirname(self._info['seq'], self._info['kernel'])}"
        return inside(self._run, rel)

    def _data(self) -> Path:
        """The data file the launch's segments are in (ToolError where the trace names none)."""
        rel = self._info.get("data")
        if not rel:
            raise ToolError(f"launch {self._info.get('seq')} has map segments but names no data "
                            "file for them", fix="the run's trace.json or events.jsonl is damaged")
        return inside(self._run, rel)

    def __getitem__(self, name: str) -> np.ndarray:
        if name not in self._names:
            raise KeyError(f"no map {name!r} in this launch (maps: {', '.join(self._names) or 'none'})")
        segment = (self._info.get("segments") or {}).get(name)
        path = (self._old_dir() / f"{name}.npy" if segment is None
                else self._data())
        held = None if segment is None else self._held(name, path, segment)
        try:
            if segment is None:
                array = _npy(path)
            elif "dtype" in segment:
                dtype = self._array_dtype(name, segment)
                array = _mapped(path, dtype, segment["offset"], _whole_rows(
                    tuple(segment["shape"]), dtype.itemsize, held))
            else:
                raw = _mapped(path, np.dtype(np.uint8), segment["offset"], (held,))
                array = read_one(self._layouts()[name], raw, int(segment["cursor"]),
                                 int(segment["dropped"]), copy=False,
                                 cut=held < segment["nbytes"])[0]
            why = record_problem(array.dtype)
            if why:
                raise ValueError(f"not a map's records ({why})")
            if array.ndim != 1:              # a map is a list of records (a view when it can be)
                array = array.reshape(-1)
        except (*UNREADABLE, KeyError, ToolError) as err:
            raise ToolError(f"cannot read map {name!r} of launch {self._info.get('seq')} from "
                            f"{path}: {err}", fix="the run may have been killed while writing it") from err
        self._check(name, array.dtype)
        return array

    def _check(self, name: str, dtype: np.dtype) -> None:
        """Every field the kernel's manifest gives the map is in `dtype` with its type; a map
        that does not match is refused for this launch (tools list it as unreadable)."""
        info = self._kernel.map_info(name) if self._kernel is not None else None
        if not info or not info.get("dtype"):
            return
        try:
            wanted = [(str(f), np.dtype(t)) for f, t in info["dtype"]]
        except (TypeError, ValueError):
            return                               # the manifest's own problem, said elsewhere
        have = dtype.fields or {}
        wrong = [f for f, t in wanted if f not in have or have[f][0] != t]
        if wrong:
            raise ToolError(f"map {name!r} of launch {self._info.get('seq')} does not match its "
                            f"manifest: field {wrong[0]!r} is "
                            f"{'missing' if wrong[0] not in have else have[wrong[0]][0]}, the "
                            f"manifest says {dict(wanted)[wrong[0]]} (map dtype {dtype})",
                            fix="the map file was replaced or written by another probe")

    def dtype(self, name: str) -> np.dtype:
        """A map's record dtype (ToolError if none of its bytes are in the file, or a raw
        buffer is smaller than its layout): from the index for an array, found once per kernel
        and map for a raw buffer, from the `.npy` header for version 1."""
        segment = (self._info.get("segments") or {}).get(name)
        if segment is None:
            return self[name].dtype
        path = self._data()
        self._held(name, path, segment)
        if "dtype" in segment:
            dtype = self._array_dtype(name, segment)
            self._check(name, dtype)
            return dtype
        key = (self._info.get("kernel_hash"), name)
        if key not in self._dtypes:
            self._dtypes[key] = self[name].dtype
        else:                   # the kernel's dtype is known: this launch's buffer must fit it
            need = needed_bytes(self._layouts()[name], int(segment["cursor"]))
            if segment["nbytes"] < need:
                raise ToolError(f"cannot read map {name!r} of launch {self._info.get('seq')} "
                                f"from {path}: its segment holds {segment['nbytes']} bytes, its "
                                f"layout needs {need}", fix="the run's trace.json is damaged")
        return self._dtypes[key]

    def nbytes(self, name: str) -> int:
        """About the bytes a map's records take, for progress bars: a raw buffer's stored size,
        without decoding it (a sharded pool is gathered whole to be read); an array's own."""
        segment = (self._info.get("segments") or {}).get(name)
        if segment is None or "dtype" in segment:
            return self[name].nbytes
        return int(segment["nbytes"])

    def _held(self, name: str, path: Path, segment: dict) -> int:
        """Bytes of a segment its data file holds: all, or those before the file's end (a run
        killed while writing: the records before the cut still read). ToolError where the
        file is not there or ends before the segment starts."""
        offset, nbytes = int(segment["offset"]), int(segment["nbytes"])
        try:
            size = path.stat().st_size if path.is_file() else None
        except OSError:
            size = None
        why = ("the file is missing or not a file" if size is None
               else f"its bytes start at {offset}, past the end of the file ({size} bytes)"
               if nbytes and size <= offset else None)
        if why:
            raise ToolError(f"cannot read map {name!r} of launch {self._info.get('seq')} from "
                            f"{path}: {why}", fix="the run may have been killed while writing it")
        return max(0, min(nbytes, size - offset))

    def _array_dtype(self, name: str, segment: dict) -> np.dtype:
        """An array segment's dtype, refused (ToolError) when it is not a record type or its
        shape needs more bytes than the segment holds: those bytes belong to other maps."""
        try:
            dtype = layout.dtype_from_json(segment["dtype"])
        except (TypeError, ValueError) as err:
            raise ToolError(f"map {name!r} of launch {self._info.get('seq')} has no readable "
                            f"dtype in the trace: {err}",
                            fix="the run's trace.json is damaged") from None
        need = math.prod(segment.get("shape", (0,))) * dtype.itemsize
        if need > segment["nbytes"]:
            raise ToolError(f"map {name!r} of launch {self._info.get('seq')}: its shape "
                            f"{segment.get('shape')} of {dtype.itemsize}-byte records needs "
                            f"{need} bytes, its segment holds {segment['nbytes']}",
                            fix="the run's trace.json is damaged")
        return dtype

    def level(self, name: str) -> str | None:
        """The map's level (thread, warp, block, sm or kernel) from its kernel's manifest, so a
        tool can tell what a row stands for; None where the trace has no manifest for it."""
        manifest = self._kernel.manifest if self._kernel is not None else None
        for spec in (manifest or {}).get("maps", []):
            if isinstance(spec, dict) and spec.get("name") == name:
                return spec.get("level")
        return None

    def __contains__(self, name: object) -> bool:
        """By name: `Mapping`'s own test reads the map, which may be large or damaged."""
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


# what NumPy raises for a damaged `.npy` or a mapping past a file's end (a cut header ends its
# literal early: SyntaxError, TokenError)
UNREADABLE = (OSError, ValueError, TypeError, EOFError, SyntaxError, tokenize.TokenError)


def _whole_rows(shape: tuple[int, ...], itemsize: int, held: int) -> tuple[int, ...]:
    """`shape` cut to the rows `held` bytes hold whole (all of them unless the file was cut)."""
    row = itemsize * math.prod(shape[1:])
    return (min(shape[0], held // row) if row else shape[0], *shape[1:]) if shape else shape


def _mapped(path: Path, dtype: np.dtype, offset: int, shape: tuple[int, ...]) -> np.ndarray:
    """`shape` items of `dtype` at byte `offset` of `path`, memory-mapped read-only (a path that
    is no regular file is refused, not opened: a FIFO would wait for a writer)."""
    if not math.prod(shape):
        return np.zeros(shape, dtype)
    with files.open_input(path, "map data file") as f:
        return np.memmap(f, dtype=dtype, mode="r", offset=int(offset), shape=shape)


def _npy(path: Path) -> np.ndarray:
    """A version 1 map's `.npy` file, memory-mapped read-only: its header is read from what was
    opened (a regular file only, `files.open_input`), and the array it declares must fit in the
    file's bytes, so a damaged header never sizes a mapping past them."""
    with files.open_input(path, ".npy map file") as f:
        version = np.lib.format.read_magic(f)
        header = {(1, 0): np.lib.format.read_array_header_1_0,
                  (2, 0): np.lib.format.read_array_header_2_0}.get(version)
        if header is None:
            raise ValueError(f"unknown .npy format version {version}")
        shape, fortran, dtype = header(f)
        why = record_problem(dtype)
        if why:
            raise ValueError(f"not a map's records ({why})")
        offset, size = f.tell(), os.fstat(f.fileno()).st_size
        need = math.prod(shape) * dtype.itemsize
        if need > size - offset:
            raise ValueError(f"its header declares {shape} items of {dtype.itemsize} bytes "
                             f"({need} bytes), the file holds {max(0, size - offset)} after it")
        if not need:
            return np.zeros(shape, dtype)
        return np.memmap(f, dtype=dtype, mode="r", offset=offset, shape=shape,
                         order="F" if fortran else "C")


@dataclass
class Launch:
    seq: int
    kernel: str
    kernel_hash: str
    grid: tuple[int, int, int]
    block: tuple[int, int, int]
    shared_mem: int
    stream: Any
    start_ns: int | None
    end_ns: int | None
    duration_ms: float | None
    instrumented: bool
    operator: str | None
    records: dict[str, int]
    dropped: dict[str, int]
    maps: MapFiles = field(repr=False)
    info: dict = field(repr=False)

    @property
    def pid(self) -> int | None:
        """The traced process that launched it (None in traces written without one)."""
        return self.info.get("pid")

    @property
    def rank(self) -> int | None:
        """`RANK` of that process under PyTorch distributed (torchrun), else None."""
        return self.info.get("rank")

    @property
    def graph(self) -> bool:
        """A replay of a CUDA graph the kernel was captured into: its maps are that replay's,
        and it is untimed (the graph ran it, not a launch of its own)."""
        return bool(self.info.get("graph"))

    @property
    def device(self) -> int | None:
        """CUDA device ordinal the launch ran on (the context current at launch)."""
        return self.info.get("device")

    @property
    def context(self) -> Any:
        """The CUDA context current at launch, as the shim reported it."""
        return self.info.get("context")

    @property
    def threads(self) -> int:
        return units("thread", self.grid, self.block)

    @property
    def warps(self) -> int:
        return units("warp", self.grid, self.block)


@dataclass(frozen=True)
class Process:
    """One traced process of a run: torchrun starts one per rank, a program may fork more.

    `state` is what the run knows of its end: "exited" (with `exit_code` when known), "killed"
    (it vanished without saying goodbye: a signal or a crash), "running" (the run itself was
    cut short), or "unknown" (the trace does not say)."""

    pid: int | None
    rank: int | None = None
    local_rank: int | None = None
    world_size: int | None = None
    devices: tuple[int, ...] = ()
    launches: int = 0
    state: str = "unknown"
    exit_code: int | None = None
    info: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, entry: dict, launches: int | None = None) -> "Process":
        """From an entry of trace.json's `processes` (docs/contracts.md §6)."""
        return cls(entry.get("pid"), entry.get("rank"), entry.get("local_rank"),
                   entry.get("world_size"), tuple(entry.get("devices") or ()),
                   entry.get("launches", 0) if launches is None else launches,
                   entry.get("state") or "unknown", entry.get("exit_code"), entry)

    @property
    def label(self) -> str:
        """`rank 1 (pid 4242)`, or `pid 4242` outside PyTorch distributed."""
        who = f"pid {self.pid}" if self.pid is not None else "process"
        return f"rank {self.rank} ({who})" if self.rank is not None else who

    def describe(self) -> str:
        """`rank 1 (pid 4242): device 0, 20 launches, killed`: one line of a run's summary."""
        end = self.state + (f" ({self.exit_code})" if self.exit_code is not None else "")
        return (f"{self.label}: device {','.join(map(str, self.devices)) or '-'}, "
                f"{self.launches} launches, {end}")


class Trace:
    """One run of `neutrino trace` (or `TraceWriter`), finished or not."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.dir = find_run(Path(path))
        self.meta, source, self.rebuilt = _load(self.dir)
        try:
            self.kernels = [KernelRecord(k["hash"], k["name"], bool(k.get("instrumented")),
                                   k.get("reason"), k.get("source", "unknown"),
                                   k.get("files") or {}, self.dir)
                            for k in self.meta["kernels"]]
            self._by_hash = {k.hash: k for k in self.kernels}
            self._layouts: dict[tuple, dict[str, MapLayout]] = {}
            self._dtypes: dict = {}
            self.launches = [self._launch(x) for x in self.meta["launches"]]
        except (ValueError, KeyError, TypeError, AttributeError) as err:   # not a trace we wrote
            what = f"missing key {err}" if isinstance(err, KeyError) else str(err)
            raise ToolError(f"{source} is not a readable trace ({type(err).__name__}: {what})",
                            fix="pass a run directory written by `neutrino trace` "
                                "(docs/contracts.md §6)") from None
        self.meta["warnings"] += cut_data(self.dir, self.meta["launches"])

    def _launch(self, x: dict) -> Launch:
        grid, block = dim3(x["grid"]), dim3(x["block"])      # [64] reads as (64, 1, 1)
        return Launch(int(x["seq"]), x["kernel"], x.get("kernel_hash", ""), grid, block,
                      int(x.get("shared_mem") or 0), x.get("stream", 0),
                      x.get("start_ns"), x.get("end_ns"), x.get("duration_ms"),
                      bool(x.get("instrumented")), x.get("operator"), x.get("records") or {},
                      x.get("dropped") or {},
                      MapFiles(self.dir, x, lambda: self._layout(x.get("kernel_hash"), grid, block),
                               self._dtypes, self._by_hash.get(x.get("kernel_hash") or "")), x)

    def _layout(self, kernel_hash: str | None, grid: tuple, block: tuple) -> dict[str, MapLayout]:
        """Map layouts of a kernel's launch geometry, from its manifest (raw segments)."""
        key = (kernel_hash, grid, block)
        if key not in self._layouts:
            kernel = self._by_hash.get(kernel_hash or "")
            if kernel is None or kernel.manifest is None:
                raise ToolError(f"kernel {kernel_hash} has no manifest in this trace",
                                fix="the run's kernels/ folder is incomplete")
            self._layouts[key] = {lay.name: lay for lay in maps_layout(kernel.manifest, grid, block)}
        return self._layouts[key]

    @property
    def allocations(self) -> list[dict]:
        return self.meta.get("allocations") or []

    @cached_property
    def processes(self) -> list[Process]:
        """The run's traced processes: those the run's trace.json lists (`processes`), plus any
        pid its launches name that it does not; ordered by rank, then pid."""
        listed = {p.get("pid"): p for p in self.meta.get("processes") or []}
        by_pid: dict[Any, list[Launch]] = {}
        for launch in self.launches:
            by_pid.setdefault(launch.pid, []).append(launch)
        out = []
        for pid in dict.fromkeys([*listed, *by_pid]):
            launches = by_pid.get(pid, [])
            if pid is None and not launches:
                continue
            found = {"pid": pid, "rank": next((x.rank for x in launches if x.rank is not None), None),
                     "devices": sorted({x.device for x in launches if x.device is not None})}
            entry = {**found, **{k: v for k, v in listed.get(pid, {}).items() if v not in (None, [])}}
            out.append(Process.of(entry, len(launches)))
        return sorted(out, key=lambda p: (p.rank is None, p.rank or 0, p.pid or 0))

    @property
    def ranks(self) -> list[int]:
        """The distinct ranks of the run's processes (empty outside PyTorch distributed)."""
        return sorted({p.rank for p in self.processes if p.rank is not None})

    def launches_of(self, *, rank: int | None = None, pid: int | None = None,
                    device: int | None = None, kernel: str | None = None) -> list[Launch]:
        """Launches matching every filter given (`t.launches_of(rank=1, device=0)`)."""
        return [x for x in self.launches
                if (rank is None or x.rank == rank) and (pid is None or x.pid == pid)
                and (device is None or x.device == device) and (kernel is None or x.kernel == kernel)]

    def parts(self) -> list[tuple[str, "Trace"]]:
        """The run split by rank (by process when no process has a rank), as (label, subset)
        pairs; empty when there is only one part, so reports stay as they were for one process."""
        if len(self.ranks) > 1:
            return [(f"rank {r}", self.subset(rank=r)) for r in self.ranks]
        pids = [p.pid for p in self.processes if p.pid is not None and p.launches]
        if not self.ranks and len(pids) > 1:
            return [(f"pid {pid}", self.subset(pid=pid)) for pid in pids]
        return []

    def subset(self, *, rank: int | None = None, pid: int | None = None) -> "Trace":
        """The same run seen through one rank or process: its launches and allocations only,
        so any tool can report on it (`Tool.report` does this per rank)."""
        view = copy.copy(self)
        view.launches = self.launches_of(rank=rank, pid=pid)
        pids = {p.pid for p in self.processes
                if (rank is None or p.rank == rank) and (pid is None or p.pid == pid)}
        view.meta = {**self.meta, "allocations": [a for a in self.allocations
                                                  if a.get("pid") in pids]}
        view.__dict__["processes"] = [p for p in self.processes if p.pid in pids]
        return view

    @property
    def warnings(self) -> list[str]:
        return self.meta["warnings"]

    @property
    def device(self) -> dict:
        return self.meta.get("device") or {}

    @property
    def probe(self) -> dict | None:
        return self.meta.get("probe")

    @property
    def summary(self) -> dict:
        return self.meta.get("summary") or {}

    def kernel(self, launch_or_hash: Launch | str) -> KernelRecord | None:
        key = launch_or_hash.kernel_hash if isinstance(launch_or_hash, Launch) else launch_or_hash
        return self._by_hash.get(key)

    def __repr__(self) -> str:
        return (f"Trace({str(self.dir)!r}, launches={len(self.launches)}, "
                f"kernels={len(self.kernels)})")


def cut_data(run: Path, launches: list[dict]) -> list[str]:
    """Say which data files end before the map segments they should hold (a run killed while
    writing, a file cut short): one stat per file, so a damaged trace says so when opened."""
    ends: dict[str, list[tuple[int, int, str]]] = {}
    for x in launches:
        for name, seg in (x.get("segments") or {}).items():
            if x.get("data") and seg["nbytes"]:
                ends.setdefault(x["data"], []).append((seg["offset"] + seg["nbytes"], x["seq"], name))
    notes = []
    for rel, segments in ends.items():
        try:
            path = inside(run, rel)
            size = path.stat().st_size if path.is_file() else 0
        except (ToolError, OSError):
            continue                       # said when a map of it is read
        past = sorted(s for s in segments if s[0] > size)
        if past:
            notes.append(f"{rel} ends at byte {size}, before the end of {len(past)} map "
                         f"segment(s) (first: map {past[0][2]!r} of launch {past[0][1]}): the "
                         "records before its end are read, the rest are lost (the run was "
                         "killed while writing, or the file was cut)")
    return notes


def _load(run: Path) -> tuple[dict, Path, bool]:
    """(trace.json dict checked by `schema.sound`, the file it came from, rebuilt?). A
    trace.json that is missing, unreadable or not a trace is rebuilt from events.jsonl with a
    warning that says why, so a damaged summary file never hides the events the run logged."""
    summary, events = run / layout.TRACE_JSON, run / layout.EVENTS
    why = "is missing (the run did not finish)"
    if summary.is_file():
        try:
            try:
                text = files.read_input(summary, files.MAX_TRACE_JSON_BYTES, "trace.json")
            except ToolError as err:             # too large, unreadable: its events may not be
                raise OSError(err.message) from None
            meta = layout.loads(text.decode("utf-8"))
            if not isinstance(meta, dict):
                raise TypeError(f"its top level is a {type(meta).__name__}, not an object")
            _check_version(meta, summary)
            notes = schema.sound(meta, layout.summarize)     # a damaged `warnings` emptied too
            meta["warnings"] = [*(meta.get("warnings") or []), *notes]
            return meta, summary, False
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as err:
            what = (f"missing key {err}" if isinstance(err, KeyError)
                    else getattr(err, "strerror", None) or str(err))
            what = what.removeprefix(f"{summary} ")
            if not events.is_file():
                raise ToolError(f"{summary} is not a readable trace ({type(err).__name__}: {what})",
                                fix="pass a run directory written by `neutrino trace` "
                                    "(docs/contracts.md §6)") from None
            why = f"is damaged ({type(err).__name__}: {what[:200]})"
    elif summary.exists():
        why = "is not a file"
    try:
        logged = list(layout.read_events(events))
    except (OSError, ToolError) as err:
        why = err.message if isinstance(err, ToolError) else f"cannot read {events}: {err.strerror or err}"
        raise ToolError(why, fix="pass a run directory written by `neutrino trace` "
                                 "(docs/contracts.md §6)") from None
    if logged and not any(isinstance(ev, dict) for ev in logged):
        raise ToolError(f"{events} is not a readable trace (JSONDecodeError: none of its "
                        f"{len(logged)} line(s) is a JSON object)",
                        fix="pass a run directory written by `neutrino trace` "
                            "(docs/contracts.md §6)")
    meta = layout.build(logged)
    _check_version(meta, events)
    meta["warnings"].insert(0, f"trace.json {why}: rebuilt from events.jsonl")
    return meta, events, True


def _check_version(meta: dict, source: Path) -> None:
    """Refuse a trace format this reader does not know (a newer neutrino_py wrote it)."""
    version = meta.get("version", 1)
    if type(version) is not int or not 1 <= version <= layout.VERSION:
        raise ToolError(f"{source} is trace format version {version!r}; this neutrino_py "
                        f"reads versions 1 to {layout.VERSION}",
                        fix="read it with the neutrino_py that wrote it (pip install -U "
                            "neutrino_py)")


def inside(run_dir: Path, rel: str) -> Path:
    """`run_dir / rel`, refused (ToolError) unless it stays inside the run directory: a trace's
    JSON never makes the reader open files elsewhere (``../../etc``, absolute paths)."""
    path = run_dir / str(rel)
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError) as err:      # a symlink loop (RuntimeError before 3.13)
        raise ToolError(f"cannot follow {path}: {err}",
                        fix="a symbolic link in the run directory points back at itself; "
                            "replace it with the file it stood for") from None
    if not resolved.is_relative_to(run_dir.resolve()):
        raise ToolError(f"the trace at {run_dir} names {rel!r}, outside its run directory",
                        fix="the trace was edited or not written by neutrino_py: nothing outside "
                            "the run directory is read")
    return path


def is_run(path: Path) -> bool:
    """True for a trace directory: finished (trace.json) or cut short (only events.jsonl)."""
    return (path / layout.TRACE_JSON).is_file() or (path / layout.EVENTS).is_file()


def find_run(path: Path) -> Path:
    """`path` itself if it is a run directory (or its trace.json), else its newest run."""
    try:
        return _find_run(path)
    except (OSError, ValueError) as err:       # a name the system refuses: too long, a NUL byte
        why = getattr(err, "strerror", None) or str(err)
        raise ToolError(f"cannot open {str(path)[:200]!r} as a trace: {why}",
                        fix="pass the tracedir given to `neutrino trace` or one of its run "
                            "folders") from None


def _find_run(path: Path) -> Path:
    if path.is_file() and path.name in (layout.TRACE_JSON, layout.EVENTS):
        return path.parent
    if not path.is_dir():
        raise ToolError(f"no trace at {path}",
                        fix="pass the tracedir given to `neutrino trace` or one of its run folders")
    if is_run(path):
        return path
    runs = [p for p in path.iterdir() if p.is_dir() and is_run(p)]
    if not runs:
        raise ToolError(f"{path} holds no trace runs (no trace.json or events.jsonl in it or "
                        "its subfolders)", fix="run `neutrino trace --tracedir DIR -- PROGRAM` first")
    return max(runs, key=lambda p: (p.name.split(".")[0][:15], p.stat().st_mtime))

"""What every tool shares: the `Tool` class, the `Report` it returns, map selection and chunking.

A tool names the map fields it reads (`fields`); `select()` finds the maps of a trace that have
them, so a tool works whatever the user called the map, and says exactly what is missing when a
trace lacks it. `analyze()` reads the selected maps in chunks of memory-mapped records.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterator

import numpy as np

from neutrino_py.errors import ToolError
from neutrino_py.maps.lanes import companions, expand, lost_lanes
from neutrino_py.tracedir.reader import Launch, Trace

if TYPE_CHECKING:                     # matplotlib is optional: only for type checkers
    from matplotlib.figure import Figure

CHUNK_BYTES = 32 << 20
NO_OPERATOR = "(no operator)"


@dataclass
class Table:
    title: str
    columns: list[str]
    rows: list[list[Any]]
    percent: tuple[str, ...] = ()       # columns holding fractions, printed as percentages

    def to_dict(self) -> dict:
        return {"title": self.title, "columns": self.columns,
                "rows": [[plain(v) for v in row] for row in self.rows]}


@dataclass
class Report:
    """A tool's answer: tables to print, JSON-able `data`, bulky `arrays`, figures drawn on demand."""

    tool: str
    tables: list[Table] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    arrays: dict[str, np.ndarray] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    figures: dict[str, Callable[[], Any]] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not self.tables and not self.data

    def figure(self, name: str | None = None) -> Figure:
        """The matplotlib figure `name` (the first one by default); needs matplotlib."""
        if not self.figures:
            raise KeyError(f"{self.tool} drew no figure" + (f": {self.notes[0]}" if self.notes else ""))
        return self.figures[name or next(iter(self.figures))]()

    def save_figures(self, directory: str | Path) -> list[Path]:
        from neutrino_py.tools.plots import save
        return [save(make(), Path(directory) / f"{self.tool}-{name}.png")
                for name, make in self.figures.items()]

    def to_dict(self) -> dict:
        return {"tool": self.tool, "notes": self.notes, "data": plain(self.data),
                "tables": [t.to_dict() for t in self.tables], "figures": list(self.figures)}


@dataclass(frozen=True, eq=False)
class MapRef:
    """One map of one launch that a tool will read (hashed by identity)."""

    launch: Launch
    name: str

    @property
    def array(self) -> np.ndarray:
        return self.launch.maps[self.name]

    @property
    def nbytes(self) -> int:
        return self.launch.maps.nbytes(self.name)

    @property
    def companions(self) -> dict[str, str]:
        """`lanes` field -> the map holding its per-lane values (maps.lanes), whether or not
        the launch could keep it: without it a warp's record must not pass for one access."""
        return companions(self.name, self.launch.maps.dtype(self.name))

    @cached_property
    def unreadable(self) -> dict[str, str]:
        """Companion map -> why it cannot be read (missing from the launch, its bytes lost or
        damaged): the lanes whose values it held are left out of `rows` (`lanes_lost`)."""
        out = {}
        for name in self.companions.values():
            try:
                self.launch.maps[name]
            except (KeyError, ToolError) as err:
                out[name] = err.message if isinstance(err, ToolError) else str(err.args[0])
        return out

    @property
    def dropped(self) -> int:
        """Records of this map that did not fit: for a map with `lanes` fields (memtrace), one
        per warp-level access, all of its lanes with it. Lanes are `lanes_lost`, never here."""
        return self.launch.dropped.get(self.name, 0)

    @cached_property
    def lanes_lost(self) -> int:
        """Lanes of this map's kept records that `rows` leaves out: their values did not fit the
        companion pool, or it cannot be read (`maps.lanes.lost_lanes`, one pass over the mask
        and `_at` columns). A companion's own `dropped` is not used: it also counts the lanes of
        records the pool dropped, which `dropped` counts already (contracts §4 "Lost lanes")."""
        found = self.companions
        held = {f: 0 if c in self.unreadable else len(self.launch.maps[c])
                for f, c in found.items()}
        if all(c not in self.unreadable and not self.launch.dropped.get(c, 0)
               and held[f] >= self.launch.records.get(c, 0) for f, c in found.items()):
            return 0                 # every value the companions reserved fit and is read
        return sum(lost_lanes(part, held) for part in chunks(self.array, Progress()))


class Tool:
    """A named analysis. Subclasses set `name`, `help`, `fields` (and `probe` for the hint)."""

    name: ClassVar[str] = ""
    help: ClassVar[str] = ""
    fields: ClassVar[tuple[str, ...]] = ()      # every one must be in the map's dtype
    probe: ClassVar[str | None] = None          # stock probe recording those fields
    needs_maps: ClassVar[bool] = True           # False: works on launch/allocation events alone
    per_rank: bool = True                       # option: -O per_rank=0 reports the total only

    def select(self, trace: Trace) -> list[MapRef]:
        """Maps of `trace` this tool reads (all launches); empty for tools that need none."""
        return [MapRef(launch, name) for launch, name, dtype in self.candidates(trace)
                if self.accepts(trace, launch, name, dtype)]

    def candidates(self, trace: Trace) -> Iterator[tuple[Launch, str, np.dtype]]:
        """Every readable map of the trace; unreadable files are remembered for a note."""
        self.unreadable: list[str] = []
        yield from readable_maps(trace, self.unreadable)

    def accepts(self, trace: Trace, launch: Launch, name: str, dtype: np.dtype) -> bool:
        """A map with every field of `fields`, each an integer (a probe may declare f32/f64
        fields: the tools count, shift and index with them)."""
        return bool(self.fields) and all(integral(dtype, f) for f in self.fields)

    def analyze(self, trace: Trace, refs: list[MapRef], progress: "Progress") -> Report:
        raise NotImplementedError

    def report(self, trace: Trace, refs: list[MapRef], progress: "Progress") -> Report:
        """`analyze` over the whole run, then over each rank (or process) of a run with several:
        their tables follow the total's, titled `rank N: ...`, and their data is under
        `data["ranks"]["rank N"]`. A trace without the maps gets a note saying what is missing."""
        report = self._whole(trace, refs, progress)
        skipped = getattr(self, "unreadable", [])
        if skipped:
            report.notes.append(f"skipped {len(skipped)} unreadable map file(s): {skipped[0]}")
        parts = trace.parts() if self.per_rank else []
        if parts:
            report.tables = [replace(t, title=f"all: {t.title}") for t in report.tables]
            report.data["ranks"] = {}
        for label, part in parts:
            mine = {id(x) for x in part.launches}
            sub = self._whole(part, [r for r in refs if id(r.launch) in mine], progress)
            report.data["ranks"][label] = sub.data
            report.tables += [replace(t, title=f"{label}: {t.title}") for t in sub.tables]
            report.notes += [f"{label}: {n}" for n in sub.notes if n not in report.notes]
        return report

    def _whole(self, trace: Trace, refs: list[MapRef], progress: "Progress") -> Report:
        if self.needs_maps and not refs:
            return Report(self.name, notes=[self.missing(trace)])
        return self.analyze(trace, refs, progress)

    def wants(self) -> str:
        return f"a map with fields {', '.join(self.fields)}"

    def missing(self, trace: Trace) -> str:
        """Why this tool found nothing to read, and how to record it."""
        unreadable: list[str] = []                # the tool's own list stays the whole run's
        seen = sorted({f"{n}({', '.join(dtype.names or [str(dtype)])})"
                       for _, n, dtype in readable_maps(trace, unreadable)})
        hint = f" (trace with probes/{self.probe})" if self.probe else ""
        floats = sorted({n for _, n, dtype in readable_maps(trace, []) if self.fields
                         and all(f in (dtype.names or ()) for f in self.fields)})
        if floats:
            hint += (f"; map {floats[0]} has those fields, but not all as integers (they are "
                     f"counts, addresses or clocks)")
        return (f"needs {self.wants()}{hint}; this trace has "
                + (f"maps {', '.join(seen)}" if seen
                   else f"no readable maps ({len(unreadable)} unreadable)" if unreadable
                   else "no maps"))


class Progress:
    """What a tool reports as it reads; the command's progress bar implements it."""

    def advance(self, nbytes: int) -> None:
        pass


def chunks(array: np.ndarray, progress: Progress, chunk_bytes: int = CHUNK_BYTES) -> Iterator[np.ndarray]:
    """Consecutive slices of a (memory-mapped) array, about `chunk_bytes` each."""
    step = max(1, chunk_bytes // max(1, array.dtype.itemsize))
    for start in range(0, len(array), step):
        part = array[start:start + step]
        yield part
        progress.advance(part.nbytes)


def integral(dtype: np.dtype, name: str) -> bool:
    """Whether `dtype` has a field `name` of integers (or booleans)."""
    field = (dtype.fields or {}).get(name)
    return field is not None and field[0].base.kind in "iub"


def exact_sum(column: np.ndarray, weights: np.ndarray | None = None) -> int:
    """The sum of an integer column (a chunk: fewer than 2**32 rows, 2**25 with `weights`) as a
    Python int, exact past 2**64: counters near their top (damage, or a long run) wrapped to
    small numbers in NumPy's own sum. A float column sums its finite values; booleans count.
    `weights` (0 to 32 per row: the active lanes of warp-level records,
    `maps.lanes.active_lanes`) counts each row that many times."""
    w = None if weights is None else np.asarray(weights, np.int64)
    if column.dtype.kind == "f":
        column = column if w is None else column * w
        return int(column[np.isfinite(column)].sum(dtype=np.float64))
    if column.dtype.kind not in "iu" or column.dtype.itemsize < 8:
        if w is not None:
            return int((column.astype(np.int64) * w).sum())
        return int(column.sum(dtype=np.int64 if column.dtype.kind in "bi" else np.uint64))
    low = column & np.array(0xFFFFFFFF, column.dtype)       # each half within 32 bits
    high = column >> np.array(32, column.dtype)
    if w is None:
        low, high = low.sum(dtype=np.uint64), high.sum(dtype=high.dtype)
    else:
        low, high = (low.astype(np.int64) * w).sum(), (high.astype(np.int64) * w).sum()
    return (int(high) << 32) + int(low)


def rows(ref: MapRef, progress: Progress, chunk_bytes: int = CHUNK_BYTES) -> Iterator[np.ndarray]:
    """`chunks` of a map's rows; a map with `lanes` fields comes back one row per active lane
    (`maps.lanes.expand`: record fields repeated, each lanes field holding that lane's value),
    so a tool reads memtrace records as it reads per-thread dmat records."""
    found = ref.companions
    if not found:
        yield from chunks(ref.array, progress, chunk_bytes)
        return
    values = {f: np.zeros(0, np.uint64) if c in ref.unreadable else ref.launch.maps[c]
              for f, c in found.items()}      # none: affine records still expand (`lanes_lost`)
    done = 0
    for part in chunks(ref.array, progress, chunk_bytes // 32):
        lanes, _ = expand(part, values, done)
        done += len(part)
        yield lanes


def loss_notes(refs: list[MapRef]) -> list[str]:
    """What a report says where accesses were lost, one unit each: records the maps dropped
    (a memtrace record is one warp-level access of up to 32 lanes) and lanes of kept records
    that cannot be rebuilt, with the first unreadable companion's reason where that is why."""
    notes = []
    dropped = sum(r.dropped for r in refs)
    if dropped:
        notes.append(f"{dropped} record(s) did not fit their map (for a map with `lanes` fields, "
                     "memtrace's, each is one warp-level access, all of its lanes lost with "
                     "it): counts are lower bounds; give the map a larger pool or capacity")
    lost = [r for r in refs if r.lanes_lost]
    if lost:
        unread = next((r for r in lost if r.unreadable), None)
        why = ""
        if unread is not None:
            name, reason = next(iter(unread.unreadable.items()))
            why = (f", or their companion map cannot be read (first: {name!r} of launch "
                   f"{unread.launch.seq}: {reason})")
        notes.append(f"{sum(r.lanes_lost for r in lost)} lane(s) of kept records in {len(lost)} "
                     f"map(s) cannot be rebuilt (lanes_lost: their values did not fit the "
                     f"companion pool <map>__<field>{why}); the lanes of dropped records are "
                     "not among them")
    return notes


def launch_counts(launch: Launch) -> dict[str, dict[str, int]]:
    """Per record map of a launch (companion maps left out: they hold lane values, and their
    `dropped` also counts the lanes of records the pool dropped): its `records` and `dropped`
    (records) and, for maps with `lanes` fields, `lanes_lost` (`MapRef.lanes_lost`). A map
    whose dtype cannot be read keeps its header counts."""
    refs: dict[str, MapRef | None] = {}
    parts: set[str] = set()
    for name in dict.fromkeys([*launch.maps, *launch.records, *launch.dropped]):
        ref: MapRef | None = MapRef(launch, name)
        try:
            parts.update(ref.companions.values())
        except (KeyError, ToolError):     # not kept, or unreadable: its header counts alone
            ref = None
        refs[name] = ref
    out = {}
    for name in (n for n in refs if n not in parts):
        out[name] = {"records": launch.records.get(name, 0), "dropped": launch.dropped.get(name, 0)}
        try:
            if refs[name] is not None and refs[name].companions:
                out[name]["lanes_lost"] = refs[name].lanes_lost
        except ToolError:                 # its records cannot be read: no lanes to count
            pass
    return out


def readable_maps(trace: Trace, unreadable: list[str]) -> Iterator[tuple[Launch, str, np.dtype]]:
    """Every map of `trace` with its dtype. A map whose file cannot be read is skipped and its
    message appended to `unreadable`: one bad file must not hide the others' results."""
    for launch in trace.launches:
        for name in launch.maps:
            try:
                yield launch, name, launch.maps.dtype(name)
            except ToolError as err:
                unreadable.append(err.message)


def by_kernel(refs: list[MapRef]) -> dict[str, list[MapRef]]:
    """Map refs grouped by kernel name, in first-seen order: most tools report per kernel."""
    out: dict[str, list[MapRef]] = {}
    for ref in refs:
        out.setdefault(ref.launch.kernel, []).append(ref)
    return out


def operator_of(launch: Launch) -> str:
    """The launch's operator scope, or a fixed placeholder so untagged launches still group."""
    return launch.operator or NO_OPERATOR


def plain(value: Any) -> Any:
    """JSON-able copy: NumPy scalars and arrays become Python numbers and lists."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, float) and not np.isfinite(value):
        return None
    return value

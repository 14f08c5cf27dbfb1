"""Lower a checked probe program to `ops` statements, one site at a time.

A `Lowerer` owns the registers that live across the whole kernel (shared `reg`s, `counter`
fields, per-thread record counts) and turns probe expressions and statements into ops using
scratch registers from the site's `Scope`. Operand helpers (ADDR, OUT, ...) come in as a `Site`
whose values the splicer bound from the instruction. Map code follows contracts §4 and the
semantics written in `probe/ast.py`; the GPU oracles check exactly that.
"""
from __future__ import annotations

import copy
import functools
from dataclasses import dataclass, field
from typing import Callable, NamedTuple

from neutrino_py import ops
from neutrino_py.contract.manifest import (CHAIN_BITS, COARSE_SPREAD, HEADER_PARAM,
                                           HEADER_SLOT_BYTES, LANE_BLOCK, LANE_PARTS, LANES_AFFINE,
                                           MAX_CHAINS, SHARD_CHUNK, SHARD_SLOT_BYTES, SM_ROWS, WARP,
                                           MapSpec, companion, map_param, pool_shards)
from neutrino_py.contract.wire import MAP_ALIGN
from neutrino_py.errors import SourceError
from neutrino_py.ops import Imm, Reg, Scratch, Stmt, Value
from neutrino_py.probe import ast, fold
from neutrino_py.probe.passes import DEFAULT_POOL
from neutrino_py.probe.walk import walk

# helpers whose value a thread keeps for its whole life (its place in the grid); `smid` is not
# among them, should a preempted block resume on another SM
LIFELONG = ("warpid", "laneid", "blockid", "threadid", "warps")
TIMERS = ("clock", "globaltimer")     # helpers a warp-level save reads late (`_Ctx.late_timers`)
HELPER_SPECIALS = {"clock": "clock", "globaltimer": "globaltimer", "smid": "smid",
                   "warpid": "warp_linear", "laneid": "laneid", "activemask": "activemask",
                   "blockid": "block_linear", "threadid": "thread_linear",
                   "warps": "warps_per_block"}
LANES_POOL_FACTOR = 8
# chains whose followers' other fields are constants leave their records to the reader
# (`Lowerer.chain_index`); False: the leader stores them, as any other chain's
READER_CHAINS = True
# lanes that form a two-level tile of the whole warp are kept as two steps in the record
# (`ops.LaneCompress.tile`, on targets with `lane_tiles`); False: one by one, as any gather
LANE_TILES = True
MAX_LANES_POOL = 1 << 30
# a run in a region that control comes back to (a loop's body) reserves the slots of up to this
# many passes at once (1, 2, 4, ... passes, doubling at each reservation), and a pass resumes
# the last one's slots while its leader holds enough of them (`_Ctx.run_reserve`); 1: every
# pass reserves its own
RUN_PASSES = 8
# a run's `left` register: the slots its leader has left below this bit, the passes of its last
# reservation above (8 bits: RUN_PASSES < 256). One register for both: with a second one
# ptxas gave memtrace's histogram_atomic 34 registers instead of 32 (H200, 8 passes: 1.72x,
# 1.51x with one)
LEFT_BITS = 24
ARITH, COMPARE = fold.NAMES, fold.COMPARE_NAMES


@dataclass
class Site:
    """What the probe body may read at one position: operand values bound by the splicer and the
    per-block instruction counter (`count` answers a `Count` node)."""
    operands: dict[str, Value] = field(default_factory=dict)
    count: Callable[[ast.Count], int] | None = None
    # map -> (position of the probe's first save in its region's run, slots a reservation there
    # takes: the most saves a pass meets from it on, `splicer._saves_ahead`; passes it takes them
    # for, `RUN_PASSES` in a loop's body)
    runs: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    # the chain of held-back saves this one leads (`Chain`), if any
    chain: "Chain | None" = None
    # a chain's follower: its own code runs only where its lanes part from the first's
    follower: bool = False


class Follower(NamedTuple):
    """A held-back site after the first of a chain (`Chain`): its operand values and how far
    its ADDR is from the first's in every lane (mod 2**64)."""
    operands: tuple[tuple[str, Value], ...]
    delta: int


class Chain(NamedTuple):
    """Held-back sites of one probe, one save each, next to each other in a run, whose ADDR is
    one register value plus a constant (`TargetKernel.address_delta`). Where the first's lanes
    are affine, its leader also stores the record of each follower whose guard holds in the
    same lanes as its own, in the next slots, up to the first follower that runs in other
    lanes (one that runs in none is passed over: it makes no record either way); the records
    are the ones the followers make: their values, the first's stride and mask, its base plus
    the delta. `covered` (u32, in every lane): bit k set where follower k's record is made so,
    and its own code skipped (`splicer._KernelSplice.held`). Where the guards are not one
    predicate, `apart` (u32) has bit k set where follower k's guard differs from the first's
    in some lane and `runs` where it holds in some lane, both voted before the first's body
    only where some guard differs at all (a warp at the tail of a Triton block), else 0.
    Bits, not predicates: with a predicate per follower held across the first's save, the
    instrumented softmax_kernel took 64 registers, with bits 62 (56 without chains; nvJitLink
    13.5), and voting per follower in every warp cost add_kernel 2.13x where the kept form
    costs 1.87x (H200, memtrace, README). `index`: the chain's place in its map's
    `Manifest.chains` where its followers store nothing (`Lowerer.chain_index`), else None."""
    followers: tuple[Follower, ...]
    covered: Reg
    apart: Reg | None = None
    runs: Reg | None = None
    index: int | None = None

    @property
    def every(self) -> Imm:
        """A bit for each follower (`covered`'s bits)."""
        return Imm((1 << len(self.followers)) - 1, "u32")


class _NotConstant(Exception):
    """An expression `Lowerer.chain_index` evaluates needs a register: not a constant."""


class _NoScratch:
    """The scratch of an evaluation that must stay constant: any register ends it."""

    def tmp(self, type_: str) -> Reg:
        raise _NotConstant(type_)


def bit_set(bits: Reg, k: int, scope: Scratch) -> tuple[Reg, list[Stmt]]:
    """(pred, ops): whether bit `k` of `bits` (u32) is set, and the ops that find it."""
    part, on = scope.tmp("u32"), scope.tmp("pred")
    return on, [ops.Binary(part, "and", bits, Imm(1 << k, "u32")),
                ops.Compare(on, "ne", part, Imm(0, "u32"))]


def map_spec(decl: ast.MapDecl, slot: int, shard_pools: bool = True) -> MapSpec:
    """The manifest entry for a declared map (contracts §4); `slot` is its header slot. Unbounded
    records are sharded when `shard_pools` (the target renders `ShardReserve`)."""
    pool = decl.kind == "record" and decl.capacity is None and decl.pool
    coarse = decl.kind == "counter" and decl.level in ("sm", "kernel")
    kind = "record" if decl.kind == "row" else decl.kind     # a row is laid out as record(1)
    return MapSpec(name=decl.name, kind=kind, level=decl.level, dtype=decl.dtype,
                   capacity=decl.capacity, pool=decl.pool, header_slot=slot,
                   shards=pool_shards(decl.pool) if pool and shard_pools else 1,
                   spread=COARSE_SPREAD if coarse else 1)


def lifelong(e: ast.Expr) -> bool:
    """Whether `e` holds one value for the whole of a thread's life: constants and `LIFELONG`
    helpers combined by operators. A filter of that kind is decided once, at entry."""
    return all(isinstance(n, (ast.Const, ast.Unary, ast.Binary, ast.Cast))
               or isinstance(n, ast.Helper) and n.name in LIFELONG for n in walk(e))


def warp_events(spec: MapSpec) -> bool:
    """Whether an event of this map is one per warp, run by its leader: [warp] maps and [block]
    records (whose warps share the block's slots through an atomic on its count) and rows."""
    return spec.level == "warp" or (spec.kind == "record" and spec.level == "block")


def runs_saves(spec: MapSpec, decl: ast.MapDecl) -> bool:
    """Whether the saves of a region may share one reservation (`Lowerer.runs`): warp-level
    sharded pools with a `lanes` field, whose written records never have a zero mask, so that a
    slot a run reserved and left empty (a path with fewer saves, a warp split) reads back as a
    hole."""
    return spec.level == "warp" and spec.shards > 1 and any(f.lanes for f in decl.fields)


def lanes_spec(decl: ast.MapDecl, f: ast.Field, slot: int, shard_pools: bool = True) -> MapSpec:
    """The companion map of `lanes` field `f` (contracts §4): a thread-level pool of u64 values,
    LANES_POOL_FACTOR values per record of the map's pool (of DEFAULT_POOL for `record(N)`
    slots; at most MAX_LANES_POOL), where one event's lanes lie side by side. Sharded when
    `shard_pools`, in blocks of LANE_BLOCK slots (a warp's lanes, none straddling a chunk): one
    cursor for every warp of the GPU capped a kernel of gathers at the rate one address takes
    atomics (H200, memtrace, one cursor beside 64 shards in one run: sgemm_tiled 11.4x -> 2.8x,
    timed_matmul 14.8x -> 6.2x)."""
    records = decl.pool or DEFAULT_POOL
    pool = min(LANES_POOL_FACTOR * records, MAX_LANES_POOL)
    shards = pool_shards(pool) if shard_pools else 1
    return MapSpec(name=companion(decl.name, f.name), kind="record", level="thread",
                   dtype=[["value", "<u8"]], pool=pool, header_slot=slot, shards=shards,
                   block=LANE_BLOCK if shards > 1 else 1)


def field_stores(addr: Reg, fields: list[tuple[int, Value]], itemsize: int,
                 widest: int) -> list[Stmt]:
    """Stores of `fields` ((offset in the item, value) in offset order) of an item at `addr`:
    runs of adjacent fields that fill an aligned 16 or 8 bytes go in one `ops.StoreVector` (up
    to `widest` bytes, the target's), the rest one `ops.Store` each. Items start at a multiple
    of their size in a buffer aligned to MAP_ALIGN, so an item is aligned to the largest power
    of two dividing its size."""
    align = min(itemsize & -itemsize, MAP_ALIGN)
    out: list[Stmt] = []
    i = 0
    while i < len(fields):
        offset, value = fields[i]
        for size in (16, 8):
            if size > widest or size > align or offset % size:
                continue
            end, j = offset, i
            while j < len(fields) and fields[j][0] == end and end < offset + size:
                end += ops.bits(fields[j][1].type) // 8
                j += 1
            if end == offset + size and j - i > 1:
                out.append(ops.StoreVector(addr, offset, tuple(v for _, v in fields[i:j])))
                i = j
                break
        else:
            out.append(ops.Store(addr, offset, value, value.type))
            i += 1
    return out


class Lowerer:
    """Lowers `program` for one kernel; `persistent` registers are numbered before scratch ones.

    With `warp_slots` (targets that render `VoteAny` and `WarpSync`), fixed warp-level records keep
    the warp's event count in a register while every event so far had the whole warp, and take
    their slot from it without waiting for an atomic (see `_Ctx.save_warp_converged`). With
    `shard_pools` (targets that render `ShardReserve`), unbounded records reserve from shards of
    their pool (chosen by the warp index, computed once at entry) instead of one cursor. With
    `warp_sum` (targets that render `WarpSum`), block/sm/kernel counters add one warp sum per
    field instead of one atomic per lane. Without `prefetch` (targets that do not render
    `ops.Prefetch`), `m.prefetch()` lowers to nothing, not even its address. `vector_store`: the
    widest `ops.StoreVector` the target renders, in bytes (`field_stores`; 0: one store per
    field). With `compress_leads` (targets that render `ops.LaneCompress.lead`), a save with
    `lanes` takes its leader from the compression; with `lane_tiles` (targets that render
    `ops.LaneCompress.tile`), lanes that tile the warp write no companion values. Maps in
    `runs` reserve the slots of a pass through a region at its first save
    (`_Ctx.run_reserve`): `(cursor, owner, left)` registers per map.
    `illegal` is the target's legalisation: why it cannot render an op (None: it can); an
    expression lowered to such an op is an error at the expression in the probe source.
    """

    def __init__(self, program: ast.ProbeProgram, warp_slots: bool = True,
                 shard_pools: bool = True, warp_sum: bool = True, prefetch: bool = True,
                 vector_store: int = 0, compress_leads: bool = False, lane_tiles: bool = False,
                 illegal: Callable[[Stmt], str | None] = lambda stmt: None) -> None:
        self.program, self.illegal, self.compress_leads = program, illegal, compress_leads
        self.lane_tiles = lane_tiles
        self.warp_sum, self.prefetch, self.vector_store = warp_sum, prefetch, vector_store
        self.specs = {name: map_spec(d, i, shard_pools)
                      for i, (name, d) in enumerate(program.maps.items())}
        for d in program.maps.values():
            for f in d.fields:
                if f.lanes:
                    self.specs[companion(d.name, f.name)] = lanes_spec(d, f, len(self.specs),
                                                                       shard_pools)
        self.persistent: dict[str, int] = {}
        self.regs = {name: self._keep(d.type.value) for name, d in program.regs.items()}
        self.counters: dict[tuple[str, str], Reg] = {}
        self.counts: dict[str, Reg] = {}
        self.warp_slots: dict[str, tuple[Reg, Reg]] = {}    # map -> (events u32, tainted pred)
        for name, d in program.maps.items():
            if d.kind == "counter":
                for f in d.fields:
                    self.counters[name, f.name] = self._keep(f.type.value)
            elif d.kind in ("record", "row") and d.capacity is not None and d.level == "thread":
                self.counts[name] = self._keep("u32")
            elif d.kind == "record" and d.capacity is not None and d.level == "warp" and warp_slots:
                self.warp_slots[name] = (self._keep("u32"), self._keep("pred"))
        self.warp_mask = self._keep("u32") if self.warp_slots else None   # lanes at entry
        self.runs = {name: (self._keep("u32"), self._keep("u32"), self._keep("u32"))
                     for name, d in program.maps.items() if runs_saves(self.specs[name], d)}
        # counter fields some probe of this kernel adds to; the others stay 0 and are not flushed
        # (None: every field; the splicer narrows it once it knows what matched)
        self.live_counters: set[tuple[str, str]] | None = None
        # (map, field) -> the most a thread's counter can hold at exit (`splice.bounds`), for
        # the `summed_counters` that have a bound; the splicer fills it before the flush
        self.bounds: dict[tuple[str, str], int] = {}
        # probe index -> the predicate its `lifelong` filter can be decided into at entry;
        # `hoisted`: the probes whose filter this kernel decides there (`decide`)
        self.decided = {p.index: self._keep("pred") for p in program.probes
                        if p.filter is not None and p.position.when != "entry"
                        and lifelong(p.filter)}
        self.hoisted: frozenset[int] = frozenset()
        # maps with a run of several passes in this kernel (the splicer's `runs`): their other
        # saves and reservations keep a later pass from resuming slots they did not reserve
        self.credit: frozenset[str] = frozenset()
        # map -> the chains whose followers store nothing (`Manifest.chains`), this kernel's
        self.chains: dict[str, list[list[dict[str, object]]]] = {}
        # probes that may be held back (`deferrable`), decided once for every kernel
        self.movable = frozenset(p.index for p in program.probes if self.deferrable(p))

    def for_kernel(self) -> "Lowerer":
        """A lowerer for one more kernel of the module: the maps and persistent registers
        depend on the program alone and are shared (made for each of 420 kernels, they were
        0.01-0.02 s of a module's splice); what a kernel's splice sets is not."""
        low = copy.copy(self)
        low.live_counters, low.bounds, low.hoisted, low.credit = None, {}, frozenset(), frozenset()
        low.chains = {}
        return low

    def run_starts(self, maps: list[str]) -> list[Stmt]:
        """Code every lane runs where a pass through a region with runs of one pass of saves to
        `maps` starts, and before a save that reserves on its own: no lane took part in a save
        whose slots a later save may resume (`_Ctx.run_reserve`)."""
        return [ops.Move(self.runs[name][1], Imm(0, "u32")) for name in maps]

    @property
    def summed_counters(self) -> dict[tuple[str, str], Reg]:
        """Counter registers the flush sums over a warp (`ops.WarpSum`): integer fields of
        block, sm and kernel counters on targets with `warp_sum`. A bound (`bounds`) lets their
        sum take 32 bits, several fields in one (`_Ctx.coarse_add`)."""
        if not self.warp_sum:
            return {}
        return {key: reg for key, reg in self.counters.items() if reg.type[0] != "f"
                and self.specs[key[0]].level in ("block", "sm", "kernel")}

    def deferrable(self, probe: ast.Probe) -> bool:
        """Whether `probe` may run anywhere later in its basic block than its place, with the
        operands it reads captured there (`splice.splicer._Deferred`): every statement is a
        save to an unbounded record (nothing later reads what it does, and a warp's records
        keep their order), and no expression reads a timer, a shared register or OUT (a
        load's result, which the warp would wait for). Everything else it reads is the same
        anywhere in the block: constants, the other operands, the thread's place, `smid` and
        the active mask (a basic block runs with the lanes it entered with)."""
        if probe.position.when not in ("before", "after") or not probe.body:
            return False
        if not all(isinstance(s, ast.Save) and self.specs[s.map].capacity is None
                   for s in probe.body):
            return False
        exprs = [a for s in probe.body for a in s.args] + \
            ([probe.filter] if probe.filter is not None else [])
        return all(isinstance(n, (ast.Const, ast.Unary, ast.Binary, ast.Cast, ast.Count,
                                  ast.InSpace, ast.InSpaceAddress))
                   or isinstance(n, ast.Operand) and n.name != "OUT"
                   or isinstance(n, ast.Helper) and n.name not in TIMERS
                   for e in exprs for n in walk(e))

    @property
    def has_exit_state(self) -> bool:
        """Whether exits must store registers (counters, per-thread record counts)."""
        return bool(self.counters or self.counts)

    def _keep(self, type_: str) -> Reg:
        n = self.persistent.get(type_, 0)
        self.persistent[type_] = n + 1
        return Reg(type_, n)

    # -------------------------------------------------------------- sites

    def entry(self) -> list[Stmt]:
        """Zero every register that lives across the kernel (shared regs start at 0) and keep
        the lanes the warp starts with (every lane is active at entry)."""
        keep = [*self.regs.values(), *self.counters.values(), *self.counts.values(),
                *(r for pair in self.warp_slots.values() for r in pair),
                *(r for name, regs in self.runs.items()
                  for r in (regs if name in self.credit else regs[:2]))]
        out: list[Stmt] = [ops.Move(r, Imm(0, r.type)) for r in keep]
        if self.warp_mask is not None:
            out.append(ops.ReadSpecial(self.warp_mask, "activemask"))
        return out

    def decide(self, probes: list[ast.Probe], scope: Scratch) -> list[Stmt]:
        """Entry code that decides the `lifelong` filters of `probes` (those that run in this
        kernel) into their predicates; their sites then test the predicate (`hoisted`) instead
        of reading the thread's place again."""
        ctx = _Ctx(self, Site(), scope)
        for p in probes:
            if p.index in self.decided:
                ctx.emit(ops.Move(self.decided[p.index], ctx.expr(p.filter)))
        self.hoisted = frozenset(p.index for p in probes if p.index in self.decided)
        return ctx.out

    def chain_index(self, save: ast.Save, followers: tuple[Follower, ...]) -> int | None:
        """The place in this kernel's `chains` of `save`'s map (`Manifest.chains`) of a new
        chain whose followers' fields other than the `lanes` one are integer constants at their
        sites (PC, BYTES, literals and what folds from them): its entry holds each follower's
        delta and values, as stored (modulo 2**bits of the field). None where some field is
        not, `READER_CHAINS` is off, or `_at` cannot carry another index. The splicer asks
        before lowering the chain, so a lowering kept for other sites
        (`splicer._KernelSplice.kept`, keyed by the `Chain`) carries its number with it."""
        made = self.chains.get(save.map, [])
        if not READER_CHAINS or len(followers) > CHAIN_BITS or \
                len(made) >= MAX_CHAINS:
            return None
        decl, types = self.program.maps[save.map], self.specs[save.map].field_offsets()
        table = []
        for follower in followers:
            ctx = _Ctx(self, Site(dict(follower.operands)), _NoScratch())
            values: dict[str, object] = {}
            for f, a in zip(decl.fields, save.args):
                if f.lanes:
                    continue
                t = types[f.name][1]
                try:
                    value = ctx.expr(a)
                except _NotConstant:
                    return None
                if t[1] not in "iu" or ctx.out or not isinstance(value, Imm):
                    return None
                values[f.name] = int(value.value) % (1 << (8 * int(t[2:])))
            table.append({"delta": follower.delta, "values": values})
        self.chains[save.map] = [*made, table]
        return len(made)

    def probe(self, probe: ast.Probe, site: Site, scope: Scratch) -> list[Stmt]:
        """The body of `probe` at one site, behind its filter (decided at entry where
        `hoisted` holds it)."""
        ctx = _Ctx(self, site, scope)
        body = merge_leader_regions([s for stmt in probe.body for s in ctx.stmt(stmt)])
        if probe.filter is None:
            return ctx.out + body
        cond = self.decided[probe.index] if probe.index in self.hoisted else \
            ctx.expr(probe.filter)
        return ctx.out + [ops.If(cond, tuple(body))]

    def flush(self, scope: Scratch) -> list[Stmt]:
        """Exit code after the exit probes: counters and per-thread record counts to memory."""
        ctx = _Ctx(self, Site(), scope)
        out: list[Stmt] = []
        for name, spec in self.specs.items():
            if spec.kind == "counter":
                out += ctx.flush_counter(spec)
            elif name in self.counts:
                out += ctx.flush_counts(spec, self.counts[name])
        return out


def pack(bounds: list[int | None]) -> list[list[tuple[int, int, int]]]:
    """32-bit words of fields summed side by side over a warp: for each word, (field index,
    shift, bits). A field whose counter is at most `b` per lane (`bounds`; None: no bound) sums
    to less than 2**bits over the WARP lanes, bits = (WARP * b).bit_length(); fields go, in
    order, to the first word with room. Fields without a bound, of bound 0 (nothing to add) or
    wider than 32 bits are in no word."""
    words: list[list[tuple[int, int, int]]] = []
    used: list[int] = []
    for n, bound in enumerate(bounds):
        bits = (WARP * bound).bit_length() if bound else 33
        if bits > 32:
            continue
        k = next((k for k, u in enumerate(used) if u + bits <= 32), len(used))
        if k == len(used):
            words.append([])
            used.append(0)
        words[k].append((n, used[k], bits))
        used[k] += bits
    return words


def merge_leader_regions(stmts: list[Stmt]) -> list[Stmt]:
    """Fuse back-to-back ``Leader(p); If(p, a)`` pairs into one: the same lane leads both, so
    warp-level updates in a row cost one election and one branch."""
    out: list[Stmt] = []
    for s in stmts:
        if (isinstance(s, ops.If) and len(out) >= 3 and isinstance(out[-1], ops.Leader)
                and s.cond == out[-1].dst and isinstance(out[-2], ops.If)
                and isinstance(out[-3], ops.Leader) and out[-2].cond == out[-3].dst):
            out.pop()
            prev = out.pop()
            out.append(ops.If(prev.cond, prev.body + s.body))
        else:
            out.append(s)
    return out


@dataclass(frozen=True)
class Run:
    """A save's part in a run (`_Ctx.run_reserve`): the slots it reserves when it reserves, for
    how many `passes`, and `stale` (pred), voted by the lanes' compression
    (`ops.LaneCompress.any_dst`) over `other` (pred: this lane's `owner` is not the active
    mask), where it reserves instead of resuming (None at the first save of a run of one pass:
    it always reserves). A save of a run of several passes resumes only where the leader has
    `slots` left; `first`: the first save of such a run, the only one that reserves several
    passes' slots."""
    slots: int
    stale: Reg | None = None
    other: Reg | None = None
    passes: int = 1
    first: bool = False


class _Ctx:
    """Lowering state of one probe body at one site: `out` collects the ops of expressions."""

    def __init__(self, low: Lowerer, site: Site, scope: Scratch) -> None:
        self.low, self.site, self.scope = low, site, scope
        self.out: list[Stmt] = []
        self.run_at = dict(site.runs)     # map -> (next save's position, slots it reserves, passes)

    def tmp(self, type_: str) -> Reg:
        return self.scope.tmp(type_)

    def emit(self, stmt: Stmt) -> None:
        self.out.append(stmt)

    # -------------------------------------------------------------- expressions

    def expr(self, e: ast.Expr) -> Value:
        if isinstance(e, ast.Const):
            return Imm(e.value, e.type.value)
        if isinstance(e, ast.RegRead):
            return self.low.regs[e.name]
        if isinstance(e, ast.Helper):
            dst = self.tmp(e.type.value)
            self.emit(ops.ReadSpecial(dst, HELPER_SPECIALS[e.name]))
            return dst
        if isinstance(e, ast.Operand):
            return self.site.operands[e.name]
        if isinstance(e, ast.InSpace):
            dst = self.tmp("pred")
            self.emit(self.legal(ops.InSpace(dst, self.expr(e.address), e.space), e))
            return dst
        if isinstance(e, ast.InSpaceAddress):
            dst = self.tmp("u64")
            self.emit(self.legal(ops.FromGeneric(dst, self.expr(e.address), e.space), e))
            return dst
        if isinstance(e, ast.Count):
            return Imm(self.site.count(e), e.type.value)
        if isinstance(e, ast.Cast):
            return self.cast(self.expr(e.operand), e.type.value)
        if isinstance(e, ast.Unary):
            a = self.expr(e.operand)
            if isinstance(a, Imm) and e.op in "-~" and e.type.is_integer:
                return Imm(fold.unary(e.op, int(a.value)), a.type)
            dst = self.tmp(e.type.value)
            self.emit(ops.Unary(dst, "neg" if e.op == "-" else "not", a))
            return dst
        a, b = self.expr(e.left), self.expr(e.right)
        if e.op in COMPARE:
            dst = self.tmp("pred")
            self.emit(ops.Compare(dst, COMPARE[e.op], a, b))
            return dst
        fn = ARITH[e.op]
        if fn in ("shl", "shr"):
            b = self.cast(b, "u32")
        if isinstance(a, Imm) and isinstance(b, Imm) and fn in fold.WRAPPING and e.type.is_integer:
            return Imm(fold.wrapped(fn, int(a.value), int(b.value), e.type.bits), e.type.value)
        dst = self.tmp(e.type.value)
        self.emit(self.legal(ops.Binary(dst, fn, a, b), e))
        return dst

    def legal(self, stmt: Stmt, e: ast.Expr | ast.Field) -> Stmt:
        """`stmt`, lowered from `e` (or a map field), if the target can render it; else an error
        at `e`."""
        why = self.low.illegal(stmt)
        if why is None:
            return stmt
        program = self.low.program
        raise SourceError(why, file=program.file, line=e.span.line, col=e.span.col,
                          source=program.text, width=e.span.width,
                          hint="rewrite the probe expression (see README, AMD)")

    def cast(self, v: Value, type_: str) -> Value:
        if v.type == type_:
            return v
        if isinstance(v, Imm) and type_ != "pred" and v.type != "pred":
            return Imm(fold.converted(v.value, v.type, type_), type_)
        dst = self.tmp(type_)
        if type_ == "pred":
            self.emit(ops.Compare(dst, "ne", v, Imm(0, v.type)))
        else:
            self.emit(ops.Convert(dst, v))
        return dst

    def u64(self, v: Value) -> Value:
        return self.cast(v, "u64")

    # -------------------------------------------------------------- addresses

    def map_base(self, spec: MapSpec) -> Reg:
        base = self.tmp("u64")
        self.emit(ops.MapBase(base, map_param(spec.name)))
        return base

    def header(self, spec: MapSpec) -> Reg:
        """Address of the map's header slot (cursor at +0, dropped at +8)."""
        hdr = self.tmp("u64")
        self.emit(ops.MapBase(hdr, HEADER_PARAM))
        if spec.header_slot:
            self.emit(ops.Binary(hdr, "add", hdr, Imm(spec.header_slot * HEADER_SLOT_BYTES, "u64")))
        return hdr

    def unit(self, level: str) -> Reg:
        u = self.tmp("u32")
        self.emit(ops.UnitIndex(u, level))
        return u

    def row(self, level: str) -> Reg:
        """This thread's row of a per-unit map: its unit index or block; for [sm] and [kernel]
        counters the device row of its SM id modulo SM_ROWS and its hardware warp slot modulo
        COARSE_SPREAD (the reader folds them: contract.manifest)."""
        if level in ("thread", "warp"):
            return self.unit(level)
        u = self.tmp("u32")
        if level == "block":
            self.emit(ops.ReadSpecial(u, "block_linear"))
            return u
        slot = self.tmp("u32")
        self.emit(ops.ReadSpecial(u, "smid"))
        # gfx94x ids carry the XCD above the CU: rows wrap, never drop
        self.emit(ops.Binary(u, "and", u, Imm(SM_ROWS - 1, "u32")))
        self.emit(ops.Binary(u, "shl", u, Imm(COARSE_SPREAD.bit_length() - 1, "u32")))
        self.emit(ops.ReadSpecial(slot, "hw_warpid"))
        self.emit(ops.Binary(slot, "and", slot, Imm(COARSE_SPREAD - 1, "u32")))
        self.emit(ops.Binary(u, "or", u, slot))
        return u

    def shard_key(self) -> Reg:
        """Which shard of a pool the warp reserves from: its SM id plus its hardware warp slot.
        Warps running at once spread over the shards as evenly as by their unit index, which
        cost every thread of the kernel ~29 instructions at entry (1.05-1.15x on short kernels
        where the probe matched nothing); this is 3, and only where a record is saved."""
        key, slot = self.tmp("u32"), self.tmp("u32")
        self.emit(ops.ReadSpecial(key, "smid"))
        self.emit(ops.ReadSpecial(slot, "hw_warpid"))
        self.emit(ops.Binary(key, "add", key, slot))
        return key

    def counts_address(self, spec: MapSpec, base: Reg, unit: Reg) -> Reg:
        """Address of this unit's u32 event count, after the `units * capacity` items."""
        n = self.tmp("u32")
        self.emit(ops.UnitCount(n, spec.level))
        addr = self.tmp("u64")
        self.emit(ops.Address(addr, base, n, spec.capacity * spec.itemsize))
        self.emit(ops.Address(addr, addr, unit, 4))
        return addr

    def item_address(self, spec: MapSpec, base: Reg, unit: Reg, slot: Value) -> Reg:
        """Address of record `slot` of `unit` in a fixed-capacity record map."""
        row = self.tmp("u64")
        self.emit(ops.Address(row, base, unit, spec.capacity * spec.itemsize))
        addr = self.tmp("u64")
        self.emit(ops.Address(addr, row, slot, spec.itemsize))
        return addr

    def store_fields(self, spec: MapSpec, addr: Reg, values: list[Value]) -> list[Stmt]:
        offsets = spec.field_offsets()
        return field_stores(addr, [(offsets[name][0], v) for (name, _), v in zip(spec.dtype, values)],
                            spec.itemsize, self.low.vector_store)

    # -------------------------------------------------------------- statements

    def stmt(self, s: ast.Stmt) -> list[Stmt]:
        """Ops of one probe statement (expression ops go to `self.out` first, in order)."""
        before = len(self.out)
        if isinstance(s, ast.Assign):
            value = self.expr(s.value)
            self.emit(ops.Move(self.low.regs[s.reg], value))
        elif isinstance(s, ast.Save):
            decl, spec = self.low.program.maps[s.map], self.low.specs[s.map]
            late = self.late_timers(spec, s.args)
            values = [self.tmp(a.type.value) if i in late else self.expr(a)
                      for i, a in enumerate(s.args)]
            reads = [ops.ReadSpecial(values[i], HELPER_SPECIALS[s.args[i].name]) for i in late]
            mask = None
            if any(f.lanes for f in decl.fields):
                mask = self.tmp("u32")
                self.emit(ops.ReadSpecial(mask, "activemask"))
            run = self.run_reserve(spec, mask)
            lead = affine = None
            if mask is not None:
                values, lead, affine = self.compress_lanes(decl, values, mask, run)
            follow = self.follow(s, decl, values, affine) if run is not None else []
            self.save(spec, values, reads, mask, run, lead, follow)
        elif isinstance(s, ast.CounterAdd):
            self.counter_add(self.low.specs[s.map], s.field, self.expr(s.value))
        elif isinstance(s, ast.HistAdd):
            self.hist_add(self.low.specs[s.map], self.expr(s.index), self.expr(s.value))
        elif isinstance(s, ast.Prefetch) and self.low.prefetch:
            spec = self.low.specs[s.map]
            base = self.map_base(spec)
            self.emit(ops.Prefetch(self.counts_address(spec, base, self.row(spec.level))))
        emitted, self.out = self.out[before:], self.out[:before]
        return emitted

    def warp_leader(self, spec: MapSpec, body: list[Stmt], mask: Value | None = None,
                    lead: Reg | None = None) -> list[Stmt]:
        """`body` as run by the lowest active lane, for warp-level maps (one event per warp);
        `mask`: the active mask, where already read; `lead`: whether this lane is that lane,
        where already known (`ops.LaneCompress.lead`)."""
        if not warp_events(spec):
            return body
        if lead is not None:
            return [ops.If(lead, tuple(body))]
        lead = self.tmp("pred")
        return [ops.Leader(lead, mask), ops.If(lead, tuple(body))]

    def nested(self, build: Callable[[], None]) -> list[Stmt]:
        """Run `build` with a fresh output list and return what it emitted."""
        saved, self.out = self.out, []
        build()
        emitted, self.out = self.out, saved
        return emitted

    def drop_unless(self, spec: MapSpec, ok: Reg, hdr: Reg | None = None) -> None:
        """Where `ok` fails, one more event in the header's `dropped` (`hdr`: the header slot's
        address when the caller already has it)."""
        dropped = self.nested(lambda: self.emit(
            ops.AtomicAdd(None, hdr or self.header(spec), 8, Imm(1, "u64"), "u64")))
        self.emit(ops.If(ok, tuple(dropped), negate=True))

    def late_timers(self, spec: MapSpec, args: tuple[ast.Expr, ...]) -> set[int]:
        """Arguments of a save that the leader reads right before it stores: bare `clock()` and
        `globaltimer()` of a warp-level save that runs in the leader alone. The time is then the
        nearest to the instruction the probe precedes (the lanes are compressed and the slot
        reserved before it), and no register holds it meanwhile; any other argument is the
        leader's value either way."""
        if not warp_events(spec) or spec.name in self.low.warp_slots:
            return set()
        return {i for i, a in enumerate(args) if isinstance(a, ast.Helper) and a.name in TIMERS}

    def follow(self, s: ast.Save, decl: ast.MapDecl, values: list[Value],
               affine: Reg | None) -> list[tuple[int, Callable[[], list[Value]]]]:
        """For the first save of a chain (`Site.chain`): `covered` set, and for each follower,
        its bit there and what makes its record's values in the leader: its arguments
        evaluated with its operands, and the lanes field's base moved by its delta (the
        stride, mask and `_at` are the first's). Where the chain has an `index` (its followers'
        other fields are constants: `Lowerer.chain_index`), no follower stores anything: the
        first's `_at` carries the index and `covered` (`contract.manifest.CHAIN_MARK`) and the
        reader makes their records from the manifest's `chains`."""
        chain = self.site.chain
        if chain is None or affine is None:
            return []
        index = 0 if chain.index is None else chain.index << CHAIN_BITS
        covered, every = chain.covered, chain.every
        if chain.apart is None:
            self.emit(ops.Move(covered, Imm(every.value | index, "u32")))
        else:      # the bits below the first follower that ran apart, but those apart
            stop, low = self.tmp("u32"), self.tmp("u32")
            self.emit(ops.Binary(stop, "and", chain.apart, chain.runs))
            self.emit(ops.Binary(low, "sub", Imm(0, "u32"), stop))
            self.emit(ops.Binary(low, "and", low, stop))
            self.emit(ops.Binary(covered, "add", low, every))
            self.emit(ops.Binary(low, "xor", chain.apart, every))
            self.emit(ops.Binary(covered, "and", covered, low))
            if index:
                self.emit(ops.Binary(covered, "or", covered, Imm(index, "u32")))
        self.emit(ops.If(affine, (ops.Move(covered, Imm(0, "u32")),), negate=True))
        # the field each stored value belongs to: a `lanes` field stores its LANE_PARTS
        place = [n for n, f in enumerate(decl.fields)
                 for _ in range(len(LANE_PARTS) if f.lanes else 1)]
        base_at = place.index(next(n for n, f in enumerate(decl.fields) if f.lanes))
        if chain.index is not None:    # affine: _at = LANES_AFFINE ^ covered; a gather's stays
            at = values[base_at + len(LANE_PARTS) - 1]
            self.emit(ops.Binary(at, "xor", at, covered))
            return []

        def record(follower: Follower) -> list[Value]:
            own = self.site
            self.site = Site(dict(follower.operands), own.count)
            try:
                args = [None if f.lanes else self.expr(a) for f, a in zip(decl.fields, s.args)]
            finally:
                self.site = own
            base = self.tmp("u64")
            self.emit(ops.Binary(base, "add", values[base_at], Imm(follower.delta, "u64")))
            return [base if n == base_at else values[n] if args[place[n]] is None
                    else self.cast(args[place[n]], values[n].type)
                    for n in range(len(values))]
        return [(k, functools.partial(record, f)) for k, f in enumerate(chain.followers)]

    def save(self, spec: MapSpec, values: list[Value], reads: list[Stmt] | None = None,
             mask: Value | None = None, run: Run | None = None, lead: Reg | None = None,
             follow: list[tuple[int, Callable[[], list[Value]]]] | None = None) -> None:
        """Save `values`; `reads` (the late timers) open the leader's part; `mask`: the active
        mask the lanes were compressed over, which elects the leader too (one read, and one
        leader for the event even were the lanes to part in between), or `lead`, the leader
        their compression found; `run`: the save's part in a run (`run_reserve`); `follow`:
        the records of a chain's followers (`follow`), saved after it where the chain is
        covered."""
        if run is not None:      # every lane here takes part: its owner is this save's mask
            self.emit(ops.Move(self.low.runs[spec.name][1], mask))
        elif spec.name in self.low.credit:  # a slot of its own: no save after it resumes one before
            self.out += self.low.run_starts([spec.name])
        if spec.capacity is None:
            body = self.nested(lambda: self.save_pool(spec, values, run, follow, lead))
        elif self.low.program.maps[spec.name].kind == "row":
            body = self.nested(lambda: self.save_row(spec, values))
        elif spec.level == "thread":
            body = self.nested(lambda: self.save_thread(spec, values))
        elif spec.name in self.low.warp_slots:
            self.save_warp_converged(spec, values)
            return
        else:
            body = self.nested(lambda: self.save_warp(spec, values))
        self.out += self.warp_leader(spec, [*(reads or []), *body], mask, lead)

    def compress_lanes(self, decl: ast.MapDecl, values: list[Value], mask: Reg,
                       run: Run | None = None) -> tuple[list[Value], Reg | None, Reg | None]:
        """The stored parts of every `lanes` field (`contract.manifest.LANE_PARTS`), computed by all active
        lanes before the leader saves: `LaneCompress` over the active mask, and where the lanes
        are not affine (nor, with `lane_tiles`, a tile: `ops.LaneCompress.tile`), each lane's value
        appended to the field's companion pool (one `BumpReserve` per warp, lanes in order),
        whose first slot is the leader's ``_at``; the leader of `mask`, which the first
        compression finds (`ops.LaneCompress.lead`); and whether the last field's lanes were
        affine."""
        vote = run is not None and run.stale is not None
        lead = found = self.tmp("pred") if self.low.compress_leads else None
        out: list[Value] = []
        for f, value in zip(decl.fields, values):
            if not f.lanes:
                out.append(value)
                continue
            if not isinstance(value, Reg):
                held = self.tmp("u64")
                self.emit(ops.Move(held, value))
                value = held
            base, stride, affine, at = self.tmp("u64"), self.tmp("s64"), self.tmp("pred"), self.tmp("u32")
            # tiles: not in a follower's own code, which a warp reaches only where its lanes part
            # from the first's (a row's tail): each copy of the test grows the code every warp
            # passes over (H200: Triton kernels wait on the instruction cache)
            tiles = self.low.lane_tiles and LANE_TILES and not self.site.follower
            tile = self.tmp("u32") if tiles else None
            self.emit(self.legal(ops.LaneCompress(
                base, stride, affine, value, mask, any_src=run.other if vote else None,
                any_dst=run.stale if vote else None, lead=lead, tile=tile), f))
            vote, lead = False, None
            self.emit(ops.Move(at, Imm(LANES_AFFINE, "u32")))
            spec = self.low.specs[companion(decl.name, f.name)]

            def append() -> None:
                slot, fits = self.tmp("u64"), self.tmp("pred")
                base = self.pool_slot(spec, slot, fits, self.header(spec))
                self.emit(ops.If(fits, tuple(self.nested(
                    lambda: self._store_at(spec, slot, [value], base)))))
                self.emit(ops.Convert(at, slot))

            def not_affine() -> None:   # a tile's `_at` is LANES_AFFINE ^ tile; other lanes append
                if tile is None:
                    append()
                    return
                tiled = self.tmp("pred")
                self.emit(ops.Compare(tiled, "ne", tile, Imm(0, "u32")))
                self.emit(ops.If(tiled, (ops.Binary(at, "xor", at, tile),)))
                self.emit(ops.If(tiled, tuple(self.nested(append)), negate=True))
            self.emit(ops.If(affine, tuple(self.nested(not_affine)), negate=True))
            out += [base, stride, mask, at]
        return out, found, affine

    def run_reserve(self, spec: MapSpec, mask: Reg | None) -> Run | None:
        """Slots to reserve for a save in a run and when to reserve at all (None outside one).

        A run is every save to the map that the probes make in one region (entered at its head
        only, without cycles: `asm.cfg.regions`; the splicer finds them); a pass from the head
        meets each at most once, in order. `mask` is the active mask the save's lanes are
        compressed over (a map with runs has a `lanes` field). The first save a group of lanes
        makes in a pass reserves a slot for each save it may still meet (the most on any path
        on), so a memory-bound warp waits for one atomic per pass instead of one per access. At
        the head every lane clears `owner` (`Lowerer.run_starts`); each lane then keeps there
        the active mask of the last save of the pass it took part in (`save`), and the leader
        the next slot in `cursor`. A save resumes from `cursor` when every lane's `owner` is the
        active mask (one vote, cast with the compression's): then all of them took part last in
        one save, of exactly these lanes, led by the same lane, and none in a save since, so the
        leader's next slot is theirs, reserved, and after every record they made (each warp's
        records stay in program order). Otherwise
        (the first save of the pass, a warp split or merged, some lanes saved without the
        others) it reserves afresh (`stale`). Slots left behind (guards no lane passed, paths
        with fewer saves, a split) stay zero: holes the reader knows by their zero mask
        (`runs_saves`).

        In a region control comes back to (a loop's body) a reservation takes the slots of
        `passes` passes, 1 at a warp's first and twice the last one's after, up to
        `RUN_PASSES`, and the leader counts what it has `left`; `owner` is not cleared at the
        head, so the first save of the next pass resumes too, where the lanes are the last
        save's and the leader has a whole pass's slots left. Every save of such a run resumes
        only where the leader has the slots it may still meet left (`left` counts them in every
        reservation of the run): lanes whose last save was in an earlier pass (a guard that
        holds in them alone, a load's lanes and the store's of the others) hold the vote too,
        and resumed past their own reservation into slots another reservation of the warp had
        taken, overwriting its records. A warp then waits for one atomic
        every few passes instead of one per pass; the slots it reserved and never used (the
        last passes: fewer than the passes it made, and than `RUN_PASSES` x `slots`) are
        holes, and the shard's cursor counts them as records: where a pool overflows, its
        dropped count includes them."""
        if spec.name not in self.run_at or mask is None:
            return None
        j, slots, passes = self.run_at[spec.name]
        self.run_at[spec.name] = (j + 1, slots - 1, passes)
        if not j and passes == 1:
            return Run(slots)
        run = Run(slots, self.tmp("pred"), self.tmp("pred"), passes, first=not j)
        self.emit(ops.Compare(run.other, "ne", self.low.runs[spec.name][1], mask))
        return run

    def shard_reserve(self, spec: MapSpec, slot: Reg, fits: Reg, hdr: Reg, base: Reg,
                      count: int = 1, fewer: Value | None = None, lead: Reg | None = None,
                      slots: Reg | None = None) -> None:
        """`ops.ShardReserve` of `count` slots, or of the low `LEFT_BITS` bits of `slots` (a
        run's `left`)."""
        self.emit(ops.ShardReserve(slot, fits, hdr, base, self.shard_key(), spec.pool, spec.shards,
                                   SHARD_CHUNK, spec.first_item, SHARD_SLOT_BYTES,
                                   lanes=spec.level == "thread", count=count, fewer=fewer,
                                   lead=lead, slots=slots, slots_bits=LEFT_BITS))

    def save_pool(self, spec: MapSpec, values: list[Value], run: Run | None = None,
                  follow: list[tuple[int, Callable[[], list[Value]]]] | None = None,
                  lead: Reg | None = None) -> None:
        """Unbounded record: a slot from the bump cursor, stored when it is inside the pool.
        Thread level reserves for all active lanes at once; warp level runs in the leader alone.
        A sharded pool reserves from its warp's shard (one cursor per shard, contracts §4), or
        for the rest of its pass through a region when the save is in a run (`save_run`, its
        count taken from `lead`, the leader's predicate, where known); an unsharded one at
        warp level takes its slot with a plain atomic."""
        if run is not None:
            self.save_run(spec, values, run, follow or [], lead)
            return
        hdr = self.header(spec)
        slot = self.tmp("u64")
        fits = self.tmp("pred")
        base = self.pool_slot(spec, slot, fits, hdr)
        store = self.nested(lambda: self._store_at(spec, slot, values, base))
        self.emit(ops.If(fits, tuple(store)))

    def pool_slot(self, spec: MapSpec, slot: Reg, fits: Reg, hdr: Reg) -> Reg | None:
        """`slot` of unbounded record `spec` (for each active lane at thread level, for the
        leader running it alone at warp level) and whether it `fits` in the pool: from the
        warp's shard of a sharded pool (`spec.block` slots at a time), else from the bump
        cursor in the header slot `hdr`. Returns the map's base where it was read for that."""
        if spec.shards > 1:
            base = self.map_base(spec)
            self.shard_reserve(spec, slot, fits, hdr, base, spec.block)
            return base
        if spec.level == "thread":
            self.emit(ops.BumpReserve(slot, hdr, spec.pool))
            self.emit(ops.Compare(fits, "lt", slot, Imm(spec.pool, "u64")))
        else:
            self.emit(ops.AtomicAdd(slot, hdr, 0, Imm(1, "u64"), "u64"))
            self.emit(ops.Compare(fits, "lt", slot, Imm(spec.pool, "u64")))
            self.drop_unless(spec, fits, hdr)
        return None

    def save_run(self, spec: MapSpec, values: list[Value], run: Run,
                 follow: list[tuple[int, Callable[[], list[Value]]]],
                 lead: Reg | None = None) -> None:
        """A save in a run (`run_reserve`), in the leader: unless `run.stale` holds (or, in a
        run of several passes, the leader has fewer than `run.slots` slots `left`), the slot is the item in `cursor` and nothing else is read (no shard, no
        header); otherwise `run.slots` slots from the shard (always where `stale` is None: the
        first save of a run of one pass), times the passes it reserves for in a run of several
        (`run_reserve`). `cursor` then holds the item of the shard's next record
        (`next_slot`), unless no save can follow it in a pass of a run of one pass (one slot,
        no follower): the next pass's first save reserves afresh, so the last save of such a
        run does not move a cursor nothing reads. Each follower of the chain
        it leads that it covers (`follow`) takes the next slot in turn; where the reader makes their
        records instead (`Chain.index`), a reservation here leaves out their slots, and those
        of the followers it passed over (guarded apart from it, running in no lane), which
        make no record: such a reservation takes one pass's slots, and `left` 0 makes the next
        pass reserve afresh."""
        cursor, _, left = self.low.runs[spec.name]
        chain = self.site.chain
        fewer_slots = chain is not None and chain.index is not None
        # `left` packs the passes (8 bits) above the slots (LEFT_BITS): a count that does not fit
        # reserves one pass at a time
        several = run.passes > 1
        credit = several and not fewer_slots and \
            run.slots * min(run.passes, 255) < 1 << LEFT_BITS
        count, stale = run.slots, run.stale
        slot, fits = self.tmp("u32"), self.tmp("pred")
        base = self.map_base(spec)
        end = Imm(spec.first_item + spec.pool, "u32")

        def reserve() -> None:
            item, fewer = self.tmp("u64"), None
            if fewer_slots:
                fewer = self.tmp("u32")
                self.emit(ops.Binary(fewer, "and", chain.covered, chain.every))
                if chain.apart is not None:     # and those passed over: they run in no lane
                    over = self.tmp("u32")
                    self.emit(ops.Binary(over, "xor", chain.runs, chain.every))
                    self.emit(ops.Binary(over, "and", over, chain.apart))
                    self.emit(ops.Binary(fewer, "or", fewer, over))
            slots = None
            if credit and not run.first:
                # a later save's lanes, parted from the first's: one pass's slots (with more,
                # lanes parting anew in each pass left most of them holes, which filled the
                # shard: a generated kernel dropped 2,092 of 2,495 records)
                self.emit(ops.Move(left, Imm((1 << LEFT_BITS) + count, "u32")))
                slots = left
            elif credit:
                # 1, 2, 4, ... passes (a short loop leaves few holes): twice the last, at least 1,
                # at most run.passes; `left` then holds them and their slots, made before the
                # atomic so that nothing more lives across it
                passes = self.tmp("u32")
                self.emit(ops.Binary(passes, "shr", left, Imm(LEFT_BITS - 1, "u32")))
                self.emit(ops.Binary(passes, "and", passes, Imm(0x1fe, "u32")))
                self.emit(ops.Binary(passes, "max", passes, Imm(1, "u32")))
                self.emit(ops.Binary(passes, "min", passes, Imm(min(run.passes, 255), "u32")))
                self.emit(ops.Binary(left, "mul", passes, Imm((1 << LEFT_BITS) + count, "u32")))
                slots = left
            elif several:
                # one pass's slots, less those of the followers the reader may make (a count
                # that errs low only reserves again)
                kept = count - len(chain.followers) if fewer_slots else count
                self.emit(ops.Move(left, Imm(max(kept, 0), "u32")))
            elif spec.name in self.low.credit:
                # what a later pass may resume: nothing after a run of one pass, whose last
                # save may leave `cursor` where it stored
                self.emit(ops.Move(left, Imm(0, "u32")))
            self.shard_reserve(spec, item, fits, self.header(spec), base, count, fewer, lead, slots)
            self.emit(ops.Convert(slot, item))
            self.emit(ops.If(fits, (ops.Move(slot, end),), negate=True))
        if stale is None:
            reserve()
        else:
            if several:
                short, have = self.tmp("pred"), self.tmp("u32")
                self.emit(ops.Binary(have, "and", left, Imm((1 << LEFT_BITS) - 1, "u32")))
                self.emit(ops.Compare(short, "lt", have, Imm(run.slots, "u32")))
                self.emit(ops.Binary(stale, "or", stale, short))
            self.emit(ops.If(stale, (ops.Move(slot, cursor), ops.Compare(fits, "lt", slot, end)),
                             negate=True))
            self.emit(ops.If(stale, tuple(self.nested(reserve))))
        self.emit(ops.If(fits, tuple(self.nested(lambda: self._store_at(spec, slot, values, base)))))
        if count > 1 or follow or several:
            self.next_slot(spec, slot)
        if several:
            self.emit(ops.Binary(left, "sub", left, Imm(1, "u32")))

        for k, record in follow:
            def follower() -> None:
                fits = self.tmp("pred")
                self.emit(ops.Compare(fits, "lt", cursor, end))
                self.emit(ops.If(fits, tuple(self.nested(
                    lambda: self._store_at(spec, cursor, record(), base)))))
                self.next_slot(spec, cursor)
                if several:
                    self.emit(ops.Binary(left, "sub", left, Imm(1, "u32")))
            on, test = bit_set(self.site.chain.covered, k, self.scope)
            self.out += test
            self.emit(ops.If(on, tuple(self.nested(follower))))

    def next_slot(self, spec: MapSpec, slot: Value) -> None:
        """`cursor` = the item of the shard's record after the one at item `slot`: the next
        item, or the same place one round of chunks on where a chunk ends (`shard_item`); past
        the pool (the item `first + pool` or beyond: records that do not fit) it stays past.
        Items of records that fit are below 2**31 (`probe.passes.MAX_POOL`): 32-bit."""
        cursor = self.low.runs[spec.name][0]
        edge, last = self.tmp("u32"), self.tmp("pred")
        steps = [ops.Binary(cursor, "add", slot, Imm(1, "u32")),
                 ops.Binary(edge, "add", slot, Imm((1 - spec.first_item) % SHARD_CHUNK, "u32"))]
        self.out += steps[::-1] if slot == cursor else steps     # read the slot before moving it
        self.emit(ops.Binary(edge, "and", edge, Imm(SHARD_CHUNK - 1, "u32")))
        self.emit(ops.Compare(last, "eq", edge, Imm(0, "u32")))
        self.emit(ops.If(last, (ops.Binary(cursor, "add", cursor,
                                           Imm((spec.shards - 1) * SHARD_CHUNK, "u32")),)))

    def _store_at(self, spec: MapSpec, slot: Value, values: list[Value],
                  base: Reg | None = None) -> None:
        base = base or self.map_base(spec)
        addr = self.tmp("u64")
        self.emit(ops.Address(addr, base, slot, spec.itemsize))
        self.out += self.store_fields(spec, addr, values)

    def save_row(self, spec: MapSpec, values: list[Value]) -> None:
        """A row: the unit's only record, overwritten by every save. Nothing waits for the
        count (a thread's lives in a register; a warp's or block's takes a reduction), so the
        leader of a warp that saves at exit leaves at once; `record(1)` waits for an atomic's
        old count to keep the first save (H200, block_sched at exit beside its record(1) form
        in one run: vector_add 1.11x -> 1.03x, reduce_sum 1.22x -> 1.14x)."""
        base = self.map_base(spec)
        unit = self.row(spec.level)
        if spec.level == "thread":
            self.emit(ops.Binary(self.low.counts[spec.name], "add", self.low.counts[spec.name],
                                 Imm(1, "u32")))
        else:
            self.emit(ops.AtomicAdd(None, self.counts_address(spec, base, unit), 0,
                                    Imm(1, "u32"), "u32"))
        addr = self.tmp("u64")
        self.emit(ops.Address(addr, base, unit, spec.itemsize))      # capacity 1: the unit's row
        self.out += self.store_fields(spec, addr, values)

    def save_thread(self, spec: MapSpec, values: list[Value]) -> None:
        """Fixed record per thread: the count lives in a register, stored at exit."""
        count = self.low.counts[spec.name]
        fits = self.tmp("pred")
        self.emit(ops.Compare(fits, "lt", count, Imm(spec.capacity, "u32")))

        def store() -> None:
            base = self.map_base(spec)
            addr = self.item_address(spec, base, self.unit("thread"), count)
            self.out += self.store_fields(spec, addr, values)
        self.emit(ops.If(fits, tuple(self.nested(store))))
        self.emit(ops.Binary(count, "add", count, Imm(1, "u32")))

    def save_warp(self, spec: MapSpec, values: list[Value], slot: Value | None = None) -> None:
        """Fixed record per warp or block (run by the leader) at `slot`, counted in the unit's
        count. Without a slot it comes from the atomic on the count, so events of lanes that
        diverged, or of a block's other warps, still get distinct slots."""
        base = self.map_base(spec)
        unit = self.row(spec.level)
        count = self.counts_address(spec, base, unit)
        if slot is None:
            slot = self.tmp("u32")
            self.emit(ops.AtomicAdd(slot, count, 0, Imm(1, "u32"), "u32"))
        else:
            self.emit(ops.AtomicAdd(None, count, 0, Imm(1, "u32"), "u32"))
        fits = self.tmp("pred")
        self.emit(ops.Compare(fits, "lt", slot, Imm(spec.capacity, "u32")))

        def store() -> None:
            addr = self.item_address(spec, base, unit, slot)
            self.out += self.store_fields(spec, addr, values)
        self.emit(ops.If(fits, tuple(self.nested(store))))
        self.drop_unless(spec, fits)

    def save_warp_converged(self, spec: MapSpec, values: list[Value]) -> None:
        """Fixed record per warp without a returned atomic while the warp stays whole.

        Every lane counts, in `events`, the events of this map it took part in; `tainted` marks
        lanes that took part in an event of part of the warp. While every event had all the
        lanes the warp started with (the active mask is the entry mask and no lane is tainted),
        `events` is the same in every lane and equals the warp's count: it is the slot, and the
        leader stores the record and adds to the count with a reduction (no wait). Otherwise
        the event takes the atomic path, whose returned count gives distinct slots, and taints
        its lanes, so no later event of the warp comes back here (a whole-warp vote sees the
        taint; a lane that exited makes the mask partial). The `WarpSync` after a converged
        event orders its count update before any later atomic on the count by any lane of the
        warp, so that atomic returns a count that includes it. The warp index is computed here,
        not kept from entry: one more register live through a kernel at the register limit cost
        the Triton wgmma matmul 1.73x (H100 run; 0.99x computed here).
        """
        events, tainted = self.low.warp_slots[spec.name]
        mask = self.tmp("u32")
        self.emit(ops.ReadSpecial(mask, "activemask"))
        whole = self.tmp("pred")
        self.emit(ops.Compare(whole, "eq", mask, self.low.warp_mask))
        mixed = self.tmp("pred")
        self.emit(ops.VoteAny(mixed, tainted, mask))
        clean = self.tmp("pred")
        self.emit(ops.Unary(clean, "not", mixed))
        converged = self.tmp("pred")
        self.emit(ops.Binary(converged, "and", whole, clean))
        fast = self.warp_leader(spec, self.nested(lambda: self.save_warp(spec, values, events)))
        fast += [ops.WarpSync(mask), ops.Binary(events, "add", events, Imm(1, "u32"))]
        slow = [ops.Move(tainted, Imm(1, "pred")),
                *self.warp_leader(spec, self.nested(lambda: self.save_warp(spec, values)))]
        self.emit(ops.If(converged, tuple(fast)))
        self.emit(ops.If(converged, tuple(slow), negate=True))

    def counter_add(self, spec: MapSpec, field_name: str, value: Value) -> None:
        if isinstance(value, Imm) and value.value == 0:
            return
        reg = self.low.counters[spec.name, field_name]
        self.out += self.warp_leader(spec, [ops.Binary(reg, "add", reg, value)])

    def hist_add(self, spec: MapSpec, index: Value, value: Value) -> None:
        """Bounded atomic add; out-of-range indices count in the header's `dropped`."""
        def body() -> None:
            inside = self.tmp("pred")
            self.emit(ops.Compare(inside, "lt", index, Imm(spec.capacity, index.type)))

            def add() -> None:
                addr = self.tmp("u64")
                self.emit(ops.Address(addr, self.map_base(spec), index, spec.itemsize))
                if spec.level == "thread":
                    self.emit(ops.HistAdd(addr, value, value.type))
                else:
                    self.emit(ops.AtomicAdd(None, addr, 0, value, value.type))
            self.emit(ops.If(inside, tuple(self.nested(add))))
            self.drop_unless(spec, inside)
        self.out += self.warp_leader(spec, self.nested(body))

    # -------------------------------------------------------------- exit

    def flush_counter(self, spec: MapSpec) -> list[Stmt]:
        """Thread counters are stored; warp counters are summed over the lanes that led events
        (only lanes holding a nonzero part add, so a converged warp issues one atomic); block,
        sm and kernel counters are summed over the lanes at this exit and added by the leader
        (`coarse_add`)."""
        offsets = spec.field_offsets()
        live = self.low.live_counters
        fields = [(name, offsets[name][0], self.low.counters[spec.name, name])
                  for name, _ in spec.dtype if live is None or (spec.name, name) in live]
        if spec.level in ("block", "sm", "kernel"):
            fields = [f for f in fields if self.low.bounds.get((spec.name, f[0])) != 0]
        if not fields:          # nothing added here: no exit code (its address was dead code)
            return []

        def build() -> None:
            base = self.map_base(spec)
            addr = self.tmp("u64")
            unit = self.row(spec.level)
            self.emit(ops.Address(addr, base, unit, spec.itemsize))
            if spec.level in ("block", "sm", "kernel"):
                self.coarse_add(spec, addr, fields)
                return
            if spec.level == "thread":
                self.out += field_stores(addr, [(offset, reg) for _, offset, reg in fields],
                                         spec.itemsize, self.low.vector_store)
                return
            for _, offset, reg in fields:
                nonzero = self.tmp("pred")
                self.emit(ops.Compare(nonzero, "ne", reg, Imm(0, reg.type)))
                self.emit(ops.If(nonzero, (ops.AtomicAdd(None, addr, offset, reg, reg.type),)))
        return self.nested(build)

    def coarse_add(self, spec: MapSpec, addr: Reg, fields: list[tuple[str, int, Reg]]) -> None:
        """Add the lanes' counters (name, offset, register) to the unit's row: integer fields
        are summed over the warp and added by the leader when the sum is not 0, one atomic per
        warp and field. Fields with a bound (`Lowerer.bounds`) share 32-bit sums (`packed_sum`);
        the others take a `WarpSum` each (64 bits: a vote and maybe three parts). Float fields
        (no exact warp sum), and every field on targets without `WarpSum`, are added by each
        lane holding a nonzero value."""
        mask = self.tmp("u32")
        self.emit(ops.ReadSpecial(mask, "activemask"))
        lead = self.tmp("pred")
        self.emit(ops.Leader(lead))
        words = pack([self.low.bounds.get((spec.name, name)) for name, _, _ in fields])
        for word in words:
            self.packed_sum(addr, mask, lead, [(fields[n][1], fields[n][2], shift, bits)
                                               for n, shift, bits in word])
        packed = {n for word in words for n, _, _ in word}
        for n, (_, offset, reg) in enumerate(fields):
            if n in packed:
                continue
            total = reg
            summed = reg.type[0] != "f" and self.low.warp_sum
            if summed:
                total = self.tmp(reg.type)
                self.emit(ops.WarpSum(total, reg, mask))
            self.add_nonzero(addr, offset, total, total, lead if summed else None)

    def packed_sum(self, addr: Reg, mask: Reg, lead: Reg,
                   word: list[tuple[int, Reg, int, int]]) -> None:
        """Counters (offset, register, shift, bits) summed over the warp in one 32-bit
        `WarpSum`: each lane puts its fields side by side, each at its shift, and as no field's
        warp sum reaches its `bits` (`pack`), no sum carries into the next field; the leader
        takes each field back out and adds it to the row when it is not 0."""
        packed: Value | None = None
        for _, reg, shift, _ in word:
            part = self.cast(reg, "u32")
            if shift:
                moved = self.tmp("u32")
                self.emit(ops.Binary(moved, "shl", part, Imm(shift, "u32")))
                part = moved
            if packed is not None:
                both = self.tmp("u32")
                self.emit(ops.Binary(both, "or", packed, part))
                part = both
            packed = part
        total = self.tmp("u32")
        self.emit(ops.WarpSum(total, packed, mask))
        top = max(shift for _, _, shift, _ in word)
        for offset, reg, shift, bits in word:
            part = total
            if shift:
                part = self.tmp("u32")
                self.emit(ops.Binary(part, "shr", total, Imm(shift, "u32")))
            if shift != top:
                low = self.tmp("u32")
                self.emit(ops.Binary(low, "and", part, Imm((1 << bits) - 1, "u32")))
                part = low
            self.add_nonzero(addr, offset, part,
                             part if reg.type == "u32" else self.tmp(reg.type), lead)

    def add_nonzero(self, addr: Reg, offset: int, total: Reg, value: Reg,
                    lead: Reg | None) -> None:
        """Add `value` to the row at `offset` where `total` (its count, maybe narrower: `value`
        is then widened from it first, by the adding lane alone) is not 0; with `lead`, by the
        leader alone (`total` is a warp sum), its atomic given `lead`; without, by each
        lane."""
        nonzero = self.tmp("pred")
        self.emit(ops.Compare(nonzero, "ne", total, Imm(0, total.type)))
        if lead is not None:
            self.emit(ops.Binary(nonzero, "and", nonzero, lead))
        widen = () if value is total else (ops.Convert(value, total),)
        self.emit(ops.If(nonzero, (*widen, ops.AtomicAdd(None, addr, offset, value, value.type,
                                                         lead=lead))))

    def flush_counts(self, spec: MapSpec, count: Reg) -> list[Stmt]:
        """Per-thread record count to the counts array; events beyond capacity to `dropped`."""
        def build() -> None:
            base = self.map_base(spec)
            self.emit(ops.Store(self.counts_address(spec, base, self.unit("thread")), 0, count, "u32"))
            over = self.tmp("pred")
            self.emit(ops.Compare(over, "gt", count, Imm(spec.capacity, "u32")))

            def dropped() -> None:
                extra = self.tmp("u32")
                self.emit(ops.Binary(extra, "sub", count, Imm(spec.capacity, "u32")))
                self.emit(ops.AtomicAdd(None, self.header(spec), 8, self.u64(extra), "u64"))
            self.emit(ops.If(over, tuple(self.nested(dropped))))
        return self.nested(build)

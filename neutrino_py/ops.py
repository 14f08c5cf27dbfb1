"""Target-neutral statements: what a checked probe lowers to before a target renders it.

The lowering (`splice.lower`) turns every probe body at every matched position into a tuple of these statements.
Each target (`targets/ptx/`, `targets/gcn/`) has one Jinja template per statement class it
renders, named by the class's ``op`` (``binary.j2``, ``bump_reserve.j2``, ...); the classes a
target lacks (on GCN: ``ShardReserve``, ``Prefetch``, ``StoreVector``, ``VoteAny``, ``WarpSync``)
are never lowered for it, by the lowering options of `targets.Target`. A template receives the
statement's fields plus three helpers:

- ``reg(v)``  the target spelling of a `Reg`, an `Imm` or a `Src`,
- ``tmp(type)`` a fresh scratch register of `type`, private to this site,
- ``label()`` a fresh label, unique in the function.

and renders assembly lines. The templates decide *how*; this module fixes *what*, so both targets
compute exactly the same values. The semantics below are the contract the GPU oracles check.

Values
------
`Reg(type, n)` a register the splicer allocated (scratch or persistent; ``type`` is one of
`TYPES`), `Imm(value, type)` a constant, `Src(text, type)` an operand of the user's instruction
spelled as the target spells it (``%rd4``, a symbol, ``v[2:3]``) — read, never written.

Units and lanes
---------------
``lane`` is the lane index in the warp (0..31 on NVIDIA). The *active mask* is the set of lanes
executing the statement together. The *leader* is the lowest lane of the active mask. The *unit
index* of a thread is ``block_linear * units_per_block + u`` where ``block_linear = ctaid.x +
nctaid.x * (ctaid.y + nctaid.y * ctaid.z)``, ``tid_linear = tid.x + ntid.x * (tid.y + ntid.y *
tid.z)`` and ``u`` is ``tid_linear`` (thread level) or ``tid_linear // 32`` (warp level, with
``units_per_block = ceil(threads_per_block / 32)``) — the same rule as the manifest (contracts §4).

Memory
------
Map buffers and the header block are global memory; addresses are u64. A header slot is 16 bytes:
``cursor`` at +0 and ``dropped`` at +8 (both u64).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter
from typing import ClassVar, NamedTuple, Protocol, Union

TYPES = ("u32", "u64", "s32", "s64", "f32", "f64", "pred")


def bits(type_: str) -> int:
    """Width of `type_` in bits (``pred`` counts as 1); templates get it as the `bits` global."""
    return 1 if type_ == "pred" else int(type_[1:])


# The three values are named tuples, not dataclasses: every rendering is kept under its
# statement (`targets.memo`), so each site hashes and compares its values many times, and a
# tuple does that in C (a large module's memtrace spent a sixth of its splice in the Python
# `__hash__` of frozen dataclasses). Fields in these orders never make two kinds equal.
class Reg(NamedTuple):
    """A register owned by the instrumentation. Registers of one `type` are numbered from 0."""
    type: str
    n: int


class Imm(NamedTuple):
    """A constant operand (ints are taken modulo 2**bits by the target)."""
    value: int | float
    type: str


class Src(NamedTuple):
    """An operand of the instrumented instruction, in the target's own spelling."""
    text: str
    type: str


Value = Union[Reg, Imm, Src]


@dataclass(frozen=True)
class Stmt:
    op: ClassVar[str] = ""


class Scratch(Protocol):
    """Where scratch registers come from (a target's per-site register scope)."""

    def tmp(self, type_: str) -> Reg: ...


# --- values ---------------------------------------------------------------------------------

SPECIALS = {
    # name: (type, meaning)
    "clock": ("u64", "SM cycle counter (clock64)"),
    "globaltimer": ("u64", "global nanosecond timer"),
    "smid": ("u32", "SM the thread runs on"),
    "hw_warpid": ("u32", "hardware warp slot on the SM (volatile, for diagnostics)"),
    "laneid": ("u32", "lane in the warp"),
    "activemask": ("u32", "lanes executing this statement together"),
    "thread_linear": ("u32", "tid_linear: linear thread index in the block, x fastest"),
    "warp_linear": ("u32", "tid_linear // 32: warp index in the block"),
    "block_linear": ("u32", "block_linear: linear block index in the grid, x fastest"),
    "warps_per_block": ("u32", "ceil(ntid.x * ntid.y * ntid.z / 32): warps in the block"),
}


@dataclass(frozen=True)
class ReadSpecial(Stmt):
    """``dst = <special value>``; `which` is a key of `SPECIALS`, ``dst.type`` its type."""
    op: ClassVar[str] = "read_special"
    dst: Reg
    which: str


@dataclass(frozen=True)
class Move(Stmt):
    """``dst = src`` (same type)."""
    op: ClassVar[str] = "move"
    dst: Reg
    src: Value


@dataclass(frozen=True)
class Convert(Stmt):
    """``dst = (dst.type) src``: integer widening zero/sign-extends by `src`'s signedness,
    narrowing truncates, int<->float converts with round-to-nearest (float->int truncates)."""
    op: ClassVar[str] = "convert"
    dst: Reg
    src: Value


@dataclass(frozen=True)
class ZeroExtend(Stmt):
    """``dst(u64) = raw bits of src`` (a user operand `width` bits wide: 1 for a predicate, 8,
    16, 32 or 64, zero-extended; 128, its low 64 bits) — how OUT and IN1..3 read registers of
    any type."""
    op: ClassVar[str] = "zero_extend"
    dst: Reg
    src: Value
    width: int


UNARY = ("neg", "not")
BINARY = ("add", "sub", "mul", "div", "rem", "and", "or", "xor", "shl", "shr", "min", "max")
COMPARE = ("eq", "ne", "lt", "le", "gt", "ge")


@dataclass(frozen=True)
class Unary(Stmt):
    """``dst = op a`` in ``dst.type`` (``not`` on pred is logical)."""
    op: ClassVar[str] = "unary"
    dst: Reg
    fn: str
    a: Value


@dataclass(frozen=True)
class Binary(Stmt):
    """``dst = a fn b`` in ``dst.type``: ``mul`` keeps the low half; ``shr`` is arithmetic on
    signed types; the shift amount `b` is u32; ``and/or/xor`` on pred are logical."""
    op: ClassVar[str] = "binary"
    dst: Reg
    fn: str
    a: Value
    b: Value


@dataclass(frozen=True)
class Compare(Stmt):
    """``dst(pred) = a cmp b``, compared in ``a.type`` (signed/unsigned/float)."""
    op: ClassVar[str] = "compare"
    dst: Reg
    cmp: str
    a: Value
    b: Value


@dataclass(frozen=True)
class ToGeneric(Stmt):
    """``dst(u64) = generic address of src`` for an address in state space `space` (``global``,
    ``shared``, ``local``, ``const``); what a user's pointer into that space looks like."""
    op: ClassVar[str] = "to_generic"
    dst: Reg
    src: Value
    space: str


@dataclass(frozen=True)
class InSpace(Stmt):
    """``dst(pred) = the generic address addr(u64) lies in state space `space``` (``global``,
    ``shared``, ``local``, ``const``: the target's `generic_spaces`)."""
    op: ClassVar[str] = "in_space"
    dst: Reg
    addr: Value
    space: str


@dataclass(frozen=True)
class FromGeneric(Stmt):
    """``dst(u64) = the address in state space `space` of the generic address src``, which lies
    there (`InSpace`): the inverse of `ToGeneric`."""
    op: ClassVar[str] = "from_generic"
    dst: Reg
    src: Value
    space: str


# --- units and lanes ------------------------------------------------------------------------

@dataclass(frozen=True)
class UnitIndex(Stmt):
    """``dst(u32) = unit index`` of this thread at `level` (``thread`` or ``warp``)."""
    op: ClassVar[str] = "unit_index"
    dst: Reg
    level: str


@dataclass(frozen=True)
class UnitCount(Stmt):
    """``dst(u32) = units in the launch`` at `level` (thread, warp or block): the row count of
    per-unit buffers."""
    op: ClassVar[str] = "unit_count"
    dst: Reg
    level: str


@dataclass(frozen=True)
class Leader(Stmt):
    """``dst(pred) = this lane is the lowest lane of the active mask``; `mask` (u32), where
    given, is the active mask read before (by a `LaneCompress` of the same lanes), not read
    again."""
    op: ClassVar[str] = "leader"
    dst: Reg
    mask: Value | None = None


@dataclass(frozen=True)
class VoteAny(Stmt):
    """``dst(pred) = src holds in at least one lane of `mask```; `mask` (u32) is the active mask
    read just before, so every lane of it executes this together and gets the same answer."""
    op: ClassVar[str] = "vote_any"
    dst: Reg
    src: Value
    mask: Value


@dataclass(frozen=True)
class WarpOr(Stmt):
    """``dst (u32) = src (u32) or-ed over the lanes of `mask```, the active mask read just before
    (every lane of it executes this and gets the same answer): one warp collective
    (``redux.sync.or``) for bits that each lane sets on its own, where a `VoteAny` per bit
    would take one each."""
    op: ClassVar[str] = "warp_or"
    dst: Reg
    src: Value
    mask: Value


@dataclass(frozen=True)
class WarpSum(Stmt):
    """``dst = sum of src over the lanes of `mask```, in ``src.type`` (an integer type) modulo
    ``2**bits``; `mask` (u32) is the active mask read just before, or a subset of it that every
    lane of the subset passes (lanes of one `match` group): every lane gets its group's sum.
    One warp collective (``redux.sync``), not a shuffle per step."""
    op: ClassVar[str] = "warp_sum"
    dst: Reg
    src: Value
    mask: Value


@dataclass(frozen=True)
class LaneCompress(Stmt):
    """Describe `value` (u64) over the lanes of `mask` (u32, the active mask read just before,
    every lane of it executing this): every lane gets ``base`` (u64) = the value of the lowest
    lane ``l`` of `mask`, ``stride`` (s64) = ``(v2 - base) / (l2 - l)`` (signed, truncated) from
    the next lane ``l2`` of `mask` (0 when `mask` has one lane), and ``affine`` (pred) = whether
    ``value == base + (lane - l) * stride`` (modulo 2**64) in every lane of `mask`. Where
    ``v2 - base`` does not fit 32 bits a target may give another stride (0, or its low 32
    bits) and then `affine` false: the lanes are kept one by one, never rebuilt wrongly.
    Where `any_dst` is given, it is also `VoteAny(any_dst, any_src, mask)`, voted together with
    `affine` (a run's resume test, `lower._Ctx.run_reserve`; targets with `shard_pools`). Where
    `lead` is given, it is also `Leader(lead, mask)`: this lane is ``l``, which the compression
    finds anyway. Where `tile` is given (u32; targets with `lane_tiles`), lanes that are not
    affine are also tested for a tile: ``tile`` = ``LANES_TILE | k`` where `mask` is the whole
    warp and lane ``i`` holds ``base + (i mod 2**k) * lo + (i >> k) * hi``, ``lo`` the low 32
    bits of the affine stride (lane 1's step) and ``hi`` another signed 32-bit step, as a Triton
    layout or a 2D CUDA block lays a tile's rows over a warp; `stride` then holds ``hi << 32 |
    lo``. 0 otherwise (`contract.manifest.LANES_TILE`); not defined where `affine` holds."""
    op: ClassVar[str] = "lane_compress"
    base: Reg
    stride: Reg
    affine: Reg
    value: Value
    mask: Value
    any_src: Value | None = None
    any_dst: Reg | None = None
    lead: Reg | None = None
    tile: Reg | None = None


@dataclass(frozen=True)
class WarpSync(Stmt):
    """Memory ordering among the lanes of `mask` (u32, all of them executing this): what any of
    them wrote to global memory before it, atomics included, precedes what any of them does
    after it."""
    op: ClassVar[str] = "warp_sync"
    mask: Value


# --- memory ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class MapBase(Stmt):
    """``dst(u64) = global address held by the appended kernel param `param```."""
    op: ClassVar[str] = "map_base"
    dst: Reg
    param: str


@dataclass(frozen=True)
class Address(Stmt):
    """``dst(u64) = base + index * scale + offset`` with `index` u32 or u64 (zero-extended)."""
    op: ClassVar[str] = "address"
    dst: Reg
    base: Value
    index: Value
    scale: int
    offset: int = 0


@dataclass(frozen=True)
class Store(Stmt):
    """``*(type *)(addr + offset) = value`` in global memory; `type` is the field's type
    (u32 u64 s32 s64 f32 f64), `value` already of that type."""
    op: ClassVar[str] = "store"
    addr: Value
    offset: int
    value: Value
    type: str


@dataclass(frozen=True)
class StoreVector(Stmt):
    """``*(addr + offset) = values`` as one access of 8 or 16 bytes: adjacent fields of a record
    (32- or 64-bit values laid end to end, their types as in `Store`) whose start the lowering
    knows is aligned to that size. A record of a few fields then costs a warp one or two memory
    instructions, not one per field: on a memory-bound kernel each is a request the memory
    system serves beside the kernel's own."""
    op: ClassVar[str] = "store_vector"
    addr: Value
    offset: int
    values: tuple[Value, ...]


@dataclass(frozen=True)
class AtomicAdd(Stmt):
    """``dst = atomic fetch-and-add(addr + offset, value)`` in global memory, one per executing
    lane; with ``dst=None`` the old value is not needed (a reduction). `lead`: a predicate true
    in the one lane of its warp that executes it (a leader), so a target need not combine it
    with the others' (its compiler may otherwise spend code doing so)."""
    op: ClassVar[str] = "atomic_add"
    dst: Reg | None
    addr: Value
    offset: int
    value: Value
    type: str
    lead: Reg | None = None


@dataclass(frozen=True)
class Prefetch(Stmt):
    """Start bringing the line holding global address `addr` (u64) into L2, without waiting for
    it; memory does not change. A hint: a target may render nothing."""
    op: ClassVar[str] = "prefetch"
    addr: Value


@dataclass(frozen=True)
class BumpReserve(Stmt):
    """Reserve one record slot per active lane in an unbounded pool, with ONE atomic per warp.

    `header` is the map's header slot address (u64). The leader adds ``n = popcount(active)`` to
    ``cursor`` and gets ``base``; every active lane gets ``dst(u64) = base + (number of active
    lanes below it)`` — distinct, dense slots. The leader also adds to ``dropped`` the number of
    this warp's slots at or beyond `pool`: ``max(0, base + n - max(base, pool))``. A lane stores
    its record only if ``dst < pool`` (the lowering emits that guard). Thread-level maps only:
    warp-level maps run in the leader lane alone and reserve with a plain `AtomicAdd`.
    """
    op: ClassVar[str] = "bump_reserve"
    dst: Reg
    header: Value
    pool: int


@dataclass(frozen=True)
class ShardReserve(Stmt):
    """`BumpReserve` into one of `shards` shards of a pool of `pool` records (contracts §4).

    The shard is ``unit % shards`` (`unit`, u32: a key the same in every lane of the warp and
    steady while it runs, such as its SM id plus hardware warp slot, which spreads the warps
    running at once evenly over the shards); its u64 cursor is at ``base + shard * slot_bytes``
    (`base` is the map buffer's address). The leader adds the active lanes' count ``n`` to the
    shard's cursor (ONE atomic per warp) and gets ``b``; each active lane takes ``k = b + (active
    lanes below it)`` and ``fits(pred) = k < pool / shards``. What does not fit is not counted:
    the cursor counts every slot, and readers take ``max(cursor - pool / shards, 0)``. ``dst(u64)`` is
    the item index of record ``k`` in the buffer: ``first + (k // chunk) * shards * chunk + shard
    * chunk + k % chunk``. When ``ceil((b + n) / chunk) > ceil(b / chunk)`` the leader raises the
    header's ``cursor`` to ``first + shards * chunk * ceil((b + n) / chunk)`` (atomic max), so it
    bounds the prefix of the buffer that holds records. `chunk` is a power of two.

    Without `lanes` the leader of a warp-level map runs it alone and reserves ``n = count``
    records (no election or broadcast: the lowering already runs it in that lane only); ``dst``
    is the first, ``fits`` whether it is inside the pool. With `lanes` and ``count > 1`` (a power
    of two dividing `chunk`: the blocks of a `lanes` companion) the leader reserves ``count``
    slots whatever the active lanes, so that blocks never straddle a chunk; lane ``i`` takes the
    block's first item plus its rank and ``fits`` whether the block is inside the shard, and a
    block that is not adds the active lanes to the header's ``dropped`` (at ``header + 8``).
    `fewer` (u32, warp level with ``count > 1`` only): each set bit a slot of the ``count``
    that the leader does not reserve after all (a run's saves whose records the reader makes).
    `lead` (pred, without `lanes`): true in the lane running it, where the lowering has it
    (the leader its lanes' compression found): the count is taken from it, not from
    ``%lanemask_eq``. `slots` (u32, warp level without `lanes`): a register whose low `slots_bits`
    bits hold the number of slots, in place of `count` (a run reserving for a growing number of
    passes keeps them in its `left`); read again after the atomic rather than kept across it.
    """
    op: ClassVar[str] = "shard_reserve"
    dst: Reg
    fits: Reg
    header: Value
    base: Value
    unit: Value
    pool: int
    shards: int
    chunk: int
    first: int
    slot_bytes: int
    lanes: bool = True
    count: int = 1
    fewer: Value | None = None
    lead: Reg | None = None
    slots: Reg | None = None
    slots_bits: int = 32


@dataclass(frozen=True)
class HistAdd(Stmt):
    """``*(type *)addr += value`` for every active lane, warp-aggregated: lanes whose `addr` is
    equal combine into one atomic issued by the lowest of them, adding the sum of their values
    (``count * value`` for an `Imm`, a warp sum over the group for an integer register; a float
    register may stay one atomic per lane). The result equals one atomic per lane."""
    op: ClassVar[str] = "hist_add"
    addr: Value
    value: Value
    type: str


@dataclass(frozen=True)
class WaitMemory(Stmt):
    """Wait until the instrumented instruction's memory access has completed, so its result
    register (OUT) holds the loaded value. Only targets whose loads return out of order with the
    register file (GCN: ``s_waitcnt``) emit it; PTX orders reads of a register after its load."""
    op: ClassVar[str] = "wait_memory"


# --- control --------------------------------------------------------------------------------

@dataclass(frozen=True)
class If(Stmt):
    """Run `body` only in lanes where `cond` (a pred) is true (false when `negate`). Lanes that
    skip do not count as active inside `body`. The lowering nests these for filters, predicated
    instructions, leader election and capacity checks."""
    op: ClassVar[str] = "if"
    cond: Value
    body: tuple[Stmt, ...]
    negate: bool = False


def _hash_once(cls: type) -> None:
    """Give `cls` a `__hash__` that hashes its fields once and keeps the result: a rendering is
    kept under its statement (`targets.memo`) and a site's code is looked up level by level of
    its nested `If`s, so the generated `__hash__` hashed an outer body's statements again at
    every level (memtrace on 40 Triton kernels: 0.04 s). Equal statements still hash equal
    (the same fields in the same order), and pickles leave the kept value out (string hashes
    differ between processes)."""
    names = tuple(f.name for f in fields(cls) if f.compare)
    values = attrgetter(*names) if len(names) > 1 else (
        (lambda s: (getattr(s, names[0]),)) if names else (lambda s: ()))

    def __hash__(self) -> int:
        kept = self.__dict__
        h = kept.get("_hash")
        if h is None:
            h = kept["_hash"] = hash(values(self))
        return h

    cls.__hash__ = __hash__


def _getstate(self) -> dict:
    state = dict(self.__dict__)
    state.pop("_hash", None)
    return state


Stmt.__getstate__ = _getstate
for _cls in [Stmt, *Stmt.__subclasses__()]:
    _hash_once(_cls)

"""The checked probe program: what `probe.load` returns and what `splice` lowers to assembly.

Every node is a frozen dataclass with a `span` (1-based line/column of its source text), so later
stages can point errors at the probe source too. The tree is already verified when you get it:

- every expression has a concrete `type`; the two operands of a `Binary` have the same type
  (implicit widenings appear as `Cast(implicit=True)` nodes), shifts included; comparisons and
  `&&`/`||`/`!` have type `BOOL`, which only filters and casts consume;
- compound assignments are desugared (`t0 += x` is `Assign("t0", Binary("+", RegRead t0, x))`);
- `Save.args`, `CounterAdd.value` and `HistAdd.value` are already of the field's type;
- `Operand`s appear only at positions that have them (ADDR/BYTES only at memory opcodes,
  OUT only `after`, OPCODE/IN* only at opcode or line positions), `Count` only at `block`.

Semantics the lowering must keep (documented for users in probes/README.md):
- shared registers (`reg`) start at 0 at kernel entry and are visible to every probe;
- a probe at a guarded instruction (``@%p ld...``, ``@%p bra``) runs only on the lanes where
  that instruction executes (its guard holds); a probe's filter is evaluated by every lane that
  runs the probe; the body runs on the lanes where it is true; writes to a `warp`-level map are
  made by the lowest such lane only;
- `counter` maps live in registers and are stored once at each `exit` (after `exit` probes run);
  a `warp`-level counter holds the warp's total: each event counts once per warp; a `block`,
  `sm` or `kernel` counter holds the sum of its threads' `thread`-level counters, reduced over
  the lanes at each exit (one atomic per warp and field, never one per lane);
- `hist` maps are device-global arrays updated with (warp-aggregated) atomic adds; at `warp`
  level an event counts once per warp, at `thread` level once per lane.
"""
from __future__ import annotations

import fnmatch
import functools
from dataclasses import dataclass, field
from enum import Enum
from typing import Union

from neutrino_py.asm.ir import STATE_SPACES
from neutrino_py.asm.ptx_isa import MEMORY
from neutrino_py.contract.manifest import LANE_PARTS
from neutrino_py.errors import Diagnostic


@dataclass(frozen=True)
class Span:
    """Where a node came from: 1-based line and column of its first and one-past-last character."""

    line: int
    col: int
    end_line: int
    end_col: int

    @property
    def width(self) -> int:
        """Characters to underline on the first line (at least one)."""
        return max(1, self.end_col - self.col) if self.end_line == self.line else 1

    def excerpt(self, text: str) -> str:
        """The spanned source, lines joined by single spaces."""
        lines = [line.removesuffix("\r") for line in _lines(text)[self.line - 1:self.end_line]]
        if len(lines) == 1:
            return lines[0][self.col - 1:self.end_col - 1]
        lines[0], lines[-1] = lines[0][self.col - 1:], lines[-1][:self.end_col - 1]
        return " ".join(line.strip() for line in lines)


@functools.lru_cache(maxsize=4)
def _lines(text: str) -> tuple[str, ...]:
    """`text` split at \n, kept for the next call: a summary takes an excerpt of every statement
    of one text, and splitting it each time made that quadratic in the text's size."""
    return tuple(text.split("\n"))


class Type(Enum):
    """Value types of the language. `BOOL` is the type of comparisons; it cannot be stored."""

    U32 = "u32"
    U64 = "u64"
    S32 = "s32"
    S64 = "s64"
    F32 = "f32"
    F64 = "f64"
    BOOL = "pred"

    @property
    def bits(self) -> int:
        return 1 if self is Type.BOOL else int(self.value[1:])

    @property
    def is_float(self) -> bool:
        return self in (Type.F32, Type.F64)

    @property
    def is_signed(self) -> bool:
        return self in (Type.S32, Type.S64)

    @property
    def is_integer(self) -> bool:
        return self in (Type.U32, Type.U64, Type.S32, Type.S64)

    @property
    def numpy(self) -> str:
        """NumPy type string of a stored value: ``<u4``, ``<f8`` (not defined for BOOL)."""
        if self is Type.BOOL:
            raise ValueError("BOOL values are not stored")
        return "<" + self.value[0].replace("s", "i") + str(self.bits // 8)

    def __str__(self) -> str:
        return self.value


# ---------------------------------------------------------------- positions

@dataclass(frozen=True)
class OpcodePattern:
    """An opcode pattern such as ``ld.global``, ``*.shared``, ``mma*`` or ``@bra``.

    The first dotted part is matched against the instruction's base opcode, the others against
    its modifiers as an ordered subsequence, each part with shell wildcards (``*``, ``?``). So
    ``ld.global`` matches ``ld.global.v4.f32`` and ``ld.volatile.global.u32`` but not
    ``ld.param.u64``; a part without ``::`` also matches a qualified modifier (``shared``
    matches ``shared::cta``). A leading ``@`` matches only guarded (predicated) instructions.
    """

    text: str
    span: Span

    @property
    def guarded(self) -> bool:
        return self.text.startswith("@")

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(self.text.lstrip("@").split("."))

    def matches(self, opcode: str, guarded: bool = False) -> bool:
        """Whether an instruction with dotted `opcode` (and a guard predicate or not) matches."""
        if self.guarded and not guarded:
            return False
        base, *mods = opcode.split(".")
        head, *want = self.parts
        if not fnmatch.fnmatchcase(base, head):
            return False
        i = 0
        for mod in mods:
            if i < len(want) and (fnmatch.fnmatchcase(mod, want[i]) or
                                  fnmatch.fnmatchcase(mod.split("::")[0], want[i])):
                i += 1
        return i == len(want)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Opcodes:
    """`before`/`after` target: instructions matching any of the patterns."""

    patterns: tuple[OpcodePattern, ...]
    span: Span

    def matches(self, opcode: str, guarded: bool = False) -> bool:
        return any(p.matches(opcode, guarded) for p in self.patterns)

    def __str__(self) -> str:
        return ", ".join(map(str, self.patterns))


@dataclass(frozen=True)
class Mark:
    """`mark("name")`: the place of a ``// @neutrino name`` comment (left there by inline asm)."""

    name: str
    span: Span

    def __str__(self) -> str:
        return f'mark("{self.name}")'

    def matches(self, comment: str) -> bool:
        """True for the text of this mark's comment, delimiters stripped (PTX ``//``, GCN ``;``):
        ``@neutrino`` and the name, nothing else — one rule for every target."""
        return comment.split() == [MARK_WORD, self.name]


MARK_WORD = "@neutrino"


def is_mark(comment: str) -> bool:
    """Whether the text of a comment, delimiters stripped, is a mark (of any name)."""
    return comment.split()[:1] == [MARK_WORD]


@dataclass(frozen=True)
class Lines:
    """`line "file.cu":first-last`: every instruction whose ``.loc`` falls in the range.

    `file` matches a ``.file`` entry whose path equals it or ends with ``/`` + it.
    """

    file: str
    first: int
    last: int
    span: Span

    def matches_file(self, path: str) -> bool:
        return path == self.file or path.endswith("/" + self.file)

    def __str__(self) -> str:
        rng = str(self.first) if self.first == self.last else f"{self.first}-{self.last}"
        return f'line "{self.file}":{rng}'


# what marks a modifier as naming a state space (a memory instruction with none is generic):
# PTX's, and of GCN's names `buffer` (`buffer_load` -> `ld.buffer`: a resource, not an address)
# and `scalar` (`s_store` -> `st.scalar`: the wave's one access)
NAMED_SPACES = (*STATE_SPACES, "buffer", "scalar")


def runtime_space(pattern: OpcodePattern, testable: tuple[str, ...]) -> tuple[str, OpcodePattern] | None:
    """(space, the pattern without it) for a pattern of a memory opcode that names one state
    space the target can test a generic address for (`testable`; ``ld.global.v4`` ->
    ``("global", ld.v4)``), else None. Such a pattern also selects the same access through a
    generic address, where the address lies in the space."""
    head, *rest = pattern.parts
    named = [p for p in rest if p.split("::")[0] in STATE_SPACES]
    if len(named) != 1 or not any(fnmatch.fnmatchcase(b, head) for b in MEMORY):
        return None
    space = "shared" if named[0] == "shared::cta" else named[0]      # the same, in every PTX ISA
    if space not in testable:
        return None
    others = [p for p in rest if p != named[0]]
    text = ("@" if pattern.guarded else "") + ".".join([head, *others])
    return space, OpcodePattern(text, pattern.span)


@dataclass(frozen=True)
class Generic:
    """The place of a derived probe (`splice.spaces`): the accesses through a generic address
    that `patterns` (the probe's own, their state space dropped) select and `named` (the
    original position) does not; the probe's filter tests the address's space at run time."""

    named: Opcodes
    patterns: tuple[OpcodePattern, ...]
    span: Span

    def matches(self, opcode: str, guarded: bool = False) -> bool:
        base, *mods = opcode.split(".")
        if base not in MEMORY or any(m.split("::")[0] in NAMED_SPACES for m in mods):
            return False
        return any(p.matches(opcode, guarded) for p in self.patterns) and \
            not self.named.matches(opcode, guarded)

    def __str__(self) -> str:
        return str(self.named)


Target = Union[Opcodes, Mark, Lines, Generic]


@dataclass(frozen=True)
class Position:
    """Where a probe runs.

    `when` is ``entry`` (kernel start), ``exit`` (before every ``ret``/``exit``), ``block``
    (at the start of every basic block, once per entry), ``before`` or ``after`` (the `target`:
    matched instructions, a mark, or source lines). For `block`, `entry` and `exit` the target
    is None.
    """

    when: str
    target: Target | None
    span: Span

    @property
    def has_instruction(self) -> bool:
        """True when the position is an instruction (its operands can be read)."""
        return isinstance(self.target, (Opcodes, Lines, Generic))

    def __str__(self) -> str:
        return self.when if self.target is None else f"{self.when} {self.target}"


# ---------------------------------------------------------------- expressions

@dataclass(frozen=True)
class Const:
    """A literal (integers are Python ints already range-checked for `type`)."""

    value: int | float
    type: Type
    span: Span


@dataclass(frozen=True)
class RegRead:
    """Read of a shared register declared with `reg` (its declaration is a `RegDecl`)."""

    name: str
    type: Type
    span: Span


@dataclass(frozen=True)
class Helper:
    """A helper call read at run time; see `HELPERS` for names and types."""

    name: str
    type: Type
    span: Span


@dataclass(frozen=True)
class Operand:
    """A value of the instruction at the position; see `OPERANDS` for names and types."""

    name: str
    type: Type
    span: Span


@dataclass(frozen=True)
class Count:
    """`count(patterns)` at `block`: how many instructions of this basic block match (a
    constant per block, so per-instruction counting becomes one add per block entry)."""

    patterns: tuple[OpcodePattern, ...]
    type: Type
    span: Span

    def matches(self, opcode: str, guarded: bool = False) -> bool:
        return any(p.matches(opcode, guarded) for p in self.patterns)


@dataclass(frozen=True)
class Unary:
    """``-x`` (signed and float), ``~x`` (integer), ``!x`` (BOOL)."""

    op: str
    operand: "Expr"
    type: Type
    span: Span


@dataclass(frozen=True)
class Binary:
    """Arithmetic ``+ - * / %``, bitwise ``& | ^ << >>``, comparison ``== != < <= > >=``
    (type BOOL) and logical ``&& ||`` (BOOL operands). `left.type == right.type` always."""

    op: str
    left: "Expr"
    right: "Expr"
    type: Type
    span: Span


@dataclass(frozen=True)
class Cast:
    """Conversion to `type` (value conversion, like C; BOOL becomes 0 or 1)."""

    type: Type
    operand: "Expr"
    implicit: bool
    span: Span


@dataclass(frozen=True)
class InSpace:
    """BOOL: the generic address `address` (ADDR) lies in state space `space` (`runtime_space`);
    made by the splicer for derived probes (`Generic`), never written in a probe."""

    space: str
    address: Operand
    type: Type
    span: Span


@dataclass(frozen=True)
class InSpaceAddress:
    """U64: the generic address `address` (ADDR) as an address of state space `space`, which it
    lies in: what ADDR reads at an access that names the space. Made with `InSpace`."""

    space: str
    address: Operand
    type: Type
    span: Span


Expr = Union[Const, RegRead, Helper, Operand, Count, Unary, Binary, Cast, InSpace,
             InSpaceAddress]

# helper name -> result type (all take no arguments)
HELPERS: dict[str, Type] = {
    "clock": Type.U64,        # SM cycle counter (%clock64)
    "globaltimer": Type.U64,  # nanoseconds (%globaltimer)
    "smid": Type.U32,         # SM the thread runs on (%smid)
    "warpid": Type.U32,       # warp index within the block: threadid() / 32
    "laneid": Type.U32,       # lane within the warp (%laneid)
    "activemask": Type.U32,   # lanes executing this position (activemask.b32)
    "blockid": Type.U32,      # linear block index in the grid
    "threadid": Type.U32,     # linear thread index in the block
    "warps": Type.U32,        # warps in the block: ceil(threads per block / 32)
}

# operand name -> result type
OPERANDS: dict[str, Type] = {
    "ADDR": Type.U64,    # generic or state-space address of the memory operand
    "BYTES": Type.U32,   # bytes the memory instruction moves (vector width included)
    "OUT": Type.U64,     # destination value after the instruction, raw bits zero-extended
    "IN1": Type.U64,     # source operands 1..3, raw bits zero-extended
    "IN2": Type.U64,
    "IN3": Type.U64,
    "PC": Type.U32,      # index of the instruction in its function (block: first instruction)
    "OPCODE": Type.U32,  # base opcode id, see neutrino_py.asm.ptx_isa.opcode_id
}


# ---------------------------------------------------------------- statements

@dataclass(frozen=True)
class Assign:
    """Write a shared register (compound assignments already desugared)."""

    reg: str
    value: Expr
    span: Span


@dataclass(frozen=True)
class Save:
    """Append one record to a `record` map; `args` match `map.fields` one to one."""

    map: str
    args: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True)
class CounterAdd:
    """``m.field += value`` on a `counter` map (kept in a register until exit)."""

    map: str
    field: str
    value: Expr
    span: Span


@dataclass(frozen=True)
class HistAdd:
    """``m[index] += value`` on a `hist` map; `index` is u32 or u64 (a signed index arrives as an
    implicit cast to unsigned, so a negative one is out of range); an index outside
    ``0..capacity-1`` is not applied but counted in the map's `dropped`."""

    map: str
    index: Expr
    value: Expr
    span: Span


@dataclass(frozen=True)
class Prefetch:
    """``m.prefetch()`` on a `record(N)` map at [warp] or [block] level: start bringing the line
    of the unit's event count into L2 now, so that a later save's atomic on it does not wait for
    memory (a count untouched since the launch's memset misses L2). A hint: nothing is written
    or counted, and a target may do nothing."""

    map: str
    span: Span


Stmt = Union[Assign, Save, CounterAdd, HistAdd, Prefetch]


# ---------------------------------------------------------------- declarations

@dataclass(frozen=True)
class Field:
    """A map field. A `lanes` field (``lanes addr;``, in `[warp]` pool records) takes a u64
    value from every active lane and stores it warp-compressed (`LANE_PARTS`)."""
    name: str
    type: Type
    span: Span
    lanes: bool = False



@dataclass(frozen=True)
class MapDecl:
    """A map: `kind` is ``record``, ``row``, ``counter`` or ``hist``; `level` is ``thread`` or
    ``warp``, for records and rows also ``block``, for counters also ``block``, ``sm`` or
    ``kernel`` (one row per block, SM id or launch, holding the sum over its threads).

    - record: `capacity` = N records per unit for ``record(N)``, or None for an unbounded
      record whose items go to a shared `pool` of that many records;
    - row: one record per unit that every save overwrites (`capacity` 1, no atomic to wait
      for: the unit's count is added to with a reduction); laid out as ``record(1)``;
    - counter: one struct of `fields` per unit; `capacity` and `pool` are None;
    - hist: `capacity` = N entries, one field named ``value``; `pool` is None.
    """

    name: str
    kind: str
    level: str
    fields: tuple[Field, ...]
    capacity: int | None
    pool: int | None
    span: Span

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)

    @property
    def dtype(self) -> list[list[str]]:
        """Fields as ``[[name, numpy type], ...]``, as in the manifest (a `lanes` field as its
        four `LANE_PARTS`); packed with ``np.dtype(fields, align=True)``."""
        return [[f.name + suffix, t] for f in self.fields
                for suffix, t in (LANE_PARTS if f.lanes else (("", f.type.numpy),))]


@dataclass(frozen=True)
class RegDecl:
    """A shared register: zero at kernel entry, read and written by every probe."""

    name: str
    type: Type
    span: Span


@dataclass(frozen=True)
class Probe:
    """One probe: where, an optional BOOL filter, and the statements to run."""

    index: int
    position: Position
    filter: Expr | None
    body: tuple[Stmt, ...]
    span: Span
    origin: int | None = None     # a derived probe's (`Generic`) original index

    @property
    def label(self) -> str:
        """Stable human name, used as the key of the manifest's `positions` (a derived probe's
        is its original's: their places count together)."""
        return f"probe {self.index if self.origin is None else self.origin} ({self.position})"


@dataclass(frozen=True)
class ProbeProgram:
    """A checked `.probe` file. `maps` and `regs` keep declaration order."""

    text: str
    file: str
    hash: str
    maps: dict[str, MapDecl] = field(default_factory=dict)
    regs: dict[str, RegDecl] = field(default_factory=dict)
    probes: tuple[Probe, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()       # the checker's warnings, with their places

"""PTX IR: a module of directives, variables and functions whose bodies are lists of statements.

The parser (`asm.parse_ptx`) builds these objects; `Module.to_text()` prints them back. Everything
a later stage edits is a plain Python list or attribute: `Function.params` (append a `VarDecl`
with ``space="param"``), `Function.body` (statements), `Block.body` (nested ``{ }`` scopes).

Conventions
- Dots are dropped from stored names: ``ld.global.v4.f32`` is ``opcode="ld"``,
  ``modifiers=["global", "v4", "f32"]``; ``.reg .b32`` is ``RegDecl(type="b32", ...)``;
  spaces are ``"global"``, ``"shared"``...; registers and symbols keep their sigils
  (``%r1``, ``$L__BB0_2``).
- Every parsed node has ``line`` and ``col`` (1-based, in the module text); nodes built by hand
  have 0 for both.
- Function bodies are parsed on first access of `Function.body`; until then the module prints the
  original body text unchanged.
- Insert code with `Function.insert_before` / `insert_after`: edits are queued and applied in one
  pass on the next read of `body`, so inserting while iterating `instructions()` is safe and
  thousands of insertions cost one pass. A printer that finds them still queued prints each
  inserted sequence as one piece (`asm.printer`). `parse_statements(text)` (in `asm`) turns
  rendered PTX text into statements to insert.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from operator import attrgetter
from typing import Any, Callable, Iterator, Sequence, Union

from neutrino_py.asm import ptx_isa


class _Node:
    """Base of every IR class: pickles as its constructor arguments, which loads several times
    faster than slot-by-slot state (the parse cache stores whole bodies)."""
    __slots__ = ()

    def __reduce__(self):
        return type(self), _arguments(type(self))(self)


@cache
def _arguments(cls: type) -> Callable[[Any], tuple]:
    """`cls`'s constructor arguments of a node, read in C (`attrgetter`): a cold run stores a
    module of 420 kernels' headers in the parse cache, 5,000 nodes (0.006 -> 0.0034 s)."""
    names = cls.__match_args__
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda node: (one(node),)
    return lambda node: ()


# ---------------------------------------------------------------- operands


@dataclass(frozen=True, slots=True)
class Register(_Node):
    """``%r1``, ``%rd4``, ``%p2``, special registers such as ``%tid.x``, or a named register ``p``."""
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Immediate(_Node):
    """A literal kept as written (``-1``, ``0x1F``, ``0f3F800000``, ``1.5``) so it prints back exactly."""
    text: str

    @property
    def value(self) -> int | float:
        """Numeric value; PTX hex floats (``0f…`` / ``0d…``) are decoded to a Python float."""
        import struct
        t = self.text.rstrip("Uu")
        neg = t.startswith("-")
        t = t.lstrip("-")
        if t[:2] in ("0f", "0F"):
            v: int | float = struct.unpack(">f", bytes.fromhex(t[2:]))[0]
        elif t[:2] in ("0d", "0D"):
            v = struct.unpack(">d", bytes.fromhex(t[2:]))[0]
        elif t[:2] in ("0x", "0X"):
            v = int(t[2:], 16)
        elif t[:2] in ("0b", "0B"):
            v = int(t[2:], 2)
        elif any(c in t for c in ".eE"):
            v = float(t)
        elif len(t) > 1 and t.startswith("0"):
            v = int(t, 8)
        else:
            v = int(t)
        return -v if neg else v

    def __str__(self) -> str:
        return self.text


def int_literal(text: str) -> int:
    """An integer constant as PTX reads it: an address offset may be written ``0x10``, ``010``
    (octal: 8), ``0b1000`` or ``8U``, not only in decimal."""
    return int(Immediate(text).value)


@dataclass(frozen=True, slots=True)
class Symbol(_Node):
    """A name that is not a register: a label (``bra $L__BB0_1``), a variable, a function, a param."""
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Sink(_Node):
    """The bit bucket ``_`` (a destination whose value is thrown away)."""

    def __str__(self) -> str:
        return "_"


@dataclass(frozen=True, slots=True)
class Negated(_Node):
    """A negated predicate source operand: ``!%p1``."""
    operand: Register

    def __str__(self) -> str:
        return f"!{self.operand}"


@dataclass(frozen=True, slots=True)
class Vector(_Node):
    """A brace list ``{%f1, %f2, _, %f4}`` (vector loads/stores, mma fragments)."""
    items: tuple["Operand", ...]

    def __str__(self) -> str:
        return "{" + ", ".join(map(str, self.items)) + "}"


@dataclass(frozen=True, slots=True)
class PredPair(_Node):
    """Two predicate destinations ``%p|%q`` (``setp``) or value|predicate (``shfl``)."""
    first: "Operand"
    second: "Operand"

    def __str__(self) -> str:
        return f"{self.first}|{self.second}"


@dataclass(frozen=True, slots=True)
class Address(_Node):
    """A memory operand ``[base]``, ``[base+offset]`` or ``[base, {coords}]`` (texture/surface).

    `base` is a `Register`, a `Symbol` (variable or param name) or an `Immediate`. `zero_offset`
    keeps a written ``+0`` (ptxas compiles ``[%SP+0]`` and ``[%SP]`` differently in debug mode).
    `sampler` is the sampler of an independent-mode texture read, ``[tex, sampler, {coords}]``
    (what LLVM writes for `.texmode_independent` modules), kept so that it is printed back.
    """
    base: "Operand"
    offset: int = 0
    coords: Vector | None = None
    zero_offset: bool = False
    sampler: "Operand | None" = None

    def __str__(self) -> str:
        if self.coords is not None:
            if self.sampler is not None:
                return f"[{self.base}, {self.sampler}, {self.coords}]"
            return f"[{self.base}, {self.coords}]"
        if self.offset or self.zero_offset:
            return f"[{self.base}+{self.offset}]"
        return f"[{self.base}]"


@dataclass(frozen=True, slots=True)
class SymbolAddress(_Node):
    """The address of a variable's element as a value: ``arr[8]`` or ``arr+8`` / ``arr-8`` (``mov.u64
    %rd1, arr[8];``, tinygrad's ``mov.u64 %local_u64_0, local0[0];``). `suffix` is what follows
    the name as written (``[8]``, ``+8``), printed back unchanged."""
    symbol: "Symbol"
    suffix: str

    def __str__(self) -> str:
        return f"{self.symbol}{self.suffix}"


@dataclass(frozen=True, slots=True)
class ParamList(_Node):
    """A parenthesized list in ``call``: ``(retval0)``, ``(param0, param1)``."""
    items: tuple["Operand", ...]

    def __str__(self) -> str:
        return "(" + ", ".join(map(str, self.items)) + ")"


Operand = Union[Register, Immediate, Symbol, Sink, Negated, Vector, PredPair, Address, ParamList,
                SymbolAddress]


def registers_in(op: Operand) -> Iterator[Register]:
    """Registers an operand mentions (inside vectors, addresses, pairs and lists too)."""
    if isinstance(op, Register):
        yield op
    elif isinstance(op, (Vector, ParamList)):
        for item in op.items:
            yield from registers_in(item)
    elif isinstance(op, Address):
        yield from registers_in(op.base)
        if op.sampler is not None:
            yield from registers_in(op.sampler)
        if op.coords is not None:
            yield from registers_in(op.coords)
    elif isinstance(op, PredPair):
        yield from registers_in(op.first)
        yield from registers_in(op.second)
    elif isinstance(op, Negated):
        yield op.operand


def symbols_in(op: Operand) -> Iterator[Symbol]:
    """Names an operand mentions (a call's target, a variable in an address or as a value)."""
    if isinstance(op, Symbol):
        yield op
    elif isinstance(op, SymbolAddress):
        yield op.symbol
    elif isinstance(op, (Vector, ParamList)):
        for item in op.items:
            yield from symbols_in(item)
    elif isinstance(op, Address):
        yield from symbols_in(op.base)
        if op.sampler is not None:
            yield from symbols_in(op.sampler)


# ---------------------------------------------------------------- state spaces and type widths

STATE_SPACES = ("global", "shared", "local", "const", "param", "generic", "tex")
TYPE_BYTES = {
    "b8": 1, "u8": 1, "s8": 1, "b16": 2, "u16": 2, "s16": 2, "f16": 2, "bf16": 2,
    "b32": 4, "u32": 4, "s32": 4, "f32": 4, "tf32": 4, "f16x2": 4, "bf16x2": 4,
    "b64": 8, "u64": 8, "s64": 8, "f64": 8, "b128": 16, "e4m3x2": 2, "e5m2x2": 2,
    "pred": 1,
}
VECTOR_COUNT = {"v2": 2, "v4": 4, "v8": 8}


# ---------------------------------------------------------------- statements


@dataclass(slots=True)
class Loc(_Node):
    """``.loc FILE LINE COL[, extra]``: the source position of the instructions that follow.

    `extra` keeps ``function_name …, inlined_at …`` (from ``-lineinfo``) as written.
    """
    file: int
    source_line: int
    source_col: int
    extra: str = ""
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)

    def to_text(self) -> str:
        extra = f", {self.extra}" if self.extra else ""
        return f".loc\t{self.file} {self.source_line} {self.source_col}{extra}"


class Instruction(_Node):
    """``[@[!]guard] opcode.mod.mod operand, …;`` — the one generic instruction form.

    `loc` is the ``.loc`` in effect (set by the parser; None before the first ``.loc``).
    Compare instructions by identity (``is``): two equal-looking instructions are distinct nodes.

    The parser gives an instruction its operands as the text it read (`args`) and turns that
    text into `Operand`s only when `operands` is first read: most instructions of a kernel are
    only matched by opcode and printed back, and their operand text is printed as written until
    `operands` is assigned.
    """
    __slots__ = ("opcode", "modifiers", "_operands", "guard", "guard_negated", "line", "col", "loc",
                 "args", "_named", "_name")
    __match_args__ = ("opcode", "modifiers", "operands", "guard", "guard_negated", "line", "col",
                      "loc")

    def __init__(self, opcode: str, modifiers: list[str] | None = None,
                 operands: list[Operand] | None = None, guard: Register | None = None,
                 guard_negated: bool = False, line: int = 0, col: int = 0, loc: Loc | None = None,
                 args: str | None = None, named: frozenset[str] = frozenset(),
                 name: str | None = None) -> None:
        self.opcode = opcode
        self.modifiers = [] if modifiers is None else modifiers
        self._operands = [] if operands is None and args is None else operands
        self.guard, self.guard_negated = guard, guard_negated
        self.line, self.col, self.loc = line, col, loc
        self.args, self._named, self._name = args, named, name

    def __reduce__(self):
        if self._operands is None:
            return _lazy_instruction, (self.opcode, self.modifiers, self.guard, self.guard_negated,
                                       self.line, self.col, self.loc, self.args, self._named)
        return Instruction, (self.opcode, self.modifiers, self._operands, self.guard,
                             self.guard_negated, self.line, self.col, self.loc, self.args)

    def __repr__(self) -> str:
        return f"Instruction({self.to_text()!r}, line={self.line})"

    def with_args(self, args: str) -> "Instruction":
        """A copy with operand text `args` (read when its operands are asked for), made slot
        by slot: reused renderings copy their branches with new labels this way, tens of
        thousands of times in a large module."""
        new = _new_instruction(Instruction)
        new.opcode, new.modifiers, new._operands = self.opcode, self.modifiers, None
        new.guard, new.guard_negated = self.guard, self.guard_negated
        new.line, new.col, new.loc = self.line, self.col, self.loc
        new.args, new._named, new._name = args, self._named, self._name
        return new

    @property
    def operands(self) -> list[Operand]:
        if self._operands is None:
            from neutrino_py.asm.parser import parse_args
            self._operands = parse_args(self.args or "", self._named)
        return self._operands

    @operands.setter
    def operands(self, value: list[Operand]) -> None:
        self._operands, self.args = value, None

    @property
    def name(self) -> str:
        """Full dotted opcode as written: ``ld.global.v4.f32``. Kept once known (the scan and
        the templates pass the text they split): matching and printing read it for every
        instruction of a module, and an instruction's opcode and modifiers are not edited."""
        if self._name is None:
            self._name = ".".join([self.opcode, *self.modifiers])
        return self._name

    @property
    def spaces(self) -> tuple[str, ...]:
        """State spaces named in the modifiers, in order: ``cp.async.ca.shared.global`` gives
        ``("shared", "global")``. ``shared::cta`` and ``shared::cluster`` count as ``shared``."""
        return tuple(m.split("::", 1)[0] for m in self.modifiers
                     if m.split("::", 1)[0] in STATE_SPACES)

    @property
    def is_memory(self) -> bool:
        """True for an instruction that reads or writes memory through an address operand."""
        if self.opcode not in ptx_isa.ADDRESSED:
            return False
        if self._operands is None:     # operand text the scan checked: only an address has a
            return "[" in self.args    # '[' (so `inspect` need not read the operands)
        return any(isinstance(o, Address) for o in self._operands)

    @property
    def space(self) -> str | None:
        """State space of a memory operation (the first one named, ``generic`` when none is);
        None for other instructions."""
        if not self.is_memory:
            return None
        spaces = self.spaces
        return spaces[0] if spaces else "generic"

    @property
    def address(self) -> Address | None:
        """The first address operand (the one accessed; for ``cp.async`` the destination)."""
        for op in self.operands:
            if isinstance(op, Address):
                return op
        return None

    @property
    def width(self) -> int | None:
        """Bytes accessed per thread by a memory operation (vector count × element size).

        ``ld.global.v4.f32`` → 16; a form sized by a count operand (``cp.async.*``, ``st.bulk``,
        ``discard.L2``: `ptx_isa.sized`) → that count; ``ldmatrix``/``stmatrix`` → 16 (one row
        per thread). None for non-memory instructions and unknown widths (``wmma`` fragments,
        tensor copies, counts in a register: see `size_operand`).
        """
        if not self.is_memory:
            return None
        if ptx_isa.sized(self.opcode, self.modifiers):
            size = self.size_operand
            return int(size.value) if isinstance(size, Immediate) else None
        if self.opcode in ("ldmatrix", "stmatrix"):
            return 16
        if self.opcode == "wmma":
            return None  # a fragment: spread over the warp in a layout PTX does not fix
        elem, count = None, 1
        for m in self.modifiers:
            if m in TYPE_BYTES:
                elem = TYPE_BYTES[m]
            elif m in VECTOR_COUNT:
                count = VECTOR_COUNT[m]
        return None if elem is None else elem * count

    @property
    def size_operand(self) -> Immediate | Register | None:
        """The byte count of a form sized by one (`ptx_isa.sized`): the operand right after its
        addresses (``st.bulk [a], size, 0``, ``cp.async.bulk [d], [s], size, [mbar]``), a
        number or a register read at run time; None for other instructions."""
        if not ptx_isa.sized(self.opcode, self.modifiers):
            return None
        ops = self.operands
        n = 0
        while n < len(ops) and isinstance(ops[n], Address):
            n += 1
        size = ops[n] if 0 < n < len(ops) else None
        return size if isinstance(size, (Immediate, Register)) else None

    @property
    def n_dests(self) -> int:
        """How many leading operands are written (0 or 1; the one may be a vector or a pair)."""
        if not self.operands or not ptx_isa.writes_first(self.opcode, self.modifiers):
            return 0
        return 0 if isinstance(self.operands[0], Address) else 1

    @property
    def dests(self) -> list[Operand]:
        """Operands the instruction writes (a ``call``'s return list counts as written)."""
        if self.opcode == "call":
            first = self.operands[0] if self.operands else None
            return [first] if isinstance(first, ParamList) and len(self.operands) > 1 else []
        return self.operands[:self.n_dests]

    @property
    def srcs(self) -> list[Operand]:
        """Operands the instruction reads (addresses of stores included)."""
        n = len(self.dests)
        return self.operands[n:]

    def regs_written(self) -> set[str]:
        return {r.name for op in self.dests for r in registers_in(op)}

    def regs_read(self) -> set[str]:
        """Registers read, including the guard and the base registers of written addresses."""
        names = {r.name for op in self.srcs for r in registers_in(op)}
        if self.guard is not None:
            names.add(self.guard.name)
        return names

    @property
    def is_branch(self) -> bool:
        return self.opcode in ("bra", "brx")

    @property
    def is_terminator(self) -> bool:
        """Ends a basic block: branches, ``ret``, ``exit``, ``trap``."""
        return self.opcode in TERMINATORS

    @property
    def target(self) -> str | None:
        """Label a ``bra`` jumps to."""
        if self.opcode == "bra" and self.operands and isinstance(self.operands[0], Symbol):
            return self.operands[0].name
        return None

    def to_text(self) -> str:
        name = self._name or self.name
        args = self.args if self.args is not None else ", ".join(map(str, self._operands))
        if self.guard is not None:
            name = f"@{'!' if self.guard_negated else ''}{self.guard.name} {name}"
        return f"{name} \t{args};" if args else f"{name};"


_new_instruction = object.__new__
TERMINATORS = frozenset(("bra", "brx", "ret", "exit", "trap"))   # opcodes that end a basic block


def _lazy_instruction(opcode, modifiers, guard, guard_negated, line, col, loc, args, named):
    return Instruction(opcode, modifiers, None, guard, guard_negated, line, col, loc, args, named)


@dataclass(slots=True, eq=False)
class Label(_Node):
    """``name:`` — a branch target (and the start of a basic block)."""
    name: str
    line: int = 0
    col: int = 0

    def to_text(self) -> str:
        return f"{self.name}:"


@dataclass(slots=True, eq=False)
class Comment(_Node):
    """A ``// …`` or ``/* … */`` comment, kept as written (inline-asm marks: ``// @neutrino x``)."""
    text: str
    line: int = 0
    col: int = 0

    @property
    def body(self) -> str:
        """The comment without its delimiters, stripped."""
        t = self.text
        return (t[2:-2] if t.startswith("/*") else t[2:]).strip()

    def to_text(self) -> str:
        return self.text


@dataclass(slots=True, eq=False)
class RegDecl(_Node):
    """``.reg .TYPE %r<N>, %x;`` — `names` holds ``(name, count)``; count None for a single register.

    ``("%r", 5)`` declares ``%r0 … %r4``.
    """
    type: str
    names: list[tuple[str, int | None]]
    line: int = 0
    col: int = 0

    def registers(self) -> Iterator[str]:
        for name, count in self.names:
            if count is None:
                yield name
            else:
                for i in range(count):
                    yield f"{name}{i}"

    def named_registers(self) -> Iterator[str]:
        """The registers declared without a ``%`` (inline asm's ``.reg .f16 a<2>;`` declares
        ``a0`` and ``a1``), which lex as names and are made `Register`s by their name."""
        return (r for r in self.registers() if not r.startswith("%"))

    def to_text(self) -> str:
        names = ", ".join([n if c is None else f"{n}<{c}>" for n, c in self.names])
        return f".reg {_dotted(self.type)} \t{names};"


@dataclass(slots=True, eq=False)
class VarDecl(_Node):
    """A variable or parameter: ``[linkage] .SPACE [.align N] .TYPE name[dims] [= init]``.

    `space`: global, shared, local, const, param, tex… `array`: one entry per ``[]``, None for
    ``[]``. `init`: the initializer text after ``=`` as written. `ptr`: for kernel params declared
    ``.ptr [.SPACE] [.align N]``, the tuple ``(space or "", align or 0)``. `attrs`: other dotted
    attributes (e.g. ``v4``) kept in order.
    """
    space: str
    type: str
    name: str
    align: int | None = None
    array: list[int | None] = field(default_factory=list)
    init: str | None = None
    linkage: list[str] = field(default_factory=list)
    ptr: tuple[str, int] | None = None
    attrs: list[str] = field(default_factory=list)
    line: int = 0
    col: int = 0

    def set_words(self, words: list[str], ptr_at: int | None) -> None:
        """Type and attributes from the dotted words as written; with a ``.ptr`` at `ptr_at`, the
        word after it (if any) is the pointer's space. Shared by the scan and the grammar."""
        if ptr_at is not None:
            self.ptr = (words[ptr_at] if len(words) > ptr_at else "", self.ptr[1] if self.ptr else 0)
            words = words[:ptr_at]
        self.type = words[-1] if words else ""
        self.attrs = words[:-1]

    @property
    def size(self) -> int | None:
        """Bytes the declaration occupies (element size × array lengths); None if unknown."""
        elem = TYPE_BYTES.get(self.type)
        if elem is None:
            return None
        for a in self.attrs:
            elem *= VECTOR_COUNT.get(a, 1)
        for n in self.array:
            if n is None:
                return None
            elem *= n
        return elem

    def to_text(self, terminated: bool = True) -> str:
        parts = [f".{l}" for l in self.linkage] + [f".{self.space}"]
        if self.align is not None and self.ptr is None:
            parts.append(f".align {self.align}")
        parts += [f".{a}" for a in self.attrs]
        parts.append(_dotted(self.type))
        if self.ptr is not None:
            parts.append(".ptr")
            if self.ptr[0]:
                parts.append(f".{self.ptr[0]}")
            if self.ptr[1]:
                parts.append(f".align {self.ptr[1]}")
        text = " ".join(parts) + " " + self.name + "".join(
            f"[{'' if n is None else n}]" for n in self.array)
        if self.init is not None:
            text += f" = {self.init}"
        return text + (";" if terminated else "")


@dataclass(slots=True, eq=False)
class Directive(_Node):
    """Any other dotted directive kept as written: ``.pragma "nounroll";``, ``.callprototype …;``,
    ``.branchtargets …;``, ``.alias a, b;`` (args: the text between the name and the ``;``)."""
    name: str
    args: str = ""
    line: int = 0
    col: int = 0

    def to_text(self) -> str:
        return f".{self.name} {self.args};" if self.args else f".{self.name};"


@dataclass(slots=True, eq=False)
class Block(_Node):
    """A nested ``{ … }`` scope (call sequences, inline asm with local ``.reg``)."""
    body: list["Statement"] = field(default_factory=list)
    line: int = 0
    col: int = 0


Statement = Union[Instruction, Label, Comment, RegDecl, VarDecl, Loc, Directive, Block]
_HEAD = (RegDecl, VarDecl, Comment)           # what stands before `Function.add_reg`'s place


def param_layout(params: Sequence[VarDecl]) -> tuple[list[int], int]:
    """Byte offset of each parameter in the kernel's parameter space, and the bytes it takes:
    each at its alignment (its own, else its type's), arrays at their element count. The driver
    packs `extra` launch buffers and checks the space's limit by this layout."""
    offsets, end = [], 0
    for p in params:
        width = TYPE_BYTES.get(p.type, 8)
        count = 1
        for n in p.array:
            count *= n or 1
        align = p.align or width
        start = -(-end // align) * align
        offsets.append(start)
        end = start + width * count
    return offsets, end


def walk(statements: list[Statement]) -> Iterator[Statement]:
    """All statements in text order, descending into nested blocks (blocks themselves excluded)."""
    for s in statements:
        if isinstance(s, Block):
            yield from walk(s.body)
        else:
            yield s


def flat(statements: list[Statement], out: list[Statement] | None = None) -> list[Statement]:
    """`walk(statements)` as one list (appended to `out`): no generator frame per statement,
    for the passes that see every statement of every kernel."""
    if out is None:
        if Block not in map(type, statements):     # most bodies: one pass in C, one copy
            return list(statements)
        out = []
    for s in statements:
        if type(s) is Block:
            flat(s.body, out)
        else:
            out.append(s)
    return out


def _dotted(words: str) -> str:
    """``v4.f32`` as ``.v4 .f32`` (every declaration of a printed module spells its type)."""
    return "." + words.replace(".", " .")


# ---------------------------------------------------------------- functions and modules


@dataclass(slots=True, eq=False)
class Function(_Node):
    """A kernel (``kind="entry"``) or device function (``kind="func"``).

    `params`, `returns`: `VarDecl`s with ``space="param"``. `directives`: performance tuning after
    the signature (``Directive("maxntid", "128, 1, 1")``). `linkage`: visible, extern, weak.
    A declaration without a body (``.extern .func f(...);``) has ``has_body=False``.
    """
    kind: str
    name: str
    params: list[VarDecl] = field(default_factory=list)
    returns: list[VarDecl] = field(default_factory=list)
    linkage: list[str] = field(default_factory=list)
    directives: list[Directive] = field(default_factory=list)
    has_body: bool = True
    line: int = 0
    col: int = 0
    # Lazy body: the raw text between the braces and where it starts, parsed on first access.
    _body: list[Statement] | None = None
    _body_text: str | None = None
    _body_pos: tuple[int, int] = (0, 0)
    _file: str = "<input>"
    _cache: bool = False
    _allow_unknown: bool = False
    # id(anchor) -> (lists to insert before it, lists to insert after it), each as given
    _pending: dict[int, tuple[list[Sequence[Statement]], list[Sequence[Statement]]]] = \
        field(default_factory=dict)

    @property
    def is_kernel(self) -> bool:
        return self.kind == "entry"

    @property
    def parsed(self) -> bool:
        """Whether the body has been parsed (printing an unparsed body copies its original text)."""
        return self._body is not None or not self.has_body

    @property
    def body(self) -> list[Statement]:
        """The statements of the body (parsed now if needed; queued insertions applied)."""
        if self._body is None:
            if not self.has_body:
                self._body = []
            else:
                from neutrino_py.asm.parser import load_body
                self._body = load_body(self._body_text or "", *self._body_pos, file=self._file,
                                       cache=self._cache, allow_unknown=self._allow_unknown)
                self._body_text = None
        if self._pending:
            pending, self._pending = self._pending, {}
            self._body = _apply_inserts(self._body, pending)
        return self._body

    @body.setter
    def body(self, statements: list[Statement]) -> None:
        self._body, self._body_text, self._pending = statements, None, {}

    def instructions(self) -> Iterator[Instruction]:
        """Instructions in text order, nested blocks included (those of the body as it is now:
        one list, not a generator over `walk`, which cost every kernel a frame per statement)."""
        return iter(_instructions(self.body, []))

    def insert_before(self, anchor: Statement, statements: Sequence[Statement]) -> None:
        """Queue `statements` to go right before `anchor` (any statement of the body, by
        identity). The sequence is kept, not copied: the caller does not change it after."""
        self._pending.setdefault(id(anchor), ([], []))[0].append(statements)

    def insert_after(self, anchor: Statement, statements: Sequence[Statement]) -> None:
        """Queue `statements` to go right after `anchor` (after earlier queued ones)."""
        self._pending.setdefault(id(anchor), ([], []))[1].append(statements)

    def requeue(self, anchor: Statement, old: Sequence[Statement],
                statements: Sequence[Statement]) -> None:
        """Put `statements` in the place of the queued sequence `old` at `anchor` (its first
        place there still holding `old`, by identity)."""
        for chunks in self._pending[id(anchor)]:
            for k, chunk in enumerate(chunks):
                if chunk is old:
                    chunks[k] = statements
                    return
        raise KeyError("no such sequence queued at this anchor")

    @property
    def unqueued(self) -> list[Statement]:
        """The body as parsed, without the code queued into it."""
        return self._body if self._body is not None else self.body

    def reg_decls(self) -> list[RegDecl]:
        return [s for s in walk(self.body) if isinstance(s, RegDecl)]

    def declared_registers(self) -> dict[str, str]:
        """Register name → type for every ``.reg`` in the body (``%r<5>`` expanded)."""
        return {name: d.type for d in self.reg_decls() for name in d.registers()}

    def registers_used(self) -> set[str]:
        """Register names read or written by instructions (special registers like ``%tid.x`` included)."""
        names: set[str] = set()
        for ins in self.instructions():
            names |= ins.regs_read()
            names |= ins.regs_written()
        return names

    def add_reg(self, type: str, name: str, count: int | None = None) -> RegDecl:
        """Declare registers at the top of the body, after the existing declarations (queued
        code counts where it will stand, and stays queued for the printer)."""
        decl = RegDecl(type, [(name, count)])
        pending = self._pending
        body = self._body if pending and self._body is not None else self.body
        for i, s in enumerate(body):
            edit = pending.get(id(s))
            if edit is not None and _insert_at_head(edit[0], decl):
                return decl
            if not isinstance(s, _HEAD):
                if edit is not None and edit[0]:
                    edit[0].append([decl])
                else:
                    body.insert(i, decl)
                return decl
            if edit is not None and _insert_at_head(edit[1], decl):
                return decl
        body.append(decl)
        return decl

    def blocks(self) -> list["BasicBlock"]:
        """Basic blocks and CFG edges of the body (see `asm.cfg`)."""
        from neutrino_py.asm.cfg import basic_blocks
        return basic_blocks(self.body)

    def to_text(self) -> str:
        from neutrino_py.asm.printer import print_function
        return print_function(self)


def _instructions(statements: list[Statement], out: list[Instruction]) -> list[Instruction]:
    for s in statements:
        kind = type(s)
        if kind is Instruction:
            out.append(s)
        elif kind is Block:
            _instructions(s.body, out)
    return out


def _apply_inserts(statements: list[Statement],
                   pending: dict[int, tuple[list[Sequence[Statement]], list[Sequence[Statement]]]]
                   ) -> list[Statement]:
    out: list[Statement] = []
    append, extend, edits = out.append, out.extend, pending.get
    for s in statements:
        if type(s) is Block:
            s.body = _apply_inserts(s.body, pending)
        edit = edits(id(s))
        if edit is None:
            append(s)
        else:
            for chunk in edit[0]:
                extend(chunk)
            append(s)
            for chunk in edit[1]:
                extend(chunk)
    return out


def _insert_at_head(chunks: list[Sequence[Statement]], decl: RegDecl) -> bool:
    """Put `decl` before the first statement of the queued `chunks` that is not a declaration
    or comment (`add_reg`'s place); False when there is none."""
    for k, chunk in enumerate(chunks):
        for n, s in enumerate(chunk):
            if not isinstance(s, _HEAD):
                chunks[k:k + 1] = [chunk[:n], [decl], chunk[n:]] if n else [[decl], chunk]
                return True
    return False


@dataclass(slots=True, eq=False)
class Section(_Node):
    """``.section NAME { … }`` (DWARF debug data from ``-G``/``-lineinfo``): the body kept verbatim."""
    name: str
    text: str
    line: int = 0
    col: int = 0


@dataclass(slots=True, eq=False)
class Version(_Node):
    """``.version 8.5``"""
    text: str
    line: int = 0
    col: int = 0


@dataclass(slots=True, eq=False)
class Target(_Node):
    """``.target sm_90a[, debug]``"""
    names: list[str]
    line: int = 0
    col: int = 0


@dataclass(slots=True, eq=False)
class AddressSize(_Node):
    """``.address_size 64``"""
    bits: int
    line: int = 0
    col: int = 0


@dataclass(slots=True, eq=False)
class File(_Node):
    """``.file 1 "path"[, timestamp, size]`` (`extra` keeps the text after the path)."""
    index: int
    path: str
    extra: str = ""
    line: int = 0
    col: int = 0


@dataclass(slots=True, eq=False)
class Dwarf(_Node):
    """``@@DWARF .byte 0x4d, ...``: a line of debug data as PTX 1.x (open64 nvcc -G) wrote it at
    the top level, kept as written (ptxas refuses it from PTX 2.0 on)."""
    text: str
    line: int = 0
    col: int = 0

    def to_text(self) -> str:
        return self.text


ModuleItem = Union[Version, Target, AddressSize, File, VarDecl, Function, Section, Directive,
                   Comment, Dwarf]


_SM = re.compile(r"sm_([0-9]+)[a-z]?")


def sm_number(name: str) -> int | None:
    """The number of an ``sm_XX`` name (``sm_90a``, ``sm_100f``: 90, 100); None for any other."""
    m = _SM.fullmatch(name)
    return int(m[1]) if m else None


@dataclass(slots=True, eq=False)
class Module(_Node):
    """A PTX module: top-level items in text order."""
    items: list[ModuleItem] = field(default_factory=list)
    file: str = "<input>"

    def functions(self) -> Iterator[Function]:
        """Kernels and device functions with a body, in text order."""
        for item in self.items:
            if isinstance(item, Function) and item.has_body:
                yield item

    def kernels(self) -> Iterator[Function]:
        for f in self.functions():
            if f.is_kernel:
                yield f

    def function(self, name: str) -> Function:
        for f in self.functions():
            if f.name == name:
                return f
        raise KeyError(name)

    @property
    def target(self) -> list[str]:
        """The ``.target`` names (``["sm_90a"]``); empty if none."""
        for item in self.items:
            if isinstance(item, Target):
                return item.names
        return []

    @property
    def arch(self) -> str | None:
        """The ``sm_XX`` target, for ``ptxas -arch``."""
        for name in self.target:
            if name.startswith("sm_"):
                return name
        return None

    @property
    def version(self) -> str | None:
        for item in self.items:
            if isinstance(item, Version):
                return item.text
        return None

    def parse_all(self) -> "Module":
        """Parse every function body now (tests and benchmarks; normal use stays lazy)."""
        for f in self.functions():
            f.body  # noqa: B018
        return self

    def to_text(self) -> str:
        from neutrino_py.asm.printer import print_module
        return print_module(self)

    def text_pieces(self, lines: int = 5000) -> Iterator[str]:
        """`to_text` in pieces of about `lines` lines, to write without holding it whole."""
        from neutrino_py.asm.printer import module_pieces
        return module_pieces(self, lines)


@dataclass(slots=True, eq=False)
class BasicBlock(_Node):
    """A maximal straight-line run of instructions; `succs`/`preds` are indices into the block list."""
    index: int
    labels: list[str]
    instructions: list[Instruction]
    succs: list[int] = field(default_factory=list)
    preds: list[int] = field(default_factory=list)

    @property
    def terminator(self) -> Instruction | None:
        return self.instructions[-1] if self.instructions and self.instructions[-1].is_terminator else None


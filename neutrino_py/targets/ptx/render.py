"""Render `ops` statements into PTX IR with this folder's Jinja templates.

The templates hold all PTX syntax; this module only names registers, formats constants and hands
each template its statement's fields and the helpers that build IR: a template line such as
``{{ i("add.u64", d, d, 8) }}`` appends an `ir.Instruction` (``guard=p``/``neg=True`` for a
guarded one), ``{{ at(l) }}`` a label; `mem` (an address), `vec` and `sreg` build the other
operands, `appended` names a param the instrumentation appends. Nothing is printed and parsed
back. Registers the instrumentation owns are spelled with the prefix ``%nt_``, or ``%nt1_``... in
a kernel that has names starting with it (`Names`), so they never collide with the kernel's own.
"""
from __future__ import annotations

import itertools
import struct
from dataclasses import fields
from pathlib import Path
from typing import Callable, Iterable, NamedTuple, Sequence

from neutrino_py.asm import ir, scan
from neutrino_py.contract.manifest import LANES_TILE, PARAM_PREFIX
from neutrino_py.ops import Imm, If, Reg, Src, Stmt, Value, bits
from neutrino_py.targets import holes, memo, templates

# Prefixes of the registers, labels and appended params the instrumentation makes in a kernel:
# `{}` is empty where no name of the kernel or module starts with that prefix, else the first
# number that makes one none starts with (`free_prefix`).
REG_PREFIXES, LABEL_PREFIXES = "%nt{}_", "$nt{}_L"
PARAM_PREFIXES = PARAM_PREFIX[:-1] + "{}_"             # the contract's "__nt_": "__nt{}_"
PREFIX, LABEL_PREFIX = REG_PREFIXES.format(""), LABEL_PREFIXES.format("")
# register type -> name stem after the prefix (declared as `.reg .<type> %nt_<stem><N>;`)
STEMS = {"u32": "r", "u64": "rd", "s32": "s", "s64": "sd", "f32": "f", "f64": "fd", "pred": "p"}
# The `sm_XX` number of a module that declares no older target: every instruction available.
SM_ANY = 1000


class Names(NamedTuple):
    """How the instrumentation spells what it adds to one kernel: its registers' prefix and that
    of the params it appends in place of the contract's `PARAM_PREFIX` (a tuple: part of every
    kept rendering's key, `Scope.base_key`)."""
    reg: str = PREFIX
    param: str = PARAM_PREFIX

    def appended(self, contract_name: str) -> str:
        """The kernel's name of the appended param the contract calls `contract_name`."""
        return self.param + contract_name[len(PARAM_PREFIX):]


NAMES = Names()


def free_prefix(prefixes: str, names: Iterable[str]) -> str:
    """The first of ``prefixes.format("")``, ``.format(1)``, ``.format(2)``... (`REG_PREFIXES`,
    `LABEL_PREFIXES`, `PARAM_PREFIXES`) that starts none of `names` (the kernel's registers,
    labels, variables and params, the module's symbols: ptxas reads a branch target of a
    variable's name as the variable), so that no name the instrumentation makes with it is one
    of the kernel's own. A parameterised ``%nt_r<4>`` is given by its stem ``%nt_r``: its names
    start with a prefix ending in ``_`` exactly where the stem does."""
    root = prefixes.partition("{")[0]
    taken = [n for n in names if n.startswith(root)]
    candidates = (prefixes.format(k or "") for k in itertools.count())
    return next(p for p in candidates if not any(n.startswith(p) for n in taken))


def reg_name(r: Reg, prefix: str = PREFIX) -> str:
    """The PTX name of an instrumentation register; the prefix keeps it apart from the kernel's
    own."""
    return f"{prefix}{STEMS[r.type]}{r.n}"


def format_imm(value: int | float, type_: str) -> str:
    """A PTX literal of `type_`: floats as exact hex (0f/0d), ints wrapped to the type's width."""
    if type_ == "f32":
        return "0f%08X" % struct.unpack("<I", struct.pack("<f", value))[0]
    if type_ == "f64":
        return "0d%016X" % struct.unpack("<Q", struct.pack("<d", value))[0]
    if type_ == "pred":
        return "1" if value else "0"
    width = bits(type_)
    v = int(value) % (1 << width)
    if type_[0] == "s" and v >= 1 << (width - 1):
        return str(v - (1 << width))
    return str(v) if v < 1 << 31 else hex(v)


# what a template may name as an operand (`operand`)
Named = Value | ir.Operand | int | str


def operand(v: Named, prefix: str = PREFIX) -> ir.Operand:
    """The IR operand a template names: an instrumentation register (named with `prefix`), a
    constant, the kernel's own operand (`Src`, in its PTX spelling), a Python int, or a register
    or label name."""
    if isinstance(v, Reg):
        return ir.Register(reg_name(v, prefix))
    if isinstance(v, Imm):
        if type(v.value) is holes.Hole:               # a statement's shape (`_apply_shaped`)
            return v.value
        return ir.Immediate(format_imm(v.value, v.type))
    if isinstance(v, int):
        return ir.Immediate(str(v))
    if isinstance(v, Src):
        return v.text if type(v.text) is holes.Hole else scan.leaf(v.text)
    if isinstance(v, str):                        # spelled as PTX: read as the scan reads it
        return scan.leaf(v)
    return v


class Scope:
    """Fresh scratch registers and labels for one site. `take` reserves a register type's
    numbers below `base` for the persistent registers; scratch numbering restarts per site.
    `made` lists the labels handed out, so a memoized rendering can be relabelled; `names`
    spells the registers and appended params."""

    def __init__(self, base: dict[str, int], new_label: Callable[[], str],
                 sm: int = SM_ANY, names: Names = NAMES) -> None:
        self.base = dict(base)
        self.sm = sm                  # the module's `.target` (templates pick instructions by it)
        self.names = names
        self.base_key = (sm, names, tuple(sorted(self.base.items())))
        self.used: dict[str, int] = {}
        self.new_label = new_label
        self.made: list[str] = []
        self._state: tuple | None = None

    def state(self) -> tuple:
        """The numbering state (what the next `tmp`s return depends on nothing else), kept until
        the next `tmp`: each op a site renders is looked up under it."""
        if self._state is None:
            self._state = self.base_key, tuple(sorted(self.used.items()))
        return self._state

    def restore(self, state: tuple) -> None:
        """Continue from a numbering `state` this scope's base had (see `state`)."""
        self.used = dict(state[1])
        self._state = state

    def label(self) -> str:
        self.made.append(self.new_label())
        return self.made[-1]

    def trial(self) -> "Scope":
        """A scope at this one's numbering with labels of its own: a rendering that may be
        given up (`holes.Read`) takes no label from the kernel's count."""
        numbers = itertools.count()
        trial = Scope(self.base, lambda: f"{LABEL_PREFIX}trial{next(numbers)}", self.sm,
                      self.names)
        trial.restore(self.state())
        return trial

    def tmp(self, type_: str) -> Reg:
        n = self.used.get(type_, 0)
        self.used[type_] = n + 1
        self._state = None
        return Reg(type_, self.base.get(type_, 0) + n)

    def above(self) -> "Scope":
        """A fresh scope numbered past every register this one has handed out, so that code
        rendered in it keeps them (held-back saves: `splice.splicer._Deferred`)."""
        top = {t: self.base.get(t, 0) + self.used.get(t, 0) for t in {*self.base, *self.used}}
        return Scope(top, self.new_label, self.sm, self.names)


class Emit:
    """The statements one template appends through its helpers, in order."""

    def __init__(self, scope: Scope) -> None:
        self.out: list[ir.Statement] = []
        self.scope = scope
        self.prefix = scope.names.reg

    def i(self, opcode: str, *operands, guard=None, neg: bool = False) -> str:
        parts, prefix = opcode.split("."), self.prefix
        self.out.append(ir.Instruction(parts[0], parts[1:], [operand(o, prefix) for o in operands],
                                       None if guard is None else operand(guard, prefix), neg,
                                       name=opcode))
        return ""

    def reg(self, v: Named) -> ir.Operand:
        return operand(v, self.prefix)

    def mem(self, base: Named, offset: int = 0) -> ir.Address:
        return ir.Address(operand(base, self.prefix), offset)

    def vec(self, *xs: Named) -> ir.Vector:
        return ir.Vector(tuple(operand(x, self.prefix) for x in xs))

    def appended(self, contract_name: str) -> ir.Symbol:
        """The param the contract calls `contract_name`, as this kernel names it."""
        return ir.Symbol(self.scope.names.appended(contract_name))

    def at(self, label: ir.Symbol) -> str:
        self.out.append(ir.Label(label.name))
        return ""

    def extend(self, stmts: list[ir.Statement]) -> str:
        self.out.extend(stmts)
        return ""

    def label(self) -> ir.Symbol:
        return ir.Symbol(self.scope.label())

    def tmp(self, type_: str) -> ir.Register:
        return ir.Register(reg_name(self.scope.tmp(type_), self.prefix))


_template = templates.loader(
    Path(__file__).parent, sreg=lambda name: ir.Register("%" + name), tile_mark=LANES_TILE)


# instruction -> the names among its operands: which statements of a kept rendering name a
# label is found at its first reuse, and renderings share most of their nodes (a memtrace site's
# If holds a hundred statements of other renderings)
_NAMES: dict[ir.Instruction, list[str]] = {}


def _label_names(s: ir.Statement) -> list[str]:
    kind = type(s)
    if kind is ir.Label:
        return [s.name]
    if kind is not ir.Instruction:
        return []
    names = _NAMES.get(s)
    if names is None:
        if len(_NAMES) > memo.LIMIT:
            _NAMES.clear()
        names = _NAMES[s] = [o.name for o in s.operands if isinstance(o, ir.Symbol)]
    return names


# instruction naming a label -> its operands' text (labels by name): kept renderings are
# relabelled at every reuse, the same nodes again and again
_ARGS: dict[ir.Instruction, list[str]] = {}


def _relabel(s: ir.Statement, fresh: dict[str, str]) -> ir.Statement:
    """`s` naming the labels in `fresh` by their new names. An instruction is made with its
    operand text, as the scan makes one (its operands are read from the text when asked for):
    new operand nodes for every branch of every reuse cost memtrace's splice a tenth."""
    if type(s) is ir.Label:
        return ir.Label(fresh[s.name])
    parts = _ARGS.get(s)
    if parts is None:
        if len(_ARGS) > memo.LIMIT:
            _ARGS.clear()
        parts = _ARGS[s] = [str(o) for o in s.operands]
    return s.with_args(", ".join([fresh.get(p, p) for p in parts]))


# (statement, scope numbering before) -> (statements, scope numbering after): a template's
# output depends on nothing else
_RENDERED: memo.Renderings[ir.Statement] = memo.Renderings(_label_names, _relabel)


# Opcodes whose result does not depend on which lanes are active: a short body of these under an
# `If` is predicated rather than branched around, so that a counter add at a guarded load stays
# inside the basic block ptxas schedules (a branch per access cost 1.45x on a Triton matmul).
PREDICABLE = frozenset({"add", "sub", "mul", "mad", "min", "max", "and", "or", "xor", "not", "shl",
                        "shr", "cvt", "mov", "setp", "selp"})
PREDICATED_MAX = 4


def predicable(body: list[ir.Statement], cond: ir.Operand) -> bool:
    """Whether `body` can run as predicated (by `cond`) instructions instead of behind a branch:
    a few lane-independent instructions, none guarded already, none touching `cond`."""
    return 0 < len(body) <= PREDICATED_MAX and all(
        isinstance(s, ir.Instruction) and s.guard is None and s.opcode in PREDICABLE
        and not any(r.name.startswith("%lanemask") or r == cond
                    for op in s.operands for r in ir.registers_in(op))
        for s in body)


# Stands for a whole list of statements in the key of its kept rendering (`render`).
_SITE = "render: a list of statements"


def render(stmts: Iterable[Stmt], scope: Scope) -> Sequence[ir.Statement]:
    """PTX statements for `stmts`; scratch registers and labels come from `scope`. The whole
    list's rendering is kept as well as each statement's: the kernels of a module repeat whole
    sites, found then in one look-up instead of one per statement and nested `If` (memtrace's
    sites made ten each). A kept rendering comes back as the same sequence (not to be changed),
    which the printer prints once (`asm.printer`)."""
    stmts = tuple(stmts)
    return _kept((_SITE, stmts, scope.state()), scope, lambda: _each(stmts, scope))


def _each(stmts: tuple[Stmt, ...], scope: Scope) -> list[ir.Statement]:
    """`render` statement by statement."""
    out: list[ir.Statement] = []
    for stmt in stmts:
        out += _kept((stmt, scope.state()), scope, lambda: _render_one(stmt, scope))
    return out


def _kept(key: tuple, scope: Scope,
          make: Callable[[], list[ir.Statement]]) -> Sequence[ir.Statement]:
    """The rendering kept under `key` (its labels made anew, `scope` left as it left it), else
    `make()`'s, kept. Keys hold the scope's numbering state: the same op renders the same way
    from the same state."""
    hit = _RENDERED.get(key, scope.label)
    if hit is not None:
        rendered, state = hit
        scope.restore(state)
        return rendered
    made = len(scope.made)
    rendered = make()
    _RENDERED.put(key, rendered, scope.state(), scope.made[made:])
    return rendered


# Stands for an `If`'s rendered body in the kept rendering of if.j2, which sees its body only
# through `extend(body)`: the code around a body is rendered once per condition and numbering
# state, not once per body (bodies holding a site's PC are all different).
_BODY = ir.Comment("// body")
_IF = "if: around a body"


def _render_one(stmt: Stmt, scope: Scope) -> list[ir.Statement]:
    ctx = {f.name: getattr(stmt, f.name) for f in fields(stmt)}
    if not isinstance(stmt, If):
        return _apply_shaped(stmt.op, ctx, scope)
    body = _each(stmt.body, scope)
    cond = operand(stmt.cond, scope.names.reg)
    if predicable(body, cond):
        return [ir.Instruction(s.opcode, s.modifiers, s.operands, cond, stmt.negate, name=s.name)
                for s in body]
    around = _kept((_IF, stmt.cond, stmt.negate, scope.state()), scope,
                   lambda: _apply_shaped(stmt.op, {**ctx, "body": (_BODY,)}, scope))
    out: list[ir.Statement] = []
    for s in around:
        if s is _BODY:
            out += body
        else:
            out.append(s)
    return out


# (op, its fields with holes for their values, numbering state) -> (statements with holes,
# state after, labels made, indices of the statements to fill); None where the template looked
# at a value (`holes.Read`)
_SHAPES: dict[tuple, tuple | None] = {}


def _apply_shaped(op: str, ctx: dict, scope: Scope) -> list[ir.Statement]:
    """`_apply`'s statements, rendered once per shape: `ctx` with a hole for each distinct
    operand its `Imm`s and `Src`s make (`targets.holes`), filled here with those operands and
    fresh labels. memtrace's stores of a PC, moves of an address register and branches on a
    guard predicate rendered anew at every access (600 of 757 renders on 40 Triton kernels)."""
    found: dict[ir.Operand, int] = {}
    shaped: dict = {}
    key: list = [op]
    for name, v in ctx.items():
        if type(v) is tuple:
            pairs = [_hole(x, found) for x in v]
            shaped[name] = tuple([x for x, _ in pairs])
            key.append(tuple([k for _, k in pairs]))
        else:
            shaped[name], k = _hole(v, found)
            key.append(k)
    if not found:
        return _apply(op, ctx, scope)
    key.append(scope.state())
    shape_key = tuple(key)
    kept = _SHAPES.get(shape_key, _NEW)
    if kept is _NEW:
        if len(_SHAPES) > memo.LIMIT:
            _SHAPES.clear()
        kept = _SHAPES[shape_key] = _shape(op, shaped, scope)
    if kept is None:
        return _apply(op, ctx, scope)
    stmts, state, made, uses = kept
    scope.restore(state)
    labels = {name: scope.label() for name in made}
    real = list(found)
    out = list(stmts)
    for n in uses:
        out[n] = _filled_stmt(out[n], real, labels)
    return out


_NEW = object()


def _hole(v, found: dict[ir.Operand, int]) -> tuple:
    """`v` with a hole for its value where it is an `Imm` or a `Src` (equal operands share
    one, so that a template comparing them compares holes), and its part of the shape's key."""
    kind = type(v)
    if kind is not Imm and kind is not Src:
        return v, v
    n = found.setdefault(operand(v), len(found))
    if n >= len(holes.HOLES):                     # left as it is: a key of its own
        return v, v
    return kind(holes.HOLES[n], v.type), (kind, n, v.type)


def _shape(op: str, ctx: dict, scope: Scope) -> tuple | None:
    """`_apply` of a statement with holes in a trial scope, with what filling it needs; None
    where the template looked at a hole."""
    trial = scope.trial()
    try:
        stmts = _apply(op, ctx, trial)
    except holes.Read:
        return None
    made = set(trial.made)
    uses = tuple([n for n, s in enumerate(stmts) if _to_fill(s, made)])
    return stmts, trial.state(), trial.made, uses


def _to_fill(s: ir.Statement, made: set[str]) -> bool:
    if type(s) is ir.Label:
        return s.name in made
    return type(s) is ir.Instruction and (type(s.guard) is holes.Hole
                                          or any(_unfilled(o, made) for o in s.operands))


def _unfilled(o: ir.Operand, made: set[str]) -> bool:
    """Whether operand `o` holds a hole or names a label in `made`."""
    kind = type(o)
    if kind is ir.Address:
        return _unfilled(o.base, made)
    if kind is ir.Vector:
        return any(_unfilled(x, made) for x in o.items)
    return kind is holes.Hole or (kind is ir.Symbol and o.name in made)


def _filled_stmt(s: ir.Statement, real: list[ir.Operand], labels: dict[str, str]) -> ir.Statement:
    """`s` with its holes filled by `real` operands and its labels renamed by `labels`."""
    if type(s) is ir.Label:
        return ir.Label(labels[s.name])
    guard = real[s.guard.n] if type(s.guard) is holes.Hole else s.guard
    return ir.Instruction(s.opcode, s.modifiers, [_filled(o, real, labels) for o in s.operands],
                          guard, s.guard_negated, name=s.name)


def _filled(o: ir.Operand, real: list[ir.Operand], labels: dict[str, str]) -> ir.Operand:
    kind = type(o)
    if kind is holes.Hole:
        return real[o.n]
    if kind is ir.Symbol:
        return ir.Symbol(labels[o.name]) if o.name in labels else o
    if kind is ir.Address:
        return ir.Address(_filled(o.base, real, labels), o.offset, o.coords, o.zero_offset,
                          o.sampler)
    if kind is ir.Vector:
        return ir.Vector(tuple([_filled(x, real, labels) for x in o.items]))
    return o


def _apply(op: str, ctx: dict, scope: Scope) -> list[ir.Statement]:
    """The IR statements `targets/ptx/<op>.j2` builds from `ctx`; text written outside its
    i()/at() calls is an error in the template."""
    emit = Emit(scope)
    text = _template(op).render(ctx, sm=scope.sm, i=emit.i, at=emit.at, extend=emit.extend,
                                tmp=emit.tmp, label=emit.label, reg=emit.reg, mem=emit.mem,
                                vec=emit.vec, appended=emit.appended)
    if text.strip():
        raise ValueError(f"targets/ptx/{op}.j2 wrote text outside an i()/at() call: "
                         f"{text.strip()[:60]!r}")
    return emit.out

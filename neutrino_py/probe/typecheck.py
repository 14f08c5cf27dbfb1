"""The type pass: probes → typed `ast.Probe`s. Names resolve against the file's `Scope`,
operands against the probe's position; every expression gets a type. Integer literals take the
type their context asks for (and must fit it); other values widen implicitly only without loss
(u32→u64, u32→s64, s32→s64, f32→f64, u32/s32→f64); everything else needs a cast. Constant
subexpressions are folded here (`probe.fold`), since a literal's type depends on its value.
"""
from __future__ import annotations

import functools
import math
import re
from dataclasses import replace

from neutrino_py.asm.ptx_isa import ADDRESSED, CONTROL, MEMORY, OPCODES, bases_matching
from neutrino_py.errors import Diagnostics, SourceError
from neutrino_py.probe import ast, fold, patterns, syntax
from neutrino_py.probe.ast import HELPERS, OPERANDS, Span, Type
from neutrino_py.probe.passes import HOW_TO_WRITE, Pass, Scope, shortened, suggest

ARITH, BITS, SHIFTS = {"+", "-", "*", "/", "%"}, {"&", "|", "^"}, {"<<", ">>"}
COMPARE, LOGIC = {"==", "!=", "<", "<=", ">", ">="}, {"&&", "||"}
LOSSLESS = {(Type.U32, Type.U64), (Type.U32, Type.S64), (Type.S32, Type.S64),
            (Type.F32, Type.F64), (Type.U32, Type.F64), (Type.S32, Type.F64)}
F32_MAX = 3.4028234663852886e38      # the largest finite f32; constants past it would be inf
_MARK_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*$")


# A pattern's opcodes, by its first part: asked again for every ADDR or BYTES a probe reads
_bases = functools.lru_cache(maxsize=4096)(bases_matching)


def _int_range(t: Type, wrap: bool) -> tuple[int, int]:
    """Inclusive range of integer constants type `t` takes; `wrap` lets negatives into unsigned."""
    if t.is_signed:
        return -(1 << (t.bits - 1)), (1 << (t.bits - 1)) - 1
    return (-(1 << (t.bits - 1)) if wrap else 0), (1 << t.bits) - 1


def _constant(e: ast.Expr) -> ast.Const | None:
    """The constant `e` is: a literal, or a literal under explicit casts (the cast's operand is
    already fitted to its type, `TypeCheck.expr`), so that checks on values see through casts."""
    while isinstance(e, ast.Cast):
        e = e.operand
    return e if isinstance(e, ast.Const) else None


def _typed(value: int | float, t: Type, at: Span) -> ast.Cast:
    """A constant of type `t` made by arithmetic on cast constants: `(t)value`, its value as the
    GPU computes it (wrapped to `t`'s width), so that checks on values (`_constant`) see it."""
    if t.is_integer:
        value = fold.fitted(int(value), t.bits, t.is_signed)
    return ast.Cast(t, ast.Const(value, t, at), False, at)


def _default_type(value: int | float) -> Type:
    if isinstance(value, float):
        return Type.F64
    for t in (Type.U32, Type.S32, Type.U64, Type.S64):
        lo, hi = _int_range(t, wrap=False)
        if lo <= value <= hi:
            return t
    raise OverflowError


class TypeCheck(Pass):
    def __init__(self, diagnostics: Diagnostics, text: str, scope: Scope) -> None:
        super().__init__(diagnostics, text)
        self.maps, self.regs = scope.maps, scope.regs
        self.position: ast.Position | None = None
        self.operands: set[str] = set()      # operands already found at `position`

    def run(self, probes: list[syntax.ProbeSyntax]) -> tuple[ast.Probe, ...]:
        return tuple(self.probe(i, p) for i, p in enumerate(probes))

    def probe(self, index: int, p: syntax.ProbeSyntax) -> ast.Probe:
        self.check_position(p.position)
        self.position, self.operands = p.position, set()
        filt = None if p.filter is None else self.filter(p.filter)
        body = tuple(self.stmt(s) for s in p.body)
        return ast.Probe(index, p.position, filt, body, p.span)

    def filter(self, node: syntax.Node) -> ast.Expr | None:
        """A probe's typed filter; one that folds to a constant is decided here, since no lane
        could ever see it differ: always true is left out (a warning), always false refused."""
        filt = self.expr(node)
        if filt.type is not Type.BOOL:
            raise self.error(f"a filter must be a condition, not a {filt.type} value",
                             node.span, hint="compare it: / x != 0 /")
        if not isinstance(filt, ast.Const):
            return filt
        if not filt.value:
            raise self.error("the filter is always false: the probe never runs", node.span,
                             hint="remove the probe, or write a filter that can hold")
        self.warn("the filter is always true: it is left out", node.span,
                  hint="remove the filter")
        return None

    def check_position(self, pos: ast.Position) -> None:
        target = pos.target
        if isinstance(target, ast.Opcodes):
            for pat in target.patterns:
                bases = self.check_pattern(pat)
                if pos.when == "after" and not pat.guarded and set(bases) <= CONTROL:
                    raise self.error(f"'after {pat}' never runs: control leaves at {pat}",
                                     pat.span, hint=f"use 'before {pat}', or 'after @{pat}' "
                                                    "for where a guarded one is not taken")
        elif isinstance(target, ast.Mark) and not _MARK_NAME.match(target.name):
            raise self.error(f"bad mark name {target.name!r}", target.span,
                             hint='a mark is one word, as in asm volatile("// @neutrino '
                                  'mma_begin");')
        elif isinstance(target, ast.Lines) and not 1 <= target.first <= target.last:
            raise self.error(f"bad line range {target.first}-{target.last}", target.span,
                             hint='lines count from 1, low to high: line "f.cu":120-140')

    def check_pattern(self, pat: ast.OpcodePattern) -> list[str]:
        head = pat.parts[0]
        bases = _bases(head)
        if not bases:
            raise self.error(f"unknown opcode '{head}' in pattern '{pat}'", pat.span,
                             hint=suggest(head, OPCODES) +
                             "patterns start with a PTX opcode: ld.global, st.*, mma*, *.shared")
        self.check_qualifiers(pat)
        return bases

    def check_qualifiers(self, pat: ast.OpcodePattern) -> None:
        """A word after the opcode that no PTX qualifier (nor GCN name) has never matches: most
        likely a typo, refused at the word rather than warned of as a probe matching nothing."""
        found = patterns.unknown_qualifier(pat.parts)
        if found is None:
            return
        index, part = found
        guard = "@" if pat.guarded else ""
        col = pat.span.col + len(guard) + sum(len(p) + 1 for p in pat.parts[:index])
        at = Span(pat.span.line, col, pat.span.line, col + len(part))
        fixed, guess = patterns.closest(part), ""
        if fixed is not None:
            meant = ".".join((*pat.parts[:index], fixed, *pat.parts[index + 1:]))
            guess = f"did you mean '{guard}{meant}'? "
        raise self.error(f"unknown qualifier '{part}' in pattern '{pat}'", at,
                         hint=guess + "qualifiers are PTX's, as in ld.global.nc or "
                                      "st.shared::cta; * matches any: ld.*.v4")

    # ------------------------------------------------------------ statements
    def stmt(self, s: syntax.AssignStmt | syntax.ExprStmt) -> ast.Stmt:
        if isinstance(s, syntax.ExprStmt):
            return self.expr_stmt(s)
        target = s.target
        if isinstance(target, syntax.Name) and target.name in self.regs:
            reg = self.regs[target.name]
            value = self.expr(s.value)
            if s.op != "=":
                value = self.binary(s.op[:-1], ast.RegRead(reg.name, reg.type, target.span), value,
                                    s.span, s.op_span)
            return ast.Assign(reg.name, self.coerce(value, reg.type, f"register '{reg.name}'"),
                              s.span)
        if isinstance(target, syntax.Attr) and self.map_named(target.obj, "counter"):
            return self.counter_add(self.maps[target.obj.name], target, s)
        if isinstance(target, syntax.Index) and self.map_named(target.obj, "hist"):
            return self.hist_add(self.maps[target.obj.name], target, s)
        raise self.not_assignable(target)

    def map_named(self, node: syntax.Node, kind: str) -> bool:
        """Whether `node` names a map; raises if it names a map of another kind or nothing."""
        if not isinstance(node, syntax.Name):
            return False
        m = self.maps.get(node.name)
        if m is None:
            raise self.unknown_map(node, kind)
        if m.kind != kind:
            raise self.error(f"'{m.name}' is a {m.kind} map", node.span, hint=HOW_TO_WRITE[m.kind])
        return True

    def unknown_map(self, node: syntax.Name, kind: str) -> SourceError:
        if node.name in self.regs:
            return self.error(f"'{node.name}' is a register, not a map", node.span,
                              hint=f"assign a register with '=': {node.name} = x;")
        return self.error(f"undefined map '{node.name}'", node.span,
                          hint=suggest(node.name, self.maps) +
                          f"declare it: map {node.name}: {kind} ...")

    def not_assignable(self, target: syntax.Node) -> SourceError:
        if isinstance(target, syntax.Name):
            name = target.name
            if name in OPERANDS:
                return self.error(f"{name} is read-only: operands cannot be written", target.span,
                                  hint=f"copy it into a register: reg u64 x; ... x = {name};")
            if name in HELPERS:
                return self.error(f"{name} is a read-only helper", target.span,
                                  hint=f"keep its value in a register: t0 = {name}();")
            if name in self.maps:
                return self.error(f"cannot assign to map '{name}'", target.span,
                                  hint=HOW_TO_WRITE[self.maps[name].kind])
            return self.undeclared(target)
        if isinstance(target, syntax.Call):
            self.helper_name(target)
            return self.error(f"{target.name}() is a read-only helper", target.span,
                              hint=f"keep its value in a register: t0 = {target.name}();")
        return self.error("cannot assign to this", target.span,
                          hint="assign to a register (t0 = x), a counter field (m.f += x) "
                               "or a hist entry (m[i] += x)")

    def counter_add(self, m: ast.MapDecl, target: syntax.Attr,
                    s: syntax.AssignStmt) -> ast.CounterAdd:
        field = m.field(target.name)
        if field is None:
            raise self.error(f"counter '{m.name}' has no field '{target.name}'", target.span,
                             hint=suggest(target.name, [f.name for f in m.fields]) +
                             "fields: " + ", ".join(f.name for f in m.fields))
        if s.op != "+=":
            raise self.error(f"counter fields only accumulate: '{s.op}' is not allowed",
                             s.op_span, hint=f"write: {m.name}.{field.name} += x;")
        value = self.coerce(self.expr(s.value), field.type, f"field '{m.name}.{field.name}'")
        return ast.CounterAdd(m.name, field.name, value, s.span)

    def hist_add(self, m: ast.MapDecl, target: syntax.Index,
                 s: syntax.AssignStmt) -> ast.HistAdd:
        if s.op != "+=":
            raise self.error(f"hist entries only accumulate: '{s.op}' is not allowed", s.op_span,
                             hint=f"write: {m.name}[i] += 1;")
        index = self.expr(target.index)
        if not index.type.is_integer:
            raise self.error(f"hist index must be an integer, not {index.type}",
                             target.index.span, hint=f"convert it: {m.name}[(u32)x]")
        const = _constant(index)
        if const is not None:
            if not 0 <= const.value < m.capacity:
                raise self.error(f"index {const.value} is outside {m.name}[{m.capacity}]",
                                 target.index.span,
                                 hint=f"indices run from 0 to {m.capacity - 1}")
            index = ast.Const(const.value, Type.U32 if const.value < 1 << 32 else Type.U64,
                              index.span)
        elif index.type.is_signed:
            index = ast.Cast(Type.U32 if index.type is Type.S32 else Type.U64, index, True,
                             index.span)
        value = self.coerce(self.expr(s.value), m.fields[0].type, f"hist '{m.name}'")
        return ast.HistAdd(m.name, index, value, s.span)

    def expr_stmt(self, s: syntax.ExprStmt) -> ast.Save | ast.Prefetch:
        e = s.expr
        if isinstance(e, syntax.Method) and isinstance(e.obj, syntax.Name):
            m = self.maps.get(e.obj.name)
            if m is None:
                raise self.unknown_map(e.obj, "record")
            if e.name == "prefetch":
                return self.prefetch(m, e, s.span)
            if e.name != "save" or m.kind not in ("record", "row"):
                message = (f"cannot save to {m.kind} '{m.name}'" if e.name == "save" else
                           f"maps have no method '{e.name}'")
                raise self.error(message, e.span, hint=HOW_TO_WRITE[m.kind])
            return self.save(m, e, s.span)
        self.expr(e)
        raise self.error("this statement has no effect", e.span,
                         hint="save values (m.save(...)), assign registers (t0 = x) or add to "
                              "counters and hists (m.f += x, m[i] += x)")

    def save(self, m: ast.MapDecl, call: syntax.Method, at: Span) -> ast.Save:
        if len(call.args) != len(m.fields):
            names = ", ".join(f.name for f in m.fields)
            raise self.error(f"{m.name}.save takes {len(m.fields)} value"
                             f"{'s' * (len(m.fields) != 1)} ({names}), got {len(call.args)}",
                             call.span, hint=f"pass one value per field: {m.name}.save({names})")
        args = tuple(self.coerce(self.expr(a), f.type, f"field '{m.name}.{f.name}'")
                     for a, f in zip(call.args, m.fields))
        return ast.Save(m.name, args, at)

    def prefetch(self, m: ast.MapDecl, call: syntax.Method, at: Span) -> ast.Prefetch:
        """`m.prefetch()`: maps whose saves take an atomic on a per-unit count only."""
        if m.kind != "record" or m.capacity is None or m.level not in ("warp", "block"):
            raise self.error(f"'{m.name}' has no count to prefetch", call.span,
                             hint="prefetch() warms the count of a [warp] or [block] record(N) "
                                  "map, whose saves take a slot with an atomic on it")
        if call.args:
            raise self.error(f"{m.name}.prefetch takes no values, got {len(call.args)}",
                             call.span, hint=f"write {m.name}.prefetch();")
        return ast.Prefetch(m.name, at)

    # ------------------------------------------------------------ expressions
    def expr(self, n: syntax.Node) -> ast.Expr:
        if isinstance(n, syntax.Number):
            return self.literal(n.value, n.span)
        if isinstance(n, syntax.Name):
            return self.name(n)
        if isinstance(n, syntax.Call):
            return ast.Helper(self.helper_name(n), HELPERS[n.name], n.span)
        if isinstance(n, syntax.BinOp):
            return self.binary(n.op, self.expr(n.left), self.expr(n.right), n.span, n.op_span)
        if isinstance(n, syntax.UnOp):
            return self.unary(n)
        if isinstance(n, syntax.CastOp):
            inner = self.expr(n.operand)
            const = _constant(inner)
            if const is not None:
                inner = self.fit(replace(const, span=inner.span), n.type, wrap=True,
                                 what="the cast")
            return ast.Cast(n.type, inner, False, n.span)
        if isinstance(n, syntax.Count):
            return self.count(n)
        if isinstance(n, (syntax.Attr, syntax.Index, syntax.Method)):
            obj = n.obj
            if isinstance(obj, syntax.Name) and obj.name in self.maps:
                raise self.error("maps are write-only in probes", n.span,
                                 hint="read them after the run, as NumPy arrays; keep values "
                                      "you need again in a register")
            raise self.error("registers and operands have no fields or methods", n.span,
                             hint="only maps have fields (counters) and save() (records)")
        raise AssertionError(n)

    def name(self, n: syntax.Name) -> ast.Expr:
        if n.name in self.regs:
            return ast.RegRead(n.name, self.regs[n.name].type, n.span)
        if n.name in OPERANDS:
            self.check_operand(n.name, n.span)
            return ast.Operand(n.name, OPERANDS[n.name], n.span)
        if n.name in HELPERS:
            raise self.error(f"'{n.name}' is a helper: call it", n.span, hint=f"write {n.name}()")
        if n.name in self.maps:
            raise self.error("maps are write-only in probes", n.span,
                             hint=HOW_TO_WRITE[self.maps[n.name].kind])
        raise self.undeclared(n)

    def undeclared(self, n: syntax.Name) -> SourceError:
        upper = n.name.upper()
        if upper in OPERANDS:
            return self.error(f"undeclared register '{n.name}'", n.span,
                              hint=f"did you mean the operand {upper}?")
        return self.error(f"undeclared register '{n.name}'", n.span,
                          hint=suggest(n.name, self.regs) +
                          f"declare it at the top of the file: reg u64 {n.name};")

    def helper_name(self, n: syntax.Call) -> str:
        if n.name in HELPERS:
            if n.args:
                raise self.error(f"{n.name}() takes no arguments", n.span,
                                 hint=f"write {n.name}()")
            return n.name
        if n.name in OPERANDS:
            raise self.error(f"{n.name} is an operand, not a helper", n.span,
                             hint=f"write {n.name} without parentheses")
        if n.name in self.maps:
            raise self.error(f"'{n.name}' is a map, not a helper", n.span,
                             hint=HOW_TO_WRITE[self.maps[n.name].kind])
        raise self.error(f"unknown helper '{n.name}'", n.span,
                         hint=suggest(n.name, HELPERS) + "helpers: " +
                         ", ".join(f"{h}()" for h in HELPERS))

    def check_operand(self, name: str, at: Span) -> None:
        """`name` exists at the probe's position; checked once per probe, since each check looks
        at every pattern of the position."""
        if name in self.operands:
            return
        self.operands_at(name, at)
        self.operands.add(name)

    def operands_at(self, name: str, at: Span) -> None:
        pos = self.position
        if name in ("ADDR", "BYTES"):
            if isinstance(pos.target, ast.Lines):
                raise self.error(f"{name} needs an opcode pattern of memory instructions, and "
                                 f"'{pos}' is a range of source lines, whose instructions may "
                                 "have no address", at,
                                 hint="read it at opcode patterns, e.g. after ld.global, "
                                      "st.global, and save PC too to tell the lines apart")
            if not isinstance(pos.target, ast.Opcodes):
                raise self.error(f"{name} needs a memory instruction, and '{pos}' has none", at,
                                 hint="use it in before/after probes on ld, ldu, st, atom or "
                                      "red, e.g. after ld.global")
            for pat in pos.target.patterns:
                bases = _bases(pat.parts[0])
                other = [b for b in bases if b not in MEMORY]
                if other:
                    need, what = "a memory instruction", (
                        f"also matches {', '.join(other[:3])}{', …' * (len(other) > 3)}"
                        if len(other) < len(bases) else "does not access memory")
                    if len(other) == len(bases) and set(other) <= ADDRESSED:  # ldmatrix, cp
                        need, what = ("ld, ldu, st, atom or red (one address, a typed width)",
                                      "accesses memory otherwise")
                    raise self.error(f"{name} needs {need}, and '{pat}' {what}",
                                     at, hint="use it at ld, ldu, st, atom or red patterns, "
                                              "e.g. before ld.global")
        elif name != "PC" and not pos.has_instruction:
            raise self.error(f"{name} needs an instruction, and '{pos}' has none", at,
                             hint="use it in before/after probes on opcodes or source lines")
        elif name == "OUT" and pos.when == "before":
            raise self.error("OUT is not written yet before the instruction", at,
                             hint=f"read it in an 'after' probe: after {pos.target}")

    def count(self, n: syntax.Count) -> ast.Count:
        if self.position.when != "block":
            raise self.error("count(...) is only known at 'block' probes", n.span,
                             hint="count per basic block: block { m.loads += count(ld.*); }")
        for pat in n.patterns:
            self.check_pattern(pat)
        return ast.Count(n.patterns, Type.U32, n.span)

    def unary(self, n: syntax.UnOp) -> ast.Expr:
        e = self.expr(n.operand)
        if n.op == "!":
            if e.type is not Type.BOOL:
                raise self.error(f"'!' needs a condition, not {e.type}", n.span,
                                 hint="compare instead: x == 0")
            if isinstance(e, ast.Const):
                return ast.Const(int(not e.value), Type.BOOL, n.span)
            return ast.Unary("!", e, Type.BOOL, n.span)
        if e.type is Type.BOOL:
            raise self.error(f"'{n.op}' needs a number, not a condition", n.span,
                             hint="negate a condition with '!'")
        if n.op == "~" and not e.type.is_integer:
            raise self.error(f"'~' needs an integer, not {e.type}", n.span,
                             hint="cast first: ~(u32)x")
        if isinstance(e, ast.Const):
            return self.literal(fold.unary(n.op, e.value), n.span)
        if n.op == "-" and not (e.type.is_signed or e.type.is_float):
            raise self.error(f"cannot negate unsigned {e.type}", n.span,
                             hint="cast first: -(s64)x, or subtract: 0 - x")
        const = _constant(e)
        if const is not None:
            return _typed(fold.unary(n.op, const.value), e.type, n.span)
        return ast.Unary(n.op, e, e.type, n.span)

    def literal(self, value: int | float, at: Span) -> ast.Const:
        if isinstance(value, float) and not math.isfinite(value):
            raise self.error(f"the constant {shortened(at.excerpt(self.text))} does not fit "
                             "in f64", at,
                             hint="f64 holds magnitudes up to 1.7976931348623157e308")
        try:
            return ast.Const(value, _default_type(value), at)
        except OverflowError:
            raise self.too_wide(value, at) from None

    def binary(self, op: str, a: ast.Expr, b: ast.Expr, at: Span, op_at: Span) -> ast.Expr:
        consts = isinstance(a, ast.Const) and isinstance(b, ast.Const)
        if consts and Type.BOOL not in (a.type, b.type):
            return self.fold(op, a, b, at, op_at)
        if consts and a.type is b.type is Type.BOOL and op in ("==", "!="):
            return ast.Const(int(fold.apply(op, a.value, b.value)), Type.BOOL, at)
        if op in LOGIC:
            for side in (a, b):
                if side.type is not Type.BOOL:
                    raise self.error(f"'{op}' needs conditions, not {side.type}", side.span,
                                     hint="compare explicitly: x != 0")
            return self.logic(op, a, b, at)
        if op in SHIFTS:
            if not (a.type.is_integer and b.type.is_integer):
                raise self.error(f"'{op}' needs integers", op_at, hint="cast first: (u64)x")
            amount = _constant(b)
            if amount is not None and not 0 <= amount.value < a.type.bits:
                raise self.error(f"shift by {amount.value} does not fit {a.type}", b.span,
                                 hint=f"shift {a.type} by 0 to {a.type.bits - 1}; cast "
                                      "to u64 first for wider shifts")
            return self.arith(op, a, self.convert(b, a.type), a.type, at)
        if op not in COMPARE and Type.BOOL in (a.type, b.type):
            raise self.error(f"'{op}' needs numbers, not conditions", op_at,
                             hint="turn a condition into 0 or 1 with a cast: (u32)(x > y)")
        a, b = self.unify(op, a, b, op_at)
        t = a.type
        if op in COMPARE:
            if t is Type.BOOL and op not in ("==", "!="):
                raise self.error(f"'{op}' cannot order conditions", op_at,
                                 hint="combine conditions with && and ||")
            return ast.Binary(op, a, b, Type.BOOL, at)
        if (op in BITS or op == "%") and not t.is_integer:
            raise self.error(f"'{op}' needs integers, not {t}", op_at, hint="cast first: (u64)x")
        divisor = _constant(b)
        if op in ("/", "%") and divisor is not None and divisor.value == 0:
            raise self.error("division by zero", b.span, hint="divide by a non-zero value")
        return self.arith(op, a, b, t, at)

    @staticmethod
    def arith(op: str, a: ast.Expr, b: ast.Expr, t: Type, at: Span) -> ast.Expr:
        """`a op b` of type `t`; on cast integer constants, folded as the GPU computes it, so
        that a shift amount or divisor made of them is checked as a constant too (floats are
        left to the GPU: their rounding is its own)."""
        x, y = _constant(a), _constant(b)
        if x is None or y is None or not t.is_integer:
            return ast.Binary(op, a, b, t, at)
        return _typed(fold.apply(op, x.value, y.value), t, at)

    def logic(self, op: str, a: ast.Expr, b: ast.Expr, at: Span) -> ast.Expr:
        """`a && b` or `a || b`: a constant side decides it or drops out (expressions have no
        effects), so that a filter which cannot change is seen to be a constant."""
        for known, other in ((a, b), (b, a)):
            if isinstance(known, ast.Const):
                decides = known.value == (op == "||")
                return ast.Const(known.value, Type.BOOL, at) if decides else other
        return ast.Binary(op, a, b, Type.BOOL, at)

    def fold(self, op: str, a: ast.Const, b: ast.Const, at: Span, op_at: Span) -> ast.Const:
        x, y = a.value, b.value
        if op in LOGIC:
            raise self.error(f"'{op}' needs conditions", op_at, hint="compare explicitly: x != 0")
        if op in ("/", "%") and y == 0:
            raise self.error("division by zero", b.span, hint="divide by a non-zero value")
        ints = isinstance(x, int) and isinstance(y, int)
        if op in BITS | SHIFTS | {"%"} and not ints:
            raise self.error(f"'{op}' needs integers", op_at, hint="cast first: (u64)x")
        if op in SHIFTS and not 0 <= y < 64:
            raise self.error(f"shift by {y}", b.span, hint="shift by 0 to 63")
        if op in COMPARE:
            return ast.Const(int(fold.apply(op, x, y)), Type.BOOL, at)
        value = fold.apply(op, x, y)
        return self.literal(value, at)

    def unify(self, op: str, a: ast.Expr, b: ast.Expr, op_at: Span) -> tuple[ast.Expr, ast.Expr]:
        """Bring both operands to one type: constants adapt, others widen losslessly."""
        numbers = Type.BOOL not in (a.type, b.type)      # a condition never becomes 0 or 1
        if numbers and isinstance(a, ast.Const):
            a = self.fit(a, b.type, wrap=True, what=f"'{op}' with {b.type}")
        elif numbers and isinstance(b, ast.Const):
            b = self.fit(b, a.type, wrap=True, what=f"'{op}' with {a.type}")
        if a.type is b.type:
            return a, b
        if (a.type, b.type) in LOSSLESS:
            return ast.Cast(b.type, a, True, a.span), b
        if (b.type, a.type) in LOSSLESS:
            return a, ast.Cast(a.type, b, True, b.span)
        common = next((t for t in (Type.S64, Type.F64) if {(a.type, t), (b.type, t)} <= LOSSLESS
                       | {(t, t)}), a.type)
        side = b if (b.type, common) not in LOSSLESS | {(common, common)} else a
        raise self.error(f"type mismatch: '{op}' between {a.type} and {b.type}", op_at,
                         hint=f"cast one side, e.g. ({common}){side.span.excerpt(self.text)}"
                              + (f" ({common} holds both)" if common not in (a.type, b.type)
                                 else ""))

    def fit(self, c: ast.Const, t: Type, *, wrap: bool, what: str) -> ast.Const:
        """The constant `c` as type `t`, if its value fits."""
        if t is Type.F32 and abs(c.value) > F32_MAX:
            raise self.error(f"the constant {c.value} does not fit in f32 ({what})", c.span,
                             hint=f"f32 holds magnitudes up to {F32_MAX}; use f64")
        if t.is_float:       # an f32 constant holds an f32 value: (f64)(f32)0.1 is not 0.1
            return ast.Const(fold.to_f32(c.value) if t is Type.F32 else float(c.value), t, c.span)
        if isinstance(c.value, float):
            raise self.error(f"the float constant {c.value} cannot be used in {what}", c.span,
                             hint="constants are never rounded, even by a cast: write the integer "
                                  "you mean" if what == "the cast" else
                                  f"write an integer, or cast: ({t})x")
        lo, hi = _int_range(t, wrap)
        if not lo <= c.value <= hi:
            raise self.error(f"the constant {c.value} does not fit in {t} ({what})", c.span,
                             hint=f"{t} holds {lo} to {hi}")
        return ast.Const(c.value % (1 << t.bits) if not t.is_signed else c.value, t, c.span)

    def convert(self, e: ast.Expr, t: Type) -> ast.Expr:
        """Shift amounts: any integer, converted to the shifted value's type."""
        if isinstance(e, ast.Const):
            return ast.Const(e.value, t, e.span)
        return e if e.type is t else ast.Cast(t, e, True, e.span)

    def coerce(self, e: ast.Expr, t: Type, what: str) -> ast.Expr:
        """`e` stored into `what` of type `t`: constants must fit, values widen without loss."""
        if e.type is t:
            return e
        if isinstance(e, ast.Const) and e.type is not Type.BOOL:
            return self.fit(e, t, wrap=False, what=what)
        if (e.type, t) in LOSSLESS:
            return ast.Cast(t, e, True, e.span)
        if e.type is Type.BOOL:
            raise self.error(f"a condition cannot be stored in {what} ({t})", e.span,
                             hint=f"make it 0 or 1: ({t})(cond)")
        raise self.error(f"type mismatch: {e.type} value stored in {what} of type {t}", e.span,
                         hint=f"convert explicitly: ({t})x, or change the declared type")

"""The resolve pass: declarations → the file's `Scope` (maps with their shapes and capacities,
shared registers), refusing names already taken and maps that cannot be sized."""
from __future__ import annotations

from neutrino_py.contract.manifest import LANE_PARTS, companion
from neutrino_py.probe import ast, fold, syntax
from neutrino_py.probe.ast import HELPERS, OPERANDS, Span
from neutrino_py.probe.passes import (COARSE, DEFAULT_POOL, INT_MAX, INT_MIN, KINDS, LEVELS,
                                      MAX_HIST, MAX_PER_UNIT, MAX_POOL, READ_BACK, Pass, Scope,
                                      suggest)

ARITH, BITS, SHIFTS = {"+", "-", "*", "/", "%"}, {"&", "|", "^"}, {"<<", ">>"}


# kinds whose size the level alone fixes: what one holds, and how to write it instead
SIZELESS = {
    "counter": ("one struct per thread or warp", "remove it: map bytes: counter { u64 loaded; }"),
    "row": ("one record per unit, which every save overwrites",
            "remove it, or keep the first N saves: record(N)"),
}


class Resolve(Pass):
    def run(self, items: list[syntax.Item]) -> Scope:
        """Declare every map and register of `items`; a file without probes is refused."""
        self.scope = Scope()
        self.maps, self.regs = self.scope.maps, self.scope.regs
        self.companions: dict[str, str] = {}    # companion map name -> "map.field" it holds
        if not items:
            raise self.error("empty probe file: nothing to instrument", Span(1, 1, 1, 2),
                             hint="a probe file needs at least one probe, e.g. "
                                  "entry { t0 = clock(); }")
        for item in items:
            if isinstance(item, syntax.MapSyntax):
                self.declare_map(item)
            elif isinstance(item, syntax.RegSyntax):
                self.declare_regs(item)
        if not any(isinstance(p, syntax.ProbeSyntax) for p in items):
            raise self.error("no probes: the maps and registers are never used", items[0].span,
                             hint="add a probe such as: after ld.global { ... }")
        return self.scope

    def taken(self, word: syntax.Word, what: str) -> None:
        name, at = word.text, word.span
        if name in HELPERS or name in OPERANDS or name == "count":
            kind = "an operand" if name in OPERANDS else "a helper"
            raise self.error(f"'{name}' is the name of {kind}", at,
                             hint=f"choose another name for the {what}")
        earlier = self.maps.get(name) or self.regs.get(name)
        if earlier is not None:
            other = "map" if name in self.maps else "register"
            raise self.error(f"duplicate {what} '{name}'" if other == what else
                             f"'{name}' is already a {other}", at,
                             hint=f"'{name}' was declared at line {earlier.span.line}; "
                                  "rename one of them")

    def declare_map(self, m: syntax.MapSyntax) -> None:
        self.taken(m.name, "map")
        if m.name.text in self.companions:      # a companion of an earlier map's lanes field
            raise self.error(f"map '{m.name.text}' would hold the lanes of "
                             f"{self.companions[m.name.text]}", m.name.span,
                             hint=f"rename map '{m.name.text}'")
        kind = m.kind.text
        if kind not in KINDS:
            raise self.error(f"unknown map kind '{kind}'", m.kind.span,
                             hint=suggest(kind, KINDS) + "maps are record, row, counter or hist")
        level = m.level.text if m.level else "thread"
        if level not in LEVELS:
            raise self.error(f"unknown level '{level}'", m.level.span,
                             hint=suggest(level, LEVELS) + "levels are [thread], [warp], "
                             "[block], [sm] and [kernel]")
        if kind not in COARSE.get(level, KINDS):
            raise self.error(f"a {kind} cannot be kept per {level}", m.level.span,
                             hint=f"[{level}] is for counters (summed over the {level}'s threads "
                                  "with one atomic per warp)" +
                                  (", record(N) and row" if level == "block" else "") +
                                  "; a " + ("hist is already one array for the whole launch: use "
                                            "[thread] or [warp]" if kind == "hist" else
                                            f"{kind} is kept per [thread], [warp] or [block]"))
        if kind == "hist":
            fields, capacity, pool = self.hist_shape(m)
        else:
            fields, capacity, pool = self.struct_shape(m, kind, level)
        self.check_lanes(m, kind, level, fields, capacity)
        self.check_read_back(kind, fields, capacity)
        self.maps[m.name.text] = ast.MapDecl(m.name.text, kind, level, fields, capacity, pool,
                                             m.name.span)

    def check_lanes(self, m: syntax.MapSyntax, kind: str, level: str,
                    fields: tuple[ast.Field, ...], capacity: int | None) -> None:
        """`lanes` fields compress a value over the warp: only in [warp] records (a pool, or
        `record(N)` slots per warp), whose companion map names (`contract.manifest.companion`)
        must be free."""
        for f in fields:
            if not f.lanes:
                continue
            if kind != "record" or level != "warp":
                raise self.error(f"a lanes field needs a [warp] record, not {kind} [{level}]", f.span,
                                 hint=f"write: map {m.name.text}[warp]: record {{ lanes "
                                      f"{f.name}; }} pool 1 << 20")
            names = {g.name: g for g in fields}       # the reader's columns must be distinct
            parts = [f.name + suffix for suffix, _ in LANE_PARTS]
            clash = next((names[p] for p in parts[1:] if p in names), None)
            if clash is not None:
                raise self.error(f"field '{clash.name}' clashes with lanes field '{f.name}', "
                                 f"which is read back as {', '.join(parts)}", clash.span,
                                 hint=f"rename field '{clash.name}'")
            other = companion(m.name.text, f.name)
            if other in self.maps:
                raise self.error(f"map '{other}' holds the lanes of {m.name.text}.{f.name}",
                                 self.maps[other].span, hint=f"rename map '{other}'")
            self.companions[other] = f"{m.name.text}.{f.name}"

    def check_read_back(self, kind: str, fields: tuple[ast.Field, ...],
                        capacity: int | None) -> None:
        """Fields named as a column the reader adds to this map (`READ_BACK`) would hide it: a
        record(N) or row's `unit`, the `event` and `lane` of a lanes field's rows."""
        reserved = set()
        if kind in ("record", "row") and capacity is not None:
            reserved.add("unit")
        if any(f.lanes for f in fields):
            reserved |= {"event", "lane"}
        clash = next((f for f in fields if f.name in reserved), None)
        if clash is None:
            return
        maps, holds = READ_BACK[clash.name]
        groups: dict[str, list[str]] = {}
        for name, (where, _) in READ_BACK.items():
            groups.setdefault(where, []).append(name)
        names = "; ".join(f"{' and '.join(ns)} in {where}" for where, ns in groups.items())
        raise self.error(f"field name '{clash.name}' is reserved: {maps} are read back with a "
                         f"'{clash.name}' column, {holds}", clash.span,
                         hint=f"rename field '{clash.name}'; reserved field names: {names}")

    def hist_shape(self, m: syntax.MapSyntax) -> tuple[tuple[ast.Field, ...], int, None]:
        if m.size is None or m.size_brackets != "[]":
            at = m.size.span if m.size is not None else m.kind.span
            raise self.error("a hist takes its number of entries in brackets", at,
                             hint="write: map pages: hist[4096] u32;")
        if m.value_type is None:
            raise self.error("a hist holds one value type, not fields", m.kind.span,
                             hint="write: map pages: hist[4096] u32;")
        if m.pool is not None:
            raise self.error("'pool' is only for unbounded records", m.pool.span,
                             hint="a hist has exactly N entries: remove 'pool'")
        capacity = self.capacity(m.size, MAX_HIST)
        return (ast.Field("value", m.value_type[0], m.value_type[1]),), capacity, None

    def struct_shape(self, m: syntax.MapSyntax, kind: str,
                     level: str) -> tuple[tuple[ast.Field, ...], int | None, int | None]:
        if m.fields is None:
            raise self.error(f"a {kind} holds fields in braces", m.value_type[1],
                             hint=f"write: map m: {kind} {{ u64 start; u32 sm; }}")
        if not m.fields:
            raise self.error(f"{kind} '{m.name.text}' has no fields", m.kind.span,
                             hint="declare at least one field: { u64 t; }")
        seen: dict[str, ast.Field] = {}
        for f in m.fields:
            if f.name in seen:
                raise self.error(f"duplicate field '{f.name}'", f.span,
                                 hint=f"'{f.name}' is already a field at line "
                                      f"{seen[f.name].span.line}")
            seen[f.name] = f
        if kind in SIZELESS:
            extra = m.size if m.size is not None else m.pool
            if extra is not None:
                why, hint = SIZELESS[kind]
                raise self.error(f"a {kind} has no capacity: it holds {why}", extra.span, hint=hint)
            return m.fields, (1 if kind == "row" else None), None
        if m.size_brackets == "[]":
            raise self.error("a record takes its capacity in parentheses", m.size.span,
                             hint="record(N) keeps N records per thread, warp or block; plain "
                                  "record shares a pool")
        if m.size is not None:
            if m.pool is not None:
                raise self.error("'pool' is only for unbounded records", m.pool.span,
                                 hint="record(N) already fixes the capacity; drop one of them")
            return m.fields, self.capacity(m.size, MAX_PER_UNIT), None
        if level == "block":
            raise self.error("a [block] record needs its capacity: record(N) keeps N records "
                             "per block", m.pool.span if m.pool is not None else m.kind.span,
                             hint="write: map sched[block]: record(1) { u64 start; }  (an "
                                  "unbounded pool is shared by the launch: use [warp])")
        pool = self.capacity(m.pool, MAX_POOL) if m.pool is not None else DEFAULT_POOL
        return m.fields, None, pool

    def capacity(self, node: syntax.Node, limit: int) -> int:
        value = self.constant(node)
        if value <= 0:
            raise self.error(f"capacity {value}: the map could hold nothing", node.span,
                             hint="use a capacity of at least 1")
        if value > limit:
            raise self.error(f"capacity {value} is too large (at most {limit})", node.span,
                             hint="a smaller capacity with dropped-record counts is cheaper")
        return value

    def constant(self, node: syntax.Node) -> int:
        """Value of an integer constant expression (capacities); every step must fit 64 bits,
        as in expressions, so that folding cannot grow a number without bound."""
        value = self.folded(node)
        if not INT_MIN <= value <= INT_MAX:
            raise self.too_wide(value, node.span)
        return value

    def folded(self, node: syntax.Node) -> int:
        if isinstance(node, syntax.Number) and isinstance(node.value, int):
            return node.value
        if isinstance(node, syntax.UnOp) and node.op in "-~":
            return fold.unary(node.op, self.constant(node.operand))
        if isinstance(node, syntax.BinOp) and node.op in ARITH | BITS | SHIFTS:
            a, b = self.constant(node.left), self.constant(node.right)
            if node.op in ("/", "%") and b == 0:
                raise self.error("division by zero", node.right.span,
                                 hint="a capacity is a positive constant, e.g. 1 << 20")
            if node.op in SHIFTS and not 0 <= b < 64:
                raise self.error(f"shift by {b}", node.right.span, hint="shift by 0 to 63")
            return fold.apply(node.op, a, b)
        raise self.error("a capacity must be a constant integer", node.span,
                         hint="write a number such as 4096 or 1 << 20")

    def declare_regs(self, r: syntax.RegSyntax) -> None:
        for word in r.names:
            self.taken(word, "register")
            self.regs[word.text] = ast.RegDecl(word.text, r.type, word.span)

"""Basic blocks and control-flow edges of a PTX function body.

A block starts at the first instruction, at a label a branch names, and after a terminator
(``bra``, ``brx``, ``ret``, ``exit``, ``trap``). A label no branch names (a debug line's
``$L__tmp3:`` of ``-G``/``-lineinfo`` and Triton builds, ``$L__func_end0:``) starts none, so
that a kernel has the same blocks with and without them; every label does where a ``brx``
jumps through a table not found here. An unconditional ``bra`` has one successor, its target;
a predicated one also falls through. An unpredicated ``ret``/``exit``/``trap`` has none.
``brx.idx`` goes to the labels of its ``.branchtargets`` list (to every block when that list is
not found). Nested ``{ }`` scopes are flattened, but a label belongs to its scope as ptxas reads
it: a branch goes to the label of that name in its own scope or the nearest one around it
(inline asm inlined twice defines the same ``LAB_WAIT:`` in two scopes, and each ``bra
LAB_WAIT`` stays in its own).
"""
from __future__ import annotations

from typing import Callable, Sequence

from neutrino_py.asm import ir


_TABLES = ("callprototype", "branchtargets", "calltargets")


def basic_blocks(body: list[ir.Statement]) -> list[ir.BasicBlock]:
    """Blocks split at labels and after terminators, with CFG edges (``brx`` tables included):
    ``block`` probes run at each block's first instruction, and `inspect` counts the edges."""
    blocks: list[ir.BasicBlock] = []
    labels: list[str] = []
    current: list[ir.Instruction] = []
    branch_tables: dict[str, list[str]] = {}
    placed: dict[int, int] = {}                 # id(label) -> its block
    last_label: str | None = None

    def close() -> None:
        nonlocal labels, current
        if current or labels:
            blocks.append(ir.BasicBlock(len(blocks), labels, current))
        labels, current = [], []

    # type checks and the terminator set inline: this loop sees every statement of every kernel
    # a `block` probe or a run of saves asks about
    stmts = ir.flat(body)
    named = jump_targets(stmts)
    instruction, label, directive = ir.Instruction, ir.Label, ir.Directive
    for i, s in enumerate(stmts):
        kind = type(s)
        if kind is instruction:
            current.append(s)
            if s.opcode in ir.TERMINATORS:           # `Instruction.is_terminator`, inline
                close()
            last_label = None
        elif kind is label:
            last_label = s.name
            following = stmts[i + 1] if i + 1 < len(stmts) else None
            if type(following) is directive and following.name in _TABLES:
                continue  # names a prototype or a branch table, not a place in the code
            if named is not None and s.name not in named:
                continue  # control only falls through it
            if current:
                close()
            labels.append(s.name)
            placed[id(s)] = len(blocks)
        elif kind is directive and s.name == "branchtargets" and last_label:
            branch_tables[last_label] = table_labels(s)
    close()

    where = {name: b.index for b in blocks for name in b.labels}
    # a name defined in several scopes: each branch finds it from its own (else one does)
    find = _scoped(body, placed) if len(where) < len(placed) else \
        (lambda ins, name: where.get(name))
    for b in blocks:
        last = b.instructions[-1] if b.instructions else None
        falls = b.index + 1 < len(blocks)
        succs: list[int] = []
        if last is not None and last.is_terminator:
            if last.opcode == "bra" and last.target is not None:
                succs.append(find(last, last.target))
            elif last.opcode == "brx":
                table = next((branch_tables[o.name] for o in last.operands
                              if isinstance(o, ir.Symbol) and o.name in branch_tables), None)
                # a table not found here (a register, another scope's name): any block may follow
                succs += list(range(len(blocks))) if table is None else \
                    [find(last, t) for t in table]
            if last.guard is None:
                falls = False
        if falls:
            succs.append(b.index + 1)
        b.succs = [s for s in dict.fromkeys(succs) if s is not None]
    for b in blocks:
        for s in b.succs:
            blocks[s].preds.append(b.index)
    return blocks


def table_labels(table: ir.Directive) -> list[str]:
    """The labels a ``.branchtargets`` directive lists, in order."""
    return [t.strip() for t in table.args.split(",")]


def jump_targets(stmts: list[ir.Statement]) -> set[str] | None:
    """The labels a branch may jump to: ``bra`` targets and the names of ``.branchtargets``
    lists; None where one may jump to any (a ``brx`` through a table not found here)."""
    named: set[str] = set()
    tables: set[str] = set()
    jumps: list[list[str]] = []
    for i, s in enumerate(stmts):
        kind = type(s)
        if kind is ir.Instruction:
            if s.opcode == "bra":
                if s.target is None:
                    return None
                named.add(s.target)
            elif s.opcode == "brx":
                jumps.append([o.name for o in s.operands if isinstance(o, ir.Symbol)])
        elif kind is ir.Directive and s.name == "branchtargets":
            named.update(table_labels(s))
            if i and type(stmts[i - 1]) is ir.Label:
                tables.add(stmts[i - 1].name)
    if any(tables.isdisjoint(names) for names in jumps):
        return None
    return named


def _scoped(body: list[ir.Statement], placed: dict[int, int]
            ) -> Callable[[ir.Instruction, str], int | None]:
    """The block a branch's label names, found from the branch's scope outwards, for bodies
    that define one label name in several scopes (`placed`: id(label) -> its block)."""
    stmts, scopes, parents = scopes_of(body)
    where: dict[tuple[int, str], int] = {}
    scope_of: dict[int, int] = {}
    for s, scope in zip(stmts, scopes):
        kind = type(s)
        if kind is ir.Label and id(s) in placed:
            where.setdefault((scope, s.name), placed[id(s)])
        elif kind is ir.Instruction and s.opcode in ("bra", "brx"):
            scope_of[id(s)] = scope

    def find(ins: ir.Instruction, name: str) -> int | None:
        scope = scope_of[id(ins)]
        while scope >= 0:
            block = where.get((scope, name))
            if block is not None:
                return block
            scope = parents[scope]
        return None

    return find


def scopes_of(body: list[ir.Statement]) -> tuple[list[ir.Statement], list[int], list[int]]:
    """`ir.flat(body)`, the scope of each statement (0: the body; each ``{ }`` its own), and the
    scope around each scope (-1 around the body): labels and registers a scope declares are
    its own (`basic_blocks`, the PTX target's register widths)."""
    stmts = ir.flat(body)
    if ir.Block not in map(type, body):             # no nested scope: one pass in C
        return stmts, [0] * len(stmts), [-1]
    scopes: list[int] = []
    parents = [-1]

    def visit(items: list[ir.Statement], scope: int) -> None:
        for s in items:
            if type(s) is ir.Block:
                parents.append(scope)
                visit(s.body, len(parents) - 1)
            else:
                scopes.append(scope)

    visit(body, 0)
    return stmts, scopes, parents


def latch(b: int, targets: Sequence[int]) -> bool:
    """Whether block `b` jumps back to itself or to a block before it (layout order): every
    cycle of the CFG has such an edge."""
    return any(s <= b for s in targets)


def has_loop(succs: Sequence[Sequence[int]]) -> bool:
    """Whether some block of the CFG (given by each block's successors) is a `latch`."""
    return any(latch(b, targets) for b, targets in enumerate(succs))


def components(succs: Sequence[Sequence[int]]) -> list[list[int]]:
    """Strongly connected components of the CFG, each listed after every component it reaches
    (Tarjan's order; iterative, as kernels have thousands of blocks)."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    out: list[list[int]] = []
    for root in range(len(succs)):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = len(index)
                stack.append(v)
                on_stack.add(v)
            for j in range(i, len(succs[v])):
                w = succs[v][j]
                if w not in index:
                    work += [(v, j + 1), (w, 0)]
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                if low[v] == index[v]:
                    comp: list[int] = []
                    while not comp or comp[-1] != v:
                        comp.append(stack.pop())
                        on_stack.discard(comp[-1])
                    out.append(comp)
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[v])
    return out


def on_cycles(succs: Sequence[Sequence[int]]) -> set[int]:
    """The blocks control can come back to once it has left them (a loop's body, or a block
    inside an outer loop: a region headed there is passed through again): those of a strongly
    connected component of several blocks, or with an edge to themselves."""
    return {b for comp in components(succs) if len(comp) > 1 or comp[0] in succs[comp[0]]
            for b in comp}


def regions(succs: list[list[int]]) -> list[int]:
    """The head of each block's region, blocks given by their successors in layout order.

    A region is a range of consecutive blocks that control enters only at its head and that has
    no cycle: a block joins the region before it when every predecessor is already in it, and a
    block with an edge back (to itself or any block before it: a loop's latch) is the last of its
    region. One pass from the head, until control leaves, meets each instruction of the region
    at most once, in layout order, so the splicer lets the saves of a pass share one reservation
    (`runs`). A loop's header has a predecessor after it, so it starts a region: each iteration
    is a pass, and blocks after the loop are not reserved for on every iteration."""
    preds: list[list[int]] = [[] for _ in succs]
    for b, targets in enumerate(succs):
        for s in targets:
            preds[s].append(b)
    heads: list[int] = []
    head, closed = 0, True
    for b, targets in enumerate(succs):
        if closed or not preds[b] or not all(head <= p < b for p in preds[b]):
            head = b
        closed = latch(b, targets)
        heads.append(head)
    return heads

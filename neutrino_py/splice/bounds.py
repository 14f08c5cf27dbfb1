"""Static upper bounds of counter registers: how large a counter can be when its thread exits.

A coarse counter's exit flush sums a field over the warp's lanes (`ops.WarpSum`); a 64-bit field
first votes on whether every lane holds less than 2**27 and otherwise sums three 21-bit parts,
about 65 SASS instructions per warp and field. When every add to a counter is a non-negative
constant (`gmem.loaded += BYTES`) made where no thread passes twice (outside every cycle of the
control-flow graph), a thread's counter is at most what the heaviest path adds, so the flush
knows without a vote that one 32-bit sum is exact, and that several small fields fit side by side
in one (`lower._Ctx.coarse_add`). Counters added to in a loop, or by any other value, have no
bound and keep the general sum.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Hashable, Iterable, Mapping, Sequence

from neutrino_py import ops
from neutrino_py.asm import cfg
from neutrino_py.ops import Imm, Reg, Stmt


def counter_bounds(counters: Mapping[Hashable, Reg], entry: Sequence[Stmt],
                   sites: Iterable[tuple[int | None, Sequence[Stmt]]],
                   succs: Sequence[Sequence[int]] | None) -> dict[Hashable, int]:
    """The most each counter (key -> its register) can hold at an exit, for the counters with a
    bound: every statement that names the register adds a non-negative constant to it (or sets
    it to 0), in the entry code (`entry`, run once) or at a site of a known basic block
    (`sites`: block index, or None where the code's place is not a block, and its ops) that lies
    in no cycle of the CFG (`succs`: each block's successors; None where some jump's targets are
    not known). The bound is the entry's adds plus the heaviest path through the blocks."""
    regs = {reg: key for key, reg in counters.items()}
    bounded = set(regs)
    at_entry: Counter = Counter()
    _scan(entry, regs, bounded, at_entry)
    weights: dict[int, Counter] = {}
    for block, code in sites:
        adds: Counter = Counter()
        _scan(code, regs, bounded, adds)
        if block is None or succs is None:
            bounded -= set(adds)
        elif adds:
            weights.setdefault(block, Counter()).update(adds)
    if not bounded:
        return {}
    components = cfg.components(succs or [])
    heaviest: dict[Reg, list[int]] = {reg: [0] * len(components) for reg in bounded}
    of = {b: n for n, comp in enumerate(components) for b in comp}
    for n, comp in enumerate(components):
        cyclic = len(comp) > 1 or comp[0] in succs[comp[0]]
        after = {of[s] for b in comp for s in succs[b]}
        after.discard(n)
        adds = weights.get(comp[0], {}) if len(comp) == 1 else \
            sum((weights[b] for b in comp if b in weights), Counter())
        for reg in list(bounded):
            weight = adds.get(reg, 0)
            if cyclic and weight:
                bounded.discard(reg)
                continue
            path = heaviest[reg]
            path[n] = weight + max([path[m] for m in after], default=0)
    return {regs[reg]: at_entry[reg] + max(heaviest[reg], default=0) for reg in bounded}


def _scan(code: Iterable[Stmt], regs: Mapping[Reg, Hashable], bounded: set[Reg],
          adds: Counter) -> None:
    """Sum into `adds` the constants `code` adds to counter registers (inside `If` bodies too:
    a guard only runs an add less often); a register named by any other statement loses its
    bound."""
    for s in code:
        if isinstance(s, ops.If):
            _scan(s.body, regs, bounded, adds)
            continue
        if isinstance(s, ops.Binary) and s.fn == "add" and s.dst == s.a and s.dst in regs \
                and isinstance(s.b, Imm) and isinstance(s.b.value, int) and s.b.value >= 0:
            adds[s.dst] += s.b.value
        elif isinstance(s, ops.Move) and s.dst in regs and s.src == Imm(0, s.dst.type):
            adds[s.dst] += 0
        else:
            bounded.difference_update(getattr(s, f.name) for f in dataclasses.fields(s))

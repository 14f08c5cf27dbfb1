"""clock() and globaltimer() in probes, checked by what must hold of them, since their values
cannot be predicted: seeded probes on tests/synthetic/positions.ptx read both at every kind of
position (entry, exit, instructions, blocks, marks, lines), keep readings in shared registers,
subtract them (`clock() - t0`) and save them with PC and laneid() to `record(N)` maps per thread
and per warp. The reference (tests/test_probe_positions.py's, over the same simulator run) says
which reading each saved field holds; the maps must then hold:

- every other field exactly;
- one value for one reading wherever it went (a register saved twice, or at two places);
- readings of one thread, of one counter, that do not go back in the order they were made
  (a difference `clock() - t0` is the later reading less the earlier one), and none of 0.

Seeded: a failing case names its id; `case_probe(id)` rebuilds its probe.
"""
from __future__ import annotations

import itertools
import random
from collections import defaultdict
from dataclasses import dataclass

from test_probe_positions import KERNEL, POSITION_SITES, Positions, Tracked
from test_probe_semantics import MapGen, Node, ProbeGen, Site, Stmt, differ

COUNTERS = ("clock()", "globaltimer()")


@dataclass(frozen=True)
class Reading:
    """One read of a counter by one thread: its `order` among every reading the reference
    made."""
    counter: str
    thread: tuple[int, int]
    order: int


@dataclass(frozen=True)
class Since:
    """`later - earlier`: a reading less an earlier one (or less 0, a register never set)."""
    later: Reading
    earlier: Reading | int


def _reading(counter: str, order) -> Node:
    return Node(counter, "u64", lambda env: Reading(counter, (env["blockid()"],
                                                              env["threadid()"]), next(order)))


def case_probe(case: int, sites: list[Site] = POSITION_SITES) -> tuple:
    """Maps of readings, registers holding them and probes reading, keeping and saving them at
    `sites`: what `Generator.probe` returns."""
    r = random.Random(f"clocks:{case}")
    order = itertools.count()
    regs = {f"t{k}": "u64" for k in range(r.randint(1, 2))}
    maps = [MapGen(f"m{k}", "fixed", r.choice(["thread", "warp"]),
                   [("pc", "u32"), ("lane", "u32")] +
                   [(f"v{n}", "u64") for n in range(r.randint(1, 3))], r.choice([2, 4, 8]))
            for k in range(r.randint(1, 2))]

    def value() -> Node:
        k = r.random()
        if k < 0.4:
            name = r.choice(sorted(regs))
            return Node(name, "u64", lambda env: env["regs"][name])
        counter = r.choice(COUNTERS)
        now = _reading(counter, order)
        if k < 0.7:
            return now
        name = r.choice(sorted(regs))
        return Node(f"({counter} - {name})", "u64",
                    lambda env: Since(now.value(env), env["regs"][name]))

    def stmt() -> Stmt:
        if r.random() < 0.4:
            return Stmt("assign", r.choice(sorted(regs)), [_reading(r.choice(COUNTERS), order)])
        m = r.choice(maps)
        return Stmt("save", m.name,
                    [Node("PC", "u32", lambda env: env["PC"]),
                     Node("laneid()", "u32", lambda env: env["laneid()"])] +
                    [value() for _ in m.fields[2:]])

    probes = [ProbeGen(r.choice(sites), None, [stmt() for _ in range(r.randint(1, 3))])
              for _ in range(r.randint(2, 4))]
    lines = [m.declaration() for m in maps] + [f"reg u64 {name};" for name in regs]
    for p in probes:
        body = " ".join(f"{s.target} = {s.values[0].text};" if s.kind == "assign" else
                        f"{s.target}.save({', '.join(v.text for v in s.values)});"
                        for s in p.body)
        lines.append(f"{p.site.text} {{ {body} }}")
    return "\n".join(lines) + "\n", maps, regs, probes


def compare(m: MapGen, got, ref: Positions, where: str) -> None:
    """Map `m` against the readings the reference says its fields hold."""
    names = [n for n, _ in m.fields]
    have = defaultdict(list)
    for row in got[m.name]:
        have[int(row["unit"])].append([row[n].item() for n in names])
    want = {u: s[:m.capacity] for u, s in ref.want.saves[m.name].items() if s}
    assert set(have) == set(want), f"{m.name} units\n{where}"
    values: dict[Reading, int] = {}
    since: list[tuple[Since, int]] = []
    for u, rows in have.items():
        assert len(rows) == len(want[u]), f"{m.name} unit {u}: {len(rows)} rows\n{where}"
        for row, saved in zip(rows, want[u]):
            for name, v, w in zip(names, row, saved):
                if isinstance(w, Since):
                    since.append((w, v))
                    continue
                if isinstance(w, Reading):
                    assert values.setdefault(w, v) == v, \
                        f"{m.name} unit {u} {name}: one reading saved as {values[w]} and {v}\n{where}"
                    continue
                assert v == w, f"{m.name} unit {u} {name}: got {v}, want {w}\n{where}"
    for s, v in since:
        earlier = s.earlier if isinstance(s.earlier, int) else values.get(s.earlier)
        if earlier is not None:
            later = (earlier + v) % (1 << 64)
            assert values.setdefault(s.later, later) == later, f"{m.name}: {s}\n{where}"
    threads = defaultdict(list)
    for reading, v in values.items():
        threads[reading.counter, reading.thread].append((reading.order, v))
    for (counter, thread), seen in threads.items():
        ordered = [v for _, v in sorted(seen)]
        assert 0 not in ordered and ordered == sorted(ordered), \
            f"{m.name}: {counter} of thread {thread} read {ordered} in order\n{where}"


CASES = 20


def test_generated_probes_read_clocks_in_order():
    checked = sum(differ(KERNEL, case_probe(case), f"clocks case {case}", Tracked, Positions,
                         compare) for case in range(CASES))
    assert checked >= CASES // 2, f"only {checked} of {CASES} probes accepted"

"""`lanes` fields, checked differentially: seeded probes on tests/synthetic/positions.ptx save
per-lane u64 values of generated shapes into `[warp]` records (pools and `record(N)` slots),
and `maps.lanes.expand` must rebuild exactly the value of every lane that saved, event by event,
beside the leader's other fields. The shapes are those the compression has forms for and those
it must keep lane by lane: affine (coalesced, strided, reversed, broadcast), tiles of 2**k lanes
a row with signed steps, gathers, steps or first lanes 2 GiB or more apart, values that wrap
past 2**64, ADDR at loads and stores; lanes go missing through filters and the kernel's
divergence (a loop whose trip count differs per lane, an if/else, an early `ret`).

The reference is tests/test_probe_positions.py's with a save to such a map kept as the
leader's other values and the set of (lane, value) of every lane that saved. Seeded: a failing
case names its id; `case_probe(id)` rebuilds its probe.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Callable

from test_probe_positions import KERNEL, POSITION_SITES, Positions, Tracked
from test_probe_semantics import MapGen, Node, ProbeGen, Site, Stmt, differ
from neutrino_py.contract.manifest import companion
from neutrino_py.maps.lanes import expand

M64 = (1 << 64) - 1
BASES = [0, 0x10000, 0x7ff0_0000_0000, 0xffff_ffff_ffff_ff00, 0x8000_0000_0000_0000,
         0x1_0000_0000 - 8]
STEPS = [0, 1, 4, 8, 12, 64, 0x1000, M64 - 3, M64 - 0x3f, 0x7fff_ffff, 0x8000_0000,
         0x1_0000_0000, 0x3_0000_0008, M64 - 0x7fff_ffff]
# filters that leave lanes out, and the lanes they keep
FILTERS = {"": lambda lane: True, "laneid() % 3 != 1": lambda lane: lane % 3 != 1,
           "laneid() > 5": lambda lane: lane > 5, "(laneid() & 9) != 0": lambda lane: lane & 9,
           "laneid() != 0": lambda lane: lane != 0, "laneid() == 17": lambda lane: lane == 17,
           "laneid() < 2": lambda lane: lane < 2}


def u64(text: str, fn: Callable[[dict], int]) -> Node:
    return Node(text, "u64", lambda env: fn(env) & M64)


def shape(r: random.Random, operands: tuple[str, ...]) -> Node:
    """One lane value of a random shape (in the docstring's list)."""
    b, s = r.choice(BASES), r.choice(STEPS)
    lane = lambda env: env["laneid()"]                    # noqa: E731
    k = r.random()
    if k < 0.3:
        return u64(f"((u64){b:#x} + (u64)laneid() * (u64){s:#x})", lambda env: b + lane(env) * s)
    if k < 0.4:
        return u64(f"((u64){b:#x} - (u64)threadid() * (u64){s:#x})",
                   lambda env: b - env["threadid()"] * s)
    if k < 0.6:
        bits, hi = r.randint(1, 4), r.choice(STEPS)
        return u64(f"((u64){b:#x} + (u64)(laneid() & {(1 << bits) - 1}) * (u64){s:#x} + "
                   f"(u64)(laneid() >> {bits}) * (u64){hi:#x})",
                   lambda env: b + (lane(env) & (1 << bits) - 1) * s + (lane(env) >> bits) * hi)
    if k < 0.7:
        return u64(f"((u64){b:#x} + (u64)(laneid() * laneid()) * (u64){s:#x})",
                   lambda env: b + lane(env) ** 2 * s)
    if k < 0.78:
        x = r.randrange(32)
        return u64(f"((u64){b:#x} + (u64)(laneid() ^ {x}) * (u64){s:#x})",
                   lambda env: b + (lane(env) ^ x) * s)
    if k < 0.86:
        x = r.randrange(32)
        return u64(f"((u64){b:#x} + (u64)laneid() * (u64)4 + (u64)(laneid() > {x}) * (u64){s:#x})",
                   lambda env: b + lane(env) * 4 + (lane(env) > x) * s)
    if k < 0.93 and "ADDR" in operands:
        return u64("ADDR", lambda env: env["ADDR"])
    return u64(f"((u64)blockid() * (u64){s:#x} + (u64)warpid())",
               lambda env: env["blockid()"] * s + env["warpid()"])


def case_probe(case: int, sites: list[Site] = POSITION_SITES) -> tuple:
    """`[warp]` maps with one or two `lanes` fields and probes at `sites` saving to them: what
    `Generator.probe` returns."""
    r = random.Random(f"lanes:{case}")
    maps = []
    for k in range(r.randint(1, 2)):
        fields = [("pc", "u32")] + [(f"a{n}", "lanes") for n in range(r.choice([1, 1, 2]))]
        maps.append(MapGen(f"m{k}", r.choice(["pool", "fixed"]), "warp", fields,
                           r.choice([2, 8])))
    probes, lines = [], [m.declaration() for m in maps]
    for _ in range(r.randint(1, 3)):
        site = r.choice(sites)
        filt = r.choice(sorted(FILTERS))
        body = []
        for _ in range(r.randint(1, 2)):
            m = r.choice(maps)
            body.append(Stmt("save", m.name, [Node("PC", "u32", lambda env: env["PC"])] +
                             [shape(r, site.operands) for _ in m.fields[1:]]))
        keep = FILTERS[filt]
        cond = Node(filt, "pred", lambda env, keep=keep: bool(keep(env["laneid()"]))) \
            if filt else None
        probes.append(ProbeGen(site, cond, body))
        saves = " ".join(f"{s.target}.save({', '.join(v.text for v in s.values)});"
                         for s in body)
        lines.append(f"{site.text}{f' / {filt} /' if filt else ''} {{ {saves} }}")
    return "\n".join(lines) + "\n", maps, {}, probes


class Lanes(Positions):
    """The reference, keeping a save to a map with `lanes` fields as its leader's PC and the
    (lane, values) of every lane that saved."""

    def stmt(self, s: Stmt, envs: list[dict], blin: int, warp: int) -> None:
        if s.kind != "save":
            return super().stmt(s, envs, blin, warp)
        lanes = frozenset((env["laneid()"], *(v.value(env) for v in s.values[1:]))
                          for env in envs)
        unit = self.unit("warp", blin, warp, 0)
        self.want.saves[s.target][unit].append((s.values[0].value(envs[0]), lanes))


def compare(m: MapGen, got, ref: Lanes, where: str) -> None:
    """Map `m` rebuilt lane by lane against the reference's events (per warp, in order, for
    `record(N)`; as a set for a pool)."""
    fields = [n for n, t in m.fields if t == "lanes"]
    rows, lost = expand(got[m.name], {f: got[companion(m.name, f)] for f in fields})
    assert lost == 0 and not any(got.dropped[companion(m.name, f)] for f in fields), where
    events: dict[int, tuple] = {}
    for row in rows:
        unit = int(row["unit"]) if m.kind == "fixed" else None
        pc, lanes = events.setdefault(int(row["event"]), (unit, int(row["pc"]), set()))[1:]
        lanes.add((int(row["lane"]), *(int(row[f]) for f in fields)))
    have = Counter((u, pc, frozenset(lanes)) for u, pc, lanes in events.values())
    want = Counter()
    for u, saves in ref.want.saves[m.name].items():
        for pc, lanes in saves[:m.capacity] if m.kind == "fixed" else saves:
            want[u if m.kind == "fixed" else None, pc, lanes] += 1
    for event in (have - want) + (want - have):
        lanes = sorted(event[2])
        theirs = [e for e in want if e[:2] == event[:2]]
        raise AssertionError(f"{m.name}: event {event[:2]} {'got' if event in have else 'want'}"
                             f" {[(lane, *map(hex, v)) for lane, *v in lanes]}, "
                             f"{len(theirs)} wanted at that pc\n{where}")


CASES = 20


def test_lanes_fields_rebuild_every_lanes_value():
    checked = sum(differ(KERNEL, case_probe(case), f"lanes case {case}", Tracked, Lanes,
                         compare) for case in range(CASES))
    assert checked >= CASES // 2, f"only {checked} of {CASES} probes accepted"

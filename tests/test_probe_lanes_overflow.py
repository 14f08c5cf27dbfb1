"""`lanes` fields whose pools overflow, checked differentially: tests/test_probe_lanes.py's
generated probes (per-lane values of affine, tiled and gathered shapes, ADDR among them, lanes
left out by filters and divergence) saved into `[warp]` pools far too small for them, so that
both the records and the companion maps that keep the lanes of non-affine records
(`<map>__<field>`: min(8 * pool, 2**30) values, reserved 32 at a time; contracts §4) run out.

Contracts §4 says what then holds, and nothing is to be silently wrong: a record that does not
fit the pool is counted in the map's `dropped`; a record whose lanes' values do not fit the
companion keeps its other fields, its lanes are counted in the companion's `dropped` and
`maps.lanes.expand` leaves them out and counts them as lost. So every lane `expand` rebuilds
has exactly the value the reference computes for it, in an event of the reference (a record
is never joined to another's lanes), the lanes it leaves out are the companions' dropped ones
(exactly, for one `lanes` field of a map that dropped no record; a companion also counts the
lanes of records the pool dropped, whose block was reserved before them; with two fields a
lane is lost where either value is), and kept records plus dropped ones are the reference's
events. Seeded: a failing case names its id;
`case_probe(id)` rebuilds its probe.
"""
from __future__ import annotations

import os
import random
from collections import Counter

from test_probe_lanes import Lanes, case_probe as lanes_probe
from test_probe_positions import KERNEL, POSITION_SITES, TEXT, Tracked
from test_probe_semantics import Kernel, MapGen, differ
from test_splice_simulated import floats
from neutrino_py.contract.manifest import companion
from neutrino_py.maps.lanes import expand, lost_lanes

POOLS = [1, 2, 3, 4, 8, 16, 40, 64, 256]
# more warps, whose gathers overflow the companions of the pools of 64 records and more, which
# are sharded and reserved 32 values at a time (smaller ones are one pool, reserved per lane)
WIDE = Kernel("positions", TEXT, (8, 1, 1), (64, 1, 1),
              lambda: {"x": floats(500, 6), "out": bytes(4 * 500), "n": 500})


def case_probe(case: int) -> tuple:
    """test_probe_lanes' probe of `case`, every map a pool of a size drawn from POOLS."""
    text, maps, regs, probes = lanes_probe(case, POSITION_SITES)
    r = random.Random(f"lanes overflow:{case}")
    for m in maps:
        old = m.declaration()
        m.kind, m.pool = "pool", r.choice(POOLS)
        text = text.replace(old, m.declaration().replace("pool 1 << 16", f"pool {m.pool}"))
    return text, maps, regs, probes


def compare(m: MapGen, got, ref: Lanes, where: str) -> None:
    """Map `m`'s rebuilt lanes against the reference's events: each rebuilt event a whole or
    part of one (exact values), the lanes left out those the companions dropped."""
    fields = [n for n, t in m.fields if t == "lanes"]
    records = got[m.name]
    rows, lost = expand(records, {f: got[companion(m.name, f)] for f in fields})
    assert lost_lanes(records, {f: len(got[companion(m.name, f)]) for f in fields}) == lost, \
        f"{m.name}: lost_lanes disagrees with expand's {lost}\n{where}"
    dropped = [got.dropped[companion(m.name, f)] for f in fields]
    want = Counter()
    for saves in ref.want.saves[m.name].values():
        want.update((pc, lanes) for pc, lanes in saves)
    assert len(records) + got.dropped[m.name] == sum(want.values()), \
        f"{m.name}: {len(records)} records and {got.dropped[m.name]} dropped for " \
        f"{sum(want.values())} events\n{where}"
    events: dict[int, tuple[int, set]] = {}
    for row in rows:
        pc, lanes = events.setdefault(int(row["event"]), (int(row["pc"]), set()))
        lanes.add((int(row["lane"]), *(int(row[f]) for f in fields)))
    part = 0
    for pc, lanes in sorted(events.values(), key=lambda e: -len(e[1])):
        whole = (pc, frozenset(lanes))
        if want[whole]:
            want[whole] -= 1
            continue
        holder = next((e for e in want if want[e] and e[0] == pc and lanes < e[1]), None)
        assert holder is not None, \
            f"{m.name}: rebuilt event at pc {pc} with lanes " \
            f"{sorted((lane, *map(hex, v)) for lane, *v in lanes)} is no reference event's\n{where}"
        want[holder] -= 1
        part += len(holder[1]) - len(lanes)
    # a companion also counts the lanes of records that did not fit the pool themselves (their
    # block was reserved first): at most the reference's lanes beyond the kept records'
    unkept = sum(len(lanes) * n for (_, lanes), n in want.items())
    assert part <= lost <= sum(dropped) and all(d <= lost + unkept for d in dropped), \
        f"{m.name}: {lost} lanes lost ({part} of rebuilt events), {dropped} dropped, " \
        f"{unkept} lanes in records not kept\n{where}"
    if len(fields) == 1 and not got.dropped[m.name]:
        assert lost == dropped[0], f"{m.name}: {lost} lanes lost, {dropped[0]} dropped\n{where}"


CASES = int(os.environ.get("NEUTRINO_FUZZ_CASES", 32))


def test_overflowing_lanes_pools_lose_lanes_only_where_they_say_so():
    """Seeds 'lanes:0..31' (the probes) and 'lanes overflow:0..31' (the pool sizes); every
    fourth case on 8 blocks of 64 threads. NEUTRINO_FUZZ_CASES=N runs N cases."""
    checked = sum(differ(WIDE if case % 4 == 3 else KERNEL, case_probe(case),
                         f"lanes overflow case {case}", Tracked, Lanes, compare)
                  for case in range(CASES))
    assert checked >= CASES // 2, f"only {checked} of {CASES} probes accepted"

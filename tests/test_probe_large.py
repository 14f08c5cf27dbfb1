"""A probe file near the 1 MiB limit is checked in time linear in its size. The cases once
quadratic: each ADDR or BYTES read matched every pattern of its probe against every opcode
(a probe of a few thousand patterns and reads took minutes), and `neutrino check`'s summary
split the whole text again for every statement it showed and every warning it rendered. Sizes
are kept large so that a quadratic path comes back as a test run of minutes."""
from __future__ import annotations

import pytest

from neutrino_py.files import MAX_PROBE_BYTES
from neutrino_py.probe import check, load

HEAD = """// generated: maps and registers, then blocks of comments, registers and probes
map trace[warp]: record { u64 clock; u32 pc; lanes addr; u32 bytes; } pool 1 << 16
map moved[sm]: counter { u64 loads; u64 stores; }
map pages: hist[4096] u32;
"""
PATTERNS = ", ".join(["ld.global", "st.global.v4", "atom.global.add", "red.shared::cta"] * 600)
WIDE = (f"before {PATTERNS} {{\n"
        + "    moved.loads += BYTES; trace.save(clock(), PC, ADDR, BYTES);\n" * 150 + "}\n")


def block(i: int) -> str:
    """One block of a realistic probe file: a comment run, registers, a filtered probe with a
    long expression, and an exit probe whose constant filter is left out with a warning."""
    return (f"/* block {i}\n" + "   what the next probes keep, and why\n" * 4 + "*/\n"
            + "// a line comment\n" * 3
            + f"reg u64 a{i}, b{i};\n"
            + f"before ld.global, st.global / BYTES >= 4 && (ADDR & 15) == 0 && blockid() % 16 == "
              f"{i % 16} / {{\n"
              f"    trace.save(clock(), PC, ADDR, BYTES);\n"
              f"    moved.loads += BYTES;\n"
              f"    pages[(u32)((ADDR >> 12) & 4095)] += 1;\n"
              f"    a{i} = a{i} + ((ADDR >> 3) ^ (u64)BYTES) * 3 + (a{i} << 2) - (b{i} >> 1);\n"
              f"}}\n"
            + f"exit / 1 < 2 / {{ b{i} = globaltimer() - a{i}; }}\n")


def big_probe() -> tuple[str, int]:
    """Nearly MAX_PROBE_BYTES of probe text, and how many blocks it holds."""
    parts, size, i = [HEAD, WIDE], len(HEAD) + len(WIDE), 0
    while size + len(block(i)) < MAX_PROBE_BYTES - 1024:
        parts.append(block(i))
        size, i = size + len(block(i)), i + 1
    return "".join(parts), i


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("NEUTRINO_CACHE", str(tmp_path_factory.mktemp("cache")))
    text, blocks = big_probe()
    yield load(text, "big.probe"), blocks, text
    mp.undo()


def test_a_probe_of_nearly_1_mib_is_checked(program):
    p, blocks, text = program
    assert len(text) > MAX_PROBE_BYTES - 2048 and blocks > 1000
    assert (len(p.maps), len(p.regs), len(p.probes)) == (3, 2 * blocks, 1 + 2 * blocks)
    assert len(p.probes[0].position.target.patterns) == 2400 and len(p.probes[0].body) == 300
    assert all(q.filter is None for q in p.probes[2::2])
    assert [d.message for d in p.diagnostics] == [
        "the filter is always true: it is left out"] * blocks


def test_its_summary_shows_every_statement_and_the_first_warnings(program):
    p, blocks, _ = program
    lines = check.summary(p).splitlines()
    assert lines[0].startswith(f"big.probe: ok: 3 maps, {2 * blocks} registers, "
                               f"{1 + 2 * blocks} probes")
    assert lines[-1] == f"... and {blocks - check.MAX_SHOWN} more warnings"
    shown = [line for line in lines if line.startswith("       ") and line.endswith(";")]
    assert len(shown) == 300 + 5 * blocks
    assert sum(": warning: the filter is always true" in line for line in lines) == check.MAX_SHOWN

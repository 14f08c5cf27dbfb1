"""Which accesses through a generic address a probe naming a state space selects
(`splice.spaces`, `ast.Generic`), and that its derived probes assemble wherever the original does.
Exact maps on the simulators: tests/test_splice_simulated.py (PTX) and
tests/test_gcn_simulated.py (`flat_*`)."""
from __future__ import annotations

import pytest

from conftest import CORPUS
from neutrino_py.asm import parse_ptx
from neutrino_py.probe import load
from neutrino_py.splice import instrument
from neutrino_py.splice.spaces import with_generic

PTX_SPACES = ("global", "shared", "local", "const")


def derived(position: str, testable=PTX_SPACES):
    program = with_generic(load(f"map c[thread]: counter {{ u64 n; }}\n{position} {{ c.n += 1; }}\n",
                                "s.probe"), testable)
    return {p.filter.space: p.position.target for p in program.probes[1:]}


def test_each_named_space_gets_one_derived_probe_at_the_generic_forms():
    got = derived("before ld.global.v4, st.shared::cta, atom.global.add, ld.shared::cluster, "
                  "cp.async.ca.shared.global, ld.param")
    assert sorted(got) == ["global", "shared"]          # shared::cta is shared; cluster untested
    g, s = got["global"], got["shared"]
    assert [str(p) for p in g.patterns] == ["ld.v4", "atom.add"]
    assert g.matches("ld.v4.f32") and g.matches("atom.add.u32") and g.matches("ld.volatile.v4.u32")
    # accesses that name a space, and those the probe's own patterns select, are not generic
    for spelling in ("ld.global.v4.f32", "ld.shared.v4.f32", "ld.param.u64", "ld.local.v4.f32",
                     "ld.const.v4.f32", "ld.buffer.dwordx4", "atom.shared.add.u32", "cp.async.ca"):
        assert not g.matches(spelling), spelling
    assert s.matches("st.u32") and not s.matches("ld.u32") and not s.matches("st.shared.u32")
    assert str(g) == str(s) == ("ld.global.v4, st.shared::cta, atom.global.add, "
                                "ld.shared::cluster, cp.async.ca.shared.global, ld.param")


def test_patterns_already_selecting_generic_accesses_derive_nothing_twice():
    got = derived("before ld.global, ld")
    assert not got["global"].matches("ld.u32")            # the probe's own `ld` has it
    assert not derived("before ld.global, ld.*")["global"].matches("ld.v4.f32")
    assert derived("before ld, st, mma.sync") == {}
    assert derived("before *.shared")["shared"].matches("red.add.u32")
    assert not derived("before *.shared")["shared"].matches("mov.u32")
    assert derived("before ld.const", ("global", "shared", "local")) == {}   # GCN: no const


def test_a_derived_probe_keeps_the_filter_and_the_label_of_its_original():
    text = ("map r[thread]: record { u64 a; } pool 64\n"
            "before st.shared / ADDR > 16 / { r.save(ADDR); }\n")
    program = with_generic(load(text, "f.probe"), PTX_SPACES)
    own, made = program.probes
    assert made.origin == 0 and made.label == own.label and made.index == 1
    assert made.filter.op == "&&" and made.filter.left.space == "shared"
    assert made.filter.right.left.space == "shared"        # ADDR read as a shared address


@pytest.mark.parametrize("pattern", ["ld.shared::cta", "ld.global", "ld.local", "ld.const"])
def test_derived_probes_assemble_in_an_old_ptx_isa(pattern):
    """`isspacep.shared::cta` needs PTX ISA 7.8: the derived probe tests `shared`, the same."""
    from neutrino_py.assemble import ptx_to_cubin

    ptx = (CORPUS / "cuda" / "generic.sm_80.ptx").read_text()
    ptx = ptx.replace(ptx.split("\n.target")[0].splitlines()[-1], ".version 7.0")
    text = f"map c[thread]: counter {{ u64 n; }}\nbefore {pattern} {{ c.n += ADDR & 7; }}\n"
    result = instrument(parse_ptx(ptx, cache=False), load(text, "p.probe"))
    assert any(m.positions[next(iter(m.positions))] for m in result.manifests.values())
    assert ptx_to_cubin(result.module.to_text(), "sm_80")

"""PTX ISA 9.0 conformance, a construct family per module (tests/corpus_isa/README.md).

Each hand-written module parses (the body scan building what the grammar builds), prints as a
fixed point that ptxas assembles to the same cubin, is read by `neutrino inspect`, and
instruments under every stock probe and the probes its header names into PTX that ptxas
assembles for the module's `.target` (the ptxas steps skip where none is found). Header lines:

    // probe: PROBE TEXT                 instrumented too (one line of probe source)
    // probe: PROBE TEXT => N            ... and matches N positions over the module's kernels
    // refused: PROBE TEXT => MESSAGE    refused at a place in the probe or the module:
                                         `file:line:col: ...MESSAGE...`

The tests after the modules' are the regression tests of what they found in the engine.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import ROOT
from test_ptx_producers import assemble, printed
from test_ptx_roundtrip import PTX_TEXT_SECTIONS
from test_ptx_scan import shape
from neutrino_py import paths, toolchain
from neutrino_py.asm import ir, parse_ptx, parser
from neutrino_py.cli import main
from neutrino_py.errors import SourceError
from neutrino_py.image.elf import sections
from neutrino_py.probe import load, load_file
from neutrino_py.splice import instrument

PTXAS = toolchain.find_tool("ptxas")
needs_ptxas = pytest.mark.skipif(PTXAS is None, reason="ptxas not found")
MODULES = sorted((ROOT / "tests" / "corpus_isa").glob("*.ptx"))
STOCK = sorted(p.stem for p in paths.probes_dir().glob("*.probe"))
HEADER = re.compile(r"^// (probe|refused): (.*?)(?: => (.*))?$", re.M)


@dataclass(frozen=True)
class Probe:
    text: str
    expect: str | None          # positions matched, or the refusal's message


def probes_of(path: Path, kind: str = "probe") -> list[Probe]:
    return [Probe(m[2], m[3]) for m in HEADER.finditer(path.read_text()) if m[1] == kind]


def arch_of(text: str) -> str:
    return re.search(r"^\s*\.target\s+(\w+)", text, re.M)[1]


def _ids(modules: list[Path]) -> list[str]:
    return [p.stem for p in modules]


def test_every_module_is_listed_in_the_readme():
    readme = (ROOT / "tests" / "corpus_isa" / "README.md").read_text()
    assert sorted(re.findall(r"^- `(\w+)\.ptx`", readme, re.M)) == _ids(MODULES)


@pytest.mark.parametrize("path", MODULES, ids=_ids(MODULES))
def test_prints_as_a_fixed_point(path):
    once = printed(path.read_text())
    assert printed(once) == once


@pytest.mark.parametrize("path", MODULES, ids=_ids(MODULES))
def test_inspects(path, capsys):
    assert main(["inspect", str(path)]) == 0
    assert "Traceback" not in capsys.readouterr().err


@needs_ptxas
@pytest.mark.parametrize("path", MODULES, ids=_ids(MODULES))
def test_printed_module_assembles_to_the_same_cubin(path):
    """As test_ptx_roundtrip: every ELF section but those holding PTX text and line numbers."""
    text = path.read_text()
    original = sections(toolchain.run_ptxas(text, arch_of(text)))
    again = sections(toolchain.run_ptxas(printed(text), arch_of(text)))
    assert sorted(again) == sorted(original)
    for name, data in original.items():
        if name.removeprefix(".nv.merc") not in PTX_TEXT_SECTIONS:
            assert again[name] == data, f"section {name} differs"


CASES = [(path, probe) for path in MODULES for probe in [*STOCK, *probes_of(path)]]


def _case_id(case) -> str:
    path, probe = case
    return f"{path.stem}-{probe if isinstance(probe, str) else probes_of(path).index(probe)}"


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_instruments(case, tmp_path):
    path, probe = case
    text = path.read_text()
    program = load_file(probe) if isinstance(probe, str) else load(probe.text)
    result = instrument(parse_ptx(text, file=str(path), cache=False), program)
    assert result.manifests
    if isinstance(probe, Probe) and probe.expect is not None:
        assert sum(n for m in result.manifests.values() for n in m.positions.values()) == \
            int(probe.expect)
    if PTXAS is not None:
        assemble(result.module.to_text(), tmp_path, arch_of(text))


REFUSED = [(path, probe) for path in MODULES for probe in probes_of(path, "refused")]


@pytest.mark.parametrize("case", REFUSED, ids=[f"{p.stem}-{i}" for i, (p, _) in enumerate(REFUSED)])
def test_refuses_at_a_place(case):
    path, probe = case
    with pytest.raises(SourceError) as err:
        instrument(parse_ptx(path.read_text(), file=str(path), cache=False),
                   load(probe.text, "<probe>"))
    shown = str(err.value)
    assert re.match(rf"(<probe>|{re.escape(str(path))}):\d+:\d+: ", shown), shown
    assert probe.expect in shown


@pytest.mark.parametrize("path", MODULES, ids=_ids(MODULES))
def test_scan_builds_what_the_grammar_builds(path):
    """The fast body scan either hands a body to the grammar or builds what the grammar does."""
    for fn in parse_ptx(path.read_text(), cache=False).functions():
        (line, col), text = fn._body_pos, fn._body_text
        scanned = parser._scanner().scan(text, line, col)
        if scanned is not None:
            assert shape(scanned) == shape(parser.grammar_body(text, line, col, "<body>"))
        for s in ir.walk(fn.body):
            if isinstance(s, ir.Instruction) and s.args:
                assert s.operands == parser.grammar_args(s.args, s._named), s.args


# ---------------------------------------------------------------- what the modules found

def _instruction(body: str, arch: str = "sm_90") -> ir.Instruction:
    text = f".version 9.0\n.target {arch}\n.address_size 64\n.entry k(.param .u64 p)\n{{\n{body}\n}}\n"
    return next(parse_ptx(text, cache=False).function("k").instructions())


def test_a_texel_and_its_residency_predicate_are_one_destination():
    """`tex`/`tld4` with a predicate destination (`{%f1, ..}|%p1`, sparse textures) was a
    syntax error at its '|': a pair held only two names."""
    for args in ("{%f1, %f2, %f3, %f4}|%p1, [%rd1, {%f5, %f5}]",
                 "{%f1, %f2, %f3, %f4} | %p1, [%rd1, {%f5, %f5}]"):
        ins = _instruction(f"tex.2d.v4.f32.f32 {args};")
        assert parser.grammar_args(ins.args, ins._named) == ins.operands
        assert isinstance(ins.operands[0], ir.PredPair)
        assert ins.regs_written() == {"%f1", "%f2", "%f3", "%f4", "%p1"}
        assert ins.regs_read() == {"%rd1", "%f5"}


def test_out_and_in_of_a_b128_register_are_its_low_64_bits(tmp_path):
    """OUT/IN1 of a `.b128` register rendered `mov.b32 %nt_r0, %q1`, which ptxas refuses: a
    128-bit register is split with `mov.b128 {lo, hi}` and gives its low half."""
    text = """.version 9.0\n.target sm_90\n.address_size 64
.visible .entry k(.param .u64 p)
{
\t.reg .b128 %q<2>;
\t.reg .b64 %rd<2>;
\tld.param.u64 %rd1, [p];
\tld.global.b128 %q1, [%rd1];
\tst.global.b128 [%rd1+16], %q1;
\tret;
}
"""
    probe = ("map m[thread]: record { u64 out; u64 in; } pool 64\n"
             "after ld.global.b128 { m.save(OUT, 0); }\nbefore st.global { m.save(0, IN2); }")
    out = instrument(parse_ptx(text, cache=False), load(probe)).module.to_text()
    assert len(re.findall(r"mov\.b128\s+\{%nt_rd\d+, %nt_rd\d+\}, %q1;", out)) == 2
    if PTXAS is not None:
        assemble(out, tmp_path, "sm_90")


def test_a_vector_register_and_its_components_are_read_at_their_width(tmp_path):
    """`.reg .v2 .f64 %vd`: OUT of the whole register rendered `mov.b32 %nt_r0, %vd` and IN1 of
    `%vd.y` read a 64-bit component as 32 bits (`mov.b32 %nt_r0, %vd.y`); ptxas refuses both.
    The whole register gives its first component, each component its declared width."""
    text = """.version 9.0\n.target sm_90\n.address_size 64
.visible .entry k(.param .u64 p)
{
\t.reg .f64 %fd<3>;
\t.reg .v2 .f64 %vd;
\t.reg .v4 .b32 %vr<2>;
\t.reg .b64 %rd<2>;
\tld.param.u64 %rd1, [p];
\tmov.v2.f64 %vd, {%fd1, %fd2};
\tmov.f64 %fd1, %vd.y;
\tmov.v4.b32 %vr1, {1, 2, 3, 4};
\tst.global.f64 [%rd1], %fd1;
\tst.global.v4.b32 [%rd1+16], %vr1;
\tret;
}
"""
    probe = ("map m[thread]: record { u64 v; } pool 64\n"
             "after mov.v2, mov.v4 { m.save(OUT); }\nbefore mov.f64 { m.save(IN1); }")
    out = instrument(parse_ptx(text, cache=False), load(probe)).module.to_text()
    for read in (r"mov\.b64 \t%nt_rd\d+, %vd\.x;", r"mov\.b64 \t%nt_rd\d+, %vd\.y;",
                 r"mov\.b32 \t%nt_r\d+, %vr1\.x;"):
        assert re.search(read, out), read
    if PTXAS is not None:
        assemble(out, tmp_path, "sm_90")


def test_current_graph_exec_is_a_64_bit_register(tmp_path):
    """IN1 of `mov.u64 %rd1, %current_graph_exec` read the special register as 32 bits."""
    text = """.version 9.0\n.target sm_90\n.address_size 64
.visible .entry k(.param .u64 p)
{
\t.reg .b64 %rd<3>;
\tld.param.u64 %rd1, [p];
\tmov.u64 %rd2, %current_graph_exec;
\tst.global.u64 [%rd1], %rd2;
\tret;
}
"""
    probe = "map m[thread]: record { u64 v; } pool 64\nbefore mov { m.save(IN1); }"
    out = instrument(parse_ptx(text, cache=False), load(probe)).module.to_text()
    assert "mov.b64 \t%nt_rd0, %current_graph_exec;" in out
    if PTXAS is not None:
        assemble(out, tmp_path, "sm_90")


def test_video_operand_selectors_parse_and_are_read_as_their_register(tmp_path):
    """`vsub.s32.s32.u32.add %r5, %r1.b0, %r2.b1, %r3;` was a syntax error at '.b0' (byte and
    half selectors of video instructions; SIMD forms `.h10`, `.b3210`). IN1 there is the whole
    register's bits: a selector is not allowed on `mov`."""
    for args in ("%r5, %r1.b0, %r2.h1, %r3", "%r5, %r1.b3210, %r2.b7654, %r3"):
        ins = _instruction(f"vsub.s32.s32.u32.add {args};")
        assert parser.grammar_args(ins.args, ins._named) == ins.operands
        assert ins.operands[1] == ir.Register(args.split(", ")[1])
    text = """.version 9.0\n.target sm_90\n.address_size 64
.visible .entry k(.param .u64 p)
{
\t.reg .b32 %r<4>;
\t.reg .b64 %rd<2>;
\tld.param.u64 %rd1, [p];
\tld.global.u32 %r1, [%rd1];
\tvadd.u32.u32.u32.sat %r2, %r1.b2, %r1.h1;
\tvadd2.u32.u32.u32 %r3, %r1.h10, %r2.h01, %r2;
\tst.global.u32 [%rd1], %r3;
\tret;
}
"""
    probe = "map m[thread]: record { u64 a; u64 b; } pool 64\nbefore vadd, vadd2 { m.save(IN1, IN2); }"
    out = instrument(parse_ptx(text, cache=False), load(probe)).module.to_text()
    assert re.search(r"mov\.b32 \t%nt_r\d+, %r1;", out) and ".b2;" not in out.replace("%r1.b2, ", "")
    if PTXAS is not None:
        assemble(out, tmp_path, "sm_90")


@pytest.mark.parametrize("module, pattern, wait", [
    ("wgmma", "wgmma.mma_async", "wgmma.wait_group"), ("tcgen05", "tcgen05.ld", "tcgen05.wait::ld")])
def test_out_of_an_asynchronous_destination_is_refused_where_it_is_read(module, pattern, wait):
    """OUT after `wgmma.mma_async` / `tcgen05.ld` read registers the instruction had not written
    yet (they hold their value only after the wait), and at a wgmma made ptxas inject a
    warpgroup.arrive around the read: refused at the probe's OUT, naming the kernel's line."""
    path = ROOT / "tests" / "corpus_isa" / f"{module}.ptx"
    probe = f"map m[warp]: record {{ u64 v; }} pool 64\nafter {pattern} {{ m.save(OUT); }}"
    with pytest.raises(SourceError) as err:
        instrument(parse_ptx(path.read_text(), file=str(path), cache=False), load(probe, "p.probe"))
    shown = str(err.value)
    assert shown.startswith("p.probe:2:") and f"only after `{wait}`" in shown
    assert re.search(rf"{re.escape(str(path))}:\d+\)", shown)


@pytest.mark.parametrize("ending, runs_off", [
    ("\tst.global.u32 [%rd1], 1;\n", True), ("$L_end:\n", True), ("", True),
    ("\t@%p1 ret;\n", True), ("\tret;\n", False), ("\ttrap;\n", False),
    ("$L_spin:\n\tbra.uni $L_spin;\n", False), ("\tret;\n$L__func_end0:\n", False),
    ("\t@%p1 bra $L_end;\n\tret;\n$L_end:\n", True)])
def test_a_kernel_whose_end_is_reachable_runs_its_exit_probes_there(ending, runs_off, tmp_path):
    """A kernel may end without `ret` (control reaching its closing brace returns): exit probes
    matched nothing there, so such threads never saved (block_sched: no record). A `ret` is put
    at a reachable end; an end no path reaches (nvcc -G's `$L__func_end0:` after the last `ret`)
    is left as it is."""
    text = (".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n"
            "\t.reg .pred %p<2>;\n\t.reg .b64 %rd<2>;\n\tld.param.u64 %rd1, [p];\n"
            "\tsetp.eq.u64 %p1, %rd1, 0;\n" + ending + "}\n")
    probe = "map m[warp]: record { u32 pc; } pool 64\nexit { m.save(PC); }"
    result = instrument(parse_ptx(text, cache=False), load(probe))
    exits = ending.count("ret") + runs_off
    assert sum(result.manifests["k"].positions.values()) == exits
    out = result.module.to_text()
    assert out.rstrip().endswith("ret;\n}") == (runs_off or ending == "\tret;\n")
    if PTXAS is not None:
        assemble(out, tmp_path, "sm_90")


def test_a_predicate_special_register_is_read_as_one_bit(tmp_path):
    """IN1 of `mov.pred %p1, %is_explicit_cluster` read the register as 32 bits (`mov.b32`),
    and `selp` takes no special register: it is copied to a predicate first."""
    text = """.version 9.0\n.target sm_90\n.address_size 64
.visible .entry k(.param .u64 p)
{
\t.reg .pred %p<2>;
\t.reg .b32 %r<2>;
\t.reg .b64 %rd<2>;
\tld.param.u64 %rd1, [p];
\tmov.pred %p1, %is_explicit_cluster;
\tselp.u32 %r1, 1, 0, %p1;
\tst.global.u32 [%rd1], %r1;
\tret;
}
"""
    probe = "map m[thread]: record { u64 v; } pool 64\nbefore mov.pred { m.save(IN1); }"
    out = instrument(parse_ptx(text, cache=False), load(probe)).module.to_text()
    assert re.search(r"mov\.pred \t(%nt_p\d+), %is_explicit_cluster;\n\tselp\.u64 \t%nt_rd\d+, 1, 0, \1;", out)
    if PTXAS is not None:
        assemble(out, tmp_path, "sm_90")


def test_out_of_a_texel_with_its_predicate_and_of_a_call_reads_their_first_register(tmp_path):
    """OUT of `tex ... {%f1, ..}|%p1` was 0 (the pair's first element, a vector, was not
    unwrapped), and of `call (%r3), f, (%r1)` 0 (a parameter list was not read); a call's
    `.param` return value has no value to read and is refused at the probe."""
    text = """.version 9.0\n.target sm_90\n.address_size 64
.func (.reg .b32 r) twice(.reg .b32 a)
{
\tadd.u32 r, a, a;
\tret;
}
.visible .entry k(.param .u64 p, .param .u64 t)
{
\t.reg .pred %p<2>;
\t.reg .b32 %r<4>;
\t.reg .f32 %f<6>;
\t.reg .b64 %rd<3>;
\tld.param.u64 %rd1, [p];
\tld.param.u64 %rd2, [t];
\tmov.u32 %r1, 1;
\ttex.2d.v4.f32.s32 {%f1, %f2, %f3, %f4}|%p1, [%rd2, {%r1, %r1}];
\tcall (%r3), twice, (%r1);
\tst.global.f32 [%rd1], %f1;
\tst.global.u32 [%rd1+4], %r3;
\tret;
}
"""
    probe = "map m[thread]: record { u64 v; } pool 64\nafter tex, call { m.save(OUT); }"
    out = instrument(parse_ptx(text, cache=False), load(probe)).module.to_text()
    assert re.search(r"\}\|%p1, \[%rd2, \{%r1, %r1\}\];\n\tmov\.b32 \t%nt_r\d+, %f1;", out)
    assert re.search(r"call \t\(%r3\), twice, \(%r1\);\n\tmov\.b32 \t%nt_r\d+, %r3;", out)
    if PTXAS is not None:
        assemble(out, tmp_path, "sm_90")
    path = ROOT / "tests" / "corpus_isa" / "callprototype.ptx"
    with pytest.raises(SourceError, match="OUT cannot be read at `call.*a parameter of one call"):
        instrument(parse_ptx(path.read_text(), file=str(path), cache=False),
                   load("map m[thread]: record { u64 v; } pool 64\nafter call { m.save(OUT); }"))


def test_labels_take_a_prefix_no_name_of_the_module_starts_with(tmp_path):
    """A kernel's own `$nt_L0:` collided with the first label the instrumentation made (ptxas:
    duplicate definition), then was refused; now the labels take the first prefix of `$nt_L`,
    `$nt1_L`, `$nt2_L`... that starts no label or variable of the kernel and no symbol of the
    module (ptxas reads `bra $nt1_L0` as the variable `$nt1_L0` there)."""
    text = (".version 9.0\n.target sm_90\n.address_size 64\n.global .u32 $nt1_L7;\n"
            ".visible .entry k(.param .u64 p)\n{\n\t.reg .pred %p<2>;\n\t.reg .b64 %rd<2>;\n"
            "$nt_L0:\n\tld.param.u64 %rd1, [p];\n\tsetp.eq.u64 %p1, %rd1, 0;\n"
            "\t@%p1 bra $nt_L0;\n\tst.global.u32 [%rd1], 1;\n\tret;\n}\n")
    probe = "map m[thread]: record { u64 a; } pool 64\nbefore st.global { m.save(ADDR); }"
    out = instrument(parse_ptx(text, cache=False), load(probe)).module.to_text()
    labels = re.findall(r"^(\$nt\w*):", out, re.M)
    assert labels[0] == "$nt_L0" and len(labels) > 1
    assert all(re.fullmatch(r"\$nt2_L\d+", n) for n in labels[1:]), labels
    assert "@%p1 bra \t$nt_L0;" in out
    if PTXAS is not None:
        assemble(out, tmp_path, "sm_90")
    plain = instrument(parse_ptx(text.replace("$nt", "$x"), cache=False), load(probe))
    assert re.findall(r"^(\$nt\w*):", plain.module.to_text(), re.M) == \
        [f"$nt_L{n}" for n in range(len(labels) - 1)]

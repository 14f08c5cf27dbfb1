"""asm.reach: the `.global`/`.const` variables a kernel reaches and whether it may write them (the
shim copies them into the twin before its launch and the writable ones back after it,
docs/contracts.md §6 "Module variables"), on hand-written modules ptxas assembles, on every kernel
of the corpus, and in the engine's `instrument` reply; and the module a twin is assembled from
(`twin_module`: the other kernels left out where nothing reaches them)."""
from __future__ import annotations

import pytest

from conftest import CORPUS, ROOT
from neutrino_py import probe, toolchain
from neutrino_py.asm import ir, parse_ptx
from neutrino_py.asm.reach import Variable, reached, twin_module

HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n\n"
PTXAS = toolchain.find_tool("ptxas")
INDEPENDENT = HEAD.replace(".target sm_90", ".target sm_90, texmode_independent")


def kernel(body: str, name: str = "kern") -> str:
    """A kernel around `body`: %r1 (1) is stored to its param's address at the end."""
    return (f".visible .entry {name}(.param .u64 {name}_out)\n{{\n\t.reg .f32 %f<5>;\n\t.reg .f64 %fd<2>;\n"
            f"\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<5>;\n\tld.param.u64 %rd4, [{name}_out];\n\tmov.u32 %r1, 1;\n"
            f"{body}\n\tst.global.u32 [%rd4], %r1;\n\tret;\n}}\n")


def module(decls: str, body: str, functions: str = "", head: str = HEAD) -> str:
    return f"{head}{decls}\n\n{functions}{kernel(body)}"


def func(name: str, body: str) -> str:
    return f".func {name}()\n{{\n\t.reg .b32 %q<2>;\n{body}\n\tret;\n}}\n\n"


G = ".global .align 4 .u32 g;"
CASES = {
    "const read by ld.const": (
        module(".const .align 4 .f32 k;", "\tld.const.f32 %f1, [k];"), [("k", False)]),
    "const whose address is taken": (
        module(".const .align 4 .u32 k;", "\tmov.u64 %rd1, k;\n\tst.global.u64 [%rd4], %rd1;"), [("k", False)]),
    "global read by ld, ldu and prefetch": (
        module(G + "\n.global .align 4 .u32 h[4];",
               "\tld.global.u32 %r1, [g];\n\tldu.global.u32 %r2, [h+8];\n\tprefetch.global.L2 [h+4];"),
        [("g", False), ("h", False)]),
    "global read by a generic ld": (module(G, "\tld.u32 %r1, [g];"), [("g", False)]),
    "global written by st": (module(G, "\tst.global.u32 [g], %r1;"), [("g", True)]),
    "global written by atom": (module(G, "\tatom.global.add.u32 %r2, [g], 1;"), [("g", True)]),
    "global written by red": (module(G, "\tred.global.add.u32 [g], 1;"), [("g", True)]),
    "address taken by mov": (
        module(G, "\tmov.u64 %rd1, g;\n\tst.global.u64 [%rd4], %rd1;"), [("g", True)]),
    "element address taken by mov": (
        module(".global .align 4 .u32 a[4];", "\tmov.u64 %rd1, a+8;\n\tst.global.u64 [%rd4], %rd1;"),
        [("a", True)]),
    "address taken by cvta": (
        module(G, "\tcvta.global.u64 %rd1, g;\n\tst.global.u64 [%rd4], %rd1;"), [("g", True)]),
    "reached through a called function": (
        module(G, "\tcall helper, ();", func("helper", "\tst.global.u32 [g], %q1;")), [("g", True)]),
    "reached through a function's function": (
        module(G, "\tcall outer, ();",
               func("inner", "\tld.global.u32 %q1, [g];") + func("outer", "\tcall inner, ();")),
        [("g", False)]),
    "reached through a function whose address is taken": (
        module(G, "\tmov.u64 %rd1, helper;\n\tproto: .callprototype ()_ ();\n\tcall %rd1, (), proto;",
               func("helper", "\tatom.global.inc.u32 %q1, [g], 9;")),
        [("g", True)]),
    "a function the kernel does not name": (
        module(G + "\n.global .align 4 .u32 h;", "\tld.global.u32 %r1, [h];",
               func("unused", "\tst.global.u32 [g], %q1;")),
        [("h", False)]),
    "not reached": (module(G, "\tadd.u32 %r1, %r1, 1;"), []),
    "another kernel's": (
        module(G + "\n.global .align 4 .u32 h;", "\tld.global.u32 %r1, [h];",
               kernel("\tst.global.u32 [g], %r1;", "other")),
        [("h", False)]),
    "extern": (module(".extern .global .align 4 .u32 e;", "\tld.global.u32 %r1, [e];"), []),
    "texref and surfref": (
        module(".global .texref t;\n.global .surfref s;",
               "\ttex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t, {%f1, %f2}];\n"
               "\tsuld.b.2d.b32.trap {%r2}, [s, {%r1, %r1}];"),
        []),
    "samplerref": (
        module(".global .texref t;\n.global .samplerref smp;",
               "\ttex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t, smp, {%f1, %f2}];", head=INDEPENDENT),
        []),
    "shared and local": (
        module(".shared .align 4 .u32 sm[8];",
               "\t.local .align 4 .u32 lo[2];\n\tst.shared.u32 [sm], %r1;\n\tst.local.u32 [lo], %r1;\n"
               "\tld.local.u32 %r2, [lo+4];\n\tld.shared.u32 %r1, [sm+4];"),
        []),
    "array and vector types": (
        module(".global .align 16 .v4 .f32 v;\n.const .align 8 .v2 .u32 cv[3];\n.global .align 8 .b8 bytes[24];",
               "\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [v];\n\tld.const.v2.u32 {%r1, %r2}, [cv+8];\n"
               "\tst.global.v2.u32 [bytes+16], {%r1, %r2};"),
        [("v", False), ("cv", False), ("bytes", True)]),
    "in the module's order": (
        module(".global .align 4 .u32 z;\n.const .align 4 .u32 y;\n.global .align 4 .u32 x;",
               "\tst.global.u32 [x], %r1;\n\tld.const.u32 %r1, [y];\n\tld.global.u32 %r1, [z];"),
        [("z", False), ("y", False), ("x", True)]),
    # initialisers of numbers only: hex floats (what nvcc writes for `__constant__ float k = 1.0f`),
    # hex, binary and octal integers, unsigned suffixes, negative numbers, an array sized by them
    "initialised with numbers": (
        module(".const .align 4 .f32 kf = 0f3F800000;\n.const .align 8 .f64 kd = 0d3FF0000000000000;\n"
               ".global .align 4 .u32 hx = 0xFF;\n.global .align 4 .s32 neg[2] = {-1, 0b101};\n"
               ".global .align 4 .u32 oc = 017;\n.global .align 4 .u32 us = 42U;\n"
               ".global .align 4 .u32 sized[] = {1, 2, 3};",
               "\tld.const.f32 %f1, [kf];\n\tld.const.f64 %fd1, [kd];\n\tld.global.u32 %r1, [hx];\n"
               "\tld.global.u32 %r1, [neg+4];\n\tld.global.u32 %r1, [oc];\n\tst.global.u32 [us], %r1;\n"
               "\tld.global.u32 %r1, [sized+8];"),
        [("kf", False), ("kd", False), ("hx", False), ("neg", False), ("oc", False), ("us", True),
         ("sized", False)]),
    # a variable initialised with addresses keeps the twin's own (they point into the twin); what
    # they point at is reached through it, and may be written through it
    "initialised with a function's address": (
        HEAD + G + "\n" + func("helper", "\tld.global.u32 %q1, [g];")
        + ".global .align 8 .u64 fp[1] = {helper};\n\n"
        + kernel("\tld.global.u64 %rd1, [fp];\n\tproto: .callprototype ()_ ();\n\tcall %rd1, (), proto;"),
        [("g", False)]),
    "initialised with a variable's address": (
        module(".const .align 4 .u32 table[4] = {1, 2, 3, 4};\n.global .align 4 .u32 d;\n"
               ".global .align 8 .u64 p = generic(d);\n.global .align 8 .u64 q = table;\n"
               ".global .align 8 .u64 pp = generic(p);",
               "\tld.global.u64 %rd1, [pp];\n\tld.global.u64 %rd2, [q];"),
        [("table", False), ("d", True)]),
}


@pytest.mark.parametrize("case", CASES)
def test_reached_variables_and_whether_the_kernel_may_write_them(case):
    text, expected = CASES[case]
    assert reached(parse_ptx(text), "kern").variables == [Variable(name, writable) for name, writable in expected]


@pytest.mark.skipif(PTXAS is None, reason="ptxas not found")
@pytest.mark.parametrize("case", CASES)
def test_each_case_is_a_module_ptxas_assembles(case):
    cubin, _ = toolchain.ptxas_assemble(CASES[case][0], "sm_90")
    assert cubin[:4] == b"\x7fELF"


def _declared(module: ir.Module) -> dict[str, ir.VarDecl]:
    return {item.name: item for item in module.items
            if isinstance(item, ir.VarDecl) and item.space in ("global", "const")}


CORPUS_FILES = sorted(CORPUS.rglob("*.ptx"))


def test_every_corpus_kernel_reaches_only_variables_its_module_declares():
    kernels = listed = 0
    for path in CORPUS_FILES:
        mod = parse_ptx(path.read_text(), file=str(path))
        declared = _declared(mod)
        order = list(declared)
        for fn in mod.kernels():
            found = reached(mod, fn.name).variables
            kernels, listed = kernels + 1, listed + len(found)
            names = [v.name for v in found]
            assert set(names) <= set(declared), (path, fn.name)
            assert names == sorted(names, key=order.index), (path, fn.name)
            for v in found:
                decl = declared[v.name]
                assert "extern" not in decl.linkage and decl.type in ir.TYPE_BYTES, (path, v)
                assert not (v.writable and decl.space == "const"), (path, v)
    assert len(CORPUS_FILES) > 100 and kernels > 200 and listed > 0


@pytest.mark.parametrize("path, name, expected", [
    # horner (called) takes lookup's address; call_horner loads bias (= 0f3E800000)
    ("llvm_nvptx/kernels.19.1.7.sm_90.ptx", "call_horner", [("lookup", True), ("bias", False)]),
    # table_ptr (= table) is loaded and table read through it; weak_scale is loaded
    ("llvm_nvptx/ir_kernels.22.1.0.sm_90.ptx", "ll_vector", [("table", True), ("weak_scale", False)]),
    ("cuda/vector_add.sm_90.ptx", "vector_add", []),
])
def test_corpus_kernels_reach_the_variables_read_off_their_ptx(path, name, expected):
    assert reached(parse_ptx((CORPUS / path).read_text()), name).variables == [Variable(*v) for v in expected]


VARIABLES = module(".global .align 8 .u64 counter;\n.const .align 4 .f32 scale = 0f3FC00000;\n"
                   ".global .align 4 .u32 unused;",
                   "\tld.const.f32 %f1, [scale];\n\tatom.global.add.u64 %rd1, [counter], 1;\n"
                   "\tld.global.f32 %f2, [%rd4];")


def test_the_instrument_reply_lists_the_kernels_variables_after_its_maps():
    if PTXAS is None:
        pytest.skip("ptxas not found")
    from neutrino_py.hook.engine import Engine
    eng = Engine(probe.load_file(ROOT / "probes" / "dmat.probe"), cache_dirs=lambda: [])
    k = eng(VARIABLES.encode(), "kern", 90)
    assert k.instrumented, k.reason
    assert k.variables == (("counter", True), ("scale", False))
    lines = k.reply("/c/k.cubin").splitlines()
    maps = [i for i, line in enumerate(lines) if line.startswith("map ")]
    assert maps and lines[max(maps) + 1:] == ["var 1 counter", "var 0 scale"]


def _functions(module: ir.Module) -> list[str]:
    return [item.name for item in module.items if isinstance(item, ir.Function)]


LAUNCHER = HEAD + """.extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.func helper();
.global .align 1 .b8 fmt[3] = {37, 100, 0};

.visible .entry listed(.param .u64 listed_out)
{
\tret;
}

.global .align 8 .u64 kernels[1] = {listed};

.visible .entry launched(.param .u64 launched_out)
{
\tret;
}

.visible .entry other(.param .u64 other_out)
{
\tcall.uni helper, ();
\tret;
}

.func helper()
{
\tret;
}

""" + kernel("\tmov.u64 %rd1, launched;\n\tst.global.u64 [%rd4], %rd1;\n\tmov.u64 %rd2, fmt;\n"
             "\tcvta.global.u64 %rd2, %rd2;\n\t{\n\t.param .b64 p0;\n\tst.param.b64 [p0], %rd2;\n"
             "\t.param .b64 p1;\n\tst.param.b64 [p1], 0;\n\t.param .b32 r;\n"
             "\tcall.uni (r), vprintf, (p0, p1);\n\t}")


def test_a_twin_keeps_the_functions_its_kernel_or_an_initialiser_reaches():
    """kern takes launched's address and calls vprintf; kernels[] names listed: those stay, with
    vprintf's declaration; other and the helper only it calls go, the helper's declaration too."""
    mod = parse_ptx(LAUNCHER)
    twin = twin_module(mod, reached(mod, "kern"))
    assert _functions(twin) == ["vprintf", "listed", "launched", "kern"]
    assert [i for i in twin.items if not isinstance(i, ir.Function)] == \
        [i for i in mod.items if not isinstance(i, ir.Function)]
    assert _functions(twin_module(mod, reached(mod, "other"))) == \
        ["vprintf", "helper", "listed", "other", "helper"]
    if PTXAS is not None:
        for name in ("kern", "other", "launched"):
            cubin, _ = toolchain.ptxas_assemble(twin_module(mod, reached(mod, name)).to_text(), "sm_90")
            assert cubin[:4] == b"\x7fELF"


MULTI_KERNEL = [p for p in CORPUS_FILES if p.read_text().count(".entry ") > 1]


@pytest.mark.skipif(PTXAS is None, reason="ptxas not found")
@pytest.mark.parametrize("path", MULTI_KERNEL, ids=lambda p: p.name)
def test_each_kernels_twin_module_of_a_corpus_module_assembles_alone(path):
    """Every kernel of every corpus module of several kernels: its twin module holds
    no kernel it does not reach, keeps every variable, and ptxas assembles it."""
    mod = parse_ptx(path.read_text(), file=str(path))
    arch = mod.arch or "sm_90"
    for fn in mod.kernels():
        twin = twin_module(mod, reached(mod, fn.name))
        kept = {k.name for k in twin.kernels()}
        assert fn.name in kept and kept <= reached(mod, fn.name).functions | _initialised(mod)
        assert _declared(twin) == _declared(mod)
        cubin, _ = toolchain.ptxas_assemble(twin.to_text(), arch)
        assert cubin[:4] == b"\x7fELF", (path, fn.name)


def _initialised(module: ir.Module) -> set[str]:
    """Names any variable's initialiser holds (the functions a twin keeps whatever it reaches)."""
    return {w.strip("{}() ") for item in module.items if isinstance(item, ir.VarDecl) and item.init
            for w in item.init.replace(",", " ").split()}

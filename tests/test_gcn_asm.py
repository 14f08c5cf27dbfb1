"""GCN assembly: the grammar and IR on the corpus, and the printed text reassembling byte for byte."""
from __future__ import annotations

from pathlib import Path

import pytest

from neutrino_py.asm.gcn import Func, Imm, ListOp, Loc, Modified, Register, Sym
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.assemble import gcn as tools
from neutrino_py.errors import SourceError

CORPUS = Path(__file__).parent / "corpus_gcn"
FILES = sorted(CORPUS.glob("*.s"))


def _mcpu(path: Path) -> str:
    return path.name.split(".")[1]


def needs(mcpu: str):
    if tools.llvm_tool("llvm-mc") is None or not tools.supports(mcpu):
        pytest.skip(f"no llvm-mc that assembles code object v5 for {mcpu} (apt-get install llvm-19)")


def test_corpus_has_both_processors_and_every_kernel():
    """Every source (HIP or LLVM IR) is built for both processors, with the same kernels."""
    sources = sorted(p.stem for p in [*CORPUS.glob("*.hip"), *CORPUS.glob("*.ll")])
    assert sorted(f.name for f in FILES) == sorted(f"{s}.{g}.s" for s in sources for g in ("gfx90a", "gfx942"))
    want = {"kernels": ["vector_add", "saxpy", "reduce_sum", "histogram", "collatz",
                        "transpose_2d", "wave_ops"],
            "shapes": ["branchy", "nested_loops", "block_max", "lane_rotate", "mfma_tile",
                       "mfma_agpr"],
            "pressure": ["vgpr_full", "sgpr_full"]}
    names = {f.name: parse_gcn(f.read_text(), str(f)).kernel_names() for f in FILES}
    for s in sources:
        assert names[f"{s}.gfx90a.s"] == names[f"{s}.gfx942.s"] == want.get(s, names[f"{s}.gfx90a.s"])
    assert len(sources) >= 40 and sum(map(len, names.values())) >= 380


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_roundtrip_reassembles_to_identical_object(path):
    text = path.read_text()
    module = parse_gcn(text, str(path))
    needs(_mcpu(path))
    original = tools.gcn_to_object(text, module.target_id)
    assert tools.gcn_to_object(module.to_text(), module.target_id) == original
    module.metadata().doc            # force the YAML to be printed from the parsed document
    assert tools.gcn_to_object(module.to_text(), module.target_id) == original


def test_operands_and_modifiers_are_typed():
    m = parse_gcn("""\tv_cmp_ge_f32_e64 s[2:3], |v1|, -v3
\tglobal_load_dword v1, v[4:5], off offset:16 glc slc
\tv_mov_b32_dpp v2, v1 row_shr:2 row_mask:0xf bank_mask:0xf
\tv_cvt_f16_u16_sdwa v0, v6 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1
\ts_getreg_b32 s8, hwreg(HW_REG_HW_ID, 8, 8)
\ts_waitcnt vmcnt(0) lgkmcnt(0)
\tv_pk_fma_f16 v0, v1, v2, v3 op_sel:[0,1,0] neg_lo:[1,0,0]
\ts_add_u32 s4, s4, foo@rel32@lo+4
\tv_fma_f32 v1, -|v1|, -0.5, ttmp[4:5]
""")
    cmp, load, dpp, sdwa, getreg, wait, pk, add, fma = m.statements
    assert cmp.operands == [Register("s", 2, 2, True), Modified(Register("v", 1), abs=True),
                            Modified(Register("v", 3), neg=True)]
    assert load.operands[1] == Register("v", 4, 2, True) and load.operands[2] == Sym("off")
    assert [(x.name, x.value) for x in load.modifiers] == [("offset", "16"), ("glc", None),
                                                           ("slc", None)]
    assert [x.name for x in dpp.modifiers] == ["row_shr", "row_mask", "bank_mask"]
    assert sdwa.modifier("src0_sel").value == "BYTE_1"
    assert getreg.operands[1] == Func("hwreg", (Sym("HW_REG_HW_ID"), Imm("8"), Imm("8")))
    assert wait.operands == [Func("vmcnt", (Imm("0"),))] and wait.modifiers[0].name == "lgkmcnt"
    assert pk.modifier("op_sel").value == ListOp((Imm("0"), Imm("1"), Imm("0")))
    assert add.operands[2] == Sym("foo@rel32@lo+4")
    assert fma.operands[1] == Modified(Register("v", 1), neg=True, abs=True)
    assert fma.operands[2].value == -0.5 and fma.operands[3] == Register("ttmp", 4, 2, True)
    assert (load.line, load.col) == (2, 2)
    assert "\n".join(s.to_text() for s in m.statements).count("\n") == 8


def test_keyed_functions_and_strings_are_operands_llvm_mc_reads_back():
    m = parse_gcn('\tds_swizzle_b32 v1, v1 offset:swizzle(BITMASK_PERM,"ppppp")\n'
                  "\tds_swizzle_b32 v3, v2 offset:swizzle(SWAP,1)\n\ts_waitcnt vmcnt(0) lgkmcnt(0)\n")
    perm, swap, wait = m.statements
    assert perm.modifier("offset").value == Func("swizzle", (Sym("BITMASK_PERM"), Sym('"ppppp"')))
    assert swap.modifier("offset").value == Func("swizzle", (Sym("SWAP"), Imm("1")))
    assert m.to_text() == ('\tds_swizzle_b32 v1, v1 offset:swizzle(BITMASK_PERM, "ppppp")\n'
                           "\tds_swizzle_b32 v3, v2 offset:swizzle(SWAP, 1)\n\ts_waitcnt vmcnt(0) lgkmcnt(0)\n")


def test_metadata_strings_llvm_would_read_as_another_type_are_tagged():
    """An argument named `n` is a bool to LLVM's YAML reader unless tagged `!str` (as LLVM
    writes it): the printed document must keep the tag, or llvm-mc rejects the metadata."""
    path = CORPUS / "ir_scalar.gfx90a.s"
    module = parse_gcn(path.read_text(), str(path))
    loop = module.kernel("ir_uniform_loop").metadata
    assert [a[".name"] for a in loop[".args"][:3]] == ["out", "in", "n"]
    for a, name in zip(loop[".args"], ["n", "1e3", "0x10", "inf", "on", "~", "y1", "name"]):
        a[".name"] = name
    text = module.to_text()
    assert "!str 'n'" in text and "!str '0x10'" in text and ".name: y1" in text
    names = [a[".name"] for a in parse_gcn(text).kernel("ir_uniform_loop").metadata[".args"][:8]]
    assert names == ["n", "1e3", "0x10", "inf", "on", "~", "y1", "name"]
    needs("gfx90a")
    tools.gcn_to_object(text, module.target_id)


def test_target_features_reach_the_assembler():
    """`.amdgcn_target "...--gfx90a:sramecc+:xnack+"`: llvm-mc must be given the same features."""
    path = CORPUS / "xnack.gfx90a.s"
    module = parse_gcn(path.read_text(), str(path))
    assert (module.target, module.target_id) == ("gfx90a", "gfx90a:sramecc+:xnack+")
    assert tools._target_flags(module.target_id) == ["-mcpu=gfx90a", "-mattr=+sramecc,+xnack"]
    assert tools._target_flags("gfx942") == ["-mcpu=gfx942"]


def test_unknown_opcodes_parse_without_grammar_changes():
    (ins,) = parse_gcn("\tv_future_op_b96 v[0:2], s[4:6], 0x7 brand_new_mod:3\n").statements
    assert ins.opcode == "v_future_op_b96" and ins.operands[0] == Register("v", 0, 3, True)
    assert ins.modifier("brand_new_mod").value == "3"


def test_descriptor_and_metadata_are_structured():
    path = CORPUS / "kernels.gfx90a.s"
    m = parse_gcn(path.read_text(), str(path))
    k = m.kernel("vector_add")
    assert k.descriptor.get("kernarg_size") == k.metadata[".kernarg_segment_size"] == 288
    assert [a[".value_kind"] for a in k.metadata[".args"][:4]] == ["global_buffer"] * 3 + ["by_value"]
    assert m.statements[k.start - 1].name == "vector_add"
    assert m.target == "gfx90a"


def test_syntax_error_points_at_the_token():
    with pytest.raises(SourceError) as err:
        parse_gcn("\ts_nop 0\n\tv_add_u32 v1, , v2\n", "bad.s")
    e = err.value
    assert (e.file, e.line, e.col) == ("bad.s", 2, 16)
    assert "v_add_u32 v1, , v2" in str(e) and "^" in str(e)


def test_llvm_tools_prefer_the_newest_versioned_name(tmp_path, monkeypatch):
    for name in ("llvm-mc", "llvm-mc-7", "llvm-mc-21", "llvm-mc-210x"):
        p = tmp_path / name
        p.write_text("#!/bin/sh\n")
        p.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("NEUTRINO_LLVM_MC", raising=False)
    tools.llvm_tool.cache_clear()
    try:
        assert tools.llvm_tool("llvm-mc") == tmp_path / "llvm-mc-21"
    finally:
        tools.llvm_tool.cache_clear()


def test_skip_guard_asks_whether_our_directives_assemble(tmp_path, monkeypatch):
    """An llvm-mc that knows the processor but not code object v5 (Debian's LLVM 14) is not
    enough: `supports` says no, so the GCN tests skip instead of failing."""
    old = tmp_path / "llvm-mc"
    old.write_text("#!/bin/sh\nif grep -q amdhsa_code_object_version; then\n"
                   "  echo '<stdin>:2:2: error: unknown directive' >&2; exit 1\nfi\n")
    old.chmod(0o755)
    monkeypatch.setenv("NEUTRINO_LLVM_MC", str(old))
    tools.llvm_tool.cache_clear()
    tools.supports.cache_clear()
    try:
        assert tools.supports("gfx90a") is False
    finally:
        tools.llvm_tool.cache_clear()
        tools.supports.cache_clear()


def test_file_and_loc_directives_are_typed_and_print_back():
    text = ('\t.file\t"k.hip"\n'
            '\t.file\t0 "/src" "k.hip" md5 0xa67327cfdbf15e6da61e39d20a67fa07\n'
            '\t.file\t1 "/src" "k.h" md5 0xaf7da9c40306c84fff40c49f23ca6073\n'
            '\t.loc\t0 10 3 prologue_end\n\ts_nop 0\n\t.loc\t1 20 0\n\ts_endpgm\n')
    m = parse_gcn(text)
    assert m.files() == {0: "/src/k.hip", 1: "/src/k.h"}
    assert [(s.file, s.source_line, s.rest) for s in m.statements if isinstance(s, Loc)] == \
        [(0, 10, "3 prologue_end"), (1, 20, "0")]
    assert m.to_text() == text
    needs("gfx942")
    assert tools.gcn_to_object(m.to_text(), "gfx942") == tools.gcn_to_object(text, "gfx942")


def test_metadata_reads_the_scalar_tags_llvm_writes():
    # LLVM's msgpack YAML writer tags scalars that would read as another type (`!str 1`)
    path = CORPUS / "kernels.gfx942.s"
    text = path.read_text().replace("amdhsa.target:   amdgcn", "amdhsa.target:   !str amdgcn", 1)
    text = text.replace("  - 1\n  - 2\n...", "  - !int 1\n  - !int 0x2\n...", 1)
    text = text.replace(".uniform_work_group_size: 1", ".uniform_work_group_size: !str 1", 1)
    module = parse_gcn(text, "tags.s")
    doc = module.metadata().doc
    assert doc["amdhsa.target"] == "amdgcn-amd-amdhsa--gfx942" and doc["amdhsa.version"] == [1, 2]
    assert module.kernel("vector_add").metadata[".uniform_work_group_size"] == "1"
    from neutrino_py.probe import load_file
    from neutrino_py.paths import probes_dir
    from neutrino_py.splice import instrument
    result = instrument(module, load_file(probes_dir() / "dmat.probe"), kernels="^vector_add$")
    assert list(result.manifests) == ["vector_add"]
    assert "amdhsa.target" in module.to_text()

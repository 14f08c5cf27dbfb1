"""Every GCN corpus kernel x every stock probe: the instrumented assembly links into a code object
whose kernel descriptor and metadata agree with the code (checked with llvm-objdump/llvm-readelf).

No AMD GPU exists here: these tests prove the code objects are well formed and consistent, not
that the probes measure the right numbers on hardware.
"""
from __future__ import annotations

import dataclasses
import json
import re
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from neutrino_py import paths
from neutrino_py.asm.gcn import Instruction, Register
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.assemble import gcn as tools
from neutrino_py.errors import SourceError
from neutrino_py.probe import load, load_file
from neutrino_py.splice import instrument
from neutrino_py.contract.manifest import HEADER_PARAM, map_param

CORPUS = Path(__file__).parent / "corpus_gcn"
# the hand-written modules and a sample of the broad corpus (calls and their stack, wave
# intrinsics, hidden arguments read through dispatch/queue/implicitarg pointers, a target id with
# features); all of it is linked by benchmarks/gcn_sweep.py and sampled by tests/test_gcn_corpus.py
FILES = sorted(p for p in CORPUS.glob("*.s")
               if p.name.split(".")[0] in ("kernels", "shapes", "calls", "wave", "kernarg", "ir_kernarg",
                                           "xnack"))
# kernels with a kernarg read the splicer cannot follow (a vector load or an SGPR offset through
# the kernarg pointer, a pointer made by `s_or_b32`): the map pointers follow the hidden args
APPENDED = {"struct_by_value", "big_struct", "many_params", "ir_byref"}
PROBES = sorted(paths.probes_dir().glob("*.probe"))
_REG = re.compile(r"\b([vs])(\d+)\b|\b([vs])\[(\d+):(\d+)\]")


def needs(mcpu: str) -> None:
    for tool in ("llvm-mc", "ld.lld", "llvm-objdump", "llvm-readelf"):
        if tools.llvm_tool(tool) is None:
            pytest.skip(f"{tool} missing (apt-get install llvm-19 lld-19)")
    if not tools.supports(mcpu):
        pytest.skip(f"llvm-mc does not assemble code object v5 for {mcpu} (apt-get install llvm-19)")


def _run(tool: str, *args: str) -> str:
    return subprocess.run([str(tools.llvm_tool_path(tool)), *args], capture_output=True,
                          text=True, check=True).stdout


@lru_cache(maxsize=None)
def instrumented(path: Path, probe: Path):
    module = parse_gcn(path.read_text(), str(path))
    result = instrument(module, load_file(probe))
    return module, result, tools.gcn_to_hsaco(module.to_text(), module.target_id)


def descriptors(co: Path, names: list[str]) -> dict[str, dict[str, int]]:
    """Kernel descriptors as llvm-objdump decodes them from the code object (parsed with our
    own grammar: the decoder prints `.amdhsa_kernel` blocks)."""
    out = {}
    for name in names:
        text = _run("llvm-objdump", "-D", f"--disassemble-symbols={name}.kd", str(co))
        block = text[text.index(".amdhsa_kernel"):text.index(".end_amdhsa_kernel") + 18]
        (desc,) = parse_gcn(block).statements
        out[name] = {k.removeprefix(".amdhsa_"): int(v, 0) for k, v in desc.fields.items()}
    return out


def registers_used(co: Path, name: str) -> tuple[int, int]:
    """Highest VGPR and SGPR index + 1 in a kernel's disassembly."""
    text = _run("llvm-objdump", "-d", f"--disassemble-symbols={name}", str(co))
    hi = {"v": 0, "s": 0}
    for m in _REG.finditer(text.split(f"<{name}>:", 1)[1]):
        f, idx = (m.group(1), int(m.group(2))) if m.group(1) else (m.group(3), int(m.group(5)))
        hi[f] = max(hi[f], idx + 1)
    return hi["v"], hi["s"]


@pytest.mark.parametrize("probe", PROBES, ids=lambda p: p.stem)
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_instrumented_code_object_is_consistent(path, probe, tmp_path):
    needs(path.name.split(".")[1])
    module, result, code = instrumented(path, probe)
    co = tmp_path / "k.hsaco"
    co.write_bytes(code)
    notes = _run("llvm-readelf", "--notes", str(co))
    meta = yaml.safe_load(notes[notes.index("---"):notes.rindex("...") + 3])
    kernels = {k[".name"]: k for k in meta["amdhsa.kernels"]}
    names = module.kernel_names()
    kds = descriptors(co, names)
    original = parse_gcn(path.read_text(), str(path))
    for name in names:
        manifest, kd, md = result.manifests[name], kds[name], kernels[name]
        before = original.kernel(name)
        # registers: the descriptor covers every register the instrumented code names
        v, s = registers_used(co, name)
        assert kd["next_free_vgpr"] >= v and kd["next_free_sgpr"] >= s, (name, kd, v, s)
        assert md[".vgpr_count"] >= v
        if md.get(".agpr_count"):       # AGPRs are numbered from accum_offset, above every v
            assert v <= kd["accum_offset"] and kd["accum_offset"] % 4 == 0
            assert md[".vgpr_count"] == kd["accum_offset"] + md[".agpr_count"] <= kd["next_free_vgpr"]
        added = manifest.registers_added
        assert md[".vgpr_count"] == before.metadata[".vgpr_count"] + added["vgpr"]
        assert md[".sgpr_count"] == before.metadata[".sgpr_count"] + added["sgpr"]
        # kernel arguments: header + one pointer per map, after the kernel's own, hidden args after
        # (after the hidden args, which stay put, where a read of the kernarg pointer cannot be
        # followed)
        appended = [w for w in manifest.warnings if "the map pointers follow the hidden arguments" in w]
        assert bool(appended) == (name in APPENDED), (name, manifest.warnings)
        want = [HEADER_PARAM] + [map_param(m.name) for m in manifest.maps]
        assert [p.name for p in manifest.params] == want
        args = md[".args"]
        ours = [a for a in args if str(a.get(".name", "")).startswith("__nt_")]
        assert [a[".name"] for a in ours] == want
        assert all(a[".size"] == 8 and a[".value_kind"] == "global_buffer" and a[".offset"] % 8 == 0
                   for a in ours)
        explicit = [a for a in before.metadata[".args"] if not a[".value_kind"].startswith("hidden_")]
        assert args[:len(explicit)] == explicit
        end = max(a[".offset"] + a[".size"] for a in explicit)
        hidden = [a for a in args if a[".value_kind"].startswith("hidden_")]
        if appended:
            hidden_before = [a for a in before.metadata[".args"] if a[".value_kind"].startswith("hidden_")]
            assert hidden[:len(hidden_before)] == hidden_before
            assert ours[0][".offset"] == before.metadata[".kernarg_segment_size"] >= \
                max(a[".offset"] + a[".size"] for a in hidden)
        else:
            assert ours[0][".offset"] == -(-end // 8) * 8
            assert min(a[".offset"] for a in hidden) >= ours[-1][".offset"] + 8
        assert kd["kernarg_size"] == md[".kernarg_segment_size"] >= max(a[".offset"] + a[".size"] for a in args)
        assert kd["system_vgpr_workitem_id"] == 2


def _unplaced(s):
    """A statement without its source position (inserted code has none)."""
    return dataclasses.replace(s, line=0, col=0)


@pytest.mark.parametrize("probe", PROBES, ids=lambda p: p.stem)
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_inserted_ir_is_what_the_parser_reads_from_its_text(path, probe):
    """The templates build IR nodes directly: each must be the node the grammar builds from its
    printed line (the wave simulator runs the nodes, llvm-mc assembles the text)."""
    module, _, _ = instrumented(path, probe)
    again = parse_gcn(module.to_text(), str(path))
    for name in module.kernel_names():
        view, reread = module.kernel(name), again.kernel(name)
        built = [_unplaced(s) for s in module.statements[view.start:view.end]]
        assert built == [_unplaced(s) for s in again.statements[reread.start:reread.end]]


def test_original_code_is_kept_in_order_and_hidden_loads_move():
    path = CORPUS / "kernels.gfx942.s"
    needs("gfx942")
    module, result, _ = instrumented(path, paths.probes_dir() / "dmat.probe")
    original = parse_gcn(path.read_text(), str(path))
    for name in module.kernel_names():
        old, new = original.kernel(name), module.kernel(name)
        def texts(m, k):
            # a load's offset, or the offset of a pointer derived from the kernarg pointer, may
            # move (hidden arguments); everything else must be unchanged
            return [re.sub(r"(s_load_dword\w*.*|s_add_u32 .*), (0x)?\w+$", r"\1", s.to_text())
                    for s in m.statements[k.start:k.end] if isinstance(s, Instruction)]
        it = iter(texts(module, new))
        assert all(t in it for t in texts(original, old)), name
    # vector_add reads hidden_group_size_x at 0x2c; 16 bytes of pointers move it to 0x3c
    ins = [s.to_text().strip() for s in module.statements if isinstance(s, Instruction)]
    assert "s_load_dword s3, s[0:1], 0x3c" in ins and "s_load_dword s3, s[0:1], 0x2c" not in ins
    # histogram reads its hidden arguments through s[12:13] = kernarg + 24: the pointer moves
    assert "s_add_u32 s12, s2, 40" in ins and "s_add_u32 s12, s2, 24" not in ins
    assert result.manifests["vector_add"].target == "gcn"


def test_sites_keep_scc_and_exec():
    path = CORPUS / "kernels.gfx90a.s"
    needs("gfx90a")
    module = parse_gcn(path.read_text(), str(path))
    program = load("map c[thread]: counter { u64 n; u64 mask; }\n"
                   "before @bra { c.n += 1; c.mask += activemask(); }\n"
                   "map w[warp]: record { u32 lane; } pool 64\n"
                   "after ld.global / laneid() > 3 / { w.save(laneid()); }\n")
    result = instrument(module, program, kernels="^vector_add$")
    text = module.to_text()
    tools.gcn_to_hsaco(text, "gfx90a")
    k = module.kernel("vector_add")
    body = [s for s in module.statements[k.start:k.end] if isinstance(s, Instruction)]
    saves = [i for i, s in enumerate(body) if s.opcode == "s_cselect_b32"]
    restores = [i for i, s in enumerate(body) if s.opcode == "s_cmp_lg_u32"]
    assert len(saves) == len(restores) == 1 + 2 + 1      # before s_cbranch, after 2 loads, exit
    for a, b in zip(saves, restores):
        site = body[a:b + 1]
        assert not any(r.file == "vcc" for s in site for r in s.regs())
        writes_exec = [s for s in site if s.operands and getattr(s.operands[0], "file", "") == "exec"]
        if body[b + 1].opcode == "s_endpgm":              # exit: every lane the wave started with
            entry_exec = body[1]                          # prologue: s_mov_b64 s[..], exec
            assert entry_exec.operands[1] == Register("exec")
            assert writes_exec[0].operands[1] == entry_exec.operands[0]
            writes_exec = writes_exec[1:]
        assert len(writes_exec) % 2 == 0                  # every narrowing is restored
        for s, nxt in zip(site, site[1:]):                # VALU -> SGPR writes are padded
            if s.opcode.startswith(("v_cmp", "v_readlane", "v_add_co", "v_sub_co")):
                assert nxt.opcode == "s_nop", (s.to_text(), nxt.to_text())
    assert result.manifests["vector_add"].positions["probe 1 (after ld.global)"] == 2


def test_after_an_unconditional_branch_is_refused():
    """`after *` names `s_branch` and `s_endpgm`, after which control never reaches the next
    instruction; `after @bra` (the `s_cbranch_*`) is where the wave does not take it
    (tests/test_probe_lines_gcn.py checks what runs there)."""
    path = CORPUS / "kernels.gfx90a.s"
    with pytest.raises(SourceError) as err:
        instrument(parse_gcn(path.read_text(), str(path)),
                   load("map c[thread]: counter { u64 n; }\nafter * { c.n += 1; }\n", "b.probe"))
    assert err.value.file == "b.probe" and err.value.line == 2
    assert "`after` cannot follow `s_branch`" in err.value.message \
        or "`after` cannot follow `s_endpgm`" in err.value.message
    result = instrument(parse_gcn(path.read_text(), str(path)),
                        load("map c[thread]: counter { u64 n; }\nafter @bra { c.n += 1; }\n",
                             "b.probe"))
    assert sum(m.positions["probe 0 (after @bra)"] for m in result.manifests.values()) == \
        path.read_text().count("\ts_cbranch_")


@pytest.mark.parametrize("processor", ["gfx908", "gfx1100", "gfx1151"])
def test_a_processor_the_sites_are_not_written_for_is_refused_at_its_target_line(processor):
    """Code for a processor outside gfx9 CDNA (waves of 32, no unified AGPR file) parses when it
    uses gfx9 syntax, but is never instrumented."""
    path = CORPUS / "kernels.gfx942.s"
    text = path.read_text().replace("amdhsa--gfx942", f"amdhsa--{processor}")
    with pytest.raises(SourceError) as err:
        instrument(parse_gcn(text, "k.s"), load_file(paths.probes_dir() / "block_sched.probe"))
    assert f"{processor} is not a processor neutrino_py instruments" in str(err.value)
    assert err.value.file == "k.s" and err.value.line == 2 and "gfx90a, gfx940" in err.value.hint


def test_rdna_syntax_that_does_not_parse_names_the_processor_in_the_hint():
    text = ('\t.amdgcn_target "amdgcn-amd-amdhsa--gfx1151"\n\t.text\nk:\n'
            '\ts_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1)\n\ts_endpgm\n')
    with pytest.raises(SourceError) as err:
        parse_gcn(text, "r.s")
    assert err.value.line == 4 and "the module is for gfx1151" in err.value.hint


def test_splice_instrument_dispatches_gcn_modules_and_marks_match():
    from neutrino_py.splice import instrument
    path = CORPUS / "kernels.gfx942.s"
    module = parse_gcn(path.read_text(), str(path))
    result = instrument(module, load_file(paths.probes_dir() / "time_range.probe"), kernels="^reduce_sum$")
    manifest = result.manifests["reduce_sum"]
    assert manifest.target == "gcn" and list(result.manifests) == ["reduce_sum"]
    assert manifest.positions == {'probe 0 (before mark("mma_begin"))': 1,
                                  'probe 1 (after mark("mma_end"))': 1, 'probe 2 (exit)': 1}
    assert result.occupancy["reduce_sum"][1] <= result.occupancy["reduce_sum"][0]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_64_bit_division_assembles_and_links(path):
    """u64/s64 `/` and `%` (a scalar loop per operation; exact on the wave simulator:
    test_gcn_simulated) go through llvm-mc and ld.lld."""
    needs(path.stem.split(".")[-1])
    module = parse_gcn(path.read_text(), str(path))
    instrument(module, load("map c[thread]: counter { u64 q; u64 m; s64 s; }\n"
                            "before ld.global { c.q += ADDR / 3; c.m += ADDR % (u64)threadid();\n"
                            "                   c.s += (s64)ADDR / ((s64)threadid() - 5); }\n", "d.probe"))
    assert tools.gcn_to_hsaco(module.to_text(), module.target_id)[:4] == b"\x7fELF"


def test_reads_through_a_copy_of_the_kernarg_pointer_move_with_the_hidden_args():
    path = CORPUS / "kernels.gfx942.s"
    text = path.read_text().replace("\ts_load_dword s3, s[0:1], 0x2c\n",
                                    "\ts_mov_b64 s[6:7], s[0:1]\n\ts_load_dword s3, s[6:7], 0x2c\n", 1)
    module = parse_gcn(text, "copy.s")
    result = instrument(module, load_file(paths.probes_dir() / "hotness.probe"), kernels="^vector_add$")
    ins = [s.to_text().strip() for s in module.statements if isinstance(s, Instruction)]
    assert "s_load_dword s3, s[6:7], 0x3c" in ins and result.manifests["vector_add"].warnings == []


def test_source_line_positions_follow_loc_directives():
    path = CORPUS / "kernels.gfx942.s"
    lines = path.read_text().splitlines()
    body = [i for i, l in enumerate(lines) if l.startswith("\ts_") or l.startswith("\tv_")]
    lines.insert(body[5], "\t.loc\t1 20 0")          # instructions 2..4 of vector_add are line 10
    lines.insert(body[2], "\t.loc\t1 10 3 prologue_end")
    lines.insert(1, '\t.file\t1 "/src" "k.hip" md5 0x0')
    module = parse_gcn("\n".join(lines) + "\n", "loc.s")
    program = load('map c[thread]: counter { u64 n; }\nbefore line "k.hip":10 { c.n += 1; }\n')
    result = instrument(module, program, kernels="^vector_add$")
    assert result.manifests["vector_add"].positions == {'probe 0 (before line "k.hip":10)': 3}


def test_neutrino_instrument_command_takes_gcn(tmp_path):
    from neutrino_py import cli
    path = CORPUS / "kernels.gfx90a.s"
    out = tmp_path / "out.s"
    assert cli.main(["instrument", "--probe", str(paths.probes_dir() / "gmem_bytes.probe"),
                     "-k", "^saxpy$", str(path), "-o", str(out)]) == 0
    module = parse_gcn(out.read_text(), str(out))
    assert [a[".name"] for a in module.kernel("saxpy").metadata[".args"] if ".name" in a][-2:] == \
        ["__nt_hdr", "__nt_map_gmem"]
    manifests = json.loads((tmp_path / "out.manifest.json").read_text())
    assert list(manifests) == ["saxpy"] and manifests["saxpy"]["target"] == "gcn"


def test_values_captured_before_an_instruction_reach_the_probe_after_it():
    path = CORPUS / "kernels.gfx90a.s"
    module = parse_gcn(path.read_text(), str(path))
    program = load("map c[thread]: counter { u64 a; }\nafter st.global { c.a += ADDR; }\n")
    instrument(module, program, kernels="^vector_add$")
    k = module.kernel("vector_add")
    body = [s for s in module.statements[k.start:k.end] if isinstance(s, Instruction)]
    store = next(i for i, s in enumerate(body) if s.opcode.startswith("global_store"))
    address = body[store].operands[0]                              # v[a:a+1]
    site = max(i for i in range(store) if body[i].opcode == "s_cselect_b32")
    copies = {s.operands[0].first: s.operands[1].first for s in body[site:store]
              if s.opcode == "v_mov_b32" and isinstance(s.operands[1], Register)
              and s.operands[1].file == "v" and s.operands[1].first in address.indices}
    assert sorted(copies.values()) == list(address.indices)       # ADDR captured before the store
    after = body[store + 1:]
    adds = [s for s in after if s.opcode.startswith(("v_add_co", "v_addc_co"))]
    read = {r.first for s in adds for r in s.regs() if r.file == "v"}
    assert set(copies) <= read                                     # ... and summed after it


def test_the_same_module_and_probe_give_the_same_text_in_one_process():
    """Labels are numbered per kernel (and named after its place in the module), not by a
    process-wide counter: a second instrumentation prints the same text, labels included."""
    path, probe = CORPUS / "shapes.gfx942.s", paths.probes_dir() / "memtrace.probe"
    texts = []
    for _ in range(2):
        module = parse_gcn(path.read_text(), str(path))
        instrument(module, load_file(probe))
        texts.append(module.to_text())
    assert texts[0] == texts[1] and ".Lnt_1_0:" in texts[0]


def test_lds_counters_are_lds_atomics_with_their_address_in_m0():
    """ds_append/ds_consume (ir_lds.ll) have no address operand: ADDR reads M0 and OUT the old
    counter they return; the instrumented kernel links."""
    path = CORPUS / "ir_lds.gfx942.s"
    needs("gfx942")
    module = parse_gcn(path.read_text(), str(path))
    program = load("map a[thread]: record { u64 addr; u64 out; }\n"
                   "after atom.shared { a.save(ADDR, OUT); }\n")
    result = instrument(module, program, kernels="^ir_ds_append$")
    assert result.manifests["ir_ds_append"].positions == {"probe 0 (after atom.shared)": 2}
    k = module.kernel("ir_ds_append")
    code = [s for s in module.statements[k.start:k.end] if isinstance(s, Instruction)]
    at = [i for i, s in enumerate(code) if s.opcode in ("ds_append", "ds_consume")]
    reads = [i for i, s in enumerate(code) if s.opcode == "v_mov_b32" and str(s.operands[1]) == "m0"]
    assert len(at) == len(reads) == 2 and reads[0] < at[0] < reads[1] < at[1]  # ADDR: before each
    assert tools.gcn_to_hsaco(module.to_text(), module.target_id)[:4] == b"\x7fELF"

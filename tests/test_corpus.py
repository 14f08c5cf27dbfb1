"""The committed corpus is what index.json says it is, and every file assembles."""
from __future__ import annotations

import json
import re

import pytest

from neutrino_py import toolchain
from conftest import CORPUS

INDEX = json.loads((CORPUS / "index.json").read_text())
FILES = INDEX["files"]
ENTRY = re.compile(r"^(?:\.(?:visible|weak)\s+)?\.entry\s+([\w$]+)\s*\(([^)]*)\)", re.M)
FUNC = re.compile(r"^(?:\.(?:visible|weak|extern)\s+)?\.func\s+(?:\([^)]*\)\s*)?([\w$]+)", re.M)
PARAM_TYPE = re.compile(r"\.param\s+\.(\w+)")
WIDTH = {"float32": 4, "int32": 4, "uint32": 4, "float16": 2, "int64": 8}


def _text(entry: dict) -> str:
    return (CORPUS / entry["file"]).read_text()


def _ids(entries):
    return [e["file"] for e in entries]


def test_index_lists_exactly_the_committed_files():
    on_disk = {p.relative_to(CORPUS).as_posix() for p in CORPUS.glob("*/*.ptx")}
    assert on_disk == {e["file"] for e in FILES}
    # a file built from another project's source names that project (`origin`) instead
    assert all((CORPUS / e["source"]).is_file() for e in FILES if "origin" not in e)
    assert all(e["origin"] and not (CORPUS / e["source"]).exists() for e in FILES if "origin" in e)


def test_corpus_covers_what_the_tests_need():
    archs = {(e["source"], e["arch"]) for e in FILES}
    for src in {e["source"] for e in FILES if e["source"].endswith(".cu") and "origin" not in e}:
        if all(a.endswith("a") for s, a in archs if s == src):
            continue                 # built only for one architecture's own features (sm_90a)
        assert {(src, "sm_80"), (src, "sm_90")} <= archs
    flags = [f for e in FILES for f in e["flags"]]
    assert "-lineinfo" in flags and "-G" in flags
    assert {e["arch"] for e in FILES if e["compiler"].startswith("triton")} == {"sm_80", "sm_90a"}
    assert sum((CORPUS / e["file"]).stat().st_size for e in FILES) < 10_000_000


@pytest.mark.parametrize("entry", FILES, ids=_ids(FILES))
def test_declares_the_indexed_kernels(entry):
    text = _text(entry)
    assert [name for name, _ in ENTRY.findall(text)] == entry["kernels"]
    assert sorted(set(FUNC.findall(text))) == entry["device_functions"]


@pytest.mark.parametrize("entry", [e for e in FILES if e["launch"]], ids=_ids([e for e in FILES if e["launch"]]))
def test_launch_recipes_match_param_lists(entry):
    params = dict(ENTRY.findall(_text(entry)))
    for kernel, recipe in entry["launch"].items():
        types = PARAM_TYPE.findall(params[kernel])
        assert len(types) == len(recipe["params"]), kernel
        for ptx_type, param in zip(types, recipe["params"]):
            if param["kind"] == "scalar":
                assert int(re.sub(r"\D", "", ptx_type)) == 8 * WIDTH[param["dtype"]], (kernel, param)
            else:
                assert ptx_type in ("u64", "b64"), (kernel, param)
        assert len(recipe["grid"]) == len(recipe["block"]) == 3


def test_instruction_kinds_the_corpus_promises():
    by_file = {e["file"]: _text(e) for e in FILES}
    assert "wgmma.mma_async" in by_file["triton/matmul_kernel.sm_90a.ptx"]
    assert "mma.sync" in by_file["triton/matmul_kernel.sm_80.ptx"]
    assert "cp.async" in by_file["cuda/cp_async.sm_80.ptx"]
    assert "mma.sync.aligned.m16n8k16" in by_file["cuda/tensor_core.sm_90.ptx"]
    assert "wmma.mma.sync" in by_file["cuda/tensor_core.sm_90.ptx"]
    assert "shfl.sync" in by_file["cuda/reduction.sm_90.ptx"]
    assert "atom.shared" in by_file["cuda/histogram.sm_90.ptx"]
    assert ".section" in by_file["cuda/sgemm.sm_90.G.ptx"]
    assert "call" in by_file["cuda/noinline.sm_90.ptx"]


@pytest.mark.parametrize("entry", [e for e in FILES if "timed_matmul" in e["file"]],
                         ids=_ids([e for e in FILES if "timed_matmul" in e["file"]]))
def test_time_range_markers_sit_inside_the_clock_reads(entry):
    lines = _text(entry).splitlines()
    at = {key: [i for i, line in enumerate(lines) if key in line]
          for key in ("%clock64", "@neutrino mma_begin", "@neutrino mma_end", "wmma.mma.sync")}
    assert len(at["@neutrino mma_begin"]) == len(at["@neutrino mma_end"]) == 1
    assert len(at["%clock64"]) == 2
    begin, end = at["@neutrino mma_begin"][0], at["@neutrino mma_end"][0]
    assert at["%clock64"][0] < begin < min(at["wmma.mma.sync"]) and max(at["wmma.mma.sync"]) < end < at["%clock64"][1]


@pytest.mark.skipif(toolchain.find_tool("ptxas") is None,
                    reason="ptxas not installed (pip install nvidia-cuda-nvcc)")
@pytest.mark.parametrize("entry", FILES, ids=_ids(FILES))
def test_assembles_with_ptxas(entry):
    cubin = toolchain.run_ptxas(CORPUS / entry["file"], entry["arch"])
    assert cubin[:4] == b"\x7fELF"
    for kernel in entry["kernels"]:
        assert f".text.{kernel}".encode() in cubin


def test_shipped_example_is_the_corpus_vector_add():
    shipped = CORPUS.parent.parent / "examples" / "vector_add.ptx"
    assert shipped.read_bytes() == (CORPUS / "cuda" / "vector_add.sm_80.lineinfo.ptx").read_bytes()


def _generate():
    import importlib.util

    spec = importlib.util.spec_from_file_location("corpus_generate", CORPUS / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("entry", FILES, ids=_ids(FILES))
def test_committed_files_name_no_folder_of_the_machine_that_made_them(entry):
    """generate.py's `portable` leaves every committed file as it is: no `.file` path, and no
    path in the `.b8` bytes of its debug sections, names the folder it was compiled in."""
    text = _text(entry)
    assert _generate().portable(text) == text


def test_portable_rewrites_paths_in_debug_bytes_to_the_same_length():
    """Triton's one byte a line (commented) and nvcc -G's comma lists, split over lines: each
    absolute path under a folder's tests/corpus loses the folder, padded to its length."""
    gen = _generate()
    name = b"/home/me/x/tests/corpus/src/sgemm.cu"
    triton = "\n".join([f".b8 {name[0]:<3} // DW_AT_comp_dir"] + [f".b8 {b}" for b in name[1:]]
                       + [".b8 0", ".b32 .debug_line"])
    nvcc = "\n".join([".b8 4", ".b8 0", ".b8 " + ",".join(map(str, name[:20])),
                      ".b8 " + ",".join(map(str, name[20:])), ".b8 0",
                      ".b8 " + ",".join(map(str, b"/opt/lib/other.cu")), ".b8 0"])

    def strings(text: str) -> list[bytes]:
        raw = bytes(int(v) for line in text.split("\n") if line.startswith(".b8 ")
                    for v in line[4:].split("//")[0].split(","))
        return raw.split(b"\0")

    def counts(text: str) -> list[int]:      # bytes a line holds
        return [len(line.split("//")[0].split(",")) for line in text.split("\n")]

    for text in (triton, nvcc):
        out = gen.portable(text)
        assert counts(out) == counts(text)
        assert [s for s in strings(out) if s.startswith(b"tests/")] == \
            [b"tests/corpus/src/./././././/sgemm.cu"]
    assert b"/opt/lib/other.cu" in strings(gen.portable(nvcc))
    assert gen.portable(triton).split("\n")[0].endswith("// DW_AT_comp_dir")


def test_llvm_nvptx_files_hold_the_forms_no_other_producer_writes():
    """What tests/corpus/README.md says llvm_nvptx/ holds that no other folder does: each
    release's labels, the stack, calls split over lines, and LLVM 22's jump table."""
    by_file = {e["file"]: _text(e) for e in FILES if e["file"].startswith("llvm_nvptx/")}
    assert len(by_file) == 7
    clang14, clang19 = by_file["llvm_nvptx/kernels.14.0.6.sm_80.ptx"], by_file["llvm_nvptx/kernels.19.1.7.sm_80.ptx"]
    llc19, lite22 = by_file["llvm_nvptx/ir_kernels.19.1.7.sm_80.ptx"], by_file["llvm_nvptx/ir_kernels.22.1.0.sm_90.ptx"]
    assert re.search(r"^LBB\d+_\d+:", clang14, re.M) and "$L__BB" not in clang14 and "%h<3>" in clang14
    assert re.search(r"^\$L__BB\d+_\d+:", clang19, re.M) and "// %bb.0:" in clang19
    assert "{ // callseq" in clang19 and "call.uni (retval0), \n\t_Z6hornerfi, \n" in clang19
    assert ".weak .func  (.param .b32 func_retval0) _Z11clamp_indexii(" in clang19
    assert ".extern .shared .align 4 .b8 tile[];" in clang19 and "cvta.shared.u64" in clang19
    assert "\t// demoted variable\n\t.shared .align 4 .b8 _ZZ9block_sumE9warp_sums[128];" in clang19
    assert ".param .align 8 .b8 struct_param_param_0[24]" in clang19
    assert "__local_depot" in llc19 and "%SPL" in llc19 and "brx.idx" not in llc19
    assert ".visible .global .align 8 .u64 table_ptr = table;" in llc19
    assert "brx.idx" in lite22 and ".branchtargets" in lite22 and ".ptr .global .align 1" in lite22
    assert "atom.relaxed.sys.global.cas.b64" in lite22
    debug = by_file["llvm_nvptx/kernels.19.1.7.sm_90.g.ptx"]      # clang -g: lines, files at the end
    assert "\t.loc\t1 17 0                          // kernels.cu:17:0\n" in debug
    assert debug.endswith('}\n\t.section\t.debug_loc\t{\t}\n\t.file\t1 "src/llvm_nvptx/kernels.cu"\n'
                          '\t.file\t2 "src/llvm_nvptx/nvptx.h"\n')

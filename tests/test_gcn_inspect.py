"""`neutrino inspect` on GCN: params from the metadata, memory operations by space, basic blocks."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from neutrino_py.asm.inspect import render, summarize_gcn

CORPUS = Path(__file__).parent / "corpus_gcn"


def kernel(file: str, name: str) -> dict:
    summary = summarize_gcn((CORPUS / file).read_text(), file)
    return next(f for f in summary["functions"] if f["name"] == name)


def test_params_memory_and_blocks_of_reduce_sum():
    k = kernel("kernels.gfx90a.s", "reduce_sum")
    assert [(p["type"], p["size"], p["offset"]) for p in k["params"]] == \
        [("ptr global", 8, 0), ("ptr global", 8, 8), ("b32", 4, 16)]        # hidden_* left out
    assert k["memory"] == {"global": {"ops": 3, "bytes": 12}, "scalar": {"ops": 3, "bytes": 24},
                           "shared": {"ops": 5, "bytes": 20}}
    blocks = k["blocks"]
    assert len(blocks) == 11 and sum(b["instructions"] for b in blocks) == k["instructions"] == 70
    assert blocks[0]["succs"] == [1, 2] and blocks[2]["labels"] == [".LBB2_2"]
    assert blocks[7] == {"index": 7, "labels": [".LBB2_7"], "instructions": 1, "succs": []}


@pytest.mark.parametrize("file", sorted(p.name for p in CORPUS.glob("*.s")))
def test_every_kernel_counts_each_memory_instruction_once_and_blocks_cover_it(file):
    text = (CORPUS / file).read_text()
    for k in summarize_gcn(text, file)["functions"]:
        assert sum(b["instructions"] for b in k["blocks"]) == k["instructions"]
        assert all(0 <= s < len(k["blocks"]) for b in k["blocks"] for s in b["succs"])
        opcodes = k["opcodes"]
        assert k["memory"].get("global", {}).get("ops", 0) == \
            sum(n for op, n in opcodes.items() if op.startswith("global_"))
        assert k["memory"].get("shared", {}).get("ops", 0) == \
            sum(n for op, n in opcodes.items() if op.startswith("ds_") and not re.match(
                r"ds_(swizzle|permute|bpermute|nop|gws)", op))


def test_text_view_lists_params_and_edges():
    summary = summarize_gcn((CORPUS / "kernels.gfx942.s").read_text(), "kernels.gfx942.s")
    text = render(summary)
    assert "kernel vector_add\n  params        4: ptr global arg0, ptr global arg1, ptr global arg2, b32 arg3" in text
    assert "  blocks        3, edges 0->1 0->2 1->2" in text


def test_lds_atomics_counts_every_lds_width_and_the_loops_of_wave_reduced_atomics():
    """atomics.hip's lds_atomics on gfx942, counted by hand from the assembly: 9 LDS operations
    (ds_write_b32/b64, ds_add/min/max_u32, ds_add_rtn_u32, ds_add_u64, two ds_read_b32: 44 bytes),
    one load and two stores to global memory, and 27 blocks: the compiler reduces each atomic's
    value over the wave in an s_ff1 loop (blocks 5, 9, 13, 19 branch to themselves)."""
    k = kernel("atomics.gfx942.s", "lds_atomics")
    assert [(p["type"], p["offset"]) for p in k["params"]] == [("ptr global", 0), ("ptr global", 8)]
    assert k["memory"] == {"global": {"ops": 3, "bytes": 16}, "scalar": {"ops": 2, "bytes": 20},
                           "shared": {"ops": 9, "bytes": 44}}
    blocks = k["blocks"]
    assert len(blocks) == 27 and k["instructions"] == 146
    assert [b["index"] for b in blocks if b["index"] in b["succs"]] == [5, 9, 13, 19]
    assert blocks[0]["succs"] == [1, 2] and blocks[26] == {"index": 26, "labels": [".LBB5_26"],
                                                            "instructions": 1, "succs": []}


def test_buffer_and_lds_counter_operations_are_memory():
    """ir_memory.ll's ir_buffer: a 16-byte resource argument and four buffer operations (dword
    load, dwordx4 load, dword store, atomic add: 28 bytes); ir_lds.ll's ir_ds_append: the LDS
    counters ds_append/ds_consume are LDS atomics of 4 bytes at M0."""
    k = kernel("ir_memory.gfx90a.s", "ir_buffer")
    assert [(p["name"], p["type"], p["size"], p["offset"]) for p in k["params"]] == \
        [("rsrc", "b128", 16, 0), ("out", "ptr global", 8, 16)]
    assert k["memory"] == {"buffer": {"ops": 4, "bytes": 28}, "global": {"ops": 1, "bytes": 4},
                           "scalar": {"ops": 2, "bytes": 24}}
    assert [len(b["succs"]) for b in k["blocks"]] == [2, 1, 0]
    k = kernel("ir_lds.gfx942.s", "ir_ds_append")
    assert k["memory"] == {"global": {"ops": 1, "bytes": 4}, "scalar": {"ops": 1, "bytes": 8},
                           "shared": {"ops": 2, "bytes": 8}}


def test_many_params_and_by_value_structs():
    """kernarg.hip: 26 parameters of mixed widths at their ABI offsets; a 256-byte struct by value."""
    k = kernel("kernarg.gfx90a.s", "many_params")
    assert [p["size"] for p in k["params"]] == [8] + [4] * 12 + [8] * 4 + [1, 2, 1, 2, 2] + [8, 8, 4, 4]
    # ... d1 at 80, c0 88, s0 90, c1 92, s1 94, h0 96, then p0 aligned to 104, p1, a8, a9
    assert [p["offset"] for p in k["params"]][-6:] == [94, 96, 104, 112, 120, 124]
    assert kernel("kernarg.gfx90a.s", "big_struct")["params"][0] | {"name": None} == \
        {"name": None, "type": "b2048", "size": 256, "align": None, "offset": 0, "ptr": None}

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

"""llvm_nvptx/ kernels (upstream LLVM's NVPTX back end: clang 14 and 19, llc 19, llvmlite's LLVM
22) launched natively by their index.json recipes compute what their source says: the oracles
of tests/llvm_nvptx_oracles.py, which the CPU simulation (tests/test_llvm_nvptx.py) holds the
kernels it can run to as well. Their outputs under every stock probe are test_identity's."""
from __future__ import annotations

import numpy as np
import pytest

from corpus_runs import case_id, llvm_nvptx_launchable, native, recipe
from llvm_nvptx_oracles import close, expected

pytestmark = pytest.mark.gpu

CASES = llvm_nvptx_launchable()


@pytest.mark.parametrize("file,kernel", CASES, ids=[case_id(f, k) for f, k in CASES])
def test_native_outputs_are_what_the_source_computes(file, kernel):
    want, got = expected(kernel, recipe(file, kernel)), native(file, kernel).outputs
    assert want.keys() == got.keys()
    for name, value in want.items():
        assert close(kernel, name, got[name], value), (
            f"{name}: {np.count_nonzero(got[name] != value)} of {value.size} elements differ")

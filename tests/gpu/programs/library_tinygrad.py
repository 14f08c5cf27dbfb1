"""tinygrad's kernels, for `neutrino trace` under every stock probe (tests/gpu/test_library_programs.py):
PTX written by tinygrad's own renderer (no NVVM: `DEV=CUDA:PTX`), loaded through ctypes calls to
libcuda, launched with their arguments packed in `extra`. A matmul, softmax, a half sum, max,
cumsum, where/exp/log, a conv2d, integer division, argmax (a local array) and a half matmul on
`mma.sync`; inputs from NumPy with fixed seeds, so a traced run must match bit for bit.

    python tests/gpu/programs/library_tinygrad.py OUT.bin
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("DEV", "CUDA:PTX")
os.environ.setdefault("JIT", "0")            # no CUDA graphs: graph launches are timed only

import numpy as np  # noqa: E402
from cases import run  # noqa: E402
from tinygrad import Device, Tensor, dtypes  # noqa: E402

RNG = np.random.default_rng(7)
A = Tensor(RNG.standard_normal((64, 64), dtype=np.float32))
B = Tensor(RNG.standard_normal((64, 64), dtype=np.float32))
IMAGE = Tensor(RNG.standard_normal((16, 3, 8, 8), dtype=np.float32))
WEIGHT = Tensor(RNG.standard_normal((4, 3, 3, 3), dtype=np.float32))

CASES = {
    "matmul_relu": lambda: [(A @ B).relu()],
    "softmax": lambda: [A.softmax(-1)],
    "half_sum": lambda: [(A.half() * 2).sum(0)],
    "max": lambda: [A.reshape(8, 8, 64).max(axis=1)],
    "cumsum": lambda: [Tensor(np.arange(100, dtype=np.int32)).reshape(10, 10).cumsum(1)],
    "where_exp_log": lambda: [(A > 0.5).where(A, B).exp().log()],
    "conv2d": lambda: [IMAGE.conv2d(WEIGHT)],
    "int_div_mod": lambda: [(A * 100).cast(dtypes.int32) // 3 % 7],
    "argmax": lambda: [A.argmax(1)],
    "half_matmul": lambda: [A.half() @ B.half()],
}

if __name__ == "__main__":
    run(sys.argv[1], CASES, lambda t: t.numpy(), lambda: Device[Device.DEFAULT].synchronize())

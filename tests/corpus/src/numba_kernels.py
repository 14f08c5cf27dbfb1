"""numba-cuda's PTX (NVVM through numba's own lowering: `.common .global` environment symbols,
mangled names with ABI tags, numba's array structs as kernel parameters): the kernels of
tests/gpu/programs/library_numba.py rendered for sm_90 with `cuda.compile_ptx`, on a machine
without a GPU. Run by `generate.py --numba` with numba-cuda 0.30.4 and NVVM 13.0 installed
(`pip install 'numba-cuda[cu13]==0.30.4' 'nvidia-nvvm==13.0.*'`); prints one JSON line per
kernel, {"name", "ptx"}.

On a GPU with nvJitLink, numba links LTO-IR instead, and `neutrino trace` instruments the PTX
that nvJitLink makes of it with -ptx; this is the PTX numba makes without LTO."""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "gpu" / "programs"))
import library_numba as k  # noqa: E402
from numba import cuda  # noqa: E402

SIGNATURES = {
    k.axpy: "void(float32[:], float32, float32[:], float32[:])",
    k.block_sum: "void(float32[:], float32[:])",
    k.warp_ops: "void(int32[:], int32[:])",
    k.matmul2d: "void(float32[:,:], float32[:,:], float32[:,:])",
    k.math_f64: "void(float64[:], float64[:])",
    k.local_hist: "void(int32[:], int32[:])",
    k.max_cas: "void(int32[:], int32[:])",
    k.stencil: "void(float64[:], float64[:])",
    k.grid_stride_i64: "void(int64[:], int64[:], int64)",
}

if __name__ == "__main__":
    for kernel, signature in SIGNATURES.items():
        ptx, _ = cuda.compile_ptx(kernel.py_func, signature, cc=(9, 0),
                                  lineinfo=kernel.targetoptions.get("lineinfo", False))
        print(json.dumps({"name": kernel.py_func.__name__, "ptx": ptx}))

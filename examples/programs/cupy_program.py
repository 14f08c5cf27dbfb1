"""CuPy kernels for `neutrino trace`: a RawKernel, an ElementwiseKernel and a ReductionKernel.

    python examples/programs/cupy_program.py OUT.bin

CuPy normally hands the driver cubins (SASS only, nothing to instrument); CUPY_COMPILE_WITH_PTX=1
makes it load PTX instead, so its kernels can be instrumented. Set before cupy is imported.
"""
from __future__ import annotations

import os

os.environ.setdefault("CUPY_COMPILE_WITH_PTX", "1")

import cupy as cp  # noqa: E402
import numpy as np  # noqa: E402

from example_io import Launches, output_path, write_outputs  # noqa: E402

SCALE_ADD = r"""
extern "C" __global__ void scale_add(const float* x, const float* y, float* out, float alpha, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = alpha * x[i] + y[i];
}
"""


def main() -> None:
    launches = Launches()
    n = 1 << 20
    rng = np.random.default_rng(7)
    x = cp.asarray(rng.uniform(-1, 1, n).astype(np.float32))
    y = cp.asarray(rng.uniform(-1, 1, n).astype(np.float32))

    raw = cp.RawKernel(SCALE_ADD, "scale_add")
    out = cp.empty_like(x)
    grid, block = ((n + 255) // 256,), (256,)
    for _ in range(3):
        raw(grid, block, (x, y, out, np.float32(0.75), np.int32(n)))
        launches("scale_add", grid + (1, 1), block + (1, 1))

    squared_diff = cp.ElementwiseKernel("float32 a, float32 b", "float32 c",
                                        "c = (a - b) * (a - b)", "squared_diff")
    diff = squared_diff(out, x)
    launches("squared_diff")

    sum_abs = cp.ReductionKernel("float32 v", "float32 s", "fabsf(v)", "a + b", "s = a", "0",
                                 "sum_abs")
    total = sum_abs(diff.reshape(1024, -1), axis=1)
    launches("sum_abs")
    cp.cuda.Device().synchronize()

    write_outputs(output_path("cupy_program.out"),
                  {"out": cp.asnumpy(out), "diff": cp.asnumpy(diff), "row_sums": cp.asnumpy(total)})
    print(f"kernels launched: {launches.count}")


if __name__ == "__main__":
    main()

"""One process that alternates a kernel between GPU 0 and GPU 1 (one CUDA context per device).

    python examples/programs/two_devices.py OUT.bin [--launches 6]

Launch i runs `scale` on device i % 2 over n_i = (i + 1) * 2^16 floats (grid n_i / 256, block
256): every thread loads 4 bytes and stores 4 bytes, so a traced launch must hold exactly
grid * 8 block_sched records (one per warp) and gmem_bytes must count 4 * n_i bytes loaded and
stored, on the device the launch names. Each launch prints
`launch scale device=D grid=(G, 1, 1) block=(256, 1, 1) n=N` in launch order: the oracle.
CuPy loads PTX (CUPY_COMPILE_WITH_PTX=1), so `scale` can be instrumented on both devices.
"""
from __future__ import annotations

import argparse
import os

os.environ.setdefault("CUPY_COMPILE_WITH_PTX", "1")

import cupy as cp  # noqa: E402
import numpy as np  # noqa: E402

from example_io import write_outputs  # noqa: E402

SCALE = r"""
extern "C" __global__ void scale(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = 2.0f * x[i] + 1.0f;
}
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", default="two_devices.out")
    ap.add_argument("--launches", type=int, default=6)
    args = ap.parse_args()
    if cp.cuda.runtime.getDeviceCount() < 2:
        raise SystemExit("two_devices.py needs two GPUs (CUDA_VISIBLE_DEVICES shows fewer)")
    kernels = {}
    for device in (0, 1):
        with cp.cuda.Device(device):
            kernels[device] = cp.RawKernel(SCALE, "scale")
    outputs = {}
    for i in range(args.launches):
        device, n = i % 2, (i + 1) << 16
        with cp.cuda.Device(device):
            x = cp.arange(n, dtype=cp.float32)
            y = cp.empty_like(x)
            grid, block = (n // 256, 1, 1), (256, 1, 1)
            kernels[device](grid, block, (x, y, np.int32(n)))
            print(f"launch scale device={device} grid={grid} block={block} n={n}", flush=True)
            cp.cuda.Device(device).synchronize()
            outputs[f"y{i}"] = cp.asnumpy(y)
    write_outputs(args.out, outputs)
    print(f"kernels launched: {args.launches}")


if __name__ == "__main__":
    main()

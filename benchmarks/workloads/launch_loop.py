"""A launch-bound program for benchmarks/launch_rate.py: a tiny CuPy kernel launched N times on one
stream (eager), then N times as a CUDA graph of K launches replayed N / K times; prints the host
microseconds per launch of each part as JSON.

    python benchmarks/workloads/launch_loop.py N [K]
"""
from __future__ import annotations

import json
import os
import sys
import time

os.environ.setdefault("CUPY_COMPILE_WITH_PTX", "1")

import cupy as cp  # noqa: E402
import numpy as np  # noqa: E402

KERNEL = r"""
extern "C" __global__ void bump(float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += 1.0f;
}
"""


def main(n: int, k: int) -> None:
    bump = cp.RawKernel(KERNEL, "bump")
    x = cp.zeros(256, dtype=cp.float32)
    args = (x, np.int32(256))
    stream = cp.cuda.Stream(non_blocking=True)
    with stream:
        bump((1,), (256,), args)                    # load and first launch outside the timing
        stream.synchronize()
        start = time.perf_counter()
        for _ in range(n):
            bump((1,), (256,), args)
        stream.synchronize()
        eager = time.perf_counter() - start
        stream.begin_capture()
        for _ in range(k):
            bump((1,), (256,), args)
        graph = stream.end_capture()
        graph.launch(stream)
        stream.synchronize()
        start = time.perf_counter()
        for _ in range(n // k):
            graph.launch(stream)
        stream.synchronize()
        replays = time.perf_counter() - start
    expected = 1 + n + (n // k + 1) * k            # captured launches run only in replays
    assert float(x[0]) == expected, (float(x[0]), expected)
    print(json.dumps({"eager_us": eager / n * 1e6, "graph_us": replays / (n // k * k) * 1e6}))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 10)

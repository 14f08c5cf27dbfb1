"""Kernels captured into CUDA graphs and replayed, as inference engines and
torch.compile(mode="reduce-overhead") run them, for `neutrino trace` (tests/gpu/test_graphs.py):

- torch.cuda.graph around a Triton kernel and ATen ops (warm-up on a side stream, capture in
  torch's default global mode, the graph destroyed after instantiation, replays on the current
  stream), its inputs changed between replays;
- a CuPy RawKernel captured on a CuPy stream (cupy.cuda.Stream.begin_capture, global mode) and its
  graph launched back to back, plus an eager launch of the same kernel on the same buffers; and
  a second RawKernel loaded before the capture whose first launch is the captured one;
- torch.compile(mode="reduce-overhead"): Inductor's Triton kernels run by CUDA graph trees
  (warm-up, recording, then replays).

    python tests/gpu/programs/graphs.py OUT.npz

OUT.npz holds every output after every replay; OUT.npz.json what the test checks the trace
against (sizes, replay counts, buffer addresses).
"""
from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("CUPY_COMPILE_WITH_PTX", "1")

import cupy as cp  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

N, REPLAYS, BLOCK = 1 << 16, 3, 1024
GLOBAL = getattr(cp.cuda.runtime, "streamCaptureModeGlobal", 0)


@triton.jit
def scaled_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, 2.0 * x + y, mask=mask)


RAW = r"""
extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void square(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] * x[i];
}
"""


def torch_graph(outputs: dict) -> dict:
    g = torch.Generator(device="cuda").manual_seed(0)
    x = torch.randn(N, device="cuda", generator=g)
    y = torch.randn(N, device="cuda", generator=g)
    out = torch.empty_like(x)

    def step() -> None:
        scaled_add[(triton.cdiv(N, BLOCK),)](x, y, out, N, BLOCK=BLOCK)
        out.mul_(0.5)

    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        step()                                     # warm-up: compiles and runs eagerly
    torch.cuda.current_stream().wait_stream(side)
    outputs["torch_eager"] = out.cpu().numpy()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        step()
    for r in range(REPLAYS):
        x.add_(1.0)
        graph.replay()
        outputs[f"torch_replay{r}"] = out.cpu().numpy()
    del graph
    return {"x": x.data_ptr(), "y": y.data_ptr(), "out": out.data_ptr()}


def cupy_graph(outputs: dict) -> dict:
    module = cp.RawModule(code=RAW)
    kernel, square = module.get_function("saxpy"), module.get_function("square")
    x = cp.arange(N, dtype=cp.float32)
    y = cp.ones(N, dtype=cp.float32)
    z = cp.empty(N, dtype=cp.float32)
    args = (np.float32(0.25), x, y, np.int32(N))
    grid = ((N + 255) // 256,)
    kernel(grid, (256,), args)                     # eager
    outputs["cupy_eager"] = cp.asnumpy(y)
    stream = cp.cuda.Stream(non_blocking=True)
    with stream:                                   # global mode, as torch captures: the shim
        stream.begin_capture(mode=GLOBAL)          # instruments `square` inside the capture
        kernel(grid, (256,), args)
        square(grid, (256,), (y, z, np.int32(N)))  # its first launch
        graph = stream.end_capture()
    for _ in range(REPLAYS):                       # back to back: each replay's maps are its own
        graph.launch(stream)
    stream.synchronize()
    outputs["cupy_replays"] = cp.asnumpy(y)
    outputs["cupy_square"] = cp.asnumpy(z)
    return {"x": x.data.ptr, "y": y.data.ptr, "z": z.data.ptr}


def inductor_graph(outputs: dict) -> None:
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.GELU(), torch.nn.Linear(128, 64)).cuda()

    def forward(x: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.layer_norm(model(x) * 2.0 + 1.0, (64,))

    compiled = torch.compile(forward, mode="reduce-overhead")
    x = torch.randn(256, 64, device="cuda")
    with torch.no_grad():
        for i in range(REPLAYS + 2):               # warm-up, recording, then replays
            outputs[f"inductor{i}"] = compiled(x + i).cpu().numpy()


def main(path: str) -> None:
    outputs: dict = {}
    facts = {"n": N, "replays": REPLAYS, "torch": torch_graph(outputs), "cupy": cupy_graph(outputs)}
    inductor_graph(outputs)
    torch.cuda.synchronize()
    np.savez(path, **outputs)
    with open(path + ".json", "w") as f:
        json.dump(facts, f)


if __name__ == "__main__":
    main(sys.argv[1])

"""Triton kernels for `neutrino trace`: vector add and a fused row softmax, launched a few times.

    python examples/programs/triton_program.py OUT.bin
"""
from __future__ import annotations

import numpy as np
import torch
import triton
import triton.language as tl

from example_io import Launches, output_path, write_outputs


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
             mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * stride + cols, mask=mask, other=-float("inf"))
    num = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * stride + cols, num / tl.sum(num, axis=0), mask=mask)


def main() -> None:
    launches = Launches()
    gen = torch.Generator(device="cpu").manual_seed(11)
    n, rows, cols = 1_000_000, 512, 781
    x = torch.rand(n, generator=gen).cuda()
    y = torch.rand(n, generator=gen).cuda()
    s = torch.randn(rows, cols, generator=gen).cuda()
    out = torch.empty_like(x)
    probs = torch.empty_like(s)

    block, warps = 1024, 4
    grid = (triton.cdiv(n, block), 1, 1)
    for _ in range(3):
        add_kernel[grid](x, y, out, n, BLOCK=block, num_warps=warps)
        launches("add_kernel", grid, (32 * warps, 1, 1))
    sblock = triton.next_power_of_2(cols)
    softmax_kernel[(rows,)](probs, s, s.stride(0), cols, BLOCK=sblock, num_warps=warps)
    launches("softmax_kernel", (rows, 1, 1), (32 * warps, 1, 1))
    torch.cuda.synchronize()

    write_outputs(output_path("triton_program.out"),
                  {"sum": out.cpu().numpy(), "softmax": probs.cpu().numpy().astype(np.float32)})
    print(f"kernels launched: {launches.count}")


if __name__ == "__main__":
    main()

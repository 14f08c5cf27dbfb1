"""Benchmark workload: a few hundred training steps of a torch.compile'd MLP (Inductor's fused
Triton kernels forward and backward, cuBLAS matmuls, the Adam update), GPU-bound like a real job.

    python benchmarks/workloads/train_mlp.py [STEPS]
"""
from __future__ import annotations

import sys

import torch
from torch import nn


def main() -> None:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    torch.manual_seed(0)
    width, batch = 2048, 4096
    model = nn.Sequential(*[m for _ in range(4) for m in (nn.Linear(width, width), nn.LayerNorm(width), nn.GELU())],
                          nn.Linear(width, 10)).cuda()
    opt = torch.optim.Adam(model.parameters(), lr=1e-4)
    step = torch.compile(lambda x, y: nn.functional.cross_entropy(model(x), y))
    x = torch.randn(batch, width, device="cuda")
    y = torch.randint(0, 10, (batch,), device="cuda")
    for _ in range(steps):
        opt.zero_grad(set_to_none=True)
        loss = step(x, y)
        loss.backward()
        opt.step()
    torch.cuda.synchronize()
    print(f"loss {loss.item():.6f}")


if __name__ == "__main__":
    main()

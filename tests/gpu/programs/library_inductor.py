"""Training steps of a small attention block under torch.compile, for `neutrino trace` under every
stock probe (tests/gpu/test_library_programs.py): Inductor's forward and backward kernels (fused
pointwise, layer-norm and softmax backward, split and persistent reductions, the optimizer's
fused update) next to cuBLAS (SASS only: timed, not instrumented).

    python tests/gpu/programs/library_inductor.py OUT.bin

Deterministic settings (no TF32, deterministic algorithms, fixed seeds) keep a traced and an
untraced run bit-identical.
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")

import numpy as np  # noqa: E402
import torch  # noqa: E402
from torch import nn  # noqa: E402


class Block(nn.Module):
    def __init__(self, width: int = 128, heads: int = 4) -> None:
        super().__init__()
        self.heads = heads
        self.norm1, self.norm2 = nn.LayerNorm(width), nn.LayerNorm(width)
        self.qkv, self.proj = nn.Linear(width, 3 * width), nn.Linear(width, width)
        self.up, self.down = nn.Linear(width, 4 * width), nn.Linear(4 * width, width)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, c = x.shape
        q, k, v = self.qkv(self.norm1(x)).view(b, t, 3, self.heads, c // self.heads).unbind(2)
        q, k, v = (y.transpose(1, 2) for y in (q, k, v))
        att = torch.softmax(q @ k.transpose(-1, -2) / (c // self.heads) ** 0.5, dim=-1)
        x = x + self.proj((att @ v).transpose(1, 2).reshape(b, t, c))
        return x + self.down(torch.nn.functional.gelu(self.up(self.norm2(x)), approximate="tanh"))


def main() -> None:
    torch.manual_seed(3)
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.use_deterministic_algorithms(True)
    model = Block().cuda()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, fused=True)
    gen = torch.Generator().manual_seed(5)
    x, y = torch.randn(8, 64, 128, generator=gen).cuda(), torch.randn(8, 64, 128, generator=gen).cuda()

    @torch.compile
    def step(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        return loss

    losses = []
    for _ in range(3):
        opt.zero_grad(set_to_none=True)
        losses.append(step(x, y).detach())
        opt.step()
    torch.cuda.synchronize()
    with open(sys.argv[1], "wb") as out:
        for t in [*losses, *model.parameters()]:
            out.write(np.ascontiguousarray(t.detach().cpu().numpy()).tobytes())
    print(f"losses {[float(v) for v in losses]}")


if __name__ == "__main__":
    main()

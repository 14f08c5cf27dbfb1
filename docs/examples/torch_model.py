"""The PyTorch program behind docs/examples: a small transformer block, part eager, part compiled.

    neutrino trace --probe probes/block_sched.probe -- python docs/examples/torch_model.py
    neutrino report neutrino-trace --plots plots/ --perfetto trace.perfetto.json

Eager modules (embedding, attention with `scaled_dot_product_attention`) run ATen and cuBLAS
kernels, which ship as SASS only and are timed, not instrumented; the MLP is `torch.compile`d, so
its fused Triton kernels are instrumented. `record_function` scopes and module names become the
`operator` of each launch.
"""
from __future__ import annotations

import torch
from torch import nn
from torch.autograd.profiler import record_function


class Attention(nn.Module):
    def __init__(self, width: int, heads: int) -> None:
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(width, 3 * width)
        self.out = nn.Linear(width, width)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, w = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, w // self.heads).unbind(2)
        y = nn.functional.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2),
                                                       v.transpose(1, 2), is_causal=True)
        return self.out(y.transpose(1, 2).reshape(b, t, w))


class MLP(nn.Module):
    def __init__(self, width: int) -> None:
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.up = nn.Linear(width, 4 * width)
        self.down = nn.Linear(4 * width, width)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.down(nn.functional.gelu(self.up(self.norm(x))))


class Block(nn.Module):
    def __init__(self, vocab: int = 4096, width: int = 512, heads: int = 8) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.attn = Attention(width, heads)
        self.mlp = torch.compile(MLP(width))
        self.head = nn.Linear(width, vocab)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        x = self.embed(tokens)
        x = x + self.attn(x)
        return self.head(self.mlp(x))


def main() -> None:
    torch.manual_seed(0)
    model = Block().cuda().eval()
    tokens = torch.randint(0, 4096, (8, 256), device="cuda")
    with torch.no_grad():
        for step in range(3):
            with record_function("forward"):
                logits = model(tokens)
            with record_function("loss"):
                loss = nn.functional.cross_entropy(logits.flatten(0, 1), tokens.flatten())
    torch.cuda.synchronize()
    print(f"loss {loss.item():.4f}")


if __name__ == "__main__":
    main()

"""A small MLP under torch.compile for `neutrino trace`: Inductor's fused Triton kernels
(instrumentable) next to cuBLAS matmuls (SASS only: listed as launches, not instrumented).

    python examples/programs/torch_compile_mlp.py OUT.bin

Deterministic settings (no TF32, deterministic algorithms, fixed seed) keep a traced and an
untraced run bit-identical. Launch geometry is chosen by Inductor and cuBLAS, so it is not printed;
`neutrino trace` reports it.
"""
from __future__ import annotations

import os

os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")

import torch  # noqa: E402
from torch import nn  # noqa: E402

from example_io import output_path, write_outputs  # noqa: E402


class MLP(nn.Module):
    def __init__(self, width: int = 256, depth: int = 3) -> None:
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(width, width) for _ in range(depth))
        self.norm = nn.LayerNorm(width)
        self.head = nn.Linear(width, 16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x = torch.nn.functional.gelu(layer(x)) + x
        return torch.softmax(self.head(self.norm(x)), dim=-1)


def main() -> None:
    torch.manual_seed(3)
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.use_deterministic_algorithms(True)

    model = MLP().cuda().eval()
    compiled = torch.compile(model)
    batch = torch.randn(512, 256, generator=torch.Generator().manual_seed(5)).cuda()
    with torch.no_grad():
        outputs = [compiled(batch) for _ in range(3)]
    torch.cuda.synchronize()

    write_outputs(output_path("torch_compile_mlp.out"),
                  {f"forward{i}": out.cpu().numpy() for i, out in enumerate(outputs)})
    print(f"forward passes: {len(outputs)} (kernel launches: see the trace summary)")


if __name__ == "__main__":
    main()

"""Data-parallel training of a small torch.compile'd MLP, for `neutrino trace -- torchrun ...`.

    torchrun --nproc_per_node=2 examples/programs/ddp_train.py [--steps 5] [--out PREFIX]

Each rank trains the same model (same seed) on its own deterministic batches; DDP averages the
gradients. Ranks that share a GPU (fewer GPUs than local ranks) use gloo, ranks with a GPU each use
NCCL (`--backend` overrides). Every step prints `rank R step S loss L` with L as Python's repr of
the float (shortest text that reads back to the same double), so a traced and an untraced run
compare to the last digit; `--out PREFIX` also writes each rank's final parameters as raw bytes
to PREFIX.rank<R>.bin (compare with `cmp`). The last line of each rank is `ddp_train result
{json}`: rank, device, backend, losses, wall time from start to end and per step.

Deterministic settings (no TF32, deterministic algorithms, fixed seeds) keep traced and untraced
runs bit-identical. Inductor's Triton kernels (forward and backward) are instrumentable; cuBLAS
and NCCL kernels are SASS only (timed, listed).
"""
from __future__ import annotations

import argparse
import json
import os
import time

T0 = time.perf_counter()
os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")

import torch  # noqa: E402
import torch.distributed as dist  # noqa: E402
from torch import nn  # noqa: E402
from torch.nn.parallel import DistributedDataParallel as DDP  # noqa: E402


class MLP(nn.Module):
    def __init__(self, width: int = 256, depth: int = 3, classes: int = 16) -> None:
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(width, width) for _ in range(depth))
        self.norm = nn.LayerNorm(width)
        self.head = nn.Linear(width, classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x = torch.nn.functional.gelu(layer(x)) + x
        return self.head(self.norm(x))


def layout(backend: str) -> tuple[int, str]:
    """(device ordinal, backend) for this rank: a GPU each while there are enough, else all on
    GPU 0 with gloo (NCCL refuses two ranks on one device)."""
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    local_world = int(os.environ.get("LOCAL_WORLD_SIZE", 1))
    own_gpu = torch.cuda.device_count() >= local_world
    device = local_rank if own_gpu else 0
    if backend == "auto":
        backend = "nccl" if own_gpu else "gloo"
    return device, backend


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--backend", choices=("auto", "gloo", "nccl"), default="auto")
    ap.add_argument("--out", metavar="PREFIX", help="write final parameters to PREFIX.rank<R>.bin")
    args = ap.parse_args()

    device, backend = layout(args.backend)
    torch.cuda.set_device(device)
    dist.init_process_group(backend)
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(3)
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.use_deterministic_algorithms(True)

    model = DDP(MLP().cuda(), device_ids=[device])
    compiled = torch.compile(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    data = torch.Generator().manual_seed(100 + rank)
    losses, step_s = [], []
    for step in range(args.steps):
        x = torch.randn(args.batch, 256, generator=data).cuda()
        y = torch.randint(0, 16, (args.batch,), generator=data).cuda()
        t = time.perf_counter()
        opt.zero_grad(set_to_none=True)
        loss = nn.functional.cross_entropy(compiled(x), y)
        loss.backward()
        opt.step()
        value = loss.item()                  # synchronizes: the step is done
        step_s.append(time.perf_counter() - t)
        losses.append(value)
        print(f"rank {rank} step {step} loss {value!r}", flush=True)

    if args.out:
        with open(f"{args.out}.rank{rank}.bin", "wb") as f:
            for p in model.parameters():
                f.write(p.detach().cpu().contiguous().numpy().tobytes())
    torch.cuda.synchronize()
    dist.barrier()
    result = {"rank": rank, "world_size": world, "local_rank": int(os.environ.get("LOCAL_RANK", 0)),
              "device": device, "backend": backend, "pid": os.getpid(), "losses": losses,
              "step_s": step_s, "wall_s": time.perf_counter() - T0}
    print(f"ddp_train result {json.dumps(result)}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()

"""PyTorch and Triton features the other programs do not reach, for `neutrino trace`
(tests/gpu/test_runtime_features.py): torch.compile's CUDA graph trees (mode="reduce-overhead",
replays of captured Inductor kernels), FlexAttention forward and backward, work on two streams
joined by an event with pinned non-blocking copies, a torch.cuda.CUDAGraph of compiled code
replayed with new inputs, dynamic shapes (sizes as kernel params), and a Triton kernel
autotuned over four configs (every config benchmarked) next to a while loop with atomics.

    python tests/gpu/programs/torch_features.py OUT.bin

Deterministic settings keep a traced and an untraced run bit-identical.
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from cases import run  # noqa: E402

torch.backends.cuda.matmul.allow_tf32 = False
torch.use_deterministic_algorithms(True)


def graph_trees():
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Linear(256, 512), torch.nn.GELU(), torch.nn.LayerNorm(512),
                            torch.nn.Linear(512, 64)).cuda()
    cm = torch.compile(m, mode="reduce-overhead")
    opt = torch.optim.SGD(m.parameters(), lr=0.01)
    g = torch.Generator().manual_seed(1)
    losses = []
    for _ in range(6):
        x, y = torch.randn(128, 256, generator=g).cuda(), torch.randn(128, 64, generator=g).cuda()
        torch.compiler.cudagraph_mark_step_begin()
        loss = torch.nn.functional.mse_loss(cm(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.detach().clone())
    return [torch.stack(losses), *(p.detach() for p in m.parameters())]


def _causal(b, h, q_index, k_index):
    return q_index >= k_index


def _distance_bias(score, b, h, q_index, k_index):
    return score - (q_index - k_index).abs() * 0.01 * (h + 1)


def flex_attention():
    from torch.nn.attention.flex_attention import create_block_mask, flex_attention as flex
    torch.manual_seed(0)
    b, h, s, d = 2, 4, 256, 64
    q, k, v = (torch.randn(b, h, s, d, device="cuda", dtype=torch.float16, requires_grad=True) for _ in range(3))
    mask = create_block_mask(_causal, b, h, s, s)
    out = torch.compile(flex)(q, k, v, score_mod=_distance_bias, block_mask=mask)
    out.float().sum().backward()
    return [out.detach(), q.grad, k.grad, v.grad]


def streams_and_graph():
    torch.manual_seed(0)
    f = torch.compile(lambda t: torch.sin(t) * torch.cos(t * 2) + t.square().mean())
    s1, s2 = torch.cuda.Stream(), torch.cuda.Stream()
    host = torch.randn(1 << 20).pin_memory()
    with torch.cuda.stream(s1):
        r1 = f(host.to("cuda", non_blocking=True))
    done = torch.cuda.Event()
    done.record(s1)
    with torch.cuda.stream(s2):
        s2.wait_event(done)
        r2 = f(r1 * 0.5)
    torch.cuda.synchronize()
    static_in = torch.randn(4096, device="cuda")
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(2):
            f(static_in)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        static_out = f(static_in)
    outs = [r1, r2]
    for i in range(4):
        static_in.copy_(torch.arange(4096, device="cuda") * 1e-3 + i)
        graph.replay()
        outs.append(static_out.clone())
    return outs


def dynamic_shapes():
    torch.manual_seed(0)

    @torch.compile(dynamic=True)
    def f(x, w):
        y = torch.nn.functional.silu(x @ w)
        return y.softmax(-1).cumsum(-1), y.amax(0)

    outs = []
    for n in (7, 100, 1000, 3001):
        outs += f(torch.randn(n, 96, device="cuda"), torch.randn(96, 33, device="cuda"))
    return outs


@triton.autotune(configs=[triton.Config({"BM": bm, "BN": bn, "BK": 32}, num_warps=w, num_stages=s)
                          for bm, bn, w, s in [(64, 64, 4, 2), (128, 64, 4, 3), (64, 128, 8, 3), (32, 32, 2, 2)]],
                 key=["M", "N", "K"])
@triton.jit
def _tuned_mm(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm, pn = tl.program_id(0), tl.program_id(1)
    ap = tl.make_block_ptr(a, (M, K), (K, 1), (pm * BM, 0), (BM, BK), (1, 0))
    bp = tl.make_block_ptr(b, (K, N), (N, 1), (0, pn * BN), (BK, BN), (1, 0))
    acc = tl.zeros((BM, BN), tl.float32)
    for _ in range(0, K, BK):
        acc += tl.dot(tl.load(ap, boundary_check=(0, 1)), tl.load(bp, boundary_check=(0, 1)))
        ap, bp = tl.advance(ap, (0, BK)), tl.advance(bp, (BK, 0))
    cp = tl.make_block_ptr(c, (M, N), (N, 1), (pm * BM, pn * BN), (BM, BN), (1, 0))
    tl.store(cp, acc.to(tl.float16), boundary_check=(0, 1))


@triton.jit
def _collatz(x, steps, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(x + offs, mask=m, other=1)
    count = tl.zeros((BLOCK,), tl.int32)
    while tl.max(v, 0) > 1:
        v = tl.where(v > 1, tl.where((v % 2) == 1, 3 * v + 1, v // 2), v)
        count += (v > 1).to(tl.int32)
    tl.atomic_add(steps + (offs % 17), count, mask=m)


def triton_autotune():
    torch.manual_seed(0)
    M, N, K = 320, 288, 256
    a = torch.randn(M, K, device="cuda", dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", dtype=torch.float16)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    for _ in range(2):
        _tuned_mm[lambda meta: (triton.cdiv(M, meta["BM"]), triton.cdiv(N, meta["BN"]))](a, b, c, M, N, K)
    x = torch.randint(1, 1000, (5000,), device="cuda", dtype=torch.int64)
    steps = torch.zeros(17, device="cuda", dtype=torch.int32)
    _collatz[(triton.cdiv(5000, 256),)](x, steps, 5000, BLOCK=256)
    return [c, steps]


if __name__ == "__main__":
    run(sys.argv[1], {"graph_trees": graph_trees, "flex_attention": flex_attention,
                      "streams_and_graph": streams_and_graph, "dynamic_shapes": dynamic_shapes,
                      "triton_autotune": triton_autotune},
        lambda t: t.detach().cpu().numpy(), torch.cuda.synchronize)

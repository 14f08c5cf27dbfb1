"""The in-process runtime on a real GPU: every argument form reaches the kernel, outputs come back,
and the Triton launch hook reproduces Triton's own launch bit for bit."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytestmark = pytest.mark.gpu

VECTOR_ADD = (Path(__file__).resolve().parents[1] / "corpus" / "cuda" / "vector_add.sm_90.ptx").read_text()

N = 10_000


@pytest.fixture(scope="module")
def vector_add():
    from neutrino_py.assemble import ptx_to_cubin
    from neutrino_py.runtime import Module, ParamType, device

    module = Module(ptx_to_cubin(VECTOR_ADD, device().arch))
    return module.function("vector_add"), [ParamType.parse(t) for t in ("u64", "u64", "u64", "u32")]


def inputs():
    rng = np.random.default_rng(0)
    return rng.uniform(-1, 1, N).astype(np.float32), rng.uniform(-1, 1, N).astype(np.float32)


def test_host_arrays_are_copied_in_and_out(vector_add):
    from neutrino_py.runtime import launch

    a, b = inputs()
    c = np.zeros(N, np.float32)
    done = launch(*vector_add, (N + 255) // 256, 256, [a, b, c, N])
    assert np.array_equal(c, a + b) and done.elapsed_ms is not None and dict(done.maps) == {}


def test_raw_pointers_and_cuda_array_interface(vector_add):
    from neutrino_py.runtime import Buffer, launch

    torch = pytest.importorskip("torch")
    a, b = inputs()
    ta, tb = torch.from_numpy(a).cuda(), torch.from_numpy(b).cuda()
    with Buffer(4 * N) as out:
        launch(*vector_add, (N + 255) // 256, (256, 1, 1), [ta, tb.__cuda_array_interface__["data"][0],
                                                             out.ptr, N])
        got = np.frombuffer(out.download(), np.float32)
    assert np.array_equal(got, a + b)
    cupy = pytest.importorskip("cupy")
    ca, cb, cc = cupy.asarray(a), cupy.asarray(b), cupy.zeros(N, cupy.float32)
    launch(*vector_add, (N + 255) // 256, 256, [ca, cb, cc, N])
    assert np.array_equal(cupy.asnumpy(cc), a + b)


def test_triton_hook_passes_triton_arguments_unchanged():
    torch = pytest.importorskip("torch")
    triton = pytest.importorskip("triton")
    import triton.language as tl

    from neutrino_py.assemble import ptx_to_cubin
    from neutrino_py.runtime import Module, ParamType, device, launch, triton_hook
    from neutrino_py.runtime.cuda import param_sizes

    @triton.jit
    def scaled_add(x_ptr, y_ptr, out_ptr, alpha, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * alpha + tl.load(y_ptr + offs, mask=mask),
                 mask=mask)

    x, y = (torch.rand(N, device="cuda") for _ in range(2))
    native = torch.empty_like(x)
    scaled_add[(triton.cdiv(N, 512),)](x, y, native, 1.5, N, BLOCK=512)
    seen = []

    def relaunch(compiled, grid, stream, args, scratch, _native):
        ptx = compiled.asm["ptx"]
        arch = "sm_90a" if ".target sm_90a" in ptx else device().arch
        function = Module(ptx_to_cubin(ptx, arch)).function(compiled.metadata.name)
        types = [ParamType.of_size(s) for s in param_sizes(function)]
        seen.append((grid, len(args), len(types)))
        launch(function, types, grid, 32 * compiled.metadata.num_warps, args + scratch[:len(types) - len(args)],
               shared_mem=compiled.metadata.shared, stream=stream)

    ours = torch.empty_like(x)
    restore = triton_hook.install(relaunch)
    try:
        scaled_add[(triton.cdiv(N, 512),)](x, y, ours, 1.5, N, BLOCK=512)
    finally:
        restore()
    torch.cuda.synchronize()
    assert seen and seen[0][0] == (triton.cdiv(N, 512), 1, 1) and seen[0][1] == 5
    assert torch.equal(ours, native)


def test_trace_instruments_triton_kernels_launched_in_the_block():
    torch = pytest.importorskip("torch")
    triton = pytest.importorskip("triton")
    import triton.language as tl

    import neutrino_py as nt

    @triton.jit
    def axpy(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out_ptr + offs, 2.0 * tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
                 mask=mask)

    x, y = (torch.rand(N, device="cuda") for _ in range(2))
    native, traced = torch.empty_like(x), torch.empty_like(x)
    grid = (triton.cdiv(N, 1024),)
    axpy[grid](x, y, native, N, BLOCK=1024, num_warps=4)
    with nt.trace("block_sched") as tracing:
        axpy[grid](x, y, traced, N, BLOCK=1024, num_warps=4)
    with nt.trace("gmem_bytes") as counting:
        axpy[grid](x, y, traced, N, BLOCK=1024, num_warps=4)
    torch.cuda.synchronize()
    assert torch.equal(traced, native) and not tracing.skipped
    (run,) = tracing.runs
    assert run.kernel == "axpy" and run.grid == (grid[0], 1, 1) and run.block == (128, 1, 1)
    assert len(run.maps["sched"]) == grid[0]                 # a row per block (its last warp)
    gmem = counting.runs[0].maps["gmem"]
    assert int(gmem["loaded"].sum()) == 8 * N and int(gmem["stored"].sum()) == 4 * N


def test_map_buffers_are_reused_and_zeroed_for_every_launch(vector_add):
    import neutrino_py as nt
    from neutrino_py.runtime.cuda import Spare

    spare = Spare(1 << 20)
    first = spare.take(4096)
    ptr = first.ptr
    spare.give(first)
    assert spare.take(4096).ptr == ptr and spare.held == 0
    spare.give(spare.take(2 << 20))              # over the limit: freed, not kept
    assert spare.held == 0
    kernel = nt.Kernel.from_ptx(VECTOR_ADD, "vector_add").instrument("block_sched")
    a, b = inputs()
    runs = [kernel.launch((N + 255) // 256, 256, [a, b, np.zeros(N, np.float32), N]) for _ in range(3)]
    assert [len(r.maps["sched"]) for r in runs] == [(N + 255) // 256] * 3


def test_ready_runs_once_after_the_maps_are_zeroed_and_before_the_kernel():
    """`ready(stream)` is where a benchmark flushes L2: after the zeroing, so a map the hook
    scribbles on is still read back zeroed-then-written by the kernel alone."""
    import neutrino_py as nt
    from neutrino_py.runtime import Buffer

    kernel = nt.Kernel.from_ptx(VECTOR_ADD, "vector_add")
    inst = kernel.instrument(nt.Probe("map g[kernel]: counter { u64 st; }\n"
                                      "before st.global { g.st += BYTES; }\n"))
    a, b = inputs()
    c = np.zeros(N, np.float32)
    flush = Buffer(1 << 20)
    calls = []

    def ready(stream: int) -> None:
        calls.append(stream)
        flush.zero(stream)

    run = inst.launch(grid=(N + 255) // 256, block=256, args=[a, b, c, N], ready=ready)
    assert len(calls) == 1 and np.array_equal(c, a + b)
    assert int(run.maps["g"]["st"].sum()) == 4 * N

"""`neutrino trace` end to end on the example programs (examples/programs/): nvcc with static
cudart, CuPy, Triton and torch.compile, each traced with block_sched and dmat. Outputs must be
byte-identical to an untraced run; record counts must be what the launch geometry implies."""
from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from neutrino_py.tracedir import Trace

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = ROOT / "examples" / "programs"
PROBES = ROOT / "probes"
pytestmark = pytest.mark.gpu


def _command(name: str, out: Path) -> list[str]:
    if name == "nvcc":
        subprocess.run(["make", "-s", "-C", str(PROGRAMS / "cuda")], check=True)
        return [str(PROGRAMS / "cuda" / "multi_kernel"), str(out)]
    script = {"cupy": "cupy_program.py", "triton": "triton_program.py", "torch": "torch_compile_mlp.py"}[name]
    return [sys.executable, str(PROGRAMS / script), str(out)]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """(program, probe) -> (native output bytes, traced output bytes, Trace), made on first use."""
    cache: dict = {}
    root = tmp_path_factory.mktemp("trace")

    def get(program: str, probe: str):
        if (program, probe) not in cache:
            env = {**os.environ, "NEUTRINO_CACHE": str(root / "cache")}
            native = root / f"{program}.native.bin"
            if not native.exists():
                subprocess.run(_command(program, native), check=True, env=env, cwd=PROGRAMS,
                               stdout=subprocess.DEVNULL)
            traced = root / f"{program}.{probe}.bin"
            tracedir = root / f"{program}.{probe}"
            run = subprocess.run([sys.executable, "-m", "neutrino_py", "trace", "--probe",
                                  str(PROBES / f"{probe}.probe"), "--tracedir", str(tracedir), "--",
                                  *_command(program, traced)], env=env, cwd=PROGRAMS,
                                 capture_output=True, text=True, timeout=600)
            print(run.stderr[-4000:])
            assert run.returncode == 0, run.stderr[-4000:]
            cache[program, probe] = (native.read_bytes(), traced.read_bytes(), Trace(tracedir))
        return cache[program, probe]
    return get


def blocks(launch) -> int:
    """Rows of the stock block_sched map: one per block, from its last warp."""
    return math.prod(launch.grid)


# nvcc names are C++-mangled (_Z10vector_addPKfS0_Pfi); CuPy's and Triton's are plain
INSTRUMENTED = {"nvcc": {"_Z10vector_addPKfS0_Pfi", "_Z5saxpyifPKfPf", "_Z9block_sumPKfPfi",
                         "_Z11sgemm_tiledPKfS0_Pfi", "_Z9histogramPKjPjii"},
                "cupy": {"scale_add", "squared_diff", "sum_abs"},
                "triton": {"add_kernel", "softmax_kernel"}}


@pytest.mark.parametrize("probe", ["block_sched", "dmat"])
@pytest.mark.parametrize("program", ["nvcc", "cupy", "triton", "torch"])
def test_outputs_identical_and_kernels_instrumented(runs, program, probe):
    native, traced, trace = runs(program, probe)
    assert traced == native
    instrumented = {k.name for k in trace.kernels if k.instrumented}
    assert INSTRUMENTED.get(program, set()) <= instrumented, trace.summary
    assert all(x.instrumented for x in trace.launches if x.kernel in INSTRUMENTED.get(program, ()))
    assert trace.summary["dropped"] == {} or not any(trace.summary["dropped"].values())
    if program == "nvcc":
        assert [x.kernel for x in trace.launches] == ["_Z10vector_addPKfS0_Pfi", "_Z5saxpyifPKfPf"] * 3 + \
            ["_Z9block_sumPKfPfi", "_Z11sgemm_tiledPKfS0_Pfi", "_Z9histogramPKjPjii"]
    if program == "torch":
        inductor = [k for k in trace.kernels if k.name.startswith("triton_")]
        assert inductor and all(k.instrumented and k.source == "triton" for k in inductor), \
            [(k.name, k.reason) for k in inductor]
        aten = [k for k in trace.kernels if k.name.startswith("_ZN2at")]
        assert aten and all(not k.instrumented and k.reason.startswith("SASS only") for k in aten)
        assert all(k.instrumented or k.reason for k in trace.kernels)
        assert all(x.duration_ms is not None for x in trace.launches)      # every launch was timed


@pytest.mark.parametrize("program", ["nvcc", "cupy", "triton", "torch"])
def test_block_sched_one_record_per_block(runs, program):
    _, _, trace = runs(program, "block_sched")
    launches = [x for x in trace.launches if x.instrumented]
    assert launches
    for x in launches:
        sched = x.maps["sched"]
        assert len(sched) == blocks(x), (x.kernel, x.grid, x.block)
        assert (sched["start"] > 0).all() and (sched["elapsed"] < 10**10).all()
        assert (sched["sm"] < 1024).all()


def test_dmat_vector_add_sees_every_access(runs):
    _, _, trace = runs("nvcc", "dmat")
    n = 1 << 20
    assert sum(x.kernel == "_Z10vector_addPKfS0_Pfi" for x in trace.launches) == 3
    for x in trace.launches:
        if x.kernel == "_Z10vector_addPKfS0_Pfi":
            records = x.maps["dmat"]
            assert len(records) == 3 * n                       # two loads and a store per element
            assert sorted(set(records["bytes"].tolist())) == [4]


THREADS_STREAMS = r'''
import os, sys, threading
os.environ.setdefault("CUPY_COMPILE_WITH_PTX", "1")
import cupy as cp
import numpy as np
k = cp.RawKernel(r"""extern "C" __global__ void axpb(float *y, const float *x, float a, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = a * x[i] + 1.0f; }""", "axpb")
n, outs = 1 << 20, [None] * 4
def work(t):
    stream = cp.cuda.Stream(non_blocking=True)
    with stream:
        x = cp.arange(n, dtype=cp.float32) * (t + 1)
        y = cp.empty_like(x)
        for r in range(5):
            k(((n + 255) // 256,), (256,), (y, x, cp.float32(r + t), cp.int32(n)))
        stream.synchronize()
        outs[t] = cp.asnumpy(y)
threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
[t.start() for t in threads]
[t.join() for t in threads]
np.concatenate(outs).tofile(sys.argv[1])
'''


def _env(tmp_path) -> dict:
    return {**os.environ, "NEUTRINO_CACHE": str(tmp_path / "cache")}


def _traced(tmp_path, probe: str, command: list[str], *flags: str) -> subprocess.CompletedProcess:
    """`neutrino trace --probe PROBE FLAGS -- COMMAND` into tmp_path/tr (its own instrumenting
    cache); the run, its stderr captured."""
    return subprocess.run([sys.executable, "-m", "neutrino_py", "trace", "--probe", str(PROBES / f"{probe}.probe"),
                           "--tracedir", str(tmp_path / "tr"), *flags, "--", *command],
                          env=_env(tmp_path), capture_output=True, text=True, timeout=300)


def _same_output_traced(tmp_path, source: str, *args: str, probe: str = "block_sched") -> Trace:
    """A Python program (`source`) run natively and under `neutrino trace --probe PROBE`, its
    output file given after `args`: the two outputs must be identical. The trace."""
    script = tmp_path / "program.py"
    script.write_text(source)
    command = [sys.executable, str(script), *args]
    subprocess.run([*command, str(tmp_path / "native.bin")], check=True, env=_env(tmp_path))
    run = _traced(tmp_path, probe, [*command, str(tmp_path / "traced.bin")])
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    assert (tmp_path / "traced.bin").read_bytes() == (tmp_path / "native.bin").read_bytes()
    return Trace(tmp_path / "tr")


def test_four_threads_on_four_streams(tmp_path):
    launches = [x for x in _same_output_traced(tmp_path, THREADS_STREAMS).launches if x.kernel == "axpb"]
    assert len(launches) == 20 and all(x.instrumented for x in launches)
    assert all(len(x.maps["sched"]) == 4096 for x in launches)          # a row per block
    assert len({x.stream for x in launches}) == 4


def _trace_nvcc(tmp_path, probe: str, *flags: str):
    """multi_kernel traced with `flags`: (native output, traced output, stderr, Trace)."""
    subprocess.run(_command("nvcc", tmp_path / "native.bin"), check=True, env=_env(tmp_path),
                   stdout=subprocess.DEVNULL)
    run = _traced(tmp_path, probe, _command("nvcc", tmp_path / "traced.bin"), *flags)
    assert run.returncode == 0, run.stderr[-3000:]
    return ((tmp_path / "native.bin").read_bytes(), (tmp_path / "traced.bin").read_bytes(), run.stderr,
            Trace(tmp_path / "tr"))


def test_max_bytes_ends_with_a_bounded_trace_and_says_so(tmp_path):
    """dmat writes megabytes per launch; with --max-bytes 1M the program still finishes with the
    same output, maps.bin stays under the bound and the summary says the budget was reached."""
    native, traced, stderr, trace = _trace_nvcc(tmp_path, "dmat", "--max-bytes", "1M")
    assert traced == native
    data = {x.info["data"] for x in trace.launches if x.instrumented}
    size = sum((trace.dir / rel).stat().st_size for rel in data)
    assert size <= 1 << 20 and trace.summary["recording"]["bytes_written"] == size
    assert trace.summary["recording"]["budget_reached"]
    why = "trace budget reached (--max-bytes)"
    assert trace.summary["fallbacks"].get(why, 0) + trace.summary["not_recorded"].get(why, 0) > 0
    assert "recording stopped: trace budget reached (--max-bytes)" in stderr
    for launch in trace.launches:
        if launch.instrumented:
            assert len(launch.maps["dmat"]) == launch.records["dmat"]


def test_launches_and_every_bound_instrumented_launches_per_kernel(tmp_path):
    native, traced, stderr, trace = _trace_nvcc(tmp_path, "block_sched", "--every", "2", "--launches", "1")
    assert traced == native
    per_kernel: dict[str, list] = {}
    for launch in trace.launches:
        per_kernel.setdefault(launch.kernel, []).append(launch)
    for name, launches in per_kernel.items():
        chosen = [x for x in launches if x.instrumented]
        if name in INSTRUMENTED["nvcc"]:
            assert [launches.index(x) for x in chosen] == [0], name
            assert len(chosen[0].maps["sched"]) == blocks(chosen[0])
    assert {x.info["data"] for x in trace.launches if x.instrumented} == {
        f"procs/{trace.launches[0].info['pid']}/maps.bin"}


@pytest.mark.parametrize("program", ["triton", "nvcc"])
def test_memtrace_counts_in_the_summary_are_the_records_read_back(runs, program):
    """memtrace's saves share reservations (runs: holes where a path makes fewer) and chains'
    firsts stand for their followers (Triton's rows): each launch's record count in trace.json,
    and the summary's totals, are the records the reader gives back, not the slots reserved."""
    native, traced, trace = runs(program, "memtrace")
    assert traced == native
    launches = [x for x in trace.launches if x.instrumented]
    assert launches
    total = 0
    for x in launches:
        assert x.records["mem"] == len(x.maps["mem"]), (x.kernel, x.records)
        total += len(x.maps["mem"])
    assert trace.summary["records"]["mem"] == total


FAULTING = r'''
import os, signal, sys, time
os.environ.setdefault("CUPY_COMPILE_WITH_PTX", "1")
import cupy as cp
import numpy as np
mod = cp.RawModule(code=r"""
extern "C" __global__ void twice(float *x, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= 2.0f; }
extern "C" __global__ void wild(float *x, long long off) { x[off + threadIdx.x] = 1.0f; }""")
twice, wild = mod.get_function("twice"), mod.get_function("wild")
n = 1 << 20
x = cp.ones(n, dtype=cp.float32)
for _ in range(3):
    twice((n // 256,), (256,), (x, np.int32(n)))
cp.cuda.Device().synchronize()
x.get().tofile(sys.argv[1])
time.sleep(1.0)                                 # the shim's writer copies the three launches back
if sys.argv[2] == "fault":
    wild((1,), (32,), (x, np.int64(1 << 40)))   # an illegal address: the context is lost
    cp.cuda.Device().synchronize()
os.kill(os.getpid(), signal.SIGKILL)
'''


@pytest.mark.parametrize("end", ["fault", "kill"])
def test_a_program_that_faults_or_is_killed_keeps_the_launches_before(tmp_path, end):
    """A kernel that faults takes its context, and its own maps, with it; one killed leaves no
    goodbye. Either way the launches copied back before stay whole, the lost launch says why
    (the driver's error), and the bytes written are counted from the launches kept."""
    script = tmp_path / "faulting.py"
    script.write_text(FAULTING)
    run = _traced(tmp_path, "block_sched", [sys.executable, str(script), str(tmp_path / "out.bin"), end])
    assert run.returncode == (1 if end == "fault" else 128 + 9), run.stderr[-3000:]
    assert (np.fromfile(tmp_path / "out.bin", np.float32) == 8).all()
    trace = Trace(tmp_path / "tr")
    kept = [x for x in trace.launches if x.kernel == "twice"]
    assert len(kept) == 3 and all(x.instrumented and len(x.maps["sched"]) == 4096 for x in kept)
    (proc,) = trace.processes
    rec = trace.summary["recording"]
    if end == "fault":
        (lost,) = [x for x in trace.launches if x.kernel == "wild"]
        assert not lost.instrumented
        assert lost.info["not_recorded"] == "copying the map header back failed (driver error 700)"
        assert (proc.state, proc.exit_code, rec["counted_from_launches"]) == ("exited", 1, 0)
    else:
        assert proc.state == "killed" and rec["counted_from_launches"] == 1
    files = {x.info["data"] for x in trace.launches if x.instrumented}
    assert rec["bytes_written"] == sum((trace.dir / rel).stat().st_size for rel in files)


CROWDED = r'''
import os, sys
os.environ.setdefault("CUPY_COMPILE_WITH_PTX", "1")
import cupy as cp
import numpy as np
twice = cp.RawKernel(r"""extern "C" __global__ void twice(float *x, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= 2.0f; }""", "twice")
n = 1 << 20
x = cp.asarray(np.ones(n, np.float32))   # a copy, not a kernel: no maps in the pool before
free, _ = cp.cuda.runtime.memGetInfo()
hog = cp.cuda.runtime.malloc(free - (96 << 20))     # 96 MiB left: less than memtrace's maps need
for _ in range(3):
    twice((n // 256,), (256,), (x, np.int32(n)))
x.get().tofile(sys.argv[1])
cp.cuda.runtime.free(hog)
'''


@pytest.mark.whole_gpu
def test_a_device_without_room_for_the_maps_runs_the_original_kernels(tmp_path):
    """memtrace's maps of a 4096-block launch take 192 MiB; with 96 MiB free the shim runs the
    program's own kernel, says why, and the program's results are those of an untraced run."""
    script = tmp_path / "crowded.py"
    script.write_text(CROWDED)
    run = _traced(tmp_path, "memtrace", [sys.executable, str(script), str(tmp_path / "out.bin")])
    assert run.returncode == 0, run.stderr[-3000:]
    assert (np.fromfile(tmp_path / "out.bin", np.float32) == 8).all()
    launches = [x for x in Trace(tmp_path / "tr").launches if x.kernel == "twice"]
    assert len(launches) == 3 and not any(x.instrumented for x in launches)
    assert {x.info["fallback"] for x in launches} == {"could not allocate map buffers"}


COOPERATIVE = r'''
#include <cooperative_groups.h>
#include <cstdio>
#include <cstring>
#include <vector>
namespace cg = cooperative_groups;

__global__ void two_phase(int *x, unsigned long long *sums, int n) {
    cg::grid_group g = cg::this_grid();
    for (int i = g.thread_rank(); i < n; i += g.size()) x[i] = x[i] * 3 + 1;
    g.sync();                                       /* the second phase reads other blocks' writes */
    unsigned long long s = 0;
    for (int i = g.thread_rank(); i < n; i += g.size()) s += x[(int)((long long)i * 7919 % n)];
    atomicAdd(&sums[blockIdx.x], s);
}

int main(int argc, char **argv) {
    int n = 1 << 22, per_sm = 0, sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, two_phase, 256, 0);
    int blocks = strcmp(argv[2], "full") ? sms : per_sm * sms;   /* "full": every co-resident block */
    std::vector<int> host(n);
    for (int i = 0; i < n; i++) host[i] = i;
    int *x;
    unsigned long long *sums;
    cudaMalloc(&x, n * sizeof(int));
    cudaMalloc(&sums, blocks * sizeof(unsigned long long));
    cudaMemcpy(x, host.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(sums, 0, blocks * sizeof(unsigned long long));
    void *args[] = {&x, &sums, &n};
    cudaError_t err = cudaLaunchCooperativeKernel((void *)two_phase, blocks, 256, args, 0, 0);
    if (err == cudaSuccess) err = cudaDeviceSynchronize();
    if (err != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(err)); return 1; }
    std::vector<unsigned long long> out(blocks);
    cudaMemcpy(out.data(), sums, blocks * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
    FILE *f = fopen(argv[1], "wb");
    fwrite(out.data(), sizeof(unsigned long long), blocks, f);
    fclose(f);
    return 0;
}
'''


RESET = r'''
#include <cstdio>
#include <vector>

__global__ void bump(int *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += i % 7;
}

int main(int argc, char **argv) {
    int n = 1 << 20;
    std::vector<int> out(2 * n);
    for (int round = 0; round < 2; round++) {       /* the second round in a fresh context */
        int *x;
        cudaMalloc(&x, n * sizeof(int));
        cudaMemset(x, 0, n * sizeof(int));
        for (int k = 0; k <= round + 2; k++) bump<<<n / 256, 256>>>(x, n);
        cudaMemcpy(out.data() + round * n, x, n * sizeof(int), cudaMemcpyDeviceToHost);
        cudaDeviceReset();
    }
    FILE *f = fopen(argv[1], "wb");
    fwrite(out.data(), sizeof(int), out.size(), f);
    fclose(f);
    return 0;
}
'''


def _built(root: Path, name: str, source: str, *flags: str) -> Path:
    """A CUDA program built for this GPU with SASS and PTX, as examples/programs/cuda is."""
    (root / f"{name}.cu").write_text(source)
    subprocess.run(["nvcc", "-O2", "-gencode", "arch=compute_90,code=[sm_90,compute_90]", *flags, "-o",
                    str(root / name), str(root / f"{name}.cu")], check=True)
    return root / name


@pytest.fixture(scope="module")
def cooperative(tmp_path_factory):
    return _built(tmp_path_factory.mktemp("coop"), "coop", COOPERATIVE)


def test_a_device_reset_between_launches_gets_the_twin_again_in_the_new_context(tmp_path):
    """cudaDeviceReset destroys the primary context with the module and the twin loaded in it;
    the launches after it, in a new context, are instrumented again and every row is there."""
    program = _built(tmp_path, "reset", RESET)
    subprocess.run([str(program), str(tmp_path / "native.bin")], check=True)
    run = _traced(tmp_path, "block_sched", [str(program), str(tmp_path / "traced.bin")])
    assert run.returncode == 0, run.stderr[-3000:]
    assert (tmp_path / "traced.bin").read_bytes() == (tmp_path / "native.bin").read_bytes()
    launches = [x for x in Trace(tmp_path / "tr").launches if "bump" in x.kernel]
    assert len(launches) == 3 + 4
    assert all(x.instrumented and len(x.maps["sched"]) == 4096 for x in launches)


@pytest.mark.parametrize("grid", ["one", "full"])
@pytest.mark.parametrize("probe", ["block_sched", "memtrace"])
def test_a_cooperative_launch_keeps_its_grid_sync_and_its_results(cooperative, tmp_path, probe, grid):
    """cudaLaunchCooperativeKernel with a grid.sync(): the twin goes out as a cooperative launch,
    and where its registers leave fewer blocks co-resident than the program asked for ("full")
    the driver refuses it and the original runs; the results are those of an untraced run."""
    subprocess.run([str(cooperative), str(tmp_path / "native.bin"), grid], check=True)
    run = _traced(tmp_path, probe, [str(cooperative), str(tmp_path / "traced.bin"), grid])
    assert run.returncode == 0, run.stderr[-3000:]
    assert (tmp_path / "traced.bin").read_bytes() == (tmp_path / "native.bin").read_bytes()
    (launch,) = [x for x in Trace(tmp_path / "tr").launches if "two_phase" in x.kernel]
    print(probe, grid, launch.grid, launch.instrumented, launch.info.get("fallback"), launch.records)
    if grid == "one" or launch.instrumented:
        assert launch.instrumented, launch.info.get("fallback")
        if probe == "block_sched":
            assert len(launch.maps["sched"]) == launch.grid[0]
    else:
        assert launch.info["fallback"] == "instrumented launch failed"


# cuda-python's driver API, a context current, and bump(p, n): x[i] += K for i < n (K: a constant
# each program puts in its module)
DRIVER_PRELUDE = r'''
import sys
import numpy as np
from cuda.bindings import driver as cu


PTX = """.version 8.0
.target sm_90
.address_size 64
.visible .entry bump(.param .u64 p, .param .u32 n)
{
  .reg .u32 %r<8>; .reg .u64 %rd<4>; .reg .pred %p;
  ld.param.u64 %rd1, [p]; ld.param.u32 %r1, [n];
  mov.u32 %r2, %ctaid.x; mov.u32 %r3, %ntid.x; mov.u32 %r4, %tid.x;
  mad.lo.u32 %r5, %r2, %r3, %r4;
  setp.ge.u32 %p, %r5, %r1;
  @%p bra DONE;
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r5, 4;
  add.u64 %rd3, %rd1, %rd2;
  ld.global.u32 %r6, [%rd3];
  add.u32 %r6, %r6, K;
  st.global.u32 [%rd3], %r6;
DONE:
  ret;
}
"""

def ok(res):
    err, *rest = res
    assert err == cu.CUresult.CUDA_SUCCESS, err
    return rest[0] if len(rest) == 1 else rest

ok(cu.cuInit(0))
ctx = ok(cu.cuDevicePrimaryCtxRetain(ok(cu.cuDeviceGet(0))))
ok(cu.cuCtxSetCurrent(ctx))
'''

UNLOADING = DRIVER_PRELUDE + r'''
n = 1 << 20
buf = ok(cu.cuMemAlloc(n * 4))
ok(cu.cuMemsetD32(buf, 0, n))
handles = []
for k in range(1, 9):
    mod = ok(cu.cuModuleLoadData(PTX.replace("K;", f"{k};").encode() + b"\0"))
    fn = ok(cu.cuModuleGetFunction(mod, b"bump"))
    handles.append(int(fn))
    p = np.array([int(buf)], dtype=np.uint64)
    m = np.array([n], dtype=np.uint32)
    args = np.array([p.ctypes.data, m.ctypes.data], dtype=np.uint64)
    ok(cu.cuLaunchKernel(fn, n // 256, 1, 1, 256, 1, 1, 0, 0, args.ctypes.data, 0))
    ok(cu.cuCtxSynchronize())
    ok(cu.cuModuleUnload(mod))
out = np.empty(n, np.uint32)
ok(cu.cuMemcpyDtoH(out.ctypes.data, buf, n * 4))
out.tofile(sys.argv[1])
print(len(set(handles)), file=sys.stderr)
'''


def test_modules_loaded_and_unloaded_in_turn_each_run_their_own_twin(tmp_path):
    """Eight modules, each adding its own K, loaded, launched and unloaded in turn: the driver gives
    a kernel handle out again after its module is unloaded (native runs on the H200 saw 6-7
    distinct handles of 8), and each launch must run the twin of the kernel loaded now."""
    script = tmp_path / "unloading.py"
    script.write_text(UNLOADING)
    subprocess.run([sys.executable, str(script), str(tmp_path / "native.bin")], check=True, env=_env(tmp_path))
    run = _traced(tmp_path, "block_sched", [sys.executable, str(script), str(tmp_path / "traced.bin")])
    assert run.returncode == 0, run.stderr[-3000:]
    assert np.unique(np.fromfile(tmp_path / "traced.bin", np.uint32)).tolist() == [36]    # 1 + 2 + ... + 8
    launches = [x for x in Trace(tmp_path / "tr").launches if x.kernel == "bump"]
    assert len(launches) == 8 and all(x.instrumented and len(x.maps["sched"]) == 4096 for x in launches)


DYNAMIC_PARALLELISM = r'''
#include <cstdio>
__global__ void child(int *y, int base) { y[base + threadIdx.x] += 1; }
__global__ void parent(int *x, int *y, int n) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0) child<<<1, 32>>>(y, blockIdx.x * 32);   /* may run beside its parent */
    if (b < n) x[b] += 2;
}
int main(int argc, char **argv) {
    int n = 32 * 64, *x, h[2 * 32 * 64];
    cudaMalloc(&x, 2 * n * sizeof(int));
    cudaMemset(x, 0, 2 * n * sizeof(int));
    for (int k = 0; k < 3; k++) parent<<<64, 32>>>(x, x + n, n);   /* a grid ends after its children */
    cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(err)); return 1; }
    cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost);
    FILE *f = fopen(argv[1], "wb");
    fwrite(h, sizeof(int), 2 * n, f);
    fclose(f);
    return 0;
}
'''


def test_a_program_whose_kernels_launch_kernels_keeps_its_results(tmp_path):
    """Dynamic parallelism (-rdc=true): x gets 3 x 2, y (the children's) 3 x 1, traced as not.
    nvcc's device link leaves machine code only in the image (relocatable PTX cannot be loaded
    alone), so the parent runs as it is and says why; its PTX, given to `neutrino instrument`,
    is linked with the device runtime (tests/test_assemble.py)."""
    program = _built(tmp_path, "cdp", DYNAMIC_PARALLELISM, "-rdc=true", "-lcudadevrt")
    run = _traced(tmp_path, "block_sched", [str(program), str(tmp_path / "traced.bin")])
    assert run.returncode == 0, run.stderr[-3000:]
    x, y = np.fromfile(tmp_path / "traced.bin", np.int32).reshape(2, -1)
    assert np.unique(x).tolist() == [6] and np.unique(y).tolist() == [3]
    trace = Trace(tmp_path / "tr")
    launches = [x for x in trace.launches if "parent" in x.kernel]
    assert len(launches) == 3, [x.kernel for x in trace.launches]
    assert not any(x.instrumented for x in launches)
    assert [k.reason for k in trace.kernels if "parent" in k.name] == [
        "SASS only: the image holds sm_90 machine code and no PTX"]


# The kernels, node parameters and error check of the graph programs below
GRAPH_PRELUDE = r'''
#include <cstdio>
#include <cstring>
#include <vector>

__global__ void bump(int *x, int n, int add) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * 3 + add + i % 5;
}

__global__ void mix(int *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] ^= i;
}

static cudaKernelNodeParams node(void *f, int n, void **args) {
    cudaKernelNodeParams p = {};
    p.func = f;
    p.gridDim = dim3(n / 256);
    p.blockDim = dim3(256);
    p.kernelParams = args;
    return p;
}

#define CHECK(call) do { cudaError_t e = (call); if (e) { printf("%s: %s\n", #call, cudaGetErrorString(e)); return 1; } } while (0)

'''

BUILT_GRAPH = GRAPH_PRELUDE + r'''
int main(int argc, char **argv) {
    int n = 1 << 18, one = 1, two = 2, three = 3, five = 5;
    int *x;
    CHECK(cudaMalloc(&x, n * sizeof(int)));
    CHECK(cudaMemset(x, 0, n * sizeof(int)));
    void *a1[] = {&x, &n, &one}, *a2[] = {&x, &n}, *a3[] = {&x, &n, &three}, *a5[] = {&x, &n, &five},
         *a22[] = {&x, &n, &two};
    cudaGraph_t graph, child;
    cudaGraphNode_t first, second, nested;
    CHECK(cudaGraphCreate(&graph, 0));
    CHECK(cudaGraphCreate(&child, 0));
    cudaKernelNodeParams p1 = node((void *)bump, n, a1), p3 = node((void *)bump, n, a3);
    CHECK(cudaGraphAddKernelNode(&first, graph, NULL, 0, &p1));
    alignas(cudaGraphNodeParams) unsigned char raw[sizeof(cudaGraphNodeParams)] = {};   /* a union: no constructor */
    cudaGraphNodeParams *generic = reinterpret_cast<cudaGraphNodeParams *>(raw);
    generic->type = cudaGraphNodeTypeKernel;
    generic->kernel.func = (void *)mix;
    generic->kernel.gridDim = dim3(n / 256);
    generic->kernel.blockDim = dim3(256);
    generic->kernel.kernelParams = a2;
    CHECK(cudaGraphAddNode(&second, graph, &first, NULL, 1, generic));
    cudaGraphNode_t inner;
    CHECK(cudaGraphAddKernelNode(&inner, child, NULL, 0, &p3));
    CHECK(cudaGraphAddChildGraphNode(&nested, graph, &second, 1, child));
    cudaKernelNodeParams p5 = node((void *)bump, n, a5), p2 = node((void *)bump, n, a22);
    CHECK(cudaGraphKernelNodeSetParams(first, &p5));           /* in the graph: bump(.., 5) */
    cudaGraphExec_t exec;
    CHECK(cudaGraphInstantiate(&exec, graph, 0));
    for (int i = 0; i < 3; i++) CHECK(cudaGraphLaunch(exec, 0));
    CHECK(cudaGraphExecKernelNodeSetParams(exec, first, &p2));  /* in the exec: bump(.., 2) */
    for (int i = 0; i < 2; i++) CHECK(cudaGraphLaunch(exec, 0));
    CHECK(cudaDeviceSynchronize());
    std::vector<int> out(n);
    CHECK(cudaMemcpy(out.data(), x, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaGraphExecDestroy(exec));
    CHECK(cudaGraphDestroy(graph));
    CHECK(cudaGraphDestroy(child));
    FILE *f = fopen(argv[1], "wb");
    fwrite(out.data(), sizeof(int), out.size(), f);
    fclose(f);
    return 0;
}
'''


@pytest.mark.parametrize("probe", ["block_sched", "dmat"])
def test_a_graph_built_node_by_node_runs_its_twins_at_every_replay(tmp_path, probe):
    """cudaGraphAddKernelNode, cudaGraphAddNode and a child graph, node parameters set in the graph
    and then in the exec: every replay of each kernel node is a launch with maps, the new arguments
    reach the twins (the output is the native one), and each replay records every block (or every
    access: 4 bytes read and written by each of the 2^18 threads of each node)."""
    program = _built(tmp_path, "built", BUILT_GRAPH)
    native = subprocess.run([str(program), str(tmp_path / "native.bin")], capture_output=True, text=True)
    assert native.returncode == 0, native.stdout
    run = _traced(tmp_path, probe, [str(program), str(tmp_path / "traced.bin")], "--max-bytes", "2G")
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    assert (tmp_path / "traced.bin").read_bytes() == (tmp_path / "native.bin").read_bytes()
    replays = [x for x in Trace(tmp_path / "tr").launches if x.graph]
    kernels = sorted(x.kernel.split("(")[0] for x in replays)
    assert kernels == ["_Z3mixPii"] * 5 + ["_Z4bumpPiii"] * 10, [(x.kernel, x.info) for x in replays]
    assert all(x.instrumented for x in replays), {x.info["fallback"] for x in replays}
    for x in replays:
        if probe == "block_sched":
            assert len(x.maps["sched"]) == 1024
        else:
            assert x.records["dmat"] == 2 * (1 << 18) and x.dropped["dmat"] == 0


CLONED_GRAPH = GRAPH_PRELUDE + r'''
int main(int argc, char **argv) {
    int n = 1 << 18, one = 1, two = 2;
    int *x, *y;
    CHECK(cudaMalloc(&x, n * sizeof(int)));
    CHECK(cudaMalloc(&y, n * sizeof(int)));
    CHECK(cudaMemset(x, 0, n * sizeof(int)));
    CHECK(cudaMemset(y, 0, n * sizeof(int)));
    void *a1[] = {&x, &n, &one}, *a2[] = {&x, &n}, *c1[] = {&y, &n, &two}, *c2[] = {&y, &n};
    cudaGraph_t graph, clone;
    cudaGraphNode_t first, second, cfirst, csecond;
    CHECK(cudaGraphCreate(&graph, 0));
    cudaKernelNodeParams p1 = node((void *)bump, n, a1), p2 = node((void *)mix, n, a2);
    CHECK(cudaGraphAddKernelNode(&first, graph, NULL, 0, &p1));
    CHECK(cudaGraphAddKernelNode(&second, graph, &first, 1, &p2));
    CHECK(cudaGraphClone(&clone, graph));
    CHECK(cudaGraphNodeFindInClone(&cfirst, first, clone));
    CHECK(cudaGraphNodeFindInClone(&csecond, second, clone));
    /* the clone's nodes on y (bump with 2): same kernels and shapes, new arguments */
    cudaKernelNodeParams q1 = node((void *)bump, n, c1), q2 = node((void *)mix, n, c2);
    CHECK(cudaGraphKernelNodeSetParams(cfirst, &q1));
    CHECK(cudaGraphKernelNodeSetParams(csecond, &q2));
    cudaGraphExec_t exec, cexec;
    CHECK(cudaGraphInstantiate(&exec, graph, 0));
    CHECK(cudaGraphInstantiate(&cexec, clone, 0));
    cudaStream_t s1, s2;
    CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
    CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    for (int i = 0; i < 3; i++) {          /* two streams: the replays share the twins' map buffers */
        CHECK(cudaGraphLaunch(exec, s1));
        CHECK(cudaGraphLaunch(cexec, s2));
    }
    CHECK(cudaDeviceSynchronize());
    std::vector<int> out(2 * n);
    CHECK(cudaMemcpy(out.data(), x, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(out.data() + n, y, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaGraphExecDestroy(exec));
    CHECK(cudaGraphExecDestroy(cexec));
    CHECK(cudaGraphDestroy(graph));
    CHECK(cudaGraphDestroy(clone));
    FILE *f = fopen(argv[1], "wb");
    fwrite(out.data(), sizeof(int), out.size(), f);
    fclose(f);
    return 0;
}
'''


def test_a_cloned_graph_keeps_its_twins_with_new_arguments(tmp_path):
    """cudaGraphClone of a graph built node by node, the clone's nodes (cudaGraphNodeFindInClone)
    given new arguments for the same kernels and shapes: both execs, replayed in turn on two
    streams, run twins (the output is the native one) and each replay lists every block's row,
    though the clone's twins write through the original's map buffers."""
    program = _built(tmp_path, "cloned", CLONED_GRAPH)
    native = subprocess.run([str(program), str(tmp_path / "native.bin")], capture_output=True, text=True)
    assert native.returncode == 0, native.stdout
    run = _traced(tmp_path, "block_sched", [str(program), str(tmp_path / "traced.bin")], "--max-bytes", "2G")
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    assert (tmp_path / "traced.bin").read_bytes() == (tmp_path / "native.bin").read_bytes()
    replays = [x for x in Trace(tmp_path / "tr").launches if x.graph]
    kernels = sorted(x.kernel.split("(")[0] for x in replays)
    assert kernels == ["_Z3mixPii"] * 6 + ["_Z4bumpPiii"] * 6, [(x.kernel, x.info) for x in replays]
    assert all(x.instrumented for x in replays), {x.info["fallback"] for x in replays}
    assert len({x.stream for x in replays}) == 2
    assert all(len(x.maps["sched"]) == 1024 for x in replays)


DRIVER_GRAPH = DRIVER_PRELUDE + r'''
# A graph built node by node: a CUkernel node (func NULL), a CUfunction node added by cuGraphAddNode,
# a child graph added by cuGraphAddNode; replays, then new arguments for the first node in the exec
# (cuGraphExecNodeSetParams), replays again. Each node bumps a different count of elements.
lib = ok(cu.cuLibraryLoadData(PTX.replace("K;", "3;").encode() + b"\0", None, None, 0, None, None, 0))
kern = ok(cu.cuLibraryGetKernel(lib, b"bump"))
func = ok(cu.cuKernelGetFunction(kern))
n = 1 << 18
buf = ok(cu.cuMemAlloc(n * 4))
ok(cu.cuMemsetD32(buf, 0, n))
kept = []


def kernel(params, count, block):
    """bump(buf, count) on a grid covering all n elements, blocks of `block` threads."""
    values = [np.array([int(buf)], np.uint64), np.array([count], np.uint32)]
    pointers = np.array([v.ctypes.data for v in values], np.uint64)
    kept.append((values, pointers))
    for name, value in (("gridDimX", n // block), ("gridDimY", 1), ("gridDimZ", 1), ("blockDimX", block),
                        ("blockDimY", 1), ("blockDimZ", 1), ("sharedMemBytes", 0)):
        setattr(params, name, value)
    params.kernelParams = pointers.ctypes.data
    return params


def kernel_node(count, block):
    node = cu.CUgraphNodeParams()
    node.type = cu.CUgraphNodeType.CU_GRAPH_NODE_TYPE_KERNEL
    kernel(node.kernel, count, block)
    return node


graph, child = ok(cu.cuGraphCreate(0)), ok(cu.cuGraphCreate(0))
first = kernel(cu.CUDA_KERNEL_NODE_PARAMS(), n, 256)
first.kern = kern
node1 = ok(cu.cuGraphAddKernelNode(graph, None, 0, first))
second = kernel_node(n // 2, 128)
second.kernel.func = func
node2 = ok(cu.cuGraphAddNode(graph, [node1], None, 1, second))
inner = kernel(cu.CUDA_KERNEL_NODE_PARAMS(), n // 4, 512)
inner.func = func
ok(cu.cuGraphAddKernelNode(child, None, 0, inner))
nested = cu.CUgraphNodeParams()
nested.type = cu.CUgraphNodeType.CU_GRAPH_NODE_TYPE_GRAPH
nested.graph.graph = child
ok(cu.cuGraphAddNode(graph, [node2], None, 1, nested))

exec_ = ok(cu.cuGraphInstantiate(graph, 0))
for _ in range(3):
    ok(cu.cuGraphLaunch(exec_, 0))
edit = kernel_node(n // 8, 256)
edit.kernel.kern = kern
ok(cu.cuGraphExecNodeSetParams(exec_, node1, edit))
for _ in range(2):
    ok(cu.cuGraphLaunch(exec_, 0))
ok(cu.cuCtxSynchronize())
out = np.empty(n, np.uint32)
ok(cu.cuMemcpyDtoH(out.ctypes.data, buf, n * 4))
out.tofile(sys.argv[1])
'''


def test_a_driver_api_graph_of_kernels_and_a_child_graph_runs_its_twins(tmp_path):
    """cuda-python: a node given a CUkernel (func NULL), a node and a child graph added by
    cuGraphAddNode, the first node given new arguments in the exec by cuGraphExecNodeSetParams:
    every replay of the three nodes is instrumented, one row per block, output identical."""
    pytest.importorskip("cuda.bindings")
    launches = _same_output_traced(tmp_path, DRIVER_GRAPH).launches
    replays = [x for x in launches if x.graph]
    assert sorted(x.block[0] for x in replays) == [128] * 5 + [256] * 5 + [512] * 5, \
        [(x.block, x.graph, x.info.get("fallback")) for x in launches]
    assert all(x.kernel == "bump" and x.instrumented and len(x.maps["sched"]) == (1 << 18) // x.block[0]
               for x in replays), {x.info["fallback"] for x in replays}


RACING_LOADS = r'''
import sys
import threading
import cupy as cp
import numpy as np

SRC = 'extern "C" __global__ void k{t}(float *x, int n) {{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = x[i] * {a} + {t}; }}'
n = 1 << 16
outs = {}

def work(t):
    cp.cuda.Device(0).use()
    with cp.cuda.Stream(non_blocking=True):
        for r in range(4):           # a module of its own each round, compiled and loaded here
            kernel = cp.RawModule(code=SRC.format(t=t, a=r + 2)).get_function(f"k{t}")
            x = cp.arange(n, dtype=cp.float32)
            kernel((n // 256,), (256,), (x, np.int32(n)))
            outs[t, r] = cp.asnumpy(x)

threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
[t.start() for t in threads]
[t.join() for t in threads]
np.concatenate([outs[k] for k in sorted(outs)]).tofile(sys.argv[1])
'''


def test_modules_loaded_by_eight_threads_at_once_each_run_their_twin(tmp_path):
    """Eight threads compile, load and launch a module of their own in each of four rounds, all at
    once: every one of the 32 launches is instrumented with a row per block, output identical."""
    pytest.importorskip("cupy")
    launches = [x for x in _same_output_traced(tmp_path, RACING_LOADS).launches if x.kernel.startswith("k")]
    assert len(launches) == 32 and {x.kernel for x in launches} == {f"k{t}" for t in range(8)}
    assert all(x.instrumented and len(x.maps["sched"]) == 256 for x in launches)


EXECS = r'''
import os
import sys
import cupy as cp
import numpy as np

SRC = 'extern "C" __global__ void step{k}(float *x, int n) {{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = x[i] * 2 + {k}; }}'
k, out = int(sys.argv[1]), sys.argv[2]
n = 1 << 16
x = cp.asarray(np.fromfile(out, np.float32)) if k else cp.zeros(n, cp.float32)
kernel = cp.RawKernel(SRC.format(k=k), f"step{k}")
for _ in range(3):
    kernel((n // 256,), (256,), (x, np.int32(n)))
cp.asnumpy(x).tofile(out)
if k < 2:                            # the same process goes on as a new program image
    os.execv(sys.executable, [sys.executable, __file__, str(k + 1), out])
'''


def test_a_program_that_execs_itself_keeps_every_images_launches(tmp_path):
    """A CuPy program launches, then execs a new image of itself (twice): the nine launches of the
    three images are all in the trace with their maps, each image's in a data file of its own."""
    pytest.importorskip("cupy")
    launches = [x for x in _same_output_traced(tmp_path, EXECS, "0").launches if x.kernel.startswith("step")]
    assert sorted(x.kernel for x in launches) == ["step0"] * 3 + ["step1"] * 3 + ["step2"] * 3
    assert all(x.instrumented and len(x.maps["sched"]) == 256 for x in launches)
    assert len({x.info["data"] for x in launches}) == 3 and len({x.pid for x in launches}) == 1


CLUSTERS = r'''
#include <cooperative_groups.h>
#include <cstdio>
#include <vector>
namespace cg = cooperative_groups;

/* Hopper's thread block clusters: each block reads its neighbour's shared memory (DSMEM). */
__global__ void __cluster_dims__(2, 1, 1) pairs(const int *in, int *out, int n) {
    __shared__ int tile[256];
    cg::cluster_group cluster = cg::this_cluster();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? in[i] : 0;
    cluster.sync();
    int *theirs = cluster.map_shared_rank(tile, cluster.block_rank() ^ 1);
    int v = theirs[(threadIdx.x + 1) % blockDim.x];
    cluster.sync();
    if (i < n) out[i] = tile[threadIdx.x] * 3 + v;
    cudaTriggerProgrammaticLaunchCompletion();
}

/* A cluster of the size the launch gives (an attribute), and a programmatic dependent launch. */
__global__ void ring(const int *in, int *out, int n) {
    __shared__ int tile[256];
    cg::cluster_group cluster = cg::this_cluster();
    cudaGridDependencySynchronize();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? in[i] : 0;
    cluster.sync();
    unsigned next = (cluster.block_rank() + 1) % cluster.num_blocks();
    int v = cluster.map_shared_rank(tile, next)[threadIdx.x];
    cluster.sync();
    if (i < n) out[i] = tile[threadIdx.x] - 2 * v + i;
}

int main(int argc, char **argv) {
    int n = 1 << 20;
    std::vector<int> host(n), out(2 * n);
    for (int i = 0; i < n; i++) host[i] = (int)((i * 7919LL) % 1000);
    int *in, *mid, *end;
    cudaMalloc(&in, n * sizeof(int));
    cudaMalloc(&mid, n * sizeof(int));
    cudaMalloc(&end, n * sizeof(int));
    cudaMemcpy(in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    pairs<<<n / 256, 256>>>(in, mid, n);
    cudaLaunchAttribute attrs[2];
    attrs[0].id = cudaLaunchAttributeClusterDimension;
    attrs[0].val.clusterDim.x = 4;
    attrs[0].val.clusterDim.y = 1;
    attrs[0].val.clusterDim.z = 1;
    attrs[1].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attrs[1].val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(n / 256);
    cfg.blockDim = dim3(256);
    cfg.attrs = attrs;
    cfg.numAttrs = 2;
    cudaError_t e = cudaLaunchKernelEx(&cfg, ring, (const int *)mid, end, n);
    if (e || cudaDeviceSynchronize()) { printf("launch: %s\n", cudaGetErrorString(e)); return 1; }
    cudaMemcpy(out.data(), mid, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(out.data() + n, end, n * sizeof(int), cudaMemcpyDeviceToHost);
    FILE *f = fopen(argv[1], "wb");
    fwrite(out.data(), sizeof(int), out.size(), f);
    fclose(f);
    return 0;
}
'''


@pytest.fixture(scope="module")
def clusters(tmp_path_factory):
    root = tmp_path_factory.mktemp("clusters")
    program = _built(root, "clusters", CLUSTERS)
    subprocess.run([str(program), str(root / "native.bin")], check=True)
    return program, (root / "native.bin").read_bytes()


@pytest.mark.parametrize("probe", sorted(p.stem for p in PROBES.glob("*.probe")))
def test_cluster_kernels_and_a_dependent_launch_keep_their_results_under_every_probe(clusters, tmp_path, probe):
    """Thread block clusters (compiled-in and given at launch) reading each other's shared memory,
    and a programmatic dependent launch: under every stock probe both kernels run their twins,
    launched with the program's attributes, and the output is the native one."""
    program, native = clusters
    run = _traced(tmp_path, probe, [str(program), str(tmp_path / "traced.bin")], "--max-bytes", "4G")
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    assert (tmp_path / "traced.bin").read_bytes() == native
    launches = [x for x in Trace(tmp_path / "tr").launches if x.kernel.startswith("_Z")]
    assert sorted(x.kernel for x in launches) == ["_Z4ringPKiPii", "_Z5pairsPKiPii"]
    assert all(x.instrumented for x in launches), [x.info.get("fallback") for x in launches]
    if probe == "block_sched":
        assert all(len(x.maps["sched"]) == 4096 for x in launches)


# Module variables the host and earlier launches set: a __constant__ table from
# cudaMemcpyToSymbol, a __device__ array the host fills, a __device__ counter each launch adds to
# and the host reads back, and a __device__ value one kernel leaves for the next.
MODULE_VARIABLES = r'''
#include <cstdio>

__constant__ float coeffs[4];
__device__ float table[256];
__device__ unsigned int launches_seen;
__device__ float carried;

__global__ void filter(const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0) atomicAdd(&launches_seen, 1u);
    if (i < n) y[i] = coeffs[0] + coeffs[1] * x[i] + coeffs[2] * table[i % 256] + coeffs[3] * carried;
}

__global__ void leave(const float *y, int n) {
    if (blockIdx.x == 0 && threadIdx.x == 0) carried = y[n - 1] * 0.5f;
}

int main(int argc, char **argv) {
    const int n = 4096;
    float *x, *y, h[n], tab[256], c[4] = {0.5f, 2.0f, -1.0f, 0.25f};
    for (int i = 0; i < 256; i++) tab[i] = i * 0.125f;
    for (int i = 0; i < n; i++) h[i] = (i % 97) * 0.01f;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpyToSymbol(coeffs, c, sizeof c);
    cudaMemcpyToSymbol(table, tab, sizeof tab);
    FILE *out = fopen(argv[1], "wb");
    for (int round = 0; round < 3; round++) {
        c[3] += 1.0f;
        cudaMemcpyToSymbol(coeffs, c, sizeof c);
        filter<<<n / 256, 256>>>(x, y, n);
        leave<<<1, 32>>>(y, n);
        cudaMemcpy(h, y, sizeof h, cudaMemcpyDeviceToHost);
        fwrite(h, sizeof h, 1, out);
    }
    unsigned seen = 0;
    float left = 0;
    cudaMemcpyFromSymbol(&seen, launches_seen, sizeof seen);
    cudaMemcpyFromSymbol(&left, carried, sizeof left);
    fwrite(&seen, sizeof seen, 1, out);
    fwrite(&left, sizeof left, 1, out);
    fclose(out);
    printf("launches seen %u, carried %g: %s\n", seen, left, cudaGetErrorString(cudaGetLastError()));
    return cudaGetLastError() != cudaSuccess;
}
'''


@pytest.mark.parametrize("probe", ["block_sched", "memtrace", "gmem_bytes"])
def test_kernels_reading_module_variables_the_host_set_keep_their_results(tmp_path, probe):
    """The twin is a module of its own: its __constant__ and __device__ variables are its own
    copies. Given the program's before each launch and handed back after it, the twin computes
    with what the host put there (cudaMemcpyToSymbol) and what earlier launches left, and the
    host reads what the twin wrote (cudaMemcpyFromSymbol): outputs identical, every launch
    instrumented."""
    program = _built(tmp_path, "variables", MODULE_VARIABLES)
    subprocess.run([str(program), str(tmp_path / "native.bin")], check=True)
    run = _traced(tmp_path, probe, [str(program), str(tmp_path / "traced.bin")])
    assert run.returncode == 0, run.stderr[-3000:]
    native = (tmp_path / "native.bin").read_bytes()
    assert np.frombuffer(native[-8:-4], np.uint32)[0] == 3
    assert (tmp_path / "traced.bin").read_bytes() == native
    launches = Trace(tmp_path / "tr").launches
    assert len(launches) == 6 and all(x.instrumented for x in launches), [(x.kernel, x.info.get("fallback")) for x in launches]


MODULE_VARIABLES_DRIVER = r'''
import sys
import cupy as cp
import numpy as np

SOURCE = r"""
extern "C" __constant__ int offsets[8];
extern "C" __device__ unsigned long long total;
extern "C" __global__ void shift(const int *x, int *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { y[i] = x[i] + offsets[i % 8]; atomicAdd(&total, (unsigned long long)y[i]); }
}
"""
module = cp.RawModule(code=SOURCE)
shift = module.get_function("shift")
offsets = module.get_global("offsets")
total = module.get_global("total")
x = cp.arange(1000, dtype=cp.int32)
y = cp.empty_like(x)
outs = []
for k in range(3):
    cp.ndarray((8,), cp.int32, offsets).set(np.arange(8, dtype=np.int32) * (k + 1))
    shift((4,), (256,), (x, y, cp.int32(1000)))
    outs.append(y.get())
outs.append(cp.ndarray((1,), cp.uint64, total).get().view(np.int32))
np.concatenate(outs).tofile(sys.argv[1])
'''


def test_a_driver_api_modules_variables_set_through_its_globals_reach_the_twin(tmp_path):
    """CuPy's RawModule (cuModuleLoadData, cuModuleGetGlobal): offsets written through the
    module's global between launches, a total summed across them, as natively."""
    trace = _same_output_traced(tmp_path, MODULE_VARIABLES_DRIVER, probe="memtrace")
    launches = [x for x in trace.launches if x.kernel == "shift"]
    assert len(launches) == 3 and all(x.instrumented for x in launches)

"""CUDA graphs built with cuda.bindings' driver API around PTX kernels loaded by cuModuleLoadData,
for `neutrino trace` (tests/gpu/test_graphs_driver.py). The graph forms the shim follows but that
no library program reaches:

- clone: a parent graph holding a child graph node (a kernel node inside) and a kernel node of
  its own, cloned (cuGraphClone); the child's kernel node given other buffers in the parent's exec
  and in the clone (found with cuGraphChildGraphNodeGetGraph and cuGraphNodeFindInClone); the
  parent's exec and the clone's replayed in turn, the parent and child graphs destroyed before the
  clone is instantiated;
- conditional: an IF node whose handle a kernel sets (cudaGraphSetConditional) from a flag the
  program changes between replays, and a WHILE node whose handle starts at its default value and
  whose body (a kernel, then a kernel that counts and sets the handle) runs K times a replay;
- update: an exec updated (cuGraphExecUpdate) from newly stream-captured graphs, one whose kernel
  has other arguments and one with another kernel;
- exec_set: an exec's kernel node given other buffers, then another kernel
  (cuGraphExecKernelNodeSetParams), another exec's given another kernel (cuGraphExecNodeSetParams),
  and an exec instantiated after its graph's node was (cuGraphKernelNodeSetParams);
- capture_exec: an exec launched on a stream being captured (a child node of the captured graph),
  and that graph replayed;
- child_set: an exec's child graph node given another graph (cuGraphExecChildGraphNodeSetParams,
  cuGraphExecNodeSetParams);
- one_switched: an exec of two kernel nodes, one of them given another grid: that node's replays
  keep no maps, the other's keep theirs; and a graph of two whose one node is destroyed
  (cuGraphDestroyNode) before instantiation: only the other replays, with its maps;
- captured_edit: a captured graph's node (found with cuGraphGetNodes) given other buffers, and
  another's another grid, in the graph (cuGraphKernelNodeSetParams) before instantiation;
- and a clone of the IF graph, and a child graph node of the WHILE graph, which CUDA 13's driver
  documents as not supported (`refused` says what it answered).

Every kernel replayed is also launched eagerly on the same buffers first.

    python tests/gpu/programs/graphs_driver.py OUT.npz

OUT.npz holds every buffer at the end; OUT.npz.json the buffers' addresses, why the driver
refused a case (`refused`: conditional nodes, a graph launch in a capture; None where it did not),
and `steps`: in
program order, each eager launch or graph launch with the launches it makes, each as its kernel,
the elements of each buffer it reads or writes (`accesses`: [buffer, elements, accesses of each
per run]), its runs per launch (`times`: WHILE iterations, 0 for an IF body that did not run) and,
where the shim is documented to keep no maps, the reason it gives (`fallback`).
"""
from __future__ import annotations

import json
import sys

import numpy as np
from cuda.bindings import driver as cu

N, BLOCK, REPLAYS, ITERATIONS = 1 << 12, 256, 2, 3

# axpy: y = a x + y; square: y = x x; decide: the handle set to *flag; tick: ++*count, and the
# handle set to (*count % k != 0). nvcc 13.0's -ptx of the obvious CUDA C, compacted by hand.
PTX = """.version 9.0
.target sm_90
.address_size 64
.extern .func cudaGraphSetConditional (.param .b64 h, .param .b32 v);

.visible .entry axpy(.param .u64 x, .param .u64 y, .param .f32 a, .param .u32 n)
{
  .reg .pred %p<2>; .reg .f32 %f<5>; .reg .b32 %r<6>; .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [x]; ld.param.u64 %rd2, [y]; ld.param.f32 %f1, [a]; ld.param.u32 %r2, [n];
  mov.u32 %r3, %ctaid.x; mov.u32 %r4, %ntid.x; mov.u32 %r5, %tid.x;
  mad.lo.s32 %r1, %r3, %r4, %r5;
  setp.ge.s32 %p1, %r1, %r2;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd3, %rd2; cvta.to.global.u64 %rd4, %rd1;
  mul.wide.s32 %rd5, %r1, 4;
  add.s64 %rd6, %rd4, %rd5; ld.global.f32 %f2, [%rd6];
  add.s64 %rd7, %rd3, %rd5; ld.global.f32 %f3, [%rd7];
  fma.rn.f32 %f4, %f2, %f1, %f3;
  st.global.f32 [%rd7], %f4;
DONE:
  ret;
}

.visible .entry square(.param .u64 x, .param .u64 y, .param .u32 n)
{
  .reg .pred %p<2>; .reg .f32 %f<3>; .reg .b32 %r<6>; .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [x]; ld.param.u64 %rd2, [y]; ld.param.u32 %r2, [n];
  mov.u32 %r3, %ctaid.x; mov.u32 %r4, %ntid.x; mov.u32 %r5, %tid.x;
  mad.lo.s32 %r1, %r3, %r4, %r5;
  setp.ge.s32 %p1, %r1, %r2;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd3, %rd1; mul.wide.s32 %rd4, %r1, 4;
  add.s64 %rd5, %rd3, %rd4; ld.global.f32 %f1, [%rd5];
  mul.f32 %f2, %f1, %f1;
  cvta.to.global.u64 %rd6, %rd2; add.s64 %rd7, %rd6, %rd4;
  st.global.f32 [%rd7], %f2;
DONE:
  ret;
}

.visible .entry decide(.param .u64 flag, .param .u64 handle)
{
  .reg .pred %p<2>; .reg .b32 %r<5>; .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [flag]; ld.param.u64 %rd2, [handle];
  mov.u32 %r1, %tid.x; mov.u32 %r2, %ctaid.x; or.b32 %r3, %r1, %r2;
  setp.ne.s32 %p1, %r3, 0;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd3, %rd1; ld.global.u32 %r4, [%rd3];
  {
  .param .b64 param0; st.param.b64 [param0], %rd2;
  .param .b32 param1; st.param.b32 [param1], %r4;
  call.uni cudaGraphSetConditional, (param0, param1);
  }
DONE:
  ret;
}

.visible .entry tick(.param .u64 count, .param .u32 k, .param .u64 handle)
{
  .reg .pred %p<3>; .reg .b32 %r<9>; .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [count]; ld.param.u32 %r1, [k]; ld.param.u64 %rd2, [handle];
  mov.u32 %r2, %ctaid.x; mov.u32 %r3, %tid.x; or.b32 %r4, %r3, %r2;
  setp.ne.s32 %p1, %r4, 0;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd3, %rd1; ld.global.u32 %r5, [%rd3];
  add.s32 %r6, %r5, 1; st.global.u32 [%rd3], %r6;
  rem.s32 %r7, %r6, %r1; setp.ne.s32 %p2, %r7, 0; selp.u32 %r8, 1, 0, %p2;
  {
  .param .b64 param0; st.param.b64 [param0], %rd2;
  .param .b32 param1; st.param.b32 [param1], %r8;
  call.uni cudaGraphSetConditional, (param0, param1);
  }
DONE:
  ret;
}
"""


def ok(res):
    """The values of a cuda.bindings call, which must have succeeded."""
    err, *rest = res
    assert err == cu.CUresult.CUDA_SUCCESS, err
    return rest[0] if len(rest) == 1 else (rest or None)


class Program:
    """The context, the module's kernels, named device buffers and the steps made so far."""

    def __init__(self) -> None:
        ok(cu.cuInit(0))
        self.ctx = ok(cu.cuDevicePrimaryCtxRetain(ok(cu.cuDeviceGet(0))))
        ok(cu.cuCtxSetCurrent(self.ctx))
        module = ok(cu.cuModuleLoadData(PTX.encode() + b"\0"))
        self.kernels = {k: ok(cu.cuModuleGetFunction(module, k.encode())) for k in ("axpy", "square", "decide", "tick")}
        self.buffers: dict[str, object] = {}
        self.kept: list = []          # argument arrays, alive for the program's whole run
        self.steps: list[dict] = []
        self.stream = ok(cu.cuStreamCreate(1))   # everything on it, in program order

    def buffer(self, name: str, values: np.ndarray) -> None:
        ptr = ok(cu.cuMemAlloc(values.nbytes))
        ok(cu.cuMemcpyHtoDAsync(ptr, values.ctypes.data, values.nbytes, self.stream))
        self.buffers[name] = (ptr, values.dtype, values.size)

    def ptr(self, name: str) -> int:
        return int(self.buffers[name][0])

    def args(self, kernel: str, *values) -> tuple[int, dict]:
        """The kernelParams pointer of `kernel` over buffer names and numbers, and the launch's
        expected accesses (step entry)."""
        types = {"axpy": "ppfi", "square": "ppi", "decide": "pq", "tick": "piq"}[kernel]
        arrays = []
        for kind, value in zip(types, values):
            if kind == "p":
                arrays.append(np.array([self.ptr(value)], np.uint64))
            elif kind == "q":
                arrays.append(np.array([int(value)], np.uint64))
            else:
                arrays.append(np.array([value], np.float32 if kind == "f" else np.int32))
        pointers = np.array([a.ctypes.data for a in arrays], np.uint64)
        self.kept.append((arrays, pointers))
        return pointers.ctypes.data, {"kernel": kernel, "accesses": accesses(kernel, values), "times": 1}

    def grid(self, kernel: str) -> tuple[int, int]:
        """(blocks, threads): the array kernels cover N elements; the handle setters run one warp."""
        return ((N // BLOCK, BLOCK) if kernel in ("axpy", "square") else (1, 32))

    def eager(self, case: str, kernel: str, *values) -> None:
        params, entry = self.args(kernel, *values)
        blocks, threads = self.grid(kernel)
        ok(cu.cuLaunchKernel(self.kernels[kernel], blocks, 1, 1, threads, 1, 1, 0, self.stream, params, 0))
        self.steps.append({"case": case, "graph": False, "launches": [entry]})

    def node_params(self, kernel: str, *values) -> tuple[cu.CUDA_KERNEL_NODE_PARAMS, dict]:
        params, entry = self.args(kernel, *values)
        blocks, threads = self.grid(kernel)
        p = cu.CUDA_KERNEL_NODE_PARAMS()
        p.func = self.kernels[kernel]
        p.gridDimX, p.gridDimY, p.gridDimZ = blocks, 1, 1
        p.blockDimX, p.blockDimY, p.blockDimZ = threads, 1, 1
        p.sharedMemBytes = 0
        p.kernelParams = params
        return p, entry

    def any_node_params(self, kernel: str, *values) -> cu.CUgraphNodeParams:
        """A kernel node's parameters for cuGraph*NodeSetParams."""
        params, _ = self.args(kernel, *values)
        blocks, threads = self.grid(kernel)
        p = cu.CUgraphNodeParams()
        p.type = cu.CUgraphNodeType.CU_GRAPH_NODE_TYPE_KERNEL
        p.kernel.func = self.kernels[kernel]
        p.kernel.gridDimX, p.kernel.gridDimY, p.kernel.gridDimZ = blocks, 1, 1
        p.kernel.blockDimX, p.kernel.blockDimY, p.kernel.blockDimZ = threads, 1, 1
        p.kernel.sharedMemBytes = 0
        p.kernel.kernelParams = params
        return p

    def kernel_node(self, graph, deps: list, kernel: str, *values) -> tuple[object, dict]:
        p, entry = self.node_params(kernel, *values)
        return ok(cu.cuGraphAddKernelNode(graph, deps or None, len(deps), p)), entry

    def launch(self, case: str, exec_, launches: list[dict]) -> None:
        ok(cu.cuGraphLaunch(exec_, self.stream))
        ok(cu.cuStreamSynchronize(self.stream))
        self.steps.append({"case": case, "graph": True, "launches": launches})

    def capture(self, kernel: str, *values) -> tuple[object, dict]:
        """A graph of one launch of `kernel`, stream-captured in global mode."""
        params, entry = self.args(kernel, *values)
        blocks, threads = self.grid(kernel)
        ok(cu.cuStreamBeginCapture(self.stream, cu.CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL))
        ok(cu.cuLaunchKernel(self.kernels[kernel], blocks, 1, 1, threads, 1, 1, 0, self.stream, params, 0))
        return ok(cu.cuStreamEndCapture(self.stream)), entry

    def outputs(self) -> dict[str, np.ndarray]:
        ok(cu.cuCtxSynchronize())
        out = {}
        for name, (ptr, dtype, size) in self.buffers.items():
            host = np.empty(size, dtype)
            ok(cu.cuMemcpyDtoH(host.ctypes.data, ptr, host.nbytes))
            out[name] = host
        return out


def accesses(kernel: str, values) -> list:
    """[buffer, elements, accesses of each] of one run of `kernel` with these arguments."""
    if kernel == "axpy":
        return [[values[0], N, 1], [values[1], N, 2]]
    if kernel == "square":
        return [[values[0], N, 1], [values[1], N, 1]]
    return [[values[0], 1, 1 if kernel == "decide" else 2]]


def floats(seed: int) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(N).astype(np.float32)


def cloned(prog: Program) -> None:
    """A parent holding a child graph (axpy) and then square of its output; its exec's axpy node
    (of the graph the child graph node holds) given other buffers after a replay, then the parent
    cloned and the clone's axpy node given others too; both execs replayed in turn after the
    parent and child graphs are gone. The driver finds a node only in a direct clone of its graph
    (on the H200, 2026-12-02: the child's node in the graph the parent's child graph node holds,
    but not inside the clone's child graph, nor the child's node in the graph the clone's child
    graph node holds), so the clone's node is found there from the node of the parent's."""
    for name, seed in (("x1", 1), ("y1", 2), ("z1", 3), ("x11", 24), ("y11", 25), ("x12", 26), ("y12", 27)):
        prog.buffer(name, floats(seed))
    prog.eager("clone", "axpy", "x1", "y1", np.float32(0.5), N)
    prog.eager("clone", "axpy", "x11", "y11", np.float32(0.25), N)
    prog.eager("clone", "axpy", "x12", "y12", np.float32(0.125), N)
    prog.eager("clone", "square", "y1", "z1", N)
    child, parent = ok(cu.cuGraphCreate(0)), ok(cu.cuGraphCreate(0))
    node, inner = prog.kernel_node(child, [], "axpy", "x1", "y1", np.float32(0.5), N)
    nested = ok(cu.cuGraphAddChildGraphNode(parent, None, 0, child))
    _, own = prog.kernel_node(parent, [nested], "square", "y1", "z1", N)
    held = ok(cu.cuGraphNodeFindInClone(node, ok(cu.cuGraphChildGraphNodeGetGraph(nested))))
    exec_parent = ok(cu.cuGraphInstantiate(parent, 0))
    prog.launch("clone", exec_parent, [inner, own])
    p, in_exec = prog.node_params("axpy", "x12", "y12", np.float32(0.125), N)
    ok(cu.cuGraphExecKernelNodeSetParams(exec_parent, held, p))
    clone = ok(cu.cuGraphClone(parent))
    in_clone = ok(cu.cuGraphChildGraphNodeGetGraph(ok(cu.cuGraphNodeFindInClone(nested, clone))))
    p, moved = prog.node_params("axpy", "x11", "y11", np.float32(0.25), N)
    ok(cu.cuGraphKernelNodeSetParams(ok(cu.cuGraphNodeFindInClone(held, in_clone)), p))
    ok(cu.cuGraphDestroy(parent))
    ok(cu.cuGraphDestroy(child))
    exec_clone = ok(cu.cuGraphInstantiate(clone, 0))
    for _ in range(REPLAYS):
        prog.launch("clone", exec_parent, [in_exec, own])
        prog.launch("clone", exec_clone, [moved, own])
    ok(cu.cuGraphExecDestroy(exec_parent))
    ok(cu.cuGraphExecDestroy(exec_clone))
    ok(cu.cuGraphDestroy(clone))


def conditional_node(prog: Program, graph, deps: list, handle, kind) -> object:
    """A conditional node of `kind` on `handle` after `deps`; its body graph."""
    p = cu.CUgraphNodeParams()
    p.type = cu.CUgraphNodeType.CU_GRAPH_NODE_TYPE_CONDITIONAL
    p.conditional.handle = handle
    p.conditional.type = kind
    p.conditional.size = 1
    p.conditional.ctx = prog.ctx
    ok(cu.cuGraphAddNode(graph, deps or None, None, len(deps), p))
    return p.conditional.phGraph_out[0]


def refusal(prog: Program) -> str | None:
    """Why the driver will not make a conditional node (its error's name), or None."""
    graph = ok(cu.cuGraphCreate(0))
    err, handle = cu.cuGraphConditionalHandleCreate(graph, prog.ctx, 1, cu.CU_GRAPH_COND_ASSIGN_DEFAULT)
    why = None if err == cu.CUresult.CUDA_SUCCESS else f"cuGraphConditionalHandleCreate: {err.name}"
    if why is None:
        p = cu.CUgraphNodeParams()
        p.type = cu.CUgraphNodeType.CU_GRAPH_NODE_TYPE_CONDITIONAL
        p.conditional.handle, p.conditional.size, p.conditional.ctx = handle, 1, prog.ctx
        p.conditional.type = cu.CUgraphConditionalNodeType.CU_GRAPH_COND_TYPE_WHILE
        err, _ = cu.cuGraphAddNode(graph, None, None, 0, p)
        why = None if err == cu.CUresult.CUDA_SUCCESS else f"cuGraphAddNode (conditional): {err.name}"
    ok(cu.cuGraphDestroy(graph))
    return why


def conditionals(prog: Program) -> None:
    """IF: decide sets the handle from `flag` (1, 0, 1 in turn), the body's axpy runs when it is 1.
    WHILE: the handle's default 1, the body's axpy and tick run ITERATIONS times a replay."""
    types = cu.CUgraphConditionalNodeType
    for name, seed in (("x2", 4), ("y2", 5), ("x3", 6), ("y3", 7)):
        prog.buffer(name, floats(seed))
    prog.buffer("flag", np.ones(1, np.int32))
    prog.buffer("count", np.zeros(1, np.int32))
    prog.eager("conditional", "axpy", "x2", "y2", np.float32(2.0), N)
    prog.eager("conditional", "axpy", "x3", "y3", np.float32(0.5), N)
    graph_if = ok(cu.cuGraphCreate(0))
    handle = ok(cu.cuGraphConditionalHandleCreate(graph_if, prog.ctx, 0, cu.CU_GRAPH_COND_ASSIGN_DEFAULT))
    setter, decide = prog.kernel_node(graph_if, [], "decide", "flag", handle)
    body = conditional_node(prog, graph_if, [setter], handle, types.CU_GRAPH_COND_TYPE_IF)
    _, then = prog.kernel_node(body, [], "axpy", "x2", "y2", np.float32(2.0), N)
    graph_while = ok(cu.cuGraphCreate(0))
    handle = ok(cu.cuGraphConditionalHandleCreate(graph_while, prog.ctx, 1, cu.CU_GRAPH_COND_ASSIGN_DEFAULT))
    body = conditional_node(prog, graph_while, [], handle, types.CU_GRAPH_COND_TYPE_WHILE)
    work, loop = prog.kernel_node(body, [], "axpy", "x3", "y3", np.float32(0.5), N)
    _, tick = prog.kernel_node(body, [work], "tick", "count", ITERATIONS, handle)
    exec_if, exec_while = ok(cu.cuGraphInstantiate(graph_if, 0)), ok(cu.cuGraphInstantiate(graph_while, 0))
    for flag in (1, 0, 1):
        ok(cu.cuMemsetD32Async(prog.ptr("flag"), flag, 1, prog.stream))
        prog.launch("conditional", exec_if, [decide, {**then, "times": flag}])
    for _ in range(REPLAYS):
        prog.launch("conditional", exec_while, [{**loop, "times": ITERATIONS}, {**tick, "times": ITERATIONS}])
    refused = {"clone_conditional": cloned_conditional(prog, graph_if, [decide, then]),
               "child_conditional": child_conditional(graph_while)}
    for handle in (exec_if, exec_while):
        ok(cu.cuGraphExecDestroy(handle))
    ok(cu.cuGraphDestroy(graph_if))
    ok(cu.cuGraphDestroy(graph_while))
    return refused


def cloned_conditional(prog: Program, graph, launches: list[dict]) -> str | None:
    """A clone of the IF graph, replayed with the flag set where the driver makes one; why not, or None."""
    err, clone = cu.cuGraphClone(graph)
    if err != cu.CUresult.CUDA_SUCCESS:
        return f"cuGraphClone: {err.name}"
    exec_ = ok(cu.cuGraphInstantiate(clone, 0))
    ok(cu.cuMemsetD32Async(prog.ptr("flag"), 1, 1, prog.stream))
    for _ in range(REPLAYS):
        prog.launch("conditional", exec_, launches)
    ok(cu.cuGraphExecDestroy(exec_))
    ok(cu.cuGraphDestroy(clone))
    return None


def child_conditional(graph) -> str | None:
    """Why the driver refuses a child graph node of `graph` (it holds a conditional node), or None."""
    parent = ok(cu.cuGraphCreate(0))
    err, _ = cu.cuGraphAddChildGraphNode(parent, None, 0, graph)
    ok(cu.cuGraphDestroy(parent))
    return None if err == cu.CUresult.CUDA_SUCCESS else f"cuGraphAddChildGraphNode: {err.name}"


def updated(prog: Program) -> None:
    """An exec of a captured axpy updated from a capture of axpy on other buffers, then from one
    of square; each graph destroyed once the exec holds its nodes."""
    for name, seed in (("x4", 8), ("y4", 9), ("x5", 10), ("y5", 11), ("z4", 12)):
        prog.buffer(name, floats(seed))
    prog.eager("update", "axpy", "x4", "y4", np.float32(1.0), N)
    prog.eager("update", "axpy", "x5", "y5", np.float32(3.0), N)
    prog.eager("update", "square", "x4", "z4", N)
    graph, first = prog.capture("axpy", "x4", "y4", np.float32(1.0), N)
    exec_ = ok(cu.cuGraphInstantiate(graph, 0))
    for step in (("axpy", "x5", "y5", np.float32(3.0), N), ("square", "x4", "z4", N), None):
        for _ in range(REPLAYS):
            prog.launch("update", exec_, [first])
        ok(cu.cuGraphDestroy(graph))
        if step:
            graph, first = prog.capture(*step)
            ok(cu.cuGraphExecUpdate(exec_, graph))
    ok(cu.cuGraphExecDestroy(exec_))


def exec_set(prog: Program) -> None:
    """An exec's axpy node given other buffers (its twin keeps recording), then square; two more
    execs of the graph given square by cuGraphExecNodeSetParams and, after their graph's node was,
    by instantiation. A node running another kernel is listed as that kernel, saying its maps are
    not kept (the shim's documented fallback), never as the twin it replaced."""
    for name, seed in (("x6", 13), ("y6", 14), ("x7", 15), ("y7", 16), ("z6", 17)):
        prog.buffer(name, floats(seed))
    prog.eager("exec_set", "axpy", "x6", "y6", np.float32(1.5), N)
    prog.eager("exec_set", "axpy", "x7", "y7", np.float32(0.75), N)
    graph = ok(cu.cuGraphCreate(0))
    node, made = prog.kernel_node(graph, [], "axpy", "x6", "y6", np.float32(1.5), N)
    exec_, generic = ok(cu.cuGraphInstantiate(graph, 0)), ok(cu.cuGraphInstantiate(graph, 0))
    for _ in range(REPLAYS):
        prog.launch("exec_set", exec_, [made])
    p, moved = prog.node_params("axpy", "x7", "y7", np.float32(0.75), N)
    ok(cu.cuGraphExecKernelNodeSetParams(exec_, node, p))
    for _ in range(REPLAYS):
        prog.launch("exec_set", exec_, [moved])
    p, other = prog.node_params("square", "x6", "z6", N)
    other = {**other, "accesses": [], "fallback": "parameters were set"}
    ok(cu.cuGraphExecKernelNodeSetParams(exec_, node, p))
    prog.launch("exec_set", exec_, [other])
    ok(cu.cuGraphExecNodeSetParams(generic, node, prog.any_node_params("square", "x6", "z6", N)))
    prog.launch("exec_set", generic, [other])
    ok(cu.cuGraphKernelNodeSetParams(node, p))
    later = ok(cu.cuGraphInstantiate(graph, 0))
    prog.launch("exec_set", later, [other])
    for handle in (exec_, generic, later):
        ok(cu.cuGraphExecDestroy(handle))
    ok(cu.cuGraphDestroy(graph))


def launched_in_capture(prog: Program) -> str | None:
    """An exec launched on a stream being captured: the capture's graph holds it as a child, and
    that graph's replays run its twins. Why the driver refused the launch, or None."""
    for name, seed in (("x8", 18), ("y8", 19)):
        prog.buffer(name, floats(seed))
    prog.eager("capture_exec", "axpy", "x8", "y8", np.float32(1.25), N)
    inner = ok(cu.cuGraphCreate(0))
    _, entry = prog.kernel_node(inner, [], "axpy", "x8", "y8", np.float32(1.25), N)
    exec_inner = ok(cu.cuGraphInstantiate(inner, 0))
    prog.launch("capture_exec", exec_inner, [entry])
    ok(cu.cuStreamBeginCapture(prog.stream, cu.CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL))
    err, = cu.cuGraphLaunch(exec_inner, prog.stream)
    ended, outer = cu.cuStreamEndCapture(prog.stream)
    why = None if err == cu.CUresult.CUDA_SUCCESS else f"cuGraphLaunch while capturing: {err.name}"
    if why is None:
        assert ended == cu.CUresult.CUDA_SUCCESS, ended
        exec_outer = ok(cu.cuGraphInstantiate(outer, 0))
        for _ in range(REPLAYS):
            prog.launch("capture_exec", exec_outer, [entry])
        ok(cu.cuGraphExecDestroy(exec_outer))
        ok(cu.cuGraphDestroy(outer))
    ok(cu.cuGraphExecDestroy(exec_inner))
    ok(cu.cuGraphDestroy(inner))
    return why


def child_set(prog: Program) -> None:
    """Two execs of a parent holding a child graph (axpy), each one's child graph node then given
    another child (axpy on other buffers): by cuGraphExecChildGraphNodeSetParams and by
    cuGraphExecNodeSetParams. The shim cannot say which twins run now: the replays say so."""
    for name, seed in (("x9", 20), ("y9", 21), ("x10", 22), ("y10", 23)):
        prog.buffer(name, floats(seed))
    prog.eager("child_set", "axpy", "x9", "y9", np.float32(0.5), N)
    child, other, parent = ok(cu.cuGraphCreate(0)), ok(cu.cuGraphCreate(0)), ok(cu.cuGraphCreate(0))
    _, entry = prog.kernel_node(child, [], "axpy", "x9", "y9", np.float32(0.5), N)
    prog.kernel_node(other, [], "axpy", "x10", "y10", np.float32(0.5), N)
    node = ok(cu.cuGraphAddChildGraphNode(parent, None, 0, child))
    execs = [ok(cu.cuGraphInstantiate(parent, 0)) for _ in range(2)]
    for exec_ in execs:
        prog.launch("child_set", exec_, [entry])
    ok(cu.cuGraphExecChildGraphNodeSetParams(execs[0], node, other))
    p = cu.CUgraphNodeParams()
    p.type = cu.CUgraphNodeType.CU_GRAPH_NODE_TYPE_GRAPH
    p.graph.graph = other
    ok(cu.cuGraphExecNodeSetParams(execs[1], node, p))
    for exec_ in execs:
        prog.launch("child_set", exec_, [{**entry, "accesses": [], "fallback": "child graph node was given"}])
    for exec_ in execs:
        ok(cu.cuGraphExecDestroy(exec_))
    for graph in (parent, child, other):
        ok(cu.cuGraphDestroy(graph))


def halved(entry_params: cu.CUDA_KERNEL_NODE_PARAMS, entry: dict) -> tuple[cu.CUDA_KERNEL_NODE_PARAMS, dict]:
    """The node parameters on half the grid (the original kernel runs there: no maps kept)."""
    entry_params.gridDimX = N // BLOCK // 2
    return entry_params, {**entry, "accesses": [], "fallback": "parameters were set"}


def one_switched(prog: Program) -> None:
    """An exec of square then axpy, its square node given half the grid: those replays say their
    maps were not kept; axpy's keep theirs, as the eager launch records them. Then square's node
    destroyed in the graph: a new exec's replays run and list axpy alone, with its maps."""
    for name, seed in (("x13", 28), ("z13", 29), ("x14", 30), ("y14", 31)):
        prog.buffer(name, floats(seed))
    prog.eager("one_switched", "axpy", "x14", "y14", np.float32(0.5), N)
    graph = ok(cu.cuGraphCreate(0))
    node, _ = prog.kernel_node(graph, [], "square", "x13", "z13", N)
    _, kept = prog.kernel_node(graph, [node], "axpy", "x14", "y14", np.float32(0.5), N)
    exec_ = ok(cu.cuGraphInstantiate(graph, 0))
    p, half = halved(*prog.node_params("square", "x13", "z13", N))
    ok(cu.cuGraphExecKernelNodeSetParams(exec_, node, p))
    for _ in range(REPLAYS):
        prog.launch("one_switched", exec_, [half, kept])
    ok(cu.cuGraphExecDestroy(exec_))
    ok(cu.cuGraphDestroyNode(node))
    exec_ = ok(cu.cuGraphInstantiate(graph, 0))
    for _ in range(REPLAYS):
        prog.launch("one_switched", exec_, [kept])
    ok(cu.cuGraphExecDestroy(exec_))
    ok(cu.cuGraphDestroy(graph))


def captured_edit(prog: Program) -> None:
    """Two captured graphs, each one's node found with cuGraphGetNodes and given new parameters in
    the graph before instantiation: axpy on other buffers (the twin records them), square on half
    the grid (its replays keep no maps)."""
    for name, seed in (("x15", 32), ("y15", 33), ("x16", 34), ("y16", 35), ("z15", 36)):
        prog.buffer(name, floats(seed))
    prog.eager("captured_edit", "axpy", "x16", "y16", np.float32(2.5), N)
    moved = prog.node_params("axpy", "x16", "y16", np.float32(2.5), N)
    for values, (p, entry) in ((("axpy", "x15", "y15", np.float32(2.5), N), moved),
                               (("square", "x15", "z15", N), halved(*prog.node_params("square", "x15", "z15", N)))):
        graph, _ = prog.capture(*values)
        nodes, count = ok(cu.cuGraphGetNodes(graph, 1))
        assert count == 1, count
        ok(cu.cuGraphKernelNodeSetParams(nodes[0], p))
        exec_ = ok(cu.cuGraphInstantiate(graph, 0))
        for _ in range(REPLAYS):
            prog.launch("captured_edit", exec_, [entry])
        ok(cu.cuGraphExecDestroy(exec_))
        ok(cu.cuGraphDestroy(graph))


def main(path: str) -> None:
    prog = Program()
    cloned(prog)
    why = refusal(prog)
    refused = {"conditional": why, **(conditionals(prog) if why is None else {})}
    updated(prog)
    exec_set(prog)
    refused["capture_exec"] = launched_in_capture(prog)
    child_set(prog)
    one_switched(prog)
    captured_edit(prog)
    np.savez(path, **prog.outputs())
    facts = {"n": N, "refused": refused, "steps": prog.steps,
             "buffers": {name: prog.ptr(name) for name in prog.buffers}}
    with open(path + ".json", "w") as f:
        json.dump(facts, f)


if __name__ == "__main__":
    main(sys.argv[1])

/* A launch-bound program in C for benchmarks/launch_rate.py --workload c: the launch_loop.py loop
 * without Python (whose own cost per launch varies by microseconds between runs). A 256-thread
 * kernel (PTX, JIT-compiled at load, so the shim can instrument it) launched N times on one stream
 * through the driver API, then as a graph of K launches replayed N / K times; prints the host
 * microseconds per launch of each part as JSON.
 *     cc -O2 -I$CUDA_HOME/include launch_loop.c -lcuda -o launch_loop && ./launch_loop N [K] */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char PTX[] =
    ".version 8.0\n.target sm_70\n.address_size 64\n"
    ".visible .entry bump(.param .u64 p, .param .u32 n)\n{\n"
    " .reg .pred %p<2>; .reg .b32 %r<6>; .reg .f32 %f<3>; .reg .b64 %rd<5>;\n"
    " ld.param.u64 %rd1, [p]; ld.param.u32 %r2, [n];\n"
    " mov.u32 %r3, %ctaid.x; mov.u32 %r4, %ntid.x; mov.u32 %r5, %tid.x; mad.lo.s32 %r1, %r3, %r4, %r5;\n"
    " setp.ge.s32 %p1, %r1, %r2; @%p1 bra DONE;\n"
    " cvta.to.global.u64 %rd2, %rd1; mul.wide.s32 %rd3, %r1, 4; add.s64 %rd4, %rd2, %rd3;\n"
    " ld.global.f32 %f1, [%rd4]; add.f32 %f2, %f1, 0f3F800000; st.global.f32 [%rd4], %f2;\n"
    "DONE:\n ret;\n}\n";

#define CHECK(x) do { CUresult r_ = (x); if (r_) { fprintf(stderr, "%s failed: %d\n", #x, r_); exit(1); } } while (0)

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 20000, k = argc > 2 ? atoi(argv[2]) : 10, len = 256;
    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    CUfunction bump;
    CUstream s;
    CUdeviceptr x;
    CUgraph graph;
    CUgraphExec exec;
    CHECK(cuInit(0));
    CHECK(cuDeviceGet(&dev, 0));
    CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
    CHECK(cuCtxSetCurrent(ctx));
    CHECK(cuModuleLoadData(&mod, PTX));
    CHECK(cuModuleGetFunction(&bump, mod, "bump"));
    CHECK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
    CHECK(cuMemAlloc(&x, len * sizeof(float)));
    CHECK(cuMemsetD8(x, 0, len * sizeof(float)));
    void *params[] = {&x, &len};
    CHECK(cuLaunchKernel(bump, 1, 1, 1, 256, 1, 1, 0, s, params, NULL));   /* load and first launch untimed */
    CHECK(cuStreamSynchronize(s));
    double start = now_s();
    for (int i = 0; i < n; i++) CHECK(cuLaunchKernel(bump, 1, 1, 1, 256, 1, 1, 0, s, params, NULL));
    CHECK(cuStreamSynchronize(s));
    double eager = now_s() - start;
    CHECK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL));
    for (int i = 0; i < k; i++) CHECK(cuLaunchKernel(bump, 1, 1, 1, 256, 1, 1, 0, s, params, NULL));
    CHECK(cuStreamEndCapture(s, &graph));
    CHECK(cuGraphInstantiate(&exec, graph, 0));
    CHECK(cuGraphLaunch(exec, s));
    CHECK(cuStreamSynchronize(s));
    start = now_s();
    for (int i = 0; i < n / k; i++) CHECK(cuGraphLaunch(exec, s));
    CHECK(cuStreamSynchronize(s));
    double replays = now_s() - start;
    float v;
    CHECK(cuMemcpyDtoH(&v, x, sizeof v));
    if (v != (float)(1 + n + (n / k + 1) * k)) {               /* captured launches run only in replays */
        fprintf(stderr, "x[0] = %.0f, expected %d\n", v, 1 + n + (n / k + 1) * k);
        return 1;
    }
    printf("{\"eager_us\": %.4f, \"graph_us\": %.4f}\n", eager / n * 1e6, replays / (n / k * k) * 1e6);
    return 0;
}

/* A stand-in HIP program for the shim tests: usage prog_hip CODE_OBJECT BUNDLE.
 * Module API: loads CODE_OBJECT (hipModuleLoadData), launches vector_add(a, b, c, n) 3 times
 * (grid 2, 3, 4 x block 64), then with its arguments packed in `extra` as hip-python packs them
 * (grid 6), then with an `extra` of no known form (grid 1).
 * Host API, the way hipcc's generated code does it: registers BUNDLE (__hipRegisterFatBinary) with
 * two kernels, vector_add (in the bundle) and missing (not in it), and launches each once.
 * With FAKE_HIP_GRAPH=N: then vector_add (grid 3) captured on stream 0xCA97, the graph
 * instantiated and destroyed, its exec launched N times and destroyed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "slurp.h"

typedef struct { uint32_t x, y, z; } dim3;
void **__hipRegisterFatBinary(const void *wrapper);
void __hipRegisterFunction(void **, const void *, char *, const char *, unsigned, void *, void *,
                           dim3 *, dim3 *, int *);
int hipModuleLoadData(void **, const void *);
int hipModuleGetFunction(void **, void *, const char *);
int hipModuleLaunchKernel(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                          unsigned, void *, void **, void **);
int hipLaunchKernel(const void *, dim3, dim3, void **, size_t, void *);
int hipMalloc(void **, size_t);
int hipStreamBeginCapture(void *, int);
int hipStreamEndCapture(void *, void **);
int hipGraphInstantiate(void **, void *, void *, char *, size_t);
int hipGraphLaunch(void *, void *);
int hipGraphExecDestroy(void *);
int hipGraphDestroy(void *);

static void stub_vector_add(void) {}
static void stub_missing(void) {}

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    void *module, *add, *a, *b, *c;
    if (hipModuleLoadData(&module, slurp(argv[1]))) return 1;
    hipModuleGetFunction(&add, module, "vector_add");
    hipMalloc(&a, 1024), hipMalloc(&b, 1024), hipMalloc(&c, 1024);
    int n = 256;
    void *args[] = {&a, &b, &c, &n};
    for (unsigned g = 2; g <= 4; g++) hipModuleLaunchKernel(add, g, 1, 1, 64, 1, 1, 0, 0, args, 0);
    struct { void *a, *b, *c; int n; } packed = {a, b, c, n};
    size_t size = sizeof packed;
    void *extra[] = {(void *)1, &packed, (void *)2, &size, (void *)3};
    hipModuleLaunchKernel(add, 6, 1, 1, 64, 1, 1, 0, 0, 0, extra);
    void *unknown[] = {0};
    hipModuleLaunchKernel(add, 1, 1, 1, 64, 1, 1, 0, 0, 0, unknown);

    static struct { unsigned magic, version; const void *binary; void *unused; } wrapper = {0x48495046, 1, 0, 0};
    wrapper.binary = slurp(argv[2]);
    void **handle = __hipRegisterFatBinary(&wrapper);
    __hipRegisterFunction(handle, (const void *)stub_vector_add, "vector_add", "vector_add", -1u, 0, 0, 0, 0, 0);
    __hipRegisterFunction(handle, (const void *)stub_missing, "missing", "missing", -1u, 0, 0, 0, 0, 0);
    hipLaunchKernel((const void *)stub_vector_add, (dim3){5, 1, 1}, (dim3){64, 1, 1}, args, 0, 0);
    hipLaunchKernel((const void *)stub_missing, (dim3){1, 1, 1}, (dim3){64, 1, 1}, args, 0, 0);
    int replays = getenv("FAKE_HIP_GRAPH") ? atoi(getenv("FAKE_HIP_GRAPH")) : 0;
    if (replays) {
        void *graph, *exec, *capturing = (void *)0xCA97;
        hipStreamBeginCapture(capturing, 0);
        hipModuleLaunchKernel(add, 3, 1, 1, 64, 1, 1, 0, capturing, args, 0);
        if (hipStreamEndCapture(capturing, &graph) || hipGraphInstantiate(&exec, graph, 0, 0, 0)) return 3;
        hipGraphDestroy(graph);
        for (int i = 0; i < replays; i++) hipGraphLaunch(exec, 0);
        hipGraphExecDestroy(exec);
    }
    puts("done");
    return 0;
}

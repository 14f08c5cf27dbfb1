/* A stand-in HIP program for the shim tests: usage prog_hip CODE_OBJECT BUNDLE.
 * Module API: loads CODE_OBJECT (hipModuleLoadData), launches vector_add(a, b, c, n) 3 times
 * (grid 2, 3, 4 x block 64), then with its arguments packed in `extra` as hip-python packs them
 * (grid 6), then with an `extra` of no known form (grid 1).
 * Host API, the way hipcc's generated code does it: registers BUNDLE (__hipRegisterFatBinary) with
 * two kernels, vector_add (in the bundle) and missing (not in it), and launches each once.
 * With FAKE_HIP_GRAPH=N: then vector_add (grid 3) captured on stream 0xCA97, the graph
 * instantiated and destroyed, its exec launched N times and destroyed. FAKE_HIP_EDIT=captured-args
 * first gives the captured node (hipGraphGetNodes) n = 128 (hipGraphKernelNodeSetParams),
 * =captured-params grid 4 too, =captured-remove destroys it (hipGraphDestroyNode); with
 * =captured-clone the graph is cloned first, the clone's node given n = 128, and the clone's exec
 * launched after the original's each time.
 * With FAKE_HIP_BUILT=N: then a graph built node by node: vector_add (grid 2, the module's
 * function) by hipGraphAddKernelNode, vector_add (grid 3, the host stub) by hipGraphAddNode, and a
 * child graph holding vector_add (grid 1) by hipGraphAddNode; instantiated, the graphs destroyed,
 * the exec launched N times. FAKE_HIP_EDIT changes the first node before instantiation: =args gives
 * it n = 128 (hipGraphKernelNodeSetParams), =params grid 4, =remove destroys it, =exec gives the
 * exec's node n = 128 (hipGraphExecKernelNodeSetParams), =exec-child gives the exec's child graph
 * node the child graph again (hipGraphExecChildGraphNodeSetParams); =clone-args and =clone-params do what
 * args and params do to the first node's copy in a clone (hipGraphClone,
 * hipGraphNodeFindInClone), =clone-child what args does to the child graph's node in the clone
 * (found in the graph the clone's child graph node holds, hipGraphChildGraphNodeGetGraph); the
 * clone's exec is launched after the original's each time.
 * With FAKE_HIP_VARIABLES=1, instead of all the above after loading CODE_OBJECT: its module
 * variables `counter` (u64) and `scale` (u32) set to 41 and 7 (hipModuleGetGlobal, hipMemcpyHtoD),
 * vector_add launched twice on stream 0x5, both read back (hipMemcpyDtoH), vector_add captured on
 * stream 0xCA97 and the graph launched once on stream 0x5; then BUNDLE registered with vector_add
 * and the two variables (__hipRegisterVar), set to 51 and 9 (hipMemcpyToSymbol), vector_add
 * launched through its host stub (grid 5) twice on stream 0x5, both read back
 * (hipMemcpyFromSymbol). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
int hipGraphCreate(void **, unsigned);
int hipGraphAddKernelNode(void **, void *, const void *, size_t, const void *);
int hipGraphAddNode(void **, void *, const void *, size_t, const void *);
int hipGraphDestroyNode(void *);
int hipGraphKernelNodeSetParams(void *, const void *);
int hipGraphExecKernelNodeSetParams(void *, void *, const void *);
int hipGraphExecChildGraphNodeSetParams(void *, void *, void *);
int hipGraphClone(void **, void *);
int hipGraphNodeFindInClone(void **, void *, void *);
int hipGraphChildGraphNodeGetGraph(void *, void **);
int hipGraphGetNodes(void *, void **, size_t *);
int hipModuleGetGlobal(void **, size_t *, void *, const char *);
int hipMemcpyHtoD(void *, const void *, size_t);
int hipMemcpyDtoH(void *, const void *, size_t);
void __hipRegisterVar(void **, void *, char *, char *, int, size_t, int, int);
int hipMemcpyToSymbol(const void *, const void *, size_t, size_t, int);
int hipMemcpyFromSymbol(void *, const void *, size_t, size_t, int);

/* hipKernelNodeParams and hipGraphNodeParams, as HIP 6 lays them out. */
typedef struct { dim3 block; void **extra; void *func; dim3 grid; void **params; unsigned shm; } KernelNodeParams;
typedef struct {
    int type, reserved0[3];
    union { long long reserved1[29]; KernelNodeParams kernel; void *graph; };
    long long reserved2;
} NodeParams;

static void stub_vector_add(void) {}
static void stub_missing(void) {}

static KernelNodeParams node(void *func, unsigned grid, void **args) {
    return (KernelNodeParams){.block = {64, 1, 1}, .func = func, .grid = {grid, 1, 1}, .params = args};
}

/* The graph FAKE_HIP_BUILT describes: its exec, and the clone's in *cloned (or NULL). */
static void *built(void *add, void **args, void **edited, void **cloned) {
    const char *edit = getenv("FAKE_HIP_EDIT") ? getenv("FAKE_HIP_EDIT") : "";
    const char *what = !strncmp(edit, "clone-", 6) ? edit + 6 : edit;
    void *graph, *child, *first, *n, *exec, *clone = NULL, *target, *inner, *holder, *held;
    KernelNodeParams p = node(add, 2, args), in_child = node(add, 1, args);
    NodeParams host = {.type = 0, .kernel = node((void *)stub_vector_add, 3, args)}, nested = {.type = 4};
    hipGraphCreate(&graph, 0);
    hipGraphCreate(&child, 0);
    nested.graph = child;
    if (hipGraphAddKernelNode(&first, graph, 0, 0, &p) || hipGraphAddNode(&n, graph, 0, 0, &host) ||
        hipGraphAddKernelNode(&inner, child, 0, 0, &in_child) || hipGraphAddNode(&n, graph, 0, 0, &nested) ||
        hipGraphChildGraphNodeGetGraph(n, &held) || hipGraphNodeFindInClone(&inner, inner, held))
        return NULL;
    target = first;
    if (what != edit && (hipGraphClone(&clone, graph) || hipGraphNodeFindInClone(&target, first, clone))) return NULL;
    if (!strcmp(what, "child") && (hipGraphNodeFindInClone(&holder, n, clone) ||
                                   hipGraphChildGraphNodeGetGraph(holder, &held) ||
                                   hipGraphNodeFindInClone(&target, inner, held)))
        return NULL;
    in_child = node(add, 1, edited);
    if (!strcmp(what, "child") && hipGraphKernelNodeSetParams(target, &in_child)) return NULL;
    p = node(add, !strcmp(what, "params") ? 4 : 2, edited);
    if ((!strcmp(what, "args") || !strcmp(what, "params")) && hipGraphKernelNodeSetParams(target, &p)) return NULL;
    if (!strcmp(edit, "remove") && hipGraphDestroyNode(first)) return NULL;
    if (hipGraphInstantiate(&exec, graph, 0, 0, 0) || (clone && hipGraphInstantiate(cloned, clone, 0, 0, 0))) return NULL;
    if (!strcmp(edit, "exec") && hipGraphExecKernelNodeSetParams(exec, first, &p)) return NULL;
    if (!strcmp(edit, "exec-child") && hipGraphExecChildGraphNodeSetParams(exec, n, child)) return NULL;
    hipGraphDestroy(child);
    hipGraphDestroy(graph);
    if (clone) hipGraphDestroy(clone);
    return exec;
}

typedef struct { unsigned magic, version; const void *binary; void *unused; } Wrapper;

/* FAKE_HIP_VARIABLES: the program's values of the module's variables reach vector_add's launches,
 * and what they leave is read back; then vector_add in a graph, and through its host stub. */
static int variables(void *module, void *add, void **args, const char *bundle) {
    void *counter, *scale, *graph, *exec, *capturing = (void *)0xCA97, *side = (void *)0x5;
    size_t n = 0, m = 0;
    if (hipModuleGetGlobal(&counter, &n, module, "counter") || hipModuleGetGlobal(&scale, &m, module, "scale") ||
        n != 8 || m != 4)
        return 10;
    uint64_t c = 41;
    uint32_t s = 7;
    hipMemcpyHtoD(counter, &c, n);
    hipMemcpyHtoD(scale, &s, m);
    for (int i = 0; i < 2; i++) hipModuleLaunchKernel(add, 1, 1, 1, 64, 1, 1, 0, side, args, 0);
    hipMemcpyDtoH(&c, counter, n);
    hipMemcpyDtoH(&s, scale, m);
    hipStreamBeginCapture(capturing, 0);
    hipModuleLaunchKernel(add, 3, 1, 1, 64, 1, 1, 0, capturing, args, 0);
    if (hipStreamEndCapture(capturing, &graph) || hipGraphInstantiate(&exec, graph, 0, 0, 0) ||
        hipGraphLaunch(exec, side))
        return 3;
    hipGraphExecDestroy(exec);
    hipGraphDestroy(graph);
    static Wrapper wrapper = {0x48495046, 1, 0, 0};
    wrapper.binary = bundle;
    void **handle = __hipRegisterFatBinary(&wrapper);
    __hipRegisterFunction(handle, (const void *)stub_vector_add, "vector_add", "vector_add", -1u, 0, 0, 0, 0, 0);
    static uint64_t counter_shadow;           /* the host shadows hipcc makes for device variables */
    static uint32_t scale_shadow;
    __hipRegisterVar(handle, &counter_shadow, "counter", "counter", 0, 8, 0, 0);
    __hipRegisterVar(handle, &scale_shadow, "scale", "scale", 0, 4, 1, 0);
    c = 51, s = 9;
    hipMemcpyToSymbol(&counter_shadow, &c, 8, 0, 1);     /* hipMemcpyHostToDevice */
    hipMemcpyToSymbol(&scale_shadow, &s, 4, 0, 1);
    for (int i = 0; i < 2; i++)
        hipLaunchKernel((const void *)stub_vector_add, (dim3){5, 1, 1}, (dim3){64, 1, 1}, args, 0, side);
    hipMemcpyFromSymbol(&c, &counter_shadow, 8, 0, 2);   /* hipMemcpyDeviceToHost */
    hipMemcpyFromSymbol(&s, &scale_shadow, 4, 0, 2);
    puts("done");
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    void *module, *add, *a, *b, *c;
    if (hipModuleLoadData(&module, slurp(argv[1]))) return 1;
    hipModuleGetFunction(&add, module, "vector_add");
    hipMalloc(&a, 1024), hipMalloc(&b, 1024), hipMalloc(&c, 1024);
    int n = 256;
    void *args[] = {&a, &b, &c, &n};
    if (getenv("FAKE_HIP_VARIABLES")) return variables(module, add, args, slurp(argv[2]));
    for (unsigned g = 2; g <= 4; g++) hipModuleLaunchKernel(add, g, 1, 1, 64, 1, 1, 0, 0, args, 0);
    struct { void *a, *b, *c; int n; } packed = {a, b, c, n};
    size_t size = sizeof packed;
    void *extra[] = {(void *)1, &packed, (void *)2, &size, (void *)3};
    hipModuleLaunchKernel(add, 6, 1, 1, 64, 1, 1, 0, 0, 0, extra);
    void *unknown[] = {0};
    hipModuleLaunchKernel(add, 1, 1, 1, 64, 1, 1, 0, 0, 0, unknown);

    static Wrapper wrapper = {0x48495046, 1, 0, 0};
    wrapper.binary = slurp(argv[2]);
    void **handle = __hipRegisterFatBinary(&wrapper);
    __hipRegisterFunction(handle, (const void *)stub_vector_add, "vector_add", "vector_add", -1u, 0, 0, 0, 0, 0);
    __hipRegisterFunction(handle, (const void *)stub_missing, "missing", "missing", -1u, 0, 0, 0, 0, 0);
    hipLaunchKernel((const void *)stub_vector_add, (dim3){5, 1, 1}, (dim3){64, 1, 1}, args, 0, 0);
    hipLaunchKernel((const void *)stub_missing, (dim3){1, 1, 1}, (dim3){64, 1, 1}, args, 0, 0);
    int replays = getenv("FAKE_HIP_GRAPH") ? atoi(getenv("FAKE_HIP_GRAPH")) : 0;
    if (replays) {
        void *graph, *exec, *captured, *capturing = (void *)0xCA97, *clone = NULL, *cloned = NULL;
        const char *edit = getenv("FAKE_HIP_EDIT") ? getenv("FAKE_HIP_EDIT") : "";
        int n2 = 128;
        size_t one = 1;
        void *edited[] = {&a, &b, &c, &n2};
        KernelNodeParams p = node(add, !strcmp(edit, "captured-params") ? 4 : 3, edited);
        hipStreamBeginCapture(capturing, 0);
        hipModuleLaunchKernel(add, 3, 1, 1, 64, 1, 1, 0, capturing, args, 0);
        if (hipStreamEndCapture(capturing, &graph)) return 3;
        if (!strcmp(edit, "captured-clone") && hipGraphClone(&clone, graph)) return 3;
        if (!strncmp(edit, "captured-", 9) && hipGraphGetNodes(clone ? clone : graph, &captured, &one)) return 3;
        if (!strcmp(edit, "captured-remove") ? hipGraphDestroyNode(captured)
            : !strncmp(edit, "captured-", 9) && hipGraphKernelNodeSetParams(captured, &p))
            return 3;
        if (hipGraphInstantiate(&exec, graph, 0, 0, 0) || (clone && hipGraphInstantiate(&cloned, clone, 0, 0, 0)))
            return 3;
        hipGraphDestroy(graph);
        if (clone) hipGraphDestroy(clone);
        for (int i = 0; i < replays; i++) {
            hipGraphLaunch(exec, 0);
            if (cloned) hipGraphLaunch(cloned, 0);
        }
        hipGraphExecDestroy(exec);
        if (cloned) hipGraphExecDestroy(cloned);
    }
    replays = getenv("FAKE_HIP_BUILT") ? atoi(getenv("FAKE_HIP_BUILT")) : 0;
    if (replays) {
        int n2 = 128;
        void *edited[] = {&a, &b, &c, &n2}, *cloned = NULL, *exec = built(add, args, edited, &cloned);
        if (!exec) return 4;
        for (int i = 0; i < replays; i++) {
            hipGraphLaunch(exec, 0);
            if (cloned) hipGraphLaunch(cloned, 0);
        }
        hipGraphExecDestroy(exec);
        if (cloned) hipGraphExecDestroy(cloned);
    }
    puts("done");
    return 0;
}

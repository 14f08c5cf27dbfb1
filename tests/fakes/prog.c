/* A stand-in CUDA program for the shim tests. It reaches the (fake) driver the way real programs do:
 *   direct  - linked against libcuda.so.1 (CuPy)
 *   dlsym   - dlopen + dlsym on the handle (Triton, the CUDA 13 runtime)
 *   proc    - cuGetProcAddress_v2("cuGetProcAddress") then ~every lookup through it (cudart, ATen)
 *   threads - direct, from 4 threads at once
 *   crash   - direct, two launches of add, then abort()
 *   file    - direct, the module loaded from IMAGE_FILE by cuModuleLoad (torch.compile's launcher)
 *   loop    - direct, COUNT launches of add on grid 64 x block 64 (4096 threads), nothing else
 *   fork    - forks before any CUDA call (a DataLoader worker); the child runs `loop` 2 times and
 *             ends with _exit(7) (os._exit), the parent `loop` 3 times, then waits for it
 *   fork-kill - the same, but the child is killed (SIGKILL) 0.3 s after its launches
 *   exec    - `loop` 2 times, then execl() of `prog loop IMAGE_FILE 3` (the same process)
 *   reset   - direct, `loop` 2 times, the primary context reset (cudaDeviceReset), `loop` 2 times
 *   unload  - direct, `loop` once, the module unloaded and another image loaded (the fake driver
 *             gives it the same module and kernel handles), its add launched as in `loop`
 *   spawn   - posix_spawn of `prog loop IMAGE_FILE 2` (torchrun, multiprocessing's spawn), then
 *             `loop` 3 times here, then waits for it
 *   devices - direct, add launched 4 times alternating between the primary contexts of device 0
 *             and device 1 (run with FAKE_DEVICES=2), grid 1..4 x block 64
 *   packed  - direct, add launched with its arguments packed in `extra` (tinygrad's form:
 *             BUFFER_POINTER, BUFFER_SIZE, END) twice, then once with a buffer shorter than them
 *   link    - direct, PTX linked at run time and the output loaded, as numba-cuda does: cuLink* with
 *             one PTX input, nvJitLink (dlopen'ed libnvJitLink.so.13, versioned names) with one
 *             given as "any kind", cuLink* with a PTX and a cubin, then nvJitLink with LTO-IR
 *             (numba-cuda's default); each output is copied (a Python bytes object), loaded and
 *             its add launched once
 *   graph   - direct, in torch.cuda.graph's order: add launched (warm-up), a global-mode capture
 *             begun on stream 0xCA97 (and 0.2 s spent in it, while the shim's writer copies the
 *             warm-up's maps), add (grid 2 x 64) and sass_only captured, the graph instantiated and
 *             destroyed (after the edit below), its exec launched COUNT times on stream 0x5, then destroyed. With
 *             FAKE_GRAPH_EDIT=update the exec is first updated to a second capture's graph (add on
 *             grid 1 x 64, the graph then destroyed); with =args the exec's captured add node is
 *             given a new second argument 0x4444 (cuGraphExecKernelNodeSetParams_v2, the node
 *             from cuStreamGetCaptureInfo_v3), with =params that node is given grid 3 x 64; with
 *             =break the program allocates inside its global-mode capture, which breaks it: the
 *             capture's end fails, and nothing is replayed; with =nested the exec is launched into
 *             a second capture, and that capture's exec is the one launched COUNT times
 *   built   - direct, a graph built node by node: add (grid 2 x 64) by cuGraphAddKernelNode_v2,
 *             sass_only by cuGraphAddNode_v2, and a child graph holding add (grid 1 x 64) by
 *             cuGraphAddNode_v2 (cuGraphAddChildGraphNode when added again); instantiated,
 *             launched COUNT times on stream 0x5. With
 *             FAKE_GRAPH_EDIT=args the first add node is given a new second argument 0x4444 in
 *             the graph before instantiation (cuGraphKernelNodeSetParams_v2), with =params grid
 *             3 x 64, with =remove it is destroyed (cuGraphDestroyNode), with =twice the child
 *             graph is added twice, with =conditional an IF node is added whose body holds add
 *             (grid 4 x 64; the fake runs every body once), with =conditional-params that body
 *             node is then given grid 3 x 64, with =clone-conditional the graph holding the IF
 *             node is then cloned, which the driver refuses. With =clone-args, =clone-params the
 *             graph is cloned (cuGraphClone) and what args and params do is done to the first
 *             node's copy (cuGraphNodeFindInClone) in the clone, with =clone-exec to that node of
 *             the clone's exec (cuGraphExecKernelNodeSetParams_v2), with =clone-add add (grid
 *             5 x 64) is added to the clone, with =clone-child the child graph's add node in the
 *             clone (found in the graph the clone's child graph node holds) is given the new
 *             argument; the clone's exec is launched on stream 0x6 after each launch of the
 *             original's. With =child-exec the child graph's add node (in the graph its child graph
 *             node holds) is given the new argument in the exec. With =kernel the first add node is
 *             given sass_only (grid 2 x 64) in the graph, with =exec-kernel in the exec
 *             (cuGraphExecKernelNodeSetParams_v2), with =exec-node likewise by
 *             cuGraphExecNodeSetParams
 *   variables - direct, the module's variables `counter` (u64) and `scale` (u32) set to 41 and 7
 *             (cuModuleGetGlobal_v2, cuMemcpyHtoD_v2), add launched twice on stream 0x5, both read
 *             back (cuMemcpyDtoH_v2), then add captured on stream 0xCA97 and the graph launched once
 *             on stream 0x5; libvariables - the same through cuGetProcAddress (as `proc`), the
 *             module a library (cuLibraryGetGlobal)
 * usage: prog MODE IMAGE_FILE [COUNT]
 * Launches: add x2, sass_only x1, add on a capturing stream, add with `extra`, add via
 * cuLaunchKernelEx; in `threads`, 4 x 5 launches of add.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "graph_params.h"

typedef int CUresult;
typedef struct { unsigned gx, gy, gz, bx, by, bz, shm; void *stream; void *attrs; unsigned nattrs; } Config;
typedef CUresult (*launch_t)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void *, void **, void **);

CUresult cuModuleLoadData(void **, const void *);
CUresult cuModuleLoad(void **, const char *);
CUresult cuModuleGetFunction(void **, void *, const char *);
CUresult cuLaunchKernel(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void *, void **, void **);
CUresult cuLaunchKernelEx(const Config *, void *, void **, void **);
CUresult cuMemAlloc_v2(uint64_t *, size_t);
CUresult cuMemFree_v2(uint64_t);
CUresult cuFuncSetAttribute(void *, int, int);
CUresult cuDevicePrimaryCtxRelease_v2(int);
CUresult cuDevicePrimaryCtxReset_v2(int);
CUresult cuModuleUnload(void *);
CUresult cuFuncGetModule(void **, void *);
CUresult cuDevicePrimaryCtxRetain(void **, int);
CUresult cuCtxSetCurrent(void *);
CUresult cuLinkCreate_v2(unsigned, void *, void **, void **);
CUresult cuLinkAddData_v2(void *, int, void *, size_t, const char *, unsigned, void *, void **);
CUresult cuLinkComplete(void *, void **, size_t *);
CUresult cuLinkDestroy(void *);
CUresult cuStreamBeginCapture_v2(void *, int);
CUresult cuStreamEndCapture(void *, void **);
CUresult cuGraphInstantiateWithFlags(void **, void *, unsigned long long);
CUresult cuGraphLaunch(void *, void *);
CUresult cuGraphExecUpdate_v2(void *, void *, void *);
CUresult cuGraphExecKernelNodeSetParams_v2(void *, void *, const void *);
CUresult cuGraphExecDestroy(void *);
CUresult cuGraphDestroy(void *);
CUresult cuGraphKernelNodeSetParams_v2(void *, const void *);
CUresult cuGraphCreate(void **, unsigned);
CUresult cuGraphAddKernelNode_v2(void **, void *, const void *, size_t, const void *);
CUresult cuGraphAddNode_v2(void **, void *, const void *, const void *, size_t, const void *);
CUresult cuGraphAddChildGraphNode(void **, void *, const void *, size_t, void *);
CUresult cuGraphDestroyNode(void *);
CUresult cuGraphClone(void **, void *);
CUresult cuGraphNodeFindInClone(void **, void *, void *);
CUresult cuGraphChildGraphNodeGetGraph(void *, void **);
CUresult cuGraphExecNodeSetParams(void *, void *, const void *);
CUresult cuStreamGetCaptureInfo_v3(void *, int *, uint64_t *, void **, void *const **, const void **, size_t *);
CUresult cuModuleGetGlobal_v2(uint64_t *, size_t *, void *, const char *);
CUresult cuLibraryGetGlobal(uint64_t *, size_t *, void *, const char *);
CUresult cuMemcpyHtoD_v2(uint64_t, const void *, size_t);
CUresult cuMemcpyDtoH_v2(void *, uint64_t, size_t);

/* A kernel node's parameters: f on grid gx x 64, CUkernel-style (func NULL) when `kern`. */
static KernelNodeParams node_params(void *f, unsigned gx, void **params, int kern) {
    KernelNodeParams p = {.func = kern ? NULL : f, .g = {gx, 1, 1}, .b = {64, 1, 1}, .params = params};
    p.kern = kern ? f : NULL;
    return p;
}

/* A graph built node by node (mode `built`), its exec returned; a clone's exec in *cloned. */
static void *built_graph(void *add, void *sass, void **params, void **edited_params, void **cloned) {
    void *graph, *child, *exec, *first, *node, *clone = NULL, *target, *inner, *holder, *held;
    const char *edit = getenv("FAKE_GRAPH_EDIT") ? getenv("FAKE_GRAPH_EDIT") : "";
    const char *in_clone = !strncmp(edit, "clone-", 6) ? edit + 6 : NULL;
    KernelNodeParams p = node_params(add, 2, params, 0), c = node_params(add, 1, params, 0);
    NodeParams generic = {.type = NODE_KERNEL, .kernel = node_params(sass, 1, params, 1)};
    cuGraphCreate(&graph, 0);
    cuGraphCreate(&child, 0);
    if (cuGraphAddKernelNode_v2(&first, graph, NULL, 0, &p) || cuGraphAddNode_v2(&node, graph, NULL, NULL, 0, &generic) ||
        cuGraphAddKernelNode_v2(&inner, child, NULL, 0, &c))
        return NULL;
    NodeParams nested = {.type = NODE_GRAPH};
    nested.graph = child;
    /* the child's add node as the graph holds it: found in the copy its child graph node holds */
    if (cuGraphAddNode_v2(&holder, graph, NULL, NULL, 0, &nested) || cuGraphChildGraphNodeGetGraph(holder, &held) ||
        cuGraphNodeFindInClone(&inner, inner, held))
        return NULL;
    if (!strcmp(edit, "twice") && cuGraphAddChildGraphNode(&node, graph, NULL, 0, child)) return NULL;
    if (strstr(edit, "conditional")) {            /* an IF node, then add (grid 4 x 64) in its body */
        NodeParams cond = {.type = NODE_CONDITIONAL};
        cond.conditional.size = 1;
        KernelNodeParams in_body = node_params(add, 4, params, 0), moved = node_params(add, 3, params, 0);
        if (cuGraphAddNode_v2(&node, graph, NULL, NULL, 0, &cond) ||
            cuGraphAddKernelNode_v2(&node, cond.conditional.bodies[0], NULL, 0, &in_body))
            return NULL;
        if (!strcmp(edit, "conditional-params") && cuGraphKernelNodeSetParams_v2(node, &moved)) return NULL;
    }
    target = first;
    if (in_clone) {
        edit = in_clone;
        CUresult refused = cuGraphClone(&clone, graph);
        if (refused && strcmp(edit, "conditional")) return NULL;   /* only a conditional graph's is */
        if (refused) clone = NULL;
        else if (cuGraphNodeFindInClone(&target, first, clone)) return NULL;
        if (!strcmp(edit, "child") && (cuGraphNodeFindInClone(&holder, holder, clone) ||
                                       cuGraphChildGraphNodeGetGraph(holder, &held) ||
                                       cuGraphNodeFindInClone(&target, inner, held)))
            return NULL;
        KernelNodeParams more = node_params(add, 5, params, 0);
        if (!strcmp(edit, "add") && cuGraphAddKernelNode_v2(&node, clone, NULL, 0, &more)) return NULL;
    }
    p = node_params(add, !strcmp(edit, "params") ? 3 : 2, edited_params, 0);
    if ((!strcmp(edit, "args") || !strcmp(edit, "params")) && cuGraphKernelNodeSetParams_v2(target, &p)) return NULL;
    c = node_params(add, 1, edited_params, 0);
    if (!strcmp(edit, "child") && cuGraphKernelNodeSetParams_v2(target, &c)) return NULL;
    KernelNodeParams other = node_params(sass, 2, params, 0);
    NodeParams any = {.type = NODE_KERNEL, .kernel = other};
    if (!strcmp(edit, "kernel") && cuGraphKernelNodeSetParams_v2(first, &other)) return NULL;
    if (!strcmp(edit, "remove") && cuGraphDestroyNode(first)) return NULL;
    if (cuGraphInstantiateWithFlags(&exec, graph, 0)) return NULL;
    if (clone && cuGraphInstantiateWithFlags(cloned, clone, 0)) return NULL;
    if (clone && !strcmp(edit, "exec") && cuGraphExecKernelNodeSetParams_v2(*cloned, target, &p)) return NULL;
    if (!strcmp(edit, "child-exec") && cuGraphExecKernelNodeSetParams_v2(exec, inner, &c)) return NULL;
    if (!strcmp(edit, "exec-kernel") && cuGraphExecKernelNodeSetParams_v2(exec, first, &other)) return NULL;
    if (!strcmp(edit, "exec-node") && cuGraphExecNodeSetParams(exec, first, &any)) return NULL;
    cuGraphDestroy(child);
    cuGraphDestroy(graph);
    if (clone) cuGraphDestroy(clone);
    return exec;
}
extern char **environ;

static struct {
    CUresult (*load)(void **, const void *);
    CUresult (*get)(void **, void *, const char *);
    CUresult (*libload)(void **, const void *, void *, void *, unsigned, void *, void *, unsigned);
    CUresult (*libget)(void **, void *, const char *);
    CUresult (*kfunc)(void **, void *);
    launch_t launch;
    CUresult (*launch_ex)(const Config *, void *, void **, void **);
    CUresult (*alloc)(uint64_t *, size_t);
    CUresult (*release)(uint64_t);
    CUresult (*set_attr)(void *, int, int);
    CUresult (*ctx_release)(int);
} cu;

static void *add;

static void *worker(void *arg) {
    (void)arg;
    unsigned long long a = 0xA, b = 0xB;
    void *params[] = {&a, &b};
    for (int i = 0; i < 5; i++) cu.launch(add, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL);
    return NULL;
}

/* One cuLink* link of `ptx` (and of a cubin too when `cubin`), its output copied into `out`. */
static void driver_link(const char *ptx, const char *cubin, char *out) {
    void *st, *linked;
    size_t size;
    cuLinkCreate_v2(0, NULL, NULL, &st);
    cuLinkAddData_v2(st, 1, (void *)ptx, strlen(ptx) + 1, "a.ptx", 0, NULL, NULL);
    if (cubin) cuLinkAddData_v2(st, 0, (void *)cubin, strlen(cubin) + 1, "b.cubin", 0, NULL, NULL);
    cuLinkComplete(st, &linked, &size);
    memcpy(out, linked, size);
    cuLinkDestroy(st);
}

static int link_mode(void) {
    static char outs[4][512];
    driver_link("FAKEIMAGE add from cuLink", NULL, outs[0]);
    void *jl = dlopen("libnvJitLink.so.13", RTLD_NOW | RTLD_LOCAL);
    if (!jl) { fprintf(stderr, "%s\n", dlerror()); return 3; }
    int (*create)(void **, unsigned, const char **) = dlsym(jl, "__nvJitLinkCreate_13_0");
    int (*add_data)(void *, int, const void *, size_t, const char *) = dlsym(jl, "__nvJitLinkAddData_13_0");
    int (*complete)(void *) = dlsym(jl, "__nvJitLinkComplete_13_0");
    int (*cubin)(void *, void *) = dlsym(jl, "__nvJitLinkGetLinkedCubin_13_0");
    int (*destroy)(void **) = dlsym(jl, "__nvJitLinkDestroy_13_0");
    const char *ptx = "FAKEIMAGE add from nvJitLink\n.version 9.0", *ltoir = "LTO-IR of add";
    const char *lto[] = {"-arch=sm_90", "-lto"};
    void *h;
    create(&h, 0, NULL);
    add_data(h, 10, ptx, strlen(ptx), "b.ptx");     /* NVJITLINK_INPUT_ANY, as cuda.core passes it */
    complete(h);
    cubin(h, outs[1]);
    destroy(&h);
    driver_link("FAKEIMAGE add from cuLink", "FAKEIMAGE a library", outs[2]);
    create(&h, 2, lto);
    add_data(h, 3, ltoir, strlen(ltoir), "c.ltoir");    /* NVJITLINK_INPUT_LTOIR: numba's default */
    complete(h);
    cubin(h, outs[3]);
    destroy(&h);

    uint64_t buf = 0;
    cuMemAlloc_v2(&buf, 4096);
    unsigned long long a = buf, b = 0x4444;
    void *params[] = {&a, &b};
    for (int i = 0; i < 4; i++) {
        char *copy = strdup(outs[i]);
        void *mod, *f;
        cuModuleLoadData(&mod, copy);
        cuModuleGetFunction(&f, mod, "add");
        free(copy);
        if (cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL) != 0) return 4;
    }
    cuMemFree_v2(buf);
    cuDevicePrimaryCtxRelease_v2(0);
    printf("done\n");
    return 0;
}

/* Mode `variables` / `libvariables`: the program's values of the module's variables reach add's
 * launches, and what they leave is read back; then add in a graph. */
static int variables_mode(void *owner, int library, void **params) {
    uint64_t counter = 0, scale = 0;
    size_t n = 0, m = 0;
    CUresult (*get)(uint64_t *, size_t *, void *, const char *) = library ? cuLibraryGetGlobal : cuModuleGetGlobal_v2;
    if (get(&counter, &n, owner, "counter") || get(&scale, &m, owner, "scale") || n != 8 || m != 4) return 10;
    unsigned long long c = 41;
    unsigned s = 7;
    cuMemcpyHtoD_v2(counter, &c, n);
    cuMemcpyHtoD_v2(scale, &s, m);
    for (int i = 0; i < 2; i++)
        if (cu.launch(add, 1, 1, 1, 32, 1, 1, 0, (void *)0x5, params, NULL) != 0) return 4;
    cuMemcpyDtoH_v2(&c, counter, n);
    cuMemcpyDtoH_v2(&s, scale, m);
    void *graph, *exec;
    cuStreamBeginCapture_v2((void *)0xCA97, 0);
    if (cu.launch(add, 1, 1, 1, 32, 1, 1, 0, (void *)0xCA97, params, NULL) != 0) return 4;
    if (cuStreamEndCapture((void *)0xCA97, &graph) || cuGraphInstantiateWithFlags(&exec, graph, 0) ||
        cuGraphLaunch(exec, (void *)0x5))
        return 7;
    cuGraphExecDestroy(exec);
    cuGraphDestroy(graph);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    const char *mode = argv[1];
    FILE *f = fopen(argv[2], "rb");
    if (!f) return 2;
    static char image[1 << 16];
    size_t n = fread(image, 1, sizeof image - 1, f);
    fclose(f);
    image[n] = 0;

    int count = argc > 3 ? atoi(argv[3]) : 10, ending = 0;     /* child's end: 1 _exit(7), 2 SIGKILL */
    pid_t child = 0;
    if (!strcmp(mode, "spawn")) {
        char *args[] = {argv[0], "loop", argv[2], "2", NULL};
        if (posix_spawn(&child, argv[0], NULL, NULL, args, environ)) return 5;
    } else if (!strcmp(mode, "fork") || !strcmp(mode, "fork-kill")) {
        child = fork();
        if (child < 0) return 5;
        if (child == 0) ending = !strcmp(mode, "fork") ? 1 : 2;
    } else if (!strcmp(mode, "exec")) {
        ending = 3;
    }
    if (child || ending) {
        mode = "loop";
        count = ending ? 2 : 3;
    }
    if (!strcmp(mode, "link")) return link_mode();

    if (!strcmp(mode, "direct") || !strcmp(mode, "threads") || !strcmp(mode, "file") || !strcmp(mode, "loop") ||
        !strcmp(mode, "devices") || !strcmp(mode, "graph") || !strcmp(mode, "reset") || !strcmp(mode, "unload") ||
        !strcmp(mode, "built") || !strcmp(mode, "variables")) {
        cu.load = cuModuleLoadData; cu.get = cuModuleGetFunction; cu.launch = cuLaunchKernel;
        cu.launch_ex = cuLaunchKernelEx; cu.alloc = cuMemAlloc_v2; cu.release = cuMemFree_v2;
        cu.set_attr = cuFuncSetAttribute; cu.ctx_release = cuDevicePrimaryCtxRelease_v2;
    } else {
        void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!h) { fprintf(stderr, "%s\n", dlerror()); return 3; }
        if (!strcmp(mode, "dlsym")) {
            cu.load = dlsym(h, "cuModuleLoadData"); cu.get = dlsym(h, "cuModuleGetFunction");
            cu.launch = dlsym(h, "cuLaunchKernel"); cu.launch_ex = dlsym(h, "cuLaunchKernelEx");
            cu.alloc = dlsym(h, "cuMemAlloc_v2"); cu.release = dlsym(h, "cuMemFree_v2");
            cu.set_attr = dlsym(h, "cuFuncSetAttribute");
            cu.ctx_release = dlsym(h, "cuDevicePrimaryCtxRelease_v2");
        } else {
            CUresult (*gpa0)(const char *, void **, int, unsigned long long, int *) = dlsym(h, "cuGetProcAddress_v2");
            CUresult (*gpa)(const char *, void **, int, unsigned long long, int *) = NULL;
            gpa0("cuGetProcAddress", (void **)&gpa, 13000, 0, NULL);
            gpa("cuLibraryLoadData", (void **)&cu.libload, 13000, 0, NULL);
            gpa("cuLibraryGetKernel", (void **)&cu.libget, 13000, 0, NULL);
            gpa("cuKernelGetFunction", (void **)&cu.kfunc, 13000, 0, NULL);
            gpa("cuLaunchKernel", (void **)&cu.launch, 13000, 2, NULL);      /* per-thread stream */
            gpa("cuLaunchKernelEx", (void **)&cu.launch_ex, 13000, 0, NULL);
            gpa("cuMemAlloc", (void **)&cu.alloc, 13000, 0, NULL);
            gpa("cuMemFree", (void **)&cu.release, 13000, 0, NULL);
            gpa("cuFuncSetAttribute", (void **)&cu.set_attr, 13000, 0, NULL);
            gpa("cuDevicePrimaryCtxRelease", (void **)&cu.ctx_release, 13000, 0, NULL);
        }
    }

    void *sass = NULL, *owner = NULL;
    const char *add_name = getenv("FAKE_ADD_NAME") ? getenv("FAKE_ADD_NAME") : "add";   /* long mangled names */
    if (cu.libload) {
        void *lib, *k1, *k2;
        cu.libload(&lib, image, NULL, NULL, 0, NULL, NULL, 0);
        cu.libget(&k1, lib, add_name);
        cu.libget(&k2, lib, "sass_only");
        cu.kfunc(&add, k1);
        cu.kfunc(&sass, k2);
        owner = lib;
    } else {
        void *mod;
        if (!strcmp(mode, "file")) cuModuleLoad(&mod, argv[2]);
        else cu.load(&mod, image);
        cu.get(&add, mod, add_name);
        cu.get(&sass, mod, "sass_only");
        owner = mod;
    }
    cu.set_attr(add, 8, 65536);
    uint64_t buf = 0;
    cu.alloc(&buf, 4096);
    unsigned long long a = buf, b = 0x2222;
    void *params[] = {&a, &b};

    if (!strcmp(mode, "crash")) {           /* dies with launches already traced */
        cu.launch(add, 2, 1, 1, 64, 1, 1, 0, NULL, params, NULL);
        cu.launch(add, 2, 1, 1, 64, 1, 1, 0, NULL, params, NULL);
        usleep(300000);
        abort();
    }
    if (!strcmp(mode, "reset")) {
        for (int i = 0; i < 4; i++) {
            if (i == 2) cuDevicePrimaryCtxReset_v2(0);
            if (cu.launch(add, 64, 1, 1, 64, 1, 1, 0, NULL, params, NULL) != 0) return 4;
        }
    } else if (!strcmp(mode, "unload")) {
        void *mod, *again;
        if (cu.launch(add, 64, 1, 1, 64, 1, 1, 0, NULL, params, NULL) != 0) return 4;
        cuFuncGetModule(&mod, add);
        cuModuleUnload(mod);
        strcat(image, "\n// another module\n");
        cu.load(&mod, image);
        cu.get(&again, mod, add_name);
        if (again != add) return 8;                  /* the fake reuses the handles */
        if (cu.launch(again, 64, 1, 1, 64, 1, 1, 0, NULL, params, NULL) != 0) return 4;
    } else if (!strcmp(mode, "loop")) {
        for (int i = 0; i < count; i++)
            if (cu.launch(add, 64, 1, 1, 64, 1, 1, 0, NULL, params, NULL) != 0) return 4;
        if (ending == 1) _exit(7);
        if (ending == 3) {                         /* becomes `prog loop IMAGE 3` */
            execl(argv[0], argv[0], "loop", argv[2], "3", (char *)NULL);
            return 9;
        }
        if (ending == 2) {
            usleep(300000);
            raise(SIGKILL);
        }
        int status = 0;
        if (child > 0 && waitpid(child, &status, 0) != child) return 6;
    } else if (!strcmp(mode, "packed")) {
        struct { unsigned long long a, b; } packed = {buf, 0x3333};
        size_t size = sizeof packed, short_size = 8;
        void *extra[] = {(void *)1, &packed, (void *)2, &size, (void *)0};
        void *cut[] = {(void *)1, &packed, (void *)2, &short_size, (void *)0};
        cu.launch(add, 2, 1, 1, 64, 1, 1, 0, NULL, NULL, extra);
        cu.launch(add, 1, 1, 1, 32, 1, 1, 0, NULL, NULL, extra);
        cu.launch(add, 1, 1, 1, 32, 1, 1, 0, NULL, NULL, cut);
    } else if (!strcmp(mode, "devices")) {
        void *ctx[2];
        for (int d = 0; d < 2; d++) cuDevicePrimaryCtxRetain(&ctx[d], d);
        for (int i = 0; i < 4; i++) {
            cuCtxSetCurrent(ctx[i % 2]);
            if (cu.launch(add, i + 1, 1, 1, 64, 1, 1, 0, NULL, params, NULL) != 0) return 4;
        }
        cuCtxSetCurrent(ctx[0]);
    } else if (!strcmp(mode, "graph")) {
        void *graph, *exec;
        cu.launch(add, 2, 1, 1, 64, 1, 1, 0, NULL, params, NULL);
        cuStreamBeginCapture_v2((void *)0xCA97, 0);
        usleep(200000);
        cu.launch(add, 2, 1, 1, 64, 1, 1, 0, (void *)0xCA97, params, NULL);
        void *const *deps = NULL;
        void *captured = NULL;
        size_t ndeps = 0;
        cuStreamGetCaptureInfo_v3((void *)0xCA97, &(int){0}, NULL, &graph, &deps, NULL, &ndeps);
        if (ndeps == 1) captured = deps[0];
        cu.launch(sass, 1, 1, 1, 32, 1, 1, 0, (void *)0xCA97, params, NULL);
        const char *edit = getenv("FAKE_GRAPH_EDIT") ? getenv("FAKE_GRAPH_EDIT") : "";
        if (!strcmp(edit, "break")) {
            uint64_t more = 0;
            cu.alloc(&more, 64);
            if (cuStreamEndCapture((void *)0xCA97, &graph) == 0) return 7;
            printf("capture broken\n");
            cu.release(buf);
            cu.ctx_release(0);
            return 0;
        }
        if (cuStreamEndCapture((void *)0xCA97, &graph) || cuGraphInstantiateWithFlags(&exec, graph, 0)) return 7;
        if (!strcmp(edit, "args") || !strcmp(edit, "params")) {   /* its node lives as long as the graph */
            unsigned long long b2 = 0x4444;
            void *edited[] = {&a, &b2};
            KernelNodeParams p = node_params(add, !strcmp(edit, "params") ? 3 : 2, edited, 0);
            if (cuGraphExecKernelNodeSetParams_v2(exec, captured, &p)) return 7;
        }
        cuGraphDestroy(graph);
        if (!strcmp(edit, "update")) {
            cuStreamBeginCapture_v2((void *)0xCA97, 0);
            cu.launch(add, 1, 1, 1, 64, 1, 1, 0, (void *)0xCA97, params, NULL);
            if (cuStreamEndCapture((void *)0xCA97, &graph) || cuGraphExecUpdate_v2(exec, graph, NULL)) return 7;
            cuGraphDestroy(graph);
        }
        if (!strcmp(edit, "nested")) {             /* the exec launched into a second capture */
            void *outer;
            cuStreamBeginCapture_v2((void *)0xCA97, 0);
            if (cuGraphLaunch(exec, (void *)0xCA97) || cuStreamEndCapture((void *)0xCA97, &graph) ||
                cuGraphInstantiateWithFlags(&outer, graph, 0))
                return 7;
            cuGraphDestroy(graph);
            cuGraphExecDestroy(exec);
            exec = outer;
        }
        for (int i = 0; i < count; i++)
            if (cuGraphLaunch(exec, (void *)0x5) != 0) return 4;
        cuGraphExecDestroy(exec);
    } else if (!strcmp(mode, "built")) {
        unsigned long long b2 = 0x4444;
        void *edited[] = {&a, &b2};
        void *cloned = NULL, *exec = built_graph(add, sass, params, edited, &cloned);
        if (!exec) return 7;
        for (int i = 0; i < count; i++)
            if (cuGraphLaunch(exec, (void *)0x5) != 0 || (cloned && cuGraphLaunch(cloned, (void *)0x6) != 0)) return 4;
        cuGraphExecDestroy(exec);
        if (cloned) cuGraphExecDestroy(cloned);
    } else if (!strcmp(mode, "variables") || !strcmp(mode, "libvariables")) {
        int bad = variables_mode(owner, cu.libload != NULL, params);
        if (bad) return bad;
    } else if (!strcmp(mode, "threads")) {
        pthread_t t[4];
        for (int i = 0; i < 4; i++) pthread_create(&t[i], NULL, worker, NULL);
        for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
    } else {
        cu.launch(add, 2, 1, 1, 64, 1, 1, 0, NULL, params, NULL);
        cu.launch(add, 2, 1, 1, 64, 1, 1, 0, NULL, params, NULL);
        cu.launch(sass, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL);
        cu.launch(add, 2, 1, 1, 64, 1, 1, 0, (void *)0xCA97, params, NULL);
        void *extra[] = {(void *)1, params, (void *)0};
        cu.launch(add, 2, 1, 1, 64, 1, 1, 0, NULL, NULL, extra);
        Config cfg = {3, 1, 1, 32, 1, 1, 0, NULL, NULL, 0};
        cu.launch_ex(&cfg, add, params, NULL);
    }
    cu.release(buf);
    cu.ctx_release(0);
    printf("done\n");
    return 0;
}

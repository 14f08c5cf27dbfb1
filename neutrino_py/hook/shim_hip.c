/* neutrino HIP shim: preloaded into an unmodified HIP program (LD_PRELOAD), it does for
 * libamdhip64 what shim.c does for libcuda, through the same core (shim_core.c): on a kernel's
 * first launch the engine server instruments the GCN code object the kernel came from (or the
 * disk cache has it), the twin runs with the map buffers appended, and the maps come back on a
 * side stream into the trace's procs/<pid>/maps.hip.bin (its own file: CUDA's shim, preloaded beside
 * it, writes maps.bin).
 *
 * AMD execution is untested on hardware: this is verified only against the fake libamdhip64 the
 * tests build (tests/fakes/fake_hip.c).
 *
 * Kernels are named by `__hipRegisterFunction` (host stub -> device name, for hipLaunchKernel;
 * its image is the fat binary `__hipRegisterFatBinary` registered) and `hipModuleGetFunction`
 * (function -> name, for hipModuleLaunchKernel; its image is what hipModuleLoadData loaded).
 * Module variables a twin shares (contracts §6) are found by name in a module
 * (hipModuleGetGlobal), and in a registered fat binary through the host shadow `__hipRegisterVar`
 * named (hipGetSymbolAddress).
 * The device's target (gfx942) is NEUTRINO_HIP_ARCH when set, else the engine takes the image's.
 *
 * How calls reach us (DESIGN §5, as for CUDA): direct calls bind to the exported wrappers below;
 * dlsym() on a dlopen'ed libamdhip64 (hip-python) goes through the core's dlsym(); entry points
 * fetched with hipGetProcAddress are swapped for our wrappers by the core's nt_swap.
 */
#include "shim_core.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int hipError_t;
typedef void *hipModule_t, *hipFunction_t, *hipStream_t;
typedef struct { uint32_t x, y, z; } dim3;

/* hipKernelNodeParams (HIP 6's hip_runtime_api.h). `func` is a host stub (hipLaunchKernel's) or a
 * hipFunction_t: the runtime takes a pointer it has not registered as a function, so a twin (a
 * module function) goes there too. */
typedef struct {
    dim3 blockDim;
    void **extra;
    void *func;
    dim3 gridDim;
    void **kernelParams;
    unsigned sharedMemBytes;
} KernelNodeParams;

/* the intercepted entry points, as libamdhip64 declares them */
NT_API void **__hipRegisterFatBinary(const void *wrapper);
NT_API void __hipRegisterFunction(void **modules, const void *host, char *device_name, const char *device,
                                  unsigned thread_limit, void *tid, void *bid, dim3 *block, dim3 *grid,
                                  int *wg_size);
NT_API void __hipRegisterVar(void **modules, void *var, char *host_var, char *device_var, int ext, size_t size,
                             int constant, int global);
NT_API hipError_t hipModuleLoadData(hipModule_t *module, const void *image);
NT_API hipError_t hipModuleLoad(hipModule_t *module, const char *path);
NT_API hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *name);
NT_API hipError_t hipModuleUnload(hipModule_t module);
NT_API hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned gx, unsigned gy, unsigned gz,
                                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                                        hipStream_t stream, void **params, void **extra);
NT_API hipError_t hipLaunchKernel(const void *host, dim3 grid, dim3 block, void **args, size_t shared,
                                  hipStream_t stream);
NT_API hipError_t hipMalloc(void **ptr, size_t size);
NT_API hipError_t hipFree(void *ptr);
NT_API hipError_t hipDeviceReset(void);
NT_API hipError_t hipGetProcAddress(const char *symbol, void **pfn, int version, uint64_t flags, void *status);
NT_API hipError_t hipStreamEndCapture(hipStream_t stream, void **graph);
NT_API hipError_t hipGraphInstantiate(void **exec, void *graph, void *error_node, char *log, size_t log_size);
NT_API hipError_t hipGraphInstantiateWithFlags(void **exec, void *graph, unsigned long long flags);
NT_API hipError_t hipGraphInstantiateWithParams(void **exec, void *graph, void *params);
NT_API hipError_t hipGraphLaunch(void *exec, hipStream_t stream);
NT_API hipError_t hipGraphClone(void **clone, void *graph);
NT_API hipError_t hipGraphExecDestroy(void *exec);
NT_API hipError_t hipGraphDestroy(void *graph);
NT_API hipError_t hipGraphExecUpdate(void *exec, void *graph, void *error_node, void *result);
NT_API hipError_t hipGraphExecKernelNodeSetParams(void *exec, void *node, const KernelNodeParams *params);
NT_API hipError_t hipGraphAddKernelNode(void **node, void *graph, const void *deps, size_t n, const KernelNodeParams *p);
NT_API hipError_t hipGraphAddNode(void **node, void *graph, const void *deps, size_t n, void *params);
NT_API hipError_t hipGraphAddChildGraphNode(void **node, void *graph, const void *deps, size_t n, void *child);
NT_API hipError_t hipGraphExecChildGraphNodeSetParams(void *exec, void *node, void *child);
NT_API hipError_t hipGraphDestroyNode(void *node);
NT_API hipError_t hipGraphKernelNodeSetParams(void *node, const KernelNodeParams *params);
NT_API hipError_t hipGraphNodeSetParams(void *node, void *params);
NT_API hipError_t hipGraphExecNodeSetParams(void *exec, void *node, void *params);

/* ---- the table ------------------------------------------------------------------------------ */

#define HOOK_LIST(X)                                                                              \
    X(__hipRegisterFatBinary) X(__hipRegisterFunction) X(__hipRegisterVar) X(hipModuleLoadData)   \
    X(hipModuleLoad)                                                                               \
    X(hipModuleUnload)                                                                             \
    X(hipModuleGetFunction) X(hipModuleLaunchKernel) X(hipLaunchKernel) X(hipMalloc) X(hipFree)   \
    X(hipDeviceReset) X(hipGetProcAddress) X(hipStreamEndCapture) X(hipGraphInstantiate)              \
    X(hipGraphInstantiateWithFlags) X(hipGraphInstantiateWithParams) X(hipGraphLaunch) X(hipGraphClone) \
    X(hipGraphExecDestroy) X(hipGraphDestroy) X(hipGraphExecUpdate) X(hipGraphExecKernelNodeSetParams) \
    X(hipGraphAddKernelNode) X(hipGraphAddNode) X(hipGraphAddChildGraphNode) X(hipGraphDestroyNode)   \
    X(hipGraphKernelNodeSetParams) X(hipGraphNodeSetParams) X(hipGraphExecNodeSetParams)             \
    X(hipGraphExecChildGraphNodeSetParams)

#define AS_ENUM(n) H_##n,
enum { HOOK_LIST(AS_ENUM) N_HOOKS };
static struct nt_hook HOOKS[N_HOOKS] = {HOOK_LIST(NT_AS_ROW)};
#define REAL(n) ((__typeof__(&n))nt_real(&HOOKS[H_##n]))
#define SEEN(n) NT_SEEN(HOOKS, H_##n)

static void *libhip(void) {
    static void *handle;
    static const char *const names[] = {"libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5", "libamdhip64.so"};
    const char *chosen = getenv("NEUTRINO_LIBHIP");
    for (size_t i = 0; !handle && i < sizeof names / sizeof *names; i++)
        handle = dlopen(chosen && *chosen ? chosen : names[i], RTLD_LAZY | RTLD_NOLOAD);
    if (!handle) handle = dlopen(chosen && *chosen ? chosen : "libamdhip64.so", RTLD_LAZY | RTLD_GLOBAL);
    return handle;
}

/* ---- images --------------------------------------------------------------------------------- */

#define HIP_WRAPPER_MAGIC 0x48495046u           /* "HIPF": __hipRegisterFatBinary's argument */
static const char BUNDLE[] = "__CLANG_OFFLOAD_BUNDLE__";

/* Bytes of a clang offload bundle (entries: u64 offset, u64 size, u64 id length, id), a
 * compressed one (CCOB v2/v3 carry their total size), or a code object; 0 when not known. */
static size_t image_size(const unsigned char *p) {
    if (memcmp(p, "\x7f" "ELF", 4) == 0) return nt_elf_size(p);
    if (memcmp(p, "CCOB", 4) == 0) {
        uint16_t version;
        memcpy(&version, p + 4, 2);
        uint32_t v2;
        uint64_t v3;
        memcpy(&v2, p + 8, 4);
        memcpy(&v3, p + 8, 8);
        return version == 2 ? v2 : version >= 3 ? v3 : 0;
    }
    if (memcmp(p, BUNDLE, sizeof BUNDLE - 1) != 0) return 0;
    uint64_t count, end, at = sizeof BUNDLE - 1 + 8;
    memcpy(&count, p + sizeof BUNDLE - 1, 8);
    end = at;
    for (uint64_t i = 0; i < count; i++) {
        uint64_t off, size, len;
        memcpy(&off, p + at, 8);
        memcpy(&size, p + at + 8, 8);
        memcpy(&len, p + at + 16, 8);
        at += 24 + len;
        if (off + size > end) end = off + size;
    }
    return at > end ? at : end;
}

static void note_image(void *owner, const void *data) {
    size_t size = data ? image_size(data) : 0;
    if (size) nt_note_image(owner, data, size);
}

/* ---- what the core asks of the runtime ------------------------------------------------------ */

static int device_arch(char *out, size_t n) {
    const char *arch = getenv("NEUTRINO_HIP_ARCH");
    if (!arch || !*arch) return 0;
    snprintf(out, n, "%s", arch);
    return 1;
}

/* The twin is a function of the code object the engine made, loaded as a module of its own. */
static int load_twin(struct nt_func *f, const void *bytes, size_t size) {
    (void)size;
    hipModule_t module = NULL;
    hipFunction_t fn = NULL;
    if (!REAL(hipModuleLoadData) || !REAL(hipModuleGetFunction) || REAL(hipModuleLoadData)(&module, bytes) != 0 ||
        REAL(hipModuleGetFunction)(&fn, module, f->name) != 0)
        return 0;
    f->twin = fn;
    f->twin_owner = module;
    return 1;
}

/* A module variable's address and bytes (hipModuleGetGlobal); 0 where the runtime does not know
 * it there. */
static int global_of(void *module, const char *name, void **p, size_t *n) {
    static void *lookup;
    hipError_t (*get)(void **, size_t *, hipModule_t, const char *) = nt_real_once(&lookup, "hipModuleGetGlobal");
    return module && get && get(p, n, module, name) == 0;
}

/* The variables __hipRegisterVar named: the runtime knows a registered fat binary's variables by
 * their host shadows (hipGetSymbolAddress), not by name. */
struct registered_var { void *modules; const void *shadow; char *name; struct registered_var *next; };
static struct registered_var *registered_vars;
static pthread_mutex_t vars_lock = PTHREAD_MUTEX_INITIALIZER;

/* The program's copy of a variable: in the module hipModuleLoadData gave it, or for a host stub's
 * kernel (owner: the handle __hipRegisterFatBinary returned) through the host shadow the fat
 * binary registered under that name; 0 where there is none. */
static int program_global(const struct nt_func *f, const char *name, void **p, size_t *n) {
    if (!f->stable) return global_of(f->owner, name, p, n);
    const void *shadow = NULL;
    pthread_mutex_lock(&vars_lock);
    for (struct registered_var *v = registered_vars; v && !shadow; v = v->next)
        if (v->modules == f->owner && strcmp(v->name, name) == 0) shadow = v->shadow;
    pthread_mutex_unlock(&vars_lock);
    static void *lookups[2];
    hipError_t (*address)(void **, const void *) = nt_real_once(&lookups[0], "hipGetSymbolAddress");
    hipError_t (*size)(size_t *, const void *) = nt_real_once(&lookups[1], "hipGetSymbolSize");
    return shadow && address && size && address(p, shadow) == 0 && size(n, shadow) == 0;
}

/* The twin's copies of the module variables it reaches given the program's values (back 0), or
 * the writable ones handed back (back 1), on the launch's stream, in order with it (contracts §6).
 * A variable found on one side only (a name the linker dropped or kept local, one the fat binary
 * did not register) is left as it is, as CUDA's. */
static int share_variables(const struct nt_func *f, void *stream, int back) {
    hipError_t (*copy)(void *, void *, size_t, hipStream_t) = nt_call(NT_dtod_async);
    for (int i = 0; copy && i < f->nvars; i++) {
        void *twin = NULL, *program = NULL;
        size_t n = 0, m = 0;
        if ((back && !f->vars[i].writable) || !global_of(f->twin_owner, f->vars[i].name, &twin, &n)
            || !program_global(f, f->vars[i].name, &program, &m))
            continue;
        if (n != m || !nt_checked(back ? copy(program, twin, n, stream) : copy(twin, program, n, stream)))
            return 0;
    }
    return copy != NULL;
}

enum { FORM_MODULE, FORM_HOST };

/* The original through the API the program used; a twin is a module function, so it always goes
 * through hipModuleLaunchKernel. */
static int call_real(const struct nt_launch *l, void *fn, void **params) {
    if (l->form == FORM_HOST && fn == l->f) {
        if (!REAL(hipLaunchKernel)) return 999;
        return REAL(hipLaunchKernel)(fn, (dim3){l->grid[0], l->grid[1], l->grid[2]},
                                     (dim3){l->block[0], l->block[1], l->block[2]}, params, l->shm, l->stream);
    }
    if (!REAL(hipModuleLaunchKernel)) return 999;
    return REAL(hipModuleLaunchKernel)(fn, l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1],
                                       l->block[2], l->shm, l->stream, params, fn == l->f ? l->extra : NULL);
}

/* A kernel node's parameters as a launch, and with `fn` and `params` in the kernel's place. */
static void node_read(const void *p, int v1, struct nt_launch *l) {
    const KernelNodeParams *k = p;
    (void)v1;
    l->f = k->func;
    l->grid[0] = k->gridDim.x, l->grid[1] = k->gridDim.y, l->grid[2] = k->gridDim.z;
    l->block[0] = k->blockDim.x, l->block[1] = k->blockDim.y, l->block[2] = k->blockDim.z;
    l->shm = k->sharedMemBytes;
    l->params = k->kernelParams;
    l->extra = k->extra;
}

static void node_write(void *out, const void *p, int v1, void *fn, void **params, void **extra) {
    KernelNodeParams *k = out;
    (void)v1;
    *k = *(const KernelNodeParams *)p;
    k->func = fn;
    k->kernelParams = params;
    k->extra = extra;
}

const struct nt_runtime nt_rt = {
    .tag = "neutrino-hip", .api = "runtime", .code = "code object", .data_name = NT_TRACE_DATA_HIP,
    .calls = {"hipCtxGetCurrent", "hipCtxSetCurrent", "hipGetDevice", "hipEventCreateWithFlags",
              "hipEventRecord", "hipEventSynchronize", "hipEventElapsedTime", "hipEventDestroy",
              "hipStreamCreateWithFlags", "hipStreamSynchronize", "hipStreamWaitEvent",
              "hipStreamIsCapturing", "hipHostMalloc", "hipHostFree", "hipMemsetD8Async",
              "hipMemcpyDtoHAsync", "hipMallocAsync", "hipFreeAsync", "hipMalloc", "hipFree",
              "hipMemcpyDtoDAsync", "hipStreamGetCaptureInfo_v2", "hipThreadExchangeStreamCaptureMode",
              "hipGraphNodeFindInClone", "hipGraphChildGraphNodeGetGraph", "hipGraphKernelNodeGetParams"},
    .hooks = HOOKS, .nhooks = N_HOOKS, .prefixes = {"hip", "__hip"}, .library = libhip, .cache_prefix = "", .arch = device_arch,
    .load_twin = load_twin, .launch = call_real, .variables = share_variables,
    .extra_end = (void *)3 /* HIP_LAUNCH_PARAM_END */,
    .graphs = 1, .node_read = node_read, .node_write = node_write};   /* HIP has no conditional nodes */

/* ---- intercepted entry points --------------------------------------------------------------- */

void **__hipRegisterFatBinary(const void *wrapper) {
    SEEN(__hipRegisterFatBinary);
    void **handle = REAL(__hipRegisterFatBinary) ? REAL(__hipRegisterFatBinary)(wrapper) : NULL;
    const struct { uint32_t magic, version; const void *binary; void *unused; } *w = wrapper;
    if (handle && w && w->magic == HIP_WRAPPER_MAGIC) note_image(handle, w->binary);
    return handle;
}

void __hipRegisterFunction(void **modules, const void *host, char *device_name, const char *device,
                           unsigned thread_limit, void *tid, void *bid, dim3 *block, dim3 *grid,
                           int *wg_size) {
    SEEN(__hipRegisterFunction);
    nt_note_func((void *)host, modules, device_name, 1);
    if (REAL(__hipRegisterFunction))
        REAL(__hipRegisterFunction)(modules, host, device_name, device, thread_limit, tid, bid, block, grid, wg_size);
}

void __hipRegisterVar(void **modules, void *var, char *host_var, char *device_var, int ext, size_t size,
                      int constant, int global) {
    SEEN(__hipRegisterVar);
    struct registered_var *v = device_var ? calloc(1, sizeof *v) : NULL;
    if (v && (v->name = strdup(device_var))) {
        v->modules = modules;
        v->shadow = var;
        pthread_mutex_lock(&vars_lock);
        v->next = registered_vars;
        registered_vars = v;
        pthread_mutex_unlock(&vars_lock);
    } else {
        free(v);
    }
    if (REAL(__hipRegisterVar))
        REAL(__hipRegisterVar)(modules, var, host_var, device_var, ext, size, constant, global);
}

hipError_t hipModuleLoadData(hipModule_t *module, const void *image) {
    SEEN(hipModuleLoadData);
    hipError_t r = REAL(hipModuleLoadData) ? REAL(hipModuleLoadData)(module, image) : 999;
    if (r == 0) note_image(*module, image);
    return r;
}

hipError_t hipModuleLoad(hipModule_t *module, const char *path) {
    SEEN(hipModuleLoad);
    hipError_t r = REAL(hipModuleLoad) ? REAL(hipModuleLoad)(module, path) : 999;
    if (r == 0) nt_note_file_image(*module, path);
    return r;
}

hipError_t hipModuleUnload(hipModule_t module) {
    SEEN(hipModuleUnload);
    hipError_t r = REAL(hipModuleUnload) ? REAL(hipModuleUnload)(module) : 999;
    if (r == 0) nt_forget_owner(module);
    return r;
}

hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *name) {
    SEEN(hipModuleGetFunction);
    hipError_t r = REAL(hipModuleGetFunction) ? REAL(hipModuleGetFunction)(function, module, name) : 999;
    if (r == 0) nt_note_func(*function, module, name, 0);
    return r;
}

hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned gx, unsigned gy, unsigned gz,
                                 unsigned bx, unsigned by, unsigned bz, unsigned shared,
                                 hipStream_t stream, void **params, void **extra) {
    SEEN(hipModuleLaunchKernel);
    struct nt_launch l = {FORM_MODULE, H_hipModuleLaunchKernel, f, {gx, gy, gz}, {bx, by, bz}, shared,
                          stream, params, extra, NULL};
    return nt_launch(&l);
}

hipError_t hipLaunchKernel(const void *host, dim3 grid, dim3 block, void **args, size_t shared,
                           hipStream_t stream) {
    SEEN(hipLaunchKernel);
    struct nt_launch l = {FORM_HOST, H_hipLaunchKernel, (void *)host, {grid.x, grid.y, grid.z},
                          {block.x, block.y, block.z}, (unsigned)shared, stream, args, NULL, NULL};
    return nt_launch(&l);
}

hipError_t hipMalloc(void **ptr, size_t size) {
    SEEN(hipMalloc);
    hipError_t r = REAL(hipMalloc) ? REAL(hipMalloc)(ptr, size) : 999;
    if (r == 0) nt_note_alloc("alloc", (unsigned long long)(uintptr_t)*ptr, size);
    return r;
}

hipError_t hipFree(void *ptr) {
    SEEN(hipFree);
    hipError_t r = REAL(hipFree) ? REAL(hipFree)(ptr) : 999;
    if (r == 0) nt_note_alloc("free", (unsigned long long)(uintptr_t)ptr, 0);
    return r;
}

hipError_t hipDeviceReset(void) {
    SEEN(hipDeviceReset);
    nt_drain();
    hipError_t r = REAL(hipDeviceReset) ? REAL(hipDeviceReset)() : 999;
    if (r == 0) nt_context_gone(NULL, -1);              /* the current device's */
    return r;
}

#define HIP_PER_THREAD_DEFAULT_STREAM 2u     /* hipEnablePerThreadDefaultStream */

/* The per-thread-default-stream variants (hip*_spt) are not in the table: handed out untouched. */
hipError_t hipGetProcAddress(const char *symbol, void **pfn, int version, uint64_t flags, void *status) {
    SEEN(hipGetProcAddress);
    hipError_t r = REAL(hipGetProcAddress) ? REAL(hipGetProcAddress)(symbol, pfn, version, flags, status) : 999;
    if (r == 0 && pfn && *pfn && !(flags & HIP_PER_THREAD_DEFAULT_STREAM)) *pfn = nt_swap(symbol, *pfn, "");
    return r;
}

/* ---- graphs: a twin captured into a graph records at every replay (shim_core) ----------------- */

hipError_t hipStreamEndCapture(hipStream_t stream, void **graph) {
    SEEN(hipStreamEndCapture);
    if (!REAL(hipStreamEndCapture)) return 999;
    return nt_graph_end_capture(stream, graph, (int (*)(void *, void **))REAL(hipStreamEndCapture));
}

hipError_t hipGraphInstantiate(void **exec, void *graph, void *error_node, char *log, size_t log_size) {
    SEEN(hipGraphInstantiate);
    hipError_t r = REAL(hipGraphInstantiate) ? REAL(hipGraphInstantiate)(exec, graph, error_node, log, log_size) : 999;
    if (r == 0 && exec) nt_graph_instantiated(*exec, graph);
    return r;
}

hipError_t hipGraphInstantiateWithFlags(void **exec, void *graph, unsigned long long flags) {
    SEEN(hipGraphInstantiateWithFlags);
    hipError_t r = REAL(hipGraphInstantiateWithFlags) ? REAL(hipGraphInstantiateWithFlags)(exec, graph, flags) : 999;
    if (r == 0 && exec) nt_graph_instantiated(*exec, graph);
    return r;
}

hipError_t hipGraphInstantiateWithParams(void **exec, void *graph, void *params) {
    SEEN(hipGraphInstantiateWithParams);
    hipError_t r = REAL(hipGraphInstantiateWithParams) ? REAL(hipGraphInstantiateWithParams)(exec, graph, params) : 999;
    if (r == 0 && exec) nt_graph_instantiated(*exec, graph);
    return r;
}

hipError_t hipGraphLaunch(void *exec, hipStream_t stream) {
    SEEN(hipGraphLaunch);
    if (!REAL(hipGraphLaunch)) return 999;
    return nt_graph_launch(exec, stream, (int (*)(void *, void *))REAL(hipGraphLaunch));
}

hipError_t hipGraphClone(void **clone, void *graph) {
    SEEN(hipGraphClone);
    hipError_t r = REAL(hipGraphClone) ? REAL(hipGraphClone)(clone, graph) : 999;
    if (r == 0 && clone) nt_graph_cloned(*clone, graph);
    return r;
}

hipError_t hipGraphExecDestroy(void *exec) {
    SEEN(hipGraphExecDestroy);
    hipError_t r = REAL(hipGraphExecDestroy) ? REAL(hipGraphExecDestroy)(exec) : 999;
    if (r == 0) nt_graph_gone(exec);
    return r;
}

hipError_t hipGraphDestroy(void *graph) {
    SEEN(hipGraphDestroy);
    hipError_t r = REAL(hipGraphDestroy) ? REAL(hipGraphDestroy)(graph) : 999;
    if (r == 0) nt_graph_gone(graph);
    return r;
}

hipError_t hipGraphExecUpdate(void *exec, void *graph, void *error_node, void *result) {
    SEEN(hipGraphExecUpdate);
    hipError_t r = REAL(hipGraphExecUpdate) ? REAL(hipGraphExecUpdate)(exec, graph, error_node, result) : 999;
    if (r == 0) nt_graph_updated(exec, graph);
    return r;
}

/* Graphs built node by node: the core adds the twin in the kernel's place, or edits a twin's node
 * (node_read, node_write), as for CUDA. */

hipError_t hipGraphAddKernelNode(void **node, void *graph, const void *deps, size_t n, const KernelNodeParams *p) {
    SEEN(hipGraphAddKernelNode);
    struct nt_node_call c = {.id = H_hipGraphAddKernelNode, .shape = NT_NODE_ADD, .node = node, .graph = graph,
                             .deps = deps, .ndeps = n, .params = p};
    return nt_graph_kernel_node(&c);
}

hipError_t hipGraphAddNode(void **node, void *graph, const void *deps, size_t n, void *params) {
    SEEN(hipGraphAddNode);
    struct nt_node_call c = {.id = H_hipGraphAddNode, .shape = NT_NODE_ADD, .node = node, .graph = graph,
                             .deps = deps, .ndeps = n, .params = params};
    return nt_graph_any_node(&c);
}

hipError_t hipGraphAddChildGraphNode(void **node, void *graph, const void *deps, size_t n, void *child) {
    SEEN(hipGraphAddChildGraphNode);
    hipError_t r = REAL(hipGraphAddChildGraphNode) ? REAL(hipGraphAddChildGraphNode)(node, graph, deps, n, child) : 999;
    if (r == 0) nt_graph_child(graph, node ? *node : NULL, child);
    return r;
}

hipError_t hipGraphExecChildGraphNodeSetParams(void *exec, void *node, void *child) {
    SEEN(hipGraphExecChildGraphNodeSetParams);
    hipError_t r = REAL(hipGraphExecChildGraphNodeSetParams)
        ? REAL(hipGraphExecChildGraphNodeSetParams)(exec, node, child) : 999;
    if (r == 0) nt_graph_exec_child(exec);
    return r;
}

hipError_t hipGraphDestroyNode(void *node) {
    SEEN(hipGraphDestroyNode);
    return REAL(hipGraphDestroyNode) ? nt_graph_destroy_node(node, REAL(hipGraphDestroyNode)) : 999;
}

hipError_t hipGraphKernelNodeSetParams(void *node, const KernelNodeParams *params) {
    SEEN(hipGraphKernelNodeSetParams);
    struct nt_node_call c = {.id = H_hipGraphKernelNodeSetParams, .shape = NT_NODE_SET, .node = &node, .params = params};
    return nt_graph_kernel_node(&c);
}

hipError_t hipGraphExecKernelNodeSetParams(void *exec, void *node, const KernelNodeParams *params) {
    SEEN(hipGraphExecKernelNodeSetParams);
    struct nt_node_call c = {.id = H_hipGraphExecKernelNodeSetParams, .shape = NT_NODE_EXEC_SET, .node = &node,
                             .exec = exec, .params = params};
    return nt_graph_kernel_node(&c);
}

hipError_t hipGraphNodeSetParams(void *node, void *params) {
    SEEN(hipGraphNodeSetParams);
    struct nt_node_call c = {.id = H_hipGraphNodeSetParams, .shape = NT_NODE_SET, .node = &node, .params = params};
    return nt_graph_any_node(&c);
}

hipError_t hipGraphExecNodeSetParams(void *exec, void *node, void *params) {
    SEEN(hipGraphExecNodeSetParams);
    struct nt_node_call c = {.id = H_hipGraphExecNodeSetParams, .shape = NT_NODE_EXEC_SET, .node = &node,
                             .exec = exec, .params = params};
    return nt_graph_any_node(&c);
}

/* neutrino CUDA shim: preloaded into an unmodified CUDA program (LD_PRELOAD), it swaps each kernel
 * for its instrumented twin on first launch; the shared core (shim_core.c) asks the engine server,
 * sizes and appends the map buffers and copies them back on a side stream.
 *
 * How calls reach us (DESIGN §5): direct calls (CuPy) bind to the exported wrappers below;
 * dlsym() on a dlopen'ed libcuda (CUDA 13 runtime, Triton) goes through the core's dlsym(); the
 * runtime's ~440 lookups go through cuGetProcAddress, whose answer the core swaps for our wrapper. One table,
 * HOOKS, names every intercepted entry point; everything else is forwarded untouched, except
 * nvJitLink's few entry points that link PTX (redirect()).
 */
#include "shim_core.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext, *CUmodule, *CUfunction, *CUlibrary, *CUkernel, *CUstream, *CUevent, *CUgraph;
typedef unsigned long long CUdeviceptr;
typedef struct {
    unsigned gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes;
    CUstream hStream;
    void *attrs;
    unsigned numAttrs;
} CUlaunchConfig;

/* A kernel node's parameters: CUDA_KERNEL_NODE_PARAMS (v1) ends at `kern`; _v2 and _v3 add the
 * CUkernel launched when func is NULL, and its context. */
typedef struct {
    CUfunction func;
    unsigned gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes;
    void **kernelParams, **extra;
    CUkernel kern;
    CUcontext ctx;
} KernelNodeParams;
#define KERNEL_NODE_PARAMS_V1 offsetof(KernelNodeParams, kern)
#define CU_GRAPH_NODE_TYPE_CONDITIONAL 13   /* CUgraphNodeParams' type: the core follows its bodies */

#define CU_DEVICE_ATTRIBUTE_CC_MAJOR 75
#define CU_DEVICE_ATTRIBUTE_CC_MINOR 76

/* ---- the table ------------------------------------------------------------------------------ */

#define HOOK_LIST(X)                                                                              \
    X(cuGetProcAddress) X(cuGetProcAddress_v2)                                                    \
    X(cuModuleLoadData) X(cuModuleLoadDataEx) X(cuModuleLoadFatBinary) X(cuModuleGetFunction)      \
    X(cuModuleLoad) X(cuLibraryLoadFromFile)                                                       \
    X(cuLibraryLoadData) X(cuLibraryGetKernel) X(cuKernelGetFunction) X(cuLibraryGetModule)         \
    X(cuModuleUnload) X(cuLibraryUnload)                                                           \
    X(cuLaunchKernel) X(cuLaunchKernel_ptsz) X(cuLaunchKernelEx) X(cuLaunchKernelEx_ptsz)          \
    X(cuLaunchCooperativeKernel) X(cuLaunchCooperativeKernel_ptsz)                                 \
    X(cuFuncSetAttribute) X(cuKernelSetAttribute)                                                  \
    X(cuMemAlloc) X(cuMemAlloc_v2) X(cuMemAllocManaged) X(cuMemAllocPitch_v2)                      \
    X(cuMemAllocAsync) X(cuMemAllocAsync_ptsz) X(cuMemFree) X(cuMemFree_v2)                        \
    X(cuMemFreeAsync) X(cuMemFreeAsync_ptsz)                                                       \
    X(cuCtxDestroy) X(cuCtxDestroy_v2) X(cuDevicePrimaryCtxRelease)                                \
    X(cuDevicePrimaryCtxRelease_v2) X(cuDevicePrimaryCtxReset) X(cuDevicePrimaryCtxReset_v2)       \
    X(cuLinkAddData) X(cuLinkAddData_v2) X(cuLinkAddFile) X(cuLinkAddFile_v2) X(cuLinkComplete)    \
    X(cuLinkDestroy)                                                                               \
    X(cuStreamEndCapture) X(cuStreamEndCapture_ptsz) X(cuGraphInstantiate) X(cuGraphInstantiate_v2) \
    X(cuGraphInstantiateWithFlags) X(cuGraphInstantiateWithParams)                                 \
    X(cuGraphInstantiateWithParams_ptsz) X(cuGraphLaunch) X(cuGraphLaunch_ptsz) X(cuGraphClone)     \
    X(cuGraphExecDestroy) X(cuGraphDestroy) X(cuGraphExecUpdate) X(cuGraphExecUpdate_v2)           \
    X(cuGraphExecKernelNodeSetParams) X(cuGraphExecKernelNodeSetParams_v2) X(cuGraphExecNodeSetParams) \
    X(cuGraphAddKernelNode) X(cuGraphAddKernelNode_v2) X(cuGraphAddNode) X(cuGraphAddNode_v2)        \
    X(cuGraphKernelNodeSetParams) X(cuGraphKernelNodeSetParams_v2) X(cuGraphNodeSetParams)         \
    X(cuGraphAddChildGraphNode) X(cuGraphExecChildGraphNodeSetParams) X(cuGraphDestroyNode)

#define AS_ENUM(n) H_##n,
enum { HOOK_LIST(AS_ENUM) N_HOOKS };
#define AS_DECL(n) NT_API CUresult n();
HOOK_LIST(AS_DECL)
static struct nt_hook HOOKS[N_HOOKS] = {HOOK_LIST(NT_AS_ROW)};
#define SEEN(id) NT_SEEN(HOOKS, id)
#define real(id) nt_real(&HOOKS[id])

/* ---- resolving the real driver -------------------------------------------------------------- */

static void *libcuda_handle;

static void *libcuda(void) {
    if (!libcuda_handle) {
        const char *name = getenv("NEUTRINO_LIBCUDA");
        if (!name || !*name) name = "libcuda.so.1";
        void *h = dlopen(name, RTLD_LAZY | RTLD_NOLOAD);
        libcuda_handle = h ? h : dlopen(name, RTLD_LAZY | RTLD_GLOBAL);
    }
    return libcuda_handle;
}

/* ---- images --------------------------------------------------------------------------------- */

/* Bytes of the image at p: fatbin wrapper/header, ELF (section headers end it), or PTX text. */
static size_t image_size(const unsigned char **pp) {
    const unsigned char *p = *pp;
    uint32_t magic;
    memcpy(&magic, p, 4);
    if (magic == 0x466243b1u) {           /* wrapper: {magic, version, const void *data, ...} */
        memcpy(pp, p + 8, sizeof(void *));
        p = *pp;
        memcpy(&magic, p, 4);
    }
    if (magic == 0xBA55ED50u) {
        uint16_t hs;
        uint64_t body;
        memcpy(&hs, p + 6, 2);
        memcpy(&body, p + 8, 8);
        return hs + body;
    }
    if (memcmp(p, "\x7f" "ELF", 4) == 0) return nt_elf_size(p);
    return strlen((const char *)p) + 1;
}

static void note_image(void *owner, const void *data) {
    const unsigned char *p = data;
    if (owner && p) nt_note_image(owner, p, image_size(&p));
}

/* ---- what the core asks of the driver ------------------------------------------------------- */

static int device_arch(char *out, size_t n) {
    CUdevice dev = 0;
    int major = 0, minor = 0;
    if (!nt_checked(((CUresult (*)(CUdevice *))nt_call(NT_ctx_device))(&dev))) return 0;
    CUresult (*attr)(int *, int, CUdevice) = nt_real_dlsym(libcuda(), "cuDeviceGetAttribute");
    if (!attr || !nt_checked(attr(&major, CU_DEVICE_ATTRIBUTE_CC_MAJOR, dev)) ||
        !nt_checked(attr(&minor, CU_DEVICE_ATTRIBUTE_CC_MINOR, dev)))
        return 0;
    snprintf(out, n, "%d", major * 10 + minor);
    return 1;
}

/* The twin is a CUkernel (context-independent), loaded from the cubin the engine made. */
static int load_twin(struct nt_func *f, const void *bytes, size_t size) {
    (void)size;
    CUlibrary lib = NULL;
    CUkernel k = NULL;
    CUresult (*load)(CUlibrary *, const void *, void *, void *, unsigned, void *, void *, unsigned) =
        real(H_cuLibraryLoadData);
    CUresult (*get)(CUkernel *, CUlibrary, const char *) = real(H_cuLibraryGetKernel);
    if (!load || !get || load(&lib, bytes, NULL, NULL, 0, NULL, NULL, 0) != 0 || get(&k, lib, f->name) != 0)
        return 0;
    f->twin = k;
    f->twin_owner = lib;
    return 1;
}

/* A variable's address and bytes in the current context: of a library (`library`: a kernel found
 * with cuLibraryGetKernel, and every twin) or a module. 0 where the driver does not know it. */
static int global_of(void *owner, int library, const char *name, CUdeviceptr *p, size_t *n) {
    static void *getters[2];              /* a module's, a library's */
    CUresult (*get)(CUdeviceptr *, size_t *, void *, const char *) = library
        ? nt_real_once(&getters[1], "cuLibraryGetGlobal") : nt_real_once(&getters[0], "cuModuleGetGlobal_v2");
    return owner && get && get(p, n, owner, name) == 0;
}

/* The twin's copies of the module variables it reaches given the program's values (back 0), or
 * the writable ones handed back (back 1), on the launch's stream, in order with it. A variable the
 * driver finds on one side only (a name the linker dropped) is left as it is. */
static int share_variables(const struct nt_func *f, void *stream, int back) {
    CUresult (*copy)(CUdeviceptr, CUdeviceptr, size_t, CUstream) = nt_call(NT_dtod_async);
    for (int i = 0; copy && i < f->nvars; i++) {
        CUdeviceptr twin = 0, program = 0;
        size_t n = 0, m = 0;
        if ((back && !f->vars[i].writable) || !global_of(f->twin_owner, 1, f->vars[i].name, &twin, &n)
            || !global_of(f->owner, f->stable, f->vars[i].name, &program, &m))
            continue;
        if (n != m || !nt_checked(back ? copy(program, twin, n, stream) : copy(twin, program, n, stream)))
            return 0;
    }
    return copy != NULL;
}

/* A kernel's attributes (dynamic shared memory, cache preference) are set per device, so the
 * twin gets them on every device it runs on (caller holds the instrument lock). */
static int set_attributes(struct nt_func *f, int dev) {
    CUresult (*set)(int, int, CUkernel, CUdevice) = real(H_cuKernelSetAttribute);
    int ok = 1;
    for (int i = 0; ok && set && i < f->nattrs; i++) ok = nt_checked(set(f->attrs[i][0], f->attrs[i][1], f->twin, dev));
    return ok;
}

/* A function loaded before us or by a path we do not see: its name and module from the driver. */
static void identify(void *handle, const char **name, void **owner) {
    CUresult (*get_name)(const char **, CUfunction) = nt_real_dlsym(libcuda(), "cuFuncGetName");
    CUresult (*get_module)(CUmodule *, CUfunction) = nt_real_dlsym(libcuda(), "cuFuncGetModule");
    if (!get_name || get_name(name, handle) != 0) *name = NULL;
    if (!get_module || get_module(owner, handle) != 0) *owner = NULL;
}

enum { FORM_PLAIN, FORM_EX, FORM_COOP };

/* A kernel node's parameters as a launch: v2 and later give a CUkernel in `kern` when func is NULL. */
static void node_read(const void *p, int v1, struct nt_launch *l) {
    const KernelNodeParams *k = p;
    l->f = k->func || v1 ? k->func : k->kern;
    l->grid[0] = k->gridDimX, l->grid[1] = k->gridDimY, l->grid[2] = k->gridDimZ;
    l->block[0] = k->blockDimX, l->block[1] = k->blockDimY, l->block[2] = k->blockDimZ;
    l->shm = k->sharedMemBytes;
    l->params = k->kernelParams;
    l->extra = k->extra;
}

/* The program's kernel node parameters with the twin `fn` and `params` in their place. */
static void node_write(void *to, const void *from, int v1, void *fn, void **params, void **extra) {
    KernelNodeParams *out = to;
    const KernelNodeParams *in = from;
    memset(out, 0, sizeof *out);
    memcpy(out, in, v1 ? KERNEL_NODE_PARAMS_V1 : sizeof *out);
    if (v1) {
        out->func = fn;
    } else {                               /* the twin is a CUkernel: it goes where kernels go */
        out->ctx = in->func ? NULL : in->ctx;
        out->func = NULL;
        out->kern = fn;
    }
    out->kernelParams = params;
    out->extra = extra;
}

static CUresult call_real(const struct nt_launch *l, void *fn, void **params) {
    void *p = real(l->id);
    if (!p) return 999;
    if (l->form == FORM_EX) {
        CUlaunchConfig cfg = *(const CUlaunchConfig *)l->config;
        return ((CUresult (*)(const CUlaunchConfig *, CUfunction, void **, void **))p)(&cfg, fn, params, l->extra);
    }
    if (l->form == FORM_COOP)
        return ((CUresult (*)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                              unsigned, CUstream, void **))p)(fn, l->grid[0], l->grid[1], l->grid[2],
                              l->block[0], l->block[1], l->block[2], l->shm, l->stream, params);
    return ((CUresult (*)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                          unsigned, CUstream, void **, void **))p)(fn, l->grid[0], l->grid[1], l->grid[2],
                          l->block[0], l->block[1], l->block[2], l->shm, l->stream, params, l->extra);
}

/* ---- run-time linking: the core keeps the PTX of a link of one PTX module ---------------------- */

#define CU_JIT_INPUT_PTX 1
#define NVJITLINK_INPUT_PTX 2
#define NVJITLINK_INPUT_ANY 10
#define NVJITLINK_PTX(type) ((type) == NVJITLINK_INPUT_PTX ? 1 : (type) == NVJITLINK_INPUT_ANY ? -1 : 0)

/* An input read from a file: its bytes when it is (or may be) PTX. */
static void link_file(void *state, int is_ptx, const char *path) {
    size_t n = 0;
    char *bytes = is_ptx ? nt_read_file(path, &n) : NULL;
    nt_link_input(state, bytes ? is_ptx : 0, bytes, n);
    free(bytes);
}

#define LINK_ADD_DATA(name)                                                                       \
    CUresult name(void *st, int type, void *data, size_t size, const char *what, unsigned n, void *o, void **v) { \
        SEEN(H_##name);                                                                           \
        CUresult (*fn)(void *, int, void *, size_t, const char *, unsigned, void *, void **) = real(H_##name); \
        CUresult r = fn ? fn(st, type, data, size, what, n, o, v) : 999;                          \
        if (r == 0) nt_link_input(st, type == CU_JIT_INPUT_PTX, data, size);                      \
        return r;                                                                                 \
    }
LINK_ADD_DATA(cuLinkAddData)
LINK_ADD_DATA(cuLinkAddData_v2)

#define LINK_ADD_FILE(name)                                                                       \
    CUresult name(void *st, int type, const char *path, unsigned n, void *o, void **v) {           \
        SEEN(H_##name);                                                                           \
        CUresult (*fn)(void *, int, const char *, unsigned, void *, void **) = real(H_##name);    \
        CUresult r = fn ? fn(st, type, path, n, o, v) : 999;                                      \
        if (r == 0) link_file(st, type == CU_JIT_INPUT_PTX, path);                                \
        return r;                                                                                 \
    }
LINK_ADD_FILE(cuLinkAddFile)
LINK_ADD_FILE(cuLinkAddFile_v2)

CUresult cuLinkComplete(void *st, void **out, size_t *size) {
    SEEN(H_cuLinkComplete);
    CUresult (*fn)(void *, void **, size_t *) = real(H_cuLinkComplete);
    CUresult r = fn ? fn(st, out, size) : 999;
    if (r == 0 && out && *out) nt_link_output(st, *out, size ? *size : 0);
    return r;
}

CUresult cuLinkDestroy(void *st) {
    SEEN(H_cuLinkDestroy);
    CUresult (*fn)(void *) = real(H_cuLinkDestroy);
    nt_link_end(st);
    return fn ? fn(st) : 999;
}

/* nvJitLink (a library of its own, found by dlsym) names its entry points with their version,
 * __nvJitLinkAddData_13_0: one wrapper per function serves the version the program asks for. */
enum { JL_CREATE, JL_ADD_DATA, JL_ADD_FILE, JL_CUBIN, JL_DESTROY, JL_N };
static const char *const JL_NAMES[JL_N] = {"Create", "AddData", "AddFile", "GetLinkedCubin", "Destroy"};
static void *jl_real[JL_N];
static char jl_name[2][32];           /* how the program named Create: prefix and version suffix */

#define NVJITLINK_INPUT_LTOIR 3
#define LTO_INPUTS 16

/* numba-cuda links LTO-IR wherever it finds nvJitLink, so its cubin comes from no PTX at all:
 * the shim links the same inputs once more with -ptx (numba's own inspect_lto_ptx does the
 * same) and the core keeps that PTX as the cubin's source. */
struct lto {
    void *h;
    char **opts;
    int nopts, ninputs, unusable;
    struct { int type; void *data; size_t size; } in[LTO_INPUTS];
    struct lto *next;
};
static struct lto *ltos;
static pthread_mutex_t lto_lock = PTHREAD_MUTEX_INITIALIZER;

static struct lto *take_lto(void *h) {
    struct lto *found = NULL;
    pthread_mutex_lock(&lto_lock);
    for (struct lto **at = &ltos; *at; at = &(*at)->next)
        if ((*at)->h == h) {
            found = *at;
            *at = found->next;
            break;
        }
    pthread_mutex_unlock(&lto_lock);
    return found;
}

static void put_lto(struct lto *l) {
    pthread_mutex_lock(&lto_lock);
    l->next = ltos;
    ltos = l;
    pthread_mutex_unlock(&lto_lock);
}

static void free_lto(struct lto *l) {
    if (!l) return;
    for (int i = 0; i < l->nopts; i++) free(l->opts[i]);
    for (int i = 0; i < l->ninputs; i++) free(l->in[i].data);
    free(l->opts);
    free(l);
}

/* An input kept for the -ptx link: PTX and LTO-IR only; anything else makes the link unusable. */
static void lto_input(void *h, int type, const void *data, size_t size) {
    struct lto *l = take_lto(h);
    if (!l) return;
    if ((type != NVJITLINK_INPUT_PTX && type != NVJITLINK_INPUT_LTOIR) || !data || l->ninputs == LTO_INPUTS) {
        l->unusable = 1;
    } else {
        void *copy = malloc(size);
        if (copy) memcpy(copy, data, size);
        l->in[l->ninputs].type = type;
        l->in[l->ninputs].data = copy;
        l->in[l->ninputs++].size = size;
        l->unusable |= copy == NULL;
    }
    put_lto(l);
}

static void *jl_fn(const char *what) {
    Dl_info info;
    char name[160];
    void *lib = dladdr(jl_real[JL_CREATE], &info) ? dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD) : NULL;
    snprintf(name, sizeof name, "%snvJitLink%s%s", jl_name[0], what, jl_name[1]);
    void *p = lib ? nt_real_dlsym(lib, name) : NULL;
    if (lib) dlclose(lib);
    return p;
}

/* The PTX the LTO link `l` makes with -ptx (caller frees), or NULL. */
static char *lto_ptx(const struct lto *l) {
    int (*create)(void **, uint32_t, const char **) = jl_real[JL_CREATE];
    int (*add)(void *, int, const void *, size_t, const char *) = jl_real[JL_ADD_DATA];
    int (*destroy)(void **) = jl_real[JL_DESTROY];
    int (*complete)(void *) = jl_fn("Complete");
    int (*size_of)(void *, size_t *) = jl_fn("GetLinkedPtxSize");
    int (*get)(void *, char *) = jl_fn("GetLinkedPtx");
    if (!create || !add || !destroy || !complete || !size_of || !get) return NULL;
    const char **opts = calloc(l->nopts + 2, sizeof *opts);
    if (!opts) return NULL;
    int n = 0, lto = 0;
    for (int i = 0; i < l->nopts; i++) {
        lto |= strcmp(l->opts[i], "-lto") == 0;
        opts[n++] = l->opts[i];
    }
    opts[n++] = "-ptx";
    if (!lto) opts[n++] = "-lto";
    void *h = NULL;
    char *ptx = NULL;
    size_t size = 0;
    int ok = create(&h, (uint32_t)n, opts) == 0;
    for (int i = 0; ok && i < l->ninputs; i++) ok = add(h, l->in[i].type, l->in[i].data, l->in[i].size, "lto") == 0;
    ok = ok && complete(h) == 0 && size_of(h, &size) == 0 && size && (ptx = calloc(1, size + 1));
    if (ok && get(h, ptx) != 0) {
        free(ptx);
        ptx = NULL;
    }
    if (h) destroy(&h);
    free(opts);
    return ptx;
}

static int jl_create(void **h, uint32_t n, const char **opts) {
    int r = ((int (*)(void **, uint32_t, const char **))jl_real[JL_CREATE])(h, n, opts);
    struct lto *l = r == 0 && h ? calloc(1, sizeof *l) : NULL;
    if (l && (l->opts = calloc(n ? n : 1, sizeof *l->opts))) {
        l->h = *h;
        for (uint32_t i = 0; i < n && opts; i++)
            if (opts[i]) l->opts[l->nopts++] = strdup(opts[i]);
        put_lto(l);
    } else {
        free(l);
    }
    return r;
}

static int jl_add_data(void *h, int type, const void *data, size_t size, const char *what) {
    int r = ((int (*)(void *, int, const void *, size_t, const char *))jl_real[JL_ADD_DATA])(h, type, data, size, what);
    if (r == 0) {
        nt_link_input(h, NVJITLINK_PTX(type), data, size);
        lto_input(h, type, data, size);
    }
    return r;
}

static int jl_add_file(void *h, int type, const char *path) {
    int r = ((int (*)(void *, int, const char *))jl_real[JL_ADD_FILE])(h, type, path);
    if (r == 0) {            /* libraries (libcudadevrt.a) are not read: they only make a link unusable */
        size_t n = 0;
        int wanted = NVJITLINK_PTX(type) != 0 || type == NVJITLINK_INPUT_LTOIR;
        char *bytes = wanted ? nt_read_file(path, &n) : NULL;
        nt_link_input(h, bytes ? NVJITLINK_PTX(type) : 0, bytes, n);
        lto_input(h, type, bytes, n);
        free(bytes);
    }
    return r;
}

static int jl_cubin(void *h, void *out) {
    int r = ((int (*)(void *, void *))jl_real[JL_CUBIN])(h, out);
    struct lto *l = take_lto(h);
    int has_ltoir = 0;
    for (int i = 0; l && i < l->ninputs; i++) has_ltoir |= l->in[i].type == NVJITLINK_INPUT_LTOIR;
    if (r == 0 && out && l && has_ltoir && !l->unusable) {
        char *ptx = lto_ptx(l);
        if (nt_debug())
            fprintf(stderr, "neutrino-shim link: %p: LTO link of %d inputs, its PTX %s\n", h, l->ninputs,
                    ptx ? "made with -ptx" : "could not be made");
        if (ptx) {
            nt_link_end(h);
            nt_link_input(h, 1, ptx, strlen(ptx));
            free(ptx);
        }
    }
    if (r == 0 && out) nt_link_output(h, out, 0);
    free_lto(l);
    return r;
}

static int jl_destroy(void **h) {
    if (h) {
        nt_link_end(*h);
        free_lto(take_lto(*h));
    }
    return ((int (*)(void **))jl_real[JL_DESTROY])(h);
}

static void *const JL_WRAPPERS[JL_N] = {(void *)jl_create, (void *)jl_add_data, (void *)jl_add_file,
                                        (void *)jl_cubin, (void *)jl_destroy};

static void *redirect(const char *name, void *p) {
    int under = strncmp(name, "__", 2) == 0;
    const char *s = name + (under ? 2 : 0);
    if (strncmp(s, "nvJitLink", 9) != 0) return p;
    s += 9;
    for (int i = 0; i < JL_N; i++) {
        size_t n = strlen(JL_NAMES[i]);
        if (strncmp(s, JL_NAMES[i], n) != 0 || (s[n] && s[n] != '_')) continue;
        void *expected = NULL;
        if (__atomic_compare_exchange_n(&jl_real[i], &expected, p, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE) &&
            i == JL_CREATE) {
            snprintf(jl_name[0], sizeof jl_name[0], "%s", under ? "__" : "");
            snprintf(jl_name[1], sizeof jl_name[1], "%s", s + n);
        }
        if (nt_debug())
            fprintf(stderr, "neutrino-shim link: %s %s\n", name, jl_real[i] == p ? "wrapped" : "not wrapped (another version is)");
        return jl_real[i] == p ? JL_WRAPPERS[i] : p;
    }
    return p;
}

/* The node a launch on a capturing stream just became: the capture's one dependency now. */
static void *captured_node(void *stream) {
    CUresult (*info)(CUstream, int *, unsigned long long *, CUgraph *, void *const **, const void **, size_t *) =
        nt_call(NT_capture_info);
    int status = 0;
    unsigned long long id = 0;
    CUgraph graph = NULL;
    void *const *deps = NULL;
    size_t n = 0;
    return info && info(stream, &status, &id, &graph, &deps, NULL, &n) == 0 && n == 1 && deps ? deps[0] : NULL;
}

const struct nt_runtime nt_rt = {
    .tag = "neutrino-shim", .api = "driver", .code = "cubin", .data_name = NT_TRACE_DATA,
    .calls = {"cuCtxGetCurrent", "cuCtxSetCurrent", "cuCtxGetDevice", "cuEventCreate", "cuEventRecord",
              "cuEventSynchronize", "cuEventElapsedTime", "cuEventDestroy_v2", "cuStreamCreate",
              "cuStreamSynchronize", "cuStreamWaitEvent", "cuStreamIsCapturing", "cuMemHostAlloc",
              "cuMemFreeHost", "cuMemsetD8Async", "cuMemcpyDtoHAsync_v2", "cuMemAllocAsync", "cuMemFreeAsync",
              "cuMemAlloc_v2", "cuMemFree_v2", "cuMemcpyDtoDAsync_v2", "cuStreamGetCaptureInfo_v3",
              "cuThreadExchangeStreamCaptureMode", "cuGraphNodeFindInClone",
              "cuGraphChildGraphNodeGetGraph", "cuGraphKernelNodeGetParams_v2"},
    .hooks = HOOKS, .nhooks = N_HOOKS, .prefixes = {"cu"}, .library = libcuda, .cache_prefix = "sm", .arch = device_arch,
    .load_twin = load_twin, .prepare = set_attributes, .launch = call_real, .variables = share_variables,
    .identify = identify,
    .redirect = redirect, .graphs = 1, .captured_node = captured_node, .node_read = node_read,
    .node_write = node_write, .node_conditional = CU_GRAPH_NODE_TYPE_CONDITIONAL};

/* ---- wrappers: launches --------------------------------------------------------------------- */

#define PLAIN_LAUNCH(name, form)                                                                  \
    CUresult name(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,   \
                  unsigned bz, unsigned shm, CUstream s, void **params, void **extra) {           \
        SEEN(H_##name);                                                                  \
        struct nt_launch l = {form, H_##name, f, {gx, gy, gz}, {bx, by, bz}, shm, s, params,         \
                           form == FORM_COOP ? NULL : extra, NULL};                               \
        return nt_launch(&l);                                                                     \
    }
PLAIN_LAUNCH(cuLaunchKernel, FORM_PLAIN)
PLAIN_LAUNCH(cuLaunchKernel_ptsz, FORM_PLAIN)
PLAIN_LAUNCH(cuLaunchCooperativeKernel, FORM_COOP)
PLAIN_LAUNCH(cuLaunchCooperativeKernel_ptsz, FORM_COOP)

#define EX_LAUNCH(name)                                                                           \
    CUresult name(const CUlaunchConfig *c, CUfunction f, void **params, void **extra) {           \
        SEEN(H_##name);                                                                  \
        struct nt_launch l = {FORM_EX, H_##name, f, {c->gridDimX, c->gridDimY, c->gridDimZ},         \
                           {c->blockDimX, c->blockDimY, c->blockDimZ}, c->sharedMemBytes,         \
                           c->hStream, params, extra, c};                                          \
        return nt_launch(&l);                                                                     \
    }
EX_LAUNCH(cuLaunchKernelEx)
EX_LAUNCH(cuLaunchKernelEx_ptsz)

/* ---- wrappers: lookups and loading ---------------------------------------------------------- */

CUresult cuGetProcAddress(const char *sym, void **pfn, int version, unsigned long long flags) {
    SEEN(H_cuGetProcAddress);
    CUresult (*fn)(const char *, void **, int, unsigned long long) = real(H_cuGetProcAddress);
    CUresult r = fn ? fn(sym, pfn, version, flags) : 999;
    if (r == 0 && pfn && *pfn) *pfn = nt_swap(sym, *pfn, (flags & 2) ? "_ptsz" : "");
    return r;
}

CUresult cuGetProcAddress_v2(const char *sym, void **pfn, int version, unsigned long long flags, void *status) {
    SEEN(H_cuGetProcAddress_v2);
    CUresult (*fn)(const char *, void **, int, unsigned long long, void *) = real(H_cuGetProcAddress_v2);
    CUresult r = fn ? fn(sym, pfn, version, flags, status) : 999;
    if (r == 0 && pfn && *pfn) *pfn = nt_swap(sym, *pfn, (flags & 2) ? "_ptsz" : "");
    return r;
}

#define LOADER(name, params, args, out, image)                                                    \
    CUresult name params {                                                                         \
        SEEN(H_##name);                                                                  \
        CUresult (*fn) params = real(H_##name);                                                   \
        CUresult r = fn ? fn args : 999;                                                          \
        if (r == 0) note_image(*(out), image);                                                \
        return r;                                                                                 \
    }
LOADER(cuModuleLoadData, (CUmodule *m, const void *img), (m, img), m, img)
LOADER(cuModuleLoadDataEx, (CUmodule *m, const void *img, unsigned n, void *o, void **v), (m, img, n, o, v), m, img)
LOADER(cuModuleLoadFatBinary, (CUmodule *m, const void *img), (m, img), m, img)
LOADER(cuLibraryLoadData, (CUlibrary *lib, const void *img, void *jo, void **jv, unsigned nj, void *lo, void **lv, unsigned nl),
       (lib, img, jo, jv, nj, lo, lv, nl), lib, img)

#define FILE_LOADER(name, params, args, out, path)                                                \
    CUresult name params {                                                                         \
        SEEN(H_##name);                                                                           \
        CUresult (*fn) params = real(H_##name);                                                   \
        CUresult r = fn ? fn args : 999;                                                          \
        if (r == 0) nt_note_file_image(*(out), path);                                         \
        return r;                                                                                 \
    }
FILE_LOADER(cuModuleLoad, (CUmodule *m, const char *path), (m, path), m, path)
FILE_LOADER(cuLibraryLoadFromFile, (CUlibrary *lib, const char *path, void *jo, void **jv, unsigned nj, void *lo, void **lv, unsigned nl),
            (lib, path, jo, jv, nj, lo, lv, nl), lib, path)

CUresult cuLibraryGetModule(CUmodule *m, CUlibrary lib) {
    SEEN(H_cuLibraryGetModule);
    CUresult (*fn)(CUmodule *, CUlibrary) = real(H_cuLibraryGetModule);
    CUresult r = fn ? fn(m, lib) : 999;
    if (r == 0) nt_alias_image(*m, lib);
    return r;
}

CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
    SEEN(H_cuModuleGetFunction);
    CUresult (*fn)(CUfunction *, CUmodule, const char *) = real(H_cuModuleGetFunction);
    CUresult r = fn ? fn(f, m, name) : 999;
    if (r == 0) nt_note_func(*f, m, name, 0);
    return r;
}

CUresult cuLibraryGetKernel(CUkernel *k, CUlibrary lib, const char *name) {
    SEEN(H_cuLibraryGetKernel);
    CUresult (*fn)(CUkernel *, CUlibrary, const char *) = real(H_cuLibraryGetKernel);
    CUresult r = fn ? fn(k, lib, name) : 999;
    if (r == 0) nt_note_func(*k, lib, name, 1);
    return r;
}

#define UNLOAD(name, type)                                                                        \
    CUresult name(type h) {                                                                       \
        SEEN(H_##name);                                                                           \
        CUresult (*fn)(type) = real(H_##name);                                                    \
        CUresult r = fn ? fn(h) : 999;                                                            \
        if (r == 0) nt_forget_owner(h);                                                           \
        return r;                                                                                 \
    }
UNLOAD(cuModuleUnload, CUmodule)
UNLOAD(cuLibraryUnload, CUlibrary)

CUresult cuKernelGetFunction(CUfunction *f, CUkernel k) {
    SEEN(H_cuKernelGetFunction);
    CUresult (*fn)(CUfunction *, CUkernel) = real(H_cuKernelGetFunction);
    CUresult r = fn ? fn(f, k) : 999;
    if (r == 0) nt_alias_func(*f, k);
    return r;
}

/* Shared-memory and cache settings must follow the kernel to its twin, or the twin's launch fails. */
static void note_attribute(void *handle, int attrib, int value) {
    struct nt_func *f = nt_func_of(handle);
    if (!f) return;
    nt_lock_instrument();
    int i = 0;
    while (i < f->nattrs && f->attrs[i][0] != attrib) i++;
    if (i < 8) {
        f->attrs[i][0] = attrib;
        f->attrs[i][1] = value;
        if (i == f->nattrs) f->nattrs++;
    }
    if (f->state == NT_F_READY) {             /* set here; other devices replay at their next launch */
        CUdevice dev = 0;
        CUresult (*set)(int, int, CUkernel, CUdevice) = real(H_cuKernelSetAttribute);
        if (set && nt_checked(((CUresult (*)(CUdevice *))nt_call(NT_ctx_device))(&dev))) {
            nt_checked(set(attrib, value, f->twin, dev));
            __atomic_store_n(&f->prepared, dev >= 0 && dev < 64 ? 1ull << dev : 0, __ATOMIC_RELEASE);
        }
    }
    nt_unlock_instrument();
}

CUresult cuFuncSetAttribute(CUfunction fn, int attrib, int value) {
    SEEN(H_cuFuncSetAttribute);
    CUresult (*real_fn)(CUfunction, int, int) = real(H_cuFuncSetAttribute);
    CUresult r = real_fn ? real_fn(fn, attrib, value) : 999;
    if (r == 0 && nt_active()) note_attribute(fn, attrib, value);
    return r;
}

CUresult cuKernelSetAttribute(int attrib, int value, CUkernel k, CUdevice dev) {
    SEEN(H_cuKernelSetAttribute);
    CUresult (*real_fn)(int, int, CUkernel, CUdevice) = real(H_cuKernelSetAttribute);
    CUresult r = real_fn ? real_fn(attrib, value, k, dev) : 999;
    if (r == 0 && nt_active()) note_attribute(k, attrib, value);
    return r;
}

/* ---- wrappers: allocations and teardown ----------------------------------------------------- */

#define ALLOC(name, params, args, ptr, bytes)                                                     \
    CUresult name params {                                                                         \
        SEEN(H_##name);                                                                  \
        CUresult (*fn) params = real(H_##name);                                                   \
        CUresult r = fn ? fn args : 999;                                                          \
        if (r == 0) nt_note_alloc("alloc", (unsigned long long)*(ptr), bytes);                   \
        return r;                                                                                 \
    }
ALLOC(cuMemAlloc, (CUdeviceptr *p, size_t n), (p, n), p, n)
ALLOC(cuMemAlloc_v2, (CUdeviceptr *p, size_t n), (p, n), p, n)
ALLOC(cuMemAllocManaged, (CUdeviceptr *p, size_t n, unsigned fl), (p, n, fl), p, n)
ALLOC(cuMemAllocPitch_v2, (CUdeviceptr *p, size_t *pitch, size_t w, size_t h, unsigned e), (p, pitch, w, h, e), p, *pitch * h)
ALLOC(cuMemAllocAsync, (CUdeviceptr *p, size_t n, CUstream s), (p, n, s), p, n)
ALLOC(cuMemAllocAsync_ptsz, (CUdeviceptr *p, size_t n, CUstream s), (p, n, s), p, n)

#define FREE(name, params, args, ptr)                                                             \
    CUresult name params {                                                                         \
        SEEN(H_##name);                                                                  \
        CUresult (*fn) params = real(H_##name);                                                   \
        CUresult r = fn ? fn args : 999;                                                          \
        if (r == 0) nt_note_alloc("free", (unsigned long long)(ptr), 0);                         \
        return r;                                                                                 \
    }
FREE(cuMemFree, (CUdeviceptr p), (p), p)
FREE(cuMemFree_v2, (CUdeviceptr p), (p), p)
FREE(cuMemFreeAsync, (CUdeviceptr p, CUstream s), (p, s), p)
FREE(cuMemFreeAsync_ptsz, (CUdeviceptr p, CUstream s), (p, s), p)

/* After a teardown the driver took: what the shim kept of the context forgotten (nt_context_gone). */
static void ctx_destroyed(CUcontext c) { nt_context_gone(c, -1); }
static void primary_reset(CUdevice d) { nt_context_gone(NULL, d); }
static void primary_released(CUdevice d) {     /* gone once no one holds it, not at every release */
    CUresult (*state)(CUdevice, unsigned *, int *) = nt_real_dlsym(libcuda(), "cuDevicePrimaryCtxGetState");
    unsigned flags = 0;
    int active = 1;
    if (state && state(d, &flags, &active) == 0 && !active) nt_context_gone(NULL, d);
}

/* The writer drained before a context goes, and the shim's state of it dropped after (`after`). */
#define TEARDOWN(name, params, args, after)                                                       \
    CUresult name params {                                                                         \
        SEEN(H_##name);                                                                  \
        nt_drain();                                                                               \
        CUresult (*fn) params = real(H_##name);                                                   \
        CUresult r = fn ? fn args : 999;                                                          \
        if (r == 0) after args;                                                                   \
        return r;                                                                                 \
    }
TEARDOWN(cuCtxDestroy, (CUcontext c), (c), ctx_destroyed)
TEARDOWN(cuCtxDestroy_v2, (CUcontext c), (c), ctx_destroyed)
TEARDOWN(cuDevicePrimaryCtxRelease, (CUdevice d), (d), primary_released)
TEARDOWN(cuDevicePrimaryCtxRelease_v2, (CUdevice d), (d), primary_released)
TEARDOWN(cuDevicePrimaryCtxReset, (CUdevice d), (d), primary_reset)
TEARDOWN(cuDevicePrimaryCtxReset_v2, (CUdevice d), (d), primary_reset)

/* ---- wrappers: CUDA graphs (a twin captured into a graph records at every replay) ------------ */

#define END_CAPTURE(name)                                                                         \
    CUresult name(CUstream s, void **graph) {                                                     \
        SEEN(H_##name);                                                                           \
        CUresult (*fn)(void *, void **) = real(H_##name);                                         \
        return fn ? nt_graph_end_capture(s, graph, fn) : 999;                                     \
    }
END_CAPTURE(cuStreamEndCapture)
END_CAPTURE(cuStreamEndCapture_ptsz)

/* Every form of cuGraphInstantiate begins (CUgraphExec *, CUgraph): WithFlags adds the flags,
 * WithParams a struct, the CUDA 11 form an error node, a log buffer and its size. One wrapper
 * forwards five words to whichever the driver gave. */
#define INSTANTIATE(name)                                                                         \
    CUresult name(void **exec, void *graph, void *a, void *b, size_t c) {                         \
        SEEN(H_##name);                                                                           \
        CUresult (*fn)(void **, void *, void *, void *, size_t) = real(H_##name);                 \
        CUresult r = fn ? fn(exec, graph, a, b, c) : 999;                                         \
        if (r == 0 && exec) nt_graph_instantiated(*exec, graph);                                  \
        return r;                                                                                 \
    }
INSTANTIATE(cuGraphInstantiate)
INSTANTIATE(cuGraphInstantiate_v2)
INSTANTIATE(cuGraphInstantiateWithFlags)
INSTANTIATE(cuGraphInstantiateWithParams)
INSTANTIATE(cuGraphInstantiateWithParams_ptsz)

#define GRAPH_LAUNCH(name)                                                                        \
    CUresult name(void *exec, CUstream s) {                                                       \
        SEEN(H_##name);                                                                           \
        CUresult (*fn)(void *, void *) = real(H_##name);                                          \
        return fn ? nt_graph_launch(exec, s, fn) : 999;                                           \
    }
GRAPH_LAUNCH(cuGraphLaunch)
GRAPH_LAUNCH(cuGraphLaunch_ptsz)

CUresult cuGraphClone(void **clone, void *graph) {
    SEEN(H_cuGraphClone);
    CUresult (*fn)(void **, void *) = real(H_cuGraphClone);
    CUresult r = fn ? fn(clone, graph) : 999;
    if (r == 0 && clone) nt_graph_cloned(*clone, graph);
    return r;
}

#define GRAPH_GONE(name)                                                                          \
    CUresult name(void *handle) {                                                                 \
        SEEN(H_##name);                                                                           \
        CUresult (*fn)(void *) = real(H_##name);                                                  \
        CUresult r = fn ? fn(handle) : 999;                                                       \
        if (r == 0) nt_graph_gone(handle);                                                        \
        return r;                                                                                 \
    }
GRAPH_GONE(cuGraphExecDestroy)
GRAPH_GONE(cuGraphDestroy)

/* cuGraphExecUpdate (CUDA 11: error node, result) and _v2 (result info) begin (exec, graph). */
#define EXEC_UPDATE(name)                                                                         \
    CUresult name(void *exec, void *graph, void *a, void *b) {                                    \
        SEEN(H_##name);                                                                           \
        CUresult (*fn)(void *, void *, void *, void *) = real(H_##name);                          \
        CUresult r = fn ? fn(exec, graph, a, b) : 999;                                            \
        if (r == 0) nt_graph_updated(exec, graph);                                                \
        return r;                                                                                 \
    }
EXEC_UPDATE(cuGraphExecUpdate)
EXEC_UPDATE(cuGraphExecUpdate_v2)

/* Graphs built node by node: the core reads the calls' parameters (node_read) and adds the twin in
 * the kernel's place, or edits a twin's node, as it captures launches. */

#define ADD_KERNEL_NODE(name, old)                                                                \
    CUresult name(void **node, CUgraph graph, const void *deps, size_t n, const KernelNodeParams *p) { \
        SEEN(H_##name);                                                                           \
        struct nt_node_call c = {.id = H_##name, .shape = NT_NODE_ADD, .v1 = old, .node = node,    \
                                 .graph = graph, .deps = deps, .ndeps = n, .params = p};          \
        return nt_graph_kernel_node(&c);                                                          \
    }
ADD_KERNEL_NODE(cuGraphAddKernelNode, 1)
ADD_KERNEL_NODE(cuGraphAddKernelNode_v2, 0)

CUresult cuGraphAddNode(void **node, CUgraph graph, const void *deps, size_t n, void *p) {
    SEEN(H_cuGraphAddNode);
    struct nt_node_call c = {.id = H_cuGraphAddNode, .shape = NT_NODE_ADD, .node = node, .graph = graph,
                             .deps = deps, .ndeps = n, .params = p};
    return nt_graph_any_node(&c);
}

CUresult cuGraphAddNode_v2(void **node, CUgraph graph, const void *deps, void *edges, size_t n, void *p) {
    SEEN(H_cuGraphAddNode_v2);
    struct nt_node_call c = {.id = H_cuGraphAddNode_v2, .shape = NT_NODE_ADD_EDGES, .node = node, .graph = graph,
                             .deps = deps, .edges = edges, .ndeps = n, .params = p};
    return nt_graph_any_node(&c);
}

CUresult cuGraphAddChildGraphNode(void **node, CUgraph graph, const void *deps, size_t n, CUgraph child) {
    SEEN(H_cuGraphAddChildGraphNode);
    CUresult (*fn)(void **, CUgraph, const void *, size_t, CUgraph) = real(H_cuGraphAddChildGraphNode);
    CUresult r = fn ? fn(node, graph, deps, n, child) : 999;
    if (r == 0) nt_graph_child(graph, node ? *node : NULL, child);
    return r;
}

CUresult cuGraphExecChildGraphNodeSetParams(void *exec, void *node, CUgraph child) {
    SEEN(H_cuGraphExecChildGraphNodeSetParams);
    CUresult (*fn)(void *, void *, CUgraph) = real(H_cuGraphExecChildGraphNodeSetParams);
    CUresult r = fn ? fn(exec, node, child) : 999;
    if (r == 0) nt_graph_exec_child(exec);
    return r;
}

CUresult cuGraphDestroyNode(void *node) {
    SEEN(H_cuGraphDestroyNode);
    CUresult (*fn)(void *) = real(H_cuGraphDestroyNode);
    return fn ? nt_graph_destroy_node(node, fn) : 999;
}

/* New parameters for a node of a graph or of an exec: a twin's node keeps its twin where it can. */
#define SET_KERNEL_NODE(name, old)                                                                \
    CUresult name(void *node, const KernelNodeParams *p) {                                        \
        SEEN(H_##name);                                                                           \
        struct nt_node_call c = {.id = H_##name, .shape = NT_NODE_SET, .v1 = old, .node = &node, .params = p}; \
        return nt_graph_kernel_node(&c);                                                          \
    }
SET_KERNEL_NODE(cuGraphKernelNodeSetParams, 1)
SET_KERNEL_NODE(cuGraphKernelNodeSetParams_v2, 0)

#define EXEC_SET_KERNEL_NODE(name, old)                                                           \
    CUresult name(void *exec, void *node, const KernelNodeParams *p) {                            \
        SEEN(H_##name);                                                                           \
        struct nt_node_call c = {.id = H_##name, .shape = NT_NODE_EXEC_SET, .v1 = old, .node = &node, \
                                 .exec = exec, .params = p};                                      \
        return nt_graph_kernel_node(&c);                                                          \
    }
EXEC_SET_KERNEL_NODE(cuGraphExecKernelNodeSetParams, 1)
EXEC_SET_KERNEL_NODE(cuGraphExecKernelNodeSetParams_v2, 0)

CUresult cuGraphNodeSetParams(void *node, void *p) {
    SEEN(H_cuGraphNodeSetParams);
    struct nt_node_call c = {.id = H_cuGraphNodeSetParams, .shape = NT_NODE_SET, .node = &node, .params = p};
    return nt_graph_any_node(&c);
}

CUresult cuGraphExecNodeSetParams(void *exec, void *node, void *p) {
    SEEN(H_cuGraphExecNodeSetParams);
    struct nt_node_call c = {.id = H_cuGraphExecNodeSetParams, .shape = NT_NODE_EXEC_SET, .node = &node,
                             .exec = exec, .params = p};
    return nt_graph_any_node(&c);
}

/* A fake libcuda.so.1 for the shim's CPU tests: device memory is host memory, a "kernel" is a name,
 * and every call the tests care about is appended to $FAKE_CUDA_LOG as one line.
 *
 * Images: text "FAKEIMAGE ..." (any bytes, NUL-terminated) load as ordinary modules; an image that
 * starts with "FAKECUBIN" is an instrumented twin. Launching a twin with N original params writes,
 * through the appended pointers, cursor = threads into every header slot and u32 i (the thread
 * index) into item i of every map, so the tests can read the values back from the trace.
 * Stream 0xCA97 reports itself as capturing a graph: a launch on it is kept as a node of the graph
 * being captured (with its argument values), which cuStreamEndCapture returns and cuGraphLaunch of
 * an instantiation of it runs. Between cuStreamBeginCapture_v2 in global mode (0) and
 * cuStreamEndCapture, an unsafe call (a synchronization, an allocation, a module load) from any
 * thread not in relaxed mode (cuThreadExchangeStreamCaptureMode 2) is refused and breaks the
 * capture, as the driver does: its end then fails (CUDA_ERROR_STREAM_CAPTURE_INVALIDATED).
 * Module variables: every module and library, twin or not, holds its own `counter` (8 bytes) and
 * `scale` (4 bytes), zero until written (cuModuleGetGlobal_v2 of a module, cuLibraryGetGlobal of a
 * library; other names are not found). A twin's launch logs the values of those of its module that
 * were looked up and adds 1 to each; copies between variables and the program's reads and writes of
 * them are logged.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "fake_log.h"
#include "graph_params.h"

typedef int CUresult;
typedef struct { unsigned gx, gy, gz, bx, by, bz, shm; void *stream; void *attrs; unsigned nattrs; } Config;
struct func { struct module *mod; char *name; };
#define NGLOBALS 2
/* one handle per kernel name; `library`: loaded by cuLibraryLoadData (a CUlibrary, not a CUmodule) */
struct module { int twin, library; struct func *funcs[8]; int nfuncs; uint64_t globals[NGLOBALS]; };
/* Like the driver, the next load gives an unloaded module's handles out again, its kernels' too. */
static struct module *unloaded;
struct event { double t; };

#define note(...) fake_log("FAKE_CUDA_LOG", __VA_ARGS__)

CUresult cuInit(unsigned flags) { (void)flags; return 0; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
/* Devices: $FAKE_DEVICES of them (default 1); device d's primary context is 0xC0 + d, current per
 * thread as in CUDA. Device memory remembers the device it was allocated on (devices below). */
static int capture_global, capture_broken;      /* a global-mode capture is under way; refused */
static __thread int capture_mode;                /* this thread's: 0 global, 2 relaxed */
static int unsafe(const char *call) {
    if (!capture_global || capture_mode == 2) return 0;
    capture_broken = 1;
    note("refused %s during a global capture", call);
    return 1;
}
#define CTX0 0xC0
static __thread uintptr_t current = CTX0;
CUresult cuDeviceGetCount(int *n) { *n = getenv("FAKE_DEVICES") ? atoi(getenv("FAKE_DEVICES")) : 1; return 0; }
CUresult cuDevicePrimaryCtxRetain(void **c, int d) { *c = (void *)(uintptr_t)(CTX0 + d); return 0; }
CUresult cuCtxGetCurrent(void **c) { *c = (void *)current; return 0; }
/* A thread other than the program's first has no current context until it sets one. */
static __thread int set_here;
static int no_context(void) { return !set_here && gettid() != getpid(); }
CUresult cuCtxSetCurrent(void *c) { current = c ? (uintptr_t)c : CTX0; set_here = 1; return 0; }
CUresult cuCtxGetDevice(int *d) { *d = (int)(current - CTX0); return 0; }
CUresult cuDeviceGetAttribute(int *v, int attr, int dev) { (void)dev; *v = attr == 75 ? 9 : 0; return 0; }
CUresult cuStreamIsCapturing(void *s, int *st) { *st = s == (void *)0xCA97; return 0; }
CUresult cuCtxDestroy_v2(void *c) { (void)c; note("cuCtxDestroy_v2"); return 0; }
CUresult cuDevicePrimaryCtxRelease_v2(int d) { (void)d; note("cuDevicePrimaryCtxRelease_v2"); return 0; }

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}
CUresult cuEventCreate(struct event **e, unsigned fl) { (void)fl; *e = calloc(1, sizeof **e); return 0; }
CUresult cuEventRecord(struct event *e, void *s) {
    note("cuEventRecord");
    note("event %p recorded on %p", (void *)e, s);
    e->t = now();
    return 0;
}
CUresult cuEventSynchronize(struct event *e) { (void)e; return unsafe("cuEventSynchronize") ? 900 : 0; }
CUresult cuEventElapsedTime(float *ms, struct event *a, struct event *b) { *ms = (float)(b->t - a->t); return 0; }
CUresult cuEventDestroy_v2(struct event *e) { free(e); return 0; }

/* Which device each live allocation is on, so a launch can check its buffers are on its device. */
static struct { uint64_t start; size_t n; int device; } blocks[4096];
static pthread_mutex_t blocks_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t placed(void *p, size_t n) {
    pthread_mutex_lock(&blocks_lock);
    for (int i = 0; p && i < 4096; i++)
        if (!blocks[i].start) {
            blocks[i].start = (uint64_t)(uintptr_t)p;
            blocks[i].n = n;
            blocks[i].device = (int)(current - CTX0);
            break;
        }
    pthread_mutex_unlock(&blocks_lock);
    return (uint64_t)(uintptr_t)p;
}
static void released(uint64_t p) {
    pthread_mutex_lock(&blocks_lock);
    for (int i = 0; i < 4096; i++)
        if (blocks[i].start == p) blocks[i].start = 0;
    pthread_mutex_unlock(&blocks_lock);
    free((void *)(uintptr_t)p);
}
static int device_of(uint64_t p) {
    int d = -1;
    pthread_mutex_lock(&blocks_lock);
    for (int i = 0; i < 4096; i++)
        if (blocks[i].start && p >= blocks[i].start && p < blocks[i].start + blocks[i].n) d = blocks[i].device;
    pthread_mutex_unlock(&blocks_lock);
    return d;
}
CUresult cuMemAlloc_v2(uint64_t *p, size_t n) {
    if (unsafe("cuMemAlloc_v2")) return 900;
    *p = placed(calloc(1, n), n);
    note("cuMemAlloc_v2 %zu", n);
    return 0;
}
CUresult cuMemFree_v2(uint64_t p) { if (unsafe("cuMemFree_v2")) return 900; released(p); note("cuMemFree_v2"); return 0; }
CUresult cuMemAllocAsync(uint64_t *p, size_t n, void *s) { (void)s; *p = placed(malloc(n), n); return 0; }
CUresult cuMemFreeAsync(uint64_t p, void *s) { (void)s; released(p); return 0; }
CUresult cuStreamCreate(void **s, unsigned fl) { (void)fl; *s = (void *)0x57; return 0; }
CUresult cuStreamSynchronize(void *s) { (void)s; return unsafe("cuStreamSynchronize") ? 900 : 0; }
/* Pinned host memory belongs to the context current at its allocation: a reset of that primary
 * context unmaps it, as the driver frees it, so a use after the reset faults. */
static struct { void *p; size_t n; uintptr_t ctx; } pinned[64];
static pthread_mutex_t pinned_lock = PTHREAD_MUTEX_INITIALIZER;
CUresult cuMemHostAlloc(void **p, size_t n, unsigned fl) {
    (void)fl;
    if (no_context()) return 201;             /* CUDA_ERROR_INVALID_CONTEXT */
    *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (*p == MAP_FAILED) return 2;
    pthread_mutex_lock(&pinned_lock);
    for (int i = 0; i < 64; i++)
        if (!pinned[i].p) { pinned[i].p = *p; pinned[i].n = n; pinned[i].ctx = current; break; }
    pthread_mutex_unlock(&pinned_lock);
    return 0;
}
static void unpin(void *p, uintptr_t ctx) {        /* p, or (NULL) every block of ctx */
    pthread_mutex_lock(&pinned_lock);
    for (int i = 0; i < 64; i++)
        if (pinned[i].p && (p ? pinned[i].p == p : pinned[i].ctx == ctx)) {
            munmap(pinned[i].p, pinned[i].n);
            pinned[i].p = NULL;
        }
    pthread_mutex_unlock(&pinned_lock);
}
CUresult cuDevicePrimaryCtxReset_v2(int d) { note("cuDevicePrimaryCtxReset_v2"); unpin(NULL, CTX0 + d); return 0; }
CUresult cuStreamWaitEvent(void *s, struct event *e, unsigned fl) {
    (void)fl;
    note("stream %p waits for event %p", s, (void *)e);
    return 0;
}
CUresult cuMemFreeHost(void *p) { unpin(p, 0); return 0; }
CUresult cuMemsetD8Async(uint64_t p, unsigned char v, size_t n, void *s) { (void)s; memset((void *)(uintptr_t)p, v, n); return 0; }
/* $FAKE_COPY_FAIL=N: the N-th copy back fails as after a kernel fault (700, an illegal address) */
CUresult cuMemcpyDtoHAsync_v2(void *dst, uint64_t src, size_t n, void *s) {
    static int copies;
    (void)s;
    if (getenv("FAKE_COPY_FAIL") && __atomic_add_fetch(&copies, 1, __ATOMIC_RELAXED) == atoi(getenv("FAKE_COPY_FAIL")))
        return 700;
    memcpy(dst, (void *)(uintptr_t)src, n);
    return 0;
}

static const struct { const char *name; size_t n; } GLOBALS[NGLOBALS] = {{"counter", 8}, {"scale", 4}};
static struct { uint64_t p; const struct module *m; int g; } made_globals[256];
static int nmade_globals;
static pthread_mutex_t globals_lock = PTHREAD_MUTEX_INITIALIZER;
static CUresult get_global(uint64_t *p, size_t *n, struct module *m, const char *name, int library) {
    if (m->library != library) return 400;  /* CUDA_ERROR_INVALID_HANDLE: a module for a library */
    for (int g = 0; g < NGLOBALS; g++) {
        if (strcmp(GLOBALS[g].name, name)) continue;
        pthread_mutex_lock(&globals_lock);
        if (!m->globals[g] && nmade_globals < 256) {
            m->globals[g] = placed(calloc(1, GLOBALS[g].n), GLOBALS[g].n);
            made_globals[nmade_globals].p = m->globals[g];
            made_globals[nmade_globals].m = m;
            made_globals[nmade_globals++].g = g;
        }
        pthread_mutex_unlock(&globals_lock);
        if (p) *p = m->globals[g];
        if (n) *n = GLOBALS[g].n;
        return 0;
    }
    return 500;                               /* CUDA_ERROR_NOT_FOUND */
}
CUresult cuModuleGetGlobal_v2(uint64_t *p, size_t *n, struct module *m, const char *name) {
    return get_global(p, n, m, name, 0);
}
CUresult cuLibraryGetGlobal(uint64_t *p, size_t *n, struct module *m, const char *name) {
    return get_global(p, n, m, name, 1);
}
/* "twin counter", "image scale": the variable at p, or NULL. */
static const char *global_at(uint64_t p, char *out, size_t size) {
    const char *found = NULL;
    pthread_mutex_lock(&globals_lock);
    for (int i = 0; i < nmade_globals && !found; i++)
        if (made_globals[i].p == p) {
            const char *kind = made_globals[i].m->twin ? "twin" : "image";
            snprintf(out, size, "%s %s", kind, GLOBALS[made_globals[i].g].name);
            found = out;
        }
    pthread_mutex_unlock(&globals_lock);
    return found;
}
/* A variable's bytes as a number (little-endian, as on the GPU). */
static unsigned long long value_at(uint64_t p, size_t n) {
    unsigned long long v = 0;
    memcpy(&v, (void *)(uintptr_t)p, n < sizeof v ? n : sizeof v);
    return v;
}
/* $FAKE_VARIABLE_COPY_FAIL: a copy between variables fails (CUDA_ERROR_INVALID_VALUE). */
CUresult cuMemcpyDtoDAsync_v2(uint64_t dst, uint64_t src, size_t n, void *s) {
    char to[64], from[64];
    if (global_at(dst, to, sizeof to) && global_at(src, from, sizeof from)) {
        if (getenv("FAKE_VARIABLE_COPY_FAIL")) {
            note("copy %s to %s refused", from, to);
            return 1;
        }
        note("copy %s = %llu to %s on stream %p", from, value_at(src, n), to, s);
    }
    memcpy((void *)(uintptr_t)dst, (void *)(uintptr_t)src, n);
    return 0;
}
CUresult cuMemcpyHtoD_v2(uint64_t dst, const void *src, size_t n) {
    char name[64];
    memcpy((void *)(uintptr_t)dst, src, n);
    if (global_at(dst, name, sizeof name)) note("program writes %s = %llu", name, value_at(dst, n));
    return 0;
}
CUresult cuMemcpyDtoH_v2(void *dst, uint64_t src, size_t n) {
    char name[64];
    if (global_at(src, name, sizeof name)) note("program reads %s = %llu", name, value_at(src, n));
    memcpy(dst, (void *)(uintptr_t)src, n);
    return 0;
}

static CUresult load(struct module **m, const void *image, const char *how) {
    if (unsafe(how)) return 900;
    *m = unloaded ? unloaded : calloc(1, sizeof **m);
    unloaded = NULL;
    (*m)->twin = strncmp(image, "FAKECUBIN", 9) == 0;
    (*m)->library = strcmp(how, "cuLibraryLoadData") == 0;
    note("%s %s", how, (*m)->twin ? "twin" : "image");
    if ((*m)->twin && getenv("FAKE_REFUSE_TWIN")) return 200;   /* CUDA_ERROR_INVALID_IMAGE */
    return 0;
}
CUresult cuModuleLoadData(struct module **m, const void *image) { return load(m, image, "cuModuleLoadData"); }
CUresult cuModuleLoad(struct module **m, const char *path) {
    char head[16] = "";
    FILE *f = fopen(path, "rb");
    if (!f) return 301;                       /* CUDA_ERROR_FILE_NOT_FOUND */
    size_t n = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[n] = 0;
    return load(m, head, "cuModuleLoad");
}
CUresult cuLibraryLoadData(struct module **m, const void *image, void *a, void *b, unsigned c, void *d, void *e, unsigned f) {
    (void)a; (void)b; (void)c; (void)d; (void)e; (void)f;
    return load(m, image, "cuLibraryLoadData");
}
static CUresult get(struct func **f, struct module *m, const char *name) {
    for (int i = 0; i < m->nfuncs; i++)
        if (!strcmp(m->funcs[i]->name, name)) { *f = m->funcs[i]; return 0; }
    *f = calloc(1, sizeof **f);
    (*f)->mod = m;
    (*f)->name = strdup(name);
    if (m->nfuncs < 8) m->funcs[m->nfuncs++] = *f;
    return 0;
}
CUresult cuModuleUnload(struct module *m) { note("cuModuleUnload"); unloaded = m; return 0; }
CUresult cuModuleGetFunction(struct func **f, struct module *m, const char *name) { return get(f, m, name); }
CUresult cuLibraryGetKernel(struct func **f, struct module *m, const char *name) { return get(f, m, name); }
CUresult cuKernelGetFunction(struct func **f, struct func *k) { *f = k; return 0; }
CUresult cuFuncGetName(const char **name, struct func *f) { *name = f->name; return 0; }
CUresult cuFuncGetModule(struct module **m, struct func *f) { *m = f->mod; return 0; }
CUresult cuFuncSetAttribute(struct func *f, int attr, int value) { note("cuFuncSetAttribute %s %d %d", f->name, attr, value); return 0; }
CUresult cuKernelSetAttribute(int attr, int value, struct func *f, int dev) {
    note("cuKernelSetAttribute %s%s %d %d", f->name, f->mod->twin ? " twin" : "", attr, value);
    note("attribute %d=%d of %s%s on device %d", attr, value, f->name, f->mod->twin ? " twin" : "", dev);
    return 0;
}

/* Run-time linking (cuLink*): the "cubin" a link makes is text naming its inputs. */
struct link { char out[512]; };
CUresult cuLinkCreate_v2(unsigned n, void *o, void **v, struct link **st) {
    (void)n; (void)o; (void)v;
    *st = calloc(1, sizeof **st);
    strcpy((*st)->out, "FAKEIMAGE linked");
    return 0;
}
CUresult cuLinkAddData_v2(struct link *st, int type, void *data, size_t size, const char *name, unsigned n,
                          void *o, void **v) {
    (void)name; (void)n; (void)o; (void)v;
    size_t at = strlen(st->out);
    snprintf(st->out + at, sizeof st->out - at, " [%d:%.*s]", type, (int)size, (const char *)data);
    return 0;
}
CUresult cuLinkComplete(struct link *st, void **out, size_t *size) {
    *out = st->out;
    *size = strlen(st->out) + 1;
    return 0;
}
CUresult cuLinkDestroy(struct link *st) { free(st); return 0; }
/* Graphs: nodes are launches with their argument values; an exec runs its graph's nodes. A node's
 * handle is its id, kept by instantiation (an exec's nodes answer to their graph's handles, those
 * inside its child graphs too). Graphs are made by capture or node by node; a child graph node
 * holds a copy of the child graph, as the driver does. A clone's nodes, and those of a child graph
 * node's copy, get handles of their own (`from`: the original's, for cuGraphNodeFindInClone, which
 * like the driver's looks in the clone itself, not in the graphs its child graph nodes hold). */
#define CAPTURING (void *)0xCA97
#define MAX_NODES 16
/* A kernel node, a conditional node (`bodies`: its graphs, each run once per launch) or a child
 * graph node (`child`: its one body, the copy it holds). */
struct node { void *id, *from; struct func *f; unsigned g[3], b[3]; int n; uint64_t vals[24]; struct graph **bodies; unsigned nbodies; int child; };
struct graph { struct node nodes[MAX_NODES]; int n; };
static struct graph *capturing, *made[64];
static uintptr_t next_node = 0x40DE00;

/* A kernel node from its launch: argument values kept (a twin's header and maps too). */
static struct node make_node(struct func *f, const unsigned g[3], const unsigned b[3], void **params) {
    int nparams = atoi(getenv("FAKE_NPARAMS") ? getenv("FAKE_NPARAMS") : "2");
    int nmaps = atoi(getenv("FAKE_NMAPS") ? getenv("FAKE_NMAPS") : "1");
    struct node n = {.f = f, .g = {g[0], g[1], g[2]}, .b = {b[0], b[1], b[2]},
                     .n = nparams + (f->mod->twin ? 1 + nmaps : 0)};
    for (int i = 0; i < n.n; i++) n.vals[i] = *(uint64_t *)params[i];
    return n;
}
static struct node kernel_node(const KernelNodeParams *p) {
    return make_node(p->func ? p->func : p->kern, p->g, p->b, p->params);
}
static void *add_node(struct graph *into, struct node n) {
    n.id = (void *)next_node++;
    into->nodes[into->n++] = n;
    return n.id;
}
/* The node `id` of g (`deep`: or of the graphs its child graph nodes hold). */
static struct node *find_node(struct graph *g, void *id, int deep) {
    for (int i = 0; g && i < g->n; i++) {
        struct node *in = deep && g->nodes[i].child ? find_node(g->nodes[i].bodies[0], id, 1) : NULL;
        if (g->nodes[i].id == id) return &g->nodes[i];
        if (in) return in;
    }
    return NULL;
}
static struct graph *graph_of_node(void *id) {
    for (int i = 0; i < 64; i++)
        if (find_node(made[i], id, 0)) return made[i];
    return NULL;
}
static struct graph *new_graph(void) {
    struct graph *g = calloc(1, sizeof *g);
    for (int i = 0; i < 64; i++)
        if (!made[i]) { made[i] = g; break; }
    return g;
}
/* from's nodes into `to`: a clone's (new handles), or (`keep`) an exec's; child graphs copied too. */
static void copy_nodes(struct graph *to, const struct graph *from, int keep) {
    for (int i = 0; i < from->n; i++) {
        struct node n = from->nodes[i];
        if (n.child) {
            n.bodies = calloc(1, sizeof *n.bodies);
            n.bodies[0] = keep ? calloc(1, sizeof *n.bodies[0]) : new_graph();
            copy_nodes(n.bodies[0], from->nodes[i].bodies[0], keep);
        }
        if (keep) {
            to->nodes[to->n++] = n;
        } else {
            n.from = n.id;
            add_node(to, n);
        }
    }
}
CUresult cuGraphCreate(struct graph **g, unsigned flags) { (void)flags; *g = new_graph(); return 0; }
CUresult cuStreamBeginCapture_v2(void *s, int mode) {
    (void)s;
    capture_global = mode == 0;
    capture_broken = 0;
    return 0;
}
CUresult cuThreadExchangeStreamCaptureMode(int *mode) {
    int was = capture_mode;
    capture_mode = *mode;
    *mode = was;
    note("capture mode %d", capture_mode);
    return 0;
}
/* The capture's dependencies out: its last node, as after a launch on the stream. */
CUresult cuStreamGetCaptureInfo_v3(void *s, int *status, uint64_t *id, struct graph **g, void *const **deps,
                                   const void **edges, size_t *ndeps) {
    if (s == CAPTURING && !capturing) capturing = new_graph();
    *status = s == CAPTURING;
    if (id) *id = 1;
    if (g) *g = s == CAPTURING ? capturing : NULL;
    if (edges) *edges = NULL;
    if (ndeps) *ndeps = s == CAPTURING && capturing->n ? 1 : 0;
    if (deps) *deps = s == CAPTURING && capturing->n ? &capturing->nodes[capturing->n - 1].id : NULL;
    return 0;
}
/* g gone, with the graphs its child graph nodes hold. */
static void drop_graph(struct graph *g) {
    for (int i = 0; i < g->n; i++)
        if (g->nodes[i].child) drop_graph(g->nodes[i].bodies[0]);
    for (int i = 0; i < 64; i++)
        if (made[i] == g) made[i] = NULL;
    free(g);
}
CUresult cuGraphDestroy(struct graph *g) {
    drop_graph(g);
    note("cuGraphDestroy");
    return 0;
}
CUresult cuStreamEndCapture(void *s, struct graph **g) {
    if (s != CAPTURING) return 900;           /* CUDA_ERROR_STREAM_CAPTURE_UNMATCHED */
    *g = capturing ? capturing : new_graph();
    capturing = NULL;
    capture_global = 0;
    note("cuStreamEndCapture %d nodes%s", (*g)->n, capture_broken ? " broken" : "");
    if (!capture_broken) return 0;
    cuGraphDestroy(*g);                     /* the driver drops a broken capture's graph */
    *g = NULL;
    return 901;                             /* CUDA_ERROR_STREAM_CAPTURE_INVALIDATED */
}
CUresult cuGraphAddKernelNode_v2(void **node, struct graph *g, const void *deps, size_t n, const KernelNodeParams *p) {
    (void)deps; (void)n;
    *node = add_node(g, kernel_node(p));
    const struct func *f = p->func ? p->func : p->kern;
    note("added %s%s", f->name, f->mod->twin ? " twin" : "");
    return 0;
}
static void *add_child(struct graph *g, const struct graph *child) {
    struct node made = {.child = 1, .nbodies = 1, .bodies = calloc(1, sizeof(struct graph *))};
    made.bodies[0] = new_graph();
    copy_nodes(made.bodies[0], child, 0);
    note("added a child graph of %d nodes", child->n);
    return add_node(g, made);
}
/* Whether g holds a conditional node, which the driver neither clones nor copies into a child
 * graph node (CUDA 13's cuGraphClone, cuGraphAddChildGraphNode: "not supported"). */
static int conditional(const struct graph *g) {
    for (int i = 0; i < g->n; i++)
        if (g->nodes[i].nbodies && !g->nodes[i].child) return 1;
    return 0;
}
CUresult cuGraphAddChildGraphNode(void **node, struct graph *g, const void *deps, size_t n, struct graph *child) {
    (void)deps; (void)n;
    if (conditional(child)) return 801;       /* CUDA_ERROR_NOT_SUPPORTED */
    *node = add_child(g, child);
    return 0;
}
CUresult cuGraphChildGraphNodeGetGraph(void *node, struct graph **graph) {
    struct node *n = find_node(graph_of_node(node), node, 0);
    if (!n || !n->child) return 1;            /* CUDA_ERROR_INVALID_VALUE */
    *graph = n->bodies[0];
    return 0;
}
/* A conditional node (CU_GRAPH_NODE_TYPE_CONDITIONAL): its bodies made here, as the driver does. */
static CUresult add_conditional(void **node, struct graph *g, NodeParams *p) {
    struct node made = {.nbodies = p->conditional.size, .bodies = calloc(p->conditional.size, sizeof(struct graph *))};
    for (unsigned i = 0; i < made.nbodies; i++) made.bodies[i] = new_graph();
    p->conditional.bodies = (void **)made.bodies;
    *node = add_node(g, made);
    note("added a conditional node of %u bodies", made.nbodies);
    return 0;
}
CUresult cuGraphAddNode_v2(void **node, struct graph *g, const void *deps, const void *edges, size_t n, NodeParams *p) {
    (void)edges;
    if (p->type == NODE_GRAPH) return cuGraphAddChildGraphNode(node, g, deps, n, p->graph);
    if (p->type == NODE_CONDITIONAL) return add_conditional(node, g, p);
    return p->type == NODE_KERNEL ? cuGraphAddKernelNode_v2(node, g, deps, n, &p->kernel) : 801;
}
static CUresult set_node(struct graph *g, void *id, const KernelNodeParams *p, const char *how) {
    struct node *n = find_node(g, id, 1);
    if (!n) return 400;                       /* CUDA_ERROR_INVALID_HANDLE */
    void *from = n->from;
    *n = kernel_node(p);
    n->id = id;
    n->from = from;
    note("%s %s%s", how, n->f->name, n->f->mod->twin ? " twin" : "");
    return 0;
}
CUresult cuGraphKernelNodeSetParams_v2(void *node, const KernelNodeParams *p) {
    return set_node(graph_of_node(node), node, p, "cuGraphKernelNodeSetParams_v2");
}
CUresult cuGraphDestroyNode(void *node) {
    struct graph *g = graph_of_node(node);
    struct node *n = find_node(g, node, 0);
    if (!n) return 400;
    *n = g->nodes[--g->n];
    note("cuGraphDestroyNode");
    return 0;
}
CUresult cuGraphClone(struct graph **clone, struct graph *g) {
    if (conditional(g)) {
        note("cuGraphClone refused: a conditional node");
        return 801;                           /* CUDA_ERROR_NOT_SUPPORTED */
    }
    *clone = new_graph();
    copy_nodes(*clone, g, 0);
    note("cuGraphClone %d nodes", g->n);
    return 0;
}
CUresult cuGraphNodeFindInClone(void **node, void *original, struct graph *clone) {
    for (int i = 0; clone && i < clone->n; i++)
        if (clone->nodes[i].from == original) { *node = clone->nodes[i].id; return 0; }
    return 1;                                 /* CUDA_ERROR_INVALID_VALUE */
}
struct exec { struct graph nodes; };
CUresult cuGraphInstantiateWithFlags(struct exec **exec, struct graph *g, unsigned long long flags) {
    (void)flags;
    *exec = calloc(1, sizeof **exec);
    copy_nodes(&(*exec)->nodes, g, 1);
    return 0;
}
CUresult cuGraphExecUpdate_v2(struct exec *exec, struct graph *g, void *info) {
    (void)info;
    exec->nodes.n = 0;
    copy_nodes(&exec->nodes, g, 1);
    note("cuGraphExecUpdate_v2 %d nodes", g->n);
    return 0;
}
CUresult cuGraphExecKernelNodeSetParams_v2(struct exec *exec, void *node, const KernelNodeParams *p) {
    return set_node(&exec->nodes, node, p, "cuGraphExecKernelNodeSetParams_v2");
}
CUresult cuGraphExecNodeSetParams(struct exec *exec, void *node, const NodeParams *p) {
    return p->type == NODE_KERNEL ? set_node(&exec->nodes, node, &p->kernel, "cuGraphExecNodeSetParams") : 801;
}
CUresult cuGraphExecDestroy(struct exec *exec) { free(exec); note("cuGraphExecDestroy"); return 0; }

/* NPARAMS original u64 params are logged by value; a twin also gets header + maps (NMAPS). */
static CUresult run(const char *how, struct func *f, unsigned g[3], unsigned b[3], void **params, void **extra,
                    void *stream) {
    int nparams = atoi(getenv("FAKE_NPARAMS") ? getenv("FAKE_NPARAMS") : "2");
    int nmaps = atoi(getenv("FAKE_NMAPS") ? getenv("FAKE_NMAPS") : "1");
    if (stream == CAPTURING && params) {
        struct graph *into;
        cuStreamGetCaptureInfo_v3(stream, &(int){0}, NULL, &into, NULL, NULL, NULL);
        add_node(into, make_node(f, g, b, params));
        note("captured %s%s", f->name, f->mod->twin ? " twin" : "");
        return 0;
    }
    unsigned long long threads = (unsigned long long)g[0] * g[1] * g[2] * b[0] * b[1] * b[2];
    char vals[256] = "";
    for (int i = 0; params && i < nparams; i++)
        snprintf(vals + strlen(vals), sizeof vals - strlen(vals), " %llx", *(unsigned long long *)params[i]);
    note("%s %s%s grid=%u,%u,%u block=%u,%u,%u params=%s extra=%d", how, f->name,
         f->mod->twin ? " twin" : "", g[0], g[1], g[2], b[0], b[1], b[2], vals, extra != NULL);
    if (!f->mod->twin) return 0;
    uint64_t header = *(uint64_t *)params[nparams];
    note("twin %s on device %d, its maps on device %d", f->name, (int)(current - CTX0), device_of(header));
    for (int g = 0; g < NGLOBALS; g++) {
        uint64_t at = f->mod->globals[g];
        if (!at) continue;
        unsigned long long v = value_at(at, GLOBALS[g].n);
        note("twin %s sees %s = %llu on stream %p", f->name, GLOBALS[g].name, v, stream);
        v += 1;
        memcpy((void *)(uintptr_t)at, &v, GLOBALS[g].n);
    }
    for (int m = 0; m < nmaps; m++) {
        uint64_t *slot = (uint64_t *)(uintptr_t)(header + 16 * m);
        slot[0] = threads;
        uint32_t *map = (uint32_t *)(uintptr_t)*(uint64_t *)params[nparams + 1 + m];
        for (unsigned long long t = 0; t < threads; t++) map[t] = (uint32_t)t;
        note("map %d at header+%llu", m, (unsigned long long)(*(uint64_t *)params[nparams + 1 + m] - header));
    }
    return 0;
}

#define PLAIN(name)                                                                              \
    CUresult name(struct func *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, \
                  unsigned bz, unsigned shm, void *s, void **params, void **extra) {              \
        (void)shm; (void)s;                                                                       \
        unsigned g[3] = {gx, gy, gz}, b[3] = {bx, by, bz};                                        \
        return run(#name, f, g, b, params, extra, s);                                            \
    }
PLAIN(cuLaunchKernel)
PLAIN(cuLaunchKernel_ptsz)
CUresult cuLaunchCooperativeKernel(struct func *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                   unsigned by, unsigned bz, unsigned shm, void *s, void **params) {
    (void)shm; (void)s;
    unsigned g[3] = {gx, gy, gz}, b[3] = {bx, by, bz};
    return run("cuLaunchCooperativeKernel", f, g, b, params, NULL, s);
}
CUresult cuLaunchKernelEx(const Config *c, struct func *f, void **params, void **extra) {
    unsigned g[3] = {c->gx, c->gy, c->gz}, b[3] = {c->bx, c->by, c->bz};
    return run("cuLaunchKernelEx", f, g, b, params, extra, c->stream);
}

static void launch_nodes(const struct graph *g, void *s) {
    for (int i = 0; i < g->n; i++) {
        const struct node *n = &g->nodes[i];
        for (unsigned b = 0; b < n->nbodies; b++) launch_nodes(n->bodies[b], s);
        if (n->nbodies) continue;
        void *params[24];
        for (int k = 0; k < n->n; k++) params[k] = (void *)&n->vals[k];
        run("cuGraphLaunch", n->f, (unsigned *)n->g, (unsigned *)n->b, params, NULL, s);
    }
}
/* On the capturing stream an exec becomes a child graph node of the capture (its nodes copied). */
CUresult cuGraphLaunch(struct exec *exec, void *s) {
    struct graph *into;
    if (s != CAPTURING) {
        launch_nodes(&exec->nodes, s);
        return 0;
    }
    cuStreamGetCaptureInfo_v3(s, &(int){0}, NULL, &into, NULL, NULL, NULL);
    add_child(into, &exec->nodes);
    return 0;
}

/* Like the real driver: "name" + flags -> the matching export (_ptsz, _v2 or plain), from its own
 * table (never through dlsym, which the shim overrides). */
#define EXPORTS(X) X(cuLaunchKernel) X(cuLaunchKernel_ptsz) X(cuLaunchKernelEx) X(cuLaunchCooperativeKernel) \
    X(cuModuleLoadData) X(cuModuleGetFunction) X(cuLibraryLoadData) X(cuLibraryGetKernel)               \
    X(cuKernelGetFunction) X(cuMemAlloc_v2) X(cuMemFree_v2) X(cuGetProcAddress_v2) X(cuFuncSetAttribute) \
    X(cuDevicePrimaryCtxRelease_v2) X(cuDevicePrimaryCtxRetain) X(cuCtxSetCurrent) X(cuDeviceGetCount)
#define ROW(n) {#n, (void *)n},
CUresult cuGetProcAddress_v2(const char *sym, void **pfn, int version, unsigned long long flags, int *status);
static const struct { const char *name; void *fn; } TABLE[] = {EXPORTS(ROW)};

CUresult cuGetProcAddress_v2(const char *sym, void **pfn, int version, unsigned long long flags, int *status) {
    (void)version;
    char name[256];
    const char *suffixes[] = {(flags & 2) ? "_ptsz" : "", "_v2", ""};
    *pfn = NULL;
    for (int i = 0; i < 3 && !*pfn; i++) {
        snprintf(name, sizeof name, "%s%s", sym, suffixes[i]);
        for (size_t k = 0; k < sizeof TABLE / sizeof TABLE[0]; k++)
            if (strcmp(TABLE[k].name, name) == 0) *pfn = TABLE[k].fn;
    }
    if (status) *status = *pfn ? 0 : 1;
    return *pfn ? 0 : 500;
}

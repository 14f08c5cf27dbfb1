/* A stand-in libamdhip64 for the HIP shim tests: "device" memory is host memory, every call runs
 * at once, and what matters is logged to $FAKE_HIP_LOG. Code objects are real ELF bytes: a load
 * logs their size and FNV-1a hash, and one holding `__nt_hdr` (an instrumented twin) plays the
 * instrumented kernel at launch: it finds the header among the arguments (the first that points
 * at the base of a hipMallocAsync buffer), and fills map k's buffer with byte j = (7j + 13k + 1)
 * mod 256 and header slot k's dropped count with 5 + k, so a test knows every byte the trace
 * must hold. The programs' kernels take 4 arguments. Text images ("FAKEHSACO <kernel> <own
 * params>", runtime/hip.py's tests) play a twin whose first map gets each thread's index, with
 * the arguments packed into `extra` as hip-python does. Streams other than the program's (NULL) and events are counted handles.
 * Stream 0xCA97 is being captured: a launch on it is kept as a node of the graph (its arguments'
 * values), which hipGraphLaunch of an instantiation runs; a hipMalloc during a capture (the shim's,
 * for a captured twin) counts as a map buffer the way hipMallocAsync buffers do. Graphs are also
 * built node by node (hipGraphCreate ... hipGraphInstantiate, a hipMalloc in between counting as a
 * map buffer too): a kernel node's func is a registered host stub (run as hipLaunchKernel runs it)
 * or a module function, and a child graph node holds a copy of the child graph. hipGraphClone gives
 * each node a new handle (so does that copy), which hipGraphNodeFindInClone finds from the
 * original's in the clone itself, not in the graphs its child graph nodes hold. Every module holds
 * its own module variables `counter` (u64) and `scale` (u32), found by hipModuleGetGlobal, and so
 * do registered fat binaries (one set for all), found by the host shadows __hipRegisterVar named
 * (hipGetSymbolAddress/Size, hipMemcpyToSymbol/FromSymbol); a twin
 * launch logs the values it sees and adds 1 to each; copies between variables (hipMemcpyDtoDAsync)
 * and the program's hipMemcpyHtoD/DtoH of them are logged, and FAKE_HIP_VARIABLE_COPY_FAIL
 * refuses the copies between them. Events log the stream they are recorded on. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fake_log.h"
#include "neutrino_contract.h"   /* the header slots the shim reads back */

typedef struct { uint32_t x, y, z; } dim3;
struct module { unsigned char *data; size_t size; int twin, maps; char text[256];
                uint64_t counter; uint32_t scale; };     /* its own module variables */
struct func { struct module *m; char name[64]; };
static struct { const void *host; char name[64]; } registry[64];
static int n_registry;
static struct { unsigned char *base; size_t size; } pools[256];   /* hipMallocAsync buffers */
static int n_pools;
static int context = 1, streams;
static struct module *loaded[64];         /* live modules, whose variables copies are logged for */

#define say(...) fake_log("FAKE_HIP_LOG", __VA_ARGS__)

static int capture_active;
int hipMalloc(void **p, size_t n) {
    *p = calloc(1, n ? n : 1);
    if (*p && capture_active && n_pools < 256) pools[n_pools].base = *p, pools[n_pools++].size = n;
    return *p ? 0 : 2;
}
int hipFree(void *p) { free(p); return 0; }
int hipMemset(void *p, int v, size_t n) { memset(p, v, n); return 0; }
int hipMemcpy(void *d, const void *s, size_t n, int kind) { (void)kind; memcpy(d, s, n); return 0; }
static void keep(struct module *m) {
    int slot = -1;
    for (int i = 0; i < 64; i++) {
        if (loaded[i] == m) return;
        if (!loaded[i] && slot < 0) slot = i;
    }
    if (slot >= 0) loaded[slot] = m;
}
int hipModuleUnload(void *m) {
    for (int i = 0; i < 64; i++)
        if (loaded[i] == m) loaded[i] = NULL;
    free(m);
    return 0;
}
int hipDeviceSynchronize(void) { return 0; }
int hipDeviceReset(void) { return 0; }
int hipGetDevice(int *d) { *d = 0; return 0; }
int hipCtxGetCurrent(void **c) { *c = &context; return 0; }
int hipCtxSetCurrent(void *c) { (void)c; return 0; }
int hipStreamCreateWithFlags(void **s, unsigned flags) {
    *s = (void *)(uintptr_t)(0x5000 + ++streams);
    say("stream_create flags=%u", flags);
    return 0;
}
int hipStreamSynchronize(void *s) { say("stream_sync %s", s ? "side" : "program"); return 0; }
int hipStreamWaitEvent(void *s, void *e, unsigned f) { (void)e; (void)f; say("stream_wait %s", s ? "side" : "program"); return 0; }
#define CAPTURING (void *)0xCA97
int hipStreamIsCapturing(void *s, int *status) { *status = s == CAPTURING; return 0; }
int hipEventCreateWithFlags(void **e, unsigned flags) { (void)flags; *e = calloc(1, sizeof(long)); return 0; }
int hipEventRecord(void *e, void *s) { static long t; *(long *)e = ++t; say("event on %p", s); return 0; }
int hipEventSynchronize(void *e) { (void)e; return 0; }
int hipEventElapsedTime(float *ms, void *a, void *b) { *ms = (float)(*(long *)b - *(long *)a) * 0.5f; return 0; }
int hipEventDestroy(void *e) { free(e); return 0; }
int hipHostMalloc(void **p, size_t n, unsigned flags) { (void)flags; *p = malloc(n); return *p ? 0 : 2; }
int hipHostFree(void *p) { free(p); return 0; }
int hipMemsetD8Async(void *p, unsigned char v, size_t n, void *s) { (void)s; memset(p, v, n); return 0; }
int hipMemcpyDtoHAsync(void *d, void *s, size_t n, void *stream) {
    memcpy(d, s, n);
    say("copy_back %zu on %s", n, stream ? "side" : "program");
    return 0;
}
int hipMallocAsync(void **p, size_t n, void *s) {
    (void)s;
    *p = calloc(1, n);
    if (n_pools < 256) pools[n_pools++].base = *p, pools[n_pools - 1].size = n;
    return *p ? 0 : 2;
}
int hipFreeAsync(void *p, void *s) { (void)s; (void)p; return 0; }   /* kept: the writer copied it */

static struct module registered_image;     /* the registered fat binary's variables */
static struct { const void *shadow; char name[64]; } shadows[16];
static int n_shadows;

void **__hipRegisterFatBinary(const void *wrapper) {
    static void *handle;
    say("register_fatbin magic=%x", *(const unsigned *)wrapper);
    keep(&registered_image);
    return &handle;
}

void __hipRegisterFunction(void **modules, const void *host, char *name, const char *device,
                           unsigned limit, void *tid, void *bid, dim3 *block, dim3 *grid, int *wg) {
    (void)modules; (void)device; (void)limit; (void)tid; (void)bid; (void)block; (void)grid; (void)wg;
    registry[n_registry].host = host;
    snprintf(registry[n_registry++].name, 64, "%s", name);
    say("register_function %s", name);
}

static size_t count(const unsigned char *p, size_t n, const char *what) {
    size_t k = 0, len = strlen(what);
    for (size_t i = 0; i + len <= n; i++) k += memcmp(p + i, what, len) == 0;
    return k;
}

int hipModuleLoadData(void **module, const void *image) {
    if (strncmp(image, "FAKEHSACO", 9) == 0) {
        struct module *m = calloc(1, sizeof *m);
        snprintf(m->text, sizeof m->text, "%s", (const char *)image);
        *module = m;
        keep(m);
        say("load %s", m->text);
        return 0;
    }
    if (memcmp(image, "\x7f" "ELF", 4) != 0) return 200;      /* hipErrorInvalidImage */
    const unsigned char *p = image;
    uint64_t shoff;
    uint16_t shentsize, shnum;
    memcpy(&shoff, p + 40, 8);
    memcpy(&shentsize, p + 58, 2);
    memcpy(&shnum, p + 60, 2);
    struct module *m = calloc(1, sizeof *m);
    m->size = shoff + (size_t)shentsize * shnum;               /* lld puts the headers last */
    m->data = malloc(m->size);
    memcpy(m->data, p, m->size);
    m->twin = count(m->data, m->size, "__nt_hdr") > 0;
    if (m->twin && getenv("FAKE_HIP_REFUSE_TWIN")) {           /* a runtime that will not load twins */
        free(m->data);
        free(m);
        say("load elf refused twin");
        return 200;
    }
    m->maps = (int)count(m->data, m->size, "__nt_map_");
    unsigned long long h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < m->size; i++) h = (h ^ m->data[i]) * 0x100000001b3ull;
    *module = m;
    keep(m);
    say("load elf bytes=%zu fnv=%016llx twin=%d", m->size, h, m->twin);
    return 0;
}

/* Every module holds `counter` (u64) and `scale` (u32): hipErrorInvalidHandle (400) without a
 * module, hipErrorNotFound (500) for other names. */
int hipModuleGetGlobal(void **p, size_t *n, struct module *m, const char *name) {
    if (!m) return 400;
    if (!strcmp(name, "counter")) *p = &m->counter, *n = sizeof m->counter;
    else if (!strcmp(name, "scale")) *p = &m->scale, *n = sizeof m->scale;
    else return 500;
    return 0;
}

/* "image counter" or "twin scale" where p is a module variable, with its value; NULL if not. */
static const char *variable(const void *p, unsigned long long *value) {
    static __thread char text[2][64];
    static __thread int turn;
    for (int i = 0; i < 64; i++) {
        struct module *m = loaded[i];
        if (!m || (p != &m->counter && p != &m->scale)) continue;
        *value = p == &m->counter ? m->counter : m->scale;
        turn ^= 1;
        snprintf(text[turn], sizeof text[turn], "%s %s", m->twin ? "twin" : "image", p == &m->counter ? "counter" : "scale");
        return text[turn];
    }
    return NULL;
}
int hipMemcpyHtoD(void *d, const void *s, size_t n) {
    unsigned long long v;
    memcpy(d, s, n);
    const char *to = variable(d, &v);
    if (to) say("program writes %s = %llu", to, v);
    return 0;
}
int hipMemcpyDtoH(void *d, const void *s, size_t n) {
    unsigned long long v;
    memcpy(d, s, n);
    const char *from = variable(s, &v);
    if (from) say("program reads %s = %llu", from, v);
    return 0;
}

void __hipRegisterVar(void **modules, void *var, char *host, char *device, int ext, size_t size, int constant,
                      int global) {
    (void)modules; (void)host; (void)ext; (void)size; (void)constant; (void)global;
    if (n_shadows < 16) shadows[n_shadows].shadow = var, snprintf(shadows[n_shadows++].name, 64, "%s", device);
}

/* A registered variable's address and bytes by its host shadow, as hipModuleGetGlobal by name;
 * hipErrorInvalidSymbol (13) for a shadow never registered. */
int hipGetSymbolAddress(void **p, const void *shadow) {
    size_t n;
    for (int i = 0; i < n_shadows; i++)
        if (shadows[i].shadow == shadow) return hipModuleGetGlobal(p, &n, &registered_image, shadows[i].name) ? 13 : 0;
    return 13;
}
int hipGetSymbolSize(size_t *n, const void *shadow) {
    void *p;
    for (int i = 0; i < n_shadows; i++)
        if (shadows[i].shadow == shadow) return hipModuleGetGlobal(&p, n, &registered_image, shadows[i].name) ? 13 : 0;
    return 13;
}
int hipMemcpyToSymbol(const void *shadow, const void *s, size_t n, size_t offset, int kind) {
    void *p;
    (void)kind;
    return hipGetSymbolAddress(&p, shadow) ? 13 : hipMemcpyHtoD((char *)p + offset, s, n);
}
int hipMemcpyFromSymbol(void *d, const void *shadow, size_t n, size_t offset, int kind) {
    void *p;
    (void)kind;
    return hipGetSymbolAddress(&p, shadow) ? 13 : hipMemcpyDtoH(d, (char *)p + offset, n);
}

int hipModuleGetFunction(void **function, void *module, const char *name) {
    struct func *f = calloc(1, sizeof *f);
    f->m = module;
    snprintf(f->name, sizeof f->name, "%s", name);
    *function = f;
    return 0;
}

static int pool_base(const void *p) {
    for (int i = 0; i < n_pools; i++)
        if (pools[i].base == p) return i;
    return -1;
}

/* The first 4 bytes of each of the program's own arguments, in hex: the same for the original
 * and the twin when the shim passes them through untouched. */
static void own_args(char *out, size_t n, void **args, int own) {
    out[0] = 0;
    for (int i = 0; i < own; i++) {
        uint32_t v;
        memcpy(&v, args[i], 4);
        snprintf(out + strlen(out), n - strlen(out), "%s%08x", i ? "," : "", v);
    }
}

static void play_twin(const char *name, struct module *m, dim3 g, dim3 b, void **args, void *stream) {
    int own = 0, pool = -1;
    while (own < 64 && (pool = pool_base(*(void **)args[own])) < 0) own++;
    if (pool < 0) { say("launch %s twin without a header", name); return; }
    unsigned char *hdr = pools[pool].base, *end = hdr + pools[pool].size;
    for (int k = 0; k < m->maps; k++) {
        unsigned char *map = *(unsigned char **)args[own + 1 + k];
        unsigned char *next = k + 1 < m->maps ? *(unsigned char **)args[own + 2 + k] : end;
        for (size_t j = 0; map + j < next; j++) map[j] = (unsigned char)(7 * j + 13 * k + 1);
        uint64_t dropped = 5 + k;
        memcpy(hdr + NT_HEADER_SLOT_BYTES * k + NT_HEADER_DROPPED, &dropped, 8);
    }
    char text[256];
    own_args(text, sizeof text, args, own);
    say("launch %s twin grid=%u block=%u own=%d maps=%d args=%s", name, g.x, b.x, own, m->maps, text);
    say("twin %s sees counter = %llu on stream %p", name, (unsigned long long)m->counter++, stream);
    say("twin %s sees scale = %u on stream %p", name, m->scale++, stream);
}

/* A text twin: its first map (a thread-level u32 counter) gets each thread's linear index. */
static int play_text(struct func *fn, dim3 g, dim3 b, void **params, void **extra) {
    char kernel[64];
    int own = 0;
    sscanf(fn->m->text, "FAKEHSACO %63s %d", kernel, &own);
    void *packed[16], **args = params;
    if (!params && extra) {
        /* hip-python's extra=(args...): HIP_LAUNCH_PARAM_BUFFER_POINTER (1), buffer,
         * HIP_LAUNCH_PARAM_BUFFER_SIZE (2), &size, END (3); a twin's own args are 4-byte ints,
         * the appended pointers 8-aligned after them */
        char *buf = NULL;
        size_t size = 0, off = 0;
        for (int i = 0; extra[i] != (void *)3; i += 2) {
            if (extra[i] == (void *)1) buf = extra[i + 1];
            if (extra[i] == (void *)2) size = *(size_t *)extra[i + 1];
        }
        for (int i = 0; i < own; i++, off += 4) packed[i] = buf + off;
        off = (off + 7) & ~(size_t)7;
        for (int i = own; i < 16 && off + 8 <= size; i++, off += 8) packed[i] = buf + off;
        say("launch %s packed=%zu", fn->name, size);
        args = packed;
    }
    unsigned long long threads = (unsigned long long)g.x * g.y * g.z * b.x * b.y * b.z;
    uint32_t *map = *(uint32_t **)args[own + 1];
    for (unsigned long long i = 0; i < threads; i++) map[i] = (uint32_t)i;
    say("launch %s twin args=%d,%d hdr=%d", fn->name, *(int *)args[0], *(int *)args[1], *(void **)args[own] != NULL);
    return 0;
}

/* Graphs: nodes are launches with their arguments' values (8 bytes each), of a module function
 * or (`host`) of a registered host stub, or child graph nodes (`child`: the copy it holds); `id`
 * is the node's handle (an exec's answer to its graph's), `from` the original's in a clone. */
struct node { void *id, *from; struct func *fn; const void *host; unsigned g, b; int n; uint64_t vals[24]; struct graph *child;
              void *args[24]; };     /* `args`: what hipGraphKernelNodeGetParams hands out, into vals */
struct graph { struct node nodes[16]; int n; };
struct exec { struct graph nodes; };
static struct graph *capturing, *made[64];
static uintptr_t next_node = 0x40DE00;
static struct graph *new_graph(void);
int hipStreamBeginCapture(void *s, int mode) {
    (void)s; (void)mode;
    capture_active = 1;
    capturing = new_graph();
    return 0;
}
int hipStreamGetCaptureInfo_v2(void *s, int *status, unsigned long long *id, struct graph **g, void *deps, void *n) {
    (void)deps; (void)n;
    *status = s == CAPTURING && capturing;
    if (id) *id = 1;
    if (g) *g = s == CAPTURING ? capturing : NULL;
    return 0;
}
int hipThreadExchangeStreamCaptureMode(int *mode) { (void)mode; return 0; }
int hipStreamEndCapture(void *s, struct graph **g) {
    if (s != CAPTURING || !capturing) return 901;
    *g = capturing;
    capturing = NULL;
    capture_active = 0;
    say("end_capture nodes=%d", (*g)->n);
    return 0;
}
static void copy_nodes(struct graph *to, const struct graph *from, int keep);
int hipGraphInstantiate(struct exec **exec, struct graph *g, void *node, char *log, size_t size) {
    (void)node; (void)log; (void)size;
    *exec = calloc(1, sizeof **exec);
    copy_nodes(&(*exec)->nodes, g, 1);
    capture_active = 0;                       /* graphs built node by node: the shim's buffers made */
    return 0;
}
int hipGraphExecDestroy(struct exec *exec) { free(exec); say("exec_destroy"); return 0; }
/* g gone, with the graphs its child graph nodes hold. */
static void drop_graph(struct graph *g) {
    for (int i = 0; i < g->n; i++)
        if (g->nodes[i].child) drop_graph(g->nodes[i].child);
    for (int i = 0; i < 64; i++)
        if (made[i] == g) made[i] = NULL;
    free(g);
}
int hipGraphDestroy(struct graph *g) {
    drop_graph(g);
    say("graph_destroy");
    return 0;
}

static struct graph *new_graph(void) {
    struct graph *g = calloc(1, sizeof *g);
    for (int i = 0; i < 64; i++)
        if (!made[i]) { made[i] = g; break; }
    return g;
}
int hipGraphCreate(struct graph **g, unsigned flags) {
    (void)flags;
    *g = new_graph();
    capture_active = 1;
    return 0;
}
/* The node `id` of g (`deep`: or of the graphs its child graph nodes hold). */
static struct node *find_node(struct graph *g, void *id, int deep) {
    for (int i = 0; g && i < g->n; i++) {
        struct node *in = deep && g->nodes[i].child ? find_node(g->nodes[i].child, id, 1) : NULL;
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
static void *add_node(struct graph *g, struct node n) {
    n.id = (void *)next_node++;
    g->nodes[g->n++] = n;
    return n.id;
}
/* from's nodes into `to`: a clone's (new handles), or (`keep`) an exec's; child graphs copied too. */
static void copy_nodes(struct graph *to, const struct graph *from, int keep) {
    for (int i = 0; i < from->n; i++) {
        struct node n = from->nodes[i];
        if (n.child) {
            n.child = keep ? calloc(1, sizeof *n.child) : new_graph();
            copy_nodes(n.child, from->nodes[i].child, keep);
        }
        if (keep) {
            to->nodes[to->n++] = n;
        } else {
            n.from = n.id;
            add_node(to, n);
        }
    }
}
static const char *registered(const void *host) {
    for (int i = 0; i < n_registry; i++)
        if (registry[i].host == host) return registry[i].name;
    return NULL;
}

/* hipKernelNodeParams, as HIP 6 lays it out. */
typedef struct { dim3 block; void **extra; void *func; dim3 grid; void **params; unsigned shm; } KernelNodeParams;
typedef struct {
    int type, reserved0[3];
    union { long long reserved1[29]; KernelNodeParams kernel; struct graph *graph; };
    long long reserved2;
} NodeParams;

static struct node kernel_node(const KernelNodeParams *p) {
    struct node n = {.g = p->grid.x, .b = p->block.x, .n = 4};
    if (registered(p->func)) n.host = p->func;
    else n.fn = p->func;
    if (n.fn && n.fn->m->twin) n.n += 1 + n.fn->m->maps;
    for (int i = 0; i < n.n; i++) memcpy(&n.vals[i], p->params[i], 8);
    return n;
}
static const char *node_name(const struct node *n) { return n->host ? registered(n->host) : n->fn->name; }
static int twin_node(const struct node *n) { return n->fn && n->fn->m->twin; }

/* The exported entry points call these, never each other: a preloaded shim replaces the exports. */
static int add_kernel(void **node, struct graph *g, const KernelNodeParams *p) {
    *node = add_node(g, kernel_node(p));
    struct node *made_node = find_node(g, *node, 0);
    say("added %s%s grid=%u", node_name(made_node), twin_node(made_node) ? " twin" : "", p->grid.x);
    return 0;
}
static int add_child(void **node, struct graph *g, const struct graph *child) {
    struct node made_node = {.child = new_graph()};
    copy_nodes(made_node.child, child, 0);
    *node = add_node(g, made_node);
    say("added a child graph of %d nodes", child->n);
    return 0;
}
int hipGraphChildGraphNodeGetGraph(void *node, struct graph **graph) {
    struct node *n = find_node(graph_of_node(node), node, 0);
    if (!n || !n->child) return 1;            /* hipErrorInvalidValue */
    *graph = n->child;
    return 0;
}
static int set_node(struct graph *g, void *id, const KernelNodeParams *p, const char *how) {
    struct node *n = find_node(g, id, 1);
    if (!n) return 400;                       /* hipErrorInvalidHandle */
    void *from = n->from;
    *n = kernel_node(p);
    n->id = id;
    n->from = from;
    say("%s %s%s grid=%u", how, node_name(n), twin_node(n) ? " twin" : "", n->g);
    return 0;
}
int hipGraphAddKernelNode(void **node, struct graph *g, const void *deps, size_t n, const KernelNodeParams *p) {
    (void)deps; (void)n;
    return add_kernel(node, g, p);
}
int hipGraphAddChildGraphNode(void **node, struct graph *g, const void *deps, size_t n, struct graph *child) {
    (void)deps; (void)n;
    return add_child(node, g, child);
}
int hipGraphAddNode(void **node, struct graph *g, const void *deps, size_t n, NodeParams *p) {
    (void)deps; (void)n;
    if (p->type == 4) return add_child(node, g, p->graph);
    return p->type == 0 ? add_kernel(node, g, &p->kernel) : 801;
}
int hipGraphDestroyNode(void *node) {
    struct graph *g = graph_of_node(node);
    struct node *n = find_node(g, node, 0);
    if (!n) return 400;
    *n = g->nodes[--g->n];
    say("node_destroy");
    return 0;
}
/* A kernel node's parameters as the runtime keeps them: its function (a twin's too), grid and
 * arguments (pointers into the node's copies). */
int hipGraphKernelNodeGetParams(void *node, KernelNodeParams *p) {
    struct node *n = find_node(graph_of_node(node), node, 0);
    if (!n || n->child) return 1;             /* hipErrorInvalidValue */
    for (int i = 0; i < n->n; i++) n->args[i] = &n->vals[i];
    *p = (KernelNodeParams){.block = {n->b, 1, 1}, .func = n->host ? (void *)n->host : n->fn, .grid = {n->g, 1, 1},
                            .params = n->args};
    return 0;
}
int hipGraphGetNodes(struct graph *g, void **nodes, size_t *count) {
    size_t asked = nodes ? *count : 0;
    for (size_t i = 0; i < asked && i < (size_t)g->n; i++) nodes[i] = g->nodes[i].id;
    *count = nodes && asked < (size_t)g->n ? asked : (size_t)g->n;
    return 0;
}
int hipGraphKernelNodeSetParams(void *node, const KernelNodeParams *p) {
    return set_node(graph_of_node(node), node, p, "node_set");
}
int hipGraphExecKernelNodeSetParams(struct exec *exec, void *node, const KernelNodeParams *p) {
    return set_node(&exec->nodes, node, p, "exec_node_set");
}
int hipGraphNodeSetParams(void *node, NodeParams *p) {
    return p->type == 0 ? set_node(graph_of_node(node), node, &p->kernel, "node_set") : 801;
}
int hipGraphExecNodeSetParams(struct exec *exec, void *node, NodeParams *p) {
    return p->type == 0 ? set_node(&exec->nodes, node, &p->kernel, "exec_node_set") : 801;
}
int hipGraphExecChildGraphNodeSetParams(struct exec *exec, void *node, struct graph *child) {
    (void)exec; (void)node; (void)child;
    say("exec_child_set");
    return 0;
}
int hipGraphClone(struct graph **clone, struct graph *g) {
    *clone = new_graph();
    copy_nodes(*clone, g, 0);
    say("clone nodes=%d", g->n);
    return 0;
}
int hipGraphNodeFindInClone(void **node, void *original, struct graph *clone) {
    for (int i = 0; clone && i < clone->n; i++)
        if (clone->nodes[i].from == original) { *node = clone->nodes[i].id; return 0; }
    return 1;                                 /* hipErrorInvalidValue */
}
/* A copy between module variables is logged (FAKE_HIP_VARIABLE_COPY_FAIL: refused). */
int hipMemcpyDtoDAsync(void *d, void *src, size_t n, void *s) {
    unsigned long long v, w;
    const char *from = variable(src, &v), *to = variable(d, &w);
    if (from && to && getenv("FAKE_HIP_VARIABLE_COPY_FAIL")) {
        say("copy %s to %s refused", from, to);
        return 1;                             /* hipErrorInvalidValue */
    }
    memcpy(d, src, n);
    if (from && to) say("copy %s = %llu to %s on stream %p", from, v, to, s);
    return 0;
}

/* hipModuleLaunchKernel's body, which hipGraphLaunch calls too (not through the export, which a
 * preloaded shim replaces). */
static int module_launch(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                         unsigned bz, unsigned shm, void *stream, void **params, void **extra) {
    (void)gy; (void)gz; (void)by; (void)bz; (void)shm;
    struct func *fn = f;
    if (stream == CAPTURING && capturing && params) {
        struct node *n = find_node(capturing, add_node(capturing, (struct node){.fn = fn, .g = gx, .b = bx}), 0);
        n->n = 4 + (fn->m->twin ? 1 + fn->m->maps : 0);
        for (int i = 0; i < n->n; i++) memcpy(&n->vals[i], params[i], 8);
        say("captured %s%s", fn->name, fn->m->twin ? " twin" : "");
        return 0;
    }
    if (fn->m->text[0]) return play_text(fn, (dim3){gx, gy, gz}, (dim3){bx, by, bz}, params, extra);
    if (!params) { say("launch %s extra=%d", fn->name, extra != NULL); return 0; }
    if (fn->m->twin) { play_twin(fn->name, fn->m, (dim3){gx, 1, 1}, (dim3){bx, 1, 1}, params, stream); return 0; }
    char text[256];
    own_args(text, sizeof text, params, 4);
    say("launch %s original grid=%u block=%u args=%s on %s", fn->name, gx, bx, text, stream ? "side" : "program");
    return 0;
}

int hipModuleLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                          unsigned bz, unsigned shm, void *stream, void **params, void **extra) {
    return module_launch(f, gx, gy, gz, bx, by, bz, shm, stream, params, extra);
}

/* hipLaunchKernel's body, which hipGraphLaunch calls too (not through the export). */
static int host_launch(const void *host, dim3 grid, dim3 block, void **args) {
    for (int i = 0; i < n_registry; i++)
        if (registry[i].host == host) {
            char text[256];
            own_args(text, sizeof text, args, 4);
            say("launch %s host grid=%u block=%u args=%s", registry[i].name, grid.x, block.x, text);
        }
    return 0;
}

int hipLaunchKernel(const void *host, dim3 grid, dim3 block, void **args, size_t shm, void *stream) {
    (void)shm; (void)stream;
    return host_launch(host, grid, block, args);
}

static void launch_nodes(struct graph *g, void *stream) {
    for (int i = 0; i < g->n; i++) {
        struct node *n = &g->nodes[i];
        void *params[24];
        for (int k = 0; k < n->n; k++) params[k] = &n->vals[k];
        if (n->child) launch_nodes(n->child, stream);
        else if (n->host) host_launch(n->host, (dim3){n->g, 1, 1}, (dim3){n->b, 1, 1}, params);
        else module_launch(n->fn, n->g, 1, 1, n->b, 1, 1, 0, stream, params, NULL);
    }
}
int hipGraphLaunch(struct exec *exec, void *stream) {
    launch_nodes(&exec->nodes, stream);
    return 0;
}

/* hipGetProcAddress (HIP 6.2+): the library's own functions, as the real one's internal table
 * holds them (hidden aliases: a preloaded shim's exports do not replace these addresses). */
#define OWN(name) extern __typeof__(name) own_##name __attribute__((alias(#name), visibility("hidden")));
OWN(hipModuleLoadData) OWN(hipModuleGetFunction) OWN(hipModuleLaunchKernel) OWN(hipMalloc)
int hipGetProcAddress(const char *symbol, void **pfn, int version, uint64_t flags, void *status) {
    (void)version; (void)flags; (void)status;
    static const struct { const char *name; void *fn; } table[] = {
        {"hipModuleLoadData", (void *)own_hipModuleLoadData}, {"hipModuleGetFunction", (void *)own_hipModuleGetFunction},
        {"hipModuleLaunchKernel", (void *)own_hipModuleLaunchKernel}, {"hipMalloc", (void *)own_hipMalloc}};
    for (size_t i = 0; i < sizeof table / sizeof *table; i++)
        if (strcmp(table[i].name, symbol) == 0) { *pfn = table[i].fn; return 0; }
    *pfn = NULL;
    return 500;    /* hipErrorNotFound */
}

/* What the two preload shims (shim.c for CUDA, shim_hip.c for HIP) share: the kernel and image
 * tables, the engine server client, the launch steps (capture check, fallback choice, sizing,
 * admission, allocation, parameters), the side-stream copy-back, the writer thread and the trace
 * bounds. Each shim is a runtime's table of intercepted entry points plus `nt_rt`, the few
 * things that differ (which library, the calls' symbol names, the device's arch, loading a twin,
 * launching). Built with -fvisibility=hidden: both shims can be preloaded into one process and
 * each keeps its own copy of this core; only the runtime entry points are exported (NT_API).
 */
#ifndef NEUTRINO_SHIM_CORE_H
#define NEUTRINO_SHIM_CORE_H
#define _GNU_SOURCE
#include <stddef.h>

#include "neutrino_contract.h"

#define NT_API __attribute__((visibility("default")))
#define NT_MAX_PARAMS 512
#define NT_XSTR(x) #x
#define NT_STR(x) NT_XSTR(x)

typedef unsigned long long nt_dptr;     /* a device address (CUdeviceptr, hipDeviceptr_t) */

/* An intercepted entry point: its wrapper here and the runtime's own, found on first use. */
struct nt_hook { const char *name; void *wrapper; void *volatile real; int tried; unsigned long calls; };
#define NT_AS_ROW(n) {#n, (void *)n, NULL, 0, 0},
#define NT_SEEN(hooks, id) __atomic_add_fetch(&(hooks)[id].calls, 1, __ATOMIC_RELAXED)

/* The runtime calls the core makes, by role; each shim names the symbols (`nt_runtime.calls`).
 * CUDA and HIP give them the same shapes and 0 for success. */
#define NT_CALLS(X)                                                                               \
    X(ctx_current) X(ctx_set) X(ctx_device) X(event_create) X(event_record) X(event_sync)         \
    X(event_elapsed) X(event_destroy) X(stream_create) X(stream_sync) X(stream_wait)              \
    X(stream_capturing) X(host_alloc) X(host_free) X(memset_async) X(dtoh_async) X(alloc_async)   \
    X(free_async) X(mem_alloc) X(mem_free) X(dtod_async) X(capture_info) X(capture_mode)          \
    X(find_in_clone) X(child_graph) X(kernel_node_get)
#define NT_AS_CENUM(n) NT_##n,
enum { NT_CALLS(NT_AS_CENUM) NT_N_CALLS };

struct nt_image {
    const unsigned char *data;
    size_t size;
    unsigned long long hash;
    int sent;
    const char *origin;       /* the binary or .so holding it; NULL for JIT output */
};

/* One map's buffer by its contract rule (contract size_rule): per_unit x units + fixed bytes. */
struct nt_map_rule {
    int unit;                 /* 0 threads, 1 warps, 2 blocks, -1 none (fixed size) */
    long long per_unit, fixed;
    long long pool_item;      /* unbounded records: item size (written up to the cursor) */
    long long capacity;       /* fixed-capacity records: per unit (their u32 counts close the buffer) */
    int slot;                 /* its header slot */
};

enum { NT_F_UNKNOWN, NT_F_READY, NT_F_SKIP };
/* A module variable the kernel reaches (contract.wire REPLY VAR): the twin's copy is given the
 * program's before each launch and, where `writable`, handed back after it. */
struct nt_var { char *name; int writable; };

struct nt_func {
    void *handle;             /* the function the program launches (or its host stub) */
    void *owner;              /* the module or library it was found in */
    int stable;               /* its handle outlives contexts (a library's kernel, a host stub) */
    struct nt_image *img;
    char *name;
    int state;                /* NT_F_*: set under the instrument lock, read atomically by launches */
    char *reason;             /* NT_F_SKIP: why */
    char key[72];             /* kernel hash from the server */
    void *twin;               /* the instrumented kernel */
    void *twin_owner;         /* the twin's own module or library (its copies of the variables) */
    int nparams, nmaps;
    unsigned *layout;         /* param_layout: the params' bytes, then each one's offset (or NULL) */
    struct nt_map_rule maps[NT_MAX_MAPS];
    unsigned long long seen;  /* launches that reached selection (--every, --launches) */
    char source[16];
    int nattrs, attrs[8][2];  /* attribute calls the runtime wants replayed on the twin (CUDA) */
    unsigned long long prepared;   /* devices (bit per ordinal) the twin is prepared on */
    int nvars;
    struct nt_var *vars;
};

/* One launch as the program asked for it; `form`, `id` and `config` are the shim's own. */
struct nt_launch {
    int form, id;
    void *f;
    unsigned grid[3], block[3], shm;
    void *stream;
    void **params, **extra;
    const void *config;
};

struct nt_runtime {
    const char *tag;                          /* NEUTRINO_SHIM_DEBUG lines start with it */
    const char *api, *code;                   /* in messages: "driver" / "runtime", "cubin" / "code object" */
    const char *data_name;                    /* its file under procs/<pid>/ (NT_TRACE_DATA*) */
    const char *calls[NT_N_CALLS];            /* symbol of each NT_CALLS role */
    struct nt_hook *hooks;                    /* the shim's table of intercepted entry points */
    int nhooks;
    const char *prefixes[2];                  /* every hooked name starts with one ("cu"; "hip", "__hip") */
    void *(*library)(void);                   /* the runtime library's handle (NULL: not loaded) */
    const char *cache_prefix;                 /* before the arch in .meta file names ("sm") */
    int (*arch)(char *out, size_t n);         /* the current device, as the engine reads it */
    int (*load_twin)(struct nt_func *f, const void *bytes, size_t n);   /* 1: f->twin set */
    int (*prepare)(struct nt_func *f, int device);   /* before the twin's first launch there */
    int (*launch)(const struct nt_launch *l, void *fn, void **params);
    /* The twin's module variables given the program's values on `stream` (back 0), or the
     * writable ones handed back (back 1); 0 where a copy failed. NULL: kernels reaching module
     * variables run the original. */
    int (*variables)(const struct nt_func *f, void *stream, int back);
    const void *extra_end;                    /* what ends an `extra` list (CUDA 0, HIP 3) */
    void (*identify)(void *handle, const char **name, void **owner);   /* unseen function */
    void *(*redirect)(const char *name, void *p);   /* dlsym of a name outside the table (or NULL) */
    int graphs;                               /* its wrappers report graphs (nt_graph_*): captured
                                                 launches may run the twin */
    void *(*captured_node)(void *stream);     /* the node a launch just captured there (or NULL) */
    /* Kernel node parameters (graphs built node by node), the runtime's struct (`v1`: CUDA's
     * shorter first version): the launch they describe (f, grid, block, shm, params, extra), and a
     * copy of them running `fn` with `params` and `extra` instead. */
    void (*node_read)(const void *p, int v1, struct nt_launch *l);
    void (*node_write)(void *out, const void *p, int v1, void *fn, void **params, void **extra);
    int node_conditional;                     /* graph node params' conditional type (0: none) */
};
extern const struct nt_runtime nt_rt;        /* defined by each shim */

void *nt_real_dlsym(void *handle, const char *name);
/* The runtime library's `name`, looked up once into `*slot` (calls made on the launch path). */
void *nt_real_once(void **slot, const char *name);
/* Entry points fetched by name: the core exports dlsym(), which answers a hooked name with the
 * wrapper (the program's own handle on the runtime gives the real one); a runtime's
 * GetProcAddress wrapper hands its answer to nt_swap (`suffix`: a variant the flags asked for,
 * such as CUDA's "_ptsz", tried first). */
void *nt_swap(const char *sym, void *p, const char *suffix);
void *nt_real(struct nt_hook *h);             /* the runtime's own function behind a hook */
void *nt_call(int id);                        /* an NT_CALLS role's function, NULL if none */
int nt_checked(int result);                   /* 1 on success; a failure is counted */
int nt_active(void);                          /* `neutrino trace` runs us (an engine socket) */
int nt_debug(void);                           /* NEUTRINO_SHIM_DEBUG is set (and not 0) */
void *nt_read_file(const char *path, size_t *size);
size_t nt_elf_size(const unsigned char *elf);

void nt_note_image(void *owner, const void *data, size_t size);
void nt_note_file_image(void *owner, const char *path);
void nt_alias_image(void *owner, void *same_as);
/* Run-time linking: an input of the link `state` (is_ptx 1 PTX, 0 not, -1 by its bytes), the
 * image it made, its end. */
void nt_link_input(void *state, int is_ptx, const void *data, size_t size);
void nt_link_output(void *state, const void *out, size_t size);
void nt_link_end(void *state);
void nt_note_func(void *handle, void *owner, const char *name, int stable);
void nt_forget_owner(void *owner);            /* a module or library unloaded: its kernels forgotten */
void nt_alias_func(void *handle, void *same_as);
struct nt_func *nt_func_of(void *handle);
void nt_lock_instrument(void);
void nt_unlock_instrument(void);

int nt_launch(struct nt_launch *l);           /* twin or original, timed, maps copied back */
void nt_note_alloc(const char *op, unsigned long long ptr, unsigned long long bytes);
void nt_drain(void);                          /* wait for the writer (before a context goes) */
void nt_context_gone(void *ctx, int device);  /* after: ctx, or (NULL) every context of device (-1: current) */
/* Graphs (CUDA's and HIP's): a graph made from a capture or node by node may hold twins; an
 * instantiation, a clone, an update, an edit and a launch of it are reported here, and its end
 * (exec or graph destroyed). */
void nt_graph_instantiated(void *exec, void *graph);
void nt_graph_cloned(void *clone, void *graph);    /* its nodes found in the clone (find_in_clone) */
void nt_graph_updated(void *exec, void *graph);    /* the exec runs that graph's nodes now */
int nt_graph_destroy_node(void *node, int (*destroy)(void *node));   /* cuGraphDestroyNode's call */
void nt_graph_child(void *graph, void *node, void *child);  /* child's nodes copied into graph's node */
void nt_graph_exec_child(void *exec);              /* an exec's child graph node given another graph */
void nt_graph_body(void *graph, void *body);       /* a conditional node's body, filled later */
int nt_graph_launch(void *exec, void *stream, int (*launch)(void *exec, void *stream));

/* A call that adds a node to a graph or sets a node's parameters (graphs built node by node),
 * its arguments as given; both runtimes give these calls the same shapes (NT_NODE_*). */
enum {
    NT_NODE_ADD,          /* (node *out, graph, const node *deps, size_t n, params) */
    NT_NODE_ADD_EDGES,    /* (node *out, graph, const node *deps, const edges, size_t n, params) */
    NT_NODE_SET,          /* (node, params) */
    NT_NODE_EXEC_SET,     /* (exec, node, params) */
};
struct nt_node_call {
    int id, shape, v1;    /* the hook called, its NT_NODE_* shape, kernel params' first version */
    void **node;          /* adds: where the node's handle goes; sets: the node's */
    void *graph, *exec;
    const void *deps, *edges, *params;
    size_t ndeps;
    int generic;          /* params are graph node params (a type, then a union) */
};
#define NT_FORM_NODE 100  /* a launch describing a kernel node (config: its struct nt_node_call) */
/* Kernel node parameters: the twin goes in the kernel's place, or a twin's node keeps its twin. */
int nt_graph_kernel_node(struct nt_node_call *c);
/* Graph node parameters: kernel nodes as above, child graphs and conditional bodies followed. */
int nt_graph_any_node(struct nt_node_call *c);
void nt_graph_gone(void *handle);
int nt_graph_end_capture(void *stream, void **graph, int (*end)(void *stream, void **graph));

#endif

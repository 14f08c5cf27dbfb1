/* The core both preload shims share (shim_core.h says what is in it and why): kernel and image
 * tables, the engine server client, the launch steps, the side-stream copy-back through a pinned
 * ring, the writer thread appending to the trace's procs/<pid>/<data file> (the shim's
 * `nt_rt.data_name`: CUDA's maps.bin, HIP's maps.hip.bin), and the trace bounds.
 *
 * Protocol with the server (NEUTRINO_SOCKET, a Unix socket): each message is u32 header length,
 * header text ("verb\nkey value\n..."), u64 payload length, payload; the formats, sizes and limits
 * come from neutrino_contract.h (generated from neutrino_py/contract). Map bytes never cross the
 * socket: the server gets where they are. Anything not handled runs the original kernel; each
 * launch event says which fallback it took, and NEUTRINO_SHIM_DEBUG=1 prints the per-entry-point
 * and per-fallback counts at exit.
 */
#include "shim_core.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define EVENT_BLOCKING_SYNC 1   /* cuEventCreate / hipEventCreateWithFlags */
#define STREAM_NON_BLOCKING 1   /* cuStreamCreate / hipStreamCreateWithFlags */
#define HOST_ALLOC_PORTABLE 1   /* cuMemHostAlloc / hipHostMalloc */
#define CAPTURE_MODE_RELAXED 2  /* cuThreadExchangeStreamCaptureMode / hip's */

/* ---- resolving the runtime ------------------------------------------------------------------ */

typedef void *(*dlsym_fn)(void *, const char *);
static dlsym_fn real_dlsym_ptr;
static void *calls[NT_N_CALLS];

/* libc's dlsym, whoever overrides it (the CUDA shim does): RTLD_NEXT then means "after us". */
static dlsym_fn libc_dlsym(void) {
    if (!real_dlsym_ptr) {
        real_dlsym_ptr = (dlsym_fn)dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.34");
        if (!real_dlsym_ptr) real_dlsym_ptr = (dlsym_fn)dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.2.5");
    }
    return real_dlsym_ptr;
}

void *nt_real_dlsym(void *handle, const char *name) {
    return libc_dlsym() ? libc_dlsym()(handle, name) : NULL;
}

void *nt_real(struct nt_hook *h) {
    if (!h->real && !h->tried) {
        void *lib = nt_rt.library();
        void *p = lib ? nt_real_dlsym(lib, h->name) : NULL;
        if (p != h->wrapper) h->real = p;
        h->tried = lib != NULL;
    }
    return h->real;
}

static int hook_index(const char *name) {
    int ours = 0;
    for (int k = 0; k < 2 && name && !ours; k++)
        ours = nt_rt.prefixes[k] && strncmp(name, nt_rt.prefixes[k], strlen(nt_rt.prefixes[k])) == 0;
    for (int i = 0; ours && i < nt_rt.nhooks; i++)
        if (strcmp(nt_rt.hooks[i].name, name) == 0) return i;
    return -1;
}

/* A pointer the runtime handed out -> our wrapper for it, by identity with the exports, else by
 * name (the suffixed variant first). */
void *nt_swap(const char *sym, void *p, const char *suffix) {
    struct nt_hook *hooks = nt_rt.hooks;
    for (int i = 0; i < nt_rt.nhooks; i++)
        if (hooks[i].wrapper == p) return p;      /* a runtime whose exports bind to ours */
    for (int i = 0; i < nt_rt.nhooks; i++)
        if (nt_real(&hooks[i]) == p) return hooks[i].wrapper;
    char name[128];
    snprintf(name, sizeof name, "%s%s", sym, suffix);
    int id = hook_index(name);
    if (id < 0) id = hook_index(sym);
    if (id >= 0 && (!hooks[id].real || hooks[id].real == p)) {
        hooks[id].real = p;
        return hooks[id].wrapper;
    }
    return p;
}

/* Both shims export dlsym; preloaded together, the first one's answer comes from the second's, so
 * each swaps the names of its own table. The next dlsym is found by libc's (dlvsym cannot: it
 * skips unversioned definitions such as ours), asked from here: "after us". */
static void *next_dlsym(void *handle, const char *name) {
    static dlsym_fn next;
    if (!next) {
        next = libc_dlsym() ? (dlsym_fn)libc_dlsym()(RTLD_NEXT, "dlsym") : NULL;
        if (!next || next == (dlsym_fn)dlsym) next = libc_dlsym();
    }
    return next ? next(handle, name) : NULL;
}

NT_API void *dlsym(void *handle, const char *name) {
    void *p = next_dlsym(handle, name);
    int id = hook_index(name);
    if (id < 0 || !p) return p && nt_rt.redirect ? nt_rt.redirect(name, p) : p;
    struct nt_hook *h = &nt_rt.hooks[id];
    if (p != h->wrapper && !h->real) h->real = p;
    return p == h->real || p == h->wrapper ? h->wrapper : p;
}

void *nt_real_once(void **slot, const char *name) {
    void *p = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (!p && nt_rt.library()) {
        p = nt_real_dlsym(nt_rt.library(), name);
        __atomic_store_n(slot, p, __ATOMIC_RELEASE);
    }
    return p;
}

void *nt_call(int id) {
    return nt_real_once(&calls[id], nt_rt.calls[id]);
}
#define CALL(id, type, ...) (nt_call(NT_##id) ? ((type)nt_call(NT_##id))(__VA_ARGS__) : 1)

/* ---- small tables keyed by pointer ---------------------------------------------------------- */

struct entry { void *key; void *value; };
struct table { struct entry *slots; size_t cap, n; };
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static struct table images_by_owner, funcs;   /* module/library -> image; handle -> func */

static size_t slot_of(struct table *t, void *key) {
    size_t i = ((uintptr_t)key >> 4) * 0x9E3779B97F4A7C15ull & (t->cap - 1);
    while (t->slots[i].key && t->slots[i].key != key) i = (i + 1) & (t->cap - 1);
    return i;
}

static void *table_get(struct table *t, void *key) {
    if (!t->cap || !key) return NULL;
    return t->slots[slot_of(t, key)].value;
}

static void table_put(struct table *t, void *key, void *value) {
    if (!key) return;
    if ((t->n + 1) * 2 > t->cap) {
        struct table bigger = {calloc(t->cap ? t->cap * 2 : 1024, sizeof(struct entry)),
                               t->cap ? t->cap * 2 : 1024, 0};
        for (size_t i = 0; i < t->cap; i++)
            if (t->slots[i].key) {
                bigger.slots[slot_of(&bigger, t->slots[i].key)] = t->slots[i];
                bigger.n++;
            }
        free(t->slots);
        *t = bigger;
    }
    size_t i = slot_of(t, key);
    if (!t->slots[i].key) t->n++;
    t->slots[i].key = key;
    t->slots[i].value = value;
}


/* ---- images --------------------------------------------------------------------------------- */

static unsigned long long hash_bytes(const unsigned char *p, size_t n) {
    unsigned long long h = 0xcbf29ce484222325ull ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        unsigned long long w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    for (; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

/* Bytes of the ELF at p (a cubin or an AMDGPU code object): its section headers, or a section
 * that lies past them, end it. */
size_t nt_elf_size(const unsigned char *p) {
    uint64_t shoff, phoff;
    uint16_t shentsize, shnum, phentsize, phnum;
    memcpy(&phoff, p + 32, 8);
    memcpy(&shoff, p + 40, 8);
    memcpy(&phentsize, p + 54, 2);
    memcpy(&phnum, p + 56, 2);
    memcpy(&shentsize, p + 58, 2);
    memcpy(&shnum, p + 60, 2);
    size_t end = shoff + (size_t)shentsize * shnum, ph = phoff + (size_t)phentsize * phnum;
    for (unsigned i = 0; i < shnum; i++) {      /* a section may lie past the headers */
        uint64_t off, size;
        uint32_t type;
        memcpy(&type, p + shoff + i * shentsize + 4, 4);
        memcpy(&off, p + shoff + i * shentsize + 24, 8);
        memcpy(&size, p + shoff + i * shentsize + 32, 8);
        if (type != 8 && off + size > end) end = off + size;   /* 8 = SHT_NOBITS */
    }
    return end > ph ? end : ph;
}

/* ---- images linked at run time -------------------------------------------------------------- */

/* numba-cuda and cuda.core link PTX into a cubin (nvJitLink, else the driver's cuLink*) and load
 * the cubin, which holds machine code only. A link whose one input is PTX keeps that PTX, known by
 * the bytes of the cubin it made; loaded, that cubin is sent to the engine as its PTX. A link of
 * several inputs (PTX with libraries, LTO-IR, cubins) keeps nothing: its kernels stay SASS only. */
struct link { void *state; int inputs; char *ptx; unsigned long long hash; size_t size; struct link *next; };
static struct link *links_open, *links_done;   /* by link state; by output (newest first) */
#define LINKS_KEPT 256

#define LINK_DEBUG(...) (nt_debug() ? (void)fprintf(stderr, "neutrino-shim link: " __VA_ARGS__) : (void)0)

static struct link *take_link(void *state) {   /* under table_lock */
    for (struct link **at = &links_open; *at; at = &(*at)->next)
        if ((*at)->state == state) {
            struct link *l = *at;
            *at = l->next;
            return l;
        }
    return NULL;
}

static void free_links(struct link *l) {
    while (l) {
        struct link *next = l->next;
        free(l->ptx);
        free(l);
        l = next;
    }
}

static size_t linked_size(const unsigned char *p, size_t size) {
    if (memcmp(p, "\x7f" "ELF", 4) == 0) return nt_elf_size(p);
    return size ? size : strlen((const char *)p) + 1;
}

/* An input given as "any kind" (cuda.core passes nvJitLink's NVJITLINK_INPUT_ANY): PTX is text
 * that declares its .version early; cubins, fatbins and LTO-IR start with binary magic. */
static int ptx_text(const char *data, size_t size) {
    size_t n = size && size < 4096 ? size : 4096;
    for (size_t i = 0; i + 8 <= n && data[i]; i++)
        if (strncmp(data + i, ".version", 8) == 0) return 1;
    return 0;
}

void nt_link_input(void *state, int is_ptx, const void *data, size_t size) {
    if (!state) return;
    if (is_ptx < 0) is_ptx = data && ptx_text(data, size);
    pthread_mutex_lock(&table_lock);
    struct link *l = take_link(state);
    if (!l) l = calloc(1, sizeof *l);
    if (l) {
        l->state = state;
        if (++l->inputs == 1 && is_ptx && data) l->ptx = strndup(data, size ? size : strlen(data));
        l->next = links_open;
        links_open = l;
        LINK_DEBUG("%p: input %d, %s\n", state, l->inputs, is_ptx ? "PTX" : "not PTX");
    }
    pthread_mutex_unlock(&table_lock);
}

void nt_link_output(void *state, const void *out, size_t size) {
    pthread_mutex_lock(&table_lock);
    struct link *l = take_link(state);
    if (l && l->inputs == 1 && l->ptx && out) {
        l->size = linked_size(out, size);
        l->hash = hash_bytes(out, l->size);
        LINK_DEBUG("%p: made %zu bytes from one PTX module, kept\n", state, l->size);
        l->next = links_done;
        links_done = l;
        int kept = 0;
        for (struct link *k = links_done; k; k = k->next)
            if (++kept == LINKS_KEPT) {
                free_links(k->next);
                k->next = NULL;
            }
    } else if (l) {
        LINK_DEBUG("%p: made from %d inputs, not kept\n", state, l->inputs);
        l->next = NULL;
        free_links(l);
    }
    pthread_mutex_unlock(&table_lock);
}

void nt_link_end(void *state) {
    pthread_mutex_lock(&table_lock);
    struct link *l = take_link(state);
    if (l) l->next = NULL;
    free_links(l);
    pthread_mutex_unlock(&table_lock);
}

/* The PTX a link made the image at p from (a copy), or NULL; `*hash` is the image's hash when
 * it had to be computed (0 otherwise), so that the image is not hashed again on its first launch. */
static char *linked_ptx(const unsigned char *p, size_t size, unsigned long long *hash) {
    char *ptx = NULL;
    pthread_mutex_lock(&table_lock);
    *hash = links_done ? hash_bytes(p, size) : 0;
    for (struct link *l = links_done; l && !ptx; l = l->next)
        if (l->size == size && l->hash == *hash) ptx = strdup(l->ptx);
    pthread_mutex_unlock(&table_lock);
    return ptx;
}

/* Remember the image behind a module/library. Images inside a loaded object (.nv_fatbin of a
 * binary or .so) stay put; others (JIT output in a Python bytes object) are copied, or replaced
 * by the PTX they were linked from. */
void nt_note_image(void *owner, const void *data, size_t size) {
    if (!owner || !data) return;
    struct nt_image *img = calloc(1, sizeof *img);
    const unsigned char *p = data;
    img->size = size;
    Dl_info info;
    char *ptx;
    if (dladdr(p, &info) && info.dli_fbase) {
        img->data = p;
        img->origin = info.dli_fname;
    } else if ((ptx = linked_ptx(p, size, &img->hash))) {
        LINK_DEBUG("an image of %zu bytes loaded, sent as the PTX it was linked from\n", size);
        img->data = (unsigned char *)ptx;
        img->size = strlen(ptx) + 1;
        img->hash = 0;                              /* the PTX's, computed when first needed */
    } else {
        unsigned char *copy = malloc(img->size);
        memcpy(copy, p, img->size);
        img->data = copy;
    }
    pthread_mutex_lock(&table_lock);
    table_put(&images_by_owner, owner, img);
    pthread_mutex_unlock(&table_lock);
}

/* A whole file, NUL-terminated (caller frees; *size without the NUL), or NULL if it cannot be opened. */
void *nt_read_file(const char *path, size_t *size) {
    FILE *fp = path ? fopen(path, "rb") : NULL;
    if (!fp) return NULL;
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    char *bytes = malloc((size_t)n + 1);
    size_t got = fread(bytes, 1, (size_t)n, fp);
    fclose(fp);
    bytes[got] = 0;
    if (size) *size = got;
    return bytes;
}

/* A module loaded from a file (torch.compile's static launcher loads Triton's cubin files): the
 * file's bytes, with its path as origin so the server can find the assembly beside it. */
void nt_note_file_image(void *owner, const char *path) {
    size_t got;
    unsigned char *copy = owner ? nt_read_file(path, &got) : NULL;
    if (!copy) return;
    struct nt_image *img = calloc(1, sizeof *img);
    img->data = copy;
    img->size = got;
    img->origin = strdup(path);
    pthread_mutex_lock(&table_lock);
    table_put(&images_by_owner, owner, img);
    pthread_mutex_unlock(&table_lock);
}

/* `owner` (a module, library or fat binary handle) now holds the image `same_as` holds. */
void nt_alias_image(void *owner, void *same_as) {
    pthread_mutex_lock(&table_lock);
    struct nt_image *img = table_get(&images_by_owner, same_as);
    if (img) table_put(&images_by_owner, owner, img);
    pthread_mutex_unlock(&table_lock);
}

void nt_note_func(void *handle, void *owner, const char *name, int stable) {
    if (!handle) return;
    pthread_mutex_lock(&table_lock);
    if (!table_get(&funcs, handle)) {
        struct nt_func *f = calloc(1, sizeof *f);
        f->handle = handle;
        f->owner = owner;
        f->stable = stable;
        f->img = table_get(&images_by_owner, owner);
        f->name = strdup(name ? name : "?");
        table_put(&funcs, handle, f);
    }
    pthread_mutex_unlock(&table_lock);
}

/* `handle` launches the kernel `same_as` names: one state, whichever handle launches. */
void nt_alias_func(void *handle, void *same_as) {
    pthread_mutex_lock(&table_lock);
    struct nt_func *src = table_get(&funcs, same_as);
    if (src && !table_get(&funcs, handle)) table_put(&funcs, handle, src);
    pthread_mutex_unlock(&table_lock);
}

/* The driver gives the handles of an unloaded module, or of a context gone, out again: a kernel
 * loaded later at the same address must not be taken for the one before, or that one's twin runs
 * (a program that loaded and unloaded eight modules on the H200 got a stale twin's sums). Their
 * entries are emptied, not freed: launches in the writer's queue still read them. `owner` NULL:
 * every handle that does not outlive its context (aliases and module functions). Under table_lock. */
static void forget_funcs(void *owner) {
    struct nt_image *img = owner ? table_get(&images_by_owner, owner) : NULL;
    for (size_t i = 0; i < funcs.cap; i++) {
        struct nt_func *f = funcs.slots[i].value;
        if (f && (owner ? f->owner == owner || (img && f->img == img)
                        : funcs.slots[i].key != f->handle || !f->stable))
            funcs.slots[i].value = NULL;
    }
}

void nt_forget_owner(void *owner) {
    if (!owner) return;
    pthread_mutex_lock(&table_lock);
    forget_funcs(owner);
    table_put(&images_by_owner, owner, NULL);
    pthread_mutex_unlock(&table_lock);
}

struct nt_func *nt_func_of(void *handle) {
    pthread_mutex_lock(&table_lock);
    struct nt_func *f = table_get(&funcs, handle);
    pthread_mutex_unlock(&table_lock);
    if (f) return f;
    const char *name = NULL;                   /* loaded before us or by a path we do not see */
    void *owner = NULL;
    if (nt_rt.identify) nt_rt.identify(handle, &name, &owner);
    nt_note_func(handle, owner, name, 0);
    pthread_mutex_lock(&table_lock);
    f = table_get(&funcs, handle);
    pthread_mutex_unlock(&table_lock);
    return f;
}


/* ---- counters and options ------------------------------------------------------------------- */

enum { C_LAUNCHES, C_INSTRUMENTED, C_FB_CAPTURE, C_FB_EXTRA, C_FB_SKIPPED, C_FB_NO_IMAGE,
       C_FB_SERVER, C_FB_LAUNCH_FAILED, C_FB_PARAMS, C_FB_UNSELECTED, C_FB_LIMIT, C_FB_BUDGET,
       C_FB_RING, C_NOT_RECORDED, C_RING_WAITS, C_DRIVER_ERRORS, C_LOST, C_GRAPH_TWINS, C_QUEUE_WAITS,
       C_EVENTS_CREATED, N_COUNTERS };
static const char *COUNTER_NAMES[N_COUNTERS] = {
    "launches", "instrumented", "fallback_graph_capture", "fallback_extra_params",
    "fallback_not_instrumentable", "fallback_unknown_image", "fallback_server_unavailable",
    "fallback_instrumented_launch_failed", "fallback_too_many_params", "fallback_not_selected",
    "fallback_launch_limit", "fallback_budget_reached", "fallback_ring_full", "not_recorded",
    "ring_waits", "driver_errors", "lost_events", "graph_twins", "queue_waits", "events_created"};
static unsigned long counters[N_COUNTERS];
#define COUNT(c) __atomic_add_fetch(&counters[c], 1, __ATOMIC_RELAXED)

int nt_debug(void) {
    const char *d = getenv("NEUTRINO_SHIM_DEBUG");
    return d && *d && *d != '0';
}

/* What `neutrino trace` asked for (docs/contracts.md §6), read once at load from NT_ENV_*. */
static struct {
    const char *socket, *run;                  /* engine socket; run directory (maps.bin goes under it) */
    unsigned long long launches, every;        /* per kernel: first N selected launches, one in K */
    unsigned long long max_bytes, min_free;    /* map bytes of the run; free space never crossed */
    unsigned long long staging;                /* pinned ring bytes = map bytes waiting on the device */
    unsigned long long graph_maps;             /* device bytes the maps of captured twins may hold */
    unsigned long queue_max;                   /* items waiting for the writer before a launch waits */
    int ring_native;                           /* ring full: 1 = run the original, 0 = wait */
    int recorded_times;                        /* 1: time only the launches that record maps */
} opt;

static unsigned long long env_u64(const char *name, unsigned long long fallback) {
    const char *v = getenv(name);
    return v && *v ? strtoull(v, NULL, 10) : fallback;
}

/* ---- growing text (message headers hold kernel names of any length) ------------------------ */

struct text { char *s; size_t n, cap; };

/* Room for `more` bytes (and a NUL) after t->n; 0 when out of memory. */
static int text_room(struct text *t, size_t more) {
    if (t->s && t->n + more < t->cap) return 1;
    size_t cap = t->cap ? t->cap * 2 : 1024;
    while (cap <= t->n + more) cap *= 2;
    char *s = realloc(t->s, cap);
    if (!s) return 0;
    t->s = s;
    t->cap = cap;
    return 1;
}

__attribute__((format(printf, 2, 3))) static void add(struct text *t, const char *fmt, ...) {
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = t->s ? vsnprintf(t->s + t->n, t->cap - t->n, fmt, ap) : -1;
        va_end(ap);
        if (k >= 0 && t->n + (size_t)k < t->cap) {
            t->n += (size_t)k;
            return;
        }
        if (k < 0 && t->s) return;              /* an encoding error: nothing more to add */
        if (!text_room(t, k >= 0 ? (size_t)k : 0)) return;   /* out of memory: the message goes out shorter */
        if (k < 0) t->s[t->n] = 0;
    }
}

/* A message's frame up to its payload (header length, header, payload length), appended to t. */
static int frame(struct text *t, const char *header, uint64_t payload) {
    uint32_t hl = (uint32_t)strlen(header);
    if (!text_room(t, NT_WIRE_HEADER_LENGTH_BYTES + hl + NT_WIRE_PAYLOAD_LENGTH_BYTES)) return 0;
    memcpy(t->s + t->n, &hl, NT_WIRE_HEADER_LENGTH_BYTES);
    memcpy(t->s + t->n + NT_WIRE_HEADER_LENGTH_BYTES, header, hl);
    memcpy(t->s + t->n + NT_WIRE_HEADER_LENGTH_BYTES + hl, &payload, NT_WIRE_PAYLOAD_LENGTH_BYTES);
    t->n += NT_WIRE_HEADER_LENGTH_BYTES + hl + NT_WIRE_PAYLOAD_LENGTH_BYTES;
    return 1;
}

/* ---- the server connection ------------------------------------------------------------------ */

static pthread_mutex_t request_lock = PTHREAD_MUTEX_INITIALIZER;
static int request_fd = -1, server_dead = 0;
static unsigned long long next_seq;
#define DEAD() __atomic_load_n(&server_dead, __ATOMIC_ACQUIRE)

static int connect_server(void) {
    if (!opt.socket || DEAD()) return -1;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    snprintf(addr.sun_path, sizeof addr.sun_path, "%s", opt.socket);
    if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
        if (fd >= 0) close(fd);
        __atomic_store_n(&server_dead, 1, __ATOMIC_RELEASE);
        return -1;
    }
    return fd;
}

static int write_all(int fd, const void *buf, size_t n) {
    const char *p = buf;
    while (n) {
        ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

static int read_all(int fd, void *buf, size_t n) {
    char *p = buf;
    while (n) {
        ssize_t k = recv(fd, p, n, 0);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

static int send_msg(int fd, const char *header, const void *payload, size_t n) {
    struct text head = {0};
    int ok = frame(&head, header, n) && write_all(fd, head.s, head.n) == 0 && (!n || write_all(fd, payload, n) == 0);
    free(head.s);
    return ok ? 0 : -1;
}

/* Reply header (text, NUL-terminated, caller frees) or NULL; the payload is read and dropped. */
static char *recv_msg(int fd) {
    uint32_t hl;
    uint64_t pl;
    if (read_all(fd, &hl, NT_WIRE_HEADER_LENGTH_BYTES)) return NULL;
    char *h = malloc((size_t)hl + 1);
    if (!h || read_all(fd, h, hl) || read_all(fd, &pl, NT_WIRE_PAYLOAD_LENGTH_BYTES)) { free(h); return NULL; }
    h[hl] = 0;
    char sink[4096];
    while (pl) {
        size_t k = pl < sizeof sink ? pl : sizeof sink;
        if (read_all(fd, sink, k)) { free(h); return NULL; }
        pl -= k;
    }
    return h;
}

/* One request, one reply, serialized; a broken connection marks the server dead for good. */
static char *request(const char *header, const void *payload, size_t n) {
    pthread_mutex_lock(&request_lock);
    if (request_fd < 0) request_fd = connect_server();
    char *reply = NULL;
    if (request_fd >= 0 && send_msg(request_fd, header, payload, n) == 0) reply = recv_msg(request_fd);
    if (!reply && request_fd >= 0) {
        close(request_fd);
        request_fd = -1;
        __atomic_store_n(&server_dead, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&request_lock);
    return reply;
}

/* ---- instrumenting a kernel ----------------------------------------------------------------- */

/* A runtime call whose failure we can live with but must not hide: counted (driver_errors). */
int nt_checked(int r) {
    if (r != 0) COUNT(C_DRIVER_ERRORS);
    if (r != 0 && nt_debug()) fprintf(stderr, "%s: a %s call failed: error %d\n", nt_rt.tag, nt_rt.api, r);
    return r == 0;
}
#define checked nt_checked

/* This thread's capture mode made relaxed for the shim's own calls (-1: it could not be), and
 * given back after: in the default global mode an unsafe call (a synchronization, an allocation,
 * a module load) made while any thread captures a graph is refused and breaks that capture. */
static int relax(void) {
    int mode = CAPTURE_MODE_RELAXED;
    return nt_call(NT_capture_mode) && checked(((int (*)(int *))nt_call(NT_capture_mode))(&mode)) ? mode : -1;
}
static void unrelax(int mode) {
    if (mode >= 0) checked(((int (*)(int *))nt_call(NT_capture_mode))(&mode));
}

int nt_active(void) { return opt.socket != NULL; }

static void skip(struct nt_func *f, const char *why) {
    free(f->reason);
    f->reason = strdup(why);
    __atomic_store_n(&f->state, NT_F_SKIP, __ATOMIC_RELEASE);
}

/* Fill f from a reply/meta text (contract.wire: "ok\nkey K\ncubin PATH\nnparams N\nmap UNIT PER_UNIT
 * FIXED POOL_ITEM SLOT CAPACITY\n..." or "skip REASON"). A line may be as long as it likes. */
/* The twin made ready on device `dev` once, before its first launch there (a process may drive
 * several GPUs); caller holds instrument_lock. */
static int prepare(struct nt_func *f, int dev) {
    unsigned long long bit = dev >= 0 && dev < 64 ? 1ull << dev : 0;
    if (bit && (__atomic_load_n(&f->prepared, __ATOMIC_ACQUIRE) & bit)) return 1;
    int ok = !nt_rt.prepare || nt_rt.prepare(f, dev);
    if (ok) __atomic_or_fetch(&f->prepared, bit, __ATOMIC_ACQ_REL);
    return ok;
}

/* A launch's fallback reason outlives the launch (the writer sends it): made once, at load. */
static char refused_attributes[128];

/* `param_layout END O1 .. ON` (after nparams in the reply): kept only when it has one offset per
 * param, each inside END. */
static void read_layout(struct nt_func *f, const char *text) {
    unsigned *layout = calloc((size_t)f->nparams + 1, sizeof *layout);
    int n = 0;
    char *end = NULL;
    for (const char *p = text; layout && n <= f->nparams; p = end) {
        unsigned long v = strtoul(p, &end, 10);
        if (end == p) break;
        layout[n++] = (unsigned)v;
    }
    int ok = layout && n == f->nparams + 1;
    for (int i = 1; ok && i < n; i++) ok = layout[i] < layout[0];
    free(f->layout);
    f->layout = ok ? layout : NULL;
    if (!ok) free(layout);
}

/* `var W NAME` (after the maps in the reply): one more module variable the twin shares. */
static void read_variable(struct nt_func *f, const char *text) {
    int writable = text[0] == '1';
    const char *name = text[0] && text[1] == ' ' ? text + 2 : NULL;
    struct nt_var *vars = name && *name ? realloc(f->vars, ((size_t)f->nvars + 1) * sizeof *vars) : NULL;
    if (!vars) return;
    f->vars = vars;
    vars[f->nvars].name = strdup(name);
    vars[f->nvars].writable = writable;
    if (vars[f->nvars].name) f->nvars++;
}

static void apply_reply(struct nt_func *f, char *text) {
    char *src = strstr(text, "\n" NT_REPLY_SOURCE " ");
    if (src) sscanf(src + strlen(NT_REPLY_SOURCE) + 2, "%15s", f->source);
    if (strncmp(text, NT_REPLY_SKIP " ", strlen(NT_REPLY_SKIP) + 1) == 0) {
        char *nl = strchr(text, '\n');
        if (nl) *nl = 0;
        skip(f, text + strlen(NT_REPLY_SKIP) + 1);
        return;
    }
    for (int i = 0; i < f->nvars; i++) free(f->vars[i].name);
    free(f->vars);
    f->vars = NULL;
    f->nvars = 0;
    const char *cubin = NULL;
    int nmaps = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char unit[16];
        long long a, b, item = 0, cap = 0;
        int slot = 0;
        if (sscanf(line, NT_REPLY_KEY " %71s", f->key) == 1) continue;
        if (strncmp(line, NT_REPLY_CUBIN " ", strlen(NT_REPLY_CUBIN) + 1) == 0) {
            cubin = line + strlen(NT_REPLY_CUBIN) + 1;
            continue;
        }
        if (sscanf(line, NT_REPLY_NPARAMS " %d", &f->nparams) == 1) continue;
        if (strncmp(line, NT_REPLY_LAYOUT " ", strlen(NT_REPLY_LAYOUT) + 1) == 0) {
            read_layout(f, line + strlen(NT_REPLY_LAYOUT) + 1);
            continue;
        }
        if (strncmp(line, NT_REPLY_VAR " ", strlen(NT_REPLY_VAR) + 1) == 0) {
            read_variable(f, line + strlen(NT_REPLY_VAR) + 1);
            continue;
        }
        if (sscanf(line, NT_REPLY_MAP " %15s %lld %lld %lld %d %lld", unit, &a, &b, &item, &slot, &cap) >= 3) {
            if (nmaps < NT_MAX_MAPS) {
                struct nt_map_rule *m = &f->maps[nmaps];
                m->unit = strcmp(unit, "warp") == 0 ? 1 : strcmp(unit, "block") == 0 ? 2 :
                          strcmp(unit, "none") == 0 ? -1 : 0;
                m->per_unit = a;
                m->fixed = b;
                m->pool_item = item;
                m->slot = slot;
                m->capacity = cap;
            }
            nmaps++;
        }
    }
    if (nmaps > NT_MAX_MAPS) {                 /* the verifier refuses these; an old cache might not */
        f->key[0] = 0;
        skip(f, "the probe declares more maps than the shim can append (" NT_STR(NT_MAX_MAPS) ")");
        return;
    }
    f->nmaps = nmaps;
    size_t size = 0;
    char *bytes = nt_read_file(cubin, &size);
    if (!bytes) { skip(f, "instrumented code missing from the cache"); return; }
    int dev = 0;
    char why[128];
    if (!nt_rt.load_twin(f, bytes, size)) {
        snprintf(why, sizeof why, "the %s refused the instrumented %s", nt_rt.api, nt_rt.code);
        skip(f, why);
    } else if (!checked(CALL(ctx_device, int (*)(int *), &dev)) || !prepare(f, dev)) {
        skip(f, refused_attributes);
    } else {
        __atomic_store_n(&f->state, NT_F_READY, __ATOMIC_RELEASE);
    }
    free(bytes);
}

static pthread_mutex_t instrument_lock = PTHREAD_MUTEX_INITIALIZER;
static const char SERVER_DOWN[] = "engine server unavailable";
/* Module variables (contracts §6): a launch whose twin could not be given the program's, and a
 * graph's node, which has no place for the copies, run the original kernel. */
static const char UNSHARED_VARIABLES[] = "the module's variables could not be copied into the twin";
static const char GRAPH_VARIABLES[] = "kernel reaches module variables (graph nodes run the original)";
void nt_lock_instrument(void) { pthread_mutex_lock(&instrument_lock); }
void nt_unlock_instrument(void) { pthread_mutex_unlock(&instrument_lock); }

static void instrument(struct nt_func *f) {
    pthread_mutex_lock(&instrument_lock);
    if (f->state != NT_F_UNKNOWN) goto out;
    if (!f->img) { skip(f, "image not seen (loaded before the shim started)"); goto out; }
    if (!f->img->hash) f->img->hash = hash_bytes(f->img->data, f->img->size);
    char arch[64];
    if (!nt_rt.arch(arch, sizeof arch)) snprintf(arch, sizeof arch, "-");
    const char *cache = getenv(NT_ENV_HOOK_CACHE);
    struct text meta = {0}, header = {0};
    add(&meta, "%s/%016llx-%016llx-%s%s.meta", cache ? cache : "", f->img->hash,
        hash_bytes((const unsigned char *)f->name, strlen(f->name)), nt_rt.cache_prefix, arch);
    char *text = cache && *cache && meta.s ? nt_read_file(meta.s, NULL) : NULL;
    if (text) {
        apply_reply(f, text);
        free(text);
        free(meta.s);
        goto out;
    }
    add(&header, NT_MSG_INSTRUMENT, f->name, f->img->hash, f->img->size, arch,
        cache && *cache && meta.s ? meta.s : "-", (int)getpid(), f->img->origin ? f->img->origin : "-");
    int send_image = !f->img->sent;
    char *reply = header.s ? request(header.s, send_image ? f->img->data : NULL, send_image ? f->img->size : 0) : NULL;
    free(header.s);
    free(meta.s);
    if (!reply) { skip(f, SERVER_DOWN); goto out; }
    f->img->sent = 1;
    apply_reply(f, reply);
    free(reply);
out:
    pthread_mutex_unlock(&instrument_lock);
}

/* ---- contexts: a side stream for copies, timing, reusable events ---------------------------- */

#define SLOTS 4                 /* staging ring slots: copies of one run ahead of the writes of another */
#define POOLED_EVENTS 256

/* Per context: an event recorded once with the host time it completed at (to date launches), the
 * side stream the copies go on, one event per staging slot, and events for reuse. */
struct ctx_state {
    void *ctx;
    int device;
    void *ref, *slot_done[SLOTS];
    long long t_ns;
    void *copies;
    void *spare[POOLED_EVENTS];
    int nspare;
};
static struct ctx_state ctxs[64];
static int nctxs;
static pthread_mutex_t ctx_lock = PTHREAD_MUTEX_INITIALIZER;

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

static void *event_new(void) {
    void *ev = NULL;
    COUNT(C_EVENTS_CREATED);
    return checked(CALL(event_create, int (*)(void **, unsigned), &ev, EVENT_BLOCKING_SYNC)) ? ev : NULL;
}

/* An event of `cs`'s context recorded on `stream` now (NULL if the driver said no). */
static void *event_at(struct ctx_state *cs, void *stream) {
    pthread_mutex_lock(&ctx_lock);
    void *ev = cs->nspare ? cs->spare[--cs->nspare] : NULL;
    pthread_mutex_unlock(&ctx_lock);
    if (!ev) ev = event_new();
    if (ev && !checked(CALL(event_record, int (*)(void *, void *), ev, stream))) {
        checked(CALL(event_destroy, int (*)(void *), ev));
        ev = NULL;
    }
    return ev;
}

static void event_done(struct ctx_state *cs, void *ev) {
    if (!ev) return;
    pthread_mutex_lock(&ctx_lock);
    int kept = cs->nspare < POOLED_EVENTS;
    if (kept) cs->spare[cs->nspare++] = ev;
    pthread_mutex_unlock(&ctx_lock);
    if (!kept) checked(CALL(event_destroy, int (*)(void *), ev));
}

/* The state of the current context, made on its first launch (NULL if the driver refuses). */
static struct ctx_state *ctx_state_of(void *stream) {
    void *ctx = NULL;
    if (!checked(CALL(ctx_current, int (*)(void **), &ctx))) return NULL;
    pthread_mutex_lock(&ctx_lock);
    struct ctx_state *cs = NULL;
    int slot = nctxs;                       /* a slot freed by a context gone, or a new one */
    for (int i = 0; i < nctxs && !cs; i++) {
        if (ctxs[i].ctx && ctxs[i].ctx == ctx) cs = &ctxs[i];
        else if (!ctxs[i].ctx && slot == nctxs) slot = i;
    }
    if (!cs && slot < 64) {
        struct ctx_state fresh = {.ctx = ctx};
        fresh.ref = event_new();
        int ok = fresh.ref && checked(CALL(event_record, int (*)(void *, void *), fresh.ref, stream)) &&
                 checked(CALL(event_sync, int (*)(void *), fresh.ref));
        fresh.t_ns = now_ns();
        /* non-blocking (flag 1): copies never wait on the program's legacy default stream */
        ok = ok && checked(CALL(stream_create, int (*)(void **, unsigned), &fresh.copies, STREAM_NON_BLOCKING)) &&
             checked(CALL(ctx_device, int (*)(int *), &fresh.device));
        for (int i = 0; ok && i < SLOTS; i++) ok = (fresh.slot_done[i] = event_new()) != NULL;
        if (ok) {
            ctxs[slot] = fresh;
            cs = &ctxs[slot];
            if (slot == nctxs) nctxs++;
        }
    }
    pthread_mutex_unlock(&ctx_lock);
    return cs;
}

/* ---- the queue to the writer thread --------------------------------------------------------- */

enum { ITEM_LAUNCH, ITEM_ALLOC, ITEM_STATS };
struct item {
    struct item *next;
    int kind;
    /* launch */
    unsigned long long seq;
    struct nt_func *f;
    struct ctx_state *cs;
    void *start, *end;
    unsigned grid[3], block[3], shm;
    void *stream;
    long long sizes[NT_MAX_MAPS];
    size_t offsets[NT_MAX_MAPS], total;   /* device buffer: header, then each map at its offset */
    nt_dptr dev;                      /* map buffers, freed by the writer after copying */
    const char *fallback;                 /* why the original kernel ran (NULL: the twin ran) */
    int graph;                            /* a replay of a CUDA graph (untimed: the graph ran it) */
    char *scope;
    /* allocation */
    long long t_ns;
    const char *op;
    unsigned long long ptr, bytes;
    /* stats: the exit code (-1: not known) */
    int code;
};

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_cond = PTHREAD_COND_INITIALIZER, drained_cond = PTHREAD_COND_INITIALIZER;
static struct item *queue_head, *queue_tail;
/* Items waiting for the writer, and items it has taken. A launch-bound program can list launches
 * faster than the engine server takes them: past opt.queue_max waiting, a launch waits for room
 * (the program slows down to the server's pace; its memory does not grow without end). */
static unsigned long queued, taken;
static pthread_cond_t room_cond = PTHREAD_COND_INITIALIZER;
static int writer_started, writer_busy, writer_fd = -1;
static pid_t writer_pid;         /* the process whose writer thread runs (not a vfork child) */
static pthread_t writer_thread;
static pthread_mutex_t scope_lock = PTHREAD_MUTEX_INITIALIZER;
static char *scope;

/* Called from Python through ctypes (docs/contracts.md §7). */
NT_API void neutrino_set_scope(const char *s) {
    pthread_mutex_lock(&scope_lock);
    free(scope);
    scope = s && *s ? strdup(s) : NULL;
    pthread_mutex_unlock(&scope_lock);
}

static char *current_scope(void) {
    pthread_mutex_lock(&scope_lock);
    char *s = scope ? strdup(scope) : NULL;
    pthread_mutex_unlock(&scope_lock);
    return s;
}

static void *writer_main(void *arg);
static void register_drain(void);
static pthread_once_t drain_once = PTHREAD_ONCE_INIT;

static void enqueue(struct item *it) {
    /* the goodbye at exit, whatever came first (a process may allocate and never launch);
     * registered after the runtime's own exit handlers, so it runs before they tear contexts down */
    pthread_once(&drain_once, register_drain);
    pthread_mutex_lock(&queue_lock);
    if (!writer_started && opt.socket) {
        writer_started = pthread_create(&writer_thread, NULL, writer_main, NULL) == 0;
        writer_pid = getpid();
    }
    if (!writer_started) {
        pthread_mutex_unlock(&queue_lock);
        free(it->scope);
        free(it);
        return;
    }
    if (queued >= opt.queue_max && !pthread_equal(pthread_self(), writer_thread)) {
        COUNT(C_QUEUE_WAITS);
        while (queued >= opt.queue_max) pthread_cond_wait(&room_cond, &queue_lock);
    }
    if (queue_tail) queue_tail->next = it; else queue_head = it;
    queue_tail = it;
    queued++;
    pthread_cond_signal(&queue_cond);
    pthread_mutex_unlock(&queue_lock);
}

/* ---- bounds: the run's byte budget, the free-space floor, the staging ring ------------------- */

/* Why later launches run the original kernel (NULL while recording); set once, never cleared. */
static const char *stopped;
static char stop_text[256];
static const char *const BUDGET_REACHED = "trace budget reached (--max-bytes)";

static void stop_recording(const char *why) {
    const char *none = NULL;
    __atomic_compare_exchange_n(&stopped, &none, why, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/* Map bytes reserved or written by every process of the run: a counter in a file all of them map
 * (procs/budget), so --max-bytes bounds the run, not each process. */
static unsigned long long *budget_used, own_budget;

static void open_budget(void) {
    budget_used = &own_budget;
    if (!opt.run) return;
    struct text path = {0};
    add(&path, "%s/" NT_TRACE_PROCS, opt.run);
    if (path.s) mkdir(path.s, 0755);
    add(&path, "/" NT_TRACE_BUDGET);
    int fd = path.s ? open(path.s, O_RDWR | O_CREAT | O_CLOEXEC, 0644) : -1;
    free(path.s);
    struct stat st;
    if (fd < 0) return;
    if (fstat(fd, &st) == 0 && (st.st_size >= 64 || ftruncate(fd, 64) == 0)) {
        void *p = mmap(NULL, 64, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (p != MAP_FAILED) budget_used = p;
    }
    close(fd);
}

static size_t aligned(size_t n, size_t to) { return (n + to - 1) / to * to; }

/* Hold `bytes` of the budget for a launch; 0 when they do not fit (and recording stops). */
static int reserve(unsigned long long bytes) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, open_budget);
    if (!opt.max_bytes) return 1;
    unsigned long long before = __atomic_fetch_add(budget_used, bytes, __ATOMIC_ACQ_REL);
    if (before + bytes <= opt.max_bytes) return 1;
    __atomic_sub_fetch(budget_used, bytes, __ATOMIC_ACQ_REL);
    stop_recording(BUDGET_REACHED);
    return 0;
}

static void unreserve(unsigned long long bytes) {
    if (opt.max_bytes && bytes) __atomic_sub_fetch(budget_used, bytes, __ATOMIC_ACQ_REL);
}

/* Map bytes on the device waiting for the writer, bounded by the ring's size (one launch larger
 * than the ring may pass alone: it is staged in pieces). */
static pthread_mutex_t ring_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ring_cond = PTHREAD_COND_INITIALIZER;
static unsigned long long inflight;
static double ring_wait_s;

static int ring_admit(size_t bytes) {
    pthread_mutex_lock(&ring_lock);
    int waited = 0;
    long long t0 = 0;
    while (inflight && inflight + bytes > opt.staging) {
        if (opt.ring_native) {
            pthread_mutex_unlock(&ring_lock);
            return 0;
        }
        if (!waited) { waited = 1; t0 = now_ns(); COUNT(C_RING_WAITS); }
        pthread_cond_wait(&ring_cond, &ring_lock);
    }
    inflight += bytes;
    if (waited) ring_wait_s += (now_ns() - t0) / 1e9;
    pthread_mutex_unlock(&ring_lock);
    return 1;
}

static void ring_release(size_t bytes) {
    pthread_mutex_lock(&ring_lock);
    inflight -= bytes;
    pthread_cond_broadcast(&ring_cond);
    pthread_mutex_unlock(&ring_lock);
}

/* ---- the writer thread: copies, segment writes, metadata ------------------------------------ */

/* Writer-thread state: the process's data file (this shim's), the pinned ring, the header staging area. */
static int data_fd = -1;
static unsigned long long data_off, data_written;
static const char *write_failed;              /* maps.bin takes no more bytes: why */
static char data_rel[64];
static unsigned char *ring_host, *hdr_host;
static void *ring_ctx;                        /* the context the ring was allocated in */
static size_t slot_bytes;

static int open_data(void) {
    if (data_fd >= 0) return 1;
    if (!opt.run) {
        stop_recording(write_failed = "no trace directory (NEUTRINO_TRACE_RUN unset)");
        return 0;
    }
    /* procs/<pid>/, or procs/<pid>-<k>/ where an earlier image of this pid wrote one: a program
     * exec'd by a traced one, or a later process given a pid again, keeps the earlier's bytes */
    for (int k = 0, taken = 1; taken && k < 4096; k++) {
        char dir[32];
        if (k) snprintf(dir, sizeof dir, "%d-%d", (int)getpid(), k);
        else snprintf(dir, sizeof dir, "%d", (int)getpid());
        snprintf(data_rel, sizeof data_rel, NT_TRACE_PROCS "/%s/%s", dir, nt_rt.data_name);
        struct text path = {0};
        add(&path, "%s/" NT_TRACE_PROCS, opt.run);
        if (path.s) mkdir(path.s, 0755);
        add(&path, "/%s", dir);
        if (path.s) mkdir(path.s, 0755);
        add(&path, "/%s", nt_rt.data_name);
        data_fd = path.s ? open(path.s, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644) : -1;
        taken = data_fd < 0 && errno == EEXIST;
        free(path.s);
    }
    if (data_fd < 0) {
        snprintf(stop_text, sizeof stop_text, "trace write failed: cannot create %s: %s", data_rel, strerror(errno));
        stop_recording(write_failed = stop_text);
    }
    return data_fd >= 0;
}

/* The ring: opt.staging bytes of pinned host memory, SLOTS slots, allocated once (smaller if the
 * driver cannot pin that much; 1 MiB slots at the least). */
static int open_ring(void *ctx) {
    if (ring_host) return 1;
    int (*host_alloc)(void **, size_t, unsigned) = nt_call(NT_host_alloc);
    size_t want = aligned(opt.staging, SLOTS * 4096), least = (size_t)SLOTS << 20;
    for (size_t bytes = want > least ? want : least; host_alloc && bytes >= least; bytes /= 2) {
        void *p = NULL, *h = NULL;
        if (checked(host_alloc(&p, bytes, HOST_ALLOC_PORTABLE)) &&
            checked(host_alloc(&h, NT_HEADER_SLOT_BYTES * NT_MAX_MAPS, HOST_ALLOC_PORTABLE))) {
            ring_host = p;
            hdr_host = h;
            ring_ctx = ctx;
            slot_bytes = bytes / SLOTS;
            return 1;
        }
        if (p) checked(CALL(host_free, int (*)(void *), p));
    }
    stop_recording("no pinned host memory for the staging ring");
    return 0;
}

static int write_fd(int fd, const void *buf, size_t n) {
    const char *p = buf;
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return k < 0 ? errno : ENOSPC;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* What one launch's maps came to: bytes written per map, where, and the fixed records' valid count. */
struct written {
    unsigned long long offset[NT_MAX_MAPS], nbytes[NT_MAX_MAPS], cursor[NT_MAX_MAPS], dropped[NT_MAX_MAPS];
    long long valid[NT_MAX_MAPS];
};

/* Records kept in a fixed-capacity map: sum of min(count, capacity) over its units' u32 counts,
 * for the counts that lie in bytes [from, from + n) of the map, held at `p`. */
static long long valid_in(const struct nt_map_rule *m, long long size, size_t from, const unsigned char *p, size_t n) {
    if (m->capacity <= 0 || m->per_unit <= 4) return 0;
    size_t units = (size_t)((size - m->fixed) / m->per_unit), counts = units * (size_t)(m->per_unit - 4);
    size_t lo = from > counts ? from : counts, hi = from + n;
    long long sum = 0;
    for (size_t at = lo; at + 4 <= hi; at += 4) {
        uint32_t c;
        memcpy(&c, p + (at - from), 4);
        sum += c < (uint64_t)m->capacity ? c : m->capacity;
    }
    return sum;
}

/* Why a launch's maps were lost to a failed copy, with the driver's error: after a kernel faults
 * (CUDA 700 an illegal address, 710 an assert, 719 a launch failure) its context refuses every
 * copy, so the maps of that launch and of those not yet copied are gone. Writer thread only. */
static const char *copy_failed(const char *what, int r) {
    static char text[96];
    snprintf(text, sizeof text, "%s (driver error %d)", what, r);
    return text;
}

/* Copy each map's bytes (`w->nbytes`) through the ring's slots and append them to maps.bin: the
 * copy of the next slot runs while this one is written. 0, the errno of the failed write, or
 * minus the driver's error of a failed copy. */
static int copy_out(struct item *it, struct written *w) {
    struct ctx_state *cs = it->cs;
    int (*copy)(void *, nt_dptr, size_t, void *) = nt_call(NT_dtoh_async);
    static const unsigned char zeros[NT_TRACE_ALIGN];
    struct piece { int map; size_t from, n; } pieces[SLOTS];
    int map = 0, failed = 0;          /* the driver's error of the first failed copy */
    size_t from = 0;
    unsigned long issued = 0, done = 0;
    for (;;) {
        while (!failed && issued - done < SLOTS) {        /* issue copies into free slots */
            while (map < it->f->nmaps && from >= w->nbytes[map]) { map++; from = 0; }
            if (map >= it->f->nmaps) break;
            size_t n = w->nbytes[map] - from < slot_bytes ? w->nbytes[map] - from : slot_bytes;
            int s = issued % SLOTS;
            pieces[s] = (struct piece){map, from, n};
            failed = copy ? copy(ring_host + s * slot_bytes, it->dev + it->offsets[map] + from, n, cs->copies) : 1;
            if (!failed) failed = CALL(event_record, int (*)(void *, void *), cs->slot_done[s], cs->copies);
            checked(failed);
            from += n;
            issued++;
        }
        if (done == issued) return -failed;
        int s = done % SLOTS;
        struct piece *p = &pieces[s];
        unsigned char *buf = ring_host + s * slot_bytes;
        int synced = CALL(event_sync, int (*)(void *), cs->slot_done[s]);
        if (!checked(synced) && !failed) failed = synced;
        if (failed) { done++; continue; }                  /* drain the slots already issued */
        const struct nt_map_rule *m = &it->f->maps[p->map];
        w->valid[p->map] += valid_in(m, it->sizes[p->map], p->from, buf, p->n);
        size_t n = p->n, pad = p->from + n == w->nbytes[p->map] ? aligned(w->nbytes[p->map], NT_TRACE_ALIGN) - w->nbytes[p->map] : 0;
        if (pad && n + pad <= slot_bytes) { memset(buf + n, 0, pad); n += pad; pad = 0; }
        int err = write_fd(data_fd, buf, n);
        if (!err && pad) err = write_fd(data_fd, zeros, pad);
        if (err) return err;
        done++;
    }
}

/* Read back the header, then write each map: pools only up to their cursor. Returns the reason the
 * maps were not kept, or NULL. On a failed write maps.bin is cut back to where this launch began. */
static const char *record_maps(struct item *it, struct written *w) {
    struct ctx_state *cs = it->cs;
    struct nt_func *f = it->f;
    if (write_failed) return write_failed;     /* admitted before the failure: not written either */
    if (!open_data() || !open_ring(cs->ctx)) return __atomic_load_n(&stopped, __ATOMIC_ACQUIRE);
    int r = CALL(stream_wait, int (*)(void *, void *, unsigned), cs->copies, it->end, 0);
    if (!r) r = CALL(dtoh_async, int (*)(void *, nt_dptr, size_t, void *), hdr_host, it->dev,
                     NT_HEADER_SLOT_BYTES * (size_t)f->nmaps, cs->copies);
    if (!r) r = CALL(stream_sync, int (*)(void *), cs->copies);
    if (!checked(r)) return copy_failed("copying the map header back failed", r);
    unsigned long long total = 0;
    for (int i = 0; i < f->nmaps; i++) {
        const unsigned char *slot = hdr_host + NT_HEADER_SLOT_BYTES * f->maps[i].slot;
        memcpy(&w->cursor[i], slot + NT_HEADER_CURSOR, 8);
        memcpy(&w->dropped[i], slot + NT_HEADER_DROPPED, 8);
        w->nbytes[i] = (unsigned long long)it->sizes[i];
        if (f->maps[i].pool_item) {             /* maps.needed_bytes: the records written */
            unsigned long long items = (unsigned long long)(it->sizes[i] / f->maps[i].pool_item);
            w->nbytes[i] = (w->cursor[i] < items ? w->cursor[i] : items) * (unsigned long long)f->maps[i].pool_item;
        }
        w->offset[i] = data_off + total;
        total += aligned(w->nbytes[i], NT_TRACE_ALIGN);
    }
    if (!reserve(total)) return write_failed = BUDGET_REACHED;   /* in launch order: a prefix is kept */
    struct statvfs vfs;
    if (opt.min_free && fstatvfs(data_fd, &vfs) == 0 &&
        (unsigned long long)vfs.f_bavail * vfs.f_frsize < total + opt.min_free) {
        unreserve(total);
        stop_recording(write_failed = "free-space floor reached (--min-free)");
        return write_failed;
    }
    int err = copy_out(it, w);
    if (err) {
        unreserve(total);
        if (ftruncate(data_fd, (off_t)data_off) != 0 || lseek(data_fd, (off_t)data_off, SEEK_SET) < 0) {
            close(data_fd);                     /* cannot even cut it back: write nothing more */
            data_fd = -1;
        }
        if (err < 0) return copy_failed("copying the maps back failed", -err);
        snprintf(stop_text, sizeof stop_text, "trace write failed: %s", strerror(err));
        stop_recording(write_failed = stop_text);
        return write_failed;
    }
    data_off += total;
    data_written += total;
    return NULL;
}

/* The writer's messages, framed, go out together: in one write when the queue runs empty (and
 * before a drain ends) or past 64 KiB, instead of three writes each; a launch-bound program makes
 * thousands a second. */
static struct text outbox;

static void flush_outbox(void) {
    if (!outbox.n) return;
    if (writer_fd < 0) writer_fd = connect_server();
    if (writer_fd >= 0 && write_all(writer_fd, outbox.s, outbox.n) != 0) {
        close(writer_fd);
        writer_fd = -1;
        __atomic_store_n(&server_dead, 1, __ATOMIC_RELEASE);
        COUNT(C_LOST);
    }
    outbox.n = 0;
}

static void send_text(const char *header) {
    if (!frame(&outbox, header, 0)) COUNT(C_LOST);
    else if (outbox.n >= 1 << 16) flush_outbox();
}

static const char *env_or_dash(const char *name) {
    const char *v = getenv(name);
    return v && *v ? v : "-";
}

static void send_launch(struct item *it) {
    struct ctx_state *cs = it->cs;
    float ms_total = -1, ms_start = 0;
    /* the launch's context current here, timed or not: a graph's replay may be the process's first
     * launch, and the ring is pinned (and the maps copied) in that context */
    int current = cs && checked(CALL(ctx_set, int (*)(void *), cs->ctx));
    int timed = it->start && it->end && current && checked(CALL(event_sync, int (*)(void *), it->end)) &&
                checked(CALL(event_elapsed, int (*)(float *, void *, void *), &ms_total, it->start, it->end)) &&
                checked(CALL(event_elapsed, int (*)(float *, void *, void *), &ms_start, cs->ref, it->start));
    if (!timed && it->end && !it->graph) COUNT(C_LOST);   /* a graph's replays are untimed by design */
    struct written w = {0};
    const char *lost = NULL;
    if (it->dev) {
        lost = record_maps(it, &w);
        if (lost) COUNT(C_NOT_RECORDED);
        int (*free_async)(nt_dptr, void *) = nt_call(NT_free_async);
        if (!free_async || !checked(free_async(it->dev, cs->copies))) COUNT(C_LOST);
        ring_release(it->total);
    }
    long long start_ns = timed ? cs->t_ns + (long long)(ms_start * 1e6) : 0;
    struct text h = {0};
    add(&h, NT_MSG_LAUNCH, it->seq, it->f->name, it->f->key[0] ? it->f->key : "-", it->grid[0], it->grid[1],
        it->grid[2], it->block[0], it->block[1], it->block[2], it->shm, (unsigned long long)(uintptr_t)it->stream,
        start_ns, start_ns + (long long)(ms_total * 1e6), timed ? ms_total : -1.0, it->dev && !lost,
        (int)getpid(), cs ? cs->device : -1, (unsigned long long)(uintptr_t)(cs ? cs->ctx : NULL),
        env_or_dash("RANK"), env_or_dash("LOCAL_RANK"), it->scope ? it->scope : "-",
        it->f->reason ? it->f->reason : "-", it->fallback ? it->fallback : "-", lost ? lost : "-",
        it->f->source[0] ? it->f->source : "unknown", it->dev && !lost ? data_rel : "-", it->graph);
    for (int i = 0; it->dev && !lost && i < it->f->nmaps; i++)
        add(&h, NT_MSG_LAUNCH_SEGMENT, w.offset[i], w.nbytes[i], w.cursor[i], w.dropped[i],
            it->f->maps[i].capacity > 0 ? w.valid[i] : -1ll);
    if (h.s) send_text(h.s);
    free(h.s);
    event_done(cs, it->start);
    event_done(cs, it->end);
}

static void send_item(struct item *it) {
    struct text h = {0};
    if (it->kind == ITEM_LAUNCH) {
        send_launch(it);
    } else if (it->kind == ITEM_ALLOC) {
        add(&h, NT_MSG_ALLOC, it->op, it->ptr, it->bytes, it->t_ns, (int)getpid());
    } else {
        pthread_mutex_lock(&ring_lock);
        double waited = ring_wait_s;
        pthread_mutex_unlock(&ring_lock);
        const char *why = __atomic_load_n(&stopped, __ATOMIC_ACQUIRE);
        add(&h, NT_MSG_STATS, (int)getpid(), (unsigned long long)slot_bytes * SLOTS,
            opt.ring_native ? "native" : "wait", __atomic_load_n(&counters[C_RING_WAITS], __ATOMIC_RELAXED),
            waited, __atomic_load_n(&counters[C_FB_RING], __ATOMIC_RELAXED), data_written, opt.max_bytes,
            why ? why : "-", __atomic_load_n(&counters[C_DRIVER_ERRORS], __ATOMIC_RELAXED), it->code,
            env_or_dash("RANK"), env_or_dash("LOCAL_RANK"), env_or_dash("WORLD_SIZE"));
    }
    if (h.s) send_text(h.s);
    free(h.s);
}

static void *writer_main(void *arg) {
    (void)arg;
    /* Its copies and waits touch no stream being captured: in the default (global) mode they
     * would be refused, and would break the capture, while another thread captures a graph. */
    int relaxed = CAPTURE_MODE_RELAXED;
    checked(CALL(capture_mode, int (*)(int *), &relaxed));
    for (;;) {
        pthread_mutex_lock(&queue_lock);
        if (!queue_head) {
            pthread_mutex_unlock(&queue_lock);
            flush_outbox();
            pthread_mutex_lock(&queue_lock);
        }
        while (!queue_head) {
            writer_busy = 0;
            pthread_cond_broadcast(&drained_cond);
            pthread_cond_wait(&queue_cond, &queue_lock);
        }
        writer_busy = 1;
        struct item *it = queue_head;
        queue_head = it->next;
        if (!queue_head) queue_tail = NULL;
        if (queued-- == opt.queue_max) pthread_cond_broadcast(&room_cond);
        taken++;
        pthread_mutex_unlock(&queue_lock);
        send_item(it);
        free(it->scope);
        free(it);
    }
    return NULL;
}

/* A context is gone (destroyed; a primary context reset, or released for the last time): its
 * events and copy stream went with it, and so did the pinned ring if it was allocated there. Its
 * state is forgotten, so that a context made later, even at the same address, starts afresh and
 * the ring is allocated again (cudaDeviceReset between launches crashed the program on the H200);
 * so are the handles of its modules' kernels (forget_funcs).
 * `ctx` NULL: every context of `device`; the others' state is then left behind, not destroyed.
 * Called after nt_drain, with the writer idle. */
void nt_context_gone(void *ctx, int device) {
    if (!ctx && device < 0 && !checked(CALL(ctx_device, int (*)(int *), &device))) return;
    pthread_mutex_lock(&ctx_lock);
    for (int i = 0; i < nctxs; i++) {
        if (!ctxs[i].ctx || (ctx ? ctxs[i].ctx != ctx : ctxs[i].device != device)) continue;
        if (ctxs[i].ctx == ring_ctx) ring_host = hdr_host = NULL;
        ctxs[i] = (struct ctx_state){0};
    }
    pthread_mutex_unlock(&ctx_lock);
    pthread_mutex_lock(&table_lock);
    forget_funcs(NULL);
    pthread_mutex_unlock(&table_lock);
}

/* Wait until everything queued has been sent (before a context goes away, and at exit): as long
 * as the writer gets on (a backlog of launches takes the server a while), but no more than a
 * minute without it taking an item. */
void nt_drain(void) {
    pthread_mutex_lock(&queue_lock);
    unsigned long seen = taken;
    for (int idle = 0; writer_started && (queue_head || writer_busy) && idle < 60;) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        if (pthread_cond_timedwait(&drained_cond, &queue_lock, &until) != ETIMEDOUT) continue;
        idle = taken == seen ? idle + 1 : 0;
        seen = taken;
    }
    pthread_mutex_unlock(&queue_lock);
}


/* ---- launching ------------------------------------------------------------------------------ */

static struct item *launch_item(const struct nt_launch *l, struct nt_func *f, struct ctx_state *cs) {
    struct item *it = calloc(1, sizeof *it);
    if (!it) return NULL;
    *it = (struct item){.kind = ITEM_LAUNCH, .f = f, .cs = cs, .grid = {l->grid[0], l->grid[1], l->grid[2]},
                        .block = {l->block[0], l->block[1], l->block[2]}, .shm = l->shm,
                        .stream = l->stream, .scope = current_scope(),
                        .seq = __atomic_fetch_add(&next_seq, 1, __ATOMIC_RELAXED)};
    return it;
}

/* Arguments packed in `extra` ({BUFFER_POINTER (1), buf, BUFFER_SIZE (2), &size, END}: tinygrad's
 * form on CUDA, hip-python's on HIP, whose END is 3) as kernelParams: a pointer to each param at
 * its offset in the buffer (param_layout). 0 when the kernel's layout is unknown, a key is not one
 * of these, or the buffer is shorter than the params; `out` may be NULL (a check only). */
static int packed_params(const struct nt_func *f, const struct nt_launch *l, void **out) {
    char *buf = NULL;
    size_t size = 0;
    int sized = 0;
    if (!f->layout) return 0;
    for (int i = 0; l->extra[i] != nt_rt.extra_end; i += 2) {
        if (i >= 16) return 0;
        if (l->extra[i] == (void *)1) buf = l->extra[i + 1];
        else if (l->extra[i] == (void *)2 && l->extra[i + 1]) { size = *(size_t *)l->extra[i + 1]; sized = 1; }
        else return 0;
    }
    if (!buf || !sized || size < f->layout[0]) return 0;
    for (int i = 0; out && i < f->nparams; i++) out[i] = buf + f->layout[i + 1];
    return 1;
}

/* Step 2, choice: why this launch runs the original kernel (and the counter saying so), NULL when
 * the twin runs: kernel not instrumented or arguments we cannot extend (unusable), not selected by
 * --every/--launches or recording stopped (unselected). */
static const char *unusable(struct nt_func *f, const struct nt_launch *l, int *counter) {
    if (__atomic_load_n(&f->state, __ATOMIC_ACQUIRE) == NT_F_SKIP) {
        if (!strcmp(f->reason, SERVER_DOWN)) { *counter = C_FB_SERVER; return SERVER_DOWN; }
        if (f->img) { *counter = C_FB_SKIPPED; return "not instrumentable"; }
        *counter = C_FB_NO_IMAGE;
        return "unknown image";
    }
    if (l->extra && !l->params && !packed_params(f, l, NULL)) {
        *counter = C_FB_EXTRA;
        return "kernel arguments passed through `extra`";
    }
    if (f->nparams + 1 + f->nmaps > NT_MAX_PARAMS) { *counter = C_FB_PARAMS; return "too many parameters"; }
    return NULL;
}

/* `count` 0 only looks (a graph capture, whose replays are the launches that count). */
static const char *unselected(struct nt_func *f, int count, int *counter) {
    unsigned long long n = count ? __atomic_fetch_add(&f->seen, 1, __ATOMIC_RELAXED) : __atomic_load_n(&f->seen, __ATOMIC_RELAXED);
    if (count && n % opt.every) { *counter = C_FB_UNSELECTED; return "not selected (--every)"; }
    if (opt.launches && n / opt.every >= opt.launches) { *counter = C_FB_LIMIT; return "launch limit reached (--launches)"; }
    const char *why = __atomic_load_n(&stopped, __ATOMIC_ACQUIRE);
    if (why) { *counter = C_FB_BUDGET; return why; }
    return NULL;
}

/* Step 3, sizing: each map's bytes for this grid and block by its contract rule (per unit x units
 * + fixed), laid out after the header block, each at an NT_MAP_ALIGN boundary. Returns the total. */
static size_t size_maps(struct item *it, const struct nt_launch *l) {
    const struct nt_func *f = it->f;
    unsigned long long blocks = (unsigned long long)l->grid[0] * l->grid[1] * l->grid[2];
    unsigned long long per_block = (unsigned long long)l->block[0] * l->block[1] * l->block[2];
    unsigned long long threads = blocks * per_block, warps = blocks * ((per_block + NT_WARP - 1) / NT_WARP);
    size_t total = aligned(NT_HEADER_SLOT_BYTES * (size_t)f->nmaps, NT_MAP_ALIGN);
    for (int i = 0; i < f->nmaps; i++) {
        const struct nt_map_rule *m = &f->maps[i];
        unsigned long long units = m->unit == 2 ? blocks : m->unit == 1 ? warps : m->unit < 0 ? 0 : threads;
        it->sizes[i] = m->per_unit * (long long)units + m->fixed;
        it->offsets[i] = total;
        total += aligned((size_t)it->sizes[i], NT_MAP_ALIGN);
    }
    return total;
}

/* Step 4, admission: the ring takes the launch's device buffer, or it runs the original kernel.
 * (The byte budget is settled by the writer in launch order, once a pool's cursor is known; a
 * launch admitted before the budget ran out runs the twin and is counted as not recorded.) */
static const char *admit(struct item *it, int *counter) {
    if (ring_admit(it->total)) return NULL;
    *counter = C_FB_RING;
    return "staging ring full (--ring-full native)";
}

/* Step 5, allocation: the device buffer, zeroed, on the program's stream (stream-ordered). */
static int alloc_maps(struct item *it, const struct nt_launch *l) {
    int (*alloc_async)(nt_dptr *, size_t, void *) = nt_call(NT_alloc_async);
    int (*free_async)(nt_dptr, void *) = nt_call(NT_free_async);
    if (!alloc_async || !free_async || !checked(alloc_async(&it->dev, it->total, l->stream))) {
        it->dev = 0;
        return 0;
    }
    if (checked(CALL(memset_async, int (*)(nt_dptr, unsigned char, size_t, void *), it->dev, 0, it->total, l->stream)))
        return 1;
    checked(free_async(it->dev, l->stream));
    it->dev = 0;
    return 0;
}

static void drop_maps(struct item *it, const struct nt_launch *l) {
    int (*free_async)(nt_dptr, void *) = nt_call(NT_free_async);
    if (it->dev && free_async) checked(free_async(it->dev, l->stream));
    it->dev = 0;
    ring_release(it->total);
}

/* Step 6, parameters: the program's own, then the header pointer, then one pointer per map. */
static void twin_params(const struct item *it, const struct nt_launch *l, void **params, nt_dptr *ptrs) {
    const struct nt_func *f = it->f;
    for (int i = 0; i < f->nparams; i++) params[i] = l->params[i];
    ptrs[0] = it->dev;
    params[f->nparams] = &ptrs[0];
    for (int i = 0; i < f->nmaps; i++) {
        ptrs[i + 1] = it->dev + it->offsets[i];
        params[f->nparams + 1 + i] = &ptrs[i + 1];
    }
}

/* The process's goodbye, once: its ring and budget figures and exit code (the server lists it as
 * exited; a process that never says it, killed or crashed, is listed as killed), after everything
 * queued. Only the process whose writer thread runs says it: a vfork child shares our memory. */
static int said_goodbye;
static void goodbye(int code) {
    if (!writer_started || writer_pid != getpid() || __atomic_exchange_n(&said_goodbye, 1, __ATOMIC_ACQ_REL))
        return;
    struct item *it = calloc(1, sizeof *it);
    if (it) {
        it->kind = ITEM_STATS;
        it->code = code;
        enqueue(it);
    }
    nt_drain();
}
static void drain_at_exit(void) { goodbye(-1); }
static void register_drain(void) { atexit(drain_at_exit); }

/* os._exit (how Python's fork children and multiprocessing workers end) skips atexit handlers:
 * say goodbye here too, so the launches still queued reach the trace. */
NT_API void _exit(int code) {
    goodbye(code);
    void (*real_exit)(int) = (void (*)(int))nt_real_dlsym(RTLD_NEXT, "_exit");
    if (real_exit) real_exit(code);
    for (;;) syscall(SYS_exit_group, code);      /* not reached: real _exit does not return */
}

/* exec replaces the process image, and the writer thread and its queue with it: the launches
 * queued are written first (the new image's shim opens a data file of its own, open_data). A
 * vfork child (Python's subprocess) shares our memory and waits for nothing; the functions it
 * calls on were looked up at load (shim_init), as a vfork child should not take dlsym's lock. */
enum { X_EXECVE, X_EXECVPE, X_EXECV, X_EXECVP, X_FEXECVE, X_N };
static const char *const EXEC_NAMES[X_N] = {"execve", "execvpe", "execv", "execvp", "fexecve"};
static void *exec_next[X_N];

static void *before_exec(int which) {
    if (writer_started && writer_pid == getpid()) nt_drain();
    if (!exec_next[which]) errno = ENOSYS;
    return exec_next[which];
}

typedef int (*exec_fn)(const char *, char *const[]);
typedef int (*exece_fn)(const char *, char *const[], char *const[]);

NT_API int execve(const char *path, char *const argv[], char *const envp[]) {
    exece_fn next = (exece_fn)before_exec(X_EXECVE);
    return next ? next(path, argv, envp) : -1;
}

NT_API int execvpe(const char *file, char *const argv[], char *const envp[]) {
    exece_fn next = (exece_fn)before_exec(X_EXECVPE);
    return next ? next(file, argv, envp) : -1;
}

NT_API int execv(const char *path, char *const argv[]) {
    exec_fn next = (exec_fn)before_exec(X_EXECV);
    return next ? next(path, argv) : -1;
}

NT_API int execvp(const char *file, char *const argv[]) {
    exec_fn next = (exec_fn)before_exec(X_EXECVP);
    return next ? next(file, argv) : -1;
}

NT_API int fexecve(int fd, char *const argv[], char *const envp[]) {
    int (*next)(int, char *const[], char *const[]) = (int (*)(int, char *const[], char *const[]))before_exec(X_FEXECVE);
    return next ? next(fd, argv, envp) : -1;
}

/* execl, execlp, execle: their arguments as an argv (NULL-ended), and for execle the environment
 * after it; glibc's own forms call an exec that is not interposed. */
static char **gather(const char *first, va_list ap, char ***envp) {
    size_t n = 1, cap = 16;
    char **argv = malloc(cap * sizeof *argv);
    if (!argv) return NULL;
    argv[0] = (char *)first;
    for (char *a = first ? va_arg(ap, char *) : NULL;; a = va_arg(ap, char *)) {
        if (n + 1 >= cap) {
            char **more = realloc(argv, (cap *= 2) * sizeof *argv);
            if (!more) { free(argv); return NULL; }
            argv = more;
        }
        argv[n++] = a;
        if (!a) break;
    }
    if (envp) *envp = va_arg(ap, char **);
    return argv;
}

#define EXEC_LIST(name, call, with_env)                                                           \
    NT_API int name(const char *file, const char *arg, ...) {                                     \
        char **envp = NULL;                                                                       \
        va_list ap;                                                                               \
        va_start(ap, arg);                                                                        \
        char **argv = gather(arg, ap, with_env ? &envp : NULL);                                   \
        va_end(ap);                                                                               \
        if (!argv) { errno = ENOMEM; return -1; }                                                 \
        int r = call;                                                                             \
        free(argv);                                                                               \
        return r;                                                                                 \
    }
EXEC_LIST(execl, execv(file, argv), 0)
EXEC_LIST(execlp, execvp(file, argv), 0)
EXEC_LIST(execle, execve(file, argv, envp), 1)

static int node_launch(const struct nt_launch *l, void *fn, void **params);

/* `fn` run as `l` asks: a launch, or a kernel node made or set (NT_FORM_NODE). */
static int run(const struct nt_launch *l, void *fn, void **params) {
    return l->form == NT_FORM_NODE ? node_launch(l, fn, params) : nt_rt.launch(l, fn, params);
}

/* The twin launched with `it`'s map buffers appended; arguments from `extra` go as kernelParams. */
static int launch_twin(const struct item *it, const struct nt_launch *l) {
    void *params[NT_MAX_PARAMS], *packed[NT_MAX_PARAMS];
    nt_dptr ptrs[NT_MAX_MAPS + 1];
    struct nt_launch twin = *l;
    if (!l->params && l->extra && packed_params(it->f, l, packed)) {
        twin.params = packed;
        twin.extra = NULL;
    }
    twin_params(it, &twin, params, ptrs);
    return run(&twin, it->f->twin, params);
}

/* The twin made ready on `device` before its first launch there. */
static int prepared_on(struct nt_func *f, int device) {
    if (__atomic_load_n(&f->prepared, __ATOMIC_ACQUIRE) & (1ull << (device & 63))) return 1;
    pthread_mutex_lock(&instrument_lock);
    int ok = prepare(f, device);
    pthread_mutex_unlock(&instrument_lock);
    return ok;
}

static int capture(const struct nt_launch *l, struct nt_func *f, int *r);

/* A launch: the twin with map buffers appended, or the original kernel with the reason why; timed
 * either way, and handed to the writer thread (step 7), which copies the maps back off the
 * program's stream. On a stream being captured into a graph, `capture` takes it. */
static int launch_relaxed(struct nt_launch *l) {
    struct nt_func *f = nt_func_of(l->f);
    int r = 0;
    if (f && capture(l, f, &r)) return r;
    if (!f || (DEAD() && __atomic_load_n(&f->state, __ATOMIC_ACQUIRE) == NT_F_UNKNOWN)) {
        COUNT(C_FB_SERVER);
        return nt_rt.launch(l, l->f, l->params);
    }
    if (__atomic_load_n(&f->state, __ATOMIC_ACQUIRE) == NT_F_UNKNOWN) instrument(f);
    struct ctx_state *cs = ctx_state_of(l->stream);
    struct item *it = cs ? launch_item(l, f, cs) : NULL;
    if (!it) {
        COUNT(C_LOST);
        return nt_rt.launch(l, l->f, l->params);
    }
    int counter = 0;
    const char *fallback = unusable(f, l, &counter);
    if (!fallback) fallback = unselected(f, 1, &counter);
    if (!fallback) {
        it->total = size_maps(it, l);
        fallback = admit(it, &counter);
    }
    if (!fallback && !alloc_maps(it, l)) {
        drop_maps(it, l);
        fallback = "could not allocate map buffers";
        counter = C_FB_LAUNCH_FAILED;
    }
    if (!fallback && !prepared_on(f, cs->device)) {
        drop_maps(it, l);
        fallback = refused_attributes;
        counter = C_FB_LAUNCH_FAILED;
    }
    /* the twin's module variables take the program's values first, outside the kernel's time */
    if (!fallback && f->nvars && !(nt_rt.variables && nt_rt.variables(f, l->stream, 0))) {
        drop_maps(it, l);
        fallback = UNSHARED_VARIABLES;
        counter = C_FB_LAUNCH_FAILED;
    }
    /* two events a launch are most of what the shim costs a launch it does not record */
    int timed = !fallback || !opt.recorded_times;
    if (timed) it->start = event_at(cs, l->stream);
    if (!fallback && (r = launch_twin(it, l)) != 0) {    /* e.g. too many resources: run the original */
        drop_maps(it, l);
        fallback = "instrumented launch failed";
        counter = C_FB_LAUNCH_FAILED;
    }
    if (fallback) r = nt_rt.launch(l, l->f, l->params);
    if (timed) it->end = event_at(cs, l->stream);
    if (!fallback && f->nvars) nt_rt.variables(f, l->stream, 1);     /* what the twin wrote */
    COUNT(fallback ? counter : C_INSTRUMENTED);
    it->fallback = fallback;
    enqueue(it);
    return r;
}

/* Every launch the program makes; the steps above run in relaxed capture mode (relax). */
int nt_launch(struct nt_launch *l) {
    /* registered after cuInit's own exit handlers, so it runs before they tear contexts down */
    pthread_once(&drain_once, register_drain);
    COUNT(C_LAUNCHES);
    if (!opt.socket) return nt_rt.launch(l, l->f, l->params);     /* pass-through (doctor, tests) */
    int mode = relax();
    int r = launch_relaxed(l);
    unrelax(mode);
    return r;
}

/* ---- graphs ------------------------------------------------------------------------------- */

/* A twin made a graph node in place of the kernel (captured, or added by the program): the launch
 * as made (each replay's item is a copy of it), with a map buffer of its own (`launch->dev`) that
 * lives as long as the graph; `node` is its node's handle (NULL where the runtime cannot say which
 * node a captured launch became) and `graph` the graph it was made in. A clone's copy of a site
 * has the clone's node and handle, and its original's launch (struct graph's `origin`). */
struct site { struct item *launch; void *node, *graph; struct site *next; };

/* The twins of one graph, shared by the graph and its instantiations (`refs`: one per handle, one
 * per replay under way, one per graph holding it as a child or cloned from it).
 * `kids`: the twins of child graphs and conditional bodies in it, which its replays run too;
 * `body`: the handle of a conditional body, or of the graph a child graph node holds (the driver's
 * graph, its nodes the parent's own, forgotten with it); `node`: that child graph node's handle.
 * A clone's nodes hold its original's map pointers (the driver copies them), so a clone's graph
 * has sites of its own (its own node handles, its own edits) on the buffers of `origin`. Replays
 * of every graph on one origin's buffers take turns: each waits for the origin's `done`, recorded
 * after the previous one's copies, so a graph's replays and its clone's never mix maps. */
struct graph { struct site *sites; struct kid *kids; int refs; void *done, *body, *node; struct graph *origin; };
/* `in`: the graph holding the kid's node; `own`: its nodes are that graph's (a body, or the copy a
 * child graph node holds), so that graph's edits of them are its replays' too. */
struct kid { struct graph *g; void *in; int own; struct kid *next; };
static pthread_mutex_t graph_lock = PTHREAD_MUTEX_INITIALIZER;
static struct table graphs;             /* graph, clone or exec handle -> struct graph (NULL: gone) */
static struct table edited;             /* graph or exec -> why its kernel nodes are no longer as made */
static struct table twin_nodes;         /* node the program added (or its copy in a clone) -> its site */
static unsigned long long graph_bytes;  /* device bytes the sites hold (--graph-maps bounds it) */

#define EDITED "a kernel node's parameters were set after its twin was made: maps not kept"

/* A twin's node given another kernel or launch shape in a graph (`handle`, the graph its node is
 * in) or an exec: its replays there are that launch (`launch.f` NULL: a kernel the shim does not
 * know, left out as its eager launches are, or none: the node was removed), never the twin's
 * kernel, and keep no maps. An exec takes its graph's at instantiation. Few: one list (caller
 * holds graph_lock). */
struct swap { void *handle; const struct site *site; struct item launch; struct swap *next; };
static struct swap *swaps;

static struct swap **swap_at(void *handle, const struct site *s) {
    struct swap **w = &swaps;
    while (*w && ((*w)->handle != handle || (*w)->site != s)) w = &(*w)->next;
    return w;
}

/* What s's node runs in `handle` instead of its twin, or NULL. */
static const struct item *swap_get(void *handle, const struct site *s) {
    struct swap *w = *swap_at(handle, s);
    return w ? &w->launch : NULL;
}

/* s's node in `handle` runs `launch` now, or (NULL) its twin again. */
static void swap_put(void *handle, const struct site *s, const struct item *launch) {
    struct swap **at = swap_at(handle, s), *w = *at;
    if (w) {
        *at = w->next;
        free(w);
    }
    if (!launch || !(w = malloc(sizeof *w))) return;
    *w = (struct swap){.handle = handle, .site = s, .launch = *launch, .next = swaps};
    w->launch.scope = NULL;
    swaps = w;
}

static void swaps_gone(void *handle) {
    for (struct swap **w = &swaps, *gone; *w;)
        if ((*w)->handle == handle) {
            gone = *w;
            *w = gone->next;
            free(gone);
        } else {
            w = &(*w)->next;
        }
}

/* The swaps of g's nodes and its own kids' made `exec`'s too (an instantiation of g's graph). */
static void swaps_copied(const struct graph *g, void *exec) {
    for (const struct site *s = g->sites; s; s = s->next) {
        const struct item *now = swap_get(s->graph, s);
        if (now) swap_put(exec, s, now);
    }
    for (const struct kid *k = g->kids; k; k = k->next)
        if (k->own) swaps_copied(k->g, exec);
}

/* The graph whose buffers g's sites use. */
static struct graph *owner(struct graph *g) { return g->origin ? g->origin : g; }

/* Caller holds graph_lock. Freeing waits and frees: relaxed, as a capture may be under way. */
static void graph_unref(struct graph *g) {
    if (!g || --g->refs > 0) return;
    int mode = relax();
    if (g->done) {
        checked(CALL(event_sync, int (*)(void *), g->done));
        checked(CALL(event_destroy, int (*)(void *), g->done));
    }
    for (struct site *s = g->sites, *next; s; s = next) {
        next = s->next;
        if (s->node && table_get(&twin_nodes, s->node) == s) table_put(&twin_nodes, s->node, NULL);
        if (!g->origin) {
            checked(CALL(mem_free, int (*)(nt_dptr), s->launch->dev));
            graph_bytes -= s->launch->total;
            free(s->launch->scope);
            free(s->launch);
        }
        free(s);
    }
    for (struct kid *k = g->kids, *next; k; k = next) {
        next = k->next;
        /* a body's handle goes with its parent, though a clone's copy may keep its twins */
        if (k->g->body && table_get(&graphs, k->g->body) == k->g) {
            table_put(&graphs, k->g->body, NULL);
            swaps_gone(k->g->body);
        }
        graph_unref(k->g);
        free(k);
    }
    if (g->body && table_get(&graphs, g->body) == g) {
        table_put(&graphs, g->body, NULL);
        swaps_gone(g->body);
    }
    graph_unref(g->origin);
    free(g);
    unrelax(mode);
}

/* The struct graph of `handle`, made for it when it has none (caller holds graph_lock). */
static struct graph *graph_of(void *handle) {
    struct graph *g = table_get(&graphs, handle);
    if (!g && (g = calloc(1, sizeof *g))) {
        g->refs = 1;
        table_put(&graphs, handle, g);
    }
    return g;
}

/* The twin captured as a graph node in place of the kernel, with a map buffer of its own; the
 * reason it could not be, or NULL. Only a look at --launches: the replays count. */
static const char *capture_twin(const struct nt_launch *l, struct nt_func *f, void *graph, int *r,
                                struct site **made) {
    if (DEAD() && __atomic_load_n(&f->state, __ATOMIC_ACQUIRE) == NT_F_UNKNOWN) return SERVER_DOWN;
    if (__atomic_load_n(&f->state, __ATOMIC_ACQUIRE) == NT_F_UNKNOWN) instrument(f);
    int counter = 0, device = -1, room = 0;
    const char *why = unusable(f, l, &counter);
    if (!why) why = unselected(f, 0, &counter);
    if (!why && f->nvars) why = GRAPH_VARIABLES;      /* no copies around a graph's node */
    if (why) return why;
    struct item *it = launch_item(l, f, NULL);
    struct site *site = it ? calloc(1, sizeof *site) : NULL;
    if (site) {
        it->total = size_maps(it, l);
        pthread_mutex_lock(&graph_lock);
        room = graph_bytes + it->total <= opt.graph_maps;
        if (room) graph_bytes += it->total;
        pthread_mutex_unlock(&graph_lock);
    }
    why = !site ? "graph capture"
        : !room ? "graph maps past their bound (--graph-maps)"
        : !checked(CALL(ctx_device, int (*)(int *), &device)) || !prepared_on(f, device) ? refused_attributes
        : !checked(CALL(mem_alloc, int (*)(nt_dptr *, size_t), &it->dev, it->total)) ? "could not allocate map buffers"
        : (*r = launch_twin(it, l)) != 0 ? "instrumented launch failed" : NULL;
    pthread_mutex_lock(&graph_lock);
    struct graph *g = why ? NULL : graph_of(graph);
    if (g) {
        site->launch = it;
        site->graph = graph;
        site->next = g->sites;
        g->sites = site;
        *made = site;
    } else {
        if (site && it->dev) checked(CALL(mem_free, int (*)(nt_dptr), it->dev));
        if (room) graph_bytes -= it->total;
        if (it) free(it->scope);
        free(it);
        free(site);
        if (!why) why = "graph capture";
    }
    pthread_mutex_unlock(&graph_lock);
    return why;
}

/* A kernel becoming a node of `graph` (NULL: unknown). Where the runtime reports graphs
 * (nt_rt.graphs) the twin becomes the node, and every replay of the graph is a launch with maps
 * (nt_graph_launch); otherwise the original kernel does, listed untimed (events and copies cannot
 * join a graph). Returns the twin's site, or NULL; the driver's result in *r. */
static struct site *graph_node(const struct nt_launch *l, struct nt_func *f, void *graph, int *r) {
    struct site *site = NULL;
    const char *why = "graph capture";
    if (graph && nt_rt.graphs && nt_call(NT_mem_alloc) && nt_call(NT_dtod_async) && nt_call(NT_capture_mode))
        why = capture_twin(l, f, graph, r, &site);
    if (!why) {
        COUNT(C_GRAPH_TWINS);
        return site;
    }
    COUNT(C_FB_CAPTURE);
    struct item *it = launch_item(l, f, NULL);
    if (it) {
        it->fallback = why;
        enqueue(it);
    }
    *r = run(l, l->f, l->params);
    return NULL;
}

/* The site's node handle, for later edits of that node (set_node, nt_graph_destroy_node). */
static void name_site(struct site *site, void *node) {
    pthread_mutex_lock(&graph_lock);
    if (node) {
        site->node = node;
        table_put(&twin_nodes, node, site);
    }
    pthread_mutex_unlock(&graph_lock);
}

/* The graph a stream is being captured into, or NULL. */
static void *capture_graph(void *stream) {
    int status = 0;
    unsigned long long id = 0;
    void *graph = NULL;
    if (!checked(CALL(capture_info, int (*)(void *, int *, unsigned long long *, void **, void *, void *, void *),
                      stream, &status, &id, &graph, NULL, NULL, NULL)))
        return NULL;
    return graph;
}

/* Step 1, capture: on a stream being captured into a graph a launch becomes a graph node
 * (graph_node). 1 when the launch was handled here, its result in *r. */
static int capture(const struct nt_launch *l, struct nt_func *f, int *r) {
    int capturing = 0;
    if (!checked(CALL(stream_capturing, int (*)(void *, int *), l->stream, &capturing)))
        capturing = 1;                          /* unknown: the safe answer */
    if (!capturing) return 0;
    struct site *site = graph_node(l, f, capture_graph(l->stream), r);
    if (site && nt_rt.captured_node) name_site(site, nt_rt.captured_node(l->stream));
    return 1;
}

/* One replay of a site: its buffer copied into a fresh one on the replay's stream (so the next
 * replay cannot overwrite it), which the writer takes as the launch's maps. */
static void replayed(const struct item *site, struct ctx_state *cs, void *stream, const char *edit) {
    COUNT(C_LAUNCHES);
    struct item *it = malloc(sizeof *it);
    if (!it) {
        COUNT(C_LOST);
        return;
    }
    *it = *site;
    it->next = NULL;
    it->cs = cs;
    it->stream = stream;
    it->dev = 0;
    it->graph = 1;
    it->scope = current_scope();
    it->seq = __atomic_fetch_add(&next_seq, 1, __ATOMIC_RELAXED);
    int counter = C_FB_LAUNCH_FAILED;
    const char *why = edit ? edit : unselected(it->f, 1, &counter);
    if (!why) why = admit(it, &counter);
    if (!why) {
        int (*alloc_async)(nt_dptr *, size_t, void *) = nt_call(NT_alloc_async);
        struct nt_launch l = {.stream = stream};
        if (!alloc_async || !checked(alloc_async(&it->dev, it->total, stream))) it->dev = 0;
        if (!it->dev || !checked(CALL(dtod_async, int (*)(nt_dptr, nt_dptr, size_t, void *), it->dev, site->dev,
                                      it->total, stream))) {
            drop_maps(it, &l);
            why = "could not copy the graph's maps";
            counter = C_FB_LAUNCH_FAILED;
        }
    }
    it->end = event_at(cs, stream);
    COUNT(why ? counter : C_INSTRUMENTED);
    it->fallback = why;
    enqueue(it);
}

/* Each site of g and of its child graphs: zeroed before a replay of `exec` (`stream` set, `cs`
 * NULL) or replayed after it, as the launch its node runs there (swap_get). */
static void each_site(struct graph *g, void *exec, struct ctx_state *cs, void *stream, const char *edit) {
    for (struct site *s = g->sites; s; s = s->next) {
        const struct item *now = cs ? swap_get(exec, s) : NULL;
        if (now && now->f) replayed(now, cs, stream, edit ? edit : EDITED);
        else if (cs && !now) replayed(s->launch, cs, stream, edit);
        else if (!cs) checked(CALL(memset_async, int (*)(nt_dptr, unsigned char, size_t, void *), s->launch->dev, 0,
                                   s->launch->total, stream));
    }
    for (struct kid *k = g->kids; k; k = k->next) each_site(k->g, exec, cs, stream, edit);
}

/* g's replay takes its turn on the buffers of g and of its kids: it waits for each owner's `done`
 * (`after` 0), then records it after its copies (`after` 1). */
static void each_turn(struct graph *g, void *stream, int after) {
    struct graph *o = owner(g);
    if (after && o->done) checked(CALL(event_record, int (*)(void *, void *), o->done, stream));
    else if (!after && o->done) checked(CALL(stream_wait, int (*)(void *, void *, unsigned), stream, o->done, 0));
    else if (!after) o->done = event_new();
    for (struct kid *k = g->kids; k; k = k->next) each_turn(k->g, stream, after);
}

/* A graph launch: the buffers of its twins zeroed before it and copied out after it. Launches
 * using one graph's buffers take turns (graph_lock, and `done` across streams). Launched on a
 * stream being captured, the exec becomes a child node of the graph captured, its twins that graph's. */
int nt_graph_launch(void *exec, void *stream, int (*launch)(void *, void *)) {
    int capturing = 0;
    if (!opt.socket) return launch(exec, stream);
    pthread_mutex_lock(&graph_lock);
    struct graph *g = table_get(&graphs, exec);
    struct ctx_state *cs = g && checked(CALL(stream_capturing, int (*)(void *, int *), stream, &capturing)) &&
                           !capturing ? ctx_state_of(stream) : NULL;
    if (!cs) {
        pthread_mutex_unlock(&graph_lock);
        int r = launch(exec, stream);
        if (r == 0 && g && capturing) nt_graph_child(capture_graph(stream), NULL, exec);   /* a child node now */
        return r;
    }
    int mode = relax();
    g->refs++;
    each_turn(g, stream, 0);
    each_site(g, exec, NULL, stream, NULL);
    int r = launch(exec, stream);
    if (r == 0) each_site(g, exec, cs, stream, table_get(&edited, exec));
    each_turn(g, stream, 1);
    graph_unref(g);
    unrelax(mode);
    pthread_mutex_unlock(&graph_lock);
    return r;
}

/* Why `graph`'s kernel nodes no longer run as made: its own edits, or those of a conditional body
 * in it (a body's nodes are the parent's own: the driver does not copy them as it copies a child's). */
static const char *edits_of(void *graph, const struct graph *g) {
    const char *why = table_get(&edited, graph);
    for (const struct kid *k = g ? g->kids : NULL; k && !why; k = k->next)
        if (k->g->body) why = edits_of(k->g->body, k->g);
    return why;
}

/* `exec` instantiated from `graph`: it runs graph's twins, edited as graph is. */
void nt_graph_instantiated(void *exec, void *graph) {
    pthread_mutex_lock(&graph_lock);
    struct graph *g = table_get(&graphs, graph);
    if (g && exec && table_get(&graphs, exec) != g) {
        g->refs++;
        table_put(&graphs, exec, g);
    }
    if (g && exec) {
        table_put(&edited, exec, edits_of(graph, g));
        swaps_gone(exec);
        swaps_copied(g, exec);
    }
    pthread_mutex_unlock(&graph_lock);
}

/* The driver's graph child graph node `node` holds, or NULL. */
static void *held_by(void *node) {
    int (*inner)(void *, void **) = nt_call(NT_child_graph);
    void *held = NULL;
    return node && inner && checked(inner(node, &held)) ? held : NULL;
}

/* g made the twins of `held`, the graph child graph node `node` holds (caller holds graph_lock). */
static void holding(struct graph *g, void *node, void *held) {
    g->node = node;
    g->body = held;
    table_put(&graphs, held, g);
}

/* A copy of g for `clone`, a clone of its graph (or the driver's copy of it a child graph node
 * holds): sites in the same order on the same buffers, each named by the clone's node the runtime
 * finds for the original's, with its swaps where g is `own` (its graph's nodes, not a child's
 * kept as added); its kids copied likewise. The runtime finds a node only in a direct clone of its
 * graph (on the H200, none inside a clone's child graph), so a child graph's nodes are found in the
 * graph the clone's child graph node holds, which the driver cloned from the original's. */
static struct graph *copy_graph(struct graph *g, int own, void *clone) {
    int (*find)(void **, void *, void *) = nt_call(NT_find_in_clone);
    struct graph *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->refs = 1;
    c->origin = owner(g);
    c->origin->refs++;
    struct site **end = &c->sites;
    for (struct site *s = g->sites; s; s = s->next) {
        struct site *copy = calloc(1, sizeof *copy);
        void *node = NULL;
        if (!copy) break;
        copy->launch = s->launch;
        copy->graph = clone;
        if (s->node && find && checked(find(&node, s->node, clone)) && node) {
            copy->node = node;
            table_put(&twin_nodes, node, copy);
        }
        const struct item *now = own ? swap_get(s->graph, s) : NULL;
        if (now) swap_put(clone, copy, now);
        *end = copy;
        end = &copy->next;
    }
    struct kid **tail = &c->kids;
    for (struct kid *k = g->kids; k; k = k->next) {
        struct kid *copy = calloc(1, sizeof *copy);
        void *node = NULL;
        int found = copy && k->g->node && find && checked(find(&node, k->g->node, clone));
        void *held = found ? held_by(node) : NULL;
        if (copy && !(copy->g = copy_graph(k->g, own && k->own, held ? held : clone))) {
            free(copy);
            copy = NULL;
        }
        if (!copy) break;
        copy->in = clone;
        copy->own = 1;
        if (held) holding(copy->g, node, held);
        *tail = copy;
        tail = &copy->next;
    }
    return c;
}

/* `clone` made from `graph`: it runs copies of graph's twins, on their buffers, and its nodes are
 * edited, removed and added to as a graph built the same way (copy_graph). */
void nt_graph_cloned(void *clone, void *graph) {
    pthread_mutex_lock(&graph_lock);
    struct graph *g = table_get(&graphs, graph);
    struct graph *c = g && clone && !table_get(&graphs, clone) ? copy_graph(g, 1, clone) : NULL;
    if (c) {
        table_put(&graphs, clone, c);
        table_put(&edited, clone, edits_of(graph, g));
    }
    pthread_mutex_unlock(&graph_lock);
}

void nt_graph_updated(void *exec, void *graph) {
    pthread_mutex_lock(&graph_lock);
    struct graph *was = table_get(&graphs, exec), *now = table_get(&graphs, graph);
    if (was != now) {
        if (now) now->refs++;
        table_put(&graphs, exec, now);
        graph_unref(was);
    }
    table_put(&edited, exec, edits_of(graph, now));
    swaps_gone(exec);
    if (now) swaps_copied(now, exec);
    pthread_mutex_unlock(&graph_lock);
}

/* Graph node parameters: CUgraphNodeParams and hipGraphNodeParams share this layout. */
enum { NODE_KERNEL = 0, NODE_GRAPH = 4 };
struct node_params {
    int type, reserved0[3];
    union {
        long long reserved1[29];
        long long kernel[29];     /* the runtime's kernel node params (nt_rt.node_read) */
        void *graph;
        struct { unsigned long long handle; int type; unsigned size; void **bodies; void *ctx; } conditional;
    };
    long long reserved2;
};

/* The call `c` made with `p` for its parameters, through the runtime's function `fn`. */
static int node_call(const struct nt_node_call *c, void *fn, const void *p) {
    switch (c->shape) {
    case NT_NODE_ADD:
        return ((int (*)(void **, void *, const void *, size_t, const void *))fn)(c->node, c->graph, c->deps, c->ndeps, p);
    case NT_NODE_ADD_EDGES:
        return ((int (*)(void **, void *, const void *, const void *, size_t, const void *))fn)(
            c->node, c->graph, c->deps, c->edges, c->ndeps, p);
    case NT_NODE_SET:
        return ((int (*)(void *, const void *))fn)(*c->node, p);
    default:
        return ((int (*)(void *, void *, const void *))fn)(c->exec, *c->node, p);
    }
}

/* A kernel node's call (l->config) with `fn` and `params` in the kernel's place (nt_rt.node_write). */
static int node_launch(const struct nt_launch *l, void *fn, void **params) {
    const struct nt_node_call *c = l->config;
    void *real = nt_real(&nt_rt.hooks[c->id]);
    if (!real) return 999;
    if (fn == l->f && params == l->params) return node_call(c, real, c->params);
    struct node_params twin;
    if (!c->generic) {
        nt_rt.node_write(twin.kernel, c->params, c->v1, fn, params, l->extra);
        return node_call(c, real, twin.kernel);
    }
    memcpy(&twin, c->params, sizeof twin);
    nt_rt.node_write(twin.kernel, ((const struct node_params *)c->params)->kernel, 0, fn, params, l->extra);
    return node_call(c, real, &twin);
}

static int add_node(const struct nt_launch *l, void *graph, void **node);
static int set_node(void *exec, void *node, const struct nt_launch *l);

int nt_graph_kernel_node(struct nt_node_call *c) {
    void *real = nt_real(&nt_rt.hooks[c->id]);
    if (!real) return 999;
    if (!c->params || !nt_rt.node_read) return node_call(c, real, c->params);
    const void *p = c->generic ? ((const struct node_params *)c->params)->kernel : c->params;
    struct nt_launch l = {.form = NT_FORM_NODE, .id = c->id, .config = c};
    nt_rt.node_read(p, c->generic ? 0 : c->v1, &l);
    int adds = c->shape == NT_NODE_ADD || c->shape == NT_NODE_ADD_EDGES;
    return adds ? add_node(&l, c->graph, c->node) : set_node(c->exec, *c->node, &l);
}

int nt_graph_any_node(struct nt_node_call *c) {
    const struct node_params *p = c->params;
    c->generic = 1;
    if (p && p->type == NODE_KERNEL) return nt_graph_kernel_node(c);
    void *real = nt_real(&nt_rt.hooks[c->id]);
    int r = real ? node_call(c, real, p) : 999;
    if (r == 0 && p && p->type == NODE_GRAPH && c->shape == NT_NODE_EXEC_SET) nt_graph_exec_child(c->exec);
    if (r != 0 || !p || (c->shape != NT_NODE_ADD && c->shape != NT_NODE_ADD_EDGES)) return r;
    if (p->type == NODE_GRAPH) nt_graph_child(c->graph, *c->node, p->graph);
    int conditional = nt_rt.node_conditional && p->type == nt_rt.node_conditional;
    for (unsigned i = 0; conditional && p->conditional.bodies && i < p->conditional.size; i++)
        nt_graph_body(c->graph, p->conditional.bodies[i]);
    return r;
}

/* A kernel node the program adds to `graph` (cuGraphAddKernelNode, cuGraphAddNode) becomes its twin
 * as a captured launch does; `node` is where the driver puts its handle. */
static int add_node(const struct nt_launch *l, void *graph, void **node) {
    struct nt_func *f = opt.socket ? nt_func_of(l->f) : NULL;
    if (!f) return run(l, l->f, l->params);
    pthread_once(&drain_once, register_drain);
    int r = 0, mode = relax();
    struct site *site = graph_node(l, f, graph, &r);
    if (site && node) name_site(site, *node);
    unrelax(mode);
    return r;
}

/* Whether g runs a twin whose node is not known (captured where the runtime cannot say which). */
static int unnamed(const struct graph *g) {
    for (const struct site *s = g ? g->sites : NULL; s; s = s->next)
        if (!s->node) return 1;
    for (const struct kid *k = g ? g->kids : NULL; k; k = k->next)
        if (unnamed(k->g)) return 1;
    return 0;
}

#define UNNAMED "a twin's kernel node the shim could not name was edited or removed in its graph: maps not kept"

/* Whether site s, named by no node, is the one node `l` runs: its twin, with its map buffer (the
 * twin's header argument). */
static int runs_site(const struct site *s, const struct nt_launch *l) {
    const struct nt_func *f = s->launch->f;
    return !s->node && f->twin && l->f == f->twin && l->params && *(const nt_dptr *)l->params[f->nparams] == s->launch->dev;
}

/* The sites of g and of its kids that node `l` may be: counted in *n (the last in *found), their
 * graphs marked `why` where given (caller holds graph_lock). */
static void sites_running(struct graph *g, const struct nt_launch *l, struct site **found, int *n, const char *why) {
    for (struct site *s = g->sites; s; s = s->next) {
        if (!runs_site(s, l) || s == *found) continue;
        *found = s;
        ++*n;
        if (why) table_put(&edited, s->graph, (void *)why);
    }
    for (struct kid *k = g->kids; k; k = k->next) sites_running(k->g, l, found, n, why);
}

/* Each graph's sites that node `l` may be (see sites_running). */
static void each_graph_running(const struct nt_launch *l, struct site **found, int *n, const char *why) {
    for (size_t i = 0; i < graphs.cap; i++)
        if (graphs.slots[i].value) sites_running(graphs.slots[i].value, l, found, n, why);
}

/* A graph's kernel node the shim never named (a launch captured where the runtime cannot say
 * which node it became, a clone's copy the runtime did not find) is a twin's when it runs a twin
 * with that twin's map buffer, read back from the runtime: named now, or NULL. A buffer that
 * several unnamed sites hold (a graph and its clone) cannot say which: their graphs' replays say
 * their maps were not kept, marked before the edit (after it the node no longer says what it ran),
 * so also where the runtime then refuses it (caller holds graph_lock). */
static struct site *late_site(void *node) {
    int (*get)(void *, void *) = nt_call(NT_kernel_node_get);
    long long p[29] = {0};
    struct nt_launch l = {0};
    struct site *found = NULL;
    int n = 0;
    if (!get || !nt_rt.node_read || get(node, p) != 0) return NULL;
    nt_rt.node_read(p, 0, &l);
    each_graph_running(&l, &found, &n, NULL);
    if (n > 1) each_graph_running(&l, &(struct site *){NULL}, &n, UNNAMED);
    if (n != 1) return NULL;
    found->node = node;
    table_put(&twin_nodes, node, found);
    return found;
}

/* New parameters for a kernel node of a graph (exec NULL) or of an exec. A twin's node given its
 * own kernel on the same launch shape stays the twin, with the new arguments and its own maps; any
 * other change of it runs as asked, and that node's replays are listed as the launch it runs now,
 * saying they have no maps (swap_put): the graph's other twins still write their own buffers. */
static int set_node(void *exec, void *node, const struct nt_launch *l) {
    struct nt_func *f = opt.socket ? nt_func_of(l->f) : NULL;
    int counter = 0;
    pthread_mutex_lock(&graph_lock);
    struct site *s = opt.socket ? table_get(&twin_nodes, node) : NULL;
    if (!s && !exec && opt.socket) s = late_site(node);
    const struct item *it = s ? s->launch : NULL;
    int same = f && it && it->f == f && !memcmp(it->grid, l->grid, sizeof it->grid) &&
               !memcmp(it->block, l->block, sizeof it->block) && it->shm == l->shm && !unusable(f, l, &counter);
    int r = same ? launch_twin(it, l) : run(l, l->f, l->params);
    struct item now = {.kind = ITEM_LAUNCH, .f = f, .grid = {l->grid[0], l->grid[1], l->grid[2]},
                       .block = {l->block[0], l->block[1], l->block[2]}, .shm = l->shm};
    if (r == 0 && s) swap_put(exec ? exec : s->graph, s, same ? NULL : &now);
    if (r == 0 && !s && exec && unnamed(table_get(&graphs, exec))) table_put(&edited, exec, EDITED);
    pthread_mutex_unlock(&graph_lock);
    return r;
}

/* The nodes of g and of its kids made in `graph` forgotten, and the graphs its child graph and
 * conditional nodes hold, which go with it (caller holds graph_lock). */
static void unname(struct graph *g, void *graph) {
    for (struct site *s = g->sites; s; s = s->next)
        if (s->node && s->graph == graph) {
            if (table_get(&twin_nodes, s->node) == s) table_put(&twin_nodes, s->node, NULL);
            s->node = NULL;
        }
    for (struct kid *k = g->kids; k; k = k->next) {
        void *held = k->in == graph ? k->g->body : NULL;
        if (held) {
            if (table_get(&graphs, held) == k->g) table_put(&graphs, held, NULL);
            table_put(&edited, held, NULL);
            swaps_gone(held);
        }
        unname(k->g, held ? held : graph);
    }
}

/* A graph or exec handle gone. A graph's added nodes go with it (a clone's in its kids too): the
 * driver may hand their handles out again. */
void nt_graph_gone(void *handle) {
    pthread_mutex_lock(&graph_lock);
    struct graph *g = table_get(&graphs, handle);
    if (g) {
        unname(g, handle);
        table_put(&graphs, handle, NULL);
        graph_unref(g);
    }
    table_put(&edited, handle, NULL);
    swaps_gone(handle);
    pthread_mutex_unlock(&graph_lock);
}

/* A node removed from its graph by `destroy`: where it held a twin (named late, before it goes,
 * where the shim never named it), that graph's later replays run no launch of it, so list none
 * (a swap to no kernel); its other twins keep their maps. */
int nt_graph_destroy_node(void *node, int (*destroy)(void *)) {
    pthread_mutex_lock(&graph_lock);
    struct site *s = opt.socket ? table_get(&twin_nodes, node) : NULL;
    if (!s && opt.socket) s = late_site(node);
    pthread_mutex_unlock(&graph_lock);
    int r = destroy(node);
    pthread_mutex_lock(&graph_lock);
    if (r == 0 && s && table_get(&twin_nodes, node) == s) {
        swap_put(s->graph, s, &(struct item){.kind = ITEM_LAUNCH});
        table_put(&twin_nodes, node, NULL);
        s->node = NULL;
    }
    pthread_mutex_unlock(&graph_lock);
    return r;
}

/* Whether `from` reaches `to`'s buffers through child graphs (caller holds graph_lock). */
static int reaches(struct graph *from, struct graph *to) {
    if (owner(from) == owner(to)) return 1;
    for (struct kid *k = from->kids; k; k = k->next)
        if (reaches(k->g, to)) return 1;
    return 0;
}

/* Whether a and b (and their kids) use one buffer anywhere. */
static int shares(struct graph *a, struct graph *b) {
    if (reaches(b, a)) return 1;
    for (struct kid *k = a->kids; k; k = k->next)
        if (shares(k->g, b)) return 1;
    return 0;
}

/* c's twins run by g's replays too (caller holds graph_lock; `own`: c is graph's, else shared,
 * gaining a reference). A child whose twins' buffers g already uses (the same child, or a clone of
 * it or of g) would share them between two nodes: g's replays say so instead (0). */
static int adopt(void *graph, struct graph *g, struct graph *c, int own) {
    struct kid *k = !shares(g, c) ? calloc(1, sizeof *k) : NULL;
    if (!k) {
        table_put(&edited, graph, "a child graph's twins were added to a graph twice: maps not kept");
        return 0;
    }
    c->refs += !own;
    *k = (struct kid){.g = c, .in = graph, .own = own, .next = g->kids};
    g->kids = k;
    return 1;
}

/* `child` added to `graph` as child graph node `node`: the driver copies its nodes, twins and their
 * map pointers included, into a graph the node holds, so graph's replays run child's twins too.
 * That copy's nodes (which the program may edit, in the graph or in an exec) name its twins, found
 * as in a clone; where the node is not known (an exec launched into a capture), child's own do. */
void nt_graph_child(void *graph, void *node, void *child) {
    pthread_mutex_lock(&graph_lock);
    struct graph *c = opt.socket ? table_get(&graphs, child) : NULL;
    void *held = c ? held_by(node) : NULL;
    struct graph *k = held ? copy_graph(c, 1, held) : NULL;
    if (k) {
        holding(k, node, held);
        table_put(&edited, held, (void *)edits_of(child, c));
        if (!adopt(graph, graph_of(graph), k, 1)) graph_unref(k);
    } else if (c) {
        adopt(graph, graph_of(graph), c, 0);
    }
    pthread_mutex_unlock(&graph_lock);
}

/* An exec's child graph node given another graph (cuGraphExecChildGraphNodeSetParams): the exec
 * now runs that graph's copy, whose twins (if any) write buffers its replays do not copy, and no
 * longer runs the twins of the child its graph lists. Its replays say so, until an update. */
void nt_graph_exec_child(void *exec) {
    pthread_mutex_lock(&graph_lock);
    if (table_get(&graphs, exec))
        table_put(&edited, exec, "a child graph node was given another graph in the exec: maps not kept");
    pthread_mutex_unlock(&graph_lock);
}

/* A conditional node's body: a graph of the driver's, filled after the node is made and gone with
 * it (no cuGraphDestroy), so graph holds its only reference and its handle is forgotten with it.
 * Its twins are replayed with graph's: a body that did not run keeps empty maps, and a WHILE body's
 * maps hold all the iterations of one replay. */
void nt_graph_body(void *graph, void *body) {
    pthread_mutex_lock(&graph_lock);
    struct graph *b = opt.socket && body && !table_get(&graphs, body) ? graph_of(body) : NULL;
    if (b) {
        b->body = body;
        adopt(graph, graph_of(graph), b, 1);
    }
    pthread_mutex_unlock(&graph_lock);
}

/* A capture's end: a capture that failed (the driver destroys its graph) gives its twins' buffers back. */
int nt_graph_end_capture(void *stream, void **graph, int (*end)(void *, void **)) {
    void *captured = opt.socket ? capture_graph(stream) : NULL;
    int r = end(stream, graph);
    if (captured && (r != 0 || !graph || *graph != captured)) nt_graph_gone(captured);
    return r;
}


void nt_note_alloc(const char *op, unsigned long long ptr, unsigned long long bytes) {
    if (!opt.socket) return;
    struct item *it = calloc(1, sizeof *it);
    if (!it) return;
    it->kind = ITEM_ALLOC;
    it->op = op;
    it->ptr = ptr;
    it->bytes = bytes;
    it->t_ns = now_ns();
    enqueue(it);
}


/* ---- process lifetime ----------------------------------------------------------------------- */

static void after_fork_child(void) {
    /* the child has no writer thread, must not share the parent's sockets or maps.bin, and
     * writes its own procs/<pid>/ subtree */
    if (request_fd >= 0) close(request_fd);    /* the parent keeps its own copies open */
    if (writer_fd >= 0) close(writer_fd);
    request_fd = writer_fd = -1;
    outbox.n = 0;                              /* the parent's messages, not ours */
    writer_started = writer_busy = said_goodbye = 0;
    queue_head = queue_tail = NULL;
    queued = taken = 0;
    if (data_fd >= 0) close(data_fd);
    data_fd = -1;
    data_off = data_written = 0;
    write_failed = NULL;
    inflight = 0;
    pthread_mutex_init(&queue_lock, NULL);
    pthread_cond_init(&room_cond, NULL);
    pthread_mutex_init(&request_lock, NULL);
    pthread_mutex_init(&table_lock, NULL);
    pthread_mutex_init(&instrument_lock, NULL);
    pthread_mutex_init(&ctx_lock, NULL);
    pthread_mutex_init(&ring_lock, NULL);
    pthread_mutex_init(&scope_lock, NULL);
    nctxs = 0;
}

__attribute__((constructor)) static void shim_init(void) {
    opt.socket = getenv(NT_ENV_SOCKET);
    if (opt.socket && !*opt.socket) opt.socket = NULL;
    opt.run = getenv(NT_ENV_RUN);
    if (opt.run && !*opt.run) opt.run = NULL;
    opt.launches = env_u64(NT_ENV_LAUNCHES, 0);
    opt.every = env_u64(NT_ENV_EVERY, 1);
    if (!opt.every) opt.every = 1;
    opt.max_bytes = env_u64(NT_ENV_MAX_BYTES, 0);
    opt.min_free = env_u64(NT_ENV_MIN_FREE, 0);
    opt.staging = env_u64(NT_ENV_STAGING, 256ull << 20);
    opt.graph_maps = env_u64(NT_ENV_GRAPH_MAPS, 4ull << 30);
    opt.queue_max = env_u64("NEUTRINO_SHIM_QUEUE", 1ul << 20);
    if (!opt.queue_max) opt.queue_max = 1;
    const char *full = getenv(NT_ENV_RING_FULL);
    opt.ring_native = full && strcmp(full, "native") == 0;
    const char *times = getenv(NT_ENV_LAUNCH_TIMES);
    opt.recorded_times = times && strcmp(times, "recorded") == 0;
    pthread_atfork(NULL, NULL, after_fork_child);
    for (int i = 0; i < X_N; i++) exec_next[i] = nt_real_dlsym(RTLD_NEXT, EXEC_NAMES[i]);
    snprintf(refused_attributes, sizeof refused_attributes,
             "the %s refused the kernel's attributes on the instrumented twin", nt_rt.api);
}

__attribute__((destructor)) static void shim_fini(void) {
    nt_drain();
    if (!nt_debug()) return;
    for (int i = 0; i < nt_rt.nhooks; i++)
        if (nt_rt.hooks[i].calls) fprintf(stderr, "%s: %s %lu\n", nt_rt.tag, nt_rt.hooks[i].name, nt_rt.hooks[i].calls);
    for (int i = 0; i < N_COUNTERS; i++)
        fprintf(stderr, "%s: %s %lu\n", nt_rt.tag, COUNTER_NAMES[i], counters[i]);
}

/* neutrino shim: preloaded into an unmodified CUDA program (LD_PRELOAD), it swaps each kernel for
 * its instrumented twin on first launch and ships the map buffers to the engine server.
 *
 * How calls reach us (DESIGN §5): direct calls (CuPy) bind to the exported wrappers below;
 * dlsym() on a dlopen'ed libcuda (CUDA 13 runtime, Triton) goes through our dlsym(); the runtime's
 * ~440 lookups go through cuGetProcAddress, whose answer we swap for our wrapper. One table,
 * HOOKS, names every intercepted entry point; everything else is forwarded untouched.
 *
 * Protocol with the server (NEUTRINO_SOCKET, a Unix socket): each message is
 *   u32 header length, header text ("verb\nkey value\n..."), u64 payload length, payload.
 * Anything we cannot handle (graph capture, `extra` launches, no PTX, no server) runs the original
 * kernel; each launch event says which fallback it took, and NEUTRINO_SHIM_DEBUG=1 prints the
 * per-entry-point and per-fallback counts at exit.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext, *CUmodule, *CUfunction, *CUlibrary, *CUkernel, *CUstream, *CUevent;
typedef unsigned long long CUdeviceptr;
typedef struct {
    unsigned gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes;
    CUstream hStream;
    void *attrs;
    unsigned numAttrs;
} CUlaunchConfig;

#define CU_OK 0
#define CU_DEVICE_ATTRIBUTE_CC_MAJOR 75
#define CU_DEVICE_ATTRIBUTE_CC_MINOR 76
#define CU_EVENT_BLOCKING_SYNC 1
#define ALIGN 256
#define MAX_PARAMS 512
#define MAX_MAPS 16

/* ---- the table ------------------------------------------------------------------------------ */

#define HOOK_LIST(X)                                                                              \
    X(cuGetProcAddress) X(cuGetProcAddress_v2)                                                    \
    X(cuModuleLoadData) X(cuModuleLoadDataEx) X(cuModuleLoadFatBinary) X(cuModuleGetFunction)      \
    X(cuModuleLoad) X(cuLibraryLoadFromFile)                                                       \
    X(cuLibraryLoadData) X(cuLibraryGetKernel) X(cuKernelGetFunction) X(cuLibraryGetModule)         \
    X(cuLaunchKernel) X(cuLaunchKernel_ptsz) X(cuLaunchKernelEx) X(cuLaunchKernelEx_ptsz)          \
    X(cuLaunchCooperativeKernel) X(cuLaunchCooperativeKernel_ptsz)                                 \
    X(cuFuncSetAttribute) X(cuKernelSetAttribute)                                                  \
    X(cuMemAlloc) X(cuMemAlloc_v2) X(cuMemAllocManaged) X(cuMemAllocPitch_v2)                      \
    X(cuMemAllocAsync) X(cuMemAllocAsync_ptsz) X(cuMemFree) X(cuMemFree_v2)                        \
    X(cuMemFreeAsync) X(cuMemFreeAsync_ptsz)                                                       \
    X(cuCtxDestroy) X(cuCtxDestroy_v2) X(cuDevicePrimaryCtxRelease)                                \
    X(cuDevicePrimaryCtxRelease_v2) X(cuDevicePrimaryCtxReset) X(cuDevicePrimaryCtxReset_v2)

#define AS_ENUM(n) H_##n,
enum { HOOK_LIST(AS_ENUM) N_HOOKS };
#define AS_DECL(n) CUresult n();
HOOK_LIST(AS_DECL)
struct hook { const char *name; void *wrapper; void *volatile real; int tried; unsigned long calls; };
#define AS_ROW(n) {#n, (void *)n, NULL, 0, 0},
#define SEEN(id) __atomic_add_fetch(&HOOKS[id].calls, 1, __ATOMIC_RELAXED)
static struct hook HOOKS[N_HOOKS] = {HOOK_LIST(AS_ROW)};

/* driver functions we call but never intercept */
#define HELPER_LIST(X)                                                                            \
    X(cuCtxGetCurrent) X(cuCtxSetCurrent) X(cuCtxGetDevice) X(cuDeviceGetAttribute)               \
    X(cuStreamIsCapturing) X(cuEventCreate) X(cuEventRecord) X(cuEventSynchronize)                \
    X(cuEventElapsedTime) X(cuEventDestroy_v2) X(cuMemAllocHost_v2)                               \
    X(cuMemsetD8Async) X(cuMemcpyDtoHAsync_v2) X(cuFuncGetName) X(cuFuncGetModule)               \
    X(cuStreamCreate) X(cuStreamSynchronize)
#define AS_HENUM(n) F_##n,
enum { HELPER_LIST(AS_HENUM) N_HELPERS };
#define AS_HNAME(n) #n,
static const char *HELPER_NAMES[N_HELPERS] = {HELPER_LIST(AS_HNAME)};
static void *volatile helpers[N_HELPERS];

/* ---- resolving the real driver -------------------------------------------------------------- */

typedef void *(*dlsym_fn)(void *, const char *);
static dlsym_fn real_dlsym_ptr;
static void *libcuda_handle;

static void *real_dlsym(void *handle, const char *name) {
    if (!real_dlsym_ptr) {
        real_dlsym_ptr = (dlsym_fn)dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.34");
        if (!real_dlsym_ptr) real_dlsym_ptr = (dlsym_fn)dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.2.5");
    }
    return real_dlsym_ptr ? real_dlsym_ptr(handle, name) : NULL;
}

static void *libcuda(void) {
    if (!libcuda_handle) {
        const char *name = getenv("NEUTRINO_LIBCUDA");
        if (!name || !*name) name = "libcuda.so.1";
        void *h = dlopen(name, RTLD_LAZY | RTLD_NOLOAD);
        libcuda_handle = h ? h : dlopen(name, RTLD_LAZY | RTLD_GLOBAL);
    }
    return libcuda_handle;
}

static int hook_index(const char *name) {
    if (!name || name[0] != 'c' || name[1] != 'u') return -1;
    for (int i = 0; i < N_HOOKS; i++)
        if (strcmp(HOOKS[i].name, name) == 0) return i;
    return -1;
}

static void *real(int id) {
    if (!HOOKS[id].real && !HOOKS[id].tried) {
        void *p = libcuda() ? real_dlsym(libcuda(), HOOKS[id].name) : NULL;
        if (p != HOOKS[id].wrapper) HOOKS[id].real = p;
        HOOKS[id].tried = libcuda() != NULL;
    }
    return HOOKS[id].real;
}

static void *helper(int id) {
    if (!helpers[id] && libcuda()) helpers[id] = real_dlsym(libcuda(), HELPER_NAMES[id]);
    return helpers[id];
}
#define CALL(id, type, ...) (helper(F_##id) ? ((type)helper(F_##id))(__VA_ARGS__) : 1)

/* A pointer handed out by the driver -> our wrapper for it, by identity with the exports, else by
 * name (+ _ptsz when the per-thread default stream was asked for). */
static void *swap(const char *sym, void *p, unsigned long long flags) {
    for (int i = 0; i < N_HOOKS; i++)
        if (HOOKS[i].wrapper == p) return p;      /* a driver whose exports bind to ours */
    for (int i = 0; i < N_HOOKS; i++)
        if (real(i) == p) return HOOKS[i].wrapper;
    char name[128];
    snprintf(name, sizeof name, "%s%s", sym, (flags & 2) ? "_ptsz" : "");
    int id = hook_index(name);
    if (id < 0) id = hook_index(sym);
    if (id >= 0 && (!HOOKS[id].real || HOOKS[id].real == p)) {
        HOOKS[id].real = p;
        return HOOKS[id].wrapper;
    }
    return p;
}

void *dlsym(void *handle, const char *name) {
    void *p = real_dlsym(handle, name);
    int id = hook_index(name);
    if (id < 0 || !p) return p;
    if (p != HOOKS[id].wrapper && !HOOKS[id].real) HOOKS[id].real = p;
    return p == HOOKS[id].real || p == HOOKS[id].wrapper ? HOOKS[id].wrapper : p;
}

/* ---- small tables keyed by pointer ---------------------------------------------------------- */

struct image {
    const unsigned char *data;
    size_t size;
    unsigned long long hash;
    int sent;
    const char *origin;       /* the binary or .so holding it; NULL for JIT output */
};

enum { F_UNKNOWN, F_READY, F_SKIP };
struct func {
    void *handle;             /* CUfunction or CUkernel the program launches */
    struct image *img;
    char *name;
    int state;
    char *reason;             /* F_SKIP: why */
    char key[72];             /* kernel hash from the server */
    void *twin;               /* instrumented CUkernel (context-independent) */
    int nparams, nmaps;
    long long per_unit[MAX_MAPS], fixed[MAX_MAPS];
    long long pool_item[MAX_MAPS];   /* unbounded records: item size (copied up to the cursor) */
    int unit_warp[MAX_MAPS], slot[MAX_MAPS];   /* unit: 0 threads, 1 warps, 2 blocks, -1 none */
    char source[16];
    int nattrs, attrs[8][2];  /* cuFuncSetAttribute calls, replayed on the twin */
};

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
    if (memcmp(p, "\x7f" "ELF", 4) == 0) {
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
    return strlen((const char *)p) + 1;
}

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

/* Remember the image behind a module/library. Images inside a loaded object (.nv_fatbin of a
 * binary or .so) stay put; others (JIT output in a Python bytes object) are copied. */
static void note_image(void *owner, const void *data) {
    if (!owner || !data) return;
    struct image *img = calloc(1, sizeof *img);
    const unsigned char *p = data;
    img->size = image_size(&p);
    Dl_info info;
    if (dladdr(p, &info) && info.dli_fbase) {
        img->data = p;
        img->origin = info.dli_fname;
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
static void *read_file(const char *path, size_t *size) {
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

/* cuModuleLoad / cuLibraryLoadFromFile (torch.compile's static launcher loads Triton's cubin
 * files): the file's bytes, with its path as origin so the server can find the .ptx beside it. */
static void note_file_image(void *owner, const char *path) {
    size_t got;
    unsigned char *copy = owner ? read_file(path, &got) : NULL;
    if (!copy) return;
    struct image *img = calloc(1, sizeof *img);
    img->data = copy;
    img->size = got;
    img->origin = strdup(path);
    pthread_mutex_lock(&table_lock);
    table_put(&images_by_owner, owner, img);
    pthread_mutex_unlock(&table_lock);
}

static void note_func(void *handle, void *owner, const char *name) {
    if (!handle) return;
    pthread_mutex_lock(&table_lock);
    if (!table_get(&funcs, handle)) {
        struct func *f = calloc(1, sizeof *f);
        f->handle = handle;
        f->img = table_get(&images_by_owner, owner);
        f->name = strdup(name ? name : "?");
        table_put(&funcs, handle, f);
    }
    pthread_mutex_unlock(&table_lock);
}

static struct func *func_of(void *handle) {
    pthread_mutex_lock(&table_lock);
    struct func *f = table_get(&funcs, handle);
    pthread_mutex_unlock(&table_lock);
    if (f) return f;
    const char *name = NULL;                   /* loaded before us or by a path we do not see */
    CUmodule mod = NULL;
    CALL(cuFuncGetName, CUresult (*)(const char **, CUfunction), &name, handle);
    CALL(cuFuncGetModule, CUresult (*)(CUmodule *, CUfunction), &mod, handle);
    note_func(handle, mod, name);
    pthread_mutex_lock(&table_lock);
    f = table_get(&funcs, handle);
    pthread_mutex_unlock(&table_lock);
    return f;
}

/* ---- counters ------------------------------------------------------------------------------- */

enum { C_LAUNCHES, C_INSTRUMENTED, C_FB_CAPTURE, C_FB_EXTRA, C_FB_SKIPPED, C_FB_NO_IMAGE,
       C_FB_SERVER, C_FB_LAUNCH_FAILED, C_FB_PARAMS, C_LOST, N_COUNTERS };
static const char *COUNTER_NAMES[N_COUNTERS] = {
    "launches", "instrumented", "fallback_graph_capture", "fallback_extra_params",
    "fallback_not_instrumentable", "fallback_unknown_image", "fallback_server_unavailable",
    "fallback_instrumented_launch_failed", "fallback_too_many_params", "lost_events"};
static unsigned long counters[N_COUNTERS];
#define COUNT(c) __atomic_add_fetch(&counters[c], 1, __ATOMIC_RELAXED)

static int debug_enabled(void) {
    const char *d = getenv("NEUTRINO_SHIM_DEBUG");
    return d && *d && *d != '0';
}

/* ---- the server connection ------------------------------------------------------------------ */

static pthread_mutex_t request_lock = PTHREAD_MUTEX_INITIALIZER;
static int request_fd = -1, server_dead = 0;
static unsigned long long next_seq;

static const char *socket_path;   /* NEUTRINO_SOCKET, read once at load */

static int connect_server(void) {
    const char *path = socket_path;
    if (!path || !*path || server_dead) return -1;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path);
    if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
        if (fd >= 0) close(fd);
        server_dead = 1;
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
    uint32_t hl = (uint32_t)strlen(header);
    uint64_t pl = n;
    return write_all(fd, &hl, 4) || write_all(fd, header, hl) || write_all(fd, &pl, 8) ||
           (n && write_all(fd, payload, n)) ? -1 : 0;
}

/* Reply header (text, NUL-terminated, caller frees) or NULL; the payload is read and dropped. */
static char *recv_msg(int fd) {
    uint32_t hl;
    uint64_t pl;
    if (read_all(fd, &hl, 4)) return NULL;
    char *h = malloc(hl + 1);
    if (read_all(fd, h, hl) || read_all(fd, &pl, 8)) { free(h); return NULL; }
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
        server_dead = 1;
    }
    pthread_mutex_unlock(&request_lock);
    return reply;
}

/* ---- instrumenting a kernel ----------------------------------------------------------------- */

static int device_arch(void) {
    CUdevice dev = 0;
    int major = 0, minor = 0;
    CALL(cuCtxGetDevice, CUresult (*)(CUdevice *), &dev);
    CALL(cuDeviceGetAttribute, CUresult (*)(int *, int, CUdevice), &major, CU_DEVICE_ATTRIBUTE_CC_MAJOR, dev);
    CALL(cuDeviceGetAttribute, CUresult (*)(int *, int, CUdevice), &minor, CU_DEVICE_ATTRIBUTE_CC_MINOR, dev);
    return major * 10 + minor;
}

static void skip(struct func *f, const char *why) {
    free(f->reason);
    f->reason = strdup(why);
    f->state = F_SKIP;
}

/* Fill f from a reply/meta text: "ok\nkey K\ncubin PATH\nnparams N\nmap thread|warp|none
 * PER_UNIT FIXED\n..." or "skip REASON". */
static void apply_reply(struct func *f, char *text) {
    char *src = strstr(text, "\nsource ");
    if (src) sscanf(src, "\nsource %15s", f->source);
    if (strncmp(text, "skip ", 5) == 0) {
        char *nl = strchr(text, '\n');
        if (nl) *nl = 0;
        skip(f, text + 5);
        return;
    }
    char cubin[4096] = "", *save = NULL;
    f->nmaps = 0;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char unit[16];
        long long a, b, item = 0;
        int slot = 0;
        if (sscanf(line, "key %71s", f->key) == 1) continue;
        if (sscanf(line, "cubin %4095[^\n]", cubin) == 1) continue;
        if (sscanf(line, "nparams %d", &f->nparams) == 1) continue;
        if (sscanf(line, "map %15s %lld %lld %lld %d", unit, &a, &b, &item, &slot) >= 3 && f->nmaps < MAX_MAPS) {
            f->unit_warp[f->nmaps] = strcmp(unit, "warp") == 0 ? 1 : strcmp(unit, "block") == 0 ? 2 :
                                     strcmp(unit, "none") == 0 ? -1 : 0;
            f->pool_item[f->nmaps] = item;
            f->slot[f->nmaps] = slot;
            f->per_unit[f->nmaps] = a;
            f->fixed[f->nmaps++] = b;
        }
    }
    char *bytes = read_file(cubin, NULL);
    if (!bytes) { skip(f, "instrumented cubin missing from the cache"); return; }
    CUlibrary lib = NULL;
    CUkernel k = NULL;
    CUresult (*load)(CUlibrary *, const void *, void *, void *, unsigned, void *, void *, unsigned) =
        real(H_cuLibraryLoadData);
    CUresult (*get)(CUkernel *, CUlibrary, const char *) = real(H_cuLibraryGetKernel);
    if (!load || !get || load(&lib, bytes, NULL, NULL, 0, NULL, NULL, 0) != CU_OK ||
        get(&k, lib, f->name) != CU_OK) {
        skip(f, "the driver refused the instrumented cubin");
    } else {
        f->twin = k;
        f->state = F_READY;
        CUdevice dev = 0;
        CALL(cuCtxGetDevice, CUresult (*)(CUdevice *), &dev);
        CUresult (*set)(int, int, CUkernel, CUdevice) = real(H_cuKernelSetAttribute);
        for (int i = 0; set && i < f->nattrs; i++) set(f->attrs[i][0], f->attrs[i][1], k, dev);
    }
    free(bytes);
}

static pthread_mutex_t instrument_lock = PTHREAD_MUTEX_INITIALIZER;
static const char SERVER_DOWN[] = "engine server unavailable";

static void instrument(struct func *f) {
    pthread_mutex_lock(&instrument_lock);
    if (f->state != F_UNKNOWN) goto out;
    if (!f->img) { skip(f, "image not seen (loaded before the shim started)"); goto out; }
    if (!f->img->hash) f->img->hash = hash_bytes(f->img->data, f->img->size);
    int arch = device_arch();
    const char *cache = getenv("NEUTRINO_HOOK_CACHE");
    char meta[4096];
    snprintf(meta, sizeof meta, "%s/%016llx-%016llx-sm%d.meta", cache ? cache : "",
             f->img->hash, hash_bytes((const unsigned char *)f->name, strlen(f->name)), arch);
    char *text = cache && *cache ? read_file(meta, NULL) : NULL;
    if (text) {
        apply_reply(f, text);
        free(text);
        goto out;
    }
    char header[8192];
    snprintf(header, sizeof header, "instrument\nkernel %s\nimage %016llx\nsize %zu\narch %d\nmeta %s\npid %d\norigin %s\n",
             f->name, f->img->hash, f->img->size, arch, cache && *cache ? meta : "-", (int)getpid(),
             f->img->origin ? f->img->origin : "-");
    int send_image = !f->img->sent;
    char *reply = request(header, send_image ? f->img->data : NULL, send_image ? f->img->size : 0);
    if (!reply) { skip(f, SERVER_DOWN); goto out; }
    f->img->sent = 1;
    apply_reply(f, reply);
    free(reply);
out:
    pthread_mutex_unlock(&instrument_lock);
}

/* ---- the writer thread ---------------------------------------------------------------------- */

struct item {
    struct item *next;
    int is_launch;
    /* launch */
    unsigned long long seq;
    struct func *f;
    CUcontext ctx;
    CUevent start, end, done;
    unsigned grid[3], block[3], shm;
    CUstream stream;
    void *host;               /* pinned copy of header + maps */
    size_t host_cap;
    long long sizes[MAX_MAPS];
    size_t offsets[MAX_MAPS];
    CUdeviceptr dev;          /* still allocated: pools are copied by the writer, then freed */
    int instrumented;
    const char *fallback;
    char *scope;
    /* allocation */
    long long t_ns;
    const char *op;
    unsigned long long ptr, bytes;
};

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_cond = PTHREAD_COND_INITIALIZER, drained_cond = PTHREAD_COND_INITIALIZER;
static struct item *queue_head, *queue_tail;
static int writer_started, writer_busy, writer_fd = -1;
static pthread_t writer_thread;
static pthread_mutex_t scope_lock = PTHREAD_MUTEX_INITIALIZER;
static char *scope;

/* Called from Python through ctypes (docs/contracts.md §7). */
void neutrino_set_scope(const char *s) {
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

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

/* Per context: an event recorded once, with the host time it completed at, to date launches. */
struct clock_ref { CUcontext ctx; CUevent ev; long long t_ns; CUstream copies; };
static struct clock_ref refs[64];
static int nrefs;

static struct clock_ref *ref_of(CUcontext ctx) {
    for (int i = 0; i < nrefs; i++)
        if (refs[i].ctx == ctx) return &refs[i];
    return NULL;
}

static void *writer_main(void *arg);

static void enqueue(struct item *it) {
    pthread_mutex_lock(&queue_lock);
    if (!writer_started && socket_path) {
        writer_started = 1;
        pthread_create(&writer_thread, NULL, writer_main, NULL);
    }
    if (!writer_started) {
        pthread_mutex_unlock(&queue_lock);
        free(it->scope);
        free(it);
        return;
    }
    if (queue_tail) queue_tail->next = it; else queue_head = it;
    queue_tail = it;
    pthread_cond_signal(&queue_cond);
    pthread_mutex_unlock(&queue_lock);
}

/* pinned buffers, reused by size class */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
struct pinned { struct pinned *next; size_t bytes; };
static struct pinned *pool;

static void *pinned_get(size_t bytes, size_t *got) {
    size_t cls = 4096;
    while (cls < bytes) cls <<= 1;
    pthread_mutex_lock(&pool_lock);
    for (struct pinned **pp = &pool; *pp; pp = &(*pp)->next)
        if ((*pp)->bytes == cls) {
            struct pinned *p = *pp;
            *pp = p->next;
            pthread_mutex_unlock(&pool_lock);
            *got = cls;
            return p;
        }
    pthread_mutex_unlock(&pool_lock);
    void *p = NULL;
    if (CALL(cuMemAllocHost_v2, CUresult (*)(void **, size_t), &p, cls) != CU_OK) return NULL;
    *got = cls;
    return p;
}

static void pinned_put(void *p, size_t bytes) {
    struct pinned *b = p;
    b->bytes = bytes;
    pthread_mutex_lock(&pool_lock);
    b->next = pool;
    pool = b;
    pthread_mutex_unlock(&pool_lock);
}

/* After the kernel: copy each pool's valid records (cursor from the header already copied) on the
 * context's own stream, then free the device buffer there. */
static void copy_pools(struct item *it, struct clock_ref *ref, int ok, long long *sent) {
    CUstream s = ref ? ref->copies : NULL;
    CUresult (*free_async)(CUdeviceptr, CUstream) = real(H_cuMemFreeAsync);
    const unsigned long long *hdr = it->host;
    for (int i = 0; i < it->f->nmaps; i++) {
        long long item = it->f->pool_item[i];
        if (!item) continue;
        unsigned long long cursor = ok ? hdr[2 * it->f->slot[i]] : 0, cap = (unsigned long long)(it->sizes[i] / item);
        sent[i] = (long long)(cursor < cap ? cursor : cap) * item;
        if (sent[i])
            CALL(cuMemcpyDtoHAsync_v2, CUresult (*)(void *, CUdeviceptr, size_t, CUstream),
                 (char *)it->host + it->offsets[i], it->dev + it->offsets[i], (size_t)sent[i], s);
    }
    CALL(cuStreamSynchronize, CUresult (*)(CUstream), s);
    if (free_async) free_async(it->dev, s);
}

static void send_item(struct item *it) {
    char header[16384];
    void *payload = NULL;
    size_t n = 0;
    if (!it->is_launch) {
        snprintf(header, sizeof header, "alloc\nop %s\nptr %llu\nbytes %llu\nt_ns %lld\npid %d\n",
                 it->op, it->ptr, it->bytes, it->t_ns, (int)getpid());
    } else {
        float ms_total = -1, ms_start = 0;
        int ok = 0;
        if (it->end) {
            CALL(cuCtxSetCurrent, CUresult (*)(CUcontext), it->ctx);
            ok = CALL(cuEventSynchronize, CUresult (*)(CUevent), it->done ? it->done : it->end) == CU_OK;
            if (!ok) COUNT(C_LOST);
        }
        struct clock_ref *ref = ref_of(it->ctx);
        if (ok) {
            CALL(cuEventElapsedTime, CUresult (*)(float *, CUevent, CUevent), &ms_total, it->start, it->end);
            if (ref) CALL(cuEventElapsedTime, CUresult (*)(float *, CUevent, CUevent), &ms_start, ref->ev, it->start);
        }
        long long start_ns = ok && ref ? ref->t_ns + (long long)(ms_start * 1e6) : 0;
        int len = snprintf(header, sizeof header,
                 "launch\nseq %llu\nkernel %s\nkey %s\ngrid %u %u %u\nblock %u %u %u\nshm %u\n"
                 "stream %llu\nstart_ns %lld\nend_ns %lld\nduration_ms %.6f\ninstrumented %d\n"
                 "pid %d\nscope %s\nreason %s\nfallback %s\nsource %s\n",
                 it->seq, it->f->name, it->f->key[0] ? it->f->key : "-", it->grid[0], it->grid[1],
                 it->grid[2], it->block[0], it->block[1], it->block[2], it->shm,
                 (unsigned long long)(uintptr_t)it->stream, start_ns,
                 start_ns + (long long)(ms_total * 1e6), ok ? ms_total : -1.0, it->instrumented && ok,
                 (int)getpid(), it->scope ? it->scope : "-", it->f->reason ? it->f->reason : "-",
                 it->fallback ? it->fallback : "-", it->f->source[0] ? it->f->source : "unknown");
        long long sent[MAX_MAPS];
        if (it->dev) copy_pools(it, ref, ok, sent);
        for (int i = 0; i < it->f->nmaps && it->instrumented && len < (int)sizeof header - 64; i++) {
            if (!it->dev || !it->f->pool_item[i]) sent[i] = it->sizes[i];
            len += snprintf(header + len, sizeof header - len, "size %lld %lld\n", it->sizes[i], sent[i]);
        }
        if (it->instrumented && ok) {
            /* payload: the header block, then each map's bytes (pools only up to their cursor) */
            payload = it->host;
            n = 16 * (size_t)it->f->nmaps;
            for (int i = 0; i < it->f->nmaps; i++) {
                memmove((char *)it->host + n, (char *)it->host + it->offsets[i], (size_t)sent[i]);
                n += (size_t)sent[i];
            }
        }
    }
    if (writer_fd < 0) writer_fd = connect_server();
    if (writer_fd >= 0 && send_msg(writer_fd, header, payload, n) != 0) {
        close(writer_fd);
        writer_fd = -1;
        server_dead = 1;
        COUNT(C_LOST);
    }
    if (it->is_launch) {
        if (it->host) pinned_put(it->host, it->host_cap);
        CUevent evs[3] = {it->start, it->end, it->done};
        for (int i = 0; i < 3; i++)
            if (evs[i]) CALL(cuEventDestroy_v2, CUresult (*)(CUevent), evs[i]);
    }
}

static void *writer_main(void *arg) {
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&queue_lock);
        while (!queue_head) {
            writer_busy = 0;
            pthread_cond_broadcast(&drained_cond);
            pthread_cond_wait(&queue_cond, &queue_lock);
        }
        writer_busy = 1;
        struct item *it = queue_head;
        queue_head = it->next;
        if (!queue_head) queue_tail = NULL;
        pthread_mutex_unlock(&queue_lock);
        send_item(it);
        free(it->scope);
        free(it);
    }
    return NULL;
}

/* Wait until everything queued has been sent (before a context goes away, and at exit). */
static void drain(void) {
    pthread_mutex_lock(&queue_lock);
    if (writer_started) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 30;
        while ((queue_head || writer_busy) &&
               pthread_cond_timedwait(&drained_cond, &queue_lock, &until) != ETIMEDOUT) {}
    }
    pthread_mutex_unlock(&queue_lock);
}

/* ---- launching ------------------------------------------------------------------------------ */

enum { FORM_PLAIN, FORM_EX, FORM_COOP };
struct launch {
    int form, id;
    CUfunction f;
    unsigned grid[3], block[3], shm;
    CUstream stream;
    void **params, **extra;
    const CUlaunchConfig *config;
};

static CUresult call_real(const struct launch *l, CUfunction fn, void **params) {
    void *p = real(l->id);
    if (!p) return 999;
    if (l->form == FORM_EX) {
        CUlaunchConfig cfg = *l->config;
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

static CUevent new_event(CUstream stream) {
    CUevent ev = NULL;
    if (CALL(cuEventCreate, CUresult (*)(CUevent *, unsigned), &ev, CU_EVENT_BLOCKING_SYNC) != CU_OK) return NULL;
    CALL(cuEventRecord, CUresult (*)(CUevent, CUstream), ev, stream);
    return ev;
}

/* Why this launch runs the original kernel, and the counter that says so; NULL when the twin runs. */
static const char *fallback_of(const struct func *f, const struct launch *l, int *counter) {
    if (f->state == F_SKIP) {
        if (!strcmp(f->reason, SERVER_DOWN)) { *counter = C_FB_SERVER; return SERVER_DOWN; }
        if (f->img) { *counter = C_FB_SKIPPED; return "not instrumentable"; }
        *counter = C_FB_NO_IMAGE;
        return "unknown image";
    }
    if (l->extra && !l->params) { *counter = C_FB_EXTRA; return "kernel arguments passed through `extra`"; }
    if (f->nparams + 1 + f->nmaps > MAX_PARAMS) { *counter = C_FB_PARAMS; return "too many parameters"; }
    return NULL;
}

static void drain_at_exit(void) { drain(); }
static void register_drain(void) { atexit(drain_at_exit); }

static CUresult launch(struct launch *l) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    /* registered after cuInit's own exit handlers, so it runs before they tear contexts down */
    pthread_once(&once, register_drain);
    COUNT(C_LAUNCHES);
    if (!socket_path) return call_real(l, l->f, l->params);     /* pass-through (doctor, tests) */
    int capturing = 0;
    CALL(cuStreamIsCapturing, CUresult (*)(CUstream, int *), l->stream, &capturing);
    struct func *f = func_of(l->f);
    if (capturing && f) {                      /* events and copies cannot join a graph: untimed */
        COUNT(C_FB_CAPTURE);
        struct item *it = calloc(1, sizeof *it);
        *it = (struct item){.is_launch = 1, .f = f, .grid = {l->grid[0], l->grid[1], l->grid[2]},
                            .block = {l->block[0], l->block[1], l->block[2]}, .shm = l->shm,
                            .stream = l->stream, .fallback = "graph capture", .scope = current_scope()};
        pthread_mutex_lock(&queue_lock);
        it->seq = next_seq++;
        pthread_mutex_unlock(&queue_lock);
        enqueue(it);
        return call_real(l, l->f, l->params);
    }
    if (!f || (server_dead && f->state == F_UNKNOWN)) {
        COUNT(C_FB_SERVER);
        return call_real(l, l->f, l->params);
    }
    if (f->state == F_UNKNOWN) instrument(f);
    struct item *it = calloc(1, sizeof *it);
    it->is_launch = 1;
    it->f = f;
    memcpy(it->grid, l->grid, sizeof it->grid);
    memcpy(it->block, l->block, sizeof it->block);
    it->shm = l->shm;
    it->stream = l->stream;
    it->scope = current_scope();
    CALL(cuCtxGetCurrent, CUresult (*)(CUcontext *), &it->ctx);
    pthread_mutex_lock(&queue_lock);
    if (!ref_of(it->ctx) && nrefs < 64) {
        CUevent ev = new_event(l->stream);
        if (ev && CALL(cuEventSynchronize, CUresult (*)(CUevent), ev) == CU_OK)
        {
            CUstream copies = NULL;          /* non-blocking: pool copies never wait on the program */
            CALL(cuStreamCreate, CUresult (*)(CUstream *, unsigned), &copies, 1);
            refs[nrefs++] = (struct clock_ref){it->ctx, ev, now_ns(), copies};
        }
    }
    it->seq = next_seq++;
    pthread_mutex_unlock(&queue_lock);

    int counter = 0;
    const char *fallback = fallback_of(f, l, &counter);
    CUresult r;
    if (fallback) {
        COUNT(counter);
        it->fallback = fallback;
        it->start = new_event(l->stream);
        r = call_real(l, l->f, l->params);
        it->end = new_event(l->stream);
        enqueue(it);
        return r;
    }
    /* buffers: header (16 bytes a map), then every map, each aligned to ALIGN */
    unsigned long long threads = (unsigned long long)l->grid[0] * l->grid[1] * l->grid[2] *
                                 l->block[0] * l->block[1] * l->block[2];
    unsigned long long per_block = (unsigned long long)l->block[0] * l->block[1] * l->block[2];
    unsigned long long blocks = (unsigned long long)l->grid[0] * l->grid[1] * l->grid[2];
    unsigned long long warps = blocks * ((per_block + 31) / 32);
    size_t offsets[MAX_MAPS + 1], total = (16 * (size_t)f->nmaps + ALIGN - 1) / ALIGN * ALIGN;
    for (int i = 0; i < f->nmaps; i++) {
        unsigned long long u = f->unit_warp[i] == 2 ? blocks : f->unit_warp[i] == 1 ? warps :
                               f->unit_warp[i] < 0 ? 0 : threads;
        it->sizes[i] = f->per_unit[i] * (long long)u + f->fixed[i];
        offsets[i] = total;
        total += ((size_t)it->sizes[i] + ALIGN - 1) / ALIGN * ALIGN;
    }
    CUdeviceptr dev = 0;
    CUresult (*alloc_async)(CUdeviceptr *, size_t, CUstream) = real(H_cuMemAllocAsync);
    CUresult (*free_async)(CUdeviceptr, CUstream) = real(H_cuMemFreeAsync);
    it->host = pinned_get(total, &it->host_cap);
    if (it->host && (!alloc_async || alloc_async(&dev, total, l->stream) != CU_OK)) {
        pinned_put(it->host, it->host_cap);
        it->host = NULL;
    }
    if (!it->host) {
        it->fallback = "could not allocate map buffers";
        COUNT(C_FB_LAUNCH_FAILED);
        it->start = new_event(l->stream);
        r = call_real(l, l->f, l->params);
        it->end = new_event(l->stream);
        enqueue(it);
        return r;
    }
    CALL(cuMemsetD8Async, CUresult (*)(CUdeviceptr, unsigned char, size_t, CUstream), dev, 0, total, l->stream);
    void *params[MAX_PARAMS];
    CUdeviceptr ptrs[MAX_MAPS + 1];
    for (int i = 0; i < f->nparams; i++) params[i] = l->params[i];
    ptrs[0] = dev;
    params[f->nparams] = &ptrs[0];
    for (int i = 0; i < f->nmaps; i++) {
        ptrs[i + 1] = dev + offsets[i];
        params[f->nparams + 1 + i] = &ptrs[i + 1];
    }
    it->start = new_event(l->stream);
    r = call_real(l, (CUfunction)f->twin, params);
    if (r != CU_OK) {                          /* e.g. too many resources: run the original */
        it->fallback = "instrumented launch failed";
        COUNT(C_FB_LAUNCH_FAILED);
        r = call_real(l, l->f, l->params);
    } else {
        it->instrumented = 1;
        COUNT(C_INSTRUMENTED);
    }
    it->end = new_event(l->stream);
    memcpy(it->offsets, offsets, sizeof it->offsets);
    int pools = 0;
    for (int i = 0; i < f->nmaps; i++) pools += f->pool_item[i] != 0;
    if (it->instrumented) {
        CUresult (*copy)(void *, CUdeviceptr, size_t, CUstream) = helper(F_cuMemcpyDtoHAsync_v2);
        if (!pools) {
            copy(it->host, dev, total, l->stream);
        } else {                               /* header and fixed-size maps now, pools later */
            copy(it->host, dev, 16 * (size_t)f->nmaps, l->stream);
            for (int i = 0; i < f->nmaps; i++)
                if (!f->pool_item[i]) copy((char *)it->host + offsets[i], dev + offsets[i], (size_t)it->sizes[i], l->stream);
        }
        it->done = new_event(l->stream);
    }
    if (it->instrumented && pools) it->dev = dev; else free_async(dev, l->stream);
    if (!it->instrumented) {
        pinned_put(it->host, it->host_cap);
        it->host = NULL;
    }
    enqueue(it);
    return r;
}

/* ---- wrappers: launches --------------------------------------------------------------------- */

#define PLAIN_LAUNCH(name, form)                                                                  \
    CUresult name(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,   \
                  unsigned bz, unsigned shm, CUstream s, void **params, void **extra) {           \
        SEEN(H_##name);                                                                  \
        struct launch l = {form, H_##name, f, {gx, gy, gz}, {bx, by, bz}, shm, s, params,         \
                           form == FORM_COOP ? NULL : extra, NULL};                               \
        return launch(&l);                                                                        \
    }
PLAIN_LAUNCH(cuLaunchKernel, FORM_PLAIN)
PLAIN_LAUNCH(cuLaunchKernel_ptsz, FORM_PLAIN)
PLAIN_LAUNCH(cuLaunchCooperativeKernel, FORM_COOP)
PLAIN_LAUNCH(cuLaunchCooperativeKernel_ptsz, FORM_COOP)

#define EX_LAUNCH(name)                                                                           \
    CUresult name(const CUlaunchConfig *c, CUfunction f, void **params, void **extra) {           \
        SEEN(H_##name);                                                                  \
        struct launch l = {FORM_EX, H_##name, f, {c->gridDimX, c->gridDimY, c->gridDimZ},         \
                           {c->blockDimX, c->blockDimY, c->blockDimZ}, c->sharedMemBytes,         \
                           c->hStream, params, extra, c};                                          \
        return launch(&l);                                                                        \
    }
EX_LAUNCH(cuLaunchKernelEx)
EX_LAUNCH(cuLaunchKernelEx_ptsz)

/* ---- wrappers: lookups and loading ---------------------------------------------------------- */

CUresult cuGetProcAddress(const char *sym, void **pfn, int version, unsigned long long flags) {
    SEEN(H_cuGetProcAddress);
    CUresult (*fn)(const char *, void **, int, unsigned long long) = real(H_cuGetProcAddress);
    CUresult r = fn ? fn(sym, pfn, version, flags) : 999;
    if (r == CU_OK && pfn && *pfn) *pfn = swap(sym, *pfn, flags);
    return r;
}

CUresult cuGetProcAddress_v2(const char *sym, void **pfn, int version, unsigned long long flags, void *status) {
    SEEN(H_cuGetProcAddress_v2);
    CUresult (*fn)(const char *, void **, int, unsigned long long, void *) = real(H_cuGetProcAddress_v2);
    CUresult r = fn ? fn(sym, pfn, version, flags, status) : 999;
    if (r == CU_OK && pfn && *pfn) *pfn = swap(sym, *pfn, flags);
    return r;
}

#define LOADER(name, params, args, out, image)                                                    \
    CUresult name params {                                                                         \
        SEEN(H_##name);                                                                  \
        CUresult (*fn) params = real(H_##name);                                                   \
        CUresult r = fn ? fn args : 999;                                                          \
        if (r == CU_OK) note_image(*(out), image);                                                \
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
        if (r == CU_OK) note_file_image(*(out), path);                                            \
        return r;                                                                                 \
    }
FILE_LOADER(cuModuleLoad, (CUmodule *m, const char *path), (m, path), m, path)
FILE_LOADER(cuLibraryLoadFromFile, (CUlibrary *lib, const char *path, void *jo, void **jv, unsigned nj, void *lo, void **lv, unsigned nl),
            (lib, path, jo, jv, nj, lo, lv, nl), lib, path)

CUresult cuLibraryGetModule(CUmodule *m, CUlibrary lib) {
    SEEN(H_cuLibraryGetModule);
    CUresult (*fn)(CUmodule *, CUlibrary) = real(H_cuLibraryGetModule);
    CUresult r = fn ? fn(m, lib) : 999;
    if (r == CU_OK) {
        pthread_mutex_lock(&table_lock);
        struct image *img = table_get(&images_by_owner, lib);
        if (img) table_put(&images_by_owner, *m, img);
        pthread_mutex_unlock(&table_lock);
    }
    return r;
}

CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
    SEEN(H_cuModuleGetFunction);
    CUresult (*fn)(CUfunction *, CUmodule, const char *) = real(H_cuModuleGetFunction);
    CUresult r = fn ? fn(f, m, name) : 999;
    if (r == CU_OK) note_func(*f, m, name);
    return r;
}

CUresult cuLibraryGetKernel(CUkernel *k, CUlibrary lib, const char *name) {
    SEEN(H_cuLibraryGetKernel);
    CUresult (*fn)(CUkernel *, CUlibrary, const char *) = real(H_cuLibraryGetKernel);
    CUresult r = fn ? fn(k, lib, name) : 999;
    if (r == CU_OK) note_func(*k, lib, name);
    return r;
}

CUresult cuKernelGetFunction(CUfunction *f, CUkernel k) {
    SEEN(H_cuKernelGetFunction);
    CUresult (*fn)(CUfunction *, CUkernel) = real(H_cuKernelGetFunction);
    CUresult r = fn ? fn(f, k) : 999;
    if (r == CU_OK) {
        pthread_mutex_lock(&table_lock);
        struct func *src = table_get(&funcs, k);
        if (src && !table_get(&funcs, *f))
            table_put(&funcs, *f, src);      /* same kernel, one state, whichever handle launches */
        pthread_mutex_unlock(&table_lock);
    }
    return r;
}

/* Shared-memory and cache settings must follow the kernel to its twin, or the twin's launch fails. */
static void note_attribute(void *handle, int attrib, int value) {
    struct func *f = func_of(handle);
    if (!f) return;
    pthread_mutex_lock(&instrument_lock);
    int i = 0;
    while (i < f->nattrs && f->attrs[i][0] != attrib) i++;
    if (i < 8) {
        f->attrs[i][0] = attrib;
        f->attrs[i][1] = value;
        if (i == f->nattrs) f->nattrs++;
    }
    if (f->state == F_READY) {
        CUdevice dev = 0;
        CALL(cuCtxGetDevice, CUresult (*)(CUdevice *), &dev);
        CUresult (*set)(int, int, CUkernel, CUdevice) = real(H_cuKernelSetAttribute);
        if (set) set(attrib, value, f->twin, dev);
    }
    pthread_mutex_unlock(&instrument_lock);
}

CUresult cuFuncSetAttribute(CUfunction fn, int attrib, int value) {
    SEEN(H_cuFuncSetAttribute);
    CUresult (*real_fn)(CUfunction, int, int) = real(H_cuFuncSetAttribute);
    CUresult r = real_fn ? real_fn(fn, attrib, value) : 999;
    if (r == CU_OK && socket_path) note_attribute(fn, attrib, value);
    return r;
}

CUresult cuKernelSetAttribute(int attrib, int value, CUkernel k, CUdevice dev) {
    SEEN(H_cuKernelSetAttribute);
    CUresult (*real_fn)(int, int, CUkernel, CUdevice) = real(H_cuKernelSetAttribute);
    CUresult r = real_fn ? real_fn(attrib, value, k, dev) : 999;
    if (r == CU_OK && socket_path) note_attribute(k, attrib, value);
    return r;
}

/* ---- wrappers: allocations and teardown ----------------------------------------------------- */

static void note_alloc(const char *op, unsigned long long ptr, unsigned long long bytes) {
    if (!socket_path) return;
    struct item *it = calloc(1, sizeof *it);
    it->op = op;
    it->ptr = ptr;
    it->bytes = bytes;
    it->t_ns = now_ns();
    enqueue(it);
}

#define ALLOC(name, params, args, ptr, bytes)                                                     \
    CUresult name params {                                                                         \
        SEEN(H_##name);                                                                  \
        CUresult (*fn) params = real(H_##name);                                                   \
        CUresult r = fn ? fn args : 999;                                                          \
        if (r == CU_OK) note_alloc("alloc", (unsigned long long)*(ptr), bytes);                   \
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
        if (r == CU_OK) note_alloc("free", (unsigned long long)(ptr), 0);                         \
        return r;                                                                                 \
    }
FREE(cuMemFree, (CUdeviceptr p), (p), p)
FREE(cuMemFree_v2, (CUdeviceptr p), (p), p)
FREE(cuMemFreeAsync, (CUdeviceptr p, CUstream s), (p, s), p)
FREE(cuMemFreeAsync_ptsz, (CUdeviceptr p, CUstream s), (p, s), p)

#define TEARDOWN(name, params, args)                                                              \
    CUresult name params {                                                                         \
        SEEN(H_##name);                                                                  \
        drain();                                                                                  \
        CUresult (*fn) params = real(H_##name);                                                   \
        return fn ? fn args : 999;                                                                \
    }
TEARDOWN(cuCtxDestroy, (CUcontext c), (c))
TEARDOWN(cuCtxDestroy_v2, (CUcontext c), (c))
TEARDOWN(cuDevicePrimaryCtxRelease, (CUdevice d), (d))
TEARDOWN(cuDevicePrimaryCtxRelease_v2, (CUdevice d), (d))
TEARDOWN(cuDevicePrimaryCtxReset, (CUdevice d), (d))
TEARDOWN(cuDevicePrimaryCtxReset_v2, (CUdevice d), (d))

/* ---- process lifetime ----------------------------------------------------------------------- */

static void after_fork_child(void) {
    /* the child has no writer thread and must not share the parent's sockets */
    request_fd = writer_fd = -1;
    writer_started = writer_busy = 0;
    queue_head = queue_tail = NULL;
    pthread_mutex_init(&queue_lock, NULL);
    pthread_mutex_init(&request_lock, NULL);
    pthread_mutex_init(&table_lock, NULL);
    pthread_mutex_init(&instrument_lock, NULL);
    pthread_mutex_init(&pool_lock, NULL);
    pthread_mutex_init(&scope_lock, NULL);
    nrefs = 0;
}

__attribute__((constructor)) static void shim_init(void) {
    socket_path = getenv("NEUTRINO_SOCKET");
    if (socket_path && !*socket_path) socket_path = NULL;
    pthread_atfork(NULL, NULL, after_fork_child);
}

__attribute__((destructor)) static void shim_fini(void) {
    drain();
    if (!debug_enabled()) return;
    for (int i = 0; i < N_HOOKS; i++)
        if (HOOKS[i].calls) fprintf(stderr, "neutrino-shim: %s %lu\n", HOOKS[i].name, HOOKS[i].calls);
    for (int i = 0; i < N_COUNTERS; i++)
        fprintf(stderr, "neutrino-shim: %s %lu\n", COUNTER_NAMES[i], counters[i]);
}

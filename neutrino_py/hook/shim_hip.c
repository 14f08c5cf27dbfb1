/* neutrino HIP shim: preloaded into an unmodified HIP program (LD_PRELOAD), it launches the
 * instrumented twin of a kernel, with the map buffers appended to its arguments, and writes the
 * maps to disk after the launch. AMD execution is untested on hardware: this is verified only
 * against the fake libamdhip64 the tests build (tests/fakes/fake_hip.c).
 *
 * How kernels are named: `__hipRegisterFunction` (host stub -> device name, for hipLaunchKernel)
 * and `hipModuleGetFunction` (function -> name, for hipModuleLaunchKernel). `__hipRegisterFatBinary`
 * and `hipModuleLoadData` record the images so an engine can find the kernel's code.
 *
 * Twins are read from NEUTRINO_HIP_DIR, prepared by the engine (neutrino_py.hook.build_hip):
 *   <kernel>.hsaco   the instrumented code object
 *   <kernel>.maps    "params <n>": the kernel's own argument count (HIP's kernelParams arrays
 *                    carry no length), then one line per buffer to append, in parameter order:
 *                    "<name> <level> <a> <b>", a buffer of a*units + b bytes (units: threads or
 *                    32-lane warps of the launch); the header comes first.
 * Maps land in NEUTRINO_HIP_OUT/<seq>-<kernel>/<name>.bin. Anything not handled (no twin, the
 * `extra` argument form, a twin that does not load) runs the original kernel and is counted; the
 * counts are printed at exit with NEUTRINO_SHIM_DEBUG=1.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "neutrino_contract.h"   /* generated from neutrino_py/contract: NT_MAX_MAPS, NT_WARP */

typedef int hipError_t;
typedef void *hipModule_t, *hipFunction_t, *hipStream_t;
typedef struct { uint32_t x, y, z; } dim3;

/* the intercepted entry points, as libamdhip64 declares them */
void **__hipRegisterFatBinary(const void *wrapper);
void __hipRegisterFunction(void **modules, const void *host, char *device_name, const char *device,
                           unsigned thread_limit, void *tid, void *bid, dim3 *block, dim3 *grid,
                           int *wg_size);
hipError_t hipModuleLoadData(hipModule_t *module, const void *image);
hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *name);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned gx, unsigned gy, unsigned gz,
                                 unsigned bx, unsigned by, unsigned bz, unsigned shared,
                                 hipStream_t stream, void **params, void **extra);
hipError_t hipLaunchKernel(const void *host, dim3 grid, dim3 block, void **args, size_t shared,
                           hipStream_t stream);

#define MAX_PARAMS 512
#define MAX_NAMES 4096

/* ---- the table ------------------------------------------------------------------------------ */

#define HOOK_LIST(X)                                                                              \
    X(__hipRegisterFatBinary) X(__hipRegisterFunction) X(hipModuleLoadData)                       \
    X(hipModuleGetFunction) X(hipModuleLaunchKernel) X(hipLaunchKernel)
#define HELPER_LIST(X) X(hipMalloc) X(hipFree) X(hipMemset) X(hipMemcpy) X(hipStreamSynchronize)

#define AS_ENUM(n) H_##n,
enum { HOOK_LIST(AS_ENUM) N_HOOKS };
#define AS_HENUM(n) F_##n,
enum { HELPER_LIST(AS_HENUM) N_HELPERS };
#define AS_NAME(n) #n,
static const char *HOOK_NAMES[N_HOOKS] = {HOOK_LIST(AS_NAME)};
static const char *HELPER_NAMES[N_HELPERS] = {HELPER_LIST(AS_NAME)};
static void *hooks[N_HOOKS], *helpers[N_HELPERS];
static unsigned long calls[N_HOOKS];

#define FALLBACKS(X) X(no_twin) X(extra_args) X(twin_load_failed) X(unnamed_kernel) X(bad_twin_maps)
#define AS_FENUM(n) FB_##n,
enum { FALLBACKS(AS_FENUM) N_FALLBACKS };
static const char *FALLBACK_NAMES[N_FALLBACKS] = {FALLBACKS(AS_NAME)};
static unsigned long fallbacks[N_FALLBACKS], instrumented_launches;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *libhip(void) {
    static void *handle;
    if (!handle) {
        const char *name = getenv("NEUTRINO_LIBHIP");
        if (!name || !*name) name = "libamdhip64.so";
        handle = dlopen(name, RTLD_LAZY | RTLD_NOLOAD);
        if (!handle) handle = dlopen(name, RTLD_LAZY | RTLD_GLOBAL);
    }
    return handle;
}

static void *resolve(void **slot, const char *name) {
    if (!*slot) *slot = libhip() ? dlsym(libhip(), name) : dlsym(RTLD_NEXT, name);
    return *slot;
}
#define REAL(n) ((__typeof__(&n))resolve(&hooks[H_##n], HOOK_NAMES[H_##n]))
#define HELPER(n, type) ((type)resolve(&helpers[F_##n], HELPER_NAMES[F_##n]))

/* ---- names of kernels ----------------------------------------------------------------------- */

struct name { const void *key; char *name; };
static struct name names[MAX_NAMES];
static int n_names;

static struct name *find(const void *key) {
    for (int i = 0; i < n_names; i++)
        if (names[i].key == key) return &names[i];
    return NULL;
}

static void remember(const void *key, const char *name) {
    pthread_mutex_lock(&lock);
    if (!find(key) && n_names < MAX_NAMES) names[n_names++] = (struct name){key, strdup(name)};
    pthread_mutex_unlock(&lock);
}

/* ---- twins and their maps ------------------------------------------------------------------- */

struct buffer { char name[64]; int warp; unsigned long long a, b; };
/* one twin per kernel name, whichever API launches it, read once: its function (state 0 no
 * twin, 1 loaded, 2 failed to load), its own parameter count (-1: none in the .maps file) and
 * the buffers to append */
static struct twin {
    char *name;
    hipFunction_t f;
    int state, n_params, n_buf;
    struct buffer buf[NT_MAX_MAPS + 1];
} twins[MAX_NAMES];
static int n_twins;

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc(n + 1);
    if (data && fread(data, 1, n, f) != (size_t)n) { free(data); data = NULL; }
    fclose(f);
    if (data) data[n] = 0;
    return data;
}

static int read_buffers(const char *kernel, struct buffer *out, int *n_params) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.maps", getenv("NEUTRINO_HIP_DIR"), kernel);
    char *text = read_file(path), *save = NULL;
    int n = 0;
    for (char *line = text ? strtok_r(text, "\n", &save) : NULL; line && n < NT_MAX_MAPS + 1;
         line = strtok_r(NULL, "\n", &save)) {
        char level[16];
        if (sscanf(line, "params %d", n_params) == 1) continue;
        if (sscanf(line, "%63s %15s %llu %llu", out[n].name, level, &out[n].a, &out[n].b) == 4) {
            out[n].warp = strcmp(level, "warp") == 0;
            n++;
        }
    }
    free(text);
    return n;
}

/* the twin of a kernel, loaded once per kernel name; NULL when there is no room for one */
static struct twin *twin(struct name *k) {
    const char *dir = getenv("NEUTRINO_HIP_DIR");
    if (!dir || !k) return NULL;
    pthread_mutex_lock(&lock);
    struct twin *t = NULL;
    for (int i = 0; i < n_twins && !t; i++)
        if (strcmp(twins[i].name, k->name) == 0) t = &twins[i];
    if (!t && n_twins < MAX_NAMES) {
        t = &twins[n_twins++];
        *t = (struct twin){.name = k->name, .state = 2, .n_params = -1};
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.hsaco", dir, k->name);
        char *image = read_file(path);
        hipModule_t module = NULL;
        if (image && REAL(hipModuleLoadData)(&module, image) == 0)
            REAL(hipModuleGetFunction)(&t->f, module, k->name);
        t->state = t->f ? 1 : (image ? 2 : 0);
        if (t->f) t->n_buf = read_buffers(k->name, t->buf, &t->n_params);
    }
    pthread_mutex_unlock(&lock);
    return t;
}

/* launch the twin with the maps appended; returns -1 when the caller must run the original */
static int launch_twin(struct name *k, dim3 grid, dim3 block, unsigned shared, hipStream_t stream,
                       void **params, hipError_t *result) {
    struct twin *t = twin(k);
    if (!t || !t->f) { __atomic_add_fetch(&fallbacks[t && t->state == 2 ? FB_twin_load_failed : FB_no_twin], 1, __ATOMIC_RELAXED); return -1; }
    const struct buffer *buf = t->buf;
    int n = t->n_buf, n_params = t->n_params;
    if (n_params < 0 || n_params + n + 1 > MAX_PARAMS) { __atomic_add_fetch(&fallbacks[FB_bad_twin_maps], 1, __ATOMIC_RELAXED); return -1; }
    unsigned long long blocks = (unsigned long long)grid.x * grid.y * grid.z;
    unsigned long long threads = (unsigned long long)block.x * block.y * block.z;
    void *ptr[NT_MAX_MAPS + 1];
    size_t bytes[NT_MAX_MAPS + 1];
    void *args[MAX_PARAMS];
    memcpy(args, params, sizeof(void *) * n_params);
    for (int i = 0; i < n; i++) {
        unsigned long long units = blocks * (buf[i].warp ? (threads + NT_WARP - 1) / NT_WARP : threads);
        bytes[i] = buf[i].a * units + buf[i].b;
        ptr[i] = NULL;
        HELPER(hipMalloc, hipError_t (*)(void **, size_t))(&ptr[i], bytes[i] ? bytes[i] : 1);
        HELPER(hipMemset, hipError_t (*)(void *, int, size_t))(ptr[i], 0, bytes[i]);
        args[n_params + i] = &ptr[i];
    }
    args[n_params + n] = NULL;
    *result = REAL(hipModuleLaunchKernel)(t->f, grid.x, grid.y, grid.z, block.x, block.y, block.z,
                                          shared, stream, args, NULL);
    HELPER(hipStreamSynchronize, hipError_t (*)(hipStream_t))(stream);
    unsigned long seq = __atomic_fetch_add(&instrumented_launches, 1, __ATOMIC_RELAXED);
    const char *out = getenv("NEUTRINO_HIP_OUT");
    char path[4096];
    if (out) {
        snprintf(path, sizeof path, "%s/%06lu-%s", out, seq, k->name);
        mkdir(out, 0755);
        mkdir(path, 0755);
    }
    for (int i = 0; i < n; i++) {
        char *host = malloc(bytes[i] ? bytes[i] : 1);
        HELPER(hipMemcpy, hipError_t (*)(void *, const void *, size_t, int))(host, ptr[i], bytes[i], 2);
        char file[4200];
        FILE *f = NULL;
        if (out) {
            snprintf(file, sizeof file, "%s/%s.bin", path, buf[i].name);
            f = fopen(file, "wb");
        }
        if (f) { fwrite(host, 1, bytes[i], f); fclose(f); }
        free(host);
        HELPER(hipFree, hipError_t (*)(void *))(ptr[i]);
    }
    return 0;
}

/* ---- intercepted entry points --------------------------------------------------------------- */

void **__hipRegisterFatBinary(const void *wrapper) {
    calls[H___hipRegisterFatBinary]++;
    return REAL(__hipRegisterFatBinary)(wrapper);
}

void __hipRegisterFunction(void **modules, const void *host, char *device_name, const char *device,
                           unsigned thread_limit, void *tid, void *bid, dim3 *block, dim3 *grid,
                           int *wg_size) {
    calls[H___hipRegisterFunction]++;
    remember(host, device_name);
    REAL(__hipRegisterFunction)(modules, host, device_name, device, thread_limit, tid, bid, block,
                                grid, wg_size);
}

hipError_t hipModuleLoadData(hipModule_t *module, const void *image) {
    calls[H_hipModuleLoadData]++;
    return REAL(hipModuleLoadData)(module, image);
}

hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *name) {
    calls[H_hipModuleGetFunction]++;
    hipError_t r = REAL(hipModuleGetFunction)(function, module, name);
    if (r == 0 && function && *function) remember(*function, name);
    return r;
}

hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned gx, unsigned gy, unsigned gz,
                                 unsigned bx, unsigned by, unsigned bz, unsigned shared,
                                 hipStream_t stream, void **params, void **extra) {
    calls[H_hipModuleLaunchKernel]++;
    struct name *k = find(f);
    hipError_t r = 0;
    if (!k) __atomic_add_fetch(&fallbacks[FB_unnamed_kernel], 1, __ATOMIC_RELAXED);
    else if (extra || !params) __atomic_add_fetch(&fallbacks[FB_extra_args], 1, __ATOMIC_RELAXED);
    else if (launch_twin(k, (dim3){gx, gy, gz}, (dim3){bx, by, bz}, shared, stream, params, &r) == 0)
        return r;
    return REAL(hipModuleLaunchKernel)(f, gx, gy, gz, bx, by, bz, shared, stream, params, extra);
}

hipError_t hipLaunchKernel(const void *host, dim3 grid, dim3 block, void **args, size_t shared,
                           hipStream_t stream) {
    calls[H_hipLaunchKernel]++;
    struct name *k = find(host);
    hipError_t r = 0;
    if (!k) __atomic_add_fetch(&fallbacks[FB_unnamed_kernel], 1, __ATOMIC_RELAXED);
    else if (launch_twin(k, grid, block, (unsigned)shared, stream, args, &r) == 0)
        return r;
    return REAL(hipLaunchKernel)(host, grid, block, args, shared, stream);
}

__attribute__((destructor)) static void report(void) {
    const char *debug = getenv("NEUTRINO_SHIM_DEBUG");
    if (!debug || strcmp(debug, "1") != 0) return;
    for (int i = 0; i < N_HOOKS; i++) fprintf(stderr, "neutrino-hip: %s %lu\n", HOOK_NAMES[i], calls[i]);
    for (int i = 0; i < N_FALLBACKS; i++)
        fprintf(stderr, "neutrino-hip: fallback_%s %lu\n", FALLBACK_NAMES[i], fallbacks[i]);
    fprintf(stderr, "neutrino-hip: instrumented %lu\n", instrumented_launches);
}

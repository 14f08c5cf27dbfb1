/* A stand-in libamdhip64 for the HIP shim tests: "device" memory is host memory, images are short
 * text ("FAKEHSACO <kernel> <own params>" is an instrumented twin), and every launch is logged to
 * $FAKE_HIP_LOG. A twin launch plays the instrumented kernel: its first appended map (a thread-level
 * u32 counter) gets each thread's linear index. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fake_log.h"

typedef struct { uint32_t x, y, z; } dim3;
struct module { char text[256]; };
struct func { struct module *m; char name[64]; };
static struct { const void *host; char name[64]; } registry[64];
static int n_registry;

#define say(...) fake_log("FAKE_HIP_LOG", __VA_ARGS__)

int hipMalloc(void **p, size_t n) { *p = malloc(n); return *p ? 0 : 2; }
int hipFree(void *p) { free(p); return 0; }
int hipMemset(void *p, int v, size_t n) { memset(p, v, n); return 0; }
int hipMemcpy(void *d, const void *s, size_t n, int kind) { (void)kind; memcpy(d, s, n); return 0; }
int hipStreamSynchronize(void *s) { (void)s; return 0; }
int hipDeviceSynchronize(void) { return 0; }
int hipModuleUnload(void *m) { free(m); return 0; }

void **__hipRegisterFatBinary(const void *wrapper) {
    static void *handle;
    say("register_fatbin magic=%x", *(const unsigned *)wrapper);
    return &handle;
}

void __hipRegisterFunction(void **modules, const void *host, char *name, const char *device,
                           unsigned limit, void *tid, void *bid, dim3 *block, dim3 *grid, int *wg) {
    (void)modules; (void)device; (void)limit; (void)tid; (void)bid; (void)block; (void)grid; (void)wg;
    registry[n_registry].host = host;
    snprintf(registry[n_registry++].name, 64, "%s", name);
    say("register_function %s", name);
}

int hipModuleLoadData(void **module, const void *image) {
    if (strncmp(image, "FAKE", 4) != 0) return 200;     /* hipErrorInvalidImage */
    struct module *m = calloc(1, sizeof *m);
    snprintf(m->text, sizeof m->text, "%s", (const char *)image);
    *module = m;
    say("load %s", m->text);
    return 0;
}

int hipModuleGetFunction(void **function, void *module, const char *name) {
    struct func *f = calloc(1, sizeof *f);
    f->m = module;
    snprintf(f->name, sizeof f->name, "%s", name);
    *function = f;
    return 0;
}

static void run(const char *name, const char *image, dim3 g, dim3 b, void **args) {
    char kernel[64];
    int own = 0;
    unsigned long long threads = (unsigned long long)g.x * g.y * g.z * b.x * b.y * b.z;
    if (sscanf(image, "FAKEHSACO %63s %d", kernel, &own) == 2) {
        uint32_t *map = *(uint32_t **)args[own + 1];
        for (unsigned long long i = 0; i < threads; i++) map[i] = (uint32_t)i;
        say("launch %s twin args=%d,%d hdr=%d", name, *(int *)args[0], *(int *)args[1],
            *(void **)args[own] != NULL);
    } else {
        say("launch %s original args=%d,%d", name, *(int *)args[0], *(int *)args[1]);
    }
}

int hipModuleLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                          unsigned bz, unsigned shm, void *stream, void **params, void **extra) {
    (void)shm; (void)stream;
    struct func *fn = f;
    if (!params && extra && !strncmp(fn->m->text, "FAKEHSACO", 9)) {
        /* hip-python's extra=(args...): HIP_LAUNCH_PARAM_BUFFER_POINTER (1), buffer,
         * HIP_LAUNCH_PARAM_BUFFER_SIZE (2), &size, END (3); a twin's own args are 4-byte ints,
         * the appended pointers 8-aligned after them */
        char *buf = NULL;
        size_t size = 0;
        for (int i = 0; extra[i] != (void *)3; i += 2) {
            if (extra[i] == (void *)1) buf = extra[i + 1];
            if (extra[i] == (void *)2) size = *(size_t *)extra[i + 1];
        }
        char kernel[64];
        int own = 0;
        sscanf(fn->m->text, "FAKEHSACO %63s %d", kernel, &own);
        void *args[16];
        size_t off = 0;
        for (int i = 0; i < own; i++, off += 4) args[i] = buf + off;
        off = (off + 7) & ~(size_t)7;
        for (int i = own; i < 16 && off + 8 <= size; i++, off += 8) args[i] = buf + off;
        say("launch %s packed=%zu", fn->name, size);
        run(fn->name, fn->m->text, (dim3){gx, gy, gz}, (dim3){bx, by, bz}, args);
        return 0;
    }
    if (!params) { say("launch %s extra=%d", fn->name, extra != NULL); return 0; }
    run(fn->name, fn->m->text, (dim3){gx, gy, gz}, (dim3){bx, by, bz}, params);
    return 0;
}

int hipLaunchKernel(const void *host, dim3 grid, dim3 block, void **args, size_t shm, void *stream) {
    (void)shm; (void)stream;
    for (int i = 0; i < n_registry; i++)
        if (registry[i].host == host) run(registry[i].name, "FAKEBUNDLE", grid, block, args);
    return 0;
}

/* A HIP program that reaches the runtime the way hip-python does: usage prog_hip_dlsym LIBAMDHIP64
 * CODE_OBJECT. Not linked to libamdhip64: it dlopens it (RTLD_LOCAL) and fetches every entry point
 * with dlsym, except hipModuleLaunchKernel, which comes from hipGetProcAddress (itself dlsym'ed).
 * Launches vector_add(a, b, c, n) with grids 2 and 3 through that pointer, then 4 through a
 * dlsym'ed hipModuleLaunchKernel. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "slurp.h"

typedef int (*launch_fn)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                         void *, void **, void **);

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    void *hip = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!hip) return 3;
    int (*load)(void **, const void *) = (int (*)(void **, const void *))dlsym(hip, "hipModuleLoadData");
    int (*get)(void **, void *, const char *) = (int (*)(void **, void *, const char *))dlsym(hip, "hipModuleGetFunction");
    int (*alloc)(void **, size_t) = (int (*)(void **, size_t))dlsym(hip, "hipMalloc");
    int (*proc)(const char *, void **, int, uint64_t, void *) =
        (int (*)(const char *, void **, int, uint64_t, void *))dlsym(hip, "hipGetProcAddress");
    launch_fn direct = (launch_fn)dlsym(hip, "hipModuleLaunchKernel");
    launch_fn fetched = NULL;
    if (!load || !get || !alloc || !proc || !direct || proc("hipModuleLaunchKernel", (void **)&fetched, 602, 0, NULL))
        return 4;
    void *module, *add, *a, *b, *c;
    if (load(&module, slurp(argv[2])) || get(&add, module, "vector_add")) return 1;
    alloc(&a, 1024), alloc(&b, 1024), alloc(&c, 1024);
    int n = 256;
    void *args[] = {&a, &b, &c, &n};
    fetched(add, 2, 1, 1, 64, 1, 1, 0, 0, args, 0);
    fetched(add, 3, 1, 1, 64, 1, 1, 0, 0, args, 0);
    direct(add, 4, 1, 1, 64, 1, 1, 0, 0, args, 0);
    puts("done");
    return 0;
}

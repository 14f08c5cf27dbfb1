/* A stand-in HIP program for the shim tests: registers a fat binary and two kernels the way
 * hipcc's generated code does, loads a module, and launches through both APIs.
 * Launches: add x2 (module API, host API), other x2 (no twin), add with `extra` x1. */
#include <stdint.h>
#include <stdio.h>

typedef struct { uint32_t x, y, z; } dim3;
void **__hipRegisterFatBinary(const void *wrapper);
void __hipRegisterFunction(void **, const void *, char *, const char *, unsigned, void *, void *,
                           dim3 *, dim3 *, int *);
int hipModuleLoadData(void **, const void *);
int hipModuleGetFunction(void **, void *, const char *);
int hipModuleLaunchKernel(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                          unsigned, void *, void **, void **);
int hipLaunchKernel(const void *, dim3, dim3, void **, size_t, void *);

static void stub_add(void) {}
static void stub_other(void) {}

int main(void) {
    static const struct { unsigned magic, version; const void *binary; void *unused; } wrapper =
        {0x48495046, 1, "__CLANG_OFFLOAD_BUNDLE__", 0};
    void **handle = __hipRegisterFatBinary(&wrapper);
    __hipRegisterFunction(handle, (const void *)stub_add, "add", "add", -1u, 0, 0, 0, 0, 0);
    __hipRegisterFunction(handle, (const void *)stub_other, "other", "other", -1u, 0, 0, 0, 0, 0);
    void *module, *add, *other;
    if (hipModuleLoadData(&module, "FAKEBUNDLE add other")) return 1;
    hipModuleGetFunction(&add, module, "add");
    hipModuleGetFunction(&other, module, "other");
    int a = 7, b = 9;
    void *args[] = {&a, &b};
    void *extra[] = {0};
    hipModuleLaunchKernel(add, 2, 1, 1, 64, 1, 1, 0, 0, args, 0);
    hipModuleLaunchKernel(other, 1, 1, 1, 32, 1, 1, 0, 0, args, 0);
    hipModuleLaunchKernel(add, 1, 1, 1, 32, 1, 1, 0, 0, 0, extra);
    hipLaunchKernel((const void *)stub_add, (dim3){3, 1, 1}, (dim3){32, 1, 1}, args, 0, 0);
    hipLaunchKernel((const void *)stub_other, (dim3){1, 1, 1}, (dim3){32, 1, 1}, args, 0, 0);
    puts("done");
    return 0;
}

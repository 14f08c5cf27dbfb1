/* The graph node parameters the fake driver and the fake program pass each other, laid out as
 * CUDA 13.0's cuda.h lays out CUDA_KERNEL_NODE_PARAMS_v2 and CUgraphNodeParams (the shim has
 * its own declarations of them: these are the tests'). */
#ifndef FAKE_GRAPH_PARAMS_H
#define FAKE_GRAPH_PARAMS_H

typedef struct {
    void *func;
    unsigned g[3], b[3], shm;
    void **params, **extra;
    void *kern, *ctx;
} KernelNodeParams;

typedef struct {
    int type, reserved0[3];
    union {
        long long reserved1[29];
        KernelNodeParams kernel;
        void *graph;
        struct { unsigned long long handle; int type; unsigned size; void **bodies; void *ctx; } conditional;
    };
    long long reserved2;
} NodeParams;

enum { NODE_KERNEL = 0, NODE_GRAPH = 4, NODE_CONDITIONAL = 13 };   /* CU_GRAPH_NODE_TYPE_* */

#endif

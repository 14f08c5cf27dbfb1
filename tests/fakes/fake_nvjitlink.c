/* A fake libnvJitLink.so.13 for the shim's CPU tests: its entry points carry their version in
 * their names, as nvJitLink's do. The "cubin" a link makes is text naming its inputs (a FAKEIMAGE
 * the fake driver loads); a link created with -ptx makes "PTX" text the same way instead. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct link { char out[512]; int ptx; };

int __nvJitLinkCreate_13_0(struct link **h, unsigned n, const char **options) {
    *h = calloc(1, sizeof **h);
    for (unsigned i = 0; i < n; i++) (*h)->ptx |= strcmp(options[i], "-ptx") == 0;
    strcpy((*h)->out, (*h)->ptx ? "FAKEIMAGE ptx from" : "FAKEIMAGE jitlinked");
    return 0;
}

int __nvJitLinkAddData_13_0(struct link *h, int type, const void *data, size_t size, const char *name) {
    (void)name;
    size_t at = strlen(h->out);
    snprintf(h->out + at, sizeof h->out - at, " [%d:%.*s]", type, (int)size, (const char *)data);
    return 0;
}

int __nvJitLinkComplete_13_0(struct link *h) { (void)h; return 0; }
int __nvJitLinkGetLinkedCubinSize_13_0(struct link *h, size_t *size) { *size = strlen(h->out) + 1; return 0; }
int __nvJitLinkGetLinkedCubin_13_0(struct link *h, void *out) {
    if (h->ptx) return 3;           /* NVJITLINK_ERROR_INVALID_INPUT */
    memcpy(out, h->out, strlen(h->out) + 1);
    return 0;
}
int __nvJitLinkGetLinkedPtxSize_13_0(struct link *h, size_t *size) { *size = strlen(h->out) + 1; return 0; }
int __nvJitLinkGetLinkedPtx_13_0(struct link *h, char *out) {
    if (!h->ptx) return 3;
    memcpy(out, h->out, strlen(h->out) + 1);
    return 0;
}

int __nvJitLinkDestroy_13_0(struct link **h) {
    free(*h);
    *h = NULL;
    return 0;
}

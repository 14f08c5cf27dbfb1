/* The stand-in programs' file reader: the whole of `path` in a malloc'ed buffer (exit 2 when it
 * cannot be read). */
#ifndef SLURP_H
#define SLURP_H
#include <stdio.h>
#include <stdlib.h>

static void *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) exit(2);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *data = malloc(n);
    if (fread(data, 1, n, f) != (size_t)n) exit(2);
    fclose(f);
    return data;
}
#endif

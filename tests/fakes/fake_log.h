/* The fake drivers' log (fake_cuda.c, fake_hip.c): one printf-formatted line appended to the file
 * named by an environment variable (FAKE_CUDA_LOG, FAKE_HIP_LOG); nothing when it is unset. */
#ifndef FAKE_LOG_H
#define FAKE_LOG_H
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t fake_log_lock = PTHREAD_MUTEX_INITIALIZER;

static void fake_log(const char *env, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fake_log(const char *env, const char *fmt, ...) {
    const char *path = getenv(env);
    if (!path) return;
    pthread_mutex_lock(&fake_log_lock);
    FILE *f = fopen(path, "a");
    if (f) {
        va_list ap;
        va_start(ap, fmt);
        vfprintf(f, fmt, ap);
        va_end(ap);
        fputc('\n', f);
        fclose(f);
    }
    pthread_mutex_unlock(&fake_log_lock);
}
#endif

// Byte-oriented code: a per-thread string length scan, case folding, run-length counting and
// a byte-wise compare, loads and stores of single bytes with divergent trip counts.
#include "hip_min.h"

extern "C" __global__ void str_lengths(const char *text, const int *starts, int *len) {
  const char *p = text + starts[gid_x()];
  int n = 0;
  while (p[n] && n < 256) ++n;
  len[gid_x()] = n;
}

extern "C" __global__ void to_upper(char *s, int n) {
  unsigned i = gid_x();
  if (i < (unsigned)n && s[i] >= 'a' && s[i] <= 'z') s[i] -= 32;
}

extern "C" __global__ void run_lengths(const unsigned char *s, unsigned char *runs, int n) {
  unsigned i = gid_x();
  if (i >= (unsigned)n) return;
  unsigned char r = 1;
  while (i + r < (unsigned)n && s[i + r] == s[i] && r < 255) ++r;
  runs[i] = r;
}

extern "C" __global__ void bytes_equal(const unsigned char *a, const unsigned char *b, int *eq, int n) {
  int same = 1;
  for (int k = 0; k < n; ++k) same &= a[gid_x() * n + k] == b[gid_x() * n + k];
  eq[gid_x()] = same;
}

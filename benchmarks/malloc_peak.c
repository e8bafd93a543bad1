/* Peak of live heap bytes of a process, for LD_PRELOAD (benchmarks/memory.py).
 *
 * Every malloc-family call of the process (C and C++: operator new calls malloc) is served by
 * glibc's own entry points (`__libc_malloc` etc., so no dlsym bootstrapping) and counted by
 * `malloc_usable_size`; frees subtract the same amount. `xfuse_malloc_peak_reset` starts a
 * window (the peak becomes the bytes live now, which it returns); `xfuse_malloc_peak` gives the
 * most bytes live since. glibc only. */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static int64_t live, peak;

static void *counted(void *p) {
  if (p) {
    int64_t now = __atomic_add_fetch(&live, (int64_t)malloc_usable_size(p), __ATOMIC_RELAXED);
    int64_t seen = __atomic_load_n(&peak, __ATOMIC_RELAXED);
    while (now > seen && !__atomic_compare_exchange_n(&peak, &seen, now, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
  }
  return p;
}

static void uncount(void *p) {
  if (p) __atomic_sub_fetch(&live, (int64_t)malloc_usable_size(p), __ATOMIC_RELAXED);
}

void *malloc(size_t n) { return counted(__libc_malloc(n)); }
void *calloc(size_t count, size_t n) { return counted(__libc_calloc(count, n)); }
void free(void *p) { uncount(p); __libc_free(p); }
void *memalign(size_t alignment, size_t n) { return counted(__libc_memalign(alignment, n)); }
void *aligned_alloc(size_t alignment, size_t n) { return counted(__libc_memalign(alignment, n)); }
void *valloc(size_t n) { return counted(__libc_memalign(4096, n)); }

void *realloc(void *p, size_t n) {
  size_t before = p ? malloc_usable_size(p) : 0;
  void *q = __libc_realloc(p, n);
  if (q || n == 0) __atomic_sub_fetch(&live, (int64_t)before, __ATOMIC_RELAXED);
  return q ? counted(q) : q;
}

int posix_memalign(void **out, size_t alignment, size_t n) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  void *p = __libc_memalign(alignment, n);
  if (!p) return ENOMEM;
  *out = counted(p);
  return 0;
}

int64_t xfuse_malloc_peak_reset(void) {
  int64_t now = __atomic_load_n(&live, __ATOMIC_RELAXED);
  __atomic_store_n(&peak, now, __ATOMIC_RELAXED);
  return now;
}

int64_t xfuse_malloc_peak(void) { return __atomic_load_n(&peak, __ATOMIC_RELAXED); }

/* Heap tracing for compiled xfuse modules (benchmarks/heap.py).
 *
 * A module lowered with `finalize-memref-to-llvm{use-generic-functions=true}` allocates and frees
 * every memref.alloc'ed buffer through the three functions below instead of malloc/free. This
 * library defines them: each call is served by libc and recorded as an event (address, bytes; -1
 * bytes for a free), so Python can replay one call of the module and compute the live bytes at
 * every moment. Only the compiled module's own buffers are seen, never Python's or numpy's.
 */
#include <stdint.h>
#include <stdlib.h>

#define XFUSE_HEAP_CAPACITY (1 << 22)

static void *event_address[XFUSE_HEAP_CAPACITY];
static int64_t event_bytes[XFUSE_HEAP_CAPACITY];
static int64_t event_count = 0;
static int64_t dropped = 0;

static void record(void *address, int64_t bytes) {
  if (event_count < XFUSE_HEAP_CAPACITY) {
    event_address[event_count] = address;
    event_bytes[event_count] = bytes;
    event_count++;
  } else {
    dropped++;
  }
}

void *_mlir_memref_to_llvm_alloc(size_t size) {
  void *p = malloc(size);
  record(p, (int64_t)size);
  return p;
}

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size) {
  void *p = NULL;
  if (alignment < sizeof(void *))
    alignment = sizeof(void *);
  if (posix_memalign(&p, alignment, size) != 0)
    p = NULL;
  record(p, (int64_t)size);
  return p;
}

void _mlir_memref_to_llvm_free(void *p) {
  record(p, -1);
  free(p);
}

/* The Python side: reset, read the events, see whether any were dropped. */
void xfuse_heap_reset(void) { event_count = 0; dropped = 0; }
int64_t xfuse_heap_event_count(void) { return event_count; }
int64_t xfuse_heap_dropped(void) { return dropped; }
void *const *xfuse_heap_addresses(void) { return event_address; }
const int64_t *xfuse_heap_bytes(void) { return event_bytes; }

"""The C half of the per-call arena (xfuse/runtime/arena.py): `malloc`/`calloc`/`free` of a
compiled module, served from the calling thread's arena.

Every shared object the backend builds is linked with `-Wl,--wrap=malloc,--wrap=calloc,
--wrap=free` and this object (hidden visibility: each shared object has its own copy), so the
module's own calls (`memref.alloc` lowers to `malloc`, `memref.dealloc` to `free`) land in
`__wrap_*`; the C runner utils, the OpenMP/async runtimes and Python keep libc's.

A thread-local pointer names the arena of the call running on this thread (`xfuse_arena_enter`
before the call, `xfuse_arena_leave` after it; threads without one, e.g. a parallel loop's
workers, use libc). An arena works in one of two modes:

- **record** (no plan yet): libc serves every allocation; each is recorded as a slot
  (bytes, the event at which it was allocated, the event at which it was freed, or -1 when the
  call returned it). Events are the allocations and the frees of recorded buffers, numbered in
  order. Python turns the slots into a plan: an offset per slot, slots live at the same time
  disjoint (xfuse/runtime/placement.py).
- **replay**: the n-th allocation of the call is served at `base + offset[n]` when it is the
  plan's: same size, same event number. Each free of an arena buffer must be the plan's event
  too. Then the call's events are exactly the plan's, event by event, so the buffers live at
  once are disjoint. At the first event that differs (a size that depends on the data, another
  order) the call *diverges*: it allocates the rest from libc; the arena buffers still live stay
  valid (they were disjoint when it diverged and nothing new goes into the arena).

A free of an arena address by a thread that is not the call's (never seen, but possible for
a parallel loop) is ignored: the registry of arenas (`xfuse_arena_register`) tells it apart
from libc's memory; its search stops at the highest entry ever taken (a worker's free of a
per-tile buffer scanned all 1024 entries).

Allocations inside an OpenMP parallel region, the calling thread's too, come from libc
(`REGIONS_FROM_LIBC`): how many iterations of a worksharing loop the calling thread runs, and so
how many per-tile buffers it allocates, changes from call to call (dynamic and guided schedules,
a worker that starts late), so the plan recorded from one call was departed from in the next:
SqueezeNet's two-thread build diverged in every call at its 43rd buffer (a 55 x 55 layer's 32
per-tile buffers), and its remaining 226 allocations came from malloc.
"""

REGIONS_FROM_LIBC = True
"""Serve the allocations made inside an OpenMP parallel region (`omp_get_level() > 0`, a weak
reference: a module without libomp never sees one) from libc, not from the call's arena."""


def source() -> str:
    """The C source as built now (`REGIONS_FROM_LIBC` is compiled in, so it keys the caches)."""
    return f"#define XFUSE_REGIONS_FROM_LIBC {int(REGIONS_FROM_LIBC)}\n" + SOURCE


SOURCE = r"""
#include <stddef.h>
#include <stdint.h>
#include <string.h>

void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void __real_free(void *);

typedef struct {
  int64_t bytes, offset, allocated_at, freed_at;
} Slot;

typedef struct {
  char *base;            /* the arena's memory (replay) */
  int64_t capacity;      /* its bytes */
  Slot *slots;           /* replay: the plan; record: where the slots are written */
  int64_t slot_count;    /* replay: slots in the plan; record: slots recorded */
  int64_t slot_capacity; /* record: room in `slots` and `addresses` */
  void **addresses;      /* record: the address of each slot */
  int64_t *live;         /* replay: the slots live in the arena now */
  int64_t live_capacity;
  int64_t recording;     /* 1: record, 0: replay */
  /* State of the current call (reset by xfuse_arena_enter). */
  int64_t next_slot, event, live_count, diverged, overflowed, fallbacks;
} Arena;

static __thread Arena *current;

#define REGISTRY_SIZE 1024
static char *registry_begin[REGISTRY_SIZE], *registry_end[REGISTRY_SIZE];

static int registry_top; /* 1 + the highest entry ever taken: the search stops there */

extern int omp_get_level(void) __attribute__((weak));

/* Inside a parallel region (any thread of its team): the call's order of allocations is not
   reproducible there, so they bypass the arena (REGIONS_FROM_LIBC). */
static int in_parallel_region(void) {
#if XFUSE_REGIONS_FROM_LIBC
  return omp_get_level && omp_get_level() > 0;
#else
  return 0;
#endif
}

static int in_registered_arena(char *p) {
  int top = __atomic_load_n(&registry_top, __ATOMIC_ACQUIRE);
  for (int i = 0; i < top; ++i) {
    char *begin = __atomic_load_n(&registry_begin[i], __ATOMIC_ACQUIRE);
    if (begin && p >= begin && p < __atomic_load_n(&registry_end[i], __ATOMIC_ACQUIRE)) return 1;
  }
  return 0;
}

int64_t xfuse_arena_register(char *begin, char *end) {
  /* Python serializes register and unregister (one lock); readers may be any thread. The begin is
     published before the end: a half-registered entry (end NULL) matches nothing. */
  for (int i = 0; i < REGISTRY_SIZE; ++i) {
    if (__atomic_load_n(&registry_begin[i], __ATOMIC_ACQUIRE) == NULL) {
      __atomic_store_n(&registry_begin[i], begin, __ATOMIC_RELEASE);
      __atomic_store_n(&registry_end[i], end, __ATOMIC_RELEASE);
      if (i >= __atomic_load_n(&registry_top, __ATOMIC_ACQUIRE)) __atomic_store_n(&registry_top, i + 1, __ATOMIC_RELEASE);
      return i;
    }
  }
  return -1;
}

void xfuse_arena_unregister(int64_t index) {
  if (index < 0 || index >= REGISTRY_SIZE) return;
  __atomic_store_n(&registry_end[index], NULL, __ATOMIC_RELEASE);
  __atomic_store_n(&registry_begin[index], NULL, __ATOMIC_RELEASE);
}

void xfuse_arena_enter(Arena *arena) {
  arena->next_slot = arena->event = arena->live_count = arena->diverged = 0;
  arena->overflowed = arena->fallbacks = 0;
  if (arena->recording) arena->slot_count = 0;
  current = arena;
}

void xfuse_arena_leave(void) { current = NULL; }

static void *record_allocation(Arena *a, void *p, size_t bytes) {
  if (!p) return p;
  if (a->slot_count == a->slot_capacity) {
    a->overflowed = 1;
    return p;
  }
  Slot *s = &a->slots[a->slot_count];
  s->bytes = (int64_t)bytes;
  s->offset = 0;
  s->allocated_at = a->event++;
  s->freed_at = -1;
  a->addresses[a->slot_count++] = p;
  return p;
}

static void *replay_allocation(Arena *a, size_t bytes) {
  if (!a->diverged && a->next_slot < a->slot_count && a->live_count < a->live_capacity) {
    Slot *s = &a->slots[a->next_slot];
    if (s->bytes == (int64_t)bytes && s->allocated_at == a->event) {
      a->live[a->live_count++] = a->next_slot++;
      a->event++;
      return a->base + s->offset;
    }
  }
  a->diverged = 1;
  a->fallbacks++;
  return NULL;
}

__attribute__((visibility("hidden"))) void *__wrap_malloc(size_t bytes) {
  Arena *a = current;
  if (!a || bytes == 0 || in_parallel_region()) return __real_malloc(bytes);
  if (a->recording) return record_allocation(a, __real_malloc(bytes), bytes);
  void *p = replay_allocation(a, bytes);
  return p ? p : __real_malloc(bytes);
}

__attribute__((visibility("hidden"))) void *__wrap_calloc(size_t count, size_t size) {
  Arena *a = current;
  size_t bytes = count * size;
  if (!a || bytes == 0 || (size && bytes / size != count) || in_parallel_region()) return __real_calloc(count, size);
  if (a->recording) return record_allocation(a, __real_calloc(count, size), bytes);
  void *p = replay_allocation(a, bytes);
  if (!p) return __real_calloc(count, size);
  memset(p, 0, bytes);
  return p;
}

__attribute__((visibility("hidden"))) void __wrap_free(void *p) {
  if (!p) return;
  Arena *a = current;
  char *c = (char *)p;
  if (a && a->recording) {
    for (int64_t i = a->slot_count - 1; i >= 0; --i)
      if (a->addresses[i] == p && a->slots[i].freed_at < 0) {
        a->slots[i].freed_at = a->event++;
        break;
      }
    __real_free(p);
    return;
  }
  if (a && c >= a->base && c < a->base + a->capacity) {
    for (int64_t i = a->live_count - 1; i >= 0; --i) {
      int64_t slot = a->live[i];
      if (a->base + a->slots[slot].offset == c) {
        if (a->slots[slot].freed_at != a->event) a->diverged = 1;
        a->event++;
        a->live[i] = a->live[--a->live_count];
        return;
      }
    }
    a->diverged = 1; /* not a live arena buffer: a double free in the plan's terms, ignored */
    return;
  }
  if (in_registered_arena(c)) return; /* another thread's arena buffer: that call owns it */
  __real_free(p);
}
"""
"""C99 with GCC/Clang builtins (`__thread`, `__atomic_*`); linked into every shared object."""

WRAPPED = ("malloc", "calloc", "free")
"""The libc functions whose calls from the compiled module go through the arena."""

LINK_FLAGS = tuple(f"-Wl,--wrap={name}" for name in WRAPPED)
"""The `cc -shared` flags that route the module's calls to `__wrap_<name>`."""

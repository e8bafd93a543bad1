/* Per-group run time of a compiled network (benchmarks/group_profile.py).
 *
 * group_profile.instrument() puts `func.call @xfuse_group_tick(id)` before every top-level
 * computation of a function (a fused group's loop nest, or an op left outside any group) and
 * before its return. This library defines the function: each call records (id, monotonic ns),
 * so Python can give each computation the time up to the next tick.
 */
#include <stdint.h>
#include <time.h>

#define XFUSE_TICK_CAPACITY (1 << 16)

static int64_t tick_id[XFUSE_TICK_CAPACITY];
static int64_t tick_ns[XFUSE_TICK_CAPACITY];
static int64_t tick_count = 0;
static int64_t dropped = 0;

void xfuse_group_tick(int64_t id) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  if (tick_count < XFUSE_TICK_CAPACITY) {
    tick_id[tick_count] = id;
    tick_ns[tick_count] = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
    tick_count++;
  } else {
    dropped++;
  }
}

/* The Python side: reset, read the ticks, see whether any were dropped. */
void xfuse_group_ticks_reset(void) { tick_count = 0; dropped = 0; }
int64_t xfuse_group_tick_count(void) { return tick_count; }
int64_t xfuse_group_ticks_dropped(void) { return dropped; }
const int64_t *xfuse_group_tick_ids(void) { return tick_id; }
const int64_t *xfuse_group_tick_times(void) { return tick_ns; }

/* Per-thread busy time of every OpenMP parallel region of a call (benchmarks/threads.py --busy).
 *
 * Loaded RTLD_GLOBAL before the compiled modules, it defines `__kmpc_fork_call` and
 * `__kmpc_barrier`, which the modules' parallel regions call, so they bind here; each forwards to
 * LLVM's OpenMP runtime (`omp_busy_init(path)` opens the one the modules link). While counting
 * (`omp_busy_start`/`omp_busy_stop`), a region's outlined body runs inside a trampoline that reads
 * the thread's CPU clock when the body starts and when it ends or reaches a barrier: the time the
 * thread computed in that region, however the machine's other load delayed it (wall time says
 * nothing on a shared 2-CPU machine). It also records the region's outlined body (its address names the loop), the CPU each thread
 * started it on (a slower CPU, not more work, can make a thread the busier), the minor page faults
 * each thread took in it (first touches of fresh memory, counted in its CPU time), wall-clock start, its first
 * worker's start and the fork's return. One calling thread at a time; at most 16 captured
 * arguments per region (MLIR passes one or a few); threads 0 and 1 only. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <sys/resource.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

typedef void (*microtask)(int32_t *, int32_t *, ...);
typedef void (*fork_call)(void *, int32_t, microtask, ...);
typedef void (*barrier_call)(void *, int32_t);
typedef int (*thread_num_call)(void);

#define CAPACITY 65536
#define ARGS(a) a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]

static fork_call real_fork;
static barrier_call real_barrier;
static thread_num_call thread_num;
static int64_t busy_ns[CAPACITY][2];  /* CPU ns of threads 0 and 1 in each region */
static int64_t wall_ns[CAPACITY][3];  /* monotonic ns: fork, thread 1's start, fork's return */
static void *bodies[CAPACITY];        /* each region's outlined body: which loop it is */
static int32_t cpus[CAPACITY][2];     /* the CPU threads 0 and 1 started each region on */
static int64_t faults[CAPACITY][2];   /* minor page faults of threads 0 and 1 in each region */
static int64_t regions;
static int counting;
static microtask current;
static __thread int64_t started, region, started_faults;
static __thread int running;

static int64_t clock_ns(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int64_t minor_faults(void) {
  struct rusage usage;
  getrusage(RUSAGE_THREAD, &usage);
  return usage.ru_minflt;
}

static void stop(int thread) {
  if (running && region < CAPACITY && thread < 2) {
    __atomic_add_fetch(&busy_ns[region][thread], clock_ns(CLOCK_THREAD_CPUTIME_ID) - started, __ATOMIC_RELAXED);
    __atomic_add_fetch(&faults[region][thread], minor_faults() - started_faults, __ATOMIC_RELAXED);
  }
  running = 0;
}

static void trampoline(int32_t *gtid, int32_t *btid, void *a0, void *a1, void *a2, void *a3, void *a4, void *a5,
                       void *a6, void *a7, void *a8, void *a9, void *a10, void *a11, void *a12, void *a13,
                       void *a14, void *a15) {
  microtask body = current;
  region = regions - 1;
  if (*btid == 1 && region < CAPACITY) wall_ns[region][1] = clock_ns(CLOCK_MONOTONIC);
  if (*btid < 2 && region < CAPACITY) cpus[region][*btid] = sched_getcpu();
  running = 1;
  started_faults = minor_faults();
  started = clock_ns(CLOCK_THREAD_CPUTIME_ID);
  body(gtid, btid, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15);
  stop(*btid);
}

void __kmpc_barrier(void *loc, int32_t gtid) {
  if (counting) stop(thread_num());
  real_barrier(loc, gtid);
}

void __kmpc_fork_call(void *loc, int32_t argc, microtask body, ...) {
  void *a[16] = {0};
  va_list list;
  va_start(list, body);
  for (int i = 0; i < argc && i < 16; i++) a[i] = va_arg(list, void *);
  va_end(list);
  if (!counting || argc > 16 || regions >= CAPACITY) {
    real_fork(loc, argc, body, ARGS(a));
    return;
  }
  current = body;
  bodies[regions] = (void *)body;
  wall_ns[regions++][0] = clock_ns(CLOCK_MONOTONIC);
  real_fork(loc, argc, (microtask)trampoline, ARGS(a));
  wall_ns[regions - 1][2] = clock_ns(CLOCK_MONOTONIC);
}

int omp_busy_init(const char *runtime) {
  void *library = dlopen(runtime, RTLD_NOW | RTLD_GLOBAL);
  if (!library) return 0;
  real_fork = (fork_call)dlsym(library, "__kmpc_fork_call");
  real_barrier = (barrier_call)dlsym(library, "__kmpc_barrier");
  thread_num = (thread_num_call)dlsym(library, "omp_get_thread_num");
  return real_fork && real_barrier && thread_num;
}
void omp_busy_start(void) { memset(busy_ns, 0, sizeof busy_ns); memset(faults, 0, sizeof faults); memset(wall_ns, 0, sizeof wall_ns); regions = 0; counting = 1; }
void omp_busy_stop(void) { counting = 0; }
int64_t omp_busy_regions(void) { return regions < CAPACITY ? regions : CAPACITY; }
const int64_t *omp_busy_cpu(void) { return &busy_ns[0][0]; }
const int64_t *omp_busy_wall(void) { return &wall_ns[0][0]; }
void *const *omp_busy_bodies(void) { return bodies; }
const int32_t *omp_busy_cpus(void) { return &cpus[0][0]; }
const int64_t *omp_busy_faults(void) { return &faults[0][0]; }

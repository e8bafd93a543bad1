/* How fast the calling thread's CPU computes now (benchmarks/threads.py --rounds).
 *
 * The VM exposes no cycle counter (no PMU; the msr source has only the TSC), and its nominal
 * 2.45 GHz says nothing of the host's boost. So two short loops are timed, while nothing preempts
 * the thread (run them at SCHED_FIFO):
 * - `clock_probe_ghz`: a chain of dependent integer adds, one cycle each on x86-64: PROBE_ADDS
 *   adds (about 0.15 ms) over the elapsed nanoseconds is the core clock in GHz. A latency chain
 *   leaves the core's other ports free, so another hardware thread on the same core barely slows it.
 * - `fma_probe_gflops`: independent AVX2 FMAs on registers (12 accumulators, as a micro-kernel's
 *   register tile), the throughput a convolution's inner loop needs: it drops when another
 *   hardware thread of the host shares the core's FMA units, at the same clock. */
#include <stdint.h>
#include <time.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#define PROBE_ADDS 400000L

double clock_probe_ghz(void) {
    struct timespec start, end;
    uint64_t x = 0;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < PROBE_ADDS / 8; i++) {
#if defined(__x86_64__)
        __asm__ volatile("add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
                         "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0" : "+r"(x));
#else
        __asm__ volatile("" : "+r"(x));
        x += 8;
#endif
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double ns = (end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec);
    return x == (uint64_t)PROBE_ADDS ? PROBE_ADDS / ns : 0.0;
}

#define PROBE_FMA_ITERATIONS 20000L

static double elapsed_ns(struct timespec start, struct timespec end) {
    return (end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec);
}

#if defined(__x86_64__)
__attribute__((target("avx2,fma"))) double fma_probe_gflops(void) {
    struct timespec start, end;
    const __m256 a = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
#define START(i) _mm256_set1_ps(1.0f + (i) * 1e-3f)  /* distinct, or the compiler merges equal chains */
    __m256 c0 = START(0), c1 = START(1), c2 = START(2), c3 = START(3), c4 = START(4), c5 = START(5), c6 = START(6),
           c7 = START(7), c8 = START(8), c9 = START(9), c10 = START(10), c11 = START(11);
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long n = 0; n < PROBE_FMA_ITERATIONS; n++) {  /* 12 independent chains: 2 FMA ports x 4 cycles, and more */
        c0 = _mm256_fmadd_ps(c0, a, b); c1 = _mm256_fmadd_ps(c1, a, b); c2 = _mm256_fmadd_ps(c2, a, b);
        c3 = _mm256_fmadd_ps(c3, a, b); c4 = _mm256_fmadd_ps(c4, a, b); c5 = _mm256_fmadd_ps(c5, a, b);
        c6 = _mm256_fmadd_ps(c6, a, b); c7 = _mm256_fmadd_ps(c7, a, b); c8 = _mm256_fmadd_ps(c8, a, b);
        c9 = _mm256_fmadd_ps(c9, a, b); c10 = _mm256_fmadd_ps(c10, a, b); c11 = _mm256_fmadd_ps(c11, a, b);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    float sink[8];
    __m256 sum = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(c0, c1), _mm256_add_ps(c2, c3)),
                               _mm256_add_ps(_mm256_add_ps(c4, c5), _mm256_add_ps(c6, c7)));
    _mm256_storeu_ps(sink, _mm256_add_ps(sum, _mm256_add_ps(_mm256_add_ps(c8, c9), _mm256_add_ps(c10, c11))));
    return sink[0] != sink[0] ? 0.0 : PROBE_FMA_ITERATIONS * 12.0 * 16.0 / elapsed_ns(start, end);
}
#else
double fma_probe_gflops(void) { return 0.0; }
#endif

"""What benchmarks/omp_busy.c counts, read: its library loaded in front of xfuse's libomp, and
the accounting of one two-thread call from its counts (CPU computed per region and thread, the
serial gaps between regions, where the call's CPU went). `threads.py --busy` drives the calls;
this module only interprets them, so the accounting can be tested on made-up counts."""

from __future__ import annotations

import collections
from pathlib import Path

import numpy as np

BUSY_SOURCE = Path(__file__).with_name("omp_busy.c")


def busy_counter():
    """benchmarks/omp_busy.c compiled and loaded RTLD_GLOBAL (before any compiled module: their
    `__kmpc_fork_call` and `__kmpc_barrier` must bind to it), forwarding to xfuse's libomp."""
    import ctypes

    from benchmarks.heap import load_c_library
    from xfuse.runtime.openmp import openmp_runtime, whole_teams

    counter = load_c_library(BUSY_SOURCE, "omp-busy")
    if not counter.omp_busy_init(str(openmp_runtime()).encode()):
        raise SystemExit(f"threads.py: error: cannot open the OpenMP entry points of {openmp_runtime()}")
    counter.omp_busy_cpu.restype = counter.omp_busy_wall.restype = ctypes.POINTER(ctypes.c_int64)
    counter.omp_busy_bodies.restype = ctypes.POINTER(ctypes.c_uint64)
    counter.omp_busy_cpus.restype = ctypes.POINTER(ctypes.c_int32)
    counter.omp_busy_faults.restype = ctypes.POINTER(ctypes.c_int64)
    counter.omp_busy_regions.restype = ctypes.c_int64
    whole_teams()  # every region counted is a whole team's
    return counter


def cpu_budget(t1_cpu_ms: float, t2_cpu_ms: tuple[float, float], busy: np.ndarray, outside_ms: float) -> dict:
    """Where a T=2 call's CPU time goes, against the one-thread call's (`t1_cpu_ms`, its caller's
    CPU): `t2_cpu_ms` (caller, workers) is the scheduler's count of every thread, which includes
    libomp's spin-waiting (at a region's join barrier for the slower thread, and the workers between
    regions for `KMP_BLOCKTIME`); `busy` (regions x threads, ms) the computing in the regions and
    `outside_ms` the wall time outside them, which the caller computes alone. Computing over T=1's
    CPU is the extra work of the two-thread code; the rest is waiting, not work."""
    total = sum(t2_cpu_ms)
    computing = float(busy.sum()) + outside_ms
    return {"t1_cpu_ms": t1_cpu_ms, "caller_ms": t2_cpu_ms[0], "workers_ms": t2_cpu_ms[1],
            "total_over_t1": total / t1_cpu_ms, "computing_ms": computing, "computing_over_t1": computing / t1_cpu_ms,
            "waiting_ms": total - computing, "worker_waiting_ms": t2_cpu_ms[1] - float(busy[:, 1].sum())}


def serial_gaps(calls: list[tuple[np.ndarray, tuple[float, ...]]], bodies: list[str]) -> list[dict]:
    """The wall time outside every region, gap by gap (median over the calls): before the first
    region, between each region's return and the next fork, after the last, with the regions
    around each gap (outlined bodies). `calls`: per call, its regions' wall stamps (regions x 3,
    fork / first worker / return, ms) and the call's own stamps on the same clock: (start, end),
    or (start, invoke, invoke's return, end), which splits the first and the last gap into the
    Python of `Model.__call__` (checking and binding the arguments; collecting the results,
    releasing the arena) and the compiled function's own entry and exit (the ctypes call, the
    C wrapper, the code before the first fork and after the last join)."""
    def outside(wall: np.ndarray, stamps: tuple[float, ...]) -> np.ndarray:
        start, *inner, end = stamps
        edges = np.diff(np.concatenate(([inner[0] if inner else start], wall[:, [0, 2]].ravel(),
                                        [inner[-1] if inner else end])))[::2]
        return np.concatenate(([inner[0] - start], edges, [end - inner[-1]])) if inner else edges

    gaps = np.median(np.stack([outside(wall, stamps) for wall, stamps in calls]), axis=0)
    invoked = len(calls[0][1]) == 4
    around = ["call start", *(["invoke"] if invoked else []), *bodies, *(["invoke return"] if invoked else []),
              "call end"]
    return [{"after": around[i], "before": around[i + 1], "ms": float(ms)} for i, ms in enumerate(gaps)]


def busy_by_thread_and_cpu(cpu: np.ndarray, cpus: np.ndarray) -> dict[tuple[int, int], float]:
    """{(thread, CPU it started the region on): its busy ms summed over the call's regions}: when
    each thread keeps to one CPU and the ratio of the sums holds region by region, the busier thread
    ran on a slower CPU rather than got more work."""
    sums: dict[tuple[int, int], float] = collections.defaultdict(float)
    for thread in (0, 1):
        for ms, where in zip(cpu[:, thread], cpus[:, thread], strict=True):
            sums[thread, int(where)] += float(ms)
    return dict(sums)



def function_names(addresses) -> list[str]:
    """The symbol of each code address of this process (an outlined OpenMP body: internal, so not
    in the dynamic symbol table dladdr reads), from the mapped file's full symbol table (`nm`)."""
    import subprocess

    mappings = []  # (start, end, path) of each file mapping; a file's load base is its lowest start
    for line in Path("/proc/self/maps").read_text().splitlines():
        fields = line.split()
        if len(fields) >= 6 and fields[5].startswith("/"):
            start, end = (int(part, 16) for part in fields[0].split("-"))
            mappings.append((start, end, fields[5]))
    bases: dict[str, int] = {}
    for start, _, path in mappings:
        bases[path] = min(bases.get(path, start), start)
    symbols: dict[str, list[tuple[int, str]]] = {}
    names = []
    for address in map(int, addresses):
        path = next((path for start, end, path in mappings if start <= address < end), None)
        if path is None:
            names.append(hex(address))
            continue
        if path not in symbols:
            listing = subprocess.run(["nm", "--defined-only", path], capture_output=True, text=True).stdout
            symbols[path] = sorted((int(f[0], 16), f[2]) for f in map(str.split, listing.splitlines()) if len(f) == 3)
        offset = address - bases[path]
        names.append(next((name for value, name in reversed(symbols[path]) if value <= offset), hex(address)))
    return names


def per_region_busy(calls: list[np.ndarray], bodies: list[str]) -> list[dict]:
    """Per region, in call order (the same every call): its outlined body and the median over the
    calls of each thread's CPU ms and of the imbalance (busiest thread minus the mean)."""
    cpu = np.median(np.stack(calls), axis=0)
    return [{"index": i, "body": body, "thread0_ms": t0, "thread1_ms": t1, "imbalance_ms": abs(t0 - t1) / 2}
            for i, (body, (t0, t1)) in enumerate(zip(bodies, cpu, strict=True))]


SMALL_GAP_MS = 0.02
"""A gap between regions up to this (20 us) is glue: loop set-up, a fork's return, a small op."""


def print_serial_gaps(gaps: list[dict], largest: int) -> None:
    small = [g["ms"] for g in gaps if g["ms"] <= SMALL_GAP_MS]
    print(f"  outside the regions, {sum(g['ms'] for g in gaps):.2f} ms in {len(gaps)} gaps (median over the calls): "
          f"{len(small)} of up to {SMALL_GAP_MS * 1e3:.0f} us, {sum(small):.2f} ms in all; the {largest} largest:")
    for gap in sorted(gaps, key=lambda g: -g["ms"])[:largest]:
        print(f"  {gap['ms']:>9.3f} ms  after {gap['after']}, before {gap['before']}")


def print_squeezed_regions(regions: list[dict], largest: int) -> None:
    """The regions whose CPU (both threads) grows most from one CPU (`squeezed_ms`) to two: work
    that runs slower when both cores compute at once."""
    one = sum(r["squeezed_ms"] for r in regions)
    two = sum(r["thread0_ms"] + r["thread1_ms"] for r in regions)
    print(f"  CPU in the regions, both threads: {two:.1f} ms on two CPUs, {one:.1f} ms on one ({two / one:.3f}x); "
          f"the {largest} regions that grow most (median over the calls; call order, outlined body):")
    print(f"  {'region':>6} {'one CPU':>9} {'two CPUs':>9} {'growth':>9}  body")
    for r in sorted(regions, key=lambda r: r["squeezed_ms"] - r["thread0_ms"] - r["thread1_ms"])[:largest]:
        both = r["thread0_ms"] + r["thread1_ms"]
        print(f"  {r['index']:>6} {r['squeezed_ms']:>9.3f} {both:>9.3f} {both - r['squeezed_ms']:>9.3f}  {r['body']}")

"""Two-thread scaling of the fused MLP layer, back to back and after the CPUs sat idle; or of
whole networks, group by group.

    python benchmarks/threads.py [--shapes 512x512x512,256x1024x512] [--gaps 0,0.5,2,10] [--calls 40]
    python benchmarks/threads.py --models resnet50,vgg19 [--calls 7] [--largest 15]
    python benchmarks/threads.py --models resnet50,densenet121 --busy [--squeezed] [--realtime] [--calls 7] [--largest 15]
    python benchmarks/threads.py --models resnet50,vgg19 --rounds 12 [--blocktimes 0,1] [--realtime]
        [--schedules guided,none]
    python benchmarks/threads.py --models densenet121 --trip-counts

`--models`: each network of benchmarks/models.py as `xfuse.onnx.load` builds it for one thread
and for two (`threads=2`), profiled (`Model.profile`, `--calls` calls each) on the same seeded
input; prints both medians and the speedup, then the `--largest` fused groups by the time the
second thread did not take off them (T=2 time minus half the T=1 time): the groups that do not
scale. Environment as models.py (`KMP_BLOCKTIME=1`). Run it under the heavy lock on a shared
machine and read `uptime` before and after: a busy second CPU makes T=2 no faster.
`--busy`: for each network, the T=1 and T=2 builds called in turn, and of the median T=2 call
the CPU time each thread computed in the parallel regions (benchmarks/omp_busy.c: what imbalance
costs, measured without depending on the load), the wall time outside every region (one thread)
and beyond each region's busiest thread; `--realtime` runs the timed calls at SCHED_FIFO
priority (root), so that other processes on the machine do not preempt the two threads. It also
prints the thread's busy time by the CPU it ran on, their minor page faults in the regions, and
the `--largest` regions by imbalance (per region, in call order, the median over the calls) with
the outlined function each runs (`xfuse_loop_N..omp_par`: the N-th loop outlined, whose
`scf.parallel` the module lowered as `--trip-counts` does shows).
`--busy --squeezed`: each round also the T=2 build with both threads on one CPU, and the regions
whose CPU (both threads) grows most from one CPU to two: work slowed by the cores running at once.
`--rounds`: the speedup read round by round, in one process: each round calls the T=1 build
pinned to each CPU and the T=2 build (once per `--blocktimes` value, libomp's spin time in ms,
set with `kmp_set_blocktime`), the order reversed every other round. Per call it records, from
the scheduler's accounting (/proc/self/task/*/schedstat), the CPU time of the calling thread and
of the workers and the time they waited for a CPU (another process had it), the hypervisor's
steal, minor page faults, and before it each CPU's clock and FMA rate (benchmarks/clock_probe.c).
A round is "disturbed" when waiting and steal exceed 1% of a call; the summary gives the median
speedup over the faster CPU's T=1 of each round, of all rounds and of the undisturbed ones.

`--trip-counts`: the trip counts of each parallel loop of the network's two-thread build (its
OpenMP regions), from its module lowered up to `scf-forall-to-parallel`; nothing is timed.

For each shape it compiles the fused layer (`xfuse-tile{loop=forall},xfuse-diffusion`) with the
`microkernel` pipeline (one thread) and `microkernel-openmp` (LLVM's OpenMP runtime, every CPU);
then, for each gap in milliseconds, times `--calls` calls of each with the process
sleeping that long before every call, and prints the medians and the speedups over one thread.
Only the calls are timed.

Why: a parallel call must find a worker thread awake. libomp's workers spin for a while before
they sleep (KMP_BLOCKTIME), so back-to-back calls scale every time (MLIR's async runtime, whose
pipeline xfuse had until issue 40, slept at once: waking a worker took as long as half a 512^3
call). The gaps show what a caller that does other work between calls gets.
"""

from __future__ import annotations

import argparse
import collections
import functools
import math
import os
import re
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's `benchmarks` package first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# What a team of two threads does is measured here, so every region gets its whole team: xfuse
# otherwise lets libomp shrink teams to the CPUs other processes leave idle (`OMP_DYNAMIC`,
# xfuse/runtime/openmp.py), and at SCHED_FIFO the other processes' threads still count as running.
os.environ.setdefault("OMP_DYNAMIC", "false")

import numpy as np  # noqa: E402

import xfuse  # noqa: E402
from benchmarks.common import DIFFUSION_PASSES  # noqa: E402
from benchmarks.mlp_models import mlp_layer_module  # noqa: E402
from benchmarks.thread_busy import (  # noqa: E402
    busy_by_thread_and_cpu,
    busy_counter,
    cpu_budget,
    function_names,
    per_region_busy,
    print_serial_gaps,
    print_squeezed_regions,
    serial_gaps,
)
from xfuse.backends.runner import compile_module  # noqa: E402
from xfuse.runtime.openmp import IDLE_WORKERS_SLEEP  # noqa: E402


def _shape(text: str) -> tuple[int, int, int]:
    m, n, k = (int(part) for part in text.lower().split("x"))
    return m, n, k


def _models(text: str) -> list[str]:
    """Names of benchmarks/models.py, or one `exported:NAME` (exported_networks.py, small; needs
    torch: run with the torch environment)."""
    from benchmarks.flag_ab import model_names  # the networks' names, checked

    return model_names(text)


def _network(name: str) -> tuple[object, dict, dict]:
    """(ONNX model, seeded feeds, `xfuse.onnx.load` keywords) of a name `_models` accepts."""
    from benchmarks.flag_ab import network_and_feeds
    from benchmarks.memory import benchmark_model

    if not name.startswith("exported:"):
        return *benchmark_model(name, 0), {}
    model, feeds, shapes = network_and_feeds(name, 0)
    return model, feeds, {"input_shapes": shapes}


def pipelines() -> list[str]:
    """One thread, then the parallel pipeline."""
    return ["microkernel", "microkernel-openmp"]


def timed_calls(shape: tuple[int, int, int], gaps_ms: list[float], calls: int,
                tile_sizes: tuple[int, int] = (64, 64)) -> list[tuple[float, list[float]]]:
    """(gap ms, median ms per pipeline of `pipelines()`) per gap; results checked first."""
    m, n, k = shape
    rng = np.random.default_rng(0)
    x, w, b = (rng.uniform(-1, 1, s).astype(np.float32) for s in ((m, k), (k, n), (n,)))
    expected = np.maximum(x @ w + b, 0)
    bound = {}
    for pipeline in pipelines():
        module = xfuse.parse(mlp_layer_module(m, n, k, (*tile_sizes, 0)))
        xfuse.apply_passes(module, DIFFUSION_PASSES)
        compiled = compile_module(module, entry="mlp", pipeline=pipeline, cache=False)
        np.testing.assert_allclose(compiled(x, w, b)[0], expected, rtol=1e-4, atol=1e-4)
        bound[pipeline] = compiled.bind(x, w, b)
    rows = []
    for gap in gaps_ms:
        medians = []
        for pipeline in pipelines():
            times = []
            for _ in range(calls):
                if gap:
                    time.sleep(gap / 1e3)
                start = time.perf_counter()
                bound[pipeline].invoke()
                times.append(time.perf_counter() - start)
                bound[pipeline].release()
            medians.append(statistics.median(times) * 1e3)
        rows.append((gap, medians))
    return rows


def group_scaling(name: str, calls: int) -> tuple[float, float, list[tuple[float, float, str]]]:
    """(T=1 ms, T=2 ms, [(T=1 ms, T=2 ms, group label)] by group) for a network of models.py."""
    import xfuse.onnx
    from benchmarks.models import xfuse_configuration

    model, feeds, load = _network(name)
    profiles = []
    for threads in (1, 2):
        passes, backend = xfuse_configuration(threads, "default")
        loaded = xfuse.onnx.load(model, passes=passes, pipeline=backend, **load)
        profiles.append(loaded.profile(*(feeds[input_name] for input_name in loaded.input_names), repeat=calls))
    one, two = profiles
    if [s.label for s in one.sections] != [s.label for s in two.sections]:
        raise SystemExit(f"threads.py: error: {name}: the one- and two-thread builds have different groups "
                         f"({len(one.sections)} and {len(two.sections)}); compare their profiles by hand")
    groups = [(a.median_ms, b.median_ms, a.label) for a, b in zip(one.sections, two.sections, strict=True)]
    return one.total_ms, two.total_ms, groups


def _schedule_threads(policy: int, priority: int) -> None:
    """Every thread of the process (the caller and libomp's workers) to `policy`."""
    for thread in os.listdir("/proc/self/task"):
        os.sched_setscheduler(int(thread), policy, os.sched_param(priority))


def one_and_two_threads(name: str, schedules: list[str] | None = None) -> tuple[dict[object, object], list[np.ndarray]]:
    """({1: model, 2: model}, inputs): a network of models.py as `xfuse.onnx.load` builds it for
    one and for two threads, on its seeded input; the two builds' outputs checked to agree. With
    `schedules` (OpenMP schedule kinds, "none": convert-scf-to-openmp's static loops), one
    two-thread build per kind instead, keyed (2, kind)."""
    import xfuse.onnx
    from benchmarks.models import xfuse_configuration
    from xfuse.backends.parallel import omp_schedule

    model, feeds, load = _network(name)
    passes, backend = xfuse_configuration(1, "default")
    built: dict[object, object] = {1: xfuse.onnx.load(model, passes=passes, pipeline=backend, **load)}
    landed = omp_schedule.OMP_SCHEDULE
    try:
        for kind in schedules or [None]:
            if kind is not None:
                omp_schedule.OMP_SCHEDULE = None if kind == "none" else kind
            passes, backend = xfuse_configuration(2, "default")
            built[2 if kind is None else (2, kind)] = xfuse.onnx.load(model, passes=passes, pipeline=backend, **load)
    finally:
        omp_schedule.OMP_SCHEDULE = landed
    args = [feeds[input_name] for input_name in built[1].input_names]
    for build in built.values():
        np.testing.assert_allclose(build(*args)[0], built[1](*args)[0], rtol=1e-4, atol=1e-4)
    return built, args


def stamped_call(model, args: list[np.ndarray]) -> tuple[int, int]:
    """`model(*args)` as `Model.__call__` makes it (xfuse/onnx/model.py's `_call`: the arguments
    checked and bound, the compiled function invoked, the results collected), and the monotonic ns
    at which the invoke started and returned: the serial gaps then tell the Python around the call
    from the module's own entry and exit (`thread_busy.serial_gaps`)."""
    bound = model.compiled.bind(*model._arguments(model._feeds(args)), trailing=model._weights_bound())
    entered = time.monotonic_ns()
    bound.invoke()
    returned = time.monotonic_ns()
    bound.collect()
    return entered, returned


def busy_split(name: str, calls: int, realtime: bool, squeezed: bool = False) -> dict:
    """Where the second thread's time goes on a network of models.py (`--busy`): the T=1 and T=2
    builds called in turn, and of the median T=2 call, per parallel region the CPU time each
    thread computed in it (load-independent, unlike wall time), the region's wall time and its
    worker's start latency, and the wall time outside every region (the serial part).
    `squeezed`: each round also calls the T=2 build with both threads on the first CPU
    (blocktime 0), and per region the CPU both threads computed there is kept ("squeezed_ms",
    median over the calls): a region whose CPU on two CPUs exceeds it computes slower when both
    cores run (the host's shared cache and memory), not more."""
    import threading

    counter = busy_counter()
    built, args = one_and_two_threads(name)
    if realtime:  # every thread of ours (libomp's workers exist by now) before other processes'
        _schedule_threads(os.SCHED_FIFO, 10)
    walls: dict[int, list[float]] = {1: [], 2: []}
    regions, cpus, faults, spans, thread_cpu = [], [], [], [], {1: [], 2: []}
    caller = threading.get_native_id()
    first_cpu, one_cpu = min(os.sched_getaffinity(0)), []

    def squeezed_call() -> None:
        set_blocktime(0)  # the thread waiting for the CPU sleeps instead of spinning on it
        try:
            on_cpus({first_cpu}, lambda: built[2](*args))()
        finally:
            set_blocktime(int(IDLE_WORKERS_SLEEP))
    try:
        for _ in range(calls):
            if squeezed:
                counter.omp_busy_start()
                squeezed_call()
                counter.omp_busy_stop()
                n = counter.omp_busy_regions()
                one_cpu.append(np.ctypeslib.as_array(counter.omp_busy_cpu(), (n, 2)).copy().sum(axis=1) / 1e6)
            for threads in (1, 2):
                before = thread_clocks()
                counter.omp_busy_start()
                start, start_ns = time.perf_counter(), time.monotonic_ns()
                invoked = stamped_call(built[threads], args)
                end_ns = time.monotonic_ns()
                walls[threads].append((time.perf_counter() - start) * 1e3)
                counter.omp_busy_stop()
                after = thread_clocks()
                run = {tid: (after[tid][0] - before.get(tid, (0, 0))[0]) / 1e6 for tid in after}
                thread_cpu[threads].append((run.get(caller, 0.0), sum(ms for tid, ms in run.items() if tid != caller)))
                if threads == 2:
                    n = counter.omp_busy_regions()
                    regions.append((np.ctypeslib.as_array(counter.omp_busy_cpu(), (n, 2)).copy() / 1e6,
                                    np.ctypeslib.as_array(counter.omp_busy_wall(), (n, 3)).copy() / 1e6))
                    bodies = np.ctypeslib.as_array(counter.omp_busy_bodies(), (n,)).copy()
                    cpus.append(np.ctypeslib.as_array(counter.omp_busy_cpus(), (n, 2)).copy())
                    faults.append(np.ctypeslib.as_array(counter.omp_busy_faults(), (n, 2)).copy())
                    spans.append((start_ns / 1e6, *(ns / 1e6 for ns in invoked), end_ns / 1e6))
    finally:
        if realtime:
            _schedule_threads(os.SCHED_OTHER, 0)
    median = int(np.argsort(walls[2])[len(walls[2]) // 2])
    cpu, wall = regions[median]
    region_wall = wall[:, 2] - wall[:, 0]
    critical = cpu.max(axis=1)
    t1, t2 = statistics.median(walls[1]), walls[2][median]
    names = function_names(bodies)
    per_region = per_region_busy([cpu for cpu, _ in regions], names)
    if squeezed:
        for region, ms in zip(per_region, np.median(np.stack(one_cpu), axis=0), strict=True):
            region["squeezed_ms"] = float(ms)
    return {"model": name, "t1_ms": t1, "t2_ms": t2, "speedup": t1 / t2, "regions": len(cpu),
            "cpu": cpu_budget(statistics.median(c for c, _ in thread_cpu[1]), thread_cpu[2][median], cpu,
                              t2 - region_wall.sum()),
            "serial_gaps": serial_gaps([(w, span) for (_, w), span in zip(regions, spans, strict=True)], names),
            "outside_regions_ms": t2 - region_wall.sum(), "master_busy_ms": cpu[:, 0].sum(),
            "worker_busy_ms": cpu[:, 1].sum(), "imbalance_ms": (critical - cpu.mean(axis=1)).sum(),
            "regions_wall_over_busiest_ms": (region_wall - critical).sum(),
            "worker_start_latency_ms": (wall[:, 1] - wall[:, 0]).sum(),
            "per_region": per_region,
            "busy_by_thread_and_cpu": busy_by_thread_and_cpu(cpu, cpus[median]),
            "minor_faults": faults[median].sum(axis=0).tolist()}


def thread_cpu_clock(tid: int) -> int:
    """The clock id of thread `tid`'s CPU time (the kernel's MAKE_THREAD_CPUCLOCK(tid,
    CPUCLOCK_SCHED)), readable by any thread of the process, up to date while `tid` runs."""
    return (~tid << 3) | 6


def thread_clocks() -> dict[int, tuple[int, int]]:
    """{thread id: (ns run on a CPU, ns runnable but waiting for one)} of every thread of this
    process. The run time comes from the thread's CPU clock, which counts a thread running on
    another CPU up to now; the wait from the scheduler's accounting (/proc/self/task/*/schedstat,
    updated at the thread's last switch or tick), which says directly whether another process took
    a CPU from the call."""
    clocks = {}
    for task in os.listdir("/proc/self/task"):
        try:
            _, wait, _ = Path(f"/proc/self/task/{task}/schedstat").read_text().split()
            clocks[int(task)] = (time.clock_gettime_ns(thread_cpu_clock(int(task))), int(wait))
        except (FileNotFoundError, ProcessLookupError, ValueError, OSError):  # a thread that ended
            continue
    return clocks


def steal_ticks() -> int:
    """The time the hypervisor ran something else on this VM's CPUs (/proc/stat, `steal`, in
    USER_HZ ticks: 10 ms), summed over the CPUs."""
    with open("/proc/stat") as stat:
        return int(stat.readline().split()[8])


@dataclass(frozen=True)
class TimedCall:
    """One call: wall time, and from the scheduler's accounting the CPU time of the calling thread
    and of the others (libomp's workers), the time the process's threads waited for a CPU, the
    hypervisor's steal on the machine, the minor page faults (all in ms but faults), and each
    CPU's clock and FMA rate just before the call ({CPU: (GHz, GFLOP/s)}, `clock_probe.c`)."""

    wall_ms: float
    caller_ms: float
    workers_ms: float
    waited_ms: float
    steal_ms: float
    minor_faults: int
    probes: dict[int, tuple[float, float]]

    def disturbed(self) -> bool:
        """Another process or the hypervisor took a CPU from the call for over 1% of it."""
        return self.waited_ms + self.steal_ms > 0.01 * self.wall_ms


CLOCK_PROBE_SOURCE = Path(__file__).with_name("clock_probe.c")


@functools.cache
def clock_probes():
    """(clock GHz, FMA GFLOP/s) probes of `clock_probe.c` for the calling thread's CPU."""
    import ctypes

    from benchmarks.heap import load_c_library

    library = load_c_library(CLOCK_PROBE_SOURCE, "clock-probe")
    library.clock_probe_ghz.restype = library.fma_probe_gflops.restype = ctypes.c_double
    return library.clock_probe_ghz, library.fma_probe_gflops


def probe_cpus() -> dict[int, tuple[float, float]]:
    """{CPU: (clock GHz, FMA GFLOP/s)} of each CPU this thread may use, measured on it now."""
    ghz, gflops = clock_probes()
    allowed, probes = os.sched_getaffinity(0), {}
    try:
        for cpu in sorted(allowed):
            os.sched_setaffinity(0, {cpu})
            probes[cpu] = (ghz(), max(gflops() for _ in range(3)))  # the first after an idle spell runs slow
    finally:
        os.sched_setaffinity(0, allowed)
    return probes


def timed_call(call, cpu: int | None = None) -> TimedCall:
    """`call()` timed (`TimedCall`), each CPU probed just before; `cpu`: with the calling thread
    on that CPU only."""
    import resource
    import threading

    from xfuse.runtime.openmp import whole_teams

    whole_teams()  # this process's libomp may have started with dynamic teams (a test session)
    probes = probe_cpus()
    allowed = os.sched_getaffinity(0)
    if cpu is not None:
        os.sched_setaffinity(0, {cpu})
    try:
        caller = threading.get_native_id()
        faults, steal, before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt, steal_ticks(), thread_clocks()
        start = time.perf_counter()
        call()
        wall = time.perf_counter() - start
        after, steal, faults = thread_clocks(), steal_ticks() - steal, resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults
    finally:
        os.sched_setaffinity(0, allowed)
    run = {tid: (after[tid][0] - before.get(tid, (0, 0))[0], after[tid][1] - before.get(tid, (0, 0))[1]) for tid in after}
    return TimedCall(wall_ms=wall * 1e3, caller_ms=run.get(caller, (0, 0))[0] / 1e6,
                     workers_ms=sum(r for tid, (r, _) in run.items() if tid != caller) / 1e6,
                     waited_ms=sum(w for _, w in run.values()) / 1e6, steal_ms=steal * 10.0, minor_faults=faults,
                     probes=probes)


def set_blocktime(ms: int) -> None:
    """libomp's spin time of idle workers (`KMP_BLOCKTIME`) for the teams this thread forks from
    now on (`kmp_set_blocktime`), so that several settings can be timed in turn in one process."""
    import ctypes

    from xfuse.runtime.openmp import openmp_runtime

    ctypes.CDLL(str(openmp_runtime())).kmp_set_blocktime(ctypes.c_int(ms))


RT_PAUSE_S = 0.1
"""With `--realtime`, the sleep before each call of `--rounds`: Linux throttles SCHED_FIFO threads
that run 0.95 s of every second (`sched_rt_runtime_us`), which back-to-back VGG-19 calls reach."""


def on_cpus(cpus: set[int], call):
    """`call` with every thread of the process (the caller and libomp's workers) on `cpus` only."""
    def run():
        allowed = os.sched_getaffinity(0)
        tasks = [int(task) for task in os.listdir("/proc/self/task")]
        for task in tasks:
            os.sched_setaffinity(task, cpus)
        try:
            call()
        finally:
            for task in tasks:
                os.sched_setaffinity(task, allowed)
    return run


def interleaved_rounds(name: str, rounds: int, blocktimes: list[int], realtime: bool, squeezed: bool = False,
                       warmup: int = 2, schedules: list[str] | None = None):
    """A network of models.py at one thread, pinned to each CPU in turn, and at two (once per
    `blocktimes` value, ms) called in turn, `rounds` times, in one process (the order reversed
    every other round, so that a drift of the machine's speed reaches all alike): ({"T=1 cpuK"
    or "T=2 bt=N": [TimedCall per round]}, the first call's minor page faults by build). A round's
    speedup is read from its own calls; the one-thread call on each CPU shows whether the CPUs
    run at the same speed. `realtime`: the timed calls at SCHED_FIFO, each after `RT_PAUSE_S`.
    `squeezed`: also the T=2 build with both threads on the first CPU (blocktime 0, so that a
    waiting thread sleeps): the CPU time summed over its threads is the two-thread code's work
    done one thread at a time, against which the T=2 call on two CPUs shows what running both
    cores at once costs (shared cache and memory), and the T=1 call what the code itself adds.
    `schedules`: one T=2 build per OpenMP schedule kind ("T=2 <kind> bt=N"), called in turn too."""
    built, args = one_and_two_threads(name, schedules)
    builds = {f"T=1 cpu{cpu}": (cpu, lambda: built[1](*args)) for cpu in sorted(os.sched_getaffinity(0))}
    for kind in schedules or [None]:
        for ms in blocktimes:
            def call(ms=ms, two=built[2 if kind is None else (2, kind)]):
                set_blocktime(ms)
                two(*args)
            builds[f"T=2 {kind} bt={ms}" if kind is not None else f"T=2 bt={ms}"] = (None, call)
    if squeezed:
        first_cpu = min(os.sched_getaffinity(0))

        def one_cpu(two=next(build for key, build in built.items() if key != 1)):  # the first T=2 build
            set_blocktime(0)
            two(*args)
        builds[f"T=2 cpu{first_cpu}"] = (None, on_cpus({first_cpu}, one_cpu))
    first = {label: timed_call(call, cpu).minor_faults for label, (cpu, call) in builds.items()}
    for _ in range(warmup - 1):
        for cpu, call in builds.values():
            timed_call(call, cpu)
    calls: dict[str, list[TimedCall]] = {label: [] for label in builds}
    if realtime:  # libomp's workers exist by now
        _schedule_threads(os.SCHED_FIFO, 10)
    try:
        for r in range(rounds):
            for label in (list(builds) if r % 2 == 0 else list(builds)[::-1]):
                if realtime:
                    time.sleep(RT_PAUSE_S)
                calls[label].append(timed_call(builds[label][1], builds[label][0]))
    finally:
        if realtime:
            _schedule_threads(os.SCHED_OTHER, 0)
    return calls, first


def print_interleaved(names: list[str], rounds: int, blocktimes: list[int], realtime: bool,
                      squeezed: bool = False, schedules: list[str] | None = None) -> None:
    for name in names:
        calls, first = interleaved_rounds(name, rounds, blocktimes, realtime, squeezed, schedules=schedules)
        ones = {label: c for label, c in calls.items() if label.startswith("T=1")}
        twos = {label: c for label, c in calls.items() if label.startswith("T=2")}
        best = [min(c[r].wall_ms for c in ones.values()) for r in range(rounds)]
        print(f"{name}: {rounds} interleaved rounds; first call's minor page faults "
              + ", ".join(f"{label} {n}" for label, n in first.items()), flush=True)
        print(f"{'round':>5} " + " ".join(f"{label + ' ms':>13} {'GHz':>4} {'GFLOP/s':>7} {'wait':>5}" for label in ones)
              + " " + " ".join(f"{label + ' ms':>13} {'GFLOP/s each CPU':>16} {'speedup':>7} {'CPU caller/workers':>18} "
                               f"{'wait':>5}" for label in twos)
              + "  (GHz, GFLOP/s: clock_probe.c on the CPU just before the call; speedup over the faster CPU's "
              "T=1 of the round; wait: ms the process's threads were runnable but not run, plus the hypervisor's steal)")
        for r in range(rounds):
            line = f"{r:>5} " + " ".join(
                f"{c[r].wall_ms:>13.1f} {c[r].probes[cpu][0]:>4.2f} {c[r].probes[cpu][1]:>7.1f} "
                f"{c[r].waited_ms + c[r].steal_ms:>5.1f}" for cpu, c in zip(sorted(os.sched_getaffinity(0)), ones.values()))
            for c in twos.values():
                line += (f" {c[r].wall_ms:>13.1f} {' / '.join(f'{g:.0f}' for _, g in c[r].probes.values()):>16} "
                         f"{best[r] / c[r].wall_ms:>6.2f}x "
                         f"{c[r].caller_ms:>8.1f} / {c[r].workers_ms:>7.1f} {c[r].waited_ms + c[r].steal_ms:>5.1f}")
            squeezed_calls = [label for label in twos if label.startswith("T=2 cpu")]  # wait for each other
            print(line + ("  disturbed" if any(c[r].disturbed() for label, c in calls.items()
                                                if label not in squeezed_calls) else ""))
        if len(ones) == 2:
            (label_a, a), (label_b, b) = ones.items()
            print(f"{name}: one thread, {label_a} over {label_b} per round: median "
                  f"{statistics.median(x.wall_ms / y.wall_ms for x, y in zip(a, b, strict=True)):.2f} (range "
                  f"{min(x.wall_ms / y.wall_ms for x, y in zip(a, b, strict=True)):.2f}-"
                  f"{max(x.wall_ms / y.wall_ms for x, y in zip(a, b, strict=True)):.2f})")
        for label, two in twos.items():
            work = [(c.caller_ms + c.workers_ms) / min(o[r].caller_ms for o in ones.values()) for r, c in enumerate(two)]
            print(f"{name} {label}: CPU time summed over the threads over the faster CPU's T=1 of the round, median "
                  f"{statistics.median(work):.3f} (range {min(work):.3f}-{max(work):.3f})")
            if label.startswith("T=2 cpu"):  # squeezed: one CPU, no speedup to read
                continue
            speedups = [t1 / c.wall_ms for t1, c in zip(best, two, strict=True)]
            clean = [s for r, s in enumerate(speedups) if not any(c[r].disturbed() for c in (*ones.values(), two))]
            busier = [max(c.caller_ms, c.workers_ms) / (c.caller_ms + c.workers_ms) * 2 for c in two]
            print(f"{name} {label}: speedup per round median {statistics.median(speedups):.2f}x "
                  f"(range {min(speedups):.2f}-{max(speedups):.2f}); undisturbed rounds {len(clean)}"
                  + (f", median {statistics.median(clean):.2f}x" if clean else "")
                  + f"; busier thread's CPU over the mean {statistics.median(busier):.2f}"
                  + f"; medians T=1 (faster CPU) {statistics.median(best):.1f} ms, T=2 "
                  f"{statistics.median(c.wall_ms for c in two):.1f} ms; steady minor faults per T=2 call "
                  f"{statistics.median(c.minor_faults for c in two):.0f}", flush=True)


_SCF_PARALLEL = re.compile(r"scf\.parallel \([^)]*\) = \(([^)]*)\) to \(([^)]*)\) step \(([^)]*)\)")
_INDEX_CONSTANT = re.compile(r"%c(\d+)(_\d+)?$")


def scf_parallel_trip_counts(text: str) -> collections.Counter:
    """{trip counts per dimension (or "dynamic"): how many `scf.parallel` loops of MLIR `text`
    have them}: bounds read from the names mlir-opt gives index constants (`%c7`, `%c7_0`); a bound
    of another name counts as dynamic."""
    counts: collections.Counter = collections.Counter()
    for match in _SCF_PARALLEL.finditer(text):
        bounds = [[_INDEX_CONSTANT.match(name.strip()) for name in group.split(",")] for group in match.groups()]
        if not all(bounds[0] + bounds[1] + bounds[2]):
            counts["dynamic"] += 1
            continue
        lows, highs, steps = ([int(m.group(1)) for m in group] for group in bounds)
        counts[tuple(-(-(high - low) // step) for low, high, step in zip(lows, highs, steps, strict=True))] += 1
    return counts


def parallel_trip_counts(name: str) -> collections.Counter:
    """The trip counts of the parallel loops of a network's two-thread build (`--trip-counts`),
    each an OpenMP region of every call: its module as mlir-opt gets it, lowered up to
    `scf-forall-to-parallel` (`scf_parallel_trip_counts`)."""
    import subprocess
    import tempfile

    import xfuse.onnx
    from benchmarks.models import xfuse_configuration
    from xfuse.backends import runner

    from xfuse.backends.parallel import omp_schedule

    built: list[tuple[str, object]] = []
    build = runner.build_shared_object
    runner.build_shared_object = lambda text, pipeline, cache=True: built.append((text, pipeline)) or build(
        text, pipeline, cache)
    # the loops do not depend on the schedule kind, and the kind's transform sequence
    # (`#omp<schedulekind ...>`) cannot be parsed by a pipeline cut before convert-scf-to-openmp,
    # which is what loads the omp dialect
    landed, omp_schedule.OMP_SCHEDULE = omp_schedule.OMP_SCHEDULE, None
    try:
        model, _, load = _network(name)
        passes, backend = xfuse_configuration(2, "default")
        xfuse.onnx.load(model, passes=passes, pipeline=backend, **load)
    finally:
        runner.build_shared_object = build
        omp_schedule.OMP_SCHEDULE = landed
    text, pipeline = built[-1]
    with tempfile.TemporaryDirectory() as tmp:
        command = runner.lower_to_llvm_dialect_command(text, pipeline, Path(tmp))
        spec = next(arg for arg in command if arg.startswith("--pass-pipeline="))
        head = spec[:spec.index("scf-forall-to-parallel")] + "scf-forall-to-parallel"
        command[command.index(spec)] = head + ")" * (head.count("(") - head.count(")"))
        subprocess.run(command, check=True)
        return scf_parallel_trip_counts((Path(tmp) / "lowered.mlir").read_text())


def print_trip_counts(names: list[str]) -> None:
    for name in names:
        counts = parallel_trip_counts(name)
        print(f"{name}: {sum(counts.values())} parallel loops (one OpenMP region each per call)")
        print(f"{'loops':>6} {'iterations':>10}  trip counts")
        for trips, n in sorted(counts.items(), key=lambda item: -item[1]):
            total = math.prod(trips) if trips != "dynamic" else "?"
            print(f"{n:>6} {total:>10}  {' x '.join(map(str, trips)) if trips != 'dynamic' else 'dynamic'}")


def print_busy(names: list[str], calls: int, realtime: bool, largest: int, squeezed: bool = False) -> None:
    for name in names:
        r = busy_split(name, calls, realtime, squeezed)
        print(f"{name}: T=1 {r['t1_ms']:.1f} ms, T=2 {r['t2_ms']:.1f} ms, speedup {r['speedup']:.2f}x; T=2: "
              f"{r['regions']} parallel regions; outside them (one thread) {r['outside_regions_ms']:.1f} ms; "
              f"busy in them: thread 0 {r['master_busy_ms']:.1f} ms, thread 1 {r['worker_busy_ms']:.1f} ms; "
              f"lost to imbalance {r['imbalance_ms']:.1f} ms; region wall beyond its busiest thread "
              f"{r['regions_wall_over_busiest_ms']:.1f} ms (thread 1's start latency {r['worker_start_latency_ms']:.2f} ms)",
              flush=True)
        print("  busy ms by (thread, CPU it ran the region on): " + ", ".join(
            f"({thread}, {where}) {ms:.1f}" for (thread, where), ms in sorted(r["busy_by_thread_and_cpu"].items()))
              + f"; minor page faults in the regions: thread 0 {r['minor_faults'][0]}, thread 1 {r['minor_faults'][1]}")
        c = r["cpu"]
        print(f"  CPU of the T=2 call: caller {c['caller_ms']:.1f} + workers {c['workers_ms']:.1f} ms = "
              f"{c['total_over_t1']:.3f} x T=1's {c['t1_cpu_ms']:.1f}; computing (in regions and outside them) "
              f"{c['computing_ms']:.1f} ms = {c['computing_over_t1']:.3f} x T=1's; spin-waiting {c['waiting_ms']:.1f} ms "
              f"(workers {c['worker_waiting_ms']:.1f})")
        print_serial_gaps(r["serial_gaps"], largest)
        print(f"  the {largest} regions with the most imbalance (median over the calls; call order, outlined body):")
        print(f"  {'region':>6} {'thread 0':>9} {'thread 1':>9} {'imbalance':>9}  body")
        for region in sorted(r["per_region"], key=lambda region: -region["imbalance_ms"])[:largest]:
            print(f"  {region['index']:>6} {region['thread0_ms']:>9.3f} {region['thread1_ms']:>9.3f} "
                  f"{region['imbalance_ms']:>9.3f}  {region['body']}", flush=True)
        if squeezed:
            print_squeezed_regions(r["per_region"], largest)


def print_group_scaling(names: list[str], calls: int, largest: int) -> None:
    for name in names:
        one, two, groups = group_scaling(name, calls)
        print(f"{name}: T=1 {one:.2f} ms, T=2 {two:.2f} ms, speedup {one / two:.2f}x")
        print(f"{'not taken off ms':>16} {'T=1 ms':>9} {'T=2 ms':>9} {'speedup':>8}  group")
        for t1, t2, label in sorted(groups, key=lambda g: g[0] / 2 - g[1])[:largest]:
            print(f"{t2 - t1 / 2:>16.3f} {t1:>9.3f} {t2:>9.3f} {t1 / t2 if t2 else 0:>7.2f}x  {label}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shapes", type=lambda t: [_shape(s) for s in t.split(",")],
                        default=[(512, 512, 512), (256, 1024, 512)], help="comma-separated MxNxK")
    parser.add_argument("--gaps", type=lambda t: [float(s) for s in t.split(",")], default=[0, 0.5, 2, 10],
                        help="idle time before each call, in ms (default 0,0.5,2,10)")
    parser.add_argument("--calls", type=int, default=40, help="timed calls per system and gap (default 40)")
    parser.add_argument("--models", type=_models, default=None,
                        help="comma-separated networks of benchmarks/models.py: scaling by fused group instead")
    parser.add_argument("--largest", type=int, default=10, help="groups (or with --busy, most imbalanced regions) printed per network with --models")
    parser.add_argument("--busy", action="store_true",
                        help="with --models: per-thread busy time in the parallel regions (benchmarks/omp_busy.c)")
    parser.add_argument("--realtime", action="store_true",
                        help="with --busy or --rounds: time the calls at SCHED_FIFO priority (root), ahead of "
                        "other processes")
    parser.add_argument("--rounds", type=int, default=None,
                        help="with --models: T=1 and T=2 called in turn this many rounds, speedup per round")
    parser.add_argument("--squeezed", action="store_true",
                        help="with --rounds: also the T=2 build with both threads on one CPU (its work, done "
                        "one thread at a time); with --busy: that work per region, against two CPUs")
    parser.add_argument("--blocktimes", type=lambda t: [int(s) for s in t.split(",")],
                        default=[int(IDLE_WORKERS_SLEEP)],
                        help=f"with --rounds: KMP_BLOCKTIME values (ms) to time T=2 with, in turn (default "
                        f"{IDLE_WORKERS_SLEEP}, xfuse's)")
    parser.add_argument("--schedules", type=lambda t: t.split(","), default=None,
                        help="with --rounds: one T=2 build per OpenMP schedule kind (guided, dynamic, static; "
                        "none: convert-scf-to-openmp's static loops), timed in turn (default: xfuse's, "
                        "xfuse/backends/parallel/omp_schedule.py)")
    parser.add_argument("--trip-counts", action="store_true",
                        help="with --models: the trip counts of the two-thread build's parallel loops (its OpenMP "
                        "regions), nothing timed")
    args = parser.parse_args(argv)
    if args.calls < 5 or any(g < 0 for g in args.gaps) or args.largest < 1:
        parser.error("--calls must be at least 5, --largest at least 1 and --gaps non-negative")
    if (args.busy or args.realtime) and not (args.models and (args.busy or args.rounds is not None)):
        parser.error("--busy needs --models, and --realtime needs --busy or --rounds")
    if args.realtime and os.geteuid() != 0:
        parser.error("--realtime needs root (SCHED_FIFO); run without it under the heavy lock")
    if args.rounds is not None and (not args.models or args.busy or args.rounds < 3 or min(args.blocktimes) < 0):
        parser.error("--rounds needs --models (not --busy), at least 3 rounds and non-negative --blocktimes")
    if args.squeezed and args.rounds is None and not args.busy:
        parser.error("--squeezed needs --rounds or --busy")
    from xfuse.backends.parallel.omp_schedule import OMP_SCHEDULE_KINDS

    if args.schedules is not None and (args.rounds is None or not set(args.schedules) <= {*OMP_SCHEDULE_KINDS, "none"}):
        parser.error(f"--schedules needs --rounds and kinds among {', '.join(OMP_SCHEDULE_KINDS)}, none")
    if args.trip_counts:
        if not args.models or args.busy or args.rounds is not None:
            parser.error("--trip-counts needs --models (not --busy or --rounds)")
        print_trip_counts(args.models)
        return 0
    if args.rounds is not None:
        print_interleaved(args.models, args.rounds, args.blocktimes, args.realtime, args.squeezed, args.schedules)
        return 0
    if args.models and args.busy:
        print_busy(args.models, args.calls, args.realtime, args.largest, args.squeezed)
        return 0
    if args.models:
        print_group_scaling(args.models, args.calls, args.largest)
        return 0
    names = pipelines()
    print(f"{'shape [M,N,K]':<16} {'gap ms':>7} " + " ".join(f"{n + ' ms':>24}" for n in names) + "  speedups")
    for shape in args.shapes:
        for gap, medians in timed_calls(shape, args.gaps, args.calls):
            print(f"{'x'.join(map(str, shape)):<16} {gap:>7.1f} " + " ".join(f"{m:>24.3f}" for m in medians)
                  + "  " + " ".join(f"{medians[0] / m:.2f}x" for m in medians[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

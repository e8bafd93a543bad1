"""Two-thread scaling of the fused MLP layer, back to back and after the CPUs sat idle; or of
whole networks, group by group.

    python benchmarks/threads.py [--shapes 512x512x512,256x1024x512] [--gaps 0,0.5,2,10] [--calls 40]
    python benchmarks/threads.py --models resnet50,vgg19 [--calls 7] [--largest 15]
    python benchmarks/threads.py --models resnet50,densenet121 --busy [--realtime] [--calls 7]

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
priority (root), so that other processes on the machine do not preempt the two threads.

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
import os
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's `benchmarks` package first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

import xfuse  # noqa: E402
from benchmarks.common import DIFFUSION_PASSES  # noqa: E402
from benchmarks.mlp_models import mlp_layer_module  # noqa: E402
from xfuse.backends.runner import compile_module  # noqa: E402


def _shape(text: str) -> tuple[int, int, int]:
    m, n, k = (int(part) for part in text.lower().split("x"))
    return m, n, k


def _models(text: str) -> list[str]:
    from benchmarks.compile_time import parse_models  # the networks' names, checked

    return parse_models(text)


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
    from benchmarks.memory import benchmark_model
    from benchmarks.models import xfuse_configuration

    model, feeds = benchmark_model(name, 0)
    profiles = []
    for threads in (1, 2):
        passes, backend = xfuse_configuration(threads, "default")
        loaded = xfuse.onnx.load(model, passes=passes, pipeline=backend)
        profiles.append(loaded.profile(*(feeds[input_name] for input_name in loaded.input_names), repeat=calls))
    one, two = profiles
    if [s.label for s in one.sections] != [s.label for s in two.sections]:
        raise SystemExit(f"threads.py: error: {name}: the one- and two-thread builds have different groups "
                         f"({len(one.sections)} and {len(two.sections)}); compare their profiles by hand")
    groups = [(a.median_ms, b.median_ms, a.label) for a, b in zip(one.sections, two.sections, strict=True)]
    return one.total_ms, two.total_ms, groups


BUSY_SOURCE = Path(__file__).with_name("omp_busy.c")


def busy_counter():
    """benchmarks/omp_busy.c compiled and loaded RTLD_GLOBAL (before any compiled module: their
    `__kmpc_fork_call` and `__kmpc_barrier` must bind to it), forwarding to xfuse's libomp."""
    import ctypes

    from benchmarks.heap import load_c_library
    from xfuse.runtime.openmp import openmp_runtime

    counter = load_c_library(BUSY_SOURCE, "omp-busy")
    if not counter.omp_busy_init(str(openmp_runtime()).encode()):
        raise SystemExit(f"threads.py: error: cannot open the OpenMP entry points of {openmp_runtime()}")
    counter.omp_busy_cpu.restype = counter.omp_busy_wall.restype = ctypes.POINTER(ctypes.c_int64)
    counter.omp_busy_regions.restype = ctypes.c_int64
    return counter


def _schedule_threads(policy: int, priority: int) -> None:
    """Every thread of the process (the caller and libomp's workers) to `policy`."""
    for thread in os.listdir("/proc/self/task"):
        os.sched_setscheduler(int(thread), policy, os.sched_param(priority))


def busy_split(name: str, calls: int, realtime: bool) -> dict:
    """Where the second thread's time goes on a network of models.py (`--busy`): the T=1 and T=2
    builds called in turn, and of the median T=2 call, per parallel region the CPU time each
    thread computed in it (load-independent, unlike wall time), the region's wall time and its
    worker's start latency, and the wall time outside every region (the serial part)."""
    import xfuse.onnx
    from benchmarks.memory import benchmark_model
    from benchmarks.models import xfuse_configuration

    counter = busy_counter()
    model, feeds = benchmark_model(name, 0)
    built = {}
    for threads in (1, 2):
        passes, backend = xfuse_configuration(threads, "default")
        built[threads] = xfuse.onnx.load(model, passes=passes, pipeline=backend)
    args = [feeds[input_name] for input_name in built[1].input_names]
    for threads in (1, 2):
        np.testing.assert_allclose(built[threads](*args)[0], built[1](*args)[0], rtol=1e-4, atol=1e-4)
    if realtime:  # every thread of ours (libomp's workers exist by now) before other processes'
        _schedule_threads(os.SCHED_FIFO, 10)
    walls: dict[int, list[float]] = {1: [], 2: []}
    regions = []
    try:
        for _ in range(calls):
            for threads in (1, 2):
                counter.omp_busy_start()
                start = time.perf_counter()
                built[threads](*args)
                walls[threads].append((time.perf_counter() - start) * 1e3)
                counter.omp_busy_stop()
                if threads == 2:
                    n = counter.omp_busy_regions()
                    regions.append((np.ctypeslib.as_array(counter.omp_busy_cpu(), (n, 2)).copy() / 1e6,
                                    np.ctypeslib.as_array(counter.omp_busy_wall(), (n, 3)).copy() / 1e6))
    finally:
        if realtime:
            _schedule_threads(os.SCHED_OTHER, 0)
    median = int(np.argsort(walls[2])[len(walls[2]) // 2])
    cpu, wall = regions[median]
    region_wall = wall[:, 2] - wall[:, 0]
    critical = cpu.max(axis=1)
    t1, t2 = statistics.median(walls[1]), walls[2][median]
    return {"model": name, "t1_ms": t1, "t2_ms": t2, "speedup": t1 / t2, "regions": len(cpu),
            "outside_regions_ms": t2 - region_wall.sum(), "master_busy_ms": cpu[:, 0].sum(),
            "worker_busy_ms": cpu[:, 1].sum(), "imbalance_ms": (critical - cpu.mean(axis=1)).sum(),
            "regions_wall_over_busiest_ms": (region_wall - critical).sum(),
            "worker_start_latency_ms": (wall[:, 1] - wall[:, 0]).sum()}


def print_busy(names: list[str], calls: int, realtime: bool) -> None:
    for name in names:
        r = busy_split(name, calls, realtime)
        print(f"{name}: T=1 {r['t1_ms']:.1f} ms, T=2 {r['t2_ms']:.1f} ms, speedup {r['speedup']:.2f}x; T=2: "
              f"{r['regions']} parallel regions; outside them (one thread) {r['outside_regions_ms']:.1f} ms; "
              f"busy in them: thread 0 {r['master_busy_ms']:.1f} ms, thread 1 {r['worker_busy_ms']:.1f} ms; "
              f"lost to imbalance {r['imbalance_ms']:.1f} ms; region wall beyond its busiest thread "
              f"{r['regions_wall_over_busiest_ms']:.1f} ms (thread 1's start latency {r['worker_start_latency_ms']:.2f} ms)",
              flush=True)


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
    parser.add_argument("--largest", type=int, default=10, help="groups printed per network with --models")
    parser.add_argument("--busy", action="store_true",
                        help="with --models: per-thread busy time in the parallel regions (benchmarks/omp_busy.c)")
    parser.add_argument("--realtime", action="store_true",
                        help="with --busy: time the calls at SCHED_FIFO priority (root), ahead of other processes")
    args = parser.parse_args(argv)
    if args.calls < 5 or any(g < 0 for g in args.gaps) or args.largest < 1:
        parser.error("--calls must be at least 5, --largest at least 1 and --gaps non-negative")
    if (args.busy or args.realtime) and not (args.models and args.busy):
        parser.error("--busy needs --models, and --realtime needs --busy")
    if args.realtime and os.geteuid() != 0:
        parser.error("--realtime needs root (SCHED_FIFO); run without it under the heavy lock")
    if args.models and args.busy:
        print_busy(args.models, args.calls, args.realtime)
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

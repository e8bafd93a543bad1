"""Two-thread scaling of the fused MLP layer, back to back and after the CPUs sat idle; or of
whole networks, group by group.

    python benchmarks/threads.py [--shapes 512x512x512,256x1024x512] [--gaps 0,0.5,2,10] [--calls 40]
    python benchmarks/threads.py --models resnet50,vgg19 [--calls 7] [--largest 15]

`--models`: each network of benchmarks/models.py as `xfuse.onnx.load` builds it for one thread
and for two (`threads=2`), profiled (`Model.profile`, `--calls` calls each) on the same seeded
input; prints both medians and the speedup, then the `--largest` fused groups by the time the
second thread did not take off them (T=2 time minus half the T=1 time): the groups that do not
scale. Environment as models.py (`KMP_BLOCKTIME=1`). Run it under the heavy lock on a shared
machine and read `uptime` before and after: a busy second CPU makes T=2 no faster.

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
    args = parser.parse_args(argv)
    if args.calls < 5 or any(g < 0 for g in args.gaps) or args.largest < 1:
        parser.error("--calls must be at least 5, --largest at least 1 and --gaps non-negative")
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

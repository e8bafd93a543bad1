"""Compile time of the fusion pass on chains of MLP layers: how its cost grows with the chain.

For each chain length L (default 8, 32, 128) a module of L MLP layers is generated
(benchmarks/mlp_models.py, every matmul marked with `xfuse.tile_sizes`, so L tiled roots), parsed,
and `--passes` is applied in Python (`xfuse.apply_passes`) `--repeat` times on fresh clones; the
time reported is the median over the repeats of the fusion passes alone (the tiling pass
`xfuse-tile` runs first, untimed, when the pipeline starts with it). Parsing and verification are
not timed.

The growth is summarised by the least-squares slope of log(time) against log(L): about 1 is
linear, 2 quadratic. The output names the pass (or passes) timed: xfuse-diffusion when it is
registered, else the fallback sequence of producer/consumer fusion sweeps.

    python benchmarks/diffusion_compile_time.py [--layers 8,32,128] [--size 64] [--tile-sizes 32,32,0]
                                                [--passes SPEC] [--repeat 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's `benchmarks` package first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import xfuse
from benchmarks.common import default_passes, describe_passes
from benchmarks.mlp_models import mlp_module, parse_int_list
from xfuse.context import make_context
from xfuse.diagnostics import XfuseError, describe

TILE_PASS_PREFIX = "xfuse-tile"


def split_pipeline(spec: str) -> tuple[str, str]:
    """(untimed tiling prefix, timed fusion passes): the leading `xfuse-tile{...}` is the setup."""
    depth = 0
    for index, char in enumerate(spec):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == "," and depth == 0:
            head, tail = spec[:index], spec[index + 1:]
            if head.startswith(TILE_PASS_PREFIX):
                return head, tail
            break
    return "", spec


def fit_exponent(lengths: list[int], seconds: list[float]) -> float:
    """Least-squares slope of log(seconds) over log(lengths)."""
    xs = [math.log(n) for n in lengths]
    ys = [math.log(s) for s in seconds]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def count_ops(module, name: str) -> int:
    return sum(1 for op in module.walk() if op.name == name)


def time_chain(layers: int, size: int, tile_sizes: tuple[int, ...], setup: str, timed: str, repeat: int) -> dict:
    ctx = make_context()
    base = xfuse.parse(mlp_module(size, layers, tile_sizes), ctx, name=f"<chain of {layers}>")
    if setup:
        xfuse.apply_passes(base, setup, ctx)
    samples = []
    fused = None
    for _ in range(repeat):
        module = base.clone()
        start = time.perf_counter()
        xfuse.apply_passes(module, timed, ctx)
        samples.append(time.perf_counter() - start)
        fused = module
    assert fused is not None
    median = statistics.median(samples)
    return {
        "layers": layers,
        "median_s": median,
        "min_s": min(samples),
        "s_per_layer": median / layers,
        "ops_before": sum(1 for _ in base.walk()),
        "ops_after": sum(1 for _ in fused.walk()),
        "matmuls_in_loops": sum(1 for op in fused.walk() if op.name == "linalg.matmul"
                                and op.parent_op() is not None and op.parent_op().name in ("scf.forall", "scf.for")),
        "generics_left_outside_loops": sum(1 for op in fused.walk() if op.name.startswith("linalg.")
                                           and op.parent_op() is not None and op.parent_op().name == "func.func"),
    }


def run(lengths: list[int], size: int, tile_sizes: tuple[int, ...], passes: str, repeat: int) -> dict:
    if len(lengths) < 2:
        raise ValueError("give at least two chain lengths to fit an exponent")
    setup, timed = split_pipeline(passes)
    rows = [time_chain(n, size, tile_sizes, setup, timed, repeat) for n in lengths]
    exponent = fit_exponent([r["layers"] for r in rows], [r["median_s"] for r in rows])
    return {
        "benchmark": "diffusion_compile_time",
        "passes": passes,
        "passes_description": describe_passes(passes),
        "untimed_setup": setup,
        "timed_passes": timed,
        "size": size,
        "tile_sizes": list(tile_sizes),
        "repeat": repeat,
        "rows": rows,
        "exponent": exponent,
        "growth": growth_words(exponent),
    }


def growth_words(exponent: float) -> str:
    if exponent < 0.8:
        return "sublinear: fixed costs dominate at these lengths"
    if exponent < 1.2:
        return "about linear"
    if exponent < 1.7:
        return "between linear and quadratic"
    if exponent < 2.3:
        return "about quadratic"
    return "worse than quadratic"


def format_table(report: dict) -> str:
    lines = [
        f"compile time of: {report['timed_passes']}  [{report['passes_description']}]",
        f"untimed setup: {report['untimed_setup'] or '(none)'}; MLP chains of size {report['size']}, "
        f"matmul tiles {report['tile_sizes']}, median of {report['repeat']}",
        f"{'layers':>6} {'median s':>10} {'s/layer':>10} {'ops before':>11} {'ops after':>10} {'tiled mm':>9} {'left out':>9}",
    ]
    for r in report["rows"]:
        lines.append(f"{r['layers']:>6} {r['median_s']:>10.3f} {r['s_per_layer']:>10.4f} {r['ops_before']:>11} "
                     f"{r['ops_after']:>10} {r['matmuls_in_loops']:>9} {r['generics_left_outside_loops']:>9}")
    lines.append(f"fitted exponent (slope of log time over log layers): {report['exponent']:.2f} "
                 f"({report['growth']})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layers", type=parse_int_list, default=(8, 32, 128), help="chain lengths, default 8,32,128")
    parser.add_argument("--size", type=int, default=64, help="M = N = K of every layer (does not change the IR size)")
    parser.add_argument("--tile-sizes", type=parse_int_list, default=(32, 32, 0))
    parser.add_argument("--passes", default=None, help="pipeline (default: tile + xfuse-diffusion, or the fallback)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    passes = args.passes if args.passes is not None else default_passes()
    try:
        report = run(list(args.layers), args.size, tuple(args.tile_sizes), passes, args.repeat)
    except XfuseError as exc:
        print(describe(exc) or f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(report, indent=2) if args.json else format_table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())

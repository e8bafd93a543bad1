"""Fused vs unfused MLP layer: results, time and peak memory of intermediates.

For each size N (default 512 and 1024) one MLP layer relu(x @ W + b) with M = N = K = N is
generated (benchmarks/mlp_models.py) and compiled twice with mlir-opt 22:

- unfused: the module as generated (fill, matmul, broadcast, add, relu on whole tensors);
- fused: the matmul marked with `xfuse.tile_sizes` (`--tile-sizes`), then the fusion pipeline
  `--passes` (default: `xfuse-tile{loop=forall},xfuse-diffusion` when xfuse-diffusion is
  registered, else tile + producer/consumer fusion; the output says which ran).

Both run on the same seeded inputs; the results must agree (np.allclose, `--rtol`/`--atol`). Time
is the median of `--repeat` foreign calls (CompiledModule.benchmark, after one warm-up). Peak
memory of intermediates is measured by tracing the heap of one call of a second build of each
module (benchmarks/heap.py, method in docs/benchmarks.md).

    python benchmarks/fusion_mlp.py [--sizes 512,1024] [--tile-sizes 64,64,0] [--passes SPEC]
                                    [--repeat 10] [--lowering microkernel] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's `benchmarks` package first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

import xfuse
from benchmarks.common import default_passes, describe_passes
from benchmarks.heap import profile_call, traced_pipeline
from benchmarks.mlp_models import mlp_module, parse_int_list
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.diagnostics import XfuseError, describe

MIB = 1024 * 1024


def measure_variant(name: str, module_text: str, passes: str, inputs: list, lowering: str, repeat: int) -> dict:
    module = xfuse.parse(module_text, name=f"<{name}>")
    if passes:
        xfuse.apply_passes(module, passes)
    compiled = compile_module(module, entry="mlp", pipeline=lowering)
    (result,) = compiled(*inputs)
    times = compiled.benchmark(*inputs, repeat=repeat)
    traced = compile_module(module, entry="mlp", pipeline=traced_pipeline(lowering))
    (traced_result,) = traced(*inputs)
    if not np.array_equal(traced_result, result):
        raise RuntimeError(f"{name}: the heap-traced build computes a different result than the timed build")
    heap = profile_call(traced, *inputs)
    return {
        "variant": name,
        "passes": passes,
        "median_ms": statistics.median(times) * 1e3,
        "min_ms": min(times) * 1e3,
        "runs": len(times),
        "peak_intermediate_bytes": heap.peak_intermediate_bytes,
        "peak_total_bytes": heap.peak_total_bytes,
        "result_bytes": heap.result_bytes,
        "allocations": heap.allocations,
        "intermediate_allocations": heap.intermediate_allocations,
        "_result": result,
    }


def run(sizes: list[int], tile_sizes: tuple[int, ...], passes: str, lowering: str, repeat: int,
        seed: int, rtol: float, atol: float) -> dict:
    rows = []
    all_agree = True
    for size in sizes:
        unfused_text = mlp_module(size, 1, None)
        fused_text = mlp_module(size, 1, tile_sizes)
        probe = compile_module(xfuse.parse(unfused_text), entry="mlp", pipeline=lowering)
        inputs = random_inputs(probe.signature, seed=seed)
        unfused = measure_variant("unfused", unfused_text, "", inputs, lowering, repeat)
        fused = measure_variant("fused", fused_text, passes, inputs, lowering, repeat)
        reference, got = unfused.pop("_result"), fused.pop("_result")
        agree = bool(np.allclose(got, reference, rtol=rtol, atol=atol))
        error = float(np.max(np.abs(got.astype(np.float64) - reference)))
        all_agree &= agree
        for row in (unfused, fused):
            row.update(size=size, agree=agree, max_abs_error=error)
            rows.append(row)
    return {
        "benchmark": "fusion_mlp",
        "passes": passes,
        "passes_description": describe_passes(passes),
        "tile_sizes": list(tile_sizes),
        "lowering": lowering,
        "repeat": repeat,
        "seed": seed,
        "rtol": rtol,
        "atol": atol,
        "cpus": os.cpu_count(),
        "all_agree": all_agree,
        "rows": rows,
    }


def format_table(report: dict) -> str:
    lines = [
        f"MLP layer relu(x @ W + b), M = N = K = size; fused with: {report['passes_description']}",
        f"matmul tile sizes {report['tile_sizes']}, lowering pipeline '{report['lowering']}', "
        f"median of {report['repeat']} calls, {report['cpus']} CPUs",
        f"{'size':>5} {'variant':<8} {'median ms':>10} {'min ms':>10} {'peak interm. MiB':>17} "
        f"{'peak all MiB':>13} {'allocs':>7} {'agree':>6} {'max |err|':>10}",
    ]
    for r in report["rows"]:
        lines.append(
            f"{r['size']:>5} {r['variant']:<8} {r['median_ms']:>10.3f} {r['min_ms']:>10.3f} "
            f"{r['peak_intermediate_bytes'] / MIB:>17.3f} {r['peak_total_bytes'] / MIB:>13.3f} "
            f"{r['allocations']:>7} {'yes' if r['agree'] else 'NO':>6} {r['max_abs_error']:>10.3g}")
    by_size: dict[int, dict[str, dict]] = {}
    for r in report["rows"]:
        by_size.setdefault(r["size"], {})[r["variant"]] = r
    for size, pair in by_size.items():
        u, f = pair["unfused"], pair["fused"]
        lines.append(
            f"size {size}: fused/unfused time {f['median_ms'] / u['median_ms']:.2f}x, "
            f"peak intermediates {f['peak_intermediate_bytes'] / max(u['peak_intermediate_bytes'], 1):.4f}x")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=parse_int_list, default=(512, 1024), help="comma-separated, default 512,1024")
    parser.add_argument("--tile-sizes", type=parse_int_list, default=(64, 64, 0),
                        help="tile sizes of the matmul (M, N, K), default 64,64,0 (K untiled: forall)")
    parser.add_argument("--passes", default=None, help="fusion pipeline (default: see above)")
    parser.add_argument("--lowering", default="microkernel",
                        choices=["microkernel", "microkernel-openmp", "default", "vectorize"],
                        help="mlir-opt lowering pipeline for both variants (default microkernel)")
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rtol", type=float, default=1e-4)
    parser.add_argument("--atol", type=float, default=1e-4)
    parser.add_argument("--json", action="store_true", help="print the report as JSON instead of a table")
    args = parser.parse_args(argv)
    passes = args.passes if args.passes is not None else default_passes()
    try:
        report = run(list(args.sizes), tuple(args.tile_sizes), passes, args.lowering, args.repeat,
                     args.seed, args.rtol, args.atol)
    except XfuseError as exc:
        print(describe(exc) or f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(report, indent=2) if args.json else format_table(report))
    return 0 if report["all_agree"] else 1


if __name__ == "__main__":
    sys.exit(main())

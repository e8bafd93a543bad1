"""Data-tiled vs plain contractions through xfuse's backend, timed in one process, interleaved.

    python benchmarks/data_tiling.py [--sizes 512,1024] [--repeat 5] [--pipeline microkernel]
                                     [--target host] [--no-grouped]

For each square f32 matmul size, and for the grouped quantized matmul of IREE issue #18513
(examples/grouped_quantized_matmul.mlir), it compiles

- plain: the function as written;
- data-tiled: xfuse-set-encoding, xfuse-materialize-encoding{target}, xfuse-generic-to-mmt4d,
  the packs and unpacks left to the backend, which vectorizes the static unpadded ones (packing is
  included in the timed call: the weights are not pre-packed),

checks both against numpy, then alternates their calls (plain, tiled, plain, ...) so that load
from other processes hits both alike, and prints the median times, their ratio and numpy's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from xfuse.backends.pipelines import PIPELINES

ROOT = Path(__file__).resolve().parent.parent
GROUPED = ROOT / "examples" / "grouped_quantized_matmul.mlir"


def matmul_module(size: int) -> str:
    t = f"tensor<{size}x{size}xf32>"
    return (
        f"func.func @matmul(%a: {t}, %b: {t}) -> {t} {{\n"
        f"  %cst = arith.constant 0.0 : f32\n"
        f"  %e = tensor.empty() : {t}\n"
        f"  %c = linalg.fill ins(%cst : f32) outs(%e : {t}) -> {t}\n"
        f"  %0 = linalg.matmul ins(%a, %b : {t}, {t}) outs(%c : {t}) -> {t}\n"
        f"  return %0 : {t}\n}}\n"
    )


def data_tiling_passes(target: str) -> str:
    return (
        f"xfuse-set-encoding,xfuse-materialize-encoding{{target={target}}},"
        "xfuse-generic-to-mmt4d"
    )


@dataclass
class Row:
    case: str
    plain_ms: float
    tiled_ms: float
    numpy_ms: float

    @property
    def speedup(self) -> float:
        return self.plain_ms / self.tiled_ms


def _median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1e3


def measure(case: str, text: str, inputs: list, reference, passes: str, pipeline: str, repeat: int) -> Row:
    """Compile plain and data-tiled, check both against `reference(*inputs)`, time interleaved."""
    from xfuse.backends.runner import compile_module
    from xfuse.parsing import parse
    from xfuse.passes import apply_passes

    module = parse(text)
    plain = compile_module(module, pipeline=pipeline)
    tiled = compile_module(apply_passes(module.clone(), passes), pipeline=pipeline)
    expected = reference(*inputs)
    for what, compiled in (("plain", plain), ("data-tiled", tiled)):
        (got,) = compiled(*inputs)
        if not np.allclose(got, expected, rtol=1e-3, atol=1e-3):
            raise SystemExit(f"{case}: the {what} result differs from numpy")
    plain_times, tiled_times, numpy_times = [], [], []
    for _ in range(repeat):
        plain_times += plain.benchmark(*inputs, repeat=1)
        tiled_times += tiled.benchmark(*inputs, repeat=1)
        start = time.perf_counter()
        reference(*inputs)
        numpy_times.append(time.perf_counter() - start)
    return Row(case, _median_ms(plain_times), _median_ms(tiled_times), _median_ms(numpy_times))


def run(sizes: list[int], repeat: int, pipeline: str, target: str, grouped: bool) -> list[Row]:
    rows = []
    passes = data_tiling_passes(target)
    rng = np.random.default_rng(0)
    for size in sizes:
        a, b = (rng.standard_normal((size, size), dtype=np.float32) for _ in range(2))
        rows.append(measure(f"matmul {size}", matmul_module(size), [a, b], np.matmul, passes, pipeline, repeat))
    if grouped:
        sys.path.insert(0, str(ROOT / "tests" / "data_tiling"))
        from test_grouped_quantized import grouped_inputs, numpy_grouped_quantized_matmul

        rows.append(measure("grouped quantized 64x96x(4x32)", GROUPED.read_text(), list(grouped_inputs(0)),
                            numpy_grouped_quantized_matmul, passes, pipeline, repeat))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="512,1024")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--pipeline", default="microkernel", choices=sorted(PIPELINES),
                        help="the backend's lowering pipeline (default: microkernel, xfuse-run's default)")
    parser.add_argument("--target", default="host")
    parser.add_argument("--no-grouped", action="store_true")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s]
    rows = run(sizes, args.repeat, args.pipeline, args.target, not args.no_grouped)
    print(f"data tiling (target {args.target}, pipeline {args.pipeline}, median of {args.repeat}, interleaved)")
    print(f"{'case':34} {'plain ms':>10} {'tiled ms':>10} {'speedup':>8} {'numpy ms':>10}")
    for row in rows:
        print(f"{row.case:34} {row.plain_ms:10.2f} {row.tiled_ms:10.2f} {row.speedup:7.2f}x {row.numpy_ms:10.2f}")


if __name__ == "__main__":
    main()

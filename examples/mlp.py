"""The main job: compile the diffusion RFC's MLP layer (examples/mlp.mlir) with mlir-opt 22,
run it on random inputs, check it against numpy, and print its GFLOP/s next to numpy's.

By default the layer is fused the xfuse way first: the matmul is tiled into an `scf.forall`
of `--tile-sizes` tiles (`xfuse-tile{loop=forall}`) and `xfuse-diffusion` pulls the fill, the
bias broadcast, the add and the relu into each tile; the `microkernel` pipeline then register-
tiles and vectorizes each tile (docs/backend.md). `--unfused` runs the layer as written.

    python examples/mlp.py [--pipeline microkernel|microkernel-openmp|default|vectorize]
                           [--tile-sizes 64,64] [--unfused] [--repeat N] [--seed S]

numpy is timed in the same run, interleaved, with its BLAS limited to one thread (threadpoolctl,
when installed) unless the pipeline is `microkernel-openmp`. This machine may set
OPENBLAS_CORETYPE, which slows a current numpy: `env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE`
compares against it fairly (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

import xfuse
from xfuse.backends.runner import compile_module, random_inputs

MLP = Path(__file__).with_name("mlp.mlir")
FUSION = "xfuse-tile{loop=forall},xfuse-diffusion"


def reference(x: np.ndarray, w: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """relu(x @ w + bias), in float64 then rounded, as the ground truth."""
    return np.maximum(x.astype(np.float64) @ w.astype(np.float64) + bias, 0.0).astype(np.float32)


def fused_text(text: str, tile_sizes: tuple[int, int]) -> str:
    """The layer with its matmul marked for `xfuse-tile` (M, N tiles; K untiled: a forall)."""
    sizes = ", ".join(map(str, (*tile_sizes, 0)))
    return text.replace("linalg.matmul ins(", f"linalg.matmul {{xfuse.tile_sizes = array<i64: {sizes}>}} ins(", 1)


def blas_threads(threads: int):
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return None
    return threadpool_limits(threads)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pipeline", default="microkernel",
                        choices=["microkernel", "microkernel-openmp", "default", "vectorize"])
    parser.add_argument("--tile-sizes", type=lambda t: tuple(int(s) for s in t.split(",")), default=(64, 64))
    parser.add_argument("--unfused", action="store_true", help="compile the layer as written (no xfuse fusion)")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    text = MLP.read_text()
    if not args.unfused:
        text = fused_text(text, args.tile_sizes)
    module = xfuse.parse(text, name=str(MLP))
    if not args.unfused:
        xfuse.apply_passes(module, FUSION)
    compiled = compile_module(module, entry="mlp", pipeline=args.pipeline)
    inputs = random_inputs(compiled.signature, seed=args.seed)
    (result,) = compiled(*inputs)

    expected = reference(*inputs)
    error = float(np.max(np.abs(result - expected)))
    ok = np.allclose(result, expected, rtol=1e-4, atol=1e-4)
    x, w, bias = inputs
    bound = compiled.bind(*inputs)
    threads = (os.cpu_count() or 1) if args.pipeline == "microkernel-openmp" else 1
    limits = blas_threads(threads)
    times, numpy_times = [], []
    try:
        for i in range(args.repeat + 1):  # interleaved; the first round warms up
            start = time.perf_counter()
            bound.invoke()
            elapsed = time.perf_counter() - start
            bound.release()
            start = time.perf_counter()
            np.maximum(x @ w + bias, 0.0)
            numpy_elapsed = time.perf_counter() - start
            if i:
                times.append(elapsed)
                numpy_times.append(numpy_elapsed)
    finally:
        if limits is not None:
            limits.restore_original_limits()
    flops = 2.0 * x.shape[0] * x.shape[1] * w.shape[1]
    median, numpy_median = statistics.median(times), statistics.median(numpy_times)

    fusion = "unfused" if args.unfused else f"fused: {FUSION}, tiles {args.tile_sizes[0]}x{args.tile_sizes[1]}"
    print(f"mlp {x.shape} x {w.shape} + bias, relu  [{fusion}; pipeline: {args.pipeline}]")
    print(f"  result {result.shape} {result.dtype}, max |xfuse - numpy| = {error:.3g}: "
          f"{'OK' if ok else 'MISMATCH'}")
    print(f"  time: median {median * 1e3:.3f} ms, min {min(times) * 1e3:.3f} ms over {len(times)} runs"
          f" ({flops / median / 1e9:.2f} GFLOP/s)")
    blas = "" if limits is not None else ", BLAS threads not limited: threadpoolctl is not installed"
    print(f"  numpy: median {numpy_median * 1e3:.3f} ms ({flops / numpy_median / 1e9:.2f} GFLOP/s, "
          f"{threads} thread{'s' if threads > 1 else ''}{blas}); xfuse / numpy time {median / numpy_median:.2f}x")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

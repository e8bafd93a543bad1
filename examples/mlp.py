"""The main job: compile the diffusion RFC's MLP layer (examples/mlp.mlir) with mlir-opt 22,
run it on random inputs, check it against numpy, and print how long it takes.

    python examples/mlp.py [--pipeline default|vectorize] [--repeat N] [--seed S]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

import numpy as np

import xfuse
from xfuse.backends.runner import compile_module, random_inputs

MLP = Path(__file__).with_name("mlp.mlir")


def reference(x: np.ndarray, w: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """relu(x @ w + bias), in float64 then rounded, as the ground truth."""
    return np.maximum(x.astype(np.float64) @ w.astype(np.float64) + bias, 0.0).astype(np.float32)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pipeline", default="vectorize", choices=["default", "vectorize"])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    module = xfuse.parse(MLP.read_text(), name=str(MLP))
    compiled = compile_module(module, entry="mlp", pipeline=args.pipeline)
    inputs = random_inputs(compiled.signature, seed=args.seed)
    (result,) = compiled(*inputs)

    expected = reference(*inputs)
    error = float(np.max(np.abs(result - expected)))
    ok = np.allclose(result, expected, rtol=1e-4, atol=1e-4)
    times = compiled.benchmark(*inputs, repeat=args.repeat)
    x, w, _ = inputs
    flops = 2.0 * x.shape[0] * x.shape[1] * w.shape[1]
    median = statistics.median(times)

    print(f"mlp {x.shape} x {w.shape} + bias, relu  [pipeline: {args.pipeline}]")
    print(f"  result {result.shape} {result.dtype}, max |xfuse - numpy| = {error:.3g}: "
          f"{'OK' if ok else 'MISMATCH'}")
    print(f"  time: median {median * 1e3:.3f} ms, min {min(times) * 1e3:.3f} ms over {len(times)} runs"
          f" ({flops / median / 1e9:.2f} GFLOP/s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

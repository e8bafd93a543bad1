"""An i8 batch_matmul, a linalg.quantized_matmul, i8 matmuls with N = 1 and dynamic ones through `xfuse-int8-data-tiling` with a
switch on and off (`i8_mmt4d_kernel.BATCH`, `quantized_matmul.REWRITE`, `int8_matmul.MATVEC_PLAIN`, `i8_mmt4d_kernel.DYNAMIC`), in one process,
interleaved: the two builds are checked equal on full-range int8 inputs, then timed in rounds.

    python benchmarks/int8_ops_ab.py [--repeat 10] [--calls 10] [--only MATVEC_PLAIN]

Prints per case the median time of each build and new/old with the rounds the new one won.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

BATCH = """func.func @f(%a: tensor<{b}x{m}x{k}xi8>, %w: tensor<{b}x{k}x{n}xi8>) -> tensor<{b}x{m}x{n}xi32> {{
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<{b}x{m}x{n}xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<{b}x{m}x{n}xi32>) -> tensor<{b}x{m}x{n}xi32>
  %r = linalg.batch_matmul ins(%a, %w : tensor<{b}x{m}x{k}xi8>, tensor<{b}x{k}x{n}xi8>) outs(%f : tensor<{b}x{m}x{n}xi32>) -> tensor<{b}x{m}x{n}xi32>
  return %r : tensor<{b}x{m}x{n}xi32>
}}
"""
QUANTIZED = """func.func @f(%a: tensor<{m}x{k}xi8>, %w: tensor<{k}x{n}xi8>, %za: i32, %zb: i32) -> tensor<{m}x{n}xi32> {{
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<{m}x{n}xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<{m}x{n}xi32>) -> tensor<{m}x{n}xi32>
  %r = linalg.quantized_matmul ins(%a, %w, %za, %zb : tensor<{m}x{k}xi8>, tensor<{k}x{n}xi8>, i32, i32) outs(%f : tensor<{m}x{n}xi32>) -> tensor<{m}x{n}xi32>
  return %r : tensor<{m}x{n}xi32>
}}
"""
MATMUL = """func.func @f(%a: tensor<{m}x{k}xi8>, %w: tensor<{k}x{n}xi8>) -> tensor<{m}x{n}xi32> {{
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<{m}x{n}xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<{m}x{n}xi32>) -> tensor<{m}x{n}xi32>
  %r = linalg.matmul ins(%a, %w : tensor<{m}x{k}xi8>, tensor<{k}x{n}xi8>) outs(%f : tensor<{m}x{n}xi32>) -> tensor<{m}x{n}xi32>
  return %r : tensor<{m}x{n}xi32>
}}
"""
DYNAMIC = """func.func @f(%a: tensor<?x?xi8>, %w: tensor<?x?xi8>) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xi8>
  %n = tensor.dim %w, %c1 : tensor<?x?xi8>
  %z = arith.constant 0 : i32
  %e = tensor.empty(%m, %n) : tensor<?x?xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<?x?xi32>) -> tensor<?x?xi32>
  %r = linalg.matmul ins(%a, %w : tensor<?x?xi8>, tensor<?x?xi8>) outs(%f : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
"""
QUANTIZED_DYNAMIC = """func.func @f(%a: tensor<?x?xi8>, %w: tensor<?x?xi8>, %za: i32, %zb: i32, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.quantized_matmul ins(%a, %w, %za, %zb : tensor<?x?xi8>, tensor<?x?xi8>, i32, i32) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
"""
CASES = [
    ("batch_matmul 8x64x256x256", BATCH.format(b=8, m=64, k=256, n=256), "xfuse.transforms.data_tiling.i8_mmt4d_kernel", "BATCH"),
    ("quantized_matmul 64x256x256", QUANTIZED.format(m=64, k=256, n=256), "xfuse.transforms.data_tiling.quantized_matmul", "REWRITE"),
    ("dynamic quantized_matmul 64x256x256", QUANTIZED_DYNAMIC, "xfuse.transforms.data_tiling.quantized_matmul", "REWRITE",
     [(64, 256), (256, 256), (), (), (64, 256)]),
    *((f"matmul {m}x{k}x1", MATMUL.format(m=m, k=k, n=1), "xfuse.transforms.data_tiling.int8_matmul", "MATVEC_PLAIN")
      for m, k in ((1024, 1024), (4096, 256), (256, 4096), (64, 256))),
    ("batch_matmul 8x256x1024x1", BATCH.format(b=8, m=256, k=1024, n=1), "xfuse.transforms.data_tiling.int8_matmul", "MATVEC_PLAIN"),
    *((f"dynamic matmul {m}x{k}x{n}", DYNAMIC, "xfuse.transforms.data_tiling.i8_mmt4d_kernel", "DYNAMIC", [(m, k), (k, n)])
      for m, k, n in ((64, 256, 256), (256, 256, 256), (37, 61, 45))),
]


def build(text: str, module_name: str, attr: str, value: bool):
    import importlib

    import xfuse
    from xfuse.backends.runner import compile_module

    switch = importlib.import_module(module_name)
    saved = getattr(switch, attr)
    setattr(switch, attr, value)
    try:
        module = xfuse.parse(text)
        xfuse.apply_passes(module, "xfuse-int8-data-tiling")
        return compile_module(module)
    finally:
        setattr(switch, attr, saved)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--only", default="", help="the cases whose switch is this one (BATCH, REWRITE, MATVEC_PLAIN, DYNAMIC)")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(0)
    for label, text, module_name, attr, *shapes in CASES:
        if args.only and attr != args.only:
            continue
        old, new = (build(text, module_name, attr, v) for v in (False, True))
        inputs = []
        for index, spec in enumerate(old.signature.inputs):
            info = np.iinfo(spec.dtype)
            value = rng.integers(info.min if spec.dtype.itemsize == 1 else -100, info.max if spec.dtype.itemsize == 1 else 100,
                                 shapes[0][index] if shapes else () if spec.shape is None else spec.shape,
                                 endpoint=True, dtype=spec.dtype)
            inputs.append(spec.dtype.type(value[()]) if spec.is_scalar else value)
        for got, want in zip(new(*inputs), old(*inputs), strict=True):
            np.testing.assert_array_equal(got, want)
        times: dict[str, list[float]] = {"old": [], "new": []}
        for _ in range(args.repeat):
            for name, compiled in (("old", old), ("new", new)):
                start = time.perf_counter()
                for _ in range(args.calls):
                    compiled(*inputs)
                times[name].append((time.perf_counter() - start) / args.calls * 1e3)
        won = sum(n < o for n, o in zip(times["new"], times["old"]))
        old_ms, new_ms = np.median(times["old"]), np.median(times["new"])
        print(f"{label}: {attr}=False {old_ms:.3f} ms, {attr}=True {new_ms:.3f} ms, new/old {new_ms / old_ms:.3f} "
              f"({won}/{args.repeat} rounds won), exact")
    return 0


if __name__ == "__main__":
    sys.exit(main())

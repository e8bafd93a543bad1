"""MLP modules of the diffusion RFC, generated as MLIR text with every size a parameter.

One layer is `relu(x @ W_i + broadcast(b_i))` written as the RFC's chain of linalg ops:
`linalg.fill` (the accumulator) + `linalg.matmul` + `linalg.broadcast` + `linalg.add` + a relu
`linalg.generic`. A chain of `layers` layers feeds each layer's relu into the next matmul. All
matrices are `size x size` (M = N = K = size), so every layer has the same shape.

With `tile_sizes` the matmul of every layer carries `{xfuse.tile_sizes = array<i64: ...>}`
(docs/passes/xfuse-tile.md): `xfuse-tile` tiles exactly those roots, and fusion then pulls the
fill/broadcast (producers) and the add/relu (consumers) around each tiled matmul.

    python -m benchmarks.mlp_models --size 64 --layers 2 --tile-sizes 32,32,0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def _tile_attr(tile_sizes: Sequence[int] | None) -> str:
    if tile_sizes is None:
        return ""
    if any(t < 0 for t in tile_sizes):
        raise ValueError(f"tile sizes must be non-negative, got {list(tile_sizes)}")
    return f" {{xfuse.tile_sizes = array<i64: {', '.join(map(str, tile_sizes))}>}}"


def mlp_layer(index: int, x: str, size: int, tile_sizes: Sequence[int] | None, element: str = "f32") -> tuple[str, str]:
    """The text of layer `index` reading the tensor `x`; returns (text, name of its result)."""
    t = f"tensor<{size}x{size}x{element}>"
    v = f"tensor<{size}x{element}>"
    i = index
    text = f"""\
  %acc_empty{i} = tensor.empty() : {t}
  %acc{i} = linalg.fill ins(%zero : {element}) outs(%acc_empty{i} : {t}) -> {t}
  %mm{i} = linalg.matmul{_tile_attr(tile_sizes)} ins({x}, %w{i} : {t}, {t}) outs(%acc{i} : {t}) -> {t}
  %bias_empty{i} = tensor.empty() : {t}
  %bias2d{i} = linalg.broadcast ins(%b{i} : {v}) outs(%bias_empty{i} : {t}) dimensions = [0]
  %sum_empty{i} = tensor.empty() : {t}
  %sum{i} = linalg.add ins(%mm{i}, %bias2d{i} : {t}, {t}) outs(%sum_empty{i} : {t}) -> {t}
  %out_empty{i} = tensor.empty() : {t}
  %relu{i} = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                              iterator_types = ["parallel", "parallel"]}}
      ins(%sum{i} : {t}) outs(%out_empty{i} : {t}) {{
  ^bb0(%in{i}: {element}, %out{i}: {element}):
    %r{i} = arith.maximumf %in{i}, %zero : {element}
    linalg.yield %r{i} : {element}
  }} -> {t}
"""
    return text, f"%relu{i}"


def mlp_module(size: int, layers: int = 1, tile_sizes: Sequence[int] | None = None,
               name: str = "mlp", element: str = "f32") -> str:
    """A module with one public function `name(x, w0.., b0..)` computing `layers` MLP layers.

    `size`: M = N = K of every matmul; `tile_sizes`: the matmuls' `xfuse.tile_sizes` (None: no
    marker, the untiled module).
    """
    if size < 1 or layers < 1:
        raise ValueError(f"size and layers must be positive, got size={size} layers={layers}")
    t = f"tensor<{size}x{size}x{element}>"
    v = f"tensor<{size}x{element}>"
    arguments = [f"%x: {t}"] + [f"%w{i}: {t}" for i in range(layers)] + [f"%b{i}: {v}" for i in range(layers)]
    body = [f"  %zero = arith.constant 0.000000e+00 : {element}\n"]
    current = "%x"
    for i in range(layers):
        text, current = mlp_layer(i, current, size, tile_sizes, element)
        body.append(text)
    return (
        f"// {layers} MLP layer(s) relu(x @ W + b), size {size}, "
        f"matmul tile sizes {list(tile_sizes) if tile_sizes is not None else 'none (untiled)'}\n"
        f"func.func @{name}({', '.join(arguments)}) -> {t} {{\n"
        + "".join(body)
        + f"  return {current} : {t}\n}}\n"
    )


def _bias_relu(product: str, n: int, out: str, element: str) -> str:
    """The epilogue of a layer: `relu(product + broadcast(%b0))`, ending in `return`."""
    return f"""\
  %bias_empty = tensor.empty() : {out}
  %bias2d = linalg.broadcast ins(%b0 : tensor<{n}x{element}>) outs(%bias_empty : {out}) dimensions = [0]
  %sum_empty = tensor.empty() : {out}
  %sum = linalg.add ins({product}, %bias2d : {out}, {out}) outs(%sum_empty : {out}) -> {out}
  %out_empty = tensor.empty() : {out}
  %relu = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}}
      ins(%sum : {out}) outs(%out_empty : {out}) {{
  ^bb0(%in: {element}, %o: {element}):
    %r = arith.maximumf %in, %zero : {element}
    linalg.yield %r : {element}
  }} -> {out}
  return %relu : {out}
}}
"""


def mlp_layer_module(m: int, n: int, k: int, tile_sizes: Sequence[int] | None = None,
                     name: str = "mlp", element: str = "f32") -> str:
    """One layer relu(x @ W + b) with x: m x k, W: k x n, b: n (the main job's is 256, 1024, 512);
    `tile_sizes` as in `mlp_module`."""
    if min(m, n, k) < 1:
        raise ValueError(f"sizes must be positive, got m={m} n={n} k={k}")
    out, x, w, v = (f"tensor<{m}x{n}x{element}>", f"tensor<{m}x{k}x{element}>",
                    f"tensor<{k}x{n}x{element}>", f"tensor<{n}x{element}>")
    return f"""\
// MLP layer relu(x @ W + b), M={m} N={n} K={k}, matmul tile sizes {list(tile_sizes) if tile_sizes else 'none'}
func.func @{name}(%x: {x}, %w0: {w}, %b0: {v}) -> {out} {{
  %zero = arith.constant 0.000000e+00 : {element}
  %acc_empty = tensor.empty() : {out}
  %acc = linalg.fill ins(%zero : {element}) outs(%acc_empty : {out}) -> {out}
  %mm = linalg.matmul{_tile_attr(tile_sizes)} ins(%x, %w0 : {x}, {w}) outs(%acc : {out}) -> {out}
""" + _bias_relu("%mm", n, out, element)


def mlp_mmt4d_module(m: int, n: int, k: int, inner: Sequence[int] = (16, 16, 1),
                     tile_sizes: Sequence[int] | None = None, name: str = "mlp") -> str:
    """The data-tiled layer relu(unpack(mmt4d(pack(x), pack(W))) + b), f32: x packed to
    `M/m0 x K/k0 x m0 x k0`, W to `N/n0 x K/k0 x n0 x k0` (transposed tiles, as mmt4d wants),
    `inner` = (m0, n0, k0); `tile_sizes` (M1, N1) marks the mmt4d for `xfuse-tile`."""
    m0, n0, k0 = inner
    if m % m0 or n % n0 or k % k0:
        raise ValueError(f"the inner tiles {list(inner)} must divide M={m}, N={n}, K={k}")
    m1, n1, k1 = m // m0, n // n0, k // k0
    out, xp, wp, acc = (f"tensor<{m}x{n}xf32>", f"tensor<{m1}x{k1}x{m0}x{k0}xf32>",
                        f"tensor<{n1}x{k1}x{n0}x{k0}xf32>", f"tensor<{m1}x{n1}x{m0}x{n0}xf32>")
    marker = "" if tile_sizes is None else f" {{xfuse.tile_sizes = array<i64: {tile_sizes[0]}, {tile_sizes[1]}, 0, 0, 0, 0>}}"
    return f"""\
// data-tiled MLP layer, M={m} N={n} K={k}, inner tiles {m0}x{n0}x{k0}
func.func @{name}(%x: tensor<{m}x{k}xf32>, %w0: tensor<{k}x{n}xf32>, %b0: tensor<{n}xf32>) -> {out} {{
  %zero = arith.constant 0.000000e+00 : f32
  %x_empty = tensor.empty() : {xp}
  %x_packed = linalg.pack %x inner_dims_pos = [0, 1] inner_tiles = [{m0}, {k0}] into %x_empty
      : tensor<{m}x{k}xf32> -> {xp}
  %w_empty = tensor.empty() : {wp}
  %w_packed = linalg.pack %w0 outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [{n0}, {k0}] into %w_empty
      : tensor<{k}x{n}xf32> -> {wp}
  %acc_empty = tensor.empty() : {acc}
  %acc = linalg.fill ins(%zero : f32) outs(%acc_empty : {acc}) -> {acc}
  %mm = linalg.mmt4d{marker} ins(%x_packed, %w_packed : {xp}, {wp}) outs(%acc : {acc}) -> {acc}
  %unpacked_empty = tensor.empty() : {out}
  %unpacked = linalg.unpack %mm inner_dims_pos = [0, 1] inner_tiles = [{m0}, {n0}] into %unpacked_empty
      : {acc} -> {out}
""" + _bias_relu("%unpacked", n, out, "f32")


def parse_int_list(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(",") if part.strip())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--layers", type=int, default=1)
    parser.add_argument("--tile-sizes", type=parse_int_list, default=None,
                        help="matmul tile sizes, e.g. 64,64,0 (default: untiled)")
    args = parser.parse_args(argv)
    sys.stdout.write(mlp_module(args.size, args.layers, args.tile_sizes))
    return 0


if __name__ == "__main__":
    sys.exit(main())

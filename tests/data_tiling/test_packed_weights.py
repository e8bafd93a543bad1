"""Weights packed at load (xfuse/transforms/data_tiling/packed_weights.py): the reshape and
permutation that stand for a `linalg.pack` give the array mlir-opt's own pack gives, and
xfuse-int8-data-tiling folds the pack of a constant int8 weight (the result unchanged)."""

from __future__ import annotations

import numpy as np
import pytest

import xfuse
from xfuse.backends.runner import compile_module
from xfuse.transforms.data_tiling.packed_weights import pack_as_reshape_and_permutation


@pytest.mark.parametrize("shape, inner_pos, tiles, outer_perm", [
    ((6, 16), (1, 0), (8, 2), (1, 0)),   # an i8 RHS [K, N] on AVX2: N-major 8x2 tiles
    ((16, 6), (0, 1), (8, 2), (0, 1)),   # an LHS [M, K]
    ((3, 4, 10), (2, 0), (5, 3), (2, 1, 0)),
])
def test_reshape_and_permutation_equal_mlir_pack(shape, inner_pos, tiles, outer_perm):
    reshaped, permutation = pack_as_reshape_and_permutation(list(shape), list(inner_pos), list(tiles), list(outer_perm))
    outer = [shape[d] // dict(zip(inner_pos, tiles))[d] if d in inner_pos else shape[d] for d in outer_perm]
    source = f"tensor<{'x'.join(map(str, shape))}xi32>"
    packed = f"tensor<{'x'.join(map(str, [*outer, *tiles]))}xi32>"
    module = xfuse.parse(f"""func.func @pack(%x: {source}) -> {packed} {{
  %e = tensor.empty() : {packed}
  %p = linalg.pack %x outer_dims_perm = {list(outer_perm)} inner_dims_pos = {list(inner_pos)} inner_tiles = {list(tiles)} into %e : {source} -> {packed}
  return %p : {packed}
}}""")
    x = np.arange(np.prod(shape), dtype=np.int32).reshape(shape)
    (expected,) = compile_module(module, pipeline="default")(x)
    np.testing.assert_array_equal(x.reshape(reshaped).transpose(permutation), expected)


def test_padded_pack_has_no_reshape():
    assert pack_as_reshape_and_permutation([5, 16], [1, 0], [8, 2], [1, 0]) is None


@pytest.mark.parametrize("k, n, fold_padded", [(32, 16, False), (27, 10, True), (27, 10, False)])
def test_int8_weight_constant_is_packed_once_and_the_result_unchanged(monkeypatch, k, n, fold_padded):
    # 27 x 10 pads both dims of AVX2's 8x2 B tiles: folded with numpy's padding when
    # FOLD_PADDED_CONSTANTS, else packed in the call; exact either way
    from xfuse.transforms.data_tiling import packed_weights

    monkeypatch.setattr(packed_weights, "FOLD_PADDED_CONSTANTS", fold_padded)
    rng = np.random.default_rng(0)
    weight = rng.integers(-128, 128, (k, n)).astype(np.int8)
    hex_bytes = weight.tobytes().hex().upper()
    text = f"""func.func @mm(%a: tensor<8x{k}xi8>) -> tensor<8x{n}xi32> {{
  %w = arith.constant dense<"0x{hex_bytes}"> : tensor<{k}x{n}xi8>
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<8x{n}xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<8x{n}xi32>) -> tensor<8x{n}xi32>
  %0 = linalg.matmul ins(%a, %w : tensor<8x{k}xi8>, tensor<{k}x{n}xi8>) outs(%f : tensor<8x{n}xi32>) -> tensor<8x{n}xi32>
  return %0 : tensor<8x{n}xi32>
}}"""
    module = xfuse.parse(text)
    xfuse.apply_passes(module, "xfuse-int8-data-tiling{target=x86_64-avx2}")
    packs = [op for op in module.walk() if op.name == "linalg.pack"]
    folded = k % 2 == 0 and n % 8 == 0 or fold_padded
    # only A's pack is left when the weight's is folded
    assert [p.source.type.get_shape() for p in packs] == [(8, k)] + ([] if folded else [(k, n)])
    a = rng.integers(-128, 128, (8, k)).astype(np.int8)
    (got,) = compile_module(module)(a)
    np.testing.assert_array_equal(got, a.astype(np.int64) @ weight.astype(np.int64))


def test_int8_weight_argument_takes_its_packed_array_made_at_load():
    from xfuse.transforms.layout.weight_layout import permute_weights, weight_layouts, weight_shapes

    text = """func.func @mm(%a: tensor<8x32xi8>, %w: tensor<32x16xi8> {xfuse.weight}) -> tensor<8x16xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<8x16xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<8x16xi32>) -> tensor<8x16xi32>
  %0 = linalg.matmul ins(%a, %w : tensor<8x32xi8>, tensor<32x16xi8>) outs(%f : tensor<8x16xi32>) -> tensor<8x16xi32>
  return %0 : tensor<8x16xi32>
}"""
    module = xfuse.parse(text)
    xfuse.apply_passes(module, "xfuse-int8-data-tiling{target=x86_64-avx2}")
    assert weight_shapes(module, "mm") == {1: (16, 2, 2, 8)} and weight_layouts(module, "mm") == {1: (2, 0, 3, 1)}
    assert [op.source.type.get_shape() for op in module.walk() if op.name == "linalg.pack"] == [(8, 32)]
    rng = np.random.default_rng(1)
    a, weight = (rng.integers(-128, 128, s).astype(np.int8) for s in ((8, 32), (32, 16)))
    packed = permute_weights({"w": weight}, 1, weight_layouts(module, "mm"), weight_shapes(module, "mm"))["w"]
    assert packed.shape == (2, 16, 8, 2)
    (got,) = compile_module(module)(a, packed)
    np.testing.assert_array_equal(got, a.astype(np.int64) @ weight.astype(np.int64))

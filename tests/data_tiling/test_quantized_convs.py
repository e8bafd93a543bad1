"""Quantized convolutions as im2col + int8 matmul (xfuse/transforms/data_tiling/quantized_convs.py).

Differential: random `linalg.conv_2d_nchw_fchw_q` (strides, dilations, odd sizes, input zero
points at the i8 extremes) through `xfuse-int8-data-tiling` against the same module lowered by
mlir-opt as written and against numpy, exactly (integers). The rewrite is taken only for a
constant filter with zero point 0: another filter zero point keeps the convolution (and its
result)."""

from __future__ import annotations

import numpy as np
import pytest

import xfuse
from xfuse.backends.runner import compile_module


def conv_module(rng, n, c, h, w, f, k, stride, dilation, image_zero, filter_zero, filter_values=None):
    oh, ow = (h - dilation * (k - 1) - 1) // stride + 1, (w - dilation * (k - 1) - 1) // stride + 1
    weights = rng.integers(-128, 128, (f, c, k, k)).astype(np.int8) if filter_values is None else filter_values
    text = f"""func.func @conv(%x: tensor<{n}x{c}x{h}x{w}xi8>, %bias: tensor<{n}x{f}x{oh}x{ow}xi32>)
    -> tensor<{n}x{f}x{oh}x{ow}xi32> {{
  %w = arith.constant dense<"0x{weights.tobytes().hex().upper()}"> : tensor<{f}x{c}x{k}x{k}xi8>
  %iz = arith.constant {image_zero} : i32
  %fz = arith.constant {filter_zero} : i32
  %0 = linalg.conv_2d_nchw_fchw_q {{dilations = dense<{dilation}> : vector<2xi64>, strides = dense<{stride}> : vector<2xi64>}}
      ins(%x, %w, %iz, %fz : tensor<{n}x{c}x{h}x{w}xi8>, tensor<{f}x{c}x{k}x{k}xi8>, i32, i32)
      outs(%bias : tensor<{n}x{f}x{oh}x{ow}xi32>) -> tensor<{n}x{f}x{oh}x{ow}xi32>
  return %0 : tensor<{n}x{f}x{oh}x{ow}xi32>
}}"""
    return text, weights, (oh, ow)


def numpy_conv(x, weights, bias, stride, dilation, image_zero, filter_zero, out):
    oh, ow = out
    k = weights.shape[-1]
    a = x.astype(np.int64) - image_zero
    b = weights.astype(np.int64) - filter_zero
    result = bias.astype(np.int64).copy()
    for kh in range(k):
        for kw in range(k):
            window = a[:, :, kh * dilation: kh * dilation + stride * (oh - 1) + 1: stride,
                       kw * dilation: kw * dilation + stride * (ow - 1) + 1: stride]
            result += np.einsum("nchw,fc->nfhw", window, b[:, :, kh, kw])
    return ((result + 2**31) % 2**32 - 2**31).astype(np.int32)  # the op's i32 wraps


CASES = [  # n, c, h, w, f, k, stride, dilation, image zero point
    (1, 3, 10, 10, 16, 3, 1, 1, -2),
    (1, 16, 11, 9, 32, 3, 2, 1, -128),
    (2, 5, 9, 12, 8, 3, 1, 2, 127),
    (1, 32, 8, 8, 24, 1, 1, 1, 0),
    (1, 7, 13, 13, 10, 5, 2, 1, 3),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: "x".join(map(str, c)))
def test_rewritten_convolution_is_exact(case):
    n, c, h, w, f, k, stride, dilation, image_zero = case
    rng = np.random.default_rng(abs(sum(case)))
    text, weights, out = conv_module(rng, n, c, h, w, f, k, stride, dilation, image_zero, 0)
    x = rng.integers(-128, 128, (n, c, h, w)).astype(np.int8)
    bias = rng.integers(-1000, 1000, (n, f, *out)).astype(np.int32)
    module = xfuse.parse(text)
    xfuse.apply_passes(module, "xfuse-int8-data-tiling{target=x86_64-avx2}")
    names = {op.name for op in module.walk()}
    assert "linalg.conv_2d_nchw_fchw_q" not in names and "linalg.pack" in names  # the i8 mmt4d's A
    (got,) = compile_module(module)(x, bias)
    (as_written,) = compile_module(xfuse.parse(text), pipeline="default")(x, bias)
    np.testing.assert_array_equal(got, as_written)
    np.testing.assert_array_equal(got, numpy_conv(x, weights, bias, stride, dilation, image_zero, 0, out))


def test_extreme_values_over_a_long_reduction():
    # every product (-128 - 127) * (-128) = 32640 at its largest, 2048 x 9 of them: 6.0e8, past
    # f32's exact integers (a float path would round) and within i32
    rng = np.random.default_rng(3)
    weights = np.full((8, 2048, 3, 3), -128, np.int8)
    text, _, out = conv_module(rng, 1, 2048, 3, 3, 8, 3, 1, 1, 127, 0, filter_values=weights)
    x = np.full((1, 2048, 3, 3), -128, np.int8)
    bias = np.zeros((1, 8, *out), np.int32)
    module = xfuse.parse(text)
    xfuse.apply_passes(module, "xfuse-int8-data-tiling{target=x86_64-avx2}")
    (got,) = compile_module(module)(x, bias)
    expected = numpy_conv(x, weights, bias, 1, 1, 127, 0, out)
    assert expected.max() == 255 * 128 * 2048 * 9 > 2**24
    np.testing.assert_array_equal(got, expected)


def test_a_filter_zero_point_keeps_the_convolution():
    rng = np.random.default_rng(5)
    text, weights, out = conv_module(rng, 1, 4, 6, 6, 8, 3, 1, 1, -3, 5)
    module = xfuse.parse(text)
    xfuse.apply_passes(module, "xfuse-int8-data-tiling{target=x86_64-avx2}")
    assert "linalg.conv_2d_nchw_fchw_q" in {op.name for op in module.walk()}
    x = rng.integers(-128, 128, (1, 4, 6, 6)).astype(np.int8)
    bias = np.zeros((1, 8, *out), np.int32)
    (got,) = compile_module(module)(x, bias)
    np.testing.assert_array_equal(got, numpy_conv(x, weights, bias, 1, 1, -3, 5, out))


@pytest.mark.parametrize("weights_first", [False, True])
@pytest.mark.parametrize("case", [CASES[0], CASES[2]], ids=lambda c: "x".join(map(str, c)))
def test_channel_bias_and_weights_first_are_exact(monkeypatch, case, weights_first):
    """A per-channel bias broadcast into the accumulator, read by channel (FOLD_BIAS_BROADCAST),
    and the product as W x im2col^T (WEIGHTS_FIRST; N = 2 in one case: F x N x OH x OW read back
    as NCHW): exact against numpy, the broadcast gone."""
    from xfuse.transforms.data_tiling import quantized_convs

    monkeypatch.setattr(quantized_convs, "FOLD_BIAS_BROADCAST", True)
    monkeypatch.setattr(quantized_convs, "WEIGHTS_FIRST", weights_first)
    n, c, h, w, f, k, stride, dilation, image_zero = case
    rng = np.random.default_rng(abs(sum(case)) + 1)
    text, weights, (oh, ow) = conv_module(rng, n, c, h, w, f, k, stride, dilation, image_zero, 0)
    out = f"tensor<{n}x{f}x{oh}x{ow}xi32>"
    text = text.replace(f"%bias: {out})", f"%b: tensor<{f}xi32>)").replace(
        "  %iz =", f"  %e = tensor.empty() : {out}\n  %bias = linalg.broadcast ins(%b : tensor<{f}xi32>) outs(%e : {out}) "
                   "dimensions = [0, 2, 3]\n  %iz =", 1)
    x = rng.integers(-128, 128, (n, c, h, w)).astype(np.int8)
    b = rng.integers(-1000, 1000, f).astype(np.int32)
    module = xfuse.parse(text)
    xfuse.apply_passes(module, "xfuse-int8-data-tiling")
    names = {op.name for op in module.walk()}
    assert "linalg.conv_2d_nchw_fchw_q" not in names and "linalg.broadcast" not in names
    (got,) = compile_module(module)(x, b)
    bias = np.broadcast_to(b[None, :, None, None], (n, f, oh, ow))
    np.testing.assert_array_equal(got, numpy_conv(x, weights, bias, stride, dilation, image_zero, 0, (oh, ow)))

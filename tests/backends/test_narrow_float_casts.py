"""Narrow float-to-integer casts through i32 (xfuse/backends/lowering_fixes/narrow_float_casts.py):
the rewrite itself, and uint8 results of 128..255 through both pipelines. The case LLVM folded to
poison (a Resize's extrapolation value clamped to 255 in the cast's body, once merged) is
tests/onnx/test_onnx_resize_taps.py::test_uint8_images_are_rounded_and_saturated_as_onnx_does,
which fails without the rewrite; this smaller body LLVM 22 did not fold."""

from __future__ import annotations

import numpy as np
import pytest

from xfuse.backends.lowering_fixes.narrow_float_casts import widen_narrow_fptosi
from xfuse.backends.runner import compile_module
from xfuse.parsing import parse

CLAMPED_CAST = """
func.func @to_u8(%x: tensor<8xf64>, %mask: tensor<8xi8>) -> tensor<8xi8> {
  %e = tensor.empty() : tensor<8xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]} ins(%x, %mask : tensor<8xf64>, tensor<8xi8>) outs(%e : tensor<8xi8>) {
  ^bb0(%in: f64, %m: i8, %out: i8):
    %zero8 = arith.constant 0 : i8
    %outside = arith.cmpi ne, %m, %zero8 : i8
    %extrapolated = arith.constant 3.000000e+02 : f64
    %v = arith.select %outside, %extrapolated, %in : f64
    %lo = arith.constant 0.000000e+00 : f64
    %hi = arith.constant 2.550000e+02 : f64
    %below = arith.cmpf ult, %v, %lo : f64
    %a = arith.select %below, %lo, %v : f64
    %above = arith.cmpf ugt, %a, %hi : f64
    %b = arith.select %above, %hi, %a : f64
    %c = arith.fptosi %b : f64 to i8
    linalg.yield %c : i8
  } -> tensor<8xi8>
  return %r : tensor<8xi8>
}
"""


def test_only_casts_narrower_than_32_bits_are_rewritten():
    module = parse("""
func.func @f(%x: f32) -> (i8, i16, i32, i64) {
  %a = arith.fptosi %x : f32 to i8
  %b = arith.fptosi %x : f32 to i16
  %c = arith.fptosi %x : f32 to i32
  %d = arith.fptosi %x : f32 to i64
  return %a, %b, %c, %d : i8, i16, i32, i64
}
""")
    assert widen_narrow_fptosi(module) == 2
    module.verify()
    text = str(module)
    assert text.count("arith.trunci") == 2 and text.count("to i32") == 3
    assert widen_narrow_fptosi(module) == 0


@pytest.mark.parametrize("pipeline", ["default", "microkernel"])
def test_a_clamped_uint8_keeps_its_high_values(pipeline):
    x = np.array([0.4, 127.6, 128.0, 200.2, 254.5, 255.0, -3.0, 1000.0])
    mask = np.array([0, 0, 0, 0, 0, 0, 1, 1], np.int8)  # the last two: 300, clamped to 255
    (got,) = compile_module(CLAMPED_CAST, "to_u8", pipeline)(x, mask)
    np.testing.assert_array_equal(got.view(np.uint8), [0, 127, 128, 200, 254, 255, 255, 255])  # truncated

"""Bools and unsigned integers at a compiled function's boundary (issue 39): tensors of i1 are
passed as numpy bool arrays (bytes: xfuse/backends/bool_bytes.py) and read back exactly on every
tensor pipeline, transposed and broadcast reads included; `ui8`...`ui64` are numpy's unsigned
dtypes; memrefs of i1, which MLIR 22 cannot lower, are refused naming the argument."""

from __future__ import annotations

import numpy as np
import pytest

import xfuse
from xfuse.backends.bool_bytes import bools_as_bytes
from xfuse.backends.runner import BackendError, compile_module

# A bool result written by a generic that also feeds another one, from a broadcast float read and
# a transposed bool argument, which a second generic reads as a select mask.
MASKS = """
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
func.func @masks(%a: tensor<37x33xf32>, %b: tensor<1x33xf32>, %m: tensor<33x37xi1>) -> (tensor<37x33xi1>, tensor<37x33xf32>) {
  %e = tensor.empty() : tensor<37x33xi1>
  %c = linalg.generic {indexing_maps = [#map, #row, #t, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %m : tensor<37x33xf32>, tensor<1x33xf32>, tensor<33x37xi1>) outs(%e : tensor<37x33xi1>) {
  ^bb0(%x: f32, %y: f32, %mm: i1, %o: i1):
    %l = arith.cmpf olt, %x, %y : f32
    %r = arith.xori %l, %mm : i1
    linalg.yield %r : i1
  } -> tensor<37x33xi1>
  %e2 = tensor.empty() : tensor<37x33xf32>
  %s = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%c, %a : tensor<37x33xi1>, tensor<37x33xf32>) outs(%e2 : tensor<37x33xf32>) {
  ^bb0(%x: i1, %y: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %r = arith.select %x, %y, %z : f32
    linalg.yield %r : f32
  } -> tensor<37x33xf32>
  return %c, %s : tensor<37x33xi1>, tensor<37x33xf32>
}
"""


@pytest.mark.parametrize("pipeline", ["microkernel", "default", "xfuse-bufferize"])
def test_bool_tensors_in_and_out(pipeline):
    rng = np.random.default_rng(0)
    a = rng.standard_normal((37, 33), dtype=np.float32)
    b = rng.standard_normal((1, 33), dtype=np.float32)
    m = rng.random((33, 37)) < 0.5
    compiled = compile_module(MASKS, pipeline=pipeline)
    assert [spec.dtype for spec in compiled.signature.inputs] == [np.float32, np.float32, np.bool_]
    flags, selected = compiled(a, b, m)
    want = (a < b) ^ m.T
    assert flags.dtype == np.bool_ and np.array_equal(flags, want)
    assert set(np.unique(flags.view(np.uint8))) == {0, 1}  # numpy's bools are bytes 0 or 1
    np.testing.assert_array_equal(selected, np.where(want, a, np.float32(0)))


def test_bool_conversions_move_into_the_generics():
    module = xfuse.parse(MASKS)
    function = next(op for op in module.walk() if op.name == "func.func")
    assert bools_as_bytes(function)
    text = str(function)
    assert "i1>" not in text  # no tensor of i1 left: no i1 buffer to lower
    assert [str(t) for t in function.function_type.inputs.data] == [
        "tensor<37x33xf32>", "tensor<1x33xf32>", "tensor<33x37xi8>"]
    assert [str(t) for t in function.function_type.outputs.data] == ["tensor<37x33xi8>", "tensor<37x33xf32>"]
    # the argument and the result's second reader compare bytes with 0, the writer widens: no
    # other generic (a tensor of i1 between two of them would need an i1 buffer)
    assert text.count("arith.cmpi ne") == 2 and text.count("arith.extui") == 1
    assert text.count("linalg.generic") == 2


NAMED = """
func.func @f(%m: tensor<4x8xi1>, %a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<8x4xi1>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %s = linalg.select ins(%m, %a, %b : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %e2 = tensor.empty() : tensor<8x4xi1>
  %t = linalg.transpose ins(%m : tensor<4x8xi1>) outs(%e2 : tensor<8x4xi1>) permutation = [1, 0]
  return %s, %t : tensor<4x8xf32>, tensor<8x4xi1>
}
"""


@pytest.mark.parametrize("pipeline", ["microkernel", "default"])
def test_named_ops_reading_and_writing_bools(pipeline):
    rng = np.random.default_rng(2)
    m = rng.random((4, 8)) < 0.5
    a, b = rng.standard_normal((2, 4, 8), dtype=np.float32)
    selected, transposed = compile_module(NAMED, pipeline=pipeline)(m, a, b)
    np.testing.assert_array_equal(selected, np.where(m, a, b))
    assert transposed.dtype == np.bool_ and np.array_equal(transposed, m.T)


def test_bool_argument_returned_and_dynamic():
    compiled = compile_module("func.func @f(%a: tensor<?x5xi1>) -> tensor<?x5xi1> { return %a : tensor<?x5xi1> }")
    a = np.random.default_rng(1).random((6, 5)) < 0.5
    (b,) = compiled(a)
    assert b.dtype == np.bool_ and np.array_equal(b, a)


def test_bool_array_for_an_int8_argument_is_refused():
    compiled = compile_module("func.func @f(%a: tensor<4xi1>) -> tensor<4xi1> { return %a : tensor<4xi1> }")
    with pytest.raises(BackendError, match=r"argument #0 of @f: expected tensor<4xi1> \(numpy bool array"):
        compiled(np.ones(4, np.int8))


def test_memref_of_i1_is_refused_naming_the_argument():
    with pytest.raises(BackendError, match=r"argument #1 of @f: type memref<4xi1> is not supported by the runner: "
                                           r"a memref of i1, which MLIR 22's lowering to LLVM cannot load or store"):
        compile_module("func.func @f(%a: memref<4xf32>, %m: memref<4xi1>) { return }", pipeline="memref")


@pytest.mark.parametrize("width", [8, 16, 32, 64])
def test_unsigned_memrefs_are_numpy_unsigned(width):
    dtype = np.dtype(f"uint{width}")
    text = f"""func.func @f(%a: memref<4xui{width}>, %n: index) -> ui{width} {{
      %v = memref.load %a[%n] : memref<4xui{width}>
      return %v : ui{width}
    }}"""
    compiled = compile_module(text, pipeline="memref")
    assert compiled.signature.inputs[0].dtype == dtype and compiled.signature.results[0].dtype == dtype
    top = np.iinfo(dtype).max
    a = np.array([1, top, top - 1, 3], dtype)
    assert compiled(a, 1)[0] == top  # past the signed maximum


def test_scalar_outside_the_range_of_its_type_is_refused():
    compiled = compile_module("func.func @f(%a: ui8) -> ui8 { return %a : ui8 }", pipeline="memref")
    assert compiled(np.uint8(200))[0] == 200
    with pytest.raises(BackendError, match=r"argument #0 of @f: expected ui8 \(numpy uint8 scalar\), got 256, "
                                           "outside its range"):
        compiled(256)

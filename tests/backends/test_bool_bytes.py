"""Bools and unsigned integers (issue 39): tensors of i1 are bytes wherever they reach memory
(xfuse/backends/lowering_fixes/bool_bytes.py), passed as numpy bool arrays and read back exactly on every tensor
pipeline, transposed and broadcast reads included, and kept between ops (a reduction of bools, a
loop carrying a mask, a constant) in i8 buffers; `ui8`...`ui64` are numpy's unsigned dtypes;
memrefs of i1, which MLIR 22 cannot lower, are refused naming the argument."""

from __future__ import annotations

import numpy as np
import pytest

import xfuse
from xfuse.backends.lowering_fixes.bool_bytes import bools_as_bytes, module_bools_as_bytes
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


# Bools between ops, which mlir-opt 22 would store in i1 buffers (MemRefToLLVM asserts on them):
# a mask transposed by a named op, reduced (ReduceMax of bools: `ori`) into a filled init, carried
# by a loop that flips it with a constant, and read back by generics and by tensor.extract.
INNER = """
#map = affine_map<(d0, d1) -> (d0, d1)>
#vec = affine_map<(d0) -> (d0)>
func.func @inner(%a: tensor<6x9xf32>, %b: tensor<6x9xf32>, %n: index) -> (tensor<9x6xf32>, tensor<6xi32>, i32) {
  %e = tensor.empty() : tensor<6x9xi1>
  %lt = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<6x9xf32>, tensor<6x9xf32>) outs(%e : tensor<6x9xi1>) {
  ^bb0(%x: f32, %y: f32, %o: i1):
    %l = arith.cmpf olt, %x, %y : f32
    linalg.yield %l : i1
  } -> tensor<6x9xi1>
  %et = tensor.empty() : tensor<9x6xi1>
  %mt = linalg.transpose ins(%lt : tensor<6x9xi1>) outs(%et : tensor<9x6xi1>) permutation = [1, 0]
  %false = arith.constant false
  %er = tensor.empty() : tensor<6xi1>
  %init = linalg.fill ins(%false : i1) outs(%er : tensor<6xi1>) -> tensor<6xi1>
  %any = linalg.reduce ins(%lt : tensor<6x9xi1>) outs(%init : tensor<6xi1>) dimensions = [1]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %flip = arith.constant dense<[true, false, true, false, false, true]> : tensor<6xi1>
  %looped = scf.for %i = %c0 to %n step %c1 iter_args(%m = %any) -> tensor<6xi1> {
    %x = linalg.generic {indexing_maps = [#vec, #vec, #vec], iterator_types = ["parallel"]}
        ins(%m, %flip : tensor<6xi1>, tensor<6xi1>) outs(%m : tensor<6xi1>) {
    ^bb0(%p: i1, %q: i1, %o: i1):
      %r = arith.xori %p, %q : i1
      linalg.yield %r : i1
    } -> tensor<6xi1>
    scf.yield %x : tensor<6xi1>
  }
  %ef = tensor.empty() : tensor<9x6xf32>
  %sel = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%mt : tensor<9x6xi1>) outs(%ef : tensor<9x6xf32>) {
  ^bb0(%m: i1, %o: f32):
    %one = arith.constant 1.0 : f32
    %zero = arith.constant 0.0 : f32
    %r = arith.select %m, %one, %zero : f32
    linalg.yield %r : f32
  } -> tensor<9x6xf32>
  %ei = tensor.empty() : tensor<6xi32>
  %ints = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%looped : tensor<6xi1>) outs(%ei : tensor<6xi32>) {
  ^bb0(%m: i1, %o: i32):
    %r = arith.extui %m : i1 to i32
    linalg.yield %r : i32
  } -> tensor<6xi32>
  %c2 = arith.constant 2 : index
  %bit = tensor.extract %looped[%c2] : tensor<6xi1>
  %s = arith.extui %bit : i1 to i32
  return %sel, %ints, %s : tensor<9x6xf32>, tensor<6xi32>, i32
}
"""


@pytest.mark.parametrize("pipeline", ["microkernel", "default", "xfuse-bufferize"])
def test_bools_between_ops_are_bytes_in_memory(pipeline):
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((2, 6, 9), dtype=np.float32)
    flip = np.array([1, 0, 1, 0, 0, 1], bool)
    compiled = compile_module(INNER, pipeline=pipeline)
    for n in (0, 1, 2, 3):
        selected, ints, bit = compiled(a, b, n)
        mask = a < b
        any_ = mask.any(axis=1) ^ (flip if n % 2 else False)
        np.testing.assert_array_equal(selected, mask.T.astype(np.float32))
        np.testing.assert_array_equal(ints, any_.astype(np.int32))
        assert bit == int(any_[2])


def test_no_tensor_of_i1_is_left_between_ops():
    module = xfuse.parse(INNER)
    assert module_bools_as_bytes(module)
    assert "xi1>" not in str(module)


# arith on whole tensors, bools among them (convert-elementwise-to-linalg would make i1 buffers).
ELEMENTWISE = """
func.func @f(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %m: tensor<?x4xi1>) -> (tensor<?x4xi1>, tensor<?x4xf32>) {
  %c = arith.cmpf olt, %a, %b : tensor<?x4xf32>
  %x = arith.xori %c, %m : tensor<?x4xi1>
  %s = arith.select %x, %a, %b : tensor<?x4xi1>, tensor<?x4xf32>
  return %x, %s : tensor<?x4xi1>, tensor<?x4xf32>
}
"""


@pytest.mark.parametrize("pipeline", ["default", "microkernel"])
def test_arith_on_bool_tensors(pipeline):
    rng = np.random.default_rng(4)
    a, b = rng.standard_normal((2, 5, 4), dtype=np.float32)
    m = rng.random((5, 4)) < 0.5
    flags, selected = compile_module(ELEMENTWISE, pipeline=pipeline)(a, b, m)
    want = (a < b) ^ m
    assert flags.dtype == np.bool_ and np.array_equal(flags, want)
    np.testing.assert_array_equal(selected, np.where(want, a, b))


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

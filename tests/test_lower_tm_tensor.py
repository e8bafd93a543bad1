"""Differential test of `xfuse-lower-tm-tensor`: each tm_tensor op, lowered by xfuse and compiled
by mlir-opt 22 (the `default` pipeline: one-shot bufferization of the carried tensors), agrees with
a numpy reference written from the op's definition (TMTensorOps.td / torch-mlir's loops) on
random inputs, ties and repeated or out-of-range scatter indices included."""

from __future__ import annotations

import numpy as np
import pytest

from xfuse.backends.runner import compile_module
from xfuse.parsing import parse
from xfuse.transforms.lower_tm_tensor import lower_tm_tensor

RNG_SEED = 7

CUMSUM = """
func.func @cumsum(%x: tensor<3x7xf32>, %out: tensor<3x7xf32>, %acc: tensor<3xf32>) -> (tensor<3x7xf32>, tensor<3xf32>) {
  %0:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%x : tensor<3x7xf32>) outs(%out, %acc : tensor<3x7xf32>, tensor<3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tm_tensor.yield %s : f32
  } -> tensor<3x7xf32>, tensor<3xf32>
  return %0#0, %0#1 : tensor<3x7xf32>, tensor<3xf32>
}
"""

EXCLUSIVE = """
func.func @exclusive(%x: tensor<?x3xi64>, %out: tensor<?x3xi64>, %acc: tensor<3xi64>) -> (tensor<?x3xi64>, tensor<3xi64>) {
  %0:2 = tm_tensor.scan dimension(0) inclusive(false) ins(%x : tensor<?x3xi64>) outs(%out, %acc : tensor<?x3xi64>, tensor<3xi64>) {
  ^bb0(%a: i64, %b: i64):
    %s = arith.addi %a, %b : i64
    tm_tensor.yield %s : i64
  } -> tensor<?x3xi64>, tensor<3xi64>
  return %0#0, %0#1 : tensor<?x3xi64>, tensor<3xi64>
}
"""

SCATTER_ADD = """
func.func @scatter_add(%orig: tensor<4x5xf32>, %i: tensor<9x2xi64>, %u: tensor<9xf32>) -> tensor<4x5xf32> {
  %0 = tm_tensor.scatter {dimension_map = array<i64: 0, 1>} unique_indices(false) ins(%u, %i : tensor<9xf32>, tensor<9x2xi64>) outs(%orig : tensor<4x5xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tm_tensor.yield %s : f32
  } -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
"""

SCATTER_ROWS = """
func.func @scatter_rows(%orig: tensor<6x4xi32>, %i: tensor<3x1xi32>, %u: tensor<3x4xi32>) -> tensor<6x4xi32> {
  %0 = tm_tensor.scatter {dimension_map = array<i64: 0>} unique_indices(true) ins(%u, %i : tensor<3x4xi32>, tensor<3x1xi32>) outs(%orig : tensor<6x4xi32>) {
  ^bb0(%a: i32, %b: i32):
    tm_tensor.yield %a : i32
  } -> tensor<6x4xi32>
  return %0 : tensor<6x4xi32>
}
"""

SORT = """
func.func @sort(%x: tensor<4x9xf32>, %i: tensor<4x9xi64>) -> (tensor<4x9xf32>, tensor<4x9xi64>) {
  %0:2 = tm_tensor.sort dimension(1) outs(%x, %i : tensor<4x9xf32>, tensor<4x9xi64>) {
  ^bb0(%a: f32, %b: f32, %c: i64, %d: i64):
    %p = arith.cmpf oge, %a, %b : f32
    tm_tensor.yield %p : i1
  } -> tensor<4x9xf32>, tensor<4x9xi64>
  return %0#0, %0#1 : tensor<4x9xf32>, tensor<4x9xi64>
}
"""

TOPK = """
func.func @topk(%x: tensor<3x10xf32>, %v: tensor<3x4xf32>, %i: tensor<3x4xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>) {
  %0:2 = tm_tensor.topk dimension(1) ins(%x : tensor<3x10xf32>) outs(%v, %i : tensor<3x4xf32>, tensor<3x4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    tm_tensor.yield %p : i1
  } -> tensor<3x4xf32>, tensor<3x4xi32>
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xi32>
}
"""


def _run(source: str, *arrays: np.ndarray) -> list[np.ndarray]:
    module = parse(source)
    assert lower_tm_tensor(module) == 1
    module.verify()
    assert "tm_tensor" not in str(module)
    return compile_module(module, pipeline="default")(*arrays)


def _ties(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """Small integers as floats: many equal values, so the order of ties is tested."""
    return rng.integers(-3, 4, size=shape).astype(np.float32)


def test_inclusive_scan_is_cumsum():
    rng = np.random.default_rng(RNG_SEED)
    x = rng.standard_normal((3, 7)).astype(np.float32)
    out, acc = _run(CUMSUM, x, np.zeros_like(x), np.full(3, 5.0, np.float32))
    np.testing.assert_allclose(out, np.cumsum(x, axis=1), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(acc, out[:, -1], rtol=1e-6)  # the last value written


@pytest.mark.parametrize("rows", [1, 5])
def test_exclusive_scan_starts_from_the_accumulator(rows):
    rng = np.random.default_rng(RNG_SEED)
    x = rng.integers(-50, 50, size=(rows, 3)).astype(np.int64)
    start = rng.integers(-50, 50, size=3).astype(np.int64)
    out, acc = _run(EXCLUSIVE, x, np.zeros_like(x), start)
    expected = start + np.concatenate([np.zeros((1, 3), np.int64), np.cumsum(x, axis=0)[:-1]])
    np.testing.assert_array_equal(out, expected)
    # One row: nothing combines, and torch-mlir's loops leave the accumulator as it was.
    np.testing.assert_array_equal(acc, start if rows == 1 else expected[-1])


def test_scatter_add_repeats_and_skips_out_of_range_indices():
    rng = np.random.default_rng(RNG_SEED)
    orig = rng.standard_normal((4, 5)).astype(np.float32)
    indices = np.stack([rng.integers(0, 4, 9), rng.integers(0, 5, 9)], axis=1).astype(np.int64)
    indices[1] = indices[0]  # a repeated position: both updates add
    # Out of range: no write (torch-mlir's loops would write past the buffer; (0, 5) into (1, 0))
    indices[6:] = [(0, 5), (4, 0), (-1, 2)]
    updates = rng.standard_normal(9).astype(np.float32)
    (got,) = _run(SCATTER_ADD, orig, indices, updates)
    expected = orig.copy()
    for (r, c), u in zip(indices[:6], updates[:6]):
        expected[r, c] += u
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)


def test_scatter_of_rows():
    rng = np.random.default_rng(RNG_SEED)
    orig = rng.integers(-9, 9, size=(6, 4)).astype(np.int32)
    rows = np.array([[4], [0], [2]], np.int32)
    updates = rng.integers(100, 200, size=(3, 4)).astype(np.int32)
    (got,) = _run(SCATTER_ROWS, orig, rows, updates)
    expected = orig.copy()
    expected[rows[:, 0]] = updates
    np.testing.assert_array_equal(got, expected)


def test_sort_is_stable_and_carries_the_indices():
    rng = np.random.default_rng(RNG_SEED)
    x = _ties(rng, (4, 9))
    positions = np.tile(np.arange(9, dtype=np.int64), (4, 1))
    values, indices = _run(SORT, x, positions)
    order = np.argsort(-x, axis=1, kind="stable")  # descending (the comparator is >=), ties in order
    np.testing.assert_array_equal(indices, order)
    np.testing.assert_array_equal(values, np.take_along_axis(x, order, axis=1))


def test_topk_takes_the_lower_index_of_ties():
    rng = np.random.default_rng(RNG_SEED)
    x = _ties(rng, (3, 10))
    values, indices = _run(TOPK, x, np.full((3, 4), -np.inf, np.float32), np.zeros((3, 4), np.int32))
    order = np.argsort(-x, axis=1, kind="stable")[:, :4]
    np.testing.assert_array_equal(indices, order)
    np.testing.assert_array_equal(values, np.take_along_axis(x, order, axis=1))


def test_the_backend_lowers_tm_tensor_by_itself():
    """compile_module (and so xfuse-run) takes the ops as they are, as it takes rock's."""
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    values, indices = compile_module(parse(SORT.replace("4x9", "3x4")), pipeline="default")(
        x, np.tile(np.arange(4, dtype=np.int64), (3, 1)))
    np.testing.assert_array_equal(values, x[:, ::-1])  # descending
    np.testing.assert_array_equal(indices, np.tile(np.arange(4)[::-1], (3, 1)))

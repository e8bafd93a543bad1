"""linalg.softmax and the Winograd transforms through the backend: decomposed by mlir-opt 22 in the
tensor pipelines and checked against numpy; refused with a located error where MLIR 22 cannot
lower them (memrefs, the memref pipelines). The softmax tiling model's loops; the Winograd
transforms have none."""

import numpy as np
import pytest

from xfuse.backends.runner import run
from xfuse.diagnostics import XfuseError
from xfuse.interfaces.tiling import IteratorType, TilingRefused, require_tiling_model
from xfuse.parsing import parse

SOFTMAX = """
func.func @softmax(%x: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %init = tensor.empty() : tensor<3x5x7xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<3x5x7xf32>) outs(%init : tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %s : tensor<3x5x7xf32>
}
"""

# A 3x3 convolution by Winograd F(4, 3) (the transforms around a batch_matmul, as MLIR's
# winograd-conv2d rewrite builds it) next to the direct convolution.
WINOGRAD = """
func.func @winograd(%x: tensor<2x6x6x5xf32>, %w: tensor<3x3x3x5xf32>) -> tensor<2x4x4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %fe = tensor.empty() : tensor<6x6x5x3xf32>
  %f = linalg.winograd_filter_transform fmr(F_4_3) ins(%w : tensor<3x3x3x5xf32>) outs(%fe : tensor<6x6x5x3xf32>) -> tensor<6x6x5x3xf32>
  %ie = tensor.empty() : tensor<6x6x1x1x2x5xf32>
  %i = linalg.winograd_input_transform fmr(F_4_3) ins(%x : tensor<2x6x6x5xf32>) outs(%ie : tensor<6x6x1x1x2x5xf32>) -> tensor<6x6x1x1x2x5xf32>
  %cf = tensor.collapse_shape %f [[0, 1], [2], [3]] : tensor<6x6x5x3xf32> into tensor<36x5x3xf32>
  %ci = tensor.collapse_shape %i [[0, 1], [2, 3, 4], [5]] : tensor<6x6x1x1x2x5xf32> into tensor<36x2x5xf32>
  %be = tensor.empty() : tensor<36x2x3xf32>
  %bz = linalg.fill ins(%zero : f32) outs(%be : tensor<36x2x3xf32>) -> tensor<36x2x3xf32>
  %bm = linalg.batch_matmul ins(%ci, %cf : tensor<36x2x5xf32>, tensor<36x5x3xf32>) outs(%bz : tensor<36x2x3xf32>) -> tensor<36x2x3xf32>
  %e = tensor.expand_shape %bm [[0, 1], [2, 3, 4], [5]] output_shape [6, 6, 1, 1, 2, 3] : tensor<36x2x3xf32> into tensor<6x6x1x1x2x3xf32>
  %oe = tensor.empty() : tensor<2x4x4x3xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  %o = linalg.winograd_output_transform fmr(F_4_3) ins(%e : tensor<6x6x1x1x2x3xf32>) outs(%oz : tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  return %o : tensor<2x4x4x3xf32>
}
"""


def _softmax(x: np.ndarray, axis: int) -> np.ndarray:
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


@pytest.mark.parametrize("pipeline", ["default", "microkernel"])
def test_softmax_is_decomposed_and_matches_numpy(pipeline):
    x = np.random.default_rng(3).standard_normal((3, 5, 7)).astype(np.float32)
    (out,) = run(SOFTMAX, x, pipeline=pipeline)
    np.testing.assert_allclose(out, _softmax(x, 1), rtol=1e-5, atol=1e-6)


def test_winograd_transforms_compute_the_direct_convolution():
    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 6, 6, 5)).astype(np.float32)
    w = rng.standard_normal((3, 3, 3, 5)).astype(np.float32)
    (out,) = run(WINOGRAD, x, w)
    windows = np.lib.stride_tricks.sliding_window_view(x, (3, 3), axis=(1, 2))  # n, h, w, c, kh, kw
    expected = np.einsum("nhwcij,fijc->nhwf", windows, w)
    np.testing.assert_allclose(out, expected, rtol=1e-4, atol=1e-4)


def test_softmax_on_memrefs_is_refused_at_the_op():
    text = """func.func @f(%x: memref<4x8xf32>, %y: memref<4x8xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x8xf32>) outs(%y : memref<4x8xf32>)
  return
}
"""
    with pytest.raises(XfuseError, match="linalg.softmax on memrefs cannot be lowered") as info:
        run(text, np.zeros((4, 8), np.float32), np.zeros((4, 8), np.float32), pipeline="memref")
    assert info.value.op is not None and info.value.op.name == "linalg.softmax"


def test_softmax_in_a_memref_pipeline_is_refused():
    x = np.zeros((3, 5, 7), np.float32)
    with pytest.raises(XfuseError, match="linalg.softmax in pipeline 'xfuse-bufferize' cannot be lowered"):
        run(SOFTMAX, x, pipeline="xfuse-bufferize")


def test_softmax_tiling_model_reduces_over_the_softmax_dimension_only():
    module = parse(SOFTMAX)
    softmax = next(op for op in module.walk() if op.name == "linalg.softmax")
    model = require_tiling_model(softmax)
    assert model.get_loop_iterator_types(softmax) == [
        IteratorType.PARALLEL, IteratorType.REDUCTION, IteratorType.PARALLEL
    ]
    winograd = next(op for op in parse(WINOGRAD).walk() if op.name == "linalg.winograd_input_transform")
    with pytest.raises(TilingRefused, match="no tiling model"):
        require_tiling_model(winograd)

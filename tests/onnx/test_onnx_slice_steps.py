"""`Slice` with negative steps as a `Gather` of its indices (xfuse/onnx/slice_steps.py): starts
and ends past either end, counted from the end, steps of -1 to -3 beside positive ones, an
empty slice, agree
with ONNX's reference (torch-mlir's own lowering made an out-of-bounds slice)."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402
from xfuse.onnx.slice_steps import gather_negative_steps  # noqa: E402

BIG = 2**62
SHAPE = (20, 10, 5)
SLICES = (  # (starts, ends, axes, steps)
    ([20, 10, 4], [0, 0, 1], [0, 1, 2], [-1, -3, -2]),  # test_slice_neg_steps
    ([BIG, -2], [-BIG, 1], [1, 2], [-2, -1]),
    ([-3, 1, 2], [-20, 9, 0], [0, -2, 2], [-3, 2, -1]),
    ([-1, 3], [-BIG, -BIG], [0, 1], [-1, -1]),  # every element from the end back to the first
    ([4], [BIG], [2], [-1]),  # none (left to torch-mlir)
)


def slices_model(slices=SLICES):
    """The model, each output's shape what ONNX's reference gives."""
    nodes, outputs, initializers = [], [], []
    for index, arrays in enumerate(slices):
        names = [f"{part}{index}" for part in ("starts", "ends", "axes", "steps")]
        initializers += [numpy_helper.from_array(np.array(a, np.int64), n) for n, a in zip(names, arrays, strict=True)]
        nodes.append(helper.make_node("Slice", ["x", *names], [f"y{index}"], name=f"slice{index}"))
        outputs.append(helper.make_tensor_value_info(f"y{index}", TensorProto.INT32, None))
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.INT32, SHAPE)], outputs,
                              initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    results = ReferenceEvaluator(model).run(None, {"x": np.zeros(SHAPE, np.int32)})
    for output, result in zip(model.graph.output, results, strict=True):
        output.CopyFrom(helper.make_tensor_value_info(output.name, TensorProto.INT32, result.shape))
    return model


def test_negative_steps_agree_with_the_reference():
    model = slices_model()
    feeds = {"x": np.arange(np.prod(SHAPE), dtype=np.int32).reshape(SHAPE)}
    expected = ReferenceEvaluator(model).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for index, want in enumerate(expected):
        np.testing.assert_array_equal(got[f"y{index}"], want, err_msg=str(SLICES[index]))


def test_positive_axes_stay_a_slice_and_each_negative_one_is_a_gather():
    rewritten, count = gather_negative_steps(prepare_for_import(slices_model(SLICES[2:3])).model)
    assert count == 1
    assert [node.op_type for node in rewritten.graph.node] == ["Slice", "Gather", "Gather"]
    forward = rewritten.graph.node[0]
    steps = next(init for init in rewritten.graph.initializer if init.name == forward.input[4])
    assert numpy_helper.to_array(steps).tolist() == [2]

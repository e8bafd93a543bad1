"""`TensorScatter` as a gather and a select (xfuse/onnx/tensor_scatter.py): linear and circular
writes, with and without write indices, on 4-D and 3-D caches (the axis in the middle too), an empty update,
agree with ONNX's reference for write indices at the start, the end and wrapping around; a
mode ONNX does not define is an error naming the node."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

import xfuse.onnx  # noqa: E402

CASES = (  # (cache shape, update length, axis, mode, with write indices)
    ((3, 2, 7, 4), 3, -2, "linear", True),
    ((3, 2, 7, 4), 4, -2, "circular", True),
    ((3, 6, 5), 2, 1, "circular", True),
    ((3, 5, 2, 4), 2, 1, "linear", True),
    ((3, 6, 5), 4, -2, "linear", False),
    ((3, 6, 5), 0, 1, "circular", True),  # an empty update: the cache as it was
)


def scatter_model(cases=CASES, mode=None):
    nodes, inputs, outputs = [], [], []
    for index, (shape, length, axis, case_mode, indexed) in enumerate(cases):
        update_shape = list(shape)
        update_shape[axis] = length
        names = [f"past{index}", f"update{index}"] + ([f"write{index}"] if indexed else [])
        inputs += [helper.make_tensor_value_info(names[0], TensorProto.FLOAT, shape),
                   helper.make_tensor_value_info(names[1], TensorProto.FLOAT, update_shape)]
        if indexed:
            inputs.append(helper.make_tensor_value_info(names[2], TensorProto.INT64, [shape[0]]))
        nodes.append(helper.make_node("TensorScatter", names, [f"present{index}"], name=f"scatter{index}",
                                      axis=axis, mode=mode or case_mode))
        outputs.append(helper.make_tensor_value_info(f"present{index}", TensorProto.FLOAT, shape))
    graph = helper.make_graph(nodes, "g", inputs, outputs)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 24)])


def feeds_for(seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    feeds = {}
    for index, (shape, length, axis, mode, indexed) in enumerate(CASES):
        update_shape = list(shape)
        update_shape[axis] = length
        feeds[f"past{index}"] = rng.standard_normal(shape).astype(np.float32)
        feeds[f"update{index}"] = rng.standard_normal(update_shape).astype(np.float32)
        if indexed:
            last = shape[axis] - length  # linear: the last start that fits; circular: past it wraps
            starts = [0, last, shape[axis] - 1] if mode == "circular" else [0, last, last // 2]
            feeds[f"write{index}"] = np.array(starts, np.int64)
    return feeds


def test_scatters_agree_with_the_reference():
    model = scatter_model()
    feeds = feeds_for(5)
    expected = ReferenceEvaluator(model).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for index, want in enumerate(expected):
        np.testing.assert_array_equal(got[f"present{index}"], want, err_msg=str(CASES[index]))


def test_an_unknown_mode_is_an_error_naming_the_node():
    with pytest.raises(xfuse.onnx.OnnxError, match=r"node 'scatter0' \(TensorScatter\): mode 'ring'"):
        xfuse.onnx.load(scatter_model(CASES[:1], mode="ring"))

"""`Col2Im` as a sum of padded slices (xfuse/onnx/col2im.py): strides, dilations, pads (unequal
at the two ends), a batch, several channels and three spatial axes agree with ONNX's reference,
infinities included (only zeros are added besides the columns); shapes that do not fit are an
error naming the node."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

import xfuse.onnx  # noqa: E402

CASES = (  # (batch, channels, image, kernel, strides, dilations, pads)
    (2, 3, [6, 5], [2, 3], [2, 1], [1, 2], [1, 0, 0, 2]),
    (1, 2, [5, 7], [3, 2], [1, 3], [2, 1], [0, 1, 2, 0]),
    (1, 2, [3, 4, 3], [2, 2, 1], [1, 2, 1], [1, 1, 1], [0, 0, 1, 1, 1, 0]),
)


def blocks(image, kernel, strides, dilations, pads):
    rank = len(image)
    return [(image[a] + pads[a] + pads[rank + a] - dilations[a] * (kernel[a] - 1) - 1) // strides[a] + 1
            for a in range(rank)]


def col2im_model(cases=CASES, columns_off=0):
    nodes, inputs, outputs, initializers = [], [], [], []
    for index, (batch, channels, image, kernel, strides, dilations, pads) in enumerate(cases):
        count = math.prod(blocks(image, kernel, strides, dilations, pads))
        inputs.append(helper.make_tensor_value_info(f"x{index}", TensorProto.FLOAT,
                                                    [batch, channels * math.prod(kernel), count + columns_off]))
        initializers += [numpy_helper.from_array(np.array(image, np.int64), f"image{index}"),
                         numpy_helper.from_array(np.array(kernel, np.int64), f"kernel{index}")]
        nodes.append(helper.make_node("Col2Im", [f"x{index}", f"image{index}", f"kernel{index}"], [f"y{index}"],
                                      name=f"col2im{index}", strides=strides, dilations=dilations, pads=pads))
        outputs.append(helper.make_tensor_value_info(f"y{index}", TensorProto.FLOAT, [batch, channels, *image]))
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])


def test_col2im_agrees_with_the_reference():
    model = col2im_model()
    rng = np.random.default_rng(11)
    feeds = {}
    for value in model.graph.input:
        shape = [d.dim_value for d in value.type.tensor_type.shape.dim]
        feeds[value.name] = rng.standard_normal(shape).astype(np.float32)
    feeds["x0"][0, 0, 0] = np.inf  # one column of one block: other places stay finite
    expected = ReferenceEvaluator(model).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for index, want in enumerate(expected):
        np.testing.assert_allclose(got[f"y{index}"], want, rtol=1e-6, atol=1e-6, err_msg=str(CASES[index]))


def test_columns_that_do_not_fit_the_image_are_an_error_naming_the_node():
    with pytest.raises(xfuse.onnx.OnnxError, match=r"node 'col2im0' \(Col2Im\): an input of shape"):
        xfuse.onnx.load(col2im_model(CASES[:1], columns_off=1))

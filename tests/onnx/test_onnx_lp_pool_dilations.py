"""Dilated `LpPool` as a depthwise `Conv` of ones (xfuse/onnx/lp_pool_dilations.py): p = 1, 2
and 3, pads, strides, a batch of several channels, 1-D and 2-D, agree with ONNX's reference."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

import xfuse.onnx  # noqa: E402

POOLS = (  # (input shape, p, kernel, strides, dilations, pads, output shape)
    ((2, 3, 7, 6), 2, [2, 2], [1, 1], [2, 2], [0, 0, 0, 0], (2, 3, 5, 4)),
    ((1, 2, 9, 8), 3, [3, 2], [2, 1], [2, 3], [1, 0, 2, 1], (1, 2, 4, 6)),
    ((2, 2, 11), 1, [3], [2], [3], [1, 2], (2, 2, 4)),
)


def pool_model():
    nodes, inputs, outputs = [], [], []
    for index, (shape, p, kernel, strides, dilations, pads, out) in enumerate(POOLS):
        inputs.append(helper.make_tensor_value_info(f"x{index}", TensorProto.FLOAT, shape))
        nodes.append(helper.make_node("LpPool", [f"x{index}"], [f"y{index}"], name=f"pool{index}", p=p,
                                      kernel_shape=kernel, strides=strides, dilations=dilations, pads=pads))
        outputs.append(helper.make_tensor_value_info(f"y{index}", TensorProto.FLOAT, out))
    return helper.make_model(helper.make_graph(nodes, "g", inputs, outputs), opset_imports=[helper.make_opsetid("", 22)])


def test_dilated_lp_pools_agree_with_the_reference():
    model = pool_model()
    rng = np.random.default_rng(8)
    feeds = {f"x{index}": rng.standard_normal(pool[0]).astype(np.float32) for index, pool in enumerate(POOLS)}
    expected = ReferenceEvaluator(model).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for index, want in enumerate(expected):
        np.testing.assert_allclose(got[f"y{index}"], want, rtol=1e-5, atol=1e-6, err_msg=str(POOLS[index]))

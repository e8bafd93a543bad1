"""`LpPool` with `auto_pad` SAME_UPPER / SAME_LOWER gets the explicit pads it means
(xfuse/onnx/lp_pool_padding.py): with strides, dilations and an odd total pad, the results
agree with onnxruntime."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.graph import node_attributes  # noqa: E402
from xfuse.onnx.lp_pool_padding import explicit_lp_pool_pads  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402

POOLS = (  # auto_pad, kernel, strides, p, output's spatial shape
    ("SAME_UPPER", [3, 2], [1, 1], 2, [7, 6]),
    ("SAME_LOWER", [2, 3], [2, 3], 3, [4, 2]),
    ("SAME_UPPER", [4, 4], [3, 2], 1, [3, 3]),
)


def pools_model():
    nodes = [helper.make_node("LpPool", ["x"], [f"y{index}"], name=f"pool{index}", auto_pad=auto_pad,
                              kernel_shape=kernel, strides=strides, p=p)
             for index, (auto_pad, kernel, strides, p, _) in enumerate(POOLS)]
    outputs = [helper.make_tensor_value_info(f"y{index}", TensorProto.FLOAT, [1, 2, *shape])
               for index, (*_, shape) in enumerate(POOLS)]
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2, 7, 6])],
                              outputs)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 22)])


def test_same_padding_agrees_with_onnxruntime():
    model = pools_model()
    x = np.random.default_rng(2).standard_normal((1, 2, 7, 6)).astype(np.float32)
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"x": x})
    got = xfuse.onnx.load(model).run({"x": x})
    for index, want in enumerate(expected):
        assert got[f"y{index}"].shape == want.shape
        np.testing.assert_allclose(got[f"y{index}"], want, rtol=1e-5, atol=1e-6, err_msg=str(POOLS[index]))


def test_pads_as_onnx_defines_them():
    padded, count = explicit_lp_pool_pads(prepare_for_import(pools_model()).model)
    assert count == len(POOLS)
    attributes = [node_attributes(node) for node in padded.graph.node]
    assert all("auto_pad" not in a for a in attributes)
    # H 7, W 6: kernel 3x2 stride 1 pads 2 and 1 (odd at the end); kernel 2x3 stride 2x3 pads 1
    # (at the start: SAME_LOWER) and 0; kernel 4x4 stride 3x2 pads 3 (1 before, 2 after) and 2
    assert [a["pads"] for a in attributes] == [[1, 0, 1, 1], [1, 0, 0, 0], [1, 1, 2, 1]]

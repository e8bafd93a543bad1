"""`DepthToSpace` in CRD mode written as its Reshape / Transpose / Reshape before import
(xfuse/onnx/depth_to_space.py): torch-mlir's lowering computed wrong values with more than two
output channels. Each case agrees with onnxruntime; DCR stays as it is."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.depth_to_space import decompose_crd_depth_to_space  # noqa: E402
from xfuse.onnx.errors import OnnxError  # noqa: E402


def depth_to_space_model(shape, block: int, mode: str):
    n, c, h, w = shape
    node = helper.make_node("DepthToSpace", ["x"], ["y"], name="d2s", blocksize=block, mode=mode)
    output = [n, c // block ** 2, h * block, w * block] if all(isinstance(d, int) for d in shape) else None
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, shape)],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, output)])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


@pytest.mark.parametrize("shape, block, mode", [([1, 12, 3, 2], 2, "CRD"), ([2, 18, 2, 3], 3, "CRD"),
                                                ([1, 4, 2, 2], 2, "CRD"), ([1, 12, 3, 2], 2, "DCR")])
def test_depth_to_space_agrees_with_onnxruntime(shape, block, mode):
    model = depth_to_space_model(shape, block, mode)
    assert decompose_crd_depth_to_space(model)[1] == (mode == "CRD")
    x = np.random.default_rng(block).standard_normal(shape).astype(np.float32)
    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    expected = session.run(None, {"x": x})[0]
    np.testing.assert_array_equal(xfuse.onnx.load(model).run({"x": x})["y"], expected)


def test_a_crd_depth_to_space_of_unknown_shape_is_refused_by_name():
    with pytest.raises(OnnxError, match=r"node 'd2s' \(DepthToSpace\): .*static 4-D input shape"):
        decompose_crd_depth_to_space(depth_to_space_model(["n", 12, 3, 2], 2, "CRD"))

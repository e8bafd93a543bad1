"""`Resize` with `keep_aspect_ratio_policy` (xfuse/onnx/resize_aspect.py): given the sizes it
computes, when they keep ONNX's coordinate mapping, it agrees with onnxruntime; when they would
not (a scale the rounded size does not reproduce) the node is left to resize_taps.py, which
decomposes it with ONNX's scale."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402
from xfuse.onnx.resize_aspect import resolve_resize_aspect  # noqa: E402
from xfuse.onnx.resize_taps import decompose_resizes  # noqa: E402

RESIZES = (  # policy, mode, axes, sizes, output shape (input 1x2x4x6)
    ("not_larger", "nearest", [2, 3], [2, 9], [1, 2, 2, 3]),
    ("not_smaller", "linear", [2, 3], [6, 6], [1, 2, 6, 9]),
    ("not_smaller", "linear", [3, 2], [3, 8], [1, 2, 8, 12]),
)


def resize_model(resizes=RESIZES):
    nodes, outputs, initializers = [], [], []
    for index, (policy, mode, axes, sizes, shape) in enumerate(resizes):
        initializers.append(numpy_helper.from_array(np.array(sizes, np.int64), f"sizes{index}"))
        nodes.append(helper.make_node("Resize", ["x", "", "", f"sizes{index}"], [f"y{index}"], name=f"resize{index}",
                                      mode=mode, keep_aspect_ratio_policy=policy,
                                      **({"axes": axes} if axes else {})))
        outputs.append(helper.make_tensor_value_info(f"y{index}", TensorProto.FLOAT, shape))
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2, 4, 6])],
                              outputs, initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])


def test_agrees_with_onnxruntime():
    model = resize_model()
    x = np.random.default_rng(4).standard_normal((1, 2, 4, 6)).astype(np.float32)
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"x": x})
    got = xfuse.onnx.load(model).run({"x": x})
    for index, want in enumerate(expected):
        assert got[f"y{index}"].shape == want.shape
        np.testing.assert_allclose(got[f"y{index}"], want, rtol=1e-5, atol=1e-6, err_msg=str(RESIZES[index]))


def test_a_scale_the_sizes_do_not_keep_is_left_to_resize_taps():
    # 4 x 6 to at most 3 x 9: scale 3/4, but W would be round(4.5) = 5 and 5/6 != 3/4
    model = resize_model([("not_larger", "nearest", [2, 3], [3, 9], [1, 2, 3, 5])])
    assert resolve_resize_aspect(prepare_for_import(model).model)[1] == 0
    assert decompose_resizes(prepare_for_import(model).model)[1] == 1
    x = np.random.default_rng(5).standard_normal((1, 2, 4, 6)).astype(np.float32)
    want = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"x": x})[0]
    np.testing.assert_array_equal(xfuse.onnx.load(model).run({"x": x})["y0"], want)

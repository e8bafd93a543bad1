"""`ConvTranspose` rewritten before import where torch-mlir fails (xfuse/onnx/conv_transpose.py):
grouped, `auto_pad` SAME_UPPER / SAME_LOWER, pads that differ at the two ends of an axis; each
agrees with onnxruntime, with the filter as a weight and as a run-time input. A kernel as large as
its stride becomes a 1x1 Conv and a pixel shuffle (xfuse/onnx/conv_transpose_shuffle.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
import onnx  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.conv_transpose import rewrite_conv_transposes  # noqa: E402


def conv_transpose_model(x_shape, w_shape, *, weight: bool, bias: bool = False, **attributes):
    rng = np.random.default_rng(sum(w_shape))
    names = ["x", "w"] + (["b"] * bias)
    inputs = [helper.make_tensor_value_info("x", TensorProto.FLOAT, x_shape)]
    initializers = []
    w = rng.standard_normal(w_shape).astype(np.float32)
    if weight:
        initializers.append(numpy_helper.from_array(w, "w"))
    else:
        inputs.append(helper.make_tensor_value_info("w", TensorProto.FLOAT, w_shape))
    if bias:
        groups = attributes.get("group", 1)
        initializers.append(numpy_helper.from_array(rng.standard_normal(w_shape[1] * groups).astype(np.float32), "b"))
    node = helper.make_node("ConvTranspose", names, ["y"], name="deconv", **attributes)
    graph = helper.make_graph([node], "g", inputs, [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
                              initializer=initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    return onnx.shape_inference.infer_shapes(model, strict_mode=True)


CASES = {
    "grouped, bias, weight": (([2, 4, 3, 3], [4, 3, 3, 3]), dict(weight=True, bias=True, group=2, strides=[2, 1])),
    "grouped, run-time filter": (([1, 6, 4], [6, 1, 3]), dict(weight=False, group=3, pads=[1, 1])),
    "same upper": (([1, 2, 3, 5], [2, 3, 3, 3]), dict(weight=False, auto_pad="SAME_UPPER", strides=[2, 2])),
    "same lower, grouped": (([1, 4, 5, 4], [4, 2, 2, 3]), dict(weight=True, auto_pad="SAME_LOWER", strides=[2, 2],
                                                              group=2)),
    "asymmetric pads": (([1, 2, 4, 4], [2, 2, 3, 3]), dict(weight=True, bias=True, pads=[0, 2, 1, 0], strides=[2, 2])),
}


@pytest.mark.parametrize("case", list(CASES))
def test_agrees_with_onnxruntime(case):
    (x_shape, w_shape), options = CASES[case]
    model = conv_transpose_model(x_shape, w_shape, **options)
    assert rewrite_conv_transposes(model)[1] == 1
    assert_agrees_with_onnxruntime(model, seed=len(case))


def assert_agrees_with_onnxruntime(model, seed: int) -> None:
    rng = np.random.default_rng(seed)
    feeds = {value.name: rng.standard_normal([d.dim_value for d in value.type.tensor_type.shape.dim]).astype(
        np.float32) for value in model.graph.input if value.name not in {i.name for i in model.graph.initializer}}
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)[0]
    got = xfuse.onnx.load(model).run(feeds)["y"]
    assert got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-5)


def test_the_rewrite_slices_each_group_and_crops_the_odd_padding():
    (x_shape, w_shape), options = CASES["same lower, grouped"]
    rewritten, count = rewrite_conv_transposes(conv_transpose_model(x_shape, w_shape, **options))
    assert count == 1
    ops = [n.op_type for n in rewritten.graph.node]
    assert ops == ["Slice", "Slice", "ConvTranspose"] * 2 + ["Concat", "Slice"]
    convs = [n for n in rewritten.graph.node if n.op_type == "ConvTranspose"]
    assert all({a.name for a in n.attribute} == {"pads", "strides"} for n in convs)
    assert rewritten.graph.node[-1].output[0] == "y"


def test_plain_conv_transposes_stay():
    model = conv_transpose_model([1, 2, 3, 3], [2, 2, 3, 3], weight=True, pads=[1, 1, 1, 1])
    assert rewrite_conv_transposes(model) == (model, 0)


# Kernel equal to the stride: a 1x1 Conv and a pixel shuffle (xfuse/onnx/conv_transpose_shuffle.py)

SHUFFLE_CASES = {
    "2x2 stride 2, bias, weight": (([1, 3, 4, 5], [3, 4, 2, 2]), dict(weight=True, bias=True, strides=[2, 2])),
    "2x3 stride 2x3, run-time filter": (([2, 2, 3, 4], [2, 5, 2, 3]), dict(weight=False, strides=[2, 3])),
    "1-D, 4 stride 4, bias": (([1, 3, 5], [3, 2, 4]), dict(weight=True, bias=True, strides=[4])),
    "3-D, 2x2x2 stride 2": (([1, 2, 2, 3, 2], [2, 3, 2, 2, 2]), dict(weight=True, strides=[2, 2, 2])),
    "valid, output_shape given": (([1, 2, 3, 3], [2, 2, 2, 2]), dict(weight=True, bias=True, strides=[2, 2],
                                                                     auto_pad="VALID", output_shape=[6, 6])),
}


@pytest.mark.parametrize("case", list(SHUFFLE_CASES))
def test_a_kernel_as_large_as_the_stride_is_a_shuffle_that_agrees(case):
    from xfuse.onnx.conv_transpose_shuffle import conv_transposes_as_shuffles

    (x_shape, w_shape), options = SHUFFLE_CASES[case]
    model = conv_transpose_model(x_shape, w_shape, **options)
    rewritten, count = conv_transposes_as_shuffles(model)
    assert count == 1
    assert "ConvTranspose" not in [n.op_type for n in rewritten.graph.node]
    assert_agrees_with_onnxruntime(model, seed=len(case))


def test_the_shuffle_is_a_1x1_conv_and_a_transpose_of_the_taps_beside_the_pixels():
    from xfuse.onnx.conv_transpose_shuffle import conv_transposes_as_shuffles

    (x_shape, w_shape), options = SHUFFLE_CASES["2x2 stride 2, bias, weight"]
    rewritten, _ = conv_transposes_as_shuffles(conv_transpose_model(x_shape, w_shape, **options))
    nodes = {n.op_type: n for n in rewritten.graph.node}
    assert [n.op_type for n in rewritten.graph.node] == ["Transpose", "Reshape", "Conv", "Reshape", "Transpose",
                                                         "Reshape", "Reshape", "Add"]
    assert helper.get_attribute_value(nodes["Conv"].attribute[0]) == [1, 1]
    perms = [helper.get_attribute_value(n.attribute[0]) for n in rewritten.graph.node if n.op_type == "Transpose"]
    assert perms == [[2, 3, 1, 0], [0, 3, 4, 1, 5, 2]]  # the filter's rows (a, b, o); [N, o, H, a, W, b]
    assert rewritten.graph.node[-1].output[0] == "y"


@pytest.mark.parametrize("options", [dict(strides=[2, 2], pads=[1, 1, 1, 1]), dict(strides=[1, 1]),
                                     dict(strides=[2, 2], output_padding=[1, 1]), dict(strides=[2, 2], group=2),
                                     dict(strides=[2, 2], dilations=[2, 2])],
                         ids=["pads", "stride 1", "output padding", "grouped", "dilated"])
def test_overlapping_or_padded_windows_stay_conv_transposes(options):
    from xfuse.onnx.conv_transpose_shuffle import conv_transposes_as_shuffles

    model = conv_transpose_model([1, 2, 4, 4], [2, 1 if options.get("group") else 2, 2, 2], weight=True, **options)
    assert conv_transposes_as_shuffles(model) == (model, 0)


@pytest.mark.parametrize("network_passes", [False, True], ids=["default passes", "network passes"])
def test_a_detection_head_of_two_shuffled_conv_transposes_agrees(network_passes):
    """DBNet's head (2x2 stride-2 ConvTranspose, ReLU, another down to one channel, Sigmoid):
    the shuffles between NHWC convolutions, with the passes of `xfuse.onnx.load` and those of
    the network benchmarks."""
    from xfuse.transforms.network.pipeline import NETWORK_BACKEND, NETWORK_PASSES

    rng = np.random.default_rng(7)
    arrays = {"w1": rng.standard_normal((16, 16, 2, 2)), "b1": rng.standard_normal(16),
              "w2": rng.standard_normal((16, 1, 2, 2))}
    nodes = [helper.make_node("ConvTranspose", ["x", "w1", "b1"], ["up"], kernel_shape=[2, 2], strides=[2, 2]),
             helper.make_node("Relu", ["up"], ["r"]),
             helper.make_node("ConvTranspose", ["r", "w2"], ["logits"], kernel_shape=[2, 2], strides=[2, 2]),
             helper.make_node("Sigmoid", ["logits"], ["y"])]
    graph = helper.make_graph(nodes, "head", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 16, 6, 5])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 1, 24, 20])],
                              [numpy_helper.from_array((0.3 * a).astype(np.float32), n) for n, a in arrays.items()])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    feeds = {"x": rng.standard_normal((1, 16, 6, 5)).astype(np.float32)}
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)[0]
    options = dict(passes=NETWORK_PASSES, pipeline=NETWORK_BACKEND) if network_passes else {}
    np.testing.assert_allclose(xfuse.onnx.load(model, **options).run(feeds)["y"], expected, rtol=1e-4, atol=1e-6)

"""Signed integer `Div` and `Mod` by 0 or -1 give numpy's values instead of killing the process
(xfuse/onnx/signed_division.py): a zero divisor gives 0, the minimum over -1 wraps to the minimum,
x mod -1 is 0 (both fmods), agreeing with ONNX's reference; a constant divisor without 0 or -1
is left alone. Integer `Neg` is exact past 2^24 (integer_negation.py; it went through float32)."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
import onnx  # noqa: E402
from onnx import helper, numpy_helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.signed_division import guard_signed_divisions  # noqa: E402

DTYPES = (np.int8, np.int32, np.int64)
SIZE = 16


def division_model(divisor_constant=None):
    nodes, inputs, outputs, initializers = [], [], [], []
    for index, dtype in enumerate(DTYPES):
        element = helper.np_dtype_to_tensor_dtype(np.dtype(dtype))
        x, y = f"x{index}", f"y{index}"
        inputs.append(helper.make_tensor_value_info(x, element, [SIZE]))
        if divisor_constant is None:
            inputs.append(helper.make_tensor_value_info(y, element, [SIZE]))
        else:
            initializers.append(numpy_helper.from_array(np.full(SIZE, divisor_constant, dtype), y))
        for op, attributes in (("Div", {}), ("Mod", {"fmod": index % 2})):
            out = f"{op.lower()}_{index}"
            nodes.append(helper.make_node(op, [x, y], [out], name=out, **attributes))
            outputs.append(helper.make_tensor_value_info(out, element, [SIZE]))
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])


def edge_feeds(seed):
    rng = np.random.default_rng(seed)
    feeds = {}
    for index, dtype in enumerate(DTYPES):
        info = np.iinfo(dtype)
        x = rng.integers(info.min // 2, info.max // 2, SIZE, dtype=dtype)
        y = rng.integers(1, 100, SIZE, dtype=dtype) * rng.choice(np.array([-1, 1], dtype), SIZE)
        x[:7] = [7, info.min, info.min, -7, 0, info.max, -9]
        y[:7] = [0, -1, 0, -1, -1, -1, 4]
        feeds[f"x{index}"], feeds[f"y{index}"] = x, y
    return feeds


def test_division_by_zero_or_minus_one_agrees_with_the_reference():
    model = division_model()
    feeds = edge_feeds(5)
    with np.errstate(divide="ignore", over="ignore"):
        expected = ReferenceEvaluator(model).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for value, want in zip(model.graph.output, expected, strict=True):
        np.testing.assert_array_equal(got[value.name], want, err_msg=value.name)


def test_a_constant_divisor_without_zero_or_minus_one_is_left_alone():
    assert guard_signed_divisions(division_model(divisor_constant=3))[1] == 0
    assert guard_signed_divisions(division_model(divisor_constant=-1))[1] == 2 * len(DTYPES)
    assert guard_signed_divisions(division_model())[1] == 2 * len(DTYPES)


def negation_model():
    nodes, inputs, outputs = [], [], []
    for index, dtype in enumerate(DTYPES):
        element = helper.np_dtype_to_tensor_dtype(np.dtype(dtype))
        inputs.append(helper.make_tensor_value_info(f"x{index}", element, [SIZE]))
        nodes.append(helper.make_node("Neg", [f"x{index}"], [f"neg_{index}"], name=f"neg_{index}"))
        outputs.append(helper.make_tensor_value_info(f"neg_{index}", element, [SIZE]))
    return helper.make_model(helper.make_graph(nodes, "g", inputs, outputs),
                             opset_imports=[helper.make_opsetid("", 21)])


def test_integer_negation_is_exact_past_the_float_mantissa():
    # torch-mlir's Neg went through float32: Neg(16777217) gave -16777216 (integer_negation.py)
    model = negation_model()
    feeds = {name: x for name, x in edge_feeds(7).items() if name.startswith("x")}
    for index, dtype in enumerate(DTYPES):
        if np.iinfo(dtype).bits > 16:
            feeds[f"x{index}"][7:10] = [16777217, -123456789, np.iinfo(dtype).max]
    with np.errstate(over="ignore"):
        expected = ReferenceEvaluator(model).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for value, want in zip(model.graph.output, expected, strict=True):
        np.testing.assert_array_equal(got[value.name], want, err_msg=value.name)


def test_a_wide_integer_negation_in_a_loop_body_is_refused_by_name():
    body = helper.make_graph(
        [helper.make_node("Neg", ["v"], ["v_out"], name="body_neg"), helper.make_node("Identity", ["cond"], ["cond_out"])],
        "body", [helper.make_tensor_value_info("i", onnx.TensorProto.INT64, []),
                 helper.make_tensor_value_info("cond", onnx.TensorProto.BOOL, []),
                 helper.make_tensor_value_info("v", onnx.TensorProto.INT32, [4])],
        [helper.make_tensor_value_info("cond_out", onnx.TensorProto.BOOL, []),
         helper.make_tensor_value_info("v_out", onnx.TensorProto.INT32, [4])])
    graph = helper.make_graph(
        [helper.make_node("Loop", ["trips", "", "x"], ["y"], name="loop", body=body)], "g",
        [helper.make_tensor_value_info("x", onnx.TensorProto.INT32, [4])],
        [helper.make_tensor_value_info("y", onnx.TensorProto.INT32, [4])],
        initializer=[numpy_helper.from_array(np.array(3, np.int64), "trips")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])
    with pytest.raises(xfuse.onnx.OnnxError, match=r"body_neg.*Neg.*float32"):
        xfuse.onnx.load(model)

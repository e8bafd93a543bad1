"""A float16 `Range` of constant bounds is folded by ONNX's reference (xfuse/onnx/constant_ranges.py):
rising and falling ranges, one whose bounds are not multiples of float16's spacing, feeding
another op, agree with ONNX's reference; a run-time one is left alone."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.constant_ranges import fold_constant_ranges  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402

RANGES = ((1.0, 33.0, 0.7), (10.0, -6.5, -1.5), (2047.0, 2060.0, 1.3))
H = TensorProto.FLOAT16


def range_model():
    nodes, inputs, outputs, initializers = [], [], [], []
    for index, bounds in enumerate(RANGES):
        names = [f"{part}{index}" for part in ("start", "limit", "delta")]
        initializers += [numpy_helper.from_array(np.array(v, np.float16), n) for n, v in zip(names, bounds, strict=True)]
        length = len(np.arange(*(float(np.float16(v)) for v in bounds)))  # as the reference counts
        nodes += [helper.make_node("Range", names, [f"r{index}"], name=f"range{index}"),
                  helper.make_node("Add", [f"r{index}", f"x{index}"], [f"y{index}"], name=f"add{index}")]
        inputs.append(helper.make_tensor_value_info(f"x{index}", H, [length]))
        outputs.append(helper.make_tensor_value_info(f"y{index}", H, [length]))
    return helper.make_model(helper.make_graph(nodes, "g", inputs, outputs, initializers),
                             opset_imports=[helper.make_opsetid("", 21)])


def test_constant_float16_ranges_agree_with_the_reference():
    model = range_model()
    rng = np.random.default_rng(6)
    feeds = {value.name: rng.standard_normal([d.dim_value for d in value.type.tensor_type.shape.dim]).astype(
        np.float16) for value in model.graph.input}
    expected = ReferenceEvaluator(model).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for index, want in enumerate(expected):
        np.testing.assert_array_equal(got[f"y{index}"], want, err_msg=str(RANGES[index]))


def test_a_run_time_range_is_left_alone():
    model = range_model()
    start = model.graph.initializer[0]
    model.graph.input.append(helper.make_tensor_value_info(start.name, H, []))
    del model.graph.initializer[0]
    folded, count = fold_constant_ranges(prepare_for_import(model).model)
    assert count == len(RANGES) - 1 and [n.name for n in folded.graph.node if n.op_type == "Range"] == ["range0"]

"""`BitShift` keeps ONNX's meaning for shifts < 0 and >= the bit width (xfuse/onnx/bit_shift.py):
run-time shifts of signed and unsigned operands, both directions, agree with ONNX's reference
(onnx/reference/ops/op_bitshift.py) on every edge: negative x, the sign bit, shifts of -1, 0,
w - 1, w, and past it."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
from onnx import helper, numpy_helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.bit_shift import guard_bit_shifts  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402

SHIFTS = (("LEFT", np.int8), ("RIGHT", np.int8), ("LEFT", np.uint64), ("RIGHT", np.uint64),
          ("RIGHT", np.int64), ("LEFT", np.int32), ("RIGHT", np.uint16))
"""(direction, dtype) of the model's shifts: signed right shifts take the sign fill."""

SIZE = 24


def shift_model(constant_shift=None):
    nodes, inputs, outputs, initializers = [], [], [], []
    for index, (direction, dtype) in enumerate(SHIFTS):
        element = helper.np_dtype_to_tensor_dtype(np.dtype(dtype))
        x, y, z = f"x{index}", f"y{index}", f"z{index}"
        nodes.append(helper.make_node("BitShift", [x, y], [z], name=f"shift{index}", direction=direction))
        inputs.append(helper.make_tensor_value_info(x, element, [SIZE]))
        if constant_shift is None:
            inputs.append(helper.make_tensor_value_info(y, element, [SIZE]))
        else:
            initializers.append(numpy_helper.from_array(np.full(SIZE, constant_shift, dtype), y))
        outputs.append(helper.make_tensor_value_info(z, element, [SIZE]))
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 28)])


def edge_feeds(seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    feeds = {}
    for index, (_, dtype) in enumerate(SHIFTS):
        info, bits = np.iinfo(dtype), np.iinfo(dtype).bits
        x = rng.integers(info.min, info.max, SIZE, dtype=dtype, endpoint=True)
        x[:4] = [info.min, info.max, 0, 1 if info.min == 0 else -1]
        shifts = [0, 1, bits - 1, bits, bits + 1, 2 * bits + 3, info.max]
        if info.min < 0:
            shifts += [-1, -bits, info.min]
        y = np.array(shifts + list(rng.integers(0, bits, SIZE - len(shifts))), dtype)
        feeds[f"x{index}"], feeds[f"y{index}"] = x, rng.permutation(y)
    return feeds


def test_run_time_shifts_agree_with_the_reference():
    model = shift_model()
    compiled = xfuse.onnx.load(model)
    feeds = edge_feeds(7)
    expected = ReferenceEvaluator(model).run(None, feeds)
    got = compiled.run(feeds)
    for index, want in enumerate(expected):
        np.testing.assert_array_equal(got[f"z{index}"], want, err_msg=str(SHIFTS[index]))


def test_shifts_constant_in_range_stay_and_the_others_are_guarded():
    kept, count = guard_bit_shifts(prepare_for_import(shift_model(constant_shift=3)).model)
    assert count == 0 and [n.op_type for n in kept.graph.node] == ["BitShift"] * len(SHIFTS)
    guarded, count = guard_bit_shifts(prepare_for_import(shift_model(constant_shift=8)).model)
    assert count == 2  # 8 is in range for all but the two int8 shifts
    guarded, count = guard_bit_shifts(prepare_for_import(shift_model()).model)
    assert count == len(SHIFTS)
    signed_right = [n.op_type for n in guarded.graph.node if n.name == "shift1" or n.name.startswith("shift1_")]
    assert signed_right == ["GreaterOrEqual", "Less", "And", "Where", "BitShift"]
    assert [n.output[0] for n in guarded.graph.node if n.name == "shift0"] == ["z0"]


def test_an_operand_of_unknown_type_is_an_error_naming_the_node():
    """Shapes not inferred (the prepared model always has them): the guard cannot know the bit
    width, and says so rather than guess."""
    model = shift_model()
    model.graph.node[0].input[0] = "unknown"
    model.graph.node.insert(0, helper.make_node("Identity", ["x0"], ["unknown"], name="copy"))
    with pytest.raises(xfuse.onnx.OnnxError, match=r"node 'shift0' \(BitShift\): the element type of 'unknown'"):
        guard_bit_shifts(model)

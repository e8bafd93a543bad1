"""`xfuse.onnx.support.check_support`: what torch-mlir lowers wrongly, or aborts on, is refused
at load with an `OnnxError` naming the node, its op and why; the rest goes through."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")

import re  # noqa: E402

import numpy as np  # noqa: E402
import onnx  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

from xfuse.onnx.errors import OnnxError  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402
from xfuse.onnx.support import check_support  # noqa: E402


def model(nodes, inputs, outputs, initializers=(), opset=22):
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info(*i) for i in inputs],
                              [helper.make_tensor_value_info(*o) for o in outputs], list(initializers))
    return prepare_for_import(helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])).model


F = TensorProto.FLOAT


def refusal(m) -> str:
    with pytest.raises(OnnxError) as info:
        check_support(m)
    return str(info.value)


def test_supported_model_passes():
    check_support(model([helper.make_node("Relu", ["x"], ["y"], name="r")], [("x", F, [2, 3])], [("y", F, [2, 3])]))


@pytest.mark.parametrize("attributes, message", [
    ({"mode": "nearest", "padding_mode": "border"}, r"node 'gs' \(GridSample\): mode 'nearest'"),
    ({"padding_mode": "zeros"}, r"node 'gs' \(GridSample\): padding_mode 'zeros'"),
])
def test_grid_sample(attributes, message):
    m = model([helper.make_node("GridSample", ["x", "grid"], ["y"], name="gs", **attributes)],
              [("x", F, [1, 1, 3, 3]), ("grid", F, [1, 2, 2, 2])], [("y", F, [1, 1, 2, 2])])
    assert re.search(message, refusal(m))


def test_grid_sample_border_passes():
    check_support(model([helper.make_node("GridSample", ["x", "grid"], ["y"], name="gs", padding_mode="border")],
                        [("x", F, [1, 1, 3, 3]), ("grid", F, [1, 2, 2, 2])], [("y", F, [1, 1, 2, 2])]))


def test_reshape_allowzero_with_a_zero():
    def reshape(shape):
        return model([helper.make_node("Reshape", ["x", "s"], ["y"], name="rs", allowzero=1)],
                     [("x", F, [0, 3])], [("y", F, [3, 0] if 0 in shape else [0, 3])],
                     [numpy_helper.from_array(np.array(shape, np.int64), "s")])

    assert "node 'rs' (Reshape): allowzero=1 with a zero" in refusal(reshape([3, 0]))
    check_support(reshape([-1, 3]))


def test_element_types():
    cast = model([helper.make_node("Cast", ["x"], ["y"], name="c4", to=TensorProto.INT4),
                  helper.make_node("Cast", ["y"], ["z"], name="back", to=TensorProto.FLOAT)],
                 [("x", F, [4])], [("z", F, [4])])
    assert "node 'c4' (Cast): value 'y' has element type INT4" in refusal(cast)
    bf16 = model([helper.make_node("Identity", ["x"], ["y"], name="i")], [("x", TensorProto.BFLOAT16, [4])],
                 [("y", TensorProto.BFLOAT16, [4])])
    assert "input 'x' has element type BFLOAT16" in refusal(bf16)
    assert "output 'y' has element type BFLOAT16" in refusal(bf16)
    for element in (TensorProto.BOOL, TensorProto.UINT8, TensorProto.UINT16, TensorProto.UINT32, TensorProto.UINT64):
        check_support(model([helper.make_node("Identity", ["x"], ["y"], name="i")], [("x", element, [4])],
                            [("y", element, [4])]))


@pytest.mark.parametrize("op", ["Div", "Mod", "Abs"])
@pytest.mark.parametrize("element", [TensorProto.UINT8, TensorProto.UINT64])
def test_signed_lowerings_of_unsigned_operands_are_refused(op, element):
    inputs = ["a"] if op == "Abs" else ["a", "b"]
    m = model([helper.make_node(op, inputs, ["y"], name="n")], [(x, element, [4]) for x in inputs],
              [("y", element, [4])])
    name = TensorProto.DataType.Name(element)
    assert f"node 'n' ({op}): {name} operands: torch-mlir's lowering of {op} treats them as signed" in refusal(m)
    check_support(model([helper.make_node(op, inputs, ["y"], name="n")], [(x, TensorProto.INT8, [4]) for x in inputs],
                        [("y", TensorProto.INT8, [4])]))


@pytest.mark.parametrize("node, inputs, outputs, message", [
    (helper.make_node("Det", ["x"], ["y"], name="d"), [("x", F, [3, 3])], [("y", F, [])],
     r"node 'd' \(Det\): torch-mlir's lowering handles only matrices that need no pivoting"),
    (helper.make_node("Einsum", ["x"], ["y"], name="e", equation="ij->"), [("x", F, [3, 3])], [("y", F, [])],
     r"node 'e' \(Einsum\): a scalar result"),
])
def test_refused_ops(node, inputs, outputs, message):
    import re

    assert re.search(message, refusal(model([node], inputs, outputs, opset=22)))


def test_resize_align_corners_downsampling():
    # (LSTM with peepholes, once refused here, is decomposed before the check: test_onnx_recurrent.py)

    def resize(size):
        scales = numpy_helper.from_array(np.array([1, 1, size / 4, size / 4], np.float32), "scales")
        return model([helper.make_node("Resize", ["x", "", "scales"], ["y"], name="rz", mode="linear",
                                       coordinate_transformation_mode="align_corners")],
                     [("x", F, [1, 1, 4, 4])], [("y", F, [1, 1, size, size])], [scales])

    assert "node 'rz' (Resize): align_corners when downsampling" in refusal(resize(2))
    check_support(resize(8))


def test_several_refusals_are_listed_together():
    nodes = [helper.make_node("Det", ["x"], ["d"], name="d1"), helper.make_node("Det", ["x"], ["e"], name="d2")]
    message = refusal(model(nodes, [("x", F, [2, 2])], [("d", F, []), ("e", F, [])]))
    assert "node 'd1' (Det)" in message and "node 'd2' (Det)" in message


def test_per_axis_unsigned_zero_points_are_refused():
    def dequantize(zero_point_shape, constant=None):
        inits = [] if constant is None else [numpy_helper.from_array(np.array(constant, np.uint8), "z")]
        inputs = [("x", TensorProto.UINT8, [2, 3]), ("s", F, zero_point_shape)]
        inputs += [] if constant is not None else [("z", TensorProto.UINT8, zero_point_shape)]
        node = helper.make_node("DequantizeLinear", ["x", "s", "z"], ["y"], name="dq", axis=1)
        return model([node], inputs, [("y", F, [2, 3])], inits, opset=21)

    assert "node 'dq' (DequantizeLinear): a per-axis UINT8 zero point" in refusal(dequantize([3]))
    assert "per-axis UINT8 zero point" in refusal(dequantize([3], [1, 2, 200]))
    check_support(dequantize([3], [1, 2, 127]))  # read as signed, the same values
    check_support(dequantize([]))  # per tensor: right

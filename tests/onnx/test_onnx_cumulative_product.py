"""`CumProd` as a logarithmic scan of `Mul`s (xfuse/onnx/cumulative_product.py): exclusive and
reverse, along any axis, of ints (exact, wrapping as ONNX's reference does) and floats, agrees
with ONNX's reference."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.cumulative_product import decompose_cumulative_products  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402

SCANS = (  # input type, shape, axis, exclusive, reverse
    (TensorProto.INT32, [2, 7], 1, 1, 0),
    (TensorProto.INT64, [5, 3], 0, 1, 1),
    (TensorProto.FLOAT, [3, 4, 2], -2, 0, 1),
    (TensorProto.INT32, [2, 1], 1, 1, 0),  # one element exclusive: all ones
    (TensorProto.INT32, [9], 0, 0, 0),  # wraps around 2^32
)


def scans_model():
    nodes, inputs, outputs, initializers = [], [], [], []
    for index, (element, shape, axis, exclusive, reverse) in enumerate(SCANS):
        initializers.append(numpy_helper.from_array(np.array(axis, np.int64), f"axis{index}"))
        nodes.append(helper.make_node("CumProd", [f"x{index}", f"axis{index}"], [f"y{index}"], name=f"scan{index}",
                                      exclusive=exclusive, reverse=reverse))
        inputs.append(helper.make_tensor_value_info(f"x{index}", element, shape))
        outputs.append(helper.make_tensor_value_info(f"y{index}", element, shape))
    return helper.make_model(helper.make_graph(nodes, "g", inputs, outputs, initializers),
                             opset_imports=[helper.make_opsetid("", 26)])


def test_scans_agree_with_the_reference():
    model = scans_model()
    rng = np.random.default_rng(5)
    feeds = {}
    for index, (element, shape, *_) in enumerate(SCANS):
        dtype = helper.tensor_dtype_to_np_dtype(element)
        feeds[f"x{index}"] = (rng.uniform(0.5, 1.5, shape).astype(dtype) if element == TensorProto.FLOAT
                              else rng.integers(-40, 40, shape).astype(dtype))
    feeds["x4"] = np.array([7, -13, 111, 1 << 12, 3, -99, 12345, 5, -2], np.int32)
    expected = ReferenceEvaluator(model).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for index, want in enumerate(expected):
        if SCANS[index][0] == TensorProto.FLOAT:
            np.testing.assert_allclose(got[f"y{index}"], want, rtol=1e-6, err_msg=str(SCANS[index]))
        else:
            np.testing.assert_array_equal(got[f"y{index}"], want, err_msg=str(SCANS[index]))


def test_steps_are_logarithmic():
    decomposed, count = decompose_cumulative_products(prepare_for_import(scans_model()).model)
    assert count == len(SCANS)
    muls = [n for n in decomposed.graph.node if n.op_type == "Mul" and n.name.startswith("scan4_")]
    assert len(muls) == 4  # ceil(log2 9)
    assert not any(n.op_type == "CumProd" for n in decomposed.graph.node)


def test_a_run_time_axis_is_left_to_torch_mlir_which_refuses_it_by_name():
    node = helper.make_node("CumProd", ["x", "axis"], ["y"], name="scan")
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3]),
                                            helper.make_tensor_value_info("axis", TensorProto.INT64, [])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 26)])
    assert decompose_cumulative_products(prepare_for_import(model).model)[1] == 0
    with pytest.raises(xfuse.onnx.OnnxError, match=r"node 'scan' \(CumProd\)"):
        xfuse.onnx.load(model)

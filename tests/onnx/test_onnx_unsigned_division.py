"""`Div`, `Mod` and `Abs` of unsigned integers keep their unsigned meaning
(xfuse/onnx/unsigned_division.py): uint8, uint16 and uint32 operands past the signed maximum,
the maximum itself, 0 and 1, both meanings of Mod, a zero divisor (0, not a dead process),
agree with ONNX's reference; uint64 stays refused by name."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
from onnx import helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402
from xfuse.onnx.unsigned_division import widen_unsigned_divisions  # noqa: E402

DTYPES = (np.uint8, np.uint16, np.uint32)
SIZE = 32


def division_model(dtypes=DTYPES):
    nodes, inputs, outputs = [], [], []
    for index, dtype in enumerate(dtypes):
        element = helper.np_dtype_to_tensor_dtype(np.dtype(dtype))
        x, y = f"x{index}", f"y{index}"
        inputs += [helper.make_tensor_value_info(x, element, [SIZE]), helper.make_tensor_value_info(y, element, [SIZE])]
        # both meanings of Mod, on alternate types (each compiled op costs CI time)
        for op, attributes in (("Div", {}), ("Mod", {"fmod": index % 2}), ("Abs", {})):
            out = f"{op.lower()}_{index}"
            nodes.append(helper.make_node(op, [x] if op == "Abs" else [x, y], [out], name=out, **attributes))
            outputs.append(helper.make_tensor_value_info(out, element, [SIZE]))
    graph = helper.make_graph(nodes, "g", inputs, outputs)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])


def edge_feeds(seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    feeds = {}
    for index, dtype in enumerate(DTYPES):
        top = np.iinfo(dtype).max
        half = top // 2 + 1  # the first value a signed reading makes negative
        x = rng.integers(0, top, SIZE, dtype=dtype, endpoint=True)
        y = rng.integers(1, top, SIZE, dtype=dtype, endpoint=True)
        x[:9] = [top, top, top - 1, half, half - 1, 0, 1, half + 3, top]
        y[:9] = [1, top, 3, half, 2, top, half, 7, 0]  # by zero: 0, as numpy gives (not SIGFPE)
        feeds[f"x{index}"], feeds[f"y{index}"] = x, y
    return feeds


def test_unsigned_division_agrees_with_the_reference():
    model = division_model()
    feeds = edge_feeds(3)
    with np.errstate(divide="ignore"):  # numpy warns of the zero divisor
        expected = ReferenceEvaluator(model).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for value, want in zip(model.graph.output, expected, strict=True):
        assert got[value.name].dtype == want.dtype
        np.testing.assert_array_equal(got[value.name], want, err_msg=value.name)


def test_int64_holds_the_computation_and_abs_is_the_operand():
    rewritten, count = widen_unsigned_divisions(prepare_for_import(division_model((np.uint16,))).model)
    assert count == 3
    ops = [node.op_type for node in rewritten.graph.node]
    assert ops.count("Identity") == 1 and "Abs" not in ops
    assert ops.count("Gather") == 2 * 2  # two bytes for each of Div and Mod
    modulo = next(node for node in rewritten.graph.node if node.name.endswith("_wide_Mod"))
    assert [(a.name, a.i) for a in modulo.attribute] == [("fmod", 0)]  # the node's attributes kept


def test_uint64_division_is_refused_by_name():
    model = division_model((np.uint64,))
    with pytest.raises(xfuse.onnx.OnnxError, match=r"node 'div_0' \(Div\): UINT64 operands"):
        xfuse.onnx.load(model)

"""`MatMul` with a vector operand and `Einsum` with a scalar result (xfuse/onnx/low_rank_products.py):
torch-mlir does not legalize the first (batched by a vector) and aborts on the second; rewritten
as products of higher rank they agree with onnxruntime, on floats and ints."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.low_rank_products import raise_low_rank_products  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402

F, I = TensorProto.FLOAT, TensorProto.INT32
PRODUCTS = (  # node, its inputs' (name, type, shape), its output's
    (helper.make_node("MatMul", ["a4", "v3"], ["batched_by_vector"]), [("a4", F, [2, 3, 4, 3]), ("v3", F, [3])],
     ("batched_by_vector", F, [2, 3, 4])),
    (helper.make_node("MatMul", ["v4", "b3"], ["vector_by_batched"]), [("v4", F, [4]), ("b3", F, [2, 4, 5])],
     ("vector_by_batched", F, [2, 5])),
    (helper.make_node("MatMul", ["u", "w"], ["dot"]), [("u", I, [6]), ("w", I, [6])], ("dot", I, [])),
    (helper.make_node("Einsum", ["p", "q"], ["contracted"], equation="ij,jk->"),
     [("p", F, [3, 4]), ("q", F, [4, 2])], ("contracted", F, [])),
    (helper.make_node("Einsum", ["t"], ["trace"], equation="ii"), [("t", I, [4, 4])], ("trace", I, [])),
    (helper.make_node("Einsum", ["s", "r"], ["scalars"], equation=",->"), [("s", F, []), ("r", F, [])],
     ("scalars", F, [])),
)


def products_model():
    inputs = [helper.make_tensor_value_info(*value) for _, values, _ in PRODUCTS for value in values]
    outputs = [helper.make_tensor_value_info(*output) for _, _, output in PRODUCTS]
    graph = helper.make_graph([node for node, _, _ in PRODUCTS], "g", inputs, outputs)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def test_products_agree_with_onnxruntime():
    model = products_model()
    rng = np.random.default_rng(3)
    feeds = {name: (rng.standard_normal(shape).astype(np.float32) if element == F else
                    rng.integers(-50, 50, shape, dtype=np.int32))
             for _, values, _ in PRODUCTS for name, element, shape in values}
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for (_, _, (name, element, shape)), want in zip(PRODUCTS, expected, strict=True):
        assert got[name].shape == tuple(shape), name
        if element == I:
            np.testing.assert_array_equal(got[name], want, err_msg=name)
        else:
            np.testing.assert_allclose(got[name], want, rtol=1e-5, atol=1e-5, err_msg=name)


def test_rewritten_forms():
    rewritten, count = raise_low_rank_products(prepare_for_import(products_model()).model)
    assert count == len(PRODUCTS)
    ops = [n.op_type for n in rewritten.graph.node]
    assert ops == ["Unsqueeze", "MatMul", "Squeeze", "Unsqueeze", "MatMul", "Squeeze",
                   "Unsqueeze", "Unsqueeze", "MatMul", "Squeeze", "Einsum", "ReduceSum", "Einsum", "ReduceSum", "Mul", "Identity"]
    equations = [n.attribute[0].s.decode() for n in rewritten.graph.node if n.op_type == "Einsum"]
    assert equations == ["ij,jk->i", "ii->i"]  # the trace in implicit mode
    matrices = helper.make_graph([helper.make_node("MatMul", ["a", "b"], ["c"])], "g",
                                 [helper.make_tensor_value_info("a", F, [2, 3]),
                                  helper.make_tensor_value_info("b", F, [3, 2])],
                                 [helper.make_tensor_value_info("c", F, [2, 2])])
    assert raise_low_rank_products(helper.make_model(matrices))[1] == 0

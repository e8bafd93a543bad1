"""`MaxPool`'s `Indices` flattened over the whole input (xfuse/onnx/max_pool_indices.py): torch-mlir
gives each image's own index (wrong for a batch or several channels) and no column-major order
(`storage_order=1`); computed from its row-major ones they agree with onnxruntime's, over a
batch of several channels, in both orders, with strides and padding, for 1-D and 2-D pools."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.max_pool_indices import flatten_max_pool_indices  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402

POOLS = (  # input, attributes, output's spatial shape
    ("x", {"kernel_shape": [2, 2], "strides": [2, 2], "storage_order": 1}, [2, 3]),
    ("x", {"kernel_shape": [3, 2], "pads": [1, 1, 1, 1], "storage_order": 1}, [5, 8]),
    ("x", {"kernel_shape": [2, 3], "strides": [1, 2]}, [4, 3]),
    ("line", {"kernel_shape": [3], "strides": [2]}, [3]),
)
SHAPES = {"x": [2, 3, 5, 7], "line": [2, 3, 7]}


def pools_model():
    nodes = [helper.make_node("MaxPool", [x], [f"y{i}", f"z{i}"], name=f"pool{i}", **attributes)
             for i, (x, attributes, _) in enumerate(POOLS)]
    outputs = [helper.make_tensor_value_info(name, element, [2, 3, *shape])
               for i, (_, _, shape) in enumerate(POOLS) for name, element in ((f"y{i}", TensorProto.FLOAT),
                                                                                (f"z{i}", TensorProto.INT64))]
    inputs = [helper.make_tensor_value_info(name, TensorProto.FLOAT, shape) for name, shape in SHAPES.items()]
    graph = helper.make_graph(nodes, "g", inputs, outputs)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 12)])


def test_column_major_indices_agree_with_onnxruntime():
    model = pools_model()
    rng = np.random.default_rng(6)
    feeds = {name: rng.permutation(np.prod(shape)).reshape(shape).astype(np.float32)  # no ties
             for name, shape in SHAPES.items()}
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for value, want in zip([v.name for v in model.graph.output], expected, strict=True):
        np.testing.assert_array_equal(got[value], want, err_msg=value)


def test_pools_whose_indices_are_used_are_rewritten():
    rewritten, count = flatten_max_pool_indices(prepare_for_import(pools_model()).model)
    assert count == len(POOLS)
    pools = [n for n in rewritten.graph.node if n.op_type == "MaxPool"]
    assert all("storage_order" not in {a.name for a in n.attribute} for n in pools)
    assert [n.output[0] for n in pools] == [f"y{i}" for i in range(len(POOLS))]
    model = pools_model()
    for node in model.graph.node:
        del node.output[1:]
    del model.graph.output[1::2]
    assert flatten_max_pool_indices(prepare_for_import(model).model)[1] == 0


def test_indices_of_an_unevenly_padded_input_are_refused():
    """torch-mlir counts them in the padded input: `pads` [1, 0, 1, 1] gave 17 where ONNX says 6."""
    node = helper.make_node("MaxPool", ["x"], ["y", "z"], name="pool", kernel_shape=[3, 2], pads=[1, 0, 1, 1])
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, 5, 7])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 1, 5, 7]),
                               helper.make_tensor_value_info("z", TensorProto.INT64, [1, 1, 5, 7])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 12)])
    with pytest.raises(xfuse.onnx.OnnxError, match=r"node 'pool' \(MaxPool\): its Indices output with padding"):
        xfuse.onnx.load(model)

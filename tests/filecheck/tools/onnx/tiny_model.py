"""Writes the tiny ONNX model of import.test: y = Relu(x W + b), W 16x8 (a weight), b 8 (inline)."""

import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

rng = np.random.default_rng(0)
nodes = [helper.make_node("MatMul", ["x", "W"], ["xw"], name="matmul"),
         helper.make_node("Add", ["xw", "b"], ["z"], name="bias"),
         helper.make_node("Relu", ["z"], ["y"], name="relu")]
if len(sys.argv) > 2 and sys.argv[2] == "unsupported":
    nodes.append(helper.make_node("Frobnicate", ["y"], ["y2"], name="strange", domain="my.ops"))
graph = helper.make_graph(
    nodes, "tiny", [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 16])],
    [helper.make_tensor_value_info(nodes[-1].output[0], TensorProto.FLOAT, ["batch", 8])],
    initializer=[numpy_helper.from_array(rng.standard_normal((16, 8)).astype(np.float32), "W"),
                 numpy_helper.from_array(np.arange(8, dtype=np.float32), "b")])
opsets = [helper.make_opsetid("", 17), helper.make_opsetid("my.ops", 1)]
onnx.save(helper.make_model(graph, opset_imports=opsets), sys.argv[1])

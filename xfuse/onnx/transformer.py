"""A transformer encoder layer as an ONNX model, built with `onnx.helper`.

The layer of BERT-style encoders (post-norm), on one sequence `x` of shape (1, seq, hidden):

    q, k, v  = x Wq + bq, x Wk + bk, x Wv + bv          (MatMul, Add)
    heads    = reshape to (1, seq, heads, hidden/heads), transpose to (1, heads, seq, d)
    attn     = Softmax(q k^T / sqrt(d)) v               (MatMul, Mul, Softmax, MatMul)
    h        = LayerNorm(x + concat(attn) Wo + bo)      (Transpose, Reshape, MatMul, Add, LayerNormalization)
    out      = LayerNorm(h + GELU(h W1 + b1) W2 + b2)   (GELU with Erf: 0.5 x (1 + erf(x / sqrt 2)))

Weights are seeded random initializers (normal, std 1/sqrt(fan-in)). The default sizes are
issue 22's benchmark layer (seq 128, hidden 256, 4 heads, FFN 1024); `TINY` is a test size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 17
"""LayerNormalization is an ONNX op from opset 17 on."""


@dataclass(frozen=True)
class LayerSizes:
    seq: int = 128
    hidden: int = 256
    heads: int = 4
    ffn: int = 1024


BENCHMARK = LayerSizes()
TINY = LayerSizes(seq=16, hidden=32, heads=2, ffn=64)


def transformer_layer(sizes: LayerSizes = BENCHMARK, seed: int = 0) -> onnx.ModelProto:
    """The encoder layer with input `x` (1, seq, hidden) and output `y` of the same shape."""
    if sizes.hidden % sizes.heads:
        raise ValueError(f"hidden size {sizes.hidden} is not a multiple of {sizes.heads} heads")
    builder = _Builder(np.random.default_rng(seed))
    seq, hidden, heads, head = sizes.seq, sizes.hidden, sizes.heads, sizes.hidden // sizes.heads

    def split_heads(name: str, value: str, perm: list[int]) -> str:
        reshaped = builder.op("Reshape", [value, builder.ints(f"{name}_shape", [1, seq, heads, head])])
        return builder.op("Transpose", [reshaped], perm=perm)

    q = split_heads("q", builder.linear("q", "x", hidden, hidden), [0, 2, 1, 3])
    k = split_heads("k", builder.linear("k", "x", hidden, hidden), [0, 2, 3, 1])
    v = split_heads("v", builder.linear("v", "x", hidden, hidden), [0, 2, 1, 3])
    scores = builder.op("Mul", [builder.op("MatMul", [q, k]), builder.scalar("scale", 1.0 / math.sqrt(head))])
    context = builder.op("MatMul", [builder.op("Softmax", [scores], axis=-1), v])
    merged = builder.op("Reshape", [builder.op("Transpose", [context], perm=[0, 2, 1, 3]),
                                    builder.ints("merged_shape", [1, seq, hidden])])
    attended = builder.layer_norm("ln1", builder.op("Add", ["x", builder.linear("o", merged, hidden, hidden)]), hidden)
    inner = builder.linear("ffn1", attended, hidden, sizes.ffn)
    erf = builder.op("Erf", [builder.op("Mul", [inner, builder.scalar("inv_sqrt2", 1.0 / math.sqrt(2.0))])])
    gelu = builder.op("Mul", [builder.op("Mul", [inner, builder.scalar("half", 0.5)]),
                              builder.op("Add", [erf, builder.scalar("one", 1.0)])])
    builder.layer_norm("ln2", builder.op("Add", [attended, builder.linear("ffn2", gelu, sizes.ffn, hidden)]), hidden,
                       output="y")
    shape = [1, seq, hidden]
    graph = helper.make_graph(builder.nodes, "transformer_layer",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, shape)],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, shape)],
                              initializer=builder.initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="xfuse")
    onnx.checker.check_model(model)
    return model


class _Builder:
    """Nodes and initializers of a graph under construction, with fresh value names."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        self.nodes: list[onnx.NodeProto] = []
        self.initializers: list[onnx.TensorProto] = []
        self._count = 0

    def op(self, op_type: str, inputs: list[str], output: str | None = None, **attributes) -> str:
        self._count += 1
        output = output or f"{op_type.lower()}_{self._count}"
        self.nodes.append(helper.make_node(op_type, inputs, [output], name=f"{op_type}_{self._count}", **attributes))
        return output

    def tensor(self, name: str, array: np.ndarray) -> str:
        self.initializers.append(numpy_helper.from_array(array, name))
        return name

    def scalar(self, name: str, value: float) -> str:
        return self.tensor(name, np.array(value, np.float32))

    def ints(self, name: str, values: list[int]) -> str:
        return self.tensor(name, np.array(values, np.int64))

    def linear(self, name: str, value: str, fan_in: int, fan_out: int) -> str:
        weight = self.tensor(f"{name}_w", self.rng.normal(0, 1 / math.sqrt(fan_in), (fan_in, fan_out)).astype(np.float32))
        bias = self.tensor(f"{name}_b", self.rng.normal(0, 0.1, (fan_out,)).astype(np.float32))
        return self.op("Add", [self.op("MatMul", [value, weight]), bias])

    def layer_norm(self, name: str, value: str, size: int, output: str | None = None) -> str:
        gamma = self.tensor(f"{name}_gamma", self.rng.uniform(0.5, 1.5, (size,)).astype(np.float32))
        beta = self.tensor(f"{name}_beta", self.rng.normal(0, 0.1, (size,)).astype(np.float32))
        return self.op("LayerNormalization", [value, gamma, beta], output=output, axis=-1, epsilon=1e-5)

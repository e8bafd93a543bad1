"""Small recurrent ONNX models built with onnx.helper, for tests against onnxruntime."""

from __future__ import annotations

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

GATES = {"LSTM": 4, "GRU": 3, "RNN": 1}


def recurrent_node_model(op: str, *, steps: int = 5, batch: int = 2, inputs: int = 3, hidden: int = 4,
                         direction: str = "forward", layout: int = 0, bias: bool = True,
                         initial_h: bool = False, initial_c: bool = False, peepholes: bool = False,
                         sequence_lens: list[int] | None = None, outputs: tuple[str, ...] = ("Y", "Y_h"),
                         seed: int = 0, **attributes) -> onnx.ModelProto:
    """One `op` node with seeded constant weights; X (and initial states) are float inputs."""
    rng = np.random.default_rng(seed)
    dirs = 2 if direction == "bidirectional" else 1
    gates = GATES[op]

    def weight(*shape):
        return rng.uniform(-0.6, 0.6, shape).astype(np.float32)

    initializers = [numpy_helper.from_array(weight(dirs, gates * hidden, inputs), "W"),
                    numpy_helper.from_array(weight(dirs, gates * hidden, hidden), "R")]
    x_shape = [batch, steps, inputs] if layout else [steps, batch, inputs]
    state_shape = [batch, dirs, hidden] if layout else [dirs, batch, hidden]
    graph_inputs = [helper.make_tensor_value_info("X", TensorProto.FLOAT, x_shape)]
    node_inputs = ["X", "W", "R", "", "", "", "", ""]
    if bias:
        initializers.append(numpy_helper.from_array(weight(dirs, 2 * gates * hidden), "B"))
        node_inputs[3] = "B"
    if sequence_lens is not None:
        initializers.append(numpy_helper.from_array(np.array(sequence_lens, np.int32), "seq_lens"))
        node_inputs[4] = "seq_lens"
    if initial_h:
        graph_inputs.append(helper.make_tensor_value_info("initial_h", TensorProto.FLOAT, state_shape))
        node_inputs[5] = "initial_h"
    if initial_c:
        graph_inputs.append(helper.make_tensor_value_info("initial_c", TensorProto.FLOAT, state_shape))
        node_inputs[6] = "initial_c"
    if peepholes:
        initializers.append(numpy_helper.from_array(weight(dirs, 3 * hidden), "P"))
        node_inputs[7] = "P"
    while node_inputs and not node_inputs[-1]:
        node_inputs.pop()
    names = {"Y": "Y", "Y_h": "Y_h", "Y_c": "Y_c"}
    node_outputs = [names[o] if o in outputs else "" for o in ("Y", "Y_h", "Y_c")[:3 if op == "LSTM" else 2]]
    while node_outputs and not node_outputs[-1]:
        node_outputs.pop()
    node = helper.make_node(op, node_inputs, node_outputs, name=f"{op.lower()}0", hidden_size=hidden,
                            direction=direction, layout=layout, **attributes)
    y_shape = [batch, steps, dirs, hidden] if layout else [steps, dirs, batch, hidden]
    shapes = {"Y": y_shape, "Y_h": state_shape, "Y_c": state_shape}
    graph = helper.make_graph([node], f"{op.lower()}_node", graph_inputs,
                              [helper.make_tensor_value_info(o, TensorProto.FLOAT, shapes[o]) for o in node_outputs if o],
                              initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])

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


def _uniform(rng, *shape, scale=0.5):
    return rng.uniform(-scale, scale, shape).astype(np.float32)


def crnn_model(width: int = 16, hidden: int = 8, classes: int = 10, seed: int = 0) -> onnx.ModelProto:
    """A CRNN text recognizer in small: Conv-ReLU-MaxPool over a [1, 1, 8, width] line image,
    its columns a sequence ([width/2, 1, 16] after Transpose and Reshape), a bidirectional LSTM,
    and a per-step classifier (MatMul + Add) giving [width/2, 1, classes] logits."""
    rng = np.random.default_rng(seed)
    steps, features = width // 2, 4 * 4
    inits = [numpy_helper.from_array(_uniform(rng, 4, 1, 3, 3), "conv_w"),
             numpy_helper.from_array(_uniform(rng, 4), "conv_b"),
             numpy_helper.from_array(np.array([steps, 1, features], np.int64), "seq_shape"),
             numpy_helper.from_array(_uniform(rng, 2, 4 * hidden, features), "lstm_W"),
             numpy_helper.from_array(_uniform(rng, 2, 4 * hidden, hidden), "lstm_R"),
             numpy_helper.from_array(_uniform(rng, 2, 8 * hidden), "lstm_B"),
             numpy_helper.from_array(np.array([steps, 1, 2 * hidden], np.int64), "y_shape"),
             numpy_helper.from_array(_uniform(rng, 2 * hidden, classes), "fc_w"),
             numpy_helper.from_array(_uniform(rng, classes), "fc_b")]
    nodes = [helper.make_node("Conv", ["image", "conv_w", "conv_b"], ["conv"], pads=[1, 1, 1, 1]),
             helper.make_node("Relu", ["conv"], ["relu"]),
             helper.make_node("MaxPool", ["relu"], ["pool"], kernel_shape=[2, 2], strides=[2, 2]),  # [1,4,4,W/2]
             helper.make_node("Transpose", ["pool"], ["columns"], perm=[3, 0, 1, 2]),  # [W/2, 1, 4, 4]
             helper.make_node("Reshape", ["columns", "seq_shape"], ["sequence"]),
             helper.make_node("LSTM", ["sequence", "lstm_W", "lstm_R", "lstm_B"], ["lstm_y"], name="bilstm",
                              hidden_size=hidden, direction="bidirectional"),  # [W/2, 2, 1, H]
             helper.make_node("Transpose", ["lstm_y"], ["lstm_t"], perm=[0, 2, 1, 3]),
             helper.make_node("Reshape", ["lstm_t", "y_shape"], ["features"]),
             helper.make_node("MatMul", ["features", "fc_w"], ["scores"]),
             helper.make_node("Add", ["scores", "fc_b"], ["logits"])]
    graph = helper.make_graph(nodes, "crnn", [helper.make_tensor_value_info("image", TensorProto.FLOAT, [1, 1, 8, width])],
                              [helper.make_tensor_value_info("logits", TensorProto.FLOAT, [steps, 1, classes])], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def voice_activity_model(steps: int = 10, features: int = 13, hidden: int = 16, seed: int = 0) -> onnx.ModelProto:
    """A voice-activity detector in small, streaming: an LSTM over [steps, 1, features] frames
    whose state comes in (h0, c0) and goes out (hn, cn), then a per-frame MatMul and Sigmoid
    giving [steps, 1, 1] speech probabilities."""
    rng = np.random.default_rng(seed)
    inits = [numpy_helper.from_array(_uniform(rng, 1, 4 * hidden, features), "W"),
             numpy_helper.from_array(_uniform(rng, 1, 4 * hidden, hidden), "R"),
             numpy_helper.from_array(_uniform(rng, 1, 8 * hidden), "B"),
             numpy_helper.from_array(np.array([1], np.int64), "dir_axis"),
             numpy_helper.from_array(_uniform(rng, hidden, 1), "head_w")]
    nodes = [helper.make_node("LSTM", ["frames", "W", "R", "B", "", "h0", "c0"], ["y", "hn", "cn"], name="vad_lstm",
                              hidden_size=hidden),
             helper.make_node("Squeeze", ["y", "dir_axis"], ["states"]),  # [steps, 1, H]
             helper.make_node("MatMul", ["states", "head_w"], ["score"]),
             helper.make_node("Sigmoid", ["score"], ["speech"])]
    state = [1, 1, hidden]
    graph = helper.make_graph(
        nodes, "vad",
        [helper.make_tensor_value_info("frames", TensorProto.FLOAT, [steps, 1, features]),
         helper.make_tensor_value_info("h0", TensorProto.FLOAT, state),
         helper.make_tensor_value_info("c0", TensorProto.FLOAT, state)],
        [helper.make_tensor_value_info("speech", TensorProto.FLOAT, [steps, 1, 1]),
         helper.make_tensor_value_info("hn", TensorProto.FLOAT, state),
         helper.make_tensor_value_info("cn", TensorProto.FLOAT, state)], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])

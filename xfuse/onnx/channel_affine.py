"""Per-channel scales and shifts after convolutions, folded into the convolutions' weights.

Caffe-converted networks follow each batch norm with a "scale" layer: a `Mul` by a per-channel
constant and an `Add` of another (Inception-v2 and DenseNet-121 of the onnx wheel's light
models, 69 and 121 of each, their vectors `Unsqueeze`d to `C x 1 x 1`). After a convolution
(its batch norm folded by `batch_norm.fold_batch_norms`) they are an affine map per output
channel like the batch norm itself: `Mul(Conv(x, W, B), s) = Conv(x, W * s, B * s)` and
`Add(Conv(x, W, B), t) = Conv(x, W, B + t)`. Left in, torch-mlir lowers each to a pass over
the convolution's result with a broadcast operand, which the backend's register tiles do not
take (docs/backend.md): Inception-v2's 69 Mul/Add/ReLU passes were 8% of its call.

A `Mul` or `Add` is folded into the `Conv` before it when the convolution's output feeds only
it (and is no graph output), the convolution's filter and bias are float32 constants, and the
other operand is a float32 constant (an initializer, a `Constant`, or an `Unsqueeze` of one)
that broadcasts per output channel: a scalar, or `C`, `C x 1 x 1`, `1 x C x 1 x 1` with `C`
the convolution's output channels (`C` alone broadcasts along the width, so it is taken only
when `C` is 1). Chains fold one node at a time (the `Mul`, then the `Add` after it). Numerics:
float64, rounded once to float32.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.graph import initializer_arrays, make_value_info, prune_unused_initializers

_DEFAULT_DOMAINS = ("", "ai.onnx")


def _unsqueezed_constants(model: onnx.ModelProto, constants: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The values of `Unsqueeze` nodes of constants (axes as attribute, opset < 13, or as a
    constant input), by output name."""
    values = {}
    for node in model.graph.node:
        if node.op_type != "Unsqueeze" or node.domain not in _DEFAULT_DOMAINS or node.input[0] not in constants:
            continue
        axes = [list(helper.get_attribute_value(a)) for a in node.attribute if a.name == "axes"]
        if not axes and len(node.input) > 1 and node.input[1] in constants:
            axes = [[int(v) for v in constants[node.input[1]].reshape(-1)]]
        if not axes:
            continue
        value = constants[node.input[0]]
        rank = value.ndim + len(axes[0])
        for axis in sorted(a % rank for a in axes[0]):
            value = np.expand_dims(value, axis)
        values[node.output[0]] = value
    return values


def _per_channel(value: np.ndarray, channels: int) -> np.ndarray | None:
    """`value` as one number per output channel of a 4-D NCHW result, None when it broadcasts
    otherwise."""
    if value.dtype != np.float32:
        return None
    if value.size == 1:
        return np.full(channels, float(value.reshape(())), dtype=np.float64)
    shape = value.shape
    while len(shape) > 3 and shape[0] == 1:
        shape = shape[1:]
    if shape == (channels, 1, 1):
        return value.reshape(channels).astype(np.float64)
    return None


class _Folder:
    """The graph's constants and readers, kept up to date as nodes fold (recomputing them per
    fold would convert every weight to numpy once per fold)."""

    def __init__(self, model: onnx.ModelProto):
        self.model, self.graph = model, model.graph
        self.constants = initializer_arrays(model)
        self.constants.update(_unsqueezed_constants(model, self.constants))
        self.readers: dict[str, list[onnx.NodeProto]] = {}
        for node in self.graph.node:
            for name in node.input:
                self.readers.setdefault(name, []).append(node)
        self.outputs = {value.name for value in self.graph.output}

    def fold_after(self, conv: onnx.NodeProto) -> bool:
        """Fold the Mul/Add reading `conv`'s output into it, in place; whether there was one."""
        if conv.output[0] in self.outputs:
            return False
        users = self.readers.get(conv.output[0], [])
        if len(users) != 1 or users[0].op_type not in ("Mul", "Add") or users[0].domain not in _DEFAULT_DOMAINS:
            return False
        node = users[0]
        others = [name for name in node.input if name != conv.output[0]]
        weight = self.constants.get(conv.input[1])
        bias_name = conv.input[2] if len(conv.input) > 2 else ""
        bias = self.constants.get(bias_name) if bias_name else None
        if len(others) != 1 or others[0] not in self.constants or weight is None or weight.dtype != np.float32 or \
                weight.ndim != 4 or (bias_name and (bias is None or bias.dtype != np.float32)):
            return False
        channels = weight.shape[0]
        vector = _per_channel(self.constants[others[0]], channels)
        if vector is None:
            return False
        new_weight = weight.astype(np.float64)
        new_bias = bias.astype(np.float64) if bias is not None else np.zeros(channels)
        if node.op_type == "Mul":
            new_weight = new_weight * vector.reshape(channels, 1, 1, 1)
            new_bias = new_bias * vector
        else:
            new_bias = new_bias + vector
        names = (f"{node.output[0]}_folded_weight", f"{node.output[0]}_folded_bias")
        for name, array in zip(names, (new_weight.astype(np.float32), new_bias.astype(np.float32)), strict=True):
            self.graph.initializer.append(numpy_helper.from_array(array, name))
            if self.model.ir_version < 4:  # initializers must be declared as inputs too
                self.graph.input.append(make_value_info(name, array))
            self.constants[name] = array
            self.readers[name] = [conv]
        del conv.input[1:]
        conv.input.extend(names)
        gone = conv.output[0]
        conv.output[0] = node.output[0]
        self.readers.pop(gone, None)
        self.readers[others[0]] = [n for n in self.readers.get(others[0], []) if n is not node]
        self.graph.node.remove(node)
        infos = [info for info in self.graph.value_info if info.name != gone]
        del self.graph.value_info[:]
        self.graph.value_info.extend(infos)
        return True


def fold_channel_affines(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """A copy of `model` with every foldable Conv -> Mul/Add folded (module docstring), and how
    many were; `model` itself when none is."""
    if not any(node.op_type in ("Mul", "Add") for node in model.graph.node):
        return model, 0
    folded = onnx.ModelProto()
    folded.CopyFrom(model)
    try:
        folder = _Folder(folded)
    except Exception:  # noqa: BLE001 - a malformed initializer: `weights.externalize` reports it by name
        return model, 0
    count = 0
    for conv in [node for node in folded.graph.node if node.op_type == "Conv" and node.domain in _DEFAULT_DOMAINS]:
        while folder.fold_after(conv):
            count += 1
    if not count:
        return model, 0
    used = {name for node in folded.graph.node for name in node.input} | {o.name for o in folded.graph.output}
    kept = [node for node in folded.graph.node
            if not (node.op_type == "Unsqueeze" and not any(out in used for out in node.output))]
    del folded.graph.node[:]
    folded.graph.node.extend(kept)
    prune_unused_initializers(folded)
    return folded, count

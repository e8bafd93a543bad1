"""Batch normalizations after convolutions, folded into the convolutions' weights at import.

At inference a `BatchNormalization` is a per-channel affine map, `y = (x - mean) * s + beta`
with `s = scale / sqrt(var + epsilon)`; after a `Conv` it folds into the convolution's filter
and bias: `W' = W * s` per output channel, `B' = (B - mean) * s + beta`. Every inference engine
does this (onnxruntime's graph optimizer among them). torch-mlir lowers a batch norm to four
elementwise passes over the convolution's result with per-channel operands; folded, the
convolution's bias is its accumulator's init and only the ReLU follows, which the backend's
register tiles take as their epilogue.

A pair is folded when the convolution's output feeds only the batch norm (and is no graph
output), its filter, bias and the batch norm's four parameters are float32 initializers or
`Constant`s, `var + epsilon > 0` everywhere, and the batch norm has no training outputs in use.
The folded weights replace the convolution's initializers in place (same names, same order)
when nothing else reads those; else they are new ones (`<conv output>_bn_weight`, `_bn_bias`). Numerics: computed in float64, rounded once to float32, so
the folded network differs from the unfolded one by float32 rounding (1e-7 relative).
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import numpy_helper

from xfuse.onnx.graph import initializer_arrays, make_value_info, prune_unused_initializers


def _epsilon(node: onnx.NodeProto) -> float:
    for attribute in node.attribute:
        if attribute.name == "epsilon":
            return attribute.f
    return 1e-5


def fold_batch_norms(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """A copy of `model` with every foldable Conv -> BatchNormalization pair folded (module
    docstring), and how many were; `model` itself when none is."""
    graph = model.graph
    try:
        constants = initializer_arrays(model)
    except Exception:  # noqa: BLE001 - a malformed initializer: `weights.externalize` reports it by name
        return model, 0
    readers: dict[str, list[onnx.NodeProto]] = {}
    for node in graph.node:
        for name in node.input:
            readers.setdefault(name, []).append(node)
    outputs = {value.name for value in graph.output}
    producers = {out: node for node in graph.node for out in node.output}
    folds: list[tuple[onnx.NodeProto, onnx.NodeProto, np.ndarray, np.ndarray]] = []
    for norm in graph.node:
        if norm.op_type != "BatchNormalization" or norm.domain not in ("", "ai.onnx") or len(norm.input) != 5:
            continue
        conv = producers.get(norm.input[0])
        if conv is None or conv.op_type != "Conv" or conv.domain not in ("", "ai.onnx") or \
                conv.output[0] in outputs or [n.output[0] for n in readers.get(conv.output[0], [])] != [norm.output[0]]:
            continue
        if any(name and readers.get(name) for name in norm.output[1:]) or \
                any(name and name in outputs for name in norm.output[1:]):
            continue
        params = [constants.get(name) for name in norm.input[1:]]
        weight = constants.get(conv.input[1])
        bias_name = conv.input[2] if len(conv.input) > 2 else ""
        bias = constants.get(bias_name) if bias_name else None
        arrays = [weight, *params] + ([bias] if bias_name else [])
        if any(a is None or a.dtype != np.float32 for a in arrays):
            continue
        channels = weight.shape[0]
        if any(p.shape != (channels,) for p in params) or (bias is not None and bias.shape != (channels,)):
            continue
        scale, beta, mean, var = (p.astype(np.float64) for p in params)
        denominator = var + _epsilon(norm)
        if not np.all(denominator > 0):
            continue
        factor = scale / np.sqrt(denominator)
        folded_weight = (weight.astype(np.float64) * factor.reshape((channels,) + (1,) * (weight.ndim - 1)))
        folded_bias = ((bias.astype(np.float64) if bias is not None else 0.0) - mean) * factor + beta
        folds.append((conv, norm, folded_weight.astype(np.float32), folded_bias.astype(np.float32)))
    if not folds:
        return model, 0
    folded = onnx.ModelProto()
    folded.CopyFrom(model)
    by_output = {node.output[0]: node for node in folded.graph.node}
    positions = {init.name: index for index, init in enumerate(folded.graph.initializer)}
    declared: list[tuple[str, np.ndarray]] = []
    removed = set()

    def store(name: str, array: np.ndarray, conv: onnx.NodeProto, fresh: str) -> str:
        """Overwrite the initializer `name` in place when only `conv` reads it (names and weight
        order stay the user's), else add one named `fresh`."""
        if name and name in positions and [n.output[0] for n in readers.get(name, [])] == [conv.output[0]]:
            folded.graph.initializer[positions[name]].CopyFrom(numpy_helper.from_array(array, name))
            return name
        folded.graph.initializer.append(numpy_helper.from_array(array, fresh))
        declared.append((fresh, array))
        return fresh

    for conv, norm, weight, bias in folds:
        copy = by_output[conv.output[0]]
        old_bias = conv.input[2] if len(conv.input) > 2 else ""
        weight_name = store(conv.input[1], weight, conv, f"{conv.output[0]}_bn_weight")
        bias_name = store(old_bias, bias, conv, f"{conv.output[0]}_bn_bias")
        del copy.input[1:]
        copy.input.extend([weight_name, bias_name])
        copy.output[0] = norm.output[0]
        removed.add(norm.output[0])
    kept = [node for node in folded.graph.node if not (node.op_type == "BatchNormalization" and
                                                          node.output[0] in removed)]
    del folded.graph.node[:]
    folded.graph.node.extend(kept)
    gone = {conv.output[0] for conv, *_ in folds}
    infos = [info for info in folded.graph.value_info if info.name not in gone]
    del folded.graph.value_info[:]
    folded.graph.value_info.extend(infos)
    if folded.ir_version < 4:  # initializers must be declared as inputs too
        folded.graph.input.extend(make_value_info(name, array) for name, array in declared)
    prune_unused_initializers(folded)
    return folded, len(folds)

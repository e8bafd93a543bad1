"""onnxruntime as the oracle: the reference outputs of a model and the agreement measure.

xfuse's result agrees with onnxruntime when `relative_error` (the largest absolute difference
over the largest magnitude of the reference output) is at most `TOLERANCE`. onnxruntime runs the
model as given (before xfuse's rewrites), so the check covers those too. onnxruntime is in the
`onnx` extra (prepare.py folds shape computations with it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import onnx

from xfuse.onnx.errors import OnnxError

TOLERANCE = 1e-4


def onnxruntime_outputs(model: onnx.ModelProto, feeds: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The outputs onnxruntime's CPU provider computes for `feeds`, by name (one thread)."""
    try:
        import onnxruntime
    except ImportError:
        raise OnnxError("the onnxruntime oracle needs onnxruntime: pip install onnxruntime") from None
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.log_severity_level = 3  # the light models' unused initializers are warned about
    session = onnxruntime.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])
    names = [output.name for output in session.get_outputs()]
    return dict(zip(names, session.run(names, dict(feeds)), strict=True))


def with_softmax_inputs_as_outputs(model: onnx.ModelProto, squashes: tuple[str, ...] = ("Softmax",)) -> onnx.ModelProto:
    """A copy of `model` that also outputs the input (the logits) of every Softmax (or other op
    of `squashes`, e.g. a detector's final Sigmoid) whose output is a graph output. A
    classifier's probabilities saturate at 0 and 1 when its logits are a few tens apart, and
    then hide any error in them; the logits do not."""
    result = onnx.ModelProto()
    result.CopyFrom(model)
    outputs = {value.name: value for value in result.graph.output}
    for node in result.graph.node:
        if node.op_type in squashes and node.output[0] in outputs and node.input[0] not in outputs:
            logits = onnx.ValueInfoProto()
            logits.CopyFrom(outputs[node.output[0]])
            logits.name = node.input[0]
            result.graph.output.append(logits)
    return result


def relative_error(actual: np.ndarray, expected: np.ndarray) -> float:
    """max |actual - expected| / max |expected| (inf when the shapes differ or a value is not finite)."""
    actual, expected = np.asarray(actual, np.float64), np.asarray(expected, np.float64)
    if actual.shape != expected.shape or not np.isfinite(actual).all() or not np.isfinite(expected).all():
        return float("inf")
    scale = float(np.abs(expected).max(initial=0.0)) or 1.0
    return float(np.abs(actual - expected).max(initial=0.0)) / scale


def random_feeds(model: Any, seed: int = 0) -> dict[str, np.ndarray]:
    """Seeded inputs for a `Model`: standard normal floats, integers in [0, 4)."""
    rng = np.random.default_rng(seed)
    feeds = {}
    for info in model.inputs:
        if info.dtype.kind == "f":
            feeds[info.name] = rng.standard_normal(info.shape).astype(info.dtype)
        else:
            feeds[info.name] = rng.integers(0, 4, info.shape).astype(info.dtype)
    return feeds


def compare_with_onnxruntime(model: Any, onnx_model: onnx.ModelProto, seed: int = 0) -> dict[str, float]:
    """`relative_error` of each output of the compiled `model` against onnxruntime running
    `onnx_model` on the same seeded inputs (and the values of the inputs fixed at load)."""
    feeds = random_feeds(model, seed)
    expected = onnxruntime_outputs(onnx_model, {**model.fixed_values, **feeds})
    actual = model.run(feeds)
    return {name: relative_error(actual[name], expected[name]) for name in model.output_names}

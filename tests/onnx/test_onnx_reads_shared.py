"""`graph.reads_shared` (xfuse/onnx/graph.py): within it, the small decompositions of the import
read each model's value types and constants once instead of once each; what they make is the
same as when each reads them itself, and what a caller gets is its own."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

from xfuse.onnx import graph  # noqa: E402
from xfuse.onnx.graph import initializer_arrays, reads_shared, static_types  # noqa: E402
from xfuse.onnx.importer import SMALL_DECOMPOSITIONS  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402


def _model():
    """A Relu (which no decomposition rewrites) beside a CumProd and a signed integer Div by a
    constant that may be -1 (which two of them rewrite)."""
    initializers = [numpy_helper.from_array(np.array(1, np.int64), "axis"),
                    numpy_helper.from_array(np.array([3, -1, 2], np.int32), "d")]
    nodes = [helper.make_node("Relu", ["x"], ["r"], name="relu"),
             helper.make_node("CumProd", ["r", "axis"], ["c"], name="scan"),
             helper.make_node("Div", ["n", "d"], ["q"], name="div")]
    inputs = [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3]),
              helper.make_tensor_value_info("n", TensorProto.INT32, [3])]
    outputs = [helper.make_tensor_value_info("c", TensorProto.FLOAT, [2, 3]),
               helper.make_tensor_value_info("q", TensorProto.INT32, [3])]
    model = helper.make_model(helper.make_graph(nodes, "g", inputs, outputs, initializers),
                              opset_imports=[helper.make_opsetid("", 26)])
    return prepare_for_import(model).model


def _decomposed(model):
    counts = []
    for decompose in SMALL_DECOMPOSITIONS:
        model, count = decompose(model)
        counts.append(count)
    return model, counts


def test_the_decompositions_make_the_same_model_with_shared_reads():
    alone, alone_counts = _decomposed(_model())
    with reads_shared():
        shared, shared_counts = _decomposed(_model())
    assert sum(alone_counts) >= 2 and shared_counts == alone_counts
    assert shared.SerializeToString() == alone.SerializeToString()


def test_each_model_is_read_once_within_and_every_time_outside(monkeypatch):
    reads = []
    original = graph._static_types
    monkeypatch.setattr(graph, "_static_types", lambda model: reads.append(model) or original(model))
    first, second = _model(), _model()
    static_types(first), static_types(first)
    assert len(reads) == 2
    with reads_shared():
        static_types(first), static_types(first), static_types(second)
    assert reads[2:] == [first, second]


def test_callers_own_what_they_get():
    model = _model()
    with reads_shared():
        types, arrays = static_types(model), initializer_arrays(model)
        types.clear()
        arrays["d"][0] = 7
        assert static_types(model) and initializer_arrays(model)["d"][0] == 3

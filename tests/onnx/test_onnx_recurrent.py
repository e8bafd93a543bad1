"""LSTM, GRU and RNN are decomposed into per-step ops before import (xfuse/onnx/recurrent.py):
unrolled over a short sequence, a `Loop` whose body is one step over a longer one.

The decomposition alone, in both forms, is checked on many attribute combinations by running the
decomposed graph in onnxruntime beside the original (no compilation: cheap); a few are compiled
by xfuse, and two small networks (a CRNN-like conv + bidirectional LSTM, a streaming
voice-activity LSTM with its state in and out) agree with onnxruntime at 1e-4 of the output's
magnitude. layout=1, which onnxruntime refuses, is checked against ONNX's reference
implementation."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
import onnx  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402
from recurrent_models import crnn_model, recurrent_node_model, voice_activity_model  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.errors import OnnxError  # noqa: E402
from xfuse.onnx.oracle import compare_with_onnxruntime, onnxruntime_outputs, random_feeds, relative_error  # noqa: E402
from xfuse.onnx.recurrent import decompose_recurrent  # noqa: E402

DECOMPOSITION_CASES = [
    ("LSTM", {}),
    ("LSTM", dict(direction="bidirectional", initial_h=True, initial_c=True, outputs=("Y", "Y_h", "Y_c"))),
    ("LSTM", dict(direction="reverse", peepholes=True, initial_c=True, outputs=("Y", "Y_h", "Y_c"))),
    ("LSTM", dict(peepholes=True, outputs=("Y_c",))),
    ("LSTM", dict(clip=0.3, input_forget=1, bias=False)),
    ("LSTM", dict(sequence_lens=[5, 2], direction="bidirectional", initial_h=True, outputs=("Y", "Y_h", "Y_c"))),
    ("LSTM", dict(activations=["Relu", "Tanh", "Softsign"])),
    ("GRU", {}),
    ("GRU", dict(linear_before_reset=1)),
    ("GRU", dict(linear_before_reset=1, direction="bidirectional", initial_h=True)),
    ("GRU", dict(sequence_lens=[3, 5], direction="reverse", clip=0.5)),
    ("RNN", {}),
    ("RNN", dict(activations=["Relu", "Sigmoid"], direction="bidirectional", initial_h=True)),
    ("RNN", dict(sequence_lens=[0, 4], bias=False)),
]


def _inferred(model: onnx.ModelProto) -> onnx.ModelProto:
    return onnx.shape_inference.infer_shapes(model, strict_mode=True)


UNROLL_ALL = 1000
FORMS = pytest.mark.parametrize("unrolled_steps", [UNROLL_ALL, 0], ids=["unrolled", "loop"])


@FORMS
@pytest.mark.parametrize("op, options", DECOMPOSITION_CASES, ids=lambda v: v if isinstance(v, str) else
                         "-".join(f"{k}={v}" for k, v in v.items()) or "defaults")
def test_decomposed_graph_agrees_with_the_node_in_onnxruntime(op, options, unrolled_steps):
    model = _inferred(recurrent_node_model(op, **options))
    decomposed, count = decompose_recurrent(model, unrolled_steps)
    ops = {node.op_type for node in decomposed.graph.node}
    assert count == 1 and op not in ops and ("Loop" in ops) == (unrolled_steps == 0)
    rng = np.random.default_rng(1)
    feeds = {value.name: rng.standard_normal([d.dim_value for d in value.type.tensor_type.shape.dim])
             .astype(np.float32) for value in model.graph.input}
    expected, got = onnxruntime_outputs(model, feeds), onnxruntime_outputs(decomposed, feeds)
    for name in expected:
        assert got[name].shape == expected[name].shape
        assert relative_error(got[name], expected[name]) <= 1e-5, name


@FORMS
def test_batch_first_layout_agrees_with_onnx_reference(unrolled_steps):
    # onnxruntime refuses layout=1 ("Batchwise recurrent operations are not supported"); the
    # reference ignores sequence_lens
    model = _inferred(recurrent_node_model("GRU", layout=1, direction="bidirectional", initial_h=True))
    decomposed, _ = decompose_recurrent(model, unrolled_steps)
    feeds = {"X": np.random.default_rng(2).standard_normal((2, 5, 3)).astype(np.float32),
             "initial_h": np.random.default_rng(3).standard_normal((2, 2, 4)).astype(np.float32)}
    for expected, got in zip(ReferenceEvaluator(model).run(None, feeds), ReferenceEvaluator(decomposed).run(None, feeds),
                             strict=True):
        assert relative_error(got, expected) <= 1e-5


@pytest.mark.parametrize("op, options, unrolled", [
    pytest.param("LSTM", dict(direction="bidirectional", peepholes=True, initial_h=True, initial_c=True,
                              sequence_lens=[5, 3], outputs=("Y", "Y_h", "Y_c")), True, marks=pytest.mark.heavy),
    pytest.param("LSTM", dict(steps=20, batch=3, inputs=20, hidden=40, direction="bidirectional", peepholes=True,
                              initial_h=True, initial_c=True, sequence_lens=[20, 11, 1], outputs=("Y", "Y_h", "Y_c")),
                 False, marks=pytest.mark.heavy),
    ("GRU", dict(steps=2, linear_before_reset=1, direction="reverse"), True),
    # the loop form: reverse, masked by sequence_lens, an initial state
    ("GRU", dict(steps=20, direction="reverse", initial_h=True, sequence_lens=[20, 9]), False),
    # wide enough for the backend to register-tile the recurrent matmul, whose chain is the next state
    ("RNN", dict(steps=20, batch=1, inputs=32, hidden=64), False),
], ids=["lstm-unrolled", "lstm-loop", "gru-unrolled", "gru-loop", "rnn-loop-64"])
def test_compiled_node_agrees_with_onnxruntime(op, options, unrolled, monkeypatch):
    monkeypatch.setenv("XFUSE_UNROLLED_STEPS", str(UNROLL_ALL if unrolled else 0))
    model = recurrent_node_model(op, **options)
    errors = compare_with_onnxruntime(xfuse.onnx.load(model), model)
    assert max(errors.values()) <= 1e-4, errors


def test_compiled_batch_first_rnn_agrees_with_onnx_reference():
    model = recurrent_node_model("RNN", layout=1, initial_h=True)
    compiled = xfuse.onnx.load(model)
    feeds = random_feeds(compiled)
    expected = ReferenceEvaluator(model).run(None, feeds)
    got = compiled.run(feeds)
    for value, reference in zip(model.graph.output, expected, strict=True):
        assert relative_error(got[value.name], reference) <= 1e-4


# the compiled tests cost 10-55 s each on the loaded 2-core machine (CI time): the larger ones are heavy
@pytest.mark.parametrize("build", [
    pytest.param(crnn_model, marks=pytest.mark.heavy),
    # issue 39's text recognizer: 40 and 100 columns, 256 hidden units each way
    # (T=100 loaded cold in 9.2 s at load average 3, 31 s at 11)
    pytest.param(lambda: crnn_model(width=80, hidden=256), marks=pytest.mark.heavy),
    pytest.param(lambda: crnn_model(width=200, hidden=256), marks=pytest.mark.heavy),
    lambda: voice_activity_model(steps=64, hidden=8),
], ids=["crnn", "crnn-40-steps", "crnn-100-steps", "voice-activity-64-steps"])
def test_network_agrees_with_onnxruntime(build):
    model = build()
    errors = compare_with_onnxruntime(xfuse.onnx.load(model), model)
    assert max(errors.values()) <= 1e-4, errors


@pytest.mark.parametrize("options, message", [
    (dict(activations=["LeakyRelu", "Tanh", "Tanh"], activation_alpha=[0.1]),
     "node 'lstm0' (LSTM): activation_alpha / activation_beta are not supported"),
    (dict(activations=["HardSigmoid", "Tanh", "Tanh"]), "node 'lstm0' (LSTM): activation 'HardSigmoid' is not supported"),
    (dict(activations=["Tanh"]), "node 'lstm0' (LSTM): 1 activations; LSTM with 1 direction(s) takes 3"),
])
def test_what_is_not_decomposed_is_refused_by_name(options, message):
    with pytest.raises(OnnxError, match=message.replace("(", r"\(").replace(")", r"\)")):
        xfuse.onnx.load(recurrent_node_model("LSTM", **options))


def test_a_sequence_of_unknown_length_is_refused_by_name():
    model = recurrent_node_model("GRU")
    for value in (model.graph.input[0], *model.graph.output):
        value.type.tensor_type.shape.dim[0].dim_param = "T"
    with pytest.raises(OnnxError, match=r"input 'X' has a dynamic dimension 0 \('T'\).*input_shapes="):
        xfuse.onnx.load(model)


def test_the_unroll_limit_comes_from_the_environment(monkeypatch):
    model = _inferred(recurrent_node_model("RNN"))
    monkeypatch.setenv("XFUSE_UNROLLED_STEPS", "0")
    assert "Loop" in {node.op_type for node in decompose_recurrent(model)[0].graph.node}
    monkeypatch.setenv("XFUSE_UNROLLED_STEPS", "5")
    assert "Loop" not in {node.op_type for node in decompose_recurrent(model)[0].graph.node}
    monkeypatch.setenv("XFUSE_UNROLLED_STEPS", "many")
    with pytest.raises(OnnxError, match="XFUSE_UNROLLED_STEPS='many': give the longest sequence to unroll"):
        decompose_recurrent(model)


def test_other_nodes_are_kept():
    model = crnn_model()
    decomposed, count = decompose_recurrent(_inferred(model))
    assert count == 1
    kept = [node.op_type for node in decomposed.graph.node if not node.name.startswith("bilstm_recurrent")]
    assert kept == ["Conv", "Relu", "MaxPool", "Transpose", "Reshape", "Transpose", "Reshape", "MatMul", "Add"]
    assert decompose_recurrent(_inferred(voice_activity_model()).__class__())[1] == 0


@pytest.mark.parametrize("op, options", [("LSTM", dict(direction="bidirectional", peepholes=True)),
                                         ("GRU", dict(linear_before_reset=1, direction="bidirectional"))],
                         ids=["lstm", "gru"])
def test_externalized_weights_are_split_by_direction_at_load(op, options):
    """With the externalized weights, each direction's transposed W and R and its summed bias are
    weights computed at load (nothing is gathered or transposed per call); W, R and B, read by
    no node any more, are dropped from the weights and the graph's inputs."""
    from xfuse.onnx.weights import externalize

    model = _inferred(recurrent_node_model(op, hidden=8, inputs=6, **options))
    external, weights = externalize(model)
    assert {"W", "R", "B"} <= set(weights.names)
    decomposed, count = decompose_recurrent(external, 0, weights=weights)
    assert count == 1 and not {"W", "R", "B"} & set(weights.names)
    assert [v.name for v in decomposed.graph.input] == ["X", *weights.names]
    ops = {node.op_type for node in decomposed.graph.node}
    assert not ops & {"Gather", "Transpose"}, ops
    feeds = {"X": np.random.default_rng(1).standard_normal((5, 2, 6)).astype(np.float32)}
    expected = onnxruntime_outputs(model, feeds)
    got = onnxruntime_outputs(decomposed, {**feeds, **weights})
    for name in expected:
        assert relative_error(got[name], expected[name]) <= 1e-5, name

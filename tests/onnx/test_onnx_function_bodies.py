"""Ops replaced by the function body ONNX defines them by (xfuse/onnx/function_bodies.py), and
Reciprocal as a division (xfuse/onnx/prepare.py): each family's ONNX conformance case (one node,
not the expanded form) agrees with onnxruntime and with ONNX's reference outputs (`QUICK` in the
default run, the others with `--heavy`)."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
import onnx  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx import conformance  # noqa: E402
from xfuse.onnx.errors import OnnxError  # noqa: E402
from xfuse.onnx.function_bodies import EXPANDED_OPS, expand_function_ops  # noqa: E402
from xfuse.onnx.prepare import reciprocal_as_division  # noqa: E402

FAMILY_CASES = {
    "test_attention_3d_causal": "attention",  # a causal mask: -inf constants in torch-mlir's IR
    "test_attention_4d_gqa_attn_mask": "attention",
    "test_rms_normalization_3d_axis1_epsilon": "rmsnormalization",
    "test_rotary_embedding": "rotaryembedding",
    "test_sce_mean_weight": "softmax_cross_entropy_loss",  # its body uses NegativeLogLikelihoodLoss
    "test_nllloss_NCd1d2_with_weight_reduction_mean": "negativeloglikelihoodloss",
    "test_causal_conv_with_state_b1_c1_degenerate": "causal_conv_with_state",
    "test_mvn": "meanvariancenormalization",
}


@pytest.fixture(scope="module")
def cases():
    found = conformance.collect_cases(modules=sorted(set(FAMILY_CASES.values())))
    return {case.name: case for case in conformance.select(found, list(FAMILY_CASES))}


def _onnxruntime(model: onnx.ModelProto, feeds: dict) -> list[np.ndarray]:
    return ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)


QUICK = ("test_attention_3d_causal", "test_rms_normalization_3d_axis1_epsilon", "test_rotary_embedding",
         "test_sce_mean_weight")
"""The families the default run checks (about 5 s each on the loaded 2-core machine); the others
are `heavy` (the CI budget), and in the conformance run."""


@pytest.mark.parametrize("name", [name if name in QUICK else pytest.param(name, marks=pytest.mark.heavy)
                                  for name in FAMILY_CASES])
def test_family_agrees_with_onnxruntime_and_the_reference(cases, name):
    case = cases[name]
    model = onnx.load_from_string(case.model)
    (node,) = model.graph.node
    assert node.op_type in EXPANDED_OPS
    compiled = xfuse.onnx.load(model)
    assert any("function body" in note for note in compiled.notes)
    names = [value.name for value in model.graph.input]
    for inputs, expected in case.data_sets:
        feeds = dict(zip(names, inputs, strict=False))
        outputs = compiled.run(feeds)
        got = [outputs[value.name] for value in model.graph.output]
        assert conformance.compare_outputs(expected, got, case.rtol, case.atol) is None
        for mine, theirs in zip(got, _onnxruntime(model, feeds), strict=True):
            np.testing.assert_allclose(mine, theirs, rtol=1e-4, atol=1e-6)


def test_expansion_names_the_body_after_its_node_and_leaves_no_expandable_op(cases):
    """SoftmaxCrossEntropyLoss's body uses NegativeLogLikelihoodLoss: both are expanded."""
    model = onnx.load_from_string(cases["test_sce_mean_weight"].model)
    expanded, count = expand_function_ops(model)
    assert count == 2
    ops = {node.op_type for node in expanded.graph.node}
    assert not ops & set(EXPANDED_OPS)
    assert "LogSoftmax" in ops or "Softmax" in ops
    assert all(node.domain == "" for node in expanded.graph.node)
    assert all(entry.domain in ("", "ai.onnx") for entry in expanded.opset_import)
    original = model.graph.node[0].name or model.graph.node[0].output[0]
    assert all(node.name.startswith(f"{original}/") for node in expanded.graph.node)
    assert [v.name for v in expanded.graph.output] == [v.name for v in model.graph.output]
    onnx.checker.check_model(expanded, full_check=True)


def test_a_body_onnx_cannot_build_is_a_clean_error_naming_the_node():
    """A 3-D Attention needs q_num_heads and kv_num_heads to split its heads: without them the
    body ONNX builds fails its shape inference, and the load says so at the node."""
    inputs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, [1, 4, 8]) for n in "QKV"]
    node = helper.make_node("Attention", ["Q", "K", "V"], ["Y"], name="attn")
    graph = helper.make_graph([node], "g", inputs, [helper.make_tensor_value_info("Y", TensorProto.FLOAT, [1, 4, 8])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 24)])
    with pytest.raises(OnnxError, match=r"node 'attn' \(Attention\): the function body ONNX defines it by fails shape inference"):
        xfuse.onnx.load(model)


def reciprocal_model() -> onnx.ModelProto:
    node = helper.make_node("Reciprocal", ["x"], ["y"], name="inv")
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 4])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 4])])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def test_reciprocal_of_zero_is_inf_as_in_onnxruntime():
    """torch-mlir's Reciprocal asserts at run time that no element is zero (the process would
    abort); as a division, 1/0 is inf and 1/-0 is -inf, as onnxruntime gives."""
    x = np.array([[0.0, -0.0, 2.0, -4.0], [0.5, 1e-30, -3.0, 7.0]], np.float32)
    model = reciprocal_model()
    expected = _onnxruntime(model, {"x": x})[0]
    got = xfuse.onnx.load(model)(x)
    assert np.isposinf(got[0, 0]) and np.isneginf(got[0, 1])
    np.testing.assert_array_equal(got, expected)


def test_reciprocal_becomes_a_division_keeping_the_output_name():
    model = reciprocal_model()
    reciprocal_as_division(model)
    assert [node.op_type for node in model.graph.node] == ["Constant", "CastLike", "Div"]
    assert model.graph.node[-1].output[0] == "y" and model.graph.node[-1].name == "inv"
    onnx.checker.check_model(model)


def test_a_loss_with_ignore_index_agrees_with_onnxruntime():
    """The body's mask of ignored labels is a boolean tensor several ops read: it goes through
    memory as bytes (xfuse/backends/lowering_fixes/bool_bytes.py; mlir-opt 22 cannot lower an i1 buffer)."""
    scores = helper.make_tensor_value_info("x", TensorProto.FLOAT, [6, 5])
    labels = helper.make_tensor_value_info("t", TensorProto.INT64, [6])
    node = helper.make_node("NegativeLogLikelihoodLoss", ["x", "t"], ["loss"], name="nll", ignore_index=1)
    graph = helper.make_graph([node], "g", [scores, labels], [helper.make_tensor_value_info("loss", TensorProto.FLOAT, [])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 22)])
    rng = np.random.default_rng(0)
    x = rng.standard_normal((6, 5), dtype=np.float32)
    t = np.array([1, 0, 1, 4, 2, 1], np.int64)  # half of the labels ignored
    expected = _onnxruntime(model, {"x": x, "t": t})[0]
    np.testing.assert_allclose(xfuse.onnx.load(model)(x, t), expected, rtol=1e-6)


def test_gelu_tanh_is_its_body_with_the_exact_constant():
    """torch-mlir's Gelu 'tanh' uses 0.797724 for sqrt(2/pi) = 0.797885 (4e-4 of the value off);
    the body ONNX defines computes Sqrt(2 / pi): onnxruntime's results to float32 rounding. The
    default Gelu (erf) stays torch-mlir's."""
    nodes = [helper.make_node("Gelu", ["x"], ["tanh"], name="g_tanh", approximate="tanh"),
             helper.make_node("Gelu", ["x"], ["erf"], name="g_erf")]
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [64])],
                              [helper.make_tensor_value_info(n, TensorProto.FLOAT, [64]) for n in ("tanh", "erf")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])
    expanded, count = expand_function_ops(model)
    assert count == 1 and {n.op_type for n in expanded.graph.node} >= {"Gelu", "Tanh"}
    x = np.linspace(-6, 6, 64, dtype=np.float32)
    expected = _onnxruntime(model, {"x": x})
    got = xfuse.onnx.load(model).run({"x": x})
    np.testing.assert_allclose(got["tanh"], expected[0], rtol=2e-6, atol=1e-6)
    np.testing.assert_allclose(got["erf"], expected[1], rtol=2e-6, atol=1e-6)

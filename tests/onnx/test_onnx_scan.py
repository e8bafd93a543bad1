"""ONNX `Scan`, and LinearAttention (whose ONNX body is a Scan).

Rewritten as a `Loop` (xfuse/onnx/scan_loops.py): scan inputs along several axes and in both
directions, scan outputs along several axes and in both directions, a body carrying two states
and reading outer values agree with onnxruntime on random inputs; an inf in one step's output
stays in its row.

At opset 8 with its batch axis (xfuse/onnx/scan_batches.py): a batch of 3 running two states,
one scan input reversed, agrees with onnxruntime (which runs opset 8 as it is); the model keeps
the interface it declares; `sequence_lens` is refused by name.

LinearAttention becomes its ONNX body (xfuse/onnx/function_bodies.py); one that ONNX gives no
body for is refused by name (the conformance cases run in test_onnx_conformance.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
onnxruntime = pytest.importorskip("onnxruntime", reason="the reference is onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402
from xfuse.onnx.scan_loops import scans_as_loops  # noqa: E402

F = TensorProto.FLOAT


def value(name, shape):
    return helper.make_tensor_value_info(name, F, shape)


def two_state_scan():
    """Sum and running max over x [3, T=5, 4] along axis 1 read in reverse, the sums scanned
    out along axis 1 in reverse, the maxima along axis 0 forward."""
    body = helper.make_graph(
        [helper.make_node("Add", ["sum_in", "x_t"], ["sum_out"]),
         helper.make_node("Max", ["max_in", "x_t"], ["max_out"]),
         helper.make_node("Identity", ["sum_out"], ["sums_t"]),
         helper.make_node("Identity", ["max_out"], ["maxima_t"])],
        "two_states", [value("sum_in", [3, 4]), value("max_in", [3, 4]), value("x_t", [3, 4])],
        [value("sum_out", [3, 4]), value("max_out", [3, 4]), value("sums_t", [3, 4]), value("maxima_t", [3, 4])])
    return helper.make_node("Scan", ["sum0", "max0", "x"], ["sum", "max", "sums", "maxima"], name="two_states",
                            num_scan_inputs=1, body=body, scan_input_axes=[1], scan_input_directions=[1],
                            scan_output_axes=[1, 0], scan_output_directions=[1, 0])


def two_input_scan():
    """A state [2] updated by two scan inputs, a [T=4, 2] one forward along axis 0 and a
    [2, 3, 4] one in reverse along axis -1, its steps multiplied by the outer `w` [2, 3] and
    summed along the outer constant `axis1`;
    scanned out along axis 2 and (a Log, -inf where a step is 0) axis 0."""
    body = helper.make_graph(
        [helper.make_node("Mul", ["w", "b_t"], ["wb_product"]),
         helper.make_node("ReduceSum", ["wb_product", "axis1"], ["projected"], keepdims=0),
         helper.make_node("Add", ["state_in", "a_t"], ["partial"]),
         helper.make_node("Add", ["partial", "projected"], ["state_out"]),
         helper.make_node("Unsqueeze", ["state_out", "axis1"], ["column"]),
         helper.make_node("Mul", ["column", "b_t"], ["scaled_t"]),
         helper.make_node("Log", ["a_t"], ["log_t"])],
        "two_inputs", [value("state_in", [2]), value("a_t", [2]), value("b_t", [2, 3])],
        [value("state_out", [2]), value("scaled_t", [2, 3]), value("log_t", [2])])
    return helper.make_node("Scan", ["state0", "a", "b"], ["state", "scaled", "logs"], name="two_inputs",
                            num_scan_inputs=2, body=body, scan_input_axes=[0, -1], scan_input_directions=[0, 1],
                            scan_output_axes=[2, 0])


def scans_model():
    graph = helper.make_graph(
        [two_state_scan(), two_input_scan()], "scans",
        [value("sum0", [3, 4]), value("max0", [3, 4]), value("x", [3, 5, 4]),
         value("state0", [2]), value("a", [4, 2]), value("b", [2, 3, 4]), value("w", [2, 3])],
        [value("sum", [3, 4]), value("max", [3, 4]), value("sums", [3, 5, 4]), value("maxima", [5, 3, 4]),
         value("state", [2]), value("scaled", [2, 3, 4]), value("logs", [4, 2])],
        [helper.make_tensor("axis1", TensorProto.INT64, [1], [1])])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])


def test_scans_agree_with_onnxruntime():
    model = scans_model()
    rng = np.random.default_rng(39)
    shapes = {value.name: [d.dim_value for d in value.type.tensor_type.shape.dim] for value in model.graph.input
              if value.name != "axis1"}
    feeds = {name: rng.standard_normal(shape).astype(np.float32) for name, shape in shapes.items()}
    feeds["a"] = np.abs(feeds["a"])
    feeds["a"][2, 1] = 0.0  # log: -inf in row 2 of `logs` only
    session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    expected = dict(zip([o.name for o in model.graph.output], session.run(None, feeds)))
    assert np.isneginf(expected["logs"]).sum() == 1
    got = xfuse.onnx.load(model).run(feeds)
    for name, want in expected.items():
        np.testing.assert_allclose(got[name], want, rtol=1e-5, atol=1e-6, err_msg=name)


def test_every_scan_becomes_a_loop_with_its_constants_inside():
    rewritten, count = scans_as_loops(prepare_for_import(scans_model()).model)
    assert count == 2
    assert [n.op_type for n in rewritten.graph.node].count("Loop") == 2
    assert not any(n.op_type == "Scan" for n in rewritten.graph.node)
    loop = next(n for n in rewritten.graph.node if n.op_type == "Loop" and n.name.startswith("two_inputs"))
    body = loop.attribute[0].g
    assert not any("axis1" == name for inner in body.node for name in inner.input)  # copied as a Constant


def test_a_zero_length_scan_is_refused_by_name():
    model = scans_model()
    model.graph.input[2].CopyFrom(value("x", [3, 0, 4]))
    model.graph.output[2].CopyFrom(value("sums", [3, 0, 4]))
    model.graph.output[3].CopyFrom(value("maxima", [0, 3, 4]))
    with pytest.raises(xfuse.onnx.OnnxError, match=r"node 'two_states' \(Scan\).*nonzero length"):
        xfuse.onnx.load(model)


def batched_scan_model(sequence_lens: str = ""):
    """Per batch element of 3: a running sum of `x` [3, T=4, 2] and a running product of `y`
    [3, 4, 2] read in reverse; the sums and the products scanned out."""
    body = helper.make_graph(
        [helper.make_node("Add", ["sum_in", "x_t"], ["sum_out"]),
         helper.make_node("Mul", ["product_in", "y_t"], ["product_out"]),
         helper.make_node("Identity", ["sum_out"], ["sums_t"]),
         helper.make_node("Identity", ["product_out"], ["products_t"])],
        "body", [value("sum_in", [2]), value("product_in", [2]), value("x_t", [2]), value("y_t", [2])],
        [value("sum_out", [2]), value("product_out", [2]), value("sums_t", [2]), value("products_t", [2])])
    node = helper.make_node("Scan", [sequence_lens, "sum0", "product0", "x", "y"],
                            ["sum", "product", "sums", "products"], name="scan8", num_scan_inputs=2,
                            directions=[0, 1], body=body)
    inputs = [value("sum0", [3, 2]), value("product0", [3, 2]), value("x", [3, 4, 2]), value("y", [3, 4, 2])]
    if sequence_lens:
        inputs.append(helper.make_tensor_value_info(sequence_lens, TensorProto.INT32, [3]))
    graph = helper.make_graph([node], "scan8", inputs,
                              [value("sum", [3, 2]), value("product", [3, 2]), value("sums", [3, 4, 2]),
                               value("products", [3, 4, 2])])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 8)], ir_version=3)


def test_a_batched_scan_agrees_with_onnxruntime():
    model = batched_scan_model()
    rng = np.random.default_rng(8)
    feeds = {"sum0": rng.standard_normal((3, 2)), "product0": rng.uniform(0.5, 1.5, (3, 2)),
             "x": rng.standard_normal((3, 4, 2)), "y": rng.uniform(0.5, 1.5, (3, 4, 2))}
    feeds = {name: array.astype(np.float32) for name, array in feeds.items()}
    session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    expected = dict(zip(["sum", "product", "sums", "products"], session.run(None, feeds)))
    got = xfuse.onnx.load(model).run(feeds)
    for name, want in expected.items():
        np.testing.assert_allclose(got[name], want, rtol=1e-5, err_msg=name)


def test_the_declared_interface_keeps_its_batch_axis():
    prepared = prepare_for_import(batched_scan_model()).model
    shapes = {value.name: [d.dim_value for d in value.type.tensor_type.shape.dim]
              for value in [*prepared.graph.input, *prepared.graph.output]}
    assert shapes == {"sum0": [3, 2], "product0": [3, 2], "x": [3, 4, 2], "y": [3, 4, 2],
                      "sum": [3, 2], "product": [3, 2], "sums": [3, 4, 2], "products": [3, 4, 2]}
    assert [n.op_type for n in prepared.graph.node].count("Scan") == 3


def test_sequence_lens_is_refused_by_name():
    with pytest.raises(xfuse.onnx.OnnxError, match=r"node 'scan8' \(Scan\): an opset-8 Scan with sequence_lens"):
        xfuse.onnx.load(batched_scan_model("lens"))


def test_what_xfuse_refuses_is_refused_in_a_scan_body_too():
    u8 = TensorProto.UINT8
    body = helper.make_graph(
        [helper.make_node("Div", ["quotient_in", "x_t"], ["quotient_out"], name="unsigned_div"),
         helper.make_node("Identity", ["quotient_out"], ["quotients_t"])],
        "body", [helper.make_tensor_value_info("quotient_in", u8, [2]), helper.make_tensor_value_info("x_t", u8, [2])],
        [helper.make_tensor_value_info("quotient_out", u8, [2]), helper.make_tensor_value_info("quotients_t", u8, [2])])
    graph = helper.make_graph(
        [helper.make_node("Scan", ["q0", "x"], ["q", "quotients"], name="divisions", num_scan_inputs=1, body=body)],
        "divisions", [helper.make_tensor_value_info("q0", u8, [2]), helper.make_tensor_value_info("x", u8, [3, 2])],
        [helper.make_tensor_value_info("q", u8, [2]), helper.make_tensor_value_info("quotients", u8, [3, 2])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])
    with pytest.raises(xfuse.onnx.OnnxError, match=r"node 'unsigned_div' \(Div\): UINT8 operands"):
        xfuse.onnx.load(model)


def linear_attention_model(**attributes):
    node = helper.make_node("LinearAttention", ["q", "k", "v", "", "decay"], ["o", "s"], name="la", **attributes)
    graph = helper.make_graph([node], "la", [value("q", [1, 3, 12]), value("k", [1, 3, 8]), value("v", [1, 3, 8]),
                                             value("decay", [1, 3, 8])],
                              [value("o", [1, 3, 12]), value("s", [1, 2, 4, 4])])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 27)])


@pytest.mark.parametrize(("attributes", "message"), [
    ({"q_num_heads": 3, "kv_num_heads": 2, "update_rule": "gated"}, "ONNX defines no function body for LinearAttention"),
    ({"q_num_heads": 2, "kv_num_heads": 2, "update_rule": "delta"}, "fails shape inference"),  # delta needs beta
])
def test_a_linear_attention_onnx_gives_no_body_for_is_refused_by_name(attributes, message):
    """LinearAttention is its ONNX body (function_bodies.py), whose Scan becomes a Loop: heads
    that do not group, or the delta rule without its beta, have no body."""
    with pytest.raises(xfuse.onnx.OnnxError, match=rf"node 'la' \(LinearAttention\): .*{message}"):
        xfuse.onnx.load(linear_attention_model(**attributes))


def test_an_opset_8_scan_inside_a_subgraph_is_refused_by_name():
    scan = batched_scan_model()
    branch = helper.make_graph(list(scan.graph.node), "then", [], list(scan.graph.output))
    condition = helper.make_tensor_value_info("condition", TensorProto.BOOL, [])
    graph = helper.make_graph([helper.make_node("If", ["condition"], [v.name for v in scan.graph.output],
                                                name="branch", then_branch=branch, else_branch=branch)],
                              "nested", [condition, *scan.graph.input], list(scan.graph.output))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 8)], ir_version=3)
    with pytest.raises(xfuse.onnx.OnnxError, match=r"node 'scan8' \(Scan\): an opset-8 Scan inside a subgraph"):
        xfuse.onnx.load(model)

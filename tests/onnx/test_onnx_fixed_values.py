"""Inputs whose values decide shapes, fixed at load (`load(input_values=)`,
xfuse/onnx/fixed_values.py): a Slice with run-time starts and ends agrees with onnxruntime once
they are fixed, a call may pass them (checked) or omit them, another value or an unknown name is
an `OnnxError` naming the input; the conformance runner's table fixes Slice's starts but not
Gather's indices."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx import OnnxError  # noqa: E402
from xfuse.onnx.fixed_values import shape_deciding_inputs  # noqa: E402
from xfuse.onnx.oracle import compare_with_onnxruntime  # noqa: E402

STARTS = np.array([1, 0], np.int64)
ENDS = np.array([3, -1], np.int64)


def slice_model():
    """`y = Slice(x, starts, ends)`, starts and ends graph inputs: the result's shape is theirs."""
    node = helper.make_node("Slice", ["x", "starts", "ends"], ["y"], name="slice")
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, 6]),
                                            helper.make_tensor_value_info("starts", TensorProto.INT64, [2]),
                                            helper.make_tensor_value_info("ends", TensorProto.INT64, [2])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["a", "b"])])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])


@pytest.fixture(scope="module")
def sliced():
    return xfuse.onnx.load(slice_model(), input_values={"starts": STARTS, "ends": ENDS})


def test_slice_with_fixed_starts_agrees_with_onnxruntime(sliced):
    x = np.random.default_rng(0).standard_normal((4, 6)).astype(np.float32)
    feeds = {"x": x, "starts": STARTS, "ends": ENDS}
    expected = ort.InferenceSession(slice_model().SerializeToString(),
                                    providers=["CPUExecutionProvider"]).run(None, feeds)[0]
    assert sliced.input_names == ["x"]  # the compiled function takes x only
    np.testing.assert_array_equal(sliced.run(feeds)["y"], expected)
    np.testing.assert_array_equal(sliced.run({"x": x})["y"], expected)  # omitted: the fixed value
    np.testing.assert_array_equal(sliced(x, STARTS, ENDS), expected)  # by position, every input
    np.testing.assert_array_equal(sliced(x), expected)  # by position, the run-time ones
    assert compare_with_onnxruntime(sliced, slice_model()) == {"y": 0.0}  # the oracle feeds the fixed values


def test_the_profile_takes_the_inputs_as_a_call_does():
    """`Model.profile` takes the fixed inputs as a call does: every ONNX input (checked) or only
    the run-time ones; another value is the call's error. (A Slice alone computes nothing to
    profile: a ReLU of it.)"""
    model = slice_model()
    model.graph.node[0].output[0] = "s"
    model.graph.node.append(helper.make_node("Relu", ["s"], ["y"], name="relu"))
    relu_of_slice = xfuse.onnx.load(model, input_values={"starts": STARTS, "ends": ENDS})
    x = np.ones((4, 6), np.float32)
    for arrays in ((x, STARTS, ENDS), (x,)):
        assert relu_of_slice.profile(*arrays, repeat=1).sections
    with pytest.raises(OnnxError, match="input 'starts' was fixed at load"):
        relu_of_slice.profile(x, np.array([0, 0], np.int64), ENDS, repeat=1)


@pytest.mark.parametrize("given", [np.array([0, 0], np.int64), np.array([1, 0], np.int32),
                                   np.array([1, 0, 0], np.int64)])
def test_a_call_with_another_value_is_an_error_naming_the_input(sliced, given):
    x = np.zeros((4, 6), np.float32)
    with pytest.raises(OnnxError, match=r"input 'starts' was fixed at load to int64\[2\] \[1, 0\]; the call passes"):
        sliced.run({"x": x, "starts": given})
    with pytest.raises(OnnxError, match="input 'starts' was fixed"):
        sliced(x, given, ENDS)


def test_the_fixed_values_are_saved_with_the_model(sliced, tmp_path):
    again = xfuse.onnx.Model.load_compiled(sliced.save(tmp_path / "sliced"))
    x = np.ones((4, 6), np.float32)
    np.testing.assert_array_equal(again(x, STARTS, ENDS), sliced(x))
    with pytest.raises(OnnxError, match="input 'ends' was fixed"):
        again(x, STARTS, STARTS)


@pytest.mark.parametrize("values, message", [
    ({"begin": STARTS}, r"input_values names 'begin', which is not an input of the model \(inputs: 'x', 'starts'"),
    ({"starts": STARTS.astype(np.int32)}, r"input_values\['starts'\] has dtype int32, the model declares int64"),
    ({"starts": np.array([1], np.int64)}, r"input_values\['starts'\] has shape \(1,\), the model declares \(2\)"),
])
def test_bad_input_values_are_errors_naming_the_input(values, message):
    with pytest.raises(OnnxError, match=message):
        xfuse.onnx.load(slice_model(), input_values=values)


def test_the_runner_fixes_slice_starts_but_not_gather_indices():
    gather = helper.make_node("Gather", ["data", "indices"], ["g"], name="gather")
    node = helper.make_node("Slice", ["g", "starts", "ends"], ["y"], name="slice")
    graph = helper.make_graph([gather, node], "g", [
        helper.make_tensor_value_info("data", TensorProto.FLOAT, [4, 6]),
        helper.make_tensor_value_info("indices", TensorProto.INT64, [3]),
        helper.make_tensor_value_info("starts", TensorProto.INT64, [2]),
        helper.make_tensor_value_info("ends", TensorProto.INT64, [2])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["a", "b"])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
    assert shape_deciding_inputs(model) == ["starts", "ends"]


def test_the_command_line_fixes_values(tmp_path):
    import onnx

    from xfuse.onnx.cli import main

    onnx.save(slice_model(), tmp_path / "slice.onnx")
    main([str(tmp_path / "slice.onnx"), "--input-value", "starts=1,0", "--input-value", "ends=3,-1",
          "-o", str(tmp_path / "slice.mlir")])
    text = (tmp_path / "slice.mlir").read_text()
    assert "takes 1 input(s) (x), then 0 weight(s) from slice.weights.npz, in its order. Fixed at load: starts, ends." \
        in text
    assert "tensor<2x5xf32>" in text


@pytest.mark.parametrize("argument, message", [
    ("begin=1,0", r"--input-value begin=1,0: 'begin' is not an input of the model \(inputs: 'x', 'starts', 'ends'\)"),
    ("starts=1", r"--input-value starts=1: 'starts' has shape \(2,\), 2 value\(s\); got 1"),
    ("starts=1,a", r"--input-value starts=1,a: expected int64 values separated by commas"),
])
def test_command_line_errors(tmp_path, capsys, argument, message):
    import re

    import onnx

    from xfuse.onnx.cli import main

    onnx.save(slice_model(), tmp_path / "slice.onnx")
    with pytest.raises(SystemExit) as exit_info:
        main([str(tmp_path / "slice.onnx"), "--input-value", argument])
    assert exit_info.value.code == 1
    error = capsys.readouterr().err
    assert len(error.strip().splitlines()) == 1 and re.search(message, error), error


def test_the_runner_refuses_a_data_set_with_other_fixed_values():
    """The runner fixes the first data set's values; a later data set with others is refused by
    the model's check, never run on code compiled for another shape."""
    from xfuse.onnx.conformance import Case, run_with_xfuse

    x = np.arange(24, dtype=np.float32).reshape(4, 6)
    first = ([x, STARTS, ENDS], [x[1:3, 0:5]])
    case = Case("slice", "Slice", slice_model().SerializeToString(), [first], 1e-3, 1e-7)
    assert run_with_xfuse(case).verdict == "pass"
    other = ([x, np.array([0, 0], np.int64), ENDS], [x[0:3, 0:5]])
    verdict = run_with_xfuse(Case("slice", "Slice", case.model, [first, other], 1e-3, 1e-7))
    assert verdict.verdict == "refused" and "input 'starts' was fixed at load" in verdict.message, verdict


def test_ir_version_3_keeps_the_fixed_input_declared():
    """IR version 3 declares every initializer as a graph input: the fixed one stays declared,
    with the value's static shape, and is no longer a run-time input."""
    from xfuse.onnx.fixed_values import fix_input_values
    from xfuse.onnx.graph import runtime_inputs

    model = slice_model()
    model.ir_version = 3
    model.graph.input[1].type.tensor_type.shape.dim[0].Clear()
    model.graph.input[1].type.tensor_type.shape.dim[0].dim_param = "n"
    fixed, arrays = fix_input_values(model, {"starts": STARTS})
    assert [value.name for value in fixed.graph.input] == ["x", "starts", "ends"]
    assert [value.name for value in runtime_inputs(fixed)] == ["x", "ends"]
    assert fixed.graph.input[1].type.tensor_type.shape.dim[0].dim_value == 2
    np.testing.assert_array_equal(arrays["starts"], STARTS)
    assert [value.name for value in fix_input_values(slice_model(), {"starts": STARTS})[0].graph.input] == ["x", "ends"]


def test_a_wrap_pad_with_fixed_pads_is_refused_before_torch_mlir():
    """torch-mlir's lowering of a wrap-mode Pad with constant pads does not terminate (the
    conformance case timed out once its pads were fixed): the support check refuses it."""
    node = helper.make_node("Pad", ["x", "pads"], ["y"], name="pad", mode="wrap")
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3]),
                                            helper.make_tensor_value_info("pads", TensorProto.INT64, [4])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["a", "b"])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])
    with pytest.raises(OnnxError, match=r"node 'pad' \(Pad\): mode 'wrap': torch-mlir's lowering does not terminate"):
        xfuse.onnx.load(model, input_values={"pads": np.array([0, 1, 0, 1], np.int64)})

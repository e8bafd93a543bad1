"""Every way an ONNX model or a call can be wrong is an `OnnxError` (an `XfuseError`) naming
the node, the input or the file; `xfuse-import-onnx` prints it as `error: ...` and exits 1."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
import onnx  # noqa: E402
from onnx_test_models import tiny_conv_model  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.diagnostics import XfuseError  # noqa: E402
from xfuse.onnx.cli import main as import_onnx_main  # noqa: E402
from xfuse.onnx.errors import OnnxError  # noqa: E402
from xfuse.onnx.importer import import_model  # noqa: E402


def one_node_model(op_type: str, domain: str = "", opset: int = 17, **attributes) -> onnx.ModelProto:
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])
    node = helper.make_node(op_type, ["x"], ["y"], name="the_node", domain=domain, **attributes)
    imports = [helper.make_opsetid("", opset)] + ([helper.make_opsetid(domain, 1)] if domain else [])
    return helper.make_model(helper.make_graph([node], "g", [x], [y]), opset_imports=imports)


def test_op_torch_mlir_cannot_lower_names_the_node():
    with pytest.raises(OnnxError, match=r"node 'the_node' \(my\.ops\.Frobnicate\): torch-mlir has no lowering "
                                        r"of onnx\.Frobnicate") as info:
        import_model(one_node_model("Frobnicate", domain="my.ops"))
    assert isinstance(info.value, XfuseError)


def test_attribute_torch_mlir_cannot_lower_names_the_node():
    from onnx import numpy_helper

    resize = helper.make_node("Resize", ["x", "roi", "scales"], ["y"], name="upsample", mode="cubic",
                              coordinate_transformation_mode="tf_crop_and_resize")
    # a run-time roi: resize_taps.py decomposes tf_crop_and_resize with a constant one only
    constants = [numpy_helper.from_array(np.array([1, 1, 2, 2], np.float32), "scales")]
    graph = helper.make_graph([resize], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, 4, 4]),
                                              helper.make_tensor_value_info("roi", TensorProto.FLOAT, [8])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 1, 8, 8])], constants)
    with pytest.raises(OnnxError, match=r"node 'upsample' \(Resize\): torch-mlir has no lowering of onnx\.Resize "
                                        r"with these inputs and attributes"):
        import_model(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)]))


def test_bad_attribute_names_the_node():
    with pytest.raises(OnnxError, match=r"node name: the_node.*'axis' must be in"):
        import_model(one_node_model("Softmax", axis=7))


def test_dynamic_dimension_without_a_size_names_the_input():
    with pytest.raises(OnnxError, match=r"input 'x' has a dynamic dimension 0 \('N'\) \(shape \?,3,16,16\); "
                                        r"give its size: .*--input-shape x=D0,D1,\.\.\."):
        import_model(tiny_conv_model(batch="N"))


@pytest.mark.parametrize("shapes, message", [
    ({"y": (1, 3, 16, 16)}, r"input_shapes names 'y', which is not an input of the model \(inputs: 'x'\)"),
    ({"x": (1, 3, 16)}, r"input 'x' has rank 4, but the shape given for it \(1,3,16\) has rank 3"),
    ({"x": (1, 4, 16, 16)}, r"input 'x': dimension 1 is 3, the shape given for it \(1,4,16,16\) says 4"),
])
def test_bad_input_shapes(shapes, message):
    with pytest.raises(OnnxError, match=message):
        import_model(tiny_conv_model(batch="N"), input_shapes=shapes)


def test_malformed_model_file(tmp_path):
    path = tmp_path / "broken.onnx"
    path.write_bytes(b"this is not a protobuf")
    with pytest.raises(OnnxError, match=r"broken\.onnx: not an ONNX model"):
        xfuse.onnx.load(path)
    with pytest.raises(OnnxError, match=r"missing\.onnx: no such file"):
        xfuse.onnx.load(tmp_path / "missing.onnx")


def test_invalid_model_is_refused_by_the_checker():
    model = one_node_model("Relu")
    model.graph.node[0].input[0] = "nowhere"
    with pytest.raises(OnnxError, match=r"invalid ONNX model: .*nowhere"):
        import_model(model)


def test_dropout_in_training_mode_is_refused():
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])
    training = helper.make_tensor_value_info("training", TensorProto.BOOL, [])
    node = helper.make_node("Dropout", ["x", "", "training"], ["y"], name="drop")
    model = helper.make_model(helper.make_graph([node], "g", [x, training], [y]),
                              opset_imports=[helper.make_opsetid("", 17)])
    with pytest.raises(OnnxError, match=r"node 'drop' \(Dropout\): training_mode is not a constant false"):
        import_model(model)


@pytest.fixture(scope="module")
def tiny():
    return xfuse.onnx.load(tiny_conv_model())


def test_wrong_input_shape_at_call(tiny):
    with pytest.raises(OnnxError, match=r"input 'x': expected a float32 array of shape \(1, 3, 16, 16\), "
                                        r"got shape \(1, 3, 16, 15\)"):
        tiny(np.zeros((1, 3, 16, 15), np.float32))


def test_wrong_input_dtype_at_call(tiny):
    with pytest.raises(OnnxError, match=r"input 'x': expected a float32 array .*got dtype float64 "
                                        r"\(convert it with \.astype\(np\.float32\)\)"):
        tiny(np.zeros((1, 3, 16, 16)))


def test_wrong_inputs_by_name(tiny):
    with pytest.raises(OnnxError, match=r"'image' is not an input of the model \(inputs: x\)"):
        tiny.run({"image": np.zeros((1, 3, 16, 16), np.float32)})
    with pytest.raises(OnnxError, match=r"input 'x' is missing"):
        tiny.run({})
    with pytest.raises(OnnxError, match=r"the model takes 1 input\(s\) \(x\), got 2"):
        tiny(np.zeros((1, 3, 16, 16), np.float32), np.zeros(1, np.float32))


@pytest.mark.parametrize("arguments, message", [
    (["{dir}/broken.onnx"], r"^xfuse-import-onnx: error: .*broken\.onnx: not an ONNX model"),
    (["{dir}/dynamic.onnx"], r"^xfuse-import-onnx: error: input 'x' has a dynamic dimension 0"),
    (["{dir}/dynamic.onnx", "--input-shape", "x=1,a"], r"^xfuse-import-onnx: error: --input-shape x=1,a: "
                                                       r"expected NAME=D0,D1,\.\.\."),
])
def test_command_line_errors(tmp_path, capsys, arguments, message):
    (tmp_path / "broken.onnx").write_bytes(b"\x00\x01garbage")
    onnx.save(tiny_conv_model(batch="N"), tmp_path / "dynamic.onnx")
    with pytest.raises(SystemExit) as exit_info:
        import_onnx_main([a.format(dir=tmp_path) for a in arguments])
    assert exit_info.value.code == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1  # one line, no traceback
    import re

    assert re.search(message, captured.err), captured.err


def test_initializer_with_data_of_the_wrong_size():
    from onnx import numpy_helper

    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 16])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 8])
    weight = numpy_helper.from_array(np.zeros((16, 8), np.float32), "W")
    weight.raw_data = b"\0" * 12
    graph = helper.make_graph([helper.make_node("MatMul", ["x", "W"], ["y"], name="mm")], "g", [x], [y], [weight])
    with pytest.raises(OnnxError, match=r"initializer 'W': unreadable tensor data"):
        import_model(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))

"""Bool and unsigned inputs and outputs of ONNX models (issue 39): the arrays come in and go out
with the ONNX dtype (uint8, not torch-mlir's signless int8), with unsigned semantics past the
signed maximum, and bools read back exactly; a saved model keeps the dtypes."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.errors import OnnxError  # noqa: E402
from xfuse.onnx.model import Model  # noqa: E402

U8, U64, BOOL, F = TensorProto.UINT8, TensorProto.UINT64, TensorProto.BOOL, TensorProto.FLOAT
SHAPE = [3, 37]


def element_model():
    """One model for every boundary type: comparisons of uint8 and uint64 (past the signed
    maximum), a bool input xor-ed in, uint8 max, uint64 add, uint8 to float."""
    nodes = [helper.make_node("Less", ["a", "b"], ["less"]),
             helper.make_node("Xor", ["less", "m"], ["flip"]),
             helper.make_node("Max", ["a", "b"], ["top"]),
             helper.make_node("Cast", ["a"], ["real"], to=F),
             helper.make_node("Greater", ["u", "v"], ["greater"]),
             helper.make_node("Add", ["u", "v"], ["sum"])]
    inputs = [("a", U8), ("b", U8), ("m", BOOL), ("u", U64), ("v", U64)]
    outputs = [("flip", BOOL), ("top", U8), ("real", F), ("greater", BOOL), ("sum", U64)]
    graph = helper.make_graph(nodes, "elements", [helper.make_tensor_value_info(n, t, SHAPE) for n, t in inputs],
                              [helper.make_tensor_value_info(n, t, SHAPE) for n, t in outputs])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])


@pytest.fixture(scope="module")
def element_types_model():
    return xfuse.onnx.load(element_model())


def feeds(seed=0):
    rng = np.random.default_rng(seed)
    return {"a": rng.integers(0, 256, SHAPE, dtype=np.uint8), "b": rng.integers(0, 256, SHAPE, dtype=np.uint8),
            "m": rng.random(SHAPE) < 0.5, "u": rng.integers(0, 2**64 - 1, SHAPE, dtype=np.uint64),
            "v": rng.integers(0, 2**64 - 1, SHAPE, dtype=np.uint64)}


def expected(f):
    with np.errstate(over="ignore"):
        return {"flip": (f["a"] < f["b"]) ^ f["m"], "top": np.maximum(f["a"], f["b"]),
                "real": f["a"].astype(np.float32), "greater": f["u"] > f["v"], "sum": f["u"] + f["v"]}


def check(outputs, f):
    for name, want in expected(f).items():
        got = outputs[name]
        assert got.dtype == want.dtype, name
        assert np.array_equal(got, want), name
        if got.dtype == np.bool_:
            assert set(np.unique(got.view(np.uint8))) <= {0, 1}, name  # bytes numpy's bools may hold


def test_bool_and_unsigned_inputs_and_outputs(element_types_model):
    model = element_types_model
    assert [i.dtype for i in model.inputs] == [np.uint8, np.uint8, np.bool_, np.uint64, np.uint64]
    assert [o.dtype for o in model.outputs] == [np.bool_, np.uint8, np.float32, np.bool_, np.uint64]
    f = feeds()
    assert (f["a"] > 127).any() and (f["u"] > 2**63).any()
    check(model.run(f), f)


def test_wrong_dtype_of_an_unsigned_input_is_an_error(element_types_model):
    f = feeds()
    f["a"] = f["a"].astype(np.int8)
    with pytest.raises(OnnxError, match=r"input 'a': expected a uint8 array of shape \(3, 37\), got dtype int8"):
        element_types_model.run(f)


def test_saved_model_keeps_the_dtypes(element_types_model, tmp_path):
    element_types_model.save(tmp_path / "saved")
    loaded = Model.load_compiled(tmp_path / "saved")
    f = feeds(1)
    check(loaded.run(f), f)

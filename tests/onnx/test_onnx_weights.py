"""Weights outside the IR: the imported text holds no large constant (ResNet-50 well under
1 MB), the `Model` feeds the weights, and a saved model loads without compiling again."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
import onnx  # noqa: E402
from onnx_test_models import light_model_path, tiny_conv_model  # noqa: E402

import xfuse  # noqa: E402
import xfuse.onnx  # noqa: E402
from xfuse.onnx.cli import main as import_onnx_main  # noqa: E402
from xfuse.onnx.importer import import_model  # noqa: E402
from xfuse.onnx.oracle import random_feeds  # noqa: E402
from xfuse.onnx.weights import MIN_EXTERNAL_ELEMENTS, Weights  # noqa: E402

DENSE = re.compile(r"dense<\[([^\]]*)\]>")


def largest_inline_constant(text: str) -> int:
    return max((match.group(1).count(",") + 1 for match in DENSE.finditer(text)), default=0)


def test_resnet50_ir_is_small_and_its_weights_are_arguments():
    imported = import_model(light_model_path("resnet50"))  # its ConstantOfShape weights are weights too
    assert len(imported.mlir) < 500_000, len(imported.mlir)
    assert largest_inline_constant(imported.mlir) < MIN_EXTERNAL_ELEMENTS
    assert imported.input_names == ("gpu_0/data_0",)
    assert imported.weights.nbytes > 90_000_000  # 25.6 M parameters, float32
    conv1 = imported.weights["gpu_0/conv1_w_0"]
    assert conv1.shape == (64, 3, 7, 7) and conv1.dtype == np.float32
    header = re.search(r"func\.func @(\w+)\(([^)]*)\)", imported.mlir)
    assert header.group(1) == imported.entry
    assert header.group(2).count("%arg") == 1 + len(imported.weights)
    assert "%arg0: tensor<1x3x224x224xf32>" in header.group(2)


def test_ir_does_not_grow_with_the_weights():
    # The same network 8x wider (16x the weights): the same IR but for the sizes
    # in its types (every constant external in both, so none is inline in either).
    small = import_model(tiny_conv_model(channels=8), min_external_elements=1)
    large = import_model(tiny_conv_model(channels=64), min_external_elements=1)
    assert large.weights.nbytes > 15 * small.weights.nbytes
    assert re.sub(r"\d+", "N", large.mlir) == re.sub(r"\d+", "N", small.mlir)


def test_small_and_integer_constants_stay_inline():
    imported = import_model(tiny_conv_model())
    assert sorted(imported.weights) == ["w1", "w2", "w3"]  # biases and batch-norm vectors have 8 or 10 elements
    everything = import_model(tiny_conv_model(), min_external_elements=1)
    # w1, b1 (batch norm folded into them), w2, w3, b3
    assert len(everything.weights) == 5 and largest_inline_constant(everything.mlir) == 0


def test_save_and_load_compiled_does_not_recompile(tmp_path, monkeypatch):
    onnx_model = tiny_conv_model(seed=5)
    model = xfuse.onnx.load(onnx_model)
    feeds = random_feeds(model, seed=0)
    expected = model.run(feeds)
    saved = model.save(tmp_path / "tiny.xfuse")
    assert sorted(p.name for p in saved.iterdir()) == ["model.json", "model.mlir", "model.so", "weights.npz"]

    from xfuse.backends import runner

    def no_compiling(*args, **kwargs):
        raise AssertionError("load_compiled compiled the model again")

    monkeypatch.setattr(runner, "build_shared_object", no_compiling)
    monkeypatch.setattr(runner, "compile_module", no_compiling)
    again = xfuse.onnx.Model.load_compiled(saved)
    assert again.input_names == ["x"] and again.output_names == ["prob"]
    assert not again.weights["w1"].flags.writeable  # memory-mapped from weights.npz, read-only
    np.testing.assert_array_equal(again.run(feeds)["prob"], expected["prob"])
    with pytest.raises(xfuse.onnx.OnnxError, match="expected a float32 array"):
        again(np.zeros((1, 3, 16, 16), np.float64))


def test_weights_are_bound_once_and_again_when_replaced():
    model = xfuse.onnx.load(tiny_conv_model(seed=5))
    feeds = random_feeds(model, seed=0)
    first = model.run(feeds)["prob"]
    binding = model._weights_bound()
    np.testing.assert_array_equal(model.run(feeds)["prob"], first)
    assert model._weights_bound() is binding  # not bound again for the second call
    model.weights = Weights({**model.weights, "w1": np.zeros_like(model.weights["w1"])})
    changed = model.run(feeds)["prob"]
    assert model._weights_bound() is not binding and not np.array_equal(changed, first)


def test_load_compiled_of_a_wrong_directory(tmp_path):
    with pytest.raises(xfuse.onnx.OnnxError, match="not a saved xfuse model"):
        xfuse.onnx.Model.load_compiled(tmp_path)


def test_command_line_writes_ir_and_weights_that_run(tmp_path):
    onnx_model = tiny_conv_model(seed=6)
    onnx.save(onnx_model, tmp_path / "tiny.onnx")
    import_onnx_main([str(tmp_path / "tiny.onnx"), "-o", str(tmp_path / "tiny.mlir")])
    text = (tmp_path / "tiny.mlir").read_text()
    assert text.startswith("// Imported from tiny.onnx by xfuse-import-onnx. @tiny_conv takes 1 input(s) (x), "
                           "then 3 weight(s) from tiny.weights.npz, in its order.")
    weights = Weights.load(tmp_path / "tiny.weights.npz")
    assert weights.names == ["w1", "w2", "w3"]
    x = np.random.default_rng(0).standard_normal((1, 3, 16, 16)).astype(np.float32)
    (out,) = xfuse.run(xfuse.parse(text), x, *weights.values())
    model = xfuse.onnx.load(onnx_model)
    np.testing.assert_allclose(out, model(x), rtol=0, atol=1e-6)


def test_weights_values_are_the_arrays_in_argument_order_without_lookups(monkeypatch):
    """`Model._weights_bound` reads `values()` on every call to see whether the arrays changed:
    the dict's own view, not one `__getitem__` per weight (DenseNet-121: 553 of them per call)."""
    weights = Weights({"b": np.ones(3, np.float32), "a": np.zeros((2, 2), np.float32)})
    monkeypatch.setattr(Weights, "__getitem__", lambda self, name: pytest.fail("looked up by name"))
    assert [id(array) for array in weights.values()] == [id(array) for array in weights._arrays.values()]
    assert [array.shape for array in weights.values()] == [(3,), (2, 2)]
    weights.replace({"c": np.ones(4, np.float32)}, removed=["b"])
    assert [array.shape for array in weights.values()] == [(2, 2), (4,)]

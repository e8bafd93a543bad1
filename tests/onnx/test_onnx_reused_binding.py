"""`Model.__call__` reuses its last call's binding (`model.REUSE_BINDING`, `BoundCall.rebind`)
for inputs of the bound dtypes and shapes, C-contiguous; every other input takes the checked path
and gets its error. Each call's results must be its own: fresh arrays, equal to the checked path's."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
from onnx_test_models import tiny_conv_model  # noqa: E402

import xfuse.onnx  # noqa: E402
import xfuse.onnx.model as model_module  # noqa: E402
from xfuse.onnx.errors import OnnxError  # noqa: E402


@pytest.fixture(scope="module")
def tiny():
    return xfuse.onnx.load(tiny_conv_model(seed=3))


def _images(count: int) -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    return [rng.standard_normal((1, 3, 16, 16)).astype(np.float32) for _ in range(count)]


def test_reused_calls_agree_with_the_checked_path(tiny, monkeypatch):
    images = _images(4)
    monkeypatch.setattr(model_module, "REUSE_BINDING", False)
    checked = [tiny(image) for image in images]
    assert tiny._reusable is None or not model_module.REUSE_BINDING
    monkeypatch.setattr(model_module, "REUSE_BINDING", True)
    tiny(images[0])  # binds, and keeps the binding
    bound = tiny._reusable[1]
    reused = [tiny(image) for image in images]
    assert tiny._reusable[1] is bound  # every call went through the one binding
    for got, want in zip(reused, checked, strict=True):
        np.testing.assert_array_equal(got, want)
    assert len({id(result) for result in reused}) == len(reused)  # fresh arrays, not views of the arena
    reused[0][...] = 0
    np.testing.assert_array_equal(tiny(images[1]), checked[1])


def test_inputs_the_binding_does_not_fit_take_the_checked_path(tiny):
    image, other = _images(2)
    want = tiny(other)
    tiny(image)
    with pytest.raises(OnnxError, match=r"input 'x': expected a float32 array of shape \(1, 3, 16, 16\), "
                                        r"got shape \(1, 3, 16, 15\)"):
        tiny(np.zeros((1, 3, 16, 15), np.float32))
    with pytest.raises(OnnxError, match=r"got dtype float64 \(convert it with \.astype\(np\.float32\)\)"):
        tiny(other.astype(np.float64))
    with pytest.raises(OnnxError, match=r"the model takes 1 input\(s\) \(x\), got 2"):
        tiny(other, other)
    strided = np.asfortranarray(other)  # not C-contiguous: copied by the checked path
    assert not strided.flags.c_contiguous
    np.testing.assert_array_equal(tiny(strided), want)
    np.testing.assert_array_equal(tiny.run({"x": other})["prob"], want)


def test_rebind_refuses_what_bind_would_describe_otherwise(tiny):
    image, other = _images(2)
    bound = tiny.compiled.bind(image, trailing=tiny._weights_bound())
    assert not bound.rebind(image.astype(np.float64))
    assert not bound.rebind(image[..., :8])
    assert not bound.rebind(np.asfortranarray(image))
    assert not bound.rebind(image, image)  # more arguments than the call bound
    assert bound.rebind(other)
    bound.invoke()
    (result,) = bound.collect()
    np.testing.assert_array_equal(result, tiny.compiled.call(tiny.compiled.entry, other, *tiny.weights.values())[0])

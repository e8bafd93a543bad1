"""ONNX networks in xfuse: imported by torch-mlir, weights outside the IR, compiled and run.

    model = xfuse.onnx.load("resnet50.onnx", input_shapes={"x": (1, 3, 224, 224)})
    (logits,) = model.run({"x": image}).values()

Modules, one step each: `graph` (the ONNX graph made ready: opset upgrade, Dropout, folded
ConstantOfShape, static input shapes), `weights` (large constants become arguments),
`importer` (torch-mlir to linalg on tensors), `model` (`Model`: compile, call, save/load),
`seeded_weights` (`random_weights`: seeded weights for weightless test models), `transformer` (an encoder layer
built with onnx.helper), `cli` (`xfuse-import-onnx`). Needs the `xfuse[onnx]` extra
(torch-mlir, onnx); see docs/onnx.md.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Model", "OnnxError", "import_model", "load", "random_weights", "transformer_layer"]

_EXPORTS = {
    "Model": "xfuse.onnx.model",
    "load": "xfuse.onnx.model",
    "import_model": "xfuse.onnx.importer",
    "random_weights": "xfuse.onnx.seeded_weights",
    "transformer_layer": "xfuse.onnx.transformer",
}


def __getattr__(name: str) -> Any:
    # onnx and torch-mlir are optional: say what to install instead of an ImportError.
    if name == "OnnxError":
        from xfuse.onnx.errors import OnnxError

        return OnnxError
    if name in _EXPORTS:
        from importlib import import_module

        from xfuse.onnx.errors import require_onnx_packages

        require_onnx_packages()
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'xfuse.onnx' has no attribute {name!r}")

"""The one error type of `xfuse.onnx`, and the check that its optional packages are installed."""

from __future__ import annotations

import importlib.util

from xfuse.diagnostics import XfuseError

REQUIRED_MODULES = {"onnx": "onnx", "torch_mlir": "torch-mlir"}
"""Module name -> the package (of the `xfuse[onnx]` extra) that provides it."""


class OnnxError(XfuseError):
    """An ONNX model xfuse cannot read, import or run, or a call with wrong inputs.

    The message names the file, the node (`node 'conv1' (Conv)`) or the input it is about."""


def missing_packages() -> list[str]:
    """The packages of the `xfuse[onnx]` extra that are not installed."""
    return [package for module, package in REQUIRED_MODULES.items() if importlib.util.find_spec(module) is None]


def require_onnx_packages() -> None:
    """Raise an `OnnxError` saying what to install when onnx or torch-mlir is missing."""
    if missing := missing_packages():
        raise OnnxError(f"xfuse.onnx needs {' and '.join(missing)}: pip install 'xfuse[onnx]'")

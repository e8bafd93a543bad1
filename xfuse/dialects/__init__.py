"""Ops xDSL 0.74 lacks, spelled as MLIR 22 spells them.

Each module defines a `Dialect` holding only the extra ops (e.g. `SCF_EXTENSION`); the context
appends them to xDSL's dialect of the same name (see xfuse/context.py).
"""

from collections.abc import Callable

from xdsl.ir import Dialect


def _scf() -> Dialect:
    from xfuse.dialects.scf import SCF_EXTENSION
    from xfuse.dialects.scf_syntax import SCF_SYNTAX_OPS

    return Dialect("scf", [*SCF_EXTENSION.operations, *SCF_SYNTAX_OPS], [])


def _tensor() -> Dialect:
    from xfuse.dialects.tensor import TENSOR_EXTENSION
    from xfuse.dialects.tensor_extra import TENSOR_EXTRA_OPS
    from xfuse.dialects.tensor_mlir22 import TENSOR_MLIR22_OPS

    return Dialect("tensor", [*TENSOR_EXTENSION.operations, *TENSOR_EXTRA_OPS, *TENSOR_MLIR22_OPS], [])


def _linalg() -> Dialect:
    from xfuse.dialects.linalg import LINALG_EXTENSION

    return LINALG_EXTENSION


def _iree_encoding() -> Dialect:
    from xfuse.dialects.iree_encoding import IREE_ENCODING

    return IREE_ENCODING


def _rock() -> Dialect:
    from xfuse.dialects.rock import ROCK

    return ROCK


def _tm_tensor() -> Dialect:
    from xfuse.dialects.tm_tensor import TM_TENSOR

    return TM_TENSOR


def _transform() -> Dialect:
    from xfuse.dialects.transform import TRANSFORM_EXTENSION

    return TRANSFORM_EXTENSION


def _gpu() -> Dialect:
    from xfuse.dialects.gpu import GPU_EXTENSION

    return GPU_EXTENSION


def _bufferization() -> Dialect:
    from xfuse.dialects.bufferization import BUFFERIZATION_EXTENSION

    return BUFFERIZATION_EXTENSION


def _memref() -> Dialect:
    from xfuse.dialects.memref import MEMREF_EXTENSION

    return MEMREF_EXTENSION


def _arith() -> Dialect:
    from xfuse.dialects.arith import ARITH_EXTENSION

    return ARITH_EXTENSION


def _print_arith_overflow_flags_as_mlir() -> None:
    from xfuse.dialects.arith import print_overflow_flags_as_mlir

    print_overflow_flags_as_mlir()


def _math() -> Dialect:
    from xfuse.dialects.math import MATH_EXTENSION

    return MATH_EXTENSION


def _affine() -> Dialect:
    from xfuse.dialects.affine import AFFINE_EXTENSION

    return AFFINE_EXTENSION


DIALECT_EXTENSIONS: dict[str, Callable[[], Dialect]] = {
    "scf": _scf,
    "tensor": _tensor,
    "linalg": _linalg,
    "iree_encoding": _iree_encoding,  # a whole dialect of xfuse's own (xDSL has none)
    "rock": _rock,  # xfuse's own dialect (no xDSL counterpart to extend)
    "tm_tensor": _tm_tensor,  # torch-mlir's, as its ONNX lowering emits it (no xDSL counterpart)
    "transform": _transform,
    "gpu": _gpu,
    "bufferization": _bufferization,
    "memref": _memref,  # MLIR 22's custom forms, realloc, transpose, prefetch, ...
    "affine": _affine,  # affine.max (the num_threads tiling guard)
    "arith": _arith,  # casts, comparisons and select on vectors/tensors; remf, index_castui, ...
    "math": _math,  # erfc, sincos, clampf, isfinite/isinf/isnan/isnormal
}
"""Dialect name -> factory of the extra ops xfuse adds to it."""


XDSL_SPELLING_CHANGES: dict[str, Callable[[], None]] = {
    "arith": _print_arith_overflow_flags_as_mlir,
}
"""Dialect name -> the in-place change of how xDSL's own attributes of it print (MLIR 22's
spelling), made when the dialect is built with xfuse's full extension (xfuse/context.py): by
`xfuse-opt` and `xfuse.make_context()`, never by plain `xdsl-opt` unless asked for
(xfuse/universe.py)."""

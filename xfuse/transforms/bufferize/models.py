"""Bufferization models: how each op uses the memory of its tensor operands.

An `OperandModel` per tensor operand says whether the op reads the operand's memory, writes it,
and which values (results, block arguments) share its buffer when the operand bufferizes in
place. `operand_model` dispatches on the op family (models_linalg.py, models_tensor.py,
models_scf.py, models_bufferization.py); None means xfuse does not know the op.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Operation, SSAValue


@dataclass(frozen=True)
class OperandModel:
    """How an op uses one tensor operand's memory."""

    reads: bool
    writes: bool
    aliases: tuple[SSAValue, ...] = ()
    # Aliases that are the very same buffer (not a part or a view of it) when in place.
    equivalent: bool = True
    # The op has no out-of-place form (parallel_insert_slice writes its shared output).
    must_inplace: bool = False
    # The alias (a branch op's result, a select's) is *one of* several operands at run time:
    # aliasing through it does not join the alternatives (aliasing.py).
    one_of: bool = False


READ = OperandModel(reads=True, writes=False)
"""A plain read: the op only reads the operand, nothing shares its buffer."""

NOT_ACCESSED = OperandModel(reads=False, writes=False)
"""Only the operand's shape is used (tensor.dim, tensor.rank)."""


def view_of(result: SSAValue) -> OperandModel:
    """The result is a view of the operand's memory (a slice, a reshape, a cast)."""
    return OperandModel(reads=False, writes=False, aliases=(result,), equivalent=False)


def destination_of(result: SSAValue) -> OperandModel:
    """The op writes part of the operand and returns it: the rest keeps its contents, so the
    operand is read too (as upstream; an insert_slice's read does not conflict with writes into
    the very subset it overwrites, analysis.py)."""
    return OperandModel(reads=True, writes=True, aliases=(result,))


@dataclass
class FunctionSummary:
    """What a function does to its tensor arguments, for its callers."""

    reads: dict[int, bool] = field(default_factory=dict)
    writes: dict[int, bool] = field(default_factory=dict)
    # result index -> argument index it is equivalent to
    equivalent_results: dict[int, int] = field(default_factory=dict)


def is_tensor(value: SSAValue) -> bool:
    return isinstance(value.type, TensorType)


def operand_model(
    op: Operation, index: int, summaries: dict[str, FunctionSummary]
) -> OperandModel | None:
    """The model of tensor operand `index` of `op`; None when xfuse does not know the op."""
    from xfuse.transforms.bufferize.models_bufferization import bufferization_model
    from xfuse.transforms.bufferize.models_linalg import linalg_model
    from xfuse.transforms.bufferize.models_scf import scf_model
    from xfuse.transforms.bufferize.models_tensor import tensor_model

    dialect = op.name.split(".", 1)[0]
    if dialect == "linalg":
        return linalg_model(op, index)
    if dialect in ("tensor", "arith", "vector"):
        return tensor_model(op, index)
    if dialect in ("scf", "func"):
        return scf_model(op, index, summaries)
    if dialect == "bufferization":
        return bufferization_model(op, index)
    return None

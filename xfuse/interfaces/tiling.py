"""TilingInterface: how an op is cut into tiles, the Python counterpart of MLIR's.

An op takes part in tiling and fusion through a *model*: an object implementing
`TilingInterface` for one op class (and its subclasses). Models are found in a registry keyed by
op class and looked up through the class hierarchy (`tiling_model_for`), so ops xfuse does not own
(xDSL's linalg ops) get one as an "external model" (see `tiling_linalg.py`), and an op class xfuse
defines registers its own the same way.

Conventions shared by every method:
- A tile is given by offsets and sizes, one per loop of the op's iteration domain, in the op's
  own coordinates (an offset includes the domain's own offset, never relative to it). Each is an
  `int` (static) or an `SSAValue` of type index (`OpFoldResult`).
- Methods that may create IR take a `Builder` (xDSL's `PatternRewriter` is one) and insert at its
  insertion point; the caller, not the model, decides where IR goes. Index arithmetic folds when
  every input is static and otherwise goes through `affine.apply` (see `apply_affine_expr`).
- A model that cannot do what is asked raises `TilingRefused(op, reason)`. It is an
  `XfuseError`: a pass turns it into a diagnostic on the op (or a remark, when it was only
  trying), never a traceback. A refusal leaves the IR unchanged, except possibly for unused
  index arithmetic that a later DCE/CSE removes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias, cast

from xdsl.builder import Builder
from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerAttr
from xdsl.dialects.linalg.attrs import IteratorType
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineExpr

from xfuse.diagnostics import XfuseError

OpFoldResult: TypeAlias = int | SSAValue
"""A static int or an SSA value of type index (MLIR's OpFoldResult)."""

__all__ = [
    "IteratorType",
    "OpFoldResult",
    "Range",
    "ResultTileIsIterationTile",
    "TilingInterface",
    "TilingRefused",
    "TilingResult",
    "apply_affine_expr",
    "constant_value",
    "fold_constants",
    "register_tiling_model",
    "same_index",
    "tiling_model_for",
]


@dataclass(frozen=True)
class Range:
    """One loop of an iteration domain: `offset`, `offset + stride`, ... below `offset + size`."""

    offset: OpFoldResult
    size: OpFoldResult
    stride: OpFoldResult = 1


@dataclass(frozen=True)
class TilingResult:
    """What tiling built.

    - `tiled_ops`: the ops computing the tile (for linalg: one clone of the op on slices).
    - `tiled_values`: the values holding the tile of the results asked for: every result for
      `get_tiled_implementation`/`generate_operand_tile_value`, the one asked for by
      `generate_result_tile_value` (as in MLIR).
    - `generated_slices`: the slicing ops created for the operands (`tensor.extract_slice`), in
      operand order; a driver fusing a producer or consumer replaces the slice of one operand.
      Operands that are not sliced (scalars) have none: find the slice of operand `i` as
      `tiled_ops[0].operands[i].owner`.
    """

    tiled_ops: tuple[Operation, ...]
    tiled_values: tuple[SSAValue, ...]
    generated_slices: tuple[Operation, ...] = ()


class TilingRefused(XfuseError):
    """A model cannot tile `op` as asked; `reason` says why (a sentence, for the user)."""

    def __init__(self, op: Operation | None, reason: str):
        self.reason = reason
        name = op.name if op is not None else "op"
        super().__init__(f"cannot tile '{name}': {reason}", op)


class TilingInterface(ABC):
    """The tiling model of one op class. Methods take the op as their `op` argument.

    `get_iteration_domain`, `get_loop_iterator_types`, `get_tiled_implementation` and
    `get_result_tile_position` are required. The fusion hooks refuse by default: an op that
    does not implement them is tiled but never fused.
    """

    @abstractmethod
    def get_iteration_domain(self, builder: Builder, op: Operation) -> list[Range]:
        """One `Range` per loop. Dynamic extents are materialized at the builder (e.g.
        `tensor.dim`); static ones are ints."""

    @abstractmethod
    def get_loop_iterator_types(self, op: Operation) -> list[IteratorType]:
        """One iterator type per loop, in the order of `get_iteration_domain`."""

    @abstractmethod
    def get_tiled_implementation(
        self,
        builder: Builder,
        op: Operation,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        """IR computing the iteration tile (`offsets`, `sizes`) of `op`, inserted at the builder.

        `tiled_values[r]` is the tile of result `r`, whose position in the result is
        `get_result_tile_position(r, offsets, sizes)`. `op` itself is left unchanged.
        """

    @abstractmethod
    def get_result_tile_position(
        self,
        builder: Builder,
        op: Operation,
        result_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        """Where, in result `result_index`, the iteration tile (`offsets`, `sizes`) writes:
        (result offsets, result sizes), one per result dimension."""

    def generate_result_tile_value(
        self,
        builder: Builder,
        op: Operation,
        result_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        """Producer fusion (MLIR's generateResultTileValue): IR computing exactly the tile
        (`offsets`, `sizes`) of result `result_index` (offsets and sizes in the result's
        coordinates). `tiled_values` holds that one tile."""
        raise TilingRefused(op, "the op does not implement producer fusion")

    def get_iteration_domain_tile_from_operand_tiles(
        self,
        builder: Builder,
        op: Operation,
        operand_indices: Sequence[int],
        all_offsets: Sequence[Sequence[OpFoldResult]],
        all_sizes: Sequence[Sequence[OpFoldResult]],
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        """The one iteration tile for which operand `operand_indices[i]` is read exactly on the
        tile (`all_offsets[i]`, `all_sizes[i]`), for every i (operand coordinates).

        Refuses when the operand tiles do not agree on one iteration tile (or their agreement
        cannot be proven), or when the iteration tile would not compute final result values
        (e.g. it cuts a reduction). This is the check a consumer fused through several
        operands must pass."""
        raise TilingRefused(op, "the op does not implement consumer fusion")

    def generate_operand_tile_value(
        self,
        builder: Builder,
        op: Operation,
        operand_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        """Consumer fusion (the RFC's generateOperandTileValue): IR computing the tile of the
        results that reads operand `operand_index` on the tile (`offsets`, `sizes`) (operand
        coordinates). `tiled_values` holds every result's tile."""
        iteration_offsets, iteration_sizes = self.get_iteration_domain_tile_from_operand_tiles(
            builder, op, [operand_index], [offsets], [sizes]
        )
        return self.get_tiled_implementation(builder, op, iteration_offsets, iteration_sizes)


# -- registry -----------------------------------------------------------------------------

class ResultTileIsIterationTile(TilingInterface):
    """A model whose iteration domain is its (one) result's index space: an iteration tile writes
    the same offsets and sizes of the result, and the tile of the result is the tiled op itself."""

    def get_result_tile_position(
        self,
        builder: Builder,
        op: Operation,
        result_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        return list(offsets), list(sizes)

    def generate_result_tile_value(
        self,
        builder: Builder,
        op: Operation,
        result_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        return self.get_tiled_implementation(builder, op, offsets, sizes)


_MODELS: dict[type[Operation], TilingInterface] = {}
_BUILTIN_MODELS_LOADED = False


def register_tiling_model(op_class: type[Operation], model: TilingInterface) -> None:
    """Make `model` the tiling model of `op_class` and of its subclasses without their own."""
    _MODELS[op_class] = model


def _load_builtin_models() -> None:
    # xfuse's own models register themselves on import; importing them lazily keeps
    # `xfuse.interfaces.tiling` free of a dependency on the op families it is used for.
    global _BUILTIN_MODELS_LOADED
    if _BUILTIN_MODELS_LOADED:
        return
    _BUILTIN_MODELS_LOADED = True
    import xfuse.interfaces.tiling_linalg  # noqa: F401
    import xfuse.interfaces.tiling_pack  # noqa: F401
    import xfuse.interfaces.tiling_pad  # noqa: F401
    import xfuse.interfaces.tiling_softmax  # noqa: F401


def tiling_model_for(op: Operation | type[Operation]) -> TilingInterface | None:
    """The model registered for `op`'s class or its nearest registered base class, else None."""
    _load_builtin_models()
    op_class = op if isinstance(op, type) else type(op)
    for klass in op_class.__mro__:
        model = _MODELS.get(klass)  # pyright: ignore[reportArgumentType]
        if model is not None:
            return model
    return None


def require_tiling_model(op: Operation) -> TilingInterface:
    """`tiling_model_for(op)`, refusing ops without one."""
    model = tiling_model_for(op)
    if model is None:
        raise TilingRefused(op, "the op has no tiling model (see register_tiling_model)")
    return model


# -- index arithmetic ---------------------------------------------------------------------


def constant_value(value: OpFoldResult) -> int | None:
    """The int `value` is known to be: itself, or an `arith.constant` of index type."""
    if isinstance(value, int):
        return value
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return cast(IntegerAttr, owner.value).value.data
    return None


def fold_constants(values: Sequence[OpFoldResult]) -> list[OpFoldResult]:
    """`values` with every SSA value known to be a constant (`constant_value`) replaced by its
    int, so that only values really unknown here stay SSA values."""
    return [c if (c := constant_value(v)) is not None else v for v in values]


def same_index(a: OpFoldResult, b: OpFoldResult) -> bool:
    """Whether `a` and `b` are provably the same index: equal constants, one SSA value, or the
    same pure computation (`tensor.dim`, `affine.apply`) of provably equal operands, which is
    what CSE would merge."""
    ca, cb = constant_value(a), constant_value(b)
    if ca is not None or cb is not None:
        return ca == cb
    assert isinstance(a, SSAValue) and isinstance(b, SSAValue)
    if a == b:
        return True
    from xdsl.dialects import affine, tensor

    op_a, op_b = a.owner, b.owner
    if not (
        isinstance(op_a, tensor.DimOp | affine.ApplyOp)
        and type(op_a) is type(op_b)
        and isinstance(op_b, Operation)
        and op_a.properties == op_b.properties
        and op_a.attributes == op_b.attributes
        and len(op_a.operands) == len(op_b.operands)
    ):
        return False
    return all(
        x == y if not isinstance(x.type, IndexType) else same_index(x, y)
        for x, y in zip(op_a.operands, op_b.operands, strict=True)
    )


def apply_affine_expr(
    builder: Builder, expr: AffineExpr, values: Sequence[OpFoldResult]
) -> OpFoldResult:
    """`expr` evaluated with dimension i bound to `values[i]`: an int when every value used is
    static, else the result of one `affine.apply` inserted at the builder (static values are
    folded into its map, so only SSA values become operands).

    Wraps xDSL's private `_apply_affine_expr` (xdsl/dialects/linalg/transforms/tiling.py), which
    does exactly this folding; keeping the private import in this one place means a rename in
    xDSL breaks one function, not every model.
    """
    from xdsl.dialects.linalg.transforms.tiling import (
        _apply_affine_expr,  # pyright: ignore[reportPrivateUsage]
    )

    # Constants that are SSA values are folded as ints, so `affine.apply` is only built for
    # values that are really unknown here.
    folded = fold_constants(values)
    return _apply_affine_expr(
        builder,  # pyright: ignore[reportArgumentType]  (only `.insert(op, ip)` is used)
        builder.insertion_point,
        expr,
        folded,
    )


def materialize_index(builder: Builder, value: OpFoldResult) -> SSAValue:
    """`value` as an SSA index value (an `arith.constant` at the builder for an int)."""
    if isinstance(value, SSAValue):
        return value
    return builder.insert(arith.ConstantOp(IntegerAttr(value, IndexType()))).result

"""The hidden bodies of named linalg ops: MLIR 22's scalar functions, built with xDSL ops.

Named ops print without their region, so the region xfuse builds is what the backend hands to
mlir-opt (generic form) and what tiling clones: it must be the region MLIR builds for the op
(`RegionBuilderHelper` in LinalgOps.cpp, OpDSL's `cast_signed`/`cast_unsigned`, `BinaryFn`,
`UnaryFn`), checked with `mlir-opt --mlir-print-op-generic` in tests/filecheck/with-mlir.
"""

from __future__ import annotations

from enum import auto

from xdsl.builder import Builder
from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat, IntegerType
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, BlockArgument, Region, SSAValue
from xdsl.irdl import irdl_attr_definition
from xdsl.utils.str_enum import StrEnum

from xfuse.dialects.attr_syntax import AngleBracketed


class TypeFn(StrEnum):
    """Element conversion of a named linalg op's inputs (MLIR's `#linalg.type_fn`)."""

    CAST_SIGNED = auto()
    CAST_UNSIGNED = auto()


@irdl_attr_definition
class TypeFnAttr(AngleBracketed, EnumAttribute[TypeFn]):
    """`#linalg.type_fn<cast_signed>` / `#linalg.type_fn<cast_unsigned>` (absent in xDSL 0.74)."""

    name = "linalg.type_fn"


def cast_to(value: SSAValue, to_type: Attribute, unsigned: bool) -> SSAValue:
    """MLIR's cast_signed / cast_unsigned of a scalar to `to_type` (inserted at the builder)."""
    from_type = value.type
    if from_type == to_type:
        return value
    if isinstance(from_type, AnyFloat) and isinstance(to_type, AnyFloat):
        if from_type.bitwidth < to_type.bitwidth:
            return arith.ExtFOp(value, to_type).result
        return arith.TruncFOp(value, to_type).result
    if isinstance(from_type, IntegerType) and isinstance(to_type, IntegerType):
        if from_type.width.data < to_type.width.data:
            op = arith.ExtUIOp(value, to_type) if unsigned else arith.ExtSIOp(value, to_type)
            return op.result
        return arith.TruncIOp(value, to_type).result
    if isinstance(from_type, IntegerType) and isinstance(to_type, AnyFloat):
        op = arith.UIToFPOp(value, to_type) if unsigned else arith.SIToFPOp(value, to_type)
        return op.result
    if isinstance(from_type, AnyFloat) and isinstance(to_type, IntegerType):
        op = arith.FPToUIOp(value, to_type) if unsigned else arith.FPToSIOp(value, to_type)
        return op.result
    raise ValueError(f"no linalg cast from {from_type} to {to_type}")


def is_unsigned(entries: dict[str, Attribute | None] | dict[str, Attribute] | None) -> bool:
    """Whether a `cast = #linalg.type_fn<cast_unsigned>` is among `entries` (properties or,
    for xDSL ops without a `cast` property such as linalg.matmul, attributes)."""
    cast_fn = (entries or {}).get("cast")
    return isinstance(cast_fn, TypeFnAttr) and cast_fn.data == TypeFn.CAST_UNSIGNED


def placeholder_region(arg_types: list[Attribute]) -> Region:
    """A body yielding the last argument, for malformed operand lists: the verifier, not the
    parser, then reports the error."""

    @Builder.implicit_region(arg_types)
    def placeholder(args: tuple[BlockArgument, ...]) -> None:
        YieldOp(*args[-1:])

    return placeholder


def contraction_region(arg_types: list[Attribute], unsigned: bool = False) -> Region:
    """`yield acc + cast(a) * cast(b)` (accumulator first, as MLIR builds matmul & co.)."""
    if len(arg_types) != 3:
        return placeholder_region(arg_types)
    out_type = arg_types[-1]
    add, mul = (
        (arith.AddfOp, arith.MulfOp)
        if isinstance(out_type, AnyFloat)
        else (arith.AddiOp, arith.MuliOp)
    )

    @Builder.implicit_region(arg_types)
    def hidden_region(args: tuple[BlockArgument, ...]) -> None:
        lhs = cast_to(args[0], out_type, unsigned)
        rhs = cast_to(args[1], out_type, unsigned)
        YieldOp(add(args[2], mul(lhs, rhs)))

    return hidden_region

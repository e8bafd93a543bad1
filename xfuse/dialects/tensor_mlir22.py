"""tensor ops where xDSL 0.74 departs from MLIR 22: `tensor.pad`'s verifier, unranked
`tensor.reshape`, `tensor.expand_shape` from a 0-d tensor, and `tensor.gather` / `tensor.scatter` (xDSL lacks them).

- `tensor.pad`: xDSL requires a result dimension to be dynamic exactly where the source size or
  a padding amount is; MLIR (`PadOp::verify`, `inferResultType` in TensorOps.cpp) lets a static
  result size stand for such a dimension (`tensor<?x?xf32> to tensor<2x3xf32>` with dynamic
  high padding) and only refuses a static size that contradicts a static inferred one.
- `tensor.reshape`: source and result may be unranked (`tensor<*xf32>`); MLIR's syntax puts
  the attribute dictionary after the operands.
- `tensor.expand_shape %t [] output_shape [..] : tensor<f32> into tensor<1x1xf32>`: xDSL wants
  the reassociation to cover every result dimension; MLIR (`verifyReshapeLikeTypes`) checks the
  groups it has, so an empty reassociation from a 0-d tensor verifies (whatever the sizes, as
  `tensor.collapse_shape` into a 0-d tensor also does, in xDSL as in MLIR).
- `tensor.gather %src[%idx] gather_dims([1, 2]) [unique] : (S, I) -> R` and
  `tensor.scatter %src into %dest[%idx] scatter_dims([..]) unique : (S, D, I) -> D`, verified
  as MLIR does (dims strictly increasing, in range, as many as the last indices dimension; the
  gathered / scattered shape, or its rank-reduced variant). Neither tiles nor bufferizes in xfuse
  (MLIR has no TilingInterface or bufferization for them either).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar, cast

from xdsl.dialects import tensor as xtensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnySignlessIntegerType,
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    TensorType,
    UnitAttr,
    UnrankedTensorType,
    i64,
)
from xdsl.dialects.utils import DynamicIndexList
from xdsl.dialects.utils.reshape_ops_utils import ContiguousArrayOfIntArray, verify_reshape_like_types
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure, SingleBlockImplicitTerminator
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.irdl_redefine import redefine

_ANY_TENSOR = base(TensorType) | base(UnrankedTensorType)


# -- tensor.pad -------------------------------------------------------------------------


def pad_result_shape(source: Sequence[int], low: Sequence[int], high: Sequence[int]) -> list[int]:
    """MLIR's `PadOp::inferResultType`: size + low + high, dynamic where any of them is."""
    return [
        DYNAMIC_INDEX if DYNAMIC_INDEX in (s, lo, hi) else s + lo + hi
        for s, lo, hi in zip(source, low, high, strict=True)
    ]


@redefine
class PadOp(xtensor.PadOp):
    """`tensor.pad` verified by MLIR 22's rule (see the module docstring)."""

    name = "tensor.pad"

    source = operand_def(base(TensorType[Attribute]))
    low = var_operand_def(IndexType)
    high = var_operand_def(IndexType)
    static_low = prop_def(DenseArrayBase.constr(i64))
    static_high = prop_def(DenseArrayBase.constr(i64))
    nofold = opt_prop_def(UnitAttr)
    region = region_def("single_block")
    result = result_def(TensorType[Attribute])

    # irdl_options (AttrSizedOperandSegments as a property) come from xDSL's class.
    assembly_format = (
        "$source "
        "(`nofold` $nofold^)? "
        "`low` `` custom<DynamicIndexList>($low, $static_low) "
        "`high` `` custom<DynamicIndexList>($high, $static_high) "
        "$region attr-dict `:` type($source) `to` type($result)"
    )
    custom_directives = (DynamicIndexList,)
    traits = traits_def(Pure(), SingleBlockImplicitTerminator(xtensor.YieldOp))

    def verify_(self) -> None:
        source = cast(TensorType[Attribute], self.source.type)
        result = cast(TensorType[Attribute], self.result.type)
        low, high = self.static_low.get_values(), self.static_high.get_values()
        rank = source.get_num_dims()
        if len(low) != rank or len(high) != rank:
            raise VerifyException(
                f"failed to infer expectedType from sourceType {source}, specified resultType is {result}"
            )
        expected = TensorType(source.element_type, pad_result_shape(source.get_shape(), low, high))
        if result.get_num_dims() != rank or any(
            r != e and e != DYNAMIC_INDEX
            for r, e in zip(result.get_shape(), expected.get_shape())
        ):
            raise VerifyException(f"specified type {result} does not match the inferred type {expected}")
        block = self.region.block
        if len(block.args) != rank:
            raise VerifyException(f"expected the block to have {rank} arguments")
        for i, arg in enumerate(block.args, 1):
            if not isinstance(arg.type, IndexType):
                raise VerifyException(f"expected block argument {i} to be an index")
        terminator = block.last_op
        if isinstance(terminator, xtensor.YieldOp) and (
            len(terminator.operands) != 1 or terminator.operands[0].type != result.element_type
        ):
            raise VerifyException("expected yield type to match shape element type")


# -- tensor.expand_shape ----------------------------------------------------------------


@redefine
class ExpandShapeOp(xtensor.ExpandShapeOp):
    """`tensor.expand_shape`, a 0-d source with an empty reassociation allowed (module docstring)."""

    name = "tensor.expand_shape"

    src = operand_def(TensorType)
    dynamic_output_shape = var_operand_def(IndexType)
    reassociation = prop_def(ContiguousArrayOfIntArray())
    static_output_shape = prop_def(DenseArrayBase.constr(i64))
    result = result_def(TensorType[Attribute])

    traits = traits_def(Pure())

    def verify_(self) -> None:
        source, result = self.src.type, self.result.type
        assert isinstance(source, TensorType) and isinstance(result, TensorType)
        rank = result.get_num_dims()
        if len(self.static_output_shape) != rank:
            raise VerifyException(
                f"expected number of static shape dims to be equal to the output rank ({rank}) "
                f"but found {len(self.static_output_shape)} inputs instead"
            )
        reassociation = cast(ArrayAttr[ArrayAttr[IntegerAttr]], self.reassociation)
        if source.get_num_dims() == 0 and not reassociation.data:
            return
        verify_reshape_like_types(collapsed_type=source, expanded_type=result, reassociation=reassociation)


# -- tensor.reshape ---------------------------------------------------------------------


@redefine
class ReshapeOp(xtensor.ReshapeOp):
    """`tensor.reshape %src(%shape) : (S, tensor<Nxi32>) -> R`, ranked or unranked."""

    name = "tensor.reshape"

    source = operand_def(_ANY_TENSOR)
    shape = operand_def(TensorType[AnySignlessIntegerType | IndexType])
    result = result_def(_ANY_TENSOR)

    traits = traits_def(Pure())

    assembly_format = "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)"

    def verify_(self) -> None:
        source, result = self.source.type, self.result.type
        assert isinstance(source, TensorType | UnrankedTensorType)
        assert isinstance(result, TensorType | UnrankedTensorType)
        if source.element_type != result.element_type:
            raise VerifyException(
                "element types of source and destination tensor types should be the same"
            )
        shape = cast(TensorType[Attribute], self.shape.type)
        if shape.get_num_dims() != 1:
            raise VerifyException("shape operand must be a 1-D tensor")
        if not isinstance(result, TensorType):
            return
        if isinstance(source, TensorType) and source.has_static_shape() and result.has_static_shape():
            if source.element_count() != result.element_count():
                raise VerifyException(
                    "source and destination tensor should have the same number of elements"
                )
        length = shape.get_shape()[0]
        if length == DYNAMIC_INDEX:
            raise VerifyException(
                "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type"
            )
        if length != result.get_num_dims():
            raise VerifyException("length of shape operand differs from the result's tensor rank")


# -- tensor.gather / tensor.scatter -----------------------------------------------------


def gathered_shape(
    source: Sequence[int], indices: Sequence[int], dims: Sequence[int], rank_reduced: bool
) -> list[int]:
    """MLIR's `GatherOp::inferResultType`: the indices' batch shape, then the source's shape with
    the gathered dims set to 1 (dropped when `rank_reduced`)."""
    shape = list(indices[:-1])
    for d, size in enumerate(source):
        if d in dims:
            if not rank_reduced:
                shape.append(1)
        else:
            shape.append(size)
    return shape


def _verify_dims(dims: Sequence[int], indices: Sequence[int], rank: int, kind: str, of: str) -> None:
    """MLIR's `verifyGatherOrScatterDims`."""
    if len(dims) > rank:
        raise VerifyException(f"{kind}_dims overflow {of} rank")
    if not indices or indices[-1] != len(dims):
        raise VerifyException(f"{kind}_dims length must match the size of last dimension of indices")
    for d in dims:
        if d < 0:
            raise VerifyException(f"{kind}_dims value must be non-negative")
        if d >= rank:
            raise VerifyException(f"{kind}_dims value must be smaller than {of} rank")
    if any(a >= b for a, b in zip(dims, dims[1:])):
        raise VerifyException(f"{kind}_dims values must be strictly increasing")


def _check_gathered_type(
    actual: TensorType[Attribute], like: TensorType[Attribute], indices: TensorType[Attribute], dims: Sequence[int], what: str
) -> None:
    """`actual` must be the gathered type of `like` at `indices` or its rank-reduced variant."""
    full, reduced = (
        TensorType(like.element_type, gathered_shape(like.get_shape(), indices.get_shape(), dims, r), like.encoding)
        for r in (False, True)
    )
    if actual != full and actual != reduced:
        raise VerifyException(
            f"{what} type mismatch: expected {full} or its rank-reduced variant {reduced} (got: {actual})"
        )


_IndexedOpT = TypeVar("_IndexedOpT", bound=IRDLOperation)


def _parse_indexed_tail(
    parser: Parser,
    cls: type[_IndexedOpT],
    start: int,
    leading: list[Parser.UnresolvedOperand],
    keyword: str,
) -> _IndexedOpT:
    """After the leading operands of gather / scatter: `[%indices] keyword([..]) [unique]
    [{attrs}] : (operand types) -> result type`; the op, with property `keyword`."""
    parser.parse_punctuation("[")
    indices = parser.parse_unresolved_operand()
    parser.parse_punctuation("]")
    parser.parse_keyword(keyword)
    parser.parse_punctuation("(")
    dims = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
    parser.parse_punctuation(")")
    unique = UnitAttr() if parser.parse_optional_keyword("unique") else None
    attrs = dict(parser.parse_optional_attr_dict())
    parser.parse_punctuation(":")
    types = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
    parser.parse_punctuation("->")
    result_type = parser.parse_type()
    names = [*leading, indices]
    if len(names) != len(types):
        parser.raise_error(f"expected {len(names)} operand types, got {len(types)}", start, parser.pos)
    op = cls(
        operands=parser.resolve_operands(names, types, start),
        result_types=[result_type],
        properties={keyword: DenseArrayBase.from_list(i64, dims), "unique": unique},
    )
    op.attributes.update(attrs)
    return op


def _print_indexed_tail(
    printer: Printer, op: IRDLOperation, indices: SSAValue, keyword: str, dims: DenseArrayBase
) -> None:
    """`[%indices] keyword([..]) [unique] [{attrs}] : (operand types) -> result type`."""
    printer.print_string("[")
    printer.print_ssa_value(indices)
    printer.print_string(f"] {keyword}(")
    with printer.in_square_brackets():
        printer.print_list(dims.get_values(), printer.print_int)
    printer.print_string(")")
    if "unique" in op.properties:
        printer.print_string(" unique")
    if op.attributes:
        printer.print_op_attributes(dict(op.attributes))
    printer.print_string(" : ")
    printer.print_function_type(op.operand_types, op.result_types)


@irdl_op_definition
class GatherOp(IRDLOperation):
    """`tensor.gather %src[%indices] gather_dims([..]) [unique] : (S, I) -> R`."""

    name = "tensor.gather"

    source = operand_def(TensorType)
    indices = operand_def(TensorType[AnySignlessIntegerType | IndexType])
    result = result_def(TensorType)
    gather_dims = prop_def(DenseArrayBase.constr(i64))
    unique = opt_prop_def(UnitAttr)

    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> GatherOp:
        start = parser.pos
        source = parser.parse_unresolved_operand()
        return _parse_indexed_tail(parser, cls, start, [source], "gather_dims")

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        _print_indexed_tail(printer, self, self.indices, "gather_dims", self.gather_dims)

    def verify_(self) -> None:
        source = cast(TensorType[Attribute], self.source.type)
        indices = cast(TensorType[Attribute], self.indices.type)
        dims = self.gather_dims.get_values()
        _verify_dims(dims, indices.get_shape(), source.get_num_dims(), "gather", "source")
        _check_gathered_type(cast(TensorType[Attribute], self.result.type), source, indices, dims, "result")


@irdl_op_definition
class ScatterOp(IRDLOperation):
    """`tensor.scatter %src into %dest[%indices] scatter_dims([..]) unique : (S, D, I) -> D`."""

    name = "tensor.scatter"

    source = operand_def(TensorType)
    dest = operand_def(TensorType)
    indices = operand_def(TensorType[AnySignlessIntegerType | IndexType])
    result = result_def(TensorType)
    scatter_dims = prop_def(DenseArrayBase.constr(i64))
    unique = opt_prop_def(UnitAttr)

    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> ScatterOp:
        start = parser.pos
        source = parser.parse_unresolved_operand()
        parser.parse_keyword("into")
        dest = parser.parse_unresolved_operand()
        return _parse_indexed_tail(parser, cls, start, [source, dest], "scatter_dims")

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        printer.print_string(" into ")
        printer.print_ssa_value(self.dest)
        _print_indexed_tail(printer, self, self.indices, "scatter_dims", self.scatter_dims)

    def verify_(self) -> None:
        dest = cast(TensorType[Attribute], self.dest.type)
        indices = cast(TensorType[Attribute], self.indices.type)
        dims = self.scatter_dims.get_values()
        _verify_dims(dims, indices.get_shape(), dest.get_num_dims(), "scatter", "dest")
        if self.unique is None:
            raise VerifyException("requires 'unique' attribute to be set")
        _check_gathered_type(cast(TensorType[Attribute], self.source.type), dest, indices, dims, "source")
        if self.result.type != dest:
            raise VerifyException("result type must be the dest type")


TENSOR_MLIR22_OPS: tuple[type[IRDLOperation], ...] = (PadOp, ExpandShapeOp, ReshapeOp, GatherOp, ScatterOp)
"""Appended to the tensor dialect (xfuse/dialects/__init__.py); pad, expand_shape and reshape
replace xDSL's."""

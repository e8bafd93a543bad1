"""bufferization ops xDSL 0.74 lacks or constrains differently, spelled and verified as MLIR 22:
`bufferization.dealloc_tensor` and `bufferization.dealloc` (missing in xDSL); `clone`, `to_tensor`,
`to_buffer` and `materialize_in_destination` replace xDSL's, which tie the memref's layout and
memory space to the tensor's type (`clone` even requires equal types), where MLIR only asks for
matching shapes and element types. The replacements subclass xDSL's ops, so code matching xDSL's
classes (xfuse-bufferize) matches them too."""

from __future__ import annotations

from collections.abc import Sequence

from typing_extensions import Self
from xdsl.dialects import bufferization
from xdsl.dialects.builtin import DYNAMIC_INDEX, I1, AnyUnrankedMemRefTypeConstr, MemRefType, TensorType, UnitAttr, UnrankedTensorType, i1
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    base,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    opt_result_def,
    result_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

_MEMREF = MemRefType.constr() | AnyUnrankedMemRefTypeConstr
_TENSOR = base(TensorType) | base(UnrankedTensorType)


@irdl_op_definition
class DeallocTensorOp(IRDLOperation):
    """`bufferization.dealloc_tensor`: the tensor's buffer may be freed after this point."""

    name = "bufferization.dealloc_tensor"

    tensor = operand_def(TensorType)

    assembly_format = "$tensor attr-dict `:` type($tensor)"


@irdl_op_definition
class DeallocOp(IRDLOperation):
    """`bufferization.dealloc (%m : T) if (%c) retain (%r : U)`: frees each memref whose
    condition holds unless it aliases a retained one; one i1 result per retained memref says
    whether the caller now owns it."""

    name = "bufferization.dealloc"

    memrefs = var_operand_def(_MEMREF)
    conditions = var_operand_def(I1)
    retained = var_operand_def(_MEMREF)
    updated_conditions = var_result_def(I1)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(self, memrefs: Sequence[SSAValue], conditions: Sequence[SSAValue], retained: Sequence[SSAValue]):
        super().__init__(operands=[memrefs, conditions, retained], result_types=[[i1] * len(retained)])

    def verify_(self) -> None:
        if len(self.memrefs) != len(self.conditions):
            raise VerifyException("must have the same number of conditions as memrefs to deallocate")
        if len(self.retained) != len(self.updated_conditions):
            raise VerifyException("must have the same number of updated conditions (results) as retained operands")

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        pos = parser.pos
        memrefs: list[SSAValue] = []
        conditions: list[SSAValue] = []
        retained: list[SSAValue] = []
        if parser.parse_optional_punctuation("(") is not None:
            values, types = cls._parse_values_with_types_after_paren(parser)
            memrefs = parser.resolve_operands(values, types, pos)
            parser.parse_keyword("if")
            cond_pos = parser.pos
            unresolved = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_unresolved_operand)
            conditions = parser.resolve_operands(unresolved, [i1] * len(unresolved), cond_pos)
        if parser.parse_optional_keyword("retain"):
            retain_pos = parser.pos
            parser.parse_punctuation("(")
            values, types = cls._parse_values_with_types_after_paren(parser)
            retained = parser.resolve_operands(values, types, retain_pos)
        attributes = parser.parse_optional_attr_dict()
        op = cls(memrefs, conditions, retained)
        op.attributes.update(attributes)
        return op

    @staticmethod
    def _parse_values_with_types_after_paren(parser: Parser) -> tuple[list[UnresolvedOperand], list[Attribute]]:
        values = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_unresolved_operand)
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        parser.parse_punctuation(")")
        return values, types

    @staticmethod
    def _print_values_with_types(printer: Printer, values: Sequence[SSAValue]) -> None:
        printer.print_string("(")
        printer.print_list(values, printer.print_ssa_value)
        printer.print_string(" : ")
        printer.print_list((v.type for v in values), printer.print_attribute)
        printer.print_string(")")

    def print(self, printer: Printer) -> None:
        if self.memrefs:
            printer.print_string(" ")
            self._print_values_with_types(printer, self.memrefs)
            printer.print_string(" if (")
            printer.print_list(self.conditions, printer.print_ssa_value)
            printer.print_string(")")
        if self.retained:
            printer.print_string(" retain ")
            self._print_values_with_types(printer, self.retained)
        printer.print_op_attributes(self.attributes)


def verify_tensor_buffer_types(tensor: Attribute, buffer: Attribute) -> None:
    """MLIR's check that a tensor and a buffer type correspond: same shape (or both unranked)
    and same element type; the buffer's layout and memory space and the tensor's encoding are
    free."""
    tensor_shape = tensor.get_shape() if isinstance(tensor, TensorType) else None
    buffer_shape = buffer.get_shape() if isinstance(buffer, MemRefType) else None
    if tensor_shape != buffer_shape:
        raise VerifyException("shapes do not match")
    if tensor.element_type != buffer.element_type:  # pyright: ignore[reportAttributeAccessIssue]
        raise VerifyException("element types do not match")


class _ReplacesXdslOp:
    """Mixed in before the xDSL op a class replaces: drops the parse/print xDSL generated for
    its own constraints, so that irdl_op_definition generates them anew from the replacement's
    assembly format."""

    parse = Operation.__dict__["parse"]
    print = Operation.print


class _TensorBufferConversion(_ReplacesXdslOp):
    """to_tensor / to_buffer: the `tensor` and `memref` types must correspond."""

    def verify_(self) -> None:
        verify_tensor_buffer_types(self.tensor.type, self.memref.type)  # pyright: ignore[reportAttributeAccessIssue]


@irdl_op_definition
class CloneOp(_ReplacesXdslOp, bufferization.CloneOp):
    """`bufferization.clone %m : T to U`: a new buffer with the contents of %m; MLIR puts no
    constraint between T and U."""

    input = operand_def(_MEMREF)
    output = result_def(_MEMREF)

    assembly_format = "$input attr-dict `:` type($input) `to` type($output)"

    def verify_(self) -> None:
        # Defined so that xDSL's generated verify_ (its equal-types constraint) is not inherited.
        return None


@irdl_op_definition
class ToTensorOp(_TensorBufferConversion, bufferization.ToTensorOp):
    """`bufferization.to_tensor %m [restrict] [writable] : M to T`."""

    memref = operand_def(_MEMREF)
    tensor = result_def(_TENSOR)
    writable = opt_prop_def(UnitAttr)
    restrict = opt_prop_def(UnitAttr)

    assembly_format = "$memref (`restrict` $restrict^)? (`writable` $writable^)? attr-dict `:` type($memref) `to` type($tensor)"


@irdl_op_definition
class ToBufferOp(_TensorBufferConversion, bufferization.ToBufferOp):
    """`bufferization.to_buffer %t [read_only] : T to M`."""

    tensor = operand_def(_TENSOR)
    memref = result_def(_MEMREF)
    read_only = opt_prop_def(UnitAttr)

    assembly_format = "$tensor (`read_only` $read_only^)? attr-dict `:` type($tensor) `to` type($memref)"


@irdl_op_definition
class MaterializeInDestinationOp(_ReplacesXdslOp, bufferization.MaterializeInDestinationOp):
    """`bufferization.materialize_in_destination %src in [restrict] [writable] %dest`: the
    source's contents in the destination's buffer. A tensor destination gives a result of its
    type; a memref destination (any memory space) must be `writable` and gives none. A subclass
    of xDSL's op, so that code matching xDSL's class (xfuse-bufferize) matches it too."""

    name = "bufferization.materialize_in_destination"

    source = operand_def(_TENSOR)
    dest = operand_def(_TENSOR | _MEMREF)
    result = opt_result_def(_TENSOR)

    restrict = opt_prop_def(UnitAttr)
    writable = opt_prop_def(UnitAttr)

    assembly_format = (
        "$source `in` (`restrict` $restrict^)? (`writable` $writable^)? $dest attr-dict `:` functional-type(operands, results)"
    )

    def verify_(self) -> None:
        source, dest = self.source.type, self.dest.type
        if isinstance(dest, TensorType | UnrankedTensorType):
            if self.restrict is not None:
                raise VerifyException("'restrict' is valid only for memref destinations")
            if self.writable is not None:
                raise VerifyException("'writable' must be specified if and only if the destination is of memref type")
            if self.result is None or self.result.type != dest:
                raise VerifyException("result and destination types must match")
        else:
            if self.writable is None:
                raise VerifyException("'writable' must be specified if and only if the destination is of memref type")
            if self.result is not None:
                raise VerifyException("memref destination requires no result")
        if source.element_type != dest.element_type:  # pyright: ignore[reportAttributeAccessIssue]
            raise VerifyException("failed to verify that all of {source, dest} have same element type")
        if isinstance(source, TensorType) and isinstance(dest, TensorType | MemRefType):
            src_shape, dst_shape = source.get_shape(), dest.get_shape()
            if len(src_shape) != len(dst_shape) or any(
                a != b and DYNAMIC_INDEX not in (a, b) for a, b in zip(src_shape, dst_shape)
            ):
                raise VerifyException("source/destination shapes are incompatible")


BUFFERIZATION_EXTENSION = Dialect(
    "bufferization",
    [DeallocTensorOp, DeallocOp, CloneOp, ToTensorOp, ToBufferOp, MaterializeInDestinationOp],
    [],
)

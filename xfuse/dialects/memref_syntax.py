"""Helpers shared by xfuse's memref ops (xfuse/dialects/memref*.py): element types, memory
spaces, shape compatibility, and MLIR's `%m[%i, %j]` operand syntax."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from xdsl.dialects.builtin import (
    AffineMapAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    NoneAttr,
    UnrankedMemRefType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.irdl import (
    base,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

ANY_MEMREF = base(MemRefType) | base(UnrankedMemRefType)

def element_type(t: Attribute) -> Attribute:
    return cast(MemRefType | UnrankedMemRefType, t).element_type


def memory_space(t: Attribute) -> Attribute:
    return cast(MemRefType | UnrankedMemRefType, t).memory_space


def compatible_shapes(a: Attribute, b: Attribute) -> bool:
    """MLIR's `verifyCompatibleShape`: unranked matches anything, `?` matches any size."""
    if not isinstance(a, MemRefType) or not isinstance(b, MemRefType):
        return True
    sa, sb = a.get_shape(), b.get_shape()
    return len(sa) == len(sb) and all(x == y or x < 0 or y < 0 for x, y in zip(sa, sb))


def has_identity_layout(t: MemRefType) -> bool:
    """MLIR's `getLayout().isIdentity()`: no layout or the identity map (a strided layout,
    even a contiguous one, is not the identity)."""
    layout = t.layout
    if isinstance(layout, NoneAttr):
        return True
    return isinstance(layout, AffineMapAttr) and layout.data == AffineMap.identity(t.get_num_dims())


def check_rank(memref: Attribute, indices: Sequence[SSAValue]) -> None:
    assert isinstance(memref, MemRefType)
    if len(indices) != memref.get_num_dims():
        raise VerifyException("expects the number of subscripts to be equal to memref rank")


def parse_indexed(parser: Parser) -> tuple[Parser.UnresolvedOperand, list[Parser.UnresolvedOperand]]:
    """`%m[%i, %j]` (operands unresolved)."""
    memref = parser.parse_unresolved_operand()
    indices = parser.parse_comma_separated_list(
        parser.Delimiter.SQUARE, parser.parse_unresolved_operand
    )
    return memref, indices


def print_indexed(printer: Printer, memref: SSAValue, indices: Sequence[SSAValue]) -> None:
    printer.print_ssa_value(memref)
    with printer.in_square_brackets():
        printer.print_list(indices, printer.print_ssa_value)


def resolve_indices(parser: Parser, indices: Sequence[Parser.UnresolvedOperand]) -> list[SSAValue]:
    return [parser.resolve_operand(i, IndexType()) for i in indices]


def print_attr_dict(printer: Printer, op: Operation) -> None:
    """` {discardable attributes}` when there are any (properties are printed by the syntax)."""
    if op.attributes:
        printer.print_string(" ")
        printer.print_attr_dict(dict(op.attributes))


def verify_alignment(alignment: IntegerAttr | None) -> None:
    if alignment is None:
        return
    value = alignment.value.data
    if value <= 0 or value & (value - 1):
        raise VerifyException("'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0")

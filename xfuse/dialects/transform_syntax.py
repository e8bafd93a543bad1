"""Shared syntax of xfuse's transform ops: handle types and MLIR 22's mixed static/dynamic
lists, trailing `: (types) -> (types)` and property splitting, as mlir-opt prints them."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import transform as xt
from xdsl.dialects.builtin import DYNAMIC_INDEX, ArrayAttr, DenseArrayBase, IntegerAttr, i64
from xdsl.dialects.utils import parse_dynamic_index_list_without_types, print_dynamic_index_list
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

AnyHandle = xt.TransformHandleType
AnyOpHandle = xt.TransformOpHandleType

# -- shared parsing helpers -----------------------------------------------------------------


def _dense(values: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i64, list(values))


def _values(attr: DenseArrayBase | None) -> tuple[int, ...]:
    return tuple(int(v) for v in attr.get_values()) if attr is not None else ()


def _parse_packed_or_dynamic(
    parser: Parser,
) -> tuple[UnresolvedOperand | None, list[UnresolvedOperand], list[int]]:
    """MLIR's `custom<PackedOrDynamicIndexList>`: `*(%packed)` or `[4, %p, 8]`."""
    if parser.parse_optional_punctuation("*") is not None:
        parser.parse_punctuation("(")
        packed = parser.parse_unresolved_operand()
        parser.parse_punctuation(")")
        return packed, [], []
    dynamic, static = parse_dynamic_index_list_without_types(parser, DYNAMIC_INDEX)
    return None, list(dynamic), list(static)


def _print_packed_or_dynamic(
    printer: Printer, packed: SSAValue | None, dynamic: Sequence[SSAValue], static: Sequence[int]
) -> None:
    if packed is not None:
        printer.print_string("*(")
        printer.print_ssa_value(packed)
        printer.print_string(")")
    else:
        print_dynamic_index_list(printer, DYNAMIC_INDEX, dynamic, static)


def _parse_trailer(parser: Parser, operands: list[UnresolvedOperand]):
    """`attr-dict : functional-type(operands, results)`, resolving `operands` in order."""
    attributes = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    pos = parser.pos
    function_type = parser.parse_function_type()
    input_types, output_types = function_type.inputs.data, function_type.outputs.data
    if len(input_types) != len(operands):
        parser.raise_error(
            f"expected {len(operands)} operand types, got {len(input_types)}", pos, parser.pos
        )
    resolved = [parser.resolve_operand(o, t) for o, t in zip(operands, input_types)]
    return attributes, resolved, list(output_types)


def _print_trailer(printer: Printer, op: IRDLOperation) -> None:
    printer.print_op_attributes(op.attributes)
    printer.print_string(" : ")
    printer.print_function_type(op.operand_types, op.result_types)


def _i64_array(parser: Parser) -> ArrayAttr:
    """`[0, 5]` as MLIR's I64ArrayAttr (an array of i64 integer attributes)."""
    values = parser.parse_comma_separated_list(Parser.Delimiter.SQUARE, parser.parse_integer)
    return ArrayAttr([IntegerAttr(v, i64) for v in values])


def _int_list(attr: ArrayAttr | None) -> str:
    values = [] if attr is None else [a.value.data for a in attr.data if isinstance(a, IntegerAttr)]
    return f"[{', '.join(map(str, values))}]"


def _split_props(attributes: dict[str, Attribute], names: Sequence[str]):
    props = {name: attributes.pop(name) for name in names if name in attributes}
    return props, attributes

"""MLIR 22's `linalg.map`, which xDSL 0.74 lacks: an elementwise op with an explicit body.

Operands are `ins` (any number, possibly none) and one `init`; the body's arguments are the
element of every input then the element of the init; the result (on tensors) has the init's
type. Like MLIR (`MapOp::print`/`parse`), two custom forms:

    %r = linalg.map { arith.addf } ins(%a, %b : T, T) outs(%c : T) [{attrs}]
    %r = linalg.map ins(%a : T) outs(%c : T) [{attrs}]
      (%in: f32, %init: f32) { ... linalg.yield %v : f32 }

The short form is printed when the body is one op applied to the input arguments in order whose
result is yielded (its attributes are printed in braces after its name, `fastmath<none>` elided).
Generic form: `"linalg.map"(%ins..., %init)`, no segment sizes (a single variadic).

The tiling model sees it through `structured_view` (identity maps, parallel loops).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from xdsl.dialects.builtin import ShapedType, TensorType
from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    region_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.linalg_syntax import (
    parse_operand_group,
    parse_short_form_payload,
    print_operand_group,
    print_long_form_body,
    print_short_form_payload,
    short_form_body,
    short_form_payload,
)


def _element_type(value_type: Attribute) -> Attribute:
    return value_type.get_element_type() if isinstance(value_type, ShapedType) else value_type


@irdl_op_definition
class MapOp(IRDLOperation):
    """MLIR 22 `linalg.map` (see the module docstring)."""

    name = "linalg.map"

    inputs = var_operand_def()
    init = operand_def(ShapedType)
    result = var_result_def(TensorType)
    mapper = region_def("single_block")

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        init: SSAValue,
        mapper: Region,
        attributes: dict[str, Attribute] | None = None,
    ):
        result_types = [init.type] if isinstance(init.type, TensorType) else []
        super().__init__(
            operands=[inputs, init],
            result_types=[result_types],
            regions=[mapper],
            attributes=attributes,
        )

    @property
    def rank(self) -> int:
        assert isinstance(self.init.type, ShapedType)
        return len(self.init.type.get_shape())

    def payload_op(self) -> Operation | None:
        """The op the short form names, or None when the body needs the long form."""
        return short_form_payload(self.mapper.block, self.mapper.block.args[:-1])

    def verify_(self) -> None:
        shaped = [v.type for v in (*self.inputs, self.init)]
        if any(not isinstance(t, ShapedType) for t in shaped):
            raise VerifyException("expected shaped inputs and init")
        if len({type(t) for t in shaped}) != 1:
            raise VerifyException("expected to have pure tensor or buffer semantics")
        shapes = {tuple(t.get_shape()) for t in shaped if isinstance(t, ShapedType)}
        if len(shapes) != 1:
            raise VerifyException("expected all inputs and the init to have the same shape")
        block = self.mapper.block
        expected = [_element_type(v.type) for v in (*self.inputs, self.init)]
        if [a.type for a in block.args] != expected:
            raise VerifyException(
                "expected the mapper's arguments to be the element types "
                f"({', '.join(map(str, expected))}): every input's, then the init's"
            )

    def print(self, printer: Printer) -> None:
        payload = self.payload_op()
        if payload is not None:
            print_short_form_payload(printer, payload)
        print_operand_group(printer, "ins", list(self.inputs))
        print_operand_group(printer, "outs", [self.init])
        if self.attributes:
            printer.print_op_attributes(dict(sorted(self.attributes.items())))
        if payload is None:
            print_long_form_body(printer, self.mapper)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        start = parser.pos
        payload = parse_short_form_payload(parser)
        inputs = parse_operand_group(parser, "ins")
        outs = parse_operand_group(parser, "outs")
        if len(outs) != 1:
            parser.raise_error("linalg.map expects one init in outs(...)", start, parser.pos)
        init = outs[0]
        attributes = dict(parser.parse_optional_attr_dict())
        arg_types = [_element_type(v.type) for v in (*inputs, init)]
        if payload is None:
            args = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_argument)
            mapper = parser.parse_region(args)
        else:
            mapper = short_form_body(parser, payload, arg_types, lambda args: args[:-1], start)
        return cls(inputs, init, mapper, attributes)


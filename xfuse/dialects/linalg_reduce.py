"""MLIR 22's `linalg.reduce`: any number of inputs and as many inits (xDSL 0.74 has one of each).

    %r:2 = linalg.reduce ins(%a, %b : T, U) outs(%x, %y : V, W) dimensions = [1] [{attrs}]
      (%in: f32, %in_0: i32, %init: f32, %init_1: i32) { ... linalg.yield %s, %t : f32, i32 }
    %r = linalg.reduce { arith.addf } ins(%a : T) outs(%x : V) dimensions = [1]

Body arguments: each input's element, then each init's. The short form (`ReduceOp::print` in
LinalgOps.cpp) is printed when the body is one op on (init, inputs...) whose result is yielded.
Generic form: `"linalg.reduce"(%inputs..., %inits...)` without segment sizes (MLIR's
`SameVariadicOperandSize`). Verified as `ReduceOp::verify` does, with its messages. Replaces
xDSL's op of the same name (not a subclass: its operands are single values); the tiling model
sees it through `structured_view` (identity maps on inputs, projections on inits).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self, cast

from xdsl.dialects.builtin import DenseArrayBase, ShapedType, TensorType, i64
from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    SameVariadicOperandSize,
    irdl_op_definition,
    prop_def,
    region_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.linalg_syntax import (
    parse_ins_outs,
    parse_short_form_payload,
    print_ins_outs,
    print_long_form_body,
    print_short_form_payload,
    short_form_body,
    short_form_payload,
)


def _shaped(value: SSAValue) -> ShapedType:
    return cast(ShapedType, value.type)


@irdl_op_definition
class ReduceOp(IRDLOperation):
    """MLIR 22 `linalg.reduce` (see the module docstring)."""

    name = "linalg.reduce"

    inputs = var_operand_def(ShapedType)
    inits = var_operand_def(ShapedType)
    result = var_result_def(TensorType)
    dimensions = prop_def(DenseArrayBase.constr(i64))
    combiner = region_def("single_block")

    irdl_options = (SameVariadicOperandSize(),)

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        inits: Sequence[SSAValue],
        dimensions: Sequence[int] | DenseArrayBase,
        combiner: Region,
        attributes: dict[str, Attribute] | None = None,
    ):
        if not isinstance(dimensions, DenseArrayBase):
            dimensions = DenseArrayBase.from_list(i64, dimensions)
        super().__init__(
            operands=[inputs, inits],
            result_types=[[v.type for v in inits if isinstance(v.type, TensorType)]],
            properties={"dimensions": dimensions},
            regions=[combiner],
            attributes=attributes,
        )

    @property
    def region(self) -> Region:
        """The combiner (xDSL's name for it)."""
        return self.combiner

    def payload_op(self) -> Operation | None:
        """The op of the short form: one op on (init, inputs...) yielding its result."""
        if len(self.inits) != 1:
            return None
        args = self.combiner.block.args
        return short_form_payload(self.combiner.block, (args[-1], *args[:-1]))

    def verify_(self) -> None:
        inputs, inits = list(self.inputs), list(self.inits)
        for what, values in (("input", inputs), ("output", inits)):
            for i, v in enumerate(values[1:], 1):
                if _shaped(v).get_shape() != _shaped(values[0]).get_shape():
                    raise VerifyException(
                        f"expects all {what}s to have the same shapes. Shape at {what}-index {i} "
                        f"is not equal to the shape at {what}-index 0."
                    )
        if not inputs or not inits:
            raise VerifyException("expects at least one input and one init")
        input_shape = _shaped(inputs[0]).get_shape()
        init_shape = _shaped(inits[0]).get_shape()
        reduced = set()
        for d in self.dimensions.get_values():
            if not 0 <= d < len(input_shape):
                raise VerifyException(
                    f"dimensions for reduction should be in the range [0, {len(input_shape) - 1}]."
                )
            reduced.add(d)
        kept = [s for i, s in enumerate(input_shape) if i not in reduced]
        if len(kept) != len(init_shape):
            raise VerifyException(
                f"number of dimensions after reduction {len(kept)} doesn't match the init rank {len(init_shape)}"
            )
        if tuple(kept) != tuple(init_shape):
            shown = ", ".join(map(str, init_shape)), ", ".join(map(str, kept))
            raise VerifyException(
                f"init dimensions [{shown[0]}] doesn't match input dimensions after reduction [{shown[1]}]"
            )
        args = self.combiner.block.args
        if len(args) != len(self.operands):
            raise VerifyException("mismatching number of operands and block arguments")
        for input_value, arg in zip(inputs, args):
            element = _shaped(input_value).get_element_type()
            if element != arg.type:
                raise VerifyException(
                    f"input element type {element} does not match corresponding block argument type {arg.type}"
                )
        for init, arg in zip(inits, args[len(inputs) :]):
            element = _shaped(init).get_element_type()
            if element != arg.type:
                raise VerifyException(
                    f"output element type {element} does not match corresponding block argument type {arg.type}"
                )

    def print(self, printer: Printer) -> None:
        payload = self.payload_op()
        if payload is not None:
            print_short_form_payload(printer, payload)
        print_ins_outs(printer, list(self.inputs), list(self.inits))
        printer.print_string(" dimensions = ")
        with printer.in_square_brackets():
            printer.print_list(self.dimensions.get_values(), printer.print_int)
        if self.attributes:
            printer.print_string(" ")
            printer.print_op_attributes(dict(sorted(self.attributes.items())))
        if payload is None:
            print_long_form_body(printer, self.combiner)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        start = parser.pos
        payload = parse_short_form_payload(parser)
        inputs, inits = parse_ins_outs(parser)
        parser.parse_keyword("dimensions")
        parser.parse_punctuation("=")
        dimensions = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        attributes = dict(parser.parse_optional_attr_dict())
        if payload is None:
            args = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_argument)
            combiner = parser.parse_region(args)
        else:
            if len(inits) != 1:
                parser.raise_error("the short form of linalg.reduce takes one init", start, parser.pos)
            element_types = [_shaped(v).get_element_type() for v in (*inputs, *inits)]
            combiner = short_form_body(
                parser, payload, element_types, lambda args: (args[-1], *args[:-1]), start
            )
        return cls(inputs, inits, dimensions, combiner, attributes)


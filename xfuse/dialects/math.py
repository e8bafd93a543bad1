"""math ops of MLIR 22 that xDSL 0.74 lacks: `math.erfc`, `math.sincos`, `math.clampf` and the
floating-point classification ops (`math.isfinite`, `isinf`, `isnan`, `isnormal`).

They take scalars, vectors and tensors like every math op (see xfuse/dialects/arith.py's
`scalar_or_shaped`); the classification ops return `i1` of the operand's shape.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.arith import FastMathFlagsAttr
from xdsl.dialects.builtin import i1
from xdsl.dialects.math import FloatingPointLikeUnaryMathOperation
from xdsl.ir import Dialect, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.arith import BOOL_LIKE, FLOAT_LIKE, with_element_type


@irdl_op_definition
class ErfcOp(FloatingPointLikeUnaryMathOperation):
    """`math.erfc`: the complementary error function, 1 - erf(x)."""

    name = "math.erfc"
    traits = traits_def(Pure())


@irdl_op_definition
class SincosOp(IRDLOperation):
    """`%s, %c = math.sincos %x [fastmath<...>] : type`: sine and cosine at once."""

    name = "math.sincos"
    T: ClassVar = VarConstraint("T", FLOAT_LIKE)
    operand = operand_def(T)
    sin = result_def(T)
    cos = result_def(T)
    fastmath = prop_def(FastMathFlagsAttr, default_value=FastMathFlagsAttr("none"))
    traits = traits_def(Pure())
    assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)"


@irdl_op_definition
class ClampFOp(IRDLOperation):
    """`math.clampf %x to [%min, %max] [fastmath<...>] : type`."""

    name = "math.clampf"
    T: ClassVar = VarConstraint("T", FLOAT_LIKE)
    operand = operand_def(T)
    min = operand_def(T)
    max = operand_def(T)
    result = result_def(T)
    fastmath = prop_def(FastMathFlagsAttr, default_value=FastMathFlagsAttr("none"))
    traits = traits_def(Pure())
    assembly_format = (
        "$operand `to` ` ` `[` $min `,` $max `]` (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"
    )


class FloatClassification(IRDLOperation):
    """`math.isfinite %x : type` and its siblings: `i1` of the operand's shape."""

    operand = operand_def(FLOAT_LIKE)
    result = result_def(BOOL_LIKE)
    fastmath = prop_def(FastMathFlagsAttr, default_value=FastMathFlagsAttr("none"))
    traits = traits_def(Pure())

    def __init__(self, operand: SSAValue | Operation):
        value = SSAValue.get(operand)
        super().__init__(operands=[value], result_types=[with_element_type(value.type, i1)])

    def verify_(self) -> None:
        if self.result.type != with_element_type(self.operand.type, i1):
            raise VerifyException(
                f"'{self.name}' op failed to verify that result type has i1 element type and same shape as operands"
            )

    @classmethod
    def parse(cls, parser: Parser) -> FloatClassification:
        operand = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        value = parser.resolve_operand(operand, parser.parse_type())
        op = cls(value)
        properties = dict(attributes)
        if "fastmath" in properties:
            op.properties["fastmath"] = properties.pop("fastmath")
        op.attributes |= properties
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.operand)
        extra = dict(self.attributes)
        if self.fastmath != FastMathFlagsAttr("none"):
            extra["fastmath"] = self.fastmath
        printer.print_op_attributes(extra)
        printer.print_string(" : ")
        printer.print_attribute(self.operand.type)


@irdl_op_definition
class IsFiniteOp(FloatClassification):
    name = "math.isfinite"


@irdl_op_definition
class IsInfOp(FloatClassification):
    name = "math.isinf"


@irdl_op_definition
class IsNaNOp(FloatClassification):
    name = "math.isnan"


@irdl_op_definition
class IsNormalOp(FloatClassification):
    name = "math.isnormal"


MATH_EXTENSION = Dialect(
    "math", [ErfcOp, SincosOp, ClampFOp, IsFiniteOp, IsInfOp, IsNaNOp, IsNormalOp], []
)
"""The math ops xfuse adds to xDSL's (see xfuse/context.py's `extend_dialect`)."""

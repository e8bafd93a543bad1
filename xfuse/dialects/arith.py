"""arith ops as MLIR 22 defines them, where xDSL 0.74's differ.

In MLIR every elementwise arith op takes a scalar, a vector or a (ranked or unranked) tensor of its
element type; xDSL 0.74's casts take scalars only, its comparisons always return a scalar `i1`
and its `select` wants a scalar condition. The ops here replace xDSL's of the same name (they
subclass them, so `isinstance(op, arith.ExtSIOp)` still holds) and add what xDSL lacks:
`arith.remf`, `arith.index_castui`, `arith.scaling_extf`, `arith.scaling_truncf`, the overflow
flags of `arith.trunci`, the `exact` flag of `divui`/`divsi`/`shrui`/`shrsi` (new in MLIR 22), the rounding mode and fastmath flags of `arith.truncf` / `arith.extf`.
Verifier messages are MLIR's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import (
    AnyFloat,
    AnyFloatConstr,
    I32,
    IndexType,
    IndexTypeConstr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    SignlessIntegerConstraint,
    TensorType,
    UnitAttr,
    UnrankedTensorType,
    VectorType,
    i1,
    i32,
)
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    AnyOf,
    AttrConstraint,
    EqAttrConstraint,
    IRDLAttrConstraint,
    IRDLOperation,
    ParamAttrConstraint,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum


def scalar_or_shaped(element: IRDLAttrConstraint) -> AttrConstraint:
    """MLIR's `...Like` constraints: `element`, or a vector or (un)ranked tensor of it."""
    return AnyOf.get(
        element,
        VectorType.constr(element),
        TensorType.constr(element),
        ParamAttrConstraint(UnrankedTensorType, (element,)),
    )


SIGNLESS_FIXED_WIDTH_INTEGER_LIKE = scalar_or_shaped(SignlessIntegerConstraint)
SIGNLESS_INTEGER_OR_INDEX_LIKE = scalar_or_shaped(SignlessIntegerConstraint | IndexTypeConstr)
FLOAT_LIKE = scalar_or_shaped(AnyFloatConstr)
BOOL_LIKE = scalar_or_shaped(EqAttrConstraint(i1))


def element_type(type: Attribute) -> Attribute:
    """The element type of a vector / tensor type, or the type itself."""
    if isinstance(type, VectorType | TensorType | UnrankedTensorType):
        return type.get_element_type()
    return type


def with_element_type(type: Attribute, element: Attribute) -> Attribute:
    """`type` with its element type replaced (a scalar type is replaced whole): what MLIR's
    `getI1SameShape` and the result types of the casts are built with."""
    if isinstance(type, VectorType):
        return VectorType(element, type.get_shape(), type.scalable_dims)
    if isinstance(type, TensorType):
        return TensorType(element, type.get_shape(), type.encoding)
    if isinstance(type, UnrankedTensorType):
        return UnrankedTensorType(element)
    return element


def same_shape(a: Attribute, b: Attribute) -> bool:
    """MLIR's shape agreement of elementwise operands: both scalars, two vectors of one shape
    (scalable dimensions included), or two tensors of compatible shapes (`?` and unranked
    agree with any)."""
    if isinstance(a, VectorType) or isinstance(b, VectorType):
        return (
            isinstance(a, VectorType)
            and isinstance(b, VectorType)
            and a.get_shape() == b.get_shape()
            and a.scalable_dims == b.scalable_dims
        )
    tensors = (TensorType, UnrankedTensorType)
    if isinstance(a, tensors) != isinstance(b, tensors):
        return False
    if not isinstance(a, TensorType) or not isinstance(b, TensorType):
        return True
    return len(a.get_shape()) == len(b.get_shape()) and all(
        x == y or x < 0 or y < 0 for x, y in zip(a.get_shape(), b.get_shape())
    )


def bit_width(type: Attribute) -> int | None:
    if isinstance(type, IntegerType):
        return type.width.data
    bitwidth = getattr(type, "bitwidth", None)
    return bitwidth if isinstance(bitwidth, int) else None


def _is_float(type: Attribute) -> bool:
    return isinstance(type, AnyFloat)


def _wider(a: Attribute, b: Attribute) -> bool:
    wa, wb = bit_width(a), bit_width(b)
    return wa is not None and wb is not None and wb > wa


_CastCheck = Callable[[Attribute, Attribute], bool]
"""Whether a cast from the first element type to the second is valid (MLIR's `areCastCompatible`)."""


def _int_ext(a: Attribute, b: Attribute) -> bool:
    return isinstance(a, IntegerType) and isinstance(b, IntegerType) and _wider(a, b)


def _int_trunc(a: Attribute, b: Attribute) -> bool:
    return isinstance(a, IntegerType) and isinstance(b, IntegerType) and _wider(b, a)


def _float_ext(a: Attribute, b: Attribute) -> bool:
    return _is_float(a) and _is_float(b) and _wider(a, b)


def _float_trunc(a: Attribute, b: Attribute) -> bool:
    return _is_float(a) and _is_float(b) and _wider(b, a)


def _int_to_float(a: Attribute, b: Attribute) -> bool:
    return isinstance(a, IntegerType) and _is_float(b)


def _float_to_int(a: Attribute, b: Attribute) -> bool:
    return _is_float(a) and isinstance(b, IntegerType)


def _index_cast(a: Attribute, b: Attribute) -> bool:
    return isinstance(a, IndexType) != isinstance(b, IndexType)


def _bitcast(a: Attribute, b: Attribute) -> bool:
    wa, wb = bit_width(a), bit_width(b)
    return wa is not None and wa == wb


class CastVerifier:
    """The verifier of MLIR's `Arith_CastOp`s: same shape, then compatible element types.

    First among the bases of a subclass of an xDSL cast, it also hides the parse/print xDSL
    generated from the parent's `assembly_format`, so that IRDL generates them anew for the
    subclass (IRDL refuses a format next to inherited parse/print methods)."""

    parse = Operation.__dict__["parse"]
    print = Operation.print

    COMPATIBLE: ClassVar[_CastCheck]
    """Set by each cast (a staticmethod)."""

    def verify_(self) -> None:
        assert isinstance(self, Operation)
        source, target = self.operands[0].type, self.results[0].type
        if isinstance(source, MemRefType) or isinstance(target, MemRefType):
            shapes_agree = isinstance(source, MemRefType) and isinstance(target, MemRefType) and (
                source.get_shape() == target.get_shape()
            )
        else:
            shapes_agree = same_shape(source, target)
        if not shapes_agree:
            raise VerifyException(
                f"'{self.name}' op failed to verify that input and output have the same tensor dimensions"
            )
        element_check = type(self).COMPATIBLE
        if not element_check(element_type(source), element_type(target)):
            raise VerifyException(
                f"'{self.name}' op operand type '{source}' and result type '{target}' are cast incompatible"
            )


CAST_FORMAT = "$input attr-dict `:` type($input) `to` type($result)"


@irdl_op_definition
class ExtUIOp(CastVerifier, xarith.ExtUIOp):
    input = operand_def(SIGNLESS_FIXED_WIDTH_INTEGER_LIKE)
    result = result_def(SIGNLESS_FIXED_WIDTH_INTEGER_LIKE)
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_int_ext)


@irdl_op_definition
class ExtSIOp(CastVerifier, xarith.ExtSIOp):
    input = operand_def(SIGNLESS_FIXED_WIDTH_INTEGER_LIKE)
    result = result_def(SIGNLESS_FIXED_WIDTH_INTEGER_LIKE)
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_int_ext)


@irdl_op_definition
class TruncIOp(CastVerifier, xarith.TruncIOp):
    input = operand_def(SIGNLESS_FIXED_WIDTH_INTEGER_LIKE)
    result = result_def(SIGNLESS_FIXED_WIDTH_INTEGER_LIKE)
    overflow_flags = prop_def(
        xarith.IntegerOverflowAttr, default_value=xarith.IntegerOverflowAttr("none"), prop_name="overflowFlags"
    )
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_int_trunc)
    assembly_format = (
        "$input (`overflow` `` $overflowFlags^)? attr-dict `:` type($input) `to` type($result)"
    )


@irdl_op_definition
class ExtFOp(CastVerifier, xarith.ExtFOp):
    input = operand_def(FLOAT_LIKE)
    result = result_def(FLOAT_LIKE)
    fastmath = opt_prop_def(xarith.FastMathFlagsAttr)
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_float_ext)
    assembly_format = "$input (`fastmath` `` $fastmath^)? attr-dict `:` type($input) `to` type($result)"


class RoundingMode(StrEnum):
    """MLIR's `Arith_RoundingModeAttr` cases, in the order of their values."""

    TO_NEAREST_EVEN = "to_nearest_even"
    DOWNWARD = "downward"
    UPWARD = "upward"
    TOWARD_ZERO = "toward_zero"
    TO_NEAREST_AWAY = "to_nearest_away"


ROUNDING_MODES = list(RoundingMode)


def _parse_rounding_and_fastmath(parser: Parser) -> dict[str, Attribute]:
    properties: dict[str, Attribute] = {}
    for index, mode in enumerate(ROUNDING_MODES):
        if parser.parse_optional_keyword(mode.value) is not None:
            properties["roundingmode"] = IntegerAttr(index, i32)
            break
    if parser.parse_optional_keyword("fastmath") is not None:
        properties["fastmath"] = xarith.FastMathFlagsAttr(xarith.FastMathFlagsAttr.parse_parameter(parser))
    return dict(sorted(properties.items()))  # MLIR's generic form lists properties sorted


def _print_rounding_and_fastmath(printer: Printer, op: Operation) -> None:
    mode = op.properties.get("roundingmode")
    if isinstance(mode, IntegerAttr) and 0 <= mode.value.data < len(ROUNDING_MODES):
        printer.print_string(f" {ROUNDING_MODES[mode.value.data].value}")
    fastmath = op.properties.get("fastmath")
    if fastmath is not None:
        printer.print_string(" fastmath")
        assert isinstance(fastmath, xarith.FastMathFlagsAttr)
        fastmath.print_parameter(printer)


def _print_types(printer: Printer, sources: list[Attribute], target: Attribute) -> None:
    printer.print_string(" : ")
    printer.print_list(sources, printer.print_attribute)
    printer.print_string(" to ")
    printer.print_attribute(target)


def _check_rounding_mode(op: Operation) -> None:
    mode = op.properties.get("roundingmode")
    if isinstance(mode, IntegerAttr) and not 0 <= mode.value.data < len(ROUNDING_MODES):
        raise VerifyException(
            f"'{op.name}' op attribute 'roundingmode' failed to satisfy constraint: "
            "32-bit signless integer attribute whose value is 0, 1, 2, 3, or 4"
        )


@irdl_op_definition
class TruncFOp(CastVerifier, xarith.TruncFOp):
    """`arith.truncf %x [rounding mode] [fastmath<...>] : f64 to f32`."""

    input = operand_def(FLOAT_LIKE)
    result = result_def(FLOAT_LIKE)
    roundingmode = opt_prop_def(IntegerAttr[I32])
    fastmath = opt_prop_def(xarith.FastMathFlagsAttr)
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_float_trunc)
    assembly_format = None

    def verify_(self) -> None:
        _check_rounding_mode(self)
        super().verify_()

    @classmethod
    def parse(cls, parser: Parser) -> TruncFOp:
        operand = parser.parse_unresolved_operand()
        properties = _parse_rounding_and_fastmath(parser)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source = parser.parse_type()
        parser.parse_keyword("to")
        target = parser.parse_type()
        return cls.create(
            operands=[parser.resolve_operand(operand, source)],
            result_types=[target],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        _print_rounding_and_fastmath(printer, self)
        printer.print_op_attributes(self.attributes)
        _print_types(printer, [self.input.type], self.result.type)


@irdl_op_definition
class UIToFPOp(CastVerifier, xarith.UIToFPOp):
    input = operand_def(SIGNLESS_FIXED_WIDTH_INTEGER_LIKE)
    result = result_def(FLOAT_LIKE)
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_int_to_float)


@irdl_op_definition
class SIToFPOp(CastVerifier, xarith.SIToFPOp):
    input = operand_def(SIGNLESS_FIXED_WIDTH_INTEGER_LIKE)
    result = result_def(FLOAT_LIKE)
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_int_to_float)


@irdl_op_definition
class FPToUIOp(CastVerifier, xarith.FPToUIOp):
    input = operand_def(FLOAT_LIKE)
    result = result_def(SIGNLESS_FIXED_WIDTH_INTEGER_LIKE)
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_float_to_int)


@irdl_op_definition
class FPToSIOp(CastVerifier, xarith.FPToSIOp):
    input = operand_def(FLOAT_LIKE)
    result = result_def(SIGNLESS_FIXED_WIDTH_INTEGER_LIKE)
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_float_to_int)


@irdl_op_definition
class IndexCastOp(CastVerifier, xarith.IndexCastOp):
    input = operand_def(SIGNLESS_INTEGER_OR_INDEX_LIKE)
    result = result_def(SIGNLESS_INTEGER_OR_INDEX_LIKE)
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_index_cast)


@irdl_op_definition
class IndexCastUIOp(CastVerifier, IRDLOperation):
    """`arith.index_castui`: like `index_cast`, zero-extending when widening."""

    name = "arith.index_castui"
    input = operand_def(SIGNLESS_INTEGER_OR_INDEX_LIKE)
    result = result_def(SIGNLESS_INTEGER_OR_INDEX_LIKE)
    traits = traits_def(Pure())
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_index_cast)
    assembly_format = CAST_FORMAT

    def __init__(self, input_arg: SSAValue | Operation, target_type: Attribute):
        super().__init__(operands=[input_arg], result_types=[target_type])


_BITCASTABLE = (
    scalar_or_shaped(SignlessIntegerConstraint | AnyFloatConstr)
    | MemRefType.constr(element_type=SignlessIntegerConstraint | AnyFloatConstr)
)


@irdl_op_definition
class BitcastOp(CastVerifier, xarith.BitcastOp):
    input = operand_def(_BITCASTABLE)
    result = result_def(_BITCASTABLE)
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_bitcast)


class ScalingCast(IRDLOperation):
    """`arith.scaling_extf` / `arith.scaling_truncf`: `%x, %scale [rounding] [fastmath] :
    in, scale to out`; the scale has the input's shape."""

    input = operand_def(FLOAT_LIKE)
    scale = operand_def(FLOAT_LIKE)
    result = result_def(FLOAT_LIKE)
    fastmath = opt_prop_def(xarith.FastMathFlagsAttr)
    traits = traits_def(Pure())
    COMPATIBLE: ClassVar[_CastCheck]

    def verify_(self) -> None:
        _check_rounding_mode(self)
        source, scale, target = self.input.type, self.scale.type, self.result.type
        if not same_shape(source, target) or not same_shape(source, scale):
            raise VerifyException(
                f"'{self.name}' op failed to verify that input and output have the same tensor dimensions"
            )
        if not type(self).COMPATIBLE(element_type(source), element_type(target)):
            raise VerifyException(
                f"'{self.name}' op operand type '{source}' and result type '{target}' are cast incompatible"
            )

    @classmethod
    def parse(cls, parser: Parser) -> ScalingCast:
        operand = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        scale = parser.parse_unresolved_operand()
        properties = _parse_rounding_and_fastmath(parser)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source = parser.parse_type()
        parser.parse_punctuation(",")
        scale_type = parser.parse_type()
        parser.parse_keyword("to")
        target = parser.parse_type()
        if "roundingmode" in properties and cls is ScalingExtFOp:
            parser.raise_error("'arith.scaling_extf' takes no rounding mode")
        return cls.create(
            operands=parser.resolve_operands([operand, scale], [source, scale_type], parser.pos),
            result_types=[target],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        _print_rounding_and_fastmath(printer, self)
        printer.print_op_attributes(self.attributes)
        _print_types(printer, [self.input.type, self.scale.type], self.result.type)


@irdl_op_definition
class ScalingExtFOp(ScalingCast):
    name = "arith.scaling_extf"
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_float_ext)


@irdl_op_definition
class ScalingTruncFOp(ScalingCast):
    name = "arith.scaling_truncf"
    roundingmode = opt_prop_def(IntegerAttr[I32])
    COMPATIBLE: ClassVar[_CastCheck] = staticmethod(_float_trunc)


@irdl_op_definition
class RemFOp(xarith.FloatingPointLikeBinaryOperation):
    """`arith.remf`: the floating-point remainder (C's `fmod`)."""

    name = "arith.remf"
    traits = traits_def(Pure())


class ExactFlag:
    """MLIR 22's `exact` flag of `divui`/`divsi`/`shrui`/`shrsi`, the unit property `isExact`
    (a division leaves no remainder, a shift shifts out no set bit, else the result is poison).

    First among the bases of a subclass of xDSL's op, it redeclares the operands (IRDL takes
    fields from the class being defined, not from an already-defined parent) and hides the
    parse/print/verify_ IRDL generated for the parent (which check the parent's definition, that
    has no `isExact`), so IRDL generates them anew. xDSL's four ops have no verifier of their
    own to lose."""

    parse = Operation.__dict__["parse"]
    print = Operation.print
    verify_ = Operation.verify_

    T: ClassVar = VarConstraint("T", xarith.signlessIntegerLike)
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)
    is_exact = opt_prop_def(UnitAttr, prop_name="isExact")
    assembly_format = "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)"


@irdl_op_definition
class DivUIOp(ExactFlag, xarith.DivUIOp):
    """`arith.divui` with the `exact` flag."""


@irdl_op_definition
class DivSIOp(ExactFlag, xarith.DivSIOp):
    """`arith.divsi` with the `exact` flag."""


@irdl_op_definition
class ShRUIOp(ExactFlag, xarith.ShRUIOp):
    """`arith.shrui` with the `exact` flag."""


@irdl_op_definition
class ShRSIOp(ExactFlag, xarith.ShRSIOp):
    """`arith.shrsi` with the `exact` flag."""


def _predicate(arg: int | str, mnemonics: list[str]) -> IntegerAttr:
    if isinstance(arg, str):
        if arg not in mnemonics:
            raise VerifyException(f"Unknown comparison mnemonic: {arg}")
        arg = mnemonics.index(arg)
    return IntegerAttr(arg, 64)


def _check_i1_same_shape(op: Operation, operand: SSAValue, result: SSAValue) -> None:
    if result.type != with_element_type(operand.type, i1):
        raise VerifyException(
            f"'{op.name}' op failed to verify that result type has i1 element type and same shape as operands"
        )


@irdl_op_definition
class CmpiOp(xarith.CmpiOp):
    """`arith.cmpi`, whose result is `i1` of the operands' shape."""

    T: ClassVar = VarConstraint("T", SIGNLESS_INTEGER_OR_INDEX_LIKE)
    predicate = prop_def(IntegerAttr)
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(BOOL_LIKE)

    def __init__(self, operand1: Operation | SSAValue, operand2: Operation | SSAValue, arg: int | str):
        lhs = SSAValue.get(operand1)
        IRDLOperation.__init__(
            self,
            operands=[lhs, operand2],
            result_types=[with_element_type(lhs.type, i1)],
            properties={"predicate": _predicate(arg, xarith.CMPI_COMPARISON_OPERATIONS)},
        )

    def verify_(self) -> None:
        _check_i1_same_shape(self, self.lhs, self.result)


@irdl_op_definition
class CmpfOp(xarith.CmpfOp):
    """`arith.cmpf`, whose result is `i1` of the operands' shape."""

    T: ClassVar = VarConstraint("T", FLOAT_LIKE)
    predicate = prop_def(IntegerAttr)
    lhs = operand_def(T)
    rhs = operand_def(T)
    fastmath = prop_def(xarith.FastMathFlagsAttr, default_value=xarith.FastMathFlagsAttr("none"))
    result = result_def(BOOL_LIKE)

    def __init__(
        self,
        operand1: Operation | SSAValue,
        operand2: Operation | SSAValue,
        arg: int | str,
        fastmath: xarith.FastMathFlagsAttr = xarith.FastMathFlagsAttr("none"),
    ):
        lhs = SSAValue.get(operand1)
        IRDLOperation.__init__(
            self,
            operands=[lhs, operand2],
            result_types=[with_element_type(lhs.type, i1)],
            properties={"fastmath": fastmath, "predicate": _predicate(arg, xarith.CMPF_COMPARISON_OPERATIONS)},
        )

    def verify_(self) -> None:
        _check_i1_same_shape(self, self.lhs, self.result)


@irdl_op_definition
class SelectOp(xarith.SelectOp):
    """`arith.select %c, %a, %b : [cond type,] type`: a scalar `i1` condition picks a whole
    value, a shaped one picks per element."""

    T: ClassVar = VarConstraint("T", AnyAttr())
    cond = operand_def(BOOL_LIKE)
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)
    assembly_format = None

    def verify_(self) -> None:
        condition = self.cond.type
        if condition != i1 and condition != with_element_type(self.result.type, i1):
            raise VerifyException(
                "'arith.select' op failed to verify that condition is signless i1 or has matching shape"
            )

    @classmethod
    def parse(cls, parser: Parser) -> SelectOp:
        operands = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_unresolved_operand)
        if len(operands) != 3:
            parser.raise_error("expected 3 operands (condition, true value, false value)")
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types_position = parser.pos
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) > 2:
            parser.raise_error(
                "expected the result type, optionally preceded by the condition type", types_position, parser.pos
            )
        condition_type, result_type = (i1, types[0]) if len(types) == 1 else types
        op = cls.create(
            operands=parser.resolve_operands(operands, [condition_type, result_type, result_type], parser.pos),
            result_types=[result_type],
            attributes=attributes,
        )
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        if self.cond.type != i1:
            printer.print_attribute(self.cond.type)
            printer.print_string(", ")
        printer.print_attribute(self.result.type)


def print_overflow_flags_as_mlir() -> None:
    """xDSL's `arith.overflow` attribute prints its flags as MLIR 22 does, `<nsw, nuw>` (xDSL's
    `BitEnumAttribute` joins them with its parsing separator, `<nsw,nuw>`). The attribute is
    xDSL's own, made by the custom forms of xDSL's `arith.addi`/`subi`/`muli`/`shli` as by
    xfuse's `trunci`, so its printing is changed in place; called when the arith dialect is built
    with xfuse's full extension (`XDSL_SPELLING_CHANGES`), hence not in plain xdsl-opt unless
    `XFUSE_EXTEND_XDSL=1`. Both spellings parse."""
    xarith.IntegerOverflowAttr.print_parameter = _print_overflow_flags


def _print_overflow_flags(self: xarith.IntegerOverflowAttr, printer: Printer) -> None:
    flags = [flag.value for flag in xarith.IntegerOverflowFlag if flag in self.data]
    with printer.in_angle_brackets():
        printer.print_string(", ".join(flags) or "none")


ARITH_EXTENSION = Dialect(
    "arith",
    [
        ExtUIOp,
        ExtSIOp,
        TruncIOp,
        ExtFOp,
        TruncFOp,
        UIToFPOp,
        SIToFPOp,
        FPToUIOp,
        FPToSIOp,
        IndexCastOp,
        IndexCastUIOp,
        BitcastOp,
        ScalingExtFOp,
        ScalingTruncFOp,
        RemFOp,
        DivUIOp,
        DivSIOp,
        ShRUIOp,
        ShRSIOp,
        CmpiOp,
        CmpfOp,
        SelectOp,
    ],
    [],
)
"""The arith ops xfuse replaces or adds (see xfuse/context.py's `extend_dialect`)."""


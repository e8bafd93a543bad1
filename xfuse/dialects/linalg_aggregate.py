"""MLIR 22's aggregate linalg ops, which xDSL 0.74 lacks: `linalg.softmax` and the Winograd
transforms (`winograd_filter_transform`, `winograd_input_transform`, `winograd_output_transform`).

They are not structured ops (no indexing maps): MLIR decomposes them
(`transform.structured.decompose_interface`, `decompose_winograd_op`) into linalg.generic /
fill / reduce and tensor ops, which is what xfuse's backend does before lowering a module that
holds one (xfuse/backends/transform_scripts.py, `AGGREGATE_DECOMPOSITION`). xfuse reads, prints and
verifies them as mlir-opt 22.1.8 does (LinalgOps.td / LinalgOps.cpp); its tiling and fusion
drivers refuse them (no tiling model: decompose first).

    %s = linalg.softmax [{attrs}] dimension(2) ins(%x : T) outs(%init : T) [-> T]
    %f = linalg.winograd_filter_transform [{attrs}] fmr(F_4_3) ins(%w : T) outs(%o : U) -> U

`fmr` is MLIR's `WinogradConv2DFmr` (F_m_r: output tile m, filter r): `F_2_3` = 0, `F_4_3` = 1,
`F_2_5` = 2 in the generic form (`fmr = 1 : i32`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, TypeVar, cast

from xdsl.dialects.builtin import I32, I64, IntegerAttr, ShapedType, TensorType, i32, i64
from xdsl.ir import SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.linalg_syntax import (
    parse_operand_group,
    parse_optional_result_types,
    print_operand_group,
    print_result_types,
)

DYNAMIC = -1


def _shape(value: SSAValue) -> tuple[int, ...]:
    return tuple(cast(ShapedType, value.type).get_shape())


def _compatible(expected: Sequence[int], actual: Sequence[int]) -> bool:
    """MLIR's `verifyCompatibleShape` on two shapes (a dynamic size matches any)."""
    return len(expected) == len(actual) and all(
        e == a or e < 0 or a < 0 for e, a in zip(expected, actual)
    )


_T = TypeVar("_T")


def _parse_keyword_group(parser: Parser, keyword: str, parse_value: Callable[[], _T]) -> _T:
    """`keyword(value)`."""
    parser.parse_keyword(keyword)
    parser.parse_punctuation("(")
    value = parse_value()
    parser.parse_punctuation(")")
    return value


def _parse_single_operand(parser: Parser, keyword: str) -> SSAValue:
    start = parser.pos
    values = parse_operand_group(parser, keyword)
    if len(values) != 1:
        parser.raise_error(f"expected one operand in {keyword}(...)", start, parser.pos)
    return values[0]


def _verify_results(op: IRDLOperation, init: SSAValue) -> None:
    """Destination style: one result of the init's type on tensors, none on memrefs."""
    expected = [init.type] if isinstance(init.type, TensorType) else []
    if list(op.result_types) != expected:
        raise VerifyException("expected the results to be the tensor init's type (none for a memref init)")


# -- linalg.softmax ---------------------------------------------------------------------


@irdl_op_definition
class SoftmaxOp(IRDLOperation):
    """`linalg.softmax dimension(d) ins(%x) outs(%init)`: exp(x - max) / sum along `d`."""

    name = "linalg.softmax"

    input = operand_def(ShapedType)
    output = operand_def(ShapedType)
    result = var_result_def(TensorType)
    dimension = prop_def(IntegerAttr[I64])

    def __init__(self, input: SSAValue, output: SSAValue, dimension: int):
        super().__init__(
            operands=[input, output],
            result_types=[[output.type] if isinstance(output.type, TensorType) else []],
            properties={"dimension": IntegerAttr(dimension, i64)},
        )

    @classmethod
    def parse(cls, parser: Parser) -> SoftmaxOp:
        attrs = dict(parser.parse_optional_attr_dict())
        dimension = _parse_keyword_group(parser, "dimension", parser.parse_integer)
        input_value = _parse_single_operand(parser, "ins")
        output = _parse_single_operand(parser, "outs")
        result_types = parse_optional_result_types(parser)
        return cls.create(
            operands=[input_value, output],
            result_types=result_types,
            properties={"dimension": IntegerAttr(dimension, i64)},
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        if self.attributes:
            printer.print_op_attributes(dict(self.attributes))
        printer.print_string(f" dimension({self.dimension.value.data})")
        print_operand_group(printer, "ins", [self.input])
        print_operand_group(printer, "outs", [self.output])
        print_result_types(printer, self.result_types)

    def verify_(self) -> None:
        if not _compatible(_shape(self.input), _shape(self.output)):
            raise VerifyException("incompatible output shape")
        if not 0 <= self.dimension.value.data < len(_shape(self.input)):
            raise VerifyException("incorrect dimension specified")
        _verify_results(self, self.output)


# -- Winograd transforms ----------------------------------------------------------------

WINOGRAD_FMRS: tuple[tuple[str, int, int], ...] = (("F_2_3", 2, 3), ("F_4_3", 4, 3), ("F_2_5", 2, 5))
"""`WinogradConv2DFmr` by value: (keyword, m, r)."""


class _WinogradOp(IRDLOperation):
    """`attr-dict fmr(F_m_r) ins(%x : T) outs(%y : U) -> U` on ranked tensors."""

    INPUT_RANK: ClassVar[int]
    OUTPUT_RANK: ClassVar[int]

    @property
    def m_r(self) -> tuple[int, int]:
        fmr = cast(IntegerAttr, self.properties["fmr"]).value.data
        if not 0 <= fmr < len(WINOGRAD_FMRS):
            raise VerifyException(f"invalid fmr value {fmr}")
        _, m, r = WINOGRAD_FMRS[fmr]
        return m, r

    @classmethod
    def parse(cls, parser: Parser) -> _WinogradOp:
        attrs = dict(parser.parse_optional_attr_dict())
        names = [name for name, _, _ in WINOGRAD_FMRS]
        fmr = _parse_keyword_group(parser, "fmr", lambda: parser.parse_keyword_in(names, " (fmr)"))
        input_value = _parse_single_operand(parser, "ins")
        output = _parse_single_operand(parser, "outs")
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return cls.create(
            operands=[input_value, output],
            result_types=[result_type],
            properties={"fmr": IntegerAttr(names.index(fmr), i32)},
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        if self.attributes:
            printer.print_op_attributes(dict(self.attributes))
        fmr = cast(IntegerAttr, self.properties["fmr"]).value.data
        printer.print_string(f" fmr({WINOGRAD_FMRS[fmr][0]})")
        print_operand_group(printer, "ins", [self.operands[0]])
        print_operand_group(printer, "outs", [self.operands[1]])
        print_result_types(printer, self.result_types)

    def _verify_types(self) -> None:
        source, init = self.operands
        for value, rank, what in ((source, self.INPUT_RANK, "input"), (init, self.OUTPUT_RANK, "output")):
            if not isinstance(value.type, TensorType) or value.type.get_num_dims() != rank:
                raise VerifyException(f"expected the {what} to be a tensor of rank {rank}, got {value.type}")
        if self.result_types[0] != init.type:
            raise VerifyException("expected the result to have the output's type")


@irdl_op_definition
class WinogradFilterTransformOp(_WinogradOp):
    """The filter (F, KH, KW, C) transformed to (alphaH, alphaW, C, F), alpha = m + r - 1."""

    name = "linalg.winograd_filter_transform"
    INPUT_RANK: ClassVar[int] = 4
    OUTPUT_RANK: ClassVar[int] = 4

    filter = operand_def(TensorType)
    output = operand_def(TensorType)
    result = result_def(TensorType)
    fmr = prop_def(IntegerAttr[I32])

    def verify_(self) -> None:
        self._verify_types()
        m, r = self.m_r
        f, kh, kw, c = _shape(self.filter)
        if kh not in (r, 1):
            raise VerifyException("expect filter height either equals to r or 1")
        if kw not in (r, 1):
            raise VerifyException("expect filter width either equals to r or 1")
        if kh == 1 and kw == 1:
            raise VerifyException("expect either filter height or width equals to r")
        expected = (m + r - 1 if kh == r else 1, m + r - 1 if kw == r else 1, c, f)
        if not _compatible(expected, _shape(self.output)):
            raise VerifyException("the output shape is not expected")


@irdl_op_definition
class WinogradInputTransformOp(_WinogradOp):
    """The input (N, H, W, C) transformed to (alphaH, alphaW, tileH, tileW, N, C)."""

    name = "linalg.winograd_input_transform"
    INPUT_RANK: ClassVar[int] = 4
    OUTPUT_RANK: ClassVar[int] = 6

    input = operand_def(TensorType)
    output = operand_def(TensorType)
    result = result_def(TensorType)
    fmr = prop_def(IntegerAttr[I32])

    def verify_(self) -> None:
        self._verify_types()
        m, r = self.m_r
        n, h, w, c = _shape(self.input)
        out = _shape(self.output)
        alpha = m + r - 1
        expected = [0] * 6
        for size, alpha_dim, tile_dim in ((h, 0, 2), (w, 1, 3)):
            transformed = out[alpha_dim] != 1
            if size == DYNAMIC:
                expected[alpha_dim], expected[tile_dim] = alpha, DYNAMIC
            else:
                expected[alpha_dim] = alpha if transformed else 1
                expected[tile_dim] = (size - (r - 1)) // m if transformed else size
        expected[4], expected[5] = n, c
        if not _compatible(expected, out):
            raise VerifyException("the output shape is not expected")


@irdl_op_definition
class WinogradOutputTransformOp(_WinogradOp):
    """The value (alphaH, alphaW, tileH, tileW, N, F) transformed back to (N, H, W, F)."""

    name = "linalg.winograd_output_transform"
    INPUT_RANK: ClassVar[int] = 6
    OUTPUT_RANK: ClassVar[int] = 4

    value = operand_def(TensorType)
    output = operand_def(TensorType)
    result = result_def(TensorType)
    fmr = prop_def(IntegerAttr[I32])

    def verify_(self) -> None:
        self._verify_types()
        m, r = self.m_r
        alpha_h, alpha_w, tile_h, tile_w, n, f = _shape(self.value)
        expected = [0] * 4
        for alpha, tile, dim, what in ((alpha_h, tile_h, 1, "height"), (alpha_w, tile_w, 2, "width")):
            transformed = alpha != 1
            if DYNAMIC in (alpha, tile):
                expected[dim] = DYNAMIC
                continue
            if alpha != (m + r - 1 if transformed else 1):
                raise VerifyException(f"expect input {what} equals to input tile size")
            expected[dim] = (m if transformed else 1) * tile
        expected[0], expected[3] = n, f
        if not _compatible(expected, _shape(self.output)):
            raise VerifyException("the output shape is not expected")


LINALG_AGGREGATE_OPS: tuple[type[IRDLOperation], ...] = (
    SoftmaxOp,
    WinogradFilterTransformOp,
    WinogradInputTransformOp,
    WinogradOutputTransformOp,
)
"""Appended to the linalg dialect (xfuse/dialects/linalg.py)."""

LINALG_AGGREGATE_OP_NAMES: tuple[str, ...] = tuple(op.name for op in LINALG_AGGREGATE_OPS)

"""IREE's `iree_encoding` dialect: the data-tiling encodings, spelled as IREE spells them.

- `#iree_encoding.encoding<operand_index = 0 : index, op_type = matmul,
  element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2],
  iteration_sizes = [?, 16, 32]>` (`EncodingAttr`): attached to a tensor type as its encoding
  (`tensor<16x32xf32, #iree_encoding.encoding<...>>`), it says "this tensor is operand
  `operand_index` of a contraction with these maps and element types; lay it out for that".
  Parameters are keyword = value pairs in IREE's order; `op_type` is optional on input (older
  IREE tests omit it), as are `original_element_type`, `original_type`, `user_indexing_maps`, `bcast_map`,
  `round_dims_to`, `iteration_sizes` (`?` for a dynamic size) and `layouts` (parameters of
  different IREE versions: xfuse sets `op_type`, `user_indexing_maps` and `iteration_sizes`).
- `iree_encoding.set_encoding %t : tensor<...> -> tensor<..., #enc>` and
  `iree_encoding.unset_encoding %t : tensor<..., #enc> -> tensor<...>` (`SetEncodingOp`,
  `UnsetEncodingOp`): change the layout, never the logical shape or element type.

See IREE's compiler/src/iree/compiler/Dialect/Encoding/IR/EncodingAttrs.td and EncodingOps.td.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    NoneAttr,
    TensorType,
    i64,
)
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.ir.affine import AffineMap
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser, UnresolvedOperand
from xdsl.parser import Parser as OpParser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum


class EncodingOpType(StrEnum):
    MATMUL = "matmul"
    CONV = "conv"
    SCALED_MATMUL = "scaled_matmul"


@irdl_attr_definition
class EncodingOpTypeAttr(EnumAttribute[EncodingOpType]):
    """`#iree_encoding.optype<matmul>`; inside an encoding it is written bare (`op_type = matmul`)."""

    name = "iree_encoding.optype"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> EncodingOpType:
        with parser.in_angle_brackets():
            return super().parse_parameter(parser)

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            super().print_parameter(printer)


def _parse_iteration_sizes(parser: AttrParser) -> ArrayAttr:
    def size() -> IntegerAttr:
        if parser.parse_optional_punctuation("?"):
            return IntegerAttr(DYNAMIC_INDEX, i64)
        return IntegerAttr(parser.parse_integer(allow_boolean=False), i64)

    return ArrayAttr(parser.parse_comma_separated_list(parser.Delimiter.SQUARE, size))


def _print_iteration_sizes(printer: Printer, sizes: ArrayAttr) -> None:
    with printer.in_square_brackets():
        printer.print_list(
            cast(Sequence[IntegerAttr], sizes.data),
            lambda s: printer.print_string("?" if s.value.data == DYNAMIC_INDEX else str(s.value.data)),
        )


@irdl_attr_definition
class EncodingAttr(ParametrizedAttribute):
    """`#iree_encoding.encoding<...>`: which operand of which contraction a tensor is laid out for."""

    name = "iree_encoding.encoding"

    operand_index: IntegerAttr
    op_type: EncodingOpTypeAttr | NoneAttr
    element_types: ArrayAttr
    original_element_type: TypeAttribute | NoneAttr
    original_type: TensorType | NoneAttr
    user_indexing_maps: ArrayAttr | NoneAttr
    bcast_map: AffineMapAttr | NoneAttr
    round_dims_to: DenseArrayBase | NoneAttr
    iteration_sizes: ArrayAttr | NoneAttr
    layouts: ArrayAttr | NoneAttr

    KEYWORDS: ClassVar[tuple[str, ...]] = (
        "operand_index",
        "op_type",
        "element_types",
        "original_element_type",
        "original_type",
        "user_indexing_maps",
        "bcast_map",
        "round_dims_to",
        "iteration_sizes",
        "layouts",
    )
    REQUIRED: ClassVar[tuple[str, ...]] = ("operand_index", "element_types")

    @staticmethod
    def get(
        operand_index: int,
        element_types: Sequence[Attribute],
        user_indexing_maps: Sequence[AffineMap] | None = None,
        iteration_sizes: Sequence[int] | None = None,
        op_type: EncodingOpType = EncodingOpType.MATMUL,
    ) -> EncodingAttr:
        """The encoding IREE's SetEncoding builds (operand index typed `index`)."""
        none = NoneAttr()
        return EncodingAttr(
            IntegerAttr(operand_index, IndexType()),
            EncodingOpTypeAttr(op_type),
            ArrayAttr(element_types),
            none,
            none,
            none
            if user_indexing_maps is None
            else ArrayAttr(AffineMapAttr(m) for m in user_indexing_maps),
            none,
            none,
            none
            if iteration_sizes is None
            else ArrayAttr(IntegerAttr(s, i64) for s in iteration_sizes),
            none,
        )

    # -- accessors --------------------------------------------------------------------

    def get_operand_index(self) -> int:
        return self.operand_index.value.data

    def get_element_types(self) -> tuple[Attribute, ...]:
        return tuple(self.element_types.data)

    def get_user_indexing_maps(self) -> tuple[AffineMap, ...] | None:
        """The root map of every operand (IREE's getRootMaps), None when absent."""
        if isinstance(self.user_indexing_maps, NoneAttr):
            return None
        maps: list[AffineMap] = []
        for entry in self.user_indexing_maps.data:
            if isinstance(entry, ArrayAttr):
                entry = cast(ArrayAttr, entry).data[0]
            maps.append(cast(AffineMapAttr, entry).data)
        return tuple(maps)

    def get_iteration_sizes(self) -> tuple[int, ...] | None:
        if isinstance(self.iteration_sizes, NoneAttr):
            return None
        return tuple(cast(IntegerAttr, s).value.data for s in self.iteration_sizes.data)

    # -- syntax -----------------------------------------------------------------------

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        values: dict[str, Attribute] = {}

        def parse_entry() -> None:
            pos = parser.pos
            keyword = parser.parse_identifier()
            if keyword not in cls.KEYWORDS:
                parser.raise_error(
                    f"unknown #iree_encoding.encoding parameter '{keyword}' (expected one of "
                    f"{', '.join(cls.KEYWORDS)})",
                    pos,
                    parser.pos,
                )
            if keyword in values:
                parser.raise_error(f"duplicate parameter '{keyword}'", pos, parser.pos)
            parser.parse_punctuation("=")
            if keyword == "op_type":
                op_type = parser.parse_str_enum(EncodingOpType)
                values[keyword] = EncodingOpTypeAttr(op_type)
            elif keyword == "iteration_sizes":
                values[keyword] = _parse_iteration_sizes(parser)
            elif keyword == "operand_index":
                value = parser.parse_integer(allow_boolean=False)
                value_type = parser.parse_type() if parser.parse_optional_punctuation(":") else i64
                values[keyword] = IntegerAttr(value, value_type)
            else:
                values[keyword] = parser.parse_attribute()

        with parser.in_angle_brackets():
            parser.parse_comma_separated_list(parser.Delimiter.NONE, parse_entry)
        for required in cls.REQUIRED:
            if required not in values:
                parser.raise_error(f"#iree_encoding.encoding needs '{required} = ...'")
        return [values.get(k, NoneAttr()) for k in cls.KEYWORDS]

    def print_parameters(self, printer: Printer) -> None:
        entries = [
            (k, v) for k, v in zip(self.KEYWORDS, self.parameters, strict=True) if not isinstance(v, NoneAttr)
        ]

        def print_entry(entry: tuple[str, Attribute]) -> None:
            keyword, value = entry
            printer.print_string(f"{keyword} = ")
            if isinstance(value, EncodingOpTypeAttr):
                printer.print_string(value.data.value)
            elif keyword == "iteration_sizes":
                _print_iteration_sizes(printer, cast(ArrayAttr, value))
            else:
                printer.print_attribute(value)

        with printer.in_angle_brackets():
            printer.print_list(entries, print_entry)

    def verify(self) -> None:
        maps = self.get_user_indexing_maps()
        index = self.get_operand_index()
        if maps is not None and not 0 <= index < len(maps):
            raise VerifyException(
                f"operand_index {index} is out of range of the {len(maps)} user_indexing_maps"
            )
        sizes = self.get_iteration_sizes()
        if maps and sizes is not None and len(sizes) != maps[0].num_dims:
            raise VerifyException(
                f"iteration_sizes has {len(sizes)} entries but the user_indexing_maps have "
                f"{maps[0].num_dims} dimensions"
            )


def encoding_of(type_: Attribute) -> EncodingAttr | None:
    """The `#iree_encoding.encoding` of a tensor type, if it has one."""
    if isinstance(type_, TensorType) and isinstance(type_.encoding, EncodingAttr):
        return type_.encoding
    return None


def without_encoding(type_: TensorType) -> TensorType:
    return TensorType(type_.get_element_type(), type_.get_shape())


def with_encoding(type_: TensorType, encoding: Attribute) -> TensorType:
    return TensorType(type_.get_element_type(), type_.get_shape(), encoding)


class _EncodingChangeOp(IRDLOperation):
    """`attr-dict $source (encoding_dims{...})? : type($source) -> type($result)`: same element type
    and rank, compatible shapes."""

    source = operand_def(TensorType)
    encoding_dims = var_operand_def(IndexType)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    def _verify_compatible(self) -> None:
        source = cast(TensorType, self.source.type)
        result = cast(TensorType, self.result.type)
        if source.get_element_type() != result.get_element_type():
            raise VerifyException(
                f"source and result element types differ: {source.get_element_type()} vs "
                f"{result.get_element_type()}"
            )
        if source.get_num_dims() != result.get_num_dims():
            raise VerifyException("cannot change the rank of the tensor")
        for s, r in zip(source.get_shape(), result.get_shape(), strict=True):
            if DYNAMIC_INDEX not in (s, r) and s != r:
                raise VerifyException(
                    f"source and result shapes are incompatible: {source} vs {result}"
                )

    @staticmethod
    def _parse_head(parser: OpParser) -> tuple[UnresolvedOperand, list[UnresolvedOperand], dict[str, Attribute]]:
        attrs = parser.parse_optional_attr_dict()
        source = parser.parse_unresolved_operand()
        dims: list[UnresolvedOperand] = []
        if parser.parse_optional_keyword("encoding_dims"):
            dims = parser.parse_comma_separated_list(parser.Delimiter.BRACES, parser.parse_unresolved_operand)
        return source, dims, attrs

    def _print_head(self, printer: Printer) -> None:
        if self.attributes:
            printer.print_op_attributes(self.attributes)
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        if self.encoding_dims:
            printer.print_string(" encoding_dims{")
            printer.print_list(self.encoding_dims, printer.print_ssa_value)
            printer.print_string("}")
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)


@irdl_op_definition
class SetEncodingOp(_EncodingChangeOp):
    """Gives a tensor an encoding (a layout to be materialized later), same logical tensor.
    `encoding_dims` (newer IREE) carry dynamic problem sizes for runtime layout selection."""

    name = "iree_encoding.set_encoding"

    def __init__(self, source: SSAValue, result_type: TensorType, encoding_dims: Sequence[SSAValue] = ()):
        super().__init__(operands=[source, encoding_dims], result_types=[result_type])

    def verify_(self) -> None:
        self._verify_compatible()
        if isinstance(cast(TensorType, self.result.type).encoding, NoneAttr):
            raise VerifyException("result of set_encoding op expected to have a valid tensor encoding")

    @classmethod
    def parse(cls, parser: OpParser) -> SetEncodingOp:
        source, dims, attrs = cls._parse_head(parser)
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        op = cls(
            parser.resolve_operand(source, source_type),
            cast(TensorType, result_type),
            [parser.resolve_operand(d, IndexType()) for d in dims],
        )
        if attrs:
            op.attributes.update(attrs.data)
        return op

    def print(self, printer: Printer) -> None:
        self._print_head(printer)


@irdl_op_definition
class UnsetEncodingOp(_EncodingChangeOp):
    """Drops a tensor's encoding (back to the row-major layout), same logical tensor. Newer IREE
    adds `encoding_dims{...}` and the dynamic sizes of the result after its type (`{%d0, ...}`)."""

    name = "iree_encoding.unset_encoding"

    source = operand_def(TensorType)
    result_dims = var_operand_def(IndexType)
    encoding_dims = var_operand_def(IndexType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue,
        result_type: TensorType,
        result_dims: Sequence[SSAValue] = (),
        encoding_dims: Sequence[SSAValue] = (),
    ):
        super().__init__(operands=[source, result_dims, encoding_dims], result_types=[result_type])

    def verify_(self) -> None:
        self._verify_compatible()
        if isinstance(cast(TensorType, self.source.type).encoding, NoneAttr):
            raise VerifyException("source of unset_encoding op expected to have a valid tensor encoding")

    @classmethod
    def parse(cls, parser: OpParser) -> UnsetEncodingOp:
        source, dims, attrs = cls._parse_head(parser)
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        result_dims: list[UnresolvedOperand] = []
        if parser.parse_optional_punctuation("{"):
            result_dims = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_unresolved_operand)
            parser.parse_punctuation("}")
        op = cls(
            parser.resolve_operand(source, source_type),
            cast(TensorType, result_type),
            [parser.resolve_operand(d, IndexType()) for d in result_dims],
            [parser.resolve_operand(d, IndexType()) for d in dims],
        )
        if attrs:
            op.attributes.update(attrs.data)
        return op

    def print(self, printer: Printer) -> None:
        self._print_head(printer)
        if self.result_dims:
            printer.print_string(" {")
            printer.print_list(self.result_dims, printer.print_ssa_value)
            printer.print_string("}")


IREE_ENCODING = Dialect(
    "iree_encoding",
    [SetEncodingOp, UnsetEncodingOp],
    [EncodingAttr, EncodingOpTypeAttr],
)

"""`linalg.pack` / `linalg.unpack` (`PackOp`, `UnPackOp`), spelled as MLIR 22 spells them.

Data-layout ops (tensors only in MLIR 22). Generic form: `"linalg.pack"(%src, %dest, [%pad],
%tiles...)` with `operandSegmentSizes = array<i32: 1, 1, P, T>` and properties `inner_dims_pos`,
`[outer_dims_perm]`, `static_inner_tiles` (dynamic tiles marked with i64 min);
`"linalg.unpack"(%src, %dest, %tiles...)` has a single variadic, hence no segment sizes.
`packed_shape` is the shape rule both verifiers (and the data-tiling passes) use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self, cast

from xdsl.dialects.builtin import DYNAMIC_INDEX, DenseArrayBase, IndexType, TensorType, i64
from xdsl.dialects.utils import (
    get_dynamic_index_list,
    parse_dynamic_index_list_without_types,
    print_dynamic_index_list,
    split_dynamic_index_list,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException


# --------------------------------------------------------------------------------------
# Pack / unpack
# --------------------------------------------------------------------------------------

MixedSize = int | SSAValue
"""A size that is either static (an int) or an SSA value of type index."""


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def packed_shape(
    unpacked_shape: Sequence[int],
    inner_dims_pos: Sequence[int],
    inner_tiles: Sequence[int],
    outer_dims_perm: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """The packed shape MLIR infers (PackOp::inferPackedType), DYNAMIC_INDEX where unknown.

    `inner_tiles` are static sizes, DYNAMIC_INDEX for a dynamic tile. Outer dims are
    `ceil(dim / tile)` for tiled dims, the dim itself otherwise, permuted by `outer_dims_perm`;
    the tiles follow, in the order of `inner_dims_pos`.
    """
    outer = list(unpacked_shape)
    for pos, tile in zip(inner_dims_pos, inner_tiles, strict=True):
        if outer[pos] == DYNAMIC_INDEX:
            continue
        if tile == DYNAMIC_INDEX:
            outer[pos] = DYNAMIC_INDEX
        else:
            outer[pos] = _ceil_div(outer[pos], tile)
    if outer_dims_perm:
        outer = [outer[p] for p in outer_dims_perm]
    return (*outer, *inner_tiles)


def _is_invalid_position_list(positions: Sequence[int], rank: int) -> bool:
    """MLIR's isInvalidPackingPosSpecification: out of range or repeated entries."""
    return len(set(positions)) != len(positions) or any(not 0 <= p < rank for p in positions)


def _shape_str(shape: Sequence[int], element_type: Attribute) -> str:
    dims = "".join(("?" if d == DYNAMIC_INDEX else str(d)) + "x" for d in shape)
    return f"tensor<{dims}{element_type}>"


class _PackLikeOp(IRDLOperation):
    """What linalg.pack and linalg.unpack share: tiling metadata and its verification.

    Operands are declared by each op (their order differs: pack has a padding value).
    """

    outer_dims_perm = opt_prop_def(DenseArrayBase.constr(i64))
    inner_dims_pos = prop_def(DenseArrayBase.constr(i64))
    static_inner_tiles = prop_def(DenseArrayBase.constr(i64))

    traits = traits_def(Pure())

    # -- helpers for passes ------------------------------------------------------------

    def get_inner_dims_pos(self) -> tuple[int, ...]:
        return self.inner_dims_pos.get_values()

    def get_outer_dims_perm(self) -> tuple[int, ...]:
        """The permutation of the outer dims; () when absent (identity)."""
        return () if self.outer_dims_perm is None else self.outer_dims_perm.get_values()

    def get_static_inner_tiles(self) -> tuple[int, ...]:
        """Tiles as ints, DYNAMIC_INDEX for dynamic ones."""
        return self.static_inner_tiles.get_values()

    def get_mixed_tiles(self) -> list[MixedSize]:
        """Tiles as ints (static) or SSA index values (dynamic), in inner_dims_pos order."""
        return get_dynamic_index_list(
            self.get_static_inner_tiles(), tuple(self.inner_tiles), DYNAMIC_INDEX
        )

    def get_dim_and_tile_mapping(self) -> dict[int, MixedSize]:
        """Unpacked dim -> its tile."""
        return dict(zip(self.get_inner_dims_pos(), self.get_mixed_tiles(), strict=True))

    def packed_type(self) -> TensorType:
        raise NotImplementedError

    def unpacked_type(self) -> TensorType:
        raise NotImplementedError

    def infer_packed_shape(self) -> tuple[int, ...]:
        return packed_shape(
            self.unpacked_type().get_shape(),
            self.get_inner_dims_pos(),
            self.get_static_inner_tiles(),
            self.get_outer_dims_perm(),
        )

    # -- verification (MLIR's commonVerifierPackAndUnPackOp) -------------------------------

    def _verify_common(self) -> None:
        if self.result.type != self.dest.type:
            raise VerifyException(
                f"expected result type {self.result.type} to equal the type of dest "
                f"{self.dest.type}"
            )
        static_tiles = self.get_static_inner_tiles()
        if static_tiles.count(DYNAMIC_INDEX) != len(self.inner_tiles):
            raise VerifyException(
                f"expected {static_tiles.count(DYNAMIC_INDEX)} dynamic inner tile operand(s) "
                f"for static_inner_tiles, got {len(self.inner_tiles)}"
            )
        if any(t == 0 for t in static_tiles):
            raise VerifyException("invalid zero tile factor")
        if any(t < 0 and t != DYNAMIC_INDEX for t in static_tiles):
            raise VerifyException("invalid negative tile factor")
        unpacked = self.unpacked_type()
        packed = self.packed_type()
        unpacked_rank = unpacked.get_num_dims()
        inner_dims_pos = self.get_inner_dims_pos()
        outer_dims_perm = self.get_outer_dims_perm()
        if _is_invalid_position_list(inner_dims_pos, unpacked_rank):
            raise VerifyException("invalid inner_dims_pos vector")
        if _is_invalid_position_list(outer_dims_perm, unpacked_rank):
            raise VerifyException("invalid outer_dims_perm vector")
        if outer_dims_perm and len(outer_dims_perm) != unpacked_rank:
            raise VerifyException("outer_dims_perm must be a permutation or empty")
        if len(static_tiles) > unpacked_rank:
            raise VerifyException(
                "tiling factors must be less than or equal to the input rank for pack or "
                "output rank for unpack"
            )
        if len(static_tiles) != len(inner_dims_pos):
            raise VerifyException("tiling factors must equal the number of dimensions to tile")
        packed_rank = packed.get_num_dims()
        expected_rank = unpacked_rank + len(static_tiles)
        if packed_rank != expected_rank:
            raise VerifyException(
                "packed rank != (unpacked rank + num tiling factors), got "
                f"{packed_rank} != {expected_rank}"
            )
        packed_dims = packed.get_shape()
        for tile, dim in zip(static_tiles, packed_dims[unpacked_rank:], strict=True):
            # A static tile needs the same static dim, a dynamic tile a dynamic dim.
            if (tile == DYNAMIC_INDEX) != (dim == DYNAMIC_INDEX) or (
                tile != DYNAMIC_INDEX and tile != dim
            ):
                raise VerifyException(
                    "mismatch in inner tile sizes specified and shaped of tiled dimension "
                    "in the packed type"
                )
        expected = self.infer_packed_shape()
        if any(
            e != DYNAMIC_INDEX and d != DYNAMIC_INDEX and e != d
            for e, d in zip(expected, packed_dims, strict=True)
        ):
            element_type = unpacked.get_element_type()
            raise VerifyException(
                f"expected '{_shape_str(expected, element_type)}' for the packed domain "
                f"value, got '{packed}'"
            )

    # -- custom syntax -----------------------------------------------------------------

    def _print_tiling(self, printer: Printer) -> None:
        if self.outer_dims_perm is not None:
            printer.print_string(" outer_dims_perm = ")
            with printer.in_square_brackets():
                printer.print_list(self.outer_dims_perm.get_values(), printer.print_int)
        printer.print_string(" inner_dims_pos = ")
        with printer.in_square_brackets():
            printer.print_list(self.get_inner_dims_pos(), printer.print_int)
        printer.print_string(" inner_tiles = ")
        print_dynamic_index_list(
            printer, DYNAMIC_INDEX, tuple(self.inner_tiles), self.get_static_inner_tiles()
        )
        printer.print_string(" into ")
        printer.print_ssa_value(self.dest)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.dest.type)

    @staticmethod
    def _parse_tiling(
        parser: Parser,
    ) -> tuple[
        DenseArrayBase | None,
        DenseArrayBase,
        Sequence[UnresolvedOperand],
        DenseArrayBase,
        UnresolvedOperand,
        dict[str, Attribute],
        Attribute,
        Attribute,
    ]:
        outer_dims_perm = None
        if parser.parse_optional_keyword("outer_dims_perm"):
            parser.parse_punctuation("=")
            outer_dims_perm = DenseArrayBase.from_list(
                i64, parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
            )
        parser.parse_keyword("inner_dims_pos")
        parser.parse_punctuation("=")
        inner_dims_pos = DenseArrayBase.from_list(
            i64, parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        )
        parser.parse_keyword("inner_tiles")
        parser.parse_punctuation("=")
        dynamic_tiles, static_tiles = parse_dynamic_index_list_without_types(
            parser, DYNAMIC_INDEX
        )
        parser.parse_keyword("into")
        dest = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_punctuation("->")
        dest_type = parser.parse_type()
        return (
            outer_dims_perm,
            inner_dims_pos,
            dynamic_tiles,
            DenseArrayBase.from_list(i64, static_tiles),
            dest,
            attributes,
            source_type,
            dest_type,
        )


def _tiling_properties(
    inner_dims_pos: Sequence[int],
    inner_tiles: Sequence[MixedSize],
    outer_dims_perm: Sequence[int] | None,
) -> tuple[dict[str, Attribute | None], list[SSAValue]]:
    static_tiles, dynamic_tiles = split_dynamic_index_list(inner_tiles, DYNAMIC_INDEX)
    properties: dict[str, Attribute | None] = {
        "inner_dims_pos": DenseArrayBase.from_list(i64, inner_dims_pos),
        "static_inner_tiles": DenseArrayBase.from_list(i64, static_tiles),
        "outer_dims_perm": (
            DenseArrayBase.from_list(i64, outer_dims_perm) if outer_dims_perm else None
        ),
    }
    return properties, dynamic_tiles


@irdl_op_definition
class PackOp(_PackLikeOp):
    """Packs a tensor into a higher-rank tensor of tiles (MLIR 22 `linalg.pack`).

    See https://mlir.llvm.org/docs/Dialects/Linalg/#linalgpack-linalgpackop
    """

    name = "linalg.pack"

    source = operand_def(TensorType)
    dest = operand_def(TensorType)
    padding_value = opt_operand_def()
    inner_tiles = var_operand_def(IndexType)
    result = result_def(TensorType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue | Operation,
        dest: SSAValue | Operation,
        inner_dims_pos: Sequence[int],
        inner_tiles: Sequence[MixedSize],
        padding_value: SSAValue | Operation | None = None,
        outer_dims_perm: Sequence[int] | None = None,
        attributes: dict[str, Attribute] | None = None,
    ):
        properties, dynamic_tiles = _tiling_properties(
            inner_dims_pos, inner_tiles, outer_dims_perm
        )
        dest_value = SSAValue.get(dest)
        super().__init__(
            operands=[source, dest, [] if padding_value is None else [padding_value], dynamic_tiles],
            result_types=[dest_value.type],
            properties=properties,
            attributes=attributes,
        )

    def packed_type(self) -> TensorType:
        return cast(TensorType, self.dest.type)

    def unpacked_type(self) -> TensorType:
        return cast(TensorType, self.source.type)

    def requires_padding_value(self) -> bool:
        """MLIR's requirePaddingValue: some static dim is not a multiple of its tile."""
        input_shape = self.unpacked_type().get_shape()
        rank = len(input_shape)
        output_outer = list(self.packed_type().get_shape()[:rank])
        perm = self.get_outer_dims_perm()
        if perm:
            unpermuted = [0] * rank
            for i, p in enumerate(perm):
                unpermuted[p] = output_outer[i]
            output_outer = unpermuted
        for pos, tile in zip(
            self.get_inner_dims_pos(), self.get_static_inner_tiles(), strict=True
        ):
            if input_shape[pos] == DYNAMIC_INDEX:
                continue
            if tile == DYNAMIC_INDEX:
                if output_outer[pos] != DYNAMIC_INDEX and input_shape[pos] % output_outer[pos]:
                    return True
            elif input_shape[pos] % tile:
                return True
        return False

    def verify_(self) -> None:
        self._verify_common()
        element_type = self.unpacked_type().get_element_type()
        if self.padding_value is not None and self.padding_value.type != element_type:
            raise VerifyException(
                f"expected padding_value has '{element_type}' but got: "
                f"'{self.padding_value.type}'"
            )
        if self.padding_value is None and self.requires_padding_value():
            raise VerifyException(
                "invalid tile factor or output size provided. Only full tiles are supported "
                "when padding_value is not set"
            )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        if self.padding_value is not None:
            printer.print_string(" padding_value(")
            printer.print_ssa_value(self.padding_value)
            printer.print_string(" : ")
            printer.print_attribute(self.padding_value.type)
            printer.print_string(")")
        self._print_tiling(printer)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        pos = parser.pos
        source = parser.parse_unresolved_operand()
        padding_value = None
        if parser.parse_optional_keyword("padding_value"):
            parser.parse_punctuation("(")
            unresolved_padding = parser.parse_unresolved_operand()
            parser.parse_punctuation(":")
            padding_value = parser.resolve_operand(unresolved_padding, parser.parse_type())
            parser.parse_punctuation(")")
        (perm, inner_dims_pos, dyn_tiles, static_tiles, dest, attrs, source_type, dest_type) = (
            cls._parse_tiling(parser)
        )
        operands = [
            [parser.resolve_operand(source, source_type)],
            [parser.resolve_operand(dest, dest_type)],
            [] if padding_value is None else [padding_value],
            parser.resolve_operands(dyn_tiles, [IndexType()] * len(dyn_tiles), pos),
        ]
        return cls.build(
            operands=operands,
            result_types=[dest_type],
            properties={
                "outer_dims_perm": perm,
                "inner_dims_pos": inner_dims_pos,
                "static_inner_tiles": static_tiles,
            },
            attributes=attrs,
        )


@irdl_op_definition
class UnPackOp(_PackLikeOp):
    """Unpacks a tensor of tiles into a lower-rank tensor (MLIR 22 `linalg.unpack`).

    See https://mlir.llvm.org/docs/Dialects/Linalg/#linalgunpack-linalgunpackop
    """

    name = "linalg.unpack"

    source = operand_def(TensorType)
    dest = operand_def(TensorType)
    inner_tiles = var_operand_def(IndexType)
    result = result_def(TensorType)

    def __init__(
        self,
        source: SSAValue | Operation,
        dest: SSAValue | Operation,
        inner_dims_pos: Sequence[int],
        inner_tiles: Sequence[MixedSize],
        outer_dims_perm: Sequence[int] | None = None,
        attributes: dict[str, Attribute] | None = None,
    ):
        properties, dynamic_tiles = _tiling_properties(
            inner_dims_pos, inner_tiles, outer_dims_perm
        )
        super().__init__(
            operands=[source, dest, dynamic_tiles],
            result_types=[SSAValue.get(dest).type],
            properties=properties,
            attributes=attributes,
        )

    def packed_type(self) -> TensorType:
        return cast(TensorType, self.source.type)

    def unpacked_type(self) -> TensorType:
        return cast(TensorType, self.dest.type)

    def verify_(self) -> None:
        self._verify_common()

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        self._print_tiling(printer)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        pos = parser.pos
        source = parser.parse_unresolved_operand()
        (perm, inner_dims_pos, dyn_tiles, static_tiles, dest, attrs, source_type, dest_type) = (
            cls._parse_tiling(parser)
        )
        return cls.build(
            operands=[
                parser.resolve_operand(source, source_type),
                parser.resolve_operand(dest, dest_type),
                parser.resolve_operands(dyn_tiles, [IndexType()] * len(dyn_tiles), pos),
            ],
            result_types=[dest_type],
            properties={
                "outer_dims_perm": perm,
                "inner_dims_pos": inner_dims_pos,
                "static_inner_tiles": static_tiles,
            },
            attributes=attrs,
        )



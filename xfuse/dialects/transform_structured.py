"""`transform.structured.*` tiling and fusion ops in MLIR 22's syntax: `tile_using_for`,
`tile_using_forall` (xDSL's op takes operands of the wrong kind), `fuse`, `fuse_into_containing_op`,
`tile_reduction_using_for` / `_forall`. What they do is in xfuse/transform_interp/."""

from __future__ import annotations

from xdsl.dialects import transform as xt
from xdsl.dialects.builtin import DYNAMIC_INDEX, ArrayAttr, DenseArrayBase, UnitAttr, i1, i64
from xdsl.dialects.utils import parse_dynamic_index_list_without_types, print_dynamic_index_list
from xdsl.ir import Attribute
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    result_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.transform_syntax import (
    AnyHandle,
    AnyOpHandle,
    _dense,
    _values,
    _parse_packed_or_dynamic,
    _print_packed_or_dynamic,
    _parse_trailer,
    _print_trailer,
    _i64_array,
    _int_list,
    _split_props,
)


@irdl_op_definition
class TileUsingForOp(IRDLOperation):
    """`transform.structured.tile_using_for %t tile_sizes [..] interchange = [..]`: results
    `tiled_linalg_op` and one loop handle per non-zero tile size. xDSL's op of the same name
    only accepts `!transform.any_op` results; MLIR (and its tests) type them, e.g.
    `!transform.op<"scf.for">`."""

    name = "transform.structured.tile_using_for"

    target = operand_def(AnyHandle)
    dynamic_sizes = var_operand_def(AnyHandle)
    static_sizes = opt_prop_def(DenseArrayBase.constr(i64))
    interchange = opt_prop_def(DenseArrayBase.constr(i64))
    scalable_sizes = opt_prop_def(DenseArrayBase.constr(i1))

    tiled_linalg_op = result_def(AnyOpHandle)
    loops = var_result_def(AnyOpHandle)

    assembly_format = xt.TileOp.assembly_format
    custom_directives = xt.TileOp.custom_directives

    def verify_(self) -> None:
        sizes = _values(self.static_sizes)
        expected_loops = sum(size != 0 for size in sizes)
        if len(self.loops) != expected_loops:
            raise VerifyException(
                f"expected {expected_loops} loop results for the non-zero tile sizes, "
                f"got {len(self.loops)}"
            )
        if len(self.dynamic_sizes) != sizes.count(DYNAMIC_INDEX):
            raise VerifyException(
                f"expected {sizes.count(DYNAMIC_INDEX)} dynamic size operands, "
                f"got {len(self.dynamic_sizes)}"
            )


@irdl_op_definition
class TileUsingForallOp(IRDLOperation):
    """`transform.structured.tile_using_forall %t num_threads [..] | tile_sizes [..]
    (mapping = [...])`: results `tiled_op`, `forall_op` (in that order, as MLIR 22)."""

    name = "transform.structured.tile_using_forall"

    target = operand_def(AnyOpHandle)
    num_threads = var_operand_def(AnyHandle)
    tile_sizes = var_operand_def(AnyHandle)
    packed_num_threads = opt_operand_def(AnyHandle)
    packed_tile_sizes = opt_operand_def(AnyHandle)
    static_num_threads = opt_prop_def(DenseArrayBase)
    static_tile_sizes = opt_prop_def(DenseArrayBase)
    mapping = opt_prop_def(ArrayAttr)

    tiled_op = result_def(AnyOpHandle)
    forall_op = result_def(AnyOpHandle)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def verify_(self) -> None:
        has_threads = self.static_num_threads is not None or self.packed_num_threads is not None
        has_sizes = self.static_tile_sizes is not None or self.packed_tile_sizes is not None
        if has_threads == has_sizes:
            raise VerifyException("requires exactly one of num_threads or tile_sizes")

    @classmethod
    def parse(cls, parser: Parser) -> TileUsingForallOp:
        target = parser.parse_unresolved_operand()
        lists: dict[str, tuple[UnresolvedOperand | None, list[UnresolvedOperand], list[int]]] = {}
        while (keyword := parser.parse_optional_keyword_in(("num_threads", "tile_sizes"))) is not None:
            lists[keyword] = _parse_packed_or_dynamic(parser)
        mapping = None
        if parser.parse_optional_punctuation("(") is not None:
            parser.parse_keyword("mapping")
            parser.parse_punctuation("=")
            mapping = parser.parse_attribute()
            parser.parse_punctuation(")")
        empty: tuple[None, list[UnresolvedOperand], list[int]] = (None, [], [])
        nt_packed, nt_dyn, nt_static = lists.get("num_threads", empty)
        ts_packed, ts_dyn, ts_static = lists.get("tile_sizes", empty)
        ordered = [target, *nt_dyn, *ts_dyn]
        ordered += [p for p in (nt_packed, ts_packed) if p is not None]
        attributes, resolved, results = _parse_trailer(parser, ordered)
        it = iter(resolved)
        target_v = next(it)
        nt_v = [next(it) for _ in nt_dyn]
        ts_v = [next(it) for _ in ts_dyn]
        nt_p = next(it) if nt_packed is not None else None
        ts_p = next(it) if ts_packed is not None else None
        props: dict[str, Attribute | None] = {
            "static_num_threads": _dense(nt_static) if "num_threads" in lists and nt_packed is None else None,
            "static_tile_sizes": _dense(ts_static) if "tile_sizes" in lists and ts_packed is None else None,
            "mapping": mapping,
        }
        if "tile_sizes" in lists and ts_packed is not None:
            props["static_tile_sizes"] = _dense([])
        if "num_threads" in lists and nt_packed is not None:
            props["static_num_threads"] = _dense([])
        extra, attributes = _split_props(attributes, ("static_num_threads", "static_tile_sizes", "mapping"))
        props.update(extra)
        op = cls(
            operands=[target_v, nt_v, ts_v, nt_p, ts_p],
            properties={k: v for k, v in props.items() if v is not None},
            attributes=attributes,
            result_types=[results[:1], results[1:2]] if len(results) == 2 else [results],
        )
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.target)
        if self.static_num_threads is not None:
            printer.print_string(" num_threads ")
            _print_packed_or_dynamic(
                printer, self.packed_num_threads, self.num_threads,
                _values(self.static_num_threads),
            )
        if self.static_tile_sizes is not None:
            printer.print_string(" tile_sizes ")
            _print_packed_or_dynamic(
                printer, self.packed_tile_sizes, self.tile_sizes, _values(self.static_tile_sizes)
            )
        if self.mapping is not None:
            printer.print_string("(mapping = ")
            printer.print_attribute(self.mapping)
            printer.print_string(")")
        _print_trailer(printer, self)


# -- structured fusion ops ---------------------------------------------------------------------


@irdl_op_definition
class FuseOp(IRDLOperation):
    """`transform.structured.fuse %t tile_sizes [..] interchange [..] {use_forall}`: tile the
    target and fuse its producers greedily (MLIR's tileConsumerAndFuseProducersUsingSCF)."""

    name = "transform.structured.fuse"

    target = operand_def(AnyOpHandle)
    tile_sizes = var_operand_def(AnyHandle)
    tile_interchange = var_operand_def(AnyHandle)
    static_tile_sizes = opt_prop_def(DenseArrayBase)
    static_tile_interchange = opt_prop_def(DenseArrayBase)
    use_forall = opt_prop_def(UnitAttr)
    apply_cleanup = opt_prop_def(UnitAttr)

    transformed = result_def(AnyOpHandle)
    loops = var_result_def(AnyOpHandle)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    @classmethod
    def parse(cls, parser: Parser) -> FuseOp:
        target = parser.parse_unresolved_operand()
        sizes: tuple[list[UnresolvedOperand], list[int]] | None = None
        interchange: tuple[list[UnresolvedOperand], list[int]] | None = None
        while (keyword := parser.parse_optional_keyword_in(("tile_sizes", "interchange"))) is not None:
            if keyword == "tile_sizes" and parser.parse_optional_punctuation("*") is not None:
                parser.raise_error(
                    "expected '[' in dynamic index list (packed tile sizes '*(%handle)' are not "
                    "part of MLIR 22's transform.structured.fuse)"
                )
            dynamic, static = parse_dynamic_index_list_without_types(parser, DYNAMIC_INDEX)
            if keyword == "tile_sizes":
                sizes = (list(dynamic), list(static))
            else:
                interchange = (list(dynamic), list(static))
        sizes = sizes or ([], [])
        interchange = interchange or ([], [])
        attributes, resolved, results = _parse_trailer(
            parser, [target, *sizes[0], *interchange[0]]
        )
        props, attributes = _split_props(
            attributes, ("use_forall", "apply_cleanup", "static_tile_sizes", "static_tile_interchange")
        )
        props.setdefault("static_tile_sizes", _dense(sizes[1]))
        props.setdefault("static_tile_interchange", _dense(interchange[1]))
        n = len(sizes[0])
        return cls(
            operands=[resolved[0], resolved[1 : 1 + n], resolved[1 + n :]],
            properties=props,
            attributes=attributes,
            result_types=[results[:1], results[1:]],
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.target)
        if self.static_tile_sizes is not None and len(self.static_tile_sizes):
            printer.print_string(" tile_sizes ")
            print_dynamic_index_list(
                printer, DYNAMIC_INDEX, self.tile_sizes, _values(self.static_tile_sizes)
            )
        if self.static_tile_interchange is not None and len(self.static_tile_interchange):
            printer.print_string(" interchange ")
            print_dynamic_index_list(
                printer, DYNAMIC_INDEX, self.tile_interchange, _values(self.static_tile_interchange)
            )
        flags = {
            name: UnitAttr() for name in ("use_forall", "apply_cleanup") if getattr(self, name)
        }
        printer.print_op_attributes({**flags, **self.attributes})
        printer.print_string(" : ")
        printer.print_function_type(self.operand_types, self.result_types)


@irdl_op_definition
class FuseIntoContainingOp(IRDLOperation):
    """`transform.structured.fuse_into_containing_op %producer into %loop`: results
    `fused_op`, `new_containing_op`."""

    name = "transform.structured.fuse_into_containing_op"

    producer_op = operand_def(AnyOpHandle)
    containing_op = operand_def(AnyOpHandle)
    fused_op = result_def(AnyOpHandle)
    new_containing_op = result_def(AnyOpHandle)

    assembly_format = (
        "$producer_op `into` $containing_op attr-dict `:` functional-type(operands, results)"
    )


@irdl_op_definition
class TileReductionUsingForOp(IRDLOperation):
    """`transform.structured.tile_reduction_using_for %t by tile_sizes = [0, 5]`: results
    `fill_op` (one per init), `split_op`, `combining_op`, `for_op`."""

    name = "transform.structured.tile_reduction_using_for"

    target = operand_def(AnyOpHandle)
    reduction_dims = opt_prop_def(ArrayAttr)
    tile_sizes = opt_prop_def(ArrayAttr)

    fill_op = var_result_def(AnyOpHandle)
    split_op = result_def(AnyOpHandle)
    combining_op = result_def(AnyOpHandle)
    for_op = result_def(AnyOpHandle)

    @classmethod
    def parse(cls, parser: Parser) -> TileReductionUsingForOp:
        target = parser.parse_unresolved_operand()
        props: dict[str, Attribute] = {}
        for keyword in ("reduction_dims", "by"):
            if keyword == "by":
                parser.parse_keyword("by")
                keyword = "tile_sizes"
            if parser.parse_optional_keyword(keyword) is not None:
                parser.parse_punctuation("=")
                props[keyword] = _i64_array(parser)
        attributes, resolved, results = _parse_trailer(parser, [target])
        extra, attributes = _split_props(attributes, ("reduction_dims", "tile_sizes"))
        props.update(extra)
        return cls(
            operands=resolved,
            properties=props,
            attributes=attributes,
            result_types=[results[:-3], results[-3:-2], results[-2:-1], results[-1:]],
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.target)
        if self.reduction_dims is not None and len(self.reduction_dims):
            printer.print_string(f" reduction_dims = {_int_list(self.reduction_dims)}")
        printer.print_string(f" by tile_sizes = {_int_list(self.tile_sizes)}")
        _print_trailer(printer, self)


@irdl_op_definition
class TileReductionUsingForallOp(IRDLOperation):
    """`transform.structured.tile_reduction_using_forall %t by num_threads = [..]
    tile_sizes = [..] mapping = [..]`: results `fill_op`, `split_op`, `combining_op`,
    `forall_op`."""

    name = "transform.structured.tile_reduction_using_forall"

    target = operand_def(AnyOpHandle)
    reduction_dims = opt_prop_def(ArrayAttr)
    num_threads = opt_prop_def(DenseArrayBase)
    tile_sizes = opt_prop_def(DenseArrayBase)
    mapping = opt_prop_def(ArrayAttr)

    fill_op = var_result_def(AnyOpHandle)
    split_op = result_def(AnyOpHandle)
    combining_op = result_def(AnyOpHandle)
    forall_op = result_def(AnyOpHandle)

    @classmethod
    def parse(cls, parser: Parser) -> TileReductionUsingForallOp:
        target = parser.parse_unresolved_operand()
        props: dict[str, Attribute] = {}
        if parser.parse_optional_keyword("reduction_dims") is not None:
            parser.parse_punctuation("=")
            props["reduction_dims"] = _i64_array(parser)
        parser.parse_keyword("by")
        for keyword in ("num_threads", "tile_sizes"):
            if parser.parse_optional_keyword(keyword) is not None:
                parser.parse_punctuation("=")
                values = parser.parse_comma_separated_list(
                    Parser.Delimiter.SQUARE, parser.parse_integer
                )
                props[keyword] = _dense(values)
        if parser.parse_optional_keyword("mapping") is not None:
            parser.parse_punctuation("=")
            props["mapping"] = parser.parse_attribute()
        attributes, resolved, results = _parse_trailer(parser, [target])
        extra, attributes = _split_props(attributes, ("reduction_dims", "num_threads", "tile_sizes", "mapping"))
        props.update(extra)
        return cls(
            operands=resolved,
            properties=props,
            attributes=attributes,
            result_types=[results[:-3], results[-3:-2], results[-2:-1], results[-1:]],
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.target)
        if self.reduction_dims is not None and len(self.reduction_dims):
            printer.print_string(f" reduction_dims = {_int_list(self.reduction_dims)}")
        printer.print_string(" by")
        for keyword in ("num_threads", "tile_sizes"):
            values = _values(getattr(self, keyword))
            if values:
                printer.print_string(f" {keyword} = [{', '.join(map(str, values))}]")
        if self.mapping is not None:
            printer.print_string(" mapping = ")
            printer.print_attribute(self.mapping)
        _print_trailer(printer, self)

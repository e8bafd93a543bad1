"""Transform-dialect ops xDSL 0.74 lacks or cannot parse in MLIR 22's custom syntax.

xDSL's `transform` dialect has the ops below but without a custom format (`get_parent_op`,
`merge_handles`, `param.constant`, `split_handle`, `cast`), or with operands of the wrong kind
(`structured.tile_using_forall`); each is redefined here with MLIR 22's assembly and
properties, and replaces xDSL's op of the same name in xfuse's context. The other ops are new:
the structured tiling/fusion ops, `apply_patterns`, `apply_cse`, `print`, and xfuse's own
`transform.xfuse.fuse_consumer` / `transform.xfuse.diffuse` (MLIR's consumer-fusion op is
`transform.test.fuse_consumer`, which exists only in mlir-opt's test dialect).

The spelling of every op was checked against mlir-opt 22.1.8 (round trip in both directions,
generic form included); see docs/transform-dialect.md for the table of supported ops.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import transform as xt
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    DenseArrayBase,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    UnitAttr,
    i1,
    i64,
)
from xdsl.dialects.utils import parse_dynamic_index_list_without_types, print_dynamic_index_list
from xdsl.ir import Attribute, Dialect, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    ParsePropInAttrDict,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import NoTerminator
from xdsl.utils.exceptions import VerifyException

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


# -- ops xDSL has, redefined with MLIR 22's format ----------------------------------------------


@irdl_op_definition
class GetParentOp(IRDLOperation):
    """`transform.get_parent_op`: the closest (or `nth_parent`) ancestor matching the filters."""

    name = "transform.get_parent_op"

    isolated_from_above = opt_prop_def(UnitAttr)
    allow_empty_results = opt_prop_def(UnitAttr)
    op_name = opt_prop_def(StringAttr)
    deduplicate = opt_prop_def(UnitAttr)
    nth_parent = opt_prop_def(IntegerAttr)
    target = operand_def(AnyOpHandle)
    parent_result = result_def(AnyOpHandle)

    assembly_format = "$target attr-dict `:` functional-type(operands, results)"
    irdl_options = (ParsePropInAttrDict(),)


@irdl_op_definition
class MergeHandlesOp(IRDLOperation):
    """`transform.merge_handles [deduplicate] %a, %b : type`."""

    name = "transform.merge_handles"

    deduplicate = opt_prop_def(UnitAttr)
    handles = var_operand_def(AnyHandle)
    result = result_def(AnyHandle)

    @classmethod
    def parse(cls, parser: Parser) -> MergeHandlesOp:
        deduplicate = parser.parse_optional_keyword("deduplicate") is not None
        handles = parser.parse_comma_separated_list(
            Parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        handle_type = parser.parse_type()
        props, attributes = _split_props(attributes, ("deduplicate",))
        if deduplicate:
            props["deduplicate"] = UnitAttr()
        return cls(
            operands=[[parser.resolve_operand(h, handle_type) for h in handles]],
            properties=props,
            attributes=attributes,
            result_types=[handle_type],
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" deduplicate " if self.deduplicate else " ")
        printer.print_list(self.handles, printer.print_ssa_value)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        if not self.handles:
            raise VerifyException("expected at least one handle to merge")


@irdl_op_definition
class ParamConstantOp(IRDLOperation):
    """`transform.param.constant 32 : i64 -> !transform.any_param`."""

    name = "transform.param.constant"

    value = prop_def()
    param = result_def(xt.TransformParamHandleType)

    assembly_format = "$value attr-dict `->` type($param)"
    irdl_options = (ParsePropInAttrDict(),)


@irdl_op_definition
class SplitHandleOp(IRDLOperation):
    """`transform.split_handle %h : (!transform.any_op) -> (!transform.any_op, ...)`."""

    name = "transform.split_handle"

    pass_through_empty_handle = opt_prop_def(IntegerAttr)
    fail_on_payload_too_small = opt_prop_def(IntegerAttr)
    overflow_result = opt_prop_def(IntegerAttr)
    handle = operand_def(AnyHandle)
    results_ = var_result_def(AnyHandle)

    assembly_format = "$handle attr-dict `:` functional-type(operands, results)"
    irdl_options = (ParsePropInAttrDict(),)


@irdl_op_definition
class CastOp(IRDLOperation):
    """`transform.cast %h : !transform.any_op to !transform.op<"linalg.matmul">`."""

    name = "transform.cast"

    input = operand_def(AnyHandle)
    output = result_def(AnyHandle)

    assembly_format = "$input attr-dict `:` type($input) `to` type($output)"


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


# -- pattern application, printing ---------------------------------------------------------------


@irdl_op_definition
class ApplyPatternsOp(IRDLOperation):
    """`transform.apply_patterns to %h { transform.apply_patterns.canonicalization } : type`."""

    name = "transform.apply_patterns"

    target = operand_def(AnyOpHandle)
    apply_cse = opt_prop_def(UnitAttr)
    max_iterations = opt_prop_def(IntegerAttr)
    max_num_rewrites = opt_prop_def(IntegerAttr)
    patterns = region_def("single_block")

    traits = traits_def(NoTerminator())

    assembly_format = "`to` $target $patterns attr-dict `:` type($target)"
    irdl_options = (ParsePropInAttrDict(),)


@irdl_op_definition
class ApplyCanonicalizationPatternsOp(IRDLOperation):
    """`transform.apply_patterns.canonicalization`: every op's canonicalization patterns."""

    name = "transform.apply_patterns.canonicalization"

    assembly_format = "attr-dict"

    def verify_(self) -> None:
        if not isinstance(self.parent_op(), ApplyPatternsOp):
            raise VerifyException("expects parent op 'transform.apply_patterns'")


@irdl_op_definition
class ApplyCSEOp(IRDLOperation):
    """`transform.apply_cse to %h : type`."""

    name = "transform.apply_cse"

    target = operand_def(AnyOpHandle)

    assembly_format = "`to` $target attr-dict `:` type($target)"


@irdl_op_definition
class PrintOp(IRDLOperation):
    """`transform.print [%h] [{name = "..."}] [: type]`: print the payload (or the whole IR)."""

    name = "transform.print"

    target = opt_operand_def(AnyOpHandle)
    name_ = opt_prop_def(StringAttr, prop_name="name")
    assume_verified = opt_prop_def(UnitAttr)
    use_local_scope = opt_prop_def(UnitAttr)
    skip_regions = opt_prop_def(UnitAttr)

    assembly_format = "$target attr-dict (`:` type($target)^)?"
    irdl_options = (ParsePropInAttrDict(),)


# -- control ------------------------------------------------------------------------------------

FAILURE_MODES = {"propagate": 1, "suppress": 2}
"""MLIR's FailurePropagationMode values (the i32 stored in `failure_propagation_mode`)."""


@irdl_op_definition
class SequenceOp(IRDLOperation):
    """`transform.sequence [%root : type] failures(propagate|suppress) { ^bb0(%arg: type): ... }`:
    run the body in order; with `suppress`, a silenceable failure of a nested op is dropped (its
    results become empty handles) and the sequence goes on; definite failures always abort. The
    body's `transform.yield` may be omitted, as in MLIR."""

    name = "transform.sequence"

    failure_propagation_mode = prop_def(IntegerAttr)
    root = var_operand_def(AnyOpHandle)
    extra_bindings = var_operand_def(AnyHandle)
    body = region_def("single_block")

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    @property
    def suppresses(self) -> bool:
        return self.failure_propagation_mode.value.data == FAILURE_MODES["suppress"]

    @classmethod
    def parse(cls, parser: Parser) -> SequenceOp:
        operands = []
        if (root := parser.parse_optional_unresolved_operand()) is not None:
            extra = [root]
            while parser.parse_optional_punctuation(",") is not None:
                extra.append(parser.parse_unresolved_operand())
            parser.parse_punctuation(":")
            types = [parser.parse_type()]
            while parser.parse_optional_punctuation(",") is not None:
                types.append(parser.parse_type())
            if len(types) != len(extra):
                parser.raise_error(f"expected {len(extra)} types, got {len(types)}")
            operands = [parser.resolve_operand(o, t) for o, t in zip(extra, types)]
        parser.parse_keyword("failures")
        parser.parse_punctuation("(")
        pos = parser.pos
        mode = parser.parse_identifier()
        if mode not in FAILURE_MODES:
            parser.raise_error("expected 'propagate' or 'suppress'", pos, parser.pos)
        parser.parse_punctuation(")")
        attr_dict = parser.parse_optional_attr_dict_with_keyword()
        attributes = dict(attr_dict.data) if attr_dict is not None else {}
        region = parser.parse_region()
        block = region.block
        if not isinstance(block.last_op, xt.YieldOp):
            block.add_op(xt.YieldOp())
        return cls(
            operands=[operands[:1], operands[1:]],
            properties={"failure_propagation_mode": IntegerAttr(FAILURE_MODES[mode], 32)},
            attributes=attributes,
            regions=[region],
        )

    def print(self, printer: Printer) -> None:
        operands = [*self.root, *self.extra_bindings]
        if operands:
            printer.print_string(" ")
            printer.print_list(operands, printer.print_ssa_value)
            printer.print_string(" : ")
            printer.print_list([o.type for o in operands], printer.print_attribute)
        mode = "suppress" if self.suppresses else "propagate"
        printer.print_string(f" failures({mode})")
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=True, print_empty_block=False)


@irdl_op_definition
class IncludeOp(IRDLOperation):
    """`%r = transform.include @name failures(propagate|suppress) (%args) : (types) -> types`:
    run the named sequence `@name` with the arguments bound, its yielded handles as results."""

    name = "transform.include"

    target = prop_def(SymbolRefAttr)
    failure_propagation_mode = prop_def(IntegerAttr)
    operands_ = var_operand_def(AnyHandle)
    results_ = var_result_def(AnyHandle)

    @property
    def suppresses(self) -> bool:
        return self.failure_propagation_mode.value.data == FAILURE_MODES["suppress"]

    @classmethod
    def parse(cls, parser: Parser) -> IncludeOp:
        target = parser.parse_symbol_name()
        parser.parse_keyword("failures")
        parser.parse_punctuation("(")
        pos = parser.pos
        mode = parser.parse_identifier()
        if mode not in FAILURE_MODES:
            parser.raise_error("expected 'propagate' or 'suppress'", pos, parser.pos)
        parser.parse_punctuation(")")
        arguments = parser.parse_comma_separated_list(
            Parser.Delimiter.PAREN, parser.parse_unresolved_operand
        )
        attributes, resolved, results = _parse_trailer(parser, arguments)
        return cls(
            operands=[resolved],
            properties={
                "target": SymbolRefAttr(target),
                "failure_propagation_mode": IntegerAttr(FAILURE_MODES[mode], 32),
            },
            attributes=attributes,
            result_types=[results],
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.target)
        printer.print_string(f" failures({'suppress' if self.suppresses else 'propagate'}) (")
        printer.print_list(self.operands_, printer.print_ssa_value)
        printer.print_string(")")
        _print_trailer(printer, self)


# -- xfuse's own transform ops -------------------------------------------------------------------


@irdl_op_definition
class XfuseFuseConsumerOp(IRDLOperation):
    """`transform.xfuse.fuse_consumer %consumer into %loop`: fuse the consumer (which reads
    results of the loop nest whose outermost loop is `%loop`) into the nest, at the innermost
    legal level (xfuse's `fuse_consumer_into_loop`). Results: `fused_consumer` (the tiled op in
    the nest), `new_containing_op` (the rebuilt outermost loop)."""

    name = "transform.xfuse.fuse_consumer"

    consumer = operand_def(AnyOpHandle)
    containing_op = operand_def(AnyOpHandle)
    fused_consumer = result_def(AnyOpHandle)
    new_containing_op = result_def(AnyOpHandle)

    assembly_format = (
        "$consumer `into` $containing_op attr-dict `:` functional-type(operands, results)"
    )


@irdl_op_definition
class XfuseDiffuseOp(IRDLOperation):
    """`transform.xfuse.diffuse %seeds {cost_model = "cache-fit", cache_sizes = array<i64: ..>}`: producer + consumer fusion
    around the tiled contractions of `%seeds` (xfuse-diffusion with the seeds given). Result:
    the fused ops (tiles created inside the loop nests)."""

    name = "transform.xfuse.diffuse"

    target = operand_def(AnyOpHandle)
    cost_model = opt_prop_def(StringAttr)
    cache_sizes = opt_prop_def(DenseArrayBase)
    fused = result_def(AnyOpHandle)

    assembly_format = "$target attr-dict `:` functional-type(operands, results)"
    irdl_options = (ParsePropInAttrDict(),)


TRANSFORM_EXTENSION = Dialect(
    "transform",
    [
        GetParentOp,
        MergeHandlesOp,
        ParamConstantOp,
        SplitHandleOp,
        CastOp,
        TileUsingForOp,
        TileUsingForallOp,
        FuseOp,
        FuseIntoContainingOp,
        TileReductionUsingForOp,
        TileReductionUsingForallOp,
        SequenceOp,
        IncludeOp,
        ApplyPatternsOp,
        ApplyCanonicalizationPatternsOp,
        ApplyCSEOp,
        PrintOp,
        XfuseFuseConsumerOp,
        XfuseDiffuseOp,
    ],
    [],
)
"""The ops appended to (or replacing same-named ops of) xDSL's `transform` dialect."""

__all__ = [op.__name__ for op in TRANSFORM_EXTENSION.operations] + ["TRANSFORM_EXTENSION"]

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
The structured ops are defined in transform_structured.py, the shared syntax helpers in
transform_syntax.py; this module holds the rest and the extension `Dialect`.
"""

from __future__ import annotations

from xdsl.dialects import transform as xt
from xdsl.dialects.builtin import DenseArrayBase, IntegerAttr, StringAttr, SymbolRefAttr, UnitAttr
from xdsl.ir import Dialect
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
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import NoTerminator
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.transform_syntax import (
    AnyHandle,
    AnyOpHandle,
    _parse_trailer,
    _print_trailer,
    _split_props,
)
from xfuse.dialects.transform_structured import (
    FuseIntoContainingOp,
    FuseOp,
    TileReductionUsingForallOp,
    TileReductionUsingForOp,
    TileUsingForallOp,
    TileUsingForOp,
)

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

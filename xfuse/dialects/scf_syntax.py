"""MLIR 22's custom forms of the scf ops xDSL 0.74 reads or prints differently.

- `scf.execute_region [-> types] [no_inline] { ... }`: xDSL drops the terminators of every
  block when the op has no results, so a region of several blocks loses its branches and its
  `scf.yield` (silently wrong text). MLIR prints every terminator: an execute_region has no
  implicit one.
- `scf.while : () -> () { ... } do { ... }`: xDSL requires the `(...)` of the assignments.
- `scf.parallel (%i) = (%lb) to (%ub) step (%s) [init (...) -> types] { ... }`: xDSL has no
  custom form for it at all.
- `scf.for unsigned %i = ...`: MLIR 22's `unsignedCmp` loops.
- `scf.for ... iter_args(...) -> t` and `scf.if %c -> t`: one result type without parentheses.

Each op subclasses xDSL's (`isinstance(op, scf.WhileOp)` holds) and replaces it in the
context (xfuse/context.py). Ops that passes build with xDSL's classes print as xDSL prints them,
which MLIR reads (`scf.while () : ...` included).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects import scf
from xdsl.dialects.builtin import IndexType, UnitAttr, i1
from xdsl.dialects.utils import parse_assignment
from xdsl.ir import Attribute, Region, SSAValue
from xdsl.irdl import (
    AnyAttr,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    region_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import SingleBlockImplicitTerminator, ensure_terminator
from xdsl.utils.exceptions import VerifyException


def parse_result_types(parser: Parser) -> list[Attribute]:
    """`-> type` or `-> (types)` (MLIR's `parseOptionalArrowTypeList`); nothing without `->`."""
    if parser.parse_optional_punctuation("->") is None:
        return []
    types = parser.parse_optional_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
    return [parser.parse_type()] if types is None else types


def print_result_types(printer: Printer, types: Sequence[Attribute]) -> None:
    """` -> type` for one non-function type, ` -> (types)` otherwise, as MLIR prints them."""
    if not types:
        return
    printer.print_string(" -> ")
    if len(types) == 1 and not _is_function_type(types[0]):
        printer.print_attribute(types[0])
        return
    printer.print_string("(")
    printer.print_list(types, printer.print_attribute)
    printer.print_string(")")


def _is_function_type(type: Attribute) -> bool:
    return type.name == "fun"


@irdl_op_definition
class ExecuteRegionOp(scf.ExecuteRegionOp):
    """`scf.execute_region [-> types] [no_inline] {...} [attr-dict]`, every block printed whole."""

    outs = var_result_def()
    region = region_def()
    no_inline = opt_prop_def(UnitAttr)

    def verify_(self) -> None:
        # xDSL's verify_ checks against xDSL's definition, which lacks `no_inline`.
        if self.region.first_block is None:
            raise VerifyException("'scf.execute_region' op region needs to have at least one block")

    @classmethod
    def parse(cls, parser: Parser) -> ExecuteRegionOp:
        result_types = parse_result_types(parser)
        no_inline = parser.parse_optional_keyword("no_inline") is not None
        region = parser.parse_region()
        attributes = parser.parse_optional_attr_dict()
        return cls.create(
            result_types=result_types,
            regions=[region],
            properties={"no_inline": UnitAttr()} if no_inline else {},
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        print_result_types(printer, self.outs.types)
        if self.no_inline is not None:
            printer.print_string(" no_inline")
        printer.print_string(" ")
        printer.print_region(self.region, print_entry_block_args=False, print_block_terminators=True)
        if self.attributes:
            printer.print_op_attributes(self.attributes)


@irdl_op_definition
class WhileOp(scf.WhileOp):
    """`scf.while [(%arg = %init, ...)] : (types) -> types {...} do {...} [attributes {...}]`."""

    arguments = var_operand_def()
    res = var_result_def()
    before_region = region_def("single_block")
    after_region = region_def("single_block")

    def print(self, printer: Printer) -> None:
        if self.arguments:
            super().print(printer)
            return
        printer.print_string(" : ")
        printer.print_operation_type(self)
        printer.print_string(" ")
        printer.print_region(self.before_region, print_entry_block_args=False)
        printer.print_string(" do ")
        printer.print_region(self.after_region)
        if self.attributes:
            printer.print_op_attributes(self.attributes, print_keyword=True)

    @classmethod
    def parse(cls, parser: Parser) -> WhileOp:
        if parser.parse_optional_punctuation(":") is None:
            return super().parse(parser)
        type_position = parser.pos
        function_type = parser.parse_function_type()
        if function_type.inputs.data:
            parser.raise_error(
                "expected as many '(%arg = %init)' assignments as the types of the operands", type_position, parser.pos
            )
        before_region = parser.parse_region(())
        parser.parse_characters("do")
        after_region = parser.parse_region()
        attributes = parser.parse_optional_attr_dict_with_keyword()
        op = cls((), function_type.outputs.data, before_region, after_region)
        if attributes is not None:
            op.attributes |= attributes.data
        return op


@irdl_op_definition
class ForOp(scf.ForOp):
    """`scf.for [unsigned] %i = %lb to %ub step %s ...`: `unsigned` compares the bounds as
    unsigned integers (MLIR 22's `unsignedCmp`)."""

    T: ClassVar = VarConstraint("T", AnyAttr())
    lb = operand_def(T)
    ub = operand_def(T)
    step = operand_def(T)
    iter_args = var_operand_def()
    res = var_result_def()
    body = region_def("single_block")
    unsigned_cmp = opt_prop_def(UnitAttr, prop_name="unsignedCmp")

    def verify_(self) -> None:
        # xDSL's checks of the loop, against its definition (which lacks `unsignedCmp`).
        flag = self.properties.pop("unsignedCmp", None)
        try:
            super().verify_()
        finally:
            if flag is not None:
                self.properties["unsignedCmp"] = flag

    @classmethod
    def parse(cls, parser: Parser) -> ForOp:
        unsigned = parser.parse_optional_keyword("unsigned") is not None
        indvar = parser.parse_argument(expect_type=False)
        parser.parse_punctuation("=")
        bounds = [parser.parse_unresolved_operand()]
        for keyword in ("to", "step"):
            parser.parse_keyword(keyword)
            bounds.append(parser.parse_unresolved_operand())
        position = parser.pos
        iter_args: list[Parser.UnresolvedArgument] = []
        inits: list[UnresolvedOperand] = []
        types: list[Attribute] = []
        if parser.parse_optional_keyword("iter_args") is not None:
            for arg, init in parser.parse_comma_separated_list(
                parser.Delimiter.PAREN, lambda: parse_assignment(parser)
            ):
                iter_args.append(arg)
                inits.append(init)
            types = parse_result_types(parser)  # `-> t` or `-> (t, ...)`
            if len(types) != len(inits):
                parser.raise_error(
                    f"expected one type after '->' per iter_args value ({len(inits)}), got {len(types)}",
                    position,
                    parser.pos,
                )
        init_values = parser.resolve_operands(inits, types, position)
        indvar_type = parser.parse_type() if parser.parse_optional_punctuation(":") else IndexType()
        lb, ub, step = (parser.resolve_operand(bound, indvar_type) for bound in bounds)
        body = parser.parse_region((indvar.resolve(indvar_type), *(a.resolve(t) for a, t in zip(iter_args, types))))
        op = cls(lb, ub, step, init_values, body)
        op.attributes |= parser.parse_optional_attr_dict()
        if unsigned:
            op.properties["unsignedCmp"] = UnitAttr()
        if not iter_args:
            for trait in op.get_traits_of_type(SingleBlockImplicitTerminator):
                ensure_terminator(op, trait)
        return op

    def print(self, printer: Printer) -> None:
        if self.unsigned_cmp is not None:
            printer.print_string(" unsigned")
        super().print(printer)


@irdl_op_definition
class ParallelOp(scf.ParallelOp):
    """`scf.parallel (%i, ...) = (%lb, ...) to (%ub, ...) step (%s, ...) [init (%v, ...) -> types]
    {...} [attr-dict]`; the body ends with `scf.reduce` (implicit when it reduces nothing)."""

    lowerBound = var_operand_def(IndexType)
    upperBound = var_operand_def(IndexType)
    step = var_operand_def(IndexType)
    initVals = var_operand_def()
    res = var_result_def()
    body = region_def("single_block")

    @classmethod
    def parse(cls, parser: Parser) -> ParallelOp:
        index = IndexType()
        ivs = parser.parse_comma_separated_list(parser.Delimiter.PAREN, lambda: parser.parse_argument(expect_type=False))
        parser.parse_punctuation("=")
        lower = _parse_index_operands(parser)
        parser.parse_keyword("to")
        upper = _parse_index_operands(parser)
        parser.parse_keyword("step")
        steps = _parse_index_operands(parser)
        init_position = parser.pos
        inits: list[UnresolvedOperand] = []
        if parser.parse_optional_keyword("init") is not None:
            inits = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_unresolved_operand)
        result_types = parse_result_types(parser)
        if len(result_types) != len(inits):
            parser.raise_error(
                f"expected {len(inits)} result types for the init values, got {len(result_types)}",
                init_position,
                parser.pos,
            )
        body = parser.parse_region([iv.resolve(index) for iv in ivs])
        attributes = parser.parse_optional_attr_dict()
        op = cls(lower, upper, steps, body, parser.resolve_operands(inits, result_types, init_position))
        op.attributes |= attributes
        for trait in op.get_traits_of_type(SingleBlockImplicitTerminator):
            ensure_terminator(op, trait)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" (")
        printer.print_list(self.body.block.args, printer.print_ssa_value)
        printer.print_string(") = ")
        _print_operands(printer, self.lowerBound)
        printer.print_string(" to ")
        _print_operands(printer, self.upperBound)
        printer.print_string(" step ")
        _print_operands(printer, self.step)
        if self.initVals:
            printer.print_string(" init ")
            _print_operands(printer, self.initVals)
        print_result_types(printer, self.res.types)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)
        printer.print_op_attributes(self.attributes)


class IfOp(scf.IfOp):
    """`scf.if %c [-> type | -> (types)] {...} [else {...}] [attr-dict]`: xDSL reads the
    parenthesized result list only. A plain subclass: xDSL's definition and printer."""

    @classmethod
    def parse(cls, parser: Parser) -> IfOp:
        condition = parser.parse_operand(i1)
        result_types = parse_result_types(parser)
        then_region = cls.parse_region_with_yield(parser)
        else_region = cls.parse_region_with_yield(parser) if parser.parse_optional_keyword("else") else Region()
        return cls(condition, result_types, then_region, else_region, parser.parse_optional_attr_dict())


class ReduceOp(scf.ReduceOp):
    """`scf.reduce [(%v, ... : types)] {region}, {region} ...`: MLIR separates the reduction
    regions with commas (xDSL's format reads one region only). A plain subclass: xDSL's
    definition, MLIR's syntax."""

    @classmethod
    def parse(cls, parser: Parser) -> ReduceOp:
        position = parser.pos
        operands: list[SSAValue] = []
        if parser.parse_optional_punctuation("(") is not None:
            unresolved = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_unresolved_operand)
            parser.parse_punctuation(":")
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
            parser.parse_punctuation(")")
            operands = parser.resolve_operands(unresolved, types, position)
        regions: list[Region] = []
        if (region := parser.parse_optional_region()) is not None:
            regions.append(region)
            while parser.parse_optional_punctuation(",") is not None:
                regions.append(parser.parse_region())
        attributes = parser.parse_optional_attr_dict()
        return cls.create(operands=operands, regions=regions, attributes=attributes)

    def print(self, printer: Printer) -> None:
        if self.args:
            printer.print_string("(")
            printer.print_list(self.args, printer.print_operand)
            printer.print_string(" : ")
            printer.print_list(self.args.types, printer.print_attribute)
            printer.print_string(")")
        if self.reductions:
            printer.print_string(" ")
            printer.print_list(self.reductions, printer.print_region)
        printer.print_op_attributes(self.attributes)


def _parse_index_operands(parser: Parser) -> list[SSAValue]:
    return parser.parse_comma_separated_list(parser.Delimiter.PAREN, lambda: parser.parse_operand(IndexType()))


def _print_operands(printer: Printer, values: Sequence[SSAValue]) -> None:
    printer.print_string("(")
    printer.print_list(values, printer.print_operand)
    printer.print_string(")")


SCF_SYNTAX_OPS = (ExecuteRegionOp, WhileOp, ForOp, IfOp, ParallelOp, ReduceOp)
"""Replacements of xDSL's scf ops with MLIR 22's custom forms."""


"""MLIR 22's memref atomics: `atomic_rmw` (custom form, the kinds of `arith::AtomicRMWKind`),
`generic_atomic_rmw` and `atomic_yield` (xDSL 0.74 has no custom form or lacks them)."""

from __future__ import annotations

from typing import ClassVar, cast

from xdsl.dialects import memref as xmemref
from xdsl.dialects.builtin import (
    I64,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    i64,
)
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsTerminator,
    MemoryReadEffect,
    MemoryWriteEffect,
    Pure,
    is_side_effect_free,
)
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.irdl_redefine import redefine
from xfuse.dialects.memref_syntax import (
    check_rank,
    element_type,
    parse_indexed,
    print_attr_dict,
    print_indexed,
    resolve_indices,
)

# -- atomics ----------------------------------------------------------------------------

ATOMIC_RMW_KINDS: tuple[str, ...] = (
    "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu",
    "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori",
)  # fmt: skip
"""`arith::AtomicRMWKind` by value (its I64EnumAttr numbering in MLIR 22)."""

_FLOAT_KINDS = frozenset({"addf", "maximumf", "maxnumf", "minimumf", "minnumf", "mulf"})
_INT_KINDS = frozenset({"addi", "andi", "maxs", "maxu", "mins", "minu", "muli", "ori", "xori"})


@redefine
class AtomicRMWOp(xmemref.AtomicRMWOp):
    """`memref.atomic_rmw addf %v, %m[%i] : (f32, memref<..xf32>) -> f32`."""

    name = "memref.atomic_rmw"

    T: ClassVar = VarConstraint("T", AnyAttr())

    value = operand_def(T)
    memref = operand_def(MemRefType.constr(T))
    indices = var_operand_def(IndexType)
    kind = prop_def(IntegerAttr[I64])
    result = result_def(T)

    traits = traits_def(MemoryWriteEffect(), MemoryReadEffect())

    @property
    def kind_name(self) -> str:
        return ATOMIC_RMW_KINDS[self.kind.value.data]

    @classmethod
    def parse(cls, parser: Parser) -> AtomicRMWOp:
        kind = parser.parse_keyword_in(ATOMIC_RMW_KINDS, " (an atomic_rmw kind)")
        value = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        memref, indices = parse_indexed(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        parser.parse_punctuation("(")
        value_type = parser.parse_type()
        parser.parse_punctuation(",")
        memref_type = parser.parse_type()
        parser.parse_punctuation(")")
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        op = cls(
            operands=[
                parser.resolve_operand(value, value_type),
                parser.resolve_operand(memref, memref_type),
                resolve_indices(parser, indices),
            ],
            result_types=[result_type],
            properties={"kind": IntegerAttr(ATOMIC_RMW_KINDS.index(kind), i64)},
        )
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.kind_name} ")
        printer.print_ssa_value(self.value)
        printer.print_string(", ")
        print_indexed(printer, self.memref, self.indices)
        print_attr_dict(printer, self)
        printer.print_string(" : (")
        printer.print_attribute(self.value.type)
        printer.print_string(", ")
        printer.print_attribute(self.memref.type)
        printer.print_string(") -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        check_rank(self.memref.type, self.indices)
        kind = self.kind.value.data
        if not 0 <= kind < len(ATOMIC_RMW_KINDS):
            raise VerifyException(f"invalid atomic_rmw kind {kind}")
        name = ATOMIC_RMW_KINDS[kind]
        value_type = self.value.type
        if name in _FLOAT_KINDS and isinstance(value_type, IntegerType | IndexType):
            raise VerifyException(f"with kind '{name}' expects a floating-point type")
        if name in _INT_KINDS and not isinstance(value_type, IntegerType | IndexType):
            raise VerifyException(f"with kind '{name}' expects an integer type")


@irdl_op_definition
class GenericAtomicRMWOp(IRDLOperation):
    """`memref.generic_atomic_rmw %m[%i] : t { ^bb0(%old: e): ... memref.atomic_yield %new : e }`:
    the body computes the new element from the current one."""

    name = "memref.generic_atomic_rmw"

    memref = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    result = result_def()
    atomic_body = region_def("single_block")

    traits = traits_def(MemoryWriteEffect(), MemoryReadEffect())

    @classmethod
    def parse(cls, parser: Parser) -> GenericAtomicRMWOp:
        memref, indices = parse_indexed(parser)
        parser.parse_punctuation(":")
        memref_type = parser.parse_type()
        body = parser.parse_region()
        attrs = parser.parse_optional_attr_dict()
        if not isinstance(memref_type, MemRefType):
            parser.raise_error(f"expected a memref type, got {memref_type}")
        op = cls(
            operands=[parser.resolve_operand(memref, memref_type), resolve_indices(parser, indices)],
            result_types=[memref_type.element_type],
            regions=[body],
        )
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_indexed(printer, self.memref, self.indices)
        printer.print_string(" : ")
        printer.print_attribute(self.memref.type)
        printer.print_string(" ")
        printer.print_region(self.atomic_body)
        print_attr_dict(printer, self)

    def verify_(self) -> None:
        check_rank(self.memref.type, self.indices)
        element = element_type(self.memref.type)
        args = self.atomic_body.block.args
        if len(args) != 1:
            raise VerifyException("expected single number of entry block arguments")
        if args[0].type != element or self.result.type != element:
            raise VerifyException("expected block argument of the same type result type")
        for op in self.atomic_body.walk():
            if not is_side_effect_free(op):
                raise VerifyException("body of 'memref.generic_atomic_rmw' should contain only operations with no side effects")


@irdl_op_definition
class AtomicYieldOp(IRDLOperation):
    """`memref.atomic_yield %v : t`: the new value of a `generic_atomic_rmw` element."""

    name = "memref.atomic_yield"

    result = operand_def()

    traits = traits_def(IsTerminator(), HasParent(GenericAtomicRMWOp), Pure())

    assembly_format = "$result attr-dict `:` type($result)"

    def verify_(self) -> None:
        parent = cast(GenericAtomicRMWOp, self.parent_op())
        if self.result.type != parent.result.type:
            raise VerifyException(
                f"types mismatch between yield op: {self.result.type} and its parent: {parent.result.type}"
            )



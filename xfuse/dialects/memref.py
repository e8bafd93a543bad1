"""MLIR 22's memref ops that xDSL 0.74 lacks, cannot read in custom form, or reads lossily.

xDSL 0.74 has no custom format for `memref.copy`, `rank`, `atomic_rmw`, `cast`,
`memory_space_cast`, `extract_aligned_pointer_as_index`, `alloca_scope(.return)`, `dma_start`,
`dma_wait` and `global`, keeps `memref.load`/`store`'s `alignment` as a discardable attribute,
restricts `copy`/`rank`/`extract_aligned_pointer_as_index` to ranked memrefs, and lacks
`prefetch`, `generic_atomic_rmw`/`atomic_yield`, `realloc`, `transpose`, `reshape` and
`distinct_objects`. The ops here are spelled and printed as mlir-opt 22.1.8 does (MemRefOps.td,
MemRefOps.cpp). Ops xDSL has are subclasses of xDSL's (`irdl_redefine.redefine`), so
`isinstance(op, xdsl.dialects.memref.CopyOp)` still holds; passes that build
memref ops take these classes so that their output prints in custom form.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.dialects import memref as xmemref
from xdsl.dialects.builtin import (
    AffineMapAttr,
    BoolAttr,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    I32,
    I64,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    StringAttr,
    SymbolNameConstraint,
    TensorType,
    UnitAttr,
    UnrankedMemRefType,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Dialect, Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParsePropInAttrDict,
    VarConstraint,
    base,
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
from xdsl.traits import (
    HasParent,
    IsTerminator,
    MemoryAllocEffect,
    MemoryReadEffect,
    MemoryWriteEffect,
    NoMemoryEffect,
    Pure,
    SingleBlockImplicitTerminator,
    SymbolOpInterface,
    is_side_effect_free,
)
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.irdl_redefine import redefine

_ANY_MEMREF = base(MemRefType) | base(UnrankedMemRefType)

# -- helpers ----------------------------------------------------------------------------


def _element_type(t: Attribute) -> Attribute:
    return cast(MemRefType | UnrankedMemRefType, t).element_type


def _memory_space(t: Attribute) -> Attribute:
    return cast(MemRefType | UnrankedMemRefType, t).memory_space


def _compatible_shapes(a: Attribute, b: Attribute) -> bool:
    """MLIR's `verifyCompatibleShape`: unranked matches anything, `?` matches any size."""
    if not isinstance(a, MemRefType) or not isinstance(b, MemRefType):
        return True
    sa, sb = a.get_shape(), b.get_shape()
    return len(sa) == len(sb) and all(x == y or x < 0 or y < 0 for x, y in zip(sa, sb))


def _has_identity_layout(t: MemRefType) -> bool:
    """MLIR's `getLayout().isIdentity()`: no layout or the identity map (a strided layout,
    even a contiguous one, is not the identity)."""
    layout = t.layout
    if isinstance(layout, NoneAttr):
        return True
    return isinstance(layout, AffineMapAttr) and layout.data == AffineMap.identity(t.get_num_dims())


def _check_rank(memref: Attribute, indices: Sequence[SSAValue]) -> None:
    assert isinstance(memref, MemRefType)
    if len(indices) != memref.get_num_dims():
        raise VerifyException("expects the number of subscripts to be equal to memref rank")


def _parse_indexed(parser: Parser) -> tuple[Parser.UnresolvedOperand, list[Parser.UnresolvedOperand]]:
    """`%m[%i, %j]` (operands unresolved)."""
    memref = parser.parse_unresolved_operand()
    indices = parser.parse_comma_separated_list(
        parser.Delimiter.SQUARE, parser.parse_unresolved_operand
    )
    return memref, indices


def _print_indexed(printer: Printer, memref: SSAValue, indices: Sequence[SSAValue]) -> None:
    printer.print_ssa_value(memref)
    with printer.in_square_brackets():
        printer.print_list(indices, printer.print_ssa_value)


def _resolve_indices(parser: Parser, indices: Sequence[Parser.UnresolvedOperand]) -> list[SSAValue]:
    return [parser.resolve_operand(i, IndexType()) for i in indices]


def _print_attr_dict(printer: Printer, op: Operation) -> None:
    """` {discardable attributes}` when there are any (properties are printed by the syntax)."""
    if op.attributes:
        printer.print_string(" ")
        printer.print_attr_dict(dict(op.attributes))


# -- copies, casts, queries -------------------------------------------------------------


@redefine
class CopyOp(xmemref.CopyOp):
    """`memref.copy %src, %dst : t1 to t2`: ranked or unranked memrefs of the same element type
    and compatible shapes."""

    name = "memref.copy"

    source = operand_def(_ANY_MEMREF)
    destination = operand_def(_ANY_MEMREF)

    traits = traits_def(MemoryWriteEffect(), MemoryReadEffect())

    assembly_format = "$source `,` $destination attr-dict `:` type($source) `to` type($destination)"

    def verify_(self) -> None:
        if _element_type(self.source.type) != _element_type(self.destination.type):
            raise VerifyException("requires the same element type for all operands")
        if not _compatible_shapes(self.source.type, self.destination.type):
            raise VerifyException("requires the same shape for all operands")


@redefine
class RankOp(xmemref.RankOp):
    """`memref.rank %m : t`."""

    name = "memref.rank"

    source = operand_def(_ANY_MEMREF)
    rank = result_def(IndexType)

    traits = traits_def(NoMemoryEffect())

    assembly_format = "$source attr-dict `:` type($source)"


def _cast_compatible(a: Attribute, b: Attribute) -> bool:
    """MLIR's `CastOp::areCastCompatible` for memrefs (ranked <-> ranked, ranked <-> unranked)."""
    if isinstance(a, UnrankedMemRefType) and isinstance(b, UnrankedMemRefType):
        return False
    if _element_type(a) != _element_type(b) or _memory_space(a) != _memory_space(b):
        return False
    if not isinstance(a, MemRefType) or not isinstance(b, MemRefType):
        return True
    return _compatible_shapes(a, b)


@redefine
class CastOp(xmemref.CastOp):
    """`memref.cast %m : t1 to t2`."""

    name = "memref.cast"

    source = operand_def(_ANY_MEMREF)
    dest = result_def(_ANY_MEMREF)

    traits = traits_def(NoMemoryEffect())

    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"

    @staticmethod
    def get(source: SSAValue | Operation, type: MemRefType | UnrankedMemRefType) -> CastOp:
        return CastOp(operands=[source], result_types=[type])

    def verify_(self) -> None:
        if not _cast_compatible(self.source.type, self.dest.type):
            raise VerifyException(
                f"operand type {self.source.type} and result type {self.dest.type} are cast incompatible"
            )


@redefine
class MemorySpaceCastOp(xmemref.MemorySpaceCastOp):
    """`memref.memory_space_cast %m : t1 to t2`: the same memref in another memory space."""

    name = "memref.memory_space_cast"

    source = operand_def(_ANY_MEMREF)
    dest = result_def(_ANY_MEMREF)

    traits = traits_def(NoMemoryEffect())

    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"

    def verify_(self) -> None:
        a, b = self.source.type, self.dest.type
        same_kind = isinstance(a, MemRefType) == isinstance(b, MemRefType)
        if not same_kind or _element_type(a) != _element_type(b) or not _compatible_shapes(a, b):
            raise VerifyException(
                f"operand type {a} and result type {b} are cast incompatible"
            )


@redefine
class ExtractAlignedPointerAsIndexOp(xmemref.ExtractAlignedPointerAsIndexOp):
    """`memref.extract_aligned_pointer_as_index %m : t -> index` (the dictionary comes last)."""

    name = "memref.extract_aligned_pointer_as_index"

    source = operand_def(_ANY_MEMREF)
    aligned_pointer = result_def(IndexType)

    traits = traits_def(NoMemoryEffect())

    assembly_format = "$source `:` type($source) `->` type(results) attr-dict"


@redefine
class LoadOp(xmemref.LoadOp):
    """`memref.load`, with MLIR 22's `alignment` property."""

    name = "memref.load"

    T: ClassVar = VarConstraint("T", AnyAttr())

    nontemporal = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    alignment = opt_prop_def(IntegerAttr[I64])

    memref = operand_def(MemRefType.constr(T))
    indices = var_operand_def(IndexType())
    res = result_def(T)

    traits = traits_def(MemoryReadEffect())

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$memref `[` $indices `]` attr-dict `:` type($memref)"

    def verify_(self) -> None:
        assert isinstance(self.memref.type, MemRefType)
        if len(self.indices) != self.memref.type.get_num_dims():
            raise VerifyException("incorrect number of indices for load")
        _verify_alignment(self.alignment)


@redefine
class StoreOp(xmemref.StoreOp):
    """`memref.store`, with MLIR 22's `alignment` property."""

    name = "memref.store"

    T: ClassVar = VarConstraint("T", AnyAttr())

    nontemporal = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    alignment = opt_prop_def(IntegerAttr[I64])

    value = operand_def(T)
    memref = operand_def(MemRefType.constr(T))
    indices = var_operand_def(IndexType())

    traits = traits_def(MemoryWriteEffect())

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)"

    def verify_(self) -> None:
        assert isinstance(self.memref.type, MemRefType)
        if len(self.indices) != self.memref.type.get_num_dims():
            raise VerifyException("store index operand count not equal to memref rank")
        _verify_alignment(self.alignment)


def _verify_alignment(alignment: IntegerAttr | None) -> None:
    if alignment is None:
        return
    value = alignment.value.data
    if value <= 0 or value & (value - 1):
        raise VerifyException("'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0")


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
        memref, indices = _parse_indexed(parser)
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
                _resolve_indices(parser, indices),
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
        _print_indexed(printer, self.memref, self.indices)
        _print_attr_dict(printer, self)
        printer.print_string(" : (")
        printer.print_attribute(self.value.type)
        printer.print_string(", ")
        printer.print_attribute(self.memref.type)
        printer.print_string(") -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        _check_rank(self.memref.type, self.indices)
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
        memref, indices = _parse_indexed(parser)
        parser.parse_punctuation(":")
        memref_type = parser.parse_type()
        body = parser.parse_region()
        attrs = parser.parse_optional_attr_dict()
        if not isinstance(memref_type, MemRefType):
            parser.raise_error(f"expected a memref type, got {memref_type}")
        op = cls(
            operands=[parser.resolve_operand(memref, memref_type), _resolve_indices(parser, indices)],
            result_types=[memref_type.element_type],
            regions=[body],
        )
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        _print_indexed(printer, self.memref, self.indices)
        printer.print_string(" : ")
        printer.print_attribute(self.memref.type)
        printer.print_string(" ")
        printer.print_region(self.atomic_body)
        _print_attr_dict(printer, self)

    def verify_(self) -> None:
        _check_rank(self.memref.type, self.indices)
        element = _element_type(self.memref.type)
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


# -- scopes, prefetch, DMA --------------------------------------------------------------


@redefine
class AllocaScopeReturnOp(xmemref.AllocaScopeReturnOp):
    """`memref.alloca_scope.return [%v : t]` (elided when it returns nothing)."""

    name = "memref.alloca_scope.return"

    ops = var_operand_def()

    traits = traits_def(IsTerminator(), HasParent(xmemref.AllocaScopeOp))

    assembly_format = "attr-dict ($ops^ `:` type($ops))?"

    def verify_(self) -> None:
        parent = self.parent_op()
        if parent is not None and tuple(self.ops.types) != tuple(parent.result_types):
            raise VerifyException("types mismatch between the returned values and the parent's results")


@redefine
class AllocaScopeOp(xmemref.AllocaScopeOp):
    """`memref.alloca_scope [-> (types)] { ... }`: allocas inside are freed at its end."""

    name = "memref.alloca_scope"

    res = var_result_def()
    scope = region_def("single_block")

    traits = traits_def(SingleBlockImplicitTerminator(AllocaScopeReturnOp))

    @classmethod
    def parse(cls, parser: Parser) -> AllocaScopeOp:
        result_types: list[Attribute] = []
        if parser.parse_optional_punctuation("->"):
            result_types = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
        body = parser.parse_region()
        if not body.blocks:
            body.add_block(Block())
        block = body.block
        if block.last_op is None or not block.last_op.has_trait(IsTerminator):
            block.add_op(AllocaScopeReturnOp(operands=[[]]))
        op = cls(result_types=[result_types], regions=[body])
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        if self.res:
            printer.print_string(" -> (")
            printer.print_list(self.res.types, printer.print_attribute)
            printer.print_string(")")
        printer.print_string(" ")
        printer.print_region(self.scope, print_entry_block_args=False, print_block_terminators=bool(self.res))
        _print_attr_dict(printer, self)


@irdl_op_definition
class PrefetchOp(IRDLOperation):
    """`memref.prefetch %m[%i], read|write, locality<0..3>, data|instr : t`."""

    name = "memref.prefetch"

    memref = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    isWrite = prop_def(BoolAttr)
    localityHint = prop_def(IntegerAttr[I32])
    isDataCache = prop_def(BoolAttr)

    @classmethod
    def parse(cls, parser: Parser) -> PrefetchOp:
        memref, indices = _parse_indexed(parser)
        parser.parse_punctuation(",")
        rw = parser.parse_keyword_in(("read", "write"), " (rw specifier)")
        parser.parse_punctuation(",")
        parser.parse_keyword("locality")
        parser.parse_punctuation("<")
        locality = parser.parse_integer()
        parser.parse_punctuation(">")
        parser.parse_punctuation(",")
        cache = parser.parse_keyword_in(("data", "instr"), " (cache type)")
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        memref_type = parser.parse_type()
        op = cls(
            operands=[parser.resolve_operand(memref, memref_type), _resolve_indices(parser, indices)],
            properties={
                "isWrite": BoolAttr.from_bool(rw == "write"),
                "localityHint": IntegerAttr(locality, i32),
                "isDataCache": BoolAttr.from_bool(cache == "data"),
            },
        )
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        _print_indexed(printer, self.memref, self.indices)
        printer.print_string(", write" if self.isWrite.value.data else ", read")
        printer.print_string(f", locality<{self.localityHint.value.data}>, ")
        printer.print_string("data" if self.isDataCache.value.data else "instr")
        _print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.memref.type)

    def verify_(self) -> None:
        if not 0 <= self.localityHint.value.data <= 3:
            raise VerifyException(
                "attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute "
                "whose minimum value is 0 whose maximum value is 3"
            )
        assert isinstance(self.memref.type, MemRefType)
        if len(self.indices) != self.memref.type.get_num_dims():
            raise VerifyException("too few indices")


@irdl_op_definition
class DmaStartOp(IRDLOperation):
    """`memref.dma_start %src[..], %dst[..], %n, %tag[..] [, %stride, %per_stride] : ts, td, tt`.

    One variadic operand list, as in MLIR (xDSL 0.74's op splits it in segments, which changes
    the generic form, and has no strides); not a subclass of xDSL's for that reason.
    """

    name = "memref.dma_start"

    operands_ = var_operand_def()

    traits = traits_def(MemoryWriteEffect(), MemoryReadEffect())

    def _layout(self) -> tuple[int, int, int]:
        """(source rank, destination rank, tag rank) read from the operand types."""
        ops = self.operands
        src_rank = cast(MemRefType, ops[0].type).get_num_dims()
        dst_rank = cast(MemRefType, ops[1 + src_rank].type).get_num_dims()
        tag_rank = cast(MemRefType, ops[3 + src_rank + dst_rank].type).get_num_dims()
        return src_rank, dst_rank, tag_rank

    @classmethod
    def parse(cls, parser: Parser) -> DmaStartOp:
        src, src_idx = _parse_indexed(parser)
        parser.parse_punctuation(",")
        dst, dst_idx = _parse_indexed(parser)
        parser.parse_punctuation(",")
        num = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        tag, tag_idx = _parse_indexed(parser)
        strides: list[Parser.UnresolvedOperand] = []
        if parser.parse_optional_punctuation(","):
            strides = [parser.parse_unresolved_operand()]
            parser.parse_punctuation(",")
            strides.append(parser.parse_unresolved_operand())
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) != 3:
            parser.raise_error("expected three types")
        operands = [
            parser.resolve_operand(src, types[0]),
            *_resolve_indices(parser, src_idx),
            parser.resolve_operand(dst, types[1]),
            *_resolve_indices(parser, dst_idx),
            parser.resolve_operand(num, IndexType()),
            parser.resolve_operand(tag, types[2]),
            *_resolve_indices(parser, tag_idx),
            *_resolve_indices(parser, strides),
        ]
        op = cls(operands=[operands])
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        ops = self.operands
        src_rank, dst_rank, tag_rank = self._layout()
        at = 0
        printer.print_string(" ")
        _print_indexed(printer, ops[0], ops[1 : 1 + src_rank])
        at = 1 + src_rank
        printer.print_string(", ")
        _print_indexed(printer, ops[at], ops[at + 1 : at + 1 + dst_rank])
        at += 1 + dst_rank
        printer.print_string(", ")
        printer.print_ssa_value(ops[at])
        at += 1
        printer.print_string(", ")
        _print_indexed(printer, ops[at], ops[at + 1 : at + 1 + tag_rank])
        at += 1 + tag_rank
        for stride in ops[at:]:
            printer.print_string(", ")
            printer.print_ssa_value(stride)
        _print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_list([ops[0].type, ops[1 + src_rank].type, ops[2 + src_rank + dst_rank + 1].type], printer.print_attribute)

    def verify_(self) -> None:
        ops = self.operands
        if len(ops) < 4:
            raise VerifyException("expected at least 4 operands")
        if not isinstance(ops[0].type, MemRefType):
            raise VerifyException("expected source to be of memref type")
        src_rank = ops[0].type.get_num_dims()
        if len(ops) < src_rank + 4:
            raise VerifyException(f"expected at least {src_rank + 4} operands")
        if not isinstance(ops[1 + src_rank].type, MemRefType):
            raise VerifyException("expected destination to be of memref type")
        dst_rank = cast(MemRefType, ops[1 + src_rank].type).get_num_dims()
        tag_at = 3 + src_rank + dst_rank
        if len(ops) < tag_at + 1:
            raise VerifyException(f"expected at least {tag_at + 1} operands")
        if not isinstance(ops[tag_at].type, MemRefType):
            raise VerifyException("expected tag to be of memref type")
        tag_rank = cast(MemRefType, ops[tag_at].type).get_num_dims()
        expected = tag_at + 1 + tag_rank
        if len(ops) not in (expected, expected + 2):
            raise VerifyException("incorrect number of operands")
        indices = [*ops[1 : 1 + src_rank], *ops[2 + src_rank : 2 + src_rank + dst_rank + 1], *ops[tag_at + 1 :]]
        if not all(isinstance(v.type, IndexType) for v in indices):
            raise VerifyException("expected source, destination and tag indices, the number of elements and the strides to be of index type")


@redefine
class DmaWaitOp(xmemref.DmaWaitOp):
    """`memref.dma_wait %tag[%i], %n : t` (a tag memref of any element type, as in MLIR)."""

    name = "memref.dma_wait"

    tag = operand_def(MemRefType)
    tag_indices = var_operand_def(IndexType)
    num_elements = operand_def(IndexType)

    traits = traits_def(MemoryWriteEffect(), MemoryReadEffect())

    assembly_format = "$tag `[` $tag_indices `]` `,` $num_elements attr-dict `:` type($tag)"

    def verify_(self) -> None:
        assert isinstance(self.tag.type, MemRefType)
        rank = self.tag.type.get_num_dims()
        if len(self.tag_indices) != rank:
            raise VerifyException(
                f"expected tagIndices to have the same number of elements as the tagMemRef rank, expected {rank}, but got {len(self.tag_indices)}"
            )


# -- new buffers and views --------------------------------------------------------------


@irdl_op_definition
class ReallocOp(IRDLOperation):
    """`memref.realloc %src[(%size)] : memref<..> to memref<..>`: a 1-D buffer resized."""

    name = "memref.realloc"

    source = operand_def(MemRefType)
    dynamicResultSize = opt_operand_def(IndexType)
    alignment = opt_prop_def(IntegerAttr[I64])
    result = result_def(MemRefType)

    traits = traits_def(MemoryAllocEffect())

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type($result)"
    )

    def verify_(self) -> None:
        src = cast(MemRefType, self.source.type)
        res = cast(MemRefType, self.result.type)
        for what, t in (("source", src), ("result", res)):
            if t.get_num_dims() != 1:
                raise VerifyException(f"{what} memref must be 1-D, got {t}")
            if not _has_identity_layout(t):
                raise VerifyException(f"unsupported layout for {what} memref type {t}")
        if src.memory_space != res.memory_space:
            raise VerifyException(
                f"different memory spaces specified for source memref type {src} and result memref type {res}"
            )
        if src.element_type != res.element_type:
            raise VerifyException(
                f"different element types specified for source memref type {src} and result memref type {res}"
            )
        dynamic = res.get_shape()[0] < 0
        if dynamic and self.dynamicResultSize is None:
            raise VerifyException(f"missing dimension operand for result type {res}")
        if not dynamic and self.dynamicResultSize is not None:
            raise VerifyException(f"unnecessary dimension operand for result type {res}")
        _verify_alignment(self.alignment)


@irdl_op_definition
class TransposeOp(IRDLOperation):
    """`memref.transpose %m (d0, d1) -> (d1, d0) : t1 to t2`: a view with permuted dimensions.

    The result's strided layout is not recomputed here (mlir-opt checks it when the module
    reaches the backend); the permutation is checked.
    """

    name = "memref.transpose"

    in_ = operand_def(MemRefType)
    permutation = prop_def(AffineMapAttr)
    result = result_def(MemRefType)

    traits = traits_def(NoMemoryEffect())

    @classmethod
    def parse(cls, parser: Parser) -> TransposeOp:
        source = parser.parse_unresolved_operand()
        permutation = parser.parse_affine_map()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_keyword("to")
        result_type = parser.parse_type()
        op = cls(
            operands=[parser.resolve_operand(source, source_type)],
            result_types=[result_type],
            properties={"permutation": AffineMapAttr(permutation)},
        )
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.in_)
        printer.print_string(f" {self.permutation.data}")
        _print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.in_.type)
        printer.print_string(" to ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        perm = self.permutation.data
        if not perm.is_projected_permutation() or len(perm.results) != perm.num_dims:
            raise VerifyException("expected a permutation map")
        src = cast(MemRefType, self.in_.type)
        if perm.num_dims != src.get_num_dims():
            raise VerifyException("expected a permutation map of same rank as the input")
        res = cast(MemRefType, self.result.type)
        expected = list(perm.apply_permutation(src.get_shape()))
        if list(res.get_shape()) != expected or res.element_type != src.element_type:
            raise VerifyException(f"result type {res} is not equivalent to the canonical transposed input type")


@irdl_op_definition
class ReshapeOp(IRDLOperation):
    """`memref.reshape %src(%shape) : (memref<..>, memref<Nxi32>) -> memref<..>`."""

    name = "memref.reshape"

    source = operand_def(_ANY_MEMREF)
    shape = operand_def(MemRefType)
    result = result_def(_ANY_MEMREF)

    traits = traits_def(NoMemoryEffect())

    assembly_format = "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)"

    def verify_(self) -> None:
        src, res = self.source.type, self.result.type
        if _element_type(src) != _element_type(res):
            raise VerifyException("element types of source and destination memref types should be the same")
        for what, t in (("source", src), ("result", res)):
            if isinstance(t, MemRefType) and not _has_identity_layout(t):
                raise VerifyException(f"{what} memref type should have identity affine map")
        shape = cast(MemRefType, self.shape.type)
        if shape.get_num_dims() != 1:
            raise VerifyException("shape operand must be a 1-D memref")
        length = shape.get_shape()[0]
        if isinstance(res, MemRefType):
            if length < 0:
                raise VerifyException(
                    "cannot use shape operand with dynamic length to reshape to statically-ranked memref type"
                )
            if length != res.get_num_dims():
                raise VerifyException("length of shape operand differs from the result's memref rank")


@irdl_op_definition
class DistinctObjectsOp(IRDLOperation):
    """`memref.distinct_objects %a, %b : t1, t2`: its results, the operands, do not alias."""

    name = "memref.distinct_objects"

    operands_ = var_operand_def(MemRefType)
    results_ = var_result_def(MemRefType)

    traits = traits_def(NoMemoryEffect())

    @classmethod
    def parse(cls, parser: Parser) -> DistinctObjectsOp:
        pos = parser.pos
        unresolved = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_unresolved_operand)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        op = cls(operands=[parser.resolve_operands(unresolved, types, pos)], result_types=[types])
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_ssa_value)
        _print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_list(self.operand_types, printer.print_attribute)

    def verify_(self) -> None:
        if not self.operands:
            raise VerifyException("expected at least one operand")
        if tuple(self.operand_types) != tuple(self.result_types):
            raise VerifyException("operand types and result types must match")


# -- globals ----------------------------------------------------------------------------


@redefine
class GlobalOp(xmemref.GlobalOp):
    """`memref.global ["private"] [constant] @name : t [= uninitialized | = dense<..>]
    [{attrs}]`; visibility and initial value are optional, as in MLIR."""

    name = "memref.global"

    sym_name = prop_def(SymbolNameConstraint())
    sym_visibility = opt_prop_def(StringAttr)
    type = prop_def(MemRefType)
    initial_value = opt_prop_def(AnyAttr())
    constant = opt_prop_def(UnitAttr)
    alignment = opt_prop_def(IntegerAttr[I64])

    traits = traits_def(SymbolOpInterface(), MemoryAllocEffect())

    @staticmethod
    def get(
        sym_name: StringAttr,
        sym_type: Attribute,
        initial_value: Attribute | None,
        sym_visibility: StringAttr | None = StringAttr("private"),
        constant: UnitAttr | None = None,
        alignment: int | IntegerAttr | None = None,
    ) -> GlobalOp:
        if isinstance(alignment, int):
            alignment = IntegerAttr(alignment, 64)
        return GlobalOp(
            properties={
                "sym_name": sym_name,
                "type": sym_type,
                "initial_value": initial_value,
                "sym_visibility": sym_visibility,
                "constant": constant,
                "alignment": alignment,
            }
        )

    @classmethod
    def parse(cls, parser: Parser) -> GlobalOp:
        visibility = parser.parse_optional_str_literal()
        constant = UnitAttr() if parser.parse_optional_keyword("constant") else None
        sym_name = parser.parse_symbol_name()
        parser.parse_punctuation(":")
        pos = parser.pos
        memref_type = parser.parse_type()
        if not isinstance(memref_type, MemRefType):
            parser.raise_error(f"type should be static shaped memref, but got {memref_type}", pos, parser.pos)
        initial: Attribute | None = None
        if parser.parse_optional_punctuation("="):
            if parser.parse_optional_keyword("uninitialized"):
                initial = UnitAttr()
            elif parser.parse_optional_keyword("dense"):
                tensor = TensorType(memref_type.element_type, memref_type.get_shape())
                initial = parser.parse_dense_int_or_fp_elements_attr(tensor)  # pyright: ignore
            else:
                initial = parser.parse_attribute()
        attrs = dict(parser.parse_optional_attr_dict())
        alignment = attrs.pop("alignment", None)
        op = cls.get(
            sym_name,
            memref_type,
            initial,
            StringAttr(visibility) if visibility is not None else None,
            constant,
            cast(IntegerAttr | None, alignment),
        )
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        if self.sym_visibility is not None:
            printer.print_string(" ")
            printer.print_string_literal(self.sym_visibility.data)
        if self.constant is not None:
            printer.print_string(" constant")
        printer.print_string(f" @{self.sym_name.data} : ")
        printer.print_attribute(self.type)
        initial = self.initial_value
        if isinstance(initial, UnitAttr):
            printer.print_string(" = uninitialized")
        elif isinstance(initial, DenseIntOrFPElementsAttr) and initial.type.get_shape() == self.type.get_shape():
            printer.print_string(" = ")
            initial.print_without_type(printer)
        elif initial is not None:
            printer.print_string(" = ")
            printer.print_attribute(initial)
        extra: dict[str, Attribute] = dict(self.attributes)
        if self.alignment is not None:
            extra = {"alignment": self.alignment, **extra}
        if extra:
            printer.print_string(" ")
            printer.print_attr_dict(extra)

    def verify_(self) -> None:
        if not self.type.has_static_shape():
            raise VerifyException(f"type should be static shaped memref, but got {self.type}")
        initial = self.initial_value
        if initial is not None and not isinstance(initial, UnitAttr):
            if not isinstance(initial, DenseIntOrFPElementsAttr | DenseResourceAttr):
                raise VerifyException(f"initial value should be a unit or elements attribute, but got {initial}")
            init_type = cast(TensorType, initial.type)
            if init_type.element_type != self.type.element_type:
                raise VerifyException(
                    f"initial value element expected to be of type {self.type.element_type}, "
                    f"but was of type {init_type.element_type}"
                )
            if init_type.get_shape() != self.type.get_shape():
                expected, got = (", ".join(map(str, t.get_shape())) for t in (self.type, init_type))
                raise VerifyException(f"initial value shape expected to be {expected} but was {got}")
        if self.alignment is not None:
            _verify_alignment(self.alignment)


MEMREF_OPS: tuple[type[IRDLOperation], ...] = (
    CopyOp,
    RankOp,
    CastOp,
    MemorySpaceCastOp,
    ExtractAlignedPointerAsIndexOp,
    LoadOp,
    StoreOp,
    AtomicRMWOp,
    GenericAtomicRMWOp,
    AtomicYieldOp,
    AllocaScopeOp,
    AllocaScopeReturnOp,
    PrefetchOp,
    DmaStartOp,
    DmaWaitOp,
    ReallocOp,
    TransposeOp,
    ReshapeOp,
    DistinctObjectsOp,
    GlobalOp,
)

MEMREF_EXTENSION = Dialect("memref", list(MEMREF_OPS), [])
"""Appended to xDSL's memref dialect; same-named ops replace xDSL's."""

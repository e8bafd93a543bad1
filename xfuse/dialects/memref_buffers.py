"""MLIR 22's memref scopes, prefetch, DMA, and ops making new buffers or views: `alloca_scope`,
`prefetch`, `dma_start`/`dma_wait`, `realloc`, `transpose`, `reshape`, `distinct_objects` (xDSL
0.74 lacks them or their custom forms)."""

from __future__ import annotations

from typing import cast

from xdsl.dialects import memref as xmemref
from xdsl.dialects.builtin import (
    I32,
    I64,
    AffineMapAttr,
    BoolAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    i32,
)
from xdsl.ir import Attribute, Block
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
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
    SingleBlockImplicitTerminator,
)
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.irdl_redefine import redefine
from xfuse.dialects.memref_syntax import (
    ANY_MEMREF,
    element_type,
    has_identity_layout,
    parse_indexed,
    print_attr_dict,
    print_indexed,
    resolve_indices,
    verify_alignment,
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
        # An unregistered last op is no terminator to MLIR (xDSL would guess that it is).
        if block.last_op is None or not block.last_op.has_trait(IsTerminator, value_if_unregistered=False):
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
        print_attr_dict(printer, self)


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
        memref, indices = parse_indexed(parser)
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
            operands=[parser.resolve_operand(memref, memref_type), resolve_indices(parser, indices)],
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
        print_indexed(printer, self.memref, self.indices)
        printer.print_string(", write" if self.isWrite.value.data else ", read")
        printer.print_string(f", locality<{self.localityHint.value.data}>, ")
        printer.print_string("data" if self.isDataCache.value.data else "instr")
        print_attr_dict(printer, self)
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
        src, src_idx = parse_indexed(parser)
        parser.parse_punctuation(",")
        dst, dst_idx = parse_indexed(parser)
        parser.parse_punctuation(",")
        num = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        tag, tag_idx = parse_indexed(parser)
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
            *resolve_indices(parser, src_idx),
            parser.resolve_operand(dst, types[1]),
            *resolve_indices(parser, dst_idx),
            parser.resolve_operand(num, IndexType()),
            parser.resolve_operand(tag, types[2]),
            *resolve_indices(parser, tag_idx),
            *resolve_indices(parser, strides),
        ]
        op = cls(operands=[operands])
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        ops = self.operands
        src_rank, dst_rank, tag_rank = self._layout()
        at = 0
        printer.print_string(" ")
        print_indexed(printer, ops[0], ops[1 : 1 + src_rank])
        at = 1 + src_rank
        printer.print_string(", ")
        print_indexed(printer, ops[at], ops[at + 1 : at + 1 + dst_rank])
        at += 1 + dst_rank
        printer.print_string(", ")
        printer.print_ssa_value(ops[at])
        at += 1
        printer.print_string(", ")
        print_indexed(printer, ops[at], ops[at + 1 : at + 1 + tag_rank])
        at += 1 + tag_rank
        for stride in ops[at:]:
            printer.print_string(", ")
            printer.print_ssa_value(stride)
        print_attr_dict(printer, self)
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
            if not has_identity_layout(t):
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
        verify_alignment(self.alignment)


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
        print_attr_dict(printer, self)
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

    source = operand_def(ANY_MEMREF)
    shape = operand_def(MemRefType)
    result = result_def(ANY_MEMREF)

    traits = traits_def(NoMemoryEffect())

    assembly_format = "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)"

    def verify_(self) -> None:
        src, res = self.source.type, self.result.type
        if element_type(src) != element_type(res):
            raise VerifyException("element types of source and destination memref types should be the same")
        for what, t in (("source", src), ("result", res)):
            if isinstance(t, MemRefType) and not has_identity_layout(t):
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
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_list(self.operand_types, printer.print_attribute)

    def verify_(self) -> None:
        if not self.operands:
            raise VerifyException("expected at least one operand")
        if tuple(self.operand_types) != tuple(self.result_types):
            raise VerifyException("operand types and result types must match")



"""MLIR 22's memref ops that xDSL 0.74 lacks, cannot read in custom form, or reads lossily.

xDSL 0.74 has no custom format for `memref.copy`, `rank`, `atomic_rmw`, `cast`,
`memory_space_cast`, `extract_aligned_pointer_as_index`, `alloca_scope(.return)`, `dma_start`,
`dma_wait` and `global`, keeps `memref.load`/`store`'s `alignment` as a discardable attribute,
restricts `copy`/`rank`/`extract_aligned_pointer_as_index` to ranked memrefs, and lacks
`prefetch`, `generic_atomic_rmw`/`atomic_yield`, `realloc`, `transpose`, `reshape` and
`distinct_objects`; its `reinterpret_cast` verifier wants every result size to equal the static
size it is given (MLIR 22 lets a dynamic result size stand for a static one) and checks neither
offset, strides, element type nor memory space. The ops here are spelled and printed as mlir-opt 22.1.8 does (MemRefOps.td,
MemRefOps.cpp). Ops xDSL has are subclasses of xDSL's (`irdl_redefine.redefine`), so
`isinstance(op, xdsl.dialects.memref.CopyOp)` still holds; passes that build
memref ops take these classes so that their output prints in custom form.
"""

from __future__ import annotations

from typing import ClassVar, cast

from xdsl.dialects import memref as xmemref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    I64,
    BoolAttr,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
    StringAttr,
    SymbolNameConstraint,
    TensorType,
    UnitAttr,
    UnrankedMemRefType,
    i64,
)
from xdsl.dialects.utils import DynamicIndexList, verify_dynamic_index_list
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParsePropInAttrDict,
    VarConstraint,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    MemoryAllocEffect,
    MemoryReadEffect,
    MemoryWriteEffect,
    NoMemoryEffect,
    SymbolOpInterface,
)
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.irdl_redefine import redefine
from xfuse.dialects.memref_reshape import CollapseShapeOp, ExpandShapeOp
from xfuse.dialects.memref_atomics import AtomicRMWOp, AtomicYieldOp, GenericAtomicRMWOp
from xfuse.dialects.memref_buffers import (
    AllocaScopeOp,
    AllocaScopeReturnOp,
    DistinctObjectsOp,
    DmaStartOp,
    DmaWaitOp,
    PrefetchOp,
    ReallocOp,
    ReshapeOp,
    TransposeOp,
)
from xfuse.dialects.memref_syntax import (
    ANY_MEMREF,
    compatible_shapes,
    element_type,
    memory_space,
    verify_alignment,
)

# -- copies, casts, queries -------------------------------------------------------------


@redefine
class CopyOp(xmemref.CopyOp):
    """`memref.copy %src, %dst : t1 to t2`: ranked or unranked memrefs of the same element type
    and compatible shapes."""

    name = "memref.copy"

    source = operand_def(ANY_MEMREF)
    destination = operand_def(ANY_MEMREF)

    traits = traits_def(MemoryWriteEffect(), MemoryReadEffect())

    assembly_format = "$source `,` $destination attr-dict `:` type($source) `to` type($destination)"

    def verify_(self) -> None:
        if element_type(self.source.type) != element_type(self.destination.type):
            raise VerifyException("requires the same element type for all operands")
        if not compatible_shapes(self.source.type, self.destination.type):
            raise VerifyException("requires the same shape for all operands")


@redefine
class RankOp(xmemref.RankOp):
    """`memref.rank %m : t`."""

    name = "memref.rank"

    source = operand_def(ANY_MEMREF)
    rank = result_def(IndexType)

    traits = traits_def(NoMemoryEffect())

    assembly_format = "$source attr-dict `:` type($source)"


def _cast_compatible(a: Attribute, b: Attribute) -> bool:
    """MLIR's `CastOp::areCastCompatible` for memrefs (ranked <-> ranked, ranked <-> unranked)."""
    if isinstance(a, UnrankedMemRefType) and isinstance(b, UnrankedMemRefType):
        return False
    if element_type(a) != element_type(b) or memory_space(a) != memory_space(b):
        return False
    if not isinstance(a, MemRefType) or not isinstance(b, MemRefType):
        return True
    return compatible_shapes(a, b)


@redefine
class CastOp(xmemref.CastOp):
    """`memref.cast %m : t1 to t2`."""

    name = "memref.cast"

    source = operand_def(ANY_MEMREF)
    dest = result_def(ANY_MEMREF)

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

    source = operand_def(ANY_MEMREF)
    dest = result_def(ANY_MEMREF)

    traits = traits_def(NoMemoryEffect())

    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"

    def verify_(self) -> None:
        a, b = self.source.type, self.dest.type
        same_kind = isinstance(a, MemRefType) == isinstance(b, MemRefType)
        if not same_kind or element_type(a) != element_type(b) or not compatible_shapes(a, b):
            raise VerifyException(
                f"operand type {a} and result type {b} are cast incompatible"
            )


@redefine
class ExtractAlignedPointerAsIndexOp(xmemref.ExtractAlignedPointerAsIndexOp):
    """`memref.extract_aligned_pointer_as_index %m : t -> index` (the dictionary comes last)."""

    name = "memref.extract_aligned_pointer_as_index"

    source = operand_def(ANY_MEMREF)
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
        verify_alignment(self.alignment)


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
        verify_alignment(self.alignment)


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
            verify_alignment(self.alignment)


# -- reinterpret_cast ------------------------------------------------------------------


def _static_or_dynamic(value: int) -> str:
    return "dynamic" if value == DYNAMIC_INDEX else str(value)


@redefine
class ReinterpretCastOp(xmemref.ReinterpretCastOp):
    """`memref.reinterpret_cast %m to offset: [o], sizes: [..], strides: [..] : t1 to t2`,
    verified as MLIR 22 does (ReinterpretCastOp::verify and the offset/size/stride interface):
    only a static result size, offset or stride must equal the one given."""

    name = "memref.reinterpret_cast"

    source = operand_def(ANY_MEMREF)
    offsets = var_operand_def(IndexType)
    sizes = var_operand_def(IndexType)
    strides = var_operand_def(IndexType)
    static_offsets = prop_def(DenseArrayBase.constr(i64))
    static_sizes = prop_def(DenseArrayBase.constr(i64))
    static_strides = prop_def(DenseArrayBase.constr(i64))
    result = result_def(MemRefType)

    traits = traits_def(NoMemoryEffect())
    # irdl_options (operandSegmentSizes as a property) is read from xDSL's class: IRDL takes
    # options from every class of the MRO and refuses them twice.
    custom_directives = (DynamicIndexList,)
    assembly_format = xmemref.ReinterpretCastOp.assembly_format

    def verify_(self) -> None:
        offsets = self.static_offsets.get_values()
        sizes = self.static_sizes.get_values()
        strides = self.static_strides.get_values()
        verify_dynamic_index_list(sizes, self.sizes, DYNAMIC_INDEX, " in the size arguments")
        verify_dynamic_index_list(offsets, self.offsets, DYNAMIC_INDEX, " in the offset arguments")
        verify_dynamic_index_list(strides, self.strides, DYNAMIC_INDEX, " in the stride arguments")
        source, result = self.source.type, self.result.type
        assert isinstance(result, MemRefType)
        if len(offsets) != 1:
            raise VerifyException(f"expected 1 offset values, got {len(offsets)}")
        if len(sizes) != len(strides):
            raise VerifyException(
                f"expected mixed sizes rank to match mixed strides rank ({len(sizes)} vs {len(strides)}) "
                "so the rank of the result type is well-formed."
            )
        shape = result.get_shape()
        if len(sizes) != len(shape):
            raise VerifyException(f"expected {len(shape)} size values, got {len(sizes)}")
        if memory_space(source) != memory_space(result):
            raise VerifyException(
                f"different memory spaces specified for source type '{source}' and result memref type '{result}'"
            )
        if element_type(source) != element_type(result):
            raise VerifyException(
                f"different element types specified for source type '{source}' and result memref type '{result}'"
            )
        for dim, (actual, given) in enumerate(zip(shape, sizes)):
            if actual != DYNAMIC_INDEX and actual != given:
                raise VerifyException(
                    f"expected result type with size = {_static_or_dynamic(given)} instead of {actual} in dim = {dim}"
                )
        if not isinstance(result.layout, NoneAttr | StridedLayoutAttr):
            return  # an affine-map layout: xDSL cannot tell its strides (MLIR checks them)
        offset = result.get_offset()
        if offset is not None and offset != offsets[0]:
            raise VerifyException(
                f"expected result type with offset = {_static_or_dynamic(offsets[0])} instead of {offset}"
            )
        for dim, (actual, given) in enumerate(zip(result.get_strides() or (), strides)):
            if actual is not None and actual != given:
                raise VerifyException(
                    f"expected result type with stride = {_static_or_dynamic(given)} instead of {actual} in dim = {dim}"
                )


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
    ReinterpretCastOp,
    ExpandShapeOp,
    CollapseShapeOp,
)

MEMREF_EXTENSION = Dialect("memref", list(MEMREF_OPS), [])
"""Appended to xDSL's memref dialect; same-named ops replace xDSL's."""

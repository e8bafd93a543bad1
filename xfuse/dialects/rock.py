"""rocMLIR's rock dialect at the memref level, spelled as rocMLIR spells it (2024 syntax).

Only the ops the new fusion system needs (see docs/dialects.md): `rock.transform` (a pure view),
`rock.gridwise_gemm`, `rock.alloc`, `rock.workgroup_id`, `rock.workitem_id`,
`rock.threadwise_read_into` and `rock.threadwise_write_all`. Attributes are in rock_attrs.py.
Executed on the CPU after `rock-to-loops` (xfuse/transforms/rock/lower.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, IndexType, MemRefType, StringAttr, VectorType, i1
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_result_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import MemoryAllocEffect, Pure
from xdsl.utils.exceptions import VerifyException

from xfuse.diagnostics import location_of
from xfuse.dialects.rock_attrs import ROCK_ATTRIBUTES, TransformMapAttr, parse_transform_map

STORE_METHODS = ("set", "atomic_add", "atomic_max")


def _memref(value: SSAValue, what: str) -> MemRefType:
    if not isinstance(value.type, MemRefType):
        raise VerifyException(f"expected {what} to be a memref, got {value.type}")
    return value.type  # pyright: ignore[reportUnknownVariableType]


def _shape(value: SSAValue) -> tuple[int, ...]:
    return tuple(value.type.get_shape())  # type: ignore[attr-defined]


def _parse_features(parser: Parser) -> StringAttr:
    """`features = none` or `features = mfma|dot|atomic_add` (kept as written)."""
    parser.parse_keyword("features")
    parser.parse_punctuation("=")
    flags = [parser.parse_identifier("gemm feature")]
    while parser.parse_optional_punctuation("|"):
        flags.append(parser.parse_identifier("gemm feature"))
    return StringAttr("|".join(flags))


def _print_attr_dict(printer: Printer, attributes: dict[str, Attribute]) -> None:
    if attributes:
        printer.print_string(" ")
        printer.print_attr_dict(attributes)


def _transform_map_text(tmap: TransformMapAttr) -> str:
    return tmap.body_text()


def _parse_extra_views(parser: Parser) -> ArrayAttr[TransformMapAttr]:
    views = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: parse_transform_map(parser))
    return ArrayAttr(views)


def _extra_views_text(views: ArrayAttr[TransformMapAttr]) -> str:
    return "[" + ", ".join(f"#rock.transform_map{v.body_text()}" for v in views) + "]"


def verify_view_stack(
    views: Sequence[TransformMapAttr], indices: int, buffer_shape: Sequence[int], what: str
) -> int:
    """Check `views` go from (extra indices..., iteration) to `buffer_shape`; return the iteration count."""
    for first, second in zip(views, views[1:]):
        if first.lower != second.upper:
            raise VerifyException(
                f"{what}: extra view to bounds {list(first.lower)} is followed by a view from {list(second.upper)}"
            )
    top = views[0].upper if views else tuple(buffer_shape)
    bottom = views[-1].lower if views else tuple(buffer_shape)
    if tuple(bottom) != tuple(buffer_shape):
        raise VerifyException(f"{what}: extra views end at bounds {list(bottom)}, the buffer has shape {list(buffer_shape)}")
    if len(top) != indices + 1:
        raise VerifyException(
            f"{what}: the views take {len(top)} coordinates, expected {indices} extra indices and one iteration index"
        )
    return top[-1]


class _RockOp(IRDLOperation):
    """Verifier messages start with the op's `file:line:col` when it was parsed from a file."""

    def verify_(self) -> None:
        try:
            self.check()
        except VerifyException as error:
            where = location_of(self)
            raise VerifyException(str(error) if where == "<unknown>" else f"{where}: {error}") from None

    def check(self) -> None:
        pass


@irdl_op_definition
class TransformOp(_RockOp):
    """`%view = rock.transform %buf by MAP : memref<LOWER> to memref<UPPER>`: a pure view."""

    name = "rock.transform"

    input = operand_def(MemRefType)
    output = result_def(MemRefType)
    transform = prop_def(TransformMapAttr)

    traits = traits_def(Pure())

    def __init__(self, source: SSAValue | Operation, transform: TransformMapAttr, result_type: Attribute | None = None):
        source = SSAValue.get(source)
        if result_type is None:
            element = source.type.element_type  # type: ignore[attr-defined]
            result_type = MemRefType(element, transform.upper)
        super().__init__(operands=[source], result_types=[result_type], properties={"transform": transform})

    def check(self) -> None:
        in_type = _memref(self.input, "the input")
        out_type = _memref(self.output, "the result")
        if in_type.element_type != out_type.element_type:
            raise VerifyException("the input and the result must have the same element type")
        tmap = self.transform
        if tuple(in_type.get_shape()) != tmap.lower and all(b > 0 for b in tmap.lower):
            raise VerifyException(
                f"the input has shape {list(in_type.get_shape())}, the map's lower bounds are {list(tmap.lower)}"
            )
        if tuple(out_type.get_shape()) != tmap.upper and all(b > 0 for b in tmap.upper):
            raise VerifyException(
                f"the result has shape {list(out_type.get_shape())}, the map's upper bounds are {list(tmap.upper)}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> TransformOp:
        source = parser.parse_unresolved_operand()
        parser.parse_keyword("by")
        tmap = parse_transform_map(parser)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        in_type = parser.parse_type()
        parser.parse_keyword("to")
        out_type = parser.parse_type()
        op = cls(parser.resolve_operand(source, in_type), tmap, out_type)
        op.attributes.update(attributes)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.input)
        printer.print_string(f" by {_transform_map_text(self.transform)}")
        _print_attr_dict(printer, dict(self.attributes))
        printer.print_string(" : ")
        printer.print_attribute(self.input.type)
        printer.print_string(" to ")
        printer.print_attribute(self.output.type)


@irdl_op_definition
class GridwiseGemmOp(_RockOp):
    """`rock.gridwise_gemm %c = %a * %b features = F {..} : memref<GxMxN> = memref<GxKxM> * memref<GxKxN>`.

    C[g, m, n] = sum_k A[g, k, m] * B[g, k, n]. rocMLIR's tuning attributes (gridSize, blockSize,
    numCU, params, ...) are kept as they are.
    """

    name = "rock.gridwise_gemm"

    a = operand_def(MemRefType)
    b = operand_def(MemRefType)
    c = operand_def(MemRefType)
    features = prop_def(StringAttr)

    def __init__(self, a: SSAValue, b: SSAValue, c: SSAValue, features: str = "none", attributes: dict[str, Attribute] | None = None):
        super().__init__(operands=[a, b, c], properties={"features": StringAttr(features)}, attributes=attributes or {})

    def check(self) -> None:
        shapes = []
        for value, what in ((self.a, "A"), (self.b, "B"), (self.c, "C")):
            memref = _memref(value, what)
            if memref.get_num_dims() != 3:
                raise VerifyException(f"{what} must have rank 3 (G x . x .), got {memref}")
            shapes.append(tuple(memref.get_shape()))
        (ga, ka, m), (gb, kb, n), (gc, mc, nc) = shapes
        if not (ga == gb == gc):
            raise VerifyException(f"G differs between A ({ga}), B ({gb}) and C ({gc})")
        if ka != kb:
            raise VerifyException(f"K differs between A ({ka}) and B ({kb})")
        if (mc, nc) != (m, n):
            raise VerifyException(f"C must be {ga}x{m}x{n} for A {list(shapes[0])} and B {list(shapes[1])}, got {list(shapes[2])}")

    @classmethod
    def parse(cls, parser: Parser) -> GridwiseGemmOp:
        c = parser.parse_unresolved_operand()
        parser.parse_punctuation("=")
        a = parser.parse_unresolved_operand()
        parser.parse_punctuation("*")
        b = parser.parse_unresolved_operand()
        features = _parse_features(parser)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        c_type = parser.parse_type()
        parser.parse_punctuation("=")
        a_type = parser.parse_type()
        parser.parse_punctuation("*")
        b_type = parser.parse_type()
        return cls(
            parser.resolve_operand(a, a_type),
            parser.resolve_operand(b, b_type),
            parser.resolve_operand(c, c_type),
            features.data,
            dict(attributes),
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.c)
        printer.print_string(" = ")
        printer.print_ssa_value(self.a)
        printer.print_string(" * ")
        printer.print_ssa_value(self.b)
        printer.print_string(f" features = {self.features.data}")
        _print_attr_dict(printer, dict(self.attributes))
        printer.print_string(" : ")
        printer.print_attribute(self.c.type)
        printer.print_string(" = ")
        printer.print_attribute(self.a.type)
        printer.print_string(" * ")
        printer.print_attribute(self.b.type)


@irdl_op_definition
class AllocOp(_RockOp):
    """`%buf = rock.alloc() : memref<...>`: a buffer (registers when 1-D and small)."""

    name = "rock.alloc"

    output = result_def(MemRefType)
    traits = traits_def(MemoryAllocEffect())

    def __init__(self, result_type: MemRefType):
        super().__init__(result_types=[result_type])

    def check(self) -> None:
        if not _memref(self.output, "the result").has_static_shape():
            raise VerifyException("rock.alloc needs a static shape")

    @classmethod
    def parse(cls, parser: Parser) -> AllocOp:
        parser.parse_punctuation("(")
        parser.parse_punctuation(")")
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        op = cls(parser.parse_type())  # type: ignore[arg-type]
        op.attributes.update(attributes)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string("()")
        _print_attr_dict(printer, dict(self.attributes))
        printer.print_string(" : ")
        printer.print_attribute(self.output.type)


class _IdOp(IRDLOperation):
    """`%id = rock.<name> : index`."""

    result = result_def(IndexType)
    traits = traits_def(Pure())

    def __init__(self):
        super().__init__(result_types=[IndexType()])

    @classmethod
    def parse(cls, parser: Parser) -> _IdOp:
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        parser.parse_type()
        op = cls()
        op.attributes.update(attributes)
        return op

    def print(self, printer: Printer) -> None:
        _print_attr_dict(printer, dict(self.attributes))
        printer.print_string(" : index")


@irdl_op_definition
class WorkgroupIdOp(_IdOp):
    """The index of the workgroup (block) running this code."""

    name = "rock.workgroup_id"


@irdl_op_definition
class WorkitemIdOp(_IdOp):
    """The index of the work item (thread) within its workgroup."""

    name = "rock.workitem_id"


@irdl_op_definition
class ThreadwiseWriteAllOp(_RockOp):
    """`rock.threadwise_write_all features = F %src -> [VIEWS](%dest) [%i, ..] by set : T -> U`.

    Writes every element `r` of the 1-D register buffer `src` to `dest` at the coordinates that
    `VIEWS` (then `dest`'s own rock.transform chain) give to `(%i, .., r)`; invalid coordinates
    (Pad/Embed) are skipped.
    """

    name = "rock.threadwise_write_all"

    source = operand_def(MemRefType)
    dest = operand_def(MemRefType)
    extra_indices = var_operand_def(IndexType)
    extraViews = prop_def(ArrayAttr[TransformMapAttr])
    features = prop_def(StringAttr)
    storeMethod = prop_def(StringAttr)

    def __init__(
        self,
        source: SSAValue,
        dest: SSAValue,
        extra_views: Sequence[TransformMapAttr],
        extra_indices: Sequence[SSAValue] = (),
        features: str = "none",
        store_method: str = "set",
    ):
        super().__init__(
            operands=[source, dest, list(extra_indices)],
            properties={
                "extraViews": ArrayAttr(list(extra_views)),
                "features": StringAttr(features),
                "storeMethod": StringAttr(store_method),
            },
        )

    def check(self) -> None:
        src = _memref(self.source, "the source")
        dest = _memref(self.dest, "the destination")
        if self.storeMethod.data not in STORE_METHODS:
            raise VerifyException(f"unknown store method '{self.storeMethod.data}' (expected {', '.join(STORE_METHODS)})")
        if src.get_num_dims() != 1:
            raise VerifyException(f"the source must be a 1-D register buffer, got {src}")
        if src.element_type != dest.element_type:
            raise VerifyException("the source and the destination must have the same element type")
        count = verify_view_stack(tuple(self.extraViews), len(self.extra_indices), dest.get_shape(), "threadwise_write_all")
        if count != src.get_shape()[0]:
            raise VerifyException(f"the views iterate over {count} elements, the source holds {src.get_shape()[0]}")

    @classmethod
    def parse(cls, parser: Parser) -> ThreadwiseWriteAllOp:
        features = _parse_features(parser)
        attributes = parser.parse_optional_attr_dict()
        source = parser.parse_unresolved_operand()
        parser.parse_punctuation("->")
        views = _parse_extra_views(parser)
        parser.parse_punctuation("(")
        dest = parser.parse_unresolved_operand()
        parser.parse_punctuation(")")
        indices = parser.parse_optional_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_unresolved_operand) or []
        parser.parse_keyword("by")
        pos = parser.pos
        method = parser.parse_identifier("store method")
        if method not in STORE_METHODS:
            parser.raise_error(f"expected a store method ({', '.join(STORE_METHODS)})", pos, parser.pos)
        parser.parse_punctuation(":")
        src_type = parser.parse_type()
        parser.parse_punctuation("->")
        dest_type = parser.parse_type()
        op = cls(
            parser.resolve_operand(source, src_type),
            parser.resolve_operand(dest, dest_type),
            tuple(views),
            [parser.resolve_operand(i, IndexType()) for i in indices],
            features.data,
            method,
        )
        op.attributes.update(attributes)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" features = {self.features.data}")
        _print_attr_dict(printer, dict(self.attributes))
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        printer.print_string(f" -> {_extra_views_text(self.extraViews)}(")
        printer.print_ssa_value(self.dest)
        printer.print_string(")")
        if self.extra_indices:
            printer.print_string(" [")
            printer.print_list(self.extra_indices, printer.print_ssa_value)
            printer.print_string("]")
        printer.print_string(f" by {self.storeMethod.data} : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.dest.type)


@irdl_op_definition
class ThreadwiseReadIntoOp(_RockOp):
    """`rock.threadwise_read_into [VIEWS](%src) [%i, ..] -> %dest (if [%valid, ..]) : T -> U (, vector<Nxi1>)`.

    Fills the 1-D register buffer `dest`: element `r` is `src` at the coordinates `VIEWS` (then
    `src`'s rock.transform chain) give to `(%i, .., r)`, or 0 where they are invalid or where a
    given validity vector is false. The optional result is the validity of each element.
    """

    name = "rock.threadwise_read_into"

    source = operand_def(MemRefType)
    dest = operand_def(MemRefType)
    extra_indices = var_operand_def(IndexType)
    dynamic_validities = var_operand_def(VectorType)
    extraViews = prop_def(ArrayAttr[TransformMapAttr])
    validities = opt_result_def(VectorType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue,
        dest: SSAValue,
        extra_views: Sequence[TransformMapAttr],
        extra_indices: Sequence[SSAValue] = (),
        validity_type: Attribute | None = None,
        dynamic_validities: Sequence[SSAValue] = (),
    ):
        super().__init__(
            operands=[source, dest, list(extra_indices), list(dynamic_validities)],
            properties={"extraViews": ArrayAttr(list(extra_views))},
            result_types=[[validity_type] if validity_type else []],
        )

    def check(self) -> None:
        src = _memref(self.source, "the source")
        dest = _memref(self.dest, "the destination")
        if dest.get_num_dims() != 1:
            raise VerifyException(f"the destination must be a 1-D register buffer, got {dest}")
        if src.element_type != dest.element_type:
            raise VerifyException("the source and the destination must have the same element type")
        count = verify_view_stack(tuple(self.extraViews), len(self.extra_indices), src.get_shape(), "threadwise_read_into")
        if count != dest.get_shape()[0]:
            raise VerifyException(f"the views iterate over {count} elements, the destination holds {dest.get_shape()[0]}")
        mask = VectorType(i1, [count])
        for value in (*self.dynamic_validities, *([self.validities] if self.validities is not None else [])):
            if value.type != mask:
                raise VerifyException(f"validities must be {mask}, got {value.type}")

    @classmethod
    def parse(cls, parser: Parser) -> ThreadwiseReadIntoOp:
        attributes = parser.parse_optional_attr_dict()
        views = _parse_extra_views(parser)
        parser.parse_punctuation("(")
        source = parser.parse_unresolved_operand()
        parser.parse_punctuation(")")
        indices = parser.parse_optional_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_unresolved_operand) or []
        parser.parse_punctuation("->")
        dest = parser.parse_unresolved_operand()
        masks = []
        if parser.parse_optional_keyword("if"):
            masks = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_unresolved_operand)
        parser.parse_punctuation(":")
        src_type = parser.parse_type()
        parser.parse_punctuation("->")
        dest_type = parser.parse_type()
        validity_type = parser.parse_type() if parser.parse_optional_punctuation(",") else None
        mask_type = VectorType(i1, [dest_type.get_shape()[0]]) if isinstance(dest_type, MemRefType) else dest_type
        op = cls(
            parser.resolve_operand(source, src_type),
            parser.resolve_operand(dest, dest_type),
            tuple(views),
            [parser.resolve_operand(i, IndexType()) for i in indices],
            validity_type,
            [parser.resolve_operand(m, mask_type) for m in masks],
        )
        op.attributes.update(attributes)
        return op

    def print(self, printer: Printer) -> None:
        _print_attr_dict(printer, dict(self.attributes))
        printer.print_string(f" {_extra_views_text(self.extraViews)}(")
        printer.print_ssa_value(self.source)
        printer.print_string(")")
        if self.extra_indices:
            printer.print_string(" [")
            printer.print_list(self.extra_indices, printer.print_ssa_value)
            printer.print_string("]")
        printer.print_string(" -> ")
        printer.print_ssa_value(self.dest)
        if self.dynamic_validities:
            printer.print_string(" if [")
            printer.print_list(self.dynamic_validities, printer.print_ssa_value)
            printer.print_string("]")
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.dest.type)
        if self.validities is not None:
            printer.print_string(", ")
            printer.print_attribute(self.validities.type)


ROCK = Dialect(
    "rock",
    [TransformOp, GridwiseGemmOp, AllocOp, WorkgroupIdOp, WorkitemIdOp, ThreadwiseWriteAllOp, ThreadwiseReadIntoOp],
    ROCK_ATTRIBUTES,
)

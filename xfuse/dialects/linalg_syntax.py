"""MLIR 22's custom syntax of structured linalg ops, for ops xDSL 0.74 parses lossily.

xDSL 0.74's `linalg.generic` drops every discardable attribute written in its leading
dictionary and cannot read `-> (t1, t2)`; its named ops read `attrs = {...}` where MLIR writes
`{...}` (and drop MLIR's dictionary), and `linalg.matmul` loses `indexing_maps` when printed.
This module holds MLIR's grammar (`parseCommonStructuredOpParts`,
`parseNamedStructuredOpResults`, `printNamedStructuredOp` in LinalgOps.cpp) once, and
subclasses of xDSL's ops that use it; the context registers the subclasses under the same
names, so `isinstance(op, xdsl.dialects.linalg.GenericOp)` still holds. The subclasses only
override `parse`/`print` (plain Python subclasses: they inherit xDSL's op definition).

- `linalg.generic {maps, iterators, [doc], [library_call], discardable...} ins(...) outs(...)
  [attrs = {...}] {region} [-> types]`: every discardable attribute is kept and printed back in
  `attrs =  {...}` (two spaces, as mlir-opt prints).
- named ops: `[indexing_maps = [...]] [{attrs}] ins(...) outs(...) [{attrs}] [-> types]`;
  properties given in the dictionaries become properties, default-valued ones are not printed.
  xDSL's `attrs = {...}` after `outs` is still read (not printed), so older inputs parse.
- `linalg.fill`: the value may be any type (a vector filling a `tensor<vector<..>>`), verified
  as MLIR 22 does (the value's type is the output's element type; xDSL wanted a scalar int or
  float of any width).
- transpose / broadcast: `... permutation = [...]  {attrs}` (their dictionary comes last);
  `linalg.reduce` is xfuse's own op (xfuse/dialects/linalg_reduce.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Self, cast

from xdsl.dialects.linalg import ops as xlinalg
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    DenseArrayBase,
    DictionaryAttr,
    MemRefType,
    StringAttr,
    TensorType,
)
from xdsl.dialects.linalg.abstract_ops import NamedOperation
from xdsl.dialects.linalg.attrs import IteratorType, IteratorTypeAttr
from xdsl.dialects.arith import FastMathFlagsAttr
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.linalg_bodies import contraction_region, is_unsigned

# -- shared grammar ---------------------------------------------------------------------


def parse_operand_group(parser: Parser, keyword: str) -> Sequence[SSAValue]:
    """`keyword(%a, %b : t1, t2)` if present, else ()."""
    pos = parser.pos
    if not parser.parse_optional_characters(keyword):
        return ()
    parser.parse_punctuation("(")
    unresolved = parser.parse_comma_separated_list(
        Parser.Delimiter.NONE, parser.parse_unresolved_operand
    )
    parser.parse_punctuation(":")
    types = parser.parse_comma_separated_list(Parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation(")")
    return parser.resolve_operands(unresolved, types, pos)


def parse_ins_outs(parser: Parser) -> tuple[Sequence[SSAValue], Sequence[SSAValue]]:
    return parse_operand_group(parser, "ins"), parse_operand_group(parser, "outs")


def parse_optional_result_types(parser: Parser) -> list[Attribute]:
    """MLIR's `parseOptionalArrowTypeList`: nothing, `-> t` or `-> (t1, ...)`.

    Also `-> t1, t2` without parentheses, which MLIR rejects but xDSL 0.74 accepted for
    linalg.generic (xfuse's older inputs use it); it is printed back with parentheses.
    """
    if not parser.parse_optional_punctuation("->"):
        return []
    types = parser.parse_optional_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
    if types is not None:
        return list(types)
    types = [parser.parse_type()]
    while parser.parse_optional_punctuation(","):
        types.append(parser.parse_type())
    return types


def print_operand_group(printer: Printer, keyword: str, values: Sequence[SSAValue]) -> None:
    if not values:
        return
    printer.print_string(f" {keyword}(")
    printer.print_list(values, printer.print_ssa_value)
    printer.print_string(" : ")
    printer.print_list([v.type for v in values], printer.print_attribute)
    printer.print_string(")")


def print_ins_outs(printer: Printer, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> None:
    print_operand_group(printer, "ins", inputs)
    print_operand_group(printer, "outs", outputs)


def print_result_types(printer: Printer, types: Sequence[Attribute]) -> None:
    """MLIR's `printOptionalArrowTypeList`."""
    if not types:
        return
    printer.print_string(" -> ")
    if len(types) == 1:
        printer.print_attribute(types[0])
    else:
        with printer.in_parens():
            printer.print_list(types, printer.print_attribute)


def split_properties(
    op_type: type[IRDLOperation], attrs: dict[str, Attribute]
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """(properties, discardable attributes) of a parsed dictionary, by the op's definition."""
    prop_names = op_type.get_irdl_definition().properties
    properties = {k: v for k, v in attrs.items() if k in prop_names}
    return properties, {k: v for k, v in attrs.items() if k not in prop_names}


def printed_dictionary(op: IRDLOperation, hidden: Sequence[str]) -> dict[str, Attribute]:
    """Properties and attributes of `op` as MLIR prints them in a named op's dictionary:
    without `hidden` ones and without properties equal to their default."""
    definition = op.get_irdl_definition()
    entries: dict[str, Attribute] = {}
    for name, value in op.properties.items():
        if name in hidden or name == "operandSegmentSizes":
            continue
        prop = definition.properties.get(name)
        if prop is not None and prop.default_value is not None and prop.default_value == value:
            continue
        entries[name] = value
    entries.update({k: v for k, v in op.attributes.items() if k not in hidden})
    return dict(sorted(entries.items()))


# -- short forms of linalg.map / linalg.reduce -------------------------------------------


def parse_short_form_payload(parser: Parser) -> tuple[str, dict[str, Attribute]] | None:
    """`{ op.name {attrs} }` if present: the payload op's name and attributes."""
    if not parser.parse_optional_punctuation("{"):
        return None
    payload = parser.parse_identifier(), dict(parser.parse_optional_attr_dict())
    parser.parse_punctuation("}")
    return payload


def short_form_payload(block: Block, operands: Sequence[SSAValue]) -> Operation | None:
    """The op a short form names (MLIR's `findPayloadOp`): the body is one op on exactly
    `operands` (block arguments, in this order), with one result, yielded; else None."""
    ops = list(block.ops)
    if len(ops) != 2 or not isinstance(ops[1], xlinalg.YieldOp):
        return None
    payload, yield_op = ops
    if (
        not payload.operands
        or len(payload.operands) != len(operands)
        or any(o is not a for o, a in zip(payload.operands, operands))
        or len(payload.results) != 1
        or tuple(yield_op.operands) != (payload.results[0],)
        or payload.regions
    ):
        return None
    return payload


def print_short_form_payload(printer: Printer, payload: Operation) -> None:
    """` { op.name {attrs} }`, `fastmath<none>` elided (MLIR's `printShortForm`)."""
    printer.print_string(f" {{ {payload.name}")
    entries = {
        k: v
        for k, v in {**payload.properties, **payload.attributes}.items()
        if not (isinstance(v, FastMathFlagsAttr) and not v.data)
    }
    if entries:
        printer.print_op_attributes(dict(sorted(entries.items())))
    printer.print_string(" }")


def print_long_form_body(printer: Printer, body: Region) -> None:
    """The long form's body on the next line: `(%in: f32, %init: f32) { ... }`."""
    with printer.indented():
        printer.print_string("\n")
        with printer.in_parens():
            printer.print_list(body.block.args, printer.print_block_argument)
        printer.print_string(" ")
        printer.print_region(body, print_entry_block_args=False)


def short_form_body(
    parser: Parser,
    payload: tuple[str, dict[str, Attribute]],
    arg_types: Sequence[Attribute],
    payload_operands: Callable[[Sequence[BlockArgument]], Sequence[SSAValue]],
    start: int,
) -> Region:
    """The body a short form stands for: the payload op on `payload_operands(block args)`, of
    the last argument's type, yielded (MLIR's `addBodyWithPayloadOp`)."""
    name, attrs = payload
    op_type = parser.ctx.get_optional_op(name)
    if op_type is None:
        parser.raise_error(f"unknown payload op '{name}'", start, parser.pos)
    definition = op_type.get_irdl_definition() if issubclass(op_type, IRDLOperation) else None
    prop_defs = definition.properties if definition is not None else {}
    properties = {k: v for k, v in attrs.items() if k in prop_defs}
    for prop_name, prop in prop_defs.items():
        if prop_name not in properties and prop.default_value is not None:
            properties[prop_name] = prop.default_value
    block = Block(arg_types=arg_types)
    op = op_type.create(
        operands=list(payload_operands(block.args)),
        result_types=[arg_types[-1]],
        properties=properties,
        attributes={k: v for k, v in attrs.items() if k not in prop_defs},
    )
    block.add_op(op)
    block.add_op(xlinalg.YieldOp(op.results[0]))
    return Region(block)


# -- linalg.generic ---------------------------------------------------------------------


def parse_trait_dictionary(parser: Parser) -> dict[str, Attribute]:
    """The leading `{...}` of `linalg.generic`, or an alias of one (`#trait`, MLIR's test style:
    `#trait = {indexing_maps = [...], iterator_types = [...]}`)."""
    if not parser._current_token.text.startswith("#"):  # pyright: ignore[reportPrivateUsage]
        return dict(parser.parse_optional_attr_dict())
    start = parser.pos
    trait = parser.parse_attribute()
    if not isinstance(trait, DictionaryAttr):
        parser.raise_error(f"expected an attribute dictionary, got {trait}", start, parser.pos)
    return dict(trait.data)

_GENERIC_TRAIT_NAMES = ("doc", "indexing_maps", "iterator_types", "library_call")


class GenericOp(xlinalg.GenericOp):
    """xDSL's `linalg.generic` with MLIR's syntax: discardable attributes and several results."""

    name = "linalg.generic"

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        start = parser.pos
        attrs = dict(parse_trait_dictionary(parser))
        end = parser.pos
        for required in ("indexing_maps", "iterator_types"):
            if required not in attrs:
                parser.raise_error(f"Expected {required} for linalg.generic", start, end)
        indexing_maps = attrs.pop("indexing_maps")
        if not isinstance(indexing_maps, ArrayAttr) or not all(
            isinstance(m, AffineMapAttr) for m in cast(ArrayAttr[Attribute], indexing_maps)
        ):
            parser.raise_error("expected indexing_maps to be an array of affine maps", start, end)
        iterator_types: list[IteratorTypeAttr] = []
        for it in cast(ArrayAttr[Attribute], attrs.pop("iterator_types")):
            if isinstance(it, IteratorTypeAttr):
                iterator_types.append(it)
            elif isinstance(it, StringAttr) and it.data in {t.value for t in IteratorType}:
                iterator_types.append(IteratorTypeAttr(IteratorType(it.data)))
            else:
                parser.raise_error(f"Unknown iterator type {it}", start, end)
        doc = attrs.pop("doc", None)
        library_call = attrs.pop("library_call", None)
        for name, value in (("doc", doc), ("library_call", library_call)):
            if value is not None and not isinstance(value, StringAttr):
                parser.raise_error(f"expected {name} to be a string", start, end)
        ins, outs = parse_ins_outs(parser)
        if parser.parse_optional_keyword("attrs"):
            parser.parse_punctuation("=")
            attrs.update(parser.parse_optional_attr_dict())
        body = parser.parse_region()
        result_types = parse_optional_result_types(parser)
        generic = cls(
            ins,
            outs,
            body,
            cast(ArrayAttr[AffineMapAttr], indexing_maps),
            iterator_types,
            result_types,
            cast(StringAttr | None, doc),
            cast(StringAttr | None, library_call),
        )
        generic.attributes.update(attrs)
        return generic

    def print(self, printer: Printer) -> None:
        printer.print_string(" {")
        entries: list[tuple[str, Attribute | None]] = [
            ("doc", self.doc),
            ("indexing_maps", self.indexing_maps),
            ("iterator_types", None),
            ("library_call", self.library_call),
        ]
        first = True
        for name, value in entries:
            if name != "iterator_types" and value is None:
                continue
            if not first:
                printer.print_string(", ")
            first = False
            printer.print_string(f"{name} = ")
            if name == "iterator_types":
                with printer.in_square_brackets():
                    printer.print_list(
                        self.iterator_types, lambda it: printer.print_string_literal(it.data)
                    )
            else:
                assert value is not None
                printer.print_attribute(value)
        printer.print_string("}")
        print_ins_outs(printer, self.inputs, self.outputs)
        extra = {k: v for k, v in self.attributes.items() if k not in _GENERIC_TRAIT_NAMES}
        if extra:
            printer.print_string(" attrs = ")
            printer.print_op_attributes(dict(sorted(extra.items())))
        printer.print_string(" ")
        printer.print_region(self.body)
        print_result_types(printer, self.res.types)


# -- named ops --------------------------------------------------------------------------


class MLIRNamedOpSyntax(NamedOperation):
    """MLIR's `parseNamedStructuredOp` / `printNamedStructuredOp`, for a `NamedOperation`.

    Hooks for the ops whose syntax starts with more (matmul, batch_matmul, contract,
    elementwise): `parse_prefix` / `print_prefix` (by default the optional `indexing_maps = [...]`
    of ops with `HAS_INDEXING_MAPS`, printed only when not the property's default),
    `complete_properties` (defaults computed from the operands), and
    `hidden_region_for(ins, outs, entries)` (the body; by default xDSL's `get_hidden_region`).
    """

    HAS_INDEXING_MAPS: ClassVar[bool] = False
    HIDDEN_NAMES: ClassVar[tuple[str, ...]] = (
        "indexing_maps",
        "linalg.memoized_indexing_maps",
        "iterator_types",
        "doc",
        "library_call",
    )

    @classmethod
    def hidden_region_for(
        cls,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
        properties: dict[str, Attribute],
    ) -> Region:
        return cls.get_hidden_region(inputs, outputs)

    @classmethod
    def parse_prefix(cls, parser: Parser) -> dict[str, Attribute]:
        if cls.HAS_INDEXING_MAPS and parser.parse_optional_keyword("indexing_maps"):
            parser.parse_punctuation("=")
            return {"indexing_maps": parser.parse_attribute()}
        return {}

    @classmethod
    def complete_properties(
        cls,
        properties: dict[str, Attribute],
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
    ) -> dict[str, Attribute]:
        return properties

    def print_prefix(self, printer: Printer) -> None:
        if self.HAS_INDEXING_MAPS:
            maps = self.get_indexing_maps()
            default = self.get_irdl_definition().properties["indexing_maps"].default_value
            if maps != default:
                printer.print_string(" indexing_maps = ")
                printer.print_attribute(maps)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        start = parser.pos
        attrs = cls.parse_prefix(parser)
        attrs.update(parser.parse_optional_attr_dict())
        ins, outs = parse_ins_outs(parser)
        if parser.parse_optional_keyword("attrs"):
            # xDSL 0.74's spelling (not MLIR's), still read so that older inputs parse.
            parser.parse_punctuation("=")
        attrs.update(parser.parse_optional_attr_dict())
        result_types = parse_optional_result_types(parser)
        properties, discardable = split_properties(cls, attrs)
        properties = cls.complete_properties(properties, ins, outs)
        try:
            region = cls.hidden_region_for(ins, outs, {**discardable, **properties})
        except (AssertionError, IndexError, KeyError, ValueError) as exc:
            parser.raise_error(
                f"{cls.name}: cannot build its body for these operands ({exc})", start, parser.pos
            )
        return cls.build(
            operands=(ins, outs),
            result_types=(result_types,),
            properties=properties,
            attributes=discardable,
            regions=(region,),
        )

    def print(self, printer: Printer) -> None:
        self.print_prefix(printer)
        dictionary = printed_dictionary(self, self.HIDDEN_NAMES)
        if dictionary:
            printer.print_op_attributes(dictionary)
        print_ins_outs(printer, self.inputs, self.outputs)
        print_result_types(printer, self.res.types)


def _with_mlir_syntax(base: type[NamedOperation], **class_vars: object) -> type[NamedOperation]:
    """`base` (an xDSL named op) with MLIR's custom syntax, under the same op name."""
    namespace: dict[str, object] = {
        "name": base.name,
        "__doc__": base.__doc__,
        "__module__": __name__,
        **class_vars,
    }
    return type(base.__name__, (MLIRNamedOpSyntax, base), namespace)


def _dimension_op_with_mlir_syntax(base: type[IRDLOperation]) -> type[IRDLOperation]:
    """transpose/broadcast: xDSL's syntax plus MLIR's trailing attribute dictionary."""

    def parse(cls: type[IRDLOperation], parser: Parser) -> IRDLOperation:
        op = base.parse.__func__(cls, parser)  # pyright: ignore[reportFunctionMemberAccess]
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print_(self: IRDLOperation, printer: Printer) -> None:
        print_ins_outs(printer, self.operands[:1], self.operands[1:])
        keyword = "permutation" if base is xlinalg.TransposeOp else "dimensions"
        printer.print_string(f" {keyword} = ")
        with printer.in_square_brackets():
            values = cast(DenseArrayBase, self.properties[keyword]).get_values()
            printer.print_list(values, printer.print_int)
        if self.attributes:
            printer.print_string(" ")
            printer.print_op_attributes(dict(sorted(self.attributes.items())))

    namespace = {
        "name": base.name,
        "__doc__": base.__doc__,
        "__module__": __name__,
        "parse": classmethod(parse),
        "print": print_,
    }
    return type(base.__name__, (base,), namespace)


def _matmul_region(
    cls: type[NamedOperation],
    inputs: Sequence[SSAValue],
    outputs: Sequence[SSAValue],
    properties: dict[str, Attribute],
) -> Region:
    return contraction_region(list(cls.body_arg_types((*inputs, *outputs))), is_unsigned(properties))


def _built_matmul_region(cls: type[NamedOperation], inputs: Sequence[SSAValue],
                         outputs: Sequence[SSAValue]) -> Region:
    # A matmul built in Python (`MATMUL([a, b], [acc])`) gets MLIR's body too: xDSL's
    # `a * b + acc` has no casts, so an i8 x i8 -> i32 product did not verify (signed casts, as
    # MLIR's builder without a `cast` attribute).
    return contraction_region(list(cls.body_arg_types((*inputs, *outputs))))


MATMUL = _with_mlir_syntax(
    xlinalg.MatmulOp, HAS_INDEXING_MAPS=True, hidden_region_for=classmethod(_matmul_region),
    get_hidden_region=classmethod(_built_matmul_region),
)
"""linalg.matmul with MLIR's syntax and body (`acc + cast(a) * cast(b)`; xDSL's is
`a * b + acc` without casts). `cast` is a discardable attribute here (xDSL's op has no such
property); it is printed in the dictionary as MLIR prints it."""

def _fill_body_arg_types(operands: Sequence[SSAValue]) -> list[Attribute]:
    """The element type of a tensor or memref operand, else the operand's own type (fill's
    value may be a vector: xDSL's `body_arg_types` wants ints and floats only)."""
    return [t.get_element_type() if isinstance(t := o.type, TensorType | MemRefType) else t for o in operands]


def _verify_fill(self: NamedOperation) -> None:
    """MLIR 22's `FillOp::verify` after the IRDL checks of xDSL's definition (this plain
    subclass's verifier replaces xDSL's, which took a vector value for an error)."""
    xlinalg.FillOp.get_irdl_definition().verify(self)
    if len(self.inputs) == 1 and len(self.outputs) == 1:
        value, output = self.inputs[0].type, self.outputs[0].type
        expected = output.get_element_type() if isinstance(output, TensorType | MemRefType) else output
        if value != expected:
            raise VerifyException(
                f"expected fill value type ('{value}') to match output element type ('{expected}')"
            )


FILL = _with_mlir_syntax(
    xlinalg.FillOp, body_arg_types=staticmethod(_fill_body_arg_types), verify_=_verify_fill
)
"""linalg.fill with MLIR's syntax and MLIR 22's value rule (module docstring)."""

XDSL_NAMED_OPS_WITH_MLIR_SYNTAX: tuple[type[IRDLOperation], ...] = (
    _with_mlir_syntax(xlinalg.AddOp),
    _with_mlir_syntax(xlinalg.SubOp),
    _with_mlir_syntax(xlinalg.MulOp),
    _with_mlir_syntax(xlinalg.MaxOp),
    _with_mlir_syntax(xlinalg.MinOp),
    _with_mlir_syntax(xlinalg.ExpOp),
    _with_mlir_syntax(xlinalg.LogOp),
    _with_mlir_syntax(xlinalg.SqrtOp),
    _with_mlir_syntax(xlinalg.SelectOp),
    FILL,
    _with_mlir_syntax(xlinalg.CopyOp),
    MATMUL,
    _with_mlir_syntax(xlinalg.QuantizedMatmulOp),
    _dimension_op_with_mlir_syntax(xlinalg.TransposeOp),
    _dimension_op_with_mlir_syntax(xlinalg.BroadcastOp),
)
"""xDSL's linalg ops re-registered with MLIR's syntax (the context replaces xDSL's by name)."""

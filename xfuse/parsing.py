"""Parsing MLIR text into xDSL IR with source locations.

xDSL's parser leaves `op.location` unknown unless the text spells a `loc(...)`. xfuse records
where each op was written (file:line:col), so that a pass refusing an op can point at the line
the user wrote instead of printing the whole module.

Three readings of builtin syntax differ from xDSL 0.74's, to match MLIR's: shapes may have spaces
around their `x` (`tensor<42 x i32>`, `memref<4 x ? x f32>`); a memref type drops an identity
layout and memory space 0, as MLIR's does; and a splat dense literal
(`dense<0> : tensor<100x64x220x220xi32>`) stays one element (see xfuse/dense_elements.py).
"""

from __future__ import annotations

import bisect
import math
import os
import re
from pathlib import Path

from xdsl.context import Context

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    AnyFloat,
    ComplexType,
    DenseIntOrFPElementsAttr,
    FileLineColLoc,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    NoneAttr,
    RankedStructure,
    StringAttr,
    UnknownLoc,
    UnrankedMemRefType,
)
from xdsl.ir.affine import AffineMap
from xdsl.ir import Operation
from xdsl.irdl import base
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.utils.mlir_lexer import MLIRTokenKind

from xfuse.dense_elements import compact_splat
from xfuse.diagnostics import XfuseError, verify_located


_LOCATION = re.compile(r":\d+:\d+")
_DENSE_LITERAL_TYPE = base(RankedStructure[IntegerType | IndexType | AnyFloat | ComplexType])
"""The constraint xDSL checks a dense literal's type against (`_parse_dense_literal_type`)."""
AttrParserElement = Parser._TensorLiteralElement  # pyright: ignore[reportPrivateUsage]


class LocatingParser(Parser):
    """A Parser that gives every parsed op without an explicit `loc(...)` its source position."""

    def __init__(self, ctx: Context, text: str | bytes, name: str = "<unknown>", line_offset: int = 0):
        super().__init__(ctx, text, name)
        self._line_offset = line_offset
        self._newlines: list[int] | None = None

    def _line_and_column(self, position: int) -> tuple[int, int]:
        """The 1-based line (with the line offset) and column of `position` in the input.
        xDSL's `Span.get_location` counts the newlines from the start of the text on every call,
        which made locating every op quadratic in the text (DenseNet-121's 3,300 ops: about 1 s);
        here the newlines' offsets are found once and bisected."""
        if self._newlines is None:
            content, newline = self.lexer.input.content, self.lexer.input.newline
            self._newlines, found = [], content.find(newline)
            while found >= 0:
                self._newlines.append(found)
                found = content.find(newline, found + 1)
        before = bisect.bisect_left(self._newlines, position)
        line_start = self._newlines[before - 1] + 1 if before else 0
        return before + 1 + self._line_offset, position - line_start + 1

    def _parse_optional_builtin_parametrized_attr(self):  # pyright: ignore[reportIncompatibleMethodOverride]
        if self._current_token.kind == MLIRTokenKind.BARE_IDENT and self._current_token.text == "sparse":
            # MLIR's sparse elements attribute (`sparse<indices, values> : tensor<...>`): out of
            # scope, and xDSL's own message would be a bare "attribute expected".
            self.raise_error("not supported: sparse elements attributes (sparse<...>); xDSL has no such "
                             "attribute (use dense<...>)")
        return super()._parse_optional_builtin_parametrized_attr()

    def parse_affine_map(self) -> AffineMap:
        return self._affine(super().parse_affine_map)

    def parse_affine_set(self):  # pyright: ignore[reportIncompatibleMethodOverride]
        return self._affine(super().parse_affine_set)

    def _affine(self, parse):
        """xDSL's affine expressions multiply only by constants: MLIR's semi-affine maps
        (`d1 * s0`) are a located parse error, not xDSL's NotImplementedError."""
        start = self._current_token.span
        try:
            return parse()
        except NotImplementedError as exc:
            raise ParseError(start, f"not supported: {exc} (xDSL's affine expressions, which xfuse "
                                    "uses, have no semi-affine maps)") from None

    def parse_operation(self) -> Operation:
        start = self._current_token.span
        try:
            op = super().parse_operation()
        except VerifyException as exc:
            # xDSL's declarative formats check operand types while parsing and raise without a
            # location ("Unexpected attribute i32"): give it the op's. Located errors pass as raised.
            if _LOCATION.search(str(exc)):
                raise
            location = start.get_location()
            raise VerifyException(
                f"{location.file}:{location.line + self._line_offset}:{location.col}: {exc} (a type the op does not accept)"
            ) from None
        if isinstance(op.location, UnknownLoc):
            line, column = self._line_and_column(start.start)
            op.location = FileLineColLoc(StringAttr(start.input.name), IntAttr(line), IntAttr(column))
        return op

    def parse_dimension_list(self) -> list[int]:
        """MLIR's `(dimension `x`)* dimension`, where whitespace may surround each `x`.

        xDSL's own reading undoes a trailing `x` (the one before the element type) by stepping
        back one character, which lands on the space in `42 x i32`; this one steps back to the
        `x` itself."""
        dims: list[int] = []
        dimension_tokens = (MLIRTokenKind.INTEGER_LIT, MLIRTokenKind.QUESTION)
        if self._current_token.kind not in dimension_tokens:
            return dims
        dims.append(self.parse_shape_dimension())
        while True:
            delimiter_position = self._current_token.span.start
            if self._parse_optional_shape_delimiter() is None:
                break
            if self._current_token.kind not in dimension_tokens:
                self._resume_from(delimiter_position)
                break
            dims.append(self.parse_shape_dimension())
        return dims

    def _parse_memref_attrs(self) -> MemRefType | UnrankedMemRefType:
        """MLIR's memref types drop what equals the default: an identity layout map and the
        integer memory space 0 (`memref<4xf32, affine_map<(d0) -> (d0)>, 0>` is `memref<4xf32>`),
        so values of either spelling have one type."""
        memref = super()._parse_memref_attrs()
        memory_space = memref.memory_space
        if isinstance(memory_space, IntegerAttr) and memory_space.value.data == 0:
            memory_space = NoneAttr()
        if isinstance(memref, UnrankedMemRefType):
            return UnrankedMemRefType.from_type(memref.element_type, memory_space)
        layout = memref.layout
        if isinstance(layout, AffineMapAttr) and layout.data == AffineMap.identity(len(memref.get_shape())):
            layout = NoneAttr()
        return MemRefType(memref.element_type, memref.get_shape(), layout, memory_space)

    def _parse_dense_literal_type(self):  # pyright: ignore[reportIncompatibleMethodOverride]
        """xDSL's check of a dense literal's type, with its constraint built once: xDSL builds
        `base(RankedStructure[...])` anew for every dense attribute, 2 ms each, a fifth of the
        time of parsing an imported network (ShuffleNet's 108 dense constants)."""
        type = self.expect(self.parse_optional_type, "Dense attribute must be typed!")
        if not _DENSE_LITERAL_TYPE.verifies(type):
            self.raise_error("Expected memref, vector or tensor type of integer, index, float, or complex type")
        if any(dim == DYNAMIC_INDEX for dim in type.get_shape()):
            self.raise_error("Dense literal attribute should have a static shape.")
        return type

    def parse_dense_int_or_fp_elements_attr(self, type):  # pyright: ignore[reportIncompatibleMethodOverride]
        """A splat (`dense<v>`, or a hex literal of one element) is kept as one element;
        anything else is read by xDSL."""
        start = self._current_token.span.start
        splat = self._parse_optional_splat_literal()
        if splat is None:
            self._resume_from(start)
            return super().parse_dense_int_or_fp_elements_attr(type)
        given_type = type
        if type is None:
            self.parse_punctuation(":", " in dense attribute")
            type = self._parse_dense_literal_type()
        element = type.element_type
        if isinstance(splat, bytes):
            if len(splat) != element.compile_time_size:
                # Not one element: xDSL reads it again from `<` (the type too, when it was not
                # given) and checks the hex data against the shape.
                self._resume_from(start)
                return super().parse_dense_int_or_fp_elements_attr(given_type)
            return compact_splat(type, splat)
        if math.prod(type.get_shape()) == 0:
            # MLIR takes a splat of an empty shape (torch-mlir's ConstantOfShape of a zero size
            # prints `dense<0> : tensor<0xi32>`): it has no elements.
            return DenseIntOrFPElementsAttr.from_list(type, [])
        if isinstance(element, AnyFloat) and splat.span.text.lower().startswith("0x"):
            # MLIR reads a hex integer as the float's bit pattern (`dense<0xFF800000>` is -inf).
            bits = int(splat.span.text, 16)
            return compact_splat(type, bits.to_bytes(element.compile_time_size, "little"))
        value = splat.to_type(self, element)
        if isinstance(element, IntegerType):
            value = element.get_normalized_value(value)  # pyright: ignore[reportArgumentType]
        elif not isinstance(element, AnyFloat | ComplexType):
            value = int(value)  # pyright: ignore[reportArgumentType]
        return compact_splat(type, element.pack([value]))

    def _parse_tensor_literal_element(self):  # pyright: ignore[reportIncompatibleMethodOverride]
        """An element of a dense literal; a hex integer is a float's bit pattern when the type
        is a float type, as in MLIR (torch-mlir prints a causal mask's -inf as `0xFF800000`;
        xDSL reads it as the number 4286578688)."""
        element = super()._parse_tensor_literal_element()
        if isinstance(element.value, int) and element.span.text.lower().startswith("0x"):
            return _HexLiteralElement(element.is_negative, element.value, element.span)
        return element

    def _parse_optional_splat_literal(self) -> AttrParserElement | bytes | None:
        """After `dense`: `<` one element or one hex string `>`, or None (nothing consumed
        that the caller does not rewind)."""
        self.parse_punctuation("<", " in dense attribute")
        if self._current_token.kind == MLIRTokenKind.L_SQUARE or self._current_token.kind == MLIRTokenKind.GREATER:
            return None
        hex_string = self.parse_optional_str_literal()
        if hex_string is not None:
            if self.parse_optional_punctuation(">") is None:
                return None
            try:
                return bytes.fromhex(hex_string[2:])
            except ValueError:
                self.raise_error("Hex string in denseAttr is invalid")
        element = self._parse_tensor_literal_element()
        if self.parse_optional_punctuation(">") is None:
            return None
        return element

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        module = super().parse_module(allow_implicit_module)
        if isinstance(module.location, UnknownLoc):
            # An implicit module: errors about the whole module point at the start of the input.
            module.location = FileLineColLoc(StringAttr(self.lexer.input.name), IntAttr(1 + self._line_offset), IntAttr(1))
        return module


class _HexLiteralElement(Parser._TensorLiteralElement):
    """A hex integer in a dense literal: the bits of a float for a float type."""

    def to_type(self, parser, type):  # pyright: ignore[reportIncompatibleMethodOverride]
        if isinstance(type, AnyFloat):
            return type.unpack(int(self.value).to_bytes(type.compile_time_size, "little"), 1)[0]
        return super().to_type(parser, type)


def parse(
    text: str | bytes, ctx: Context | None = None, name: str = "<string>", *, verify: bool = True
) -> ModuleOp:
    """Parse MLIR text (custom or generic form) into a module, with source locations, and verify
    it (`verify=False` to skip): IR that does not verify is a `VerificationError` at the failing
    op, here rather than later inside mlir-opt. `name` is the file name locations carry."""
    if ctx is None:
        from xfuse.context import make_context

        ctx = make_context()
    module = LocatingParser(ctx, text, name).parse_module()
    if verify:
        verify_located(module)
    return module


def parse_file(path: str | os.PathLike[str], ctx: Context | None = None, *, verify: bool = True) -> ModuleOp:
    """`parse` of a file; locations name the file as given (`examples/mlp.mlir:12:5`).

    A file that cannot be read is an `XfuseError` saying why."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise XfuseError(f"cannot read '{os.fspath(path)}': {reason}") from None
    return parse(text, ctx, os.fspath(path), verify=verify)

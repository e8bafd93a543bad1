"""rock's attributes, spelled as rocMLIR spells them (2024 syntax).

`#rock.transform<Kind{params} ["upper", ...] at [i, ...] -> ["lower", ...] at [j, ...]>` is one
coordinate transformation; `#rock.transform_map<AFFINE_MAP by [T, ...] bounds = [..] -> [..]>`
packages transformations covering every upper and lower dimension. Inside a transform_map and
inside ops, rocMLIR prints both without their `#rock.` prefix (`<PassThrough ...>`); both forms
parse here. What a map *means* (coordinates, validity, composition, inversion) lives in
xfuse/transforms/rock/views.py; the verifier uses it to check the affine map semantically.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, DictionaryAttr, IntAttr, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.lexer import Span

TRANSFORM_KINDS = (
    "PassThrough", "Pad", "Slice", "Embed", "Unmerge", "Merge", "AddDim", "Broadcast", "ConstDim",
)
"""rocMLIR's TransformType cases (enum values 0-5, 7-9)."""


def _located(parser: AttrParser, pos: int, error: VerifyException) -> VerifyException:
    """A verifier error raised while parsing, prefixed with where the attribute starts."""
    where = Span(pos, parser.pos, parser.lexer.input).get_location()
    line = where.line + getattr(parser, "_line_offset", 0)  # xfuse's LocatingParser (split chunks)
    return VerifyException(f"{where.file}:{line}:{where.col}: {error}")


def _ints(values: Sequence[int]) -> ArrayAttr[IntAttr]:
    return ArrayAttr([IntAttr(v) for v in values])


def _parse_int_list(parser: AttrParser) -> list[int]:
    return parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)


def _parse_name_list(parser: AttrParser) -> list[str]:
    return parser.parse_comma_separated_list(
        parser.Delimiter.SQUARE, lambda: parser.parse_identifier_or_str_literal("dimension name")
    )


@irdl_attr_definition
class TransformAttr(ParametrizedAttribute):
    """One coordinate transformation from upper dimensions to lower dimensions."""

    name = "rock.transform"

    kind: StringAttr
    params: ArrayAttr[IntAttr]
    upper_names: ArrayAttr[StringAttr]
    upper_dims: ArrayAttr[IntAttr]
    lower_names: ArrayAttr[StringAttr]
    lower_dims: ArrayAttr[IntAttr]

    def __init__(
        self,
        kind: str,
        params: Sequence[int],
        upper_names: Sequence[str],
        upper_dims: Sequence[int],
        lower_names: Sequence[str],
        lower_dims: Sequence[int],
    ):
        super().__init__(
            StringAttr(kind),
            _ints(params),
            ArrayAttr([StringAttr(n) for n in upper_names]),
            _ints(upper_dims),
            ArrayAttr([StringAttr(n) for n in lower_names]),
            _ints(lower_dims),
        )

    # Plain-Python views of the parameters.
    @property
    def kind_name(self) -> str:
        return self.kind.data

    @property
    def param_values(self) -> tuple[int, ...]:
        return tuple(p.data for p in self.params)

    @property
    def uppers(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.upper_dims)

    @property
    def lowers(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.lower_dims)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        return cls.parse_body(parser).parameters

    @classmethod
    def parse_body(cls, parser: AttrParser) -> TransformAttr:
        """`<Kind{params} [names] at [dims] -> [names] at [dims]>`, the part after `#rock.transform`."""
        with parser.in_angle_brackets():
            pos = parser.pos
            kind = parser.parse_identifier_or_str_literal("transformation type")
            if kind not in TRANSFORM_KINDS:
                parser.raise_error(
                    f"expected a transformation type ({', '.join(TRANSFORM_KINDS)}), got '{kind}'",
                    pos, parser.pos,
                )
            params: list[int] = []
            if parser.parse_optional_punctuation("{"):
                params = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_integer)
                parser.parse_punctuation("}")
            upper_names = _parse_name_list(parser)
            parser.parse_keyword("at")
            upper_dims = _parse_int_list(parser)
            parser.parse_punctuation("->")
            lower_names = _parse_name_list(parser)
            parser.parse_keyword("at")
            lower_dims = _parse_int_list(parser)
            try:
                return cls(kind, params, upper_names, upper_dims, lower_names, lower_dims)
            except VerifyException as error:
                raise _located(parser, pos, error) from None

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(self.body_text())

    def body_text(self) -> str:
        params = "{" + ", ".join(map(str, self.param_values)) + "}" if self.params.data else ""

        def names(attr: ArrayAttr[StringAttr]) -> str:
            return ", ".join(f'"{n.data}"' for n in attr)

        return (
            f"<{self.kind_name}{params} [{names(self.upper_names)}] at [{', '.join(map(str, self.uppers))}]"
            f" -> [{names(self.lower_names)}] at [{', '.join(map(str, self.lowers))}]>"
        )

    def verify(self) -> None:
        """rocMLIR's TransformAttr::verify: arities and parameter counts per kind."""
        kind, params, uppers, lowers = self.kind_name, self.param_values, self.uppers, self.lowers
        if kind not in TRANSFORM_KINDS:
            raise VerifyException(f"unknown transformation type '{kind}'")
        if len(self.upper_names) != len(uppers):
            raise VerifyException(f"Have {len(self.upper_names)} names for {len(uppers)} dimensions")
        if len(self.lower_names) != len(lowers):
            raise VerifyException(f"Have {len(self.lower_names)} names for {len(lowers)} dimensions")
        if kind != "AddDim" and not lowers:
            raise VerifyException("The transformation must define outputs")
        if kind != "ConstDim" and not uppers:
            raise VerifyException("The transformation must have at least one input")
        if kind == "PassThrough":
            if len(uppers) != len(lowers):
                raise VerifyException("PassThrough must have the same number of inputs and outputs")
            if params:
                raise VerifyException("PassThrough has no parameters")
        elif kind in ("Pad", "Slice"):
            if len(uppers) != len(lowers):
                raise VerifyException(f"{kind} must have the same number of inputs and outputs")
            if len(params) != 2 * len(uppers):
                raise VerifyException(f"{kind} takes two parameters per dimension")
            if kind == "Pad" and any(p < 0 for p in params):
                raise VerifyException("Pad amounts must be non-negative")
            if kind == "Slice" and any(b > e or b < 0 for b, e in zip(params[::2], params[1::2])):
                raise VerifyException("Slice bounds must satisfy 0 <= begin <= end")
        elif kind in ("Embed", "Unmerge"):
            if len(lowers) != 1:
                raise VerifyException("Embed and unmerge can only have one output argument")
            if len(params) != len(uppers):
                raise VerifyException("Embed and unmerge must specify one coefficient per input dimension")
        elif kind == "Merge":
            if len(uppers) != 1:
                raise VerifyException("Merge and unfold can only have one input dimension")
            if len(params) != len(lowers):
                raise VerifyException("Merge and unfold have one parameter per output dimension (its size)")
        elif kind == "AddDim":
            if len(uppers) != 1:
                raise VerifyException("Can only add one dimension at a time")
            if len(params) != len(uppers):
                raise VerifyException("Must supply a size parameter for each dimension")
            if lowers:
                raise VerifyException("The added dimension cannot be mapped anywhere")
        elif kind == "Broadcast":
            if len(uppers) != len(lowers):
                raise VerifyException("Broadcast must have same rank")
            if len(params) != len(lowers):
                raise VerifyException("Broadcast must specify the output length for each dimension")
        elif kind == "ConstDim":
            if uppers:
                raise VerifyException("ConstDim must not take any inputs")
            if len(params) != 2 * len(lowers):
                raise VerifyException("ConstDim is parameterized by [value, length] pairs")
            for i in range(0, len(params), 2):
                if params[i] >= params[i + 1]:
                    raise VerifyException(
                        f"For constant dimension {lowers[i // 2]} constant value {params[i]} must be "
                        f"less than dimension length {params[i + 1]}"
                    )


@irdl_attr_definition
class TransformMapAttr(ParametrizedAttribute):
    """Transformations that together map every upper dimension to every lower dimension."""

    name = "rock.transform_map"

    ops: ArrayAttr[TransformAttr]
    map: AffineMapAttr
    upper_bounds: ArrayAttr[IntAttr]
    lower_bounds: ArrayAttr[IntAttr]

    def __init__(
        self,
        ops: Sequence[TransformAttr],
        map: AffineMapAttr,
        upper_bounds: Sequence[int],
        lower_bounds: Sequence[int],
    ):
        super().__init__(ArrayAttr(ops), map, _ints(upper_bounds), _ints(lower_bounds))

    @property
    def upper(self) -> tuple[int, ...]:
        return tuple(b.data for b in self.upper_bounds)

    @property
    def lower(self) -> tuple[int, ...]:
        return tuple(b.data for b in self.lower_bounds)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        return cls.parse_body(parser).parameters

    @classmethod
    def parse_body(cls, parser: AttrParser) -> TransformMapAttr:
        """`<MAP by [T, ...] bounds = [..] -> [..]>`, the part after `#rock.transform_map`."""
        with parser.in_angle_brackets():
            pos = parser.pos
            affine = parser.parse_attribute()
            if not isinstance(affine, AffineMapAttr):
                parser.raise_error("expected an affine map", pos, parser.pos)
            parser.parse_keyword("by")
            ops = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: parse_transform(parser))
            parser.parse_keyword("bounds")
            parser.parse_punctuation("=")
            upper = _parse_int_list(parser)
            parser.parse_punctuation("->")
            lower = _parse_int_list(parser)
            try:
                return cls(ops, affine, upper, lower)
            except VerifyException as error:
                raise _located(parser, pos, error) from None

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(self.body_text())

    def body_text(self) -> str:
        transforms = ", ".join(t.body_text() for t in self.ops)
        return (
            f"<{self.map} by [{transforms}] bounds = [{', '.join(map(str, self.upper))}]"
            f" -> [{', '.join(map(str, self.lower))}]>"
        )

    def verify(self) -> None:
        from xfuse.transforms.rock.views import verify_transform_map

        verify_transform_map(self)


def parse_transform(parser: AttrParser) -> TransformAttr:
    """A transformation inside a transform_map: `<...>` or `#rock.transform<...>`."""
    if parser._current_token.text == "<":  # pyright: ignore[reportPrivateUsage]
        return TransformAttr.parse_body(parser)
    pos = parser.pos
    attr = parser.parse_attribute()
    if not isinstance(attr, TransformAttr):
        parser.raise_error("expected a #rock.transform", pos, parser.pos)
    return attr


def parse_transform_map(parser: AttrParser) -> TransformMapAttr:
    """A transform_map as ops take it: `<...>` (prefix dropped), `#rock.transform_map<...>` or an alias."""
    if parser._current_token.text == "<":  # pyright: ignore[reportPrivateUsage]
        return TransformMapAttr.parse_body(parser)
    pos = parser.pos
    attr = parser.parse_attribute()
    if not isinstance(attr, TransformMapAttr):
        parser.raise_error("expected a #rock.transform_map", pos, parser.pos)
    return attr


class _StructParamsAttr(ParametrizedAttribute):
    """Tuning parameters printed as `<key = value, ...>` (rocMLIR's `struct(params)` format).

    xfuse keeps them (rocMLIR's kernels carry them) but does not interpret them.
    """

    fields: DictionaryAttr

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        def parse_field() -> tuple[str, Attribute]:
            key = parser.parse_identifier("tuning parameter name")
            parser.parse_punctuation("=")
            flag = parser.parse_optional_keyword_in(("true", "false"))
            if flag is not None:
                return key, StringAttr(flag)
            return key, IntAttr(parser.parse_integer())

        fields = parser.parse_comma_separated_list(parser.Delimiter.ANGLE, parse_field)
        return (DictionaryAttr(dict(fields)),)

    def print_parameters(self, printer: Printer) -> None:
        body = ", ".join(
            f"{k} = {v.data if isinstance(v, IntAttr | StringAttr) else v}"
            for k, v in self.fields.data.items()
        )
        printer.print_string(f"<{body}>")


@irdl_attr_definition
class GeneralGemmParamsAttr(_StructParamsAttr):
    name = "rock.general_gemm_params"


@irdl_attr_definition
class XdlopsGemmParamsAttr(_StructParamsAttr):
    name = "rock.xdlops_gemm_params"


@irdl_attr_definition
class MfmaGemmParamsAttr(_StructParamsAttr):
    name = "rock.mfma_gemm_params"


ROCK_ATTRIBUTES = [
    TransformAttr, TransformMapAttr, GeneralGemmParamsAttr, XdlopsGemmParamsAttr, MfmaGemmParamsAttr,
]

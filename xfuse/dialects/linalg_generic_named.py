"""MLIR 22's `linalg.elementwise` and `linalg.contract`: named ops whose maps are operands' choice.

- `linalg.elementwise kind=#linalg.elementwise_kind<add> [indexing_maps = [...]] [{attrs}]
  ins(...) outs(...) [-> type]`: one scalar function (`ElementwiseKind`, with arity 1, 2 or 3)
  over parallel loops, one per dimension of the output. `indexing_maps` default to identities
  and are printed only when they differ (e.g. broadcast or transposed inputs); the property is
  always set, as MLIR's generic form has it.
- `linalg.contract indexing_maps = [...] [{attrs}] ins(%a, %b ...) outs(%c ...) [-> type]`:
  `c += cast(a) * cast(b)` with arbitrary projected-permutation maps; a loop is parallel iff the
  output's map reads it. `cast = #linalg.type_fn<...>` as for matmul.

Both are `NamedOperation`s with `get_indexing_maps()`, so the structured-op tiling model tiles
and fuses them like every other named op.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Self

from xdsl.builder import Builder
from xdsl.dialects import arith, math
from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, ShapedType
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, BlockArgument, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.irdl import irdl_attr_definition, irdl_op_definition, opt_prop_def, prop_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from xfuse.dialects.attr_syntax import AngleBracketed

from xfuse.dialects.linalg_bodies import (
    TypeFnAttr,
    contraction_region,
    is_unsigned,
    placeholder_region,
)
from xfuse.dialects.linalg_named import ELEMENTWISE, ScalarFn, float_or_int
from xfuse.dialects.linalg_syntax import MLIRNamedOpSyntax


class ElementwiseKind(StrEnum):
    """MLIR 22's `ElementwiseKind`, in its order (unary, binary, ternary)."""

    EXP = "exp"
    LOG = "log"
    ABS = "abs"
    CEIL = "ceil"
    FLOOR = "floor"
    NEGF = "negf"
    RECIPROCAL = "reciprocal"
    ROUND = "round"
    SQRT = "sqrt"
    RSQRT = "rsqrt"
    SQUARE = "square"
    TANH = "tanh"
    ERF = "erf"
    ADD = "add"
    SUB = "sub"
    MUL = "mul"
    DIV = "div"
    DIV_UNSIGNED = "div_unsigned"
    MAX_SIGNED = "max_signed"
    MIN_SIGNED = "min_signed"
    MAX_UNSIGNED = "max_unsigned"
    MIN_UNSIGNED = "min_unsigned"
    POWF = "powf"
    SELECT = "select"


@irdl_attr_definition
class ElementwiseKindAttr(AngleBracketed, EnumAttribute[ElementwiseKind]):
    """`#linalg.elementwise_kind<add>`."""

    name = "linalg.elementwise_kind"


def _select(args: Sequence[SSAValue], out_type: Attribute) -> SSAValue:
    return arith.SelectOp(args[0], args[1], args[2]).result


KIND_FUNCTIONS: dict[ElementwiseKind, tuple[int, ScalarFn]] = {
    ElementwiseKind.EXP: (1, float_or_int(math.ExpOp, None)),
    ElementwiseKind.LOG: (1, float_or_int(math.LogOp, None)),
    ElementwiseKind.SQRT: (1, float_or_int(math.SqrtOp, None)),
    ElementwiseKind.ADD: (2, float_or_int(arith.AddfOp, arith.AddiOp)),
    ElementwiseKind.SUB: (2, float_or_int(arith.SubfOp, arith.SubiOp)),
    ElementwiseKind.MUL: (2, float_or_int(arith.MulfOp, arith.MuliOp)),
    ElementwiseKind.MAX_SIGNED: (2, float_or_int(arith.MaximumfOp, arith.MaxSIOp)),
    ElementwiseKind.MIN_SIGNED: (2, float_or_int(arith.MinimumfOp, arith.MinSIOp)),
    ElementwiseKind.MAX_UNSIGNED: (2, float_or_int(arith.MaximumfOp, arith.MaxUIOp)),
    ElementwiseKind.MIN_UNSIGNED: (2, float_or_int(arith.MinimumfOp, arith.MinUIOp)),
    ElementwiseKind.SELECT: (3, _select),
    **{ElementwiseKind(name): entry for name, entry in ELEMENTWISE.items()},
}


def _default_maps(num_operands: int, rank: int) -> ArrayAttr[AffineMapAttr]:
    return ArrayAttr([AffineMapAttr(AffineMap.identity(rank))] * num_operands)


def _output_rank(outputs: Sequence[SSAValue]) -> int:
    types = [v.type for v in outputs if isinstance(v.type, ShapedType)]
    return len(types[0].get_shape()) if types else 0


@irdl_op_definition
class ElementwiseOp(MLIRNamedOpSyntax):
    """MLIR 22 `linalg.elementwise` (see the module docstring)."""

    name = "linalg.elementwise"

    kind = prop_def(ElementwiseKindAttr)
    indexing_maps = prop_def(ArrayAttr[AffineMapAttr])

    @classmethod
    def region_for_kind(
        cls, kind: ElementwiseKind, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]
    ) -> Region:
        arg_types = list(cls.body_arg_types((*inputs, *outputs)))
        arity, scalar_fn = KIND_FUNCTIONS[kind]
        if len(inputs) != arity or len(outputs) != 1:
            return placeholder_region(arg_types)

        @Builder.implicit_region(arg_types)
        def body(args: tuple[BlockArgument, ...]) -> None:
            YieldOp(scalar_fn(args[:-1], arg_types[-1]))

        return body

    @classmethod
    def get_hidden_region(cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> Region:
        raise NotImplementedError("linalg.elementwise needs its kind: use region_for_kind")

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return tuple(m.data for m in self.indexing_maps)

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        return self.indexing_maps

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        return ArrayAttr((IteratorTypeAttr.parallel(),) * _output_rank(self.outputs))

    def verify_(self) -> None:
        arity, _ = KIND_FUNCTIONS[self.kind.data]
        if len(self.inputs) != arity or len(self.outputs) != 1:
            raise VerifyException(
                f"expected {arity} input(s) for kind {self.kind.data.value} and 1 output, got "
                f"{len(self.inputs)} and {len(self.outputs)}"
            )
        super().verify_()

    HIDDEN_NAMES: ClassVar[tuple[str, ...]] = (*MLIRNamedOpSyntax.HIDDEN_NAMES, "kind")

    @classmethod
    def parse_prefix(cls, parser: Parser) -> dict[str, Attribute]:
        start = parser.pos
        parser.parse_keyword("kind")
        parser.parse_punctuation("=")
        kind = parser.parse_attribute()
        if not isinstance(kind, ElementwiseKindAttr):
            parser.raise_error("expected #linalg.elementwise_kind<...>", start, parser.pos)
        prefix: dict[str, Attribute] = {"kind": kind}
        if parser.parse_optional_keyword("indexing_maps"):
            parser.parse_punctuation("=")
            prefix["indexing_maps"] = parser.parse_attribute()
        return prefix

    @classmethod
    def complete_properties(
        cls,
        properties: dict[str, Attribute],
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
    ) -> dict[str, Attribute]:
        if "indexing_maps" in properties:
            return properties
        maps = _default_maps(len(inputs) + len(outputs), _output_rank(outputs))
        return {**properties, "indexing_maps": maps}

    @classmethod
    def hidden_region_for(
        cls,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
        properties: dict[str, Attribute],
    ) -> Region:
        kind = properties.get("kind")
        if not isinstance(kind, ElementwiseKindAttr):
            return placeholder_region(list(cls.body_arg_types((*inputs, *outputs))))
        return cls.region_for_kind(kind.data, inputs, outputs)

    def print_prefix(self, printer: Printer) -> None:
        printer.print_string(" kind=")
        printer.print_attribute(self.kind)
        if self.indexing_maps != _default_maps(len(self.operands), _output_rank(self.outputs)):
            printer.print_string(" indexing_maps = ")
            printer.print_attribute(self.indexing_maps)


@irdl_op_definition
class ContractOp(MLIRNamedOpSyntax):
    """MLIR 22 `linalg.contract` (see the module docstring)."""

    name = "linalg.contract"

    indexing_maps = prop_def(ArrayAttr[AffineMapAttr])
    cast = opt_prop_def(TypeFnAttr)

    @classmethod
    def get_hidden_region(cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> Region:
        return contraction_region(list(cls.body_arg_types((*inputs, *outputs))))

    @classmethod
    def hidden_region_for(
        cls,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
        properties: dict[str, Attribute],
    ) -> Region:
        arg_types = list(cls.body_arg_types((*inputs, *outputs)))
        return contraction_region(arg_types, is_unsigned(properties))

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return tuple(m.data for m in self.indexing_maps)

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        return self.indexing_maps

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        maps = self.get_default_indexing_maps()
        output_loops = {e.position for e in maps[-1].results if isinstance(e, AffineDimExpr)}
        return ArrayAttr(
            IteratorTypeAttr.parallel() if d in output_loops else IteratorTypeAttr.reduction()
            for d in range(maps[-1].num_dims)
        )

    def verify_(self) -> None:
        if len(self.inputs) != 2 or len(self.outputs) != 1:
            raise VerifyException(
                f"expected 2 inputs and 1 output, got {len(self.inputs)} and {len(self.outputs)}"
            )
        for index, indexing_map in enumerate(self.get_default_indexing_maps()):
            if not indexing_map.is_projected_permutation():
                raise VerifyException(
                    f"provided affine_map #{index} is not a projected permutation: {indexing_map}"
                )
        super().verify_()

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        start = parser.pos
        if not parser.parse_optional_keyword("indexing_maps"):
            parser.raise_error("expected 'indexing_maps' attribute", start, parser.pos)
        parser.parse_punctuation("=")
        maps = parser.parse_attribute()
        op = super().parse(parser)
        op.properties["indexing_maps"] = maps
        return op

    def print_prefix(self, printer: Printer) -> None:
        printer.print_string(" indexing_maps = ")
        printer.print_attribute(self.indexing_maps)

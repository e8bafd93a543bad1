"""MLIR 22's named linalg ops that xDSL 0.74 lacks (or gets wrong), generated from two tables.

- `ELEMENTWISE`: unary and binary elementwise ops (`linalg.negf`, `linalg.div_unsigned`, ...):
  identity maps over the rank of the operands, all loops parallel, body = one scalar function
  of the inputs (MLIR 22 casts nothing in these: operand and result element types must agree).
- `WINDOWED`: convolutions, depthwise convolutions, poolings and the contractions without
  `indexing_maps` (matvec, dot, ...), written in index notation as OpDSL writes them:
  `loops`, then one index list per operand. A term `oh+kh` is a window, `oh * stride + kh *
  dilation` (strides and dilations are the op's optional `strides`/`dilations` properties,
  default 1, one per window term in order), or `oh + kh` for ops without them (conv_1d/2d/3d).
  A loop is parallel iff the output reads it. The body kind says what is accumulated:
  `mac` (O + cast(I) * cast(K)), `mac_q` (with zero points, two more scalar inputs),
  `sum`, `max`/`min` (signed), `max_unsigned`/`min_unsigned` (of cast(I) into O).

Every generated op is a `NamedOperation` (so `get_indexing_maps()`, `get_iterator_types()` and
xfuse's tiling model work unchanged) with MLIR's custom syntax (`MLIRNamedOpSyntax`). The
indexing maps, iterator types and bodies are checked against `mlir-opt
--linalg-generalize-named-ops` / `--mlir-print-op-generic` in
tests/filecheck/with-mlir/dialects/linalg/named-*.mlir.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from xdsl.builder import Builder
from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    AnyFloat,
    ArrayAttr,
    DenseIntElementsAttr,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerType,
    ShapedType,
)
from xdsl.dialects.linalg.abstract_ops import NamedOperation
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.ir import Attribute, BlockArgument, Region, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_prop_def
from xdsl.utils.exceptions import VerifyException

from xfuse.dense_elements import dense_values, num_elements
from xfuse.dialects.linalg_bodies import cast_to, placeholder_region
from xfuse.dialects.linalg_syntax import MLIRNamedOpSyntax

# -- elementwise --------------------------------------------------------------------------

ScalarFn = Callable[[Sequence[SSAValue], Attribute], SSAValue]
"""(input block arguments, output element type) -> the yielded value (ops at the builder)."""


def float_or_int(float_op: type, int_op: type | None) -> ScalarFn:
    def build(args: Sequence[SSAValue], out_type: Attribute) -> SSAValue:
        op_type = float_op if isinstance(args[0].type, AnyFloat) else int_op
        if op_type is None:
            raise ValueError(f"no integer form (got {args[0].type})")
        return op_type(*args).results[0]

    return build


def _reciprocal(args: Sequence[SSAValue], out_type: Attribute) -> SSAValue:
    element_type = args[0].type
    if not isinstance(element_type, AnyFloat):
        raise ValueError(f"expected a float element type, got {element_type}")
    one = arith.ConstantOp(FloatAttr(1.0, element_type))
    return arith.DivfOp(one, args[0]).result


def _square(args: Sequence[SSAValue], out_type: Attribute) -> SSAValue:
    mul = arith.MulfOp if isinstance(args[0].type, AnyFloat) else arith.MuliOp
    return mul(args[0], args[0]).result


ELEMENTWISE: dict[str, tuple[int, ScalarFn]] = {
    # name: (number of inputs, body)
    "abs": (1, float_or_int(math.AbsFOp, None)),
    "ceil": (1, float_or_int(math.CeilOp, None)),
    "floor": (1, float_or_int(math.FloorOp, None)),
    "negf": (1, float_or_int(arith.NegfOp, None)),
    "reciprocal": (1, _reciprocal),
    "round": (1, float_or_int(math.RoundOp, None)),
    "rsqrt": (1, float_or_int(math.RsqrtOp, None)),
    "square": (1, _square),
    "tanh": (1, float_or_int(math.TanhOp, None)),
    "erf": (1, float_or_int(math.ErfOp, None)),
    "div": (2, float_or_int(arith.DivfOp, arith.DivSIOp)),
    "div_unsigned": (2, float_or_int(arith.DivfOp, arith.DivUIOp)),
    "powf": (2, float_or_int(math.PowFOp, None)),
}
"""MLIR 22's elementwise named ops xDSL 0.74 lacks (it has add, sub, mul, max, min, exp, log,
sqrt, select)."""


class ElementwiseNamedOp(MLIRNamedOpSyntax):
    """A named elementwise op: identity maps, parallel loops, `yield fn(inputs)`."""

    NUM_INPUTS: ClassVar[int]
    SCALAR_FN: ClassVar[ScalarFn]

    @classmethod
    def get_hidden_region(cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> Region:
        arg_types = list(cls.body_arg_types((*inputs, *outputs)))
        if len(inputs) != cls.NUM_INPUTS or len(outputs) != 1:
            return placeholder_region(arg_types)
        scalar_fn = cls.SCALAR_FN

        @Builder.implicit_region(arg_types)
        def body(args: tuple[BlockArgument, ...]) -> None:
            YieldOp(scalar_fn(args[:-1], arg_types[-1]))

        return body

    def _rank(self) -> int:
        shaped = [t for t in self.operand_types if isinstance(t, ShapedType)]
        return len(shaped[0].get_shape()) if shaped else 0

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return (AffineMap.identity(self._rank()),) * len(self.operands)

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        return ArrayAttr((IteratorTypeAttr.parallel(),) * self._rank())

    def verify_(self) -> None:
        if len(self.inputs) != self.NUM_INPUTS or len(self.outputs) != 1:
            raise VerifyException(
                f"expected {self.NUM_INPUTS} input(s) and 1 output, got {len(self.inputs)} "
                f"and {len(self.outputs)}"
            )
        types = [t for t in self.operand_types if isinstance(t, ShapedType)]
        if len(types) != len(self.operands) or len({len(t.get_shape()) for t in types}) != 1:
            raise VerifyException("expected shaped operands of one rank")
        super().verify_()


# -- windowed ops and contractions ---------------------------------------------------------


@dataclass(frozen=True)
class WindowedSpec:
    """One op in OpDSL's index notation (see the module docstring)."""

    loops: str
    operands: tuple[str, ...]
    """Index lists of the operands, inputs then the output; `""` for a scalar."""
    body: str
    strided: bool = True


def _spec(loops: str, *operands: str, body: str = "mac", strided: bool = True) -> WindowedSpec:
    return WindowedSpec(loops, operands, body, strided)


_Q = ("", "")  # the two zero points of a quantized op: scalars

WINDOWED: dict[str, WindowedSpec] = {
    # Contractions without indexing_maps.
    "matvec": _spec("m n", "m n", "n", "m"),
    "vecmat": _spec("n m", "m", "m n", "n"),
    "batch_matvec": _spec("b m k", "b m k", "b k", "b m"),
    "batch_vecmat": _spec("b n k", "b k", "b k n", "b n"),
    "dot": _spec("k", "k", "k", ""),
    "quantized_batch_matmul": _spec("b m n k", "b m k", "b k n", *_Q, "b m n", body="mac_q"),
    # Convolutions.
    "conv_1d": _spec("ow kw", "ow+kw", "kw", "ow", strided=False),
    "conv_2d": _spec("oh ow kh kw", "oh+kh ow+kw", "kh kw", "oh ow", strided=False),
    "conv_3d": _spec(
        "od oh ow kd kh kw", "od+kd oh+kh ow+kw", "kd kh kw", "od oh ow", strided=False
    ),
    "conv_1d_nwc_wcf": _spec("n ow f kw c", "n ow+kw c", "kw c f", "n ow f"),
    "conv_1d_ncw_fcw": _spec("n f ow c kw", "n c ow+kw", "f c kw", "n f ow"),
    "conv_2d_nhwc_hwcf": _spec("n oh ow f kh kw c", "n oh+kh ow+kw c", "kh kw c f", "n oh ow f"),
    "conv_2d_nhwc_fhwc": _spec("n oh ow f kh kw c", "n oh+kh ow+kw c", "f kh kw c", "n oh ow f"),
    "conv_2d_nhwc_hwcf_q": _spec(
        "n oh ow f kh kw c", "n oh+kh ow+kw c", "kh kw c f", *_Q, "n oh ow f", body="mac_q"
    ),
    "conv_2d_nhwc_fhwc_q": _spec(
        "n oh ow f kh kw c", "n oh+kh ow+kw c", "f kh kw c", *_Q, "n oh ow f", body="mac_q"
    ),
    "conv_2d_nchw_fchw": _spec("n f oh ow c kh kw", "n c oh+kh ow+kw", "f c kh kw", "n f oh ow"),
    "conv_2d_nchw_fchw_q": _spec(
        "n f oh ow c kh kw", "n c oh+kh ow+kw", "f c kh kw", *_Q, "n f oh ow", body="mac_q"
    ),
    "conv_2d_ngchw_fgchw": _spec(
        "n g fg oh ow c kh kw", "n g c oh+kh ow+kw", "fg g c kh kw", "n g fg oh ow"
    ),
    "conv_2d_ngchw_gfchw": _spec(
        "n g fg oh ow c kh kw", "n g c oh+kh ow+kw", "g fg c kh kw", "n g fg oh ow"
    ),
    "conv_2d_ngchw_gfchw_q": _spec(
        "n g fg oh ow c kh kw",
        "n g c oh+kh ow+kw",
        "g fg c kh kw",
        *_Q,
        "n g fg oh ow",
        body="mac_q",
    ),
    "conv_2d_nhwgc_gfhwc": _spec(
        "n oh ow g fg kh kw c", "n oh+kh ow+kw g c", "g fg kh kw c", "n oh ow g fg"
    ),
    "conv_2d_nhwgc_gfhwc_q": _spec(
        "n oh ow g fg kh kw c",
        "n oh+kh ow+kw g c",
        "g fg kh kw c",
        *_Q,
        "n oh ow g fg",
        body="mac_q",
    ),
    "conv_3d_ndhwc_dhwcf": _spec(
        "n od oh ow f kd kh kw c", "n od+kd oh+kh ow+kw c", "kd kh kw c f", "n od oh ow f"
    ),
    "conv_3d_ndhwc_dhwcf_q": _spec(
        "n od oh ow f kd kh kw c",
        "n od+kd oh+kh ow+kw c",
        "kd kh kw c f",
        *_Q,
        "n od oh ow f",
        body="mac_q",
    ),
    "conv_3d_ncdhw_fcdhw": _spec(
        "n f od oh ow c kd kh kw", "n c od+kd oh+kh ow+kw", "f c kd kh kw", "n f od oh ow"
    ),
    # Depthwise convolutions.
    "depthwise_conv_1d_nwc_wc": _spec("n ow ic kw", "n ow+kw ic", "kw ic", "n ow ic"),
    "depthwise_conv_1d_ncw_cw": _spec("n ow ic kw", "n ic ow+kw", "ic kw", "n ic ow"),
    "depthwise_conv_1d_nwc_wcm": _spec("n ow ic cm kw", "n ow+kw ic", "kw ic cm", "n ow ic cm"),
    "depthwise_conv_2d_nchw_chw": _spec(
        "n oh ow ic kh kw", "n ic oh+kh ow+kw", "ic kh kw", "n ic oh ow"
    ),
    "depthwise_conv_2d_nhwc_hwc": _spec(
        "n oh ow ic kh kw", "n oh+kh ow+kw ic", "kh kw ic", "n oh ow ic"
    ),
    "depthwise_conv_2d_nhwc_hwc_q": _spec(
        "n oh ow ic kh kw", "n oh+kh ow+kw ic", "kh kw ic", *_Q, "n oh ow ic", body="mac_q"
    ),
    "depthwise_conv_2d_nhwc_hwcm": _spec(
        "n oh ow ic cm kh kw", "n oh+kh ow+kw ic", "kh kw ic cm", "n oh ow ic cm"
    ),
    "depthwise_conv_2d_nhwc_hwcm_q": _spec(
        "n oh ow ic cm kh kw",
        "n oh+kh ow+kw ic",
        "kh kw ic cm",
        *_Q,
        "n oh ow ic cm",
        body="mac_q",
    ),
    "depthwise_conv_3d_ndhwc_dhwc": _spec(
        "n od oh ow kd kh kw ic", "n od+kd oh+kh ow+kw ic", "kd kh kw ic", "n od oh ow ic"
    ),
    "depthwise_conv_3d_ncdhw_cdhw": _spec(
        "n od oh ow kd kh kw ic", "n ic od+kd oh+kh ow+kw", "ic kd kh kw", "n ic od oh ow"
    ),
    "depthwise_conv_3d_ndhwc_dhwcm": _spec(
        "n od oh ow cm kd kh kw ic",
        "n od+kd oh+kh ow+kw ic",
        "kd kh kw ic cm",
        "n od oh ow ic cm",
    ),
}
"""Contractions, convolutions and depthwise convolutions of MLIR 22 in index notation."""

_POOL_LAYOUTS = {
    "nhwc": ("n oh ow c kh kw", "n oh+kh ow+kw c", "kh kw", "n oh ow c"),
    "nchw": ("n c oh ow kh kw", "n c oh+kh ow+kw", "kh kw", "n c oh ow"),
    "nwc": ("n ow c kw", "n ow+kw c", "kw", "n ow c"),
    "ncw": ("n c ow kw", "n c ow+kw", "kw", "n c ow"),
    "ndhwc": ("n od oh ow c kd kh kw", "n od+kd oh+kh ow+kw c", "kd kh kw", "n od oh ow c"),
}
_POOLINGS = {
    "nhwc": ("sum", "max", "max_unsigned", "min", "min_unsigned"),
    "nchw": ("sum", "max"),
    "nwc": ("sum", "max", "max_unsigned", "min", "min_unsigned"),
    "ncw": ("sum", "max"),
    "ndhwc": ("sum", "max", "min"),
}
for _layout, _kinds in _POOLINGS.items():
    _loops, *_indices = _POOL_LAYOUTS[_layout]
    for _kind in _kinds:
        WINDOWED[f"pooling_{_layout}_{_kind}"] = _spec(_loops, *_indices, body=_kind)


def _index_expr(term: str, loops: dict[str, int], window: int, op: WindowedOp) -> AffineExpr:
    if "+" not in term:
        return AffineExpr.dimension(loops[term])
    outer, inner = term.split("+")
    if not op.SPEC.strided:
        return AffineExpr.dimension(loops[outer]) + AffineExpr.dimension(loops[inner])
    stride = op.window_parameter("strides", window)
    dilation = op.window_parameter("dilations", window)
    return AffineExpr.dimension(loops[outer]) * stride + AffineExpr.dimension(loops[inner]) * dilation


def _accumulate_region(body: str, arg_types: list[Attribute], num_inputs: int) -> Region:
    """The body of a windowed op / contraction, as MLIR's OpDSL builds it."""
    expected_inputs = 4 if body == "mac_q" else 2
    if num_inputs != expected_inputs or len(arg_types) != expected_inputs + 1:
        return placeholder_region(arg_types)
    out_type = arg_types[-1]
    is_float = isinstance(out_type, AnyFloat)
    if not is_float and not isinstance(out_type, IntegerType):
        return placeholder_region(arg_types)
    unsigned = body.endswith("_unsigned")

    @Builder.implicit_region(arg_types)
    def region(args: tuple[BlockArgument, ...]) -> None:
        out = args[-1]
        if body == "mac":
            lhs = cast_to(args[0], out_type, unsigned)
            rhs = cast_to(args[1], out_type, unsigned)
            value = (arith.MulfOp if is_float else arith.MuliOp)(lhs, rhs).result
            YieldOp((arith.AddfOp if is_float else arith.AddiOp)(out, value))
        elif body == "mac_q":
            sub = arith.SubfOp if is_float else arith.SubiOp
            lhs = sub(cast_to(args[0], out_type, False), cast_to(args[2], out_type, False))
            rhs = sub(cast_to(args[1], out_type, False), cast_to(args[3], out_type, False))
            value = (arith.MulfOp if is_float else arith.MuliOp)(lhs, rhs).result
            YieldOp((arith.AddfOp if is_float else arith.AddiOp)(out, value))
        else:
            value = cast_to(args[0], out_type, unsigned)
            reduce_op = _REDUCTIONS[body][0 if is_float else 1]
            YieldOp(reduce_op(out, value))

    return region


_REDUCTIONS: dict[str, tuple[type, type]] = {
    "sum": (arith.AddfOp, arith.AddiOp),
    "max": (arith.MaximumfOp, arith.MaxSIOp),
    "min": (arith.MinimumfOp, arith.MinSIOp),
    "max_unsigned": (arith.MaximumfOp, arith.MaxUIOp),
    "min_unsigned": (arith.MinimumfOp, arith.MinUIOp),
}


class WindowedOp(MLIRNamedOpSyntax):
    """A named op given by a `WindowedSpec` (convolution, pooling, contraction)."""

    SPEC: ClassVar[WindowedSpec]

    @classmethod
    def get_hidden_region(cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> Region:
        arg_types = list(cls.body_arg_types((*inputs, *outputs)))
        if len(outputs) != 1:
            return placeholder_region(arg_types)
        return _accumulate_region(cls.SPEC.body, arg_types, len(inputs))

    def window_parameter(self, name: str, window: int) -> int:
        """The stride or dilation of window term `window` (1 when the property is absent)."""
        value = self.properties.get(name)
        if not isinstance(value, DenseIntOrFPElementsAttr):
            return 1
        values = dense_values(value)  # a splat (`dense<2>`) is stored as one element
        return int(values[window]) if window < len(values) else 1

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        loop_names = self.SPEC.loops.split()
        loops = {name: i for i, name in enumerate(loop_names)}
        maps: list[AffineMap] = []
        for indices in self.SPEC.operands:
            window = 0
            results: list[AffineExpr] = []
            for term in indices.split():
                results.append(_index_expr(term, loops, window, self))
                window += "+" in term
            maps.append(AffineMap(len(loop_names), 0, tuple(results)))
        return tuple(maps)

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        output_loops = set(self.SPEC.operands[-1].split())
        return ArrayAttr(
            IteratorTypeAttr.parallel() if name in output_loops else IteratorTypeAttr.reduction()
            for name in self.SPEC.loops.split()
        )

    def verify_(self) -> None:
        expected_inputs = len(self.SPEC.operands) - 1
        if len(self.inputs) != expected_inputs or len(self.outputs) != 1:
            raise VerifyException(
                f"expected {expected_inputs} inputs and 1 output, got {len(self.inputs)} and "
                f"{len(self.outputs)}"
            )
        windows = sum(term.count("+") for term in self.SPEC.operands[0].split())
        for name in ("strides", "dilations"):
            value = self.properties.get(name)
            if isinstance(value, DenseIntOrFPElementsAttr) and num_elements(value) != windows:
                raise VerifyException(f"expected {name} to have {windows} elements")
        super().verify_()


class StridedWindowedOp(WindowedOp):
    strides = opt_prop_def(DenseIntElementsAttr)
    dilations = opt_prop_def(DenseIntElementsAttr)


def _class_name(op_name: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"_", op_name)) + "Op"


def _define(base: type[NamedOperation], op_name: str, **class_vars: object) -> type[IRDLOperation]:
    namespace: dict[str, object] = {
        "name": f"linalg.{op_name}",
        "__doc__": f"MLIR 22's `linalg.{op_name}` (see xfuse/dialects/linalg_named.py).",
        "__module__": __name__,
        "__annotations__": {key: ClassVar[object] for key in class_vars},
        **class_vars,
    }
    return irdl_op_definition(type(_class_name(op_name), (base,), namespace))


ELEMENTWISE_OPS: dict[str, type[IRDLOperation]] = {
    name: _define(ElementwiseNamedOp, name, NUM_INPUTS=arity, SCALAR_FN=staticmethod(fn))
    for name, (arity, fn) in ELEMENTWISE.items()
}

WINDOWED_OPS: dict[str, type[IRDLOperation]] = {
    name: _define(StridedWindowedOp if spec.strided and "+" in spec.operands[0] else WindowedOp, name, SPEC=spec)
    for name, spec in WINDOWED.items()
}

NAMED_OPS: tuple[type[IRDLOperation], ...] = (*ELEMENTWISE_OPS.values(), *WINDOWED_OPS.values())
"""Every op of this module; those whose name xDSL also defines (its convolutions and
`pooling_nchw_max`, which require strides and build other bodies) replace xDSL's."""

"""Quantized convolutions as int8 matrix products (im2col), so that data tiling runs them.

torch-mlir lowers a QDQ or QLinearConv convolution to `linalg.conv_2d_nchw_fchw_q`: i8 input and
filter, their zero points, an i32 accumulator

    out[n, f, oh, ow] += (I[n, c, oh*s + kh*d, ow*s + kw*d] - izp) * (F[f, c, kh, kw] - fzp)

which no schedule takes (scalar loops: 84% of a small quantized CNN's call, about 2 GMAC/s).
With a constant filter whose zero point is 0 (symmetric int8 weights, onnxruntime's default for
QDQ and QOperator weights), it is here

1. the input's windows gathered into an i8 matrix `A = im2col(I)`, `N*OH*OW x C*KH*KW`
   (a `linalg.generic` with the convolution's own input map);
2. `M = A x B` as `linalg.matmul ins(i8, i8) outs(fill(0) : i32)`, `B` the filter transposed to
   `C*KH*KW x F` with numpy (a constant), which `xfuse-int8-data-tiling` then packs (at load, when
   no tile pads) and runs as the i8 mmt4d;
3. `out = init + M - izp * colsum(B)` back in NCHW, one `linalg.generic`, `colsum` folded with
   numpy; a per-channel bias broadcast into `init` is read by channel (`FOLD_BIAS_BROADCAST`).

Exact: the convolution sums sign-extended products in i32, wrapping; the matmul sums the same
products in i32 and `sum((a - izp) b) = sum(a b) - izp sum(b)` holds modulo 2^32. The padded
border is part of `I` (torch-mlir pads with the zero point), so it enters both terms alike.

Left as they are: dynamic shapes, a filter that is not a constant, a filter zero point that is
not the constant 0 (its correction needs the row sums of `A` per call; not built), element types
other than i8 x i8 -> i32.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    BytesAttr,
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    TensorType,
    i32,
)
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import BroadcastOp, GenericOp, YieldOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.dense_elements import is_compact_splat
from xfuse.dialects.linalg_syntax import MATMUL
from xfuse.transforms.batch_matmul import MLIR_FILL
from xfuse.transforms.data_tiling.generic_to_mmt4d import _collapse, _reassociation

QUANTIZED_CONV = "linalg.conv_2d_nchw_fchw_q"

WEIGHTS_FIRST = False
"""The product as `W x im2col(I)^T` (`F x N*OH*OW`, NCHW already when N = 1) instead of
`im2col(I) x W^T` (`N*OH*OW x F`, transposed back to NCHW by step 3): the windows gathered as
`C*KH*KW x N*OH*OW`, whose rows copy runs of OW contiguous pixels. The same sums, so the same
bits (nineteenth session's A/B, docs/backend-measurements.md)."""

FOLD_BIAS_BROADCAST = True
"""An accumulator that is a `linalg.broadcast` of a per-channel bias (torch-mlir's, dimensions
[0, 2, 3]) and read by nothing else: step 3 reads the bias by channel instead of the broadcast
tensor, which then goes (no pass writing and reading an N x F x OH x OW i32 tensor). False: the
broadcast stays. On: 0.924-0.944x the time of the int8 CNNs (QDQ, QOperator), 267-362 of 400
interleaved rounds, two runs (nineteenth session, docs/backend-measurements.md)."""


def _window(op: Operation, name: str) -> tuple[int, int]:
    attr = op.properties.get(name) or op.attributes.get(name)
    if attr is None:
        return 1, 1
    values = attr.get_values()
    return (values[0], values[0]) if len(values) == 1 else (values[0], values[1])


def _int_constant(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _filter_values(value: SSAValue) -> np.ndarray | None:
    """The filter as a numpy int8 array, when it is a (non-splat) i8 constant."""
    owner = value.owner
    if not isinstance(owner, arith.ConstantOp) or not isinstance(owner.value, DenseIntOrFPElementsAttr):
        return None
    if is_compact_splat(owner.value):
        return None
    return np.frombuffer(owner.value.data.data, np.int8).reshape(value.type.get_shape())


def _is_i(type_, width: int) -> bool:
    element = type_.get_element_type() if isinstance(type_, TensorType) else type_
    return isinstance(element, IntegerType) and element.width.data == width


def _qualifies(op: Operation) -> np.ndarray | None:
    """The filter's values when `op` is rewritten here (module doc), else None."""
    if op.name != QUANTIZED_CONV or len(op.operands) != 5 or "cast" in op.attributes:
        return None
    image, filter_, _, filter_zero, init = op.operands
    if not all(isinstance(v.type, TensorType) and v.type.has_static_shape() for v in (image, filter_, init)):
        return None
    if not (_is_i(image.type, 8) and _is_i(filter_.type, 8) and _is_i(init.type, 32)):
        return None
    if _int_constant(filter_zero) != 0:
        return None
    return _filter_values(filter_)


def _constant(values: np.ndarray, element) -> arith.ConstantOp:
    type_ = TensorType(element, list(values.shape))
    return arith.ConstantOp(DenseIntOrFPElementsAttr(type_, BytesAttr(np.ascontiguousarray(values).tobytes())))


def _im2col(op: Operation, image: SSAValue, out_shape: list[int], filter_shape: list[int],
            transposed: bool = False) -> list[Operation]:
    """The generic gathering every window of `image` into `N x OH x OW x C x KH x KW` (i8), or
    `C x KH x KW x N x OH x OW` when `transposed` (the windows' columns: rows of OW contiguous)."""
    n, _, oh, ow = out_shape
    _, c, kh, kw = filter_shape
    (sh, sw), (dh, dw) = _window(op, "strides"), _window(op, "dilations")
    d = [AffineExpr.dimension(i) for i in range(6)]  # n, oh, ow, c, kh, kw (c, kh, kw, n, oh, ow)
    if transposed:
        read = AffineMap(6, 0, (d[3], d[0], d[4] * sh + d[1] * dh, d[5] * sw + d[2] * dw))
        shape = [c, kh, kw, n, oh, ow]
    else:
        read = AffineMap(6, 0, (d[0], d[3], d[1] * sh + d[4] * dh, d[2] * sw + d[5] * dw))
        shape = [n, oh, ow, c, kh, kw]
    element = image.type.get_element_type()
    empty = tensor.EmptyOp([], TensorType(element, shape))
    body = Block(arg_types=[element, element])
    body.add_op(YieldOp(body.args[0]))
    gather = GenericOp([image], [empty.tensor], Region(body),
                       [AffineMapAttr(read), AffineMapAttr(AffineMap.identity(6))],
                       [IteratorTypeAttr.parallel()] * 6, [empty.tensor.type])
    return [empty, gather]


def _channel_bias(init: SSAValue) -> SSAValue | None:
    """The 1-D bias `init` broadcasts along N, OH and OW (FOLD_BIAS_BROADCAST), else None."""
    owner = init.owner
    if not FOLD_BIAS_BROADCAST or not isinstance(owner, BroadcastOp) or init.uses.get_length() != 1:
        return None
    if tuple(owner.dimensions.get_values()) != (0, 2, 3) or not isinstance(owner.input.type, TensorType):
        return None
    return owner.input if owner.input.type.get_num_dims() == 1 else None


def correction_body() -> Block:
    """The elementwise body `init + product - zero * sums` of the generic that corrects an i8
    product for an operand's zero point (arguments: init, product, sums, zero, out; all i32)."""
    body = Block(arg_types=[i32] * 5)
    acc, p, s, z, _ = body.args
    offset = arith.MuliOp(z, s)
    total = arith.AddiOp(acc, p)
    result = arith.SubiOp(total, offset)
    for new in (offset, total, result, YieldOp(result)):
        body.add_op(new)
    return body


def _correction(init: SSAValue, product: SSAValue, sums: SSAValue, zero: SSAValue,
                out_shape: list[int], by_channel: bool = False, weights_first: bool = False) -> list[Operation]:
    """`init + product - zero * sums` in NCHW: `product` is `N x OH x OW x F` (`F x N x OH x OW`
    when `weights_first`), `sums` is `F`; `init` is `N x F x OH x OW`, or `F` when `by_channel`."""
    d = [AffineExpr.dimension(i) for i in range(4)]  # n, f, oh, ow
    init_map = AffineMap(4, 0, (d[1],)) if by_channel else AffineMap.identity(4)
    product_map = AffineMap(4, 0, (d[1], d[0], d[2], d[3]) if weights_first else (d[0], d[2], d[3], d[1]))
    maps = [init_map, product_map, AffineMap(4, 0, (d[1],)),
            AffineMap(4, 0, ()), AffineMap.identity(4)]
    empty = tensor.EmptyOp([], TensorType(i32, out_shape))
    generic = GenericOp([init, product, sums, zero], [empty.tensor], Region(correction_body()),
                        [AffineMapAttr(m) for m in maps], [IteratorTypeAttr.parallel()] * 4, [empty.tensor.type])
    return [empty, generic]


def _rewrite(op: Operation, weights: np.ndarray) -> None:
    image, filter_, image_zero, _, init = op.operands
    out_shape, filter_shape = list(init.type.get_shape()), list(filter_.type.get_shape())
    n, f, oh, ow = out_shape
    _, c, kh, kw = filter_shape
    rows, depth = n * oh * ow, c * kh * kw
    before = InsertPoint.before(op)

    first = WEIGHTS_FIRST
    gathered = _im2col(op, image, out_shape, filter_shape, transposed=first)
    Rewriter.insert_op(gathered, before)
    a = _collapse(gathered[-1].results[0], gathered[-1].results[0].type, [[0, 1, 2], [3, 4, 5]], op)
    b_values = weights.reshape(f, depth) if first else weights.reshape(f, depth).T
    b = _constant(b_values, filter_.type.get_element_type())
    sums = _constant(weights.reshape(f, depth).astype(np.int64).sum(axis=1).astype(np.int32), i32)
    zero = arith.ConstantOp(IntegerAttr(0, i32))
    product_type = TensorType(i32, [f, rows] if first else [rows, f])
    empty = tensor.EmptyOp([], product_type)
    fill = MLIR_FILL([zero.result], [empty.tensor], [product_type])
    matmul = MATMUL([b.result, a] if first else [a, b.result], [fill.results[0]], [product_type])
    shape, groups = ([f, n, oh, ow], [[0], [1, 2, 3]]) if first else ([n, oh, ow, f], [[0, 1, 2], [3]])
    expanded = tensor.ExpandShapeOp(matmul.results[0], [], _reassociation(groups), shape, TensorType(i32, shape))
    Rewriter.insert_op([b, sums, zero, empty, fill, matmul, expanded], before)
    bias = _channel_bias(init)
    corrected = _correction(init if bias is None else bias, expanded.results[0], sums.result, image_zero, out_shape,
                            by_channel=bias is not None, weights_first=first)
    Rewriter.insert_op(corrected, before)
    for new in [*gathered, b, sums, zero, empty, fill, matmul, expanded, *corrected]:
        new.location = op.location
    op.results[0].replace_all_uses_with(corrected[-1].results[0])
    constant = filter_.owner
    Rewriter.erase_op(op)
    if not constant.results[0].uses:
        Rewriter.erase_op(constant)
    if bias is not None and not init.uses:
        Rewriter.erase_op(init.owner)


def quantized_convs_as_matmuls(module: ModuleOp) -> int:
    """Rewrite every qualifying quantized convolution of `module` (module doc); how many."""
    count = 0
    for op in [op for op in module.walk() if op.name == QUANTIZED_CONV]:
        weights = _qualifies(op)
        if weights is not None:
            _rewrite(op, weights)
            count += 1
    return count

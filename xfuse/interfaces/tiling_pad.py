"""The tiling model of `tensor.pad` (MLIR's PadOp TilingInterface, `bubbleUpPadSlice`).

A tile `[o, o + s)` of the padded result (per dimension; low padding `L`, source size `N`) reads
the source range `[start, end)` with

    start   = min(max(o - L, 0), N)          end = min(max(o + s - L, 0), N)
    new_low = max(L - o, 0)                  length = end - start
    new_high = s - length - new_low

and is `tensor.pad(tensor.extract_slice(source, start, length), new_low, new_high)`.

The zero-size-slice guard (as upstream): a tile entirely inside the padding reads nothing from
the source (`length == 0` in some dimension); an empty `extract_slice` followed by a pad is
what MLIR guards against, so when that cannot be excluded statically the tile is an `scf.if`
whose `then` branch is the padding value broadcast (`linalg.fill` of a `tensor.empty`; MLIR
uses `tensor.generate`, which xDSL lacks) and whose `else` branch is the slice and pad.

The op is not in destination-passing style, so it is fused (as a producer) but not tiled by
xfuse's tiling driver, which tiles destination-style ops only. Refused: a padding value that
depends on the indices (the region computes it from its block arguments) when the guard is
needed.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.builder import Builder
from xdsl.dialects import arith, scf, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, TensorType
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.rewriter import InsertPoint

from xfuse.interfaces.tiling import (
    IteratorType,
    OpFoldResult,
    Range,
    ResultTileIsIterationTile,
    TilingRefused,
    TilingResult,
    constant_value,
    materialize_index,
    register_tiling_model,
)
from xfuse.interfaces.tiling_utils import dim_size, extract_slice

__all__ = ["PadTilingModel", "padded_sizes"]


class _IndexMath:
    """Index arithmetic that folds constants and otherwise emits arith ops at the builder."""

    def __init__(self, builder: Builder):
        self.builder = builder

    def _binary(self, a: OpFoldResult, b: OpFoldResult, fold, op_class) -> OpFoldResult:
        ca, cb = constant_value(a), constant_value(b)
        if ca is not None and cb is not None:
            return fold(ca, cb)
        lhs = materialize_index(self.builder, a)
        rhs = materialize_index(self.builder, b)
        return self.builder.insert(op_class(lhs, rhs)).result

    def add(self, a: OpFoldResult, b: OpFoldResult) -> OpFoldResult:
        if constant_value(b) == 0:
            return a
        if constant_value(a) == 0:
            return b
        return self._binary(a, b, lambda x, y: x + y, arith.AddiOp)

    def sub(self, a: OpFoldResult, b: OpFoldResult) -> OpFoldResult:
        if constant_value(b) == 0:
            return a
        return self._binary(a, b, lambda x, y: x - y, arith.SubiOp)

    def max(self, a: OpFoldResult, b: OpFoldResult) -> OpFoldResult:
        return self._binary(a, b, max, arith.MaxSIOp)

    def min(self, a: OpFoldResult, b: OpFoldResult) -> OpFoldResult:
        return self._binary(a, b, min, arith.MinSIOp)


def _mixed(static: Sequence[int], dynamic: Sequence[SSAValue]) -> list[OpFoldResult]:
    values = iter(dynamic)
    return [next(values) if s == DYNAMIC_INDEX else s for s in static]


def _static_values(attr) -> list[int]:
    return [int(v) for v in attr.get_values()]


def _padding_value(op: tensor.PadOp, builder: Builder) -> SSAValue | None:
    """The padding value usable outside the region: a value defined above it, or a constant
    computed in it (cloned at the builder); None when it depends on the indices."""
    block = op.region.block
    yielded = block.last_op
    if yielded is None or not yielded.operands:
        return None
    value = yielded.operands[0]
    owner = value.owner
    if isinstance(owner, Operation) and owner.parent_block() is block:
        if isinstance(owner, arith.ConstantOp):
            return builder.insert(owner.clone()).results[0]
        return None
    if isinstance(owner, Block) and owner is block:
        return None
    return value


class PadTilingModel(ResultTileIsIterationTile):
    """`tensor.pad`: one parallel loop per result dimension (module docstring)."""

    def get_iteration_domain(self, builder: Builder, op: Operation) -> list[Range]:
        """The result's shape, from the source's and the padding (MLIR's reified result shape),
        never from the result itself: tiling replaces the op."""
        assert isinstance(op, tensor.PadOp)
        return [Range(0, size) for size in padded_sizes(builder, op)]

    def get_loop_iterator_types(self, op: Operation) -> list[IteratorType]:
        assert isinstance(op, tensor.PadOp)
        rank = len(op.result.type.get_shape())  # pyright: ignore[reportAttributeAccessIssue]
        return [IteratorType.PARALLEL] * rank

    def get_tiled_implementation(
        self,
        builder: Builder,
        op: Operation,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        assert isinstance(op, tensor.PadOp)
        source = op.source
        source_type = source.type
        result_type = op.result.type
        assert isinstance(source_type, TensorType) and isinstance(result_type, TensorType)
        element = result_type.element_type
        lows = _mixed(_static_values(op.static_low), list(op.low))
        math = _IndexMath(builder)
        starts: list[OpFoldResult] = []
        lengths: list[OpFoldResult] = []
        new_lows: list[OpFoldResult] = []
        new_highs: list[OpFoldResult] = []
        for dim, (offset, size, low) in enumerate(zip(offsets, sizes, lows, strict=True)):
            extent = dim_size(builder, source, dim)
            start = math.min(math.max(math.sub(offset, low), 0), extent)
            end = math.min(math.max(math.add(math.sub(offset, low), size), 0), extent)
            length = math.sub(end, start)
            new_low = math.max(math.sub(low, offset), 0)
            starts.append(start)
            lengths.append(length)
            new_lows.append(new_low)
            new_highs.append(math.sub(math.sub(size, length), new_low))
        tile_type = TensorType(
            element, [c if (c := constant_value(s)) is not None else DYNAMIC_INDEX for s in sizes]
        )
        maybe_empty = [length for length in lengths if constant_value(length) != 0 and not _positive(length)]
        if any(constant_value(length) == 0 for length in lengths):
            # Statically inside the padding: only the padding value.
            fill = self._padding_tile(builder, op, tile_type, sizes)
            return TilingResult((fill,), (fill.results[0],), ())
        if not maybe_empty:
            pad, slice_op, value = self._slice_and_pad(builder, op, starts, lengths, new_lows, new_highs, tile_type)
            return TilingResult((pad,), (value,), (slice_op,))
        # The zero-size-slice guard.
        zero = materialize_index(builder, 0)
        condition: SSAValue | None = None
        for length in maybe_empty:
            is_zero = builder.insert(arith.CmpiOp(materialize_index(builder, length), zero, "eq")).result
            condition = is_zero if condition is None else builder.insert(arith.OrIOp(condition, is_zero)).result
        assert condition is not None
        then_block, else_block = Block(), Block()
        fill = self._padding_tile(Builder(InsertPoint.at_end(then_block)), op, tile_type, sizes)
        then_block.add_op(scf.YieldOp(fill.results[0]))
        else_builder = Builder(InsertPoint.at_end(else_block))
        _, slice_op, value = self._slice_and_pad(
            else_builder, op, starts, lengths, new_lows, new_highs, tile_type
        )
        else_block.add_op(scf.YieldOp(value))
        if_op = builder.insert(scf.IfOp(condition, [tile_type], Region(then_block), Region(else_block)))
        return TilingResult((if_op,), (if_op.results[0],), (slice_op,))

    def _padding_tile(
        self, builder: Builder, op: tensor.PadOp, tile_type: TensorType, sizes: Sequence[OpFoldResult]
    ) -> Operation:
        value = _padding_value(op, builder)
        if value is None:
            raise TilingRefused(
                op,
                "the padding value depends on the indices: the zero-size-slice guard needs a "
                "value defined outside the pad's region (or a constant)",
            )
        dynamic = [materialize_index(builder, s) for s in sizes if constant_value(s) is None]
        empty = builder.insert(tensor.EmptyOp(dynamic, tile_type))
        return builder.insert(linalg.FillOp([value], [empty.tensor], [tile_type]))

    def _slice_and_pad(
        self,
        builder: Builder,
        op: tensor.PadOp,
        starts: Sequence[OpFoldResult],
        lengths: Sequence[OpFoldResult],
        new_lows: Sequence[OpFoldResult],
        new_highs: Sequence[OpFoldResult],
        tile_type: TensorType,
    ) -> tuple[Operation, tensor.ExtractSliceOp, SSAValue]:
        slice_op = extract_slice(builder, op.source, starts, lengths)
        low_static = [c if (c := constant_value(v)) is not None else DYNAMIC_INDEX for v in new_lows]
        high_static = [c if (c := constant_value(v)) is not None else DYNAMIC_INDEX for v in new_highs]
        low_dynamic = [materialize_index(builder, v) for v in new_lows if constant_value(v) is None]
        high_dynamic = [materialize_index(builder, v) for v in new_highs if constant_value(v) is None]
        slice_type = slice_op.result.type
        assert isinstance(slice_type, TensorType)
        inferred = [
            s + lo + hi if DYNAMIC_INDEX not in (s, lo, hi) else DYNAMIC_INDEX
            for s, lo, hi in zip(slice_type.get_shape(), low_static, high_static, strict=True)
        ]
        pad_type = TensorType(tile_type.element_type, inferred)
        pad = builder.insert(
            tensor.PadOp(
                slice_op.result, low_dynamic, high_dynamic, op.region.clone(),
                low_static, high_static, pad_type, op.nofold,
            )
        )
        value = pad.result
        if pad_type != tile_type:
            value = builder.insert(tensor.CastOp(value, tile_type)).results[0]
        return pad, slice_op, value


def padded_sizes(builder: Builder, op: tensor.PadOp) -> list[OpFoldResult]:
    """Each dimension of the pad's result: `source + low + high` (ints when static)."""
    result_type = op.result.type
    assert isinstance(result_type, TensorType)
    lows = _mixed(_static_values(op.static_low), list(op.low))
    highs = _mixed(_static_values(op.static_high), list(op.high))
    math = _IndexMath(builder)
    sizes: list[OpFoldResult] = []
    for dim, static in enumerate(result_type.get_shape()):
        if static != DYNAMIC_INDEX:
            sizes.append(static)
        else:
            sizes.append(math.add(math.add(dim_size(builder, op.source, dim), lows[dim]), highs[dim]))
    return sizes


def _positive(value: OpFoldResult) -> bool:
    constant = constant_value(value)
    return constant is not None and constant > 0


register_tiling_model(tensor.PadOp, PadTilingModel())


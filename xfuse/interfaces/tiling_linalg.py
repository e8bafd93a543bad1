"""The tiling model of structured linalg ops, derived from their indexing maps.

One model serves every op whose iteration space is described by indexing maps: every xDSL
`LinalgStructuredOperation` (linalg.generic, matmul, fill, copy, transpose, the elementwise named
ops, convolutions, pooling) and xfuse's mmt4d / batch_mmt4d / batch_matmul (which subclass it), plus
`linalg.broadcast` and `linalg.reduce`, which xDSL 0.74 does not model as structured ops: for those
the maps are rebuilt from `dimensions` (`structured_view`), and everything after that is shared;
and xfuse's `linalg.map` (identity maps). xfuse's generated named ops (linalg_named.py,
`linalg.elementwise`, `linalg.contract`) are `LinalgStructuredOperation`s.

- operand tile = image of the iteration tile through the operand's map. A result `dN` maps the
  tile of loop N; a monotone sum `c0 + sum(ci * dN_i)` (ci >= 0, as in convolutions and pooling)
  maps to offset `sum(ci * offset_i)` and size `sum(ci * (size_i - 1)) + c0 + 1`, the slice
  xDSL's own tiling (`SliceParameters`) takes, on which the clone applies the unchanged map; a
  constant result reads the whole dimension. Anything else (mod, div, negative coefficients) is
  refused.
- tiled op = the same op class, cloned onto `tensor.extract_slice`s of its operands, with result
  types of the output tiles (properties, attributes and body kept, so named ops stay named);
  `linalg.index` in a body is shifted by the tile offset.
- operand tile -> iteration tile (consumer fusion) goes back through the operand's map, which
  must be a projected permutation; loops the map does not read take the whole domain; several
  operands must agree; a tile that cuts a reduction loop is refused (the tiled op would compute
  a partial reduction, not a tile of the result).

Only tensor semantics: ops on memrefs are refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.builder import Builder
from xdsl.dialects.linalg.ops import BroadcastOp, IndexOp
from xdsl.dialects.builtin import MemRefType, ShapedType, TensorType
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
)
from xdsl.rewriter import InsertPoint

from xfuse.dialects.linalg_map import MapOp
from xfuse.dialects.linalg_reduce import ReduceOp
from xfuse.interfaces.tiling import (
    IteratorType,
    OpFoldResult,
    Range,
    TilingInterface,
    TilingRefused,
    TilingResult,
    apply_affine_expr,
    constant_value,
    register_tiling_model,
    same_index,
)
from xfuse.interfaces.tiling_utils import disagreeing_tiles, dim_size, extract_slice, show_index

# -- a structured view of the ops ---------------------------------------------------------


@dataclass(frozen=True)
class StructuredView:
    """What the model needs of a structured op: operands (inputs then outputs), one indexing
    map per operand and one iterator type per loop."""

    op: Operation
    operands: tuple[SSAValue, ...]
    num_inputs: int
    maps: tuple[AffineMap, ...]
    iterator_types: tuple[IteratorType, ...]

    @property
    def num_loops(self) -> int:
        return len(self.iterator_types)

    @property
    def outputs(self) -> tuple[SSAValue, ...]:
        return self.operands[self.num_inputs :]


def _projection(rank: int, dropped: Sequence[int]) -> AffineMap:
    """(d0, ..., d{rank-1}) -> the dims not in `dropped`, in order."""
    return AffineMap(
        rank, 0, tuple(AffineExpr.dimension(d) for d in range(rank) if d not in set(dropped))
    )


def structured_view(op: Operation) -> StructuredView | None:
    """The indexing maps and iterators of `op`, or None when it is not a structured op."""
    if isinstance(op, LinalgStructuredOperation):
        return StructuredView(
            op,
            tuple(op.operands),
            len(op.inputs),
            tuple(m.data for m in op.get_indexing_maps()),
            tuple(it.data for it in op.get_iterator_types()),
        )
    if isinstance(op, MapOp):
        # init[d0..dn] = f(inputs[d0..dn]): identity maps, every loop parallel.
        rank = op.rank
        return StructuredView(
            op,
            tuple(op.operands),
            len(op.inputs),
            (AffineMap.identity(rank),) * len(op.operands),
            (IteratorType.PARALLEL,) * rank,
        )
    if isinstance(op, BroadcastOp):
        # init[d0..dn] = input[dims not in `dimensions`]: the loops are the init's dims.
        assert isinstance(op.init.type, ShapedType)
        rank = len(op.init.type.get_shape())
        return StructuredView(
            op,
            (op.input, op.init),
            1,
            (_projection(rank, op.dimensions.get_values()), AffineMap.identity(rank)),
            (IteratorType.PARALLEL,) * rank,
        )
    if isinstance(op, ReduceOp):
        # inits[dims not in `dimensions`] = reduce(inputs[d0..dn]): the loops are the inputs' dims.
        rank = len(cast(ShapedType, op.inputs[0].type).get_shape())
        reduced = set(op.dimensions.get_values())
        projection = _projection(rank, op.dimensions.get_values())
        return StructuredView(
            op,
            tuple(op.operands),
            len(op.inputs),
            (AffineMap.identity(rank),) * len(op.inputs) + (projection,) * len(op.inits),
            tuple(
                IteratorType.REDUCTION if d in reduced else IteratorType.PARALLEL
                for d in range(rank)
            ),
        )
    return None


def _view(op: Operation) -> StructuredView:
    view = structured_view(op)
    if view is None:
        raise TilingRefused(op, "not a structured linalg op")
    for index, indexing_map in enumerate(view.maps):
        if indexing_map.num_symbols:
            raise TilingRefused(op, f"indexing map #{index} has symbols")
    return view


# -- index maps -------------------------------------------------------------------------


def _linear_form(expr: AffineExpr) -> tuple[dict[int, int], int] | None:
    """`expr` as (coefficient per dim, constant), or None when it is not a linear form."""
    if isinstance(expr, AffineDimExpr):
        return {expr.position: 1}, 0
    if isinstance(expr, AffineConstantExpr):
        return {}, expr.value
    if isinstance(expr, AffineBinaryOpExpr):
        lhs, rhs = _linear_form(expr.lhs), _linear_form(expr.rhs)
        if lhs is None or rhs is None:
            return None
        if expr.kind == AffineBinaryOpKind.Add:
            coefficients = dict(lhs[0])
            for dim, c in rhs[0].items():
                coefficients[dim] = coefficients.get(dim, 0) + c
            return coefficients, lhs[1] + rhs[1]
        if expr.kind == AffineBinaryOpKind.Mul:
            if not lhs[0]:
                lhs, rhs = rhs, lhs
            if rhs[0]:
                return None  # a product of two dims is not affine
            factor = rhs[1]
            return {d: c * factor for d, c in lhs[0].items()}, lhs[1] * factor
    return None


def _from_linear_form(coefficients: dict[int, int], constant: int) -> AffineExpr:
    expr: AffineExpr = AffineExpr.constant(constant)
    for dim, c in sorted(coefficients.items()):
        expr = expr + AffineExpr.dimension(dim) * c
    return expr


def image_of_tile(
    builder: Builder,
    op: Operation,
    operand: SSAValue,
    operand_index: int,
    indexing_map: AffineMap,
    offsets: Sequence[OpFoldResult],
    sizes: Sequence[OpFoldResult],
) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
    """The slice of `operand` the iteration tile reads, such that the op with its unchanged map
    reads that slice at the same places (see the module docstring)."""
    out_offsets: list[OpFoldResult] = []
    out_sizes: list[OpFoldResult] = []
    last: dict[int, OpFoldResult] = {}  # size - 1 per loop, built on first need
    for position, expr in enumerate(indexing_map.results):
        if isinstance(expr, AffineDimExpr):
            out_offsets.append(offsets[expr.position])
            out_sizes.append(sizes[expr.position])
            continue
        form = _linear_form(expr)
        if form is None or any(c < 0 for c in form[0].values()) or form[1] < 0:
            raise TilingRefused(
                op,
                f"result #{position} ({expr}) of the indexing map of operand #{operand_index} "
                "is not a sum of loops with non-negative coefficients",
            )
        coefficients, constant = form
        if not any(coefficients.values()):
            # A constant index: the clone reads the same element of the whole dimension.
            out_offsets.append(0)
            out_sizes.append(dim_size(builder, operand, position))
            continue
        for loop in coefficients:
            if loop not in last:
                last[loop] = apply_affine_expr(builder, AffineExpr.dimension(0) - 1, [sizes[loop]])
        last_of_tile = [last.get(loop, 0) for loop in range(len(sizes))]
        # Offset without the constant: the clone adds it back when it applies the map.
        out_offsets.append(apply_affine_expr(builder, _from_linear_form(coefficients, 0), offsets))
        out_sizes.append(
            apply_affine_expr(builder, _from_linear_form(coefficients, constant + 1), last_of_tile)
        )
    return out_offsets, out_sizes


def _check_tile(
    op: Operation,
    view: StructuredView,
    offsets: Sequence[OpFoldResult],
    sizes: Sequence[OpFoldResult],
) -> None:
    if len(offsets) != view.num_loops or len(sizes) != view.num_loops:
        raise TilingRefused(
            op,
            f"expected {view.num_loops} offsets and sizes (one per loop), got "
            f"{len(offsets)} and {len(sizes)}",
        )


def _check_tensor_semantics(op: Operation, view: StructuredView) -> None:
    if any(isinstance(v.type, MemRefType) for v in view.operands):
        raise TilingRefused(op, "only ops on tensors are tiled (this one has memref operands)")


def loop_range(builder: Builder, view: StructuredView, loop: int) -> Range:
    """The whole range of `loop`: the size of the first operand dimension it indexes alone."""
    for operand, indexing_map in zip(view.operands, view.maps, strict=True):
        if not isinstance(operand.type, ShapedType):
            continue
        for position, expr in enumerate(indexing_map.results):
            if isinstance(expr, AffineDimExpr) and expr.position == loop:
                return Range(0, dim_size(builder, operand, position), 1)
    raise TilingRefused(
        view.op, f"no operand dimension is indexed by loop d{loop} alone, so its range is unknown"
    )


def _check_result_index(op: Operation, view: StructuredView, result_index: int) -> None:
    if not 0 <= result_index < len(op.results):
        raise TilingRefused(op, f"result #{result_index} does not exist")


# -- the model ----------------------------------------------------------------------------


class StructuredOpTilingModel(TilingInterface):
    """`TilingInterface` for every op `structured_view` understands."""

    def get_iteration_domain(self, builder: Builder, op: Operation) -> list[Range]:
        view = _view(op)
        return [loop_range(builder, view, loop) for loop in range(view.num_loops)]

    def get_loop_iterator_types(self, op: Operation) -> list[IteratorType]:
        return list(_view(op).iterator_types)

    def get_tiled_implementation(
        self,
        builder: Builder,
        op: Operation,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        view = _view(op)
        _check_tile(op, view, offsets, sizes)
        _check_tensor_semantics(op, view)
        slices: list[Operation] = []
        tiled_operands: list[SSAValue] = []
        for index, (operand, indexing_map) in enumerate(zip(view.operands, view.maps, strict=True)):
            if not isinstance(operand.type, TensorType):
                tiled_operands.append(operand)  # a scalar (e.g. the value of linalg.fill)
                continue
            slice_offsets, slice_sizes = image_of_tile(
                builder, op, operand, index, indexing_map, offsets, sizes
            )
            slice_op = extract_slice(builder, operand, slice_offsets, slice_sizes)
            slices.append(slice_op)
            tiled_operands.append(slice_op.result)
        result_types = [v.type for v in tiled_operands[view.num_inputs :]][: len(op.results)]
        tiled_op = type(op).create(
            operands=tiled_operands,
            result_types=result_types,
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=[region.clone() for region in op.regions],
            location=op.location,  # a tile keeps its op's location: diagnostics, xfuse.explain
        )
        builder.insert(tiled_op)
        offset_linalg_index(tiled_op, offsets)
        return TilingResult((tiled_op,), tuple(tiled_op.results), tuple(slices))

    def get_result_tile_position(
        self,
        builder: Builder,
        op: Operation,
        result_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        view = _view(op)
        _check_tile(op, view, offsets, sizes)
        _check_result_index(op, view, result_index)
        operand_index = view.num_inputs + result_index
        return image_of_tile(
            builder,
            op,
            view.operands[operand_index],
            operand_index,
            view.maps[operand_index],
            offsets,
            sizes,
        )

    def get_iteration_domain_tile_from_result_tile(
        self,
        builder: Builder,
        op: Operation,
        result_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        """The iteration tile computing the result tile: back through the result's map (a
        projected permutation); loops it does not read (reductions) take the whole domain."""
        view = _view(op)
        _check_result_index(op, view, result_index)
        operand_index = view.num_inputs + result_index
        return self._iteration_tile(
            builder, op, view, [operand_index], [offsets], [sizes], allow_cut_reductions=True
        )

    def generate_result_tile_value(
        self,
        builder: Builder,
        op: Operation,
        result_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        iteration_offsets, iteration_sizes = self.get_iteration_domain_tile_from_result_tile(
            builder, op, result_index, offsets, sizes
        )
        tiled = self.get_tiled_implementation(builder, op, iteration_offsets, iteration_sizes)
        return TilingResult(
            tiled.tiled_ops, (tiled.tiled_values[result_index],), tiled.generated_slices
        )

    def get_iteration_domain_tile_from_operand_tiles(
        self,
        builder: Builder,
        op: Operation,
        operand_indices: Sequence[int],
        all_offsets: Sequence[Sequence[OpFoldResult]],
        all_sizes: Sequence[Sequence[OpFoldResult]],
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        view = _view(op)
        return self._iteration_tile(
            builder, op, view, operand_indices, all_offsets, all_sizes, allow_cut_reductions=False
        )

    @staticmethod
    def _iteration_tile(
        builder: Builder,
        op: Operation,
        view: StructuredView,
        operand_indices: Sequence[int],
        all_offsets: Sequence[Sequence[OpFoldResult]],
        all_sizes: Sequence[Sequence[OpFoldResult]],
        allow_cut_reductions: bool,
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        if not (len(operand_indices) == len(all_offsets) == len(all_sizes)):
            raise TilingRefused(op, "expected one offsets list and one sizes list per operand")
        mapped: dict[int, tuple[OpFoldResult, OpFoldResult, int]] = {}
        for operand_index, offsets, sizes in zip(operand_indices, all_offsets, all_sizes, strict=True):
            if not 0 <= operand_index < len(view.operands):
                raise TilingRefused(op, f"operand #{operand_index} does not exist")
            indexing_map = view.maps[operand_index]
            if len(offsets) != len(indexing_map.results) or len(sizes) != len(indexing_map.results):
                raise TilingRefused(
                    op,
                    f"expected {len(indexing_map.results)} offsets and sizes for operand "
                    f"#{operand_index}, got {len(offsets)} and {len(sizes)}",
                )
            if not indexing_map.is_projected_permutation():
                raise TilingRefused(
                    op,
                    f"operand #{operand_index} is read through {indexing_map}, not a projected "
                    "permutation, so its tile does not determine an iteration tile",
                )
            for expr, offset, size in zip(indexing_map.results, offsets, sizes, strict=True):
                assert isinstance(expr, AffineDimExpr)
                loop = expr.position
                seen = mapped.get(loop)
                if seen is None:
                    mapped[loop] = (offset, size, operand_index)
                elif not (same_index(seen[0], offset) and same_index(seen[1], size)):
                    raise disagreeing_tiles(
                        op, seen[2], operand_index, loop, (seen[0], seen[1]), (offset, size)
                    )
        offsets: list[OpFoldResult] = []
        sizes: list[OpFoldResult] = []
        for loop in range(view.num_loops):
            must_be_whole = (
                not allow_cut_reductions and view.iterator_types[loop] == IteratorType.REDUCTION
            )
            if loop in mapped and not must_be_whole:
                offsets.append(mapped[loop][0])
                sizes.append(mapped[loop][1])
                continue
            # The whole range is only materialized (tensor.dim) where it is needed.
            whole = loop_range(builder, view, loop)
            if loop not in mapped:
                offsets.append(whole.offset)
                sizes.append(whole.size)
                continue
            offset, size, operand_index = mapped[loop]
            if not (same_index(offset, whole.offset) and same_index(size, whole.size)):
                raise TilingRefused(
                    op,
                    f"the tile of operand #{operand_index} cuts reduction loop d{loop} (offset "
                    f"{show_index(offset)} size {show_index(size)} of {show_index(whole.size)}): the tiled op "
                    "would compute a partial reduction, not a tile of the result",
                )
            offsets.append(offset)
            sizes.append(size)
        return offsets, sizes


def offset_linalg_index(tiled_op: Operation, offsets: Sequence[OpFoldResult]) -> None:
    """Make each `linalg.index` of the tiled body read the index it had before tiling.

    xDSL's `_offset_tiled_indices` does this for loop induction variables only (SSA offsets);
    here offsets may be static ints, which fold into the map.
    """
    if not tiled_op.regions or not tiled_op.regions[0].blocks:
        return
    block = tiled_op.regions[0].blocks[0]
    index_ops = [o for o in block.ops if isinstance(o, IndexOp)]
    for index_op in index_ops:
        offset = offsets[index_op.dim.value.data]
        if constant_value(offset) == 0:
            continue
        body_builder = Builder(InsertPoint.after(index_op))
        shifted = apply_affine_expr(
            body_builder,
            AffineExpr.dimension(0) + AffineExpr.dimension(1),
            [index_op.result, offset],
        )
        assert isinstance(shifted, SSAValue)
        index_op.result.replace_uses_with_if(shifted, lambda use: use.operation is not shifted.owner)


STRUCTURED_OP_TILING_MODEL = StructuredOpTilingModel()

register_tiling_model(LinalgStructuredOperation, STRUCTURED_OP_TILING_MODEL)
register_tiling_model(BroadcastOp, STRUCTURED_OP_TILING_MODEL)
register_tiling_model(ReduceOp, STRUCTURED_OP_TILING_MODEL)
register_tiling_model(MapOp, STRUCTURED_OP_TILING_MODEL)

"""The tiling model of `linalg.softmax` on tensors: tiles of whole softmax rows.

One loop per dimension of the input; the softmax dimension is a reduction (its max and sum read
the whole row), the others are parallel. A tile is the softmax of the same tile of the input
(`tensor.extract_slice` of input and init), so it is exact only when it spans the whole softmax
dimension: a tile that cuts it is refused (MLIR's own model accepts it and computes a softmax of
part of the row). Producer fusion asks for the same tiles. Consumer fusion is not implemented.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.builder import Builder
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Operation

from xfuse.dialects.linalg_aggregate import SoftmaxOp
from xfuse.interfaces.tiling import (
    IteratorType,
    OpFoldResult,
    Range,
    ResultTileIsIterationTile,
    TilingRefused,
    TilingResult,
    register_tiling_model,
    same_index,
)
from xfuse.interfaces.tiling_utils import dim_size, extract_slice, show_index


def _softmax(op: Operation) -> SoftmaxOp:
    if not isinstance(op, SoftmaxOp) or not isinstance(op.output.type, TensorType):
        raise TilingRefused(op, "only linalg.softmax on tensors is tiled")
    return op


class SoftmaxTilingModel(ResultTileIsIterationTile):
    """See the module docstring."""

    def get_iteration_domain(self, builder: Builder, op: Operation) -> list[Range]:
        softmax = _softmax(op)
        rank = len(softmax.output.type.get_shape())  # pyright: ignore[reportAttributeAccessIssue]
        return [Range(0, dim_size(builder, softmax.input, d)) for d in range(rank)]

    def get_loop_iterator_types(self, op: Operation) -> list[IteratorType]:
        softmax = _softmax(op)
        rank = len(softmax.output.type.get_shape())  # pyright: ignore[reportAttributeAccessIssue]
        dimension = softmax.dimension.value.data
        return [IteratorType.REDUCTION if d == dimension else IteratorType.PARALLEL for d in range(rank)]

    def get_tiled_implementation(
        self,
        builder: Builder,
        op: Operation,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        softmax = _softmax(op)
        d = softmax.dimension.value.data
        full = dim_size(builder, softmax.input, d)
        if not (same_index(offsets[d], 0) and same_index(sizes[d], full)):
            raise TilingRefused(
                op,
                f"a tile must span the whole softmax dimension {d} (offset 0, size {show_index(full)}), "
                f"got offset {show_index(offsets[d])}, size {show_index(sizes[d])}",
            )
        input_slice = extract_slice(builder, softmax.input, offsets, sizes)
        init_slice = extract_slice(builder, softmax.output, offsets, sizes)
        tiled = SoftmaxOp(input_slice.result, init_slice.result, d)
        tiled.attributes.update(softmax.attributes)
        tiled.location = softmax.location  # pyright: ignore[reportAttributeAccessIssue]
        builder.insert(tiled)
        return TilingResult((tiled,), tuple(tiled.results), (input_slice, init_slice))


register_tiling_model(SoftmaxOp, SoftmaxTilingModel())

"""Producers a contraction's register tile must not recompute: kept outside it by a fusion barrier.

`transform.structured.fuse` of a register tile takes every tileable producer up the operands'
chains, through slices and reshapes, each computed on the slice the tile reads. For a bias or a
residual that slice is the `MR x NR` tile. But a producer of the matmul's A operand is read as
`MR x K` and computed again in every column tile, and a row reduction (a LayerNorm's mean and
variance) needs its whole row in every tile. In a ViT block (dim 192, 197 tokens) the LayerNorm
before qkv / fc1 and the GELU before fc2 were so computed in each 6x16 tile of 12-48 column
tiles: two 47,000-line LLVM functions with 36,000 values of `vector<192xf32>`, 160-200 s of
compile (issue 39).

`keep_wide_producers_out(root, contraction, tile)` walks the register tile's producer graph as
the fusion would and cuts it, with a `bufferization.materialize_in_destination` of the operand
(not tileable: the fusion stops there; one-shot-bufferize makes it a copy or, when the empty
destination can be written in place, nothing), where the producer is *wide*:

- it computes the contraction's A or B operand and the reduction is longer than the tile's
  `NR` (its `MR x K` slice is more than the tile's accumulators, recomputed per column tile), or
- it has reduction loops longer than `NR` (each tile's few rows would reduce whole rows).

What stays fused: the matmul's init fill, the elementwise chain on the tile (bias, residual,
activation) and scheduled packs. The wide producer is computed once, as its own op (the
row-reduction and elementwise schedules take those at the top level).
"""

from __future__ import annotations

from math import prod

from xdsl.dialects import tensor
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineDimExpr
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.schedules.micro_tile import MicroTile
from xfuse.dialects.bufferization import MaterializeInDestinationOp

VIEWS = ("tensor.extract_slice", "tensor.collapse_shape", "tensor.expand_shape")
"""Ops the fusion looks through to the producer of a slice."""


def producer_of(value: SSAValue) -> Operation | None:
    """The op computing `value`, through `VIEWS`; None for a block argument."""
    while isinstance(value, OpResult) and value.op.name in VIEWS:
        value = value.op.operands[0]
    return value.op if isinstance(value, OpResult) else None


def reduction_extent(op: Operation) -> int:
    """Elements `op` reduces into each of its results' elements (1 when it reduces nothing)."""
    if op.name.startswith("linalg.pooling"):
        return prod(op.operands[1].type.get_shape())
    if op.name == "linalg.reduce":
        shape = op.operands[0].type.get_shape()
        return prod(shape[d] for d in op.properties["dimensions"].get_values())
    iterators = op.properties.get("iterator_types")
    maps = op.properties.get("indexing_maps")
    if iterators is None or maps is None:
        return 1
    extent = 1
    for dim, iterator in enumerate(iterators.data):
        if str(iterator.data) != "reduction":
            continue
        sizes = [value.type.get_shape()[position]
                 for value, map_ in zip(op.operands, maps.data) if isinstance(value.type, TensorType)
                 for position, expr in enumerate(map_.data.results)
                 if isinstance(expr, AffineDimExpr) and expr.position == dim]
        extent *= max(sizes, default=1)
    return extent


def _stays_fused(producer: Operation, contraction_attr: str, pack_attr: str) -> bool:
    """A contraction another group scheduled (its loops come first), a scheduled pack, an init."""
    return contraction_attr in producer.attributes or pack_attr in producer.attributes or \
        producer.name == "linalg.fill"


def _barrier(op: Operation, index: int) -> None:
    """Route operand `index` of `op` (an op's result) through a `materialize_in_destination` of
    it into an empty tensor, put right after the operand's definition."""
    value = op.operands[index]
    empty = tensor.EmptyOp([], value.type)
    barrier = MaterializeInDestinationOp(operands=[value, empty.results[0]], result_types=[value.type])
    Rewriter.insert_op([empty, barrier], InsertPoint.after(value.op))  # an OpResult: it has a producer
    operands = list(op.operands)
    operands[index] = barrier.results[0]
    op.operands = operands


def keep_wide_producers_out(root: Operation, contraction: Operation, tile: MicroTile,
                            contraction_attr: str, pack_attr: str) -> int:
    """Cut the register tile of `root` (with `contraction` in it) from its wide producers
    (module docstring); the number of barriers put in."""
    depth = contraction.operands[0].type.get_shape()[-1]
    barriers = 0
    seen: set[Operation] = set()
    work = [root]
    while work:
        op = work.pop()
        for index, value in enumerate(op.operands):
            producer = producer_of(value)
            if producer is None or not isinstance(value.type, TensorType) \
                    or not producer.name.startswith(("linalg.", "tensor.pad")):
                continue
            if producer is not contraction and not _stays_fused(producer, contraction_attr, pack_attr):
                feeds_k = op is contraction and index < 2 and depth > tile.nr
                if feeds_k or reduction_extent(producer) > tile.nr:
                    _barrier(op, index)
                    barriers += 1
                    continue
            if producer not in seen:
                seen.add(producer)
                work.append(producer)
    return barriers

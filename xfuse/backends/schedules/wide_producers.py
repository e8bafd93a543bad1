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
the fusion would and cuts it, with a `bufferization.materialize_in_destination` of the operand,
or of the producer's own result when the operand reads it through views (not tileable: the fusion
stops there; one-shot-bufferize makes it a copy or, when the empty destination can be written in
place, nothing: `_barrier`), where the producer is *wide*:

- it computes the contraction's A or B operand and the reduction is longer than the tile's
  `NR` (its `MR x K` slice is more than the tile's accumulators, recomputed per column tile), or
- it has reduction loops longer than `NR` (each tile's few rows would reduce whole rows).

- it computes a side operand of the fused chain and would need temporaries of its own in each
  tile (`SIDE_PRODUCERS_OUT`, `_allocates_in_tile`): it gathers (`tensor.extract`: an embedding
  lookup) or reads a computed tensor broadcast over the tile (a LayerNorm's `1 x MR x 1` row
  statistics), as the residual of a transformer's attention-output and FFN-down projections
  does. Each tile computes its `MR x NR` slice once, so nothing is recomputed, but each such
  slice is a `memref.alloc` per register tile after one-shot-bufferize (eight per 6x16 tile,
  1,400 per call of BERT small's projection), which a parallel loop's worker thread takes from
  `malloc` (the call's arena serves the calling thread only): BERT small's two-thread call spent
  0.6-1.4 ms of thread 1 against 0.1-0.2 of thread 0 in each such projection
  (docs/backend-measurements.md, "Zen 3, thirteenth session").

What stays fused: the matmul's init fill, the elementwise chain on the tile (bias, residual
add, activation), side producers that read their inputs whole-tile or broadcast weights (a
residual doubled, a LayerNorm's scale and shift), copies and scheduled packs. The wide producer is
computed once, as its own op (the row-reduction and elementwise schedules take those at the top
level).
"""

from __future__ import annotations

from math import prod

from xdsl.dialects import tensor
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
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


SIDE_PRODUCERS_OUT = True
"""Cut the side producers that need temporaries in each tile from the register tile (module
docstring); False keeps them fused (for A/Bs)."""


def _is_copy(op: Operation) -> bool:
    """A copy, broadcast or permutation of its one input (a bias broadcast), which allocates
    nothing in a tile and reads a weight."""
    if op.name in ("linalg.broadcast", "linalg.transpose", "linalg.copy"):
        return True
    if op.name != "linalg.generic" or len(op.regions) != 1 or len(op.operands) != 2:
        return False
    block = op.regions[0].block
    return len(block.ops) == 1 and list(block.last_op.operands) == [block.args[0]]


def _computed(value: SSAValue) -> bool:
    """`value` is computed by a linalg op (through views), not an argument, constant or global."""
    producer = producer_of(value)
    return producer is not None and producer.name.startswith("linalg.")


def _allocates_in_tile(op: Operation) -> bool:
    """`op`, fused into a register tile as a side producer, would compute into temporaries of
    the tile's own: its body gathers (`tensor.extract`), or it reads a computed tensor through
    a broadcasting map (a row statistic read as `MR x 1`)."""
    if not op.name.startswith("linalg.") or _is_copy(op) or len(op.regions) != 1:
        return False
    if any(inner.name == "tensor.extract" for inner in op.regions[0].walk()):
        return True
    maps = op.properties.get("indexing_maps")
    if maps is None:
        return False
    inputs = [v for v in op.operands[:len(maps.data) - len(op.results)] if isinstance(v.type, TensorType)]
    return any(_broadcasts(map_.data) and _computed(value) for value, map_ in zip(inputs, maps.data, strict=False))


def _broadcasts(map_: AffineMap) -> bool:
    """`map_` leaves out some of its loops (`(d0, d1, d2) -> (d0, d1, 0)`: one value per row)."""
    return len({expr.position for expr in map_.results if isinstance(expr, AffineDimExpr)}) < map_.num_dims


def _chain(root: Operation, contraction: Operation) -> set[Operation]:
    """The ops on the path from `contraction` to `root` (both included): what the fused tile
    computes from the contraction's result, as opposed to what feeds that path from the side."""
    downstream: set[Operation] = set()
    work = [contraction]
    while work:
        op = work.pop()
        for result in op.results:
            for use in result.uses:
                if use.operation not in downstream:
                    downstream.add(use.operation)
                    if use.operation is not root:  # what reads the root is not on the path
                        work.append(use.operation)
    upstream: set[Operation] = {root}
    work = [root]
    while work:
        op = work.pop()
        for value in op.operands:
            producer = producer_of(value)
            if producer is not None and producer in downstream and producer not in upstream:
                upstream.add(producer)
                work.append(producer)
    return upstream | {contraction}


def _stays_fused(producer: Operation, contraction_attr: str, pack_attr: str) -> bool:
    """A contraction another group scheduled (its loops come first), a scheduled pack, an init."""
    return contraction_attr in producer.attributes or pack_attr in producer.attributes or \
        producer.name == "linalg.fill"


INIT_ROOTS = ("linalg.fill", "tensor.empty")
"""Destination-chain roots a barrier clones rather than shares (`own_destination_chain`)."""


def _init_of(value: OpResult) -> SSAValue | None:
    """The destination operand `value`'s op writes `value` into, when the op has one."""
    outputs = getattr(value.op, "outputs", getattr(value.op, "inits", None))  # linalg.reduce: inits
    if outputs is None or len(outputs) != len(value.op.results) \
            or value.op.operands[len(value.op.operands) - len(outputs):] != tuple(outputs):
        return None  # the destinations are not the trailing operands: not a linalg op's layout
    return outputs[value.index]


def own_destination_chain(value: SSAValue) -> None:
    """Give the destination chain of `value` (its op's init, that op's init, ...) its own copy of
    a `linalg.fill` / `tensor.empty` root that other ops also read.

    One-shot-bufferize's `eliminate-empty-tensors` replaces the empty tensor at the root of a
    `materialize_in_destination`'s source chain by the barrier's destination, so every op of the
    chain writes that buffer. A root shared with other ops (torch-mlir's and CSE's one `+inf`
    fill for the four global minima of a quantized transformer layer's activations) then also
    writes the barrier's buffer for its other readers, and one-shot-bufferize stops with "cannot
    avoid RaW conflict". A fill or an empty costs nothing to repeat, so the chain gets its own."""
    while isinstance(value, OpResult) and value.op.name in VIEWS:
        value = value.op.operands[0]
    while isinstance(value, OpResult):
        init = _init_of(value)
        if not isinstance(init, OpResult):
            return
        root = init.op
        if init.has_more_than_one_use() and root.name in INIT_ROOTS:
            copies = [root.clone()]
            if root.name == "linalg.fill" and isinstance(root.operands[-1], OpResult) \
                    and root.operands[-1].op.name == "tensor.empty":
                empty = root.operands[-1].op.clone()
                copies[0].operands = [*root.operands[:-1], empty.results[0]]
                copies.insert(0, empty)
            Rewriter.insert_op(copies, InsertPoint.before(value.op))
            operands = list(value.op.operands)
            operands[len(operands) - len(value.op.results) + value.index] = copies[-1].results[0]
            value.op.operands = operands
            return
        if init.has_more_than_one_use():
            return
        value = init


BARRIER_AT_PRODUCER = True
"""The barrier stands on the wide producer's own result, below the views the operand reads it
through (`_barrier`); False: on the operand, as before (kept for the A/B)."""


def _barrier(op: Operation, index: int) -> None:
    """Route operand `index` of `op` (an op's result) through a `materialize_in_destination` of
    it into an empty tensor, put right after the operand's definition; the operand's destination
    chain gets its own fill (`own_destination_chain`).

    An operand that reads its producer through views (`VIEWS`: a LayerNorm's 3-D result collapsed
    to the matmul's 2-D rows, one head's slice of a batched softmax) gets the barrier on the
    producer's result instead, which every reader of that result then reads: `eliminate-empty-
    tensors` makes the barrier free only when the producer's destination, of the result's type,
    can become the barrier's; a barrier of the view's type was a copy (GPT-2: every LayerNorm
    before a matmul, 128 x 256, and every head's 128 x 128 probabilities before P.V)."""
    value = op.operands[index]
    base = value
    while BARRIER_AT_PRODUCER and isinstance(base, OpResult) and base.op.name in VIEWS:
        base = base.op.operands[0]
    if base is not value and isinstance(base, OpResult):
        own_destination_chain(base)
        empty = tensor.EmptyOp([], base.type)
        barrier = MaterializeInDestinationOp(operands=[base, empty.results[0]], result_types=[base.type])
        Rewriter.insert_op([empty, barrier], InsertPoint.after(base.op))
        base.replace_all_uses_with(barrier.results[0])
        barrier.operands = [base, empty.results[0]]
        return
    own_destination_chain(value)
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
    chain = _chain(root, contraction) if SIDE_PRODUCERS_OUT else set()
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
                side = SIDE_PRODUCERS_OUT and producer not in chain and _allocates_in_tile(producer)
                if feeds_k or side or reduction_extent(producer) > tile.nr:
                    _barrier(op, index)
                    barriers += 1
                    continue
            if producer not in seen:
                seen.add(producer)
                work.append(producer)
    return barriers

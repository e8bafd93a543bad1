"""`xfuse-batch-matmul-to-matmul`: the batch_matmuls that are plain matrix products become
`linalg.matmul`, which the micro-kernel schedule register-tiles (xfuse/backends/schedules/matmul.py).

torch-mlir lowers every ONNX `MatMul` of a 3-D activation by a 2-D weight to a
`linalg.batch_matmul` whose weight is first copied over the batch by a broadcasting
`linalg.generic` (`(d0, d1, d2) -> (d1, d2)` into the identity, body `linalg.yield %in`). The
copy costs a pass over the weight per call, and the batch form gets no register tiling. The
rewrites, all exact (same sums in the same order):

- B is such a broadcast of a 2-D `K x N` tensor (or, for an activation of rank 4 or more, as a
  Linear layer over NHWC activations is, a `tensor.collapse_shape` merging the batch dims of
  such a broadcast over several leading dims): every batch multiplies by the same matrix, so
  `C[b, m, n] = sum_k A[b, m, k] W[k, n]` is the matmul of A collapsed to `(B*M) x K` (its batch
  and rows are contiguous) with W itself; the result is expanded back to `B x M x N`. The copy
  disappears from the computation (and from the module when nothing else reads it).
- batch 1 (any B): A, B and C collapsed to 2-D.
- a small static batch (at most `MAX_UNROLLED_BATCH`, e.g. the heads of attention's Q.K^T and
  P.V): one matmul per batch on rank-reduced `tensor.extract_slice`s, inserted into the result
  with `tensor.insert_slice` (each a register-tiled matmul; the batch loop is unrolled).
- a larger static batch (Swin's windows x heads): the same matmul once, in an `scf.forall` over
  the batch, on the slices at the batch index, written back by `tensor.parallel_insert_slice`.

A per-batch product whose f32 N no vector width divides (Q.K^T over a 7x7 window's 49 tokens or
ViT's 197) would get no register tile: it is two or three matmuls, the columns up to a multiple
of 16, then a multiple of 4, then the 1-3 left (`column_blocks`), into the same accumulator.

The accumulator: an init made by `linalg.fill` of a `tensor.empty` gets a 2-D empty and fill of
its own, so the schedule fuses the fill into the register tile as for any matmul; another init
is collapsed. Per batch (unrolled or in the loop), the fill is redone on the batch's own slice
of the result, which bufferizes in place (`FILL_IN_RESULT`: a 2-D empty per batch was a buffer
copied into the result, a `malloc` per window on a worker thread in the loop). Only static shapes, default indexing maps (no transposed or broadcast operands
spelled in `indexing_maps`) and the default `cast` are rewritten; the rest is left as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import tensor
from xdsl.dialects.builtin import AnyFloat, ArrayAttr, IntegerAttr, ModuleOp, TensorType, i64
from xdsl.dialects.linalg.ops import FillOp, GenericOp, YieldOp
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.dialects.linalg import BatchMatmulOp
from xfuse.dialects.linalg_syntax import MATMUL, XDSL_NAMED_OPS_WITH_MLIR_SYNTAX
from xfuse.dialects.scf import ForallOp
from xfuse.dialects.tensor import ParallelInsertSliceOp

MLIR_FILL = next(c for c in XDSL_NAMED_OPS_WITH_MLIR_SYNTAX if c.name == "linalg.fill")
"""linalg.fill with MLIR's syntax (what the parser builds; xDSL's own class prints differently)."""

ROWS = [[0, 1], [2]]
"""Reassociation of a `B x M x N` tensor into `(B*M) x N`."""
COLUMN_BLOCKS = (16, 8)
"""Column blocks (f32 elements) a per-batch product with no vector-divisible N is split at
(`column_blocks`): 16 divides into AVX-512's and AVX2's registers alike."""
FILL_IN_RESULT = True
"""A per-batch product whose init is a fill computes in its slice of the result (`_batch_matmul_at`);
False: in a 2-D empty of its own, inserted (copied) afterwards (the A/B switch)."""
MAX_UNROLLED_BATCH = 16
"""A batch_matmul of a larger (static) batch, whose B is not a broadcast, becomes an `scf.forall`
over the batch (`_batch_loop`) instead of that many matmuls."""


def _static(type_) -> bool:
    return isinstance(type_, TensorType) and type_.get_num_dims() == 3 and all(d >= 0 for d in type_.get_shape())


def broadcast_source(value: SSAValue) -> SSAValue | None:
    """The 2-D tensor W when `value` copies W over its leading batch dim(s) (`broadcast_copy`)."""
    copy = broadcast_copy(value)
    return None if copy is None else copy[0]


def broadcast_copy(value: SSAValue) -> tuple[SSAValue, list[Operation]] | None:
    """(W, the ops that copy it, outermost first) when `value`, of rank 3, is W (2-D) copied over
    the leading batch dim: a `linalg.generic` with maps `(d0, d1, d2) -> (d1, d2)` and identity,
    all parallel, body `linalg.yield %in`; or the `tensor.collapse_shape` of such a copy over
    several leading dims, `(d0, ..., dr) -> (d(r-1), dr)`, that merges only those batch dims
    (torch-mlir's MatMul of a 4-D activation by a 2-D weight)."""
    op = value.owner
    ops: list[Operation] = []
    if isinstance(op, tensor.CollapseShapeOp):
        source_type = op.src.type
        rank = source_type.get_num_dims() if isinstance(source_type, TensorType) else 0
        groups = [[i.value.data for i in group.data] for group in op.reassociation.data]
        if rank < 4 or groups != [list(range(rank - 2)), [rank - 2], [rank - 1]]:
            return None
        ops.append(op)
        op = op.src.owner
    if not isinstance(op, GenericOp) or len(op.inputs) != 1 or len(op.outputs) != 1:
        return None
    source = op.inputs[0]
    rank = op.outputs[0].type.get_num_dims() if isinstance(op.outputs[0].type, TensorType) else 0
    projection = AffineMap.minor_identity(rank, 2) if rank >= 3 else None
    maps = [m.data for m in op.indexing_maps.data]
    if (not isinstance(source.type, TensorType) or source.type.get_num_dims() != 2
            or (not ops and rank != 3)
            or maps != [projection, AffineMap.identity(rank)]
            or any(str(i.data) != "parallel" for i in op.iterator_types.data)):
        return None
    body = op.body.block
    yield_op = body.last_op
    if len(body.ops) != 1 or not isinstance(yield_op, YieldOp) or list(yield_op.operands) != [body.args[0]]:
        return None
    return source, [*ops, op]


def _collapse(value: SSAValue, anchor: Operation) -> SSAValue:
    b, m, n = value.type.get_shape()
    op = tensor.CollapseShapeOp(
        operands=[value], result_types=[TensorType(value.type.get_element_type(), [b * m, n])],
        properties={"reassociation": ArrayAttr(ArrayAttr(IntegerAttr(i, i64) for i in g) for g in ROWS)})
    Rewriter.insert_op(op, InsertPoint.before(anchor))
    return op.results[0]


def _accumulator(init: SSAValue, anchor: Operation) -> SSAValue:
    """The 2-D init: a fresh empty + fill for a fill of an empty, else the init collapsed."""
    fill = init.owner
    if isinstance(fill, FillOp) and isinstance(fill.outputs[0].owner, tensor.EmptyOp):
        b, m, n = init.type.get_shape()
        empty = tensor.EmptyOp([], TensorType(init.type.get_element_type(), [b * m, n]))
        Rewriter.insert_op(empty, InsertPoint.before(anchor))
        new = MLIR_FILL([fill.inputs[0]], [empty.tensor], [empty.tensor.type])
        Rewriter.insert_op(new, InsertPoint.before(anchor))
        return new.results[0]
    return _collapse(init, anchor)


def rewrite_batch_matmul(op: Operation) -> bool:
    """Rewrite one `linalg.batch_matmul` as described in the module doc; False if it does not qualify."""
    if not isinstance(op, BatchMatmulOp) or len(op.results) != 1 or op.properties.get("cast") is not None:
        return False
    if [m.data for m in op.get_indexing_maps().data] != list(op.DEFAULT_INDEXING_MAPS):
        return False
    a, b = op.inputs
    init = op.outputs[0]
    if not all(_static(v.type) for v in (a, b, init)):
        return False
    copy = broadcast_copy(b)
    weight = None if copy is None else copy[0]
    batch = b.type.get_shape()[0]
    if weight is None and batch != 1:
        if batch > MAX_UNROLLED_BATCH:
            _batch_loop(op)
        else:
            _unroll_batch(op)
        return True
    lhs = _collapse(a, op)
    rhs = weight if weight is not None else _collapse(b, op)
    acc = _accumulator(init, op)
    matmul = MATMUL([lhs, rhs], [acc], [acc.type])
    Rewriter.insert_op(matmul, InsertPoint.before(op))
    result_type = op.results[0].type
    expand = tensor.ExpandShapeOp(matmul.results[0], [], ArrayAttr(
        ArrayAttr(IntegerAttr(i, i64) for i in g) for g in ROWS), result_type.get_shape(), result_type)
    Rewriter.insert_op(expand, InsertPoint.before(op))
    op.results[0].replace_all_uses_with(expand.results[0])
    Rewriter.erase_op(op)
    for dead in [*(copy[1] if copy is not None else []), init.owner]:
        erase_if_dead(dead)
    return True


def erase_if_dead(op: object) -> None:
    """Erase a copy or fill (an op) nobody reads any more, and then its destination `tensor.empty`."""
    if not isinstance(op, Operation) or op.parent is None or any(r.uses for r in op.results):
        return
    destinations = [v.owner for v in op.operands if isinstance(v.owner, tensor.EmptyOp)]
    Rewriter.erase_op(op)
    for empty in destinations:
        erase_if_dead(empty)


def _fill_of_empty(init: SSAValue) -> FillOp | None:
    """The `linalg.fill` of a `tensor.empty` that `init` is, else None."""
    fill = init.owner
    return fill if isinstance(fill, FillOp) and isinstance(fill.outputs[0].owner, tensor.EmptyOp) else None


def _result_tensor(op: BatchMatmulOp, fill: FillOp | None) -> SSAValue:
    """What the per-batch results are inserted into: a fresh empty when the init is a fill (each
    batch fills its own 2-D accumulator), else the init."""
    if fill is None:
        return op.outputs[0]
    empty = tensor.EmptyOp([], op.outputs[0].type)
    Rewriter.insert_op(empty, InsertPoint.before(op))
    return empty.tensor


def column_blocks(n: int, element_bits: int) -> list[tuple[int, int]]:
    """The (first column, columns) blocks a per-batch product of `n` columns is computed in: one
    block, unless n is an f32 width that no vector divides (Q.K^T's 49 columns of a 7x7 window,
    ViT's 197 tokens), which gets no register tile (`choose_tile_at_any_width`). Then the columns
    up to the last multiple of `COLUMN_BLOCKS`' largest fitting block are a block that does, the
    multiple of 4 after them one that a 4-lane tile does (ViT's 197 = 192 + 4 + 1: the 5 it left
    ran as the generic lowering), and the last 1-3 columns a narrow one."""
    if element_bits != 32 or n % 4 == 0:
        return [(0, n)]
    head = next((n - n % block for block in COLUMN_BLOCKS if n >= block), 0)
    quads = (n - head) - (n - head) % 4
    sizes = [size for size in (head, quads, n % 4) if size]
    starts = [sum(sizes[:i]) for i in range(len(sizes))]
    return list(zip(starts, sizes, strict=True))


def _batch_matmul_at(op: BatchMatmulOp, index: int | SSAValue, at: InsertPoint, result: SSAValue,
                     fill: FillOp | None) -> SSAValue:
    """Batch `index`'s product, built at `at`: A and B sliced there (rank-reduced), into the slice
    of `result` at `index`, filled first when the init is `fill` (`FILL_IN_RESULT`); one matmul,
    or one per column block of `column_blocks`, inserted into one 2-D result."""
    a, b = op.inputs
    _, m, n = op.outputs[0].type.get_shape()
    k = a.type.get_shape()[2]
    element = op.outputs[0].type.get_element_type()

    def insert(new: Operation) -> SSAValue:
        Rewriter.insert_op(new, at)
        return new.results[0]

    def block(value: SSAValue, offsets: list, rows: int, cols: int) -> SSAValue:
        # The slice keeps its operand's element type: an i8 x i8 -> i32 product slices i8 inputs.
        rank = len(offsets)
        return insert(tensor.ExtractSliceOp(value, offsets, [1] * (rank - 2) + [rows, cols], [1] * rank,
                                            TensorType(value.type.get_element_type(), [rows, cols])))

    def filled(value: SSAValue) -> SSAValue:
        return insert(MLIR_FILL([fill.inputs[0]], [value], [value.type]))

    lhs, rhs = block(a, [index, 0, 0], m, k), block(b, [index, 0, 0], k, n)
    init = None if fill is not None else block(result, [index, 0, 0], m, n)
    blocks = column_blocks(n, element.bitwidth if isinstance(element, AnyFloat) else 0)
    # With a fill init the product is written into its own slice of `result` (the fresh empty the
    # batches are inserted into, `_result_tensor`): each block's fill and matmul then bufferize in
    # the result, where a 2-D empty of its own was a separate buffer copied into it afterwards
    # (`memref.copy` of ViT's 197 x 192 head block, three per layer, each on one thread).
    empty = None
    if init is None:
        empty = (block(result, [index, 0, 0], m, n) if FILL_IN_RESULT
                 else insert(tensor.EmptyOp([], TensorType(element, [m, n]))))
    if len(blocks) == 1:
        acc = init if init is not None else filled(empty)
        return insert(MATMUL([lhs, rhs], [acc], [acc.type]))
    whole = init if init is not None else empty
    for start, cols in blocks:
        # Each block fills its slice of the whole result: bufferized in place, where a fill of its
        # own was copied into the whole by `memrefCopy` (a fifth of ViT's Q.K^T time).
        acc = block(init, [0, start], m, cols) if init is not None else filled(block(whole, [0, start], m, cols))
        part = insert(MATMUL([lhs, block(rhs, [0, start], k, cols)], [acc], [acc.type]))
        whole = insert(tensor.InsertSliceOp.from_static_parameters(part, whole, [0, start], [m, cols]))
    return whole


def _replace_batch_matmul(op: BatchMatmulOp, result: SSAValue, fill: FillOp | None) -> None:
    op.results[0].replace_all_uses_with(result)
    Rewriter.erase_op(op)
    erase_if_dead(fill)


def _unroll_batch(op: BatchMatmulOp) -> None:
    """One matmul per batch on rank-reduced slices, each into a 2-D fill of its own (or a slice
    of the init), inserted into the result in turn."""
    batch, m, n = op.outputs[0].type.get_shape()
    fill = _fill_of_empty(op.outputs[0])
    result = _result_tensor(op, fill)
    for index in range(batch):
        matmul = _batch_matmul_at(op, index, InsertPoint.before(op), result, fill)
        insert = tensor.InsertSliceOp.from_static_parameters(matmul, result, [index, 0, 0], [1, m, n])
        Rewriter.insert_op(insert, InsertPoint.before(op))
        result = insert.result
    _replace_batch_matmul(op, result, fill)


def _batch_loop(op: BatchMatmulOp) -> None:
    """An `scf.forall` over the batch, one matmul per iteration on rank-reduced slices at the
    batch index, each into a 2-D fill of its own (or its slice of the init), written back by
    `tensor.parallel_insert_slice`: the matmul is register-tiled like any other, the code is one
    matmul's however large the batch (Swin's 64 windows x heads), and threads share the batch."""
    batch, m, n = op.outputs[0].type.get_shape()
    fill = _fill_of_empty(op.outputs[0])
    loop = ForallOp.from_bounds([batch], [_result_tensor(op, fill)])
    Rewriter.insert_op(loop, InsertPoint.before(op))
    index, shared = loop.induction_vars[0], loop.region_iter_args[0]
    matmul = _batch_matmul_at(op, index, InsertPoint.before(loop.terminator), shared, fill)
    loop.terminator.body.add_op(ParallelInsertSliceOp(matmul, shared, [index, 0, 0], [1, m, n]))
    _replace_batch_matmul(op, loop.res[0], fill)


def batch_matmuls_to_matmuls(module: ModuleOp) -> int:
    """Rewrite every qualifying batch_matmul of `module`; the number rewritten."""
    return sum(rewrite_batch_matmul(op) for op in list(module.walk()) if isinstance(op, BatchMatmulOp))


@dataclass(frozen=True)
class BatchMatmulToMatmulPass(ModulePass):
    """`xfuse-batch-matmul-to-matmul` (module doc)."""

    name = "xfuse-batch-matmul-to-matmul"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        batch_matmuls_to_matmuls(op)

"""Residual additions computed in the buffer of the operand they read for the last time.

A convolution's fused epilogue that adds a residual, `relu(conv(x) + r)`, is a `linalg.generic`
reading `r` and writing a `tensor.empty`: bufferized, a third buffer of the activation's size
beside `r` and the convolution's input, all live at once. ResNet-50's 56 x 56 x 256 blocks held
two such 3 MiB buffers at its peak, where onnxruntime's planner reuses the residual's buffer for
the sum (its Add/Sum are in place when an input dies there). When `r` is read for the last time
by the epilogue, the epilogue may write into it instead:

    %e = tensor.empty() : tensor<1x56x56x256xf32>
    %y = linalg.generic ins(%c, %r) outs(%e) {^bb0(%a, %b, %o): ... %a + %b ...}
  ->
    %y = linalg.generic ins(%c) outs(%r) {^bb0(%a, %b): ... %a + %b ...}

Element by element the op reads `r[i]` before it writes `y[i]`, so tiling and vectorizing it
stay correct; one-shot-bufferize then computes `y` in `r`'s buffer (in place: nothing reads
`r` later). Whether in place is safe remains bufferization's decision: were `r` read later or
not writable, it would copy (slower, never wrong).

Rewritten, after `plan_convolutions` marked the module: each convolution root
(`CONV_ROOT_ATTR`) that is an elementwise `linalg.generic` at a function's top level (every map
an identity, every loop parallel, one result, its destination a `tensor.empty` only it uses, the
destination's block argument unread), taking the first input that has the result's type, is the
result of a linalg op in the same block that no schedule fuses into this root's tiles (a root of
its own, `CONV_ROOT_ATTR`, or an op no schedule marked), and has no reader after the root.

The same in a parallel channel split (ResNet-50's stride-2 blocks: an `scf.forall` over blocks
of 64 output channels, each iteration inserting its slice into a `tensor.empty`): when an
iteration reads exactly its own slice of a materialized `r` (the slice it inserts) and nothing
reads `r` after the loop, `r` becomes the loop's shared output and the iteration reads that
slice of the shared output instead. Each iteration still reads `r[slice]` before writing it
(the shared output's initial value, in tensor semantics); bufferized, the loop writes into
`r`'s buffer.

The iteration's slice of the shared output is then taken twice: as the residual the root
reads, and as the destination the tile computes into, which a producer fused into the tiles
writes first (the bias broadcast into the convolution's accumulator: `linalg.broadcast
ins(%bias) outs(%slice)`). Tiled, the loops over register tiles write the destination while
later tiles still read the residual's slice, a value from before those writes; one-shot-bufferize
cannot tell that each tile reads only what it writes, so it gave the destination a buffer of its
own in every iteration: a `memref.alloc`, the slice copied into it, the tile computed there and
copied back (two strided `memrefCopy` calls a tile: ResNet-50's 1x1 expansions with the residual
add ran at 35-61 GFLOP/s against 64-82 without it). So, as at the top level, the root reads
the residual through its destination (`_root_reads_its_destination`: the residual's slice, or
the same reshape of it flat_pixels.py made, becomes the root's destination), and each producer
that wrote the old destination without reading it gets a `tensor.empty` of its own (the
schedule keeps that accumulator in registers). Each register tile then reads the residual's
elements from the buffer it writes, before it writes them, and bufferization keeps it in place.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, TensorType
from xdsl.dialects.linalg.ops import GenericOp, IteratorType
from xdsl.dialects.tensor import EmptyOp
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.schedules.conv import CONV_ROOT_ATTR
from xfuse.backends.schedules.matmul import _is_identity

__all__ = ["residuals_in_place"]

ROOT_READS_ITS_DESTINATION = True
"""In a split loop, the root reads the residual through its destination and the producers that
wrote that destination get a `tensor.empty` (module doc); False keeps both slices (bufferization
then copies the slice in and out of a buffer of its own in every iteration)."""


def _identity_elementwise(op: Operation) -> bool:
    if not isinstance(op, GenericOp) or len(op.outputs) != 1 or len(op.res) != 1:
        return False
    if any(kind.data != IteratorType.PARALLEL for kind in op.iterator_types.data):
        return False
    return all(_is_identity(m.data) for m in op.indexing_maps.data)


def _materialized(value: SSAValue) -> bool:
    """`value` is a whole buffer of its own: a linalg op's or a parallel loop's result that no
    schedule fuses into its user's tiles."""
    if not isinstance(value, OpResult) or not (value.op.name.startswith("linalg.") or value.op.name == "scf.forall"):
        return False
    marks = [name for name in value.op.attributes if name.startswith("xfuse.")]
    return not marks or CONV_ROOT_ATTR in marks


def _last_read_by(value: SSAValue, op: Operation, order: dict[Operation, int]) -> bool:
    """Every reader of `value` is `op` (once) or a top-level op before it."""
    readers = 0
    for use in value.uses:
        user: Operation | None = use.operation
        while user is not None and user not in order:
            user = user.parent_op()
        if user is None:
            return False
        if user is op:
            readers += 1
        elif order[user] >= order[op]:
            return False
    return readers == 1


def _residual_operand(op: GenericOp, order: dict[Operation, int]) -> int | None:
    """The index (among the inputs) of the operand `op` may write into, None if none may."""
    init = op.outputs[0]
    if not (isinstance(init, OpResult) and init.op.name == "tensor.empty" and len(list(init.uses)) == 1):
        return None
    body = op.body.block
    if list(body.args[-1].uses):
        return None
    for index, value in enumerate(op.inputs):
        if value.type == op.res[0].type and _materialized(value) and _last_read_by(value, op, order):
            return index
    return None


def _rewrite(op: GenericOp, index: int) -> GenericOp:
    residual = op.inputs[index]
    empty = op.outputs[0]
    body = op.body.block
    body.args[index].replace_all_uses_with(body.args[-1])
    body.erase_arg(body.args[index])
    maps = list(op.indexing_maps.data)
    del maps[index]
    region = op.detach_region(op.body)
    new = GenericOp([v for i, v in enumerate(op.inputs) if i != index], [residual], region, ArrayAttr(maps),
                    op.iterator_types, [r.type for r in op.res])
    new.attributes.update(op.attributes)
    Rewriter.replace_op(op, new)
    assert isinstance(empty, OpResult)
    if not list(empty.uses):
        Rewriter.erase_op(empty.op)
    return new


def _single_empty_destination(op: Operation) -> OpResult | None:
    """`op`'s only destination when it is a `tensor.empty` nothing else uses."""
    init = op.operands[-1] if op.operands else None
    if isinstance(init, OpResult) and init.op.name == "tensor.empty" and len(list(init.uses)) == 1:
        return init
    return None


def _same_slice(read: Operation, insert: Operation) -> bool:
    """`read` (extract_slice) takes the slice that `insert` (parallel_insert_slice) writes."""
    keys = ("static_offsets", "static_sizes", "static_strides")
    return all(read.properties.get(k) == insert.properties.get(k) for k in keys) and \
        list(read.operands[1:]) == list(insert.operands[2:])


def _forall_residual(loop: Operation, order: dict[Operation, int]) -> Operation | None:
    """The extract_slice of `loop`'s body that may read the shared output instead (module doc)."""
    if len(loop.results) != 1 or _single_empty_destination(loop) is None:
        return None
    body = loop.regions[0].block
    shared = body.args[-1]
    inserts = list(body.last_op.regions[0].block.ops) if body.last_op.regions else []
    if len(inserts) != 1 or inserts[0].name != "tensor.parallel_insert_slice" or inserts[0].operands[1] is not shared:
        return None
    for read in body.ops:
        if read.name != "tensor.extract_slice":
            continue
        residual = read.operands[0]
        if residual.type != loop.results[0].type or not _materialized(residual) or not _same_slice(read, inserts[0]):
            continue
        assert isinstance(residual, OpResult)
        if residual.op.parent_block() is loop.parent_block() and _last_read_by(residual, loop, order):
            return read
    return None


def _writes_without_reading(op: Operation, destination: SSAValue) -> bool:
    """`destination` is `op`'s only init and `op` does not read it (a broadcast, a fill, a
    generic whose output block argument is unused)."""
    if op.name in ("linalg.broadcast", "linalg.fill"):
        return op.operands[-1] is destination and sum(v is destination for v in op.operands) == 1
    if isinstance(op, GenericOp):
        return (len(op.outputs) == 1 and op.outputs[0] is destination and destination not in op.inputs
                and not list(op.body.block.args[-1].uses))
    return False


RESHAPES = ("tensor.collapse_shape", "tensor.expand_shape")


def _reshaped_from(value: SSAValue) -> tuple[SSAValue, list[SSAValue]]:
    """The value `value` reshapes (through collapse/expand_shape ops, as flat_pixels.py views a
    tile's pixels as one row), and the values from it to `value`, `value` last."""
    chain = [value]
    while isinstance(chain[0], OpResult) and chain[0].op.name in RESHAPES:
        chain.insert(0, chain[0].op.operands[0])
    return chain[0], chain[1:]


def _root_reads_its_destination(loop: Operation, residual_read: Operation) -> bool:
    """In `loop`'s body, make the convolution root that adds the residual slice (or a reshape
    of it) read it through its destination, and give the producers that wrote that destination
    a `tensor.empty` (module doc); whether it did."""
    block = loop.regions[0].block
    insert = next(iter(block.last_op.regions[0].block.ops))
    roots = [op for op in block.ops if CONV_ROOT_ATTR in op.attributes and _identity_elementwise(op)]
    for root in roots:
        assert isinstance(root, GenericOp)
        if list(root.body.block.args[-1].uses):
            continue
        index = next((i for i, v in enumerate(root.inputs) if v.type == root.outputs[0].type
                      and _reshaped_from(v)[0] is residual_read.results[0]), None)
        if index is None:
            continue
        residual_chain = _reshaped_from(root.inputs[index])[1]
        slice_, chain = _reshaped_from(root.outputs[0])
        if (not isinstance(slice_, OpResult) or slice_.op.name != "tensor.extract_slice"
                or slice_.op.operands[0] is not block.args[-1] or not _same_slice(slice_.op, insert)
                or any(len(list(v.uses)) != 1 for v in residual_chain)
                or len(list(residual_read.results[0].uses)) != 1):
            continue
        steps = [slice_, *chain]
        followers = {value: steps[i + 1].op if i + 1 < len(steps) else root for i, value in enumerate(steps)}
        writers = [(use.operation, value) for value in steps for use in value.uses
                   if use.operation is not followers[value]]
        if not all(w.parent_block() is block and _writes_without_reading(w, value) and
                   isinstance(value.type, TensorType) and all(d >= 0 for d in value.type.get_shape())
                   for w, value in writers):
            continue
        for writer, value in writers:
            empty = EmptyOp([], value.type)
            Rewriter.insert_op(empty, InsertPoint.before(writer))
            writer.operands[len(writer.operands) - 1] = empty.results[0]
        _rewrite(root, index)  # its destination: the residual's (reshaped) slice
        for value in reversed(steps[:-1]):  # the last was erased by `_rewrite`, once unused
            if isinstance(value, OpResult) and not list(value.uses):
                Rewriter.erase_op(value.op)
        return True
    return False


def residuals_in_place(module: ModuleOp) -> int:
    """Rewrite every convolution root of `module` that may write into its residual (module
    doc); how many were rewritten."""
    rewritten = 0
    for function in [op for op in module.walk() if isinstance(op, func.FuncOp)]:
        if not function.body.blocks:
            continue
        block = function.body.block
        order = {o: i for i, o in enumerate(block.ops)}
        for op in list(block.ops):
            if op.name == "scf.forall" and (read := _forall_residual(op, order)) is not None:
                empty = op.operands[-1]
                assert isinstance(empty, OpResult)
                op.operands[len(op.operands) - 1] = read.operands[0]
                read.operands[0] = op.regions[0].block.args[-1]
                Rewriter.erase_op(empty.op)
                if ROOT_READS_ITS_DESTINATION:
                    _root_reads_its_destination(op, read)
                rewritten += 1
                continue
            if CONV_ROOT_ATTR not in op.attributes or not _identity_elementwise(op):
                continue
            assert isinstance(op, GenericOp)
            index = _residual_operand(op, order)
            if index is not None:
                order[_rewrite(op, index)] = order[op]
                rewritten += 1
    return rewritten

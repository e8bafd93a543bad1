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

A split in parts (flat_pixels.py's 45 + 4 pixels of a 7x7 layer: each part a root on static
slices of the reshaped residual and destination, the results inserted one after the other
into a `tensor.empty` that the loop inserts into its shared output) copied the same way. There
each root reads its part of the residual through its destination, the parts are inserted into
the reshaped residual slice instead of the empty (`_assemble_in_the_residual`), and part k
reads its residual part from the assembly after parts 1..k-1, which the parts, disjoint, leave
equal to the residual there; each extract/insert pair then bufferizes in place.
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


def _static_slice_of(value: SSAValue, whole: SSAValue) -> Operation | None:
    """The `tensor.extract_slice` with static offsets, sizes and strides that takes `value` out
    of `whole`, None if `value` is not one (`value is whole` is handled by the caller)."""
    if isinstance(value, OpResult) and value.op.name == "tensor.extract_slice" and len(value.op.operands) == 1 \
            and value.op.operands[0] is whole:
        return value.op
    return None


def _same_static_slice(a: Operation, b: Operation) -> bool:
    keys = ("static_offsets", "static_sizes", "static_strides")
    return all(a.properties.get(k) == b.properties.get(k) for k in keys)


def _disjoint(slices: list[Operation]) -> bool:
    """The static slices (unit strides) cover pairwise disjoint boxes."""
    boxes = []
    for op in slices:
        if any(s != 1 for s in op.properties["static_strides"].get_values()):
            return False
        boxes.append(list(zip(op.properties["static_offsets"].get_values(), op.properties["static_sizes"].get_values())))
    return all(any(a + n <= b or b + m <= a for (a, n), (b, m) in zip(x, y, strict=True))
               for i, x in enumerate(boxes) for y in boxes[i + 1:])


def _root_reads_its_destination(loop: Operation, residual_read: Operation) -> bool:
    """In `loop`'s body, make each convolution root that adds the residual slice (or a reshape
    of it, or a static part of that: flat_pixels.py's and column_split.py's parts) read it
    through its destination, give the producers that wrote the old destination a `tensor.empty`,
    and assemble the parts in the residual's slice (module doc); whether it did."""
    block = loop.regions[0].block
    insert = next(iter(block.last_op.regions[0].block.ops))
    residual_whole = _reshaped_from_users(residual_read.results[0])
    if residual_whole is None:
        return False
    pairs = []  # (root, index of its residual input, the static slice of the residual or None)
    destination_whole = None
    for root in (op for op in block.ops if CONV_ROOT_ATTR in op.attributes and _identity_elementwise(op)):
        assert isinstance(root, GenericOp)
        for index, value in enumerate(root.inputs):
            part = None if value is residual_whole else _static_slice_of(value, residual_whole)
            if value is not residual_whole and part is None:
                continue
            whole, chain = _reshaped_from(root.outputs[0] if part is None else
                                          (root.outputs[0].op.operands[0] if isinstance(root.outputs[0], OpResult)
                                           and root.outputs[0].op.name == "tensor.extract_slice" else root.outputs[0]))
            outs_part = _static_slice_of(root.outputs[0], chain[-1] if chain else whole)
            if part is not None and (outs_part is None or not _same_static_slice(part, outs_part)):
                return False
            if (not isinstance(whole, OpResult) or whole.op.name != "tensor.extract_slice"
                    or whole.op.operands[0] is not block.args[-1] or not _same_slice(whole.op, insert)
                    or (chain[-1] if chain else whole).type != residual_whole.type
                    or list(root.body.block.args[-1].uses) or value.type != root.outputs[0].type):
                return False
            if destination_whole is None:
                destination_whole = (whole, chain)
            elif destination_whole[0] is not whole:
                return False
            pairs.append((root, index, part))
            break
    if not pairs:
        return False
    whole, chain = destination_whole
    steps = [whole, *chain]
    roots = {root for root, _, _ in pairs}
    # every other reader of the old destination (a value of the chain, or a static part of its
    # end) must be a producer that writes it without reading it
    writers = []
    for i, value in enumerate(steps):
        for use in value.uses:
            user = use.operation
            if i + 1 < len(steps) and user is steps[i + 1].op or user in roots:
                continue
            if i + 1 == len(steps) and user.name == "tensor.extract_slice" and len(user.operands) == 1:
                for part_use in user.results[0].uses:
                    if part_use.operation not in roots:
                        writers.append((part_use.operation, user.results[0]))
                continue
            writers.append((user, value))
    if not all(w.parent_block() is block and _writes_without_reading(w, value) and
               isinstance(value.type, TensorType) and all(d >= 0 for d in value.type.get_shape())
               for w, value in writers):
        return False
    if len(pairs) > 1 and not _assemble_in_the_residual(block, insert, residual_whole, pairs):
        return False
    for writer, value in writers:
        empty = EmptyOp([], value.type)
        Rewriter.insert_op(empty, InsertPoint.before(writer))
        writer.operands[len(writer.operands) - 1] = empty.results[0]
        if value not in steps and isinstance(value, OpResult) and not list(value.uses):
            Rewriter.erase_op(value.op)  # a static part of the old destination
    for root, index, _ in pairs:
        old = root.outputs[0]
        _rewrite(root, index)  # its destination: the residual's (reshaped) slice, or its part
        if isinstance(old, OpResult) and not list(old.uses):
            Rewriter.erase_op(old.op)
    for value in reversed(steps):
        if isinstance(value, OpResult) and value.op.parent is not None and not list(value.uses):
            Rewriter.erase_op(value.op)
    return True


def _reshaped_from_users(value: SSAValue) -> SSAValue | None:
    """The end of the reshape chain that `value` (the residual's slice) is the start of: each
    value in it has one reader, a reshape, but the last."""
    while True:
        users = [use.operation for use in value.uses]
        if len(users) == 1 and users[0].name in RESHAPES:
            value = users[0].results[0]
        else:
            return value


def _assemble_in_the_residual(block, insert: Operation, residual_whole: SSAValue, pairs) -> bool:
    """The parts' results are inserted, one after the other, into a `tensor.empty` that is then
    reshaped and inserted into the shared output: insert them into the residual's (reshaped)
    slice instead, and let each part read its residual from the assembly so far (the parts are
    disjoint, so that is the residual's part). False, changing nothing, if the loop is not so."""
    source = insert.operands[0]
    assembled, _ = _reshaped_from(source)
    inserts = []
    while isinstance(assembled, OpResult) and assembled.op.name == "tensor.insert_slice" \
            and len(assembled.op.operands) == 2:
        inserts.insert(0, assembled.op)
        assembled = assembled.op.operands[1]
    if (not isinstance(assembled, OpResult) or assembled.op.name != "tensor.empty" or len(list(assembled.uses)) != 1
            or assembled.type != residual_whole.type or len(inserts) != len(pairs)):
        return False
    parts = {root: part for root, _, part in pairs}
    order = {op: i for i, op in enumerate(block.ops)}
    plan = []
    for position, op in enumerate(inserts):
        root = op.operands[0].op if isinstance(op.operands[0], OpResult) else None
        part = parts.get(root)
        if part is None or not _same_static_slice(part, op) or len(list(part.results[0].uses)) != 1:
            return False
        before = op.operands[1]
        if position and order.get(before.op, len(order)) > order[root]:
            return False
        plan.append((part, before if position else residual_whole))
    if not _disjoint([part for part, _ in plan]):
        return False
    for (part, before), op in zip(plan, inserts, strict=True):
        part.operands[0] = before
        root = op.operands[0].op
        part.detach()  # after `before`, right before the root that reads it
        Rewriter.insert_op(part, InsertPoint.before(root))
    inserts[0].operands[1] = residual_whole
    Rewriter.erase_op(assembled.op)
    return True


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

"""Loops over channel slices of a convolution and the convolutions on the slices, shared by the
rewrites that split one (and the backend's channel split).

`grouped_convs.py` (one convolution per group) and `blocked_filters.py` (one per block of
output channels) both replace a convolution by an `scf.forall` whose iterations each compute a
slice of its result in place; these are the pieces they share.
"""

from __future__ import annotations

from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

_RECOMPUTABLE = ("tensor.empty", "linalg.fill", "tensor.expand_shape", "tensor.collapse_shape")


def private_init(init: SSAValue, before: Operation) -> SSAValue:
    """`init`, or, when other ops read it too, a copy of the fill (or empty) chain that makes it,
    built before `before`. torch-mlir makes one zero fill per shape and every convolution of that
    shape accumulates into it; the groups' slices are then written in place into their own
    buffer instead of into a copy of the shared one (ShuffleNet: 75 copies of a whole result)."""
    if init.has_one_use():
        return init
    chain, value = [], init
    while isinstance(value, OpResult) and value.op.name in _RECOMPUTABLE:
        chain.append(value.op)
        if value.op.name == "tensor.empty":
            break
        value = value.op.operands[-1] if value.op.name == "linalg.fill" else value.op.operands[0]
    else:
        return init
    mapping: dict[SSAValue, SSAValue] = {}
    for op in reversed(chain):
        clone = op.clone(value_mapper=mapping)
        Rewriter.insert_op(clone, InsertPoint.before(before))
        mapping.update(zip(op.results, clone.results))
    return mapping[init]


def bias_broadcast(init: SSAValue) -> tuple[Operation, SSAValue] | None:
    """`init` as a `linalg.broadcast` of a vector over all but the last dimension, read by one op
    alone: (the broadcast, the vector); else None. The slice splits (the groups of a grouped
    convolution, the channel parts of xfuse/backends/schedules/channel_split.py) give each slice its own
    broadcast of its part of the vector, which the backend fuses into the slice's register
    tiles; a broadcast of the whole result would stay a pass of its own."""
    if not (isinstance(init, OpResult) and init.op.name == "linalg.broadcast" and init.has_one_use()):
        return None
    broadcast = init.op
    vector = broadcast.operands[0]
    dims = broadcast.properties.get("dimensions")
    rank = len(init.type.get_shape())
    if dims is None or tuple(dims.get_values()) != tuple(range(rank - 1)) or len(vector.type.get_shape()) != 1:
        return None
    return broadcast, vector


def slice_loop(count: int, init: SSAValue, width: int, before: Operation, name: str):
    """An `scf.forall` of `count` iterations over `init` (inserted before `before`), and in its
    body the index `iv * width`: (forall, iv, shared output, the width constant, the product)."""
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import IndexType, IntegerAttr

    from xfuse.dialects.scf import ForallOp

    forall = ForallOp.from_bounds([count], [init])
    Rewriter.insert_op(forall, InsertPoint.before(before))
    iv, shared = forall.induction_vars[0], forall.body.block.args[1]
    iv.name_hint = name
    constant = arith.ConstantOp(IntegerAttr(width, IndexType()))
    first = arith.MuliOp(iv, constant.result)
    return forall, iv, shared, constant, first


def convolution_on(conv: Operation, operands: list[SSAValue], outputs: list[SSAValue],
                   op_class: type | None = None) -> Operation:
    """A convolution like `conv` (its strides, dilations and attributes; `op_class`, default its
    own) on other operands, e.g. slices of them."""
    op_class = op_class or type(conv)
    return op_class(operands, outputs, [[outputs[0].type]],
                    properties={k: v for k, v in conv.properties.items() if k in ("strides", "dilations")},
                    attributes=dict(conv.attributes), hidden_region=op_class.get_hidden_region(operands, outputs))


def available_at(value: SSAValue, anchor: Operation) -> bool:
    """`value` is available where `anchor` is (where the slice loop is built): an argument of
    `anchor`'s block, or a result of an op before `anchor` in it."""
    if isinstance(value, BlockArgument):
        return value.block is anchor.parent_block()
    return isinstance(value, OpResult) and value.op.parent_block() is anchor.parent_block() and \
        value.op.is_before_in_block(anchor)


def _elementwise_step(op: Operation, value: SSAValue, anchor: Operation) -> bool:
    """`op` is a `linalg.generic` applied elementwise to `value` (identity maps, all loops
    parallel, one result of `value`'s type, its init not read) whose other inputs are tensors of
    that type available at `anchor` (a residual): a slice of it is the same slice of each
    operand."""
    if op.name != "linalg.generic" or len(op.results) != 1 or op.results[0].type != value.type:
        return False
    if any(str(it.data) != "parallel" for it in op.properties["iterator_types"].data):
        return False
    rank = len(value.type.get_shape())
    if any(m.data != AffineMap.identity(rank) for m in op.properties["indexing_maps"].data):
        return False
    if len(op.operands) < 2 or op.regions[0].block.args[-1].uses:
        return False
    return all(v is value or (v.type == value.type and available_at(v, anchor)) for v in op.operands[:-1])


def elementwise_chain(value: SSAValue, anchor: Operation) -> list[Operation]:
    """The elementwise chain after `value` that a slice loop built at `anchor` can compute on
    each slice: each op the single user of the one before (`_elementwise_step`: a ReLU, a
    residual add of a tensor computed before `anchor`), in `anchor`'s block. It stops at the
    first op that does not qualify (a named op, a broadcast operand, a second user)."""
    chain: list[Operation] = []
    while len(uses := list(value.uses)) == 1:
        user = uses[0].operation
        if user.parent_block() is not anchor.parent_block() or not _elementwise_step(user, value, anchor):
            break
        chain.append(user)
        value = user.results[0]
    return chain


def chain_on_slice(chain: list[Operation], whole: SSAValue, value: SSAValue, slice_of, init: SSAValue,
                   body: list[Operation], pieces: list[Operation]) -> SSAValue:
    """`chain` (from `elementwise_chain(whole, ...)`) applied to `value`, one slice of `whole`:
    each op reads the slice's running value and its slice (`slice_of(operand)`, an op) of every
    other input, and writes into `init`. The chain's ops are appended to `body`, the slices of the
    other inputs to `pieces` (every caller puts them before the convolution, where they stay
    available to it, for the backend's channel split); the slice's result."""
    for op in chain:
        inputs = []
        for operand in op.operands[:-1]:
            if operand is whole:
                inputs.append(value)
                continue
            piece = slice_of(operand)
            piece.location = op.location
            pieces.append(piece)
            inputs.append(piece.results[0])
        step = type(op).create(operands=[*inputs, init], result_types=[init.type],
                               properties=dict(op.properties), attributes=dict(op.attributes),
                               regions=[op.regions[0].clone()])
        step.location = op.location
        body.append(step)
        whole, value = op.results[0], step.results[0]
    return value


def erase_with_dead_inits(ops: list[Operation]) -> None:
    """Erase `ops` (users first), then the `tensor.empty`s they wrote into (their last operand)
    that nothing else reads."""
    inits = [op.operands[-1] for op in ops]
    for op in ops:
        Rewriter.erase_op(op)
    for value in inits:
        if isinstance(value, OpResult) and value.op.name == "tensor.empty" and not value.uses and value.op.parent:
            Rewriter.erase_op(value.op)

"""Run the micro-kernel schedule on a large function in parts: cut it into private functions for
the transform interpreter, which runs on each of them on its own and in parallel
(`func.func(transform-interpreter)`), and inline them back right after it.

Why: `transform.structured.fuse_into_containing_op` builds its failure diagnostic before it
tries, printing the producer and the containing loop; printing an op numbers every value of the
function around it (the nearest isolated-from-above op). On DenseNet-121's one function of
some 20,000 ops each fusion took about 70 ms, so its 64 convolutions fused op by op cost 4.5 of
the interpreter's 5.5 s. In functions of a few hundred ops the same prints cost little. And
mlir-opt runs a pass nested in `func.func` on the functions in parallel, one per thread: the
interpreter was mlir-opt's one long serial step (ShuffleNet: 1.0 of 2.5 s, then 0.3 s wall).
For that, every group's transform ops must do nothing on a part that lacks the group: the
ops that want exactly one payload op (`fuse_into_containing_op`'s loop, a `match` inside a
loop) run in a `transform.foreach` over their handle (`schedule.fuse_into_each`).

    parts = split_for_schedule(module)    # after the plans marked the module
    ... transform-interpreter, then INLINE_PARTS ...

The cut is `xfuse.transforms.outline_groups`' (consecutive top-level ops, views and allocations
kept with their first user), with one more rule: no cut separates ops the schedule handles
together, so every transform sees the same ops as in the whole function (`_fused_edge`):
- a value read as the destination (`outs`, an `insert_slice`'s `dest`) of the op reading it:
  the schedules fuse `outs` producers (fills, bias broadcasts) into tiles, and the in-place pads
  write into a slice of their buffer;
- a result of an op the schedule fuses into another op's tiles (`FUSED_PRODUCER_ATTRS`: a
  contraction or convolution into its epilogue, a chain producer, a zero padding, a
  parallel-split producer, a padded buffer's border fill);
- any operand of an op that `transform.structured.fuse` may tile (greedy: it fuses whatever
  computes its operands): a contraction and its group's root, a convolution tiled that way, a
  pooling, a transpose, a pack, a parallel split.
A `tensor.empty` may cross a cut (a part reads it as an argument), and so may a reshape of a
function argument (a weight's, hoisted to the top of the function). Each empty is first moved
right before its first user (`mlir_text.sink_empties`), and no cut follows an empty, so it lands
in its first user's part. Sunk only after the cut, an empty of an earlier part that a later one
reads stayed in the earlier part, before its `return`: inlined back, its buffer was allocated
where that part ends, long before its user. ShuffleNet allocated 19 buffers of 1x14x14x272 in a
row there, 3.9 of its arena's 4.3 MiB at its peak. A fill
torch-mlir shares between convolutions far apart (one zero fill per shape) keeps them in one
part: repeating the fill before each of them split DenseNet-121 into 24 parts instead of 4, but
changed what bufferization makes of it (60 more allocations, 4% slower calls).
MLIR's `inline` pass (`INLINE_PARTS`, without its default canonicalization) puts every op back
in place before bufferization, so what follows the interpreter is unchanged: DenseNet-121's
lowered module has the same ops, cut into 4 parts or whole, and its mlir-opt took 6.6 s instead
of 9.8. Functions of at most `MIN_FUNCTION_OPS` ops are left whole.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, OpResult

from xfuse.backends.mlir_text import sink_empties
from xfuse.backends.parallel.parallel_split import PARALLEL_PRODUCER_ATTR, PARALLEL_SPLIT_ATTR
from xfuse.backends.schedules.matmul import CONTRACTION_ATTR, ROOT_ATTR
from xfuse.backends.schedules.packs import PACK_ATTR
from xfuse.backends.schedules.pools import POOL_ATTR
from xfuse.backends.schedules.transposes import TRANSPOSE_ATTR
from xfuse.backends.schedules.conv import (
    CONV_ATTR,
    CONV_INSTANCE_ATTR,
    CONV_PAD_ATTR,
    CONV_PRODUCER_ATTR,
    PAD_FILL_ATTR,
)
from xfuse.transforms.outline_groups import outline_groups

MIN_FUNCTION_OPS = 2000
"""Functions of more ops (nested ops counted) are scheduled in parts."""
PART_OPS = 200
"""Ops per part, at least: small enough that printing a part costs little, large enough that
the calls between parts stay few."""
INLINE_PARTS = "inline{default-pipeline=}"
"""The mlir-opt pass that puts the parts back: every call inlined, the then unused private
functions erased, nothing canonicalized."""

FUSED_PRODUCER_ATTRS = (CONTRACTION_ATTR, CONV_ATTR, CONV_PRODUCER_ATTR, CONV_PAD_ATTR, PARALLEL_PRODUCER_ATTR,
                        PAD_FILL_ATTR, PACK_ATTR)
"""Marks of ops whose results the schedules fuse into their users' tiles."""


GREEDY_ROOT_ATTRS = (ROOT_ATTR, CONTRACTION_ATTR, POOL_ATTR, TRANSPOSE_ATTR, PACK_ATTR, PARALLEL_SPLIT_ATTR)
"""Marks of ops a schedule may tile with `transform.structured.fuse` (or fuse producers into):
whatever computes any of their operands stays in their part."""


def _greedily_fused(op: Operation) -> bool:
    """An op whose tiling may fuse the producers of all its operands: a contraction's group, a
    pooling, a transpose, a pack, a parallel split (`GREEDY_ROOT_ATTRS`), or a convolution tiled
    by `transform.structured.fuse` (one fused op by op carries `CONV_PRODUCER_ATTR` or
    `CONV_INSTANCE_ATTR`)."""
    if any(name in op.attributes for name in GREEDY_ROOT_ATTRS):
        return True
    return CONV_ATTR in op.attributes and CONV_PRODUCER_ATTR not in op.attributes \
        and CONV_INSTANCE_ATTR not in op.attributes


RESHAPES = ("tensor.collapse_shape", "tensor.expand_shape", "tensor.cast")
"""Ops that only reshape a tensor (`_reshapes_an_argument`)."""


def _reshapes_an_argument(op: Operation) -> bool:
    """`op` reshapes a function argument (directly or through other reshapes): a weight as the
    importer hoists it to the top of the function (ShuffleNet's depthwise filters, collapsed from
    C x 1 x 3 x 3, are all read far below). No schedule fuses a reshape into tiles (it is not
    a TilingInterface op), so a part may read it as an argument."""
    while op.name in RESHAPES:
        source = op.operands[0]
        if not isinstance(source, OpResult):
            return True
        op = source.op
    return False


def _fused_edge(producer: Operation, user: Operation, operand_index: int) -> bool:
    """Whether the schedule may handle `producer` and its `user` (which reads it as operand
    `operand_index`) together, so that no cut may separate them (module doc)."""
    if producer.name == "tensor.empty" or _reshapes_an_argument(producer):
        return False
    if any(name in producer.attributes for name in FUSED_PRODUCER_ATTRS) or _greedily_fused(user):
        return True
    if user.name == "tensor.insert_slice":
        return operand_index == 1
    outputs = getattr(user, "outputs", None) if user.name.startswith("linalg.") else None
    return outputs is not None and operand_index >= len(user.operands) - len(outputs)


def split_for_schedule(module: ModuleOp) -> int:
    """Cut every function of `module` with more than `MIN_FUNCTION_OPS` ops into private parts
    (module doc); the number of parts made. Semantics are unchanged."""
    taken = {op.sym_name.data for op in module.ops if isinstance(op, func.FuncOp)}
    made = 0
    for function in [op for op in module.ops if isinstance(op, func.FuncOp)]:
        if sum(1 for _ in function.walk()) <= MIN_FUNCTION_OPS:
            continue
        sink_empties(function)  # each empty cut with its first user (module doc)
        parts = outline_groups(function, PART_OPS, taken, keep_together=_fused_edge, mark_noinline=False)
        for part in parts:
            module.body.block.insert_op_before(part, function)
        made += len(parts)
    return made

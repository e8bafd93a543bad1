"""Grouped convolutions as one channels-last convolution per group, filters in HWCF.

MLIR's only channels-last grouped convolution, `linalg.conv_2d_nhwgc_gfhwc`, keeps each group's
filter as `F/G x KH x KW x C/G`: the output channels are not innermost, so no vector of filter
weights spans them, the backend's register-tiled schedule (xfuse/backends/schedules/conv.py)
cannot take it, and it runs as scalar loops (AlexNet's grouped conv2 at 3 GFLOP/s, a quarter of
its call; ShuffleNet's 1x1 group convolutions, three quarters of its call).

When the filter is a weight argument, as torch-mlir emits it (`F x C/G x KH x KW`, split into
groups by an `expand_shape` that `xfuse-nhwc` turned into `F x KH x KW x C/G` -> GFHWC), the
argument takes the plain HWCF layout `KH x KW x C/G x F` instead (`xfuse.weight_layout` =
`2, 3, 1, 0`, the permutation of an ungrouped filter), and the op becomes an `scf.forall` over
the groups whose body is one `linalg.conv_2d_nhwc_hwcf` on slices: group `g` reads input
channels `g` (the `G` axis of the NHWGC input), filter columns `[g F/G, (g+1) F/G)`, and writes
its slice of the NHWGC result (`tensor.parallel_insert_slice`, in place once bufferized). The
arithmetic is the grouped convolution's, summed in the same order.

The elementwise chain after the result's collapse to NHWC (`_collapsed_chain`: the ReLU of a
ShuffleNet unit's first group convolution, the residual add and ReLU after its second) runs in
the loop too, on the group's channels, so that the backend fuses it into the group's register
tiles instead of making it a pass of its own over the whole result.

A grouped convolution whose filter is anything else (a constant, a computed tensor, an argument
read elsewhere too) is left as it is.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import DenseArrayBase, TensorType, i64
from xdsl.dialects.linalg.ops import BroadcastOp
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.transforms.layout.plan import CHANNELS_LAST_GROUP_SPLIT, reassociation
from xfuse.transforms.layout.slice_loops import (
    bias_broadcast,
    chain_on_slice,
    convolution_on,
    elementwise_chain,
    erase_with_dead_inits,
    private_init,
    slice_loop,
)
from xfuse.transforms.layout.weight_layout import retype_weight_argument, weight_layout

GROUPED = "linalg.conv_2d_nhwgc_gfhwc"
GROUPED_FILTER_LAYOUT = (0, 2, 3, 1)
"""The argument layout xfuse-nhwc gives a grouped filter (`F x KH x KW x C/G`, split to GFHWC)."""
HWCF = (2, 3, 1, 0)
"""`F x C/G x KH x KW` -> `KH x KW x C/G x F`."""


def _filter_argument(conv: Operation, function: func.FuncOp) -> BlockArgument | None:
    """The weight argument the grouped filter of `conv` is split from, when nothing else reads it."""
    split = conv.operands[1]
    if not isinstance(split, OpResult) or split.op.name != "tensor.expand_shape" or not split.has_one_use():
        return None
    argument = split.op.operands[0]
    if not isinstance(argument, BlockArgument) or argument.block is not function.body.block or \
            not argument.has_one_use() or weight_layout(function, argument.index) != GROUPED_FILTER_LAYOUT:
        return None
    return argument


def _split(conv: Operation, function: func.FuncOp, argument: BlockArgument) -> None:
    """Replace `conv` by an `scf.forall` over its groups, each iteration one NHWC convolution
    on slices (one loop, not `G` copies: ShuffleNet's 32 grouped convolutions of 4 groups made
    128 register-tiled nests and tripled LLVM's time). The forall's iterations write disjoint
    slices of the result, so the parallel pipelines run the groups on several CPUs."""
    from xdsl.dialects.tensor import ExtractSliceOp

    from xfuse.dialects.linalg_named import WINDOWED_OPS
    from xfuse.dialects.tensor import ParallelInsertSliceOp

    bias = _grouped_bias(conv.operands[2])
    if bias is not None:  # the groups broadcast their own bias slice: see _grouped_bias
        bias_expand, whole_broadcast, vector = bias
        empty = bias_expand.clone()  # the same reshape, of the broadcast's empty tensor
        empty.operands[0] = whole_broadcast.operands[1]
        Rewriter.insert_op(empty, InsertPoint.before(bias_expand))
        init = empty.results[0]
    else:
        init = private_init(conv.operands[2], conv)
    source = conv.operands[0]
    n, h, w, groups, channels = source.type.get_shape()
    _, oh, ow, _, features = init.type.get_shape()
    kh, kw = conv.operands[1].type.get_shape()[2:4]
    expand = conv.operands[1].op
    # The argument: F x KH x KW x C/G (xfuse-nhwc's grouped layout) -> KH x KW x C/G x F.
    element = argument.type.get_element_type()
    argument = retype_weight_argument(function, argument, TensorType(element, [kh, kw, channels, groups * features]),
                                      HWCF)
    forall, group, result, width, first_column = slice_loop(groups, init, features, conv, "group")
    group_input = ExtractSliceOp(source, [0, 0, 0, group, 0], [n, h, w, 1, channels], [1] * 5,
                                 TensorType(element, [n, h, w, channels]))
    group_filter = ExtractSliceOp(argument, [0, 0, 0, first_column.result], [kh, kw, channels, features], [1] * 4,
                                  TensorType(element, [kh, kw, channels, features]))
    group_init = ExtractSliceOp(result, [0, 0, 0, group, 0], [n, oh, ow, 1, features], [1] * 5,
                                TensorType(element, [n, oh, ow, features]))
    body: list[Operation] = [width, first_column, group_input, group_filter, group_init]
    outputs = [group_init.results[0]]
    if bias is not None:
        group_bias = ExtractSliceOp(vector, [first_column.result], [features], [1],
                                    TensorType(element, [features]))
        broadcast = BroadcastOp(group_bias.results[0], group_init.results[0], DenseArrayBase.from_list(i64, [0, 1, 2]))
        body += [group_bias, broadcast]
        outputs = [broadcast.results[0]]
    operands = [group_input.results[0], group_filter.results[0]]
    group_conv = convolution_on(conv, operands, outputs, WINDOWED_OPS["conv_2d_nhwc_hwcf"])
    body.append(group_conv)
    for op in (forall, *body):
        op.location = conv.location
    collapse, chain = _collapsed_chain(conv)
    group_type = TensorType(element, [n, oh, ow, features])

    def slice_of(value: SSAValue) -> ExtractSliceOp:
        return ExtractSliceOp(value, [0, 0, 0, first_column.result], [n, oh, ow, features], [1] * 4, group_type)

    value = group_conv.results[0]
    if chain:
        pieces: list[Operation] = []  # the other inputs' slices, before the convolution
        value = chain_on_slice(chain, collapse.results[0], value, slice_of, group_init.results[0], body, pieces)
        body[body.index(group_conv):body.index(group_conv)] = pieces
    Rewriter.insert_op(body, InsertPoint.before(forall.terminator))
    insert = ParallelInsertSliceOp(value, result, [0, 0, 0, group, 0], [n, oh, ow, 1, features])
    insert.location = conv.location
    forall.terminator.body.add_op(insert)
    conv.results[0].replace_all_uses_with(forall.results[0])
    if chain:  # the collapse of the loop's result is the chain's result now
        chain[-1].results[0].replace_all_uses_with(collapse.results[0])
        collapse.detach()
        Rewriter.insert_op(collapse, InsertPoint.before(chain[-1]))
        erase_with_dead_inits(list(reversed(chain)))
    Rewriter.erase_op(conv)
    Rewriter.erase_op(expand)
    if bias is not None:
        Rewriter.erase_op(bias_expand)
        Rewriter.erase_op(whole_broadcast)


def _collapsed_chain(conv: Operation) -> tuple[Operation | None, list[Operation]]:
    """The `tensor.collapse_shape` of `conv`'s NHWGC result to NHWC (its only user, merging the
    group and channel dims) and the elementwise chain after it that the group loop computes too
    (`slice_loops.elementwise_chain`; its other inputs available before `conv`); (None, []) when
    there is none."""
    uses = list(conv.results[0].uses)
    if len(uses) != 1 or uses[0].operation.name != "tensor.collapse_shape":
        return None, []
    collapse = uses[0].operation
    if reassociation(collapse) != CHANNELS_LAST_GROUP_SPLIT:
        return None, []
    return collapse, elementwise_chain(collapse.results[0], conv)


def _grouped_bias(init: SSAValue) -> tuple[Operation, Operation, SSAValue] | None:
    """`init` as `expand_shape(broadcast(bias : F, empty : N x H x W x F))` to N x H x W x G x F/G,
    read by the convolution alone (`bias_broadcast`): (the expand, the broadcast, the vector);
    else None.

    Why: the whole broadcast ran as a pass of its own before the groups' loop (each group then
    accumulated into its slice): ShuffleNet's 32 grouped convolutions spent 14% of its call in
    them. Broadcasting each group's slice of the bias in the loop body makes it the `outs`
    producer of the group's convolution, which the backend fuses into the register tiles as it
    does for an ungrouped convolution's bias."""
    if not (isinstance(init, OpResult) and init.op.name == "tensor.expand_shape" and init.has_one_use()):
        return None
    found = bias_broadcast(init.op.operands[0])
    if found is None or not isinstance(found[0].operands[1], OpResult) or \
            found[0].operands[1].op.name != "tensor.empty":
        return None
    return init.op, *found


def split_grouped_convolutions(function: func.FuncOp) -> int:
    """Split every grouped convolution of `function` whose filter is a weight argument in
    xfuse-nhwc's grouped layout (module docstring); how many were split."""
    count = 0
    for conv in [op for op in function.walk() if op.name == GROUPED]:
        if any(not isinstance(v.type, TensorType) or not v.type.has_static_shape() for v in conv.operands):
            continue
        argument = _filter_argument(conv, function)
        if argument is None:
            continue
        _split(conv, function, argument)
        count += 1
    return count

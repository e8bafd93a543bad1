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

A large grouped filter (one xfuse-block-filters would block were the convolution ungrouped:
`_block_width`) takes that pass's blocked layout instead, `(F/B) x KH x KW x C/G x B`, and the
loop is over (group, block): each iteration one convolution of the group's input with one
contiguous panel, writing `B` channels of the group's slice (AlexNet's grouped layers: their
group's HWCF rows were 1.5 KiB apart).

A grouped convolution whose filter is anything else (a constant, a computed tensor, an argument
read elsewhere too) is left as it is.
"""

from __future__ import annotations

import math

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
    element = argument.type.get_element_type()
    size = _block_width(conv, (n, h, w, channels), (kh, kw, channels, features), (n, oh, ow, features))
    blocks = features // size
    if blocks > 1:  # F x C/G x KH x KW -> (F/B) x B x C/G x KH x KW -> (F/B) x KH x KW x C/G x B
        from xfuse.transforms.layout.blocked_filters import BLOCKED
        from xfuse.transforms.layout.weight_layout import set_weight_shape

        argument = retype_weight_argument(function, argument, TensorType(element, [groups * blocks, kh, kw, channels,
                                                                                   size]), BLOCKED)
        set_weight_shape(function, argument.index, [groups * blocks, size, channels, kh, kw])
        forall, group, result, loop_ops, column, block_first, panel = _group_block_loop(groups, blocks, init, features,
                                                                                          size, conv)
        group_filter = ExtractSliceOp(argument, [panel, 0, 0, 0, 0], [1, kh, kw, channels, size], [1] * 5,
                                      TensorType(element, [kh, kw, channels, size]))
    else:  # F x KH x KW x C/G (xfuse-nhwc's grouped layout) -> KH x KW x C/G x F
        argument = retype_weight_argument(function, argument,
                                          TensorType(element, [kh, kw, channels, groups * features]), HWCF)
        forall, group, result, width, first_column = slice_loop(groups, init, features, conv, "group")
        loop_ops, column, block_first = [width, first_column], first_column.result, 0
        group_filter = ExtractSliceOp(argument, [0, 0, 0, first_column.result], [kh, kw, channels, features],
                                      [1] * 4, TensorType(element, [kh, kw, channels, features]))
    group_input = ExtractSliceOp(source, [0, 0, 0, group, 0], [n, h, w, 1, channels], [1] * 5,
                                 TensorType(element, [n, h, w, channels]))
    group_init = ExtractSliceOp(result, [0, 0, 0, group, block_first], [n, oh, ow, 1, size], [1] * 5,
                                TensorType(element, [n, oh, ow, size]))
    body: list[Operation] = [*loop_ops, group_input, group_filter, group_init]
    outputs = [group_init.results[0]]
    if bias is not None:
        group_bias = ExtractSliceOp(vector, [column], [size], [1], TensorType(element, [size]))
        broadcast = BroadcastOp(group_bias.results[0], group_init.results[0], DenseArrayBase.from_list(i64, [0, 1, 2]))
        body += [group_bias, broadcast]
        outputs = [broadcast.results[0]]
    operands = [group_input.results[0], group_filter.results[0]]
    group_conv = convolution_on(conv, operands, outputs, WINDOWED_OPS["conv_2d_nhwc_hwcf"])
    body.append(group_conv)
    for op in (forall, *body):
        op.location = conv.location
    collapse, chain = _collapsed_chain(conv)
    group_type = TensorType(element, [n, oh, ow, size])

    def slice_of(value: SSAValue) -> ExtractSliceOp:
        return ExtractSliceOp(value, [0, 0, 0, column], [n, oh, ow, size], [1] * 4, group_type)

    value = group_conv.results[0]
    if chain:
        pieces: list[Operation] = []  # the other inputs' slices, before the convolution
        value = chain_on_slice(chain, collapse.results[0], value, slice_of, group_init.results[0], body, pieces)
        body[body.index(group_conv):body.index(group_conv)] = pieces
    Rewriter.insert_op(body, InsertPoint.before(forall.terminator))
    insert = ParallelInsertSliceOp(value, result, [0, 0, 0, group, block_first], [n, oh, ow, 1, size])
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


GROUP_BLOCKS = True
"""Whether a grouped convolution whose filter xfuse-block-filters would block were it ungrouped
(`_block_width`) takes its filter in blocks of output channels too, one loop over (group, block).
A switch for A/B measurements (`benchmarks/flag_ab.py`); False: one HWCF slice per group."""


def _block_width(conv: Operation, input_shape: tuple[int, ...], filter_shape: tuple[int, ...],
                 result_shape: tuple[int, ...]) -> int:
    """The output channels of each block of a group's filter: xfuse-block-filters' rule for an
    ungrouped convolution of the group's shapes (`blocked_filters.tile_block_size` on the host
    target), where the whole grouped filter is at least `blocked_filters.MIN_FILTER_BYTES`;
    else the group's `features` (one HWCF slice per group).

    Why: the group's slice of an HWCF filter keeps its `KH x KW x C/G` rows `F x 4` bytes apart,
    as an unblocked ungrouped filter does (AlexNet's 3x3 384 -> 384 in 2 groups: 1.5 KiB apart,
    2.6 MB; 34 GFLOP/s at one thread against 69 for its blocked 256 -> 384 layer)."""
    from xdsl.dialects.tensor import EmptyOp

    from xfuse.backends.target import host_target
    from xfuse.dialects.linalg_named import WINDOWED_OPS
    from xfuse.transforms.layout.blocked_filters import MIN_FILTER_BYTES, tile_block_size

    features = filter_shape[3]
    element = conv.results[0].type.get_element_type()
    groups = conv.operands[0].type.get_shape()[3]
    if not GROUP_BLOCKS or math.prod(filter_shape) * groups * element.bitwidth // 8 < MIN_FILTER_BYTES:
        return features
    probes = [EmptyOp([], TensorType(element, shape)) for shape in (input_shape, filter_shape, result_shape)]
    probe = convolution_on(conv, [probes[0].tensor, probes[1].tensor], [probes[2].tensor],
                           WINDOWED_OPS["conv_2d_nhwc_hwcf"])
    size = tile_block_size(probe, host_target())
    probe.erase()
    for empty in probes:
        empty.erase()
    return size if size is not None and size < features and features % size == 0 else features


def _group_block_loop(groups: int, blocks: int, init: SSAValue, features: int, size: int, before: Operation):
    """The `scf.forall` over (group, block) of `groups x blocks` iterations (inserted before
    `before`) and in its body the indices a block reads and writes: (forall, group iv, shared
    output, the index ops, the block's first channel of the whole result, its first channel in
    the group, its panel of the blocked filter)."""
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import IndexType, IntegerAttr

    from xfuse.dialects.scf import ForallOp

    forall = ForallOp.from_bounds([groups, blocks], [init])
    Rewriter.insert_op(forall, InsertPoint.before(before))
    group, block = forall.induction_vars
    group.name_hint, block.name_hint = "group", "block"

    def constant(value: int) -> arith.ConstantOp:
        return arith.ConstantOp(IntegerAttr(value, IndexType()))

    width, block_width, count = constant(features), constant(size), constant(blocks)
    first_column = arith.MuliOp(group, width.result)
    block_first = arith.MuliOp(block, block_width.result)
    column = arith.AddiOp(first_column.result, block_first.result)
    group_panels = arith.MuliOp(group, count.result)
    panel = arith.AddiOp(group_panels.result, block)
    ops = [width, block_width, count, first_column, block_first, column, group_panels, panel]
    return forall, group, forall.body.block.args[-1], ops, column.result, block_first.result, panel.result


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

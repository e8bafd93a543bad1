"""Padded tensors whose interior is written in place by the pad's producer.

A `tensor.pad` copies its source into a larger buffer: one more pass over the activation before
each convolution or max pooling that pads (ShuffleNet: 21 pads, 15% of its call, each a fill of
the whole padded buffer, then a copy of the interior). When the source is made by a linalg op
whose destination chain starts at a `tensor.empty`, that op can write straight into the interior:

    %padded = tensor.empty() : tensor<1x58x58x112xf32>
    %interior = tensor.extract_slice %padded[0, 1, 1, 0] [1, 56, 56, 112] [1, 1, 1, 1]
    %y = linalg.generic ... outs(%interior)             // was outs(%empty)
    %in = tensor.insert_slice %y into %padded[0, 1, 1, 0] [1, 56, 56, 112] [1, 1, 1, 1]
    %top = tensor.extract_slice %in[0, 0, 0, 0] [1, 1, 58, 112] [1, 1, 1, 1]
    %top_filled = linalg.fill ins(%pad_value) outs(%top)   // one fill per border slab
    %r1 = tensor.insert_slice %top_filled into %in[0, 0, 0, 0] ...
    ...

one-shot-bufferize then computes `%y` in the padded buffer's interior (the insert_slice of an
extract_slice of the same buffer at the same offsets is a self-copy that `cse,canonicalize`
drop) and only the border is filled: no copy, no write of the interior twice. Upstream
`eliminate-empty-tensors` does the same for a producer writing into a `tensor.empty`, but needs
the padded buffer to exist before the producer and does not look through reshapes; ShuffleNet's
channel shuffle is a `linalg.transpose` seen through a `tensor.collapse_shape`, so the slice is
expanded the same way here.

The producer may also be an `scf.forall` whose one shared output starts at a `tensor.empty`
(a convolution split over blocks of output channels: Inception-v2's 192-channel stem
convolution before its max pooling's pad): the loop's shared output becomes the interior, and
each iteration inserts its channels there (Inception-v2's arena 4.68 -> 3.97 MiB).

The pads rewritten are those the micro-kernel schedule would fill and copy (`CONV_PAD_ATTR`);
a pad whose source is a function argument, or comes from anything other than such a chain,
keeps that fill and copy. Other readers of the source read it where it now is, in the interior
(SqueezeNet's squeeze outputs, read by a 1x1 and a padded 3x3 convolution). The border fills are marked `PAD_FILL_ATTR`, which the
schedule tiles per pixel row and vectorizes (schedules/conv.py).

A pad of a `tensor.concat` (Inception's modules end in one, and the next module's pooling
branch pads it) is built where the concatenation was: each piece inserted into the padded
buffer's interior at its offset, the border filled, and the concatenation's other readers (the
next module's 1x1 convolutions) read the interior slice. The schedule's `eliminate-empty-tensors`
then makes each piece's producer write into the padded buffer, as it does for a concatenation's
own buffer: the concatenation is never copied into a padded one.

Not rewritten: a loop whose body collapses its slice of the shared output across a padded
dimension (`COLLAPSED_INTERIORS`): the interior's rows are the padded width apart, so the
collapse is a copy there, per iteration, not a view.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp, TensorType, UnitAttr
from xdsl.dialects.linalg.ops import FillOp
from xdsl.dialects.tensor import CollapseShapeOp, EmptyOp, ExtractSliceOp, InsertSliceOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.schedules.conv import CONV_PAD_ATTR, PAD_FILL_ATTR
from xfuse.dialects.tensor_mlir22 import ExpandShapeOp
from xfuse.interfaces.tiling import TilingRefused
from xfuse.transforms.layout.slice_loops import available_at
from xfuse.transforms.tile import destination_operand_indices

COLLAPSED_INTERIORS = False
"""Whether a loop (`scf.forall`) may write a pad's interior when its body collapses its slice of
the shared output across a padded dimension (flat_pixels.py's 1x1 layers in
xfuse-block-filters' blocks, AVX2 only: each block's `1 x 7 x 7 x 16` slice flattened to 49
pixels). The interior's rows are the padded rows apart (9 x 512 floats for a 7x7 map padded to
9x9), so the collapse is no view of it: one-shot-bufferize gave every block a buffer and two
strided `memrefCopy`s (in and back). Off (`_collapses_padded_rows`): the pad keeps its own fill
and one copy of the interior. ResNet-50's AVX2 build 11 -> 8 `memrefCopy` call sites; built for
`znver3` and run on a Zen 4 host (`flag_ab.py --realtime`, two runs each, new / old): ResNet-50
T=2 0.958 (8/12 rounds), 0.988 (9/12), T=1 1.002, 1.000; SqueezeNet T=1 0.973 (16/20), 0.988
(11/20); Inception-v2 0.997 / 0.995, DenseNet-121 0.975 / 0.996 at T=1 / T=2; arenas unchanged
(docs/backend-measurements.md, "Eighteenth session: the 7x7 1x1 layers' copies")."""


def _single_destination(op: Operation) -> int | None:
    """The operand index of `op`'s one DPS init, None unless it is a single-result linalg op or
    a parallel loop with one shared output (a channel split: channel_split.py)."""
    if op.name == "scf.forall" and len(op.results) == 1:
        return len(op.operands) - 1
    if not op.name.startswith("linalg.") or len(op.results) != 1:
        return None
    try:
        indices = destination_operand_indices(op)
    except TilingRefused:  # not destination-style
        return None
    return indices[0] if len(indices) == 1 else None


def _single_use(value: SSAValue) -> bool:
    return len(list(value.uses)) == 1


def _destination_chain(producer: Operation, block: Block) -> tuple[Operation, int] | None:
    """The op of `producer`'s destination chain (itself, or the fill/broadcast making its init,
    each used only by the next) whose init is a `tensor.empty`, and that init's operand index.
    Every op of the chain must be in `block`, the function's top level."""
    op = producer
    while op.parent_block() is block:
        index = _single_destination(op)
        if index is None:
            return None
        init = op.operands[index]
        if not isinstance(init, OpResult):
            return None
        if isinstance(init.op, EmptyOp):
            return op, index
        if not _single_use(init):
            return None
        op = init.op
    return None


def _collapses_padded_rows(loop: Operation, padded_dims: set[int]) -> bool:
    """Whether the body of `loop` (an `scf.forall` with one shared output) collapses a slice of
    that output so that a dimension in `padded_dims` is merged into the one before it: the
    collapse is a view of an unpadded buffer, not of a pad's interior (`COLLAPSED_INTERIORS`)."""
    if loop.name != "scf.forall":
        return False
    shared = loop.regions[0].block.args[-1]
    for op in loop.walk():
        if not isinstance(op, CollapseShapeOp):
            continue
        value = op.operands[0]
        while isinstance(value, OpResult) and isinstance(value.op, ExtractSliceOp):
            value = value.op.operands[0]
        if value is not shared:
            continue
        # merged into a dimension before it of more than one element, a padded one is no view
        shape = op.operands[0].type.get_shape()
        groups = [[d.value.data for d in group.data] for group in op.properties["reassociation"].data]
        if any(d in padded_dims and shape[d - 1] > 1 for group in groups for d in group[1:]):
            return True
    return False


def padding_value(pad: Operation) -> SSAValue | None:
    """The pad's padding value when it is defined outside the pad's region (the border fills
    stay where the pad was, so the value is available to them)."""
    value = pad.regions[0].block.last_op.operands[0]
    inside = value.block is pad.regions[0].block if isinstance(value, BlockArgument) \
        else value.op.parent_block() is pad.regions[0].block
    return None if inside else value


def _border_slabs(low: list[int], source: list[int], padded: list[int]) -> list[tuple[list[int], list[int]]]:
    """(offsets, sizes) of the slabs that tile the border of `padded` around the interior at
    `low` of size `source`, without overlap: along dimension d, the low and high slabs span the
    interior on the dimensions before d and everything on the ones after it."""
    slabs = []
    for d in range(len(padded)):
        high = padded[d] - low[d] - source[d]
        for start, size in ((0, low[d]), (low[d] + source[d], high)):
            if size <= 0:
                continue
            offsets = [low[e] if e < d else 0 for e in range(len(padded))]
            sizes = [source[e] if e < d else padded[e] for e in range(len(padded))]
            offsets[d], sizes[d] = start, size
            slabs.append((offsets, sizes))
    return slabs


def _fill_border(padded: SSAValue, value: SSAValue, low: list[int], source: list[int], padded_shape: list[int],
                 ops: list[Operation]) -> SSAValue:
    """`padded` with its border filled with `value`, slab by slab (`_border_slabs`), each fill
    marked `PAD_FILL_ATTR`; the new ops are appended to `ops`; the filled tensor."""
    element = padded.type.get_element_type()
    for offsets, sizes in _border_slabs(low, source, padded_shape):
        slab = ExtractSliceOp.from_static_parameters(padded, offsets, sizes)
        fill = FillOp([value], [slab.results[0]], [TensorType(element, sizes)])
        fill.attributes[PAD_FILL_ATTR] = UnitAttr()
        insert = InsertSliceOp.from_static_parameters(fill.results[0], padded, offsets, sizes)
        ops += [slab, fill, insert]
        padded = insert.results[0]
    return padded


def _rewrite(pad: Operation, block: Block) -> bool:
    """Rewrite `pad` (at the top of `block`) as the module docstring shows; whether it was."""
    source = pad.operands[0]
    if not isinstance(source, OpResult):
        return False
    reshape = None
    producer = source.op
    if isinstance(producer, CollapseShapeOp):
        reshape = producer
        inner = reshape.operands[0]
        if not isinstance(inner, OpResult) or not _single_use(inner) or reshape.parent_block() is not block:
            return False
        producer = inner.op
    if producer.parent_block() is not block or len(producer.results) != 1:
        return False
    chain = _destination_chain(producer, block)
    value = padding_value(pad)
    if chain is None or value is None:
        return False
    first, index = chain
    source_type, padded_type = source.type, pad.results[0].type
    if not (isinstance(source_type, TensorType) and isinstance(padded_type, TensorType)):
        return False
    low = list(pad.properties["static_low"].get_values())
    source_shape, padded_shape = list(source_type.get_shape()), list(padded_type.get_shape())
    if any(s < 0 for s in source_shape + padded_shape) or any(v < 0 for v in low):
        return False
    padded_dims = {d for d, (s, p) in enumerate(zip(source_shape, padded_shape, strict=True)) if s != p}
    if not COLLAPSED_INTERIORS and reshape is None and _collapses_padded_rows(producer, padded_dims):
        return False

    padded = EmptyOp([], padded_type)
    interior = ExtractSliceOp.from_static_parameters(padded, low, source_shape)
    made = [padded, interior]
    destination: SSAValue = interior.results[0]
    if reshape is not None:
        expanded_type = reshape.operands[0].type
        expand = ExpandShapeOp(destination, [], reshape.properties["reassociation"],
                               list(expanded_type.get_shape()), expanded_type)
        made.append(expand)
        destination = expand.results[0]
    if destination.type != first.operands[index].type:
        return False
    for op in made:
        op.location = pad.location
    Rewriter.insert_op(made, InsertPoint.before(first))
    first.operands[index] = destination

    current: SSAValue = InsertSliceOp.from_static_parameters(source, padded, low, source_shape).results[0]
    after = [current.op]
    current = _fill_border(current, value, low, source_shape, padded_shape, after)
    for op in after:
        op.location = pad.location
    Rewriter.insert_op(after, InsertPoint.before(pad))
    pad.results[0].replace_all_uses_with(current)
    Rewriter.erase_op(pad)
    return True


def _rewrite_concat(pad: Operation, block: Block) -> bool:
    """Rewrite `pad` of a static `tensor.concat` at the top of `block` (module docstring): the
    pieces inserted into the padded buffer and the border filled where the concatenation was; its
    other readers read the interior. Whether it was rewritten."""
    concat = pad.operands[0].op
    value = padding_value(pad)
    if concat.parent_block() is not block or value is None or not available_at(value, concat):
        return False
    source_type, padded_type = concat.results[0].type, pad.results[0].type
    low = list(pad.properties["static_low"].get_values())
    source_shape, padded_shape = list(source_type.get_shape()), list(padded_type.get_shape())
    if any(s < 0 for s in source_shape + padded_shape) or any(v < 0 for v in low):
        return False
    dim = concat.dim.value.data
    padded = EmptyOp([], padded_type)
    made: list[Operation] = [padded]
    current: SSAValue = padded.results[0]
    offset = 0
    for piece in concat.operands:
        shape = list(piece.type.get_shape())
        offsets = list(low)
        offsets[dim] += offset
        insert = InsertSliceOp.from_static_parameters(piece, current, offsets, shape)
        made.append(insert)
        current = insert.results[0]
        offset += shape[dim]
    current = _fill_border(current, value, low, source_shape, padded_shape, made)
    interior = ExtractSliceOp.from_static_parameters(current, low, source_shape)
    made.append(interior)
    for op in made:
        op.location = concat.location
    Rewriter.insert_op(made, InsertPoint.before(concat))
    pad.results[0].replace_all_uses_with(current)
    Rewriter.erase_op(pad)
    concat.results[0].replace_all_uses_with(interior.results[0])
    Rewriter.erase_op(concat)
    return True


def pads_in_place(module: ModuleOp) -> int:
    """Rewrite every pad marked `CONV_PAD_ATTR` that qualifies (module docstring); how many."""
    count = 0
    for pad in [op for op in module.walk() if op.name == "tensor.pad" and CONV_PAD_ATTR in op.attributes]:
        function = pad.parent_op()
        if function is None or function.name != "func.func":
            continue
        if any(pad.operands[1:]):  # dynamic low/high
            continue
        source = pad.operands[0]
        if isinstance(source, OpResult) and source.op.name == "tensor.concat":
            count += _rewrite_concat(pad, pad.parent_block())
        elif _rewrite(pad, pad.parent_block()):
            count += 1
    return count

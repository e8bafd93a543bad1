"""Concatenations computed in one buffer per chain, their unavoidable copies as linalg ops the
parallel split cuts across the CPUs.

DenseNet-121 concatenates every dense layer's 32 new channels to all the channels before it,
which that layer's batch norm also reads: 58 concats, each a buffer of its own. Decomposed
(`DECOMPOSE_CONCAT`, transform_scripts.py: an empty tensor and one `insert_slice` per input, built
where the concat was), every input was copied: the previous concatenation because it has another
reader, and the new channels too, since the destination is built after their producer and
`eliminate-empty-tensors` needs it before (1.1 M elements of `memref.copy` on one thread at two
threads, besides 10.2 M copied by split generics).

`concat_copies(module, min_elements)` rewrites the static concats of the function bodies chain by
chain (`_chains`: a concat whose result is the first input of exactly one other concat along the
same dimension is extended by it; a dense block is one chain):
- one `tensor.empty` of the last concat's shape is the chain's destination; each concat of the
  chain is the `extract_slice` of its leading part (at offset 0), so the next one finds its first
  input in place and copies nothing;
- an input that only the concat reads and whose producer's destination chain starts at a
  `tensor.empty` (pads_in_place.py's `_destination_chain`: the dense layer's convolution and its
  zero fill) is computed in its slice: the empty becomes an `extract_slice` of the destination,
  which is therefore built before it, and the `insert_slice` right after the producer is a
  self-copy that one-shot-bufferize elides;
- so is an input that flat_pixels.py's flattening made `expand_shape(collapse_shape(Y))` (a 1x1
  layer over `1 x 1 x H*W` pixels, its split parts inserted into one `tensor.empty`: SqueezeNet's
  1x1 expands, 726 + 3 pixels), each used once: the empty becomes the slice reshaped the same way
  (`_reshaped_chain`; the channel slice of an NHWC destination keeps its pixels collapsible), where
  it was copied into the concat (0.05 ms per fire module at 55x55 on one thread);
- so is an input computed by a top-level `scf.for` carrying one tensor from a `tensor.empty` (the
  Winograd output transform's loop: Inception-v2's 3x3 branches), whose init becomes the slice
  (`_loop_writer`, `LOOPS_IN_PLACE`);
- any other input of at least `min_elements` elements (a block's first input, read by the first
  layer too) is copied by an identity `linalg.generic` into its slice (`extract_slice` / generic /
  `insert_slice`), which `plan_parallel_split` cuts by rows like any elementwise op; a smaller one
  is a plain `insert_slice` (a `memref.copy`).
The batch norm reading a concatenation then reads it where the next layers write further
channels, after it has read it: one-shot-bufferize sees the read before the write and keeps every
`insert_slice` in place.

The one-thread microkernel pipeline runs the same rewrite (`CHAINS_AT_ONE_THREAD`, pipelines.py)
with `NO_COPIES`: nothing to split there, so the inputs written by neither their producer nor the
chain stay plain `insert_slice`s, and what it gains is the writers in their slices (SqueezeNet's
fire modules: both expand convolutions write their channels of the concat, where `DECOMPOSE_CONCAT`
copied each one's own buffer in).
"""

from __future__ import annotations

import math

from xdsl.builder import Builder, InsertPoint
from xdsl.dialects import tensor
from xdsl.dialects.builtin import AffineMapAttr, ModuleOp, TensorType
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, YieldOp
from xdsl.ir import Block, Operation, OpResult, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.rewriter import Rewriter

from xfuse.backends.in_place.pads_in_place import _destination_chain, _single_destination
from xfuse.backends.parallel.parallel_split import function_bodies


CHAINS_AT_ONE_THREAD = True
"""Whether the one-thread pipeline computes its chains of concats in one buffer too (with
`NO_COPIES`: the inputs neither in place nor written by their producer stay plain `insert_slice`s,
as `DECOMPOSE_CONCAT` leaves them); else `DECOMPOSE_CONCAT` decomposes every concat where it is,
and each input computed into a buffer of its own is copied into the concat's (SqueezeNet's fire
modules: 12 `memrefCopy` call sites, 0.24 ms of a 10 ms call; on since the fifteenth session)."""
NO_COPIES = 1 << 62
"""A `min_elements` above every tensor: no copy as a linalg generic."""


WRITERS_IN_ORDER = True
"""The inputs computed in their slices are placed in the order their producers run, not the
concat's: a fire module's 3x3 expand (a channel-block `scf.forall`, concat input 1) runs before
its 1x1 expand (input 0); placed second, after the destination the 1x1 expand updated, it was
copied (SqueezeNet at two threads: four 55x55 and 27x27 copies by split generics, four 13x13
ones by `memref.copy`). Off: input order, as before the fourteenth session (for an A/B)."""


def _identity_copy(source: SSAValue, destination: SSAValue) -> GenericOp:
    rank = source.type.get_num_dims()  # type: ignore[attr-defined]
    element = source.type.get_element_type()  # type: ignore[attr-defined]
    body = Block(arg_types=[element, element])
    body.add_op(YieldOp(body.args[0]))
    identity = AffineMapAttr(AffineMap.identity(rank))
    return GenericOp([source], [destination], Region(body), [identity, identity],
                     [IteratorTypeAttr.parallel()] * rank, [destination.type])


RESHAPED_IN_PLACE = True
"""Inputs reshaped back from flat_pixels.py's flattened pixels are computed in their slice too
(`_reshaped_chain`); off: copied, as before the fourteenth session (for an A/B)."""


def _reshaped_chain(value: SSAValue, block: Block) -> tuple[Operation, int, tuple[Operation, Operation]] | None:
    """For `value` = `expand_shape(collapse_shape(Y))`, static, each used once, where `Y`'s
    destination chain (the `insert_slice`s of split parts, or linalg inits) starts at a
    `tensor.empty` at the top level of `block`: (the op whose operand is that empty, its index,
    (the expand, the collapse)); else None."""
    if not RESHAPED_IN_PLACE or not isinstance(value, OpResult) or value.op.name != "tensor.expand_shape" \
            or len(value.op.operands) != 1:
        return None
    expand = value.op
    source = expand.operands[0]
    if not isinstance(source, OpResult) or source.op.name != "tensor.collapse_shape" or not source.has_one_use():
        return None
    collapse = source.op
    inner = collapse.operands[0]
    if not isinstance(inner, OpResult) or not inner.has_one_use():
        return None
    op = inner.op
    while op.parent_block() is block:
        index = 1 if isinstance(op, tensor.InsertSliceOp) else _single_destination(op)
        if index is None:
            return None
        init = op.operands[index]
        if not isinstance(init, OpResult):
            return None
        if isinstance(init.op, tensor.EmptyOp):
            return op, index, (expand, collapse)
        if not init.has_one_use():
            return None
        op = init.op
    return None


LOOPS_IN_PLACE = True
"""An input computed by a top-level `scf.for` carrying one tensor from a `tensor.empty` (the
Winograd output transform's loop over channel blocks: Inception-v2's 3x3 branches at 28 x 28) is
computed in its slice too (`_loop_writer`); off, it is copied (as `DECOMPOSE_CONCAT` wrote it in
place only where the decomposed chain happened to dominate its empty). For the A/B."""


def _loop_writer(op: Operation, block: Block) -> tuple[Operation, int] | None:
    """(`op`, the operand index of its one iter_arg's init) when `op` is an `scf.for` at the top
    level of `block` with one result whose init is a `tensor.empty` used by it alone: the loop
    writes the whole tensor (its initial contents are undefined, so reading them is no use)."""
    if not LOOPS_IN_PLACE or op.name != "scf.for" or op.parent_block() is not block or len(op.results) != 1:
        return None
    init = op.operands[-1]
    if len(op.operands) != 4 or not isinstance(init, OpResult) or not isinstance(init.op, tensor.EmptyOp) \
            or not init.has_one_use():
        return None
    return op, len(op.operands) - 1


def _reshaped_view(view: SSAValue, reshape: tuple[Operation, Operation], target: TensorType,
                   at: Operation) -> list[Operation]:
    """`view` (the slice of the destination, of the expand's type) collapsed as the expand
    expanded and expanded as the collapse collapsed, to `target` (the empty's type): the ops,
    inserted before `at`."""
    expand, collapse = reshape
    collapsed = type(collapse)(operands=[view], result_types=[collapse.results[0].type],
                               properties={"reassociation": expand.properties["reassociation"]})
    expanded = type(expand)(collapsed.results[0], [], collapse.properties["reassociation"],
                            target.get_shape(), target)
    for op in (collapsed, expanded):
        Rewriter.insert_op(op, InsertPoint.before(at))
    return [collapsed, expanded]


def _static(concat: Operation) -> bool:
    return isinstance(concat, tensor.ConcatOp) and all(
        isinstance(v.type, TensorType) and v.type.has_static_shape() for v in (*concat.inputs, concat.result))


def _chains(block_ops: list[Operation]) -> list[list[tensor.ConcatOp]]:
    """The static concats of `block_ops` in chains: a concat is followed by the one concat that
    takes its result as first input along the same dimension (DenseNet's dense block: every layer
    appends its new channels to the previous concatenation); a concat extended by none ends one."""
    concats = [op for op in block_ops if _static(op)]
    extenders: dict[Operation, list[tensor.ConcatOp]] = {}
    for concat in concats:
        first = concat.inputs[0]
        if isinstance(first, OpResult) and _static(first.op) and first.op.dim.value.data == concat.dim.value.data:
            extenders.setdefault(first.op, []).append(concat)
    extending = {found[0] for found in extenders.values() if len(found) == 1}
    chains = []
    for concat in concats:
        if concat in extending:
            continue
        chain = [concat]
        while len(extenders.get(chain[-1], [])) == 1:
            chain.append(extenders[chain[-1]][0])
        chains.append(chain)
    return chains


def concat_copies(module: ModuleOp, min_elements: int) -> int:
    """Decompose the concatenations of `module` into one destination per chain with their large
    copies as linalg ops (module docstring); the number of copies made."""
    copies = 0
    for _, block_ops, _ in function_bodies(module):
        position = {op: i for i, op in enumerate(block_ops)}
        for chain in _chains(block_ops):
            copies += _place_chain(chain, position, min_elements)
    return copies


def _place_chain(chain: list[tensor.ConcatOp], position: dict[Operation, int], min_elements: int) -> int:
    """Rewrite a chain of concats (`_chains`) into one destination (module docstring); the copies made."""
    block = chain[0].parent_block()
    dim = chain[0].dim.value.data
    # (concat, value, offsets, sizes, its producer's destination chain) of each input but the chain's own
    entries = []
    for k, concat in enumerate(chain):
        offset = 0
        for i, value in enumerate(concat.inputs):
            sizes = list(value.type.get_shape())  # type: ignore[attr-defined]
            if not (k > 0 and i == 0):
                writer = None
                if isinstance(value, OpResult) and value.op in position and value.has_one_use():
                    writer = _destination_chain(value.op, block) or _loop_writer(value.op, block)
                    writer = (*writer, None) if writer is not None else _reshaped_chain(value, block)
                entries.append((concat, value, [offset if d == dim else 0 for d in range(len(sizes))], sizes, writer))
            offset += sizes[dim]
    first = min([chain[0], *(writer[0] for *_, writer in entries if writer is not None)], key=position.__getitem__)

    def _placing_order(entry) -> tuple[bool, int]:
        # the producers first, in program order where `WRITERS_IN_ORDER`: each later one's chain
        # starts after the destination the one before updated (else it is copied)
        writer = entry[4]
        return writer is None, position[writer[0]] if writer is not None and WRITERS_IN_ORDER else 0

    destination = Builder(InsertPoint.before(first)).insert(tensor.EmptyOp([], chain[-1].result.type)).tensor
    defined_at = position[first] - 0.5
    copies = 0
    for concat in chain:
        here = Builder(InsertPoint.before(concat))
        for _, value, offsets, sizes, writer in sorted((e for e in entries if e[0] is concat), key=_placing_order):
            if writer is not None and position[writer[0]] > defined_at:
                # the producer computes in its slice (as pads_in_place.py: the insert is then a self-copy)
                start, index, reshape = writer
                slice_ = Builder(InsertPoint.before(start)).insert(
                    tensor.ExtractSliceOp.from_static_parameters(destination, offsets, sizes))
                view, views = slice_.result, []
                if reshape is not None and slice_.result.type == reshape[0].results[0].type:
                    views = _reshaped_view(slice_.result, reshape, start.operands[index].type, start)
                    view = views[-1].results[0]
                if view.type == start.operands[index].type:
                    empty = start.operands[index].op  # type: ignore[union-attr]
                    start.operands[index] = view
                    if not empty.results[0].uses:
                        Rewriter.erase_op(empty)
                    destination = Builder(InsertPoint.after(value.op)).insert(  # type: ignore[union-attr]
                        tensor.InsertSliceOp.from_static_parameters(value, destination, offsets, sizes)).result
                    defined_at = position[value.op]  # type: ignore[union-attr]
                    continue
                for op in reversed(views):
                    Rewriter.erase_op(op)
                Rewriter.erase_op(slice_)
            source = value
            if math.prod(sizes) >= min_elements:
                slice_ = here.insert(tensor.ExtractSliceOp.from_static_parameters(destination, offsets, sizes))
                source = here.insert(_identity_copy(value, slice_.result)).res[0]
                copies += 1
            destination = here.insert(
                tensor.InsertSliceOp.from_static_parameters(source, destination, offsets, sizes)).result
            defined_at = position[concat] - 0.5
        if concat is chain[-1]:
            Rewriter.replace_op(concat, [], [destination])
        else:  # the leading part of the chain's destination, which the next concat extends
            shape = list(concat.result.type.get_shape())
            view = here.insert(tensor.ExtractSliceOp.from_static_parameters(destination, [0] * len(shape), shape))
            Rewriter.replace_op(concat, [], [view.result])
    return copies

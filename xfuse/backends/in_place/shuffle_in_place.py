"""Channel shuffles written in shuffled order by the grouped convolution that makes them.

ShuffleNet's channel shuffle is a reshape, a transpose and a reshape of a grouped convolution's
output. torch-mlir and `xfuse-nhwc` give the grouped convolution as an `scf.forall` over the
groups, each iteration inserting its channels into a shared output, and the shuffle as a
`linalg.transpose` of it (seen through a `tensor.collapse_shape`/`tensor.expand_shape` round
trip):

    %e = tensor.expand_shape %empty ... : tensor<1x56x56x112xf32> into tensor<1x56x56x4x28xf32>
    %y = scf.forall (%g) in (4) shared_outs(%o = %e) -> (tensor<1x56x56x4x28xf32>) {
      %s = tensor.extract_slice %o[0, 0, 0, %g, 0] [1, 56, 56, 1, 28] [1, 1, 1, 1, 1]
      ...                                          // the group's convolution into %s
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %r into %o[0, 0, 0, %g, 0] [1, 56, 56, 1, 28] [1, 1, 1, 1, 1]
      }
    }
    %t = linalg.transpose ins(%y) outs(%empty2 : tensor<1x56x56x28x4xf32>) permutation = [0, 1, 2, 4, 3]

Bufferized, the convolution's output and its transposed copy are two buffers of the activation's
size, live at once (ShuffleNet's peak at its first stride-2 unit: 1.34 MiB each, beside the
depthwise convolution's padded input that the copy was written into). Here the loop writes the
transposed tensor instead: its shared output takes the transpose's type and every slice of it
is taken at the permuted offsets and sizes,

    %y = scf.forall (%g) in (4) shared_outs(%o = %empty2) -> (tensor<1x56x56x28x4xf32>) {
      %s = tensor.extract_slice %o[0, 0, 0, 0, %g] [1, 56, 56, 28, 1] [1, 1, 1, 1, 1]
      ...

so each group's channels land interleaved (every fourth channel) and the transpose is gone
(at a cost in time, so it is off unless `SHUFFLES_IN_PLACE_ENABLED`).
The tile is the same tensor (the permutation keeps the order of its dimensions that are not
unit), so the ops in the loop are unchanged; only their stores become strided. Each element is
computed and written once, as before: the result is bit for bit the same. `pads_in_place` then
puts the loop's output in the padded buffer's interior, as it does for any loop whose shared
output is a `tensor.empty`.

Rewritten: a top-level `linalg.transpose` whose input is the one result of an `scf.forall` in
the same block, read only by the transpose (directly or through a reshape round trip that
gives the same type back), the loop's shared output a fresh tensor (a `tensor.empty`, or a
reshape of one), and every use of the shared block argument an
`extract_slice` or the `parallel_insert_slice` of unit strides whose permuted sizes keep the
non-unit dimensions in order. Anything else is left alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import DenseArrayBase, ModuleOp, TensorType, i64
from xdsl.dialects.tensor import CollapseShapeOp, EmptyOp, ExtractSliceOp
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.in_place.top_level_rewrites import rewrite_top_level_ops
from xfuse.dialects.tensor import ParallelInsertSliceOp, rank_reduced_type_matches
from xfuse.dialects.tensor_mlir22 import ExpandShapeOp

__all__ = ["SHUFFLES_IN_PLACE_ENABLED", "shuffles_in_place"]

SHUFFLES_IN_PLACE_ENABLED = False
"""Whether the micro-kernel pipelines run `shuffles_in_place`; off by default, since it costs
time: the grouped convolution's stores become strided (scalar), where the transpose it replaces
was vectorized with shuffles. ShuffleNet, one thread, CPU time, 40 interleaved calls with
onnxruntime on a quiet machine (2026-11-29 14:01 UTC): median 10.54 ms with it against 7.84
without (onnxruntime 8.92), for an arena of 2.06 instead of 3.06 MiB (onnxruntime's per-tensor
peak: 2.76). True trades that speed for the memory (`tests/backends/test_shuffle_in_place.py`
runs it so)."""

_DYNAMIC = -(2 ** 63)
"""MLIR's `ShapedType::kDynamic` in a static offset list: the value is the next dynamic operand."""


def _only_use(value: SSAValue) -> Operation | None:
    uses = list(value.uses)
    return uses[0].operation if len(uses) == 1 else None


def _loop_through_round_trip(value: SSAValue) -> tuple[Operation, list[Operation]] | None:
    """The `scf.forall` whose one result is `value`, or is `value` seen through a collapse and an
    expand that give its type back, and those two reshapes; None otherwise (or when anything
    else reads them)."""
    if not isinstance(value, OpResult) or _only_use(value) is None:
        return None
    between: list[Operation] = []
    op = value.op
    if isinstance(op, ExpandShapeOp):
        collapsed = op.operands[0]
        if not (isinstance(collapsed, OpResult) and isinstance(collapsed.op, CollapseShapeOp)
                and _only_use(collapsed) is op):
            return None
        inner = collapsed.op.operands[0]
        if inner.type != value.type or collapsed.op.properties.get("reassociation") != \
                op.properties.get("reassociation"):
            return None
        if not isinstance(inner, OpResult) or _only_use(inner) is None:
            return None
        between = [collapsed.op, op]
        op = inner.op
    if op.name != "scf.forall" or len(op.results) != 1:
        return None
    return op, between


def _fresh(value: SSAValue) -> bool:
    """`value` is a `tensor.empty` or a reshape of one: contents a loop may not read (CSE may
    have given the empty other users; they keep it)."""
    if isinstance(value, OpResult) and isinstance(value.op, ExpandShapeOp | CollapseShapeOp):
        value = value.op.operands[0]
    return isinstance(value, OpResult) and isinstance(value.op, EmptyOp)


def _permuted_slice(slice_op: Operation, first_index: int, permutation: Sequence[int], tile: Sequence[int]) -> \
        tuple[list[int], list[SSAValue], list[int]] | None:
    """The (static offsets, dynamic offsets, static sizes) of `slice_op`'s slice in the
    transposed tensor (offset operands start at `first_index`); None when its strides are not
    all 1, its sizes not static, the permutation reorders its non-unit dimensions, or the
    slice's tile (shape `tile`) is not the permuted sizes with unit dimensions dropped (a
    channel split's 1x1x1x40 tile of an NHWC -> NCHW transpose, DenseNet's classifier: that
    would need the tile itself reshaped)."""
    offsets = list(slice_op.properties["static_offsets"].get_values())
    sizes = list(slice_op.properties["static_sizes"].get_values())
    strides = list(slice_op.properties["static_strides"].get_values())
    if any(s != 1 for s in strides) or any(s == _DYNAMIC for s in sizes):
        return None
    dynamic = iter(slice_op.operands[first_index:first_index + sum(o == _DYNAMIC for o in offsets)])
    per_dim = [(o, next(dynamic) if o == _DYNAMIC else None) for o in offsets]
    kept = [d for d in permutation if sizes[d] != 1]
    new_sizes = [sizes[d] for d in permutation]
    if kept != sorted(kept) or not rank_reduced_type_matches(new_sizes, tile):
        return None
    new = [per_dim[d] for d in permutation]
    return [o for o, _ in new], [v for _, v in new if v is not None], new_sizes


def _set_slice(slice_op: Operation, first_index: int, permuted: tuple[list[int], list[SSAValue], list[int]]) -> None:
    """Give `slice_op` the slice `_permuted_slice` computed (the same dynamic offsets, reordered)."""
    static, dynamic, sizes = permuted
    operands = list(slice_op.operands)
    operands[first_index:first_index + len(dynamic)] = dynamic
    slice_op.operands = operands
    slice_op.properties["static_offsets"] = DenseArrayBase.from_list(i64, static)
    slice_op.properties["static_sizes"] = DenseArrayBase.from_list(i64, sizes)


def _rewrite(transpose: Operation) -> bool:
    """Make the loop feeding `transpose` write the transposed tensor (module doc); whether it did."""
    found = _loop_through_round_trip(transpose.operands[0])
    if found is None or found[0].parent_block() is not transpose.parent_block():
        return False
    loop, between = found
    if not _fresh(loop.operands[-1]):
        return False
    permutation = list(transpose.properties["permutation"].get_values())
    transposed = transpose.results[0].type
    if not isinstance(transposed, TensorType) or any(d < 0 for d in transposed.get_shape()):
        return False
    shared = loop.regions[0].block.args[-1]
    slices: list[tuple[Operation, int, tuple]] = []
    for use in shared.uses:
        user = use.operation
        if isinstance(user, ExtractSliceOp) and use.index == 0:
            first, tile = 1, user.results[0].type
        elif isinstance(user, ParallelInsertSliceOp) and use.index == 1:
            first, tile = 2, user.operands[0].type
        else:
            return False
        permuted = _permuted_slice(user, first, permutation, tile.get_shape())
        if permuted is None:
            return False
        slices.append((user, first, permuted))
    if not any(isinstance(user, ParallelInsertSliceOp) for user, _, _ in slices):
        return False

    empty = EmptyOp([], transposed)
    empty.location = transpose.location
    Rewriter.insert_op(empty, InsertPoint.before(loop))
    old_init = loop.operands[-1]
    loop.operands[len(loop.operands) - 1] = empty.results[0]
    for user, first, permuted in slices:
        _set_slice(user, first, permuted)
    Rewriter.replace_value_with_new_type(shared, transposed)
    result = Rewriter.replace_value_with_new_type(loop.results[0], transposed)
    transpose.results[0].replace_all_uses_with(result)
    transpose_init = transpose.operands[1]
    Rewriter.erase_op(transpose)
    for op in reversed(between):
        Rewriter.erase_op(op)
    _erase_unused(old_init)
    _erase_unused(transpose_init)
    return True


def _erase_unused(value: SSAValue) -> None:
    """Erase the op making `value` if nothing uses it, and so on through its first operand (an
    unused `tensor.empty` and its reshape)."""
    while isinstance(value, OpResult) and not list(value.uses) and value.op.parent is not None:
        op = value.op
        value = op.operands[0] if op.operands else None
        Rewriter.erase_op(op)


def shuffles_in_place(module: ModuleOp) -> int:
    """Fold every qualifying transpose into the loop that makes its input (module doc); how many."""
    return rewrite_top_level_ops(module, {"linalg.transpose"}, _rewrite)

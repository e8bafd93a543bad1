"""`xfuse-block-matmul-weights`: matmul weights in contiguous panels of columns.

A register tile of a matmul reads a `K x NR` panel of its weight `W` (`K x N`), one row of `NR`
elements per K step, rows `N x 4` bytes apart: 4 KiB at N = 1024, so every K step touches another
page, and the hardware prefetchers, which stay within a page, do not run ahead. With the weight
cold (a network's weights do not fit L2) this costs the transformer layer's 128x256x1024 FFN
matmul 20% (0.96 -> 0.78 ms, weights flushed between calls) and the classifiers' matrix-vector
products (one row of A; AlexNet's 9216x4096 layer) 2.5x (14.1 -> 5.6 ms: they stream the whole
weight from memory, 64 bytes per page). MLAS packs B into panels for this reason; so does this
pass, at load time: a weight argument `W` of a `linalg.matmul` takes the layout
`N/B x K x B` (`W` reshaped to `K x N/B x B`, `xfuse.weight_shape`, then permuted `1, 0, 2`), so
each block of `B` columns is one contiguous panel, and the matmul becomes an `scf.forall` over the
blocks whose body is one matmul on the block's panel, writing its `B` columns of the result
(`tensor.parallel_insert_slice`). The parallel pipelines run the blocks on several CPUs.

`B` is the widest of 64, 32, 16, 8 that divides N (64: two register tiles of 32; ResNet-50's
1000 classes: 8); a weight of at most 64 columns, or of a width none divides, is left alone. Qualify: a static float `linalg.matmul` with the default maps whose B operand
is a weight argument (`{xfuse.weight}`, xfuse.onnx's externalized initializers) read by nothing
else, of at least `MIN_WEIGHT_BYTES`, with no layout yet or the transposed one `xfuse-nhwc`
gives `Gemm` weights (`1, 0`; composed: `W` as stored, `N x K`, reshaped to `N/B x B x K` and
permuted `0, 2, 1`). A `linalg.batch_matmul` of a weight copied over the batch (torch-mlir's
`MatMul` of a 3-D activation) is first made a matmul by `xfuse-batch-matmul-to-matmul`'s rewrite.

The accumulator: a `linalg.fill` of a `tensor.empty` becomes a fill of the block in the loop body
(the micro-kernel schedule keeps it in registers); any other init is sliced per block.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, tensor
from xdsl.dialects.builtin import AnyFloat, ModuleOp, TensorType
from xdsl.dialects.linalg import FillOp
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.dialects.linalg import BatchMatmulOp
from xfuse.dialects.linalg_syntax import MATMUL
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.transforms.batch_matmul import MLIR_FILL, broadcast_source, rewrite_batch_matmul
from xfuse.transforms.layout.slice_loops import private_init, slice_loop
from xfuse.transforms.layout.weight_layout import (
    retype_weight_argument,
    set_weight_shape,
    uncalled_functions,
    weight_layout,
    weight_shape,
)
from xfuse.transforms.layout.weight_transposes import is_weight

BLOCK_WIDTHS = (64, 32, 16, 8)
"""Column block widths, widest first: whole 16-lane vectors down to one 8-lane one."""
MIN_WEIGHT_BYTES = 128 * 1024
"""Smaller weights stay in L2 between calls; their rows' page crossings cost little."""
TRANSPOSED = (1, 0)
"""The layout `xfuse-nhwc` gives a `Gemm` weight (`transB = 1`): the argument is `W` stored `N x K`."""
DEFAULT_MAPS = ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"]


def _static_float(type_: object, rank: int) -> bool:
    return isinstance(type_, TensorType) and type_.get_num_dims() == rank and type_.has_static_shape() and \
        isinstance(type_.get_element_type(), AnyFloat)


def _weight_argument(value: SSAValue, function: func.FuncOp) -> BlockArgument | None:
    """`value` when it is a weight argument of `function` that only one op reads and whose layout
    this pass can compose with."""
    if not isinstance(value, BlockArgument) or value.block is not function.body.block or not value.has_one_use():
        return None
    if not is_weight(function, value.index) or not _static_float(value.type, 2):
        return None
    layout = weight_layout(function, value.index)
    if layout is None and weight_shape(function, value.index) is None:
        return value
    return value if layout == TRANSPOSED else None


def block_width(columns: int) -> int | None:
    """The panel width for a weight of `columns` columns, or None: rows of at most the widest
    block are panels already, and a width no block divides is left as it is."""
    if columns <= BLOCK_WIDTHS[0]:
        return None
    return next((b for b in BLOCK_WIDTHS if columns % b == 0), None)


def _blockable(matmul: Operation, function: func.FuncOp) -> BlockArgument | None:
    """The weight argument of `matmul` when the matmul should read it in panels."""
    if matmul.name != "linalg.matmul" or len(matmul.results) != 1 or matmul.properties.get("cast") is not None:
        return None
    maps = matmul.properties.get("indexing_maps")
    if maps is not None and [str(m.data) for m in maps.data] != DEFAULT_MAPS:
        return None
    if not all(_static_float(v.type, 2) for v in (*matmul.operands, matmul.results[0])):
        return None
    if len({v.type.get_element_type() for v in matmul.operands}) != 1:
        return None
    weight = _weight_argument(matmul.operands[1], function)
    if weight is None or block_width(weight.type.get_shape()[1]) is None:
        return None
    size = math.prod(weight.type.get_shape()) * weight.type.get_element_type().bitwidth // 8
    return weight if size >= MIN_WEIGHT_BYTES else None


def _block(matmul: Operation, function: func.FuncOp, weight: BlockArgument) -> None:
    lhs, init = matmul.operands[0], matmul.operands[2]
    rows, columns = init.type.get_shape()
    k = weight.type.get_shape()[0]
    width = block_width(columns)
    blocks = columns // width
    element = weight.type.get_element_type()
    stored_transposed = weight_layout(function, weight.index) == TRANSPOSED
    weight = retype_weight_argument(function, weight, TensorType(element, [blocks, k, width]),
                                    (0, 2, 1) if stored_transposed else (1, 0, 2))
    set_weight_shape(function, weight.index, [blocks, width, k] if stored_transposed else [k, blocks, width])

    fill = init.owner
    zero_init = isinstance(fill, FillOp) and isinstance(fill.outputs[0].owner, tensor.EmptyOp) and init.has_one_use()
    if zero_init:
        shared = tensor.EmptyOp([], init.type)
        Rewriter.insert_op(shared, InsertPoint.before(matmul))
        outer = shared.tensor
    else:
        outer = private_init(init, matmul)
    forall, block, result, constant, first = slice_loop(blocks, outer, width, matmul, "block")
    block_type = TensorType(element, [rows, width])
    panel = tensor.ExtractSliceOp(weight, [block, 0, 0], [1, k, width], [1, 1, 1], TensorType(element, [k, width]))
    body: list[Operation] = [constant, first, panel]
    if zero_init:
        empty = tensor.EmptyOp([], block_type)
        block_fill = MLIR_FILL([fill.inputs[0]], [empty.tensor], [block_type])
        body += [empty, block_fill]
        accumulator = block_fill.results[0]
    else:
        block_init = tensor.ExtractSliceOp(result, [0, first.result], [rows, width], [1, 1], block_type)
        body.append(block_init)
        accumulator = block_init.result
    block_matmul = MATMUL([lhs, panel.result], [accumulator], [block_type])
    body.append(block_matmul)
    for op in (forall, *body):
        op.location = matmul.location
    Rewriter.insert_op(body, InsertPoint.before(forall.terminator))
    insert = ParallelInsertSliceOp(block_matmul.results[0], result, [0, first.result], [rows, width])
    insert.location = matmul.location
    forall.terminator.body.add_op(insert)
    matmul.results[0].replace_all_uses_with(forall.results[0])
    Rewriter.erase_op(matmul)
    if zero_init:
        empty_op = fill.outputs[0].owner
        Rewriter.erase_op(fill)
        if not empty_op.results[0].uses:
            Rewriter.erase_op(empty_op)


def _weight_batch_matmul(op: Operation, function: func.FuncOp) -> bool:
    """A batch_matmul whose B is a weight argument copied over the batch (to be made a matmul)."""
    if not isinstance(op, BatchMatmulOp) or not op.results[0].type.has_static_shape():
        return False
    copy = op.inputs[1]
    source = broadcast_source(copy)
    return source is not None and copy.has_one_use() and _weight_argument(source, function) is not None


def block_matmul_weights(module: ModuleOp) -> int:
    """Put the large weights of the matmuls of every function of `module` that no call in it
    reaches (its signature changes) in panels; how many matmuls were rewritten."""
    count = 0
    for function in uncalled_functions(module):
        for op in list(function.body.block.ops):
            if _weight_batch_matmul(op, function):
                rewrite_batch_matmul(op)
        for matmul in [op for op in function.body.block.ops if op.name == "linalg.matmul"]:
            weight = _blockable(matmul, function)
            if weight is not None:
                _block(matmul, function, weight)
                count += 1
    return count


@dataclass(frozen=True)
class BlockMatmulWeightsPass(ModulePass):
    """Large matmul weight arguments in panels of up to 64 columns, each matmul an `scf.forall`
    over the panels (module docstring)."""

    name = "xfuse-block-matmul-weights"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        block_matmul_weights(op)

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

The elementwise chain after the matmul moves into the loop body too (`_epilogue`), so that the
backend computes it on the block's register tiles before their one store: each op a
`linalg.generic` of parallel loops, the single user of the op before it (through the
`tensor.expand_shape` of a batch_matmul's result), its init not read, reading the running value
through the identity, a bias vector along the columns (`(..., n) -> (n)`), or a tensor of the
result's shape computed before the matmul (a residual), also through the identity. torch-mlir's
bias add and the residual add after it are such a chain; it stops at the first op that is not
(a second user, a reduction).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, tensor
from xdsl.dialects.builtin import AffineMapAttr, AnyFloat, ArrayAttr, IntegerAttr, ModuleOp, TensorType, i64
from xdsl.dialects.linalg import FillOp, IteratorTypeAttr
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.schedules.matmul import MATMUL_MAPS
from xfuse.dialects.linalg import BatchMatmulOp
from xfuse.dialects.linalg_syntax import MATMUL
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.transforms.batch_matmul import MLIR_FILL, broadcast_source, rewrite_batch_matmul
from xfuse.transforms.layout.slice_loops import available_at, erase_with_dead_inits, private_init, slice_loop
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
    if maps is not None and [str(m.data) for m in maps.data] != MATMUL_MAPS:
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


def _reads(op: Operation, value: SSAValue, anchor: Operation) -> list[str] | None:
    """How the `linalg.generic` `op` of the epilogue reads each input (`"value"`, `"residual"`,
    `"bias"`), when it is elementwise on `value` as the module docstring says; else None."""
    if op.name != "linalg.generic" or len(op.results) != 1 or op.results[0].type != value.type:
        return None
    if any(str(it.data) != "parallel" for it in op.properties["iterator_types"].data):
        return None
    rank = value.type.get_num_dims()
    maps = [m.data for m in op.properties["indexing_maps"].data]
    identity = AffineMap.identity(rank)
    bias = AffineMap(rank, 0, (identity.results[-1],))
    if maps[-1] != identity or op.regions[0].block.args[-1].uses or len(op.operands) < 2:
        return None
    body = op.regions[0].block
    inside = set(body.args) | {r for inner in body.ops for r in inner.results}
    captured = {v for inner in body.walk() for v in inner.operands if v not in inside}
    if not all(available_at(v, anchor) for v in captured):
        return None  # its body reads a value defined after the matmul: not available in the loop
    reads = []
    for operand, map_ in zip(op.operands[:-1], maps, strict=False):
        if operand is value and map_ == identity:
            reads.append("value")
        elif operand.type == value.type and map_ == identity and available_at(operand, anchor):
            reads.append("residual")
        elif map_ == bias and _static_float(operand.type, 1) and available_at(operand, anchor):
            reads.append("bias")
        else:
            return None
    return reads if reads.count("value") == 1 else None


def _epilogue(matmul: Operation) -> tuple[Operation | None, list[tuple[Operation, list[str]]]]:
    """The `tensor.expand_shape` of the matmul's result the chain goes through (None if none),
    and the chain: each op with how it reads its inputs (`_reads`)."""
    value, expand, chain = matmul.results[0], None, []
    uses = list(value.uses)
    if len(uses) == 1 and uses[0].operation.name == "tensor.expand_shape":
        expand = uses[0].operation
        value = expand.results[0]
    while len(uses := list(value.uses)) == 1:
        user = uses[0].operation
        if user.parent_block() is not matmul.parent_block() or (reads := _reads(user, value, matmul)) is None:
            break
        chain.append((user, reads))
        value = user.results[0]
    return (expand if chain else None), chain


def _collapsed(value: SSAValue, rank: int, before: Operation) -> SSAValue:
    """`value` (a tensor of the expanded result's shape) with its leading dimensions collapsed into
    the rows of the 2-D result."""
    if value.type.get_num_dims() == 2:
        return value
    shape = value.type.get_shape()
    collapse = tensor.CollapseShapeOp(
        operands=[value], result_types=[TensorType(value.type.get_element_type(), [math.prod(shape[:-1]), shape[-1]])],
        properties={"reassociation": ArrayAttr([ArrayAttr([IntegerAttr(i, i64) for i in range(rank - 1)]),
                                                ArrayAttr([IntegerAttr(rank - 1, i64)])])})
    Rewriter.insert_op(collapse, InsertPoint.before(before))
    return collapse.results[0]


def _epilogue_on_block(chain, value: SSAValue, first: SSAValue, width: int, forall: Operation,
                       body: list[Operation]) -> SSAValue:
    """`chain` applied to `value`, the block's `rows x width` result, in the loop body: each op a
    2-D generic on the block's slices of its residuals and bias; the block's result."""
    rows = value.type.get_shape()[0]
    block_type = value.type
    element = block_type.get_element_type()
    maps = {"value": AffineMap.identity(2), "residual": AffineMap.identity(2),
            "bias": AffineMap.from_callable(lambda m, n: (n,))}
    for op, reads in chain:
        inputs = []
        for operand, read in zip(op.operands[:-1], reads, strict=False):
            if read == "value":
                inputs.append(value)
                continue
            if read == "bias":
                piece = tensor.ExtractSliceOp(operand, [first], [width], [1], TensorType(element, [width]))
            else:
                whole = _collapsed(operand, operand.type.get_num_dims(), forall)
                piece = tensor.ExtractSliceOp(whole, [0, first], [rows, width], [1, 1], block_type)
            body.append(piece)
            inputs.append(piece.result)
        init = tensor.EmptyOp([], block_type)
        properties = dict(op.properties)
        properties["indexing_maps"] = ArrayAttr([AffineMapAttr(maps[r]) for r in reads] + [AffineMapAttr(maps["value"])])
        properties["iterator_types"] = ArrayAttr([IteratorTypeAttr.parallel()] * 2)
        step = type(op).create(operands=[*inputs, init.tensor], result_types=[block_type], properties=properties,
                               attributes=dict(op.attributes), regions=[op.regions[0].clone()])
        body += [init, step]
        init.location = step.location = op.location
        value = step.results[0]
    return value


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
    expand, chain = _epilogue(matmul)
    value = _epilogue_on_block(chain, block_matmul.results[0], first.result, width, forall, body)
    Rewriter.insert_op(body, InsertPoint.before(forall.terminator))
    insert = ParallelInsertSliceOp(value, result, [0, first.result], [rows, width])
    insert.location = matmul.location
    forall.terminator.body.add_op(insert)
    if chain:
        last = chain[-1][0].results[0]
        if expand is not None:
            reexpand = expand.clone(value_mapper={expand.operands[0]: forall.results[0]})
            Rewriter.insert_op(reexpand, InsertPoint.after(forall))
            last.replace_all_uses_with(reexpand.results[0])
        else:
            last.replace_all_uses_with(forall.results[0])
        erase_with_dead_inits([op for op, _ in reversed(chain)])
        if expand is not None:
            Rewriter.erase_op(expand)
    else:
        matmul.results[0].replace_all_uses_with(forall.results[0])
    erase_with_dead_inits([matmul, fill] if zero_init else [matmul])


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

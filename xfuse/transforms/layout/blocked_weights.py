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

`B` is the widest of 64, 32, 16, 8 that divides N and is at most the panel width
(`panel_width`): one register tile's width on 16-register targets (AVX2: 16 f32, so a tile's
`K x NR` panel is one contiguous run, as BLIS packs it), 64 on 32-register ones (Zen 4's 4x64
tile; two 8x32 tiles elsewhere); ResNet-50's 1000 classes: 8. A weight no wider than the panel
width, or of a width none divides, is left alone. Qualify: a static float `linalg.matmul` with the default maps whose B operand
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
result's shape computed before the matmul (a residual), also through the identity; one
`tensor.expand_shape` may stand anywhere in the chain (ViT's bias add is 2-D, its GELU 3-D).
torch-mlir's bias add and the residual add after it are such a chain; it stops at the first op
that is not (a second user, a reduction).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, tensor
from xdsl.dialects.builtin import AffineMapAttr, AnyFloat, ArrayAttr, IntegerAttr, ModuleOp, TensorType, i64
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.schedules.matmul import MATMUL_MAPS
from xfuse.backends.schedules.micro_tile import choose_tile_at_any_width, matmul_b_load_weight
from xfuse.backends.target import CpuTarget, host_target
from xfuse.dialects.linalg import BatchMatmulOp
from xfuse.dialects.linalg_syntax import MATMUL
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.passes import PassOptionError
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
PANEL_PER_TILE_MAX_REGISTERS = 16
"""Register files (AVX2, SSE) whose panels are one register tile wide (`panel_width`). Zen 3, one
thread, ONNX MatMul + bias through `xfuse.onnx.load`, interleaved with onnxruntime, CPU time,
median of 15: 128 x 3072 x 768 16.3 -> 10.3 ms (43 -> 71 GFLOP/s fastest) with panels of 16
instead of 64 (the 6x16 tile read one 64-byte line of each 256-byte panel row: its `K x 16`
slice covered only a quarter of the L1 and L2 sets), 128 x 768 x 3072 11.6 -> 10.9, 128 x 768 x
768 4.0 -> 2.9; panels of 32 were in between. Larger files keep 64: measured on Zen 4 only."""
MIN_WEIGHT_BYTES = 128 * 1024
"""Smaller weights stay in L2 between calls; their rows' page crossings cost little."""
TRANSPOSED = (1, 0)
"""The layout `xfuse-nhwc` gives a `Gemm` weight (`transB = 1`): the argument is `W` stored `N x K`."""
ROW_CHUNK_L2_SHARE = 0
"""The share of L2 a row chunk of A may take (`chunk_rows`; 0.5 when on); the rest holds the panel
and the chunk's block of the result. 0 (the default) switches the row chunks off: on BERT small
(its FFN down projections, the only matmuls they take there) they measured level at two threads
and 1-3% slower at one (twelfth session, docs/backend-measurements.md). Kept for the wider
layers where A is several times L2 (BERT base's 128 x 3072 FFN input, 1.5 MiB; not measured)."""
MIN_CHUNK_ROWS = 16
"""The fewest rows of a row chunk (`chunk_rows`): each chunk restarts the register tiles of every
panel and streams every panel again."""
BLOCKS_IN_PLACE = True
"""Each panel's block is computed in its slice of the shared output (`finish_panel_loop`), also
when its zero fill is shared with other matmuls (`panel_loop`); False: into a `tensor.empty` of
its own, and a shared fill sliced, as before (kept for the A/B)."""


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


def panel_width(rows: int, element_bits: int, target: CpuTarget) -> int:
    """The widest panel for a matmul of `rows` rows on `target`: on register files of at most
    `PANEL_PER_TILE_MAX_REGISTERS`, the width of the register tile the micro-kernel schedule
    takes for it, so that the tile reads its panel as one contiguous run (a 6x16 tile in a
    64-wide panel read a quarter of each row, 256 bytes apart); else the widest block."""
    if target.vector_registers > PANEL_PER_TILE_MAX_REGISTERS:
        return BLOCK_WIDTHS[0]
    tile = choose_tile_at_any_width(rows, BLOCK_WIDTHS[0], element_bits, target,
                                    b_load_weight=matmul_b_load_weight(target))
    return tile.nr if tile is not None else BLOCK_WIDTHS[0]


def block_width(columns: int, max_width: int = BLOCK_WIDTHS[0]) -> int | None:
    """The panel width for a weight of `columns` columns, at most `max_width`, or None: rows of
    at most `max_width` are panels already, and a width no block divides is left as it is."""
    if columns <= max_width:
        return None
    return next((b for b in BLOCK_WIDTHS if b <= max_width and columns % b == 0), None)


def _panel_limit(matmul: Operation, max_width: int, target: CpuTarget | None) -> int:
    """`max_width`, or when 0 the panel width for `matmul` on `target` (`panel_width`)."""
    if max_width:
        return max_width
    rows, _ = matmul.results[0].type.get_shape()
    return panel_width(rows, matmul.results[0].type.get_element_type().bitwidth, target or host_target())


def _blockable(matmul: Operation, function: func.FuncOp, max_width: int,
               target: CpuTarget | None) -> tuple[BlockArgument, int] | None:
    """The weight argument of `matmul` and the widest panel (`_panel_limit`) when the matmul
    should read it in panels."""
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
    if weight is None:
        return None
    limit = _panel_limit(matmul, max_width, target)
    if block_width(weight.type.get_shape()[1], limit) is None:
        return None
    size = math.prod(weight.type.get_shape()) * weight.type.get_element_type().bitwidth // 8
    return (weight, limit) if size >= MIN_WEIGHT_BYTES else None


def chunk_rows(matmul: Operation, width: int, target: CpuTarget | None = None) -> int:
    """The rows of A each iteration of `matmul`'s panel loop multiplies (all of them: no row
    chunks). Panels outside the rows read the whole of A once per panel; when A and a panel do
    not fit L2 together, every pass streams A from L3 (BERT's FFN down projection, 128 x 1024 x
    256 in 16 panels: 8 MiB of A against 1 MiB of weight; at two threads both CPUs stream it at
    once and the layer ran 1.1-1.2x faster than at one). Chunks of rows outside the panels read
    each chunk of A once, from L2 for every panel after the first, and stream the weight once per
    chunk: taken when that moves fewer bytes (`chunks x weight + A` against `weight + panels x A`),
    with a chunk of A at most `ROW_CHUNK_L2_SHARE` of L2 and at least `MIN_CHUNK_ROWS` rows, the
    largest such chunk (the fewest chunks). As `blocked_filters.chunk_rows` does for convolutions."""
    rows, k = matmul.operands[0].type.get_shape()
    columns = matmul.results[0].type.get_shape()[1]
    element_bytes = matmul.operands[0].type.get_element_type().bitwidth // 8
    l2_bytes = (target or host_target()).l2_bytes
    a_bytes, weight_bytes = rows * k * element_bytes, k * columns * element_bytes
    if not ROW_CHUNK_L2_SHARE or a_bytes + k * width * element_bytes <= l2_bytes:
        return rows
    for chunk in sorted((r for r in range(MIN_CHUNK_ROWS, rows) if rows % r == 0), reverse=True):
        if chunk * k * element_bytes <= ROW_CHUNK_L2_SHARE * l2_bytes:
            chunks, panels = rows // chunk, columns // width
            return chunk if chunks * weight_bytes + a_bytes < weight_bytes + panels * a_bytes else rows
    return rows


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
    """The `tensor.expand_shape` the chain goes through (None if none): one, right after the
    matmul (a batch_matmul's result) or between two of the chain's ops (ViT's GELU after its
    bias add is 3-D); and the chain: each op with how it reads its inputs (`_reads`)."""
    value, expand, chain, expand_at = matmul.results[0], None, [], 0
    while len(uses := list(value.uses)) == 1:
        user = uses[0].operation
        if user.parent_block() is not matmul.parent_block():
            break
        if expand is None and user.name == "tensor.expand_shape":
            expand, expand_at, value = user, len(chain), user.results[0]
            continue
        if (reads := _reads(user, value, matmul)) is None:
            break
        chain.append((user, reads))
        value = user.results[0]
    if expand is not None and expand_at == len(chain):  # no chain op reads the expanded value
        expand = None
    return expand, chain


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
                       body: list[Operation], row: SSAValue | int = 0) -> SSAValue:
    """`chain` applied to `value`, the block's `rows x width` result (from row `row`), in the loop
    body: each op a 2-D generic on the block's slices of its residuals and bias; the block's result."""
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
                piece = tensor.ExtractSliceOp(whole, [row, first], [rows, width], [1, 1], block_type)
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


@dataclass
class PanelLoop:
    """A matmul as an `scf.forall` over panels of its B (`panel_loop`): the loop, its body's ops
    (not inserted yet), the panel's matmul, the panel's first column, and whether the matmul's
    init was a fill of an empty (then each panel fills its own block)."""

    forall: Operation
    body: list[Operation]
    matmul: Operation
    first: SSAValue
    zero_init: bool
    row: SSAValue | int = 0
    """The first row of the iteration's block (0 without row chunks)."""


def _chunk_loop(chunks: int, blocks: int, init: SSAValue, width: int, rows: int, before: Operation):
    """The `scf.forall` of `chunks x blocks` iterations (inserted before `before`), row chunks of
    `rows` outside the panels of `width` columns: (forall, block iv, shared output, the ops of its
    body computing the panel's first column and the chunk's first row, those two values)."""
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import IndexType

    from xfuse.dialects.scf import ForallOp

    forall = ForallOp.from_bounds([chunks, blocks], [init])
    Rewriter.insert_op(forall, InsertPoint.before(before))
    chunk, block = forall.induction_vars
    chunk.name_hint, block.name_hint = "chunk", "block"
    constants = [arith.ConstantOp(IntegerAttr(n, IndexType())) for n in (width, rows)]
    first, row = arith.MuliOp(block, constants[0].result), arith.MuliOp(chunk, constants[1].result)
    return forall, block, forall.body.block.args[-1], [*constants, first, row], first.result, row.result


def panel_loop(matmul: Operation, panels: SSAValue, rows: int | None = None) -> PanelLoop:
    """The `scf.forall` (inserted before `matmul`) computing `matmul` one panel of `panels`
    (`blocks x K x width`, its B's columns in panels) at a time: each iteration multiplies A by its
    `K x width` panel into a fill of its own (the fill then stays with the register tiles) or into
    its slice of the init. `rows` (fewer than A's): the loop is over `(row chunk, panel)`, each
    iteration multiplying `rows` rows of A (`chunk_rows`)."""
    lhs, init = matmul.operands[0], matmul.operands[2]
    all_rows = init.type.get_shape()[0]
    rows = rows or all_rows
    blocks, k, width = panels.type.get_shape()
    element = panels.type.get_element_type()
    fill = init.owner
    # A fill of an empty, also when other matmuls accumulate into it (torch-mlir makes one zero fill
    # per shape: ViT's four qkv layers share one), is recomputed per block: see finish_panel_loop.
    zero_init = isinstance(fill, FillOp) and isinstance(fill.outputs[0].owner, tensor.EmptyOp) and \
        (init.has_one_use() or BLOCKS_IN_PLACE)
    if zero_init:
        shared = tensor.EmptyOp([], init.type)
        Rewriter.insert_op(shared, InsertPoint.before(matmul))
        outer = shared.tensor
    else:
        outer = private_init(init, matmul)
    if rows < all_rows:
        forall, block, result, loop_ops, first, row = _chunk_loop(all_rows // rows, blocks, outer, width, rows, matmul)
        lhs_rows = tensor.ExtractSliceOp(lhs, [row, 0], [rows, k], [1, 1], TensorType(element, [rows, k]))
        loop_ops.append(lhs_rows)
        lhs = lhs_rows.result
    else:
        forall, block, result, constant, first_op = slice_loop(blocks, outer, width, matmul, "block")
        loop_ops, first, row = [constant, first_op], first_op.result, 0
    block_type = TensorType(element, [rows, width])
    panel = tensor.ExtractSliceOp(panels, [block, 0, 0], [1, k, width], [1, 1, 1], TensorType(element, [k, width]))
    body: list[Operation] = [*loop_ops, panel]
    if zero_init:
        empty = tensor.EmptyOp([], block_type)
        block_fill = MLIR_FILL([fill.inputs[0]], [empty.tensor], [block_type])
        body += [empty, block_fill]
        accumulator = block_fill.results[0]
    else:
        block_init = tensor.ExtractSliceOp(result, [row, first], [rows, width], [1, 1], block_type)
        body.append(block_init)
        accumulator = block_init.result
    block_matmul = MATMUL([lhs, panel.result], [accumulator], [block_type])
    body.append(block_matmul)
    for op in (forall, *body):
        op.location = matmul.location
    return PanelLoop(forall, body, block_matmul, first, zero_init, row)


def _block_destination(value: SSAValue) -> tensor.EmptyOp | None:
    """The `tensor.empty` the block's result `value` is written into: the init of the op computing
    it (the chain's last op), or of the fill that op accumulates into (a matmul without a chain);
    None when there is none of this loop's own (a sliced init already is the destination)."""
    op = value.owner
    if not isinstance(op, Operation) or not op.operands:
        return None
    init = op.operands[-1]
    if isinstance(init.owner, FillOp) and init.has_one_use():
        init = init.owner.outputs[0]
    empty = init.owner
    return empty if isinstance(empty, tensor.EmptyOp) and init.has_one_use() and init.type == value.type else None


def finish_panel_loop(loop: PanelLoop, matmul: Operation, value: SSAValue) -> None:
    """Insert `loop`'s body and the write of `value` (the panel's result) into the shared output.

    The block is computed in place: the `tensor.empty` it is written into becomes the block's
    slice of the shared output (`_block_destination`). `eliminate-empty-tensors` does this only
    when the empty reaches the `parallel_insert_slice` whole; when the register tiles split the
    block's rows (ViT's 197 = 192 + 5 in 6x16 and 5x16 tiles, GPT-2's 128 = 126 + 2), the first
    part went into a temporary block, copied into the result by `memrefCopy` (a `memcpy` per
    64-byte row) and freed, in every panel. Only with a zero accumulator (`zero_init`): a sliced
    init is read by the matmul, and the block written over it would make bufferization copy it."""
    rows, width = value.type.get_shape()
    empty = _block_destination(value) if BLOCKS_IN_PLACE else None
    if loop.zero_init and empty is not None and empty in loop.body:
        destination = tensor.ExtractSliceOp(loop.forall.body.block.args[-1], [loop.row, loop.first], [rows, width],
                                            [1, 1], value.type)
        destination.location = empty.location
        loop.body[loop.body.index(empty)] = destination
        empty.tensor.replace_all_uses_with(destination.result)
        empty.erase()
    Rewriter.insert_op(loop.body, InsertPoint.before(loop.forall.terminator))
    insert = ParallelInsertSliceOp(value, loop.forall.body.block.args[-1], [loop.row, loop.first], [rows, width])
    insert.location = matmul.location
    loop.forall.terminator.body.add_op(insert)


def erase_panel_matmul(loop: PanelLoop, matmul: Operation, fill: Operation) -> None:
    """Erase `matmul`, which `loop` replaced, and its zero fill when no other matmul reads it."""
    erase_with_dead_inits([matmul])
    if loop.zero_init and not fill.results[0].uses:
        erase_with_dead_inits([fill])


def _block(matmul: Operation, function: func.FuncOp, weight: BlockArgument, max_width: int,
           target: CpuTarget | None = None) -> None:
    columns = matmul.operands[2].type.get_shape()[1]
    k = weight.type.get_shape()[0]
    width = block_width(columns, max_width)
    blocks = columns // width
    element = weight.type.get_element_type()
    stored_transposed = weight_layout(function, weight.index) == TRANSPOSED
    weight = retype_weight_argument(function, weight, TensorType(element, [blocks, k, width]),
                                    (0, 2, 1) if stored_transposed else (1, 0, 2))
    set_weight_shape(function, weight.index, [blocks, width, k] if stored_transposed else [k, blocks, width])
    fill = matmul.operands[2].owner
    loop = panel_loop(matmul, weight, chunk_rows(matmul, width, target))
    forall, body = loop.forall, loop.body
    expand, chain = _epilogue(matmul)
    value = _epilogue_on_block(chain, loop.matmul.results[0], loop.first, width, forall, body, loop.row)
    finish_panel_loop(loop, matmul, value)
    if chain:
        last = chain[-1][0].results[0]
        if expand is not None:
            reexpand = expand.clone(value_mapper={expand.operands[0]: forall.results[0]})
            Rewriter.insert_op(reexpand, InsertPoint.after(forall))
            last.replace_all_uses_with(reexpand.results[0])
        else:
            last.replace_all_uses_with(forall.results[0])
        ops = [op for op, _ in chain]
        if expand is not None:  # erased after its readers, before the op it reads
            ops.insert(next((i for i, op in enumerate(ops) if expand.operands[0] in op.results), -1) + 1, expand)
        erase_with_dead_inits(ops[::-1])
    else:
        matmul.results[0].replace_all_uses_with(forall.results[0])
    erase_panel_matmul(loop, matmul, fill)


def _weight_batch_matmul(op: Operation, function: func.FuncOp) -> bool:
    """A batch_matmul whose B is a weight argument copied over the batch (to be made a matmul)."""
    if not isinstance(op, BatchMatmulOp) or not op.results[0].type.has_static_shape():
        return False
    copy = op.inputs[1]
    source = broadcast_source(copy)
    return source is not None and copy.has_one_use() and _weight_argument(source, function) is not None


def block_matmul_weights(module: ModuleOp, max_width: int = 0, target: CpuTarget | None = None) -> int:
    """Put the large weights of the matmuls of every function of `module` that no call in it
    reaches (its signature changes) in panels of at most `max_width` columns (0: `panel_width`
    on `target`, default the host); how many matmuls were rewritten."""
    count = 0
    for function in uncalled_functions(module):
        for op in list(function.body.block.ops):
            if _weight_batch_matmul(op, function):
                rewrite_batch_matmul(op)
        for matmul in [op for op in function.body.block.ops if op.name == "linalg.matmul"]:
            blockable = _blockable(matmul, function, max_width, target)
            if blockable is not None:
                _block(matmul, function, *blockable, target)
                count += 1
    return count


@dataclass(frozen=True)
class BlockMatmulWeightsPass(ModulePass):
    """Large matmul weight arguments in panels, each matmul an `scf.forall` over the panels
    (module docstring). Option `max-width`: the widest panel, one of 8, 16, 32, 64 (0, the
    default: `panel_width` for each matmul on the host)."""

    name = "xfuse-block-matmul-weights"

    max_width: int = 0

    def __post_init__(self) -> None:
        if self.max_width and self.max_width not in BLOCK_WIDTHS:
            raise PassOptionError("max-width", f"must be 0 (the host's) or one of "
                                  f"{', '.join(map(str, sorted(BLOCK_WIDTHS)))}, got {self.max_width}")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        block_matmul_weights(op, self.max_width)

"""Matrix products of two activations read their B in register-tile-wide panels, packed per call.

A register tile reads a `K x NR` slice of B, one row of `NR` elements per K step, rows `N`
elements apart. `xfuse-block-matmul-weights` lays a weight out in `NR`-wide panels once, at load
time; a B computed in the call (attention's V in P.V, the transposed K in Q.K^T, one head each
after `xfuse-batch-matmul-to-matmul`) cannot be. ViT's V has 64 columns: a 6x16 AVX2 tile read
one 64-byte line of each 256-byte row, its `197 x 16` slice in a quarter of the L1 sets, and
Kᵀ's 788-byte rows put no row of B on a line boundary. Here such a product packs B first
(`linalg.pack`, outer dims `[1, 0]`, inner tile `[NR]`: `N/NR x K x NR`, a copy of `K x N`
elements that the pack schedule vectorizes) and becomes an `scf.forall` over the panels whose
body is one matmul on its contiguous `K x NR` panel, writing its `NR` columns of the result, as
a blocked weight's matmul does. The copy is amortized over the `M` rows that read each panel.

Qualify: a plain static float matmul at a function's top level (not inside a tile loop, where
the copy would be repeated per tile) whose B is not a weight argument (`{xfuse.weight}`: constant,
laid out once at load by `xfuse-block-matmul-weights`, nor an input: the caller's layout): computed in the call, or an input the
caller passes each call (the README's MLP, `examples/mlp.py --unfused`: its 512 x 1024 weight is
an input there, and packing it took the call from 6.49 to 4.32 ms), with at least `MIN_ROWS` rows and N
wider than the panel and a multiple of it. The panel is `blocked_weights.panel_width` (the
register tile's width on 16-register targets; on 32-register targets 64, which a 64-wide head
already is, so nothing changes there). Called by the micro-kernel pipelines after
`xfuse-batch-matmul-to-matmul` and the column splits, before the schedules are planned.

A matmul inside a tile loop (`xfuse-tile` + `xfuse-diffusion`: the README's fused MLP) reads a
`K x n` column slice of a tensor made before the loop, rows 4 KB apart there. `hoist_tile_panels`
packs that tensor once, before the loop, and the tile reads its `n/NR` panels as a slice of the
packed tensor: a pack per tile would copy B once per row of tiles. Each panel product accumulates
into its block of the tile's filled accumulator, so it takes the split register tile a top-level
product of its rows takes (AVX2, 64 rows: 6x16 + 4x16; `matmul._starts_from_a_fill`). One-thread pipelines only: at
two threads the tile loop is the parallel region, and the panel loop in its tiles became nested
regions of one thread each (tests/test_benchmarks.py's busy counter saw them).
"""

from __future__ import annotations

from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import IndexType, IntegerAttr, ModuleOp, TensorType
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.schedules.matmul import _is_plain_matmul
from xfuse.backends.target import CpuTarget
from xfuse.dialects.linalg_pack import PackOp
from xfuse.dialects.scf import ForallOp
from xfuse.transforms.layout.blocked_weights import erase_panel_matmul, finish_panel_loop, panel_loop, panel_width
from xfuse.transforms.fuse_producers import mixed_offsets, mixed_sizes
from xfuse.transforms.layout.weight_transposes import is_weight

ACTIVATION_PANELS_ENABLED = True
"""Switch for measuring the packed panels against the plain B (docs/backend-measurements.md)."""
PACK_INPUT_ARGUMENTS = False
"""An input argument's B (not a weight: the caller passes it each call) is packed per call too.
Off: the README's MLP as written ran 0.67x the time with it, but the packed copy is one more
buffer the size of B in the call's arena (tests/runtime/test_arena.py's bound of three 192 x 192
buffers), and the README's main job, fused, tiles the matmul into a loop where no pack is made."""
HOIST_TILE_PANELS = True
"""A matmul inside a tile loop whose B is a column slice of a tensor made outside the loop reads
it from panels packed once, before the loop (`hoist_tile_panels`)."""
MIN_ROWS = 16
"""Fewer rows reread each panel too few times to pay for the copy of B."""


def _is_weight_of(argument: BlockArgument, matmul: Operation) -> bool:
    function = matmul.parent_op()
    return isinstance(function, func.FuncOp) and is_weight(function, argument.index)


def _panel(matmul: Operation, target: CpuTarget) -> int | None:
    """The panel width B of `matmul` is packed in, or None when it does not qualify (module doc)."""
    if not _is_plain_matmul(matmul) or not isinstance(matmul.parent_op(), func.FuncOp):
        return None
    b = matmul.operands[1]
    if isinstance(b, BlockArgument) and (not PACK_INPUT_ARGUMENTS or _is_weight_of(b, matmul)):
        return None
    rows, columns = matmul.results[0].type.get_shape()
    if rows < MIN_ROWS:
        return None
    width = panel_width(rows, matmul.results[0].type.get_element_type().bitwidth, target)
    return width if columns > width and columns % width == 0 else None


def _packed(value: SSAValue, width: int, before: Operation, location) -> PackOp:
    """`value` (`K x N`) packed into `N/width x K x width` panels, the pack inserted before `before`."""
    k, columns = value.type.get_shape()
    packed = tensor.EmptyOp([], TensorType(value.type.get_element_type(), [columns // width, k, width]))
    pack = PackOp(value, packed.tensor, [1], [width], outer_dims_perm=[1, 0])
    packed.location = pack.location = location
    Rewriter.insert_op([packed, pack], InsertPoint.before(before))
    return pack


def _in_panels(matmul: Operation, width: int) -> None:
    _on_panels(matmul, _packed(matmul.operands[1], width, matmul, matmul.location).result)


def _on_panels(matmul: Operation, panels: SSAValue) -> None:
    """Replace `matmul` by the loop over `panels` (its B, `N/width x K x width`)."""
    fill = matmul.operands[2].owner
    loop = panel_loop(matmul, panels)
    finish_panel_loop(loop, matmul, loop.matmul.results[0])
    matmul.results[0].replace_all_uses_with(loop.forall.results[0])
    erase_panel_matmul(loop, matmul, fill)


def pack_activation_panels(module: ModuleOp, target: CpuTarget) -> int:
    """Rewrite every qualifying matmul of `module` to read its B in packed panels (module doc);
    how many were rewritten."""
    if not ACTIVATION_PANELS_ENABLED:
        return 0
    count = 0
    for matmul in [op for op in module.walk() if op.name == "linalg.matmul"]:
        width = _panel(matmul, target)
        if width is not None:
            _in_panels(matmul, width)
            count += 1
    return count


def _outermost_loop(op: Operation) -> Operation | None:
    """The op of its function's body that contains `op`, or None when `op` is at the top level."""
    outermost, parent = None, op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        outermost, parent = parent, parent.parent_op()
    return outermost if parent is not None else None


def _always_multiple(offset: int | SSAValue, width: int) -> bool:
    """`offset` is a multiple of `width` in every iteration: a constant that is, or an
    `scf.forall` induction variable whose static lower bound and step are."""
    if isinstance(offset, int):
        return offset % width == 0
    forall = offset.owner.parent_op() if isinstance(offset, BlockArgument) else None
    if not isinstance(forall, ForallOp) or offset.index >= forall.rank:
        return False
    first, step = forall.mixed_lower_bound[offset.index], forall.mixed_step[offset.index]
    return isinstance(first, int) and isinstance(step, int) and first % width == 0 and step % width == 0


def _hoistable(matmul: Operation, target: CpuTarget) -> tuple[tensor.ExtractSliceOp, Operation, int] | None:
    """(B's slice, the loop to pack before, the panel width) when `matmul` sits in a tile loop and
    reads all `K` rows of `N/width`-aligned columns of a tensor made outside that loop; else None."""
    if not _is_plain_matmul(matmul) or isinstance(matmul.parent_op(), func.FuncOp):
        return None
    loop, b = _outermost_loop(matmul), matmul.operands[1].owner
    if loop is None or not isinstance(b, tensor.ExtractSliceOp) or not _defined_before(b.source, loop) \
            or len(b.source.type.get_shape()) != 2:
        return None
    k, columns = b.source.type.get_shape()
    row, column = mixed_offsets(b)
    if mixed_sizes(b)[0] != k or row != 0 or any(stride != 1 for stride in b.static_strides.get_values()):
        return None
    rows, width_columns = matmul.results[0].type.get_shape()
    width = panel_width(rows, matmul.results[0].type.get_element_type().bitwidth, target)
    if rows < MIN_ROWS or width_columns % width or columns % width or not _always_multiple(column, width):
        return None
    return b, loop, width


def _defined_before(value: SSAValue, loop: Operation) -> bool:
    """`value` is a function argument or a result of an op of the function's body before `loop`."""
    if isinstance(value, BlockArgument):
        return value.owner is loop.parent_block()
    owner = value.owner
    return owner.parent_block() is loop.parent_block() and owner.is_before_in_block(loop)


def hoist_tile_panels(module: ModuleOp, target: CpuTarget) -> int:
    """Every matmul in a tile loop whose B is an aligned column slice of a tensor made before the
    loop (the README's fused MLP: `xfuse-tile` slices its 512 x 1024 weight per 64 x 64 tile)
    reads the slice from panels of that tensor, packed once before the loop; how many. Within
    the tile, strided B rows (4 KB apart there) cost an L1 set and a TLB entry each; a pack per
    tile would copy B once per row of tiles."""
    if not (ACTIVATION_PANELS_ENABLED and HOIST_TILE_PANELS):
        return 0
    count, packs = 0, {}
    for matmul in [op for op in module.walk() if op.name == "linalg.matmul"]:
        plan = _hoistable(matmul, target)
        if plan is None:
            continue
        b, loop, width = plan
        key = (b.source, width)
        if key not in packs:
            packs[key] = _packed(b.source, width, loop, matmul.location).result
        k, columns = b.result.type.get_shape()
        column = mixed_offsets(b)[1]
        before: list[Operation] = []
        if isinstance(column, int):
            first: int | SSAValue = column // width
        else:
            constant = arith.ConstantOp(IntegerAttr(width, IndexType()))
            divided = arith.DivUIOp(column, constant.result)
            before, first = [constant, divided], divided.result
        panels = tensor.ExtractSliceOp(packs[key], [first, 0, 0], [columns // width, k, width], [1, 1, 1],
                                       TensorType(b.result.type.get_element_type(), [columns // width, k, width]))
        for op in (*before, panels):
            op.location = matmul.location
        Rewriter.insert_op([*before, panels], InsertPoint.before(matmul))
        _on_panels(matmul, panels.result)
        if not b.result.uses:
            Rewriter.erase_op(b)
        count += 1
    return count

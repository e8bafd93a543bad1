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
"""

from __future__ import annotations

from xdsl.dialects import func, tensor
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import BlockArgument, Operation
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.schedules.matmul import _is_plain_matmul
from xfuse.backends.target import CpuTarget
from xfuse.dialects.linalg_pack import PackOp
from xfuse.transforms.layout.blocked_weights import erase_panel_matmul, finish_panel_loop, panel_loop, panel_width
from xfuse.transforms.layout.weight_transposes import is_weight

ACTIVATION_PANELS_ENABLED = True
"""Switch for measuring the packed panels against the plain B (docs/backend-measurements.md)."""
PACK_INPUT_ARGUMENTS = False
"""An input argument's B (not a weight: the caller passes it each call) is packed per call too.
Off: the README's MLP as written ran 0.67x the time with it, but the packed copy is one more
buffer the size of B in the call's arena (tests/runtime/test_arena.py's bound of three 192 x 192
buffers), and the README's main job, fused, tiles the matmul into a loop where no pack is made."""
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


def _in_panels(matmul: Operation, width: int) -> None:
    rhs, init = matmul.operands[1:]
    k, columns = rhs.type.get_shape()
    packed = tensor.EmptyOp([], TensorType(init.type.get_element_type(), [columns // width, k, width]))
    pack = PackOp(rhs, packed.tensor, [1], [width], outer_dims_perm=[1, 0])
    packed.location = pack.location = matmul.location
    Rewriter.insert_op([packed, pack], InsertPoint.before(matmul))
    fill = init.owner
    loop = panel_loop(matmul, pack.result)
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

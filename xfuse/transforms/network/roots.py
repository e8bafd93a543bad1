"""Which ops of a network are the roots of its fused groups, and the sizes of their loops.

A root is a *contraction* that does the network's arithmetic: a structured op on tensors with a
reduction loop, two inputs, and the multiply-accumulate body `acc + a * b` (widening casts of `a`
and `b` allowed). That covers every form torch-mlir emits for convolutions
(`linalg.conv_2d_nchw_fchw`, `conv_2d_ngchw_gfchw` for grouped ones, `depthwise_conv_2d_nchw_chw`,
the NHWC forms), `linalg.matmul` (also with transposed operands, `linalg.matmul` with
`indexing_maps`, `linalg.contract`), `linalg.batch_matmul`, and `linalg.generic` contractions
(broadcasting batch matmuls). Pooling (a `max`/`add` body over a window whose second operand is
only a shape), softmax's max/argmax reduction and layer norm's sums are not roots: they have no
product, and they are fused into a root's group when diffusion reaches them, or stay alone.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ShapedType, TensorType
from xdsl.ir import Operation
from xdsl.ir.affine import AffineDimExpr

from xfuse.interfaces.tiling import IteratorType
from xfuse.interfaces.tiling_linalg import StructuredView, structured_view
from xfuse.transforms.data_tiling.encoding import NotAContraction, match_contraction_body

__all__ = ["computes_products", "is_root", "loop_sizes", "network_roots", "not_a_root_because"]


def not_a_root_because(op: Operation) -> str | None:
    """Why `op` is not a root (None when it is one)."""
    view = structured_view(op)
    if view is None:
        return "it is not a structured op"
    if not all(isinstance(v.type, TensorType) for v in view.operands):
        return "it does not work on tensors"
    return _not_products_because(op, view)


def computes_products(op: Operation) -> bool:
    """A structured op (on tensors or memrefs) that multiplies and accumulates over a reduction
    loop: a root, or the tile or bufferized form of one."""
    view = structured_view(op)
    return view is not None and _not_products_because(op, view) is None


def _not_products_because(op: Operation, view: StructuredView) -> str | None:
    if IteratorType.REDUCTION not in view.iterator_types:
        return "it has no reduction loop"
    if view.num_inputs != 2 or len(view.outputs) != 1:
        return f"it has {view.num_inputs} inputs and {len(view.outputs)} outputs, not 2 and 1"
    if not op.regions or not op.regions[0].blocks:
        return "it has no body"
    try:
        match_contraction_body(op.regions[0].block)
    except NotAContraction as refusal:
        return f"its body is not a multiply-accumulate: {refusal}"
    return None


def is_root(op: Operation) -> bool:
    """A convolution, matmul, batch matmul or generic contraction on tensors (module doc)."""
    return structured_view(op) is not None and not_a_root_because(op) is None


def network_roots(root: Operation) -> list[Operation]:
    """The roots under `root`, in IR order."""
    return [op for op in root.walk() if is_root(op)]


def loop_sizes(view: StructuredView) -> list[int | None]:
    """The static size of each loop of the op, read from an operand dimension indexed by that
    loop alone (`d4` in `(d0, d4, d2 + d5, ...)`); None when it is dynamic or not found."""
    sizes: list[int | None] = [None] * view.num_loops
    for operand, indexing_map in zip(view.operands, view.maps):
        if not isinstance(operand.type, ShapedType):
            continue
        shape = operand.type.get_shape()
        for dim, expr in enumerate(indexing_map.results):
            if isinstance(expr, AffineDimExpr) and sizes[expr.position] is None and shape[dim] >= 0:
                sizes[expr.position] = shape[dim]
    return sizes

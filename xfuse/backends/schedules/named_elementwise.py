"""Named elementwise ops in a tile loop become `linalg.generic`, which the elementwise schedule vectorizes.

`xfuse-diffusion` pulls a contraction's epilogue into each tile as the input spelled it: the
README's MLP as a `linalg.broadcast` of the bias, a `linalg.add` and a ReLU generic. The
elementwise schedule (elementwise.py) takes generics only, so the named add and broadcast were
left to LLVM: the broadcast a scalar copy of the tile, the add a loop behind a runtime overlap
check, each into a temporary of its own. As generics they join the ReLU's chain: one vectorized
pass over the tile, the broadcast read as a vector of the bias.

Only in loop bodies, and a broadcast only when every reader is an elementwise generic reading it
as an input: at a function's top level and as an init, the contraction schedules take named
consumers and bias broadcasts themselves (matmul.py `ELEMENTWISE_NAMED`,
slice_loops.bias_broadcast). Called by the micro-kernel pipelines before the schedules are planned.
"""

from __future__ import annotations

from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, ModuleOp, TensorType
from xdsl.dialects.linalg.ops import GenericOp, IteratorTypeAttr
from xdsl.ir import Operation
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.rewriter import Rewriter

from xfuse.backends.schedules.matmul import ELEMENTWISE_NAMED

NAMED_ELEMENTWISE_ENABLED = True
"""Switch for measuring the generics against the named ops left to LLVM."""


def _in_loop(op: Operation) -> bool:
    parent = op.parent_op()
    return parent is not None and parent.name in ("scf.for", "scf.forall")


def _static_tensors(op: Operation) -> bool:
    return all(isinstance(v.type, TensorType) and v.type.has_static_shape() for v in (*op.operands, *op.results))


def _generic_of_named(op: Operation) -> GenericOp:
    return GenericOp(op.inputs, op.outputs, op.body.clone(), op.get_indexing_maps(), op.get_iterator_types(),
                     op.results.types)


def _generic_of_broadcast(op: Operation) -> GenericOp:
    """`linalg.broadcast` as the generic reading its input through the result's kept dimensions."""
    rank = op.init.type.get_num_dims()
    added = set(op.dimensions.get_values())
    kept = tuple(AffineExpr.dimension(d) for d in range(rank) if d not in added)
    maps = [AffineMapAttr(AffineMap(rank, 0, kept)), AffineMapAttr(AffineMap.identity(rank))]
    return GenericOp([op.input], [op.init], op.hidden_region.clone(), maps,
                     [IteratorTypeAttr.parallel()] * rank, op.results.types)


def _read_as_input_by_generics(op: Operation) -> bool:
    uses = list(op.results[0].uses)
    return bool(uses) and all(use.operation.name == "linalg.generic" and use.index < len(use.operation.inputs)
                              for use in uses)


def generalize_tile_elementwise(module: ModuleOp) -> int:
    """Make the named elementwise ops in loop bodies, and the broadcasts only they read, generics
    (module doc); how many ops were rewritten."""
    if not NAMED_ELEMENTWISE_ENABLED:
        return 0
    count = 0
    for op in [op for op in module.walk() if op.name in ELEMENTWISE_NAMED and _in_loop(op)]:
        if len(op.results) == 1 and _static_tensors(op) and hasattr(op, "get_indexing_maps"):
            Rewriter.replace_op(op, _generic_of_named(op))
            count += 1
    for op in [op for op in module.walk() if op.name == "linalg.broadcast" and _in_loop(op)]:
        if len(op.results) == 1 and _static_tensors(op) and _read_as_input_by_generics(op):
            Rewriter.replace_op(op, _generic_of_broadcast(op))
            count += 1
    return count

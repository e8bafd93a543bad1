"""`xfuse-loop-cleanup`: drop the loop results nobody uses any more, as `mlir-opt -canonicalize`.

Consumer and producer fusion rebuild loop nests with new outputs and leave the old ones in
place (the old matmul and add results once relu is fused, say). Each such result keeps a
`shared_out`/`iter_arg`, the slice insertion into it and the tile computing it alive, and with a
plain bufferization a whole intermediate tensor. MLIR removes them by canonicalization; this pass
applies exactly those two upstream rules (no looser ones), then dead-code elimination (with
linalg ops on tensors counted as free of effects, as in MLIR):

- `scf.forall`: MLIR 22's `ForallOpIterArgsFolder`, which xfuse's `ForallOp` also carries as its
  canonicalization pattern (`xfuse-opt -p canonicalize` applies it): a shared_out goes when its
  result is unused or nothing in `in_parallel` writes into it;
- `scf.for`: MLIR 22's `ForOpIterArgsFolder`, which xDSL 0.74's `scf.for` canonicalization
  lacks: an iter_arg goes when the body yields it unchanged, or yields its init, or when neither
  it nor its result has a use; one that has the same init and yielded value as an earlier kept
  one is merged into it. An iter_arg still read in the body (a tile's destination sliced from
  it) stays, as upstream: its result may be unused, the loop still computes into it.
- `tensor.extract_slice` / `tensor.insert_slice` of the whole tensor (static): folded, as
  MLIR's slice folders do.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import scf, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType, ModuleOp, TensorType
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.ops import BroadcastOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.traits import IsTerminator
from xdsl.transforms.dead_code_elimination import region_dce, would_be_trivially_dead

from xfuse.dialects.linalg_reduce import ReduceOp
from xfuse.dialects.scf import ForallOpIterArgsFolder


class ForOpIterArgsFolder(RewritePattern):
    """MLIR 22's `ForOpIterArgsFolder` (SCF.cpp) for xDSL's `scf.for` (module doc)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, scf.ForOp):
            return
        block = op.body.block
        yield_op = block.last_op
        if not isinstance(yield_op, scf.YieldOp):
            return
        inits = list(op.iter_args)
        args = list(block.args[1:])
        results = list(op.res)
        yielded = list(yield_op.arguments)

        kept: list[int] = []
        dropped: list[int] = []
        # (init, yielded) of a kept iter_arg -> its index, to merge identical iter_args.
        kept_by_init_and_yielded: dict[tuple[SSAValue, SSAValue], int] = {}
        for i, (init, arg, result, value) in enumerate(zip(inits, args, results, yielded)):
            forwarded = (
                value is arg or value is init or (not arg.uses and not result.uses)
            )
            if forwarded:
                dropped.append(i)
                continue
            same = kept_by_init_and_yielded.get((init, value))
            if same is not None:
                rewriter.replace_all_uses_with(arg, args[same])
                rewriter.replace_all_uses_with(result, results[same])
                dropped.append(i)
                continue
            kept_by_init_and_yielded[(init, value)] = i
            kept.append(i)
        if not dropped:
            return

        # The dropped iter_args stand for their init in the body and after the loop.
        rewriter.replace(
            yield_op, scf.YieldOp(*[yielded[i] for i in kept])
        )
        for i in dropped:
            rewriter.replace_all_uses_with(args[i], inits[i])
        for i in dropped:
            rewriter.erase_block_argument(args[i])
        body = rewriter.move_region_contents_to_new_regions(op.body)
        new_op = scf.ForOp(op.lb, op.ub, op.step, [inits[i] for i in kept], body)
        new_op.attributes |= op.attributes
        new_results: list[SSAValue] = list(inits)
        for position, i in enumerate(kept):
            new_results[i] = new_op.res[position]
        rewriter.replace(op, new_op, new_results)


class EraseDeadTensorLinalgOp(RewritePattern):
    """Erase a linalg op on tensors whose results are unused.

    In MLIR a linalg op only has memory effects on its buffer operands, so on tensors it is
    trivially dead once unused and canonicalization's DCE erases it (the old matmul tile of a
    dropped shared_out, say). xDSL 0.74's linalg ops declare no effects, which its DCE reads as
    unknown ones; this pattern supplies MLIR's answer for the tensor case (a body op with an
    effect of its own keeps the op, as xDSL would).
    """

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, (LinalgStructuredOperation, BroadcastOp, ReduceOp)):
            return
        if any(result.uses for result in op.results):
            return
        if any(isinstance(operand.type, MemRefType) for operand in op.operands):
            return
        for region in op.regions:
            for nested in region.walk():
                if not nested.has_trait(IsTerminator) and not would_be_trivially_dead(nested):
                    return
        rewriter.erase(op)


class FoldIdentitySlice(RewritePattern):
    """MLIR's folders of `tensor.extract_slice` / `tensor.insert_slice` that cover the whole
    tensor (offsets 0, the full static sizes, unit strides, same type): the slice is its source
    (an extract) or the inserted value (an insert). Tiling leaves them for untiled operands (the
    weight of a matmul tiled on rows only) and fusion across identity loop levels."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if isinstance(op, tensor.ExtractSliceOp):
            whole, replacement = op.source, op.source
        elif isinstance(op, tensor.InsertSliceOp):
            whole, replacement = op.dest, op.source
        else:
            return
        shape = whole.type.get_shape() if isinstance(whole.type, TensorType) else None
        if shape is None or replacement.type != op.result.type or DYNAMIC_INDEX in shape:
            return
        if op.offsets or op.sizes or op.strides:  # dynamic entries: not provably whole
            return
        if (
            any(o != 0 for o in op.static_offsets.get_values())
            or list(op.static_sizes.get_values()) != list(shape)
            or any(s != 1 for s in op.static_strides.get_values())
        ):
            return
        rewriter.replace(op, [], [replacement])


def cleanup_loops(root: Operation) -> bool:
    """Drop the dead results of the `scf.forall`/`scf.for` loops under `root` and the ops that
    only computed them; returns whether anything changed."""
    walker = PatternRewriteWalker(
        GreedyRewritePatternApplier(
            [
                ForallOpIterArgsFolder(),
                ForOpIterArgsFolder(),
                EraseDeadTensorLinalgOp(),
                FoldIdentitySlice(),
            ]
        ),
        post_walk_func=region_dce,
    )
    changed = False
    for region in root.regions:
        changed |= walker.rewrite_region(region)
    return changed


@dataclass(frozen=True)
class LoopCleanupPass(ModulePass):
    """Drop unused `scf.forall` shared_outs and `scf.for` iter_args (MLIR's canonicalization
    rules `ForallOpIterArgsFolder` and `ForOpIterArgsFolder`), then dead code."""

    name = "xfuse-loop-cleanup"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        cleanup_loops(op)

"""`xfuse-erase-unused-results`: a `linalg.generic` on tensors stops computing a result nothing
reads, when no other result depends on it.

torch-mlir lowers a ReduceMin / ReduceMax (and the min and max of every DynamicQuantizeLinear)
through `aten.min.dim` / `aten.max.dim`: one generic yields the extreme *and its index*, with the
index's init read by a `select`. The index is never used, but the op still computes it, so the
row-reduction schedule (`schedules/rows.py`, one result) does not take it and it stays a scalar
loop (the quantized MLP of benchmarks/int8.py spent 16% of its call in two of them).

MLIR's own canonicalization (`EraseUnusedOperandsAndResults`) drops an unused result only when
its init is not read in the body, which is not the case here. `drop_unused_results` drops the
yielded values nothing reads, the body ops only they needed and their inits, unless a kept result
is computed from a dropped one's init (a running count, say). At least one result stays; an op
with no used result at all is `loop_cleanup`'s to erase. The row-reduction schedule applies it
to the reductions it takes; as a pass, before the layout passes, every schedule sees the one
result (the quantized MLP's minima went to the pooling schedule's loops, not the rows one).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, TensorType
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.transforms.batch_matmul import erase_if_dead


def _needed(yielded: list[SSAValue]) -> set[SSAValue]:
    """The values of a body that the yielded values are computed from (themselves included)."""
    seen: set[SSAValue] = set()
    work = list(yielded)
    while work:
        value = work.pop()
        if value in seen:
            continue
        seen.add(value)
        if isinstance(value, OpResult):
            work.extend(value.op.operands)
    return seen


def drop_unused_results(op: Operation) -> Operation | None:
    """`op` without the results nothing reads (module docstring); None when it has none to drop,
    or when a kept result is computed from a dropped one's output."""
    if op.name != "linalg.generic" or len(op.results) < 2:
        return None
    keep = [i for i, result in enumerate(op.results) if result.uses]
    if not keep or len(keep) == len(op.results):
        return None
    inputs = len(op.operands) - len(op.results)
    block = op.regions[0].block
    yielded = list(block.last_op.operands)
    needed = _needed([yielded[i] for i in keep])
    dropped_args = [block.args[inputs + i] for i in range(len(op.results)) if i not in keep]
    if any(arg in needed for arg in dropped_args):
        return None
    region = op.regions[0].clone()
    body = region.block
    old_yield = body.last_op
    Rewriter.replace_op(old_yield, YieldOp(*[old_yield.operands[i] for i in keep]))
    for inner in reversed(list(body.ops)[:-1]):  # what computed the dropped values
        if inner.results and not any(r.uses for r in inner.results):
            Rewriter.erase_op(inner)
    for index in reversed([inputs + i for i in range(len(op.results)) if i not in keep]):
        if body.args[index].uses:
            return None
        body.erase_arg(body.args[index])
    maps = op.properties["indexing_maps"].data
    outputs = [op.operands[inputs + i] for i in keep]
    new = type(op)(list(op.operands[:inputs]), outputs, region,
                   ArrayAttr([*maps[:inputs], *[maps[inputs + i] for i in keep]]),
                   op.properties["iterator_types"], [op.results[i].type for i in keep])
    new.attributes.update(op.attributes)
    Rewriter.insert_op(new, InsertPoint.before(op))
    for j, i in enumerate(keep):
        op.results[i].replace_all_uses_with(new.results[j])
    dropped_inits = [op.operands[inputs + i] for i in range(len(op.results)) if i not in keep]
    Rewriter.erase_op(op)
    for init in dropped_inits:
        erase_if_dead(init.owner)
    return new


def erase_unused_results(module: ModuleOp) -> int:
    """Drop the unused, independent results of every generic on tensors; the number of ops changed."""
    changed = 0
    for op in [o for o in module.walk() if o.name == "linalg.generic"]:
        if all(isinstance(v.type, TensorType) for v in op.operands) and drop_unused_results(op) is not None:
            changed += 1
    return changed


@dataclass(frozen=True)
class EraseUnusedResultsPass(ModulePass):
    """`xfuse-erase-unused-results` (module doc)."""

    name = "xfuse-erase-unused-results"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        erase_unused_results(op)

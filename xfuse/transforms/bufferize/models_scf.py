"""Models of scf and func ops.

Loop inits share their buffer with the loop's block argument and result; the yield of an
scf.for is a read (a yielded value not equivalent to its iter_arg is copied into the
iter_arg's buffer); the yield of a region op with results (scf.if, scf.execute_region,
scf.index_switch) aliases the op's result; scf.while copies values between its two regions'
fixed buffers (its operands and the yields are reads); a call uses the callee's summary.
"""

from __future__ import annotations

from xdsl.dialects import func, scf
from xdsl.ir import Operation

from xfuse.dialects.scf import ForallOp
from xfuse.transforms.bufferize.models import READ, FunctionSummary, OperandModel

# Ops whose results are the values their regions yield (one region runs).
BRANCHING_OPS = (scf.IfOp, scf.ExecuteRegionOp, scf.IndexSwitchOp)


def scf_model(op: Operation, index: int, summaries: dict[str, FunctionSummary]) -> OperandModel | None:
    if isinstance(op, scf.ForOp):
        first = len(op.operands) - len(op.iter_args)
        if index < first:
            return None
        k = index - first
        return OperandModel(reads=True, writes=True, aliases=(op.results[k], op.body.block.args[1 + k]))
    if isinstance(op, ForallOp):
        first = len(op.operands) - len(op.outputs)
        k = index - first
        rank = len(op.body.block.args) - len(op.outputs)
        return OperandModel(reads=True, writes=True, aliases=(op.results[k], op.body.block.args[rank + k]))
    if isinstance(op, scf.WhileOp | scf.ConditionOp):
        return READ
    if isinstance(op, scf.YieldOp):
        parent = op.parent_op()
        if isinstance(parent, scf.ForOp | scf.WhileOp):
            return READ
        if isinstance(parent, BRANCHING_OPS):
            # Equivalent only if every branch yields one buffer (analysis.py decides at the end).
            return OperandModel(reads=True, writes=False, aliases=(parent.results[index],), equivalent=False,
                                one_of=True)
        return None
    if isinstance(op, func.ReturnOp):
        return READ
    if isinstance(op, func.CallOp):
        summary = summaries.get(op.callee.string_value())
        if summary is None:
            return None
        aliases = tuple(op.results[r] for r, a in summary.equivalent_results.items() if a == index)
        return OperandModel(
            reads=summary.reads.get(index, True), writes=summary.writes.get(index, False), aliases=aliases
        )
    return None

"""The order in which the in-place analysis decides the ops of a loop body.

The analysis decides operands one at a time: the first of two writes that cannot both be in place
wins. Bottom-up (upstream's default heuristic, analysis.py) lets the last writer of an
iteration argument win; when the loop yields the *first* writer, the yield is then not
equivalent to the iteration argument and costs a copy per iteration:

    %y = linalg.fill ins(%a) outs(%x)        // bottom-up: out of place (a new buffer)
    %z = linalg.fill ins(%b) outs(%x)        // bottom-up: in place into %x
    %w = tensor.insert_slice (tensor.extract_slice %z) into %y
    scf.yield %w                             // %w is not %x's buffer: copied into it

Upstream's `analysis-heuristic=bottom-up-from-terminators` (OneShotAnalysis.cpp) decides first the
ops on the reverse use-def chains of the region terminators (through the operands a result
shares its buffer with: a destination, a sliced source), then every other op bottom-up. Here the
yielded chain (`%w`, `%y`) goes in place and `%z` gets the new buffer, which `linalg.fill` does not
read: no copy at all.

xfuse keeps bottom-up (its decisions are compared op by op with upstream's default,
docs/bufferize-comparison.md) and decides an `scf.for` body from its terminator only where that
saves a copy: when bottom-up leaves a yield that is not its iteration argument's buffer (and not
a rotating position), the body is decided again from the terminator, and the second decision is
kept if it makes fewer copies and no more allocations (`LoopCost`, counted over the loop and its
body). The analysis state is saved and restored around the two trials (`AnalysisState`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.dialects import scf
from xdsl.ir import Block, Operation, OpResult, SSAValue

from xfuse.transforms.bufferize.aliasing import AliasGraph, UnionFind
from xfuse.transforms.bufferize.models import OperandModel, is_tensor

if TYPE_CHECKING:
    from xfuse.transforms.bufferize.analysis import FunctionAnalysis

__all__ = ["AnalysisState", "LoopCost", "bottom_up", "from_terminator", "loop_cost"]

Use = tuple[Operation, int]


def bottom_up(block: Block) -> list[Operation]:
    """The block's ops, last first (upstream's default heuristic)."""
    return list(reversed(list(block.ops)))


def from_terminator(block: Block, models: Mapping[Use, OperandModel]) -> list[Operation]:
    """The terminator, then the ops of `block` on the reverse use-def chains of its tensor
    operands, following from each result the operands that share its buffer in place (in
    discovery order, depth first, as upstream), then the block's other ops bottom-up."""
    terminator = block.last_op
    if terminator is None:
        return []
    order: list[Operation] = [terminator]
    seen: set[Operation] = {terminator}
    work: list[SSAValue] = [v for v in reversed(terminator.operands) if is_tensor(v)]
    while work:
        value = work.pop()
        if not isinstance(value, OpResult):
            continue
        op = value.op
        if op in seen or op.parent_block() is not block:
            continue
        seen.add(op)
        order.append(op)
        sharing = [
            operand for i, operand in enumerate(op.operands)
            if (model := models.get((op, i))) is not None and value in model.aliases
        ]
        work.extend(reversed(sharing))
    return order + [op for op in bottom_up(block) if op not in seen]


@dataclass(frozen=True)
class LoopCost:
    """What an `scf.for`'s decisions cost, counted statically over the loop's own operands and
    every operand in its body: a yield copied into its iteration argument's buffer is a copy; an
    out-of-place operand is an allocation, and a copy too when its old contents are read (a
    read destination, an insert_slice's destination, a view)."""

    yield_copies: int
    copies: int
    allocations: int

    def saves_copies_over(self, other: LoopCost) -> bool:
        return self.copies < other.copies and self.allocations <= other.allocations


def loop_cost(analysis: FunctionAnalysis, loop: scf.ForOp) -> LoopCost:
    rotating = analysis.rotations.get(loop, {})
    yield_copies = sum(
        1 for k, arg in enumerate(loop.iter_args)
        if is_tensor(arg) and k not in rotating and not analysis.yield_equivalent(loop, k)
    )
    copies, allocations = yield_copies, 0
    first, last = analysis.pos[loop], analysis.end[loop]
    for op in analysis.ops[first:last + 1]:
        if isinstance(op, scf.WhileOp):
            continue  # its inits are always copied, whatever the order
        for i, operand in enumerate(op.operands):
            model = analysis.models.get((op, i))
            if model is None or not is_tensor(operand) or analysis.is_inplace(op, i):
                continue
            allocations += 1
            if model.reads or not model.writes:
                copies += 1
    return LoopCost(yield_copies, copies, allocations)


@dataclass
class AnalysisState:
    """Everything `FunctionAnalysis.run` changes while deciding, to try two orders on a loop."""

    inplace: dict[Use, bool]
    aliases: AliasGraph
    base: AliasGraph
    equivalences: UnionFind
    models: dict[Use, OperandModel]
    base_aliases: dict[Use, tuple[SSAValue, ...]]
    rotations: dict[scf.ForOp, dict[int, int]]
    from_terminator_loops: list[scf.ForOp]

    @staticmethod
    def save(source: FunctionAnalysis | AnalysisState) -> AnalysisState:
        """A copy of the decision state of an analysis (or of a saved state: the two have the
        same fields)."""
        return AnalysisState(
            dict(source.inplace), source.aliases.copy(), source.base.copy(),
            source.equivalences.copy(), dict(source.models), dict(source.base_aliases),
            {loop: dict(sigma) for loop, sigma in source.rotations.items()},
            list(source.from_terminator_loops),
        )

    def restore(self, analysis: FunctionAnalysis) -> None:
        copy = AnalysisState.save(self)  # this state may be restored again
        analysis.inplace, analysis.aliases, analysis.base = copy.inplace, copy.aliases, copy.base
        analysis.equivalences, analysis.models = copy.equivalences, copy.models
        analysis.base_aliases, analysis.rotations = copy.base_aliases, copy.rotations
        analysis.from_terminator_loops = copy.from_terminator_loops

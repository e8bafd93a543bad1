"""Rotating `scf.for` loops in the in-place analysis (a mixin of `FunctionAnalysis`).

A loop whose yields are, in place, the buffers of other iteration arguments, in cycles (e.g. the
two swapped), keeps memref iteration arguments that trade places at the yield (rewrite.py): no
copy. `_detect_rotation` finds the cycles once the body is decided; the inits of a cycle alias
(are not equivalent to) every iteration argument and result of the cycle, and `_rotation_apart`
drops the conflicts that come only from those merges where both accesses see distinct buffers
for sure (`base`: the alias relation without the merges).
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import func, scf, tensor
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue

from xfuse.transforms.bufferize.aliasing import AliasGraph
from xfuse.transforms.bufferize.models import FunctionSummary, OperandModel, is_tensor
from xfuse.transforms.bufferize.models_linalg import dps_operands

Use = tuple[Operation, int]  # (op, operand index)


class RotatingLoops:
    """The rotating-loop part of `FunctionAnalysis` (the attributes are its own)."""

    inplace: dict[Use, bool]
    models: dict[Use, OperandModel]
    summaries: dict[str, FunctionSummary]
    aliases: AliasGraph
    base: AliasGraph
    base_aliases: dict[Use, tuple[SSAValue, ...]]
    rotations: dict[scf.ForOp, dict[int, int]]
    values: list[SSAValue]
    pos: dict[Operation, int]
    end: dict[Operation, int]
    _loops_of: Callable[[Operation], list[Operation]]

    def buffer_root(self, value: SSAValue) -> SSAValue:
        """The value whose buffer `value` is, following in-place destinations the way
        rewrite.py maps buffers (a dps result is its init's buffer, an insert_slice result its
        destination's, a non-rotating loop result its init's, a call result the argument it is
        equivalent to)."""
        while isinstance(value, OpResult):
            op = value.op
            split = dps_operands(op)
            if split is not None:
                index = len(split[0]) + value.index
                if value.index >= len(split[1]) or not self.inplace.get((op, index), False):
                    return value
                value = op.operands[index]
            elif isinstance(op, tensor.InsertSliceOp) and self.inplace.get((op, 1), False):
                value = op.operands[1]
            elif isinstance(op, scf.ForOp) and value.index not in self.rotations.get(op, {}):
                index = len(op.operands) - len(op.iter_args) + value.index
                if not self.inplace.get((op, index), False):
                    return value
                value = op.operands[index]
            elif isinstance(op, func.CallOp):
                summary = self.summaries.get(op.callee.string_value())
                arg = None if summary is None else summary.equivalent_results.get(value.index)
                if arg is None or not self.inplace.get((op, arg), False):
                    return value
                value = op.operands[arg]
            else:
                return value
        return value

    def _detect_rotation(self, loop: scf.ForOp) -> None:
        """A loop whose yields are (in place) the buffers of other iter_args, in cycles (e.g.
        swapped): those positions keep memref iter_args that trade places at the yield. Their
        inits alias (not: are equivalent to) every iter_arg and result of their cycle."""
        block = loop.body.block
        terminator = block.last_op
        if not isinstance(terminator, scf.YieldOp):
            return
        n = len(loop.iter_args)
        first = len(loop.operands) - n
        sigma: dict[int, int] = {}
        for k in range(n):
            if not is_tensor(loop.iter_args[k]):
                continue
            root = self.buffer_root(terminator.operands[k])
            if isinstance(root, BlockArgument) and root.block is block and root.index >= 1:
                sigma[k] = root.index - 1
        cycles: list[list[int]] = []
        seen: set[int] = set()
        for k in sigma:
            if k in seen or sigma[k] == k:
                continue
            cycle, j = [k], sigma[k]
            while j in sigma and j not in cycle and len(cycle) <= n:
                cycle.append(j)
                j = sigma[j]
            if j == k:
                cycles.append(cycle)
                seen.update(cycle)
        if not cycles:
            return
        positions = [k for cycle in cycles for k in cycle]
        args = [block.args[1 + k] for k in positions]
        if any(self.base.may_alias(args[i], args[j]) for i in range(len(args)) for j in range(i)):
            return  # two positions already share a buffer in one iteration
        self.rotations[loop] = {k: sigma[k] for k in sorted(positions)}
        for cycle in cycles:
            shared = tuple(loop.results[j] for j in cycle) + tuple(block.args[1 + j] for j in cycle)
            for k in cycle:
                use = (loop, first + k)
                self.models[use] = OperandModel(reads=True, writes=True, aliases=shared, equivalent=False)
                self.base_aliases[use] = (block.args[1 + k],)

    def _rotation_apart(self, read: Use, value: SSAValue, write: Use) -> bool:
        """The read value and the written one share the alias set only through the merges of
        rotating loops, and at the time of both accesses they are different buffers: both before
        the loop (not itself in a loop), or both private to one iteration of its body."""
        written = write[0].operands[write[1]]
        if self.base.may_alias(value, written):
            return False
        loops = [
            loop for loop, positions in self.rotations.items()
            if any(self.aliases.may_alias(value, loop.body.block.args[1 + k]) for k in positions)
        ]
        if not loops:
            return False
        for loop in loops:
            p = self.pos[loop]
            before = (
                not self._loops_of(loop) and self.pos[read[0]] <= p and self.pos[write[0]] <= p
            )
            if not before and not (
                self._strictly_inside(read[0], loop)
                and self._strictly_inside(write[0], loop)
                and self._private_to(loop, value)
                and self._private_to(loop, written)
            ):
                return False
        return True

    def _strictly_inside(self, op: Operation, loop: Operation) -> bool:
        return self.pos[loop] < self.pos[op] <= self.end[loop]

    def _private_to(self, loop: scf.ForOp, value: SSAValue) -> bool:
        """Every value sharing `value`'s buffer at one time is defined in the loop's body, or is
        the init of a rotating position used nowhere inside the loop."""
        first = len(loop.operands) - len(loop.iter_args)
        inits = {loop.operands[first + k] for k in self.rotations[loop]}
        for member in self.base.members(value, self.values):
            owner = member.owner
            node = owner.parent_op() if isinstance(owner, Block) else owner
            if node is not None and node is not loop and node in self.pos and self._strictly_inside(node, loop):
                continue
            if isinstance(owner, Block) and owner.parent_op() is loop:
                continue
            if member in inits and all(
                u.operation is loop or not self._strictly_inside(u.operation, loop) for u in member.uses
            ):
                continue
            return False
        return True

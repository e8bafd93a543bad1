"""Memref forms of the scf region ops, a mixin of rewrite.py's `FunctionRewriter`.

- scf.for: inits bufferize in place (or into a copy) and become the loop's buffers; a rotating
  loop (analysis.py) keeps memref iter_args that the yield permutes; any other yield not
  equivalent to its iter_arg is copied into the iter_arg's buffer (parallel-copy order);
- scf.forall: shared_outs become the buffers the body's parallel_insert_slice ops write;
- scf.if / scf.execute_region / scf.index_switch: rewrite_branches.py (`BranchRewriter`); their
  yields are rewritten here (`yield_op`);
- scf.while: each position has a fixed buffer for the `before` arguments (a copy of the init)
  and one for the `after` arguments and the results; scf.condition and the yield copy into
  them (static shapes only), unless the loop rotates (`_rotate_while`: memref region arguments).
Phase 2 (`_rebuild_*`) recreates the ops without their tensor values.
"""

from __future__ import annotations

from xdsl.dialects import memref, scf
from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType, UnrealizedConversionCastOp
from xdsl.ir import Block, Operation, OpResult, SSAValue

from xfuse.diagnostics import emit_error
from xfuse.dialects.memref import CopyOp
from xfuse.dialects.scf import ForallOp, InParallelOp
from xfuse.transforms.bufferize.models import is_tensor
from xfuse.transforms.bufferize.rewrite_branches import BranchRewriter
from xfuse.transforms.bufferize.rewrite_tensor import memref_type


def _erase(op: Operation) -> None:
    op.detach()
    op.erase()


class ScfRewriter(BranchRewriter):
    """The scf part of `FunctionRewriter` (which provides buffers, owned, analysis, block(),
    op(), operand_buffer(), alloc_like(), buffer_of())."""

    def for_loop(self, op: scf.ForOp) -> None:
        first = len(op.operands) - len(op.iter_args)
        rotation = self.analysis.rotations.get(op, {})
        block = op.parent_block()
        assert block is not None
        body = op.body.block
        owned = self.owned.setdefault(block, [])
        rotating: list[tuple[int, SSAValue, SSAValue]] = []
        for k, init in enumerate(op.iter_args):
            if not is_tensor(init):
                continue
            buffer = self.operand_buffer(op, first + k, copy=True)
            if k not in rotation:
                self.buffers[body.args[1 + k]] = buffer
                self.buffers[op.results[k]] = buffer
                continue
            # A rotating position: a memref iter_arg. The buffers that leave the loop are the
            # ones that entered it, in another order: so they must be distinct buffers this block
            # owns (then the results are owned instead); any other init is copied in once.
            type_ = memref_type(init.type)
            if buffer not in owned or buffer.type != type_ or any(buffer is r[1] for r in rotating):
                buffer = self.alloc_like(init, op, copy=True)
            arg = body.insert_arg(type_, len(body.args))
            arg.name_hint = body.args[1 + k].name_hint
            self.buffers[body.args[1 + k]] = arg
            placeholder = UnrealizedConversionCastOp.get([], [type_])
            block.insert_op_after(placeholder, op)
            result = placeholder.results[0]
            self.buffers[op.results[k]] = result
            owned[owned.index(buffer)] = result
            rotating.append((k, buffer, result))
        if rotating:
            self.rotating[op] = rotating
        self.block(body)

    def forall(self, op: ForallOp) -> None:
        first = len(op.operands) - len(op.outputs)
        rank = len(op.body.block.args) - len(op.outputs)
        for k, init in enumerate(op.outputs):
            buffer = self.operand_buffer(op, first + k, copy=True)
            self.buffers[op.body.block.args[rank + k]] = buffer
            self.buffers[op.results[k]] = buffer
        body = op.body.block
        for inner in list(body.ops):
            if isinstance(inner, InParallelOp):
                for combining in list(inner.body.ops):
                    self.op(combining)
            else:
                self.op(inner)
        anchor = body.last_op
        assert anchor is not None
        for buffer in self.owned.get(body, []):
            body.insert_op_before(memref.DeallocOp.get(buffer), anchor)

    def yield_op(self, op: scf.YieldOp) -> None:
        parent = op.parent_op()
        block = op.parent_block()
        assert block is not None and parent is not None
        rotation = self.analysis.rotations.get(parent, {})  # type: ignore[call-overload]
        if parent in self.rotating:
            passed = []
            for k, _, _ in self.rotating[parent]:
                source = self.buffer_of(op.operands[k])
                expected = self.buffers[parent.body.block.args[1 + rotation[k]]]  # type: ignore[attr-defined]
                if source is not expected:
                    emit_error(op, "xfuse-bufferize: a rotating yield is not its iter_arg's buffer (internal error)")
                passed.append(source)
            self.rotating_yields[op] = passed
        if isinstance(parent, scf.ExecuteRegionOp):
            self._hand_over(op, parent)
        selected = dict(self.selected_results.get(parent, []))
        passed: set[int] = set()
        if selected:
            self.selected_yields[op] = [self._selected_yield(op, parent, k, v) for k, v in selected.items()]
        if parent in self.copied_after:
            extra, passed = self._branch_yields_source(op, parent)
            self.selected_yields.setdefault(op, []).extend(extra)
        if isinstance(parent, scf.WhileOp):
            if self._rotate_while(op, parent):
                return
            targets = [self.buffers.get(a) if is_tensor(a) else None for a in parent.before_region.block.args]
        else:
            targets = [
                self.buffers[parent.results[k]]
                if is_tensor(v) and k not in rotation and k not in selected and k not in passed
                and parent.results[k] not in self.unfilled else None
                for k, v in enumerate(op.operands)
            ]
        self._copy_into(op, list(op.operands), targets)

    def _rebuild_for(self, op: scf.ForOp) -> None:
        kept = [k for k, v in enumerate(op.iter_args) if not is_tensor(v)]
        region = op.detach_region(op.body)
        block = region.blocks[0]
        for k in reversed(range(len(op.iter_args))):
            if k not in kept:
                block.erase_arg(block.args[1 + k])
        rotating = self.rotating.get(op, [])
        inits = [op.iter_args[k] for k in kept] + [buffer for _, buffer, _ in rotating]
        new = scf.ForOp(op.lb, op.ub, op.step, inits, region)
        op.parent_block().insert_op_before(new, op)  # type: ignore[union-attr]
        for j, k in enumerate(kept):
            op.results[k].replace_all_uses_with(new.results[j])
        for j, (_, _, placeholder) in enumerate(rotating):
            placeholder.replace_all_uses_with(new.results[len(kept) + j])
            assert isinstance(placeholder, OpResult)
            _erase(placeholder.op)
        _erase(op)

    def _rebuild_forall(self, op: ForallOp) -> None:
        region = op.detach_region(op.body)
        block = region.blocks[0]
        for arg in reversed(block.args[len(block.args) - len(op.outputs):]):
            block.erase_arg(arg)
        new = ForallOp(
            op.mixed_lower_bound,
            op.mixed_upper_bound,
            op.mixed_step,
            [],
            region,
            mapping=op.mapping,
            attributes=dict(op.attributes),
        )
        op.parent_block().insert_op_before(new, op)  # type: ignore[union-attr]
        _erase(op)

    def while_loop(self, op: scf.WhileOp) -> None:
        """Fixed buffers per position: `before[k]` (the before-region arguments, a copy of the
        init) and `after[k]` (the after-region arguments and the results); the condition and
        the yield copy into them."""
        before, after = op.before_region.block, op.after_region.block
        for k, init in enumerate(op.arguments):
            if not is_tensor(init):
                continue
            if DYNAMIC_INDEX in init.type.get_shape():  # type: ignore[attr-defined]
                emit_error(op, "xfuse-bufferize: an scf.while with a tensor of dynamic shape is not supported")
            self.buffers[before.args[k]] = self.alloc_like(init, op, copy=True)
        condition = before.last_op
        assert isinstance(condition, scf.ConditionOp)
        reused: set[SSAValue] = set()
        for k, result in enumerate(op.results):
            if is_tensor(result):
                if DYNAMIC_INDEX in result.type.get_shape():  # type: ignore[attr-defined]
                    emit_error(op, "xfuse-bufferize: an scf.while with a tensor of dynamic shape is not supported")
                forwarded = condition.args[k]
                if forwarded.owner is before and forwarded.type == result.type and forwarded not in reused:
                    # Forwarded as it is: the after arguments reuse the before buffer (the
                    # yield refills it before the before region runs again). Once only: a
                    # second position forwarding the same argument is a distinct value.
                    reused.add(forwarded)
                    buffer = self.buffers[forwarded]
                else:
                    buffer = self.alloc_like(result, op, copy=False)
                self.buffers[after.args[k]] = buffer
                self.buffers[result] = buffer
        self.block(before)
        self.block(after)

    def _rotate_while(self, op: scf.YieldOp, loop: scf.WhileOp) -> bool:
        """A loop whose condition forwards its before buffers (permuted) and whose yield passes
        the after buffers back permuted, not all in place: instead of fixed buffers and a
        parallel copy per iteration, the buffers travel as memref arguments of both regions
        (as a rotating scf.for). Every buffer is one of the before buffers, fresh and owned by
        the enclosing block, so the results are a permutation of them, which that block then
        owns instead. Decided at the yield: the regions are already rewritten, so the uses of
        each buffer inside a region become uses of the region's new memref argument."""
        before, after = loop.before_region.block, loop.after_region.block
        condition = before.last_op
        assert isinstance(condition, scf.ConditionOp)
        positions = [k for k, a in enumerate(before.args) if is_tensor(a)]
        forwarded = [j for j, a in enumerate(after.args) if is_tensor(a)]
        fixed = [self.buffers[before.args[k]] for k in positions]
        passed = [self.buffers[after.args[j]] for j in forwarded]
        yielded = [self.buffer_of(op.operands[k]) for k in positions]
        outer = loop.parent_block()
        assert outer is not None
        owned = self.owned.get(outer, [])
        if (
            len(set(fixed)) != len(fixed)
            or not all(b in owned for b in fixed)
            or sorted(map(id, passed)) != sorted(map(id, fixed))
            or sorted(map(id, yielded)) != sorted(map(id, fixed))
            or all(y is b for y, b in zip(yielded, fixed))
        ):
            return False
        memref_args: dict[tuple[Block, SSAValue], SSAValue] = {}
        for block, indices, buffers in ((before, positions, fixed), (after, forwarded, passed)):
            for index, buffer in zip(indices, buffers):
                arg = block.insert_arg(buffer.type, len(block.args))
                arg.name_hint = block.args[index].name_hint
                memref_args[(block, buffer)] = arg
                buffer.replace_uses_with_if(arg, lambda use, b=block: self._defined_inside_block(use.operation, b))
        self.rotating_yields[op] = [memref_args[(after, y)] for y in yielded]
        self.rotating_conditions[condition] = [memref_args[(before, f)] for f in passed]
        results = []
        for j, buffer in zip(forwarded, passed):
            placeholder = UnrealizedConversionCastOp.get([], [buffer.type])
            outer.insert_op_after(placeholder, loop)
            self.buffers[loop.results[j]] = placeholder.results[0]
            results.append(placeholder.results[0])
        for buffer, result in zip(fixed, results):
            owned[owned.index(buffer)] = result
        self.rotating[loop] = [(k, b, r) for k, b, r in zip(positions, fixed, results)]
        return True

    @staticmethod
    def _defined_inside_block(op: Operation, block: Block) -> bool:
        node: Operation | None = op
        while node is not None:
            if node.parent_block() is block:
                return True
            node = node.parent_op()
        return False

    def _copy_into(self, op: Operation, values, targets: list[SSAValue | None]) -> None:
        """Parallel copies of `values`' buffers into `targets` (None: not a tensor), before
        `op`; a cycle of copies is broken with a temporary."""
        block = op.parent_block()
        assert block is not None
        pending = [
            (self.buffer_of(v), t) for v, t in zip(values, targets)
            if t is not None and self.buffer_of(v) is not t
        ]
        while pending:
            ready = next((c for c in pending if not any(o[0] is c[1] for o in pending if o is not c)), None)
            if ready is None:
                source, target = pending[0]
                temp = memref.AllocOp([], [], MemRefType(source.type.element_type, source.type.get_shape()))  # type: ignore[attr-defined]
                block.insert_ops_before([temp, CopyOp(source, temp.memref)], op)
                self.owned.setdefault(block, []).append(temp.memref)
                pending[0] = (temp.memref, target)
                continue
            block.insert_op_before(CopyOp(*ready), op)
            pending.remove(ready)

    def condition(self, op: scf.ConditionOp) -> None:
        loop = op.parent_op()
        assert isinstance(loop, scf.WhileOp)
        targets = [self.buffers.get(r) if is_tensor(r) else None for r in loop.results]
        self._copy_into(op, list(op.args), targets)

    def _rebuild_while(self, op: scf.WhileOp) -> None:
        kept = [k for k, v in enumerate(op.arguments) if not is_tensor(v)]
        kept_results = [k for k, r in enumerate(op.results) if not is_tensor(r)]
        before, after = (op.detach_region(r) for r in list(op.regions))
        for block, positions in ((before.blocks[0], op.arguments), (after.blocks[0], op.results)):
            for k in reversed(range(len(positions))):
                if is_tensor(block.args[k]):
                    block.erase_arg(block.args[k])
        rotating = self.rotating.get(op, [])
        new = scf.WhileOp(
            [op.arguments[k] for k in kept] + [buffer for _, buffer, _ in rotating],
            [op.results[k].type for k in kept_results] + [result.type for _, _, result in rotating],
            before,
            after,
        )
        op.parent_block().insert_op_before(new, op)  # type: ignore[union-attr]
        for j, k in enumerate(kept_results):
            op.results[k].replace_all_uses_with(new.results[j])
        for j, (_, _, placeholder) in enumerate(rotating):
            placeholder.replace_all_uses_with(new.results[len(kept_results) + j])
            assert isinstance(placeholder, OpResult)
            _erase(placeholder.op)
        _erase(op)

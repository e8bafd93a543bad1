"""Memref forms of the region ops with results whose one region runs (scf.if,
scf.index_switch, scf.execute_region), a mixin of rewrite.py's `FunctionRewriter` (through
rewrite_scf.py's `ScfRewriter`). Per result (docs/passes/xfuse-bufferize.md):

1. all branches yield one buffer defined outside: that buffer;
2. every yield in place, held in memory that outlives the op: a memref result of the op, the
   buffer the taken branch yields (`_selected_buffers`), cast to the fully dynamic layout
   when the layouts differ;
3. else a fresh buffer allocated before the op, which branches building their value from a
   `tensor.empty` of their own block, or in the new buffer of an out-of-place destination there,
   compute in (`_buildable_empties`, `_fresh_destination`); then a selection over
   it (`_selected_over_built`), or one copy after the op from the memory two or more branches
   yield instead of copying it each (`_copy_after`), or a copy at each yield.
An scf.execute_region hands its region's buffer over (`_hand_over`) and is inlined when it has
one block. Phase 2 (`_rebuild_branching`) recreates the op with its memref (and i1) results.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, func, memref, scf, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IntegerAttr,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
    UnrealizedConversionCastOp,
    i1,
)
from xdsl.ir import Block, Operation, OpResult, SSAValue

from xfuse.diagnostics import emit_error
from xfuse.dialects.memref import CastOp, CopyOp
from xfuse.transforms.bufferize.models import is_tensor
from xfuse.transforms.bufferize.models_linalg import dps_operands
from xfuse.transforms.bufferize.rewrite_tensor import memref_type


def _erase(op: Operation) -> None:
    op.detach()
    op.erase()


# Memref ops whose result is a view of their first operand's memory (no allocation).
_MEMREF_VIEWS = (memref.SubviewOp, memref.CastOp, memref.ReinterpretCastOp, memref.ExpandShapeOp,
                 memref.CollapseShapeOp)


def _dynamic_layout(type_: MemRefType) -> MemRefType:
    """`type_` with the fully dynamic strided layout, which every strided memref of its shape
    casts to (memref.cast)."""
    rank = len(type_.get_shape())
    return MemRefType(type_.element_type, type_.get_shape(), StridedLayoutAttr([None] * rank, None))


@dataclass(frozen=True)
class CopyAfter:
    """Result `position` of a branching op whose buffer `buffer` (fresh, allocated before the
    op) is filled after the op when the taken branch is one of `sources`: those branches yield
    the memory holding their value (`selection`, a memref result of the op) and `true` (`flag`,
    an i1 result); the others write `buffer` themselves and yield it and `false`. No flag when
    every branch is a source."""

    position: int
    buffer: SSAValue
    selection: SSAValue
    flag: SSAValue | None
    sources: frozenset[int]
    copy: Operation
    """The copy after the op (or the scf.if guarding it)."""

    @property
    def results(self) -> tuple[SSAValue, ...]:
        """The placeholders of the op's memref (and i1) results, in result order."""
        return (self.selection,) if self.flag is None else (self.selection, self.flag)

class BranchRewriter:
    """The region-op part of `FunctionRewriter` (which provides buffers, owned, analysis,
    selected_results, selected_yields, copied_after, block(), alloc_like(), buffer_of())."""

    def branching(self, op: Operation) -> None:
        a = self.analysis
        for k, result in enumerate(op.results):
            if not is_tensor(result):
                continue
            members = a.equivalences.members(result, a.values)
            outside = [
                m for m in members
                if m in self.buffers and not self._defined_inside(m, op)
            ]
            yielded = [r.blocks[0].last_op.operands[k] for r in op.regions]  # type: ignore[union-attr]
            same = len({a.equivalences.find(y) for y in yielded}) == 1
            if same and outside:
                self.buffers[result] = self.buffers[outside[0]]
            elif isinstance(op, scf.ExecuteRegionOp):
                continue  # the yield hands its buffer over (`_hand_over`)
            elif (selected := self._selected_buffers(op, k, yielded)) is not None:
                self.buffers[result] = selected
            else:
                if DYNAMIC_INDEX in result.type.get_shape():  # type: ignore[union-attr]
                    emit_error(op, f"xfuse-bufferize: an {op.name} yielding different buffers of dynamic shape is not supported")
                buffer = self.alloc_like(result, op, copy=False)
                built = self._buildable_empties(op, k)
                for builder in built.values():
                    if isinstance(builder, SSAValue):
                        self.buffers[builder] = buffer
                    else:
                        self.result_buffers[builder] = buffer
                if (selected := self._selected_over_built(op, k, buffer, built)) is not None:
                    self.buffers[result] = selected
                else:
                    self.buffers[result] = buffer
                    if a.contents_read(result):
                        self._copy_after(op, k)
                    else:
                        self.unfilled.add(result)  # wholly overwritten before any read: no copy
        for region in op.regions:
            for block in region.blocks:
                self.block(block)

    def _buildable_empties(self, op: Operation, k: int) -> dict[int, SSAValue | tuple[Operation, int]]:
        """Empty-tensor elimination into a fresh buffer allocated just before a branching op
        (its result buffer): per region, the `tensor.empty` of its own block that its yielded
        value (in place) is built from, updated in place, or else the out-of-place operand
        (op, index) whose new buffer that value is (`_fresh_destination`); that branch computes
        straight into the buffer instead of a temporary copied at the yield. Nothing else in
        the branch can see the buffer, so writing it early changes no value the branch reads."""
        a, result = self.analysis, op.results[k]
        built: dict[int, SSAValue | tuple[Operation, int]] = {}
        for i, region in enumerate(op.regions):
            block = region.blocks[0]
            terminator = block.last_op
            assert terminator is not None
            if not a.is_inplace(terminator, k):
                continue
            members = a.equivalences.members(terminator.operands[k], a.values)
            if not all(self._defined_inside(m, op) and m not in self.buffers for m in members):
                continue
            empties = [m for m in members if isinstance(m, OpResult) and isinstance(m.op, tensor.EmptyOp)]
            if len(empties) == 1 and empties[0].op.parent_block() is block and empties[0].type == result.type:
                built[i] = empties[0]
            elif not empties and (destination := self._fresh_destination(members, block, result)) is not None:
                built[i] = destination
        return built

    def _fresh_destination(self, members: list[SSAValue], block: Block, result: SSAValue) -> tuple[Operation, int] | None:
        """The out-of-place init of the destination-style op in `block` whose new buffer holds
        the values `members` (one buffer: they are equivalent): that buffer may be the result
        buffer instead (the old contents copied into it when the op reads them), which nothing
        else in the branch sees, as for an empty."""
        found = []
        for m in members:
            if not isinstance(m, OpResult) or m.op.parent_block() is not block or m.type != result.type:
                continue
            split = dps_operands(m.op)
            if split is not None and m.index < len(split[1]):
                index = len(split[0]) + m.index
                if not self.analysis.is_inplace(m.op, index):
                    found.append((m.op, index))
        return found[0] if len(found) == 1 else None

    def _selected_over_built(self, op: Operation, k: int, buffer: SSAValue,
                             built: dict[int, SSAValue | tuple[Operation, int]]) -> SSAValue | None:
        """The branches that build their value (`built`) compute it in `buffer`, allocated
        before the op and owned by the enclosing block, so it outlives the op; when every other
        branch yields (in place) memory that outlives the op too, the result is the buffer the
        taken branch yields, as `_selected_buffers` (no copy at all). Not when the result may
        reach a func.return or leave an scf.execute_region (`_leaves_as_owned`): one copy after
        the op (`_copy_after`) is then cheaper."""
        a = self.analysis
        yielded = [r.blocks[0].last_op.operands[k] for r in op.regions]  # type: ignore[union-attr]
        terminators = [r.blocks[0].last_op for r in op.regions]
        if not built or any(
            not a.is_inplace(t, k) or (i not in built and not self._memory_outlives(op, y))  # type: ignore[arg-type]
            for i, (y, t) in enumerate(zip(yielded, terminators))
        ):
            return None
        if self._leaves_as_owned(op, k, returned=True):
            return None
        sources = [y for i, y in enumerate(yielded) if i not in built]
        type_ = self._common_type(op, sources, op.results[k]) if sources else buffer.type
        if type_ != buffer.type:
            type_ = _dynamic_layout(type_)
        placeholder = UnrealizedConversionCastOp.get([], [type_])
        op.parent_block().insert_op_after(placeholder, op)  # type: ignore[union-attr]
        self.selected_results.setdefault(op, []).append((k, placeholder.results[0]))
        return placeholder.results[0]

    def _leaves_as_owned(self, op: Operation, k: int, returned: bool) -> bool:
        """Result k of `op` (or a value whose buffer may be its buffer) is yielded by an
        scf.execute_region, which hands over only buffers its block owns (`_hand_over`), or,
        if `returned`, reaches a func.return, which returns a copy of memory it does not own:
        a selection of buffers would then cost more than a buffer of its own."""
        for member in self.analysis.carriers(op.results[k]):
            for use in member.uses:
                user = use.operation
                if returned and isinstance(user, func.ReturnOp):
                    return True
                parent = user.parent_op() if isinstance(user, scf.YieldOp) else None
                if isinstance(parent, scf.ExecuteRegionOp) and len(parent.region.blocks) != 1:
                    return True  # a single-block one is inlined: its result is a carrier too
        return False

    def _copy_after(self, op: Operation, k: int) -> None:
        """One copy after the op instead of one per branch: when two or more branches yield
        (for result k, whose buffer is fresh) a value held in memory that outlives the op (an
        argument, a buffer defined before the op, a view of one), each of them yields that
        memory and `true` instead of copying it into the result buffer, and
        `scf.if %flag { memref.copy %selection, %buffer }` follows the op. The other branches
        write the buffer as before and yield it and `false`. The copy runs exactly when one of
        the branch copies would have run, from the same memory holding the same contents
        (nothing executes between the yield and the copy); the yielded memory is read by that
        copy only, and every use of the result still sees the fresh buffer, which the enclosing
        block owns as before. A flag rather than a comparison of pointers: each branch knows
        statically whether it filled the buffer; when every branch is a source, no flag and no
        guard (the copy always runs)."""
        buffer = self.buffers[op.results[k]]
        yielded = [r.blocks[0].last_op.operands[k] for r in op.regions]  # type: ignore[union-attr]
        sources = frozenset(i for i, y in enumerate(yielded) if self._memory_outlives(op, y))
        if len(sources) < 2:
            return
        type_ = self._common_type(op, [yielded[i] for i in sources], op.results[k])
        if type_ != buffer.type:  # the others yield the result buffer: it must cast too
            type_ = _dynamic_layout(type_)
        block = op.parent_block()
        assert block is not None
        selection = UnrealizedConversionCastOp.get([], [type_]).results[0]
        copy: Operation = CopyOp(selection, buffer)
        flag = None
        if len(sources) < len(op.regions):
            flag = UnrealizedConversionCastOp.get([], [i1]).results[0]
            copy = scf.IfOp(flag, [], [copy, scf.YieldOp()])
        earlier = self.copied_after.setdefault(op, [])
        block.insert_op_after(copy, earlier[-1].copy if earlier else op)  # in result order
        for placeholder in (flag, selection):
            if placeholder is not None:
                block.insert_op_after(placeholder.owner, op)  # type: ignore[arg-type]
        earlier.append(CopyAfter(k, buffer, selection, flag, sources, copy))

    def _outside_memory(self, op: Operation, value: SSAValue) -> tuple[SSAValue, bool] | None:
        """The value defined before `op` whose memory holds `value` (yielded by a branch of
        `op`) once its branch ran, following in-place destinations (analysis.buffer_root) and
        in-place slices and casts; and whether a slice or cast was crossed (then the buffer is
        a view of that value's, of another layout). None when the memory is the branch's own."""
        a, through_view = self.analysis, False
        while self._defined_inside(value, op):
            root = a.buffer_root(value)
            if root is not value:
                value = root
            elif (
                isinstance(value, OpResult)
                and isinstance(value.op, tensor.ExtractSliceOp | tensor.CastOp)
                and a.is_inplace(value.op, 0)
            ):
                value, through_view = value.op.operands[0], True
            else:
                return None
        return value, through_view

    def _memory_outlives(self, op: Operation, value: SSAValue) -> bool:
        return self._outside_memory(op, value) is not None

    def _common_type(self, op: Operation, values: list[SSAValue], result: SSAValue) -> MemRefType:
        """One memref type for the buffers of `values` (each held in memory outliving `op`):
        theirs when they are all of one type, known now (outside values and in-place
        destinations of them), else the fully dynamic strided layout they cast to."""
        types = set()
        for value in values:
            found = self._outside_memory(op, value)
            assert found is not None
            root, through_view = found
            if through_view or root not in self.buffers and root not in self.pending_empty:
                types.add(None)
            else:
                types.add(self.buffers[root].type if root in self.buffers else memref_type(root.type))
        type_ = types.pop() if len(types) == 1 else None
        return type_ if isinstance(type_, MemRefType) else _dynamic_layout(memref_type(result.type))

    def _branch_yields_source(self, op: scf.YieldOp, parent: Operation) -> tuple[list[SSAValue], set[int]]:
        """The extra operands of a yield of `parent` for its `CopyAfter` results (the memref,
        and the flag if any), and the positions whose value it passes instead of copying. A
        source branch whose buffer turns out not to outlive the op (not predicted) copies into
        the result buffer as the other branches do, when there is a flag to say so."""
        region = op.parent_region()
        assert region is not None
        index = parent.regions.index(region)
        extra: list[SSAValue] = []
        passed: set[int] = set()
        for entry in self.copied_after.get(parent, []):
            selection_type = entry.selection.type
            assert isinstance(selection_type, MemRefType)
            source = self.buffer_of(op.operands[entry.position]) if index in entry.sources else None
            if source is not None and self._outlives(source, parent) and (
                source.type == selection_type or not isinstance(selection_type.layout, NoneAttr)
            ):
                passed.add(entry.position)
            elif entry.flag is None:
                emit_error(op, "xfuse-bufferize: a branch buffer copied after its op does not outlive it (internal error)")
            else:
                source = entry.buffer
            assert source is not None
            if source.type != selection_type:
                source = self._insert_before(CastOp.get(source, selection_type), op).results[0]
            extra.append(source)
            if entry.flag is not None:
                flag = self._insert_before(arith.ConstantOp(IntegerAttr(entry.position in passed, i1)), op)
                extra.append(flag.results[0])
        return extra, passed

    @staticmethod
    def _insert_before(new: Operation, op: Operation) -> Operation:
        op.parent_block().insert_op_before(new, op)  # type: ignore[union-attr]
        return new

    def _outlives(self, buffer: SSAValue, op: Operation) -> bool:
        """The allocation `buffer` is (a view of) is defined outside `op`: still live after it."""
        return not self._defined_inside(self._allocation(buffer), op)

    def _selected_buffers(self, op: Operation, k: int, yielded: list[SSAValue]) -> SSAValue | None:
        """Branches that all yield (in place) values held in memory that outlives the op
        (defined before it, or an in-place slice / destination of such memory): the result is a
        memref result of the op, the buffer the taken branch yields (no copy, as upstream's
        select of buffers). Its type is the buffers' when they are all defined before the op
        with one type, else the fully dynamic strided layout each yield casts to. A placeholder
        stands for it until the op is rebuilt; it is memory xfuse does not own when every
        candidate is an argument or foreign."""
        terminators = [r.blocks[0].last_op for r in op.regions]
        if any(not self._memory_outlives(op, y) or not self.analysis.is_inplace(t, k) for y, t in zip(yielded, terminators)):  # type: ignore[arg-type]
            return None
        outside = not any(self._defined_inside(y, op) for y in yielded)
        if self._leaves_as_owned(op, k, returned=not outside):
            return None
        buffers = [self.buffer_of(y) for y in yielded] if outside else []
        type_ = self._common_type(op, yielded, op.results[k])
        placeholder = UnrealizedConversionCastOp.get([], [type_])
        op.parent_block().insert_op_after(placeholder, op)  # type: ignore[union-attr]
        result = placeholder.results[0]
        self.selected_results.setdefault(op, []).append((k, result))
        args = self.function.body.blocks[0].args
        if buffers and all(self.view_base.get(b, b) in self.foreign or self.view_base.get(b, b) in args for b in buffers):
            self.foreign.add(result)
        return result

    def _selected_yield(self, op: scf.YieldOp, parent: Operation, k: int, selection: SSAValue) -> SSAValue:
        """The memref a branch yields for the selected result k: its value's buffer, cast to
        the result's type. The analysis predicted that buffer outlives the op; checked here."""
        buffer = self.buffer_of(op.operands[k])
        if isinstance(parent, scf.ExecuteRegionOp):
            return buffer  # handed over (`_hand_over`), of the result's type
        if not self._outlives(buffer, parent):
            emit_error(op, "xfuse-bufferize: a selected branch buffer does not outlive its op (internal error)")
        if buffer.type != selection.type:
            if isinstance(selection.type.layout, NoneAttr):  # type: ignore[attr-defined]
                emit_error(op, "xfuse-bufferize: a selected branch buffer is not of the predicted type (internal error)")
            buffer = self._insert_before(CastOp.get(buffer, selection.type), op).results[0]  # type: ignore[arg-type]
        return buffer

    def _hand_over(self, op: scf.YieldOp, parent: scf.ExecuteRegionOp) -> None:
        """An scf.execute_region result is the buffer its (single) region yields: a buffer the
        region's block allocated is hoisted and owned by the enclosing block (or, when it cannot be
        hoisted, returned as a memref result the enclosing block owns); one that outlives the
        region (an argument, an outer buffer, a view of one) is used as it is."""
        block, outer = op.parent_block(), parent.parent_block()
        assert block is not None and outer is not None
        for k, operand in enumerate(op.operands):
            result = parent.results[k]
            if not is_tensor(operand) or result in self.buffers:
                continue
            source = self.buffer_of(operand)
            base = self.view_base.get(source, source)
            owned = self.owned.setdefault(block, [])
            alloc = base.owner
            if base in owned and isinstance(alloc, memref.AllocOp) and alloc.parent_block() is block and not any(
                self._defined_inside(v, parent) for v in alloc.operands
            ):
                # Hoisted before the region op, owned by the enclosing block.
                alloc.detach()
                outer.insert_op_before(alloc, parent)
                owned.remove(base)
                self.owned.setdefault(outer, []).append(base)
                self.buffers[result] = source
            elif not self._defined_inside(source, parent):
                self.buffers[result] = source  # it outlives the region
            elif (candidates := self._selection_candidates(source)) is not None and len(parent.region.blocks) == 1:
                # A selection of buffers (`_selected_buffers`, `_selected_over_built`): each
                # buffer it may be that the region's block owns is now owned by the enclosing
                # block (hoisted before the region op when its sizes allow); the region is
                # inlined, so the selecting op then runs in the enclosing block.
                for candidate in candidates:
                    if candidate in owned:
                        owned.remove(candidate)
                        self.owned.setdefault(outer, []).append(candidate)
                        alloc = candidate.owner
                        if isinstance(alloc, memref.AllocOp) and alloc.parent_block() is block and not any(
                            self._defined_inside(v, parent) for v in alloc.operands
                        ):
                            alloc.detach()
                            outer.insert_op_before(alloc, parent)
                self.buffers[result] = source
            elif base in owned:
                # Not hoistable (e.g. sized inside the region): the op returns it as a memref
                # result, which the enclosing block then owns.
                owned.remove(base)
                placeholder = UnrealizedConversionCastOp.get([], [source.type])
                outer.insert_op_after(placeholder, parent)
                self.buffers[result] = placeholder.results[0]
                self.selected_results.setdefault(parent, []).append((k, placeholder.results[0]))
                self.owned.setdefault(outer, []).append(placeholder.results[0])
            else:
                emit_error(parent, "xfuse-bufferize: an scf.execute_region yielding a buffer it does not own "
                                   "is not supported")

    def _allocation(self, buffer: SSAValue) -> SSAValue:
        """The buffer `buffer` is a view of (itself when it is no view)."""
        while True:
            buffer = self.view_base.get(buffer, buffer)
            owner = buffer.owner
            if not isinstance(owner, _MEMREF_VIEWS):
                return buffer
            buffer = owner.operands[0]

    def _selection_candidates(self, buffer: SSAValue) -> list[SSAValue] | None:
        """When `buffer` is (a view of) the memref result of an op selecting among its branches'
        buffers, the allocations it may be (the buffers each branch yields, already
        rewritten); else None."""
        base = self._allocation(buffer)
        for op, selected in self.selected_results.items():
            for j, (_, placeholder) in enumerate(selected):
                if placeholder is base and not isinstance(op, scf.ExecuteRegionOp):
                    terminators = [r.blocks[0].last_op for r in op.regions]
                    return [self._allocation(self.selected_yields[t][j]) for t in terminators]  # type: ignore[index]
        return None

    def _defined_inside(self, value: SSAValue, op: Operation) -> bool:
        owner = value.owner
        node = owner if isinstance(owner, Operation) else owner.parent_op()
        while node is not None:
            if node is op:
                return True
            node = node.parent_op()
        return False

    def _rebuild_branching(self, op: Operation) -> None:
        kept = [k for k, r in enumerate(op.results) if not is_tensor(r)]
        selected = self.selected_results.get(op, []) + [
            (entry.position, value) for entry in self.copied_after.get(op, []) for value in entry.results
        ]
        if isinstance(op, scf.ExecuteRegionOp) and len(op.region.blocks) == 1:
            self._inline_execute_region(op, kept, selected)
            return
        regions = [op.detach_region(r) for r in list(op.regions)]
        new = type(op).create(
            operands=list(op.operands),
            result_types=[op.results[k].type for k in kept] + [p.type for _, p in selected],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=regions,
        )
        op.parent_block().insert_op_before(new, op)  # type: ignore[union-attr]
        for j, k in enumerate(kept):
            op.results[k].replace_all_uses_with(new.results[j])
        for j, (_, placeholder) in enumerate(selected):
            placeholder.replace_all_uses_with(new.results[len(kept) + j])
            assert isinstance(placeholder, OpResult)
            _erase(placeholder.op)
        _erase(op)

    def _inline_execute_region(self, op: scf.ExecuteRegionOp, kept: list[int],
                               selected: list[tuple[int, SSAValue]]) -> None:
        """A single-block execute_region is its block: moved before the op, the yielded
        values (the rebuilt yield: kept results, then the selected buffers) replace its
        results."""
        block = op.region.blocks[0]
        terminator = block.last_op
        assert terminator is not None
        values = list(terminator.operands)
        for inner in list(block.ops):
            if inner is terminator:
                break
            inner.detach()
            op.parent_block().insert_op_before(inner, op)  # type: ignore[union-attr]
        for j, k in enumerate(kept):
            op.results[k].replace_all_uses_with(values[j])
        for j, (_, placeholder) in enumerate(selected):
            placeholder.replace_all_uses_with(values[len(kept) + j])
            assert isinstance(placeholder, OpResult)
            _erase(placeholder.op)
        _erase(op)

    # -- scf.while ---------------------------------------------------------------------------

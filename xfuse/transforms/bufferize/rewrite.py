"""Rewriting analysed tensor functions into memref functions.

Phase 1 walks every function in program order and inserts the memref form of each tensor op
before it, keeping `buffers` (tensor value -> memref value): `memref.alloc` (+ `memref.copy`
when the old contents are needed) only for operands the analysis put out of place,
`memref.subview` for slices, linalg ops on memrefs, and deallocation of every buffer a block
allocates that does not leave it; a rotating loop (analysis.py) keeps memref iter_args for its
rotating positions, whose results (placeholders until phase 2) replace the inits in the block's
deallocations. Phase 2 erases the tensor ops (last first) and rebuilds loops,
`scf.if`, function signatures without their tensor values.

Function boundary: tensor arguments become identity-layout memrefs. A result equivalent to an
argument returns that argument's memref; any other result is a buffer the callee allocated and
the caller owns (and deallocates unless it returns it in turn).
"""

from __future__ import annotations

from xdsl.dialects import arith, bufferization, func, memref, scf, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    StridedLayoutAttr,
    StringAttr,
    TensorType,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Operation, OpResult, SSAValue
from xdsl.traits import IsTerminator
from xdsl.utils.exceptions import DiagnosticException

from xfuse.diagnostics import emit_error
from xfuse.dialects.memref import CopyOp, GlobalOp
from xfuse.dialects.scf import ForallOp
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.transforms.bufferize.call_graph import is_entry_point
from xfuse.transforms.bufferize.models_scf import BRANCHING_OPS
from xfuse.transforms.bufferize.rewrite_branches import CopyAfter
from xfuse.transforms.bufferize.rewrite_scf import ScfRewriter
from xfuse.transforms.bufferize.rewrite_tensor import memref_type, rewrite_tensor_op, strides_and_offset
from xfuse.transforms.bufferize.analysis import (
    FunctionAnalysis,
    FunctionSummary,
    dps_operands,
    is_tensor,
)


def subview_type(source: MemRefType, static_offsets, static_strides, result: TensorType) -> MemRefType:
    """The type memref.subview infers, rank-reduced to `result`'s shape."""
    strides, offset = strides_and_offset(source)
    new_offset = offset
    new_strides: list[int | None] = []
    for s, o, st in zip(strides, static_offsets, static_strides):
        if new_offset is not None:
            if o != 0:  # a zero offset adds nothing, even along a dynamic stride
                new_offset = None if (o == DYNAMIC_INDEX or s is None) else new_offset + o * s
        new_strides.append(None if (s is None or st == DYNAMIC_INDEX) else s * st)
    return MemRefType(
        result.element_type,
        result.get_shape(),
        StridedLayoutAttr(_kept_strides(new_strides, result), new_offset),
    )


def _kept_strides(strides: list[int | None], result: TensorType) -> list[int | None]:
    # Rank-reducing slices drop unit dims; the caller passes sizes in `result` order, so keep
    # the strides of the trailing-matching dims (MLIR drops the unit dims it can match).
    if len(strides) == result.get_num_dims():
        return strides
    return strides[len(strides) - result.get_num_dims():]


class FunctionRewriter(ScfRewriter):
    def __init__(
        self,
        module: ModuleOp,
        function: func.FuncOp,
        analysis: FunctionAnalysis,
        summaries: dict[str, FunctionSummary],
        globals_: list[Operation],
    ):
        self.module = module
        self.function = function
        self.analysis = analysis
        self.summaries = summaries
        self.globals = globals_
        self.buffers: dict[SSAValue, SSAValue] = {}
        self.owned: dict[Block, list[SSAValue]] = {}
        self.pending_empty: dict[SSAValue, tensor.EmptyOp] = {}
        # Empty-tensor elimination: insert_slices whose source was computed straight into the
        # destination subview (nothing to copy).
        self.built_in_place: set[Operation] = set()
        self.new_terminators: dict[Block, Operation] = {}
        # Rotating loops (analysis.rotations): per loop, (position, init buffer, placeholder of
        # the memref result) in position order; per yield, the memrefs it passes.
        self.rotating: dict[Operation, list[tuple[int, SSAValue, SSAValue]]] = {}
        self.rotating_yields: dict[Operation, list[SSAValue]] = {}
        # Rotating scf.while loops (rewrite_scf.py): per condition, the memrefs it forwards.
        self.rotating_conditions: dict[Operation, list[SSAValue]] = {}
        # Reshapes and casts: view -> the buffer it reinterprets (same allocation).
        self.view_base: dict[SSAValue, SSAValue] = {}
        # Memory xfuse did not allocate: globals, memrefs the program wrapped with to_tensor.
        self.foreign: set[SSAValue] = set()
        # Branching ops whose result is the buffer the taken branch yields (rewrite_branches.py):
        # per op, (position, placeholder of the memref result); per yield, the buffers it passes.
        self.selected_results: dict[Operation, list[tuple[int, SSAValue]]] = {}
        self.selected_yields: dict[Operation, list[SSAValue]] = {}
        # Out-of-place operands whose new buffer is a branching op's result buffer, allocated
        # before the op (rewrite_branches.py `_fresh_destination`): (op, operand index) -> it.
        self.result_buffers: dict[tuple[Operation, int], SSAValue] = {}
        # Branching ops' results with a buffer of their own whose contents no op reads before
        # wholly overwriting them (analysis.contents_read): the branches do not copy into it.
        self.unfilled: set[SSAValue] = set()
        # Branching ops whose result buffer is filled by one copy after the op (rewrite_branches.py).
        self.copied_after: dict[Operation, list[CopyAfter]] = {}
        # A public function no function of the module calls: its results go to the runtime.
        self.called_from_outside_only = False

    # -- buffers -----------------------------------------------------------------------------
    def buffer_of(self, value: SSAValue) -> SSAValue:
        if value in self.buffers:
            return self.buffers[value]
        if value in self.pending_empty:
            empty = self.pending_empty.pop(value)
            alloc = memref.AllocOp(list(empty.dynamic_sizes), [], memref_type(value.type))
            assert empty.parent_block() is not None
            empty.parent_block().insert_op_before(alloc, empty)  # type: ignore[union-attr]
            self.owned.setdefault(empty.parent_block(), []).append(alloc.memref)  # type: ignore[arg-type]
            self.buffers[value] = alloc.memref
            return alloc.memref
        owner = value.owner
        emit_error(
            owner if isinstance(owner, Operation) else owner.parent_op(),
            "xfuse-bufferize: no buffer for a tensor value (internal error)",
        )

    def _dims(self, value: SSAValue, at: Operation) -> list[SSAValue]:
        assert isinstance(value.type, TensorType)
        dims = []
        shape = value.type.get_shape()
        if DYNAMIC_INDEX not in shape:
            return []
        source = self.buffer_of(value)
        for i, size in enumerate(shape):
            if size == DYNAMIC_INDEX:
                index = arith.ConstantOp(IntegerAttr(i, IndexType()))
                dim = memref.DimOp(source, index)
                at.parent_block().insert_ops_before([index, dim], at)  # type: ignore[union-attr]
                dims.append(dim.result)
        return dims

    def alloc_like(self, value: SSAValue, at: Operation, copy: bool) -> SSAValue:
        """A new buffer for `value`, owned by `at`'s block, holding its contents if `copy`."""
        undefined = isinstance(value, OpResult) and isinstance(value.op, tensor.EmptyOp)
        if undefined and value in self.pending_empty:
            dims = list(self.pending_empty[value].dynamic_sizes)
        else:
            dims = self._dims(value, at)
        alloc = memref.AllocOp(dims, [], memref_type(value.type))
        block = at.parent_block()
        assert block is not None
        block.insert_op_before(alloc, at)
        self.owned.setdefault(block, []).append(alloc.memref)
        if copy and not undefined:
            block.insert_op_before(CopyOp(self.buffer_of(value), alloc.memref), at)
        return alloc.memref

    def operand_buffer(self, op: Operation, index: int, copy: bool) -> SSAValue:
        value = op.operands[index]
        if self.analysis.is_inplace(op, index):
            return self.buffer_of(value)
        buffer = self.result_buffers.pop((op, index), None)
        if buffer is None:
            return self.alloc_like(value, op, copy)
        if copy and not (isinstance(value, OpResult) and isinstance(value.op, tensor.EmptyOp)):
            op.parent_block().insert_op_before(CopyOp(self.buffer_of(value), buffer), op)  # type: ignore[union-attr]
        return buffer

    # -- walking -----------------------------------------------------------------------------
    def run(self) -> None:
        entry = self.function.body.blocks[0]
        for arg in list(entry.args):
            if is_tensor(arg):
                # Right after the tensor argument, which phase 2 erases: positions are kept.
                new = entry.insert_arg(memref_type(arg.type), arg.index + 1)
                new.name_hint = arg.name_hint
                self.buffers[arg] = new
        self.block(entry)

    def block(self, block: Block) -> None:
        for op in list(block.ops):
            self.op(op)
        anchor = self.new_terminators.get(block, block.last_op)
        for buffer in self.owned.get(block, []):
            if anchor is None or not anchor.has_trait(IsTerminator):
                block.add_op(memref.DeallocOp.get(buffer))  # a block without terminator
            else:
                block.insert_op_before(memref.DeallocOp.get(buffer), anchor)

    def op(self, op: Operation) -> None:
        """The memref form of `op`; an unexpected failure is a diagnostic at the op, never a
        traceback."""
        try:
            self._op(op)
        except DiagnosticException:
            raise
        except Exception as exc:  # noqa: BLE001 - turned into a located diagnostic
            emit_error(op, f"xfuse-bufferize: internal error on '{op.name}' ({type(exc).__name__}: {exc})")

    def _op(self, op: Operation) -> None:
        a = self.analysis
        if op in a.unknown:
            self.unknown(op)
            return
        if isinstance(op, tensor.EmptyOp):
            if op.tensor not in self.buffers:  # else built in a result buffer (rewrite_branches.py)
                self.pending_empty[op.tensor] = op
            return
        if isinstance(op, arith.ConstantOp) and is_tensor(op.result):
            self.constant(op)
            return
        if (split := dps_operands(op)) is not None and any(is_tensor(o) for o in op.operands):
            self.eliminate_empty(op, split)
            self.linalg(op, split)
            return
        if isinstance(op, tensor.ExtractSliceOp):
            source = self.buffer_of(op.source)
            view = self.subview(op, source, op.result.type)
            if a.is_inplace(op, 0):
                self.buffers[op.result] = view
            else:
                # The result's dynamic dims are the slice's dynamic sizes, in order (a
                # rank-reducing slice only drops static unit dims).
                alloc = memref.AllocOp(list(op.sizes), [], memref_type(op.result.type))
                op.parent_block().insert_op_before(alloc, op)  # type: ignore[union-attr]
                if self._contents_read(op.result):
                    op.parent_block().insert_op_before(CopyOp(view, alloc.memref), op)  # type: ignore[union-attr]
                self.owned.setdefault(op.parent_block(), []).append(alloc.memref)  # type: ignore[arg-type]
                self.buffers[op.result] = alloc.memref
            return
        if isinstance(op, tensor.InsertSliceOp | ParallelInsertSliceOp):
            self.insert_slice(op)
            return
        if rewrite_tensor_op(self, op):
            return
        if isinstance(op, tensor.DimOp):
            new = memref.DimOp(self.buffer_of(op.source), op.index)
            op.parent_block().insert_op_before(new, op)  # type: ignore[union-attr]
            op.result.replace_all_uses_with(new.result)
            return
        if isinstance(op, tensor.ExtractOp):
            new = memref.LoadOp.get(self.buffer_of(op.tensor), op.indices)
            op.parent_block().insert_op_before(new, op)  # type: ignore[union-attr]
            op.result.replace_all_uses_with(new.res)
            return
        if isinstance(op, scf.ForOp) and any(is_tensor(v) for v in op.iter_args):
            self.for_loop(op)
            return
        if isinstance(op, ForallOp) and op.outputs:
            self.forall(op)
            return
        if isinstance(op, BRANCHING_OPS) and any(is_tensor(r) for r in op.results):
            self.branching(op)
            return
        if isinstance(op, scf.WhileOp) and any(is_tensor(v) for v in (*op.arguments, *op.results)):
            self.while_loop(op)
            return
        if isinstance(op, scf.ConditionOp) and any(is_tensor(v) for v in op.args):
            self.condition(op)
            return
        if isinstance(op, scf.YieldOp) and any(is_tensor(o) for o in op.operands):
            self.yield_op(op)
            return
        if isinstance(op, func.CallOp) and (
            any(is_tensor(o) for o in op.operands) or any(is_tensor(r) for r in op.results)
        ):
            self.call(op)
            return
        if isinstance(op, func.ReturnOp):
            self.ret(op)
            return
        for region in op.regions:
            for block in region.blocks:
                self.block(block)

    # -- ops ---------------------------------------------------------------------------------
    def unknown(self, op: Operation) -> None:
        """An op without a model (allowed by the user): it keeps its tensors, bridged with
        bufferization.to_tensor / to_buffer."""
        for i, operand in enumerate(op.operands):
            if is_tensor(operand):
                to_tensor = bufferization.ToTensorOp(self.buffer_of(operand), restrict=True)
                op.parent_block().insert_op_before(to_tensor, op)  # type: ignore[union-attr]
                op.operands[i] = to_tensor.results[0]
        block = op.parent_block()
        assert block is not None
        for result in op.results:
            if is_tensor(result):
                to_buffer = bufferization.ToBufferOp(
                    operands=[result], result_types=[memref_type(result.type)]
                )
                block.insert_op_after(to_buffer, op)
                self.buffers[result] = to_buffer.results[0]

    def constant(self, op: arith.ConstantOp) -> None:
        name = f"__constant_{len(self.globals)}_{self.function.sym_name.data}"
        type_ = memref_type(op.result.type)
        glob = GlobalOp.get(
            StringAttr(name), type_, op.value, StringAttr("private"), UnitAttr()
        )
        self.globals.append(glob)
        get = memref.GetGlobalOp(name, type_)
        self.foreign.add(get.memref)
        op.parent_block().insert_op_before(get, op)  # type: ignore[union-attr]
        self.buffers[op.result] = get.memref

    def linalg(self, op: Operation, split: tuple[list[SSAValue], list[SSAValue]]) -> None:
        ins, outs = split
        operands: list[SSAValue] = []
        for i, operand in enumerate(op.operands):
            if not is_tensor(operand):
                operands.append(operand)
            elif i < len(ins):
                operands.append(self.buffer_of(operand))
            else:
                model = self.analysis.models[(op, i)]
                operands.append(self.operand_buffer(op, i, copy=model.reads))
        new = type(op).create(
            operands=operands,
            result_types=[],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=[r.clone() for r in op.regions],
        )
        op.parent_block().insert_op_before(new, op)  # type: ignore[union-attr]
        self._body_reads_from_buffers(new)
        for k, result in enumerate(op.results):
            self.buffers[result] = operands[len(ins) + k]

    def _body_reads_from_buffers(self, op: Operation) -> None:
        """A body that reads a tensor defined outside the op (torch-mlir's gathers: a
        `tensor.extract` at computed indices) reads its buffer instead (`memref.load`)."""
        for inner in list(op.walk()):
            if isinstance(inner, tensor.ExtractOp | tensor.DimOp):
                source = inner.tensor if isinstance(inner, tensor.ExtractOp) else inner.source
                owner = source.op if isinstance(source, OpResult) else source.block.parent_op()  # type: ignore[union-attr]
                if not is_tensor(source) or (owner is not None and op.is_ancestor(owner)):
                    continue  # a tensor of the body's own
                if isinstance(inner, tensor.ExtractOp):
                    replacement = memref.LoadOp.get(self.buffer_of(source), inner.indices)
                    value = replacement.res
                else:
                    replacement = memref.DimOp(self.buffer_of(source), inner.index)
                    value = replacement.result
                inner.parent_block().insert_op_before(replacement, inner)  # type: ignore[union-attr]
                inner.result.replace_all_uses_with(value)
                _erase(inner)

    def eliminate_empty(self, op: Operation, split: tuple[list[SSAValue], list[SSAValue]]) -> None:
        """Empty-tensor elimination: an output that is a `tensor.empty` used only here, whose
        result V is used only as the source of one in-place insert_slice (or
        parallel_insert_slice, or materialize_in_destination: the whole destination) in the
        empty's block, gets the destination subview as buffer when
        the slice's offsets / sizes / strides are defined before the empty and nothing between
        this op and the insertion touches the destination's memory."""
        a = self.analysis
        ins, outs = split
        for k, out in enumerate(outs):
            index = len(ins) + k
            if not (isinstance(out, OpResult) and isinstance(out.op, tensor.EmptyOp)):
                continue
            empty = out.op
            if out not in self.pending_empty or len(list(out.uses)) != 1 or not a.is_inplace(op, index):
                continue
            if k >= len(op.results):
                continue
            uses = [u for u in op.results[k].uses if u.operation.name != "bufferization.dealloc_tensor"]
            if len(uses) != 1:
                continue
            use = uses[0]
            insert = use.operation
            if use.index == 0 and self._into_memref_destination(op, out, insert):
                continue
            whole = isinstance(insert, bufferization.MaterializeInDestinationOp) and insert.result is not None
            if use.index != 0 or not (whole or isinstance(insert, tensor.InsertSliceOp | ParallelInsertSliceOp)):
                continue
            anchor = insert.parent_op() if isinstance(insert, ParallelInsertSliceOp) else insert
            block = empty.parent_block()
            if anchor is None or block is None or anchor.parent_block() is not block:
                continue
            if (whole or isinstance(insert, tensor.InsertSliceOp)) and not a.is_inplace(insert, 1):
                continue
            if not whole and any(
                not self._defined_before(v, empty)
                for v in (*insert.offsets, *insert.sizes, *insert.strides)  # type: ignore[attr-defined]
            ):
                continue
            dest = insert.operands[1]
            members = a.aliases.members(dest, a.values)
            if any(operand in members for operand in op.operands) or any(
                operand in members and not (j == 1 and _disjoint_insert(a, inner, insert))
                for inner in a.ops[a.pos[op] + 1 : a.pos[anchor]]
                for j, operand in enumerate(inner.operands)
            ):
                continue
            root = a.buffer_root(dest)
            if root not in self.buffers and root not in self.pending_empty:
                continue
            if not self._defined_before(root, empty):
                continue
            if whole:
                view = self.buffer_of(root)
                if view.type != memref_type(out.type):
                    continue
            else:
                view = self.subview(insert, self.buffer_of(root), out.type, at=op)
            del self.pending_empty[out]
            self.buffers[out] = view
            self.built_in_place.add(insert)

    def _into_memref_destination(self, op: Operation, out: SSAValue, insert: Operation) -> bool:
        """Empty-tensor elimination into the memref form of materialize_in_destination: the op
        writes the memref directly when it is defined before the empty, no op in between uses
        it and no tensor wraps it (to_tensor), and the types agree."""
        if not isinstance(insert, bufferization.MaterializeInDestinationOp) or insert.result is not None:
            return False
        a, dest, empty = self.analysis, insert.dest, out.owner
        assert isinstance(empty, Operation)
        if dest.type != memref_type(out.type) or not self._defined_before(dest, empty):
            return False
        if insert.parent_block() is not empty.parent_block():
            return False
        if any(isinstance(u.operation, bufferization.ToTensorOp) for u in dest.uses) or any(
            dest in inner.operands for inner in a.ops[a.pos[op] + 1 : a.pos[insert]]
        ):
            return False
        del self.pending_empty[out]
        self.buffers[out] = dest
        return True

    def _contents_read(self, value: SSAValue) -> bool:
        """Some use of `value` may read its contents: false only when every use is the output
        of a destination-style op that overwrites it without reading it."""
        for use in value.uses:
            model = self.analysis.models.get((use.operation, use.index))
            split = dps_operands(use.operation)
            if model is None or model.reads or split is None or use.index < len(split[0]):
                return True
        return False

    def _defined_before(self, value: SSAValue, op: Operation) -> bool:
        """`value` is available at `op`: a block argument of an enclosing block, or the result
        of an op earlier in `op`'s block or in an enclosing block."""
        owner = value.owner
        node: Operation | None = op
        while node is not None:
            block = node.parent_block()
            if block is None:
                return False
            if isinstance(owner, Block):
                if owner is block:
                    return True
            elif owner.parent_block() is block:
                return block.get_operation_index(owner) < block.get_operation_index(node)
            node = block.parent_op()
        return False

    def subview(
        self, op: Operation, source: SSAValue, result_type: Attribute, at: Operation | None = None
    ) -> SSAValue:
        assert isinstance(source.type, MemRefType) and isinstance(result_type, TensorType)
        type_ = subview_type(
            source.type,
            op.static_offsets.get_values(),  # type: ignore[attr-defined]
            op.static_strides.get_values(),  # type: ignore[attr-defined]
            result_type,
        )
        view = memref.SubviewOp(
            source,
            list(op.offsets),  # type: ignore[attr-defined]
            list(op.sizes),  # type: ignore[attr-defined]
            list(op.strides),  # type: ignore[attr-defined]
            op.static_offsets,  # type: ignore[attr-defined]
            op.static_sizes,  # type: ignore[attr-defined]
            op.static_strides,  # type: ignore[attr-defined]
            type_,
        )
        anchor = at or (op.parent_op() if isinstance(op, ParallelInsertSliceOp) else op)
        assert anchor is not None
        anchor.parent_block().insert_op_before(view, anchor)  # type: ignore[union-attr]
        return view.result

    def insert_slice(self, op: Operation) -> None:
        a = self.analysis
        source_type = op.operands[0].type
        if isinstance(op, ParallelInsertSliceOp):
            dest = self.buffer_of(op.dest)
            matching = a.matches_insertion(op)
        else:
            dest = self.operand_buffer(op, 1, copy=True)
            matching = a.is_inplace(op, 1) and a.matches_insertion(op)
            self.buffers[op.results[0]] = dest
        if not matching and op not in self.built_in_place:
            view = self.subview(op, dest, source_type)
            anchor = op.parent_op() if isinstance(op, ParallelInsertSliceOp) else op
            anchor.parent_block().insert_op_before(  # type: ignore[union-attr]
                CopyOp(self.buffer_of(op.operands[0]), view), anchor  # type: ignore[arg-type]
            )

    def call(self, op: func.CallOp) -> None:
        summary = self.summaries[op.callee.string_value()]
        args: list[SSAValue] = []
        for i, operand in enumerate(op.operands):
            if is_tensor(operand):
                args.append(self.operand_buffer(op, i, copy=True))
            else:
                args.append(operand)
        types = [memref_type(r.type) if is_tensor(r) else r.type for r in op.results]
        new = func.CallOp(op.callee, args, types)
        block = op.parent_block()
        assert block is not None
        block.insert_op_before(new, op)
        for k, result in enumerate(op.results):
            if not is_tensor(result):
                result.replace_all_uses_with(new.results[k])
            elif k in summary.equivalent_results:
                self.buffers[result] = args[summary.equivalent_results[k]]
            else:
                self.buffers[result] = new.results[k]
                self.owned.setdefault(block, []).append(new.results[k])

    def ret(self, op: func.ReturnOp) -> None:
        block = op.parent_block()
        assert block is not None
        owned = self.owned.setdefault(block, [])
        args = set(self.function.body.blocks[0].args)
        values: list[SSAValue] = []
        handed_over: set[SSAValue] = set()
        for operand in op.operands:
            if not is_tensor(operand):
                values.append(operand)
                continue
            buffer = self.buffer_of(operand)
            base = self.view_base.get(buffer, buffer)
            fits = buffer.type == memref_type(operand.type)
            if buffer in args and fits:
                values.append(buffer)
            elif base in owned and fits and base not in handed_over:
                owned.remove(base)  # the caller frees it (through the view: same allocation)
                handed_over.add(base)
                values.append(buffer)
            elif self.called_from_outside_only and fits and (base in args or base in self.foreign):
                # No caller in the module: the runtime frees only what is not an input's
                # allocation (or a global's), so a view of an argument, a memref the program
                # wrapped with to_tensor or a global can be returned as it is.
                values.append(buffer)
            else:
                values.append(self._returned_copy(operand, op))
        new = func.ReturnOp(*values)
        block.insert_op_before(new, op)
        self.new_terminators[block] = new

    def _returned_copy(self, operand: SSAValue, at: Operation) -> SSAValue:
        dims = self._dims(operand, at)
        alloc = memref.AllocOp(dims, [], memref_type(operand.type))
        at.parent_block().insert_ops_before(  # type: ignore[union-attr]
            [alloc, CopyOp(self.buffer_of(operand), alloc.memref)], at
        )
        return alloc.memref

    # -- phase 2 -----------------------------------------------------------------------------
    def cleanup(self) -> None:
        for op in reversed(self.analysis.ops):
            if op in self.analysis.unknown or _in_scalar_body(op) or _in_linalg_body(op):
                continue
            if isinstance(op, scf.ForOp) and any(is_tensor(v) for v in op.iter_args):
                self._rebuild_for(op)
            elif isinstance(op, ForallOp) and op.outputs:
                self._rebuild_forall(op)
            elif isinstance(op, BRANCHING_OPS) and any(is_tensor(r) for r in op.results):
                self._rebuild_branching(op)
            elif isinstance(op, scf.WhileOp) and any(is_tensor(v) for v in (*op.arguments, *op.results)):
                self._rebuild_while(op)
            elif isinstance(op, scf.ConditionOp) and any(is_tensor(v) for v in op.args):
                kept = [v for v in op.args if not is_tensor(v)] + self.rotating_conditions.get(op, [])
                op.parent_block().insert_op_before(scf.ConditionOp(op.condition, *kept), op)  # type: ignore[union-attr]
                _erase(op)
            elif isinstance(op, scf.YieldOp) and any(is_tensor(o) for o in op.operands):
                kept = [o for o in op.operands if not is_tensor(o)] + self.rotating_yields.get(op, []) + self.selected_yields.get(op, [])
                op.parent_block().insert_op_before(scf.YieldOp(*kept), op)  # type: ignore[union-attr]
                _erase(op)
            elif isinstance(op, func.ReturnOp) and op.parent_block() in self.new_terminators:
                _erase(op)
            elif op.parent_block() is not None and (
                any(is_tensor(o) for o in op.operands)
                or any(is_tensor(r) for r in op.results)
                or isinstance(op, tensor.DimOp | tensor.ExtractOp)
            ):
                _erase(op)
        self._signature()

    def _signature(self) -> None:
        entry = self.function.body.blocks[0]
        for arg in list(entry.args):
            if arg in self.buffers:
                entry.erase_arg(arg)
        if self.function.arg_attrs is not None:
            self.function.arg_attrs = ArrayAttr(
                [
                    DictionaryAttr({k: v for k, v in d.data.items() if not k.startswith("bufferization.")})
                    for d in self.function.arg_attrs.data
                ]
            )
        results = [
            memref_type(t) if isinstance(t, TensorType) else t
            for t in self.function.function_type.outputs.data
        ]
        self.function.function_type = FunctionType.from_lists(list(entry.arg_types), results)


def _static_box(op: Operation) -> list[tuple[int, int]] | None:
    """Per dimension, the first and last index a slice op touches; None if not static."""
    offsets = op.static_offsets.get_values()  # type: ignore[attr-defined]
    sizes = op.static_sizes.get_values()  # type: ignore[attr-defined]
    strides = op.static_strides.get_values()  # type: ignore[attr-defined]
    if DYNAMIC_INDEX in (*offsets, *sizes, *strides):
        return None
    return [(o, o + (n - 1) * st) for o, n, st in zip(offsets, sizes, strides)]


def _disjoint_insert(a: FunctionAnalysis, inner: Operation, insert: Operation) -> bool:
    """`inner` is an in-place tensor.insert_slice whose (static) region of the destination
    does not overlap the (static) region `insert` writes: it neither reads nor overwrites it."""
    if not isinstance(inner, tensor.InsertSliceOp) or not a.is_inplace(inner, 1):
        return False
    box, other = _static_box(inner), _static_box(insert)
    if box is None or other is None or len(box) != len(other):
        return False
    return any(hi < lo2 or hi2 < lo for (lo, hi), (lo2, hi2) in zip(box, other))


def _in_scalar_body(op: Operation) -> bool:
    """`op` is in the body of a tensor.generate / tensor.pad: it goes with that op (its memref
    form inlined a copy)."""
    parent = op.parent_op()
    while parent is not None:
        if parent.name in ("tensor.generate", "tensor.pad"):
            return True
        parent = parent.parent_op()
    return False


def _in_linalg_body(op: Operation) -> bool:
    """`op` is in the body of a linalg op: it goes with that op (the memref form has a clone of
    the body, its reads of outside tensors made loads)."""
    parent = op.parent_op()
    while parent is not None:
        if parent.name.startswith("linalg."):
            return True
        parent = parent.parent_op()
    return False


def _erase(op: Operation) -> None:
    op.detach()
    op.erase()


def rewrite_module(
    module: ModuleOp,
    analyses: dict[func.FuncOp, FunctionAnalysis],
    summaries: dict[str, FunctionSummary],
) -> None:
    globals_: list[Operation] = []
    rewriters = []
    callees = {op.callee.string_value() for op in module.walk() if isinstance(op, func.CallOp)}
    for function, analysis in analyses.items():
        rewriter = FunctionRewriter(module, function, analysis, summaries, globals_)
        rewriter.called_from_outside_only = (
            is_entry_point(function) and function.sym_name.data not in callees
        )
        rewriter.run()
        rewriters.append(rewriter)
    for rewriter in rewriters:
        rewriter.cleanup()
    for op in module.walk():
        if isinstance(op, func.FuncOp) and not op.body.blocks:
            ins = [memref_type(t) if isinstance(t, TensorType) else t for t in op.function_type.inputs.data]
            outs = [memref_type(t) if isinstance(t, TensorType) else t for t in op.function_type.outputs.data]
            op.function_type = FunctionType.from_lists(ins, outs)
    body = module.body.blocks[0]
    for glob in reversed(globals_):
        body.insert_op_before(glob, body.first_op) if body.first_op else body.add_op(glob)

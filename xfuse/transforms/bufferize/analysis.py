"""In-place analysis of one function: which tensor operands may reuse their value's buffer.

The model of every op is an `OperandModel` per tensor operand: does the op read the operand's
memory, write it, and which values (results, block arguments) share its buffer when the operand
bufferizes in place. Two relations are kept (aliasing.py): *aliases* (values that may share
memory, e.g. a slice and its source; a graph, since a branch op's result is one of its yields,
not all of them at once) and *equivalences* (values that are the same buffer, e.g. a destination
and the result of a linalg op writing it; a union-find).

Operands are decided one at a time, bottom-up (last op first, as upstream's default heuristic;
an `scf.for` body is decided from its terminator instead where that saves a copy, as upstream's
`bottom-up-from-terminators` heuristic: decision_order.py): an operand goes in place unless that
creates

- a read-after-write conflict: among the values that may share memory with the operand, an
  in-place write W into memory that the value R reads may share happens after the
  definition D of that value and before R (program order; or W after R in one
  iteration of a loop whose iterations do not redefine D). Reads of `tensor.empty` contents are
  not reads. A write and a read of one op conflict unless they are the same operand, an
  insert_slice / parallel_insert_slice whose source is the matching extract_slice of its
  destination, or an elementwise linalg op reading and writing the same indices; ops in the
  two branches of an `scf.if` / `scf.index_switch` never conflict;
- a write into memory that must not be written (memory the written value may share): an
  `arith.constant` tensor, or a function argument that is not writable (see call_graph.py).

Rotating loops (yields that are the buffers of other iter_args, in cycles, e.g. swapped) keep
memref iter_args that trade places: their inits alias the whole cycle (`_detect_rotation`), and
conflicts due only to that merge are dropped where both accesses see distinct buffers for sure
(`_rotation_apart`, using `base`: the alias sets without those merges); rotation.py. Program
order and nesting (which op comes first, which loops and branches enclose it): program_order.py.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable

from xdsl.dialects import arith, bufferization, func, scf, tensor
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue

from xfuse.diagnostics import emit_error
from xfuse.dialects.scf import ForallOp
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.transforms.bufferize.aliasing import AliasGraph, OrderedValues, UnionFind
from xfuse.transforms.bufferize.decision_order import AnalysisState, bottom_up, from_terminator, loop_cost
from xfuse.transforms.bufferize.models import (
    FunctionSummary,
    OperandModel,
    is_tensor,
    operand_model,
)
from xfuse.transforms.bufferize.models_linalg import dps_operands
from xfuse.transforms.bufferize.models_scf import BRANCHING_OPS
from xfuse.transforms.bufferize.program_order import ProgramOrder
from xfuse.transforms.bufferize.rotation import RotatingLoops

__all__ = ["FunctionAnalysis", "FunctionSummary", "OperandModel", "dps_operands", "is_tensor"]

# Ops that define tensors without tensor operands (their results get buffers of their own).
SOURCE_OPS = (
    "tensor.empty", "arith.constant", "scf.for", "scf.forall", "scf.if", "scf.while",
    "scf.execute_region", "scf.index_switch", "func.call", "tensor.from_elements",
    "tensor.splat", "tensor.generate", "bufferization.alloc_tensor", "bufferization.to_tensor",
)

INPLACE_ATTR = "__inplace_operands_attr__"


Use = tuple[Operation, int]  # (op, operand index)

VIEW_OPS = (tensor.ExtractSliceOp, tensor.CastOp, tensor.ExpandShapeOp, tensor.CollapseShapeOp,
            tensor.ReshapeOp)


def has_no_contents(op: Operation) -> bool:
    """The op's result is uninitialized memory: reading it needs nothing preserved."""
    if isinstance(op, tensor.EmptyOp):
        return True
    return isinstance(op, bufferization.AllocTensorOp) and op.copy is None


_ELEMENTWISE_NAMED = {
    "linalg.add", "linalg.sub", "linalg.mul", "linalg.div", "linalg.max", "linalg.min",
    "linalg.exp", "linalg.log", "linalg.abs", "linalg.negf", "linalg.sqrt", "linalg.copy",
}


class FunctionAnalysis(ProgramOrder, RotatingLoops):
    """The in-place decisions of one function body."""

    def __init__(
        self,
        function: func.FuncOp,
        summaries: dict[str, FunctionSummary],
        writable_args: set[int],
        allow_unknown_ops: bool,
    ):
        self.function = function
        self.summaries = summaries
        self.writable_args = writable_args
        self.allow_unknown_ops = allow_unknown_ops
        self.ops: list[Operation] = []
        self.pos: dict[Operation, int] = {}
        self.end: dict[Operation, int] = {}
        self.models: dict[Use, OperandModel] = {}
        self.inplace: dict[Use, bool] = {}
        self.unknown: list[Operation] = []
        self.values = OrderedValues()
        self.aliases = AliasGraph()
        self.equivalences = UnionFind()
        # Aliases at one point in time: as `aliases`, without the merges of rotating loops
        # (below), whose iter_arg buffers change places from one iteration to the next.
        self.base = AliasGraph()
        self.base_aliases: dict[Use, tuple[SSAValue, ...]] = {}
        # Rotating scf.for loops: position k -> the iter_arg position whose buffer yield k is,
        # for the positions in non-trivial cycles (e.g. swapped yields). They keep memref
        # iter_args (rewrite.py): the yield passes the buffers, no copy.
        self.rotations: dict[scf.ForOp, dict[int, int]] = {}
        # Loops whose body was decided from its terminator, which saved a copy
        # (decision_order.py).
        self.from_terminator_loops: list[scf.ForOp] = []
        self._number(function)
        self._collect()
        # Fixed during the analysis (ops do not move): what a write must not reach, and per op
        # its enclosing loops and branches (walking parent chains per checked pair was a third
        # of the time on networks).
        self._read_only_values = frozenset(v for v in self.values if self._read_only(v))
        self._loops: dict[Operation, list[Operation]] = {}
        self._branches: dict[Operation, dict[Operation, int]] = {}
        self._elementwise: dict[tuple[Operation, int, int], bool] = {}

    # -- program order: program_order.py ----------------------------------------------

    def _collect(self) -> None:
        for arg in self.function.body.blocks[0].args if self.function.body.blocks else []:
            if is_tensor(arg):
                self.values.append(arg)
        for op in self.ops:
            for region in op.regions:
                for block in region.blocks:
                    self.values.extend(a for a in block.args if is_tensor(a))
            self.values.extend(r for r in op.results if is_tensor(r))
            if op.name.startswith("linalg.") and dps_operands(op) is None and op.name != "linalg.yield":
                if any(is_tensor(o) for o in op.operands):
                    self._unknown(op)
                continue
            for i, operand in enumerate(op.operands):
                if not is_tensor(operand):
                    continue
                model = operand_model(op, i, self.summaries)
                if model is None:
                    self._unknown(op)
                    break
                self.models[(op, i)] = model
            else:
                if any(is_tensor(r) for r in op.results) and not any(
                    is_tensor(o) for o in op.operands
                ) and op.name not in SOURCE_OPS:
                    self._unknown(op)

    def _unknown(self, op: Operation) -> None:
        if not self.allow_unknown_ops:
            emit_error(op, f"xfuse-bufferize: cannot bufferize '{op.name}': no bufferization model")
        self.unknown.append(op)
        for i, operand in enumerate(op.operands):
            if is_tensor(operand):
                # Unknown ops are assumed to read and write their operands, out of place.
                self.models[(op, i)] = OperandModel(reads=True, writes=False)

    # -- facts about values ----------------------------------------------------------------
    def definition(self, value: SSAValue) -> tuple[Operation | Block, float]:
        """The op (or block, for block arguments) whose write `value`'s contents come from."""
        while True:
            if isinstance(value, BlockArgument):
                parent = value.block.parent_op()
                if parent is self.function or parent is None:
                    return value.block, -1.0
                return value.block, self.pos[parent] + 0.5
            assert isinstance(value, OpResult)
            op = value.op
            if isinstance(op, VIEW_OPS) and self.inplace.get((op, 0), False):
                value = op.operands[0]
                continue
            return op, self.end[op] + 0.5

    def slice_origin(self, value: SSAValue) -> SSAValue:
        """Follow in-place destination chains back to the value whose buffer `value` reuses."""
        while isinstance(value, OpResult):
            op = value.op
            split = dps_operands(op)
            if split is not None:
                out = split[1][value.index]
                if not self.inplace.get((op, len(split[0]) + value.index), False):
                    return value
                value = out
                continue
            if isinstance(op, tensor.InsertSliceOp | tensor.CastOp) and self.inplace.get(
                (op, 1 if isinstance(op, tensor.InsertSliceOp) else 0), False
            ):
                # An insert_slice result is the whole destination, not a slice: stop there.
                if isinstance(op, tensor.InsertSliceOp):
                    return value
                value = op.operands[0]
                continue
            return value
        return value

    def matches_insertion(self, insert: Operation) -> bool:
        """The source of an insert_slice / parallel_insert_slice already is the destination
        subset it writes (an in-place extract_slice of the same tensor, same offsets)."""
        return self._in_inserted_subset(insert, insert.operands[0])

    def _in_inserted_subset(self, insert: Operation, value: SSAValue) -> bool:
        """`value` is (through in-place destinations) an in-place extract_slice of `insert`'s
        destination at the very subset `insert` overwrites."""
        source = self.slice_origin(value)
        if not isinstance(source, OpResult) or not isinstance(source.op, tensor.ExtractSliceOp):
            return False
        extract = source.op
        if not self.inplace.get((extract, 0), False):
            return False
        dest = insert.operands[1]
        if self.equivalences.find(extract.source) is not self.equivalences.find(dest):
            return False
        return (
            list(extract.offsets) == list(insert.offsets)  # type: ignore[attr-defined]
            and list(extract.sizes) == list(insert.sizes)  # type: ignore[attr-defined]
            and list(extract.strides) == list(insert.strides)  # type: ignore[attr-defined]
            and extract.static_offsets == insert.static_offsets  # type: ignore[attr-defined]
            and extract.static_sizes == insert.static_sizes  # type: ignore[attr-defined]
            and extract.static_strides == insert.static_strides  # type: ignore[attr-defined]
        )

    def _elementwise_operands(self, op: Operation, read: int, write: int) -> bool:
        """A destination-style op reading operand `read` and writing operand `write` at the
        same indices (cached: the ops do not change during the analysis)."""
        key = (op, read, write)
        found = self._elementwise.get(key)
        if found is None:
            found = dps_operands(op) is not None and self._elementwise_pair(op, read, write)
            self._elementwise[key] = found
        return found

    def _elementwise_pair(self, op: Operation, read: int, write: int) -> bool:
        if op.name not in _ELEMENTWISE_NAMED and op.name != "linalg.generic":
            return False
        if op.name == "linalg.generic":
            iterators = [str(getattr(it, "data", it)) for it in op.iterator_types]  # type: ignore[attr-defined]
            if any("parallel" not in it for it in iterators):
                return False
            maps = op.indexing_maps.data  # type: ignore[attr-defined]
            return maps[read] == maps[write]
        return True

    # -- conflicts ---------------------------------------------------------------------------
    def _reads_and_writes(
        self, members: list[SSAValue], tentative: Use
    ) -> tuple[list[tuple[Use, SSAValue]], list[Use]]:
        reads: list[tuple[Use, SSAValue]] = []
        writes: list[Use] = []
        for value in members:
            for use in value.uses:
                key = (use.operation, use.index)
                model = self.models.get(key)
                if model is None:
                    continue
                if model.reads:
                    reads.append((key, value))
                if model.writes and (
                    key == tentative or self.inplace.get(key, False) or model.must_inplace
                ):
                    writes.append(key)
        return reads, writes

    def _conflict(
        self, read: Use, value: SSAValue, write: Use,
        defined: tuple[Operation | Block, float] | None = None,
    ) -> bool:
        """`defined`: `self.definition(value)`, when the caller has it for many writes."""
        r_op, w_op = read[0], write[0]
        definition, def_pos = defined if defined is not None else self.definition(value)
        if isinstance(definition, Operation) and has_no_contents(definition):
            return False  # reading uninitialized contents: nothing to preserve
        if self.rotations and self._rotation_apart(read, value, write):
            return False
        if r_op is w_op:
            if read == write:
                return False
            if isinstance(r_op, tensor.InsertSliceOp | ParallelInsertSliceOp):
                return not self.matches_insertion(r_op)
            return not self._elementwise_operands(r_op, read[1], write[1])
        if definition is w_op:
            return False  # the read sees exactly what this write produced
        if isinstance(r_op, tensor.InsertSliceOp) and read[1] == 1 and self._in_inserted_subset(
            r_op, w_op.operands[write[1]]
        ):
            return False  # the write is into the subset the insertion overwrites anyway
        if self._exclusive(r_op, w_op):
            return False
        p_r, p_w = self.pos[r_op], self.pos[w_op]
        if def_pos < p_w < p_r:
            return True
        if p_w > p_r:
            # Write after the read in the body of a common loop: the next iteration reads
            # again, unless each iteration redefines the value first.
            common = [loop for loop in self._loops_of(r_op) if loop in self._loops_of(w_op)]
            if common and not self._inside(definition, common[0]):
                return True
        return False

    def _read_only(self, value: SSAValue) -> bool:
        """Memory that must not be written: a function argument that is not writable, an
        `arith.constant`, a `bufferization.to_tensor` of a memref not declared writable."""
        if isinstance(value, BlockArgument):
            return value.block.parent_op() is self.function and value.index not in self.writable_args
        if isinstance(value, OpResult) and isinstance(value.op, arith.ConstantOp):
            return True
        return isinstance(value, OpResult) and isinstance(value.op, bufferization.ToTensorOp) \
            and value.op.writable is None

    def would_conflict(self, use: Use) -> bool:
        op, index = use
        model = self.models[use]
        value = op.operands[index]
        # The decision's edges go into the graphs for the trial and are rolled back after it.
        self.aliases.checkpoint()
        self.base.checkpoint()
        saved, self.inplace[use] = self.inplace.get(use), True
        try:
            for alias in model.aliases:
                self.aliases.union(value, alias, choice=alias if model.one_of else None)
            for alias in self.base_aliases.get(use, model.aliases):
                self.base.union(value, alias, choice=alias if model.one_of else None)
            return self._trial_conflicts(use, model, value)
        finally:
            self.aliases.rollback()
            self.base.rollback()
            if saved is None:
                del self.inplace[use]
            else:
                self.inplace[use] = saved

    def _trial_conflicts(self, use: Use, model: OperandModel, value: SSAValue) -> bool:
        """With `use` tentatively in place: a conflict (any pair; the checks are independent,
        so their order does not change the answer)."""
        trial = self.aliases
        if model.writes and self._second_destination(use, self.base):
            return True
        # Every access the decision can affect is on a value that may now share memory with
        # `value` (a new path runs through it); a read and a write conflict only when their
        # two values may share memory themselves (not transitive: aliasing.py).
        members = trial.members(value, self.values)
        reads, writes = self._reads_and_writes(members, use)
        for write in writes:
            if not trial.reach(write[0].operands[write[1]]).isdisjoint(self._read_only_values) \
                    or self._written_by_every_iteration(write):
                return True
        return self._any_read_write_conflict(reads, writes)

    def _any_read_write_conflict(self, reads: list[tuple[Use, SSAValue]], writes: list[Use]) -> bool:
        """Some pair of a read and a write on values that may share memory conflicts
        (`_conflict`). Only the writes that `_conflict` can find conflicting are tried: those
        of the read's own op, those between the read value's definition and the read, and,
        when the read is in a loop, those after it up to the end of its outermost loop. With
        the writes sorted by position that is a window per read, not every write: the alias
        sets of a network's in-place chains grow with the network."""
        order = sorted(range(len(writes)), key=lambda i: self.pos[writes[i][0]])
        positions = [self.pos[writes[i][0]] for i in order]
        of_op: dict[Operation, list[int]] = {}
        for i, (w_op, _) in enumerate(writes):
            of_op.setdefault(w_op, []).append(i)
        written_values = [w[0].operands[w[1]] for w in writes]
        for r, v in reads:
            defined = self.definition(v)
            if isinstance(defined[0], Operation) and has_no_contents(defined[0]):
                continue  # reading uninitialized contents never conflicts
            r_op = r[0]
            p_r = self.pos[r_op]
            candidates = list(of_op.get(r_op, ()))
            candidates.extend(order[bisect_right(positions, defined[1]):bisect_left(positions, p_r)])
            loops = self._loops_of(r_op)
            if loops:
                candidates.extend(
                    order[bisect_right(positions, p_r):bisect_right(positions, self.end[loops[-1]])]
                )
            shared = self.aliases.reach(v)
            for i in candidates:
                if written_values[i] in shared and self._conflict(r, v, writes[i], defined):
                    return True
        return False

    def _written_by_every_iteration(self, write: Use) -> bool:
        """`write` is inside an scf.forall and writes memory that exists before the loop (its
        buffer's origin, `_memory_origin`, is defined before it; a shared_out's block argument is
        the loop's own): the iterations, which may run in parallel, would all write that one
        buffer. Upstream's rule for writes in a parallel region to a buffer defined outside it."""
        foralls = [loop for loop in self._loops_of(write[0]) if isinstance(loop, ForallOp)]
        if not foralls:
            return False
        origin = self._memory_origin(write[0].operands[write[1]])
        if isinstance(origin, BlockArgument):
            owner = origin.block.parent_op()
            position = -1 if owner is self.function or owner is None else self.pos.get(owner)
        else:
            position = self.pos.get(origin.op)
        return position is not None and any(position < self.pos[forall] for forall in foralls)

    def _memory_origin(self, value: SSAValue) -> SSAValue:
        """The value whose memory `value` is part of: `buffer_root`, then through in-place views
        to their source and through an scf.for's iter_arg to its in-place init."""
        while True:
            value = self.buffer_root(value)
            if isinstance(value, OpResult) and isinstance(value.op, VIEW_OPS) and self.inplace.get((value.op, 0), False):
                value = value.op.operands[0]
                continue
            if isinstance(value, BlockArgument) and isinstance(owner := value.block.parent_op(), scf.ForOp) \
                    and value.index >= 1 and value.index - 1 not in self.rotations.get(owner, {}):
                index = len(owner.operands) - len(owner.iter_args) + value.index - 1
                if self.inplace.get((owner, index), False):
                    value = owner.operands[index]
                    continue
            return value

    def _second_destination(self, use: Use, trial: AliasGraph) -> bool:
        """Another operand of the same op already writes in place into memory that `use`'s
        value may share (e.g. two scf.forall shared_outs or scf.for iter_args initialised with
        one tensor after cse): both cannot be that one buffer, or one result overwrites the
        other."""
        op, index = use
        for j, other in enumerate(op.operands):
            if j == index or not is_tensor(other):
                continue
            model = self.models.get((op, j))
            if model is None or not model.writes:
                continue
            if (self.inplace.get((op, j), False) or model.must_inplace) and trial.may_alias(other, op.operands[index]):
                return True
        return False

    def run(self) -> None:
        for block in reversed(self.function.body.blocks):
            self._decide_block(block, bottom_up(block))
        self._loop_results_equivalence()

    def _decide_block(self, block: Block, order: list[Operation]) -> None:
        for op in order:
            if isinstance(op, scf.ForOp) and op not in self.unknown:
                self._decide_loop(op)
            else:
                self._decide_regions(op, from_the_terminator=False)
                self._decide_operands(op)

    def _decide_regions(self, op: Operation, from_the_terminator: bool) -> None:
        """The ops nested in `op`, last region first (with `bottom_up` blocks, the reverse of
        program order, as upstream's default heuristic)."""
        for region in reversed(op.regions):
            for block in reversed(region.blocks):
                order = from_terminator(block, self.models) if from_the_terminator else bottom_up(block)
                self._decide_block(block, order)

    def _decide_loop(self, loop: scf.ForOp) -> None:
        """The body bottom-up, then the loop; where that leaves a yield copied into its
        iteration argument, again with the body decided from its terminator, kept if it makes
        fewer copies and no more allocations (decision_order.py)."""
        start = AnalysisState.save(self)
        self._decide_regions(loop, from_the_terminator=False)
        self._decide_operands(loop)
        cost = loop_cost(self, loop)
        if not cost.yield_copies:
            return
        bottom_up_state = AnalysisState.save(self)
        start.restore(self)
        self._decide_regions(loop, from_the_terminator=True)
        self._decide_operands(loop)
        if loop_cost(self, loop).saves_copies_over(cost):
            self.from_terminator_loops.append(loop)
        else:
            bottom_up_state.restore(self)

    def _decide_operands(self, op: Operation) -> None:
        if isinstance(op, scf.ForOp) and op not in self.unknown:
            self._detect_rotation(op)  # its body is decided: the yields' buffers are known
        if op in self.unknown:
            for i, operand in enumerate(op.operands):
                if is_tensor(operand):
                    self.inplace[(op, i)] = False
            return
        for i, operand in enumerate(op.operands):
            if not is_tensor(operand):
                continue
            use = (op, i)
            model = self.models[use]
            if isinstance(op, scf.WhileOp):
                self.inplace[use] = False  # always copied into the before buffers (rewrite_scf.py)
                continue
            if not model.aliases and not model.must_inplace and not model.writes:
                self.inplace[use] = True  # nothing shares its buffer: a plain read
                continue
            if model.must_inplace or not self.would_conflict(use):
                self.inplace[use] = True
                for alias in model.aliases:
                    self.aliases.union(operand, alias, choice=alias if model.one_of else None)
                    if model.equivalent:
                        self.equivalences.union(operand, alias)
                for alias in self.base_aliases.get(use, model.aliases):
                    self.base.union(operand, alias, choice=alias if model.one_of else None)
            else:
                self.inplace[use] = False

    def _loop_results_equivalence(self) -> None:
        """A result of scf.if / execute_region / index_switch is equivalent to its branches'
        values only when they all are one buffer (yields only alias the result: unioning
        through it would make two different yielded buffers equivalent to each other)."""
        for op in self.ops:
            if isinstance(op, BRANCHING_OPS):
                for k, result in enumerate(op.results):
                    if not is_tensor(result):
                        continue
                    yielded = [r.blocks[0].last_op.operands[k] for r in op.regions if r.blocks]  # type: ignore[union-attr]
                    roots = {self.equivalences.find(y) for y in yielded}
                    if len(roots) == 1 and all(
                        self.inplace.get((r.blocks[0].last_op, k), True) for r in op.regions if r.blocks  # type: ignore[arg-type]
                    ):
                        self.equivalences.union(yielded[0], result)

    # -- results -----------------------------------------------------------------------------
    def is_inplace(self, op: Operation, index: int) -> bool:
        return self.inplace.get((op, index), True)

    def carriers(self, value: SSAValue) -> list[SSAValue]:
        """`value` and every value derived from it in place (a view, a destination's result, a
        loop's iter_arg and result, a branch op's result it is yielded as...): the values whose
        buffer may be `value`'s. Unlike `aliases`, not the memory it may itself be (e.g. not
        the values a branch op's result is one of)."""
        found, work = [value], [value]
        while work:
            for use in work.pop().uses:
                key = (use.operation, use.index)
                model = self.models.get(key)
                if model is None or not self.inplace.get(key, False):
                    continue
                for alias in model.aliases:
                    if alias not in found:
                        found.append(alias)
                        work.append(alias)
        return found

    def contents_read(self, value: SSAValue) -> bool:
        """Some op may read the contents `value` holds, directly or through a value derived
        from it in place (a view, a loop's iter_arg...). False when every use only takes its
        shape or overwrites it wholly (a destination the op does not read, e.g. linalg.fill's):
        then those contents need not be filled in at all."""
        seen, work = {value}, [value]
        while work:
            for use in work.pop().uses:
                key = (use.operation, use.index)
                model = self.models.get(key)
                if model is None or model.reads:
                    return True
                if not model.aliases or model.writes:
                    continue  # only the shape, or wholly overwritten (the aliases hold new contents)
                if not self.inplace.get(key, False):
                    return True  # an out-of-place view copies the contents
                for alias in model.aliases:
                    if alias not in seen:
                        seen.add(alias)
                        work.append(alias)
        return False

    def yield_equivalent(self, loop: Operation, k: int) -> bool:
        """Yielded value k of a loop is the same buffer as its iter_arg k (no copy needed)."""
        assert isinstance(loop, scf.ForOp)
        yielded = loop.body.block.last_op.operands[k]  # type: ignore[union-attr]
        iter_arg = loop.body.block.args[1 + k]
        return self.equivalences.find(yielded) is self.equivalences.find(iter_arg)

    def summary(self) -> FunctionSummary:
        summary = FunctionSummary()
        block = self.function.body.blocks[0]
        for arg in block.args:
            if not is_tensor(arg):
                continue
            members = self.aliases.members(arg, self.values)
            reads, writes = self._reads_and_writes(members, (self.function, -1))
            # As upstream, a partial overwrite (insert_slice into the argument) counts as a read:
            # the rest of the argument's contents is kept.
            summary.reads[arg.index] = any(
                self.definition(v)[0] is block and not isinstance(r[0], func.ReturnOp)
                for r, v in reads
            ) or any(
                isinstance(use.operation, tensor.InsertSliceOp) and use.index == 1
                for v in members
                if self.definition(v)[0] is block
                for use in v.uses
            )
            summary.writes[arg.index] = bool(writes)
        ret = block.last_op
        if isinstance(ret, func.ReturnOp):
            for k, operand in enumerate(ret.operands):
                if not is_tensor(operand):
                    continue
                for arg in block.args:
                    if is_tensor(arg) and self.equivalences.find(arg) is self.equivalences.find(operand):
                        summary.equivalent_results[k] = arg.index
                        break
        return summary

    def annotate(self) -> None:
        """Mark every op with upstream's `__inplace_operands_attr__` and every tensor argument
        with `bufferization.access`."""
        from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, StringAttr

        for op in self.ops:
            if not any(is_tensor(o) for o in op.operands):
                continue
            marks = [
                StringAttr(("true" if self.is_inplace(op, i) else "false") if is_tensor(o) else "none")
                for i, o in enumerate(op.operands)
            ]
            op.attributes[INPLACE_ATTR] = ArrayAttr(marks)
        summary = self.summary()
        block = self.function.body.blocks[0]
        ret = block.last_op
        if isinstance(ret, func.ReturnOp) and summary.equivalent_results:
            from xdsl.dialects.builtin import IntegerAttr, i64

            marks = ret.attributes.pop(INPLACE_ATTR, None)
            ret.attributes["__equivalent_func_args__"] = ArrayAttr(
                [IntegerAttr(summary.equivalent_results.get(k, -1), i64) for k in range(len(ret.operands))]
            )
            if marks is not None:
                ret.attributes[INPLACE_ATTR] = marks
        arg_attrs = list(self.function.arg_attrs.data) if self.function.arg_attrs else [
            DictionaryAttr({}) for _ in block.args
        ]
        for arg in block.args:
            if not is_tensor(arg):
                continue
            r, w = summary.reads.get(arg.index, False), summary.writes.get(arg.index, False)
            access = {(True, True): "read-write", (True, False): "read", (False, True): "write"}.get(
                (r, w), "none"
            )
            attrs = dict(arg_attrs[arg.index].data)
            attrs["bufferization.access"] = StringAttr(access)
            arg_attrs[arg.index] = DictionaryAttr(attrs)
        self.function.arg_attrs = ArrayAttr(arg_attrs)


def walk_functions(module: Operation) -> list[func.FuncOp]:
    return [op for op in module.walk() if isinstance(op, func.FuncOp)]


AnalysisFactory = Callable[[func.FuncOp], FunctionAnalysis]

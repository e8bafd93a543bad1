"""`xfuse-diffusion`: iterative producer + consumer fusion around tiled contractions.

The "fusion by diffusion" RFC (seed 000), shaped by its review: an iterative producer+consumer
fusion whose *policy* is the caller's (a cost model callback, `diffusion_cost.py`) and which
performs no fusion the fusion functions cannot prove legal.

- **Seeds** (`SeedSelection`, the pass option `seeds`), in IR (topological) order:
  `contractions` (default): the contractions inside a loop nest (structured ops with a reduction
  loop and at least two inputs, e.g. matmul, mmt4d); `marked`: the ops carrying the marker
  attribute (`seed-marker`, default `xfuse.diffusion_seed`); `all-in-loops`: every op with a
  tiling model inside a loop nest (for nests holding no contraction); or the caller's list.
  Each seed gets a remark saying why it is one.
  Each seed's diffusion runs to exhaustion before the next seed's, so an op between two
  contractions goes to the first one (post-op fusion has priority).
- **Central ops** come from a deque (BFS) seeded with one seed; every tile fusion creates is
  pushed and becomes a central op later, so producers of consumers (broadcast -> add) and
  consumers of producers (through the loop results) are reached.
- **Pre-op fusion** (producers), per operand of the central op: the chain of
  `tensor.extract_slice` from inner to outer (`walk_slice_chain`, through loop-carried values) up
  to the producer; stop at block arguments, contractions, ops without a tiling model and ops
  already inside the nest (those are pushed as central ops instead). The candidates are the
  chain's slices inside a loop; the cost model picks one; `fuse_producer_of_slice` fuses or
  refuses (reduction loop carried through a destination, pack inner tile cut, ...); on refusal
  the cost model is asked again without that candidate.
- **Post-op fusion** (consumers), per result of the central op: the result's chain of
  `tensor.insert_slice` / `tensor.parallel_insert_slice` out to the loop nest's result (through
  `scf.for` results yielded unchanged); for each op using that result (in IR order) the
  candidates are the chain's levels; `fuse_consumer_of_slice` fuses or refuses (accumulation
  loop, reduction cut, disagreeing operand tiles, destination is the nest's result, ...).
- **Remarks**: every op considered gets a `DiffusionRemark`: where it was fused, or which
  candidate was refused and why (the refusal's message verbatim), or why it was not considered.

Not done: yielding the tile of a fused producer that has users outside the loop (MLIR's
`yieldReplacement`): such a producer is recomputed inside the loop and kept outside, and its
other users reach the loop nest, if at all, through their own operands (the RFC diamond: op4
is fused as a producer of op5, then op2, op1 and op3 as producers of producers).
"""

from __future__ import annotations

import json
import sys
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from xdsl.context import Context
from xdsl.dialects import func, scf, tensor
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint
from xdsl.traits import IsTerminator

from xfuse.diagnostics import XfuseError, emit_error, format_diagnostic, location_of
from xfuse.dialects.scf import ForallOp
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.interfaces.tiling import IteratorType, TilingRefused, tiling_model_for
from xfuse.interfaces.tiling_linalg import structured_view
from xfuse.transforms.diffusion_cost import (
    CostModel,
    FusionCandidate,
    SmallestSliceCostModel,
    TargetDescription,
    cost_model_by_name,
)
from xfuse.transforms.fuse_consumers import (
    ConsumerFusionRefused,
    fuse_consumer_of_slice,
    insert_slice_chain,
)
from xfuse.transforms.fuse_producers import (
    FusionRefused,
    candidate_refusal,
    fuse_producer_of_slice,
    walk_slice_chain,
)
from xfuse.transforms.loop_cleanup import cleanup_loops
from xfuse.transforms.tile import TileOptions, tile_and_replace

__all__ = [
    "DiffusionPass",
    "DiffusionRemark",
    "DiffusionResult",
    "SeedSelection",
    "diffuse",
    "enclosing_loops",
    "is_contraction",
    "tiled_contractions",
]

LoopOp = scf.ForOp | ForallOp
InsertOp = tensor.InsertSliceOp | ParallelInsertSliceOp


@dataclass(frozen=True)
class DiffusionRemark:
    """One thing diffusion did or did not do with `op` (the op considered, which may have been
    erased since). `text` is the formatted `file:line:col: remark: ...` line, made when the
    remark was recorded (the op still printable then)."""

    kind: Literal["seed", "fused", "refused", "skipped"]
    op_name: str
    message: str
    text: str
    location: str = "<unknown>"
    """`file:line:col` of the op considered."""

    def as_record(self) -> dict[str, str]:
        """The remark as plain data (a table row, a JSON object)."""
        return {"kind": self.kind, "op": self.op_name, "location": self.location, "message": self.message}


@dataclass
class DiffusionResult:
    """What `diffuse` did: the seeds, every tiled op it created (in creation order) and the
    remarks."""

    seeds: list[Operation] = field(default_factory=list)
    fused: list[tuple[Literal["producer", "consumer"], str, Operation]] = field(default_factory=list)
    """(kind, name of the original op, its tiled op), in fusion order."""
    remarks: list[DiffusionRemark] = field(default_factory=list)

    def remark(
        self, kind: Literal["seed", "fused", "refused", "skipped"], op: Operation, message: str
    ) -> None:
        text = format_diagnostic(f"diffusion: {message}", op, severity="remark")
        self.remarks.append(DiffusionRemark(kind, op.name, message, text, location_of(op)))


# -- seeds --------------------------------------------------------------------------------


def is_contraction(op: Operation) -> bool:
    """A structured op with a reduction loop and at least two inputs (matmul, mmt4d, batch
    matmul, convolutions, a generic contraction): where diffusion starts and stops."""
    view = structured_view(op)
    return (
        view is not None
        and view.num_inputs >= 2
        and IteratorType.REDUCTION in view.iterator_types
    )


def enclosing_loops(op: Operation) -> tuple[LoopOp, ...]:
    """The scf.for / scf.forall ops enclosing `op`, outermost first."""
    loops: list[LoopOp] = []
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, LoopOp):
            loops.append(parent)
        parent = parent.parent_op()
    return tuple(reversed(loops))


def tiled_contractions(root: Operation) -> list[Operation]:
    """The contractions inside a loop nest under `root`, in IR order."""
    return [op for op in root.walk() if is_contraction(op) and enclosing_loops(op)]


SEED_KINDS = ("contractions", "marked", "all-in-loops")
DEFAULT_SEED_MARKER = "xfuse.diffusion_seed"


@dataclass(frozen=True)
class SeedSelection:
    """Which ops diffusion starts from (the pass options `seeds` and `seed-marker`).

    `contractions`: the contractions inside a loop nest; `marked`: the ops carrying the
    discardable attribute `marker` (any value), inside a loop nest or not (root tiling tiles
    them); `all-in-loops`: every op with a tiling model inside a loop nest."""

    kind: Literal["contractions", "marked", "all-in-loops"] = "contractions"
    marker: str = DEFAULT_SEED_MARKER

    def __post_init__(self) -> None:
        if self.kind not in SEED_KINDS:
            raise ValueError(
                f"seeds must be one of {', '.join(SEED_KINDS)}, got '{self.kind}'"
            )

    def is_candidate(self, op: Operation) -> bool:
        """Whether `op` is a seed, or becomes one once tiled (by root tiling)."""
        if self.kind == "marked":
            return self.marker in op.attributes and tiling_model_for(op) is not None
        if self.kind == "contractions":
            return is_contraction(op)
        return _is_computation(op)

    def seeds(self, root: Operation) -> list[Operation]:
        """The seeds under `root`, in IR order."""
        return [op for op in root.walk() if self.is_candidate(op) and enclosing_loops(op)]

    def why(self, op: Operation) -> str:
        """Why `op` is a seed, for its remark."""
        if self.kind == "marked":
            return f"it carries the marker '{self.marker}' (seeds=marked)"
        if self.kind == "contractions":
            return "it is a contraction inside a loop nest (seeds=contractions)"
        return "it has a tiling model and is inside a loop nest (seeds=all-in-loops)"

    def none_found(self) -> str:
        """The warning when there is no seed."""
        if self.kind == "marked":
            return f"no op carries the marker '{self.marker}' (seeds=marked)"
        if self.kind == "contractions":
            return (
                "no contraction inside a loop nest to diffuse from; tile one first (xfuse-tile) "
                "or give root-tile-sizes=..., or choose other seeds (seeds=marked|all-in-loops)"
            )
        return "no op with a tiling model inside a loop nest (seeds=all-in-loops)"


def _is_computation(op: Operation) -> bool:
    """An op with a tiling model that computes something (not `tensor.empty`, no slice op)."""
    return not isinstance(op, tensor.EmptyOp) and tiling_model_for(op) is not None


# -- chains -------------------------------------------------------------------------------


def _slice_of_operand(value: SSAValue) -> tuple[tensor.ExtractSliceOp | None, SSAValue]:
    """The innermost `tensor.extract_slice` an operand is read through (the operand itself, or
    the init of the `scf.for` iter_arg it is: the K loop's accumulator is initialized by a slice
    of the outer loop's tensor), and the value where the walk stopped when there is none."""
    while True:
        if isinstance(value, OpResult) and isinstance(value.owner, tensor.ExtractSliceOp):
            return value.owner, value
        if isinstance(value, BlockArgument):
            loop = value.block.parent_op()
            if isinstance(loop, scf.ForOp) and value.index >= 1:
                value = loop.iter_args[value.index - 1]
                continue
        return None, value


def _innermost_insert_of(value: SSAValue) -> InsertOp | None:
    """The slice op writing `value` (a tile computed in a loop) into a loop result: its user
    that is an insert_slice / parallel_insert_slice writing a loop's output, following
    `scf.for` results yielded unchanged by the enclosing scf.for (a K loop that accumulates
    without an insert)."""
    while True:
        for use in value.uses:
            user = use.operation
            if isinstance(user, InsertOp) and use.index == 0:
                return user
        for use in value.uses:
            user = use.operation
            loop = user.parent_op()
            if isinstance(user, scf.YieldOp) and isinstance(loop, scf.ForOp):
                value = loop.results[use.index]
                break
        else:
            return None


def _loops_down_to(op: Operation, outermost: Operation) -> tuple[Operation, ...]:
    return tuple(loop for loop in enclosing_loops(op) if outermost.is_ancestor(loop))


# -- the driver ---------------------------------------------------------------------------


class _Diffusion:
    def __init__(self, root: Operation, cost_model: CostModel, result: DiffusionResult):
        self.root = root
        self.cost_model = cost_model
        self.result = result
        self.visited: set[int] = set()  # ids of central ops already processed
        self.keep_alive: list[Operation] = []  # keeps ids unique while in `visited`
        self.consumed: set[int] = set()  # ids of original ops fused as consumers (replaced)
        self.rewriter = PatternRewriter(InsertPoint.at_start(_first_block(root)))

    # -- BFS --

    def run_seed(self, seed: Operation) -> None:
        queue: deque[Operation] = deque([seed])
        while queue:
            central = queue.popleft()
            if id(central) in self.visited or central.parent is None:
                continue
            self.visited.add(id(central))
            self.keep_alive.append(central)
            for operand_index in range(len(central.operands)):
                queue.extend(self.pre_op(central, operand_index))
            for result_index in range(len(central.results)):
                queue.extend(self.post_op(central, result_index))

    # -- pre-op fusion --

    def pre_op(self, central: Operation, operand_index: int) -> list[Operation]:
        slice_op, stop = _slice_of_operand(central.operands[operand_index])
        chain = walk_slice_chain(slice_op) if slice_op is not None else None
        root = chain.root if chain is not None else stop
        if not isinstance(root, OpResult):
            return []  # a function argument: nothing to fuse
        producer = root.owner
        nest = enclosing_loops(central)
        what = f"producer of operand #{operand_index} of '{central.name}'"
        if nest and nest[0].is_ancestor(producer):
            if tiling_model_for(producer) is not None and id(producer) not in self.visited:
                self.result.remark(
                    "skipped", producer,
                    f"'{producer.name}' ({what}) is already inside the loop nest: "
                    "diffusing from it instead",
                )
                return [producer]
            return []
        if chain is None or slice_op is None:
            return []  # computed inside the loops by an op not tiled from this nest
        if isinstance(producer, tensor.EmptyOp):
            # Computes nothing: a destination stays as it is; a slice of it read as an input
            # is folded by producer fusion without being worth a remark.
            if not chain.through_destination:
                try:
                    fuse_producer_of_slice(self.rewriter, slice_op)
                except FusionRefused:
                    pass
            return []
        if is_contraction(producer):
            self.result.remark(
                "skipped", producer,
                f"'{producer.name}' ({what}) is a contraction: diffusion stops there",
            )
            return []
        if isinstance(producer, LoopOp):
            self.result.remark(
                "skipped", producer,
                f"'{producer.name}' ({what}) is another loop nest: diffusion stops there",
            )
            return []
        if tiling_model_for(producer) is None:
            self.result.remark(
                "skipped", producer,
                f"'{producer.name}' ({what}) has no tiling model: diffusion stops there",
            )
            return []
        candidates: list[FusionCandidate] = []
        for depth, link in enumerate(chain.slices):
            if candidate_refusal(link, walk_slice_chain(link)) is not None:
                continue  # a slice outside every loop: not a place to fuse
            candidates.append(
                FusionCandidate(
                    "producer", producer, central, link, depth,
                    _loops_down_to(link, nest[0]) if nest else enclosing_loops(link),
                    link.result.type,
                )
            )
        producer_name = producer.name  # the producer is erased when fully fused
        fused = self._choose_and_fuse(
            producer, what, candidates, nest,
            lambda c: self._fuse_producer(c),
        )
        if fused is None:
            return []
        candidate, tiled_ops = fused
        for tiled in tiled_ops:
            self.result.fused.append(("producer", producer_name, tiled))
        return [op for op in tiled_ops if tiling_model_for(op) is not None]

    def _fuse_producer(self, candidate: FusionCandidate) -> list[Operation]:
        assert isinstance(candidate.slice_op, tensor.ExtractSliceOp)
        fusion = fuse_producer_of_slice(self.rewriter, candidate.slice_op)
        return list(fusion.tiled_ops)

    # -- post-op fusion --

    def post_op(self, central: Operation, result_index: int) -> list[Operation]:
        pushed: list[Operation] = []
        attempted: set[int] = set()
        while True:
            # The loops are rebuilt by every consumer fusion: walk the chain again each time.
            insert = _innermost_insert_of(central.results[result_index])
            if insert is None:
                return pushed
            try:
                chain = insert_slice_chain(insert)
            except ConsumerFusionRefused as refusal:
                self.result.remark(
                    "skipped", central,
                    f"result #{result_index} of '{central.name}' is not written through a "
                    f"chain of slices: {refusal.reason}",
                )
                return pushed
            nest_root = chain.loops[-1]
            consumer = self._next_consumer(chain.result, nest_root, attempted)
            if consumer is None:
                return pushed
            attempted.add(id(consumer))
            self.keep_alive.append(consumer)
            what = f"consumer of result #{result_index} of '{central.name}'"
            if isinstance(consumer, LoopOp):
                self.result.remark(
                    "skipped", consumer,
                    f"'{consumer.name}' ({what}) is another loop nest reading it inside: "
                    "diffusion stops there",
                )
                continue
            if is_contraction(consumer):
                self.result.remark(
                    "skipped", consumer,
                    f"'{consumer.name}' ({what}) is a contraction: diffusion stops there",
                )
                continue
            if tiling_model_for(consumer) is None:
                self.result.remark(
                    "skipped", consumer,
                    f"'{consumer.name}' ({what}) has no tiling model: diffusion stops there",
                )
                continue
            candidates = [
                FusionCandidate(
                    "consumer", consumer, central, level.insert, depth,
                    tuple(reversed(chain.loops[depth:])), level.source.type,
                )
                for depth, level in enumerate(chain.levels)
                # An identity level (an scf.for yielding its inner loop's result) holds the whole
                # tensor, final only after the loop: never a place to fuse a consumer.
                if not level.is_identity
            ]
            consumer_name = consumer.name
            nest = enclosing_loops(central)
            fused = self._choose_and_fuse(
                consumer, what, candidates, nest,
                lambda c: [fuse_consumer_of_slice(c.slice_op, c.op).tiled_consumer],
            )
            if fused is not None:
                self.consumed.add(id(consumer))
                tiled = fused[1][0]
                self.result.fused.append(("consumer", consumer_name, tiled))
                pushed.append(tiled)

    def _next_consumer(
        self, value: SSAValue, nest_root: Operation, attempted: set[int]
    ) -> Operation | None:
        users: list[Operation] = []
        block = nest_root.parent_block()
        for use in value.uses:
            # A use nested in another op (a slice inside another loop nest) is that op's.
            user = use.operation
            while user.parent_block() is not block and user.parent_op() is not None:
                user = user.parent_op()
            if id(user) in attempted or user in users or nest_root.is_ancestor(user):
                continue
            if user.has_trait(IsTerminator) or isinstance(user, func.ReturnOp):
                continue  # the end of the graph, not an op to fuse
            users.append(user)
        in_block = [u for u in users if u.parent_block() is block]
        if in_block and block is not None:
            return min(in_block, key=block.get_operation_index)
        return users[0] if users else None

    # -- choosing --

    def _choose_and_fuse(
        self,
        op: Operation,
        what: str,
        candidates: list[FusionCandidate],
        nest: Sequence[Operation],
        fuse: Callable[[FusionCandidate], list[Operation]],
    ) -> tuple[FusionCandidate, list[Operation]] | None:
        """Ask the cost model, try its choice, and on refusal ask again without it."""
        total = len(candidates)
        remaining = list(candidates)
        # Remarks are formatted before fusing: a fused consumer is erased.
        header = f"'{op.name}' ({what})"
        while remaining:
            choice = self.cost_model(op, tuple(remaining), tuple(nest))
            if choice is None:
                break
            if choice not in remaining:
                raise XfuseError(
                    f"the cost model returned a candidate that was not offered for '{op.name}'",
                    op,
                )
            where = _describe_candidate(choice, total)
            pending_remark = format_diagnostic(
                f"diffusion: fused {header} {where}", op, severity="remark"
            )
            try:
                tiled = fuse(choice)
            except (FusionRefused, ConsumerFusionRefused, TilingRefused) as refusal:
                remaining.remove(choice)
                message = f"{header} not fused {where}: {refusal.message}"
                self.result.remark("refused", op, message)
                continue
            self.result.remarks.append(
                DiffusionRemark(
                    "fused", op.name, f"fused {header} {where}", pending_remark, location_of(op)
                )
            )
            return choice, tiled
        if not candidates:
            self.result.remark(
                "skipped", op, f"{header} not fused: no slice of the chain is inside a loop"
            )
        elif remaining:
            self.result.remark(
                "skipped", op,
                f"{header} not fused: the cost model chose none of the {len(remaining)} "
                f"remaining candidate(s) ({', '.join(c.describe() for c in remaining)})",
            )
        else:
            self.result.remark(
                "skipped", op, f"{header} not fused: all {total} candidate(s) were refused"
            )
        return None


def _describe_candidate(candidate: FusionCandidate, total: int) -> str:
    loop = candidate.loops[-1] if candidate.loops else None
    where = f"in '{loop.name}' at {location_of(loop)}" if loop is not None else "outside loops"
    return (
        f"at the '{candidate.slice_op.name}' at {location_of(candidate.slice_op)} "
        f"(tile {candidate.describe()}, {where}, candidate {candidate.depth + 1} of {total}, "
        "inner to outer)"
    )


def _first_block(op: Operation):
    for region in op.regions:
        if region.blocks:
            return region.blocks[0]
    parent = op.parent
    assert parent is not None, "diffuse needs an op with a region or inside a block"
    return parent


# -- the entry point ----------------------------------------------------------------------


def tile_root_contractions(
    root: Operation,
    tile_sizes: Sequence[int],
    loop: Literal["for", "forall"] = "forall",
    selection: SeedSelection | None = None,
) -> list[Operation]:
    """Tile every op of `root` that would be a seed (by default, a contraction) but is not
    inside a loop yet; returns the tiled ops (the new seeds). For `seeds=all-in-loops`, the
    contractions are tiled. Refusals of the tiling driver are raised (`TilingRefused`)."""
    selection = selection or SeedSelection()
    wanted = selection if selection.kind == "marked" else SeedSelection("contractions")
    seeds: list[Operation] = []
    for op in [op for op in root.walk() if wanted.is_candidate(op) and not enclosing_loops(op)]:
        tiled = tile_and_replace(op, TileOptions(tuple(tile_sizes), (), loop))
        seeds.extend(tiled.tiled_ops)
    return seeds


def diffuse(
    root: Operation,
    cost_model: CostModel | None = None,
    *,
    seeds: Sequence[Operation] | None = None,
    root_tile_sizes: Sequence[int] = (),
    root_loop: Literal["for", "forall"] = "forall",
    seed_selection: SeedSelection | None = None,
) -> DiffusionResult:
    """Fuse producers and consumers around the seeds under `root` (module doc).

    `cost_model`: any `CostModel` callable (default: `SmallestSliceCostModel`). `seeds`: the
    central ops to start from; else `seed_selection` chooses them (default: the tiled
    contractions), after tiling the untiled ones with `root_tile_sizes` when given. Returns the
    seeds, the fusions and the remarks; refusals never raise (they are remarks): the IR stays
    valid and equivalent."""
    model = cost_model if cost_model is not None else SmallestSliceCostModel()
    selection = seed_selection or SeedSelection()
    if root_tile_sizes:
        tile_root_contractions(root, root_tile_sizes, root_loop, selection)
    seed_list = list(seeds) if seeds is not None else selection.seeds(root)
    result = DiffusionResult(seeds=list(seed_list))
    diffusion = _Diffusion(root, model, result)
    for number, seed in enumerate(seed_list, 1):
        why = "given by the caller" if seeds is not None else selection.why(seed)
        if seed.parent is None:
            continue  # fused as a consumer of an earlier seed (its remark says so)
        if id(seed) in diffusion.visited:
            result.remark(
                "seed", seed,
                f"seed #{number} '{seed.name}' ({why}) was already reached from an earlier "
                "seed: not diffused again",
            )
            continue
        result.remark("seed", seed, f"seed #{number} '{seed.name}': {why}")
        diffusion.run_seed(seed)
    if result.fused:
        # Fusion leaves the loops' old results (the matmul's, the add's) computed but unused;
        # drop them as MLIR's canonicalization would, or they keep whole tensors alive.
        cleanup_loops(root)
    return result


@dataclass(frozen=True)
class DiffusionPass(ModulePass):
    """Iterative producer + consumer fusion around the tiled contractions of the module.

    Options: `cost-model` (a registered cost model: `smallest`, `cache-fit`), `cache-sizes`
    (bytes per cache level, L1 first, for `cache-fit`), `remarks` (print a remark for every op
    considered: where it was fused, or each refusal), `remarks-file` (write them as a JSON list of
    `{kind, op, location, message}` records to this path, `-` for stdout), `root-tile-sizes` (tile the contractions
    not yet in a loop nest first, with `root-loop` = `forall` or `for`)."""

    name = "xfuse-diffusion"

    cost_model: str = "smallest"
    cache_sizes: tuple[int, ...] = ()
    remarks: bool = False
    remarks_file: str = ""
    root_tile_sizes: tuple[int, ...] = ()
    root_loop: Literal["for", "forall"] = "forall"
    seeds: Literal["contractions", "marked", "all-in-loops"] = "contractions"
    seed_marker: str = DEFAULT_SEED_MARKER

    def __post_init__(self) -> None:
        # Checked when the pipeline is parsed (`Literal` options are checked by xDSL's spec
        # parser; the cost model by name here), so a bad value is a pipeline error.
        target = TargetDescription(tuple(self.cache_sizes)) if self.cache_sizes else None
        cost_model_by_name(self.cost_model, target)
        SeedSelection(self.seeds, self.seed_marker)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        target = TargetDescription(tuple(self.cache_sizes)) if self.cache_sizes else None
        try:
            model = cost_model_by_name(self.cost_model, target)
        except ValueError as error:
            emit_error(op, f"xfuse-diffusion: {error}")
        selection = SeedSelection(self.seeds, self.seed_marker)
        result = diffuse(
            op, model,
            root_tile_sizes=self.root_tile_sizes,
            root_loop=self.root_loop,
            seed_selection=selection,
        )
        if not result.seeds:
            # Like the other fusion sweeps, nothing to do is not an error (pipelines run the
            # pass on any module), but it is never silent: the user learns why.
            print(f"warning: xfuse-diffusion: {selection.none_found()}", file=sys.stderr)
        if self.remarks:
            for remark in result.remarks:
                print(remark.text, file=sys.stderr)
        if self.remarks_file:
            write_remarks_json(result.remarks, self.remarks_file, op)


def write_remarks_json(remarks: Sequence[DiffusionRemark], path: str, anchor: Operation) -> None:
    """Write the remarks as a JSON list of records (`-` for stdout), for tables and notebooks."""
    text = json.dumps([r.as_record() for r in remarks], indent=1) + "\n"
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(text)
    except OSError as error:
        emit_error(anchor, f"xfuse-diffusion: cannot write remarks-file '{path}': {error.strerror}")


"""`xfuse-tile`: tile an op into an `scf.for` nest or one `scf.forall` (MLIR's tileUsingSCF).

The driver builds loops and slices; what a tile of the op *is* comes only from its
`TilingInterface` model (`get_iteration_domain`, `get_loop_iterator_types`,
`get_tiled_implementation`, `get_result_tile_position`), so no op-specific logic lives here.
As in MLIR, the structure is split in three:

- `tile_using_scf(builder, op, options)`: the driver; `tile_using_for` / `tile_using_forall` are
  its two loop kinds with the options spelled as arguments. It builds the loops before `op`,
  and returns a `TiledLoops` (MLIR's SCFTilingResult): the loops, the tiled ops, the slices and
  inserts, and the values that replace `op`'s results. It leaves `op` in place and does not
  replace its uses (fusion drivers want to do that themselves); `tile_and_replace` does both.
- the model (xfuse/interfaces/tiling*.py): the tile of the op for given offsets and sizes.
- the policy (which ops, which sizes): `tile_marked_ops` and the pass, from the
  `xfuse.tile_sizes` attribute and the pass options.

Loops (as MLIR's tileUsingSCF):
- Loop `i` with tile size `ts != 0` runs over its domain `[offset, offset + size)` with step `ts`;
  a tile size of 0 leaves the loop untiled (its tile is the whole domain). Missing tile sizes
  (fewer than loops) are 0.
- `interchange[k]` is the loop of the op that becomes the k-th loop of the nest (outermost
  first); a shorter interchange is completed with the identity.
- The tile size of a loop is `ts` when it provably divides the (static) domain, else
  `affine.min(ts, upper_bound - iv)`, so the last tile is partial.
- A tile size may be an SSA index value defined above the op (a dynamic step; its tiles are
  always bounded by `affine.min`). `num_threads` (forall only) replaces the tile sizes: the
  forall runs over thread ids with tile size `ceildiv(extent, threads)` and MLIR's empty-tile
  guard (`transforms/tile_sizes.py`).
- Dynamic extents come from the iteration domain (`tensor.dim`), materialized before the loops.
- The tiled op is computed on a clone of `op` whose destination operands are the loop-carried
  tensors (`iter_args` of the `scf.for` nest, `shared_outs` of the `scf.forall`): its output
  slices are extracted by the model's own slicing from those, so a tiled reduction loop (only
  with `scf.for`) accumulates into the partial result of the previous iterations.
- `scf.for`: each level yields what the level below produced; the innermost inserts each tiled
  result with `tensor.insert_slice` at `get_result_tile_position`. `scf.forall`: the terminator
  `scf.forall.in_parallel` holds one `tensor.parallel_insert_slice` per result.

Refusals (an `XfuseError` on the op, raised before any loop is built): no tiling model; more
tile sizes than loops; a negative tile size; an SSA tile size that is not an index
value defined above the op; an interchange that is not a permutation of the
loops; memref operands or results; an op that is not in destination-passing style; a tiled
reduction loop with `scf.forall` (parallel tiles would race on the accumulator); a forall
`mapping` whose length is not the number of tiled loops.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    IntegerType,
    MemRefType,
    ModuleOp,
    TensorType,
    UnknownLoc,
)
from xdsl.dialects.utils import split_dynamic_index_list
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.irdl import IRDLOperation, OperandDef
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import emit_error
from xfuse.dialects.scf import ForallOp
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.interfaces.tiling import (
    IteratorType,
    OpFoldResult,
    Range,
    TilingInterface,
    TilingRefused,
    TilingResult,
    constant_value,
    fold_constants,
    materialize_index,
    require_tiling_model,
)
from xfuse.interfaces.tiling_utils import insert_slice
from xfuse.transforms.tile_sizes import (
    bounded_tile_size,
    check_dynamic_sizes,
    is_zero,
    thread_tile,
    thread_tile_sizes,
    upper_bound,
)

__all__ = [
    "TILE_SIZES_ATTR",
    "LoopType",
    "TileOptions",
    "TiledLoops",
    "TilePass",
    "destination_operand_indices",
    "tile_and_replace",
    "tile_marked_ops",
    "tile_using_for",
    "tile_using_forall",
    "tile_using_scf",
]

TILE_SIZES_ATTR = "xfuse.tile_sizes"
"""The discardable attribute marking an op for `xfuse-tile`: `array<i64: ...>`."""

LoopType = Literal["for", "forall"]


@dataclass(frozen=True)
class TileOptions:
    """How to tile (MLIR's SCFTilingOptions): the caller's policy, never the driver's."""

    tile_sizes: Sequence[OpFoldResult]
    """One per loop of the iteration domain; 0 = untiled; missing trailing sizes are 0. An
    SSA index value (a dynamic tile size) must be defined above the op (see tile_sizes.py)."""
    interchange: Sequence[int] = ()
    """`interchange[k]` = the op's loop placed k-th in the nest (outermost first)."""
    loop: LoopType = "for"
    mapping: ArrayAttr[Attribute] | None = None
    """The `mapping` of the `scf.forall` (one entry per tiled loop); forall only."""
    num_threads: Sequence[OpFoldResult] = ()
    """forall only, instead of `tile_sizes` (which must then be empty): the number of threads
    of each loop (0 = untiled); the forall runs over thread ids (see tile_sizes.py)."""


@dataclass(frozen=True)
class TiledLoops:
    """What `tile_using_scf` built (MLIR's SCFTilingResult).

    - `loops`: outermost first: the `scf.for` nest, or the one `scf.forall`; empty when every
      tile size is 0 (nothing was built: `tiled_ops` is `(op,)`, `replacements` its results).
    - `tiled_ops`, `tiled_values`, `generated_slices`: the model's `TilingResult` in the
      innermost body.
    - `tile_offsets`, `tile_sizes`: the iteration tile, one per loop of the op (values valid in
      the innermost body), for fusion drivers that tile neighbours on the same tile.
    - `inserts`: the `tensor.insert_slice` (for) / `tensor.parallel_insert_slice` (forall) of
      each result.
    - `destinations`: the op's destination operands, the loops' initial values.
    - `replacements`: the values replacing `op`'s results (the outermost loop's results).
    """

    loops: tuple[Operation, ...]
    tiled_ops: tuple[Operation, ...]
    tiled_values: tuple[SSAValue, ...]
    generated_slices: tuple[Operation, ...]
    tile_offsets: tuple[OpFoldResult, ...]
    tile_sizes: tuple[OpFoldResult, ...]
    inserts: tuple[Operation, ...]
    destinations: tuple[SSAValue, ...]
    replacements: tuple[SSAValue, ...]


# -- destination-passing style -------------------------------------------------------------


def destination_operand_indices(op: Operation) -> list[int]:
    """The operand tied to each result (MLIR's DestinationStyleOpInterface::getDpsInits).

    xDSL has no such interface. Structured linalg ops: the outputs of their structured view
    (the last operands, result r tied to output r). Other single-result ops: the operand their
    IRDL definition names `dest` (linalg.pack / linalg.unpack) or `output` (linalg.softmax),
    when its position is fixed.
    Any other op is refused.
    """
    from xfuse.interfaces.tiling_linalg import structured_view

    view = structured_view(op)
    if view is not None and tuple(op.operands) == view.operands:
        indices = list(range(view.num_inputs, len(view.operands)))
        if len(indices) == len(op.results):
            return indices
    if isinstance(op, IRDLOperation) and len(op.results) == 1:
        for position, (name, definition) in enumerate(type(op).get_irdl_definition().operands):
            if type(definition) is not OperandDef:
                break  # a variadic operand before `dest`: its position is not fixed
            if name in ("dest", "output"):
                return [position]
    raise TilingRefused(
        op, "the op is not in destination-passing style (no operand is tied to each result)"
    )


# -- validation (before any IR is built) ---------------------------------------------------


def _validate(
    op: Operation, model: TilingInterface, options: TileOptions
) -> tuple[list[OpFoldResult], list[int], list[int]]:
    """(tile sizes, or thread counts with `num_threads`, per loop; interchanged order of all
    loops; destination operand indices). SSA constants are folded to ints."""
    for index, operand in enumerate(op.operands):
        if isinstance(operand.type, MemRefType):
            raise TilingRefused(
                op, f"only ops on tensors are tiled (operand #{index} is a memref)"
            )
    for index, result in enumerate(op.results):
        if not isinstance(result.type, TensorType):
            raise TilingRefused(op, f"only ops on tensors are tiled (result #{index} is not)")
    iterator_types = model.get_loop_iterator_types(op)
    num_loops = len(iterator_types)

    by_threads = bool(options.num_threads)
    if by_threads and options.tile_sizes:
        raise TilingRefused(op, "give either tile sizes or num_threads, not both")
    if by_threads and options.loop != "forall":
        raise TilingRefused(op, "num_threads is only meaningful with loop=forall")
    what = "thread count" if by_threads else "tile size"
    given = options.num_threads if by_threads else options.tile_sizes
    check_dynamic_sizes(op, given, what)
    tile_sizes = fold_constants(given)
    if len(tile_sizes) > num_loops:
        raise TilingRefused(
            op,
            f"{len(tile_sizes)} {what}s given for {num_loops} loops "
            f"(at most one {what} per loop)",
        )
    tile_sizes += [0] * (num_loops - len(tile_sizes))

    interchange = list(options.interchange)
    if len(interchange) > num_loops:
        raise TilingRefused(
            op, f"interchange {interchange} has more entries than the op's {num_loops} loops"
        )
    interchange += [loop for loop in range(num_loops) if loop not in interchange][
        : num_loops - len(interchange)
    ]
    if sorted(interchange) != list(range(num_loops)):
        raise TilingRefused(
            op,
            f"interchange {list(options.interchange)} is not a permutation of the loops "
            f"0..{num_loops - 1}",
        )

    if options.loop == "forall":
        for loop, (ts, kind) in enumerate(zip(tile_sizes, iterator_types, strict=True)):
            if not is_zero(ts) and kind == IteratorType.REDUCTION:
                raise TilingRefused(
                    op,
                    f"loop d{loop} is a reduction: tiling it with scf.forall would make "
                    "parallel tiles race on the accumulator (give it tile size 0, or use "
                    "loop=for)",
                )
        num_tiled = sum(1 for ts in tile_sizes if not is_zero(ts))
        if options.mapping is not None and len(options.mapping) != num_tiled:
            raise TilingRefused(
                op,
                f"the forall mapping has {len(options.mapping)} entries for {num_tiled} "
                "tiled loops",
            )
    elif options.mapping is not None:
        raise TilingRefused(op, "a mapping is only meaningful with loop=forall")
    elif options.loop != "for":
        raise TilingRefused(op, f"unknown loop type '{options.loop}' (expected for or forall)")

    destinations = destination_operand_indices(op)
    for index in destinations:
        if not isinstance(op.operands[index].type, TensorType):
            raise TilingRefused(op, f"destination operand #{index} is not a tensor")
    return tile_sizes, interchange, destinations


# -- index helpers ---------------------------------------------------------------------------


def _mixed(values: Sequence[OpFoldResult]) -> tuple[list[int], list[SSAValue]]:
    folded = fold_constants(values)
    static, dynamic = split_dynamic_index_list(folded, DYNAMIC_INDEX)
    return list(static), list(dynamic)



def _parallel_insert_slice(
    source: SSAValue, dest: SSAValue, offsets: Sequence[OpFoldResult], sizes: Sequence[OpFoldResult]
) -> ParallelInsertSliceOp:
    return ParallelInsertSliceOp(source, dest, fold_constants(offsets), fold_constants(sizes))


# -- the driver ------------------------------------------------------------------------------


def tile_using_scf(builder: Builder, op: Operation, options: TileOptions) -> TiledLoops:
    """Tile `op` into loops built at the builder's insertion point (which must be before `op`
    in its block, or `op` itself's position). See the module docstring. `op` is left in place
    with its uses; replace them with `replacements` (or use `tile_and_replace`)."""
    model = require_tiling_model(op)
    tile_sizes, interchange, destination_indices = _validate(op, model, options)
    destinations = tuple(op.operands[i] for i in destination_indices)
    tiled_loops = [loop for loop in interchange if not is_zero(tile_sizes[loop])]
    if not tiled_loops:
        return TiledLoops(
            (), (op,), tuple(op.results), (), (), (), (), destinations, tuple(op.results)
        )

    saved_insertion_point = builder.insertion_point
    domain = model.get_iteration_domain(builder, op)
    for loop, extent in enumerate(domain):
        if constant_value(extent.stride) != 1:
            raise TilingRefused(op, f"loop d{loop} has a non-unit stride")
    upper_bounds = {loop: upper_bound(builder, domain[loop]) for loop in tiled_loops}
    num_threads: Sequence[OpFoldResult] = ()
    if options.num_threads:
        num_threads, tile_sizes = tile_sizes, thread_tile_sizes(builder, domain, tile_sizes)

    built: list[Operation] = []  # the outermost loop, once inserted
    nest = _LoopNest(
        op, model, domain, upper_bounds, tile_sizes, tiled_loops, destination_indices, num_threads
    )
    try:
        if options.loop == "for":
            result = _build_for_nest(builder, nest, built)
        else:
            result = _build_forall(builder, nest, options.mapping, built)
    except TilingRefused as refusal:
        # Never leave a half-built loop nest behind; re-anchor the refusal at the user's op
        # (the model saw a clone without location).
        for loop_op in built:
            loop_op.detach()
            loop_op.erase(safe_erase=False)
        raise TilingRefused(op, refusal.reason) from None
    finally:
        builder.insertion_point = saved_insertion_point
    _inherit_location(built, op)
    return result


def _inherit_location(roots: Sequence[Operation], op: Operation) -> None:
    """Give the IR built for `op` (loops, slices, index math, the tiled op) `op`'s source
    location, so later diagnostics about it point at the line the user wrote."""
    for root in roots:
        for built_op in root.walk():
            if isinstance(built_op.location, UnknownLoc):
                built_op.location = op.location


@dataclass(frozen=True)
class _LoopNest:
    """What the loop builders (`scf.for` nest, `scf.forall`) share: the op, its model and
    domain, and the loops to tile (`tiled_loops`, outermost first) with their tile sizes and
    upper bounds."""

    op: Operation
    model: TilingInterface
    domain: Sequence[Range]
    upper_bounds: dict[int, OpFoldResult]
    tile_sizes: Sequence[OpFoldResult]
    tiled_loops: Sequence[int]
    destination_indices: Sequence[int]
    num_threads: Sequence[OpFoldResult] = ()
    """With `num_threads` tiling (forall only): the thread count of each loop."""

    @property
    def destinations(self) -> list[SSAValue]:
        return [self.op.operands[i] for i in self.destination_indices]

    def whole_domain(self) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        """(offsets, sizes) of the whole iteration domain, for the builders to narrow."""
        return [r.offset for r in self.domain], [r.size for r in self.domain]

    def tile(self, builder: Builder, loop: int, iv: SSAValue) -> tuple[OpFoldResult, OpFoldResult]:
        """(offset, size) of the tile of `loop` at induction variable `iv`: the tile starting
        at `iv` (`bounded_tile_size`), or thread `iv`'s tile with `num_threads`."""
        if self.num_threads:
            return thread_tile(
                builder, iv, self.tile_sizes[loop], self.num_threads[loop],
                self.domain[loop], self.upper_bounds[loop],
            )
        size = bounded_tile_size(
            builder, iv, self.tile_sizes[loop], self.domain[loop], self.upper_bounds[loop]
        )
        return iv, size

    def tile_in_body(
        self,
        builder: Builder,
        loop_destinations: Sequence[SSAValue],
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> tuple[TilingResult, list[tuple[list[OpFoldResult], list[OpFoldResult]]]]:
        """The tiled implementation at the builder, computed on a clone of the op whose
        destinations are the loop-carried tensors; returns (tiling result, result positions).

        The clone is never inserted (models read its operands, types and properties only), so a
        `PatternRewriter` passed as the builder is never told about an op that is then erased."""
        clone = self.op.clone()
        for index, value in zip(self.destination_indices, loop_destinations, strict=True):
            clone.operands[index] = value
        try:
            tiling = self.model.get_tiled_implementation(builder, clone, offsets, sizes)
            positions = [
                self.model.get_result_tile_position(builder, clone, r, offsets, sizes)
                for r in range(len(self.op.results))
            ]
        finally:
            clone.erase(safe_erase=False)
        return tiling, positions

    def result(
        self,
        loops: Sequence[Operation],
        tiling: TilingResult,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
        inserts: Sequence[Operation],
        replacements: Sequence[SSAValue],
    ) -> TiledLoops:
        return TiledLoops(
            tuple(loops),
            tiling.tiled_ops,
            tiling.tiled_values,
            tiling.generated_slices,
            tuple(offsets),
            tuple(sizes),
            tuple(inserts),
            tuple(self.destinations),
            tuple(replacements),
        )


def _build_for_nest(builder: Builder, nest: _LoopNest, built: list[Operation]) -> TiledLoops:
    constants: dict[int, SSAValue] = {}

    def index(value: OpFoldResult) -> SSAValue:
        # One arith.constant per distinct static bound, as CSE would leave it.
        constant = constant_value(value)
        if constant is None:
            assert isinstance(value, SSAValue)
            return value
        if constant not in constants:
            constants[constant] = materialize_index(builder, constant)
        return constants[constant]

    bounds = {
        loop: (
            index(nest.domain[loop].offset),
            index(nest.upper_bounds[loop]),
            index(nest.tile_sizes[loop]),
        )
        for loop in nest.tiled_loops
    }
    loops: list[scf.ForOp] = []
    carried: list[SSAValue] = nest.destinations
    offsets, sizes = nest.whole_domain()
    for loop in nest.tiled_loops:
        lower, upper, step = bounds[loop]
        body = Block(arg_types=[IndexType()] + [v.type for v in carried])
        for_op = scf.ForOp(lower, upper, step, carried, body)
        builder.insert(for_op)
        if not built:
            built.append(for_op)
        loops.append(for_op)
        builder.insertion_point = InsertPoint.at_end(body)
        iv = body.args[0]
        iv.name_hint = _iv_name(loop)
        carried = list(body.args[1:])
        offsets[loop], sizes[loop] = nest.tile(builder, loop, iv)

    tiling, positions = nest.tile_in_body(builder, carried, offsets, sizes)
    inserts: list[Operation] = []
    for value, dest, (result_offsets, result_sizes) in zip(
        tiling.tiled_values, carried, positions, strict=True
    ):
        inserts.append(builder.insert(insert_slice(value, dest, result_offsets, result_sizes)))
    builder.insert(scf.YieldOp(*[i.results[0] for i in inserts]))
    for outer, inner in zip(loops, loops[1:]):
        outer.body.block.add_op(scf.YieldOp(*inner.results))
    return nest.result(loops, tiling, offsets, sizes, inserts, loops[0].results)


def _build_forall(
    builder: Builder,
    nest: _LoopNest,
    mapping: ArrayAttr[Attribute] | None,
    built: list[Operation],
) -> TiledLoops:
    if nest.num_threads:  # over thread ids
        forall = ForallOp.from_bounds(
            [nest.num_threads[loop] for loop in nest.tiled_loops], nest.destinations,
            mapping=mapping,
        )
    else:
        forall = ForallOp.from_bounds(
            [_folded(nest.upper_bounds[loop]) for loop in nest.tiled_loops],
            nest.destinations,
            lower_bounds=[_folded(nest.domain[loop].offset) for loop in nest.tiled_loops],
            steps=[nest.tile_sizes[loop] for loop in nest.tiled_loops],
            mapping=mapping,
        )
    builder.insert(forall)
    built.append(forall)
    builder.insertion_point = InsertPoint.before(forall.terminator)
    offsets, sizes = nest.whole_domain()
    for loop, iv in zip(nest.tiled_loops, forall.induction_vars, strict=True):
        iv.name_hint = _thread_name(loop) if nest.num_threads else _iv_name(loop)
        offsets[loop], sizes[loop] = nest.tile(builder, loop, iv)
    shared_outs = list(forall.region_iter_args)
    tiling, positions = nest.tile_in_body(builder, shared_outs, offsets, sizes)
    inserts: list[Operation] = []
    for value, dest, (result_offsets, result_sizes) in zip(
        tiling.tiled_values, shared_outs, positions, strict=True
    ):
        insert = _parallel_insert_slice(value, dest, result_offsets, result_sizes)
        forall.terminator.body.add_op(insert)
        inserts.append(insert)
    return nest.result((forall,), tiling, offsets, sizes, inserts, forall.results)


def _iv_name(loop: int) -> str:
    """The name of the induction variable tiling loop d`loop` of the op (`%iv0` tiles d0), so
    the IR and the remarks about its tiles (`offset %iv0 size min(5, 13 - %iv0)`) read alike."""
    return f"iv{loop}"


def _thread_name(loop: int) -> str:
    """The thread id of loop d`loop` in a `num_threads` forall (its tile starts at
    `%thread0 * tile_size`, not at the induction variable)."""
    return f"thread{loop}"


def _folded(value: OpFoldResult) -> OpFoldResult:
    constant = constant_value(value)
    return constant if constant is not None else value


def tile_using_for(
    builder: Builder,
    op: Operation,
    tile_sizes: Sequence[OpFoldResult],
    interchange: Sequence[int] | None = None,
) -> TiledLoops:
    """Tile `op` into an `scf.for` nest (one loop per non-zero tile size, in `interchange`
    order), built before `op`. `op` is not replaced: see `TiledLoops.replacements`."""
    return tile_using_scf(builder, op, TileOptions(tile_sizes, interchange or (), "for"))


def tile_using_forall(
    builder: Builder,
    op: Operation,
    tile_sizes: Sequence[OpFoldResult],
    mapping: ArrayAttr[Attribute] | None = None,
    interchange: Sequence[int] | None = None,
) -> TiledLoops:
    """Tile `op` into one `scf.forall` over the loops with a non-zero tile size, built before
    `op`; reduction loops must have tile size 0. `op` is not replaced."""
    return tile_using_scf(
        builder, op, TileOptions(tile_sizes, interchange or (), "forall", mapping)
    )


def tile_and_replace(op: Operation, options: TileOptions) -> TiledLoops:
    """Tile `op` with loops built right before it, replace its uses and erase it (unless no
    loop was built, when every tile size is 0)."""
    builder = Builder(InsertPoint.before(op))
    result = tile_using_scf(builder, op, options)
    if result.loops:
        Rewriter.replace_op(op, [], list(result.replacements))
    return result


# -- the pass ---------------------------------------------------------------------------------


def _marked_tile_sizes(op: Operation, default: Sequence[int]) -> list[int]:
    attr = op.attributes[TILE_SIZES_ATTR]
    if not (isinstance(attr, DenseArrayBase) and isinstance(attr.elt_type, IntegerType)):
        emit_error(
            op,
            f"'{TILE_SIZES_ATTR}' must be a dense array of integers, e.g. "
            f"array<i64: 32, 32> (got {attr})",
        )
    sizes = [int(v) for v in attr.get_values()]
    if sizes:
        return sizes
    if not default:
        emit_error(
            op,
            f"'{TILE_SIZES_ATTR}' is empty and the pass has no tile-sizes option: "
            "nothing says how to tile this op",
        )
    return list(default)


def tile_marked_ops(
    module: ModuleOp,
    tile_sizes: Sequence[int] = (),
    interchange: Sequence[int] = (),
    loop: LoopType = "for",
) -> list[TiledLoops]:
    """Tile every op of `module` carrying `xfuse.tile_sizes` and replace it by its loops.

    The attribute (`array<i64: ...>`) gives the op's tile sizes; an empty array
    (`array<i64>`) takes `tile_sizes`. The attribute is removed. No marked op is an error
    (the user asked for tiling and nothing says what to tile).
    """
    marked = [op for op in module.walk() if TILE_SIZES_ATTR in op.attributes]
    if not marked:
        emit_error(
            module,
            f"xfuse-tile: no op carries the '{TILE_SIZES_ATTR}' attribute; mark the ops to tile, "
            f"e.g. {{{TILE_SIZES_ATTR} = array<i64: 32, 32>}} (or array<i64> to use the "
            "pass option tile-sizes)",
        )
    results: list[TiledLoops] = []
    for op in marked:
        sizes = _marked_tile_sizes(op, tile_sizes)
        result = tile_and_replace(op, TileOptions(sizes, interchange, loop))
        # The tiled op is a clone: unmark it (and `op`, still there when nothing was tiled),
        # so that running the pass again does not tile the tiles.
        for tiled_op in (*result.tiled_ops, op):
            tiled_op.attributes.pop(TILE_SIZES_ATTR, None)
        results.append(result)
    return results


@dataclass(frozen=True)
class TilePass(ModulePass):
    """Tile the ops marked with `xfuse.tile_sizes` into scf.for nests or scf.forall loops.

    Options: `tile-sizes` (default sizes for ops marked with an empty `array<i64>`),
    `interchange` (loop order of the nest), `loop` (`for` or `forall`).
    """

    name = "xfuse-tile"

    tile_sizes: tuple[int, ...] = field(default=())
    interchange: tuple[int, ...] = field(default=())
    loop: Literal["for", "forall"] = "for"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        tile_marked_ops(op, self.tile_sizes, self.interchange, self.loop)

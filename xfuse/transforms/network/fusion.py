"""`xfuse-network-fusion`: every root of a network tiled for itself, then diffused into.

For a whole network (torch-mlir's linalg on tensors), one pass does what `xfuse-tile` plus
`xfuse-diffusion` do for one hand-marked kernel:

1. every root (`roots.py`: convolutions, matmuls, batch matmuls, generic contractions) that is
   not inside a loop yet gets its tile sizes (`tile_choice.py`: the `xfuse.tile_sizes` mark, the
   option `tile-sizes`, or the choice from its shape, element type and the target), all chosen
   before any IR changes, so a bad override fails on an untouched module;
2. each is tiled into an `scf.forall` over its parallel loops (a root whose sizes are all 0 is
   left as it is and is no group);
3. `diffuse` starts from those tiled roots, in IR order (the seeds are given, not searched):
   bias broadcasts, batch norms, ReLUs, residual adds and pads are fused into the root's tile
   where the fusion functions prove it legal; every decision is a remark;
4. pooling: diffusion stops at pooling ops (a reduction over a window: it counts them as
   contractions), and a pooling op cannot be fused as a *consumer* of the group before it (its
   window reads rows of several tiles: the operand map `2 * oh + kh` gives no iteration tile).
   It can be fused as a *producer* of the group that reads it: the tile of the pooled tensor the
   next root reads is computed in that root's tile (windows overlapping two tiles are computed
   twice). `fuse_pooling_producers` does that, then diffuses from the pooling tiles (its
   `-inf` / zero fill joins too).

A *group* is one root's loop nest and what was fused into it. `fuse_network` returns them.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import tensor
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, OpResult
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from xfuse.backends.target import CpuTarget, host_target
from xfuse.diagnostics import format_diagnostic, location_of
from xfuse.passes import PassOptionError
from xfuse.transforms.diffusion import (
    DiffusionRemark,
    DiffusionResult,
    diffuse,
    enclosing_loops,
    write_remarks_json,
)
from xfuse.transforms.diffusion_cost import CostModel, cost_model_by_name
from xfuse.transforms.fuse_producers import FusionRefused, fuse_producer_of_slice
from xfuse.transforms.loop_cleanup import cleanup_loops
from xfuse.interfaces.tiling_linalg import structured_view
from xfuse.transforms.network.roots import loop_sizes, network_roots
from xfuse.transforms.network.tile_choice import TileChoice, TileOverrides, tile_for_root
from xfuse.transforms.tile import TILE_SIZES_ATTR, TileOptions, tile_and_replace

__all__ = ["NetworkFusionPass", "NetworkFusionResult", "NetworkGroup", "fuse_network"]


@dataclass
class NetworkGroup:
    """One root's loop nest: the root, its tile, and the ops fused into it, in fusion order."""

    root_name: str
    location: str
    tile: TileChoice
    loop: Operation | None
    """The root's `scf.forall` (None when the root was not tiled: all sizes 0)."""
    remark: str = ""
    """`file:line:col: remark: ...` saying the root's tile, made before tiling."""
    seeds: list[Operation] = field(default_factory=list)
    """The tiled root (diffusion's seed)."""
    fused: list[tuple[str, str]] = field(default_factory=list)
    """(kind, op name) of each fused op: `producer` or `consumer`."""

    def describe(self) -> str:
        fused = ", ".join(name for _, name in self.fused) or "nothing fused"
        return f"{self.root_name} at {self.location}: tile {self.tile.describe()}; {fused}"


@dataclass
class NetworkFusionResult:
    """What `fuse_network` did: the groups (in IR order), diffusion's result, and the time."""

    groups: list[NetworkGroup]
    diffusion: DiffusionResult
    seconds: dict[str, float]

    def remark_lines(self) -> list[str]:
        """One remark per root (its tile), then diffusion's remarks, then the summary."""
        return [g.remark for g in self.groups] + [r.text for r in self.diffusion.remarks] + [
            f"remark: network-fusion: {self.summary()}"
        ]

    def summary(self) -> str:
        """`N roots, M groups; fused: ...; T s`: the pass in one line."""
        counts: dict[str, int] = {}
        for group in self.groups:
            for _, name in group.fused:
                counts[name] = counts.get(name, 0) + 1
        fused = ", ".join(f"{n}x {name}" for name, n in counts.items()) or "nothing"
        built = sum(g.loop is not None for g in self.groups)
        seconds = sum(self.seconds.values())
        return f"{len(self.groups)} roots, {built} groups; fused {fused}; {seconds:.2f} s"


def _loops_to_build(op: Operation, sizes: tuple[int, ...]) -> tuple[int, ...]:
    """`sizes` with each size that covers its whole loop replaced by 0: a loop of one iteration
    adds nothing, and its induction variable in the offsets hides from the fusion functions that
    the tile starts at 0 (a consumer reducing along it would be refused as a cut reduction). One
    such loop is kept when nothing else is tiled, so the root still gets its loop nest."""
    view = structured_view(op)
    assert view is not None
    extents = loop_sizes(view)
    built = tuple(0 if s and s == extent else s for s, extent in zip(sizes, extents))
    if any(built):
        return built
    first = next(d for d, s in enumerate(sizes) if s)
    return tuple(s if d == first else 0 for d, s in enumerate(sizes))


def _is_pooling(op: Operation) -> bool:
    return op.name.startswith("linalg.pooling_")


def _fuse_pooling_producers(
    module: Operation, seeds: list[Operation], result: DiffusionResult
) -> list[Operation]:
    """Fuse each pooling op outside every loop into the nest of each root that reads it through a
    slice (module doc, step 4); returns the pooling tiles. Refusals are remarks."""
    rewriter = PatternRewriter(InsertPoint.at_start(module.regions[0].block))
    tiles: list[Operation] = []
    for seed in seeds:
        if seed.parent is None or not enclosing_loops(seed):
            continue
        nest = enclosing_loops(seed)[0]
        slices = [
            op for op in nest.walk()
            if isinstance(op, tensor.ExtractSliceOp) and isinstance(op.source, OpResult)
            and _is_pooling(op.source.owner) and not enclosing_loops(op.source.owner)
        ]
        for slice_op in slices:
            pooling = slice_op.source.owner
            what = f"'{pooling.name}' (producer of a slice read in the nest of '{seed.name}')"
            text = format_diagnostic(f"diffusion: fused {what}", pooling, severity="remark")
            name = pooling.name
            try:
                fusion = fuse_producer_of_slice(rewriter, slice_op)
            except FusionRefused as refusal:
                result.remark("refused", pooling, f"{what} not fused: {refusal.message}")
                continue
            result.remarks.append(DiffusionRemark("fused", name, f"fused {what}", text, location_of(pooling)))
            for tiled in fusion.tiled_ops:
                result.fused.append(("producer", name, tiled))
                tiles.append(tiled)
    if tiles:
        cleanup_loops(module)
    return tiles


def fuse_network(
    module: Operation,
    target: CpuTarget | None = None,
    overrides: TileOverrides | None = None,
    cost_model: CostModel | None = None,
    budget_bytes: int | None = None,
    min_tiles: int = 1,
) -> NetworkFusionResult:
    """Tile every root of `module` with its own sizes, then diffuse from the tiled roots."""
    target = target or host_target()
    start = time.perf_counter()
    roots = [op for op in network_roots(module) if not enclosing_loops(op)]
    choices = [tile_for_root(op, target, overrides, budget_bytes, min_tiles) for op in roots]
    groups: list[NetworkGroup] = []
    seeds: list[Operation] = []
    for op, choice in zip(roots, choices):
        remark = format_diagnostic(
            f"network-fusion: root '{op.name}': tile {choice.describe()}", op, severity="remark"
        )
        group = NetworkGroup(op.name, location_of(op), choice, None, remark)
        groups.append(group)
        if not any(choice.sizes):
            continue
        tiled = tile_and_replace(op, TileOptions(_loops_to_build(op, choice.sizes), (), "forall"))
        for tiled_op in tiled.tiled_ops:
            tiled_op.attributes.pop(TILE_SIZES_ATTR, None)
        group.loop = tiled.loops[0]
        group.seeds = list(tiled.tiled_ops)
        seeds.extend(tiled.tiled_ops)
    tiled_at = time.perf_counter()
    result = diffuse(module, cost_model, seeds=seeds) if seeds else DiffusionResult()
    pooling_tiles = _fuse_pooling_producers(module, seeds, result)
    if pooling_tiles:
        more = diffuse(module, cost_model, seeds=pooling_tiles)
        result.fused.extend(more.fused)
        result.remarks.extend(more.remarks)
    done = time.perf_counter()
    for group in groups:  # consumer fusion rebuilds the loops: find each root's again
        if group.seeds and group.seeds[0].parent is not None:
            group.loop = enclosing_loops(group.seeds[0])[0]
    by_loop = {id(g.loop): g for g in groups if g.loop is not None}
    for kind, name, tiled_op in result.fused:
        loops = enclosing_loops(tiled_op)
        group = by_loop.get(id(loops[0])) if loops else None
        if group is not None:
            group.fused.append((kind, name))
    return NetworkFusionResult(
        groups, result, {"tiling": tiled_at - start, "diffusion": done - tiled_at}
    )


@dataclass(frozen=True)
class NetworkFusionPass(ModulePass):
    """Tile every convolution / matmul / batch matmul with sizes chosen for it, then diffuse.

    Options: `tile-sizes` (`OP=S,S,..;OP=...`: sizes for every root of that op name; an op's
    `xfuse.tile_sizes` mark wins), `cache-budget` (bytes a tile's working set may take; 0: half
    the host's L2), `min-tiles` (fewest tiles per root), `cost-model` (diffusion's), `remarks`
    (each root's tile and every diffusion decision on stderr), `remarks-file` (JSON, `-` for
    stdout)."""

    name = "xfuse-network-fusion"

    tile_sizes: str = ""
    cache_budget: int = 0
    min_tiles: int = 1
    cost_model: str = "smallest"
    remarks: bool = False
    remarks_file: str = ""

    def __post_init__(self) -> None:
        try:
            overrides = TileOverrides.parse(self.tile_sizes)
        except ValueError as error:
            raise PassOptionError("tile-sizes", str(error)) from None
        from xfuse.context import make_context

        context = make_context()
        for name in overrides.by_name:
            if context.get_optional_op(name) is None:
                raise PassOptionError("tile-sizes", f"'{name}' is not an op xfuse knows")
        if self.cache_budget < 0:
            raise PassOptionError("cache-budget", f"must be non-negative, got {self.cache_budget}")
        if self.min_tiles < 1:
            raise PassOptionError("min-tiles", f"must be at least 1, got {self.min_tiles}")
        try:
            cost_model_by_name(self.cost_model, None)
        except ValueError as error:
            raise PassOptionError("cost-model", str(error)) from None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        result = fuse_network(
            op,
            overrides=TileOverrides.parse(self.tile_sizes),
            cost_model=cost_model_by_name(self.cost_model, None),
            budget_bytes=self.cache_budget or None,
            min_tiles=self.min_tiles,
        )
        if not result.groups:
            print("warning: xfuse-network-fusion: no convolution, matmul or batch matmul on "
                  "tensors outside a loop: nothing to tile", file=sys.stderr)
        if self.remarks:
            for line in result.remark_lines():
                print(line, file=sys.stderr)
        if self.remarks_file:
            write_remarks_json(result.diffusion.remarks, self.remarks_file, op)

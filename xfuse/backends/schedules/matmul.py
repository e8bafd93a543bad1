"""Micro-kernel schedules: register tiling, vectorization and FMA lowering of xfuse's contraction tiles.

xfuse's fusion passes decide the *cache-level* tiles (the `scf.forall` of `xfuse-tile` and the
producers and consumers `xfuse-diffusion` pulls into it). What turns such a tile into fast code
is the *register-level* schedule, which stock mlir-opt 22 runs from a transform library
(`--transform-preload-library` + `--transform-interpreter`). This module writes that library from
the module's own contractions and the target (`CpuTarget`), instead of pasting a fixed script:

1. `plan_microkernels(module, target)` finds every static-shaped float `linalg.matmul` on tensors
   (and `linalg.mmt4d` with `k0 = 1`: its inner `m0 x n0` tile is the register tile).
   When xfuse fused elementwise consumers into the same loop body (the matmul sits in an
   `scf.forall`/`scf.for` and its result flows, use by use, through elementwise linalg ops), the
   last of them is the *root*; otherwise the matmul is its own root (an unfused module stays
   unfused: the schedule does not fuse what xfuse did not). It picks a micro-tile per contraction
   (`choose_micro_tile`, the cost model below) and marks the ops with `xfuse.microkernel_root`
   / `xfuse.microkernel_contraction` = group number (the transform script matches on them).
   Long reductions get a K block (`choose_k_block`: B's panel must stay in its L2 sets).
   Producers the register tile would recompute whole (of the A and B operands, row reductions)
   are cut from it by a fusion barrier (`wide_producers.py`), and computed once, outside.
2. `schedule_bodies(groups)` emits, per group: `transform.structured.fuse` the root with tile
   sizes `[MR, NR]` (column panels outside, row blocks inside: a `K x NR` panel of B is reused by
   every row block), which pulls the matmul, its fill and the bias broadcast into the register
   tile; the matmul's K loop (`tile_using_for [0, 0, 1]`); `transform.structured.vectorize` of
   every linalg op in the register tile; multi_reduction -> `vector.contract`; the accumulator's
   `transfer_read`/`transfer_write` hoisted out of the K loop (`hoist_loop_invariant_subsets`),
   so it lives in registers from the fill to the bias add and relu, which then run on it before
   one store. Finally `vector.contract` -> outer products -> `vector.fma` (one broadcast of an A
   element times one row of B per accumulator row).

The register tile's cost model is `micro_tile.py`'s (`choose_micro_tile`).

`after_bufferize_bodies(groups)` is what runs after one-shot-bufferize (memref-only patterns).
"""

from __future__ import annotations

import math

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from xdsl.dialects import func
from xdsl.dialects.builtin import AnyFloat, IntegerAttr, IntegerType, ModuleOp, TensorType
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineMap

from xfuse.backends.schedules.micro_tile import (
    MATMUL_K_UNROLL_ENABLED,
    MATMUL_K_UNROLL_MIN_FREE,
    MIN_ACCUMULATORS,
    MicroTile,
    choose_k_block,
    choose_k_unroll,
    choose_micro_tile,
    choose_tile_at_any_width,
    matmul_b_load_weight,
)
from xfuse.backends.schedules.packs import PACK_ATTR
from xfuse.backends.schedules.wide_producers import keep_wide_producers_out
from xfuse.backends.target import CpuTarget

ROOT_ATTR = "xfuse.microkernel_root"
CONTRACTION_ATTR = "xfuse.microkernel_contraction"

ELEMENTWISE_NAMED = frozenset({
    "linalg.add", "linalg.sub", "linalg.mul", "linalg.div", "linalg.max", "linalg.min",
    "linalg.exp", "linalg.log", "linalg.abs", "linalg.negf", "linalg.sqrt", "linalg.rsqrt",
    "linalg.tanh", "linalg.floor", "linalg.ceil", "linalg.square", "linalg.reciprocal",
})
"""Named linalg ops that are elementwise on identically shaped operands."""


def _row_stride(value: SSAValue) -> int:
    """Elements between two rows of the tensor `value` is a slice of (through extract_slices)."""
    while isinstance(value, OpResult) and value.op.name == "tensor.extract_slice":
        value = value.op.operands[0]
    return value.type.get_shape()[-1]


@dataclass(frozen=True)
class MicroKernelGroup:
    """Contractions sharing one register tile; their ops carry `group` in the marker attributes."""

    group: int
    tile: MicroTile
    root_is_contraction: bool
    """True when no fused consumer follows the contraction (tile sizes then also name K: 0)."""
    k_block: int | None
    """K-block size (`choose_k_block`), None when K is not blocked."""
    kind: str = "matmul"
    """`matmul`, or `mmt4d` (data-tiled: the register tile is the op's inner `m0 x n0` tile)."""
    unit_k: bool = False
    """The reduction has one step (an mmt4d with `K1 = 1`): no K loop to tile or hoist from
    (with one, LLVM 22's `hoist_loop_invariant_subsets` leaves a use its definition does not
    dominate, and a later rewrite asserts)."""
    in_forall: bool = False
    """The contractions are inside an `scf.forall` (tiles xfuse fused) or too small to share: their
    register tiles stay `scf.for` loops in the parallel pipelines too (`sequential_tiles`)."""
    k_unroll: int = 1
    """The register tiles' K loop unrolled by this factor (`choose_k_unroll`)."""


def in_forall(op: Operation) -> bool:
    """`op` is nested in an `scf.forall`. Its register tiles then stay `scf.for` loops: a
    nested parallel loop deadlocked MLIR's async runtime, whose workers waited on inner tasks no
    free worker ran."""
    parent = op.parent_op()
    while parent is not None:
        if parent.name == "scf.forall":
            return True
        parent = parent.parent_op()
    return False


PARALLEL_MIN_FLOPS = 2_000_000
"""A contraction of fewer FLOPs keeps `scf.for` register tiles in the parallel pipelines too
(`sequential_tiles`): at 50-100 GFLOP/s it runs in 20-40 us on one thread, where forking and
joining the second thread costs a few to tens of microseconds, and far more when the machine is
busy. The CRNN's LSTM, a 1 x 96 x 384 matmul per step inside its 16-step loop, made one parallel
region per step and direction: 23.7x onnxruntime's time at two threads (load 9)."""


def _contraction_flops(op: Operation) -> int:
    """2 x the multiply-adds of a matmul or convolution with static shapes (else a large number:
    unknown work is not judged small)."""
    shapes = [getattr(value.type, "get_shape", lambda: (-1,))() for value in (*op.operands[:2], op.results[0])]
    if any(d < 0 for shape in shapes for d in shape):
        return 1 << 62
    lhs, rhs, result = shapes
    if op.name == "linalg.conv_2d_nhwc_hwcf":
        return 2 * math.prod(result) * math.prod(rhs[:3])
    if op.name == "linalg.depthwise_conv_2d_nhwc_hwc":
        return 2 * math.prod(result) * math.prod(rhs[:2])
    return 2 * math.prod(result) * lhs[-1]  # matmul-like: the reduction is the lhs's last dimension


def sequential_tiles(op: Operation) -> bool:
    """`op`'s register tiles stay `scf.for` loops in the parallel pipelines: it is nested in an
    `scf.forall` already (`in_forall`), or too small to share (`PARALLEL_MIN_FLOPS`)."""
    return in_forall(op) or _contraction_flops(op) < PARALLEL_MIN_FLOPS


def _static_float_tensor(type_: object) -> TensorType | None:
    if isinstance(type_, TensorType) and isinstance(type_.element_type, AnyFloat) and all(
            d >= 0 for d in type_.get_shape()):
        return type_
    return None


def _is_plain_matmul(op: Operation) -> bool:
    """A tensor `linalg.matmul` with the default maps (no transposes or broadcasts), static f32/f64."""
    if op.name != "linalg.matmul" or len(op.results) != 1:
        return False
    maps = op.properties.get("indexing_maps")
    if maps is not None and [str(m.data) for m in maps.data] != MATMUL_MAPS:
        return False
    types = [o.type for o in op.operands] + [op.results[0].type]
    return all(_static_float_tensor(t) is not None for t in types) and len(
        {t.element_type for t in types}) == 1


def _fused_producers(root: Operation) -> Iterator[Operation]:
    """The ops `transform.structured.fuse` of `root` may pull into its tiles: every linalg op and
    `tensor.pad` up its operands' producer chains, each once."""
    seen: set[Operation] = set()
    work = [root]
    while work:
        op = work.pop()
        for value in op.operands:
            producer = value.op if isinstance(value, OpResult) else None
            if producer is None or producer in seen or not producer.name.startswith(("linalg.", "tensor.pad")):
                continue
            seen.add(producer)
            work.append(producer)
            yield producer


def _fuses_an_unscheduled_pack(root: Operation) -> bool:
    """Whether the register tiles of `root` (`transform.structured.fuse`, which takes every
    tileable producer, operand by operand) would pull in a `linalg.pack` no pack schedule took
    (a padded one): vectorized in the tile, it fails ("Attempted to vectorize, but failed");
    left to the pack lowering that follows the schedules, it is pad, reshape and transpose."""
    return any(producer.name == "linalg.pack" and PACK_ATTR not in producer.attributes
               for producer in _fused_producers(root))


def _is_plain_mmt4d(op: Operation) -> bool:
    """A tensor `linalg.mmt4d`, static f32/f64, with `k0 = 1` (AVX2 8x8x1 / AVX-512 16x16x1 tiles)."""
    if op.name != "linalg.mmt4d" or len(op.results) != 1:
        return False
    types = [o.type for o in op.operands] + [op.results[0].type]
    return all(_static_float_tensor(t) is not None for t in types) and len(
        {t.element_type for t in types}) == 1 and types[1].get_shape()[-1] == 1


def _mmt4d_tile(acc: TensorType, target: CpuTarget) -> MicroTile | None:
    """The register tile of an mmt4d: its whole `m0 x n0` inner tile, when rows are whole vectors
    and it fits the register file (the data tiling chose it; the schedule does not split it)."""
    m0, n0 = acc.get_shape()[2:]
    bits = acc.element_type.bitwidth
    tile = MicroTile(m0, n0, target.lanes(bits), element_bits=bits)
    if n0 % tile.lanes or tile.registers > target.vector_registers:
        return None
    return tile


def _is_elementwise_consumer(op: Operation, operand_type: TensorType) -> bool:
    """`op` computes elementwise on tensors shaped like `operand_type` (so a register tile of the
    contraction is a tile of `op`'s iteration space too)."""
    if len(op.results) != 1 or op.results[0].type != operand_type:
        return False
    if op.name in ELEMENTWISE_NAMED:
        return all(o.type == operand_type for o in op.operands)
    if op.name != "linalg.generic":
        return False
    iterators = op.properties.get("iterator_types")
    maps = op.properties.get("indexing_maps")
    if iterators is None or maps is None:
        return False
    if any(str(it.data) != "parallel" for it in iterators.data):
        return False
    rank = len(operand_type.get_shape())
    return all(m.data.is_projected_permutation() and m.data.num_dims == rank for m in maps.data) and \
        _is_identity(maps.data[-1].data)


def _is_identity(map_: AffineMap) -> bool:
    return map_ == AffineMap.identity(map_.num_dims)


def _in_tiled_loop(op: Operation) -> bool:
    parent = op.parent_op()
    return parent is not None and parent.name in ("scf.forall", "scf.for")


EPILOGUE_MAX_OPS = 16
"""The longest body (ops other than constants and the yield) of a generic that joins a
contraction's register tiles. A ReLU, ReLU6, residual add or hard-swish is 1-8 ops; a sigmoid or
SiLU, whose exp xfuse-expand-math makes a polynomial, about 45, a GELU's erf about 40: applied to
all the tile's accumulators at once (`vector<14x8xf32>` on AVX2, 14 of the 16 registers holding
accumulators) it spills, and it runs faster as a vectorized pass of its own over the stored
result (xfuse/backends/schedules/elementwise.py). EfficientNet-B0 at 224 (SiLU after every
expansion and depthwise convolution), one thread, interleaved in one process on a busy znver3,
twice: 1.61x -> 1.42x and 1.90x -> 1.45x onnxruntime. Matmuls (`MATMUL_LONG_EPILOGUES_OUT`):
ViT's fc1 with its GELU in the 6x16 tiles ran at 38 GFLOP/s, the GELU run after the tiles on the
panel's stored block at 47-51 (docs/backend-measurements.md, "Long epilogues out of the matmul
tiles")."""
MATMUL_LONG_EPILOGUES_OUT = True
"""Switch for measuring `_before_long_epilogues` on matmul chains against the whole chain in the tiles."""


def _body_ops(op: Operation) -> int:
    return sum(1 for inner in op.regions[0].block.ops if inner.name not in ("arith.constant", "linalg.yield"))


def _before_long_epilogues(contraction: Operation, end: Operation) -> Operation:
    """The last op of the chain `contraction` .. `end` before the first generic longer than
    `EPILOGUE_MAX_OPS`."""
    root, op = contraction, contraction
    while op is not end:
        op = next(iter(op.results[0].uses)).operation
        if op.name == "linalg.generic" and _body_ops(op) > EPILOGUE_MAX_OPS:
            return root
        root = op
    return root


def _root_of(matmul: Operation) -> Operation:
    """The last elementwise op of the single-use chain that follows `matmul` in its block, when
    xfuse fused that chain into a loop with it, up to the first long one (`EPILOGUE_MAX_OPS`:
    the rest runs after the register tiles, on the stored result, as the elementwise schedule
    vectorizes it); `matmul` itself otherwise."""
    if not _in_tiled_loop(matmul):
        return matmul
    end = _elementwise_chain_end(matmul, matmul.parent_block())
    if end is not matmul and _carried_by_a_loop(end):
        # a recurrence's next state (loop_results_in_place.py wrote it into the iteration argument):
        # the schedule's tiles of it would yield a new buffer, which one-shot-bufferize refuses
        return matmul
    return _before_long_epilogues(matmul, end) if MATMUL_LONG_EPILOGUES_OUT else end


def _carried_by_a_loop(op: Operation) -> bool:
    """`op`'s result is the next value of an `scf.for`'s iteration argument."""
    return any(use.operation.name == "scf.yield" and (loop := use.operation.parent_op()) is not None
               and loop.name == "scf.for" for use in op.results[0].uses)


def _mmt4d_root_of(mmt4d: Operation, tile: MicroTile) -> Operation:
    """For a fused mmt4d whose only user is the `linalg.unpack` of its `m0 x n0` inner tiles (no
    outer permutation, static), the last elementwise op after that unpack (or the unpack): one
    `m0 x n0` tile of it is one inner tile of the mmt4d. `mmt4d` itself otherwise."""
    if not _in_tiled_loop(mmt4d):
        return mmt4d
    uses = list(mmt4d.results[0].uses)
    if len(uses) != 1:
        return mmt4d
    unpack = uses[0].operation
    if unpack.name != "linalg.unpack" or uses[0].index != 0 or unpack.parent_block() is not mmt4d.parent_block():
        return mmt4d
    if list(unpack.get_outer_dims_perm()) not in ([], [0, 1]) or list(unpack.get_inner_dims_pos()) != [0, 1] \
            or list(unpack.get_static_inner_tiles()) != [tile.mr, tile.nr]:
        return mmt4d
    result = _static_float_tensor(unpack.results[0].type)
    if result is None or any(d % t for d, t in zip(result.get_shape(), (tile.mr, tile.nr))):
        return mmt4d
    return _elementwise_chain_end(unpack, mmt4d.parent_block())


def _elementwise_chain_end(start: Operation, block) -> Operation:
    """The last op of the chain of single uses from `start` through elementwise ops of `start`'s
    result type in `block` (each reading the previous one with an identity map)."""
    root = start
    result_type = start.results[0].type
    while True:
        uses = list(root.results[0].uses)
        if len(uses) != 1:
            return root
        user = uses[0].operation
        if user.parent_block() is not block or not _is_elementwise_consumer(user, result_type):
            return root
        if user.name == "linalg.generic":
            maps = user.properties["indexing_maps"].data
            if not _is_identity(maps[uses[0].index].data):
                return root
        root = user


UNFUSED_SPLIT_GAIN = 1.5
"""How much better (`row_weighted_fmas_per_load`) a tile with a row remainder must score than the
best dividing one for an unfused, unblocked contraction to take it (`_unfused_or_fused_tile`)."""


def _unfused_or_fused_tile(m: int, n: int, bits: int, target: CpuTarget, fused: bool,
                           from_a_fill: bool = True) -> MicroTile | None:
    """The register tile of an `m x n` matmul. A fused or K-blocked one may leave a row remainder
    (`choose_micro_tile`). An unfused, unblocked one keeps a dividing tile: split, its fill stays
    outside the register tiles (tile-and-fuse does not reach a destination's producer through the
    split's slice) and costs a pass over the result. Unless the dividing tiles are far worse
    (`UNFUSED_SPLIT_GAIN`): ViT's 197 tokens, a prime, divide only into 1-row tiles, and its
    per-head products ran at 20-25 GFLOP/s on 1x16 tiles (2 accumulators, latency-bound).
    Without a fill (`from_a_fill` False: `_starts_from_a_fill`) a split costs no pass, and is
    taken when its remainder tile keeps `MIN_ACCUMULATORS` (the README's 64-row panel products:
    6x16 + 4x16); a latency-bound remainder measured slower (the transformer layer's 128-row
    panel products, 6x16 + 2x16 against 4x16: 5.04 against 4.65 ms, backend-measurements.md)."""
    weight = matmul_b_load_weight(target)
    tile = choose_tile_at_any_width(m, n, bits, target, remainder=fused, b_load_weight=weight)
    if fused or tile is None:
        return tile
    split = choose_tile_at_any_width(m, n, bits, target, remainder=True, b_load_weight=weight)
    if not from_a_fill and split is not None and split.remainder * split.nr // split.lanes >= MIN_ACCUMULATORS:
        return split
    if split is not None and split.remainder and (
            split.row_weighted_fmas_per_load() >= UNFUSED_SPLIT_GAIN * tile.row_weighted_fmas_per_load()):
        return split
    return tile


SPLIT_WITHOUT_FILL = True
"""An unfused matmul whose accumulator is not a fill may take a split register tile
(`_starts_from_a_fill`); off, it keeps a dividing one (for measuring it: backend-measurements.md)."""


def _starts_from_a_fill(matmul: Operation) -> bool:
    """`matmul` accumulates into a `linalg.fill`, which a dividing register tile fuses (its
    accumulators start as the fill's value, in registers) and a split leaves as a pass over the
    result. Otherwise (a slice of an accumulator filled outside its loop: the README's fused MLP,
    each tile's `64 x 16` panel products reading their block of the tile's filled `64 x 64`;
    `hoist_tile_panels`) the register tiles load their accumulators either way, and a split costs
    no pass the dividing tile does not (`_unfused_or_fused_tile`)."""
    if not SPLIT_WITHOUT_FILL:
        return True
    return matmul.operands[2].owner.name == "linalg.fill" if isinstance(matmul.operands[2], OpResult) else False


def plan_microkernels(module: ModuleOp, target: CpuTarget) -> list[MicroKernelGroup]:
    """Mark each contraction (and its root) with a group number; the groups, one per register tile."""
    groups: dict[tuple[MicroTile, bool, int | None, str, bool, bool, int], int] = {}
    for function in module.walk():
        if not isinstance(function, func.FuncOp):
            continue
        for op in function.walk():
            if _is_plain_mmt4d(op):
                acc = op.results[0].type
                tile = _mmt4d_tile(acc, target)
                if tile is not None:
                    root = _mmt4d_root_of(op, tile)
                    unit_k = op.operands[0].type.get_shape()[1] == 1
                    group = groups.setdefault((tile, root is op, None, "mmt4d", unit_k, True, 1), len(groups))
                    marker = IntegerAttr(group, IntegerType(64))
                    op.attributes[CONTRACTION_ATTR] = root.attributes[ROOT_ATTR] = marker
                continue
            if not _is_plain_matmul(op):
                continue
            result = op.results[0].type
            m, n = result.get_shape()
            bits = result.element_type.bitwidth
            root = _root_of(op)
            if _fuses_an_unscheduled_pack(root):
                continue
            k_block = choose_k_block(op.operands[0].type.get_shape()[1],
                                     _row_stride(op.operands[1]) * bits // 8, target)
            tile = _unfused_or_fused_tile(m, n, bits, target, fused=root is not op or k_block is not None,
                                          from_a_fill=_starts_from_a_fill(op))
            if tile is None:
                continue
            keep_wide_producers_out(root, op, tile, CONTRACTION_ATTR, PACK_ATTR)
            k_steps = k_block or op.operands[0].type.get_shape()[1]  # the register tiles' K loop
            unroll = choose_k_unroll(tile, k_steps, target, MATMUL_K_UNROLL_MIN_FREE) if MATMUL_K_UNROLL_ENABLED else 1
            key = (tile, root is op, k_block, "matmul", False, sequential_tiles(op), unroll)
            group = groups.setdefault(key, len(groups))
            marker = IntegerAttr(group, IntegerType(64))
            op.attributes[CONTRACTION_ATTR] = marker
            root.attributes[ROOT_ATTR] = marker
    return [MicroKernelGroup(g, *key) for key, g in groups.items()]


MATMUL_MAPS = ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"]
"""linalg.matmul's default indexing maps (others transpose or broadcast an operand)."""

_ANY = "!transform.any_op"


def remove_dead_ops(function: str) -> str:
    """Transform ops erasing the ops left dead in the functions of the handle `function` (the
    originals of what a fusion cloned into its tiles, so that a later `match` finds the tiled ops
    only). Not `transform.apply_dce`: MLIR 22's removes each erased op (and every op nested in it)
    from its worklist by a linear search, quadratic in the dead ops. On BERT-base's one schedule
    part of some 11,000 lines its three calls were 78% of the transform interpreter's 100 s
    (issue 39). An empty `apply_patterns` runs the greedy driver, which erases trivially dead ops
    through a worklist of its own, and folds: 9 s for the same schedule."""
    return f"""\
    transform.apply_patterns to {function} {{
    }} : {_ANY}
"""


def fuse_into_each(indent: str, producers: str, loops: str, fused: str, fused_loops: str) -> str:
    """`transform.structured.fuse_into_containing_op` of the handle `producers` into each loop of
    `loops` (results `fused`, `fused_loops`), written as a `transform.foreach` so that a group
    absent from the payload (zero loops) is skipped: the interpreter runs the module's schedule on
    each part of a function cut by xfuse/backends/schedules/in_parts.py, and a part holds some of the
    groups only. The op itself wants exactly one containing loop."""
    return f"""\
{indent}{fused}, {fused_loops} = transform.foreach {loops} : {_ANY} -> {_ANY}, {_ANY} {{
{indent}^bb0(%containing: {_ANY}):
{indent}  %into_fused, %into_loop = transform.structured.fuse_into_containing_op {producers} into %containing
{indent}    : ({_ANY}, {_ANY}) -> ({_ANY}, {_ANY})
{indent}  transform.yield %into_fused, %into_loop : {_ANY}, {_ANY}
{indent}}}
"""


def _vectorize_in(loops: str) -> str:
    """Vectorize every linalg op inside each loop of the handle `loops` (static register tiles)."""
    return f"""\
    transform.foreach {loops} : {_ANY} {{
    ^bb0(%loop: {_ANY}):
      %ops = transform.structured.match interface{{LinalgOp}} in %loop : ({_ANY}) -> {_ANY}
      transform.structured.vectorize %ops : {_ANY}
    }}
"""


def _mmt4d_body(group: MicroKernelGroup) -> str:
    g, t = group.group, group.tile
    contraction = f"transform.structured.match attributes{{{CONTRACTION_ATTR} = {g} : i64}} in %root"

    def k_loop(tile: str) -> str:
        if group.unit_k:
            return f"    %mmk{g} = transform.merge_handles {tile} : {_ANY}\n"
        return f"""\
    %mmk{g}, %k{g}, %k0{g} = transform.structured.tile_using_for {tile} tile_sizes [0, 0, 1, 0, 0, 1]
      : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY})
"""
    if group.root_is_contraction:
        return f"""\
    // group {g}: mmt4d, register tile = its {t.mr}x{t.nr} inner tile ({t.accumulators} accumulators)
    %mm{g} = {contraction} : ({_ANY}) -> {_ANY}
    %mtile{g}, %mcols{g}, %mrows{g} = transform.structured.tile_using_for %mm{g} tile_sizes [1, 1, 0, 0, 0, 0]
      interchange = [1, 0, 2, 3, 4, 5] : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY})
{k_loop(f"%mtile{g}")}\
    transform.structured.vectorize %mmk{g} : {_ANY}
"""
    # The fused unpack + elementwise chain, tiled by the inner tile: each register tile holds one
    # inner tile of the mmt4d, unpacked and finished on the accumulators before one store.
    return f"""\
    // group {g}: mmt4d + unpack + elementwise chain, register tile = the {t.mr}x{t.nr} inner tile
    %roots{g} = transform.structured.match attributes{{{ROOT_ATTR} = {g} : i64}} in %root : ({_ANY}) -> {_ANY}
    %tile{g}, %cols{g}, %rows{g} = transform.structured.fuse %roots{g} tile_sizes [{t.mr}, {t.nr}] interchange [1, 0]
      : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY})
    %func{g} = transform.structured.match ops{{["func.func"]}} in %root : ({_ANY}) -> {_ANY}
{remove_dead_ops(f"%func{g}")}\
    %mm{g} = {contraction} : ({_ANY}) -> {_ANY}
{k_loop(f"%mm{g}")}\
{_vectorize_in(f"%cols{g}")}\
    transform.foreach %cols{g} : {_ANY} {{
    ^bb0(%loop: {_ANY}):
      %unpacks{g} = transform.structured.match ops{{["linalg.unpack"]}} in %loop : ({_ANY}) -> {_ANY}
      transform.structured.vectorize %unpacks{g} : {_ANY}
    }}
"""


def _register_tiles(ops: str, loops: str, tile: MicroTile, reduction: bool, parallel: bool = False) -> str:
    """Tile-and-fuse each op of the handle `ops` into `MR x NR` register tiles (column loop
    outside, row loop inside; `reduction`: the op is the contraction, its K dim untiled here);
    `loops` (`%name`) becomes the handle of the column loops.

    A tile with a remainder splits each op first (`transform.structured.split`): the first
    `split_rows` rows get `MR x NR` tiles, the rest one `remainder x NR` tile, both static. The
    fusion then reaches the producers through the split's slices only with `apply_cleanup`
    (which merges consecutive extract_slices). (Peeling the row loop instead needs a
    canonicalization before vectorizing, which folds one-trip loops that handles still track.)
    With `parallel`, the register tiles are the iterations of one `scf.forall` (`loops` its
    handle), which the parallel pipelines run on every CPU."""
    def fuse(indent: str, target: str, mr: int, name: str, cleanup: bool = False) -> str:
        sizes, order = ([mr, tile.nr, 0], [1, 0, 2]) if reduction else ([mr, tile.nr], [1, 0])
        if parallel:
            flags = "apply_cleanup, use_forall" if cleanup else "use_forall"
            return (f"{indent}{name}_tiled, {name} = transform.structured.fuse {target} "
                    f"tile_sizes {sizes} {{{flags}}}\n"
                    f"{indent}  : ({_ANY}) -> ({_ANY}, {_ANY})\n")
        return (f"{indent}{name}_tiled, {name}, {name}_rows = transform.structured.fuse {target} "
                f"tile_sizes {sizes} interchange {order}{' {apply_cleanup}' if cleanup else ''}\n"
                f"{indent}  : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY})\n")
    if not tile.remainder:
        return fuse("    ", ops, tile.mr, loops)
    return f"""\
    {loops} = transform.foreach {ops} : {_ANY} -> {_ANY} {{
    ^bb0(%op: {_ANY}):
      %parts = transform.structured.split %op after {tile.split_rows} {{dimension = 0}} : {_ANY}
      %full, %rest = transform.split_handle %parts : ({_ANY}) -> ({_ANY}, {_ANY})
{fuse("      ", "%full", tile.mr, "%full_cols", True)}\
{fuse("      ", "%rest", tile.remainder, "%rest_cols", True)}\
      %both = transform.merge_handles %full_cols, %rest_cols : {_ANY}
      transform.yield %both : {_ANY}
    }}
"""


def _group_body(group: MicroKernelGroup, parallel: bool = False) -> str:
    if group.kind == "mmt4d":
        return _mmt4d_body(group)
    g, t = group.group, group.tile
    parallel = parallel and not group.in_forall
    contraction = f"transform.structured.match attributes{{{CONTRACTION_ATTR} = {g} : i64}} in %root"
    lines = [f"    // group {g}: register tile {t.mr}x{t.nr} ({t.accumulators} accumulators of {t.lanes} lanes, "
             f"{t.fmas_per_load:.2f} FMAs per load), K block {group.k_block or 'none'}"
             + (f", split after row {t.split_rows}: the last {t.remainder} rows in {t.remainder}x{t.nr} tiles"
                if t.remainder else "")
             + (f", K loop unrolled by {group.k_unroll}" if group.k_unroll > 1 else "") + "\n"]
    if group.k_block:
        # K blocks outside the register loops: the K-block x NR panel of B is reused by every row block.
        lines.append(f"""\
    %mm{g}_all = {contraction} : ({_ANY}) -> {_ANY}
    %mm{g}_kb, %kb{g} = transform.structured.tile_using_for %mm{g}_all tile_sizes [0, 0, {group.k_block}]
      : ({_ANY}) -> ({_ANY}, {_ANY})
""")
    if not group.root_is_contraction:
        # Register tiles of the fused consumer chain; the contraction comes along unless K-blocked
        # (then the chain's register tiles read the accumulated tile after the K-block loop).
        lines.append(f"""\
    %roots{g} = transform.structured.match attributes{{{ROOT_ATTR} = {g} : i64}} in %root : ({_ANY}) -> {_ANY}
{_register_tiles(f"%roots{g}", f"%cols{g}", t, reduction=False, parallel=parallel)}""")
    if group.root_is_contraction or group.k_block:
        source = f"%mm{g}_kb" if group.k_block else f"%mm{g}_root"
        if not group.k_block:
            lines.append(f"    %mm{g}_root = {contraction} : ({_ANY}) -> {_ANY}\n")
        lines.append(_register_tiles(source, f"%mcols{g}", t, reduction=True, parallel=parallel))
    lines.append(f"""\
    %func{g} = transform.structured.match ops{{["func.func"]}} in %root : ({_ANY}) -> {_ANY}
{remove_dead_ops(f"%func{g}")}\
    %mm{g} = {contraction} : ({_ANY}) -> {_ANY}
    %mmk{g}, %k{g} = transform.structured.tile_using_for %mm{g} tile_sizes [0, 0, 1] : ({_ANY}) -> ({_ANY}, {_ANY})
""")
    if not group.root_is_contraction:
        lines.append(_vectorize_in(f"%cols{g}"))
    if group.root_is_contraction or group.k_block:
        lines.append(_vectorize_in(f"%mcols{g}"))
    return "".join(lines)


def schedule_bodies(groups: list[MicroKernelGroup], parallel: bool = False) -> list[str]:
    """The transform ops (on `%root`) of the micro-kernel schedule for `groups`; [] when empty.
    `parallel`: register tiles as `scf.forall` iterations (for the pipelines that run foralls on
    every CPU), except in groups already inside a forall.

    With an mmt4d group, its 6-d contraction is first made matmul-like (leading unit dims cast
    away) and the outer-product lowering runs alone, as upstream's mmt4d-to-fma recipe does: with
    canonicalization in the same sweep its unit reduction would be lowered elementwise (scalar)."""
    if not groups:
        return []
    data_tiled = any(g.kind == "mmt4d" for g in groups)
    # Unrolled after hoisting: the accumulators are then values carried by the one K loop.
    hoists = "".join(f"    transform.loop.hoist_loop_invariant_subsets %k{g.group} : {_ANY}\n"
                     for g in groups if not g.unit_k) + "".join(
        f"    transform.loop.unroll %k{g.group} {{factor = {g.k_unroll}}} : {_ANY}\n"
        for g in groups if g.k_unroll > 1)
    matmul_like = ("      transform.apply_patterns.vector.reduction_to_contract\n"
                   "      transform.apply_patterns.vector.cast_away_vector_leading_one_dim\n") if data_tiled else ""
    cleanup = "" if data_tiled else ("      transform.apply_patterns.vector.transfer_permutation_patterns\n"
                                     "      transform.apply_patterns.canonicalization\n")
    unit_dims = f"""\
    transform.apply_patterns to %funcs {{
      transform.apply_patterns.vector.lower_transpose
      transform.apply_patterns.vector.drop_unit_dims_with_shape_cast
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
      transform.apply_patterns.canonicalization
    }} : {_ANY}
""" if data_tiled else ""
    return ["".join(_group_body(g, parallel) for g in groups) + f"""\
    %funcs = transform.structured.match ops{{["func.func"]}} in %root : ({_ANY}) -> {_ANY}
    transform.apply_patterns to %funcs {{
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.reduction_to_contract
    }} : {_ANY}
{hoists}\
    transform.apply_patterns to %funcs {{
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
{matmul_like}\
      transform.apply_patterns.canonicalization
    }} : {_ANY}
    transform.apply_patterns to %funcs {{
      transform.apply_patterns.vector.lower_contraction lowering_strategy = outerproduct
      transform.apply_patterns.vector.lower_outerproduct
{cleanup}\
    }} : {_ANY}
{unit_dims}"""]


def after_bufferize_bodies(groups: list[MicroKernelGroup]) -> list[str]:
    """Transform ops run after one-shot-bufferize: for mmt4d tiles, drop the unit `k0` dimension of
    the operand reads on memrefs, so that a row of B is one vector load (not 16 scalar loads and
    permutes); [] when there is no mmt4d group."""
    if not any(g.kind == "mmt4d" for g in groups):
        return []
    return [f"""\
    %funcs = transform.structured.match ops{{["func.func"]}} in %root : ({_ANY}) -> {_ANY}
    transform.apply_patterns to %funcs {{
      transform.apply_patterns.vector.drop_inner_most_unit_dims_from_xfer_ops
      transform.apply_patterns.vector.rank_reducing_subview_patterns
      transform.apply_patterns.canonicalization
    }} : {_ANY}
"""]

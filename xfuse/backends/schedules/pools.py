"""Vectorized poolings: rows of output pixels, all channels in vectors.

`convert-linalg-to-loops` lowers `linalg.pooling_nhwc_max` / `_sum` in iterator order, `(n, oh,
ow, c, kh, kw)`: the innermost loop walks the window, not the contiguous channels, so LLVM
cannot vectorize it (SqueezeNet's first max pooling, 55x55x64: 0.30 ms against onnxruntime's
0.14). `plan_pools(module, target)` marks every static float NHWC pooling at a function's top
level with `xfuse.microkernel_pool` = a group number (its tile); `pool_bodies(groups)` tiles it
`1 x 1 x OWB x CB` (the depthwise convolution's iteration space: the window rows outside by 1,
the window columns whole), decomposes the 2-D pooling to a 1-D one and vectorizes it, as the
convolution schedule does its depthwise convolutions. The tile is the largest with `OWB`
dividing the output width, `CB` one, two or four vectors dividing the channels (vectors of the
full width, else the widest down to 128 bits that divides them), and `OWB x CB / L` accumulators
within `MAX_ACCUMULATORS`. SqueezeNet 1.50-1.57x -> 1.43x onnxruntime, ShuffleNet
1.73-1.80x -> 1.56x (one thread). A `linalg.fill` init is fused into the tiles
(`fuse_into_containing_op`; it was a pass of its own over the result), and the accumulator is
hoisted out of the window-row loop once the 1-D pooling's rank-reducing slice is folded into its
transfers (before the leading unit dims are cast away, as in schedules/conv.py).

Since the twelfth session the max and sum poolings of up to nine window elements are elementwise
generics over their windows' slices before this plan runs (pool_windows.py: `arith.maximumf` cost
five instructions per element on AVX2); what is left here is the global poolings.

In the parallel pipelines a pooling the parallel split (parallel_split.py) takes stays with it,
which runs it, and the ops only it reads, on every CPU: vectorized poolings on `scf.forall` tiles
(each tile loop an OpenMP region there) made Inception-v1 and AlexNet 11-12% slower at two
threads. A pooling the split leaves on one thread (a result under its `MIN_ELEMENTS`: the global
averages, SqueezeNet's 13x13x1000, ResNet-50's 7x7x2048) was a scalar loop nest there, 0.19 ms
at two threads against 0.035 vectorized at one for SqueezeNet's; it is now planned as here with
`scf.for` tiles (`PoolGroup.sequential`), on the calling thread, its init left a pass of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import IntegerAttr, IntegerType, ModuleOp
from xdsl.ir import OpResult

from xfuse.backends.schedules.matmul import _static_float_tensor
from xfuse.backends.target import CpuTarget

POOL_ATTR = "xfuse.microkernel_pool"
POOLINGS = ("linalg.pooling_nhwc_max", "linalg.pooling_nhwc_sum")
MAX_ACCUMULATORS = 16
"""Vector registers for the tile's results; the window's inputs need as many again."""
LEFT_BY_SPLIT = True
"""The parallel pipelines vectorize the poolings the parallel split leaves on one thread (off: they
stay scalar loop nests there, as before the fourteenth session; for an A/B)."""
MIN_VECTOR_BITS = 128
"""Narrowest vector a pooling is tiled for when no full-width one divides its channels."""

_ANY = "!transform.any_op"


@dataclass(frozen=True)
class PoolGroup:
    """Poolings tiled alike (`ow x channels` output pixels by channels per tile); their ops carry
    `group` in `POOL_ATTR`."""

    group: int
    ow: int
    channels: int
    fuse_init: bool = True
    """The poolings' inits are `linalg.fill`s, fused into the tiles (each tile fills its own part
    of the result, in registers, instead of a pass of its own over all of it)."""
    sequential: bool = False
    """Tiles as `scf.for` loops (the parallel pipelines, where every `scf.forall` is a parallel
    region): the poolings the parallel split leaves on one thread; the init is not fused."""


def pool_tile(op, target: CpuTarget) -> tuple[int, int] | None:
    """`(OWB, CB)` for `op`, or None when it is not a static float NHWC pooling whose channels
    whole vectors divide."""
    if op.name not in POOLINGS or len(op.results) != 1:
        return None
    types = [o.type for o in op.operands] + [op.results[0].type]
    if any(_static_float_tensor(t) is None for t in (types[0], types[-1])):
        return None
    _, _, ow, channels = op.results[0].type.get_shape()
    lanes = _dividing_lanes(channels, op.results[0].type.element_type.bitwidth, target)
    if lanes is None:
        return None
    tiles = [(w, c) for c in (lanes, 2 * lanes, 4 * lanes) if channels % c == 0
             for w in range(1, ow + 1) if ow % w == 0 and w * c // lanes <= MAX_ACCUMULATORS]
    return max(tiles, key=lambda t: (t[0] * t[1], t[1]))


def _dividing_lanes(channels: int, element_bits: int, target: CpuTarget) -> int | None:
    """Lanes of the widest vector, down to `MIN_VECTOR_BITS`, that divides `channels`: 1000
    classes (SqueezeNet's global average) or ShuffleNet's 24 and 136 channels in 8-lane vectors."""
    return next((lanes for narrower in target.narrower(MIN_VECTOR_BITS)
                 if channels % (lanes := narrower.lanes(element_bits)) == 0), None)


def plan_pools(module: ModuleOp, target: CpuTarget, workers: int = 1) -> list[PoolGroup]:
    """Mark each pooling `pool_tile` tiles with its group number; the groups. With `workers` > 1
    (a parallel pipeline) only the poolings the parallel split would leave on one thread, in
    `sequential` groups."""
    from xfuse.backends.parallel.parallel_split import split_loop, split_slices

    sequential = workers > 1
    if sequential and not LEFT_BY_SPLIT:
        return []
    groups: dict[tuple[int, int, bool, bool], int] = {}
    for op in module.walk():
        tile = pool_tile(op, target)
        if tile is None or op.parent_op() is None or op.parent_op().name != "func.func":
            continue
        if sequential and split_loop(op, split_slices(workers)) is not None:
            continue
        init = op.operands[-1]
        fill = not sequential and isinstance(init, OpResult) and init.op.name == "linalg.fill"
        group = groups.setdefault((*tile, fill, sequential), len(groups))
        op.attributes[POOL_ATTR] = IntegerAttr(group, IntegerType(64))
    return [PoolGroup(g, *key) for key, g in groups.items()]


def pool_bodies(groups: list[PoolGroup]) -> list[str]:
    """The transform ops (on `%root`) tiling, decomposing and vectorizing each group's poolings;
    [] when there is none."""
    if not groups:
        return []
    lines = []
    for group in groups:
        g = group.group
        producer = f"""\
      %init = transform.get_producer_of_operand %pool[2] : ({_ANY}) -> {_ANY}
""" if group.fuse_init else ""
        fused = f"""\
      %init_tile, %loop_fused = transform.structured.fuse_into_containing_op %init into %loop
        : ({_ANY}, {_ANY}) -> ({_ANY}, {_ANY})
      transform.structured.vectorize %init_tile : {_ANY}
""" if group.fuse_init else ""
        sizes = f"[1, 1, {group.ow}, {group.channels}]"
        tiles = f"""\
      %tile, %loops:4 = transform.structured.tile_using_for %pool tile_sizes {sizes}
        : ({_ANY}) -> ({_ANY}, {_ANY}, {_ANY}, {_ANY}, {_ANY})
""" if group.sequential else f"""\
      %tile, %loop = transform.structured.tile_using_forall %pool tile_sizes {sizes}
        : ({_ANY}) -> ({_ANY}, {_ANY})
"""
        lines.append(f"""\
    // pool group {g}: tiles of {group.ow} pixels x {group.channels} channels{", its init fused" if group.fuse_init else ""}{", scf.for" if group.sequential else ""}, vectorized
    %pools{g} = transform.structured.match attributes{{{POOL_ATTR} = {g} : i64}} in %root : ({_ANY}) -> {_ANY}
    transform.foreach %pools{g} : {_ANY} {{
    ^bb0(%pool: {_ANY}):
{producer}\
{tiles}{fused}\
      %rows, %row_loop = transform.structured.tile_using_for %tile tile_sizes [0, 0, 0, 0, 1, 0]
        : ({_ANY}) -> ({_ANY}, {_ANY})
      %pool_1d = transform.structured.decompose %rows : ({_ANY}) -> {_ANY}
      transform.structured.vectorize %pool_1d : {_ANY}
      %pool_func = transform.get_parent_op %row_loop {{op_name = "func.func"}} : ({_ANY}) -> {_ANY}
      transform.apply_patterns to %pool_func {{
        transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
      }} : {_ANY}
      transform.apply_patterns to %pool_func {{
        transform.apply_patterns.vector.cast_away_vector_leading_one_dim
        transform.apply_patterns.vector.transfer_permutation_patterns
        transform.apply_patterns.vector.lower_masked_transfers
      }} : {_ANY}
      transform.loop.hoist_loop_invariant_subsets %row_loop : {_ANY}
    }}
""")
    return ["".join(lines)]

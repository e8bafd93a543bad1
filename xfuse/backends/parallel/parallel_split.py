"""The ops outside the register tiles, split across the CPUs in the parallel pipelines.

In `microkernel-openmp` (`threads` > 1) the convolutions' and matmuls' register tiles
are `scf.forall` iterations; everything else (the elementwise ops no register tile took,
poolings, transposes, broadcasts) ran on one thread, and capped the speedup of two threads on
whole networks at 1.03-1.80x. `plan_parallel_split(module, workers)` marks the last op of each
chain with `PARALLEL_SPLIT_ATTR` = its instance number, and the producers only that chain reads
with `PARALLEL_PRODUCER_ATTR` = the same number; it returns, per instance, the loop to split:
the first parallel loop that is also that dimension of the result (rows, or the output height
of an NHWC tensor) and splits evenly enough over `workers` (`balanced_loop`: 7 rows on two CPUs
do not; then the channels). `parallel_split_body` tiles each root
with `tile_using_forall num_threads`, one slice per CPU (`SLICES_PER_WORKER`), and fuses its producers into the slices,
before the other schedules run; a slice of elementwise generics is then tiled and vectorized as the
one-thread elementwise schedule does (`slice_vector_tiles`). Concatenations are first rewritten
(parallel_concat.py): a chain of them in one buffer, the copies left such generics.

What it leaves alone, so the other schedules see what they expect:
- ops a schedule marked (contractions, their fused chains and roots, packs, convolutions,
  vectorized transposes), and
  every linalg op a `transform.structured.fuse` of theirs could pull into its tiles (the
  producers of their operands through linalg ops; the inputs of convolutions fused op by op
  are not pulled, and stay candidates);
- ops that are the `outs` of another op (fills and bias broadcasts, fused as inits);
- ops nested in loops (a nested parallel loop deadlocked MLIR's async runtime), dynamic shapes,
  and small ops (`MIN_ELEMENTS`), where a parallel dispatch costs more than it saves;
- row reductions the row schedule vectorizes (schedules/rows.py, planned before the split): ViT's
  softmax sums over 197 tokens took 0.013 ms as vectors on one thread against 0.107 ms in scalar
  loops, which a split only halves;
- LayerNorms and softmaxes, which the row kernels (schedules/row_kernels.py, planned before) made
  one `scf.forall` over their rows: one region each at two threads.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, IntegerType, ModuleOp, TensorType
from xdsl.ir import Operation, OpResult

from xfuse.backends.schedules.matmul import CONTRACTION_ATTR, ELEMENTWISE_NAMED, ROOT_ATTR, fuse_into_each
from xfuse.backends.schedules.conv import (
    CONV_ATTR,
    CONV_INSTANCE_ATTR,
    CONV_PRODUCER_ATTR,
    CONV_ROOT_ATTR,
)
from xfuse.backends.schedules.packs import PACK_ATTR
from xfuse.backends.schedules.transposes import TRANSPOSE_ATTR
from xfuse.backends.target import CpuTarget

PARALLEL_SPLIT_ATTR = "xfuse.parallel_split"
PARALLEL_PRODUCER_ATTR = "xfuse.parallel_split_producer"
MIN_ELEMENTS = 64 * 1024
"""Results smaller than this (256 KiB of f32) stay on one thread: a parallel region costs a fork
and a join barrier, and on a 2-vCPU guest shared with other work a region waits for whichever
thread was descheduled, while an op of a few arithmetic ops per element on 64 K elements takes
about 10-20 us on one core. At 32 K, ViT's 32 layer-norm and scale pieces of 197 x 192 (37,824
elements) were regions of their own; at 64 K its two-thread call took 0.85-0.93 of the time
(interleaved A/B), the other exported networks moved within the noise, and DenseNet-121's took
1.03 in the helper's two runs (its 50-63 K batch norms and copies stay on one thread) but 0.98 of
32 K's and 48 K's in the lead's quieter run after the merge (12 rounds, load 1.0: 49.3 against
50.2 ms; docs/backend-measurements.md, "Zen 3, tenth session"). Below it, the elementwise
schedule vectorizes them on one thread (`TOP_LEVEL_LEFT_BY_SPLIT`)."""
SLICES_PER_WORKER = 1
"""Slices per worker of each split op: more than one gives a thread that finishes its slices
early some of the slower thread's under a dynamic `omp_schedule.OMP_SCHEDULE` (the loop is
chosen by `balanced_loop` for that many slices, so each still gets whole rows or channels).
1 because 4 with `schedule(guided)` measured no better on DenseNet-121 (docs/backend-threads.md,
"More slices than threads for the split ops": 0.98 and 1.05 of the static two-slice call per
round, median, in two interleaved runs)."""


def split_slices(workers: int) -> int:
    """The number of slices a split op is cut into for `workers` CPUs."""
    return workers * SLICES_PER_WORKER
_POOLINGS = ("linalg.pooling_nhwc_max", "linalg.pooling_nhwc_sum", "linalg.pooling_nhwc_min")
_SAME_SPACE = ("linalg.transpose", "linalg.broadcast", *ELEMENTWISE_NAMED)
"""Named ops whose loops are their result's dimensions, in order."""
SCHEDULED_ATTRS = (CONTRACTION_ATTR, ROOT_ATTR, PACK_ATTR, CONV_ATTR, CONV_ROOT_ATTR, CONV_PRODUCER_ATTR,
              CONV_INSTANCE_ATTR, TRANSPOSE_ATTR)
_ANY = "!transform.any_op"


def _splittable_loops(op: Operation) -> list[int]:
    """The loops of `op` that are parallel and are the same dimension of its result."""
    if op.name in _SAME_SPACE:
        return list(range(op.results[0].type.get_num_dims()))
    if op.name in _POOLINGS:
        return [0, 1, 2, 3]
    if op.name != "linalg.generic":
        return []
    iterators = [str(it.data) for it in op.properties["iterator_types"].data]
    output_map = op.properties["indexing_maps"].data[-1].data
    return [d for d, result in enumerate(output_map.results)
            if str(result) == f"d{d}" and d < len(iterators) and iterators[d] == "parallel"]


def pulled_by_schedules(block_ops: list[Operation]) -> set[Operation]:
    """The linalg ops a schedule's `transform.structured.fuse` may pull into its tiles: the
    producers, through linalg ops, of the operands of every scheduled op, at the top level or
    nested in one (a matmul in `xfuse-block-matmul-weights`' loop over weight panels pulls in the
    ReLU that computes its input outside the loop), but the input of a convolution fused op by
    op, which `fuse_into_containing_op` of its chain does not take."""
    pulled: set[Operation] = set()
    work = [op for top in block_ops for op in top.walk() if any(a in op.attributes for a in SCHEDULED_ATTRS)]
    while work:
        op = work.pop()
        operands = op.operands
        if op.attributes.get(CONV_ATTR) is not None and (CONV_PRODUCER_ATTR in op.attributes or
                                                         CONV_INSTANCE_ATTR in op.attributes):
            operands = operands[1:]
        for value in operands:
            if isinstance(value, OpResult) and value.op.name.startswith("linalg.") and value.op not in pulled:
                pulled.add(value.op)
                work.append(value.op)
    return pulled


def split_loop(op: Operation, workers: int) -> int | None:
    """The loop along which `op` would be cut into `workers` slices; None when the split leaves
    it whole on one thread (scheduled elsewhere, dynamic, under `MIN_ELEMENTS`, no balanced loop)."""
    if len(op.results) != 1 or any(a in op.attributes for a in SCHEDULED_ATTRS):
        return None
    types = [v.type for v in op.operands if isinstance(v.type, TensorType)] + [op.results[0].type]
    if not all(isinstance(t, TensorType) and t.has_static_shape() for t in types):
        return None
    shape = op.results[0].type.get_shape()
    if math.prod(shape) < MIN_ELEMENTS:
        return None
    return balanced_loop([shape[d] for d in _splittable_loops(op)], _splittable_loops(op), workers)


MAX_IMBALANCE = 1.0625
"""A split whose busiest worker has more than this times the mean work is one to avoid: 7 rows on
2 workers (4 and 3: 8/7 = 1.14) leave the second CPU idle for a seventh of the op."""


def imbalance(trip_count: int, workers: int) -> float:
    """The busiest worker's share over the mean when `trip_count` iterations are cut into
    `workers` slices (`tile_using_forall num_threads`: ceil(trip_count / workers) each)."""
    return -(-trip_count // workers) * workers / trip_count


def balanced_loop(trip_counts: list[int], loops: list[int], workers: int) -> int | None:
    """The loop to split among `loops` (outermost first, with `trip_counts`): the first with at
    least `workers` iterations that splits within `MAX_IMBALANCE` (the outer loop keeps the
    slices contiguous), else the best balanced of those with enough iterations (DenseNet-121's 7 x 7
    x 1024 batch norm on two CPUs: the channels, not the 7 rows); None when no loop has enough."""
    enough = [(imbalance(n, workers), d) for n, d in zip(trip_counts, loops, strict=True) if n >= workers]
    if not enough:
        return None
    return next((d for share, d in enough if share <= MAX_IMBALANCE), min(enough)[1])


def is_an_init(op: Operation) -> bool:
    """A result of `op` is the `outs` operand of a linalg op (the last operands, one per result)."""
    return any(use.operation.name.startswith("linalg.") and
               use.index >= len(use.operation.operands) - len(use.operation.results)
               for result in op.results for use in result.uses)


def function_bodies(module: ModuleOp) -> Iterator[tuple[func.FuncOp, list[Operation], set[Operation]]]:
    """Each function of `module` with a body: the function, its top-level ops, and those ops
    the other schedules' fusions may pull into their tiles (`pulled_by_schedules`)."""
    for function in module.walk():
        if isinstance(function, func.FuncOp) and function.body.blocks:
            block_ops = list(function.body.block.ops)
            yield function, block_ops, pulled_by_schedules(block_ops)


def plan_parallel_split(module: ModuleOp, workers: int) -> list[int]:
    """Mark the ops of `module` to split across `workers` CPUs (module docstring); the loop each
    split is along, by instance. Run after the other schedules' plans.

    The last op of a chain is the instance's root (`PARALLEL_SPLIT_ATTR`); its producers that
    only it reads (through the chain) are fused into its slices (`PARALLEL_PRODUCER_ATTR`), so
    that `linalg-fuse-elementwise-ops` still makes one pass of a batch norm and ReLU, per slice."""
    if workers < 2:
        return []
    from xfuse.backends.parallel.parallel_concat import concat_copies  # it reads this module's function_bodies
    from xfuse.backends.schedules.rows import ROWS_ATTR  # rows.py reads this module's attributes
    from xfuse.backends.schedules.pools import POOL_ATTR  # pools.py reads this module's split_loop

    concat_copies(module, MIN_ELEMENTS)
    slices = split_slices(workers)
    loops: list[int] = []
    for function, block_ops, pulled in function_bodies(module):
        taken: set[Operation] = set()

        def candidate(op: Operation) -> bool:
            # a row reduction the row schedule vectorizes (planned first) stays whole: on one thread
            # in vectors it is several times faster than either half of a split in scalar loops
            return op not in pulled and op not in taken and op.name.startswith("linalg.") and not is_an_init(op) \
                and ROWS_ATTR not in op.attributes and POOL_ATTR not in op.attributes

        for op in reversed(block_ops):
            if not candidate(op):
                continue
            loop = split_loop(op, slices)
            if loop is None:
                continue
            instance = IntegerAttr(len(loops), IntegerType(64))
            op.attributes[PARALLEL_SPLIT_ATTR] = instance
            loops.append(loop)
            taken.add(op)
            work = [op]
            while work:
                consumer = work.pop()
                for value in consumer.operands:
                    producer = value.op if isinstance(value, OpResult) else None
                    if producer is None or producer.parent_block() is not function.body.block or \
                            not candidate(producer) or split_loop(producer, 1) is None or \
                            {use.operation for use in value.uses} != {consumer}:
                        continue
                    producer.attributes[PARALLEL_PRODUCER_ATTR] = instance
                    taken.add(producer)
                    work.append(producer)
    return loops


UNEVEN_OUTER_SLICES_VECTORIZED = False
"""With it, slices along an outer loop that the slices do not divide evenly (ViT's 197 token rows
in 99 and 98) are vectorized too: the vector tile (`1 x ... x 1 x T`) cuts only the innermost
dimension, so a slice of a dynamic number of rows is tiled into static tiles. Off: on ViT at two
threads (its 32 ops of 197 x 192 split, `MIN_ELEMENTS` at 32 K) it measured no faster than
LLVM's loops (0.99 of the call in one interleaved run; 1.04 together with
`TOP_LEVEL_LEFT_BY_SPLIT` in another), and at 64 K those ops are not
split (docs/backend-measurements.md "Zen 3, tenth session"). Agrees (tests)."""


def slice_vector_tiles(module: ModuleOp, loops: list[int], workers: int,
                       target: CpuTarget) -> list[tuple[int, ...] | None]:
    """Per instance of `plan_parallel_split`, the vector tile of its slices when its root and
    every producer fused into it are elementwise generics read in whole vectors
    (schedules/elementwise.py `is_elementwise`: batch norms, ReLUs, the concatenations' copies)
    and the slice's innermost dimension holds whole vectors (`vector_tile`); else None. Uneven
    slices (`UNEVEN_OUTER_SLICES_VECTORIZED`) qualify when the split loop is not the innermost. At one
    thread the elementwise schedule vectorizes such chains; left to LLVM's loop vectorizer, a
    slice ran its scalar path whenever the result was written in place of an input (its runtime
    overlap check), and DenseNet-121's regions did 9% more work at two threads than at one."""
    from xfuse.backends.schedules.elementwise import is_elementwise, vector_tile

    members: dict[int, list[Operation]] = {}
    for op in module.walk():
        for attr in (PARALLEL_SPLIT_ATTR, PARALLEL_PRODUCER_ATTR):
            if attr in op.attributes:
                members.setdefault(op.attributes[attr].value.data, []).append(op)
    tiles: list[tuple[int, ...] | None] = []
    slices = split_slices(workers)
    for k, loop in enumerate(loops):
        ops = members.get(k, [])
        root = next((op for op in ops if PARALLEL_SPLIT_ATTR in op.attributes), None)
        shape = list(root.results[0].type.get_shape()) if root is not None else []
        if root is None or not all(is_elementwise(op) for op in ops) or (shape[loop] % slices and not (
                UNEVEN_OUTER_SLICES_VECTORIZED and loop < len(shape) - 1)):
            tiles.append(None)
            continue
        shape[loop] = -(-shape[loop] // slices)  # the larger slice (`tile_using_forall`: ceil)
        tiles.append(vector_tile(shape, root.results[0].type.get_element_type().bitwidth, target))
    return tiles


def parallel_split_body(loops: list[int], workers: int,
                        vector_tiles: list[tuple[int, ...] | None] | None = None) -> list[str]:
    """The transform ops (on `%root`) that tile each marked root into `workers` slices along its
    loop (`loops[k]` for instance `k`) and fuse its marked producers into them, then, where
    `vector_tiles[k]` is given (`slice_vector_tiles`), tile each slice by it and vectorize; []
    when none."""
    from xfuse.backends.schedules.elementwise import tile_and_vectorize, vector_cleanup

    body = []
    vector_tiles = vector_tiles or [None] * len(loops)
    for k, (loop, tile) in enumerate(zip(loops, vector_tiles, strict=True)):
        threads = [0] * loop + [split_slices(workers)]
        body.append(f"""\
    %split{k} = transform.structured.match attributes{{{PARALLEL_SPLIT_ATTR} = {k} : i64}} in %root
      : ({_ANY}) -> {_ANY}
    %split{k}_tiled, %split{k}_forall = transform.structured.tile_using_forall %split{k} num_threads {threads}
      : ({_ANY}) -> ({_ANY}, {_ANY})
    %split{k}_producers = transform.structured.match attributes{{{PARALLEL_PRODUCER_ATTR} = {k} : i64}} in %root
      : ({_ANY}) -> {_ANY}
""" + fuse_into_each("    ", f"%split{k}_producers", f"%split{k}_forall", f"%split{k}_fused",
                       f"%split{k}_forall_fused"))
        if tile is not None:  # matched again in the slices (the fusion consumed the forall's handle),
            # by a foreach: a part of a function scheduled in parts may hold no slice of it (in_parts.py)
            body.append(f"""\
    %split{k}_slice, %split{k}_slice_producers = transform.foreach %split{k}_forall_fused : {_ANY} -> {_ANY}, {_ANY} {{
    ^bb0(%slices: {_ANY}):
      %slice = transform.structured.match attributes{{{PARALLEL_SPLIT_ATTR} = {k} : i64}} in %slices : ({_ANY}) -> {_ANY}
      %slice_producers = transform.structured.match attributes{{{PARALLEL_PRODUCER_ATTR} = {k} : i64}} in %slices
        : ({_ANY}) -> {_ANY}
      transform.yield %slice, %slice_producers : {_ANY}, {_ANY}
    }}
""" + tile_and_vectorize(f"split{k}_v", f"%split{k}_slice", f"%split{k}_slice_producers", tile))
    if any(tile is not None for tile in vector_tiles):
        body.append(vector_cleanup("split"))
    return ["".join(body)] if body else []

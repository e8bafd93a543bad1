"""Vectorized elementwise chains: the ops no other schedule takes, in whole vectors.

In the sequential micro-kernel pipeline, an elementwise `linalg.generic` that no register tile
fused (the transformer layer's GELU after its bias add, whose input has two readers; the ReLU
after a channel-split convolution at a function's top level) is lowered by
`convert-linalg-to-loops` to scalar loops, which LLVM's loop vectorizer does not always take:
the GELU's erf polynomial ran as `vmulss`/`vaddss`, 0.256 ms for 128 x 1024 elements.

`plan_elementwise(module, target)` marks the last op of each such chain with
`ELEMENTWISE_ATTR` = its instance number, and the elementwise producers only that chain reads
(a producer read several times by the chain gets a copy per reader, `_share`) with
`ELEMENTWISE_PRODUCER_ATTR` = the same number (the parallel split's planning,
xfuse/backends/parallel/parallel_split.py, restricted to elementwise generics). `elementwise_bodies`
tiles each root `1 x ... x 1 x T` (`T` whole vectors of the innermost dimension), fuses the
marked producers into the tile loop, and vectorizes the tile: one pass over memory per chain, on
vectors. A squeeze-excite multiply reads its `1x1x1xC` gate through `(d0, 0, 0, d3)`, whole
vectors along the innermost loop (`_read_in_vectors`), and leaves the gate's producer out of the
chain (`_broadcast_read`); an operand that does not vary along the innermost loop (a
recurrence's `T x 1 x 1` onehot through `(d0, d1, 0)`) is one broadcast per tile row
(`INVARIANT_READS`). A chain whose innermost dimension no whole vector divides, with
dynamic shapes, or with a generic that reads an operand through constant zeros across the
innermost loop (torch-mlir's batch norms read their
`C x 1 x 1` scale through `(c, 0, 0)`: `_chain`) keeps the loops.

The parallel pipelines leave the top-level ones to the parallel split (one `scf.forall` slice per
CPU); the chains in loop bodies, and the top-level ones the split leaves on one thread (too small
to split), are vectorized here at every thread count (`nested_only`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from xdsl.dialects.builtin import IntegerAttr, IntegerType, ModuleOp, TensorType
from xdsl.ir import Block, Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.parallel.parallel_split import (PARALLEL_PRODUCER_ATTR, PARALLEL_SPLIT_ATTR, SCHEDULED_ATTRS,
                                                    function_bodies, is_an_init)
from xfuse.backends.schedules.matmul import _is_identity, fuse_into_each
from xfuse.backends.schedules.pools import POOL_ATTR
from xfuse.backends.schedules.row_kernels import ROW_KERNEL_MEMBER_ATTR
from xfuse.backends.target import CpuTarget

ELEMENTWISE_ATTR = "xfuse.microkernel_elementwise"
ELEMENTWISE_PRODUCER_ATTR = "xfuse.microkernel_elementwise_producer"
SPLIT_ATTRS = (PARALLEL_SPLIT_ATTR, PARALLEL_PRODUCER_ATTR)
TILE_VECTORS = (4, 2, 1)
"""Vectors per tile along the innermost dimension, the first that divides it: a chain's values
for one tile stay in registers between its ops. Powers of two only: a `vector<48xf32>` is
widened to 64 lanes and rebuilt element by element (schedules/micro_tile.py's `TILE_VECTORS`); with 3
allowed, DenseNet's 96-, 160-, ... channel batch norms ran 1.7x slower than scalar loops. The
GELU of the transformer layer (128 x 1024): 0.208 ms with one vector, 0.165 with two, 0.132-0.140
with four, 0.128 with sixteen."""

_ANY = "!transform.any_op"


def is_elementwise(op: Operation) -> bool:
    """A single-result `linalg.generic` on static float tensors whose loops are all parallel,
    whose result map is the identity and whose other maps are projected permutations."""
    if op.name != "linalg.generic" or len(op.results) != 1:
        return False
    result = op.results[0].type
    if not (isinstance(result, TensorType) and result.has_static_shape() and result.get_num_dims() > 0
            and result.get_element_type().name in ("f16", "f32", "f64")):
        return False
    if any(str(it.data) != "parallel" for it in op.properties["iterator_types"].data):
        return False
    maps = [m.data for m in op.properties["indexing_maps"].data]
    if not _is_identity(maps[-1]) or not all(_read_in_vectors(m, v) for m, v in zip(maps, op.operands)):
        return False
    return all(isinstance(v.type, TensorType) and v.type.has_static_shape() for v in op.operands
               if isinstance(v.type, TensorType))


def _read_in_vectors(map_: AffineMap, operand: SSAValue) -> bool:
    """Whether a tile reads `operand` through `map_` in whole vectors: a projected permutation,
    or a broadcast whose constant zeros index size-1 dimensions and whose last result is the
    innermost loop (the squeeze-excite gate `1x1x1xC` read through `(d0, 0, 0, d3)`: a tile reads
    a contiguous vector of it). Left to the loops, the multiply was LLVM's loop-vectorized code
    behind a runtime overlap check whose scalar path runs when the result is written in place of
    its input, and `linalg-fuse-elementwise-ops` fused into it a gate no chain had taken (32
    channels: one tile, no loop, `_tile`): an exp per pixel and channel.
    A broadcast along the innermost loop (a batch norm's `1xCx1x1` scale read through
    `(d0, d3, 0, 0)` in NCHW) reads element by element and is not taken."""
    if map_.is_projected_permutation():
        return True
    if not (map_.results and map_.is_projected_permutation(allow_zero_in_results=True)
            and isinstance(operand.type, TensorType)):
        return False
    last, shape = map_.results[-1], operand.type.get_shape()
    ones = all(shape[i] == 1 for i, e in enumerate(map_.results) if isinstance(e, AffineConstantExpr))
    if INVARIANT_READS and ones and not any(isinstance(e, AffineDimExpr) and e.position == map_.num_dims - 1
                                            for e in map_.results):
        return True  # the same element across the innermost loop: one broadcast per vector
    return isinstance(last, AffineDimExpr) and last.position == map_.num_dims - 1 and ones


INVARIANT_READS = True
"""A chain may read an operand that does not vary along the innermost loop through constant zeros
on size-1 dimensions (`(d0, d1, 0)` of a `T x 1 x 1` tensor): one element per tile row, a
broadcast. A recurrence's output blend `y + onehot(t) * h` (xfuse/onnx/recurrent.py, `[T, batch,
hidden]` per step) reads its `onehot` so; refused, the blend was left to LLVM's loop vectorizer,
which vectorized it across the T rows with `vgatherqps`/`vscatterqps`: 79% of a 32-hidden LSTM's
step loop (perf, Zen 4). A switch for A/B measurements."""


WHOLE_TILE_IN_LOOPS = True
"""A chain in a loop body whose one tile is its whole shape (at most `TILE_VECTORS[0]` vectors:
an LSTM's gates at 64 hidden on AVX-512, 32 on AVX2) is tiled by its shape and vectorized too;
before, `vector_tile` refused it (no loop to fuse into) and the step's sigmoid and tanh
polynomials ran as scalar loops, on AVX-512 up to 64 hidden where AVX2 vectorized from 64 up.
At a function's top level such a chain stays refused (LLVM's loops take it). A switch for A/B
measurements."""


def _tile(op: Operation, target: CpuTarget, whole: bool = False) -> tuple[int, ...] | None:
    result = op.results[0].type
    return vector_tile(result.get_shape(), result.get_element_type().bitwidth, target, whole)


def vector_tile(shape: Sequence[int], element_bits: int, target: CpuTarget,
                whole: bool = False) -> tuple[int, ...] | None:
    """The tile `1 x ... x 1 x T` (`T` whole vectors, `TILE_VECTORS`) of an elementwise chain of
    `shape`; None when no whole vector divides the innermost dimension, or the tile is the whole
    shape (no loop to fuse into) unless `whole` (`WHOLE_TILE_IN_LOOPS`)."""
    lanes = target.lanes(element_bits)
    widths = [v * lanes for v in TILE_VECTORS if shape[-1] % (v * lanes) == 0]
    if not widths or (math.prod(shape) == widths[0] and not whole):
        return None
    return (*[1] * (len(shape) - 1), widths[0])


SHARED_READERS = 4
"""At most this many readers for a producer that joins a chain although it has several (each
reader gets its own copy, `_share`)."""


def _chain(root: Operation, block, candidate) -> tuple[list[Operation], list[Operation]] | None:
    """The producers of `root` that only its chain reads and that join its tiles: elementwise
    generics of its shape; and those of them that have several readers, all in the chain.
    None when a generic that `linalg-fuse-elementwise-ops` would fuse with the chain (one
    reader, all loops parallel) does not qualify (a batch norm's `(c, 0, 0)` scale, which the
    vectorizer reads element by element): the whole chain then stays one fused loop nest,
    rather than becoming two passes.

    A producer with several readers (the transformer's bias add, read by both halves of its
    GELU) joins once all its readers have: it is computed again in each reader's tile rather
    than in a pass of its own over memory. Only when its operands come from outside the chain's
    candidates, so that copying it gives no other producer a second reader."""
    members, chain, shared, pending = {root}, [], [], set()
    work = [root]
    while True:
        while work:
            consumer = work.pop()
            for index, value in enumerate(consumer.operands):
                producer = value.op if isinstance(value, OpResult) else None
                if producer is None or producer in members or producer.parent_block() is not block or any(
                        a in producer.attributes for a in SCHEDULED_ATTRS):
                    continue  # a scheduled op (a contraction's register tiles) is stored before the chain reads it
                if _broadcast_read(consumer, index) and not _is_bool(value):
                    continue  # stays a small op of its own (`_broadcast_read`)
                readers = {use.operation for use in value.uses}
                if readers != {consumer}:
                    if _shareable(producer, readers, root, candidate):
                        pending.add(producer)
                    continue
                if candidate(producer) and producer.results[0].type == root.results[0].type:
                    chain.append(producer)
                    members.add(producer)
                    work.append(producer)
                elif producer.name == "linalg.generic" and all(
                        str(it.data) == "parallel" for it in producer.properties["iterator_types"].data):
                    return None
        ready = [p for p in pending if {use.operation for use in p.results[0].uses} <= members]
        if not ready:
            return chain, shared
        for producer in ready:
            pending.discard(producer)
            chain.append(producer)
            shared.append(producer)
            members.add(producer)
            work.append(producer)


def _broadcast_read(consumer: Operation, index: int) -> bool:
    """Whether `consumer` reads its operand `index` through constant zeros (a squeeze-excite gate
    `1x1x1xC` read by the multiply of the whole activation through `(d0, 0, 0, d3)`). Its
    producer stays out of the chain, a pass over its few elements: fused into the chain's tiles
    (or by `linalg-fuse-elementwise-ops` into the loops), it is computed again for every element
    of the chain (EfficientNet's sigmoid gate: an exp polynomial per pixel and channel)."""
    maps = consumer.properties.get("indexing_maps")
    return (consumer.name == "linalg.generic" and maps is not None and index < len(maps.data)
            and any(isinstance(e, AffineConstantExpr) for e in maps.data[index].data.results))


def _is_bool(value: SSAValue) -> bool:
    """Whether `value` is a tensor of `i1`: a broadcast bool (an attention mask compared from bytes,
    read by every head) stays fused into its reader, since a buffer of `i1` is what MLIR 22's
    memref-to-LLVM lowering asserts on (docs/backend.md, "Calling with numpy")."""
    return isinstance(value.type, TensorType) and value.type.get_element_type() == IntegerType(1)


def _shareable(producer: Operation, readers: set[Operation], root: Operation, candidate) -> bool:
    return (len(readers) <= SHARED_READERS and candidate(producer)
            and producer.results[0].type == root.results[0].type
            and not any(isinstance(v, OpResult) and candidate(v.op) for v in producer.operands))


def _share(producer: Operation, instance: IntegerAttr) -> None:
    """Give every reader of `producer` but the first a copy of its own, marked as a producer of
    `instance`: `fuse_into_containing_op` fuses a producer for one reader only."""
    readers = list(dict.fromkeys(use.operation for use in producer.results[0].uses))
    for reader in readers[1:]:
        copy = producer.clone()
        copy.attributes[ELEMENTWISE_PRODUCER_ATTR] = instance
        Rewriter.insert_op(copy, InsertPoint.after(producer))
        for index, operand in enumerate(reader.operands):
            if operand == producer.results[0]:
                reader.operands[index] = copy.results[0]


TOP_LEVEL_LEFT_BY_SPLIT = True
"""In the parallel pipelines, the top-level chains the parallel split left on one thread (results
under its `MIN_ELEMENTS`) are vectorized here as at one thread; before, only the chains in loop
bodies were, and ViT's layer-norm pieces of 197 x 192 ran as LLVM's loops at two threads (the
switch for the A/B, docs/backend-measurements.md "Zen 3, tenth session")."""


def plan_elementwise(module: ModuleOp, target: CpuTarget, nested_only: bool = False) -> list[tuple[int, ...]]:
    """Mark the chains to vectorize (module docstring); the root's tile sizes, by instance. Run
    after the other schedules' plans: their ops, the ops their fusions pull in, and inits are
    left alone. `nested_only`: the parallel pipelines, where the parallel split takes top-level
    ops first: only the chains in loop bodies and, with `TOP_LEVEL_LEFT_BY_SPLIT`, the top-level
    ones of ops the split did not take."""
    tiles: list[tuple[int, ...]] = []
    for function, _, pulled in function_bodies(module):
        taken: set[Operation] = set()

        def candidate(op: Operation) -> bool:
            return (op not in pulled and op not in taken and is_elementwise(op) and not is_an_init(op)
                    and not any(a in op.attributes for a in (*SCHEDULED_ATTRS, POOL_ATTR, *SPLIT_ATTRS,
                                                             ROW_KERNEL_MEMBER_ATTR)))

        for block in _loop_bodies(function.body.block):
            if nested_only and block is function.body.block and not TOP_LEVEL_LEFT_BY_SPLIT:
                continue
            for op in reversed(list(block.ops)):
                nested = WHOLE_TILE_IN_LOOPS and block is not function.body.block
                if not candidate(op) or (tile := _tile(op, target, nested)) is None:
                    continue
                found = _chain(op, block, candidate)
                if found is None:
                    continue
                chain, shared = found
                instance = IntegerAttr(len(tiles), IntegerType(64))
                op.attributes[ELEMENTWISE_ATTR] = instance
                for producer in chain:
                    producer.attributes[ELEMENTWISE_PRODUCER_ATTR] = instance
                for producer in shared:
                    _share(producer, instance)
                taken.update([op, *chain])
                tiles.append(tile)
    return tiles


def _loop_bodies(block: Block) -> Iterator[Block]:
    """`block` and the bodies of the `scf.for` and `scf.forall` loops in it, nested loops too: a
    recurrence's step (an LSTM's gates after its `h R` matmul, docs/onnx-conformance.md
    "Recurrent ops") is such a body, and its chain, which the matmul's register tiles do not take
    (a loop-carried next state, schedules/matmul.py `_root_of`), ran as scalar loops: sigmoid and
    tanh polynomials on `vmulss`, 3-4x onnxruntime's time per step. An `scf.forall` body is a
    fused tile or a weight panel, whose chain the contraction schedules take up to its first long
    op (`EPILOGUE_MAX_OPS`: a GELU after a Linear layer's bias add); the rest is vectorized here,
    on the stored tile."""
    yield block
    for op in block.ops:
        if op.name in ("scf.for", "scf.forall"):
            for region in op.regions:
                for inner in region.blocks:
                    yield from _loop_bodies(inner)


def elementwise_matches(tiles: list[tuple[int, ...]]) -> list[str]:
    """The handles to each chain's root (`%eroot{k}`) and producers (`%eprod{k}`), matched before
    any other schedule runs: a register tile or a convolution that fuses a chain op (a residual
    read at the tile, BERT's embedding gathers through their sum) clones it with its attributes,
    and a clone the vectorizer refused would match the chain's attribute too. The chain's root
    handle then held the clones as well, whose loops made `fuse_into_containing_op` run twice on
    its consumed producer handle, and mlir-opt failed (a one-layer BERT). [] when there is none."""
    return ["".join(f"""\
    %eroot{k} = transform.structured.match attributes{{{ELEMENTWISE_ATTR} = {k} : i64}} in %root : ({_ANY}) -> {_ANY}
    %eprod{k} = transform.structured.match attributes{{{ELEMENTWISE_PRODUCER_ATTR} = {k} : i64}} in %root : ({_ANY}) -> {_ANY}
""" for k in range(len(tiles)))] if tiles else []


def tile_and_vectorize(name: str, root: str, producers: str, tile: tuple[int, ...]) -> str:
    """The transform ops tiling the ops of handle `root` by `tile` (`scf.for` loops), fusing the
    ops of handle `producers` into the innermost loop and vectorizing every linalg op of the
    loops; `name` prefixes the handles they define. Run `vector_cleanup` once after all of them."""
    loops = [f"%{name}_loop{d}" for d in range(len(tile))]
    results = ", ".join([_ANY] * (len(tile) + 1))
    return f"""\
    %{name}_tile, {", ".join(loops)} = transform.structured.tile_using_for {root} tile_sizes {list(tile)}
      : ({_ANY}) -> ({results})
    %{name}_inner = transform.get_parent_op %{name}_tile {{op_name = "scf.for"}} : ({_ANY}) -> {_ANY}
{fuse_into_each("    ", producers, f"%{name}_inner", f"%{name}_fused", f"%{name}_loop")}\
    transform.foreach %{name}_loop : {_ANY} {{
    ^bb0(%eloop: {_ANY}):
      %eops = transform.structured.match interface{{LinalgOp}} in %eloop : ({_ANY}) -> {_ANY}
      transform.structured.vectorize %eops : {_ANY}
    }}
"""


def vector_cleanup(name: str) -> str:
    """Transform ops after `tile_and_vectorize`: the tiles' vector transfers folded into
    whole-vector loads and stores; `name` prefixes the handle they define (the elementwise
    schedule and the parallel split's slices both run one at two threads)."""
    return f"""\
    %{name}_funcs = transform.structured.match ops{{["func.func"]}} in %root : ({_ANY}) -> {_ANY}
    transform.apply_patterns to %{name}_funcs {{
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
      transform.apply_patterns.canonicalization
    }} : {_ANY}
"""


def elementwise_bodies(tiles: list[tuple[int, ...]]) -> list[str]:
    """The transform ops (on `%root`) tiling each marked root (`tiles[k]` for instance `k`),
    fusing its marked producers into the innermost tile loop and vectorizing that loop's ops;
    [] when there is none. They use the handles of `elementwise_matches`, which come first."""
    if not tiles:
        return []
    lines = [f"    // elementwise chain {k}: tiles of {list(tile)}, producers fused, vectorized\n"
             + tile_and_vectorize(f"e{k}", f"%eroot{k}", f"%eprod{k}", tile) for k, tile in enumerate(tiles)]
    return ["".join([*lines, vector_cleanup("elementwise")])]

"""Row reductions in whole vectors: the maxima and sums of softmax and layer norm.

torch-mlir lowers ONNX's Softmax and LayerNormalization (and ReduceSum/ReduceMean/ReduceMax over
the last axis) to `linalg.generic`s whose last loop is a reduction. `convert-linalg-to-loops`
makes each a scalar loop in which every add waits for the one before (LLVM does not reorder
float adds): the transformer layer's softmax (4 x 128 rows of 128) took 0.126 ms and each of
its layer norms (128 rows of 256) 0.088 ms on Zen 4, alone.

`plan_rows(module, target)` first puts these ops into one form (below), then marks each that
qualifies with `ROWS_ATTR` = its instance number. `row_bodies` tiles every parallel loop of a
marked op by 1 and vectorizes the whole row: a `vector.multi_reduction` of the row, lowered as
an inner reduction (`vector.reduction`), which `convert-vector-to-llvm{reassociate-fp-reductions}`
(the micro-kernel pipelines, xfuse/backends/pipelines.py) makes a tree of vector ops instead of a
chain of scalar ones. Softmax 0.126 -> 0.084 ms, layer norm 0.088 -> 0.042 ms.

The form, same values, computed in another order only within the reassociated reduction:
- `drop_unused_results`: torch-mlir's `aten.max.dim` (the softmax's row maximum) computes an
  i64 argmax beside the maximum, with `linalg.index`, which nothing reads; the result, its init
  and what computes it are dropped.
- `drop_kept_dimension`: a reduced dimension kept with size 1 (output map `(d0, d1, 0)`) is
  dropped from the op and put back by a `tensor.expand_shape` of its result. Vectorized as it
  was, the result's transfers carry a permutation map that `cast_away_vector_leading_one_dim` and
  `transfer_permutation_patterns` rewrite into each other without end (the transform
  interpreter did not finish). The generics that read the kept dimension through a constant 0
  read the reduced result directly (`_read_unexpanded`), so that the elementwise schedule takes
  them: softmax's `exp(x - max)` ran as scalar loops, 0.032 of the softmax's 0.058 ms.

What qualifies: static float shapes; every loop parallel but the last, a reduction; the inputs
read through the identity map and the output through the parallel loops; the row at least one
vector, at most `MAX_ROW_BYTES` (a row no whole vector divides is one `vector<197xf32>`, which
LLVM loads as whole vectors and a tail: ViT's softmax sums over 197 tokens 0.107 -> 0.013 ms,
its maxima 0.025 -> 0.017; docs/backend-measurements.md, ninth session); a body whose yield
combines its output with a value of the
inputs by one of `COMBINERS` (what the vectorizer recognizes), reading no `linalg.index`; an op no
other schedule planned (contractions, their fusions, parallel splits). Longer rows keep their
loops (tiling the reduction into vector-wide partial sums is not done).
"""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, IntegerAttr, IntegerType, ModuleOp, TensorType, i64
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.parallel.parallel_split import (
    PARALLEL_PRODUCER_ATTR,
    PARALLEL_SPLIT_ATTR,
    SCHEDULED_ATTRS,
    function_bodies,
)
from xfuse.backends.schedules.pools import POOL_ATTR
from xfuse.backends.target import CpuTarget
from xfuse.transforms.batch_matmul import MLIR_FILL, erase_if_dead
from xfuse.transforms.unused_results import drop_unused_results

ROWS_ATTR = "xfuse.microkernel_rows"
MAX_ROW_BYTES = 1024
"""The longest row vectorized whole: 256 f32, 16 AVX-512 registers, whose loads and the tree that
reduces them fit the 32 vector registers (with AVX2, 32 of its 16: LLVM interleaves the loads
with the adds of the tree)."""
COMBINERS = ("arith.addf", "arith.mulf", "arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf")
_ANY = "!transform.any_op"


def _iterators(op: Operation) -> list[str]:
    return [str(it.data) for it in op.properties["iterator_types"].data]


def _reduces_last_loop(op: Operation) -> bool:
    if op.name != "linalg.generic":
        return False
    iterators = _iterators(op)
    return len(iterators) >= 2 and iterators[-1] == "reduction" and all(it == "parallel" for it in iterators[:-1])


def unit_row_groups(rank: int) -> list[list[int]]:
    """The reassociation that folds a kept unit last dimension into the row dimension before it."""
    return [[d] for d in range(rank - 2)] + [[rank - 2, rank - 1]]


def _static(value: SSAValue) -> bool:
    return isinstance(value.type, TensorType) and value.type.has_static_shape()


def _kept_dimension(op: Operation) -> bool:
    """The output map is `(d0, .., dn-1) -> (d0, .., dn-2, 0)` on a result of rank >= 2."""
    if len(op.results) != 1 or not _static(op.results[0]):
        return False
    output_map = op.properties["indexing_maps"].data[-1].data
    rank = len(_iterators(op))
    results = output_map.results
    return (rank >= 2 and len(results) == rank
            and all(isinstance(e, AffineDimExpr) and e.position == d for d, e in enumerate(results[:-1]))
            and isinstance(results[-1], AffineConstantExpr) and results[-1].value == 0
            and op.results[0].type.get_shape()[-1] == 1)


def drop_kept_dimension(op: Operation) -> Operation | None:
    """`op` reducing into the result without its kept unit dimension, that result expanded back
    (module docstring); None unless its output map is `(d0, .., dn-2, 0)`."""
    if not (_reduces_last_loop(op) and _kept_dimension(op)):
        return None
    result_type = op.results[0].type
    shape = result_type.get_shape()
    collapsed = TensorType(result_type.get_element_type(), shape[:-1])
    groups = unit_row_groups(len(shape))
    reassociation = ArrayAttr(ArrayAttr(IntegerAttr(d, i64) for d in group) for group in groups)
    init = op.operands[-1]
    fill = init.op if isinstance(init, OpResult) else None
    if isinstance(fill, FillOp) and isinstance(fill.outputs[0], OpResult) and fill.outputs[0].op.name == "tensor.empty":
        empty = tensor.EmptyOp([], collapsed)
        new_fill = MLIR_FILL([fill.inputs[0]], [empty.tensor], [collapsed])
        Rewriter.insert_op([empty, new_fill], InsertPoint.before(op))
        new_init = new_fill.results[0]
    else:
        collapse = tensor.CollapseShapeOp(operands=[init], result_types=[collapsed],
                                          properties={"reassociation": reassociation})
        Rewriter.insert_op(collapse, InsertPoint.before(op))
        new_init = collapse.results[0]
    rank = len(_iterators(op))
    maps = op.properties["indexing_maps"].data
    output_map = AffineMap(rank, 0, tuple(AffineDimExpr(d) for d in range(rank - 1)))
    new = type(op)(list(op.operands[:-1]), [new_init], op.regions[0].clone(),
                   ArrayAttr([*maps[:-1], AffineMapAttr(output_map)]), op.properties["iterator_types"], [collapsed])
    new.attributes.update(op.attributes)
    expand = tensor.ExpandShapeOp(new.results[0], [], reassociation, shape, result_type)
    Rewriter.insert_op([new, expand], InsertPoint.before(op))
    op.results[0].replace_all_uses_with(expand.results[0])
    Rewriter.erase_op(op)
    erase_if_dead(init.owner)
    return new


def _read_unexpanded(expand: Operation) -> None:
    """Let the generics that read `expand`'s result through a constant 0 in its unit dimension
    (softmax's subtraction of the row maximum, `(d0, d1, d2, 0)`) read its source instead, through
    the map without that 0: a projected permutation, which the elementwise schedule vectorizes
    (xfuse/backends/schedules/elementwise.py)."""
    if expand.name != "tensor.expand_shape" or expand.results[0].type.get_shape()[-1:] != (1,):
        return
    groups = [[d.value.data for d in group.data] for group in expand.properties["reassociation"].data]
    rank = expand.results[0].type.get_num_dims()
    if groups != unit_row_groups(rank):
        return
    value = expand.results[0]
    for use in list(value.uses):
        reader = use.operation
        if reader.name != "linalg.generic" or use.index >= len(reader.operands) - len(reader.results):
            continue
        maps = list(reader.properties["indexing_maps"].data)
        read = maps[use.index].data
        last = read.results[-1] if read.results else None
        if not (isinstance(last, AffineConstantExpr) and last.value == 0):
            continue
        maps[use.index] = AffineMapAttr(AffineMap(read.num_dims, read.num_symbols, read.results[:-1]))
        reader.properties["indexing_maps"] = ArrayAttr(maps)
        reader.operands[use.index] = expand.operands[0]
    if not value.uses:
        Rewriter.erase_op(expand)


def _combines_output(op: Operation) -> bool:
    """The body yields `combiner(value of the inputs, output)` and reads no `linalg.index`."""
    block = op.regions[0].block
    out = block.args[-1]
    (yielded,) = block.last_op.operands
    combiner = yielded.op if isinstance(yielded, OpResult) else None
    if combiner is None or combiner.name not in COMBINERS or out not in combiner.operands:
        return False
    if {use.operation for use in out.uses} != {combiner}:
        return False
    return not any(inner.name == "linalg.index" for inner in block.ops)


def row_vectors(op: Operation, target: CpuTarget) -> int | None:
    """The vectors of a row of `op`, the last one partial, if it qualifies (module docstring),
    else None."""
    if not _reduces_last_loop(op) or len(op.results) != 1:
        return None
    if not all(_static(v) for v in op.operands) or not _static(op.results[0]):
        return None
    element = op.results[0].type.get_element_type()
    if element.name not in ("f16", "f32", "f64"):
        return None
    rank = len(_iterators(op))
    maps = [m.data for m in op.properties["indexing_maps"].data]
    identity = AffineMap.identity(rank)
    rows = AffineMap(rank, 0, tuple(AffineDimExpr(d) for d in range(rank - 1)))
    if any(m != identity for m in maps[:-1]) or maps[-1] != rows or not _combines_output(op):
        return None
    if any(not isinstance(v.type, TensorType) for v in op.operands):
        return None
    lanes = target.lanes(element.bitwidth)
    length = op.operands[0].type.get_shape()[-1]
    if length < lanes or not length * element.bitwidth <= 8 * MAX_ROW_BYTES:
        return None
    return -(-length // lanes)


def plan_rows(module: ModuleOp, target: CpuTarget) -> list[int]:
    """Normalize and mark the row reductions of `module` (module docstring); the rank of each
    marked op, by instance. Run after the contraction and convolution plans, before the parallel
    split's (xfuse/backends/parallel/parallel_split.py), which leaves the marked ops whole."""
    ranks: list[int] = []
    for function, block_ops, pulled in function_bodies(module):
        for op in block_ops:
            if op in pulled or any(a in op.attributes for a in (*SCHEDULED_ATTRS, POOL_ATTR, PARALLEL_SPLIT_ATTR,
                                                                 PARALLEL_PRODUCER_ATTR)):
                continue
            if not _reduces_last_loop(op):
                continue
            op = drop_unused_results(op) or op
            op = drop_kept_dimension(op) or op
            if row_vectors(op, target) is None:
                continue
            for use in list(op.results[0].uses):
                _read_unexpanded(use.operation)
            op.attributes[ROWS_ATTR] = IntegerAttr(len(ranks), IntegerType(64))
            ranks.append(len(_iterators(op)))
    return ranks


def row_bodies(ranks: list[int]) -> list[str]:
    """The transform ops (on `%root`) tiling each marked op's parallel loops by 1 and vectorizing
    its rows (`ranks[k]` loops for instance `k`); [] when there is none."""
    if not ranks:
        return []
    lines = []
    for k, rank in enumerate(ranks):
        loops = ", ".join(f"%rows{k}_loop{d}" for d in range(rank - 1))
        lines.append(f"""\
    // row reduction {k}: one row per iteration, vectorized whole
    %rows{k} = transform.structured.match attributes{{{ROWS_ATTR} = {k} : i64}} in %root : ({_ANY}) -> {_ANY}
    %rows{k}_tile, {loops} = transform.structured.tile_using_for %rows{k} tile_sizes {[1] * (rank - 1) + [0]}
      : ({_ANY}) -> ({", ".join([_ANY] * rank)})
    transform.structured.vectorize %rows{k}_tile : {_ANY}
""")
    lines.append(f"""\
    %rows_funcs = transform.structured.match ops{{["func.func"]}} in %root : ({_ANY}) -> {_ANY}
""" + row_patterns("%rows_funcs", "    "))
    return ["".join(lines)]


def row_patterns(handle: str, indent: str) -> str:
    """The patterns after vectorizing rows, applied in the ops of `handle`: the leading unit
    dims cast away, slices folded into the transfers, then each `vector.multi_reduction` of a
    row an inner `vector.reduction`."""
    return f"""\
{indent}transform.apply_patterns to {handle} {{
{indent}  transform.apply_patterns.vector.cast_away_vector_leading_one_dim
{indent}  transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
{indent}  transform.apply_patterns.canonicalization
{indent}}} : {_ANY}
{indent}transform.apply_patterns to {handle} {{
{indent}  transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerreduction"
{indent}}} : {_ANY}
"""

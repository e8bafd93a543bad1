"""A LayerNorm or a softmax over the last dim as one loop over its rows, each row's statistics
and its normalization computed together in vectors.

torch-mlir decomposes ONNX's LayerNormalization (and the exporters' `ReduceMean`, `Sub`, `Pow`,
`ReduceMean`, `Add`, `Sqrt`, `Div`, `Mul`, `Add`) into one `linalg.generic` per step: the row sum,
the mean, the centred values, their squares, the sum of squares, the variance's `1/sqrt(v + eps)`,
the scaled and shifted result. Each step is a pass over the whole `rows x N` tensor (ViT's
197 x 192, 148 KiB: out of L1), and at two threads each is its own parallel region or, under
`parallel_split.MIN_ELEMENTS`, a serial loop: ViT's nine LayerNorms a call held about ten serial
loops each (docs/backend-measurements.md, "Zen 3, fourteenth session").

`plan_row_kernels(module, target)` finds each such group from the IR, not by name: a *row sum*
(a reduction over the last loop combining with `arith.addf`) of a value `x`, whose result reaches
(through per-row elementwise ops and unit-dim reshapes) a *centring* generic `x - s` (`s` read
broadcast along the row), whose result feeds a *second row sum* of its squares; the group is
every top-level op reachable from the first sum through row-wise ops (`row_ops`), ending in one
op of `x`'s shape that the rest of the function reads. The group is rebuilt in an `scf.forall`
over the rows, one row per iteration, on slices of its outside inputs (`extract_slice` at the
row; the plan and rebuild of `xfuse-slice-before-rows`, xfuse/transforms/slice_rows_first.py),
the result written in its row of the loop's output (`parallel_insert_slice`). `row_kernel_bodies`
vectorizes every op of the body: a row is a few vectors, and the intermediate rows, written to
and read from tensors of one row, fold into registers (`transfer_read` of a `transfer_write`).
The variance stays two-pass (the sum of the squares of the centred row, which is in L1), not
`E[x^2] - E[x]^2`. At one thread the forall is a loop (`scf-forall-to-for`); at two its rows are
split across the threads in one region.

Before the rebuild the group is put in one form: the reductions' kept unit dimension dropped
(`rows.drop_kept_dimension`), and the per-row elementwise ops of the statistics, torch-mlir's
`1 x rows x 1` generics between an `expand_shape` and a `collapse_shape`, computed on the rows
without the unit dim (`_drop_unit_row_dim`): a reshape in the body would be a buffer of its own.

Softmax is found the same way, from a *row maximum* of `x` (a reduction over the last loop
combining with `arith.maximumf`): the group closes at a result of `x`'s shape that reads `e`
whole and a statistic of a row sum of `e` once per row (the division), where `e` is computed
from a member that subtracts the maximum (read once per row) from `x` (`exp(x - max)`, one
generic after xfuse-merge-elementwise or two before; `_softmax_shaped`). The elementwise ops of
the rows' shape that compute `x` and that nothing else reads (the attention's scale, a mask add)
join the group (`_producers`): they are computed on the row in the loop instead of a pass of
their own. torch-mlir's row maximum also computes an argmax nothing reads: it is dropped first
(`drop_unused_results`). A softmax's rows are two leading dims (heads, queries): the loop runs
over their product, each dim's index taken from the row by a division and a remainder, and the
plan slices row dim `k` at the loop's index `k` (`slice_rows_first.slice_offsets`).

What qualifies: static float shapes; rows of at least one vector and at most
`MAX_ROW_BYTES` (a row is vectorized whole); a result with leading dims that are not 1
(the loop runs over their product; a single row is left alone); no op of the group planned by
another schedule or pulled into one.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, IndexType, IntegerAttr, IntegerType, ModuleOp, TensorType
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.parallel.parallel_split import PARALLEL_PRODUCER_ATTR, PARALLEL_SPLIT_ATTR, SCHEDULED_ATTRS, \
    function_bodies, is_an_init
from xfuse.backends.schedules.pools import POOL_ATTR
from xfuse.backends.schedules.rows import ROWS_ATTR, _iterators, _reduces_last_loop, _read_unexpanded, \
    drop_kept_dimension, row_patterns, unit_row_groups
from xfuse.backends.target import CpuTarget
from xfuse.dialects.scf import ForallOp
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.interfaces.tiling_utils import extract_slice
from xfuse.transforms.batch_matmul import erase_if_dead
from xfuse.transforms.diffusion_cost import tensor_bytes
from xfuse.transforms.unused_results import drop_unused_results
from xfuse.transforms.slice_rows_first import RowSlicePlan, Spec, _static_shape, _structured_maps, apply_plan, \
    operand_specs

ENABLED = True
"""Whether LayerNorms become row kernels (benchmarks/flag_ab.py A/Bs it: `row_kernels:ENABLED`)."""
SOFTMAX_ENABLED = True
"""Whether softmaxes become row kernels too (`row_kernels:SOFTMAX_ENABLED`)."""
SOFTMAX_AT_ONE_THREAD = "beyond_l2"
"""Which softmaxes a one-thread build takes: "beyond_l2", those whose scores are larger than a
core's L2; "in_registers", those and the ones whose row fits in half the vector registers
(`_row_in_registers`: AVX-512's 4 x 128 x 128 attention; an A/B of the nineteenth session,
docs/backend-measurements.md); "always". A row vectorized whole runs `exp` on 16 ymm registers and spills, which
a one-thread loop pays where the old ops' scores were already in cache: the zoo's 4 x 128 x 128
transformer layer 0.94 -> 0.99x onnxruntime (3/12 rounds), against 12 x 197 x 197 (1.8 MiB)
alone 0.84 of the old build (15/15); at two threads the rows are one parallel region and every
size gains or is level (docs/backend-measurements.md, "Zen 3, sixteenth session: softmax")."""
ROW_KERNEL_ATTR = "xfuse.row_kernel"
"""On the `scf.forall` of a row kernel: its instance number."""
ROW_KERNEL_MEMBER_ATTR = "xfuse.row_kernel_member"
"""On the ops of a row kernel's body: no other schedule takes them (the elementwise schedule
plans chains in loop bodies)."""
_OTHER_PLANS = (*SCHEDULED_ATTRS, POOL_ATTR, ROWS_ATTR, PARALLEL_SPLIT_ATTR, PARALLEL_PRODUCER_ATTR)
_RESHAPES = ("tensor.collapse_shape", "tensor.expand_shape")
_MAXIMA = ("arith.maximumf", "arith.maxnumf")
MAX_ROW_BYTES = 4096
"""The longest row a kernel takes, vectorized whole: 1024 f32 (BERT-base's and ViT-B's 768
fit). Four times the row-reduction schedule's (`rows.MAX_ROW_BYTES`), whose longer rows keep
scalar loops: a LayerNorm of 197 x 768 took 0.392 ms as ops one by one and 0.127 as a kernel
(its reductions trees of 96 vectors, which LLVM interleaves with the loads; one thread,
interleaved, 30 of 30 rounds; docs/backend-measurements.md, "Zen 3, fifteenth session")."""
_ANY = "!transform.any_op"


def _body_ops(op: Operation) -> list[Operation]:
    return list(op.regions[0].block.ops)


def _all_parallel(op: Operation) -> bool:
    return op.name == "linalg.generic" and all(it == "parallel" for it in _iterators(op))


def _reduces_rows_by(op: Operation, combiners: tuple[str, ...]) -> bool:
    """A reduction over the last loop whose body is `combiner(in, out)`."""
    if not _reduces_last_loop(op) or len(op.results) != 1:
        return False
    body = _body_ops(op)
    block = op.regions[0].block
    return (len(body) == 2 and body[0].name in combiners and set(body[0].operands) == {block.args[0], block.args[-1]}
            and body[1].operands[0] is body[0].results[0])


def _adds_rows(op: Operation) -> bool:
    """A row sum: a reduction over the last loop whose body is `in + out`."""
    return _reduces_rows_by(op, ("arith.addf",))


def _maxes_rows(op: Operation) -> bool:
    """A row maximum: a reduction over the last loop whose body is `max(in, out)`."""
    return _reduces_rows_by(op, _MAXIMA)


def _whole_and_per_row(op: Operation) -> tuple[int, int] | None:
    """(a, b): `op` is elementwise with two inputs, input `a` read whole (identity map) and `b`
    once per row (its map drops the last loop or reads it at 0); else None."""
    if not _all_parallel(op) or len(op.operands) != 3 or len(op.results) != 1:
        return None
    maps = [m.data for m in op.properties["indexing_maps"].data]
    rank = len(_iterators(op))
    rows = tuple(AffineDimExpr(d) for d in range(rank - 1))
    kept = rows + (AffineConstantExpr(0),)  # the statistic with its unit dim: (d0, .., 0)
    for a, b in ((0, 1), (1, 0)):
        if maps[a] == AffineMap.identity(rank) and tuple(maps[b].results) in (rows, kept):
            return a, b
    return None


def _centres(op: Operation) -> tuple[SSAValue, SSAValue] | None:
    """(x, s) when `op` computes `x - s` with `x` read whole and `s` once per row (its map
    drops the last loop or reads it at 0); else None."""
    reads = _whole_and_per_row(op)
    if reads is None:
        return None
    body, block = _body_ops(op), op.regions[0].block
    if len(body) != 2 or body[0].name != "arith.subf" or body[1].operands[0] is not body[0].results[0]:
        return None
    a, b = reads
    if tuple(body[0].operands) != (block.args[a], block.args[b]):
        return None
    return op.operands[a], op.operands[b]


def _squares_summed(value: SSAValue) -> list[Operation]:
    """The row sums of the squares of `value` (centred rows): row sums of `value * value` (a
    generic multiplying its two reads of it) or of `value` with a body that squares it."""
    sums = []
    for use in value.uses:
        op = use.operation
        if _all_parallel(op) and len(op.operands) == 3 and op.operands[0] is value and op.operands[1] is value:
            body, block = _body_ops(op), op.regions[0].block
            if len(body) == 2 and body[0].name == "arith.mulf" and set(body[0].operands) == set(block.args[:2]):
                sums += [u.operation for u in op.results[0].uses if _adds_rows(u.operation)]
        elif _reduces_last_loop(op) and len(op.results) == 1:
            body, block = _body_ops(op), op.regions[0].block
            if len(body) == 3 and body[0].name == "arith.mulf" and list(body[0].operands) == [block.args[0]] * 2 \
                    and body[1].name == "arith.addf" and set(body[1].operands) == {body[0].results[0], block.args[-1]}:
                sums.append(op)
    return sums


def _statistic_of(value: SSAValue) -> Operation | None:
    """The row reduction `value` is computed from through reshapes and one-input per-row ops;
    None when it is not one's."""
    while isinstance(value, OpResult):
        op = value.op
        if op.name in _RESHAPES:
            value = op.operands[0]
        elif _reduces_last_loop(op):
            return op
        elif _all_parallel(op) and len(op.operands) == 2:
            value = op.operands[0]
        else:
            return None
    return None


def _from_row_sum_of(value: SSAValue, x: SSAValue) -> bool:
    """`value` is computed from a row sum of `x` through reshapes and one-input per-row ops."""
    total = _statistic_of(value)
    return total is not None and _adds_rows(total) and total.operands[0] is x


def row_ops(op: Operation, pulled: set[Operation]) -> bool:
    """Whether `op` may join a row kernel: a top-level static reshape, or a structured generic
    (elementwise, or reducing its last loop) no other schedule planned or pulls in."""
    if op in pulled or any(a in op.attributes for a in _OTHER_PLANS) or is_an_init(op):
        return False
    if op.name in _RESHAPES:
        return _static_shape(op.operands[0]) is not None and _static_shape(op.results[0]) is not None
    if op.name != "linalg.generic" or _structured_maps(op) is None:
        return False
    return _all_parallel(op) or _reduces_last_loop(op)


def _group(first: Operation, pulled: set[Operation]) -> list[Operation] | None:
    """The ops of the LayerNorm whose first row sum is `first` (block order, its result last),
    or None. The candidates are every row op reachable from `first` through readers; a reshape
    joins only when it reshapes a statistic (one value a row): one of the rows themselves is a
    result taken apart (Swin's windows). The group is the first candidate in block order whose
    result has the summed rows' shape, that `first` reaches, and that is all another op reads of
    the candidates it depends on: Swin's patch-embedding LayerNorm is read by the first block's,
    whose ops are candidates too, and ends before them."""
    block = first.parent_block()
    rows = prod(first.results[0].type.get_shape())
    members = {first}
    work = [first]
    while work:
        for result in work.pop().results:
            for use in result.uses:
                reader = use.operation
                if reader in members or reader.parent_block() is not block or not row_ops(reader, pulled):
                    continue
                if reader.name in _RESHAPES and prod(reader.operands[0].type.get_shape()) != rows:
                    continue
                members.add(reader)
                work.append(reader)
    order = {op: i for i, op in enumerate(block.ops)}
    shape = _static_shape(first.operands[0])
    for root in sorted(members, key=order.__getitem__):
        # the root is computed into its row of the loop's output: a body reading its init is not
        if not _all_parallel(root) or _static_shape(root.results[0]) != shape or root.regions[0].block.args[-1].uses:
            continue
        needed = {root}
        work = [root]
        while work:
            for value in work.pop().operands:
                if isinstance(value, OpResult) and value.op in members and value.op not in needed:
                    needed.add(value.op)
                    work.append(value.op)
        if first not in needed:
            continue
        if all(use.operation in needed for op in needed if op is not root for r in op.results for use in r.uses):
            group = sorted(needed, key=order.__getitem__)
            if _layer_norm_shaped(group, first) or _softmax_shaped(group, first):
                return group
    return None


def _drop_unit_row_dim(op: Operation) -> Operation | None:
    """A per-row elementwise op on `rows x 1` whose inputs are `expand_shape`s of `rows`
    computed on `rows`, its result expanded back (the module docstring); None when `op` is not
    one."""
    if not _all_parallel(op) or len(op.results) != 1 or _static_shape(op.results[0]) is None:
        return None
    shape = _static_shape(op.results[0])
    rank = len(shape)
    maps = [m.data for m in op.properties["indexing_maps"].data]
    if rank < 2 or shape[-1] != 1 or any(m != AffineMap.identity(rank) for m in maps):
        return None
    groups = unit_row_groups(rank)
    sources = []
    for value in op.operands[:-1]:
        expand = value.op if isinstance(value, OpResult) else None
        if expand is None or expand.name != "tensor.expand_shape" or \
                [[d.value.data for d in g.data] for g in expand.properties["reassociation"].data] != groups:
            return None
        sources.append(expand.operands[0])
    init = op.operands[-1]
    if not (isinstance(init, OpResult) and isinstance(init.op, tensor.EmptyOp)):
        return None
    collapsed = TensorType(op.results[0].type.get_element_type(), shape[:-1])
    empty = tensor.EmptyOp([], collapsed)
    identity = AffineMapAttr(AffineMap.identity(rank - 1))
    new = type(op)(sources, [empty.tensor], op.regions[0].clone(), ArrayAttr([identity] * len(maps)),
                   ArrayAttr(op.properties["iterator_types"].data[:-1]), [collapsed])
    new.attributes.update(op.attributes)
    reassociation = op.operands[0].op.properties["reassociation"]
    expand = tensor.ExpandShapeOp(new.results[0], [], reassociation, shape, op.results[0].type)
    Rewriter.insert_op([empty, new, expand], InsertPoint.before(op))
    op.results[0].replace_all_uses_with(expand.results[0])
    old_inputs = [v.op for v in op.operands[:-1]]
    Rewriter.erase_op(op)
    for dead in [*old_inputs, init.op]:
        erase_if_dead(dead)
    _fold_collapses(expand)
    return new


def _fold_collapses(expand: Operation) -> None:
    """Readers `collapse_shape(expand_shape(v))` with the same reassociation read `v`."""
    for use in list(expand.results[0].uses):
        reader = use.operation
        if reader.name == "tensor.collapse_shape" and reader.properties["reassociation"] == \
                expand.properties["reassociation"] and reader.results[0].type == expand.operands[0].type:
            reader.results[0].replace_all_uses_with(expand.operands[0])
            Rewriter.erase_op(reader)
    _read_unexpanded(expand)


def _normalize(group: list[Operation]) -> list[Operation]:
    """The group in the form the rebuild wants (module docstring); its ops, in block order."""
    block = group[0].parent_block()
    kept: list[Operation] = []
    for op in group:
        if op.parent_block() is None:  # erased by an earlier rewrite (a folded collapse)
            continue
        new = drop_kept_dimension(op) if _reduces_last_loop(op) else None
        if new is not None:
            expand = next(u.operation for u in new.results[0].uses)
            _fold_collapses(expand)
            kept += [new, expand] if expand.parent_block() is not None else [new]
            continue
        if op.name == "tensor.expand_shape":  # a statistic's: its readers read the statistic itself
            _read_unexpanded(op)
            if op.parent_block() is None:
                continue
        new = _drop_unit_row_dim(op)
        if new is not None:
            expand = new.results[0].first_use.operation if new.results[0].first_use else None
            kept += [new] + ([expand] if expand is not None and expand.parent_block() is not None else [])
            continue
        kept.append(op)
    alive = [op for op in kept if op.parent_block() is block]
    for op in list(alive):
        if op.name in _RESHAPES and not op.results[0].uses:
            Rewriter.erase_op(op)
            alive.remove(op)
    order = {op: i for i, op in enumerate(block.ops)}
    return sorted(set(alive), key=order.__getitem__)


def _row_plan(group: list[Operation]) -> tuple[RowSlicePlan, list[int]] | None:
    """The slices of one row of the group's result (the row dims: the leading dims that are not
    1, a softmax's heads and queries), each member's result read the same way by every reader;
    None otherwise. Row dim `k` is planned at offset `k` (`slice_rows_first.slice_offsets`)."""
    root = group[-1]
    shape = _static_shape(root.results[0])
    dims = [d for d, size in enumerate(shape[:-1]) if size != 1]
    if not dims:
        return None
    specs: dict[SSAValue, Spec] = {
        root.results[0]: tuple((dims.index(d), 1) if d in dims else (0, s) for d, s in enumerate(shape))}
    members = set(group)
    for op in reversed(group):
        value = op.results[0]
        if value not in specs or any(use.operation not in members for use in value.uses if op is not root):
            return None
        wanted = operand_specs(op, specs[value])
        if wanted is None:
            return None
        inputs = op.operands[:1] if op.name in _RESHAPES else op.operands[:-1]
        for operand, spec in zip(inputs, wanted, strict=False):
            if specs.setdefault(operand, spec) != spec:
                return None
    return RowSlicePlan(group, specs), dims


def _row_indices(row: SSAValue, sizes: list[int], at: InsertPoint) -> list[SSAValue]:
    """The index in each row dim of the loop's row `row` (row-major over `sizes`)."""
    if len(sizes) == 1:
        return [row]
    builder = Builder(at)
    indices = []
    for k, size in enumerate(sizes):
        stride = prod(sizes[k + 1:])
        index = row
        if stride != 1:
            index = builder.insert(arith.DivUIOp(index, builder.insert(
                arith.ConstantOp.from_int_and_width(stride, IndexType())))).result
        if k:
            index = builder.insert(arith.RemUIOp(index, builder.insert(
                arith.ConstantOp.from_int_and_width(size, IndexType())))).result
        indices.append(index)
    return indices


def _rebuild(group: list[Operation], found: RowSlicePlan, dims: list[int], instance: int) -> ForallOp:
    """The group as an `scf.forall` over its rows (module docstring), in place of its root;
    several row dims are one loop over their product."""
    root = group[-1]
    kind = root.results[0].type
    shape = _static_shape(root.results[0])
    out = tensor.EmptyOp([], kind)
    loop = ForallOp.from_bounds([prod(shape[d] for d in dims)], [out.tensor])
    loop.attributes[ROW_KERNEL_ATTR] = IntegerAttr(instance, IntegerType(64))
    Rewriter.insert_op([out, loop], InsertPoint.before(root))
    row, shared = loop.induction_vars[0], loop.region_iter_args[0]
    indices = _row_indices(row, [shape[d] for d in dims], InsertPoint.before(loop.terminator))
    result = apply_plan(root, root.results[0], found, at=InsertPoint.before(loop.terminator), offset=indices)
    offsets = [indices[dims.index(d)] if d in dims else 0 for d in range(len(shape))]
    sizes = [1 if d in dims else s for d, s in enumerate(shape)]
    # the row's result in its row of the loop's output (no buffer of its own)
    new_root = result.op
    destination = extract_slice(Builder(InsertPoint.before(new_root)), shared, offsets, sizes).result
    old_init = new_root.operands[-1]
    new_root.operands[len(new_root.operands) - 1] = destination
    erase_if_dead(old_init.owner)
    loop.terminator.body.add_op(ParallelInsertSliceOp(result, shared, offsets, sizes))
    for op in loop.body.block.ops:
        if op.name.startswith("linalg."):
            op.attributes[ROW_KERNEL_MEMBER_ATTR] = IntegerAttr(instance, IntegerType(64))
    root.results[0].replace_all_uses_with(loop.res[0])
    for op in reversed(group):
        inits = [op.operands[-1].owner] if op.name.startswith("linalg.") else []
        Rewriter.erase_op(op)
        for init in inits:
            if isinstance(init, Operation):
                erase_if_dead(init)
    return loop


def plan_row_kernels(module: ModuleOp, target: CpuTarget, parallel: bool = True) -> int:
    """Rebuild each LayerNorm- or softmax-shaped group of `module` as a row kernel (module
    docstring); the number of kernels (instances 0..n-1). `parallel`: the build runs its loops on
    more than one thread (else `SOFTMAX_AT_ONE_THREAD` applies). Run after the contraction and
    convolution plans (their fusion barriers decide what is pulled) and before the row and
    elementwise plans."""
    if not ENABLED:
        return 0
    count = 0
    for _, block_ops, pulled in function_bodies(module):
        for first in block_ops:
            if first.parent_block() is not None and _reduces_last_loop(first) and len(first.results) > 1:
                first = drop_unused_results(first) or first  # torch-mlir's row maximum computes an unread argmax
            softmax = SOFTMAX_ENABLED and _maxes_rows(first) and (parallel or _softmax_at_one_thread(first, target))
            if first.parent_block() is None or not (_adds_rows(first) or softmax) \
                    or not row_ops(first, pulled) or not _row_fits(first, target):
                continue
            group = _group(first, pulled)
            if group is None:
                continue
            if _maxes_rows(first):
                order = {op: i for i, op in enumerate(first.parent_block().ops)}
                group = sorted([*_producers(group, pulled), *group], key=order.__getitem__)
            group = _normalize(group)
            planned = _row_plan(group)
            if planned is None:
                continue
            found, dims = planned
            _rebuild(group, found, dims, count)
            count += 1
    return count


def _softmax_at_one_thread(first: Operation, target: CpuTarget) -> bool:
    """A one-thread build takes the softmax whose row maximum is `first` (`SOFTMAX_AT_ONE_THREAD`)."""
    if SOFTMAX_AT_ONE_THREAD == "always":
        return True
    if SOFTMAX_AT_ONE_THREAD not in ("beyond_l2", "in_registers"):
        raise ValueError(f"SOFTMAX_AT_ONE_THREAD is {SOFTMAX_AT_ONE_THREAD!r}: 'beyond_l2', 'in_registers' or 'always'")
    scores = tensor_bytes(first.operands[0].type)
    if scores is not None and scores > target.l2_bytes:
        return True
    return SOFTMAX_AT_ONE_THREAD == "in_registers" and _row_in_registers(first, target)


def _row_in_registers(first: Operation, target: CpuTarget) -> bool:
    """The row `first` reduces takes at most half the vector registers (`exp`'s polynomial needs
    the rest): 128 f32 are 8 of AVX-512's 32 zmm, 16 of AVX2's 16 ymm (which spill)."""
    shape = _static_shape(first.operands[0])
    if shape is None:
        return False
    bits = shape[-1] * first.operands[0].type.get_element_type().bitwidth
    return -(-bits // target.vector_bits) <= target.vector_registers // 2


def _row_fits(op: Operation, target: CpuTarget) -> bool:
    """The row `op` sums is static floats, at least one vector and at most `MAX_ROW_BYTES`."""
    shape = _static_shape(op.operands[0])
    if shape is None:
        return False
    element = op.operands[0].type.get_element_type()
    if element.name not in ("f16", "f32", "f64"):
        return False
    return target.lanes(element.bitwidth) <= shape[-1] and shape[-1] * element.bitwidth <= 8 * MAX_ROW_BYTES


def _layer_norm_shaped(group: list[Operation], first: Operation) -> bool:
    """The group centres `x` by a statistic of its row sum and sums the centred squares (in the
    group), and its result has `x`'s shape."""
    x = first.operands[0]
    root = group[-1]
    if not _all_parallel(root) or _static_shape(root.results[0]) != _static_shape(x):
        return False
    members = set(group)
    for op in group:
        centred = _centres(op)
        if centred is not None and centred[0] is x and _from_row_sum_of(centred[1], x) \
                and any(total in members for total in _squares_summed(op.results[0])):
            return True
    return False


def _shifts_by_maximum(op: Operation, x: SSAValue, maximum: Operation) -> bool:
    """`op` reads `x` whole and a statistic of the row maximum `maximum` once per row, and its
    body subtracts the one from the other (`exp(x - max)`, its `exp` expanded or not)."""
    reads = _whole_and_per_row(op)
    if reads is None:
        return False
    a, b = reads
    if op.operands[a] is not x or _statistic_of(op.operands[b]) is not maximum:
        return False
    block = op.regions[0].block
    return any(inner.name == "arith.subf" and tuple(inner.operands) == (block.args[a], block.args[b])
               for inner in block.ops)


def _softmax_shaped(group: list[Operation], first: Operation) -> bool:
    """`first` is a row maximum of `x`; a member shifts `x` by it (`e`), a member sums the rows
    of `e`, and the result, of `x`'s shape, reads `e` whole and a statistic of that sum once per
    row (the division)."""
    if not SOFTMAX_ENABLED or not _maxes_rows(first):
        return False
    x = first.operands[0]
    root = group[-1]
    reads = _whole_and_per_row(root)
    if reads is None or _static_shape(root.results[0]) != _static_shape(x):
        return False
    members = set(group)
    e, s = (root.operands[i] for i in reads)
    if not (_from_row_sum_of(s, e) and _statistic_of(s) in members):
        return False
    shifted = e  # `exp(x - max)` as one generic (merged) or `x - max` and then `exp`
    while isinstance(shifted, OpResult) and shifted.op in members and not _shifts_by_maximum(shifted.op, x, first):
        op = shifted.op
        if not (_all_parallel(op) and len(op.operands) == 2 and op.properties["indexing_maps"].data[0].data
                == AffineMap.identity(len(_iterators(op)))):
            return False
        shifted = op.operands[0]
    return isinstance(shifted, OpResult) and shifted.op in members


def _producers(group: list[Operation], pulled: set[Operation]) -> list[Operation]:
    """The elementwise ops of the rows' shape that compute the softmax's `x` (from the first
    member), transitively, read by nothing but the group: the attention's scale and mask add,
    computed in the loop on the row instead of a pass of their own over every row."""
    x = group[0].operands[0]
    shape = _static_shape(x)
    block = group[0].parent_block()
    inside = set(group)
    found: list[Operation] = []
    work = [x]
    while work:
        value = work.pop()
        op = value.op if isinstance(value, OpResult) else None
        if op is None or op in inside or op.parent_block() is not block or not _all_parallel(op) \
                or not row_ops(op, pulled) or len(op.results) != 1 or _static_shape(op.results[0]) != shape:
            continue
        maps = [m.data for m in op.properties["indexing_maps"].data]
        if maps[-1] != AffineMap.identity(len(shape)) or op.regions[0].block.args[-1].uses:
            continue
        if any(use.operation not in inside for use in op.results[0].uses):
            continue
        inside.add(op)
        found.append(op)
        work.extend(op.operands[:-1])
    return found


def row_kernel_bodies(count: int) -> list[str]:
    """The transform ops (on `%root`) vectorizing the body of each row kernel; [] when none.

    In each loop, after the vectorizer: a statistic read along the row (a `transfer_read` of the
    `1 x 1` tensor the statistic was written to, broadcast) becomes a read of what was written and
    a `vector.broadcast` (`transfer_permutation_patterns`), which canonicalization forwards from
    the write, so no statistic is stored; only then are the leading unit dims cast away (the two
    pattern sets together rewrite each other's results without end, schedules/rows.py)."""
    if not count:
        return []
    return ["".join(f"""\
    // row kernel {k}: every op of a row in vectors, the row statistics in registers
    %rowk{k} = transform.structured.match attributes{{{ROW_KERNEL_ATTR} = {k} : i64}} in %root : ({_ANY}) -> {_ANY}
    transform.foreach %rowk{k} : {_ANY} {{
    ^bb0(%loop: {_ANY}):
      %ops = transform.structured.match interface{{LinalgOp}} in %loop : ({_ANY}) -> {_ANY}
      transform.structured.vectorize %ops : {_ANY}
      transform.apply_patterns to %loop {{
        transform.apply_patterns.vector.transfer_permutation_patterns
        transform.apply_patterns.canonicalization
      }} : {_ANY}
""" + row_patterns("%loop", "      ") + """\
    }
""" for k in range(count))]


@dataclass(frozen=True)
class RowKernelsPass(ModulePass):
    """`xfuse-row-kernels`: the rebuild of `plan_row_kernels` alone, for the host's vectors (the
    micro-kernel pipelines run it themselves); to read and FileCheck the loops it makes."""

    name = "xfuse-row-kernels"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from xfuse.backends.target import host_target

        plan_row_kernels(op, host_target())

"""`xfuse-merge-elementwise`: each DAG of elementwise `linalg.generic`s whose intermediate results
nothing else reads becomes one `linalg.generic`.

MLIR's `linalg-fuse-elementwise-ops` fuses a producer into its consumer only when the consumer is
its one user: a value read twice stays a tensor of its own. torch-mlir's GELU is such a diamond,
`0.5 x (1 + erf(x / sqrt 2))` with `x` read by two multiplies, so the matmul before it
kept its epilogue to the bias add and the GELU ran as a separate pass over the 128 x 1024 result
(the transformer layer, docs/backend.md). Once the DAG is one op, `x` has a single reader, and
`xfuse-block-matmul-weights` and the micro-kernel schedule compute the whole GELU on the
matmul's register tiles. SiLU (`x * sigmoid(x)`) and every other activation written with
its input twice are the same shape.

    %a = generic ins(%x, %c0) ...      // x * (1 / sqrt 2)
    %b = generic ins(%a) ...           // erf
    %c = generic ins(%b, %c1) ...      // + 1
    %d = generic ins(%x, %c2) ...      // x * 0.5
    %e = generic ins(%d, %c) ...       // the sink
  ->
    %e = generic ins(%x) { the five bodies in order, the constants in the body }

What merges (the *members*, built backwards from a sink, last in its block first): a
`linalg.generic` with one result, parallel loops only, an identity output map and an init its body
does not read, whose result has the sink's shape (any element type: a cast chain merges, and a bool
mask, which mlir-opt 22 could not store, keeps no buffer). A member's producer joins when it is such a
generic in the same block, every use of its result is an input
of a member, and every member reads
it through the identity (then an element of it is the element of the same iteration). A producer
with a reader outside the members stays: merging it would compute it twice. The merged op reads
each outside input once per (value, indexing map), keeps the members' maps for them, writes into
the sink's init and sits where the sink was; the members' bodies are cloned in their block order,
so every value is computed before its use.

Splat constants (`arith.constant dense<c>`, any shape) read by a merged op become scalar
`arith.constant`s in its body, as MLIR's elementwise fusion folds them (`FoldScalarOrSplatConstant`):
an epilogue that reads the matmul's result and scalars only is a chain the schedules take.
Single generics are left as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.linalg.ops import GenericOp as AnyGenericOp
from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, DenseIntOrFPElementsAttr, ModuleOp, TensorType
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.ir import Block, Operation, OpResult, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.dialects.linalg_syntax import GenericOp


def _maps(op: Operation) -> list[AffineMap]:
    return [m.data for m in op.properties["indexing_maps"].data]


def _is_elementwise(op: Operation, result_type: object) -> bool:
    """`op` is a generic the pass may merge into a sink of result type `result_type` (module doc)."""
    # xDSL's own class too: the data-tiling passes build theirs (the printed syntax is the same)
    if not isinstance(op, AnyGenericOp) or len(op.results) != 1 or len(op.outputs) != 1:
        return False
    if not isinstance(result_type, TensorType) or not _merges_into(op.results[0].type, result_type):
        return False
    if any(str(it.data) != "parallel" for it in op.properties["iterator_types"].data):
        return False
    block = op.regions[0].blocks.first
    if block is None or len(op.regions[0].blocks) != 1 or block.args[-1].uses:
        return False
    rank = result_type.get_num_dims()
    return _maps(op)[-1] == AffineMap.identity(rank)


def _merges_into(produced: object, result_type: TensorType) -> bool:
    """A member's result has the sink's shape, of any element type: a cast chain (a quantization's
    divide, round, clamp, `fptosi`, `trunci`, `extui`, `subi`) is one pass over the tensor, and a
    mask (`i1`, torch-mlir's comparisons feeding a select) keeps no buffer, which mlir-opt 22
    could not store."""
    return isinstance(produced, TensorType) and produced.get_shape() == result_type.get_shape()


def _reads_through_identity(value: SSAValue, members: set[Operation]) -> bool:
    """Every use of `value` is an input of a member, read through the identity map."""
    for use in value.uses:
        op = use.operation
        if op not in members or use.index >= len(op.operands) - 1:
            return False
        if _maps(op)[use.index] != AffineMap.identity(_maps(op)[use.index].num_dims):
            return False
    return True


def _members(sink: Operation) -> list[Operation]:
    """The generics merged into `sink` (itself included), in block order."""
    result_type = sink.results[0].type
    block = sink.parent_block()
    members = {sink}
    grown = True
    while grown:
        grown = False
        for member in list(members):
            for operand in member.operands[:-1]:
                producer = operand.owner
                if not isinstance(producer, Operation) or producer in members or producer.parent_block() is not block:
                    continue
                if _is_elementwise(producer, result_type) and _reads_through_identity(operand, members):
                    members.add(producer)
                    grown = True
    # In block order, walking back from the sink (every member precedes it): a scan of the whole
    # block per sink made the pass quadratic (DenseNet-121: 187 sinks x 3,000 ops).
    ordered: list[Operation] = []
    op: Operation | None = sink
    while len(ordered) < len(members):
        assert op is not None
        if op in members:
            ordered.append(op)
        op = op.prev_op
    return ordered[::-1]


def _splat(value: SSAValue) -> arith.ConstantOp | None:
    """The `arith.constant` splat tensor `value` is, if it is one: a single stored element (a
    0-d tensor, or a splat the parser kept compact, xfuse/dense_elements.py)."""
    owner = value.owner
    if not isinstance(owner, arith.ConstantOp) or not isinstance(owner.value, DenseIntOrFPElementsAttr):
        return None
    return owner if len(owner.value) == 1 else None


def _merge(members: list[Operation]) -> Operation:
    """One generic computing `members` (in block order, the last the sink); replaces the sink."""
    sink = members[-1]
    computed: dict[SSAValue, SSAValue] = {}  # a member's result -> its value in the merged body
    inputs: list[SSAValue] = []
    input_maps: list[AffineMap] = []
    body = Block()
    arguments: dict[tuple[SSAValue, AffineMap], SSAValue] = {}
    constants: dict[SSAValue, SSAValue] = {}
    for member in members:
        source = member.regions[0].block
        mapping: dict[SSAValue, SSAValue] = {}
        for operand, map_, argument in zip(member.operands[:-1], _maps(member), source.args, strict=False):
            if operand in computed:
                mapping[argument] = computed[operand]
            elif (splat := _splat(operand)) is not None:
                if operand not in constants:
                    element = operand.type.get_element_type()
                    scalar = arith.ConstantOp(splat.value.get_attrs()[0], element)
                    body.add_op(scalar)
                    constants[operand] = scalar.result
                mapping[argument] = constants[operand]
            else:
                key = (operand, map_)
                if key not in arguments:
                    arguments[key] = body.insert_arg(argument.type, len(arguments))
                    arguments[key].name_hint = argument.name_hint
                    inputs.append(operand)
                    input_maps.append(map_)
                mapping[argument] = arguments[key]
        *ops, yield_op = source.ops
        for op in ops:
            clone = op.clone(value_mapper=mapping)
            body.add_op(clone)
        computed[member.results[0]] = mapping.get(yield_op.operands[0], yield_op.operands[0])
    sink_block = sink.regions[0].block
    body.insert_arg(sink_block.args[-1].type, len(arguments)).name_hint = sink_block.args[-1].name_hint
    *_, sink_yield = sink_block.ops
    body.add_op(type(sink_yield).create(operands=[computed[sink.results[0]]]))
    rank = sink.results[0].type.get_num_dims()
    merged = GenericOp(inputs, [sink.operands[-1]], Region(body),
                       ArrayAttr([AffineMapAttr(m) for m in [*input_maps, AffineMap.identity(rank)]]),
                       ArrayAttr([IteratorTypeAttr.parallel()] * rank), [sink.results[0].type])
    merged.attributes.update(sink.attributes)
    merged.location = sink.location
    Rewriter.insert_op(merged, InsertPoint.before(sink))
    sink.results[0].replace_all_uses_with(merged.results[0])
    inits = [member.operands[-1] for member in members[:-1]]
    for member in reversed(members):
        Rewriter.erase_op(member)
    for value in {*inits, *constants}:
        if isinstance(value, OpResult) and not value.uses and value.op.parent is not None \
                and value.op.name in ("tensor.empty", "arith.constant"):
            Rewriter.erase_op(value.op)
    return merged


def merge_elementwise(module: ModuleOp) -> int:
    """Merge every elementwise DAG of `module` (module doc); the number of generics merged away."""
    merged = 0
    for block in [b for op in module.walk() for region in op.regions for b in region.blocks]:
        ops = list(block.ops)
        erased: set[Operation] = set()
        for sink in reversed(ops):
            if sink in erased or not _is_elementwise(sink, sink.results[0].type if len(sink.results) == 1 else None):
                continue
            members = _members(sink)
            if len(members) < 2:
                continue
            erased.update(members)
            _merge(members)
            merged += len(members) - 1
    return merged


@dataclass(frozen=True)
class MergeElementwisePass(ModulePass):
    """`xfuse-merge-elementwise` (module doc)."""

    name = "xfuse-merge-elementwise"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        merge_elementwise(op)

"""Tensors of i1 kept as tensors of i8 (one byte per bool, 0 or 1) wherever they may reach memory.

MLIR 22's finalize-memref-to-llvm asserts on every load and store of an i1 memref
(`integralElementType.getWidth() >= 8`, MemRefToLLVM.cpp), and no upstream pass widens i1
buffers on the CPU path: `memref-emulate-narrow-type` packs sub-byte elements (eight bools per
byte, read-modify-write stores that parallel loops would race on) and is only exposed as a test
pass; `bool-num-bits` is an option of the SPIR-V conversion. A vector of i1 stored to memory
would be bit-packed by LLVM besides. So, before the module is lowered, every tensor of i1 in it
becomes a tensor of i8 (`bools_as_bytes`), which one-shot-bufferize then gives an i8 buffer:

- element-agnostic ops (`tensor.empty`, slices, reshapes, `concat`, `scf` loops and branches,
  calls and returns, ...) only change their types;
- where an element meets a scalar, the byte is read as `!= 0` and a bool written with `extui`
  (0 or 1): the body of a linalg op reading or writing one (a named op becoming the generic it
  stands for, unless its body only copies elements), `tensor.extract`/`insert`/`from_elements`/
  `splat`, the padding value of `tensor.pad`, dense constants;
- an arith/math op on whole tensors touching bools becomes the generic applying it per element
  (what convert-elementwise-to-linalg would make of it, with bytes for the bools);
- any other op that reads or writes a tensor of i1 keeps its i1 operands and results, converted
  by an elementwise generic on each side; such an i1 tensor may still need a buffer, which
  mlir-opt 22 refuses (an error quoting its assertion, never a wrong result).

Functions' signatures change with them: numpy stores one bool per byte, so the caller's bool
arrays are passed and filled as they are (xfuse/runtime/calling.py), without a copy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    DenseIntOrFPElementsAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    ModuleOp,
    TensorType,
    i1,
    i8,
)
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import BroadcastOp, GenericOp, YieldOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.dialects.linalg_map import MapOp
from xfuse.dialects.linalg_reduce import ReduceOp
from xfuse.interfaces.tiling_linalg import structured_view

ELEMENT_AGNOSTIC_OPS = frozenset({
    "tensor.empty", "tensor.extract_slice", "tensor.insert_slice", "tensor.parallel_insert_slice",
    "tensor.expand_shape", "tensor.collapse_shape", "tensor.cast", "tensor.reshape", "tensor.concat",
    "tensor.dim", "tensor.rank",
    "bufferization.alloc_tensor", "bufferization.materialize_in_destination",
    "scf.for", "scf.forall", "scf.forall.in_parallel", "scf.if", "scf.while", "scf.condition",
    "scf.yield", "scf.execute_region", "scf.index_switch",
    "func.call", "func.return",
})
"""Ops that move or hold elements without looking at them: only their types change (results
and region arguments that are tensors of i1)."""


@dataclass(frozen=True)
class BoolsAsBytesPass(ModulePass):
    """`xfuse-bools-as-bytes`: every tensor of i1 a tensor of i8 (module doc). `compile_module`
    runs it on every module it lowers."""

    name = "xfuse-bools-as-bytes"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        module_bools_as_bytes(op)


def is_bool_tensor(type_: Attribute) -> bool:
    return isinstance(type_, TensorType) and type_.element_type == i1


def _bytes_type(type_: Attribute) -> Attribute:
    if is_bool_tensor(type_):
        assert isinstance(type_, TensorType)
        return TensorType(i8, type_.get_shape(), type_.encoding)
    return type_


def module_bools_as_bytes(module: ModuleOp) -> bool:
    """`bools_as_bytes` on every function of `module` (calls between them stay consistent);
    whether anything changed."""
    changed = False
    for function in [op for op in module.walk() if isinstance(op, func.FuncOp)]:
        changed |= bools_as_bytes(function)
    return changed


def bools_as_bytes(function: func.FuncOp) -> bool:
    """Make every tensor of i1 in `function` (its signature too) a tensor of i8, reading bytes
    as `!= 0` and writing bools with `extui` where elements meet scalars; whether there were any.
    A function calling another one must be converted with it (`module_bools_as_bytes`)."""
    old_type = function.function_type
    changed = any(is_bool_tensor(t) for t in (*old_type.inputs.data, *old_type.outputs.data))
    function.function_type = FunctionType.from_lists([_bytes_type(t) for t in old_type.inputs.data],
                                                     [_bytes_type(t) for t in old_type.outputs.data])
    retyped: set[SSAValue] = set()  # the tensors of i8 that hold converted bools
    if function.body.blocks:
        changed |= _retype_region_arguments(function, retyped)
    for op in list(function.body.walk()):
        if op.parent is None:  # replaced by an earlier rewrite
            continue
        changed |= _convert(op, retyped)
    return changed


def _retype(value: SSAValue, retyped: set[SSAValue]) -> SSAValue:
    new = Rewriter.replace_value_with_new_type(value, _bytes_type(value.type))
    retyped.add(new)
    return new


def _retype_bool_tensors(values: list[SSAValue], retyped: set[SSAValue]) -> bool:
    """Retype every tensor of i1 among `values` as bytes; whether there was one."""
    bools = [value for value in values if is_bool_tensor(value.type)]
    for value in bools:
        _retype(value, retyped)
    return bool(bools)


def _retype_region_arguments(op: Operation, retyped: set[SSAValue]) -> bool:
    return _retype_bool_tensors([arg for region in op.regions for block in region.blocks for arg in block.args],
                                retyped)


def _retype_results(op: Operation, retyped: set[SSAValue]) -> bool:
    return _retype_bool_tensors(list(op.results), retyped)


def _convert(op: Operation, retyped: set[SSAValue]) -> bool:
    """Convert one op whose operands were converted already (the walk is in order)."""
    if op.name in ELEMENT_AGNOSTIC_OPS:
        return _retype_region_arguments(op, retyped) | _retype_results(op, retyped)
    if isinstance(op, (MapOp, BroadcastOp)) and any(v in retyped for v in op.operands):
        op = _as_generic(op, retyped)  # no structured-op interface in xDSL: the generic has one
    if isinstance(op, (LinalgStructuredOperation, ReduceOp)):
        return _convert_linalg(op, retyped)
    if isinstance(op, arith.ConstantOp):
        return _convert_constant(op, retyped)
    if isinstance(op, tensor.ExtractOp):
        if op.result.type != i1:
            return False
        byte = Rewriter.replace_value_with_new_type(op.result, i8)
        uses = list(byte.uses)
        ops = _nonzero(byte)
        Rewriter.insert_op(ops, InsertPoint.after(op))
        for use in uses:
            use.operation.operands[use.index] = ops[-1].results[0]
        return True
    if op.name in ("tensor.insert", "tensor.from_elements", "tensor.splat"):
        if not any(is_bool_tensor(r.type) for r in op.results):
            return False
        for index, operand in enumerate(op.operands):
            if operand.type == i1:
                widen = arith.ExtUIOp(operand, i8)
                Rewriter.insert_op(widen, InsertPoint.before(op))
                op.operands[index] = widen.result
        return _retype_results(op, retyped)
    if op.name in ("tensor.pad", "tensor.generate"):
        if not any(is_bool_tensor(r.type) for r in op.results):
            return False
        for block in op.regions[0].blocks:
            terminator = block.last_op
            assert terminator is not None
            _widen_yielded(terminator, range(len(terminator.operands)))
        return _retype_results(op, retyped)
    if _is_elementwise_on_tensors(op, retyped):
        return _elementwise_as_generic(op, retyped)
    return _keep_bools_around(op, retyped)


def _convert_linalg(op: LinalgStructuredOperation | ReduceOp, retyped: set[SSAValue]) -> bool:
    """A structured op or a `linalg.reduce` (the generic it stands for when its body changes):
    the body arguments of bool tensors become i8, read as `!= 0` unless only copied to a bool
    output, and bool outputs are yielded with `extui` unless copied from a bool input."""
    operands = list(op.operands)
    block = op.regions[0].block
    bool_positions = [i for i, v in enumerate(operands) if v in retyped and block.args[i].type == i1]
    if not bool_positions:
        return _retype_results(op, retyped)
    outputs_start = len(op.inputs)
    yield_op = block.last_op
    assert yield_op is not None
    converted = set(bool_positions)

    def copied(position: int) -> bool:  # the argument is only yielded to bool outputs as it is
        argument = block.args[position]
        return all(use.operation is yield_op and outputs_start + use.index in converted for use in argument.uses)

    def copied_in(index: int) -> bool:  # the output yields a bool argument as it is
        value = yield_op.operands[index]
        return value in block.args and block.args.index(value) in converted

    outputs = [i - outputs_start for i in bool_positions if i >= outputs_start]
    if not isinstance(op, GenericOp) and not (all(copied(i) for i in bool_positions)
                                              and all(copied_in(i) for i in outputs)):
        op = _as_generic(op)
        block = op.body.block
        yield_op = block.last_op
        assert yield_op is not None
    widened = [i for i in outputs if not copied_in(i)]
    read = [i for i in bool_positions if not copied(i)]
    for position in bool_positions:
        argument = block.args[position]
        byte = Rewriter.replace_value_with_new_type(argument, i8)
        if position in read:
            uses = [use for use in byte.uses
                    if not (use.operation is yield_op and outputs_start + use.index in converted)]
            if uses:
                ops = _nonzero(byte)
                Rewriter.insert_op(ops, InsertPoint.at_start(block))
                for use in uses:
                    use.operation.operands[use.index] = ops[-1].results[0]
    _widen_yielded(yield_op, widened)
    _retype_results(op, retyped)
    return True


def _widen_yielded(yield_op: Operation, indices: Iterable[int]) -> None:
    """The i1 values `yield_op` yields at `indices` widened to bytes (0 or 1)."""
    for index in indices:
        if yield_op.operands[index].type == i1:
            widen = arith.ExtUIOp(yield_op.operands[index], i8)
            Rewriter.insert_op(widen, InsertPoint.before(yield_op))
            yield_op.operands[index] = widen.result


def _convert_constant(op: arith.ConstantOp, retyped: set[SSAValue]) -> bool:
    value = op.value
    if not (isinstance(value, DenseIntOrFPElementsAttr) and is_bool_tensor(value.get_type())):
        return False
    bytes_ = DenseIntOrFPElementsAttr.from_list(_bytes_type(value.get_type()),
                                                [1 if v else 0 for v in value.get_values()])
    constant = arith.ConstantOp(bytes_)
    Rewriter.replace_op(op, constant)
    retyped.add(constant.result)
    return True


def _is_elementwise_on_tensors(op: Operation, retyped: set[SSAValue]) -> bool:
    """`op` is an arith or math op applied to whole tensors of one shape, with a bool among them."""
    values = [*op.operands, *op.results]
    if op.dialect_name() not in ("arith", "math") or op.regions or len(op.results) != 1:
        return False
    if not all(isinstance(v.type, TensorType) and v.type.get_shape() == values[0].type.get_shape() for v in values):
        return False
    return is_bool_tensor(op.results[0].type) or any(v in retyped for v in op.operands)


def _elementwise_as_generic(op: Operation, retyped: set[SSAValue]) -> bool:
    """An arith/math op on whole tensors touching bools as the linalg.generic applying it to
    each element (what convert-elementwise-to-linalg makes of it), with bytes for the bools."""
    result = op.results[0]
    assert isinstance(result.type, TensorType)
    bool_result = is_bool_tensor(result.type)
    operands = list(op.operands)

    def body(elements: list[SSAValue]) -> list[Operation]:
        ops: list[Operation] = []
        scalars = []
        for operand, element in zip(operands, elements, strict=True):
            if operand in retyped:
                ops += _nonzero(element)
                element = ops[-1].results[0]
            scalars.append(element)
        ops.append(type(op).create(operands=scalars, result_types=[result.type.element_type],
                                   properties=dict(op.properties), attributes=dict(op.attributes)))
        if bool_result:
            ops.append(arith.ExtUIOp(ops[-1].results[0], i8))
        return ops

    applied = _elementwise(operands, i8 if bool_result else result.type.element_type, body, InsertPoint.before(op))
    if bool_result:
        retyped.add(applied)
    Rewriter.replace_op(op, [], [applied])
    return True


def _keep_bools_around(op: Operation, retyped: set[SSAValue]) -> bool:
    """An op this pass does not know keeps its tensors of i1: its operands converted back from
    bytes and its results to bytes by elementwise generics."""
    changed = False
    for index, operand in enumerate(op.operands):
        if operand in retyped:
            op.operands[index] = _elementwise([operand], i1, lambda bytes_: _nonzero(bytes_[0]), InsertPoint.before(op))
            changed = True
    for result in op.results:
        if is_bool_tensor(result.type):
            uses = list(result.uses)
            widened = _elementwise([result], i8, lambda bits: [arith.ExtUIOp(bits[0], i8)], InsertPoint.after(op))
            for use in uses:
                use.operation.operands[use.index] = widened
            retyped.add(widened)
            changed = True
    return changed


def _as_generic(op: Operation, retyped: set[SSAValue] = frozenset()) -> GenericOp:
    """The linalg.generic `op` (a structured op, `linalg.reduce`, `map` or `broadcast`) stands for, in its place:
    the conversion goes into the body, which a named op's form does not show."""
    view = structured_view(op)
    assert view is not None
    if isinstance(op, BroadcastOp):  # a named op without a body in xDSL: out = in
        block = Block(arg_types=[_element(v, retyped) for v in view.operands])
        block.add_op(YieldOp(block.args[0]))
        body = Region(block)
    else:
        body = (op.body if isinstance(op, LinalgStructuredOperation) else op.regions[0]).clone()
    iterators = [IteratorTypeAttr(it) for it in view.iterator_types]
    generic = GenericOp(view.operands[:view.num_inputs], view.outputs, body,
                        [AffineMapAttr(m) for m in view.maps], iterators, op.result_types)
    Rewriter.replace_op(op, generic)
    return generic


def _element(value: SSAValue, retyped: set[SSAValue] | frozenset[SSAValue] = frozenset()) -> Attribute:
    """The element type of the tensor `value`, i1 if it holds converted bools (`retyped`)."""
    assert isinstance(value.type, TensorType)
    return i1 if value in retyped else value.type.element_type


def _nonzero(byte: SSAValue) -> list[Operation]:
    zero = arith.ConstantOp(IntegerAttr(0, i8))
    return [zero, arith.CmpiOp(byte, zero, "ne")]


def _elementwise(values: list[SSAValue], element: Attribute, body: Callable[[list[SSAValue]], list[Operation]],
                 where: InsertPoint) -> SSAValue:
    """A linalg.generic applying `body` (scalars -> ops, the last one's result yielded) to the
    elements of the tensors `values` (of one shape), giving a tensor of `element`, inserted at `where`."""
    type_ = values[0].type
    assert isinstance(type_, TensorType)
    shape = type_.get_shape()
    ops: list[Operation] = []
    sizes = []
    for dim, size in enumerate(shape):
        if size < 0:
            index = arith.ConstantOp(IntegerAttr(dim, IndexType()))
            measured = tensor.DimOp(values[0], index)
            ops += [index, measured]
            sizes.append(measured.result)
    empty = tensor.EmptyOp(sizes, TensorType(element, shape, type_.encoding))
    block = Block(arg_types=[*(_element(v) for v in values), element])
    scalar = body(list(block.args[:-1]))
    block.add_ops([*scalar, YieldOp(scalar[-1].results[0])])
    identity = AffineMapAttr(AffineMap.identity(len(shape)))
    generic = GenericOp(values, [empty.tensor], Region(block), [identity] * (len(values) + 1),
                        [IteratorTypeAttr.parallel()] * len(shape), [empty.tensor.type])
    Rewriter.insert_op([*ops, empty, generic], where)
    return generic.results[0]

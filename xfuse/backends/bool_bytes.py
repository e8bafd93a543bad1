"""Tensors of i1 at a compiled function's boundary passed as bytes: numpy's bool arrays.

MLIR 22's finalize-memref-to-llvm asserts on every load and store of an i1 memref
(`integralElementType.getWidth() >= 8`), so a function whose tensor arguments or results are i1
cannot be lowered as it is. numpy stores one bool per byte (0 or 1). Each i1 tensor argument
therefore becomes an i8 one, read as `!= 0`, and each i1 tensor result an i8 one, written with
`extui` (0 or 1): the caller's bool arrays are passed and filled as they are, without a copy.

A linalg op that reads the argument, or writes the result into a `tensor.empty`, takes the
conversion into its body (its other linalg readers too), a named op (`linalg.select`,
`linalg.transpose`) becoming the linalg.generic it stands for, so no i1 buffer is left at the
boundary on any pipeline. Other readers and writers (a slice, a result written over an initial
value) get an elementwise generic of their own; its i1 operand may then still need a buffer,
which mlir-opt 22 refuses (an error quoting its assertion, never a wrong result).
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    TensorType,
    i1,
    i8,
)
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, YieldOp
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue, Use
from xdsl.ir.affine import AffineMap
from xdsl.rewriter import InsertPoint, Rewriter


def is_bool_tensor(type_: Attribute) -> bool:
    return isinstance(type_, TensorType) and type_.element_type == i1


def _bytes_type(type_: TensorType) -> TensorType:
    return TensorType(i8, type_.get_shape(), type_.encoding)


def bools_as_bytes(function: func.FuncOp) -> bool:
    """Make the i1 tensor arguments and results of `function` i8 ones (the signature too);
    whether there were any."""
    if not function.body.blocks:
        return False
    entry = function.body.blocks[0]
    changed = False
    for argument in list(entry.args):
        if is_bool_tensor(argument.type):
            _argument_as_bytes(argument)
            changed = True
    for block in function.body.blocks:
        terminator = block.last_op
        if isinstance(terminator, func.ReturnOp):
            for index, value in enumerate(terminator.operands):
                if is_bool_tensor(value.type):
                    terminator.operands[index] = _result_as_bytes(value, terminator)
                    changed = True
    if changed:
        outputs = [_bytes_type(t) if is_bool_tensor(t) else t for t in function.function_type.outputs.data]
        function.function_type = FunctionType.from_lists([arg.type for arg in entry.args], outputs)
    return changed


def _argument_as_bytes(argument: BlockArgument) -> None:
    bool_type = argument.type
    assert isinstance(bool_type, TensorType)
    readers = list(argument.uses)
    argument = Rewriter.replace_value_with_new_type(argument, _bytes_type(bool_type))
    _read_bytes_as_bools(argument, readers, InsertPoint.at_start(argument.block))


def _read_bytes_as_bools(byte_tensor: SSAValue, readers: list[Use], where: InsertPoint) -> None:
    """Make `readers` (uses that read `byte_tensor` as i1) read its bytes as `!= 0`: a generic's
    body does it per element, any other reader gets an elementwise generic inserted at `where`."""
    others = []
    generalized: dict[Operation, GenericOp] = {}
    for use in readers:
        reader = generalized.get(use.operation, use.operation)
        if isinstance(reader, LinalgStructuredOperation) and use.index < len(reader.inputs):
            reader = generalized.setdefault(use.operation, _as_generic(reader))
            _read_as_bool(reader.body.block.args[use.index])
        else:
            others.append(use)
    if others:
        converted = _elementwise(byte_tensor, i1, _nonzero, where)
        for use in others:
            use.operation.operands[use.index] = converted


def _read_as_bool(body_argument: BlockArgument) -> None:
    """`body_argument` (i1) of a generic's body becomes i8, read as `!= 0`."""
    byte = Rewriter.replace_value_with_new_type(body_argument, i8)
    uses = list(byte.uses)
    ops = _nonzero(byte)
    Rewriter.insert_op(ops, InsertPoint.at_start(body_argument.block))
    for use in uses:
        use.operation.operands[use.index] = ops[-1].results[0]


def _result_as_bytes(value: SSAValue, returned: Operation) -> SSAValue:
    writer = value.owner
    if isinstance(writer, LinalgStructuredOperation):
        index = writer.results.index(value)
        init = writer.outputs[index]
        if (isinstance(init.owner, tensor.EmptyOp) and init.has_one_use()
                and not writer.body.block.args[len(writer.inputs) + index].uses):  # the init is not read
            writer = _as_generic(writer)
            value = writer.results[index]
            empty = tensor.EmptyOp(init.owner.dynamic_sizes, _bytes_type(init.type))
            Rewriter.replace_op(init.owner, empty)
            Rewriter.replace_value_with_new_type(writer.body.block.args[len(writer.inputs) + index], i8)
            yield_op = writer.body.block.last_op
            assert yield_op is not None
            widen = arith.ExtUIOp(yield_op.operands[index], i8)
            Rewriter.insert_op(widen, InsertPoint.before(yield_op))
            yield_op.operands[index] = widen.result
            readers = [use for use in value.uses if use.operation is not returned]
            byte_tensor = Rewriter.replace_value_with_new_type(value, _bytes_type(value.type))
            _read_bytes_as_bools(byte_tensor, readers, InsertPoint.after(writer))
            return byte_tensor
    return _elementwise(value, i8, lambda bit: [arith.ExtUIOp(bit, i8)], InsertPoint.before(returned))


def _as_generic(op: LinalgStructuredOperation) -> GenericOp:
    """`op` itself if it is a linalg.generic, else the generic it stands for in its place (the
    conversion goes into the body, which a named op's form does not show)."""
    if isinstance(op, GenericOp):
        return op
    generic = GenericOp(op.inputs, op.outputs, op.body.clone(), op.get_indexing_maps(), op.get_iterator_types(),
                        op.result_types)
    Rewriter.replace_op(op, generic)
    return generic


def _nonzero(byte: SSAValue) -> list[Operation]:
    zero = arith.ConstantOp(IntegerAttr(0, i8))
    return [zero, arith.CmpiOp(byte, zero, "ne")]


def _elementwise(value: SSAValue, element: IntegerType, body: Callable[[SSAValue], list[Operation]],
                 where: InsertPoint) -> SSAValue:
    """A linalg.generic applying `body` (scalar -> ops, the last one's result yielded) to every
    element of the tensor `value`, giving a tensor of `element`, inserted at `where`."""
    type_ = value.type
    assert isinstance(type_, TensorType)
    shape = type_.get_shape()
    ops: list[Operation] = []
    sizes = []
    for dim, size in enumerate(shape):
        if size < 0:
            index = arith.ConstantOp(IntegerAttr(dim, IndexType()))
            measured = tensor.DimOp(value, index)
            ops += [index, measured]
            sizes.append(measured.result)
    empty = tensor.EmptyOp(sizes, TensorType(element, shape, type_.encoding))
    block = Block(arg_types=[type_.element_type, element])
    scalar = body(block.args[0])
    block.add_ops([*scalar, YieldOp(scalar[-1].results[0])])
    identity = AffineMapAttr(AffineMap.identity(len(shape)))
    generic = GenericOp([value], [empty.tensor], Region(block), [identity, identity],
                        [IteratorTypeAttr.parallel()] * len(shape), [empty.tensor.type])
    Rewriter.insert_op([*ops, empty, generic], where)
    return generic.results[0]

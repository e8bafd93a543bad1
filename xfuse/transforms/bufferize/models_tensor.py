"""Models of tensor, arith and vector ops on tensors.

Views (extract_slice, cast, expand_shape / collapse_shape, reshape) share the operand's memory;
partial writes (insert, insert_slice, vector.transfer_write) write into the destination and
return it; ops building a new tensor (pad, concat, from_elements, splat, generate, bitcast) only
read their tensor operands and get a fresh buffer.
"""

from __future__ import annotations

from xdsl.dialects import arith, tensor, vector
from xdsl.ir import Operation

from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.transforms.bufferize.models import (
    NOT_ACCESSED,
    READ,
    OperandModel,
    destination_of,
    view_of,
)

# Ops whose result is a fresh buffer: their tensor operands are only read.
NEW_BUFFER_OPS = ("tensor.pad", "tensor.concat", "tensor.from_elements", "tensor.splat",
                  "tensor.generate", "tensor.bitcast")


def tensor_model(op: Operation, index: int) -> OperandModel | None:
    if isinstance(op, tensor.ExtractSliceOp):
        return view_of(op.result)
    if isinstance(op, tensor.InsertSliceOp | tensor.InsertOp):
        dest = 1
        return destination_of(op.results[0]) if index == dest else READ
    if isinstance(op, ParallelInsertSliceOp):
        if index == 0:
            return READ
        return OperandModel(reads=False, writes=True, must_inplace=True)
    if isinstance(op, tensor.ExtractOp):
        return READ
    if op.name in ("tensor.dim", "tensor.rank"):
        return NOT_ACCESSED
    if isinstance(op, tensor.CastOp):
        return view_of(op.dest)
    if isinstance(op, tensor.ExpandShapeOp | tensor.CollapseShapeOp):
        return view_of(op.result)
    if isinstance(op, tensor.ReshapeOp):
        return view_of(op.result) if index == 0 else READ
    if op.name in NEW_BUFFER_OPS:
        return READ
    if isinstance(op, arith.SelectOp):
        # The result is one of the two tensors: it may alias either. A read, like a yield: the
        # result's contents are the operand's at this point (a write to the operand between
        # its definition and here conflicts).
        return OperandModel(reads=True, writes=False, aliases=(op.result,), equivalent=False,
                            one_of=True) if index > 0 else None
    if isinstance(op, vector.TransferReadOp):
        return READ
    if isinstance(op, vector.TransferWriteOp) and op.result is not None:
        return destination_of(op.result)
    return None

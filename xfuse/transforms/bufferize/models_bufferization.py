"""Models of the bufferization dialect's tensor ops.

- materialize_in_destination: the source is read, the destination written (whole) and
  returned; in the memref-destination form only the source is a tensor;
- to_buffer: the memref may be written through unless `read_only`, so the operand is a write
  in place (out of place: a copy) with no alias the analysis can follow;
- alloc_tensor(copy=...): reads its operand, the result is a fresh buffer (bufferization.clone
  is a memref op: nothing to model);
- dealloc_tensor: nothing to model (xfuse deallocates what it allocates).
"""

from __future__ import annotations

from xdsl.dialects import bufferization
from xdsl.ir import Operation

from xfuse.transforms.bufferize.models import NOT_ACCESSED, READ, OperandModel


def bufferization_model(op: Operation, index: int) -> OperandModel | None:
    if isinstance(op, bufferization.MaterializeInDestinationOp):
        if index == 0:
            return READ
        if op.result is None:
            return None  # a memref destination is no tensor operand
        return OperandModel(reads=False, writes=True, aliases=(op.result,))
    if isinstance(op, bufferization.ToBufferOp):
        return OperandModel(reads=True, writes="read_only" not in op.properties)
    if isinstance(op, bufferization.AllocTensorOp):
        return READ
    if op.name == "bufferization.dealloc_tensor":
        return NOT_ACCESSED
    return None

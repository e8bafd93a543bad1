"""bufferization ops xDSL 0.74 lacks, spelled as MLIR 22: bufferization.dealloc_tensor."""

from __future__ import annotations

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Dialect
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def


@irdl_op_definition
class DeallocTensorOp(IRDLOperation):
    """`bufferization.dealloc_tensor`: the tensor's buffer may be freed after this point."""

    name = "bufferization.dealloc_tensor"

    tensor = operand_def(TensorType)

    assembly_format = "$tensor attr-dict `:` type($tensor)"


BUFFERIZATION_EXTENSION = Dialect("bufferization", [DeallocTensorOp], [])

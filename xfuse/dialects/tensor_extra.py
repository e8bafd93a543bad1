"""tensor ops xDSL 0.74 lacks, spelled as MLIR 22: tensor.generate, tensor.rank, tensor.bitcast.

Appended to the `tensor` dialect with xfuse/dialects/tensor.py's ops (xfuse/dialects/__init__.py).
"""

from __future__ import annotations

from xdsl.dialects.builtin import IndexType, TensorType, UnrankedTensorType
from xdsl.ir import Attribute, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_op_definition,
    operand_def,
    region_def,
    result_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class GenerateOp(IRDLOperation):
    """`tensor.generate`: a tensor whose element at each index is what the body yields
    (`tensor.yield`); one index operand per dynamic dimension."""

    name = "tensor.generate"

    dynamicExtents = var_operand_def(IndexType)
    result = result_def(TensorType)
    body = region_def("single_block")

    assembly_format = "$dynamicExtents $body attr-dict `:` type($result)"

    def __init__(self, extents: list[SSAValue], result_type: Attribute, body: Region):
        super().__init__(operands=[extents], result_types=[result_type], regions=[body])

    def verify_(self) -> None:
        assert isinstance(self.result.type, TensorType)
        rank = self.result.type.get_num_dims()
        if len(self.body.block.args) != rank:
            raise VerifyException(f"must have one body argument per dimension ({rank})")
        dynamic = sum(1 for d in self.result.type.get_shape() if d < 0)
        if dynamic != len(self.dynamicExtents):
            raise VerifyException(f"must have as many index operands as dynamic extents ({dynamic})")


@irdl_op_definition
class RankOp(IRDLOperation):
    """`tensor.rank`: the rank of a tensor (ranked or unranked), as an index."""

    name = "tensor.rank"

    tensor = operand_def(base(TensorType) | base(UnrankedTensorType))
    rank = result_def(IndexType)

    assembly_format = "$tensor attr-dict `:` type($tensor)"


@irdl_op_definition
class BitcastOp(IRDLOperation):
    """`tensor.bitcast`: the same bits seen with another element type of the same width
    (ranked or unranked tensors, as MLIR's `AnyTensor`)."""

    name = "tensor.bitcast"

    source = operand_def(base(TensorType) | base(UnrankedTensorType))
    dest = result_def(base(TensorType) | base(UnrankedTensorType))

    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"


TENSOR_EXTRA_OPS = [GenerateOp, RankOp, BitcastOp]

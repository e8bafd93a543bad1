"""`memref.expand_shape` and `memref.collapse_shape` with MLIR 22's check of rank-0 reshapes.

xDSL 0.74 verifies only their operand and property types, so `memref<f32>` expanded into
`memref<1x2xf32>` (or `memref<1x2xf32>` collapsed into `memref<f32>`) was accepted; mlir-opt
refuses a rank-0 side unless every dimension of the other side is 1, dynamic ones included
("rank 0 memrefs can only be extended/collapsed with/from ones"). The syntax is xDSL's, which is
MLIR's. Replaces xDSL's ops in `xfuse-opt` only (plain xdsl-opt keeps xDSL's: xfuse/universe.py).
"""

from __future__ import annotations

from xdsl.dialects import memref as xmemref
from xdsl.dialects.builtin import DenseArrayBase, IndexType, MemRefType, i64
from xdsl.dialects.utils.reshape_ops_utils import ContiguousArrayOfIntArray
from xdsl.irdl import operand_def, prop_def, result_def, traits_def, var_operand_def
from xdsl.traits import NoMemoryEffect
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.irdl_redefine import redefine


def _verify_rank_0_side(collapsed: MemRefType, expanded: MemRefType) -> None:
    if collapsed.get_num_dims() == 0 and any(size != 1 for size in expanded.get_shape()):
        raise VerifyException("rank 0 memrefs can only be extended/collapsed with/from ones")


@redefine
class ExpandShapeOp(xmemref.ExpandShapeOp):
    """`memref.expand_shape`, a rank-0 source expanded only into ones."""

    name = "memref.expand_shape"

    src = operand_def(MemRefType)
    output_shape = var_operand_def(IndexType)
    result = result_def(MemRefType)
    reassociation = prop_def(ContiguousArrayOfIntArray())
    static_output_shape = prop_def(DenseArrayBase.constr(i64))

    traits = traits_def(NoMemoryEffect())

    def verify_(self) -> None:
        assert isinstance(self.src.type, MemRefType) and isinstance(self.result.type, MemRefType)
        _verify_rank_0_side(self.src.type, self.result.type)


@redefine
class CollapseShapeOp(xmemref.CollapseShapeOp):
    """`memref.collapse_shape`, into a rank-0 memref only from ones."""

    name = "memref.collapse_shape"

    src = operand_def(MemRefType)
    result = result_def(MemRefType)
    reassociation = prop_def(ContiguousArrayOfIntArray())

    traits = traits_def(NoMemoryEffect())

    def verify_(self) -> None:
        assert isinstance(self.src.type, MemRefType) and isinstance(self.result.type, MemRefType)
        _verify_rank_0_side(self.result.type, self.src.type)

"""`affine.max`, which xDSL 0.74's affine dialect lacks (it has `affine.min`).

The tiling driver needs it for MLIR's empty-tile guard of `num_threads` tiling
(`max(0, min(ub - offset, tile_size))`: a thread past the end gets a zero-size tile, never a
negative one). Same operands, map and custom syntax as xDSL's `affine.min`.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.affine import MinOp
from xdsl.dialects.builtin import AffineMapAttr, IndexType
from xdsl.ir import Dialect, Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, prop_def, result_def, var_operand_def
from xdsl.parser import Parser

__all__ = ["AFFINE_EXTENSION", "MaxOp"]


@irdl_op_definition
class MaxOp(IRDLOperation):
    """`affine.max #map(%dims)[%symbols]`: the maximum of the map's results."""

    name = "affine.max"
    arguments = var_operand_def(IndexType())
    result = result_def(IndexType())

    map = prop_def(AffineMapAttr)

    def __init__(self, map_operands: Sequence[SSAValue | Operation], affine_map: AffineMapAttr):
        super().__init__(
            operands=[map_operands], properties={"map": affine_map}, result_types=[IndexType()]
        )

    verify_ = MinOp.verify_
    print = MinOp.print

    @classmethod
    def parse(cls, parser: Parser) -> MaxOp:
        # xDSL's MinOp.parse builds a MinOp: parse the same syntax and rebuild it as a max.
        parsed = MinOp.parse(parser)
        operands = list(parsed.operands)
        affine_map = parsed.map
        parsed.erase(safe_erase=False)
        return cls(operands, affine_map)


AFFINE_EXTENSION = Dialect("affine", [MaxOp], [])

"""linalg ops xDSL 0.74 lacks, spelled as MLIR 22 spells them.

- `linalg.pack` / `linalg.unpack` (`PackOp`, `UnPackOp`): in xfuse/dialects/linalg_pack.py.
- `linalg.mmt4d`, `linalg.batch_mmt4d`, `linalg.batch_matmul` (`Mmt4DOp`, `BatchMmt4DOp`,
  `BatchMatmulOp`): named structured ops modelled like xDSL's `linalg.matmul` (a
  `NamedOperation` with a hidden region), so `get_indexing_maps()` / `get_iterator_types()`
  work as for any xDSL structured op. The hidden region is the one MLIR 22 builds:
  `yield acc + cast(a) * cast(b)` (accumulator first), with `cast_signed` (or, for
  batch_matmul, `cast = #linalg.type_fn<cast_unsigned>`) conversions to the output type.

Fidelity notes (checked against mlir-opt 22.1.8):
- mmt4d/batch_mmt4d: mlir-opt's generic form carries a discardable
  `linalg.memoized_indexing_maps` attribute; it is accepted, kept as an attribute, and not
  printed in custom form (mlir-opt recomputes it).
- batch_matmul: `indexing_maps` is a property, always present in mlir-opt's generic form;
  custom form prints `indexing_maps = [...]` (before the attr-dict and `ins`) only when the
  maps differ from the defaults, exactly as mlir-opt does. Non-default maps must still be
  permutation-like projections the xDSL structured-op verifier understands (broadcast maps
  of MLIR 22 that drop the batch dimension are accepted by the verifier as long as the maps
  stay invertible as a whole).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, MemRefType, TensorType
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.ir import Attribute, Dialect, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.irdl import irdl_op_definition, opt_prop_def, prop_def
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.linalg_generic_named import ContractOp, ElementwiseKindAttr, ElementwiseOp
from xfuse.dialects.linalg_aggregate import LINALG_AGGREGATE_OPS
from xfuse.dialects.linalg_map import MapOp
from xfuse.dialects.linalg_reduce import ReduceOp
from xfuse.dialects.linalg_named import NAMED_OPS
from xfuse.dialects.linalg_bodies import TypeFnAttr, contraction_region, is_unsigned
from xfuse.dialects.linalg_syntax import (
    GenericOp,
    MLIRNamedOpSyntax,
    XDSL_NAMED_OPS_WITH_MLIR_SYNTAX,
)

from xfuse.dialects.linalg_pack import PackOp, UnPackOp


# --------------------------------------------------------------------------------------
# Contractions: mmt4d, batch_mmt4d, batch_matmul
# --------------------------------------------------------------------------------------


class _ContractionOp(MLIRNamedOpSyntax):
    """A named `acc += cast(a) * cast(b)` op; subclasses give the maps and iterators."""

    DEFAULT_INDEXING_MAPS: ClassVar[tuple[AffineMap, ...]]
    ITERATOR_TYPES: ClassVar[tuple[str, ...]]  # "parallel" / "reduction", one per loop

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue] = (),
        res: Sequence[Attribute] | None = None,
        attributes: dict[str, Attribute] | None = None,
        properties: dict[str, Attribute | None] | None = None,
    ):
        if res is None:
            res = [o.type for o in outputs if isinstance(o.type, TensorType)]
        unsigned = is_unsigned(properties)
        super().__init__(
            ins=inputs,
            outs=outputs,
            result_types=res,
            properties=properties,
            attributes=attributes,
            hidden_region=self.get_hidden_region(inputs, outputs, unsigned=unsigned),
        )

    @classmethod
    def get_hidden_region(
        cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue], unsigned: bool = False
    ) -> Region:
        return contraction_region(cls.body_arg_types((*inputs, *outputs)), unsigned)

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return self.DEFAULT_INDEXING_MAPS

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        return ArrayAttr(
            IteratorTypeAttr.parallel() if t == "parallel" else IteratorTypeAttr.reduction()
            for t in self.ITERATOR_TYPES
        )

    def verify_(self) -> None:
        if len(self.inputs) != 2 or len(self.outputs) != 1:
            raise VerifyException(
                f"expected 2 inputs and 1 output, got {len(self.inputs)} and {len(self.outputs)}"
            )
        for value in (*self.inputs, *self.outputs):
            if not isinstance(value.type, TensorType | MemRefType):
                raise VerifyException(f"expected a shaped operand, got {value.type}")
        super().verify_()

    @classmethod
    def hidden_region_for(
        cls,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
        properties: dict[str, Attribute],
    ) -> Region:
        return cls.get_hidden_region(inputs, outputs, unsigned=is_unsigned(properties))


_P, _R = "parallel", "reduction"


@irdl_op_definition
class Mmt4DOp(_ContractionOp):
    """`C[m, n, m0, n0] += A[m, k, m0, k0] * B[n, k, n0, k0]` (MLIR 22 `linalg.mmt4d`).

    Loops (d0..d5) = (m, n, k, m0, n0, k0). See
    https://mlir.llvm.org/docs/Dialects/Linalg/#linalgmmt4d-linalgmmt4dop
    """

    name = "linalg.mmt4d"

    DEFAULT_INDEXING_MAPS: ClassVar[tuple[AffineMap, ...]] = (
        AffineMap.from_callable(lambda m, n, k, m0, n0, k0: (m, k, m0, k0)),
        AffineMap.from_callable(lambda m, n, k, m0, n0, k0: (n, k, n0, k0)),
        AffineMap.from_callable(lambda m, n, k, m0, n0, k0: (m, n, m0, n0)),
    )
    ITERATOR_TYPES: ClassVar[tuple[str, ...]] = (_P, _P, _R, _P, _P, _R)


@irdl_op_definition
class BatchMmt4DOp(_ContractionOp):
    """Batched mmt4d: `C[b, m, n, m0, n0] += A[b, m, k, m0, k0] * B[b, n, k, n0, k0]`.

    Loops (d0..d6) = (b, m, n, k, m0, n0, k0). See
    https://mlir.llvm.org/docs/Dialects/Linalg/#linalgbatch_mmt4d-linalgbatchmmt4dop
    """

    name = "linalg.batch_mmt4d"

    DEFAULT_INDEXING_MAPS: ClassVar[tuple[AffineMap, ...]] = (
        AffineMap.from_callable(lambda b, m, n, k, m0, n0, k0: (b, m, k, m0, k0)),
        AffineMap.from_callable(lambda b, m, n, k, m0, n0, k0: (b, n, k, n0, k0)),
        AffineMap.from_callable(lambda b, m, n, k, m0, n0, k0: (b, m, n, m0, n0)),
    )
    ITERATOR_TYPES: ClassVar[tuple[str, ...]] = (_P, _P, _P, _R, _P, _P, _R)


_BATCH_MATMUL_MAPS = (
    AffineMap.from_callable(lambda b, m, n, k: (b, m, k)),
    AffineMap.from_callable(lambda b, m, n, k: (b, k, n)),
    AffineMap.from_callable(lambda b, m, n, k: (b, m, n)),
)


class _MapsContractionOp(_ContractionOp):
    """A contraction whose `indexing_maps` is a property defaulted as in MLIR (may transpose or
    broadcast operands) and with `cast` (signed by default)."""

    HAS_INDEXING_MAPS: ClassVar[bool] = True

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        return cast(ArrayAttr[AffineMapAttr], self.properties["indexing_maps"])

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return tuple(m.data for m in self.get_indexing_maps().data)


def _maps_property(maps: Sequence[AffineMap]):
    return prop_def(ArrayAttr[AffineMapAttr], default_value=ArrayAttr(AffineMapAttr(m) for m in maps))


@irdl_op_definition
class BatchMatmulOp(_MapsContractionOp):
    """`C[b, m, n] += A[b, m, k] * B[b, k, n]` (MLIR 22 `linalg.batch_matmul`).

    Loops (d0..d3) = (b, m, n, k).
    See https://mlir.llvm.org/docs/Dialects/Linalg/#linalgbatch_matmul-linalgbatchmatmulop
    """

    name = "linalg.batch_matmul"

    DEFAULT_INDEXING_MAPS: ClassVar[tuple[AffineMap, ...]] = _BATCH_MATMUL_MAPS
    ITERATOR_TYPES: ClassVar[tuple[str, ...]] = (_P, _P, _P, _R)

    indexing_maps = _maps_property(_BATCH_MATMUL_MAPS)
    cast = opt_prop_def(TypeFnAttr)


_BATCH_REDUCE_MATMUL_MAPS = (
    AffineMap.from_callable(lambda b, m, n, k: (b, m, k)),
    AffineMap.from_callable(lambda b, m, n, k: (b, k, n)),
    AffineMap.from_callable(lambda b, m, n, k: (m, n)),
)


@irdl_op_definition
class BatchReduceMatmulOp(_MapsContractionOp):
    """`C[m, n] += sum over b of A[b, m, k] * B[b, k, n]` (MLIR 22 `linalg.batch_reduce_matmul`).

    Loops (d0..d3) = (b, m, n, k), b and k reductions.
    See https://mlir.llvm.org/docs/Dialects/Linalg/#linalgbatch_reduce_matmul-linalgbatchreducematmulop
    """

    name = "linalg.batch_reduce_matmul"

    DEFAULT_INDEXING_MAPS: ClassVar[tuple[AffineMap, ...]] = _BATCH_REDUCE_MATMUL_MAPS
    ITERATOR_TYPES: ClassVar[tuple[str, ...]] = (_R, _P, _P, _R)

    indexing_maps = _maps_property(_BATCH_REDUCE_MATMUL_MAPS)
    cast = opt_prop_def(TypeFnAttr)


LINALG_EXTENSION = Dialect(
    "linalg",
    [
        PackOp,
        UnPackOp,
        Mmt4DOp,
        BatchMmt4DOp,
        BatchMatmulOp,
        BatchReduceMatmulOp,
        GenericOp,
        *XDSL_NAMED_OPS_WITH_MLIR_SYNTAX,
        *NAMED_OPS,
        ElementwiseOp,
        ContractOp,
        MapOp,
        ReduceOp,
        *LINALG_AGGREGATE_OPS,
    ],
    [TypeFnAttr, ElementwiseKindAttr],
)

"""tensor ops xDSL 0.74 lacks: `tensor.parallel_insert_slice`.

Tiled `scf.forall` loops return their tiles through `tensor.parallel_insert_slice` inside
`scf.forall.in_parallel`; xfuse spells it as MLIR 22 does (same assembly and properties as
xDSL's `tensor.insert_slice`, minus the result) and verifies it the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import DYNAMIC_INDEX, DenseArrayBase, IndexType, TensorType, i64
from xdsl.dialects.utils import (
    DynamicIndexList,
    get_dynamic_index_list,
    split_dynamic_index_list,
    verify_dynamic_index_list,
)
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    traits_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.scf import InParallelOp, OpFoldResult, ParallelCombiningOpInterface


class ParallelInsertSliceCombining(ParallelCombiningOpInterface):
    """A parallel_insert_slice updates its `dest` (a shared_outs block argument)."""

    def get_updated_destinations(self, op: Operation) -> Sequence[SSAValue]:
        assert isinstance(op, ParallelInsertSliceOp)
        return (op.dest,)


def rank_reduced_type_matches(
    expected_shape: Sequence[int], actual_shape: Sequence[int]
) -> bool:
    """Whether `actual_shape` is `expected_shape` with some unit dims dropped.

    Greedy left-to-right matching, as MLIR's computeRankReductionMask: a static 8 and a
    dynamic `?` do not match.
    """
    actual_index = 0
    for size in expected_shape:
        if actual_index < len(actual_shape) and actual_shape[actual_index] == size:
            actual_index += 1
        elif size != 1:
            return False
    return actual_index == len(actual_shape)


def verify_insert_slice_types(
    source_type: TensorType[Attribute],
    dest_type: TensorType[Attribute],
    static_offsets: Sequence[int],
    static_sizes: Sequence[int],
    static_strides: Sequence[int],
) -> None:
    """MLIR's verifyInsertSliceOp + verifyInBoundsSlice, with MLIR's messages."""
    dest_shape = dest_type.get_shape()
    rank = len(dest_shape)
    for what, values in (
        ("offset", static_offsets),
        ("size", static_sizes),
        ("stride", static_strides),
    ):
        if len(values) != rank:
            raise VerifyException(f"expected {rank} {what} values, got {len(values)}")

    expected = TensorType(dest_type.get_element_type(), static_sizes)
    if source_type.get_num_dims() > rank:
        raise VerifyException("expected rank to be smaller or equal to the other rank.")
    if not rank_reduced_type_matches(static_sizes, source_type.get_shape()):
        raise VerifyException(
            f"expected type to be '{expected}' or a rank-reduced version. (size mismatch)"
        )
    if source_type.get_element_type() != dest_type.get_element_type():
        raise VerifyException(
            f"expected element type to be '{dest_type.get_element_type()}'"
        )

    for dim, (dim_size, offset, size, stride) in enumerate(
        zip(dest_shape, static_offsets, static_sizes, static_strides)
    ):
        if dim_size == DYNAMIC_INDEX or offset == DYNAMIC_INDEX:
            continue
        if offset >= dim_size:
            raise VerifyException(
                f"offset {dim} is out-of-bounds: {offset} >= {dim_size}"
            )
        if DYNAMIC_INDEX in (size, stride):
            continue
        last = offset + (size - 1) * stride
        if last >= dim_size:
            raise VerifyException(
                f"slice along dimension {dim} runs out-of-bounds: {last} >= {dim_size}"
            )


@irdl_op_definition
class ParallelInsertSliceOp(IRDLOperation):
    """`tensor.parallel_insert_slice`: write `source` into a slice of a forall's shared output.

    Like `tensor.insert_slice` but with no result: it only lives in `scf.forall.in_parallel`,
    and the updated tensor is the `scf.forall` result tied to `dest`. `source` may be the slice
    type with unit dimensions dropped (rank-reducing).
    """

    name = "tensor.parallel_insert_slice"

    source = operand_def(TensorType)
    dest = operand_def(TensorType)
    offsets = var_operand_def(IndexType)
    sizes = var_operand_def(IndexType)
    strides = var_operand_def(IndexType)
    static_offsets = prop_def(DenseArrayBase.constr(i64))
    static_sizes = prop_def(DenseArrayBase.constr(i64))
    static_strides = prop_def(DenseArrayBase.constr(i64))

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    traits = traits_def(ParallelInsertSliceCombining())

    assembly_format = (
        "$source `into` $dest ``"
        "custom<DynamicIndexList>($offsets, $static_offsets)"
        "custom<DynamicIndexList>($sizes, $static_sizes)"
        "custom<DynamicIndexList>($strides, $static_strides)"
        "attr-dict `:` type($source) `into` type($dest)"
    )

    custom_directives = (DynamicIndexList,)

    def __init__(
        self,
        source: SSAValue | Operation,
        dest: SSAValue | Operation,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
        strides: Sequence[OpFoldResult] | None = None,
    ):
        """Offsets, sizes and strides are mixed lists: static ints or index SSA values.
        Strides default to 1."""
        if strides is None:
            strides = [1] * len(sizes)
        static_offsets, dynamic_offsets = split_dynamic_index_list(offsets, DYNAMIC_INDEX)
        static_sizes, dynamic_sizes = split_dynamic_index_list(sizes, DYNAMIC_INDEX)
        static_strides, dynamic_strides = split_dynamic_index_list(strides, DYNAMIC_INDEX)
        super().__init__(
            operands=[source, dest, dynamic_offsets, dynamic_sizes, dynamic_strides],
            properties={
                "static_offsets": DenseArrayBase.from_list(i64, static_offsets),
                "static_sizes": DenseArrayBase.from_list(i64, static_sizes),
                "static_strides": DenseArrayBase.from_list(i64, static_strides),
            },
        )

    @property
    def mixed_offsets(self) -> list[OpFoldResult]:
        return get_dynamic_index_list(
            self.static_offsets.get_values(), self.offsets, DYNAMIC_INDEX
        )

    @property
    def mixed_sizes(self) -> list[OpFoldResult]:
        return get_dynamic_index_list(
            self.static_sizes.get_values(), self.sizes, DYNAMIC_INDEX
        )

    @property
    def mixed_strides(self) -> list[OpFoldResult]:
        return get_dynamic_index_list(
            self.static_strides.get_values(), self.strides, DYNAMIC_INDEX
        )

    def verify_(self) -> None:
        parent = self.parent_op()
        if not isinstance(parent, InParallelOp):
            got = "no parent" if parent is None else f"'{parent.name}'"
            raise VerifyException(f"expected InParallelOpInterface parent, got: {got}")
        for what, static, dynamic in (
            ("offset", self.static_offsets, self.offsets),
            ("size", self.static_sizes, self.sizes),
            ("stride", self.static_strides, self.strides),
        ):
            verify_dynamic_index_list(
                static.get_values(), dynamic, DYNAMIC_INDEX, f" in the {what} arguments"
            )
        source_type = self.source.type
        dest_type = self.dest.type
        assert isinstance(source_type, TensorType) and isinstance(dest_type, TensorType)
        verify_insert_slice_types(
            source_type,
            dest_type,
            self.static_offsets.get_values(),
            self.static_sizes.get_values(),
            self.static_strides.get_values(),
        )


TENSOR_EXTENSION = Dialect("tensor", [ParallelInsertSliceOp], [])

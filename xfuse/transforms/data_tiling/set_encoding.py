"""`xfuse-set-encoding`: step 1 of the seed (IREE's SetEncoding without its one-B/M/N/K limit).

Every contraction-shaped linalg op on tensors (named or generic; `acc + cast(a) * cast(b)`;
contraction dims inferred from the indexing maps by `encoding.infer_contraction_dims`, any number
of batch/M/N/K loops) gets:

    %lhs_e = iree_encoding.set_encoding %lhs : tensor<..> -> tensor<.., #enc0>
    %rhs_e = iree_encoding.set_encoding %rhs ...                 (#enc1)
    %acc_e = iree_encoding.set_encoding %acc ...                 (#enc2)
    %r_e   = <the same op> ins(%lhs_e, %rhs_e) outs(%acc_e)       on encoded types
    %r     = iree_encoding.unset_encoding %r_e : tensor<.., #enc2> -> tensor<..> [{%d0, ...}]

with `#encN = #iree_encoding.encoding<operand_index = N : index, op_type = matmul,
element_types = [lhs, rhs, acc], user_indexing_maps = [maps], iteration_sizes = [loop sizes]>`.
A dynamic result gets its sizes (`tensor.dim` of the accumulator) as the unset_encoding's
`{...}` operands, as newer IREE writes them. Ops that are not contractions are left alone; with `remarks=true` every linalg op gets a remark
saying what was done or why not.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects.builtin import DYNAMIC_INDEX, ModuleOp, TensorType
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import format_diagnostic
from xfuse.dialects.iree_encoding import EncodingAttr, SetEncodingOp, UnsetEncodingOp, encoding_of, with_encoding
from xfuse.dialects.linalg import BatchMmt4DOp, Mmt4DOp
from xfuse.interfaces.tiling_linalg import structured_view
from xfuse.interfaces.tiling_utils import dim_size
from xfuse.transforms.data_tiling.encoding import (
    NotAContraction,
    check_iterators,
    infer_contraction_dims,
    match_contraction_body,
)


def iteration_sizes(operands: Sequence[SSAValue], maps: Sequence[AffineMap]) -> list[int]:
    """The static size of every loop (DYNAMIC_INDEX when no operand gives it statically)."""
    sizes = [DYNAMIC_INDEX] * maps[0].num_dims
    for operand, indexing_map in zip(operands, maps, strict=True):
        assert isinstance(operand.type, TensorType)
        for dim, expr in zip(operand.type.get_shape(), indexing_map.results, strict=True):
            position = getattr(expr, "position", None)
            if position is not None and dim != DYNAMIC_INDEX:
                sizes[position] = dim
    return sizes


def check_data_tileable(op: Operation) -> tuple[AffineMap, ...]:
    """The maps of `op` if it is a contraction on tensors data tiling can encode."""
    if isinstance(op, Mmt4DOp | BatchMmt4DOp):
        raise NotAContraction("already data-tiled (an mmt4d)")
    view = structured_view(op)
    if view is None:
        raise NotAContraction("not a structured linalg op")
    if view.num_inputs != 2 or len(view.outputs) != 1:
        raise NotAContraction(f"{view.num_inputs} inputs and {len(view.outputs)} outputs, expected 2 and 1")
    for operand in view.operands:
        if not isinstance(operand.type, TensorType):
            raise NotAContraction("not on tensors")
        if encoding_of(operand.type) is not None:
            raise NotAContraction("operands already have encodings")
    dims = infer_contraction_dims(view.maps)
    check_iterators(dims, view.iterator_types)
    match_contraction_body(op.regions[0].block)
    return view.maps


def set_encoding_on(op: Operation) -> Operation:
    """Wrap one contraction (checked by `check_data_tileable`) in set/unset_encoding; returns
    the op on encoded types."""
    maps = check_data_tileable(op)
    operands = list(op.operands)
    element_types = [o.type.get_element_type() for o in operands]  # pyright: ignore[reportAttributeAccessIssue]
    sizes = iteration_sizes(operands, maps)
    encoded: list[SSAValue] = []
    for index, operand in enumerate(operands):
        encoding = EncodingAttr.get(index, element_types, maps, sizes)
        set_op = SetEncodingOp(operand, with_encoding(operand.type, encoding))  # pyright: ignore[reportArgumentType]
        Rewriter.insert_op(set_op, InsertPoint.before(op))
        encoded.append(set_op.result)
    result_type = op.results[0].type
    assert isinstance(result_type, TensorType)
    new_op = op.__class__.create(
        operands=encoded,
        result_types=[encoded[2].type],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
        regions=[r.clone() for r in op.regions],
    )
    new_op.location = op.location
    # A dynamic result carries its sizes (IREE's `-> tensor<?x?xf32> {%d0, %d1}`): the packed
    # result is padded, and only the accumulator knows the logical size.
    b = Builder(InsertPoint.before(op))
    result_dims = [
        dim_size(b, operands[2], d) for d, size in enumerate(result_type.get_shape()) if size == DYNAMIC_INDEX
    ]
    unset = UnsetEncodingOp(new_op.results[0], result_type, result_dims)  # pyright: ignore[reportArgumentType]
    Rewriter.insert_op([new_op, unset], InsertPoint.before(op))
    op.results[0].replace_all_uses_with(unset.result)
    Rewriter.erase_op(op)
    return new_op


def set_encodings(module: ModuleOp) -> list[str]:
    """Set encodings on every contraction of `module`; returns one remark per linalg op."""
    remarks: list[str] = []
    for op in list(module.walk()):
        if not isinstance(op, LinalgStructuredOperation) and not op.name.startswith("linalg."):
            continue
        if structured_view(op) is None:
            continue
        try:
            check_data_tileable(op)
        except NotAContraction as reason:
            remarks.append(format_diagnostic(f"xfuse-set-encoding: left alone: {reason}", op, "remark"))
            continue
        remarks.append(format_diagnostic("xfuse-set-encoding: encodings set", op, "remark"))
        set_encoding_on(op)
    return remarks


@dataclass(frozen=True)
class SetEncodingPass(ModulePass):
    """Set iree_encoding encodings on the operands of every contraction (see module doc).

    `remarks=true` prints, for every linalg op, whether it got encodings or why not."""

    name = "xfuse-set-encoding"

    remarks: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        remarks = set_encodings(op)
        if self.remarks:
            for remark in remarks:
                print(remark, file=sys.stderr)

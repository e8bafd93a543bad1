"""`xfuse-generic-to-mmt4d`: step 4 of the seed, as bjacob describes it (match a packed
`linalg.generic` to `linalg.mmt4d`, so that whatever handles mmt4d, e.g. IREE's ukernels, applies).

A packed contraction generic is an mmt4d when, with its contraction dims inferred from its maps
(`encoding.infer_contraction_dims`: the outer and inner M loops are both "M" loops, etc.), its
operands are laid out as

    A = (B..., M..., K..., m, k)    B = (B..., N..., K..., n, k)    C = (B..., M..., N..., m, n)

(the same loops in the same order wherever a group appears; A and B may come in either input
position), and its body is the named ops' `acc + cast_signed(a) * cast_signed(b)`. Several outer
loops of one group (the seed's K0, K1) are contiguous in both operands by this check: they are
collapsed with `tensor.collapse_shape` first (and the result expanded back with
`tensor.expand_shape`), giving a plain mmt4d. No batch loop gives `linalg.mmt4d`, one (or
several, collapsed) `linalg.batch_mmt4d`. Every refusal says which condition failed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, ArrayAttr, IntegerAttr, ModuleOp, TensorType, i64
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import format_diagnostic
from xfuse.dialects.linalg import BatchMmt4DOp, Mmt4DOp
from xfuse.interfaces.tiling_linalg import structured_view
from xfuse.interfaces.tiling_utils import dim_size
from xfuse.transforms.data_tiling.encoding import (
    NotAContraction,
    check_iterators,
    infer_contraction_dims,
    map_dims,
    match_contraction_body,
)


class NotAnMmt4D(Exception):
    """Why a generic is not an mmt4d."""


@dataclass(frozen=True)
class Mmt4DMatch:
    """The mmt4d form of a generic: its A and B operands and the loop groups to collapse."""

    a: SSAValue
    b: SSAValue
    c: SSAValue
    batch: tuple[int, ...]
    rows: tuple[int, ...]  # outer M loops
    cols: tuple[int, ...]  # outer N loops
    k: tuple[int, ...]  # outer K loops

    def needs_collapse(self) -> bool:
        return len(self.batch) > 1 or any(len(g) > 1 for g in (self.rows, self.cols, self.k))


def _split(dims: tuple[int, ...], what: str, groups: Sequence[tuple[str, set[int]]]) -> list[tuple[int, ...]]:
    """Split `dims` into consecutive runs of the given roles followed by one dim per inner role:
    `groups` are (name, loops) of the outer groups; the last two dims are the inner ones."""
    outer, runs, at = dims[:-2], [], 0
    for name, loops in groups:
        start = at
        while at < len(outer) and outer[at] in loops:
            at += 1
        runs.append(outer[start:at])
        if name != "batch" and at == start:
            raise NotAnMmt4D(f"{what} has no outer {name} dimension before its inner tiles")
    if at != len(outer):
        raise NotAnMmt4D(
            f"{what} dims are not (" + ", ".join(n for n, _ in groups) + ", inner, inner) groups: "
            f"loop d{outer[at]} is out of place"
        )
    return runs


def match_mmt4d(op: Operation) -> Mmt4DMatch:
    """The mmt4d form of a packed contraction generic; NotAnMmt4D (or NotAContraction) says why not."""
    view = structured_view(op)
    if view is None or view.num_inputs != 2 or len(view.outputs) != 1:
        raise NotAnMmt4D("not a generic with 2 inputs and 1 output")
    for operand in view.operands:
        if not isinstance(operand.type, TensorType):
            raise NotAnMmt4D("not on tensors")
    dims = infer_contraction_dims(view.maps)
    check_iterators(dims, view.iterator_types)
    body = match_contraction_body(op.regions[0].block)
    if not body.is_signed_named_form(op.regions[0].block):
        raise NotAnMmt4D("the body's casts are not the signed casts of linalg.mmt4d (cast_signed)")
    c_dims = map_dims(view.maps[2])
    if len(c_dims) < 4:
        raise NotAnMmt4D("the result has no inner tile dimensions")
    r_in, c_in = c_dims[-2], c_dims[-1]
    # The row role is whichever of M/N the result's inner-row dim belongs to.
    if r_in in dims.m and c_in in dims.n:
        a_index, rows_all, cols_all = 0, set(dims.m), set(dims.n)
    elif r_in in dims.n and c_in in dims.m:
        a_index, rows_all, cols_all = 1, set(dims.n), set(dims.m)
    else:
        raise NotAnMmt4D("the result's last two dims are not one M and one N loop")
    batch, k_all = set(dims.batch), set(dims.k)
    b_index = 1 - a_index
    a_dims, b_dims = map_dims(view.maps[a_index]), map_dims(view.maps[b_index])
    c_batch, c_rows, c_cols = _split(c_dims, "the result", [("batch", batch), ("M", rows_all), ("N", cols_all)])
    a_batch, a_rows, a_k = _split(a_dims, "LHS", [("batch", batch), ("M", rows_all), ("K", k_all)])
    b_batch, b_cols, b_k = _split(b_dims, "RHS", [("batch", batch), ("N", cols_all), ("K", k_all)])
    if not (a_batch == b_batch == c_batch) or len(c_batch) != len(batch):
        raise NotAnMmt4D("the batch loops are not the same leading dims of all operands")
    if a_rows != c_rows or b_cols != c_cols or a_k != b_k:
        raise NotAnMmt4D("the outer M, N or K loops differ in order between operands")
    k_in = a_dims[-1]
    if a_dims[-2] != r_in or b_dims[-2] != c_in or b_dims[-1] != k_in or k_in not in k_all:
        raise NotAnMmt4D(
            "the inner tiles are not (m, k) in LHS, (n, k) in RHS and (m, n) in the result "
            "(e.g. a transposed inner RHS block)"
        )
    return Mmt4DMatch(
        view.operands[a_index], view.operands[b_index], view.operands[2],
        tuple(c_batch), tuple(c_rows), tuple(c_cols), tuple(a_k),
    )


def _collapse_groups(sizes: Sequence[int]) -> list[list[int]]:
    groups, at = [], 0
    for size in sizes:
        groups.append(list(range(at, at + size)))
        at += size
    return groups


def _reassociation(groups: Sequence[Sequence[int]]) -> ArrayAttr[ArrayAttr[IntegerAttr]]:
    return ArrayAttr(ArrayAttr(IntegerAttr(i, i64) for i in group) for group in groups)


def _collapsed_type(type_: TensorType, groups: list[list[int]]) -> TensorType:
    shape = type_.get_shape()
    collapsed_shape = []
    for g in groups:
        size = 1
        for d in g:
            size = DYNAMIC_INDEX if DYNAMIC_INDEX in (size, shape[d]) else size * shape[d]
        collapsed_shape.append(size)
    return TensorType(type_.get_element_type(), collapsed_shape)


def _collapse(value: SSAValue, type_: TensorType, groups: list[list[int]], anchor: Operation) -> SSAValue:
    """`value` (of type `type_`) with each group of dims collapsed into one."""
    if all(len(g) == 1 for g in groups):
        return value
    op = tensor.CollapseShapeOp(
        operands=[value],
        result_types=[_collapsed_type(type_, groups)],
        properties={"reassociation": _reassociation(groups)},
    )
    Rewriter.insert_op(op, InsertPoint.before(anchor))
    return op.results[0]


def rewrite_to_named_mmt4d(op: Operation, allow_collapse: bool = True) -> Operation | None:
    """Replace `op` by linalg.mmt4d / batch_mmt4d (collapsing outer groups if allowed); returns
    the op producing the replacement value, None (op untouched) when it does not match."""
    try:
        match = match_mmt4d(op)
    except (NotAnMmt4D, NotAContraction):
        return None
    if match.needs_collapse() and not allow_collapse:
        return None
    return _rewrite(op, match)


def _rewrite(op: Operation, match: Mmt4DMatch) -> Operation:
    nb = len(match.batch)
    batch_groups = [len(match.batch)] if nb else []
    a_groups = _collapse_groups([*batch_groups, len(match.rows), len(match.k), 1, 1])
    b_groups = _collapse_groups([*batch_groups, len(match.cols), len(match.k), 1, 1])
    c_groups = _collapse_groups([*batch_groups, len(match.rows), len(match.cols), 1, 1])
    a = _collapse(match.a, cast(TensorType, match.a.type), a_groups, op)
    b = _collapse(match.b, cast(TensorType, match.b.type), b_groups, op)
    # The result type is the op's (its init may still be typed otherwise mid-materialization).
    out_type = cast(TensorType, op.results[0].type)
    c = _collapse(match.c, out_type, c_groups, op)
    named_class = BatchMmt4DOp if nb else Mmt4DOp
    named = named_class(inputs=[a, b], outputs=[c], res=[_collapsed_type(out_type, c_groups)])
    named.location = op.location
    Rewriter.insert_op(named, InsertPoint.before(op))
    result: Operation = named
    if c is not match.c:
        # Dynamic sizes of the expanded result: those of the init it was collapsed from.
        b = Builder(InsertPoint.before(op))
        dynamic = [
            dim_size(b, match.c, d) for d, size in enumerate(out_type.get_shape()) if size == DYNAMIC_INDEX
        ]
        result = tensor.ExpandShapeOp(
            named.results[0], dynamic, _reassociation(c_groups), out_type.get_shape(), out_type  # pyright: ignore[reportArgumentType]
        )
        Rewriter.insert_op(result, InsertPoint.before(op))
    op.results[0].replace_all_uses_with(result.results[0])
    Rewriter.erase_op(op)
    return result


def generic_to_mmt4d(module: ModuleOp) -> list[str]:
    """Rewrite every packed-contraction generic of `module` that is an mmt4d; returns a remark
    per contraction-like generic left alone (with the failed condition)."""
    remarks: list[str] = []
    for op in list(module.walk()):
        if not isinstance(op, GenericOp) or len(op.inputs) != 2 or len(op.outputs) != 1:
            continue
        try:
            match = match_mmt4d(op)
        except (NotAnMmt4D, NotAContraction) as reason:
            remarks.append(format_diagnostic(f"xfuse-generic-to-mmt4d: left alone: {reason}", op, "remark"))
            continue
        _rewrite(op, match)
    return remarks


@dataclass(frozen=True)
class GenericToMmt4DPass(ModulePass):
    """Rewrite packed contraction generics (6/7 loops, or more with contiguous outer groups) to
    linalg.mmt4d / linalg.batch_mmt4d. `remarks=true` says why a generic was left alone."""

    name = "xfuse-generic-to-mmt4d"

    remarks: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        remarks = generic_to_mmt4d(op)
        if self.remarks:
            for remark in remarks:
                print(remark, file=sys.stderr)

"""Which 4-D activations of a function body become NHWC: a layout propagation over its ops.

torch-mlir's convolutions and pooling are NCHW. Seeds are the ones that have an NHWC form
(`NHWC_FORMS`); the layout spreads *forward* from their results through the ops that run in any
layout (elementwise `linalg.generic`s, `tensor.pad`, `tensor.concat`, `linalg.broadcast`,
`linalg.fill`, `tensor.empty`: `layout_operands` says which operands follow the result's layout)
and *backward* into a producer all of whose uses want NHWC (the pad before a convolution, the
bias broadcast and the `tensor.empty` / fill of its `outs`). What is left NCHW meets the NHWC
values through a transpose (`rewrite.py`); with both directions, those sit at the function's
edges and at ops that have no NHWC form. `why_not_nhwc` names the reason for an op.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Block, Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap

NCHW_TO_NHWC = (0, 2, 3, 1)
"""`linalg.transpose` permutation NCHW -> NHWC (NHWC dim i is NCHW dim NCHW_TO_NHWC[i])."""
NHWC_TO_NCHW = (0, 3, 1, 2)
"""Its inverse (NCHW dim i is NHWC dim NHWC_TO_NCHW[i])."""
TO_CHANNELS_LAST = {4: NCHW_TO_NHWC, 5: (0, 3, 4, 1, 2)}
"""By rank: NCHW -> NHWC, and a grouped convolution's NGCHW -> NHWGC."""
GROUP_SPLIT = [[0], [1, 2], [3], [4]]
"""How torch-mlir splits C into G x C/G around a grouped convolution (NCHW <-> NGCHW)."""
CHANNELS_LAST_GROUP_SPLIT = [[0], [1], [2], [3, 4]]
"""The same split in NHWC <-> NHWGC."""


def to_channels_last(rank: int) -> tuple[int, ...]:
    return TO_CHANNELS_LAST[rank]


def from_channels_last(rank: int) -> tuple[int, ...]:
    permutation = TO_CHANNELS_LAST[rank]
    return tuple(permutation.index(d) for d in range(rank))


@dataclass(frozen=True)
class NhwcForm:
    """The NHWC op of an NCHW convolution or pooling op, and how its second operand changes:
    `filter_permutation` (numpy.transpose order from the NCHW op's filter) or None (a pooling
    window, unchanged)."""

    name: str
    filter_permutation: tuple[int, ...] | None
    rank: int = 4
    """Of its input and result."""


NHWC_FORMS: dict[str, NhwcForm] = {
    "linalg.conv_2d_nchw_fchw": NhwcForm("conv_2d_nhwc_hwcf", (2, 3, 1, 0)),
    "linalg.depthwise_conv_2d_nchw_chw": NhwcForm("depthwise_conv_2d_nhwc_hwc", (1, 2, 0)),
    "linalg.pooling_nchw_max": NhwcForm("pooling_nhwc_max", None),
    "linalg.pooling_nchw_sum": NhwcForm("pooling_nhwc_sum", None),
    "linalg.conv_2d_ngchw_gfchw": NhwcForm("conv_2d_nhwgc_gfhwc", (0, 1, 3, 4, 2), rank=5),
}

_NCHW_CONVOLUTIONS = ("linalg.conv_2d_ngchw_fgchw", "linalg.conv_2d_nchw_fchw_q", "linalg.conv_1d_ncw_fcw",
                      "linalg.conv_3d_ncdhw_fcdhw")
_NO_NHWC_FORM = {
    "linalg.conv_2d_ngchw_fgchw": "MLIR has no channels-last form of a grouped convolution with an FGCHW filter",
    "tensor.reshape": "a reshape fixes the order of its elements",
    "func.return": "the function's results keep the layout of its signature",
    "func.call": "the callee's signature keeps its layout",
}


def permuted(shape: Sequence[int], permutation: Sequence[int]) -> list[int]:
    return [shape[p] for p in permutation]


def is_static_4d(value: SSAValue, rank: int = 4) -> bool:
    """A static tensor of `rank` (4 unless said) dimensions."""
    return (isinstance(value.type, TensorType) and value.type.get_num_dims() == rank
            and all(size >= 0 for size in value.type.get_shape()))


def _group_reshape_problem(op: Operation) -> str | None:
    source, result = (4, 5) if op.name == "tensor.expand_shape" else (5, 4)
    if not (is_static_4d(op.operands[0], source) and is_static_4d(op.results[0], result)
            and reassociation(op) == GROUP_SPLIT):
        return "a reshape fixes the order of the dimensions it " + ("splits" if source == 4 else "merges")
    return None


_IDENTITY_4D = AffineMap.identity(4)


def keeps_reduced_dims(value: SSAValue, map_: AffineMap) -> bool:
    """Whether `map_` writes the static 4-D `value` as the identity or as a reduction that keeps
    its reduced dimensions with size 1 (`(d0, d1, 0, 0)`: ONNX's ReduceMean over H and W with
    keepdims). Such a result takes the layout of its loops, as an identity one does."""
    if not is_static_4d(value) or map_.num_dims != 4 or len(map_.results) != 4:
        return False
    shape = value.type.get_shape()
    return all(expr == AffineDimExpr(i) or (isinstance(expr, AffineConstantExpr) and expr.value == 0
                                            and shape[i] == 1)
               for i, expr in enumerate(map_.results))


def _generic_problem(op: Operation) -> str | None:
    maps = [m.data for m in op.indexing_maps.data]
    if len(op.iterator_types.data) != 4:
        return f"it has {len(op.iterator_types.data)} loops, not the 4 of an NCHW tensor"
    outputs = maps[len(op.inputs):]
    if not op.outputs or not all(keeps_reduced_dims(v, m) for v, m in zip(op.outputs, outputs)):
        return "its results are not 4-D tensors written with identity maps (or keeping reduced dimensions)"
    return None


def _broadcast_problem(op: Operation) -> str | None:
    if not is_static_4d(op.init):
        return "its result is not a static 4-D tensor"
    kept = [d for d in range(4) if d not in op.dimensions.get_values()]
    positions = [NCHW_TO_NHWC.index(d) for d in kept]
    if positions != sorted(positions):
        return "its input's dimensions would not stay in order in NHWC"
    return None


def _pad_problem(op: Operation) -> str | None:
    if not is_static_4d(op.source) or not is_static_4d(op.result):
        return "its source or result is not a static 4-D tensor"
    if op.low or op.high:
        return "its padding sizes are dynamic"
    block = op.region.block
    if any(use.operation.parent_block() is block for arg in block.args for use in arg.uses):
        return "its padding value depends on the index"
    return None


def why_not_nhwc(op: Operation) -> str | None:
    """None when `op` can run on NHWC tensors (its layout operands and 4-D results in NHWC),
    else why it keeps its layout."""
    if op.name in NHWC_FORMS:
        rank = NHWC_FORMS[op.name].rank
        if len(op.inputs) != 2 or len(op.outputs) != 1 or not (is_static_4d(op.inputs[0], rank)
                                                                and is_static_4d(op.outputs[0], rank)):
            return "its input or result is not a static 4-D tensor"
        second = op.inputs[1].type
        if not isinstance(second, TensorType) or any(size < 0 for size in second.get_shape()):
            return "its filter or window has a dynamic shape"
        return None
    if op.name == "linalg.generic":
        return _generic_problem(op)
    if op.name == "linalg.broadcast":
        return _broadcast_problem(op)
    if op.name == "tensor.pad":
        return _pad_problem(op)
    if op.name in ("tensor.expand_shape", "tensor.collapse_shape"):
        return _group_reshape_problem(op)
    if op.name == "tensor.concat":
        return None if is_static_4d(op.results[0]) else "its result is not a static 4-D tensor"
    if op.name == "linalg.transpose" and tuple(op.permutation.get_values()) in (NCHW_TO_NHWC, NHWC_TO_NCHW):
        return ("it moves the channels between first and last itself: kept, it cancels with the layout's "
                "own transpose (`fold_cancelling_transposes`)")
    if op.name in ("tensor.empty", "linalg.fill", "linalg.transpose"):
        return None if op.results and _channels_last_rank(op.results[0]) else (
            "its result is not a static 4-D (NCHW) or 5-D (NGCHW) tensor")
    return _NO_NHWC_FORM.get(op.name, f"xfuse-nhwc has no NHWC form of '{op.name}'")


def reads_either_layout(op: Operation) -> bool:
    """Whether `op` reads an NCHW and an NHWC tensor alike: a `tensor.collapse_shape` of an
    N x C x 1 x 1 tensor that keeps C's group whole (the global pooling before a classifier):
    with H = W = 1 both layouts hold the same elements in the same order."""
    if op.name != "tensor.collapse_shape" or not is_static_4d(op.src):
        return False
    groups = reassociation(op)
    return tuple(op.src.type.get_shape()[2:]) == (1, 1) and ([1, 2, 3] in groups or groups == [[0, 1, 2, 3]])


def reassociation(op: Operation) -> list[list[int]]:
    """The dimension groups of a `tensor.collapse_shape` / `expand_shape`."""
    return [[index.value.data for index in group.data] for group in op.reassociation.data]


def _channels_last_rank(value: SSAValue) -> bool:
    return is_static_4d(value) or is_static_4d(value, 5)


def layout_operands(op: Operation) -> list[int]:
    """Indices of the operands of a convertible `op` that take its result's layout (an NHWC
    result needs them in NHWC; one of them in NHWC pulls the result into NHWC)."""
    if op.name in NHWC_FORMS:
        return [0, len(op.operands) - 1]
    if op.name == "linalg.generic":
        maps = [m.data for m in op.indexing_maps.data]
        outputs = range(len(op.inputs), len(op.operands))
        return [i for i, (v, m) in enumerate(zip(op.operands, maps))
                if (is_static_4d(v) and m == _IDENTITY_4D) or (i in outputs and keeps_reduced_dims(v, m))]
    if op.name in ("tensor.concat", "linalg.transpose"):
        return list(range(len(op.operands)))
    if op.name in ("linalg.broadcast", "linalg.fill"):
        return [len(op.operands) - 1]  # the init
    if op.name in ("tensor.pad", "tensor.expand_shape", "tensor.collapse_shape"):
        return [0]
    return []


@dataclass
class LayoutPlan:
    """The ops of one block that run in NHWC, and why each op touching them does not."""

    converted: list[Operation] = field(default_factory=list)
    """In block order."""
    refused: dict[Operation, str] = field(default_factory=dict)
    """Ops using or producing an NHWC value that keep their layout, with the reason."""
    kept: list[tuple[Operation, str]] = field(default_factory=list)
    """Convolutions and pooling that keep NCHW, with the reason."""

    def is_nhwc(self, value: SSAValue) -> bool:
        """Whether `value` is the result of an op that becomes NHWC."""
        return isinstance(value.owner, Operation) and value.owner in self._ops

    def __post_init__(self) -> None:
        self._ops = frozenset(self.converted)


def plan_block(block: Block) -> LayoutPlan:
    """Forward from the NHWC forms of convolutions and pooling, backward into producers whose
    every use wants NHWC, to a fixed point."""
    ops = list(block.ops)
    convertible = {op for op in ops if why_not_nhwc(op) is None}
    nhwc: set[Operation] = {op for op in ops if op.name in NHWC_FORMS and op in convertible}
    kept = [(op, why_not_nhwc(op) or "") for op in ops
            if op not in nhwc and (op.name in NHWC_FORMS or op.name in _NCHW_CONVOLUTIONS)]
    if not nhwc:
        return LayoutPlan(kept=kept)

    def wants_nhwc(use) -> bool:
        return use.operation in nhwc and use.index in layout_operands(use.operation)

    changed = True
    while changed:
        changed = False
        for op in ops:
            if op in nhwc or op not in convertible or len(op.results) == 0:
                continue
            forward = any(isinstance(op.operands[i].owner, Operation) and op.operands[i].owner in nhwc
                          for i in layout_operands(op))
            uses = [use for result in op.results for use in result.uses]
            backward = bool(uses) and all(wants_nhwc(use) for use in uses)
            if forward or backward:
                nhwc.add(op)
                changed = True
    plan = LayoutPlan([op for op in ops if op in nhwc], kept=kept)
    for op in ops:
        if op in nhwc:
            continue
        if reads_either_layout(op):
            continue
        touches = any(isinstance(v.owner, Operation) and v.owner in nhwc for v in op.operands) or any(
            wants_nhwc(use) for result in op.results for use in result.uses)
        if touches:
            plan.refused[op] = why_not_nhwc(op) or "not all of its uses run in NHWC"
    return plan

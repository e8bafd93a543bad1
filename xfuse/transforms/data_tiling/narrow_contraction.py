"""`xfuse-narrow-integer-contraction`: an integer matmul of sign-extended narrow operands as the
narrow contraction it is (`i8 x i8 -> i32`), so that data tiling gives it an i8 mmt4d.

torch-mlir imports an int32 `MatMul` (what `xfuse.onnx.quantization` makes of `MatMulInteger`:
int8 operands `Cast` to int32) as

    %a = linalg.generic {extsi i8 -> i32} ins(%a8)      %b = linalg.generic {extsi i8 -> i32} ins(%b8)
    %p = linalg.matmul ins(%a, %b : i32, i32) outs(fill(0) : i64)     (torch's integer matmul)
    %r = linalg.generic {trunci i64 -> i32} ins(%p)

Here that becomes `linalg.matmul ins(%a8, %b8 : i8, i8) outs(fill(0) : i32)` (the named op
sign-extends its operands to the accumulator's type, `cast_signed`), replacing `%r`. Exact: the
int32 sum wraps as the int64 one truncated does (both are the sum modulo 2^32), and each product
of two sign-extended values is the same modulo 2^32 in either width. The same for
`linalg.batch_matmul`. Without the truncation (an i32 accumulator already), only the operands
narrow. Left alone, with a remark (`remarks=true`): unsigned casts, a `cast` attribute, an
accumulator that is not a fill of zero, operands that are not sign extensions of one narrower
integer type, a product read by anything but one truncation.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import IntegerAttr, IntegerType, ModuleOp, TensorType
from xdsl.dialects.linalg.ops import FillOp, GenericOp, YieldOp
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import format_diagnostic
from xfuse.dialects.linalg import BatchMatmulOp, BatchMmt4DOp, Mmt4DOp
from xfuse.dialects.linalg_syntax import MATMUL
from xfuse.transforms.batch_matmul import MLIR_FILL, erase_if_dead

NARROWED = (MATMUL, BatchMatmulOp)


class NotNarrowed(Exception):
    """Why a contraction was left alone."""


def _elementwise_cast(value: SSAValue, cast_type: type[Operation]) -> SSAValue | None:
    """The input of the one-input identity-map `linalg.generic` producing `value` whose body
    is a single `cast_type` of its input, else None."""
    op = value.owner
    if not isinstance(op, GenericOp) or len(op.inputs) != 1 or len(op.outputs) != 1:
        return None
    maps = [m.data for m in op.indexing_maps.data]
    if any(m != AffineMap.identity(m.num_dims) for m in maps) or any(i.data != "parallel" for i in op.iterator_types.data):
        return None
    body = list(op.body.block.ops)
    if len(body) != 2 or not isinstance(body[0], cast_type) or not isinstance(body[1], YieldOp):
        return None
    if body[0].operands[0] is not op.body.block.args[0] or body[1].operands[0] is not body[0].results[0]:
        return None
    return op.inputs[0]


def _narrow_operand(value: SSAValue) -> SSAValue:
    narrow = _elementwise_cast(value, arith.ExtSIOp)
    if narrow is None:
        raise NotNarrowed("an operand is not a sign extension (a linalg.generic of one arith.extsi)")
    return narrow


def _is_zero_fill(value: SSAValue) -> bool:
    fill = value.owner
    if not isinstance(fill, FillOp) or not isinstance(fill.outputs[0].owner, tensor.EmptyOp):
        return False
    constant = fill.inputs[0].owner
    return (isinstance(constant, arith.ConstantOp) and isinstance(constant.value, IntegerAttr)
            and constant.value.value.data == 0)


def narrow_contraction(op: Operation) -> Operation:
    """Rewrite one matmul / batch_matmul as the module doc says; returns the narrow op or raises
    `NotNarrowed` with the reason."""
    if op.properties.get("cast") is not None or op.attributes.get("cast") is not None:
        raise NotNarrowed("it has a cast attribute (only the default signed cast narrows)")
    a, b = (_narrow_operand(v) for v in op.operands[:2])
    narrow = a.type.get_element_type()
    if narrow != b.type.get_element_type() or not isinstance(narrow, IntegerType):
        raise NotNarrowed("its operands extend from different types")
    init, (result,) = op.operands[2], op.results
    if not _is_zero_fill(init):
        raise NotNarrowed("its accumulator is not a linalg.fill of zero")
    uses = list(result.uses)
    truncation = uses[0].operation if len(uses) == 1 else None
    if truncation is not None and truncation.results and _elementwise_cast(truncation.results[0], arith.TruncIOp) is result:
        replaced = truncation.results[0]  # the matmul's result truncated: the narrow op's accumulator type
    else:
        replaced = result
    accumulator = replaced.type.get_element_type()
    if not isinstance(accumulator, IntegerType) or accumulator.width.data <= narrow.width.data:
        raise NotNarrowed(f"its result type {accumulator} is not wider than its operands' {narrow}")
    sizes = list(init.owner.outputs[0].owner.operands)  # the empty's dynamic sizes
    empty = tensor.EmptyOp(sizes, TensorType(accumulator, result.type.get_shape()))
    zero = arith.ConstantOp(IntegerAttr(0, accumulator))
    fill = MLIR_FILL([zero.result], [empty.tensor], [empty.tensor.type])
    kind, init = type(op), fill.results[0]
    body = kind.hidden_region_for([a, b], [init], {**op.attributes, **op.properties})  # casts a, b to i32
    new = kind.build(operands=([a, b], [init]), result_types=([empty.tensor.type],), properties=dict(op.properties),
                     attributes=dict(op.attributes), regions=(body,))
    Rewriter.insert_op([empty, zero, fill, new], InsertPoint.before(op))
    replaced.replace_all_uses_with(new.results[0])
    for dead in ([replaced.owner] if replaced is not result else []):
        Rewriter.erase_op(dead)
    producers = [v.owner for v in op.operands]
    Rewriter.erase_op(op)
    for producer in producers:
        if isinstance(producer, GenericOp) and not any(r.uses for r in producer.results):
            Rewriter.erase_op(producer)
        else:
            erase_if_dead(producer)
    return new


def narrow_mmt4d_operands(op: Mmt4DOp | BatchMmt4DOp) -> Mmt4DOp | BatchMmt4DOp | None:
    """The same op on the narrow operands when `op`'s A and B are both sign extensions (identity
    `linalg.generic`s of one `arith.extsi`) of one narrower integer type, else None. IREE's data
    tiling extends after the pack (`pack(i8) -> extsi -> mmt4d(i32)`, its
    materialize_encoding_x86_64 and prepare_ukernels tests); the named op sign-extends its
    operands to the accumulator's type, so `acc + sum(sext(a) * sext(b))` is the same i32 sum for
    any accumulator (no fill of zero needed: nothing is truncated)."""
    if op.properties.get("cast") is not None or op.attributes.get("cast") is not None:
        return None
    try:
        a, b = (_narrow_operand(v) for v in op.operands[:2])
    except NotNarrowed:
        return None
    narrow, accumulator = a.type.get_element_type(), op.operands[2].type.get_element_type()
    if (narrow != b.type.get_element_type() or not isinstance(narrow, IntegerType)
            or not isinstance(accumulator, IntegerType) or accumulator.width.data <= narrow.width.data):
        return None
    new = type(op)([a, b], [op.operands[2]], attributes=dict(op.attributes))
    new.location = op.location  # the kernel's remarks point at the op as written
    Rewriter.insert_op(new, InsertPoint.before(op))
    op.results[0].replace_all_uses_with(new.results[0])
    producers = [v.owner for v in op.operands[:2]]
    Rewriter.erase_op(op)
    for producer in dict.fromkeys(producers):
        if not any(r.uses for r in producer.results):
            Rewriter.erase_op(producer)
    return new


def narrow_integer_contractions(module: ModuleOp) -> list[str]:
    """Narrow every integer matmul / batch_matmul of `module` that qualifies; returns a remark per
    integer one left alone (with the reason)."""
    return [format_diagnostic(f"xfuse-narrow-integer-contraction: left alone: {why}", op, "remark")
            for op, why in narrow_contractions_left(module)]


def narrow_contractions_left(module: ModuleOp) -> list[tuple[Operation, str]]:
    """`narrow_integer_contractions`' work; returns (op, reason) per integer op left alone."""
    left = []
    for op in list(module.walk()):
        if not isinstance(op, NARROWED) or not isinstance(op.results[0].type.get_element_type(), IntegerType):
            continue
        try:
            narrow_contraction(op)
        except NotNarrowed as reason:
            left.append((op, str(reason)))
    return left


@dataclass(frozen=True)
class NarrowIntegerContractionPass(ModulePass):
    """Integer matmuls of sign-extended narrow operands as narrow contractions (i8 x i8 -> i32).
    `remarks=true` says why an integer one was left alone."""

    name = "xfuse-narrow-integer-contraction"

    remarks: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        remarks = narrow_integer_contractions(op)
        if self.remarks:
            for remark in remarks:
                print(remark, file=sys.stderr)

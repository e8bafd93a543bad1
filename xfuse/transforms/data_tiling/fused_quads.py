"""The `vpdpbusd` kernel's A quadruples made straight from the unpacked activations: when the
packed A is a `linalg.pack` without padding of a 2-D `M x K` tensor (16 x 4 tiles), or an
elementwise `linalg.generic` of such a pack and of scalars (a dynamic quantization's divide,
round, clamp and cast on the packed tiles), one `linalg.generic` over `m1 x k1 x m0` reads the
four bytes of each quadruple from the source expanded to `M/16 x 16 x K/4 x 4`
(`(d0, d1, d2) -> (d0, d2, d1, q)`), applies the generic's body to each, and makes them the
kernel's i32 of unsigned bytes (`xor 0x80`) itself. The pack, the generic's packed i8 tensor and
the kernel's own quadruple pass over it (three passes) become one. The same scalar ops on the
same values: bit-identical.
"""

from __future__ import annotations

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import AffineMapAttr, IntegerAttr, TensorType, i8, i32
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, YieldOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.dialects.linalg import Mmt4DOp
from xfuse.dialects.linalg_pack import PackOp
from xfuse.transforms.data_tiling.generic_to_mmt4d import _reassociation

FUSE_QUADS = False
"""Make the vpdpbusd kernel's quadruples from the unpacked A (module doc); False: the pack, the
packed elementwise generic and the kernel's quadruple pass (nineteenth session's A/B,
docs/backend-measurements.md)."""


def _plain_pack(value: SSAValue, m1: int, k1: int, m0: int) -> PackOp | None:
    pack = value.owner
    if not isinstance(pack, PackOp) or value.uses.get_length() != 1:
        return None
    source = pack.source.type
    if not (isinstance(source, TensorType) and source.has_static_shape() and source.get_num_dims() == 2):
        return None
    if pack.get_outer_dims_perm() not in ((), (0, 1)) or pack.get_inner_dims_pos() != (0, 1):
        return None
    if tuple(pack.get_static_inner_tiles()) != (m0, 4) or tuple(source.get_shape()) != (m1 * m0, k1 * 4):
        return None
    return pack


def _elementwise_of_pack(generic: Operation, m1: int, k1: int, m0: int
                         ) -> tuple[PackOp, list[tuple[GenericOp, int]]] | None:
    """(the pack, [(generic, the operand index of the tiled value)] from the pack's reader out)
    when `generic` is a chain of all-parallel generics, each 4-D identity on one tiled operand
    (the pack or the generic before) and on its result, scalars otherwise, one result each, read
    by the next only, no index ops."""
    if not isinstance(generic, GenericOp) or len(generic.outputs) != 1 or generic.results[0].uses.get_length() != 1:
        return None
    if any(str(t) != "#linalg.iterator_type<parallel>" for t in generic.iterator_types):
        return None
    maps = [m.data for m in generic.indexing_maps]
    if maps[-1] != AffineMap.identity(4) or any(o.name == "linalg.index" for o in generic.body.block.ops):
        return None
    tiled = [i for i, m in enumerate(maps[:-1]) if m == AffineMap.identity(4)]
    if len(tiled) != 1 or any(len(m.results) != 0 for i, m in enumerate(maps[:-1]) if i != tiled[0]):
        return None
    value = generic.inputs[tiled[0]]
    if (pack := _plain_pack(value, m1, k1, m0)) is not None:
        return pack, [(generic, tiled[0])]
    inner = _elementwise_of_pack(value.owner, m1, k1, m0)
    return None if inner is None else (inner[0], [*inner[1], (generic, tiled[0])])


def fused_quads(op: Mmt4DOp) -> SSAValue | None:
    """The quadruples of op's A built before `op` from the unpacked source (module doc); None
    when A is not such a value. The old producers are left for `erase_dead_producers`."""
    if not FUSE_QUADS:
        return None
    a = op.operands[0]
    m1, k1, m0, k0 = a.type.get_shape()
    if k0 != 4 or a.type.get_element_type() != i8:
        return None
    chain: list[tuple[GenericOp, int]] = []
    pack = _plain_pack(a, m1, k1, m0)
    if pack is None:
        found = _elementwise_of_pack(a.owner, m1, k1, m0)
        if found is None:
            return None
        pack, chain = found
    scalars = [v for generic, at in chain for i, v in enumerate(generic.inputs) if i != at]
    source = pack.source
    element = source.type.get_element_type()
    expanded = tensor.ExpandShapeOp(source, [], _reassociation([[0, 1], [2, 3]]), [m1, m0, k1, 4],
                                    TensorType(element, [m1, m0, k1, 4]))
    d = [AffineExpr.dimension(i) for i in range(3)]
    maps = [AffineMap(3, 0, (d[0], d[2], d[1], AffineExpr.constant(q))) for q in range(4)]
    maps += [AffineMap(3, 0, ()) for _ in scalars] + [AffineMap.identity(3)]
    body = Block(arg_types=[element] * 4 + [v.type.get_element_type() if isinstance(v.type, TensorType) else v.type
                                            for v in scalars] + [i32])
    flip = arith.ConstantOp(IntegerAttr(-128, i8))
    body.add_op(flip)
    quad = None
    for q in range(4):
        value, scalar_args = body.args[q], list(body.args[4:4 + len(scalars)])
        for generic, at in chain:
            inner = generic.body.block
            others = [arg for i, arg in enumerate(inner.args[:len(generic.inputs)]) if i != at]
            mapping = {inner.args[at]: value, **dict(zip(others, scalar_args[:len(others)], strict=True))}
            scalar_args = scalar_args[len(others):]
            for inner_op in inner.ops:
                if isinstance(inner_op, YieldOp):
                    value = mapping.get(inner_op.operands[0], inner_op.operands[0])
                    break
                body.add_op(inner_op.clone(value_mapper=mapping))
        flipped = arith.XOrIOp(value, flip.result)
        wide = arith.ExtUIOp(flipped.result, i32)
        body.add_ops([flipped, wide])
        part = wide.result
        if q:
            shift = arith.ConstantOp(IntegerAttr(8 * q, i32))
            shifted = arith.ShLIOp(wide.result, shift.result)
            body.add_ops([shift, shifted])
            part = shifted.result
        if quad is None:
            quad = part
        else:
            joined = arith.OrIOp(quad, part)
            body.add_op(joined)
            quad = joined.result
    body.add_op(YieldOp(quad))
    empty = tensor.EmptyOp([], TensorType(i32, [m1, k1, m0]))
    quads = GenericOp([expanded.result, expanded.result, expanded.result, expanded.result, *scalars], [empty.tensor],
                      Region(body), [AffineMapAttr(m) for m in maps], [IteratorTypeAttr.parallel()] * 3,
                      [empty.tensor.type])
    for new in (expanded, empty, quads):
        new.location = op.location
    Rewriter.insert_op([expanded, empty, quads], InsertPoint.before(op))
    return quads.results[0]


def erase_dead_producers(value_owner: Operation) -> None:
    """After the kernel replaced the mmt4d: A's generic and then its pack, each when nothing
    reads it any more."""
    pending = [value_owner]
    while pending:
        owner = pending.pop()
        if not isinstance(owner, GenericOp | PackOp) or owner.parent is None or any(r.uses for r in owner.results):
            continue
        inputs = list(owner.inputs) if isinstance(owner, GenericOp) else [owner.source]
        Rewriter.erase_op(owner)
        pending += [v.owner for v in inputs]

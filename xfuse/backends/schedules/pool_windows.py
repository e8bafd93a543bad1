"""Max and sum poolings as elementwise ops over their windows' strided slices; a max's NaN tested once.

A max pooling's body is `arith.maximumf`, IEEE-754 `maximum`: a NaN operand gives NaN, and +0 is
above -0. LLVM lowers it on AVX2 to five instructions per max (`vblendvps` x 2 ordering the
operands by sign, `vmaxps`, `vcmpunordps`, `vblendvps` for the NaN), where onnxruntime's MLAS
kernel uses one `vmaxps`: Inception-v2's max poolings took 1.36 ms against its 0.8.

`vmaxps x, m` is `x > m ? x : m`: a NaN in the running maximum `m` stays (the comparison is false),
a NaN in `x` is dropped. So a window's maximum is computed as that chain, started from the first
element (or the pooling's init when it is not `-inf`), and the NaNs it drops are caught by a flag,
`cmpf uno` of two window elements at a time (`uno(a, b)` is true when either is NaN), or-ed and
applied once per output by a select of NaN: per element of a 3x3 window one `vmaxps`, about one
half of a `vcmpunordps` and one half of a `vorps`, against five. The NaN rule of `maximumf` holds
exactly (a NaN anywhere in the window, or in a read init, gives NaN). The sign of a zero does
not: of a window whose maximum is zero with both signs present, the result is the sign of the
first zero in window order (row-major, after the init when it is read), where `maximumf` gives
+0 (onnxruntime's `vmaxps` kernel does the same; a later op can tell only by dividing by it).

The rewrite: a `linalg.pooling_nhwc_max` (`_sum`) at a function's top level with static shapes, a
float element type and 2 to `MAX_WINDOW` window elements becomes a `linalg.generic` with identity
maps over the output, reading one strided `tensor.extract_slice` of the input per window element
(`[0, kh * dh, kw * dw, 0] [N, OH, OW, C] [1, sh, sw, 1]`: the elements that window position
reads for every output). The slices bufferize to subviews (no copy) whose channels are
contiguous, so the elementwise schedule (elementwise.py, one thread) and the parallel split's
vectorized slices (parallel_split.py, two threads, where the poolings stayed scalar loops) both
tile and vectorize it as any elementwise op; the poolings' own schedule (pools.py) keeps the
wider windows (global poolings). A sum adds the window's elements to the init in the pooling's
order (row-major), so its result is the pooling's to the bit; a sum's init of 0.0 is the
constant it starts from, not a read.

The init is not read when it is known to hold a constant (`known_fill_value`: a `linalg.fill`, or
a slice of one through the disjoint `tensor.insert_slice`s `pool_borders` writes its pieces with):
a max of `-inf` starts from the first element, any other start is that constant. The generic's
destination is then a fresh `tensor.empty` (or the slice, for a piece), and a fill only such
pieces and destinations use is replaced by a `tensor.empty` when the pieces inserted into it
cover it (`_drop_unread_fills`): no pass over the output writes the init first.
"""

from __future__ import annotations

import math

from xdsl.dialects import arith
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.builtin import AffineMapAttr, AnyFloat, FloatAttr, ModuleOp, TensorType
from xdsl.dialects.tensor import EmptyOp, ExtractSliceOp
from xdsl.ir import Block, Operation, OpResult, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.in_place.pool_borders import float_constant
from xfuse.backends.in_place.top_level_rewrites import rewrite_top_level_ops
from xfuse.dialects.linalg_syntax import GenericOp

__all__ = ["MAX_WINDOW", "POOL_WINDOW_KINDS", "known_fill_value", "pool_windows"]

POOL_WINDOW_KINDS = "max+sum"
"""The poolings rewritten, `+`-separated (`max`, `sum`: average poolings are a sum, then a
division; "none": neither): the switch for A/B measurements (`flag_ab.py --values none,max,max+sum`)."""
MAX_WINDOW = 9
"""Window elements at most (3x3, the zoo's largest but the global poolings): each is an operand of
the generic and a load per output vector; a global pooling keeps the pooling schedule."""

_MINUS_INF = float("-inf")


def _static_slice(op: Operation) -> tuple[list[int], list[int], list[int]] | None:
    """(offsets, sizes, strides) of a static `tensor.extract_slice` / `insert_slice`."""
    props = op.properties
    offsets = list(props["static_offsets"].get_values())
    sizes = list(props["static_sizes"].get_values())
    strides = list(props["static_strides"].get_values())
    if any(op.operands[2 if op.name == "tensor.insert_slice" else 1:]) or min(offsets + sizes + strides) < 0:
        return None
    return offsets, sizes, strides


def _box(op: Operation) -> list[tuple[int, int]] | None:
    """The index range, per dimension, of a unit-stride static slice: [start, end)."""
    found = _static_slice(op)
    if found is None or any(s != 1 for s in found[2]):
        return None
    return [(o, o + s) for o, s in zip(found[0], found[1], strict=True)]


def _disjoint(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> bool:
    return any(x_end <= y_start or y_end <= x_start for (x_start, x_end), (y_start, y_end) in zip(a, b, strict=True))


def known_fill_value(value: SSAValue) -> float | None:
    """The constant every element of `value` holds when it is a `linalg.fill` of a float
    constant, or a unit-stride slice of one that the `tensor.insert_slice`s in between
    (`pool_borders`' pieces) do not overlap; else None."""
    box = None
    while isinstance(value, OpResult):
        op = value.op
        if op.name == "linalg.fill":
            return float_constant(op.operands[0])
        if op.name == "tensor.extract_slice" and box is None:
            box = _box(op)
            if box is None:
                return None
            value = op.operands[0]
        elif op.name == "tensor.insert_slice" and box is not None:
            inserted = _box(op)
            if inserted is None or not _disjoint(box, inserted):
                return None
            value = op.operands[1]
        else:
            return None
    return None


def _body(element, count: int, start: str | float, kind: str) -> Block:
    """The generic's body over `count` window elements and the output element, from `start`
    ("out": the output element, "first": the first window element, or a constant): for a sum
    (`kind`) the additions in window order; for a max the `vmaxps` chain, the NaN flag over the
    elements the chain may drop, and a NaN where it is set."""
    block = Block(arg_types=[element] * (count + 1))
    ops: list[Operation] = []
    elements = list(block.args[:count])
    if start == "first":
        current, checked = elements[0], elements[1:]
        elements = elements[1:]
    elif start == "out":
        current, checked = block.args[count], elements
    else:
        ops.append(constant := arith.ConstantOp(FloatAttr(start, element)))
        current, checked = constant.result, elements
    if kind == "sum":
        for x in elements:
            ops.append(added := arith.AddfOp(current, x))
            current = added.result
        ops.append(linalg.YieldOp(current))
        block.add_ops(ops)
        return block
    for x in elements:
        ops.append(above := arith.CmpfOp(x, current, "ogt"))
        ops.append(chosen := arith.SelectOp(above, x, current))
        current = chosen.result
    flag = None
    for i in range(0, len(checked), 2):
        pair = checked[i:i + 2]
        ops.append(nan := arith.CmpfOp(pair[0], pair[-1], "uno"))
        if flag is None:
            flag = nan.result
        else:
            ops.append(either := arith.OrIOp(flag, nan.result))
            flag = either.result
    if flag is not None:
        ops.append(nan_value := arith.ConstantOp(FloatAttr(math.nan, element)))
        ops.append(result := arith.SelectOp(flag, nan_value.result, current))
        current = result.result
    ops.append(linalg.YieldOp(current))
    block.add_ops(ops)
    return block


def _rewrite(pool: Operation) -> bool:
    """Replace `pool` by the generic over its window's slices (module doc); whether it was."""
    source, window, init = pool.operands
    types = (source.type, window.type, pool.results[0].type)
    if len(pool.results) != 1 or not all(isinstance(t, TensorType) and t.has_static_shape() for t in types):
        return False
    element = types[2].get_element_type()
    if not isinstance(element, AnyFloat) or types[0].get_element_type() != element:
        return False
    windows, out_shape = list(types[1].get_shape()), list(types[2].get_shape())
    if not 2 <= math.prod(windows) <= MAX_WINDOW:
        return False
    strides = [pool.window_parameter("strides", w) for w in (0, 1)]
    dilations = [pool.window_parameter("dilations", w) for w in (0, 1)]
    n, oh, ow, c = out_shape

    made: list[Operation] = []
    slices = []
    for kh in range(windows[0]):
        for kw in range(windows[1]):
            made.append(piece := ExtractSliceOp.from_static_parameters(
                source, [0, kh * dilations[0], kw * dilations[1], 0], [n, oh, ow, c], [1, strides[0], strides[1], 1]))
            slices.append(piece.results[0])
    kind = "sum" if pool.name == "linalg.pooling_nhwc_sum" else "max"
    fill = known_fill_value(init)
    if fill == _MINUS_INF and kind == "max":
        start: str | float = "first"
    elif fill is not None and not math.isnan(fill):
        start = fill
    else:
        start = "out"
    destination = init
    if start != "out" and isinstance(init, OpResult) and init.op.name == "linalg.fill":
        made.append(empty := EmptyOp([], types[2]))
        destination = empty.results[0]
    identity = AffineMapAttr(AffineMap.identity(4))
    generic = GenericOp(slices, [destination], Region(_body(element, len(slices), start, kind)),
                        [identity] * (len(slices) + 1), [linalg.IteratorTypeAttr.parallel()] * 4, [types[2]])
    made.append(generic)
    for op in made:
        op.location = pool.location
    Rewriter.insert_op(made, InsertPoint.before(pool))
    pool.results[0].replace_all_uses_with(generic.results[0])
    Rewriter.erase_op(pool)
    if isinstance(window, OpResult) and not window.uses:
        Rewriter.erase_op(window.op)
    if isinstance(init, OpResult) and init.op.name == "linalg.fill" and not init.uses:
        Rewriter.erase_op(init.op)
    return True


def _unread_destination(op: Operation) -> bool:
    """`op` is a generic whose output element its body does not read."""
    return op.name == "linalg.generic" and not op.regions[0].block.args[-1].uses


def _fill_unread(value: SSAValue, boxes: list[list[tuple[int, int]]]) -> bool:
    """`value` is a link of a chain of `insert_slice`s into one tensor (the destination of at most
    one, its box added to `boxes`), read before the chain's end only by `extract_slice`s that
    unread destinations use; the chain's end (no `insert_slice` into it) may be read by anything,
    once the boxes cover it."""
    inserts = [use.operation for use in value.uses if use.operation.name == "tensor.insert_slice" and use.index == 1]
    if not inserts:
        return True
    if len(inserts) > 1 or (box := _box(inserts[0])) is None:
        return False
    boxes.append(box)
    for use in value.uses:
        op = use.operation
        if op is inserts[0]:
            continue
        if op.name != "tensor.extract_slice" or not all(
                _unread_destination(u.operation) and u.index == len(u.operation.operands) - 1
                for u in op.results[0].uses):
            return False
    return _fill_unread(inserts[0].results[0], boxes)


def _drop_unread_fills(module: ModuleOp) -> int:
    """Replace by a `tensor.empty` each top-level fill whose values nothing reads: pieces written
    over it that cover it, pairwise disjoint (module doc); how many."""
    dropped = 0
    for fill in [op for op in module.walk() if op.name == "linalg.fill"]:
        result = fill.results[0]
        if not isinstance(result.type, TensorType) or not result.type.has_static_shape():
            continue
        boxes: list[list[tuple[int, int]]] = []
        if not _fill_unread(result, boxes) or not boxes:
            continue
        volume = sum(math.prod(end - start for start, end in box) for box in boxes)
        if volume != math.prod(result.type.get_shape()) or any(
                not _disjoint(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]):
            continue
        empty = EmptyOp([], result.type)
        empty.location = fill.location
        Rewriter.insert_op(empty, InsertPoint.before(fill))
        result.replace_all_uses_with(empty.results[0])
        Rewriter.erase_op(fill)
        dropped += 1
    return dropped


def pool_windows(module: ModuleOp) -> int:
    """Rewrite each qualifying max and sum pooling of `module` (module doc, the switches); how many."""
    names = [f"linalg.pooling_nhwc_{kind}" for kind in ("max", "sum") if kind in POOL_WINDOW_KINDS.split("+")]
    count = rewrite_top_level_ops(module, names, _rewrite) if names else 0
    if count:
        _drop_unread_fills(module)
    return count

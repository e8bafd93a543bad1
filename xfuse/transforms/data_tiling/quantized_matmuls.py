"""Quantized matmuls with a constant symmetric B as an i8 x i8 -> i32 matmul, so that data tiling
runs them (step 0 of `xfuse-int8-data-tiling`, beside `quantized_convs.py`).

torch-mlir lowers a QDQ MatMul or a QLinearMatMul to

    linalg.quantized_matmul ins(A : MxK i8, B : KxN i8, za, zb) outs(C : MxN i32)
    C[m, n] += sum_k (A[m, k] - za) * (B[k, n] - zb)

which no schedule takes: scalar loops (a statically quantized CNN's classifier, 1 x 2048 x 10,
was 7-8% of its call). With B a constant and zb the constant 0 (onnxruntime's symmetric int8
weights), it is here `C + A x B - za * colsum(B)`: the matmul as `linalg.matmul ins(i8, i8)
outs(fill(0) : i32)`, which data tiling packs and runs as the i8 mmt4d, and one elementwise
`linalg.generic` for the rest, `colsum` folded with numpy. Exact modulo 2^32, as the op's own
i32 sums (the same identity as quantized_convs.py). Left as they are: a B that is not a constant,
a zb that is not the constant 0, dynamic shapes, other element types.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import AffineMapAttr, IntegerAttr, ModuleOp, TensorType, i32
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, YieldOp
from xdsl.ir import Block, Operation, Region
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.dialects.linalg_syntax import MATMUL
from xfuse.transforms.batch_matmul import MLIR_FILL
from xfuse.transforms.data_tiling.quantized_convs import _constant, _filter_values, _int_constant, _is_i

QUANTIZED_MATMUL = "linalg.quantized_matmul"

QUANTIZED_MATMULS_AS_I8 = True
"""Rewrite qualifying `linalg.quantized_matmul`s (module doc); False leaves them to the backend's
scalar loops. With the padded B folded at compile time (`packed_weights.FOLD_PADDED_CONSTANTS`):
0.937 (326/400) and 0.891 (363/400) of the QDQ CNN's time, 0.914 (346/400) and 0.949 (310/400)
of the QOperator one's; without that fold it lost, 1.125 (26/400), packing the 2048 x 10 B on
every call (nineteenth session, docs/backend-measurements.md)."""


def _qualifies(op: Operation) -> np.ndarray | None:
    """B's values when `op` is rewritten here (module doc), else None."""
    if op.name != QUANTIZED_MATMUL or len(op.operands) != 5:
        return None
    a, b, _, b_zero, init = op.operands
    if not all(isinstance(v.type, TensorType) and v.type.has_static_shape() for v in (a, b, init)):
        return None
    if not (_is_i(a.type, 8) and _is_i(b.type, 8) and _is_i(init.type, 32)) or _int_constant(b_zero) != 0:
        return None
    return _filter_values(b)


def _rewrite(op: Operation, weights: np.ndarray) -> None:
    a, b, a_zero, _, init = op.operands
    m, n = init.type.get_shape()
    sums = _constant(weights.astype(np.int64).sum(axis=0).astype(np.int32), i32)
    zero = arith.ConstantOp(IntegerAttr(0, i32))
    empty = tensor.EmptyOp([], init.type)
    fill = MLIR_FILL([zero.result], [empty.tensor], [init.type])
    matmul = MATMUL([a, b], [fill.results[0]], [init.type])
    d = [AffineExpr.dimension(i) for i in range(2)]
    maps = [AffineMap.identity(2), AffineMap.identity(2), AffineMap(2, 0, (d[1],)), AffineMap(2, 0, ()),
            AffineMap.identity(2)]
    out = tensor.EmptyOp([], init.type)
    body = Block(arg_types=[i32] * 5)
    acc, p, s, z, _ = body.args
    offset = arith.MuliOp(z, s)
    total = arith.AddiOp(acc, p)
    result = arith.SubiOp(total, offset)
    for new in (offset, total, result, YieldOp(result)):
        body.add_op(new)
    corrected = GenericOp([init, matmul.results[0], sums.result, a_zero], [out.tensor], Region(body),
                          [AffineMapAttr(x) for x in maps], [IteratorTypeAttr.parallel()] * 2, [init.type])
    new_ops = [sums, zero, empty, fill, matmul, out, corrected]
    Rewriter.insert_op(new_ops, InsertPoint.before(op))
    for new in new_ops:
        new.location = op.location
    op.results[0].replace_all_uses_with(corrected.results[0])
    constant = b.owner
    Rewriter.erase_op(op)
    if not constant.results[0].uses:
        Rewriter.erase_op(constant)


def quantized_matmuls_as_i8(module: ModuleOp) -> int:
    """Rewrite every qualifying quantized matmul of `module` (module doc); how many."""
    if not QUANTIZED_MATMULS_AS_I8:
        return 0
    count = 0
    for op in [op for op in module.walk() if op.name == QUANTIZED_MATMUL]:
        weights = _qualifies(op)
        if weights is not None:
            _rewrite(op, weights)
            count += 1
    return count

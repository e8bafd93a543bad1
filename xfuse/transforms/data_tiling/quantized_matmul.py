"""`linalg.quantized_matmul` as an i8 x i8 -> i32 `linalg.matmul` and its zero-point terms, so
that `xfuse-int8-data-tiling` packs it and the i8 mmt4d kernel runs it (left as it was, the op
runs as scalar loops). IREE's `--iree-linalg-quantized-matmul-to-matmul` does the same, and its
tests/e2e/regression/linalg_quantized_matmul_vs_linalg_matmul.mlir checks the identity
(section 2.3 of arXiv:1712.05877):

    C + sum_k (a - za)(b - zb) = (C + A B) - zb * rowsum(A) - za * colsum(B) + K * za * zb

Exact in i32: every term is the same sum modulo 2^32 (the op sign-extends its i8 operands to i32
and wraps as the rewritten sums do). Taken: i8 operands, i32 accumulator and zero
points (static or dynamic sizes: IREE's e2e test has both). Anything else is left alone with the
reason (`NotRewritten`).

A constant B with the constant zero point 0 (onnxruntime's symmetric int8 weights: a statically
quantized CNN's classifier, as torch-mlir lowers its QDQ MatMul or QLinearMatMul) takes a shorter
form, `C + A B - za * colsum(B)`, with `colsum(B)` folded with numpy at compile time
(`FOLD_CONSTANT_B`): no per-call sums of A or B.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, AffineMapAttr, IntegerAttr, ModuleOp, TensorType, i8, i32
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, QuantizedMatmulOp
from xdsl.ir import Operation, Region
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.dialects.linalg_syntax import MATMUL
from xfuse.transforms.batch_matmul import MLIR_FILL
from xfuse.transforms.data_tiling.quantized_convs import _constant, _filter_values, _int_constant, _is_i, correction_body


REWRITE = True
"""False: quantized_matmul left as it was (scalar loops; the A/B switch)."""


FOLD_CONSTANT_B = True
"""The constant-B form (module doc) where it applies; False: the general form for those too. The
constant-B form, against the scalar loops, with the padded B folded at compile time
(`packed_weights.FOLD_PADDED_CONSTANTS`): 0.937 (326/400) and 0.891 (363/400) of the QDQ CNN's
time, 0.914 (346/400) and 0.949 (310/400) of the QOperator one's; without that fold it lost,
1.125 (26/400), packing the 2048 x 10 B on every call (nineteenth session,
docs/backend-measurements.md, "int8 networks"). Against the general form on the same CNNs
(int8.py --flag ...:FOLD_CONSTANT_B=False, 200 rounds, twice): the general form took 1.227 and
1.258 (QDQ), 1.278 and 1.261 (QOperator) of this form's time, winning 5-7 of 200 rounds."""


class NotRewritten(Exception):
    """Why a quantized_matmul was left alone."""


def rewrite_text(m: int | str, k: int | str, n: int | str) -> str:
    """`@rewritten(A, B, za, zb, C) -> C`: the module doc's right-hand side in MLIR text (a size
    `"?"` is dynamic: read with `tensor.dim`)."""
    ta, tb, tc = f"tensor<{m}x{k}xi8>", f"tensor<{k}x{n}xi8>", f"tensor<{m}x{n}xi32>"
    ij, i, j, s = ("affine_map<(d0, d1) -> (d0, d1)>", "affine_map<(d0, d1) -> (d0)>",
                   "affine_map<(d0, d1) -> (d1)>", "affine_map<(d0, d1) -> ()>")
    dims = ["%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index",
            *([f"%dm = tensor.dim %a, %c0 : {ta}"] if m == "?" else []),
            *([f"%dn = tensor.dim %b, %c1 : {tb}"] if n == "?" else []),
            f"%dk = tensor.dim %a, %c1 : {ta}\n  %kk = arith.index_cast %dk : index to i32" if k == "?"
            else f"%kk = arith.constant {k} : i32"]
    rows_size, cols_size = ("%dm" if m == "?" else ""), ("%dn" if n == "?" else "")
    out_sizes = ", ".join(x for x in (rows_size, cols_size) if x)
    return f"""func.func @rewritten(%a: {ta}, %b: {tb}, %za: i32, %zb: i32, %c: {tc}) -> {tc} {{
  %zero = arith.constant 0 : i32
  {chr(10).join("  " + d if n_ else d for n_, d in enumerate(dims))}
  %ab = linalg.matmul ins(%a, %b : {ta}, {tb}) outs(%c : {tc}) -> {tc}
  %re = tensor.empty({rows_size}) : tensor<{m}xi32>
  %rf = linalg.fill ins(%zero : i32) outs(%re : tensor<{m}xi32>) -> tensor<{m}xi32>
  %rows = linalg.generic {{indexing_maps = [{ij}, {i}], iterator_types = ["parallel", "reduction"]}} ins(%a : {ta}) outs(%rf : tensor<{m}xi32>) {{
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extsi %x : i8 to i32
    %t = arith.addi %acc, %e : i32
    linalg.yield %t : i32
  }} -> tensor<{m}xi32>
  %ce = tensor.empty({cols_size}) : tensor<{n}xi32>
  %cf = linalg.fill ins(%zero : i32) outs(%ce : tensor<{n}xi32>) -> tensor<{n}xi32>
  %cols = linalg.generic {{indexing_maps = [{ij}, {j}], iterator_types = ["reduction", "parallel"]}} ins(%b : {tb}) outs(%cf : tensor<{n}xi32>) {{
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extsi %x : i8 to i32
    %t = arith.addi %acc, %e : i32
    linalg.yield %t : i32
  }} -> tensor<{n}xi32>
  %zz = arith.muli %za, %zb : i32
  %kzz = arith.muli %kk, %zz : i32
  %oe = tensor.empty({out_sizes}) : {tc}
  %out = linalg.generic {{indexing_maps = [{ij}, {i}, {j}, {s}, {s}, {s}, {ij}], iterator_types = ["parallel", "parallel"]}} ins(%ab, %rows, %cols, %za, %zb, %kzz : {tc}, tensor<{m}xi32>, tensor<{n}xi32>, i32, i32, i32) outs(%oe : {tc}) {{
  ^bb0(%p: i32, %rs: i32, %cs: i32, %a0: i32, %b0: i32, %q: i32, %o: i32):
    %t1 = arith.muli %rs, %b0 : i32
    %t2 = arith.muli %cs, %a0 : i32
    %u = arith.subi %p, %t1 : i32
    %v = arith.subi %u, %t2 : i32
    %w = arith.addi %v, %q : i32
    linalg.yield %w : i32
  }} -> {tc}
  return %out : {tc}
}}
"""


def rewrite_quantized_matmul(op: QuantizedMatmulOp) -> None:
    """Replace `op` by the module doc's rewrite, or raise `NotRewritten` with the reason."""
    from xfuse.parsing import parse

    if not REWRITE:
        raise NotRewritten("quantized_matmul.REWRITE is off")
    weights = _constant_symmetric_b(op) if FOLD_CONSTANT_B else None
    if weights is not None:
        _rewrite_with_constant_b(op, weights)
        return
    a, b, za, zb, c = op.operands
    tensors = [a.type, b.type, c.type]
    if not all(isinstance(t, TensorType) for t in tensors):
        raise NotRewritten("not on tensors")
    elements = [t.get_element_type() for t in tensors]  # pyright: ignore[reportAttributeAccessIssue]
    if elements != [i8, i8, i32] or za.type != i32 or zb.type != i32:
        raise NotRewritten(f"operand types {', '.join(str(v.type) for v in op.operands)}; "
                           "i8 x i8 with i32 zero points into i32 is rewritten")
    (m, k), (_, n) = (["?" if d == DYNAMIC_INDEX else d for d in t.get_shape()] for t in (a.type, b.type))  # pyright: ignore[reportAttributeAccessIssue]
    parsed = parse(rewrite_text(m, k, n))
    body = next(o for o in parsed.walk() if isinstance(o, func.FuncOp)).body.block
    mapping = dict(zip(body.args, op.operands, strict=True))
    for inner in list(body.ops):
        if isinstance(inner, func.ReturnOp):
            op.results[0].replace_all_uses_with(mapping[inner.operands[0]])
            break
        clone = inner.clone(value_mapper=mapping)
        clone.location = op.location  # remarks about the rewritten ops point at the source op
        Rewriter.insert_op(clone, InsertPoint.before(op))
    Rewriter.erase_op(op)


def rewrite_quantized_matmuls(module: ModuleOp) -> list[tuple[Operation, str]]:
    """Rewrite every quantized_matmul that qualifies; returns (op, reason) for those left alone."""
    left: list[tuple[Operation, str]] = []
    for op in list(module.walk()):
        if isinstance(op, QuantizedMatmulOp):
            try:
                rewrite_quantized_matmul(op)
            except NotRewritten as reason:
                left.append((op, str(reason)))
    return left


def _constant_symmetric_b(op: QuantizedMatmulOp) -> np.ndarray | None:
    """B's values when `op` takes the constant-B form (module doc), else None."""
    a, b, _, b_zero, init = op.operands
    if not all(isinstance(v.type, TensorType) and v.type.has_static_shape() for v in (a, b, init)):
        return None
    if not (_is_i(a.type, 8) and _is_i(b.type, 8) and _is_i(init.type, 32)) or _int_constant(b_zero) != 0:
        return None
    return _filter_values(b)


def _rewrite_with_constant_b(op: QuantizedMatmulOp, weights: np.ndarray) -> None:
    """`C + A B - za * colsum(B)`: an i8 matmul into a zero fill and one elementwise generic."""
    a, b, a_zero, _, init = op.operands
    sums = _constant(weights.astype(np.int64).sum(axis=0).astype(np.int32), i32)
    zero = arith.ConstantOp(IntegerAttr(0, i32))
    empty = tensor.EmptyOp([], init.type)
    fill = MLIR_FILL([zero.result], [empty.tensor], [init.type])
    matmul = MATMUL([a, b], [fill.results[0]], [init.type])
    d = [AffineExpr.dimension(i) for i in range(2)]
    maps = [AffineMap.identity(2), AffineMap.identity(2), AffineMap(2, 0, (d[1],)), AffineMap(2, 0, ()),
            AffineMap.identity(2)]
    out = tensor.EmptyOp([], init.type)
    corrected = GenericOp([init, matmul.results[0], sums.result, a_zero], [out.tensor], Region(correction_body()),
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

"""`math.fpowi` made ops that mlir-opt 22 lowers on vectors too.

torch-mlir lowers ONNX `Pow` with a scalar integer exponent to `math.fpowi %x, %n : f32, i64`.
Vectorized by a schedule, it becomes `math.fpowi` on a vector base with the exponent broadcast
to a vector, and `convert-math-to-llvm` makes `llvm.intr.powi` with a `vector<8xi64>` exponent,
which the LLVM dialect rejects ("operand #1 must be signless integer"): the build failed.
`expand_fpowi` rewrites every scalar `math.fpowi` before the schedules run:

- a constant exponent `n` with `|n| <= MAX_MULTIPLIED_EXPONENT` becomes multiplications
  by squaring (`x^3 = x * x * x`; `x^-n = 1 / x^n`; `x^0 = 1`), exact like LLVM's own powi
  expansion and vectorizable;
- any other exponent becomes `math.powf %x, sitofp(%n)` (libm's `pow` is exact for integral
  exponents, negative bases included).
"""

from __future__ import annotations

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import AnyFloat, FloatAttr, IntegerAttr, ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

MAX_MULTIPLIED_EXPONENT = 64
"""Constant exponents up to this magnitude are multiplied out (at most 2 log2(64) = 12 products)."""


def _constant_exponent(power: SSAValue) -> int | None:
    owner = power.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _power_by_squaring(base: SSAValue, exponent: int, new: list[Operation]) -> SSAValue:
    """`base ** exponent` (exponent >= 1) as multiplications appended to `new`."""
    result: SSAValue | None = None
    square = base
    while True:
        if exponent & 1:
            if result is None:
                result = square
            else:
                new.append(product := arith.MulfOp(result, square))
                result = product.result
        exponent >>= 1
        if not exponent:
            assert result is not None
            return result
        new.append(squared := arith.MulfOp(square, square))
        square = squared.result


def expand_fpowi(module: ModuleOp) -> int:
    """Rewrite every scalar float `math.fpowi` of `module` in place (module docstring); the number
    rewritten."""
    targets = [op for op in module.walk() if isinstance(op, math.FPowIOp) and isinstance(op.result.type, AnyFloat)]
    for op in targets:
        base, power = op.lhs, op.rhs
        new: list[Operation] = []
        exponent = _constant_exponent(power)
        if exponent is not None and abs(exponent) <= MAX_MULTIPLIED_EXPONENT:
            if exponent == 0:
                new.append(one := arith.ConstantOp(FloatAttr(1.0, base.type)))
                result = one.result
            else:
                result = _power_by_squaring(base, abs(exponent), new)
                if exponent < 0:
                    new.append(one := arith.ConstantOp(FloatAttr(1.0, base.type)))
                    new.append(inverse := arith.DivfOp(one.result, result))
                    result = inverse.result
        else:
            new.append(as_float := arith.SIToFPOp(power, base.type))
            new.append(powf := math.PowFOp(base, as_float.result))
            result = powf.result
        for created in new:
            created.location = op.location
        Rewriter.insert_op(new, InsertPoint.before(op))
        op.result.replace_all_uses_with(result)
        Rewriter.erase_op(op)
    return len(targets)

"""`xfuse-expand-math`: `math.exp`, `math.erf` and `math.tanh` on f32 (scalars and vectors) as
arith polynomials, so that they vectorize.

mlir-opt 22.1.8's pipelines have no polynomial approximation of these ops (upstream's
`PolynomialApproximation` patterns are reachable only from a test pass; no transform op applies
them): `convert-math-to-libm` turns each element into a call of libm's `expf`/`erff`/`tanhf`,
which neither MLIR's vectorizer nor LLVM's loop vectorizer can widen. This pass rewrites the ops
in xfuse's IR, before the text goes to mlir-opt, into `arith` ops plus `math.floor`,
`math.absf` and `math.copysign` (all lowered to LLVM intrinsics that have vector forms). Inside a
`linalg.generic` body the result is scalar code that the schedule vectorizes, or that LLVM's loop
vectorizer widens after `convert-linalg-to-loops`.

Algorithms (coefficients fitted for xfuse by relative-error minimax on Chebyshev nodes, see
docs/passes/xfuse-expand-math.md; Horner steps marked `fastmath<contract>`, so that LLVM makes them
FMAs where the CPU has them and separate multiply and add elsewhere; both stay within the bounds):

- exp(x): x clamped to [-104, 88.75] (NaN passes the clamps); n = floor(x log2 e + 1/2);
  r = x - n ln2 in two steps (ln 2 split in an exact high part and a low part); exp(r) =
  1 + r + r^2 P(r), P of degree 4; the result is scaled by 2^n as two factors 2^(n>>1) and
  2^(n - n>>1) built in the exponent bits, so that results below the smallest normal (down to
  the denormals) and up to 2^128 (overflow to +inf) come out right. -inf gives 0, +inf gives
  +inf, NaN gives NaN.
- erf(x): |x| < 1: x P(x^2), P of degree 6; else sign(x) (1 - exp(Q(t - 2.5))), t = min(|x|, 4),
  Q of degree 8 fitted to log erfc (erf rounds to 1 beyond 3.92 in f32).
- tanh(x): |x| < 0.625: x + x^3 P(x^2), P of degree 5; else sign(x) (1 - 2 / (exp(2t) + 1)),
  t = min(|x|, 10) (tanh rounds to 1 from 9.01).

Measured accuracy against Python's `math` (double) over every f32 class (4 M inputs spread over
the bit patterns of the whole range, both signs, zeros, denormals, inf, NaN): exp 1.3 ulp, erf
2.4 ulp, tanh 1.4 ulp at most (tests/test_math_approx.py checks it through the backend).

Other element types (f16, bf16, f64) and tensor-typed math ops are left as they are (libm or
LLVM intrinsics, exact).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from xdsl.context import Context
from xdsl.dialects import func, math
from xdsl.dialects.builtin import Float32Type, ModuleOp, VectorType, i32
from xdsl.ir import Attribute, Block, Operation
from xdsl.passes import ModulePass

EXP_P = (0.4999999701976776, 0.1666652113199234, 0.041667308658361435, 0.00836869329214096,
         0.0013875124277547002)
"""exp(r) = 1 + r + r^2 P(r) on [-ln2/2, ln2/2], coefficients from degree 0 up."""
ERF_SMALL = (1.1283791065216064, -0.376126229763031, 0.11283563822507858, -0.026853036135435104,
             0.005186993163079023, -0.0007999288500286639, 7.819807069608942e-05)
"""erf(x) = x P(x^2) on [0, 1]."""
ERF_LOG_ERFC = (-7.806815147399902, -5.352680683135986, -0.943893551826477, -0.010858453810214996,
                0.002165010431781411, -0.00042020733235403895, 7.751234079478309e-05,
                -1.3292069525050465e-05, 1.5857137896091444e-06)
"""log erfc(t) = Q(t - 2.5) on [1, 4]."""
TANH_SMALL = (-0.3333333134651184, 0.1333320140838623, -0.05394628643989563, 0.02169843576848507,
              -0.00817241333425045, 0.002138834446668625)
"""tanh(x) = x + x^3 P(x^2) on [0, 0.625]."""

EXPANDED = {"math.exp": math.ExpOp, "math.erf": math.ErfOp, "math.tanh": math.TanhOp}

EXP_CONTRACT_REDUCTION = False
"""An A/B switch (nineteenth session, Zen 4): exp's range reduction (`x log2 e + 1/2`, `x - n ln2`
in two steps) and final `1 + r + r^2 P(r)` marked `contract` too, so that LLVM makes them FMAs;
off: only the Horner steps are (the loop had 7 `vmulps` and 5 adds beside 4 FMAs per 16 lanes)."""


class _Text:
    """Builds the body of one expansion as MLIR text, for a scalar f32 or a vector of f32."""

    def __init__(self, type_: Attribute, contract_reduction: bool = False):
        self.contract_reduction = contract_reduction
        self.f = str(type_)
        self.i = str(VectorType(i32, type_.get_shape())) if isinstance(type_, VectorType) else "i32"
        self.b = self.i.replace("i32", "i1")
        self.vector = isinstance(type_, VectorType)
        self.lines: list[str] = []
        self.count = 0

    def _new(self) -> str:
        self.count += 1
        return f"%v{self.count}"

    def op(self, text: str, type_: str | None = None) -> str:
        name = self._new()
        self.lines.append(f"    {name} = {text} : {type_ or self.f}")
        return name

    def const(self, value: float | int, integer: bool = False) -> str:
        type_ = self.i if integer else self.f
        literal = repr(int(value)) if integer else repr(float(value))
        return self.op(f"arith.constant {f'dense<{literal}>' if self.vector else literal}", type_)

    def bin(self, name: str, a: str, b: str, integer: bool = False, contract: bool = False) -> str:
        return self.op(f"{name} {a}, {b}{' fastmath<contract>' if contract else ''}", self.i if integer else None)

    def horner(self, coefficients: tuple[float, ...], x: str) -> str:
        p = self.const(coefficients[-1])
        for c in reversed(coefficients[:-1]):
            p = self.bin("arith.addf", self.bin("arith.mulf", p, x, contract=True), self.const(c), contract=True)
        return p

    def select(self, cond: str, a: str, b: str) -> str:
        # generic form: the custom one spells the condition's type only when it is a vector
        return self.op(f'"arith.select"({cond}, {a}, {b})', f"({self.b}, {self.f}, {self.f}) -> {self.f}")

    def cmp(self, predicate: str, a: str, b: str) -> str:
        name = self._new()
        self.lines.append(f"    {name} = arith.cmpf {predicate}, {a}, {b} : {self.f}")
        return name

    def exp(self, x: str) -> str:
        c = self.contract_reduction
        x = self.bin("arith.minimumf", self.bin("arith.maximumf", x, self.const(-104.0)), self.const(88.75))
        scaled = self.bin("arith.addf", self.bin("arith.mulf", x, self.const(1.4426950408889634), contract=c),
                          self.const(0.5), contract=c)
        n = self.op(f"math.floor {scaled}")
        r = self.bin("arith.subf", x, self.bin("arith.mulf", n, self.const(0.693359375), contract=c), contract=c)
        r = self.bin("arith.subf", r, self.bin("arith.mulf", n, self.const(-2.12194440e-4), contract=c), contract=c)
        poly = self.bin("arith.mulf", self.bin("arith.mulf", r, r), self.horner(EXP_P, r), contract=c)
        p = self.bin("arith.addf", self.bin("arith.addf", self.const(1.0), r), poly, contract=c)
        ni = self.op(f"arith.fptosi {n}", f"{self.f} to {self.i}")
        half = self.bin("arith.shrsi", ni, self.const(1, True), True)
        rest = self.bin("arith.subi", ni, half, True)
        for part in (half, rest):
            biased = self.bin("arith.addi", part, self.const(127, True), True)
            bits = self.bin("arith.shli", biased, self.const(23, True), True)
            p = self.bin("arith.mulf", p, self.op(f"arith.bitcast {bits}", f"{self.i} to {self.f}"))
        return p

    def one_minus_with_sign(self, y: str, x: str) -> str:
        return self.op(f"math.copysign {self.bin('arith.subf', self.const(1.0), y)}, {x}")

    def erf(self, x: str) -> str:
        a = self.op(f"math.absf {x}")
        small = self.bin("arith.mulf", x, self.horner(ERF_SMALL, self.bin("arith.mulf", x, x)))
        t = self.bin("arith.minimumf", a, self.const(4.0))
        q = self.horner(ERF_LOG_ERFC, self.bin("arith.subf", t, self.const(2.5)))
        large = self.one_minus_with_sign(self.exp(q), x)
        return self.select(self.cmp("olt", a, self.const(1.0)), small, large)

    def tanh(self, x: str) -> str:
        a = self.op(f"math.absf {x}")
        s = self.bin("arith.mulf", x, x)
        small = self.bin("arith.addf", x, self.bin("arith.mulf", self.bin("arith.mulf", x, s),
                                                  self.horner(TANH_SMALL, s)))
        t = self.bin("arith.minimumf", a, self.const(10.0))
        e = self.exp(self.bin("arith.addf", t, t))
        frac = self.bin("arith.divf", self.const(2.0), self.bin("arith.addf", e, self.const(1.0)))
        large = self.one_minus_with_sign(frac, x)
        return self.select(self.cmp("olt", a, self.const(0.625)), small, large)

    def function(self, op_name: str) -> str:
        y = getattr(self, op_name.removeprefix("math."))("%x")
        y = self.select(self.cmp("uno", "%x", "%x"), "%x", y)  # NaN in, NaN out (not a poison fptosi)
        return (f"func.func @expansion(%x: {self.f}) -> {self.f} {{\n" + "\n".join(self.lines)
                + f"\n    func.return {y} : {self.f}\n}}\n")


def expansion_text(op_name: str, type_: Attribute, contract_reduction: bool | None = None) -> str:
    """A `func.func @expansion(%x) -> type_` computing `op_name` (e.g. "math.exp") with arith."""
    contract = EXP_CONTRACT_REDUCTION if contract_reduction is None else contract_reduction
    return _Text(type_, contract).function(op_name)


@cache
def _expansion_block(op_name: str, type_text: str, type_: Attribute, contract_reduction: bool) -> Block:
    from xfuse.parsing import parse

    module = parse(expansion_text(op_name, type_, contract_reduction), name=f"<xfuse-expand-math {op_name}>")
    function = next(op for op in module.ops if isinstance(op, func.FuncOp))
    return function.body.block


def expandable(op: Operation) -> bool:
    """An f32 scalar or f32 vector `math.exp`/`math.erf`/`math.tanh`."""
    if op.name not in EXPANDED or len(op.results) != 1:
        return False
    type_ = op.results[0].type
    element = type_.element_type if isinstance(type_, VectorType) else type_
    return isinstance(element, Float32Type) and not (isinstance(type_, VectorType) and type_.get_num_scalable_dims())


def expand_math(module: ModuleOp) -> int:
    """Expand every expandable op of `module` in place; the number expanded."""
    targets = [op for op in module.walk() if expandable(op)]
    for op in targets:
        type_ = op.results[0].type
        block = _expansion_block(op.name, str(type_), type_, EXP_CONTRACT_REDUCTION)
        values = {block.args[0]: op.operands[0]}
        result = None
        for body_op in block.ops:
            if isinstance(body_op, func.ReturnOp):
                result = values[body_op.arguments[0]]
                break
            clone = body_op.clone(value_mapper=values)
            clone.location = op.location
            for result in clone.results:
                result.name_hint = None
            op.parent_block().insert_op_before(clone, op)
        assert result is not None
        op.results[0].replace_all_uses_with(result)
        op.detach()
        op.erase()
    return len(targets)


@dataclass(frozen=True)
class ExpandMathPass(ModulePass):
    """`xfuse-expand-math`: f32 `math.exp`/`math.erf`/`math.tanh` as arith polynomials (module doc)."""

    name = "xfuse-expand-math"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        expand_math(op)


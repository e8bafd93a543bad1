"""xfuse-expand-math through the backend: f32 exp/erf/tanh as polynomials, compared with Python's
`math` (double precision, no numpy/scipy special functions) over every class of f32 input, in
ulps of the correctly rounded result; and with the `default` pipeline (libm calls)."""

import math
import re

import numpy as np
import pytest

from xfuse.backends.pipelines import get_pipeline
from xfuse.backends.runner import compile_module
from xfuse.parsing import parse
from xfuse.transforms.math_approx import expand_math

N = 1 << 16
BOUND_ULPS = {"exp": 1.5, "erf": 2.5, "tanh": 1.5}
"""The measured maxima (1.28, 2.41, 1.34 ulp over 4 M inputs) with a little room."""


def _module(n: int) -> str:
    bodies = []
    for name in BOUND_ULPS:
        bodies.append(f"""
  %{name} = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}} ins(%x : tensor<{n}xf32>) outs(%e : tensor<{n}xf32>) {{
  ^bb0(%in: f32, %out: f32):
    %y = math.{name} %in : f32
    linalg.yield %y : f32
  }} -> tensor<{n}xf32>""")
    return (f"func.func @f(%x: tensor<{n}xf32>) -> (tensor<{n}xf32>, tensor<{n}xf32>, tensor<{n}xf32>) {{\n"
            f"  %e = tensor.empty() : tensor<{n}xf32>" + "".join(bodies)
            + f"\n  return %exp, %erf, %tanh : tensor<{n}xf32>, tensor<{n}xf32>, tensor<{n}xf32>\n}}\n")


def _inputs() -> np.ndarray:
    """Bit patterns spread over every positive float (denormals to the largest), a dense sweep of
    where the functions bend, both signs, and the specials."""
    every = np.linspace(1, 0x7F7FFFFF, N // 4).astype(np.int32).view(np.float32)
    bends = np.linspace(np.float32(0.25).view(np.int32), np.float32(110.0).view(np.int32),
                        N // 4 - 4).astype(np.int32).view(np.float32)
    positive = np.concatenate([every, bends, np.array([0.0, np.inf, np.nan, 1e-45], np.float32)])
    return np.concatenate([positive, -positive]).astype(np.float32)


def _reference(name: str, x: np.ndarray) -> np.ndarray:
    function = getattr(math, name)

    def one(v: float) -> float:
        try:
            return function(v)
        except OverflowError:
            return math.inf

    return np.array([one(float(v)) for v in x])


def _ulps(y: np.ndarray, exact: np.ndarray) -> np.ndarray:
    """|y - exact| in units of the f32 spacing at the rounded exact value (0 where equal or both NaN)."""
    with np.errstate(over="ignore", invalid="ignore"):
        rounded = exact.astype(np.float32)
        error = np.abs(y.astype(np.float64) - exact) / np.spacing(np.abs(rounded)).astype(np.float64)
    error[(y == rounded) | (np.isnan(y) & np.isnan(exact))] = 0.0
    return error


@pytest.fixture(scope="module")
def results():
    x = _inputs()
    compiled = compile_module(_module(x.size), pipeline="microkernel")
    assert not any(f"\"math.{name}\"" in compiled.mlir_text for name in BOUND_ULPS), "the expansion did not run"
    return x, dict(zip(BOUND_ULPS, compiled(x), strict=True))


@pytest.mark.parametrize("name", list(BOUND_ULPS))
def test_accuracy_against_python_math(results, name):
    x, outputs = results
    errors = _ulps(outputs[name], _reference(name, x))
    worst = int(np.argmax(errors))
    assert errors[worst] <= BOUND_ULPS[name], f"{name}({x[worst]!r}) = {outputs[name][worst]!r}: {errors[worst]} ulp"


def test_specials(results):
    x, outputs = results
    at = {v: int(np.flatnonzero(x == v)[0]) for v in (np.inf, -np.inf, 0.0)}
    nans = np.isnan(x)
    assert outputs["exp"][at[np.inf]] == np.inf and outputs["exp"][at[-np.inf]] == 0.0
    for name, (pos, neg) in {"erf": (1.0, -1.0), "tanh": (1.0, -1.0)}.items():
        assert (outputs[name][at[np.inf]], outputs[name][at[-np.inf]]) == (pos, neg)
    assert all(np.isnan(outputs[name][nans]).all() for name in BOUND_ULPS)
    assert outputs["exp"][at[0.0]] == 1.0 and outputs["erf"][at[0.0]] == 0.0
    # denormal results of exp (inputs below -87.3) are not flushed
    small = (x < -88.0) & (x > -103.0)
    assert small.any() and (outputs["exp"][small] > 0).all()


def test_agrees_with_the_libm_reference_lowering(results):
    x, outputs = results
    reference = compile_module(_module(x.size), pipeline="default")(x)
    for name, expected in zip(BOUND_ULPS, reference, strict=True):
        # libm's results are within 1 ulp of the exact ones: the two lowerings within bound + 1
        errors = _ulps(outputs[name], expected.astype(np.float64))
        assert errors.max() <= BOUND_ULPS[name] + 1, (name, x[int(np.argmax(errors))])


def test_only_f32_expands():
    module = parse("""
func.func @f(%a: f32, %b: f32, %d: f64, %h: f16, %t: tensor<4xf32>) -> (f32, f32, f64, f16, tensor<4xf32>) {
  %0 = math.exp %a : f32
  %1 = math.tanh %b : f32
  %2 = math.exp %d : f64
  %3 = math.erf %h : f16
  %4 = math.erf %t : tensor<4xf32>
  return %0, %1, %2, %3, %4 : f32, f32, f64, f16, tensor<4xf32>
}
""")  # vectors: tests/filecheck/transforms/math/expand-math.mlir
    assert expand_math(module) == 2
    left = sorted(op.name for op in module.walk() if op.name in ("math.exp", "math.erf", "math.tanh"))
    assert left == ["math.erf", "math.erf", "math.exp"]
    module.verify()


def test_pipelines_that_vectorize_expand_and_the_reference_does_not():
    assert get_pipeline("microkernel").expand_math and get_pipeline("vectorize").expand_math
    assert get_pipeline("microkernel-openmp").expand_math
    assert not get_pipeline("default").expand_math


def test_contracted_range_reduction_keeps_the_bounds(monkeypatch):
    """`EXP_CONTRACT_REDUCTION` (an A/B switch): with the range reduction and the final sum as
    FMAs too, exp, erf and tanh stay within the bounds (measured on Zen 4: 1.20, 2.18, 1.18 ulp)
    and the specials hold."""
    from xfuse.transforms import math_approx

    monkeypatch.setattr(math_approx, "EXP_CONTRACT_REDUCTION", True)
    x = _inputs()
    compiled = compile_module(_module(x.size), pipeline="microkernel")
    assert re.search(r"arith\.subf.*fastmath<contract>", compiled.mlir_text), "the reduction is contracted"
    outputs = dict(zip(BOUND_ULPS, compiled(x), strict=True))
    for name in BOUND_ULPS:
        errors = _ulps(outputs[name], _reference(name, x))
        assert errors.max() <= BOUND_ULPS[name], f"{name}: {errors.max()} ulp"
    test_specials((x, outputs))

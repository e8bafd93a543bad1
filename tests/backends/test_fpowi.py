"""`math.fpowi` rewritten before the schedules vectorize it (xfuse/backends/lowering_fixes/fpowi.py): constant
exponents multiplied out, others through `powf`; differential against numpy. The ONNX case
(Pow with an int64 exponent) is in tests/onnx/test_onnx_exported.py."""

import numpy as np
import pytest

import xfuse
from xfuse.backends.lowering_fixes.fpowi import expand_fpowi

GENERIC = """\
func.func @f(%x: tensor<4x16xf32>, %n: i64) -> tensor<4x16xf32> {{
  %e = tensor.empty() : tensor<4x16xf32>
  {constant}
  %y = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}}
      ins(%x : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) {{
  ^bb0(%in: f32, %out: f32):
    %p = math.fpowi %in, {exponent} : f32, i64
    linalg.yield %p : f32
  }} -> tensor<4x16xf32>
  func.return %y : tensor<4x16xf32>
}}
"""


def _module(exponent: int | None):
    if exponent is None:
        return xfuse.parse(GENERIC.format(constant="", exponent="%n"))
    return xfuse.parse(GENERIC.format(constant=f"%c = arith.constant {exponent} : i64", exponent="%c"))


@pytest.mark.parametrize("exponent, products, divides", [(1, 0, 0), (2, 1, 0), (3, 2, 0), (13, 5, 0), (-3, 2, 1)])
def test_constant_exponents_become_products(exponent, products, divides):
    module = _module(exponent)
    assert expand_fpowi(module) == 1
    names = [op.name for op in module.walk()]
    assert "math.fpowi" not in names
    assert names.count("arith.mulf") == products and names.count("arith.divf") == divides


def test_other_exponents_go_through_powf():
    module = _module(None)
    assert expand_fpowi(module) == 1
    names = [op.name for op in module.walk()]
    assert "math.fpowi" not in names and "math.powf" in names and "arith.sitofp" in names


@pytest.mark.parametrize("exponent", [0, 3, -2, None], ids=["0", "3", "-2", "argument"])
def test_microkernel_build_agrees_with_numpy(exponent):
    x = np.random.default_rng(0).uniform(-2, 2, (4, 16)).astype(np.float32)
    n = 5 if exponent is None else exponent
    (y,) = xfuse.run(_module(exponent), x, np.int64(n), pipeline="microkernel")
    np.testing.assert_allclose(y, x.astype(np.float64) ** n, rtol=1e-5)

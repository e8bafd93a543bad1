"""rock-regularize: each kernel of the issue's list still computes the same (numpy), and refusals."""

import numpy as np
import pytest

from tests.rock.cases import COPY, CASES, add_self, gemm_prologue, kernel
from tests.rock.kernels import run_kernel
from xfuse.diagnostics import XfuseError


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_regularized_kernel_matches_numpy(case):
    inputs = case.inputs()
    got = run_kernel(case.text, inputs, passes="rock-regularize")
    for index, expected in case.reference(inputs).items():
        np.testing.assert_allclose(got[index], expected, rtol=1e-5, atol=1e-5)


def test_non_invertible_view_is_a_diagnostic():
    text = kernel("sliced", ", %out: memref<4x16xf32>", gemm_prologue()
                  + "\n  %s = rock.transform %tmp by <affine_map<(d0, d1) -> (d0, d1)> by [<Slice{0, 4} [\"m\"] at [0] -> [\"m\"] at [0]>, <PassThrough [\"n\"] at [1] -> [\"n\"] at [1]>] bounds = [4, 16] -> [8, 16]> : memref<8x16xf32> to memref<4x16xf32>\n  "
                  + COPY.format(src="%s", dst="%out", t="memref<4x16xf32>"))
    with pytest.raises(XfuseError, match=r"cannot pull this view onto the writer of its buffer: <Slice\{0, 4\}.*cannot be inverted: it hides part of the buffer"):
        run_kernel(text, [], passes="rock-regularize")


def test_reduction_generic_is_refused():
    text = kernel("reduce", ", %out: memref<8xf32>", gemm_prologue() + add_self(
        "%tmp : memref<8x16xf32>", "%out : memref<8xf32>",
        "[affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>]", '["parallel", "reduction"]'))
    with pytest.raises(XfuseError, match="Only fully parallel supported"):
        run_kernel(text, [], passes="rock-regularize")

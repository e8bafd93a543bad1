"""rock-gemm-to-threadwise and rock-linalg-align (and rock-pipeline): every kernel of the issue's
list, executed after each stage, agrees with numpy; the fused IR has no intermediate left."""

import numpy as np
import pytest

from xdsl.ir import BlockArgument

import xfuse
from tests.rock.cases import CASES, gemm_prologue, kernel
from tests.rock.kernels import run_kernel
from xfuse.diagnostics import XfuseError
from xfuse.dialects.rock import ThreadwiseWriteAllOp
from xfuse.passes import apply_passes
from xfuse.transforms.rock.views import view_chain

STAGES = {
    "threadwise": "rock-regularize,rock-gemm-to-threadwise",
    "fused": "rock-regularize,rock-gemm-to-threadwise,rock-linalg-align",
    "pipeline": "rock-pipeline",
    "pipeline_tile_not_dividing": "rock-pipeline{tile-sizes=3,5 threads=2,1}",
}


QUICK_STAGES = ("fused", "pipeline_tile_not_dividing")


@pytest.mark.parametrize(
    "stage", [s if s in QUICK_STAGES else pytest.param(s, marks=pytest.mark.slow) for s in STAGES]
)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_kernel_matches_numpy_after_each_stage(case, stage):
    inputs = case.inputs()
    got = run_kernel(case.text, inputs, passes=STAGES[stage])
    for index, expected in case.reference(inputs).items():
        np.testing.assert_allclose(got[index], expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_fusion_eliminates_every_intermediate(case):
    ctx = xfuse.make_context()
    module = xfuse.parse(case.text, ctx)
    apply_passes(module, STAGES["fused"], ctx)
    names = [op.name for op in module.walk()]
    assert "memref.copy" not in names
    for op in module.walk():
        if isinstance(op, ThreadwiseWriteAllOp):  # every store writes a kernel argument
            assert isinstance(view_chain(op.dest)[0], BlockArgument)
        if op.name == "linalg.generic" and op.parent_op().name == "scf.for":  # fused into the grid
            assert all(v.owner.name == "rock.alloc" for v in op.operands), "fused generics run on registers"


def test_unfusable_reader_is_a_diagnostic():
    text = kernel("unfusable", ", %out: memref<8x16xf32>", gemm_prologue() + """
  %c0 = arith.constant 0 : index
  %v = memref.load %tmp[%c0, %c0] : memref<8x16xf32>
  memref.store %v, %out[%c0, %c0] : memref<8x16xf32>""")
    with pytest.raises(XfuseError, match="could not use fusion to eliminate this intermediate buffer"):
        run_kernel(text, [], passes=STAGES["fused"])

"""An op the vectorizer refuses is kept as loops and reported, the build goes on
(xfuse/backends/lowering_fixes/vectorize_fallback.py). The network case (a YOLO neck's Resize) is in
tests/onnx/test_onnx_exported.py."""

from dataclasses import replace

import numpy as np

import xfuse
from xfuse.backends.pipelines import get_pipeline
from xfuse.backends.transform_scripts import transform_script
from xfuse.backends.lowering_fixes.vectorize_fallback import (
    ATTEMPT_ATTR,
    KEPT_AS_LOOPS_REMARK,
    kept_as_loops,
    vectorizes,
    with_loop_fallback,
)

# Two ops vectorized by one handle: the add (static: vectorizes) and the exp (a dynamic size:
# refused without vector sizes: "Attempted to vectorize, but failed").
MODULE = """\
func.func @f(%a: tensor<8x16xf32>, %b: tensor<?xf32>) -> (tensor<8x16xf32>, tensor<?xf32>) {
  %e = tensor.empty() : tensor<8x16xf32>
  %s = linalg.add ins(%a, %a : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %b, %c0 : tensor<?xf32>
  %d = tensor.empty(%n) : tensor<?xf32>
  %x = linalg.exp ins(%b : tensor<?xf32>) outs(%d : tensor<?xf32>) -> tensor<?xf32>
  func.return %s, %x : tensor<8x16xf32>, tensor<?xf32>
}
"""

VECTORIZE_BOTH = """\
    %ops = transform.structured.match ops{["linalg.add", "linalg.exp"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %ops : !transform.any_op
"""


def test_each_vectorize_becomes_one_suppressible_attempt_per_op():
    rewritten = with_loop_fallback(VECTORIZE_BOTH + "      transform.structured.vectorize %t vector_sizes [8, 32] : "
                                   "!transform.any_op\n")
    assert rewritten.count("transform.foreach") == 2
    assert rewritten.count("failures(suppress)") == 2
    assert rewritten.count(f'transform.annotate %xfuse_vone "{ATTEMPT_ATTR}"') == 2
    assert "      transform.foreach %t : !transform.any_op {" in rewritten  # indentation kept
    assert "transform.structured.vectorize %xfuse_vop vector_sizes [8, 32] : !transform.any_op" in rewritten
    assert vectorizes(VECTORIZE_BOTH) and not vectorizes("    transform.yield\n")
    script = transform_script([VECTORIZE_BOTH])
    assert script.index("failures(suppress)") < script.index(KEPT_AS_LOOPS_REMARK)


def test_kept_as_loops_reads_the_remarks():
    stderr = (f"<f.mlir>:7:8: remark: {KEPT_AS_LOOPS_REMARK}\nother: warning: something\n"
              f"<f.mlir>:9:3: remark: {KEPT_AS_LOOPS_REMARK}\n<f.mlir>:7:8: remark: {KEPT_AS_LOOPS_REMARK}\n")
    assert kept_as_loops(stderr) == ("<f.mlir>:7:8", "<f.mlir>:9:3")
    assert kept_as_loops("") == ()


def test_the_refused_op_runs_as_loops_and_is_reported():
    # Differential: the same module compiled without any schedule, on the same inputs.
    pipeline = replace(get_pipeline("default"), name="vectorize-both", transform_bodies=(VECTORIZE_BOTH,))
    compiled = xfuse.compile_module(xfuse.parse(MODULE, name="f.mlir"), pipeline=pipeline)
    assert compiled.kept_as_loops == ("f.mlir:7:3",), compiled.kept_as_loops  # the exp, not the add
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((8, 16), dtype=np.float32), rng.standard_normal(5, dtype=np.float32)
    reference = xfuse.compile_module(xfuse.parse(MODULE, name="f.mlir"), pipeline="default")
    assert reference.kept_as_loops == ()
    for got, want in zip(compiled(a, b), reference(a, b), strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-6)

"""xfuse-loop-cleanup and scf.forall's canonicalization: dead loop results go, values stay."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.dialects.scf import ForallOp
from xfuse.parsing import parse
from xfuse.transforms.diffusion import diffuse
from xfuse.transforms.loop_cleanup import cleanup_loops

FILECHECK = Path(__file__).parent / "filecheck"
DIFFUSION_INPUTS = FILECHECK / "transforms" / "Inputs" / "diffusion"
FUSED_MLP = FILECHECK / "transforms" / "Inputs" / "loop-cleanup" / "mlp-fused.mlir"

# Every scf.for rule of ForOpIterArgsFolder.
FOR_CASES = """
func.func @for_cases(%a: tensor<8xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>, %d: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 3 : index
  %r:5 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %z = %c, %w = %d, %v = %a) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %s = linalg.add ins(%z, %z : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %t = linalg.add ins(%w, %y : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %u = linalg.add ins(%v, %v : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %x, %b, %s, %t, %u : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
  %q:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %m0 = %b) -> (tensor<8xf32>, tensor<8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %s = linalg.add ins(%p, %p : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %m = linalg.add ins(%c, %c : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %s, %m : tensor<8xf32>, tensor<8xf32>
  }
  %dup:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %p2 = %a) -> (tensor<8xf32>, tensor<8xf32>) {
    scf.yield %b, %b : tensor<8xf32>, tensor<8xf32>
  }
  func.return %r#0, %r#2, %q#0, %dup#0, %dup#1 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
"""


def _loop_result_counts(module) -> list[int]:
    return [len(op.results) for op in module.walk() if op.name in ("scf.for", "scf.forall")]


def _assert_same_values(before_text: str, module) -> None:
    reference = compile_module(before_text)
    cleaned = compile_module(module)
    inputs = random_inputs(reference.signature, seed=3)
    for got, want in zip(cleaned(*inputs), reference(*inputs), strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_for_iter_args_folded_and_values_kept():
    module = parse(FOR_CASES)
    assert cleanup_loops(module)
    module.verify()
    # %x, %y dropped, %z %w %v kept; %m0 dropped; the two identical iter_args merged.
    assert _loop_result_counts(module) == [3, 1, 1]
    assert [op.name for op in module.walk()].count("linalg.add") == 4
    assert not cleanup_loops(module)  # a fixed point
    # (Not run: one-shot bufferization refuses these yields; mlir-opt -canonicalize gives the
    # same loops, see tests/filecheck/transforms/loop-cleanup.mlir.)


def test_fused_mlp_cleanup_keeps_one_shared_out_and_values():
    text = FUSED_MLP.read_text()
    module = parse(text)
    assert cleanup_loops(module)
    module.verify()
    (forall,) = [op for op in module.walk() if isinstance(op, ForallOp)]
    assert len(forall.outputs) == 1
    _assert_same_values(text, module)


def test_diffusion_leaves_no_dead_loop_results():
    module = parse((DIFFUSION_INPUTS / "mlp.mlir").read_text())
    result = diffuse(module)
    assert result.fused
    for op in module.walk():
        if isinstance(op, ForallOp):
            assert all(r.uses for r in op.results), "a forall result is left unused"
    assert not cleanup_loops(module)

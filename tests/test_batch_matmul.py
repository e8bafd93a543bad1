"""xfuse-batch-matmul-to-matmul through the backend: each rewritten form (broadcast weight, batch
1, unrolled small batch, non-fill init) against the reference lowering of the original module;
the microkernel pipeline applies it (the schedule then register-tiles the matmuls)."""

from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.parsing import parse
from xfuse.testing.filecheck_cases import case_function
from xfuse.transforms.batch_matmul import batch_matmuls_to_matmuls, column_blocks

CASES = Path(__file__).parent / "filecheck/transforms/batch_matmul/batch-matmul-to-matmul.mlir"
STATIC = ["projection", "shared_weight", "heads", "windows", "ragged_columns", "three_column_blocks", "scaled_copy",
          "linear_over_nhwc", "integer_heads", "integer_windows"]


def _function(name: str) -> str:
    return case_function(CASES, name)


@pytest.mark.parametrize("name", STATIC)
def test_rewritten_module_agrees_with_the_reference(name):
    source = _function(name)
    module = parse(source)
    assert batch_matmuls_to_matmuls(module) == source.count("linalg.batch_matmul ")
    assert not any(op.name == "linalg.batch_matmul" for op in module.walk())
    arrays = random_inputs(next(iter(module.ops)), seed=3)
    expected = compile_module(source, pipeline="default")(*arrays)
    np.testing.assert_allclose(compile_module(module, pipeline="default")(*arrays), expected, rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(compile_module(source, pipeline="microkernel")(*arrays), expected, rtol=1e-5, atol=1e-5)


ATTENTION = """
func.func @attention(%q: tensor<4x64x32xf32>, %k: tensor<4x32x64xf32>, %v: tensor<4x64x32xf32>) -> tensor<4x64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<4x64x64xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%se : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  %s = linalg.batch_matmul ins(%q, %k : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%sz : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  %oe = tensor.empty() : tensor<4x64x32xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
  %o = linalg.batch_matmul ins(%s, %v : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%oz : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
  return %o : tensor<4x64x32xf32>
}
"""


def test_register_tiled_heads_agree_with_the_reference():
    """Sizes the micro-kernel schedule tiles (8x32 register tiles): the unrolled batches are
    register-tiled matmuls, chained through insert_slice."""
    arrays = random_inputs(next(iter(parse(ATTENTION).ops)), seed=1)
    expected = compile_module(ATTENTION, pipeline="default")(*arrays)
    compiled = compile_module(ATTENTION, pipeline="microkernel")
    assert "linalg.batch_matmul" not in compiled.mlir_text
    assert compiled.mlir_text.count('"linalg.matmul"') == 8
    np.testing.assert_allclose(compiled(*arrays), expected, rtol=1e-5, atol=1e-5)


WINDOWS = """
func.func @windows(%q: tensor<24x49x24xf32>, %k: tensor<24x24x49xf32>, %v: tensor<24x49x24xf32>, %bias: tensor<24x49x49xf32>) -> tensor<24x49x24xf32> {
  %zero = arith.constant 0.0 : f32
  %s = linalg.batch_matmul ins(%q, %k : tensor<24x49x24xf32>, tensor<24x24x49xf32>) outs(%bias : tensor<24x49x49xf32>) -> tensor<24x49x49xf32>
  %oe = tensor.empty() : tensor<24x49x24xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<24x49x24xf32>) -> tensor<24x49x24xf32>
  %o = linalg.batch_matmul ins(%s, %v : tensor<24x49x49xf32>, tensor<24x49x24xf32>) outs(%oz : tensor<24x49x24xf32>) -> tensor<24x49x24xf32>
  return %o : tensor<24x49x24xf32>
}
"""


@pytest.mark.parametrize("threads", [1, 2])
def test_window_attention_loops_agree_with_the_reference(threads):
    """Swin's window attention (batch = windows x heads above 16, 7x7 windows: ragged 49-row
    tiles): register-tiled matmuls in an scf.forall over the batch, in parallel at 2 threads;
    Q.K^T's 49 columns as 48 + 1 (`column_blocks`)."""
    arrays = random_inputs(next(iter(parse(WINDOWS).ops)), seed=2)
    expected = compile_module(WINDOWS, pipeline="default")(*arrays)
    compiled = compile_module(WINDOWS, pipeline="microkernel", threads=threads)
    assert "linalg.batch_matmul" not in compiled.mlir_text
    assert compiled.mlir_text.count('"linalg.matmul"') == 3
    assert compiled.mlir_text.count('"scf.forall"') >= 2
    np.testing.assert_allclose(compiled(*arrays), expected, rtol=1e-5, atol=1e-5)


def test_unqualified_batch_matmuls_are_left():
    module = parse(_function("left_alone"))
    assert batch_matmuls_to_matmuls(module) == 0


def test_a_copy_collapsed_into_rows_is_not_a_broadcast():
    """Each batch reads its own slice of the copy: the copy stays, the batch becomes a loop."""
    module = parse(_function("collapse_into_rows"))
    assert batch_matmuls_to_matmuls(module) == 1
    names = [op.name for op in module.walk()]
    assert "linalg.generic" in names and "scf.forall" in names and "linalg.batch_matmul" not in names


def test_column_blocks():
    """Vector-divisible widths stay whole; others: the 16s, then a multiple of 4, then 1-3."""
    assert column_blocks(64, 32) == [(0, 64)] and column_blocks(196, 32) == [(0, 196)]
    assert column_blocks(197, 32) == [(0, 192), (192, 4), (196, 1)]
    assert column_blocks(49, 32) == [(0, 48), (48, 1)]
    assert column_blocks(13, 32) == [(0, 8), (8, 4), (12, 1)]
    assert column_blocks(31, 32) == [(0, 16), (16, 12), (28, 3)]
    assert column_blocks(5, 32) == [(0, 4), (4, 1)] and column_blocks(3, 32) == [(0, 3)]
    assert column_blocks(197, 64) == [(0, 197)]


def _lowered_llvm(module, tmp_path: Path) -> str:
    """The LLVM IR the microkernel pipeline makes of `module` (as `compile_module` builds it)."""
    from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
    from xfuse.backends.pipelines import MICROKERNEL
    from xfuse.backends.runner import FunctionSignature, lower_to_llvm_ir, public_functions, specialize_for_pipeline

    prepared = prepare_for_execution(module)
    signatures = {f.sym_name.data: FunctionSignature.of(f) for f in public_functions(prepared)}
    prepared, pipeline = specialize_for_pipeline(prepared, MICROKERNEL, signatures)
    return lower_to_llvm_ir(emit_mlir_text(prepared), pipeline, tmp_path).read_text()


ZERO_FILLED = {
    "heads": _function("three_column_blocks"),
    "windows": """
func.func @windows(%a: tensor<17x49x3xf32>, %b: tensor<17x3x49xf32>) -> tensor<17x49x49xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<17x49x49xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<17x49x49xf32>) -> tensor<17x49x49xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<17x49x3xf32>, tensor<17x3x49xf32>) outs(%z : tensor<17x49x49xf32>) -> tensor<17x49x49xf32>
  return %r : tensor<17x49x49xf32>
}
"""}


@pytest.mark.parametrize("in_result", [True, False])
@pytest.mark.parametrize("name", sorted(ZERO_FILLED))
def test_zero_filled_batches_are_computed_in_the_result(name, in_result, tmp_path, monkeypatch):
    """Unrolled heads (`three_column_blocks`: 16 + 4 + 1 columns, as ViT's 192 + 4 + 1) and a loop
    over windows (Swin's 48 + 1 columns): each batch's product is filled and accumulated in its
    slice of the result, so nothing is copied (`memrefCopy` or a memcpy); with `FILL_IN_RESULT`
    off, each batch's own 2-D buffer is copied into the result, so the check can fail. The first
    head's slice of the fresh result is the empty's extract_slice / insert_slice pair that
    `split_shared_empties` leaves shared."""
    from xfuse.transforms import batch_matmul

    monkeypatch.setattr(batch_matmul, "FILL_IN_RESULT", in_result)
    source = ZERO_FILLED[name]
    module = parse(source)
    assert batch_matmuls_to_matmuls(module) == 1
    llvm = _lowered_llvm(module.clone(), tmp_path)
    copies = llvm.count("call void @memrefCopy") + llvm.count("call void @llvm.memcpy")
    assert (copies == 0) if in_result else (copies > 0)
    arrays = random_inputs(next(iter(parse(source).ops)), seed=4)
    expected = compile_module(source, pipeline="default")(*arrays)
    for threads in (1, 2):
        np.testing.assert_allclose(compile_module(module.clone(), pipeline="microkernel", threads=threads)(*arrays),
                                   expected, rtol=1e-5, atol=1e-5)

"""Softmax as one loop over its rows (xfuse/backends/schedules/row_kernels.py).

- The plan on torch-mlir's own softmax (tests/backends/inputs/softmax_torch_mlir.mlir, the
  transformer layer's, as imported: scale, row maximum with its unread argmax, `x - max`, `exp`,
  row sum, division): one kernel over the 4 x 128 rows of heads and queries, the scale pulled in,
  no op left outside and none for the row-reduction plan; switched off, the two reductions are
  row reductions again.
- The code: the lowered loop is one maximum and one sum reduction, reassociated, and allocates
  only the result, at one and two threads.
- Differential: seeded scores through `microkernel` and `microkernel-openmp` against numpy's
  softmax (the transformer layer's 4 x 128, ViT's 3 x 197, 12 x 64; the FileCheck cases, with
  the mask add pulled in and the negatives, are tests/filecheck/transforms/row_kernels/softmax.mlir).
"""

import subprocess
from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
from xfuse.backends.pipelines import get_pipeline, with_threads
from xfuse.backends.runner import compile_module, lower_to_llvm_dialect_command
from xfuse.backends.schedules import row_kernels
from xfuse.backends.schedules.row_kernels import ROW_KERNEL_ATTR, plan_row_kernels
from xfuse.backends.schedules.rows import plan_rows
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse

AVX2 = CpuTarget("x86-64-v3", 256, 16, True)
INPUTS = Path(__file__).parent / "inputs"


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _softmax(heads: int = 4, seq: int = 128) -> str:
    """torch-mlir's softmax of the transformer layer on `1 x heads x seq x seq` scores."""
    text = (INPUTS / "softmax_torch_mlir.mlir").read_text(encoding="utf-8")
    return (text.replace("1x4x128x128", f"1x{heads}x{seq}x{seq}").replace("1x4x128x", f"1x{heads}x{seq}x")
            .replace("[1, 4, 128, 1]", f"[1, {heads}, {seq}, 1]"))


def test_the_softmax_is_one_loop_over_its_rows():
    module = parse(_softmax())
    assert plan_row_kernels(module, AVX2) == 1
    (loop,) = [op for op in module.walk() if ROW_KERNEL_ATTR in op.attributes]
    assert loop.name == "scf.forall" and loop.properties["staticUpperBound"].get_values() == (4 * 128,)
    top = [op.name for op in loop.parent_op().body.block.ops]
    assert not any(name.startswith("linalg.") for name in top), "the scale is pulled in, nothing is left"
    inside = [op for op in loop.walk() if op.name == "linalg.generic"]
    reductions = [op for op in inside if "reduction" in str(op.properties["iterator_types"])]
    assert len(inside) == 6 and len(reductions) == 2  # scale, max, x - max, exp, sum, division
    assert all(op.results[0].type.get_shape() == (1, 1, 1) and len(op.results) == 1 for op in reductions)
    assert not any(op.name in ("tensor.collapse_shape", "tensor.expand_shape") for op in loop.walk())
    assert "xi64>" not in str(module), "the unread argmax is dropped"
    assert plan_rows(module, AVX2) == [], "the row plan has no reduction left to take"
    module.verify()


def test_switched_off_the_reductions_stay_row_reductions(monkeypatch):
    monkeypatch.setattr(row_kernels, "SOFTMAX_ENABLED", False)
    module = parse(_softmax())
    assert plan_row_kernels(module, AVX2) == 0
    assert len(plan_rows(module, AVX2)) == 2
    assert not any(op.name == "scf.forall" for op in module.walk())


def test_one_thread_takes_only_scores_beyond_l2(monkeypatch):
    """`SOFTMAX_AT_ONE_THREAD`: a one-thread build leaves 4 x 128 x 128 scores (256 KiB) to the
    row plan under a 1 MiB L2 and takes 12 x 197 x 197 (1.8 MiB); a parallel build takes both;
    "always" takes both at one thread."""
    assert AVX2.l2_bytes == 1 << 20
    assert plan_row_kernels(parse(_softmax()), AVX2, parallel=False) == 0
    assert plan_row_kernels(parse(_softmax(12, 197)), AVX2, parallel=False) == 1
    assert plan_row_kernels(parse(_softmax()), AVX2, parallel=True) == 1
    monkeypatch.setattr(row_kernels, "SOFTMAX_AT_ONE_THREAD", "always")
    assert plan_row_kernels(parse(_softmax()), AVX2, parallel=False) == 1


def test_in_registers_takes_rows_within_half_the_register_file(monkeypatch):
    """"in_registers": a one-thread build also takes the scores under L2 whose row fits in half
    the vector registers: 128 f32 are 8 of AVX-512's 32 zmm (taken), 16 of AVX2's 16 ymm (not);
    197 f32 are 13 zmm (taken), 512 are 32 (not)."""
    avx512 = CpuTarget("znver4", 512, 32, True)
    monkeypatch.setattr(row_kernels, "SOFTMAX_AT_ONE_THREAD", "in_registers")
    assert plan_row_kernels(parse(_softmax()), avx512, parallel=False) == 1
    assert plan_row_kernels(parse(_softmax(3, 197)), avx512, parallel=False) == 1
    assert plan_row_kernels(parse(_softmax(1, 512)), avx512, parallel=False) == 0
    assert plan_row_kernels(parse(_softmax()), AVX2, parallel=False) == 0
    assert plan_row_kernels(parse(_softmax(12, 197)), AVX2, parallel=False) == 1, "beyond L2 still"
    monkeypatch.setattr(row_kernels, "SOFTMAX_AT_ONE_THREAD", "beyond_l2")
    assert plan_row_kernels(parse(_softmax()), avx512, parallel=False) == 0
    monkeypatch.setattr(row_kernels, "SOFTMAX_AT_ONE_THREAD", "some rows")
    with pytest.raises(ValueError, match="in_registers"):
        plan_row_kernels(parse(_softmax()), avx512, parallel=False)


def test_rows_over_max_row_bytes_are_left_alone():
    assert plan_row_kernels(parse(_softmax(2, row_kernels.MAX_ROW_BYTES // 4 + 8)), AVX2) == 0


@pytest.mark.parametrize("threads", [1, 2])
def test_the_loop_keeps_the_row_in_registers(tmp_path, threads, monkeypatch):
    monkeypatch.setattr(row_kernels, "SOFTMAX_AT_ONE_THREAD", "always")  # 256 KiB of scores, in L2
    prepared = prepare_for_execution(parse(_softmax()))
    pipeline = get_pipeline("microkernel")
    specialized = (with_threads(pipeline, threads) if threads > 1 else pipeline).for_module(prepared)
    assert any("row kernel 0" in body for body in specialized.transform_bodies)
    subprocess.run(lower_to_llvm_dialect_command(emit_mlir_text(prepared), specialized, tmp_path), check=True)
    lowered = (tmp_path / "lowered.mlir").read_text()
    reductions = [line for line in lowered.splitlines() if "llvm.intr.vector.reduce" in line]
    assert len(reductions) == 2 and all("reassoc" in line for line in reductions)
    assert sum("reduce.fmaximum" in line for line in reductions) == 1
    assert lowered.count("llvm.call @malloc") == 1, "the result's buffer only"
    assert ("omp.parallel" in lowered) == (threads > 1)


@pytest.mark.parametrize("heads, seq", [(4, 128), (3, 197), (12, 64)])
@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_the_row_kernel_agrees_with_numpy(heads, seq, pipeline, monkeypatch):
    monkeypatch.setattr(row_kernels, "SOFTMAX_AT_ONE_THREAD", "always")  # the kernel at one thread too
    compiled = compile_module(_softmax(heads, seq), pipeline=pipeline)
    x = (np.random.default_rng(0).standard_normal((1, heads, seq, seq)) * 8).astype(np.float32)
    (got,) = compiled(x)
    z = x.astype(np.float64) * 0.125
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    np.testing.assert_allclose(got, e / e.sum(axis=-1, keepdims=True), rtol=1e-5, atol=1e-7)

"""LayerNorms as one loop over their rows (xfuse/backends/schedules/row_kernels.py).

- The plan on torch-mlir's own layer norm (tests/backends/inputs/, after xfuse-merge-elementwise
  as `xfuse.onnx.load` runs it): one kernel, every op of the group in the loop, none left for the
  row-reduction plan; the switch off leaves it alone.
- The code: in the lowered module the row is two vector reductions with reassociation, and the
  loop allocates nothing (the statistics stay in registers), at one and two threads.
- Differential: the transformer layer's shape, ViT's (197 rows of 192) and ViT-B's (of 768) through `microkernel`
  and `microkernel-openmp` against numpy's two-pass LayerNorm.
"""

import subprocess
from pathlib import Path

import numpy as np
import pytest

import xfuse
from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
from xfuse.backends.pipelines import get_pipeline, with_threads
from xfuse.backends.runner import compile_module, lower_to_llvm_dialect_command
from xfuse.backends.schedules import row_kernels
from xfuse.backends.schedules.row_kernels import ROW_KERNEL_ATTR, plan_row_kernels
from xfuse.backends.schedules.rows import ROWS_ATTR, plan_rows
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse

AVX2 = CpuTarget("x86-64-v3", 256, 16, True)
INPUTS = Path(__file__).parent / "inputs"


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _layer_norm(rows: int = 128, width: int = 256) -> str:
    """torch-mlir's layer norm of the transformer layer, merged as `xfuse.onnx.load` does, at
    `rows` x `width`."""
    text = (INPUTS / "layernorm_torch_mlir.mlir").read_text(encoding="utf-8")
    text = text.replace("x128x", f"x{rows}x").replace("256xf32", f"{width}xf32").replace(
        "2.560000e+02", f"{float(width):.6e}")
    module = parse(text)
    xfuse.apply_passes(module, "xfuse-merge-elementwise")
    return str(module)


def test_the_layer_norm_is_one_loop_over_its_rows():
    module = parse(_layer_norm())
    assert plan_row_kernels(module, AVX2) == 1
    (loop,) = [op for op in module.walk() if ROW_KERNEL_ATTR in op.attributes]
    assert loop.name == "scf.forall" and loop.properties["staticUpperBound"].get_values() == (128,)
    function = loop.parent_op()
    top = [op.name for op in function.body.block.ops]
    assert not any(name.startswith("linalg.") for name in top), top
    inside = [op for op in loop.walk() if op.name == "linalg.generic"]
    reductions = [op for op in inside if "reduction" in str(op.properties["iterator_types"])]
    assert len(reductions) == 2 and all(op.results[0].type.get_shape() == (1, 1) for op in reductions)
    assert not any(op.name in ("tensor.collapse_shape", "tensor.expand_shape") for op in loop.walk())
    assert plan_rows(module, AVX2) == [], "the row plan has no sum left to take"
    module.verify()


def test_switched_off_the_sums_stay_row_reductions(monkeypatch):
    monkeypatch.setattr(row_kernels, "ENABLED", False)
    module = parse(_layer_norm())
    assert plan_row_kernels(module, AVX2) == 0
    assert len(plan_rows(module, AVX2)) == 2
    assert not any(op.name == "scf.forall" for op in module.walk())


def test_rows_up_to_max_row_bytes_are_taken():
    assert plan_row_kernels(parse(_layer_norm(width=768)), AVX2) == 1  # BERT-base, ViT-B
    assert plan_row_kernels(parse(_layer_norm(width=row_kernels.MAX_ROW_BYTES // 4 + 8)), AVX2) == 0


@pytest.mark.parametrize("threads", [1, 2])
def test_the_loop_keeps_the_row_in_registers(tmp_path, threads):
    prepared = prepare_for_execution(parse(_layer_norm()))
    pipeline = get_pipeline("microkernel")
    specialized = (with_threads(pipeline, threads) if threads > 1 else pipeline).for_module(prepared)
    assert any("row kernel 0" in body for body in specialized.transform_bodies)
    subprocess.run(lower_to_llvm_dialect_command(emit_mlir_text(prepared), specialized, tmp_path), check=True)
    lowered = (tmp_path / "lowered.mlir").read_text()
    reductions = [line for line in lowered.splitlines() if "llvm.intr.vector.reduce.fadd" in line]
    assert len(reductions) == 2 and all("reassoc" in line for line in reductions)
    # the result's buffer only: no statistic or intermediate row is stored in a buffer of its own
    assert lowered.count("llvm.call @malloc") == 1
    assert ("omp.parallel" in lowered) == (threads > 1)


@pytest.mark.parametrize("rows, width", [(128, 256), (197, 192), (197, 768)])
@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_the_row_kernel_agrees_with_numpy(rows, width, pipeline):
    compiled = compile_module(_layer_norm(rows, width), pipeline=pipeline)
    rng = np.random.default_rng(0)
    x = (rng.standard_normal((1, rows, width)) * 3 + 1).astype(np.float32)
    gamma, beta = (rng.standard_normal(width).astype(np.float32) for _ in range(2))
    (got,) = compiled(x, gamma, beta)
    mean = x.mean(axis=-1, keepdims=True, dtype=np.float64)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    want = (x - mean) / np.sqrt(var + 1e-5) * gamma + beta
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)

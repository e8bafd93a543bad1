"""Vectorized transposes (xfuse/backends/schedules/transposes.py).

- Tile choice: both innermost dimensions (the source's and the result's) span a vector's worth
  of elements, or a divisor of the dimension; only whole 16 x 16 blocks or reads too far apart
  for L1 are vectorized (small shuffles and row moves stay scalar loops).
- Plan: static float transposes at a function's top level, not those in a loop.
- Differential: transposes of several shapes and permutations through `microkernel` and
  `microkernel-openmp` against `default`; the lowered code of a 48 x 32 transpose shuffles
  16-lane vectors (the reference's has no vector at all).
"""

import subprocess

import numpy as np
import pytest

from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
from xfuse.backends.pipelines import get_pipeline
from xfuse.backends.runner import lower_to_llvm_dialect_command

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.schedules.transposes import TRANSPOSE_ATTR, plan_transposes, transpose_bodies, transpose_tile
from xfuse.backends.target import CpuTarget, host_target
from xfuse.parsing import parse

AVX512 = CpuTarget("x86-64-v4", 512, 32, True)
AVX2 = CpuTarget("x86-64-v3", 256, 16, True)


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _module(source, permutation, element="f32"):
    result = [source[p] for p in permutation]
    src = "x".join(map(str, source)) + f"x{element}"
    dst = "x".join(map(str, result)) + f"x{element}"
    return f"""
func.func @t(%x: tensor<{src}>) -> tensor<{dst}> {{
  %e = tensor.empty() : tensor<{dst}>
  %t = linalg.transpose ins(%x : tensor<{src}>) outs(%e : tensor<{dst}>) permutation = {list(permutation)}
  return %t : tensor<{dst}>
}}
"""


CASES = [
    # (source shape, permutation, AVX-512 tile sizes over the result)
    ((1, 111, 111, 64), (0, 3, 1, 2), (1, 16, 1, 3)),     # NHWC -> NCHW, 111 = 3 x 37: far reads
    ((1, 40, 40, 48), (0, 3, 1, 2), (1, 16, 1, 10)),      # 40 x 40 lines = 100 KiB apart
    ((48, 32), (1, 0), (16, 16)),                         # whole 16 x 16 blocks
]
KEPT = [
    ((1, 3, 20, 32), (0, 2, 3, 1)),        # NCHW -> NHWC, 3 channels: reads 3 lines apart
    ((1, 5, 7, 4, 28), (0, 1, 2, 4, 3)),   # ShuffleNet's channel shuffle, within a pixel
    ((1, 20, 20, 48), (0, 3, 1, 2)),       # 400 lines = 25 KiB apart
    ((6, 5, 40), (1, 0, 2)),               # rows move whole
    ((1, 40, 40, 17), (0, 3, 1, 2)),       # far reads, but 17 channels: blocks one element wide
]


@pytest.mark.parametrize(("source", "permutation", "tile"), CASES + [(*case, None) for case in KEPT])
def test_tile_sizes(source, permutation, tile):
    (op,) = [op for op in parse(_module(source, permutation)).walk() if op.name == "linalg.transpose"]
    assert transpose_tile(op, AVX512) == tile


def test_avx2_spans_eight_lanes():
    (op,) = [op for op in parse(_module((48, 32), (1, 0))).walk() if op.name == "linalg.transpose"]
    assert transpose_tile(op, AVX2) == (8, 8)


def test_plan_groups_and_lowering_strategy():
    module = parse(_module((48, 32), (1, 0)))
    (group,) = plan_transposes(module, AVX512)
    assert group.square
    body = transpose_bodies([group])[0]
    assert "tile_sizes [16, 16]" in body and "lowering_strategy = shuffle_16x16" in body
    assert transpose_bodies([]) == []


def test_transposes_in_loops_and_dynamic_ones_are_left_alone():
    module = parse("""
func.func @f(%x: tensor<4x8xf32>, %y: tensor<?x8xf32>, %n: index) -> tensor<8x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<8x4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %e) -> tensor<8x4xf32> {
    %t = linalg.transpose ins(%x : tensor<4x8xf32>) outs(%acc : tensor<8x4xf32>) permutation = [1, 0]
    scf.yield %t : tensor<8x4xf32>
  }
  %d = tensor.dim %y, %c0 : tensor<?x8xf32>
  %e2 = tensor.empty(%d) : tensor<8x?xf32>
  %t2 = linalg.transpose ins(%y : tensor<?x8xf32>) outs(%e2 : tensor<8x?xf32>) permutation = [1, 0]
  return %t2 : tensor<8x?xf32>
}
""")
    assert plan_transposes(module, AVX512) == []
    assert not any(TRANSPOSE_ATTR in op.attributes for op in module.walk())


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
@pytest.mark.parametrize(("source", "permutation", "tile"), CASES + [(*case, None) for case in KEPT])
def test_vectorized_transposes_agree_with_the_reference(source, permutation, tile, pipeline):
    text = _module(source, permutation)
    candidate = compile_module(text, "t", pipeline)
    reference = compile_module(text, "t", "default")
    for seed in (0, 1):
        (x,) = random_inputs(candidate.signature, seed=seed)
        (got,), (want,) = candidate(x), reference(x)
        np.testing.assert_array_equal(got, want)
        np.testing.assert_array_equal(got, np.transpose(x, permutation))


@pytest.mark.parametrize(("pipeline", "vectorized"), [("microkernel", True), ("default", False)])
def test_lowered_transpose_shuffles_whole_vectors(pipeline, vectorized, tmp_path):
    prepared = prepare_for_execution(parse(_module((48, 32), (1, 0))))
    specialized = get_pipeline(pipeline).for_module(prepared)
    subprocess.run(lower_to_llvm_dialect_command(emit_mlir_text(prepared), specialized, tmp_path), check=True)
    lowered = (tmp_path / "lowered.mlir").read_text()
    vector = f"vector<{host_target().lanes(32)}xf32>"  # the host's whole vector: 16 lanes on AVX-512, 8 on AVX2
    assert ("llvm.shufflevector" in lowered and vector in lowered) is vectorized

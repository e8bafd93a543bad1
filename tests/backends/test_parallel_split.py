"""The ops outside the register tiles, split across CPUs (xfuse/backends/parallel/parallel_split.py).

- Plan: which ops are split (the last op of a chain, along the first loop with enough
  iterations), which producers are fused into its slices, and what is left alone (the
  convolution's fused chain and init, small ops, one CPU).
- Differential: a convolution, its ReLU, a max pooling with a scale-and-shift chain after it through the
  parallel pipelines against `default`.
"""

import numpy as np
import pytest

from xfuse.backends.parallel.parallel_split import (
    PARALLEL_PRODUCER_ATTR,
    PARALLEL_SPLIT_ATTR,
    parallel_split_body,
    plan_parallel_split,
)
from xfuse.runtime.openmp import openmp_available
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.schedules.conv import plan_convolutions
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse

AVX512 = CpuTarget("x86-64-v4", 512, 32, True)

_MAP = "affine_map<(n, h, w, c) -> (n, h, w, c)>"
_CHANNEL = "affine_map<(n, h, w, c) -> (c)>"

LAYER = f"""
func.func @layer(%x: tensor<1x34x34x16xf32>, %w: tensor<3x3x16x64xf32>, %scale: tensor<64xf32>,
                 %small: tensor<1x4x4x64xf32>) -> (tensor<1x31x31x64xf32>, tensor<1x4x4x64xf32>) {{
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.0e+38 : f32
  %e = tensor.empty() : tensor<1x32x32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x32x64xf32>) -> tensor<1x32x32x64xf32>
  %y = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
    ins(%x, %w : tensor<1x34x34x16xf32>, tensor<3x3x16x64xf32>) outs(%f : tensor<1x32x32x64xf32>) -> tensor<1x32x32x64xf32>
  %r = linalg.generic {{indexing_maps = [{_MAP}, {_MAP}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
    ins(%y : tensor<1x32x32x64xf32>) outs(%e : tensor<1x32x32x64xf32>) {{
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  }} -> tensor<1x32x32x64xf32>
  %window = tensor.empty() : tensor<2x2xf32>
  %pe = tensor.empty() : tensor<1x31x31x64xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x31x31x64xf32>) -> tensor<1x31x31x64xf32>
  %p = linalg.pooling_nhwc_max {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
    ins(%r, %window : tensor<1x32x32x64xf32>, tensor<2x2xf32>) outs(%pf : tensor<1x31x31x64xf32>) -> tensor<1x31x31x64xf32>
  %s = linalg.generic {{indexing_maps = [{_MAP}, {_CHANNEL}, {_MAP}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
    ins(%p, %scale : tensor<1x31x31x64xf32>, tensor<64xf32>) outs(%pe : tensor<1x31x31x64xf32>) {{
  ^bb0(%in: f32, %k: f32, %o: f32):
    %m = arith.mulf %in, %k : f32
    linalg.yield %m : f32
  }} -> tensor<1x31x31x64xf32>
  %t = linalg.generic {{indexing_maps = [{_MAP}, {_MAP}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
    ins(%s : tensor<1x31x31x64xf32>) outs(%pe : tensor<1x31x31x64xf32>) {{
  ^bb0(%in: f32, %o: f32):
    %m = arith.subf %in, %ninf : f32
    %q = arith.maximumf %m, %zero : f32
    linalg.yield %q : f32
  }} -> tensor<1x31x31x64xf32>
  %se = tensor.empty() : tensor<1x4x4x64xf32>
  %sm = linalg.generic {{indexing_maps = [{_MAP}, {_MAP}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
    ins(%small : tensor<1x4x4x64xf32>) outs(%se : tensor<1x4x4x64xf32>) {{
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  }} -> tensor<1x4x4x64xf32>
  return %t, %sm : tensor<1x31x31x64xf32>, tensor<1x4x4x64xf32>
}}
"""


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))
    # The layers here are sized for the floor of 32 K elements the split had until the tenth
    # session (the 31 x 31 x 64 pooling chain: 61,504); `test_the_floor_...` checks the default.
    from xfuse.backends.parallel import parallel_split

    monkeypatch.setattr(parallel_split, "MIN_ELEMENTS", 32 * 1024)


def _planned(workers=2):
    module = parse(LAYER)
    plan_convolutions(module, AVX512)
    return module, plan_parallel_split(module, workers)


def test_plan_splits_chains_at_their_last_op():
    module, loops = _planned()
    ops = [op for op in module.walk() if op.name.startswith("linalg.") and op.name != "linalg.yield"]
    fill, conv, relu, pool_fill, pool, scale, shift, small = ops
    # The ReLU runs in the convolution's register tiles; pooling, scale and shift are one chain.
    assert PARALLEL_SPLIT_ATTR not in relu.attributes and PARALLEL_PRODUCER_ATTR not in relu.attributes
    assert loops == [1] and shift.attributes[PARALLEL_SPLIT_ATTR].value.data == 0
    assert [op.attributes[PARALLEL_PRODUCER_ATTR].value.data for op in (pool, scale)] == [0, 0]
    for op in (fill, conv, pool_fill, small):  # inits, the convolution, an op below MIN_ELEMENTS
        assert PARALLEL_SPLIT_ATTR not in op.attributes and PARALLEL_PRODUCER_ATTR not in op.attributes
    (body,) = parallel_split_body(loops, 2)
    assert "tile_using_forall %split0 num_threads [0, 2]" in body
    assert "fuse_into_containing_op %split0_producers" in body


def test_one_cpu_splits_nothing():
    module, loops = _planned(workers=1)
    assert loops == [] and parallel_split_body(loops, 1) == []
    assert not any(PARALLEL_SPLIT_ATTR in op.attributes for op in module.walk())


@pytest.mark.parametrize("pipeline", ["microkernel-openmp"])
def test_split_layer_agrees_with_the_reference(pipeline):
    if pipeline == "microkernel-openmp" and not openmp_available():
        pytest.skip("LLVM's OpenMP runtime is not installed: pip install cmeel-libomp")
    candidate = compile_module(parse(LAYER), "layer", pipeline)
    reference = compile_module(parse(LAYER), "layer", "default")
    for seed in (0, 1):
        inputs = random_inputs(candidate.signature, seed=seed)
        for got, want in zip(candidate(*inputs), reference(*inputs), strict=True):
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


SEVEN_ROWS = f"""
func.func @tail(%x: tensor<1x7x7x2048xf32>, %r: tensor<1x7x7x2048xf32>, %shift: tensor<2048xf32>)
    -> tensor<1x7x7x2048xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x2048xf32>
  %y = linalg.generic {{indexing_maps = [{_MAP}, {_MAP}, {_CHANNEL}, {_MAP}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
    ins(%x, %r, %shift : tensor<1x7x7x2048xf32>, tensor<1x7x7x2048xf32>, tensor<2048xf32>) outs(%e : tensor<1x7x7x2048xf32>) {{
  ^bb0(%a: f32, %b: f32, %k: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %k : f32
    %m = arith.maximumf %t, %zero : f32
    linalg.yield %m : f32
  }} -> tensor<1x7x7x2048xf32>
  return %y : tensor<1x7x7x2048xf32>
}}
"""
"""ResNet-50's last stage: 7 rows, which two CPUs would share 4 to 3."""


def test_too_few_rows_to_share_split_the_channels():
    from xfuse.backends.parallel.parallel_split import balanced_loop, imbalance

    assert imbalance(7, 2) == pytest.approx(8 / 7) and imbalance(56, 2) == 1.0
    assert balanced_loop([1, 31, 31, 64], [0, 1, 2, 3], 2) == 1  # 16 and 15 rows: within 1/16
    assert balanced_loop([1, 7, 7, 2048], [0, 1, 2, 3], 2) == 3
    assert balanced_loop([1, 14, 14, 256], [0, 1, 2, 3], 4) == 3  # 4, 4, 4, 2 rows: the channels
    assert balanced_loop([1, 7, 7, 7], [0, 1, 2, 3], 2) == 1  # nothing even: the outermost of the least uneven
    assert balanced_loop([1, 1], [0, 1], 2) is None
    module = parse(SEVEN_ROWS)
    assert plan_parallel_split(module, 2) == [3] and plan_parallel_split(parse(SEVEN_ROWS), 7) == [1]


def two_threads_and_reference(text: str, entry: str) -> tuple[list, list, list]:
    """(inputs, results at `threads=2`, results of `default`) of `entry` on seeded random inputs."""
    if not openmp_available():
        pytest.skip("LLVM's OpenMP runtime is not installed: pip install cmeel-libomp")
    candidate = compile_module(parse(text), entry, "microkernel", threads=2)
    reference = compile_module(parse(text), entry, "default")
    inputs = random_inputs(candidate.signature, seed=0)
    return inputs, candidate(*inputs), reference(*inputs)


def test_elementwise_slices_are_vectorized():
    from xfuse.backends.parallel.parallel_split import slice_vector_tiles

    module = parse(SEVEN_ROWS)
    loops = plan_parallel_split(module, 2)  # 1024 channels per slice: four whole AVX2 vectors per tile
    assert slice_vector_tiles(module, loops, 2, CpuTarget("x86-64-v3", 256, 16, True)) == [(1, 1, 1, 32)]
    assert slice_vector_tiles(module, loops, 2, AVX512) == [(1, 1, 1, 64)]
    (body,) = parallel_split_body(loops, 2, [(1, 1, 1, 32)])
    assert "tile_using_for %split0_slice tile_sizes [1, 1, 1, 32]" in body and "structured.vectorize" in body
    module, loops = _planned()  # a max pooling in the chain: its slices stay loops
    assert slice_vector_tiles(module, loops, 2, AVX512) == [None]
    assert "vectorize" not in parallel_split_body(loops, 2, [None])[0]


def test_a_channel_split_agrees_with_the_reference():
    _, got, want = two_threads_and_reference(SEVEN_ROWS, "tail")
    np.testing.assert_array_equal(got[0], want[0])


def test_more_slices_than_workers_choose_the_loop_for_that_many(monkeypatch):
    from xfuse.backends.parallel import parallel_split
    from xfuse.backends.parallel.parallel_split import slice_vector_tiles

    monkeypatch.setattr(parallel_split, "SLICES_PER_WORKER", 4)
    module, loops = _planned()  # 31 rows in 8 slices of 4 (the last 3): within 1/16
    assert loops == [1] and "num_threads [0, 8]" in parallel_split_body(loops, 2)[0]
    module = parse(SEVEN_ROWS)  # 7 rows cannot make 8 slices: 256 channels each
    loops = plan_parallel_split(module, 2)
    assert loops == [3] and "num_threads [0, 0, 0, 8]" in parallel_split_body(loops, 2)[0]
    assert slice_vector_tiles(module, loops, 2, CpuTarget("x86-64-v3", 256, 16, True)) == [(1, 1, 1, 32)]


def test_more_slices_than_workers_agree_with_the_reference(monkeypatch):
    from xfuse.backends.parallel import parallel_split

    monkeypatch.setattr(parallel_split, "SLICES_PER_WORKER", 4)  # 31 rows in 8 slices, the last of 3
    _, got, want = two_threads_and_reference(LAYER, "layer")
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)


_TOKENS = "affine_map<(b, t, c) -> (b, t, c)>"
TOKEN_ROWS = f"""
func.func @norm(%x: tensor<1x197x192xf32>, %m: tensor<1x197xf32>) -> tensor<1x197x192xf32> {{
  %e = tensor.empty() : tensor<1x197x192xf32>
  %y = linalg.generic {{indexing_maps = [{_TOKENS}, affine_map<(b, t, c) -> (b, t)>, {_TOKENS}],
      iterator_types = ["parallel", "parallel", "parallel"]}}
    ins(%x, %m : tensor<1x197x192xf32>, tensor<1x197xf32>) outs(%e : tensor<1x197x192xf32>) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  }} -> tensor<1x197x192xf32>
  return %y : tensor<1x197x192xf32>
}}
"""
"""ViT's layer norm's `x - mean` over 197 tokens (a prime) of 192 channels: two slices of 99 and 98
rows."""


def test_uneven_slices_of_an_outer_loop_are_vectorized(monkeypatch):
    from xfuse.backends.parallel import parallel_split
    from xfuse.backends.parallel.parallel_split import slice_vector_tiles

    avx2 = CpuTarget("x86-64-v3", 256, 16, True)
    module = parse(TOKEN_ROWS)
    loops = plan_parallel_split(module, 2)
    assert loops == [1]  # the rows, 99 and 98: within 1/16
    assert slice_vector_tiles(module, loops, 2, avx2) == [None]  # the default: LLVM's loops
    monkeypatch.setattr(parallel_split, "UNEVEN_OUTER_SLICES_VECTORIZED", True)
    assert slice_vector_tiles(module, loops, 2, avx2) == [(1, 1, 32)]  # the tile cuts only the channels


def test_uneven_vectorized_slices_agree_with_the_reference(monkeypatch):
    from xfuse.backends.parallel import parallel_split

    monkeypatch.setattr(parallel_split, "UNEVEN_OUTER_SLICES_VECTORIZED", True)
    _, got, want = two_threads_and_reference(TOKEN_ROWS, "norm")
    np.testing.assert_array_equal(got[0], want[0])


def test_the_floor_keeps_vits_layer_norm_pieces_on_one_thread(monkeypatch):
    from xfuse.backends.parallel import parallel_split

    monkeypatch.undo()  # the default floor
    assert parallel_split.MIN_ELEMENTS == 64 * 1024
    assert plan_parallel_split(parse(TOKEN_ROWS), 2) == []  # 197 x 192 = 37,824 elements
    assert plan_parallel_split(parse(TOKEN_ROWS.replace("192", "384")), 2) == [1]  # 75,648: split

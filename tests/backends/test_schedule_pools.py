"""Vectorized poolings (xfuse/backends/schedules/pools.py).

- Tile choice: the most output pixels by channels with at most 16 vector accumulators; channels no whole
  vector divides, dynamic shapes and poolings in loops are left to the loops.
- The sequential pipelines vectorize poolings; the parallel ones leave to the parallel split those
  it takes and vectorize the rest in `scf.for` tiles (no parallel region of their own).
- Differential: max and sum poolings (strides, dilations, windows 2x2 to 3x3, padded input,
  batch 2) through `microkernel` and `microkernel-openmp` against `default`; the lowered code
  of a vectorized pooling computes on vectors of 16 lanes or more (the reference's has none).
"""

import re
import subprocess

import numpy as np
import pytest

from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
from xfuse.backends.pipelines import get_pipeline
from xfuse.backends.runner import compile_module, lower_to_llvm_dialect_command, random_inputs
from xfuse.backends.schedules.pools import POOL_ATTR, plan_pools, pool_bodies, pool_tile
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse

AVX512 = CpuTarget("x86-64-v4", 512, 32, True)


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _pool(kind="max", batch=1, size=(9, 11), channels=32, window=(3, 3), stride=2, dilation=1, pad=1):
    n, (h, w), c = batch, size, channels
    oh = (h + 2 * pad - dilation * (window[0] - 1) - 1) // stride + 1
    ow = (w + 2 * pad - dilation * (window[1] - 1) - 1) // stride + 1
    init = "0xFF800000" if kind == "max" else "0.0"
    x, padded = f"tensor<{n}x{h}x{w}x{c}xf32>", f"tensor<{n}x{h + 2 * pad}x{w + 2 * pad}x{c}xf32>"
    out = f"tensor<{n}x{oh}x{ow}x{c}xf32>"
    return f"""
func.func @pool(%x: {x}) -> {out} {{
  %init_value = arith.constant {init} : f32
  %p = tensor.pad %x low[0, {pad}, {pad}, 0] high[0, {pad}, {pad}, 0] {{
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %init_value : f32
  }} : {x} to {padded}
  %window = tensor.empty() : tensor<{window[0]}x{window[1]}xf32>
  %e = tensor.empty() : {out}
  %acc = linalg.fill ins(%init_value : f32) outs(%e : {out}) -> {out}
  %r = linalg.pooling_nhwc_{kind} {{dilations = dense<{dilation}> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}}
      ins(%p, %window : {padded}, tensor<{window[0]}x{window[1]}xf32>) outs(%acc : {out}) -> {out}
  return %r : {out}
}}
"""


def _op(text):
    return next(op for op in parse(text).walk() if op.name.startswith("linalg.pooling"))


@pytest.mark.parametrize(("kwargs", "tile"), [
    (dict(size=(111, 111), channels=64, pad=0), (11, 16)),  # SqueezeNet's first: 55 = 5 x 11
    (dict(size=(56, 56), channels=192), (4, 64)),           # 28 wide: 7 x 64 would be 28 vectors
    (dict(channels=16), (6, 16)),
    (dict(channels=20), (6, 4)),                            # 4-lane vectors: no wider one divides 20
    (dict(kind="sum", size=(13, 13), channels=1000, window=(13, 13), stride=1, pad=0), (1, 8)),  # SqueezeNet's
    (dict(channels=136), (6, 8)),                           # ShuffleNet's: 8-lane vectors
    (dict(channels=18), None),                              # no vector of 4 lanes or more divides 18
])
def test_tile_choice(kwargs, tile):
    assert pool_tile(_op(_pool(**kwargs)), AVX512) == tile


def test_plan_marks_top_level_poolings():
    module = parse(_pool())
    (group,) = plan_pools(module, AVX512)
    assert sum(POOL_ATTR in op.attributes for op in module.walk()) == 1
    body = pool_bodies([group])[0]
    assert "tile_sizes [1, 1, 6, 32]" in body and "transform.structured.decompose" in body
    assert pool_bodies([]) == []


@pytest.mark.parametrize(("pipeline", "kwargs", "planned"), [
    # a global one (3x3 poolings are generics, pool_windows.py): 1000 results, which the split leaves whole
    ("microkernel", dict(kind="sum", size=(13, 13), channels=1000, window=(13, 13), stride=1, pad=0), True),
    ("microkernel-openmp", dict(kind="sum", size=(13, 13), channels=1000, window=(13, 13), stride=1, pad=0), True),
    # 4x4 windows over 64 x 64 x 64 results: the parallel split takes it, one slice per CPU
    ("microkernel", dict(kind="sum", size=(67, 67), channels=64, window=(4, 4), stride=1, pad=0), True),
    ("microkernel-openmp", dict(kind="sum", size=(67, 67), channels=64, window=(4, 4), stride=1, pad=0), False),
])
def test_the_parallel_pipelines_vectorize_the_poolings_the_split_leaves(pipeline, kwargs, planned):
    prepared = prepare_for_execution(parse(_pool(**kwargs)))
    specialized = get_pipeline(pipeline).for_module(prepared)
    assert any(POOL_ATTR in op.attributes for op in prepared.walk()) is planned
    bodies = "".join(specialized.transform_bodies)
    assert ("pool group" in bodies) is planned
    if planned:  # in the parallel pipeline on the calling thread: scf.for tiles, no forall region
        assert ("tile_using_for %pool tile_sizes" in bodies) is (pipeline == "microkernel-openmp")
    else:
        assert any("xfuse.parallel_split" in op.attributes for op in prepared.walk())


POOLS = [
    dict(),
    dict(kind="sum", stride=1, window=(2, 2), pad=0),
    dict(batch=2, size=(8, 13), channels=48, dilation=2, pad=2),
    dict(kind="sum", size=(7, 7), channels=64, window=(7, 7), stride=1, pad=0),  # a global average
    dict(channels=20),                                                           # 4-lane vectors
    dict(kind="sum", size=(13, 13), channels=1000, window=(13, 13), stride=1, pad=0),  # 8-lane vectors
    dict(kind="sum", batch=2, size=(5, 9), channels=24, window=(5, 9), stride=1, pad=0),  # odd, batch 2
    dict(kind="max", size=(11, 11), channels=40, window=(11, 11), stride=1, pad=0),  # a global max
    dict(kind="sum", size=(67, 67), channels=64, window=(4, 4), stride=1, pad=0),  # split at two threads
    dict(channels=18),                                                           # not vectorized
]


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
@pytest.mark.parametrize("kwargs", POOLS)
def test_vectorized_poolings_agree_with_the_reference(kwargs, pipeline):
    text = _pool(**kwargs)
    candidate, reference = compile_module(text, "pool", pipeline), compile_module(text, "pool", "default")
    for seed in (0, 1):
        (x,) = random_inputs(candidate.signature, seed=seed)
        (got,), (want,) = candidate(x), reference(x)
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize(("pipeline", "kwargs", "vectorized"), [
    ("microkernel", dict(channels=64), True),
    ("default", dict(channels=64), False),
    ("microkernel-openmp", dict(kind="sum", size=(7, 7), channels=64, window=(7, 7), stride=1, pad=0), True),
])
def test_lowered_pooling_computes_on_vectors(pipeline, kwargs, vectorized, tmp_path):
    prepared = prepare_for_execution(parse(_pool(**kwargs)))
    specialized = get_pipeline(pipeline).for_module(prepared)
    subprocess.run(lower_to_llvm_dialect_command(emit_mlir_text(prepared), specialized, tmp_path), check=True)
    lowered = (tmp_path / "lowered.mlir").read_text()
    assert ("llvm.intr.maxnum" in lowered or "llvm.intr.maximum" in lowered or "llvm.fcmp" in lowered
            or "llvm.fadd" in lowered)
    lanes = [int(n) for n in re.findall(r"vector<(\d+)xf32>", lowered)]
    assert (max(lanes, default=0) >= 16) is vectorized


SHARED_AND_ARGUMENT_INITS = """
func.func @pools(%x: tensor<1x9x9x16xf32>, %y: tensor<1x9x9x16xf32>, %acc: tensor<1x4x4x16xf32>)
    -> (tensor<1x4x4x16xf32>, tensor<1x4x4x16xf32>, tensor<1x4x4x16xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %window = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x4x4x16xf32>
  %fill = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %a = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %window : tensor<1x9x9x16xf32>, tensor<3x3xf32>) outs(%fill : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %b = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%y, %window : tensor<1x9x9x16xf32>, tensor<3x3xf32>) outs(%fill : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %c = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %window : tensor<1x9x9x16xf32>, tensor<3x3xf32>) outs(%acc : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  return %a, %b, %c : tensor<1x4x4x16xf32>, tensor<1x4x4x16xf32>, tensor<1x4x4x16xf32>
}
"""


def test_fill_inits_are_fused_into_the_tiles():
    """A pooling whose init is a fill gets it in its tiles (`fuse_init`), even when the fill is
    shared; one accumulating into an argument keeps it (the sum onto %acc); all agree with the
    reference."""
    module = parse(SHARED_AND_ARGUMENT_INITS)
    groups = plan_pools(module, AVX512)
    assert sorted(g.fuse_init for g in groups) == [False, True]
    fused = next(g for g in groups if g.fuse_init)
    assert "fuse_into_containing_op %init" in pool_bodies([fused])[0]
    assert "fuse_into_containing_op" not in pool_bodies([g for g in groups if not g.fuse_init])[0]
    candidate = compile_module(SHARED_AND_ARGUMENT_INITS, "pools", "microkernel")
    reference = compile_module(SHARED_AND_ARGUMENT_INITS, "pools", "default")
    inputs = random_inputs(candidate.signature, seed=5)
    for got, want in zip(candidate(*inputs), reference(*inputs), strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


# Adapted from ByteIR's linalg tests (a max pooling whose -inf init comes from a 0-d constant
# through `tensor.extract`): batch 4, 16 channels, 2x2 window, stride 2.
BYTEIR_MAX_POOL = """
func.func @pool(%arg0: tensor<4x128x128x16xf32>) -> tensor<4x64x64x16xf32> {
  %cst = arith.constant dense<0xFF800000> : tensor<f32>
  %0 = tensor.empty() : tensor<2x2xf32>
  %1 = tensor.empty() : tensor<4x64x64x16xf32>
  %extracted = tensor.extract %cst[] : tensor<f32>
  %2 = linalg.fill ins(%extracted : f32) outs(%1 : tensor<4x64x64x16xf32>) -> tensor<4x64x64x16xf32>
  %3 = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%arg0, %0 : tensor<4x128x128x16xf32>, tensor<2x2xf32>) outs(%2 : tensor<4x64x64x16xf32>) -> tensor<4x64x64x16xf32>
  return %3 : tensor<4x64x64x16xf32>
}
"""


def test_a_pooling_from_another_projects_tests_agrees():
    assert pool_tile(_op(BYTEIR_MAX_POOL), AVX512) == (16, 16)
    candidate = compile_module(BYTEIR_MAX_POOL, "pool", "microkernel")
    reference = compile_module(BYTEIR_MAX_POOL, "pool", "default")
    (x,) = random_inputs(candidate.signature, seed=3)
    (got,), (want,) = candidate(x), reference(x)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(got, x.reshape(4, 64, 2, 64, 2, 16).max(axis=(2, 4)))

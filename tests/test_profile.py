"""The per-group profile (xfuse/backends/profile.py): which sections it ticks, their FLOPs, that
the times tile the call, `Model.profile`, and the errors. No timing is asserted beyond structure:
the sections of one call lie within it, and the shares add up to 1."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

import xfuse
from xfuse.runtime.openmp import openmp_available
from xfuse.backends.profile import TICK, instrument, load_clock, profile_compiled, profile_module, section_flops
from xfuse.backends.runner import random_inputs
from xfuse.diagnostics import XfuseError, describe
from xfuse.transforms.network.pipeline import NETWORK_PASSES

ROOT = Path(__file__).resolve().parent.parent
ATTENTION = ROOT / "tests/filecheck/transforms/network/Inputs/attention.mlir"
RESIDUAL = ROOT / "tests/filecheck/transforms/network/Inputs/residual_block.mlir"

LAYER = """
func.func @layer(%x: tensor<16x8xf32>, %w: tensor<8x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x32xf32>) -> tensor<16x32xf32>
  %mm = linalg.matmul {xfuse.tile_sizes = array<i64: 8, 16, 0>}
      ins(%x, %w : tensor<16x8xf32>, tensor<8x32xf32>) outs(%acc : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %mm : tensor<16x32xf32>
}
"""
LAYER_FLOPS = 2 * 16 * 32 * 8


def _check_structure(profile, sections: int) -> None:
    assert len(profile.sections) == sections
    assert math.isclose(sum(s.share for s in profile.sections), 1.0, rel_tol=1e-9)
    for call, parts in zip(profile.call_ms, profile.section_ms, strict=True):
        assert len(parts) == sections and all(t >= 0 for t in parts)
        assert sum(parts) <= call  # the ticks run inside the timed call
    assert max(sum(parts) / call for call, parts in zip(profile.call_ms, profile.section_ms, strict=True)) > 0.2


def test_network_groups_are_the_sections():
    module = xfuse.parse_file(ATTENTION)
    original = [op for op in module.walk() if op.name == "linalg.batch_matmul"]
    expected_flops = [section_flops(op) for op in original]
    xfuse.apply_passes(module, NETWORK_PASSES)
    groups = xfuse.explain(module).groups()
    assert len(groups) == 2
    copy = module.clone()
    sections = instrument(copy, "g")
    labels = [s.label for s in sections]
    assert [label for label in labels if label.startswith("group")] == [g.line().removeprefix("@g ") for g in groups]
    # outside any group: 3 generics and a fill (the expand_shape is a view: it counts with the next)
    outside = [label.split(" at ")[0] for label in labels if not label.startswith("group")]
    assert sorted(outside) == ["linalg.fill", "linalg.generic", "linalg.generic", "linalg.generic"]
    # the groups' FLOPs are those of the batch matmuls they are tiles of
    assert [s.flops for s in sections if s.label.startswith("group")] == expected_flops
    assert all(s.flops is None for s in sections if not s.label.startswith("group"))
    # a tick opens the body, one follows every section, the last one is before the return
    ticks = [op for op in copy.walk() if op.name == "func.call" and op.properties["callee"].string_value() == TICK]
    assert len(ticks) == len(sections) + 1
    body = list(next(op for op in copy.ops if getattr(op, "sym_name", None) and op.sym_name.data == "g").body.block.ops)
    assert body[1] is ticks[0] and body[-2] is ticks[-1]

    arguments = random_inputs(xfuse.backends.runner.compile_module(xfuse.parse_file(ATTENTION)).signature, seed=0)
    profile = profile_module(module, *arguments, entry="g", repeat=3)
    _check_structure(profile, 6)
    assert profile.pipeline == "memref"
    # one thread: the calling thread's CPU time (what the sections computed, whatever the load)
    assert profile.clock == "cpu" and "(CPU time of the calling thread)" in profile.text().splitlines()[0]
    kinds = {kind: count for kind, count, _, _ in profile.by_kind()}
    assert kinds == {"linalg.batch_matmul group": 2, "linalg.generic": 3, "linalg.fill": 1}
    assert math.isclose(sum(share for *_, share in profile.by_kind()), 1.0, rel_tol=1e-9)
    lines = profile.text().splitlines()
    assert lines[-2].startswith("by kind: ")
    # the timed calls' buffers came from the arena the warm-up call planned
    assert profile.arena_bytes and lines[-1] == f"arena: {profile.arena_bytes / 2**20:.2f} MiB (the buffers of a call, results included)"


def test_instrumented_bufferized_build_gives_bit_identical_results():
    # A bufferized network (what the network notebook profiles): the ticks change no result.
    module = xfuse.parse_file(RESIDUAL)
    xfuse.apply_passes(module, "xfuse-network-fusion{cache-budget=3000},xfuse-bufferize,xfuse-share-buffers")
    groups = xfuse.explain(module).groups()
    assert len(groups) >= 2
    reference = xfuse.compile_module(module, "g", "memref")
    instrumented = module.clone()
    sections = instrument(instrumented, "g")
    assert [s.label for s in sections if s.label.startswith("group")] == [g.line().removeprefix("@g ") for g in groups]
    load_clock()  # before the instrumented shared object is loaded
    compiled = xfuse.compile_module(instrumented, "g", "memref")
    inputs = random_inputs(reference.signature, seed=5)
    for got, expected in zip(compiled(*inputs), reference(*inputs), strict=True):
        np.testing.assert_array_equal(got, expected)
    profile = profile_compiled(compiled, sections, *inputs, repeat=2)
    _check_structure(profile, len(sections))
    assert profile.pipeline == "memref"


def test_flops_of_a_loop_tiled_matmul_count_every_tile():
    module = xfuse.parse(LAYER)
    xfuse.apply_passes(module, "xfuse-tile")  # scf.for loops over 8x16 tiles
    loop = next(op for op in next(iter(module.ops)).body.block.ops if op.name == "scf.for")
    assert section_flops(loop) == LAYER_FLOPS
    untiled = xfuse.parse(LAYER)
    assert section_flops(next(op for op in untiled.walk() if op.name == "linalg.matmul")) == LAYER_FLOPS
    assert section_flops(next(op for op in untiled.walk() if op.name == "linalg.fill")) is None


CONV_RELU = """
func.func @layer(%x: tensor<1x6x6x16xf32>, %w: tensor<3x3x16x32xf32>, %r: tensor<1x4x4x32xf32>)
    -> (tensor<1x4x4x32xf32>, tensor<1x4x4x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1x4x4x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x4x4x32xf32>) -> tensor<1x4x4x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<1x6x6x16xf32>, tensor<3x3x16x32xf32>) outs(%acc : tensor<1x4x4x32xf32>) -> tensor<1x4x4x32xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>,
                                          affine_map<(a, b, c, d) -> (a, b, c, d)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %r : tensor<1x4x4x32xf32>, tensor<1x4x4x32xf32>) outs(%empty : tensor<1x4x4x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x4x4x32xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
                          iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sum : tensor<1x4x4x32xf32>) outs(%empty : tensor<1x4x4x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x32xf32>
  %again = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
                           iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%relu : tensor<1x4x4x32xf32>) outs(%empty : tensor<1x4x4x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<1x4x4x32xf32>
  return %relu, %again : tensor<1x4x4x32xf32>, tensor<1x4x4x32xf32>
}
"""


def test_a_contraction_and_its_elementwise_chain_are_one_section():
    """The micro-kernel schedule computes the residual add and the ReLU in the convolution's
    register tiles: one section with the convolution's FLOPs. The negation reads a value that is
    also returned (the ReLU has two readers): a section of its own."""
    module = xfuse.parse(CONV_RELU)
    sections = instrument(module.clone(), "layer")
    labels = [s.label.split(" at ")[0] for s in sections]
    assert labels == ["linalg.fill", "linalg.conv_2d_nhwc_hwcf", "linalg.generic"], [s.label for s in sections]
    assert sections[1].label.count(", with linalg.generic at") == 2
    assert sections[1].flops == 2 * 4 * 4 * 32 * 3 * 3 * 16 and sections[2].flops is None
    arrays = random_inputs(xfuse.backends.runner.compile_module(xfuse.parse(CONV_RELU)).signature, seed=2)
    profile = profile_module(module, *arrays, pipeline="microkernel", repeat=3)
    _check_structure(profile, 3)
    assert profile.sections[1].gflops > 0


@pytest.mark.skipif(not openmp_available(), reason="LLVM's OpenMP runtime is not installed: pip install cmeel-libomp")
def test_parallel_pipeline_ticks_on_the_calling_thread():
    module = xfuse.parse(LAYER)
    xfuse.apply_passes(module, "xfuse-tile{loop=forall},xfuse-diffusion")
    x, w = random_inputs(xfuse.backends.runner.compile_module(xfuse.parse(LAYER)).signature, seed=1)
    profile = profile_module(module, x, w, pipeline="microkernel-openmp", repeat=3)
    _check_structure(profile, 1)
    assert profile.sections[0].label.startswith("group 1: linalg.matmul")
    assert profile.sections[0].flops == LAYER_FLOPS and profile.sections[0].gflops > 0
    assert "microkernel-openmp" in profile.text()
    # the workers' CPU time is not the calling thread's: wall time
    assert profile.clock == "wall" and "(wall time)" in profile.text().splitlines()[0]


def test_model_profile_names_every_group():
    pytest.importorskip("torch_mlir")
    import xfuse.onnx
    from xfuse.onnx.transformer import TINY, transformer_layer

    layer = transformer_layer(TINY, seed=0)
    model = xfuse.onnx.load(layer, passes=NETWORK_PASSES)
    x = np.random.default_rng(0).standard_normal(model.inputs[0].shape).astype(np.float32)
    profile = model.profile(x, repeat=3)
    groups = [s for s in profile.sections if s.label.startswith("group")]
    assert [s.label.split(":")[0] for s in groups] == [f"group {n}" for n in range(1, 9)]
    assert all("linalg.batch_matmul" in s.label and s.flops for s in groups)
    _check_structure(profile, len(profile.sections))
    # every multiply-accumulate of the layer's MatMuls is in some group
    assert profile.flops == transformer_flops(TINY)
    text = profile.text()
    assert text.splitlines()[1].split() == ["#", "median", "ms", "share", "GFLOP/s", "section"]
    with pytest.raises(xfuse.onnx.OnnxError, match="expected a float32 array"):
        model.profile(x.astype(np.float64))


def test_errors_are_located():
    with pytest.raises(XfuseError, match="no function with a body: nothing to profile") as info:
        profile_module(xfuse.parse("module {}", name="empty.mlir"))
    assert describe(info.value).startswith("empty.mlir:1:1: error: the module has no function with a body")
    nothing = xfuse.parse("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}",
                          name="nothing.mlir")
    with pytest.raises(XfuseError, match="@f computes nothing") as info:
        instrument(nothing, "f")
    assert describe(info.value).startswith("nothing.mlir:1:1: error: @f computes nothing")
    with pytest.raises(XfuseError, match="no function @g to profile"):
        instrument(xfuse.parse(LAYER), "g")
    twice = xfuse.parse(LAYER)
    instrument(twice, "layer")
    with pytest.raises(XfuseError, match="instrumented already"):
        instrument(twice, "layer")



def transformer_flops(sizes) -> int:
    """2 x the multiply-accumulates of an encoder layer: Q, K, V and output projections, Q.Kt and
    P.V per head, the two FFN matmuls."""
    seq, hidden, heads, ffn = sizes.seq, sizes.hidden, sizes.heads, sizes.ffn
    head = hidden // heads
    return 2 * (4 * seq * hidden * hidden + 2 * heads * seq * seq * head + 2 * seq * hidden * ffn)

"""Whole networks (xfuse/transforms/network/, xfuse/transforms/share_buffers.py): the roots and
their tile sizes, and every small network of tests/filecheck/transforms/network/Inputs/ computing
the same before and after the network pipeline, through the backend. The lit tests
(tests/filecheck/transforms/network/) cover the IR, the remarks and the errors."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import pytest
from xdsl.dialects import func

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.target import CpuTarget
from xfuse.explain import explain
from xfuse.interfaces.tiling_linalg import structured_view
from xfuse.parsing import parse
from xfuse.passes import apply_passes
from xfuse.testing.differential import assert_same_results
from xfuse.transforms.bufferize import bufferize
from xfuse.transforms.network.fusion import fuse_network
from xfuse.transforms.network.pipeline import NETWORK_PASSES, compile_network
from xfuse.transforms.network.roots import loop_sizes, network_roots, not_a_root_because
from xfuse.transforms.network.tile_choice import choose_tile_sizes, working_set_bytes
from xfuse.transforms.share_buffers import share_buffers

INPUTS = Path(__file__).parent / "filecheck" / "transforms" / "network" / "Inputs"
SMALL = ["conv_bn_relu", "residual_block", "conv_maxpool", "pool_between_convs", "depthwise_conv", "grouped_conv",
         "matmul_add_relu", "batched_matmul", "attention", "generic_contractions"]
AVX512 = CpuTarget("x86-64-v4", 512, 32, True)  # 1 MiB L2
AVX2 = CpuTarget("x86-64-v3", 256, 16, True)


def _load(name: str):
    path = INPUTS / f"{name}.mlir"
    return parse(path.read_text(), name=str(path))


def _top_level(module) -> list[str]:
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    return [op.name for op in function.body.block.ops]


@pytest.mark.parametrize("name", SMALL)
def test_network_pipeline_computes_the_same(name):
    """Before: torch-mlir's IR with the tensor default pipeline; after: fused with small tiles,
    xfuse-bufferize, shared buffers, the memref pipeline. Same random inputs, same results."""
    reference = compile_module(_load(name))
    passes = NETWORK_PASSES.replace("xfuse-network-fusion", "xfuse-network-fusion{cache-budget=3000}")
    network = compile_network(_load(name), passes=passes)
    inputs = random_inputs(reference.signature, seed=7)
    assert_same_results(reference, network.compiled, inputs, f"{name} through {passes}")


def test_pooling_fused_into_the_next_group_computes_the_same():
    """conv -> ReLU -> 3x3/2 max pool -> 1x1 conv: the pool's rows are computed in the second
    conv's tiles (overlapping windows read the first group's result twice)."""
    passes = "xfuse-network-fusion{cache-budget=1000},xfuse-bufferize,xfuse-share-buffers"
    module = _load("pool_between_convs")
    apply_passes(module, "xfuse-network-fusion{cache-budget=1000}")
    groups = explain(module).groups()
    assert "linalg.pooling_nchw_max" in groups[1].ops and groups[1].loops == ("forall (5) step (1) [5]",)
    assert "linalg.pooling_nchw_max" not in _top_level(module)
    reference = compile_module(_load("pool_between_convs"))
    network = compile_network(_load("pool_between_convs"), passes=passes)
    inputs = random_inputs(reference.signature, seed=11)
    assert_same_results(reference, network.compiled, inputs, f"pool between convs through {passes}")


def test_default_pipeline_computes_the_same():
    reference = compile_module(_load("residual_block"))
    network = compile_network(_load("residual_block"))
    assert set(network.seconds) == {"passes", "backend"}
    inputs = random_inputs(reference.signature, seed=3)
    assert_same_results(reference, network.compiled, inputs, "residual block, default pipeline")


def test_sharing_buffers_computes_the_same_and_shares():
    module = _load("squeezenet")
    apply_passes(module, "xfuse-network-fusion,xfuse-bufferize")
    before = compile_module(module.clone(), pipeline="memref")
    (report,) = share_buffers(module)
    assert report.arenas >= 1 and report.bytes_after < report.bytes_before
    after = compile_module(module, pipeline="memref")
    inputs = random_inputs(before.signature, seed=5)
    assert_same_results(before, after, inputs, "squeezenet before/after xfuse-share-buffers")


def test_roots_are_the_products():
    roots = {name: [op.name for op in network_roots(_load(name))] for name in SMALL}
    assert roots["depthwise_conv"] == ["linalg.depthwise_conv_2d_nchw_chw"]
    assert roots["grouped_conv"] == ["linalg.conv_2d_ngchw_gfchw"]
    assert roots["attention"] == ["linalg.batch_matmul"] * 2
    assert roots["conv_maxpool"] == ["linalg.conv_2d_nchw_fchw"]
    assert roots["generic_contractions"] == ["linalg.generic", "linalg.matmul", "linalg.generic"]
    pool = next(op for op in _load("conv_maxpool").walk() if op.name == "linalg.pooling_nchw_max")
    assert "not a multiply-accumulate" in not_a_root_because(pool)


@pytest.mark.parametrize("target", [AVX512, AVX2], ids=["avx512", "avx2"])
@pytest.mark.parametrize("budget", [4096, 65536, 1 << 20])
def test_chosen_tiles_divide_fit_and_fill_vectors(target, budget):
    """Every size divides its loop, reductions stay whole, the vector loop is whole vectors (when
    its size allows), and the working set fits the budget (when the smallest tile does)."""
    for op in network_roots(_load("squeezenet")):
        view = structured_view(op)
        sizes = loop_sizes(view)
        choice = choose_tile_sizes(op, target, budget)
        for d, (tile, size, kind) in enumerate(zip(choice.sizes, sizes, view.iterator_types)):
            assert tile == 0 if kind.value == "reduction" else size % tile == 0, (op, d, choice)
        lanes = target.lanes(32)
        vector_loop = view.maps[-1].results[-1].position
        whole_vectors = sizes[vector_loop] % lanes == 0
        if whole_vectors:
            assert choice.sizes[vector_loop] % lanes == 0
        smallest = [1 if t else s for t, s in zip(choice.sizes, sizes)]
        smallest[vector_loop] = lanes if whole_vectors else 1
        if working_set_bytes(view, smallest) <= budget:
            assert choice.working_set <= budget


def test_min_tiles_keeps_parallelism():
    (op,) = network_roots(_load("matmul_add_relu"))
    assert choose_tile_sizes(op, AVX512).sizes == (8, 16, 0)  # the whole 8x16 fits
    assert choose_tile_sizes(op, AVX512, min_tiles=2).sizes == (4, 16, 0)


def test_squeezenet_groups():
    """The light squeezenet (splat weights): every convolution a group with its bias and ReLU; the
    pads and max pools join the next group; concat, the average pool and softmax stay outside."""
    module = _load("squeezenet")
    start = time.perf_counter()
    result = fuse_network(module, AVX512)
    seconds = time.perf_counter() - start
    assert len(result.groups) == 26 and all(g.loop is not None for g in result.groups)
    fused = Counter(name for g in result.groups for _, name in g.fused)
    # torch-mlir folds half of the splat biases into splat outputs: 13 broadcasts are left.
    assert fused["linalg.broadcast"] == 13 and fused["tensor.pad"] == 8
    assert fused["linalg.generic"] == 26  # the ReLUs
    assert fused["linalg.pooling_nchw_max"] == 3
    outside = Counter(_top_level(module))
    assert outside["scf.forall"] == 26 and outside["tensor.pad"] == 0
    assert outside["tensor.concat"] == 8 and outside["linalg.pooling_nchw_max"] == 0
    assert outside["linalg.broadcast"] == 0 and outside["linalg.pooling_nchw_sum"] == 1
    assert seconds < 20
    lines = explain(module).groups_text().splitlines()
    assert len(lines) == 27 and "outside any group" in lines[-1]
    assert lines[0].startswith("@squeezenet_old group 1: linalg.conv_2d_nchw_fchw of %1 (squeezenet.mlir:49); tile 1x64x")


def test_explain_groups_after_bufferization():
    module = _load("conv_bn_relu")
    fuse_network(module, AVX512, budget_bytes=3000)
    bufferize(module)
    share_buffers(module)
    (group,) = explain(module).groups()
    assert group.roots == ("linalg.conv_2d_nchw_fchw",)
    assert group.tile == "1x4x4x8xf32"
    assert group.loops == ("forall (8, 8) step (4, 4) [4]",)
    assert "linalg.broadcast" in group.ops and group.ops.count("linalg.generic") == 7

"""xfuse-winograd (xfuse/transforms/winograd/): the numpy filter transform, the cost decision,
and rewritten convolutions against direct ones (differential, compiled)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.target import CpuTarget, host_target
from xfuse.parsing import parse
from xfuse.transforms.winograd import cost, rewrite
from xfuse.transforms.winograd.matrices import A_T, B_T, G, filter_transform

INPUTS = Path(__file__).parent / "filecheck" / "transforms" / "winograd" / "Inputs"
ZEN3 = CpuTarget("znver3", 256, 16, True, l2_bytes=512 * 1024)


def _direct_conv(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """NHWC input (already padded), HWCF filter, stride 1: the valid convolution, float64."""
    n, h, wd, _ = x.shape
    out = np.zeros((n, h - 2, wd - 2, w.shape[3]))
    for i in range(3):
        for j in range(3):
            out += np.einsum("nhwc,ck->nhwk", x[:, i:i + h - 2, j:j + wd - 2].astype(np.float64), w[i, j])
    return out


def test_filter_transform_gives_the_convolution_of_a_tile() -> None:
    """`A^T [(G g G^T) * (B^T d B)] A` is the 2x2 valid convolution of the 4x4 patch `d`."""
    rng = np.random.default_rng(1)
    d = rng.standard_normal((1, 4, 4, 5))
    g = rng.standard_normal((3, 3, 5, 7)).astype(np.float32)
    u = filter_transform(g).reshape(4, 4, 5, 7).astype(np.float64)
    assert filter_transform(g).shape == (16, 5, 7) and filter_transform(g).dtype == np.float32
    v = np.einsum("ai,nijc,bj->nabc", B_T, d, B_T)
    m = np.einsum("nabc,abck->nabk", v, u)
    y = np.einsum("ia,nabk,jb->nijk", A_T, m, A_T)
    np.testing.assert_allclose(y, _direct_conv(d, g), rtol=1e-5, atol=1e-5)
    assert np.array_equal(G @ np.eye(3), G)


def test_filter_transform_refuses_other_filters() -> None:
    with pytest.raises(ValueError, match="3 x 3 x C x K"):
        filter_transform(np.zeros((5, 5, 2, 2), np.float32))


def test_cost_takes_large_maps_and_leaves_small_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Maps of many tiles win 2.25x in multiply-adds: taken (VGG-19's 56 x 56 x 256, ResNet-50's
    28 x 28 x 128); 7 x 7 maps reuse the transformed filter, 16/9 the direct one's size, over
    too few tiles: not taken; 14 x 14 maps at one thread from 64 channels each way (ResNet-50's
    256 -> 256, Inception-v2's 128 -> 160, DenseNet-121's 128 -> 32: one block of 49 tiles
    reading `U` in panels), not 32 -> 32; in builds of two threads split over halves of K
    ("split_k": the threads share `U`), with "beyond_l2" not (`THREADS_FILTER_ELEMENT_COST`:
    each thread streams most of a 4 MiB `U`); 16 channels: the products' K is under a register
    tile's reach, not taken; gain falls at odd small maps."""
    assert cost.takes_winograd(cost.ConvShape(1, 56, 56, 256, 256), ZEN3)
    assert cost.takes_winograd(cost.ConvShape(1, 28, 28, 128, 128), ZEN3)
    assert cost.takes_winograd(cost.ConvShape(1, 14, 14, 256, 256), ZEN3)
    assert cost.takes_winograd(cost.ConvShape(1, 14, 14, 192, 256), ZEN3)
    assert cost.takes_winograd(cost.ConvShape(1, 14, 14, 128, 160), ZEN3)
    assert cost.takes_winograd(cost.ConvShape(1, 14, 14, 128, 32), ZEN3)
    assert not cost.takes_winograd(cost.ConvShape(1, 14, 14, 32, 32), ZEN3)
    assert cost.takes_winograd(cost.ConvShape(1, 14, 14, 256, 256), ZEN3, 2)
    assert not cost.takes_winograd(cost.ConvShape(1, 14, 14, 32, 32), ZEN3, 2)
    monkeypatch.setattr(cost, "THREADS_FILTER_CHARGE", "beyond_l2")
    assert not cost.takes_winograd(cost.ConvShape(1, 14, 14, 256, 256), ZEN3, 2)
    assert not cost.takes_winograd(cost.ConvShape(1, 7, 7, 512, 512), ZEN3)
    assert not cost.takes_winograd(cost.ConvShape(1, 55, 55, 16, 64), ZEN3)
    even, odd = cost.ConvShape(1, 8, 8, 512, 512), cost.ConvShape(1, 7, 7, 512, 512)
    assert cost.winograd_gain(odd, ZEN3) < cost.winograd_gain(even, ZEN3)
    assert cost.winograd_gain(cost.ConvShape(1, 56, 56, 64, 64), ZEN3) < cost.winograd_gain(
        cost.ConvShape(1, 56, 56, 256, 256), ZEN3)


def test_two_threads_share_a_filter_within_l2(monkeypatch: pytest.MonkeyPatch) -> None:
    """At two threads each thread's blocks read all of `U`: the part within a core's L2 the
    threads share as the direct form's filter, the part beyond it each streams
    (`cost.THREADS_FILTER_CHARGE` = "beyond_l2"): the 56 x 56 and larger maps are taken, the
    28 x 28 ones of small filters (Inception-v2's 64 -> 96, 384 KiB of `U`; 64 -> 64;
    DenseNet-121's 128 -> 32) and ResNet-50's 128 -> 128 (1 MiB, three quarters of it charged
    whole), not VGG-19's 512 -> 512 (16 MiB). "within_l2" (the fifteenth session's rule) leaves
    the 1 MiB one direct, "whole" every 28 x 28 map, "shared" (the one-thread model) takes them
    all; above `MAX_THREADS` none."""
    taken = [cost.ConvShape(1, 56, 56, 256, 256), cost.ConvShape(1, 112, 112, 128, 128),
             cost.ConvShape(1, 56, 56, 64, 192), cost.ConvShape(1, 56, 56, 128, 32),
             cost.ConvShape(1, 56, 56, 64, 64)]
    small = [cost.ConvShape(1, 28, 28, 64, 96), cost.ConvShape(1, 28, 28, 64, 64),
             cost.ConvShape(1, 28, 28, 128, 32)]
    middle = [cost.ConvShape(1, 28, 28, 128, 128)]
    large = [cost.ConvShape(1, 28, 28, 512, 512), cost.ConvShape(1, 28, 28, 256, 512)]
    everything = taken + small + middle + large
    assert all(cost.takes_winograd(shape, ZEN3, 1) for shape in everything)
    assert all(cost.takes_winograd(shape, ZEN3, 2) for shape in taken + small + middle)
    assert not any(cost.takes_winograd(shape, ZEN3, 2) for shape in large)
    assert cost.filter_share(small[0], ZEN3, 2) == 0.5  # 384 KiB: within L2
    assert cost.filter_share(middle[0], ZEN3, 2) == pytest.approx(0.75)  # half of 1 MiB beyond
    assert cost.filter_share(middle[0], replace(ZEN3, l2_bytes=1 << 20), 2) == 0.5
    assert not cost.takes_winograd(middle[0], replace(ZEN3, l2_bytes=256 * 1024), 2)
    for shape in everything:  # one thread: the model as before, whatever the switch
        assert cost.winograd_gain(shape, ZEN3, 1) >= cost.winograd_gain(shape, ZEN3, 2)
    assert not any(cost.takes_winograd(shape, ZEN3, cost.MAX_THREADS + 1) for shape in taken)
    gains = {shape: cost.winograd_gain(shape, ZEN3, 1) for shape in everything}
    monkeypatch.setattr(cost, "THREADS_FILTER_CHARGE", "within_l2")
    assert cost.filter_share(middle[0], ZEN3, 2) == 1.0  # 1 MiB: over L2, all of it
    assert all(cost.takes_winograd(shape, ZEN3, 2) for shape in taken + small)
    assert not any(cost.takes_winograd(shape, ZEN3, 2) for shape in middle + large)
    assert all(cost.winograd_gain(shape, ZEN3, 1) == gains[shape] for shape in everything)
    monkeypatch.setattr(cost, "THREADS_FILTER_CHARGE", "whole")
    assert all(cost.takes_winograd(shape, ZEN3, 2) for shape in taken)
    assert not any(cost.takes_winograd(shape, ZEN3, 2) for shape in small + middle + large)
    assert all(cost.winograd_gain(shape, ZEN3, 1) == gains[shape] for shape in everything)
    monkeypatch.setattr(cost, "THREADS_FILTER_CHARGE", "shared")
    assert all(cost.takes_winograd(shape, ZEN3, 2) for shape in everything)
    monkeypatch.setattr(cost, "FILTER_ELEMENT_COST", cost.THREADS_FILTER_ELEMENT_COST)
    assert cost.winograd_gain(large[0], ZEN3, 2) == pytest.approx(cost.winograd_gain(large[0], ZEN3, 1))


def test_rewrite_takes_candidates_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cost model takes the 56x56 and 55x55 convolutions, not the 7x7 one; at gain 0 all
    three are taken; none when disabled or above `cost.MAX_THREADS`; at two threads the two
    large maps (`test_two_threads_share_a_filter_within_l2`)."""
    module = parse((INPUTS / "convs.mlir").read_text())
    assert rewrite.winograd_convolutions(module, ZEN3, bounded=False) == 2
    module.verify()
    assert rewrite.winograd_convolutions(parse((INPUTS / "convs.mlir").read_text()), ZEN3, threads=2, bounded=False) == 2
    assert rewrite.winograd_convolutions(parse((INPUTS / "convs.mlir").read_text()), ZEN3,
                                         threads=cost.MAX_THREADS + 1, bounded=False) == 0
    monkeypatch.setattr(cost, "MIN_GAIN", 0.0)
    module = parse((INPUTS / "convs.mlir").read_text())
    assert rewrite.winograd_convolutions(module, ZEN3, bounded=False) == 3
    assert "linalg.conv_2d_nhwc_hwcf" not in str(module)
    monkeypatch.setattr(rewrite, "WINOGRAD_ENABLED", False)
    assert rewrite.winograd_convolutions(parse((INPUTS / "convs.mlir").read_text()), ZEN3, bounded=False) == 0


@pytest.mark.parametrize(("pipeline", "threads"), [("microkernel", 1), ("microkernel-openmp", 1),
                                                   ("microkernel-openmp", 2)])
def test_rewritten_convolutions_agree_with_direct_ones(monkeypatch: pytest.MonkeyPatch, pipeline: str,
                                                       threads: int) -> None:
    """Over the whole map (`blocked=False`): the even layer (bias, residual add and ReLU fused into the output transform), the odd
    ones (padded to whole tiles, cut: 55 x 55, and 7 x 7 at gain 0) give the direct
    convolutions' results on random inputs; at two threads with the
    products in one `scf.forall` too."""
    from xfuse.backends.runner import compile_module

    monkeypatch.setattr(cost, "MIN_GAIN", 0.0)
    text = (INPUTS / "convs.mlir").read_text()
    module = parse(text)
    assert rewrite.winograd_convolutions(module, ZEN3, threads=threads, bounded=False, blocked=False) == 3
    assert ("scf.forall" in str(module)) == (threads >= rewrite.PRODUCTS_LOOP_THREADS)
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, (1, 58, 58, 64)).astype(np.float32)
    r = rng.uniform(-1, 1, (1, 56, 56, 64)).astype(np.float32)
    w = rng.uniform(-1, 1, (3, 3, 64, 64)).astype(np.float32)
    b = rng.uniform(-1, 1, 64).astype(np.float32)
    z = rng.uniform(-1, 1, (1, 57, 57, 64)).astype(np.float32)
    v = rng.uniform(-1, 1, (3, 3, 64, 32)).astype(np.float32)
    q = rng.uniform(-1, 1, (1, 9, 9, 64)).astype(np.float32)
    t = rng.uniform(-1, 1, (3, 3, 64, 64)).astype(np.float32)
    expected = [np.maximum(_direct_conv(x, w) + b + r, 0), _direct_conv(z, v), _direct_conv(q, t)]
    winograd = compile_module(module, "layer", pipeline)(x, r, filter_transform(w), b, z, filter_transform(v), q,
                                                         filter_transform(t))
    direct = compile_module(parse(text), "layer", pipeline)(x, r, w, b, z, v, q, t)
    for got in (winograd, direct):
        for value, reference in zip(got, expected, strict=True):
            np.testing.assert_allclose(value, reference, rtol=1e-4, atol=1e-4)


def test_weights_take_the_filter_transform_after_their_layout() -> None:
    """`permute_weights` (what `xfuse.onnx`'s Model applies at load): FCHW -> HWCF, then U."""
    from xfuse.transforms.layout.weight_layout import permute_weights

    fchw = np.random.default_rng(2).standard_normal((8, 4, 3, 3)).astype(np.float32)
    got = permute_weights({"w": fchw, "b": fchw[:, 0, 0, 0]}, 1, {1: (2, 3, 1, 0)}, None, {1: "winograd_2x2_3x3"})
    np.testing.assert_array_equal(got["w"], filter_transform(np.transpose(fchw, (2, 3, 1, 0))))
    with pytest.raises(ValueError, match="unknown weight transform"):
        permute_weights({"w": fchw}, 1, {1: (2, 3, 1, 0)}, None, {1: "winograd_4x4_3x3"})


def test_an_onnx_layer_agrees_with_onnxruntime(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Conv (bias, pads 1) -> Add (residual) -> Relu at 28 x 28, 64 -> 96 channels through
    `xfuse.onnx.load`: left direct by the arena bound (it is the network's peak), and with the
    bound off taken by the cost model, agreeing with onnxruntime."""
    pytest.importorskip("onnx")
    pytest.importorskip("onnxruntime")
    from onnx import TensorProto, helper, numpy_helper

    import xfuse.onnx
    from xfuse.onnx.oracle import onnxruntime_outputs

    rng = np.random.default_rng(3)
    w = rng.uniform(-1, 1, (96, 64, 3, 3)).astype(np.float32)
    b = rng.uniform(-1, 1, 96).astype(np.float32)
    nodes = [helper.make_node("Conv", ["x", "W", "B"], ["c"], pads=[1, 1, 1, 1]),
             helper.make_node("Add", ["c", "r"], ["s"]), helper.make_node("Relu", ["s"], ["y"])]
    graph = helper.make_graph(nodes, "layer", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 64, 28, 28]),
                                               helper.make_tensor_value_info("r", TensorProto.FLOAT, [1, 96, 28, 28])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 96, 28, 28])],
                              [numpy_helper.from_array(w, "W"), numpy_helper.from_array(b, "B")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    taken = []
    original = rewrite.rewrite
    monkeypatch.setattr(rewrite, "rewrite", lambda found, function, *rest: (taken.append(found.shape), original(found, function, *rest)))
    x = rng.uniform(-1, 1, (1, 64, 28, 28)).astype(np.float32)
    r = rng.uniform(-1, 1, (1, 96, 28, 28)).astype(np.float32)
    xfuse.onnx.load(model)  # the default passes: alone, the layer is the arena's peak
    assert taken == []  # V and M (4x its input and output) would grow it (memory.fits)
    from xfuse.onnx.model import DEFAULT_PASSES

    passes = DEFAULT_PASSES.replace("xfuse-winograd", "xfuse-winograd{bounded=false}")
    assert passes != DEFAULT_PASSES
    got = xfuse.onnx.load(model, passes=passes)(x, r)  # one output: the array
    assert taken == [cost.ConvShape(1, 28, 28, 64, 96)]
    expected = onnxruntime_outputs(model, {"x": x, "r": r})["y"]
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)


def test_a_14_wide_layer_in_one_block_of_panels_agrees_with_onnxruntime(monkeypatch: pytest.MonkeyPatch) -> None:
    """ResNet-50's stage-4 3x3 layer (14 x 14, 256 -> 256, bias, ReLU) through `xfuse.onnx.load`
    at one thread: taken by the cost model (`FILTER_ELEMENT_COST`), one block of its 7 tile rows
    whose products read `U` in panels (of 8 columns on AVX2: `blocks.panel_columns` for the host),
    agreeing with onnxruntime."""
    pytest.importorskip("onnx")
    pytest.importorskip("onnxruntime")
    from onnx import TensorProto, helper, numpy_helper

    import xfuse.onnx
    from xfuse.onnx.model import DEFAULT_PASSES
    from xfuse.onnx.oracle import onnxruntime_outputs

    rng = np.random.default_rng(5)
    w = rng.uniform(-0.1, 0.1, (256, 256, 3, 3)).astype(np.float32)
    b = rng.uniform(-1, 1, 256).astype(np.float32)
    nodes = [helper.make_node("Conv", ["x", "W", "B"], ["c"], pads=[1, 1, 1, 1]), helper.make_node("Relu", ["c"], ["y"])]
    graph = helper.make_graph(nodes, "layer", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 256, 14, 14])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 256, 14, 14])],
                              [numpy_helper.from_array(w, "W"), numpy_helper.from_array(b, "B")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    taken = []
    original = rewrite.rewrite
    monkeypatch.setattr(rewrite, "rewrite", lambda found, function, *rest: (taken.append((found.shape, *rest)),
                                                                            original(found, function, *rest)))
    x = rng.uniform(-1, 1, (1, 256, 14, 14)).astype(np.float32)
    passes = DEFAULT_PASSES.replace("xfuse-winograd", "xfuse-winograd{bounded=false}")
    got = xfuse.onnx.load(model, passes=passes)(x)
    from xfuse.transforms.winograd.blocks import panel_columns

    shape = cost.ConvShape(1, 14, 14, 256, 256)
    panel = panel_columns(shape, 7, host_target())  # 8 columns on AVX2, 64 on Zen 4's AVX-512
    assert panel is not None and 256 % panel == 0
    assert taken == [(shape, 1, 7, panel)]  # threads, tile rows, panel
    expected = onnxruntime_outputs(model, {"x": x})["y"]
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)


def test_the_bound_takes_a_layer_whose_temporaries_fit_under_the_peak() -> None:
    """Two layers: the first (112 x 112, 3 -> 64, too few input channels for the cost model)
    makes the peak; the second's whole-map V and M fit beside its input and output under it with
    32 output channels, not with 256 (memory.fits; the floor is the first layer's output, its
    input being an argument); a block's V and M do with 256."""
    from xfuse.transforms.winograd import memory

    def module(channels: int):
        text = f"""func.func @net(%x: tensor<1x114x114x3xf32>, %w: tensor<3x3x3x64xf32> {{xfuse.weight_layout = array<i64: 2, 3, 1, 0>}},
                     %v: tensor<3x3x64x{channels}xf32> {{xfuse.weight_layout = array<i64: 2, 3, 1, 0>}}) -> tensor<1x26x26x{channels}xf32> {{
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x112x112x64xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x112x112x64xf32>) -> tensor<1x112x112x64xf32>
  %a = linalg.conv_2d_nhwc_hwcf ins(%x, %w : tensor<1x114x114x3xf32>, tensor<3x3x3x64xf32>) outs(%f0 : tensor<1x112x112x64xf32>) -> tensor<1x112x112x64xf32>
  %s = tensor.extract_slice %a[0, 0, 0, 0] [1, 28, 28, 64] [1, 4, 4, 1] : tensor<1x112x112x64xf32> to tensor<1x28x28x64xf32>
  %e1 = tensor.empty() : tensor<1x26x26x{channels}xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x26x26x{channels}xf32>) -> tensor<1x26x26x{channels}xf32>
  %b = linalg.conv_2d_nhwc_hwcf ins(%s, %v : tensor<1x28x28x64xf32>, tensor<3x3x64x{channels}xf32>) outs(%f1 : tensor<1x26x26x{channels}xf32>) -> tensor<1x26x26x{channels}xf32>
  return %b : tensor<1x26x26x{channels}xf32>
}}"""
        return parse(text)

    small, large = module(32), module(256)
    function = next(op for op in small.walk() if op.name == "func.func")
    assert memory.activation_floor(function) == 112 * 112 * 64 * 4
    assert rewrite.winograd_convolutions(small, ZEN3, blocked=False) == 1
    assert rewrite.winograd_convolutions(large, ZEN3, blocked=False) == 0
    assert rewrite.winograd_convolutions(module(256), ZEN3, bounded=False, blocked=False) == 1
    # In blocks of 4 of its 13 tile rows, V and M are 1.06 MB: the large one fits too.
    assert rewrite.winograd_convolutions(module(256), ZEN3) == 1


def _near_the_peak(first_channels: int = 80) -> str:
    """A stem (112 x 112, 3 -> `first_channels`: the function's peak, 3.83 MiB at 80) and a
    58 x 58 x 64 -> 56 x 56 x 192 layer on its channel slice (Inception-v2's layer after the
    stem: its input and output 3.12 MiB) with a ReLU epilogue whose `tensor.empty` the import
    placed before the convolution."""
    k = first_channels
    return f"""func.func @net(%x: tensor<1x114x114x3xf32>, %w: tensor<3x3x3x{k}xf32> {{xfuse.weight_layout = array<i64: 2, 3, 1, 0>}},
                     %v: tensor<3x3x64x192xf32> {{xfuse.weight_layout = array<i64: 2, 3, 1, 0>}}) -> tensor<1x56x56x192xf32> {{
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x112x112x{k}xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x112x112x{k}xf32>) -> tensor<1x112x112x{k}xf32>
  %a = linalg.conv_2d_nhwc_hwcf ins(%x, %w : tensor<1x114x114x3xf32>, tensor<3x3x3x{k}xf32>) outs(%f0 : tensor<1x112x112x{k}xf32>) -> tensor<1x112x112x{k}xf32>
  %s = tensor.extract_slice %a[0, 0, 0, 0] [1, 58, 58, 64] [1, 1, 1, 1] : tensor<1x112x112x{k}xf32> to tensor<1x58x58x64xf32>
  %e1 = tensor.empty() : tensor<1x56x56x192xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x56x56x192xf32>) -> tensor<1x56x56x192xf32>
  %e2 = tensor.empty() : tensor<1x56x56x192xf32>
  %b = linalg.conv_2d_nhwc_hwcf ins(%s, %v : tensor<1x58x58x64xf32>, tensor<3x3x64x192xf32>) outs(%f1 : tensor<1x56x56x192xf32>) -> tensor<1x56x56x192xf32>
  %y = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
         ins(%b : tensor<1x56x56x192xf32>) outs(%e2 : tensor<1x56x56x192xf32>) {{
  ^bb0(%in: f32, %out: f32):
    %relu = arith.maximumf %in, %zero : f32
    linalg.yield %relu : f32
  }} -> tensor<1x56x56x192xf32>
  return %y : tensor<1x56x56x192xf32>
}}"""


def test_the_bound_takes_smaller_blocks_and_sees_no_empty_as_live(monkeypatch: pytest.MonkeyPatch) -> None:
    """A layer whose input and output nearly make the peak: blocks of 2 tile rows (56 tiles,
    0.875 MiB of V and M) are refused, blocks of 1 (0.44 MiB) are taken
    (`rewrite.rows_within_bound`); the epilogue's `tensor.empty` defined before the convolution
    is not live beside it (`memory.live_across`). Either old rule leaves the layer direct; a
    peak smaller still (the stem at 64 channels) leaves it direct whatever the block."""
    from xfuse.transforms.winograd import memory
    from xfuse.transforms.winograd.blocks import block_rows

    assert block_rows(cost.ConvShape(1, 56, 56, 64, 192), ZEN3) == 2
    module = parse(_near_the_peak())
    assert rewrite.winograd_convolutions(module, ZEN3) == 1
    printed = str(module)
    assert "tensor<28x64xf32>" in printed and "tensor<56x64xf32>" not in printed  # blocks of one tile row
    assert rewrite.winograd_convolutions(parse(_near_the_peak(64)), ZEN3) == 0
    monkeypatch.setattr(rewrite, "SMALLER_BLOCKS_WITHIN_BOUND", False)
    assert rewrite.winograd_convolutions(parse(_near_the_peak()), ZEN3) == 0
    monkeypatch.setattr(rewrite, "SMALLER_BLOCKS_WITHIN_BOUND", True)
    monkeypatch.setattr(memory, "EMPTY_IS_LIVE", True)
    assert rewrite.winograd_convolutions(parse(_near_the_peak()), ZEN3) == 0


def test_rows_within_bound_prefer_divisors_of_the_rows_and_threads() -> None:
    """The block size kept when it fits; else the most rows that fit, among those dividing the
    28 tile rows into a multiple of the threads' blocks first; None when not even one row fits."""
    found = rewrite.Candidate(None, None, cost.ConvShape(1, 56, 56, 64, 192), None)
    assert rewrite.rows_within_bound(found, 4, 1, lambda rows: True) == 4
    assert rewrite.rows_within_bound(found, 4, 1, lambda rows: rows <= 3) == 2  # 3 does not divide 28
    assert rewrite.rows_within_bound(found, 8, 2, lambda rows: rows <= 7) == 7  # 4 blocks of 7
    assert rewrite.rows_within_bound(found, 8, 2, lambda rows: rows <= 6) == 2  # 14 blocks
    assert rewrite.rows_within_bound(found, 4, 1, lambda rows: False) is None


def test_an_empty_read_after_the_layer_is_not_live_across_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """`cse` merges identical empties: one 112 x 112 x 64 empty is the first layer's destination
    and, after the second layer, a fill's. It has no contents until that fill writes it, so it is
    not live across the second layer (memory.live_across), whose whole-map V and M then fit under
    the floor; counted as live (`EMPTY_IS_LIVE`, the bound before the sixteenth session) it refused
    the layer, as it refused ResNet-50's 28 x 28 x 128 layers."""
    from xfuse.transforms.winograd import memory

    def module():
        return parse("""func.func @net(%x: tensor<1x114x114x3xf32>, %w: tensor<3x3x3x64xf32> {xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                     %v: tensor<3x3x64x32xf32> {xfuse.weight_layout = array<i64: 2, 3, 1, 0>}) -> (tensor<1x26x26x32xf32>, tensor<1x112x112x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e0 = tensor.empty() : tensor<1x112x112x64xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x112x112x64xf32>) -> tensor<1x112x112x64xf32>
  %a = linalg.conv_2d_nhwc_hwcf ins(%x, %w : tensor<1x114x114x3xf32>, tensor<3x3x3x64xf32>) outs(%f0 : tensor<1x112x112x64xf32>) -> tensor<1x112x112x64xf32>
  %s = tensor.extract_slice %a[0, 0, 0, 0] [1, 28, 28, 64] [1, 4, 4, 1] : tensor<1x112x112x64xf32> to tensor<1x28x28x64xf32>
  %e1 = tensor.empty() : tensor<1x26x26x32xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x26x26x32xf32>) -> tensor<1x26x26x32xf32>
  %b = linalg.conv_2d_nhwc_hwcf ins(%s, %v : tensor<1x28x28x64xf32>, tensor<3x3x64x32xf32>) outs(%f1 : tensor<1x26x26x32xf32>) -> tensor<1x26x26x32xf32>
  %t = linalg.fill ins(%one : f32) outs(%e0 : tensor<1x112x112x64xf32>) -> tensor<1x112x112x64xf32>
  return %b, %t : tensor<1x26x26x32xf32>, tensor<1x112x112x64xf32>
}""")

    function = next(op for op in module().walk() if op.name == "func.func")
    second = [op for op in function.body.block.ops if op.name == "linalg.conv_2d_nhwc_hwcf"][1]
    assert memory.live_across(function, second) == 0
    assert rewrite.winograd_convolutions(module(), ZEN3, blocked=False) == 1
    monkeypatch.setattr(memory, "EMPTY_IS_LIVE", True)
    assert memory.live_across(function, second) == 112 * 112 * 64 * 4
    assert rewrite.winograd_convolutions(module(), ZEN3, blocked=False) == 0


def test_block_rows_keep_v_and_m_near_l2_and_divide_the_rows() -> None:
    """Blocks of tile rows (blocks.py): ResNet-50's 56 x 56 x 64 in blocks of 2 rows (56 tiles,
    V and M 458 KB beside a 512 KB L2), its 28 x 28 x 128 in 2 blocks of 7 (at least 48 tiles,
    a divisor of 14), VGG-19's 56 x 56 x 256 in 2-row blocks although V and M exceed L2 (the
    products' rows); 29 tile rows (prime) in blocks of 2 and a last one of 1; at two threads a
    count of blocks that divides by two where one does."""
    from xfuse.transforms.winograd.blocks import block_bytes, block_rows

    resnet56, resnet28 = cost.ConvShape(1, 56, 56, 64, 64), cost.ConvShape(1, 28, 28, 128, 128)
    assert block_rows(resnet56, ZEN3) == 2 and block_bytes(resnet56, 2) <= ZEN3.l2_bytes
    assert block_rows(resnet28, ZEN3) == 7
    assert block_rows(cost.ConvShape(1, 56, 56, 256, 256), ZEN3) == 2
    assert block_rows(cost.ConvShape(1, 58, 58, 64, 64), ZEN3) == 2  # 14 blocks and 1 row
    assert block_rows(cost.ConvShape(1, 25, 25, 64, 32), ZEN3) == 4  # 3 blocks and 1 row
    assert 28 // block_rows(resnet56, ZEN3, threads=2) % 2 == 0
    assert block_rows(cost.ConvShape(1, 12, 12, 64, 64), ZEN3, threads=2) == 3  # 6 rows: 2 blocks
    small_l2 = CpuTarget("znver3", 256, 16, True, l2_bytes=128 * 1024)
    assert block_rows(resnet56, small_l2) == 2  # never under MIN_BLOCK_TILES
    large_l2 = CpuTarget("znver3", 256, 16, True, l2_bytes=4 << 20)
    assert block_rows(resnet56, large_l2) == 7  # 8 rows fit: the nearest divisor of 28


def test_blocked_temporaries_are_a_blocks() -> None:
    """`temporary_bytes` counts V and M of one block: 1/14 of the whole map's for ResNet-50's
    56 x 56 x 64 (2 of 28 tile rows)."""
    module = parse((INPUTS / "convs.mlir").read_text())
    function = next(op for op in module.walk() if op.name == "func.func")
    conv = next(op for op in function.walk() if op.name == "linalg.conv_2d_nhwc_hwcf")
    found = rewrite.candidate(conv, function, ZEN3)
    assert found is not None
    whole = rewrite.temporary_bytes(found)
    assert whole == 16 * 28 * 28 * 128 * 4
    assert rewrite.temporary_bytes(found, 2) * 14 == whole


@pytest.mark.parametrize(("pipeline", "threads", "forced"), [("microkernel", 1, True), ("microkernel-openmp", 2, True),
                                                             ("microkernel-openmp", 2, False)])
def test_blocked_convolutions_agree_with_direct_ones(monkeypatch: pytest.MonkeyPatch, pipeline: str,
                                                     threads: int, forced: bool) -> None:
    """Blocks whose last one is partial (29 and 13 tile rows in blocks of 2 and 4): the even
    58 x 58 layer with its bias, residual add and ReLU in each block's output transform, the
    odd 25 x 25 one cut; an `scf.for` over the blocks at one thread, an `scf.forall` at two;
    both agree with the direct convolutions on random inputs. Not `forced` (the cost model's
    own choice at two threads with every thread charged all of `U`, `THREADS_FILTER_CHARGE` =
    "whole": `test_two_threads_share_a_filter_within_l2`), the 58 x 58 layer is rewritten and
    the 25 x 25 one left direct, in one module that agrees too."""
    from xfuse.backends.runner import compile_module

    if forced:
        monkeypatch.setattr(cost, "MIN_GAIN", 0.0)
    else:
        monkeypatch.setattr(cost, "THREADS_FILTER_CHARGE", "whole")
    text = (INPUTS / "blocks.mlir").read_text()
    module = parse(text)
    assert rewrite.winograd_convolutions(module, ZEN3, threads=threads, bounded=False) == (2 if forced else 1)
    printed = str(module)
    assert ("scf.forall" in printed) == (threads > 1) and "scf.for " in printed  # the panels: scf.for
    assert "tensor<841x64xf32>" not in printed and "x29x29x64xf32>" not in printed  # no whole-map V or M
    assert "tensor<58x64xf32>" in printed and "tensor<29x64xf32>" in printed  # blocks of 2 x 29 tiles, the last 29
    assert ("linalg.conv_2d_nhwc_hwcf" in printed) == (not forced)
    rng = np.random.default_rng(4)
    x = rng.uniform(-1, 1, (1, 60, 60, 64)).astype(np.float32)
    r = rng.uniform(-1, 1, (1, 58, 58, 64)).astype(np.float32)
    w = rng.uniform(-1, 1, (3, 3, 64, 64)).astype(np.float32)
    b = rng.uniform(-1, 1, 64).astype(np.float32)
    z = rng.uniform(-1, 1, (1, 27, 27, 64)).astype(np.float32)
    v = rng.uniform(-1, 1, (3, 3, 64, 32)).astype(np.float32)
    expected = [np.maximum(_direct_conv(x, w) + b + r, 0), _direct_conv(z, v)]
    from xfuse.transforms.layout.weight_layout import weight_transforms
    from xfuse.transforms.winograd.matrices import apply_transform

    names = weight_transforms(module, "layer")
    assert names == {2: "winograd_2x2_3x3_panels16", **({5: "winograd_2x2_3x3_panels16"} if forced else {})}  # U in 16-wide panels
    got = compile_module(module, "layer", pipeline, threads=threads)
    arrays = (x, r, apply_transform(names[2], w), b, z, apply_transform(names[5], v) if forced else v)
    for value, reference in zip(got(*arrays), expected, strict=True):
        np.testing.assert_allclose(value, reference, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("charge", ["split_k", "beyond_l2"])
def test_14_wide_layers_split_over_k_at_two_threads_agree_with_direct_ones(monkeypatch: pytest.MonkeyPatch,
                                                                          charge: str) -> None:
    """At two threads with `THREADS_FILTER_CHARGE` = "split_k" the 14 x 14 layers (256 -> 256
    with bias, residual add and ReLU; 128 -> 160 from a zero fill) are each one block of the 7
    tile rows whose `scf.forall` is over the two halves of K (`rewrite._split_k`), agreeing with
    the direct convolutions on random inputs; with "beyond_l2" the cost model leaves both
    direct (every thread would stream all of `U`)."""
    from xfuse.backends.runner import compile_module
    from xfuse.transforms.layout.weight_layout import weight_transforms
    from xfuse.transforms.winograd.matrices import apply_transform

    monkeypatch.setattr(cost, "THREADS_FILTER_CHARGE", charge)
    shape = cost.ConvShape(1, 14, 14, 256, 256)
    assert cost.splits_k(shape, ZEN3, 2) == (2 if charge == "split_k" else None)
    assert cost.splits_k(shape, ZEN3, 1) is None and cost.splits_k(cost.ConvShape(1, 28, 28, 128, 128), ZEN3, 2) is None
    text = (INPUTS / "split_k.mlir").read_text()
    module = parse(text)
    assert rewrite.winograd_convolutions(module, ZEN3, threads=2, bounded=False) == (2 if charge == "split_k" else 0)
    if charge != "split_k":
        return
    printed = str(module)
    assert printed.count("scf.forall (%") == 2 and "linalg.conv_2d_nhwc_hwcf" not in printed
    assert "tensor<49x8xf32>" in printed and "into tensor<49x128xf32>" in printed  # a panel, a half of K
    rng = np.random.default_rng(6)
    x = rng.uniform(-1, 1, (1, 16, 16, 256)).astype(np.float32)
    r = rng.uniform(-1, 1, (1, 14, 14, 256)).astype(np.float32)
    w = rng.uniform(-0.1, 0.1, (3, 3, 256, 256)).astype(np.float32)
    b = rng.uniform(-1, 1, 256).astype(np.float32)
    z = rng.uniform(-1, 1, (1, 16, 16, 128)).astype(np.float32)
    t = rng.uniform(-0.1, 0.1, (3, 3, 128, 160)).astype(np.float32)
    expected = [np.maximum(_direct_conv(x, w) + b + r, 0), _direct_conv(z, t)]
    names = weight_transforms(module, "layer")
    assert names == {2: "winograd_2x2_3x3_panels8", 5: "winograd_2x2_3x3_panels8"}
    got = compile_module(module, "layer", "microkernel-openmp", threads=2)(
        x, r, apply_transform(names[2], w), b, z, apply_transform(names[5], t))
    for value, reference in zip(got, expected, strict=True):
        np.testing.assert_allclose(value, reference, rtol=1e-4, atol=1e-4)


def test_an_odd_map_split_over_k_is_cut_to_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 13 x 13 layer (its input padded to 7 x 7 whole tiles, the result cut) split over halves
    of K at two threads (forced: `MIN_GAIN` 0) agrees with the direct convolution."""
    from xfuse.backends.runner import compile_module
    from xfuse.transforms.layout.weight_layout import weight_transforms
    from xfuse.transforms.winograd.matrices import apply_transform

    monkeypatch.setattr(cost, "MIN_GAIN", 0.0)
    monkeypatch.setattr(cost, "THREADS_FILTER_CHARGE", "split_k")
    text = """func.func @layer(%z: tensor<1x15x15x64xf32>,
                 %t: tensor<3x3x64x64xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
    -> tensor<1x13x13x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x13x13x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x13x13x64xf32>) -> tensor<1x13x13x64xf32>
  %d = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%z, %t : tensor<1x15x15x64xf32>, tensor<3x3x64x64xf32>) outs(%f : tensor<1x13x13x64xf32>) -> tensor<1x13x13x64xf32>
  func.return %d : tensor<1x13x13x64xf32>
}"""
    module = parse(text)
    assert rewrite.winograd_convolutions(module, ZEN3, threads=2, bounded=False) == 1
    printed = str(module)
    assert "scf.forall (%part) in (2)" in printed and "tensor.pad" in printed
    rng = np.random.default_rng(7)
    z = rng.uniform(-1, 1, (1, 15, 15, 64)).astype(np.float32)
    t = rng.uniform(-1, 1, (3, 3, 64, 64)).astype(np.float32)
    names = weight_transforms(module, "layer")
    got = compile_module(module, "layer", "microkernel-openmp", threads=2)(z, apply_transform(names[1], t))
    np.testing.assert_allclose(np.asarray(got).reshape(1, 13, 13, 64), _direct_conv(z, t), rtol=1e-4, atol=1e-4)

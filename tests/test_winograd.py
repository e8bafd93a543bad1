"""xfuse-winograd (xfuse/transforms/winograd/): the numpy filter transform, the cost decision,
and rewritten convolutions against direct ones (differential, compiled)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.target import CpuTarget
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


def test_cost_takes_large_maps_and_leaves_small_ones() -> None:
    """Maps of many tiles win 2.25x in multiply-adds: taken (VGG-19's 56 x 56 x 256, ResNet-50's
    28 x 28 x 128); 14 x 14 and 7 x 7 maps reuse the transformed filter, 16/9 the direct one's
    size, over too few tiles: not taken; 16 channels: the products' K is under a register
    tile's reach, not taken; gain falls at odd small maps."""
    assert cost.takes_winograd(cost.ConvShape(1, 56, 56, 256, 256), ZEN3)
    assert cost.takes_winograd(cost.ConvShape(1, 28, 28, 128, 128), ZEN3)
    assert not cost.takes_winograd(cost.ConvShape(1, 14, 14, 256, 256), ZEN3)
    assert not cost.takes_winograd(cost.ConvShape(1, 7, 7, 512, 512), ZEN3)
    assert not cost.takes_winograd(cost.ConvShape(1, 55, 55, 16, 64), ZEN3)
    even, odd = cost.ConvShape(1, 8, 8, 512, 512), cost.ConvShape(1, 7, 7, 512, 512)
    assert cost.winograd_gain(odd, ZEN3) < cost.winograd_gain(even, ZEN3)
    assert cost.winograd_gain(cost.ConvShape(1, 56, 56, 64, 64), ZEN3) < cost.winograd_gain(
        cost.ConvShape(1, 56, 56, 256, 256), ZEN3)


def test_rewrite_takes_candidates_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both convolutions of the input are taken at gain 0; none when disabled."""
    monkeypatch.setattr(cost, "MIN_GAIN", 0.0)
    module = parse((INPUTS / "convs.mlir").read_text())
    assert rewrite.winograd_convolutions(module, ZEN3) == 2
    module.verify()
    assert "linalg.conv_2d_nhwc_hwcf" not in str(module)
    monkeypatch.setattr(rewrite, "WINOGRAD_ENABLED", False)
    assert rewrite.winograd_convolutions(parse((INPUTS / "convs.mlir").read_text()), ZEN3) == 0


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_rewritten_convolutions_agree_with_direct_ones(monkeypatch: pytest.MonkeyPatch, pipeline: str) -> None:
    """The even layer (bias, residual add and ReLU fused into the output transform) and the odd
    one (padded to whole tiles, cut) give the direct convolutions' results on random inputs."""
    from xfuse.backends.runner import compile_module

    monkeypatch.setattr(cost, "MIN_GAIN", 0.0)
    text = (INPUTS / "convs.mlir").read_text()
    module = parse(text)
    assert rewrite.winograd_convolutions(module, ZEN3) == 2
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, (1, 10, 10, 64)).astype(np.float32)
    r = rng.uniform(-1, 1, (1, 8, 8, 64)).astype(np.float32)
    w = rng.uniform(-1, 1, (3, 3, 64, 64)).astype(np.float32)
    b = rng.uniform(-1, 1, 64).astype(np.float32)
    z = rng.uniform(-1, 1, (1, 9, 9, 64)).astype(np.float32)
    v = rng.uniform(-1, 1, (3, 3, 64, 32)).astype(np.float32)
    expected_s = np.maximum(_direct_conv(x, w) + b + r, 0)
    expected_d = _direct_conv(z, v)
    winograd = compile_module(module, "layer", pipeline)(x, r, filter_transform(w), b, z, filter_transform(v))
    direct = compile_module(parse(text), "layer", pipeline)(x, r, w, b, z, v)
    for got in (winograd, direct):
        np.testing.assert_allclose(got[0], expected_s, rtol=1e-4, atol=1e-4)
        np.testing.assert_allclose(got[1], expected_d, rtol=1e-4, atol=1e-4)

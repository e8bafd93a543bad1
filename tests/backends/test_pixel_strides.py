"""xfuse/backends/schedules/pixel_strides.py: the input of a convolution whose register tiles read pixels
4 KiB apart (1024 channels, or 512 at stride 2) is computed into a buffer with 16 more channels per pixel; the results are those of
the reference lowering, and inputs that do not alias, or that a reshape reads, are left alone."""

from __future__ import annotations

import numpy as np
import pytest

from xfuse.backends.pipelines import get_pipeline
from xfuse.backends.schedules.pixel_strides import pad_pixel_strides
from xfuse.backends.runner import compile_module
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse
from xfuse.transforms.layout.blocked_filters import block_filters
from xfuse.transforms.layout.weight_layout import permute_weights, weight_layouts, weight_shapes

AVX512 = CpuTarget("x86-64-v4", 512, 32, True)
CONV = "linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}"


def _two_layers(size: int, channels: int, weight_attrs: str = "", reader: str = "", stride: int = 1) -> str:
    """A 1x1 convolution from 64 to `channels` channels and its ReLU on `size` x `size` pixels,
    then a 1x1 convolution (of `stride`) from those `channels` to 32 and a residual-like add of
    the first result; `reader` adds another reader of the activation."""
    act = f"tensor<1x{size}x{size}x{channels}xf32>"
    out = f"tensor<1x{size // stride}x{size // stride}x32xf32>"
    second = CONV.replace("strides = dense<1>", f"strides = dense<{stride}>")
    identity = "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>"
    return f"""
func.func @layers(%x: tensor<1x{size}x{size}x64xf32>, %w1: tensor<1x1x64x{channels}xf32>{weight_attrs}, %w2: tensor<1x1x{channels}x32xf32>)
    -> ({out}, {act}) {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {act}
  %f = linalg.fill ins(%zero : f32) outs(%e : {act}) -> {act}
  %c = {CONV} ins(%x, %w1 : tensor<1x{size}x{size}x64xf32>, tensor<1x1x64x{channels}xf32>) outs(%f : {act}) -> {act}
  %relu = linalg.generic {{indexing_maps = [{identity}, {identity}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%c : {act}) outs(%e : {act}) {{
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  }} -> {act}
  %e2 = tensor.empty() : {out}
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : {out}) -> {out}
  %d = {second} ins(%relu, %w2 : {act}, tensor<1x1x{channels}x32xf32>) outs(%f2 : {out}) -> {out}
  %twice = linalg.generic {{indexing_maps = [{identity}, {identity}, {identity}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%relu, %relu : {act}, {act}) outs(%e : {act}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }} -> {act}{reader}
  return %d, %twice : {out}, {act}
}}"""


def _wide_empties(module) -> list:
    return [op.results[0].type.get_shape() for op in module.walk() if op.name == "tensor.empty"
            and op.results[0].uses and next(iter(op.results[0].uses)).operation.name == "tensor.extract_slice"]


@pytest.mark.parametrize("size, channels, stride", [(14, 1024, 1), (28, 512, 2)], ids=["1024", "512-stride-2"])
def test_aliasing_input_gets_a_padded_stride(size, channels, stride):
    """Register tiles of 14 pixels 4 KiB apart: 1024 channels, or 512 read at stride 2."""
    module = parse(_two_layers(size, channels, stride=stride))
    assert pad_pixel_strides(module, AVX512) == 1
    assert _wide_empties(module) == [(1, size, size, channels + 16)]
    relu = next(op for op in module.walk() if op.name == "linalg.generic")
    assert relu.operands[-1].owner.name == "tensor.extract_slice"  # the ReLU writes the first 1024 channels


@pytest.mark.parametrize("size, channels, stride, why", [
    (7, 1024, 1, "7-pixel register tiles: the streams fit the set"),
    (14, 512, 1, "pixels 2 KiB apart spread over two sets"),
    (28, 256, 2, "256 channels at stride 2: pixels 2 KiB apart"),
])
def test_inputs_that_do_not_alias_are_left_alone(size, channels, stride, why):
    module = parse(_two_layers(size, channels, stride=stride))
    assert pad_pixel_strides(module, AVX512) == 0, why
    assert _wide_empties(module) == []


def test_a_reshaped_reader_keeps_the_activation_contiguous():
    reader = """
  %flat = tensor.collapse_shape %relu [[0, 1, 2], [3]] : tensor<1x14x14x1024xf32> into tensor<196x1024xf32>
  %rows = tensor.collapse_shape %relu [[0], [1], [2, 3]] : tensor<1x14x14x1024xf32> into tensor<1x14x14336xf32>"""
    module = parse(_two_layers(14, 1024, reader=reader))
    assert pad_pixel_strides(module, AVX512) == 0


def test_a_flattened_part_reading_through_views_gets_a_padded_stride(monkeypatch):
    """flat_pixels' split 7x7 layer (`ROW_REMAINDER`: 42 pixels in 14x8, 7 in 7x8) reads its
    1024-channel input through a collapse, an expand and a slice of the pixels: its 14-pixel
    tiles read 14 pixels 4 KiB apart, and the activation behind the views gets the padded stride
    (`_activation`); without `PAD_THROUGH_VIEWS`, not."""
    from xfuse.backends.mlir_text import prepare_for_execution
    from xfuse.backends.schedules import flat_pixels, pixel_strides
    from xfuse.testing.random_convs import ConvLayer, layer_module

    avx2 = CpuTarget("x86-64-v3", 256, 16, True)
    monkeypatch.setattr(flat_pixels, "ROW_REMAINDER", True)
    layer = ConvLayer(1, 7, 7, 1024, 8, (1, 1), input_relu=True, relu=True)
    for through_views, padded in ((True, 1), (False, 0)):
        monkeypatch.setattr(pixel_strides, "PAD_THROUGH_VIEWS", through_views)
        module = prepare_for_execution(layer_module(layer))
        assert flat_pixels.flatten_pointwise_pixels(module, avx2) == 1
        assert pad_pixel_strides(module, avx2) == padded
        assert _wide_empties(module) == [(1, 7, 7, 1040)] * padded


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
@pytest.mark.parametrize("size, channels, stride", [(14, 1024, 1), (28, 512, 2)], ids=["1024", "512-stride-2"])
def test_padded_stride_computes_the_same(pipeline, size, channels, stride):
    text = _two_layers(size, channels, stride=stride)
    module = parse(text)
    get_pipeline(pipeline).for_module(module)  # what compile_module does: rewritten on a host with AVX-512
    rng = np.random.default_rng(3)
    arrays = [rng.standard_normal((1, size, size, 64), dtype=np.float32),
              rng.standard_normal((1, 1, 64, channels), dtype=np.float32) * 0.1,
              rng.standard_normal((1, 1, channels, 32), dtype=np.float32) * 0.1]
    want = compile_module(parse(text), "layers", "default")(*arrays)
    got = compile_module(parse(text), "layers", pipeline)(*arrays)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-4)


def test_a_blocked_convolution_writes_into_the_padded_buffer():
    """The activation computed by xfuse-block-filters' loop over filter blocks (its shared output
    the wider buffer's first channels), then read by the next convolution."""
    attrs = " {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>}"
    text = _two_layers(14, 2048, weight_attrs=attrs)  # 64 x 2048 filter: 512 KiB, blocked
    module = parse(text)
    assert block_filters(module, AVX512) == 1
    forall = next(op for op in module.walk() if op.name == "scf.forall")
    assert pad_pixel_strides(module, AVX512) == 1
    assert forall.operands[-1].owner.name == "linalg.fill"  # the fill the blocks accumulate into
    assert forall.operands[-1].owner.operands[-1].owner.name == "tensor.extract_slice"
    rng = np.random.default_rng(4)
    arrays = {"x": rng.standard_normal((1, 14, 14, 64), dtype=np.float32),
              "w1": rng.standard_normal((2048, 64, 1, 1), dtype=np.float32) * 0.1,
              "w2": rng.standard_normal((1, 1, 2048, 32), dtype=np.float32) * 0.05}
    hwcf = dict(arrays, w1=np.ascontiguousarray(arrays["w1"].transpose(2, 3, 1, 0)))
    want = compile_module(parse(text), "layers", "default")(*hwcf.values())
    blocked = parse(text)
    block_filters(blocked, AVX512)
    inputs = permute_weights(arrays, 0, weight_layouts(blocked, "layers"), weight_shapes(blocked, "layers"))
    got = compile_module(blocked, "layers", "microkernel")(*inputs.values())
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-4)

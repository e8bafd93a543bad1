"""1x1 convolutions over their flattened pixels (xfuse/backends/schedules/flat_pixels.py).

- Which convolutions are flattened: 1x1, stride 1, on a 16-register target, where `N*H*W`
  pixels get a better dividing tile than one row (14-wide rows: 14x8 -> 4x16); not 56-wide rows
  (4x16 either way), strided or 3x3 filters, AVX-512.
- What is rewritten with it: its bias broadcast, its ReLU and residual add (all on
  `1 x 1 x N*H*W x C`, so the register tiles still fuse them), one reshape back after them; a
  chain op that reads an operand along a pixel dimension alone is left out (the chain stops
  there).
- Odd widths split (`_pixel_split`): 13x13's 169 pixels as 168 (6x16) + 1 (1x32), each part
  with its chain and bias, written into one tensor; 27x27's 729 as 726 + 3; not 7x7 (the
  remainder 2% of the pixels), 55x55 (5x16 divides) or 40 channels (no 16-lane tile).
- On by default in the micro-kernel pipelines (`FLAT_PIXELS_ENABLED`).
- Planned op by op: a flattened convolution whose input a linalg op computes (seen through the
  reshapes) gets the op-by-op fusion, so that no register tile recomputes that op.
- Differential: flattened layers (ReLU, residual, batch 2, fused into xfuse's tiles, input ReLU;
  two flattened layers in a row with a swish, as in EfficientNet-B0; 13x13 layers split in two
  parts, also in xfuse's tiles and behind an input ReLU) through `microkernel` (and
  one through `microkernel-openmp`), flattening switched on, against `default`, for AVX2.
"""

import numpy as np
import pytest

from xfuse.backends.pipelines import get_pipeline
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.schedules import flat_pixels
from xfuse.backends.schedules.conv import CONV_INSTANCE_ATTR, plan_convolutions
from xfuse.backends.schedules.flat_pixels import flatten_pointwise_pixels
from xfuse.backends.mlir_text import prepare_for_execution
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse
from xfuse.testing.random_convs import ConvLayer, check_layer, layer_module

AVX512 = CpuTarget("x86-64-v4", 512, 32, True)
AVX2 = CpuTarget("x86-64-v3", 256, 16, True)


@pytest.fixture
def unsplit(monkeypatch):
    """14x14 maps flattened whole, in 4x16 (`WIDE_HEAD` off), for the tests of the flattening itself."""
    monkeypatch.setattr(flat_pixels, "WIDE_HEAD", False)


def _shapes(module, name):
    return [tuple(op.results[0].type.get_shape()) for op in module.walk() if op.name == name]


@pytest.mark.parametrize(("layer", "target", "flattened"), [
    (ConvLayer(1, 14, 14, 16, 64, (1, 1)), AVX2, True),              # 14x8 -> 4x16 over 196 pixels
    (ConvLayer(2, 14, 14, 16, 64, (1, 1), relu=True), AVX2, True),   # batch 2: 392 pixels
    (ConvLayer(1, 56, 56, 16, 64, (1, 1)), AVX2, False),             # 4x16 at 56 pixels a row already
    (ConvLayer(1, 7, 7, 16, 8, (1, 1)), AVX2, False),                # 49 pixels, 8 channels: 7x8 either way
    (ConvLayer(1, 28, 28, 16, 64, (1, 1), stride=2), AVX2, False),   # a stride skips pixels
    (ConvLayer(1, 14, 14, 16, 64, (3, 3), padding=1), AVX2, False),  # taps reach the neighbours
    (ConvLayer(1, 14, 14, 16, 64, (1, 1)), AVX512, False),           # not measured: as it was
    (ConvLayer(1, 13, 13, 16, 64, (1, 1)), AVX512, False),           # nor the odd-width split
])
def test_which_convolutions_are_flattened(layer, target, flattened, unsplit):
    module = prepare_for_execution(layer_module(layer))
    assert flatten_pointwise_pixels(module, target) == int(flattened)
    pixels = layer.batch * layer.output_size[0] * layer.output_size[1]
    expected = (1, 1, pixels, layer.channels_out) if flattened else (layer.batch, *layer.output_size,
                                                                    layer.channels_out)
    assert _shapes(module, "linalg.conv_2d_nhwc_hwcf") == [expected]


@pytest.mark.parametrize(("layer", "parts"), [
    (ConvLayer(1, 13, 13, 16, 64, (1, 1), relu=True, residual=True), [(1, 1, 168, 64), (1, 1, 1, 64)]),
    (ConvLayer(1, 27, 27, 16, 64, (1, 1)), [(1, 1, 726, 64), (1, 1, 3, 64)]),
    (ConvLayer(1, 7, 7, 16, 8, (1, 1)), [(1, 7, 7, 8)]),        # 8 channels: no split of whole lines
    (ConvLayer(1, 55, 55, 16, 64, (1, 1)), [(1, 55, 55, 64)]),  # 5x16 divides the rows
    (ConvLayer(1, 13, 13, 16, 40, (1, 1)), [(1, 13, 13, 40)]),  # 40 channels: 12x8 is no better than 13x8
])
def test_odd_widths_split_their_flattened_pixels(layer, parts):
    module = prepare_for_execution(layer_module(layer))
    flatten_pointwise_pixels(module, AVX2)
    module.verify()
    assert _shapes(module, "linalg.conv_2d_nhwc_hwcf") == parts
    if len(parts) == 2:  # each part keeps its bias and chain, and gets a tile of its own
        assert len(_shapes(module, "tensor.insert_slice")) == 2
        tiles = [(g.tile.mr, g.tile.nr, g.tile.remainder) for g in plan_convolutions(module, AVX2)]
        assert [t[0] for t in tiles] == [6, parts[1][2]] and tiles[0][2] == tiles[1][2] == 0


@pytest.mark.parametrize(("layer", "parts", "tiles"), [
    (ConvLayer(1, 7, 7, 16, 64, (1, 1), relu=True, residual=True), [45, 4], [(6, 16), (4, 16)]),  # 42 + 3 in the head
    (ConvLayer(1, 3, 3, 16, 32, (1, 1)), [5, 4], [(5, 16), (4, 16)]),
])
def test_a_remainder_that_fills_the_fma_units_may_take_any_share(layer, parts, tiles, monkeypatch):
    """`FULL_REMAINDER`: 49 pixels as 45 (5x16, 10 accumulators) + 4 (4x16, 8), where the rows and
    the 49 pixels get 7x8 (7 accumulators, half a line of filter per step); off, as before."""
    module = prepare_for_execution(layer_module(layer))
    assert flatten_pointwise_pixels(module, AVX2) == 1
    assert [s[2] for s in _shapes(module, "linalg.conv_2d_nhwc_hwcf")] == parts
    assert [(g.tile.mr, g.tile.nr) for g in plan_convolutions(module, AVX2)] == tiles
    monkeypatch.setattr(flat_pixels, "FULL_REMAINDER", False)
    module = prepare_for_execution(layer_module(layer))
    flatten_pointwise_pixels(module, AVX2)
    assert len(_shapes(module, "linalg.conv_2d_nhwc_hwcf")) == 1


@pytest.mark.parametrize(("layer", "parts", "tiles"), [
    (ConvLayer(1, 14, 14, 16, 64, (1, 1), relu=True, residual=True), [192, 4], [(6, 16), (4, 16)]),
    (ConvLayer(1, 14, 14, 1024, 256, (1, 1), relu=True, input_relu=True), [192, 4], [(6, 16), (4, 16)]),
    (ConvLayer(1, 14, 14, 16, 144, (1, 1)), [192, 4], [(6, 16), (4, 16)]),  # RegNet-Y's 152 -> 144 + 8 head
    (ConvLayer(1, 14, 14, 16, 8, (1, 1)), [14], [(14, 8)]),    # 8 channels: 14x8 either way, not flattened
    (ConvLayer(2, 14, 14, 16, 64, (1, 1)), [392], [(4, 16)]),  # 390 + 2: a 2x16 remainder is latency-bound
    (ConvLayer(1, 28, 28, 16, 64, (1, 1)), [28], [(4, 16)]),   # rows of 4x16: not flattened (780 + 4 measured level)
    (ConvLayer(1, 56, 56, 16, 64, (1, 1)), [56], [(4, 16)]),   # nor 3132 + 4 (measured slower)
    (ConvLayer(1, 7, 7, 16, 64, (1, 1)), [45, 4], [(6, 16), (4, 16)]),  # FULL_REMAINDER's, as before
])
def test_14_wide_rows_split_their_pixels_for_a_wide_head(layer, parts, tiles, monkeypatch):
    """`WIDE_HEAD` (off by default: measured level): a 14x14 map's 196 pixels, which divide in 4x16
    (8 accumulators), as 192 in 6x16 (12) + 4 in 4x16, each part with its bias and chain; only
    where the rows have no whole-line tile of their own (not 28- or 56-wide rows). Off: 196 in
    4x16, as before."""
    monkeypatch.setattr(flat_pixels, "WIDE_HEAD", True)
    module = prepare_for_execution(layer_module(layer))
    flatten_pointwise_pixels(module, AVX2)
    module.verify()
    assert [s[2] for s in _shapes(module, "linalg.conv_2d_nhwc_hwcf")] == parts
    assert [(g.tile.mr, g.tile.nr) for g in plan_convolutions(module, AVX2)] == tiles
    if parts == [192, 4]:
        assert len(_shapes(module, "tensor.insert_slice")) == 2
        monkeypatch.setattr(flat_pixels, "WIDE_HEAD", False)
        module = prepare_for_execution(layer_module(layer))
        flatten_pointwise_pixels(module, AVX2)
        assert [s[2] for s in _shapes(module, "linalg.conv_2d_nhwc_hwcf")] == [196]
        assert [(g.tile.mr, g.tile.nr) for g in plan_convolutions(module, AVX2)] == [(4, 16)]


def test_filter_blocks_of_14_wide_rows_take_the_wide_head(monkeypatch):
    """xfuse-block-filters sizes a 14x14 1x1 layer's blocks by the 6x16 head (16 channels, as 4x16)."""
    from xfuse.backends.schedules.flat_pixels import dividing_tile

    monkeypatch.setattr(flat_pixels, "WIDE_HEAD", True)
    tile = dividing_tile(_conv(ConvLayer(1, 14, 14, 256, 1024, (1, 1))), 64, AVX2)
    assert (tile.mr, tile.nr, tile.split_rows, tile.remainder) == (6, 16, 192, 4)


def test_filter_blocks_take_the_width_of_a_full_split():
    """xfuse-block-filters sizes a 7x7 1x1 layer's blocks by the split's tile (16 channels for
    5x16 + 4x16), not by the rows' 7x8."""
    from xfuse.backends.schedules.flat_pixels import dividing_tile

    conv = _conv(ConvLayer(1, 7, 7, 512, 2048, (1, 1)))
    assert dividing_tile(conv, 64, AVX2).nr == 16


@pytest.mark.parametrize(("channels", "features", "block"), [(384, 64, 32), (512, 64, 32), (64, 256, 64)])
def test_filter_blocks_take_the_width_of_a_small_remainder_split(channels, features, block, monkeypatch):
    """`SMALL_REMAINDER_BLOCKS`: SqueezeNet's 13x13 1x1 layers (fire8/9) take blocks of 16, the head
    tile of their 168 (6x16) + 1 split, which a block of 16 then gets again; off, their rows'
    13x8 (blocks of 8, where no split beats 13x8). Not 7x7's 48 + 1 (over `MAX_REMAINDER_SHARE`)."""
    from xfuse.backends.schedules.flat_pixels import dividing_tile

    conv = _conv(ConvLayer(1, 13, 13, channels, features, (1, 1)))
    tile = dividing_tile(conv, block, AVX2)
    assert (tile.mr, tile.nr, tile.split_rows, tile.remainder) == (6, 16, 168, 1)
    assert (dividing_tile(conv, tile.nr, AVX2).mr, dividing_tile(conv, tile.nr, AVX2).nr) == (6, 16)
    assert dividing_tile(_conv(ConvLayer(1, 7, 7, 512, 64, (1, 1))), 32, AVX2).split_rows != 48
    monkeypatch.setattr(flat_pixels, "SMALL_REMAINDER_BLOCKS", False)
    assert (dividing_tile(conv, block, AVX2).mr, dividing_tile(conv, block, AVX2).nr) == (13, 8)


def _conv(layer):
    (conv,) = [op for op in prepare_for_execution(layer_module(layer)).walk() if op.name == "linalg.conv_2d_nhwc_hwcf"]
    return conv


def test_the_chain_and_the_bias_are_flattened_with_it(unsplit):
    """The bias broadcast it accumulates into and the residual add + ReLU after it work on the
    flattened pixels; one reshape brings the result back to N x H x W x C."""
    module = prepare_for_execution(layer_module(ConvLayer(1, 14, 14, 16, 64, (1, 1), relu=True, residual=True)))
    ops_before = [op.name for op in module.walk() if op.name.startswith("linalg.") and op.results]
    assert flatten_pointwise_pixels(module, AVX2) == 1
    flat = (1, 1, 196, 64)
    linalg = [op for op in module.walk() if op.name.startswith("linalg.") and op.results]
    assert [op.name for op in linalg] == ops_before
    assert all(tuple(op.results[0].type.get_shape()) == flat for op in linalg), \
        [(op.name, op.results[0].type) for op in linalg]
    expands = _shapes(module, "tensor.expand_shape")
    assert expands.count((1, 14, 14, 64)) == 1  # the chain's result, back once
    module.verify()


def test_a_chain_op_reading_along_one_pixel_dimension_is_left_out(unsplit):
    """An operand broadcast along the rows (map `(d0, d1, d2, d3) -> (d2, d3)`) has no flattened
    form: the chain stops before that op, which reads the convolution's result reshaped back."""
    text = """
func.func @conv(%x: tensor<1x14x14x16xf32>, %w: tensor<1x1x16x64xf32>, %row: tensor<14x64xf32>) -> tensor<1x14x14x64xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1x14x14x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
    ins(%x, %w : tensor<1x14x14x16xf32>, tensor<1x1x16x64xf32>) outs(%init : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %out = tensor.empty() : tensor<1x14x14x64xf32>
  %add = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                          affine_map<(d0, d1, d2, d3) -> (d2, d3)>,
                                          affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%conv, %row : tensor<1x14x14x64xf32>, tensor<14x64xf32>) outs(%out : tensor<1x14x14x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x14x14x64xf32>
  return %add : tensor<1x14x14x64xf32>
}
"""
    module = parse(text)
    assert flatten_pointwise_pixels(module, AVX2) == 1
    assert _shapes(module, "linalg.fill") == [(1, 1, 196, 64)]
    assert _shapes(module, "linalg.conv_2d_nhwc_hwcf") == [(1, 1, 196, 64)]
    assert _shapes(module, "linalg.generic") == [(1, 14, 14, 64)]
    module.verify()


def test_the_micro_kernel_pipeline_flattens_by_default(avx2_host, unsplit):
    """`FLAT_PIXELS_ENABLED`: on again since the op-by-op fusion sees through the reshapes."""
    module = prepare_for_execution(layer_module(ConvLayer(1, 14, 14, 16, 64, (1, 1), relu=True)))
    get_pipeline("microkernel").for_module(module)
    assert _shapes(module, "linalg.conv_2d_nhwc_hwcf") == [(1, 1, 196, 64)]


@pytest.fixture
def flattening(avx2_host, monkeypatch):
    """The micro-kernel pipelines flatten (`FLAT_PIXELS_ENABLED`), for AVX2."""
    monkeypatch.setattr(flat_pixels, "FLAT_PIXELS_ENABLED", True)
    return avx2_host


def test_a_flattened_convolution_reading_a_linalg_result_is_fused_op_by_op(unsplit):
    """The input's producer (here a ReLU) is behind the flattening's collapse and expand; seen
    through them, the convolution is fused op by op, and `transform.structured.fuse` does not pull
    the producer into every register tile (EfficientNet-B0's 80 -> 320 layer recomputed the layer
    before it per column tile: 0.2 GFLOP/s)."""
    module = prepare_for_execution(layer_module(ConvLayer(1, 14, 14, 16, 64, (1, 1), input_relu=True)))
    assert flatten_pointwise_pixels(module, AVX2) == 1
    (group,) = plan_convolutions(module, AVX2)
    assert (group.root_is_conv, group.instances, group.tile.mr, group.tile.nr) == (True, (0,), 4, 16)
    (conv,) = [op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"]
    assert CONV_INSTANCE_ATTR in conv.attributes


def test_split_parts_reading_a_linalg_result_are_fused_op_by_op():
    """Each part reads its pixels through an `extract_slice` of the reshaped input; seen through
    it too, both parts are fused op by op (no register tile recomputes the input's ReLU)."""
    module = prepare_for_execution(layer_module(ConvLayer(1, 13, 13, 16, 64, (1, 1), input_relu=True)))
    assert flatten_pointwise_pixels(module, AVX2) == 1
    groups = plan_convolutions(module, AVX2)
    assert [(g.root_is_conv, len(g.instances), g.tile.mr) for g in groups] == [(True, 1, 6), (True, 1, 1)]


TWO_LAYERS = """
func.func @conv(%x: tensor<1x14x14x32xf32>, %r: tensor<1x14x14x16xf32>, %w1: tensor<1x1x32x16xf32>,
                %w2: tensor<1x1x16x64xf32>, %b: tensor<64xf32>) -> tensor<1x14x14x64xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e16 = tensor.empty() : tensor<1x14x14x16xf32>
  %f16 = linalg.fill ins(%zero : f32) outs(%e16 : tensor<1x14x14x16xf32>) -> tensor<1x14x14x16xf32>
  %c1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
    ins(%x, %w1 : tensor<1x14x14x32xf32>, tensor<1x1x32x16xf32>) outs(%f16 : tensor<1x14x14x16xf32>) -> tensor<1x14x14x16xf32>
  %sum = linalg.add ins(%c1, %r : tensor<1x14x14x16xf32>, tensor<1x14x14x16xf32>)
    outs(%e16 : tensor<1x14x14x16xf32>) -> tensor<1x14x14x16xf32>
  %e64 = tensor.empty() : tensor<1x14x14x64xf32>
  %bias = linalg.broadcast ins(%b : tensor<64xf32>) outs(%e64 : tensor<1x14x14x64xf32>) dimensions = [0, 1, 2]
  %c2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
    ins(%sum, %w2 : tensor<1x14x14x16xf32>, tensor<1x1x16x64xf32>) outs(%bias : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %swish = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                            affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                           iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%c2 : tensor<1x14x14x64xf32>) outs(%e64 : tensor<1x14x14x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %v, %d : f32
    linalg.yield %s : f32
  } -> tensor<1x14x14x64xf32>
  return %swish : tensor<1x14x14x64xf32>
}
"""


def test_two_flattened_layers_with_a_swish_agree_with_the_reference(flattening):
    """EfficientNet-B0's pattern: a 1x1 layer with a residual add, then a 1x1 layer with a bias and
    a swish, both flattened."""
    assert flatten_pointwise_pixels(prepare_for_execution(parse(TWO_LAYERS)), flattening) == 2
    candidate = compile_module(parse(TWO_LAYERS), "conv", "microkernel")
    reference = compile_module(parse(TWO_LAYERS), "conv", "default")
    for seed in (0, 1):
        inputs = random_inputs(candidate.signature, seed=seed)
        np.testing.assert_allclose(candidate(*inputs)[0], reference(*inputs)[0], rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("layer", [
    pytest.param(ConvLayer(1, 14, 14, 16, 64, (1, 1)), id="bias"),
    pytest.param(ConvLayer(1, 14, 14, 24, 64, (1, 1), relu=True, residual=True), id="residual-relu"),
    pytest.param(ConvLayer(2, 14, 14, 16, 32, (1, 1), relu=True), id="batch2-relu"),
    pytest.param(ConvLayer(1, 14, 14, 16, 64, (1, 1), relu=True, input_relu=True), id="input-relu"),
    pytest.param(ConvLayer(1, 14, 14, 16, 64, (1, 1), relu=True, residual=True, fuse_tile=(1, 2, 14, 64)),
                 id="in-xfuse-tiles"),
    pytest.param(ConvLayer(1, 13, 13, 16, 64, (1, 1), relu=True, residual=True), id="split-13x13"),
    pytest.param(ConvLayer(1, 13, 13, 32, 64, (1, 1), relu=True, input_relu=True), id="split-input-relu"),
    pytest.param(ConvLayer(1, 13, 13, 16, 64, (1, 1), relu=True, fuse_tile=(1, 13, 13, 32)), id="split-in-xfuse-tiles"),
    pytest.param(ConvLayer(1, 7, 7, 64, 32, (1, 1), relu=True, residual=True, input_relu=True), id="split-45-4"),
])
def test_flattened_layers_agree_with_the_reference(flattening, layer):
    assert flatten_pointwise_pixels(prepare_for_execution(layer_module(layer)), flattening) == 1
    check_layer(layer, seeds=(0, 1))


@pytest.mark.parametrize("layer", [
    pytest.param(ConvLayer(1, 14, 14, 40, 48, (1, 1), relu=True, residual=True, input_relu=True), id="residual"),
    pytest.param(ConvLayer(1, 14, 14, 16, 64, (1, 1), relu=True, residual=True, fuse_tile=(1, 2, 14, 64)),
                 id="in-xfuse-tiles"),  # 28 pixels a tile: 24 in 6x16 + 4
])
def test_a_wide_head_split_agrees_with_the_reference(flattening, monkeypatch, layer):
    """`WIDE_HEAD` on: 196 pixels as 192 (6x16) + 4 (4x16), each part with its bias, residual add
    and ReLU, against `default`."""
    monkeypatch.setattr(flat_pixels, "WIDE_HEAD", True)
    check_layer(layer, seeds=(0, 1))


@pytest.mark.parametrize("layer", [
    pytest.param(ConvLayer(1, 7, 7, 1024, 8, (1, 1), relu=True, residual=True, input_relu=True), id="padded-head"),
    pytest.param(ConvLayer(1, 7, 7, 64, 16, (1, 1), relu=True), id="contiguous"),
])
def test_a_remainder_of_one_row_agrees_with_the_reference(flattening, monkeypatch, layer):
    """`ROW_REMAINDER` (off by default): 49 pixels as 42 (14x8, or 6x16) + 7 (the rows' 7x8); on
    1024 channels the head's 14 pixels share an L1 set and the input behind the views is padded
    (pixel_strides.py)."""
    monkeypatch.setattr(flat_pixels, "ROW_REMAINDER", True)
    monkeypatch.setattr(flat_pixels, "FULL_REMAINDER", False)  # else 16 channels take 45 + 4
    module = prepare_for_execution(layer_module(layer))
    assert flatten_pointwise_pixels(module, flattening) == 1
    assert _shapes(module, "linalg.conv_2d_nhwc_hwcf") == [(1, 1, 42, layer.channels_out), (1, 1, 7, layer.channels_out)]
    check_layer(layer, seeds=(0,))


def test_flattened_layer_agrees_on_the_parallel_pipeline(flattening):
    """Its register tiles as the iterations of one `scf.forall` (`microkernel-openmp`)."""
    layer = ConvLayer(1, 14, 14, 16, 64, (1, 1), relu=True, residual=True)
    check_layer(layer, seeds=(0,), pipeline="microkernel-openmp")

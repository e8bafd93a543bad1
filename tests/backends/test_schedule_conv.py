"""The register-tiled convolution schedule (xfuse/backends/schedules/conv.py).

- Tile choice: `choose_conv_tile` on AVX-512 and AVX2 register files (half-width vectors when the
  channels are no multiple of the full width).
- Plan: which convolutions are scheduled (NHWC/HWCF and depthwise NHWC/HWC, static, float) and
  which keep the generic lowering (NCHW, channel multiplier, dynamic shapes).
- Differential: a table of layers (strides, dilations, 1x1/3x3/7x7, channels no multiple of 16,
  widths without a good divisor, batch 2, depthwise, fused by xfuse, f64) and random layers
  (xfuse/testing/random_convs.py) lowered by `microkernel` and by the reference `default`.
- Generated code: the reduction loop of a 3x3 convolution is broadcasts and packed FMAs.
- Reduction chunks outside the register tiles: which layers get them, and that they agree.
"""

import re
from dataclasses import replace

import pytest
from test_pipelines import _assembly, _innermost_loops  # noqa: F401 - helpers of the matmul tests

from xfuse.backends.schedules.conv import (
    CONV_ATTR,
    CONV_INSTANCE_ATTR,
    CONV_PAD_ATTR,
    CONV_PRODUCER_ATTR,
    CONV_ROOT_ATTR,
    EPILOGUE_MAX_OPS,
    choose_conv_tile,
    choose_k_unroll,
    conv_schedule_bodies,
    plan_convolutions,
)
from xfuse.backends.schedules import depthwise_tiles
from xfuse.backends.schedules.depthwise_tiles import one_vector_depthwise
from xfuse.backends.schedules.micro_tile import MicroTile, conv_b_load_weight, matmul_b_load_weight
from xfuse.backends.target import CpuTarget, host_target
from xfuse.parsing import parse
from xfuse.testing.random_convs import ConvLayer, check_layer, is_scheduled, layer_module, random_layer

AVX512 = CpuTarget("x86-64-v4", 512, 32, True)
AVX2 = CpuTarget("x86-64-v3", 256, 16, True)


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


@pytest.mark.parametrize(("target", "ow", "oc", "tile"), [
    (AVX512, 56, 64, (14, 32, 16, 0)),    # 28 accumulators, 2 filter vectors, 1 broadcast: 31 of 32
    (AVX512, 55, 64, (11, 32, 16, 0)),    # squeezenet's 55-wide rows: 11 divides
    (AVX512, 28, 136, (14, 8, 8, 0)),     # 136 channels: 8-lane (256-bit) vectors
    (AVX512, 17, 16, (16, 16, 16, 16)),   # 17 is prime: 16 pixels, then a 1-pixel remainder tile
    (AVX2, 56, 64, (4, 16, 8, 0)),        # 14x8 fits too, but its filter rows are half a cache line
    (AVX2, 14, 256, (14, 8, 8, 0)),       # no 16-wide tile of 8 accumulators divides 14: 14x8, no split
    (AVX2, 56, 8, (14, 8, 8, 0)),         # 8 channels: no tile of whole lines
    (AVX2, 7, 64, (7, 8, 8, 0)),          # 6x16 + 1x16 would leave a latency-bound 2-accumulator row
    (AVX2, 55, 64, (5, 16, 8, 0)),        # squeezenet's 55: 5x16 (10 accumulators), not 6x16 + 1x16
    (AVX2, 17, 16, (6, 16, 8, 12)),       # 17: 6x16 twice, then 5x16 (10 accumulators)
])
def test_conv_tile_choice(target, ow, oc, tile):
    chosen = choose_conv_tile(ow, oc, 32, target)
    assert (chosen.mr, chosen.nr, chosen.lanes, chosen.split_rows) == tile
    assert chosen.registers <= target.vector_registers


@pytest.mark.parametrize(("ow", "tile"), [(112, (4, 16)), (56, (4, 16)), (28, (4, 16)), (14, (14, 8)), (7, (7, 8))])
def test_avx2_conv_tiles_weigh_filter_rows_by_cache_lines(ow, tile):
    """AVX2 takes 4x16 over 14x8 where 4 divides the width (a 14x8 tile reads half a cache line of
    filter per step, `CACHE_LINE_BITS`), and a dividing 14x8 is still enough not to split for a
    tile of whole lines (6x16 + remainder was measured slower on ResNet-50)."""
    chosen = choose_conv_tile(ow, 64, 32, AVX2, remainder=False)
    assert (chosen.mr, chosen.nr, chosen.remainder) == (*tile, 0)
    assert chosen.whole_lines is (chosen.nr == 16)
    assert choose_conv_tile(ow, 64, 32, AVX2) == chosen  # 7 wide too: a 1x16 remainder is latency-bound


ZEN3 = CpuTarget("znver3", 256, 16, True)


@pytest.mark.parametrize(("ow", "oc", "zen3", "avx2"), [
    (14, 64, (2, 32, 0), (14, 8, 0)),    # ResNet-50's 14-wide rows: whole filter lines, 2 broadcasts
    (14, 32, (2, 32, 0), (14, 8, 0)),    # DenseNet's 3x3 growth convolutions at 14x14
    (26, 64, (2, 32, 0), (13, 8, 0)),
    (56, 64, (4, 16, 0), (4, 16, 0)),    # unchanged where 4x16 divides
    (28, 64, (4, 16, 0), (4, 16, 0)),
    (7, 64, (7, 8, 0), (7, 8, 0)),       # unchanged: 7x8
    (14, 16, (14, 8, 0), (14, 8, 0)),    # 16 channels: no 32-wide tile
])
def test_zen3_convolutions_weigh_filter_vectors_as_two_broadcasts(ow, oc, zen3, avx2):
    """On Zen 3 a filter vector costs two broadcasts (`CONV_B_LOAD_WEIGHTS`): 14-wide rows take
    2x32 instead of 14x8; other AVX2 CPUs, the matmuls and the other widths keep their tiles."""
    assert conv_b_load_weight(ZEN3) == 2 and conv_b_load_weight(AVX2) == 3 and matmul_b_load_weight(ZEN3) == 3
    for target, tile in ((ZEN3, zen3), (AVX2, avx2)):
        chosen = choose_conv_tile(ow, oc, 32, target, remainder=False)
        assert (chosen.mr, chosen.nr, chosen.remainder) == tile
        assert chosen.registers <= target.vector_registers


def test_zen3_plan_and_schedule_of_a_14_wide_layer():
    """The plan of a 14-wide 3x3 layer with its ReLU on Zen 3: one group of 2x32 register tiles,
    the ReLU in them; the transform script tiles the root by `[1, 1, 2, 32]`."""
    module = layer_module(ConvLayer(1, 14, 14, 32, 64, (3, 3), padding=1, relu=True))
    (group,) = plan_convolutions(module, ZEN3)
    assert (group.tile.mr, group.tile.nr, group.tile.remainder, group.root_is_conv) == (2, 32, 0, False)
    (body,) = conv_schedule_bodies([group], pads=True)
    assert "register tile 2 pixels x 32 channels (8 accumulators of 8 lanes)" in body
    assert "tile_sizes [1, 1, 2, 32]" in body
    (other,) = plan_convolutions(layer_module(ConvLayer(1, 14, 14, 32, 64, (3, 3), padding=1, relu=True)), AVX2)
    assert (other.tile.mr, other.tile.nr) == (14, 8)


@pytest.fixture
def zen3_host(monkeypatch):
    """Build for Zen 3 (`znver3`: AVX2 + FMA, 16 registers, 512 KiB 8-way L2) whatever the AVX2
    host: the L2 is Zen 3's too, which `XFUSE_TARGET_CPU=znver3` would take from the host."""
    import xfuse.backends.target as target_module

    host = host_target()
    if not (host.vector_bits >= 256 and host.has_fma and host.cpu != "generic"):
        pytest.skip(f"needs an AVX2 host with FMA (host: {host})")
    zen3 = replace(ZEN3, l2_bytes=512 * 1024, l2_ways=8, triple=host.triple)
    monkeypatch.setattr(target_module, "host_target", lambda: zen3)
    return zen3


@pytest.mark.parametrize("layer", [
    ConvLayer(1, 14, 14, 32, 64, (3, 3), padding=1, relu=True),              # 2x32, the ReLU in the tiles
    ConvLayer(1, 28, 28, 48, 32, (1, 1), stride=2),                          # 14 wide from stride 2, unfused
    ConvLayer(1, 4, 14, 16, 64, (3, 3), padding=1, relu=True, residual=True,
              fuse_tile=(1, 2, 14, 64)),                                     # in xfuse's tiles, op by op
    ConvLayer(1, 5, 11, 16, 32, (3, 3)),                                     # 9 wide: 6x16 + 3x16 split
], ids=["3x3-relu", "1x1-stride2", "fused", "9-wide-split"])
def test_zen3_layers_agree_with_the_reference(zen3_host, layer):
    assert choose_conv_tile(layer.output_size[1], layer.channels_out, 32, zen3_host).lanes == 8
    assert is_scheduled(layer)
    check_layer(layer, seeds=(0, 1))


def test_zen3_inner_loop_of_a_14_wide_layer_reads_whole_filter_lines(zen3_host, tmp_path, monkeypatch):
    """The 2x32 kernel of a 14-wide row on Zen 3: per K step 4 filter vectors (two whole lines), 2
    broadcasts and 8 FMAs, no spill (14x8 was 14 broadcasts, half a line and 14 FMAs). The
    convolution reads its padded input whole (conv_borders would make its interior 12 wide)."""
    import xfuse.backends.in_place.conv_borders as conv_borders

    monkeypatch.setattr(conv_borders, "CONV_BORDERS_ENABLED", False)
    assembly = _assembly(layer_module(ConvLayer(1, 14, 14, 32, 64, (3, 3), padding=1, relu=True)), tmp_path)
    kernel = max(_innermost_loops(assembly), key=lambda body: len(re.findall(r"vfmadd\d+ps", body)))
    assert len(re.findall(r"vfmadd\d+ps\s+.*%ymm", kernel)) == 8, kernel
    assert len(re.findall(r"vbroadcastss", kernel)) == 2, kernel
    assert len(re.findall(r"vmovups\s+-?\d*\(", kernel)) + len(re.findall(r"vfmadd\d+ps\s+-?\d*\(", kernel)) == 4, kernel
    assert not re.search(r"\(%rsp\)", kernel), kernel


def test_avx2_splits_are_scored_by_time_and_avx512_ones_by_row_average():
    """On AVX2 a split's parts add their times, each part's score scaled by the FMA units its
    accumulators keep busy: 6x16 + 1x16 (2 accumulators) over 7 rows is worth less than the
    dividing 7x8. AVX-512 keeps the row average (17 wide: 16 + 1, as measured there)."""
    split = MicroTile(6, 16, 8, split_rows=6, remainder=1, split_by_time=True)
    rest = MicroTile(1, 16, 8)
    assert rest.latency_bound_fmas_per_load == pytest.approx(rest.fmas_per_load * 2 / 8)
    assert split.row_weighted_fmas_per_load() == pytest.approx(7 / (6 / 1.0 + 1 / rest.latency_bound_fmas_per_load))
    assert split.row_weighted_fmas_per_load() < MicroTile(7, 8, 8, split_by_time=True).row_weighted_fmas_per_load()
    assert choose_conv_tile(17, 16, 32, AVX512).remainder == 1
    assert not choose_conv_tile(7, 64, 32, AVX512).split_by_time


@pytest.mark.parametrize(("target", "ow", "channels", "unroll"), [
    (AVX2, 56, 64, 4),     # 4x16: 11 registers, room for the next step's 2 filter vectors and broadcast
    (AVX2, 7, 512, 4),     # 7x8: 9 registers
    (AVX2, 14, 1024, 1),   # 14x8 fills the 16 registers: unrolled, it spilled
    (AVX2, 56, 3, 1),      # 3 input channels: no multiple of 4
    (AVX512, 56, 64, 1),   # 32 registers: not measured, the loop stays as it was
])
def test_k_loop_unrolled_where_registers_are_free(target, ow, channels, unroll):
    tile = choose_conv_tile(ow, 64, 32, target, remainder=False)
    assert choose_k_unroll(tile, channels, target) == unroll


def test_unrolled_k_loop_is_in_the_schedule_and_agrees(avx2_host):
    """The group's comment and the transform say so; the unrolled layer agrees with `default`."""
    layer = ConvLayer(1, 8, 8, 32, 32, (3, 3), padding=1)
    module = layer_module(layer)
    from xfuse.backends.mlir_text import prepare_for_execution

    groups = plan_convolutions(prepare_for_execution(module), avx2_host)
    assert [g.k_unroll for g in groups] == [4]
    body = conv_schedule_bodies(groups)[0]
    assert "input-channel loop unrolled by 4" in body and "transform.loop.unroll %cic0 {factor = 4}" in body
    check_layer(layer, seeds=(0, 1))


@pytest.mark.parametrize(("oc", "lanes"), [(10, 2), (34, 2), (17, 1), (2, 2)])
def test_channels_no_128_bit_vector_divides_get_narrower_tiles(oc, lanes):
    """10, 34 (ShuffleNet's groups) or 17 channels: 2-lane (64-bit) or 1-lane vectors, register
    tiles all the same (the generic lowering's scalar loops ran ShuffleNet's 34-channel groups,
    split 32 + 2, at half onnxruntime's speed)."""
    for target in (AVX512, AVX2):
        tile = choose_conv_tile(13, oc, 32, target)
        assert (tile.mr, tile.lanes, oc % tile.nr) == (13, lanes, 0)
        assert tile.registers <= target.vector_registers
    check_layer(ConvLayer(1, 13, 13, 8, oc, (3, 3), relu=True), seeds=(0,))


def _plan(layer: ConvLayer, target=AVX512):
    module = layer_module(layer)
    return module, plan_convolutions(module, target)


def test_plan_marks_the_convolution_its_root_and_its_pad():
    module, (group,) = _plan(ConvLayer(1, 16, 16, 16, 32, (3, 3), padding=1, relu=True))
    ops = {op.name: op for op in module.walk()}
    conv = ops["linalg.conv_2d_nhwc_hwcf"]
    assert conv.attributes[CONV_ATTR].value.data == group.group
    assert CONV_ROOT_ATTR not in conv.attributes
    relu = ops["linalg.generic"]  # the ReLU after it is the root: it runs in the register tiles
    assert relu.attributes[CONV_ROOT_ATTR].value.data == group.group
    assert conv.attributes[CONV_PRODUCER_ATTR] == relu.attributes[CONV_INSTANCE_ATTR]
    assert CONV_PAD_ATTR in ops["tensor.pad"].attributes
    assert group.kind == "conv" and not group.root_is_conv


def test_plan_roots_an_unfused_convolution_without_consumers_at_itself():
    module, (group,) = _plan(ConvLayer(1, 16, 16, 16, 32, (3, 3), padding=1))
    (conv,) = [op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"]
    assert conv.attributes[CONV_ROOT_ATTR].value.data == group.group and group.root_is_conv


def test_plan_roots_a_fused_layer_at_its_last_consumer():
    layer = ConvLayer(1, 16, 16, 16, 32, (3, 3), padding=1, relu=True, residual=True, fuse_tile=(1, 4, 16, 32))
    module, (group,) = _plan(layer)
    (root,) = [op for op in module.walk() if CONV_ROOT_ATTR in op.attributes]
    assert root.name == "linalg.generic" and not group.root_is_conv  # the relu, after the residual add
    (pad,) = [op for op in module.walk() if op.name == "tensor.pad"]  # the input window's, in the scf.if
    assert CONV_PAD_ATTR in pad.attributes and pad.parent_op().name == "scf.if"


def test_plan_leaves_what_it_does_not_handle():
    nchw = """
    func.func @f(%x: tensor<1x4x10x10xf32>, %w: tensor<16x4x3x3xf32>, %o: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
      %y = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
        ins(%x, %w : tensor<1x4x10x10xf32>, tensor<16x4x3x3xf32>) outs(%o : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
      return %y : tensor<1x16x8x8xf32>
    }
    func.func @m(%x: tensor<1x10x10x16xf32>, %w: tensor<3x3x16x2xf32>, %o: tensor<1x8x8x16x2xf32>) -> tensor<1x8x8x16x2xf32> {
      %y = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
        ins(%x, %w : tensor<1x10x10x16xf32>, tensor<3x3x16x2xf32>) outs(%o : tensor<1x8x8x16x2xf32>) -> tensor<1x8x8x16x2xf32>
      return %y : tensor<1x8x8x16x2xf32>
    }
    func.func @d(%x: tensor<?x10x10x16xf32>, %w: tensor<3x3x16x16xf32>, %o: tensor<?x8x8x16xf32>) -> tensor<?x8x8x16xf32> {
      %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
        ins(%x, %w : tensor<?x10x10x16xf32>, tensor<3x3x16x16xf32>) outs(%o : tensor<?x8x8x16xf32>) -> tensor<?x8x8x16xf32>
      return %y : tensor<?x8x8x16xf32>
    }
    """
    module = parse(nchw)
    assert plan_convolutions(module, AVX512) == []
    assert not any(CONV_ATTR in op.attributes for op in module.walk())
    assert conv_schedule_bodies([]) == []


LAYERS = [
    pytest.param(ConvLayer(1, 16, 16, 16, 32, (3, 3), padding=1, relu=True), id="3x3-pad-relu"),
    pytest.param(ConvLayer(1, 14, 14, 8, 32, (1, 1)), id="1x1"),
    pytest.param(ConvLayer(2, 15, 17, 5, 24, (3, 3), stride=2, padding=1), id="3x3-stride2-batch2-c5"),
    pytest.param(ConvLayer(1, 13, 13, 16, 16, (3, 3), dilation=2, padding=2, residual=True, relu=True),
                 id="3x3-dilation2-residual"),
    pytest.param(ConvLayer(1, 20, 20, 3, 64, (7, 7), stride=2, padding=3), id="7x7-stride2-stem"),
    pytest.param(ConvLayer(1, 9, 19, 20, 16, (3, 3), relu=True), id="width17-remainder-c20"),
    pytest.param(ConvLayer(1, 12, 12, 24, 24, (3, 3), padding=1, depthwise=True), id="depthwise-24"),
    pytest.param(ConvLayer(1, 17, 17, 32, 32, (3, 3), stride=2, depthwise=True, relu=True), id="depthwise-stride2"),
    pytest.param(ConvLayer(1, 19, 13, 40, 40, (5, 5), stride=2, padding=2, depthwise=True, relu=True),
                 id="depthwise-5x5-stride2-odd"),  # EfficientNet's / MobileNetV3's 5x5 stride 2; odd sizes, 5 vectors on AVX2
    pytest.param(ConvLayer(1, 16, 16, 16, 32, (3, 3), padding=1, relu=True, residual=True, fuse_tile=(1, 4, 16, 32)),
                 id="fused-by-xfuse"),
    pytest.param(ConvLayer(1, 12, 12, 24, 24, (3, 3), padding=1, depthwise=True, relu=True, fuse_tile=(1, 4, 12, 8)),
                 id="depthwise-fused-by-xfuse"),
    pytest.param(ConvLayer(1, 10, 10, 8, 16, (3, 3), padding=1, relu=True, element="f64"), id="f64"),
    pytest.param(ConvLayer(1, 3, 3, 64, 96, (1, 1), relu=True), id="1x1-channels-outermost"),
    pytest.param(ConvLayer(1, 5, 5, 32, 64, (1, 1), residual=True, relu=True), id="1x1-channels-outermost-fused"),
]


@pytest.mark.parametrize("layer", [
    ConvLayer(1, 16, 16, 16, 32, (3, 3), padding=1, relu=True),
    ConvLayer(1, 9, 19, 20, 16, (3, 3), relu=True),                              # width split, remainder tile
    ConvLayer(1, 12, 12, 24, 24, (3, 3), padding=1, depthwise=True, relu=True),
    ConvLayer(1, 16, 16, 16, 32, (3, 3), padding=1, relu=True, residual=True, fuse_tile=(1, 4, 16, 32)),
    ConvLayer(1, 5, 5, 32, 64, (1, 1), residual=True, relu=True),
], ids=["3x3", "remainder", "depthwise", "fused-by-xfuse", "1x1-fused"])
@pytest.mark.parametrize("pipeline", ["microkernel-openmp"])
def test_parallel_register_tiles_agree_with_the_reference(layer, pipeline, monkeypatch):
    """In the parallel pipelines the register tiles are `scf.forall` iterations run on every CPU
    (these layers are small: the size rule, `PARALLEL_MIN_FLOPS`, is off here)."""
    import xfuse.backends.schedules.matmul as matmul_schedule
    from xfuse.runtime.openmp import openmp_available

    monkeypatch.setattr(matmul_schedule, "PARALLEL_MIN_FLOPS", 0)

    if pipeline == "microkernel-openmp" and not openmp_available():
        pytest.skip("LLVM's OpenMP runtime is not installed: pip install cmeel-libomp")
    module, groups = _plan(layer)
    body = conv_schedule_bodies(groups, parallel=True)[0]
    nested = layer.fuse_tile is not None  # inside xfuse's forall tiles already: no nested parallel loop
    assert all(group.in_forall is nested for group in groups)
    assert ("use_forall" in body or "tile_using_forall" in body) is not nested
    check_layer(layer, seeds=(0,), pipeline=pipeline)


def test_large_1x1_filters_tile_channels_outermost():
    """A 1x1 filter larger than its input: tile loops (n, oc, oh, ow); a 3x3 one keeps (n, oh, ow, oc)."""
    for kernel, outermost in (((1, 1), True), ((3, 3), False)):
        _, (group,) = _plan(ConvLayer(1, 3, 3, 64, 96, kernel))
        assert group.channels_outermost is outermost
        body = conv_schedule_bodies([group])[0]
        assert ("interchange [0, 3, 1, 2]" in body) is outermost


@pytest.mark.parametrize(("layer", "chunk"), [
    (ConvLayer(1, 7, 7, 512, 64, (3, 3), padding=1), 128),   # a ResNet-50 7x7 block: 1.2 MB filter
    (ConvLayer(1, 9, 9, 320, 64, (3, 3)), 320),              # channels no multiple of 128: taps only
    (ConvLayer(1, 7, 7, 512, 64, (3, 3), padding=1, relu=True), 0),  # a ReLU in the tiles
    (ConvLayer(1, 28, 28, 512, 64, (3, 3), padding=1), 0),   # a 200 KB result
    (ConvLayer(1, 7, 7, 64, 64, (3, 3), padding=1), 0),      # a 147 KB filter
])
def test_reduction_chunks_outside_the_tiles(layer, chunk):
    """Small results of large filters walk the taps and channel chunks outside the register
    tiles; the chunked layers agree with the reference."""
    _, groups = _plan(layer)
    conv_group = next(g for g in groups if g.kind == "conv")
    assert conv_group.reduction_chunk == chunk
    body = conv_schedule_bodies(groups)[0]
    assert (f"tile_sizes [0, 0, 0, 0, 1, 1, {chunk}]" in body) is bool(chunk)
    if chunk:
        check_layer(layer, seeds=(0,))
        check_layer(layer, seeds=(0,), pipeline="microkernel-openmp")


def _blocked(layer: ConvLayer):
    """`layer`'s module with its filter marked as an HWCF weight and blocked by
    xfuse-block-filters for `AVX512`: the convolution (and the chain after it) in a loop over
    64-channel blocks (AVX2 blocks are one register tile wide)."""
    from xfuse.transforms.layout.blocked_filters import block_filters

    kh, kw = layer.kernel
    filter_type = f"tensor<{kh}x{kw}x{layer.channels_in}x{layer.channels_out}xf32>"
    text = layer.text().replace(f"%w: {filter_type}",
                                f"%w: {filter_type} {{xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>}}")
    module = parse(text)
    assert block_filters(module, AVX512) == 1
    return module


@pytest.mark.parametrize(("layer", "chunk"), [
    (ConvLayer(1, 7, 7, 512, 128, (3, 3), padding=1, relu=True), 128),   # ResNet-50's 7x7 blocks
    (ConvLayer(1, 28, 28, 256, 128, (3, 3), padding=1, relu=True), 0),   # a 200 KB block result
])
def test_blocked_convolution_chunks_or_fuses_its_chain(layer, chunk):
    """In a block loop, a convolution whose reduction is chunked outside the tiles keeps the
    ReLU the block loop computes after it out of its tiles (it would run once per chunk);
    otherwise the ReLU is its root, in the tiles. Both agree with the reference."""
    import numpy as np

    from xfuse.backends.runner import compile_module, random_inputs

    module = _blocked(layer)
    groups = plan_convolutions(module, AVX512)
    conv_group = next(g for g in groups if g.kind == "conv")
    assert conv_group.reduction_chunk == chunk
    assert conv_group.root_is_conv is bool(chunk)
    inputs = None
    results = []
    for pipeline in ("default", "microkernel", "microkernel-openmp"):
        compiled = compile_module(_blocked(layer), "conv", pipeline)
        inputs = inputs or random_inputs(compiled.signature, seed=3)
        results.append(compiled(*inputs)[0])
    for got in results[1:]:
        np.testing.assert_allclose(got, results[0], rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("layer", LAYERS)
def test_layers_agree_with_the_reference(layer):
    if host_target().vector_bits < 256:
        pytest.skip(f"the table's channel counts need 256-bit vectors to be scheduled (host: {host_target()})")
    assert is_scheduled(layer)
    check_layer(layer, seeds=(0, 1))


@pytest.mark.parametrize("layer", [
    ConvLayer(1, 16, 16, 16, 32, (3, 3), padding=1, relu=True),            # 6x16 tiles for 12 pixels, 4x16 after
    ConvLayer(1, 9, 19, 20, 16, (3, 3), relu=True),                        # 17 wide: 12 in 6x16, then 5x16
    ConvLayer(1, 12, 12, 24, 24, (3, 3), padding=1, depthwise=True),
    ConvLayer(1, 10, 10, 12, 12, (3, 3), padding=1, depthwise=True),       # 12 channels: 4-lane vectors, split
    ConvLayer(1, 14, 28, 32, 64, (1, 1)),                                  # 28 wide, no chain: 4x16
    ConvLayer(1, 6, 28, 16, 32, (3, 3), padding=1, relu=True, residual=True,
              fuse_tile=(1, 2, 28, 32)),                                   # fused op by op: 4x16, no split
    ConvLayer(1, 4, 28, 16, 32, (3, 3), padding=1, relu=True),             # its ReLU in 4x16 tiles, no split
    ConvLayer(1, 7, 7, 32, 64, (3, 3), padding=1),                         # 7 wide, no chain: 7x8, no split
    ConvLayer(1, 3, 55, 16, 32, (3, 3), padding=1),                        # 55 wide: 5x16
], ids=["3x3", "remainder", "depthwise", "depthwise-half-width", "4x16", "fused-4x16", "relu-4x16", "7x8", "5x16"])
def test_avx2_layers_agree_with_the_reference(avx2_host, layer):
    assert is_scheduled(layer)
    check_layer(layer, seeds=(0, 1))


@pytest.mark.parametrize("seed", [0, 7, 11])
def test_random_layers_agree_with_the_reference(seed):
    check_layer(random_layer(seed))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 160))
def test_random_layer_sweep(seed):
    check_layer(random_layer(seed))


def test_a_producer_fused_into_the_tiles_that_cannot_vectorize_stays_loops():
    """Random layer 24001: a one-channel depthwise layer in a single-tile forall (xfuse's fusion,
    tile = the whole output). Canonicalization folds the one-trip forall and the `scf.if` that
    picks the input window, `transform.structured.fuse` then pulls the pad and the input's ReLU
    into the register tiles, where the ReLU's window has dynamic sizes: vectorizing it failed,
    and with it the whole build ("Attempted to vectorize, but failed"). The convolution must
    vectorize; the ops fused with it are vectorized where they can be, else left to loops."""
    layer = ConvLayer(batch=1, height=9, width=12, channels_in=1, channels_out=1, kernel=(5, 5), stride=1,
                      dilation=2, padding=3, depthwise=True, relu=False, residual=False, element="f32",
                      input_relu=True, fuse_tile=(1, 7, 10, 1))
    assert random_layer(24001) == layer
    assert is_scheduled(layer)
    check_layer(layer, seeds=(0, 1))


def test_inner_loop_of_a_3x3_convolution_is_vector_fmas(tmp_path, monkeypatch):
    import xfuse.backends.in_place.conv_borders as conv_borders

    monkeypatch.setattr(conv_borders, "CONV_BORDERS_ENABLED", False)  # the padded convolution, 56 wide
    target = host_target()
    if target.vector_bits < 256 or not re.match(r"(znver|x86-64-v[34]|skylake|icelake|sapphire|emerald|granite|"
                                                r"haswell|alderlake|raptor|broadwell|cascade|cooper|tiger|rocket)",
                                                target.cpu):
        pytest.skip(f"needs an x86-64 host with AVX2 or AVX-512 (host: {target})")
    assembly = _assembly(parse(ConvLayer(1, 56, 56, 64, 64, (3, 3), padding=1).text()), tmp_path)
    assert "memrefCopy" not in assembly  # the padding copy is a loop, not the runtime's element-wise copy
    loops = _innermost_loops(assembly)
    kernel = max(loops, key=lambda body: len(re.findall(r"vfmadd\d+ps", body)))
    tile = choose_conv_tile(56, 64, 32, target)
    steps = choose_k_unroll(tile, 64, target)  # K steps per loop iteration
    register = "zmm" if target.vector_bits == 512 else "ymm"
    assert len(re.findall(rf"vfmadd\d+ps\s+.*%{register}", kernel)) == tile.accumulators * steps, kernel
    assert len(re.findall(r"vbroadcastss", kernel)) == tile.mr * steps, kernel  # one input pixel per accumulator row
    assert not re.search(r"vfmadd\d+ss|vmulss|vaddss|\(%rsp\)", kernel), kernel  # no scalar math, no spills


@pytest.mark.parametrize("layer", [
    ConvLayer(1, 14, 14, 16, 64, (1, 1), relu=True),
    ConvLayer(1, 14, 14, 16, 64, (1, 1), relu=True, residual=True),
    ConvLayer(1, 16, 16, 16, 64, (3, 3), relu=True),
    ConvLayer(1, 16, 16, 16, 64, (3, 3), stride=2),
], ids=["1x1-relu", "1x1-residual-relu", "3x3-relu", "3x3-stride2"])
def test_each_accumulator_is_stored_once(tmp_path, layer):
    """A register tile stores each accumulator once, after its epilogue: the bias broadcast that
    starts it, the convolution's result and the ReLU's operand stay in registers. (Before the
    subsets of the decomposed 1-D convolution were folded into its transfers, the broadcast and
    the raw result were stored too, into a buffer nothing read: 2-4 stores per accumulator.) One
    FMA instruction per accumulator in the kernel, so stores and FMAs are as many."""
    target = host_target()
    if target.vector_bits != 512 or not target.cpu.startswith(("sapphire", "emerald", "granite", "znver4", "znver5")):
        pytest.skip(f"counts AVX-512 instructions (host: {target})")
    assembly = _assembly(parse(layer.text()), tmp_path)
    kernel = _without_wrappers(assembly.splitlines())
    stores = _accumulator_stores(kernel)
    fmas = [line for line in kernel if re.search(r"vfmadd\d+ps", line)]
    assert fmas and len(stores) == len(fmas), (len(stores), len(fmas))


def _without_wrappers(lines: list[str]) -> list[str]:
    """`lines` without the `_mlir_ciface_` wrappers, which copy the result's descriptor and into
    which LLVM may inline a copy of the whole function (it does on Zen 4)."""
    kept, function = [], ""
    for line in lines:
        if (label := re.match(r"([A-Za-z_][\w.]*):", line)) is not None:
            function = label.group(1)
        if not function.startswith("_mlir_ciface_"):
            kept.append(line)
    return kept


def _accumulator_stores(lines: list[str]) -> list[str]:
    """The `zmm` stores of `lines` but those of a register last written by a load from the
    constant pool: the result's memref descriptor (sizes and strides), which LLVM stores with one
    `zmm` on Zen 4."""
    stores = []
    for index, line in enumerate(lines):
        match = re.search(r"vmov[au]ps\s+(%zmm\d+), -?\d*\(", line)
        if not match:
            continue
        register = match.group(1)
        source = next((earlier for earlier in reversed(lines[:index])
                       if re.search(rf",\s*{register}\b", earlier) and not earlier.lstrip().startswith("#")), "")
        if ".LCPI" not in source:
            stores.append(line)
    return stores


def test_conv_layers_benchmark_smoke():
    """benchmarks/conv_layers.py runs (tiny repeat) and the two systems agree on the layer."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "conv_layers.py"
    spec = importlib.util.spec_from_file_location("xfuse_bench_conv_layers", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    layer = ConvLayer(1, 12, 12, 8, 16, (3, 3), stride=2, padding=1)
    result = module.measure("small", layer, repeat=2)
    assert result["max_difference"] < 1e-4
    assert result["xfuse_min"] > 0 and result["onnxruntime_min"] > 0
    depthwise = module.measure("small-depthwise", ConvLayer(1, 10, 10, 16, 16, (3, 3), padding=1, depthwise=True), 2)
    assert depthwise["max_difference"] < 1e-4
    # `--chain --peak`: the input ReLU, residual add and ReLU in both systems, the peak kernel in the rounds.
    from benchmarks.fma_peak import peak_call

    chained = ConvLayer(1, 8, 8, 8, 16, (1, 1), input_relu=True, residual=True, relu=True)
    result = module.measure("small-chain", chained, repeat=2, peak=peak_call(steps=1000))
    assert result["max_difference"] < 1e-4
    assert 0 < result["xfuse_peak_share"] and 0 < result["onnxruntime_peak_share"] and result["peak_gflops"] > 0
    pytest.importorskip("torch_mlir")
    through_onnx = module.measure("small-onnx", layer, repeat=1, through_onnx=True)  # xfuse.onnx.load's passes
    assert through_onnx["max_difference"] < 1e-4 and through_onnx["xfuse_min"] > 0


def _agrees_with_the_reference(make_module, entry: str = "conv", seed: int = 0) -> None:
    """`make_module()` (a fresh module per pipeline) lowered by `microkernel` and by the
    reference `default` gives the same first result on seeded inputs."""
    import numpy as np

    from xfuse.backends.runner import compile_module, random_inputs

    candidate = compile_module(make_module(), entry, "microkernel")
    reference = compile_module(make_module(), entry, "default")
    inputs = random_inputs(candidate.signature, seed=seed)
    np.testing.assert_allclose(candidate(*inputs)[0], reference(*inputs)[0], rtol=1e-4, atol=1e-4)


def _two_layers(between: str) -> str:
    """conv (16 channels) -> `between` (relu or 2x2 max pooling) -> conv (32 channels), NHWC."""
    relu = between == "relu"
    mid = 16 if relu else 8
    second = mid - 2
    pooled = ("""
  %ninf = arith.constant -3.0e+38 : f32
  %window = tensor.empty() : tensor<2x2xf32>
  %pe = tensor.empty() : tensor<1x8x8x16xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %mid = linalg.pooling_nhwc_max {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[2, 2]> : tensor<2xi64>}
    ins(%y1, %window : tensor<1x16x16x16xf32>, tensor<2x2xf32>) outs(%pf : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>"""
              if not relu else """
  %mid = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
    iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y1 : tensor<1x16x16x16xf32>) outs(%e1 : tensor<1x16x16x16xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x16x16x16xf32>""")
    return f"""
func.func @conv(%x: tensor<1x18x18x16xf32>, %w: tensor<3x3x16x16xf32>, %w2: tensor<3x3x16x32xf32>) -> tensor<1x{second}x{second}x32xf32> {{
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1x16x16x16xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %y1 = linalg.conv_2d_nhwc_hwcf {{dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}}
    ins(%x, %w : tensor<1x18x18x16xf32>, tensor<3x3x16x16xf32>) outs(%f1 : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>{pooled}
  %e2 = tensor.empty() : tensor<1x{second}x{second}x32xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x{second}x{second}x32xf32>) -> tensor<1x{second}x{second}x32xf32>
  %y2 = linalg.conv_2d_nhwc_hwcf {{dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}}
    ins(%mid, %w2 : tensor<1x{mid}x{mid}x16xf32>, tensor<3x3x16x32xf32>) outs(%f2 : tensor<1x{second}x{second}x32xf32>) -> tensor<1x{second}x{second}x32xf32>
  return %y2 : tensor<1x{second}x{second}x32xf32>
}}
"""


@pytest.mark.parametrize("between", ["relu", "pooling"])
def test_a_convolution_does_not_fuse_what_computes_its_input(between):
    """The second convolution's tiles fuse only its own chain: the ReLU or pooling before it (a
    linalg producer of its input) stays one pass (a pooling in the tile would not vectorize)."""
    module = parse(_two_layers(between))
    groups = plan_convolutions(module, AVX512)
    # The ReLU is the first convolution's consumer: fused into *its* register tiles (instance 0).
    assert len(groups) == 2 and [g.instances for g in groups] == ([(0,), (1,)] if between == "relu" else [(), (0,)])
    middle = next(op for op in module.walk() if op.name in ("linalg.generic", "linalg.pooling_nhwc_max"))
    second = [op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"][1]
    assert middle.attributes.get(CONV_PRODUCER_ATTR) != second.attributes[CONV_INSTANCE_ATTR]
    _agrees_with_the_reference(lambda: parse(_two_layers(between)))


def test_fused_layer_whose_input_is_computed_in_the_tile():
    """xfuse fuses relu -> conv -> relu into one loop nest: the second convolution's input (the
    first ReLU, in the tile) stays out of its register tiles, its own ReLU is fused into them."""
    import xfuse
    from xfuse.testing.random_convs import FUSION

    text = _two_layers("relu").replace(
        "strides = dense<[1, 1]> : tensor<2xi64>}\n    ins(%mid",
        "strides = dense<[1, 1]> : tensor<2xi64>, xfuse.tile_sizes = array<i64: 1, 7, 14, 32, 0, 0, 0>}\n    ins(%mid")
    text = text.replace("  return %y2 : tensor<1x14x14x32xf32>", """\
  %r2 = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
    iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y2 : tensor<1x14x14x32xf32>) outs(%e2 : tensor<1x14x14x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x14x14x32xf32>
  return %r2 : tensor<1x14x14x32xf32>""")

    def fused():
        module = parse(text)
        xfuse.apply_passes(module, FUSION)
        return module
    groups = plan_convolutions(fused(), AVX512)
    assert [(g.root_is_conv, bool(g.instances)) for g in groups] == [(True, False), (False, True)]
    _agrees_with_the_reference(fused)


MAX_POOL_PAD = """
func.func @pool(%x: tensor<1x9x9x24xf32>) -> tensor<1x5x5x24xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 0, 0, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %ninf : f32
  } : tensor<1x9x9x24xf32> to tensor<1x10x10x24xf32>
  %w = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x5x5x24xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x5x5x24xf32>) -> tensor<1x5x5x24xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
    ins(%p, %w : tensor<1x10x10x24xf32>, tensor<2x2xf32>) outs(%f : tensor<1x5x5x24xf32>) -> tensor<1x5x5x24xf32>
  return %r : tensor<1x5x5x24xf32>
}
"""


def test_pads_of_other_ops_become_vectorized_fills_and_copies():
    """A max pooling's `-inf` pad (no convolution reads it) is marked too and computes the same
    through the schedule's fill and row copies as through the reference lowering."""
    from xfuse.backends.runner import compile_module, random_inputs
    from xfuse.backends.schedules.conv import CONV_PAD_ATTR, plan_pads
    import numpy as np

    module = parse(MAX_POOL_PAD)
    assert plan_pads(module) == 1
    assert [op.name for op in module.walk() if CONV_PAD_ATTR in op.attributes] == ["tensor.pad"]
    candidate = compile_module(parse(MAX_POOL_PAD), "pool", "microkernel")
    reference = compile_module(parse(MAX_POOL_PAD), "pool", "default")
    inputs = random_inputs(candidate.signature, seed=4)
    np.testing.assert_array_equal(candidate(*inputs)[0], reference(*inputs)[0])


TWO_BRANCHES = """
func.func @conv(%x: tensor<1x10x10x16xf32>, %w1: tensor<1x1x16x32xf32>, %w2: tensor<3x3x16x32xf32>) -> tensor<1x8x8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %xs = tensor.extract_slice %x[0, 1, 1, 0] [1, 8, 8, 16] [1, 1, 1, 1] : tensor<1x10x10x16xf32> to tensor<1x8x8x16xf32>
  %a = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%xs, %w1 : tensor<1x8x8x16xf32>, tensor<1x1x16x32xf32>) outs(%f : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %b = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w2 : tensor<1x10x10x16xf32>, tensor<3x3x16x32xf32>) outs(%f : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %s = linalg.add ins(%a, %b : tensor<1x8x8x32xf32>, tensor<1x8x8x32xf32>) outs(%e : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
    iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x8x8x32xf32>) outs(%e : tensor<1x8x8x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x32xf32>
  return %r : tensor<1x8x8x32xf32>
}
"""


def test_two_branches_joined_by_an_add_share_no_root():
    """Both convolutions' chains end at the ReLU after the residual add: the first claims it (the
    add and ReLU run in its register tiles), the second is its own root."""
    module = parse(TWO_BRANCHES)
    groups = plan_convolutions(module, AVX512)
    roots = [op for op in module.walk() if CONV_ROOT_ATTR in op.attributes]
    assert [op.name for op in roots] == ["linalg.conv_2d_nhwc_hwcf", "linalg.generic"]
    assert sorted(g.root_is_conv for g in groups) == [False, True]
    _agrees_with_the_reference(lambda: parse(TWO_BRANCHES))


SCALED = """
func.func @conv(%x: tensor<1x10x10x16xf32>, %w: tensor<1x1x16x32xf32>, %s: tensor<32xf32>) -> tensor<1x10x10x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x10x10x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x10x10x32xf32>) -> tensor<1x10x10x32xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x10x10x16xf32>, tensor<1x1x16x32xf32>) outs(%f : tensor<1x10x10x32xf32>) -> tensor<1x10x10x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
    iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y : tensor<1x10x10x32xf32>) outs(%e : tensor<1x10x10x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x10x10x32xf32>
  %k = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>,
    affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%r, %s : tensor<1x10x10x32xf32>, tensor<32xf32>) outs(%e : tensor<1x10x10x32xf32>) {
  ^bb0(%in: f32, %c: f32, %o: f32):
    %m = arith.mulf %in, %c : f32
    linalg.yield %m : f32
  } -> tensor<1x10x10x32xf32>
  return %k : tensor<1x10x10x32xf32>
}
"""


def test_chain_root_stops_before_a_broadcast_operand():
    """The ReLU joins the register tiles; the per-channel scale after it (a broadcast operand,
    batch norm's kind) does not."""
    module = parse(SCALED)
    plan_convolutions(module, AVX512)
    relu, scale = [op for op in module.walk() if op.name == "linalg.generic"]
    assert CONV_ROOT_ATTR in relu.attributes and CONV_ROOT_ATTR not in scale.attributes
    assert CONV_PRODUCER_ATTR not in scale.attributes
    _agrees_with_the_reference(lambda: parse(SCALED))


CLIPPED = """
func.func @conv(%x: tensor<1x10x10x16xf32>, %w: tensor<1x1x16x32xf32>, %b: tensor<32xf32>) -> tensor<1x10x10x32xf32> {
  %lo = arith.constant dense<0.0> : tensor<f32>
  %hi = arith.constant dense<0.5> : tensor<f32>
  %e = tensor.empty() : tensor<1x10x10x32xf32>
  %bias = linalg.broadcast ins(%b : tensor<32xf32>) outs(%e : tensor<1x10x10x32xf32>) dimensions = [0, 1, 2]
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x10x10x16xf32>, tensor<1x1x16x32xf32>) outs(%bias : tensor<1x10x10x32xf32>) -> tensor<1x10x10x32xf32>
  %e2 = tensor.empty() : tensor<1x10x10x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> ()>,
    affine_map<(n, h, w, c) -> ()>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
    iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%y, %lo, %hi : tensor<1x10x10x32xf32>, tensor<f32>, tensor<f32>) outs(%e2 : tensor<1x10x10x32xf32>) {
  ^bb0(%in: f32, %l: f32, %h: f32, %o: f32):
    %m = arith.maximumf %in, %l : f32
    %n = arith.minimumf %m, %h : f32
    linalg.yield %n : f32
  } -> tensor<1x10x10x32xf32>
  return %r : tensor<1x10x10x32xf32>
}
"""


def test_chain_root_goes_through_rank_0_operands():
    """ONNX's `Clip(x, 0, 6)` (ReLU6) reads its bounds as rank-0 tensors: one scalar, not a
    broadcast; the clip joins the register tiles, and so does the bias broadcast."""
    module = parse(CLIPPED)
    (group,) = plan_convolutions(module, AVX512)
    ops = {op.name: op for op in module.walk()}
    clip, bias = ops["linalg.generic"], ops["linalg.broadcast"]
    assert clip.attributes[CONV_ROOT_ATTR].value.data == group.group and not group.root_is_conv
    assert bias.attributes[CONV_PRODUCER_ATTR] == clip.attributes[CONV_INSTANCE_ATTR]
    _agrees_with_the_reference(lambda: parse(CLIPPED))


def _long_epilogue(ops: int) -> str:
    """A 1x1 convolution and an epilogue generic of `ops` alternating adds and multiplies."""
    body = "\n".join(f"    %v{i + 1} = arith.{'mulf' if i % 2 else 'addf'} %v{i}, %c : f32" for i in range(ops))
    return f"""
func.func @conv(%x: tensor<1x10x10x16xf32>, %w: tensor<1x1x16x32xf32>) -> tensor<1x10x10x32xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x10x10x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x10x10x32xf32>) -> tensor<1x10x10x32xf32>
  %y = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
    ins(%x, %w : tensor<1x10x10x16xf32>, tensor<1x1x16x32xf32>) outs(%f : tensor<1x10x10x32xf32>) -> tensor<1x10x10x32xf32>
  %r = linalg.generic {{indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
    iterator_types = ["parallel", "parallel", "parallel", "parallel"]}} ins(%y : tensor<1x10x10x32xf32>) outs(%e : tensor<1x10x10x32xf32>) {{
  ^bb0(%v0: f32, %o: f32):
    %c = arith.constant 0.5 : f32
{body}
    linalg.yield %v{ops} : f32
  }} -> tensor<1x10x10x32xf32>
  return %r : tensor<1x10x10x32xf32>
}}
"""


@pytest.mark.parametrize("ops, fused", [(EPILOGUE_MAX_OPS, True), (EPILOGUE_MAX_OPS + 1, False)])
def test_a_long_epilogue_stays_out_of_the_register_tiles(ops, fused):
    """An epilogue as long as a sigmoid's exp polynomial, applied to all accumulators at once,
    spills: it runs as a pass of its own after the convolution; a short one joins the tiles."""
    module = parse(_long_epilogue(ops))
    (group,) = plan_convolutions(module, AVX512)
    (epilogue,) = [op for op in module.walk() if op.name == "linalg.generic"]
    assert (CONV_ROOT_ATTR in epilogue.attributes) == fused and group.root_is_conv == (not fused)
    _agrees_with_the_reference(lambda: parse(_long_epilogue(ops)))


@pytest.mark.parametrize("target, ow, oc, tile", [
    (AVX512, 28, 128, (14, 16)),   # 14 x 32 -> one vector: 14 accumulators
    (AVX512, 112, 32, (14, 16)),
    (AVX512, 7, 960, (7, 32)),     # 7 accumulators of one vector would be too few: kept
    (AVX512, 28, 136, (14, 8)),    # already one (8-lane) vector
    (AVX2, 28, 128, (4, 16)),      # 4 x 8 would leave 4 accumulators: kept
    (AVX2, 56, 96, (4, 16)),
])
def test_depthwise_tiles_are_one_vector_wide_where_rows_fill_the_fma_units(target, ow, oc, tile):
    chosen = one_vector_depthwise(choose_conv_tile(ow, oc, 32, target))
    assert (chosen.mr, chosen.nr) == tile


@pytest.mark.parametrize("on, nr", [(True, 16), (False, 32)])
def test_depthwise_one_vector_switch_sets_the_planned_tile(monkeypatch, on, nr):
    monkeypatch.setattr(depthwise_tiles, "DEPTHWISE_ONE_VECTOR", on)
    _, (group,) = _plan(ConvLayer(1, 28, 28, 128, 128, (3, 3), padding=1, depthwise=True))
    assert group.kind == "depthwise" and (group.tile.mr, group.tile.nr) == (14, nr)
    _, (dense,) = _plan(ConvLayer(1, 28, 28, 64, 128, (3, 3), padding=1))
    assert (dense.tile.mr, dense.tile.nr) == (14, 32), "a dense convolution's tile is the cost model's"


@pytest.mark.parametrize("layer", [
    ConvLayer(1, 28, 28, 128, 128, (3, 3), padding=1, depthwise=True),
    ConvLayer(1, 14, 14, 64, 64, (5, 5), padding=2, depthwise=True, relu=True),
    ConvLayer(1, 29, 29, 32, 32, (3, 3), stride=2, depthwise=True),
], ids=["3x3-128", "5x5-relu", "stride2"])
def test_one_vector_depthwise_tiles_agree_with_the_reference(monkeypatch, layer):
    """Differential: the one-vector depthwise tiles (on an AVX-512 host; AVX2 keeps its tiles)
    against the reference lowering, on random inputs."""
    if host_target().vector_bits < 256:
        pytest.skip(f"depthwise tiles need 256-bit vectors (host: {host_target()})")
    monkeypatch.setattr(depthwise_tiles, "DEPTHWISE_ONE_VECTOR", True)
    assert is_scheduled(layer)
    check_layer(layer, seeds=(0, 1))


@pytest.mark.parametrize("on, reductions", [(False, "[0, 0, 0, 0, 1, 0]"), (True, "[0, 0, 0, 0, 1, 1]")])
def test_depthwise_kw_by_one_switch_tiles_the_kw_loop(monkeypatch, on, reductions):
    """`DEPTHWISE_KW_BY_ONE` (an A/B switch, off): the depthwise `kw` loop tiled by 1 as the stock
    recipe does, and both reduction loops' accumulators hoisted; a dense convolution unchanged."""
    monkeypatch.setattr(depthwise_tiles, "DEPTHWISE_KW_BY_ONE", on)
    _, groups = _plan(ConvLayer(1, 28, 28, 128, 128, (3, 3), padding=1, depthwise=True))
    body = conv_schedule_bodies(groups)[0]
    assert f"tile_sizes {reductions}" in body
    assert body.count("hoist_loop_invariant_subsets") == (2 if on else 1)
    _, dense = _plan(ConvLayer(1, 28, 28, 64, 128, (3, 3), padding=1))
    assert "tile_sizes [0, 0, 0, 0, 1, 1, 1]" in conv_schedule_bodies(dense)[0]


def test_depthwise_kw_by_one_agrees_with_the_reference(monkeypatch):
    if host_target().vector_bits < 256:
        pytest.skip(f"depthwise tiles need 256-bit vectors (host: {host_target()})")
    monkeypatch.setattr(depthwise_tiles, "DEPTHWISE_KW_BY_ONE", True)
    check_layer(ConvLayer(1, 14, 14, 64, 64, (5, 5), padding=2, depthwise=True, relu=True), seeds=(0, 1))

"""Convolutions split at the last multiple of the vector width (xfuse/backends/schedules/channel_split.py).

- Which convolutions are split (the head at least 3/4 of the channels, a full-width tile for
  it) and into what: two convolutions on filter and accumulator slices, inserted back in order.
- Differential: split layers (1x1 and 3x3, padding, stride, batch 2, bias-like residual and
  ReLU after the split) through `microkernel` and `microkernel-openmp` against `default`.
- On AVX2, convolutions whose channels are whole 8-lane vectors but not whole cache lines
  (SqueezeNet's classifier blocks of 40 = 32 + 8 in a slice loop, RegNet-Y's 56- and 152-channel
  layers at the top level): which are split (the model's parts' time against the whole's), the
  chain after a top-level one taken by each part, and split layers agree with the reference.
- Matrix products: which are split (a four-vector head of at least 3/4 of the columns) and into
  what; a classifier (1 x 2048 x 1000, bias add after it) and a small product agree.
"""

import numpy as np
import pytest

from xfuse.backends.schedules.channel_split import split_channel_remainders, split_matmul_columns
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.target import CpuTarget, host_target
from xfuse.parsing import parse
from xfuse.testing.random_convs import ConvLayer, check_layer, layer_module

AVX512 = CpuTarget("x86-64-v4", 512, 32, True)
AVX2 = CpuTarget("x86-64-v3", 256, 16, True)
ZEN3 = CpuTarget("znver3", 256, 16, True)
"""AVX2 with Zen 3's weight of a filter load (`micro_tile.CONV_B_LOAD_WEIGHTS`)."""


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _convs(module):
    return [op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"]


@pytest.mark.parametrize(("channels", "target", "parts"), [
    (1000, AVX512, (992, 8)),   # SqueezeNet's classifier
    (40, AVX512, (32, 8)),
    (20, AVX512, (16, 4)),
    (20, AVX2, (16, 4)),
    (24, AVX512, (24,)),        # 16 of 24 is below 3/4: one convolution on 8-lane tiles
    (48, AVX512, (48,)),        # a multiple of 16: nothing to split
    (40, AVX2, (32, 8)),         # whole 8-lane vectors: the line split (LINE_SPLIT_AT_TOP_LEVEL)
])
def test_which_convolutions_are_split(channels, target, parts):
    module = layer_module(ConvLayer(1, 13, 13, 8, channels, (1, 1), relu=True))
    assert split_channel_remainders(module, target) == (len(parts) > 1)
    assert tuple(conv.results[0].type.get_shape()[3] for conv in _convs(module)) == parts
    if len(parts) > 1:
        inserts = [op for op in module.walk() if op.name == "tensor.insert_slice"]
        assert [list(op.static_offsets.get_values())[3] for op in inserts] == [0, parts[0]]
        assert inserts[1].operands[1] is inserts[0].results[0]  # the tail writes into the head's result


def test_depthwise_convolutions_are_not_split():
    depthwise = layer_module(ConvLayer(1, 12, 12, 20, 20, (3, 3), padding=1, depthwise=True))
    assert split_channel_remainders(depthwise, AVX512) == 0


SPLIT_LAYERS = [
    pytest.param(ConvLayer(1, 13, 13, 32, 72, (1, 1), relu=True), id="1x1-72-relu"),
    pytest.param(ConvLayer(1, 9, 9, 16, 40, (3, 3), padding=1, residual=True, relu=True), id="3x3-40-residual"),
    pytest.param(ConvLayer(2, 15, 15, 8, 20, (3, 3), stride=2, padding=1), id="stride2-batch2-20"),
]


@pytest.mark.parametrize("layer", SPLIT_LAYERS)
@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_split_layers_agree_with_the_reference(layer, pipeline):
    if host_target().vector_bits != 512:
        pytest.skip(f"the channel counts are chosen for 16-lane vectors (host: {host_target()})")
    module = layer_module(layer)
    assert split_channel_remainders(module, host_target()) == 1
    check_layer(layer, seeds=(0, 1), pipeline=pipeline)


def _matmul_text(m: int, k: int, n: int) -> str:
    """A classifier: `m x k` times `k x n`, then a bias add."""
    return f"""
func.func @fc(%a: tensor<{m}x{k}xf32>, %b: tensor<{k}x{n}xf32>, %bias: tensor<{n}xf32>) -> tensor<{m}x{n}xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %c = linalg.matmul ins(%a, %b : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%acc : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %r = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                        iterator_types = ["parallel", "parallel"]}} ins(%c, %bias : tensor<{m}x{n}xf32>, tensor<{n}xf32>) outs(%e : tensor<{m}x{n}xf32>) {{
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }} -> tensor<{m}x{n}xf32>
  return %r : tensor<{m}x{n}xf32>
}}
"""


@pytest.mark.parametrize(("n", "target", "parts"), [
    (1000, AVX512, (960, 40)),   # a classifier: four-vector head
    (1000, AVX2, (992, 8)),      # 8-lane tiles would be half a cache line
    (1004, AVX2, (992, 12)),
    (1008, AVX2, (1008,)),
    (72, AVX512, (64, 8)),
    (40, AVX512, (40,)),         # 32 of 40 is below 3/4
    (97, AVX512, (96, 1)),       # 64 of 97 is below 3/4, but 97 has no tile at any width
    (97, AVX2, (96, 1)),
    (13, AVX512, (8, 5)),        # the widest vector that leaves some: 8 lanes
    (1008, AVX512, (1008,)),     # a multiple of 16: left alone
])
def test_which_matmuls_are_split(n, target, parts):
    module = parse(_matmul_text(1, 64, n))
    assert split_matmul_columns(module, target) == (len(parts) > 1)
    matmuls = [op for op in module.walk() if op.name == "linalg.matmul"]
    assert tuple(op.results[0].type.get_shape()[1] for op in matmuls) == parts


@pytest.mark.parametrize(("m", "k", "n"), [(1, 2048, 1000), (3, 96, 72), (16, 192, 97)])
@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_split_matmuls_agree_with_the_reference(m, k, n, pipeline):
    text = _matmul_text(m, k, n)
    candidate, reference = compile_module(text, "fc", pipeline), compile_module(text, "fc", "default")
    for seed in (0, 1):
        inputs = random_inputs(candidate.signature, seed=seed)
        (got,), (want,) = candidate(*inputs), reference(*inputs)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


def _biased_conv_text(channels: int, inside_loop: bool = False) -> str:
    """A 3x3 NHWC convolution starting from a bias broadcast, then a ReLU; with `inside_loop`,
    the broadcast writes into a slice of a loop's shared output, as a grouped convolution's
    groups do after xfuse-nhwc (grouped_convs.py)."""
    conv = f"""
    %bias = linalg.broadcast ins(%b : tensor<{channels}xf32>) outs(%o : tensor<1x9x9x{channels}xf32>) dimensions = [0, 1, 2]
    %c = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}}
           ins(%x, %w : tensor<1x11x11x8xf32>, tensor<3x3x8x{channels}xf32>) outs(%bias : tensor<1x9x9x{channels}xf32>) -> tensor<1x9x9x{channels}xf32>"""
    if inside_loop:
        body = f"""
  %l = scf.forall (%i) in (1) shared_outs(%acc = %e) -> (tensor<1x9x9x{channels}xf32>) {{
    %o = tensor.extract_slice %acc[0, 0, 0, 0] [1, 9, 9, {channels}] [1, 1, 1, 1] : tensor<1x9x9x{channels}xf32> to tensor<1x9x9x{channels}xf32>{conv}
    scf.forall.in_parallel {{
      tensor.parallel_insert_slice %c into %acc[0, 0, 0, 0] [1, 9, 9, {channels}] [1, 1, 1, 1] : tensor<1x9x9x{channels}xf32> into tensor<1x9x9x{channels}xf32>
    }}
  }}"""
        result = "%l"
    else:
        body = f"\n  %o = tensor.empty() : tensor<1x9x9x{channels}xf32>{conv}"
        result = "%c"
    return f"""
func.func @biased(%x: tensor<1x11x11x8xf32>, %w: tensor<3x3x8x{channels}xf32>, %b: tensor<{channels}xf32>) -> tensor<1x9x9x{channels}xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x9x9x{channels}xf32>{body}
  %r = linalg.generic {{indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                        iterator_types = ["parallel", "parallel", "parallel", "parallel"]}} ins({result} : tensor<1x9x9x{channels}xf32>) outs(%e : tensor<1x9x9x{channels}xf32>) {{
  ^bb0(%v: f32, %unused: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  }} -> tensor<1x9x9x{channels}xf32>
  return %r : tensor<1x9x9x{channels}xf32>
}}
"""


@pytest.mark.parametrize("inside_loop", [False, True], ids=["function", "loop"])
def test_a_bias_broadcast_is_split_with_the_convolution(inside_loop):
    """Each part starts from its own broadcast of its slice of the bias (so that its schedule
    fuses the broadcast into the register tiles), inserted into what the broadcast wrote into;
    the broadcast of the whole result is gone."""
    module = parse(_biased_conv_text(20, inside_loop))
    assert split_channel_remainders(module, AVX512) == 1
    broadcasts = [op for op in module.walk() if op.name == "linalg.broadcast"]
    convs = _convs(module)
    assert [conv.operands[2].op for conv in convs] == broadcasts
    assert [b.results[0].type.get_shape()[3] for b in broadcasts] == [16, 4]
    slices = [b.operands[0].op for b in broadcasts]
    assert all(s.name == "tensor.extract_slice" and s.operands[0].name_hint == "b" for s in slices)
    assert [list(s.static_offsets.get_values()) for s in slices] == [[0], [16]]
    inserts = [op for op in module.walk() if op.name == "tensor.insert_slice"]
    destination = inserts[0].operands[1]
    assert destination.op.name == ("tensor.extract_slice" if inside_loop else "tensor.empty")
    # Every reader of every value is an op of the module: no op the split made and dropped
    # still reads the accumulators (xfuse-outline-groups took such values for a group's results).
    live = set(module.walk())
    assert all(use.operation in live for op in live for result in op.results for use in result.uses)


@pytest.mark.parametrize("inside_loop", [False, True], ids=["function", "loop"])
@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_split_biased_convolutions_agree_with_the_reference(inside_loop, pipeline):
    if host_target().vector_bits != 512:
        pytest.skip(f"the channel count is chosen for 16-lane vectors (host: {host_target()})")
    text = _biased_conv_text(20, inside_loop)
    candidate, reference = compile_module(text, "biased", pipeline), compile_module(text, "biased", "default")
    for seed in (0, 1):
        inputs = random_inputs(candidate.signature, seed=seed)
        (got,), (want,) = candidate(*inputs), reference(*inputs)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def _chained_conv_in_loop(channels: int) -> str:
    """A slice loop's body as xfuse-nhwc's group split leaves it: the residual's slice, a bias
    broadcast, a 3x3 convolution of `channels` outputs, the residual add and a ReLU, inserted."""
    t = f"tensor<1x9x9x{channels}xf32>"
    ident = "affine_map<(n, h, w, c) -> (n, h, w, c)>"
    par4 = '["parallel", "parallel", "parallel", "parallel"]'
    return f"""
func.func @chained(%x: tensor<1x11x11x8xf32>, %w: tensor<3x3x8x{channels}xf32>, %b: tensor<{channels}xf32>, %res: {t}) -> {t} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {t}
  %l = scf.forall (%i) in (1) shared_outs(%acc = %e) -> ({t}) {{
    %o = tensor.extract_slice %acc[0, 0, 0, 0] [1, 9, 9, {channels}] [1, 1, 1, 1] : {t} to {t}
    %r = tensor.extract_slice %res[0, 0, 0, 0] [1, 9, 9, {channels}] [1, 1, 1, 1] : {t} to {t}
    %bias = linalg.broadcast ins(%b : tensor<{channels}xf32>) outs(%o : {t}) dimensions = [0, 1, 2]
    %c = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}}
           ins(%x, %w : tensor<1x11x11x8xf32>, tensor<3x3x8x{channels}xf32>) outs(%bias : {t}) -> {t}
    %sum = linalg.generic {{indexing_maps = [{ident}, {ident}, {ident}], iterator_types = {par4}}} ins(%c, %r : {t}, {t}) outs(%o : {t}) {{
    ^bb0(%v: f32, %s: f32, %unused: f32):
      %a = arith.addf %v, %s : f32
      linalg.yield %a : f32
    }} -> {t}
    %relu = linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = {par4}}} ins(%sum : {t}) outs(%o : {t}) {{
    ^bb0(%v: f32, %unused: f32):
      %m = arith.maximumf %v, %zero : f32
      linalg.yield %m : f32
    }} -> {t}
    scf.forall.in_parallel {{
      tensor.parallel_insert_slice %relu into %acc[0, 0, 0, 0] [1, 9, 9, {channels}] [1, 1, 1, 1] : {t} into {t}
    }}
  }}
  return %l : {t}
}}
"""


def test_a_chain_in_a_loop_is_split_with_the_convolution():
    """In a slice loop, each part applies the residual add and ReLU to its own channels (so its
    schedule fuses them into its register tiles) and inserts that; no generic reads the whole
    convolution any more."""
    module = parse(_chained_conv_in_loop(20))
    assert split_channel_remainders(module, AVX512) == 1
    convs = _convs(module)
    generics = [op for op in module.walk() if op.name == "linalg.generic"]
    assert len(convs) == 2 and len(generics) == 4
    for conv, first in zip(convs, (0, 16), strict=True):
        (use,) = conv.results[0].uses
        add = use.operation
        assert add in generics and add.results[0].type == conv.results[0].type
        residual = add.operands[1].op
        assert residual.name == "tensor.extract_slice" and residual.operands[0].name_hint == "r"
        assert list(residual.static_offsets.get_values()) == [0, 0, 0, first]
        (relu_use,) = add.results[0].uses
        assert next(iter(relu_use.operation.results[0].uses)).operation.name == "tensor.insert_slice"


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_split_chains_agree_with_the_reference(pipeline):
    if host_target().vector_bits != 512:
        pytest.skip(f"the channel count is chosen for 16-lane vectors (host: {host_target()})")
    text = _chained_conv_in_loop(20)
    candidate, reference = compile_module(text, "chained", pipeline), compile_module(text, "chained", "default")
    for seed in (0, 1):
        inputs = random_inputs(candidate.signature, seed=seed)
        (got,), (want,) = candidate(*inputs), reference(*inputs)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def _pointwise_in_loop(size: int, inputs: int, channels: int) -> str:
    """A block of xfuse-block-filters: in a one-trip slice loop, a bias broadcast, a 1x1
    convolution of `inputs` -> `channels` on `size x size` pixels and a ReLU, inserted."""
    t = f"tensor<1x{size}x{size}x{channels}xf32>"
    ident = "affine_map<(n, h, w, c) -> (n, h, w, c)>"
    return f"""
func.func @block(%x: tensor<1x{size}x{size}x{inputs}xf32>, %w: tensor<1x1x{inputs}x{channels}xf32>, %b: tensor<{channels}xf32>) -> {t} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {t}
  %l = scf.forall (%i) in (1) shared_outs(%acc = %e) -> ({t}) {{
    %o = tensor.extract_slice %acc[0, 0, 0, 0] [1, {size}, {size}, {channels}] [1, 1, 1, 1] : {t} to {t}
    %bias = linalg.broadcast ins(%b : tensor<{channels}xf32>) outs(%o : {t}) dimensions = [0, 1, 2]
    %c = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}}
           ins(%x, %w : tensor<1x{size}x{size}x{inputs}xf32>, tensor<1x1x{inputs}x{channels}xf32>) outs(%bias : {t}) -> {t}
    %relu = linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}} ins(%c : {t}) outs(%o : {t}) {{
    ^bb0(%v: f32, %unused: f32):
      %m = arith.maximumf %v, %zero : f32
      linalg.yield %m : f32
    }} -> {t}
    scf.forall.in_parallel {{
      tensor.parallel_insert_slice %relu into %acc[0, 0, 0, 0] [1, {size}, {size}, {channels}] [1, 1, 1, 1] : {t} into {t}
    }}
  }}
  return %l : {t}
}}
"""


@pytest.mark.parametrize(("size", "channels", "target", "parts"), [
    (13, 40, AVX2, (32, 8)),     # SqueezeNet's classifier block: 6x16 on 168 of the 169 pixels of 32 channels
    (7, 136, AVX2, (136,)),      # ShuffleNet's groups: 7x8 on the whole and on 128 channels alike
    (13, 24, AVX2, (24,)),       # 16 of 24 is below 3/4
    (13, 48, AVX2, (48,)),       # whole cache lines already
    (13, 40, AVX512, (32, 8)),   # 16 lanes: split at the last full vector, as before
])
def test_which_blocks_are_split_for_whole_cache_lines(size, channels, target, parts):
    """On AVX2, a convolution in a slice loop whose channels are whole 8-lane vectors but not
    whole cache lines is split where the parts' tiles model at most `LINE_SPLIT_TIME` of the
    whole's time."""
    module = parse(_pointwise_in_loop(size, 64, channels))
    assert split_channel_remainders(module, target) == (len(parts) > 1)
    assert tuple(conv.results[0].type.get_shape()[3] for conv in _convs(module)) == parts


@pytest.mark.parametrize(("layer", "parts"), [
    (ConvLayer(1, 13, 13, 64, 40, (1, 1), relu=True), (32, 8)),
    (ConvLayer(1, 28, 28, 56, 152, (1, 1), relu=True), (144, 8)),   # RegNet-Y's 1x1 layers
    (ConvLayer(1, 14, 14, 152, 152, (1, 1), relu=True), (144, 8)),
    (ConvLayer(1, 56, 56, 24, 56, (1, 1), relu=True), (48, 8)),
    (ConvLayer(1, 112, 112, 32, 24, (1, 1), relu=True), (24,)),       # 16 of 24 is below 3/4
    (ConvLayer(1, 1, 1, 14, 152, (1, 1), relu=True), (152,)),         # one pixel: a squeeze-excite's
])
def test_line_split_at_the_top_level_takes_the_chain_per_part(layer, parts):
    """At a function's top level too (`LINE_SPLIT_AT_TOP_LEVEL`), each part applies the chain
    after the convolution (here a ReLU) to its own channels, so no generic reads the whole
    convolution."""
    module = layer_module(layer)
    assert split_channel_remainders(module, ZEN3) == (len(parts) > 1)
    convs = _convs(module)
    assert tuple(conv.results[0].type.get_shape()[3] for conv in convs) == parts
    if len(parts) == 1:
        return
    for conv, count in zip(convs, parts, strict=True):
        (use,) = conv.results[0].uses
        assert use.operation.name == "linalg.generic"
        assert use.operation.results[0].type.get_shape()[3] == count


@pytest.mark.parametrize("layer", [
    ConvLayer(1, 112, 112, 32, 24, (1, 1), relu=True),   # RegNet-Y's first 1x1 layer
    ConvLayer(1, 56, 56, 144, 24, (1, 1), relu=True),    # MobileNetV2's, EfficientNet-B0's projections
])
def test_the_cost_model_keeps_24_channels_whole_without_the_head_fraction(layer, monkeypatch):
    """16 + 8 of 24 channels models 0.917 of the whole's time on Zen 3 (4x16 on the head, 14x8 on
    the tail against 14x8 on all 24), above `LINE_SPLIT_TIME`: the model alone keeps the layer
    whole, not only `MIN_HEAD_FRACTION`. Measured split, RegNet-Y's 112x112, 32 -> 24 layer alone
    ran 1.6x slower (docs/backend-measurements.md, "Zen 3, fifteenth session")."""
    from xfuse.backends.schedules import channel_split

    monkeypatch.setattr(channel_split, "MIN_HEAD_FRACTION", 0.0)
    module = layer_module(layer)
    assert split_channel_remainders(module, ZEN3) == 0
    assert [conv.results[0].type.get_shape()[3] for conv in _convs(module)] == [24]


def test_line_split_at_the_top_level_can_be_switched_off(monkeypatch):
    from xfuse.backends.schedules import channel_split

    monkeypatch.setattr(channel_split, "LINE_SPLIT_AT_TOP_LEVEL", False)
    module = layer_module(ConvLayer(1, 13, 13, 64, 40, (1, 1), relu=True))
    assert split_channel_remainders(module, AVX2) == 0


@pytest.mark.parametrize("layer", [
    pytest.param(ConvLayer(1, 14, 14, 152, 152, (1, 1), residual=True, relu=True), id="1x1-152-residual"),
    pytest.param(ConvLayer(1, 28, 28, 16, 40, (3, 3), padding=1, relu=True), id="3x3-40"),
])
@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_top_level_line_splits_agree_with_the_reference(layer, pipeline):
    if host_target().vector_bits != 256 or not split_channel_remainders(layer_module(layer), host_target()):
        pytest.skip(f"the split is for 8-lane vectors and Zen 3's cost model (host: {host_target()})")
    check_layer(layer, seeds=(0, 1), pipeline=pipeline)


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_line_split_blocks_agree_with_the_reference(pipeline):
    if host_target().vector_bits != 256:
        pytest.skip(f"the split is for 8-lane vectors (host: {host_target()})")
    text = _pointwise_in_loop(13, 24, 40)
    assert split_channel_remainders(parse(text), host_target()) == 1
    candidate, reference = compile_module(text, "block", pipeline), compile_module(text, "block", "default")
    for seed in (0, 1):
        inputs = random_inputs(candidate.signature, seed=seed)
        (got,), (want,) = candidate(*inputs), reference(*inputs)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)

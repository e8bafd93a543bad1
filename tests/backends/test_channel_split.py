"""Convolutions split at the last multiple of the vector width (xfuse/backends/channel_split.py).

- Which convolutions are split (the head at least 3/4 of the channels, a full-width tile for
  it) and into what: two convolutions on filter and accumulator slices, inserted back in order.
- Differential: split layers (1x1 and 3x3, padding, stride, batch 2, bias-like residual and
  ReLU after the split) through `microkernel` and `microkernel-parallel` against `default`.
"""

import pytest

from xfuse.backends.channel_split import split_channel_remainders
from xfuse.backends.target import CpuTarget, host_target
from xfuse.testing.random_convs import ConvLayer, check_layer, layer_module

AVX512 = CpuTarget("x86-64-v4", 512, 32, True)
AVX2 = CpuTarget("x86-64-v3", 256, 16, True)


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
    (40, AVX2, (40,)),
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
@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-parallel"])
def test_split_layers_agree_with_the_reference(layer, pipeline):
    if host_target().vector_bits != 512:
        pytest.skip(f"the channel counts are chosen for 16-lane vectors (host: {host_target()})")
    module = layer_module(layer)
    assert split_channel_remainders(module, host_target()) == 1
    check_layer(layer, seeds=(0, 1), pipeline=pipeline)

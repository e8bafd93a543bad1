"""Strided 1x1 convolutions as a subsampled input and a stride-1 1x1 (xfuse/backends/schedules/strided_pointwise.py).

- Which are rewritten (on Zen 3's register file): where the stride-1 layer's flattened pixels
  get a better tile than the strided layer's rows or column split, and into what (a strided
  `tensor.extract_slice` of the input, the convolution at stride 1 on it).
- The switch: off, nothing is rewritten.
- Differential: rewritten layers (with a residual add and ReLU after them) through `microkernel`
  and `microkernel-openmp` against `default`.
"""

import pytest

from xfuse.backends.schedules import strided_pointwise
from xfuse.backends.schedules.strided_pointwise import subsample_strided_pointwise
from xfuse.backends.target import CpuTarget, host_target
from xfuse.testing.random_convs import ConvLayer, check_layer, layer_module

ZEN3 = CpuTarget("znver3", 256, 16, True)


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


@pytest.fixture
def switched_on(monkeypatch):
    monkeypatch.setattr(strided_pointwise, "STRIDED_POINTWISE_SUBSAMPLED", True)


@pytest.mark.parametrize(("layer", "rewritten"), [
    (ConvLayer(1, 14, 14, 152, 368, (1, 1), stride=2, relu=True), True),    # RegNet-Y's 7x7 shortcut: 7x8 -> 45 + 4
    (ConvLayer(1, 28, 28, 512, 1024, (1, 1), stride=2, relu=True), True),   # ResNet-50's 14x14 shortcut
    (ConvLayer(1, 28, 28, 56, 152, (1, 1), stride=2, relu=True), False),    # 14x8 on the rows and on 196 pixels alike
    (ConvLayer(1, 56, 56, 256, 512, (1, 1), stride=2, relu=True), False),   # 28-wide rows: 4x16 already
    (ConvLayer(1, 14, 14, 152, 368, (1, 1), relu=True), False),             # stride 1: flat_pixels.py's
    (ConvLayer(1, 14, 14, 152, 368, (3, 3), stride=2, padding=1), False),   # not 1x1
])
def test_which_strided_pointwise_convolutions_are_subsampled(layer, rewritten, switched_on):
    module = layer_module(layer)
    assert subsample_strided_pointwise(module, ZEN3) == int(rewritten)
    if not rewritten:
        return
    (slice_,) = [op for op in module.walk() if op.name == "tensor.extract_slice"]
    assert list(slice_.static_strides.get_values()) == [1, layer.stride, layer.stride, 1]
    (conv,) = [op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"]
    assert conv.operands[0] is slice_.results[0]
    assert list(conv.properties["strides"].get_values()) == [1, 1]


def test_off_by_default():
    assert not strided_pointwise.STRIDED_POINTWISE_SUBSAMPLED
    assert subsample_strided_pointwise(layer_module(ConvLayer(1, 14, 14, 152, 368, (1, 1), stride=2)), ZEN3) == 0


@pytest.mark.parametrize("layer", [
    pytest.param(ConvLayer(1, 14, 14, 152, 368, (1, 1), stride=2, residual=True, relu=True), id="7x7-368-residual"),
    pytest.param(ConvLayer(2, 13, 13, 24, 48, (1, 1), stride=2, input_relu=True, relu=True), id="odd-batch2"),
])
@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_subsampled_layers_agree_with_the_reference(layer, pipeline, switched_on):
    if not subsample_strided_pointwise(layer_module(layer), host_target()):
        pytest.skip(f"not rewritten on this host ({host_target()})")
    check_layer(layer, seeds=(0, 1), pipeline=pipeline)

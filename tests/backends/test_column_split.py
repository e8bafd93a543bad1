"""Convolutions fused op by op split in two column ranges (xfuse/backends/schedules/column_split.py).

- Which are split: an odd width whose dividing tile scores far below the best split (27 columns:
  9x8 against 6x16 + 3x16), only when the convolution is fused op by op; not 55 columns (5x16
  divides), 13 (nothing better), a 1x1 convolution, or one `transform.structured.fuse` splits.
- Into what: two convolutions on the input columns their windows read, each with its slice of
  the bias and the ReLU on its slice, inserted into one result.
- Differential: split layers (3x3 and 5x3, stride 2, dilation 2, batch 2, a residual add and
  ReLU after them) through `microkernel` and `microkernel-openmp` against `default`.
"""

import re

import numpy as np
import pytest

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.schedules.column_split import split_convolution_columns
from xfuse.backends.target import CpuTarget, host_target
from xfuse.parsing import parse
from xfuse.testing.random_convs import ConvLayer, layer_module

AVX2 = CpuTarget("znver3", 256, 16, True, l2_bytes=512 * 1024)


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _with_bias_broadcast(layer: ConvLayer) -> str:
    """The layer's text with its bias as a `linalg.broadcast`, as xfuse.onnx gives a network's
    convolutions (random_convs.py writes a generic, which the parts cannot make per slice)."""
    text = layer.text()
    bias = re.search(r"%bias = linalg.generic .*?ins\(%b : (tensor<\d+xf32>)\) outs\(%empty : (tensor<[^>]*>)\).*?\} -> tensor<[^>]*>",
                     text, re.S)
    broadcast = f"%bias = linalg.broadcast ins(%b : {bias[1]}) outs(%empty : {bias[2]}) dimensions = [0, 1, 2]"
    return text[:bias.start()] + broadcast + text[bias.end():]


def _convs(module):
    return [op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"]


@pytest.mark.parametrize(("layer", "widths"), [
    (ConvLayer(1, 29, 29, 32, 128, (3, 3), input_relu=True, relu=True), (24, 3)),   # SqueezeNet's 27-wide expand
    (ConvLayer(1, 57, 57, 16, 64, (3, 3), input_relu=True, relu=True), (55,)),      # 5x16 divides 55
    (ConvLayer(1, 15, 15, 48, 64, (3, 3), input_relu=True, relu=True), (13,)),      # 13x8 either way
    (ConvLayer(1, 27, 27, 32, 128, (1, 1), input_relu=True, relu=True), (27,)),     # 1x1: flat_pixels.py's
    (ConvLayer(1, 113, 113, 3, 64, (3, 3), input_relu=True, relu=True), (108, 3)),  # SqueezeNet's first layer: 3x16 divides
    (ConvLayer(1, 113, 113, 3, 64, (3, 3)), (111,)),  # fused with transform.structured.fuse, which splits the width itself
])
def test_which_convolutions_are_split(layer, widths):
    module = parse(_with_bias_broadcast(layer))
    assert split_convolution_columns(module, AVX2) == (len(widths) > 1)
    convs = _convs(module)
    assert tuple(conv.results[0].type.get_shape()[2] for conv in convs) == widths
    if len(widths) > 1:
        # each part reads the input columns its windows cover: 24 outputs read 26 columns, 3 read 5 from column 24
        inputs = [conv.operands[0].op for conv in convs]
        assert [list(op.static_offsets.get_values())[2] for op in inputs] == [0, widths[0]]
        assert [op.results[0].type.get_shape()[2] for op in inputs] == [widths[0] + 2, widths[1] + 2]
        # each part starts from its own slice of the bias, and its ReLU is on its slice
        assert all(conv.operands[2].op.name == "linalg.broadcast" for conv in convs)
        relus = [next(iter(conv.results[0].uses)).operation for conv in convs]
        assert all(op.name == "linalg.generic" for op in relus)
        inserts = [op for op in module.walk() if op.name == "tensor.insert_slice"]
        assert [list(op.static_offsets.get_values())[2] for op in inserts] == [0, widths[0]]
        assert inserts[1].operands[1] is inserts[0].results[0]


SPLIT_LAYERS = [
    pytest.param(ConvLayer(1, 29, 29, 8, 32, (3, 3), input_relu=True, relu=True), id="3x3-27"),
    pytest.param(ConvLayer(2, 31, 29, 8, 32, (5, 3), input_relu=True, residual=True, relu=True), id="5x3-batch2-residual"),
    pytest.param(ConvLayer(1, 55, 55, 8, 32, (3, 3), stride=2, input_relu=True, relu=True), id="stride2-27"),
    pytest.param(ConvLayer(1, 31, 31, 8, 32, (3, 3), dilation=2, input_relu=True, relu=True), id="dilation2-27"),
]


@pytest.mark.parametrize("layer", SPLIT_LAYERS)
@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_split_layers_agree_with_the_reference(layer, pipeline):
    if host_target().vector_registers != 16:
        pytest.skip(f"the widths are chosen for 16-register targets (host: {host_target()})")
    text = _with_bias_broadcast(layer)
    assert split_convolution_columns(parse(text), host_target()) == 1
    candidate, reference = compile_module(text, "conv", pipeline), compile_module(text, "conv", "default")
    for seed in (0, 1):
        inputs = random_inputs(candidate.signature, seed=seed)
        (got,), (want,) = candidate(*inputs), reference(*inputs)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4, err_msg=str(layer))


def test_a_computed_init_is_left_alone():
    """random_convs.py's bias generic: the parts could not make it per slice."""
    layer = ConvLayer(1, 29, 29, 32, 128, (3, 3), input_relu=True, relu=True)
    assert split_convolution_columns(layer_module(layer), AVX2) == 0

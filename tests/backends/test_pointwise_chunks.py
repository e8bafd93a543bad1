"""pointwise_chunks.py: the reduction of a 1x1 layer in a filter-block loop walked in chunks
outside its register tiles, its bias broadcast and ReLU around the chunk loop.

- Which blocks chunk, and by how much (`pointwise_chunk`), on the FileCheck test's module
  (tests/filecheck/with-mlir/backends/pointwise-chunks.mlir: ResNet-50's 14x14 1024 -> 256 and
  Inception-v2's 576 -> 192 in blocks of 16).
- One-layer ONNX models (input ReLU, 1x1 convolution + bias, ReLU) through `xfuse.onnx.load`, as
  in a network (blocked filters, fused op by op), chunked against numpy, at one and two threads;
  `RESULT_MAX_BYTES` is raised so that AVX-512 hosts' 64-wide blocks (49 KiB results) chunk too.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.schedules import conv as conv_schedule
from xfuse.backends.schedules import pointwise_chunks
from xfuse.backends.schedules.pointwise_chunks import pointwise_chunk
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse

ZEN3 = CpuTarget("znver3", 256, 16, True)
MODULE = Path(__file__).parent.parent / "filecheck" / "with-mlir" / "backends" / "pointwise-chunks.mlir"


def _convolutions():
    module = parse(MODULE.read_text())
    return [op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"]


@pytest.mark.parametrize("result_max, chunks", [(0, [0, 0]), (8192, [0, 0]), (16384, [256, 192]), (65536, [256, 192])])
def test_which_blocks_chunk(result_max, chunks, monkeypatch):
    """Off at 0 (the default); 12.5 KiB results under 16 KiB chunk; the chunk is the most channels
    whose 16-wide slice of the panel fits half of L1 and divides the channels."""
    monkeypatch.setattr(pointwise_chunks, "RESULT_MAX_BYTES", result_max)
    assert [pointwise_chunk(op, ZEN3) for op in _convolutions()] == chunks


def test_panels_that_fit_l1_do_not_chunk(monkeypatch):
    """A panel within L1 (256 channels x 16: 16 KiB) is walked from L1 anyway."""
    monkeypatch.setattr(pointwise_chunks, "RESULT_MAX_BYTES", 65536)
    monkeypatch.setattr(pointwise_chunks, "L1_BYTES", 1024 * 16 * 4)
    assert [pointwise_chunk(op, ZEN3) for op in _convolutions()] == [0, 0]


def _layer_model(channels: int, features: int):
    sys.path.insert(0, str(Path(__file__).parent.parent.parent / "benchmarks"))
    from conv_layers import onnx_model

    from xfuse.testing.random_convs import ConvLayer

    layer = dataclasses.replace(ConvLayer(1, 14, 14, channels, features, (1, 1)), input_relu=True, relu=True)
    rng = np.random.default_rng(channels + features)
    w = (rng.random((features, channels, 1, 1), dtype=np.float32) - 0.5) * 0.1
    b = rng.random(features, dtype=np.float32)
    x = rng.random((1, channels, 14, 14), dtype=np.float32) - 0.5
    want = np.maximum(np.einsum("oc,nchw->nohw", w[:, :, 0, 0], np.maximum(x, 0)) + b[None, :, None, None], 0)
    return onnx_model(layer, w, b), x, want


@pytest.mark.parametrize("channels, features, threads", [(1024, 256, 1), (576, 192, 1), (1024, 256, 2)])
def test_chunked_layers_agree_with_numpy(channels, features, threads, monkeypatch):
    import xfuse.onnx

    monkeypatch.setattr(pointwise_chunks, "RESULT_MAX_BYTES", 65536)
    chunked = []
    prepare = conv_schedule.prepare_chunked
    monkeypatch.setattr(conv_schedule, "prepare_chunked", lambda op, group: (chunked.append(group), prepare(op, group)))
    model, x, want = _layer_model(channels, features)
    got = xfuse.onnx.load(model, threads=threads)(x)
    got = got[0] if isinstance(got, (list, tuple)) else got
    assert chunked, "the layer was not chunked"
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-4, atol=1e-4)


def _blocked_reference(x, w, b, relu_input: bool, relu_output: bool):
    """The FileCheck module's layer in numpy: `x` NHWC, `w` blocks `[B, 1, 1, C, 16]`, bias `b`."""
    x = np.maximum(x, 0) if relu_input else x
    filters = np.concatenate(list(w[:, 0, 0]), axis=1)  # C x (B * 16)
    y = np.einsum("nhwc,cf->nhwf", x, filters) + b
    return np.maximum(y, 0) if relu_output else y


def test_the_filecheck_module_agrees_with_numpy(monkeypatch):
    """Both forms in the FileCheck test's module, compiled: the 1024 -> 256 layer fused op by op
    (its input a ReLU) with its ReLU after the chunk loop, the 576 -> 192 one (its input an
    argument: `transform.structured.fuse` of the chunk) with none; each against numpy."""
    from xfuse.backends.runner import compile_module

    monkeypatch.setattr(pointwise_chunks, "RESULT_MAX_BYTES", 65536)
    chunked = []
    prepare = conv_schedule.prepare_chunked
    monkeypatch.setattr(conv_schedule, "prepare_chunked", lambda op, group: (chunked.append(group), prepare(op, group)))
    rng = np.random.default_rng(7)
    shapes = [(1, 14, 14, 1024), (16, 1, 1, 1024, 16), (256,), (1, 14, 14, 576), (12, 1, 1, 576, 16), (192,)]
    x, w, b, x2, w2, b2 = ((rng.random(s, dtype=np.float32) - 0.5) for s in shapes)
    got = compile_module(MODULE.read_text(), "layer", "microkernel")(x, w, b, x2, w2, b2)
    assert len(chunked) == 2, "both layers chunk"
    np.testing.assert_allclose(got[0], _blocked_reference(x, w, b, True, True), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(got[1], _blocked_reference(x2, w2, b2, False, False), rtol=1e-4, atol=1e-4)

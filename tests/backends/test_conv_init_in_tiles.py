"""The bias broadcast of an unfused convolution whose input a linalg op computes is computed in
its register tiles (`_init_through_forall`, xfuse/backends/schedules/conv.py): the tiles are one
`scf.forall`, through whose shared output `fuse_into_containing_op` reaches the init.

- Plan: the broadcast is marked as the instance's producer and the group tiles by forall; not
  with a fused chain (it already fuses the init); for a convolution whose input is no linalg
  result only when a dividing register tile keeps the FMA units busy (`_init_in_dividing_tiles`).
- Generated code: one loop nest fewer than with the rule off (the broadcast's own pass).
- Contractions too small to share (`sequential_tiles`) keep loop tiles in the parallel pipelines.
- Differential: `microkernel` and `microkernel-openmp` agree with the reference `default`,
  for a 1x1 and a strided, padded 3x3 convolution and a width with a remainder.
"""

import re

import numpy as np
import pytest
from test_pipelines import _assembly, _innermost_loops  # noqa: F401 - helpers of the matmul tests

import xfuse.backends.schedules.conv as conv_schedule
import xfuse.backends.schedules.matmul as matmul_schedule
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.schedules.conv import CONV_PRODUCER_ATTR, conv_schedule_bodies, plan_convolutions
from xfuse.backends.schedules.matmul import PARALLEL_MIN_FLOPS, plan_microkernels, schedule_bodies
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse

AVX2 = CpuTarget("x86-64-v3", 256, 16, True)


def _relu_then_conv(h: int = 20, w: int = 24, cin: int = 64, cout: int = 64, kernel: int = 1, stride: int = 1,
                    epilogue: bool = False) -> str:
    """ReLU (a linalg op computing the input) -> `kernel`x`kernel` convolution whose `outs` is a
    bias broadcast (torch-mlir's form of an ONNX Conv with a bias); with `epilogue`, a ReLU after it.
    The default is 3.9 MFLOP: above `PARALLEL_MIN_FLOPS`."""
    oh, ow = (h - kernel) // stride + 1, (w - kernel) // stride + 1
    out = f"tensor<1x{oh}x{ow}x{cout}xf32>"
    relu = """linalg.generic {{indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
    iterator_types = ["parallel", "parallel", "parallel", "parallel"]}} ins({x} : {t}) outs({e} : {t}) {{
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  }} -> {t}"""
    after = f"""
  %ey = tensor.empty() : {out}
  %z = {relu.format(x="%y", e="%ey", t=out)}""" if epilogue else ""
    return f"""
func.func @conv(%x: tensor<1x{h}x{w}x{cin}xf32>, %w: tensor<{kernel}x{kernel}x{cin}x{cout}xf32>, %b: tensor<{cout}xf32>) -> {out} {{
  %zero = arith.constant 0.0 : f32
  %ex = tensor.empty() : tensor<1x{h}x{w}x{cin}xf32>
  %r = {relu.format(x="%x", e="%ex", t=f"tensor<1x{h}x{w}x{cin}xf32>")}
  %e = tensor.empty() : {out}
  %bias = linalg.broadcast ins(%b : tensor<{cout}xf32>) outs(%e : {out}) dimensions = [0, 1, 2]
  %y = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}}
    ins(%r, %w : tensor<1x{h}x{w}x{cin}xf32>, tensor<{kernel}x{kernel}x{cin}x{cout}xf32>) outs(%bias : {out}) -> {out}{after}
  return {"%z" if epilogue else "%y"} : {out}
}}
"""


def _broadcast(module):
    (broadcast,) = [op for op in module.walk() if op.name == "linalg.broadcast"]
    return broadcast


def test_the_bias_broadcast_of_an_unfused_convolution_joins_its_forall_tiles():
    module = parse(_relu_then_conv())
    (group,) = plan_convolutions(module, AVX2)
    assert group.root_is_conv and group.instances == (0,) and group.forall_tiles
    assert _broadcast(module).attributes[CONV_PRODUCER_ATTR].value.data == 0
    (body,) = conv_schedule_bodies([group])
    assert "transform.structured.tile_using_forall %ci0 tile_sizes [1, 1, 6, 16]" in body


def _conv_of_argument(**shape) -> str:
    return _relu_then_conv(**shape).replace("ins(%r, %w", "ins(%x, %w")


def test_a_convolution_of_an_argument_joins_its_init_when_a_dividing_tile_keeps_the_fmas_busy(monkeypatch):
    """No linalg op computes the input, nothing is fused after it, and the tile would split its
    32 columns (6x16 over 30, then 2): tiled op by op all the same (`_init_in_dividing_tiles`),
    in dividing 4x16 tiles (8 accumulators), the broadcast in the forall's tiles; the switch
    gives back `transform.structured.fuse` and its width split."""
    module = parse(_conv_of_argument(w=32))
    (group,) = plan_convolutions(module, AVX2)
    assert group.root_is_conv and group.instances == (0,) and group.forall_tiles and not group.tile.remainder
    assert _broadcast(module).attributes[CONV_PRODUCER_ATTR].value.data == 0
    assert (group.tile.mr, group.tile.nr) == (4, 16)
    monkeypatch.setattr(conv_schedule, "INIT_WITHOUT_PRODUCER", False)
    module = parse(_conv_of_argument(w=32))
    (group,) = plan_convolutions(module, AVX2)
    assert not group.instances and not group.forall_tiles and group.tile.remainder == 2
    assert CONV_PRODUCER_ATTR not in _broadcast(module).attributes


@pytest.mark.parametrize("text", [_relu_then_conv(epilogue=True), _conv_of_argument(w=17, cout=32), _conv_of_argument(),
                                  _relu_then_conv(h=10, w=12, cin=16, cout=32)],
                         ids=["fused chain", "input is an argument, no dividing tile of 8 accumulators",
                              "input is an argument, no width split", "too small to share"])
def test_other_convolutions_keep_their_tiling(text):
    module = parse(text)
    (group,) = plan_convolutions(module, AVX2)
    assert not group.forall_tiles


def test_the_switch_turns_it_off(monkeypatch):
    monkeypatch.setattr(conv_schedule, "INIT_THROUGH_FORALL", False)
    module = parse(_relu_then_conv())
    (group,) = plan_convolutions(module, AVX2)
    assert not group.forall_tiles and CONV_PRODUCER_ATTR not in _broadcast(module).attributes


def test_the_broadcast_is_no_pass_of_its_own(tmp_path, monkeypatch):
    """The rule removes a loop nest: the broadcast's pass over the result (a small layer, its
    loops easy to count, with the size threshold off)."""
    monkeypatch.setattr(matmul_schedule, "PARALLEL_MIN_FLOPS", 0)
    small = dict(h=10, w=12, cin=16, cout=32)
    with_rule = _innermost_loops(_assembly(parse(_relu_then_conv(**small)), tmp_path))
    monkeypatch.setattr(conv_schedule, "INIT_THROUGH_FORALL", False)
    without = _innermost_loops(_assembly(parse(_relu_then_conv(**small)), tmp_path))
    assert len(with_rule) < len(without), (len(with_rule), len(without))
    fmas = [loop for loop in with_rule if re.search(r"vfmadd", loop)]
    assert fmas, "the tiles' reduction loop is vector FMAs"


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
@pytest.mark.parametrize("shape", [{}, {"kernel": 3, "stride": 2, "h": 21, "w": 25}, {"w": 17, "cin": 128, "cout": 24},
                                   {"argument": True, "kernel": 3, "stride": 2, "h": 21, "w": 65}],
                         ids=["1x1", "3x3 stride 2", "odd width, 24 channels", "input is an argument, 3x3 stride 2"])
def test_agrees_with_the_reference(pipeline, shape):
    shape = dict(shape)  # the parameter is shared by both pipelines
    make = _conv_of_argument if shape.pop("argument", False) else _relu_then_conv
    candidate = compile_module(parse(make(**shape)), "conv", pipeline)
    reference = compile_module(parse(make(**shape)), "conv", "default")
    inputs = random_inputs(candidate.signature, seed=1)
    np.testing.assert_allclose(candidate(*inputs)[0], reference(*inputs)[0], rtol=1e-4, atol=1e-4)


def _matmul(m: int, k: int, n: int) -> str:
    return f"""
func.func @mm(%a: tensor<{m}x{k}xf32>, %b: tensor<{k}x{n}xf32>) -> tensor<{m}x{n}xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %c = linalg.matmul ins(%a, %b : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%f : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  return %c : tensor<{m}x{n}xf32>
}}
"""


@pytest.mark.parametrize("m, k, n, sequential", [(1, 96, 384, True), (16, 128, 384, True), (64, 128, 384, False)])
def test_contractions_too_small_to_share_keep_loop_tiles(m, k, n, sequential):
    """A recurrent step's matrix-vector product (the CRNN's LSTM: 1 x 96 x 384 in a 16-step loop)
    keeps `scf.for` register tiles in the parallel pipelines (`PARALLEL_MIN_FLOPS`)."""
    module = parse(_matmul(m, k, n))
    (group,) = plan_microkernels(module, AVX2)
    assert group.in_forall == sequential == (2 * m * k * n < PARALLEL_MIN_FLOPS)
    assert "scf.forall" not in "".join(schedule_bodies([group], parallel=True)) or not sequential
    candidate = compile_module(parse(_matmul(m, k, n)), "mm", "microkernel-openmp")
    reference = compile_module(parse(_matmul(m, k, n)), "mm", "default")
    inputs = random_inputs(candidate.signature, seed=2)
    np.testing.assert_allclose(candidate(*inputs)[0], reference(*inputs)[0], rtol=1e-4, atol=1e-4)

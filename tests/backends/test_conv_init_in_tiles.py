"""The bias broadcast of an unfused convolution whose input a linalg op computes is computed in
its register tiles (`_init_through_forall`, xfuse/backends/schedules/conv.py): the tiles are one
`scf.forall`, through whose shared output `fuse_into_containing_op` reaches the init.

- Plan: the broadcast is marked as the instance's producer and the group tiles by forall; not
  with a fused chain (it already fuses the init), nor for a convolution whose input is no linalg
  result (`transform.structured.fuse` fuses the init there).
- Generated code: one loop nest fewer than with the rule off (the broadcast's own pass).
- Differential: `microkernel` and `microkernel-openmp` agree with the reference `default`,
  for a 1x1 and a strided, padded 3x3 convolution and a width with a remainder.
"""

import re

import numpy as np
import pytest
from test_pipelines import _assembly, _innermost_loops  # noqa: F401 - helpers of the matmul tests

import xfuse.backends.schedules.conv as conv_schedule
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.schedules.conv import CONV_PRODUCER_ATTR, conv_schedule_bodies, plan_convolutions
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse

AVX2 = CpuTarget("x86-64-v3", 256, 16, True)


def _relu_then_conv(h: int = 10, w: int = 12, cin: int = 16, cout: int = 32, kernel: int = 1, stride: int = 1,
                    epilogue: bool = False) -> str:
    """ReLU (a linalg op computing the input) -> `kernel`x`kernel` convolution whose `outs` is a
    bias broadcast (torch-mlir's form of an ONNX Conv with a bias); with `epilogue`, a ReLU after it."""
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


@pytest.mark.parametrize("text", [_relu_then_conv(epilogue=True), _relu_then_conv().replace("ins(%r, %w", "ins(%x, %w")],
                         ids=["fused chain", "input is an argument"])
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
    """The rule removes a loop nest: the broadcast's pass over the result."""
    with_rule = _innermost_loops(_assembly(parse(_relu_then_conv()), tmp_path))
    monkeypatch.setattr(conv_schedule, "INIT_THROUGH_FORALL", False)
    without = _innermost_loops(_assembly(parse(_relu_then_conv()), tmp_path))
    assert len(with_rule) < len(without), (len(with_rule), len(without))
    fmas = [loop for loop in with_rule if re.search(r"vfmadd", loop)]
    assert fmas, "the tiles' reduction loop is vector FMAs"


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
@pytest.mark.parametrize("shape", [{}, {"kernel": 3, "stride": 2, "h": 11, "w": 17}, {"w": 17, "cout": 24}],
                         ids=["1x1", "3x3 stride 2", "remainder width, 24 channels"])
def test_agrees_with_the_reference(pipeline, shape):
    candidate = compile_module(parse(_relu_then_conv(**shape)), "conv", pipeline)
    reference = compile_module(parse(_relu_then_conv(**shape)), "conv", "default")
    inputs = random_inputs(candidate.signature, seed=1)
    np.testing.assert_allclose(candidate(*inputs)[0], reference(*inputs)[0], rtol=1e-4, atol=1e-4)

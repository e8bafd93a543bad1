"""Named elementwise ops in a tile loop become generics (xfuse/backends/schedules/named_elementwise.py).

- In the README MLP's fused tiles, the bias `linalg.broadcast` and the `linalg.add` become
  generics (the broadcast reading the bias through `(d0, d1) -> (d1)`), and the elementwise
  schedule takes them into the ReLU's chain.
- Left: the same ops at a function's top level, a broadcast that is an init, the switch off.
- Differential: tiles with named add, max, sub and broadcast through `microkernel` against `default`.
"""

import numpy as np
import pytest

import xfuse
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.schedules import named_elementwise
from xfuse.backends.schedules.elementwise import ELEMENTWISE_ATTR, ELEMENTWISE_PRODUCER_ATTR, plan_elementwise
from xfuse.backends.schedules.named_elementwise import generalize_tile_elementwise
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse

AVX2 = CpuTarget("x86-64-v3", 256, 16, True)


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _layer(tiles: tuple[int, int] | None, m: int = 64, k: int = 32, n: int = 64, last: str = "max") -> str:
    """`last(x @ w + bias, x @ w)` in named ops; `tiles`: marked for `xfuse-tile`."""
    mark = f" {{xfuse.tile_sizes = array<i64: {tiles[0]}, {tiles[1]}, 0>}}" if tiles else ""
    t = f"tensor<{m}x{n}xf32>"
    return f"""
func.func @layer(%x: tensor<{m}x{k}xf32>, %w: tensor<{k}x{n}xf32>, %bias: tensor<{n}xf32>) -> {t} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {t}
  %acc = linalg.fill ins(%zero : f32) outs(%e : {t}) -> {t}
  %mm = linalg.matmul{mark} ins(%x, %w : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%acc : {t}) -> {t}
  %be = tensor.empty() : {t}
  %b = linalg.broadcast ins(%bias : tensor<{n}xf32>) outs(%be : {t}) dimensions = [0]
  %se = tensor.empty() : {t}
  %s = linalg.add ins(%mm, %b : {t}, {t}) outs(%se : {t}) -> {t}
  %re = tensor.empty() : {t}
  %r = linalg.{last} ins(%s, %mm : {t}, {t}) outs(%re : {t}) -> {t}
  return %r : {t}
}}
"""


def _tiled(tiles=(32, 32), **kwargs):
    module = parse(_layer(tiles, **kwargs))
    xfuse.apply_passes(module, "xfuse-tile{loop=forall},xfuse-diffusion")
    return module


def _names(module):
    return [op.name for op in module.walk() if op.name.startswith("linalg.")]


def test_a_tiles_named_epilogue_becomes_generics_of_one_chain():
    module = _tiled()
    assert {"linalg.broadcast", "linalg.add", "linalg.max"} <= set(_names(module))
    assert generalize_tile_elementwise(module) == 3
    module.verify()
    generics = [op for op in module.walk() if op.name == "linalg.generic"]
    broadcast = next(op for op in generics if len(op.inputs) == 1)
    assert [str(m.data) for m in broadcast.properties["indexing_maps"].data] == [
        "(d0, d1) -> (d1)", "(d0, d1) -> (d0, d1)"]
    assert "linalg.add" not in _names(module) and "linalg.broadcast" not in _names(module)
    plan_elementwise(module, AVX2)
    roots = [op for op in generics if ELEMENTWISE_ATTR in op.attributes]
    producers = [op for op in generics if ELEMENTWISE_PRODUCER_ATTR in op.attributes]
    assert len(roots) == 1 and len(producers) == 2


def test_top_level_ops_and_the_switch_are_left(monkeypatch):
    module = parse(_layer(None))
    before = str(module)
    assert generalize_tile_elementwise(module) == 0 and str(module) == before
    monkeypatch.setattr(named_elementwise, "NAMED_ELEMENTWISE_ENABLED", False)
    assert generalize_tile_elementwise(_tiled()) == 0


def test_a_broadcast_that_is_an_init_is_left():
    """A bias broadcast as a matmul's init (torch-mlir's form) stays for the contraction schedules."""
    text = _layer((32, 32)).replace("outs(%acc : tensor<64x64xf32>)", "outs(%b2 : tensor<64x64xf32>)").replace(
        "  %mm = ", "  %be2 = tensor.empty() : tensor<64x64xf32>\n"
        "  %b2 = linalg.broadcast ins(%bias : tensor<64xf32>) outs(%be2 : tensor<64x64xf32>) dimensions = [0]\n  %mm = ")
    module = parse(text)
    xfuse.apply_passes(module, "xfuse-tile{loop=forall},xfuse-diffusion")
    generalize_tile_elementwise(module)
    inits = [op for op in module.walk() if op.name == "linalg.broadcast"]
    assert inits and all(any(u.operation.name == "linalg.matmul" for u in op.results[0].uses) for op in inits)


@pytest.mark.parametrize("last", ["max", "sub", "mul"])
def test_tiles_with_named_epilogues_agree_with_the_reference(last):
    module = _tiled((32, 48), m=96, k=40, n=96, last=last)
    candidate = compile_module(module.clone(), "layer", "microkernel")
    reference = compile_module(module, "layer", "default")
    inputs = random_inputs(candidate.signature, seed=5)
    (got,), (want,) = candidate(*inputs), reference(*inputs)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)

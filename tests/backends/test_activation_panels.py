"""Attention's per-head products (xfuse/backends/schedules/activation_panels.py and the unfused
register tile of xfuse/backends/schedules/matmul.py).

- Which matmuls read their B in packed panels: a B computed in the call, at the top level, N a
  multiple wider than the panel (AVX2: 16), at least `MIN_ROWS` rows; what they become (a pack
  to `N/16 x K x 16`, an `scf.forall` over the panels, one `M x K x 16` matmul each). Left: a B
  that is an argument (an input's with `PACK_INPUT_ARGUMENTS`), AVX-512 (panel 64), too few rows,
  a matmul inside a loop (`pack_activation_panels`).
- A matmul in a tile loop whose B is an aligned column slice of a tensor made before the loop
  (`hoist_tile_panels`, the README's fused MLP): the pack before the loop, each tile's panels a
  slice of it; left: tiles not whole panels wide, a slice of some of K's rows, a B made in the
  loop. Differential: the fused MLP at 64 x 64, 32 x 48 and 256 x 16 tiles, both pipelines.
- The register tile of an unfused matmul whose rows no good tile divides (197, a prime: 1x16
  before) is split 192 + 5; one with a dividing 6x16 or 4x16 keeps it; a hoisted panel product
  (its accumulator a slice of the tile's fill) takes 6x16 + 4x16.
- Differential: ViT-sized Q.K^T and P.V heads (batch_matmuls of activations), and a 197-row
  product of a weight argument B (the split tile alone), through the
  `microkernel` and `microkernel-openmp` pipelines against `default`.
"""

import numpy as np
import pytest

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.schedules import activation_panels
from xfuse.backends.schedules.activation_panels import hoist_tile_panels, pack_activation_panels
from xfuse.backends.schedules.matmul import plan_microkernels
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse

AVX512 = CpuTarget("x86-64-v4", 512, 32, True)
AVX2 = CpuTarget("x86-64-v3", 256, 16, True)


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _product_text(m: int, k: int, n: int, b_argument: bool = False, weight: bool = False) -> str:
    """`a (m x k)` times B (`k x n`): B is `bt` transposed in the call (an activation), or the
    argument `b` itself (with `weight`, marked `{xfuse.weight}`: constant across calls)."""
    b = "%b" if b_argument else "%t"
    make_b = "" if b_argument else f"""
  %te = tensor.empty() : tensor<{k}x{n}xf32>
  %t = linalg.transpose ins(%bt : tensor<{n}x{k}xf32>) outs(%te : tensor<{k}x{n}xf32>) permutation = [1, 0]"""
    b_arg = f"%b: tensor<{k}x{n}xf32>{' {xfuse.weight}' if weight else ''}" if b_argument else f"%bt: tensor<{n}x{k}xf32>"
    return f"""
func.func @product(%a: tensor<{m}x{k}xf32>, {b_arg}) -> tensor<{m}x{n}xf32> {{
  %zero = arith.constant 0.0 : f32{make_b}
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %c = linalg.matmul ins(%a, {b} : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%acc : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  return %c : tensor<{m}x{n}xf32>
}}
"""


def _ops(module, name):
    return [op for op in module.walk() if op.name == name]


def test_an_activation_b_is_packed_in_register_tile_wide_panels():
    module = parse(_product_text(197, 197, 64))
    assert pack_activation_panels(module, AVX2) == 1
    (pack,) = _ops(module, "linalg.pack")
    assert pack.results[0].type.get_shape() == (4, 197, 16)
    assert list(pack.get_outer_dims_perm()) == [1, 0] and list(pack.get_static_inner_tiles()) == [16]
    (loop,) = _ops(module, "scf.forall")
    (matmul,) = _ops(module, "linalg.matmul")
    assert matmul.parent_op() is loop
    assert [v.type.get_shape() for v in matmul.operands] == [(197, 197), (197, 16), (197, 16)]
    assert _ops(module, "linalg.fill")[0].parent_op() is loop  # the fill stays with its register tiles
    module.verify()


@pytest.mark.parametrize(("text", "target"), [
    pytest.param(_product_text(197, 197, 64, b_argument=True, weight=True), AVX2, id="b-is-a-weight"),
    pytest.param(_product_text(197, 197, 64, b_argument=True), AVX2, id="b-is-an-input"),
    pytest.param(_product_text(197, 197, 64), AVX512, id="avx512-panel-is-64"),
    pytest.param(_product_text(8, 197, 64), AVX2, id="too-few-rows"),
    pytest.param(_product_text(197, 197, 16), AVX2, id="one-panel-already"),
    pytest.param(_product_text(197, 197, 40), AVX2, id="no-whole-panels"),
])
def test_what_is_left_as_it_is(text, target):
    module = parse(text)
    before = str(module)
    assert pack_activation_panels(module, target) == 0
    assert str(module) == before


def test_an_input_argument_b_is_packed_per_call_when_asked(monkeypatch):
    """`PACK_INPUT_ARGUMENTS`: not a weight, the caller passes it each call, so the compiler cannot
    lay it out at load (the README's MLP: 512 x 1024, whose 4 KB rows a register tile read 64
    bytes of each); a weight argument still is not packed."""
    monkeypatch.setattr(activation_panels, "PACK_INPUT_ARGUMENTS", True)
    assert pack_activation_panels(parse(_product_text(197, 197, 64, b_argument=True, weight=True)), AVX2) == 0
    module = parse(_product_text(197, 197, 64, b_argument=True))
    assert pack_activation_panels(module, AVX2) == 1
    (pack,) = _ops(module, "linalg.pack")
    assert pack.operands[0] == next(iter(_ops(module, "func.func"))).body.block.args[1]
    monkeypatch.setattr(activation_panels, "PACK_INPUT_ARGUMENTS", False)
    assert pack_activation_panels(parse(_product_text(197, 197, 64, b_argument=True)), AVX2) == 0


def test_switched_off_nothing_is_packed(monkeypatch):
    monkeypatch.setattr(activation_panels, "ACTIVATION_PANELS_ENABLED", False)
    assert pack_activation_panels(parse(_product_text(197, 197, 64)), AVX2) == 0


@pytest.mark.parametrize(("m", "n", "tile"), [
    (197, 16, (6, 16, 192, 5)),   # a prime: before, 1x16 (2 accumulators, latency-bound)
    (197, 64, (6, 16, 192, 5)),
    (64, 64, (4, 16, 0, 0)),      # a dividing tile is good enough: the fill stays in the tiles
    (96, 64, (6, 16, 0, 0)),
])
def test_the_register_tile_of_an_unfused_product(m, n, tile):
    module = parse(_product_text(m, 64, n, b_argument=True))
    (group,) = plan_microkernels(module, AVX2)
    t = group.tile
    assert (t.mr, t.nr, t.split_rows, t.remainder) == tile


HEADS = [  # attention over 197 tokens (ViT), heads of 64, 3 heads: Q.K^T, then P.V
    pytest.param("3x197x64", "3x64x197", id="q-kt"),
    pytest.param("3x197x197", "3x197x64", id="p-v"),
]


def _heads_text(a: str, b: str) -> str:
    batch, m, _ = map(int, a.split("x"))
    n = int(b.split("x")[2])
    bt = "x".join(map(str, (batch, n, int(b.split("x")[1]))))
    return f"""
func.func @heads(%a: tensor<{a}xf32>, %bt: tensor<{bt}xf32>) -> tensor<{batch}x{m}x{n}xf32> {{
  %zero = arith.constant 0.0 : f32
  %te = tensor.empty() : tensor<{b}xf32>
  %b = linalg.transpose ins(%bt : tensor<{bt}xf32>) outs(%te : tensor<{b}xf32>) permutation = [0, 2, 1]
  %e = tensor.empty() : tensor<{batch}x{m}x{n}xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<{batch}x{m}x{n}xf32>) -> tensor<{batch}x{m}x{n}xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<{a}xf32>, tensor<{b}xf32>) outs(%acc : tensor<{batch}x{m}x{n}xf32>) -> tensor<{batch}x{m}x{n}xf32>
  return %c : tensor<{batch}x{m}x{n}xf32>
}}
"""


@pytest.mark.parametrize(("a", "b"), HEADS)
@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_attention_heads_agree_with_the_reference(a, b, pipeline):
    text = _heads_text(a, b)
    candidate, reference = compile_module(text, "heads", pipeline), compile_module(text, "heads", "default")
    for seed in (0, 1):
        inputs = random_inputs(candidate.signature, seed=seed)
        (got,), (want,) = candidate(*inputs), reference(*inputs)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_an_unfused_prime_row_product_agrees_with_the_reference(pipeline):
    """197 rows, B a weight argument (no panels): the split register tile alone, its fill outside."""
    text = _product_text(197, 64, 48, b_argument=True, weight=True)
    candidate, reference = compile_module(text, "product", pipeline), compile_module(text, "product", "default")
    inputs = random_inputs(candidate.signature, seed=0)
    (got,), (want,) = candidate(*inputs), reference(*inputs)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


def test_a_product_inside_a_tile_loop_is_left_to_the_hoist():
    """In a tile loop a pack here would be repeated per tile: `hoist_tile_panels` packs before it."""
    import xfuse

    text = _product_text(192, 197, 128).replace(  # whole 64 x 64 tiles: static shapes
        "linalg.matmul ins(", "linalg.matmul {xfuse.tile_sizes = array<i64: 64, 64, 0>} ins(", 1)
    module = parse(text)
    xfuse.apply_passes(module, "xfuse-tile{loop=forall}")
    (matmul,) = _ops(module, "linalg.matmul")
    assert matmul.parent_op().name == "scf.forall"
    assert pack_activation_panels(module, AVX2) == 0


def _tiled_mlp(tiles: tuple[int, int], m: int = 256, k: int = 128, n: int = 256):
    """The README's MLP layer (fill, matmul, bias, relu) as `xfuse-tile` + `xfuse-diffusion` leave
    it: a forall of `tiles`, each tile's B a column slice of the weight argument."""
    import xfuse

    text = f"""
func.func @mlp(%x: tensor<{m}x{k}xf32>, %w: tensor<{k}x{n}xf32>, %bias: tensor<{n}xf32>) -> tensor<{m}x{n}xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %mm = linalg.matmul {{xfuse.tile_sizes = array<i64: {tiles[0]}, {tiles[1]}, 0>}}
      ins(%x, %w : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%acc : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %be = tensor.empty() : tensor<{m}x{n}xf32>
  %b = linalg.broadcast ins(%bias : tensor<{n}xf32>) outs(%be : tensor<{m}x{n}xf32>) dimensions = [0]
  %se = tensor.empty() : tensor<{m}x{n}xf32>
  %s = linalg.add ins(%mm, %b : tensor<{m}x{n}xf32>, tensor<{m}x{n}xf32>) outs(%se : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %re = tensor.empty() : tensor<{m}x{n}xf32>
  %r = linalg.max ins(%s, %acc : tensor<{m}x{n}xf32>, tensor<{m}x{n}xf32>) outs(%re : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  return %r : tensor<{m}x{n}xf32>
}}
"""
    module = parse(text)
    xfuse.apply_passes(module, "xfuse-tile{loop=forall},xfuse-diffusion")
    return module


def test_a_tile_loops_b_is_packed_once_before_the_loop():
    module = _tiled_mlp((64, 64))
    assert hoist_tile_panels(module, AVX2) == 1
    module.verify()
    (pack,) = _ops(module, "linalg.pack")
    (function,) = _ops(module, "func.func")
    assert pack.parent_op() is function and pack.operands[0] == function.body.block.args[1]
    assert pack.results[0].type.get_shape() == (16, 128, 16)
    tiles, panels = _ops(module, "scf.forall")  # the tile loop, and in it the loop over 4 panels
    assert panels.parent_op() is tiles and pack.is_before_in_block(tiles)
    (matmul,) = _ops(module, "linalg.matmul")
    assert matmul.parent_op() is panels
    assert [v.type.get_shape() for v in matmul.operands] == [(64, 128), (128, 16), (64, 16)]
    (tile_panels,) = [op for op in _ops(module, "tensor.extract_slice") if op.source == pack.results[0]]
    assert tile_panels.result.type.get_shape() == (4, 128, 16)


def test_what_the_hoist_leaves():
    # 24-wide tiles: not whole panels
    module = _tiled_mlp((64, 24), n=240)
    before = str(module)
    assert hoist_tile_panels(module, AVX2) == 0 and str(module) == before
    # tiled over K too: each tile reads some of B's rows
    import xfuse

    text = _product_text(64, 128, 64, b_argument=True).replace(
        "linalg.matmul ins(", "linalg.matmul {xfuse.tile_sizes = array<i64: 64, 64, 32>} ins(", 1)
    module = parse(text)
    xfuse.apply_passes(module, "xfuse-tile")
    (matmul,) = _ops(module, "linalg.matmul")
    assert matmul.parent_op().name != "func.func" and matmul.operands[1].type.get_shape() == (32, 64)
    assert hoist_tile_panels(module, AVX2) == 0
    # B made inside the loop: the transpose diffusion fuses into each tile
    text = _product_text(64, 128, 64).replace(
        "linalg.matmul ins(", "linalg.matmul {xfuse.tile_sizes = array<i64: 32, 32, 0>} ins(", 1)
    module = parse(text)
    xfuse.apply_passes(module, "xfuse-tile{loop=forall},xfuse-diffusion")
    assert _ops(module, "linalg.transpose")[0].parent_op().name == "scf.forall"
    assert hoist_tile_panels(module, AVX2) == 0


@pytest.mark.parametrize(("rows", "split_without_fill", "tile"), [
    (64, True, (6, 16, 4)),    # 6x16 for rows 0-59, 4x16 (8 accumulators) for the rest
    (64, False, (4, 16, 0)),   # the rule off: the dividing 4x16
    (128, True, (4, 16, 0)),   # 126 + 2: a 2x16 remainder (4 accumulators) is latency-bound
])
def test_a_hoisted_panel_product_takes_the_split_register_tile(monkeypatch, rows, split_without_fill, tile):
    """Each `rows x 16` panel product accumulates into its block of the tile's filled `rows x 64`,
    not into a fill of its own: the register tiles load their accumulators with a dividing tile
    too, so a split whose remainder keeps `MIN_ACCUMULATORS` is taken, as for a top-level 64-row
    product (`matmul._starts_from_a_fill`, `_unfused_or_fused_tile`)."""
    from xfuse.backends.schedules import matmul

    monkeypatch.setattr(matmul, "SPLIT_WITHOUT_FILL", split_without_fill)
    module = _tiled_mlp((rows, 64))
    assert hoist_tile_panels(module, AVX2) == 1
    (group,) = plan_microkernels(module, AVX2)
    assert (group.tile.mr, group.tile.nr, group.tile.remainder) == tile
    (product,) = _ops(module, "linalg.matmul")
    assert product.operands[2].owner.name == "tensor.extract_slice"


def test_the_hoist_switched_off(monkeypatch):
    monkeypatch.setattr(activation_panels, "HOIST_TILE_PANELS", False)
    assert hoist_tile_panels(_tiled_mlp((64, 64)), AVX2) == 0


@pytest.mark.parametrize("tiles", [(64, 64), (32, 48), (256, 16)])
@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_a_tiled_mlp_with_hoisted_panels_agrees_with_the_reference(tiles, pipeline):
    """48-wide tiles: 3 panels per tile, the tile's first column 48 * j (a multiple of 16)."""
    module = _tiled_mlp(tiles, m=96, k=80, n=192)
    candidate, reference = compile_module(module.clone(), "mlp", pipeline), compile_module(module, "mlp", "default")
    inputs = random_inputs(candidate.signature, seed=3)
    (got,), (want,) = candidate(*inputs), reference(*inputs)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)

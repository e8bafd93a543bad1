"""Dynamic tile sizes and `num_threads` in xfuse's tiling driver (xfuse/transforms/tile.py,
tile_sizes.py), through its Python API.

The transform-dialect forms are pinned by tests/filecheck/transforms/transform_interp/
tile-dynamic*.mlir and executed against mlir-opt in tests/transform_interp/cases; here: the
driver's own refusals (leaving the IR as it was), the folding of MLIR's `num_threads` tiles on
static extents, and numbers against the untiled op.
"""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects import affine, arith
from xdsl.dialects.builtin import ModuleOp

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.dialects.affine import MaxOp
from xfuse.dialects.scf import ForallOp
from xfuse.interfaces.tiling import TilingRefused
from xfuse.parsing import parse
from xfuse.transforms.tile import TileOptions, tile_and_replace
from xfuse.transforms.tile_sizes import dominates


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _module(body: str, args: str = "", shape: str = "100x200xf32, 200x300xf32, 100x300xf32") -> ModuleOp:
    a, b, c = (f"tensor<{s.strip()}>" for s in shape.split(","))
    return parse(
        f"""
func.func @f(%A: {a}, %B: {b}, %C: {c}{args}) -> {c} {{
{body}
  %0 = linalg.matmul ins(%A, %B : {a}, {b}) outs(%C : {c}) -> {c}
  return %0 : {c}
}}
"""
    )


def _op(module: ModuleOp, name: str):
    return next(op for op in module.walk() if op.name == name)


def _ops(root, kind) -> list:
    return [op for op in root.walk() if isinstance(op, kind)]


def test_num_threads_static_folds_like_mlir():
    """MLIR's @matmul_static (tile-to-forall.mlir) through the driver's thread mode: 10 threads
    divide 100 (no min, no max), 21 threads of 15 on 300 need both."""
    module = _module("")
    result = tile_and_replace(_op(module, "linalg.matmul"), TileOptions((), loop="forall", num_threads=[10, 21]))
    forall = result.loops[0]
    assert isinstance(forall, ForallOp)
    assert list(forall.staticUpperBound.get_values()) == [10, 21]
    mins, maxes = _ops(forall, affine.MinOp), _ops(forall, MaxOp)
    assert len(mins) == 1 and len(maxes) == 1
    assert result.tile_sizes[0] == 10 and result.tile_sizes[1] is maxes[0].result


def test_num_threads_guard_omitted_when_every_thread_starts_in_bounds():
    """7 threads of ceil(100 / 7) = 15: the last starts at 90 < 100, so a min but no max."""
    module = _module("")
    result = tile_and_replace(_op(module, "linalg.matmul"), TileOptions((), loop="forall", num_threads=[7]))
    assert len(_ops(result.loops[0], affine.MinOp)) == 1
    assert not _ops(result.loops[0], MaxOp)


@pytest.mark.parametrize(
    ("body", "args", "options", "message"),
    [
        ("", ", %n: index", TileOptions([4], loop="forall", num_threads=[4]),
         "give either tile sizes or num_threads, not both"),
        ("", "", TileOptions((), loop="for", num_threads=[4]),
         "num_threads is only meaningful with loop=forall"),
        ("", "", TileOptions((), loop="forall", num_threads=[4, -1]),
         "thread counts must be non-negative, got -1"),
        ("  %x = arith.constant 4 : i32", "", None, "tile size #0 has type i32, expected index"),
    ],
)
def test_refusals_leave_the_ir_unchanged(body, args, options, message):
    module = _module(body, args)
    if options is None:
        value = _op(module, "arith.constant").results[0]
        options = TileOptions([value, 4])
    before = str(module)
    with pytest.raises(TilingRefused, match=message):
        tile_and_replace(_op(module, "linalg.matmul"), options)
    assert str(module) == before


def test_size_defined_after_the_op_is_refused():
    module = parse(
        """
func.func @f(%A: tensor<16x8xf32>, %B: tensor<8x12xf32>, %C: tensor<16x12xf32>, %n: index) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<16x8xf32>, tensor<8x12xf32>) outs(%C : tensor<16x12xf32>) -> tensor<16x12xf32>
  %k = arith.addi %n, %n : index
  return %0 : tensor<16x12xf32>
}
"""
    )
    matmul = _op(module, "linalg.matmul")
    k = _op(module, "arith.addi").results[0]
    assert not dominates(k, matmul)
    function = _op(module, "func.func")
    assert dominates(function.regions[0].blocks[0].args[3], matmul)
    before = str(module)
    with pytest.raises(TilingRefused, match=r"tile size #1 \(%k\) is not defined above the op being tiled"):
        tile_and_replace(matmul, TileOptions([4, k]))
    assert str(module) == before


def test_constant_ssa_size_tiles_as_the_int():
    module = _module("  %c10 = arith.constant 10 : index")
    constant = _op(module, "arith.constant").results[0]
    result = tile_and_replace(_op(module, "linalg.matmul"), TileOptions([constant]))
    assert result.tile_sizes[0] == 10
    assert not _ops(result.loops[0], affine.MinOp)


@pytest.mark.parametrize(
    "options",
    [
        lambda n: TileOptions([n, 0, 3]),
        lambda n: TileOptions([n, 5], loop="forall"),
        lambda n: TileOptions((), loop="forall", num_threads=[n, 3]),
    ],
    ids=["for", "forall-sizes", "forall-threads"],
)
def test_dynamic_sizes_compute_the_untiled_result(options):
    """The driver's output for a run-time size (%n + 1, 2 to 5) on extents of 8 (dynamic) gives
    the untiled op's numbers."""
    text = """
func.func @f(%A: tensor<?x?xf32>, %B: tensor<?x?xf32>, %C: tensor<?x?xf32>, %n: index) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %sz = arith.addi %n, %c1 : index
  %0 = linalg.matmul ins(%A, %B : tensor<?x?xf32>, tensor<?x?xf32>) outs(%C : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
"""
    reference = compile_module(parse(text))
    module = parse(text)
    size = next(op for op in module.walk() if isinstance(op, arith.AddiOp)).result
    tile_and_replace(_op(module, "linalg.matmul"), options(size))
    tiled = compile_module(module)
    inputs = random_inputs(reference.signature, seed=3)
    np.testing.assert_allclose(tiled(*inputs)[0], reference(*inputs)[0], rtol=1e-5, atol=1e-5)

"""The Python API of xfuse/transforms/tile.py: `tile_using_for`, `tile_using_forall`,
`tile_using_scf` and `tile_marked_ops`.

The IR shapes are pinned by tests/filecheck/transforms/tile.mlir and the pass's differential
runs by tests/filecheck/with-mlir/transforms/tile-exec.mlir; here: what the functions return
(loops, tiled ops, replacements), that the op is left to the caller, numbers against numpy, and
that every refusal names the user's op and leaves the IR exactly as it was.
"""

from __future__ import annotations

from io import StringIO

import numpy as np
import pytest
from xdsl.builder import Builder
from xdsl.dialects import scf
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, StringAttr
from xdsl.dialects.linalg.ops import MatmulOp
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.printer import Printer
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.diagnostics import XfuseError
from xfuse.dialects.scf import ForallOp
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.interfaces.tiling import TilingRefused, constant_value
from xfuse.interfaces.tiling_linalg import StructuredOpTilingModel
from xfuse.parsing import parse
from xfuse.transforms import tile as tile_module
from xfuse.transforms.tile import (
    TileOptions,
    destination_operand_indices,
    tile_marked_ops,
    tile_using_for,
    tile_using_forall,
    tile_using_scf,
)

MATMUL = """
func.func @f(%a: tensor<13x10xf32>, %b: tensor<10x12xf32>, %c: tensor<13x12xf32>) -> tensor<13x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<13x10xf32>, tensor<10x12xf32>) outs(%c : tensor<13x12xf32>) -> tensor<13x12xf32>
  return %0 : tensor<13x12xf32>
}
"""


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _text(module: ModuleOp) -> str:
    stream = StringIO()
    Printer(stream=stream).print_op(module)
    return stream.getvalue()


def _matmul(module: ModuleOp) -> MatmulOp:
    return next(op for op in module.walk() if isinstance(op, MatmulOp))


def _check_numbers(module: ModuleOp) -> None:
    """The tiled module computes a @ b + c."""
    module.verify()
    compiled = compile_module(module, "f")
    a, b, c = random_inputs(compiled.signatures["f"], seed=3)
    (result,) = compiled(a, b, c)
    np.testing.assert_allclose(result, a @ b + c, rtol=1e-4, atol=1e-4)


def test_tile_using_for_returns_loops_and_replacements():
    module = parse(MATMUL)
    op = _matmul(module)
    # interchange [2, 0] (completed to [2, 0, 1]): the k loop outermost, then i; j untiled.
    result = tile_using_for(Builder(InsertPoint.before(op)), op, [4, 0, 3], interchange=[2, 0])
    assert len(result.loops) == 2
    outer, inner = result.loops
    assert isinstance(outer, scf.ForOp) and isinstance(inner, scf.ForOp)
    assert constant_value(outer.step) == 3 and constant_value(inner.step) == 4
    assert inner.parent_op() is outer
    assert result.tile_offsets[2] is outer.body.block.args[0]
    assert result.tile_offsets[0] is inner.body.block.args[0]
    assert result.tile_offsets[1] == 0 and result.tile_sizes[1] == 12
    assert isinstance(result.tiled_ops[0], MatmulOp)
    assert result.destinations == (op.outputs[0],)
    assert result.replacements == tuple(outer.results)
    # The driver leaves the op and its uses to the caller (fusion drivers replace later).
    assert op.parent is not None and op.results[0].uses
    Rewriter.replace_op(op, [], list(result.replacements))
    _check_numbers(module)


def test_tile_using_forall_returns_the_forall_and_its_mapping():
    module = parse(MATMUL)
    op = _matmul(module)
    mapping = ArrayAttr([StringAttr("y"), StringAttr("x")])
    result = tile_using_forall(Builder(InsertPoint.before(op)), op, [5, 4], mapping=mapping)
    (forall,) = result.loops
    assert isinstance(forall, ForallOp)
    assert forall.mapping == mapping
    assert list(forall.staticStep.get_values()) == [5, 4]
    (insert,) = result.inserts
    assert isinstance(insert, ParallelInsertSliceOp) and insert.source == result.tiled_values[0]
    assert result.replacements == tuple(forall.results)
    # mlir-opt only accepts device mapping attributes: drop the stand-in before running.
    forall.properties.pop("mapping")
    Rewriter.replace_op(op, [], list(result.replacements))
    _check_numbers(module)


def test_all_zero_tile_sizes_build_nothing():
    module = parse(MATMUL)
    op = _matmul(module)
    before = _text(module)
    result = tile_using_for(Builder(InsertPoint.before(op)), op, [0, 0])
    assert result.loops == () and result.tiled_ops == (op,)
    assert result.replacements == tuple(op.results)
    assert _text(module) == before


@pytest.mark.parametrize(
    "options, reason",
    [
        (TileOptions([4, 4, 4, 4]), "4 tile sizes given for 3 loops"),
        (TileOptions([4, -1]), "tile sizes must be non-negative, got -1"),
        (TileOptions([4, 4], interchange=[1, 1]), "is not a permutation of the loops 0..2"),
        (TileOptions([4, 4], interchange=[0, 1, 2, 3]), "has more entries than the op's 3 loops"),
        (TileOptions([4, 0, 2], loop="forall"), "loop d2 is a reduction"),
        (
            TileOptions([4, 4], loop="forall", mapping=ArrayAttr([StringAttr("x")])),
            "the forall mapping has 1 entries for 2 tiled loops",
        ),
        (
            TileOptions([4], mapping=ArrayAttr([StringAttr("x")])),
            "a mapping is only meaningful with loop=forall",
        ),
    ],
)
def test_refusals_name_the_op_and_build_nothing(options, reason):
    module = parse(MATMUL)
    op = _matmul(module)
    before = _text(module)
    with pytest.raises(TilingRefused) as info:
        tile_using_scf(Builder(InsertPoint.before(op)), op, options)
    assert reason in info.value.reason
    assert info.value.op is op
    assert _text(module) == before


class _RefusingModel(StructuredOpTilingModel):
    """A model that refuses only once the loops exist (as a model may, e.g. for a tile it
    cannot slice)."""

    def get_tiled_implementation(self, builder, op, offsets, sizes):
        raise TilingRefused(op, "this tile cannot be built")


def test_refusal_inside_the_loops_erases_them(monkeypatch):
    module = parse(MATMUL)
    op = _matmul(module)
    monkeypatch.setattr(tile_module, "require_tiling_model", lambda _op: _RefusingModel())
    for loop in ("for", "forall"):
        with pytest.raises(TilingRefused) as info:
            tile_using_scf(Builder(InsertPoint.before(op)), op, TileOptions([4, 4], loop=loop))
        # Re-anchored at the user's op (the model saw a clone without a location).
        assert info.value.op is op and info.value.reason == "this tile cannot be built"
        assert not any(isinstance(o, scf.ForOp | ForallOp | MatmulOp) and o is not op
                       for o in module.walk())
    module.verify()


def test_tile_marked_ops_tiles_only_marked_ops_and_unmarks_them():
    module = parse(
        """
func.func @f(%a: tensor<13x10xf32>, %b: tensor<10x12xf32>, %c: tensor<13x12xf32>) -> tensor<13x12xf32> {
  %0 = linalg.matmul {xfuse.tile_sizes = array<i64>} ins(%a, %b : tensor<13x10xf32>, tensor<10x12xf32>) outs(%c : tensor<13x12xf32>) -> tensor<13x12xf32>
  %1 = linalg.matmul ins(%a, %b : tensor<13x10xf32>, tensor<10x12xf32>) outs(%0 : tensor<13x12xf32>) -> tensor<13x12xf32>
  return %1 : tensor<13x12xf32>
}
"""
    )
    (result,) = tile_marked_ops(module, tile_sizes=[4, 4, 3])
    assert len(result.loops) == 3
    matmuls = [op for op in module.walk() if isinstance(op, MatmulOp)]
    assert len(matmuls) == 2  # the tiled one and the unmarked one
    assert not any("xfuse.tile_sizes" in op.attributes for op in module.walk())
    module.verify()
    compiled = compile_module(module, "f")
    a, b, c = random_inputs(compiled.signatures["f"], seed=5)
    (out,) = compiled(a, b, c)
    np.testing.assert_allclose(out, a @ b + (a @ b + c), rtol=1e-4, atol=1e-4)


def test_tile_marked_ops_without_marks_is_an_error():
    module = parse(MATMUL)
    with pytest.raises(XfuseError, match="no op carries the 'xfuse.tile_sizes' attribute"):
        tile_marked_ops(module, tile_sizes=[4, 4])


def test_destination_operands():
    module = parse(
        """
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""
    )
    empty, add = [op for op in module.walk() if op.name in ("tensor.empty", "linalg.add")]
    assert destination_operand_indices(add) == [2]
    with pytest.raises(TilingRefused, match="not in destination-passing style"):
        destination_operand_indices(empty)


def test_tile_using_forall_from_a_rewrite_pattern():
    class TileMarkedMatmul(RewritePattern):
        @op_type_rewrite_pattern
        def match_and_rewrite(self, op: MatmulOp, rewriter: PatternRewriter) -> None:
            if op.attributes.pop("tile", None) is None:
                return  # the tiled matmul (unmarked) is visited too
            result = tile_using_forall(rewriter, op, [5, 4])
            rewriter.replace(op, [], list(result.replacements))

    module = parse(MATMUL.replace("linalg.matmul ins", "linalg.matmul {tile} ins"))
    PatternRewriteWalker(TileMarkedMatmul()).rewrite_module(module)
    assert sum(isinstance(op, ForallOp) for op in module.walk()) == 1
    _check_numbers(module)

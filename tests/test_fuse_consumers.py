"""Unit and differential tests of consumer fusion's Python API (xfuse/transforms/fuse_consumers.py):
the slice chain walk, `fuse_consumer_of_slice` at a chosen level, and refusals leaving the IR
unchanged. The lit tests (tests/filecheck/transforms/fuse-consumers.mlir) cover the pass."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import tensor
from xdsl.dialects.linalg.ops import AddOp

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.dialects.scf import ForallOp
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.parsing import parse
from xfuse.transforms.fuse_consumers import (
    ConsumerFusionRefused,
    fuse_consumer_of_slice,
    innermost_insert_slice,
    insert_slice_chain,
)

INPUTS = Path(__file__).parent / "filecheck" / "transforms" / "Inputs" / "fuse-consumers"


def _load(name: str):
    return parse((INPUTS / name).read_text())


def _only(module, kind):
    ops = [op for op in module.walk() if isinstance(op, kind)]
    assert len(ops) == 1, ops
    return ops[0]


def test_chain_inner_to_outer():
    module = _load("nested.mlir")
    inner = _only(module, tensor.InsertSliceOp)
    outer = _only(module, ParallelInsertSliceOp)
    forall = _only(module, ForallOp)
    chain = insert_slice_chain(inner)
    assert [level.insert for level in chain.levels] == [inner, outer]
    assert chain.result is forall.results[0]
    assert chain.tile is inner.source
    assert [level.offsets[0] for level in chain.levels][1] is outer.offsets[0]
    # The other direction, from the loop result down.
    assert innermost_insert_slice(forall, 0) is inner
    assert innermost_insert_slice(forall, 0, depth=0) is outer
    # From the outer slice, the chain has one level.
    assert [level.insert for level in insert_slice_chain(outer).levels] == [outer]


def test_chain_refuses_a_slice_that_writes_no_loop_result():
    module = parse(
        """
func.func @f(%a: tensor<4xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %r = tensor.insert_slice %a into %b[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return %r : tensor<8xf32>
}"""
    )
    with pytest.raises(ConsumerFusionRefused, match="not in an scf.for"):
        insert_slice_chain(_only(module, tensor.InsertSliceOp))


def test_refused_fusion_leaves_ir_unchanged():
    module = _load("accumulation.mlir")
    before = str(module)
    inner = _only(module, tensor.InsertSliceOp)
    with pytest.raises(ConsumerFusionRefused, match="accumulation"):
        fuse_consumer_of_slice(inner)
    assert str(module) == before


def test_fuse_at_the_outer_slice_is_placed_after_the_inner_loop_and_computes_the_same():
    reference = _load("nested.mlir")
    module = _load("nested.mlir")
    outer = _only(module, ParallelInsertSliceOp)
    add = _only(module, AddOp)
    result = fuse_consumer_of_slice(outer, add)
    module.verify()
    forall = _only(module, ForallOp)
    assert result.loops == (forall,)
    # The tiled add sits in the forall body (not in the scf.for) and reads the for's result.
    assert result.tiled_consumer.parent_op() is forall
    assert result.tiled_consumer.operands[0].owner.name == "scf.for"
    assert len(forall.results) == 2 and result.replacements == (forall.results[1],)

    fused = compile_module(module, "f")
    original = compile_module(reference, "f")
    inputs = random_inputs(fused.signature, seed=5)
    np.testing.assert_allclose(fused(*inputs)[0], original(*inputs)[0], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("entry", ["forall", "for"])
def test_unpack_aligned_by_loop_bounds_is_fused_and_computes_the_same(entry):
    """Issue 8 item 5: the inner-tile dim is tiled at an induction variable from 0 by the inner
    tile (so provably 0); the fused unpack must compute what the unfused one does."""
    from xfuse.dialects.linalg_pack import UnPackOp
    from xfuse.transforms.fuse_consumers import fuse_consumers

    reference = _load("unpack-loop-bounds.mlir")
    module = _load("unpack-loop-bounds.mlir")
    fuse_consumers(module, on_refusal=lambda error: None)
    module.verify()
    function = next(op for op in module.ops if op.sym_name.data == entry)
    assert all(op.parent_op() is not function for op in function.walk() if isinstance(op, UnPackOp))
    fused = compile_module(module, entry)
    original = compile_module(reference, entry)
    inputs = random_inputs(fused.signature, seed=8)
    np.testing.assert_allclose(fused(*inputs)[0], original(*inputs)[0], rtol=1e-6, atol=1e-6)


def test_fusion_through_a_tiled_for_nest_computes_the_same():
    """Issue 15 item 4: xfuse-tile's scf.for nest yields the inner loop's result at the outer
    level; the add and exp are fused through both loops."""
    from xfuse.passes import apply_passes

    reference = _load("for-nest.mlir")
    module = apply_passes(_load("for-nest.mlir"), "xfuse-tile,xfuse-fuse-consumers")
    function = next(iter(module.body.block.ops))
    assert [op.name for op in function.body.block.ops if op.name.startswith("linalg.")] == []
    fused = compile_module(module, "f")
    original = compile_module(reference, "f")
    inputs = random_inputs(fused.signature, seed=15)
    np.testing.assert_allclose(fused(*inputs)[0], original(*inputs)[0], rtol=1e-5, atol=1e-5)

"""xfuse-bufferize: the bufferized module (memref pipeline) computes what the tensor module
(default pipeline, upstream bufferization) computes, on the same random inputs; refusals."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import xfuse
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.diagnostics import XfuseError
from xfuse.passes import apply_passes
from xfuse.transforms.bufferize import bufferize

INPUTS = Path(__file__).parent / "filecheck" / "transforms" / "bufferize"
ROOT = Path(__file__).parent.parent


def _compare(text: str, entry: str | None = None, scalars: dict[int, object] | None = None) -> None:
    reference = compile_module(xfuse.parse(text), entry=entry)
    module = xfuse.parse(text)
    result = bufferize(module)
    module.verify()
    bufferized = compile_module(module, entry=entry, pipeline="memref")
    args = random_inputs(reference.signature, seed=3)
    for index, value in (scalars or {}).items():
        args[index] = value
    expected = reference(*[a.copy() if isinstance(a, np.ndarray) else a for a in args])
    got = bufferized(*[a.copy() if isinstance(a, np.ndarray) else a for a in args])
    assert len(expected) == len(got)
    for e, g in zip(expected, got):
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-5)
    assert result.decisions


@pytest.mark.parametrize(
    "name",
    ["loop-insert-slice", "raw-conflict", "forall", "non-writable", "empty-fill-matmul",
     "empty-insert-slice", "constant"],
)
def test_bufferized_matches_tensor_module(name: str) -> None:
    _compare((INPUTS / f"{name}.mlir").read_text())


@pytest.mark.parametrize("condition", [0, 1])
def test_scf_if(condition: int) -> None:
    _compare((INPUTS / "if.mlir").read_text(), scalars={0: np.int32(condition)})


def test_swapped_iter_args_trade_buffers() -> None:
    # Upstream refuses this loop (yields not equivalent to iter_args); xfuse keeps memref
    # iter_args that the yield swaps (the writable arguments are copied once, before the loop).
    text = (INPUTS / "swapped.mlir").read_text()
    module = xfuse.parse(text)
    bufferize(module)
    compiled = compile_module(module, pipeline="memref")
    a, b = np.arange(4, dtype=np.float32), -np.arange(4, dtype=np.float32)
    for n, expected in ((0, (a, b)), (1, (b, a)), (3, (b, a)), (4, (a, b))):
        got = compiled(a.copy(), b.copy(), n)
        np.testing.assert_array_equal(got[0], expected[0])
        np.testing.assert_array_equal(got[1], expected[1])


def test_calls() -> None:
    # The default pipeline's ownership-based deallocation crashes mlir-opt 22 on this module
    # (i1 ownership memrefs), so numpy states what @main computes: chain(empty) = 1 + 1,
    # then 2 + x, and add_self(y) = 2y.
    module = xfuse.parse((INPUTS / "calls.mlir").read_text())
    bufferize(module)
    compiled = compile_module(module, entry="main", pipeline="memref")
    x, y = random_inputs(compiled.signature, seed=5)
    y_before = y.copy()
    s, u = compiled(x.copy(), y)
    np.testing.assert_allclose(s, 2 + x, rtol=1e-6)
    np.testing.assert_allclose(u, 2 * y_before, rtol=1e-6)
    np.testing.assert_array_equal(y, y_before)  # %y is not writable: add_self copies


def test_fused_mlp() -> None:
    text = (ROOT / "examples" / "mlp.mlir").read_text().replace(
        "%mm = linalg.matmul ins", "%mm = linalg.matmul {xfuse.tile_sizes = array<i64: 64, 64>} ins"
    )
    module = xfuse.parse(text)
    apply_passes(module, "xfuse-tile{loop=forall},xfuse-fuse-producers,xfuse-fuse-consumers")
    fused = str(module)
    result = bufferize(module)
    assert result.out_of_place == 0
    allocs = [op for op in module.walk() if op.name == "memref.alloc"]
    assert len(allocs) == 4  # one per tensor.empty, none per tile
    _compare(fused)


def test_analysis_only_keeps_tensors() -> None:
    module = xfuse.parse((INPUTS / "raw-conflict.mlir").read_text())
    result = bufferize(module, analysis_only=True)
    assert result.out_of_place == 1
    fill = next(op for op in module.walk() if op.name == "linalg.fill")
    assert [a.data for a in fill.attributes["__inplace_operands_attr__"].data] == ["none", "false"]
    assert not any(op.name.startswith("memref.") for op in module.walk())


def test_unknown_op_is_refused_with_its_name() -> None:
    text = """
    func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
      %r = "test.op"(%a) : (tensor<4xf32>) -> tensor<4xf32>
      return %r : tensor<4xf32>
    }"""
    with pytest.raises(XfuseError, match="cannot bufferize 'test.op'"):
        bufferize(xfuse.parse(text))
    module = xfuse.parse(text)
    result = bufferize(module, analysis_only=True, allow_unknown_ops=True)
    assert [op.name for op in result.unknown_ops] == ["test.op"]


def test_recursion_is_refused() -> None:
    text = """
    func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
      %r = func.call @f(%a) : (tensor<4xf32>) -> tensor<4xf32>
      return %r : tensor<4xf32>
    }"""
    with pytest.raises(XfuseError, match="recursive call to '@f'"):
        bufferize(xfuse.parse(text))


def test_mutual_recursion_is_refused() -> None:
    text = """
    func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
      %r = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
      return %r : tensor<4xf32>
    }
    func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
      %r = func.call @f(%a) : (tensor<4xf32>) -> tensor<4xf32>
      return %r : tensor<4xf32>
    }"""
    with pytest.raises(XfuseError, match="recursive call to '@f'"):
        bufferize(xfuse.parse(text))


# -- the order of decisions in a loop body (decision_order.py) -------------------------------


def _analyses(name: str):
    from xfuse.transforms.bufferize.call_graph import analyse_module

    module = xfuse.parse((INPUTS / f"{name}.mlir").read_text())
    analyses, _ = analyse_module(module, allow_unknown_ops=False)
    return module, next(iter(analyses.values()))


def test_from_terminator_order_follows_the_yielded_chain() -> None:
    from xfuse.transforms.bufferize.decision_order import bottom_up, from_terminator

    module, analysis = _analyses("loop-yields-first-write")
    loop = next(op for op in module.walk() if op.name == "scf.for")
    block = loop.body.block
    names = [op.results[0].name_hint if op.results else op.name for op in from_terminator(block, analysis.models)]
    # the yield, then what it yields back to the iteration argument, then the rest bottom-up
    assert names == ["scf.yield", "w", "y", "zs", "z"]
    assert [op.name for op in bottom_up(block)][:2] == ["scf.yield", "tensor.insert_slice"]


def test_loop_body_is_decided_from_its_terminator_where_it_saves_a_copy() -> None:
    from xfuse.transforms.bufferize.decision_order import loop_cost

    module, analysis = _analyses("loop-yields-first-write")
    loop = next(op for op in module.walk() if op.name == "scf.for")
    assert analysis.from_terminator_loops == [loop]
    assert loop_cost(analysis, loop).yield_copies == 0
    first, second = (op for op in module.walk() if op.name == "linalg.fill")
    assert analysis.is_inplace(first, 1) and not analysis.is_inplace(second, 1)


def test_loops_without_a_copied_yield_keep_bottom_up() -> None:
    # swapped yields rotate (no copy): nothing to save, no second trial.
    _, analysis = _analyses("swapped")
    assert analysis.from_terminator_loops == []


def test_loop_cost_comparison() -> None:
    from xfuse.transforms.bufferize.decision_order import LoopCost

    bottom = LoopCost(yield_copies=1, copies=1, allocations=1)
    assert LoopCost(0, 0, 1).saves_copies_over(bottom)
    assert not LoopCost(0, 1, 1).saves_copies_over(bottom)  # a copy elsewhere instead
    assert not LoopCost(0, 0, 2).saves_copies_over(bottom)  # an allocation more

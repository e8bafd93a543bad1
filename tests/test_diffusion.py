"""Python API of xfuse-diffusion (xfuse/transforms/diffusion.py, diffusion_cost.py): user cost
models, the fallback on refusal, the cache-fit model and the result/remarks. The lit tests
(tests/filecheck/transforms/diffusion*.mlir, with-mlir/transforms/diffusion-exec.mlir) cover
the pass's IR and numerics."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects.builtin import TensorType, f32
from xdsl.dialects.linalg.ops import MatmulOp

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.dialects.scf import ForallOp
from xfuse.parsing import parse
from xfuse.transforms.diffusion import diffuse, enclosing_loops, tiled_contractions
from xfuse.transforms.diffusion_cost import (
    CacheFitCostModel,
    FusionCandidate,
    SmallestSliceCostModel,
    TargetDescription,
    cost_model_by_name,
)

INPUTS = Path(__file__).parent / "filecheck" / "transforms" / "Inputs" / "diffusion"


def _load(name: str):
    return parse((INPUTS / name).read_text())


def _top_level_linalg(module) -> list[str]:
    func = next(iter(module.body.block.ops))
    return [op.name for op in func.body.block.ops if op.name.startswith("linalg.")]


def test_seeds_are_tiled_contractions_in_ir_order():
    module = _load("two-contractions.mlir")
    seeds = tiled_contractions(module)
    assert len(seeds) == 2 and all(isinstance(s, MatmulOp) for s in seeds)
    assert all(isinstance(enclosing_loops(s)[0], ForallOp) for s in seeds)
    assert tiled_contractions(_load("unfused.mlir")) == []


def test_default_fuses_every_op_of_the_mlp():
    module = _load("mlp.mlir")
    result = diffuse(module)
    assert _top_level_linalg(module) == []
    assert sorted(name for _, name, _ in result.fused) == sorted(
        ["linalg.unpack", "linalg.pack", "linalg.fill", "linalg.broadcast", "linalg.add", "linalg.generic"]
    )
    kinds = {r.kind for r in result.remarks}
    assert kinds == {"seed", "fused", "refused"}  # the seed; the fill in the K loop, the add in the K loop


def test_user_cost_model_sees_candidates_and_can_decline():
    seen: list[tuple[str, list[str], int]] = []

    def only_producers(op, candidates, nest):
        seen.append((op.name, [c.describe() for c in candidates], len(nest)))
        assert all(isinstance(c, FusionCandidate) for c in candidates)
        if candidates[0].kind == "consumer":
            return None
        return candidates[-1]  # the outermost slice

    module = _load("mlp.mlir")
    result = diffuse(module, only_producers)
    assert ("linalg.fill", ["16x32", "16x32", "16x64"], 3) in seen
    # Consumers declined: add, broadcast and relu stay outside.
    assert _top_level_linalg(module) == ["linalg.broadcast", "linalg.add", "linalg.generic"]
    assert any("the cost model chose none" in r.message for r in result.remarks)
    # The outermost slice of the fill's chain is the forall's: the fill is in the forall.
    fill = next(op for op in module.walk() if op.name == "linalg.fill")
    assert isinstance(fill.parent_op(), ForallOp)


def test_refused_choice_falls_back_to_the_next():
    calls: list[int] = []

    def innermost_first(op, candidates, nest):
        calls.append(len(candidates))
        return min(candidates, key=lambda c: c.depth)

    module = _load("reduction.mlir")
    result = diffuse(module, innermost_first)
    # The row sum: 3 candidates, refused at the K loop and the column loop, fused at the forall.
    assert calls[:3] == [3, 2, 1]
    refused = [r.message for r in result.remarks if r.kind == "refused"]
    assert "an accumulation" in refused[0] and "cuts reduction loop d1" in refused[1]
    assert _top_level_linalg(module) == []


def test_smallest_prefers_inner_on_ties_and_cache_fit_refuses_large_tiles():
    module = _load("mlp.mlir")
    matmul = next(op for op in module.walk() if isinstance(op, MatmulOp))
    def candidate(shape, depth):
        return FusionCandidate("producer", matmul, matmul, matmul, depth, (), TensorType(f32, shape))
    small_outer, small_inner, big = candidate([16, 32], 1), candidate([16, 32], 0), candidate([64, 64], 2)
    assert SmallestSliceCostModel()(matmul, [big, small_outer, small_inner], ()) is small_inner
    # Working set: the matmul tile (16x16 + 16x32 + 16x32 + 16x32 floats = 7168 B) plus the
    # candidate tile per tensor of the op (the matmul itself here: 4 tensors).
    fit = CacheFitCostModel(TargetDescription((16 * 1024,)))
    assert fit.working_set(small_inner) == 7168 + 4 * 16 * 32 * 4
    assert fit(matmul, [big, small_outer], ()) is small_outer
    assert CacheFitCostModel(TargetDescription((8 * 1024,)))(matmul, [big, small_outer], ()) is None
    with pytest.raises(ValueError, match="needs cache sizes"):
        cost_model_by_name("cache-fit")
    with pytest.raises(ValueError, match="cache sizes must be positive"):
        TargetDescription(())


def test_diffused_mlp_matches_with_a_custom_model():
    text = (INPUTS / "mlp.mlir").read_text()
    reference = compile_module(text)
    module = parse(text)
    diffuse(module, lambda op, candidates, nest: max(candidates, key=lambda c: c.depth))
    fused = compile_module(module)
    inputs = random_inputs(reference.signature, seed=1)
    np.testing.assert_allclose(fused(*inputs)[0], reference(*inputs)[0], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("seeds", ["all-in-loops", "marked"])
def test_seeds_from_the_command_line_fuse_and_compute_the_same(seeds):
    """Issue 8 item 6: a nest holding no contraction; the chosen seed diffuses to the
    broadcast, add and relu (whose body captures a constant defined after the loop)."""
    from xfuse.passes import apply_passes

    reference = _load("no-contraction.mlir")
    module = apply_passes(_load("no-contraction.mlir"), f"xfuse-diffusion{{seeds={seeds}}}")
    assert _top_level_linalg(module) == []
    fused = compile_module(module, "f")
    original = compile_module(reference, "f")
    inputs = random_inputs(fused.signature, seed=6)
    np.testing.assert_allclose(fused(*inputs)[0], original(*inputs)[0], rtol=1e-6, atol=1e-6)


def test_root_loop_for_fuses_the_whole_mlp_and_computes_the_same():
    """Issue 15 item 4: with root-loop=for every op of examples/mlp.mlir is fused."""
    from xfuse.passes import apply_passes

    path = Path(__file__).parent.parent / "examples" / "mlp.mlir"
    reference = parse(path.read_text())
    module = apply_passes(parse(path.read_text()), "xfuse-diffusion{root-tile-sizes=16,32 root-loop=for}")
    assert _top_level_linalg(module) == []
    fused = compile_module(module, "mlp")
    original = compile_module(reference, "mlp")
    inputs = random_inputs(fused.signature, seed=4)
    np.testing.assert_allclose(fused(*inputs)[0], original(*inputs)[0], rtol=1e-4, atol=1e-4)

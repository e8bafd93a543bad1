"""xfuse-outline-groups through the backend: outlined and whole functions compute the same on
memrefs (after the network pipeline); the backend outlines large bufferized functions by
itself, and leaves tensor modules whole (mlir-opt 22 cannot lower their deallocation)."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.dialects import func

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.parsing import parse
from xfuse.passes import apply_passes
from xfuse.testing.differential import assert_same_results
from xfuse.transforms.network.pipeline import NETWORK_PASSES
from xfuse.transforms import outline_groups
from xfuse.transforms.outline_groups import outline_module

INPUTS = Path(__file__).parent / "filecheck" / "transforms" / "network" / "Inputs"
NETWORKS = ["residual_block", "conv_maxpool", "attention"]


def _load(name: str):
    path = INPUTS / f"{name}.mlir"
    return parse(path.read_text(), name=str(path))


def _functions(module) -> list[func.FuncOp]:
    return [op for op in module.ops if isinstance(op, func.FuncOp)]


@pytest.fixture
def no_auto_outlining(monkeypatch):
    monkeypatch.setenv("XFUSE_OUTLINE_MIN_OPS", "0")


@pytest.mark.parametrize("name", NETWORKS)
def test_outlined_computes_the_same(name, no_auto_outlining):
    whole = _load(name)
    apply_passes(whole, NETWORK_PASSES)
    outlined = whole.clone()
    made = outline_module(outlined, min_ops=4)
    assert made >= 2 and len(_functions(outlined)) == len(_functions(whole)) + made
    reference = compile_module(whole)
    candidate = compile_module(outlined)
    assert "__group1" in candidate.mlir_text and "__group" not in reference.mlir_text
    inputs = random_inputs(reference.signature, seed=5)
    assert_same_results(reference, candidate, inputs, f"{name} through {NETWORK_PASSES}, outlined")


def test_small_functions_are_left_alone():
    module = _load("residual_block")
    before = str(module)
    assert outline_module(module, min_ops=10_000) == 0
    assert str(module) == before


def test_backend_outlines_large_bufferized_functions(monkeypatch):
    """A bufferized entry larger than the backend's threshold is split: the text mlir-opt gets
    calls noinline groups, and the results agree with the unsplit build. Below the threshold
    (this block has far fewer ops than `AUTO_FUNCTION_OPS`) the entry stays whole."""
    module = _load("residual_block")
    apply_passes(module, NETWORK_PASSES)
    monkeypatch.delenv("XFUSE_OUTLINE_MIN_OPS", raising=False)
    reference = compile_module(module.clone())
    assert "__group" not in reference.mlir_text
    monkeypatch.setattr(outline_groups, "AUTO_FUNCTION_OPS", 10)
    monkeypatch.setenv("XFUSE_OUTLINE_MIN_OPS", "5")
    outlined = compile_module(module.clone())
    assert "func.call" in outlined.mlir_text and "__group0" in outlined.mlir_text
    assert 'passthrough = ["noinline"]' in outlined.mlir_text
    inputs = random_inputs(reference.signature, seed=9)
    assert_same_results(reference, outlined, inputs, "residual block outlined by the backend")


def test_backend_keeps_tensor_functions_whole(monkeypatch):
    monkeypatch.setattr(outline_groups, "AUTO_FUNCTION_OPS", 10)
    monkeypatch.setenv("XFUSE_OUTLINE_MIN_OPS", "5")
    compiled = compile_module(_load("residual_block"))
    assert compiled.pipeline.bufferizes and "__group" not in compiled.mlir_text

"""The backend's parallel LLVM step (xfuse/backends/llvm_split.py): a module of several
functions is split by llvm-split, each part optimized and compiled on its own, the objects
linked; the results are those of the module compiled whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from xfuse.backends import llvm_split
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.parsing import parse
from xfuse.passes import apply_passes
from xfuse.testing.differential import assert_same_results
from xfuse.transforms.network.pipeline import NETWORK_PASSES
from xfuse.transforms.outline_groups import outline_module

INPUTS = Path(__file__).parent.parent / "filecheck" / "transforms" / "network" / "Inputs"


def _outlined_network():
    path = INPUTS / "residual_block.mlir"
    module = parse(path.read_text(), name=str(path))
    apply_passes(module, NETWORK_PASSES)
    assert outline_module(module, min_ops=4) >= 2
    return module


def test_split_build_computes_the_same(monkeypatch):
    module = _outlined_network()
    monkeypatch.setenv("XFUSE_OUTLINE_MIN_OPS", "0")
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "1")
    whole = compile_module(module.clone())
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "2")
    monkeypatch.setattr(llvm_split, "MIN_SPLIT_BYTES", 0)
    built: list[list[Path]] = []
    original = llvm_split.compile_in_parts
    monkeypatch.setattr(llvm_split, "compile_in_parts", lambda *a: built.append(original(*a)) or built[-1])
    split = compile_module(module.clone(), cache=False)
    assert len(built) == 1 and len(built[0]) == 2
    inputs = random_inputs(whole.signature, seed=3)
    assert_same_results(whole, split, inputs, "residual block compiled in 2 parts")


@pytest.mark.parametrize(("size", "functions", "wanted", "parts"), [
    (10, 9, 2, 1),                              # small module: whole
    (llvm_split.MIN_SPLIT_BYTES, 3, 2, 1),      # too few functions
    (llvm_split.MIN_SPLIT_BYTES, 9, 1, 1),      # one job
    (llvm_split.MIN_SPLIT_BYTES, 9, 2, 2),
    (llvm_split.MIN_SPLIT_BYTES, 5, 4, 2),      # at most half as many parts as functions
])
def test_parts_for(tmp_path, size, functions, wanted, parts):
    text = "".join(f"define void @f{i}() {{\n  ret void\n}}\n" for i in range(functions))
    module = tmp_path / "module.ll"
    module.write_text(text + ";" * max(0, size - len(text)))
    assert llvm_split.parts_for(module, wanted) == parts


def test_jobs_from_the_environment(monkeypatch):
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "3")
    assert llvm_split.jobs() == 3
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "0")
    assert llvm_split.jobs() == 1
    monkeypatch.delenv("XFUSE_LLVM_JOBS")
    assert 1 <= llvm_split.jobs() <= llvm_split.MAX_JOBS


def test_large_modules_are_compiled_without_the_machine_scheduler(monkeypatch, tmp_path):
    """`llc -enable-misched=false` from MACHINE_SCHEDULER_MAX_BYTES of LLVM IR on, in one part
    or in several; the result is the same as with the scheduler."""
    from xfuse.backends import runner

    module = _outlined_network()
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "1")
    commands: list[list[str]] = []
    original = runner._run_tool
    monkeypatch.setattr(runner, "_run_tool",
                        lambda command, work, name: commands.append(command) or original(command, work, name))
    scheduled = compile_module(module.clone(), cache=False)
    assert [c for c in commands if "llc" in Path(c[0]).name and "-enable-misched=false" not in c]
    commands.clear()
    monkeypatch.setattr(runner, "MACHINE_SCHEDULER_MAX_BYTES", 0)
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "2")
    monkeypatch.setattr(llvm_split, "MIN_SPLIT_BYTES", 0)
    unscheduled = compile_module(module.clone(), cache=False)
    llc_runs = [c for c in commands if Path(c[0]).name == "llc"]
    assert len(llc_runs) == 2 and all("-enable-misched=false" in c for c in llc_runs)
    inputs = random_inputs(scheduled.signature, seed=5)
    assert_same_results(scheduled, unscheduled, inputs, "residual block compiled without the machine scheduler")

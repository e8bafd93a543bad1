"""Loop outlining in the tensor pipelines (`Pipeline.outline_loops`, `OUTLINE_LOOPS`).

- Plan: which modules are outlined (enough linalg ops; `$XFUSE_OUTLINE_MIN_OPS=0` turns it
  off), and where the transform-interpreter step goes in the mlir-opt pipeline.
- Generated code: every top-level loop nest is an internal `noinline` function; the entry
  calls them and is `optnone` (straight-line code LLVM need not optimize).
- Differential: outlined and whole builds of a four-layer MLP agree on the same random inputs,
  one thread and parallel.
"""

import importlib.util
import re
import sys
from pathlib import Path

import numpy as np
import pytest

import xfuse
from xfuse.backends import pipelines
from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
from xfuse.backends.nested_passes import nest_function_passes
from xfuse.backends.pipelines import get_pipeline
from xfuse.backends.transform_scripts import OUTLINE_ENTRY, transform_script
from xfuse.backends.runner import compile_module, lower_to_llvm_ir, random_inputs

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("xfuse_bench_mlp_models_outline", ROOT / "benchmarks" / "mlp_models.py")
mlp_models = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = mlp_models
spec.loader.exec_module(mlp_models)

LAYERS = 4
OPS_PER_LAYER = 5
"""Four MLP layers of fill, matmul, broadcast, add and ReLU: 20 linalg ops."""


def _mlp():
    return xfuse.parse(mlp_models.mlp_module(32, LAYERS))


def test_large_tensor_modules_are_outlined_and_small_ones_are_not(monkeypatch):
    monkeypatch.delenv("XFUSE_OUTLINE_MIN_OPS", raising=False)
    assert get_pipeline("microkernel").for_module(prepare_for_execution(_mlp())).outline_loops
    small = xfuse.parse(mlp_models.mlp_module(32, 1))
    assert not get_pipeline("microkernel").for_module(prepare_for_execution(small)).outline_loops
    assert get_pipeline("default").for_module(prepare_for_execution(_mlp())).outline_loops
    monkeypatch.setenv("XFUSE_OUTLINE_MIN_OPS", "0")
    assert not get_pipeline("microkernel").for_module(prepare_for_execution(_mlp())).outline_loops


def test_memref_pipelines_are_never_outlined_here(monkeypatch):
    """Bufferized modules are outlined before mlir-opt (xfuse-outline-groups), not by this step."""
    monkeypatch.delenv("XFUSE_OUTLINE_MIN_OPS", raising=False)
    module = _mlp()
    xfuse.apply_passes(module, "xfuse-bufferize")
    assert not get_pipeline("memref").for_module(prepare_for_execution(module)).outline_loops


def test_outlining_runs_after_deallocation_on_memrefs_with_their_static_types(monkeypatch):
    """After the loops exist and deallocation is explicit, before expand-strided-metadata: a
    static memref crosses the call with its type, so the callee's strides stay constants."""
    monkeypatch.delenv("XFUSE_OUTLINE_MIN_OPS", raising=False)
    pipeline = get_pipeline("microkernel").for_module(prepare_for_execution(_mlp()))
    spec = pipeline.spec("lib.mlir").removeprefix("builtin.module(").removesuffix(")")
    passes = [p.rstrip(")") for p in re.sub(r"\b(func|llvm)\.func\(", "", spec).split(",")]
    step = passes.index(f"transform-interpreter{{entry-point={OUTLINE_ENTRY}}}")
    assert passes[step - 1] == "convert-vector-to-scf{full-unroll=true}"
    assert step < passes.index("expand-strided-metadata")
    assert passes.index("buffer-deallocation-pipeline") < step
    assert f"@{OUTLINE_ENTRY}(" in transform_script([], (), outline_loops=True)
    assert OUTLINE_ENTRY not in transform_script([], ())


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_every_top_level_loop_nest_becomes_an_internal_noinline_function(pipeline, tmp_path, monkeypatch):
    monkeypatch.delenv("XFUSE_OUTLINE_MIN_OPS", raising=False)
    prepared = prepare_for_execution(_mlp())
    chosen = get_pipeline(pipeline).for_module(prepared)
    llvm_ir = lower_to_llvm_ir(emit_mlir_text(prepared), chosen, tmp_path).read_text()
    outlined = re.findall(r"^define internal void @(xfuse_loop\w*)\(.*\) #(\d+)", llvm_ir, re.M)
    assert len(outlined) >= LAYERS, [name for name, _ in outlined]
    for name, group in outlined:
        attributes = re.search(rf"^attributes #{group} = {{(.*)}}", llvm_ir, re.M).group(1)
        assert "noinline" in attributes, (name, attributes)
        assert "optnone" not in attributes, (name, attributes)
    entry = re.search(r"^define .*@mlp\(.*?^}", llvm_ir, re.M | re.S).group(0)
    assert len(re.findall(r"call void @xfuse_loop", entry)) == len(outlined)
    # what is left of the entry is straight-line code around the calls: not optimized by LLVM
    group = re.search(r"^define .*@mlp\(.*\) #(\d+)", llvm_ir, re.M).group(1)
    attributes = re.search(rf"^attributes #{group} = {{(.*)}}", llvm_ir, re.M).group(1)
    assert "optnone" in attributes and "noinline" in attributes, attributes


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_outlined_and_whole_builds_agree(pipeline, monkeypatch):
    monkeypatch.delenv("XFUSE_OUTLINE_MIN_OPS", raising=False)
    outlined = compile_module(_mlp(), pipeline=pipeline)
    assert outlined.pipeline.outline_loops
    monkeypatch.setenv("XFUSE_OUTLINE_MIN_OPS", "0")
    whole = compile_module(_mlp(), pipeline=pipeline)
    assert not whole.pipeline.outline_loops
    inputs = random_inputs(whole.signature, seed=11)
    (want,) = whole(*inputs)
    (got,) = outlined(*inputs)
    np.testing.assert_array_equal(got, want)


def test_threshold_is_counted_in_loop_nests_not_region_ops(monkeypatch):
    """linalg.yield and linalg.index are not loop nests."""
    monkeypatch.delenv("XFUSE_OUTLINE_MIN_OPS", raising=False)
    monkeypatch.setattr(pipelines, "OUTLINE_MIN_LOOP_NESTS", OPS_PER_LAYER * LAYERS + 1)
    assert not get_pipeline("microkernel").for_module(prepare_for_execution(_mlp())).outline_loops
    monkeypatch.setattr(pipelines, "OUTLINE_MIN_LOOP_NESTS", OPS_PER_LAYER * LAYERS)
    assert get_pipeline("microkernel").for_module(prepare_for_execution(_mlp())).outline_loops


def test_function_passes_are_nested_in_groups_of_consecutive_ones():
    passes = ["canonicalize", "expand-strided-metadata,lower-affine", "finalize-memref-to-llvm",
              "convert-vector-to-llvm{reassociate-fp-reductions}", "convert-arith-to-llvm,convert-index-to-llvm",
              "convert-func-to-llvm", "convert-ub-to-llvm", "reconcile-unrealized-casts"]
    assert nest_function_passes(passes) == [
        "canonicalize", "func.func(expand-strided-metadata,lower-affine)", "finalize-memref-to-llvm",
        "func.func(convert-vector-to-llvm{reassociate-fp-reductions},convert-arith-to-llvm,convert-index-to-llvm)",
        "convert-func-to-llvm", "llvm.func(convert-ub-to-llvm,reconcile-unrealized-casts)"]


@pytest.mark.parametrize("pipeline", ["default", "microkernel", "microkernel-openmp"])
def test_nested_lowering_lowers_to_the_same_module(pipeline, tmp_path, monkeypatch):
    """The outlined loop functions are lowered in parallel (`nest_lowering`): the LLVM module is
    the one the module-level passes make, byte for byte."""
    monkeypatch.delenv("XFUSE_OUTLINE_MIN_OPS", raising=False)
    prepared = prepare_for_execution(_mlp())
    nested = get_pipeline(pipeline).for_module(prepared)
    assert nested.nest_lowering and "func.func(expand-strided-metadata" in nested.spec("lib.mlir")
    text = emit_mlir_text(prepared)
    (tmp_path / "nested").mkdir()
    (tmp_path / "flat").mkdir()
    with_nesting = lower_to_llvm_ir(text, nested, tmp_path / "nested").read_text()
    flat = pipelines.replace(nested, nest_lowering=False)
    # FREE_AFTER_LAST_USE is a func.func pass in every tensor pipeline, nested or not
    assert "func.func(" not in flat.spec("lib.mlir").replace(pipelines.FREE_AFTER_LAST_USE.passes, "")
    assert with_nesting == lower_to_llvm_ir(text, flat, tmp_path / "flat").read_text()


def test_a_module_that_prints_vectors_is_not_nested(monkeypatch):
    """vector.print's lowering declares printF32 & co. in the module: not from a nested pass."""
    monkeypatch.delenv("XFUSE_OUTLINE_MIN_OPS", raising=False)
    module = _mlp()
    printed = ('%cst_print = arith.constant dense<1.0> : vector<4xf32>\n'
               '    "vector.print"(%cst_print) : (vector<4xf32>) -> ()\n    func.return')
    text = str(module).replace("func.return", printed, 1)
    printing = prepare_for_execution(xfuse.parse(text))
    assert any(op.name == "vector.print" for op in printing.walk())
    chosen = get_pipeline("microkernel").for_module(printing)
    assert chosen.outline_loops and not chosen.nest_lowering


def test_constants_read_by_an_outlined_loop_are_constants_in_it(tmp_path, monkeypatch):
    """`transform.loop.outline` passes a non-index constant (the fill's zero, a zero vector) as an
    argument; `sccp` after outlining puts it back, so the parameter is left unused and the body
    sees the constant (split from its caller, LLVM could not: AlexNet's zero fill became 196
    unrolled stores)."""
    monkeypatch.delenv("XFUSE_OUTLINE_MIN_OPS", raising=False)
    prepared = prepare_for_execution(_mlp())
    chosen = get_pipeline("microkernel").for_module(prepared)
    spec = chosen.spec("lib.mlir")
    assert f"entry-point={OUTLINE_ENTRY}}},{pipelines.CONSTANTS_INTO_OUTLINED}," in spec
    llvm_ir = lower_to_llvm_ir(emit_mlir_text(prepared), chosen, tmp_path).read_text()
    floats = 0
    for params, body in re.findall(r"^define internal void @xfuse_loop\w*\(([^\n]*)\)[^{\n]*\{\n(.*?)^\}", llvm_ir, re.M | re.S):
        for name in re.findall(r"(?:float|<\d+ x float>|\[\d+ x <\d+ x float>\]) (%\d+)", params):
            floats += 1
            assert not re.search(rf"{name}\b", body), f"{name} is read in the outlined loop"
    assert floats > 0, "the MLP's loops read float constants"

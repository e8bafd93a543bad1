"""Residual additions written into the residual's buffer (xfuse/backends/in_place/residual_in_place.py).

- The rewrite: a convolution root adding a residual that nothing reads later takes it as its
  destination; a residual read later, or a function argument, is left alone.
- Differential: every function of the input file through `microkernel` at one and two threads
  (the rewrite, then the schedule) against `default` (neither).
- Memory: the per-call arena of the rewritten residual block is smaller.
"""

from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.in_place.residual_in_place import residuals_in_place
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.schedules.conv import CONV_ROOT_ATTR, plan_convolutions
from xfuse.backends.target import host_target
from xfuse.parsing import parse

INPUT = Path(__file__).parent / "inputs" / "residual_in_place.mlir"
CONV_FUNCTIONS = ["residual", "residual_read_later", "residual_argument"]
FUNCTIONS = [*CONV_FUNCTIONS, "split_residual", "split_other_slice", "split_conv_residual",
             "split_parts_residual"]


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _function(module, name):
    return next(op for op in module.walk() if op.name == "func.func" and op.sym_name.data == name)


def _roots(function):
    return [op for op in function.walk() if op.name == "linalg.generic" and CONV_ROOT_ATTR in op.attributes]


def test_only_a_residual_read_last_by_the_root_is_written_in_place():
    module = parse(INPUT.read_text())
    plan_convolutions(module, host_target())
    assert all(len(_roots(_function(module, name))) == 1 for name in CONV_FUNCTIONS)
    assert residuals_in_place(module) == 4  # @residual's add and the loops of @split_residual, @split_conv_residual
    # and @split_parts_residual
    module.verify()
    (root,) = _roots(_function(module, "residual"))
    assert len(root.inputs) == 1 and root.inputs[0].op.name == "linalg.conv_2d_nhwc_hwcf"
    destination = root.outputs[0].op
    assert destination.name == "linalg.conv_2d_nhwc_hwcf" and CONV_ROOT_ATTR in destination.attributes
    assert len(root.body.block.args) == 2  # the residual's element is the destination's
    assert not [op for op in _function(module, "residual").walk() if op.name == "tensor.empty"
                and not op.results[0].uses]
    for name in ("residual_read_later", "residual_argument"):
        (kept,) = _roots(_function(module, name))
        assert len(kept.inputs) == 2 and kept.outputs[0].op.name == "tensor.empty", name


def test_a_split_loop_reads_its_own_slice_of_the_shared_output():
    module = parse(INPUT.read_text())
    assert residuals_in_place(module) == 3
    module.verify()
    for name, rewritten in (("split_residual", True), ("split_other_slice", False)):
        (loop,) = [op for op in _function(module, name).walk() if op.name == "scf.forall"]
        init = loop.operands[-1].op
        assert (init.name == "linalg.exp") is rewritten, name
        reads = [op for op in loop.walk() if op.name == "tensor.extract_slice"]
        from_shared = [op for op in reads if op.operands[0] is loop.regions[0].block.args[-1]]
        assert len(from_shared) == (2 if rewritten else 1), name


def _split_conv_loop(module, name="split_conv_residual"):
    (loop,) = [op for op in _function(module, name).walk() if op.name == "scf.forall"]
    return loop


def test_a_split_root_reads_the_residual_through_its_destination():
    """The root's destination is the residual's slice of the shared output (its block argument
    read as the residual's element); the bias broadcast writes a `tensor.empty` of its own."""
    module = parse(INPUT.read_text())
    plan_convolutions(module, host_target())
    residuals_in_place(module)
    module.verify()
    loop = _split_conv_loop(module)
    assert loop.operands[-1].op.name == "linalg.exp"
    (root,) = _roots(loop)
    assert len(root.inputs) == 1 and root.inputs[0].op.name == "linalg.conv_2d_nhwc_hwcf"
    destination = root.outputs[0].op
    assert destination.name == "tensor.extract_slice" and destination.operands[0] is loop.regions[0].block.args[-1]
    assert len(root.body.block.args) == 2 and root.body.block.args[-1].uses
    (broadcast,) = [op for op in loop.walk() if op.name == "linalg.broadcast"]
    assert broadcast.operands[-1].op.name == "tensor.empty"
    slices_of_shared = [op for op in loop.walk() if op.name == "tensor.extract_slice"
                        and op.operands[0] is loop.regions[0].block.args[-1]]
    assert slices_of_shared == [destination]


def test_split_parts_are_assembled_in_the_residual():
    """Two parts of flattened pixels: each root's destination is its part of the (reshaped)
    residual slice, the parts are inserted into that slice, and the second part reads the
    assembly after the first (the parts are disjoint)."""
    module = parse(INPUT.read_text())
    plan_convolutions(module, host_target())
    residuals_in_place(module)
    module.verify()
    loop = _split_conv_loop(module, "split_parts_residual")
    first, second = _roots(loop)
    inserts = [op for op in loop.walk() if op.name == "tensor.insert_slice"]
    assert [op.operands[0].op for op in inserts] == [first, second]
    residual = inserts[0].operands[1]
    assert residual.op.name == "tensor.expand_shape"
    assert first.outputs[0].op.operands[0] is residual and second.outputs[0].op.operands[0] is inserts[0].results[0]
    assert all(len(root.inputs) == 1 for root in (first, second))
    assert all(op.operands[-1].op.name == "tensor.empty" for op in loop.walk() if op.name == "linalg.broadcast")
    assert not [op for op in loop.walk() if op.name == "tensor.empty" and op.results[0].type == residual.type]


@pytest.mark.parametrize("function", ["split_conv_residual", "split_parts_residual"])
@pytest.mark.parametrize("enabled", [False, True])
def test_a_split_root_in_place_bufferizes_without_a_copy(function, enabled, monkeypatch, tmp_path):
    """Bufferized, the loop computes in the residual's buffer: no buffer and no copy of the
    slice per iteration (with the switch off, the slice is copied into a new buffer and back)."""
    import re
    import subprocess
    from dataclasses import replace

    import xfuse.backends.in_place.residual_in_place as rewrite
    from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
    from xfuse.backends.pipelines import get_pipeline
    from xfuse.backends.runner import lower_to_llvm_dialect_command

    monkeypatch.setattr(rewrite, "ROOT_READS_ITS_DESTINATION", enabled)
    module = parse(INPUT.read_text())
    prepared = prepare_for_execution(module)
    pipeline = get_pipeline("microkernel").for_module(prepared)
    steps = list(pipeline.steps)
    bufferize = next(i for i, step in enumerate(steps) if step.passes.startswith("one-shot-bufferize"))
    pipeline = replace(pipeline, steps=tuple(steps[:bufferize + 1]), outline_loops=False)
    subprocess.run(lower_to_llvm_dialect_command(emit_mlir_text(prepared), pipeline, tmp_path), check=True)
    text = (tmp_path / "lowered.mlir").read_text()
    body = text[text.index(f"@{function}("):]
    loop = body[body.index("scf.forall"):body.index("return")]
    copied = re.search(r"memref\.alloc\(\)", loop) is not None
    assert copied is not enabled, loop[:2000]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("function", FUNCTIONS)
def test_residuals_in_place_agree_with_the_reference(function, threads):
    text = INPUT.read_text()
    candidate = compile_module(text, function, "microkernel", threads=threads)
    reference = compile_module(text, function, "default")
    for seed in (0, 1):
        inputs = random_inputs(reference.signature, seed=seed)
        for got, want in zip(candidate(*inputs), reference(*inputs), strict=True):
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_the_arena_holds_one_buffer_less(monkeypatch):
    """The add's own buffer is gone: the arena is smaller by at least one activation."""
    import xfuse.backends.in_place.residual_in_place as rewrite

    text = INPUT.read_text()
    activation = 4 * 6 * 16 * 4
    with_rewrite = compile_module(text, "residual", "microkernel", cache=False)
    with_rewrite(*random_inputs(with_rewrite.signature))
    monkeypatch.setattr(rewrite, "residuals_in_place", lambda module: 0)
    without = compile_module(text, "residual", "microkernel", cache=False)
    without(*random_inputs(without.signature))
    smaller, larger = (c.arena_pool().plan.bytes for c in (with_rewrite, without))
    assert smaller <= larger - activation, (smaller, larger)

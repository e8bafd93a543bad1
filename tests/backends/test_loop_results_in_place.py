"""The values an scf.for carries computed in its iteration argument's buffer
(xfuse/backends/in_place/loop_results_in_place.py).

- The rewrite: the elementwise op making a loop's next state takes the iteration argument as its
  destination when nothing reads the argument after it; a state read later, a reduction and a
  transposition keep their `tensor.empty`.
- Differential: the recurrence compiled (`microkernel` and `default`: one-shot-bufferize refuses
  it without the rewrite; 64 wide, where the schedule register-tiles its matmul) agrees with numpy.
"""

import re
from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.in_place.loop_results_in_place import loop_results_in_place
from xfuse.backends.runner import compile_module
from xfuse.parsing import parse

INPUT = Path(__file__).parent / "inputs" / "loop_results_in_place.mlir"
KEPT = Path(__file__).parent / "inputs" / "loop_results_kept.mlir"


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _destinations(module, name):
    """Per function `name`'s loop result: the name of the op its yielded value writes into."""
    function = next(op for op in module.walk() if op.name == "func.func" and op.sym_name.data == name)
    (loop,) = [op for op in function.walk() if op.name == "scf.for"]
    destinations = []
    for value in loop.body.block.last_op.operands:
        target = value.op.outputs[0]
        destinations.append("iter_arg" if target in loop.body.block.args else target.op.name)
    return destinations


def test_only_a_state_nothing_reads_later_is_written_in_place():
    module = parse(INPUT.read_text())
    assert loop_results_in_place(module) == 2
    module.verify()
    assert _destinations(module, "recurrence") == _destinations(module, "recurrence_wide") == ["iter_arg"]
    module = parse(KEPT.read_text())
    assert loop_results_in_place(module) == 1
    module.verify()
    assert _destinations(module, "read_after") == ["tensor.empty", "iter_arg"]
    assert _destinations(module, "not_elementwise") == ["tensor.empty", "tensor.empty"]


@pytest.mark.parametrize("function, width, pipeline", [("recurrence", 8, "microkernel"), ("recurrence", 8, "default"),
                                                       ("recurrence_wide", 64, "microkernel")])
def test_the_compiled_recurrence_agrees_with_numpy(function, width, pipeline):
    compiled = compile_module(INPUT.read_text(), function, pipeline)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((6, 1, width)).astype(np.float32)
    h = rng.standard_normal((1, width)).astype(np.float32)
    w = (rng.standard_normal((width, width)) / (3 * np.sqrt(width / 8))).astype(np.float32)
    (got,) = compiled(x, h, w)
    for t in range(6):
        h = np.tanh(h @ w + x[t]) + h / 2
    np.testing.assert_allclose(got, h, rtol=1e-5, atol=1e-5)


def test_the_state_is_read_through_the_destination():
    """The op writing the next state reads the state's element through its output argument, not
    as an input of its own: tiled (the elementwise schedule vectorizes a loop body's chains), an
    input read whole while its slices are written made one-shot-bufferize copy the state again."""
    module = parse(INPUT.read_text())
    loop_results_in_place(module)
    for loop in (op for op in module.walk() if op.name == "scf.for"):
        (state,) = loop.body.block.args[1:]
        writer = loop.body.block.last_op.operands[0].op  # the matmul reads the state too
        assert writer.name == "linalg.generic" and list(writer.outputs) == [state] and state not in writer.inputs
        assert len(writer.indexing_maps.data) == 3 and len(writer.body.block.args) == 3
        output = writer.body.block.args[-1]
        assert [use.operation.name for use in output.uses] == ["arith.mulf"]  # h / 2 reads the state


def test_a_loop_body_chain_is_vectorized():
    """The elementwise schedule takes the chain that makes a loop's next state (a recurrence's
    gates), which the matmul's register tiles leave out: it ran as scalar loops."""
    from xfuse.backends.schedules.elementwise import ELEMENTWISE_ATTR, plan_elementwise
    from xfuse.backends.target import CpuTarget

    module = parse(INPUT.read_text())
    loop_results_in_place(module)
    tiles = plan_elementwise(module, CpuTarget("x86-64-v3", 256, 16, True))  # AVX2: 8 lanes
    marked = [op for op in module.walk() if ELEMENTWISE_ATTR in op.attributes]
    assert [op.parent_op().name for op in marked] == ["scf.for", "scf.for"]
    assert tiles == [(1, 8), (1, 32)]  # @recurrence's 8 wide is one vector: tiled whole (WHOLE_TILE_IN_LOOPS)


@pytest.mark.parametrize("whole", [True, False])
def test_a_loop_body_chain_of_one_tile_is_vectorized_whole(whole, monkeypatch):
    """On AVX-512 @recurrence_wide's 64-wide chain is one tile of four vectors: with
    `WHOLE_TILE_IN_LOOPS` it is tiled by its shape and vectorized; off, it was left to scalar
    loops (no loop to fuse into), and @recurrence's 8 (under a vector) is left either way."""
    from xfuse.backends.schedules import elementwise
    from xfuse.backends.target import CpuTarget

    monkeypatch.setattr(elementwise, "WHOLE_TILE_IN_LOOPS", whole)
    module = parse(INPUT.read_text())
    loop_results_in_place(module)
    tiles = elementwise.plan_elementwise(module, CpuTarget("x86-64-v4", 512, 32, True))
    assert tiles == ([(1, 64)] if whole else [])


BUFFERIZED = "one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},cse,canonicalize"


def _bufferized(function_name: str, tmp_path) -> str:
    """`function_name` of INPUT as mlir-opt has it right after bufferization (the backend's own
    pipeline, cut there)."""
    import subprocess

    from xfuse.backends.runner import lower_to_llvm_dialect_command

    compiled = compile_module(INPUT.read_text(), function_name, "microkernel")
    command = lower_to_llvm_dialect_command(compiled.mlir_text, compiled.pipeline, tmp_path)
    spec = next(arg for arg in command if arg.startswith("--pass-pipeline="))
    cut = spec[:spec.index(BUFFERIZED) + len(BUFFERIZED)] + ")"
    command = [cut if arg == spec else arg for arg in command]
    subprocess.run(command, check=True, capture_output=True, text=True)
    text = (tmp_path / "lowered.mlir").read_text()
    return text[text.index(f"func.func @{function_name}"):]


def test_the_bufferized_loop_on_avx512_updates_its_state_in_place_in_vectors(monkeypatch, tmp_path):
    """For AVX-512 (`XFUSE_TARGET_CPU=znver4`, compiled, not run): @recurrence_wide's chain, one
    tile of four vectors, is vectorized whole (`WHOLE_TILE_IN_LOOPS`) and reads the matmul's
    accumulator in registers; the step allocates nothing and writes the state in place."""
    import platform

    from xfuse.backends.target import host_target

    if platform.machine() not in ("x86_64", "AMD64"):
        pytest.skip("builds for znver4: an x86 host's llc")
    monkeypatch.setenv("XFUSE_TARGET_CPU", "znver4")
    host_target.cache_clear()
    try:
        function = _bufferized("recurrence_wide", tmp_path)
    finally:
        monkeypatch.delenv("XFUSE_TARGET_CPU")
        host_target.cache_clear()
    state = re.search(r"(%alloc\w*) = memref.alloc\(\) .*: memref<1x64xf32>\n\s*memref.copy %arg1, \1", function)
    assert state, "the initial state is copied once, before the loop"
    body = function[function.index("scf.for %arg3 = %c0 to %c6"):function.index("return")]
    assert "memref.copy" not in body and "linalg.generic" not in body and "memref.alloc" not in body
    assert re.search(rf"vector.transfer_write %\w+, {state[1]}\[%c0, %c0\] .*: vector<64xf32>, memref<1x64xf32>", body)


def test_the_bufferized_loop_updates_its_state_in_place_in_vectors(znver3_build, tmp_path):
    """@recurrence_wide as mlir-opt has it right after bufferization (the backend's own pipeline,
    cut there): the step's loop body copies no state and allocates no state buffer (the state is
    updated in place), and its chain after the matmul is written in vectors."""
    function = _bufferized("recurrence_wide", tmp_path)
    state = re.search(r"(%alloc\w*) = memref.alloc\(\) .*: memref<1x64xf32>\n\s*memref.copy %arg1, \1", function)
    assert state, "the initial state is copied once, before the loop"
    body = function[function.index("scf.for %arg3 = %c0 to %c6"):function.index("return")]
    assert "memref.copy" not in body and "linalg.generic" not in body
    assert body.count("memref.alloc()") == 1  # the matmul's product, not a state
    assert re.search(rf"memref.subview {state[1]}\[0, %arg4\] \[1, 32\]", body)  # the chain writes the state's tiles
    assert re.search(r"vector.transfer_write %\w+, %subview\[%c0, %c0\] .*: vector<32xf32>", body)

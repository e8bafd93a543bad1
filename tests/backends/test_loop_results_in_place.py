"""The values an scf.for carries computed in its iteration argument's buffer
(xfuse/backends/loop_results_in_place.py).

- The rewrite: the elementwise op making a loop's next state takes the iteration argument as its
  destination when nothing reads the argument after it; a state read later, a reduction and a
  transposition keep their `tensor.empty`.
- Differential: the recurrence compiled (`microkernel` and `default`: one-shot-bufferize refuses
  it without the rewrite; 64 wide, where the schedule register-tiles its matmul) agrees with numpy.
"""

from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.loop_results_in_place import loop_results_in_place
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

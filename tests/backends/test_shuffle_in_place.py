"""Channel shuffles written in shuffled order by their grouped convolution
(xfuse/backends/in_place/shuffle_in_place.py).

- The rewrite: the group loop's shared output takes the transpose's type and its slices the
  permuted offsets; a loop read by something else, or a transpose that would reorder the tile's
  own dimensions, is left alone.
- Differential: every function of the input file through `microkernel` at one and two threads
  (the rewrite, the pad written in place, the schedules) against `default` (neither).
- Memory: the per-call arena of the shuffle is smaller by at least the shuffled copy.
"""

from pathlib import Path

import pytest

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.in_place.shuffle_in_place import shuffles_in_place
from xfuse.parsing import parse
from xfuse.testing.differential import assert_same_results

INPUT = Path(__file__).parent / "inputs" / "shuffle_in_place.mlir"
FUNCTIONS = ["shuffle", "shuffle_and_groups", "transpose_within_tile", "nhwc_to_nchw"]


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _function(module, name):
    return next(op for op in module.walk() if op.name == "func.func" and op.sym_name.data == name)


def _ops(function, name):
    return [op for op in function.walk() if op.name == name]


def test_only_a_loop_read_by_the_shuffle_alone_writes_it():
    module = parse(INPUT.read_text())
    assert shuffles_in_place(module) == 1
    module.verify()
    shuffle = _function(module, "shuffle")
    assert not _ops(shuffle, "linalg.transpose")
    (loop,) = _ops(shuffle, "scf.forall")
    assert loop.results[0].type.get_shape() == (1, 6, 6, 8, 2)
    assert loop.operands[-1].op.name == "tensor.empty"
    shared = loop.regions[0].block.args[-1]
    slices = [use.operation for use in shared.uses]
    assert {op.name for op in slices} == {"tensor.extract_slice", "tensor.parallel_insert_slice"}
    for op in slices:
        assert list(op.properties["static_sizes"].get_values()) == [1, 6, 6, 8, 1]
        offsets = list(op.properties["static_offsets"].get_values())
        assert offsets[:4] == [0, 0, 0, 0] and offsets[4] < 0  # the group index, dynamic
    # the round trip and the emptied destinations are gone; the pad reads the loop directly
    assert not [op for op in shuffle.walk() if op.name == "tensor.expand_shape" and not op.results[0].uses]
    assert not [op for op in shuffle.walk() if op.name == "tensor.empty" and not op.results[0].uses]
    (pad,) = _ops(shuffle, "tensor.pad")
    assert pad.operands[0].op.name == "tensor.collapse_shape" and pad.operands[0].op.operands[0] is loop.results[0]
    for name in ("shuffle_and_groups", "transpose_within_tile", "nhwc_to_nchw"):
        assert len(_ops(_function(module, name), "linalg.transpose")) == 1, name


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("function", FUNCTIONS)
def test_shuffles_in_place_agree_with_the_reference(function, threads):
    text = INPUT.read_text()
    candidate = compile_module(text, function, "microkernel", threads=threads)
    reference = compile_module(text, function, "default")
    for seed in (0, 1):
        assert_same_results(reference, candidate, random_inputs(reference.signature, seed=seed), f"{function} seed {seed}")


def test_the_arena_holds_no_shuffled_copy(monkeypatch):
    """The grouped convolution's output and its transposed copy (in the padded buffer) were two
    buffers live at once; now they are one."""
    import xfuse.backends.in_place.conv_borders as conv_borders
    import xfuse.backends.in_place.shuffle_in_place as rewrite

    monkeypatch.setattr(rewrite, "SHUFFLES_IN_PLACE_ENABLED", True)
    # the depthwise convolution reads its pad (conv_borders would drop the padded buffer)
    monkeypatch.setattr(conv_borders, "CONV_BORDERS_ENABLED", False)
    text = INPUT.read_text()
    activation, padded = 4 * 6 * 6 * 16, 4 * 8 * 8 * 16
    with_rewrite = compile_module(text, "shuffle", "microkernel", cache=False)
    with_rewrite(*random_inputs(with_rewrite.signature))
    monkeypatch.setattr(rewrite, "shuffles_in_place", lambda module: 0)
    without = compile_module(text, "shuffle", "microkernel", cache=False)
    without(*random_inputs(without.signature))
    smaller, larger = (c.arena_pool().plan.bytes for c in (with_rewrite, without))
    assert larger >= activation + padded, (smaller, larger)
    assert smaller < activation + padded, (smaller, larger)

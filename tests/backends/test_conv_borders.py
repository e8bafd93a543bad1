"""Convolutions that read their input unpadded, their border outputs computed with clipped
filters (xfuse/backends/in_place/conv_borders.py).

- The rewrite: a zero-padded convolution (and its ReLU or residual add) becomes pieces on slices
  of the unpadded input and of the filter; a pad of another value, or one another op reads, is
  left alone; only the convolutions with the function's largest padded input are picked.
- Differential: the functions of the input file through `microkernel` (the rewrite) against
  `default` (the padded convolution), bit for bit up to the default tolerance.
- Memory: the arena no longer holds the padded copy.
- Register tiles: an interior no tile divides is cut where the tile splits it, and the pieces
  reading a slice of a linalg op's result are fused op by op (their producer not pulled into
  every tile).
"""

from pathlib import Path

import pytest
from xdsl.ir import OpResult

from xfuse.backends.in_place.conv_borders import CONVOLUTIONS, conv_borders, padded_convolution, peak_convolutions
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.parsing import parse
from xfuse.testing.differential import assert_same_results

INPUT = Path(__file__).parent / "inputs" / "conv_borders.mlir"
FUNCTIONS = ["conv_relu", "stride_two", "depthwise", "depthwise_relu", "grouped", "nonzero_pad", "pad_read_twice", "concat_piece",
             "silu_stride_two"]


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _function(module, name):
    return next(op for op in module.walk() if op.name == "func.func" and op.sym_name.data == name)


def _convs(function):
    return [op for op in function.walk() if op.name in CONVOLUTIONS]


def _pieces(function):
    """(output rows, output columns, filter rows, filter columns, filter row, filter column) of
    each convolution reading a slice of the filter."""
    pieces = []
    for conv in _convs(function):
        filters = conv.operands[1]
        if isinstance(filters, OpResult) and filters.op.name == "tensor.extract_slice":
            offsets = filters.op.properties["static_offsets"].get_values()
            pieces.append((*conv.results[0].type.get_shape()[1:3], *filters.type.get_shape()[:2], *offsets[:2]))
    return sorted(pieces)


def test_zero_padded_convolutions_become_pieces_with_clipped_filters():
    module = parse(INPUT.read_text())
    candidates = [op for op in module.walk() if padded_convolution(op) is not None]
    assert conv_borders(module, candidates) == 6
    module.verify()
    conv_relu = _function(module, "conv_relu")
    assert not [op for op in conv_relu.walk() if op.name == "tensor.pad"]
    # 10 x 12 outputs, 3x3 stride 1 pad 1: the first and last row and column clipped to 2 taps
    assert _pieces(conv_relu) == sorted(
        (r, c, fr, fc, r0, c0) for r, fr, r0 in ((1, 2, 1), (8, 3, 0), (1, 2, 0))
        for c, fc, c0 in ((1, 2, 1), (10, 3, 0), (1, 2, 0)))
    # each piece has its ReLU (`maximumf`) on its slice; the whole one is gone
    relus = [op for op in conv_relu.walk() if op.name == "linalg.generic"]
    assert len(relus) == 9 and all(r.results[0].type.get_shape() != (1, 10, 12, 16) for r in relus)
    # 8 rows, stride 2: only the first output row and column meet the pad (the high pad is never read)
    assert _pieces(_function(module, "stride_two")) == [(1, 1, 2, 2, 1, 1), (1, 3, 2, 3, 1, 0),
                                                        (3, 1, 3, 2, 0, 1), (3, 3, 3, 3, 0, 0)]
    assert len(_pieces(_function(module, "depthwise"))) == 25  # pad 2: two clipped outputs per end
    grouped = _function(module, "grouped")  # in the group loop, on the group's slice of the unpadded input
    assert len(_pieces(grouped)) == 4 and not [op for op in grouped.walk() if op.name == "tensor.pad"]
    assert {c.operands[0].op.operands[0].type.get_shape() for c in _convs(grouped)} == {(1, 10, 10, 2, 8)}
    for name in ("nonzero_pad", "pad_read_twice", "concat_piece"):
        (conv,) = _convs(_function(module, name))
        assert conv.operands[0].op.name == "tensor.pad", name


def test_an_interior_no_tile_divides_is_cut_where_the_register_tile_splits_it():
    from xfuse.backends.schedules.conv import CONV_ATTR, CONV_INSTANCE_ATTR, choose_conv_tile, plan_convolutions
    from xfuse.backends.target import host_target

    module = parse(INPUT.read_text())
    function = _function(module, "silu_stride_two")
    assert conv_borders(module, [op for op in function.walk() if padded_convolution(op) is not None]) == 1
    tile = choose_conv_tile(17, 32, 32, host_target())
    assert tile.remainder  # 17 columns inside, a prime above any tile height: a remainder
    columns = sorted({(conv.results[0].type.get_shape()[2], conv.operands[1].type.get_shape()[1])
                      for conv in _convs(function)})
    # the clipped first column (2 taps), then the interior in the tile's full columns and the rest
    assert columns == sorted({(1, 2), (tile.split_rows, 3), (tile.remainder, 3)})
    groups = {g.group: g for g in plan_convolutions(module, host_target())}
    planned = [groups[conv.attributes[CONV_ATTR].value.data] for conv in _convs(function)]
    assert len(planned) == 6
    # each piece reads a slice of the SiLU: fused op by op, with a tile that divides its width
    assert all(g.instances and not g.tile.remainder for g in planned)
    assert all(CONV_INSTANCE_ATTR in conv.attributes for conv in _convs(function))


def test_only_the_largest_padded_input_is_picked():
    module = parse(INPUT.read_text())
    picked = peak_convolutions(module)

    def function_of(op):
        while op.name != "func.func":
            op = op.parent_op()
        return op.sym_name.data
    # one per function that has a candidate; conv_relu's 1x1 convolution reads no pad
    assert sorted(map(function_of, picked)) == ["concat_piece", "conv_relu", "depthwise", "depthwise_relu", "grouped",
                                                "silu_stride_two", "stride_two"]


@pytest.mark.parametrize("function", FUNCTIONS)
def test_conv_borders_agree_with_the_reference(function):
    text = INPUT.read_text()
    candidate = compile_module(text, function, "microkernel")
    reference = compile_module(text, function, "default")
    for seed in (0, 1):
        inputs = random_inputs(reference.signature, seed=seed)
        assert_same_results(reference, candidate, inputs, f"{function} seed {seed}")


def test_conv_borders_agree_at_two_threads():
    text = INPUT.read_text()
    candidate = compile_module(text, "stride_two", "microkernel", threads=2)
    reference = compile_module(text, "stride_two", "default")
    inputs = random_inputs(reference.signature, seed=0)
    assert_same_results(reference, candidate, inputs, "stride_two, two threads")


@pytest.mark.parametrize(("function", "border"), [("conv_relu", 4 * (12 * 14 - 10 * 12) * 16),
                                                  ("depthwise_relu", 4 * (34 * 34 - 32 * 32) * 16)])
def test_the_arena_holds_no_padded_copy(monkeypatch, function, border):
    import xfuse.backends.in_place.conv_borders as rewrite

    text = INPUT.read_text()
    with_rewrite = compile_module(text, function, "microkernel", cache=False)
    with_rewrite(*random_inputs(with_rewrite.signature))
    monkeypatch.setattr(rewrite, "CONV_BORDERS_ENABLED", False)
    without = compile_module(text, function, "microkernel", cache=False)
    without(*random_inputs(without.signature))
    smaller, larger = (c.arena_pool().plan.bytes for c in (with_rewrite, without))
    assert larger - smaller >= border, (smaller, larger)

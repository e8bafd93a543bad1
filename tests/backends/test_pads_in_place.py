"""Pads written in place by their source's producer (xfuse/backends/in_place/pads_in_place.py).

- The rewrite: the producer (or the first op of its destination chain) writes into a slice of
  the padded buffer's interior, expanded like the pad's source when that is a collapse; only the
  border is filled, slab by slab, without overlap; pads of arguments and of producers writing
  into an argument are left as they were.
- Differential: every function of the input file through `microkernel` and
  `microkernel-openmp` (the rewrite, then the schedule) against `default` (neither), and
  random-tester layers with a ReLU before the padded convolution.
"""

from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.in_place.pads_in_place import _border_slabs, pads_in_place
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.schedules.conv import PAD_FILL_ATTR, plan_convolutions, plan_pads
from xfuse.backends.target import host_target
from xfuse.parsing import parse
from xfuse.testing.random_convs import ConvLayer, check_layer, layer_module

INPUT = Path(__file__).parent / "inputs" / "pads_in_place.mlir"
FUNCTIONS = ["relu_pad_conv", "pool_pad_pool", "shuffle_pad_depthwise", "not_in_place", "concat_pad_pool"]


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _rewritten():
    module = parse(INPUT.read_text())
    plan_pads(module)
    return module, pads_in_place(module)


def _function(module, name):
    return next(op for op in module.walk() if op.name == "func.func" and op.sym_name.data == name)


def _ops(function, name):
    return [op for op in function.walk() if op.name == name]


def test_four_pads_are_written_in_place_and_three_are_not():
    module, count = _rewritten()
    assert count == 4  # concat_pad_pool's pad of its argument %x keeps its fill and copy
    kept = _function(module, "not_in_place")
    assert len(_ops(kept, "tensor.pad")) == 2 and not _ops(kept, "tensor.insert_slice")
    module.verify()


def test_the_producer_writes_into_the_interior():
    module, _ = _rewritten()
    function = _function(module, "relu_pad_conv")
    assert not _ops(function, "tensor.pad")
    relu = _ops(function, "linalg.generic")[0]
    interior = relu.operands[1].op
    assert interior.name == "tensor.extract_slice"
    assert list(interior.static_offsets.get_values()) == [0, 1, 1, 0]
    assert interior.operands[0].op.name == "tensor.empty"
    assert interior.operands[0].type.get_shape() == (1, 12, 14, 16)
    first_insert = _ops(function, "tensor.insert_slice")[0]
    assert first_insert.operands[0] is relu.results[0] and first_insert.operands[1] is interior.operands[0]
    fills = [op for op in _ops(function, "linalg.fill") if PAD_FILL_ATTR in op.attributes]
    assert len(fills) == 4  # top, bottom, left, right
    conv = _ops(function, "linalg.conv_2d_nhwc_hwcf")[0]
    assert conv.operands[0].op.name == "tensor.insert_slice"  # the last border slab's insert


def test_a_chain_from_the_empty_tensor_is_moved_whole():
    """The pooling accumulates into its fill: the fill, not the pooling, takes the slice."""
    module, _ = _rewritten()
    function = _function(module, "pool_pad_pool")
    init_fill = _ops(function, "linalg.fill")[0]
    assert PAD_FILL_ATTR not in init_fill.attributes
    assert init_fill.operands[1].op.name == "tensor.extract_slice"
    assert list(init_fill.operands[1].op.static_offsets.get_values()) == [0, 0, 1, 0]
    # low[0, 0, 1, 0] high[0, 2, 1, 0]: no top slab, a bottom one, left and right ones
    assert len([op for op in _ops(function, "linalg.fill") if PAD_FILL_ATTR in op.attributes]) == 3


def test_a_collapsed_source_gets_an_expanded_slice():
    module, _ = _rewritten()
    function = _function(module, "shuffle_pad_depthwise")
    transpose = _ops(function, "linalg.transpose")[0]
    expand = transpose.operands[1].op
    assert expand.name == "tensor.expand_shape" and expand.results[0].type.get_shape() == (1, 8, 8, 6, 4)
    assert expand.operands[0].op.name == "tensor.extract_slice"
    # the 1x1 convolution still reads the shuffled tensor (now the padded buffer's interior)
    conv = _ops(function, "linalg.conv_2d_nhwc_hwcf")[0]
    assert conv.operands[0].op.name == "tensor.collapse_shape"


def test_a_padded_concatenation_is_built_in_the_padded_buffer():
    """The concatenation's pieces are inserted into the padded buffer's interior, at their
    offsets along the channels; its border is filled; the 1x1 convolution that read the
    concatenation reads the interior; no concat or pad is left."""
    module, _ = _rewritten()
    function = _function(module, "concat_pad_pool")
    assert not _ops(function, "tensor.concat")
    assert [pad.operands[0] for pad in _ops(function, "tensor.pad")] == [function.args[0]]
    pool2 = _ops(function, "linalg.pooling_nhwc_max")[-1]
    conv = _ops(function, "linalg.conv_2d_nhwc_hwcf")[-1]
    interior = conv.operands[0].op
    assert interior.name == "tensor.extract_slice"
    assert list(interior.properties["static_offsets"].get_values()) == [0, 1, 1, 0]
    assert list(interior.properties["static_sizes"].get_values()) == [1, 6, 7, 24]
    padded_inserts = [op for op in _ops(function, "tensor.insert_slice")
                      if op.results[0].type.get_shape() == (1, 8, 9, 24)]
    pieces = [(op.operands[0].type.get_shape()[3], list(op.properties["static_offsets"].get_values()))
              for op in padded_inserts if PAD_FILL_ATTR not in getattr(op.operands[0], "op", op).attributes]
    assert pieces[:2] == [(16, [0, 1, 1, 0]), (8, [0, 1, 1, 16])]
    assert pool2.operands[0] is padded_inserts[-1].results[0]
    module.verify()


@pytest.mark.parametrize(("low", "source", "padded"), [
    ([0, 1, 1, 0], [1, 4, 5, 3], [1, 6, 7, 3]),
    ([0, 0, 2, 0], [1, 4, 5, 3], [1, 7, 8, 3]),
    ([1, 2, 0], [2, 3, 4], [4, 6, 5]),
])
def test_border_slabs_cover_the_border_once(low, source, padded):
    covered = np.zeros(padded, dtype=int)
    for offsets, sizes in _border_slabs(low, source, padded):
        covered[tuple(slice(o, o + s) for o, s in zip(offsets, sizes))] += 1
    interior = tuple(slice(lo, lo + s) for lo, s in zip(low, source))
    assert (covered[interior] == 0).all()
    covered[interior] = 1
    assert (covered == 1).all()


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
@pytest.mark.parametrize("function", FUNCTIONS)
def test_in_place_pads_agree_with_the_reference(function, pipeline):
    text = INPUT.read_text()
    candidate = compile_module(text, function, pipeline)
    reference = compile_module(text, function, "default")
    for seed in (0, 1):
        inputs = random_inputs(candidate.signature, seed=seed)
        for got, want in zip(candidate(*inputs), reference(*inputs), strict=True):
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("layer", [
    ConvLayer(1, 12, 9, 16, 32, (3, 3), padding=1, relu=True, input_relu=True),
    ConvLayer(2, 7, 11, 24, 24, (3, 3), stride=2, padding=1, depthwise=True, input_relu=True),
    ConvLayer(1, 10, 10, 8, 16, (3, 3), padding=1, input_relu=True, fuse_tile=(1, 2, 10, 16)),
])
def test_random_conv_layers_with_an_input_relu(layer):
    """The random convolution tester's layers with a ReLU before the padded convolution: the pad
    of an unfused layer is written in place (xfuse's fused tiles pad inside the loop); all agree."""
    module = layer_module(layer)
    plan_convolutions(module, host_target())
    plan_pads(module)
    assert pads_in_place(module) == (0 if layer.fuse_tile else 1)
    check_layer(layer, seeds=(0,))


SPLIT_THEN_PAD = """
func.func @split_pad_pool(%x: tensor<1x6x6x16xf32>) -> tensor<1x3x3x16xf32> {
  %c8 = arith.constant 8 : index
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1x6x6x16xf32>
  %y = scf.forall (%i) in (2) shared_outs(%o = %e) -> (tensor<1x6x6x16xf32>) {
    %off = arith.muli %i, %c8 : index
    %xs = tensor.extract_slice %x[0, 0, 0, %off] [1, 6, 6, 8] [1, 1, 1, 1] : tensor<1x6x6x16xf32> to tensor<1x6x6x8xf32>
    %os = tensor.extract_slice %o[0, 0, 0, %off] [1, 6, 6, 8] [1, 1, 1, 1] : tensor<1x6x6x16xf32> to tensor<1x6x6x8xf32>
    %r = linalg.exp ins(%xs : tensor<1x6x6x8xf32>) outs(%os : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %r into %o[0, 0, 0, %off] [1, 6, 6, 8] [1, 1, 1, 1] : tensor<1x6x6x8xf32> into tensor<1x6x6x16xf32>
    }
  }
  %padded = tensor.pad %y low[0, 0, 0, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f32
  } : tensor<1x6x6x16xf32> to tensor<1x7x7x16xf32>
  %window = tensor.empty() : tensor<3x3xf32>
  %pe = tensor.empty() : tensor<1x3x3x16xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x3x3x16xf32>) -> tensor<1x3x3x16xf32>
  %pool = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%padded, %window : tensor<1x7x7x16xf32>, tensor<3x3xf32>) outs(%init : tensor<1x3x3x16xf32>) -> tensor<1x3x3x16xf32>
  return %pool : tensor<1x3x3x16xf32>
}
"""


def test_a_channel_split_loop_writes_into_the_interior():
    """A parallel split's shared output is the padded buffer's interior (Inception-v2's stem)."""
    module = parse(SPLIT_THEN_PAD)
    plan_pads(module)
    assert pads_in_place(module) == 1
    module.verify()
    function = _function(module, "split_pad_pool")
    assert not _ops(function, "tensor.pad")
    (loop,) = _ops(function, "scf.forall")
    interior = loop.operands[-1].op
    assert interior.name == "tensor.extract_slice" and interior.operands[0].type.get_shape() == (1, 7, 7, 16)
    candidate = compile_module(SPLIT_THEN_PAD, "split_pad_pool", "microkernel")
    reference = compile_module(SPLIT_THEN_PAD, "split_pad_pool", "default")
    inputs = random_inputs(reference.signature, seed=3)
    np.testing.assert_allclose(candidate(*inputs)[0], reference(*inputs)[0], rtol=1e-6, atol=1e-6)


FLAT_SPLIT_THEN_PAD = SPLIT_THEN_PAD.replace("@split_pad_pool", "@flat_split_pad_pool").replace(
    "    %r = linalg.exp ins(%xs : tensor<1x6x6x8xf32>) outs(%os : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>\n",
    """    %xf = tensor.collapse_shape %xs [[0, 1, 2], [3]] : tensor<1x6x6x8xf32> into tensor<36x8xf32>
    %of = tensor.collapse_shape %os [[0, 1, 2], [3]] : tensor<1x6x6x8xf32> into tensor<36x8xf32>
    %rf = linalg.exp ins(%xf : tensor<36x8xf32>) outs(%of : tensor<36x8xf32>) -> tensor<36x8xf32>
    %r = tensor.expand_shape %rf [[0, 1, 2], [3]] output_shape [1, 6, 6, 8] : tensor<36x8xf32> into tensor<1x6x6x8xf32>
""")
"""`SPLIT_THEN_PAD` whose loop body collapses the pixels of its slices (a flat-pixel split)."""


@pytest.mark.parametrize("collapsed_interiors", [False, True])
def test_a_loop_that_flattens_its_pixels_keeps_its_pad(monkeypatch, collapsed_interiors):
    """A channel split whose body collapses its slice of the shared output over the padded rows
    (flat_pixels.py's 1x1 layers in filter blocks, before a 3x3 layer's pad): in the interior
    the collapse is no view (rows 7 floats x 16 apart, not 6), so each iteration bufferized to a
    buffer of its own and `memrefCopy`s in and back (ResNet-50's 7x7 2048 -> 512 layers, AVX2).
    Off (`COLLAPSED_INTERIORS`), the pad is kept (its own fill and interior copy); on, it is
    rewritten as before. Both agree with `default`."""
    from xfuse.backends.in_place import pads_in_place as module_under_test

    monkeypatch.setattr(module_under_test, "COLLAPSED_INTERIORS", collapsed_interiors)
    module = parse(FLAT_SPLIT_THEN_PAD)
    plan_pads(module)
    assert pads_in_place(module) == int(collapsed_interiors)
    module.verify()
    function = _function(module, "flat_split_pad_pool")
    assert len(_ops(function, "tensor.pad")) == int(not collapsed_interiors)
    candidate = compile_module(FLAT_SPLIT_THEN_PAD, "flat_split_pad_pool", "microkernel")
    reference = compile_module(FLAT_SPLIT_THEN_PAD, "flat_split_pad_pool", "default")
    inputs = random_inputs(reference.signature, seed=4)
    np.testing.assert_allclose(candidate(*inputs)[0], reference(*inputs)[0], rtol=1e-6, atol=1e-6)


def test_a_loop_that_collapses_only_unpadded_dims_writes_the_interior():
    """The rule looks at the padded dimensions only: padded along the channels instead (a
    collapse of rows and columns of the slice stays a view of the interior), the loop is rewritten."""
    text = FLAT_SPLIT_THEN_PAD.replace("high[0, 1, 1, 0]", "high[0, 0, 0, 2]").replace(
        "tensor<1x7x7x16xf32>", "tensor<1x6x6x18xf32>").replace("strides = dense<2>", "strides = dense<1>").replace(
        "tensor<1x3x3x16xf32>", "tensor<1x4x4x18xf32>").replace("-> tensor<1x3x3x16xf32> {", "-> tensor<1x4x4x18xf32> {")
    module = parse(text)
    plan_pads(module)
    assert pads_in_place(module) == 1
    module.verify()


def test_a_padded_dimension_merged_into_a_unit_one_is_still_a_view():
    """Padded along the rows only, which the collapse merges into the unit batch dimension: the
    columns keep their stride, so the collapse is a view of the interior and the loop is rewritten."""
    text = FLAT_SPLIT_THEN_PAD.replace("high[0, 1, 1, 0]", "high[0, 1, 0, 0]").replace(
        "tensor<1x7x7x16xf32>", "tensor<1x7x6x16xf32>").replace("strides = dense<2>", "strides = dense<1>").replace(
        "tensor<1x3x3x16xf32>", "tensor<1x5x4x16xf32>").replace("-> tensor<1x3x3x16xf32> {", "-> tensor<1x5x4x16xf32> {")
    module = parse(text)
    plan_pads(module)
    assert pads_in_place(module) == 1
    module.verify()

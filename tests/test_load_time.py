"""Loading a large network stays linear in its size (issue 39: DenseNet-121's 3,300 ops).

Each test counts the work of one step that was quadratic on a generated DenseNet-like chain
(a 1x1 convolution, a residual add and a ReLU per layer, every filter a weight argument), so
that a regression fails here without timing anything."""

from __future__ import annotations

import xdsl.ir.core
import xdsl.utils.lexer
from xdsl.dialects import func
from xdsl.dialects.builtin import FileLineColLoc

import xfuse
import xfuse.transforms.merge_elementwise as merge_elementwise
from xfuse.transforms.layout import weight_layout

TENSOR = "tensor<1x8x8x8xf32>"
PARALLEL = '["parallel", "parallel", "parallel", "parallel"]'


def dense_chain(layers: int) -> str:
    """`layers` layers of conv 1x1 -> add the layer's input -> relu, as torch-mlir writes them
    (NCHW, a shared zero fill as every convolution's init)."""
    weights = [f"%w{i}: tensor<8x8x1x1xf32> {{xfuse.weight}}" for i in range(layers)]
    lines = ["#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>",
             f"func.func @chain({', '.join([f'%x: {TENSOR} {{xfuse.input}}', *weights])}) -> {TENSOR} {{",
             "  %zero = arith.constant 0.0 : f32",
             f"  %e = tensor.empty() : {TENSOR}",
             f"  %f = linalg.fill ins(%zero : f32) outs(%e : {TENSOR}) -> {TENSOR}"]
    previous = "%x"
    for i in range(layers):
        lines += [
            f"  %c{i} = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : vector<2xi64>, strides = dense<1> : "
            f"vector<2xi64>}} ins({previous}, %w{i} : {TENSOR}, tensor<8x8x1x1xf32>) outs(%f : {TENSOR}) -> {TENSOR}",
            f"  %a{i} = linalg.generic {{indexing_maps = [#id, #id, #id], iterator_types = {PARALLEL}}}"
            f" ins(%c{i}, {previous} : {TENSOR}, {TENSOR}) outs(%e : {TENSOR}) {{",
            "  ^bb0(%in: f32, %skip: f32, %out: f32):",
            "    %s = arith.addf %in, %skip : f32",
            "    linalg.yield %s : f32",
            f"  }} -> {TENSOR}",
            f"  %r{i} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = {PARALLEL}}}"
            f" ins(%a{i} : {TENSOR}) outs(%e : {TENSOR}) {{",
            "  ^bb0(%in: f32, %out: f32):",
            "    %m = arith.maximumf %in, %zero : f32",
            "    linalg.yield %m : f32",
            f"  }} -> {TENSOR}"]
        previous = f"%r{i}"
    lines += [f"  return {previous} : {TENSOR}", "}"]
    return "\n".join(lines) + "\n"


def test_parse_locates_every_op_without_counting_lines_from_the_start(monkeypatch):
    """xDSL's `Span.get_location` counts the newlines before the op on every call: quadratic in
    the text. The parser locates ops from the newline offsets it found once, and right."""
    def quadratic(_span):
        raise AssertionError("an op was located by counting the newlines from the start of the text")

    text = dense_chain(40)
    monkeypatch.setattr(xdsl.utils.lexer.Span, "get_location", quadratic)
    module = xfuse.parse(text, name="chain.mlir")
    lines = text.splitlines()
    located = [op for op in module.walk() if isinstance(op.location, FileLineColLoc)]
    assert len(located) > 250
    for op in located:
        line, column = op.location.line.data, op.location.column.data
        written = lines[line - 1][column - 1:]
        assert written.startswith(("%", "func.func", "linalg.", "arith.", "return", "^")) or op.name == "builtin.module"
        if written.startswith("%") and "=" in written:
            assert written.split(" = ")[1].startswith(op.name.split(".")[0]), (op.name, written)


def test_weight_layouts_rebuild_only_their_argument_s_attributes(monkeypatch):
    """`xfuse-nhwc` records a layout on each of L filter arguments; rebuilding every argument's
    dictionary each time built L x L of them (DenseNet-121: 106,000)."""
    built = []

    def counted(value):
        built.append(value)
        return original(value)

    original = weight_layout.DictionaryAttr
    monkeypatch.setattr(weight_layout, "DictionaryAttr", counted)
    layers = 40
    module = xfuse.parse(dense_chain(layers))
    xfuse.apply_passes(module, "xfuse-nhwc")
    (function,) = [op for op in module.ops if isinstance(op, func.FuncOp)]
    layouts = [weight_layout.weight_layout(function, index) for index in range(1 + layers)]
    assert layouts == [None] + [(2, 3, 1, 0)] * layers
    assert len(built) == layers
    assert weight_layout.is_input(function, 0)


def test_merging_elementwise_chains_does_not_scan_the_block_per_chain(monkeypatch):
    """Each merged chain's members are put in block order; scanning the whole block for them,
    once per chain, made `xfuse-merge-elementwise` quadratic in the ops (DenseNet-121: 187
    chains x 3,000 ops). The ops it visits grow linearly: 4x the layers, under 5x the visits
    (the scan: 10.6x)."""
    original = xdsl.ir.core._BlockOpsIterator.__next__
    visits = {}

    for layers in (30, 120):
        module = xfuse.parse(dense_chain(layers))
        count = 0

        def counted(iterator):
            nonlocal count
            count += 1
            return original(iterator)

        monkeypatch.setattr(xdsl.ir.core._BlockOpsIterator, "__next__", counted)
        merged = merge_elementwise.merge_elementwise(module)
        monkeypatch.undo()
        assert merged == layers  # each add merged with its relu
        assert len([op for op in module.walk() if op.name == "linalg.generic"]) == layers
        visits[layers] = count
    assert visits[120] < 5 * visits[30], visits

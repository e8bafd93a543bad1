"""`xfuse-nhwc` (xfuse/transforms/layout/): every small network of
tests/filecheck/transforms/network/Inputs/ computes the same through the backend before and after
the pass, filters that are arguments change type and record the permutation (the test permutes
the numpy weights by it), and xfuse.onnx permutes its weights at load time so networks still agree
with onnxruntime. The lit tests (tests/filecheck/transforms/layout/) cover the IR and remarks."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import func

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.parsing import parse
from xfuse.passes import apply_passes
from xfuse.testing.differential import assert_same_results
from xfuse.transforms.layout import convert_to_nhwc, permute_weights, weight_layouts
from xfuse.transforms.layout.weight_layout import weight_shapes

FILECHECK = Path(__file__).parent / "filecheck" / "transforms"
PIPELINE = "default"
"""The backend's plain lowering, for both sides: the comparison is about the rewrite, not the
schedules (which have differential tests of their own)."""
NETWORKS = ["conv_bn_relu", "residual_block", "conv_maxpool", "pool_between_convs", "depthwise_conv", "squeeze_excite",
            "grouped_conv", "matmul_add_relu"]


def _load(path: Path):
    return parse(path.read_text(), name=str(path))


def _ops(module) -> Counter:
    return Counter(op.name for op in module.walk())


@pytest.mark.parametrize("name", NETWORKS)
def test_small_networks_compute_the_same(name):
    path = FILECHECK / "network" / "Inputs" / f"{name}.mlir"
    reference = compile_module(_load(path), pipeline=PIPELINE)
    module = _load(path)
    result = convert_to_nhwc(module)
    after = _ops(module)
    assert not any("nchw" in op for op in after), after  # every NCHW conv / pool converted
    if name != "matmul_add_relu":
        assert len(result.transposes) == 2, [n.remark for n in result.transposes]  # the input and the output
    inputs = random_inputs(reference.signature, seed=5)
    assert_same_results(reference, compile_module(module, pipeline=PIPELINE), inputs, f"{name} after xfuse-nhwc")


@pytest.mark.parametrize("name", ["conv_bn_relu", "residual_block", "depthwise_conv", "squeeze_excite", "conv_maxpool",
                                  "pool_between_convs", "grouped_conv"])
def test_nhwc_through_the_direct_convolution_schedule(name):
    """The point of the layout: the `microkernel` pipeline's NHWC convolution schedule
    (xfuse/backends/schedules/conv.py) takes the rewritten convolutions."""
    path = FILECHECK / "network" / "Inputs" / f"{name}.mlir"
    reference = compile_module(_load(path), pipeline=PIPELINE)
    module = _load(path)
    convert_to_nhwc(module)
    inputs = random_inputs(reference.signature, seed=9)
    candidate = compile_module(module, pipeline="microkernel")
    assert_same_results(reference, candidate, inputs, f"{name}: xfuse-nhwc, then the microkernel pipeline")


@pytest.mark.parametrize("name", ["residual_block", "pool_between_convs"])
def test_nhwc_before_the_network_pipeline(name):
    """xfuse-nhwc first, then the whole-network fusion, bufferization and shared buffers."""
    from xfuse.transforms.network.pipeline import NETWORK_PASSES, compile_network

    path = FILECHECK / "network" / "Inputs" / f"{name}.mlir"
    reference = compile_module(_load(path), pipeline=PIPELINE)
    fusion = "xfuse-network-fusion{cache-budget=3000}"
    passes = "xfuse-nhwc," + NETWORK_PASSES.replace("xfuse-network-fusion", fusion)
    network = compile_network(_load(path), passes=passes)
    inputs = random_inputs(reference.signature, seed=7)
    assert_same_results(reference, network.compiled, inputs, f"{name} through {passes}")


@pytest.mark.parametrize("entry", ["computed_filter", "caller", "grouped_fgchw", "flatten"])
def test_kept_layouts_compute_the_same(entry):
    """A computed filter and a generic reading linalg.index, a called function, an FGCHW grouped
    convolution, a flatten (tests/filecheck/transforms/layout/nhwc-keeps-layout.mlir)."""
    path = FILECHECK / "layout" / "Inputs" / "keeps-layout.mlir"
    reference = compile_module(_load(path), entry=entry, pipeline=PIPELINE)
    module = _load(path)
    result = convert_to_nhwc(module)
    assert [reason for op, reason in result.kept] == [
        "MLIR has no channels-last form of a grouped convolution with an FGCHW filter"]
    inputs = random_inputs(reference.signature, seed=6)
    layouts = weight_layouts(module, entry)
    permuted = list(permute_weights({str(i): a for i, a in enumerate(inputs)}, 0, layouts).values())
    candidate = compile_module(module, entry=entry, pipeline=PIPELINE)
    for want, got in zip(reference(*inputs), candidate(*permuted), strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("entry", ["segment", "rows_read_twice", "swaps_h_and_w"])
def test_a_channels_last_segment_computes_the_same(entry):
    """The network's own transposes to NHWC rows and back cancel with the layout's
    (tests/filecheck/transforms/layout/nhwc-channels-last-segment.mlir): same results, and no
    transpose left in the segment."""
    path = FILECHECK / "layout" / "Inputs" / "channels_last_segment.mlir"
    reference = compile_module(_load(path), entry=entry, pipeline=PIPELINE)
    module = _load(path)
    convert_to_nhwc(module, permute_arguments=False)
    function = next(op for op in module.ops if isinstance(op, func.FuncOp) and op.sym_name.data == entry)
    transposes = [op for op in function.walk() if op.name == "linalg.transpose"]
    assert len(transposes) == (4 if entry == "swaps_h_and_w" else 3)  # input, filter, result (and H <-> W)
    inputs = random_inputs(reference.signature, seed=7)
    assert_same_results(reference, compile_module(module, entry=entry, pipeline=PIPELINE), inputs,
                        f"{entry} after xfuse-nhwc")


def test_a_channel_split_computes_the_same():
    """YOLOv8's C2f split in NCHW: its slices become slices of the NHWC value, with no transpose
    around them (tests/filecheck/transforms/layout/nhwc-channel-split.mlir), and the same results."""
    path = FILECHECK / "layout" / "Inputs" / "channel_split.mlir"
    reference = compile_module(_load(path), entry="c2f_split", pipeline=PIPELINE)
    module = _load(path)
    convert_to_nhwc(module, permute_arguments=False)
    assert _ops(module)["linalg.transpose"] == 5  # input, result and three filters
    inputs = random_inputs(reference.signature, seed=3)
    assert_same_results(reference, compile_module(module, entry="c2f_split", pipeline="microkernel"), inputs,
                        "c2f_split after xfuse-nhwc")


def test_grouped_filter_argument_is_permuted():
    """torch-mlir's grouped weight `F x C/G x KH x KW`, split to GFCHW in the function: the
    argument becomes HWCF, `KH x KW x C/G x F` (the numpy weight permuted once), and the grouped
    convolution an scf.forall over the groups of one NHWC convolution on slices (grouped_convs.py)."""
    path = FILECHECK / "layout" / "Inputs" / "grouped_filter_argument.mlir"
    reference = compile_module(_load(path), pipeline=PIPELINE)
    module = _load(path)
    result = convert_to_nhwc(module)
    assert result.permuted_weights == 1 and result.split_groups == 1
    ops = _ops(module)
    assert ops["linalg.conv_2d_ngchw_gfchw"] == ops["linalg.conv_2d_nhwgc_gfhwc"] == 0
    groups = next(op for op in _load(path).walk() if op.name == "linalg.conv_2d_ngchw_gfchw").operands[1].type.get_shape()[0]
    assert ops["linalg.conv_2d_nhwc_hwcf"] == ops["scf.forall"] == 1 and groups > 1
    forall = next(op for op in module.walk() if op.name == "scf.forall")
    assert tuple(forall.staticUpperBound.get_values()) == (groups,)  # one iteration per group
    layouts = weight_layouts(module, "grouped")
    assert layouts == {1: (2, 3, 1, 0)}
    x, w = random_inputs(reference.signature, seed=12)
    got = compile_module(module, pipeline=PIPELINE)(x, np.ascontiguousarray(w.transpose(layouts[1])))
    np.testing.assert_allclose(got[0], reference(x, w)[0], rtol=1e-5, atol=1e-5)


def test_grouped_convolution_with_a_bias_broadcasts_it_per_group():
    """A grouped convolution starting from a bias broadcast: each group broadcasts its slice of the
    bias in the loop (grouped_convs.py, `_bias_broadcast`), no broadcast of the whole result is
    left, and the result agrees with the NCHW original through the reference lowering and the
    micro-kernel schedules (where the channel split gives each part its own broadcast)."""
    path = FILECHECK / "layout" / "Inputs" / "grouped_bias_argument.mlir"
    reference = compile_module(_load(path), pipeline=PIPELINE)
    module = _load(path)
    assert convert_to_nhwc(module).split_groups == 1
    broadcasts = [op for op in module.walk() if op.name == "linalg.broadcast"]
    assert len(broadcasts) == 1 and broadcasts[0].parent_op().name == "scf.forall"
    layouts = weight_layouts(module, "grouped_bias")
    x, w, b = random_inputs(reference.signature, seed=13)
    want = reference(x, w, b)[0]
    for pipeline in (PIPELINE, "microkernel", "microkernel-openmp"):
        got = compile_module(module.clone(), pipeline=pipeline)(x, np.ascontiguousarray(w.transpose(layouts[1])), b)
        np.testing.assert_allclose(got[0], want, rtol=1e-5, atol=1e-5, err_msg=pipeline)


def test_grouped_convolution_computes_the_chain_after_it_per_group():
    """The residual add and ReLU after a grouped convolution run in the group loop
    (grouped_convs.py, `_collapsed_chain`): no generic of the chain is left outside the loop,
    and the results agree with the NCHW original through the reference lowering and the
    micro-kernel schedules."""
    path = FILECHECK / "layout" / "Inputs" / "grouped_chain_argument.mlir"
    reference = compile_module(_load(path), pipeline=PIPELINE)
    module = _load(path)
    assert convert_to_nhwc(module).split_groups == 1
    in_loop = [op for op in module.walk() if op.name == "linalg.generic" and op.parent_op().name == "scf.forall"]
    assert len(in_loop) == 2
    layouts = weight_layouts(module, "grouped_chain")
    x, w, b, res = random_inputs(reference.signature, seed=14)
    want = reference(x, w, b, res)
    for pipeline in (PIPELINE, "microkernel", "microkernel-openmp"):
        got = compile_module(module.clone(), pipeline=pipeline)(x, np.ascontiguousarray(w.transpose(layouts[1])), b, res)
        for g, expected in zip(got, want, strict=True):
            np.testing.assert_allclose(g, expected, rtol=1e-5, atol=1e-5, err_msg=pipeline)


def test_weight_arguments_take_the_new_layout():
    path = FILECHECK / "layout" / "Inputs" / "weight_arguments.mlir"
    reference = compile_module(_load(path), pipeline=PIPELINE)
    module = _load(path)
    result = convert_to_nhwc(module)
    assert result.permuted_weights == 2
    assert weight_layouts(module, "weights") == {1: (2, 3, 1, 0), 2: (1, 2, 0)}
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    assert [t.get_shape() for t in function.function_type.inputs.data[1:3]] == [(3, 3, 4, 6), (3, 3, 6)]
    inputs = random_inputs(reference.signature, seed=2)
    arrays = {str(i): a for i, a in enumerate(inputs)}
    permuted = list(permute_weights(arrays, 0, weight_layouts(module, "weights")).values())
    candidate = compile_module(module, pipeline=PIPELINE)
    expected = reference(*inputs)
    got = candidate(*permuted)
    for e, g in zip(expected, got, strict=True):
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-5)
    # one transpose back: the generic that reads %w in its old layout
    assert sum(1 for op in module.walk() if op.name == "linalg.transpose") == 3


@pytest.mark.parametrize(("name", "entry", "layout"), [("depthwise_filter_argument", "depthwise", (2, 3, 0, 1)),
                                                      ("shared_filter_argument", "shared", (2, 3, 1, 0))])
def test_filter_argument_is_permuted(name, entry, layout):
    """A depthwise filter argument collapsed from C x 1 x KH x KW; one filter argument read by
    two convolutions: each permuted once, no transpose of it left."""
    path = FILECHECK / "layout" / "Inputs" / f"{name}.mlir"
    reference = compile_module(_load(path), pipeline=PIPELINE)
    module = _load(path)
    result = convert_to_nhwc(module)
    assert result.permuted_weights == 1 and len(result.transposes) == 2  # the input and the output
    layouts = weight_layouts(module, entry)
    assert layouts == {1: layout}
    x, w = random_inputs(reference.signature, seed=8)
    expected = reference(x, w)
    got = compile_module(module, pipeline=PIPELINE)(x, np.ascontiguousarray(w.transpose(layouts[1])))
    np.testing.assert_allclose(got[0], expected[0], rtol=1e-5, atol=1e-5)


def test_input_filters_are_transposed_in_the_function():
    """Filters marked `{xfuse.input}` keep their type (the caller passes them as they are on every
    call): the function transposes them, and computes what it computed before on the same arrays."""
    path = FILECHECK / "layout" / "Inputs" / "input_filters.mlir"
    reference = compile_module(_load(path), pipeline=PIPELINE)
    module = _load(path)
    result = convert_to_nhwc(module)
    assert result.permuted_weights == 0 and weight_layouts(module, "input_filters") == {}
    assert not any("nchw" in op.name for op in module.walk())
    inputs = random_inputs(reference.signature, seed=4)
    assert_same_results(reference, compile_module(module, pipeline=PIPELINE), inputs, "input filters after xfuse-nhwc")


def test_weights_stay_when_asked():
    path = FILECHECK / "layout" / "Inputs" / "weight_arguments.mlir"
    reference = compile_module(_load(path), pipeline=PIPELINE)
    module = _load(path)
    apply_passes(module, "xfuse-nhwc{permute-weights=false}")
    assert weight_layouts(module, "weights") == {}
    inputs = random_inputs(reference.signature, seed=4)
    candidate = compile_module(module, pipeline=PIPELINE)
    assert_same_results(reference, candidate, inputs, "filters transposed in the function")


FULLY_CONNECTED = (FILECHECK / "layout" / "Inputs" / "transposed_weight_argument.mlir").read_text()


def test_transposed_weight_arguments_take_the_transposed_layout():
    """Only the argument marked {xfuse.weight} changes type; the plain one is still transposed
    in the function, and the result is the same once the caller permutes the weight."""
    reference = parse(FULLY_CONNECTED)
    module = parse(FULLY_CONNECTED)
    result = convert_to_nhwc(module)
    assert result.permuted_weights == 1
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    assert [str(t) for t in function.function_type.inputs.data] == [
        "tensor<2x8xf32>", "tensor<8x6xf32>", "tensor<6x8xf32>"]
    assert weight_layouts(module, "fc") == {1: (1, 0)}
    assert _ops(module)["linalg.transpose"] == 1
    inputs = random_inputs(compile_module(reference, "fc", PIPELINE).signature, seed=3)
    (want,) = compile_module(reference, "fc", PIPELINE)(*inputs)
    permuted = [inputs[0], np.ascontiguousarray(inputs[1].T), inputs[2]]
    (got,) = compile_module(module, "fc", PIPELINE)(*permuted)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


COLLAPSED = (FILECHECK / "layout" / "Inputs" / "collapsed_weight_argument.mlir").read_text()


def test_weights_collapsed_before_their_transpose_take_the_collapsed_transposed_layout():
    """A weight collapsed, then transposed: the argument takes the transposed 2-d type, its
    `xfuse.weight_shape` says how the caller reshapes it first, and the results agree with the
    unchanged function once the weight is reshaped and permuted as `permute_weights` does it. A
    collapse with another reader keeps both ops."""
    reference = parse(COLLAPSED)
    module = parse(COLLAPSED)
    result = convert_to_nhwc(module)
    assert result.permuted_weights == 1
    assert weight_layouts(module, "fc_collapsed") == {1: (1, 0)}
    assert weight_shapes(module, "fc_collapsed") == {1: (6, 8)}
    assert weight_layouts(module, "fc_shared") == {}
    assert _ops(module)["linalg.transpose"] == 1 and _ops(module)["tensor.collapse_shape"] == 1
    compiled_reference = compile_module(reference, "fc_collapsed", PIPELINE)
    inputs = random_inputs(compiled_reference.signature, seed=5)
    (want,) = compiled_reference(*inputs)
    permuted = permute_weights({"w": inputs[1]}, 1, weight_layouts(module, "fc_collapsed"),
                               weight_shapes(module, "fc_collapsed"))
    (got,) = compile_module(module, "fc_collapsed", PIPELINE)(inputs[0], permuted["w"])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


onnx = pytest.importorskip("onnx", reason="xfuse.onnx needs onnx")


@pytest.fixture
def tiny_conv_onnx():
    import sys

    sys.path.insert(0, str(Path(__file__).parent / "onnx"))
    from onnx_test_models import tiny_conv_model

    return tiny_conv_model()


def test_onnx_model_permutes_its_weights_at_load(tiny_conv_onnx, tmp_path):
    pytest.importorskip("torch_mlir")
    pytest.importorskip("onnxruntime")
    import xfuse.onnx
    from xfuse.onnx.oracle import TOLERANCE, compare_with_onnxruntime

    model = xfuse.onnx.load(tiny_conv_onnx, passes="xfuse-nhwc", pipeline=PIPELINE)
    assert model.weights["w1"].shape == (3, 3, 3, 8) and model.weights["w1"].flags.c_contiguous
    assert model.weights["w3"].shape == (8, 10)  # a Gemm weight with transB: transposed at load, not per call
    errors = compare_with_onnxruntime(model, tiny_conv_onnx, seed=1)
    assert errors and all(error <= TOLERANCE for error in errors.values()), errors
    # saved and loaded again: the permuted weights go with the shared object that expects them
    model.save(tmp_path / "tiny")
    again = xfuse.onnx.Model.load_compiled(tmp_path / "tiny")
    assert again.weights["w1"].shape == (3, 3, 3, 8)
    x = np.random.default_rng(3).standard_normal((1, 3, 16, 16)).astype(np.float32)
    np.testing.assert_array_equal(again(x), model(x))


def test_onnx_conv_with_a_run_time_filter(tmp_path):
    """A Conv whose filter is a graph input (ONNX's conformance cases; networks exported with
    weights as inputs): the model takes the filter as ONNX has it and agrees with onnxruntime."""
    pytest.importorskip("torch_mlir")
    pytest.importorskip("onnxruntime")
    from onnx import TensorProto, helper

    import xfuse.onnx
    from xfuse.onnx.oracle import TOLERANCE, compare_with_onnxruntime

    node = helper.make_node("Conv", ["x", "w", "b"], ["y"], pads=[1, 1, 1, 1], strides=[2, 2])
    graph = helper.make_graph([node], "runtime_filter", [
        helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 9, 9]),
        helper.make_tensor_value_info("w", TensorProto.FLOAT, [4, 3, 3, 3]),
        helper.make_tensor_value_info("b", TensorProto.FLOAT, [4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4, 5, 5])])
    proto = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model = xfuse.onnx.load(proto)
    assert [i.shape for i in model.inputs] == [(1, 3, 9, 9), (4, 3, 3, 3), (4,)]
    errors = compare_with_onnxruntime(model, proto, seed=2)
    assert errors and all(error <= TOLERANCE for error in errors.values()), errors


def _lrn_groups_shuffle_model():
    """Conv, ReLU, LRN, a grouped 1x1 conv, a channel shuffle (reshape, transpose, reshape) and
    an average pool that does not count the padding: the patterns of inception, alexnet and
    shufflenet, small."""
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(4)

    def init(name, *shape):
        return numpy_helper.from_array(rng.standard_normal(shape).astype(np.float32) * 0.5, name)

    nodes = [
        helper.make_node("Conv", ["x", "w1", "b1"], ["c1"], pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c1"], ["r1"]),
        helper.make_node("LRN", ["r1"], ["n1"], size=3, alpha=1e-2, beta=0.75, bias=1.0),
        helper.make_node("Conv", ["n1", "w2"], ["c2"], group=2),
        helper.make_node("Reshape", ["c2", "s5"], ["g5"]),
        helper.make_node("Transpose", ["g5"], ["t5"], perm=[0, 2, 1, 3, 4]),
        helper.make_node("Reshape", ["t5", "s4"], ["shuffled"]),
        helper.make_node("AveragePool", ["shuffled"], ["y"], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1],
                         count_include_pad=0),
    ]
    inits = [init("w1", 8, 4, 3, 3), init("b1", 8), init("w2", 8, 4, 1, 1),
             numpy_helper.from_array(np.array([1, 2, 4, 8, 8], np.int64), "s5"),
             numpy_helper.from_array(np.array([1, 8, 8, 8], np.int64), "s4")]
    graph = helper.make_graph(nodes, "patterns", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, 8, 8])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 8, 4, 4])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    return model


def test_lrn_grouped_conv_and_shuffle_agree_with_onnxruntime():
    pytest.importorskip("torch_mlir")
    pytest.importorskip("onnxruntime")
    import xfuse
    import xfuse.onnx
    from xfuse.onnx.importer import import_model
    from xfuse.onnx.oracle import TOLERANCE, compare_with_onnxruntime

    network = _lrn_groups_shuffle_model()
    module = xfuse.parse(import_model(network).mlir)
    convert_to_nhwc(module)
    names = {op.name for op in module.walk()}
    assert {"linalg.conv_2d_nhwc_hwcf", "linalg.pooling_nhwc_sum"} <= names  # the grouped conv split per group
    assert not any("nchw" in name or "ngchw" in name or "nhwgc" in name for name in names), names
    # the split convolutions get the register-tiled schedule too; the groups' forall runs in parallel
    for pipeline in (PIPELINE, "microkernel", "microkernel-openmp"):
        model = xfuse.onnx.load(network, passes="xfuse-nhwc", pipeline=pipeline)
        errors = compare_with_onnxruntime(model, network, seed=2)
        assert errors and all(error <= TOLERANCE for error in errors.values()), (pipeline, errors)


@pytest.mark.slow
def test_squeezenet_agrees_with_onnxruntime_after_nhwc():
    pytest.importorskip("torch_mlir")
    pytest.importorskip("onnxruntime")
    import sys

    import xfuse.onnx
    from xfuse.onnx.oracle import TOLERANCE, compare_with_onnxruntime, with_softmax_inputs_as_outputs

    sys.path.insert(0, str(Path(__file__).parent / "onnx"))
    from onnx_test_models import light_model_path

    light = with_softmax_inputs_as_outputs(onnx.load(light_model_path("squeezenet")))
    network = xfuse.onnx.random_weights(light, seed=0)
    model = xfuse.onnx.load(network, passes="xfuse-nhwc", pipeline=PIPELINE)
    assert model.weights["conv1_w_0"].shape == (3, 3, 3, 64)
    errors = compare_with_onnxruntime(model, network, seed=1)
    assert len(errors) == 2 and all(error <= TOLERANCE for error in errors.values()), errors


def _large_grouped_conv_model():
    """AlexNet's conv5 at a smaller width: 3x3, 2 groups of 96 -> 64 channels on 12 x 12 (a
    filter of 432 KiB, over `blocked_filters.MIN_FILTER_BYTES`), bias and ReLU."""
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(7)
    nodes = [helper.make_node("Conv", ["x", "w", "b"], ["c"], group=2, pads=[1, 1, 1, 1]),
             helper.make_node("Relu", ["c"], ["y"])]
    inits = [numpy_helper.from_array(rng.standard_normal((128, 96, 3, 3)).astype(np.float32) * 0.1, "w"),
             numpy_helper.from_array(rng.standard_normal(128).astype(np.float32), "b")]
    graph = helper.make_graph(nodes, "grouped",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 192, 12, 12])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 128, 12, 12])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    return model


@pytest.mark.parametrize("blocks", [True, False])
def test_a_large_grouped_filter_takes_blocks_in_each_group(monkeypatch, blocks):
    """A grouped convolution whose filter xfuse-block-filters would block were it ungrouped
    (grouped_convs.py `_block_width`) becomes one loop over (group, block), its filter argument
    `(F/B) x KH x KW x C/G x B`; with `GROUP_BLOCKS` off, a loop over the groups of HWCF slices.
    Both agree with onnxruntime at one and two threads."""
    pytest.importorskip("torch_mlir")
    pytest.importorskip("onnxruntime")
    import xfuse
    import xfuse.onnx
    from xfuse.onnx.importer import import_model
    from xfuse.onnx.oracle import TOLERANCE, compare_with_onnxruntime
    from xfuse.transforms.layout import grouped_convs

    monkeypatch.setattr(grouped_convs, "GROUP_BLOCKS", blocks)
    network = _large_grouped_conv_model()
    module = xfuse.parse(import_model(network).mlir)
    assert convert_to_nhwc(module).split_groups == 1
    forall = next(op for op in module.walk() if op.name == "scf.forall")
    bounds = tuple(forall.staticUpperBound.get_values())
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    filters = [t.get_shape() for t in function.function_type.inputs.data if len(t.get_shape()) >= 4][1:]
    if blocks:
        assert bounds[0] == 2 and bounds[1] > 1 and 64 % bounds[1] == 0, bounds
        size = 64 // bounds[1]
        assert filters == [(2 * bounds[1], 3, 3, 96, size)], filters
    else:
        assert bounds == (2,) and filters == [(3, 3, 96, 128)], (bounds, filters)
    for threads in (1, 2):
        model = xfuse.onnx.load(network, threads=threads)
        errors = compare_with_onnxruntime(model, network, seed=3)
        assert errors and all(error <= TOLERANCE for error in errors.values()), (threads, errors)

"""DynamicQuantizeLinear and MatMulInteger are decomposed before import (xfuse/onnx/quantization.py).

A float MLP quantized by onnxruntime's `quantize_dynamic` runs with float inputs and outputs
(uint8 stays inside the network). The quantized integers (DynamicQuantizeLinear's values and
zero point, MatMulInteger's int32 sums) are compared exactly, cast to float as extra outputs;
the float outputs at 1e-4 of their magnitude. onnxruntime's u8 x s8 MatMulInteger saturates
pairwise int16 sums on AVX2 without VNNI (this machine), so the models are quantized with
`reduce_range=True` (7-bit weights), where its integers are exact; xfuse's are exact always
(checked against numpy)."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
quantization = pytest.importorskip("onnxruntime.quantization")

import numpy as np  # noqa: E402
import onnx  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

import xfuse  # noqa: E402
import xfuse.onnx  # noqa: E402
from xfuse.onnx.oracle import onnxruntime_outputs, relative_error  # noqa: E402
from xfuse.onnx.quantization import decompose_quantized_ops  # noqa: E402


def float_mlp(seed: int = 0, rows: int = 4, width: int = 16) -> onnx.ModelProto:
    rng = np.random.default_rng(seed)
    inits = [numpy_helper.from_array(rng.uniform(-0.5, 0.5, (width, 32)).astype(np.float32), "w1"),
             numpy_helper.from_array(rng.uniform(-0.5, 0.5, (32,)).astype(np.float32), "b1"),
             numpy_helper.from_array(rng.uniform(-0.5, 0.5, (32, 8)).astype(np.float32), "w2")]
    nodes = [helper.make_node("MatMul", ["x", "w1"], ["h"]), helper.make_node("Add", ["h", "b1"], ["hb"]),
             helper.make_node("Relu", ["hb"], ["r"]), helper.make_node("MatMul", ["r", "w2"], ["y"])]
    graph = helper.make_graph(nodes, "mlp", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [rows, width])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [rows, 8])], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def dynamically_quantized_mlp(tmp_path, weight_type, rows: int = 4, width: int = 16) -> onnx.ModelProto:
    onnx.save(float_mlp(rows=rows, width=width), tmp_path / "mlp.onnx")
    quantization.quantize_dynamic(tmp_path / "mlp.onnx", tmp_path / "mlp_q.onnx", weight_type=weight_type,
                                  reduce_range=True)
    return onnx.load(tmp_path / "mlp_q.onnx")


def with_integers_as_outputs(model: onnx.ModelProto) -> onnx.ModelProto:
    """Every uint8/int32 value of a DynamicQuantizeLinear or MatMulInteger, cast to float and
    made an output `<name>_as_float` (the call boundary passes float)."""
    result = onnx.ModelProto()
    result.CopyFrom(model)
    for node in list(result.graph.node):
        if node.op_type == "DynamicQuantizeLinear":
            integers = [node.output[0], node.output[2]]
        elif node.op_type == "MatMulInteger":
            integers = [node.output[0]]
        else:
            continue
        for name in integers:
            result.graph.node.append(helper.make_node("Cast", [name], [f"{name}_as_float"], to=TensorProto.FLOAT))
            result.graph.output.append(helper.make_tensor_value_info(f"{name}_as_float", TensorProto.FLOAT, None))
    inferred = onnx.shape_inference.infer_shapes(result)
    return inferred


@pytest.mark.parametrize("weight_type, rows, width", [("QInt8", 4, 16), ("QUInt8", 4, 16), ("QInt8", 32, 64)])
def test_dynamically_quantized_mlp_agrees_with_onnxruntime(tmp_path, weight_type, rows, width):
    # 32 x 64: the quantization is vectorized, where a float-to-uint8 Cast saturated at 127
    model = with_integers_as_outputs(dynamically_quantized_mlp(tmp_path, getattr(quantization.QuantType, weight_type),
                                                               rows, width))
    assert {"DynamicQuantizeLinear", "MatMulInteger"} <= {node.op_type for node in model.graph.node}
    compiled = xfuse.onnx.load(model)
    x = np.random.default_rng(1).standard_normal((rows, width)).astype(np.float32)
    x[0, :3] = [0.0, 1e-3, -2.5]
    expected, got = onnxruntime_outputs(model, {"x": x}), compiled.run({"x": x})
    for name in expected:
        if name.endswith("_as_float"):  # integers: exact
            np.testing.assert_array_equal(got[name], expected[name], err_msg=name)
        else:
            assert relative_error(got[name], expected[name]) <= 1e-4, name


def test_matmul_integer_is_exact_where_onnxruntime_saturates(tmp_path):
    # 8-bit signed weights: onnxruntime's AVX2 kernel saturates int16 pair sums; numpy does not
    onnx.save(float_mlp(), tmp_path / "mlp.onnx")
    quantization.quantize_dynamic(tmp_path / "mlp.onnx", tmp_path / "q.onnx", weight_type=quantization.QuantType.QInt8)
    model = with_integers_as_outputs(onnx.load(tmp_path / "q.onnx"))
    x = np.random.default_rng(0).standard_normal((4, 16)).astype(np.float32)
    got = xfuse.onnx.load(model).run({"x": x})
    weights = {init.name: numpy_helper.to_array(init) for init in model.graph.initializer}
    lo, hi = min(0.0, float(x.min())), max(0.0, float(x.max()))
    scale = np.float32(np.float32(hi - lo) / np.float32(255))
    zero_point = np.round(np.clip(np.float32(-lo) / scale, 0, 255))
    quantized = np.clip(np.round(x / scale) + zero_point, 0, 255)
    np.testing.assert_array_equal(got["x_quantized_as_float"], quantized)
    sums = (quantized - zero_point).astype(np.int64) @ (weights["w1_quantized"].astype(np.int64)
                                                         - int(weights["w1_zero_point"]))
    np.testing.assert_array_equal(got["h_output_quantized_as_float"], sums)


def test_all_zero_input_has_scale_one_as_onnxruntime():
    node = helper.make_node("DynamicQuantizeLinear", ["x"], ["q", "scale", "zp"], name="dql")
    casts = [helper.make_node("Cast", [v], [f"{v}_f"], to=TensorProto.FLOAT) for v in ("q", "zp")]
    graph = helper.make_graph([node, *casts], "dql", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])],
                              [helper.make_tensor_value_info(n, TensorProto.FLOAT, s)
                               for n, s in (("q_f", [2, 3]), ("scale", []), ("zp_f", []))])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    compiled = xfuse.onnx.load(model)
    for x in (np.zeros((2, 3), np.float32), np.array([[0.5, 1.5, 2.5], [-0.5, -1.5, 3.0]], np.float32)):
        expected, got = onnxruntime_outputs(model, {"x": x}), compiled.run({"x": x})
        for name in expected:
            np.testing.assert_array_equal(got[name], expected[name], err_msg=name)


def test_decomposition_replaces_only_the_quantized_ops():
    model = float_mlp()
    assert decompose_quantized_ops(model)[1] == 0
    node = helper.make_node("MatMulInteger", ["a", "b", "a_zero"], ["y"], name="mmi")
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info(n, TensorProto.UINT8, s)
                                            for n, s in (("a", [2, 3]), ("b", [3, 4]), ("a_zero", [2]))],
                              [helper.make_tensor_value_info("y", TensorProto.INT32, [2, 4])])
    decomposed, count = decompose_quantized_ops(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))
    assert count == 1 and "MatMulInteger" not in {n.op_type for n in decomposed.graph.node}
    assert decomposed.graph.node[-1].output[0] == "y"
    # the product's operands are int8 values sign-extended: uint8 ones shifted to int8 first
    producers = {output: n for n in decomposed.graph.node for output in n.output}
    (matmul,) = [n for n in decomposed.graph.node if n.op_type == "MatMul"]
    for operand in matmul.input:
        widen = producers[operand]
        assert widen.op_type == "Cast" and widen.attribute[0].i == TensorProto.INT32
        narrow = producers[widen.input[0]]
        assert narrow.op_type == "Cast" and narrow.attribute[0].i == TensorProto.INT8


def _matmul_integer_model(a_type, b_type, a_zero_shape, b_zero_shape, constant_b, seed):
    """A MatMulInteger [2, 5, 7] x [7, 6] with the given element types and zero-point shapes
    (None: no zero point; B's a constant when `constant_b`), and its inputs."""
    rng = np.random.default_rng(seed)
    dtypes = {TensorProto.UINT8: np.uint8, TensorProto.INT8: np.int8}

    def values(element, shape):
        info = np.iinfo(dtypes[element])
        result = rng.integers(info.min, info.max + 1, shape).astype(dtypes[element])
        if result.size > 2:  # both ends of the range, always
            result.reshape(-1)[:2] = info.min, info.max
        return result

    arrays = {"a": values(a_type, (2, 5, 7)), "b": values(b_type, (7, 6))}
    elements = {"a": a_type, "b": b_type}
    names = ["a", "b"]
    for name, element, shape in (("a_zero", a_type, a_zero_shape), ("b_zero", b_type, b_zero_shape)):
        names.append(name if shape is not None else "")
        if shape is not None:
            arrays[name], elements[name] = values(element, shape), element
    while names and not names[-1]:
        names.pop()
    inits = [numpy_helper.from_array(arrays.pop("b"), "b")] if constant_b else []
    node = helper.make_node("MatMulInteger", names, ["y"], name="the_product")
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info(n, elements[n], v.shape) for n, v in arrays.items()],
                              [helper.make_tensor_value_info("y", TensorProto.INT32, [2, 5, 6])], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), arrays


@pytest.mark.parametrize("a_type", [TensorProto.UINT8, TensorProto.INT8])
@pytest.mark.parametrize("b_type", [TensorProto.UINT8, TensorProto.INT8])
@pytest.mark.parametrize("zero_shapes", [(None, None), ((), ()), ((5,), (6,)), ((1,), None), (None, (6,))])
@pytest.mark.parametrize("constant_b", [False, True])
def test_matmul_integer_as_int8_product_and_sums_is_exact(a_type, b_type, zero_shapes, constant_b):
    # the rewrite alone, run by onnx's reference evaluator, against numpy's int64 sums: exact
    from onnx.reference import ReferenceEvaluator

    model, feeds = _matmul_integer_model(a_type, b_type, *zero_shapes, constant_b, seed=a_type + 3 * b_type)
    decomposed, count = decompose_quantized_ops(onnx.shape_inference.infer_shapes(model))
    assert count == 1
    values = {**feeds, **{i.name: numpy_helper.to_array(i) for i in model.graph.initializer}}
    a_zero = values.get("a_zero", np.zeros(())).astype(np.int64)
    a = values["a"].astype(np.int64) - (a_zero[:, None] if a_zero.ndim else a_zero)  # 1-D: per row
    expected = a @ (values["b"].astype(np.int64) - values.get("b_zero", np.zeros(())).astype(np.int64))
    (got,) = ReferenceEvaluator(decomposed).run(None, feeds)
    assert got.dtype == np.int32
    np.testing.assert_array_equal(got, expected)


def test_matmul_integer_of_a_vector_is_refused_with_its_name():
    node = helper.make_node("MatMulInteger", ["a", "b"], ["y"], name="the_product")
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("a", TensorProto.UINT8, [3]),
                                            helper.make_tensor_value_info("b", TensorProto.INT8, [3, 4])],
                              [helper.make_tensor_value_info("y", TensorProto.INT32, [4])])
    with pytest.raises(xfuse.onnx.OnnxError, match="'the_product' .*MatMulInteger with a 1-D A is not supported"):
        xfuse.onnx.load(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))


def _float_boundary(model: onnx.ModelProto) -> onnx.ModelProto:
    """The model with each uint8 input taken as float and cast to uint8 inside, and each uint8
    output cast to float (`<name>_as_float`): uint8 does not cross xfuse's call boundary yet."""
    result = onnx.ModelProto()
    result.CopyFrom(model)
    graph, casts = result.graph, []
    for value in graph.input:
        if value.type.tensor_type.elem_type == TensorProto.UINT8:
            casts.append(helper.make_node("Cast", [f"{value.name}_as_float"], [value.name], to=TensorProto.UINT8))
            value.name = f"{value.name}_as_float"
            value.type.tensor_type.elem_type = TensorProto.FLOAT
    for value in graph.output:
        if value.type.tensor_type.elem_type == TensorProto.UINT8:
            graph.node.append(helper.make_node("Cast", [value.name], [f"{value.name}_as_float"], to=TensorProto.FLOAT))
            value.name = f"{value.name}_as_float"
            value.type.tensor_type.elem_type = TensorProto.FLOAT
    nodes = [*casts, *graph.node]
    del graph.node[:]
    graph.node.extend(nodes)
    return result


@pytest.mark.parametrize("case_name", ["test_dynamicquantizelinear", "test_dynamicquantizelinear_max_adjusted",
                                       "test_dynamicquantizelinear_min_adjusted", "test_matmulinteger",
                                       "test_dequantizelinear_axis"])
def test_onnx_conformance_data_with_a_float_boundary(case_name):
    from xfuse.onnx.conformance import collect_cases

    (case,) = collect_cases(f"^{case_name}$", modules=[case_name.split("_")[1]])
    model = _float_boundary(onnx.ModelProto.FromString(case.model))
    compiled = xfuse.onnx.load(model)
    for inputs, outputs in case.data_sets:
        feeds = {value.name: np.asarray(array).astype(np.float32 if value.name.endswith("_as_float") else array.dtype)
                 for value, array in zip(compiled.inputs, inputs, strict=True)}
        got = compiled.run(feeds)
        for value, expected in zip(model.graph.output, outputs, strict=True):
            np.testing.assert_array_equal(got[value.name], np.asarray(expected).astype(got[value.name].dtype),
                                          err_msg=value.name)  # exact: integers, and the scale as onnx computes it


def test_per_channel_dequantized_uint8_weights_are_right():
    # a QDQ model's per-channel uint8 weight: torch-mlir's per-axis DequantizeLinear was wrong
    # (1280 off in ONNX's test_dequantizelinear_axis); decomposed, it is right
    rng = np.random.default_rng(0)
    inits = [numpy_helper.from_array(rng.integers(0, 256, (16, 6)).astype(np.uint8), "w_q"),
             numpy_helper.from_array(rng.uniform(0.01, 0.1, 6).astype(np.float32), "w_scale"),
             numpy_helper.from_array(rng.integers(120, 136, 6).astype(np.uint8), "w_zero")]
    nodes = [helper.make_node("DequantizeLinear", ["w_q", "w_scale", "w_zero"], ["w"], name="dq", axis=1),
             helper.make_node("MatMul", ["x", "w"], ["y"])]
    graph = helper.make_graph(nodes, "qdq", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 16])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, 6])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    x = np.random.default_rng(1).standard_normal((3, 16)).astype(np.float32)
    weights = {init.name: numpy_helper.to_array(init) for init in inits}
    w = (weights["w_q"].astype(np.int32) - weights["w_zero"]).astype(np.float32) * weights["w_scale"]
    # numpy, not onnxruntime: its QDQ optimizer runs DequantizeLinear(constant) -> MatMul as a
    # dynamically quantized matmul (x quantized too: 3e-3 off)
    got = xfuse.onnx.load(model).run({"x": x})["y"]
    assert relative_error(got, x.astype(np.float64) @ w.astype(np.float64)) <= 1e-5


def test_matmul_integer_reaches_the_i8_mmt4d_kernel(tmp_path):
    # xfuse.onnx's default passes: no integer matmul is left; both MatMulIntegers are packed and
    # run by the i8 kernel (vpmaddwd calls on AVX2's 8x8x2 tiles, vpdpwssd on AVX-512 VNNI's
    # 16x16x2, vector multiplies elsewhere)
    from xdsl.dialects.builtin import i8, i32

    from xfuse.onnx.importer import import_model
    from xfuse.onnx.model import DEFAULT_PASSES
    from xfuse.parsing import parse
    from xfuse.passes import apply_passes
    from xfuse.transforms.data_tiling.i8_mmt4d_kernel import auto_flavor
    from xfuse.transforms.data_tiling.targets import host_target, matmul_tile

    model = dynamically_quantized_mlp(tmp_path, quantization.QuantType.QInt8, rows=32, width=64)
    module = apply_passes(parse(import_model(model).mlir), DEFAULT_PASSES)
    names = [op.name for op in module.walk()]
    assert not {"linalg.matmul", "linalg.batch_matmul", "linalg.mmt4d"} & set(names)
    from xfuse.transforms.data_tiling.direct_unpack import DIRECT_UNPACK
    from xfuse.transforms.data_tiling.i8_dpbusd_kernel import VPDPBUSD_512
    from xfuse.transforms.data_tiling.int8_matmul import _tile_sizes

    # the 32 x 64 x 32 product's kernel writes its result unpacked on VNNI (direct_unpack.py);
    # the 32 x 32 x 8 one pads N, so its unpack stays
    assert names.count("linalg.unpack") == (1 if DIRECT_UNPACK and _tile_sizes("host") else 2)

    tile = matmul_tile(host_target(), (i8, i8, i32))
    if _tile_sizes("host"):  # AVX-512 VNNI: 16x16x4, one vpdpbusd per row and one for colsum(B)
        intrinsic, per_kernel = VPDPBUSD_512, 16 + 1
    elif tile is not None and auto_flavor(tile.n).intrinsic is not None:
        intrinsic, per_kernel = auto_flavor(tile.n).intrinsic, tile.m
    else:
        return
    calls = [op for op in module.walk() if op.name == "func.call" and op.callee.string_value() == intrinsic]
    # one per row of each kernel's tile (m0 at most the table's; a small M gets a narrower one)
    assert 2 <= len(calls) <= 2 * per_kernel


def test_dequantize_linear_of_a_one_element_scale_is_per_tensor():
    # quantize_static's bias: int32 [16], scale [1], the default axis 1 on a 1-D input
    node = helper.make_node("DequantizeLinear", ["b", "scale", "zero"], ["y"], name="bias_dq")
    inits = [numpy_helper.from_array(np.array([0.25], np.float32), "scale"),
             numpy_helper.from_array(np.array(3, np.int32), "zero")]
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("b", TensorProto.INT32, [16])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [16])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])
    b = np.arange(-8, 8, dtype=np.int32) * 1000
    np.testing.assert_array_equal(xfuse.onnx.load(model).run({"b": b})["y"], onnxruntime_outputs(model, {"b": b})["y"])


def test_dynamically_quantized_transformer_layer_agrees_with_onnxruntime(tmp_path, monkeypatch):
    # Its four DynamicQuantizeLinear ops share one `+inf` fill for their global minima; the matmul
    # schedule cuts a 32-row minimum from a register tile with a materialize barrier, and with
    # the fill shared, one-shot-bufferize stopped ("cannot avoid RaW conflict", wide_producers.py)
    from xfuse.onnx.transformer import LayerSizes, transformer_layer

    onnx.save(transformer_layer(LayerSizes(seq=32, hidden=32, heads=2, ffn=64)), tmp_path / "layer.onnx")
    quantization.quantize_dynamic(tmp_path / "layer.onnx", tmp_path / "q.onnx",
                                  weight_type=quantization.QuantType.QInt8, reduce_range=True)
    model = onnx.load(tmp_path / "q.onnx")
    assert sum(node.op_type == "DynamicQuantizeLinear" for node in model.graph.node) >= 4
    x = np.random.default_rng(2).standard_normal((1, 32, 32)).astype(np.float32)
    got, expected = xfuse.onnx.load(model).run({"x": x}), onnxruntime_outputs(model, {"x": x})
    for name in expected:
        assert relative_error(got[name], expected[name]) <= 1e-4, name


@pytest.mark.parametrize("quant_format", ["QDQ", "QOperator"])
def test_statically_quantized_cnn_runs_its_convolutions_as_int8_matmuls(tmp_path, quant_format):
    # torch-mlir's quantized convolution (conv_2d_nchw_fchw_q) as im2col + the i8 mmt4d
    # (data_tiling/quantized_convs.py); strides 1 and 2, zero-point padding; exact integers
    from benchmarks.int8 import float_cnn

    class Calibration(quantization.CalibrationDataReader):
        def __init__(self):
            rng = np.random.default_rng(1)
            self.batches = iter([{"x": rng.standard_normal((1, 3, 32, 32)).astype(np.float32)} for _ in range(4)])

        def get_next(self):
            return next(self.batches, None)

    onnx.save(float_cnn(), tmp_path / "cnn.onnx")
    quantization.quantize_static(tmp_path / "cnn.onnx", tmp_path / "q.onnx", Calibration(),
                                 quant_format=getattr(quantization.QuantFormat, quant_format))
    model = onnx.load(tmp_path / "q.onnx")
    compiled = xfuse.onnx.load(model)
    imported = str(compiled.mlir)  # before the default passes
    assert imported.count("linalg.conv_2d_nchw_fchw_q") == 3
    module = xfuse.parse(imported)
    xfuse.apply_passes(module, "xfuse-int8-data-tiling")
    assert not any(op.name == "linalg.conv_2d_nchw_fchw_q" for op in module.walk())
    x = np.random.default_rng(2).standard_normal((1, 3, 32, 32)).astype(np.float32)
    got, expected = compiled.run({"x": x}), onnxruntime_outputs(model, {"x": x})
    for name in expected:
        assert relative_error(got[name], expected[name]) <= 1e-4, name


@pytest.mark.parametrize("switch", ["direct_unpack:DIRECT_UNPACK", "fused_quads:FUSE_QUADS"])
@pytest.mark.parametrize("quantized", ["mlp", "cnn_qdq"])
def test_kernel_switches_give_the_same_bits(tmp_path, monkeypatch, quantized, switch):
    # the kernel writing its result unpacked (direct_unpack.py), its quadruples made from the
    # unpacked activations (fused_quads.py), each against the build without: the same integers
    # stored or read elsewhere, so the network's outputs are bit-identical (on a host without
    # VNNI neither build has the vpdpbusd kernel: the same bits trivially)
    import importlib

    from benchmarks.int8 import quantized_model

    module_name, attribute = switch.split(":")
    module = importlib.import_module(f"xfuse.transforms.data_tiling.{module_name}")
    model = quantized_model(quantized)
    x = np.random.default_rng(3).standard_normal([d.dim_value for d in model.graph.input[0].type.tensor_type.shape.dim])
    feeds = {model.graph.input[0].name: x.astype(np.float32)}
    outputs = {}
    for value in (False, True):
        monkeypatch.setattr(module, attribute, value)
        outputs[value] = xfuse.onnx.load(model).run(feeds)
    expected = onnxruntime_outputs(model, feeds)
    for name in expected:
        np.testing.assert_array_equal(outputs[True][name], outputs[False][name], err_msg=name)
        assert relative_error(outputs[True][name], expected[name]) <= 1e-4, name

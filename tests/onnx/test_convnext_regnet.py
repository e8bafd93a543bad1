"""The ConvNeXt- and RegNet-Y-style networks of `xfuse.onnx.convnext_regnet`: their graphs are what
torch.onnx.export writes (op kinds, widths, group counts), and xfuse agrees with onnxruntime on
them (1e-4 of the output's largest magnitude). RegNet-Y's test size is in the quick subset (about
15 s); ConvNeXt's (about 40 s) and RegNetY-800MF's are `heavy`: CI's budget is spent."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
pytest.importorskip("onnxruntime", reason="onnxruntime is the oracle (pip install 'xfuse[test]')")

import onnx  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.convnext_regnet import FAMILIES, convnext_regnet_network  # noqa: E402
from xfuse.onnx.mobile_blocks import TINY_RESOLUTION, grouped_convs  # noqa: E402
from xfuse.onnx.oracle import TOLERANCE, compare_with_onnxruntime  # noqa: E402


def test_convnext_graph_is_the_exporters():
    model = convnext_regnet_network("convnext", seed=0)
    ops = [node.op_type for node in model.graph.node]
    # Both LayerNorm forms: the op on NHWC rows, the mean/variance arithmetic on NCHW channels.
    assert {"LayerNormalization", "ReduceMean", "Pow", "Sqrt", "Erf", "Transpose", "MatMul"} <= set(ops)
    assert ops.count("Transpose") == 2 * 6 and ops.count("Erf") == 6
    depthwise = grouped_convs(model)
    assert depthwise[0] == (96, 7, 1, (1, 96, 56, 56)) and depthwise[-1] == (384, 7, 1, (1, 384, 14, 14))
    weights = {tensor.name: tuple(tensor.dims) for tensor in model.graph.initializer}
    matmul_weights = [weights[node.input[1]] for node in model.graph.node if node.op_type == "MatMul"]
    assert matmul_weights[:2] == [(96, 384), (384, 96)]  # the Linear layers over [1, 56, 56, 96]


@pytest.mark.parametrize("family, group_width", [("regnet_y", 8), ("regnet_y_800mf", 16)])
def test_regnet_convs_are_grouped_by_the_group_width(family, group_width):
    model = convnext_regnet_network(family, seed=0)
    grouped = grouped_convs(model)
    assert len(grouped) == sum(blocks for _, blocks in FAMILIES[family].stages)
    assert all(shape[1] // group == group_width and kernel == 3 for group, kernel, _, shape in grouped)
    assert {node.op_type for node in model.graph.node} >= {"Sigmoid", "GlobalAveragePool", "Mul", "Relu"}


@pytest.mark.parametrize("family, resolution, message", [("resnet", 32, "unknown network family 'resnet'"),
                                                         ("convnext", 40, "convnext needs a multiple of 16"),
                                                         ("regnet_y", 1, "regnet_y needs a multiple of 2")])
def test_bad_arguments_are_named(family, resolution, message):
    with pytest.raises(ValueError, match=message):
        convnext_regnet_network(family, resolution)


@pytest.mark.parametrize("family", [pytest.param(name, marks=() if name == "regnet_y" else pytest.mark.heavy)
                                    for name in FAMILIES])
def test_tiny_network_agrees_with_onnxruntime(family):
    onnx_model = convnext_regnet_network(family, TINY_RESOLUTION, seed=2)
    errors = compare_with_onnxruntime(xfuse.onnx.load(onnx_model), onnx_model, seed=1)
    assert set(errors) == {"logits"} and errors["logits"] <= TOLERANCE, errors


def test_benchmarks_name_the_networks():
    from benchmarks.compile_time import EXTRA_MODELS, onnx_model

    assert {"convnext", "regnet_y", "convnext-tiny"} <= set(EXTRA_MODELS)
    assert onnx_model("convnext-tiny", seed=1).graph.name == "convnext"

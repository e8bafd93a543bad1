"""The MobileNetV2/V3- and EfficientNet-style networks of `xfuse.onnx.mobile_blocks`: their graphs
are what torch.onnx.export writes (op kinds, the real networks' channels and strides), and xfuse
agrees with onnxruntime on them (1e-4 of the output's largest magnitude). MobileNetV3's test
size (every op kind but Clip, ReduceMean and Sigmoid) is in the quick subset; the others (15-20 s
each) are `heavy`: CI's budget is spent."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
pytest.importorskip("onnxruntime", reason="onnxruntime is the oracle (pip install 'xfuse[test]')")

import onnx  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.mobile_blocks import FAMILIES, TINY_RESOLUTION, grouped_convs, mobile_network  # noqa: E402
from xfuse.onnx.oracle import TOLERANCE, compare_with_onnxruntime  # noqa: E402


def test_mobilenet_v3_graph_is_the_exporters():
    model = mobile_network("mobilenet_v3", seed=0)
    ops = {node.op_type for node in model.graph.node}
    assert ops == {"Conv", "Relu", "HardSwish", "HardSigmoid", "GlobalAveragePool", "Mul", "Add", "Flatten", "Gemm"}
    convs = grouped_convs(model)
    assert convs[0] == (16, 3, 1, (1, 16, 112, 112))
    assert convs[-1] == (480, 3, 1, (1, 480, 14, 14))
    assert {(kernel, stride) for _, kernel, stride, _ in convs} == {(3, 1), (3, 2), (5, 1), (5, 2)}
    assert {channels for channels, *_ in convs} >= {72, 120, 240, 200}  # no multiple of 16


def test_other_families_spell_their_activations_as_the_exporter():
    v2 = {node.op_type for node in mobile_network("mobilenet_v2", TINY_RESOLUTION).graph.node}
    efficientnet = {node.op_type for node in mobile_network("efficientnet_b0", TINY_RESOLUTION).graph.node}
    assert "Clip" in v2 and not v2 & {"HardSwish", "HardSigmoid", "Sigmoid", "ReduceMean"}
    assert {"Sigmoid", "ReduceMean", "Mul"} <= efficientnet and "HardSigmoid" not in efficientnet


def test_seeded_weights_are_reproducible():
    first, again = mobile_network("mobilenet_v2", TINY_RESOLUTION, seed=4), mobile_network("mobilenet_v2", TINY_RESOLUTION, seed=4)
    other = mobile_network("mobilenet_v2", TINY_RESOLUTION, seed=5)
    assert first.SerializeToString() == again.SerializeToString() != other.SerializeToString()


@pytest.mark.parametrize("family, resolution", [("resnet", 32), ("mobilenet_v3", 3)])
def test_bad_arguments_are_named(family, resolution):
    with pytest.raises(ValueError, match=family if family == "resnet" else "resolution 3"):
        mobile_network(family, resolution)


@pytest.mark.parametrize("family", [pytest.param(name, marks=() if name == "mobilenet_v3" else pytest.mark.heavy)
                                    for name in FAMILIES])
def test_tiny_network_agrees_with_onnxruntime(family):
    onnx_model = mobile_network(family, TINY_RESOLUTION, seed=2)
    errors = compare_with_onnxruntime(xfuse.onnx.load(onnx_model), onnx_model, seed=1)
    assert set(errors) == {"logits"} and errors["logits"] <= TOLERANCE, errors


@pytest.mark.parametrize("floor, kind", [(0, "guided"), (10 ** 9, "static")])
def test_tiny_network_at_two_threads_agrees_under_either_schedule(floor, kind, monkeypatch):
    """Differential: MobileNetV3 at two threads with its loops guided (every module with a
    convolution, the rule before) and static (`GUIDED_MIN_CONV_FLOPS`: under 1 GFLOP)."""
    from xfuse.backends import runner
    from xfuse.backends.parallel import omp_schedule

    monkeypatch.setattr(omp_schedule, "GUIDED_MIN_CONV_FLOPS", floor)
    kinds: list[str | None] = []
    build = runner.build_shared_object
    monkeypatch.setattr(runner, "build_shared_object", lambda text, pipeline, cache=True: kinds.append(
        omp_schedule.schedule_for(text, pipeline.omp_schedule)) or build(text, pipeline, cache))
    onnx_model = mobile_network("mobilenet_v3", TINY_RESOLUTION, seed=2)
    errors = compare_with_onnxruntime(xfuse.onnx.load(onnx_model, threads=2), onnx_model, seed=1)
    assert kinds == [kind]
    assert set(errors) == {"logits"} and errors["logits"] <= TOLERANCE, errors


def test_benchmarks_name_the_networks():
    from benchmarks.compile_time import EXTRA_MODELS, onnx_model

    assert {"mobilenet_v3", "efficientnet_b0-tiny"} <= set(EXTRA_MODELS)
    tiny = onnx_model("efficientnet_b0-tiny", seed=1)
    assert tiny.graph.name == "efficientnet_b0"
    assert [d.dim_value for d in tiny.graph.input[0].type.tensor_type.shape.dim] == [1, 3, TINY_RESOLUTION, TINY_RESOLUTION]

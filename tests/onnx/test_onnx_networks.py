"""Real networks imported by xfuse.onnx agree with onnxruntime (1e-4 of the output's largest
magnitude): the onnx wheel's light models with seeded random weights, a transformer encoder
layer, a tiny synthetic convolution network. The small ones are in the quick subset."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
pytest.importorskip("onnxruntime", reason="onnxruntime is the oracle (pip install 'xfuse[test]')")

import numpy as np  # noqa: E402
import onnx  # noqa: E402
from onnx_test_models import LIGHT_MODELS, light_model_path  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.oracle import (  # noqa: E402
    TOLERANCE,
    compare_with_onnxruntime,
    onnxruntime_outputs,
    random_feeds,
    with_softmax_inputs_as_outputs,
)
from xfuse.onnx.transformer import BENCHMARK, TINY  # noqa: E402

QUICK_LIGHT_MODELS = {"squeezenet"}


def check_agreement(onnx_model: onnx.ModelProto, **load_options) -> dict[str, float]:
    model = xfuse.onnx.load(onnx_model, **load_options)
    errors = compare_with_onnxruntime(model, onnx_model, seed=1)
    assert errors and all(error <= TOLERANCE for error in errors.values()), errors
    return errors


@pytest.mark.parametrize("name", [pytest.param(n, marks=() if n in QUICK_LIGHT_MODELS else pytest.mark.slow)
                                  for n in LIGHT_MODELS])
def test_light_model_with_random_weights(name):
    # The logits are compared too: the probabilities may saturate and hide errors.
    light = with_softmax_inputs_as_outputs(onnx.load(light_model_path(name)))
    errors = check_agreement(xfuse.onnx.random_weights(light, seed=0))
    assert set(errors) == {output.name for output in light.graph.output}, errors  # densenet121 has no Softmax


def test_random_weights_make_a_wrong_index_visible():
    # With the light model's constant weights every input channel counts the same; with random
    # ones a permuted weight changes the output, so the comparison can see indexing bugs.
    light = onnx.load(light_model_path("squeezenet"))
    first = xfuse.onnx.random_weights(light, seed=0)
    again = xfuse.onnx.random_weights(light, seed=0)
    other = xfuse.onnx.random_weights(light, seed=1)
    assert first.SerializeToString() == again.SerializeToString()
    assert first.SerializeToString() != other.SerializeToString()
    assert not any(node.op_type == "ConstantOfShape" for node in first.graph.node)
    conv1 = next(init for init in first.graph.initializer if init.name == "conv1_w_0")
    weights = onnx.numpy_helper.to_array(conv1)
    assert weights.shape == (64, 3, 3, 3) and 0.1 < weights.std() < 0.4  # He: sqrt(2 / 27) = 0.27
    swapped = onnx.ModelProto()
    swapped.CopyFrom(first)
    target = next(init for init in swapped.graph.initializer if init.name == "conv1_w_0")
    target.CopyFrom(onnx.numpy_helper.from_array(weights[:, ::-1].copy(), "conv1_w_0"))
    feeds = {"data_0": np.random.default_rng(0).standard_normal((1, 3, 224, 224)).astype(np.float32)}
    a, b = onnxruntime_outputs(first, feeds)["softmaxout_1"], onnxruntime_outputs(swapped, feeds)["softmaxout_1"]
    assert np.abs(a - b).max() / np.abs(a).max() > 100 * TOLERANCE


def test_tiny_transformer_layer():
    layer = xfuse.onnx.transformer_layer(TINY, seed=3)
    assert {node.op_type for node in layer.graph.node} == {
        "MatMul", "Add", "Mul", "Softmax", "LayerNormalization", "Erf", "Transpose", "Reshape"}
    check_agreement(layer)


def test_memory_of_a_model():
    """`model.memory`: the arena planned at the first call (made on zeros if none ran), the
    intermediates' peak within it, the weights' bytes."""
    model = xfuse.onnx.load(xfuse.onnx.transformer_layer(TINY, seed=3))
    memory = model.memory
    assert model.compiled.arena_pool().plan is not None
    assert 0 < memory.peak_intermediates <= memory.arena
    assert memory.weights == sum(array.nbytes for array in model.weights.values())
    assert memory.inputs == memory.outputs == 4 * int(np.prod(model.inputs[0].shape))
    assert "arena" in memory.describe()


@pytest.mark.slow
def test_benchmark_transformer_layer():
    check_agreement(xfuse.onnx.transformer_layer(BENCHMARK, seed=0))


def test_tiny_conv_network(tiny_conv):
    errors = check_agreement(tiny_conv)
    assert set(errors) == {"prob"}


def test_old_opset_is_upgraded():
    # BatchNormalization, Softmax, Flatten and Gemm of opset 9, converted to 17 before import.
    from onnx_test_models import tiny_conv_model

    check_agreement(tiny_conv_model(seed=7, opset=9))


def test_dynamic_batch_with_a_given_size():
    from onnx_test_models import tiny_conv_model

    onnx_model = tiny_conv_model(batch="N")
    model = xfuse.onnx.load(onnx_model, input_shapes={"x": (2, 3, 16, 16)})
    assert model.inputs[0].shape == (2, 3, 16, 16)
    errors = compare_with_onnxruntime(model, onnx_model, seed=2)
    assert errors["prob"] <= TOLERANCE


def test_call_forms_agree(tiny_conv):
    model = xfuse.onnx.load(tiny_conv)
    feeds = random_feeds(model, seed=4)
    by_name = model.run(feeds)
    positional = model(feeds["x"])
    assert list(by_name) == ["prob"] and model.output_names == ["prob"]
    np.testing.assert_array_equal(by_name["prob"], positional)
    weights_before = {name: array.copy() for name, array in model.weights.items()}
    input_before = feeds["x"].copy()
    np.testing.assert_array_equal(model(feeds["x"]), positional)  # calls leave inputs and weights alone
    np.testing.assert_array_equal(feeds["x"], input_before)
    for name, array in model.weights.items():
        np.testing.assert_array_equal(array, weights_before[name])


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_the_backend_plans_leave_no_dropped_op_reading_a_value(pipeline):
    """The layout passes and the backend's planning (splits, schedules' marks, copies) rewrite
    the module in Python; an op they build and drop without erasing still reads its operands,
    and xfuse-outline-groups then takes such a value for a result of its group (SqueezeNet's
    and DenseNet's classifiers did). Every reader must be an op of the module."""
    from xfuse.backends.mlir_text import prepare_for_execution
    from xfuse.backends.pipelines import get_pipeline
    from xfuse.onnx.importer import import_model
    from xfuse.onnx.model import DEFAULT_PASSES
    from xfuse.parsing import parse

    light = xfuse.onnx.random_weights(onnx.load(light_model_path("squeezenet")), seed=0)
    module = parse(import_model(light).mlir)
    xfuse.apply_passes(module, DEFAULT_PASSES)
    prepared = prepare_for_execution(module)
    get_pipeline(pipeline).for_module(prepared)
    live = set(prepared.walk())
    dropped = {use.operation.name for op in live for result in op.results for use in result.uses
               if use.operation not in live}
    assert not dropped, dropped


def test_transformer_layer_with_blocked_matmul_weights(tmp_path):
    """A layer whose first FFN weight (64 x 512, 128 KiB) is large enough for the default passes'
    `xfuse-block-matmul-weights`: the weights are fed in panels, the result agrees with
    onnxruntime, and a saved model loads with its panels."""
    from xfuse.onnx.transformer import LayerSizes

    layer = xfuse.onnx.transformer_layer(LayerSizes(seq=16, hidden=64, heads=2, ffn=512), seed=5)
    model = xfuse.onnx.load(layer)
    panels = [array.shape for array in model.weights.values() if array.ndim == 3]
    assert panels == [(8, 64, 64)], panels  # FFN 1; FFN 2 has 64 columns: its rows are one panel already
    errors = compare_with_onnxruntime(model, layer, seed=1)
    assert errors and all(error <= TOLERANCE for error in errors.values()), errors
    again = xfuse.onnx.Model.load_compiled(model.save(tmp_path / "layer"))
    feeds = random_feeds(model, seed=2)
    np.testing.assert_array_equal(again.run(feeds)["y"], model.run(feeds)["y"])

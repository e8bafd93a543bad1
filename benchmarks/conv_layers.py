"""Per-layer speed of the register-tiled convolutions against onnxruntime (docs/backend-kernels.md, "Convolutions").

Each layer is compiled by xfuse's `microkernel` pipeline in NHWC (xfuse/testing/random_convs.py:
zero padding, bias, convolution) and built as a one-node ONNX `Conv` model in NCHW (bias
included) for onnxruntime on one thread; both run on the same data, their calls interleaved in
one process. Prints, per layer, the median and fastest times and their ratios (xfuse /
onnxruntime) and the largest difference between the two outputs; `--json` prints records
`{layer, system, median_ms, min_ms}` instead. Times are CPU time of the calling thread.

`--onnx` compiles the one-node ONNX model with `xfuse.onnx.load` instead, as a network's layer is
compiled: `xfuse-nhwc` (with the NCHW <-> NHWC transposes at the boundary, included in the time)
and `xfuse-block-filters`, which stores a filter over 256 KiB in panels of output channels. The
direct form keeps the filter in HWCF: for ResNet-50's large filters (3x3 512 -> 512 at 7x7) its
rows 2 KiB apart miss L2 on every step, a case no network compiles.

`--chain` gives each layer what a residual network's layer has around it: a ReLU of its input
before it, a residual add and a ReLU after it (in both systems; xfuse fuses the add and the ReLU
into the register tiles, and its input ReLU is a pass of its own, as the previous layer's
epilogue would be in a network). `--peak` also times the core's FMA peak kernel
(benchmarks/fma_peak.py) in the same rounds and prints each system's GFLOP/s and share of it.

    python benchmarks/conv_layers.py [--repeat 31] [--layers stem 3x3_64 ...] [--onnx] [--chain] [--peak] [--json]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xfuse.testing.random_convs import ConvLayer, layer_module  # noqa: E402

LAYERS = {
    "stem": ConvLayer(1, 224, 224, 3, 64, (7, 7), stride=2, padding=3),
    "3x3_64": ConvLayer(1, 56, 56, 64, 64, (3, 3), padding=1),
    "1x1_64_256": ConvLayer(1, 56, 56, 64, 256, (1, 1)),
    "1x1_256_64": ConvLayer(1, 56, 56, 256, 64, (1, 1)),
    "1x1_128_512_28": ConvLayer(1, 28, 28, 128, 512, (1, 1)),
    "1x1_512_128_28": ConvLayer(1, 28, 28, 512, 128, (1, 1)),
    "3x3s2_128": ConvLayer(1, 56, 56, 128, 128, (3, 3), stride=2, padding=1),
    "fire_3x3": ConvLayer(1, 55, 55, 16, 64, (3, 3), padding=1),
    "1x1_1024_256": ConvLayer(1, 14, 14, 1024, 256, (1, 1)),
    "3x3_256_14": ConvLayer(1, 14, 14, 256, 256, (3, 3), padding=1),
    "dw_136": ConvLayer(1, 28, 28, 136, 136, (3, 3), padding=1, depthwise=True),
    "3x3_128_192_27": ConvLayer(1, 27, 27, 128, 192, (3, 3), padding=1),
    "5x5_32_96_27": ConvLayer(1, 27, 27, 32, 96, (5, 5), padding=2),
    "3x3_64_192_56": ConvLayer(1, 56, 56, 64, 192, (3, 3), padding=1),
    "1x1_512_2048_7": ConvLayer(1, 7, 7, 512, 2048, (1, 1)),
    "1x1_2048_512_7": ConvLayer(1, 7, 7, 2048, 512, (1, 1)),
    "3x3_512_7": ConvLayer(1, 7, 7, 512, 512, (3, 3), padding=1),
    "alexnet_stem": ConvLayer(1, 224, 224, 3, 96, (11, 11), stride=4),
    "zfnet_stem": ConvLayer(1, 224, 224, 3, 96, (7, 7), stride=2),
}
"""ResNet-50, squeezenet and shufflenet layer shapes (../shared/research/speed-limits.md's table), and
the inception, ResNet-50 last-stage, AlexNet and ZFNet layers that the network profiles show slow;
ResNet-50's stage-1 and stage-2 1x1 layers (filters under 256 KiB, kept in HWCF in a network too, except on AVX2 where their rows thrash L1)."""


def onnx_model(layer: ConvLayer, weights: np.ndarray, bias: np.ndarray):
    """`layer` as an NCHW `Conv` node, weights FCHW and bias as initializers; with the layer's
    input ReLU, residual add (input `r`) and ReLU around it when it has them."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    source = "x"
    nodes = []
    if layer.input_relu:
        nodes.append(helper.make_node("Relu", ["x"], ["x_relu"]))
        source = "x_relu"
    nodes.append(helper.make_node("Conv", [source, "W", "B"], ["conv"], strides=[layer.stride] * 2,
                                  dilations=[layer.dilation] * 2, pads=[layer.padding] * 4,
                                  group=layer.channels_in if layer.depthwise else 1))
    result = "conv"
    output_shape = [layer.batch, layer.channels_out, *layer.output_size]
    inputs = [helper.make_tensor_value_info("x", TensorProto.FLOAT, [layer.batch, layer.channels_in, layer.height,
                                                                     layer.width])]
    if layer.residual:
        nodes.append(helper.make_node("Add", [result, "r"], ["sum"]))
        inputs.append(helper.make_tensor_value_info("r", TensorProto.FLOAT, output_shape))
        result = "sum"
    if layer.relu:
        nodes.append(helper.make_node("Relu", [result], ["relu"]))
        result = "relu"
    nodes[-1].output[0] = "y"  # the last node writes the graph's output
    graph = helper.make_graph(
        nodes, "conv", inputs, [helper.make_tensor_value_info("y", TensorProto.FLOAT, output_shape)],
        [numpy_helper.from_array(weights, "W"), numpy_helper.from_array(bias, "B")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    onnx.checker.check_model(model)
    return model


def onnx_session(model):
    """An onnxruntime session of `model` on one thread."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    return onnxruntime.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])


def xfuse_call(layer: ConvLayer, model, feeds: dict[str, np.ndarray], weights: np.ndarray, bias: np.ndarray,
               through_onnx: bool):
    """A call of xfuse's compiled layer and its result in NCHW: through `xfuse.onnx.load` of
    `model`, or the NHWC layer module with the filter in HWCF (the module docstring)."""
    if through_onnx:
        import xfuse.onnx

        loaded = xfuse.onnx.load(model)
        return lambda: loaded(*feeds.values())
    from xfuse.backends.runner import compile_module

    compiled = compile_module(layer_module(layer), "conv", "microkernel")
    x_nhwc = np.ascontiguousarray(feeds["x"].transpose(0, 2, 3, 1))
    w_hwcf = np.ascontiguousarray(weights[:, 0].transpose(1, 2, 0) if layer.depthwise
                                  else weights.transpose(2, 3, 1, 0))
    residual = [np.ascontiguousarray(feeds["r"].transpose(0, 2, 3, 1))] if layer.residual else []
    return lambda: compiled(x_nhwc, w_hwcf, bias, *residual)[0].transpose(0, 3, 1, 2)


def multiply_adds(layer: ConvLayer) -> int:
    """The layer's multiply-adds (2 FLOPs each)."""
    group_in = 1 if layer.depthwise else layer.channels_in
    return layer.batch * layer.channels_out * group_in * math.prod(layer.kernel) * math.prod(layer.output_size)


def seeded_layer(layer) -> tuple[np.ndarray, np.ndarray, dict[str, np.ndarray]]:
    """`layer`'s filter, bias and inputs (`x`, and `r` with a residual), seeded: the same arrays
    for every script that times the layer."""
    rng = np.random.default_rng(0)
    group_in = 1 if layer.depthwise else layer.channels_in
    weights = rng.uniform(-1, 1, (layer.channels_out, group_in, *layer.kernel)).astype(np.float32)
    bias = rng.uniform(-1, 1, layer.channels_out).astype(np.float32)
    feeds = {"x": rng.uniform(-1, 1, (layer.batch, layer.channels_in, layer.height, layer.width)).astype(np.float32)}
    if layer.residual:
        feeds["r"] = rng.uniform(-1, 1, (layer.batch, layer.channels_out, *layer.output_size)).astype(np.float32)
    return weights, bias, feeds


def measure(name: str, layer: ConvLayer, repeat: int, through_onnx: bool = False,
            peak: tuple[Callable[[], object], int] | None = None) -> dict[str, float | str]:
    """CPU times of one layer in both systems (seconds) and the largest output difference; with
    `peak` (`fma_peak.peak_call()`: a call and its FLOPs), that kernel timed in the same rounds
    and `{system}_peak_share`, the fastest call's FLOP rate over the peak kernel's fastest."""
    weights, bias, feeds = seeded_layer(layer)
    model = onnx_model(layer, weights, bias)
    session = onnx_session(model)
    ours = xfuse_call(layer, model, feeds, weights, bias, through_onnx)
    (theirs,) = session.run(None, feeds)
    difference = float(np.abs(ours() - theirs).max())
    calls = {"xfuse": ours, "onnxruntime": lambda: session.run(None, feeds)}
    if peak is not None:
        calls["peak"] = peak[0]
    times: dict[str, list[float]] = {system: [] for system in calls}
    for _ in range(repeat):
        for system, call in calls.items():
            start = time.thread_time()
            call()
            times[system].append(time.thread_time() - start)
    result = {"layer": name, "max_difference": difference,
              **{f"{system}_median": statistics.median(t) for system, t in times.items()},
              **{f"{system}_min": min(t) for system, t in times.items()}}
    if peak is not None:
        flops, peak_rate = 2 * multiply_adds(layer), peak[1] / result["peak_min"]
        for system in ("xfuse", "onnxruntime"):
            result[f"{system}_gflops"] = flops / result[f"{system}_min"] / 1e9
            result[f"{system}_peak_share"] = flops / result[f"{system}_min"] / peak_rate
        result["peak_gflops"] = peak_rate / 1e9
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31, help="interleaved calls per system")
    parser.add_argument("--layers", nargs="+", choices=sorted(LAYERS), default=list(LAYERS))
    parser.add_argument("--onnx", action="store_true",
                        help="compile the ONNX node with xfuse.onnx.load (blocked filters, as in a network)")
    parser.add_argument("--chain", action="store_true",
                        help="an input ReLU before each layer, a residual add and a ReLU after it")
    parser.add_argument("--peak", action="store_true",
                        help="time the FMA peak kernel in the same rounds; print GFLOP/s and share of it")
    parser.add_argument("--json", action="store_true", help="print JSON records")
    args = parser.parse_args(argv)
    peak = None
    if args.peak:
        from benchmarks.fma_peak import peak_call

        peak = peak_call()
    records = []
    for name in args.layers:
        layer = LAYERS[name]
        if args.chain:
            layer = dataclasses.replace(layer, input_relu=True, residual=True, relu=True)
        result = measure(name, layer, args.repeat, args.onnx, peak)
        systems = ("onnxruntime", "xfuse")
        if args.json:
            records += [{"layer": name, "system": system, "median_ms": result[f"{system}_median"] * 1e3,
                         "min_ms": result[f"{system}_min"] * 1e3,
                         **({"peak_share": result[f"{system}_peak_share"]} if peak else {})} for system in systems]
            continue
        rates = "".join(f"  {system} {result[f'{system}_gflops']:.1f} GFLOP/s ({result[f'{system}_peak_share']:.0%})"
                        for system in systems) + f" of peak {result['peak_gflops']:.1f}" if peak else ""
        print(f"{name:14s} onnxruntime {result['onnxruntime_median'] * 1e3:7.3f} ms (fastest "
              f"{result['onnxruntime_min'] * 1e3:.3f})  xfuse {result['xfuse_median'] * 1e3:7.3f} ms (fastest "
              f"{result['xfuse_min'] * 1e3:.3f})  ratio {result['xfuse_median'] / result['onnxruntime_median']:.2f} "
              f"(fastest {result['xfuse_min'] / result['onnxruntime_min']:.2f})  "
              f"max difference {result['max_difference']:.1e}{rates}", flush=True)
    if args.json:
        print(json.dumps(records, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Per-layer speed of the register-tiled convolutions against onnxruntime (docs/backend.md, "Convolutions").

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

    python benchmarks/conv_layers.py [--repeat 31] [--layers stem 3x3_64 ...] [--onnx] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xfuse.testing.random_convs import ConvLayer, layer_module  # noqa: E402

LAYERS = {
    "stem": ConvLayer(1, 224, 224, 3, 64, (7, 7), stride=2, padding=3),
    "3x3_64": ConvLayer(1, 56, 56, 64, 64, (3, 3), padding=1),
    "1x1_64_256": ConvLayer(1, 56, 56, 64, 256, (1, 1)),
    "3x3s2_128": ConvLayer(1, 56, 56, 128, 128, (3, 3), stride=2, padding=1),
    "fire_3x3": ConvLayer(1, 55, 55, 16, 64, (3, 3), padding=1),
    "1x1_1024_256": ConvLayer(1, 14, 14, 1024, 256, (1, 1)),
    "3x3_256_14": ConvLayer(1, 14, 14, 256, 256, (3, 3), padding=1),
    "dw_136": ConvLayer(1, 28, 28, 136, 136, (3, 3), padding=1, depthwise=True),
    "3x3_128_192_27": ConvLayer(1, 27, 27, 128, 192, (3, 3), padding=1),
    "5x5_32_96_27": ConvLayer(1, 27, 27, 32, 96, (5, 5), padding=2),
    "3x3_64_192_56": ConvLayer(1, 56, 56, 64, 192, (3, 3), padding=1),
    "1x1_512_2048_7": ConvLayer(1, 7, 7, 512, 2048, (1, 1)),
    "3x3_512_7": ConvLayer(1, 7, 7, 512, 512, (3, 3), padding=1),
    "alexnet_stem": ConvLayer(1, 224, 224, 3, 96, (11, 11), stride=4),
    "zfnet_stem": ConvLayer(1, 224, 224, 3, 96, (7, 7), stride=2),
}
"""ResNet-50, squeezenet and shufflenet layer shapes (/work/shared/research/speed-limits.md's table), and
the inception, ResNet-50 last-stage, AlexNet and ZFNet layers that the network profiles show slow."""


def onnx_model(layer: ConvLayer, weights: np.ndarray, bias: np.ndarray):
    """`layer` as one NCHW `Conv` node, weights FCHW and bias as initializers."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    node = helper.make_node("Conv", ["x", "W", "B"], ["y"], strides=[layer.stride] * 2,
                            dilations=[layer.dilation] * 2, pads=[layer.padding] * 4,
                            group=layer.channels_in if layer.depthwise else 1)
    graph = helper.make_graph(
        [node], "conv",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [layer.batch, layer.channels_in, layer.height,
                                                                layer.width])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [layer.batch, layer.channels_out,
                                                                *layer.output_size])],
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


def xfuse_call(layer: ConvLayer, model, x: np.ndarray, weights: np.ndarray, bias: np.ndarray,
               through_onnx: bool):
    """A call of xfuse's compiled layer and its result in NCHW: through `xfuse.onnx.load` of
    `model`, or the NHWC layer module with the filter in HWCF (the module docstring)."""
    if through_onnx:
        import xfuse.onnx

        loaded = xfuse.onnx.load(model)
        return lambda: loaded(x)
    from xfuse.backends.runner import compile_module

    compiled = compile_module(layer_module(layer), "conv", "microkernel")
    x_nhwc = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
    w_hwcf = np.ascontiguousarray(weights[:, 0].transpose(1, 2, 0) if layer.depthwise
                                  else weights.transpose(2, 3, 1, 0))
    return lambda: compiled(x_nhwc, w_hwcf, bias)[0].transpose(0, 3, 1, 2)


def measure(name: str, layer: ConvLayer, repeat: int, through_onnx: bool = False) -> dict[str, float | str]:
    """CPU times of one layer in both systems (seconds) and the largest output difference."""
    rng = np.random.default_rng(0)
    group_in = 1 if layer.depthwise else layer.channels_in
    weights = rng.uniform(-1, 1, (layer.channels_out, group_in, *layer.kernel)).astype(np.float32)
    bias = rng.uniform(-1, 1, layer.channels_out).astype(np.float32)
    x = rng.uniform(-1, 1, (layer.batch, layer.channels_in, layer.height, layer.width)).astype(np.float32)
    model = onnx_model(layer, weights, bias)
    session = onnx_session(model)
    ours = xfuse_call(layer, model, x, weights, bias, through_onnx)
    (theirs,) = session.run(None, {"x": x})
    difference = float(np.abs(ours() - theirs).max())
    times: dict[str, list[float]] = {"xfuse": [], "onnxruntime": []}
    for _ in range(repeat):
        start = time.thread_time()
        ours()
        times["xfuse"].append(time.thread_time() - start)
        start = time.thread_time()
        session.run(None, {"x": x})
        times["onnxruntime"].append(time.thread_time() - start)
    return {"layer": name, "max_difference": difference,
            **{f"{system}_median": statistics.median(t) for system, t in times.items()},
            **{f"{system}_min": min(t) for system, t in times.items()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31, help="interleaved calls per system")
    parser.add_argument("--layers", nargs="+", choices=sorted(LAYERS), default=list(LAYERS))
    parser.add_argument("--onnx", action="store_true",
                        help="compile the ONNX node with xfuse.onnx.load (blocked filters, as in a network)")
    parser.add_argument("--json", action="store_true", help="print JSON records")
    args = parser.parse_args(argv)
    records = []
    for name in args.layers:
        result = measure(name, LAYERS[name], args.repeat, args.onnx)
        if args.json:
            records += [{"layer": name, "system": system, "median_ms": result[f"{system}_median"] * 1e3,
                         "min_ms": result[f"{system}_min"] * 1e3} for system in ("onnxruntime", "xfuse")]
            continue
        print(f"{name:14s} onnxruntime {result['onnxruntime_median'] * 1e3:7.3f} ms (fastest "
              f"{result['onnxruntime_min'] * 1e3:.3f})  xfuse {result['xfuse_median'] * 1e3:7.3f} ms (fastest "
              f"{result['xfuse_min'] * 1e3:.3f})  ratio {result['xfuse_median'] / result['onnxruntime_median']:.2f} "
              f"(fastest {result['xfuse_min'] / result['onnxruntime_min']:.2f})  "
              f"max difference {result['max_difference']:.1e}", flush=True)
    if args.json:
        print(json.dumps(records, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

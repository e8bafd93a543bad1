"""Winograd F(2x2, 3x3) against direct convolution, layer by layer, interleaved in one process.

Each layer (benchmarks/conv_layers.py's one-node ONNX models, with `--chain` their input ReLU,
residual add and ReLU) is loaded by `xfuse.onnx.load` three times: Winograd in blocks of tile
rows (`winograd`), Winograd over the whole map (`whole`, `xfuse-winograd{blocked=false}`) and
direct (`WINOGRAD_ENABLED` off); the cost model still decides per convolution (`--force` lowers
`cost.MIN_GAIN` to 0 so that the rewrite is taken), the arena bound is off (a layer alone is its
own peak), each build is checked against onnxruntime, and the builds and onnxruntime are timed
in turn, round after round (CPU time of the calling thread; wall time with `--threads 2`, where
`cost.MAX_THREADS` is raised to it). Prints medians and ratios.

    python benchmarks/winograd_layers.py --layers 3x3_256_14 vgg_56_256 --repeat 21 [--chain] [--force] [--threads 2]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.conv_layers import LAYERS, onnx_model, onnx_session, seeded_layer  # noqa: E402
from xfuse.testing.random_convs import ConvLayer  # noqa: E402

WINOGRAD_LAYERS = {
    **{name: layer for name, layer in LAYERS.items() if layer.kernel == (3, 3) and layer.stride == 1
       and not layer.depthwise},
    "vgg_56_256": ConvLayer(1, 56, 56, 256, 256, (3, 3), padding=1),
    "vgg_28_512": ConvLayer(1, 28, 28, 512, 512, (3, 3), padding=1),
    "vgg_112_128": ConvLayer(1, 112, 112, 128, 128, (3, 3), padding=1),
    "3x3_128_28": ConvLayer(1, 28, 28, 128, 128, (3, 3), padding=1),
    "3x3_64_13": ConvLayer(1, 13, 13, 64, 256, (3, 3), padding=1),
}


def main(argv: list[str] | None = None) -> int:
    import xfuse.onnx
    from xfuse.transforms.winograd import cost, rewrite

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", nargs="+", choices=sorted(WINOGRAD_LAYERS), default=["3x3_256_14"])
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--chain", action="store_true")
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    if args.force:
        cost.MIN_GAIN = 0.0
    cost.MAX_THREADS = max(cost.MAX_THREADS, args.threads)
    clock = time.thread_time if args.threads == 1 else time.perf_counter
    from xfuse.onnx.model import DEFAULT_PASSES as base
    options = f"threads={args.threads} bounded=false"
    variants = {"winograd": (True, base.replace("xfuse-winograd", f"xfuse-winograd{{{options}}}")),
                "whole": (True, base.replace("xfuse-winograd", f"xfuse-winograd{{{options} blocked=false}}")),
                "direct": (False, base)}
    for name in args.layers:
        layer = WINOGRAD_LAYERS[name]
        if args.chain:
            layer = dataclasses.replace(layer, input_relu=True, residual=True, relu=True)
        weights, bias, feeds = seeded_layer(layer)
        model = onnx_model(layer, weights, bias)
        session = onnx_session(model)
        (expected,) = session.run(None, feeds)
        calls = {}
        for label, (enabled, passes) in variants.items():
            rewrite.WINOGRAD_ENABLED = enabled
            loaded = xfuse.onnx.load(model, passes=passes, threads=args.threads)
            (got,) = loaded(*feeds.values())
            error = float(np.abs(got - expected).max() / max(1.0, float(np.abs(expected).max())))
            print(f"{name}: {label} max relative difference {error:.2e}", flush=True)
            calls[label] = (lambda loaded=loaded: loaded(*feeds.values()))
        rewrite.WINOGRAD_ENABLED = True
        calls["onnxruntime"] = lambda: session.run(None, feeds)
        times: dict[str, list[float]] = {label: [] for label in calls}
        for _ in range(args.repeat):
            for label, call in calls.items():
                start = clock()
                call()
                times[label].append(clock() - start)
        medians = {label: statistics.median(t) * 1e3 for label, t in times.items()}
        ort = medians["onnxruntime"]
        print(f"{name}: " + ", ".join(f"{label} {ms:.3f} ms ({ms / ort:.2f}x ORT)" for label, ms in medians.items())
              + f"; winograd/direct {medians['winograd'] / medians['direct']:.3f}"
              f", whole/direct {medians['whole'] / medians['direct']:.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

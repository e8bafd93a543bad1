"""A/B of one code-generation constant on one network, interleaved in one process.

The host moves one-thread times by up to a third from outside the machine, so two builds timed
minutes apart say little. This builds the network once per value of a module-level constant
(`module:ATTRIBUTE`, set before each `xfuse.onnx.load`, which reads it while compiling), checks
each build against onnxruntime (`models.TOLERANCE`), and times every build and onnxruntime in
the same rounds, in turn. It reports each build's median, its ratio to onnxruntime and to the
first value's build, and how often it was the faster one round by round.

    python benchmarks/flag_ab.py densenet121 --threads 2 \\
        --flag xfuse.transforms.layout.blocked_filters:TILE_WIDE_MAX_REGISTERS --values 16,8 --repeat 10

An exported network of benchmarks/exported_networks.py (`exported:NAME`, `--size small`; needs
the `export` extra) is built with torch and fed its exporter's example input:

    python benchmarks/flag_ab.py exported:vit --threads 2 \\
        --flag xfuse.backends.parallel.parallel_split:MIN_ELEMENTS --values 32768,65536

Values are parsed as Python literals (`16`, `True`, `0.9`, `None`); anything else is a string.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")
os.environ.setdefault("KMP_BLOCKTIME", "1")

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import models  # noqa: E402
from benchmarks.compile_time import onnx_model, parse_models  # noqa: E402


def parse_value(text: str) -> object:
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def model_names(text: str) -> list[str]:
    """`exported:NAME` as it is, else the names of benchmarks/models.py."""
    return [text] if text.startswith("exported:") else parse_models(text)


def network_and_feeds(name: str, seed: int):
    """(ONNX model, feeds, input shapes or None) of a models.py name or `exported:NAME`."""
    if name.startswith("exported:"):
        from benchmarks.exported_networks import build, export

        network = build(name.removeprefix("exported:"), "small", seed)
        feeds = {n: t.numpy() for n, t in zip(network.input_names, network.inputs, strict=True)}
        return export(network), feeds, network.input_shapes
    model = onnx_model(name, seed)
    return model, models.seeded_feeds(model, seed), None


def flag_target(text: str) -> tuple[object, str]:
    """(module, attribute) of `module:ATTRIBUTE`; the attribute must exist."""
    module_name, _, attribute = text.partition(":")
    if not attribute:
        raise argparse.ArgumentTypeError(f"expected module:ATTRIBUTE, got {text!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise argparse.ArgumentTypeError(f"cannot import {module_name}: {exc}") from exc
    if not hasattr(module, attribute):
        raise argparse.ArgumentTypeError(f"{module_name} has no attribute {attribute}")
    return module, attribute


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", type=model_names,
                        help="one model name of benchmarks/models.py, or exported:NAME (exported_networks.py, small)")
    parser.add_argument("--flag", type=flag_target, required=True, help="module:ATTRIBUTE")
    parser.add_argument("--values", required=True, help="comma-separated values, the first is the baseline")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if len(args.model) != 1:
        parser.error("give one model")
    values = [parse_value(v) for v in args.values.split(",")]
    if len(values) < 2:
        parser.error("give at least two values")
    module, attribute = args.flag
    original = getattr(module, attribute)
    from xfuse.onnx.oracle import with_softmax_inputs_as_outputs

    model, feeds, input_shapes = network_and_feeds(args.model[0], args.seed)
    model = with_softmax_inputs_as_outputs(model)
    ort, expected = models.onnxruntime_runner(model, feeds, args.threads)
    runners = [("onnxruntime", ort)]
    try:
        for value in values:
            setattr(module, attribute, value)
            runner, outputs = models.xfuse_runner(model, feeds, args.threads, input_shapes)
            models.check(runner, outputs, expected)
            runners.append((f"{attribute}={value!r}", runner))
    except models.NotTimed as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        setattr(module, attribute, original)
    times: dict[str, list[float]] = {name: [] for name, _ in runners}
    for _, runner in runners:
        runner.call()
    for _ in range(args.repeat):
        for name, runner in runners:
            start = time.perf_counter()
            runner.call()
            times[name].append((time.perf_counter() - start) * 1e3)
    medians = {name: statistics.median(values) for name, values in times.items()}
    baseline = runners[1][0]
    print(f"{args.model[0]} T={args.threads}, {args.repeat} interleaved rounds")
    print(f"{'build':<40} {'median ms':>10} {'/ ort':>7} {'/ first':>8} {'faster rounds':>14}")
    for name, _ in runners:
        wins = sum(a < b for a, b in zip(times[name], times[baseline], strict=True))
        first = "" if name == "onnxruntime" else f"{medians[name] / medians[baseline]:>8.3f}"
        won = "" if name in ("onnxruntime", baseline) else f"{wins:>5}/{args.repeat}"
        print(f"{name:<40} {medians[name]:>10.2f} {medians[name] / medians['onnxruntime']:>6.2f}x {first:>8} {won:>14}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

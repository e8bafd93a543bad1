"""A/B of one code-generation constant on one network, interleaved in one process.

The host moves one-thread times by up to a third from outside the machine, so two builds timed
minutes apart say little. This builds the network once per value of a module-level constant
(`module:ATTRIBUTE`, set before each `xfuse.onnx.load`, which reads it while compiling), checks
each build against onnxruntime (`models.TOLERANCE`), and times every build and onnxruntime in
the same rounds, in an order that changes from round to round (`models.round_orders`). It
reports each build's median, its ratio to onnxruntime and to the first value's build, and how
often it was the faster one round by round.

    python benchmarks/flag_ab.py densenet121 --threads 2 \\
        --flag xfuse.transforms.layout.blocked_filters:TILE_WIDE_MAX_REGISTERS --values 16,8 --repeat 10
    python benchmarks/flag_ab.py densenet121 --threads 1,2 --realtime \\
        --flag xfuse.transforms.layout.blocked_filters:CHUNK_L2_SHARE --values 0,0.5 --repeat 10

With several thread counts every build is made at each and timed in the same rounds, and the
speedup from the first count to the others is printed per build (of the medians, and the median
of the per-round ratios). `--realtime` times at SCHED_FIFO (as `threads.py --realtime`): on a
shared machine another process otherwise takes the second CPU from a two-thread call.

An exported network of benchmarks/exported_networks.py (`exported:NAME`, `--size small`; needs
the `export` extra) is built with torch and fed its exporter's example input:

    python benchmarks/flag_ab.py exported:vit --threads 2 \\
        --flag xfuse.backends.parallel.parallel_split:MIN_ELEMENTS --values 32768,65536

One layer of benchmarks/conv_layers.py (`layer:NAME`, or `layer:NAME+add` with a residual add) is
built as a network's layer is (a ReLU of its input before it, a ReLU after it; the one-node ONNX
model through `xfuse.onnx.load`, its filter blocked): a change worth a few percent of a layer is
about 1% of a network, under what a network A/B on a shared machine resolves.

    python benchmarks/flag_ab.py layer:1x1_2048_512_7 --repeat 31 \\
        --flag xfuse.backends.schedules.flat_pixels:PARTS_IN_THEIR_DESTINATION --values False,True

A row of benchmarks/op_limits.py (`op:NAME`: `op:softmax`, `op:dw_136`, ...) is its one- or
few-node model as that script builds it (a convolution without ReLUs, unlike `layer:`).

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
    """`exported:NAME` and `layer:NAME` (a layer of conv_layers.py) as they are, else the names of
    benchmarks/models.py."""
    if text.startswith("layer:"):
        _layer(text)
    if text.startswith("op:"):
        from benchmarks.op_limits import ROWS

        if text.removeprefix("op:") not in ROWS:
            raise argparse.ArgumentTypeError(f"no row {text!r} (op:NAME; NAME one of {', '.join(ROWS)})")
    return [text] if text.startswith(("exported:", "layer:", "op:")) else parse_models(text)


def _layer(name: str):
    """The conv_layers.py layer of `layer:NAME[+add]`, with its ReLUs (and the residual add)."""
    import dataclasses

    from benchmarks.conv_layers import LAYERS

    key, _, extra = name.removeprefix("layer:").partition("+")
    if key not in LAYERS or extra not in ("", "add"):
        raise argparse.ArgumentTypeError(f"no layer {name!r} (layer:NAME or layer:NAME+add; NAME one of "
                                         f"{', '.join(sorted(LAYERS))})")
    return dataclasses.replace(LAYERS[key], input_relu=True, relu=True, residual=extra == "add")


def layer_and_feeds(name: str):
    """(ONNX model, feeds) of `layer:NAME[+add]`: conv_layers.py's layer `NAME` with an input ReLU
    and a ReLU after it (and a residual add before that with `+add`), as a network has it."""
    from benchmarks.conv_layers import onnx_model as layer_model, seeded_layer

    layer = _layer(name)
    weights, bias, feeds = seeded_layer(layer)
    return layer_model(layer, weights, bias), feeds


def network_and_feeds(name: str, seed: int):
    """(ONNX model, feeds, input shapes or None) of a models.py name or `exported:NAME`."""
    if name.startswith("exported:"):
        from benchmarks.exported_networks import build, export

        network = build(name.removeprefix("exported:"), "small", seed)
        feeds = {n: t.numpy() for n, t in zip(network.input_names, network.inputs, strict=True)}
        return export(network), feeds, network.input_shapes
    if name.startswith("layer:"):
        return (*layer_and_feeds(name), None)
    if name.startswith("op:"):  # a row of op_limits.py, its one- or few-node model as it is
        from benchmarks.op_limits import row_model

        return (*row_model(name.removeprefix("op:"), seed), None)
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
                        help="one model name of benchmarks/models.py, exported:NAME (exported_networks.py, small), "
                        "or layer:NAME[+add] (conv_layers.py)")
    parser.add_argument("--flag", type=flag_target, required=True, help="module:ATTRIBUTE")
    parser.add_argument("--values", required=True, help="comma-separated values, the first is the baseline")
    parser.add_argument("--threads", type=lambda t: [int(v) for v in t.split(",")], default=[1],
                        help="thread count, or several (1,2): every build at each, timed in the same rounds")
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--realtime", action="store_true",
                        help="time at SCHED_FIFO (root), so that other processes cannot take a CPU from the calls")
    args = parser.parse_args(argv)
    if len(args.model) != 1:
        parser.error("give one model")
    values = [parse_value(v) for v in args.values.split(",")]
    if len(values) < 2:
        parser.error("give at least two values")
    if args.realtime:  # at SCHED_FIFO the other processes' threads count as running: whole teams
        os.environ.setdefault("OMP_DYNAMIC", "false")  # (xfuse/runtime/openmp.py `teams_fit_idle_cpus`)
    module, attribute = args.flag
    original = getattr(module, attribute)
    from xfuse.onnx.oracle import with_softmax_inputs_as_outputs

    model, feeds, input_shapes = network_and_feeds(args.model[0], args.seed)
    if not args.model[0].startswith("op:"):  # an op row's softmax input is the graph's input
        model = with_softmax_inputs_as_outputs(model)
    runners = []
    try:
        for threads in args.threads:
            ort, expected = models.onnxruntime_runner(model, feeds, threads)
            runners.append((_name("onnxruntime", threads, args.threads), ort))
            for value in values:
                setattr(module, attribute, value)
                runner, outputs = models.xfuse_runner(model, feeds, threads, input_shapes)
                models.check(runner, outputs, expected)
                runners.append((_name(f"{attribute}={value!r}", threads, args.threads), runner))
    except models.NotTimed as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        setattr(module, attribute, original)
    times = _interleaved(runners, args.repeat, args.realtime)
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"{args.model[0]} T={','.join(map(str, args.threads))}, {args.repeat} interleaved rounds"
          f"{' at SCHED_FIFO' if args.realtime else ''}")
    print(f"{'build':<44} {'median ms':>10} {'/ ort':>7} {'/ first':>8} {'faster rounds':>14}")
    for threads in args.threads:
        ort_name = _name("onnxruntime", threads, args.threads)
        baseline = _name(f"{attribute}={values[0]!r}", threads, args.threads)
        for name in [ort_name] + [_name(f"{attribute}={v!r}", threads, args.threads) for v in values]:
            wins = sum(a < b for a, b in zip(times[name], times[baseline], strict=True))
            first = "" if name == ort_name else f"{medians[name] / medians[baseline]:>8.3f}"
            won = "" if name in (ort_name, baseline) else f"{wins:>5}/{args.repeat}"
            print(f"{name:<44} {medians[name]:>10.2f} {medians[name] / medians[ort_name]:>6.2f}x {first:>8} {won:>14}")
    if len(args.threads) > 1:  # the speedup of each build from the fewest threads to each other count
        low = args.threads[0]
        for label in ["onnxruntime"] + [f"{attribute}={v!r}" for v in values]:
            for threads in args.threads[1:]:
                one, many = times[_name(label, low, args.threads)], times[_name(label, threads, args.threads)]
                rounds = statistics.median(a / b for a, b in zip(one, many, strict=True))
                print(f"speedup T={low}/T={threads} {label:<30} {statistics.median(one) / statistics.median(many):.2f}x "
                      f"of the medians, {rounds:.2f}x median per round")
    return 0


def _name(label: str, threads: int, counts: list[int]) -> str:
    return label if len(counts) == 1 else f"{label} T={threads}"


RT_PAUSE_S = 0.05
"""With `--realtime`, the sleep after each round: Linux throttles SCHED_FIFO threads that run 0.95 s
of every second (`sched_rt_runtime_us`)."""



def _interleaved(runners: list, repeat: int, realtime: bool) -> dict[str, list[float]]:
    """Each runner's call times (ms) over `repeat` rounds, one call of each per round."""
    times: dict[str, list[float]] = {name: [] for name, _ in runners}
    for _, runner in runners:
        runner.call()
    if realtime:
        _schedule_threads(os.SCHED_FIFO, 10)
    try:
        for order in models.round_orders(len(runners), repeat):
            for name, runner in (runners[i] for i in order):
                start = time.perf_counter()
                runner.call()
                times[name].append((time.perf_counter() - start) * 1e3)
            if realtime:
                time.sleep(RT_PAUSE_S)
    finally:
        if realtime:
            _schedule_threads(os.SCHED_OTHER, 0)
    return times


def _schedule_threads(policy: int, priority: int) -> None:
    """Every thread of the process (the caller, libomp's and onnxruntime's workers) to `policy`."""
    for thread in os.listdir("/proc/self/task"):
        try:
            os.sched_setscheduler(int(thread), policy, os.sched_param(priority))
        except ProcessLookupError:  # a thread that ended meanwhile
            pass


if __name__ == "__main__":
    sys.exit(main())

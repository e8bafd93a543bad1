"""xfuse per operator against what stock mlir-opt reaches (../shared/research/speed-limits.md).

That note measured, per operator, the best recipe of upstream passes beside onnxruntime's
one-node model on one Zen 4 core: seven convolution layers and the operators of a transformer
encoder layer (seq 128, hidden 256, 4 heads, FFN 1024). This script times xfuse's code for each
of those rows beside onnxruntime's model of the same op, on the same data, interleaved in one
process, and prints xfuse / onnxruntime next to the note's stock ratio (`STOCK`).

Rows (`ROWS`):

- the convolutions are benchmarks/conv_layers.py's layers of the note's table (NCHW `Conv`
  with bias, seeded as there). `xfuse` compiles the one-node ONNX model with `xfuse.onnx.load`
  as a network's layer is compiled, so its time includes the NCHW -> NHWC and back transposes at
  the model's boundary (a network pays them once, at its edges): compare it with the note's
  "+ converting layout" ratio. `xfuse-nhwc` is the same layer compiled directly in NHWC with
  the filter in HWCF (conv_layers.py without `--onnx`): compare it with the note's direct ratio.
- the transformer rows are the operators as `xfuse.onnx.transformer` writes them: MatMul + Add
  for a projection with bias (input 1x128xK, weight and bias initializers), MatMul of two inputs
  for Q·Kᵀ (Kᵀ given transposed, as the network's Transpose leaves it) and P·V, Softmax on the
  last axis, Add + LayerNormalization for the residual and layer norm, and GELU as the network's
  five nodes (Mul, Erf, Mul, Add, Mul: onnxruntime fuses them into one Gelu kernel).

Every xfuse build is checked against onnxruntime (benchmarks/models.py's `check`: relative error
at most 1e-4) before any timing; a row that fails is reported and not timed (exit 1). Each round
calls every runner of the row in a seeded order (models.py's `round_orders`); a sample is
`calls` back-to-back calls (enough for about `SAMPLE_MS`, the same count for every runner of
the row) so that the 20-100 µs rows are not timer noise; both systems' per-call overhead (the
binding of the arguments, `session.run`) stays in. Wall time, median of `--repeat` samples.

`--threads 1,2` times each row at each count in the same rounds (T = 2 needs `--realtime`:
SCHED_FIFO, as flag_ab.py). The note's stock ratios are one-thread figures. `--profile N`
prints xfuse's per-section profile of each row (docs/profile.md) after the timing.

    python benchmarks/op_limits.py [--rows stem,softmax,...] [--threads 1] [--repeat 15] [--realtime]
        [--profile N] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")
os.environ.setdefault("KMP_BLOCKTIME", "1")

if __package__ in (None, ""):  # run as a script: the repository's `benchmarks` package first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from benchmarks import conv_layers, models  # noqa: E402

SAMPLE_MS = 2.0
"""About how long one timed sample lasts: a row faster than that is called several times per sample."""


@dataclass(frozen=True)
class Stock:
    """The note's figures for a row: onnxruntime and stock mlir-opt's best recipe (ms, one
    thread), and for the convolutions the ratio with the layout converted in and out."""

    onnxruntime_ms: float
    stock_ms: float
    converted_ratio: float | None = None

    @property
    def ratio(self) -> float:
        return self.stock_ms / self.onnxruntime_ms


CONV_ROWS = {
    "stem": Stock(2.30, 2.12, 1.42),
    "3x3_64": Stock(2.08, 2.03, 1.14),
    "1x1_64_256": Stock(1.20, 1.01, 2.49),
    "3x3s2_128": Stock(2.13, 2.13, 1.23),
    "fire_3x3": Stock(0.52, 0.49, 1.32),
    "1x1_1024_256": Stock(0.97, 0.89),
    "dw_136": Stock(0.061, 0.022),
}
"""The note's convolution table, by conv_layers.LAYERS name."""

SEQ, HIDDEN, HEADS, FFN = 128, 256, 4, 1024
HEAD = HIDDEN // HEADS


@dataclass(frozen=True)
class OpRow:
    """A transformer row: what it computes, how to build its ONNX model, the note's figures."""

    title: str
    build: Callable[[np.random.Generator], object]
    stock: Stock


def _model(nodes, inputs: dict[str, list[int]], output: list[int], initializers: dict[str, np.ndarray]):
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    from xfuse.onnx.transformer import OPSET

    graph = helper.make_graph(
        nodes, "op", [helper.make_tensor_value_info(n, TensorProto.FLOAT, s) for n, s in inputs.items()],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, output)],
        [numpy_helper.from_array(np.asarray(a), n) for n, a in initializers.items()])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    onnx.checker.check_model(model)
    return model


def projection(fan_in: int, fan_out: int) -> Callable:
    """x (1, SEQ, fan_in) @ W + b, as `transformer._Builder.linear`."""
    def build(rng: np.random.Generator):
        from onnx import helper

        weight = rng.normal(0, 1 / math.sqrt(fan_in), (fan_in, fan_out)).astype(np.float32)
        bias = rng.normal(0, 0.1, (fan_out,)).astype(np.float32)
        nodes = [helper.make_node("MatMul", ["x", "W"], ["xw"]), helper.make_node("Add", ["xw", "B"], ["y"])]
        return _model(nodes, {"x": [1, SEQ, fan_in]}, [1, SEQ, fan_out], {"W": weight, "B": bias})
    return build


def batched_matmul(a: list[int], b: list[int]) -> Callable:
    """A MatMul of two inputs (the attention's Q·Kᵀ and P·V)."""
    def build(rng: np.random.Generator):
        from onnx import helper

        return _model([helper.make_node("MatMul", ["a", "b"], ["y"])], {"a": a, "b": b}, [*a[:-1], b[-1]], {})
    return build


def softmax(rng: np.random.Generator):
    from onnx import helper

    shape = [1, HEADS, SEQ, SEQ]
    return _model([helper.make_node("Softmax", ["x"], ["y"], axis=-1)], {"x": shape}, shape, {})


def residual_layer_norm(rng: np.random.Generator):
    """LayerNorm(x + r), as the network's `ln1` / `ln2`."""
    from onnx import helper

    shape = [1, SEQ, HIDDEN]
    nodes = [helper.make_node("Add", ["x", "r"], ["sum"]),
             helper.make_node("LayerNormalization", ["sum", "gamma", "beta"], ["y"], axis=-1, epsilon=1e-5)]
    return _model(nodes, {"x": shape, "r": shape}, shape,
                  {"gamma": rng.uniform(0.5, 1.5, (HIDDEN,)).astype(np.float32),
                   "beta": rng.normal(0, 0.1, (HIDDEN,)).astype(np.float32)})


def gelu(rng: np.random.Generator):
    """0.5 x (1 + erf(x / sqrt 2)) in the network's five nodes."""
    from onnx import helper

    shape = [1, SEQ, FFN]
    nodes = [helper.make_node("Mul", ["x", "inv_sqrt2"], ["scaled"]), helper.make_node("Erf", ["scaled"], ["erf"]),
             helper.make_node("Mul", ["x", "half"], ["halved"]), helper.make_node("Add", ["erf", "one"], ["shifted"]),
             helper.make_node("Mul", ["halved", "shifted"], ["y"])]
    constants = {"inv_sqrt2": 1 / math.sqrt(2), "half": 0.5, "one": 1.0}
    return _model(nodes, {"x": shape}, shape, {n: np.array(v, np.float32) for n, v in constants.items()})


TRANSFORMER_ROWS = {
    "proj_256": OpRow("128x256x256 projection + bias", projection(HIDDEN, HIDDEN), Stock(0.153, 0.210)),
    "ffn1_1024": OpRow("128x256x1024 + bias", projection(HIDDEN, FFN), Stock(0.615, 0.868)),
    "ffn2_256": OpRow("128x1024x256 + bias", projection(FFN, HIDDEN), Stock(0.695, 0.708)),
    "qk": OpRow("Q·Kᵀ 4x128x64x128", batched_matmul([1, HEADS, SEQ, HEAD], [1, HEADS, HEAD, SEQ]),
                Stock(0.118, 0.225)),
    "pv": OpRow("P·V 4x128x128x64", batched_matmul([1, HEADS, SEQ, SEQ], [1, HEADS, SEQ, HEAD]),
                Stock(0.116, 0.145)),
    "softmax": OpRow("softmax 4x128x128", softmax, Stock(0.038, 0.342)),
    "add_layernorm": OpRow("residual + layer norm 128x256", residual_layer_norm, Stock(0.018, 0.157)),
    "gelu": OpRow("GELU (erf) 128x1024", gelu, Stock(0.112, 1.12)),
}
"""The note's transformer table."""

ROWS = [*CONV_ROWS, *TRANSFORMER_ROWS]


def title(name: str) -> str:
    if name in TRANSFORMER_ROWS:
        return TRANSFORMER_ROWS[name].title
    layer = conv_layers.LAYERS[name]
    kind = "dw " if layer.depthwise else ""
    stride = f" s{layer.stride}" if layer.stride > 1 else ""
    return (f"{kind}{layer.kernel[0]}x{layer.kernel[1]}{stride} {layer.channels_in}->{layer.channels_out} "
            f"{layer.height}²")


def stock(name: str) -> Stock:
    return CONV_ROWS[name] if name in CONV_ROWS else TRANSFORMER_ROWS[name].stock


# Runners -------------------------------------------------------------------------------------


def nhwc_runner(name: str, threads: int) -> tuple[models.Runner, np.ndarray]:
    """The layer compiled directly in NHWC (conv_layers.py's form), its output in NCHW; a call
    binds the input, invokes and releases, as `models.xfuse_runner` (the numpy result of
    `CompiledModule.__call__` is left out of the time, as the ONNX build's)."""
    layer = conv_layers.LAYERS[name]
    weights, bias, feeds = conv_layers.seeded_layer(layer)
    from xfuse.backends.runner import compile_module

    compiled = compile_module(conv_layers.layer_module(layer), "conv", models.xfuse_configuration(threads)[1])
    x = np.ascontiguousarray(feeds["x"].transpose(0, 2, 3, 1))
    w = np.ascontiguousarray(weights[:, 0].transpose(1, 2, 0) if layer.depthwise else weights.transpose(2, 3, 1, 0))
    output = compiled(x, w, bias)[0].transpose(0, 3, 1, 2)
    weights_bound = compiled.bind_trailing(w, bias)

    def call() -> None:  # as models.xfuse_runner: bound, invoked, released; no copy of the result
        bound = compiled.bind(x, trailing=weights_bound)
        bound.invoke()
        bound.release()

    return models.Runner("xfuse-nhwc", threads, call), output


def row_model(name: str, seed: int):
    """The row's ONNX model and seeded inputs."""
    if name in CONV_ROWS:
        layer = conv_layers.LAYERS[name]
        weights, bias, feeds = conv_layers.seeded_layer(layer)
        return conv_layers.onnx_model(layer, weights, bias), feeds
    model = TRANSFORMER_ROWS[name].build(np.random.default_rng(seed))
    return model, models.seeded_feeds(model, seed)


def row_runners(name: str, threads: list[int], seed: int = 0) -> list[models.Runner]:
    """onnxruntime and xfuse (and xfuse-nhwc for a convolution) at each thread count, every
    xfuse build checked against onnxruntime at one thread (`models.NotTimed` if it disagrees)."""
    model, feeds = row_model(name, seed)
    _, expected = models.onnxruntime_runner(model, feeds, 1)
    runners = []
    for t in threads:
        runners.append(models.onnxruntime_runner(model, feeds, t)[0])
        runner, outputs = models.xfuse_runner(model, feeds, t)
        models.check(runner, outputs, expected)
        runners.append(runner)
        if name in CONV_ROWS:
            runner, output = nhwc_runner(name, t)
            models.check(runner, [output], expected)
            runners.append(runner)
    return runners


def interleaved(runners: list[models.Runner], repeat: int, realtime: bool) -> tuple[dict[tuple[str, int], float], int]:
    """The median ms per call of each (system, threads) and the calls per sample: one warm-up,
    then `repeat` rounds in `models.round_orders`, each sample `calls` back-to-back calls."""
    from benchmarks.flag_ab import RT_PAUSE_S, _schedule_threads

    start = time.perf_counter()
    for runner in runners:
        runner.call()
    fastest = (time.perf_counter() - start) * 1e3 / len(runners)
    calls = max(1, min(200, round(SAMPLE_MS / max(fastest, 1e-3))))
    times: dict[tuple[str, int], list[float]] = {(r.system, r.threads): [] for r in runners}
    if realtime:
        _schedule_threads(os.SCHED_FIFO, 10)
    try:
        for order in models.round_orders(len(runners), repeat):
            for runner in (runners[i] for i in order):
                start = time.perf_counter()
                for _ in range(calls):
                    runner.call()
                times[(runner.system, runner.threads)].append((time.perf_counter() - start) * 1e3 / calls)
            if realtime:
                time.sleep(RT_PAUSE_S)
    finally:
        if realtime:
            _schedule_threads(os.SCHED_OTHER, 0)
    return {key: statistics.median(values) for key, values in times.items()}, calls


def measure(name: str, threads: list[int], repeat: int, realtime: bool = False, seed: int = 0,
            profile_repeat: int = 0) -> tuple[list[dict], list[str]]:
    """The records of one row (one per system and thread count) and its profiles' text."""
    runners = row_runners(name, threads, seed)
    medians, calls = interleaved(runners, repeat, realtime)
    row_stock = stock(name)
    records = []
    for (system, t), ms in medians.items():
        ort = medians[("onnxruntime", t)]
        records.append({"row": name, "title": title(name), "system": system, "threads": t, "median_ms": ms,
                        "ratio_to_ort": ms / ort, "calls_per_sample": calls, "stock_ratio": row_stock.ratio,
                        "stock_converted_ratio": row_stock.converted_ratio})
    profiles = []
    if profile_repeat:
        for runner in runners:
            if runner.profile is not None:
                profiles.append(models.format_profile(name, runner.threads, runner.profile(profile_repeat)))
    return records, profiles


def format_rows(records: list[dict]) -> str:
    """One line per row and thread count: onnxruntime, xfuse (and xfuse-nhwc), the ratios, the
    note's stock ratios."""
    lines = [f"{'row':<14} {'operator':<32} {'T':>2} {'ort ms':>8} {'xfuse ms':>9} {'/ ort':>6} "
             f"{'nhwc ms':>8} {'/ ort':>6} {'stock':>6} {'stock+layout':>12}"]
    keyed = {(r["row"], r["threads"], r["system"]): r for r in records}
    for row, t in dict.fromkeys((r["row"], r["threads"]) for r in records):
        ort, ours = keyed[(row, t, "onnxruntime")], keyed[(row, t, "xfuse")]
        nhwc = keyed.get((row, t, "xfuse-nhwc"))
        direct = (f"{nhwc['median_ms']:>8.3f} {nhwc['ratio_to_ort']:>6.2f}" if nhwc else f"{'-':>8} {'-':>6}")
        converted = ours["stock_converted_ratio"]
        lines.append(f"{row:<14} {ours['title']:<32} {t:>2} {ort['median_ms']:>8.3f} {ours['median_ms']:>9.3f} "
                     f"{ours['ratio_to_ort']:>6.2f} {direct} {ours['stock_ratio']:>6.2f} "
                     f"{converted if converted is not None else '-':>12}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=models._csv(str, ROWS), default=ROWS, help=f"comma-separated, default all: "
                        f"{','.join(ROWS)}")
    parser.add_argument("--threads", type=models._csv(int), default=[1], help="thread counts, default 1")
    parser.add_argument("--repeat", type=int, default=15, help="timed samples per runner (default 15)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--realtime", action="store_true",
                        help="time at SCHED_FIFO (root), so that other processes cannot take a CPU from the calls")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="after each row's timing, xfuse's per-section profile of N calls")
    parser.add_argument("--json", action="store_true", help="print JSON records")
    args = parser.parse_args(argv)
    if args.repeat < 1 or any(not 1 <= t <= (os.cpu_count() or 1) for t in args.threads):
        parser.error(f"--repeat must be at least 1 and --threads between 1 and {os.cpu_count()}")
    if args.realtime:  # at SCHED_FIFO the other processes' threads count as running: whole teams
        os.environ.setdefault("OMP_DYNAMIC", "false")
    records: list[dict] = []
    failures = []
    for name in args.rows:
        try:
            row_records, profiles = measure(name, args.threads, args.repeat, args.realtime, args.seed, args.profile)
        except models.NotTimed as exc:
            failures.append(f"{name}: {exc}")
            continue
        records += row_records
        if not args.json:  # the header before the first row only
            lines = format_rows(row_records).splitlines()
            print("\n".join(lines if records == row_records else lines[1:]), flush=True)
        for text in profiles:
            print(text, file=sys.stderr if args.json else sys.stdout, flush=True)
    if args.json:
        print(json.dumps(records, indent=1))
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

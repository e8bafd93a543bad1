"""Quantized networks: xfuse's int8 path beside onnxruntime's int8 kernels, on the same models,
in one process, interleaved (issue 42).

    python benchmarks/int8.py [--models mlp,transformer,cnn_qdq,cnn_qoperator] [--repeat 20]
                              [--baseline] [--flag module:ATTR=VALUE ...] [--json]

The models, each quantized by onnxruntime's own tools from a float model with seeded weights:

- `mlp`: 64 x 256 -> 1024 -> ReLU -> 256, `quantize_dynamic` (int8 weights, `reduce_range`: 7-bit
  weights, where onnxruntime's AVX2 u8 x s8 kernel does not saturate);
- `transformer`: the encoder layer of `xfuse.onnx.transformer` at seq 64, hidden 192, 3 heads,
  FFN 768, `quantize_dynamic` likewise (its six weight MatMuls become MatMulInteger);
- `cnn_qdq` / `cnn_qoperator`: three 3x3 convolutions with ReLU and a classifier MatMul on a
  1x3x32x32 input, `quantize_static` with a calibration reader of 8 random inputs, in the QDQ
  format and in the QOperator one (QLinearConv, QLinearMatMul).

Systems: `onnxruntime` (CPU provider, 1 thread, the model as quantized) and `xfuse`
(`xfuse.onnx.load` with its default passes, whose `xfuse-int8-data-tiling` runs MatMulInteger as
an i8 mmt4d with the vpmaddwd kernel); `--baseline` adds `xfuse-i32`, the same without that
pass (the int32 matmul of widened operands); each `--flag module:ATTR=VALUE[,module:ATTR=VALUE]`
adds `xfuse ATTR=VALUE ...`, built with those module-level switches set (an interleaved A/B: the median of its per-round ratios
to `xfuse` and the rounds it was faster in are printed). Every system is checked against onnxruntime first
(benchmarks/models.py's tolerance, 1e-4 of the largest output); one that fails to load or agree
is reported, not timed. Medians and minima of `--repeat` interleaved rounds after one warm-up
call each.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's `benchmarks` package first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from benchmarks.compile_time import machine_header  # noqa: E402
from benchmarks.models import NotTimed, Runner, check, interleaved_medians, onnxruntime_runner  # noqa: E402

MODELS = ("mlp", "transformer", "cnn_qdq", "cnn_qoperator")


def float_mlp(rows: int = 64, sizes: tuple[int, ...] = (256, 1024, 256), seed: int = 0):
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(seed)
    nodes, inits, x = [], [], "x"
    for i, (k, n) in enumerate(zip(sizes, sizes[1:])):
        inits += [numpy_helper.from_array((rng.standard_normal((k, n)) / np.sqrt(k)).astype(np.float32), f"w{i}"),
                  numpy_helper.from_array(rng.uniform(-0.1, 0.1, n).astype(np.float32), f"b{i}")]
        nodes += [helper.make_node("MatMul", [x, f"w{i}"], [f"h{i}"]),
                  helper.make_node("Add", [f"h{i}", f"b{i}"], [f"a{i}"])]
        x = f"a{i}"
        if i < len(sizes) - 2:
            nodes.append(helper.make_node("Relu", [x], [f"r{i}"]))
            x = f"r{i}"
    nodes.append(helper.make_node("Identity", [x], ["y"]))
    graph = helper.make_graph(nodes, "mlp", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [rows, sizes[0]])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [rows, sizes[-1]])], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def float_cnn(seed: int = 0):
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(seed)
    inits, nodes, x = [], [], "x"
    for i, (cin, cout) in enumerate([(3, 16), (16, 32), (32, 32)]):
        weight = rng.standard_normal((cout, cin, 3, 3)) / np.sqrt(cin * 9)
        inits += [numpy_helper.from_array(weight.astype(np.float32), f"w{i}"),
                  numpy_helper.from_array(rng.uniform(-0.1, 0.1, cout).astype(np.float32), f"b{i}")]
        nodes += [helper.make_node("Conv", [x, f"w{i}", f"b{i}"], [f"c{i}"], pads=[1, 1, 1, 1],
                                   strides=[2, 2] if i else [1, 1]),
                  helper.make_node("Relu", [f"c{i}"], [f"r{i}"])]
        x = f"r{i}"
    inits += [numpy_helper.from_array(np.array([1, -1], np.int64), "shape"),
              numpy_helper.from_array((rng.standard_normal((32 * 8 * 8, 10)) / 45).astype(np.float32), "classifier")]
    nodes += [helper.make_node("Reshape", [x, "shape"], ["flat"]), helper.make_node("MatMul", ["flat", "classifier"], ["y"])]
    graph = helper.make_graph(nodes, "cnn", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 32, 32])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 10])], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def quantized_model(name: str):
    """The model `name` (MODELS) quantized by onnxruntime.quantization."""
    import onnx
    from onnxruntime import quantization as q

    from xfuse.onnx.transformer import LayerSizes, transformer_layer

    class RandomCalibration(q.CalibrationDataReader):
        def __init__(self, shape, count: int = 8):
            rng = np.random.default_rng(1)
            self.batches = iter([{"x": rng.standard_normal(shape).astype(np.float32)} for _ in range(count)])

        def get_next(self):
            return next(self.batches, None)

    with tempfile.TemporaryDirectory(prefix="xfuse-int8-") as tmp:
        source, target = Path(tmp) / "float.onnx", Path(tmp) / "quantized.onnx"
        if name in ("mlp", "transformer"):
            model = float_mlp() if name == "mlp" else transformer_layer(LayerSizes(seq=64, hidden=192, heads=3, ffn=768))
            onnx.save(model, source)
            q.quantize_dynamic(source, target, weight_type=q.QuantType.QInt8, reduce_range=True)
        else:
            onnx.save(float_cnn(), source)
            quant_format = q.QuantFormat.QDQ if name == "cnn_qdq" else q.QuantFormat.QOperator
            q.quantize_static(source, target, RandomCalibration((1, 3, 32, 32)), quant_format=quant_format)
        return onnx.load(target)


def xfuse_runner(model, feeds: dict[str, np.ndarray], system: str, passes: str) -> tuple[Runner, list[np.ndarray]]:
    import xfuse.onnx
    import xfuse.onnx.model as model_module

    compiled = xfuse.onnx.load(model, passes=passes)
    outputs = compiled.run(feeds)
    inputs = [feeds[name] for name in compiled.input_names]
    function = compiled.compiled
    weights = function.bind_trailing(*compiled.weights.values())  # once, as Model.run does
    reused = function.bind(*inputs, trailing=weights) if model_module.REUSE_BINDING else None

    def call() -> None:
        if reused is not None and reused.rebind(*inputs):  # as `Model.__call__` does (REUSE_BINDING)
            bound = reused
        else:
            bound = function.bind(*inputs, trailing=weights)
        bound.invoke()
        bound.release()

    return Runner(system, 1, call), [outputs[name] for name in compiled.output_names]


def interleaved_times(runners: list[Runner], repeat: int) -> tuple[dict, dict]:
    """The median and the minimum milliseconds of each (system, threads), from models.py's
    interleaved rounds (the minimum too: on a loaded shared machine the medians of millisecond
    calls move with other processes). Each call is timed again inside, for the minimum."""
    import time
    from dataclasses import replace

    times: dict[tuple[str, int], list[float]] = {(r.system, r.threads): [] for r in runners}

    def timed(runner: Runner) -> Runner:
        def call() -> None:
            start = time.perf_counter()
            runner.call()
            times[(runner.system, runner.threads)].append((time.perf_counter() - start) * 1e3)

        return replace(runner, call=call)

    medians = interleaved_medians([timed(r) for r in runners], repeat)
    interleaved_times.rounds = {key: values[1:] for key, values in times.items()}  # after the warm-up call
    return medians, {key: min(values) for key, values in times.items()}


def parse_flag(text: str) -> list[tuple[object, str, object]]:
    """[(module, attribute, value)] of `module:ATTR=VALUE[,module:ATTR=VALUE...]` (flag_ab.py's
    literals): the settings of one build."""
    from benchmarks.flag_ab import flag_target, parse_value

    settings = []
    for part in text.split(","):
        target, _, value = part.partition("=")
        if not value:
            raise argparse.ArgumentTypeError(f"expected module:ATTR=VALUE, got {part!r}")
        settings.append((*flag_target(target), parse_value(value)))
    return settings


def flagged_system(flag: list[tuple[object, str, object]]) -> str:
    return "xfuse " + " ".join(f"{attribute}={value!r}" for _, attribute, value in flag)


def round_ratios(rounds: dict, system: str, against: str) -> tuple[float, int, int]:
    """The median of `system`'s per-round time over `against`'s, the rounds it was faster in,
    and the rounds."""
    import statistics

    ratios = [x / y for x, y in zip(rounds[(system, 1)], rounds[(against, 1)], strict=True)]
    return statistics.median(ratios), sum(r < 1 for r in ratios), len(ratios)


def measure(name: str, repeat: int, baseline: bool, flags: list | None = None) -> tuple[list[dict], list[str]]:
    from xfuse.diagnostics import describe
    from xfuse.onnx.model import DEFAULT_PASSES

    model = quantized_model(name)
    x = np.random.default_rng(2).standard_normal([d.dim_value for d in model.graph.input[0].type.tensor_type.shape.dim])
    feeds = {model.graph.input[0].name: x.astype(np.float32)}
    reference, expected = onnxruntime_runner(model, feeds, 1)
    runners, errors = [reference], []
    systems = [("xfuse", DEFAULT_PASSES)]
    if baseline:
        systems.append(("xfuse-i32", DEFAULT_PASSES.replace("xfuse-int8-data-tiling,", "")))
    systems += [(flagged_system(flag), DEFAULT_PASSES, flag) for flag in flags or []]
    for system, passes, *flag in systems:
        originals = []
        for module, attribute, value in flag[0] if flag else []:  # built with the switches set, then restored
            originals.append((module, attribute, getattr(module, attribute)))
            setattr(module, attribute, value)
        try:
            runner, outputs = xfuse_runner(model, feeds, system, passes)
            check(runner, outputs, expected)
            runners.append(runner)
        except NotTimed as exc:
            errors.append(f"error: {name}: {exc}")
        except Exception as exc:  # noqa: BLE001 - a refusal or a crash is a row of the report
            errors.append(f"error: {name}: {system} did not load: {describe(exc) or type(exc).__name__}")
        finally:
            for module, attribute, value in originals:
                setattr(module, attribute, value)
    medians, minima = interleaved_times(runners, repeat)
    ort = medians[("onnxruntime", 1)]
    ops = sorted({node.op_type for node in model.graph.node if "Integer" in node.op_type or "QLinear" in node.op_type
                  or "Quantize" in node.op_type})
    records = [{"model": name, "system": system, "median_ms": ms, "min_ms": minima[(system, 1)], "ratio_to_ort": ms / ort,
                "min_ratio_to_ort": minima[(system, 1)] / minima[("onnxruntime", 1)], "quantized_ops": ops}
               for (system, _), ms in medians.items()]
    for record in records:
        if record["system"].startswith("xfuse ") and ("xfuse", 1) in medians:
            record["round_ratio_to_xfuse"], record["rounds_won"], record["rounds"] = round_ratios(
                interleaved_times.rounds, record["system"], "xfuse")
    return records, errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--baseline", action="store_true", help="also time xfuse without xfuse-int8-data-tiling")
    parser.add_argument("--flag", action="append", type=parse_flag, default=[], metavar="module:ATTR=VALUE[,...]",
                        help="also time xfuse built with these module-level switches set (repeatable); "
                             "prints its per-round ratio to xfuse and the rounds it won")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = [n for n in args.models.split(",") if n]
    unknown = sorted(set(names) - set(MODELS))
    if unknown:
        parser.error(f"unknown models {unknown}; known: {', '.join(MODELS)}")
    records, errors = [], []
    for name in names:
        rows, problems = measure(name, args.repeat, args.baseline, args.flag)
        records += rows
        errors += problems
    if args.json:
        print(json.dumps(records, indent=1))
    else:
        print(machine_header(f"1 thread, medians of {args.repeat} interleaved rounds"))
        print("| model | system | median ms | / onnxruntime | min ms | / onnxruntime |")
        print("|---|---|---|---|---|---|")
        for r in records:
            print(f"| {r['model']} | {r['system']} | {r['median_ms']:.3f} | {r['ratio_to_ort']:.2f} | "
                  f"{r['min_ms']:.3f} | {r['min_ratio_to_ort']:.2f} |")
        for r in records:
            if "rounds_won" in r:
                print(f"{r['model']}: {r['system']} / xfuse, median of per-round ratios "
                      f"{r['round_ratio_to_xfuse']:.3f} ({r['rounds_won']}/{r['rounds']})")
    for error in errors:
        print(error, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

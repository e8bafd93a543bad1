"""Run time of whole ONNX networks: xfuse beside onnxruntime and IREE (issue 22, item 1).

For each model (the nine light models of the onnx wheel with seeded random weights, and the
transformer encoder layer of `xfuse.onnx.transformer`: seq 128, hidden 256, 4 heads, FFN 1024;
by name only, `xfuse.onnx.mobile_blocks`' MobileNetV2/V3 and EfficientNet-B0 cut after 14x14,
`mobilenet_v3` etc., `xfuse.onnx.convnext_regnet`'s ConvNeXt- and RegNet-Y-style classifiers cut
after three stages, `convnext`, `regnet_y`, `regnet_y_800mf`, and their 32x32 test sizes
`mobilenet_v3-tiny`, `convnext-tiny` etc.),
in one process, on the same seeded input. Every system gets the model as a current exporter
writes it, its weights initializers only and not graph inputs too, as the zoo files list them
(`compile_time.weights_as_initializers_only`: onnxruntime neither folds nor prepacks a weight that
is also an input, 2-19% slower, which flattered the ratios to it before 2026-11-29):

- `onnxruntime` (CPU provider, MLAS): `intra_op_num_threads` = T.
- `iree`: `iree-import-onnx --externalize-params --opset-version 17`, `iree-compile` for llvm-cpu
  and the host CPU (benchmarks/compile_time.py's flags), run through `iree.runtime` with the
  parameter archive: device `local-sync` for T = 1, `local-task` with T workers for T > 1.
  Optional (`pip install -e '.[peers]'`); skipped with a note when absent.
- `xfuse`: `xfuse.onnx.load` as a user calls it (`--xfuse default`: `xfuse-erase-unused-results,xfuse-slice-before-rows,xfuse-int8-data-tiling,xfuse-nhwc,xfuse-merge-elementwise,xfuse-winograd,xfuse-block-filters,xfuse-block-matmul-weights`, then the
  `microkernel` pipeline for T = 1, `microkernel-openmp` for T > 1), or (`--xfuse network`) with
  the whole-network pipeline (`NETWORK_PASSES`: network fusion,
  xfuse-bufferize, shared buffers) and its `memref` backend for T = 1; for T > 1 the same with
  `xfuse-network-fusion{min-tiles=T}` and the fused groups' `scf.forall` run on LLVM's OpenMP
  runtime (`memref-openmp` below: the steps `microkernel-openmp` uses, on the `memref` pipeline).

Every system is checked against onnxruntime (1 thread) before any timing: the largest absolute
difference over the largest magnitude of each output must be at most 1e-4 (a wrong fast result
is worthless). A system that fails to build, run or agree is not timed on that model: an
`error:` line names the model, system and output, the others are timed, and the exit code is 1. The models also output the logits of a final Softmax
(`oracle.with_softmax_inputs_as_outputs`, for every system alike): a saturated softmax hides errors.

Interleaved: every round calls every (system, threads) of the model once, in turn, after one
warm-up call each; `--repeat` rounds; the median is reported. GFLOP/s counts the
multiply-accumulates of the Conv, MatMul and Gemm nodes (2 FLOPs each) from
the ONNX graph with shapes inferred; other ops are not counted.

The core's peak (issue 42): each round also calls `benchmarks/fma_peak.py`'s loop of independent
vector FMAs on one thread (system `fma-peak`, its GFLOP/s the median over the rounds), and every
record's `% peak` is its GFLOP/s over T times that peak. On a shared or virtual machine the
rate moves with the load, so it is measured beside each model rather than taken from the
nominal clock.

`--json` prints a list of records `{"model", "system", "threads", "median_ms", "gflops",
"ratio_to_ort", "percent_of_peak"}` (`ratio_to_ort`: the median over onnxruntime's median at the
same T).

Environment, set before the libraries load unless already set: `OPENBLAS_THREAD_TIMEOUT=4`
(as benchmarks/peers.py: OpenBLAS threads sleep at once), `KMP_BLOCKTIME=1` (libomp's idle workers
spin 1 ms, not 200 ms: interleaved, they would hold the CPU the next system runs on; within one
network call most parallel loops follow each other within that time, and a worker woken again
costs tens of microseconds). If
OPENBLAS_CORETYPE/OPENBLAS_L2_SIZE are set, run with them unset:

    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python benchmarks/models.py [--models squeezenet,transformer]
        [--threads 1,2] [--repeat 10] [--systems onnxruntime,iree,xfuse] [--profile N] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")
os.environ.setdefault("KMP_BLOCKTIME", "1")

if __package__ in (None, ""):  # run as a script: the repository's `benchmarks` package first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from benchmarks.fma_peak import peak_call  # noqa: E402
from benchmarks.compile_time import (  # noqa: E402
    DEFAULT_MODELS,
    EXTRA_MODELS,
    IREE_TARGET,
    iree_tool,
    machine_header,
    onnx_model,
    parse_models,
)
from benchmarks.layer_compare import multiply_accumulates  # noqa: E402
from xfuse.diagnostics import XfuseError, describe  # noqa: E402

SYSTEMS = ("onnxruntime", "iree", "xfuse")
PEAK = "fma-peak"
"""The records' system name of the core's FMA peak (`benchmarks/fma_peak.py`), timed in each round."""
TOLERANCE = 1e-4
"""Largest |system - onnxruntime| over the largest |onnxruntime|, per output."""


# FLOPs -------------------------------------------------------------------------------------


def contraction_flops(model) -> int | None:
    """2 x the multiply-accumulates of the Conv, MatMul and Gemm nodes of `model`, from ONNX
    shape inference; None when a shape they need is unknown."""
    import onnx

    inferred = onnx.shape_inference.infer_shapes(model)
    graph = inferred.graph
    shapes: dict[str, list[int | None]] = {}
    for value in (*graph.input, *graph.value_info, *graph.output):
        dims = value.type.tensor_type.shape.dim
        shapes[value.name] = [d.dim_value if d.HasField("dim_value") else None for d in dims]
    for initializer in graph.initializer:
        shapes[initializer.name] = list(initializer.dims)
    total = 0
    for node in graph.node:
        if node.op_type not in ("Conv", "MatMul", "Gemm"):
            continue
        operands = [shapes.get(name) for name in (node.input[0], node.input[1], node.output[0])]
        if any(s is None or None in s for s in operands):
            return None
        total += 2 * multiply_accumulates(node, *operands)
    return total


# Systems -----------------------------------------------------------------------------------


@dataclass
class Runner:
    """One system at one thread count: `call()` runs the model once on the bound input."""

    system: str
    threads: int
    call: Callable[[], object]
    profile: Callable[[int], object] | None = None
    """xfuse only: `profile(repeat)`, the per-group profile of the call (`Model.profile`)."""
    seconds: dict[str, float] | None = None
    """xfuse only: the seconds of each load stage (`Model.seconds`)."""


def onnxruntime_runner(model, feeds: dict[str, np.ndarray], threads: int) -> tuple[Runner, list[np.ndarray]]:
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    # Its idle intra-op threads otherwise spin after every call and hold the CPU that the next
    # system's threads need (xfuse at T = 2 measured 15 ms on squeezenet interleaved, 7.5 alone).
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    session = onnxruntime.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])
    outputs = session.run(None, feeds)
    return Runner("onnxruntime", threads, lambda: session.run(None, feeds)), outputs


def iree_available() -> str | None:
    """None when IREE's tools and runtime are there, else why not."""
    try:
        import iree.runtime  # noqa: F401
    except ImportError:
        return "IREE skipped: iree-base-runtime is not installed (pip install -e '.[peers]')"
    if iree_tool("iree-import-onnx") is None or iree_tool("iree-compile") is None:
        return "IREE skipped: iree-import-onnx / iree-compile not found (pip install -e '.[peers]')"
    return None


def iree_build(model, work: Path) -> tuple[bytes, Path]:
    """The vmfb and the parameter archive of `model` (IREE's ONNX importer, weights outside)."""
    import onnx

    onnx.save(model, str(work / "model.onnx"))
    commands = [
        [iree_tool("iree-import-onnx"), str(work / "model.onnx"), "--externalize-params", "--opset-version", "17",
         "--save-params-to", str(work / "model.irpa"), "-o", str(work / "model.mlir")],
        [iree_tool("iree-compile"), str(work / "model.mlir"), *IREE_TARGET, "-o", str(work / "model.vmfb")],
    ]
    for command in commands:
        process = subprocess.run(command, capture_output=True, text=True)
        if process.returncode != 0:
            tail = "\n".join(process.stderr.strip().splitlines()[-5:])
            raise RuntimeError(f"{Path(command[0]).name} failed (exit {process.returncode}): {tail}")
    return (work / "model.vmfb").read_bytes(), work / "model.irpa"


_iree_flags_set = False


def iree_runner(vmfb: bytes, parameters: Path, feeds: dict[str, np.ndarray], input_names: Sequence[str],
                threads: int, workers: int) -> tuple[Runner, list[np.ndarray]]:
    """`local-sync` for 1 thread, else `local-task`, whose worker count (`workers`, the largest T
    asked for) is fixed when the process first makes that device."""
    import iree.runtime as ireert

    global _iree_flags_set
    if not _iree_flags_set:
        ireert.flags.parse_flags(f"--task_topology_max_group_count={workers}", "--task_worker_spin_us=0")
        _iree_flags_set = True
    config = ireert.Config("local-task" if threads > 1 else "local-sync")
    index = ireert.ParameterIndex()
    index.load(str(parameters))
    context = ireert.SystemContext(config=config)
    context.add_vm_module(ireert.create_io_parameters_module(config.vm_instance, index.create_provider(scope="model")))
    main = ireert.VmModule.copy_buffer(config.vm_instance, vmfb)
    context.add_vm_module(main)
    module = context.modules[main.name]
    names = [n for n in module.vm_module.function_names if not n.startswith("__") and not n.endswith("$async")]
    if len(names) != 1:
        raise RuntimeError(f"IREE module exports {names}: expected one function")
    function = module[names[0]]
    arrays = [ireert.asdevicearray(config.device, feeds[name]) for name in input_names]

    def outputs() -> list[np.ndarray]:
        results = function(*arrays)
        results = results if isinstance(results, tuple | list) else [results]
        return [np.asarray(r.to_host()) for r in results]

    return Runner("iree", threads, lambda: function(*arrays)), outputs()


def memref_openmp():
    """The `memref` backend with every `scf.forall` run in parallel, as `microkernel-openmp` does
    on tensors."""
    from xfuse.backends import pipelines as p

    return replace(p.MEMREF, name="memref-openmp", steps=p.openmp_steps(p.MEMREF.steps),
                   runtime_libraries=p.MICROKERNEL_OPENMP.runtime_libraries,
                   description="memref, scf.forall on LLVM's OpenMP runtime")


XFUSE_VARIANTS = ("default", "network")
"""`--xfuse`: `default` is what `xfuse.onnx.load` does (`DEFAULT_PASSES`, the layout passes, and the
`microkernel` pipelines); `network` is the whole-network fusion pipeline `NETWORK_PASSES`."""

xfuse_variant = "default"


def xfuse_configuration(threads: int, variant: str | None = None) -> tuple[str, object]:
    """(xfuse passes, backend pipeline) for T threads."""
    from xfuse.backends import pipelines as p

    if (variant or xfuse_variant) == "default":
        from xfuse.onnx.model import DEFAULT_PASSES

        if threads == 1:
            return DEFAULT_PASSES, p.MICROKERNEL
        return DEFAULT_PASSES, p.with_threads(p.MICROKERNEL, threads)  # what `xfuse.onnx.load(threads=)` builds
    from xfuse.transforms.network.pipeline import NETWORK_BACKEND, NETWORK_PASSES

    if threads == 1:
        return NETWORK_PASSES, NETWORK_BACKEND
    passes = NETWORK_PASSES.replace("xfuse-network-fusion", f"xfuse-network-fusion{{min-tiles={threads}}}", 1)
    return passes, memref_openmp()


def xfuse_runner(model, feeds: dict[str, np.ndarray], threads: int,
                 input_shapes: dict[str, tuple[int, ...]] | None = None) -> tuple[Runner, list[np.ndarray]]:
    import xfuse.onnx
    import xfuse.onnx.model as model_module

    passes, backend = xfuse_configuration(threads)
    compiled = xfuse.onnx.load(model, input_shapes=input_shapes, passes=passes, pipeline=backend)
    outputs = compiled.run(feeds)
    inputs = [feeds[name] for name in compiled.input_names]
    function = compiled.compiled
    # The weights described once, as `Model.run` does: binding them on every call charged
    # MobileNetV3-Small 1.6 of its 5.7 ms (CPU, load 3-4), which no user of `Model.run` pays.
    weights = function.bind_trailing(*compiled.weights.values())
    reused = function.bind(*inputs, trailing=weights) if model_module.REUSE_BINDING else None

    def call() -> None:
        if reused is not None and reused.rebind(*inputs):  # as `Model.__call__` does (REUSE_BINDING)
            bound = reused
        else:
            bound = function.bind(*inputs, trailing=weights)
        bound.invoke()
        bound.release()

    def profile(repeat: int):
        return compiled.profile(*(feeds[name] for name in compiled.input_names), repeat=repeat)

    return Runner("xfuse", threads, call, profile, compiled.seconds), [outputs[name] for name in compiled.output_names]


# The benchmark -----------------------------------------------------------------------------


class NotTimed(Exception):
    """A system that failed to build, to run or to agree with onnxruntime on a model."""


def check(runner: Runner, outputs: Sequence[np.ndarray], expected: Sequence[np.ndarray]) -> None:
    """Raise `NotTimed` unless every output agrees with onnxruntime's within `TOLERANCE`."""
    from xfuse.onnx.oracle import relative_error

    if len(outputs) != len(expected):
        raise NotTimed(f"{runner.system} T={runner.threads} returns {len(outputs)} outputs, "
                       f"onnxruntime {len(expected)}")
    for index, (got, want) in enumerate(zip(outputs, expected, strict=True)):
        error = relative_error(got, want)
        if not error <= TOLERANCE:
            raise NotTimed(f"{runner.system} T={runner.threads} disagrees with onnxruntime on "
                           f"output #{index}: relative error {error:.3g} > {TOLERANCE:g}")


def seeded_feeds(model, seed: int) -> dict[str, np.ndarray]:
    """Standard normal inputs for every graph input that is not an initializer."""
    from onnx.helper import tensor_dtype_to_np_dtype

    rng = np.random.default_rng(seed)
    initializers = {i.name for i in model.graph.initializer}
    feeds = {}
    for value in model.graph.input:
        if value.name not in initializers:
            tensor = value.type.tensor_type
            shape = [d.dim_value for d in tensor.shape.dim]
            feeds[value.name] = rng.standard_normal(shape).astype(tensor_dtype_to_np_dtype(tensor.elem_type))
    return feeds


def build_runners(system: str, model, feeds: dict[str, np.ndarray], threads: Sequence[int],
                  expected: list[np.ndarray]) -> list[Runner]:
    """The runners of one system at each thread count, each checked against `expected`."""
    runners = []
    if system == "iree":
        with tempfile.TemporaryDirectory(prefix="xfuse-models-iree-") as tmp:
            vmfb, parameters = iree_build(model, Path(tmp))
            for t in threads:
                runner, outputs = iree_runner(vmfb, parameters, feeds, list(feeds), t, max(threads))
                check(runner, outputs, expected)
                runners.append(runner)
        return runners
    for t in threads:
        build = onnxruntime_runner if system == "onnxruntime" else xfuse_runner
        runner, outputs = build(model, feeds, t)
        check(runner, outputs, expected)
        runners.append(runner)
    return runners


def round_orders(count: int, repeat: int, seed: int = 0) -> list[tuple[int, ...]]:
    """The order of the `count` runners in each of `repeat` rounds: the permutations in a seeded
    shuffle, one per round, so that no runner always follows the same one. The one before matters:
    with the order turned by one each round (flag_ab.py) the first value's build ran right after
    onnxruntime's call in most rounds, and a second copy of one build read 0.92-0.93 of the first
    at two threads (docs/backend-measurements.md, "the small exported networks at two threads");
    this script's fixed order did the same to xfuse at one thread. Above 5 runners, a seeded
    random permutation per round."""
    import itertools
    import random

    generator = random.Random(seed)
    if count > 5:
        return [tuple(generator.sample(range(count), count)) for _ in range(repeat)]
    permutations = list(itertools.permutations(range(count)))
    generator.shuffle(permutations)
    return [permutations[round_ % len(permutations)] for round_ in range(repeat)]


def interleaved_medians(runners: Sequence[Runner], repeat: int) -> dict[tuple[str, int], float]:
    """The median milliseconds of each (system, threads): one warm-up call each, then `repeat`
    rounds that call every runner once, in the orders of `round_orders`."""
    times: dict[tuple[str, int], list[float]] = {(r.system, r.threads): [] for r in runners}
    for runner in runners:
        runner.call()
    for order in round_orders(len(runners), repeat):
        for runner in (runners[i] for i in order):
            start = time.perf_counter()
            runner.call()
            times[(runner.system, runner.threads)].append(time.perf_counter() - start)
    return {key: statistics.median(values) * 1e3 for key, values in times.items()}


def measure(name: str, systems: Sequence[str], threads: Sequence[int], repeat: int, seed: int,
            notes: list[str], profiles: list | None = None, profile_repeat: int = 0) -> tuple[list[dict], list[str]]:
    """The records of one model, its systems and thread counts timed interleaved; and why the
    systems that were not timed were not (a build failed, or a result disagreed). With
    `profile_repeat`, xfuse's per-group profile at each T is appended to `profiles` after the timing."""
    from xfuse.onnx.errors import OnnxError
    from xfuse.onnx.oracle import with_softmax_inputs_as_outputs

    model = with_softmax_inputs_as_outputs(onnx_model(name, seed))
    feeds = seeded_feeds(model, seed)
    _, expected = onnxruntime_runner(model, feeds, 1)
    runners: list[Runner] = []
    failures: list[str] = []
    for system in systems:
        if system == "iree" and (why := iree_available()) is not None:
            if why not in notes:
                notes.append(why)
            continue
        try:
            runners += build_runners(system, model, feeds, threads, expected)
        except (NotTimed, RuntimeError, XfuseError, OnnxError) as exc:
            text = describe(exc) if isinstance(exc, XfuseError) else None
            failures.append(f"{name}: {system} not timed: {text or exc}")
    if runners:  # the core's peak, in the same rounds (module docstring)
        peak, peak_flops = peak_call()
        runners.append(Runner(PEAK, 1, peak))
    medians = interleaved_medians(runners, repeat)
    for runner in runners:
        if runner.profile is not None and profile_repeat and profiles is not None:
            profiles.append((name, runner.threads, runner.profile(profile_repeat)))
    flops = contraction_flops(model)
    peak_gflops = peak_flops / medians[(PEAK, 1)] / 1e6 if runners else None
    records = []
    for (system, t), ms in medians.items():
        ort = medians.get(("onnxruntime", t))
        gflops = (peak_flops if system == PEAK else flops) / ms / 1e6 if system == PEAK or flops else None
        records.append({"model": name, "system": system, "threads": t, "median_ms": ms, "gflops": gflops,
                        "ratio_to_ort": None if ort is None or system == PEAK else ms / ort,
                        "percent_of_peak": None if gflops is None else 100 * gflops / (t * peak_gflops)})
    return records, failures


def format_table(records: list[dict]) -> str:
    lines = [f"{'model':<16} {'T':>2} {'system':<12} {'median ms':>10} {'GFLOP/s':>8} {'% peak':>7} {'/ ort':>7}"]
    for r in records:
        gflops = f"{r['gflops']:>8.1f}" if r["gflops"] is not None else f"{'-':>8}"
        peak = f"{r['percent_of_peak']:>6.0f}%" if r.get("percent_of_peak") is not None else f"{'-':>7}"
        ratio = f"{r['ratio_to_ort']:>6.2f}x" if r["ratio_to_ort"] is not None else f"{'-':>7}"
        lines.append(f"{r['model']:<16} {r['threads']:>2} {r['system']:<12} {r['median_ms']:>10.3f} {gflops} {peak} "
                     f"{ratio}")
    return "\n".join(lines)


def format_profile(name: str, threads: int, profile, largest: int = 5) -> str:
    """The header, the `largest` sections by time, and what follows the sections (the totals by
    kind, the ops left as loops, the arena) of a `Profile`."""
    lines = profile.text().splitlines()
    ranked = sorted(profile.sections, key=lambda s: -s.median_ms)[:largest]
    rows = [lines[1]] + [line for s, line in zip(profile.sections, lines[2:], strict=False) if s in ranked]
    after = lines[2 + len(profile.sections):]
    return "\n".join([f"xfuse T={threads} on {name}: " + lines[0], *rows, *after])


def geometric_means(records: list[dict]) -> list[str]:
    """Per (system, T): the geometric mean of `ratio_to_ort` over the models."""
    ratios: dict[tuple[str, int], list[float]] = {}
    for r in records:
        if r["system"] != "onnxruntime" and r["ratio_to_ort"]:
            ratios.setdefault((r["system"], r["threads"]), []).append(r["ratio_to_ort"])
    return [f"{system} T={t}: geometric mean of / ort over {len(v)} model(s) "
            f"{math.exp(sum(map(math.log, v)) / len(v)):.2f}x" for (system, t), v in ratios.items()]


def _csv(kind: Callable[[str], object], allowed: Sequence | None = None) -> Callable[[str], list]:
    def parse(text: str) -> list:
        values = [kind(part.strip()) for part in text.split(",") if part.strip()]
        bad = [v for v in values if allowed is not None and v not in allowed]
        if not values or bad:
            raise argparse.ArgumentTypeError(f"choose from {', '.join(map(str, allowed or ()))}, got {text!r}")
        return values
    return parse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", type=parse_models, default=list(DEFAULT_MODELS),
                        help=f"comma-separated, default {','.join(DEFAULT_MODELS)} (also: {','.join(EXTRA_MODELS)})")
    parser.add_argument("--systems", type=_csv(str, SYSTEMS), default=list(SYSTEMS),
                        help="comma-separated subset of onnxruntime,iree,xfuse (onnxruntime checks them all anyway)")
    parser.add_argument("--threads", type=_csv(int), default=[1, 2], help="thread counts, default 1,2")
    parser.add_argument("--repeat", type=int, default=10, help="timed rounds (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the weights and the input")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="after the timing, xfuse's per-group profile of N calls per model and T "
                             "(Model.profile; the largest sections and the totals by kind)")
    parser.add_argument("--xfuse", choices=XFUSE_VARIANTS, default="default",
                        help="xfuse's passes: default (xfuse.onnx.load's: xfuse-nhwc, microkernel) or "
                             "network (the whole-network fusion pipeline NETWORK_PASSES, memref backend)")
    parser.add_argument("--json", action="store_true", help="print the records as JSON (profiles go to stderr)")
    args = parser.parse_args(argv)
    if args.repeat < 1 or args.profile < 0:
        parser.error("--repeat must be at least 1 and --profile at least 0")
    if any(t < 1 or t > (os.cpu_count() or 1) for t in args.threads):
        parser.error(f"--threads must be between 1 and {os.cpu_count()}")
    global xfuse_variant
    xfuse_variant = args.xfuse
    notes: list[str] = []
    for variable in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"):
        if variable in os.environ:
            notes.append(f"{variable} is set: rerun with it unset (see --help)")
    records: list[dict] = []
    failures: list[str] = []
    profiles: list = []
    for name in args.models:
        model_records, model_failures = measure(name, args.systems, args.threads, args.repeat, args.seed, notes,
                                                profiles, args.profile)
        records += model_records
        failures += model_failures
    if args.json:
        print(json.dumps(records, indent=2))
    else:
        print(machine_header(f"median of {args.repeat} interleaved calls; xfuse T>1: {xfuse_configuration(2)[1].name}"))
        print(format_table(records))
        for line in geometric_means(records):
            print(line)
    for name, threads, profile in profiles:
        print(format_profile(name, threads, profile), file=sys.stderr if args.json else sys.stdout)
    for note in notes:
        print(note, file=sys.stderr)
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

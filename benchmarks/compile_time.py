"""Compile time and memory of whole ONNX networks, xfuse beside IREE (issue 21, item 5).

For each model (the nine light models of the onnx wheel with seeded random weights, and the
transformer encoder layer of `xfuse.onnx.transformer`), in one process:

- **xfuse**: every step of `ONNX -> shared object`, timed on its own: `import` (ONNX rewrites and
  torch-mlir's importer and pipelines, `xfuse.onnx.import_model`), `parse` (xfuse's parser), each
  xfuse pass (`--passes`, default what `xfuse.onnx.load` runs: `xfuse.onnx.model.DEFAULT_PASSES`
  and the `microkernel` backend; `--passes` with `NETWORK_PASSES` and `--backend memref` for the
  whole-network fusion pipeline), `emit` (the
  backend's Python side: preparing the module, printing it for mlir-opt), then the tools the
  backend runs: `mlir-opt`, `mlir-translate`, `opt`, `llc`, `cc` (link). The build is not cached.
- **IREE 3.13** on the same ONNX file: `iree-import-onnx --externalize-params --opset-version 17`
  then `iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu
  --iree-llvmcpu-target-cpu=host` (skipped with `--no-iree`, or when IREE is not installed).
- **memory**: the peak bytes of intermediates of one call of the compiled network, measured by the
  heap tracer (benchmarks/heap.py: the timed build routes `memref.alloc` through it, which costs
  no compile time), beside the sum of all activations: the bytes of every intermediate tensor of
  the unfused network (every node output ONNX shape inference types, except the graph's outputs
  and constants), i.e. what a runtime that keeps every activation would hold.
- **agreement**: the relative error of the outputs against onnxruntime (`xfuse.onnx.oracle`).

Every step reports wall seconds and CPU seconds (this process and the tools it waited for; IREE's
CPU seconds add up its threads). On a busy machine the CPU seconds are the steadier measure.

Over the models run, the xfuse passes' CPU time is fitted against the number of ops of the
imported module: the slope of log(time) over log(ops), about 1 for linear growth.

    python benchmarks/compile_time.py [--models squeezenet,resnet50,...] [--no-iree] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's `benchmarks` package first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from benchmarks.diffusion_compile_time import fit_exponent, growth_words
from xfuse.diagnostics import XfuseError, describe

LIGHT_MODELS = ("alexnet", "densenet121", "inception_v1", "inception_v2", "resnet50", "shufflenet", "squeezenet",
                "vgg19", "zfnet512")
"""The light models of the onnx wheel (onnx/backend/test/data/light/light_NAME.onnx)."""

LIGHT_FILES = {"alexnet": "bvlc_alexnet"}
"""A light model whose file is not named after it."""

DEFAULT_MODELS = (*LIGHT_MODELS, "transformer")
MOBILE_MODELS = ("mobilenet_v2", "mobilenet_v3", "efficientnet_b0")
"""`xfuse.onnx.mobile_blocks`' depthwise-heavy classifiers at 224x224 (issue 42); `NAME-tiny`: at 32x32."""
CONVNEXT_REGNET_MODELS = ("convnext", "regnet_y", "regnet_y_800mf")
"""`xfuse.onnx.convnext_regnet`'s ConvNeXt- and RegNet-Y-style classifiers at 224x224; `NAME-tiny`: at 32x32."""
EXTRA_MODELS = ("transformer-tiny", *MOBILE_MODELS, *CONVNEXT_REGNET_MODELS,
                *(f"{name}-tiny" for name in MOBILE_MODELS + CONVNEXT_REGNET_MODELS))
"""Chosen only by name: the test size of the transformer layer (the smoke test's model), the
mobile, ConvNeXt and RegNet-Y networks."""

TOOL_STAGES = ("mlir-opt", "mlir-translate", "opt", "llc", "parts", "cc")
"""The backend's subprocesses, by the stage names `xfuse.backends.runner._run_tool` gets; `parts`
is `llvm-split` and then `opt` + `llc` on every part at once (xfuse/backends/llvm_split.py),
timed as one stage because its tools overlap."""

IREE_TARGET = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
               "--iree-llvmcpu-target-cpu=host"]


ALIASING_OPS = ("Identity", "Dropout", "Reshape", "Flatten", "Squeeze", "Unsqueeze")
"""Ops whose output is their input's buffer under another shape: no activation of their own."""


# Models ------------------------------------------------------------------------------------


def onnx_model(name: str, seed: int = 0):
    """The ONNX model called `name`: a light model with seeded random weights, the layer, or a
    mobile, ConvNeXt or RegNet-Y network."""
    import onnx

    from xfuse.onnx.convnext_regnet import convnext_regnet_network
    from xfuse.onnx.mobile_blocks import BENCHMARK_RESOLUTION, TINY_RESOLUTION, mobile_network

    from xfuse.onnx.seeded_weights import random_weights
    from xfuse.onnx.transformer import BENCHMARK, TINY, transformer_layer

    if name == "transformer":
        return transformer_layer(BENCHMARK, seed=seed)
    if name == "transformer-tiny":
        return transformer_layer(TINY, seed=seed)
    if name.removesuffix("-tiny") in MOBILE_MODELS:
        resolution = TINY_RESOLUTION if name.endswith("-tiny") else BENCHMARK_RESOLUTION
        return mobile_network(name.removesuffix("-tiny"), resolution, seed=seed)
    if name.removesuffix("-tiny") in CONVNEXT_REGNET_MODELS:
        resolution = TINY_RESOLUTION if name.endswith("-tiny") else BENCHMARK_RESOLUTION
        return convnext_regnet_network(name.removesuffix("-tiny"), resolution, seed=seed)
    if name not in LIGHT_MODELS:
        raise ValueError(f"unknown model '{name}' (models: {', '.join(DEFAULT_MODELS + EXTRA_MODELS)})")
    file = LIGHT_FILES.get(name, name)
    path = Path(onnx.__file__).parent / "backend" / "test" / "data" / "light" / f"light_{file}.onnx"
    return weights_as_initializers_only(random_weights(onnx.load(str(path)), seed))


def weights_as_initializers_only(model):
    """`model` as a current exporter writes it: its initializers are not graph inputs too.

    The onnx wheel's zoo files (IR version 3, where an initializer had to be an input as well)
    list every weight as a graph input. onnxruntime then must assume a caller may override them,
    and neither folds nor prepacks them: 2-19% slower (SqueezeNet 8.58 against 7.22 ms, issue 42),
    which flattered every ratio to it. IR version 4 lifted the rule, so the copy is IR version 4
    (opset unchanged) without those inputs; every system is given this same copy."""
    import onnx

    initializers = {tensor.name for tensor in model.graph.initializer}
    if not any(value.name in initializers for value in model.graph.input):
        return model
    result = onnx.ModelProto()
    result.CopyFrom(model)
    kept = [value for value in result.graph.input if value.name not in initializers]
    del result.graph.input[:]
    result.graph.input.extend(kept)
    result.ir_version = max(result.ir_version, 4)
    return result


def activation_bytes(model) -> tuple[int, int]:
    """(bytes, count) of the intermediate tensors of `model`, typed by ONNX shape inference
    (every shape must be static): the outputs of its nodes that some node reads, except graph
    outputs, constants and the outputs of ops that only rename or reshape (`ALIASING_OPS`)."""
    import onnx
    from onnx.helper import tensor_dtype_to_np_dtype

    inferred = onnx.shape_inference.infer_shapes(model, strict_mode=True)
    graph = inferred.graph
    types = {value.name: value.type.tensor_type for value in graph.value_info}
    outputs = {value.name for value in graph.output}
    read = {name for node in graph.node for name in node.input}
    total = count = 0
    for node in graph.node:
        if node.op_type in ("Constant", "ConstantOfShape") or node.op_type in ALIASING_OPS:
            continue
        for name in node.output:
            if not name or name in outputs or name not in read:
                continue
            if name not in types:
                raise ValueError(f"ONNX shape inference gave no type to '{name}' (output of {node.op_type})")
            tensor = types[name]
            dims = [d.dim_value if d.HasField("dim_value") else None for d in tensor.shape.dim]
            if None in dims:
                raise ValueError(f"'{name}' (output of {node.op_type}) has a dynamic shape")
            total += int(np.prod(dims, dtype=np.int64)) * tensor_dtype_to_np_dtype(tensor.elem_type).itemsize
            count += 1
    return total, count


# Clocks ------------------------------------------------------------------------------------


def cpu_seconds() -> float:
    """CPU seconds of this process (all its threads), of the children it has waited for, and of
    torch-mlir's helper process (`helper_cpu_seconds`)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime + helper_cpu_seconds()


def helper_cpu_seconds() -> float:
    """CPU seconds so far of the process running torch-mlir's import (xfuse/onnx/isolated.py; 0
    when none runs). It serves one import after another and is never waited for, so
    `RUSAGE_CHILDREN` leaves it out: DenseNet-121's import took 3.8 s of CPU there."""
    from xfuse.onnx import isolated

    helper = isolated._helper  # noqa: SLF001 - the benchmark reads the helper's clock
    if helper is None or not helper.alive():
        return 0.0
    try:  # /proc/PID/stat: utime and stime are fields 14 and 15, after the ")" ending the name
        fields = Path(f"/proc/{helper.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Clock:
    """Wall and CPU seconds per named stage (a stage timed twice adds up)."""

    wall: dict[str, float] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        wall, cpu = time.perf_counter(), cpu_seconds()
        try:
            yield
        finally:
            self.wall[name] = self.wall.get(name, 0.0) + time.perf_counter() - wall
            self.cpu[name] = self.cpu.get(name, 0.0) + cpu_seconds() - cpu

    def record(self) -> dict[str, dict[str, float]]:
        return {name: {"wall_s": self.wall[name], "cpu_s": self.cpu[name]} for name in self.wall}


@contextmanager
def timing_backend_tools(clock: Clock) -> Iterator[None]:
    """Time each subprocess of the backend (mlir-opt, mlir-translate, opt, llc, cc) as a stage,
    and a module compiled in parts (`llvm_split.compile_in_parts`) as the one stage `parts`: its
    `opt`s and `llc`s run at once, so their own times would overlap.

    The backend has no timing hook of its own: its one function running tools,
    `xfuse.backends.runner._run_tool`, and the parts' driver are wrapped while the block runs."""
    from xfuse.backends import llvm_split, runner

    original: Callable = runner._run_tool
    original_parts: Callable = llvm_split.compile_in_parts
    in_parts = False

    def timed(command, work, stage, stdin=None):
        if in_parts:
            return original(command, work, stage, stdin)
        with clock.stage(stage):
            return original(command, work, stage, stdin)

    def timed_parts(*args, **kwargs):
        nonlocal in_parts
        in_parts = True
        try:
            with clock.stage("parts"):
                return original_parts(*args, **kwargs)
        finally:
            in_parts = False

    runner._run_tool, llvm_split.compile_in_parts = timed, timed_parts
    try:
        yield
    finally:
        runner._run_tool, llvm_split.compile_in_parts = original, original_parts


# xfuse -------------------------------------------------------------------------------------


def split_passes(spec: str) -> list[str]:
    """The passes of a pipeline spec, one by one (commas inside `{...}` options kept)."""
    passes, depth, start = [], 0, 0
    for index, char in enumerate(spec):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == "," and depth == 0:
            passes.append(spec[start:index])
            start = index + 1
    passes.append(spec[start:])
    return [p.strip() for p in passes if p.strip()]


def compile_with_xfuse(model, passes: str, backend: str, heap_trace: bool) -> tuple[dict, Clock, object]:
    """Import, parse, run `passes` one by one and build `model` uncached with `backend`; the
    counts of the imported module, the clock, and a `xfuse.onnx.Model` of the build."""
    import xfuse
    from benchmarks.heap import traced_pipeline
    from xfuse.backends.runner import compile_module
    from xfuse.onnx.importer import import_model

    clock = Clock()
    with clock.stage("import"):
        imported = import_model(model)
    with clock.stage("parse"):
        module = xfuse.parse(imported.mlir, name=f"<onnx:{imported.entry}>")
    ops = sum(1 for _ in module.walk())
    linalg_ops = sum(1 for op in module.walk() if op.name.startswith("linalg."))
    for name in split_passes(passes):
        with clock.stage(name):
            xfuse.apply_passes(module, name)
    pipeline = traced_pipeline(backend) if heap_trace else backend
    with clock.stage("backend"), timing_backend_tools(clock):
        compiled = compile_module(module, imported.entry, pipeline, cache=False)
    tools = sum(clock.wall.get(t, 0.0) for t in TOOL_STAGES), sum(clock.cpu.get(t, 0.0) for t in TOOL_STAGES)
    clock.wall["emit"] = clock.wall.pop("backend") - tools[0]
    clock.cpu["emit"] = clock.cpu.pop("backend") - tools[1]
    built = built_model(imported, compiled, passes, module)
    counts = {"ops": ops, "linalg_ops": linalg_ops, "ir_bytes": len(imported.mlir.encode()),
              "weight_bytes": imported.weights.nbytes, "weights": len(imported.weights)}
    return counts, clock, built


def built_model(imported, compiled, passes: str, module):
    """A `xfuse.onnx.Model` of an `ImportedModel` compiled here (`Model.compile` compiles itself,
    cached and untimed per tool): called with the ONNX inputs, it passes the weights, in the
    layouts the passes gave their arguments (`module`, after the passes)."""
    from xfuse.onnx.model import Model, TensorInfo, weights_in_argument_layouts

    count = len(imported.input_names)
    signature = compiled.signature
    inputs = [TensorInfo(n, tuple(s.shape), s.dtype) for n, s in zip(imported.input_names, signature.inputs[:count],
                                                                     strict=True)]
    outputs = [TensorInfo(n, tuple(s.shape), s.dtype) for n, s in zip(imported.output_names, signature.results,
                                                                     strict=True)]
    return Model(imported.mlir, compiled, inputs, outputs, weights_in_argument_layouts(module, imported), passes)


def check_and_profile(built, model, heap_trace: bool, seed: int) -> dict:
    """The largest relative error of the outputs against onnxruntime and, for a heap-traced
    build, the heap profile of one call."""
    from benchmarks.heap import profile_call
    from xfuse.onnx.oracle import onnxruntime_outputs, random_feeds, relative_error

    feeds = random_feeds(built, seed)
    expected = onnxruntime_outputs(model, feeds)
    actual = built.run(feeds)
    result = {"error": max(relative_error(actual[n], expected[n]) for n in built.output_names)}
    if heap_trace:
        arguments = [feeds[name] for name in built.input_names] + list(built.weights.values())
        profile = profile_call(built.compiled, *arguments)
        result.update(peak_intermediate_bytes=profile.peak_intermediate_bytes,
                      peak_total_bytes=profile.peak_total_bytes, allocations=profile.allocations)
    return result


# IREE --------------------------------------------------------------------------------------


def iree_tool(name: str) -> str | None:
    beside = Path(sys.executable).parent / name
    return str(beside) if beside.is_file() else shutil.which(name)


def iree_version() -> str | None:
    tool = iree_tool("iree-compile")
    if tool is None:
        return None
    out = subprocess.run([tool, "--version"], capture_output=True, text=True).stdout
    return next((line.strip() for line in out.splitlines() if "compiler version" in line), out.strip() or None)


def compile_with_iree(model, work: Path) -> dict:
    """Seconds of `iree-import-onnx --externalize-params` and `iree-compile` (llvm-cpu, host)."""
    import onnx

    importer, compiler = iree_tool("iree-import-onnx"), iree_tool("iree-compile")
    if importer is None or compiler is None:
        return {"skipped": "iree-import-onnx / iree-compile not found (pip install -e '.[peers]')"}
    onnx.save(model, str(work / "model.onnx"))
    clock = Clock()
    steps = {
        "import": [importer, str(work / "model.onnx"), "--externalize-params", "--opset-version", "17",
                   "--save-params-to", str(work / "model.irpa"), "-o", str(work / "model.mlir")],
        "compile": [compiler, str(work / "model.mlir"), *IREE_TARGET, "-o", str(work / "model.vmfb")],
    }
    for stage, command in steps.items():
        with clock.stage(stage):
            process = subprocess.run(command, capture_output=True, text=True)
        if process.returncode != 0:
            tail = "\n".join(process.stderr.strip().splitlines()[-5:])
            return {"failed": f"{Path(command[0]).name} exit {process.returncode}: {tail}"}
    return {"stages": clock.record(), "total_wall_s": sum(clock.wall.values()), "total_cpu_s": sum(clock.cpu.values()),
            "ir_bytes": (work / "model.mlir").stat().st_size}


# The benchmark -----------------------------------------------------------------------------


def measure(name: str, passes: str, backend: str, iree: bool, heap_trace: bool, seed: int) -> dict:
    from xfuse.onnx.oracle import with_softmax_inputs_as_outputs

    # The logits are outputs too: a saturated softmax (one-hot) would hide a wrong network.
    model = with_softmax_inputs_as_outputs(onnx_model(name, seed))
    activations, tensors = activation_bytes(model)
    counts, clock, built = compile_with_xfuse(model, passes, backend, heap_trace)
    row = {"model": name, **counts, "activation_bytes": activations, "activation_tensors": tensors,
           "stages": clock.record(), "total_wall_s": sum(clock.wall.values()), "total_cpu_s": sum(clock.cpu.values()),
           "passes_cpu_s": sum(clock.cpu[p] for p in split_passes(passes)),
           "passes_wall_s": sum(clock.wall[p] for p in split_passes(passes))}
    row.update(check_and_profile(built, model, heap_trace, seed))
    if iree:
        with tempfile.TemporaryDirectory(prefix="xfuse-iree-") as tmp:
            row["iree"] = compile_with_iree(model, Path(tmp))
    return row


def machine() -> dict:
    cpu = platform.processor()
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                   if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return {"cpu": cpu, "cpus": os.cpu_count(), "load_average": list(os.getloadavg()),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


def machine_header(how: str) -> str:
    """One line for a benchmark's table: the date, the CPU, the load average, and `how` it measured."""
    info = machine()
    return f"{info['date']}, {info['cpu']}, {info['cpus']} CPUs, load average {info['load_average'][0]:.1f}; {how}"


def run(models: list[str], passes: str, backend: str, iree: bool, heap_trace: bool, seed: int) -> dict:
    rows = [measure(name, passes, backend, iree, heap_trace, seed) for name in models]
    report = {"benchmark": "compile_time", "passes": passes, "backend": backend, "iree_version": iree_version()
              if iree else None, "iree_flags": IREE_TARGET, "machine": machine(), "rows": rows}
    if len(rows) >= 2 and len({r["ops"] for r in rows}) >= 2:
        exponent = fit_exponent([r["ops"] for r in rows], [r["passes_cpu_s"] for r in rows])
        report["passes_vs_ops"] = {"exponent": exponent, "growth": growth_words(exponent)}
    return report


def _mb(count: int | None) -> str:
    return "-" if count is None else f"{count / 2**20:.2f}"


def format_table(report: dict) -> str:
    m = report["machine"]
    lines = [f"{m['date']}, {m['cpu']}, {m['cpus']} CPUs, load average {m['load_average'][0]:.1f} at the end",
             f"xfuse passes: {report['passes']}; backend pipeline: {report['backend']}",
             f"IREE: {report['iree_version'] or 'not run'}",
             "seconds, wall (CPU); xfuse's stages in wall seconds",
             f"{'model':<14} {'ops':>5} {'import':>6} {'parse':>6} {'passes':>6} {'emit':>5} {'mlir-opt':>8} "
             f"{'opt':>5} {'llc':>5} {'parts':>5} {'cc':>4} {'xfuse total':>14} {'iree total':>14} {'ratio':>6} "
             f"{'peak MB':>8} {'act. MB':>8} {'error':>8}"]
    for r in report["rows"]:
        wall = r["stages"]

        def w(stage: str) -> float:
            return wall.get(stage, {"wall_s": 0.0})["wall_s"]

        opt = w("mlir-translate") + w("opt")
        iree = r.get("iree", {})
        if "total_wall_s" in iree:
            iree_text = f"{iree['total_wall_s']:.1f} ({iree['total_cpu_s']:.1f})"
            ratio = f"{r['total_wall_s'] / iree['total_wall_s']:.2f}"
        else:
            iree_text, ratio = ("failed" if "failed" in iree else "-"), "-"
        lines.append(
            f"{r['model']:<14} {r['ops']:>5} {w('import'):>6.1f} {w('parse'):>6.1f} {r['passes_wall_s']:>6.1f} "
            f"{w('emit'):>5.1f} {w('mlir-opt'):>8.1f} {opt:>5.1f} {w('llc'):>5.1f} {w('parts'):>5.1f} {w('cc'):>4.1f} "
            f"{r['total_wall_s']:>6.1f} ({r['total_cpu_s']:>5.1f}) {iree_text:>14} {ratio:>6} "
            f"{_mb(r.get('peak_intermediate_bytes')):>8} {_mb(r['activation_bytes']):>8} {r['error']:>8.1e}")
    lines.append("opt = mlir-translate + opt; parts = llvm-split, then opt + llc of each part at once (large modules; "
                 "opt then counts mlir-translate only); ratio = xfuse / IREE wall; peak MB = peak of intermediates (heap "
                 "trace); act. MB = sum of all activations of the unfused network")
    for r in report["rows"]:
        if "failed" in r.get("iree", {}):
            lines.append(f"IREE failed on {r['model']}: {r['iree']['failed']}")
    if fit := report.get("passes_vs_ops"):
        lines.append(f"xfuse passes' CPU time vs ops: fitted exponent {fit['exponent']:.2f} ({fit['growth']})")
    return "\n".join(lines)


def parse_models(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in DEFAULT_MODELS + EXTRA_MODELS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown model(s) {', '.join(unknown) or '(none given)'}; "
                                         f"choose from {', '.join(DEFAULT_MODELS + EXTRA_MODELS)}")
    return names


def main(argv: list[str] | None = None) -> int:
    from xfuse.backends.runner import BackendError
    from xfuse.passes import parse_pipeline
    from xfuse.onnx.model import DEFAULT_PASSES

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", type=parse_models, default=list(DEFAULT_MODELS),
                        help=f"comma-separated, default all of {','.join(DEFAULT_MODELS)}; also {','.join(EXTRA_MODELS)}")
    parser.add_argument("--passes", default=DEFAULT_PASSES,
                        help=f"xfuse passes (default: xfuse.onnx.load's, {DEFAULT_PASSES!r}; the whole-network "
                             "pipeline is xfuse-network-fusion,xfuse-bufferize,xfuse-share-buffers with --backend memref)")
    parser.add_argument("--backend", default="microkernel", help="backend pipeline after them (default: microkernel)")
    parser.add_argument("--no-iree", action="store_true", help="do not compile with IREE")
    parser.add_argument("--no-heap-trace", action="store_true", help="build without the heap tracer (no peak memory)")
    parser.add_argument("--seed", type=int, default=0, help="of the random weights and inputs")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        parse_pipeline(args.passes)  # a bad spec fails before any model is imported
        report = run(args.models, args.passes, args.backend, not args.no_iree, not args.no_heap_trace, args.seed)
    except XfuseError as exc:
        print(describe(exc) or f"error: {exc}", file=sys.stderr)
        return 1
    except BackendError as exc:  # a tool of the backend failed: its diagnostic and the kept input
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(report, indent=2) if args.json else format_table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())

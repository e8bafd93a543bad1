"""Memory of intermediates of whole ONNX networks: xfuse's per-call arena beside onnxruntime's
peak (issue 40).

For each model of benchmarks/models.py (the same ONNX model every system gets there: seeded
weights as initializers only, the logits before the final Softmax as an extra output, one
seeded input), one thread:

- **xfuse**: `xfuse.onnx.load` with models.py's configuration at T = 1 (`xfuse-nhwc`, ...,
  `microkernel`). After one call, `Model.memory.arena`: the per-call arena, every buffer the
  compiled code allocates in a call (intermediates, scratch, results) placed by lifetime
  (xfuse/runtime/arena.py). Beside it the plan's **peak live**: the most of those bytes live at
  once, which no placement can go below.
- **onnxruntime** (CPU provider, `intra_op_num_threads=1`), in a child process with
  benchmarks/malloc_peak.c preloaded (`LD_PRELOAD`: every malloc/free of the process counted by
  `malloc_usable_size`). **per-tensor**: the session built with `enable_cpu_mem_arena` and
  `enable_mem_pattern` off, so each tensor its planner allocates is a malloc of its own, freed
  after its last use; the peak of live heap bytes during the second `run` over the bytes live
  before it. That is every buffer the run allocates (activations, kernels' scratch such as
  im2col and packing, the outputs), as for xfuse's arena, and not the weights (prepacked when the
  session is made) or the inputs. **default**: the same for onnxruntime's default session
  (BFC arena and memory pattern), at its first run, when the arena grows to what the run needs.

Both count the same thing: the bytes a call of the model allocates, at the most live at once.
xfuse's arena and onnxruntime's per-tensor peak are compared: the exit code is 1 if an arena is
larger (or xfuse disagrees with onnxruntime, or a system fails). glibc only (the preload).

    python benchmarks/memory.py [--models squeezenet,transformer] [--seed 0] [--json]

Whole networks compile slowly: on a shared machine run it under the heavy lock; compiled
modules are cached by content (`$XFUSE_CACHE_DIR`), so a second run mostly loads them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's `benchmarks` package first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.compile_time import DEFAULT_MODELS, machine, onnx_model, parse_models  # noqa: E402
from benchmarks.heap import c_library  # noqa: E402

SOURCE = Path(__file__).with_name("malloc_peak.c")
MIB = 1 << 20


def benchmark_model(name: str, seed: int):
    """The ONNX model and input models.py gives every system."""
    from benchmarks.models import seeded_feeds
    from xfuse.onnx.oracle import with_softmax_inputs_as_outputs

    model = with_softmax_inputs_as_outputs(onnx_model(name, seed))
    return model, seeded_feeds(model, seed)


def onnxruntime_session(model, default: bool):
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    options.enable_cpu_mem_arena = default
    options.enable_mem_pattern = default
    return onnxruntime.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])


def onnxruntime_child(name: str, seed: int) -> dict:
    """In the preloaded child: onnxruntime's peaks (module docstring), in bytes."""
    import ctypes

    counter = ctypes.CDLL(None)
    try:
        reset, peak = counter.xfuse_malloc_peak_reset, counter.xfuse_malloc_peak
    except AttributeError:
        raise SystemExit(f"{SOURCE.name} is not preloaded (LD_PRELOAD)") from None
    reset.restype = peak.restype = ctypes.c_int64
    model, feeds = benchmark_model(name, seed)
    result = {}
    for label, default, runs in (("per_tensor", False, 2), ("default", True, 1)):
        session = onnxruntime_session(model, default)
        for _ in range(runs):  # the last run is measured
            before = reset()
            outputs = session.run(None, feeds)
            result[label] = peak() - before
            del outputs
        del session
    return result


def onnxruntime_peaks(name: str, seed: int) -> dict:
    """`onnxruntime_child` in a process of its own, with the counter preloaded."""
    library = c_library(SOURCE, "malloc-peak")
    env = dict(os.environ, LD_PRELOAD=" ".join(filter(None, [str(library), os.environ.get("LD_PRELOAD", "")])))
    child = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--onnxruntime-child", name,
                            "--seed", str(seed)], env=env, capture_output=True, text=True)
    if child.returncode != 0:
        raise RuntimeError(f"onnxruntime on {name}: {child.stderr.strip().splitlines()[-1:] or child.returncode}")
    return json.loads(child.stdout.strip().splitlines()[-1])


def xfuse_arena(name: str, seed: int) -> dict:
    """xfuse's arena and peak live bytes on `name`, after checking its outputs against onnxruntime."""
    import xfuse.onnx
    from benchmarks.models import TOLERANCE, xfuse_configuration
    from xfuse.onnx.oracle import relative_error

    model, feeds = benchmark_model(name, seed)
    expected = onnxruntime_session(model, default=True).run(None, feeds)
    passes, pipeline = xfuse_configuration(1, "default")
    compiled = xfuse.onnx.load(model, passes=passes, pipeline=pipeline)
    outputs = compiled.run(feeds)
    for output, want in zip(compiled.output_names, expected, strict=True):
        error = relative_error(outputs[output], want)
        if not error <= TOLERANCE:
            raise RuntimeError(f"xfuse disagrees with onnxruntime on {name}, output '{output}': "
                               f"relative error {error:.3g} > {TOLERANCE:g}")
    memory = compiled.memory
    pool = compiled.compiled.arena_pool()
    if pool is None or pool.plan is None:
        raise RuntimeError(f"xfuse on {name}: no arena (XFUSE_ARENA=0, or too many allocations)")
    return {"arena": memory.arena, "peak_live": pool.plan.peak_live_bytes, "results": pool.plan.result_bytes}


def measure(name: str, seed: int) -> dict:
    ort = onnxruntime_peaks(name, seed)
    xf = xfuse_arena(name, seed)
    return {"model": name, "xfuse_arena": xf["arena"], "xfuse_peak_live": xf["peak_live"],
            "xfuse_results": xf["results"], "onnxruntime_per_tensor": ort["per_tensor"],
            "onnxruntime_default": ort["default"], "arena_over_onnxruntime": xf["arena"] / ort["per_tensor"]}


def format_table(records: list[dict]) -> str:
    lines = ["| model | xfuse arena | xfuse peak live | onnxruntime per-tensor peak | arena / onnxruntime "
             "| onnxruntime default (arena + pattern) |", "|---|---|---|---|---|---|"]
    for r in records:
        lines.append(f"| {r['model']} | {r['xfuse_arena'] / MIB:.2f} MiB | {r['xfuse_peak_live'] / MIB:.2f} MiB "
                     f"| {r['onnxruntime_per_tensor'] / MIB:.2f} MiB | {r['arena_over_onnxruntime']:.2f} "
                     f"| {r['onnxruntime_default'] / MIB:.2f} MiB |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", type=parse_models, default=list(DEFAULT_MODELS),
                        help=f"comma-separated, default {','.join(DEFAULT_MODELS)}")
    parser.add_argument("--seed", type=int, default=0, help="seed of the weights and the input")
    parser.add_argument("--json", action="store_true", help="print the records as JSON")
    parser.add_argument("--onnxruntime-child", metavar="MODEL", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.onnxruntime_child:
        print(json.dumps(onnxruntime_child(args.onnxruntime_child, args.seed)))
        return 0
    from xfuse.backends.runner import BackendError
    from xfuse.onnx.errors import OnnxError

    records, failed = [], False
    for name in args.models:
        try:
            records.append(measure(name, args.seed))
        except (RuntimeError, BackendError, OnnxError) as error:
            print(f"error: {error}", file=sys.stderr)
            failed = True
            continue
        if records[-1]["arena_over_onnxruntime"] > 1:
            failed = True
        print(format_table(records[-1:]).splitlines()[-1], file=sys.stderr, flush=True)
    m = machine()
    if args.json:
        print(json.dumps({"benchmark": "memory", "machine": m, "records": records}, indent=1))
    else:
        print(f"{m['date']}, {m['cpu']}, {m['cpus']} CPUs, load average {m['load_average'][0]:.1f}; one thread")
        print(format_table(records))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

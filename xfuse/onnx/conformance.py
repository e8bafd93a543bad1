"""ONNX's operator conformance cases run through `xfuse.onnx.load`, beside onnxruntime.

onnx generates them (`onnx.backend.test.case.node.collect_testcases`): one-node models (and the
"expanded" ones, a function's body), each with inputs and reference outputs. Every case runs in
a worker process, so a case that takes the process down is recorded, not fatal: the worker
handles case after case (torch-mlir and xfuse are imported once) and is started again after a
crash or a timeout. Outputs are compared as ONNX's backend test runner compares them
(`onnx.backend.test.runner.Runner.assert_similar_outputs`): same number of outputs, same shape,
same dtype, then `np.testing.assert_allclose` with the case's rtol (1e-3) and atol (1e-7).

Each case gets one verdict for xfuse and one for onnxruntime:

- `pass`: every data set's outputs agree with the reference;
- `refused`: a clean diagnostic (an `XfuseError`, a `BackendError`: a message, no traceback);
- `wrong`: it ran and an output differs (values, shape or dtype) — the worst outcome;
- `crash`: the process died (a signal, an abort in native code);
- `timeout`: no answer within the time allowed a case;
- `traceback`: any other exception, a bug of the diagnostics (its message is recorded).

`xfuse-onnx-conformance` (`main`) writes the table by op (markdown) and every verdict (JSON).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

VERDICTS = ("pass", "refused", "wrong", "crash", "timeout", "traceback")
"""The outcomes of a case, best first."""

BAD_VERDICTS = ("wrong", "crash", "timeout", "traceback")
"""The outcomes that are bugs: never a wrong result, a dead process, a hang or a traceback."""

CASE_TIMEOUT = 300.0
"""Seconds a case may take (import, compile, every data set) before its worker is killed."""

FIXED_SAMPLE = (
    # formerly wrong without an error
    "test_bitshift_left_int32_shift_ge_width", "test_dynamicquantizelinear", "test_gelu_tanh_2",
    "test_gridsample_nearest", "test_gridsample_zeros_padding", "test_l2normalization_axis_0",
    "test_lstm_with_peepholes", "test_resize_downsample_scales_linear_align_corners",
    "test_spacetodepth_crd_mode_example",
    "test_attention_3d_causal_expanded",  # a -inf mask constant read as 4286578688 (xfuse/parsing.py)
    # formerly crashing the process
    "test_castlike_FLOAT_to_INT4", "test_quantizelinear_uint16", "test_rotary_embedding_expanded",
    "test_det_2d", "test_einsum_scalar", "test_reshape_allowzero_reordered",
    # formerly a traceback (torch-mlir's output that xfuse cannot parse, complex numbers)
    "test_bernoulli", "test_stft_with_window",
    # passing ones
    "test_abs", "test_add_bcast", "test_sigmoid", "test_matmul_2d", "test_relu",
    "test_softmax_axis_1", "test_spacetodepth_dcr_mode_example", "test_l1normalization_axis_0",
    # formerly refused: a run-time filter, a grouped ConvTranspose, Resize's axes
    "test_conv_with_strides_padding", "test_convtranspose_group_2", "test_resize_upsample_sizes_nearest_axes_2_3",
    # GridSample decomposed (nearest and zeros padding were wrong in torch-mlir), a volume too
    "test_gridsample_volumetric_nearest_align_corners_0",
    # bool and unsigned inputs and outputs (refused at the boundary until issue 39), and the
    # unsigned division torch-mlir lowers as signed
    "test_and2d", "test_less_uint8", "test_add_uint64", "test_div_uint8",
    # formerly refused: a Slice's starts and a ReduceSum's axes as graph inputs (fixed at load now)
    "test_slice", "test_reduce_sum_keepdims_example",
    # formerly refused: torch-mlir's tm_tensor ops (xfuse/dialects/tm_tensor.py, xfuse-lower-tm-tensor)
    "test_cumsum_1d_reverse_exclusive", "test_top_k_same_values_2d", "test_scatter_elements_with_negative_indices",
    "test_scatternd_multiply", "test_scatter_elements_with_reduction_max",
    # formerly an mlir-opt abort or refused: bools between ops kept in i1 buffers (bool_bytes.py)
    "test_reduce_max_bool_inputs", "test_nllloss_NCd1_ii_expanded",
    # formerly refused: a run-time signed shift, CumProd, a 4-D by 1-D MatMul (decomposed at load)
    "test_bitshift_right_int8_negative_input", "test_cumprod_1d_int32_exclusive", "test_matmul_4d_1d",
    # formerly refused: Scan as a Loop (scan_loops.py) under LinearAttention's body, opset-8 batches
    "test_linear_attention_gated_delta_gqa", "test_scan_sum",
    # formerly refused: TensorScatter, Col2Im, Dropout in training with ratio 0 (decomposed at load;
    # unsigned Div in int64: test_div_uint8 above, uint64 stays refused); an mlir-opt failure
    # (torch-mlir's out-of-bounds slice for negative steps)
    "test_div_uint64", "test_tensorscatter_circular", "test_col2im_strides", "test_training_dropout_zero_ratio_mask",
    "test_slice_neg_steps",
    # formerly refused: Resize modes torch-mlir does not lower (resize_taps.py), AffineGrid (affine_grid.py)
    "test_resize_tf_crop_and_resize_axes_2_3", "test_affine_grid_2d_align_corners",
)
"""The cases the default test run checks (tests/onnx/test_onnx_conformance.py): each kind that
once gave a wrong result, crashed or aborted in mlir-opt, and a few that pass."""

FIXED_SAMPLE_MODULES = ("bitshift", "dynamicquantizelinear", "gelu", "gridsample", "lpnormalization", "lstm",
                        "resize", "spacetodepth", "castlike", "quantizelinear", "rotaryembedding", "det", "einsum",
                        "reshape", "bernoulli", "stft", "abs", "add", "sigmoid", "matmul", "relu", "softmax",
                        "conv", "convtranspose", "attention", "and_", "less", "div", "slice", "reducesum",
                        "cumsum", "topk", "scatterelements", "scatternd", "reducemax",
                        "negativeloglikelihoodloss", "cumprod", "linear_attention", "scan",
                        "tensorscatter", "col2im", "dropout", "affinegrid")
"""The modules of `onnx.backend.test.case.node` that generate `FIXED_SAMPLE`."""


@dataclass(frozen=True)
class Case:
    """One conformance case, as sent to a worker: the model's bytes and its data sets."""

    name: str
    op: str
    model: bytes
    data_sets: list[tuple[list[Any], list[Any]]]
    rtol: float
    atol: float


@dataclass
class Verdict:
    verdict: str
    message: str = ""
    seconds: float = 0.0


@dataclass
class CaseResult:
    name: str
    op: str
    xfuse: Verdict
    ort: Verdict = field(default_factory=lambda: Verdict("not run"))


# Cases -----------------------------------------------------------------------------------


def collect_cases(name_filter: str | None = None, modules: Iterable[str] | None = None) -> list[Case]:
    """Every node case onnx generates (sorted by name), those whose name matches `name_filter`;
    with `modules`, only those of these modules of `onnx.backend.test.case.node` (generating
    all takes 16 s or more: each computes its reference outputs when imported)."""
    import importlib

    import onnx
    import onnx.backend.test.case.node as node_cases

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"):
            if modules is None:
                testcases = node_cases.collect_testcases(None)
            else:
                for module in modules:
                    importlib.import_module(f"{node_cases.__name__}.{module}")
                testcases = list(node_cases._NodeTestCases)  # what the imports registered
    pattern = re.compile(name_filter) if name_filter else None
    ops = _schema_names()
    cases = []
    for testcase in sorted(testcases, key=lambda t: t.name):
        if pattern and not pattern.search(testcase.name):
            continue
        data_sets = [([_array(x) for x in inputs], [_array(y) for y in outputs])
                     for inputs, outputs in testcase.data_sets or ()]
        cases.append(Case(testcase.name, op_of_case(testcase.name, testcase.model, ops),
                          testcase.model.SerializeToString(), data_sets, testcase.rtol, testcase.atol))
    del onnx
    return cases


def _array(value: Any) -> Any:
    """A case's value as the arrays a session takes. ONNX's generators write some 0-d inputs as
    numpy scalars (CumSum's `axis` is `np.int32(0)`): its backend test files store them as 0-d
    tensors, and onnxruntime refuses a bare scalar, so they become 0-d arrays here."""
    import onnx

    if isinstance(value, onnx.TensorProto):
        return onnx.numpy_helper.to_array(value)
    if isinstance(value, np.generic):
        return np.asarray(value)
    return value


def _schema_names() -> dict[str, str]:
    import onnx

    return {schema.name.lower(): schema.name for schema in onnx.defs.get_all_schemas_with_history()}


CASE_NAME_ALIASES = {"sce": "SoftmaxCrossEntropyLoss", "nllloss": "NegativeLogLikelihoodLoss",
                     "mvn": "MeanVarianceNormalization"}
"""Case-name prefixes (squashed) that abbreviate their op: without them the expanded losses
counted as `Constant (expanded)`, after their body's first node."""


def op_of_case(name: str, model: Any, schema_names: dict[str, str]) -> str:
    """The op a case tests: its one node's type, or for a function's expanded body the op whose
    name is the longest prefix of the case's (`test_rotary_embedding_expanded` -> RotaryEmbedding
    (expanded)), or that the prefix abbreviates (`test_sce_mean_expanded`: `CASE_NAME_ALIASES`)."""
    nodes = model.graph.node
    expanded = "_expanded" in name
    if len(nodes) == 1 and not expanded:
        return nodes[0].op_type
    squashed = name.removeprefix("test_").replace("_", "").lower()
    best = max((key for key in schema_names if squashed.startswith(key)), key=len, default=None)
    alias = next((op for prefix, op in CASE_NAME_ALIASES.items() if squashed.startswith(prefix)), None)
    op = alias or (schema_names[best] if best else nodes[0].op_type)
    return f"{op} (expanded)" if expanded else op


def select(cases: Sequence[Case], names: Iterable[str] | None = None, sample: int | None = None,
           seed: int = 0) -> list[Case]:
    """The cases named (in their order), or a seeded random `sample` of them, or all."""
    if names is not None:
        by_name = {case.name: case for case in cases}
        missing = [name for name in names if name not in by_name]
        if missing:
            raise ValueError(f"no conformance case named {', '.join(missing)}")
        return [by_name[name] for name in names]
    if sample is not None and sample < len(cases):
        return sorted(random.Random(seed).sample(list(cases), sample), key=lambda c: c.name)
    return list(cases)


# Comparing -------------------------------------------------------------------------------


def compare_outputs(expected: Sequence[Any], actual: Sequence[Any], rtol: float, atol: float) -> str | None:
    """None when `actual` matches `expected` as ONNX's backend runner checks it, else what differs."""
    if len(actual) != len(expected):
        return f"{len(actual)} output(s), expected {len(expected)}"
    for index, (ref, out) in enumerate(zip(expected, actual, strict=True)):
        if isinstance(ref, list | tuple):
            if not isinstance(out, list | tuple):
                return f"output {index} is {type(out).__name__}, expected a sequence"
            if problem := compare_outputs(ref, out, rtol, atol):
                return f"output {index}: {problem}"
            continue
        ref, out = np.asarray(ref), np.asarray(out)
        if out.shape != ref.shape:
            return f"output {index} has shape {out.shape}, expected {ref.shape}"
        if ref.dtype == object:
            if not np.array_equal(out, ref):
                return f"output {index} differs"
            continue
        if out.dtype != ref.dtype:
            return f"output {index} has dtype {out.dtype}, expected {ref.dtype}"
        output_rtol = rtol
        if out.dtype.name == "bfloat16":
            output_rtol = max(rtol, 2**-6)
            out, ref = out.astype(np.float32), ref.astype(np.float32)
        try:
            np.testing.assert_allclose(out, ref, rtol=output_rtol, atol=atol)
        except AssertionError as exc:
            detail = " ".join(line.strip() for line in str(exc).splitlines() if "Mismatched" in line or "Max" in line)
            return f"output {index} differs: {detail}"
    return None


# In the worker ---------------------------------------------------------------------------


def run_with_xfuse(case: Case) -> Verdict:
    """Load the case's model with `xfuse.onnx.load`, run every data set, compare. The inputs that
    decide a shape or structure (`fixed_values.shape_deciding_inputs`: Slice's starts, Reduce's
    axes, ...) are fixed at load to the first data set's values; every call passes them again and
    the model checks them, so a data set with other values is refused, never run wrong."""
    import onnx
    from xdsl.utils.exceptions import DiagnosticException

    import xfuse.onnx
    from xfuse.onnx.fixed_values import shape_deciding_inputs

    start = time.perf_counter()
    model = onnx.load_from_string(case.model)
    feeds_names = _runtime_input_names(model)
    try:
        fixed = set(shape_deciding_inputs(model))
        first = case.data_sets[0][0] if case.data_sets else []
        compiled = xfuse.onnx.load(model, input_values={name: value for name, value in
                                                        zip(feeds_names, first, strict=False) if name in fixed})
        for inputs, expected in case.data_sets:
            outputs = compiled.run(dict(zip(feeds_names, inputs, strict=False)))
            actual = [outputs[value.name] for value in model.graph.output]
            if problem := compare_outputs(expected, actual, case.rtol, case.atol):
                return Verdict("wrong", problem, time.perf_counter() - start)
    except DiagnosticException as exc:
        return Verdict("refused", str(exc).strip(), time.perf_counter() - start)
    except Exception as exc:  # noqa: BLE001 - any other exception is a bug of the diagnostics
        return Verdict("traceback", f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-4)}",
                       time.perf_counter() - start)
    return Verdict("pass", "", time.perf_counter() - start)


def run_with_onnxruntime(case: Case) -> Verdict:
    """The same with onnxruntime's CPU session: the reference engine's verdict."""
    import onnx
    import onnxruntime

    start = time.perf_counter()
    model = onnx.load_from_string(case.model)
    names = _runtime_input_names(model)
    try:
        options = onnxruntime.SessionOptions()
        options.log_severity_level = 3
        options.intra_op_num_threads = 1
        session = onnxruntime.InferenceSession(case.model, options, providers=["CPUExecutionProvider"])
        for inputs, expected in case.data_sets:
            actual = session.run(None, dict(zip(names, inputs, strict=False)))
            if problem := compare_outputs(expected, actual, case.rtol, case.atol):
                return Verdict("wrong", problem, time.perf_counter() - start)
    except Exception as exc:  # noqa: BLE001 - onnxruntime's errors have no common type
        return Verdict("refused", f"{type(exc).__name__}: {_first_line(str(exc))}", time.perf_counter() - start)
    return Verdict("pass", "", time.perf_counter() - start)


def _runtime_input_names(model: Any) -> list[str]:
    initialized = {init.name for init in model.graph.initializer}
    return [value.name for value in model.graph.input if value.name not in initialized]


def _worker_main(connection: Any, failure_dir: str) -> None:
    """A worker's loop: (engine, case) in, `Verdict` out, until the pipe closes. The worker leads
    a process group of its own, so that a timeout kills it together with the processes it started
    (torch-mlir's helper, xfuse/onnx/isolated.py, hung in a lowering: left running before)."""
    os.setpgrp()
    os.environ["XFUSE_FAILURE_DIR"] = failure_dir  # kept failing inputs: not in the caller's directory
    warnings.simplefilter("ignore")
    engines: dict[str, Callable[[Case], Verdict]] = {"xfuse": run_with_xfuse, "ort": run_with_onnxruntime,
                                                      **_TEST_ENGINES}
    while True:
        try:
            engine, case = connection.recv()
        except EOFError:
            return
        with np.errstate(all="ignore"):
            connection.send(engines[engine](case))


def _abort(case: Case) -> Verdict:
    os.abort()


def _hang(case: Case) -> Verdict:
    """Hangs as a lowering in torch-mlir's helper process can: in a child process, whose pid it
    leaves in the failure directory for the test to see it gone after the timeout."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
    Path(os.environ["XFUSE_FAILURE_DIR"], "hang-for-test.pid").write_text(str(child.pid))
    child.wait()
    return Verdict("pass")


_TEST_ENGINES: dict[str, Callable[[Case], Verdict]] = {"crash-for-test": _abort, "hang-for-test": _hang}
"""Engines the tests use to see a crash and a timeout recorded as such."""


class Worker:
    """A worker process, started again after a crash or a timeout."""

    def __init__(self, failure_dir: str, timeout: float):
        self.failure_dir = failure_dir
        self.timeout = timeout
        self.process: Any = None
        self.connection: Any = None

    def _start(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_worker_main, args=(child, self.failure_dir), daemon=True)
        self.process.start()
        child.close()

    def run(self, engine: str, case: Case) -> Verdict:
        if self.process is None or not self.process.is_alive():
            self._start()
        start = time.perf_counter()
        try:
            self.connection.send((engine, case))
            if self.connection.poll(self.timeout):
                return self.connection.recv()
        except (EOFError, OSError, BrokenPipeError):
            pass
        seconds = time.perf_counter() - start
        self.process.join(timeout=1.0)
        if self.process.is_alive():
            self.stop()
            return Verdict("timeout", f"no result after {self.timeout:.0f} s", seconds)
        code = self.process.exitcode
        self.process = None
        return Verdict("crash", f"the process died: {_exit_text(code)}", seconds)

    def stop(self) -> None:
        """Kill the worker and every process of its group (`_worker_main`)."""
        if self.process is not None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):  # not yet its own group leader
                self.process.kill()
            self.process.join()
            self.process = None


def _exit_text(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"exit {code}"


def run_cases(cases: Sequence[Case], *, jobs: int = 1, timeout: float = CASE_TIMEOUT, with_ort: bool = True,
              progress: Callable[[CaseResult], None] | None = None) -> list[CaseResult]:
    """Every case's verdicts, in order, `jobs` workers at a time."""
    failure_dir = tempfile.mkdtemp(prefix="xfuse-conformance-failures-")
    local = threading.local()
    workers: list[Worker] = []
    lock = threading.Lock()

    def worker() -> Worker:
        if not hasattr(local, "worker"):
            local.worker = Worker(failure_dir, timeout)
            with lock:
                workers.append(local.worker)
        return local.worker

    def one(case: Case) -> CaseResult:
        result = CaseResult(case.name, case.op, Verdict("not run"))
        if with_ort:
            result.ort = worker().run("ort", case)
        result.xfuse = worker().run("xfuse", case)
        if progress:
            with lock:
                progress(result)
        return result

    try:
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            return list(pool.map(one, cases))
    finally:
        for each in workers:
            each.stop()
        try:
            os.rmdir(failure_dir)  # kept only when it holds a failing input
        except OSError:
            pass


# Reports ---------------------------------------------------------------------------------


def counts(results: Sequence[CaseResult]) -> dict[str, int]:
    """Totals: each xfuse verdict, onnxruntime's passes, and xfuse's passes among them."""
    total = Counter(result.xfuse.verdict for result in results)
    ort_pass = [result for result in results if result.ort.verdict == "pass"]
    return {"cases": len(results), **{verdict: total[verdict] for verdict in VERDICTS},
            "ort_pass": len(ort_pass), "pass_among_ort_pass": sum(r.xfuse.verdict == "pass" for r in ort_pass)}


def markdown_table(results: Sequence[CaseResult]) -> str:
    """The verdicts by op: one row per op, then the total."""
    by_op: dict[str, list[CaseResult]] = defaultdict(list)
    for result in results:
        by_op[result.op].append(result)
    header = ("| op | cases | ORT pass | pass | pass among ORT pass | refused | wrong | crash | timeout | traceback |\n"
              "|---|---|---|---|---|---|---|---|---|---|")
    rows = [header]
    for op in sorted(by_op, key=str.lower):
        rows.append(_row(op, counts(by_op[op])))
    rows.append(_row("**total**", counts(results)))
    return "\n".join(rows) + "\n"


def _row(label: str, c: dict[str, int]) -> str:
    cells = [c["cases"], c["ort_pass"], c["pass"], c["pass_among_ort_pass"], c["refused"], c["wrong"], c["crash"],
             c["timeout"], c["traceback"]]
    return f"| {label} | " + " | ".join(str(x) for x in cells) + " |"


def refusal_reasons(results: Sequence[CaseResult], top: int = 40) -> list[tuple[int, str]]:
    """The most frequent refusals, their messages with names and numbers blurred."""
    reasons = Counter(_reason(result.xfuse.message) for result in results if result.xfuse.verdict == "refused")
    return [(count, reason) for reason, count in reasons.most_common(top)]


def _reason(message: str) -> str:
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    text = " ".join(lines[:2])
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r"\b\d+\b", "#", text)
    return text[:200]


def markdown_report(results: Sequence[CaseResult]) -> str:
    """The table by op, the bugs (wrong, crash, timeout, traceback) by name, the main refusals."""
    c = counts(results)
    share = f"{100 * c['pass_among_ort_pass'] / c['ort_pass']:.0f}%" if c["ort_pass"] else "n/a"
    lines = [f"{c['cases']} cases: xfuse passes {c['pass']}, onnxruntime {c['ort_pass']}; of onnxruntime's "
             f"passes xfuse passes {c['pass_among_ort_pass']} ({share}). Refused {c['refused']}, wrong {c['wrong']}, "
             f"crash {c['crash']}, timeout {c['timeout']}, traceback {c['traceback']}.", "", markdown_table(results)]
    bugs = [result for result in results if result.xfuse.verdict in BAD_VERDICTS]
    if bugs:
        lines += ["Wrong, crashed, timed out or a traceback:", ""]
        lines += [f"- `{r.name}` ({r.op}): {r.xfuse.verdict}: {_first_line(r.xfuse.message)}" for r in bugs]
        lines.append("")
    reasons = refusal_reasons(results)
    if reasons:
        lines += ["Refusals by reason (names and numbers blurred):", ""]
        lines += [f"- {count} × {reason}" for count, reason in reasons]
        lines.append("")
    return "\n".join(lines)


def write_json(results: Sequence[CaseResult], path: str | Path) -> None:
    Path(path).write_text(json.dumps({"counts": counts(results), "cases": [asdict(r) for r in results]}, indent=1) + "\n")


def _first_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[0] if lines else ""

"""`xfuse-run`: transform a module, compile it with mlir-opt & LLVM 22, run it on random inputs.

    xfuse-run FILE [-p PASSES] [--entry F] [--check] [--bench N] [--seed S]
                   [--dynamic-size N] [--pipeline NAME] [--reference-pipeline NAME]
                   [--threads N] [--runtime-checks] [--print-ir]

Parses FILE, applies the xDSL-style pass pipeline PASSES (xDSL's passes and xfuse's), compiles the
entry function (default: the only public one) and calls it on seeded random inputs, then prints
one line per result: type, shape and a checksum. `--check` also compiles the untransformed input,
runs it on the same inputs and compares (exit 1 on a mismatch), lowered by `--reference-pipeline`
(default: the same pipeline), so that `--pipeline xfuse-bufferize --check --reference-pipeline
default` compares xfuse's bufferization with mlir-opt's. After `-p ...,xfuse-bufferize` the
transformed function takes memrefs where the input took tensors of the same shapes: `--check`
compares its results, and its memref arguments after the call with the input's arguments (a
bufferized function must not write an argument unless it is `bufferization.writable`).
`--threads N` runs the compiled code on N threads (default 1; N > 1: the forall loops on LLVM's
OpenMP runtime, `pipelines.with_threads`); under `--check` the untransformed input runs on one
thread, so the check also compares the parallel code with single-thread code.
`--bench N` prints the median and
minimum time of N calls (only the call of the compiled function is timed). `--profile N` prints
where the time of N calls goes: each fused group's (each top-level computation's) median time,
GFLOP/s and share of the call (xfuse/backends/profile.py, docs/profile.md). `--runtime-checks`
lowers with MLIR's `generate-runtime-verification` (`pipelines.with_runtime_checks`): input whose
slices run out of bounds at run time (undefined behaviour no verifier sees) then aborts with the op
and its location, exit 134, instead of silently writing past a buffer.

Bad input of any kind ends with `xfuse-run: error: ...` and exit code 1, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import numpy as np

from xfuse.diagnostics import describe

TOLERANCES = {"f": {2: (1e-2, 1e-2), 4: (1e-4, 1e-4), 8: (1e-9, 1e-9)}}
"""(rtol, atol) per float kind and item size; integers and booleans must match exactly."""


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # exit 1 like every other xfuse-run error
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(1)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text}")
    return value


def build_argument_parser() -> argparse.ArgumentParser:
    from xfuse.backends.pipelines import PIPELINES

    parser = _ArgumentParser(prog="xfuse-run", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="MLIR input (custom or generic form)")
    parser.add_argument("-p", "--passes", default="", help="xDSL pass pipeline, e.g. 'xfuse-tile{tile-sizes=32,32}'")
    parser.add_argument("--entry", help="function to run (default: the only public function)")
    parser.add_argument("--check", action="store_true",
                        help="also run the untransformed input and compare the results")
    parser.add_argument("--bench", type=_positive, metavar="N", help="time N calls; print median and min")
    parser.add_argument("--profile", type=_positive, metavar="N",
                        help="time N calls per fused group (top-level computation); print each one's share")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random inputs (default 0)")
    parser.add_argument("--dynamic-size", type=_positive, default=8, metavar="N",
                        help="size given to every dynamic dimension of the inputs (default 8)")
    parser.add_argument("--pipeline", choices=sorted(PIPELINES),
                        help="lowering pipeline (default: 'microkernel' for tensor code, 'memref' for bufferized code)")
    parser.add_argument("--reference-pipeline", choices=sorted(PIPELINES),
                        help="lowering pipeline of the untransformed input under --check (default: as --pipeline)")
    parser.add_argument("--threads", type=_positive, default=1, metavar="N",
                        help="threads the compiled code runs on (default 1; N > 1: LLVM's OpenMP runtime)")
    parser.add_argument("--runtime-checks", action="store_true",
                        help="insert MLIR's runtime verification into both lowerings: an out-of-bounds "
                             "subview, load or store aborts (exit 134) naming the op and its location")
    parser.add_argument("--print-ir", action="store_true", help="print the transformed module before running")
    parser.add_argument("--rtol", type=float, help="relative tolerance of --check (default per dtype)")
    parser.add_argument("--atol", type=float, help="absolute tolerance of --check (default per dtype)")
    return parser


def _observed(outputs: list[Any], inputs: list[Any], signature: Any) -> list[tuple[str, Any]]:
    """Results, then memref arguments (which a call may update in place)."""
    named = [(f"result #{i}", value) for i, value in enumerate(outputs)]
    named += [
        (f"argument #{i} (after the call)", value)
        for i, (spec, value) in enumerate(zip(signature.inputs, inputs, strict=True))
        if not spec.is_scalar and not spec.is_tensor
    ]
    return named


def _comparable(reference: Any, transformed: Any) -> bool:
    """Same arguments and results (dtype and shape), a tensor of the input possibly a memref of the
    same shape in the transformed module (`xfuse-bufferize`)."""
    def specs(signature: Any) -> list[tuple[str, tuple[int | None, ...] | None, bool]]:
        return [(str(s.dtype), s.shape, s.is_scalar) for s in (*signature.inputs, *signature.results)]
    return specs(reference) == specs(transformed)


def _copies(values: list[Any]) -> list[Any]:
    return [v.copy() if isinstance(v, np.ndarray) else v for v in values]


def _checksum(value: Any) -> str:
    array = np.asarray(value)
    if array.dtype == np.bool_:
        return f"{int(array.sum())} true"
    return f"{float(np.sum(array, dtype=np.float64)):.6g}"


def _describe_value(name: str, spec_type: str, value: Any) -> str:
    array = np.asarray(value)
    shape = "x".join(map(str, array.shape)) if array.shape else "scalar"
    return f"{name}: {spec_type} shape {shape} checksum {_checksum(array)}"


def _compare(name: str, got: Any, expected: Any, rtol: float | None, atol: float | None) -> tuple[bool, str]:
    got_a, expected_a = np.asarray(got), np.asarray(expected)
    if got_a.shape != expected_a.shape or got_a.dtype != expected_a.dtype:
        return False, (f"{name}: got {got_a.dtype} of shape {got_a.shape}, "
                       f"the untransformed input gives {expected_a.dtype} of shape {expected_a.shape}")
    if got_a.dtype.kind == "f":
        default_rtol, default_atol = TOLERANCES["f"].get(got_a.dtype.itemsize, (1e-4, 1e-4))
        rtol = default_rtol if rtol is None else rtol
        atol = default_atol if atol is None else atol
    else:
        rtol = 0.0 if rtol is None else rtol
        atol = 0.0 if atol is None else atol
    g, e = got_a.astype(np.float64), expected_a.astype(np.float64)
    error = float(np.max(np.abs(g - e))) if g.size else 0.0
    close = np.isclose(g, e, rtol=rtol, atol=atol, equal_nan=True)
    if bool(np.all(close)):
        return True, f"{name}: ok (max abs error {error:.3g}, rtol {rtol:g}, atol {atol:g})"
    first = tuple(int(i) for i in np.argwhere(~close)[0])
    return False, (f"{name} differs from the untransformed input: max abs error {error:.3g} "
                   f"(rtol {rtol:g}, atol {atol:g}); {int((~close).sum())} of {close.size} elements "
                   f"differ, first at index {first}: got {got_a[first].item()!r}, expected {expected_a[first].item()!r}")


def run_tool(args: argparse.Namespace) -> int:
    from xdsl.printer import Printer

    from xfuse.backends.runner import compile_module, random_inputs
    from xfuse.context import make_context
    from xfuse.parsing import parse_file
    from xfuse.passes import apply_passes

    ctx = make_context()
    module = parse_file(args.file, ctx)  # verified: IR that does not verify is located at its op
    reference = module.clone() if args.check else None
    if args.passes:
        apply_passes(module, args.passes, ctx)
    if args.print_ir:
        Printer(stream=sys.stdout).print_op(module)
        print()

    profiled = module.clone() if args.profile else None
    compiled = compile_module(module, args.entry, _pipeline(args.pipeline, module, args.runtime_checks),
                              threads=args.threads)
    signature = compiled.signature
    inputs = random_inputs(signature, seed=args.seed, dynamic_dim=args.dynamic_size)
    call_inputs = _copies(inputs)
    observed = _observed(compiled(*call_inputs), call_inputs, signature)
    threads = f", {args.threads} threads" if args.threads > 1 else ""
    print(f"{signature} [pipeline {compiled.pipeline.name}{threads}, seed {args.seed}]")
    types = [s.mlir_type for s in signature.results] + [
        s.mlir_type for s in signature.inputs if not s.is_scalar and not s.is_tensor
    ]
    for (name, value), mlir_type in zip(observed, types, strict=True):
        print(_describe_value(name, mlir_type, value))

    status = 0
    if reference is not None:
        reference_pipeline = args.reference_pipeline or args.pipeline
        reference_compiled = compile_module(reference, compiled.entry,
                                            _pipeline(reference_pipeline, reference, args.runtime_checks))
        if not _comparable(reference_compiled.signature, signature):
            raise _UserError(f"--check: the transformed signature {signature} differs from the untransformed "
                             f"{reference_compiled.signature}")
        reference_inputs = _copies(inputs)
        expected = _observed(reference_compiled(*reference_inputs), reference_inputs, signature)
        # Memref arguments (a bufferized function) are compared with the untransformed function's
        # arguments after its call: unchanged, unless marked `bufferization.writable = true`.
        failures = []
        for (name, got), (_, want) in zip(observed, expected, strict=True):
            ok, message = _compare(name, got, want, args.rtol, args.atol)
            print(f"check {message}")
            if not ok:
                failures.append(message)
        if failures:
            print(f"xfuse-run: error: --check failed: {failures[0]}", file=sys.stderr)
            status = 1
        else:
            print("check: ok, the transformed module matches the untransformed input")

    if args.bench:
        times = np.array(compiled.benchmark(*_copies(inputs), repeat=args.bench))
        print(f"bench: median {np.median(times) * 1e3:.4f} ms, min {times.min() * 1e3:.4f} ms "
              f"over {args.bench} runs")
    if profiled is not None:
        from xfuse.backends.profile import profile_module

        from xfuse.backends.pipelines import get_pipeline, with_threads

        pipeline = with_threads(get_pipeline(args.pipeline), args.threads) if args.threads > 1 else args.pipeline
        print(profile_module(profiled, *_copies(inputs), entry=compiled.entry, pipeline=pipeline,
                             repeat=args.profile).text())
    return status


def _pipeline(name: str | None, module: Any, runtime_checks: bool) -> Any:
    """The pipeline named (None: the default for the module), with runtime checks if asked."""
    if not runtime_checks:
        return name
    from xfuse.backends.pipelines import get_pipeline, with_runtime_checks
    from xfuse.backends.runner import default_pipeline_for

    return with_runtime_checks(get_pipeline(name) if name else default_pipeline_for(module))


class _UserError(Exception):
    pass


def main(argv: Sequence[str] | None = None) -> None:
    args = build_argument_parser().parse_args(argv)
    try:
        status = run_tool(args)
    except _UserError as exc:
        print(f"xfuse-run: error: {exc}", file=sys.stderr)
        sys.exit(1)
    except Exception as exc:  # noqa: BLE001 - expected user errors are reported, bugs re-raised
        text = describe(exc)
        if text is None:
            raise
        print(f"xfuse-run: {text}" if text.startswith("error:") else text, file=sys.stderr)
        sys.exit(1)
    sys.stdout.flush()
    sys.exit(status)


if __name__ == "__main__":
    main()

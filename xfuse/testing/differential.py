"""Differential testing of xfuse's passes on random programs (xfuse.testing.random_programs).

For a pass pipeline and a list of seeds: generate the programs, mark ops for `xfuse-tile` when
the pipeline tiles, run the pipeline, compile the input and the output through the backend
(mlir-opt 22 + LLVM) and compare their results on seeded random inputs. Every program gets an
`Outcome`:

- `ok`: same results (and, after `xfuse-bufferize`, the inputs left untouched);
- `refused`: the pipeline raised an `XfuseError` (a located refusal); its reason, with values
  and locations stripped, is the `category`, so a summary shows which refusals happen how often;
- `crash` (any other exception: a traceback), `rejected` (mlir-opt/LLVM rejects the output),
  `mismatch` (different results): bugs;
- `generator`: the *input* does not compile, a bug of the generator.

Several programs are compiled as one module (one function each), so a batch costs two compiles;
when the pipeline fails on the batch, each program is rerun alone to find out which one failed.

Command line (run it with `nice`: it uses one core):

    python -m xfuse.testing.differential --count 2000 --passes all --save-failures tests/random_corpus
"""

from __future__ import annotations

import argparse
import os
import tempfile
import contextlib
import io
import random
import re
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from pathlib import Path

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import DenseArrayBase, ModuleOp, i64
from xdsl.printer import Printer

from xfuse.backends.mlir_text import prepare_for_execution
from xfuse.backends.runner import BackendError, compile_module, random_inputs
from xfuse.diagnostics import XfuseError
from xfuse.interfaces.tiling import IteratorType, tiling_model_for
from xfuse.parsing import parse
from xfuse.passes import apply_passes
from xfuse.testing.random_programs import DYNAMIC_SIZE, ELEMENT_TYPES, generate

__all__ = [
    "PIPELINES",
    "Outcome",
    "assert_same_results",
    "main",
    "mark_for_tiling",
    "result_difference",
    "run_batch",
    "run_module_text",
]

PIPELINES: dict[str, str] = {
    "tile-for": "xfuse-tile{loop=for}",
    "tile-forall": "xfuse-tile{loop=forall}",
    "fuse-producers": "xfuse-tile{loop=forall},xfuse-fuse-producers",
    "fuse-producers-for": "xfuse-tile{loop=for},xfuse-fuse-producers",
    "fuse-consumers": "xfuse-tile{loop=forall},xfuse-fuse-consumers",
    "fuse-consumers-for": "xfuse-tile{loop=for},xfuse-fuse-consumers",
    "fuse-both": "xfuse-tile{loop=forall},xfuse-fuse-producers,xfuse-fuse-consumers,canonicalize,cse",
    "diffusion": "xfuse-diffusion{root-tile-sizes=4,8}",
    "diffusion-for": "xfuse-diffusion{root-tile-sizes=4,8 root-loop=for}",
    "diffusion-bufferize": "xfuse-diffusion{root-tile-sizes=16,32},canonicalize,cse,xfuse-bufferize",
    "diffusion-cleanup": "xfuse-diffusion{root-tile-sizes=3,5},xfuse-loop-cleanup,canonicalize,cse",
    "diffusion-all-in-loops": "xfuse-tile{loop=forall},xfuse-diffusion{seeds=all-in-loops}",
    "diffusion-for-nests": "xfuse-tile{loop=for},xfuse-diffusion{seeds=all-in-loops}",
    "diffusion-no-recompute": "xfuse-tile{loop=forall},xfuse-diffusion{cost-model=no-recompute}",
    "bufferize": "xfuse-bufferize",
    "merge-elementwise": "xfuse-merge-elementwise",
    "lower-pack-unpack": "xfuse-lower-pack-unpack,cse",
    "data-tiling": "xfuse-set-encoding,xfuse-materialize-encoding{target=host},xfuse-generic-to-mmt4d",
    "data-tiling-fused": "xfuse-set-encoding,xfuse-materialize-encoding{target=host},xfuse-generic-to-mmt4d,"
                         "xfuse-diffusion{root-tile-sizes=1,1 cost-model=no-recompute}",
}
"""Named pipelines: every xfuse pass, and the pipelines the docs show."""

TILE_SIZES = (0, 1, 2, 3, 4, 5, 8, 16)
RTOL = ATOL = 2e-4


@dataclass
class Outcome:
    seed: int
    pipeline: str
    kind: str
    """ok, refused, crash, rejected, mismatch or generator."""
    detail: str = ""
    category: str = ""
    text: str = ""
    """The program (marked, generic form) for failures: a reproducer."""

    @property
    def is_bug(self) -> bool:
        return self.kind in ("crash", "rejected", "mismatch", "generator")


def mark_for_tiling(module: ModuleOp, seed: int, parallel: bool = False) -> None:
    """Give ops of every function `xfuse.tile_sizes` (seeded): each op with a tiling model gets
    sizes with probability 1/2, at least one op per function, each size from `TILE_SIZES`.
    `parallel` (for `loop=forall`, which refuses to tile reductions): reduction loops get size
    0, but one time in ten, so that refusal stays tested."""
    for function in module.ops:
        if not isinstance(function, func.FuncOp):
            continue
        # Seeded by function too: a function's marks do not depend on the others in the module.
        rng = random.Random(f"{seed}:{function.sym_name.data}")
        tileable = []
        for op in function.walk():
            if op.name == "tensor.empty":
                continue
            try:
                model = tiling_model_for(op)
            except XfuseError:
                continue
            if model is None:
                continue
            tileable.append((op, model.get_loop_iterator_types(op)))
        chosen = [t for t in tileable if rng.random() < 0.5] or tileable[:1]
        keep_reductions = not parallel or rng.random() < 0.1
        for op, iterators in chosen:
            sizes = [rng.choice(TILE_SIZES) if keep_reductions or it == IteratorType.PARALLEL else 0
                     for it in iterators]
            op.attributes["xfuse.tile_sizes"] = DenseArrayBase.from_list(i64, sizes)


def _generic_text(module: ModuleOp) -> str:
    from io import StringIO

    out = StringIO()
    Printer(stream=out, print_generic_format=True).print_op(module)
    return out.getvalue()


def _categorize(message: str) -> str:
    """A refusal's reason without locations, names and numbers, so equal reasons count together."""
    first = message.strip().splitlines()[0] if message.strip() else message
    first = re.sub(r"^.*?(error|remark): ", "", first)
    # Quoted op names stay (which op is refused matters); other quoted text goes.
    first = re.sub(
        r"'([^']*)'",
        lambda m: m.group(0) if re.fullmatch(r"[a-z_]+\.[a-z_.]+", m.group(1)) else "'…'",
        first,
    )
    first = re.sub(r"%[\w.$-]+|<ssa value>|\b\d+\b", "#", first)
    return first[:160]


def _is_bufferizing(spec: str) -> bool:
    return "xfuse-bufferize" in spec


def _transform(text: str, spec: str, seed_for_marks: int | None) -> ModuleOp:
    module = parse(text)
    if seed_for_marks is not None:
        mark_for_tiling(module, seed_for_marks, "loop=forall" in spec)
    if _is_bufferizing(spec):
        module = prepare_for_execution(module)
    with contextlib.redirect_stderr(io.StringIO()):  # the sweeps' remarks: refusals are fine
        return apply_passes(module, spec)


def result_difference(reference: Callable[..., Sequence[Any]], candidate: Callable[..., Sequence[Any]],
                      inputs: Sequence[Any], check_inputs: bool, rtol: float = RTOL,
                      atol: float = ATOL) -> str | None:
    """Call both on copies of `inputs`; what differs (results, or with `check_inputs` an argument
    the candidate wrote into), or None when they agree."""
    expected = reference(*[np.copy(x) for x in inputs])
    given = [np.copy(x) for x in inputs]
    got = candidate(*given)
    if len(got) != len(expected):
        return f"{len(got)} results, expected {len(expected)}"
    for index, (g, e) in enumerate(zip(got, expected, strict=True)):
        exact = np.issubdtype(e.dtype, np.integer) or e.dtype == np.bool_  # integers: bit for bit
        if g.shape != e.shape or g.dtype != e.dtype or not (
                np.array_equal(g, e) if exact else np.allclose(g, e, rtol=rtol, atol=atol)):
            worst = float(np.max(np.abs(g.astype(np.float64) - e))) if g.shape == e.shape else float("nan")
            return f"result #{index} differs (max abs error {worst:g}, shapes {g.shape} {e.shape})"
    if check_inputs:
        for index, (after, before) in enumerate(zip(given, inputs, strict=True)):
            if not np.array_equal(after, before):
                return f"the transformed function wrote into argument #{index}"
    return None


def assert_same_results(reference: Callable[..., Sequence[Any]], candidate: Callable[..., Sequence[Any]],
                        inputs: Sequence[Any], what: str, tolerance: float = 1e-5) -> None:
    """Both functions on copies of `inputs`: equal results, and the candidate leaves its inputs
    untouched (the runner passes arguments a bufferized function must not write)."""
    difference = result_difference(reference, candidate, inputs, True, tolerance, tolerance)
    assert difference is None, f"{what}: {difference}"


def _compare(reference, candidate, name: str, seed: int, check_inputs: bool) -> str | None:
    return result_difference(
        lambda *a: reference.call(name, *a), lambda *a: candidate.call(name, *a),
        random_inputs(reference.signatures[name], seed=seed, dynamic_dim=DYNAMIC_SIZE), check_inputs,
    )


def run_module_text(text: str, spec: str, mark_seed: int | None, seed: int = 0) -> list[Outcome]:
    """Run `spec` on a module text (one function per program; a corpus file) and compare every
    public function. `mark_seed`: mark ops for tiling with this seed (None: keep the text's marks)."""
    return _run(text, [_name_seed(f) for f in _function_names(text)], spec, mark_seed, seed)


def _function_names(text: str) -> list[str]:
    return [f.sym_name.data for f in parse(text).ops if isinstance(f, func.FuncOp)]


def _name_seed(name: str) -> tuple[str, int]:
    digits = re.sub(r"\D", "", name)
    return name, int(digits) if digits else 0


def _run(text: str, functions: Sequence[tuple[str, int]], spec: str, mark_seed: int | None,
         input_seed: int) -> list[Outcome]:
    # The pipeline first (cheap): when it fails on a batch, find the failing programs without
    # compiling anything, and run the others as a smaller batch.
    try:
        transformed = _transform(text, spec, mark_seed)
    except Exception as error:  # noqa: BLE001 - classified below
        if len(functions) > 1:
            return _split_on_pass_failure(text, functions, spec, mark_seed, input_seed)
        if isinstance(error, XfuseError):
            return [Outcome(functions[0][1], spec, "refused", str(error), _categorize(str(error)))]
        return [Outcome(functions[0][1], spec, "crash", traceback.format_exc()[-3000:],
                        text=_marked_text(text, spec, mark_seed))]
    try:
        reference = compile_module(parse(text), functions[0][0])
    except Exception as error:  # noqa: BLE001 - the generator made something the backend refuses
        return [Outcome(s, spec, "generator", f"{type(error).__name__}: {error}"[:2000], text=text)
                for _, s in functions]
    marked_text = _marked_text(text, spec, mark_seed)
    try:
        candidate = compile_module(transformed, functions[0][0],
                                   pipeline="memref" if _is_bufferizing(spec) else None)
    except BackendError as error:
        if len(functions) > 1:
            return _run_each(text, functions, spec, mark_seed, input_seed)
        return [Outcome(functions[0][1], spec, "rejected", str(error)[:3000], text=marked_text)]
    outcomes = []
    for name, seed in functions:
        try:
            problem = _compare(reference, candidate, name, input_seed + seed,
                               check_inputs=_is_bufferizing(spec))
        except Exception:  # noqa: BLE001
            problem = traceback.format_exc()[-3000:]
        if problem is None:
            outcomes.append(Outcome(seed, spec, "ok"))
        else:
            outcomes.append(Outcome(seed, spec, "mismatch", f"@{name}: {problem}",
                                    text=_subset(marked_text, [name]) if len(functions) > 1 else marked_text))
    return outcomes


def _marked_text(text: str, spec: str, mark_seed: int | None) -> str:
    """The program as the pipeline saw it (with its tiling marks), for reproducers."""
    if mark_seed is None:
        return text
    module = parse(text)
    mark_for_tiling(module, mark_seed, "loop=forall" in spec)
    return _generic_text(module)


def _split_on_pass_failure(text, functions, spec, mark_seed, input_seed) -> list[Outcome]:
    """Run the pipeline on each program alone; those it fails on get their outcome, the others
    run on as one batch."""
    outcomes: list[Outcome] = []
    passing: list[tuple[str, int]] = []
    for name, seed in functions:
        alone = _subset(text, [name])
        try:
            _transform(alone, spec, mark_seed)
        except Exception:  # noqa: BLE001
            outcomes += _run(alone, [(name, seed)], spec, mark_seed, input_seed)
            continue
        passing.append((name, seed))
    if passing:
        outcomes += _run(_subset(text, [n for n, _ in passing]), passing, spec, mark_seed, input_seed)
    return outcomes


def _subset(text: str, names: Sequence[str]) -> str:
    """The module text holding only the functions `names`."""
    module = parse(text)
    for function in list(module.ops):
        if isinstance(function, func.FuncOp) and function.sym_name.data not in names:
            function.detach()
            function.erase()
    return _generic_text(module)


def _run_each(text, functions, spec, mark_seed, input_seed) -> list[Outcome]:
    outcomes = []
    for name, seed in functions:
        outcomes += _run(_subset(text, [name]), [(name, seed)], spec, mark_seed, input_seed)
    return outcomes


def run_batch(seeds: Sequence[int], pipeline: str, max_ops: int = 6, dynamic: bool = False,
              element: str = "f32") -> list[Outcome]:
    """Generate the programs of `seeds` (on dynamic shapes with `dynamic`, of `element`s), one
    function each in one module, run `pipeline` (a key of `PIPELINES` or a spec) and compare."""
    spec = PIPELINES.get(pipeline, pipeline)
    programs = [generate(seed, max_ops=max_ops, dynamic=dynamic, element=element) for seed in seeds]
    text = "\n".join(p.text for p in programs)
    tiles = "xfuse-tile" in spec
    outcomes = _run(text, [(p.name, p.seed) for p in programs], spec,
                    0 if tiles else None, 0)
    return outcomes


def summarize(outcomes: Iterable[Outcome]) -> str:
    outcomes = list(outcomes)
    lines = []
    by_pipeline: dict[str, Counter] = {}
    refusals: Counter = Counter()
    for o in outcomes:
        by_pipeline.setdefault(o.pipeline, Counter())[o.kind] += 1
        if o.kind == "refused":
            refusals[o.category] += 1
    kinds = ("ok", "refused", "crash", "rejected", "mismatch", "generator")
    lines.append(f"{'pipeline':<75} " + " ".join(f"{k:>9}" for k in kinds))
    for spec, counts in by_pipeline.items():
        lines.append(f"{spec:<75} " + " ".join(f"{counts[k]:>9}" for k in kinds))
    total = Counter(o.kind for o in outcomes)
    lines.append(f"{'total':<75} " + " ".join(f"{total[k]:>9}" for k in kinds))
    if refusals:
        lines.append("refusals by reason:")
        lines += [f"  {n:>6}  {reason}" for reason, n in refusals.most_common()]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m xfuse.testing.differential",
        description="Run random linalg/tensor programs through xfuse pipelines and compare the "
        "results with the untransformed programs (mlir-opt 22 + LLVM, random inputs).")
    parser.add_argument("--count", type=int, default=100, help="programs per pipeline")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--passes", default="all",
                        help=f"comma-separated names among {', '.join(PIPELINES)}, or 'all'; a "
                        "name not among them is taken as a pass pipeline spec")
    parser.add_argument("--batch", type=int, default=12, help="programs per compiled module")
    parser.add_argument("--max-ops", type=int, default=6)
    parser.add_argument("--dynamic", action="store_true",
                        help="programs on dynamic shapes (each `?` dim is 8 at run time)")
    parser.add_argument("--element", choices=ELEMENT_TYPES, default="f32",
                        help="element type of the programs (i32: wrapping integer arithmetic, "
                        "compared exactly)")
    parser.add_argument("--save-failures", type=Path, default=None,
                        help="directory where each failing program is written (generic form)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each failure in full")
    args = parser.parse_args(argv)
    # mlir-opt failures keep their text under XFUSE_FAILURE_DIR: not in the working directory.
    os.environ.setdefault("XFUSE_FAILURE_DIR", tempfile.mkdtemp(prefix="xfuse-random-"))
    names = list(PIPELINES) if args.passes == "all" else [p.strip() for p in _split_specs(args.passes)]
    outcomes: list[Outcome] = []
    started = time.monotonic()
    for name in names:
        for first in range(args.start, args.start + args.count, args.batch):
            seeds = list(range(first, min(first + args.batch, args.start + args.count)))
            batch = run_batch(seeds, name, args.max_ops, args.dynamic, args.element)
            outcomes += batch
            for o in batch:
                if o.is_bug:
                    print(f"{o.kind.upper()}: seed {o.seed}, {o.pipeline}: {_headline(o)}", flush=True)
                    if args.verbose:
                        print(o.detail)
                    if args.save_failures is not None:
                        _save(args.save_failures, o, name)
        print(f"[{time.monotonic() - started:.0f}s] {name}: done", file=sys.stderr, flush=True)
    print(summarize(outcomes))
    return 1 if any(o.is_bug for o in outcomes) else 0


def _headline(outcome: Outcome) -> str:
    """The line of a failure's detail that says what went wrong."""
    lines = [line for line in outcome.detail.strip().splitlines() if line.strip()]
    if not lines:
        return ""
    if outcome.kind == "crash":
        return lines[-1]
    errors = [line for line in lines if "error" in line.lower()]
    return (errors or lines)[0][:300]


def _split_specs(text: str) -> list[str]:
    """Comma-separated names; a spec with its own commas goes inside braces-aware splitting."""
    if text in PIPELINES or "{" not in text and all(p in PIPELINES for p in text.split(",")):
        return text.split(",")
    return [text]


def _save(directory: Path, outcome: Outcome, name: str) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    spec = PIPELINES.get(name, name)
    path = directory / f"{name}-{outcome.seed}.mlir"
    header = "".join(f"// {line}\n" for line in [
        f"pipeline: {spec}", f"found by: random program seed {outcome.seed} ({outcome.kind})",
        *outcome.detail.strip().splitlines()[-3:]])
    path.write_text(header + outcome.text)


if __name__ == "__main__":
    sys.exit(main())

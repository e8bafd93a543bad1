"""How many buffers and copies each bufferizer creates: xfuse-bufferize vs mlir-opt's one-shot-bufferize.

    python -m benchmarks.bufferize_allocs [CASE.mlir ...]   # default: tests/bufferize_cases/*.mlir

For every case (a module on tensors) the tool bufferizes the same input twice and counts, in the
IR each bufferizer produces, the static occurrences of the ops that allocate or copy a buffer:

- mlir-opt: `one-shot-bufferize{bufferize-function-boundaries
  function-boundary-type-conversion=identity-layout-map}` (as the backend's `default` pipeline,
  without deallocation), plus the options a case asks for in a line
  `// MLIR-OPT-BUFFERIZE-OPTIONS: ...` (swapped_iter_args needs `allow-return-allocs-from-loops`,
  which upstream refuses otherwise);
- xfuse: the `xfuse-bufferize` pass, in Python.

"best" is the fewer (allocations + copies) of one-shot-bufferize followed by `cse,canonicalize`,
with and without `eliminate-empty-tensors` before it: the tests require xfuse to make no more
allocations and no more copies than that.

Both see the module as the runner prepares it (`prepare_for_execution`: public tensor arguments
are `bufferization.writable = false`), so the counts are those of the code that actually runs.
Counted ops: `memref.alloc`, `memref.alloca`, `memref.copy`, `bufferization.alloc_tensor`,
`bufferization.clone`, `linalg.copy` (deallocations are not counted: mlir-opt inserts them in a
later pass). Counts are static (an op in a loop counts once). Prints a markdown table
(docs/bufferize-comparison.md holds its last output).
"""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from xdsl.dialects.builtin import ModuleOp

from xfuse.backends import toolchain
from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
from xfuse.backends.pipelines import BUFFERIZE, DEALLOCATE, DEFAULT, Pipeline, Step

CASES = Path(__file__).resolve().parent.parent / "tests" / "bufferize_cases"

ALLOC_OPS = ("memref.alloc", "memref.alloca", "bufferization.alloc_tensor")
COPY_OPS = ("memref.copy", "bufferization.clone", "linalg.copy")
_COUNTED = re.compile(r'"(' + "|".join(re.escape(op) for op in ALLOC_OPS + COPY_OPS) + r')"\s*\(')
_OPTIONS = re.compile(r"^//\s*MLIR-OPT-BUFFERIZE-OPTIONS:\s*(.*)$", re.MULTILINE)
_NO_DEALLOCATION = re.compile(r"^//\s*MLIR-OPT-NO-DEALLOCATION:", re.MULTILINE)

UPSTREAM_OPTIONS = "bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"


def upstream_options(case_text: str) -> str:
    """one-shot-bufferize's options for a case: the backend's, plus the case's own."""
    extra = " ".join(m.strip() for m in _OPTIONS.findall(case_text))
    return f"{UPSTREAM_OPTIONS} {extra}".strip()


def reference_pipeline(case_text: str) -> Pipeline:
    """The backend's `default` pipeline with the case's one-shot-bufferize options, and without
    deallocation when the case says `// MLIR-OPT-NO-DEALLOCATION: <why>` (the reference then leaks
    its temporaries, which is harmless in a test)."""
    options = upstream_options(case_text)
    no_deallocation = _NO_DEALLOCATION.search(case_text) is not None
    if options == UPSTREAM_OPTIONS and not no_deallocation:
        return DEFAULT
    bufferize = Step(f"one-shot-bufferize{{{options}}}", BUFFERIZE.why)
    steps = tuple(bufferize if step == BUFFERIZE else step for step in DEFAULT.steps
                  if not (no_deallocation and step == DEALLOCATE))
    return replace(DEFAULT, name="default", steps=steps)


def count_buffer_ops(generic_text: str) -> Counter[str]:
    """Occurrences of each allocating or copying op in MLIR text in generic form."""
    return Counter(_COUNTED.findall(generic_text))


def mlir_opt_bufferized(case_text: str, module: ModuleOp, cleanup: bool = False,
                        eliminate_empty: bool = False) -> str:
    """The prepared module after mlir-opt's one-shot-bufferize (then `cse,canonicalize` when
    `cleanup`: they fold the self-copies of equivalent subviews it leaves; after
    `eliminate-empty-tensors` when `eliminate_empty`), in generic form."""
    mlir_opt = toolchain.find_tool("mlir-opt")
    first = "eliminate-empty-tensors," if eliminate_empty else ""
    spec = (f"builtin.module({first}one-shot-bufferize{{{upstream_options(case_text)}}}"
            f"{',cse,canonicalize' if cleanup else ''})")
    result = subprocess.run([str(mlir_opt), f"--pass-pipeline={spec}", "--mlir-print-op-generic"],
                            input=emit_mlir_text(prepare_for_execution(module)),
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"mlir-opt one-shot-bufferize failed:\n{result.stderr}")
    return result.stdout


def xfuse_bufferized(module: ModuleOp) -> ModuleOp:
    """The prepared module after xfuse's `xfuse-bufferize` pass."""
    from xfuse.passes import apply_passes

    return apply_passes(prepare_for_execution(module), "xfuse-bufferize")


_OP_NAME = re.compile(r'"([a-z_]+\.[a-z_.]+)"\(')
_INPLACE_ATTR = re.compile(r"__inplace_operands_attr__ = \[([^\]]*)\]")
_CLOSING = {"(": ")", "{": "}"}


def _group_end(text: str, start: int) -> int:
    """The index after the bracketed group opening at `text[start]` (strings skipped)."""
    opening, depth, i = text[start], 0, start
    while i < len(text):
        char = text[i]
        if char == '"':
            i += 1
            while i < len(text) and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif char == opening:
            depth += 1
        elif char == _CLOSING[opening]:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def inplace_marks(generic_text: str) -> list[tuple[str, str]]:
    """(op name, `__inplace_operands_attr__`) of every annotated op, in program order. In generic
    form an op's attribute dictionary follows its operands, properties (`<{...}>`) and regions
    (`({...})`), so those are skipped as balanced groups: ops with regions (linalg, loops) count
    too, and an attribute is never taken from a nested op."""
    marks = []
    for match in _OP_NAME.finditer(generic_text):
        i = _group_end(generic_text, match.end() - 1)  # operands
        for opening in ("<", "("):  # properties, regions
            while generic_text.startswith(" ", i):
                i += 1
            if generic_text.startswith(opening, i):
                i = _group_end(generic_text, i + 1 if opening == "<" else i) + (opening == "<")
        while generic_text.startswith(" ", i):
            i += 1
        if generic_text.startswith("{", i):
            found = _INPLACE_ATTR.search(generic_text, i, _group_end(generic_text, i))
            if found:
                marks.append((match.group(1), found.group(1).replace(" ", "")))
    return marks


def analysis_marks(case_text: str, module: ModuleOp) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The in-place decisions of `mlir-opt --one-shot-bufferize="test-analysis-only ..."` and of
    `xfuse-bufferize{analysis-only=true}` on the prepared module, op by op."""
    from xfuse.passes import apply_passes

    mlir_opt = toolchain.find_tool("mlir-opt")
    result = subprocess.run([str(mlir_opt), f"--one-shot-bufferize=test-analysis-only {upstream_options(case_text)}",
                             "--mlir-print-op-generic"],
                            input=emit_mlir_text(prepare_for_execution(module)),
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"mlir-opt one-shot-bufferize failed:\n{result.stderr}")
    ours = apply_passes(prepare_for_execution(module), "xfuse-bufferize{analysis-only=true}")
    return inplace_marks(result.stdout), inplace_marks(emit_mlir_text(ours))


@dataclass(frozen=True)
class Row:
    case: str
    upstream: Counter[str]
    upstream_cleaned: Counter[str]
    """After one-shot-bufferize, cse, canonicalize."""
    upstream_best: Counter[str]
    """The fewest of the option sets: with or without eliminate-empty-tensors before, then cse,
    canonicalize (what the tests compare with)."""
    xfuse: Counter[str] | None
    xfuse_error: str | None = None

    @staticmethod
    def total(counts: Counter[str], ops: tuple[str, ...]) -> int:
        return sum(counts[op] for op in ops)


def compare_case(path: Path) -> Row:
    from xfuse.context import make_context
    from xfuse.diagnostics import describe
    from xfuse.parsing import parse

    text = path.read_text()
    module = parse(text, make_context(), name=str(path))
    upstream = count_buffer_ops(mlir_opt_bufferized(text, module))
    cleaned = count_buffer_ops(mlir_opt_bufferized(text, module, cleanup=True))
    eliminated = count_buffer_ops(mlir_opt_bufferized(text, module, cleanup=True, eliminate_empty=True))
    best = min((cleaned, eliminated), key=lambda c: (Row.total(c, ALLOC_OPS) + Row.total(c, COPY_OPS),
                                                     Row.total(c, ALLOC_OPS)))
    try:
        ours = count_buffer_ops(emit_mlir_text(xfuse_bufferized(module)))
    except Exception as exc:  # noqa: BLE001 - a refusal is reported in the table
        message = describe(exc) or f"{type(exc).__name__}: {exc}"
        return Row(path.stem, upstream, cleaned, best, None, message.splitlines()[0])
    return Row(path.stem, upstream, cleaned, best, ours)


def table(rows: list[Row]) -> str:
    lines = ["| case | one-shot allocs | one-shot copies | +cse,canonicalize allocs | +cse,canonicalize copies "
             "| best allocs | best copies | xfuse allocs | xfuse copies |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    lines += [_row(row) for row in rows]
    done = [row for row in rows if row.xfuse is not None]
    totals = [sum(Row.total(getattr(row, side), ops) for row in done)
              for side in ("upstream", "upstream_cleaned", "upstream_best", "xfuse") for ops in (ALLOC_OPS, COPY_OPS)]
    lines.append(f"| **total ({len(done)} cases)** | " + " | ".join(f"**{t}**" for t in totals) + " |")
    return "\n".join(lines)


def _row(row: Row) -> str:
    upstream = " | ".join(f"{Row.total(counts, ALLOC_OPS)} | {Row.total(counts, COPY_OPS)}"
                          for counts in (row.upstream, row.upstream_cleaned, row.upstream_best))
    if row.xfuse is None:
        return f"| {row.case} | {upstream} | refused: {row.xfuse_error} | |"
    return f"| {row.case} | {upstream} | {Row.total(row.xfuse, ALLOC_OPS)} | {Row.total(row.xfuse, COPY_OPS)} |"


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(description="xfuse-bufferize's allocations and copies against "
                                     "one-shot-bufferize's, per case (the table of docs/bufferize-comparison.md)")
    parser.add_argument("cases", nargs="*", type=Path, help=f"MLIR files (default: every case in {CASES})")
    args = parser.parse_args(argv)
    missing = [str(p) for p in args.cases if not p.is_file()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    paths = args.cases or sorted(CASES.glob("*.mlir"))
    print(table([compare_case(p) for p in paths]))


if __name__ == "__main__":
    main()

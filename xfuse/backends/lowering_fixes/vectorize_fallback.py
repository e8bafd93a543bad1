"""An op a schedule cannot vectorize is left as loops, and said so; the build goes on.

The schedules (schedule*.py) tile ops and `transform.structured.vectorize` the tiles. MLIR's
vectorizer refuses some payloads a planner accepted (a nearest-neighbour Resize is a
`linalg.generic` whose `tensor.extract` index goes through `floor`/`select`: "Attempted to
vectorize, but failed"), and that silenceable failure used to abort the transform interpreter,
hence the whole build. A module that verifies must compile, so every vectorize of a generated
transform script runs through `with_loop_fallback`:

    transform.foreach %h : !transform.any_op {          // one payload op at a time
    ^bb0(%xfuse_vone: !transform.any_op):
      transform.annotate %xfuse_vone "xfuse.vectorize_attempt" : !transform.any_op
      transform.sequence %xfuse_vone : !transform.any_op failures(suppress) {
      ^bb1(%xfuse_vop: !transform.any_op):
        transform.structured.vectorize %xfuse_vop : !transform.any_op
      }
    }

A vectorized op is replaced by vector ops (its annotation goes with it); one the vectorizer
refuses stays, annotated, and the pipeline's `convert-linalg-to-loops` lowers it to scalar loops.
`REPORT_KEPT_LOOPS`, the script's last step, emits a remark at every op still annotated;
`kept_as_loops` reads their locations from mlir-opt's output, the runner keeps them beside the
shared object, and `CompiledModule.kept_as_loops` and the profile list them."""

from __future__ import annotations

import re

ATTEMPT_ATTR = "xfuse.vectorize_attempt"
"""On a payload op just before it is vectorized; left only on the ops the vectorizer refused."""

KEPT_AS_LOOPS_REMARK = "xfuse: not vectorized, kept as loops"

_VECTORIZE = re.compile(
    r"^(?P<indent> *)transform\.structured\.vectorize (?P<handle>%[\w.$-]+)(?P<sizes> vector_sizes \[[^\]]*\])?"
    r"(?P<attrs> \{[^}]*\})? : !transform\.any_op$", re.M)

REPORT_KEPT_LOOPS = f"""\
    %xfuse_kept = transform.structured.match attributes{{{ATTEMPT_ATTR}}} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %xfuse_kept, "{KEPT_AS_LOOPS_REMARK}" : !transform.any_op
"""
"""The last step of `__transform_main`: a remark at every op the vectorizer refused."""


def with_loop_fallback(body: str) -> str:
    """`body` (transform ops) with each `transform.structured.vectorize` of a handle made one
    suppressible attempt per payload op (the module docstring)."""

    def attempt(match: re.Match[str]) -> str:
        indent, handle = match["indent"], match["handle"]
        options = (match["sizes"] or "") + (match["attrs"] or "")
        return (f"{indent}transform.foreach {handle} : !transform.any_op {{\n"
                f"{indent}^bb0(%xfuse_vone: !transform.any_op):\n"
                f'{indent}  transform.annotate %xfuse_vone "{ATTEMPT_ATTR}" : !transform.any_op\n'
                f"{indent}  transform.sequence %xfuse_vone : !transform.any_op failures(suppress) {{\n"
                f"{indent}  ^bb1(%xfuse_vop: !transform.any_op):\n"
                f"{indent}    transform.structured.vectorize %xfuse_vop{options} : !transform.any_op\n"
                f"{indent}  }}\n"
                f"{indent}}}")

    return _VECTORIZE.sub(attempt, body)


def vectorizes(body: str) -> bool:
    """Whether `body` vectorizes anything (then `REPORT_KEPT_LOOPS` follows it)."""
    return _VECTORIZE.search(body) is not None


_REMARK = re.compile(r"^(?P<where>.*?): remark: " + re.escape(KEPT_AS_LOOPS_REMARK) + r"$", re.M)


def kept_as_loops(diagnostics: str) -> tuple[str, ...]:
    """The locations (`file:line:col` of the module xfuse compiled) of the ops mlir-opt's
    `diagnostics` (its stderr) report kept as loops, in order, each once."""
    return tuple(dict.fromkeys(match["where"] for match in _REMARK.finditer(diagnostics)))

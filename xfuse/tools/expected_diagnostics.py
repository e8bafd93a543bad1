"""`expected-error` annotations under `--verify-diagnostics`, checked as mlir-opt checks them.

xdsl-opt's `--verify-diagnostics` prints the diagnostic of a chunk that fails and exits 0; a test
file's `// expected-error @+1 {{...}}` lines are comments to it, so a wrong message, a wrong line
or no error at all still passes. xfuse-opt checks them: in a chunk with annotations, the error
it produces must be on the line an annotation designates and contain the annotation's text, and
every annotation must be met. xfuse-opt stops a chunk at its first error, so a chunk expects at
most one. A chunk without annotations keeps xdsl-opt's behaviour (its diagnostic is printed, for
FileCheck to read).

Designators as in MLIR: none (the annotation's own line), `@+N`, `@-N`, `@above`, `@below`.
`expected-warning`, `-note`, `-remark` and the `-re` forms are refused with a located error:
xfuse-opt produces no such diagnostics to match them against.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from xfuse.diagnostics import XfuseError

_ANNOTATION = re.compile(r"expected-(?P<kind>[a-z]+(?:-re)?)\s*(?P<where>@\S+)?\s*\{\{(?P<text>.*?)\}\}")
_LOCATED = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+)(?::\s*error:\s*(?P<message>.*))?$")


@dataclass(frozen=True)
class Expectation:
    """`// expected-error ... {{text}}` written on `annotation_line`, about `line` (file lines)."""

    line: int
    text: str
    annotation_line: int


def expectations(text: str, line_offset: int, file: str) -> list[Expectation]:
    """The annotations of one chunk whose first line is file line `line_offset + 1`."""
    found: list[Expectation] = []
    for index, source_line in enumerate(text.splitlines()):
        here = line_offset + index + 1
        for match in _ANNOTATION.finditer(source_line):
            if match["kind"] != "error":
                raise XfuseError(f"{file}:{here}: error: 'expected-{match['kind']}' is not supported by "
                                 "xfuse-opt --verify-diagnostics (only expected-error)")
            found.append(Expectation(_designated(match["where"], here, file), match["text"], here))
    return found


def _designated(where: str | None, here: int, file: str) -> int:
    if where is None:
        return here
    if where in ("@above", "@below"):
        return here - 1 if where == "@above" else here + 1
    if re.fullmatch(r"@[+-]\d+", where):
        return here + int(where[1:])
    raise XfuseError(f"{file}:{here}: error: unsupported expected-error location '{where}' "
                     "(use none, @+N, @-N, @above or @below)")


def produced_error(diagnostic: str) -> tuple[int | None, str]:
    """The line and message of a diagnostic xfuse-opt printed: `file:L:C: error: message`, or a
    parse error's `file:L:C`, its source line, its caret line, then its message."""
    lines = diagnostic.strip().splitlines()
    located = _LOCATED.match(lines[0]) if lines else None
    if located is None:
        return None, diagnostic.strip()
    message = located["message"] if located["message"] is not None else "\n".join(l.strip() for l in lines[3:])
    return int(located["line"]), message


def unmet(expected: list[Expectation], produced: tuple[int | None, str] | None, file: str) -> list[str]:
    """mlir-opt's messages for a chunk: the produced error no annotation expects, and the
    annotations no produced error meets."""
    problems: list[str] = []
    met: Expectation | None = None
    if produced is not None:
        line, message = produced
        met = next((e for e in expected if e.line == line and e.text in message), None)
        if met is None:
            where = f"{file}:{line}" if line is not None else file
            problems.append(f"{where}: error: unexpected error: {message}")
    for expectation in expected:
        if expectation is not met:
            problems.append(f"{file}:{expectation.annotation_line}: error: expected error "
                            f"\"{expectation.text}\" was not produced (on line {expectation.line})")
    return problems

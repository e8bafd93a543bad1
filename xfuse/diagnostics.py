"""Errors xfuse reports to users: a location, a message, and never a Python traceback.

Passes refuse an op with `emit_error(op, reason)`; tools turn any expected exception into
`file:line:col: error: message` on stderr with a non-zero exit (see `report`).
"""

from __future__ import annotations

import sys
from typing import NoReturn

from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Operation
from xdsl.printer import Printer
from xdsl.utils.exceptions import (
    DiagnosticException,
    ParseError,
    UnregisteredConstructException,
)


class XfuseError(DiagnosticException):
    """A user-facing error, optionally anchored at an op."""

    def __init__(self, message: str, op: Operation | None = None):
        self.message = message
        self.op = op
        super().__init__(format_diagnostic(message, op))


def location_of(op: Operation | None) -> str:
    """`file:line:col` of `op` when known (ops parsed by xfuse carry it), else its name."""
    if op is None:
        return "<unknown>"
    current: Operation | None = op
    while current is not None:
        if isinstance(current.location, FileLineColLoc):
            loc = current.location
            return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
        current = current.parent_op()
    return "<unknown>"


def format_diagnostic(message: str, op: Operation | None, severity: str = "error") -> str:
    """`file:line:col: error: message` and the op's first line; `error: message` without an op."""
    if op is None:
        return f"{severity}: {message}"
    return (
        f"{location_of(op)}: {severity}: {message}"
        f"\n  note: see op '{op.name}':\n    {_one_line(op)}"
    )


def _one_line(op: Operation) -> str:
    from io import StringIO

    stream = StringIO()
    Printer(stream=stream, print_generic_format=False).print_op(op)
    first = stream.getvalue().splitlines()[0] if stream.getvalue() else op.name
    return first if len(first) <= 200 else first[:197] + "..."


def emit_error(op: Operation | None, message: str) -> NoReturn:
    """Refuse `op` with `message`; the tools print it with the op's location."""
    raise XfuseError(message, op)


def describe(exc: BaseException) -> str | None:
    """The user-facing text for an expected error, or None for a genuine bug."""
    if isinstance(exc, ParseError):
        return f"error: {exc}".rstrip()
    if isinstance(exc, XfuseError):
        return str(exc)
    if isinstance(exc, DiagnosticException):
        notes = "".join(f"\n{n}" for n in getattr(exc, "__notes__", []))
        return f"error: {exc}{notes}"
    if isinstance(exc, UnregisteredConstructException):
        return f"error: {exc}"
    return None


def report(exc: BaseException, tool: str) -> NoReturn:
    """Print an expected error for a user and exit 1; re-raise anything else (a bug)."""
    text = describe(exc)
    if text is None:
        raise exc
    print(f"{tool}: {text}" if text.startswith("error:") else text, file=sys.stderr)
    sys.exit(1)

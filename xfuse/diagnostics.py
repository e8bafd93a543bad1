"""Errors xfuse reports to users: a location, a message, and never a Python traceback.

Passes refuse an op with `emit_error(op, reason)`; tools turn any expected exception into
`file:line:col: error: message` on stderr with a non-zero exit (see `report`).
"""

from __future__ import annotations

import sys
from typing import NoReturn

from xdsl.dialects.builtin import FileLineColLoc, ModuleOp
from xdsl.ir import Operation
from xdsl.printer import Printer
from xdsl.utils.exceptions import (
    DiagnosticException,
    ParseError,
    UnregisteredConstructException,
    VerifyException,
)


class XfuseError(DiagnosticException):
    """A user-facing error, optionally anchored at an op."""

    def __init__(self, message: str, op: Operation | None = None):
        self.message = message
        self.op = op
        super().__init__(format_diagnostic(message, op))


class VerificationError(XfuseError, VerifyException):
    """IR that does not verify, located at the op that fails (still a `VerifyException`)."""


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
    if isinstance(op, ModuleOp):  # its first line says nothing the location does not
        return f"{location_of(op)}: {severity}: {message}"
    return (
        f"{location_of(op)}: {severity}: {message}"
        f"\n  note: see op '{op.name}':\n    {_one_line(op)}"
    )


def _one_line(op: Operation) -> str:
    from io import StringIO

    text = ""
    for generic in (False, True):  # the custom form of an invalid op may not print
        stream = StringIO()
        try:
            Printer(stream=stream, print_generic_format=generic).print_op(op)
        except Exception:  # noqa: BLE001
            continue
        text = stream.getvalue()
        break
    first = text.splitlines()[0] if text else op.name
    return first if len(first) <= 200 else first[:197] + "..."


def emit_error(op: Operation | None, message: str) -> NoReturn:
    """Refuse `op` with `message`; the tools print it with the op's location."""
    raise XfuseError(message, op)


def verify_located(root: Operation, when: str | None = None) -> None:
    """`root.verify()`, but a failure is an `XfuseError` at the innermost op that fails: its
    `file:line:col` and its first line, not the whole module in generic form (xDSL's note).

    `when` says when the IR was checked (e.g. "after 'xfuse-tile'"): an op failing then was
    made by a pass, not written by the user."""
    try:
        root.verify()
    except VerifyException as exc:
        culprit = _innermost_failing_op(root) or root
        message = str(exc).removeprefix("Operation does not verify: ")
        prefix = f"{when}: " if when else ""
        raise VerificationError(f"{prefix}'{culprit.name}' does not verify: {message}", culprit) from None


def _innermost_failing_op(root: Operation) -> Operation | None:
    # Children are walked before their parents: the first op whose verification fails is the
    # innermost (xDSL verifies nested ops first too, so it is the one its message is about).
    for op in root.walk(region_first=True):
        try:
            op.verify()
        except VerifyException:
            return op
        except Exception:  # noqa: BLE001 - a verifier crashing on IR another op invalidates
            continue
    return None


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
    from xfuse.backends.toolchain import ToolchainError  # a missing tool or a bad override

    if isinstance(exc, ToolchainError):
        return f"error: {exc}"
    return None


def report(exc: BaseException, tool: str) -> NoReturn:
    """Print an expected error for a user and exit 1; re-raise anything else (a bug)."""
    text = describe(exc)
    if text is None:
        raise exc
    print(f"{tool}: {text}" if text.startswith("error:") else text, file=sys.stderr)
    sys.exit(1)

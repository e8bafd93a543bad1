"""Parsing MLIR text into xDSL IR with source locations.

xDSL's parser leaves `op.location` unknown unless the text spells a `loc(...)`. xfuse records
where each op was written (file:line:col), so that a pass refusing an op can point at the line
the user wrote instead of printing the whole module.
"""

from __future__ import annotations

import os
from pathlib import Path

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr, UnknownLoc
from xdsl.ir import Operation
from xdsl.parser import Parser

from xfuse.diagnostics import XfuseError, verify_located


class LocatingParser(Parser):
    """A Parser that gives every parsed op without an explicit `loc(...)` its source position."""

    def __init__(self, ctx: Context, text: str | bytes, name: str = "<unknown>", line_offset: int = 0):
        super().__init__(ctx, text, name)
        self._line_offset = line_offset

    def parse_operation(self) -> Operation:
        start = self._current_token.span
        op = super().parse_operation()
        if isinstance(op.location, UnknownLoc):
            location = start.get_location()
            op.location = FileLineColLoc(
                StringAttr(location.file),
                IntAttr(location.line + self._line_offset),
                IntAttr(location.col),
            )
        return op

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        module = super().parse_module(allow_implicit_module)
        if isinstance(module.location, UnknownLoc):
            # An implicit module: errors about the whole module point at the start of the input.
            module.location = FileLineColLoc(StringAttr(self.lexer.input.name), IntAttr(1 + self._line_offset), IntAttr(1))
        return module


def parse(
    text: str | bytes, ctx: Context | None = None, name: str = "<string>", *, verify: bool = True
) -> ModuleOp:
    """Parse MLIR text (custom or generic form) into a module, with source locations, and verify
    it (`verify=False` to skip): IR that does not verify is a `VerificationError` at the failing
    op, here rather than later inside mlir-opt. `name` is the file name locations carry."""
    if ctx is None:
        from xfuse.context import make_context

        ctx = make_context()
    module = LocatingParser(ctx, text, name).parse_module()
    if verify:
        verify_located(module)
    return module


def parse_file(path: str | os.PathLike[str], ctx: Context | None = None, *, verify: bool = True) -> ModuleOp:
    """`parse` of a file; locations name the file as given (`examples/mlp.mlir:12:5`).

    A file that cannot be read is an `XfuseError` saying why."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise XfuseError(f"cannot read '{os.fspath(path)}': {reason}") from None
    return parse(text, ctx, os.fspath(path), verify=verify)

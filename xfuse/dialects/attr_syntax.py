"""Syntax shared by xfuse's enum attributes: MLIR's `#dialect.name<value>` spelling."""

from __future__ import annotations

from typing import Any

from xdsl.parser import AttrParser
from xdsl.printer import Printer


class AngleBracketed:
    """Mixin (before `EnumAttribute[E]`) for `#dialect.name<value>` (xDSL's default prints
    `#dialect<name value>`)."""

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> Any:
        with parser.in_angle_brackets():
            return super().parse_parameter(parser)  # pyright: ignore[reportAttributeAccessIssue]

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            super().print_parameter(printer)  # pyright: ignore[reportAttributeAccessIssue]

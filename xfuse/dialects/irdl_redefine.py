"""Redefining an xDSL op as a subclass of it, with MLIR 22's constraints, syntax or verifier.

IRDL does not inherit a definition: the subclass re-declares every field (same names, so
xfuse code reading `op.source` keeps working and `isinstance(op, <xDSL's class>)` holds).
`redefine` is `irdl_op_definition` plus the two things a subclass must not inherit from a class
IRDL already built: its generated verifier (it checks xDSL's constraints; IRDL would run it as
the subclass's own checks) and the parse/print generated from xDSL's assembly format (IRDL
refuses a format next to inherited parse/print methods).
"""

from __future__ import annotations

from typing import TypeVar

from xdsl.ir import Operation
from xdsl.irdl import IRDLOperation, irdl_op_definition

_OpT = TypeVar("_OpT", bound=IRDLOperation)


def _no_extra_checks(self: IRDLOperation) -> None:
    """The verifier of a redefined op without checks beyond its IRDL constraints."""


def redefine(cls: type[_OpT]) -> type[_OpT]:
    """`irdl_op_definition` for a subclass of an xDSL op that re-declares its fields."""
    if "verify_" not in cls.__dict__:
        cls.verify_ = _no_extra_checks  # pyright: ignore[reportAttributeAccessIssue]
    if getattr(cls, "assembly_format", None) is not None:
        if "parse" not in cls.__dict__:
            cls.parse = Operation.__dict__["parse"]  # pyright: ignore[reportAttributeAccessIssue]
        if "print" not in cls.__dict__:
            cls.print = Operation.print  # pyright: ignore[reportAttributeAccessIssue]
    return irdl_op_definition(cls)

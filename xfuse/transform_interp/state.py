"""The transform state: what each handle points to, which handles are dead, and failures.

MLIR's `TransformState`, kept to what xfuse's interpreter needs:

- An op handle maps to a list of payload ops, a param handle to a list of attributes.
- A transform op that *consumes* an operand handle invalidates it and every other handle
  pointing to one of its payload ops or to an op nested in one of them (handles to ancestors
  stay valid). Using an invalidated handle is a definite failure naming the transform op that
  invalidated it, as in MLIR's expensive checks (which xfuse always runs).
- Ops that do not consume their operand but rewrite the payload (`apply_patterns`,
  `apply_cse`) keep handles up to date through a listener: a replaced op is replaced in every
  handle by the op producing its replacement when that op has the same name (MLIR's
  TrackingListener), an erased op is dropped. A replacement that cannot be tracked is a
  definite failure.
- Safety net beyond MLIR: after each transform op, a handle pointing to a payload op that is no
  longer in the payload IR is marked invalidated by that transform op, so a later use is a
  diagnostic rather than a use of a detached op.

Failures are `TransformFailure`s with `silenceable` set or not (MLIR's
DiagnosedSilenceableFailure vs a definite failure). Both are reported at the transform op, with
a note at the payload op when there is one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.ir import Attribute, Operation, SSAValue

from xfuse.diagnostics import XfuseError, location_of


class TransformFailure(XfuseError):
    """A transform op failed: `silenceable` (the payload is unchanged or still valid, a caller
    may recover) or definite (the payload may be broken; interpretation stops)."""

    def __init__(
        self,
        transform_op: Operation,
        message: str,
        *,
        silenceable: bool,
        payload: Operation | None = None,
        notes: Sequence[tuple[Operation | None, str]] = (),
    ):
        self.transform_op = transform_op
        self.silenceable = silenceable
        self.payload = payload
        self.notes = [*(((payload, "when applied to this op"),) if payload is not None else ()), *notes]
        lines = [f"{location_of(transform_op)}: error: {message}"]
        for op, note in self.notes:
            if op is not None:  # a note about a block argument has no op to point at
                lines.append(f"{location_of(op)}: note: {note}\n    {_first_line(op)}")
        super().__init__(message, transform_op)
        self.args = ("\n".join(lines),)

    def __str__(self) -> str:
        return self.args[0]


def _first_line(op: Operation) -> str:
    from xfuse.diagnostics import _one_line  # pyright: ignore[reportPrivateUsage]

    return _one_line(op)


def silenceable(transform_op: Operation, message: str, payload: Operation | None = None,
                notes: Sequence[tuple[Operation | None, str]] = ()) -> TransformFailure:
    return TransformFailure(transform_op, message, silenceable=True, payload=payload, notes=notes)


def definite(transform_op: Operation, message: str, payload: Operation | None = None,
             notes: Sequence[tuple[Operation | None, str]] = ()) -> TransformFailure:
    return TransformFailure(transform_op, message, silenceable=False, payload=payload, notes=notes)


@dataclass
class _Invalidation:
    by: Operation
    """The transform op that invalidated the handle."""
    reason: str


def is_in_payload(op: Operation, root: Operation) -> bool:
    """Whether `op` is still attached under `root` (not erased or detached)."""
    current: Operation | None = op
    while current is not None:
        if current is root:
            return True
        current = current.parent_op()
    return False


@dataclass
class TransformState:
    """Handle -> payload mapping of one interpretation (see the module docstring)."""

    root: Operation
    ops: dict[SSAValue, list[Operation]] = field(default_factory=dict)
    params: dict[SSAValue, list[Attribute]] = field(default_factory=dict)
    invalidated: dict[SSAValue, _Invalidation] = field(default_factory=dict)

    # -- reading -----------------------------------------------------------------------------

    def payload_ops(self, user: Operation, handle: SSAValue) -> list[Operation]:
        """The ops `handle` points to; a definite failure at `user` when it was invalidated."""
        self._check_valid(user, handle)
        if handle not in self.ops:
            if handle in self.params:
                raise definite(user, "expected an operation handle, got a parameter handle")
            raise definite(user, "uses a handle that no transform op defined (xfuse bug?)")
        return self.ops[handle]

    def payload_params(self, user: Operation, handle: SSAValue) -> list[Attribute]:
        self._check_valid(user, handle)
        if handle not in self.params:
            raise definite(user, "expected a parameter handle, got an operation handle")
        return self.params[handle]

    def _check_valid(self, user: Operation, handle: SSAValue) -> None:
        invalidation = self.invalidated.get(handle)
        if invalidation is not None:
            raise definite(
                user,
                "op uses a handle invalidated by a previously executed transform op",
                notes=[
                    (handle.owner if isinstance(handle.owner, Operation) else None,
                     "handle to invalidated ops"),
                    (invalidation.by, f"invalidated by this transform op: {invalidation.reason}"),
                ],
            )

    # -- writing -----------------------------------------------------------------------------

    def set_ops(self, handle: SSAValue, payload: Sequence[Operation]) -> None:
        self.ops[handle] = list(payload)
        self.invalidated.pop(handle, None)

    def set_params(self, handle: SSAValue, params: Sequence[Attribute]) -> None:
        self.params[handle] = list(params)
        self.invalidated.pop(handle, None)

    def consume(self, transform_op: Operation, handle: SSAValue, operand_index: int) -> None:
        """`transform_op` consumes `handle` (its operand #operand_index): invalidate it and every
        handle to one of its payload ops or to an op nested in one of them."""
        consumed = self.ops.get(handle)
        reason = (
            f"it consumes its operand #{operand_index} and invalidates all handles to payload "
            "ops associated with this operand and to ops nested in them"
        )
        self.invalidated[handle] = _Invalidation(transform_op, reason)
        if not consumed:
            return
        consumed_ids = {id(op) for op in consumed}
        for other, payload in self.ops.items():
            # The op's own results are new handles, never invalidated by its consumption.
            if other is handle or other in self.invalidated or other.owner is transform_op:
                continue
            if any(_is_nested_in_any(op, consumed_ids) for op in payload):
                self.invalidated[other] = _Invalidation(transform_op, reason)

    def drop_erased(self, transform_op: Operation) -> None:
        """Invalidate the handles pointing to payload ops that are no longer in the IR."""
        for handle, payload in self.ops.items():
            if handle in self.invalidated:
                continue
            if any(not is_in_payload(op, self.root) for op in payload):
                self.invalidated[handle] = _Invalidation(
                    transform_op, "it erased or replaced a payload op this handle pointed to"
                )

    def track_replacement(self, old: Operation, new: Operation | None) -> None:
        """`old` was replaced by `new` (None: erased) in a rewrite the handles must follow."""
        for handle, payload in self.ops.items():
            if any(op is old for op in payload):
                if new is None:
                    self.ops[handle] = [op for op in payload if op is not old]
                else:
                    self.ops[handle] = [new if op is old else op for op in payload]


def _is_nested_in_any(op: Operation, ancestors: set[int]) -> bool:
    current: Operation | None = op
    while current is not None:
        if id(current) in ancestors:
            return True
        current = current.parent_op()
    return False

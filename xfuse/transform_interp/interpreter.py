"""Interpret a transform script (a `transform.named_sequence`) on payload IR.

The driver of MLIR's `--transform-interpreter`, with xfuse's TilingInterface and drivers doing
the transformations (xfuse never calls mlir-opt here):

- `find_entry_point(root, name)`: the named sequence to run, in the payload module or in a
  library module (MLIR's `transform-preload-library`).
- `interpret(payload_root, entry)`: bind the entry's first argument to `payload_root`, run
  each op of its body in order, each through the implementation registered for its class
  (`@implements`; the implementations live in `core_ops.py` and `structured_ops.py`), then
  apply the handle bookkeeping of `state.py` (consumed operands invalidate handles, results
  become new handles, handles to erased payload ops are invalidated).
- `erase_schedule(module)`: drop the transform ops from the payload module, as the
  interpreter pass does by default.

A transform op xfuse does not implement is a definite failure naming it (docs/transform-dialect.md
lists what is supported).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects import transform as xt
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from xfuse.diagnostics import XfuseError
from xfuse.dialects.transform import SequenceOp
from xfuse.transform_interp.state import TransformFailure, TransformState, definite

WITH_NAMED_SEQUENCE = "transform.with_named_sequence"

Implementation = Callable[["Interpreter", Operation], None]
_IMPLEMENTATIONS: dict[type[Operation], tuple[Implementation, tuple[int, ...]]] = {}


def implements(op_class: type[Operation], consumes: Sequence[int] = ()):
    """Register the implementation of `op_class`; `consumes` lists the operand indices whose
    handles the op consumes (MLIR's `consumesHandle` effects)."""

    def register(function: Implementation) -> Implementation:
        _IMPLEMENTATIONS[op_class] = (function, tuple(consumes))
        return function

    return register


def is_supported(op: Operation) -> bool:
    _load_implementations()
    return type(op) in _IMPLEMENTATIONS


def _load_implementations() -> None:
    import xfuse.transform_interp.core_ops  # noqa: F401  (registers)
    import xfuse.transform_interp.structured_ops  # noqa: F401  (registers)
    import xfuse.transform_interp.partial_reduction_ops  # noqa: F401  (registers)


@dataclass
class Interpreter:
    """One interpretation: the state and the payload root."""

    state: TransformState

    @property
    def root(self) -> Operation:
        return self.state.root

    def run_block_ops(self, ops: Sequence[Operation], suppress_silenceable: bool = False) -> None:
        """Run `ops` in order. With `suppress_silenceable` (`transform.sequence
        failures(suppress)`), a silenceable failure is dropped: the op's results become empty
        handles, the handles it consumes are invalidated, and the next op runs."""
        for op in ops:
            try:
                self.run_op(op)
            except TransformFailure as failure:
                if not (suppress_silenceable and failure.silenceable):
                    raise
                for result in op.results:
                    if isinstance(result.type, xt.TransformParamHandleType):
                        self.state.set_params(result, [])
                    else:
                        self.state.set_ops(result, [])
                _, consumed = _IMPLEMENTATIONS[type(op)]
                for index in consumed:
                    self.state.consume(op, op.operands[index], index)

    def run_op(self, op: Operation) -> None:
        implementation = _IMPLEMENTATIONS.get(type(op))
        if implementation is None:
            raise definite(
                op,
                f"'{op.name}' is not supported by xfuse's transform interpreter "
                "(see docs/transform-dialect.md for the supported ops)",
            )
        function, consumed = implementation
        # Every operand handle must be valid before the op runs (MLIR checks this up front).
        for operand in op.operands:
            if operand in self.state.invalidated:
                self.state._check_valid(op, operand)  # pyright: ignore[reportPrivateUsage]
        function(self, op)
        for index in consumed:
            self.state.consume(op, op.operands[index], index)
        self.state.drop_erased(op)


def find_entry_point(
    root: Operation, name: str = "__transform_main", library: ModuleOp | None = None
) -> xt.NamedSequenceOp:
    """The named sequence `name`, looked up in `library` first (when given), then in `root`."""
    for where in (library, root):
        if where is None:
            continue
        for op in where.walk():
            if isinstance(op, xt.NamedSequenceOp) and op.sym_name.data == name:
                return op
    where = "the payload module" + (" or the library" if library is not None else "")
    raise XfuseError(
        f"could not find a transform.named_sequence @{name} in {where} (the entry point of "
        "the transform script: give it in a module with the transform.with_named_sequence "
        "attribute, or point library= at a file holding one)",
    )


def interpret(payload_root: Operation, entry: xt.NamedSequenceOp) -> TransformState:
    """Run `entry` with its first argument bound to `payload_root`. Raises `TransformFailure`
    (silenceable or definite) for the first failing transform op."""
    _load_implementations()
    body = entry.body.block
    if len(body.args) < 1:
        raise XfuseError(
            f"the entry point @{entry.sym_name.data} must take the payload root as its first "
            "argument (!transform.any_op)",
            entry,
        )
    if len(body.args) > 1:
        raise XfuseError(
            f"the entry point @{entry.sym_name.data} takes {len(body.args)} arguments; only "
            "the payload root can be bound",
            entry,
        )
    state = TransformState(payload_root)
    state.set_ops(body.args[0], [payload_root])
    Interpreter(state).run_block_ops(list(body.ops))
    return state


def erase_schedule(module: ModuleOp) -> None:
    """Erase every transform op of `module`: the named sequences, the (nested) modules that held
    only them, and the `transform.with_named_sequence` attribute."""
    for op in list(module.walk()):
        if op.parent is None:
            continue  # already erased with an ancestor
        if isinstance(op, xt.NamedSequenceOp | xt.SequenceOp | SequenceOp):
            op.detach()
            op.erase(safe_erase=False)
    for op in list(module.walk()):
        if op is module or not isinstance(op, ModuleOp) or op.parent is None:
            continue
        if WITH_NAMED_SEQUENCE in op.attributes and not list(op.body.block.ops):
            op.detach()
            op.erase()
    module.attributes.pop(WITH_NAMED_SEQUENCE, None)


__all__ = [
    "Interpreter",
    "TransformFailure",
    "erase_schedule",
    "find_entry_point",
    "implements",
    "interpret",
    "is_supported",
]

"""`xfuse-transform-interpreter`: run a transform script on the module (mlir-opt's
`--transform-interpreter`, with xfuse's own tiling and fusion).

The script is the `transform.named_sequence @__transform_main` (or `entry-point`) of the
payload module, or of a separate library file (`library=path`, mlir-opt's
`--transform-preload-library`). The schedule (named sequences, the modules holding only them, the
`transform.with_named_sequence` attribute) is erased from the output unless `keep-schedule`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xfuse.diagnostics import XfuseError
from xfuse.transform_interp.interpreter import erase_schedule, find_entry_point, interpret
from xfuse.transform_interp.state import TransformState


def load_library(ctx: Context | None, path: str) -> ModuleOp:
    """Parse the transform library at `path` with xfuse's context."""
    from xfuse.context import make_context
    from xfuse.parsing import LocatingParser

    try:
        with open(path) as stream:
            text = stream.read()
    except OSError as error:
        raise XfuseError(f"xfuse-transform-interpreter: cannot read library '{path}': {error}") from None
    return LocatingParser(ctx or make_context(), text, path).parse_module()


def apply_transform_script(
    module: ModuleOp,
    *,
    entry_point: str = "__transform_main",
    library: ModuleOp | None = None,
    keep_schedule: bool = False,
) -> TransformState:
    """Interpret the entry point on `module` (the payload root), then erase the schedule unless
    `keep_schedule`. Raises `TransformFailure` (an `XfuseError`) when a transform op fails."""
    entry = find_entry_point(module, entry_point, library)
    state = interpret(module, entry)
    if not keep_schedule:
        erase_schedule(module)
    return state


@dataclass(frozen=True)
class TransformInterpreterPass(ModulePass):
    """Interpret the module's transform script (or the library's) with xfuse's drivers.

    Options: `entry-point` (the named sequence to run, default `__transform_main`), `library`
    (a file holding the script), `keep-schedule` (do not erase the transform ops)."""

    name = "xfuse-transform-interpreter"

    entry_point: str = "__transform_main"
    library: str = ""
    keep_schedule: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        library = load_library(ctx, self.library) if self.library else None
        apply_transform_script(
            op, entry_point=self.entry_point, library=library, keep_schedule=self.keep_schedule
        )

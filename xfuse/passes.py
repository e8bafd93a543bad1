"""Pass pipelines as users write them (`-p 'xfuse-tile{tile-sizes=32,32},cse'`), from Python.

The same spec language and pass set as `xfuse-opt -p`: xDSL's passes plus xfuse's. A malformed
spec, an unknown pass or a bad option is an `XfuseError` naming the spec, never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline
from xdsl.transforms import get_all_passes as xdsl_passes
from xdsl.utils.exceptions import ArgSpecParseError

from xfuse.diagnostics import XfuseError
from xfuse.transforms import get_all_passes


def available_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Every pass a pipeline may name: xDSL's, then xfuse's."""
    return {**xdsl_passes(), **get_all_passes()}


def parse_pipeline(
    spec: str,
    callback: Callable[[ModulePass | None, ModuleOp, ModulePass | None], None] | None = None,
) -> PassPipeline:
    """The pipeline `spec` names; `XfuseError` when it is malformed or names unknown things."""
    try:
        return PassPipeline.parse_spec(available_passes(), spec, callback)
    except (ValueError, ArgSpecParseError) as exc:
        # xDSL reports spec errors as ValueError, and syntax errors as ArgSpecParseError (a
        # BaseException), both without saying which pipeline they came from.
        raise XfuseError(f"invalid pass pipeline '{spec}': {exc}") from None


def apply_passes(module: ModuleOp, spec: str, ctx: Context | None = None) -> ModuleOp:
    """Run the pipeline `spec` on `module` in place (verifying it after), and return it."""
    if ctx is None:
        from xfuse.context import make_context

        ctx = make_context()
    parse_pipeline(spec).apply(ctx, module)
    module.verify()
    return module

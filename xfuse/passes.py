"""Pass pipelines as users write them (`-p 'xfuse-tile{tile-sizes=32,32},cse'`), from Python.

The same spec language and pass set as `xfuse-opt -p`: xDSL's passes plus xfuse's. A malformed
spec, an unknown pass or a bad option is an `XfuseError` naming the spec, never a traceback.

Options are checked when the pipeline is parsed, not when the pass runs: xDSL checks each
option's type (a `Literal[...]` field accepts only its values), and a pass checks the rest in its
dataclass `__post_init__`, raising `PassOptionError(option, reason)` (any `ValueError` works; the
option is then found by elimination). The error points at the option in the spec:

    xfuse-opt: error: invalid pass pipeline 'xfuse-diffusion{cost-model=x}': xfuse-diffusion option
    cost-model: unknown cost model 'x' (registered: cache-fit, smallest)
      xfuse-diffusion{cost-model=x}
                      ^
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal, get_args, get_origin, get_type_hints

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline
from xdsl.universe import Universe
from xdsl.utils.arg_spec import ArgSpec, ArgSpecParseError
from xdsl.utils.arg_spec import parse_pipeline as parse_pipeline_specs

from xfuse.diagnostics import XfuseError, verify_located
from xfuse.transforms import get_all_passes


class PassOptionError(ValueError):
    """A pass option value the pass cannot use; raise it from the pass's `__post_init__`."""

    def __init__(self, option: str, reason: str):
        self.option = option.replace("_", "-")
        self.reason = reason
        super().__init__(f"option {self.option}: {reason}")


def available_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Every pass a pipeline may name, as in `xdsl-opt`: the multiverse's (xDSL's and every
    `xdsl.universe` plugin's), then xfuse's (also there once xfuse is installed)."""
    return {**Universe.get_multiverse().all_passes, **get_all_passes()}


def parse_pipeline(
    spec: str,
    callback: Callable[[ModulePass | None, ModuleOp, ModulePass | None], None] | None = None,
    passes: dict[str, Callable[[], type[ModulePass]]] | None = None,
) -> PassPipeline:
    """The pipeline `spec` names; `XfuseError` when it is malformed, names unknown things, or
    gives an option a value its pass refuses (pointing at the option in the spec)."""
    passes = available_passes() if passes is None else passes
    try:
        return PassPipeline.parse_spec(passes, spec, callback)
    except (ValueError, ArgSpecParseError) as exc:
        # xDSL reports spec errors as ValueError, and syntax errors as ArgSpecParseError (a
        # BaseException), both without saying which pipeline or option they came from.
        raise pipeline_error(spec, exc, passes) from None


def pipeline_error(
    spec: str, exc: BaseException, passes: dict[str, Callable[[], type[ModulePass]]]
) -> XfuseError:
    """The user-facing error for a pipeline xDSL refused: the option at fault, located in `spec`."""
    culprit = failing_option(spec, passes)
    if culprit is None:
        return XfuseError(f"invalid pass pipeline '{spec}': {exc}")
    pass_name, option, column, reason = culprit
    return XfuseError(
        f"invalid pass pipeline '{spec}': {pass_name} option {option}: {reason}\n  {spec}\n  {' ' * column}^"
    )


def failing_option(
    spec: str, passes: dict[str, Callable[[], type[ModulePass]]]
) -> tuple[str, str, int, str] | None:
    """(pass, option, column of the option in `spec`, reason) of the first option its pass refuses."""
    try:
        specs = list(parse_pipeline_specs(spec))
    except (ValueError, ArgSpecParseError):
        return None
    starts = _element_starts(spec)
    if len(starts) != len(specs):
        return None
    for start, pass_spec in zip(starts, specs, strict=True):
        if pass_spec.name not in passes:
            return None
        pass_class = passes[pass_spec.name]()
        try:
            pass_class.from_pass_spec(pass_spec)
            continue
        except (ValueError, ArgSpecParseError) as exc:
            error = exc
        option, reason = _option_at_fault(pass_class, pass_spec, error)
        if option is None:
            return None
        match = re.compile(rf"[{{\s]{re.escape(option)}\s*=").search(spec, start)
        column = match.start() + 1 if match else start
        return pass_spec.name, option, column, reason
    return None


def _option_at_fault(
    pass_class: type[ModulePass], pass_spec: ArgSpec, error: BaseException
) -> tuple[str | None, str]:
    """Which option made constructing the pass fail: named by a `PassOptionError`, else the one
    whose removal lets the pass be constructed."""
    if isinstance(error, PassOptionError):
        return error.option, error.reason
    for option, value in pass_spec.parameters.items():
        rest = {k: v for k, v in pass_spec.parameters.items() if k != option}
        try:
            pass_class.from_pass_spec(ArgSpec(pass_spec.name, rest))
        except (ValueError, ArgSpecParseError):
            continue
        return option, _literal_reason(pass_class, option, value) or str(error)
    return None, str(error)


def _literal_reason(pass_class: type[ModulePass], option: str, value: tuple[object, ...]) -> str | None:
    """'expected one of ...' for a `Literal[...]` option (xDSL says "Incompatible types: ...")."""
    try:
        hints = get_type_hints(pass_class)
    except Exception:  # noqa: BLE001 - unresolvable annotations: keep xDSL's message
        return None
    hint = hints.get(option.replace("-", "_"))
    if get_origin(hint) is not Literal:
        return None
    given = ",".join(map(str, value))
    return f"expected one of {', '.join(repr(a) for a in get_args(hint))}, got '{given}'"


def _element_starts(spec: str) -> list[int]:
    """Offsets of the pass names in a pipeline spec (commas inside `{...}` or quotes do not split)."""
    starts, depth, quote, at_start = [], 0, False, True
    for index, char in enumerate(spec):
        if quote:
            quote = char != '"'
            continue
        if at_start and not char.isspace():
            starts.append(index)
            at_start = False
        if char == '"':
            quote = True
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == "," and depth == 0:
            at_start = True
    return starts


def apply_passes(module: ModuleOp, spec: str, ctx: Context | None = None) -> ModuleOp:
    """Run the pipeline `spec` on `module` in place (verifying it after), and return it.

    Verifier failures are `XfuseError`s located at the op that fails (see `verify_located`)."""
    if ctx is None:
        from xfuse.context import make_context

        ctx = make_context()
    parse_pipeline(spec).apply(ctx, module)
    verify_located(module, f"after '{spec}'")
    return module

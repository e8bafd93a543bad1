"""The `xdsl.universe` entry point: xfuse's passes, ops and dialects inside plain `xdsl-opt`.

xfuse's ops mostly live in dialects xDSL owns (`scf.forall`, `tensor.parallel_insert_slice`,
`linalg.pack`, MLIR 22's transform ops, ...; `DIALECT_EXTENSIONS` in xfuse/dialects), and a
universe may not define a dialect xDSL already defines (`Universe.get_multiverse` raises on a
duplicate name). So loading this module -- which `get_multiverse` does in every `xdsl-opt` run,
before it reads any universe's dialects -- extends xDSL's own universe in place: the factory of
each dialect xfuse extends in `XDSL_UNIVERSE.all_dialects` becomes an `ExtendedDialectFactory`
(`with_xfuse_extensions` of xfuse/context.py, the function `xfuse-opt`'s and
`xfuse.make_context()`'s dialects come from, so every entry added to `DIALECT_EXTENSIONS` reaches
`xdsl-opt` too). The dialects of xfuse's own (`iree_encoding`, `rock`) are this universe's.
xDSL's tools also read MLIR text with xfuse's parser (`XfuseMLIRFrontend`), which reads some
builtin syntax as MLIR 22 does where xDSL 0.74 does not (xfuse/parsing.py) and gives every op
its source location (`--print-debuginfo` prints them, as `xfuse-opt` does).

For IR that does not use xfuse's ops, the extended dialects parse and print the same text as
xDSL's, except for the ops xfuse re-registers with MLIR 22's syntax (`linalg.generic`, the
linalg named ops, a few transform ops: xfuse/dialects/linalg_syntax.py, transform.py), which
print as mlir-opt prints them. Those are xfuse's classes; xDSL's interpreter (`xdsl-run`,
`constant-fold-interp`) finds an op's implementation by its exact class, so the subclasses of
xDSL's ops are given their base's implementation (`_interpret_subclasses_as_their_base`),
for the forms xDSL's op accepts (not, e.g., arith comparisons on tensors); the others
(`linalg.conv_2d_nchw_fchw`, `linalg.pooling_nchw_max`) are not interpreted. Set
`XFUSE_EXTEND_XDSL=0` to leave xDSL's dialects, parser, interpreter and error reports unchanged
(then IR with xfuse's ops needs `xfuse-opt`).

A bad option of an xfuse pass in `xdsl-opt -p` is reported as `xfuse-opt` reports it, the
option located in the pipeline, and exit code 1 (`PassOptionExit`). xdsl-opt catches no other
error either and offers a plugin no hook to format them (an `excepthook` installed on load
would change every program that loads the multiverse), so `xDSLOptMain.run` re-raises the
errors `xfuse-opt` reports (malformed IR, IR that does not verify -- located at the failing op,
as `xfuse-opt` does --, a pass refusing an op) as `ReportedExit`s (`_report_errors_located`):
still the error raised, to whoever catches it, and, uncaught, a `SystemExit` whose message
Python prints (`xdsl-opt: error: file:line:col ...`) with exit code 1 instead of a traceback.
Anything else (a bad option of one of xDSL's passes, a bug) stays xDSL's traceback.

The extension covers dialects xDSL defines; a dialect another plugin defines is extended only in
`xfuse-opt` and `xfuse.make_context()`, which build their dialects after every plugin is loaded.
"""

import functools
import os
from collections.abc import Callable
from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.irdl import IRDLOperation
from xdsl.passes import ModulePass
from xdsl.tools.command_line_tool import CommandLineTool
from xdsl.universe import XDSL_UNIVERSE, Universe

from xfuse.context import ExtendedDialectFactory, with_xfuse_extensions
from xfuse.dialects import DIALECT_EXTENSIONS
from xfuse.transforms import get_all_passes

EXTEND_XDSL_VARIABLE = "XFUSE_EXTEND_XDSL"
"""Environment variable: `0` leaves xDSL's dialects, parser and interpreter as they are
(xfuse's passes, and their located option errors, remain)."""


def _extend_xdsl_dialects() -> None:
    """Replace, in place, the factories of xDSL's universe for the dialects xfuse extends."""
    xdsl_dialects = XDSL_UNIVERSE.all_dialects
    for name, factory in with_xfuse_extensions(xdsl_dialects).items():
        if name in xdsl_dialects and isinstance(factory, ExtendedDialectFactory):
            xdsl_dialects[name] = factory


def _own_dialects() -> dict:
    """xfuse's dialects that extend none of xDSL's."""
    return {name: factory for name, factory in DIALECT_EXTENSIONS.items() if name not in XDSL_UNIVERSE.all_dialects}


def _interpret_subclasses_as_their_base() -> None:
    """After an `Interpreter` registers implementations, each op class of xfuse's extensions
    without one gets the implementation of its nearest base class that has one (`_as_base`)."""
    from xdsl.interpreter import Interpreter, InterpreterFunctions

    register = Interpreter.register_implementations

    def register_implementations(self: Interpreter, impls: InterpreterFunctions, /, override: bool = False) -> None:
        register(self, impls, override=override)
        table = self._impls._impl_dict  # pyright: ignore[reportPrivateUsage]
        for op_class in _extension_op_classes():
            base = next((b for b in op_class.__mro__[1:] if b in table), None)
            if op_class not in table and base is not None and issubclass(base, IRDLOperation):
                functions, implementation = table[base]
                table[op_class] = (functions, _as_base(base, implementation))

    register_implementations.__doc__ = register.__doc__
    Interpreter.register_implementations = register_implementations


def _as_base(base: type[IRDLOperation], implementation: Callable) -> Callable:
    """`implementation` (of `base`) for an op of a subclass, if the op is also a valid `base`:
    xfuse widens some of xDSL's ops (arith casts and comparisons on tensors, as MLIR 22 has them),
    and xDSL's implementation of the scalar form must not run on the wider one."""
    from xdsl.utils.exceptions import InterpretationError, VerifyException

    definition = base.get_irdl_definition()

    def run(functions: object, interpreter: object, op: Operation, args: tuple) -> object:
        try:
            definition.verify(op)
        except VerifyException:
            raise InterpretationError(
                f"no interpretation of this form of {op.name} (MLIR 22's, from xfuse): "
                "xDSL's interpreter implements only xDSL's"
            ) from None
        return implementation(functions, interpreter, op, args)

    return run


@functools.cache
def _extension_op_classes() -> tuple[type, ...]:
    return tuple(op for factory in DIALECT_EXTENSIONS.values() for op in factory().operations)


class XfuseMLIRFrontend:
    """The `mlir` frontend of an xDSL tool, reading with xfuse's parser (xfuse/parsing.py): xDSL's
    reading plus the builtin syntax xfuse reads as MLIR 22 does, and source locations, whose
    lines count from the start of the file also in a `--split-input-file` piece."""

    def __init__(self, tool: CommandLineTool):
        self.tool = tool

    def __call__(self, stream: IO[bytes], line_offset: int = 0) -> ModuleOp:
        from xfuse.parsing import LocatingParser

        parser = LocatingParser(self.tool.ctx, stream.read(), self.tool.get_input_name(), line_offset=line_offset)
        return parser.parse_module(not self.tool.args.no_implicit_module)


def _read_mlir_with_xfuse_parser() -> None:
    """xDSL's tools (`xdsl-opt`, `xdsl-run`) read MLIR text with `XfuseMLIRFrontend`, as
    `xfuse-opt` does. A tool registers its frontends after its dialects
    (`CommandLineTool.register_all_dialects` loads this module first), so the replacement already
    serves the run that loads xfuse; a tool that registers its own `mlir` frontend keeps it."""
    register, parse_chunk = CommandLineTool.register_all_frontends, CommandLineTool.parse_chunk

    def register_all_frontends(self: CommandLineTool) -> None:
        register(self)
        self.available_frontends["mlir"] = XfuseMLIRFrontend(self)

    def parse_chunk_at_its_line(
        self: CommandLineTool, chunk: IO[bytes], file_extension: str, start_offset: int = 0
    ) -> ModuleOp | None:
        frontend = self.available_frontends[file_extension]
        if isinstance(frontend, XfuseMLIRFrontend):
            return frontend(chunk, start_offset)
        return parse_chunk(self, chunk, file_extension, start_offset)

    register_all_frontends.__doc__ = register.__doc__
    parse_chunk_at_its_line.__doc__ = parse_chunk.__doc__
    CommandLineTool.register_all_frontends = register_all_frontends
    CommandLineTool.parse_chunk = parse_chunk_at_its_line


class PassOptionExit(ValueError, SystemExit):
    """A bad option of an xfuse pass in `xdsl-opt -p`: a `ValueError` (what xDSL raised) to
    whoever catches it (`xfuse-opt`, `xfuse.apply_passes`), and, uncaught (plain `xdsl-opt`
    catches nothing), a `SystemExit`: Python prints the located message and exits with 1,
    as argparse does for xdsl-opt's other bad arguments, instead of a traceback."""

    def __init__(self, message: str):
        super().__init__(message)
        self.code = message


class ReportedExit(SystemExit):
    """Base of the classes `_reported` makes: an error of class C re-raised as a subclass of C and
    of this, whose `code` is the diagnostic. `except C` and `except Exception` still catch it (the
    class keeps C's name, fields and message); uncaught, Python prints `code` and exits with 1."""


@functools.cache
def _reported_class(error_class: type[BaseException]) -> type[ReportedExit] | None:
    try:
        return type(error_class.__name__, (error_class, ReportedExit), {"__module__": error_class.__module__})
    except TypeError:  # a base whose instance layout SystemExit's cannot share
        return None


def _reported(exc: Exception, text: str) -> BaseException:
    """`exc` as a `ReportedExit` printing `text`, or `exc` itself if its class cannot be one."""
    reported_class = _reported_class(type(exc))
    if reported_class is None:
        return exc
    reported = reported_class.__new__(reported_class, *exc.args)
    reported.__dict__.update(exc.__dict__)
    reported.code = text
    return reported


def _report_errors_located() -> None:
    """`xDSLOptMain.run` re-raises an error `xfuse-opt` reports (`xfuse.diagnostics.describe`) as
    a `ReportedExit`; its pipeline's verification locates an op that does not verify
    (`verify_located`: the op's `file:line:col` and first line, not the module in generic form)."""
    from xdsl.utils.exceptions import VerifyException
    from xdsl.xdsl_opt_main import xDSLOptMain

    from xfuse.diagnostics import VerificationError, describe, verify_located

    run, setup = xDSLOptMain.run, xDSLOptMain.setup_pipeline

    def run_reporting(self: xDSLOptMain) -> None:
        try:
            run(self)
        except ReportedExit:
            raise
        except Exception as exc:
            text = describe(exc)
            if text is None:
                raise
            reported = _reported(exc, f"xdsl-opt: {text}" if text.startswith("error:") else text)
            raise reported.with_traceback(exc.__traceback__) from None

    def setup_pipeline(self: xDSLOptMain) -> None:
        setup(self)
        pipeline = self.pipeline
        verify = pipeline.callback
        assert verify is not None

        def callback(previous: ModulePass | None, module: ModuleOp, following: ModulePass | None) -> None:
            try:
                verify(previous, module, following)
            except VerificationError:
                raise
            except VerifyException:
                verify_located(module, f"after '{previous.name}'" if previous else None)
                raise

        self.pipeline = type(pipeline)(pipeline.passes, callback)

    run_reporting.__doc__, setup_pipeline.__doc__ = run.__doc__, setup.__doc__
    xDSLOptMain.run, xDSLOptMain.setup_pipeline = run_reporting, setup_pipeline


def _report_bad_xfuse_pass_options() -> None:
    """`xDSLOptMain.setup_pipeline` raises `PassOptionExit` for an option an xfuse pass refuses
    (located in the pipeline by xfuse.passes); other pipeline errors are xDSL's, unchanged."""
    from xdsl.utils.arg_spec import ArgSpecParseError
    from xdsl.xdsl_opt_main import xDSLOptMain

    setup = xDSLOptMain.setup_pipeline

    def setup_pipeline(self: xDSLOptMain) -> None:
        try:
            setup(self)
        except (ValueError, ArgSpecParseError) as exc:
            from xfuse.passes import failing_option, pipeline_error

            culprit = failing_option(self.args.passes, self.available_passes)
            if culprit is None or culprit[0] not in get_all_passes():
                raise
            raise PassOptionExit(f"xdsl-opt: {pipeline_error(self.args.passes, exc, self.available_passes)}") from exc

    setup_pipeline.__doc__ = setup.__doc__
    xDSLOptMain.setup_pipeline = setup_pipeline


if os.environ.get(EXTEND_XDSL_VARIABLE, "1") != "0":
    _extend_xdsl_dialects()
    _read_mlir_with_xfuse_parser()
    _interpret_subclasses_as_their_base()
    _report_errors_located()
_report_bad_xfuse_pass_options()

XFUSE_UNIVERSE = Universe(all_passes=get_all_passes(), all_dialects=_own_dialects())

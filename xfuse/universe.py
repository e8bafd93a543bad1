"""The `xdsl.universe` entry point: xfuse's ops, dialects and passes added to plain `xdsl-opt`.

Installing xfuse changes nothing for IR that uses none of its ops: `xdsl-opt` parses, prints,
verifies and reports errors as xDSL alone does (tests/test_xdsl_suite.py runs xDSL 0.74's own
FileCheck suite with and without xfuse). What it adds:
- xfuse's passes (`xfuse-*`); a bad option of one of them is reported located in the pipeline,
  with exit code 1 (`PassOptionExit`), other pipeline errors stay xDSL's;
- the ops and attributes xfuse defines in dialects xDSL owns (`scf.forall`, `linalg.pack`,
  `tensor.parallel_insert_slice`, ...; `DIALECT_EXTENSIONS` in xfuse/dialects) whose names xDSL
  lacks: a universe may not define a dialect xDSL already defines (`Universe.get_multiverse`
  raises on a duplicate name), so loading this module -- which `get_multiverse` does in every
  `xdsl-opt` run, before it reads any universe's dialects -- makes the factory of each such
  dialect in `XDSL_UNIVERSE.all_dialects` an `AddedOpsDialectFactory` (xfuse/context.py): xDSL's
  ops stay xDSL's classes (`arith.remf` is not added: xDSL's tests use it unregistered);
- xfuse's own dialects (`iree_encoding`, `rock`), as this universe's;
- xDSL's interpreter (`xdsl-run`, `constant-fold-interp`) runs the ops of xfuse's classes that
  subclass xDSL's (made by xfuse's passes) with their base's implementation, for the forms
  xDSL's op accepts (`_interpret_subclasses_as_their_base`; `linalg.conv_2d_nchw_fchw` and
  `linalg.pooling_nchw_max` are not interpreted): xDSL's own classes keep their implementations.

`xfuse-opt` reads MLIR 22's spelling of the ops xDSL already defines (`linalg.generic`, the
named linalg ops, `scf.for`, `memref.load`, ...: xfuse replaces them by subclasses with MLIR 22's
syntax and verifiers), and xdsl-opt's text with them in xDSL's spelling is what xDSL's own
classes print. `XFUSE_EXTEND_XDSL=1` gives plain `xdsl-opt` all of `xfuse-opt`'s reading
instead: the factories become `ExtendedDialectFactory`s (the dialects `xfuse-opt` and
`xfuse.make_context()` use, so xDSL's ops print as mlir-opt prints them), MLIR text is read with
xfuse's parser (`XfuseMLIRFrontend`: some builtin syntax as MLIR 22 reads it, and source
locations), and bad input is reported as `xfuse-opt` reports it (`_report_errors_located`:
`xDSLOptMain.run` re-raises the error as a `ReportedExit`, still the error raised to whoever
catches it and, uncaught, a `SystemExit` printing `xdsl-opt: error: file:line:col ...` with exit
code 1 instead of a traceback). xDSL's own FileCheck suite does not pass with it.

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

from xfuse.context import AddedOpsDialectFactory, ExtendedDialectFactory, with_xfuse_extensions
from xfuse.dialects import DIALECT_EXTENSIONS
from xfuse.transforms import get_all_passes

EXTEND_XDSL_VARIABLE = "XFUSE_EXTEND_XDSL"
"""Environment variable: `1` makes plain `xdsl-opt` read, print and report as `xfuse-opt`
(xDSL's ops in MLIR 22's spelling, xfuse's parser and error reports); by default xfuse only adds
its ops, dialects and passes."""


def extends_xdsl() -> bool:
    """Whether `XFUSE_EXTEND_XDSL=1` asks for `xfuse-opt`'s reading in plain `xdsl-opt`."""
    return os.environ.get(EXTEND_XDSL_VARIABLE, "0") == "1"


def _add_xfuse_ops_to_xdsl_dialects() -> None:
    """Each dialect of xDSL's universe that xfuse extends gets the ops and attributes it lacks."""
    xdsl_dialects = XDSL_UNIVERSE.all_dialects
    for name, extension in DIALECT_EXTENSIONS.items():
        base = xdsl_dialects.get(name)
        if base is not None and not isinstance(base, (AddedOpsDialectFactory, ExtendedDialectFactory)):
            xdsl_dialects[name] = AddedOpsDialectFactory(base, extension)


def _extend_xdsl_dialects() -> None:
    """Replace, in place, the factories of xDSL's universe for the dialects xfuse extends by
    the full extension (xDSL's ops in MLIR 22's spelling): the `XFUSE_EXTEND_XDSL=1` opt-in."""
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


if extends_xdsl():
    _extend_xdsl_dialects()
    _read_mlir_with_xfuse_parser()
    _report_errors_located()
else:
    _add_xfuse_ops_to_xdsl_dialects()
_interpret_subclasses_as_their_base()
_report_bad_xfuse_pass_options()

XFUSE_UNIVERSE = Universe(all_passes=get_all_passes(), all_dialects=_own_dialects())

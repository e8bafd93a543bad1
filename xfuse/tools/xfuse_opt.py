"""`xfuse-opt`: `xdsl-opt` with xfuse's dialect extensions and passes, and clean diagnostics.

Same flags as xdsl-opt. Differences: the context parses xfuse's extra ops (added to the dialects
of every `xdsl.universe` plugin, as xdsl-opt loads them), ops remember their source location,
pass options are checked when the pipeline is parsed, `-t llvm` / `-t x86-asm` lower through
mlir-opt 22 (xfuse.backends.targets), and bad input (malformed IR, unknown pass, bad option, IR
that does not verify, a pass refusing an op) ends with `file:line:col: error: ...` and exit
code 1 instead of a Python traceback; and `--verify-diagnostics` checks the input's
`expected-error` annotations, as mlir-opt does (xfuse.tools.expected_diagnostics).
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Sequence
from io import BytesIO
from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.arg_spec import ArgSpecParseError
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.xdsl_opt_main import xDSLOptMain

from xfuse.context import xfuse_dialect_factories
from xfuse.diagnostics import XfuseError, describe, verify_located
from xfuse.parsing import LocatingParser
from xfuse.passes import pipeline_error
from xfuse.tools.expected_diagnostics import expectations, produced_error, unmet
from xfuse.transforms import get_all_passes


class XfuseOptMain(xDSLOptMain):
    version_format = "xfuse-opt built on xdsl version {xdsl_version}"

    def register_all_dialects(self):
        # The multiverse (xDSL's dialects and every xdsl.universe plugin's), with xfuse's ops
        # appended to scf, tensor and linalg.
        for name, factory in xfuse_dialect_factories().items():
            self.ctx.register_dialect(name, factory)

    def register_all_passes(self):
        # xDSL's passes plus xfuse's (the latter are also what the entry point exposes).
        super().register_all_passes()
        for name, factory in get_all_passes().items():
            self.register_pass(name, factory)

    def register_all_targets(self):
        from xfuse.backends.targets import TARGETS

        self.available_targets.update(TARGETS)
        super().register_all_targets()  # adds xDSL's others; keeps ours for llvm and x86-asm

    def setup_pipeline(self):
        try:
            super().setup_pipeline()
        except (ValueError, ArgSpecParseError) as exc:
            raise pipeline_error(self.args.passes, exc, self.available_passes) from None
        xdsl_callback = self.pipeline.callback
        assert xdsl_callback is not None

        def callback(previous: ModulePass | None, module: ModuleOp, following: ModulePass | None) -> None:
            # xDSL's callback verifies (and times, prints between passes); a failure is verified
            # again to locate the failing op instead of dumping the module.
            try:
                xdsl_callback(previous, module, following)
            except VerifyException:
                verify_located(module, f"after '{previous.name}'" if previous else None)
                raise

        self.pipeline = type(self.pipeline)(self.pipeline.passes, callback)

    def run(self):
        if not self.args.verify_diagnostics:
            return super().run()
        # xdsl-opt's loop over the chunks, with each chunk's expected-error annotations checked
        # against the error it produces; every chunk runs, then the unmet ones fail the run.
        chunks, file_extension = self.prepare_input()
        output_stream = self.prepare_output()
        file = self.get_input_name()
        problems: list[str] = []
        try:
            for i, (chunk, offset) in enumerate(chunks):
                try:
                    text = chunk.read()
                    expected = expectations(text.decode(errors="replace"), offset, file)
                    if i > 0:
                        output_stream.write("// -----\n")
                    produced = None
                    try:
                        module = self.parse_chunk(BytesIO(text), file_extension, offset)
                        if module is not None:
                            self.apply_passes(module)
                            output_stream.write(self.output_resulting_program(module))
                        output_stream.flush()
                    except ParseError as exc:
                        exc.span = dataclasses.replace(exc.span, line_offset=offset)
                        if not (self.args.parsing_diagnostics or expected):
                            raise
                        print(exc)
                        produced = produced_error(str(exc))
                    except DiagnosticException as exc:
                        print(exc)
                        for note in getattr(exc, "__notes__", ()):
                            print(note)
                        produced = produced_error(str(exc))
                    if expected:
                        problems += unmet(expected, produced, file)
                finally:
                    chunk.close()
        finally:
            if output_stream is not sys.stdout:
                output_stream.close()
        if problems:
            print("\n".join(problems), file=sys.stderr)
            sys.exit(1)

    def output_resulting_program(self, prog: ModuleOp) -> str:
        try:
            return super().output_resulting_program(prog)
        except XfuseError:
            raise
        except Exception as exc:  # noqa: BLE001 - xDSL's targets assert on IR they do not handle
            from xfuse.backends.runner import BackendError

            if isinstance(exc, BackendError):
                raise
            # An assertion's message is the repr of the op it choked on: not worth printing.
            detail = "" if isinstance(exc, AssertionError) or not str(exc) else f": {str(exc).splitlines()[0]}"
            raise XfuseError(
                f"target '{self.args.target}' cannot print this module{detail} (xDSL's assembly targets "
                "take modules already lowered to their dialect; `-t llvm` and `-t x86-asm` lower "
                "tensor/linalg code with mlir-opt)"
            ) from None

    def register_all_frontends(self):
        def parse_mlir(io: IO[bytes]):
            return LocatingParser(self.ctx, io.read(), self.get_input_name()).parse_module(
                not self.args.no_implicit_module
            )

        self.available_frontends["mlir"] = parse_mlir

    def get_input_stream(self):
        # Like mlir-opt, read any file as MLIR text unless its extension names another frontend.
        stream, extension = super().get_input_stream()
        return stream, extension if extension in self.available_frontends else "mlir"

    def parse_chunk(self, chunk: IO[bytes], file_extension: str, start_offset: int = 0):
        if file_extension != "mlir":
            return super().parse_chunk(chunk, file_extension, start_offset)
        # Keep line numbers of --split-input-file chunks true to the whole file.
        return LocatingParser(
            self.ctx, chunk.read(), self.get_input_name(), line_offset=start_offset
        ).parse_module(not self.args.no_implicit_module)


def main(argv: Sequence[str] | None = None) -> None:
    try:
        XfuseOptMain(args=argv).run()
    except OSError as exc:
        print(f"xfuse-opt: error: {exc}", file=sys.stderr)
        sys.exit(1)
    except Exception as exc:  # noqa: BLE001 - expected user errors are reported, bugs re-raised
        text = describe(exc)
        if text is None:
            raise
        print(text if not text.startswith("error:") else f"xfuse-opt: {text}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()

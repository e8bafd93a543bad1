"""`xfuse-opt`: `xdsl-opt` with xfuse's dialect extensions and passes, and clean diagnostics.

Same flags as xdsl-opt. Differences: the context parses xfuse's extra ops, ops remember their
source location, and bad input (malformed IR, unknown pass, bad option, a pass refusing an op)
ends with a one-paragraph error and exit code 1 instead of a Python traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import IO

from xdsl.xdsl_opt_main import xDSLOptMain

from xfuse.context import xfuse_dialect_factories
from xdsl.utils.exceptions import ArgSpecParseError

from xfuse.diagnostics import XfuseError, describe
from xfuse.parsing import LocatingParser
from xfuse.transforms import get_all_passes


class XfuseOptMain(xDSLOptMain):
    version_format = "xfuse-opt built on xdsl version {xdsl_version}"

    def register_all_dialects(self):
        for name, factory in xfuse_dialect_factories().items():
            self.ctx.register_dialect(name, factory)

    def register_all_passes(self):
        # xDSL's passes plus xfuse's (the latter are also what the entry point exposes).
        super().register_all_passes()
        for name, factory in get_all_passes().items():
            self.register_pass(name, factory)

    def setup_pipeline(self):
        try:
            super().setup_pipeline()
        except (ValueError, ArgSpecParseError) as exc:
            raise XfuseError(f"invalid pass pipeline '{self.args.passes}': {exc}") from None

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

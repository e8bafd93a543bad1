"""xfuse: MLIR tile-and-fuse research on xDSL.

The public API is small: build a context, parse text, run passes, compile and run.
"""

from xfuse.context import make_context
from xfuse.parsing import parse
from xfuse.passes import apply_passes

__all__ = ["apply_passes", "compile_module", "make_context", "parse", "run"]
__version__ = "0.1.0"

_BACKEND_EXPORTS = {"compile_module", "run"}


def __getattr__(name: str):
    # The backend (numpy, ctypes, subprocess) is imported only when first used.
    if name in _BACKEND_EXPORTS:
        from xfuse.backends import runner

        return getattr(runner, name)
    raise AttributeError(f"module 'xfuse' has no attribute {name!r}")

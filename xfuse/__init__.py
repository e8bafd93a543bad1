"""xfuse: MLIR tile-and-fuse research on xDSL.

The public API is small: build a context, parse text, run passes, compile and run.
"""

from xfuse.context import make_context
from xfuse.parsing import parse

__all__ = ["make_context", "parse"]
__version__ = "0.1.0"

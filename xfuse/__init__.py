"""xfuse: MLIR tile-and-fuse research on xDSL.

The public API is small: parse text or a file (verified, with source locations), mark roots,
run passes, compile and run:

    module = xfuse.parse_file("examples/mlp.mlir")
    xfuse.mark_for_tiling(matmul_op, [64, 64])
    xfuse.apply_passes(module, "xfuse-tile{loop=forall},xfuse-diffusion")
    (out,) = xfuse.run(module, x, w, b)                      # entry= when several functions
    compiled = xfuse.compile_module(module, entry="mlp")     # compile once, call many times
    print(xfuse.explain(module))                             # what every loop nest computes
"""

from xfuse.context import make_context
from xfuse.parsing import parse, parse_file
from xfuse.passes import apply_passes

__all__ = ["apply_passes", "compile_module", "explain", "make_context", "mark_for_tiling", "parse", "parse_file", "run"]
__version__ = "0.1.0"

_BACKEND_EXPORTS = {"compile_module", "run"}


def __getattr__(name: str):
    # The backend (numpy, ctypes, subprocess) and the passes are imported only when first used.
    if name in _BACKEND_EXPORTS:
        from xfuse.backends import runner

        return getattr(runner, name)
    if name == "mark_for_tiling":
        from xfuse.marking import mark_for_tiling

        return mark_for_tiling
    if name == "explain":
        # The module, which is callable: xfuse.explain(module) is xfuse.explain.explain(module).
        import xfuse.explain

        return xfuse.explain
    raise AttributeError(f"module 'xfuse' has no attribute {name!r}")

"""The `xdsl.universe` entry point: xfuse's passes inside plain `xdsl-opt`.

Only passes are contributed: xfuse's extra ops live in the `scf`, `tensor` and `linalg`
dialects, which xDSL already owns, and a universe may not define a dialect twice. Parsing IR
that uses those ops needs `xfuse-opt` (or `xfuse.make_context()`).
"""

from xdsl.universe import Universe

from xfuse.transforms import get_all_passes

XFUSE_UNIVERSE = Universe(all_passes=get_all_passes())

"""Apply a rewrite to each op directly in a function body of a module.

Why: the backend's buffer-saving rewrites (`pool_borders`, `shuffles_in_place`) each look at the
ops at the top level of every function (not inside loops, where their tiles are) and rewrite
those that qualify; this is that walk, once.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation


def rewrite_top_level_ops(module: ModuleOp, names: Collection[str],
                          rewrite: Callable[[Operation], bool]) -> int:
    """Call `rewrite` on every op named in `names` directly in a function body of `module` (a
    snapshot of each body, so a rewrite may insert and erase ops); how many it rewrote (returned
    True for)."""
    count = 0
    for function in [op for op in module.walk() if isinstance(op, func.FuncOp)]:
        if not function.body.blocks:
            continue
        for op in list(function.body.block.ops):
            if op.name in names and rewrite(op):
                count += 1
    return count

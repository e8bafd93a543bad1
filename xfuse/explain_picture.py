"""The picture of an `Explanation`: loops as nested boxes, computations as coloured rows.

Kept apart from `explain.py` so the text form needs nothing but xDSL; this module imports
matplotlib (an optional dependency, `pip install xfuse[notebooks]`) when a picture is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xfuse.explain import Computation, Explanation, Loop

ROW = 1.0
"""Height of one row (a loop header or a computation), in data units."""
INDENT = 0.35
"""How far a nested loop's box sits inside its parent's, in data units."""

COLOURS = {
    "contraction": "#f4a259",  # matmul, conv, mmt4d, contract, gemm
    "elementwise": "#8cb8e6",  # generic, add, map, broadcast, ...
    "init": "#d9d9d9",  # fill, empty: values that only start a computation
    "memory": "#9ad1a4",  # alloc, copy, pack/unpack: data movement
    "other": "#e6c3e6",
}
LOOP_COLOURS = {"scf.forall": "#fff4d6", "scf.for": "#e8f1fb", "scf.parallel": "#fff4d6"}


def category(op_name: str) -> str:
    """Which colour an op gets: what kind of work it does."""
    name = op_name.split(".", 1)[-1]
    if any(k in name for k in ("matmul", "conv", "mmt4d", "contract", "gemm", "dot", "matvec")):
        return "contraction"
    if name in ("fill", "empty") or op_name == "tensor.empty":
        return "init"
    if op_name.startswith("memref.") or name in ("pack", "unpack", "copy", "alloc_tensor"):
        return "memory"
    if op_name.startswith("linalg."):
        return "elementwise"
    return "other"


def _rows(item: Loop | Computation) -> int:
    from xfuse.explain import Loop

    if isinstance(item, Loop):
        return 1 + sum(_rows(inner) for inner in item.body)
    return 1


def draw(explanation: Explanation, width: float = 11.0):
    """A matplotlib `Figure` of every function's loop nests."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyBboxPatch, Patch

    total = sum(1 + sum(_rows(i) for i in fn.body) for fn in explanation.functions)
    total = max(total, 1)
    figure, axes = plt.subplots(figsize=(width, 0.34 * total + 0.9))
    axes.set_xlim(0, width)
    axes.set_ylim(-total, 0.4)
    axes.axis("off")

    def text(x: float, y: float, s: str, **kw) -> None:
        kw.setdefault("fontsize", 8)
        axes.text(x, y - ROW / 2, s, va="center", ha="left", family="monospace", **kw)

    def place(item: Loop | Computation, x: float, y: float, w: float) -> float:
        from xfuse.explain import Loop

        if isinstance(item, Loop):
            height = _rows(item) * ROW
            axes.add_patch(
                FancyBboxPatch(
                    (x, y - height + 0.08),
                    w,
                    height - 0.16,
                    boxstyle="round,pad=0,rounding_size=0.12",
                    facecolor=LOOP_COLOURS.get(item.kind, "#f2f2f2"),
                    edgecolor="#555555",
                    linewidth=0.8,
                )
            )
            text(x + 0.08, y, item.header(), weight="bold")
            inner_y = y - ROW
            for inner in item.body:
                inner_y = place(inner, x + INDENT, inner_y, w - 2 * INDENT)
            return y - height
        axes.add_patch(
            FancyBboxPatch(
                (x, y - ROW + 0.14),
                w,
                ROW - 0.28,
                boxstyle="round,pad=0,rounding_size=0.08",
                facecolor=COLOURS[category(item.op)],
                edgecolor="none",
            )
        )
        label = f"{item.op} {item.shape}"
        if item.origin:
            label += f"  <- {item.origin}"
        if item.writes and "fresh" in item.writes:
            label += "  (intermediate)"
        text(x + 0.08, y, label)
        return y - ROW

    y = 0.0
    for fn in explanation.functions:
        text(0, y, f"func @{fn.name}", weight="bold", fontsize=9)
        y -= ROW
        for item in fn.body:
            y = place(item, 0.0, y, width)
    axes.legend(
        handles=[Patch(color=c, label=k) for k, c in COLOURS.items()],
        loc="upper right",
        fontsize=7,
        ncol=len(COLOURS),
        frameon=False,
        bbox_to_anchor=(1.0, 1.04),
    )
    figure.tight_layout()
    return figure

"""What the benchmarks share: which fusion pipeline to run, and how to say which one ran."""

from __future__ import annotations

FALLBACK_PASSES = ("xfuse-tile{loop=forall},xfuse-fuse-producers{remarks=false},"
                   "xfuse-fuse-consumers{remarks=false},xfuse-fuse-producers{remarks=false}")
"""Tile the marked matmuls into an scf.forall, then producer, consumer, producer fusion (the
consumers' own producers, e.g. the broadcast feeding the add, come in with the second sweep).
Remarks about refused candidates are off: they are expected here (e.g. one layer's loop as the
producer of the next), and printing them is not the cost being measured."""

DIFFUSION_PASSES = "xfuse-tile{loop=forall},xfuse-diffusion"
"""Tile the marked matmuls, then fuse producers and consumers around each tiled root."""

DATA_TILED_PASSES = "xfuse-tile{loop=forall},xfuse-diffusion{cost-model=no-recompute}"
"""The same for a data-tiled contraction: its packs are not fused (each would be recomputed for
every tile of the other operand's dim), so they run once, vectorized, before the nest."""


def diffusion_available() -> bool:
    from xfuse.transforms import get_all_passes

    return "xfuse-diffusion" in get_all_passes()


def default_passes() -> str:
    """The diffusion pipeline when the pass is registered, else the fallback sequence."""
    return DIFFUSION_PASSES if diffusion_available() else FALLBACK_PASSES


def describe_passes(spec: str) -> str:
    if spec == DIFFUSION_PASSES:
        return f"{spec} (xfuse-diffusion)"
    if spec == FALLBACK_PASSES:
        note = "xfuse-diffusion is not registered" if not diffusion_available() else "chosen with --passes"
        return f"{spec} (fallback: {note})"
    return spec

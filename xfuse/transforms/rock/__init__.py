"""rocMLIR's new fusion system (seed 002) on the CPU: views, regularization, fusion, lowering."""

from __future__ import annotations


from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass


@dataclass(frozen=True)
class RockPipelinePass(ModulePass):
    """`rock-regularize`, `rock-gemm-to-threadwise`, `rock-linalg-align`, `rock-to-loops`, in order.

    Options `tile-sizes` and `threads` are those of `rock-gemm-to-threadwise`.
    """

    name = "rock-pipeline"

    tile_sizes: tuple[int, ...] = field(default=(4, 4))
    threads: tuple[int, ...] = field(default=(2, 2))

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from xfuse.transforms.rock.gemm_to_threadwise import RockGemmToThreadwisePass
        from xfuse.transforms.rock.linalg_align import align
        from xfuse.transforms.rock.lower import lower_rock_to_loops
        from xfuse.transforms.rock.regularize import regularize

        regularize(op)
        RockGemmToThreadwisePass(self.tile_sizes, self.threads).apply(ctx, op)
        align(op)
        lower_rock_to_loops(op)

"""xfuse's passes, by name (every name starts with `xfuse-`).

Each pass is a thin `ModulePass` over a Python function of the same module; the registry is
what both `xfuse-opt` and the `xdsl.universe` entry point (plain `xdsl-opt`) expose.
"""

from collections.abc import Callable

from xdsl.passes import ModulePass


def get_all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Pass name -> factory of the pass class (imported lazily, as xDSL does)."""

    def get_lower_pack_unpack():
        from xfuse.transforms.lower_pack_unpack import LowerPackUnpackPass

        return LowerPackUnpackPass

    def get_lower_tm_tensor():  # torch-mlir's tm_tensor ops (issue 39)
        from xfuse.transforms.lower_tm_tensor import LowerTMTensorPass

        return LowerTMTensorPass

    def get_tile():
        from xfuse.transforms.tile import TilePass

        return TilePass

    def get_fuse_producers():
        from xfuse.transforms.fuse_producers import FuseProducersPass

        return FuseProducersPass

    def get_fuse_consumers():
        from xfuse.transforms.fuse_consumers import FuseConsumersPass

        return FuseConsumersPass

    def get_diffusion():
        from xfuse.transforms.diffusion import DiffusionPass

        return DiffusionPass

    def get_loop_cleanup():
        from xfuse.transforms.loop_cleanup import LoopCleanupPass

        return LoopCleanupPass

    def get_bufferize():
        from xfuse.transforms.bufferize import BufferizePass

        return BufferizePass

    def get_transform_interpreter():
        from xfuse.transform_interp.interpreter_pass import TransformInterpreterPass

        return TransformInterpreterPass

    # whole networks (issue 21): xfuse/transforms/network/
    def get_network_fusion():
        from xfuse.transforms.network.fusion import NetworkFusionPass

        return NetworkFusionPass

    def get_nhwc():  # data layout (issue 22): xfuse/transforms/layout/
        from xfuse.transforms.layout.nhwc import NhwcPass

        return NhwcPass

    def get_block_filters():
        from xfuse.transforms.layout.blocked_filters import BlockFiltersPass

        return BlockFiltersPass

    def get_winograd():  # issue 42: xfuse/transforms/winograd/
        from xfuse.transforms.winograd.rewrite import WinogradPass

        return WinogradPass

    def get_block_matmul_weights():
        from xfuse.transforms.layout.blocked_weights import BlockMatmulWeightsPass

        return BlockMatmulWeightsPass

    def get_merge_elementwise():
        from xfuse.transforms.merge_elementwise import MergeElementwisePass

        return MergeElementwisePass

    def get_erase_unused_results():
        from xfuse.transforms.unused_results import EraseUnusedResultsPass

        return EraseUnusedResultsPass

    def get_slice_before_rows():
        from xfuse.transforms.slice_rows_first import SliceBeforeRowsPass

        return SliceBeforeRowsPass

    def get_row_kernels():  # LayerNorms as one loop over rows (the micro-kernel pipelines' plan)
        from xfuse.backends.schedules.row_kernels import RowKernelsPass

        return RowKernelsPass

    def get_batch_matmul_to_matmul():
        from xfuse.transforms.batch_matmul import BatchMatmulToMatmulPass

        return BatchMatmulToMatmulPass

    def get_bools_as_bytes():  # i1 buffers mlir-opt 22 cannot lower (issue 39)
        from xfuse.backends.lowering_fixes.bool_bytes import BoolsAsBytesPass

        return BoolsAsBytesPass

    def get_loop_results_in_place():  # scf.for states one-shot-bufferize updates in place
        from xfuse.backends.in_place.loop_results_in_place import LoopResultsInPlacePass

        return LoopResultsInPlacePass

    def get_expand_math():
        from xfuse.transforms.math_approx import ExpandMathPass

        return ExpandMathPass

    def get_outline_groups():  # compile time of networks (issue 21)
        from xfuse.transforms.outline_groups import OutlineGroupsPass

        return OutlineGroupsPass

    def get_share_buffers():
        from xfuse.transforms.share_buffers import ShareBuffersPass

        return ShareBuffersPass

    # data tiling (issue 10): xfuse/transforms/data_tiling/
    def get_set_encoding():
        from xfuse.transforms.data_tiling.set_encoding import SetEncodingPass

        return SetEncodingPass

    def get_materialize_encoding():
        from xfuse.transforms.data_tiling.materialize import MaterializeEncodingPass

        return MaterializeEncodingPass

    def get_generic_to_mmt4d():
        from xfuse.transforms.data_tiling.generic_to_mmt4d import GenericToMmt4DPass

        return GenericToMmt4DPass

    def get_narrow_integer_contraction():
        from xfuse.transforms.data_tiling.narrow_contraction import NarrowIntegerContractionPass

        return NarrowIntegerContractionPass

    def get_i8_mmt4d_kernel():
        from xfuse.transforms.data_tiling.i8_mmt4d_kernel import I8Mmt4dKernelPass

        return I8Mmt4dKernelPass

    def get_int8_data_tiling():
        from xfuse.transforms.data_tiling.int8_matmul import Int8DataTilingPass

        return Int8DataTilingPass
    def get_rock_to_loops():
        from xfuse.transforms.rock.lower import RockToLoopsPass

        return RockToLoopsPass

    def get_rock_regularize():
        from xfuse.transforms.rock.regularize import RockRegularizePass

        return RockRegularizePass

    def get_rock_gemm_to_threadwise():
        from xfuse.transforms.rock.gemm_to_threadwise import RockGemmToThreadwisePass

        return RockGemmToThreadwisePass

    def get_rock_linalg_align():
        from xfuse.transforms.rock.linalg_align import RockLinalgAlignPass

        return RockLinalgAlignPass

    def get_rock_pipeline():
        from xfuse.transforms.rock import RockPipelinePass

        return RockPipelinePass

    rock_passes = {  # rocMLIR's pass names, so its users recognise them
        "rock-pipeline": get_rock_pipeline,
        "rock-linalg-align": get_rock_linalg_align,
        "rock-gemm-to-threadwise": get_rock_gemm_to_threadwise,
        "rock-regularize": get_rock_regularize,
        "rock-to-loops": get_rock_to_loops,
    }

    return {
        "xfuse-network-fusion": get_network_fusion,
        "xfuse-nhwc": get_nhwc,
        "xfuse-block-filters": get_block_filters,
        "xfuse-winograd": get_winograd,
        "xfuse-block-matmul-weights": get_block_matmul_weights,
        "xfuse-merge-elementwise": get_merge_elementwise,
        "xfuse-erase-unused-results": get_erase_unused_results,
        "xfuse-slice-before-rows": get_slice_before_rows,
        "xfuse-row-kernels": get_row_kernels,
        "xfuse-share-buffers": get_share_buffers,
        "xfuse-outline-groups": get_outline_groups,
        "xfuse-expand-math": get_expand_math,
        "xfuse-bools-as-bytes": get_bools_as_bytes,
        "xfuse-batch-matmul-to-matmul": get_batch_matmul_to_matmul,
        "xfuse-set-encoding": get_set_encoding,
        "xfuse-materialize-encoding": get_materialize_encoding,
        "xfuse-generic-to-mmt4d": get_generic_to_mmt4d,
        "xfuse-narrow-integer-contraction": get_narrow_integer_contraction,
        "xfuse-i8-mmt4d-kernel": get_i8_mmt4d_kernel,
        "xfuse-int8-data-tiling": get_int8_data_tiling,
        "xfuse-transform-interpreter": get_transform_interpreter,
        "xfuse-bufferize": get_bufferize,
        "xfuse-diffusion": get_diffusion,
        "xfuse-fuse-consumers": get_fuse_consumers,
        "xfuse-fuse-producers": get_fuse_producers,
        "xfuse-loop-cleanup": get_loop_cleanup,
        "xfuse-loop-results-in-place": get_loop_results_in_place,
        "xfuse-lower-pack-unpack": get_lower_pack_unpack,
        "xfuse-lower-tm-tensor": get_lower_tm_tensor,
        "xfuse-tile": get_tile,
        **rock_passes,
    }

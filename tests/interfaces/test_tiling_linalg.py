"""TilingInterface external model of structured linalg ops (xfuse/interfaces/tiling_linalg.py).

Each family is checked for its domain and iterators, then its tiled implementation is built at
a static and at an SSA tile inside a function returning (tile, full result): the module must
verify in xDSL, be accepted by mlir-opt 22 (generic form), and, run through xfuse's runner, give
a tile equal to the numpy slice of the full result at `get_result_tile_position`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from xdsl.dialects import affine
from xdsl.ir import SSAValue

from xfuse.diagnostics import XfuseError
from xfuse.interfaces.tiling import (
    IteratorType,
    OpFoldResult,
    TilingRefused,
    TilingResult,
    register_tiling_model,
    require_tiling_model,
    tiling_model_for,
)
from xfuse.interfaces.tiling_linalg import StructuredOpTilingModel

from harness import Case, as_ints, check_tile, rand

P, R = IteratorType.PARALLEL, IteratorType.REDUCTION


# -- helpers ------------------------------------------------------------------------------


def tile_and_run(
    text: str,
    op_name: str,
    offsets_of,  # Case -> offsets (may use the index args)
    sizes: Sequence[OpFoldResult],
    inputs: Sequence[np.ndarray],
    index_args: Sequence[int] = (),
    result_index: int = 0,
) -> tuple[Case, TilingResult]:
    """Tile the op at (offsets, sizes), return (tile, full), check IR and numbers."""
    case = Case(text, op_name)
    offsets = offsets_of(case)
    tiled = case.model.get_tiled_implementation(case.builder, case.op, offsets, sizes)
    position = case.model.get_result_tile_position(
        case.builder, case.op, result_index, offsets, sizes
    )
    case.return_values(tiled.tiled_values[result_index], case.op.results[result_index])
    case.check_ir()
    (tile, full), bindings = case.run_with_index_args(inputs, index_args)
    check_tile(
        full,
        tile,
        as_ints(position[0], bindings, kinds=(affine.ApplyOp,)),
        as_ints(position[1], bindings, kinds=(affine.ApplyOp,)),
        tolerance=1e-5,
    )
    return case, tiled


# -- inputs -------------------------------------------------------------------------------

MATMUL = """
func.func @f(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %c: tensor<8x32xf32>, %i: index, %j: index) -> tensor<8x32xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  func.return %0 : tensor<8x32xf32>
}
"""

BIAS_GENERIC = """
func.func @f(%a: tensor<8x16xf32>, %bias: tensor<16xf32>, %i: index) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %bias : tensor<8x16xf32>, tensor<16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %r = linalg.index 0 : index
    %c = linalg.index 1 : index
    %rc = arith.muli %r, %c : index
    %ri = arith.index_cast %rc : index to i64
    %rf = arith.sitofp %ri : i64 to f32
    %s = arith.addf %x, %b : f32
    %t = arith.addf %s, %rf : f32
    linalg.yield %t : f32
  } -> tensor<8x16xf32>
  func.return %0 : tensor<8x16xf32>
}
"""

TRANSPOSE = """
func.func @f(%a: tensor<8x16xf32>, %i: index) -> tensor<16x8xf32> {
  %e = tensor.empty() : tensor<16x8xf32>
  %0 = linalg.transpose ins(%a : tensor<8x16xf32>) outs(%e : tensor<16x8xf32>) permutation = [1, 0]
  func.return %0 : tensor<16x8xf32>
}
"""

REDUCE = """
func.func @f(%a: tensor<8x16xf32>, %init: tensor<8xf32>, %i: index) -> tensor<8xf32> {
  %0 = linalg.reduce ins(%a : tensor<8x16xf32>) outs(%init : tensor<8xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  func.return %0 : tensor<8xf32>
}
"""

BROADCAST = """
func.func @f(%a: tensor<16xf32>, %i: index) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.broadcast ins(%a : tensor<16xf32>) outs(%e : tensor<8x16xf32>) dimensions = [0]
  func.return %0 : tensor<8x16xf32>
}
"""

FILL = """
func.func @f(%v: f32, %i: index) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.fill ins(%v : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  func.return %0 : tensor<8x16xf32>
}
"""

ADD = """
func.func @f(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>, %i: index) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.add ins(%a, %b : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  func.return %0 : tensor<8x16xf32>
}
"""

BATCH_MATMUL = """
func.func @f(%a: tensor<2x8x16xf32>, %b: tensor<2x16x4xf32>, %c: tensor<2x8x4xf32>, %i: index) -> tensor<2x8x4xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x8x16xf32>, tensor<2x16x4xf32>) outs(%c : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  func.return %0 : tensor<2x8x4xf32>
}
"""

MMT4D = """
func.func @f(%a: tensor<2x3x4x5xf32>, %b: tensor<6x3x7x5xf32>, %c: tensor<2x6x4x7xf32>, %i: index) -> tensor<2x6x4x7xf32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<2x3x4x5xf32>, tensor<6x3x7x5xf32>) outs(%c : tensor<2x6x4x7xf32>) -> tensor<2x6x4x7xf32>
  func.return %0 : tensor<2x6x4x7xf32>
}
"""

CONV = """
func.func @f(%in: tensor<1x9x9x3xf32>, %w: tensor<3x3x3x4xf32>, %out: tensor<1x4x4x4xf32>, %i: index) -> tensor<1x4x4x4xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %w : tensor<1x9x9x3xf32>, tensor<3x3x3x4xf32>) outs(%out : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  func.return %0 : tensor<1x4x4x4xf32>
}
"""

DYNAMIC_MATMUL = """
func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>, %i: index) -> tensor<?x?xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}
"""


# -- registry -----------------------------------------------------------------------------


def test_registry_finds_models_through_the_class_hierarchy():
    case = Case(MATMUL, "linalg.matmul")
    assert isinstance(tiling_model_for(case.op), StructuredOpTilingModel)
    for text, name in [(MMT4D, "linalg.mmt4d"), (REDUCE, "linalg.reduce"), (CONV, "linalg.conv_2d_nhwc_hwcf")]:
        assert isinstance(tiling_model_for(Case(text, name).op), StructuredOpTilingModel)
    assert tiling_model_for(case.func) is None
    with pytest.raises(TilingRefused, match="no tiling model"):
        require_tiling_model(case.func)


def test_a_subclass_model_overrides_the_base_one():
    from xdsl.dialects.linalg.ops import MatmulOp

    class Refusing(StructuredOpTilingModel):
        def get_loop_iterator_types(self, op):
            raise TilingRefused(op, "test model")

    register_tiling_model(MatmulOp, Refusing())
    try:
        case = Case(MATMUL, "linalg.matmul")
        with pytest.raises(TilingRefused, match="test model") as info:
            case.model.get_loop_iterator_types(case.op)
        # A refusal is a user-facing xfuse error carrying the op and the reason.
        assert isinstance(info.value, XfuseError)
        assert info.value.op is case.op and info.value.reason == "test model"
    finally:
        from xfuse.interfaces import tiling

        del tiling._MODELS[MatmulOp]
    assert isinstance(tiling_model_for(Case(MATMUL, "linalg.matmul").op), StructuredOpTilingModel)


# -- domains ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "domain", "iterators"),
    [
        (MATMUL, "linalg.matmul", [8, 32, 16], [P, P, R]),
        (BIAS_GENERIC, "linalg.generic", [8, 16], [P, P]),
        (TRANSPOSE, "linalg.transpose", [16, 8], [P, P]),
        (REDUCE, "linalg.reduce", [8, 16], [P, R]),
        (BROADCAST, "linalg.broadcast", [8, 16], [P, P]),
        (FILL, "linalg.fill", [8, 16], [P, P]),
        (ADD, "linalg.add", [8, 16], [P, P]),
        (BATCH_MATMUL, "linalg.batch_matmul", [2, 8, 4, 16], [P, P, P, R]),
        (MMT4D, "linalg.mmt4d", [2, 6, 3, 4, 7, 5], [P, P, R, P, P, R]),
        (CONV, "linalg.conv_2d_nhwc_hwcf", [1, 4, 4, 4, 3, 3, 3], [P, P, P, P, R, R, R]),
    ],
)
def test_iteration_domain_and_iterator_types(text, name, domain, iterators):
    case = Case(text, name)
    ranges = case.model.get_iteration_domain(case.builder, case.op)
    assert [(r.offset, r.size, r.stride) for r in ranges] == [(0, d, 1) for d in domain]
    assert case.model.get_loop_iterator_types(case.op) == iterators


def test_dynamic_domain_reads_tensor_dim():
    case = Case(DYNAMIC_MATMUL, "linalg.matmul")
    ranges = case.model.get_iteration_domain(case.builder, case.op)
    assert all(isinstance(r.size, SSAValue) and r.size.owner.name == "tensor.dim" for r in ranges)
    case.check_ir()


# -- tiled implementation -----------------------------------------------------------------


def test_matmul_static_tile():
    a, b, c = rand(8, 16), rand(16, 32, seed=1), rand(8, 32, seed=2)
    case, tiled = tile_and_run(MATMUL, "linalg.matmul", lambda c_: [4, 8, 0], [4, 8, 16], [a, b, c], [0, 0])
    (op,) = tiled.tiled_ops
    assert op.name == "linalg.matmul"
    assert [s.name for s in tiled.generated_slices] == ["tensor.extract_slice"] * 3
    assert str(op.results[0].type) == "tensor<4x8xf32>"


def test_matmul_ssa_tile_and_result_position():
    a, b, c = rand(8, 16), rand(16, 32, seed=1), rand(8, 32, seed=2)
    case, _ = tile_and_run(
        MATMUL, "linalg.matmul", lambda c_: [c_.arg("i"), c_.arg("j"), 0], [4, 8, 16], [a, b, c], [4, 16]
    )
    offsets, sizes = case.model.get_result_tile_position(
        case.builder, case.op, 0, [case.arg("i"), case.arg("j"), 0], [4, 8, 16]
    )
    assert offsets == [case.arg("i"), case.arg("j")] and sizes == [4, 8]


def test_matmul_tile_along_the_reduction_is_a_partial_product():
    # get_tiled_implementation computes exactly the iteration tile asked for, here half of k.
    a, b, c = rand(8, 16), rand(16, 32, seed=1), rand(8, 32, seed=2)
    case = Case(MATMUL, "linalg.matmul")
    tiled = case.model.get_tiled_implementation(case.builder, case.op, [0, 0, case.arg("i")], [8, 32, 8])
    case.return_values(tiled.tiled_values[0], case.op.results[0])
    case.check_ir()
    tile, _ = case.run(a, b, c, 8, 0)
    np.testing.assert_allclose(tile, c + a[:, 8:] @ b[8:, :], rtol=1e-5, atol=1e-5)


def test_generic_with_broadcast_map_and_linalg_index():
    a, bias = rand(8, 16), rand(16, seed=3)
    case, tiled = tile_and_run(
        BIAS_GENERIC, "linalg.generic", lambda c_: [c_.arg("i"), 4], [2, 8], [a, bias], [6]
    )
    bias_slice = tiled.generated_slices[1]
    assert str(bias_slice.results[0].type) == "tensor<8xf32>"
    # linalg.index reads shifted by the tile offset (static 4 folds into the map).
    assert "affine.apply" in case.check_ir()


def test_transpose():
    a = rand(8, 16)
    _, tiled = tile_and_run(TRANSPOSE, "linalg.transpose", lambda c_: [c_.arg("i"), 2], [4, 4], [a], [8])
    assert str(tiled.generated_slices[0].results[0].type) == "tensor<4x4xf32>"


def test_reduce_parallel_tile():
    a, init = rand(8, 16), rand(8, seed=4)
    tile_and_run(REDUCE, "linalg.reduce", lambda c_: [c_.arg("i"), 0], [3, 16], [a, init], [5])


def test_broadcast_op():
    tile_and_run(BROADCAST, "linalg.broadcast", lambda c_: [c_.arg("i"), 8], [2, 8], [rand(16)], [3])


def test_fill_keeps_its_scalar_operand():
    case, tiled = tile_and_run(
        FILL, "linalg.fill", lambda c_: [c_.arg("i"), 0], [4, 16], [np.float32(2.5)], [4]
    )
    assert tiled.tiled_ops[0].operands[0] is case.arg("v")
    assert len(tiled.generated_slices) == 1


def test_elementwise_add():
    tile_and_run(ADD, "linalg.add", lambda c_: [c_.arg("i"), c_.arg("i")], [4, 4], [rand(8, 16), rand(8, 16, seed=9)], [2])


def test_batch_matmul():
    a, b, c = rand(2, 8, 16), rand(2, 16, 4, seed=1), rand(2, 8, 4, seed=2)
    tile_and_run(BATCH_MATMUL, "linalg.batch_matmul", lambda c_: [1, c_.arg("i"), 0, 0], [1, 4, 4, 16], [a, b, c], [4])


def test_mmt4d():
    a, b, c = rand(2, 3, 4, 5), rand(6, 3, 7, 5, seed=1), rand(2, 6, 4, 7, seed=2)
    tile_and_run(
        MMT4D, "linalg.mmt4d", lambda c_: [1, c_.arg("i"), 0, 0, 0, 0], [1, 2, 3, 4, 7, 5], [a, b, c], [3]
    )


def test_convolution_input_tile_from_strided_map():
    x, w, out = rand(1, 9, 9, 3), rand(3, 3, 3, 4, seed=1), rand(1, 4, 4, 4, seed=2)
    case, tiled = tile_and_run(
        CONV,
        "linalg.conv_2d_nhwc_hwcf",
        lambda c_: [0, c_.arg("i"), 1, 0, 0, 0, 0],
        [1, 2, 3, 4, 3, 3, 3],
        [x, w, out],
        [2],
    )
    # Input rows: oh*2 + kh over oh in [i, i+2), kh in [0, 3): offset 2*i, size 2*(2-1)+(3-1)+1 = 5.
    # Columns: ow in [1, 4): offset 2, size 2*2+2+1 = 7.
    assert str(tiled.generated_slices[0].results[0].type) == "tensor<1x5x7x3xf32>"


def test_dynamic_matmul_tile_is_accepted_by_mlir_opt():
    case = Case(DYNAMIC_MATMUL, "linalg.matmul")
    domain = case.model.get_iteration_domain(case.builder, case.op)
    tiled = case.model.get_tiled_implementation(
        case.builder, case.op, [case.arg("i"), 0, 0], [2, domain[1].size, domain[2].size]
    )
    case.return_values(tiled.tiled_values[0], case.op.results[0])
    case.check_ir()
    a, b, c = rand(6, 5), rand(5, 3, seed=1), rand(6, 3, seed=2)
    tile, full = case.run(a, b, c, 4)
    check_tile(full, tile, [4, 0], [2, 3])


# -- producer fusion: result tile -> tile value ---------------------------------------------


def test_generate_result_tile_value_takes_the_whole_reduction():
    a, b, c = rand(8, 16), rand(16, 32, seed=1), rand(8, 32, seed=2)
    case = Case(MATMUL, "linalg.matmul")
    result = case.model.generate_result_tile_value(case.builder, case.op, 0, [case.arg("i"), 8], [4, 8])
    (value,) = result.tiled_values
    assert str(value.type) == "tensor<4x8xf32>"
    case.return_values(value, case.op.results[0])
    case.check_ir()
    tile, full = case.run(a, b, c, 4, 0)
    check_tile(full, tile, [4, 8], [4, 8])


def test_generate_result_tile_value_dynamic_reduction_extent():
    case = Case(DYNAMIC_MATMUL, "linalg.matmul")
    result = case.model.generate_result_tile_value(case.builder, case.op, 0, [case.arg("i"), 0], [2, 3])
    case.return_values(result.tiled_values[0], case.op.results[0])
    case.check_ir()
    a, b, c = rand(6, 5), rand(5, 3, seed=1), rand(6, 3, seed=2)
    tile, full = case.run(a, b, c, 2)
    check_tile(full, tile, [2, 0], [2, 3])


# -- consumer fusion: operand tiles -> iteration tile ---------------------------------------


def test_operand_tile_to_iteration_tile_through_a_broadcast_map():
    case = Case(BIAS_GENERIC, "linalg.generic")
    i = case.arg("i")
    # The bias (d1) fixes d1 only; d0 takes the whole domain.
    assert case.model.get_iteration_domain_tile_from_operand_tiles(
        case.builder, case.op, [1], [[i]], [[4]]
    ) == ([0, i], [8, 4])


def test_consistent_operand_tiles_agree_on_one_iteration_tile():
    case = Case(ADD, "linalg.add")
    i = case.arg("i")
    tile = ([i, 0], [4, 16])
    assert case.model.get_iteration_domain_tile_from_operand_tiles(
        case.builder, case.op, [0, 1], [tile[0], tile[0]], [tile[1], tile[1]]
    ) == ([i, 0], [4, 16])
    # matmul: A fixes (m, k), B fixes (k, n); they agree on k.
    mm = Case(MATMUL, "linalg.matmul")
    j = mm.arg("j")
    assert mm.model.get_iteration_domain_tile_from_operand_tiles(
        mm.builder, mm.op, [0, 1], [[j, 0], [0, 8]], [[4, 16], [16, 8]]
    ) == ([j, 8, 0], [4, 8, 16])


def test_inconsistent_operand_tiles_are_refused():
    case = Case(ADD, "linalg.add")
    i = case.arg("i")
    with pytest.raises(TilingRefused, match="operands #0 and #1 map loop d0"):
        case.model.get_iteration_domain_tile_from_operand_tiles(
            case.builder, case.op, [0, 1], [[i, 0], [0, 0]], [[4, 16], [4, 16]]
        )
    with pytest.raises(TilingRefused, match="loop d1"):
        case.model.get_iteration_domain_tile_from_operand_tiles(
            case.builder, case.op, [0, 1], [[0, 0], [0, 0]], [[4, 16], [4, 8]]
        )


def test_operand_tile_cutting_a_reduction_is_refused():
    mm = Case(MATMUL, "linalg.matmul")
    with pytest.raises(TilingRefused, match="cuts reduction loop d2"):
        mm.model.generate_operand_tile_value(mm.builder, mm.op, 0, [0, 0], [4, 8])
    reduce = Case(REDUCE, "linalg.reduce")
    with pytest.raises(TilingRefused, match="partial reduction"):
        reduce.model.generate_operand_tile_value(reduce.builder, reduce.op, 0, [0, reduce.arg("i")], [8, 4])


def test_generate_operand_tile_value_through_the_init_of_a_reduction():
    # The init covers only d0; the reduction loop d1 takes its whole domain.
    a, init = rand(8, 16), rand(8, seed=4)
    case = Case(REDUCE, "linalg.reduce")
    result = case.model.generate_operand_tile_value(case.builder, case.op, 1, [case.arg("i")], [2])
    case.return_values(result.tiled_values[0], case.op.results[0])
    case.check_ir()
    tile, full = case.run(a, init, 6)
    check_tile(full, tile, [6], [2])


def test_generate_operand_tile_value_matmul_through_lhs():
    a, b, c = rand(8, 16), rand(16, 32, seed=1), rand(8, 32, seed=2)
    case = Case(MATMUL, "linalg.matmul")
    result = case.model.generate_operand_tile_value(case.builder, case.op, 0, [case.arg("i"), 0], [2, 16])
    (value,) = result.tiled_values
    assert str(value.type) == "tensor<2x32xf32>"
    case.return_values(value, case.op.results[0])
    case.check_ir()
    tile, full = case.run(a, b, c, 2, 0)
    check_tile(full, tile, [2, 0], [2, 32])


def test_non_permutation_operand_map_is_refused_for_consumer_fusion():
    case = Case(CONV, "linalg.conv_2d_nhwc_hwcf")
    with pytest.raises(TilingRefused, match="not a projected permutation"):
        case.model.generate_operand_tile_value(case.builder, case.op, 0, [0, 0, 0, 0], [1, 9, 9, 3])


def test_non_monotone_map_is_refused():
    text = """
func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 mod 4)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%b : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}
"""
    case = Case(text, "linalg.generic")
    with pytest.raises(TilingRefused, match="non-negative coefficients"):
        case.model.get_tiled_implementation(case.builder, case.op, [0], [4])


def test_wrong_tile_rank_is_refused():
    case = Case(MATMUL, "linalg.matmul")
    with pytest.raises(TilingRefused, match="expected 3 offsets and sizes"):
        case.model.get_tiled_implementation(case.builder, case.op, [0, 0], [4, 4])


def test_whole_dynamic_reduction_is_recognized_through_tensor_dim():
    # The caller's own `tensor.dim` of the reduction extent is provably the model's one.
    from xdsl.dialects import arith, tensor
    from xdsl.dialects.builtin import IndexType, IntegerAttr

    case = Case(DYNAMIC_MATMUL, "linalg.matmul")
    one = case.builder.insert(arith.ConstantOp(IntegerAttr(1, IndexType()))).result
    k = case.builder.insert(tensor.DimOp(case.arg("a"), one)).result
    result = case.model.generate_operand_tile_value(case.builder, case.op, 0, [case.arg("i"), 0], [2, k])
    case.return_values(result.tiled_values[0], case.op.results[0])
    case.check_ir()
    a, b, c = rand(6, 5), rand(5, 3, seed=1), rand(6, 3, seed=2)
    tile, full = case.run(a, b, c, 2)
    check_tile(full, tile, [2, 0], [2, 3])
    # Half of it is not the whole reduction.
    half = Case(DYNAMIC_MATMUL, "linalg.matmul")
    with pytest.raises(TilingRefused, match="cuts reduction loop d2"):
        half.model.generate_operand_tile_value(half.builder, half.op, 0, [0, 0], [2, half.arg("i")])


def test_result_index_out_of_range_is_refused():
    case = Case(MATMUL, "linalg.matmul")
    with pytest.raises(TilingRefused, match="result #1 does not exist"):
        case.model.generate_result_tile_value(case.builder, case.op, 1, [0, 0], [4, 4])


# -- MLIR 22 ops xfuse adds (xfuse/dialects/linalg_named.py, linalg_generic_named.py) ---------

POOL = """
func.func @f(%in: tensor<2x11x12x3xf32>, %w: tensor<3x2xf32>, %out: tensor<2x5x5x3xf32>, %i: index) -> tensor<2x5x5x3xf32> {
  %0 = linalg.pooling_nhwc_max {dilations = dense<[1, 3]> : tensor<2xi64>, strides = dense<[2, 2]> : tensor<2xi64>}
      ins(%in, %w : tensor<2x11x12x3xf32>, tensor<3x2xf32>) outs(%out : tensor<2x5x5x3xf32>) -> tensor<2x5x5x3xf32>
  func.return %0 : tensor<2x5x5x3xf32>
}
"""

ELEMENTWISE_BROADCAST = """
func.func @f(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>, %i: index) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.elementwise kind=#linalg.elementwise_kind<powf> indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%a, %b : tensor<8x16xf32>, tensor<16x8xf32>) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  func.return %0 : tensor<8x16xf32>
}
"""

CONTRACT = """
func.func @f(%a: tensor<16x8xf32>, %b: tensor<3x16xf32>, %c: tensor<8x3xf32>, %i: index) -> tensor<8x3xf32> {
  %0 = linalg.contract indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<16x8xf32>, tensor<3x16xf32>) outs(%c : tensor<8x3xf32>) -> tensor<8x3xf32>
  func.return %0 : tensor<8x3xf32>
}
"""

TWO_RESULTS = """
func.func @f(%a: tensor<8x6xf32>, %s: tensor<8x6xf32>, %t: tensor<6x8xf32>, %i: index) -> tensor<6x8xf32> {
  %0:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x6xf32>) outs(%s, %t : tensor<8x6xf32>, tensor<6x8xf32>) {
  ^bb0(%x: f32, %o1: f32, %o2: f32):
    %n = arith.negf %x : f32
    %m = arith.mulf %x, %x : f32
    linalg.yield %n, %m : f32, f32
  } -> (tensor<8x6xf32>, tensor<6x8xf32>)
  func.return %0#1 : tensor<6x8xf32>
}
"""


def test_new_named_ops_domains():
    for text, name, domain, iterators in [
        (POOL, "linalg.pooling_nhwc_max", [2, 5, 5, 3, 3, 2], [P, P, P, P, R, R]),
        (ELEMENTWISE_BROADCAST, "linalg.elementwise", [8, 16], [P, P]),
        (CONTRACT, "linalg.contract", [8, 3, 16], [P, P, R]),
    ]:
        test_iteration_domain_and_iterator_types(text, name, domain, iterators)


def test_strided_dilated_pooling_tile():
    x, w, out = rand(2, 11, 12, 3), rand(3, 2, seed=1), rand(2, 5, 5, 3, seed=2)
    case, tiled = tile_and_run(
        POOL, "linalg.pooling_nhwc_max", lambda c_: [1, c_.arg("i"), 2, 0, 0, 0], [1, 2, 3, 3, 3, 2], [x, w, out], [3]
    )
    # Rows: oh*2 + kh over oh in [i, i+2), kh in [0, 3): size 2*1 + 2 + 1 = 5.
    # Columns: ow*2 + kw*3 over ow in [2, 5), kw in [0, 2): offset 4, size 2*2 + 3*1 + 1 = 8.
    assert str(tiled.generated_slices[0].results[0].type) == "tensor<1x5x8x3xf32>"


def test_elementwise_with_transposed_input_tile():
    a, b = rand(8, 16), rand(16, 8, seed=1)
    case, tiled = tile_and_run(
        ELEMENTWISE_BROADCAST, "linalg.elementwise", lambda c_: [c_.arg("i"), 4], [4, 8], [np.abs(a), b], [4]
    )
    assert str(tiled.generated_slices[1].results[0].type) == "tensor<8x4xf32>"


def test_contract_tile_with_transposed_maps():
    a, b, c = rand(16, 8), rand(3, 16, seed=1), rand(8, 3, seed=2)
    tile_and_run(CONTRACT, "linalg.contract", lambda c_: [c_.arg("i"), 1, 0], [4, 2, 16], [a, b, c], [4])


def test_second_result_of_a_two_result_generic():
    """Producer fusion of result #1 (transposed map): its tile comes back through its map."""
    a, s, t = rand(8, 6), rand(8, 6, seed=1), rand(6, 8, seed=2)
    case = Case(TWO_RESULTS, "linalg.generic")
    result = case.model.generate_result_tile_value(case.builder, case.op, 1, [case.arg("i"), 2], [3, 4])
    (value,) = result.tiled_values
    assert str(value.type) == "tensor<3x4xf32>"
    case.return_values(value, case.op.results[1])
    case.check_ir()
    tile, full = case.run(a, s, t, 3)
    check_tile(full, tile, [3, 2], [3, 4])

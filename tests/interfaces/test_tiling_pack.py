"""TilingInterface models of linalg.pack / linalg.unpack (xfuse/interfaces/tiling_pack.py).

Each tile is built inside a function returning (tile, full result): the module must verify in
xDSL, be accepted by mlir-opt 22 (generic form), and, run through xfuse's runner (which lowers
pack/unpack with upstream's lower_pack/lower_unpack), give a tile equal to the numpy slice of
the full result at the tile's position. Every refusal is checked by its reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pytest
from xdsl.dialects import affine, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, AffineMapAttr
from xdsl.ir import SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap

from xfuse.dialects.linalg_pack import PackOp, UnPackOp
from xfuse.interfaces.tiling import (
    IteratorType,
    OpFoldResult,
    apply_affine_expr,
    TilingRefused,
    TilingResult,
    tiling_model_for,
)
from xfuse.interfaces.index_divisibility import known_divisor
from xfuse.interfaces.tiling_pack import PackOpTilingModel, UnPackOpTilingModel

from harness import Case, as_ints, check_tile, rand

P = IteratorType.PARALLEL


# -- helpers ------------------------------------------------------------------------------


Build = Callable[[Case], tuple[TilingResult, tuple[list[OpFoldResult], list[OpFoldResult]]]]


def build_and_run(
    text: str, op_name: str, build: Build, inputs: Sequence[np.ndarray], index_args: Sequence[int]
) -> tuple[Case, TilingResult, str]:
    """`build` makes a tile and says where it belongs in the result; check IR and numbers."""
    case = Case(text, op_name)
    tiled, (offsets, sizes) = build(case)
    case.return_values(tiled.tiled_values[0], case.op.results[0])
    text_out = case.check_ir()
    index_args = [*index_args, *[0] * (len(case.func.body.block.args) - len(inputs) - len(index_args))]
    (tile, full), bindings = case.run_with_index_args(inputs, index_args)
    check_tile(full, tile, as_ints(offsets, bindings), as_ints(sizes, bindings))
    return case, tiled, text_out


def iteration_tile(offsets_of, sizes) -> Build:
    """get_tiled_implementation at (offsets, sizes), placed by get_result_tile_position."""

    def build(case: Case):
        offsets = offsets_of(case)
        tiled = case.model.get_tiled_implementation(case.builder, case.op, offsets, sizes)
        position = case.model.get_result_tile_position(case.builder, case.op, 0, offsets, sizes)
        return tiled, position

    return build


# -- inputs -------------------------------------------------------------------------------

PACK = """
func.func @f(%a: tensor<16x32xf32>, %i: index) -> tensor<2x4x8x8xf32> {
  %e = tensor.empty() : tensor<2x4x8x8xf32>
  %0 = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<16x32xf32> -> tensor<2x4x8x8xf32>
  func.return %0 : tensor<2x4x8x8xf32>
}
"""

PACK_PAD = """
func.func @f(%a: tensor<30x20xf32>, %i: index) -> tensor<4x20x8xf32> {
  %pad = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<4x20x8xf32>
  %0 = linalg.pack %a padding_value(%pad : f32) inner_dims_pos = [0] inner_tiles = [8] into %e : tensor<30x20xf32> -> tensor<4x20x8xf32>
  func.return %0 : tensor<4x20x8xf32>
}
"""

# source 16x30, dim 1 tiled by 8 (padded to 32), dim 0 by 4; outer dims swapped.
PACK_PERM = """
func.func @f(%a: tensor<16x30xf32>, %i: index) -> tensor<4x4x8x4xf32> {
  %pad = arith.constant -3.0 : f32
  %e = tensor.empty() : tensor<4x4x8x4xf32>
  %0 = linalg.pack %a padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 4] into %e : tensor<16x30xf32> -> tensor<4x4x8x4xf32>
  func.return %0 : tensor<4x4x8x4xf32>
}
"""

PACK_DYNAMIC_TILE = """
func.func @f(%a: tensor<16x32xf32>, %e: tensor<2x?x8x?xf32>, %t: index) -> tensor<2x?x8x?xf32> {
  %0 = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %e : tensor<16x32xf32> -> tensor<2x?x8x?xf32>
  func.return %0 : tensor<2x?x8x?xf32>
}
"""

UNPACK = """
func.func @f(%a: tensor<2x4x8x8xf32>, %i: index) -> tensor<16x32xf32> {
  %e = tensor.empty() : tensor<16x32xf32>
  %0 = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<2x4x8x8xf32> -> tensor<16x32xf32>
  func.return %0 : tensor<16x32xf32>
}
"""

# the inverse of PACK_PERM: dest 16x30 (dim 1 padded to 32 in the source).
UNPACK_PERM = """
func.func @f(%a: tensor<4x4x8x4xf32>, %i: index) -> tensor<16x30xf32> {
  %e = tensor.empty() : tensor<16x30xf32>
  %0 = linalg.unpack %a outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 4] into %e : tensor<4x4x8x4xf32> -> tensor<16x30xf32>
  func.return %0 : tensor<16x30xf32>
}
"""

UNPACK_DYNAMIC_TILE = """
func.func @f(%a: tensor<2x?x8x?xf32>, %e: tensor<16x32xf32>, %t: index) -> tensor<16x32xf32> {
  %0 = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %e : tensor<2x?x8x?xf32> -> tensor<16x32xf32>
  func.return %0 : tensor<16x32xf32>
}
"""

# Source offsets that are loop induction variables: the tile of dim 0 is `affine.min(8, 30 - iv)`.
PACK_IN_LOOP = """
func.func @f(%a: tensor<30x20xf32>, %lb: index, %step: index) -> tensor<4x20x8xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c30 = arith.constant 30 : index
  %e = tensor.empty() : tensor<4x20x8xf32>
  %0 = linalg.pack %a padding_value(%pad : f32) inner_dims_pos = [0] inner_tiles = [8] into %e : tensor<30x20xf32> -> tensor<4x20x8xf32>
  scf.for %iv = %c0 to %c30 step %c8 {
    %s = affine.min affine_map<(d0) -> (8, 30 - d0)>(%iv)
    %u = affine.min affine_map<(d0) -> (8, 29 - d0)>(%iv)
    %x = affine.apply affine_map<(d0) -> (d0 * 16)>(%iv)
    scf.yield
  }
  scf.for %jv = %c0 to %c30 step %c4 {
    scf.yield
  }
  scf.for %kv = %lb to %c30 step %step {
    scf.yield
  }
  func.return %0 : tensor<4x20x8xf32>
}
"""


# -- registry, domain, iterators ----------------------------------------------------------


def test_registry_has_pack_and_unpack_models():
    assert isinstance(tiling_model_for(PackOp), PackOpTilingModel)
    assert isinstance(tiling_model_for(UnPackOp), UnPackOpTilingModel)


@pytest.mark.parametrize(
    "text, name, domain",
    [
        (PACK, "linalg.pack", [2, 4]),
        (PACK_PAD, "linalg.pack", [4, 20]),
        (PACK_PERM, "linalg.pack", [4, 4]),
        (UNPACK, "linalg.unpack", [16, 32]),
        (UNPACK_PERM, "linalg.unpack", [16, 30]),
    ],
)
def test_domain_and_iterators(text, name, domain):
    case = Case(text, name)
    ranges = case.model.get_iteration_domain(case.builder, case.op)
    assert [(r.offset, r.size, r.stride) for r in ranges] == [(0, d, 1) for d in domain]
    assert case.model.get_loop_iterator_types(case.op) == [P] * len(domain)


def test_domain_with_dynamic_tiles_reads_the_dest():
    case = Case(PACK_DYNAMIC_TILE, "linalg.pack")
    ranges = case.model.get_iteration_domain(case.builder, case.op)
    assert ranges[0].size == 2
    assert isinstance(ranges[1].size, SSAValue) and isinstance(ranges[1].size.owner, tensor.DimOp)


# -- pack: tiled implementation -----------------------------------------------------------


def test_pack_static_tile():
    case, tiled, _ = build_and_run(
        PACK, "linalg.pack", iteration_tile(lambda c: [1, c.arg("i")], [1, 2]), [rand(16, 32)], [2]
    )
    source_slice, dest_slice = tiled.generated_slices
    assert source_slice.result.type == tensor.ExtractSliceOp.infer_result_type(
        case.op.operands[0].type, [8, 16]
    )
    tiled_pack = tiled.tiled_ops[0]
    assert isinstance(tiled_pack, PackOp)
    assert tiled_pack.get_static_inner_tiles() == (8, 8)
    assert tiled_pack.dest is dest_slice.result


@pytest.mark.parametrize("offsets, sizes, i", [([3, 0], [1, 20], 0), (None, [2, 10], 2), (None, [1, 4], 3)])
def test_pack_with_padding(offsets, sizes, i):
    offsets_of = (lambda c: offsets) if offsets else (lambda c: [c.arg("i"), 5])
    case, tiled, text = build_and_run(
        PACK_PAD, "linalg.pack", iteration_tile(offsets_of, sizes), [rand(30, 20)], [i]
    )
    tiled_pack = tiled.tiled_ops[0]
    assert isinstance(tiled_pack, PackOp)
    assert tiled_pack.padding_value is case.op.operands[2]
    if offsets is None:
        assert "affine.min" in text  # the partial last tile is clamped at run time
    else:
        # the last outer tile reads the 6 rows left.
        assert tiled_pack.source.type.get_shape() == (6, 20)


@pytest.mark.parametrize("i", [0, 2])
def test_pack_with_outer_dims_perm(i):
    case, tiled, _ = build_and_run(
        PACK_PERM,
        "linalg.pack",
        iteration_tile(lambda c: [c.arg("i"), 1], [2, 2]),
        [rand(16, 30)],
        [i],
    )
    tiled_pack = tiled.tiled_ops[0]
    assert isinstance(tiled_pack, PackOp)
    assert tiled_pack.get_outer_dims_perm() == (1, 0)
    # outer (dest) position 0 is source dim 1 (tile 8), position 1 is source dim 0 (tile 4).
    source_slice = tiled.generated_slices[0]
    assert list(source_slice.static_offsets.get_values())[0] == 4


# -- pack: producer fusion (result tile) --------------------------------------------------


def test_pack_result_tile_of_whole_inner_tiles():
    def build(case: Case):
        offsets, sizes = [1, case.arg("i"), 0, 0], [1, 2, 8, 8]
        tiled = case.model.generate_result_tile_value(case.builder, case.op, 0, offsets, sizes)
        return tiled, (offsets, sizes)

    build_and_run(PACK, "linalg.pack", build, [rand(16, 32)], [1])


@pytest.mark.parametrize(
    "offsets, sizes, reason",
    [
        ([0, 0, 0, 0], [1, 1, 4, 8], "cuts inner tile #0 (dim 2: offset 0 size 4, the inner tile is 8)"),
        ([0, 0, 0, 4], [1, 1, 8, 4], "cuts inner tile #1 (dim 3: offset 4 size 4"),
    ],
)
def test_pack_result_tile_cutting_an_inner_tile_is_refused(offsets, sizes, reason):
    case = Case(PACK, "linalg.pack")
    with pytest.raises(TilingRefused, match="fused as a producer only on") as info:
        case.model.generate_result_tile_value(case.builder, case.op, 0, offsets, sizes)
    assert reason in info.value.reason
    assert info.value.op is case.op


def test_pack_result_tile_cutting_an_inner_tile_is_refused_with_ssa_offset():
    case = Case(PACK, "linalg.pack")
    with pytest.raises(TilingRefused, match="cuts inner tile #0"):
        case.model.generate_result_tile_value(
            case.builder, case.op, 0, [0, 0, case.arg("i"), 0], [1, 1, 8, 8]
        )


# -- pack: consumer fusion (operand tile) -------------------------------------------------


def source_tile(offsets_of, sizes, operand_index: int = 0) -> Build:
    """generate_operand_tile_value, placed where its iteration tile writes."""

    def build(case: Case):
        offsets = offsets_of(case)
        outer = case.model.get_iteration_domain_tile_from_operand_tiles(
            case.builder, case.op, [operand_index], [offsets], [sizes]
        )
        position = case.model.get_result_tile_position(case.builder, case.op, 0, *outer)
        tiled = case.model.generate_operand_tile_value(
            case.builder, case.op, operand_index, offsets, sizes
        )
        return tiled, position

    return build


def test_pack_operand_tile_aligned():
    case, tiled, _ = build_and_run(
        PACK, "linalg.pack", source_tile(lambda c: [8, 16], [8, 16]), [rand(16, 32)], []
    )
    # the tiled pack reads exactly the operand tile.
    source_slice = tiled.generated_slices[0]
    assert source_slice.result.type.get_shape() == (8, 16)
    assert list(source_slice.static_offsets.get_values()) == [8, 16]
    outer = case.model.get_iteration_domain_tile_from_operand_tiles(
        case.builder, case.op, [0], [[8, 16]], [[8, 16]]
    )
    assert outer == ([1, 2], [1, 2])


def test_pack_operand_tile_at_the_padded_end():
    build_and_run(
        PACK_PAD, "linalg.pack", source_tile(lambda c: [24, 0], [6, 20]), [rand(30, 20)], []
    )


def test_pack_operand_tile_with_outer_dims_perm():
    case, _, _ = build_and_run(
        PACK_PERM, "linalg.pack", source_tile(lambda c: [4, 16], [8, 14]), [rand(16, 30)], []
    )
    outer = case.model.get_iteration_domain_tile_from_operand_tiles(
        case.builder, case.op, [0], [[4, 16]], [[8, 14]]
    )
    assert outer == ([2, 1], [2, 2])  # (dim 1 / 8, dim 0 / 4)


def test_pack_operand_tile_of_the_dest():
    build_and_run(
        PACK, "linalg.pack", source_tile(lambda c: [1, 2, 0, 0], [1, 2, 8, 8], 1), [rand(16, 32)], []
    )


@pytest.mark.parametrize(
    "offsets, sizes, reason",
    [
        ([4, 0], [8, 32], "offset 4 of dim 0 is not provably a multiple of the inner tile 8"),
        ([0, 8], [16, 12], "size 12 of dim 1 is neither provably a multiple of the inner tile 8"),
    ],
)
def test_pack_operand_tile_cutting_an_inner_tile_is_refused(offsets, sizes, reason):
    case = Case(PACK, "linalg.pack")
    with pytest.raises(TilingRefused, match="the tile of the source cuts an inner tile") as info:
        case.model.generate_operand_tile_value(case.builder, case.op, 0, offsets, sizes)
    assert reason in info.value.reason


def test_pack_operand_tile_partial_not_at_the_end_is_refused():
    case = Case(PACK_PAD, "linalg.pack")
    with pytest.raises(TilingRefused, match="size 6 of dim 0 is neither .* nor reaches the end"):
        case.model.generate_operand_tile_value(case.builder, case.op, 0, [16, 0], [6, 20])


def test_pack_operand_tile_from_loop_induction_variables():
    case = Case(PACK_IN_LOOP, "linalg.pack")
    loops = [o for o in case.module.walk() if o.name == "scf.for"]
    iv, jv, kv = (loop.body.block.args[0] for loop in loops)
    s, u, x = (o.results[0] for o in loops[0].body.block.ops if o.name.startswith("affine"))
    assert known_divisor(iv) == 8 and known_divisor(jv) == 4 and known_divisor(kv) == 1
    assert known_divisor(x) == 128
    # the tile loop's own tile: offset iv (a multiple of 8), size min(8, 30 - iv).
    offsets, sizes = case.model.get_iteration_domain_tile_from_operand_tiles(
        case.builder, case.op, [0], [[iv, 0]], [[s, 20]]
    )
    assert as_ints(offsets, {iv: 24}) == [3, 0] and as_ints(sizes, {iv: 24}) == [1, 20]
    tiled = case.model.generate_operand_tile_value(case.builder, case.op, 0, [iv, 0], [s, 20])
    assert tiled.generated_slices[0].operands[1] is iv
    with pytest.raises(TilingRefused, match="offset %jv of dim 0 is not provably a multiple"):
        case.model.generate_operand_tile_value(case.builder, case.op, 0, [jv, 0], [8, 20])
    with pytest.raises(TilingRefused, match="offset %kv of dim 0 is not provably a multiple"):
        case.model.generate_operand_tile_value(case.builder, case.op, 0, [kv, 0], [8, 20])
    # min(8, 29 - iv) can be 5 in the middle of the dim: not a whole number of inner tiles.
    with pytest.raises(TilingRefused, match="size %u of dim 0 is neither provably a multiple of the inner tile 8 nor reaches"):
        case.model.generate_operand_tile_value(case.builder, case.op, 0, [iv, 0], [u, 20])


def test_pack_operand_tiles_must_agree():
    case = Case(PACK, "linalg.pack")
    offsets, sizes = case.model.get_iteration_domain_tile_from_operand_tiles(
        case.builder, case.op, [0, 1], [[8, 16], [1, 2, 0, 0]], [[8, 16], [1, 2, 8, 8]]
    )
    assert (offsets, sizes) == ([1, 2], [1, 2])
    with pytest.raises(TilingRefused, match="operands #0 and #1 map loop d1 to different"):
        case.model.get_iteration_domain_tile_from_operand_tiles(
            case.builder, case.op, [0, 1], [[8, 16], [1, 3, 0, 0]], [[8, 16], [1, 2, 8, 8]]
        )


# -- unpack: tiled implementation ---------------------------------------------------------


def aligned_offset(case: Case) -> OpFoldResult:
    """8 * %i: an SSA offset provably on an inner tile."""
    return apply_affine_expr(case.builder, AffineExpr.dimension(0) * 8, [case.arg("i")])


@pytest.mark.parametrize("offset_of", [lambda c: 16, aligned_offset])
def test_unpack_aligned_tile_writes_a_slice_of_dest(offset_of):
    _, tiled, text = build_and_run(
        UNPACK,
        "linalg.unpack",
        iteration_tile(lambda c: [8, offset_of(c)], [8, 16]),
        [rand(2, 4, 8, 8)],
        [2],
    )
    assert "tensor.empty() : tensor<8x16xf32>" not in text
    source_slice, dest_slice = tiled.generated_slices
    assert source_slice.result.type.get_shape() == (1, 2, 8, 8)
    assert tiled.tiled_ops[0].operands[1] is dest_slice.result


@pytest.mark.parametrize("i", [0, 5, 16, 19])
def test_unpack_unaligned_tile_unpacks_the_covering_tiles(i):
    _, tiled, text = build_and_run(
        UNPACK,
        "linalg.unpack",
        iteration_tile(lambda c: [3, c.arg("i")], [7, 13]),
        [rand(2, 4, 8, 8)],
        [i],
    )
    (source_slice,) = tiled.generated_slices
    assert '"tensor.empty"' in text  # the covering temporary
    assert tiled.tiled_values[0].owner.name == "tensor.extract_slice"


@pytest.mark.parametrize(
    "offsets, sizes", [([4, 24], [8, 6]), ([5, 10], [6, 17]), ([0, 0], [16, 30]), ([12, 16], [4, 14])]
)
def test_unpack_with_padding_and_outer_dims_perm(offsets, sizes):
    build_and_run(
        UNPACK_PERM,
        "linalg.unpack",
        iteration_tile(lambda c: offsets, sizes),
        [rand(4, 4, 8, 4)],
        [0],
    )


# -- unpack: producer fusion --------------------------------------------------------------


def test_unpack_result_tile_aligned():
    def build(case: Case):
        offsets, sizes = [8, 24], [8, 6]
        tiled = case.model.generate_result_tile_value(case.builder, case.op, 0, offsets, sizes)
        return tiled, (offsets, sizes)

    build_and_run(UNPACK_PERM, "linalg.unpack", build, [rand(4, 4, 8, 4)], [])


@pytest.mark.parametrize(
    "unpack, offsets_of, sizes, i",
    [
        (UNPACK, lambda c: [3, 0], [8, 32], 0),  # offset 3 cuts an inner tile of dim 0
        (UNPACK, lambda c: [0, 8], [16, 12], 0),  # size 12 ends inside an inner tile of dim 1
        # an SSA offset is not provably aligned (3: it is not; 16: it is, unknown to the model)
        (UNPACK, lambda c: [0, c.arg("i")], [16, 8], 3),
        (UNPACK, lambda c: [0, c.arg("i")], [16, 8], 16),
        # outer_dims_perm and inner_dims_pos permuted, padded dim 1 (30 of 32): the last tile
        # [23, 30) covers outer tiles 2 and 3 (16 columns) of which 7 are kept.
        (UNPACK_PERM, lambda c: [5, 23], [9, 7], 0),
        (UNPACK_PERM, lambda c: [2, 15], [14, 15], 0),
    ],
)
def test_unpack_result_tile_not_aligned_unpacks_the_covering_tiles(unpack, offsets_of, sizes, i):
    """As MLIR 22's generateResultTileValue: an unaligned result tile is the requested part of
    the covering outer tiles, unpacked into a temporary."""

    def build(case: Case):
        offsets = offsets_of(case)
        tiled = case.model.generate_result_tile_value(case.builder, case.op, 0, offsets, sizes)
        return tiled, (offsets, sizes)

    source = rand(2, 4, 8, 8) if unpack is UNPACK else rand(4, 4, 8, 4)
    _, tiled, text = build_and_run(unpack, "linalg.unpack", build, [source], [i])
    assert '"tensor.empty"' in text  # the covering temporary
    assert tiled.tiled_values[0].owner.name == "tensor.extract_slice"
    (source_slice,) = tiled.generated_slices


# -- unpack: consumer fusion --------------------------------------------------------------


def test_unpack_operand_tile_of_the_source():
    case, tiled, _ = build_and_run(
        UNPACK,
        "linalg.unpack",
        source_tile(lambda c: [1, c.arg("i"), 0, 0], [1, 2, 8, 8]),
        [rand(2, 4, 8, 8)],
        [1],
    )
    assert tiled.generated_slices[0].result.type.get_shape() == (1, 2, 8, 8)


def test_unpack_operand_tile_of_the_source_at_the_padded_end():
    case, _, _ = build_and_run(
        UNPACK_PERM,
        "linalg.unpack",
        source_tile(lambda c: [3, 2, 0, 0], [1, 2, 8, 4]),
        [rand(4, 4, 8, 4)],
        [],
    )
    # outer position 0 is dest dim 1 (tile 8): rows 24..30 of 30, clamped.
    assert case.model.get_iteration_domain_tile_from_operand_tiles(
        case.builder, case.op, [0], [[3, 2, 0, 0]], [[1, 2, 8, 4]]
    ) == ([8, 24], [8, 6])


@pytest.mark.parametrize("i", [0, 2, 3])
def test_unpack_iteration_tile_of_a_source_tile_is_aligned(i):
    """The iteration tile the model maps a source tile to, in the padded dim 1: offset
    `8 * %i`, size `min(8, 30 - 8 * %i)`, an `affine.min` over %i while the offset is an
    `affine.apply` of %i. The model must recognise its own tile as aligned (the size is
    `30 - offset` at the end of the dim): tiling there takes the fast form (one slice of the
    source, one of the dest, no covering temporary) and producer fusion accepts it."""

    def source_tile_to_iteration_tile(case: Case):
        return case.model.get_iteration_domain_tile_from_operand_tiles(
            case.builder, case.op, [0], [[case.arg("i"), 1, 0, 0]], [[1, 2, 8, 4]]
        )

    def build(case: Case):
        offsets, sizes = source_tile_to_iteration_tile(case)
        tiled = case.model.get_tiled_implementation(case.builder, case.op, offsets, sizes)
        return tiled, (offsets, sizes)

    case, tiled, text = build_and_run(UNPACK_PERM, "linalg.unpack", build, [rand(4, 4, 8, 4)], [i])
    source_slice, dest_slice = tiled.generated_slices
    (tiled_unpack,) = tiled.tiled_ops
    assert isinstance(tiled_unpack, UnPackOp)
    assert tiled.tiled_values[0] is tiled_unpack.results[0]
    assert tiled_unpack.operands[1] is dest_slice.result
    assert dest_slice.result.type.get_shape() == (8, DYNAMIC_INDEX)  # rows 4..12, columns 8*i..
    assert source_slice.result.type.get_shape() == (DYNAMIC_INDEX, 2, 8, 4)
    assert text.count('"tensor.empty"') == 1  # the original dest only: no covering temporary
    # the same tile is a result tile producer fusion accepts.
    offsets, sizes = source_tile_to_iteration_tile(case)
    fused = case.model.generate_result_tile_value(case.builder, case.op, 0, offsets, sizes)
    assert len(fused.generated_slices) == 2


def _min_tile(case: Case, expr: AffineExpr, value: OpFoldResult) -> SSAValue:
    """affine.min(8, expr)(value): the size of a boundary tile."""
    affine_map = AffineMap(1, 0, (AffineExpr.constant(8), expr))
    return case.builder.insert(affine.MinOp([value], AffineMapAttr(affine_map))).result


def test_unpack_end_of_dim_is_compared_through_affine_apply():
    """`30 - offset` is recognised whatever `affine.apply` ops the offset and the size are
    built on (linear forms over their operands), and only when it is provably equal (else the
    tile takes the covering form)."""
    case = Case(UNPACK_PERM, "linalg.unpack")
    d0 = AffineExpr.dimension(0)
    i = case.arg("i")
    offset = apply_affine_expr(case.builder, d0 * 8, [i])
    other = apply_affine_expr(case.builder, d0 * 8, [i])  # another op computing the same
    assert other is not offset
    for size in [
        _min_tile(case, AffineExpr.constant(30) - d0 * 8, i),
        _min_tile(case, AffineExpr.constant(30) - d0, other),
        _min_tile(case, AffineExpr.constant(30) - d0, offset),
    ]:
        tiled = case.model.generate_result_tile_value(
            case.builder, case.op, 0, [4, offset], [8, size]
        )
        assert len(tiled.generated_slices) == 2
    # not the end of the dim: min(8, 29 - 8 * %i) from 8 * %i (5 when %i is 3: rows 24..29 of
    # 30), min(8, 30 - 8 * %i) from 8 * %i + 8 (ends 8 past the dim).
    shifted = apply_affine_expr(case.builder, d0 * 8 + 8, [i])
    for offset_, size in [
        (offset, _min_tile(case, AffineExpr.constant(29) - d0 * 8, i)),
        (shifted, _min_tile(case, AffineExpr.constant(30) - d0 * 8, i)),
    ]:
        # not proven aligned: the covering form (a slice of the source only, no dest slice)
        tiled = case.model.generate_result_tile_value(
            case.builder, case.op, 0, [4, offset_], [8, size]
        )
        assert len(tiled.generated_slices) == 1


def test_unpack_operand_tile_of_the_dest():
    build_and_run(
        UNPACK, "linalg.unpack", source_tile(lambda c: [8, 16], [8, 16], 1), [rand(2, 4, 8, 8)], []
    )


def test_unpack_operand_tile_cutting_an_inner_tile_is_refused():
    case = Case(UNPACK, "linalg.unpack")
    with pytest.raises(TilingRefused, match="the tile of the source cuts inner tile #1") as info:
        case.model.generate_operand_tile_value(
            case.builder, case.op, 0, [0, 0, 0, 2], [1, 1, 8, 4]
        )
    assert "an unpack reads whole inner tiles" in info.value.reason
    with pytest.raises(TilingRefused, match="the dest tile is not aligned"):
        case.model.generate_operand_tile_value(case.builder, case.op, 1, [0, 4], [8, 8])


def test_unpack_operand_tiles_must_agree():
    case = Case(UNPACK, "linalg.unpack")
    tile = case.model.get_iteration_domain_tile_from_operand_tiles(
        case.builder, case.op, [0, 1], [[1, 2, 0, 0], [8, 16]], [[1, 1, 8, 8], [8, 8]]
    )
    assert tile == ([8, 16], [8, 8])
    with pytest.raises(TilingRefused, match="operands #0 and #1 map loop d0 to different"):
        case.model.get_iteration_domain_tile_from_operand_tiles(
            case.builder, case.op, [0, 1], [[0, 2, 0, 0], [8, 16]], [[1, 1, 8, 8], [8, 8]]
        )


# -- refusals common to both --------------------------------------------------------------


@pytest.mark.parametrize("text, name", [(PACK_DYNAMIC_TILE, "linalg.pack"), (UNPACK_DYNAMIC_TILE, "linalg.unpack")])
def test_dynamic_inner_tiles_are_refused(text, name):
    case = Case(text, name)
    with pytest.raises(TilingRefused, match=r"inner tile #1 \(of dim 1\) is dynamic: only static"):
        case.model.get_tiled_implementation(case.builder, case.op, [0, 0], [1, 1])


@pytest.mark.parametrize("text, name", [(PACK, "linalg.pack"), (UNPACK, "linalg.unpack")])
def test_wrong_numbers_of_offsets_are_refused(text, name):
    case = Case(text, name)
    with pytest.raises(TilingRefused, match="expected 2 offsets and sizes"):
        case.model.get_tiled_implementation(case.builder, case.op, [0], [1])
    with pytest.raises(TilingRefused, match="result #1 does not exist"):
        case.model.get_result_tile_position(case.builder, case.op, 1, [0, 0], [1, 1])
    with pytest.raises(TilingRefused, match="operand #2 is not a tensor the"):
        case.model.generate_operand_tile_value(case.builder, case.op, 2, [0], [1])
    with pytest.raises(TilingRefused, match="expected one offsets list and one sizes list"):
        case.model.get_iteration_domain_tile_from_operand_tiles(case.builder, case.op, [0], [], [])


def test_refusal_message_names_the_op():
    case = Case(PACK, "linalg.pack")
    with pytest.raises(TilingRefused) as info:
        case.model.generate_result_tile_value(case.builder, case.op, 0, [0, 0, 0, 0], [1, 1, 4, 8])
    message = str(info.value)
    assert message.startswith("<string>:4:3: error: cannot tile 'linalg.pack': the tile of the packed result")

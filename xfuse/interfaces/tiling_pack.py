"""The tiling models of `linalg.pack` and `linalg.unpack` (MLIR 22's PackOpTiling and
UnPackOpTiling, mlir/lib/Dialect/Linalg/Transforms/TilingInterfaceImpl.cpp).

pack (`source` -> `dest`, dest = outer dims (permuted by `outer_dims_perm`) then inner tiles):
- iteration domain: the outer dims of the packed dest, in dest order (rank = source rank), all
  parallel. An iteration tile covers whole inner tiles, so the tiled op keeps `inner_dims_pos`,
  `outer_dims_perm`, the tiles and the padding value.
- tiled op: source slice `[o*t, min(s*t, dim - o*t))` for a tiled dim (the `min` only when the op
  pads: the last outer tile is partial), `[o, s)` otherwise; dest slice `[outer tile, 0..tile)`.
- producer fusion: the result tile must hold whole inner tiles (offset 0, size = the tile in
  every inner dim), else refused ("cuts an inner tile").
- consumer fusion from the source: the source tile must start on an inner tile and be a whole
  number of them, except a tile ending at the end of the dim; the tiled pack reads exactly that
  tile (as MLIR's getTiledImplementationFromOperandTiles). From the dest: as producer fusion.

unpack (`source` packed -> `dest`):
- iteration domain: the dest dims, all parallel.
- tiled op: a dim whose tile is *aligned* (offset a multiple of the inner tile; size one too,
  or reaching the end of the dim) reads the outer tiles `[o/t, ceil(s/t))` and writes exactly
  the tile into a slice of dest. Otherwise MLIR's covering approach: unpack every outer tile
  the tile touches into a `tensor.empty` and `extract_slice` the requested part.
- producer fusion: any tile, as MLIR's generateResultTileValue: an unaligned one in the
  covering form (an inner tile shared by two consumer tiles is unpacked by both).
- consumer fusion from the source: the source tile must hold whole inner tiles; iteration tile
  `[o*t, min(s*t, dim - o*t))`; the tiled unpack reads exactly that tile. From the dest: the
  dest tile is the iteration tile (aligned only, as for producer fusion).

Alignment of SSA offsets and sizes is proven, not assumed (MLIR takes a constant upper bound
of the size and does not check offsets): `xfuse.interfaces.index_divisibility`.

Dynamic inner tiles are refused (so is their lowering in LLVM 22).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any

from xdsl.builder import Builder
from xdsl.dialects import affine, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, AffineMapAttr, TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineExpr, AffineMap

from xfuse.dialects.linalg_pack import PackOp, UnPackOp, _PackLikeOp  # pyright: ignore[reportPrivateUsage]
from xfuse.interfaces.tiling import (
    IteratorType,
    OpFoldResult,
    Range,
    TilingInterface,
    TilingRefused,
    TilingResult,
    apply_affine_expr,
    constant_value,
    fold_constants,
    materialize_index,
    register_tiling_model,
    same_index,
)
from xfuse.interfaces.index_divisibility import is_aligned_size, is_multiple, known_divisor
from xfuse.interfaces.tiling_utils import disagreeing_tiles, dim_size, extract_slice, show_index

__all__ = ["PackOpTilingModel", "UnPackOpTilingModel"]

_D0, _D1, _D2 = AffineExpr.dimension(0), AffineExpr.dimension(1), AffineExpr.dimension(2)


# -- index arithmetic ---------------------------------------------------------------------


def _affine_min(
    builder: Builder, exprs: Sequence[AffineExpr], values: Sequence[OpFoldResult]
) -> OpFoldResult:
    """min(exprs) with dim i bound to values[i]: an int when all are static, else one
    `affine.min` over the SSA values (static ones folded into its map)."""
    folded = fold_constants(values)
    if all(isinstance(v, int) for v in folded):
        ints = [v for v in folded if isinstance(v, int)]
        return min(e.eval(ints, []) for e in exprs)
    replacements: list[AffineExpr] = []
    operands: list[SSAValue] = []
    for value in folded:
        if isinstance(value, int):
            replacements.append(AffineExpr.constant(value))
        else:
            replacements.append(AffineExpr.dimension(len(operands)))
            operands.append(value)
    results = tuple(e.replace_dims_and_symbols(replacements, []) for e in exprs)
    constants = [r.value for r in results if isinstance(r, AffineConstantExpr)]
    others = [r for r in results if not isinstance(r, AffineConstantExpr)]
    if constants:
        others.append(AffineExpr.constant(min(constants)))
    affine_map = AffineMap(len(operands), 0, tuple(others))
    return builder.insert(affine.MinOp(operands, AffineMapAttr(affine_map))).result


def _empty(builder: Builder, sizes: Sequence[OpFoldResult], element_type) -> SSAValue:
    folded = fold_constants(sizes)
    shape = [s if isinstance(s, int) else DYNAMIC_INDEX for s in folded]
    dynamic = [materialize_index(builder, s) for s in folded if not isinstance(s, int)]
    return builder.insert(tensor.EmptyOp(dynamic, TensorType(element_type, shape))).tensor


# -- shared checks ----------------------------------------------------------------------


def _static_tiles(op: _PackLikeOp) -> list[int]:
    tiles = op.get_static_inner_tiles()
    for k, (dim, tile) in enumerate(zip(op.get_inner_dims_pos(), tiles, strict=True)):
        if tile == DYNAMIC_INDEX:
            raise TilingRefused(
                op,
                f"inner tile #{k} (of dim {dim}) is dynamic: only static inner tiles are tiled",
            )
    return list(tiles)


def _pads_nothing(op: UnPackOp, dim: int, position: int, tile: int) -> bool:
    """The unpack's dest `dim` is exactly its `position`-th outer source dim times `tile` (both
    static): every outer tile is whole, so no tile of it needs clamping to the dest."""
    extent = op.unpacked_type().get_shape()[dim]
    outer = op.packed_type().get_shape()[position]
    return extent != DYNAMIC_INDEX and outer != DYNAMIC_INDEX and extent == outer * tile


def _permutation(op: _PackLikeOp, rank: int) -> list[int]:
    """Outer position i of the packed tensor holds unpacked dim `perm[i]`."""
    return list(op.get_outer_dims_perm()) or list(range(rank))


def _check_count(op: Operation, what: str, expected: int, offsets, sizes) -> None:
    if len(offsets) != expected or len(sizes) != expected:
        raise TilingRefused(
            op,
            f"expected {expected} offsets and sizes ({what}), got {len(offsets)} and {len(sizes)}",
        )


def _check_result_index(op: Operation, result_index: int) -> None:
    if result_index != 0:
        raise TilingRefused(op, f"result #{result_index} does not exist")


def _check_whole_inner_tiles(
    op: _PackLikeOp,
    what: str,
    offsets: Sequence[OpFoldResult],
    sizes: Sequence[OpFoldResult],
    tiles: Sequence[int],
    why: str,
) -> None:
    """The inner-tile dims (the last len(tiles)) of a packed tile are whole: size `tile` and an
    offset that is provably 0, i.e. a provable multiple of `tile` (an inner-tile dim has extent
    `tile`, so the only in-bounds multiple is 0; e.g. the induction variable of a loop from 0
    by a step of `tile`)."""
    outer_rank = len(offsets) - len(tiles)
    for k, tile in enumerate(tiles):
        offset, size = offsets[outer_rank + k], sizes[outer_rank + k]
        if not is_multiple(offset, tile) or constant_value(size) != tile:
            raise TilingRefused(
                op,
                f"the tile of the {what} cuts inner tile #{k} (dim {outer_rank + k}: offset "
                f"{show_index(offset)} size {show_index(size)}, the inner tile is {tile}): {why}",
            )


def _agree(
    op: Operation,
    tiles: Sequence[tuple[int, list[OpFoldResult], list[OpFoldResult]]],
) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
    """The one iteration tile several operand tiles map to, else refused."""
    first_index, offsets, sizes = tiles[0]
    for operand_index, other_offsets, other_sizes in tiles[1:]:
        for loop, (a, b, c, d) in enumerate(zip(offsets, sizes, other_offsets, other_sizes)):
            if not (same_index(a, c) and same_index(b, d)):
                raise disagreeing_tiles(op, first_index, operand_index, loop, (a, b), (c, d))
    return offsets, sizes


def _check_operand_lists(op: Operation, operand_indices, all_offsets, all_sizes) -> None:
    if not operand_indices or not (len(operand_indices) == len(all_offsets) == len(all_sizes)):
        raise TilingRefused(op, "expected one offsets list and one sizes list per operand")


def _refuse_operand(op: _PackLikeOp, operand_index: int) -> TilingRefused:
    return TilingRefused(
        op,
        f"operand #{operand_index} is not a tensor the {op.name.removeprefix('linalg.')} is "
        "tiled along (only the source #0 and the dest #1 are)",
    )


def _misalignment(
    builder: Builder,
    unpacked: SSAValue,
    dim: int,
    offset: OpFoldResult,
    size: OpFoldResult,
    tile: int,
) -> str | None:
    """Why the tile (`offset`, `size`) of dim `dim` of the unpacked tensor `unpacked` is not
    made of whole inner tiles of size `tile`, or None when it is."""
    if not is_multiple(offset, tile):
        return f"offset {show_index(offset)} of dim {dim} is not provably a multiple of the inner tile {tile}"
    if not is_aligned_size(offset, size, tile, dim_size(builder, unpacked, dim)):
        return (
            f"size {show_index(size)} of dim {dim} is neither provably a multiple of the "
            f"inner tile {tile} nor reaches the end of the dim"
        )
    return None


class _PackLikeTilingModel(TilingInterface):
    """What the pack and unpack models share: the iteration domain (the dims of the unpacked
    tensor, all parallel; for a pack, the outer dims of the packed dest, of the same sizes as
    `dest` there) and consumer fusion, which maps each operand tile with `_iteration_tile_of`
    and, from the source, builds the tiled op with `_tile_from_source`."""

    op_class: type[_PackLikeOp]
    iteration_tile_what: str
    """What an iteration tile is, for refusals of tiles of the wrong rank."""

    def get_iteration_domain(self, builder: Builder, op: Operation) -> list[Range]:
        assert isinstance(op, self.op_class)
        rank = op.unpacked_type().get_num_dims()
        return [Range(0, dim_size(builder, op.dest, i), 1) for i in range(rank)]

    def get_loop_iterator_types(self, op: Operation) -> list[IteratorType]:
        assert isinstance(op, self.op_class)
        return [IteratorType.PARALLEL] * op.unpacked_type().get_num_dims()

    def _check_iteration_tile(
        self, op: _PackLikeOp, offsets: Sequence[OpFoldResult], sizes: Sequence[OpFoldResult]
    ) -> int:
        """The rank of the iteration domain; refuses an iteration tile of another rank."""
        rank = op.unpacked_type().get_num_dims()
        _check_count(op, self.iteration_tile_what, rank, offsets, sizes)
        return rank

    @abstractmethod
    def _iteration_tile_of(
        self,
        builder: Builder,
        op: Any,  # the op_class: PackOp or UnPackOp
        operand_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        """The iteration tile reading operand `operand_index` on (`offsets`, `sizes`)."""

    @abstractmethod
    def _tile_from_source(
        self,
        builder: Builder,
        op: Any,  # the op_class: PackOp or UnPackOp
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        """The tiled op reading exactly the source tile (`offsets`, `sizes`)."""

    def get_iteration_domain_tile_from_operand_tiles(
        self,
        builder: Builder,
        op: Operation,
        operand_indices: Sequence[int],
        all_offsets: Sequence[Sequence[OpFoldResult]],
        all_sizes: Sequence[Sequence[OpFoldResult]],
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        assert isinstance(op, self.op_class)
        _check_operand_lists(op, operand_indices, all_offsets, all_sizes)
        return _agree(
            op,
            [
                (i, *self._iteration_tile_of(builder, op, i, offsets, sizes))
                for i, offsets, sizes in zip(operand_indices, all_offsets, all_sizes, strict=True)
            ],
        )

    def generate_operand_tile_value(
        self,
        builder: Builder,
        op: Operation,
        operand_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        assert isinstance(op, self.op_class)
        if operand_index != 0:
            return super().generate_operand_tile_value(builder, op, operand_index, offsets, sizes)
        # As MLIR's getTiledImplementationFromOperandTiles: the tiled op reads exactly the given
        # source tile, so a fusion driver can feed it the producer's tile unchanged.
        return self._tile_from_source(builder, op, offsets, sizes)


# -- pack -------------------------------------------------------------------------------


class PackOpTilingModel(_PackLikeTilingModel):
    """`TilingInterface` of `linalg.pack` (see the module docstring)."""

    op_class = PackOp
    iteration_tile_what = "one per outer dim of the packed tensor"

    def get_tiled_implementation(
        self,
        builder: Builder,
        op: Operation,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        assert isinstance(op, PackOp)
        rank = self._check_iteration_tile(op, offsets, sizes)
        tiles = dict(zip(op.get_inner_dims_pos(), _static_tiles(op), strict=True))
        perm = _permutation(op, rank)
        source_offsets: list[OpFoldResult] = [0] * rank
        source_sizes: list[OpFoldResult] = [0] * rank
        for position, dim in enumerate(perm):
            offset, size = offsets[position], sizes[position]
            tile = tiles.get(dim)
            if tile is None:
                source_offsets[dim], source_sizes[dim] = offset, size
                continue
            source_offsets[dim] = apply_affine_expr(builder, _D0 * tile, [offset])
            if op.padding_value is None:
                source_sizes[dim] = apply_affine_expr(builder, _D0 * tile, [size])
            else:
                # The last outer tile may be partial: read what is left of the source.
                extent = dim_size(builder, op.source, dim)
                source_sizes[dim] = _affine_min(
                    builder, [_D0 * tile, _D2 - _D1 * tile], [size, offset, extent]
                )
        source_slice = extract_slice(builder, op.source, source_offsets, source_sizes)
        return self._tiled_pack(builder, op, source_slice, offsets, sizes)

    def _tiled_pack(
        self,
        builder: Builder,
        op: PackOp,
        source_slice: tensor.ExtractSliceOp,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        dest_offsets, dest_sizes = self.get_result_tile_position(builder, op, 0, offsets, sizes)
        dest_slice = extract_slice(builder, op.dest, dest_offsets, dest_sizes)
        tiled = builder.insert(
            PackOp(
                source_slice.result,
                dest_slice.result,
                op.get_inner_dims_pos(),
                op.get_mixed_tiles(),
                op.padding_value,
                op.get_outer_dims_perm() or None,
                attributes=dict(op.attributes),
            )
        )
        tiled.location = op.location  # a tile keeps its op's location
        return TilingResult((tiled,), (tiled.result,), (source_slice, dest_slice))

    def get_result_tile_position(
        self,
        builder: Builder,
        op: Operation,
        result_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        assert isinstance(op, PackOp)
        _check_result_index(op, result_index)
        self._check_iteration_tile(op, offsets, sizes)
        tiles = _static_tiles(op)
        return [*offsets, *([0] * len(tiles))], [*sizes, *tiles]

    def generate_result_tile_value(
        self,
        builder: Builder,
        op: Operation,
        result_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        assert isinstance(op, PackOp)
        _check_result_index(op, result_index)
        rank = op.packed_type().get_num_dims()
        _check_count(op, "one per dim of the packed result", rank, offsets, sizes)
        tiles = _static_tiles(op)
        _check_whole_inner_tiles(
            op, "packed result", offsets, sizes, tiles,
            "a pack computes whole inner tiles, so it is fused as a producer only on them",
        )
        outer = rank - len(tiles)
        return self.get_tiled_implementation(builder, op, offsets[:outer], sizes[:outer])

    def _iteration_tile_of_source(
        self,
        builder: Builder,
        op: PackOp,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        rank = op.unpacked_type().get_num_dims()
        _check_count(op, "one per dim of the source", rank, offsets, sizes)
        tiles = dict(zip(op.get_inner_dims_pos(), _static_tiles(op), strict=True))
        outer_offsets: list[OpFoldResult] = []
        outer_sizes: list[OpFoldResult] = []
        for dim in range(rank):
            offset, size = offsets[dim], sizes[dim]
            tile = tiles.get(dim)
            if tile is None:
                outer_offsets.append(offset)
                outer_sizes.append(size)
                continue
            reason = _misalignment(builder, op.source, dim, offset, size, tile)
            if reason is not None:
                raise TilingRefused(op, f"the tile of the source cuts an inner tile: {reason}")
            outer_offsets.append(apply_affine_expr(builder, _D0 // tile, [offset]))
            outer_sizes.append(apply_affine_expr(builder, _D0.ceil_div(tile), [size]))
        perm = _permutation(op, rank)
        return [outer_offsets[d] for d in perm], [outer_sizes[d] for d in perm]

    def _iteration_tile_of(
        self,
        builder: Builder,
        op: PackOp,
        operand_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        if operand_index == 0:
            return self._iteration_tile_of_source(builder, op, offsets, sizes)
        if operand_index == 1:
            rank = op.packed_type().get_num_dims()
            _check_count(op, "one per dim of the dest", rank, offsets, sizes)
            tiles = _static_tiles(op)
            _check_whole_inner_tiles(
                op, "dest", offsets, sizes, tiles, "a pack writes whole inner tiles"
            )
            outer = rank - len(tiles)
            return list(offsets[:outer]), list(sizes[:outer])
        raise _refuse_operand(op, operand_index)

    def _tile_from_source(
        self,
        builder: Builder,
        op: PackOp,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        outer_offsets, outer_sizes = self._iteration_tile_of_source(builder, op, offsets, sizes)
        source_slice = extract_slice(builder, op.source, offsets, sizes)
        return self._tiled_pack(builder, op, source_slice, outer_offsets, outer_sizes)


# -- unpack -----------------------------------------------------------------------------


class UnPackOpTilingModel(_PackLikeTilingModel):
    """`TilingInterface` of `linalg.unpack` (see the module docstring)."""

    op_class = UnPackOp
    iteration_tile_what = "one per dim of the unpacked dest"

    @staticmethod
    def _misaligned_dim(
        builder: Builder,
        op: UnPackOp,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> str | None:
        """Why the tile is not made of whole inner tiles, or None when it is."""
        tiles = dict(zip(op.get_inner_dims_pos(), _static_tiles(op), strict=True))
        for dim, tile in sorted(tiles.items()):
            reason = _misalignment(builder, op.dest, dim, offsets[dim], sizes[dim], tile)
            if reason is not None:
                return reason
        return None

    def get_tiled_implementation(
        self,
        builder: Builder,
        op: Operation,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        assert isinstance(op, UnPackOp)
        rank = self._check_iteration_tile(op, offsets, sizes)
        tiles = dict(zip(op.get_inner_dims_pos(), _static_tiles(op), strict=True))
        aligned = self._misaligned_dim(builder, op, offsets, sizes) is None
        source_offsets: list[OpFoldResult] = []  # outer dims, in unpacked (dest) order
        source_sizes: list[OpFoldResult] = []
        expanded_sizes: list[OpFoldResult] = []  # the covering temporary (unaligned case)
        result_offsets: list[OpFoldResult] = []  # the tile within the temporary
        for dim in range(rank):
            offset, size = offsets[dim], sizes[dim]
            tile = tiles.get(dim)
            if tile is None:
                source_offsets.append(offset)
                source_sizes.append(size)
                expanded_sizes.append(size)
                result_offsets.append(0)
                continue
            source_offsets.append(apply_affine_expr(builder, _D0 // tile, [offset]))
            if aligned:
                source_sizes.append(apply_affine_expr(builder, _D0.ceil_div(tile), [size]))
                continue
            # Every outer tile the tile touches: from offset/tile to (offset+size-1)/tile.
            count = (_D0 + _D1 - 1) // tile - _D0 // tile + 1
            source_sizes.append(apply_affine_expr(builder, count, [offset, size]))
            expanded_sizes.append(apply_affine_expr(builder, count * tile, [offset, size]))
            result_offsets.append(apply_affine_expr(builder, _D0 % tile, [offset]))
        perm = _permutation(op, rank)
        packed_tiles = _static_tiles(op)
        source_slice = extract_slice(
            builder,
            op.source,
            [*(source_offsets[d] for d in perm), *([0] * len(packed_tiles))],
            [*(source_sizes[d] for d in perm), *packed_tiles],
        )
        if aligned:
            dest_slice = extract_slice(builder, op.dest, offsets, sizes)
            tiled = self._unpack(builder, op, source_slice.result, dest_slice.result)
            return TilingResult((tiled,), (tiled.result,), (source_slice, dest_slice))
        element_type = op.unpacked_type().get_element_type()
        temporary = _empty(builder, expanded_sizes, element_type)
        tiled = self._unpack(builder, op, source_slice.result, temporary)
        tile_of_temporary = extract_slice(builder, tiled.result, result_offsets, sizes)
        return TilingResult((tiled,), (tile_of_temporary.result,), (source_slice,))

    @staticmethod
    def _unpack(builder: Builder, op: UnPackOp, source: SSAValue, dest: SSAValue) -> UnPackOp:
        tiled = builder.insert(
            UnPackOp(
                source,
                dest,
                op.get_inner_dims_pos(),
                op.get_mixed_tiles(),
                op.get_outer_dims_perm() or None,
                attributes=dict(op.attributes),
            )
        )
        tiled.location = op.location  # a tile keeps its op's location
        return tiled

    def get_result_tile_position(
        self,
        builder: Builder,
        op: Operation,
        result_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        assert isinstance(op, UnPackOp)
        _check_result_index(op, result_index)
        self._check_iteration_tile(op, offsets, sizes)
        _static_tiles(op)
        return list(offsets), list(sizes)

    def _require_aligned(
        self,
        builder: Builder,
        op: UnPackOp,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
        what: str,
    ) -> None:
        self._check_iteration_tile(op, offsets, sizes)
        reason = self._misaligned_dim(builder, op, offsets, sizes)
        if reason is not None:
            raise TilingRefused(
                op,
                f"the {what} tile is not aligned to the inner tiles ({reason}): fusing it would "
                "unpack every inner tile it touches and re-unpack the shared ones in the next tile",
            )

    def generate_result_tile_value(
        self,
        builder: Builder,
        op: Operation,
        result_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        assert isinstance(op, UnPackOp)
        _check_result_index(op, result_index)
        # As MLIR's generateResultTileValue: any tile, an unaligned one in the covering form
        # (the inner tiles shared with the neighbouring tiles are unpacked by both).
        return self.get_tiled_implementation(builder, op, offsets, sizes)

    def _iteration_tile_of(
        self,
        builder: Builder,
        op: UnPackOp,
        operand_index: int,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> tuple[list[OpFoldResult], list[OpFoldResult]]:
        rank = op.unpacked_type().get_num_dims()
        if operand_index == 1:
            self._require_aligned(builder, op, offsets, sizes, "dest")
            return list(offsets), list(sizes)
        if operand_index != 0:
            raise _refuse_operand(op, operand_index)
        packed_rank = op.packed_type().get_num_dims()
        _check_count(op, "one per dim of the packed source", packed_rank, offsets, sizes)
        packed_tiles = _static_tiles(op)
        _check_whole_inner_tiles(
            op, "source", offsets, sizes, packed_tiles,
            "an unpack reads whole inner tiles",
        )
        tiles = dict(zip(op.get_inner_dims_pos(), packed_tiles, strict=True))
        perm = _permutation(op, rank)
        result_offsets: list[OpFoldResult] = [0] * rank
        result_sizes: list[OpFoldResult] = [0] * rank
        for position, dim in enumerate(perm):
            offset, size = offsets[position], sizes[position]
            tile = tiles.get(dim)
            if tile is None:
                result_offsets[dim], result_sizes[dim] = offset, size
                continue
            result_offsets[dim] = apply_affine_expr(builder, _D0 * tile, [offset])
            if _pads_nothing(op, dim, position, tile):
                # The source tile lies in the source, whose outer tiles cover the dest exactly.
                result_sizes[dim] = apply_affine_expr(builder, _D0 * tile, [size])
                continue
            # The last outer tile may hold padding: clamp to the dest.
            extent = dim_size(builder, op.dest, dim)
            result_sizes[dim] = _affine_min(
                builder, [_D0 * tile, _D2 - _D1 * tile], [size, offset, extent]
            )
        return result_offsets, result_sizes

    def _tile_from_source(
        self,
        builder: Builder,
        op: UnPackOp,
        offsets: Sequence[OpFoldResult],
        sizes: Sequence[OpFoldResult],
    ) -> TilingResult:
        # Read exactly the given source tile and write its (clamped) image in the dest.
        dest_offsets, dest_sizes = self._iteration_tile_of(builder, op, 0, offsets, sizes)
        source_slice = extract_slice(builder, op.source, offsets, sizes)
        dest_slice = extract_slice(builder, op.dest, dest_offsets, dest_sizes)
        tiled = self._unpack(builder, op, source_slice.result, dest_slice.result)
        return TilingResult((tiled,), (tiled.result,), (source_slice, dest_slice))


PACK_TILING_MODEL = PackOpTilingModel()
UNPACK_TILING_MODEL = UnPackOpTilingModel()

register_tiling_model(PackOp, PACK_TILING_MODEL)
register_tiling_model(UnPackOp, UNPACK_TILING_MODEL)

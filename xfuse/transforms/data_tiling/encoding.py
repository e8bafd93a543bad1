"""What data tiling needs to know about a contraction, derived from its indexing maps.

- `infer_contraction_dims(maps)`: the batch / M / N / K loops of a 2-input, 1-output op, as
  MLIR's `linalg::inferContractionDims` classifies them (batch: in LHS, RHS and result; M: LHS and
  result; N: RHS and result; K: LHS and RHS). Any number of each: the seed's grouped quantized
  matmul has two K loops. Anything else (a loop in one operand only, a non-projected map) is
  `NotAContraction` with the reason.
- `match_contraction_body(block)`: `yield acc + cast(a) * cast(b)` (operands of the add and the
  mul in either order, each cast a chain of widening `arith` casts), with the casts it found.
- `DataTilingPlan`: for one contraction and one tile size (m, n, k), the packed layout of every
  operand (a `PackLayout`, what one `linalg.pack` does) and the maps/iterators of the packed
  contraction. Only the innermost M, N and K loops get inner tiles (the seed's
  `@packed_grouped_quantized_matmul`); the packed loops are (batch..., M..., N..., K..., m, n, k).
  `transposed` swaps the roles of M and N (IREE's narrow-N rewrite: C^T = B^T A^T).
- `plan_for_encoding(encoding, tiles)` builds the plan from an `#iree_encoding.encoding` alone, so
  that set_encoding, unset_encoding and the contraction, materialized separately, agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects.builtin import DYNAMIC_INDEX, AnyFloat, IntegerType
from xdsl.dialects.linalg.attrs import IteratorType
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineExpr, AffineMap

from xfuse.dialects.iree_encoding import EncodingAttr
from xfuse.transforms.data_tiling.targets import TileSizes


class NotAContraction(Exception):
    """Why an op is not a contraction data tiling can handle."""


# -- contraction dimensions ---------------------------------------------------------------


@dataclass(frozen=True)
class ContractionDims:
    """Loop indices by role, each tuple in loop order."""

    batch: tuple[int, ...]
    m: tuple[int, ...]
    n: tuple[int, ...]
    k: tuple[int, ...]


def map_dims(indexing_map: AffineMap) -> tuple[int, ...]:
    """The loop of every result of a projected permutation; NotAContraction otherwise."""
    if indexing_map.num_symbols:
        raise NotAContraction("an indexing map has symbols")
    dims: list[int] = []
    for expr in indexing_map.results:
        if not isinstance(expr, AffineDimExpr):
            raise NotAContraction(f"indexing map {indexing_map} is not a projected permutation")
        dims.append(expr.position)
    if len(set(dims)) != len(dims):
        raise NotAContraction(f"indexing map {indexing_map} repeats a dimension")
    return tuple(dims)


def infer_contraction_dims(maps: Sequence[AffineMap]) -> ContractionDims:
    """Batch/M/N/K loops of an (lhs, rhs, result) contraction, from its indexing maps alone."""
    if len(maps) != 3:
        raise NotAContraction(f"expected 2 inputs and 1 output, got {len(maps)} operands")
    num_loops = maps[0].num_dims
    lhs, rhs, out = (set(map_dims(m)) for m in maps)
    roles: dict[str, list[int]] = {"batch": [], "m": [], "n": [], "k": []}
    for loop in range(num_loops):
        key = (loop in lhs, loop in rhs, loop in out)
        role = {
            (True, True, True): "batch",
            (True, False, True): "m",
            (False, True, True): "n",
            (True, True, False): "k",
        }.get(key)
        if role is None:
            where = [name for name, inside in zip(("LHS", "RHS", "result"), key, strict=True) if inside]
            raise NotAContraction(
                f"loop d{loop} is in {' and '.join(where) or 'no operand'} only: not a batch, M, "
                "N or K dimension"
            )
        roles[role].append(loop)
    for role in ("m", "n", "k"):
        if not roles[role]:
            raise NotAContraction(f"no {role.upper()} dimension (matvec-like ops are not data-tiled)")
    return ContractionDims(*(tuple(roles[r]) for r in ("batch", "m", "n", "k")))


def check_iterators(dims: ContractionDims, iterators: Sequence[IteratorType]) -> None:
    """Batch/M/N loops must be parallel and K loops reductions."""
    for loop, iterator in enumerate(iterators):
        expected = IteratorType.REDUCTION if loop in dims.k else IteratorType.PARALLEL
        if iterator != expected:
            raise NotAContraction(f"loop d{loop} is {iterator.value}, expected {expected.value}")


# -- the body -----------------------------------------------------------------------------

_EXT_CASTS = (arith.ExtFOp, arith.ExtSIOp, arith.ExtUIOp, arith.SIToFPOp, arith.UIToFPOp)


@dataclass(frozen=True)
class ContractionBody:
    """`yield acc + cast(a) * cast(b)`: the cast ops applied to a and to b (possibly none)."""

    lhs_casts: tuple[Operation, ...]
    rhs_casts: tuple[Operation, ...]

    def is_signed_named_form(self, block: Block) -> bool:
        """Same body as a named linalg contraction builds (cast_signed): at most one cast per
        operand, and it is the signed one `linalg.mmt4d` would use."""
        out_type = block.args[2].type
        return all(
            _is_cast_signed(block.args[i].type, out_type, casts)
            for i, casts in ((0, self.lhs_casts), (1, self.rhs_casts))
        )


def _is_cast_signed(from_type: Attribute, to_type: Attribute, casts: tuple[Operation, ...]) -> bool:
    if from_type == to_type:
        return not casts
    if len(casts) != 1:
        return False
    cast = casts[0]
    if isinstance(from_type, AnyFloat) and isinstance(to_type, AnyFloat):
        return isinstance(cast, arith.ExtFOp)
    if isinstance(from_type, IntegerType) and isinstance(to_type, IntegerType):
        return isinstance(cast, arith.ExtSIOp)
    if isinstance(from_type, IntegerType) and isinstance(to_type, AnyFloat):
        return isinstance(cast, arith.SIToFPOp)
    return False


def _cast_chain(value: SSAValue, block: Block) -> tuple[BlockArgument, tuple[Operation, ...]] | None:
    """Walk up widening casts from `value` to a block argument of `block`."""
    chain: list[Operation] = []
    while not isinstance(value, BlockArgument):
        op = value.owner
        if not isinstance(op, _EXT_CASTS) or len(chain) == 2:
            return None
        chain.append(op)
        value = op.operands[0]
    if value.block is not block:
        return None
    return value, tuple(reversed(chain))


def match_contraction_body(block: Block) -> ContractionBody:
    """The casts of a `yield acc + cast(a) * cast(b)` body; NotAContraction otherwise."""
    if len(block.args) != 3:
        raise NotAContraction(f"body has {len(block.args)} arguments, expected 3")
    yield_op = block.last_op
    if not isinstance(yield_op, YieldOp) or len(yield_op.operands) != 1:
        raise NotAContraction("body does not yield one value")
    add = yield_op.operands[0].owner
    floating = isinstance(block.args[2].type, AnyFloat)
    add_type, mul_type = (arith.AddfOp, arith.MulfOp) if floating else (arith.AddiOp, arith.MuliOp)
    if not isinstance(add, add_type):
        raise NotAContraction(f"body does not yield an {add_type.name}")
    acc, product = add.operands
    if product == block.args[2]:
        acc, product = product, acc
    if acc != block.args[2] or not isinstance(product.owner, mul_type):
        raise NotAContraction(f"body is not acc + a * b ({add_type.name} of the accumulator and a {mul_type.name})")
    mul = product.owner
    chains = [_cast_chain(v, block) for v in mul.operands]
    if any(c is None for c in chains):
        raise NotAContraction("the multiplied values are not (widening casts of) the inputs")
    (first_arg, first_casts), (second_arg, second_casts) = chains  # type: ignore[misc]
    if {first_arg.index, second_arg.index} != {0, 1}:
        raise NotAContraction("the product does not multiply the two inputs")
    lhs_casts, rhs_casts = (first_casts, second_casts) if first_arg.index == 0 else (second_casts, first_casts)
    expected_ops = 3 + len(lhs_casts) + len(rhs_casts)  # casts, mul, add, yield
    if len(block.ops) != expected_ops:
        raise NotAContraction("body has operations besides the casts, the multiply and the add")
    return ContractionBody(lhs_casts, rhs_casts)


# -- the packed layout ----------------------------------------------------------------------


@dataclass(frozen=True)
class PackLayout:
    """The attributes of the `linalg.pack` that lays one operand out (`outer_dims_perm` is
    always given, identity or not, as the seed writes it)."""

    outer_dims_perm: tuple[int, ...]
    inner_dims_pos: tuple[int, ...]
    inner_tiles: tuple[int, ...]

    def packed_shape(self, shape: Sequence[int]) -> tuple[int, ...]:
        from xfuse.dialects.linalg_pack import packed_shape

        return packed_shape(shape, self.inner_dims_pos, self.inner_tiles, self.outer_dims_perm)


LHS, RHS, RESULT = 0, 1, 2


@dataclass(frozen=True)
class DataTilingPlan:
    """How one contraction is data-tiled: roles, tiles and every operand's layout."""

    maps: tuple[AffineMap, ...]
    dims: ContractionDims
    tiles: TileSizes
    transposed: bool  # narrow N: N takes the row (M) role, so that the narrow tile is the M0 one

    @property
    def rows(self) -> tuple[int, ...]:
        return self.dims.n if self.transposed else self.dims.m

    @property
    def cols(self) -> tuple[int, ...]:
        return self.dims.m if self.transposed else self.dims.n

    @property
    def row_operand(self) -> int:
        return RHS if self.transposed else LHS

    def _outer_and_inner(self, operand: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        d, t = self.dims, self.tiles
        if operand == RESULT:
            return (*d.batch, *self.rows, *self.cols), (self.rows[-1], self.cols[-1]), (t.m, t.n)
        if operand == self.row_operand:
            return (*d.batch, *self.rows, *d.k), (self.rows[-1], d.k[-1]), (t.m, t.k)
        return (*d.batch, *self.cols, *d.k), (self.cols[-1], d.k[-1]), (t.n, t.k)

    def layout(self, operand: int) -> PackLayout:
        """The `linalg.pack` of operand `operand` (0: LHS, 1: RHS, 2: result)."""
        outer, inner, tiles = self._outer_and_inner(operand)
        position = {loop: i for i, loop in enumerate(map_dims(self.maps[operand]))}
        return PackLayout(
            tuple(position[loop] for loop in outer), tuple(position[loop] for loop in inner), tiles
        )

    # The packed contraction: loops (batch..., rows..., cols..., K..., r, c, k).

    def packed_loops(self) -> tuple[int, ...]:
        return (*self.dims.batch, *self.rows, *self.cols, *self.dims.k)

    def packed_iterators(self) -> tuple[IteratorType, ...]:
        p, r = IteratorType.PARALLEL, IteratorType.REDUCTION
        d = self.dims
        return (p,) * (len(d.batch) + len(self.rows) + len(self.cols)) + (r,) * len(d.k) + (p, p, r)

    def packed_map(self, operand: int) -> AffineMap:
        loops = self.packed_loops()
        num_loops = len(loops) + 3
        index = {loop: i for i, loop in enumerate(loops)}
        outer, inner, _ = self._outer_and_inner(operand)
        inner_index = {self.rows[-1]: len(loops), self.cols[-1]: len(loops) + 1, self.dims.k[-1]: len(loops) + 2}
        results: list[AffineExpr] = [AffineExpr.dimension(index[loop]) for loop in outer]
        results += [AffineExpr.dimension(inner_index[loop]) for loop in inner]
        return AffineMap(num_loops, 0, tuple(results))


def _narrowed(tile: int, size: int) -> int:
    """The tile for a dimension of static `size` smaller than `tile`: the next power of two."""
    if size == DYNAMIC_INDEX or size >= tile:
        return tile
    narrow = 1
    while narrow < size:
        narrow *= 2
    return narrow


def make_plan(
    maps: Sequence[AffineMap], tiles: TileSizes, iteration_sizes: Sequence[int] | None
) -> DataTilingPlan:
    """The plan for a contraction with these maps; narrow M truncates the M tile, narrow N
    (narrower than M) transposes so that N takes the M role and the truncated M tile."""
    dims = infer_contraction_dims(maps)
    sizes = iteration_sizes or [DYNAMIC_INDEX] * maps[0].num_dims
    m_size, n_size = sizes[dims.m[-1]], sizes[dims.n[-1]]
    narrow_m = m_size != DYNAMIC_INDEX and m_size < tiles.m
    narrow_n = n_size != DYNAMIC_INDEX and n_size < tiles.n
    transposed = narrow_n and (not narrow_m or n_size < m_size)
    row_size = n_size if transposed else m_size
    final = TileSizes(_narrowed(tiles.m, row_size), tiles.n, tiles.k)
    return DataTilingPlan(tuple(maps), dims, final, transposed)


def plan_for_encoding(encoding: EncodingAttr, tiles: TileSizes) -> DataTilingPlan:
    maps = encoding.get_user_indexing_maps()
    if maps is None:
        raise NotAContraction("the encoding has no user_indexing_maps")
    return make_plan(maps, tiles, encoding.get_iteration_sizes())

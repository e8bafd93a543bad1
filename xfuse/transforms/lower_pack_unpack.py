"""`xfuse-lower-pack-unpack`: rewrite linalg.pack / linalg.unpack into ops that bufferize.

MLIR 22's pack/unpack have no bufferization model, so they are lowered first, with the
semantics of upstream `transform.structured.lower_pack` / `lower_unpack` (linalg::lowerPack,
linalg::lowerUnPack):

    pack   -> [tensor.pad] + tensor.expand_shape + linalg.transpose into dest
    unpack -> tensor.empty + linalg.transpose + tensor.collapse_shape + tensor.extract_slice
              + linalg.copy into dest

Differences from upstream, all semantics-preserving:
- The pad is omitted when it is statically known to pad nothing; upstream always emits it.
- Pad amounts and the strip-mined shape are derived from the *source* (ceil(dim / tile)),
  upstream reads them off the dest. When the dest type is less (or differently) static than
  what the source implies, the transpose runs on a `tensor.cast` of the dest and its result is
  cast back to the dest type (xDSL's pad/transpose verifiers demand exact types).
- Dynamic inner tiles of pack are refused, as upstream does ("non-static shape NYI"): the
  tile-splitting tensor.expand_shape would have two dynamic sizes in one reassociation group,
  which MLIR 22 verifies but cannot lower (expand-strided-metadata asserts). Dynamic inner
  tiles of unpack, and dynamic outer/source/dest shapes of both, are supported.
- Upstream's pad-like / unpad-like shortcuts (insert_slice / extract_slice only) are not taken.

An op this pass cannot lower faithfully (source and dest element types differ, which MLIR's
verifier accepts) is refused with a diagnostic, never rewritten wrongly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, tensor
from xdsl.dialects.linalg.ops import CopyOp, TransposeOp
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    ModuleOp,
    TensorType,
    i64,
)
from xdsl.dialects.utils import split_dynamic_index_list
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from xfuse.diagnostics import emit_error
from xfuse.dialects.linalg_pack import MixedSize, PackOp, UnPackOp


class _Emitter:
    """Collects the ops of one lowering and folds index arithmetic on static sizes."""

    def __init__(self) -> None:
        self.ops: list[Operation] = []

    def add(self, op: Operation) -> Operation:
        self.ops.append(op)
        return op

    def index(self, value: MixedSize) -> SSAValue:
        if isinstance(value, SSAValue):
            return value
        return self.add(arith.ConstantOp(IntegerAttr(value, IndexType()))).results[0]

    def dim(self, tensor_value: SSAValue, d: int) -> MixedSize:
        """Size of dim `d` of `tensor_value`: an int when static, else a tensor.dim."""
        assert isinstance(tensor_value.type, TensorType)
        size = tensor_value.type.get_shape()[d]
        if size != DYNAMIC_INDEX:
            return size
        return self.add(tensor.DimOp(tensor_value, self.index(d))).results[0]

    def ceil_div(self, a: MixedSize, b: MixedSize) -> MixedSize:
        if isinstance(a, int) and isinstance(b, int):
            return -(-a // b)
        return self.add(arith.CeilDivSIOp(self.index(a), self.index(b))).results[0]

    def mul(self, a: MixedSize, b: MixedSize) -> MixedSize:
        if isinstance(a, int) and isinstance(b, int):
            return a * b
        return self.add(arith.MuliOp(self.index(a), self.index(b))).results[0]

    def sub(self, a: MixedSize, b: MixedSize) -> MixedSize:
        if isinstance(a, int) and isinstance(b, int):
            return a - b
        return self.add(arith.SubiOp(self.index(a), self.index(b))).results[0]


def _static(sizes: Sequence[MixedSize]) -> tuple[int, ...]:
    return tuple(s if isinstance(s, int) else DYNAMIC_INDEX for s in sizes)


def _dynamic(sizes: Sequence[MixedSize]) -> list[SSAValue]:
    return [s for s in sizes if isinstance(s, SSAValue)]


def _reassociation(groups: Sequence[Sequence[int]]) -> ArrayAttr[ArrayAttr[IntegerAttr]]:
    return ArrayAttr(ArrayAttr(IntegerAttr(i, i64) for i in group) for group in groups)


def _strip_mined_layout(
    rank: int, inner_dims_pos: Sequence[int], outer_dims_perm: Sequence[int]
) -> tuple[list[list[int]], list[int]]:
    """Reassociation groups of the strip-mined shape, and packed dim -> strip-mined dim.

    The strip-mined shape is the unpacked shape with each tiled dim `d` split in place into
    `[outer_d, tile_d]`. The packed shape puts the outer dims first (permuted by
    `outer_dims_perm`), then the tiles in `inner_dims_pos` order.
    """
    tiled = set(inner_dims_pos)
    groups: list[list[int]] = []
    outer_position: list[int] = []
    next_dim = 0
    for d in range(rank):
        outer_position.append(next_dim)
        size = 2 if d in tiled else 1
        groups.append(list(range(next_dim, next_dim + size)))
        next_dim += size
    perm = list(outer_dims_perm) or list(range(rank))
    packed_to_strip = [outer_position[perm[i]] for i in range(rank)]
    packed_to_strip += [outer_position[d] + 1 for d in inner_dims_pos]
    return groups, packed_to_strip


def _check_element_types(op: PackOp | UnPackOp) -> None:
    source_type, dest_type = op.source.type, op.dest.type
    assert isinstance(source_type, TensorType) and isinstance(dest_type, TensorType)
    if source_type.get_element_type() != dest_type.get_element_type():
        emit_error(
            op,
            f"cannot lower {op.name} whose source and dest element types differ "
            f"({source_type.get_element_type()} vs {dest_type.get_element_type()})",
        )


def _transpose_into(
    emitter: _Emitter, value: SSAValue, dest: SSAValue, permutation: Sequence[int]
) -> SSAValue:
    """linalg.transpose of `value` into `dest`, through tensor.cast when their shapes only
    agree at runtime (a dest dim is `?` where the value's is static, or the reverse)."""
    value_type, dest_type = value.type, dest.type
    assert isinstance(value_type, TensorType) and isinstance(dest_type, TensorType)
    shape = value_type.get_shape()
    transposed_type = TensorType(
        value_type.get_element_type(), [shape[p] for p in permutation], value_type.encoding
    )
    perm_attr = DenseArrayBase.from_list(i64, permutation)
    if transposed_type == dest_type:
        return emitter.add(TransposeOp(value, dest, perm_attr)).results[0]
    init = emitter.add(tensor.CastOp(dest, transposed_type)).results[0]
    transposed = emitter.add(TransposeOp(value, init, perm_attr)).results[0]
    return emitter.add(tensor.CastOp(transposed, dest_type)).results[0]


def lower_pack(op: PackOp) -> tuple[list[Operation], SSAValue]:
    """The ops computing `op` as pad + expand_shape + transpose, and the value replacing it."""
    _check_element_types(op)
    emitter = _Emitter()
    source = op.source
    source_type = source.type
    assert isinstance(source_type, TensorType)
    rank = source_type.get_num_dims()
    tiles = op.get_dim_and_tile_mapping()
    if any(isinstance(tile, SSAValue) for tile in tiles.values()):
        emit_error(
            op,
            "cannot lower linalg.pack with dynamic inner tiles: splitting a dim into "
            "[outer, tile] would need a tensor.expand_shape with two dynamic sizes in one "
            "group, which MLIR 22 cannot lower (upstream lower_pack refuses it too)",
        )

    # 1. Pad each tiled dim up to a multiple of its tile.
    source_sizes: list[MixedSize] = [emitter.dim(source, d) for d in range(rank)]
    highs: list[MixedSize] = [0] * rank
    outer_sizes: dict[int, MixedSize] = {}
    padded_sizes = list(source_sizes)
    for d, tile in tiles.items():
        outer_sizes[d] = emitter.ceil_div(source_sizes[d], tile)
        padded_sizes[d] = emitter.mul(outer_sizes[d], tile)
        highs[d] = emitter.sub(padded_sizes[d], source_sizes[d])
    padded = source
    if any(h != 0 for h in highs):
        padded = _emit_pad(emitter, op, source, highs, _static(padded_sizes))

    # 2. Split each tiled dim into [outer, tile].
    groups, packed_to_strip = _strip_mined_layout(
        rank, op.get_inner_dims_pos(), op.get_outer_dims_perm()
    )
    strip_sizes: list[MixedSize] = []
    for d in range(rank):
        if d in tiles:
            strip_sizes += [outer_sizes[d], tiles[d]]
        else:
            strip_sizes.append(source_sizes[d])
    strip_type = TensorType(
        source_type.get_element_type(), _static(strip_sizes), source_type.encoding
    )
    expanded = emitter.add(
        tensor.ExpandShapeOp(
            padded,
            _dynamic(strip_sizes),
            _reassociation(groups),
            _static(strip_sizes),
            strip_type,
        )
    ).results[0]

    # 3. Transpose the strip-mined tensor into the packed layout of dest.
    result = _transpose_into(emitter, expanded, op.dest, packed_to_strip)
    return emitter.ops, result


def _emit_pad(
    emitter: _Emitter,
    op: PackOp,
    source: SSAValue,
    highs: Sequence[MixedSize],
    padded_shape: Sequence[int],
) -> SSAValue:
    source_type = source.type
    assert isinstance(source_type, TensorType)
    element_type = source_type.get_element_type()
    padding_value = op.padding_value
    if padding_value is None:
        # Only reachable when the pad is dynamic: a valid op then has full tiles at runtime
        # (partial tiles are UB), so the value is never read. Upstream uses zero as well.
        padding_value = emitter.add(_zero(element_type)).results[0]
    rank = source_type.get_num_dims()
    body = Block(arg_types=[IndexType()] * rank)
    body.add_op(tensor.YieldOp(padding_value))
    static_high, dynamic_high = split_dynamic_index_list(highs, DYNAMIC_INDEX)
    pad = tensor.PadOp(
        source,
        [],
        dynamic_high,
        Region(body),
        [0] * rank,
        static_high,
        TensorType(element_type, padded_shape, source_type.encoding),
    )
    return emitter.add(pad).results[0]


def _zero(element_type: Attribute) -> Operation:
    from xdsl.dialects.builtin import AnyFloat, FloatAttr, IntegerType

    if isinstance(element_type, AnyFloat):
        return arith.ConstantOp(FloatAttr(0.0, element_type))
    if isinstance(element_type, IntegerType | IndexType):
        return arith.ConstantOp(IntegerAttr(0, element_type))
    raise ValueError(f"no zero of {element_type}")


def lower_unpack(op: UnPackOp) -> tuple[list[Operation], SSAValue]:
    """The ops computing `op` as transpose + collapse_shape + extract_slice + copy."""
    _check_element_types(op)
    emitter = _Emitter()
    source, dest = op.source, op.dest
    source_type, dest_type = source.type, dest.type
    assert isinstance(source_type, TensorType) and isinstance(dest_type, TensorType)
    rank = dest_type.get_num_dims()
    packed_rank = source_type.get_num_dims()
    groups, packed_to_strip = _strip_mined_layout(
        rank, op.get_inner_dims_pos(), op.get_outer_dims_perm()
    )
    strip_to_packed = [0] * packed_rank
    for packed_dim, strip_dim in enumerate(packed_to_strip):
        strip_to_packed[strip_dim] = packed_dim

    # 1. Transpose the packed tensor into the strip-mined layout.
    strip_sizes = [emitter.dim(source, strip_to_packed[s]) for s in range(packed_rank)]
    element_type = source_type.get_element_type()
    strip_type = TensorType(element_type, _static(strip_sizes), source_type.encoding)
    empty = emitter.add(tensor.EmptyOp(_dynamic(strip_sizes), strip_type)).results[0]
    transposed = emitter.add(
        TransposeOp(source, empty, DenseArrayBase.from_list(i64, strip_to_packed))
    ).results[0]

    # 2. Merge each [outer, tile] pair back into one (padded) dim.
    collapsed_shape: list[int] = []
    for group in groups:
        sizes = [strip_type.get_shape()[s] for s in group]
        collapsed_shape.append(
            DYNAMIC_INDEX
            if DYNAMIC_INDEX in sizes
            else sizes[0] * (sizes[1] if len(sizes) == 2 else 1)
        )
    collapsed_type = TensorType(element_type, collapsed_shape, source_type.encoding)
    collapsed = emitter.add(
        tensor.CollapseShapeOp.build(
            operands=[transposed],
            result_types=[collapsed_type],
            properties={"reassociation": _reassociation(groups)},
        )
    ).results[0]

    # 3. Drop the padding, then copy into dest (destination-passing style, as upstream).
    dest_sizes = [emitter.dim(dest, d) for d in range(rank)]
    sliced = emitter.add(
        tensor.ExtractSliceOp(collapsed, [0] * rank, dest_sizes, [1] * rank, dest_type)
    ).results[0]
    copied = emitter.add(CopyOp([sliced], [dest])).results[0]
    return emitter.ops, copied


class LowerPackPattern(RewritePattern):
    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: PackOp, rewriter: PatternRewriter) -> None:
        new_ops, result = lower_pack(op)
        rewriter.replace(op, new_ops, [result])


class LowerUnPackPattern(RewritePattern):
    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: UnPackOp, rewriter: PatternRewriter) -> None:
        new_ops, result = lower_unpack(op)
        rewriter.replace(op, new_ops, [result])


def lower_pack_unpack(module: ModuleOp) -> None:
    """Lower every linalg.pack / linalg.unpack of `module` in place (see the module doc)."""
    PatternRewriteWalker(
        GreedyRewritePatternApplier([LowerPackPattern(), LowerUnPackPattern()]),
        apply_recursively=False,
    ).rewrite_module(module)


@dataclass(frozen=True)
class LowerPackUnpackPass(ModulePass):
    """Lower linalg.pack/unpack to pad/expand_shape/transpose and transpose/collapse/slice."""

    name = "xfuse-lower-pack-unpack"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        lower_pack_unpack(op)

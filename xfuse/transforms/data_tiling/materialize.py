"""`xfuse-materialize-encoding{target=...}`: steps 2 and 3 of the seed (IREE's MaterializeEncoding,
for any number of batch/M/N/K loops).

Each encoding becomes a layout (`encoding.plan_for_encoding` with the target's tile from
`targets.matmul_tile`), then, walking the IR in order:

- `set_encoding %x` -> `linalg.pack %x padding_value(0)` into the packed shape; when %x is a
  `tensor.empty` or a `linalg.fill` of one, the packed empty / fill is built directly; when %x is
  an elementwise `linalg.generic` used only here (the seed's dequantization), the generic is
  rebuilt on packed operands (`pack_elementwise_producer`: its inputs packed along the loops they
  have, scales and zero points with the N tile only), provided no tiled dim needs padding (a
  padded element would be f(0), which need not be 0).
- the contraction on encoded operands -> its packed form (`Materializer.contraction`): the 7-loop
  packed generic of the seed for several B/M/N/K loops, `linalg.mmt4d` / `linalg.batch_mmt4d`
  when there is one of each and the body is the named ops' one (see generic_to_mmt4d.py).
- `unset_encoding` -> `linalg.unpack` into a tensor of the original size (the unpack drops the
  padding: it is the extract_slice).
- ops on encoded tensors (IREE's propagated form): `tensor.empty` and `linalg.fill` -> their packed
  forms; an elementwise generic (identity maps) whose operands share one encoding -> the same
  generic on the packed tensors, unless the layout pads.

A target without a tile for the element types (or an unknown target name) drops the encodings
instead (set/unset become no-ops, the contraction is rebuilt on plain tensors) and prints a warning
saying so. Encoded function arguments and results become packed ones (as IREE materializes
function boundaries). Dynamic sizes are supported (packed sizes `ceildiv(dim, tile)`; a dynamic
unset_encoding takes its sizes from its `{%d0, ...}` operands, which xfuse-set-encoding writes).
Other ops consuming encoded tensors are refused with a diagnostic.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    AnyFloat,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    TensorType,
)
from xdsl.dialects.linalg.attrs import IteratorType, IteratorTypeAttr
from xdsl.dialects.linalg.ops import FillOp, GenericOp, IndexOp
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import emit_error, format_diagnostic
from xfuse.dialects.iree_encoding import EncodingAttr, SetEncodingOp, UnsetEncodingOp, encoding_of, without_encoding
from xfuse.dialects.linalg_pack import PackOp, UnPackOp
from xfuse.interfaces.tiling import OpFoldResult, apply_affine_expr
from xfuse.interfaces.tiling_linalg import structured_view
from xfuse.interfaces.tiling_utils import dim_size
from xfuse.transforms.data_tiling.encoding import (
    RESULT,
    DataTilingPlan,
    NotAContraction,
    PackLayout,
    map_dims,
    plan_for_encoding,
)
from xfuse.transforms.data_tiling.generic_to_mmt4d import rewrite_to_named_mmt4d
from xfuse.transforms.data_tiling.targets import TARGETS, CpuTarget, TileSizes, matmul_tile, resolve_target


def zero_constant(element_type: Attribute) -> arith.ConstantOp:
    """The padding value: 0 of `element_type`."""
    if isinstance(element_type, AnyFloat):
        return arith.ConstantOp(FloatAttr(0.0, element_type))
    assert isinstance(element_type, IntegerType)
    return arith.ConstantOp(IntegerAttr(0, element_type))


def _logical_sizes(b: Builder, value: SSAValue) -> list[OpFoldResult]:
    """Every dim of `value`: an int when static, a `tensor.dim` otherwise."""
    assert isinstance(value.type, TensorType)
    return [dim_size(b, value, d) for d in range(value.type.get_num_dims())]


def packed_empty(b: Builder, element_type: Attribute, sizes: Sequence[OpFoldResult], layout: PackLayout) -> SSAValue:
    """A `tensor.empty` of the packed form of a tensor of `sizes` (dynamic outer dims are
    `ceildiv(size, tile)` for tiled dims, the size itself otherwise)."""
    tile_of = dict(zip(layout.inner_dims_pos, layout.inner_tiles, strict=True))
    static: list[int] = []
    dynamic: list[SSAValue] = []
    for pos in layout.outer_dims_perm:
        size = sizes[pos]
        if tile_of.get(pos, 1) != 1:
            size = apply_affine_expr(b, AffineExpr.dimension(0).ceil_div(tile_of[pos]), [size])
        if isinstance(size, SSAValue):
            dynamic.append(size)
            static.append(DYNAMIC_INDEX)
        else:
            static.append(size)
    packed_type = TensorType(element_type, [*static, *layout.inner_tiles])
    return b.insert(tensor.EmptyOp(dynamic, packed_type)).tensor


def _parallel(n: int) -> list[IteratorTypeAttr]:
    return [IteratorTypeAttr(IteratorType.PARALLEL)] * n


def _needs_padding(shape: Sequence[int], layout: PackLayout) -> bool:
    """Whether some tiled dim is not known to be a multiple of its tile (dynamic dims may pad)."""
    return any(
        shape[pos] == DYNAMIC_INDEX or shape[pos] % tile
        for pos, tile in zip(layout.inner_dims_pos, layout.inner_tiles, strict=True)
    )


def _is_elementwise_on_tensors(op: Operation) -> bool:
    """A generic with identity maps and parallel loops only, on tensors."""
    if not isinstance(op, GenericOp) or not op.outputs:
        return False
    view = structured_view(op)
    assert view is not None
    return (
        all(it == IteratorType.PARALLEL for it in view.iterator_types)
        and all(m == AffineMap.identity(view.num_loops) for m in view.maps)
        and all(isinstance(o.type, TensorType) for o in op.operands)
    )


def _is_elementwise_producer(op: Operation | None) -> bool:
    """An all-parallel generic with an identity output map and projected-permutation inputs whose
    output init is not read: it can be rebuilt on packed operands."""
    if not isinstance(op, GenericOp) or len(op.outputs) != 1 or len(op.results) != 1:
        return False
    view = structured_view(op)
    assert view is not None
    if any(it != IteratorType.PARALLEL for it in view.iterator_types):
        return False
    if view.maps[-1] != AffineMap.identity(view.num_loops):
        return False
    try:
        for indexing_map in view.maps:
            map_dims(indexing_map)
    except NotAContraction:
        return False
    block = op.body.block
    if block.args[-1].uses or any(isinstance(o, IndexOp) for o in block.walk()):
        return False
    return op.results[0].uses.get_length() == 1


@dataclass
class Materializer:
    """Packs values and contractions for one target (a `tiles` override applies everywhere)."""

    target: CpuTarget | None
    tiles_override: TileSizes | None = None
    warnings: list[str] = field(default_factory=list)
    replaced: list[Operation] = field(default_factory=list)
    mapping: dict[SSAValue, SSAValue] = field(default_factory=dict)

    # -- which layout ------------------------------------------------------------------

    def plan(self, encoding: EncodingAttr, op: Operation) -> DataTilingPlan | None:
        """The plan for `encoding`, or None (with a warning) when the encoding is dropped."""
        tiles = self.tiles_override
        if tiles is None and self.target is not None:
            tiles = matmul_tile(self.target, encoding.get_element_types())
        if tiles is None:
            where = "an unknown target" if self.target is None else f"target '{self.target.name}'"
            types = ", ".join(str(t) for t in encoding.get_element_types())
            self._warn(op, f"no data-tiling tile for element types [{types}] on {where}: encoding dropped")
            return None
        try:
            return plan_for_encoding(encoding, tiles)
        except NotAContraction as reason:
            emit_error(op, f"xfuse-materialize-encoding: cannot materialize this encoding: {reason}")

    def _warn(self, op: Operation, message: str) -> None:
        text = format_diagnostic(f"xfuse-materialize-encoding: {message}", op, "warning")
        if text not in self.warnings:
            self.warnings.append(text)

    # -- values ------------------------------------------------------------------------

    def pack_value(self, value: SSAValue, layout: PackLayout, anchor: Operation) -> SSAValue:
        """`value` in the packed layout, folding empty / fill / elementwise producers."""
        type_ = value.type
        assert isinstance(type_, TensorType)
        packed_type = TensorType(type_.get_element_type(), layout.packed_shape(type_.get_shape()))
        b = Builder(InsertPoint.before(anchor))
        producer = value.owner if isinstance(value.owner, Operation) else None
        if DYNAMIC_INDEX not in type_.get_shape():  # folding producers needs no size computation
            if isinstance(producer, tensor.EmptyOp):
                return b.insert(tensor.EmptyOp([], packed_type)).tensor
            if isinstance(producer, FillOp) and isinstance(producer.outputs[0].owner, tensor.EmptyOp):
                empty = b.insert(tensor.EmptyOp([], packed_type)).tensor
                return b.insert(FillOp([producer.inputs[0]], [empty], [packed_type])).results[0]
            if _is_elementwise_producer(producer) and not _needs_padding(type_.get_shape(), layout):
                assert isinstance(producer, GenericOp)
                return self.pack_elementwise_producer(producer, layout, packed_type, anchor)
        empty = packed_empty(b, type_.get_element_type(), _logical_sizes(b, value), layout)
        zero = b.insert(zero_constant(type_.get_element_type())).result
        return b.insert(
            PackOp(value, empty, layout.inner_dims_pos, layout.inner_tiles, zero, layout.outer_dims_perm)
        ).result

    def pack_elementwise_producer(
        self, op: GenericOp, layout: PackLayout, packed_type: TensorType, anchor: Operation
    ) -> SSAValue:
        """`op` (elementwise, identity output map) on operands packed like its result: each input
        is packed along the tiled loops it has, its outer dims in the result's outer order."""
        rank = len(layout.outer_dims_perm)
        num_loops = rank + len(layout.inner_dims_pos)
        outer_index = {loop: i for i, loop in enumerate(layout.outer_dims_perm)}
        inner_index = {loop: rank + i for i, loop in enumerate(layout.inner_dims_pos)}
        tile_of = dict(zip(layout.inner_dims_pos, layout.inner_tiles, strict=True))
        inputs: list[SSAValue] = []
        maps: list[AffineMap] = []
        for operand, indexing_map in zip(op.inputs, (m.data for m in op.indexing_maps), strict=False):
            loops = map_dims(indexing_map)
            position = {loop: i for i, loop in enumerate(loops)}
            outer = sorted(loops, key=lambda loop: outer_index[loop])
            inner = [loop for loop in layout.inner_dims_pos if loop in position]
            input_layout = PackLayout(
                tuple(position[loop] for loop in outer),
                tuple(position[loop] for loop in inner),
                tuple(tile_of[loop] for loop in inner),
            )
            unchanged = not inner and input_layout.outer_dims_perm == tuple(range(len(loops)))
            if isinstance(operand.type, TensorType) and not unchanged:  # (a rank-0 scale stays as it is)
                inputs.append(self.pack_value(operand, input_layout, anchor))
            else:
                inputs.append(operand)
            results = [AffineExpr.dimension(outer_index[loop]) for loop in outer]
            results += [AffineExpr.dimension(inner_index[loop]) for loop in inner]
            maps.append(AffineMap(num_loops, 0, tuple(results)))
        maps.append(AffineMap.identity(num_loops))
        b = Builder(InsertPoint.before(anchor))
        init = b.insert(tensor.EmptyOp([], packed_type)).tensor
        packed = b.insert(
            GenericOp(
                inputs,
                [init],
                op.body.clone(),
                [AffineMapAttr(m) for m in maps],
                _parallel(num_loops),
                [packed_type],
            )
        )
        return packed.results[0]

    # -- ops ---------------------------------------------------------------------------

    def materialized_type(self, type_: Attribute, op: Operation) -> TensorType:
        """The packed type of an encoded tensor type (the plain one when the encoding is dropped)."""
        assert isinstance(type_, TensorType)
        layout = self._layout_of_type(type_, op)
        shape = type_.get_shape() if layout is None else layout.packed_shape(type_.get_shape())
        return TensorType(type_.get_element_type(), shape)

    def function_arguments(self, function: func.FuncOp) -> list[tuple[BlockArgument, TensorType]]:
        """Encoded arguments stand for their packed forms (IREE materializes function boundaries
        too); they are retyped once the body is rewritten."""
        retyped = []
        for arg in function.body.block.args:
            if encoding_of(arg.type) is not None:
                retyped.append((arg, self.materialized_type(arg.type, function)))
                self.mapping[arg] = arg
        return retyped

    def return_op(self, op: func.ReturnOp) -> None:
        op.operands = [self._mapped(o, op) if encoding_of(o.type) else o for o in op.operands]

    def set_encoding(self, op: SetEncodingOp) -> None:
        encoding = encoding_of(op.result.type)
        assert encoding is not None
        plan = self.plan(encoding, op)
        if plan is None:
            self.mapping[op.result] = op.source
        else:
            layout = plan.layout(encoding.get_operand_index())
            self.mapping[op.result] = self.pack_value(op.source, layout, op)
        self.replaced.append(op)

    def unset_encoding(self, op: UnsetEncodingOp) -> None:
        source = self._mapped(op.source, op)
        encoding = encoding_of(op.source.type)
        assert encoding is not None
        plan = self.plan(encoding, op)
        if plan is None:
            op.result.replace_all_uses_with(source)
        else:
            layout = plan.layout(encoding.get_operand_index())
            result_type = op.result.type
            assert isinstance(result_type, TensorType)
            if DYNAMIC_INDEX in result_type.get_shape() and len(op.result_dims) != result_type.get_shape().count(
                DYNAMIC_INDEX
            ):
                emit_error(op, "xfuse-materialize-encoding: an unset_encoding with a dynamic result needs its "
                           "sizes (`-> tensor<?x...> {%d0, ...}`, as xfuse-set-encoding writes it)")
            b = Builder(InsertPoint.before(op))
            dest = b.insert(tensor.EmptyOp(list(op.result_dims), result_type)).tensor
            unpack = b.insert(
                UnPackOp(source, dest, layout.inner_dims_pos, layout.inner_tiles, layout.outer_dims_perm)
            )
            op.result.replace_all_uses_with(unpack.results[0])
        self.replaced.append(op)

    def _mapped(self, value: SSAValue, user: Operation) -> SSAValue:
        if value not in self.mapping:
            emit_error(
                user,
                "xfuse-materialize-encoding: this encoded tensor does not come from a set_encoding, "
                "a function argument or a materialized op",
            )
        return self.mapping[value]

    def _layout_of_type(self, type_: Attribute, op: Operation) -> PackLayout | None:
        encoding = encoding_of(type_)
        assert encoding is not None
        plan = self.plan(encoding, op)
        return None if plan is None else plan.layout(encoding.get_operand_index())

    def encoded_empty(self, op: tensor.EmptyOp) -> None:
        """`tensor.empty` of an encoded type -> of the packed (or plain) type."""
        type_ = op.tensor.type
        assert isinstance(type_, TensorType)
        b = Builder(InsertPoint.before(op))
        layout = self._layout_of_type(type_, op)
        if layout is None:
            new = b.insert(tensor.EmptyOp(list(op.dynamic_sizes), without_encoding(type_))).tensor
        else:
            dynamic = iter(op.dynamic_sizes)
            sizes = [next(dynamic) if d == DYNAMIC_INDEX else d for d in type_.get_shape()]
            new = packed_empty(b, type_.get_element_type(), sizes, layout)
        self.mapping[op.tensor] = new
        self.replaced.append(op)

    def encoded_fill(self, op: FillOp) -> None:
        """`linalg.fill` into an encoded tensor -> into its packed form."""
        out = self._mapped(op.outputs[0], op)
        new_type = self.materialized_type(op.results[0].type, op)
        new = Builder(InsertPoint.before(op)).insert(FillOp([op.inputs[0]], [out], [new_type]))
        self.mapping[op.results[0]] = new.results[0]
        self.replaced.append(op)

    def encoded_elementwise(self, op: GenericOp) -> None:
        """An elementwise generic whose operands all have the same encoding -> the same generic on
        the packed tensors (identity maps over the packed dims). Refused when the layout pads:
        the padding would hold f(0, ...), which need not be 0."""
        encodings = {encoding_of(o.type) for o in (*op.operands, *op.results)}
        if len(encodings) != 1 or None in encodings:
            emit_error(op, "xfuse-materialize-encoding: an elementwise op on encoded tensors needs the same "
                       "encoding on every operand and result")
        type_ = op.results[0].type
        assert isinstance(type_, TensorType)
        layout = self._layout_of_type(type_, op)
        if layout is not None and _needs_padding(type_.get_shape(), layout):
            emit_error(op, "xfuse-materialize-encoding: an elementwise op on encoded tensors whose layout pads "
                       "is not supported (the padding would hold f(0), not 0)")
        inputs = [self._mapped(o, op) for o in op.inputs]
        outputs = [self._mapped(o, op) for o in op.outputs]
        rank = len(self.materialized_type(op.results[0].type, op).get_shape())
        identity = AffineMapAttr(AffineMap.identity(rank))
        new = Builder(InsertPoint.before(op)).insert(
            GenericOp(inputs, outputs, op.body.clone(), [identity] * len(op.operands), _parallel(rank),
                      [self.materialized_type(r.type, op) for r in op.results])
        )
        for old, packed in zip(op.results, new.results, strict=True):
            self.mapping[old] = packed
        self.replaced.append(op)

    def contraction(self, op: Operation) -> None:
        """The contraction on encoded operands, rebuilt on packed (or plain) tensors."""
        view = structured_view(op)
        if view is None or view.num_inputs != 2 or len(view.outputs) != 1 or len(op.results) != 1:
            emit_error(op, "xfuse-materialize-encoding: cannot materialize an op using encoded tensors; "
                       "only contractions (2 inputs, 1 output) are supported")
        encoding = encoding_of(view.operands[RESULT].type)
        if encoding is None or any(encoding_of(o.type) is None for o in view.operands):
            emit_error(op, "xfuse-materialize-encoding: the contraction's operands do not all have encodings")
        operands = [self._mapped(o, op) for o in view.operands]
        plan = self.plan(encoding, op)
        b = Builder(InsertPoint.before(op))
        if plan is None:
            plain_type = without_encoding(op.results[0].type)  # pyright: ignore[reportArgumentType]
            new_op = op.__class__.create(
                operands=operands,
                result_types=[plain_type],
                properties=dict(op.properties),
                attributes=dict(op.attributes),
                regions=[r.clone() for r in op.regions],
            )
            new_op.location = op.location
            b.insert(new_op)
            self.mapping[op.results[0]] = new_op.results[0]
        else:
            if tuple(view.maps) != plan.maps:
                emit_error(op, "xfuse-materialize-encoding: the op's indexing maps differ from its encoding's user_indexing_maps")
            packed = b.insert(
                GenericOp(
                    operands[:2],
                    operands[2:],
                    op.regions[0].clone(),
                    [AffineMapAttr(plan.packed_map(i)) for i in range(3)],
                    [IteratorTypeAttr(it) for it in plan.packed_iterators()],
                    [self.materialized_type(op.results[0].type, op)],
                )
            )
            packed.location = op.location  # the kernel's remarks point at the source contraction
            named = rewrite_to_named_mmt4d(packed, allow_collapse=False)
            self.mapping[op.results[0]] = (named or packed).results[0]
        self.replaced.append(op)


def materialize_encodings(
    module: ModuleOp, target: str = "host", tile_sizes: Sequence[int] = ()
) -> list[str]:
    """Materialize every encoding of `module` for `target` (see the module doc); `tile_sizes`
    (M0, N0, K0) overrides the table. Returns the warnings (dropped encodings)."""
    if tile_sizes and (len(tile_sizes) != 3 or any(t <= 0 for t in tile_sizes)):
        emit_error(None, f"xfuse-materialize-encoding: tile-sizes must be three positive sizes M0,N0,K0, got {list(tile_sizes)}")
    cpu = resolve_target(target)
    materializer = Materializer(cpu, TileSizes(*tile_sizes) if tile_sizes else None)
    if cpu is None and not tile_sizes:
        materializer.warnings.append(
            f"warning: xfuse-materialize-encoding: unknown target '{target}' (known: host, "
            f"{', '.join(TARGETS)}): encodings dropped"
        )
    retyped: list[tuple[BlockArgument, TensorType]] = []
    functions = [f for f in module.walk() if isinstance(f, func.FuncOp) and f.body.blocks]
    for function in functions:
        retyped += materializer.function_arguments(function)
    for op in list(module.walk()):
        if isinstance(op, func.ReturnOp):
            materializer.return_op(op)
        elif isinstance(op, SetEncodingOp):
            materializer.set_encoding(op)
        elif isinstance(op, UnsetEncodingOp):
            materializer.unset_encoding(op)
        elif any(encoding_of(o.type) is not None for o in op.operands) or any(
            encoding_of(r.type) is not None for r in op.results
        ):
            if isinstance(op, tensor.EmptyOp):
                materializer.encoded_empty(op)
            elif isinstance(op, FillOp):
                materializer.encoded_fill(op)
            elif _is_elementwise_on_tensors(op):
                materializer.encoded_elementwise(op)  # pyright: ignore[reportArgumentType]
            elif op.name.startswith("linalg."):
                materializer.contraction(op)
            else:
                emit_error(op, "xfuse-materialize-encoding: cannot materialize an op using encoded tensors "
                           "(only set_encoding, unset_encoding, contractions, tensor.empty, linalg.fill and "
                           "elementwise generics are supported)")
    _erase_replaced(materializer.replaced)
    for arg, packed_type in retyped:
        Rewriter.replace_value_with_new_type(arg, packed_type)
    for function in functions:
        function.update_function_type()
    return materializer.warnings


def _erase_replaced(replaced: list[Operation]) -> None:
    """Erase the encoded ops, users first, then the producers they left dead."""
    producers: list[Operation] = []
    for op in reversed(replaced):
        for operand in op.operands:
            if isinstance(operand.owner, Operation):
                producers.append(operand.owner)
        Rewriter.erase_op(op, safe_erase=False)
    while producers:
        op = producers.pop()
        if op.parent is None or any(r.uses for r in op.results):
            continue
        if isinstance(op, tensor.EmptyOp | FillOp | GenericOp | arith.ConstantOp):
            producers.extend(o.owner for o in op.operands if isinstance(o.owner, Operation))
            Rewriter.erase_op(op)


@dataclass(frozen=True)
class MaterializeEncodingPass(ModulePass):
    """Lower iree_encoding encodings to linalg.pack / packed contraction / linalg.unpack.

    `target`: a name of the tile table (targets.py) or `host` (this CPU). `tile-sizes=M0,N0,K0`
    overrides the table (narrow M/N still truncate)."""

    name = "xfuse-materialize-encoding"

    target: str = "host"
    tile_sizes: tuple[int, ...] = ()

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for warning in materialize_encodings(op, self.target, self.tile_sizes):
            print(warning, file=sys.stderr)

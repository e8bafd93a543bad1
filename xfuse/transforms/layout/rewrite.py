"""Rewriting one function body to the NHWC layout of its `LayoutPlan`.

Each planned op gets an NHWC twin built before it (convolutions and pooling become their NHWC
named ops, generics permute their loops and indexing maps, pads / concats / broadcasts / fills /
empties permute their shapes and dimensions); the NCHW originals are erased once nothing else
uses them. An NCHW value an NHWC op needs is *materialized*: a constant is folded, an empty or a
fill of one is rebuilt, anything else goes through one `linalg.transpose` (made once per value).
An NHWC value an NCHW op needs goes back through one transpose. A convolution filter that is a
function argument changes the argument's type instead (`weight_layout.py` records the
permutation for whoever passes the weights); a constant filter is folded; any other filter is
transposed.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    BytesAttr,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    FunctionType,
    IntegerAttr,
    TensorType,
    i64,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import format_diagnostic
from xfuse.dialects.linalg_named import WINDOWED_OPS
from xfuse.transforms.layout.plan import (
    CHANNELS_LAST_GROUP_SPLIT,
    NCHW_TO_NHWC,
    NHWC_FORMS,
    LayoutPlan,
    is_static_4d,
    layout_operands,
    permuted,
    reads_either_layout,
    reassociation,
    from_channels_last,
    to_channels_last,
)
from xfuse.transforms.layout.weight_layout import is_input, set_weight_layout, weight_layout

_NUMPY_TYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "i32": np.int32, "i64": np.int64,
                "i8": np.int8, "i16": np.int16}

_LOOPS_TO_NCHW = AffineMap(4, 0, tuple(AffineDimExpr(NCHW_TO_NHWC.index(d)) for d in range(4)))
"""An NCHW generic's loop d (n, c, h, w) in terms of its NHWC twin's loops (n, h, w, c)."""


_REMADE = ("arith.constant", "tensor.empty", "linalg.fill", "tensor.collapse_shape", "tensor.expand_shape")
"""Ops the rewrite may leave dead after rebuilding them in the new layout."""

_UNIT_FILTER_PERMUTATION = (2, 3, 0, 1)
"""`C x 1 x KH x KW` -> `KH x KW x C x 1`: a depthwise filter argument before its collapse to HWC."""


def _unit_collapse_of(value: SSAValue) -> Operation | None:
    """The `tensor.collapse_shape` making `value` (`C x KH x KW`) of a `C x 1 x KH x KW` tensor."""
    op = value.owner
    if not isinstance(op, tensor.CollapseShapeOp) or not is_static_4d(op.src) or op.src.type.get_shape()[1] != 1:
        return None
    return op if reassociation(op) == [[0, 1], [2], [3]] else None


def _is_fill_of_empty(owner: Operation | object) -> bool:
    return (isinstance(owner, Operation) and owner.name == "linalg.fill"
            and isinstance(owner.outputs[0].owner, tensor.EmptyOp))


def _groups_attr(groups: Sequence[Sequence[int]]) -> ArrayAttr:
    return ArrayAttr(ArrayAttr(IntegerAttr(d, i64) for d in group) for group in groups)


def _group_expand_of(value: SSAValue) -> Operation | None:
    """The `tensor.expand_shape` splitting F of an `F x C/G x KH x KW` filter into G x F/G."""
    op = value.owner
    if not isinstance(op, tensor.ExpandShapeOp) or not is_static_4d(op.src) or not is_static_4d(op.result, 5):
        return None
    return op if reassociation(op) == [[0, 1], [2], [3], [4]] else None


@functools.cache
def _transpose_class() -> type[Operation]:
    """xfuse's `linalg.transpose` (MLIR 22's syntax), as the context registers it."""
    from xfuse.context import make_context

    return make_context().get_op("linalg.transpose")


def permuted_type(tensor_type: TensorType, permutation: Sequence[int]) -> TensorType:
    return TensorType(tensor_type.get_element_type(), permuted(tensor_type.get_shape(), permutation))


def folded_constant(attr: Attribute, permutation: Sequence[int]) -> DenseIntOrFPElementsAttr | None:
    """`attr` (a dense constant) with its elements transposed; None when its element type has
    no numpy counterpart here (the caller transposes instead)."""
    if not isinstance(attr, DenseIntOrFPElementsAttr) or not isinstance(attr.type, TensorType):
        return None
    dtype = _NUMPY_TYPES.get(str(attr.get_element_type()))
    if dtype is None:
        return None
    shape = attr.type.get_shape()
    values = np.frombuffer(attr.data.data, dtype=dtype)
    new_type = permuted_type(attr.type, permutation)
    if values.size == 1:  # a splat
        return DenseIntOrFPElementsAttr(new_type, attr.data)
    data = np.ascontiguousarray(values.reshape(shape).transpose(permutation)).tobytes()
    return DenseIntOrFPElementsAttr(new_type, BytesAttr(data))


@dataclass
class TransposeNote:
    """A transpose the rewrite had to insert, and the remark saying why (made when it was
    inserted, at the op that needed it, before that op was rewritten)."""

    transpose: Operation
    remark: str


@dataclass
class NhwcRewriter:
    """Rewrites one function (`plan` is its body's plan)."""

    function: func.FuncOp
    plan: LayoutPlan
    permute_arguments: bool
    transposes: list[TransposeNote] = field(default_factory=list)
    _nhwc: dict[SSAValue, SSAValue] = field(default_factory=dict)
    _nchw: dict[SSAValue, SSAValue] = field(default_factory=dict)
    _filters: dict[tuple[SSAValue, tuple[int, ...]], SSAValue] = field(default_factory=dict)
    permuted_arguments: list[int] = field(default_factory=list)
    """Indices of the arguments whose type the rewrite permuted."""
    _remade: list[Operation] = field(default_factory=list)
    """NCHW constants, empties and fills rebuilt in NHWC: erased if nothing reads them after."""
    _inverse_transposes: list[Operation] = field(default_factory=list)
    """Transposes of permuted weight arguments back to their old layout, for NCHW uses."""

    # Materializing ------------------------------------------------------------------------

    def _insert_after_definition(self, op: Operation, value: SSAValue) -> None:
        if isinstance(value, BlockArgument):
            Rewriter.insert_op(op, InsertPoint.at_start(value.block))
        else:
            Rewriter.insert_op(op, InsertPoint.after(value.owner))
        op.location = value.owner.location if isinstance(value.owner, Operation) else op.location

    def _transpose(self, value: SSAValue, permutation: Sequence[int], user: Operation | None,
                   reason: str) -> SSAValue:
        result_type = permuted_type(value.type, permutation)
        empty = tensor.EmptyOp([], result_type)
        self._insert_after_definition(empty, value)
        op = _transpose_class()(value, empty.tensor, DenseArrayBase.from_list(i64, permutation),
                                             result_type)
        Rewriter.insert_op(op, InsertPoint.after(empty))
        op.location = empty.location
        remark = format_diagnostic(f"xfuse-nhwc: {reason}", user or op, "remark")
        self.transposes.append(TransposeNote(op, remark))
        return op.results[0]


    def nhwc(self, value: SSAValue, user: Operation) -> SSAValue:
        """`value` (NCHW, or already planned NHWC) as an NHWC tensor, for `user`."""
        if value in self._nhwc:
            return self._nhwc[value]
        owner = value.owner
        if isinstance(owner, Operation):
            self._remade.append(owner)
        new: SSAValue | None = None
        permutation = to_channels_last(value.type.get_num_dims())
        if isinstance(owner, arith.ConstantOp):
            folded = folded_constant(owner.value, permutation)
            if folded is not None:
                constant = arith.ConstantOp(folded)
                self._insert_after_definition(constant, value)
                new = constant.result
        elif isinstance(owner, tensor.EmptyOp) and not owner.dynamic_sizes:
            empty = tensor.EmptyOp([], permuted_type(value.type, permutation))
            self._insert_after_definition(empty, value)
            new = empty.tensor
        elif _is_fill_of_empty(owner):
            init = self.nhwc(owner.outputs[0], owner)
            fill = owner.create(operands=[owner.operands[0], init], result_types=[init.type],
                                properties=dict(owner.properties), attributes=dict(owner.attributes),
                                regions=[r.clone() for r in owner.regions])
            Rewriter.insert_op(fill, InsertPoint.after(init.owner))
            new = fill.results[0]
        if new is None:
            if isinstance(value, BlockArgument):
                why = f"function argument #{value.index} (the signature keeps its layout)"
            else:
                why = f"the result of '{owner.name}' ({self.plan.refused.get(owner, 'it keeps NCHW')})"
            new = self._transpose(value, permutation, user, f"NCHW -> NHWC transpose of {why}")
        self._nhwc[value] = new
        return new

    def nchw(self, new: SSAValue, user: Operation) -> SSAValue:
        """An NHWC value made by the rewrite as NCHW again, for `user` (which keeps NCHW)."""
        if new not in self._nchw:
            reason = self.plan.refused.get(user, "it keeps NCHW")
            self._nchw[new] = self._transpose(new, from_channels_last(new.type.get_num_dims()), user,
                                              f"NHWC -> NCHW transpose for '{user.name}' ({reason})")
        return self._nchw[new]

    def filter(self, value: SSAValue, permutation: tuple[int, ...], user: Operation) -> SSAValue:
        """A convolution filter in the NHWC op's layout: a permuted argument, a folded
        constant, or a transpose."""
        key = (value, permutation)
        if key in self._filters:
            return self._filters[key]
        if isinstance(value.owner, Operation) and value.owner in self._inverse_transposes:
            argument = value.owner.operands[0]  # a weight argument permuted for another convolution
            if weight_layout(self.function, argument.index) == permutation:
                return argument
        new: SSAValue | None = None
        if self._is_own_argument(value):
            new = self._permute_argument(value, permutation)
        elif permutation == (1, 2, 0) and _unit_collapse_of(value) is not None and self._is_own_argument(
                value.owner.src):
            new = self._depthwise_filter_argument(value.owner)
        elif len(permutation) == 5 and _group_expand_of(value) is not None and self._is_own_argument(
                value.owner.src):
            new = self._grouped_filter_argument(value.owner)
        elif isinstance(value.owner, arith.ConstantOp):
            self._remade.append(value.owner)
            folded = folded_constant(value.owner.value, permutation)
            if folded is not None:
                constant = arith.ConstantOp(folded)
                self._insert_after_definition(constant, value)
                new = constant.result
        if new is None:
            if isinstance(value, BlockArgument) and is_input(self.function, value.index):
                what = f"function argument #{value.index}, a run-time input ({{xfuse.input}} keeps its type)"
            elif isinstance(value, BlockArgument):
                what = "a function argument that cannot change type"
            else:
                what = f"the result of '{value.owner.name}'"
            new = self._transpose(value, permutation, user, f"filter transpose of {what}")
        self._filters[key] = new
        return new

    def _is_own_argument(self, value: SSAValue) -> bool:
        return (isinstance(value, BlockArgument) and self.permute_arguments and value.block is self.function.body.block
                and not is_input(self.function, value.index))

    def _depthwise_filter_argument(self, collapse: Operation) -> SSAValue | None:
        """A depthwise filter `C x 1 x KH x KW` argument collapsed to `C x KH x KW` (torch-mlir's
        form of ONNX's grouped weight): the argument becomes `KH x KW x C x 1`, collapsed to HWC."""
        argument = self._permute_argument(collapse.src, _UNIT_FILTER_PERMUTATION)
        if argument is None:
            return None
        groups = _groups_attr([[0], [1], [2, 3]])
        source_shape = argument.type.get_shape()
        new = collapse.create(operands=[argument], result_types=[TensorType(
            argument.type.get_element_type(), [source_shape[0], source_shape[1], source_shape[2]])],
            properties={**collapse.properties, "reassociation": groups}, attributes=dict(collapse.attributes))
        Rewriter.insert_op(new, InsertPoint.at_start(argument.block))
        new.location = collapse.location
        self._remade.append(collapse)
        return new.results[0]

    def _grouped_filter_argument(self, expand: Operation) -> SSAValue | None:
        """A grouped filter argument `F x C/G x KH x KW` split to `G x F/G x C/G x KH x KW`:
        the argument becomes `F x KH x KW x C/G`, split to GFHWC."""
        argument = self._permute_argument(expand.src, (0, 2, 3, 1))
        if argument is None:
            return None
        shape = expand.result.type.get_shape()
        result_type = TensorType(argument.type.get_element_type(), [shape[0], shape[1], shape[3], shape[4], shape[2]])
        new = expand.create(operands=[argument], result_types=[result_type],
                            properties={**expand.properties, "static_output_shape": DenseArrayBase.from_list(
                                i64, result_type.get_shape())}, attributes=dict(expand.attributes))
        Rewriter.insert_op(new, InsertPoint.at_start(argument.block))
        new.location = expand.location
        self._remade.append(expand)
        return new.results[0]

    def _permute_argument(self, argument: BlockArgument, permutation: tuple[int, ...]) -> SSAValue | None:
        if weight_layout(self.function, argument.index) is not None:
            return None  # already permuted for another use: transpose for this one
        old_type = argument.type
        new_type = permuted_type(old_type, permutation)
        inverse = tuple(permutation.index(d) for d in range(len(permutation)))
        argument = Rewriter.replace_value_with_new_type(argument, new_type)
        inputs = list(self.function.function_type.inputs.data)
        inputs[argument.index] = new_type
        self.function.function_type = FunctionType.from_lists(inputs, list(self.function.function_type.outputs.data))
        set_weight_layout(self.function, argument.index, permutation)
        self.permuted_arguments.append(argument.index)
        if argument.uses:  # the NCHW uses (this conv's among them, replaced by the caller) read it back
            back = self._transpose(argument, inverse, None, "the NCHW uses of a permuted weight argument")
            for use in list(argument.uses):
                if use.operation is not back.owner:
                    use.operation.operands[use.index] = back
            self.transposes.pop()  # not an activation transpose; counted if it survives
            self._inverse_transposes.append(back.owner)
        return argument

    # Rewriting ----------------------------------------------------------------------------

    def operand(self, op: Operation, index: int, layout: bool) -> SSAValue:
        value = op.operands[index]
        if self.plan.is_nhwc(value):
            return self._nhwc[value]
        return self.nhwc(value, op) if layout else value

    def rewrite(self) -> None:
        for op in self.plan.converted:
            new = self._convert(op)
            new.location = op.location
            Rewriter.insert_op(new, InsertPoint.before(op))
            for old, result in zip(op.results, new.results):
                self._nhwc[old] = result
        converted = set(self.plan.converted)
        for op in self.plan.converted:
            for old in op.results:
                for use in list(old.uses):
                    if reads_either_layout(use.operation):
                        use.operation.operands[use.index] = self._nhwc[old]
                    elif use.operation not in converted:
                        use.operation.operands[use.index] = self.nchw(self._nhwc[old], use.operation)
        for op in reversed(self.plan.converted):
            Rewriter.erase_op(op)
        for op in reversed(self._remade):  # a fill before its empty
            if op.parent is not None and op.name in _REMADE and not any(
                    r.uses for r in op.results):
                Rewriter.erase_op(op)
        for back in self._inverse_transposes:
            if back.results[0].uses:  # an NCHW op still reads the weight in its old layout
                user = next(iter(back.results[0].uses)).operation
                self.transposes.append(TransposeNote(back, format_diagnostic(
                    f"xfuse-nhwc: weight argument #{back.operands[0].index} transposed back for '{user.name}', "
                    "which keeps NCHW", user, "remark")))
            else:
                Rewriter.erase_op(back)
                empty = back.operands[1].owner
                if not empty.results[0].uses:
                    Rewriter.erase_op(empty)

    def _convert(self, op: Operation) -> Operation:
        if op.name in NHWC_FORMS:
            return self._convert_window(op)
        if op.name == "linalg.generic":
            return self._convert_generic(op)
        layout = set(layout_operands(op))
        operands = [self.operand(op, i, i in layout) for i in range(len(op.operands))]
        result_types = [permuted_type(r.type, to_channels_last(r.type.get_num_dims())) for r in op.results]
        properties = dict(op.properties)
        if op.name == "tensor.pad":
            for name in ("static_low", "static_high"):
                properties[name] = DenseArrayBase.from_list(i64, permuted(op.properties[name].get_values(),
                                                                          NCHW_TO_NHWC))
        elif op.name == "tensor.concat":
            properties["dim"] = IntegerAttr(NCHW_TO_NHWC.index(op.dim.value.data), op.dim.type)
        elif op.name in ("tensor.expand_shape", "tensor.collapse_shape"):
            properties["reassociation"] = _groups_attr(CHANNELS_LAST_GROUP_SPLIT)
            if op.name == "tensor.expand_shape":
                properties["static_output_shape"] = DenseArrayBase.from_list(i64, result_types[0].get_shape())
        elif op.name == "linalg.transpose":  # the same transpose, of the channels-last layouts
            to = to_channels_last(len(op.permutation.get_values()))
            back = from_channels_last(len(to))
            moved = [back[op.permutation.get_values()[to[j]]] for j in range(len(to))]
            properties["permutation"] = DenseArrayBase.from_list(i64, moved)
        elif op.name == "linalg.broadcast":
            dims = sorted(NCHW_TO_NHWC.index(d) for d in op.dimensions.get_values())
            properties["dimensions"] = DenseArrayBase.from_list(i64, dims)
        return op.create(operands=operands, result_types=result_types, properties=properties,
                         attributes=dict(op.attributes), regions=[r.clone() for r in op.regions])

    def _convert_window(self, op: Operation) -> Operation:
        form = NHWC_FORMS[op.name]
        source = self.operand(op, 0, True)
        second = op.operands[1] if form.filter_permutation is None else self.filter(
            op.operands[1], form.filter_permutation, op)
        init = self.operand(op, 2, True)
        named = WINDOWED_OPS[form.name]
        properties = {k: v for k, v in op.properties.items() if k in ("strides", "dilations")}
        return named([source, second], [init], [[init.type]], properties=properties,
                     attributes=dict(op.attributes), hidden_region=named.get_hidden_region([source, second], [init]))

    def _convert_generic(self, op: Operation) -> Operation:
        layout = set(layout_operands(op))
        maps = [m.data for m in op.indexing_maps.data]
        operands: list[SSAValue] = []
        new_maps: list[AffineMapAttr] = []
        for i, old_map in enumerate(maps):
            value = self.operand(op, i, i in layout)
            results = old_map.results
            if i in layout or self.plan.is_nhwc(op.operands[i]):  # NHWC now: its map's results reorder
                results = tuple(results[p] for p in NCHW_TO_NHWC)
            new_maps.append(AffineMapAttr(AffineMap(4, 0, results).compose(_LOOPS_TO_NCHW)))
            operands.append(value)
        iterators = ArrayAttr(permuted(op.iterator_types.data, NCHW_TO_NHWC))
        properties = dict(op.properties)
        properties["indexing_maps"] = ArrayAttr(new_maps)
        properties["iterator_types"] = iterators
        body = op.body.clone()
        for index in body.walk():  # loop d of the NCHW op is loop NCHW_TO_NHWC.index(d) now
            if index.name == "linalg.index":
                dim = index.properties["dim"]
                index.properties["dim"] = IntegerAttr(NCHW_TO_NHWC.index(dim.value.data), dim.type)
        return op.create(operands=operands, result_types=[v.type for v in operands[len(op.inputs):]],
                         properties=properties, attributes=dict(op.attributes), regions=[body])


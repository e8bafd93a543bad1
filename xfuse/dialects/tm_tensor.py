"""torch-mlir's `tm_tensor` dialect: the ops its ONNX lowering emits where linalg has none.

torch-mlir lowers CumSum to `tm_tensor.scan`, TopK and Sort to `tm_tensor.sort`, the Scatter
family (ScatterElements, ScatterND, index_put) to `tm_tensor.scatter`, and some top-k forms to
`tm_tensor.topk`. These are their definitions, spelled as torch-mlir prints them
(include/torch-mlir-dialects/Dialect/TMTensor/IR/TMTensorOps.td) and verified as its
TMTensorOps.cpp verifies them, so that its output parses; `xfuse-lower-tm-tensor`
(xfuse/transforms/lower_tm_tensor.py) turns them into `scf.for` loops on tensors that stock
mlir-opt compiles. Every op is destination-style: `ins` are read, `outs` are the initial
values of the results (one result per tensor `outs`, of its type), and the region is the
scalar computation, ended by `tm_tensor.yield`:

    %r:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%x : tensor<2x5xf32>)
             outs(%init, %acc : tensor<2x5xf32>, tensor<2xf32>) {
           ^bb0(%a: f32, %b: f32): ... tm_tensor.yield %s : f32
           } -> tensor<2x5xf32>, tensor<2xf32>
    %s = tm_tensor.scatter {dimension_map = array<i64: 0, 1>} unique_indices(false)
           ins(%updates, %indices : tensor<6xf32>, tensor<6x2xi64>) outs(%orig : tensor<3x5xf32>) {...}
    %v:2 = tm_tensor.sort dimension(1) outs(%x, %i : tensor<3x5xf32>, tensor<3x5xi64>) {...}
    %k:2 = tm_tensor.topk dimension(1) ins(%x : tensor<3x5xf32>) outs(%v, %i : ...) {...}

`tm_tensor.attention` (torch's scaled_dot_product_attention) is not defined: ONNX's Attention
reaches xfuse decomposed (xfuse/onnx/transformer.py), so it is refused as an unknown op.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    I64,
    BoolAttr,
    DenseArrayBase,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ShapedType,
    TensorType,
    i1,
    i64,
)
from xdsl.ir import Attribute, Dialect, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import IsTerminator, Pure
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.linalg_syntax import parse_operand_group, print_operand_group, split_properties

DYNAMIC = -1
"""A dynamic extent in `ShapedType.get_shape()`."""


def _shape(value: SSAValue) -> tuple[int, ...]:
    assert isinstance(value.type, ShapedType)
    return tuple(value.type.get_shape())


def _element(value: SSAValue) -> Attribute:
    assert isinstance(value.type, ShapedType)
    return value.type.get_element_type()


def _compatible(a: int, b: int) -> bool:
    return a == DYNAMIC or b == DYNAMIC or a == b


@irdl_op_definition
class YieldOp(IRDLOperation):
    """`tm_tensor.yield`: the values a `tm_tensor` op's region computes."""

    name = "tm_tensor.yield"

    values = var_operand_def()

    traits = traits_def(Pure(), IsTerminator())

    assembly_format = "attr-dict ($values^ `:` type($values))?"

    def __init__(self, *values: SSAValue):
        super().__init__(operands=[values])


class TMTensorOp(IRDLOperation):
    """What every `tm_tensor` op shares (torch-mlir's `TMTensor_Op` and TMTensorInterface):
    `ins` and `outs` operand groups, one tensor result per tensor `outs` (none on memrefs),
    one single-block region ending in `tm_tensor.yield`."""

    inputs = var_operand_def()
    outputs = var_operand_def()
    res = var_result_def(TensorType)
    region = region_def("single_block")

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    FORMAT_PROPERTIES: ClassVar[tuple[str, ...]] = ()
    """Properties the custom syntax spells outside the attribute dictionary."""

    def __init__(self, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue], region: Region,
                 properties: dict[str, Attribute], attributes: dict[str, Attribute] | None = None):
        result_types = [o.type for o in outputs if isinstance(o.type, TensorType)]
        super().__init__(operands=[inputs, outputs], result_types=[result_types], regions=[region],
                         properties=properties, attributes=attributes)

    @property
    def body_yield(self) -> YieldOp:
        terminator = self.region.block.last_op
        if not isinstance(terminator, YieldOp):
            found = terminator.name if terminator else "nothing"
            raise VerifyException(f"expected the region to end with tm_tensor.yield, got {found}")
        return terminator

    def verify_(self) -> None:
        operands = [*self.inputs, *self.outputs]
        if not all(isinstance(v.type, ShapedType) for v in operands):
            raise VerifyException("expected every ins and outs operand to be a tensor or a memref")
        shaped_kinds = {type(v.type) for v in operands if isinstance(v.type, TensorType | MemRefType)}
        if len(shaped_kinds) > 1:
            raise VerifyException("expected to have pure tensor or buffer semantics")
        tensor_outs = [o.type for o in self.outputs if isinstance(o.type, TensorType)]
        if [r.type for r in self.results] != tensor_outs:
            raise VerifyException(f"expected one result per tensor outs operand, of its type ({len(tensor_outs)})")
        self.body_yield  # noqa: B018 (raises when the region does not end in tm_tensor.yield)
        self.verify_semantics()

    def verify_semantics(self) -> None:
        """The op's own checks (TMTensorOps.cpp's `verify`)."""

    # Syntax --------------------------------------------------------------------------------

    def print_attr_dict(self, printer: Printer) -> None:
        hidden = {*self.FORMAT_PROPERTIES, "operandSegmentSizes"}
        entries = {k: v for k, v in {**self.properties, **self.attributes}.items() if k not in hidden}
        if entries:
            printer.print_string(" ")
            printer.print_attr_dict(entries)

    def print_operands_region_results(self, printer: Printer) -> None:
        print_operand_group(printer, "ins", list(self.inputs))
        print_operand_group(printer, "outs", list(self.outputs))
        printer.print_string(" ")
        printer.print_region(self.region)
        if self.results:
            printer.print_string(" -> ")
            printer.print_list([r.type for r in self.results], printer.print_attribute)

    @classmethod
    def parse_operands_region_results(cls, parser: Parser, properties: dict[str, Attribute],
                                      attributes: dict[str, Attribute]) -> TMTensorOp:
        """`ins(...)? outs(...) region (-> types)?` then the op, its result types checked."""
        start = parser.pos
        inputs = parse_operand_group(parser, "ins")
        outputs = parse_operand_group(parser, "outs")
        if not outputs:
            parser.raise_error(f"{cls.name} expects outs(...)", start, parser.pos)
        region = parser.parse_region()
        types: list[Attribute] = []
        if parser.parse_optional_punctuation("->"):
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        op = cls(inputs, outputs, region, properties, attributes)
        if [r.type for r in op.results] != types:
            parser.raise_error(f"{cls.name}: the result types must be those of the tensor outs operands "
                               f"({', '.join(str(r.type) for r in op.results) or 'none'})", start, parser.pos)
        return op

    @classmethod
    def parse_keyword_value(cls, parser: Parser, keyword: str, value_kind: str) -> Attribute:
        """`keyword(<integer>)` or `keyword(<true|false>)`."""
        parser.parse_characters(keyword)
        parser.parse_punctuation("(")
        if value_kind == "bool":
            value: Attribute = BoolAttr(parser.parse_boolean(f"{keyword} (true or false)"), i1)
        else:
            value = IntegerAttr(parser.parse_integer(allow_boolean=False, context_msg=f"{keyword} (an integer)"), i64)
        parser.parse_punctuation(")")
        return value

    @classmethod
    def split_attr_dict(cls, parser: Parser) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
        return split_properties(cls, dict(parser.parse_optional_attr_dict()))


def _print_keyword(printer: Printer, keyword: str, value: IntegerAttr) -> None:
    shown = ("true" if value.value.data else "false") if value.type == i1 else str(value.value.data)
    printer.print_string(f" {keyword}({shown})")


def _dimension_in_rank(dimension: int, rank: int, what: str) -> None:
    if not 0 <= dimension < rank:
        raise VerifyException(f"dimension {dimension} is out of range for {what} of rank {rank}")


def _region_arg_types(op: TMTensorOp) -> list[Attribute]:
    return [a.type for a in op.region.block.args]


@irdl_op_definition
class ScanOp(TMTensorOp):
    """`tm_tensor.scan`: the running combination (the region, `(acc, x) -> acc'`) of `ins`'s one
    tensor along `dimension`, into `outs`' first operand; the second, of rank one less, is the
    accumulator: its value starts an exclusive scan and the scan's last values end in it.
    Inclusive: out[0] = in[0], out[i] = f(out[i-1], in[i]); exclusive: out[0] = acc,
    out[i] = f(out[i-1], in[i-1])."""

    name = "tm_tensor.scan"

    dimension = prop_def(IntegerAttr[I64])
    inclusive = prop_def(BoolAttr)

    FORMAT_PROPERTIES: ClassVar[tuple[str, ...]] = ("dimension", "inclusive")

    def verify_semantics(self) -> None:
        if len(self.inputs) != 1:
            raise VerifyException("expected one input operands")
        if len(self.outputs) != 2:
            raise VerifyException("expected two output operands")
        source, (output, accumulator) = self.inputs[0], self.outputs
        if not isinstance(source.type, ShapedType):
            raise VerifyException("expected first input element type to be shaped")
        if _element(accumulator) != _element(source):
            raise VerifyException("expected input/accumulator element types to be identical")
        rank = len(_shape(source))
        _dimension_in_rank(self.dimension.value.data, rank, "the input")
        if len(_shape(accumulator)) != rank - 1:
            raise VerifyException("expected accumulator rank to be equal to input rank - 1")
        expected = [d for i, d in enumerate(_shape(source)) if i != self.dimension.value.data]
        if not all(map(_compatible, expected, _shape(accumulator))):
            raise VerifyException("incompatible input/accumulator shapes")
        if _element(output) != _element(source):
            raise VerifyException("expected input/output element types to be identical")
        if len(_shape(output)) != rank:
            raise VerifyException("expected input/output to have identical ranks")
        if not all(map(_compatible, _shape(source), _shape(output))):
            raise VerifyException("incompatible input/output shapes")
        element = _element(source)
        if _region_arg_types(self) != [element, element]:
            raise VerifyException(f"expected the region to take two {element} arguments")
        if [v.type for v in self.body_yield.values] != [element]:
            raise VerifyException(f"expected the region to yield one {element}")

    def print(self, printer: Printer) -> None:
        _print_keyword(printer, "dimension", self.dimension)
        _print_keyword(printer, "inclusive", self.inclusive)
        self.print_attr_dict(printer)
        self.print_operands_region_results(printer)

    @classmethod
    def parse(cls, parser: Parser) -> ScanOp:
        dimension = cls.parse_keyword_value(parser, "dimension", "int")
        inclusive = cls.parse_keyword_value(parser, "inclusive", "bool")
        properties, attributes = cls.split_attr_dict(parser)
        properties |= {"dimension": dimension, "inclusive": inclusive}
        op = cls.parse_operands_region_results(parser, properties, attributes)
        assert isinstance(op, ScanOp)
        return op


@irdl_op_definition
class ScatterOp(TMTensorOp):
    """`tm_tensor.scatter` (XLA's scatter with 1-D batch): `ins` are `updates` (N x slice) and
    `indices` (N x depth, integers); for each update n, `dimension_map[i]` names the dimension of
    `outs`' `original` that `indices[n, i]` indexes (added to the slice's position there), the
    slice's other positions map to the last dimensions of `original`, and the element becomes
    region(update, original element). `unique_indices(false)`: indices may repeat (the updates
    are then applied in order)."""

    name = "tm_tensor.scatter"

    dimension_map = prop_def(DenseArrayBase)
    unique_indices = opt_prop_def(BoolAttr)

    FORMAT_PROPERTIES: ClassVar[tuple[str, ...]] = ("unique_indices",)

    @property
    def has_unique_indices(self) -> bool:
        return self.unique_indices is None or bool(self.unique_indices.value.data)

    @property
    def dims(self) -> tuple[int, ...]:
        return tuple(self.dimension_map.get_values())

    def verify_semantics(self) -> None:
        if self.dimension_map.elt_type != i64:
            raise VerifyException("expected dimension_map to be an array<i64: ...>")
        if len(self.inputs) != 2:
            raise VerifyException("expected two input operands")
        if len(self.outputs) != 1:
            raise VerifyException("expected one output operand")
        updates, indices = self.inputs
        original = self.outputs[0]
        if not isinstance(updates.type, ShapedType) or not isinstance(indices.type, ShapedType):
            raise VerifyException("expected the updates and indices to be tensors or memrefs")
        if len(_shape(indices)) != 2 or not isinstance(_element(indices), IntegerType):
            raise VerifyException("expected indices to be of rank 2 of integer element type")
        depth = _shape(indices)[1]
        if depth == DYNAMIC:
            raise VerifyException("expected index depth is static")
        original_rank, update_rank = len(_shape(original)), len(_shape(updates))
        dims = self.dims
        if len(dims) != depth:
            raise VerifyException("invalid number of dimension map entries")
        if len(set(dims)) != len(dims) or any(not 0 <= d < original_rank for d in dims):
            raise VerifyException("dimension map is invalid")
        if update_rank < 1:
            raise VerifyException("expected update value to be at least rank 1")
        if _shape(indices)[0] != _shape(updates)[0]:
            raise VerifyException("mismatch in shape of indices and update value at dim#0")
        if update_rank - 1 > original_rank:
            raise VerifyException("update value rank exceeds the rank of the original value")
        if original_rank > depth + update_rank - 1:
            raise VerifyException("index depth and update value does not cover rank of original value")
        full_slice = original_rank - depth
        for original_dim, update_dim in zip(range(depth, original_rank),
                                            range(update_rank - full_slice, update_rank)):
            size, limit = _shape(updates)[update_dim], _shape(original)[original_dim]
            if limit != DYNAMIC and size > limit:
                raise VerifyException(f"shape of update value dim#{update_dim} exceeds original value at "
                                      f"dim#{original_dim}")
        element = _element(original)
        if _region_arg_types(self) != [_element(updates), element] or _element(updates) != element:
            raise VerifyException(f"expected the region to take two {element} arguments: the update's "
                                  "element, then the original's")
        if [v.type for v in self.body_yield.values] != [element]:
            raise VerifyException(f"expected the region to yield one {element}")

    def print(self, printer: Printer) -> None:
        self.print_attr_dict(printer)
        printer.print_string(f" unique_indices({'true' if self.has_unique_indices else 'false'})")
        self.print_operands_region_results(printer)

    @classmethod
    def parse(cls, parser: Parser) -> ScatterOp:
        properties, attributes = cls.split_attr_dict(parser)
        properties["unique_indices"] = cls.parse_keyword_value(parser, "unique_indices", "bool")
        op = cls.parse_operands_region_results(parser, properties, attributes)
        assert isinstance(op, ScatterOp)
        return op


class _DimensionAfterAttributesOp(TMTensorOp):
    """The syntax of `sort` and `topk`: `attr-dict dimension(d) ins(...)? outs(...) region -> types`."""

    dimension = prop_def(IntegerAttr[I64])

    FORMAT_PROPERTIES: ClassVar[tuple[str, ...]] = ("dimension",)

    def print(self, printer: Printer) -> None:
        self.print_attr_dict(printer)
        _print_keyword(printer, "dimension", self.dimension)
        self.print_operands_region_results(printer)

    @classmethod
    def parse(cls, parser: Parser) -> TMTensorOp:
        properties, attributes = cls.split_attr_dict(parser)
        properties["dimension"] = cls.parse_keyword_value(parser, "dimension", "int")
        return cls.parse_operands_region_results(parser, properties, attributes)


@irdl_op_definition
class SortOp(_DimensionAfterAttributesOp):
    """`tm_tensor.sort` (XLA's sort): the `outs` tensors (same shape) sorted together along
    `dimension`, stably, by the region's comparator on the elements of every operand,
    `(a0, b0, a1, b1, ...) -> i1`: true when a comes before b (so equal elements keep their
    order)."""

    name = "tm_tensor.sort"

    def verify_semantics(self) -> None:
        if self.inputs:
            raise VerifyException("does not expect to take any inputs")
        count = len(self.outputs)
        args = _region_arg_types(self)
        if len(args) != 2 * count:
            raise VerifyException(f"region block should have {2 * count} arguments")
        shape = _shape(self.outputs[0])
        _dimension_in_rank(self.dimension.value.data, len(shape), "the operands")
        for index, operand in enumerate(self.outputs):
            if _shape(operand) != shape:
                raise VerifyException(f"expected operand {index} to have same shape as other operands")
            for i in (2 * index, 2 * index + 1):
                if args[i] != _element(operand):
                    raise VerifyException(f"region block argument #{i} should be of type {_element(operand)} "
                                          f"but got {args[i]}")
        if [v.type for v in self.body_yield.values] != [i1]:
            raise VerifyException("should yield exactly one operand of i1 type")



@irdl_op_definition
class TopkOp(_DimensionAfterAttributesOp):
    """`tm_tensor.topk`: the first K (the size of `outs` along `dimension`) of `ins`' values by
    the region's `(x, y) -> i1` (true: x comes before y; ties go to the lower index), with their
    indices; `ins` may also give the indices (else the positions along `dimension`), and `outs`'
    values and indices are the initial K best (torch-mlir fills them with the worst value)."""

    name = "tm_tensor.topk"

    def verify_semantics(self) -> None:
        if len(self.inputs) not in (1, 2):
            raise VerifyException("expected one or two input operands")
        if len(self.outputs) != 2:
            raise VerifyException("expected two output operands")
        values, (out_values, out_indices) = self.inputs[0], self.outputs
        rank = len(_shape(values))
        _dimension_in_rank(self.dimension.value.data, rank, "the input")
        if _element(values) != _element(out_values):
            raise VerifyException("expected input/output value types to be identical")
        index_types = [_element(v) for v in (*self.inputs[1:], out_indices)]
        if any(t != IntegerType(32) for t in index_types):
            raise VerifyException("expected input/output indices types to be int32")
        if len(_shape(out_values)) != rank or any(len(_shape(v)) != rank for v in (*self.inputs[1:], out_indices)):
            raise VerifyException("expected input/output to have the same rank")
        if len(self.inputs) == 2 and not all(map(_compatible, _shape(values), _shape(self.inputs[1]))):
            raise VerifyException("input indices/values shape must match")
        if not all(map(_compatible, _shape(out_values), _shape(out_indices))):
            raise VerifyException("output indices/values shape must match")
        dimension = self.dimension.value.data
        if not all(_compatible(a, b) for i, (a, b) in enumerate(zip(_shape(values), _shape(out_values)))
                   if i != dimension):
            raise VerifyException("incompatible input/output shapes")
        element = _element(values)
        if _region_arg_types(self) != [element, element]:
            raise VerifyException(f"region block should have 2 arguments of the input's type ({element})")
        if [v.type for v in self.body_yield.values] != [i1]:
            raise VerifyException("region block must end with a tm_tensor.yield of one i1")



TM_TENSOR = Dialect("tm_tensor", [ScanOp, ScatterOp, SortOp, TopkOp, YieldOp], [])

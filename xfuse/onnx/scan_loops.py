"""ONNX `Scan` written as the `Loop` over its scan axis that it is.

torch-mlir lowers a `Scan` only in simple cases (one scan input, small bodies): the body of
LinearAttention's ONNX function, a `Scan` over five inputs, does not legalize. It lowers a
for-like `Loop` to `scf.for` (the loop form of LSTM/GRU/RNN, xfuse/onnx/recurrent.py). On the
prepared model (static shapes) each top-level Scan becomes a `Loop` whose trip count is the scan
length `T` and whose body is the Scan's body with, around it:
- each scan input's element at step `i` read by a `Slice` at `i` (`T - 1 - i` for a reverse
  `scan_input_directions`) along its `scan_input_axes`, then a `Squeeze` of that axis; the
  slice's shape is declared (ONNX infers none from a start known at run time only);
- each scan output gathered in a carried `[T, ...]` tensor (torch-mlir lowers no scan outputs
  of a `Loop`): step `i` writes its row `i` (`T - 1 - i` for a reverse
  `scan_output_directions`) with a `ScatterND` of that one row (torch-mlir: `tm_tensor.scatter`,
  loops after `xfuse-lower-tm-tensor`), which leaves the other rows as they are: an inf or NaN
  in one row does not reach another, as it would through a one-hot product, and a step costs
  one row, where a `Where` over the whole tensor made the loop quadratic in `T`; after the
  loop a `Transpose` moves the axis to `scan_output_axes`;
- the outer graph's small constants that the body reads (shape and axis operands) copied
  into the body as `Constant` nodes: ONNX's shape inference does not see an outer
  initializer's value in a subgraph, and without it torch-mlir types the body's values as
  rank 0.
The Loop's carried outputs get their shapes declared (ONNX infers none for them).
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import describe_node, initializer_arrays, node_attributes, rewrite_nodes, static_types

MAX_COPIED_CONSTANT = 64
"""Largest outer initializer (in elements) copied into a loop body as a `Constant` node: the
shape and axis operands its inference needs; larger ones (weights) are read from outside."""


def scans_as_loops(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain top-level `Scan` rewritten as a `Loop`
    (a copy when there is one), and how many there were. A Scan whose shapes are not static,
    or whose scan length is 0, is an `OnnxError` naming the node."""
    types, constants = static_types(model), initializer_arrays(model)

    def as_loop(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto]:
        return _ScanLoop(node, graph, prefix, types, constants).nodes()

    return rewrite_nodes(model, _is_scan, as_loop, "loop")


def _is_scan(node: onnx.NodeProto) -> bool:
    return node.op_type == "Scan" and node.domain in ("", "ai.onnx")


class _ScanLoop:
    """The nodes of one Scan's Loop; its constants and declared shapes added to `graph`."""

    def __init__(self, node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str,
                 types: dict[str, tuple[int, tuple[int, ...]]], constants: dict[str, np.ndarray]):
        self.node, self.graph, self.prefix, self.constants = node, graph, prefix, constants
        attributes = node_attributes(node)
        self.body: onnx.GraphProto = attributes["body"]
        scans = attributes["num_scan_inputs"]
        self.states = len(node.input) - scans
        outputs = len(self.body.output) - self.states
        missing = [name for name in [*node.input, *node.output] if name not in types]
        if missing or "" in node.input:
            raise OnnxError(f"{describe_node(node)}: the shapes of its inputs and outputs must be static to "
                            f"rewrite it as a Loop (not known: {', '.join(missing or ['an empty input'])})")
        self.types = types
        self.input_axes = self._axes(attributes.get("scan_input_axes"), node.input[self.states:], "scan_input_axes")
        self.output_axes = self._axes(attributes.get("scan_output_axes"), node.output[self.states:],
                                      "scan_output_axes")
        self.input_reversed = self._directions(attributes.get("scan_input_directions"), scans)
        self.output_reversed = self._directions(attributes.get("scan_output_directions"), outputs)
        lengths = {types[name][1][axis] for name, axis in zip(node.input[self.states:], self.input_axes)}
        if len(lengths) != 1 or 0 in lengths:
            raise OnnxError(f"{describe_node(node)}: its scan inputs must have one nonzero length along their scan "
                            f"axes (got {sorted(lengths)})")
        self.length = lengths.pop()
        self.outer: list[onnx.NodeProto] = []
        self.inner: list[onnx.NodeProto] = []
        self.declared: list[onnx.ValueInfoProto] = []

    def _axes(self, given: list[int] | None, names: list[str], attribute: str) -> list[int]:
        axes = list(given) if given is not None else [0] * len(names)
        if len(axes) != len(names):
            raise OnnxError(f"{describe_node(self.node)}: {attribute} has {len(axes)} entries for {len(names)} values")
        ranks = [len(self.types[name][1]) for name in names]
        if any(not -rank <= axis < rank for axis, rank in zip(axes, ranks)):
            raise OnnxError(f"{describe_node(self.node)}: {attribute}={axes} is out of range for ranks {ranks}")
        return [axis % rank for axis, rank in zip(axes, ranks)]

    def _directions(self, given: list[int] | None, count: int) -> list[bool]:
        directions = list(given) if given is not None else [0] * count
        if len(directions) != count or any(d not in (0, 1) for d in directions):
            raise OnnxError(f"{describe_node(self.node)}: scan directions {directions} must be {count} values of 0 "
                            "(forward) or 1 (reverse)")
        return [bool(d) for d in directions]

    def nodes(self) -> list[onnx.NodeProto]:
        """The outer nodes replacing the Scan: the scan outputs' zeros, the Loop, the Transposes."""
        node, states = self.node, self.states
        iteration, condition = self._name("iteration"), self._name("condition")
        state_inputs = [value.name for value in self.body.input[:states]]
        gathered = [self._name(f"gathered{k}_in") for k in range(len(self.output_axes))]
        gathered_shapes = [self._gathered_shape(k) for k in range(len(gathered))]
        self._copy_constants()
        for j, (name, axis) in enumerate(zip(node.input[states:], self.input_axes)):
            self._read_element(name, axis, self.input_reversed[j], iteration, self.body.input[states + j].name)
        self.inner.extend(self.body.node)
        results = [self._inner("Identity", [condition], "condition_out")]
        results += [self._inner("Identity", [value.name], f"state{i}_out")
                    for i, value in enumerate(self.body.output[:states])]
        for k, value in enumerate(self.body.output[states:]):
            results.append(self._write_row(k, gathered[k], gathered_shapes[k], value.name, iteration))
        state_types = [self.types[name] for name in node.input[:states]]
        body = helper.make_graph(
            self.inner, f"{self.body.name or 'scan_body'}_as_loop",
            [helper.make_tensor_value_info(iteration, onnx.TensorProto.INT64, []),
             helper.make_tensor_value_info(condition, onnx.TensorProto.BOOL, [])]
            + [helper.make_tensor_value_info(name, *state_type) for name, state_type in zip(state_inputs, state_types)]
            + [helper.make_tensor_value_info(name, *shape) for name, shape in zip(gathered, gathered_shapes)],
            [helper.make_tensor_value_info(results[0], onnx.TensorProto.BOOL, [])]
            + [helper.make_tensor_value_info(name, *state_type) for name, state_type in zip(results[1:], state_types)]
            + [helper.make_tensor_value_info(name, *shape)
               for name, shape in zip(results[1 + states:], gathered_shapes)],
            value_info=[*self.body.value_info, *self.declared])
        initial = [self._outer("ConstantOfShape", [self._constant(f"gathered{k}_shape", np.array(shape[1], np.int64))],
                               f"gathered{k}_zeros", value=numpy_helper.from_array(
                                   np.zeros(1, helper.tensor_dtype_to_np_dtype(shape[0]))))
                   for k, shape in enumerate(gathered_shapes)]
        finals = [self._name(f"gathered{k}_final") for k in range(len(gathered))]
        self.outer.append(helper.make_node(
            "Loop", [self._constant("trip_count", np.array(self.length, np.int64)),
                     self._constant("always", np.array(True)), *node.input[:states], *initial],
            [*node.output[:states], *finals], name=self._name("loop"), body=body))
        # ONNX's inference of a Loop gives its carried outputs no shape: declared here
        self.graph.value_info.extend(helper.make_tensor_value_info(name, *self.types[name])
                                     for name in node.output[:states])
        self.graph.value_info.extend(helper.make_tensor_value_info(name, *shape)
                                     for name, shape in zip(finals, gathered_shapes))
        for k, (final, axis) in enumerate(zip(finals, self.output_axes)):
            rank = len(gathered_shapes[k][1])
            perm = [*range(1, axis + 1), 0, *range(axis + 1, rank)]
            self.outer.append(helper.make_node("Transpose", [final], [node.output[states + k]],
                                               name=self._name(f"scan_output{k}"), perm=perm))
        return self.outer

    def _gathered_shape(self, k: int) -> tuple[int, tuple[int, ...]]:
        """Element type and shape of scan output `k` gathered with the scan axis first."""
        element, shape = self.types[self.node.output[self.states + k]]
        axis = self.output_axes[k]
        if shape[axis] != self.length:
            raise OnnxError(f"{describe_node(self.node)}: its scan output {self.node.output[self.states + k]!r} has "
                            f"length {shape[axis]} along axis {axis}, not the scan length {self.length}")
        return element, (self.length, *shape[:axis], *shape[axis + 1:])

    def _step_index(self, iteration: str, reverse: bool, tag: str) -> str:
        """The 1-D index of the row step `iteration` reads or writes."""
        if reverse:
            iteration = self._inner("Sub", [self._inner_constant(f"{tag}_last", np.array(self.length - 1, np.int64)),
                                            iteration], f"{tag}_reversed")
        return self._inner("Unsqueeze", [iteration, self._inner_constant(f"{tag}_axis0", np.array([0], np.int64))],
                           f"{tag}_index")

    def _read_element(self, source: str, axis: int, reverse: bool, iteration: str, element: str) -> None:
        tag = f"read{len(self.declared)}"
        start = self._step_index(iteration, reverse, tag)
        end = self._inner("Add", [start, self._inner_constant(f"{tag}_one", np.array([1], np.int64))], f"{tag}_end")
        axes = self._inner_constant(f"{tag}_axes", np.array([axis], np.int64))
        row = self._inner("Slice", [source, start, end, axes], f"{tag}_row")
        element_type, shape = self.types[source]
        self.declared.append(helper.make_tensor_value_info(row, element_type,
                                                           [*shape[:axis], 1, *shape[axis + 1:]]))
        self.inner.append(helper.make_node("Squeeze", [row, axes], [element], name=self._name(f"{tag}_element")))

    def _write_row(self, k: int, gathered: str, shape: tuple[int, tuple[int, ...]], value: str,
                   iteration: str) -> str:
        """`gathered` with its row of step `iteration` set to scan output `k`'s `value`."""
        tag = f"write{k}"
        row = self._step_index(iteration, self.output_reversed[k], tag)
        index = self._inner("Unsqueeze", [row, self._inner_constant(f"{tag}_axis1", np.array([0], np.int64))],
                            f"{tag}_nd")
        expanded = self._inner("Unsqueeze", [value, self._inner_constant(f"{tag}_axis", np.array([0], np.int64))],
                               f"{tag}_value")
        return self._inner("ScatterND", [gathered, index, expanded], f"{tag}_out")

    def _copy_constants(self) -> None:
        """Read the outer graph's small initializers the body uses from `Constant` nodes in it."""
        copies: dict[str, str] = {}
        for inner in self.body.node:
            for i, name in enumerate(inner.input):
                array = self.constants.get(name)
                if array is None or array.size > MAX_COPIED_CONSTANT:
                    continue
                if name not in copies:
                    copies[name] = self._inner_constant(f"copy_{len(copies)}", array)
                inner.input[i] = copies[name]

    def _name(self, name: str) -> str:
        return f"{self.prefix}_{name}"

    def _constant(self, name: str, array: np.ndarray) -> str:
        self.graph.initializer.append(numpy_helper.from_array(array, self._name(name)))
        return self._name(name)

    def _inner_constant(self, name: str, array: np.ndarray) -> str:
        output = self._name(name)
        self.inner.append(helper.make_node("Constant", [], [output], name=output,
                                           value=numpy_helper.from_array(array, output)))
        return output

    def _inner(self, op: str, inputs: list[str], name: str, **attributes) -> str:
        output = self._name(name)
        self.inner.append(helper.make_node(op, inputs, [output], name=output, **attributes))
        return output

    def _outer(self, op: str, inputs: list[str], name: str, **attributes) -> str:
        output = self._name(name)
        self.outer.append(helper.make_node(op, inputs, [output], name=output, **attributes))
        return output

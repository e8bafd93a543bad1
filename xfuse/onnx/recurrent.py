"""`LSTM`, `GRU` and `RNN` written as the per-step ops they are made of: unrolled over a short
sequence, the body of an ONNX `Loop` over a longer one.

torch-mlir's lowerings of the recurrent ops ignore LSTM's peepholes and get `layout=1`,
`sequence_lens` and other attributes wrong (ONNX's conformance cases: 2 of onnxruntime's 5
passes each). Once the shapes are static (`prepare.prepare_for_import`), each node becomes, per
direction, one `MatMul` of the whole sequence by the input weights (bias added once: most of the
FLOPs), then per time step a `MatMul` of the state by the recurrent weights, a `Split` into gates
and the elementwise gate equations of the ONNX specification: ops torch-mlir lowers right, and
the matmuls reach the backend's register-tiled kernels. Every attribute of the specification is
handled (direction, layout, clip, peepholes, `input_forget`, `linear_before_reset`,
`sequence_lens` by masking, initial states) but activations that take `activation_alpha` /
`activation_beta`, which are refused by name.

Unrolled, the backend's compile time grows faster than the sequence (a 256-unit LSTM: 35-40 s
for 10 steps, 161 s for 20); a sequence longer than `UNROLLED_STEPS` is a `Loop` (torch-mlir:
an `scf.for`) whose body is one step and whose carried values are the state, the cell and the
outputs so far, so its compile time does not depend on the length. Unrolled, a zero initial
state (none given) is not materialized: the first step skips the recurrent matmul.

A direction's slice of a weight known at load (`W`, `R`, `B`, peepholes; transposed where the
matmul wants it, the two biases summed) is computed once at load (`_Builder.row`, `split`,
`add`): with the externalized weights (`decompose_recurrent(weights=)`) it is a weight of its
own, as onnxruntime prepacks, instead of a `Gather` and a `Transpose` on every call."""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import describe_node, make_value_info, prune_unused_initializers
from xfuse.onnx.weights import Weights, is_external

RECURRENT_OPS = {"LSTM": 4, "GRU": 3, "RNN": 1}
"""The ops decomposed, and their number of gates (the blocks of `hidden_size` rows of W and R)."""

DEFAULT_ACTIVATIONS = {"LSTM": ("Sigmoid", "Tanh", "Tanh"), "GRU": ("Sigmoid", "Tanh"), "RNN": ("Tanh",)}
"""The activations of one direction when the node names none (ONNX's defaults)."""

ACTIVATIONS = {name.lower(): name for name in ("Sigmoid", "Tanh", "Relu", "Softsign", "Softplus")}
"""Activation functions without parameters: each is the ONNX op of that name."""

UNROLLED_STEPS = 1
"""Longest sequence unrolled; a longer one is a `Loop` whose body is one step. The loop form
loaded 6-7x faster and ran faster already at 4 and 8 steps (docs/onnx-conformance.md, "Recurrent ops"); a
single step needs no loop. `$XFUSE_UNROLLED_STEPS` overrides it (0: always a loop)."""


def decompose_recurrent(model: onnx.ModelProto, unrolled_steps: int | None = None,
                        weights: Weights | None = None) -> tuple[onnx.ModelProto, int]:
    """The model with every default-domain `LSTM`, `GRU` and `RNN` decomposed (a copy when there
    is one), and how many there were. The model's values must have static shapes (inferred);
    what cannot be decomposed correctly is an `OnnxError` naming the node.

    With `weights` (the externalized initializers, weights.py), the per-direction matrices of a
    weight are computed at load and become weights of their own (graph inputs, appended to
    `weights`); the original weights no node reads any more are dropped from both."""
    if not any(_is_recurrent(node) for node in model.graph.node):
        return model, 0
    result = onnx.ModelProto()
    result.CopyFrom(model)
    shapes = _static_shapes(result)
    nodes, count = [], 0
    added: dict[str, np.ndarray] = {}
    for node in result.graph.node:
        if not _is_recurrent(node):
            nodes.append(node)
            continue
        builder = _Builder(result.graph, f"{node.name or node.output[0]}_recurrent{count}", weights, added)
        _decompose(node, shapes, builder, _unrolled_steps() if unrolled_steps is None else unrolled_steps)
        nodes.extend(builder.nodes)
        count += 1
    del result.graph.node[:]
    result.graph.node.extend(nodes)
    if weights is not None:
        read = _names_read(result.graph)
        unread = [name for name in weights.names if name not in read]
        weights.replace({name: array for name, array in added.items() if name in read}, unread)
        _order_inputs(result.graph, weights, {*unread, *(name for name in added if name not in read)})
    prune_unused_initializers(result)
    return result, count


def _order_inputs(graph: onnx.GraphProto, weights: Weights, dropped: set[str]) -> None:
    """The graph's inputs as weights.py orders them: the model's own, the weights in the order of
    `weights` (the arguments the `Model` passes after the inputs), then the initializers an IR
    version 3 model declares as inputs; inputs of dropped weights removed."""
    inputs = {value.name: value for value in graph.input}
    initialized = {init.name for init in graph.initializer}
    own = [v for name, v in inputs.items() if name not in initialized and name not in weights and name not in dropped]
    ordered = [*own, *(inputs[name] for name in weights.names),
               *(v for name, v in inputs.items() if name in initialized)]
    del graph.input[:]
    graph.input.extend(ordered)


def _names_read(graph: onnx.GraphProto) -> set[str]:
    """The values the nodes of `graph` and of its subgraphs (a `Loop`'s body) read, and its outputs."""
    names = {output.name for output in graph.output}
    for node in graph.node:
        names.update(node.input)
        for attribute in node.attribute:
            if attribute.g.node:
                names |= _names_read(attribute.g)
    return names


def _unrolled_steps() -> int:
    """`$XFUSE_UNROLLED_STEPS` when set (0: always the loop form), else `UNROLLED_STEPS`."""
    text = os.environ.get("XFUSE_UNROLLED_STEPS", "").strip()
    if not text:
        return UNROLLED_STEPS
    if not text.isdigit():
        raise OnnxError(f"XFUSE_UNROLLED_STEPS={text!r}: give the longest sequence to unroll, a whole number >= 0")
    return int(text)


def _is_recurrent(node: onnx.NodeProto) -> bool:
    return node.op_type in RECURRENT_OPS and node.domain in ("", "ai.onnx")


Shapes = dict[str, tuple[int, "tuple[int, ...] | None"]]


def _static_shapes(model: onnx.ModelProto) -> Shapes:
    graph = model.graph
    shapes: Shapes = {init.name: (init.data_type, tuple(init.dims)) for init in graph.initializer}
    for value in [*graph.input, *graph.value_info, *graph.output]:
        tensor = value.type.tensor_type
        if value.type.HasField("tensor_type") and tensor.HasField("shape"):
            dims = tensor.shape.dim
            static = None if any(not d.HasField("dim_value") for d in dims) else tuple(d.dim_value for d in dims)
            shapes[value.name] = (tensor.elem_type, static)
    return shapes


class _Builder:
    """Nodes and constants of one decomposition, under names that start with `prefix`."""

    def __init__(self, graph: onnx.GraphProto, prefix: str, weights: Weights | None = None,
                 added: dict[str, np.ndarray] | None = None):
        self.graph, self.prefix = graph, prefix
        self.weights, self.added = weights, added if added is not None else {}
        self.nodes: list[onnx.NodeProto] = []
        self._graph_nodes = self.nodes
        self._count = 0
        self._constants: dict[tuple, str] = {}
        self._arrays: dict[str, np.ndarray] = {}  # the values known at load: initializers, constants
        self.dtype: np.dtype = np.dtype(np.float32)

    @contextmanager
    def body(self, nodes: list[onnx.NodeProto]):
        """Nodes made inside the block go to `nodes` (a loop body), constants too, as `Constant`
        nodes: ONNX's shape inference of a subgraph does not see the values of the outer graph's
        initializers, and a `Split` or `Unsqueeze` by an unknown value has no static shape."""
        outer = self.nodes, self._constants
        self.nodes, self._constants = nodes, {}
        try:
            yield
        finally:
            self.nodes, self._constants = outer

    def _name(self, hint: str) -> str:
        self._count += 1
        return f"{self.prefix}_{hint}{self._count}"

    def op(self, op_type: str, inputs: list[str], output: str | None = None, **attributes) -> str:
        (result,) = self.ops(op_type, inputs, [output or self._name(op_type.lower())], **attributes)
        return result

    def ops(self, op_type: str, inputs: list[str], outputs: list[str], **attributes) -> list[str]:
        self.nodes.append(helper.make_node(op_type, inputs, outputs, name=self._name(op_type), **attributes))
        return outputs

    def constant(self, value, dtype=None, derived: bool = False) -> str:
        """A constant; `derived` (computed at load from a weight) and large, a weight of its own
        when the builder has `weights`."""
        array = np.asarray(value, dtype=dtype or self.dtype)
        key = (array.dtype.str, array.shape, array.tobytes())
        if key not in self._constants:
            name = self._name("const")
            if derived and self.nodes is self._graph_nodes and self.weights is not None and is_external(array):
                self.graph.input.append(make_value_info(name, array))  # a weight: an argument
                self.added[name] = array
            elif self.nodes is self._graph_nodes:
                self.graph.initializer.append(numpy_helper.from_array(array, name))
            else:
                self.op("Constant", [], name, value=numpy_helper.from_array(array, name))
            self._constants[key] = name
            self._arrays[name] = array
        return self._constants[key]

    def value(self, name: str) -> np.ndarray | None:
        """The value of `name` when known at load (an initializer of the graph, or a constant of
        this builder), else None."""
        if name not in self._arrays:
            if self.weights is not None and name in self.weights:
                self._arrays[name] = self.weights[name]
            elif (found := next((i for i in self.graph.initializer if i.name == name), None)) is not None:
                self._arrays[name] = numpy_helper.to_array(found)
            else:
                return None
        return self._arrays[name]

    def row(self, value: str, d: int, transpose: bool = False) -> str:
        """`value[d]` (direction d of a weight, bias or initial state), transposed if asked. From a
        value known at load, a new initializer: nothing is sliced or transposed per call, as
        onnxruntime prepacks its weights (the CRNN's LSTM spent more time gathering and
        transposing W and R each call than in its 16 steps). Otherwise a `Slice` and `Squeeze`
        (a `Gather` at a constant index lowers to a scalar loop of `tensor.extract`)."""
        known = self.value(value)
        if known is not None:
            return self.constant(np.ascontiguousarray(known[d].T if transpose else known[d]), derived=True)
        row = self.op("Squeeze", [self.op("Slice", [value, self.index([d]), self.index([d + 1]), self.index([0])]),
                                  self.index([0])])
        return self.op("Transpose", [row], perm=[1, 0]) if transpose else row

    def split(self, value: str, sizes: list[int], hint: str, axis: int = 0) -> list[str]:
        """`value` split along `axis` into parts of `sizes`; computed at load when known."""
        known = self.value(value)
        if known is not None:
            return [self.constant(part, derived=True) for part in np.split(known, np.cumsum(sizes)[:-1], axis=axis)]
        return self.ops("Split", [value, self.index(sizes)], [self._name(hint) for _ in sizes], axis=axis)

    def index(self, value: int) -> str:
        return self.constant(value, np.int64)

    def add(self, a: str | None, b: str | None) -> str | None:
        """a + b, where None is zero."""
        if a is None or b is None:
            return b if a is None else a
        known_a, known_b = self.value(a), self.value(b)
        if known_a is not None and known_b is not None:
            return self.constant(known_a + known_b, derived=True)
        return self.op("Add", [a, b])

    def concat(self, values: list[str]) -> str:
        """`values` joined along axis 0; computed at load when all are known."""
        known = [self.value(v) for v in values]
        if all(k is not None for k in known):
            return self.constant(np.concatenate(known), derived=True)
        return self.op("Concat", values, axis=0)

    def mul(self, a: str | None, b: str | None) -> str | None:
        """a * b, where None is zero."""
        return None if a is None or b is None else self.op("Mul", [a, b])


@dataclass(frozen=True)
class _Spec:
    """A recurrent node's attributes, checked."""

    op: str
    hidden: int
    directions: tuple[str, ...]  # "forward" / "reverse", one per direction index
    activations: tuple[tuple[str, ...], ...]  # per direction
    clip: float | None
    layout: int
    input_forget: bool
    linear_before_reset: bool


def _spec(node: onnx.NodeProto, hidden_from_r: int) -> _Spec:
    attributes = {a.name: helper.get_attribute_value(a) for a in node.attribute}
    attributes = {k: v.decode() if isinstance(v, bytes) else v for k, v in attributes.items()}
    where = describe_node(node)
    direction = attributes.get("direction", "forward")
    directions = {"forward": ("forward",), "reverse": ("reverse",),
                  "bidirectional": ("forward", "reverse")}.get(direction)
    if directions is None:
        raise OnnxError(f"{where}: direction {direction!r}; ONNX defines forward, reverse and bidirectional")
    if attributes.get("activation_alpha") or attributes.get("activation_beta"):
        raise OnnxError(f"{where}: activation_alpha / activation_beta are not supported: xfuse decomposes "
                        f"the activations {', '.join(sorted(ACTIVATIONS.values()))} only")
    per_direction = len(DEFAULT_ACTIVATIONS[node.op_type])
    names = [n.decode() if isinstance(n, bytes) else n for n in attributes.get("activations", [])]
    if not names:
        names = list(DEFAULT_ACTIVATIONS[node.op_type]) * len(directions)
    if len(names) != per_direction * len(directions):
        raise OnnxError(f"{where}: {len(names)} activations; {node.op_type} with {len(directions)} direction(s) "
                        f"takes {per_direction * len(directions)}")
    unknown = [name for name in names if name.lower() not in ACTIVATIONS]
    if unknown:
        raise OnnxError(f"{where}: activation {unknown[0]!r} is not supported: xfuse decomposes "
                        f"{', '.join(sorted(ACTIVATIONS.values()))} only")
    canonical = [ACTIVATIONS[name.lower()] for name in names]
    hidden = attributes.get("hidden_size", hidden_from_r)
    if hidden != hidden_from_r:
        raise OnnxError(f"{where}: hidden_size {hidden} but R's last dimension is {hidden_from_r}")
    layout = attributes.get("layout", 0)
    if layout not in (0, 1):
        raise OnnxError(f"{where}: layout {layout}; ONNX defines 0 and 1")
    clip = attributes.get("clip")
    return _Spec(node.op_type, hidden, directions,
                 tuple(tuple(canonical[d * per_direction:(d + 1) * per_direction]) for d in range(len(directions))),
                 float(clip) if clip is not None else None, layout,
                 bool(attributes.get("input_forget", 0)), bool(attributes.get("linear_before_reset", 0)))


def _input(node: onnx.NodeProto, index: int) -> str | None:
    return node.input[index] if len(node.input) > index and node.input[index] else None


def _output(node: onnx.NodeProto, index: int) -> str | None:
    return node.output[index] if len(node.output) > index and node.output[index] else None


def _decompose(node: onnx.NodeProto, shapes: Shapes, b: _Builder, unrolled_steps: int) -> None:
    where = describe_node(node)
    x, w, r = node.input[0], node.input[1], node.input[2]
    element, x_shape = shapes.get(x, (None, None))
    r_shape = shapes.get(r, (None, None))[1]
    if x_shape is None or r_shape is None or len(x_shape) != 3:
        raise OnnxError(f"{where}: the shapes of X and R must be static to decompose the sequence "
                        "(give the inputs' sizes: input_shapes=)")
    b.dtype = np.dtype(helper.tensor_dtype_to_np_dtype(element))
    spec = _spec(node, r_shape[-1])
    steps, batch = (x_shape[1], x_shape[0]) if spec.layout else (x_shape[0], x_shape[1])
    if steps < 1:
        raise OnnxError(f"{where}: an empty sequence (0 steps) is not supported")
    if spec.op == "LSTM":
        bias, lens, h0, c0, peep = (_input(node, i) for i in (3, 4, 5, 6, 7))
    else:
        bias, lens, h0, c0, peep = _input(node, 3), _input(node, 4), _input(node, 5), None, None
    if spec.layout:  # [batch, seq, ...] -> [seq, batch, ...]; states [batch, dir, hidden] -> [dir, batch, hidden]
        x = b.op("Transpose", [x], perm=[1, 0, 2])
        h0 = h0 and b.op("Transpose", [h0], perm=[1, 0, 2])
        c0 = c0 and b.op("Transpose", [c0], perm=[1, 0, 2])
    ys, hs, cs = [], [], []
    if steps <= unrolled_steps:
        masks = _step_masks(lens, steps, b)
        for d, direction in enumerate(spec.directions):
            state = _Direction(spec, d, b, w, r, bias, peep, h0, c0)
            y, h, c = state.run(x, steps, direction, masks)
            ys.append([b.op("Unsqueeze", [y_t, b.index([0])]) for y_t in y] if _output(node, 0) else [])
            hs.append(h), cs.append(c)
    else:
        lens = lens and _float_lengths(lens, b)
        for d, direction in enumerate(spec.directions):
            state = _Direction(spec, d, b, w, r, bias, peep, h0, c0)
            y, h, c = state.run_loop(x, steps, batch, direction, lens, with_y=_output(node, 0) is not None)
            ys.append([y]), hs.append(h), cs.append(c)
    _outputs(node, spec, b, ys, hs, cs)


def _step_masks(lens: str | None, steps: int, b: _Builder) -> list[str] | None:
    """Per step t, [batch, 1] of the element type: 1 where t < sequence_lens, else 0 (None
    without sequence_lens). Arithmetic, not bool: a multiply-add fuses into the step's elementwise
    chain (a bool mask in memory now works, as bytes: xfuse-bools-as-bytes, but costs a buffer)."""
    if lens is None:
        return None
    lens = _float_lengths(lens, b)
    return [_step_mask(lens, b.constant(t), b) for t in range(steps)]


def _float_lengths(lens: str, b: _Builder) -> str:
    """sequence_lens as [batch, 1] of the element type."""
    return b.op("Unsqueeze", [b.op("Cast", [lens], to=helper.np_dtype_to_tensor_dtype(b.dtype)), b.index([1])])


def _step_mask(lens: str, t: str, b: _Builder) -> str:
    """[batch, 1]: 1 where step `t` (a scalar of the element type) is within the sequence, else 0."""
    return b.op("Clip", [b.op("Sub", [lens, t]), b.constant(0), b.constant(1)])


class _Direction:
    """The weights of one direction, sliced once, and its steps."""

    def __init__(self, spec: _Spec, d: int, b: _Builder, w: str, r: str, bias: str | None, peep: str | None,
                 h0: str | None, c0: str | None):
        self.spec, self.b = spec, b
        gates, hidden = RECURRENT_OPS[spec.op], spec.hidden
        self.gates = gates
        self.f, *rest = spec.activations[d]
        self.g = rest[0] if rest else None
        self.h = rest[1] if len(rest) > 1 else None
        self.w_t = b.row(w, d, transpose=True)  # [input, G*H]
        r_t = b.row(r, d, transpose=True)  # [H, G*H]
        self.input_bias = self.hidden_bias = self.reset_bias = None
        if bias is not None:
            wb, rb = b.split(b.row(bias, d), [gates * hidden] * 2, "bias")
            if spec.op == "GRU" and spec.linear_before_reset:  # Rbh multiplied by r: kept apart
                rb_zr, self.reset_bias = b.split(rb, [2 * hidden, hidden], "rb")
                self.input_bias = b.add(wb, b.concat([rb_zr, b.constant(np.zeros(hidden))]))
            else:
                self.input_bias = b.add(wb, rb)
        if spec.op == "GRU":
            self.r_zr, self.r_h = b.split(r_t, [2 * hidden, hidden], "r", axis=1)
        else:
            self.r_t = r_t
        self.peepholes = None
        if peep is not None:
            self.peepholes = b.split(b.row(peep, d), [hidden] * 3, "peephole")
        self.h0 = h0 and b.row(h0, d)
        self.c0 = c0 and b.row(c0, d)

    def _clip(self, x: str) -> str:
        if self.spec.clip is None:
            return x
        return self.b.op("Clip", [x, self.b.constant(-self.spec.clip), self.b.constant(self.spec.clip)])

    def _act(self, function: str, x: str) -> str:
        return self.b.op(function, [self._clip(x)])

    def _project(self, x: str) -> str:
        """[seq, batch, G*H]: every step's input term at once (most of the FLOPs: one matmul)."""
        projected = self.b.op("MatMul", [x, self.w_t])
        return projected if self.input_bias is None else self.b.op("Add", [projected, self.input_bias])

    def _step(self, inputs: str, h: str | None, c: str | None, mask: str | None):
        """The step's output, state and cell (LSTM) from its input term and the previous state;
        past a sequence's length (`mask` 0) the state is kept and the output is zero
        (mask * new + (1 - mask) * old)."""
        b = self.b
        new_h, new_c = getattr(self, f"_{self.spec.op.lower()}_step")(inputs, h, c)
        if mask is None:
            return new_h, new_h, new_c
        keep = b.op("Sub", [b.constant(1), mask])
        output = b.op("Mul", [mask, new_h])
        new_c = new_c and b.add(b.op("Mul", [mask, new_c]), b.mul(keep, c))
        return output, b.add(output, b.mul(keep, h)), new_c

    def run(self, x: str, steps: int, direction: str, masks: list[str] | None):
        """Unrolled: the outputs at each time step (in time order, [batch, hidden] each), the
        last state, and the last cell (LSTM)."""
        b = self.b
        projected = self._project(x)
        h, c = self.h0, self.c0
        outputs: list[str | None] = [None] * steps
        order = range(steps) if direction == "forward" else range(steps - 1, -1, -1)
        for t in order:
            # [batch, G*H]: a slice (a Gather of a scalar index is a generic of tensor.extract)
            step = b.op("Slice", [projected, b.index([t]), b.index([t + 1]), b.index([0])])
            inputs = b.op("Squeeze", [step, b.index([0])])
            outputs[t], h, c = self._step(inputs, h, c, masks and masks[t])
        return outputs, h, c

    def run_loop(self, x: str, steps: int, batch: int, direction: str, lens: str | None, with_y: bool):
        """As a `Loop` over the steps whose body is one step: the outputs ([seq, batch, hidden],
        None unless `with_y`), the last state and the last cell (LSTM). The state, the cell and
        the outputs are the loop's carried values (torch-mlir lowers no scan outputs): step t's
        output is added into the row t of the carried outputs as `onehot(t) * output`, an
        elementwise op on a [seq, batch, hidden] tensor (no scatter)."""
        b, hidden = self.b, self.spec.hidden
        projected = self._project(x)
        zeros = b.constant(np.zeros((batch, hidden)))
        carried = {"h": self.h0 or zeros}
        if self.spec.op == "LSTM":
            carried["c"] = self.c0 or zeros
        if with_y:
            carried["y"] = b.constant(np.zeros((steps, batch, hidden)))
        shapes = {"h": [batch, hidden], "c": [batch, hidden], "y": [steps, batch, hidden]}
        element = helper.np_dtype_to_tensor_dtype(b.dtype)
        iteration, condition = b._name("iteration"), b._name("condition")
        inputs = {key: b._name(f"{key}_in") for key in carried}
        body: list[onnx.NodeProto] = []
        with b.body(body):
            t = iteration if direction == "forward" else b.op("Sub", [b.constant(steps - 1, np.int64), iteration])
            t_float = b.op("Cast", [t], to=element)
            # [batch, G*H]: a Slice at t, whose shape is declared (ONNX cannot infer it from a
            # start known at run time only); a Gather's check of negative indices would make a
            # tensor of i1 (written when the loop form was built, before xfuse-bools-as-bytes)
            start = b.op("Unsqueeze", [t, b.index([0])])
            row = b.op("Slice", [projected, start, b.op("Add", [start, b.index([1])]), b.index([0])])
            declared = [helper.make_tensor_value_info(row, element, [1, batch, self.gates * hidden])]
            step_input = b.op("Squeeze", [row, b.index([0])])
            mask = lens and _step_mask(lens, t_float, b)
            output, h, c = self._step(step_input, inputs["h"], inputs.get("c"), mask)
            results = {"h": h, "c": c}
            if with_y:  # onehot(t) = max(0, 1 - |i - t|) over i in [0, seq): exact for integers
                rows = b.constant(np.arange(steps).reshape(steps, 1, 1))
                onehot = b.op("Relu", [b.op("Sub", [b.constant(1), b.op("Abs", [b.op("Sub", [rows, t_float])])])])
                row_t = b.op("Mul", [onehot, b.op("Unsqueeze", [output, b.index([0])])])
                results["y"] = b.op("Add", [inputs["y"], row_t])
            outputs = [b.op("Identity", [condition])] + [b.op("Identity", [results[key]]) for key in carried]
        graph = helper.make_graph(
            body, b._name("step"),
            [helper.make_tensor_value_info(iteration, onnx.TensorProto.INT64, []),
             helper.make_tensor_value_info(condition, onnx.TensorProto.BOOL, [])]
            + [helper.make_tensor_value_info(inputs[key], element, shapes[key]) for key in carried],
            [helper.make_tensor_value_info(outputs[0], onnx.TensorProto.BOOL, [])]
            + [helper.make_tensor_value_info(name, element, shapes[key]) for name, key in zip(outputs[1:], carried)],
            value_info=declared)
        finals = b.ops("Loop", [b.constant(steps, np.int64), b.constant(True, np.bool_), *carried.values()],
                       [b._name(f"{key}_final") for key in carried], body=graph)
        # ONNX's inference of a Loop gives its carried outputs no shape (it may change per
        # iteration): declared here, or torch-mlir types everything after the loop as rank 0
        b.graph.value_info.extend(helper.make_tensor_value_info(name, element, shapes[key])
                                  for name, key in zip(finals, carried))
        final = dict(zip(carried, finals))
        return final.get("y"), final["h"], final.get("c")

    def _split(self, gates: str, parts: int) -> list[str]:
        b = self.b
        return b.ops("Split", [gates, b.index([self.spec.hidden] * parts)], [b._name("gate") for _ in range(parts)],
                     axis=1)

    def _lstm_step(self, inputs: str, h: str | None, c: str | None):
        b = self.b
        gates = b.add(inputs, h and b.op("MatMul", [h, self.r_t]))
        i, o, f, cell = self._split(gates, 4)
        if self.peepholes is not None:
            p_i, p_o, p_f = self.peepholes
            i, f = b.add(i, b.mul(p_i, c)), b.add(f, b.mul(p_f, c))
        i = self._act(self.f, i)
        f = b.op("Sub", [b.constant(1), i]) if self.spec.input_forget else self._act(self.f, f)
        cell = self._act(self.g, cell)
        new_c = b.add(b.mul(f, c), b.op("Mul", [i, cell]))
        if self.peepholes is not None:
            o = b.op("Add", [o, b.op("Mul", [self.peepholes[1], new_c])])
        o = self._act(self.f, o)
        new_h = b.op("Mul", [o, b.op(self.h, [new_c])])
        return new_h, new_c

    def _gru_step(self, inputs: str, h: str | None, c: None):
        b = self.b
        x_z, x_r, x_h = self._split(inputs, 3)
        if h is None:
            z, r = self._act(self.f, x_z), self._act(self.f, x_r)
        else:
            h_z, h_r = self._split(b.op("MatMul", [h, self.r_zr]), 2)
            z, r = self._act(self.f, b.op("Add", [x_z, h_z])), self._act(self.f, b.op("Add", [x_r, h_r]))
        if self.spec.linear_before_reset:  # r * (H Rh^T + Rbh)
            recurrent = b.mul(r, b.add(h and b.op("MatMul", [h, self.r_h]), self.reset_bias))
        else:  # (r * H) Rh^T
            recurrent = h and b.op("MatMul", [b.op("Mul", [r, h]), self.r_h])
        candidate = self._act(self.g, b.add(x_h, recurrent))
        # H = (1 - z) * candidate + z * H
        new_h = b.add(b.op("Mul", [b.op("Sub", [b.constant(1), z]), candidate]), b.mul(z, h))
        return new_h, None

    def _rnn_step(self, inputs: str, h: str | None, c: None):
        b = self.b
        return self._act(self.f, b.add(inputs, h and b.op("MatMul", [h, self.r_t]))), None


def _outputs(node: onnx.NodeProto, spec: _Spec, b: _Builder, ys, hs, cs) -> None:
    """From each direction's outputs (pieces of [steps, batch, hidden] in time order), states and
    cells: Y [seq, dir, batch, hidden] (layout 1: [batch, seq, dir, hidden]), Y_h and Y_c
    [dir, batch, hidden] (layout 1: [batch, dir, hidden]) under the node's output names."""
    y_name, h_name, c_name = (_output(node, i) for i in range(3))
    axis = 1  # of the direction in [seq, dir, batch, H]; states [dir, batch, H] stacked on 0
    one, zero = b.index([1]), b.index([0])
    if y_name:
        per_direction = [y[0] if len(y) == 1 else b.op("Concat", y, axis=0) for y in ys]
        y = b.op("Concat", [b.op("Unsqueeze", [y_d, one]) for y_d in per_direction], axis=axis)
        if spec.layout:
            b.op("Transpose", [y], y_name, perm=[2, 0, 1, 3])
        else:
            b.op("Identity", [y], y_name)
    for name, states in ((h_name, hs), (c_name, cs)):
        if name:
            if any(s is None for s in states):  # cannot happen with at least one step
                raise OnnxError(f"{describe_node(node)}: a sequence of no steps")
            stacked = b.op("Concat", [b.op("Unsqueeze", [s, zero]) for s in states], axis=0)
            b.op("Transpose", [stacked], name, perm=[1, 0, 2]) if spec.layout else b.op("Identity", [stacked], name)

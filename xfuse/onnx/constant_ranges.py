"""A float16 `Range` of constant bounds folded to its values, computed by ONNX's reference.

torch-mlir has no lowering of a float16 Range (`test_range_float16_type_positive_delta`). When its
start, limit and delta are constants (the conformance runner fixes them at load:
`fixed_values.SHAPE_OPERANDS`), its result is a constant: each such Range becomes an initializer
of the values ONNX's reference (`onnx.reference`, with the node's own attributes, such as
`stash_type`) gives, so there is no second definition of ONNX's rounding. Ranges of other
types are left to torch-mlir, which lowers them.
"""

from __future__ import annotations

import onnx
from onnx import TensorProto, helper, numpy_helper

from xfuse.onnx.graph import initializer_arrays, opset_of, set_nodes, static_types

FOLDED_TYPES = {TensorProto.FLOAT16}
"""Element types of the Ranges torch-mlir does not lower."""


def fold_constant_ranges(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain Range of `FOLDED_TYPES` whose three operands
    are constants replaced by an initializer of its values (a copy when there is one), and how
    many there were."""
    from onnx.reference import ReferenceEvaluator

    types, constants = static_types(model), initializer_arrays(model)
    folded = [node for node in model.graph.node if node.op_type == "Range" and node.domain in ("", "ai.onnx")
              and types.get(node.input[0], (None,))[0] in FOLDED_TYPES
              and all(name in constants for name in node.input)]
    if not folded:
        return model, 0
    result = onnx.ModelProto()
    result.CopyFrom(model)
    names = {node.output[0] for node in folded}
    for node in folded:
        operands = [numpy_helper.from_array(constants[name], name) for name in node.input]
        graph = helper.make_graph([node], "range", [], [helper.make_tensor_value_info(node.output[0],
                                                                                       types[node.input[0]][0], None)],
                                  operands)
        single = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset_of(model))])
        (values,) = ReferenceEvaluator(single).run(None, {})
        result.graph.initializer.append(numpy_helper.from_array(values, node.output[0]))
    set_nodes(result, [node for node in result.graph.node if node.output[0] not in names])
    return result, len(folded)

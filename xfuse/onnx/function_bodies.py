"""Ops that ONNX defines by a function body, replaced by that body before import.

ONNX gives many newer ops a definition made of older ops (a schema function, or a
context-dependent one built for the node's attributes and input types): `Attention`,
`RMSNormalization`, `RotaryEmbedding`, the losses. torch-mlir has no lowering of some of them
(Attention, RMSNormalization, CausalConvWithState), a lowering that does not legalize
(RotaryEmbedding), or one whose output `mlir-opt` aborts on (SoftmaxCrossEntropyLoss and
NegativeLogLikelihoodLoss store `i1` values: MemRefToLLVM asserts on them). Their bodies are ops
it lowers right (ONNX's "expanded" conformance cases show which), so each node of `EXPANDED_OPS`
becomes the body ONNX defines for it: ONNX's own definition, not a twin of it. A loss with
`ignore_index` has a boolean mask of the ignored labels that several ops of the body read: the
backend keeps it in memory as bytes (xfuse/backends/lowering_fixes/bool_bytes.py).

The expansion runs in xfuse's preparation (`prepare.prepare_for_import`), not in torch-mlir's
importer (whose `Config.function_expansion_allowlists_by_domain` could do it too): that way the
body's nodes go through the rest of the preparation like any other node (onnxruntime folds the
`Shape` arithmetic of Attention's body, `Reciprocal` becomes a division) and through
`support.check_support`, which refuses what xfuse would get wrong in them.

Each node's function is built for it (`OpSchema.get_context_dependent_function_with_opset_version`
with its inferred input types, or the plain schema function), declared as a model-local function
under a name of its own, and inlined by `onnx.inliner`, which renames the body's values and binds
its attributes; its nodes are named `<expanded node>/<body node>`, so that a diagnostic about
one says where it came from. A body may use another op of the list (SoftmaxCrossEntropyLoss's uses
NegativeLogLikelihoodLoss): expansion repeats until none is left.
"""

from __future__ import annotations

import onnx
import onnx.inliner
from onnx import helper

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import describe_node, first_line, opset_of, value_types, without_declared_shapes

EXPANDED_OPS: dict[str, str] = {
    "Attention": "torch-mlir has no lowering of it",
    "CausalConvWithState": "torch-mlir has no lowering of it",
    "LinearAttention": "torch-mlir has no lowering of it (its body's Scan becomes a Loop: scan_loops.py)",
    "MeanVarianceNormalization": "torch-mlir has no lowering of it",
    "NegativeLogLikelihoodLoss": "mlir-opt aborts on the i1 stores of torch-mlir's lowering",
    "RMSNormalization": "torch-mlir has no lowering of it",
    "RotaryEmbedding": "torch-mlir's lowering does not legalize (torch.onnx.rotary_embedding is left)",
    "SoftmaxCrossEntropyLoss": "mlir-opt aborts on the i1 stores of torch-mlir's lowering",
    "Swish": "torch-mlir has no lowering of it",
}
"""Default-domain ops replaced by their ONNX function body, and why."""

EXPANDED_ATTRIBUTES: dict[tuple[str, str, str], str] = {
    ("Gelu", "approximate", "tanh"): ("torch-mlir's lowering uses 0.797724 for sqrt(2/pi) = 0.797885 (off by up "
                                      "to 4e-4 of the value); the body computes Sqrt(2 / pi)"),
    ("SpaceToDepth", "mode", "CRD"): ("torch-mlir's lowering orders the channels as in DCR mode (wrong results); "
                                      "the body reshapes and transposes in CRD's order"),
}
"""(op, attribute, value) triples whose nodes are replaced by their function body, and why: ops
torch-mlir lowers right but for that attribute value."""

EXPANSION_DOMAIN = "xfuse.function_body"
"""Domain of the model-local functions the bodies are inlined from (gone after inlining)."""

MAX_ROUNDS = 4
"""Rounds of expansion (a body using another op of the list needs a second one)."""


def expand_function_ops(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The model with every default-domain node of `EXPANDED_OPS` replaced by its ONNX function
    body (a new model when there is one), and how many nodes were expanded. The graph's inputs
    must have static shapes: a context-dependent body is built for its node's input types."""
    count = 0
    for _ in range(MAX_ROUNDS):
        if not any(_is_expanded(node) for node in model.graph.node):
            return model, count
        model, expanded = _expand_once(model)
        count += expanded
    left = [describe_node(node) for node in model.graph.node if _is_expanded(node)]
    raise OnnxError(f"function bodies still use ops with function bodies after {MAX_ROUNDS} rounds of "
                    f"expansion: {', '.join(left)}")


def _is_expanded(node: onnx.NodeProto) -> bool:
    if node.domain not in ("", "ai.onnx"):
        return False
    return node.op_type in EXPANDED_OPS or any(
        (node.op_type, attribute.name, attribute.s.decode()) in EXPANDED_ATTRIBUTES
        for attribute in node.attribute if attribute.type == onnx.AttributeProto.STRING)


def _expand_once(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    opset = opset_of(model)
    types = value_types(model)
    result = onnx.ModelProto()
    result.CopyFrom(model)
    expanded: dict[str, str] = {}  # node name -> its description
    for node in result.graph.node:
        if not _is_expanded(node):
            continue
        function = _function_body(node, opset, types)
        function.domain, function.name = EXPANSION_DOMAIN, f"{node.op_type}_{len(expanded)}"
        node.name = node.name or node.output[0]
        expanded[node.name] = describe_node(node)
        node.domain, node.op_type = function.domain, function.name
        for inner in function.node:  # diagnostics name the body's nodes after the expanded one
            inner.name = f"{node.name}/{inner.name or inner.output[0]}"
        result.functions.append(function)
    if not any(entry.domain == EXPANSION_DOMAIN for entry in result.opset_import):
        result.opset_import.append(helper.make_opsetid(EXPANSION_DOMAIN, 1))
    try:
        inlined = onnx.inliner.inline_local_functions(result, convert_version=True)
    except Exception as exc:  # noqa: BLE001 - the inliner raises C++ errors as RuntimeError
        raise OnnxError(f"inlining ONNX's function bodies failed: {first_line(exc)}") from None
    kept = [entry for entry in inlined.opset_import if entry.domain != EXPANSION_DOMAIN]
    del inlined.opset_import[:]
    inlined.opset_import.extend(kept)
    _check_bodies(inlined, expanded)
    return inlined, len(expanded)


def _check_bodies(model: onnx.ModelProto, expanded: dict[str, str]) -> None:
    """An `OnnxError` naming the expanded node when ONNX's shape inference rejects its body (an
    input ONNX's builder accepted but the body cannot take, such as a 3-D Attention without
    its head counts). The declared shapes are left out: they are only hints
    (`prepare.infer_shapes_leniently`)."""
    try:
        onnx.shape_inference.infer_shapes(without_declared_shapes(model), strict_mode=True, data_prop=True)
    except Exception as exc:  # noqa: BLE001 - InferenceError from C++
        message = first_line(exc)
        culprits = [text for name, text in expanded.items() if f"{name}/" in message]
        if not culprits:
            raise OnnxError(f"ONNX shape inference failed: {message}") from None
        raise OnnxError(f"{', '.join(culprits)}: the function body ONNX defines it by fails shape inference "
                        f"with these inputs and attributes: {message}") from None


def _function_body(node: onnx.NodeProto, opset: int, types: dict[str, onnx.TypeProto]) -> onnx.FunctionProto:
    """The function ONNX defines `node` by at `opset` (its schema's defaults added to the node's
    attributes, as the function expects them)."""
    try:
        schema = onnx.defs.get_schema(node.op_type, opset, node.domain)
    except onnx.defs.SchemaError:
        raise OnnxError(f"{describe_node(node)}: ONNX defines no {node.op_type} at opset {opset}") from None
    given = {attribute.name for attribute in node.attribute}
    for name, attribute in schema.attributes.items():
        if name not in given and attribute.default_value.name:
            node.attribute.append(attribute.default_value)
    plain = [v for v in schema.function_opset_versions if v <= opset]
    dependent = [v for v in schema.context_dependent_function_opset_versions if v <= opset]
    function = onnx.FunctionProto()
    if dependent and (not plain or max(dependent) >= max(plain)):
        missing = [name for name in node.input if name and name not in types]
        if missing:
            raise OnnxError(f"{describe_node(node)}: the types of its inputs {', '.join(missing)} are not known; "
                            "ONNX builds its function body for them")
        input_types = [(types[name] if name else onnx.TypeProto()).SerializeToString() for name in node.input]
        body = schema.get_context_dependent_function_with_opset_version(max(dependent), node.SerializeToString(),
                                                                        input_types)
    elif plain:
        body = schema.get_function_with_opset_version(max(plain))
    else:
        body = b""
    if not body:
        raise OnnxError(f"{describe_node(node)}: ONNX defines no function body for {node.op_type} with these "
                        "inputs and attributes at this opset")
    function.ParseFromString(body)
    return function

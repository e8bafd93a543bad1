"""One function per generated named linalg op (xfuse/dialects/linalg_named.py), as MLIR text.

Shapes are chosen so that every loop has its own extent, and strided ops get non-unit strides
and dilations, so that a wrong loop order or a wrong window map changes the verified shapes or
the maps. `python tests/dialects/linalg_named_cases.py > <file>` writes the lit input
tests/filecheck/with-mlir/dialects/linalg/Inputs/named-ops.mlir (regenerate it when the tables
change); tests/dialects/test_linalg_named.py checks it against mlir-opt 22.
"""

from __future__ import annotations

import sys

from xfuse.dialects.linalg_generic_named import KIND_FUNCTIONS, ElementwiseKind
from xfuse.dialects.linalg_named import ELEMENTWISE, WINDOWED, WindowedSpec

_QUANTIZED_TYPES = ("i8", "i32")


def _tensor(shape: list[int], element: str) -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{element}>" if shape else element


def _extents(spec: WindowedSpec) -> dict[str, int]:
    return {name: 2 + i % 3 for i, name in enumerate(spec.loops.split())}


def _operand_shape(indices: str, extents: dict[str, int], strides: list[int], dilations: list[int]) -> list[int]:
    shape: list[int] = []
    window = 0
    for term in indices.split():
        if "+" in term:
            outer, inner = term.split("+")
            s, d = (strides[window], dilations[window]) if strides else (1, 1)
            shape.append((extents[outer] - 1) * s + (extents[inner] - 1) * d + 1)
            window += 1
        else:
            shape.append(extents[term])
    return shape


def windowed_case(name: str, spec: WindowedSpec, with_attrs: bool = True) -> str:
    extents = _extents(spec)
    windows = spec.operands[0].count("+")
    strided = spec.strided and windows > 0 and with_attrs
    strides = [2 if w % 2 == 0 else 1 for w in range(windows)] if strided else []
    dilations = [1 if w % 2 == 0 else 3 for w in range(windows)] if strided else []
    if spec.body == "mac_q":
        in_type, out_type = _QUANTIZED_TYPES
    elif spec.body.endswith("_unsigned"):
        in_type, out_type = _QUANTIZED_TYPES
    else:
        in_type, out_type = "f32", "f32"
    inputs: list[str] = []
    for position, indices in enumerate(spec.operands[:-1]):
        if not indices:
            inputs.append("i32")  # a zero point
            continue
        element = in_type if position < 2 else "i32"
        inputs.append(_tensor(_operand_shape(indices, extents, strides, dilations), element))
    out = _tensor(_operand_shape(spec.operands[-1], extents, strides, dilations), out_type)
    if not spec.operands[-1]:
        out = f"tensor<{out_type}>"
    args = ", ".join(f"%in{i}: {t}" for i, t in enumerate(inputs))
    attrs = ""
    if strided:
        vector = f"tensor<{windows}xi64>"
        attrs = (
            f" {{dilations = dense<[{', '.join(map(str, dilations))}]> : {vector}, "
            f"strides = dense<[{', '.join(map(str, strides))}]> : {vector}}}"
        )
    ins = ", ".join(f"%in{i}" for i in range(len(inputs)))
    return (
        f"func.func @{name}({args}, %out: {out}) -> {out} {{\n"
        f"  %0 = linalg.{name}{attrs} ins({ins} : {', '.join(inputs)}) outs(%out : {out}) -> {out}\n"
        f"  return %0 : {out}\n}}\n"
    )


def elementwise_case(name: str, arity: int) -> str:
    element = "i32" if name == "div_unsigned" else "f32"
    t = f"tensor<3x5x{element}>"
    args = ", ".join(f"%in{i}: {t}" for i in range(arity))
    ins = ", ".join(f"%in{i}" for i in range(arity))
    return (
        f"func.func @{name}({args}, %out: {t}) -> {t} {{\n"
        f"  %0 = linalg.{name} ins({ins} : {', '.join([t] * arity)}) outs(%out : {t}) -> {t}\n"
        f"  return %0 : {t}\n}}\n"
    )


def elementwise_kind_case(kind: ElementwiseKind, arity: int) -> str:
    """`linalg.elementwise` of one kind; binary kinds broadcast their second input."""
    element = "i32" if kind.value.endswith("unsigned") else "f32"
    t = f"tensor<3x5x{element}>"
    types = [t] * arity
    maps = ""
    if arity == 2:
        types[1] = f"tensor<5x{element}>"
        maps = (
            " indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, "
            "affine_map<(d0, d1) -> (d0, d1)>]"
        )
    if arity == 3:
        types[0] = "tensor<3x5xi1>"
    args = ", ".join(f"%in{i}: {u}" for i, u in enumerate(types))
    ins = ", ".join(f"%in{i}" for i in range(arity))
    return (
        f"func.func @elementwise_{kind.value}({args}, %out: {t}) -> {t} {{\n"
        f"  %0 = linalg.elementwise kind=#linalg.elementwise_kind<{kind.value}>{maps} "
        f"ins({ins} : {', '.join(types)}) outs(%out : {t}) -> {t}\n"
        f"  return %0 : {t}\n}}\n"
    )


CONTRACTS = {
    # name: (maps, lhs, rhs, out, attrs)
    "contract_matmul_transposed_a": (
        "(m, n, k) -> (k, m)", "(m, n, k) -> (k, n)", "(m, n, k) -> (m, n)",
        "tensor<7x3xf32>", "tensor<7x5xf32>", "tensor<3x5xf32>", "",
    ),
    "contract_batch_broadcast_b": (
        "(b, m, n, k) -> (b, m, k)", "(b, m, n, k) -> (k, n)", "(b, m, n, k) -> (b, m, n)",
        "tensor<2x3x7xf32>", "tensor<7x5xf32>", "tensor<2x3x5xf32>", "",
    ),
    "contract_dot_unsigned": (
        "(k) -> (k)", "(k) -> (k)", "(k) -> ()",
        "tensor<7xi8>", "tensor<7xi8>", "tensor<i32>", " {cast = #linalg.type_fn<cast_unsigned>}",
    ),
}


def contract_case(name: str) -> str:
    lhs_map, rhs_map, out_map, lhs, rhs, out, attrs = CONTRACTS[name]
    maps = ", ".join(f"affine_map<{m}>" for m in (lhs_map, rhs_map, out_map))
    return (
        f"func.func @{name}(%a: {lhs}, %b: {rhs}, %c: {out}) -> {out} {{\n"
        f"  %0 = linalg.contract indexing_maps = [{maps}]{attrs} ins(%a, %b : {lhs}, {rhs}) "
        f"outs(%c : {out}) -> {out}\n"
        f"  return %0 : {out}\n}}\n"
    )


BATCH_REDUCE_MATMUL = (
    "func.func @batch_reduce_matmul(%a: tensor<2x4x3xf32>, %b: tensor<2x4x5xf32>, %c: tensor<3x5xf32>) -> tensor<3x5xf32> {\n"
    "  %0 = linalg.batch_reduce_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, "
    "affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (m, n)>] "
    "ins(%a, %b : tensor<2x4x3xf32>, tensor<2x4x5xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>\n"
    "  return %0 : tensor<3x5xf32>\n}\n"
)


def all_cases() -> dict[str, str]:
    cases = {name: elementwise_case(name, arity) for name, (arity, _) in ELEMENTWISE.items()}
    cases.update(
        {
            f"elementwise_{kind.value}": elementwise_kind_case(kind, arity)
            for kind, (arity, _) in KIND_FUNCTIONS.items()
        }
    )
    cases.update({name: contract_case(name) for name in CONTRACTS})
    cases["batch_reduce_matmul"] = BATCH_REDUCE_MATMUL
    cases.update({name: windowed_case(name, spec) for name, spec in WINDOWED.items()})
    return cases


if __name__ == "__main__":
    sys.stdout.write(
        "// Generated by tests/dialects/linalg_named_cases.py: one function per named op of\n"
        "// xfuse/dialects/linalg_named.py (regenerate it when the tables change).\n\n"
    )
    sys.stdout.write("\n".join(all_cases().values()))

"""The generated named linalg ops against mlir-opt 22: indexing maps, iterator types, bodies.

mlir-opt's `--linalg-generalize-named-ops` writes each named op as the linalg.generic MLIR
defines it; xfuse's op in the same function must have the same maps and iterators. (Bodies are
compared in lit: tests/filecheck/with-mlir/dialects/linalg/named-ops.mlir.)
"""

from __future__ import annotations

import subprocess

import pytest
from xdsl.dialects import func
from xdsl.dialects.linalg import ops as linalg

from tests.dialects.linalg_named_cases import all_cases
from xfuse.backends.toolchain import find_tool
from xfuse.dialects.linalg import BatchReduceMatmulOp
from xfuse.dialects.linalg_generic_named import ContractOp, ElementwiseOp
from xfuse.dialects.linalg_named import NAMED_OPS
from xfuse.parsing import parse

CASES = all_cases()
_OP_TYPES = (*NAMED_OPS, ElementwiseOp, ContractOp, BatchReduceMatmulOp)


def _mlir_opt(*args: str, text: str) -> str:
    done = subprocess.run(
        [str(find_tool("mlir-opt")), *args, "-"], input=text, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _ops_by_function(text: str, op_type: type) -> dict[str, object]:
    module = parse(text)
    found: dict[str, object] = {}
    for function in module.walk():
        if isinstance(function, func.FuncOp):
            ops = [op for op in function.walk() if isinstance(op, op_type)]
            assert len(ops) == 1, function.sym_name.data
            found[function.sym_name.data] = ops[0]
    return found


@pytest.fixture(scope="module")
def generalized_and_named() -> tuple[dict[str, object], dict[str, object]]:
    text = "\n".join(CASES.values())
    generalized = _mlir_opt("--linalg-generalize-named-ops", text=text)
    return _ops_by_function(generalized, linalg.GenericOp), _ops_by_function(text, _OP_TYPES)


def test_every_generated_op_has_a_case():
    assert {op.name.removeprefix("linalg.") for op in NAMED_OPS} <= set(CASES)


@pytest.mark.parametrize("function", sorted(CASES))
def test_maps_and_iterators_are_mlirs(function, generalized_and_named):
    generalized, named = generalized_and_named
    generic, op = generalized[function], named[function]
    assert [m.data for m in op.get_indexing_maps()] == [m.data for m in generic.indexing_maps]
    assert [t.data for t in op.get_iterator_types()] == [t.data for t in generic.iterator_types]


def test_default_strides_and_dilations_are_one():
    (op,) = _ops_by_function(
        "func.func @f(%i: tensor<1x6x6x3xf32>, %k: tensor<3x3xf32>, %o: tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32> {\n"
        "  %0 = linalg.pooling_nhwc_sum ins(%i, %k : tensor<1x6x6x3xf32>, tensor<3x3xf32>) outs(%o : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>\n"
        "  return %0 : tensor<1x4x4x3xf32>\n}\n",
        _OP_TYPES,
    ).values()
    assert str(op.get_indexing_maps().data[0].data) == "(d0, d1, d2, d3, d4, d5) -> (d0, (d1 + d4), (d2 + d5), d3)"

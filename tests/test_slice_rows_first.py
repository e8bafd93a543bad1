"""xfuse-slice-before-rows through the backend: every function of its FileCheck file computes the
same with and without the pass (random inputs, the reference and micro-kernel lowerings), and the
pass moves exactly the ops it should."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xfuse.parsing import parse
from xfuse.testing.filecheck_cases import assert_rewrite_computes_the_same, case_function
from xfuse.transforms.slice_rows_first import slice_before_rows

CASES = Path(__file__).parent / "filecheck/transforms/slice_rows/slice-before-rows.mlir"
MOVED = {"layer_norm_class_token": True, "matmul_rows": True, "intermediate_read_elsewhere": True,
         "slice_along_reduced_dim": True, "reads_its_index": False, "transpose_rows": True}
"""Whether the pass moves the slice of each function of the FileCheck file above any op."""


def _rewrite(module) -> bool:
    sinks = [op for op in module.walk() if op.name in ("tensor.extract_slice", "linalg.generic")]
    return any([slice_before_rows(op) for op in sinks if op.parent is not None])


def test_every_case_is_tested():
    assert set(re.findall(r"^func.func @(\w+)\(", CASES.read_text(), re.MULTILINE)) == set(MOVED)


@pytest.mark.parametrize("name", sorted(MOVED))
def test_function_computes_the_same_on_the_slice(name):
    moved = assert_rewrite_computes_the_same(case_function(CASES, name), _rewrite, 3, f"@{name} with its slice first")
    assert moved == MOVED[name]


def test_a_shared_intermediate_stays_whole():
    module = parse(case_function(CASES, "intermediate_read_elsewhere"))
    _rewrite(module)
    (matmul,) = [op for op in module.walk() if op.name == "linalg.matmul"]
    assert matmul.results[0].type.get_shape() == (6, 8)


def test_gather_of_a_constant_row_is_a_slice():
    from xfuse.transforms.slice_rows_first import gather_as_slice

    module = parse(case_function(CASES, "layer_norm_class_token"))
    (gather,) = [op for op in module.walk() if op.name == "linalg.generic" and
                 any(inner.name == "tensor.extract" for inner in op.walk())]
    source, spec = gather_as_slice(gather)
    assert source.type.get_shape() == (1, 4, 8) and spec == ((0, 1), (0, 1), (0, 8))

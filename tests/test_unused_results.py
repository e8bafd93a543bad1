"""xfuse-erase-unused-results through the backend: every function of its FileCheck file computes
the same with and without the pass (random inputs, the reference lowering), and the row minimum
it leaves is the one the row-reduction schedule vectorizes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xfuse.parsing import parse
from xfuse.testing.filecheck_cases import assert_rewrite_computes_the_same, case_function
from xfuse.transforms.unused_results import erase_unused_results

CASES = Path(__file__).parent / "filecheck/transforms/unused_results/erase-unused-results.mlir"
DROPPED = {"min_without_index": 1, "argmin": 0, "kept_result_reads_the_unused_one": 0, "first_of_two": 1}
"""Results each function of the FileCheck file loses."""


def _function(name: str) -> str:
    return case_function(CASES, name)


def test_every_case_is_tested():
    assert set(re.findall(r"^func.func @(\w+)\(", CASES.read_text(), re.MULTILINE)) == set(DROPPED)


@pytest.mark.parametrize("name", sorted(DROPPED))
def test_function_computes_the_same_without_its_unused_results(name):
    dropped = assert_rewrite_computes_the_same(_function(name), erase_unused_results, 7, f"@{name} without unused results")
    assert dropped == DROPPED[name]


def test_the_row_minimum_left_is_one_the_row_schedule_vectorizes(znver3_build):
    from xfuse.backends.schedules.rows import row_vectors
    from xfuse.backends.target import host_target

    module = parse(_function("min_without_index"))
    (before,) = [op for op in module.walk() if op.name == "linalg.generic"]
    assert row_vectors(before, host_target()) is None  # two results
    erase_unused_results(module)
    (after,) = [op for op in module.walk() if op.name == "linalg.generic"]
    assert row_vectors(after, host_target()) == 1  # a row of 8 floats: one vector

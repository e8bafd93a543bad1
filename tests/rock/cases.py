"""rock kernels of the issue's test list, each with a numpy reference.

Every kernel: A (1xKxM), B (1xKxN) -> a GEMM C[m, n] = sum_k A[0, k, m] B[0, k, n], then the
code around it; `reference(inputs)` gives every output argument after the call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tests.rock.kernels import EXAMPLE, running_example_reference

ADD_BATCH_8x16 = (
    '<affine_map<(d0, d1, d2) -> (d1, d2)> by [<AddDim{1} ["g"] at [0] -> [] at []>, '
    '<PassThrough ["m", "n"] at [1, 2] -> ["m", "n"] at [0, 1]>] bounds = [1, 8, 16] -> [8, 16]>'
)
TRANSPOSE_8x16 = (
    '<affine_map<(d0, d1) -> (d1, d0)> by [<PassThrough ["n", "m"] at [0, 1] -> ["n", "m"] at [1, 0]>] '
    'bounds = [16, 8] -> [8, 16]>'
)
ID2 = "affine_map<(d0, d1) -> (d0, d1)>"
ID3 = "affine_map<(d0, d1, d2) -> (d0, d1, d2)>"
PAR2 = '["parallel", "parallel"]'


def gemm_prologue(tmp_type: str = "memref<8x16xf32>", tmp: str = "%tmp") -> str:
    return f"""
  {tmp} = memref.alloc() : {tmp_type}
  %c = rock.transform {tmp} by {ADD_BATCH_8x16} : {tmp_type} to memref<1x8x16xf32>
  rock.gridwise_gemm %c = %a * %b features = none : memref<1x8x16xf32> = memref<1x4x8xf32> * memref<1x4x16xf32>"""


def add_self(ins: str, outs: str, maps: str = f"[{ID2}, {ID2}]", iterators: str = PAR2) -> str:
    return f"""
  linalg.generic {{indexing_maps = {maps}, iterator_types = {iterators}}} ins({ins}) outs({outs}) {{
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  }}"""


def add_two(ins: str, outs: str, maps: str) -> str:
    return f"""
  linalg.generic {{indexing_maps = {maps}, iterator_types = {PAR2}}} ins({ins}) outs({outs}) {{
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }}"""


def kernel(name: str, extra_args: str, body: str) -> str:
    return (
        f"func.func @{name}(%a: memref<1x4x8xf32>, %b: memref<1x4x16xf32>{extra_args}) attributes {{kernel}} {{"
        f"{body}\n  return\n}}\n"
    )


def gemm(inputs: list[np.ndarray]) -> np.ndarray:
    return inputs[0][0].T @ inputs[1][0]


@dataclass
class Case:
    name: str
    text: str
    shapes: list[tuple[int, ...]]  # of the arguments after A (1x4x8) and B (1x4x16)
    reference: Callable[[list[np.ndarray]], dict[int, np.ndarray]]  # argument index -> expected

    leading: tuple[tuple[int, ...], ...] = ((1, 4, 8), (1, 4, 16))

    def inputs(self, seed: int = 0) -> list[np.ndarray]:
        rng = np.random.default_rng(seed)
        return [rng.standard_normal(s, dtype=np.float32) for s in (*self.leading, *self.shapes)]


COPY = '"memref.copy"({src}, {dst}) : ({t}, {t}) -> ()'
KERNELS = Path(__file__).resolve().parents[1] / "filecheck" / "transforms" / "rock" / "Inputs"
"""The kernels, one .mlir file each, shared with the FileCheck tests of the rock passes."""


def _case(name: str, shapes: list[tuple[int, ...]], reference, leading=((1, 4, 8), (1, 4, 16))) -> Case:
    return Case(name, (KERNELS / f"{name}.mlir").read_text(), shapes, reference, leading)


CASES = [
    Case("running_example", EXAMPLE.read_text(), [(8,), (64, 32)],
         lambda i: {3: running_example_reference(*i[:3])}, ((1, 4, 32), (1, 4, 64))),
    _case("pure_copy", [(8, 16)], lambda i: {2: gemm(i)}),
    _case("reshape_on_gemm_output", [(8, 4, 4)], lambda i: {2: 2 * gemm(i).reshape(8, 4, 4)}),
    _case("broadcast_extra_input", [(16,), (8, 16)], lambda i: {3: gemm(i) + i[2][None, :]}),
    _case("view_between_generic_and_copy", [(16, 8)], lambda i: {2: 2 * gemm(i).T}),
    _case("transposed_gemm_output", [(16, 8)], lambda i: {2: 2 * gemm(i).T}),
    _case("input_side_push", [(8, 16)], lambda i: {2: (2 * i[0]).T @ i[1][0]}, ((4, 8), (1, 4, 16))),
    _case("several_readers", [(8, 16), (16, 8)], lambda i: {2: 2 * gemm(i), 3: gemm(i).T}),
    _case("several_readers_different_views", [(8, 4, 4), (16, 8)],
          lambda i: {2: 2 * gemm(i).reshape(8, 4, 4), 3: gemm(i).T}),
    _case("diamond", [(8, 16)], lambda i: {2: gemm(i) + gemm(i) ** 2}),
    _case("chain_of_two_generics", [(8, 16), (8, 16)], lambda i: {3: 2 * gemm(i) + i[2]}),
]

CASES_BY_NAME = {c.name: c for c in CASES}

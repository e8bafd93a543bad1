"""The i8 mmt4d kernel (xfuse-i8-mmt4d-kernel, through xfuse-int8-data-tiling) executed on the
whole int8 range against numpy's int64 sums, and its AVX2 inner loop read in the assembly.
(tests/filecheck/transforms/data_tiling/i8-mmt4d-kernel.mlir runs it on xfuse-run's small
random integers; -128 x -128 pairs, the one vpmaddwd case near overflow, need inputs of our own.)"""

from __future__ import annotations

import re

import numpy as np
import pytest

import xfuse
from xfuse.backends.runner import compile_module
from xfuse.transforms.data_tiling.i8_mmt4d_kernel import host_has_avx2


def matmul_i8(m: int, k: int, n: int) -> str:
    a, b, c = f"tensor<{m}x{k}xi8>", f"tensor<{k}x{n}xi8>", f"tensor<{m}x{n}xi32>"
    return f"""func.func @mm(%a: {a}, %b: {b}) -> {c} {{
  %z = arith.constant 0 : i32
  %e = tensor.empty() : {c}
  %f = linalg.fill ins(%z : i32) outs(%e : {c}) -> {c}
  %0 = linalg.matmul ins(%a, %b : {a}, {b}) outs(%f : {c}) -> {c}
  return %0 : {c}
}}
"""


def extreme_inputs(m: int, k: int, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    b = rng.integers(-128, 128, (k, n)).astype(np.int8)
    a[0], b[:, 0] = -128, -128  # row 0 x column 0: every product 2^14, the largest pair sums
    a[1], b[:, 1] = 127, -128
    return a, b


FLAVORS = ["portable", pytest.param("avx2", marks=pytest.mark.skipif(not host_has_avx2(), reason="needs AVX2"))]
KERNEL = "xfuse-set-encoding,xfuse-materialize-encoding{{target=x86_64-avx2}},xfuse-generic-to-mmt4d,xfuse-i8-mmt4d-kernel{{flavor={}}}"


@pytest.mark.parametrize("flavor", FLAVORS)
@pytest.mark.parametrize("m, k, n", [(24, 40, 16), (3, 9, 20)])  # 3 x 9 x 20: narrow M, odd K, padded N
def test_kernel_is_exact_on_the_whole_int8_range(flavor, m, k, n):
    module = xfuse.parse(matmul_i8(m, k, n))
    xfuse.apply_passes(module, KERNEL.format(flavor))
    names = {op.name for op in module.walk()}
    assert "linalg.mmt4d" not in names and "scf.for" in names
    compiled = compile_module(module)
    a, b = extreme_inputs(m, k, n, seed=m)
    (got,) = compiled(a, b)
    np.testing.assert_array_equal(got, a.astype(np.int64) @ b.astype(np.int64))


@pytest.mark.skipif(not host_has_avx2(), reason="reads the AVX2 kernel")
def test_avx2_inner_loop_is_a_broadcast_load_and_vpmaddwd_per_row(tmp_path):
    from tests.backends.test_pipelines import _assembly, _innermost_loops

    module = xfuse.parse(matmul_i8(64, 256, 64))
    xfuse.apply_passes(module, "xfuse-int8-data-tiling{target=x86_64-avx2}")
    loops = [body for body in _innermost_loops(_assembly(module, tmp_path)) if "vpmaddwd" in body]
    assert loops
    kernel = max(loops, key=lambda body: body.count("vpmaddwd"))
    # per K step and row of the A tile one vpmaddwd (8 pairs) and one vpaddd into the row's
    # accumulator (LLVM may unroll the K loop); no 32-bit multiplies, no scalar multiplies
    madds = len(re.findall(r"\bvpmaddwd\b", kernel))
    assert madds in (8, 16, 32), kernel
    assert len(re.findall(r"\bvpaddd\b", kernel)) == madds, kernel
    assert not re.search(r"vpmulld|imul", kernel), kernel
    # each row's pair is broadcast by one load from the pre-paired A tile, not shuffled out of a
    # widened vector (vpshufd / vpermq / vextracti128 per row cost a third of the kernel's time)
    assert len(re.findall(r"\bvpbroadcastd\s+-?\d*\(", kernel)) == madds, kernel
    assert not re.search(r"vpshufd|vpermq|vextracti128", kernel), kernel

"""xfuse's `memrefCopy` (xfuse/backends/lowering_fixes/strided_copy.py), linked into every shared object.

`memref.copy`s that are not contiguous on both sides lower to calls of it: into a channel slice
(contiguous runs, one `memcpy` each), out of a transposed view (innermost dimension strided:
element by element), out of a subview that skips rows; results checked against numpy. The
symbol is local to the shared object: it neither leaks into the process nor takes the runtime
library's place for other modules.
"""

import shutil
import subprocess

import numpy as np
import pytest

import xfuse
from xfuse.backends.runner import compile_module
from xfuse.backends.lowering_fixes.strided_copy import SOURCE

COPIES = """
func.func @copies(%a: memref<4x6x8xf32>, %t: memref<5x3xf32>, %v: memref<7xf64>)
    -> (memref<4x6x16xf32>, memref<3x5xf32>, memref<4x3x8xf32>, memref<2x7xf64>) {
  %zero = arith.constant 0.0 : f32
  %b = memref.alloc() : memref<4x6x16xf32>
  linalg.fill ins(%zero : f32) outs(%b : memref<4x6x16xf32>)
  %slice = memref.subview %b[0, 0, 4] [4, 6, 8] [1, 1, 1]
      : memref<4x6x16xf32> to memref<4x6x8xf32, strided<[96, 16, 1], offset: 4>>
  memref.copy %a, %slice : memref<4x6x8xf32> to memref<4x6x8xf32, strided<[96, 16, 1], offset: 4>>
  %c = memref.alloc() : memref<3x5xf32>
  %transposed = memref.transpose %t (i, j) -> (j, i) : memref<5x3xf32> to memref<3x5xf32, strided<[1, 3]>>
  memref.copy %transposed, %c : memref<3x5xf32, strided<[1, 3]>> to memref<3x5xf32>
  %d = memref.alloc() : memref<4x3x8xf32>
  %every_other_row = memref.subview %a[0, 0, 0] [4, 3, 8] [1, 2, 1]
      : memref<4x6x8xf32> to memref<4x3x8xf32, strided<[48, 16, 1]>>
  memref.copy %every_other_row, %d : memref<4x3x8xf32, strided<[48, 16, 1]>> to memref<4x3x8xf32>
  %zero64 = arith.constant 0.0 : f64
  %e = memref.alloc() : memref<2x7xf64>
  linalg.fill ins(%zero64 : f64) outs(%e : memref<2x7xf64>)
  %row = memref.subview %e[1, 0] [1, 7] [1, 1] : memref<2x7xf64> to memref<7xf64, strided<[1], offset: 7>>
  memref.copy %v, %row : memref<7xf64> to memref<7xf64, strided<[1], offset: 7>>
  return %b, %c, %d, %e : memref<4x6x16xf32>, memref<3x5xf32>, memref<4x3x8xf32>, memref<2x7xf64>
}
"""


@pytest.fixture(scope="module")
def copies():
    return compile_module(xfuse.parse(COPIES), pipeline="memref")


def test_strided_copies_agree_with_numpy(copies):
    rng = np.random.default_rng(0)
    a = rng.standard_normal((4, 6, 8)).astype(np.float32)
    t = rng.standard_normal((5, 3)).astype(np.float32)
    v = rng.standard_normal(7)
    b, c, d, e = copies(a, t, v)
    into_slice = np.zeros((4, 6, 16), np.float32)
    into_slice[:, :, 4:12] = a
    np.testing.assert_array_equal(b, into_slice)
    np.testing.assert_array_equal(c, t.T)
    np.testing.assert_array_equal(d, a[:, ::2, :])
    np.testing.assert_array_equal(e, np.stack([np.zeros(7), v]))


@pytest.mark.skipif(shutil.which("nm") is None, reason="needs binutils' nm")
def test_memref_copy_is_local_to_the_shared_object(copies):
    symbols = subprocess.run(["nm", str(copies.library_path)], capture_output=True, text=True, check=True).stdout
    assert any(line.split()[-2:] == ["t", "memrefCopy"] for line in symbols.splitlines()), symbols[:2000]
    exported = subprocess.run(["nm", "-D", "--defined-only", str(copies.library_path)],
                              capture_output=True, text=True, check=True).stdout
    assert "memrefCopy" not in exported


def test_the_source_keeps_the_runner_utils_abi():
    """Same name, same argument order (element size, source, target) as CRunnerUtils' memrefCopy."""
    assert "void memrefCopy(int64_t element_size, UnrankedMemRef *source, UnrankedMemRef *target)" in SOURCE
    assert 'visibility("hidden")' in SOURCE

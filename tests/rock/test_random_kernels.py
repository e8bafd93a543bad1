"""Seeded random kernels (views between the GEMM, an add with a broadcast bias and the output
copy) run through rock-pipeline and compared with numpy: the passes must preserve semantics for
view combinations nobody wrote by hand."""

import numpy as np
import pytest

from tests.rock.kernels import run_kernel
from xfuse.transforms.rock.views import collapse_shape_view, expand_shape_view, identity_map, permutation_map

M, N, K = 6, 8, 3


def _views(shape, rng):
    """A random view of a buffer of `shape`: (map, numpy function giving the view from the buffer)."""
    choices = [("identity", identity_map(shape), lambda b: b)]
    if len(shape) == 2:
        choices.append(("transpose", permutation_map(shape, [1, 0]), lambda b: b.transpose(1, 0)))
        if shape[1] % 2 == 0:
            result = [shape[0], 2, shape[1] // 2]
            choices.append(("split_n", expand_shape_view([[0], [1, 2]], shape, result), lambda b, r=result: b.reshape(r)))
        if shape[0] % 2 == 0:
            result = [2, shape[0] // 2, shape[1]]
            choices.append(("split_m", expand_shape_view([[0, 1], [2]], shape, result), lambda b, r=result: b.reshape(r)))
    if len(shape) == 3:
        result = [shape[0], shape[1] * shape[2]]
        choices.append(("merge", collapse_shape_view([[0], [1, 2]], shape, result), lambda b, r=result: b.reshape(r)))
        choices.append(("rotate", permutation_map(shape, [2, 0, 1]), lambda b: b.transpose(2, 0, 1)))
    return choices[rng.integers(len(choices))]


def _t(shape):
    return "memref<" + "x".join(map(str, shape)) + "xf32>"


def random_kernel(seed):
    rng = np.random.default_rng(seed)
    name1, v1, f1 = _views([M, N], rng)
    shape1 = list(v1.upper)
    bias_dim = int(rng.integers(len(shape1)))
    name2, v2, f2 = _views(shape1, rng)
    shape2 = list(v2.upper)
    dims = ", ".join(f"d{i}" for i in range(len(shape1)))
    identity = f"affine_map<({dims}) -> ({dims})>"
    bias_map = f"affine_map<({dims}) -> (d{bias_dim})>"
    parallel = ", ".join(['"parallel"'] * len(shape1))
    diamond = bool(rng.integers(2))  # a second op reading the GEMM's view and the add's result
    last = "tmp3" if diamond else "tmp2"
    diamond_text = f"""
  %v1b = rock.transform %tmp by {v1.body_text()} : {_t([M, N])} to {_t(shape1)}
  %tmp3 = memref.alloc() : {_t(shape1)}
  linalg.generic {{indexing_maps = [{identity}, {identity}, {identity}], iterator_types = [{parallel}]}} ins(%v1b, %tmp2 : {_t(shape1)}, {_t(shape1)}) outs(%tmp3 : {_t(shape1)}) {{
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  }}""" if diamond else ""
    text = f"""func.func @k(%a: memref<1x{K}x{M}xf32>, %b: memref<1x{K}x{N}xf32>, %bias: memref<{shape1[bias_dim]}xf32>, %out: {_t(shape2)}) attributes {{kernel}} {{
  %tmp = memref.alloc() : {_t([M, N])}
  %c = rock.transform %tmp by <affine_map<(d0, d1, d2) -> (d1, d2)> by [<AddDim{{1}} ["g"] at [0] -> [] at []>, <PassThrough ["m", "n"] at [1, 2] -> ["m", "n"] at [0, 1]>] bounds = [1, {M}, {N}] -> [{M}, {N}]> : {_t([M, N])} to memref<1x{M}x{N}xf32>
  rock.gridwise_gemm %c = %a * %b features = none : memref<1x{M}x{N}xf32> = memref<1x{K}x{M}xf32> * memref<1x{K}x{N}xf32>
  %v1 = rock.transform %tmp by {v1.body_text()} : {_t([M, N])} to {_t(shape1)}
  %tmp2 = rock.alloc() : {_t(shape1)}
  linalg.generic {{indexing_maps = [{identity}, {bias_map}, {identity}], iterator_types = [{parallel}]}} ins(%v1, %bias : {_t(shape1)}, memref<{shape1[bias_dim]}xf32>) outs(%tmp2 : {_t(shape1)}) {{
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }}
{diamond_text}
  %v2 = rock.transform %{last} by {v2.body_text()} : {_t(shape1)} to {_t(shape2)}
  "memref.copy"(%v2, %out) : ({_t(shape2)}, {_t(shape2)}) -> ()
  return
}}
"""

    def reference(a, b, bias):
        c = a[0].T @ b[0]
        view = f1(c)
        expand = [None] * len(shape1)
        expand[bias_dim] = slice(None)
        result = view + bias[tuple(expand)]
        return f2(view * result if diamond else result)

    shapes = [(1, K, M), (1, K, N), (shape1[bias_dim],), tuple(shape2)]
    return f"{name1}+bias{bias_dim}{'+diamond' if diamond else ''}+{name2}", text, shapes, reference


@pytest.mark.parametrize("seed", [0, 1, *(pytest.param(s, marks=pytest.mark.slow) for s in range(2, 16))])
def test_random_kernel_through_the_pipeline(seed):
    name, text, shapes, reference = random_kernel(seed)
    rng = np.random.default_rng(100 + seed)
    inputs = [rng.standard_normal(s, dtype=np.float32) for s in shapes]
    expected = reference(*inputs[:3])
    for passes in ("rock-regularize", "rock-pipeline", "rock-pipeline{tile-sizes=4,3 threads=1,2}"):
        got = run_kernel(text, inputs, passes=passes)[3]
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5, err_msg=f"{name} after {passes}")

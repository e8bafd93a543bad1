"""The CPU tile table, `host` detection from /proc/cpuinfo text, and the plans (narrow M/N,
multi-dim layouts) derived from indexing maps."""

import pytest
from xdsl.dialects.builtin import f16, f32, i8, i32
from xdsl.ir.affine import AffineMap

from xfuse.transforms.data_tiling.encoding import (
    NotAContraction,
    infer_contraction_dims,
    make_plan,
)
from xfuse.transforms.data_tiling.targets import TARGETS, TileSizes, host_target, matmul_tile, resolve_target

F32, I8 = (f32, f32, f32), (i8, i8, i32)


@pytest.mark.parametrize(
    "target, types, tile",
    [
        ("x86_64-avx512", F32, (16, 16, 1)),
        ("x86_64-avx2", F32, (8, 8, 1)),
        ("x86_64-sse", F32, (8, 4, 1)),
        ("x86_64-avx512vnni", I8, (16, 16, 2)),
        ("x86_64-avx2", I8, (8, 8, 2)),
        ("x86_64-sse", I8, None),
        ("aarch64", F32, (8, 8, 1)),
        ("aarch64-dotprod", I8, (8, 8, 4)),
        ("aarch64-i8mm", I8, (8, 8, 8)),
        ("x86_64-avx512", (f16, f16, f16), None),
    ],
)
def test_table(target, types, tile):
    got = matmul_tile(TARGETS[target], types)
    assert (None if got is None else (got.m, got.n, got.k)) == tile


def test_host_from_cpuinfo():
    x86 = host_target("processor : 0\nflags : fpu sse2 avx fma avx2 avx512f avx512bw\n")
    assert x86.arch == "x86_64" and {"avx2", "avx512f", "avx512bw", "fma"} <= x86.features
    assert matmul_tile(x86, F32) == TileSizes(16, 16, 1)
    sse = host_target("flags : fpu sse2\n")
    assert matmul_tile(sse, F32) == TileSizes(8, 4, 1)
    arm = host_target("Features : fp asimd asimddp i8mm\n")
    assert arm.arch == "aarch64" and matmul_tile(arm, I8) == TileSizes(8, 8, 8)
    assert resolve_target("host") is not None and resolve_target("pentium4") is None


MATMUL = (
    AffineMap.from_callable(lambda m, n, k: (m, k)),
    AffineMap.from_callable(lambda m, n, k: (k, n)),
    AffineMap.from_callable(lambda m, n, k: (m, n)),
)


def test_narrow_m_truncates_to_a_power_of_two():
    plan = make_plan(MATMUL, TileSizes(16, 16, 1), [3, 100, 7])
    assert not plan.transposed and plan.tiles == TileSizes(4, 16, 1)
    assert make_plan(MATMUL, TileSizes(16, 16, 1), [1, 100, 7]).tiles.m == 1


def test_narrow_n_transposes():
    plan = make_plan(MATMUL, TileSizes(16, 16, 1), [100, 2, 7])
    assert plan.transposed and plan.tiles == TileSizes(2, 16, 1)
    assert plan.layout(1).inner_tiles == (2, 1)  # RHS carries the narrow rows
    assert plan.layout(2).outer_dims_perm == (1, 0)  # result packed N-major
    # Both narrow: the narrower one takes the M role.
    assert not make_plan(MATMUL, TileSizes(16, 16, 1), [2, 3, 7]).transposed
    assert make_plan(MATMUL, TileSizes(16, 16, 1), [5, 3, 7]).transposed


def test_seed_layouts_and_packed_maps():
    seed = (
        AffineMap.from_callable(lambda m, n, k0, k1: (m, k0, k1)),
        AffineMap.from_callable(lambda m, n, k0, k1: (n, k0, k1)),
        AffineMap.from_callable(lambda m, n, k0, k1: (m, n)),
    )
    plan = make_plan(seed, TileSizes(4, 8, 16), [1024, 11008, 32, 128])
    assert plan.layout(0).packed_shape((1024, 32, 128)) == (256, 32, 8, 4, 16)
    assert plan.layout(1).packed_shape((11008, 32, 128)) == (1376, 32, 8, 8, 16)
    assert plan.layout(2).packed_shape((1024, 11008)) == (256, 1376, 4, 8)
    M, N, K0, K1, m, n, k1 = range(7)
    expected = [(M, K0, K1, m, k1), (N, K0, K1, n, k1), (M, N, m, n)]
    for operand, dims in enumerate(expected):
        assert plan.packed_map(operand) == AffineMap(7, 0, tuple(AffineMap.identity(7).results[d] for d in dims))


@pytest.mark.parametrize(
    "maps, reason",
    [
        ((AffineMap.from_callable(lambda i, j: (i, j)),) + (AffineMap.from_callable(lambda i, j: (i,)),) * 2,
         "loop d1 is in LHS only"),
        ((AffineMap.from_callable(lambda i, j: (i, j)),) * 2 + (AffineMap.from_callable(lambda i, j: (i,)),),
         "no M dimension"),
        ((AffineMap.from_callable(lambda m, k: (m, k)), AffineMap.from_callable(lambda m, k: (k,)),
          AffineMap.from_callable(lambda m, k: (m,))), "no N dimension"),
        ((AffineMap.from_callable(lambda m, n, k: (m + k,)), MATMUL[1], MATMUL[2]), "not a projected permutation"),
    ],
)
def test_not_contractions(maps, reason):
    with pytest.raises(NotAContraction, match=reason):
        infer_contraction_dims(maps)

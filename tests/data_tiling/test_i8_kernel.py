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
    _assert_exact_kernel(KERNEL.format(flavor), m, k, n)


def _assert_exact_kernel(passes: str, m: int, k: int, n: int) -> None:
    """An m x k x n i8 matmul through `passes` has no mmt4d left, and on the int8 extremes equals
    the int64 product."""
    module = xfuse.parse(matmul_i8(m, k, n))
    xfuse.apply_passes(module, passes)
    names = {op.name for op in module.walk()}
    assert "linalg.mmt4d" not in names and "scf.for" in names
    compiled = compile_module(module)
    a, b = extreme_inputs(m, k, n, seed=m)
    (got,) = compiled(a, b)
    np.testing.assert_array_equal(got, a.astype(np.int64) @ b.astype(np.int64))


@pytest.mark.skipif(not host_has_avx2(), reason="reads the AVX2 kernel")
def test_avx2_inner_loop_is_a_broadcast_load_and_vpmaddwd_per_row(tmp_path, monkeypatch):
    """Compiled for znver3 (AVX2): on an AVX-512 VNNI host LLVM fuses vpmaddwd + vpaddd into a
    ymm vpdpwssd."""
    from tests.backends.test_pipelines import _assembly, _innermost_loops
    from xfuse.backends import target as backend

    module = xfuse.parse(matmul_i8(64, 256, 64))
    xfuse.apply_passes(module, "xfuse-int8-data-tiling{target=x86_64-avx2}")
    monkeypatch.setenv("XFUSE_TARGET_CPU", "znver3")
    backend.host_target.cache_clear()
    try:
        assembly = _assembly(module, tmp_path)
    finally:
        monkeypatch.delenv("XFUSE_TARGET_CPU")
        backend.host_target.cache_clear()
    loops = [body for body in _innermost_loops(assembly) if "vpmaddwd" in body]
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


def host_has_vnni() -> bool:
    from xfuse.transforms.data_tiling.targets import host_target

    return "avx512vnni" in host_target().features


WIDE_FLAVORS = ["portable", *(pytest.param(f, marks=pytest.mark.skipif(not host_has_vnni(), reason="needs AVX-512 VNNI"))
                              for f in ("avx512", "vnni"))]
WIDE_KERNEL = KERNEL.replace("x86_64-avx2", "x86_64-avx512vnni")


@pytest.mark.parametrize("flavor", WIDE_FLAVORS)
@pytest.mark.parametrize("m, k, n", [(40, 40, 48), (3, 9, 20)])  # 16x16x2 tiles: narrow M, odd K, padded N
def test_wide_kernel_is_exact_on_the_whole_int8_range(flavor, m, k, n):
    _assert_exact_kernel(WIDE_KERNEL.format(flavor), m, k, n)


@pytest.mark.skipif(not host_has_vnni(), reason="reads the AVX-512 VNNI kernel")
def test_vnni_inner_loop_is_one_vpdpwssd_per_row_with_a_broadcast_operand(tmp_path, monkeypatch):
    from tests.backends.test_pipelines import _assembly, _innermost_loops
    from xfuse.transforms.data_tiling import int8_matmul

    monkeypatch.setattr(int8_matmul, "DPBUSD", False)  # the table's 16x16x2 tile
    module = xfuse.parse(matmul_i8(64, 256, 64))
    xfuse.apply_passes(module, "xfuse-int8-data-tiling{target=x86_64-avx512vnni}")
    loops = [body for body in _innermost_loops(_assembly(module, tmp_path)) if "vpdpwssd" in body]
    assert loops
    kernel = max(loops, key=lambda body: body.count("vpdpwssd"))
    # per K step: one vpmovsxbw of the B tile into a zmm, then per row of the 16-row tile one
    # vpdpwssd whose A operand is a broadcast from memory ({1to16}) into one of 16 zmm accumulators
    madds = re.findall(r"\bvpdpwssd\s+(-?\d*\(.*\)\{1to16\}), %zmm\d+, (%zmm\d+)", kernel)
    assert len(madds) in (16, 32, 64), kernel
    assert len({acc for _, acc in madds}) == 16, kernel
    assert len(re.findall(r"\bvpmovsxbw\b", kernel)) == len(madds) // 16, kernel
    assert not re.search(r"vpaddd|vpmaddwd|vpmulld|imul|vpshufd|vpermq", kernel), kernel


def test_auto_flavor_follows_the_host_and_the_tile(monkeypatch):
    from xfuse.transforms.data_tiling import i8_mmt4d_kernel as kernel
    from xfuse.transforms.data_tiling.targets import TARGETS, host_target

    # Linux spells the feature avx512_vnni
    assert "avx512vnni" in host_target("flags : fpu avx2 fma avx512f avx512bw avx512_vnni\n").features
    for name, width, expected in [("x86_64-avx512vnni", 16, "vnni"), ("x86_64-avx512vnni", 8, "avx2"),
                                  ("x86_64-avx512", 16, "avx512"), ("x86_64-avx2", 8, "avx2"),
                                  ("x86_64-avx2", 16, "portable"), ("x86_64-sse", 8, "portable")]:
        monkeypatch.setattr(kernel, "host_target", lambda name=name: TARGETS[name])
        assert kernel.auto_flavor(width).name == expected, (name, width)
    monkeypatch.setattr(kernel, "host_target", lambda: TARGETS["x86_64-avx512vnni"])
    monkeypatch.setattr(kernel, "VNNI", False)
    assert kernel.auto_flavor(16).name == "avx512"


@pytest.mark.skipif(not host_has_vnni(), reason="an AVX-512 VNNI host narrowed to AVX2")
def test_a_target_without_vnni_keeps_the_avx2_kernel(monkeypatch):
    """XFUSE_TARGET_CPU=znver3 (AVX2) on this AVX-512 VNNI host: 8x8x2 tiles and vpmaddwd, no zmm."""
    from xfuse.backends import target as backend
    from xfuse.transforms.data_tiling.targets import host_target

    monkeypatch.setenv("XFUSE_TARGET_CPU", "znver3")
    backend.host_target.cache_clear()
    try:
        assert not {"avx512f", "avx512vnni"} & host_target().features
        module = xfuse.parse(matmul_i8(24, 40, 16))
        xfuse.apply_passes(module, "xfuse-int8-data-tiling")
        text = str(module)
        assert "llvm.x86.avx2.pmadd.wd" in text and "avx512" not in text and "x8x2xi8>" in text
        assert "x16x2xi8" not in text and "x16x4xi8" not in text
        a, b = extreme_inputs(24, 40, 16, seed=1)
        (got,) = compile_module(module)(a, b)
        np.testing.assert_array_equal(got, a.astype(np.int64) @ b.astype(np.int64))
    finally:
        monkeypatch.delenv("XFUSE_TARGET_CPU")
        backend.host_target.cache_clear()


@pytest.mark.skipif(not host_has_vnni(), reason="runs AVX-512 VNNI code")
@pytest.mark.parametrize("hoist", [False, True])
@pytest.mark.parametrize("m, k, n", [(40, 40, 48), (3, 9, 20), (17, 1, 33)])  # K = 1 and 9: padded quadruples
def test_dpbusd_kernel_is_exact_on_the_whole_int8_range(monkeypatch, m, k, n, hoist):
    """u8 x s8 with A shifted by 128 and 128 * colsum(B) taken off (in each tile's K loop, or once
    per B panel before the tile loops: HOIST_CORRECTION): exact, -128 x -128 included."""
    from xfuse.transforms.data_tiling import i8_dpbusd_kernel

    monkeypatch.setattr(i8_dpbusd_kernel, "HOIST_CORRECTION", hoist)
    module = xfuse.parse(matmul_i8(m, k, n))
    xfuse.apply_passes(module, "xfuse-int8-data-tiling{target=x86_64-avx512vnni}")
    text = str(module)
    assert "linalg.mmt4d" not in text and "llvm.x86.avx512.vpdpbusd.512" in text and "x16x4xi8>" in text
    a, b = extreme_inputs(m, k, n, seed=m)
    (got,) = compile_module(module)(a, b)
    np.testing.assert_array_equal(got, a.astype(np.int64) @ b.astype(np.int64))


def test_int8_data_tiling_takes_16x16x4_on_vnni_only(monkeypatch):
    from xfuse.transforms.data_tiling import int8_matmul

    assert int8_matmul._tile_sizes("x86_64-avx512vnni") == (16, 16, 4)
    assert int8_matmul._tile_sizes("x86_64-avx512") == ()  # AVX512BW without VNNI: the table's 16x16x2
    assert int8_matmul._tile_sizes("x86_64-avx2") == ()
    monkeypatch.setattr(int8_matmul, "DPBUSD", False)
    assert int8_matmul._tile_sizes("x86_64-avx512vnni") == ()


@pytest.mark.skipif(not host_has_vnni(), reason="runs AVX-512 VNNI code")
@pytest.mark.parametrize("m, k, n", [(32, 40, 48), (40, 40, 48), (16, 9, 33)])
def test_fused_quads_are_exact_and_only_without_padding(monkeypatch, m, k, n):
    """With `FUSE_QUADS` the quadruples come from A itself when M and K are whole tiles (A's pack
    gone) and from the pack otherwise; exact either way."""
    from xfuse.transforms.data_tiling import fused_quads

    monkeypatch.setattr(fused_quads, "FUSE_QUADS", True)
    module = xfuse.parse(matmul_i8(m, k, n))
    xfuse.apply_passes(module, "xfuse-int8-data-tiling{target=x86_64-avx512vnni}")
    sources = [op.source.type.get_shape() for op in module.walk() if op.name == "linalg.pack"]
    assert ((m, k) not in sources) == (m % 16 == 0 and k % 4 == 0)
    a, b = extreme_inputs(m, k, n, seed=m)
    (got,) = compile_module(module)(a, b)
    np.testing.assert_array_equal(got, a.astype(np.int64) @ b.astype(np.int64))


@pytest.mark.skipif(not host_has_vnni(), reason="runs AVX-512 VNNI code")
@pytest.mark.parametrize("m, k, n, direct", [(32, 40, 48, True), (40, 40, 48, False), (16, 9, 33, False)])
def test_direct_unpack_is_exact_and_only_without_padding(monkeypatch, m, k, n, direct):
    """With `DIRECT_UNPACK` the kernel writes the row-major result itself when M and N are whole
    tiles (no `linalg.unpack` left) and keeps the unpack otherwise; exact either way."""
    from xfuse.transforms.data_tiling import direct_unpack

    monkeypatch.setattr(direct_unpack, "DIRECT_UNPACK", True)
    module = xfuse.parse(matmul_i8(m, k, n))
    xfuse.apply_passes(module, "xfuse-int8-data-tiling{target=x86_64-avx512vnni}")
    text = str(module)
    assert "llvm.x86.avx512.vpdpbusd.512" in text and ("linalg.unpack" not in text) == direct
    a, b = extreme_inputs(m, k, n, seed=m)
    (got,) = compile_module(module)(a, b)
    np.testing.assert_array_equal(got, a.astype(np.int64) @ b.astype(np.int64))

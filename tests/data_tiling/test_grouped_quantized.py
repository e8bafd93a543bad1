"""The seed's grouped quantized matmul (examples/grouped_quantized_matmul.mlir: M=64, N=96,
K0=4, K1=32, 4-bit weights) end to end: set-encoding -> materialize -> fusion (xfuse-diffusion
puts the packs, the packed dequantization, the fill, the contraction and the unpack in one
scf.forall) -> generic-to-mmt4d -> lower-pack-unpack -> backend; equal to numpy and to the
untransformed function."""

from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.runner import compile_module
from xfuse.parsing import parse
from xfuse.passes import apply_passes

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "grouped_quantized_matmul.mlir"
MATERIALIZE = "xfuse-set-encoding,xfuse-materialize-encoding{target=x86_64-avx2}"
FUSE = "xfuse-diffusion{root-tile-sizes=2,3}"


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def grouped_inputs(seed: int):
    rng = np.random.default_rng(seed)
    lhs = rng.standard_normal((64, 4, 32), dtype=np.float32)
    rhs_quant = rng.integers(0, 16, (96, 4, 32)).astype(np.int8)  # 4-bit values, carried as i8
    scales = rng.uniform(0.01, 0.1, (96, 4)).astype(np.float32)
    zps = rng.integers(0, 16, (96, 4)).astype(np.float32)
    return lhs, rhs_quant, scales, zps


def numpy_grouped_quantized_matmul(lhs, rhs_quant, scales, zps):
    dequantized = (rhs_quant.astype(np.float32) - zps[:, :, None]) * scales[:, :, None]
    return np.einsum("mab,nab->mn", lhs.astype(np.float64), dequantized.astype(np.float64))


def _names(module) -> list[str]:
    return [op.name for op in module.walk()]


def test_pipeline_shapes():
    module = parse(EXAMPLE.read_text(), name=str(EXAMPLE))
    materialized = apply_passes(module.clone(), MATERIALIZE)
    generics = [op for op in materialized.walk() if op.name == "linalg.generic"]
    # packed i8 -> i4 truncation, packed dequantization, packed contraction
    assert [len(op.iterator_types) for op in generics] == [5, 5, 7]
    fused = apply_passes(materialized.clone(), f"{FUSE},xfuse-generic-to-mmt4d")
    (forall,) = [op for op in fused.walk() if op.name == "scf.forall"]
    inside = _names(forall)
    for name in ("linalg.pack", "linalg.generic", "linalg.fill", "linalg.mmt4d", "linalg.unpack"):
        assert name in inside, f"{name} was not fused into the scf.forall"
    assert inside.count("linalg.pack") == 4 and inside.count("linalg.generic") == 2


@pytest.mark.parametrize("seed", [0, 1])
def test_grouped_quantized_matches_numpy_and_untransformed(seed):
    module = parse(EXAMPLE.read_text(), name=str(EXAMPLE))
    reference = compile_module(module)
    materialized = apply_passes(module.clone(), MATERIALIZE)
    variants = {
        "packed generic": apply_passes(materialized.clone(), "xfuse-lower-pack-unpack"),
        "mmt4d": apply_passes(materialized.clone(), "xfuse-generic-to-mmt4d,xfuse-lower-pack-unpack"),
        "fused mmt4d": apply_passes(
            materialized.clone(), f"{FUSE},xfuse-generic-to-mmt4d,xfuse-lower-pack-unpack"
        ),
    }
    inputs = grouped_inputs(seed)
    expected = numpy_grouped_quantized_matmul(*inputs)
    (untransformed,) = reference(*inputs)
    np.testing.assert_allclose(untransformed, expected, rtol=1e-4, atol=1e-4)
    for what, variant in variants.items():
        (got,) = compile_module(variant)(*inputs)
        np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4, err_msg=f"{what} vs numpy")
        np.testing.assert_allclose(got, untransformed, rtol=1e-5, atol=1e-5, err_msg=f"{what} vs untransformed")


def test_i4_truncation_is_in_the_body():
    # Weights outside [0, 16) are truncated to their low 4 bits (arith.trunci to the i4 tensor):
    # the i8 argument only carries the i4 (the runner takes no sub-byte arrays).
    module = parse(EXAMPLE.read_text(), name=str(EXAMPLE))
    lhs, rhs_quant, scales, zps = grouped_inputs(3)
    (low,) = compile_module(module)(lhs, rhs_quant, scales, zps)
    (high,) = compile_module(module)(lhs, (rhs_quant + 16).astype(np.int8), scales, zps)
    np.testing.assert_array_equal(low, high)

"""The `microkernel` pipeline (tensor default): its cost model, its plan, and the code it makes.

- Cost model: `choose_micro_tile` on AVX-512, AVX2 and SSE register files.
- Plan: which op becomes the register tile's root (a fused chain's last consumer; the matmul
  itself when xfuse did not fuse), and what is left alone.
- Differential: every existing tensor test input (tests/backends/inputs, tests/bufferize_cases,
  examples, fused MLPs) lowered by `microkernel` and by the reference `default` pipeline, run on
  the same seeded inputs, agree (FMA contraction and the outer-product order round differently,
  hence the tolerance).
- Generated code: the K loop of the fused 512 MLP is vector FMAs (in llc's assembly).
"""

import importlib.util
import platform
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import xfuse
from xfuse.backends import toolchain
from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
from xfuse.backends.pipelines import (
    LINALG_TO_LOOPS,
    PIPELINES,
    RUNTIME_VERIFICATION,
    get_pipeline,
    with_runtime_checks,
)
from xfuse.runtime.openmp import openmp_available
from xfuse.backends.runner import (
    BackendError,
    compile_module,
    default_pipeline_for,
    lower_to_llvm_dialect_command,
    random_inputs,
)
import xfuse.backends.schedules.matmul as matmul_schedule
from xfuse.backends.schedules.matmul import CONTRACTION_ATTR, MicroKernelGroup, after_bufferize_bodies, ROOT_ATTR, plan_microkernels, remove_dead_ops, schedule_bodies
from xfuse.backends.schedules.micro_tile import choose_k_block, choose_micro_tile, matmul_b_load_weight
from xfuse.backends.schedules.conv import choose_conv_tile
from xfuse.backends.schedules.packs import PACK_ATTR, pack_block_tile, plan_packs
from xfuse.backends.target import CpuTarget, host_target
from xfuse.backends.targets import lower_to_llvm_ir
from xfuse.context import make_context
from xfuse.parsing import parse

ROOT = Path(__file__).resolve().parents[2]


def _load_benchmark(name: str):
    # By path: an unrelated `benchmarks` package may be installed in site-packages.
    spec = importlib.util.spec_from_file_location(f"xfuse_bench_{name}", ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


mlp_models = _load_benchmark("mlp_models")
mlp_module = mlp_models.mlp_module
reference_pipeline = _load_benchmark("bufferize_allocs").reference_pipeline
AVX512 = CpuTarget("x86-64-v4", 512, 32, True)
AVX2 = CpuTarget("x86-64-v3", 256, 16, True)
SSE = CpuTarget("x86-64", 128, 16, False)
FUSION = "xfuse-tile{loop=forall},xfuse-diffusion"


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


# Cost model ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("target", "m", "n", "expected"), [
    (AVX512, 64, 64, (8, 32)),    # 16 accumulators + 2 B vectors + 1 broadcast = 19 of 32 registers
    (AVX512, 48, 48, (16, 16)),   # not 8x48: rows of three vectors are left out (TILE_VECTORS)
    (AVX512, 16, 64, (8, 32)),
    (AVX2, 96, 96, (6, 16)),      # the classic AVX2 SGEMM kernel: 12 accumulators + 2 + 1 = 15 of 16
    (AVX2, 30, 64, (6, 16)),
    (AVX2, 5, 64, (5, 16)),       # no room for a 6-row tile: 10 accumulators, no split
    (AVX2, 4, 64, (4, 16)),
    (SSE, 48, 64, (6, 8)),        # 16 registers as AVX2: 12 accumulators of 4 lanes
])
def test_micro_tile_choice(target, m, n, expected):
    tile = choose_micro_tile(m, n, 32, target)
    assert (tile.mr, tile.nr, tile.remainder) == (*expected, 0)
    assert tile.registers <= target.vector_registers


@pytest.mark.parametrize(("m", "split_rows", "remainder"), [(64, 60, 4), (100, 96, 4), (32, 30, 2), (1024, 1020, 4)])
def test_avx2_tile_with_a_remainder(m, split_rows, remainder):
    """No 12-accumulator AVX2 tile divides a power of two: 6x16 over the first rows, the rest apart."""
    tile = choose_micro_tile(m, 64, 32, AVX2)
    assert (tile.mr, tile.nr, tile.split_rows, tile.remainder) == (6, 16, split_rows, remainder)
    assert tile.accumulators == 12 and tile.row_weighted_fmas_per_load() > choose_micro_tile(4, 64, 32, AVX2).fmas_per_load
    body = schedule_bodies([MicroKernelGroup(0, tile, False, None)])[0]
    assert "tile_sizes [6, 16] interchange [1, 0]" in body and "transform.structured.split %op after" in body


def test_avx512_keeps_dividing_tiles():
    """16 accumulators of a dividing tile: no split, whatever a remainder tile would score."""
    for m in (8, 16, 64, 256, 1024):
        assert choose_micro_tile(m, 64, 32, AVX512).remainder == 0


def test_micro_tile_never_spills_and_covers_the_rows():
    for target in (AVX512, AVX2, SSE):
        for m in (1, 3, 8, 30, 64, 100, 256):
            for n in (4, 16, 24, 64, 96, 1024):
                tile = choose_micro_tile(m, n, 32, target)
                if tile is None:
                    assert n % target.lanes(32), (target, m, n)
                    continue
                assert n % tile.nr == 0 and tile.nr % tile.lanes == 0
                if tile.remainder:
                    assert tile.split_rows % tile.mr == 0 and tile.split_rows + tile.remainder == m
                    assert 0 < tile.remainder < tile.mr
                else:
                    assert m % tile.mr == 0
                assert tile.registers <= target.vector_registers


ZEN4 = CpuTarget("znver4", 512, 32, True)


def test_zen4_matmuls_take_wider_tiles_and_convolutions_do_not():
    """On Zen 4 a B vector costs a broadcast (`MATMUL_B_LOAD_WEIGHTS`): 4x64 (4 broadcasts and 4
    B vectors per 16 FMAs) outranks 8x32 for matmuls; the convolution tiles keep weight 3."""
    assert matmul_b_load_weight(ZEN4) == 1 and matmul_b_load_weight(AVX512) == 3
    (zen4,) = plan_microkernels(xfuse.parse(mlp_module(64, 1, None)), ZEN4)
    (other,) = plan_microkernels(xfuse.parse(mlp_module(64, 1, None)), AVX512)
    assert (zen4.tile.mr, zen4.tile.nr) == (4, 64) and (other.tile.mr, other.tile.nr) == (8, 32)
    assert "tile_sizes [4, 64, 0] interchange [1, 0, 2]" in schedule_bodies([zen4])[0]
    assert "2.00 FMAs per load" in schedule_bodies([zen4])[0]
    assert choose_conv_tile(56, 64, 32, ZEN4) == choose_conv_tile(56, 64, 32, AVX512)


def test_one_row_products_may_take_eight_vectors(monkeypatch):
    """`ONE_ROW_VECTORS` (off by default: level on the CRNN) lets a one-row product take eight
    vectors per row, `MIN_ACCUMULATORS` chains; never on AVX2's 16 registers or for more rows.
    The product it makes agrees with the reference."""
    import xfuse.backends.schedules.micro_tile as micro_tile

    assert choose_micro_tile(1, 384, 32, AVX512).nr == 64
    monkeypatch.setattr(micro_tile, "ONE_ROW_VECTORS", 8)
    assert choose_micro_tile(1, 384, 32, AVX512).nr == 128
    assert choose_micro_tile(2, 384, 32, AVX512).nr == 64 and choose_micro_tile(1, 384, 32, AVX2).nr == 32
    _differential(xfuse.parse(mlp_models.mlp_layer_module(1, 384, 96, None)), "mlp")


def test_no_tile_when_n_is_not_a_vector_multiple():
    assert choose_micro_tile(64, 12, 32, AVX512) is None


@pytest.mark.parametrize(("k", "stride", "target", "block"), [
    (1024, 4096, AVX512, 256),   # 64 rows per L2 set (1 MiB, 16 ways): blocks of 16 per set
    (2048, 4096, AVX512, 256),
    (512, 2048, AVX512, None),   # 16 per set: fits
    (512, 4096, AVX512, None),   # 32 per set: blocking measured slower
    (1024, 256, AVX512, None),   # short rows: 256 positions, 4 per set
    (1024, 4000, AVX512, None),  # stride with a small power-of-two factor: spread over all sets
    (1024, 4096, replace(AVX512, l2_bytes=512 << 10, l2_ways=8), 128),
    (1031 * 16, 4096, AVX512, None),  # no divisor of K in range: one pass
])
def test_k_block_choice(k, stride, target, block):
    assert choose_k_block(k, stride, target) == block


@pytest.mark.parametrize(("m", "n", "k", "tiles"), [
    (32, 1024, 1024, (32, 64, 0)),   # fused, K blocked: the epilogue's register tiles follow the K-block loop
    (16, 1024, 1024, None),          # unfused, K blocked
])
def test_k_blocked_contractions_agree_with_the_reference(m, n, k, tiles):
    module = xfuse.parse(mlp_models.mlp_layer_module(m, n, k, tiles))
    if tiles is not None:
        xfuse.apply_passes(module, FUSION)
    groups = plan_microkernels(prepare_for_execution(module), AVX512)
    assert [g.k_block for g in groups] == [256]
    _differential(module, "mlp")


# Plan ---------------------------------------------------------------------------------------


def _fused_mlp(size=64, tiles=(32, 32, 0), layers=1):
    module = xfuse.parse(mlp_module(size, layers, tiles))
    xfuse.apply_passes(module, FUSION)
    return module


def _marked(module, attr):
    return [op.name for op in module.walk() if attr in op.attributes]


def test_plan_roots_the_fused_chain_at_its_last_consumer():
    module = _fused_mlp(layers=2)
    groups = plan_microkernels(module, AVX512)
    assert len(groups) == 1 and not groups[0].root_is_contraction
    assert _marked(module, ROOT_ATTR) == ["linalg.generic", "linalg.generic"]  # the two relus
    assert _marked(module, CONTRACTION_ATTR) == ["linalg.matmul", "linalg.matmul"]


def test_plan_does_not_fuse_what_xfuse_did_not():
    module = xfuse.parse(mlp_module(64, 1, None))
    (group,) = plan_microkernels(module, AVX512)
    assert group.root_is_contraction
    assert _marked(module, ROOT_ATTR) == ["linalg.matmul"]
    body = schedule_bodies([group])[0]
    assert "tile_sizes [8, 32, 0] interchange [1, 0, 2]" in body


def test_the_originals_a_fusion_left_dead_are_erased_without_apply_dce():
    """`transform.apply_dce` is quadratic in the dead ops (BERT-base: 78% of a 100 s transform
    interpreter, schedules/matmul.py's `remove_dead_ops`); each group erases them through the
    greedy driver instead, and the fused MLP (its relus fused into the register tiles, their
    originals dead) still agrees (`test_fused_mlps_agree_with_the_reference`)."""
    groups = plan_microkernels(_fused_mlp(layers=2), AVX512)
    data_tiled = MicroKernelGroup(1, groups[0].tile, False, None, kind="mmt4d")
    script = "".join(schedule_bodies([*groups, data_tiled]))
    assert "transform.apply_dce" not in script
    assert remove_dead_ops("%func0") in script and remove_dead_ops("%func1") in script


def _matmul_text(m: int, n: int, k: int) -> str:
    return f"""
    func.func @f(%a: tensor<{m}x{k}xf32>, %b: tensor<{k}x{n}xf32>, %c: tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32> {{
      %0 = linalg.matmul ins(%a, %b : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%c : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
      return %0 : tensor<{m}x{n}xf32>
    }}"""


def test_plan_skips_contractions_it_cannot_tile():
    module = xfuse.parse(_matmul_text(4, 10, 8))  # 10 columns: no vector of 4, 8 or 16 lanes divides them
    assert plan_microkernels(module, AVX512) == []
    assert schedule_bodies([]) == []


@pytest.mark.parametrize(("m", "n", "k", "lanes"), [(4, 12, 8, 4), (1, 40, 64, 8), (2, 1000, 32, 8)])
def test_narrow_columns_get_narrower_vectors(m, n, k, lanes):
    """A width no multiple of the full vector (1000 classes) is tiled with half or quarter
    vectors, not left to scalar loops; the result is numpy's."""
    module = xfuse.parse(_matmul_text(m, n, k))
    (group,) = plan_microkernels(module, AVX512)
    assert group.tile.lanes == lanes
    rng = np.random.default_rng(0)
    a, b, c = (rng.standard_normal(s, dtype=np.float32) for s in ((m, k), (k, n), (m, n)))
    (got,) = compile_module(xfuse.parse(_matmul_text(m, n, k)), "f", "microkernel")(a, b, c)
    np.testing.assert_allclose(got, c + a @ b, rtol=1e-4, atol=1e-4)


PADDED_PACK_BEFORE_MATMUL = """
func.func @f(%x: tensor<5x2xf32>, %w: tensor<2x8xf32>) -> tensor<5x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<2x1x3x2xf32>
  %p = linalg.pack %x padding_value(%zero : f32) inner_dims_pos = [0, 1] inner_tiles = [3, 2] into %e1 : tensor<5x2xf32> -> tensor<2x1x3x2xf32>
  %e2 = tensor.empty() : tensor<2x1x3x2xf32>
  %q = linalg.exp ins(%p : tensor<2x1x3x2xf32>) outs(%e2 : tensor<2x1x3x2xf32>) -> tensor<2x1x3x2xf32>
  %e3 = tensor.empty() : tensor<5x2xf32>
  %u = linalg.unpack %q inner_dims_pos = [0, 1] inner_tiles = [3, 2] into %e3 : tensor<2x1x3x2xf32> -> tensor<5x2xf32>
  %e4 = tensor.empty() : tensor<5x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e4 : tensor<5x8xf32>) -> tensor<5x8xf32>
  %r = linalg.matmul ins(%u, %w : tensor<5x2xf32>, tensor<2x8xf32>) outs(%f : tensor<5x8xf32>) -> tensor<5x8xf32>
  return %r : tensor<5x8xf32>
}
"""


def test_a_matmul_whose_tiles_would_take_a_padded_pack_keeps_the_loops():
    """The register tiles' greedy fusion would pull the padded pack (no pack schedule takes
    one) into every tile, where vectorizing it fails ("Attempted to vectorize, but failed":
    random program 64004 of the differential tester). Such a matmul is left unscheduled, and
    the module compiles and agrees with numpy."""
    module = prepare_for_execution(xfuse.parse(PADDED_PACK_BEFORE_MATMUL))
    plan_packs(module, AVX512)
    assert plan_microkernels(module, AVX512) == []
    rng = np.random.default_rng(0)
    x, w = rng.standard_normal((5, 2), dtype=np.float32), rng.standard_normal((2, 8), dtype=np.float32)
    (got,) = compile_module(xfuse.parse(PADDED_PACK_BEFORE_MATMUL), "f", "microkernel")(x, w)
    np.testing.assert_allclose(got, np.exp(x) @ w, rtol=1e-5, atol=1e-5)


def test_microkernel_is_the_tensor_default():
    assert default_pipeline_for(xfuse.parse(mlp_module(64, 1, None))).name == "microkernel"
    assert get_pipeline(None).name == "microkernel"


# Differential against the reference pipeline ------------------------------------------------


def _inputs_cases():
    cases = [pytest.param(ROOT / "tests/backends/inputs/all_ops.mlir", "tensors", "", id="all_ops")]
    for case in sorted((ROOT / "tests/bufferize_cases").glob("*.mlir")):
        cases.append(pytest.param(case, None, "", id=f"bufferize_cases/{case.stem}"))
    cases.append(pytest.param(ROOT / "examples/mlp_tiled.mlir", None,
                              "xfuse-fuse-producers,xfuse-fuse-consumers,xfuse-fuse-producers", id="mlp_tiled",
                              marks=pytest.mark.slow))
    cases.append(pytest.param(ROOT / "examples/mlp.mlir", None, "", id="mlp", marks=pytest.mark.slow))
    return cases


def _differential(module, entry, seeds=(0, 1), reference_pipeline=None):
    reference_pipeline = reference_pipeline or get_pipeline("default")
    microkernel = replace(reference_pipeline, name="microkernel", microkernels=True, host_cpu=True)
    candidate = compile_module(module, entry, microkernel)
    reference = compile_module(module, entry, reference_pipeline)
    for seed in seeds:
        inputs = random_inputs(candidate.signature, seed=seed)
        got, want = candidate(*[np.copy(x) if isinstance(x, np.ndarray) else x for x in inputs]), reference(*inputs)
        assert len(got) == len(want)
        for g, w in zip(got, want, strict=True):
            np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-4)
    return candidate


@pytest.mark.parametrize(("path", "entry", "passes"), _inputs_cases())
def test_existing_inputs_agree_with_the_reference(path, entry, passes):
    text = path.read_text()
    if "func.func @memrefs" in text:  # all_ops: the memref function (with deallocs) is lowered by `memref`
        text = text[: text.index("func.func @memrefs")]
    module = parse(text, make_context(), name=str(path))
    if passes:
        xfuse.apply_passes(module, passes)
    if default_pipeline_for(module).name != "microkernel":
        pytest.skip("memref input: lowered by the memref pipeline, not microkernel")
    _differential(module, entry, reference_pipeline=reference_pipeline(text))  # the case's bufferization options


@pytest.mark.parametrize(("size", "tiles", "layers", "passes"), [
    (64, (32, 32, 0), 1, FUSION),
    (64, (16, 64, 0), 2, FUSION),    # a 16x64 tile: 4x64 register tiles, chained layers
    (96, (48, 32, 0), 1, FUSION),    # tiles that 64-wide register tiles do not divide
    (64, (32, 32, 16), 1, "xfuse-tile{loop=for},xfuse-fuse-producers"),  # K tiled too: accumulate in a loop
    (64, None, 1, ""),               # unfused: whole-tensor matmul register-tiled alone
])
def test_fused_mlps_agree_with_the_reference(size, tiles, layers, passes):
    module = xfuse.parse(mlp_module(size, layers, tiles))
    if passes:
        xfuse.apply_passes(module, passes)
    _differential(module, "mlp")


# Generated code -----------------------------------------------------------------------------


def _assembly(module, tmp_path) -> str:
    pipeline = get_pipeline("microkernel")
    prepared = prepare_for_execution(module)
    pipeline = pipeline.for_module(prepared)
    subprocess.run(lower_to_llvm_dialect_command(emit_mlir_text(prepared), pipeline, tmp_path), check=True)
    tool = {name: str(toolchain.find_tool(name)) for name in ("mlir-translate", "opt", "llc")}
    subprocess.run([tool["mlir-translate"], "--mlir-to-llvmir", tmp_path / "lowered.mlir", "-o", tmp_path / "m.ll"],
                   check=True)
    subprocess.run([tool["opt"], "-O3", *pipeline.cpu_flags, tmp_path / "m.ll", "-o", tmp_path / "m.bc"], check=True)
    subprocess.run([tool["llc"], "-O3", *pipeline.cpu_flags, tmp_path / "m.bc", "-o", tmp_path / "m.s"], check=True)
    return (tmp_path / "m.s").read_text()


def _innermost_loops(assembly: str) -> list[str]:
    """Bodies of the loops whose label the block itself jumps back to, with no label inside."""
    loops = []
    for label in re.finditer(r"^(\.LBB\d+_\d+):", assembly, re.M):
        back = re.compile(rf"^\s+j\w+\s+{re.escape(label.group(1))}$", re.M).search(assembly, label.end())
        if back is not None:
            body = assembly[label.end():back.start()]
            if not re.search(r"^\.LBB", body, re.M):
                loops.append(body)
    return loops


def test_inner_loop_of_the_fused_512_mlp_is_vector_fmas(tmp_path):
    if host_target().vector_bits < 256 or not host_target().cpu.startswith(("znver", "x86-64-v", "skylake",
                                                                              "icelake", "sapphire", "haswell",
                                                                              "alderlake", "raptor", "broadwell",
                                                                              "cascade", "cooper", "tiger", "rocket")):
        pytest.skip(f"needs an x86-64 host with AVX2 or AVX-512 (host: {host_target()})")
    assembly = _assembly(_fused_mlp(512, (64, 64, 0)), tmp_path)
    fma_loops = [body for body in _innermost_loops(assembly) if re.search(r"vfmadd\d+ps", body)]
    assert fma_loops, "no innermost loop with packed FMAs"
    kernel = max(fma_loops, key=lambda body: len(re.findall(r"vfmadd\d+ps", body)))
    register = "zmm" if host_target().vector_bits == 512 else "ymm"
    packed = re.findall(rf"vfmadd\d+ps\s+.*%{register}", kernel)
    assert len(packed) >= 8, kernel
    assert not re.search(r"vfmadd\d+ss|vmulss|vaddss", kernel), kernel


def test_openmp_pipeline_agrees():
    module = _fused_mlp(128, (32, 64, 0), layers=2)
    candidate = compile_module(module, "mlp", "microkernel-openmp")
    reference = compile_module(module, "mlp", "default")
    inputs = random_inputs(candidate.signature, seed=3)
    for _ in range(3):  # the team is reused across calls
        np.testing.assert_allclose(candidate(*inputs)[0], reference(*inputs)[0], rtol=1e-4, atol=1e-4)
    lowered = get_pipeline("microkernel-openmp").spec()
    assert "convert-scf-to-openmp" in lowered and "scf-forall-to-for" not in lowered
    # memref.alloca_scope (from scf-to-openmp) is lowered while its region is still one block
    assert lowered.index("finalize-memref-to-llvm") < lowered.index("convert-scf-to-cf")


def test_no_pipeline_on_the_async_runtime():
    """`microkernel-parallel` (MLIR's async-parallel-for) is gone: it ran some iterations of a
    multi-dimensional loop several times (docs/backend.md); naming it is an error listing the
    pipelines there are."""
    with pytest.raises(BackendError, match=r"unknown pipeline 'microkernel-parallel' \(known: .*microkernel-openmp"):
        get_pipeline("microkernel-parallel")
    assert not any("async" in step.passes for pipeline in PIPELINES.values() for step in pipeline.steps)


# Data-tiled form (pack + mmt4d) --------------------------------------------------------------


def test_plan_takes_the_mmt4d_inner_tile_as_register_tile():
    module = xfuse.parse(mlp_models.mlp_mmt4d_module(64, 64, 32, inner=(16, 16, 1)))
    (group,) = plan_microkernels(module, AVX512)
    assert group.kind == "mmt4d" and (group.tile.mr, group.tile.nr, group.tile.accumulators) == (16, 16, 16)
    (after,) = after_bufferize_bodies([group])
    assert "drop_inner_most_unit_dims_from_xfer_ops" in after
    # 16x16 f32 needs 32 ymm accumulators: more than AVX2 has, so the tile is left to the generic lowering
    assert plan_microkernels(xfuse.parse(mlp_models.mlp_mmt4d_module(64, 64, 32, inner=(16, 16, 1))), AVX2) == []
    (avx2,) = plan_microkernels(xfuse.parse(mlp_models.mlp_mmt4d_module(64, 64, 32, inner=(8, 8, 1))), AVX2)
    assert (avx2.tile.mr, avx2.tile.nr) == (8, 8)


@pytest.mark.parametrize("k", [32, 1], ids=["k32", "unit_k"])
@pytest.mark.parametrize("passes", [FUSION, ""])
def test_data_tiled_mlp_agrees_with_the_reference(passes, k):
    # k=1: a single-step reduction gets no K loop (hoisting from a one-step loop crashed mlir-opt).
    inner = (16, 16, 1) if host_target().vector_bits >= 512 else (8, 8, 1)
    module = xfuse.parse(mlp_models.mlp_mmt4d_module(64, 64, k, inner=inner, tile_sizes=(2, 2) if passes else None))
    if passes:
        xfuse.apply_passes(module, passes)
    _differential(module, "mlp")
    x, w, b = random_inputs(compile_module(module, "mlp").signature, seed=4)
    (got,) = compile_module(module, "mlp")(x, w, b)
    np.testing.assert_allclose(got, np.maximum(x.astype(np.float64) @ w + b, 0), rtol=1e-4, atol=1e-4)


def test_mmt4d_inner_loop_is_one_vector_load_and_fmas(tmp_path):
    if host_target().vector_bits < 512:
        pytest.skip(f"checks the AVX-512 16x16x1 kernel (host: {host_target()})")
    module = xfuse.parse(mlp_models.mlp_mmt4d_module(128, 128, 64, tile_sizes=(4, 4)))
    xfuse.apply_passes(module, FUSION)
    kernels = [body for body in _innermost_loops(_assembly(module, tmp_path)) if re.search(r"vfmadd\d+ps", body)]
    assert kernels
    kernel = max(kernels, key=lambda body: len(re.findall(r"vfmadd\d+ps", body)))
    # 16 FMAs per K step, each broadcasting its A element from memory (LLVM unrolls the K loop by
    # two for Zen 4: 32)
    fmas = re.findall(r"vfmadd\d+ps", kernel)
    assert len(re.findall(r"vfmadd\d+ps\s+.*\{1to16\}.*%zmm", kernel)) == len(fmas), kernel
    assert len(fmas) in (16, 32, 64), kernel
    assert not re.search(r"vpermt2|vinsertf|vmovss", kernel), kernel  # B's row is one load, not assembled


DATA_TILED = "xfuse-tile{loop=forall},xfuse-diffusion{cost-model=no-recompute}"


def _pack_module(shape, inner, outer_perm=None, inner_pos=(0, 1), padding=False):
    m, k = shape
    outer = [-(-m // inner[0]), -(-k // inner[1])] if tuple(inner_pos) == (0, 1) else [-(-m // inner[1]), -(-k // inner[0])]
    if outer_perm:
        outer = [outer[i] for i in outer_perm]
    packed = f"tensor<{outer[0]}x{outer[1]}x{inner[0]}x{inner[1]}xf32>"
    perm = f"outer_dims_perm = [{', '.join(map(str, outer_perm))}] " if outer_perm else ""
    pad = "padding_value(%z : f32) " if padding else ""
    return f"""func.func @pack(%x: tensor<{m}x{k}xf32>) -> {packed} {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {packed}
  %p = linalg.pack %x {pad}{perm}inner_dims_pos = [{inner_pos[0]}, {inner_pos[1]}] inner_tiles = [{inner[0]}, {inner[1]}] into %e
      : tensor<{m}x{k}xf32> -> {packed}
  return %p : {packed}
}}"""


def _pack_op(text):
    return next(op for op in xfuse.parse(text).walk() if op.name == "linalg.pack")


def test_pack_block_is_whole_vectors_in_and_out():
    # LHS of an AVX-512 mmt4d (16x1 tiles): 16 rows x 16 columns of A, one 16x16 transpose.
    assert pack_block_tile(_pack_op(_pack_module((64, 32), (16, 1))), AVX512) == (1, 16)
    # RHS (transposed outer dims, 16x1 tiles of N x K): 16 rows of K, each a 16-wide vector of B.
    rhs = _pack_module((32, 64), (16, 1), outer_perm=[1, 0], inner_pos=(1, 0))
    assert pack_block_tile(_pack_op(rhs), AVX512) == (1, 16)
    # AVX2 (8 lanes): an 8x8 block.
    assert pack_block_tile(_pack_op(_pack_module((64, 32), (8, 1))), AVX2) == (1, 8)
    # Padding, or dynamic shapes: left to lower_pack.
    assert pack_block_tile(_pack_op(_pack_module((60, 32), (16, 1), padding=True)), AVX512) is None


# Inputs of MLIR 22's own tests (Linalg/vectorization/linalg-ops.mlir @test_vectorize_pack: a 3-d
# pack with permuted outer dims and two inner tiles; Linalg/transform-lower-pack.mlir @pack: 4-d,
# padded), the destination as an argument as there.
UPSTREAM_PACKS = {
    "mlir_vectorize_pack": """func.func @pack(%arg0: tensor<32x8x16xf32>, %arg1: tensor<4x1x32x16x2xf32>) -> tensor<4x1x32x16x2xf32> {
  %pack = linalg.pack %arg0 outer_dims_perm = [1, 2, 0] inner_dims_pos = [2, 1] inner_tiles = [16, 2] into %arg1 : tensor<32x8x16xf32> -> tensor<4x1x32x16x2xf32>
  return %pack : tensor<4x1x32x16x2xf32>
}""",
    "mlir_lower_pack_padded": """func.func @pack(%arg0: tensor<129x47x16x16xf32>, %arg1: tensor<17x2x16x16x32x8xf32>) -> tensor<17x2x16x16x32x8xf32> {
  %cst_0 = arith.constant 0.0 : f32
  %pack = linalg.pack %arg0 padding_value(%cst_0 : f32) inner_dims_pos = [1, 0] inner_tiles = [32, 8] into %arg1
    : tensor<129x47x16x16xf32> -> tensor<17x2x16x16x32x8xf32>
  return %pack : tensor<17x2x16x16x32x8xf32>
}""",
}


def test_unused_padding_value_is_dropped_so_the_pack_is_vectorized():
    # MLIR's pack canonicalization folds a padding value the tiles never use; with it, tiling
    # makes dynamic source slices (clamped) that transform.structured.vectorize refuses.
    module = xfuse.parse(_pack_module((64, 32), (16, 1), padding=True))
    assert plan_packs(module, AVX512)
    (pack,) = [op for op in module.walk() if op.name == "linalg.pack"]
    assert pack.padding_value is None and PACK_ATTR in pack.attributes


def test_data_tiling_passes_then_the_microkernel_backend():
    # xfuse's data-tiling pipeline writes packs with padding values; the backend must take them.
    text = """func.func @matmul(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%cst : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}"""
    module = xfuse.parse(text)
    xfuse.apply_passes(module, "xfuse-set-encoding,xfuse-materialize-encoding{target=host},xfuse-generic-to-mmt4d")
    assert any(op.name == "linalg.mmt4d" for op in module.walk())
    compiled = _differential(module, "matmul")
    a, b = random_inputs(compiled.signature, seed=5)
    np.testing.assert_allclose(compiled(a, b)[0], a @ b, rtol=1e-4, atol=1e-4)


def test_upstream_3d_pack_is_vectorized_in_blocks():
    assert pack_block_tile(_pack_op(UPSTREAM_PACKS["mlir_vectorize_pack"]), AVX512) == (1, 1, 16)
    assert pack_block_tile(_pack_op(UPSTREAM_PACKS["mlir_lower_pack_padded"]), AVX512) is None


@pytest.mark.parametrize("case", ["lhs", "rhs", "padded", "padding_unused", *UPSTREAM_PACKS])
def test_vectorized_packs_agree_with_the_reference_and_numpy(case):
    text = {"lhs": _pack_module((64, 32), (16, 1)),
            "rhs": _pack_module((32, 64), (16, 1), outer_perm=[1, 0], inner_pos=(1, 0)),
            "padded": _pack_module((60, 32), (16, 1), padding=True),
            # A padding value the tiles never need (as xfuse-materialize-encoding writes it).
            "padding_unused": _pack_module((64, 32), (16, 1), padding=True), **UPSTREAM_PACKS}[case]
    module = xfuse.parse(text)
    compiled = _differential(module, "pack")
    inputs = random_inputs(compiled.signature, seed=3)
    (got,) = compiled(*inputs)
    x = inputs[0]
    if case in ("lhs", "padding_unused"):
        np.testing.assert_array_equal(got, x.reshape(4, 16, 32, 1).transpose(0, 2, 1, 3))
    elif case == "rhs":
        np.testing.assert_array_equal(got, x.T.reshape(4, 16, 32, 1).transpose(0, 2, 1, 3))


def test_pack_inner_loop_is_vector_moves_and_shuffles():
    if host_target().vector_bits < 512:
        pytest.skip(f"checks the AVX-512 16x16 in-register transpose (host: {host_target()})")
    assembly = lower_to_llvm_ir(xfuse.parse(_pack_module((256, 256), (16, 1))), "microkernel", assembly=True)
    loops = _innermost_loops(assembly)
    assert any(re.search(r"vunpck[lh]ps\s.*%zmm", body) for body in loops), assembly
    assert not any(re.search(r"vmovss", body) for body in loops), "a scalar element-by-element pack loop is left"


def test_no_recompute_keeps_packs_out_of_the_nest_and_fuses_the_rest():
    module = xfuse.parse(mlp_models.mlp_mmt4d_module(64, 64, 32, inner=(16, 16, 1), tile_sizes=(2, 2)))
    xfuse.apply_passes(module, DATA_TILED)
    (function,) = [op for op in module.walk() if op.name == "func.func"]
    top = [op.name for op in function.body.block.ops]
    assert top.count("linalg.pack") == 2 and "scf.forall" in top
    (nest,) = [op for op in function.body.block.ops if op.name == "scf.forall"]
    fused = {op.name for op in nest.walk()}
    assert {"linalg.mmt4d", "linalg.unpack", "linalg.add", "linalg.broadcast", "linalg.fill"} <= fused
    assert "linalg.pack" not in fused
    smallest = xfuse.parse(mlp_models.mlp_mmt4d_module(64, 64, 32, inner=(16, 16, 1), tile_sizes=(2, 2)))
    xfuse.apply_passes(smallest, FUSION)
    assert any(op.name == "linalg.pack" for op in smallest.walk() if op.parent_op() and op.parent_op().name == "scf.forall")


def test_data_tiled_epilogue_runs_on_the_registers(tmp_path):
    """The unpack, bias add and relu fused after the mmt4d are vectorized on its 16x16 register
    tile: no innermost loop of the compiled layer does scalar float arithmetic or moves."""
    if host_target().vector_bits < 512:
        pytest.skip(f"checks the AVX-512 16x16x1 kernel (host: {host_target()})")
    module = xfuse.parse(mlp_models.mlp_mmt4d_module(128, 128, 64, tile_sizes=(4, 4)))
    xfuse.apply_passes(module, DATA_TILED)
    (group,) = plan_microkernels(module.clone(), AVX512)
    assert group.kind == "mmt4d" and not group.root_is_contraction
    loops = _innermost_loops(_assembly(module, tmp_path))
    assert loops and not [body for body in loops if re.search(r"v(mov|add|max|mul)ss", body)], loops
    compiled = _differential(module, "mlp")
    x, w, b = random_inputs(compiled.signature, seed=5)
    (got,) = compiled(x, w, b)
    np.testing.assert_allclose(got, np.maximum(x.astype(np.float64) @ w + b, 0), rtol=1e-4, atol=1e-4)


# Targets ------------------------------------------------------------------------------------


def test_target_override_and_flags(avx2_host):
    assert (avx2_host.vector_bits, avx2_host.vector_registers, avx2_host.lanes(32)) == (256, 16, 8)
    assert avx2_host.llvm_flags() == ["-mcpu=x86-64-v3"]
    assert CpuTarget("generic", 128, 16, False).llvm_flags() == []


@pytest.mark.parametrize("name, bits, registers, fma, l2", [
    ("znver3", 256, 16, True, (512 << 10, 8)), ("znver4", 512, 32, True, (1 << 20, 8)),
    ("skylake-avx512", 512, 32, True, (1 << 20, 16)), ("nehalem", 128, 16, False, None)])
def test_a_named_cpu_gets_the_registers_llvm_gives_it(monkeypatch, name, bits, registers, fma, l2):
    """A CPU name that is not an x86-64 level: LLVM compiles one 16-lane FMA for it and the
    registers it writes are the target's (a named Zen 3 had been given SSE's 128 bits); a CPU
    whose L2 xfuse knows gets that L2, not the host's (`KNOWN_L2`: a Zen 3 build's cache-driven
    choices had followed a Zen 4 host's L2)."""
    if platform.machine() not in ("x86_64", "AMD64"):
        pytest.skip("x86 CPU names")
    monkeypatch.setenv("XFUSE_TARGET_CPU", name)
    host_target.cache_clear()
    try:
        target = host_target()
    finally:
        monkeypatch.delenv("XFUSE_TARGET_CPU")
        host_target.cache_clear()
    assert (target.cpu, target.vector_bits, target.vector_registers, target.has_fma) == (name, bits, registers, fma)
    assert f"-mcpu={name}" in target.llvm_flags()
    if l2 is not None:
        assert (target.l2_bytes, target.l2_ways) == l2


def test_an_unknown_cpu_name_is_refused(monkeypatch):
    monkeypatch.setenv("XFUSE_TARGET_CPU", "no-such-cpu")
    host_target.cache_clear()
    try:
        with pytest.raises(toolchain.ToolchainError, match="XFUSE_TARGET_CPU=no-such-cpu: LLVM does not know this CPU"):
            host_target()
    finally:
        monkeypatch.delenv("XFUSE_TARGET_CPU")
        host_target.cache_clear()


@pytest.fixture
def matmul_k_unroll(monkeypatch):
    """The matmul K-loop unroll switched on (it is off by default: micro_tile.MATMUL_K_UNROLL_ENABLED),
    so that the rule stays correct for the next measurement."""
    monkeypatch.setattr(matmul_schedule, "MATMUL_K_UNROLL_ENABLED", True)


def test_matmul_k_loop_is_not_unrolled_by_default():
    module = xfuse.parse(mlp_models.mlp_layer_module(64, 64, 512, (64, 64, 0)))
    xfuse.apply_passes(module, FUSION)
    (group,) = plan_microkernels(prepare_for_execution(module), AVX2)
    assert group.k_unroll == 1


@pytest.mark.parametrize(("m", "n", "k", "tiles", "layers"), [
    (128, 128, 64, (64, 64, 0), 2),     # fused, two layers: rows 0-59 in 6x16 tiles, 60-63 in one 4x16
    (32, 1024, 1024, (32, 64, 0), 1),   # fused and K-blocked: the split happens inside the K-block loop
    (32, 1024, 1024, None, 1),          # unfused, K-blocked (the fill is outside the K loop anyway)
    (64, 64, 48, None, 1),              # unfused, one K pass: a dividing 4x16 keeps the fill in registers
])
def test_avx2_remainder_tiles_agree_with_the_reference(avx2_host, m, n, k, tiles, layers, matmul_k_unroll):
    if layers == 2:
        module = xfuse.parse(mlp_module(m, layers, tiles))
    else:
        module = xfuse.parse(mlp_models.mlp_layer_module(m, n, k, tiles))
    if tiles is not None:
        xfuse.apply_passes(module, FUSION)
    groups = plan_microkernels(prepare_for_execution(module), avx2_host)
    blocked = k == 1024
    assert [g.k_block is not None for g in groups] == [blocked]
    expected = (6, (tiles[0] if tiles else m) % 6) if tiles or blocked else (4, 0)
    assert [(g.tile.mr, g.tile.remainder) for g in groups] == [expected]
    assert [g.k_unroll for g in groups] == [4]  # so the comparison covers the unrolled K loops too
    _differential(module, "mlp")


@pytest.mark.parametrize(("target", "k", "unroll"), [
    (AVX2, 512, 4),    # 6x16 (and 4x16 for the last rows): 15 of 16 registers, one free is enough
    (AVX2, 50, 1),     # K no multiple of 4
    (AVX512, 512, 1),  # 32 registers: not measured there, the loop stays as it was
])
def test_matmul_k_loop_unrolled_on_16_register_targets(target, k, unroll, matmul_k_unroll):
    module = xfuse.parse(mlp_models.mlp_layer_module(64, 64, k, (64, 64, 0)))
    xfuse.apply_passes(module, FUSION)
    (group,) = plan_microkernels(prepare_for_execution(module), target)
    assert group.k_unroll == unroll
    body = schedule_bodies([group])[0]
    assert (f"transform.loop.unroll %k{group.group} {{factor = 4}}" in body) == (unroll > 1)


@pytest.mark.parametrize("hoisted", [True, False])
def test_avx2_matmul_inner_loop_is_unrolled_without_spills(avx2_host, tmp_path, matmul_k_unroll, monkeypatch,
                                                           hoisted):
    """AVX2's 6x16 tile leaves one of the 16 registers free; unrolled by 4, LLVM rotates the two
    B vectors and the broadcast through three registers: 48 FMAs and 24 broadcasts per iteration,
    nothing on the stack. With the tile's B read from panels packed before the tile loop
    (`hoist_tile_panels`: each 64 x 16 panel product gets 6x16 + 4x16, as a top-level product
    does) and as the weight's strided slice (`HOIST_TILE_PANELS` off)."""
    from xfuse.backends.schedules import activation_panels

    monkeypatch.setattr(activation_panels, "HOIST_TILE_PANELS", hoisted)
    module = xfuse.parse(mlp_models.mlp_layer_module(64, 64, 256, (64, 64, 0)))
    xfuse.apply_passes(module, FUSION)
    assembly = _assembly(module, tmp_path)
    kernel = max(_innermost_loops(assembly), key=lambda body: len(re.findall(r"vfmadd\d+ps", body)))
    assert len(re.findall(r"vfmadd\d+ps\s+.*%ymm", kernel)) == 12 * 4, kernel
    assert len(re.findall(r"vbroadcastss", kernel)) == 6 * 4, kernel
    assert not re.search(r"\(%rsp\)|\(%rbp\)", kernel), kernel  # no spills


@pytest.mark.parametrize("data_tiled", [False, True])
def test_avx2_schedules_agree_with_the_reference(avx2_host, data_tiled):
    if data_tiled:
        module = xfuse.parse(mlp_models.mlp_mmt4d_module(64, 64, 32, inner=(8, 8, 1), tile_sizes=(4, 4)))
    else:
        module = xfuse.parse(mlp_module(96, 1, (48, 48, 0)))
    xfuse.apply_passes(module, FUSION)
    (group,) = plan_microkernels(prepare_for_execution(module), avx2_host)
    assert (group.tile.mr, group.tile.nr) == ((8, 8) if data_tiled else (6, 16))
    candidate = _differential(module, "mlp")
    assert candidate.pipeline.cpu_flags == ("-mcpu=x86-64-v3",)


def _random_layer(seed: int, lanes: int, element: str = "f32"):
    """A random MLP layer (shapes, tiles, fused or not) whose N is a multiple of `lanes`."""
    rng = np.random.default_rng(seed)
    m = int(rng.choice([1, 3, 5, 7, 12, 13, 20, 30, 45, 64, 100]))
    n = lanes * int(rng.choice([1, 2, 3, 5, 8]))
    k = int(rng.choice([1, 3, 33, 200]))
    if rng.random() < 0.3:
        return mlp_models.mlp_layer_module(m, n, k, None, element=element), False
    rows = [d for d in range(1, m + 1) if m % d == 0]
    cols = [d for d in range(lanes, n + 1, lanes) if n % d == 0]
    tiles = (int(rng.choice(rows)), int(rng.choice(cols)), 0)
    return mlp_models.mlp_layer_module(m, n, k, tiles, element=element), True


def _random_layer_agrees(seed: int, target: CpuTarget, element: str, input_seed: int | None = None) -> None:
    """The random layer of `seed` for `target`'s vector width, fused when it has tiles, agrees
    with the reference pipeline."""
    text, fused = _random_layer(seed, target.lanes(64 if element == "f64" else 32), element)
    module = xfuse.parse(text)
    if fused:
        xfuse.apply_passes(module, FUSION)
    _differential(module, "mlp", seeds=(seed if input_seed is None else input_seed,))


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "element"), [(s, "f32") for s in range(16)] + [(s, "f64") for s in range(16, 24)])
def test_random_layers_agree_on_16_register_targets(avx2_host, seed, element):
    """Random shapes and tiles for a 16-register target, where remainder tiles are chosen (f64:
    4 lanes): the schedule's code agrees with the reference pipeline's."""
    _random_layer_agrees(seed, avx2_host, element)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_random_f64_layers_agree_on_the_host(seed):
    _random_layer_agrees(100 + seed, host_target(), "f64", input_seed=seed)


def test_epilogue_with_a_broadcast_operand_runs_on_the_register_tile():
    """One generic (bias read through a (d0, d1) -> (d1) map, add, relu) as the fused consumer."""
    text = """
    func.func @layer(%x: tensor<64x32xf32>, %w: tensor<32x64xf32>, %b: tensor<64xf32>) -> tensor<64x64xf32> {
      %zero = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<64x64xf32>
      %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
      %mm = linalg.matmul {xfuse.tile_sizes = array<i64: 32, 64, 0>}
          ins(%x, %w : tensor<64x32xf32>, tensor<32x64xf32>) outs(%acc : tensor<64x64xf32>) -> tensor<64x64xf32>
      %o = tensor.empty() : tensor<64x64xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>,
                                            affine_map<(d0, d1) -> (d0, d1)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%mm, %b : tensor<64x64xf32>, tensor<64xf32>) outs(%o : tensor<64x64xf32>) {
      ^bb0(%a: f32, %bias: f32, %out: f32):
        %s = arith.addf %a, %bias : f32
        %m = arith.maximumf %s, %zero : f32
        linalg.yield %m : f32
      } -> tensor<64x64xf32>
      return %r : tensor<64x64xf32>
    }"""
    module = xfuse.parse(text)
    xfuse.apply_passes(module, FUSION)
    marked = prepare_for_execution(module)
    (group,) = plan_microkernels(marked, AVX512)
    assert not group.root_is_contraction
    assert [op.name for op in marked.walk() if ROOT_ATTR in op.attributes] == ["linalg.generic"]
    _differential(module, "layer")


@pytest.mark.parametrize(("m", "n", "k"), [(64, 64, 32), (30, 64, 16), (2, 1000, 32)])
@pytest.mark.parametrize("pipeline", ["microkernel-openmp"])
def test_parallel_pipelines_make_register_tiles_forall_iterations(pipeline, m, n, k, monkeypatch):
    """An untiled matmul's register tiles are one scf.forall's iterations in the parallel
    pipelines (run on every CPU), scf.for loops in `microkernel`; the result is numpy's (these
    matmuls are small: the size rule, `PARALLEL_MIN_FLOPS`, is off here)."""
    import xfuse.backends.schedules.matmul as matmul_schedule

    if pipeline == "microkernel-openmp" and not openmp_available():
        pytest.skip("LLVM's OpenMP runtime is not installed: pip install cmeel-libomp")
    monkeypatch.setattr(matmul_schedule, "PARALLEL_MIN_FLOPS", 0)
    groups = plan_microkernels(xfuse.parse(_matmul_text(m, n, k)), AVX512)
    assert "use_forall" in schedule_bodies(groups, parallel=True)[0]
    assert "use_forall" not in schedule_bodies(groups)[0]
    rng = np.random.default_rng(1)
    a, b, c = (rng.standard_normal(s, dtype=np.float32) for s in ((m, k), (k, n), (m, n)))
    (got,) = compile_module(xfuse.parse(_matmul_text(m, n, k)), "f", pipeline)(a, b, c)
    np.testing.assert_allclose(got, c + a @ b, rtol=1e-4, atol=1e-4)


def test_register_tiles_inside_xfuse_forall_tiles_stay_loops():
    """The MLP tiled by xfuse-tile{loop=forall}: its contractions are in a forall already, so the
    parallel schedule keeps scf.for register tiles (nested parallel loops deadlocked the async
    runtime)."""
    module = xfuse.parse(mlp_module(64, 1, (32, 32)))
    xfuse.apply_passes(module, FUSION)
    groups = plan_microkernels(module, AVX512)
    assert groups and all(group.in_forall for group in groups)
    assert "use_forall" not in schedule_bodies(groups, parallel=True)[0]


@pytest.mark.parametrize("name", sorted(PIPELINES))
def test_runtime_checks_run_while_the_module_is_memrefs_and_linalg_ops(name):
    pipeline = PIPELINES[name]
    checked = with_runtime_checks(pipeline)
    assert checked.name == f"{name}+runtime-checks"
    position = checked.steps.index(RUNTIME_VERIFICATION)
    assert checked.steps[position + 1] == LINALG_TO_LOOPS
    assert checked.steps[:position] + checked.steps[position + 1:] == pipeline.steps
    assert with_runtime_checks(checked) is checked
    assert "generate-runtime-verification" in checked.spec() and "generate-runtime-verification" not in pipeline.spec()

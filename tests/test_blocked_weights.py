"""`xfuse-block-matmul-weights` (xfuse/transforms/layout/blocked_weights.py): the matmuls on weight
panels compute what the plain ones do, through the reference lowering and the register-tiled
schedules (serial and parallel), once the caller reshapes and permutes each weight as its
argument's attributes say (`permute_weights`, as xfuse.onnx's Model does). The FileCheck test
tests/filecheck/transforms/layout/block-matmul-weights.mlir covers the IR; here also seeded
random shapes and a transformer layer against onnxruntime."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.runner import compile_module
from xfuse.parsing import parse
from xfuse.passes import apply_passes
from xfuse.backends.target import CpuTarget
from xfuse.transforms.layout.blocked_weights import block_matmul_weights, block_width, chunk_rows, panel_width
from xfuse.transforms.layout.weight_layout import permute_weights, weight_layouts, weight_shapes

INPUT = Path(__file__).parent / "filecheck" / "transforms" / "layout" / "Inputs" / "matmul_weights.mlir"


def _stored(function: str, arguments: list, layouts: dict) -> dict[str, np.ndarray]:
    """Seeded arrays as the model stores them: an argument with a layout (a Gemm weight stored
    transposed) takes the stored array permuted, so the stored one is the argument's shape
    permuted back."""
    rng = np.random.default_rng(len(function))
    arrays = {}
    for index, (name, shape) in enumerate(arguments):
        permutation = layouts.get(index)
        stored = shape if permutation is None else tuple(shape[p] for p in np.argsort(permutation))
        arrays[name] = rng.standard_normal(stored, dtype=np.float32)
    return arrays


def _compare(text: str, function: str, arguments: list, pipelines: list[str], blocked_count: int,
             max_width: int = 0, target: CpuTarget | None = None) -> None:
    original = parse(text)
    stored = _stored(function, arguments, weight_layouts(original, function))
    want = compile_module(original, function, "default")(*permute_weights(stored, 0, weight_layouts(original, function)).values())
    module = parse(text)
    assert block_matmul_weights(module, max_width, target) == blocked_count
    layouts, shapes = weight_layouts(module, function), weight_shapes(module, function)
    blocked = permute_weights(stored, 0, layouts, shapes)
    assert all(a.flags.c_contiguous for a in blocked.values())
    for pipeline in pipelines:
        got = compile_module(module, function, pipeline)(*blocked.values())
        for g, w in zip(got, want, strict=True):
            np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-3 * np.abs(w).max(), err_msg=pipeline)


@pytest.mark.parametrize("function, arguments", [
    ("ffn", [("x", (1, 128, 256)), ("w", (256, 1024))]),
    ("classifier", [("x", (1, 512)), ("w", (512, 1000)), ("b", (1000,))]),
    ("projection", [("x", (1, 128, 256)), ("w", (256, 512)), ("b", (512,)), ("res", (1, 128, 512))]),
    ("fc", [("x", (1, 512)), ("w", (512, 1024)), ("b", (1024,))]),
    ("mlp_gelu", [("x", (8, 192)), ("w", (192, 768)), ("b", (768,))]),
])
def test_blocked_matmul_computes_the_same(function, arguments):
    module = parse(INPUT.read_text())
    only = [op for op in module.ops if op.sym_name.data != function]
    for op in only:
        op.detach()
    _compare(str(module), function, arguments, ["microkernel", "microkernel-openmp", "default"], 1)


def test_weights_left_alone_keep_their_types():
    module = parse(INPUT.read_text())
    assert block_matmul_weights(module) == 7  # all but @small (@shared_fill has two)
    small = next(op for op in module.ops if op.sym_name.data == "small")
    assert not any(op.name == "scf.forall" for op in small.walk())
    assert weight_layouts(module, "small") == {} and weight_shapes(module, "small") == {}


def test_pass_runs_by_name():
    module = parse(INPUT.read_text())
    apply_passes(module, "xfuse-block-matmul-weights")
    assert sum(op.name == "scf.forall" for op in module.walk()) == 7


def test_block_widths():
    assert [block_width(n) for n in (1024, 1000, 96, 4096, 64, 8, 1001, 72)] == [64, 8, 32, 64, None, None, None, 8]
    assert [block_width(n, 16) for n in (1024, 1000, 96, 16, 24)] == [16, 8, 16, None, 8]


AVX2 = CpuTarget("znver3", 256, 16, True)
AVX512 = CpuTarget("znver4", 512, 32, True)


def test_panel_width_is_the_register_tile_on_avx2():
    """AVX2's 6x16 (or 4x16) tile reads a panel of 16 columns contiguously; a matrix-vector
    product's 1x32 tile one of 32; 32-register targets keep 64; f64 halves the lanes."""
    assert [panel_width(m, 32, AVX2) for m in (128, 197, 64, 4, 1)] == [16, 16, 16, 16, 32]
    assert panel_width(128, 64, AVX2) == 8
    assert [panel_width(m, 32, AVX512) for m in (128, 1)] == [64, 64]


def _epilogue(rng, shape: tuple[int, ...]) -> tuple[str, list, str]:
    """Up to three seeded elementwise ops after the product `%y` of `shape` (a bias add, a
    residual add, a ReLU, in any order): their text, their extra arguments, the last value."""
    rank = len(shape)
    dims = ", ".join(f"d{i}" for i in range(rank))
    identity, bias = f"affine_map<({dims}) -> ({dims})>", f"affine_map<({dims}) -> (d{rank - 1})>"
    parallel = ", ".join(['"parallel"'] * rank)
    t = "tensor<" + "x".join(map(str, shape)) + "xf32>"
    lines, arguments, value = [], [], "%y"
    for index, kind in enumerate(rng.choice(["bias", "residual", "relu"], size=int(rng.integers(0, 4)))):
        name = f"%e{index}"
        if kind == "relu":
            lines.append(f"""  {name} = linalg.generic {{indexing_maps = [{identity}, {identity}], iterator_types = [{parallel}]}}
      ins({value} : {t}) outs(%out : {t}) {{
  ^bb0(%in: f32, %o: f32):
    %s = arith.maximumf %in, %zero : f32
    linalg.yield %s : f32
  }} -> {t}""")
        else:
            argument = f"%{kind}{index}"
            other_map, other_type = (bias, f"tensor<{shape[-1]}xf32>") if kind == "bias" else (identity, t)
            arguments.append((f"{argument[1:]}", (shape[-1],) if kind == "bias" else shape, f"{argument}: {other_type}"))
            lines.append(f"""  {name} = linalg.generic {{indexing_maps = [{identity}, {other_map}, {identity}], iterator_types = [{parallel}]}}
      ins({value}, {argument} : {t}, {other_type}) outs(%out : {t}) {{
  ^bb0(%in: f32, %in2: f32, %o: f32):
    %s = arith.addf %in, %in2 : f32
    linalg.yield %s : f32
  }} -> {t}""")
        value = name
    return "\n".join(lines), arguments, value


def _random_case(seed: int) -> tuple[str, list]:
    """A matmul on a weight, or a batch_matmul on a weight copied over the batch, of seeded sizes,
    and a seeded epilogue (`_epilogue`); the weight stored transposed (a Gemm's) in a third of the
    cases."""
    rng = np.random.default_rng(seed)
    m = int(rng.choice([1, 3, 8, 20]))
    k = int(rng.choice([128, 200, 256]))
    n = int(rng.choice([320, 520, 1024, 1000]))  # every weight at least 128 KiB, in panels of 64 or 8
    transposed, batched = seed % 3 == 0, seed % 2 == 1
    attrs = "{xfuse.weight, xfuse.weight_layout = array<i64: 1, 0>}" if transposed else "{xfuse.weight}"
    w = f"tensor<{k}x{n}xf32>"
    shape = (2, m, n) if batched else (m, n)
    result = "tensor<" + "x".join(map(str, shape)) + "xf32>"
    epilogue, extra, last = _epilogue(rng, shape)
    signature = "".join(f", {spelled}" for _, _, spelled in extra)
    if batched:
        product = f"""
  %e = tensor.empty() : tensor<2x{k}x{n}xf32>
  %copy = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                          iterator_types = ["parallel", "parallel", "parallel"]}}
      ins(%w : {w}) outs(%e : tensor<2x{k}x{n}xf32>) {{
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }} -> tensor<2x{k}x{n}xf32>
  %f = linalg.fill ins(%zero : f32) outs(%out : {result}) -> {result}
  %y = linalg.batch_matmul ins(%x, %copy : tensor<2x{m}x{k}xf32>, tensor<2x{k}x{n}xf32>) outs(%f : {result}) -> {result}"""
        inputs = [("x", (2, m, k)), ("w", (k, n))]
        head = f"%x: tensor<2x{m}x{k}xf32>, %w: {w} {attrs}"
    else:
        product = f"""
  %y = linalg.matmul ins(%x, %w : tensor<{m}x{k}xf32>, {w}) outs(%acc : {result}) -> {result}"""
        inputs = [("x", (m, k)), ("w", (k, n)), ("acc", (m, n))]
        head = f"%x: tensor<{m}x{k}xf32>, %w: {w} {attrs}, %acc: {result}"
    text = f"""
func.func @f({head}{signature}) -> {result} {{
  %zero = arith.constant 0.0 : f32
  %out = tensor.empty() : {result}{product}
{epilogue}
  return {last} : {result}
}}"""
    return text, inputs + [(name, shape) for name, shape, _ in extra]


@pytest.mark.parametrize("seed", range(8))
def test_random_blocked_matmuls_agree(seed):
    """Panels of the host's width and of each fixed one (`max-width`)."""
    text, arguments = _random_case(seed)
    _compare(text, "f", arguments, ["microkernel", "default"], 1, max_width=(0, 16, 64, 32)[seed % 4])


ZEN3 = CpuTarget("znver3", 256, 16, True, l2_bytes=512 * 1024)


def _matmul(m: int, k: int, n: int) -> object:
    module = parse(f"""
func.func @f(%x: tensor<{m}x{k}xf32>, %w: tensor<{k}x{n}xf32> {{xfuse.weight}}, %acc: tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32> {{
  %y = linalg.matmul ins(%x, %w : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%acc : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  return %y : tensor<{m}x{n}xf32>
}}""")
    return next(op for op in module.walk() if op.name == "linalg.matmul")


@pytest.fixture
def row_chunks(monkeypatch):
    """The row chunks switched on (`ROW_CHUNK_L2_SHARE`, off by default)."""
    from xfuse.transforms.layout import blocked_weights

    monkeypatch.setattr(blocked_weights, "ROW_CHUNK_L2_SHARE", 0.5)


def test_row_chunks_off_by_default():
    assert chunk_rows(_matmul(128, 1024, 256), 16, ZEN3) == 128


def test_row_chunks_where_a_and_a_panel_do_not_fit_l2(row_chunks):
    """BERT's FFN down projection (128 x 1024 x 256, A 512 KiB) on Zen 3's 512 KiB L2: two chunks
    of 64 rows (256 KiB each) move 2.5 MiB, not 9; its up projection (A 128 KiB) and a matmul
    whose A fits with its panel keep whole rows; a 1 MiB L2 takes none; a chunk stays at least
    16 rows of A."""
    assert chunk_rows(_matmul(128, 1024, 256), 16, ZEN3) == 64
    assert chunk_rows(_matmul(128, 256, 1024), 16, ZEN3) == 128
    assert chunk_rows(_matmul(128, 1024, 256), 16, AVX2) == 128  # 1 MiB of L2
    assert chunk_rows(_matmul(197, 3072, 768), 16, ZEN3) == 197  # 197 is prime: no chunk divides it
    assert chunk_rows(_matmul(256, 3072, 768), 16, ZEN3) == 16  # 16 rows of 3072 are 192 KiB
    assert chunk_rows(_matmul(32, 8192, 256), 16, ZEN3) == 32  # 16 rows of 8192 are 512 KiB
    assert chunk_rows(_matmul(128, 1024, 32), 16, ZEN3) == 64  # two panels: 768 KiB moved, not 1,152


def test_row_chunks_compute_the_same(row_chunks):
    """The chunked panel loop (`(chunk, panel)` iterations, each on 64 rows of A) with a bias and
    a residual add in the panels' epilogue, one and two threads, against the reference."""
    module = parse(INPUT.read_text())
    for op in [op for op in module.ops if op.sym_name.data != "projection"]:
        op.detach()
    text = str(module).replace("256", "1024").replace("1x128x512", "1x128x256").replace(
        "1024x512", "1024x256").replace("512xf32", "256xf32")
    module = parse(text)
    block_matmul_weights(module, 16, ZEN3)
    loops = [op for op in module.walk() if op.name == "scf.forall"]
    assert len(loops) == 1 and list(loops[0].staticUpperBound.get_values()) == [2, 16]
    _compare(text, "projection", [("x", (1, 128, 1024)), ("w", (1024, 256)), ("b", (256,)), ("res", (1, 128, 256))],
             ["microkernel", "microkernel-openmp", "default"], 1, 16, ZEN3)


def _lowered_llvm(module, function: str, tmp_path: Path) -> str:
    """The LLVM IR the microkernel pipeline makes of `module` (as `compile_module` builds it)."""
    from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
    from xfuse.backends.pipelines import MICROKERNEL
    from xfuse.backends.runner import FunctionSignature, lower_to_llvm_ir, public_functions, specialize_for_pipeline

    prepared = prepare_for_execution(module)
    signatures = {f.sym_name.data: FunctionSignature.of(f) for f in public_functions(prepared)}
    prepared, pipeline = specialize_for_pipeline(prepared, MICROKERNEL, signatures)
    return lower_to_llvm_ir(emit_mlir_text(prepared), pipeline, tmp_path).read_text()


@pytest.mark.parametrize("in_place", [True, False])
def test_blocks_whose_rows_the_tiles_split_are_computed_in_place(in_place, tmp_path, monkeypatch):
    """@shared_fill: 197 rows (prime: the register tiles split them, 192 + 5 on AVX2), two matmuls
    sharing one zero fill, one with a bias add. Each panel's block is computed in its slice of the
    result: no temporary block copied into it (`memrefCopy`), which each panel made before
    (`BLOCKS_IN_PLACE` off: the copy is back, so the check can fail)."""
    from xfuse.transforms.layout import blocked_weights

    monkeypatch.setattr(blocked_weights, "BLOCKS_IN_PLACE", in_place)
    module = parse(INPUT.read_text())
    for op in [op for op in module.ops if op.sym_name.data != "shared_fill"]:
        op.detach()
    text = str(module)
    assert block_matmul_weights(module, 16, ZEN3) == 2
    copies = _lowered_llvm(module, "shared_fill", tmp_path).count("call void @memrefCopy")
    assert (copies == 0) if in_place else (copies > 0)
    if in_place:
        _compare(text, "shared_fill", [("x", (197, 192)), ("w", (192, 576)), ("b", (576,)), ("v", (192, 576))],
                 ["microkernel", "microkernel-openmp"], 2, 16, ZEN3)

"""A long epilogue after a matmul runs after its register tiles (schedules/matmul.py `_root_of`,
`EPILOGUE_MAX_OPS`), vectorized on the stored block (schedules/elementwise.py, loop bodies).

- The plan: ViT's fc1 (197 x 192 x 768, bias, GELU with its erf expanded) in
  `xfuse-block-matmul-weights`' panel loop: the register tiles' root is the bias add, the GELU a
  chain of its own in the panel's body, planned at one thread and in the parallel pipelines
  (`nested_only`); switched off (`MATMUL_LONG_EPILOGUES_OUT`), the GELU is the root again. A
  short chain (bias and residual adds, a square) stays whole in the tiles.
- Differential: the same layer (beside an op the parallel split takes) through `microkernel` at
  one and two threads and `microkernel-openmp` against `default`.
"""

from __future__ import annotations

import numpy as np
import pytest

from xfuse.backends.pipelines import get_pipeline, with_threads
from xfuse.backends.runner import compile_module
from xfuse.backends.schedules import matmul
from xfuse.backends.schedules.elementwise import ELEMENTWISE_ATTR, plan_elementwise
from xfuse.backends.schedules.matmul import CONTRACTION_ATTR, ROOT_ATTR, plan_microkernels
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse
from xfuse.transforms.layout.blocked_weights import block_matmul_weights
from xfuse.transforms.layout.weight_layout import permute_weights, weight_layouts, weight_shapes
from xfuse.transforms.math_approx import expand_math

AVX2 = CpuTarget("x86-64-v3", 256, 16, True)
ROWS, K, N = 197, 192, 768


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _fc1(epilogue: str) -> str:
    """ViT's fc1 as torch-mlir writes it (2-D matmul and bias add), then `epilogue`: `gelu` (the
    erf GELU, one generic after xfuse-merge-elementwise) or `short` (a residual add and a square)."""
    t = f"tensor<{ROWS}x{N}xf32>"
    out = ("  %r = tensor.empty() : " + t + "\n"
           "  %last = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],\n"
           "                         iterator_types = [\"parallel\", \"parallel\"]}\n"
           f"      ins(%biased : {t}) outs(%r : {t}) {{\n"
           "  ^bb0(%in: f32, %o: f32):\n")
    if epilogue == "gelu":
        out += ("    %h = arith.mulf %in, %half : f32\n    %s = arith.mulf %in, %rsqrt2 : f32\n"
                "    %erf = math.erf %s : f32\n    %p = arith.addf %erf, %one : f32\n    %g = arith.mulf %h, %p : f32\n"
                "    linalg.yield %g : f32\n")
        args = ""
    else:
        out = out.replace("ins(%biased : " + t + ")", f"ins(%biased, %res : {t}, {t})").replace(
            "affine_map<(d0, d1) -> (d0, d1)>, affine_map", "affine_map<(d0, d1) -> (d0, d1)>, "
            "affine_map<(d0, d1) -> (d0, d1)>, affine_map", 1).replace("^bb0(%in: f32, %o: f32)",
                                                                      "^bb0(%in: f32, %in_r: f32, %o: f32)")
        out += "    %s = arith.addf %in, %in_r : f32\n    %q = arith.mulf %s, %s : f32\n    linalg.yield %q : f32\n"
        args = f", %res: {t}"
    return f"""\
func.func @fc1(%x: tensor<{ROWS}x{K}xf32>, %w: tensor<{K}x{N}xf32> {{xfuse.weight}}, %b: tensor<{N}xf32> {{xfuse.weight}}{args}) -> {t} {{
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rsqrt2 = arith.constant 0.70710678 : f32
  %e = tensor.empty() : {t}
  %f = linalg.fill ins(%zero : f32) outs(%e : {t}) -> {t}
  %y = linalg.matmul ins(%x, %w : tensor<{ROWS}x{K}xf32>, tensor<{K}x{N}xf32>) outs(%f : {t}) -> {t}
  %biased = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                            iterator_types = ["parallel", "parallel"]}}
      ins(%y, %b : {t}, tensor<{N}xf32>) outs(%e : {t}) {{
  ^bb0(%in: f32, %in_b: f32, %o: f32):
    %s = arith.addf %in, %in_b : f32
    linalg.yield %s : f32
  }} -> {t}
{out}  }} -> {t}
  return %last : {t}
}}
"""


def _planned(epilogue: str, nested_only: bool):
    """The layer in panels, its math expanded, planned for AVX2: (the contraction's root, the
    ops the elementwise schedule marked)."""
    module = parse(_fc1(epilogue))
    assert block_matmul_weights(module, target=AVX2) == 1
    expand_math(module)
    plan_microkernels(module, AVX2)
    tiles = plan_elementwise(module, AVX2, nested_only=nested_only)
    roots = [op for op in module.walk() if ROOT_ATTR in op.attributes and CONTRACTION_ATTR not in op.attributes]
    chains = [op for op in module.walk() if ELEMENTWISE_ATTR in op.attributes]
    return roots, chains, tiles


@pytest.mark.parametrize("nested_only", [False, True])
def test_the_gelu_runs_after_the_register_tiles_on_the_panel(nested_only):
    roots, chains, tiles = _planned("gelu", nested_only)
    assert len(roots) == 1 and len(roots[0].operands) == 3  # the bias add: value, bias, init
    assert len(chains) == 1 and chains[0].parent_op().name == "scf.forall"
    assert chains[0].operands[0] == roots[0].results[0]
    assert tiles == [(1, 16)]


def test_switched_off_the_gelu_is_in_the_tiles(monkeypatch):
    monkeypatch.setattr(matmul, "MATMUL_LONG_EPILOGUES_OUT", False)
    roots, chains, _ = _planned("gelu", False)
    assert len(roots) == 1 and len(roots[0].operands) == 2  # the GELU: value, init
    assert not chains


def test_a_short_chain_stays_in_the_tiles():
    roots, chains, _ = _planned("short", False)
    assert len(roots) == 1 and len(roots[0].operands) == 3 and roots[0].operands[1].type.get_shape() == (ROWS, 16)
    assert not chains


def test_the_parallel_pipeline_schedules_the_panel_chain():
    module = parse(_fc1("gelu"))
    block_matmul_weights(module, target=AVX2)
    specialized = with_threads(get_pipeline("microkernel"), 2).for_module(module)
    assert "elementwise chain 0" in "".join(specialized.transform_bodies)


SPLIT = (256, 256)


def _with_a_split_op(text: str) -> str:
    """`text` with one more argument `z` (`SPLIT`), also returning `z * z`: an elementwise op at
    the top level that at two threads the parallel split cuts into two slices of whole vectors,
    vectorized beside the panel's chain."""
    z = f"tensor<{SPLIT[0]}x{SPLIT[1]}xf32>"
    square = (f"  %ze = tensor.empty() : {z}\n"
              "  %sq = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],\n"
              "                       iterator_types = [\"parallel\", \"parallel\"]}\n"
              f"      ins(%z : {z}) outs(%ze : {z}) {{\n  ^bb0(%in: f32, %o: f32):\n"
              "    %q = arith.mulf %in, %in : f32\n    linalg.yield %q : f32\n"
              f"  }} -> {z}\n")
    t = f"tensor<{ROWS}x{N}xf32>"
    return text.replace(f"  return %last : {t}", square + f"  return %last, %sq : {t}, {z}").replace(
        f"{{xfuse.weight}}) -> {t} {{", f"{{xfuse.weight}}, %z: {z}) -> ({t}, {z}) {{", 1)


def test_at_two_threads_the_split_and_the_chain_are_both_vectorized():
    module = parse(_with_a_split_op(_fc1("gelu")))
    block_matmul_weights(module, target=AVX2)
    body = "".join(with_threads(get_pipeline("microkernel"), 2).for_module(module).transform_bodies)
    assert "%split0_v_tile" in body and "elementwise chain 0" in body


@pytest.mark.parametrize(("pipeline", "threads"), [("microkernel", 1), ("microkernel-openmp", None), ("microkernel", 2)])
def test_the_layer_agrees_with_the_reference(pipeline, threads):
    """At two threads beside a split op too: both schedules' vector cleanups are in one script
    (their handles once had the same name, and mlir-opt refused the script)."""
    text = _with_a_split_op(_fc1("gelu"))
    rng = np.random.default_rng(0)
    x = rng.standard_normal((ROWS, K), dtype=np.float32)
    w = (rng.standard_normal((K, N)) / np.sqrt(K)).astype(np.float32)
    b = rng.standard_normal(N, dtype=np.float32)
    z = rng.standard_normal(SPLIT, dtype=np.float32)
    want = compile_module(parse(text), "fc1", "default")(x, w, b, z)
    module = parse(text)
    assert block_matmul_weights(module) == 1
    stored = permute_weights({"x": x, "w": w, "b": b, "z": z}, 0, weight_layouts(module, "fc1"), weight_shapes(module, "fc1"))
    got = compile_module(module, "fc1", pipeline, threads=threads)(*stored.values())
    for have, expected in zip(got, want, strict=True):
        np.testing.assert_allclose(have, expected, rtol=1e-5, atol=1e-5 * np.abs(expected).max())

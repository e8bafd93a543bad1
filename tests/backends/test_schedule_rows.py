"""Row reductions in whole vectors (xfuse/backends/schedules/rows.py).

- The plan on torch-mlir's own softmax and layer norm (tests/backends/inputs/): the unused i64
  argmax is dropped, kept unit dimensions are dropped and expanded back, the readers of the row
  maxima read them unexpanded, and every reduction is marked, rows no whole vector divides too
  (ViT's 197 tokens); what is left alone (an argmax that is read, a reduction over another loop,
  rows shorter than a vector or longer than MAX_ROW_BYTES, a body reading linalg.index, ops of
  the parallel split).
- The code: the lowered rows are `vector.reduce` intrinsics with reassociation.
- Differential: both functions through `microkernel` against `default` and numpy; seeded random
  row reductions (combiners, kept dimensions, bodies, shapes) through `microkernel` against
  `default`.
"""

import random
import subprocess
from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
from xfuse.backends.pipelines import get_pipeline
from xfuse.backends.runner import compile_module, lower_to_llvm_dialect_command
from xfuse.backends.schedules.rows import MAX_ROW_BYTES, ROWS_ATTR, plan_rows, row_vectors
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse

AVX512 = CpuTarget("x86-64-v4", 512, 32, True)
INPUTS = Path(__file__).parent / "inputs"


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _text(name: str) -> str:
    return (INPUTS / f"{name}_torch_mlir.mlir").read_text(encoding="utf-8")


def _generics(module):
    return [op for op in module.walk() if op.name == "linalg.generic"]


def _marked(module):
    return [op for op in module.walk() if ROWS_ATTR in op.attributes]


def test_the_softmax_rows_are_planned():
    module = parse(_text("softmax"))
    assert plan_rows(module, AVX512) == [4, 4]
    maximum, total = _marked(module)
    assert len(maximum.results) == 1, "the unused argmax is dropped"
    text = str(module)
    assert "xi64>" not in text and "linalg.index" not in text
    for op in (maximum, total):
        assert str(op.properties["indexing_maps"].data[-1].data) == "(d0, d1, d2, d3) -> (d0, d1, d2)"
        assert op.results[0].type.get_shape() == (1, 4, 128)
    # the subtraction of the maximum and the division by the sum read the rows unexpanded
    readers = {use.operation for op in (maximum, total) for use in op.results[0].uses}
    assert all(r.name == "linalg.generic" for r in readers) and len(readers) == 2
    assert not any(op.name == "tensor.expand_shape" for op in module.walk())
    module.verify()


def test_the_layer_norm_rows_are_planned():
    module = parse(_text("layernorm"))
    assert plan_rows(module, AVX512) == [3, 3]
    for op in _marked(module):
        assert op.results[0].type.get_shape() == (1, 128)
    # the means are read through a reshape (torch-mlir's collapse_shape), not a constant 0: the
    # kept dimension comes back by an expand_shape
    assert sum(op.name == "tensor.expand_shape" for op in module.walk()) == 2
    module.verify()


def _reduction(shape: tuple[int, ...], body: str = "%r = arith.addf %a, %o : f32", keep: bool = False,
               extra: str = "") -> str:
    """`@f(%x: tensor<shape>)` reducing the last loop into `%o` with `body` (reads `%a`, yields
    `%r`); the kept dimension as size 1 when `keep`."""
    rank = len(shape)
    dims = ", ".join(f"d{d}" for d in range(rank))
    rows = ", ".join(f"d{d}" for d in range(rank - 1))
    out_shape = shape[:-1] + ((1,) if keep else ())
    out_map = f"({dims}) -> ({rows}{', 0' if keep else ''})"
    t_in = f"tensor<{'x'.join(map(str, shape))}xf32>"
    t_out = f"tensor<{'x'.join(map(str, out_shape))}xf32>"
    iterators = ", ".join(['"parallel"'] * (rank - 1) + ['"reduction"'])
    return (f"func.func @f(%x: {t_in}) -> {t_out} {{\n"
            f"  %zero = arith.constant 0.0 : f32\n  %e = tensor.empty() : {t_out}\n"
            f"  %i = linalg.fill ins(%zero : f32) outs(%e : {t_out}) -> {t_out}\n"
            f"  %y = linalg.generic {{indexing_maps = [affine_map<({dims}) -> ({dims})>, affine_map<{out_map}>], "
            f"iterator_types = [{iterators}]}} ins(%x : {t_in}) outs(%i : {t_out}) {{\n"
            f"  ^bb0(%a: f32, %o: f32):\n{extra}    {body}\n    linalg.yield %r : f32\n  }} -> {t_out}\n"
            f"  return %y : {t_out}\n}}\n")


@pytest.mark.parametrize("text, why", [
    (_reduction((8, 12)), "12 is less than a 16-lane vector"),
    (_reduction((8, MAX_ROW_BYTES // 4 + 16)), "a row longer than MAX_ROW_BYTES"),
    (_reduction((8, 64), extra="    %k = linalg.index 1 : index\n    %ki = arith.index_cast %k : index to i32\n"
                "    %kf = arith.sitofp %ki : i32 to f32\n    %ak = arith.addf %a, %kf : f32\n",
                body="%r = arith.addf %ak, %o : f32"), "the body reads linalg.index"),
    (_reduction((8, 64), body="%s = arith.subf %a, %o : f32\n    %r = arith.addf %s, %o : f32"),
     "the output is read outside the combiner"),
    (_reduction((8, 64), body="%r = arith.subf %o, %a : f32"), "subtraction is no combiner"),
])
def test_what_is_left_alone(text, why):
    module = parse(text)
    assert plan_rows(module, AVX512) == [], why


@pytest.mark.parametrize("shape", [(3, 197), (2, 5, 49)])
@pytest.mark.parametrize("keep", [False, True])
def test_rows_no_whole_vector_divides_are_vectorized_whole_and_agree(shape, keep):
    """ViT's softmax rows (197 tokens) and Swin's (49): one vector of the row's length, whole
    vectors and a tail once lowered."""
    text = _reduction(shape, keep=keep)
    module = parse(text)
    assert plan_rows(module, AVX512) == [len(shape)]
    assert row_vectors(_marked(module)[0], AVX512) == -(-shape[-1] // 16)
    _agree(text)
    _agree(text, pipeline="microkernel-openmp")


def test_a_reduction_over_another_loop_is_left_alone():
    text = _reduction((8, 64)).replace("affine_map<(d0, d1) -> (d0)>", "affine_map<(d0, d1) -> (d1)>")
    text = text.replace('["parallel", "reduction"]', '["reduction", "parallel"]').replace("tensor<8xf32>", "tensor<64xf32>")
    module = parse(text)
    assert plan_rows(module, AVX512) == []


def test_an_argmax_that_is_read_is_kept():
    text = _text("softmax").replace("return %29 : tensor<1x4x128x128xf32>",
                                    "return %29, %23#1 : tensor<1x4x128x128xf32>, tensor<1x4x128xi64>")
    text = text.replace("-> tensor<1x4x128x128xf32> {\n    %c0_i64",
                        "-> (tensor<1x4x128x128xf32>, tensor<1x4x128xi64>) {\n    %c0_i64")
    module = parse(text)
    assert plan_rows(module, AVX512) == [4], "only the sum: the max also computes the argmax"
    assert "linalg.index" in str(module)


def test_the_parallel_split_keeps_its_ops():
    from xfuse.backends.parallel.parallel_split import plan_parallel_split

    module = parse(_reduction((128, 512, 64)))  # 64 K results: the split's floor
    assert plan_parallel_split(module, 2) == [0]
    assert plan_rows(module, AVX512) == []


def test_at_two_threads_the_rows_are_planned_first_and_not_split():
    """Planned in the pipeline's order, the row reduction stays whole and vectorized: the split
    would run each half in scalar loops (ViT's softmax sums: 0.107 ms scalar, 0.013 vectorized)."""
    from xfuse.backends.parallel.parallel_split import PARALLEL_SPLIT_ATTR
    from xfuse.backends.pipelines import with_threads

    prepared = prepare_for_execution(parse(_reduction((64, 512, 64))))
    specialized = with_threads(get_pipeline("microkernel"), 2).for_module(prepared)
    assert len(_marked(prepared)) == 1
    assert not any(PARALLEL_SPLIT_ATTR in op.attributes for op in prepared.walk())
    assert "row reduction 0" in "".join(specialized.transform_bodies)


def test_the_rows_are_vector_reductions_with_reassociation(tmp_path):
    prepared = prepare_for_execution(parse(_text("layernorm")))
    specialized = get_pipeline("microkernel").for_module(prepared)
    assert any(ROWS_ATTR in body for body in specialized.transform_bodies)
    subprocess.run(lower_to_llvm_dialect_command(emit_mlir_text(prepared), specialized, tmp_path), check=True)
    lowered = (tmp_path / "lowered.mlir").read_text()
    reductions = [line for line in lowered.splitlines() if "llvm.intr.vector.reduce.fadd" in line]
    assert len(reductions) == 2 and all("reassoc" in line for line in reductions)


def _agree(text: str, seed: int = 0, rtol: float = 1e-5, pipeline: str = "microkernel") -> list[np.ndarray]:
    reference = compile_module(text, pipeline="default")
    rng = np.random.default_rng(seed)
    inputs = [rng.standard_normal(t.shape).astype(np.float32) for t in reference.signature.inputs]
    expected = reference(*inputs)
    got = compile_module(text, pipeline=pipeline)(*inputs)
    for want, have in zip(expected, got, strict=True):
        scale = max(1.0, float(np.abs(want).max()))
        np.testing.assert_allclose(have, want, rtol=rtol, atol=rtol * scale)
    return [inputs, got]


@pytest.mark.parametrize("pipeline", ["microkernel", "microkernel-openmp"])
def test_the_softmax_agrees_with_numpy(pipeline):
    (x,), (got,) = _agree(_text("softmax"), pipeline=pipeline)
    z = x * 0.125
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    np.testing.assert_allclose(got, e / e.sum(axis=-1, keepdims=True), rtol=1e-5, atol=1e-6)


def test_the_layer_norm_agrees_with_numpy():
    (x, gamma, beta), (got,) = _agree(_text("layernorm"))
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    np.testing.assert_allclose(got, (x - mean) / np.sqrt(var + 1e-5) * gamma + beta, rtol=1e-4, atol=1e-5)


_COMBINERS = {"arith.addf": "0.0", "arith.mulf": "1.0", "arith.maximumf": "0xFF800000",
              "arith.minimumf": "0x7F800000", "arith.maxnumf": "-1.0e30", "arith.minnumf": "1.0e30"}
_PRE = ["", "    %p = arith.mulf %a, %a : f32\n", "    %p = math.exp %a : f32\n",
        "    %p = arith.addf %a, %a : f32\n"]


@pytest.mark.parametrize("seed", range(12))
def test_random_row_reductions_agree(seed):
    rng = random.Random(seed)
    combiner = sorted(_COMBINERS)[seed % len(_COMBINERS)]
    lanes = rng.choice([16, 32, 64, 128, 256, 48, 80, 197, 49])
    shape = tuple(rng.choice([1, 2, 3, 5]) for _ in range(rng.randint(1, 2))) + (lanes,)
    pre = rng.choice(_PRE)
    value = "%p" if pre else "%a"
    if combiner == "arith.mulf":  # a product of 256 normals under/overflows: scale them near 1
        pre, value = "    %q = arith.mulf %a, %s : f32\n    %p = arith.addf %q, %one : f32\n", "%p"
    text = _reduction(shape, body=f"%r = {combiner} {value}, %o : f32", keep=rng.random() < 0.5, extra=pre)
    text = text.replace("%zero = arith.constant 0.0 : f32", f"%zero = arith.constant {_COMBINERS[combiner]} : f32\n"
                        "  %s = arith.constant 0.01 : f32\n  %one = arith.constant 1.0 : f32")
    module = parse(text)
    planned = plan_rows(module, AVX512)
    assert bool(planned), text
    _agree(text, seed)

"""Vectorized elementwise chains (xfuse/backends/schedules/elementwise.py).

- The plan: the transformer layer's GELU (a chain whose input has two readers) becomes one
  instance with its four producers; a batch norm whose scale is read through `(c, 0, 0)` keeps
  the whole chain for `linalg-fuse-elementwise-ops`; innermost dimensions no whole vector
  divides, ops a register tile takes and the parallel pipelines are left alone.
- A squeeze-excite multiply (its `1x1x1xC` gate read through `(n, 0, 0, c)`) is a chain, its
  gate's sigmoid not part of it; against `default`.
- The code: the GELU's lowered code computes on 16-lane vectors.
- Differential: the GELU against numpy's erf GELU, and seeded random elementwise DAGs (binary
  and unary ops, broadcast and rank-0 operands, values read twice) through `microkernel` against
  `default`.
- A chain op that a register tile also fuses (BERT's embedding gathers, summed, normalized and
  added back after the first Linear): the chain's handles are matched before the tile clones it,
  so the build succeeds and agrees with onnxruntime (mlir-opt failed before, issue 39).
"""

import math
import random
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
from xfuse.backends.pipelines import get_pipeline
from xfuse.backends.runner import compile_module, lower_to_llvm_dialect_command, random_inputs
from xfuse.backends.schedules.elementwise import ELEMENTWISE_ATTR, ELEMENTWISE_PRODUCER_ATTR, plan_elementwise
from xfuse.backends.target import CpuTarget
from xfuse.parsing import parse

AVX512 = CpuTarget("x86-64-v4", 512, 32, True)
ID3 = "affine_map<(d0, d1, d2) -> (d0, d1, d2)>"
SCALAR3 = "affine_map<(d0, d1, d2) -> ()>"
PAR3 = '["parallel", "parallel", "parallel"]'


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _generic(name: str, ins: list[tuple[str, str, str]], out: str, body: str) -> str:
    """`%name = linalg.generic` over `tensor<out>`: `ins` are (value, type, map); `body` uses
    %a0, %a1, ... and yields %r."""
    maps = ", ".join([m for _, _, m in ins] + [ID3])
    args = ", ".join(f"%a{i}: f32" for i in range(len(ins)))
    values = ", ".join(v for v, _, _ in ins)
    types = ", ".join(t for _, t, _ in ins)
    return (f"  %{name} = linalg.generic {{indexing_maps = [{maps}], iterator_types = {PAR3}}} "
            f"ins({values} : {types}) outs(%e : {out}) {{\n  ^bb0({args}, %o: f32):\n{body}\n"
            f"    linalg.yield %r : f32\n  }} -> {out}\n")


def _gelu_of(source: str, t: str) -> str:
    """The GELU of `%source` as torch-mlir emits it (one generic per ONNX node), ending at `%f`;
    it reads `%source` twice, and the constants `%c1`, `%c2`, `%c3`."""
    c = "tensor<f32>"
    return (_generic("a", [(source, t, ID3), ("%c1", c, SCALAR3)], t, "    %r = arith.mulf %a0, %a1 : f32")
            + _generic("b", [("%a", t, ID3)], t, "    %r = math.erf %a0 : f32")
            + _generic("c", [("%b", t, ID3), ("%c2", c, SCALAR3)], t, "    %r = arith.addf %a0, %a1 : f32")
            + _generic("d", [(source, t, ID3), ("%c3", c, SCALAR3)], t, "    %r = arith.mulf %a0, %a1 : f32")
            + _generic("f", [("%d", t, ID3), ("%c", t, ID3)], t, "    %r = arith.mulf %a0, %a1 : f32"))


_GELU_CONSTANTS = ("  %c1 = arith.constant dense<0.70710678> : tensor<f32>\n"
                   "  %c2 = arith.constant dense<1.0> : tensor<f32>\n"
                   "  %c3 = arith.constant dense<0.5> : tensor<f32>\n")


def _gelu(shape=(1, 128, 1024)) -> str:
    t = f"tensor<{'x'.join(map(str, shape))}xf32>"
    return (f"func.func @gelu(%x: {t}) -> {t} {{\n" + _GELU_CONSTANTS + f"  %e = tensor.empty() : {t}\n"
            + _gelu_of("%x", t) + f"  return %f : {t}\n}}\n")


def _marks(module):
    roots = [op for op in module.walk() if ELEMENTWISE_ATTR in op.attributes]
    producers = [op for op in module.walk() if ELEMENTWISE_PRODUCER_ATTR in op.attributes]
    return roots, producers


def test_the_gelu_is_one_chain():
    module = parse(_gelu())
    tiles = plan_elementwise(module, AVX512)
    roots, producers = _marks(module)
    assert tiles == [(1, 1, 64)] and len(roots) == 1 and len(producers) == 4
    assert roots[0].results[0].name_hint == "f"


def test_the_gelu_computes_on_vectors_and_agrees(tmp_path):
    prepared = prepare_for_execution(parse(_gelu()))
    specialized = get_pipeline("microkernel").for_module(prepared)
    subprocess.run(lower_to_llvm_dialect_command(emit_mlir_text(prepared), specialized, tmp_path), check=True)
    lowered = (tmp_path / "lowered.mlir").read_text()
    assert max((int(n) for n in re.findall(r"vector<(\d+)xf32>", lowered)), default=0) >= 16
    compiled = compile_module(_gelu(), "gelu", "microkernel")
    x = np.random.default_rng(0).standard_normal((1, 128, 1024)).astype(np.float32)
    want = 0.5 * x * (1 + np.vectorize(math.erf)(x / math.sqrt(2)))
    np.testing.assert_allclose(compiled(x)[0], want, rtol=1e-5, atol=1e-5)


def _bias_gelu(shape=(1, 128, 1024), cascade: bool = False) -> str:
    """The transformer's GELU after its bias add, which both halves of the GELU read. With
    `cascade`, the bias add's input is itself an elementwise op of the chain's shape."""
    t = f"tensor<{'x'.join(map(str, shape))}xf32>"
    v = f"tensor<{shape[-1]}xf32>"
    text = f"func.func @bias_gelu(%x: {t}, %bias: {v}) -> {t} {{\n" + _GELU_CONSTANTS + f"  %e = tensor.empty() : {t}\n"
    source = "%x"
    if cascade:
        text += _generic("n", [("%x", t, ID3)], t, "    %r = arith.negf %a0 : f32")
        source = "%n"
    return (text
            + _generic("s", [(source, t, ID3), ("%bias", v, "affine_map<(d0, d1, d2) -> (d2)>")], t,
                       "    %r = arith.addf %a0, %a1 : f32")
            + _gelu_of("%s", t) + f"  return %f : {t}\n}}\n")


def test_a_producer_all_of_whose_readers_are_in_the_chain_joins_it_once_per_reader():
    module = parse(_bias_gelu())
    assert plan_elementwise(module, AVX512) == [(1, 1, 64)]
    roots, producers = _marks(module)
    bias_adds = [op for op in producers if op.operands[0].name_hint == "x"]
    assert len(roots) == 1 and len(producers) == 6 and len(bias_adds) == 2
    assert all(len(list(op.results[0].uses)) == 1 for op in producers)
    assert {next(iter(op.results[0].uses)).operation.results[0].name_hint for op in bias_adds} == {"a", "d"}


def test_a_shared_producer_fed_by_the_chain_stays_a_pass_of_its_own():
    """Copying it would give its own producer (the negation) a second reader, which the fusion
    takes for one reader only."""
    module = parse(_bias_gelu(cascade=True))
    assert len(plan_elementwise(module, AVX512)) == 2
    roots, producers = _marks(module)
    assert {op.results[0].name_hint for op in roots} == {"f", "s"}
    assert not any(op.results[0].name_hint == "s" for op in producers)


@pytest.mark.parametrize("cascade", [False, True])
def test_the_bias_gelu_agrees(cascade):
    compiled = compile_module(_bias_gelu(cascade=cascade), "bias_gelu", "microkernel")
    rng = np.random.default_rng(1)
    x = rng.standard_normal((1, 128, 1024)).astype(np.float32)
    bias = rng.standard_normal(1024).astype(np.float32)
    s = (-x if cascade else x) + bias
    want = 0.5 * s * (1 + np.vectorize(math.erf)(s / math.sqrt(2)))
    np.testing.assert_allclose(compiled(x, bias)[0], want, rtol=1e-5, atol=1e-5)


BATCH_NORM = """
func.func @bn(%x: tensor<1x4x4x32xf32>, %scale: tensor<32x1x1xf32>) -> tensor<1x4x4x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x32xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c, 0, 0)>,
                                        affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %scale : tensor<1x4x4x32xf32>, tensor<32x1x1xf32>) outs(%e : tensor<1x4x4x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x32xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                          iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<1x4x4x32xf32>) outs(%e : tensor<1x4x4x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x32xf32>
  return %relu : tensor<1x4x4x32xf32>
}
"""


def test_a_chain_with_an_operand_read_through_zeros_is_left_whole():
    """The scale's `(c, 0, 0)` map is no projected permutation: vectorized, such a read went
    element by element (DenseNet 1.05x -> 1.7x); and the ReLU alone is not taken either, which
    would split the chain `linalg-fuse-elementwise-ops` makes one loop nest of."""
    module = parse(BATCH_NORM)
    assert plan_elementwise(module, AVX512) == []
    assert _marks(module) == ([], [])


SQUEEZE_EXCITE = """
func.func @gate(%x: tensor<1x4x6x32xf32>, %g: tensor<1x1x1x32xf32>) -> tensor<1x4x6x32xf32> {
  %one = arith.constant 1.0 : f32
  %ge = tensor.empty() : tensor<1x1x1x32xf32>
  %sigmoid = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                             iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g : tensor<1x1x1x32xf32>) outs(%ge : tensor<1x1x1x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    %x1 = math.exp %n : f32
    %d = arith.addf %x1, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<1x1x1x32xf32>
  %e = tensor.empty() : tensor<1x4x6x32xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, 0, 0, c)>,
                                        affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %sigmoid : tensor<1x4x6x32xf32>, tensor<1x1x1x32xf32>) outs(%e : tensor<1x4x6x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<1x4x6x32xf32>
  return %y : tensor<1x4x6x32xf32>
}
"""


def test_a_squeeze_excite_gate_is_read_in_vectors_and_computed_once():
    """The channel multiply reads its `1x1x1xC` gate through `(n, 0, 0, c)`, contiguous along the
    innermost loop: the multiply is a chain (vectorized, not LLVM's loops), and the sigmoid that
    computes the gate stays out of it: joined, it would run once per pixel and channel."""
    module = parse(SQUEEZE_EXCITE)
    assert plan_elementwise(module, AVX512) == [(1, 1, 1, 32)]
    roots, producers = _marks(module)
    assert [op.results[0].name_hint for op in roots] == ["y"] and producers == []


def test_a_squeeze_excite_gate_agrees(tmp_path):
    reference = compile_module(parse(SQUEEZE_EXCITE), pipeline="default")
    inputs = random_inputs(reference.signature, seed=3)
    candidate = compile_module(parse(SQUEEZE_EXCITE), pipeline="microkernel")
    np.testing.assert_allclose(candidate(*inputs)[0], reference(*inputs)[0], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize(("shape", "planned"), [((1, 8, 24), False), ((1, 1, 64), False), ((1, 4, 32), True)])
def test_only_whole_vectors_with_a_loop_to_fuse_into(shape, planned):
    module = parse(_gelu(shape))
    assert bool(plan_elementwise(module, AVX512)) is planned


def test_the_parallel_pipelines_leave_the_chains_to_the_parallel_split():
    prepared = prepare_for_execution(parse(_gelu()))
    specialized = get_pipeline("microkernel-openmp").for_module(prepared)
    assert not any(ELEMENTWISE_ATTR in op.attributes for op in prepared.walk())
    assert "elementwise chain" not in "".join(specialized.transform_bodies)


def test_the_parallel_pipelines_vectorize_the_chains_too_small_to_split(monkeypatch):
    from xfuse.backends.schedules import elementwise

    small = (1, 16, 256)  # 4 K elements, under the parallel split's MIN_ELEMENTS: one thread
    prepared = prepare_for_execution(parse(_gelu(small)))
    assert "elementwise chain" in "".join(get_pipeline("microkernel-openmp").for_module(prepared).transform_bodies)
    assert any(ELEMENTWISE_ATTR in op.attributes for op in prepared.walk())
    monkeypatch.setattr(elementwise, "TOP_LEVEL_LEFT_BY_SPLIT", False)
    prepared = prepare_for_execution(parse(_gelu(small)))
    assert "elementwise chain" not in "".join(get_pipeline("microkernel-openmp").for_module(prepared).transform_bodies)


def test_a_chain_too_small_to_split_agrees_at_two_threads():
    from xfuse.runtime.openmp import openmp_available

    if not openmp_available():
        pytest.skip("LLVM's OpenMP runtime is not installed: pip install cmeel-libomp")
    compiled = compile_module(_bias_gelu((1, 16, 256), cascade=True), "bias_gelu", "microkernel", threads=2)
    reference = compile_module(_bias_gelu((1, 16, 256), cascade=True), "bias_gelu", "default")
    inputs = random_inputs(compiled.signature, seed=0)
    np.testing.assert_allclose(compiled(*inputs)[0], reference(*inputs)[0], rtol=1e-5, atol=1e-6)


def embedded_linear(seq: int = 16, hidden: int = 256, vocab: int = 50, seed: int = 0):
    """BERT's first steps as ONNX: word and position embeddings (Gathers) summed, a LayerNorm, a
    Linear whose output adds the LayerNorm's output back (the residual), a LayerNorm after it."""
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(seed)
    weights = {"word": rng.standard_normal((vocab, hidden)), "position": rng.standard_normal((seq, hidden)),
               "g0": 1 + rng.standard_normal(hidden) / 4, "b0": rng.standard_normal(hidden) / 4,
               "w": rng.standard_normal((hidden, hidden)) / 16, "bias": rng.standard_normal(hidden) / 4,
               "g1": 1 + rng.standard_normal(hidden) / 4, "b1": rng.standard_normal(hidden) / 4}
    initializers = [numpy_helper.from_array(value.astype(np.float32), name) for name, value in weights.items()]
    initializers.append(numpy_helper.from_array(np.arange(seq, dtype=np.int64)[None], "positions"))
    nodes = [helper.make_node("Gather", ["word", "ids"], ["words"]),
             helper.make_node("Gather", ["position", "positions"], ["places"]),
             helper.make_node("Add", ["words", "places"], ["embedded"]),
             helper.make_node("LayerNormalization", ["embedded", "g0", "b0"], ["h"], axis=-1, epsilon=1e-12),
             helper.make_node("MatMul", ["h", "w"], ["product"]),
             helper.make_node("Add", ["product", "bias"], ["biased"]),
             helper.make_node("Add", ["biased", "h"], ["residual"]),
             helper.make_node("LayerNormalization", ["residual", "g1", "b1"], ["y"], axis=-1, epsilon=1e-12)]
    graph = helper.make_graph(nodes, "embedded_linear",
                              [helper.make_tensor_value_info("ids", TensorProto.INT64, [1, seq])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, seq, hidden])], initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def test_a_chain_op_a_register_tile_also_fuses_builds_and_agrees():
    """The embedding gathers are chains of their own (a reshape stands between them and their sum)
    and the Linear's register tiles fuse them through the residual; the tiles' clones keep the
    chain's attribute, and their vectorizer refuses the gather's `1 x ?` slices."""
    onnxruntime = pytest.importorskip("onnxruntime")
    import xfuse.onnx

    proto = embedded_linear()
    model = xfuse.onnx.load(proto)
    ids = np.random.default_rng(1).integers(0, 50, (1, 16)).astype(np.int64)
    session = onnxruntime.InferenceSession(proto.SerializeToString(), providers=["CPUExecutionProvider"])
    (want,) = session.run(None, {"ids": ids})
    np.testing.assert_allclose(np.asarray(model(ids)), want, rtol=1e-4, atol=1e-4)


_UNARY = ["    %r = math.exp %a0 : f32", "    %r = math.erf %a0 : f32", "    %r = arith.negf %a0 : f32",
          "    %r = math.tanh %a0 : f32", "    %r = arith.maximumf %a0, %zero : f32"]
_BINARY = ["    %r = arith.addf %a0, %a1 : f32", "    %r = arith.mulf %a0, %a1 : f32",
           "    %r = arith.subf %a0, %a1 : f32", "    %r = arith.minimumf %a0, %a1 : f32"]


def random_chain(seed: int) -> str:
    """A seeded elementwise DAG on `1 x R x C` (C a multiple of 16): each op unary or binary on
    earlier values (so some are read twice), the arguments, a per-column vector (map `(d2)`) or
    a rank-0 constant; the last op's result is returned."""
    rng = random.Random(seed)
    rows, cols = rng.choice([2, 3, 5]), rng.choice([16, 32, 48, 64, 80])
    t = f"tensor<1x{rows}x{cols}xf32>"
    lines = [f"func.func @chain(%x: {t}, %y: {t}, %v: tensor<{cols}xf32>) -> {t} {{",
             "  %zero = arith.constant 0.0 : f32", "  %k = arith.constant dense<0.25> : tensor<f32>",
             f"  %e = tensor.empty() : {t}"]
    values = ["%x", "%y"]
    body = ""
    for i in range(rng.randint(2, 6)):
        first = rng.choice(values)
        if rng.random() < 0.4:
            body += _generic(f"u{i}", [(first, t, ID3)], t, rng.choice(_UNARY))
        else:
            second = rng.choice([(rng.choice(values), t, ID3), ("%v", f"tensor<{cols}xf32>",
                                 "affine_map<(d0, d1, d2) -> (d2)>"), ("%k", "tensor<f32>", SCALAR3)])
            body += _generic(f"u{i}", [(first, t, ID3), second], t, rng.choice(_BINARY))
        values.append(f"%u{i}")
    return "\n".join(lines) + "\n" + body + f"  return {values[-1]} : {t}\n}}\n"


def random_shared_chain(seed: int) -> str:
    """A seeded elementwise chain whose first ops (the sources) read only the arguments; then a
    chain of ops, each reading the previous one and perhaps a source, so that every source is
    read by one to four ops of the chain (the producers a chain takes once per reader)."""
    rng = random.Random(seed)
    rows, cols = rng.choice([2, 3, 5]), rng.choice([16, 32, 64])
    t = f"tensor<1x{rows}x{cols}xf32>"
    lines = [f"func.func @chain(%x: {t}, %y: {t}, %v: tensor<{cols}xf32>) -> {t} {{",
             "  %zero = arith.constant 0.0 : f32", "  %k = arith.constant dense<0.25> : tensor<f32>",
             f"  %e = tensor.empty() : {t}"]
    body, sources = "", []
    for i in range(rng.randint(1, 2)):
        second = rng.choice([("%y", t, ID3), ("%v", f"tensor<{cols}xf32>", "affine_map<(d0, d1, d2) -> (d2)>")])
        body += _generic(f"s{i}", [("%x", t, ID3), second], t, rng.choice(_BINARY))
        sources.append(f"%s{i}")
    previous = sources[0]
    for i in range(rng.randint(2, 5)):
        if rng.random() < 0.3:
            body += _generic(f"u{i}", [(previous, t, ID3)], t, rng.choice(_UNARY))
        else:
            operands = [(previous, t, ID3), (rng.choice(sources), t, ID3)]
            rng.shuffle(operands)
            body += _generic(f"u{i}", operands, t, rng.choice(_BINARY))
        previous = f"%u{i}"
    return "\n".join(lines) + "\n" + body + f"  return {previous} : {t}\n}}\n"


@pytest.mark.parametrize("seed", range(6))
def test_random_chains_agree_with_the_reference(seed):
    _check_chain(seed)


@pytest.mark.parametrize("seed", range(3))
def test_random_chains_with_shared_producers_agree(seed):
    _check_chain(seed, random_shared_chain)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3, 30))
def test_random_shared_chain_sweep(seed):
    _check_chain(seed, random_shared_chain)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6, 40))
def test_random_chain_sweep(seed):
    _check_chain(seed)


def _check_chain(seed: int, generate=random_chain) -> None:
    text = generate(seed)
    candidate, reference = compile_module(text, "chain", "microkernel"), compile_module(text, "chain", "default")
    inputs = random_inputs(candidate.signature, seed=seed)
    np.testing.assert_allclose(candidate(*inputs)[0], reference(*inputs)[0], rtol=2e-6, atol=2e-6,
                               err_msg=text)


BLEND = Path(__file__).parents[1] / "filecheck" / "with-mlir" / "backends" / "loop-blend-invariant-read.mlir"


@pytest.mark.parametrize("invariant", [True, False])
def test_a_loop_blend_reading_an_invariant_operand_agrees_with_numpy(invariant, monkeypatch):
    """A recurrence's output blend `y + onehot(t) * h` (its onehot read through `(d0, d1, 0)`),
    vectorized with `INVARIANT_READS` and left to the loops without, against numpy."""
    from xfuse.backends.schedules import elementwise

    monkeypatch.setattr(elementwise, "INVARIANT_READS", invariant)
    compiled = compile_module(BLEND.read_text(), "blend", "microkernel")
    rng = np.random.default_rng(0)
    onehots = rng.standard_normal((16, 16, 1, 1)).astype(np.float32)
    hs = rng.standard_normal((16, 1, 1, 96)).astype(np.float32)
    y = rng.standard_normal((16, 1, 96)).astype(np.float32)
    (got,) = compiled(onehots, hs, y.copy())
    for t in range(16):
        y = y + onehots[t] * hs[t]
    np.testing.assert_allclose(got, y, rtol=1e-5, atol=1e-5)

"""The matmul schedule keeps wide producers out of its register tiles (issue 39, wide_producers.py).

- Plan: a row reduction and the elementwise op reading it, which compute a matmul's A operand,
  are cut from the register tile by a `materialize_in_destination`; the bias and a narrow
  elementwise producer of the residual stay fused.
- Differential: that module, microkernel vs the reference pipeline, on the same random inputs.
- A barrier's source chain gets its own fill where the fill is shared (`own_destination_chain`):
  eliminate-empty-tensors would make the shared fill write the barrier's buffer.
- Compile-time guard (not timed): a small transformer layer with a 768-wide hidden row reaches
  LLVM with no vector over 256 elements (the row schedule's longest row), and agrees with
  onnxruntime at 1e-4; with the rule off (heavy) its rows are `<768 x float>`.
"""

import re

import numpy as np
import pytest

import xfuse
import xfuse.backends.runner as runner
import xfuse.backends.schedules.matmul as matmul_schedule
import xfuse.backends.schedules.wide_producers as wide_producers
from xfuse.backends.mlir_text import prepare_for_execution
from xfuse.backends.pipelines import get_pipeline
from xfuse.backends.schedules.matmul import CONTRACTION_ATTR, plan_microkernels
from xfuse.backends.schedules.wide_producers import own_destination_chain, producer_of
from xfuse.backends.target import CpuTarget

AVX2 = CpuTarget("x86-64-v3", 256, 16, True)

CENTERED_LINEAR = """
func.func @layer(%x: tensor<24x64xf32>, %w: tensor<64x64xf32>, %b: tensor<64xf32>,
                 %r: tensor<24x64xf32>) -> tensor<24x64xf32> {
  %zero = arith.constant 0.0 : f32
  %inv = arith.constant 0.015625 : f32
  %two = arith.constant 2.0 : f32
  %e1 = tensor.empty() : tensor<24xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<24xf32>) -> tensor<24xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<24x64xf32>) outs(%f1 : tensor<24xf32>) {
  ^bb0(%a: f32, %s: f32):
    %t = arith.addf %a, %s : f32
    linalg.yield %t : f32
  } -> tensor<24xf32>
  %e2 = tensor.empty() : tensor<24x64xf32>
  %centered = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>,
                                               affine_map<(d0, d1) -> (d0, d1)>],
                              iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<24x64xf32>, tensor<24xf32>) outs(%e2 : tensor<24x64xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %mean = arith.mulf %s, %inv : f32
    %t = arith.subf %a, %mean : f32
    linalg.yield %t : f32
  } -> tensor<24x64xf32>
  %e3 = tensor.empty() : tensor<24x64xf32>
  %doubled = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                             iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<24x64xf32>) outs(%e3 : tensor<24x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.mulf %a, %two : f32
    linalg.yield %t : f32
  } -> tensor<24x64xf32>
  %e4 = tensor.empty() : tensor<24x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e4 : tensor<24x64xf32>) -> tensor<24x64xf32>
  %mm = linalg.matmul {xfuse.tile_sizes = array<i64: 12, 64, 0>}
      ins(%centered, %w : tensor<24x64xf32>, tensor<64x64xf32>) outs(%acc : tensor<24x64xf32>) -> tensor<24x64xf32>
  %e5 = tensor.empty() : tensor<24x64xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b, %doubled : tensor<24x64xf32>, tensor<64xf32>, tensor<24x64xf32>) outs(%e5 : tensor<24x64xf32>) {
  ^bb0(%a: f32, %bias: f32, %res: f32, %o: f32):
    %s = arith.addf %a, %bias : f32
    %t = arith.addf %s, %res : f32
    linalg.yield %t : f32
  } -> tensor<24x64xf32>
  return %y : tensor<24x64xf32>
}
"""
FUSION = "xfuse-tile{loop=forall},xfuse-diffusion"


def _fused_module():
    module = xfuse.parse(CENTERED_LINEAR)
    xfuse.apply_passes(module, FUSION)
    return module


def test_the_a_operands_producers_stay_outside_and_the_residual_producer_inside():
    module = prepare_for_execution(_fused_module())
    (group,) = plan_microkernels(module, AVX2)
    assert not group.root_is_contraction
    (matmul,) = [op for op in module.walk() if CONTRACTION_ATTR in op.attributes]
    barriers = [op for op in module.walk() if op.name == "bufferization.materialize_in_destination"]
    assert len(barriers) == 1, [op.name for op in module.walk()]
    assert producer_of(matmul.operands[0]) is barriers[0]
    centered = producer_of(barriers[0].operands[0])
    assert centered.name == "linalg.generic" and any(
        producer_of(v) is not None and producer_of(v).name == "linalg.generic" for v in centered.operands)
    (root,) = [use.operation for use in matmul.results[0].uses]
    residual = producer_of(root.operands[2])
    assert residual.name == "linalg.generic", "the narrow residual producer is not behind a barrier"


WIDE_VALUES = 1000
"""At most this many vector types wider than 256 elements in the LLVM IR of the 768-wide layer: its
two LayerNorms are row kernels (schedules/row_kernels.py) that hold a row of 768 whole, 39 such
types in all (2026-11-30); computed in every register tile of fc1, about 100,000."""


def _wide_vectors(text: str, elements: int = 256) -> int:
    """How many vector types in LLVM IR (`<768 x float>`) have more than `elements` elements."""
    return sum(int(n) > elements for n in re.findall(r"<(\d+) x (?:float|double|i\d+)>", text))


@pytest.fixture
def llvm_modules(monkeypatch, tmp_path):
    """The LLVM IR text of every module compiled while the fixture is active (cache off)."""
    monkeypatch.setenv("XFUSE_CACHE_DIR", str(tmp_path / "cache"))
    modules: list[str] = []
    lower = runner.lower_to_llvm_ir

    def recording(text, pipeline, work):
        path = lower(text, pipeline, work)
        modules.append(path.read_text())
        return path
    monkeypatch.setattr(runner, "lower_to_llvm_ir", recording)
    return modules


def test_microkernel_output_agrees_with_the_reference():
    module = _fused_module()
    candidate = runner.compile_module(module, "layer", get_pipeline("microkernel"))
    expected = runner.compile_module(module, "layer", get_pipeline("default"))
    for seed in (0, 1):
        inputs = runner.random_inputs(candidate.signature, seed=seed)
        (got,), (want,) = candidate(*[np.copy(x) for x in inputs]), expected(*inputs)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


ROW_768 = dict(seq=16, hidden=768, heads=12, ffn=64)
"""A transformer layer with BERT-base's 768-wide hidden row (the LayerNorm before fc1). Measured
2026-11-29 on the busy 2-core Zen 3: loads in 7 s; without the rule in 166 s (llc 120 s), its
LLVM dialect 322,000 lines with 100,592 values of `vector<768xf32>`."""


def test_a_768_wide_row_is_not_computed_in_every_register_tile(llvm_modules):
    onnxruntime = pytest.importorskip("onnxruntime")
    import xfuse.onnx
    from xfuse.onnx.transformer import LayerSizes, transformer_layer

    proto = transformer_layer(LayerSizes(**ROW_768), seed=0)
    model = xfuse.onnx.load(proto)
    wide = sum(_wide_vectors(text) for text in llvm_modules)
    assert wide <= WIDE_VALUES, f"{wide} vector types wider than 256 elements reached LLVM"
    x = np.random.default_rng(0).standard_normal(model.inputs[0].shape, dtype=np.float32)
    session = onnxruntime.InferenceSession(proto.SerializeToString(), providers=["CPUExecutionProvider"])
    (want,) = session.run(None, {"x": x})
    got = model(x)
    got = got[0] if isinstance(got, (list, tuple)) else got
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-4, atol=1e-4)


@pytest.mark.heavy
def test_without_the_rule_the_768_wide_row_is_one_vector(llvm_modules, monkeypatch):
    """The guard above can fail: with the rule off, fc1's register tiles compute the LayerNorm's
    768-wide rows whole, in every tile (about 3 minutes of compile, hence heavy). The LayerNorm
    is left to the tiles as before row kernels (xfuse-row-kernels takes it out of them too)."""
    import xfuse.backends.schedules.row_kernels as row_kernels
    import xfuse.onnx
    from xfuse.onnx.transformer import LayerSizes, transformer_layer

    monkeypatch.setattr(row_kernels, "ENABLED", False)
    monkeypatch.setattr(matmul_schedule, "keep_wide_producers_out", lambda *args: 0)
    xfuse.onnx.load(transformer_layer(LayerSizes(**ROW_768), seed=0))
    assert sum(_wide_vectors(text) for text in llvm_modules) > WIDE_VALUES


SHARED_FILL = """
func.func @two_minima(%x: tensor<8x32xf32>, %y: tensor<8x32xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %inf = arith.constant 0x7F800000 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%inf : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %a = linalg.reduce ins(%x : tensor<8x32xf32>) outs(%f : tensor<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) { %m = arith.minimumf %in, %acc : f32
                            linalg.yield %m : f32 }
  %b = linalg.reduce ins(%y : tensor<8x32xf32>) outs(%f : tensor<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) { %m = arith.minimumf %in, %acc : f32
                            linalg.yield %m : f32 }
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}
"""


def test_a_barriers_source_gets_its_own_fill_where_the_fill_is_shared():
    module = xfuse.parse(SHARED_FILL)
    first, second = [op for op in module.walk() if op.name == "linalg.reduce"]
    shared = first.operands[-1]
    own_destination_chain(first.results[0])
    own = first.operands[-1]
    assert own is not shared and own.op.name == "linalg.fill" and own.op.operands[0] is shared.op.operands[0]
    assert own.op.operands[1].op.name == "tensor.empty" and own.op.operands[1] is not shared.op.operands[1]
    assert second.operands[-1] is shared  # the other reader keeps the original
    module.verify()
    own_destination_chain(second.results[0])  # now its only reader: nothing to copy
    assert second.operands[-1] is shared


CENTERED_RESIDUAL = CENTERED_LINEAR.replace("ins(%r : tensor<24x64xf32>) outs(%e3", "ins(%centered_r : tensor<24x64xf32>) outs(%e3").replace(
    "  %e3 = tensor.empty() : tensor<24x64xf32>\n", """  %e3 = tensor.empty() : tensor<24x64xf32>
  %rsum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                          iterator_types = ["parallel", "reduction"]}
      ins(%r : tensor<24x64xf32>) outs(%f1 : tensor<24xf32>) {
  ^bb0(%a: f32, %s: f32):
    %t = arith.addf %a, %s : f32
    linalg.yield %t : f32
  } -> tensor<24xf32>
  %e6 = tensor.empty() : tensor<24x64xf32>
  %centered_r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>,
                                                 affine_map<(d0, d1) -> (d0, d1)>],
                                iterator_types = ["parallel", "parallel"]}
      ins(%r, %rsum : tensor<24x64xf32>, tensor<24xf32>) outs(%e6 : tensor<24x64xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %mean = arith.mulf %s, %inv : f32
    %t = arith.subf %a, %mean : f32
    linalg.yield %t : f32
  } -> tensor<24x64xf32>
""")
"""The residual is doubled after being centered by its computed row mean (a LayerNorm's shape):
fused, each register tile would read its rows' means as an `MR x 1` slice, a temporary of its own."""


def _residual_producers(module):
    (matmul,) = [op for op in module.walk() if CONTRACTION_ATTR in op.attributes]
    (root,) = [use.operation for use in matmul.results[0].uses]
    return root, producer_of(root.operands[2])


@pytest.mark.parametrize("side_out", [True, False])
def test_a_residual_centered_by_a_computed_row_statistic_is_computed_outside(side_out, monkeypatch):
    """`SIDE_PRODUCERS_OUT`: the residual's chain is cut below the op that reads the row mean
    broadcast; the doubling (whole-tile reads) stays fused. Off: the centering is fused too, only
its row sum (a reduction) is cut."""
    monkeypatch.setattr(wide_producers, "SIDE_PRODUCERS_OUT", side_out)
    module = xfuse.parse(CENTERED_RESIDUAL)
    xfuse.apply_passes(module, FUSION)
    module = prepare_for_execution(module)
    plan_microkernels(module, AVX2)
    barriers = [op for op in module.walk() if op.name == "bufferization.materialize_in_destination"]
    _, doubled = _residual_producers(module)
    assert doubled.name == "linalg.generic", "the doubling reads its input whole-tile: it stays fused"
    behind = producer_of(doubled.operands[0])
    assert len(barriers) == 2  # the A operand's, and the residual's below or above its centering
    assert (behind.name == "bufferization.materialize_in_destination") is side_out


def test_the_centered_residual_agrees_with_the_reference():
    module = xfuse.parse(CENTERED_RESIDUAL)
    xfuse.apply_passes(module, FUSION)
    for threads in (1, 2):
        pipeline = get_pipeline("microkernel") if threads == 1 else get_pipeline("microkernel-openmp")
        candidate = runner.compile_module(module, "layer", pipeline)
        expected = runner.compile_module(module, "layer", get_pipeline("default"))
        inputs = runner.random_inputs(candidate.signature, seed=threads)
        (got,), (want,) = candidate(*[np.copy(x) for x in inputs]), expected(*inputs)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


COLLAPSED_CENTERED = CENTERED_LINEAR.replace(
    "%e2 = tensor.empty() : tensor<24x64xf32>",
    "%x3 = tensor.expand_shape %x [[0, 1], [2]] output_shape [1, 24, 64] : tensor<24x64xf32> into tensor<1x24x64xf32>\n"
    "  %e2 = tensor.empty() : tensor<1x24x64xf32>").replace(
    """  %centered = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>,
                                               affine_map<(d0, d1) -> (d0, d1)>],
                              iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<24x64xf32>, tensor<24xf32>) outs(%e2 : tensor<24x64xf32>) {""",
    """  %centered3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1)>,
                                                affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                               iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x3, %sum : tensor<1x24x64xf32>, tensor<24xf32>) outs(%e2 : tensor<1x24x64xf32>) {""").replace(
    "  } -> tensor<24x64xf32>\n  %e3",
    "  } -> tensor<1x24x64xf32>\n"
    "  %centered = tensor.collapse_shape %centered3 [[0, 1], [2]] : tensor<1x24x64xf32> into tensor<24x64xf32>\n  %e3", 1)
"""CENTERED_LINEAR with the centering 3-D and collapsed to the matmul's rows, as torch-mlir writes
a LayerNorm before a Linear (`[1, tokens, dim]`, then `collapse_shape`)."""


@pytest.mark.parametrize("at_producer", [True, False])
def test_a_barrier_below_a_view_stands_on_the_producer_and_copies_nothing(at_producer, llvm_modules, monkeypatch):
    """The barrier is put on the 3-D centering's own result, which the collapse then reads, so
    eliminate-empty-tensors makes it free: no copy (`memrefCopy`, `llvm.memcpy`) in the LLVM IR. On the collapsed
    operand (`BARRIER_AT_PRODUCER` off, as before) it was a copy of the 24 x 64 rows; both agree
    with the reference pipeline."""
    from xfuse.backends.schedules import wide_producers

    monkeypatch.setattr(wide_producers, "BARRIER_AT_PRODUCER", at_producer)
    module = prepare_for_execution(xfuse.parse(COLLAPSED_CENTERED))
    xfuse.apply_passes(module, FUSION)
    plan_microkernels(module, AVX2)
    (barrier,) = [op for op in module.walk() if op.name == "bufferization.materialize_in_destination"]
    assert barrier.results[0].type.get_num_dims() == (3 if at_producer else 2)  # the 3-D result, or its rows
    module = xfuse.parse(COLLAPSED_CENTERED)
    xfuse.apply_passes(module, FUSION)
    candidate = runner.compile_module(module, "layer", get_pipeline("microkernel"), cache=False)
    copies = sum(text.count("call void @memrefCopy") + text.count("call void @llvm.memcpy") for text in llvm_modules)
    assert (copies == 0) if at_producer else (copies > 0)
    expected = runner.compile_module(module, "layer", get_pipeline("default"), cache=False)
    inputs = runner.random_inputs(candidate.signature, seed=0)
    (got,), (want,) = candidate(*[np.copy(x) for x in inputs]), expected(*inputs)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)

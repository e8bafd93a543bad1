"""The software prefetch of in-place epilogues (xfuse/backends/lowering_fixes/residual_prefetch.py,
`PREFETCH_BYTES`, off): which loads get one, and a residual layer built with it computes what
onnxruntime does (the IR itself: tests/filecheck/with-mlir/backends/residual-prefetch.mlir)."""

import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

from xfuse.backends.lowering_fixes import residual_prefetch

IN_PLACE = """define void @f(ptr %p, ptr %q, <8 x float> %acc, i64 %i) {
entry:
  %a = getelementptr float, ptr %p, i64 %i
  %r = load <8 x float>, ptr %a, align 32
  %b = getelementptr float, ptr %q, i64 %i
  %s = load <8 x float>, ptr %b, align 32
  %t = fadd <8 x float> %acc, %r
  store <8 x float> %t, ptr %a, align 32
  store <8 x float> %s, ptr %b, align 32
  br label %next

next:
  %c = load <8 x float>, ptr %b, align 32
  %u = fmul <8 x float> %c, %t
  store <8 x float> %u, ptr %a, align 32
  ret void
}
"""


def test_only_loads_an_fadd_takes_get_a_prefetch():
    """The residual's load (an `fadd` of its block adds it to a value from outside: an
    accumulator) gets one; a load only stored, and one only multiplied, get none; 0 leaves the
    IR alone."""
    text, added = residual_prefetch.add_prefetches(IN_PLACE, 8192)
    assert added == 1
    assert "%xfuse.prefetch.0 = getelementptr i8, ptr %a, i64 8192" in text
    assert "call void @llvm.prefetch.p0(ptr %xfuse.prefetch.0, i32 1, i32 3, i32 1)" in text
    assert text.index("@llvm.prefetch.p0(ptr") < text.index("%r = load")
    assert text.count("declare void @llvm.prefetch.p0") == 1
    assert residual_prefetch.add_prefetches(IN_PLACE, 0) == (IN_PLACE, 0)


def _residual_layer(rows: int, width: int, channels: int, features: int):
    """ResNet-50's first 56x56 block's end, narrowed to `rows`: a 1x1 shortcut (the residual),
    ReLU -> 1x1 convolution + bias -> residual add -> ReLU."""
    rng = np.random.default_rng(41)

    def weight(name, shape):
        return numpy_helper.from_array((rng.standard_normal(shape) * 0.1).astype(np.float32), name)

    nodes = [helper.make_node("Conv", ["x", "ws", "bs"], ["r"]), helper.make_node("Relu", ["x"], ["xr"]),
             helper.make_node("Conv", ["xr", "w", "b"], ["c"]), helper.make_node("Add", ["c", "r"], ["s"]),
             helper.make_node("Relu", ["s"], ["y"])]
    graph = helper.make_graph(
        nodes, "layer", [helper.make_tensor_value_info("x", TensorProto.FLOAT, (1, channels, rows, width))],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, (1, features, rows, width))],
        [weight("ws", (features, channels, 1, 1)), weight("bs", (features,)),
         weight("w", (features, channels, 1, 1)), weight("b", (features,))])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


TILE = """define void @g(ptr %p, <8 x float> %acc, i64 %i) {
entry:
  %line = getelementptr i8, ptr %p, i64 1024
  br label %tile

tile:
  %a = getelementptr float, ptr %p, i64 %i
  %r = load <8 x float>, ptr %a, align 32
  %b = getelementptr float, ptr %line, i64 %i
  %s = load <8 x float>, ptr %b, align 32
  %c = add nuw i64 %i, 512
  %d = getelementptr float, ptr %p, i64 %c
  %u = load <8 x float>, ptr %d, align 32
  %t = fadd <8 x float> %acc, %r
  %v = fadd <8 x float> %acc, %s
  %w = fadd <8 x float> %u, %acc
  ret void
}
"""


def test_tile_spans_from_the_loads_offsets():
    """`PREFETCH_TILES`: three residual loads at 0, 1024 and 2048 bytes from one address (through
    an i8 offset and a constant added to the float index) span 3072 bytes; two tiles: 6144."""
    text, added = residual_prefetch.add_prefetches(TILE, 0, 2)
    assert added == 3
    assert text.count("i64 6144") == 3


@pytest.mark.parametrize(("threads", "distance", "tiles"), [(1, 4096, 0), (2, 4096, 0), (1, 0, 1), (2, 0, 1)])
def test_residual_prefetch_computes_the_same(monkeypatch, tmp_path, threads, distance, tiles):
    """With `PREFETCH_BYTES` or `PREFETCH_TILES` set the residual layer's build has prefetches
    and agrees with onnxruntime."""
    onnxruntime = pytest.importorskip("onnxruntime")
    import xfuse.onnx

    added = []
    original = residual_prefetch.add_prefetches

    def spy(text, distance, tiles=0):
        result = original(text, distance, tiles)
        added.append(result[1])
        return result

    monkeypatch.setenv("XFUSE_CACHE_DIR", str(tmp_path))  # built here, not taken from the cache
    monkeypatch.setattr(residual_prefetch, "PREFETCH_BYTES", distance)
    monkeypatch.setattr(residual_prefetch, "PREFETCH_TILES", tiles)
    monkeypatch.setattr(residual_prefetch, "PREFETCH_PARALLEL", True)
    monkeypatch.setattr(residual_prefetch, "add_prefetches", spy)
    model = _residual_layer(8, 56, 64, 256)
    x = np.random.default_rng(43).standard_normal((1, 64, 8, 56)).astype(np.float32)
    compiled = xfuse.onnx.load(model, threads=threads)
    got = compiled(x)
    got = got[0] if isinstance(got, (list, tuple)) else got
    want = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(
        None, {"x": x})[0]
    assert sum(added) > 0
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-4, atol=1e-4)


def test_tiles_reach_parallel_builds_only_when_asked(monkeypatch):
    """`PREFETCH_TILES` is for one-thread builds unless `PREFETCH_PARALLEL`; `PREFETCH_BYTES`
    for every build; the cache key says which."""
    monkeypatch.setattr(residual_prefetch, "PREFETCH_BYTES", 0)
    monkeypatch.setattr(residual_prefetch, "PREFETCH_TILES", 3)
    monkeypatch.setattr(residual_prefetch, "PREFETCH_PARALLEL", False)
    assert residual_prefetch.settings(False) == (0, 3)
    assert residual_prefetch.settings(True) == (0, 0)
    assert residual_prefetch.recipe(True) == "off" != residual_prefetch.recipe(False)
    monkeypatch.setattr(residual_prefetch, "PREFETCH_PARALLEL", True)
    assert residual_prefetch.settings(True) == (0, 3)

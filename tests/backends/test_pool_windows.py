"""Max and sum poolings as elementwise ops over their windows' slices (xfuse/backends/schedules/pool_windows.py).

- The rewrite: which poolings become generics, what the body starts from, the fills left out.
- Sums: bit-identical to numpy's window-order sum, at one and two threads.
- Differential against numpy, with NaN, -inf, inf, -0 and +0 in the inputs, at one thread and two
  (where the parallel split takes the generic): a NaN anywhere in a window gives NaN (the rule of
  `arith.maximumf`), every other output equals numpy's maximum (-0 == +0), and a window of zeros
  of one sign keeps it.
- The lowered code: one `vmaxps` per window element, no `vblendvps` but the NaN select's.
"""

import subprocess

import numpy as np
import pytest

from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
from xfuse.backends.pipelines import get_pipeline
from xfuse.backends.runner import compile_module, lower_to_llvm_dialect_command
from xfuse.backends.schedules import pool_windows as wm
from xfuse.parsing import parse


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _out_size(size, pad, window, stride, dilation, ceil):
    span = size + 2 * pad - dilation * (window - 1) - 1
    return (-(-span // stride) if ceil else span // stride) + 1


def _pool(batch=1, size=(9, 11), channels=32, window=(3, 3), stride=2, dilation=1, pad=1, init="0xFF800000",
          ceil=False, kind="max"):
    """A torch-mlir-like max pooling: a `-inf` pad (and, in ceil mode, the extra row and column at
    the high end), the init a fill of `init`; a sum pooling's pad and init are 0.0."""
    if kind == "sum":
        init = "0.0"
    n, (h, w), c = batch, size, channels
    oh, ow = (_out_size(s, pad, k, stride, dilation, ceil) for s, k in zip(size, window, strict=True))
    high = [max(pad, (o - 1) * stride + dilation * (k - 1) + 1 - s - pad)
            for o, s, k in zip((oh, ow), size, window, strict=True)]
    x, padded = f"tensor<{n}x{h}x{w}x{c}xf32>", f"tensor<{n}x{h + pad + high[0]}x{w + pad + high[1]}x{c}xf32>"
    out = f"tensor<{n}x{oh}x{ow}x{c}xf32>"
    return f"""
func.func @pool(%x: {x}) -> {out} {{
  %lowest = arith.constant {"0xFF800000" if kind == "max" else "0.0"} : f32
  %init_value = arith.constant {init} : f32
  %p = tensor.pad %x low[0, {pad}, {pad}, 0] high[0, {high[0]}, {high[1]}, 0] {{
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %lowest : f32
  }} : {x} to {padded}
  %window = tensor.empty() : tensor<{window[0]}x{window[1]}xf32>
  %e = tensor.empty() : {out}
  %acc = linalg.fill ins(%init_value : f32) outs(%e : {out}) -> {out}
  %r = linalg.pooling_nhwc_{kind} {{dilations = dense<{dilation}> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}}
      ins(%p, %window : {padded}, tensor<{window[0]}x{window[1]}xf32>) outs(%acc : {out}) -> {out}
  return %r : {out}
}}
"""


def _reference(x, window, stride, dilation, pad, init, out_shape):
    """numpy's max pooling: NaN when a window holds one (`np.max` propagates it)."""
    n, oh, ow, c = out_shape
    rows, cols = (x.shape[1 + a] + 2 * pad + 2 * stride * window[a] for a in (0, 1))
    padded = np.full((n, rows, cols, c), -np.inf, np.float32)
    padded[:, pad:pad + x.shape[1], pad:pad + x.shape[2]] = x
    result = np.full(out_shape, init, np.float32)
    for kh in range(window[0]):
        for kw in range(window[1]):
            rows = slice(kh * dilation, kh * dilation + (oh - 1) * stride + 1, stride)
            cols = slice(kw * dilation, kw * dilation + (ow - 1) * stride + 1, stride)
            part = padded[:, rows, cols]
            result = np.where(np.isnan(result) | np.isnan(part), np.nan, np.maximum(result, part))
    return result


def _special_input(shape, seed):
    """Random values with NaN, -inf, inf, -0 and +0 sprinkled in, and a patch of -0 and +0 only."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, shape).astype(np.float32)
    for value, share in ((np.nan, 0.01), (-np.inf, 0.05), (np.inf, 0.005), (-0.0, 0.05), (0.0, 0.05)):
        x[rng.random(shape) < share] = value
    x[:, :3, :3, :8] = -0.0
    x[:, :3, :3, 8:16] = 0.0
    x[:, 3:6, :3, :8] = -np.inf
    return x


# The zoo's max poolings, small: SqueezeNet's 3x3/2 in ceil mode, ResNet-50's and Inception's 3x3/2
# with pad 1, Inception's 3x3/1 pad 1, VGG's 2x2/2; a dilated one, a 0.0 init, batch 2, 20 channels
# (no 8-lane vector divides them: the loops), and a T=2 size the parallel split takes (>= 64 K outputs).
CASES = [
    dict(size=(15, 15), pad=0, ceil=True),
    dict(size=(16, 16)),
    dict(size=(14, 14), stride=1),
    dict(size=(12, 12), window=(2, 2), pad=0),
    dict(size=(13, 11), dilation=2, pad=2),
    dict(size=(10, 10), init="0.0"),
    dict(batch=2, size=(9, 9), channels=48),
    dict(channels=20),
    dict(size=(96, 96), channels=64),
]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("kwargs", CASES)
def test_window_maxima_agree_with_numpy(kwargs, threads):
    text = _pool(**kwargs)
    compiled = compile_module(text, "pool", threads=threads)
    (x_spec,) = compiled.signature.inputs
    out_type = parse(text).ops.first.function_type.outputs.data[0]
    init = -np.inf if kwargs.get("init", "0xFF800000") == "0xFF800000" else float(kwargs["init"])
    for seed in (0, 1):
        x = _special_input(tuple(x_spec.shape), seed)
        (got,) = compiled(x)
        want = _reference(x, kwargs.get("window", (3, 3)), kwargs.get("stride", 2), kwargs.get("dilation", 1),
                          kwargs.get("pad", 1), init, tuple(out_type.get_shape()))
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want))  # the NaN rule
        np.testing.assert_array_equal(got[~np.isnan(got)], want[~np.isnan(want)])  # -0 == +0
        if init == -np.inf:  # windows of zeros of one sign keep it
            assert np.signbit(got[:, 0, 0, :8]).all() and not np.signbit(got[:, 0, 0, 8:16]).any()


def test_max_poolings_are_rewritten_and_their_fills_dropped():
    module = parse(_pool(size=(16, 16)))
    from xfuse.backends.in_place.pool_borders import pool_borders

    pool_borders(module)
    pieces = sum(op.name == "linalg.pooling_nhwc_max" for op in module.walk())
    assert wm.pool_windows(module) == pieces > 1
    names = [op.name for op in module.walk()]
    assert "linalg.pooling_nhwc_max" not in names and "linalg.fill" not in names
    assert names.count("linalg.generic") == pieces


@pytest.mark.parametrize("kind", ["max", "sum"])
def test_switches_and_global_poolings(kind, monkeypatch):
    assert wm.pool_windows(parse(_pool(kind=kind, size=(7, 7), window=(7, 7), stride=1, pad=0))) == 0
    monkeypatch.setattr(wm, "POOL_WINDOW_KINDS", "sum" if kind == "max" else "max")
    assert wm.pool_windows(parse(_pool(kind=kind))) == 0
    monkeypatch.setattr(wm, "POOL_WINDOW_KINDS", "none")
    assert wm.pool_windows(parse(_pool(kind=kind))) == 0


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("kwargs", [dict(size=(14, 14), stride=1), dict(size=(16, 16), window=(2, 2), pad=0),
                                    dict(size=(96, 96), channels=64, stride=1)])
def test_window_sums_are_the_poolings_to_the_bit(kwargs, threads):
    """Inception's 3x3/1 average poolings' sums, DenseNet's 2x2/2; the last one split at T=2."""
    text = _pool(kind="sum", **kwargs)
    compiled = compile_module(text, "pool", threads=threads)
    out_type = parse(text).ops.first.function_type.outputs.data[0]
    (x_spec,) = compiled.signature.inputs
    x = _special_input(tuple(x_spec.shape), 0)
    x[np.isinf(x)] = 0.5  # inf - inf would be NaN on both sides; keep the sums finite
    window, stride, pad = kwargs.get("window", (3, 3)), kwargs.get("stride", 2), kwargs.get("pad", 1)
    n, oh, ow, c = out_type.get_shape()
    padded = np.zeros((n, x.shape[1] + 2 * pad + 2 * window[0], x.shape[2] + 2 * pad + 2 * window[1], c), np.float32)
    padded[:, pad:pad + x.shape[1], pad:pad + x.shape[2]] = x
    want = np.zeros((n, oh, ow, c), np.float32)
    for kh in range(window[0]):
        for kw in range(window[1]):
            want = want + padded[:, kh:kh + (oh - 1) * stride + 1:stride, kw:kw + (ow - 1) * stride + 1:stride]
    (got,) = compiled(x)
    np.testing.assert_array_equal(got, want)


def test_known_fill_value_through_disjoint_pieces():
    module = parse(_pool(size=(16, 16)))
    from xfuse.backends.in_place.pool_borders import pool_borders

    pool_borders(module)
    pieces = [op for op in module.walk() if op.name == "linalg.pooling_nhwc_max"]
    assert all(wm.known_fill_value(op.operands[-1]) == -np.inf for op in pieces)
    argument = parse("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}")
    assert wm.known_fill_value(argument.ops.first.body.block.args[0]) is None


@pytest.mark.parametrize("enabled", [True, False])
def test_lowered_code_has_one_max_per_element(enabled, tmp_path, monkeypatch):
    """The 3x3/2 pooling's x86 body: with the rewrite no `llvm.intr.maximum` (five instructions
    each on AVX2), a `select` of an `fcmp ogt` per element (`vmaxps`); without it, maxima."""
    monkeypatch.setattr(wm, "POOL_WINDOW_KINDS", "max" if enabled else "none")
    prepared = prepare_for_execution(parse(_pool(size=(16, 16), channels=64)))
    specialized = get_pipeline("microkernel").for_module(prepared)
    subprocess.run(lower_to_llvm_dialect_command(emit_mlir_text(prepared), specialized, tmp_path), check=True)
    lowered = (tmp_path / "lowered.mlir").read_text()
    assert ("llvm.intr.maximum" in lowered) is not enabled
    assert ('llvm.fcmp "ogt"' in lowered) is enabled and ('llvm.fcmp "uno"' in lowered) is enabled

"""compile_module / run / run_with_mlir_runner: numpy in, numpy out, through mlir-opt 22 and LLVM."""

from pathlib import Path

import numpy as np
import pytest

from xfuse.backends import toolchain
from xfuse.backends.runner import (
    BackendError,
    MissingToolError,
    compile_module,
    random_inputs,
    run,
    run_with_mlir_runner,
)
from xfuse.diagnostics import VerificationError, XfuseError, describe
from xfuse.parsing import parse

INPUTS = Path(__file__).parent / "inputs"



@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


# One module, compiled once, with a function per concern.
KERNELS = """
func.func @ranks(%s: tensor<f32>, %v: tensor<5xi32>, %m: tensor<2x3xf64>, %t: tensor<2x3x4xi64>,
                 %k: i32, %x: f32, %n: index)
    -> (tensor<f32>, tensor<5xi32>, tensor<2x3xf64>, tensor<2x3x4xi64>, i32, f32, index) {
  %e0 = tensor.empty() : tensor<f32>
  %s2 = linalg.add ins(%s, %s : tensor<f32>, tensor<f32>) outs(%e0 : tensor<f32>) -> tensor<f32>
  %e1 = tensor.empty() : tensor<5xi32>
  %v2 = linalg.mul ins(%v, %v : tensor<5xi32>, tensor<5xi32>) outs(%e1 : tensor<5xi32>) -> tensor<5xi32>
  %e2 = tensor.empty() : tensor<2x3xf64>
  %m2 = linalg.sub ins(%m, %m : tensor<2x3xf64>, tensor<2x3xf64>) outs(%e2 : tensor<2x3xf64>) -> tensor<2x3xf64>
  %k2 = arith.addi %k, %k : i32
  %x2 = arith.mulf %x, %x : f32
  return %s2, %v2, %m2, %t, %k2, %x2, %n
      : tensor<f32>, tensor<5xi32>, tensor<2x3xf64>, tensor<2x3x4xi64>, i32, f32, index
}

func.func @mlp(%a: tensor<4x8xf32>, %w: tensor<8x16xf32>, %bias: tensor<16xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m = linalg.matmul ins(%a, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m, %bias : tensor<4x16xf32>, tensor<16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

func.func @dynamic_matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @aliasing(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf32>) {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %inplace = linalg.add ins(%a, %c : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %slice = tensor.extract_slice %a[1] [2] [1] : tensor<4xf32> to tensor<2xf32>
  return %a, %c, %inplace, %slice : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf32>
}
"""


@pytest.fixture(scope="module")
def kernels():
    return compile_module(KERNELS, entry="mlp")


def test_ranks_0_to_3_and_scalars(kernels):
    args = random_inputs(kernels.signatures["ranks"], seed=3)
    s, v, m, t, k, x, n = args
    results = kernels.call("ranks", *args)
    assert [r.dtype for r in results] == [np.float32, np.int32, np.float64, np.int64, np.int32, np.float32, np.int64]
    assert results[0].shape == () and results[0] == 2 * s
    np.testing.assert_array_equal(results[1], v * v)
    np.testing.assert_array_equal(results[2], np.zeros((2, 3)))
    np.testing.assert_array_equal(results[3], t)
    assert results[4] == 2 * k and results[5] == np.float32(x * x) and results[6] == n


def test_matmul_bias_relu_against_numpy(kernels):
    a, w, bias = random_inputs(kernels.signature, seed=1)
    (out,) = kernels(a, w, bias)
    assert out.shape == (4, 16) and out.dtype == np.float32
    np.testing.assert_allclose(out, np.maximum(a @ w + bias, 0), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("m,k,n", [(3, 5, 7), (1, 1, 1), (0, 4, 2)])
def test_dynamic_shapes(kernels, m, k, n):
    rng = np.random.default_rng(0)
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    (out,) = kernels.call("dynamic_matmul", a, b)
    assert out.shape == (m, n)
    np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-5)


def test_results_aliasing_inputs_and_constants_are_copies_and_inputs_stay_unchanged(kernels):
    a = np.arange(4, dtype=np.float32)
    for _ in range(50):  # repeated calls: a bad free would crash or corrupt
        same, constant, added, slice_ = kernels.call("aliasing", a)
        np.testing.assert_array_equal(a, np.arange(4, dtype=np.float32))
        np.testing.assert_array_equal(same, a)
        np.testing.assert_array_equal(constant, [1, 2, 3, 4])
        np.testing.assert_array_equal(added, a + [1, 2, 3, 4])
        np.testing.assert_array_equal(slice_, [1, 2])
        assert same.ctypes.data != a.ctypes.data


def test_non_contiguous_input_is_accepted(kernels):
    a, w, bias = random_inputs(kernels.signature, seed=2)
    (out,) = kernels(np.asfortranarray(a), w[:, :], bias)
    np.testing.assert_allclose(out, np.maximum(a @ w + bias, 0), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize(
    "args, message",
    [
        ((np.zeros((4, 8), np.float64), np.zeros((8, 16), np.float32), np.zeros(16, np.float32)),
         r"argument #0 of @mlp: expected tensor<4x8xf32> \(numpy float32 array of shape \(4, 8\)\), got an array of dtype float64"),
        ((np.zeros((4, 8), np.float32), np.zeros((8, 15), np.float32), np.zeros(16, np.float32)),
         r"argument #1 of @mlp: .* got an array of shape \(8, 15\)"),
        ((np.zeros((4, 8), np.float32), np.zeros((8, 16), np.float32), np.zeros((1, 16), np.float32)),
         r"argument #2 of @mlp: .* got an array of rank 2"),
        ((np.zeros((4, 8), np.float32),), r"@mlp takes 3 argument\(s\)"),
    ],
)
def test_bad_arguments_are_clear_errors(kernels, args, message):
    with pytest.raises(BackendError, match=message):
        kernels(*args)


def test_trailing_arguments_bound_once_serve_every_call(kernels):
    """A network's weights: checked and described once, then each call binds only the rest."""
    a, w, bias = random_inputs(kernels.signature, seed=4)
    weights = kernels.bind_trailing(w, bias)
    for seed in (5, 6):
        a = random_inputs(kernels.signature, seed=seed)[0]
        bound = kernels.bind(a, trailing=weights)
        bound.invoke()
        (out,) = bound.collect()
        np.testing.assert_allclose(out, np.maximum(a @ w + bias, 0), rtol=1e-5, atol=1e-6)
    with pytest.raises(BackendError, match=r"argument #1 of @mlp: .* got an array of shape \(8, 15\)"):
        kernels.bind_trailing(np.zeros((8, 15), np.float32), bias)
    with pytest.raises(BackendError, match=r"@mlp takes 3 argument\(s\) .*, got 4"):
        kernels.bind(a, a, trailing=weights)
    with pytest.raises(BackendError, match="bound for @mlp, not @dynamic_matmul"):
        kernels.bind(a, trailing=weights, function="dynamic_matmul")


def test_trailing_arguments_take_part_in_the_size_checks(kernels):
    a = np.ones((3, 5), np.float32)
    trailing = kernels.bind_trailing(np.ones((4, 2), np.float32), function="dynamic_matmul")
    with pytest.raises(BackendError, match="sizes of the arguments contradict each other"):
        kernels.bind(a, trailing=trailing, function="dynamic_matmul")


def test_bad_scalar_argument(kernels):
    args = random_inputs(kernels.signatures["ranks"], seed=0)
    args[4] = 1.5
    with pytest.raises(BackendError, match=r"argument #4 of @ranks: expected i32"):
        kernels.call("ranks", *args)


def test_entry_must_be_chosen_among_several_public_functions():
    with pytest.raises(BackendError, match="several public functions \\(@ranks, @mlp, @dynamic_matmul, @aliasing\\)"):
        compile_module(KERNELS)
    with pytest.raises(BackendError, match="no public function @nope"):
        compile_module(KERNELS, entry="nope")


@pytest.mark.parametrize("name", ["pow", "exp", "free"])
def test_a_public_function_named_like_a_c_library_function_is_refused(name):
    # Exported, @pow's own C wrapper called libm's pow instead: "free(): invalid pointer".
    text = (f"func.func @{name}(%x: tensor<4xf32>) -> tensor<4xf32> {{\n"
            "  %e = tensor.empty() : tensor<4xf32>\n"
            "  %y = linalg.exp ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>\n"
            "  func.return %y : tensor<4xf32>\n}\n")
    with pytest.raises(XfuseError, match=f"@{name} has the name of a C library function"):
        compile_module(text)
    np.testing.assert_allclose(run(text.replace(f"@{name}(", "@exponential("), np.zeros(4, np.float32)),
                               [np.ones(4, np.float32)])


def test_run_convenience_and_random_inputs_are_seeded():
    text = "func.func @twice(%a: tensor<3x?xi32>) -> tensor<3x?xi32> {\n  %0 = arith.addi %a, %a : tensor<3x?xi32>\n  return %0 : tensor<3x?xi32>\n}\n"
    module = parse(text)
    function = next(iter(module.ops))
    first = random_inputs(function, seed=7, dynamic_dim=5)
    again = random_inputs(function.function_type, seed=7, dynamic_dim=5)
    np.testing.assert_array_equal(first[0], again[0])
    assert first[0].shape == (3, 5) and first[0].dtype == np.int32
    assert first[0].min() >= -4 and first[0].max() <= 4
    floats = random_inputs(parse("func.func @f(%a: tensor<100xf64>) {\n  return\n}\n").ops.first, seed=1)[0]
    assert floats.dtype == np.float64 and -1 <= floats.min() and floats.max() <= 1
    (out,) = run(module, *first, entry="twice")  # elementwise arith on tensors is lowered too
    np.testing.assert_array_equal(out, 2 * first[0])


def test_math_without_llvm_intrinsic_goes_to_libm():
    text = ("func.func @f(%a: tensor<5xf64>) -> tensor<5xf64> {\n  %0 = math.tanh %a : tensor<5xf64>\n"
            "  %1 = math.erf %0 : tensor<5xf64>\n  return %1 : tensor<5xf64>\n}\n")
    a = np.linspace(-2, 2, 5)
    (out,) = run(text, a)
    from math import erf

    np.testing.assert_allclose(out, [erf(x) for x in np.tanh(a)], rtol=1e-12)


def test_every_op_of_the_text_test_lowers_and_computes_the_right_values():
    source = (INPUTS / "all_ops.mlir").read_text()
    tensors = source[: source.index("func.func @memrefs")]  # alone: the memref function has deallocs
    compiled = compile_module(tensors)
    a, b, v, d, i = random_inputs(compiled.signature, seed=5, dynamic_dim=3)
    result, transposed, reduced = compiled(a, b, v, d, i)
    s = a @ b - v
    ex = np.exp(np.minimum(s * v, s))
    np.testing.assert_allclose(transposed, ex.T, rtol=1e-5, atol=1e-6)
    expected = ex.copy()
    expected[2:] = ex[:2]
    expected[1:] = -expected[1:] + np.arange(16, dtype=np.float32)
    np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-5)
    assert reduced.shape == (4,)


def test_memref_pipeline_updates_in_place_and_never_frees_an_input():
    text = """
func.func @acc(%x: memref<8xf32>, %y: memref<8xf32>) {
  linalg.add ins(%x, %y : memref<8xf32>, memref<8xf32>) outs(%y : memref<8xf32>)
  return
}
func.func @fresh(%x: memref<8xf32>) -> (memref<8xf32>, memref<8xf32>) {
  %a = memref.alloc() : memref<8xf32>
  linalg.add ins(%x, %x : memref<8xf32>, memref<8xf32>) outs(%a : memref<8xf32>)
  return %x, %a : memref<8xf32>, memref<8xf32>
}
"""
    compiled = compile_module(text, entry="acc")
    assert compiled.pipeline.name == "memref"  # chosen because the module has no tensors
    x, y = np.ones(8, np.float32), np.arange(8, dtype=np.float32)
    assert compiled(x, y) == []
    np.testing.assert_array_equal(y, np.arange(8) + 1)
    for _ in range(20):
        same, doubled = compiled.call("fresh", x)
        np.testing.assert_array_equal(same, x)
        np.testing.assert_array_equal(doubled, 2 * x)


def test_pack_and_unpack_are_lowered_by_mlir_opt():
    # Text input: xDSL may not know linalg.pack; the runner normalizes it with mlir-opt first.
    text = """
func.func @f(%a: tensor<16x6xf32>) -> (tensor<2x3x8x2xf32>, tensor<16x6xf32>) {
  %e = tensor.empty() : tensor<2x3x8x2xf32>
  %p = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %e : tensor<16x6xf32> -> tensor<2x3x8x2xf32>
  %e2 = tensor.empty() : tensor<16x6xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %e2 : tensor<2x3x8x2xf32> -> tensor<16x6xf32>
  return %p, %u : tensor<2x3x8x2xf32>, tensor<16x6xf32>
}
"""
    a = np.arange(96, dtype=np.float32).reshape(16, 6)
    packed, unpacked = run(text, a)
    np.testing.assert_array_equal(packed, a.reshape(2, 8, 3, 2).transpose(0, 2, 1, 3))
    np.testing.assert_array_equal(unpacked, a)


@pytest.mark.parametrize("shape", ["37x45x70", "?"])
def test_vectorize_pipeline_matches_numpy(shape):
    if shape == "?":
        ta, tb, tc = "tensor<?x?xf32>", "tensor<?x?xf32>", "tensor<?x?xf32>"
    else:
        m, k, n = shape.split("x")
        ta, tb, tc = f"tensor<{m}x{k}xf32>", f"tensor<{k}x{n}xf32>", f"tensor<{m}x{n}xf32>"
    text = (f"func.func @mm(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{\n"
            f"  %0 = linalg.matmul ins(%a, %b : {ta}, {tb}) outs(%c : {tc}) -> {tc}\n"
            f"  return %0 : {tc}\n}}\n")
    compiled = compile_module(text, pipeline="vectorize")
    a, b, c = random_inputs(compiled.signature, seed=0, dynamic_dim=13)
    (out,) = compiled(a, b, c)
    np.testing.assert_allclose(out, c + a @ b, rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(c, random_inputs(compiled.signature, seed=0, dynamic_dim=13)[2])
    assert len(compiled.benchmark(a, b, c, repeat=3)) == 3


def test_mlir_opt_failure_quotes_the_diagnostic_and_keeps_the_input(tmp_path):
    text = ("func.func @f(%a: tensor<4xf32>) -> tensor<4xi32> {\n"
            "  %0 = arith.addf %a, %a : tensor<4xf32>\n"
            "  return %0 : tensor<4xf32>\n}\n")
    # Text is verified when parsed (see test_text_that_does_not_verify_fails_before_mlir_opt):
    # an unverified module is what reaches mlir-opt here.
    with pytest.raises(BackendError) as info:
        compile_module(parse(text, verify=False))
    message = str(info.value)
    assert "mlir-opt failed" in message
    assert "<string>:3:3: error: type of return operand 0 ('tensor<4xf32>') doesn't match function result type" in message
    kept = tmp_path / "failures"
    inputs = list(kept.glob("*/input.mlir"))
    assert len(inputs) == 1 and str(inputs[0].parent) in message
    assert "reproduce with:" in message and "--pass-pipeline=builtin.module(convert-elementwise-to-linalg," in message
    assert "one-shot-bufferize" in message
    assert describe(info.value).startswith("error: mlir-opt failed")


def test_text_that_does_not_verify_fails_before_mlir_opt():
    text = ("func.func @f(%a: tensor<4xf32>) -> tensor<4xi32> {\n"
            "  %0 = arith.addf %a, %a : tensor<4xf32>\n"
            "  return %0 : tensor<4xf32>\n}\n")
    with pytest.raises(VerificationError, match=r"^<string>:3:3: error: 'func.return' does not verify: "):
        compile_module(text)


def test_unparsable_text_is_reported_by_mlir_opt(tmp_path):
    with pytest.raises(BackendError, match="custom op 'tensor.bogus' is unknown"):
        compile_module("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = tensor.bogus %a : tensor<4xf32>\n"
                       "  return %0 : tensor<4xf32>\n}\n")


def test_missing_tool_is_a_clear_error(monkeypatch):
    def missing(tool):
        raise toolchain.ToolchainError(f"cannot find '{tool}' (looked in: PATH)")

    monkeypatch.setattr(toolchain, "find_tool", missing)
    with pytest.raises(MissingToolError, match="cannot find 'mlir-opt'") as info:
        compile_module("func.func @f() {\n  return\n}\n", cache=False)
    assert isinstance(info.value, toolchain.ToolchainError)
    assert describe(info.value) is not None


def test_an_uncached_build_is_removed_with_its_module():
    """`cache=False` builds into a directory of its own, removed when the module is collected."""
    import gc

    compiled = compile_module("func.func @f() {\n  return\n}\n", cache=False)
    directory = Path(compiled.library_path).parent
    assert directory.is_dir() and directory.name.startswith("xfuse-uncached-")
    compiled.call("f")
    del compiled
    gc.collect()
    assert not directory.exists()


def test_override_directory_wins(monkeypatch, tmp_path):
    fake = tmp_path / "mlir-opt"
    fake.write_text("#!/bin/sh\necho 'fake mlir-opt says no' >&2\nexit 3\n")
    fake.chmod(0o755)
    for tool in ("mlir-translate", "mlir-runner"):  # an override directory must hold every MLIR tool
        (tmp_path / tool).symlink_to(toolchain.find_tool(tool))
    monkeypatch.setenv("XFUSE_MLIR_BIN", str(tmp_path))
    toolchain.find_tool.cache_clear()
    try:
        with pytest.raises(BackendError, match="(?s)mlir-opt failed \\(exit 3\\).*fake mlir-opt says no"):
            compile_module("func.func @f() {\n  return\n}\n", cache=False)
    finally:
        toolchain.find_tool.cache_clear()


def test_mlir_runner_prints_a_memref():
    text = """
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %s = linalg.add ins(%c, %c : tensor<2x2xf32>, tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = bufferization.to_buffer %s : tensor<2x2xf32> to memref<2x2xf32>
  %u = "memref.cast"(%m) : (memref<2x2xf32>) -> memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
"""
    out = run_with_mlir_runner(parse(text))
    assert "rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1]" in out
    assert "[[2,   4], \n [6,   8]]" in out


def test_cache_reuses_the_shared_object(kernels):
    again = compile_module(KERNELS, entry="mlp")
    assert again.library_path == kernels.library_path and Path(again.library_path).is_file()


def test_compiled_modules_leave_mallocs_policy_alone():
    """Loading and calling a compiled module changes no `mallopt` setting of the process: a 64 MiB
    block (above glibc's largest dynamic mmap threshold, 32 MiB) is still mapped on its own, as
    glibc does by default (bit 2 of the chunk's size word, IS_MMAPPED). The runner raised the
    thresholds to 256 MiB until the arena served the large buffers. In a fresh process, since the
    setting is process-wide."""
    import subprocess
    import sys

    probe = (
        "import ctypes, numpy as np, xfuse\n"
        "text = 'func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> { return %a : tensor<4xf32> }'\n"
        "xfuse.compile_module(text)(np.ones(4, np.float32))\n"
        "libc = ctypes.CDLL(None)\n"
        "libc.malloc.restype = ctypes.c_void_p\n"
        "libc.free.argtypes = [ctypes.c_void_p]\n"
        "block = libc.malloc(64 << 20)\n"
        "print(ctypes.c_size_t.from_address(block - 8).value & 2)\n"
        "libc.free(block)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "2"


def test_the_cache_key_covers_how_the_pass_pipeline_is_run(monkeypatch):
    """A shared object built by another mlir-opt pipeline (nesting, the steps put around the
    interpreter, sccp after outlining), other llc flags or other passes before the split is not
    reused (`_build_recipe`)."""
    from dataclasses import replace

    from xfuse.backends import pipelines, runner
    from xfuse.backends.runner import _build_recipe

    outlined = replace(pipelines.MICROKERNEL, outline_loops=True)
    recipe = _build_recipe(outlined)
    assert _build_recipe(replace(outlined, nest_lowering=True)) != recipe
    monkeypatch.setattr(pipelines, "CONSTANTS_INTO_OUTLINED", "")
    assert _build_recipe(outlined) != recipe
    monkeypatch.undo()
    monkeypatch.setattr(runner, "POST_RA_SCHEDULER_OFF", "-post-RA-scheduler=true")
    assert _build_recipe(outlined) != recipe
    monkeypatch.undo()
    monkeypatch.setattr(runner.llvm_split, "WHOLE_MODULE_PASSES", "deadargelim,globaldce")
    assert _build_recipe(outlined) != recipe


def test_mlir_translate_reads_the_lowered_module_as_bytecode_with_the_same_result(tmp_path):
    """`lower_to_llvm_ir` has mlir-opt write bytecode (`LOWERED_BYTECODE`), which mlir-translate
    reads three times as fast as text; the LLVM IR is the one the text gives."""
    import subprocess

    from xfuse.backends import runner
    from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
    from xfuse.backends.pipelines import get_pipeline

    source = (INPUTS / "all_ops.mlir").read_text()
    module, pipeline = runner.specialize_for_pipeline(
        prepare_for_execution(parse(source[: source.index("func.func @memrefs")])), get_pipeline("microkernel"), {})
    text = emit_mlir_text(module)
    from_bytecode = runner.lower_to_llvm_ir(text, pipeline, tmp_path)
    assert (tmp_path / runner.LOWERED_BYTECODE).read_bytes().startswith(b"ML\xefR")  # MLIR bytecode's magic
    assert not (tmp_path / "lowered.mlir").exists()
    subprocess.run(runner.lower_to_llvm_dialect_command(text, pipeline, tmp_path), check=True)
    from_text = tmp_path / "from_text.ll"
    subprocess.run([str(runner.tool_path("mlir-translate")), "--mlir-to-llvmir", str(tmp_path / "lowered.mlir"),
                    "-o", str(from_text)], check=True)
    assert from_bytecode.read_text() == from_text.read_text()


def test_a_tool_killed_by_a_signal_is_reported_with_the_signal(tmp_path, monkeypatch):
    """mlir-opt killed by the out-of-memory killer prints nothing: the error names SIGKILL
    instead of a bare '(no output)'."""
    from xfuse.backends import runner

    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))
    work = tmp_path / "work"
    work.mkdir()
    with pytest.raises(BackendError, match=r"sh failed \(exit -9, SIGKILL: killed from outside"):
        runner._run_tool(["sh", "-c", "kill -9 $$"], work, "test")
    with pytest.raises(BackendError, match=r"sh failed \(exit 3\)"):
        runner._run_tool(["sh", "-c", "exit 3"], work, "test")


def _long_sum(terms: int) -> str:
    """A function adding `terms` scalars one by one: MLIR text as long as a network's."""
    lines = ["func.func @long_sum(%x: f32) -> f32 {", "  %s0 = arith.addf %x, %x : f32"]
    lines += [f"  %s{i} = arith.addf %s{i - 1}, %x : f32" for i in range(1, terms)]
    lines += [f"  return %s{terms - 1} : f32", "}"]
    return "\n".join(lines) + "\n"


def test_large_modules_are_lowered_without_verifying_after_every_pass(tmp_path):
    """mlir-opt verifies a large module only where it is read (runner.VERIFY_EACH_MAX_BYTES: a
    fifth of DenseNet-121's mlir-opt time), a small one after every pass too; the lowered module
    is the same either way."""
    import subprocess

    from xfuse.backends.pipelines import get_pipeline
    from xfuse.backends.runner import VERIFY_EACH_MAX_BYTES, VERIFY_EACH_OFF, lower_to_llvm_dialect_command

    pipeline = get_pipeline("default")
    small, large = _long_sum(10), _long_sum(8000)
    assert len(small) < VERIFY_EACH_MAX_BYTES <= len(large)
    assert VERIFY_EACH_OFF not in lower_to_llvm_dialect_command(small, pipeline, tmp_path)
    command = lower_to_llvm_dialect_command(large, pipeline, tmp_path)
    assert VERIFY_EACH_OFF in command
    lowered = []
    for flags in (command, [flag for flag in command if flag != VERIFY_EACH_OFF]):
        subprocess.run(flags, check=True, cwd=tmp_path)
        lowered.append((tmp_path / "lowered.mlir").read_text())
    assert lowered[0] == lowered[1] and "llvm.fadd" in lowered[0]

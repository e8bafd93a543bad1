"""IREE's and MLIR's own i8 data-tiling test IR (tests/data_tiling/iree/, each file names its
source and what was changed) through xfuse's int8 path: per function, the IR the pipeline gives
(the i8 kernel reached, or a remark saying why not) and, where it runs, the function before and
after on the same random inputs (int8 over its whole range, i32 too), equal exactly. Never
IREE's CHECK lines: its IR is only the input here.

The host pipeline (`xfuse-int8-data-tiling`) picks the kernel for the machine (vpdpbusd on AVX-512
VNNI, vpmaddwd on AVX2, the portable one else), so every case runs on any x86 host; cases naming
an AVX-512 VNNI target are skipped on a host without it."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

import xfuse
from xfuse.backends.runner import compile_module
from xfuse.diagnostics import XfuseError
from xfuse.transforms.data_tiling.targets import host_target

INPUTS = Path(__file__).parent / "iree"
DT = "xfuse-int8-data-tiling{remarks=true}"
KERNEL = "xfuse-i8-mmt4d-kernel{remarks=true}"
VNNI_MATERIALIZE = ("xfuse-materialize-encoding{target=x86_64-avx512vnni},xfuse-generic-to-mmt4d,"
                    "xfuse-i8-mmt4d-kernel{remarks=true}")
LOWER_PACKS = "xfuse-lower-pack-unpack"
RAN = "ran"  # no remark, the contraction / mmt4d / pack replaced by loops

HAS_VNNI = "avx512vnni" in host_target().features


def load(file: str, name: str) -> tuple[ModuleOp, str]:
    """The piece of `file` defining `@name`, with the file's other public functions removed."""
    text = next(piece for piece in (INPUTS / file).read_text().split("// -----") if f"@{name}(" in piece)
    module = xfuse.parse(text, name=f"{file}")
    for op in list(module.body.block.ops):
        if isinstance(op, func.FuncOp) and op.sym_name.data != name and op.sym_visibility is None:
            op.detach()
            op.erase()
    return module, text


def run_pipeline(module, passes: str) -> str:
    """Apply `passes`; returns what they printed on stderr (remarks)."""
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        xfuse.apply_passes(module, passes)
    return stderr.getvalue()


def full_range_inputs(signature, seed: int) -> list:
    rng = np.random.default_rng(seed)
    values = []
    for spec in signature.inputs:
        shape = () if spec.shape is None else tuple(8 if d is None else d for d in spec.shape)
        info = np.iinfo(spec.dtype)
        value = rng.integers(info.min, info.max, shape, endpoint=True, dtype=spec.dtype)
        values.append(spec.dtype.type(value[()]) if spec.is_scalar else value)
    return values


LEFT = ("linalg.mmt4d", "linalg.batch_mmt4d", "linalg.matmul", "linalg.batch_matmul", "linalg.quantized_matmul")
"""Ops a RAN case has none of (the packs of data tiling stay: the backend lowers them)."""

# (file, function, passes, expected: RAN or a remark's text, executed)
QUICK = [
    ("narrow_n_matmuls.mlir", "batch_matmul_narrow_n_2", DT, RAN, True),
    ("narrow_n_matmuls.mlir", "matvec", DT, "left alone: matvec-like: no M or N dimension to tile", True),
    ("quantized_matmul.mlir", "quantized_matmul_acc_37x61x45", DT, RAN, True),
    ("quantized_matmul.mlir", "quantized_matmul_dynamic", DT, RAN, True),
    ("mmt4d_kernel_inputs.mlir", "batch_mmt4d_vnni_with_extended_inputs", KERNEL, RAN, True),
    ("mmt4d_kernel_inputs.mlir", "mmt4d_i8mm_tiles", KERNEL, "left alone: inner tile 4x4x8", True),
]
SLOW = [
    ("narrow_n_matmuls.mlir", "matmul_narrow_n_1", DT, "left alone: N = 1: the plain reduction", True),
    ("narrow_n_matmuls.mlir", "batch_matmul_narrow_n_1", DT, "left alone: N = 1: the plain reduction", True),
    ("narrow_n_matmuls.mlir", "matmul_narrow_n_2", DT, RAN, True),
    ("narrow_n_matmuls.mlir", "batch_matvec", DT, "left alone: matvec-like", True),
    ("quantized_matmul.mlir", "quantized_matmul_3x4x5", DT, RAN, True),
    ("quantized_matmul.mlir", "quantized_matmul_as_matmul_3x4x5", DT, RAN, True),
    ("mmt4d_kernel_inputs.mlir", "mmt4d_i8i8i32", KERNEL, RAN, True),
    ("mmt4d_kernel_inputs.mlir", "mmt4d_i8i8i32_static", KERNEL, RAN, True),
    ("mmt4d_kernel_inputs.mlir", "mmt4d_dynamic_inner_tiles", KERNEL, "left alone: dynamic inner tile sizes", True),
    ("mmt4d_kernel_inputs.mlir", "batch_mmt4d_with_extended_inputs", KERNEL, "left alone: inner tile 8x4x1", True),
    ("mmt4d_kernel_inputs.mlir", "mmt4d_i32", KERNEL, "left alone: element types i32, i32, i32", True),
    *((("pack_i8.mlir", name, LOWER_PACKS, RAN, True) for name in (
        "static_pack_vnni_lhs_large", "static_pack_vnni_rhs_large", "static_pack_vnni_lhs_large_with_pad",
        "static_pack_vnni_rhs_large_with_pad"))),
    ("materialize_encoding_x86_64_i8.mlir", "extend_batch_vecmat_explicit_unit_dim", VNNI_MATERIALIZE, RAN, True),
    *((("materialize_encoding_x86_64_i8.mlir", f"matmul_lowering_i8i8i32_x86_64_{isa}", VNNI_MATERIALIZE, RAN, False)
       for isa in ("avx2", "avx512bw", "avx512vnni"))),
    *((("materialize_encoding_x86_64_i8.mlir", name, VNNI_MATERIALIZE, "matvec-like ops are not data-tiled", False)
       for name in ("vecmat", "matvec", "matvec_with_narrow_M", "batch_vecmat", "batch_matvec"))),
]


def _params(cases, marks=()):
    return [pytest.param(*case, id=f"{case[0].removesuffix('.mlir')}:{case[1]}", marks=marks) for case in cases]


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


@pytest.mark.parametrize("file, name, passes, expected, executed",
                         [*_params(QUICK), *_params(SLOW, marks=pytest.mark.slow)])
def test_iree_input_through_the_int8_path(file, name, passes, expected, executed):
    module, text = load(file, name)
    reference = module.clone()
    if "iree_encoding" in text:
        xfuse.apply_passes(reference, "xfuse-materialize-encoding{target=none}")
    try:
        printed = run_pipeline(module, passes)
    except XfuseError as error:  # a refusal: located, never a traceback
        assert expected in str(error) and f"{file}:" in str(error), str(error)
        return
    names = {op.name for op in module.walk()}
    if expected == RAN:
        assert "remark" not in printed, printed
        assert not names & set(LEFT + (("linalg.pack",) if passes == LOWER_PACKS else ())), names
        assert "scf.for" in names or "linalg.transpose" in names, names
    else:
        assert expected in printed and f"{file}:" in printed, printed
    if executed:
        compiled, original = compile_module(module), compile_module(reference)
        inputs = full_range_inputs(original.signature, seed=len(name))
        for got, want in zip(compiled(*inputs), original(*inputs), strict=True):
            np.testing.assert_array_equal(got, want)


@pytest.mark.skipif(not HAS_VNNI, reason="runs AVX-512 VNNI code")
def test_quantized_matmul_reaches_the_vpdpbusd_kernel():
    """IREE's quantized_matmul on a VNNI target: the rewrite's matmul packed to 16x16x4 tiles."""
    module, _ = load("quantized_matmul.mlir", "quantized_matmul_acc_37x61x45")
    run_pipeline(module, "xfuse-int8-data-tiling{target=x86_64-avx512vnni}")
    assert "llvm.x86.avx512.vpdpbusd.512" in str(module)


DYNAMIC_MATMUL = """func.func @matmul_dynamic(%lhs: tensor<?x?xi8>, %rhs: tensor<?x?xi8>, %acc: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.matmul ins(%lhs, %rhs : tensor<?x?xi8>, tensor<?x?xi8>) outs(%acc : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
"""


@pytest.mark.parametrize("target", ["host", pytest.param("x86_64-avx2", marks=pytest.mark.slow)])
def test_iree_e2e_shapes_through_one_dynamic_matmul(target):
    """IREE's generator writes each shape dynamic too: one `?x?` i8 matmul, data-tiled, its mmt4d
    the kernel with M1, N1, K1 read at run time (i8_mmt4d_kernel.DYNAMIC), called on every SMALL
    shape (and a few LARGE ones) with an accumulator: exact."""
    module = xfuse.parse(DYNAMIC_MATMUL)
    assert "remark" not in run_pipeline(module, DT.replace("}", f" target={target}}}"))
    assert not {op.name for op in module.walk()} & set(LEFT)
    compiled, original = compile_module(module), compile_module(xfuse.parse(DYNAMIC_MATMUL))
    rng = np.random.default_rng(0)
    for m, k, n, _ in [*E2E_SMALL, *E2E_LARGE[6:8]]:
        inputs = [rng.integers(-128, 128, (m, k), dtype=np.int8), rng.integers(-128, 128, (k, n), dtype=np.int8),
                  rng.integers(-2**31, 2**31, (m, n), dtype=np.int32)]
        np.testing.assert_array_equal(compiled(*inputs)[0], original(*inputs)[0], err_msg=f"{m}x{k}x{n}")


@pytest.mark.slow
def test_dynamic_quantized_matmul_on_several_shapes():
    """IREE's dynamic quantized_matmul, rewritten with sizes read at run time (K * za * zb from
    `tensor.dim`), data-tiled, called on several shapes with random i32 zero points: exact."""
    module, text = load("quantized_matmul.mlir", "quantized_matmul_dynamic")
    assert "remark" not in run_pipeline(module, DT)
    compiled, original = compile_module(module), compile_module(load("quantized_matmul.mlir", "quantized_matmul_dynamic")[0])
    rng = np.random.default_rng(3)
    for m, k, n in [(3, 4, 5), (37, 61, 45), (1, 10, 10), (17, 1, 33)]:
        inputs = [rng.integers(-128, 128, (m, k), dtype=np.int8), rng.integers(-128, 128, (k, n), dtype=np.int8),
                  *(np.int32(v) for v in rng.integers(-2**31, 2**31, 2)), rng.integers(-2**31, 2**31, (m, n), dtype=np.int32)]
        np.testing.assert_array_equal(compiled(*inputs)[0], original(*inputs)[0], err_msg=f"{m}x{k}x{n}")


def test_narrow_n_is_data_tiled_with_the_switch_off(monkeypatch):
    """int8_matmul.MATVEC_PLAIN off: IREE's N = 1 matmul packed (N padded to the tile), exact."""
    from xfuse.transforms.data_tiling import int8_matmul

    monkeypatch.setattr(int8_matmul, "MATVEC_PLAIN", False)
    module, _ = load("narrow_n_matmuls.mlir", "batch_matmul_narrow_n_1")
    reference = module.clone()
    assert "remark" not in run_pipeline(module, DT)
    assert not {op.name for op in module.walk()} & set(LEFT)
    inputs = full_range_inputs(compile_module(reference).signature, seed=1)
    np.testing.assert_array_equal(compile_module(module)(*inputs)[0], compile_module(reference)(*inputs)[0])


def test_every_adapted_input_is_listed():
    """A file added under iree/ gets its functions into QUICK or SLOW."""
    listed = [(file, name) for file, name, *_ in QUICK + SLOW]
    assert len(listed) == len(set(listed))
    listed = set(listed)
    for path in sorted(INPUTS.glob("*.mlir")):
        for piece in path.read_text().split("// -----"):
            for op in xfuse.parse(piece).body.block.ops:
                if isinstance(op, func.FuncOp) and op.body.blocks:
                    assert (path.name, op.sym_name.data) in listed, (path.name, op.sym_name.data)


# IREE's e2e matmul shapes (github.com/iree-org/iree tests/e2e/matmul/generate_e2e_matmul_tests.py,
# `get_test_shapes`: SMALL and LARGE, (m, k, n, accumulate)), which its CMakeLists runs as
# i8 x i8 -> i32 with --iree-opt-data-tiling on x86_64:avx512vnni; the generator's static form:
# `linalg.matmul` into the accumulator argument, or into a fill of zero.
E2E_SMALL = [(1, 1, 1, True), (1, 1, 1, False), (2, 2, 2, True), (4, 4, 4, True), (8, 8, 8, True), (9, 9, 9, True),
             (6, 13, 3, True), (15, 37, 7, False), (81, 19, 41, True), (1, 10, 10, True), (1, 10, 10, False),
             (10, 1, 10, True), (10, 10, 1, True), (10, 10, 1, False)]
E2E_LARGE = [(457, 330, 512, False), (438, 331, 513, False), (540, 332, 516, False), (1000, 4, 512, False),
             (4, 1000, 512, False), (512, 1000, 4, False), (513, 128, 55, False), (7, 160, 31, False),
             (512, 330, 33, False), (1, 1000, 1000, True), (1000, 1000, 1, True), (1000, 1000, 1, False)]


def e2e_matmuls(shapes) -> tuple[str, list[str]]:
    """One module with a function per shape, as IREE's generator writes its static matmuls."""
    functions, names = [], []
    for m, k, n, accumulate in shapes:
        a, b, c = f"tensor<{m}x{k}xi8>", f"tensor<{k}x{n}xi8>", f"tensor<{m}x{n}xi32>"
        name = f"matmul_{m}x{k}x{n}_{'acc' if accumulate else 'zero'}"
        init = "%acc" if accumulate else "%f"
        fill = "" if accumulate else (f"  %z = arith.constant 0 : i32\n  %e = tensor.empty() : {c}\n"
                                      f"  %f = linalg.fill ins(%z : i32) outs(%e : {c}) -> {c}\n")
        arguments = f"%lhs: {a}, %rhs: {b}" + (f", %acc: {c}" if accumulate else "")
        functions.append(f"func.func @{name}({arguments}) -> {c} {{\n{fill}"
                         f"  %r = linalg.matmul ins(%lhs, %rhs : {a}, {b}) outs({init} : {c}) -> {c}\n"
                         f"  return %r : {c}\n}}\n")
        names.append(name)
    return "\n".join(functions), names


@pytest.mark.parametrize("shapes", [pytest.param(E2E_SMALL, id="small"),
                                    pytest.param(E2E_LARGE, id="large", marks=pytest.mark.slow)])
def test_iree_e2e_matmul_shapes_are_exact(shapes):
    text, names = e2e_matmuls(shapes)
    module = xfuse.parse(text)
    printed = run_pipeline(module, DT)
    plain = sum(n == 1 for _, _, n, _ in shapes)  # N = 1: int8_matmul.MATVEC_PLAIN, a remark each
    assert printed.count("remark:") == printed.count("left alone: N = 1") == plain, printed
    names_left = [op.name for op in module.walk() if op.name in LEFT]
    assert names_left == ["linalg.matmul"] * plain, names_left
    compiled, original = (compile_module(m, entry=names[0]) for m in (module, xfuse.parse(text)))
    for seed, name in enumerate(names):
        inputs = full_range_inputs(original.signatures[name], seed)
        np.testing.assert_array_equal(compiled.call(name, *inputs)[0], original.call(name, *inputs)[0], err_msg=name)

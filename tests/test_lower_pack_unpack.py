"""Differential test of `xfuse-lower-pack-unpack`.

Each case is a kernel with one linalg.pack or linalg.unpack, called from a `main` that feeds
it random constants and prints the result with `printMemrefF32`. The kernel is compiled and
run by mlir-runner twice: (a) lowered by xfuse, (b) lowered by upstream
`transform.structured.lower_pack` / `lower_unpack` (mlir-opt -transform-interpreter; skipped
where upstream refuses: dynamic inner tiles of pack). Both results must equal a numpy
reference written from the op's definition (element by element, independent of the
lowering's permutation logic), so a wrong lowering fails the test.

Self-contained on purpose: only xfuse's parser, the pass function, and the MLIR tools.
"""

from __future__ import annotations

import itertools
import re
import subprocess
from dataclasses import dataclass, field
from io import StringIO
from pathlib import Path

import numpy as np
import pytest
from xdsl.printer import Printer

from xfuse.diagnostics import XfuseError
from xfuse.backends.toolchain import find_tool, runtime_library
from xfuse.parsing import parse
from xfuse.transforms.lower_pack_unpack import lower_pack_unpack

# The MLIR 22 tools are dependencies: their absence fails the module, it is never skipped.
MLIR_OPT = find_tool("mlir-opt")
MLIR_RUNNER = find_tool("mlir-runner")
SHARED_LIBS = ",".join(
    str(runtime_library(n)) for n in ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so")
)

DYN = None  # marker for a dynamic inner tile (its value is passed as an index argument)

BUFFERIZE = (
    "--one-shot-bufferize=bufferize-function-boundaries=1 "
    "function-boundary-type-conversion=identity-layout-map"
)
TO_LLVM = [
    "--convert-linalg-to-loops",
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--finalize-memref-to-llvm",
    "--convert-arith-to-llvm",
    "--convert-index-to-llvm",
    "--convert-func-to-llvm",
    "--convert-cf-to-llvm",
    "--reconcile-unrealized-casts",
]
UPSTREAM_SCHEDULE = """
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.structured.match ops{["linalg.pack"]} in %root
      : (!transform.any_op) -> !transform.op<"linalg.pack">
    transform.structured.lower_pack %p : (!transform.op<"linalg.pack">)
      -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">,
          !transform.op<"linalg.transpose">)
    %u = transform.structured.match ops{["linalg.unpack"]} in %root
      : (!transform.any_op) -> !transform.op<"linalg.unpack">
    transform.structured.lower_unpack %u : (!transform.op<"linalg.unpack">)
      -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">,
          !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
    transform.yield
  }
}
"""


@dataclass(frozen=True)
class Case:
    name: str
    kind: str  # "pack" | "unpack"
    unpacked_shape: tuple[int, ...]
    inner_dims_pos: tuple[int, ...]
    inner_tiles: tuple[int | None, ...]  # DYN marks a dynamic tile
    tile_values: tuple[int, ...]  # actual tile sizes (static ones repeated)
    outer_dims_perm: tuple[int, ...] = ()
    padding_value: float | None = None
    dynamic_shapes: bool = False  # kernel takes `?` for all non-tile dims
    seed: int = 0
    upstream: bool = True
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def packed_shape(self) -> tuple[int, ...]:
        outer = list(self.unpacked_shape)
        for pos, tile in zip(self.inner_dims_pos, self.tile_values):
            outer[pos] = -(-outer[pos] // tile)
        if self.outer_dims_perm:
            outer = [outer[p] for p in self.outer_dims_perm]
        return (*outer, *self.tile_values)


# --- numpy reference, straight from the op's definition -----------------------------


def _source_index(case: Case, packed_index: tuple[int, ...]) -> tuple[int, ...]:
    """Unpacked coordinates of a packed element (may lie in the padding)."""
    rank = len(case.unpacked_shape)
    outer, inner = packed_index[:rank], packed_index[rank:]
    unpermuted = list(outer)
    if case.outer_dims_perm:
        for i, p in enumerate(case.outer_dims_perm):
            unpermuted[p] = outer[i]
    index = list(unpermuted)
    for j, (pos, tile) in enumerate(zip(case.inner_dims_pos, case.tile_values)):
        index[pos] = unpermuted[pos] * tile + inner[j]
    return tuple(index)


def reference_pack(case: Case, source: np.ndarray) -> np.ndarray:
    packed = np.empty(case.packed_shape, dtype=np.float32)
    for packed_index in itertools.product(*(range(n) for n in case.packed_shape)):
        index = _source_index(case, packed_index)
        inside = all(i < n for i, n in zip(index, source.shape))
        packed[packed_index] = source[index] if inside else case.padding_value
    return packed


def reference_unpack(case: Case, packed: np.ndarray) -> np.ndarray:
    unpacked = np.empty(case.unpacked_shape, dtype=np.float32)
    for packed_index in itertools.product(*(range(n) for n in case.packed_shape)):
        index = _source_index(case, packed_index)
        if all(i < n for i, n in zip(index, case.unpacked_shape)):
            unpacked[index] = packed[packed_index]
    return unpacked


# --- MLIR text of a case ----------------------------------------------------------


def _tensor(shape: tuple[int | None, ...]) -> str:
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in shape) + "f32>"


def _dense(values: np.ndarray) -> str:
    return np.array2string(
        values, separator=", ", threshold=10**9, max_line_width=10**9, floatmode="unique"
    ).replace("\n", "")


def case_module(case: Case, rng: np.random.Generator) -> tuple[str, np.ndarray]:
    """The module text (kernel + main) and the expected printed result."""
    rank = len(case.unpacked_shape)
    unpacked_static = case.unpacked_shape
    packed_static = case.packed_shape
    # Kernel types: `?` where the case asks for dynamic shapes or where a tile is dynamic.
    unpacked_kernel = tuple(None if case.dynamic_shapes else d for d in unpacked_static)
    packed_kernel = tuple(
        None if case.dynamic_shapes else d for d in packed_static[:rank]
    ) + tuple(None if t is DYN else t for t in case.inner_tiles)
    if case.kind == "pack":
        src_static, dest_static = unpacked_static, packed_static
        src_kernel, dest_kernel = unpacked_kernel, packed_kernel
    else:
        src_static, dest_static = packed_static, unpacked_static
        src_kernel, dest_kernel = packed_kernel, unpacked_kernel

    source = (rng.integers(-400, 400, size=src_static) / 4).astype(np.float32)
    expected = (
        reference_pack(case, source) if case.kind == "pack" else reference_unpack(case, source)
    )

    dyn_tiles = [i for i, t in enumerate(case.inner_tiles) if t is DYN]
    args = [f"%src: {_tensor(src_kernel)}", f"%dest: {_tensor(dest_kernel)}"]
    if case.padding_value is not None:
        args.append("%pad: f32")
    args += [f"%t{i}: index" for i in dyn_tiles]
    tiles = ", ".join(f"%t{i}" if t is DYN else str(t) for i, t in enumerate(case.inner_tiles))
    padding = " padding_value(%pad : f32)" if case.padding_value is not None else ""
    perm = (
        f" outer_dims_perm = {list(case.outer_dims_perm)}" if case.outer_dims_perm else ""
    )
    op = (
        f"%0 = linalg.{case.kind} %src{padding}{perm} inner_dims_pos = "
        f"{list(case.inner_dims_pos)} inner_tiles = [{tiles}] into %dest : "
        f"{_tensor(src_kernel)} -> {_tensor(dest_kernel)}"
    )
    call_args = ["%src_k", "%dest_k"] + (["%pad"] if case.padding_value is not None else [])
    call_args += [f"%t{i}" for i in dyn_tiles]
    call_types = [_tensor(src_kernel), _tensor(dest_kernel)]
    call_types += ["f32"] if case.padding_value is not None else []
    call_types += ["index"] * len(dyn_tiles)
    tile_constants = "\n".join(
        f"  %t{i} = arith.constant {case.tile_values[i]} : index" for i in dyn_tiles
    )
    pad_constant = (
        f"  %pad = arith.constant {case.padding_value!r} : f32"
        if case.padding_value is not None
        else ""
    )
    dest_t, dest_k = _tensor(dest_static), _tensor(dest_kernel)
    text = f"""
func.func @kernel({", ".join(args)}) -> {dest_k} {{
  {op}
  return %0 : {dest_k}
}}
func.func private @printMemrefF32(memref<*xf32>) attributes {{llvm.emit_c_interface}}
func.func @main() {{
  %src = arith.constant dense<{_dense(source)}> : {_tensor(src_static)}
  %dest = arith.constant dense<-1.0e+03> : {dest_t}
  %src_k = tensor.cast %src : {_tensor(src_static)} to {_tensor(src_kernel)}
  %dest_k = tensor.cast %dest : {dest_t} to {dest_k}
{pad_constant}
{tile_constants}
  %r_k = func.call @kernel({", ".join(call_args)}) : ({", ".join(call_types)}) -> {dest_k}
  %r = tensor.cast %r_k : {dest_k} to {dest_t}
  %m = bufferization.to_buffer %r : {dest_t} to memref<{dest_t[7:]}
  %u = "memref.cast"(%m) : (memref<{dest_t[7:]}) -> memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}}
"""
    return text, expected


# --- compile and run ---------------------------------------------------------------


def _run(cmd: list[str], stdin: str) -> str:
    done = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(cmd)} failed:\n{done.stderr}"
    return done.stdout


def execute(lowered_text: str) -> np.ndarray:
    """Bufferize, lower to LLVM, run main; the printed memref as an array."""
    bufferized = _run([str(MLIR_OPT), BUFFERIZE], lowered_text)
    llvm = _run([str(MLIR_OPT), *TO_LLVM], bufferized)
    out = _run(
        [
            str(MLIR_RUNNER),
            "-e",
            "main",
            "-entry-point-result=void",
            f"-shared-libs={SHARED_LIBS}",
        ],
        llvm,
    )
    header, _, data = out.partition("data =")
    sizes = [int(s) for s in re.search(r"sizes = \[([^\]]*)\]", header).group(1).split(",")]
    numbers = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?|-?nan|-?inf", data)]
    return np.array(numbers, dtype=np.float32).reshape(sizes)


def lower_with_xfuse(text: str) -> str:
    module = parse(text)
    lower_pack_unpack(module)
    module.verify()
    stream = StringIO()
    # Generic form: what xfuse hands to mlir-opt where custom printing may not be faithful.
    Printer(stream=stream, print_generic_format=True).print_op(module)
    lowered = stream.getvalue()
    assert "linalg.pack" not in lowered and "linalg.unpack" not in lowered
    return lowered


def lower_with_upstream(text: str, tmp_path: Path) -> str:
    schedule = tmp_path / "schedule.mlir"
    schedule.write_text(UPSTREAM_SCHEDULE)
    lowered = _run(
        [
            str(MLIR_OPT),
            f"--transform-preload-library=transform-library-paths={schedule}",
            "--transform-interpreter",
        ],
        text,
    )
    assert "linalg.pack" not in lowered and "linalg.unpack" not in lowered
    return lowered


CASES = [
    Case("pack_pad_perm", "pack", (13, 15), (0, 1), (8, 4), (8, 4), (1, 0), 0.5, seed=1),
    Case("pack_full_tiles", "pack", (16, 12), (1, 0), (4, 8), (4, 8), seed=2),
    Case("pack_3d_partial", "pack", (4, 16, 6), (1,), (8,), (8,), (2, 1, 0), seed=3),
    Case("pack_3d_pad_pos_order", "pack", (5, 7, 9), (2, 0), (4, 2), (4, 2), (1, 2, 0), -2.25, seed=4),
    Case("pack_dynamic_shapes", "pack", (13, 15), (0, 1), (8, 4), (8, 4), (1, 0), 3.0, dynamic_shapes=True, seed=5),
    Case("pack_dynamic_no_pad", "pack", (16, 12), (1, 0), (4, 8), (4, 8), (1, 0), dynamic_shapes=True, seed=6),
    Case("unpack_truncate_perm", "unpack", (13, 15), (0, 1), (8, 4), (8, 4), (1, 0), seed=8),
    Case("unpack_full", "unpack", (16, 12), (1, 0), (4, 8), (4, 8), seed=9),
    Case("unpack_3d", "unpack", (5, 7, 9), (2, 0), (4, 2), (4, 2), (1, 2, 0), seed=10),
    Case("unpack_dynamic_shapes", "unpack", (13, 15), (0, 1), (8, 4), (8, 4), (1, 0), dynamic_shapes=True, seed=11),
    Case("unpack_dynamic_tile", "unpack", (13, 15), (0, 1), (8, DYN), (8, 4), (1, 0), seed=12),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_lowering_matches_upstream_and_reference(case: Case, tmp_path: Path) -> None:
    text, expected = case_module(case, np.random.default_rng(case.seed))
    ours = execute(lower_with_xfuse(text))
    np.testing.assert_array_equal(ours, expected, err_msg="xfuse lowering != reference")
    if case.upstream:
        theirs = execute(lower_with_upstream(text, tmp_path))
        np.testing.assert_array_equal(theirs, expected, err_msg="upstream != reference")
        np.testing.assert_array_equal(ours, theirs)


def test_dynamic_pack_tiles_are_refused() -> None:
    """Dynamic pack tiles are refused with a diagnostic (see the pass's module doc)."""
    case = Case("pack_dynamic_tile", "pack", (13, 15), (1, 0), (DYN, 8), (4, 8), (), 7.5)
    text, _ = case_module(case, np.random.default_rng(0))
    with pytest.raises(XfuseError, match="dynamic inner tiles"):
        lower_with_xfuse(text)


def test_reference_is_not_trivial() -> None:
    """The reference itself distinguishes layouts: a perm change changes the result."""
    case = CASES[0]
    source = np.arange(13 * 15, dtype=np.float32).reshape(13, 15)
    swapped = Case(**{**case.__dict__, "outer_dims_perm": ()})
    assert reference_pack(case, source).shape != reference_pack(swapped, source).shape or not (
        np.array_equal(reference_pack(case, source), reference_pack(swapped, source))
    )
    round_trip = reference_unpack(case, reference_pack(case, source))
    np.testing.assert_array_equal(round_trip, source)

"""MLIR's own test functions through the micro-kernel schedules: every piece of the MLIR corpus
(tests/mlir_corpus/, LLVM 22.1.8's dialect tests, see docs/mlir-corpus.md) that is one public
function from static tensors to static tensors, with a linalg op, a pad or a concat in it, is
compiled by the `default` lowering and by `microkernel` and `microkernel-openmp` (convolution,
matmul, pooling and transpose schedules, pads written in place, the parallel split), run on the
same random inputs, and must agree. These are inputs xfuse's authors did not write.

Left out, each for a reason: integer division (random inputs divide by zero, undefined
behaviour), element types the runner cannot pass (bf16, i1), pieces with `dense_resource`
constants (elided blobs), pieces with a tensor of more than `MAX_ELEMENTS` (canonicalize.mlir's
two packs of a 1200 x 500000 matrix: 2.4 GB each way, two and a half minutes of CI spent
generating and comparing data, not compiling), the pieces in `UNDEFINED`,
whose results depend on uninitialized memory (a convolution or matmul accumulating into
`tensor.empty`): two correct lowerings may differ there, and the pieces in `OUT_OF_BOUNDS`, whose
loops slice past their tensors at run time (undefined behaviour MLIR's tests only canonicalize or
bufferize): run, they write past a heap buffer and corrupt the test process; an abort much later
("free(): invalid pointer") was how CI found them. Every 6th qualifying piece runs in the quick
subset through both pipelines; the others are `slow`, through `microkernel`.
`test_only_the_listed_pieces_run_out_of_bounds` (`heavy`) runs every piece with MLIR's runtime
verification (`pipelines.with_runtime_checks`), in child processes, so the list stays exact; the
quick sample runs so in every run."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import TensorType

from xfuse.backends.runner import BackendError, compile_module, random_inputs
from xfuse.parsing import parse

CORPUS = Path(__file__).parent.parent / "mlir_corpus"
PIPELINES = ("microkernel", "microkernel-openmp")
QUICK_STRIDE = 6
MAX_ELEMENTS = 1 << 24
UNDEFINED = {
    "linalg/named-ops-5.mlir": "depthwise 1-D convolution accumulating into tensor.empty",
    "linalg/named-ops-6.mlir": "depthwise 2-D convolution accumulating into tensor.empty",
    "linalg/named-ops-8.mlir": "depthwise NCHW convolution accumulating into tensor.empty",
    "linalg/roundtrip-33.mlir": "Winograd's batch matmul accumulating into tensor.empty",
    "scf/canonicalize-77.mlir": "the loop body reads its shared output, which starts as tensor.empty",
    "scf/canonicalize-79.mlir": "the forall runs no iteration: the result is the tensor.empty itself",
    "scf/canonicalize-75.mlir": "the forall fills a 2x3 corner of tensor.empty; the rest is returned unset",
    "scf/canonicalize-76.mlir": "the forall fills a 2x3 block of tensor.empty; the rest is returned unset",
}
OUT_OF_BOUNDS = {
    "scf/canonicalize-78.mlir": "the forall's second iteration inserts an 8x8 tile at column 8 of an 8x8 tensor",
    "scf/one-shot-bufferize-18.mlir": "the slices at columns 2*j, j < 4, are 4 wide: j = 3 reads and "
                                      "writes columns 8 and 9 of 8x8 tensors",
}
_INTEGER_TENSOR = re.compile(r"x(?:[iu]\d+|index)>")
_DIVISION = re.compile(r"div|rem")


def _qualifies(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    if _DIVISION.search(text) and _INTEGER_TENSOR.search(text):
        return False
    if "dense_resource" in text or "dialect_resources" in text:
        # its blobs are elided or tiny, and parsing registers the resource names process-wide:
        # test_mlir_corpus.py's pieces would then print uniqued names (blob1_1)
        return False
    try:
        module = parse(text, name=str(path))
    except Exception:  # noqa: BLE001 - pieces xfuse cannot read are test_mlir_corpus.py's concern
        return False
    public = [op for op in module.ops if isinstance(op, func.FuncOp) and op.body.blocks
              and (op.sym_visibility is None or op.sym_visibility.data == "public")]
    if len(public) != 1:
        return False
    function = public[0]
    types = [*function.function_type.inputs.data, *function.function_type.outputs.data]
    if not function.function_type.outputs.data or \
            not all(isinstance(t, TensorType) and t.has_static_shape() for t in types):
        return False
    if any(math.prod(t.get_shape()) > MAX_ELEMENTS for t in types):
        return False
    return any(op.name.startswith(("linalg.", "tensor.pad", "tensor.concat")) for op in function.walk())


PIECES = sorted(str(p.relative_to(CORPUS)) for p in CORPUS.glob("*/*.mlir") if _qualifies(p))


def test_enough_pieces_qualify_and_the_undefined_ones_are_among_them():
    assert len(PIECES) > 80
    assert set(UNDEFINED) <= set(PIECES)
    assert set(OUT_OF_BOUNDS) <= set(PIECES)


def _agree(piece: str, pipelines: tuple[str, ...] = PIPELINES) -> None:
    if piece in UNDEFINED:
        pytest.skip(f"undefined result: {UNDEFINED[piece]}")
    if piece in OUT_OF_BOUNDS:
        pytest.skip(f"out of bounds at run time: {OUT_OF_BOUNDS[piece]}")
    text = (CORPUS / piece).read_text(encoding="utf-8")
    try:
        reference = compile_module(text, pipeline="default")
    except BackendError as exc:
        if "not supported by the runner" in str(exc):
            pytest.skip(str(exc).splitlines()[0])
        raise
    inputs = random_inputs(reference.signature, seed=1)
    # copies: a piece may mark an argument bufferization.writable and update it in place
    expected = reference(*[np.copy(a) for a in inputs])
    for pipeline in pipelines:
        got = compile_module(text, pipeline=pipeline)(*[np.copy(a) for a in inputs])
        assert len(got) == len(expected)
        for want, have in zip(expected, got, strict=True):
            np.testing.assert_allclose(have, want, rtol=1e-5, atol=1e-5, err_msg=f"{piece} through {pipeline}")


@pytest.mark.parametrize("piece", PIECES[::QUICK_STRIDE])
def test_quick_sample_agrees_with_the_reference(piece):
    _agree(piece)


@pytest.mark.slow
@pytest.mark.parametrize("piece", [p for i, p in enumerate(PIECES) if i % QUICK_STRIDE])
def test_every_piece_agrees_with_the_reference(piece):
    """The rest through `microkernel` only (CI time); `microkernel-parallel` (the async pipeline
    of the time, since removed) agreed on all of them on 2026-11-26 (docs/testing.md)."""
    _agree(piece, ("microkernel",))


_RUN_CHECKED = """
import sys
from pathlib import Path
from xfuse.backends.pipelines import DEFAULT, with_runtime_checks
from xfuse.backends.runner import BackendError, compile_module, random_inputs
for path in sys.argv[1:]:
    try:
        compiled = compile_module(Path(path).read_text(encoding="utf-8"), pipeline=with_runtime_checks(DEFAULT))
    except BackendError as exc:
        if "not supported by the runner" not in str(exc):
            raise
        continue
    compiled(*random_inputs(compiled.signature, seed=1))
    print("in bounds:", path, flush=True)
"""


def _run_checked(pieces: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", _RUN_CHECKED, *(str(CORPUS / p) for p in pieces)],
                          capture_output=True, text=True, timeout=1800, check=False)


def _in_bounds_and_the_listed_pieces_abort(pieces: list[str]) -> None:
    """`pieces` run in bounds under runtime verification (one child process for all); each piece
    of OUT_OF_BOUNDS aborts there, naming the op and its location (a child process each)."""
    done = _run_checked([p for p in pieces if p not in OUT_OF_BOUNDS])
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    for piece in OUT_OF_BOUNDS:
        done = _run_checked([piece])
        report = done.stdout + done.stderr  # MLIR's runtime prints the failure on stdout
        assert done.returncode != 0, report
        assert "Runtime op verification failed" in report
        assert "out-of-bounds" in report and "Location: loc(" in report, report[-2000:]


def test_the_quick_sample_runs_in_bounds_and_the_listed_pieces_do_not():
    """The quick sample's pieces under runtime verification; the whole corpus is `heavy`."""
    _in_bounds_and_the_listed_pieces_abort(PIECES[::QUICK_STRIDE])


@pytest.mark.heavy
def test_only_the_listed_pieces_run_out_of_bounds():
    """Every piece under runtime verification (45 s of CI), so the OUT_OF_BOUNDS list stays exact."""
    _in_bounds_and_the_listed_pieces_abort(PIECES)

"""Unit and differential tests of producer fusion (`xfuse.transforms.fuse_producers`).

The IR shapes are pinned by tests/filecheck/transforms/fuse-producers.mlir; here: the chain walk
and its composition (the API diffusion builds on), the Python driver's results and remarks, that
a refusal leaves the IR untouched, and that the K-loop refusal is needed (forcing the fusion
gives a wrong result, which the differential run detects).
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import numpy as np
import pytest
from xdsl.builder import Builder
from xdsl.dialects import affine, tensor
from xdsl.ir import Block, Operation
from xdsl.printer import Printer
from xdsl.rewriter import InsertPoint

from xfuse.dialects.scf import ForallOp
from xfuse.parsing import parse
from xfuse.transforms import fuse_producers as fp
from xfuse.transforms.fuse_producers import (
    FusionRefused,
    LoopCrossing,
    compose_slice_chain,
    fuse_producers,
    walk_slice_chain,
)

INPUTS = Path(__file__).parent / "filecheck" / "transforms" / "Inputs" / "fuse-producers"


def _load(name: str):
    path = INPUTS / name
    return parse(path.read_text(), name=str(path))


def _text(op: Operation) -> str:
    stream = StringIO()
    Printer(stream=stream).print_op(op)
    return stream.getvalue()


def _slice_named(module: Operation, name: str) -> tensor.ExtractSliceOp:
    for op in module.walk():
        if isinstance(op, tensor.ExtractSliceOp) and op.result.name_hint == name:
            return op
    raise AssertionError(f"no slice %{name}")


def test_chain_through_slices_and_loops():
    module = _load("dynamic.mlir")
    # %ai -> %a (scf.for iter_arg) -> %os -> %o (scf.forall shared_out) -> %fill
    chain = walk_slice_chain(_slice_named(module, "ai"))
    assert [s.result.name_hint for s in chain.slices] == ["ai", "os"]
    kinds = [link.loop.name if isinstance(link, LoopCrossing) else "slice" for link in chain.links]
    assert kinds == ["slice", "scf.for", "slice", "scf.forall"]
    assert chain.producer is not None and chain.producer.name == "linalg.fill"
    assert chain.through_destination
    # %ak -> %as -> %add: no loop crossed (the loops only contain the slices).
    chain = walk_slice_chain(_slice_named(module, "ak"))
    assert [s.result.name_hint for s in chain.slices] == ["ak", "as"]
    assert not chain.crossings and not chain.through_destination
    assert chain.producer is not None and chain.producer.name == "linalg.add"


def test_compose_adds_offsets_and_keeps_inner_sizes():
    module = _load("dynamic.mlir")
    chain = walk_slice_chain(_slice_named(module, "ak"))
    block = Block()
    offsets, sizes = compose_slice_chain(Builder(InsertPoint.at_end(block)), chain)
    apply_op = offsets[0].owner
    assert isinstance(apply_op, affine.ApplyOp)  # %i + %ii
    assert [v.name_hint for v in apply_op.operands] == ["i", "ii"]
    assert offsets[1] == 0
    assert [getattr(s, "name_hint", s) for s in sizes] == ["tii", "k"]
    for op in reversed(list(block.ops)):
        op.detach()
        op.erase()


def test_driver_results_and_destination_rewiring():
    module = _load("forall-fill.mlir")
    results = fuse_producers(module, remark=None)
    assert [r.producer.name for r in results] == ["linalg.fill"]
    (result,) = results
    assert isinstance(result.rewired_loop, ForallOp)
    assert result.rewired_loop.outputs[0].owner.name == "tensor.empty"
    assert result.tiled_ops[0].name == "linalg.fill"
    assert result.producer.parent is None  # no other user: erased
    module.verify()


def test_fixed_point_fuses_the_tiles_own_operands():
    module = _load("nested-for-in-forall.mlir")
    results = fuse_producers(module, remark=None)
    names = sorted(r.producer.name for r in results)
    # the add, the fill, and the tensor.empty init of the fused add tile
    assert names == ["linalg.add", "linalg.fill", "tensor.empty"]
    module.verify()


def test_refusal_leaves_ir_unchanged_and_reaches_the_remark_callback():
    module = _load("k-tiled-fill.mlir")
    slice_op = _slice_named(module, "os")
    slice_op.attributes.pop(fp.FUSE_MARKER)
    before = _text(module)
    remarks: list[tuple[Operation, str]] = []
    assert fuse_producers(module, remark=lambda op, msg: remarks.append((op, msg))) == []
    assert _text(module) == before
    ((op, message),) = remarks
    assert op is slice_op
    assert "tiles reduction dimension d2 of 'linalg.matmul'" in message
    with pytest.raises(FusionRefused, match="reduction dimension d2"):
        fp.fuse_producer_of_slice(fp.PatternRewriter(slice_op), slice_op)
    assert _text(module) == before


def test_marked_refusal_is_an_error():
    module = _load("k-tiled-fill.mlir")
    with pytest.raises(FusionRefused) as info:
        fuse_producers(module, remark=None)
    assert info.value.op is _slice_named(module, "os")


# -- differential --------------------------------------------------------------------------

from xfuse.backends import runner  # noqa: E402


def _run(module, entry: str, inputs):
    compiled = runner.compile_module(module, entry)
    return compiled(*[x.copy() if isinstance(x, np.ndarray) else x for x in inputs])


@pytest.mark.parametrize(
    ("name", "entry", "dynamic"),
    [
        ("forall-fill.mlir", "forall_fill", 8),
        ("nested-for-in-forall.mlir", "nested", 8),
        ("second-user.mlir", "second_user", 8),
        ("dynamic.mlir", "dynamic", 11),
        # unpack tiles cutting inner tiles (the covering form); 37 and 13 rows from tiles of 8
        ("unpack-covering.mlir", "unpack_covering", 8),
        ("unpack-covering-dynamic.mlir", "unpack_covering_dynamic", 5),
        ("unpack-covering-dynamic.mlir", "unpack_covering_dynamic", 2),
    ],
)
def test_fused_module_computes_the_same(name, entry, dynamic):
    original = _load(name)
    fused = _load(name)
    assert fuse_producers(fused, remark=None)
    function = next(op for op in original.walk() if getattr(op, "sym_name", None) and op.sym_name.data == entry)
    inputs = runner.random_inputs(function, seed=7, dynamic_dim=dynamic)
    for want, got in zip(_run(original, entry, inputs), _run(fused, entry, inputs), strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


def test_forcing_the_k_loop_fusion_is_wrong(monkeypatch):
    """The legality check is not decorative: without it the fill lands inside the K loop and
    the result differs (only the last K step survives)."""
    original = _load("k-tiled-fill.mlir")
    forced = _load("k-tiled-fill.mlir")
    monkeypatch.setattr(fp, "check_destination_fusion", lambda chain: None)
    (result,) = fuse_producers(forced, remark=None)
    assert result.producer.name == "linalg.fill"
    function = next(op for op in original.walk() if getattr(op, "sym_name", None))
    inputs = runner.random_inputs(function, seed=1)
    (want,) = _run(original, "k_tiled", inputs)
    (got,) = _run(forced, "k_tiled", inputs)
    assert not np.allclose(got, want, rtol=1e-4, atol=1e-4)


OUTER_SLICE = """
func.func @outer_slice(%x: tensor<32xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<32xf32>
  %ex = linalg.exp ins(%x : tensor<32xf32>) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %half = tensor.extract_slice %ex[8] [16] [1] : tensor<32xf32> to tensor<16xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %half) -> (tensor<16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %os = tensor.extract_slice %o[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %xs = tensor.extract_slice %x[%off] [4] [1] : tensor<32xf32> to tensor<4xf32>
    %a = linalg.add ins(%xs, %os : tensor<4xf32>, tensor<4xf32>) outs(%os : tensor<4xf32>) -> tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %a into %o[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}
"""


def test_destination_through_a_slice_outside_the_loop():
    """The chain ends with a slice taken outside the loop: that slice's source is rewired to the
    producer's init, and the tile reads the producer's input at the composed offset (+8)."""
    fused = parse(OUTER_SLICE)
    (result,) = fuse_producers(fused, remark=None)
    half = _slice_named(fused, "half")
    assert half.source.owner.name == "tensor.empty"
    tiled_exp = result.tiled_ops[0]
    input_slice = tiled_exp.operands[0].owner
    assert isinstance(input_slice, tensor.ExtractSliceOp) and input_slice.source.name_hint == "x"
    function = next(op for op in parse(OUTER_SLICE).walk() if getattr(op, "sym_name", None))
    inputs = runner.random_inputs(function, seed=2)
    (want,) = _run(parse(OUTER_SLICE), "outer_slice", inputs)
    (got,) = _run(fused, "outer_slice", inputs)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)

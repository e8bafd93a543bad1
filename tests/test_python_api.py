"""The obvious Python calls work: `run(module, *arrays, entry=...)`, `parse` verifies,
`parse_file` locates, `mark_for_tiling` marks roots."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects.builtin import FileLineColLoc
from xdsl.utils.exceptions import ParseError

import xfuse
from xfuse.backends.runner import BackendError
from xfuse.diagnostics import VerificationError, XfuseError

ROOT = Path(__file__).parent.parent
MLP = ROOT / "examples" / "mlp.mlir"

ADD = """func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @sub(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.sub ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""

BAD_MATMUL = """func.func @f(%a: tensor<4x5xf32>, %b: tensor<6x7xf32>) -> tensor<4x7xf32> {
  %e = tensor.empty() : tensor<4x7xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x5xf32>, tensor<6x7xf32>) outs(%e : tensor<4x7xf32>) -> tensor<4x7xf32>
  return %r : tensor<4x7xf32>
}
"""


def test_run_takes_the_arrays_then_a_keyword_entry():
    a, b = np.arange(4, dtype=np.float32), np.ones(4, dtype=np.float32)
    (total,) = xfuse.run(ADD, a, b, entry="add")
    (difference,) = xfuse.run(ADD, a, b, entry="sub")
    np.testing.assert_array_equal(total, a + b)
    np.testing.assert_array_equal(difference, a - b)


def test_run_with_the_only_public_function_needs_no_entry():
    rng = np.random.default_rng(0)
    x, w, b = (rng.standard_normal(s, dtype=np.float32) for s in [(256, 512), (512, 1024), (1024,)])
    (out,) = xfuse.run(MLP.read_text(), x, w, b)
    assert np.allclose(out, np.maximum(x @ w + b, 0), atol=1e-3)


def test_run_with_the_entry_second_says_how_to_call_it():
    a = np.zeros(4, dtype=np.float32)
    with pytest.raises(BackendError, match=r"run\(module, \*arrays, entry='add'\)"):
        xfuse.run(ADD, "add", a, a)


def test_parse_verifies_and_locates_the_failing_op():
    with pytest.raises(VerificationError) as info:
        xfuse.parse(BAD_MATMUL, name="bad.mlir")
    message = str(info.value)
    assert message.startswith("bad.mlir:3:3: error: 'linalg.matmul' does not verify: ")
    assert "builtin.module" not in message and "func.func" not in message
    assert xfuse.parse(BAD_MATMUL, verify=False) is not None  # opting out stays possible


def test_parse_file_locations_name_the_file(tmp_path):
    module = xfuse.parse_file(MLP)
    matmul = next(op for op in module.walk() if op.name == "linalg.matmul")
    assert isinstance(matmul.location, FileLineColLoc)
    assert (matmul.location.filename.data, matmul.location.line.data) == (str(MLP), 9)
    bad = tmp_path / "bad.mlir"
    bad.write_text(BAD_MATMUL)
    with pytest.raises(VerificationError, match=rf"^{bad}:3:3: error"):
        xfuse.parse_file(bad)


def test_parse_file_of_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(XfuseError, match=r"cannot read '.*nope.mlir': No such file or directory"):
        xfuse.parse_file(tmp_path / "nope.mlir")


def test_mark_for_tiling_then_tile_and_diffuse():
    module = xfuse.parse_file(MLP)
    matmul = next(op for op in module.walk() if op.name == "linalg.matmul")
    xfuse.mark_for_tiling(matmul, [64, 64])
    assert str(matmul.attributes["xfuse.tile_sizes"]) == "array<i64: 64, 64>"
    xfuse.apply_passes(module, "xfuse-tile{loop=forall},xfuse-diffusion")
    assert any(op.name == "scf.forall" for op in module.walk())
    rng = np.random.default_rng(1)
    x, w, b = (rng.standard_normal(s, dtype=np.float32) for s in [(256, 512), (512, 1024), (1024,)])
    (out,) = xfuse.run(module, x, w, b)
    assert np.allclose(out, np.maximum(x @ w + b, 0), atol=1e-3)


def test_mark_for_tiling_refuses_ops_it_cannot_tile():
    module = xfuse.parse_file(MLP)
    function = next(op for op in module.walk() if op.name == "func.func")
    with pytest.raises(XfuseError, match=r"mlp.mlir:\d+:\d+: error: cannot mark 'func.func' for tiling: it has no TilingInterface model"):
        xfuse.mark_for_tiling(function, [4])
    matmul = next(op for op in module.walk() if op.name == "linalg.matmul")
    with pytest.raises(XfuseError, match="tile sizes must be non-negative"):
        xfuse.mark_for_tiling([matmul], [-1])


@pytest.mark.parametrize("literal, message", [
    ("dense<[1.0, 2.0]> : tensor<?xf32>", "Dense literal attribute should have a static shape."),
    ('dense<"0x01"> : tensor<1x!transform.any_op>', "Expected memref, vector or tensor type of integer"),
])
def test_a_dense_literal_of_a_wrong_type_is_a_located_parse_error(literal, message):
    """xfuse's parser checks a dense literal's type itself (a constraint built once, not per
    attribute as xDSL's does), with xDSL's diagnostics."""
    with pytest.raises(ParseError, match=re.escape(message)) as caught:
        xfuse.parse(f"%c = arith.constant {literal}")
    assert str(caught.value).startswith("<string>:1:")


def test_dense_literals_of_every_element_kind_parse():
    for literal in ("dense<[1, 2]> : tensor<2xi32>", "dense<[1.5, 2.0]> : vector<2xf32>", "dense<1> : tensor<2xindex>",
                    "dense<(1.0, 2.0)> : tensor<1xcomplex<f32>>", "dense<[[1.0], [2.0]]> : memref<2x1xf64>"):
        assert literal.split(" : ")[1] in str(xfuse.parse(f"%c = arith.constant {literal}")) or "memref" in literal

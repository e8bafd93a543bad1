"""The generic text xfuse emits is accepted by mlir-opt 22 and means what the source means."""

import subprocess
from pathlib import Path

import pytest

from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
from xfuse.backends.toolchain import find_tool
from xfuse.parsing import parse

INPUTS = Path(__file__).parent / "inputs"


@pytest.fixture(scope="module")
def mlir_opt() -> str:
    return str(find_tool("mlir-opt"))  # a dependency: its absence is a failure, not a skip


def _canonical(mlir_opt: str, text: str) -> str:
    done = subprocess.run([mlir_opt, "-"], input=text, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_generic_text_of_every_op_round_trips_through_mlir_opt(mlir_opt):
    # func, arith, math, linalg (matmul, fill, generic, add/sub/mul/max/min/exp/copy, transpose,
    # broadcast, reduce, index), tensor (empty, slices, pad, reshapes, cast, dim, parallel_insert_slice),
    # scf (for, if, forall), memref (alloc, subview, load, store, copy, dealloc).
    source = (INPUTS / "all_ops.mlir").read_text()
    module = parse(source, name="all_ops.mlir")
    module.verify()
    emitted = emit_mlir_text(module)
    assert emitted.startswith('"builtin.module"()')
    assert _canonical(mlir_opt, emitted) == _canonical(mlir_opt, source)


def test_matmul_keeps_its_indexing_maps(mlir_opt):
    module = parse(
        "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {\n"
        "  %0 = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>\n"
        "  return %0 : tensor<2x4xf32>\n}\n"
    )
    assert "indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>" in emit_mlir_text(module)


def test_locations_point_at_the_source():
    module = parse("func.func @f(%a: f32) -> f32 {\n  %0 = arith.addf %a, %a : f32\n  return %0 : f32\n}\n", name="src.mlir")
    assert 'loc("src.mlir":2:3)' in emit_mlir_text(module)
    assert "loc(" not in emit_mlir_text(module, locations=False)


def test_prepare_for_execution_requests_the_c_interface_and_protects_tensor_arguments(mlir_opt):
    module = parse(
        "func.func @f(%a: tensor<4xf32>, %s: f32) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n"
        "func.func private @g(%a: f32) -> f32 {\n  return %a : f32\n}\n"
    )
    prepared = prepare_for_execution(module)
    text = _canonical(mlir_opt, emit_mlir_text(prepared))
    assert "func.func @f(%arg0: tensor<4xf32> {bufferization.writable = false}, %arg1: f32) -> tensor<4xf32> attributes {llvm.emit_c_interface}" in text
    assert "func.func private @g(%arg0: f32) -> f32 {" in text
    assert "llvm.emit_c_interface" not in emit_mlir_text(module)  # the input is left alone


SINK = """
func.func @f(%x: tensor<4xf32>, %n: index) -> (tensor<4xf32>, tensor<?xf32>) {
  %a = tensor.empty() : tensor<4xf32>
  %b = tensor.empty(%n) : tensor<?xf32>
  %c = tensor.empty() : tensor<4xf32>
  %s = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %c1 step %c1 iter_args(%t = %s) -> (tensor<4xf32>) {
    %m = linalg.mul ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%c : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %m : tensor<4xf32>
  }
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%b : tensor<?xf32>) -> tensor<?xf32>
  return %l, %f : tensor<4xf32>, tensor<?xf32>
}
"""


def test_empties_are_sunk_to_their_first_user(mlir_opt):
    """Each `tensor.empty` right before the op of its block that first uses it (a loop reading
    it in its body counts as that loop), so bufferization allocates it there."""
    from xfuse.backends.mlir_text import sink_empties
    from xfuse.context import make_context

    module = parse(SINK, make_context())
    sink_empties(module)
    module.verify()
    body = list(next(iter(module.ops)).body.block.ops)
    names = [op.name for op in body]
    assert names == ["tensor.empty", "linalg.add", "arith.constant", "arith.constant", "tensor.empty", "scf.for",
                     "arith.constant", "tensor.empty", "linalg.fill", "func.return"]
    subprocess.run([str(mlir_opt)], input=emit_mlir_text(module), text=True, check=True, capture_output=True)


def test_large_boolean_constants_are_printed_bit_packed(mlir_opt):
    # xDSL prints i1 hex data a byte per element; MLIR reads it 8 elements a byte.
    rows = [[i >= j for j in range(16)] for i in range(16)]  # a causal mask: 256 elements
    literal = "[" + ", ".join("[" + ", ".join("true" if v else "false" for v in row) + "]" for row in rows) + "]"
    source = f"func.func @mask() -> tensor<16x16xi1> {{\n  %m = arith.constant dense<{literal}> : tensor<16x16xi1>\n" \
             "  func.return %m : tensor<16x16xi1>\n}\n"
    emitted = emit_mlir_text(parse(source, name="mask.mlir"))
    assert '"0x0100030007000F00' in emitted
    assert _canonical(mlir_opt, emitted) == _canonical(mlir_opt, source)

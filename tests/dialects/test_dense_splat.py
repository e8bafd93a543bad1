"""Splat dense attributes stay one element from parsing to printing (issue 23: a
`dense<0> : tensor<100x64x220x220xi32>` used to be expanded into 310 million elements)."""

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr

from xfuse import apply_passes, parse
from xfuse.backends.mlir_text import emit_mlir_text
from xfuse.dense_elements import dense_values, is_compact_splat, num_elements

HUGE = """
func.func @f(%a: tensor<100x64x220x220xi32>) -> tensor<100x64x220x220xi32> {
  %init = arith.constant dense<0> : tensor<100x64x220x220xi32>
  %r = linalg.add ins(%a, %init : tensor<100x64x220x220xi32>, tensor<100x64x220x220xi32>)
                  outs(%a : tensor<100x64x220x220xi32>) -> tensor<100x64x220x220xi32>
  return %r : tensor<100x64x220x220xi32>
}
"""


def _constant(module) -> DenseIntOrFPElementsAttr:
    (op,) = [op for op in module.walk() if isinstance(op, arith.ConstantOp)]
    assert isinstance(op.value, DenseIntOrFPElementsAttr)
    return op.value


def test_a_huge_splat_holds_one_element_and_prints_as_one_value():
    module = parse(HUGE)
    value = _constant(module)
    assert len(value.data.data) == 4  # one i32, not 310 million
    assert is_compact_splat(value) and num_elements(value) == 100 * 64 * 220 * 220
    text = str(module)
    assert "dense<0> : tensor<100x64x220x220xi32>" in text
    assert len(text) < 1000
    generic = emit_mlir_text(module)
    assert "value = dense<0> : tensor<100x64x220x220xi32>" in generic
    assert len(generic) < 3000


def test_a_huge_splat_stays_compact_through_bufferization():
    module = parse(HUGE)
    apply_passes(module, "xfuse-bufferize,canonicalize,cse")
    (glob,) = [op for op in module.walk() if isinstance(op, memref.GlobalOp)]
    initial = glob.initial_value
    assert isinstance(initial, DenseIntOrFPElementsAttr) and len(initial.data.data) == 4
    assert "= dense<0>" in emit_mlir_text(module)


def test_splat_spellings_read_as_mlir_reads_them():
    module = parse(
        """
        func.func @g() {
          %0 = arith.constant dense<-2.5> : tensor<3x2xf64>
          %1 = arith.constant dense<0xFF800000> : vector<4xf32>
          %2 = arith.constant dense<"0x0700000000000000"> : tensor<5xindex>
          %3 = arith.constant dense<255> : tensor<2xi8>
          %4 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
          return
        }
        """
    )
    values = [op.value for op in module.walk() if isinstance(op, arith.ConstantOp)]
    assert all(isinstance(v, DenseIntOrFPElementsAttr) for v in values)
    assert dense_values(values[0]) == (-2.5,) * 6
    assert dense_values(values[1]) == (float("-inf"),) * 4
    assert dense_values(values[2]) == (7,) * 5
    assert dense_values(values[3]) == (-1, -1)  # i8 is signless: 255 is -1
    assert not is_compact_splat(values[4]) and dense_values(values[4]) == (1, 2, 3)


def test_hex_elements_of_a_float_literal_are_bit_patterns():
    """MLIR prints a non-finite float inside a literal as its bits (torch-mlir's causal mask:
    `0xFF800000` is -inf); xDSL alone reads the number 4286578688, which made causal attention
    wrong. Hex elements of an integer literal stay integers."""
    module = parse(
        """
        func.func @g() {
          %0 = arith.constant dense<[[0.0, 0xFF800000], [0x7F800000, 0x80000000]]> : tensor<2x2xf32>
          %1 = arith.constant dense<[0xFC00, 1.0]> : tensor<2xf16>
          %2 = arith.constant dense<[0x10, -3]> : tensor<2xi32>
          return
        }
        """
    )
    values = [dense_values(op.value) for op in module.walk() if isinstance(op, arith.ConstantOp)]
    assert values[0][:3] == (0.0, float("-inf"), float("inf"))
    assert values[0][3] == 0.0 and str(values[0][3]) == "-0.0"
    assert values[1] == (float("-inf"), 1.0)
    assert values[2] == (16, -3)
    assert "0xff800000" in str(module).lower()


def test_a_splat_stride_is_read_per_window():
    module = parse(
        """
        func.func @c(%i: tensor<1x9x9x3xf32>, %f: tensor<2x2x3x8xf32>, %o: tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32> {
          %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
                 ins(%i, %f : tensor<1x9x9x3xf32>, tensor<2x2x3x8xf32>) outs(%o : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
          return %r : tensor<1x4x4x8xf32>
        }
        """
    )
    (conv,) = [op for op in module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"]
    assert [conv.window_parameter("strides", w) for w in (0, 1)] == [2, 2]


def test_hex_floats_inside_a_dense_array_are_bit_patterns():
    # torch-mlir prints the -inf of an attention mask folded into a constant as 0xFF800000 inside
    # the array; xDSL read it as 4286578688.0 (a wrong mask, found by ONNX's conformance cases)
    import numpy as np

    import xfuse

    module = parse("""
        func.func @f() -> (tensor<2x3xf32>, tensor<2xf64>, tensor<2xf16>, tensor<2xi32>) {
          %a = arith.constant dense<[[0.0, 0xFF800000, 1.5], [0x7F800000, 0x7FC00000, -2.0]]> : tensor<2x3xf32>
          %b = arith.constant dense<[0xFFF0000000000000, 3.0]> : tensor<2xf64>
          %c = arith.constant dense<[0xFC00, 1.0]> : tensor<2xf16>
          %d = arith.constant dense<[0x10, -3]> : tensor<2xi32>
          return %a, %b, %c, %d : tensor<2x3xf32>, tensor<2xf64>, tensor<2xf16>, tensor<2xi32>
        }""")
    a, b, c, d = xfuse.run(module)
    np.testing.assert_array_equal(a, np.array([[0, -np.inf, 1.5], [np.inf, np.nan, -2]], np.float32))
    np.testing.assert_array_equal(b, [-np.inf, 3.0])
    np.testing.assert_array_equal(c, np.array([-np.inf, 1.0], np.float16))
    np.testing.assert_array_equal(d, [16, -3])

// Syntax errors in arith ops point at the text at fault (one error per input: parsing stops).
// RUN: not xfuse-opt %s 2>&1 | filecheck %s
// RUN: sed -e 's/ : i1, tensor<4xf32>, f32//' -e 's/arith.select %c, %a, %a/arith.remf %c, %c : i1/' %s | not xfuse-opt 2>&1 | filecheck %s --check-prefix=TYPES

func.func @select_types(%c: i1, %a: tensor<4xf32>) {
  %0 = arith.select %c, %a, %a : i1, tensor<4xf32>, f32
  return
}
// CHECK: ops-parse-errors.mlir:6:34
// CHECK: expected the result type, optionally preceded by the condition type

// An operand of the wrong type for a format-parsed op: located at the op, not a bare message.
// TYPES: stdin:6:3: Unexpected attribute i1 (a type the op does not accept)

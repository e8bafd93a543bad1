// Adapted from github.com/iree-org/iree tests/e2e/linalg/narrow_n_matmuls.mlir (commit b48a595):
// each `util.unfoldable_constant` operand became a function argument (the test feeds random int8
// values in their place) and the `check.expect_eq_const` results are returned. The shapes are
// IREE's: N = 1 and 2 with a live i32 accumulator, and the matvec forms.

func.func @matmul_narrow_n_1(%lhs: tensor<3x4xi8>, %rhs: tensor<4x1xi8>, %acc: tensor<3x1xi32>) -> tensor<3x1xi32> {
  %result = linalg.matmul ins(%lhs, %rhs : tensor<3x4xi8>, tensor<4x1xi8>) outs(%acc : tensor<3x1xi32>) -> tensor<3x1xi32>
  return %result : tensor<3x1xi32>
}

func.func @batch_matmul_narrow_n_1(%lhs: tensor<2x3x4xi8>, %rhs: tensor<2x4x1xi8>, %acc: tensor<2x3x1xi32>) -> tensor<2x3x1xi32> {
  %result = linalg.batch_matmul ins(%lhs, %rhs : tensor<2x3x4xi8>, tensor<2x4x1xi8>) outs(%acc : tensor<2x3x1xi32>) -> tensor<2x3x1xi32>
  return %result : tensor<2x3x1xi32>
}

func.func @matmul_narrow_n_2(%lhs: tensor<3x4xi8>, %rhs: tensor<4x2xi8>, %acc: tensor<3x2xi32>) -> tensor<3x2xi32> {
  %result = linalg.matmul ins(%lhs, %rhs : tensor<3x4xi8>, tensor<4x2xi8>) outs(%acc : tensor<3x2xi32>) -> tensor<3x2xi32>
  return %result : tensor<3x2xi32>
}

func.func @batch_matmul_narrow_n_2(%lhs: tensor<2x3x4xi8>, %rhs: tensor<2x4x2xi8>, %acc: tensor<2x3x2xi32>) -> tensor<2x3x2xi32> {
  %result = linalg.batch_matmul ins(%lhs, %rhs : tensor<2x3x4xi8>, tensor<2x4x2xi8>) outs(%acc : tensor<2x3x2xi32>) -> tensor<2x3x2xi32>
  return %result : tensor<2x3x2xi32>
}

func.func @matvec(%lhs: tensor<3x4xi8>, %rhs: tensor<4xi8>, %acc: tensor<3xi32>) -> tensor<3xi32> {
  %result = linalg.matvec ins(%lhs, %rhs : tensor<3x4xi8>, tensor<4xi8>) outs(%acc : tensor<3xi32>) -> tensor<3xi32>
  return %result : tensor<3xi32>
}

func.func @batch_matvec(%lhs: tensor<2x3x4xi8>, %rhs: tensor<2x4xi8>, %acc: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %result = linalg.batch_matvec ins(%lhs, %rhs : tensor<2x3x4xi8>, tensor<2x4xi8>) outs(%acc : tensor<2x3xi32>) -> tensor<2x3xi32>
  return %result : tensor<2x3xi32>
}

// Adapted from github.com/iree-org/iree tests/e2e/regression/linalg_quantized_matmul_vs_linalg_matmul.mlir
// (commit b48a595): its 3x4x5 and dynamic `linalg.quantized_matmul`s with the operands as
// function arguments (there `util.unfoldable_constant`s), and its `@quantized_matmul_as_matmul_3x4x5`
// (the zero-point identity written with linalg.matmul and generics) as it is. The 37x61x45 case
// with a live accumulator is ours (odd sizes: padded tiles).

func.func @quantized_matmul_3x4x5(%lhs : tensor<3x4xi8>, %rhs : tensor<4x5xi8>, %lhs_zp : i32, %rhs_zp : i32) -> tensor<3x5xi32> {
  %c_0 = arith.constant 0 : i32
  %init_acc_uninitialized = tensor.empty() : tensor<3x5xi32>
  %zero_acc = linalg.fill ins(%c_0 : i32) outs(%init_acc_uninitialized : tensor<3x5xi32>) -> tensor<3x5xi32>
  %result = linalg.quantized_matmul ins(%lhs, %rhs, %lhs_zp, %rhs_zp : tensor<3x4xi8>, tensor<4x5xi8>, i32, i32) outs(%zero_acc : tensor<3x5xi32>) -> tensor<3x5xi32>
  return %result : tensor<3x5xi32>
}
func.func @quantized_matmul_as_matmul_3x4x5(%lhs : tensor<3x4xi8>, %rhs : tensor<4x5xi8>,  %lhs_zp : i32, %rhs_zp : i32) -> tensor<3x5xi32> {
  %c_0 = arith.constant 0 : i32
  %init_acc_uninitialized =  tensor.empty() : tensor<3x5xi32>
  %zero_acc = linalg.fill ins(%c_0 : i32) outs(%init_acc_uninitialized : tensor<3x5xi32>) -> tensor<3x5xi32>
  %matmul_result = linalg.matmul ins(%lhs, %rhs : tensor<3x4xi8>, tensor<4x5xi8>) outs(%zero_acc : tensor<3x5xi32>) -> tensor<3x5xi32>
  %k_size = arith.constant 4 : i32
  %lhs_i32 = arith.extsi %lhs : tensor<3x4xi8> to tensor<3x4xi32>
  %init_lhs_sums_uninitialized = tensor.empty() : tensor<3xi32>
  %zero_lhs_sums = linalg.fill ins(%c_0 : i32) outs(%init_lhs_sums_uninitialized : tensor<3xi32>) -> tensor<3xi32>
  %lhs_sums = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%lhs_i32 : tensor<3x4xi32>) outs(%zero_lhs_sums : tensor<3xi32>) {
      ^bb0(%arg0: i32, %arg1: i32) :
          %1 = arith.addi %arg0, %arg1 : i32
          linalg.yield %1 : i32
      } -> tensor<3xi32>
  %rhs_i32 = arith.extsi %rhs : tensor<4x5xi8> to tensor<4x5xi32>
  %init_rhs_sums_uninitialized = tensor.empty() : tensor<5xi32>
  %zero_rhs_sums = linalg.fill ins(%c_0 : i32) outs(%init_rhs_sums_uninitialized : tensor<5xi32>) -> tensor<5xi32>
  %rhs_sums = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%rhs_i32 : tensor<4x5xi32>) outs(%zero_rhs_sums : tensor<5xi32>) {
      ^bb0(%arg0: i32, %arg1: i32) :
          %1 = arith.addi %arg0, %arg1 : i32
          linalg.yield %1 : i32
      } -> tensor<5xi32>
  %quantized_matmul_from_matmul_result = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%matmul_result, %lhs_sums, %rhs_sums, %lhs_zp, %rhs_zp, %k_size : tensor<3x5xi32>, tensor<3xi32>, tensor<5xi32>, i32, i32, i32)
      outs(%init_acc_uninitialized : tensor<3x5xi32>) {
      ^bb0(%matmul_result_val : i32, %lhs_sums_val: i32, %rhs_sums_val: i32, %lhs_zp_val: i32, %rhs_zp_val: i32, %k : i32, %acc_val: i32) :
          %linear_term_in_rhs_zp = arith.muli %lhs_sums_val, %rhs_zp_val : i32
          %linear_term_in_lhs_zp = arith.muli %rhs_sums_val, %lhs_zp_val : i32
          %linear_term = arith.addi %linear_term_in_rhs_zp, %linear_term_in_lhs_zp : i32
          %product_of_zp = arith.muli %lhs_zp_val, %rhs_zp_val : i32
          %quadratic_term = arith.muli %k, %product_of_zp : i32
          %corrected_for_linear_term = arith.subi %matmul_result_val, %linear_term : i32
          %corrected = arith.addi %corrected_for_linear_term, %quadratic_term : i32
          linalg.yield %corrected : i32
      } -> tensor<3x5xi32>
  return %quantized_matmul_from_matmul_result : tensor<3x5xi32>
}
func.func @quantized_matmul_dynamic(%lhs : tensor<?x?xi8>, %rhs : tensor<?x?xi8>, %lhs_zp : i32, %rhs_zp : i32, %acc : tensor<?x?xi32>) -> tensor<?x?xi32> {
  %result = linalg.quantized_matmul ins(%lhs, %rhs, %lhs_zp, %rhs_zp : tensor<?x?xi8>, tensor<?x?xi8>, i32, i32) outs(%acc : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %result : tensor<?x?xi32>
}
func.func @quantized_matmul_acc_37x61x45(%lhs : tensor<37x61xi8>, %rhs : tensor<61x45xi8>, %lhs_zp : i32, %rhs_zp : i32, %acc : tensor<37x45xi32>) -> tensor<37x45xi32> {
  %result = linalg.quantized_matmul ins(%lhs, %rhs, %lhs_zp, %rhs_zp : tensor<37x61xi8>, tensor<61x45xi8>, i32, i32) outs(%acc : tensor<37x45xi32>) -> tensor<37x45xi32>
  return %result : tensor<37x45xi32>
}

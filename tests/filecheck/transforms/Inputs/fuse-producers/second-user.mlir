// The transpose feeding the matmul's lhs is also returned: the loop gets its own tile of it and
// the original stays for the outside user (not yielded from the loop). The fill reaches the
// matmul through the iter_args of an scf.for whose induction variable moves the slice (rows of
// the result, a parallel dimension): fused, and the loop's init becomes the fill's init.

// CHECK-LABEL: func.func @second_user(
// CHECK-SAME:      %[[X:.*]]: tensor<16x8xf32>, %[[B:.*]]: tensor<16x8xf32>)
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[X]] : tensor<16x8xf32>)
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<8x8xf32>
// CHECK-NEXT:    %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[E]])
// CHECK-NEXT:      %[[XS:.*]] = tensor.extract_slice %[[X]][0, %[[I]]] [16, 2] [1, 1]
// CHECK-NEXT:      %[[TE:.*]] = tensor.empty() : tensor<2x16xf32>
// CHECK-NEXT:      %[[TS:.*]] = linalg.transpose ins(%[[XS]] : tensor<16x2xf32>) outs(%[[TE]] : tensor<2x16xf32>) permutation = [1, 0]
// CHECK-NEXT:      %[[OS:.*]] = tensor.extract_slice %[[ACC]][%[[I]], 0] [2, 8] [1, 1]
// CHECK-NEXT:      %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[OS]] : tensor<2x8xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[TS]], %[[B]] : tensor<2x16xf32>, tensor<16x8xf32>) outs(%[[F]] : tensor<2x8xf32>)
// CHECK:         func.return %[[R]], %[[T]]
func.func @second_user(%x: tensor<16x8xf32>, %b: tensor<16x8xf32>) -> (tensor<8x8xf32>, tensor<8x16xf32>) {
  %cst = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %et = tensor.empty() : tensor<8x16xf32>
  %t = linalg.transpose ins(%x : tensor<16x8xf32>) outs(%et : tensor<8x16xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<8x8xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = scf.for %i = %c0 to %c8 step %c2 iter_args(%acc = %fill) -> (tensor<8x8xf32>) {
    %ts = tensor.extract_slice %t[%i, 0] [2, 16] [1, 1] : tensor<8x16xf32> to tensor<2x16xf32>
    %os = tensor.extract_slice %acc[%i, 0] [2, 8] [1, 1] : tensor<8x8xf32> to tensor<2x8xf32>
    %mm = linalg.matmul ins(%ts, %b : tensor<2x16xf32>, tensor<16x8xf32>) outs(%os : tensor<2x8xf32>) -> tensor<2x8xf32>
    %ins = tensor.insert_slice %mm into %acc[%i, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<8x8xf32>
    scf.yield %ins : tensor<8x8xf32>
  }
  return %r, %t : tensor<8x8xf32>, tensor<8x16xf32>
}

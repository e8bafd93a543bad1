// Regression (issue 9, defect 1, scf.for form): two iter_args initialised with one tensor, each
// written through insert_slice of values computed in fresh tensors: two buffers.
func.func @for_iter_args_one_value(%a: tensor<24x48xf32>, %b: tensor<24x48xf32>) -> (tensor<24x48xf32>, tensor<24x48xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c24 = arith.constant 24 : index
  %v = tensor.empty() : tensor<24x48xf32>
  %r:2 = scf.for %i = %c0 to %c24 step %c8 iter_args(%o1 = %v, %o2 = %v) -> (tensor<24x48xf32>, tensor<24x48xf32>) {
    %x = tensor.extract_slice %a[%i, 0] [8, 48] [1, 1] : tensor<24x48xf32> to tensor<8x48xf32>
    %y = tensor.extract_slice %b[%i, 0] [8, 48] [1, 1] : tensor<24x48xf32> to tensor<8x48xf32>
    %e1 = tensor.empty() : tensor<8x48xf32>
    %r1 = linalg.add ins(%x, %y : tensor<8x48xf32>, tensor<8x48xf32>) outs(%e1 : tensor<8x48xf32>) -> tensor<8x48xf32>
    %e2 = tensor.empty() : tensor<8x48xf32>
    %r2 = linalg.mul ins(%x, %y : tensor<8x48xf32>, tensor<8x48xf32>) outs(%e2 : tensor<8x48xf32>) -> tensor<8x48xf32>
    %n1 = tensor.insert_slice %r1 into %o1[%i, 0] [8, 48] [1, 1] : tensor<8x48xf32> into tensor<24x48xf32>
    %n2 = tensor.insert_slice %r2 into %o2[%i, 0] [8, 48] [1, 1] : tensor<8x48xf32> into tensor<24x48xf32>
    scf.yield %n1, %n2 : tensor<24x48xf32>, tensor<24x48xf32>
  }
  return %r#0, %r#1 : tensor<24x48xf32>, tensor<24x48xf32>
}

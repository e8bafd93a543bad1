// MLIR-OPT-BUFFERIZE-OPTIONS: allow-return-allocs-from-loops
// MLIR-OPT-NO-DEALLOCATION: its dealloc helper stores i1 memrefs, which finalize-memref-to-llvm 22 asserts on
// scf.for yielding its two iter_args swapped: the buffers of the iter_args cannot simply be
// reused across iterations (each iteration's first value is the previous second), so a correct
// bufferizer must copy (or alternate buffers); the result after an odd trip count is swapped.
func.func @swapped_iter_args(%a: tensor<8xf32>, %b: tensor<8xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ea = tensor.empty() : tensor<8xf32>
  %x0 = linalg.add ins(%a, %a : tensor<8xf32>, tensor<8xf32>) outs(%ea : tensor<8xf32>) -> tensor<8xf32>
  %eb = tensor.empty() : tensor<8xf32>
  %y0 = linalg.sub ins(%b, %a : tensor<8xf32>, tensor<8xf32>) outs(%eb : tensor<8xf32>) -> tensor<8xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0, %y = %y0) -> (tensor<8xf32>, tensor<8xf32>) {
    scf.yield %y, %x : tensor<8xf32>, tensor<8xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}

// Adapted from MLIR 22 mlir/test/Dialect/SCF/one-shot-bufferize.mlir
// (@scf_while_non_equiv_condition): the condition forwards its two tensors swapped; the body
// inserts into one. f32 instead of i1 elements (an i1 memref does not lower to LLVM), the dummy
// ops replaced by a counter.
// MLIR-OPT-BUFFERIZE-OPTIONS: allow-return-allocs-from-loops
// MLIR-OPT-NO-DEALLOCATION: its dealloc_helper stores i1 memrefs that the LLVM lowering rejects
func.func @upstream_scf_while_non_equiv_condition(%arg0: tensor<5xf32>, %arg1: tensor<5xf32>, %n: index) -> (tensor<5xf32>, tensor<5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r0, %r1, %k = scf.while (%w0 = %arg0, %w1 = %arg1, %i = %c0) : (tensor<5xf32>, tensor<5xf32>, index) -> (tensor<5xf32>, tensor<5xf32>, index) {
    %condition = arith.cmpi ult, %i, %n : index
    scf.condition(%condition) %w1, %w0, %i : tensor<5xf32>, tensor<5xf32>, index
  } do {
  ^bb0(%b0: tensor<5xf32>, %b1: tensor<5xf32>, %i: index):
    %x = tensor.extract %b0[%i] : tensor<5xf32>
    %y = arith.addf %x, %one : f32
    %1 = tensor.insert %y into %b0[%i] : tensor<5xf32>
    %j = arith.addi %i, %c1 : index
    scf.yield %1, %b1, %j : tensor<5xf32>, tensor<5xf32>, index
  }
  return %r0, %r1 : tensor<5xf32>, tensor<5xf32>
}

// Adapted from MLIR 22 mlir/test/Dialect/SCF/one-shot-bufferize.mlir (@scf_for_swapping_yields):
// insert_slices into two iter_args yielded in swapped order, then one element read from each.
// MLIR-OPT-BUFFERIZE-OPTIONS: allow-return-allocs-from-loops
// MLIR-OPT-NO-DEALLOCATION: its dealloc_helper stores i1 memrefs that the LLVM lowering rejects
func.func @upstream_scf_for_swapping_yields(%A : tensor<?xf32>, %B : tensor<?xf32>, %C : tensor<4xf32>, %ub : index, %step : index) -> (f32, f32) {
  %lb = arith.constant 0 : index
  %r0:2 = scf.for %i = %lb to %ub step %step iter_args(%tA = %A, %tB = %B) -> (tensor<?xf32>, tensor<?xf32>) {
    %ttA = tensor.insert_slice %C into %tA[0][4][1] : tensor<4xf32> into tensor<?xf32>
    %ttB = tensor.insert_slice %C into %tB[0][4][1] : tensor<4xf32> into tensor<?xf32>
    scf.yield %ttB, %ttA : tensor<?xf32>, tensor<?xf32>
  }
  %f0 = tensor.extract %r0#0[%step] : tensor<?xf32>
  %f1 = tensor.extract %r0#1[%step] : tensor<?xf32>
  return %f0, %f1: f32, f32
}

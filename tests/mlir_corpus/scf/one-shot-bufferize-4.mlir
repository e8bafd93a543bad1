// mlir-corpus: source=mlir/test/Dialect/SCF/one-shot-bufferize.mlir piece=4 commit=03a5b92df2dd58ec447a46f18d1640e43f91d04a flags=--allow-unregistered-dialect
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @execute_region_with_conflict(
    %t1 : tensor<?xf32> {bufferization.writable = true})
  -> (f32, tensor<?xf32>, f32)
{
  %f1 = arith.constant 0.0 : f32
  %idx = arith.constant 7 : index

  %0, %1, %2 = scf.execute_region -> (f32, tensor<?xf32>, f32) {
    %t2 = tensor.insert %f1 into %t1[%idx] : tensor<?xf32>
    scf.yield %f1, %t2, %f1 : f32, tensor<?xf32>, f32
  }

  %3 = tensor.extract %t1[%idx] : tensor<?xf32>

  return %0, %1, %3 : f32, tensor<?xf32>, f32
}

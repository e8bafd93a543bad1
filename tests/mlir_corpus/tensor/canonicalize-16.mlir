// mlir-corpus: source=mlir/test/Dialect/Tensor/canonicalize.mlir piece=16 commit=01bd6591226f049e736e3488134bfdc7a3b649b9
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @extract_from_tensor.from_elements_0d(%element : index) -> index {
  %c0 = arith.constant 0 : index
  %tensor = tensor.from_elements %element : tensor<index>
  %extracted_element = tensor.extract %tensor[] : tensor<index>
  return %extracted_element : index
}

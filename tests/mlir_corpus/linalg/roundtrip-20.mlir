// mlir-corpus: source=mlir/test/Dialect/Linalg/roundtrip.mlir piece=20 commit=06887db22dc3ef6df6d76cb675c246401811b53c
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @reduce_not_short_form_compatible(%input: tensor<16x32x64xf32>,
                             %init: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %reduce = linalg.reduce
    ins(%input:tensor<16x32x64xf32>)
    outs(%init:tensor<16x64xf32>)
    dimensions = [1]
    (%in1: f32, %in2: f32) {
      %0 = arith.addf %in1, %in2: f32
      linalg.yield %in1: f32
    }
  func.return %reduce : tensor<16x64xf32>
}

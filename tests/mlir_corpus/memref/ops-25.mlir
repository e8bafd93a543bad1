// mlir-corpus: source=mlir/test/Dialect/MemRef/ops.mlir piece=25 commit=01fa7a292177dbbd81de9ca2fdc01fa0cf0839d9
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @expand_collapse_shape_zero_dim(%arg0 : memref<1x1xf32>, %arg1 : memref<f32>)
    -> (memref<f32>, memref<1x1xf32>) {
  %0 = memref.collapse_shape %arg0 [] : memref<1x1xf32> into memref<f32>
  %1 = memref.expand_shape %0 [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  return %0, %1 : memref<f32>, memref<1x1xf32>
}

// mlir-corpus: source=mlir/test/Dialect/Linalg/canonicalize.mlir piece=8 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
#map = affine_map<() -> ()>
func.func @cant_fold_to_tensor_cast(%arg0 : f32) -> tensor<f32> {
  %out = tensor.empty() : tensor<f32>
  %g = linalg.generic {
    indexing_maps = [#map, #map],
    iterator_types = []
  } ins(%arg0 : f32)
    outs(%out : tensor<f32>) {
  ^bb0(%arg2 : f32, %arg3 : f32):
    linalg.yield %arg2 : f32
  } -> (tensor<f32>)
  return %g : tensor<f32>
}

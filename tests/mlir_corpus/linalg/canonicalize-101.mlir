// mlir-corpus: source=mlir/test/Dialect/Linalg/canonicalize.mlir piece=101 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @no_fold_extract_slice_into_unpack_rank_reducing(
    %src : tensor<28x2x16xf32>, %dest : tensor<28x32xf32>
) -> tensor<28xf32> {
  %unpack = linalg.unpack %src
      outer_dims_perm = [0, 1]
      inner_dims_pos = [1]
      inner_tiles = [16]
      into %dest : tensor<28x2x16xf32> -> tensor<28x32xf32>
  %extracted_slice = tensor.extract_slice %unpack
      [0, 0] [1, 28] [1, 1] : tensor<28x32xf32> to tensor<28xf32>
  return %extracted_slice : tensor<28xf32>
}

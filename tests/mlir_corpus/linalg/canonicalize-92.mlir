// mlir-corpus: source=mlir/test/Dialect/Linalg/canonicalize.mlir piece=92 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @fold_cast_pack_dynamic_tile_size(
  %dest: tensor<1x1x8x1xi32>,
  %src: tensor<7x?xi32>,
  %pad: i32) -> tensor<1x1x8x1xi32> {

    %cast = tensor.cast %dest : tensor<1x1x8x1xi32> to tensor<1x1x?x1xi32>
    %c8 = arith.constant 8 : index
    %pack = linalg.pack %src padding_value(%pad : i32)
      inner_dims_pos = [0, 1]
      inner_tiles = [%c8, 1]
      into %cast {test_attr} : tensor<7x?xi32> -> tensor<1x1x?x1xi32>
    %res = tensor.cast %pack : tensor<1x1x?x1xi32> to tensor<1x1x8x1xi32>
    return %res : tensor<1x1x8x1xi32>
}

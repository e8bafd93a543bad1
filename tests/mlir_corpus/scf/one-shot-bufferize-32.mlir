// mlir-corpus: source=mlir/test/Dialect/SCF/one-shot-bufferize.mlir piece=32 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe) flags=--allow-unregistered-dialect
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @index_switch(%pred: index, %b: tensor<5xf32>, %c: tensor<5xf32>) -> tensor<5xf32> {
  %a = bufferization.alloc_tensor() : tensor<5xf32>

  %0 = scf.index_switch %pred -> tensor<5xf32>
  case 2 {
    scf.yield %a: tensor<5xf32>
  }
  case 5 {
    scf.yield %b: tensor<5xf32>
  }
  default {
    scf.yield %c: tensor<5xf32>
  }
  return %0 : tensor<5xf32>
}

// mlir-corpus: source=mlir/test/Dialect/Linalg/canonicalize.mlir piece=15 commit=llvmorg-22.1.8 (Debian llvm-toolchain-22_22.1.8.orig.tar.xz, sha256 b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe)
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @fold_linalg_index_tensor_dynamic(%0: tensor<?x1xi32>,
                                            %1: tensor<?x1xi32>) -> tensor<?x1xi32> {
  %res = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                          affine_map<(d0, d1) -> (d1, d1)>],
                         iterator_types = ["parallel", "parallel"]}
    ins(%0 : tensor<?x1xi32>)
    outs(%1 : tensor<?x1xi32>) {
      ^bb0(%lhs: i32, %out: i32):
        %idx0 = linalg.index 0 : index
        %idx1 = linalg.index 1 : index
        %add = arith.addi %idx0, %idx1 : index
        %int = arith.index_cast %add : index to i32
        linalg.yield %int : i32
    } -> tensor<?x1xi32>
  return %res : tensor<?x1xi32>
}

// mlir-corpus: source=mlir/test/Dialect/Linalg/roundtrip.mlir piece=1 commit=06887db22dc3ef6df6d76cb675c246401811b53c
// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.
// Input IR only: the FileCheck lines of the original test are not reproduced.
func.func @ops(%arg0: memref<?x?xf32, strided<[?, 1]>>,
          %arg1: memref<?xf32, strided<[1]>>,
          %arg2: memref<?xf32, strided<[1]>>,
          %arg3: memref<f32>) {
  linalg.matmul ins(%arg0, %arg0 : memref<?x?xf32, strided<[?, 1]>>,
                                   memref<?x?xf32, strided<[?, 1]>>)
               outs(%arg0 : memref<?x?xf32, strided<[?, 1]>>)
  linalg.matvec ins(%arg0, %arg1: memref<?x?xf32, strided<[?, 1]>>,
                                  memref<?xf32, strided<[1]>>)
               outs(%arg2: memref<?xf32, strided<[1]>>)
  linalg.dot ins(%arg1, %arg2: memref<?xf32, strided<[1]>>,
                               memref<?xf32, strided<[1]>>)
            outs(%arg3: memref<f32>)
  return
}

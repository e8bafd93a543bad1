// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// Empty-tensor elimination: more cases (tests/bufferize_cases/empty_insert_slice.mlir runs the first
// one against mlir-opt in tests/test_bufferize_differential.py).

// Two pieces into one tensor.empty: one allocation, each piece computed in its subview; the
// first insertion (between the second op and its insertion) writes a disjoint region.
// CHECK-LABEL: func.func @empty_insert_slice(%a: memref<4x8xf32>, %b: memref<4x8xf32>) -> memref<8x8xf32>
// CHECK-NEXT:    %[[BIG:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK-NEXT:    %[[TOP:.*]] = memref.subview %[[BIG]][0, 0] [4, 8] [1, 1]
// CHECK-NEXT:    linalg.add ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%[[TOP]] : memref<4x8xf32, strided<[8, 1]>>)
// CHECK-NEXT:    %[[BOT:.*]] = memref.subview %[[BIG]][4, 0] [4, 8] [1, 1]
// CHECK-NEXT:    linalg.sub ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%[[BOT]] : memref<4x8xf32, strided<[8, 1], offset: 32>>)
// CHECK-NEXT:    func.return %[[BIG]] : memref<8x8xf32>
func.func @empty_insert_slice(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %ea = tensor.empty() : tensor<4x8xf32>
  %ta = linalg.add ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%ea : tensor<4x8xf32>) -> tensor<4x8xf32>
  %eb = tensor.empty() : tensor<4x8xf32>
  %tb = linalg.sub ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%eb : tensor<4x8xf32>) -> tensor<4x8xf32>
  %i0 = tensor.insert_slice %ta into %e[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
  %i1 = tensor.insert_slice %tb into %i0[4, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
  return %i1 : tensor<8x8xf32>
}

// Not eliminated: the offset is defined after the tensor.empty; and the destination is read
// between the op and the insertion (element [1, 5], in the region the second fill would overwrite early).
// CHECK-LABEL: func.func @not_eliminated(%dest: memref<8x8xf32>, %i: index) -> (memref<8x8xf32>, f32)
// CHECK:         memref.alloc() : memref<4x4xf32>
// CHECK:         memref.copy
// CHECK:         memref.alloc() : memref<4x4xf32>
// CHECK:         memref.load %dest
// CHECK:         memref.copy
func.func @not_eliminated(%dest: tensor<8x8xf32> {bufferization.writable = true}, %i: index) -> (tensor<8x8xf32>, f32) {
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %c1 = arith.constant 1 : index
  %o = arith.addi %i, %c1 : index
  %f = linalg.fill ins(%two : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = tensor.insert_slice %f into %dest[%o, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %g = linalg.fill ins(%two : f32) outs(%e2 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %c5 = arith.constant 5 : index
  %x = tensor.extract %r[%c1, %c5] : tensor<8x8xf32>
  %s = tensor.insert_slice %g into %r[0, 4] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  return %s, %x : tensor<8x8xf32>, f32
}

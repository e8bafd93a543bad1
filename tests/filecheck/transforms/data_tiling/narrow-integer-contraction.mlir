// xfuse-narrow-integer-contraction: torch-mlir's integer matmul of sign-extended i8 operands
// (accumulated in i64, then truncated to i32) becomes an i8 x i8 -> i32 matmul; executed against
// the input on random values; refusals are remarks naming the reason.
// REQUIRES: mlir-opt
// RUN: xfuse-opt %s -p 'xfuse-narrow-integer-contraction' | filecheck %s
// RUN: xfuse-opt %s -p 'xfuse-narrow-integer-contraction{remarks=true}' 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// (`default` pipeline: the micro-kernel schedule refuses an integer batch_matmul before and after)
// RUN: xfuse-run %s --entry matmul --pipeline default -p 'xfuse-narrow-integer-contraction' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry batch_matmul --pipeline default -p 'xfuse-narrow-integer-contraction' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry untruncated --pipeline default -p 'xfuse-narrow-integer-contraction' --check | filecheck %s --check-prefix=EXEC
// EXEC: check: ok, the transformed module matches the untransformed input

#id = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// CHECK-LABEL: func.func @matmul
// CHECK-SAME:      (%[[A:.+]]: tensor<6x20xi8>, %[[B:.+]]: tensor<20x10xi8>)
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<6x10xi32>
// CHECK:         %[[Z:.+]] = arith.constant 0 : i32
// CHECK:         %[[F:.+]] = linalg.fill ins(%[[Z]] : i32) outs(%[[E]] : tensor<6x10xi32>)
// CHECK:         %[[M:.+]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<6x20xi8>, tensor<20x10xi8>) outs(%[[F]] : tensor<6x10xi32>) -> tensor<6x10xi32>
// CHECK-NOT:     arith.extsi
// CHECK-NOT:     arith.trunci
// CHECK:         func.return %[[M]]
func.func @matmul(%a: tensor<6x20xi8>, %b: tensor<20x10xi8>) -> tensor<6x10xi32> {
  %ea = tensor.empty() : tensor<6x20xi32>
  %a32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<6x20xi8>) outs(%ea : tensor<6x20xi32>) {
  ^bb0(%in: i8, %out: i32):
    %0 = arith.extsi %in : i8 to i32
    linalg.yield %0 : i32
  } -> tensor<6x20xi32>
  %eb = tensor.empty() : tensor<20x10xi32>
  %b32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<20x10xi8>) outs(%eb : tensor<20x10xi32>) {
  ^bb0(%in: i8, %out: i32):
    %0 = arith.extsi %in : i8 to i32
    linalg.yield %0 : i32
  } -> tensor<20x10xi32>
  %c0 = arith.constant 0 : i64
  %e64 = tensor.empty() : tensor<6x10xi64>
  %f = linalg.fill ins(%c0 : i64) outs(%e64 : tensor<6x10xi64>) -> tensor<6x10xi64>
  %p = linalg.matmul ins(%a32, %b32 : tensor<6x20xi32>, tensor<20x10xi32>) outs(%f : tensor<6x10xi64>) -> tensor<6x10xi64>
  %e32 = tensor.empty() : tensor<6x10xi32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<6x10xi64>) outs(%e32 : tensor<6x10xi32>) {
  ^bb0(%in: i64, %out: i32):
    %0 = arith.trunci %in : i64 to i32
    linalg.yield %0 : i32
  } -> tensor<6x10xi32>
  return %r : tensor<6x10xi32>
}

// CHECK-LABEL: func.func @batch_matmul
// CHECK:         linalg.batch_matmul ins(%{{.+}}, %{{.+}} : tensor<2x5x9xi8>, tensor<2x9x7xi8>) outs(%{{.+}} : tensor<2x5x7xi32>) -> tensor<2x5x7xi32>
// CHECK-NOT:     arith.trunci
func.func @batch_matmul(%a: tensor<2x5x9xi8>, %b: tensor<2x9x7xi8>) -> tensor<2x5x7xi32> {
  %ea = tensor.empty() : tensor<2x5x9xi32>
  %a32 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a : tensor<2x5x9xi8>) outs(%ea : tensor<2x5x9xi32>) {
  ^bb0(%in: i8, %out: i32):
    %0 = arith.extsi %in : i8 to i32
    linalg.yield %0 : i32
  } -> tensor<2x5x9xi32>
  %eb = tensor.empty() : tensor<2x9x7xi32>
  %b32 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%b : tensor<2x9x7xi8>) outs(%eb : tensor<2x9x7xi32>) {
  ^bb0(%in: i8, %out: i32):
    %0 = arith.extsi %in : i8 to i32
    linalg.yield %0 : i32
  } -> tensor<2x9x7xi32>
  %c0 = arith.constant 0 : i64
  %e64 = tensor.empty() : tensor<2x5x7xi64>
  %f = linalg.fill ins(%c0 : i64) outs(%e64 : tensor<2x5x7xi64>) -> tensor<2x5x7xi64>
  %p = linalg.batch_matmul ins(%a32, %b32 : tensor<2x5x9xi32>, tensor<2x9x7xi32>) outs(%f : tensor<2x5x7xi64>) -> tensor<2x5x7xi64>
  %e32 = tensor.empty() : tensor<2x5x7xi32>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p : tensor<2x5x7xi64>) outs(%e32 : tensor<2x5x7xi32>) {
  ^bb0(%in: i64, %out: i32):
    %0 = arith.trunci %in : i64 to i32
    linalg.yield %0 : i32
  } -> tensor<2x5x7xi32>
  return %r : tensor<2x5x7xi32>
}

// An i32 accumulator already, read twice: only the operands narrow.
// CHECK-LABEL: func.func @untruncated
// CHECK:         %[[M:.+]] = linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<4x8xi8>, tensor<8x3xi8>) outs(%{{.+}} : tensor<4x3xi32>)
// CHECK:         arith.addi
func.func @untruncated(%a: tensor<4x8xi8>, %b: tensor<8x3xi8>) -> tensor<4x3xi32> {
  %ea = tensor.empty() : tensor<4x8xi32>
  %a32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xi8>) outs(%ea : tensor<4x8xi32>) {
  ^bb0(%in: i8, %out: i32):
    %0 = arith.extsi %in : i8 to i32
    linalg.yield %0 : i32
  } -> tensor<4x8xi32>
  %eb = tensor.empty() : tensor<8x3xi32>
  %b32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8x3xi8>) outs(%eb : tensor<8x3xi32>) {
  ^bb0(%in: i8, %out: i32):
    %0 = arith.extsi %in : i8 to i32
    linalg.yield %0 : i32
  } -> tensor<8x3xi32>
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<4x3xi32>
  %f = linalg.fill ins(%c0 : i32) outs(%e : tensor<4x3xi32>) -> tensor<4x3xi32>
  %p = linalg.matmul ins(%a32, %b32 : tensor<4x8xi32>, tensor<8x3xi32>) outs(%f : tensor<4x3xi32>) -> tensor<4x3xi32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%p, %p : tensor<4x3xi32>, tensor<4x3xi32>) outs(%e : tensor<4x3xi32>) {
  ^bb0(%x: i32, %y: i32, %out: i32):
    %0 = arith.addi %x, %y : i32
    linalg.yield %0 : i32
  } -> tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}

// Left alone: an unsigned extension (uint8 is shifted to int8 before import, not here).
// REMARK: remark: xfuse-narrow-integer-contraction: left alone: an operand is not a sign extension (a linalg.generic of one arith.extsi)
// CHECK-LABEL: func.func @unsigned
// CHECK:         linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<4x8xi32>, tensor<8x3xi32>)
func.func @unsigned(%a: tensor<4x8xi8>, %b: tensor<8x3xi32>) -> tensor<4x3xi32> {
  %ea = tensor.empty() : tensor<4x8xi32>
  %a32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xi8>) outs(%ea : tensor<4x8xi32>) {
  ^bb0(%in: i8, %out: i32):
    %0 = arith.extui %in : i8 to i32
    linalg.yield %0 : i32
  } -> tensor<4x8xi32>
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<4x3xi32>
  %f = linalg.fill ins(%c0 : i32) outs(%e : tensor<4x3xi32>) -> tensor<4x3xi32>
  %p = linalg.matmul ins(%a32, %b : tensor<4x8xi32>, tensor<8x3xi32>) outs(%f : tensor<4x3xi32>) -> tensor<4x3xi32>
  return %p : tensor<4x3xi32>
}

// Left alone: the accumulator is not a zero fill.
// REMARK: remark: xfuse-narrow-integer-contraction: left alone: its accumulator is not a linalg.fill of zero
// CHECK-LABEL: func.func @bias
// CHECK:         linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<4x8xi32>, tensor<8x3xi32>)
func.func @bias(%a: tensor<4x8xi8>, %b: tensor<8x3xi8>, %c: tensor<4x3xi32>) -> tensor<4x3xi32> {
  %ea = tensor.empty() : tensor<4x8xi32>
  %a32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xi8>) outs(%ea : tensor<4x8xi32>) {
  ^bb0(%in: i8, %out: i32):
    %0 = arith.extsi %in : i8 to i32
    linalg.yield %0 : i32
  } -> tensor<4x8xi32>
  %eb = tensor.empty() : tensor<8x3xi32>
  %b32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8x3xi8>) outs(%eb : tensor<8x3xi32>) {
  ^bb0(%in: i8, %out: i32):
    %0 = arith.extsi %in : i8 to i32
    linalg.yield %0 : i32
  } -> tensor<8x3xi32>
  %p = linalg.matmul ins(%a32, %b32 : tensor<4x8xi32>, tensor<8x3xi32>) outs(%c : tensor<4x3xi32>) -> tensor<4x3xi32>
  return %p : tensor<4x3xi32>
}

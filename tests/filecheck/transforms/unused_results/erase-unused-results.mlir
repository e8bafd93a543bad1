// xfuse-erase-unused-results: a generic stops computing a result nothing reads, when no other
// result depends on it (torch-mlir's ReduceMin / ReduceMax: the extreme and its index).
// RUN: xfuse-opt %s -p xfuse-erase-unused-results | filecheck %s
// RUN: xfuse-opt %s -p xfuse-erase-unused-results | mlir-opt -o /dev/null
// The pass takes no option: one given is a located diagnostic and a non-zero exit.
// RUN: not xfuse-opt %s -p 'xfuse-erase-unused-results{depth=2}' 2>&1 | filecheck %s --check-prefix=OPTION
// OPTION:      xfuse-opt: error: invalid pass pipeline 'xfuse-erase-unused-results{depth=2}': xfuse-erase-unused-results option depth: Provided arguments ["depth"] not found in expected arguments []
// OPTION-NEXT:   xfuse-erase-unused-results{depth=2}

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// The index of a row minimum nobody reads: the select computing it, its linalg.index and its
// init go; the minimum stays as it was.
// CHECK-LABEL: func.func @min_without_index(
// CHECK-NOT:     tensor<4xi64>
// CHECK:         %m = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%a : tensor<4xf32>) {
// CHECK-NEXT:    ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:      %{{.*}} = arith.minimumf %in, %out : f32
// CHECK-NEXT:      linalg.yield %{{.*}} : f32
// CHECK-NEXT:    } -> tensor<4xf32>
// CHECK-NEXT:    func.return %m : tensor<4xf32>
func.func @min_without_index(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %inf = arith.constant 0x7F800000 : f32
  %z = arith.constant 0 : i64
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%inf : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %ei = tensor.empty() : tensor<4xi64>
  %b = linalg.fill ins(%z : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
  %m, %i = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%a, %b : tensor<4xf32>, tensor<4xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %0 = linalg.index 1 : index
    %1 = arith.index_cast %0 : index to i64
    %2 = arith.minimumf %in, %out : f32
    %3 = arith.cmpf olt, %in, %out : f32
    %4 = arith.select %3, %1, %out_1 : i64
    linalg.yield %2, %4 : f32, i64
  } -> (tensor<4xf32>, tensor<4xi64>)
  return %m : tensor<4xf32>
}

// An ArgMin reads the index: both results stay.
// CHECK-LABEL: func.func @argmin(
// CHECK:         %m, %i = linalg.generic
// CHECK:           linalg.yield %{{.*}}, %{{.*}} : f32, i64
func.func @argmin(%x: tensor<4x8xf32>, %a: tensor<4xf32>, %b: tensor<4xi64>) -> tensor<4xi64> {
  %m, %i = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%a, %b : tensor<4xf32>, tensor<4xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %0 = linalg.index 1 : index
    %1 = arith.index_cast %0 : index to i64
    %2 = arith.minimumf %in, %out : f32
    %3 = arith.cmpf olt, %in, %out : f32
    %4 = arith.select %3, %1, %out_1 : i64
    linalg.yield %2, %4 : f32, i64
  } -> (tensor<4xf32>, tensor<4xi64>)
  return %i : tensor<4xi64>
}

// The sum nobody reads feeds the mean that is read: it stays (the kept result reads its init).
// CHECK-LABEL: func.func @kept_result_reads_the_unused_one(
// CHECK:         %s, %n = linalg.generic
// CHECK:           linalg.yield %{{.*}}, %{{.*}} : f32, f32
func.func @kept_result_reads_the_unused_one(%x: tensor<4x8xf32>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %s, %n = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%a, %b : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32, %out_1: f32):
    %0 = arith.addf %in, %out : f32
    %1 = arith.mulf %out, %out_1 : f32
    linalg.yield %0, %1 : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  return %n : tensor<4xf32>
}

// Elementwise with two results, the first unused: it goes with what only it read.
// CHECK-LABEL: func.func @first_of_two(
// CHECK:         %{{.*}} = linalg.generic {{.*}} ins(%x : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>)
// CHECK-NOT:       math.exp
// CHECK:           math.tanh
func.func @first_of_two(%x: tensor<4x8xf32>, %c: tensor<4x8xf32>, %d: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %p, %q = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%d, %c : tensor<4x8xf32>, tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32, %out_1: f32):
    %0 = math.exp %in : f32
    %1 = math.tanh %in : f32
    linalg.yield %0, %1 : f32, f32
  } -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %q : tensor<4x8xf32>
}

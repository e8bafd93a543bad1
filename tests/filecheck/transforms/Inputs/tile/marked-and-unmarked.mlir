// Only marked ops are tiled: the fill stays; the matmul, marked with an empty array<i64>, takes
// the pass option tile-sizes=4,6; the generic, marked with all-zero sizes, is left untiled (but
// unmarked). Run with xfuse-tile{tile-sizes=4,6}.
#id = affine_map<(i, j) -> (i, j)>
func.func @mixed(%a: tensor<8x5xf32>, %b: tensor<5x12xf32>) -> tensor<8x12xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x12xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x12xf32>) -> tensor<8x12xf32>
  %m = linalg.matmul {xfuse.tile_sizes = array<i64>} ins(%a, %b : tensor<8x5xf32>, tensor<5x12xf32>) outs(%f : tensor<8x12xf32>) -> tensor<8x12xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<8x12xf32>) outs(%e : tensor<8x12xf32>) attrs = {xfuse.tile_sizes = array<i64: 0, 0>} {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<8x12xf32>
  return %r : tensor<8x12xf32>
}

// CHECK-LABEL: func.func @mixed(
// CHECK:         %[[F:.*]] = linalg.fill
// CHECK:         %[[M:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[F]]) -> (tensor<8x12xf32>) {
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        tensor.extract_slice {{.*}} [4, 5] [1, 1]
// CHECK-NEXT:        tensor.extract_slice {{.*}} [5, 6] [1, 1]
// CHECK-NEXT:        tensor.extract_slice {{.*}} [4, 6] [1, 1]
// CHECK-NEXT:        linalg.matmul
// CHECK:         linalg.generic {{.*}} ins(%[[M]] : tensor<8x12xf32>)
// CHECK-NOT:     scf.for
// CHECK-NOT:     xfuse.tile_sizes

// RUN: xfuse-opt %s -p xfuse-row-kernels | filecheck %s
// RUN: xfuse-opt %s -p xfuse-row-kernels | mlir-opt -o /dev/null
// The pass takes no option: one given is refused with the pipeline's diagnostic, no traceback.
// RUN: not xfuse-opt %s -p 'xfuse-row-kernels{rows=2}' 2>&1 | filecheck %s --check-prefix=OPTION
// OPTION:      xfuse-opt: error: invalid pass pipeline 'xfuse-row-kernels{rows=2}': xfuse-row-kernels option rows: Provided arguments ["rows"] not found in expected arguments []
// OPTION-NEXT:   xfuse-row-kernels{rows=2}
// OPTION-NOT:  Traceback

// xfuse-row-kernels (xfuse/backends/schedules/row_kernels.py): torch-mlir's LayerNorm over the
// last dim (after xfuse-merge-elementwise: row sum, mean, centring, square, sum of squares,
// 1/sqrt(v + eps), scale and shift) rebuilt as one scf.forall over its 6 rows, every op on
// the row's slice; the kept unit dims of the statistics are gone, so no reshape is left in the
// loop. The result is written in the row of the loop's output.

// CHECK-LABEL: func.func @layer_norm(
// CHECK-NOT:     linalg.generic
// CHECK:         %[[OUT:.*]] = tensor.empty() : tensor<1x6x32xf32>
// CHECK:         %[[LOOP:.*]] = scf.forall (%[[ROW:.*]]) in (6) shared_outs(%[[SHARED:.*]] = %[[OUT]]) -> (tensor<1x6x32xf32>) {
// CHECK:           %[[X:.*]] = tensor.extract_slice %{{.*}}[0, %[[ROW]], 0] [1, 1, 32] [1, 1, 1] : tensor<1x6x32xf32> to tensor<1x1x32xf32>
// CHECK:           %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}} ins(%[[X]] : tensor<1x1x32xf32>) outs(%{{.*}} : tensor<1x1xf32>)
// CHECK:             arith.addf
// CHECK:           %[[MEAN:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<1x1xf32>)
// CHECK:             arith.divf
// CHECK:           %[[CENTRED:.*]] = linalg.generic {{.*}} ins(%[[MEAN]], %[[X]] : tensor<1x1xf32>, tensor<1x1x32xf32>)
// CHECK:             arith.subf
// CHECK:           %[[SQUARES:.*]] = linalg.generic {{.*}} ins(%[[CENTRED]], %[[CENTRED]] :
// CHECK:           %[[SUM2:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}} ins(%[[SQUARES]] : tensor<1x1x32xf32>) outs(%{{.*}} : tensor<1x1xf32>)
// CHECK:           %[[RSTD:.*]] = linalg.generic {{.*}} ins(%[[SUM2]] : tensor<1x1xf32>)
// CHECK:             math.rsqrt
// CHECK:           %[[DEST:.*]] = tensor.extract_slice %[[SHARED]][0, %[[ROW]], 0] [1, 1, 32] [1, 1, 1]
// CHECK:           %[[Y:.*]] = linalg.generic {{.*}} ins(%[[RSTD]], %[[CENTRED]], %{{.*}}, %{{.*}} : tensor<1x1xf32>, tensor<1x1x32xf32>, tensor<32xf32>, tensor<32xf32>) outs(%[[DEST]] : tensor<1x1x32xf32>)
// CHECK-NOT:       tensor.collapse_shape
// CHECK-NOT:       tensor.expand_shape
// CHECK:           scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %[[Y]] into %[[SHARED]][0, %[[ROW]], 0] [1, 1, 32] [1, 1, 1]
// CHECK:         } {xfuse.row_kernel = 0 : i64}
// CHECK:         func.return %[[LOOP]]

func.func @layer_norm(%0: tensor<1x6x32xf32>, %arg9: tensor<32xf32>, %arg10: tensor<32xf32>) -> tensor<1x6x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_1 = arith.constant 3.200000e+01 : f32
  %cst_2 = arith.constant 1.000000e-05 : f32
  %1 = tensor.empty() : tensor<1x6x32xf32>
  %2 = tensor.empty() : tensor<1x6x1xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%0 : tensor<1x6x32xf32>) outs(%3 : tensor<1x6x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.addf %in, %out : f32
    linalg.yield %5 : f32
  } -> tensor<1x6x1xf32>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x6x1xf32>) outs(%2 : tensor<1x6x1xf32>) {
  ^bb0(%in_1: f32, %out_1: f32):
    %7 = arith.divf %in_1, %cst_1 : f32
    linalg.yield %7 : f32
  } -> tensor<1x6x1xf32>
  %collapsed = tensor.collapse_shape %6 [[0 : i64], [1 : i64, 2 : i64]] : tensor<1x6x1xf32> into tensor<1x6xf32>
  %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed, %0 : tensor<1x6xf32>, tensor<1x6x32xf32>) outs(%1 : tensor<1x6x32xf32>) {
  ^bb0(%in_2: f32, %in_3: f32, %out_2: f32):
    %9 = arith.subf %in_3, %in_2 : f32
    linalg.yield %9 : f32
  } -> tensor<1x6x32xf32>
  %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<1x6x32xf32>, tensor<1x6x32xf32>) outs(%1 : tensor<1x6x32xf32>) {
  ^bb0(%in_4: f32, %in_5: f32, %out_3: f32):
    %11 = arith.mulf %in_4, %in_5 : f32
    linalg.yield %11 : f32
  } -> tensor<1x6x32xf32>
  %12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%10 : tensor<1x6x32xf32>) outs(%3 : tensor<1x6x1xf32>) {
  ^bb0(%in_6: f32, %out_4: f32):
    %13 = arith.addf %in_6, %out_4 : f32
    linalg.yield %13 : f32
  } -> tensor<1x6x1xf32>
  %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%12 : tensor<1x6x1xf32>) outs(%2 : tensor<1x6x1xf32>) {
  ^bb0(%in_7: f32, %out_5: f32):
    %15 = arith.divf %in_7, %cst_1 : f32
    %16 = arith.addf %15, %cst_2 : f32
    %17 = math.rsqrt %16 : f32
    linalg.yield %17 : f32
  } -> tensor<1x6x1xf32>
  %collapsed_1 = tensor.collapse_shape %14 [[0 : i64], [1 : i64, 2 : i64]] : tensor<1x6x1xf32> into tensor<1x6xf32>
  %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_1, %8, %arg9, %arg10 : tensor<1x6xf32>, tensor<1x6x32xf32>, tensor<32xf32>, tensor<32xf32>) outs(%1 : tensor<1x6x32xf32>) {
  ^bb0(%in_8: f32, %in_9: f32, %in_10: f32, %in_11: f32, %out_6: f32):
    %19 = arith.mulf %in_9, %in_8 : f32
    %20 = arith.mulf %19, %in_10 : f32
    %21 = arith.addf %20, %in_11 : f32
    linalg.yield %21 : f32
  } -> tensor<1x6x32xf32>
  func.return %18 : tensor<1x6x32xf32>
}

// The centred rows are also returned: read outside the group, the group has two results and
// stays as it is (the centred rows would be computed twice or stored from the loop).
// CHECK-LABEL: func.func @centred_read_outside(
// CHECK-NOT:     scf.forall
// CHECK:         func.return
func.func @centred_read_outside(%0: tensor<1x6x32xf32>, %arg9: tensor<32xf32>, %arg10: tensor<32xf32>) -> (tensor<1x6x32xf32>, tensor<1x6x32xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_1 = arith.constant 3.200000e+01 : f32
  %cst_2 = arith.constant 1.000000e-05 : f32
  %1 = tensor.empty() : tensor<1x6x32xf32>
  %2 = tensor.empty() : tensor<1x6x1xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%0 : tensor<1x6x32xf32>) outs(%3 : tensor<1x6x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.addf %in, %out : f32
    linalg.yield %5 : f32
  } -> tensor<1x6x1xf32>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x6x1xf32>) outs(%2 : tensor<1x6x1xf32>) {
  ^bb0(%in_1: f32, %out_1: f32):
    %7 = arith.divf %in_1, %cst_1 : f32
    linalg.yield %7 : f32
  } -> tensor<1x6x1xf32>
  %collapsed = tensor.collapse_shape %6 [[0 : i64], [1 : i64, 2 : i64]] : tensor<1x6x1xf32> into tensor<1x6xf32>
  %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed, %0 : tensor<1x6xf32>, tensor<1x6x32xf32>) outs(%1 : tensor<1x6x32xf32>) {
  ^bb0(%in_2: f32, %in_3: f32, %out_2: f32):
    %9 = arith.subf %in_3, %in_2 : f32
    linalg.yield %9 : f32
  } -> tensor<1x6x32xf32>
  %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<1x6x32xf32>, tensor<1x6x32xf32>) outs(%1 : tensor<1x6x32xf32>) {
  ^bb0(%in_4: f32, %in_5: f32, %out_3: f32):
    %11 = arith.mulf %in_4, %in_5 : f32
    linalg.yield %11 : f32
  } -> tensor<1x6x32xf32>
  %12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%10 : tensor<1x6x32xf32>) outs(%3 : tensor<1x6x1xf32>) {
  ^bb0(%in_6: f32, %out_4: f32):
    %13 = arith.addf %in_6, %out_4 : f32
    linalg.yield %13 : f32
  } -> tensor<1x6x1xf32>
  %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%12 : tensor<1x6x1xf32>) outs(%2 : tensor<1x6x1xf32>) {
  ^bb0(%in_7: f32, %out_5: f32):
    %15 = arith.divf %in_7, %cst_1 : f32
    %16 = arith.addf %15, %cst_2 : f32
    %17 = math.rsqrt %16 : f32
    linalg.yield %17 : f32
  } -> tensor<1x6x1xf32>
  %collapsed_1 = tensor.collapse_shape %14 [[0 : i64], [1 : i64, 2 : i64]] : tensor<1x6x1xf32> into tensor<1x6xf32>
  %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_1, %8, %arg9, %arg10 : tensor<1x6xf32>, tensor<1x6x32xf32>, tensor<32xf32>, tensor<32xf32>) outs(%1 : tensor<1x6x32xf32>) {
  ^bb0(%in_8: f32, %in_9: f32, %in_10: f32, %in_11: f32, %out_6: f32):
    %19 = arith.mulf %in_9, %in_8 : f32
    %20 = arith.mulf %19, %in_10 : f32
    %21 = arith.addf %20, %in_11 : f32
    linalg.yield %21 : f32
  } -> tensor<1x6x32xf32>
  func.return %18, %8 : tensor<1x6x32xf32>, tensor<1x6x32xf32>
}

// A row sum and a centring, no sum of the centred squares: not a LayerNorm, left alone.
// CHECK-LABEL: func.func @centred_only(
// CHECK-NOT:     scf.forall
// CHECK:         func.return
func.func @centred_only(%0: tensor<1x6x32xf32>, %arg9: tensor<32xf32>, %arg10: tensor<32xf32>) -> tensor<1x6x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_1 = arith.constant 3.200000e+01 : f32
  %cst_2 = arith.constant 1.000000e-05 : f32
  %1 = tensor.empty() : tensor<1x6x32xf32>
  %2 = tensor.empty() : tensor<1x6x1xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%0 : tensor<1x6x32xf32>) outs(%3 : tensor<1x6x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.addf %in, %out : f32
    linalg.yield %5 : f32
  } -> tensor<1x6x1xf32>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x6x1xf32>) outs(%2 : tensor<1x6x1xf32>) {
  ^bb0(%in_1: f32, %out_1: f32):
    %7 = arith.divf %in_1, %cst_1 : f32
    linalg.yield %7 : f32
  } -> tensor<1x6x1xf32>
  %collapsed = tensor.collapse_shape %6 [[0 : i64], [1 : i64, 2 : i64]] : tensor<1x6x1xf32> into tensor<1x6xf32>
  %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed, %0 : tensor<1x6xf32>, tensor<1x6x32xf32>) outs(%1 : tensor<1x6x32xf32>) {
  ^bb0(%in_2: f32, %in_3: f32, %out_2: f32):
    %9 = arith.subf %in_3, %in_2 : f32
    linalg.yield %9 : f32
  } -> tensor<1x6x32xf32>
  func.return %8 : tensor<1x6x32xf32>
}

// Two LayerNorms, the second of the first's result, which is also returned (a residual): the
// candidates reached from the first sum run into the second LayerNorm, and the first group ends
// at its own result. Two loops.
// CHECK-LABEL: func.func @chained(
// CHECK:         %[[FIRST:.*]] = scf.forall {{.*}} in (6)
// CHECK:         } {xfuse.row_kernel = 1 : i64}
// CHECK:         %[[SECOND:.*]] = scf.forall {{.*}} in (6)
// CHECK:           tensor.extract_slice %[[FIRST]][0, %{{.*}}, 0] [1, 1, 32]
// CHECK:         } {xfuse.row_kernel = 2 : i64}
// CHECK:         func.return %[[SECOND]], %[[FIRST]]
func.func @chained(%0: tensor<1x6x32xf32>, %arg9: tensor<32xf32>, %arg10: tensor<32xf32>) -> (tensor<1x6x32xf32>, tensor<1x6x32xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_1 = arith.constant 3.200000e+01 : f32
  %cst_2 = arith.constant 1.000000e-05 : f32
  %1 = tensor.empty() : tensor<1x6x32xf32>
  %2 = tensor.empty() : tensor<1x6x1xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%0 : tensor<1x6x32xf32>) outs(%3 : tensor<1x6x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.addf %in, %out : f32
    linalg.yield %5 : f32
  } -> tensor<1x6x1xf32>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x6x1xf32>) outs(%2 : tensor<1x6x1xf32>) {
  ^bb0(%in_1: f32, %out_1: f32):
    %7 = arith.divf %in_1, %cst_1 : f32
    linalg.yield %7 : f32
  } -> tensor<1x6x1xf32>
  %collapsed = tensor.collapse_shape %6 [[0 : i64], [1 : i64, 2 : i64]] : tensor<1x6x1xf32> into tensor<1x6xf32>
  %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed, %0 : tensor<1x6xf32>, tensor<1x6x32xf32>) outs(%1 : tensor<1x6x32xf32>) {
  ^bb0(%in_2: f32, %in_3: f32, %out_2: f32):
    %9 = arith.subf %in_3, %in_2 : f32
    linalg.yield %9 : f32
  } -> tensor<1x6x32xf32>
  %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<1x6x32xf32>, tensor<1x6x32xf32>) outs(%1 : tensor<1x6x32xf32>) {
  ^bb0(%in_4: f32, %in_5: f32, %out_3: f32):
    %11 = arith.mulf %in_4, %in_5 : f32
    linalg.yield %11 : f32
  } -> tensor<1x6x32xf32>
  %12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%10 : tensor<1x6x32xf32>) outs(%3 : tensor<1x6x1xf32>) {
  ^bb0(%in_6: f32, %out_4: f32):
    %13 = arith.addf %in_6, %out_4 : f32
    linalg.yield %13 : f32
  } -> tensor<1x6x1xf32>
  %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%12 : tensor<1x6x1xf32>) outs(%2 : tensor<1x6x1xf32>) {
  ^bb0(%in_7: f32, %out_5: f32):
    %15 = arith.divf %in_7, %cst_1 : f32
    %16 = arith.addf %15, %cst_2 : f32
    %17 = math.rsqrt %16 : f32
    linalg.yield %17 : f32
  } -> tensor<1x6x1xf32>
  %collapsed_1 = tensor.collapse_shape %14 [[0 : i64], [1 : i64, 2 : i64]] : tensor<1x6x1xf32> into tensor<1x6xf32>
  %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_1, %8, %arg9, %arg10 : tensor<1x6xf32>, tensor<1x6x32xf32>, tensor<32xf32>, tensor<32xf32>) outs(%1 : tensor<1x6x32xf32>) {
  ^bb0(%in_8: f32, %in_9: f32, %in_10: f32, %in_11: f32, %out_6: f32):
    %19 = arith.mulf %in_9, %in_8 : f32
    %20 = arith.mulf %19, %in_10 : f32
    %21 = arith.addf %20, %in_11 : f32
    linalg.yield %21 : f32
  } -> tensor<1x6x32xf32>
  %b1 = tensor.empty() : tensor<1x6x32xf32>
  %b2 = tensor.empty() : tensor<1x6x1xf32>
  %b3 = linalg.fill ins(%cst : f32) outs(%b2 : tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %b4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%18 : tensor<1x6x32xf32>) outs(%b3 : tensor<1x6x1xf32>) {
  ^bb0(%bin: f32, %bout: f32):
    %b5 = arith.addf %bin, %bout : f32
    linalg.yield %b5 : f32
  } -> tensor<1x6x1xf32>
  %b6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%b4 : tensor<1x6x1xf32>) outs(%b2 : tensor<1x6x1xf32>) {
  ^bb0(%bin_1: f32, %bout_1: f32):
    %b7 = arith.divf %bin_1, %cst_1 : f32
    linalg.yield %b7 : f32
  } -> tensor<1x6x1xf32>
  %bcollapsed = tensor.collapse_shape %b6 [[0 : i64], [1 : i64, 2 : i64]] : tensor<1x6x1xf32> into tensor<1x6xf32>
  %b8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%bcollapsed, %18 : tensor<1x6xf32>, tensor<1x6x32xf32>) outs(%b1 : tensor<1x6x32xf32>) {
  ^bb0(%bin_2: f32, %bin_3: f32, %bout_2: f32):
    %b9 = arith.subf %bin_3, %bin_2 : f32
    linalg.yield %b9 : f32
  } -> tensor<1x6x32xf32>
  %b10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%b8, %b8 : tensor<1x6x32xf32>, tensor<1x6x32xf32>) outs(%b1 : tensor<1x6x32xf32>) {
  ^bb0(%bin_4: f32, %bin_5: f32, %bout_3: f32):
    %b11 = arith.mulf %bin_4, %bin_5 : f32
    linalg.yield %b11 : f32
  } -> tensor<1x6x32xf32>
  %b12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%b10 : tensor<1x6x32xf32>) outs(%b3 : tensor<1x6x1xf32>) {
  ^bb0(%bin_6: f32, %bout_4: f32):
    %b13 = arith.addf %bin_6, %bout_4 : f32
    linalg.yield %b13 : f32
  } -> tensor<1x6x1xf32>
  %b14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%b12 : tensor<1x6x1xf32>) outs(%b2 : tensor<1x6x1xf32>) {
  ^bb0(%bin_7: f32, %bout_5: f32):
    %b15 = arith.divf %bin_7, %cst_1 : f32
    %b16 = arith.addf %b15, %cst_2 : f32
    %b17 = math.rsqrt %b16 : f32
    linalg.yield %b17 : f32
  } -> tensor<1x6x1xf32>
  %bcollapsed_1 = tensor.collapse_shape %b14 [[0 : i64], [1 : i64, 2 : i64]] : tensor<1x6x1xf32> into tensor<1x6xf32>
  %b18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%bcollapsed_1, %b8, %arg9, %arg10 : tensor<1x6xf32>, tensor<1x6x32xf32>, tensor<32xf32>, tensor<32xf32>) outs(%b1 : tensor<1x6x32xf32>) {
  ^bb0(%bin_8: f32, %bin_9: f32, %bin_10: f32, %bin_11: f32, %bout_6: f32):
    %b19 = arith.mulf %bin_9, %bin_8 : f32
    %b20 = arith.mulf %b19, %bin_10 : f32
    %b21 = arith.addf %b20, %bin_11 : f32
    linalg.yield %b21 : f32
  } -> tensor<1x6x32xf32>
  func.return %b18, %18 : tensor<1x6x32xf32>, tensor<1x6x32xf32>
}

// The last op adds into its init (a value of its own): the loop would compute it into its row
// of a fresh output, so the group stays as it is.
// CHECK-LABEL: func.func @accumulates(
// CHECK-NOT:     scf.forall
// CHECK:         func.return
func.func @accumulates(%0: tensor<1x6x32xf32>, %arg9: tensor<32xf32>, %arg10: tensor<32xf32>, %acc: tensor<1x6x32xf32>) -> tensor<1x6x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_1 = arith.constant 3.200000e+01 : f32
  %cst_2 = arith.constant 1.000000e-05 : f32
  %1 = tensor.empty() : tensor<1x6x32xf32>
  %2 = tensor.empty() : tensor<1x6x1xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%0 : tensor<1x6x32xf32>) outs(%3 : tensor<1x6x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.addf %in, %out : f32
    linalg.yield %5 : f32
  } -> tensor<1x6x1xf32>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x6x1xf32>) outs(%2 : tensor<1x6x1xf32>) {
  ^bb0(%in_1: f32, %out_1: f32):
    %7 = arith.divf %in_1, %cst_1 : f32
    linalg.yield %7 : f32
  } -> tensor<1x6x1xf32>
  %collapsed = tensor.collapse_shape %6 [[0 : i64], [1 : i64, 2 : i64]] : tensor<1x6x1xf32> into tensor<1x6xf32>
  %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed, %0 : tensor<1x6xf32>, tensor<1x6x32xf32>) outs(%1 : tensor<1x6x32xf32>) {
  ^bb0(%in_2: f32, %in_3: f32, %out_2: f32):
    %9 = arith.subf %in_3, %in_2 : f32
    linalg.yield %9 : f32
  } -> tensor<1x6x32xf32>
  %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<1x6x32xf32>, tensor<1x6x32xf32>) outs(%1 : tensor<1x6x32xf32>) {
  ^bb0(%in_4: f32, %in_5: f32, %out_3: f32):
    %11 = arith.mulf %in_4, %in_5 : f32
    linalg.yield %11 : f32
  } -> tensor<1x6x32xf32>
  %12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%10 : tensor<1x6x32xf32>) outs(%3 : tensor<1x6x1xf32>) {
  ^bb0(%in_6: f32, %out_4: f32):
    %13 = arith.addf %in_6, %out_4 : f32
    linalg.yield %13 : f32
  } -> tensor<1x6x1xf32>
  %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%12 : tensor<1x6x1xf32>) outs(%2 : tensor<1x6x1xf32>) {
  ^bb0(%in_7: f32, %out_5: f32):
    %15 = arith.divf %in_7, %cst_1 : f32
    %16 = arith.addf %15, %cst_2 : f32
    %17 = math.rsqrt %16 : f32
    linalg.yield %17 : f32
  } -> tensor<1x6x1xf32>
  %collapsed_1 = tensor.collapse_shape %14 [[0 : i64], [1 : i64, 2 : i64]] : tensor<1x6x1xf32> into tensor<1x6xf32>
  %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_1, %8, %arg9, %arg10 : tensor<1x6xf32>, tensor<1x6x32xf32>, tensor<32xf32>, tensor<32xf32>) outs(%acc : tensor<1x6x32xf32>) {
  ^bb0(%in_8: f32, %in_9: f32, %in_10: f32, %in_11: f32, %out_6: f32):
    %19 = arith.mulf %in_9, %in_8 : f32
    %20 = arith.mulf %19, %in_10 : f32
    %22 = arith.addf %20, %in_11 : f32
    %21 = arith.addf %22, %out_6 : f32
    linalg.yield %21 : f32
  } -> tensor<1x6x32xf32>
  func.return %18 : tensor<1x6x32xf32>
}

// RUN: xfuse-opt %s -p xfuse-row-kernels | filecheck %s
// RUN: xfuse-opt %s -p xfuse-row-kernels | mlir-opt -o /dev/null

// xfuse-row-kernels on softmax (xfuse/backends/schedules/row_kernels.py), recognized from the IR:
// a row maximum of x, exp(x - max) with the maximum read once a row, a row sum of that, and the
// division by the sum read once a row. The attention's scale and causal-mask add that compute x
// (read by nothing else) are pulled into the loop; the heads and queries (2 x 6) are one loop of
// 12 rows, each row's head and query its index divided and taken modulo 6; the mask, broadcast
// over the heads, is sliced at the query alone.

// CHECK-LABEL: func.func @masked_softmax(
// CHECK-NOT:     linalg.generic
// CHECK:         %[[OUT:.*]] = tensor.empty() : tensor<1x2x6x32xf32>
// CHECK:         %[[Y:.*]] = scf.forall (%[[ROW:.*]]) in (12) shared_outs(%[[SHARED:.*]] = %[[OUT]]) -> (tensor<1x2x6x32xf32>) {
// CHECK:           %[[HEAD:.*]] = arith.divui %[[ROW]], %{{.*}} : index
// CHECK:           %[[QUERY:.*]] = arith.remui %[[ROW]], %{{.*}} : index
// CHECK:           %[[S:.*]] = tensor.extract_slice %{{.*}}[0, %[[HEAD]], %[[QUERY]], 0] [1, 1, 1, 32] [1, 1, 1, 1] : tensor<1x2x6x32xf32> to tensor<1x1x1x32xf32>
// CHECK:           %[[SCALED:.*]] = linalg.generic {{.*}} ins(%[[S]], %{{.*}} : tensor<1x1x1x32xf32>, tensor<f32>)
// CHECK:             arith.mulf
// CHECK:           %[[M:.*]] = tensor.extract_slice %{{.*}}[0, 0, %[[QUERY]], 0] [1, 1, 1, 32] [1, 1, 1, 1] : tensor<1x1x6x32xf32> to tensor<1x1x1x32xf32>
// CHECK:           %[[X:.*]] = linalg.generic {{.*}} ins(%[[SCALED]], %[[M]] :
// CHECK:             arith.addf
// CHECK:           %[[MAX:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]{{.*}} ins(%[[X]] : tensor<1x1x1x32xf32>) outs(%{{.*}} : tensor<1x1x1xf32>)
// CHECK:             arith.maximumf
// CHECK:           %[[EXP:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[MAX]] : tensor<1x1x1x32xf32>, tensor<1x1x1xf32>)
// CHECK:             arith.subf
// CHECK:             math.exp
// CHECK:           %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]{{.*}} ins(%[[EXP]] : tensor<1x1x1x32xf32>) outs(%{{.*}} : tensor<1x1x1xf32>)
// CHECK:             arith.addf
// CHECK:           %[[DEST:.*]] = tensor.extract_slice %[[SHARED]][0, %[[HEAD]], %[[QUERY]], 0] [1, 1, 1, 32] [1, 1, 1, 1]
// CHECK:           %[[ROWY:.*]] = linalg.generic {{.*}} ins(%[[EXP]], %[[SUM]] : tensor<1x1x1x32xf32>, tensor<1x1x1xf32>) outs(%[[DEST]] : tensor<1x1x1x32xf32>)
// CHECK:             arith.divf
// CHECK-NOT:       tensor.expand_shape
// CHECK:           scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %[[ROWY]] into %[[SHARED]][0, %[[HEAD]], %[[QUERY]], 0] [1, 1, 1, 32] [1, 1, 1, 1]
// CHECK:         } {xfuse.row_kernel = 0 : i64}
// CHECK:         func.return %[[Y]]

// The row maximum is also a result of the function: the group is not closed (its maximum is read
// outside), so the ops stay as they are.

// CHECK-LABEL: func.func @max_read_elsewhere(
// CHECK-NOT:     scf.forall
// CHECK:         arith.maximumf
// CHECK:         tensor.expand_shape
// CHECK:         math.exp
// CHECK:         arith.divf
// CHECK:         func.return

// The sum runs over the queries (d2), not along the row: not a row sum, no kernel.

// CHECK-LABEL: func.func @sum_over_another_axis(
// CHECK-NOT:     scf.forall
// CHECK:         arith.maximumf
// CHECK:         iterator_types = ["parallel", "parallel", "reduction", "parallel"]
// CHECK:         arith.divf
// CHECK:         func.return

func.func @masked_softmax(%scores: tensor<1x2x6x32xf32>, %mask: tensor<1x1x6x32xf32>) -> tensor<1x2x6x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant dense<1.250000e-01> : tensor<f32>
  %e0 = tensor.empty() : tensor<1x2x6x32xf32>
  %scaled = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%scores, %scale : tensor<1x2x6x32xf32>, tensor<f32>) outs(%e0 : tensor<1x2x6x32xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6x32xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%scaled, %mask : tensor<1x2x6x32xf32>, tensor<1x1x6x32xf32>) outs(%e0 : tensor<1x2x6x32xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.addf %in, %m : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6x32xf32>
  %e1 = tensor.empty() : tensor<1x2x6xf32>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<1x2x6xf32>) -> tensor<1x2x6xf32>
  %max = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x : tensor<1x2x6x32xf32>) outs(%f1 : tensor<1x2x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6xf32>
  %maxe = tensor.expand_shape %max [[0], [1], [2, 3]] output_shape [1, 2, 6, 1] : tensor<1x2x6xf32> into tensor<1x2x6x1xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %maxe : tensor<1x2x6x32xf32>, tensor<1x2x6x1xf32>) outs(%e0 : tensor<1x2x6x32xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<1x2x6x32xf32>
  %e2 = tensor.empty() : tensor<1x2x6x1xf32>
  %f2 = linalg.fill ins(%cst : f32) outs(%e2 : tensor<1x2x6x1xf32>) -> tensor<1x2x6x1xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%exp : tensor<1x2x6x32xf32>) outs(%f2 : tensor<1x2x6x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6x1xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%exp, %sum : tensor<1x2x6x32xf32>, tensor<1x2x6x1xf32>) outs(%e0 : tensor<1x2x6x32xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6x32xf32>
  func.return %y : tensor<1x2x6x32xf32>
}

func.func @max_read_elsewhere(%scores: tensor<1x2x6x32xf32>, %mask: tensor<1x1x6x32xf32>) -> (tensor<1x2x6x32xf32>, tensor<1x2x6xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant dense<1.250000e-01> : tensor<f32>
  %e0 = tensor.empty() : tensor<1x2x6x32xf32>
  %scaled = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%scores, %scale : tensor<1x2x6x32xf32>, tensor<f32>) outs(%e0 : tensor<1x2x6x32xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6x32xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%scaled, %mask : tensor<1x2x6x32xf32>, tensor<1x1x6x32xf32>) outs(%e0 : tensor<1x2x6x32xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.addf %in, %m : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6x32xf32>
  %e1 = tensor.empty() : tensor<1x2x6xf32>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<1x2x6xf32>) -> tensor<1x2x6xf32>
  %max = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x : tensor<1x2x6x32xf32>) outs(%f1 : tensor<1x2x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6xf32>
  %maxe = tensor.expand_shape %max [[0], [1], [2, 3]] output_shape [1, 2, 6, 1] : tensor<1x2x6xf32> into tensor<1x2x6x1xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %maxe : tensor<1x2x6x32xf32>, tensor<1x2x6x1xf32>) outs(%e0 : tensor<1x2x6x32xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<1x2x6x32xf32>
  %e2 = tensor.empty() : tensor<1x2x6x1xf32>
  %f2 = linalg.fill ins(%cst : f32) outs(%e2 : tensor<1x2x6x1xf32>) -> tensor<1x2x6x1xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%exp : tensor<1x2x6x32xf32>) outs(%f2 : tensor<1x2x6x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6x1xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%exp, %sum : tensor<1x2x6x32xf32>, tensor<1x2x6x1xf32>) outs(%e0 : tensor<1x2x6x32xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6x32xf32>
  func.return %y, %max : tensor<1x2x6x32xf32>, tensor<1x2x6xf32>
}

func.func @sum_over_another_axis(%scores: tensor<1x2x6x32xf32>, %mask: tensor<1x1x6x32xf32>) -> tensor<1x2x6x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant dense<1.250000e-01> : tensor<f32>
  %e0 = tensor.empty() : tensor<1x2x6x32xf32>
  %scaled = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%scores, %scale : tensor<1x2x6x32xf32>, tensor<f32>) outs(%e0 : tensor<1x2x6x32xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6x32xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%scaled, %mask : tensor<1x2x6x32xf32>, tensor<1x1x6x32xf32>) outs(%e0 : tensor<1x2x6x32xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.addf %in, %m : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6x32xf32>
  %e1 = tensor.empty() : tensor<1x2x6xf32>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<1x2x6xf32>) -> tensor<1x2x6xf32>
  %max = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x : tensor<1x2x6x32xf32>) outs(%f1 : tensor<1x2x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6xf32>
  %maxe = tensor.expand_shape %max [[0], [1], [2, 3]] output_shape [1, 2, 6, 1] : tensor<1x2x6xf32> into tensor<1x2x6x1xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %maxe : tensor<1x2x6x32xf32>, tensor<1x2x6x1xf32>) outs(%e0 : tensor<1x2x6x32xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<1x2x6x32xf32>
  %e2 = tensor.empty() : tensor<1x2x1x32xf32>
  %f2 = linalg.fill ins(%cst : f32) outs(%e2 : tensor<1x2x1x32xf32>) -> tensor<1x2x1x32xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>], iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%exp : tensor<1x2x6x32xf32>) outs(%f2 : tensor<1x2x1x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x1x32xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%exp, %sum : tensor<1x2x6x32xf32>, tensor<1x2x1x32xf32>) outs(%e0 : tensor<1x2x6x32xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x6x32xf32>
  func.return %y : tensor<1x2x6x32xf32>
}

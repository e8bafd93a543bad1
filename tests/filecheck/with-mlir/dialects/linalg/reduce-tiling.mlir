// A linalg.reduce with two inputs and two inits (an argmax) tiled by xfuse-tile: one tiled
// reduce per tile, both results carried by the loops; executed through mlir-opt 22 before and
// after tiling on the same random inputs.
// RUN: xfuse-opt %s -p xfuse-tile | filecheck %s
// RUN: xfuse-run %s -p xfuse-tile --check | filecheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @argmax_rows
// CHECK:         %{{.*}}, %{{.*}} = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %best, %{{.*}} = %at) -> (tensor<6xf32>, tensor<6xi32>)
// CHECK:           scf.for
// CHECK:             %[[V:.*]] = tensor.extract_slice %v
// CHECK-NEXT:        %[[I:.*]] = tensor.extract_slice %idx
// CHECK-NEXT:        %[[B:.*]] = tensor.extract_slice
// CHECK-NEXT:        %[[A:.*]] = tensor.extract_slice
// CHECK-NEXT:        linalg.reduce ins(%[[V]], %[[I]] : tensor<?x?xf32>, tensor<?x?xi32>) outs(%[[B]], %[[A]] : tensor<?xf32>, tensor<?xi32>) dimensions = [1]
// EXEC-NOT: differs
// EXEC: check: ok, the transformed module matches the untransformed input

func.func @argmax_rows(%v: tensor<6x10xf32>, %idx: tensor<6x10xi32>, %best: tensor<6xf32>, %at: tensor<6xi32>) -> (tensor<6xf32>, tensor<6xi32>) {
  %r:2 = linalg.reduce ins(%v, %idx : tensor<6x10xf32>, tensor<6x10xi32>) outs(%best, %at : tensor<6xf32>, tensor<6xi32>) dimensions = [1] {xfuse.tile_sizes = array<i64: 4, 3>}
    (%x: f32, %i: i32, %m: f32, %j: i32) {
      %gt = arith.cmpf ogt, %x, %m : f32
      %nm = arith.select %gt, %x, %m : f32
      %nj = arith.select %gt, %i, %j : i32
      linalg.yield %nm, %nj : f32, i32
    }
  return %r#0, %r#1 : tensor<6xf32>, tensor<6xi32>
}

// linalg.map tiles (identity maps, parallel loops) and fuses as a producer; mlir-opt 22 runs the
// tiled and the untiled function on the same random inputs.
// RUN: xfuse-opt %s -p 'xfuse-tile,xfuse-fuse-producers' | filecheck %s --check-prefix=TILED
// RUN: xfuse-run %s -p 'xfuse-tile,xfuse-fuse-producers' --check | filecheck %s --check-prefix=EXEC
// EXEC: check: ok, the transformed module matches the untransformed input

// TILED-LABEL: func.func @fused
// TILED:         scf.for
// TILED:           scf.for
// TILED:             %[[N:.*]] = linalg.map { arith.negf } ins(%{{.*}} : tensor<?x?xf32>) outs(%{{.*}} : tensor<?x?xf32>)
// TILED:             linalg.map ins(%[[N]], %{{.*}} : tensor<?x?xf32>, tensor<?x?xf32>) outs(%{{.*}} : tensor<?x?xf32>)
func.func @fused(%a: tensor<10x7xf32>, %b: tensor<10x7xf32>) -> tensor<10x7xf32> {
  %e = tensor.empty() : tensor<10x7xf32>
  %n = linalg.map { arith.negf } ins(%a : tensor<10x7xf32>) outs(%e : tensor<10x7xf32>)
  %r = linalg.map ins(%n, %b : tensor<10x7xf32>, tensor<10x7xf32>) outs(%e : tensor<10x7xf32>) {xfuse.tile_sizes = array<i64: 4, 3>}
    (%x: f32, %y: f32, %init: f32) {
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %m, %x : f32
      linalg.yield %s : f32
    }
  return %r : tensor<10x7xf32>
}

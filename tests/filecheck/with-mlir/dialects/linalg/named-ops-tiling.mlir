// The generated named ops tile and fuse through the structured-op tiling model (maps from
// their spec): one representative per family, tiled with tile sizes that do not divide the
// loops, the producer fused into the tiled consumer, compiled by mlir-opt 22 and run on the
// same random inputs as the untiled function.
// RUN: xfuse-opt %s -p 'xfuse-tile,xfuse-fuse-producers' | filecheck %s
// RUN: xfuse-run %s --entry unary_binary -p 'xfuse-tile,xfuse-fuse-producers' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry contraction -p 'xfuse-tile,xfuse-fuse-producers' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry conv -p 'xfuse-tile,xfuse-fuse-producers' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry pool -p 'xfuse-tile,xfuse-fuse-producers' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry depthwise_q -p 'xfuse-tile' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry elementwise_contract -p 'xfuse-tile,xfuse-fuse-producers' --check | filecheck %s --check-prefix=EXEC
// EXEC: check: ok, the transformed module matches the untransformed input

// CHECK-LABEL: func.func @unary_binary
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             %[[N:.*]] = linalg.negf ins(%{{.*}} : tensor<?x?xf32>)
// CHECK:             linalg.powf ins(%[[N]], %{{.*}} : tensor<?x?xf32>, tensor<?x?xf32>)
func.func @unary_binary(%x: tensor<10x7xf32>, %y: tensor<10x7xf32>) -> tensor<10x7xf32> {
  %e = tensor.empty() : tensor<10x7xf32>
  %a = linalg.abs ins(%x : tensor<10x7xf32>) outs(%e : tensor<10x7xf32>) -> tensor<10x7xf32>
  %n = linalg.negf ins(%y : tensor<10x7xf32>) outs(%e : tensor<10x7xf32>) -> tensor<10x7xf32>
  %p = linalg.powf {xfuse.tile_sizes = array<i64: 4, 3>} ins(%n, %a : tensor<10x7xf32>, tensor<10x7xf32>) outs(%e : tensor<10x7xf32>) -> tensor<10x7xf32>
  return %p : tensor<10x7xf32>
}

// A reduction loop tiled by scf.for (the accumulator is carried).
// CHECK-LABEL: func.func @contraction
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             linalg.matvec ins(%{{.*}}, %{{.*}} : tensor<?x?xf32>, tensor<?xf32>)
func.func @contraction(%a: tensor<9x13xf32>, %v: tensor<13xf32>, %c: tensor<9xf32>) -> tensor<9xf32> {
  %r = linalg.matvec {xfuse.tile_sizes = array<i64: 4, 5>} ins(%a, %v : tensor<9x13xf32>, tensor<13xf32>) outs(%c : tensor<9xf32>) -> tensor<9xf32>
  return %r : tensor<9xf32>
}

// Strided, dilated convolution; the elementwise producer of its input is fused on the window
// slice (offset oh * 2, size (tile - 1) * 2 + (kh - 1) * 1 + 1).
// CHECK-LABEL: func.func @conv
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             %[[T:.*]] = linalg.tanh ins(%{{.*}} : tensor<2x?x?x3xf32>)
// CHECK:             linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%[[T]], %{{.*}} : tensor<2x?x?x3xf32>, tensor<3x2x3x4xf32>)
func.func @conv(%i: tensor<2x11x9x3xf32>, %k: tensor<3x2x3x4xf32>, %o: tensor<2x5x7x4xf32>) -> tensor<2x5x7x4xf32> {
  %e = tensor.empty() : tensor<2x11x9x3xf32>
  %t = linalg.tanh ins(%i : tensor<2x11x9x3xf32>) outs(%e : tensor<2x11x9x3xf32>) -> tensor<2x11x9x3xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>, xfuse.tile_sizes = array<i64: 0, 2, 3>} ins(%t, %k : tensor<2x11x9x3xf32>, tensor<3x2x3x4xf32>) outs(%o : tensor<2x5x7x4xf32>) -> tensor<2x5x7x4xf32>
  return %r : tensor<2x5x7x4xf32>
}

// CHECK-LABEL: func.func @pool
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             linalg.fill
// CHECK:             linalg.pooling_nchw_sum {strides = dense<2> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x?x?x9xf32>, tensor<2x3xf32>) outs(%{{.*}} : tensor<1x?x?x4xf32>)
func.func @pool(%i: tensor<1x5x7x9xf32>, %w: tensor<2x3xf32>) -> tensor<1x5x3x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x3x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x3x4xf32>) -> tensor<1x5x3x4xf32>
  %r = linalg.pooling_nchw_sum {strides = dense<2> : tensor<2xi64>, xfuse.tile_sizes = array<i64: 0, 2, 2>} ins(%i, %w : tensor<1x5x7x9xf32>, tensor<2x3xf32>) outs(%f : tensor<1x5x3x4xf32>) -> tensor<1x5x3x4xf32>
  return %r : tensor<1x5x3x4xf32>
}

// Quantized depthwise convolution, zero points are scalars (not sliced); reduction loops tiled.
// CHECK-LABEL: func.func @depthwise_q
// CHECK:         linalg.depthwise_conv_2d_nhwc_hwc_q ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<1x?x?x?xi8>, tensor<?x?x?xi8>, i32, i32)
func.func @depthwise_q(%i: tensor<1x6x6x5xi8>, %k: tensor<3x3x5xi8>, %iz: i32, %kz: i32, %o: tensor<1x4x4x5xi32>) -> tensor<1x4x4x5xi32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc_q {xfuse.tile_sizes = array<i64: 0, 3, 0, 2, 2, 2>} ins(%i, %k, %iz, %kz : tensor<1x6x6x5xi8>, tensor<3x3x5xi8>, i32, i32) outs(%o : tensor<1x4x4x5xi32>) -> tensor<1x4x4x5xi32>
  return %r : tensor<1x4x4x5xi32>
}

// linalg.contract with a transposed lhs (reduction loop tiled), fed by a linalg.elementwise with
// a broadcast input, fused on the lhs tile.
// CHECK-LABEL: func.func @elementwise_contract
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             scf.for
// CHECK:               %[[E:.*]] = linalg.elementwise kind=#linalg.elementwise_kind<mul> indexing_maps = [{{.*}}] ins(%{{.*}}, %{{.*}} : tensor<?x?xf32>, tensor<?xf32>)
// CHECK:               linalg.contract indexing_maps = [{{.*}}] ins(%[[E]], %{{.*}} : tensor<?x?xf32>, tensor<?x?xf32>)
#kn = affine_map<(k, m) -> (k, m)>
#m = affine_map<(k, m) -> (m)>
func.func @elementwise_contract(%a: tensor<11x6xf32>, %s: tensor<6xf32>, %b: tensor<11x9xf32>, %c: tensor<6x9xf32>) -> tensor<6x9xf32> {
  %e = tensor.empty() : tensor<11x6xf32>
  %scaled = linalg.elementwise kind=#linalg.elementwise_kind<mul> indexing_maps = [#kn, #m, #kn] ins(%a, %s : tensor<11x6xf32>, tensor<6xf32>) outs(%e : tensor<11x6xf32>) -> tensor<11x6xf32>
  %r = linalg.contract indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] {xfuse.tile_sizes = array<i64: 4, 5, 3>} ins(%scaled, %b : tensor<11x6xf32>, tensor<11x9xf32>) outs(%c : tensor<6x9xf32>) -> tensor<6x9xf32>
  return %r : tensor<6x9xf32>
}

// IR built by xfuse-tile carries the tiled op's source location, so a later refusal (here: the
// fill cannot be fused into the K-tiled loop) points at the line the user wrote.
// RUN: xfuse-opt %s -p 'xfuse-tile{loop=for},xfuse-fuse-producers' -o %t.mlir 2>&1 | filecheck %s
// RUN: xfuse-opt %t.mlir | filecheck %s --check-prefix=IR

func.func @f(%a: tensor<16x32xf32>, %b: tensor<32x8xf32>) -> tensor<16x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<16x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<16x8xf32>) -> tensor<16x8xf32>
  %m = linalg.matmul {xfuse.tile_sizes = array<i64: 8, 4, 16>} ins(%a, %b : tensor<16x32xf32>, tensor<32x8xf32>) outs(%c : tensor<16x8xf32>) -> tensor<16x8xf32>
  return %m : tensor<16x8xf32>
}

// CHECK: tile-locations.mlir:10:3: remark: cannot fuse the producer of 'tensor.extract_slice': 'linalg.fill' is the destination of 'scf.for' at {{.*}}tile-locations.mlir:10:3, which tiles reduction dimension d2 of 'linalg.matmul'
// IR: linalg.fill
// IR: scf.for
// IR: linalg.matmul

// A forall distributed with GPU mappings keeps its mapping through xfuse's passes (tiling an op
// inside it, producer and consumer fusion, diffusion, loop cleanup, bufferization), and runs on CPU: mlir-opt 22's lowering of
// scf.forall ignores the mapping. Input and output agree on the same random inputs.
// RUN: xfuse-opt %s -p 'xfuse-fuse-producers,xfuse-fuse-consumers,xfuse-loop-cleanup' | filecheck %s
// RUN: xfuse-opt %s -p 'xfuse-fuse-producers,xfuse-fuse-consumers,xfuse-loop-cleanup,xfuse-bufferize' | filecheck %s --check-prefix=BUF
// RUN: xfuse-opt %s -p xfuse-diffusion | filecheck %s
// RUN: xfuse-opt %s -p 'xfuse-tile,xfuse-fuse-producers' | filecheck %s --check-prefix=TILED
// RUN: xfuse-run %s -p 'xfuse-tile,xfuse-fuse-producers' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s -p xfuse-diffusion --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s -p 'xfuse-fuse-producers,xfuse-fuse-consumers,xfuse-loop-cleanup' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s -p 'xfuse-fuse-producers,xfuse-fuse-consumers,xfuse-loop-cleanup' --pipeline xfuse-bufferize --check | filecheck %s --check-prefix=EXEC
// EXEC: check: ok, the transformed module matches the untransformed input

// CHECK-LABEL: func.func @mapped
// CHECK:         scf.forall
// CHECK:           linalg.exp
// CHECK:           linalg.matmul
// CHECK:           linalg.add
// CHECK:         } {mapping = [#gpu.block<y>, #gpu.block<x>]}
// TILED-LABEL: func.func @mapped
// TILED:         scf.forall
// TILED:           scf.for
// TILED:             linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x4xf32>, tensor<4x4xf32>)
// TILED:         } {mapping = [#gpu.block<y>, #gpu.block<x>]}
// BUF-LABEL: func.func @mapped
// BUF:           scf.forall
// BUF:           } {mapping = [#gpu.block<y>, #gpu.block<x>]}
func.func @mapped(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %ea = tensor.empty() : tensor<16x8xf32>
  %x = linalg.exp ins(%a : tensor<16x8xf32>) outs(%ea : tensor<16x8xf32>) -> tensor<16x8xf32>
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x12xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<16x12xf32>) -> tensor<16x12xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (16, 12) step (8, 4) shared_outs(%o = %z) -> (tensor<16x12xf32>) {
    %xs = tensor.extract_slice %x[%i, 0] [8, 8] [1, 1] : tensor<16x8xf32> to tensor<8x8xf32>
    %bs = tensor.extract_slice %b[0, %j] [8, 4] [1, 1] : tensor<8x12xf32> to tensor<8x4xf32>
    %os = tensor.extract_slice %o[%i, %j] [8, 4] [1, 1] : tensor<16x12xf32> to tensor<8x4xf32>
    %m = linalg.matmul {xfuse.tile_sizes = array<i64: 0, 0, 4>} ins(%xs, %bs : tensor<8x8xf32>, tensor<8x4xf32>) outs(%os : tensor<8x4xf32>) -> tensor<8x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %m into %o[%i, %j] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<16x12xf32>
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>]}
  %e2 = tensor.empty() : tensor<16x12xf32>
  %s = linalg.add ins(%r, %c : tensor<16x12xf32>, tensor<16x12xf32>) outs(%e2 : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %s : tensor<16x12xf32>
}

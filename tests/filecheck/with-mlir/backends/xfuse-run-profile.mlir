// xfuse-run --profile: one row per top-level computation of the entry function after the passes
// (a fused group is one row, named as xfuse-explain --groups names it), its median time, share
// and GFLOP/s (2 x the matmul's multiply-accumulates: 2 * 16 * 32 * 8 = 8192 FLOPs in group 1;
// the scaling of %x is no contraction: no GFLOP/s).
// RUN: xfuse-run %s -p 'xfuse-tile{loop=forall},xfuse-diffusion' --profile 3 | filecheck %s
// RUN: xfuse-run %s --profile 2 | filecheck %s --check-prefix=UNFUSED
// RUN: not xfuse-run %S/Inputs/profile-nothing.mlir --profile 3 2>&1 | filecheck %s --check-prefix=NOTHING

// CHECK:      profile of @layer [pipeline microkernel]: 2 sections, median of 3 calls {{[0-9.]+}} ms (CPU time of the calling thread), the sections' medians add up to {{[0-9.]+}}% of it; {{[0-9.]+}} GFLOP/s over the call
// CHECK-NEXT:    #  median ms   share  GFLOP/s  section
// CHECK-NEXT:    1 {{ +[0-9.]+ +[0-9.]+% +}}-  linalg.generic at {{.*}}xfuse-run-profile.mlir:30:3
// CHECK-NEXT:    2 {{ +[0-9.]+ +[0-9.]+% +[0-9.]+}}  group 1: linalg.matmul of %mm (xfuse-run-profile.mlir:39); tile 8x16xf32; loops forall (16, 32) step (8, 16) [4]; with linalg.fill, linalg.generic, linalg.transpose
// CHECK-NEXT: by kind: {{(linalg.matmul group x1 [0-9.]+%; linalg.generic x1 [0-9.]+%|linalg.generic x1 [0-9.]+%; linalg.matmul group x1 [0-9.]+%)$}}
// CHECK-NEXT: arena: {{[0-9]+\.[0-9][0-9]}} MiB (the buffers of a call, results included)
// CHECK-NOT: {{.}}

// Unfused, the ReLU after the matmul (its only reader) is timed with it, as the schedule fuses it:
// UNFUSED:      profile of @layer [pipeline microkernel]: 4 sections
// UNFUSED:         1 {{.*}}  linalg.generic at {{.*}}:30:3
// UNFUSED-NEXT:    2 {{.*}}  linalg.fill at {{.*}}:38:3
// UNFUSED-NEXT:    3 {{ +[0-9.]+ +[0-9.]+% +[0-9.]+}}  linalg.matmul at {{.*}}:39:3, with linalg.generic at {{.*}}:41:3
// UNFUSED-NEXT:    4 {{.*}}  linalg.transpose at {{.*}}:49:3

// NOTHING: profile-nothing.mlir:[[#]]:1: error: @copy computes nothing (no loop nest, linalg op or copy): nothing to profile

func.func @layer(%x: tensor<16x8xf32>, %w: tensor<8x32xf32>) -> (tensor<32x16xf32>, tensor<16x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %x_empty = tensor.empty() : tensor<16x8xf32>
  %scaled = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                            iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x8xf32>) outs(%x_empty : tensor<16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.mulf %in, %two : f32
    linalg.yield %r : f32
  } -> tensor<16x8xf32>
  %empty = tensor.empty() : tensor<16x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x32xf32>) -> tensor<16x32xf32>
  %mm = linalg.matmul {xfuse.tile_sizes = array<i64: 8, 16, 0>}
      ins(%x, %w : tensor<16x8xf32>, tensor<8x32xf32>) outs(%acc : tensor<16x32xf32>) -> tensor<16x32xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<16x32xf32>) outs(%empty : tensor<16x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<16x32xf32>
  %t_empty = tensor.empty() : tensor<32x16xf32>
  %t = linalg.transpose ins(%relu : tensor<16x32xf32>) outs(%t_empty : tensor<32x16xf32>) permutation = [1, 0]
  return %t, %scaled : tensor<32x16xf32>, tensor<16x8xf32>
}

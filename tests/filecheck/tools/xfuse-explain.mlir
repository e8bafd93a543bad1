// xfuse-explain: the loop nest diffusion builds around the MLP's matmul, op by op, with the tile
// each op writes and reads and the original op it is a tile of.
// RUN: xfuse-explain %s -p 'xfuse-diffusion{root-tile-sizes=32,64},canonicalize,cse' | filecheck %s
// RUN: xfuse-explain %s | filecheck %s --check-prefix=UNFUSED
// RUN: xfuse-explain %s --json | filecheck %s --check-prefix=JSON
// RUN: not xfuse-explain %s -p 'xfuse-tile{loop=sideways}' 2>&1 | filecheck %s --check-prefix=BADOPT
// RUN: not xfuse-explain %t.missing.mlir 2>&1 | filecheck %s --check-prefix=MISSING

func.func @layer(%x: tensor<64x48xf32>, %w: tensor<48x128xf32>, %b: tensor<128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<64x48xf32>, tensor<48x128xf32>) outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  %eb = tensor.empty() : tensor<64x128xf32>
  %bb = linalg.broadcast ins(%b : tensor<128xf32>) outs(%eb : tensor<64x128xf32>) dimensions = [0]
  %es = tensor.empty() : tensor<64x128xf32>
  %sum = linalg.add ins(%mm, %bb : tensor<64x128xf32>, tensor<64x128xf32>) outs(%es : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %sum : tensor<64x128xf32>
}

// CHECK:      func @layer
// CHECK-NEXT:   outside any loop:
// CHECK-NEXT:     %e = tensor.empty  64x128xf32; writes a fresh buffer (intermediate)
// CHECK-NEXT:   scf.forall ([[I:%iv0]], [[J:%iv1]]) = (0, 0) to (64, 128) step (32, 64)  [4 iterations]  -> %sum
// CHECK-NEXT:     = linalg.fill  32x64xf32; writes %e[[[I]], [[J]]] [32, 64]
// CHECK-NEXT:     = linalg.matmul  32x64xf32; writes %{{.*}}; reads %x[[[I]], 0] [32, 48], %w[0, [[J]]] [48, 64]; tile of %mm (xfuse-explain.mlir:13)
// CHECK-NEXT:     = tensor.empty  32x64xf32; writes a fresh buffer (intermediate)
// CHECK-NEXT:     = linalg.broadcast  32x64xf32; writes %{{.*}} (fresh 32x64xf32); reads %b[[[J]]] [64]
// CHECK-NEXT:     = linalg.add  32x64xf32; writes %{{[0-9]+}}[[[I]], [[J]]] [32, 64]; reads
// CHECK-NOT:  outside any loop

// UNFUSED:      func @layer
// UNFUSED-NEXT:   (no loops)
// UNFUSED-NEXT:   outside any loop:
// UNFUSED-NEXT:     %e = tensor.empty  64x128xf32
// UNFUSED:          %sum = linalg.add  64x128xf32; writes %es (fresh 64x128xf32); reads %mm, %bb

// JSON:      "kind": "op"
// JSON:      "op": "tensor.empty"

// BADOPT: error: {{.*}}loop
// BADOPT-NOT: Traceback
// MISSING: xfuse-explain: error: cannot read {{.*}}missing.mlir: No such file or directory

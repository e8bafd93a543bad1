// The fused MLP (examples/mlp.mlir, matmul tiled 64x64 into an scf.forall, producers and
// consumers fused): every operand in place, as upstream decides, and on memrefs one buffer per
// tensor.empty, tiles as subviews, no copy.
// RUN: xfuse-opt %S/Inputs/mlp-marked.mlir -p 'xfuse-tile{loop=forall},xfuse-fuse-producers,xfuse-fuse-consumers,xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: xfuse-opt %S/Inputs/mlp-marked.mlir -p 'xfuse-tile{loop=forall},xfuse-fuse-producers,xfuse-fuse-consumers' --print-op-generic | mlir-opt --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" | filecheck %s --check-prefix=ANALYSIS
// RUN: xfuse-opt %S/Inputs/mlp-marked.mlir -p 'xfuse-tile{loop=forall},xfuse-fuse-producers,xfuse-fuse-consumers,xfuse-bufferize' | filecheck %s

// ANALYSIS:      tensor.extract_slice{{.*}}["true", "none"]
// ANALYSIS-NEXT: tensor.extract_slice{{.*}}["true", "none"]
// ANALYSIS-NEXT: tensor.extract_slice{{.*}}["true", "none", "none"]
// ANALYSIS-NEXT: linalg.fill{{.*}}["none", "true"]
// ANALYSIS-NEXT: linalg.matmul{{.*}}["true", "true", "true"]
// ANALYSIS-NEXT: tensor.extract_slice{{.*}}["true", "none", "none"]
// ANALYSIS-NEXT: tensor.extract_slice{{.*}}["true", "none", "none"]
// ANALYSIS-NEXT: linalg.add{{.*}}["true", "true", "true"]
// ANALYSIS-NEXT: tensor.extract_slice{{.*}}["true", "none", "none"]
// ANALYSIS-NEXT: linalg.generic{{.*}}["true", "true"]
// ANALYSIS:      tensor.parallel_insert_slice{{.*}}["true", "true", "none", "none"]
// ANALYSIS-NEXT: tensor.parallel_insert_slice{{.*}}["true", "true", "none", "none"]
// ANALYSIS-NEXT: tensor.parallel_insert_slice{{.*}}["true", "true", "none", "none"]
// ANALYSIS:      } {__inplace_operands_attr__ = ["true", "true", "true"]}

// CHECK-LABEL: func.func @mlp(%input: memref<256x512xf32>, %weight: memref<512x1024xf32>, %bias: memref<1024xf32>) -> memref<256x1024xf32>
// CHECK:         %[[MM:.*]] = memref.alloc() : memref<256x1024xf32>
// CHECK-NEXT:    %[[BIAS:.*]] = memref.alloc() : memref<256x1024xf32>
// CHECK-NEXT:    linalg.broadcast ins(%bias : memref<1024xf32>) outs(%[[BIAS]] : memref<256x1024xf32>) dimensions = [0]
// CHECK-NEXT:    %[[SUM:.*]] = memref.alloc() : memref<256x1024xf32>
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<256x1024xf32>
// CHECK-NEXT:    scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (256, 1024) step (64, 64) {
// CHECK-NEXT:      %[[IN_T:.*]] = memref.subview %input[%[[I]], 0] [64, 512] [1, 1]
// CHECK-NEXT:      %[[W_T:.*]] = memref.subview %weight[0, %[[J]]] [512, 64] [1, 1]
// CHECK-NEXT:      %[[MM_T:.*]] = memref.subview %[[MM]][%[[I]], %[[J]]] [64, 64] [1, 1] : memref<256x1024xf32> to memref<64x64xf32, strided<[1024, 1], offset: ?>>
// CHECK-NEXT:      linalg.fill ins(%zero : f32) outs(%[[MM_T]] : {{.*}})
// CHECK-NEXT:      linalg.matmul ins(%[[IN_T]], %[[W_T]] : {{.*}}) outs(%[[MM_T]] : {{.*}})
// CHECK-NEXT:      %[[BIAS_T:.*]] = memref.subview %[[BIAS]][%[[I]], %[[J]]] [64, 64] [1, 1]
// CHECK-NEXT:      %[[SUM_T:.*]] = memref.subview %[[SUM]][%[[I]], %[[J]]] [64, 64] [1, 1]
// CHECK-NEXT:      linalg.add ins(%[[MM_T]], %[[BIAS_T]] : {{.*}}) outs(%[[SUM_T]] : {{.*}})
// CHECK-NEXT:      %[[OUT_T:.*]] = memref.subview %[[OUT]][%[[I]], %[[J]]] [64, 64] [1, 1]
// CHECK-NEXT:      linalg.generic {{.*}} ins(%[[SUM_T]] : {{.*}}) outs(%[[OUT_T]] : {{.*}}) {
// CHECK:           linalg.yield
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[BIAS]]
// CHECK-NEXT:    memref.dealloc %[[MM]]
// CHECK-NEXT:    memref.dealloc %[[SUM]]
// CHECK-NEXT:    func.return %[[OUT]] : memref<256x1024xf32>
// CHECK-NOT:     memref.copy

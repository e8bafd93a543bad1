// xfuse-loop-results-in-place: the elementwise op making an scf.for's next state writes into the
// iteration argument (instead of a tensor.empty) when nothing in the body reads the argument after
// it, so that one-shot-bufferize can update the state in place.
// RUN: xfuse-opt %s -p xfuse-loop-results-in-place | filecheck %s
// After the rewrite mlir-opt 22 bufferizes the loops; before it, it refuses them.
// RUN: xfuse-opt %s -p xfuse-loop-results-in-place | mlir-opt --one-shot-bufferize="bufferize-function-boundaries" | filecheck %s --check-prefix=BUFFERS
// RUN: xfuse-opt %S/Inputs/loop-results-kept.mlir -p xfuse-loop-results-in-place | filecheck %s --check-prefix=KEPT
// RUN: not mlir-opt %s --one-shot-bufferize="bufferize-function-boundaries" 2>&1 | filecheck %s --check-prefix=REFUSED
// REFUSED: error: Yield operand #0 is not equivalent to the corresponding iter bbArg

#id = affine_map<(d0, d1) -> (d0, d1)>

// h <- tanh(h + x[t]), as torch-mlir lowers a recurrence step.
// CHECK-LABEL: func.func @recurrence(
// CHECK:         scf.for {{.*}} iter_args(%[[H:.*]] = %h0)
// The op reads the state through its destination now, element by element.
// CHECK:           %[[N:.*]] = linalg.generic {{.*}} ins(%[[IN:.*]] : tensor<1x8xf32>) outs(%[[H]] : tensor<1x8xf32>)
// CHECK-NEXT:      ^bb0(%{{.*}}: f32, %[[S:.*]]: f32):
// CHECK-NEXT:        arith.addf %{{.*}}, %[[S]] : f32
// CHECK:           scf.yield %[[N]]
// BUFFERS-LABEL: func.func @recurrence(
// BUFFERS-NOT:     memref.alloc
// BUFFERS:         scf.for
// BUFFERS-NOT:       memref.alloc
// BUFFERS:           linalg.generic
// BUFFERS:           scf.yield
func.func @recurrence(%x: tensor<6x1x8xf32>, %h0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %h = scf.for %t = %c0 to %c6 step %c1 iter_args(%state = %h0) -> (tensor<1x8xf32>) {
    %e = tensor.empty() : tensor<1x8xf32>
    %in = tensor.extract_slice %x[%t, 0, 0] [1, 1, 8] [1, 1, 1] : tensor<6x1x8xf32> to tensor<1x8xf32>
    %n = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%in, %state : tensor<1x8xf32>, tensor<1x8xf32>) outs(%e : tensor<1x8xf32>) {
    ^bb0(%a: f32, %s: f32, %o: f32):
      %sum = arith.addf %a, %s : f32
      %th = math.tanh %sum : f32
      linalg.yield %th : f32
    } -> tensor<1x8xf32>
    scf.yield %n : tensor<1x8xf32>
  }
  return %h : tensor<1x8xf32>
}

// Two states, each made by an op that reads the states element by element, neither read after
// its own op: both are written in place, and the loop bufferizes without a copy.
// CHECK-LABEL: func.func @two_states(
// CHECK:         scf.for {{.*}} iter_args(%[[A:.*]] = %a0, %[[B:.*]] = %b0)
// CHECK:           %[[NB:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<1x8xf32>) outs(%[[B]] : tensor<1x8xf32>)
// CHECK:           %[[NA:.*]] = linalg.generic {{.*}} outs(%[[A]] : tensor<1x8xf32>)
// CHECK-NEXT:      ^bb0(%[[OA:.*]]: f32):
// CHECK-NEXT:        math.tanh %[[OA]] : f32
// CHECK:           scf.yield %[[NA]], %[[NB]]
// BUFFERS-LABEL: func.func @two_states(
// BUFFERS-NOT:     memref.alloc
// BUFFERS:         return
func.func @two_states(%a0: tensor<1x8xf32>, %b0: tensor<1x8xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %t = %c0 to %c4 step %c1 iter_args(%a = %a0, %b = %b0) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
    %e = tensor.empty() : tensor<1x8xf32>
    %nb = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%a, %b : tensor<1x8xf32>, tensor<1x8xf32>) outs(%e : tensor<1x8xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<1x8xf32>
    %na = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%a : tensor<1x8xf32>) outs(%e : tensor<1x8xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = math.tanh %x : f32
      linalg.yield %s : f32
    } -> tensor<1x8xf32>
    scf.yield %na, %nb : tensor<1x8xf32>, tensor<1x8xf32>
  }
  return %r#0, %r#1 : tensor<1x8xf32>, tensor<1x8xf32>
}

// The cases left alone (Inputs/loop-results-kept.mlir):
// KEPT-LABEL: func.func @read_after(
// KEPT:         scf.for {{.*}} iter_args(%[[A:.*]] = %a0, %[[B:.*]] = %b0)
// KEPT:           %[[E:.*]] = tensor.empty()
// KEPT:           %[[NA:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[B]] : {{.*}}) outs(%[[E]] : tensor<1x8xf32>)
// KEPT:           %[[NB:.*]] = linalg.generic {{.*}} ins(%[[A]] : {{.*}}) outs(%[[B]] : tensor<1x8xf32>)
// KEPT:           scf.yield %[[NA]], %[[NB]]
// KEPT-LABEL: func.func @not_elementwise(
// KEPT:         %[[E:.*]] = tensor.empty() : tensor<8x8xf32>
// KEPT:         linalg.generic {{.*}} outs(%[[E]] : tensor<8x8xf32>)
// KEPT:         %[[E2:.*]] = tensor.empty() : tensor<8x8xf32>
// KEPT:         linalg.generic {{.*}} outs(%[[E2]] : tensor<8x8xf32>)

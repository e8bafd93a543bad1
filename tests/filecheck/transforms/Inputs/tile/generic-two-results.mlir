// A linalg.generic with two results (sum and product, the second output transposed):
// every result gets its own loop-carried destination and its own insert at its tile position.
#id = affine_map<(i, j) -> (i, j)>
#tr = affine_map<(i, j) -> (j, i)>
func.func @two_results(%x: tensor<12x10xf32>, %y: tensor<12x10xf32>, %s: tensor<12x10xf32>, %p: tensor<10x12xf32>) -> (tensor<12x10xf32>, tensor<10x12xf32>) {
  %0:2 = linalg.generic {indexing_maps = [#id, #id, #id, #tr], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<12x10xf32>, tensor<12x10xf32>) outs(%s, %p : tensor<12x10xf32>, tensor<10x12xf32>)
      attrs = {xfuse.tile_sizes = array<i64: 4, 5>} {
  ^bb0(%a: f32, %b: f32, %o1: f32, %o2: f32):
    %sum = arith.addf %a, %b : f32
    %prod = arith.mulf %a, %b : f32
    linalg.yield %sum, %prod : f32, f32
  } -> tensor<12x10xf32>, tensor<10x12xf32>
  return %0#0, %0#1 : tensor<12x10xf32>, tensor<10x12xf32>
}

// FOR-LABEL: func.func @two_results(
// FOR-SAME:      %{{.*}}: tensor<12x10xf32>, %{{.*}}: tensor<12x10xf32>, %[[S:.*]]: tensor<12x10xf32>, %[[P:.*]]: tensor<10x12xf32>)
// FOR:         %[[R0:.*]], %[[R1:.*]] = scf.for %[[I:.*]] = {{.*}} iter_args(%[[S1:.*]] = %[[S]], %[[P1:.*]] = %[[P]]) -> (tensor<12x10xf32>, tensor<10x12xf32>) {
// FOR-NEXT:      %[[RI0:.*]], %[[RI1:.*]] = scf.for %[[J:.*]] = {{.*}} iter_args(%[[S2:.*]] = %[[S1]], %[[P2:.*]] = %[[P1]]) -> (tensor<12x10xf32>, tensor<10x12xf32>) {
// FOR:             %[[SS:.*]] = tensor.extract_slice %[[S2]][%[[I]], %[[J]]] [4, 5] [1, 1]
// FOR-NEXT:        %[[SP:.*]] = tensor.extract_slice %[[P2]][%[[J]], %[[I]]] [5, 4] [1, 1]
// FOR-NEXT:        %[[T0:.*]], %[[T1:.*]] = linalg.generic {{.*}} outs(%[[SS]], %[[SP]] : tensor<4x5xf32>, tensor<5x4xf32>)
// FOR:             %[[INS0:.*]] = tensor.insert_slice %[[T0]] into %[[S2]][%[[I]], %[[J]]] [4, 5] [1, 1]
// FOR-NEXT:        %[[INS1:.*]] = tensor.insert_slice %[[T1]] into %[[P2]][%[[J]], %[[I]]] [5, 4] [1, 1]
// FOR-NEXT:        scf.yield %[[INS0]], %[[INS1]] : tensor<12x10xf32>, tensor<10x12xf32>
// FOR-NEXT:      }
// FOR-NEXT:      scf.yield %[[RI0]], %[[RI1]] : tensor<12x10xf32>, tensor<10x12xf32>
// FOR-NEXT:    }
// FOR-NEXT:    func.return %[[R0]], %[[R1]]

// FORALL-LABEL: func.func @two_results(
// FORALL:         scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (12, 10) step (4, 5) shared_outs(%[[S:.*]] = %{{.*}}, %[[P:.*]] = %{{.*}}) -> (tensor<12x10xf32>, tensor<10x12xf32>) {
// FORALL:           %[[T0:.*]], %[[T1:.*]] = linalg.generic
// FORALL:           scf.forall.in_parallel {
// FORALL-NEXT:        tensor.parallel_insert_slice %[[T0]] into %[[S]][%[[I]], %[[J]]] [4, 5] [1, 1]
// FORALL-NEXT:        tensor.parallel_insert_slice %[[T1]] into %[[P]][%[[J]], %[[I]]] [5, 4] [1, 1]
// FORALL-NEXT:      }

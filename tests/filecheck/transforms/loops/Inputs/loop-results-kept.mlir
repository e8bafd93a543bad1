// Loops whose next states xfuse-loop-results-in-place must leave alone (loop-results-in-place.mlir).
#id = affine_map<(d0, d1) -> (d0, d1)>

// Two states: %b's step reads %a after %a's next value is made, so %a's op keeps its
// tensor.empty (writing into %a would change what %b's step reads); %b's op is rewritten.
func.func @read_after(%a0: tensor<1x8xf32>, %b0: tensor<1x8xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %t = %c0 to %c4 step %c1 iter_args(%a = %a0, %b = %b0) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
    %e = tensor.empty() : tensor<1x8xf32>
    %na = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%a, %b : tensor<1x8xf32>, tensor<1x8xf32>) outs(%e : tensor<1x8xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<1x8xf32>
    %nb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%a : tensor<1x8xf32>) outs(%e : tensor<1x8xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = math.tanh %x : f32
      linalg.yield %s : f32
    } -> tensor<1x8xf32>
    scf.yield %na, %nb : tensor<1x8xf32>, tensor<1x8xf32>
  }
  return %r#0, %r#1 : tensor<1x8xf32>, tensor<1x8xf32>
}

// A transposition (not an identity output map) and a state that reads its destination keep theirs.
func.func @not_elementwise(%m0: tensor<8x8xf32>, %p0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r:2 = scf.for %t = %c0 to %c3 step %c1 iter_args(%m = %m0, %p = %p0) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
    %e = tensor.empty() : tensor<8x8xf32>
    %tr = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]}
        ins(%m : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
    ^bb0(%v: f32, %o: f32):
      linalg.yield %v : f32
    } -> tensor<8x8xf32>
    %e2 = tensor.empty() : tensor<8x8xf32>
    %acc = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%p : tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.addf %v, %o : f32
      linalg.yield %s : f32
    } -> tensor<8x8xf32>
    scf.yield %tr, %acc : tensor<8x8xf32>, tensor<8x8xf32>
  }
  return %r#0, %r#1 : tensor<8x8xf32>, tensor<8x8xf32>
}

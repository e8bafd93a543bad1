// Loops carrying a tensor state (xfuse/backends/in_place/loop_results_in_place.py) whose next state may not be
// computed in place (one-shot-bufferize refuses them: not compiled). f32.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Two states: %a's next value is made before %b's, which reads %a: writing it into %a's buffer
// would change what %b's step reads, so only %b's is rewritten.
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

// The next state is a reduction (it reads its destination) and a transposition (not an identity
// output map): neither writes each element once from the inputs alone, neither is rewritten.
func.func @not_elementwise(%s0: tensor<8xf32>, %m0: tensor<8x8xf32>, %x: tensor<8x8xf32>) -> (tensor<8xf32>, tensor<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r:2 = scf.for %t = %c0 to %c3 step %c1 iter_args(%s = %s0, %m = %m0) -> (tensor<8xf32>, tensor<8x8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %n = arith.addf %v, %acc : f32
      linalg.yield %n : f32
    } -> tensor<8xf32>
    %e2 = tensor.empty() : tensor<8x8xf32>
    %tr = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]}
        ins(%m : tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) {
    ^bb0(%v: f32, %o: f32):
      linalg.yield %v : f32
    } -> tensor<8x8xf32>
    scf.yield %sum, %tr : tensor<8xf32>, tensor<8x8xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<8x8xf32>
}

// Contractions as torch-mlir and users also write them: a generic matmul with B transposed, a
// named matmul with a transposed A (indexing_maps), a batch matmul whose weight is broadcast
// over the batch by its indexing map; each followed by an elementwise op.
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#bt = affine_map<(d0, d1, d2) -> (d1, d2)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
#at = affine_map<(d0, d1, d2) -> (d2, d0)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#ba = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#bw = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#bc = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @contractions(%x: tensor<8x32xf32>, %wt: tensor<16x32xf32>, %xt: tensor<32x8xf32>,
                        %w: tensor<32x16xf32>, %xb: tensor<2x8x32xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<2x8x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %m1 = linalg.generic {indexing_maps = [#a, #bt, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %wt : tensor<8x32xf32>, tensor<16x32xf32>) outs(%f : tensor<8x16xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %prod = arith.mulf %p, %q : f32
    %sum = arith.addf %acc, %prod : f32
    linalg.yield %sum : f32
  } -> tensor<8x16xf32>
  %r1 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%m1 : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<8x16xf32>
  %m2 = linalg.matmul indexing_maps = [#at, #b, #c] ins(%xt, %w : tensor<32x8xf32>, tensor<32x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  %r2 = linalg.exp ins(%m2 : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %eb = tensor.empty() : tensor<2x8x16xf32>
  %fb = linalg.fill ins(%zero : f32) outs(%eb : tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
  %m3 = linalg.generic {indexing_maps = [#ba, #bw, #bc], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%xb, %w : tensor<2x8x32xf32>, tensor<32x16xf32>) outs(%fb : tensor<2x8x16xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %prod = arith.mulf %p, %q : f32
    %sum = arith.addf %acc, %prod : f32
    linalg.yield %sum : f32
  } -> tensor<2x8x16xf32>
  %r3 = linalg.negf ins(%m3 : tensor<2x8x16xf32>) outs(%eb : tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
  return %r1, %r2, %r3 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<2x8x16xf32>
}

// Matmuls reading weight arguments, as xfuse.onnx's importer and xfuse-nhwc leave them:
// @ffn, an FFN projection (torch-mlir's MatMul of a 3-D activation: the 256x1024 weight, 1 MB,
// copied over the batch into a batch_matmul); @classifier, a Gemm with transB = 1 (the weight
// stored 1000 x 512, its transpose folded into the argument's layout) on one row, whose
// accumulator is a bias broadcast; @small, a 128 KiB - 4 B weight is not worth blocking; the
// other three matmuls read a non-weight, a weight read twice, and a weight 8 columns wide.
func.func @ffn(%x: tensor<1x128x256xf32>, %w: tensor<256x1024xf32> {xfuse.weight}) -> tensor<1x128x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x256x1024xf32>
  %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                          iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%w : tensor<256x1024xf32>) outs(%e : tensor<1x256x1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x256x1024xf32>
  %r = tensor.empty() : tensor<1x128x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%r : tensor<1x128x1024xf32>) -> tensor<1x128x1024xf32>
  %y = linalg.batch_matmul ins(%x, %copy : tensor<1x128x256xf32>, tensor<1x256x1024xf32>)
      outs(%f : tensor<1x128x1024xf32>) -> tensor<1x128x1024xf32>
  return %y : tensor<1x128x1024xf32>
}

func.func @classifier(%x: tensor<1x512xf32>, %w: tensor<512x1000xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 1, 0>},
                      %b: tensor<1000xf32> {xfuse.weight}) -> tensor<1x1000xf32> {
  %e = tensor.empty() : tensor<1x1000xf32>
  %bias = linalg.broadcast ins(%b : tensor<1000xf32>) outs(%e : tensor<1x1000xf32>) dimensions = [0]
  %y = linalg.matmul ins(%x, %w : tensor<1x512xf32>, tensor<512x1000xf32>) outs(%bias : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  return %y : tensor<1x1000xf32>
}

func.func @small(%x: tensor<4x127xf32>, %w: tensor<127x256xf32> {xfuse.weight}, %v: tensor<256x512xf32>,
                 %u: tensor<256x512xf32> {xfuse.weight}, %y: tensor<4x8192xf32>, %t: tensor<8192x8xf32> {xfuse.weight})
    -> (tensor<4x256xf32>, tensor<4x512xf32>, tensor<4x512xf32>, tensor<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x256xf32>) -> tensor<4x256xf32>
  %a = linalg.matmul ins(%x, %w : tensor<4x127xf32>, tensor<127x256xf32>) outs(%f : tensor<4x256xf32>) -> tensor<4x256xf32>
  %e2 = tensor.empty() : tensor<4x512xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4x512xf32>) -> tensor<4x512xf32>
  %b = linalg.matmul ins(%a, %v : tensor<4x256xf32>, tensor<256x512xf32>) outs(%f2 : tensor<4x512xf32>) -> tensor<4x512xf32>
  %c = linalg.matmul ins(%a, %u : tensor<4x256xf32>, tensor<256x512xf32>) outs(%f2 : tensor<4x512xf32>) -> tensor<4x512xf32>
  %d = linalg.matmul ins(%a, %u : tensor<4x256xf32>, tensor<256x512xf32>) outs(%c : tensor<4x512xf32>) -> tensor<4x512xf32>
  %e3 = tensor.empty() : tensor<4x8xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %g = linalg.matmul ins(%y, %t : tensor<4x8192xf32>, tensor<8192x8xf32>) outs(%f3 : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %a, %b, %d, %g : tensor<4x256xf32>, tensor<4x512xf32>, tensor<4x512xf32>, tensor<4x8xf32>
}

// Epilogues: @projection, torch-mlir's MatMul + bias Add + residual Add (3-D generics after the
// batch_matmul), then an op read twice that stays outside; @fc, a 2-D bias add and ReLU;
// @mlp_gelu, ViT's fc1 as torch-mlir writes it: a 2-D matmul and bias add, expanded to 3-D, then
// the GELU (one generic after xfuse-merge-elementwise) on the expanded value.
func.func @projection(%x: tensor<1x128x256xf32>, %w: tensor<256x512xf32> {xfuse.weight}, %b: tensor<512xf32> {xfuse.weight},
                      %res: tensor<1x128x512xf32>) -> (tensor<1x128x512xf32>, tensor<1x128x512xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x256x512xf32>
  %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                          iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%w : tensor<256x512xf32>) outs(%e : tensor<1x256x512xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x256x512xf32>
  %r = tensor.empty() : tensor<1x128x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%r : tensor<1x128x512xf32>) -> tensor<1x128x512xf32>
  %y = linalg.batch_matmul ins(%x, %copy : tensor<1x128x256xf32>, tensor<1x256x512xf32>)
      outs(%f : tensor<1x128x512xf32>) -> tensor<1x128x512xf32>
  %biased = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                            iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%y, %b : tensor<1x128x512xf32>, tensor<512xf32>) outs(%r : tensor<1x128x512xf32>) {
  ^bb0(%in: f32, %in_b: f32, %out: f32):
    %s = arith.addf %in, %in_b : f32
    linalg.yield %s : f32
  } -> tensor<1x128x512xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%res, %biased : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%r : tensor<1x128x512xf32>) {
  ^bb0(%in: f32, %in_y: f32, %out: f32):
    %s = arith.addf %in, %in_y : f32
    linalg.yield %s : f32
  } -> tensor<1x128x512xf32>
  %twice = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                           iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sum : tensor<1x128x512xf32>) outs(%r : tensor<1x128x512xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<1x128x512xf32>
  return %twice, %sum : tensor<1x128x512xf32>, tensor<1x128x512xf32>
}

func.func @fc(%x: tensor<1x512xf32>, %w: tensor<512x1024xf32> {xfuse.weight}, %b: tensor<1024xf32> {xfuse.weight}) -> tensor<1x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1024xf32>) -> tensor<1x1024xf32>
  %y = linalg.matmul ins(%x, %w : tensor<1x512xf32>, tensor<512x1024xf32>) outs(%f : tensor<1x1024xf32>) -> tensor<1x1024xf32>
  %biased = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                            iterator_types = ["parallel", "parallel"]}
      ins(%y, %b : tensor<1x1024xf32>, tensor<1024xf32>) outs(%e : tensor<1x1024xf32>) {
  ^bb0(%in: f32, %in_b: f32, %out: f32):
    %s = arith.addf %in, %in_b : f32
    linalg.yield %s : f32
  } -> tensor<1x1024xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%biased : tensor<1x1024xf32>) outs(%e : tensor<1x1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.maximumf %in, %zero : f32
    linalg.yield %s : f32
  } -> tensor<1x1024xf32>
  return %relu : tensor<1x1024xf32>
}

func.func @mlp_gelu(%x: tensor<8x192xf32>, %w: tensor<192x768xf32> {xfuse.weight}, %b: tensor<768xf32> {xfuse.weight}) -> tensor<1x8x768xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<8x768xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x768xf32>) -> tensor<8x768xf32>
  %y = linalg.matmul ins(%x, %w : tensor<8x192xf32>, tensor<192x768xf32>) outs(%f : tensor<8x768xf32>) -> tensor<8x768xf32>
  %biased = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                            iterator_types = ["parallel", "parallel"]}
      ins(%y, %b : tensor<8x768xf32>, tensor<768xf32>) outs(%e : tensor<8x768xf32>) {
  ^bb0(%in: f32, %in_b: f32, %out: f32):
    %s = arith.addf %in, %in_b : f32
    linalg.yield %s : f32
  } -> tensor<8x768xf32>
  %expanded = tensor.expand_shape %biased [[0, 1], [2]] output_shape [1, 8, 768] : tensor<8x768xf32> into tensor<1x8x768xf32>
  %r = tensor.empty() : tensor<1x8x768xf32>
  %gelu = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                          iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%expanded : tensor<1x8x768xf32>) outs(%r : tensor<1x8x768xf32>) {
  ^bb0(%in: f32, %out: f32):
    %h = arith.mulf %in, %half : f32
    %t = math.tanh %in : f32
    %s = arith.mulf %h, %t : f32
    linalg.yield %s : f32
  } -> tensor<1x8x768xf32>
  return %gelu : tensor<1x8x768xf32>
}

func.func @shared_fill(%x: tensor<197x192xf32>, %w: tensor<192x576xf32> {xfuse.weight}, %b: tensor<576xf32> {xfuse.weight}, %v: tensor<192x576xf32> {xfuse.weight}) -> (tensor<197x576xf32>, tensor<197x576xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<197x576xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<197x576xf32>) -> tensor<197x576xf32>
  %y = linalg.matmul ins(%x, %w : tensor<197x192xf32>, tensor<192x576xf32>) outs(%f : tensor<197x576xf32>) -> tensor<197x576xf32>
  %biased = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                            iterator_types = ["parallel", "parallel"]}
      ins(%y, %b : tensor<197x576xf32>, tensor<576xf32>) outs(%e : tensor<197x576xf32>) {
  ^bb0(%in: f32, %in_b: f32, %out: f32):
    %s = arith.addf %in, %in_b : f32
    linalg.yield %s : f32
  } -> tensor<197x576xf32>
  %z = linalg.matmul ins(%x, %v : tensor<197x192xf32>, tensor<192x576xf32>) outs(%f : tensor<197x576xf32>) -> tensor<197x576xf32>
  return %biased, %z : tensor<197x576xf32>, tensor<197x576xf32>
}

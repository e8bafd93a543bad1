// Two 3x3 stride-1 convolutions whose tile rows do not divide into blocks evenly: a 58 x 58
// output (29 tile rows) with a bias broadcast, a residual add and a ReLU after it, and an odd
// 25 x 25 output (13 tile rows) from a zero fill.
func.func @layer(%x: tensor<1x60x60x64xf32>, %r: tensor<1x58x58x64xf32>,
                 %w: tensor<3x3x64x64xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %b: tensor<64xf32> {xfuse.weight},
                 %z: tensor<1x27x27x64xf32>,
                 %v: tensor<3x3x64x32xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
    -> (tensor<1x58x58x64xf32>, tensor<1x25x25x32xf32>) {
  %e = tensor.empty() : tensor<1x58x58x64xf32>
  %bb = linalg.broadcast ins(%b : tensor<64xf32>) outs(%e : tensor<1x58x58x64xf32>) dimensions = [0, 1, 2]
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x60x60x64xf32>, tensor<3x3x64x64xf32>) outs(%bb : tensor<1x58x58x64xf32>) -> tensor<1x58x58x64xf32>
  %e2 = tensor.empty() : tensor<1x58x58x64xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
         ins(%c, %r : tensor<1x58x58x64xf32>, tensor<1x58x58x64xf32>) outs(%e2 : tensor<1x58x58x64xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %sum = arith.addf %in, %in2 : f32
    %zero = arith.constant 0.0 : f32
    %relu = arith.maximumf %sum, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<1x58x58x64xf32>
  %zero = arith.constant 0.0 : f32
  %e3 = tensor.empty() : tensor<1x25x25x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x25x25x32xf32>) -> tensor<1x25x25x32xf32>
  %d = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%z, %v : tensor<1x27x27x64xf32>, tensor<3x3x64x32xf32>) outs(%f : tensor<1x25x25x32xf32>) -> tensor<1x25x25x32xf32>
  func.return %s, %d : tensor<1x58x58x64xf32>, tensor<1x25x25x32xf32>
}

#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @layer(%x: tensor<1x13x13x512xf32>,
                 %w: tensor<1x1x512x1000xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %b: tensor<1000xf32> {xfuse.weight}) -> tensor<1x13x13x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x13x13x1000xf32>
  %init = linalg.broadcast ins(%b : tensor<1000xf32>) outs(%e : tensor<1x13x13x1000xf32>) dimensions = [0, 1, 2]
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x13x13x512xf32>, tensor<1x1x512x1000xf32>)
      outs(%init : tensor<1x13x13x1000xf32>) -> tensor<1x13x13x1000xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%c : tensor<1x13x13x1000xf32>) outs(%e : tensor<1x13x13x1000xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x13x13x1000xf32>
  return %relu : tensor<1x13x13x1000xf32>
}

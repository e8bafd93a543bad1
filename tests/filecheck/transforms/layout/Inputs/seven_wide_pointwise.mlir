// ResNet-50's last stage: a 1x1, 2048 -> 512 filter (4 MB) on a 7x7 map, and the stride-2 1x1,
// 1024 -> 2048 shortcut (8 MB) from 14x14 to 7x7 behind a ReLU (so that it is fused op by op).
func.func @layer(%x: tensor<1x7x7x2048xf32>, %w: tensor<1x1x2048x512xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %y: tensor<1x14x14x1024xf32>, %v: tensor<1x1x1024x2048xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>})
    -> (tensor<1x7x7x512xf32>, tensor<1x7x7x2048xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<1x7x7x2048xf32>, tensor<1x1x2048x512xf32>) outs(%f : tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
  %ey = tensor.empty() : tensor<1x14x14x1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
         ins(%y : tensor<1x14x14x1024xf32>) outs(%ey : tensor<1x14x14x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x14x14x1024xf32>
  %e2 = tensor.empty() : tensor<1x7x7x2048xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x7x7x2048xf32>) -> tensor<1x7x7x2048xf32>
  %d = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
         ins(%r, %v : tensor<1x14x14x1024xf32>, tensor<1x1x1024x2048xf32>) outs(%f2 : tensor<1x7x7x2048xf32>) -> tensor<1x7x7x2048xf32>
  return %c, %d : tensor<1x7x7x512xf32>, tensor<1x7x7x2048xf32>
}

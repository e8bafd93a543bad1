// DenseNet-121's 1x1 bottleneck of its first block's last layer: 56x56x224 -> 128 (a 112 KiB
// filter whose 896-byte HWCF rows thrash L1, on a 2.7 MiB input, over L2), with its bias; @produced
// the same after its batch norm and ReLU (one generic).
func.func @layer(%x: tensor<1x56x56x224xf32>, %w: tensor<1x1x224x128xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %b: tensor<128xf32>) -> tensor<1x56x56x128xf32> {
  %e = tensor.empty() : tensor<1x56x56x128xf32>
  %f = linalg.broadcast ins(%b : tensor<128xf32>) outs(%e : tensor<1x56x56x128xf32>) dimensions = [0, 1, 2]
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<1x56x56x224xf32>, tensor<1x1x224x128xf32>) outs(%f : tensor<1x56x56x128xf32>) -> tensor<1x56x56x128xf32>
  return %c : tensor<1x56x56x128xf32>
}

#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
#ch = affine_map<(n, h, w, c) -> (c)>
func.func @produced(%x: tensor<1x56x56x224xf32>, %s: tensor<224xf32>,
                    %w: tensor<1x1x224x128xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                    %b: tensor<128xf32>) -> tensor<1x56x56x128xf32> {
  %zero = arith.constant 0.0 : f32
  %ex = tensor.empty() : tensor<1x56x56x224xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%x, %s : tensor<1x56x56x224xf32>, tensor<224xf32>) outs(%ex : tensor<1x56x56x224xf32>) {
  ^bb0(%a: f32, %k: f32, %o: f32):
    %m = arith.mulf %a, %k : f32
    %r = arith.maximumf %m, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x56x56x224xf32>
  %e = tensor.empty() : tensor<1x56x56x128xf32>
  %f = linalg.broadcast ins(%b : tensor<128xf32>) outs(%e : tensor<1x56x56x128xf32>) dimensions = [0, 1, 2]
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%bn, %w : tensor<1x56x56x224xf32>, tensor<1x1x224x128xf32>) outs(%f : tensor<1x56x56x128xf32>) -> tensor<1x56x56x128xf32>
  return %c : tensor<1x56x56x128xf32>
}

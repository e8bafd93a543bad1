// A residual block's tail as torch-mlir and xfuse-nhwc leave it: two convolutions with large
// HWCF weight filters (3x3, 128 -> 256: 1.2 MB), each starting from a broadcast of its bias;
// the second one's result is added to the first one's (computed before it) and rectified, and a
// third op reads that. The first convolution's result has two users (the add and the return),
// so it has no epilogue.
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @block(%x: tensor<1x7x7x128xf32>, %w1: tensor<3x3x128x256xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %b1: tensor<256xf32> {xfuse.weight}, %w2: tensor<3x3x128x256xf32> {xfuse.weight, xfuse.weight_layout = array<i64: 2, 3, 1, 0>},
                 %b2: tensor<256xf32> {xfuse.weight})
    -> (tensor<1x5x5x256xf32>, tensor<1x5x5x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x5x256xf32>
  %init1 = linalg.broadcast ins(%b1 : tensor<256xf32>) outs(%e : tensor<1x5x5x256xf32>) dimensions = [0, 1, 2]
  %c1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
          ins(%x, %w1 : tensor<1x7x7x128xf32>, tensor<3x3x128x256xf32>) outs(%init1 : tensor<1x5x5x256xf32>) -> tensor<1x5x5x256xf32>
  %init2 = linalg.broadcast ins(%b2 : tensor<256xf32>) outs(%e : tensor<1x5x5x256xf32>) dimensions = [0, 1, 2]
  %c2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
          ins(%x, %w2 : tensor<1x7x7x128xf32>, tensor<3x3x128x256xf32>) outs(%init2 : tensor<1x5x5x256xf32>) -> tensor<1x5x5x256xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%c2, %c1 : tensor<1x5x5x256xf32>, tensor<1x5x5x256xf32>) outs(%e : tensor<1x5x5x256xf32>) {
  ^bb0(%a: f32, %r: f32, %o: f32):
    %s = arith.addf %a, %r : f32
    linalg.yield %s : f32
  } -> tensor<1x5x5x256xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%sum : tensor<1x5x5x256xf32>) outs(%e : tensor<1x5x5x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = arith.cmpf ugt, %a, %zero : f32
    %m = arith.select %p, %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x5x5x256xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%relu : tensor<1x5x5x256xf32>) outs(%e : tensor<1x5x5x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<1x5x5x256xf32>
  return %c1, %neg : tensor<1x5x5x256xf32>, tensor<1x5x5x256xf32>
}

// A ShuffleNet unit's tail as torch-mlir imports it: a grouped 1x1 convolution (2 groups of
// 4 -> 3 channels) with a filter and a bias argument, its result collapsed back to NCHW, a
// residual added (an argument) and rectified, then negated by an op that reads the residual
// again (a second user stops nothing: the residual is not the chain's running value).
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
func.func @grouped_chain(%x: tensor<1x8x5x5xf32>, %w: tensor<6x4x1x1xf32>, %b: tensor<6xf32>, %res: tensor<1x6x5x5xf32>)
    -> (tensor<1x6x5x5xf32>, tensor<1x6x5x5xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x5x5xf32>
  %bias = linalg.broadcast ins(%b : tensor<6xf32>) outs(%e : tensor<1x6x5x5xf32>) dimensions = [0, 2, 3]
  %x5 = tensor.expand_shape %x [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 5, 5] : tensor<1x8x5x5xf32> into tensor<1x2x4x5x5xf32>
  %w5 = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [2, 3, 4, 1, 1] : tensor<6x4x1x1xf32> into tensor<2x3x4x1x1xf32>
  %b5 = tensor.expand_shape %bias [[0], [1, 2], [3], [4]] output_shape [1, 2, 3, 5, 5] : tensor<1x6x5x5xf32> into tensor<1x2x3x5x5xf32>
  %c = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x5, %w5 : tensor<1x2x4x5x5xf32>, tensor<2x3x4x1x1xf32>) outs(%b5 : tensor<1x2x3x5x5xf32>) -> tensor<1x2x3x5x5xf32>
  %r = tensor.collapse_shape %c [[0], [1, 2], [3], [4]] : tensor<1x2x3x5x5xf32> into tensor<1x6x5x5xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%r, %res : tensor<1x6x5x5xf32>, tensor<1x6x5x5xf32>) outs(%e : tensor<1x6x5x5xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %t = arith.addf %a, %s : f32
    linalg.yield %t : f32
  } -> tensor<1x6x5x5xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%sum : tensor<1x6x5x5xf32>) outs(%e : tensor<1x6x5x5xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = arith.cmpf ugt, %a, %zero : f32
    %m = arith.select %p, %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x6x5x5xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%res : tensor<1x6x5x5xf32>) outs(%e : tensor<1x6x5x5xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<1x6x5x5xf32>
  return %relu, %neg : tensor<1x6x5x5xf32>, tensor<1x6x5x5xf32>
}

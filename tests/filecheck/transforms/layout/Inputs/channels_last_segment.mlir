// channels_last_segment: a network that moves its channels last itself between two convolutions
// (ConvNeXt's Transpose to NHWC rows, a per-channel op on the rows, Transpose back), written by
// hand; @rows_read_twice also returns the rows, @swaps_h_and_w transposes H and W (no pair).
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#last = affine_map<(d0, d1, d2, d3) -> (d3)>
module {
  func.func @segment(%x: tensor<1x4x6x6xf32>, %w: tensor<4x4x1x1xf32>, %scale: tensor<4xf32>) -> tensor<1x4x6x6xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e0 = tensor.empty() : tensor<1x4x6x6xf32>
    %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %c0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x4x6x6xf32>, tensor<4x4x1x1xf32>) outs(%f0 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %e1 = tensor.empty() : tensor<1x6x6x4xf32>
    %rows = linalg.transpose ins(%c0 : tensor<1x4x6x6xf32>) outs(%e1 : tensor<1x6x6x4xf32>) permutation = [0, 2, 3, 1]
    %scaled = linalg.generic {indexing_maps = [#map, #last, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%rows, %scale : tensor<1x6x6x4xf32>, tensor<4xf32>) outs(%e1 : tensor<1x6x6x4xf32>) {
    ^bb0(%in: f32, %s: f32, %out: f32):
      %m = arith.mulf %in, %s : f32
      linalg.yield %m : f32
    } -> tensor<1x6x6x4xf32>
    %e2 = tensor.empty() : tensor<1x4x6x6xf32>
    %back = linalg.transpose ins(%scaled : tensor<1x6x6x4xf32>) outs(%e2 : tensor<1x4x6x6xf32>) permutation = [0, 3, 1, 2]
    %f1 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%back, %w : tensor<1x4x6x6xf32>, tensor<4x4x1x1xf32>) outs(%f1 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    return %c1 : tensor<1x4x6x6xf32>
  }
  func.func @rows_read_twice(%x: tensor<1x4x6x6xf32>, %w: tensor<4x4x1x1xf32>) -> (tensor<1x6x6x4xf32>, tensor<1x4x6x6xf32>) {
    %zero = arith.constant 0.000000e+00 : f32
    %e0 = tensor.empty() : tensor<1x4x6x6xf32>
    %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %c0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x4x6x6xf32>, tensor<4x4x1x1xf32>) outs(%f0 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %e1 = tensor.empty() : tensor<1x6x6x4xf32>
    %rows = linalg.transpose ins(%c0 : tensor<1x4x6x6xf32>) outs(%e1 : tensor<1x6x6x4xf32>) permutation = [0, 2, 3, 1]
    %e2 = tensor.empty() : tensor<1x4x6x6xf32>
    %back = linalg.transpose ins(%rows : tensor<1x6x6x4xf32>) outs(%e2 : tensor<1x4x6x6xf32>) permutation = [0, 3, 1, 2]
    %f1 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%back, %w : tensor<1x4x6x6xf32>, tensor<4x4x1x1xf32>) outs(%f1 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    return %rows, %c1 : tensor<1x6x6x4xf32>, tensor<1x4x6x6xf32>
  }
  func.func @swaps_h_and_w(%x: tensor<1x4x6x6xf32>, %w: tensor<4x4x1x1xf32>) -> tensor<1x4x6x6xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e0 = tensor.empty() : tensor<1x4x6x6xf32>
    %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %c0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x4x6x6xf32>, tensor<4x4x1x1xf32>) outs(%f0 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %swapped = linalg.transpose ins(%c0 : tensor<1x4x6x6xf32>) outs(%e0 : tensor<1x4x6x6xf32>) permutation = [0, 1, 3, 2]
    %f1 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%swapped, %w : tensor<1x4x6x6xf32>, tensor<4x4x1x1xf32>) outs(%f1 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    return %c1 : tensor<1x4x6x6xf32>
  }
}

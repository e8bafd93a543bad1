// Ops xfuse-nhwc cannot move to NHWC: each keeps its layout and gets a transpose.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// A filter computed in the function (neither an argument nor a constant), and an elementwise
// op that reads its loop indices.
func.func @computed_filter(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %ew = tensor.empty() : tensor<3x2x3x3xf32>
  %w2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
         ins(%w : tensor<3x2x3x3xf32>) outs(%ew : tensor<3x2x3x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.mulf %in, %in : f32
    linalg.yield %t : f32
  } -> tensor<3x2x3x3xf32>
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w2 : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %i = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
         ins(%c : tensor<1x3x3x3xf32>) outs(%e : tensor<1x3x3x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %ch = linalg.index 1 : index
    %chi = arith.index_cast %ch : index to i32
    %chf = arith.sitofp %chi : i32 to f32
    %s = arith.addf %in, %chf : f32
    linalg.yield %s : f32
  } -> tensor<1x3x3x3xf32>
  return %i : tensor<1x3x3x3xf32>
}

// A function called in the module: its filter argument keeps its type (the caller passes FCHW).
func.func @callee(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %c : tensor<1x3x3x3xf32>
}

func.func @caller(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %r = func.call @callee(%x, %w) : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %r : tensor<1x3x3x3xf32>
}

// A grouped convolution with an FGCHW filter: MLIR has no channels-last form of it.
func.func @grouped_fgchw(%x: tensor<1x2x3x5x5xf32>, %w: tensor<4x2x3x3x3xf32>, %o: tensor<1x2x4x3x3xf32>) -> tensor<1x2x4x3x3xf32> {
  %c = linalg.conv_2d_ngchw_fgchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<1x2x3x5x5xf32>, tensor<4x2x3x3x3xf32>) outs(%o : tensor<1x2x4x3x3xf32>) -> tensor<1x2x4x3x3xf32>
  return %c : tensor<1x2x4x3x3xf32>
}

// A flatten of a spatial tensor (before a classifier) fixes the NCHW order of its elements.
func.func @flatten(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x27xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %flat = tensor.collapse_shape %c [[0], [1, 2, 3]] : tensor<1x3x3x3xf32> into tensor<1x27xf32>
  return %flat : tensor<1x27xf32>
}

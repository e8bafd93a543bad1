// grouped_conv: made by Inputs/make_inputs.py (onnx.helper model, torch-mlir lowering); do not edit.
module {
  func.func @g(%arg0: tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32> {
    %cst = arith.constant dense<[1.11479926, 0.0561222509, 0.451425344, -0.607526838, -1.40964568, 0.067665562, 0.13098155, 0.360149831]> : tensor<8xf32>
    %cst_0 = arith.constant dense<[[[[[-5.374970e-01]], [[0.209352911]], [[-0.169102639]], [[-0.406706184]]], [[[1.08053982]], [[-0.502065539]], [[0.448717505]], [[0.55215627]]], [[[-0.505900741]], [[-0.94861263]], [[-0.890319943]], [[-0.399791747]]], [[[0.111332335]], [[0.167721063]], [[-0.0945232883]], [[-0.0526532941]]]], [[[[0.487023681]], [[0.384076476]], [[0.189377114]], [[-0.308483571]]], [[[0.388786376]], [[0.0906048417]], [[-0.37391758]], [[-0.288447946]]], [[[0.614323854]], [[0.922690987]], [[-0.264863372]], [[-1.03903413]]], [[[0.293731868]], [[-0.451631427]], [[0.366249084]], [[-0.18797864]]]]]> : tensor<2x4x4x1x1xf32>
    %0 = tensor.empty() : tensor<1x8x6x6xf32>
    %broadcasted = linalg.broadcast ins(%cst : tensor<8xf32>) outs(%0 : tensor<1x8x6x6xf32>) dimensions = [0, 2, 3] 
    %expanded = tensor.expand_shape %arg0 [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 6, 6] : tensor<1x8x6x6xf32> into tensor<1x2x4x6x6xf32>
    %expanded_1 = tensor.expand_shape %broadcasted [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 6, 6] : tensor<1x8x6x6xf32> into tensor<1x2x4x6x6xf32>
    %1 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded, %cst_0 : tensor<1x2x4x6x6xf32>, tensor<2x4x4x1x1xf32>) outs(%expanded_1 : tensor<1x2x4x6x6xf32>) -> tensor<1x2x4x6x6xf32>
    %collapsed = tensor.collapse_shape %1 [[0], [1, 2], [3], [4]] : tensor<1x2x4x6x6xf32> into tensor<1x8x6x6xf32>
    return %collapsed : tensor<1x8x6x6xf32>
  }
}

// A 128-channel depthwise 3x3 layer at 28 x 28 (pre-padded input), planned for AVX-512 (znver4):
// with depthwise_tiles.DEPTHWISE_ONE_VECTOR its register tile is one 16-lane vector of channels by 14 pixels
// (14 accumulators), not the matmul cost model's 14 x 32 (28 accumulators beside a `kw`-whole
// step's input vectors, which spill). A dense convolution (second function) keeps 14 x 32.
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.target import CpuTarget; from xfuse.backends.schedules import conv, depthwise_tiles; depthwise_tiles.DEPTHWISE_ONE_VECTOR = True; m = parse(open(sys.argv[1]).read()); g = conv.plan_convolutions(m, CpuTarget('znver4', 512, 32, True)); print('\n'.join(conv.conv_schedule_bodies(g)))" %s | filecheck %s
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.target import CpuTarget; from xfuse.backends.schedules import conv, depthwise_tiles; depthwise_tiles.DEPTHWISE_ONE_VECTOR = False; m = parse(open(sys.argv[1]).read()); g = conv.plan_convolutions(m, CpuTarget('znver4', 512, 32, True)); print('\n'.join(conv.conv_schedule_bodies(g)))" %s | filecheck %s --check-prefix=OFF

// CHECK:       // conv group 0: depthwise, register tile 14 pixels x 16 channels (14 accumulators of 16 lanes)
// CHECK:       transform.structured.fuse %{{.*}} tile_sizes [1, 1, 14, 16]
// CHECK:       transform.structured.tile_using_for %{{.*}} tile_sizes [0, 0, 0, 0, 1, 0]
// CHECK:       // conv group 1: conv, register tile 14 pixels x 32 channels
// CHECK:       tile_sizes [1, 1, 14, 32]

// OFF:         // conv group 0: depthwise, register tile 14 pixels x 32 channels (28 accumulators of 16 lanes)
// OFF:         transform.structured.fuse %{{.*}} tile_sizes [1, 1, 14, 32]
// OFF:         // conv group 1: conv, register tile 14 pixels x 32 channels

func.func @depthwise(%x: tensor<1x30x30x128xf32>, %w: tensor<3x3x128xf32>, %b: tensor<128xf32>) -> tensor<1x28x28x128xf32> {
  %empty = tensor.empty() : tensor<1x28x28x128xf32>
  %bias = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<128xf32>) outs(%empty : tensor<1x28x28x128xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<1x28x28x128xf32>
  %y = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x30x30x128xf32>, tensor<3x3x128xf32>) outs(%bias : tensor<1x28x28x128xf32>) -> tensor<1x28x28x128xf32>
  func.return %y : tensor<1x28x28x128xf32>
}

func.func @dense(%x: tensor<1x30x30x64xf32>, %w: tensor<3x3x64x128xf32>, %b: tensor<128xf32>) -> tensor<1x28x28x128xf32> {
  %empty = tensor.empty() : tensor<1x28x28x128xf32>
  %bias = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<128xf32>) outs(%empty : tensor<1x28x28x128xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<1x28x28x128xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x30x30x64xf32>, tensor<3x3x64x128xf32>) outs(%bias : tensor<1x28x28x128xf32>) -> tensor<1x28x28x128xf32>
  func.return %y : tensor<1x28x28x128xf32>
}

// A 14x14 1x1 1024 -> 256 layer in xfuse-block-filters' loop (blocks of 16, flattened to 196
// pixels), its input a ReLU, a bias broadcast before and a ReLU after it: with
// pointwise_chunks.py's `RESULT_MAX_BYTES`, its reduction is tiled in chunks of 256 channels
// (16 KiB of the 64 KiB panel) before the 4x16 register tiles, the broadcast is marked and writes
// a `tensor.empty` of its own (the partial sums a contiguous block, not the output's slice), and
// is vectorized before the chunk loop. Off (0, the default), none of it. With 576 channels
// (Inception-v2's 576 -> 192), chunks of 192.
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.target import CpuTarget; from xfuse.backends.schedules import pointwise_chunks; from xfuse.backends.schedules.conv import plan_convolutions, conv_schedule_bodies; pointwise_chunks.RESULT_MAX_BYTES = 16384; m = parse(open(sys.argv[1]).read()); g = plan_convolutions(m, CpuTarget('znver3', 256, 16, True)); print(m); print(conv_schedule_bodies(g)[0])" %s | filecheck %s
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.target import CpuTarget; from xfuse.backends.schedules.conv import plan_convolutions, conv_schedule_bodies; m = parse(open(sys.argv[1]).read()); g = plan_convolutions(m, CpuTarget('znver3', 256, 16, True)); print(m); print(conv_schedule_bodies(g)[0])" %s | filecheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @layer
// CHECK:       scf.forall (%{{.*}}) in (16)
// CHECK:         %[[SLICE:.*]] = tensor.expand_shape %{{.*}} output_shape [1, 1, 196, 16]
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<1x1x196x16xf32>
// CHECK-NEXT:    %[[INIT:.*]] = linalg.broadcast ins(%{{.*}} : tensor<16xf32>) outs(%[[EMPTY]] : tensor<1x1x196x16xf32>) dimensions = [0, 1, 2] {xfuse.conv_chunk_init = 0 : i64}
// CHECK:         %[[CONV:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}}xfuse.conv_microkernel_root = 0 : i64{{.*}} outs(%[[INIT]] : tensor<1x1x196x16xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[CONV]] : tensor<1x1x196x16xf32>) outs(%[[SLICE]] : tensor<1x1x196x16xf32>)
// CHECK:       // conv group 0: conv, register tile 4 pixels x 16 channels {{.*}}reduction in chunks of one tap x 256 channels outside the tiles
// CHECK:       %ci0_init = transform.structured.match attributes{xfuse.conv_chunk_init = 0 : i64}
// CHECK:       transform.structured.tile_using_for %ci0_init tile_sizes [1, 1, 1]
// CHECK:       transform.structured.vectorize %ci0_init_rows
// CHECK:       %ci0_chunk, %ci0_chunk_loops:3 = transform.structured.tile_using_for %ci0 tile_sizes [0, 0, 0, 0, 1, 1, 256]
// CHECK:       transform.structured.tile_using_for %ci0_chunk tile_sizes [1, 1, 4, 16]
// CHECK:       // conv group 1: {{.*}}reduction in chunks of one tap x 192 channels outside the tiles

// OFF-LABEL: func.func @layer
// OFF:         %[[SLICE:.*]] = tensor.expand_shape %{{.*}} output_shape [1, 1, 196, 16]
// OFF-NEXT:    %[[INIT:.*]] = linalg.broadcast ins(%{{.*}} : tensor<16xf32>) outs(%[[SLICE]] : tensor<1x1x196x16xf32>) dimensions = [0, 1, 2]
// OFF:         linalg.conv_2d_nhwc_hwcf {{.*}} outs(%[[INIT]] : tensor<1x1x196x16xf32>)
// OFF-NOT:     xfuse.conv_chunk_init
// OFF-NOT:     reduction in chunks
// OFF-NOT:     tile_sizes [0, 0, 0, 0, 1, 1, {{[1-9][0-9]+}}]

func.func @layer(%x: tensor<1x14x14x1024xf32>, %w: tensor<16x1x1x1024x16xf32>, %b: tensor<256xf32>,
                 %x2: tensor<1x14x14x576xf32>, %w2: tensor<12x1x1x576x16xf32>, %b2: tensor<192xf32>)
    -> (tensor<1x14x14x256xf32>, tensor<1x14x14x192xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %e0 = tensor.empty() : tensor<1x14x14x1024xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x14x14x1024xf32>) outs(%e0 : tensor<1x14x14x1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.cmpf ugt, %in, %cst : f32
    %s = arith.select %c, %in, %cst : f32
    linalg.yield %s : f32
  } -> tensor<1x14x14x1024xf32>
  %e1 = tensor.empty() : tensor<1x14x14x256xf32>
  %r = scf.forall (%block) in (16) shared_outs(%o = %e1) -> (tensor<1x14x14x256xf32>) {
    %c16 = arith.constant 16 : index
    %off = arith.muli %block, %c16 : index
    %wb = tensor.extract_slice %w[%block, 0, 0, 0, 0] [1, 1, 1, 1024, 16] [1, 1, 1, 1, 1] : tensor<16x1x1x1024x16xf32> to tensor<1x1x1024x16xf32>
    %ob = tensor.extract_slice %o[0, 0, 0, %off] [1, 14, 14, 16] [1, 1, 1, 1] : tensor<1x14x14x256xf32> to tensor<1x14x14x16xf32>
    %bb = tensor.extract_slice %b[%off] [16] [1] : tensor<256xf32> to tensor<16xf32>
    %oc = tensor.collapse_shape %ob [[0, 1, 2], [3]] : tensor<1x14x14x16xf32> into tensor<196x16xf32>
    %of = tensor.expand_shape %oc [[0, 1, 2], [3]] output_shape [1, 1, 196, 16] : tensor<196x16xf32> into tensor<1x1x196x16xf32>
    %init = linalg.broadcast ins(%bb : tensor<16xf32>) outs(%of : tensor<1x1x196x16xf32>) dimensions = [0, 1, 2]
    %xc = tensor.collapse_shape %relu [[0, 1, 2], [3]] : tensor<1x14x14x1024xf32> into tensor<196x1024xf32>
    %xf = tensor.expand_shape %xc [[0, 1, 2], [3]] output_shape [1, 1, 196, 1024] : tensor<196x1024xf32> into tensor<1x1x196x1024xf32>
    %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xf, %wb : tensor<1x1x196x1024xf32>, tensor<1x1x1024x16xf32>) outs(%init : tensor<1x1x196x16xf32>) -> tensor<1x1x196x16xf32>
    %act = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv : tensor<1x1x196x16xf32>) outs(%of : tensor<1x1x196x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %c = arith.cmpf ugt, %in, %cst : f32
      %s = arith.select %c, %in, %cst : f32
      linalg.yield %s : f32
    } -> tensor<1x1x196x16xf32>
    %ac = tensor.collapse_shape %act [[0, 1, 2], [3]] : tensor<1x1x196x16xf32> into tensor<196x16xf32>
    %ae = tensor.expand_shape %ac [[0, 1, 2], [3]] output_shape [1, 14, 14, 16] : tensor<196x16xf32> into tensor<1x14x14x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %ae into %o[0, 0, 0, %off] [1, 14, 14, 16] [1, 1, 1, 1] : tensor<1x14x14x16xf32> into tensor<1x14x14x256xf32>
    }
  }
  %e2 = tensor.empty() : tensor<1x14x14x192xf32>
  %r2 = scf.forall (%block) in (12) shared_outs(%o = %e2) -> (tensor<1x14x14x192xf32>) {
    %c16 = arith.constant 16 : index
    %off = arith.muli %block, %c16 : index
    %wb = tensor.extract_slice %w2[%block, 0, 0, 0, 0] [1, 1, 1, 576, 16] [1, 1, 1, 1, 1] : tensor<12x1x1x576x16xf32> to tensor<1x1x576x16xf32>
    %ob = tensor.extract_slice %o[0, 0, 0, %off] [1, 14, 14, 16] [1, 1, 1, 1] : tensor<1x14x14x192xf32> to tensor<1x14x14x16xf32>
    %bb = tensor.extract_slice %b2[%off] [16] [1] : tensor<192xf32> to tensor<16xf32>
    %oc = tensor.collapse_shape %ob [[0, 1, 2], [3]] : tensor<1x14x14x16xf32> into tensor<196x16xf32>
    %of = tensor.expand_shape %oc [[0, 1, 2], [3]] output_shape [1, 1, 196, 16] : tensor<196x16xf32> into tensor<1x1x196x16xf32>
    %init = linalg.broadcast ins(%bb : tensor<16xf32>) outs(%of : tensor<1x1x196x16xf32>) dimensions = [0, 1, 2]
    %xc = tensor.collapse_shape %x2 [[0, 1, 2], [3]] : tensor<1x14x14x576xf32> into tensor<196x576xf32>
    %xf = tensor.expand_shape %xc [[0, 1, 2], [3]] output_shape [1, 1, 196, 576] : tensor<196x576xf32> into tensor<1x1x196x576xf32>
    %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xf, %wb : tensor<1x1x196x576xf32>, tensor<1x1x576x16xf32>) outs(%init : tensor<1x1x196x16xf32>) -> tensor<1x1x196x16xf32>
    %ac = tensor.collapse_shape %conv [[0, 1, 2], [3]] : tensor<1x1x196x16xf32> into tensor<196x16xf32>
    %ae = tensor.expand_shape %ac [[0, 1, 2], [3]] output_shape [1, 14, 14, 16] : tensor<196x16xf32> into tensor<1x14x14x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %ae into %o[0, 0, 0, %off] [1, 14, 14, 16] [1, 1, 1, 1] : tensor<1x14x14x16xf32> into tensor<1x14x14x192xf32>
    }
  }
  func.return %r, %r2 : tensor<1x14x14x256xf32>, tensor<1x14x14x192xf32>
}

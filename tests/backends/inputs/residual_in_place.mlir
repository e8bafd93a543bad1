// Residual additions after convolutions (xfuse/backends/in_place/residual_in_place.py). NHWC, f32.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// Two branches of one input added, then a ReLU: the add may write into the second branch's
// convolution, which no other op reads.
func.func @residual(%x: tensor<1x6x8x16xf32>, %w1: tensor<1x1x16x16xf32>, %w2: tensor<3x3x16x16xf32>) -> tensor<1x4x6x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1x4x6x16xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %s = tensor.extract_slice %x[0, 1, 1, 0] [1, 4, 6, 16] [1, 1, 1, 1] : tensor<1x6x8x16xf32> to tensor<1x4x6x16xf32>
  %a = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%s, %w1 : tensor<1x4x6x16xf32>, tensor<1x1x16x16xf32>) outs(%f1 : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %e2 = tensor.empty() : tensor<1x4x6x16xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %b = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w2 : tensor<1x6x8x16xf32>, tensor<3x3x16x16xf32>) outs(%f2 : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %e3 = tensor.empty() : tensor<1x4x6x16xf32>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<1x4x6x16xf32>, tensor<1x4x6x16xf32>) outs(%e3 : tensor<1x4x6x16xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %sum = arith.addf %i, %j : f32
    %c = arith.cmpf ugt, %sum, %zero : f32
    %r = arith.select %c, %sum, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x4x6x16xf32>
  return %y : tensor<1x4x6x16xf32>
}

// The same, but the second branch is also returned: read after the add, it keeps its buffer.
func.func @residual_read_later(%x: tensor<1x6x8x16xf32>, %w1: tensor<1x1x16x16xf32>, %w2: tensor<3x3x16x16xf32>) -> (tensor<1x4x6x16xf32>, tensor<1x4x6x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1x4x6x16xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %s = tensor.extract_slice %x[0, 1, 1, 0] [1, 4, 6, 16] [1, 1, 1, 1] : tensor<1x6x8x16xf32> to tensor<1x4x6x16xf32>
  %a = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%s, %w1 : tensor<1x4x6x16xf32>, tensor<1x1x16x16xf32>) outs(%f1 : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %e2 = tensor.empty() : tensor<1x4x6x16xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %b = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w2 : tensor<1x6x8x16xf32>, tensor<3x3x16x16xf32>) outs(%f2 : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %e3 = tensor.empty() : tensor<1x4x6x16xf32>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<1x4x6x16xf32>, tensor<1x4x6x16xf32>) outs(%e3 : tensor<1x4x6x16xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %sum = arith.addf %i, %j : f32
    linalg.yield %sum : f32
  } -> tensor<1x4x6x16xf32>
  return %y, %b : tensor<1x4x6x16xf32>, tensor<1x4x6x16xf32>
}

// The residual is an argument: not the compiled code's to overwrite.
func.func @residual_argument(%x: tensor<1x4x6x16xf32>, %w1: tensor<1x1x16x16xf32>, %r: tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1x4x6x16xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %a = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w1 : tensor<1x4x6x16xf32>, tensor<1x1x16x16xf32>) outs(%f1 : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %e3 = tensor.empty() : tensor<1x4x6x16xf32>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a, %r : tensor<1x4x6x16xf32>, tensor<1x4x6x16xf32>) outs(%e3 : tensor<1x4x6x16xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %sum = arith.addf %i, %j : f32
    linalg.yield %sum : f32
  } -> tensor<1x4x6x16xf32>
  return %y : tensor<1x4x6x16xf32>
}

// A parallel split over channel blocks (as channel_split.py makes them): each iteration reads
// its own slice of %r, which nothing reads afterwards, and inserts its sum at that slice.
func.func @split_residual(%x: tensor<1x4x6x16xf32>, %z: tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32> {
  %c8 = arith.constant 8 : index
  %er = tensor.empty() : tensor<1x4x6x16xf32>
  %r = linalg.exp ins(%z : tensor<1x4x6x16xf32>) outs(%er : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %e = tensor.empty() : tensor<1x4x6x16xf32>
  %y = scf.forall (%i) in (2) shared_outs(%o = %e) -> (tensor<1x4x6x16xf32>) {
    %off = arith.muli %i, %c8 : index
    %rs = tensor.extract_slice %r[0, 0, 0, %off] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x16xf32> to tensor<1x4x6x8xf32>
    %xs = tensor.extract_slice %x[0, 0, 0, %off] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x16xf32> to tensor<1x4x6x8xf32>
    %os = tensor.extract_slice %o[0, 0, 0, %off] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x16xf32> to tensor<1x4x6x8xf32>
    %sum = linalg.add ins(%xs, %rs : tensor<1x4x6x8xf32>, tensor<1x4x6x8xf32>) outs(%os : tensor<1x4x6x8xf32>) -> tensor<1x4x6x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sum into %o[0, 0, 0, %off] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x8xf32> into tensor<1x4x6x16xf32>
    }
  }
  return %y : tensor<1x4x6x16xf32>
}

// The same, but each iteration reads the other iteration's slice of %r: kept.
func.func @split_other_slice(%x: tensor<1x4x6x16xf32>, %z: tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32> {
  %c8 = arith.constant 8 : index
  %er = tensor.empty() : tensor<1x4x6x16xf32>
  %r = linalg.exp ins(%z : tensor<1x4x6x16xf32>) outs(%er : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %e = tensor.empty() : tensor<1x4x6x16xf32>
  %y = scf.forall (%i) in (2) shared_outs(%o = %e) -> (tensor<1x4x6x16xf32>) {
    %off = arith.muli %i, %c8 : index
    %other = arith.subi %c8, %off : index
    %rs = tensor.extract_slice %r[0, 0, 0, %other] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x16xf32> to tensor<1x4x6x8xf32>
    %xs = tensor.extract_slice %x[0, 0, 0, %off] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x16xf32> to tensor<1x4x6x8xf32>
    %os = tensor.extract_slice %o[0, 0, 0, %off] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x16xf32> to tensor<1x4x6x8xf32>
    %sum = linalg.add ins(%xs, %rs : tensor<1x4x6x8xf32>, tensor<1x4x6x8xf32>) outs(%os : tensor<1x4x6x8xf32>) -> tensor<1x4x6x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sum into %o[0, 0, 0, %off] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x8xf32> into tensor<1x4x6x16xf32>
    }
  }
  return %y : tensor<1x4x6x16xf32>
}

// A split over blocks of output channels as the network's passes make one (ResNet-50's 1x1
// expansions with the residual add): the bias is broadcast into the iteration's slice of the
// shared output, the convolution accumulates on it, and the root adds the residual's slice. In
// place, the root reads the residual through that slice and the broadcast gets a buffer of its
// own (else bufferization copies the slice in and out of a new buffer every iteration).
func.func @split_conv_residual(%x: tensor<1x4x6x16xf32>, %w: tensor<1x1x16x16xf32>, %bias: tensor<16xf32>, %z: tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32> {
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %er = tensor.empty() : tensor<1x4x6x16xf32>
  %r = linalg.exp ins(%z : tensor<1x4x6x16xf32>) outs(%er : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %e = tensor.empty() : tensor<1x4x6x16xf32>
  %y = scf.forall (%i) in (2) shared_outs(%o = %e) -> (tensor<1x4x6x16xf32>) {
    %off = arith.muli %i, %c8 : index
    %ws = tensor.extract_slice %w[0, 0, 0, %off] [1, 1, 16, 8] [1, 1, 1, 1] : tensor<1x1x16x16xf32> to tensor<1x1x16x8xf32>
    %os = tensor.extract_slice %o[0, 0, 0, %off] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x16xf32> to tensor<1x4x6x8xf32>
    %bs = tensor.extract_slice %bias[%off] [8] [1] : tensor<16xf32> to tensor<8xf32>
    %b = linalg.broadcast ins(%bs : tensor<8xf32>) outs(%os : tensor<1x4x6x8xf32>) dimensions = [0, 1, 2]
    %rs = tensor.extract_slice %r[0, 0, 0, %off] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x16xf32> to tensor<1x4x6x8xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %ws : tensor<1x4x6x16xf32>, tensor<1x1x16x8xf32>) outs(%b : tensor<1x4x6x8xf32>) -> tensor<1x4x6x8xf32>
    %sum = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c, %rs : tensor<1x4x6x8xf32>, tensor<1x4x6x8xf32>) outs(%os : tensor<1x4x6x8xf32>) {
    ^bb0(%a: f32, %s: f32, %out: f32):
      %t = arith.addf %a, %s : f32
      %p = arith.cmpf ugt, %t, %zero : f32
      %v = arith.select %p, %t, %zero : f32
      linalg.yield %v : f32
    } -> tensor<1x4x6x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sum into %o[0, 0, 0, %off] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x8xf32> into tensor<1x4x6x16xf32>
    }
  }
  return %y : tensor<1x4x6x16xf32>
}

// The same with each iteration's pixels flattened and split in two parts (flat_pixels.py's
// 45 + 4 on ResNet-50's 7x7 layers, here 20 + 4): each part's root adds its part of the
// residual, and the parts are assembled in a `tensor.empty`. In place, each root reads its part
// through its destination and the parts are assembled in the residual's slice.
func.func @split_parts_residual(%x: tensor<1x4x6x16xf32>, %w: tensor<1x1x16x16xf32>, %bias: tensor<16xf32>, %z: tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32> {
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %er = tensor.empty() : tensor<1x4x6x16xf32>
  %r = linalg.exp ins(%z : tensor<1x4x6x16xf32>) outs(%er : tensor<1x4x6x16xf32>) -> tensor<1x4x6x16xf32>
  %e = tensor.empty() : tensor<1x4x6x16xf32>
  %xf = tensor.collapse_shape %x [[0, 1, 2], [3]] : tensor<1x4x6x16xf32> into tensor<24x16xf32>
  %xe = tensor.expand_shape %xf [[0, 1, 2], [3]] output_shape [1, 1, 24, 16] : tensor<24x16xf32> into tensor<1x1x24x16xf32>
  %y = scf.forall (%i) in (2) shared_outs(%o = %e) -> (tensor<1x4x6x16xf32>) {
    %off = arith.muli %i, %c8 : index
    %ws = tensor.extract_slice %w[0, 0, 0, %off] [1, 1, 16, 8] [1, 1, 1, 1] : tensor<1x1x16x16xf32> to tensor<1x1x16x8xf32>
    %os = tensor.extract_slice %o[0, 0, 0, %off] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x16xf32> to tensor<1x4x6x8xf32>
    %bs = tensor.extract_slice %bias[%off] [8] [1] : tensor<16xf32> to tensor<8xf32>
    %of = tensor.collapse_shape %os [[0, 1, 2], [3]] : tensor<1x4x6x8xf32> into tensor<24x8xf32>
    %oe = tensor.expand_shape %of [[0, 1, 2], [3]] output_shape [1, 1, 24, 8] : tensor<24x8xf32> into tensor<1x1x24x8xf32>
    %d0 = tensor.extract_slice %oe[0, 0, 0, 0] [1, 1, 20, 8] [1, 1, 1, 1] : tensor<1x1x24x8xf32> to tensor<1x1x20x8xf32>
    %b0 = linalg.broadcast ins(%bs : tensor<8xf32>) outs(%d0 : tensor<1x1x20x8xf32>) dimensions = [0, 1, 2]
    %d1 = tensor.extract_slice %oe[0, 0, 20, 0] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<1x1x24x8xf32> to tensor<1x1x4x8xf32>
    %b1 = linalg.broadcast ins(%bs : tensor<8xf32>) outs(%d1 : tensor<1x1x4x8xf32>) dimensions = [0, 1, 2]
    %rs = tensor.extract_slice %r[0, 0, 0, %off] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x16xf32> to tensor<1x4x6x8xf32>
    %x0 = tensor.extract_slice %xe[0, 0, 0, 0] [1, 1, 20, 16] [1, 1, 1, 1] : tensor<1x1x24x16xf32> to tensor<1x1x20x16xf32>
    %c0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x0, %ws : tensor<1x1x20x16xf32>, tensor<1x1x16x8xf32>) outs(%b0 : tensor<1x1x20x8xf32>) -> tensor<1x1x20x8xf32>
    %x1 = tensor.extract_slice %xe[0, 0, 20, 0] [1, 1, 4, 16] [1, 1, 1, 1] : tensor<1x1x24x16xf32> to tensor<1x1x4x16xf32>
    %c1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x1, %ws : tensor<1x1x4x16xf32>, tensor<1x1x16x8xf32>) outs(%b1 : tensor<1x1x4x8xf32>) -> tensor<1x1x4x8xf32>
    %rf = tensor.collapse_shape %rs [[0, 1, 2], [3]] : tensor<1x4x6x8xf32> into tensor<24x8xf32>
    %re = tensor.expand_shape %rf [[0, 1, 2], [3]] output_shape [1, 1, 24, 8] : tensor<24x8xf32> into tensor<1x1x24x8xf32>
    %r0 = tensor.extract_slice %re[0, 0, 0, 0] [1, 1, 20, 8] [1, 1, 1, 1] : tensor<1x1x24x8xf32> to tensor<1x1x20x8xf32>
    %o0 = tensor.extract_slice %oe[0, 0, 0, 0] [1, 1, 20, 8] [1, 1, 1, 1] : tensor<1x1x24x8xf32> to tensor<1x1x20x8xf32>
    %s0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c0, %r0 : tensor<1x1x20x8xf32>, tensor<1x1x20x8xf32>) outs(%o0 : tensor<1x1x20x8xf32>) {
    ^bb0(%a: f32, %s: f32, %out: f32):
      %t = arith.addf %a, %s : f32
      %p = arith.cmpf ugt, %t, %zero : f32
      %v = arith.select %p, %t, %zero : f32
      linalg.yield %v : f32
    } -> tensor<1x1x20x8xf32>
    %whole = tensor.empty() : tensor<1x1x24x8xf32>
    %a0 = tensor.insert_slice %s0 into %whole[0, 0, 0, 0] [1, 1, 20, 8] [1, 1, 1, 1] : tensor<1x1x20x8xf32> into tensor<1x1x24x8xf32>
    %r1 = tensor.extract_slice %re[0, 0, 20, 0] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<1x1x24x8xf32> to tensor<1x1x4x8xf32>
    %o1 = tensor.extract_slice %oe[0, 0, 20, 0] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<1x1x24x8xf32> to tensor<1x1x4x8xf32>
    %s1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c1, %r1 : tensor<1x1x4x8xf32>, tensor<1x1x4x8xf32>) outs(%o1 : tensor<1x1x4x8xf32>) {
    ^bb0(%a: f32, %s: f32, %out: f32):
      %t = arith.addf %a, %s : f32
      %p = arith.cmpf ugt, %t, %zero : f32
      %v = arith.select %p, %t, %zero : f32
      linalg.yield %v : f32
    } -> tensor<1x1x4x8xf32>
    %a1 = tensor.insert_slice %s1 into %a0[0, 0, 20, 0] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<1x1x4x8xf32> into tensor<1x1x24x8xf32>
    %af = tensor.collapse_shape %a1 [[0, 1, 2], [3]] : tensor<1x1x24x8xf32> into tensor<24x8xf32>
    %sum = tensor.expand_shape %af [[0, 1, 2], [3]] output_shape [1, 4, 6, 8] : tensor<24x8xf32> into tensor<1x4x6x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sum into %o[0, 0, 0, %off] [1, 4, 6, 8] [1, 1, 1, 1] : tensor<1x4x6x8xf32> into tensor<1x4x6x16xf32>
    }
  }
  return %y : tensor<1x4x6x16xf32>
}

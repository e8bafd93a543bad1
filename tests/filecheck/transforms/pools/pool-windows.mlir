// Max and sum poolings as elementwise ops over their windows' strided slices (xfuse/backends/schedules/pool_windows.py).
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.schedules.pool_windows import pool_windows; m = parse(open(sys.argv[1]).read()); pool_windows(m); print(m)" %s | filecheck %s
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.in_place.pool_borders import pool_borders; from xfuse.backends.schedules.pool_windows import pool_windows; m = parse(open(sys.argv[1]).read()); pool_borders(m); pool_windows(m); print(m)" %s | filecheck %s --check-prefix=PIECES

// A 3x3 stride-2 max pooling of a -inf fill: nine strided slices, the chain from the first element,
// the eight others tested for NaN in four pairs, one select of NaN; no fill is left.
// CHECK-LABEL: func.func @stride_two
// CHECK-NOT:     linalg.fill
// CHECK:         %[[S0:.*]] = tensor.extract_slice %x[0, 0, 0, 0] [1, 3, 3, 8] [1, 2, 2, 1]
// CHECK:         tensor.extract_slice %x[0, 2, 2, 0] [1, 3, 3, 8] [1, 2, 2, 1]
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<1x3x3x8xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%[[E]] : tensor<1x3x3x8xf32>)
// CHECK-NEXT:    ^bb0(%[[X0:.*]]: f32, %[[X1:.*]]: f32, %[[X2:.*]]: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %[[X8:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT:      %[[A1:.*]] = arith.cmpf ogt, %[[X1]], %[[X0]] : f32
// CHECK-NEXT:      %[[M1:.*]] = arith.select %[[A1]], %[[X1]], %[[X0]] : f32
// CHECK-NEXT:      %[[A2:.*]] = arith.cmpf ogt, %[[X2]], %[[M1]] : f32
// CHECK-NEXT:      arith.select %[[A2]], %[[X2]], %[[M1]] : f32
// CHECK-COUNT-12:  arith.{{cmpf ogt|select}}
// CHECK-NEXT:      %[[U1:.*]] = arith.cmpf uno, %[[X1]], %[[X2]] : f32
// CHECK-COUNT-6:   arith.{{cmpf uno|ori}}
// CHECK-NEXT:      %[[NAN:.*]] = arith.constant 0x7fc00000 : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %{{.*}}, %[[NAN]], %{{.*}} : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK-NOT:     linalg.pooling_nhwc_max
func.func @stride_two(%x: tensor<1x7x7x8xf32>) -> tensor<1x3x3x8xf32> {
  %lowest = arith.constant 0xFF800000 : f32
  %window = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x3x3x8xf32>
  %acc = linalg.fill ins(%lowest : f32) outs(%e : tensor<1x3x3x8xf32>) -> tensor<1x3x3x8xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %window : tensor<1x7x7x8xf32>, tensor<3x3xf32>) outs(%acc : tensor<1x3x3x8xf32>) -> tensor<1x3x3x8xf32>
  return %r : tensor<1x3x3x8xf32>
}

// An init of 0.0 (a max pooling after a ReLU folded into it): the chain starts at the constant,
// every element of the 2x2 window is tested (two pairs), the init is not read.
// CHECK-LABEL: func.func @zero_init
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%[[Y0:.*]]: f32, %[[Y1:.*]]: f32, %[[Y2:.*]]: f32, %[[Y3:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[B0:.*]] = arith.cmpf ogt, %[[Y0]], %[[ZERO]] : f32
// CHECK-NEXT:      arith.select %[[B0]], %[[Y0]], %[[ZERO]] : f32
// CHECK:           arith.cmpf uno, %[[Y0]], %[[Y1]] : f32
// CHECK-NEXT:      arith.cmpf uno, %[[Y2]], %[[Y3]] : f32
func.func @zero_init(%x: tensor<1x4x4x8xf32>) -> tensor<1x2x2x8xf32> {
  %zero = arith.constant 0.0 : f32
  %window = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x2x2x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %window : tensor<1x4x4x8xf32>, tensor<2x2xf32>) outs(%acc : tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  return %r : tensor<1x2x2x8xf32>
}

// An init of unknown values is read: the chain starts at the output element.
// CHECK-LABEL: func.func @read_init
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%init : tensor<1x2x2x8xf32>)
// CHECK-NEXT:    ^bb0(%[[Z0:.*]]: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %[[ZOUT:.*]]: f32):
// CHECK-NEXT:      %[[C0:.*]] = arith.cmpf ogt, %[[Z0]], %[[ZOUT]] : f32
func.func @read_init(%x: tensor<1x4x4x8xf32>, %init: tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32> {
  %window = tensor.empty() : tensor<2x2xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %window : tensor<1x4x4x8xf32>, tensor<2x2xf32>) outs(%init : tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  return %r : tensor<1x2x2x8xf32>
}

// A 3x3 stride-1 sum pooling (Inception's average poolings): the additions in window order from
// the fill's 0.0, a constant; the fill is not read, nor left.
// CHECK-LABEL: func.func @sum
// CHECK-NOT:     linalg.fill
// CHECK:         tensor.extract_slice %x[0, 2, 2, 0] [1, 4, 4, 8] [1, 1, 1, 1]
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%[[W0:.*]]: f32, %[[W1:.*]]: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %[[W8:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[S1:.*]] = arith.addf %[[Z]], %[[W0]] : f32
// CHECK-NEXT:      %[[S2:.*]] = arith.addf %[[S1]], %[[W1]] : f32
// CHECK-COUNT-6:   arith.addf
// CHECK-NEXT:      %[[S9:.*]] = arith.addf %{{.*}}, %[[W8]] : f32
// CHECK-NEXT:      linalg.yield %[[S9]] : f32
func.func @sum(%x: tensor<1x6x6x8xf32>) -> tensor<1x4x4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %window = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x4x4x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %r = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %window : tensor<1x6x6x8xf32>, tensor<3x3xf32>) outs(%acc : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  return %r : tensor<1x4x4x8xf32>
}

// Windows of more than nine elements keep the pooling (schedules/pools.py).
// CHECK-LABEL: func.func @kept
// CHECK:         linalg.pooling_nhwc_sum
// CHECK:         linalg.pooling_nhwc_max
func.func @kept(%x: tensor<1x8x8x8xf32>) -> (tensor<1x2x2x8xf32>, tensor<1x2x2x8xf32>) {
  %lowest = arith.constant 0xFF800000 : f32
  %window = tensor.empty() : tensor<4x4xf32>
  %e = tensor.empty() : tensor<1x2x2x8xf32>
  %acc = linalg.fill ins(%lowest : f32) outs(%e : tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  %s = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<4> : tensor<2xi64>}
      ins(%x, %window : tensor<1x8x8x8xf32>, tensor<4x4xf32>) outs(%acc : tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  %m = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<4> : tensor<2xi64>}
      ins(%x, %window : tensor<1x8x8x8xf32>, tensor<4x4xf32>) outs(%acc : tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  return %s, %m : tensor<1x2x2x8xf32>, tensor<1x2x2x8xf32>
}

// A padded 3x3 stride-2 pooling cut into pieces by pool_borders: each piece a generic of its
// clipped window (the corner 2x2: four slices), written into its slice of the output, and the
// -inf fill they all covered replaced by a tensor.empty.
// PIECES-LABEL: func.func @padded
// PIECES-NOT:     linalg.fill
// PIECES:         %[[BASE:acc]] = tensor.empty() : tensor<1x4x4x8xf32>
// PIECES:         %[[CORNER:.*]] = tensor.extract_slice %[[BASE]][0, 0, 0, 0] [1, 1, 1, 8] [1, 1, 1, 1]
// PIECES:         linalg.generic
// PIECES-SAME:      outs(%[[CORNER]] : tensor<1x1x1x8xf32>)
// PIECES-NEXT:    ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32):
// PIECES-NOT:     linalg.pooling_nhwc_max
// PIECES:         return
func.func @padded(%x: tensor<1x8x8x8xf32>) -> tensor<1x4x4x8xf32> {
  %lowest = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 0, 0, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %lowest : f32
  } : tensor<1x8x8x8xf32> to tensor<1x9x9x8xf32>
  %window = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x4x4x8xf32>
  %acc = linalg.fill ins(%lowest : f32) outs(%e : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%p, %window : tensor<1x9x9x8xf32>, tensor<3x3xf32>) outs(%acc : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  return %r : tensor<1x4x4x8xf32>
}

// xfuse-int8-data-tiling, step 0: a quantized NCHW convolution with a constant symmetric filter
// becomes im2col + an i8 x i8 -> i32 matmul (then packed and run as the i8 mmt4d) + the input
// zero point's correction in NCHW; executed against the input on random values. A filter zero
// point other than 0 keeps the convolution.
// REQUIRES: mlir-opt
// RUN: xfuse-opt %s -p 'xfuse-int8-data-tiling{target=x86_64-avx2}' | filecheck %s
// RUN: xfuse-run %s --entry conv -p 'xfuse-int8-data-tiling{target=x86_64-avx2}' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry zero_point -p 'xfuse-int8-data-tiling{target=x86_64-avx2}' --check | filecheck %s --check-prefix=EXEC
// EXEC: check: ok, the transformed module matches the untransformed input

// CHECK-LABEL: func.func @conv
// CHECK-SAME:      (%[[X:.+]]: tensor<1x2x5x5xi8>, %[[INIT:.+]]: tensor<1x8x2x2xi32>)
// CHECK-NOT:     linalg.conv_2d_nchw_fchw_q
// CHECK:         %[[IZ:.+]] = arith.constant -7 : i32
// CHECK:         %[[COLS:.+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, ((d1 * 2) + d4), ((d2 * 2) + d5))>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<1x2x5x5xi8>) outs(%{{.+}} : tensor<1x2x2x2x3x3xi8>)
// CHECK:         %[[A:.+]] = tensor.collapse_shape %[[COLS]] {{.+}} : tensor<1x2x2x2x3x3xi8> into tensor<4x18xi8>
// CHECK:         %[[SUMS:.+]] = arith.constant dense<[{{.+}}]> : tensor<8xi32>
// CHECK:         linalg.pack %[[A]]
// CHECK:         %[[M:.+]] = linalg.unpack
// CHECK:         %[[P:.+]] = tensor.expand_shape %[[M]] {{.+}} output_shape [1, 2, 2, 8] : tensor<4x8xi32> into tensor<1x2x2x8xi32>
// CHECK:         %[[OUT:.+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], {{.+}} ins(%[[INIT]], %[[P]], %[[SUMS]], %[[IZ]] : tensor<1x8x2x2xi32>, tensor<1x2x2x8xi32>, tensor<8xi32>, i32)
// CHECK:           %[[OFF:.+]] = arith.muli
// CHECK:           %[[SUM:.+]] = arith.addi
// CHECK:           arith.subi %[[SUM]], %[[OFF]]
// CHECK:         return %[[OUT]]
func.func @conv(%x: tensor<1x2x5x5xi8>, %init: tensor<1x8x2x2xi32>) -> tensor<1x8x2x2xi32> {
  %w = arith.constant dense<"0x3971610270797894F41BC8E0204D14AC2D5FB80BD6668FFA65EEA349767B6EDE3B78126D16ADF61BCD34E871B52A97A205FFFFFE5B00DD7562D9B3B9AA0513246670081494C47F6E86FDFF2D9DF9DEB74F31AE4509B029F5FADC79AB7EB84D76A06288E1083DAB8ACB6AD409925175C659E0CDD9A77898ED22FF98745B67A4E5E7CE814E3C9BAEE46960A06ACBBB7A94"> : tensor<8x2x3x3xi8>
  %iz = arith.constant -7 : i32
  %fz = arith.constant 0 : i32
  %0 = linalg.conv_2d_nchw_fchw_q {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%x, %w, %iz, %fz : tensor<1x2x5x5xi8>, tensor<8x2x3x3xi8>, i32, i32)
      outs(%init : tensor<1x8x2x2xi32>) -> tensor<1x8x2x2xi32>
  return %0 : tensor<1x8x2x2xi32>
}

// CHECK-LABEL: func.func @zero_point
// CHECK:         linalg.conv_2d_nchw_fchw_q
func.func @zero_point(%x: tensor<1x2x5x5xi8>, %init: tensor<1x8x3x3xi32>) -> tensor<1x8x3x3xi32> {
  %w = arith.constant dense<"0x3971610270797894F41BC8E0204D14AC2D5FB80BD6668FFA65EEA349767B6EDE3B78126D16ADF61BCD34E871B52A97A205FFFFFE5B00DD7562D9B3B9AA0513246670081494C47F6E86FDFF2D9DF9DEB74F31AE4509B029F5FADC79AB7EB84D76A06288E1083DAB8ACB6AD409925175C659E0CDD9A77898ED22FF98745B67A4E5E7CE814E3C9BAEE46960A06ACBBB7A94"> : tensor<8x2x3x3xi8>
  %iz = arith.constant 3 : i32
  %fz = arith.constant 1 : i32
  %0 = linalg.conv_2d_nchw_fchw_q {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w, %iz, %fz : tensor<1x2x5x5xi8>, tensor<8x2x3x3xi8>, i32, i32)
      outs(%init : tensor<1x8x3x3xi32>) -> tensor<1x8x3x3xi32>
  return %0 : tensor<1x8x3x3xi32>
}

// A per-channel bias broadcast into the accumulator (torch-mlir's form of a QLinearConv's or a
// QDQ convolution's bias) is read by channel in the correction; the broadcast goes
// (FOLD_BIAS_BROADCAST).
// RUN: xfuse-run %s --entry bias -p 'xfuse-int8-data-tiling{target=x86_64-avx2}' --check | filecheck %s --check-prefix=EXEC
// CHECK-LABEL: func.func @bias
// CHECK-SAME:      (%[[X:.+]]: tensor<1x2x5x5xi8>, %[[B:.+]]: tensor<8xi32>)
// CHECK-NOT:     linalg.broadcast
// CHECK:         linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], {{.+}} ins(%[[B]], %{{.+}}, %{{.+}}, %{{.+}} : tensor<8xi32>, tensor<1x2x2x8xi32>, tensor<8xi32>, i32)
func.func @bias(%x: tensor<1x2x5x5xi8>, %b: tensor<8xi32>) -> tensor<1x8x2x2xi32> {
  %w = arith.constant dense<"0x3971610270797894F41BC8E0204D14AC2D5FB80BD6668FFA65EEA349767B6EDE3B78126D16ADF61BCD34E871B52A97A205FFFFFE5B00DD7562D9B3B9AA0513246670081494C47F6E86FDFF2D9DF9DEB74F31AE4509B029F5FADC79AB7EB84D76A06288E1083DAB8ACB6AD409925175C659E0CDD9A77898ED22FF98745B67A4E5E7CE814E3C9BAEE46960A06ACBBB7A94"> : tensor<8x2x3x3xi8>
  %iz = arith.constant -7 : i32
  %fz = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x8x2x2xi32>
  %init = linalg.broadcast ins(%b : tensor<8xi32>) outs(%e : tensor<1x8x2x2xi32>) dimensions = [0, 2, 3]
  %0 = linalg.conv_2d_nchw_fchw_q {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%x, %w, %iz, %fz : tensor<1x2x5x5xi8>, tensor<8x2x3x3xi8>, i32, i32)
      outs(%init : tensor<1x8x2x2xi32>) -> tensor<1x8x2x2xi32>
  return %0 : tensor<1x8x2x2xi32>
}

// Adapted mmt4d inputs (the `hal.executable.target` attributes removed; util.func -> func.func):
// - @mmt4d_i8i8i32: github.com/iree-org/iree compiler/src/iree/compiler/Codegen/Common/CPU/test/
//   lower_to_ukernel_ops.mlir (its avx512vnni ukernel case, dynamic M1/N1/K1); @mmt4d_i8i8i32_static
//   is the same op with static outer sizes of ours;
// - @mmt4d_dynamic_inner_tiles: iree compiler/src/iree/compiler/Codegen/VMVX/test/pipeline.mlir;
// - @batch_mmt4d_with_extended_inputs: iree compiler/src/iree/compiler/Codegen/Common/CPU/test/
//   prepare_ukernels.mlir (i8 sign-extended to i32 after the pack, IREE's form);
// - @batch_mmt4d_vnni_with_extended_inputs: the same with the 1x16x2 tile IREE's
//   materialize_encoding_x86_64.mlir gives @extend_batch_vecmat_explicit_unit_dim on
//   avx512vnni (batch 32 and N 11008 scaled down to 4 and 176);
// - @mmt4d_i8mm_tiles: github.com/llvm/llvm-project mlir/test/Integration/Dialect/Linalg/CPU/
//   ArmNeon/pack-unpack-mmt4d-i8.mlir (@matmul_via_mmt4d's mmt4d, 4x4x8 tiles for smmla);
// - @mmt4d_i32: llvm-project mlir/test/Integration/Dialect/Linalg/CPU/mmt4d.mlir (i32 operands).

func.func @mmt4d_i8i8i32(%arg0 : tensor<?x?x16x2xi8>, %arg1 : tensor<?x?x16x2xi8>, %arg2 : tensor<?x?x16x16xi32>) -> tensor<?x?x16x16xi32> {
  %0 = linalg.mmt4d ins(%arg0, %arg1 : tensor<?x?x16x2xi8>, tensor<?x?x16x2xi8>) outs(%arg2 : tensor<?x?x16x16xi32>) -> tensor<?x?x16x16xi32>
  return %0 : tensor<?x?x16x16xi32>
}

func.func @mmt4d_i8i8i32_static(%arg0 : tensor<3x5x16x2xi8>, %arg1 : tensor<2x5x16x2xi8>, %arg2 : tensor<3x2x16x16xi32>) -> tensor<3x2x16x16xi32> {
  %0 = linalg.mmt4d ins(%arg0, %arg1 : tensor<3x5x16x2xi8>, tensor<2x5x16x2xi8>) outs(%arg2 : tensor<3x2x16x16xi32>) -> tensor<3x2x16x16xi32>
  return %0 : tensor<3x2x16x16xi32>
}

func.func @mmt4d_dynamic_inner_tiles(%a : tensor<?x?x?x?xi8>, %b : tensor<?x?x?x?xi8>, %c : tensor<?x?x?x?xi32>) -> tensor<?x?x?x?xi32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<?x?x?x?xi8>, tensor<?x?x?x?xi8>) outs(%c : tensor<?x?x?x?xi32>) -> tensor<?x?x?x?xi32>
  return %0 : tensor<?x?x?x?xi32>
}

func.func @batch_mmt4d_with_extended_inputs(%arg0: tensor<1x10x32x8x1xi8>, %arg1: tensor<1x80x32x4x1xi8>, %arg2: tensor<1x10x80x8x4xi32>) -> tensor<1x10x80x8x4xi32> {
  %c0_i32 = arith.constant 0 : i32
  %0 = tensor.empty() : tensor<1x10x32x8x1xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x10x32x8x1xi8>) outs(%0 : tensor<1x10x32x8x1xi32>) {
  ^bb0(%in: i8, %out: i32):
    %6 = arith.extsi %in : i8 to i32
    linalg.yield %6 : i32
  } -> tensor<1x10x32x8x1xi32>
  %2 = tensor.empty() : tensor<1x80x32x4x1xi32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<1x80x32x4x1xi8>) outs(%2 : tensor<1x80x32x4x1xi32>) {
  ^bb0(%in: i8, %out: i32):
    %6 = arith.extsi %in : i8 to i32
    linalg.yield %6 : i32
  } -> tensor<1x80x32x4x1xi32>
  %4 = linalg.fill ins(%c0_i32 : i32) outs(%arg2 : tensor<1x10x80x8x4xi32>) -> tensor<1x10x80x8x4xi32>
  %5 = linalg.batch_mmt4d ins(%1, %3 : tensor<1x10x32x8x1xi32>, tensor<1x80x32x4x1xi32>) outs(%4 : tensor<1x10x80x8x4xi32>) -> tensor<1x10x80x8x4xi32>
  return %5 : tensor<1x10x80x8x4xi32>
}

func.func @batch_mmt4d_vnni_with_extended_inputs(%arg0: tensor<4x1x64x1x2xi8>, %arg1: tensor<4x11x64x16x2xi8>) -> tensor<4x1x11x1x16xi32> {
  %c0_i32 = arith.constant 0 : i32
  %0 = tensor.empty() : tensor<4x1x64x1x2xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<4x1x64x1x2xi8>) outs(%0 : tensor<4x1x64x1x2xi32>) {
  ^bb0(%in: i8, %out: i32):
    %6 = arith.extsi %in : i8 to i32
    linalg.yield %6 : i32
  } -> tensor<4x1x64x1x2xi32>
  %2 = tensor.empty() : tensor<4x11x64x16x2xi32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<4x11x64x16x2xi8>) outs(%2 : tensor<4x11x64x16x2xi32>) {
  ^bb0(%in: i8, %out: i32):
    %6 = arith.extsi %in : i8 to i32
    linalg.yield %6 : i32
  } -> tensor<4x11x64x16x2xi32>
  %4 = tensor.empty() : tensor<4x1x11x1x16xi32>
  %5 = linalg.fill ins(%c0_i32 : i32) outs(%4 : tensor<4x1x11x1x16xi32>) -> tensor<4x1x11x1x16xi32>
  %6 = linalg.batch_mmt4d ins(%1, %3 : tensor<4x1x64x1x2xi32>, tensor<4x11x64x16x2xi32>) outs(%5 : tensor<4x1x11x1x16xi32>) -> tensor<4x1x11x1x16xi32>
  return %6 : tensor<4x1x11x1x16xi32>
}

func.func @mmt4d_i8mm_tiles(%A: tensor<2x2x4x8xi8>, %B: tensor<4x2x4x8xi8>, %C: tensor<2x4x4x4xi32>) -> tensor<2x4x4x4xi32> {
  %mmt4d = linalg.mmt4d ins(%A, %B : tensor<2x2x4x8xi8>, tensor<4x2x4x8xi8>) outs(%C : tensor<2x4x4x4xi32>) -> tensor<2x4x4x4xi32>
  return %mmt4d : tensor<2x4x4x4xi32>
}

func.func @mmt4d_i32(%A: tensor<2x2x3x1xi32>, %B: tensor<2x2x3x1xi32>, %C: tensor<2x2x3x3xi32>) -> tensor<2x2x3x3xi32> {
  %C_out = linalg.mmt4d ins(%A, %B: tensor<2x2x3x1xi32>, tensor<2x2x3x1xi32>) outs(%C: tensor<2x2x3x3xi32>) -> tensor<2x2x3x3xi32>
  return %C_out : tensor<2x2x3x3xi32>
}

// xfuse-int8-data-tiling, step 0: a quantized matmul with a constant B and B's zero point 0
// becomes an i8 x i8 -> i32 matmul (then packed and run as the i8 mmt4d) + `C + P - za * colsum(B)`
// (quantized_matmul.py, its constant-B form); B's pack, which pads 40 x 10 to 8x2 tiles, folded at compile time
// (packed_weights.FOLD_PADDED_CONSTANTS); executed against the input. A non-zero B zero point
// takes the general form instead: A's row sums and B's column sums computed in the call.
// REQUIRES: mlir-opt
// RUN: xfuse-opt %s -p 'xfuse-int8-data-tiling{target=x86_64-avx2}' | filecheck %s
// RUN: xfuse-run %s --entry qmm -p 'xfuse-int8-data-tiling{target=x86_64-avx2}' --check | filecheck %s --check-prefix=EXEC
// RUN: xfuse-run %s --entry zero_point -p 'xfuse-int8-data-tiling{target=x86_64-avx2}' --check | filecheck %s --check-prefix=EXEC
// EXEC: check: ok, the transformed module matches the untransformed input

// CHECK-LABEL: func.func @qmm
// CHECK-SAME:      (%[[A:.+]]: tensor<3x40xi8>, %[[C:.+]]: tensor<3x10xi32>)
// CHECK-NOT:     linalg.quantized_matmul
// CHECK:         %[[ZA:.+]] = arith.constant -128 : i32
// CHECK:         %[[SUMS:.+]] = arith.constant dense<{{.+}}> : tensor<10xi32>
// CHECK:         linalg.pack %[[A]]
// CHECK-NOT:     linalg.pack
// CHECK:         %[[P:.+]] = linalg.unpack
// CHECK:         linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], {{.+}} ins(%[[C]], %[[P]], %[[SUMS]], %[[ZA]] : tensor<3x10xi32>, tensor<3x10xi32>, tensor<10xi32>, i32)
// CHECK:           arith.muli
// CHECK:           arith.addi
// CHECK:           arith.subi
func.func @qmm(%a: tensor<3x40xi8>, %c: tensor<3x10xi32>) -> tensor<3x10xi32> {
  %b = arith.constant dense<"0x71202F65144655B98ECCC85F6981FF52A14C9EF751CDD7C738C17DF1FA01150D027E4E4A331FD77DF7B758A95B1C9D8BF189A40378F74E6A5221F003C4FFE1BF7E8398B1783161B338DEFD801E5429A708C47761AF02705835238A3DF997BE0A3A011C5F2FDC24199B8F29E319D2B9A6E150E6E1137AE417F01AF2230C2D74A60FF0DBBD8DE75398E77773B7812B83CCFF5F972908A15858FB711B677511C7A510B1406DBE0D8CAEE062782415118FE07BE9B6BD3689786011F7420CFAD2F2408E8638DF4D87689FEA779B283AED9406EE5F2ED88E17C72F5DDA670407434A687FA6E96ECE8113403E4F24A358EB585078835D20FC4B73039639BBB9B1B268DC9BADE5D8CF725D127CD7A3C59673B8F1B37AA80373056665443E131454ED7260DFE9366C9891BFEEA9040A733EC0494E2E2DCF37A2216B78CCD51EE53BB3AB8CF8B6CC6A5057179C3F1A68FAAC18F428E0CEA07641F7BC20E92297AF3C8F2DE980433350653A579C6B69314D3D606305506ACC8BAB87EF85C2C034BF73B07811BE89CE179BAA9D2D9685F4CF11705B09"> : tensor<40x10xi8>
  %za = arith.constant -128 : i32
  %zb = arith.constant 0 : i32
  %0 = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<3x40xi8>, tensor<40x10xi8>, i32, i32) outs(%c : tensor<3x10xi32>) -> tensor<3x10xi32>
  return %0 : tensor<3x10xi32>
}

// CHECK-LABEL: func.func @zero_point
// CHECK-NOT:     linalg.quantized_matmul
// CHECK:         linalg.generic {{.+}} iterator_types = ["parallel", "reduction"]
// CHECK:         linalg.generic {{.+}} iterator_types = ["reduction", "parallel"]
// CHECK-NOT:     linalg.quantized_matmul
// CHECK:         return
func.func @zero_point(%a: tensor<3x40xi8>, %c: tensor<3x10xi32>) -> tensor<3x10xi32> {
  %b = arith.constant dense<7> : tensor<40x10xi8>
  %za = arith.constant 5 : i32
  %zb = arith.constant 1 : i32
  %0 = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<3x40xi8>, tensor<40x10xi8>, i32, i32) outs(%c : tensor<3x10xi32>) -> tensor<3x10xi32>
  return %0 : tensor<3x10xi32>
}

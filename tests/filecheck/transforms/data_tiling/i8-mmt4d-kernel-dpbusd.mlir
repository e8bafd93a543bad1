// xfuse-i8-mmt4d-kernel on 16x16x4 tiles (xfuse-int8-data-tiling's choice on AVX-512 VNNI):
// A's quadruples made unsigned (xor 0x80) into one i32, per K step the 16x4 B tile as one
// vector<64xi8>, per row one vpdpbusd into one of 16 accumulators, a 17th taking vpdpbusd of a
// 0x80 splat (128 * colsum(B)) that every row subtracts after the K loop; executed against the
// mmt4d where the host has VNNI. Other flavors leave a k0 = 4 tile alone, with a remark.
// REQUIRES: mlir-opt
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=dpbusd}' | filecheck %s
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=vnni remarks=true}' 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: %if avx512vnni %{ xfuse-run %s --entry mmt4d -p 'xfuse-i8-mmt4d-kernel' --check | filecheck %s --check-prefix=EXEC %}
// EXEC: check: ok, the transformed module matches the untransformed input
// REMARK: remark: xfuse-i8-mmt4d-kernel: left alone: inner tile 16x16x4; only flavor dpbusd (AVX-512 VNNI) takes k0 = 4

// CHECK:       func.func private @llvm.x86.avx512.vpdpbusd.512(vector<16xi32>, vector<64xi8>, vector<64xi8>) -> vector<16xi32>
// CHECK-LABEL: func.func @mmt4d
// CHECK-DAG:     %[[BIAS:[a-z0-9_]+]] = arith.constant dense<-128> : vector<64xi8>
// CHECK-DAG:     %[[ZERO:[a-z0-9_]+]] = arith.constant dense<0> : vector<16xi32>
// CHECK:         %[[PA:[a-z0-9_]+]] = linalg.generic {{.+}} ins(%a, %a, %a, %a : tensor<2x3x16x4xi8>, tensor<2x3x16x4xi8>, tensor<2x3x16x4xi8>, tensor<2x3x16x4xi8>) outs(%{{.+}} : tensor<2x3x16xi32>)
// CHECK-COUNT-4:   arith.xori %{{.+}}, %{{.+}} : i8
// CHECK:           arith.ori
// CHECK:         %[[FB:[a-z0-9_]+]] = tensor.collapse_shape %b {{.+}} : tensor<2x3x16x4xi8> into tensor<2x3x64xi8>
// CHECK-COUNT-16:    vector.transfer_read %{{.+}} : tensor<2x2x16x16xi32>, vector<16xi32>
// CHECK:             %[[SUM0:[a-z0-9_]+]], {{.+}}, %[[CORRSUM:[a-z0-9_]+]] = scf.for {{.+}} %[[CORR:[a-z0-9_]+]] = %[[ZERO]])
// CHECK:               %[[BF:[a-z0-9_]+]] = vector.transfer_read %[[FB]]{{.+}} : tensor<2x3x64xi8>, vector<64xi8>
// CHECK:               vector.transfer_read %[[PA]]{{.+}} permutation_map = affine_map<(d0, d1, d2) -> (0)>} : tensor<2x3x16xi32>, vector<16xi32>
// CHECK:               vector.bitcast %{{.+}} : vector<16xi32> to vector<64xi8>
// CHECK-COUNT-16:      func.call @llvm.x86.avx512.vpdpbusd.512(%{{.+}}, %{{.+}}, %[[BF]])
// CHECK-NEXT:          func.call @llvm.x86.avx512.vpdpbusd.512(%[[CORR]], %[[BIAS]], %[[BF]])
// CHECK:             arith.subi %[[SUM0]], %[[CORRSUM]] : vector<16xi32>
// CHECK-COUNT-15:    arith.subi %{{.+}}, %[[CORRSUM]] : vector<16xi32>
// CHECK-COUNT-16:    vector.transfer_write {{.+}} : vector<16xi32>, tensor<2x2x16x16xi32>
// CHECK-NOT:     linalg.mmt4d
func.func @mmt4d(%a: tensor<2x3x16x4xi8>, %b: tensor<2x3x16x4xi8>, %c: tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<2x3x16x4xi8>, tensor<2x3x16x4xi8>) outs(%c : tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi32>
  return %0 : tensor<2x2x16x16xi32>
}

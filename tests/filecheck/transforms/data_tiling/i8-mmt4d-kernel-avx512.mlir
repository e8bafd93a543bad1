// xfuse-i8-mmt4d-kernel on AVX-512's 16x16x2 tiles (the x86_64-avx512vnni row of the tile table):
// per K step one sign-extension of the 16x2 B tile to 32 i16 (one zmm), per row a broadcast of
// A's i16 pair and one vpdpwssd into the row's 16-lane accumulator (`vnni`: no separate add), or
// vpmaddwd and an add (`avx512`), or the portable shuffles; executed against the mmt4d.
// REQUIRES: mlir-opt
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=vnni}' | filecheck %s --check-prefixes=CHECK,VNNI
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=avx512}' | filecheck %s --check-prefixes=CHECK,AVX512
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=portable}' | filecheck %s --check-prefixes=CHECK,PORTABLE
// RUN: xfuse-opt %s -p 'xfuse-i8-mmt4d-kernel{flavor=avx2 remarks=true}' 2>&1 >/dev/null | filecheck %s --check-prefix=WIDTH
// RUN: xfuse-run %s --entry mmt4d -p 'xfuse-i8-mmt4d-kernel{flavor=portable}' --check | filecheck %s --check-prefix=EXEC
// RUN: %if avx512vnni %{ xfuse-run %s --entry mmt4d -p 'xfuse-i8-mmt4d-kernel{flavor=vnni}' --check | filecheck %s --check-prefix=EXEC %}
// RUN: %if avx512vnni %{ xfuse-run %s --entry mmt4d -p 'xfuse-i8-mmt4d-kernel{flavor=avx512}' --check | filecheck %s --check-prefix=EXEC %}
// EXEC: check: ok, the transformed module matches the untransformed input

// VNNI:      func.func private @llvm.x86.avx512.vpdpwssd.512(vector<16xi32>, vector<32xi16>, vector<32xi16>) -> vector<16xi32>
// AVX512:    func.func private @llvm.x86.avx512.pmaddw.d.512(vector<32xi16>, vector<32xi16>) -> vector<16xi32>
// PORTABLE-NOT: @llvm.x86
// CHECK-LABEL: func.func @mmt4d
// CHECK:         %[[PA:[a-z0-9_]+]] = linalg.generic {{.+}} ins(%a, %a : tensor<2x3x16x2xi8>, tensor<2x3x16x2xi8>) outs(%{{.+}} : tensor<2x3x16xi32>)
// CHECK:         %[[FB:[a-z0-9_]+]] = tensor.collapse_shape %b {{.+}} : tensor<2x3x16x2xi8> into tensor<2x3x32xi8>
// CHECK-COUNT-16:    vector.transfer_read %{{.+}} : tensor<2x2x16x16xi32>, vector<16xi32>
// CHECK:             scf.for {{.+}} -> (vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>)
// CHECK:               vector.transfer_read %[[FB]]{{.+}} : tensor<2x3x32xi8>, vector<32xi8>
// CHECK:               arith.extsi %{{.+}} : vector<32xi8> to vector<32xi16>
// CHECK:               vector.transfer_read %[[PA]]{{.+}} permutation_map = affine_map<(d0, d1, d2) -> (0)>} : tensor<2x3x16xi32>, vector<16xi32>
// CHECK:               vector.bitcast %{{.+}} : vector<16xi32> to vector<32xi16>
// VNNI:                %[[ACC:[a-z0-9_]+]] = func.call @llvm.x86.avx512.vpdpwssd.512(%{{.+}}, %{{.+}}, %{{.+}}) : (vector<16xi32>, vector<32xi16>, vector<32xi16>) -> vector<16xi32>
// VNNI-NOT:            arith.addi
// VNNI-COUNT-15:       func.call @llvm.x86.avx512.vpdpwssd.512
// AVX512-COUNT-16:     func.call @llvm.x86.avx512.pmaddw.d.512
// PORTABLE:            vector.shuffle %{{.+}}, %{{.+}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30] : vector<32xi16>, vector<32xi16>
// CHECK:             scf.yield
// CHECK-COUNT-16:    vector.transfer_write {{.+}} : vector<16xi32>, tensor<2x2x16x16xi32>
// CHECK-NOT:     linalg.mmt4d
func.func @mmt4d(%a: tensor<2x3x16x2xi8>, %b: tensor<2x3x16x2xi8>, %c: tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi32> {
  %0 = linalg.mmt4d ins(%a, %b : tensor<2x3x16x2xi8>, tensor<2x3x16x2xi8>) outs(%c : tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi32>
  return %0 : tensor<2x2x16x16xi32>
}

// An 8-wide flavor on a 16-wide tile is left alone, with a remark.
// WIDTH: remark: xfuse-i8-mmt4d-kernel: left alone: inner tile 16x16x2; flavor avx2 takes n0 = 8

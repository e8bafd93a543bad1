// The GPU dialect's device-mapping attributes (MLIR 22 GPUDeviceMappingAttr.td) on scf.forall and
// elsewhere, with mlir-opt 22 in the loop both ways, and a full cycle diffed against mlir-opt's
// own output. The dictionary is printed sorted by name, `mapping` included, as MLIR prints it.
// RUN: xfuse-opt %s | filecheck %s
// RUN: xfuse-opt %s | mlir-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | mlir-opt | filecheck %s
// RUN: mlir-opt %s | xfuse-opt | filecheck %s
// RUN: mlir-opt --mlir-print-op-generic %s | xfuse-opt | filecheck %s
// RUN: mlir-opt %s > %t.mlir.txt
// RUN: mlir-opt %s | xfuse-opt | mlir-opt > %t.xfuse.txt
// RUN: diff %t.mlir.txt %t.xfuse.txt
// RUN: mlir-opt --mlir-print-op-generic %s > %t.mlir-generic.txt
// RUN: xfuse-opt --print-op-generic %s | mlir-opt --mlir-print-op-generic > %t.xfuse-generic.txt
// RUN: diff %t.mlir-generic.txt %t.xfuse-generic.txt

// CHECK-LABEL: func.func @blocks
// CHECK:         } {mapping = [#gpu.block<y>, #gpu.block<x>]}
func.func @blocks(%t: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = scf.forall (%i, %j) in (2, 2) shared_outs(%o = %t) -> (tensor<8x8xf32>) {
    %s = tensor.extract_slice %o[%i, %j] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>]}
  return %r : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @every_kind
// CHECK:         } {a.mask = #gpu.mask<18446744073709551615>, a.small_mask = #gpu.mask<5>, mapping = [#gpu.thread<z>, #gpu.warp<linear_dim_0>, #gpu.lane<linear_dim_9>]}
// CHECK:         } {mapping = [#gpu.warpgroup<x>, #gpu.block<linear_dim_2>]}
// CHECK:         } {mapping = [#gpu.memory_space<workgroup>]}
// CHECK:         } {mapping = [#gpu.memory_space<private>]}
// CHECK:         } {mapping = [#gpu.memory_space<global>]}
func.func @every_kind() {
  scf.forall (%i, %j, %k) in (2, 3, 4) {
  } {mapping = [#gpu.thread<z>, #gpu.warp<linear_dim_0>, #gpu.lane<linear_dim_9>], a.small_mask = #gpu.mask<5>, a.mask = #gpu.mask<-1>}
  scf.forall (%i, %j) in (2, 3) {
  } {mapping = [#gpu.warpgroup<x>, #gpu.block<linear_dim_2>]}
  scf.forall (%i) in (2) {
  } {mapping = [#gpu.memory_space<workgroup>]}
  scf.forall (%i) in (2) {
  } {mapping = [#gpu.memory_space<private>]}
  scf.forall (%i) in (2) {
  } {mapping = [#gpu.memory_space<global>]}
  return
}

// Nested foralls on memrefs (warps then threads, linear ids), as GPU pipelines write them, with a
// workgroup memory space.
// CHECK-LABEL: func.func @nested
// CHECK:           } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK:         } {mapping = [#gpu.warp<linear_dim_1>, #gpu.warp<linear_dim_0>]}
func.func @nested(%src: memref<64x16xf32>, %dst: memref<64x16xf32, #gpu.address_space<workgroup>>) {
  scf.forall (%w0, %w1) in (2, 2) {
    scf.forall (%i, %j) in (16, 16) {
      %v = memref.load %src[%i, %j] : memref<64x16xf32>
      memref.store %v, %dst[%i, %j] : memref<64x16xf32, #gpu.address_space<workgroup>>
    } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
  } {mapping = [#gpu.warp<linear_dim_1>, #gpu.warp<linear_dim_0>]}
  return
}

// An in-place epilogue (residual_prefetch.py, `PREFETCH_BYTES`, `PREFETCH_TILES`): in a tile
// loop's block that loads two pixels' lines of the residual (1024 bytes apart) and adds them to
// accumulators from outside the block, each load gets a write prefetch: 4096 bytes further with
// `PREFETCH_BYTES` 4096, one tile span (2 x 1024) or two further with `PREFETCH_TILES` 1 or 2.
// The load from %q, only multiplied (and stored back), gets none. llc emits `prefetchw` on Zen 3.
// RUN: mlir-translate --mlir-to-llvmir %s | python -m xfuse.backends.lowering_fixes.residual_prefetch 4096 | filecheck %s --check-prefixes=CHECK,BYTES
// RUN: mlir-translate --mlir-to-llvmir %s | python -m xfuse.backends.lowering_fixes.residual_prefetch 0 1 | filecheck %s --check-prefixes=CHECK,TILE
// RUN: mlir-translate --mlir-to-llvmir %s | python -m xfuse.backends.lowering_fixes.residual_prefetch 0 2 | filecheck %s --check-prefixes=CHECK,BYTES
// RUN: mlir-translate --mlir-to-llvmir %s | python -m xfuse.backends.lowering_fixes.residual_prefetch 4096 | llc -O3 -mcpu=znver3 | filecheck %s --check-prefix=ASM
// RUN: mlir-translate --mlir-to-llvmir %s | python -m xfuse.backends.lowering_fixes.residual_prefetch 0 0 | filecheck %s --check-prefix=OFF

llvm.func @epilogue(%p: !llvm.ptr, %q: !llvm.ptr, %acc: vector<16xf32>, %n: i64) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %c1024 = llvm.mlir.constant(1024 : i64) : i64
  %line = llvm.getelementptr %p[%c1024] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.br ^loop(%c0 : i64)
^loop(%i: i64):
  %rp = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %r = llvm.load %rp {alignment = 64 : i64} : !llvm.ptr -> vector<16xf32>
  %rp1 = llvm.getelementptr %line[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %r1 = llvm.load %rp1 {alignment = 64 : i64} : !llvm.ptr -> vector<16xf32>
  %qp = llvm.getelementptr %q[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %b = llvm.load %qp {alignment = 64 : i64} : !llvm.ptr -> vector<16xf32>
  %m = llvm.fmul %b, %acc : vector<16xf32>
  %s = llvm.fadd %acc, %r : vector<16xf32>
  %s1 = llvm.fadd %acc, %r1 : vector<16xf32>
  llvm.store %s, %rp {alignment = 64 : i64} : vector<16xf32>, !llvm.ptr
  llvm.store %s1, %rp1 {alignment = 64 : i64} : vector<16xf32>, !llvm.ptr
  llvm.store %m, %qp {alignment = 64 : i64} : vector<16xf32>, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  %done = llvm.icmp "eq" %next, %n : i64
  llvm.cond_br %done, ^exit, ^loop(%next : i64)
^exit:
  llvm.return
}

// CHECK-LABEL: define void @epilogue(
// CHECK:         %[[RP:[0-9]+]] = getelementptr float, ptr %0, i64 %{{[0-9]+}}
// BYTES-NEXT:    %xfuse.prefetch.0 = getelementptr i8, ptr %[[RP]], i64 4096
// TILE-NEXT:     %xfuse.prefetch.0 = getelementptr i8, ptr %[[RP]], i64 2048
// CHECK-NEXT:    call void @llvm.prefetch.p0(ptr %xfuse.prefetch.0, i32 1, i32 3, i32 1)
// CHECK-NEXT:    load <16 x float>, ptr %[[RP]]
// CHECK-NEXT:    %[[RP1:[0-9]+]] = getelementptr float, ptr %{{[0-9]+}}
// BYTES-NEXT:    %xfuse.prefetch.1 = getelementptr i8, ptr %[[RP1]], i64 4096
// TILE-NEXT:     %xfuse.prefetch.1 = getelementptr i8, ptr %[[RP1]], i64 2048
// CHECK-NEXT:    call void @llvm.prefetch.p0(ptr %xfuse.prefetch.1, i32 1, i32 3, i32 1)
// CHECK-NEXT:    load <16 x float>, ptr %[[RP1]]
// CHECK-NEXT:    %[[QP:[0-9]+]] = getelementptr float, ptr %1
// CHECK-NEXT:    load <16 x float>, ptr %[[QP]]
// CHECK-NOT:     llvm.prefetch.p0(ptr
// CHECK:         store <16 x float> %{{[0-9]+}}, ptr %[[RP]]
// CHECK:       declare void @llvm.prefetch.p0(

// ASM-LABEL: epilogue:
// ASM:         prefetchw 4096(
// ASM:         prefetchw 5120(
// ASM-NOT:     prefetch

// OFF-NOT: prefetch

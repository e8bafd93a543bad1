// rock-to-loops: views become index arithmetic per transformation kind, Pad validity an scf.if
// (reads give 0, writes are dropped), the GEMM an scf.for nest with a reduction loop.
// RUN: xfuse-opt %s --split-input-file -p rock-to-loops | filecheck %s

#pad = #rock.transform_map<affine_map<(d0) -> (d0 - 2)> by [<Pad{2, 3} ["p"] at [0] -> ["x"] at [0]>] bounds = [9] -> [4]>

// CHECK-LABEL: func.func @padded_read
// CHECK:       %[[R:.*]] = memref.alloc() : memref<9xf32>
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:         %[[X:.*]] = arith.subi %[[I]], %{{.*}} : index
// CHECK:         %[[LO:.*]] = arith.cmpi sge, %[[X]], %{{.*}} : index
// CHECK:         %[[HI:.*]] = arith.cmpi slt, %[[X]], %{{.*}} : index
// CHECK:         %[[OK:.*]] = arith.andi %[[LO]], %[[HI]] : i1
// CHECK:         %[[V:.*]] = scf.if %[[OK]] -> (f32) {
// CHECK:           memref.load %{{.*}}[%[[X]]] : memref<4xf32>
// CHECK:         } else {
// CHECK:           arith.constant 0.000000e+00 : f32
// CHECK:         memref.store %[[V]], %[[R]][%[[I]]] : memref<9xf32>
// CHECK:       memref.dealloc %[[R]] : memref<9xf32>
// CHECK-NOT:   rock.
func.func @padded_read(%x: memref<4xf32>) {
  %r = rock.alloc() : memref<9xf32>
  rock.threadwise_read_into [#pad](%x) -> %r : memref<4xf32> -> memref<9xf32>
  return
}

// -----

// CHECK-LABEL: func.func @gemm_transposed_output
// CHECK:       scf.for %[[G:.*]] = {{.*}} {
// CHECK:         scf.for %[[M:.*]] = {{.*}} {
// CHECK:           scf.for %[[N:.*]] = {{.*}} {
// CHECK:             %[[ACC:.*]] = scf.for %[[K:.*]] = {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f32) {
// CHECK:               memref.load %{{.*}}[%[[G]], %[[K]], %[[M]]] : memref<1x8x4xf32>
// CHECK:               memref.load %{{.*}}[%[[G]], %[[K]], %[[N]]] : memref<1x8x5xf32>
// CHECK:               arith.mulf
// CHECK:               arith.addf
// CHECK:             memref.store %[[ACC]], %{{.*}}[%[[N]], %[[M]]] : memref<5x4xf32>
// CHECK-NOT:   rock.
func.func @gemm_transposed_output(%a: memref<1x8x4xf32>, %b: memref<1x8x5xf32>, %out: memref<5x4xf32>) {
  %c = rock.transform %out by <affine_map<(d0, d1, d2) -> (d2, d1)> by [<AddDim{1} ["g"] at [0] -> [] at []>, <PassThrough ["m", "n"] at [1, 2] -> ["m", "n"] at [1, 0]>] bounds = [1, 4, 5] -> [5, 4]> : memref<5x4xf32> to memref<1x4x5xf32>
  rock.gridwise_gemm %c = %a * %b features = none : memref<1x4x5xf32> = memref<1x8x4xf32> * memref<1x8x5xf32>
  return
}

// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// MLIR-OPT-BUFFERIZE-OPTIONS: allow-return-allocs-from-loops
// MLIR-OPT-NO-DEALLOCATION: its dealloc helper stores i1 memrefs, which finalize-memref-to-llvm 22 asserts on
// Rotating loops: yields that are (in place) the buffers of other iter_args, in cycles. Those
// positions keep memref iter_args that change places at the yield (no copy); the inits must be
// distinct buffers the block owns (else copied in once), and the loop's results replace them in
// the block's deallocations. tests/test_bufferize_differential.py runs every function here
// against mlir-opt's one-shot-bufferize (with the options above).

// (x, y) -> (y, x + y), the sum written into x's buffer: no alloc, no copy in the loop.
// CHECK-LABEL: func.func @fib(%a: memref<8xf32>, %b: memref<8xf32>, %n: index) -> (memref<8xf32>, memref<8xf32>)
// CHECK:         %[[X0:.*]] = memref.alloc() : memref<8xf32>
// CHECK:         %[[Y0:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NOT:     memref.copy
// CHECK:         %[[R:.*]], %[[S:.*]] = scf.for %i = %c0 to %n step %c1 iter_args(%x = %[[X0]], %y = %[[Y0]]) -> (memref<8xf32>, memref<8xf32>) {
// CHECK-NEXT:      linalg.add ins(%x, %y : memref<8xf32>, memref<8xf32>) outs(%x : memref<8xf32>)
// CHECK-NEXT:      scf.yield %y, %x : memref<8xf32>, memref<8xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]], %[[S]]
func.func @fib(%a: tensor<8xf32>, %b: tensor<8xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ea = tensor.empty() : tensor<8xf32>
  %x0 = linalg.add ins(%a, %a : tensor<8xf32>, tensor<8xf32>) outs(%ea : tensor<8xf32>) -> tensor<8xf32>
  %eb = tensor.empty() : tensor<8xf32>
  %y0 = linalg.sub ins(%b, %a : tensor<8xf32>, tensor<8xf32>) outs(%eb : tensor<8xf32>) -> tensor<8xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0, %y = %y0) -> (tensor<8xf32>, tensor<8xf32>) {
    %s = linalg.add ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%x : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %y, %s : tensor<8xf32>, tensor<8xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}

// The inits are the (non-writable) arguments themselves: each is copied once, before the loop.
// CHECK-LABEL: func.func @fib_args(%a: memref<8xf32>, %b: memref<8xf32>, %n: index)
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %[[X0:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    memref.copy %a, %[[X0]]
// CHECK-NEXT:    %[[Y0:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    memref.copy %b, %[[Y0]]
// CHECK-NEXT:    scf.for %i = %c0 to %n step %c1 iter_args(%x = %[[X0]], %y = %[[Y0]])
// CHECK-NEXT:      linalg.add
// CHECK-NEXT:      scf.yield %y, %x
func.func @fib_args(%a: tensor<8xf32> {bufferization.writable = false}, %b: tensor<8xf32> {bufferization.writable = false}, %n: index) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<8xf32>, tensor<8xf32>) {
    %s = linalg.add ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%x : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %y, %s : tensor<8xf32>, tensor<8xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}

// Both iter_args start from one tensor: they need two buffers. The loop reads %t for each init,
// so neither init may be written in place while the other reads it: both are copied (as the
// identity case would be), and %t is freed.
// CHECK-LABEL: func.func @same_init(%a: memref<8xf32>, %n: index)
// CHECK:         %[[T:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    linalg.add ins(%a, %a : {{.*}}) outs(%[[T]] : memref<8xf32>)
// CHECK-NEXT:    %[[U:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    memref.copy %[[T]], %[[U]]
// CHECK-NEXT:    %[[V:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    memref.copy %[[T]], %[[V]]
// CHECK-NEXT:    scf.for %i = %c0 to %n step %c1 iter_args(%x = %[[U]], %y = %[[V]])
// CHECK:         memref.dealloc %[[T]]
// CHECK-NEXT:    func.return
func.func @same_init(%a: tensor<8xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.add ins(%a, %a : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %t, %y = %t) -> (tensor<8xf32>, tensor<8xf32>) {
    %s = linalg.mul ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%x : tensor<8xf32>) -> tensor<8xf32>
    %u = linalg.add ins(%s, %y : tensor<8xf32>, tensor<8xf32>) outs(%s : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %y, %u : tensor<8xf32>, tensor<8xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}

// %x0 is read after the loop, which writes whatever buffer it holds: %x0 is copied in.
// CHECK-LABEL: func.func @init_read_after(%a: memref<8xf32>, %b: memref<8xf32>, %n: index)
// CHECK:         %[[X0:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    linalg.add ins(%a, %a : {{.*}}) outs(%[[X0]] : memref<8xf32>)
// CHECK-NEXT:    %[[Y0:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    linalg.sub
// CHECK-NEXT:    %[[C:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    memref.copy %[[X0]], %[[C]]
// CHECK-NEXT:    %[[R:.*]], %[[S:.*]] = scf.for {{.*}} iter_args(%x = %[[C]], %y = %[[Y0]])
// CHECK:         linalg.add ins(%[[R]], %[[X0]] : {{.*}})
// CHECK:         memref.dealloc %[[X0]]
// CHECK-DAG:     memref.dealloc %[[R]]
func.func @init_read_after(%a: tensor<8xf32>, %b: tensor<8xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ea = tensor.empty() : tensor<8xf32>
  %x0 = linalg.add ins(%a, %a : tensor<8xf32>, tensor<8xf32>) outs(%ea : tensor<8xf32>) -> tensor<8xf32>
  %eb = tensor.empty() : tensor<8xf32>
  %y0 = linalg.sub ins(%b, %a : tensor<8xf32>, tensor<8xf32>) outs(%eb : tensor<8xf32>) -> tensor<8xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0, %y = %y0) -> (tensor<8xf32>, tensor<8xf32>) {
    %s = linalg.add ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%x : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %y, %s : tensor<8xf32>, tensor<8xf32>
  }
  %ez = tensor.empty() : tensor<8xf32>
  %z = linalg.add ins(%r#0, %x0 : tensor<8xf32>, tensor<8xf32>) outs(%ez : tensor<8xf32>) -> tensor<8xf32>
  return %z, %r#1 : tensor<8xf32>, tensor<8xf32>
}

// A 3-cycle next to a fixed position (updated in place) and one yielding a fresh value (copied
// into its iter_arg's buffer); the rotating results are not returned but consumed: freed.
// CHECK-LABEL: func.func @rotate3_mixed(
// CHECK:         linalg.add ins(%b, %b : {{.*}}) outs(%[[S0:[0-9]+]] : memref<8xf32>)
// CHECK-NEXT:    %[[W0:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    linalg.sub ins(%a, %b : {{.*}}) outs(%[[W0]] : memref<8xf32>)
// CHECK-NEXT:    %[[R0:.*]], %[[R1:.*]], %[[R2:.*]] = scf.for %i = %c0 to %n step %c1 iter_args(%x = %{{.*}}, %y = %{{.*}}, %z = %{{.*}}) -> (memref<8xf32>, memref<8xf32>, memref<8xf32>) {
// CHECK-NEXT:      linalg.sub ins(%x, %z : {{.*}}) outs(%x : memref<8xf32>)
// CHECK-NEXT:      linalg.add ins(%[[S0]], %y : {{.*}}) outs(%[[S0]] : memref<8xf32>)
// CHECK-NEXT:      %[[F:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:      linalg.mul ins(%[[W0]], %y : {{.*}}) outs(%[[F]] : memref<8xf32>)
// CHECK-NEXT:      memref.copy %[[F]], %[[W0]]
// CHECK-NEXT:      memref.dealloc %[[F]]
// CHECK-NEXT:      scf.yield %y, %z, %x : memref<8xf32>, memref<8xf32>, memref<8xf32>
// CHECK-NEXT:    }
// CHECK:         memref.dealloc %[[R0]]
// CHECK-NEXT:    memref.dealloc %[[R1]]
// CHECK-NEXT:    memref.dealloc %[[R2]]
// CHECK-NOT:     memref.dealloc %[[S0]]
// CHECK-NOT:     memref.dealloc %[[W0]]
// CHECK:         func.return %{{.*}}, %[[S0]], %[[W0]]
func.func @rotate3_mixed(%a: tensor<8xf32>, %b: tensor<8xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e0 = tensor.empty() : tensor<8xf32>
  %x0 = linalg.add ins(%a, %a : tensor<8xf32>, tensor<8xf32>) outs(%e0 : tensor<8xf32>) -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %y0 = linalg.sub ins(%b, %a : tensor<8xf32>, tensor<8xf32>) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %z0 = linalg.mul ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e2 : tensor<8xf32>) -> tensor<8xf32>
  %e3 = tensor.empty() : tensor<8xf32>
  %s0 = linalg.add ins(%b, %b : tensor<8xf32>, tensor<8xf32>) outs(%e3 : tensor<8xf32>) -> tensor<8xf32>
  %e4 = tensor.empty() : tensor<8xf32>
  %w0 = linalg.sub ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e4 : tensor<8xf32>) -> tensor<8xf32>
  %r:5 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0, %s = %s0, %y = %y0, %w = %w0, %z = %z0) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
    %x1 = linalg.sub ins(%x, %z : tensor<8xf32>, tensor<8xf32>) outs(%x : tensor<8xf32>) -> tensor<8xf32>
    %s1 = linalg.add ins(%s, %y : tensor<8xf32>, tensor<8xf32>) outs(%s : tensor<8xf32>) -> tensor<8xf32>
    %ef = tensor.empty() : tensor<8xf32>
    %w1 = linalg.mul ins(%w, %y : tensor<8xf32>, tensor<8xf32>) outs(%ef : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %y, %s1, %z, %w1, %x1 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
  %ea = tensor.empty() : tensor<8xf32>
  %t = linalg.add ins(%r#0, %r#2 : tensor<8xf32>, tensor<8xf32>) outs(%ea : tensor<8xf32>) -> tensor<8xf32>
  %eb = tensor.empty() : tensor<8xf32>
  %u = linalg.mul ins(%t, %r#4 : tensor<8xf32>, tensor<8xf32>) outs(%eb : tensor<8xf32>) -> tensor<8xf32>
  return %u, %r#1, %r#3 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// A rotating loop inside a loop whose iter_args it starts from: those buffers belong to the
// function, so the inner inits are copied in per outer iteration, and the inner results (copied
// into the outer iter_args at the outer yield) are freed in the outer body.
// CHECK-LABEL: func.func @nested(
// CHECK:         scf.for %i = %c0 to %n step %c1 {
// CHECK-NEXT:      %[[P:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:      memref.copy %{{.*}}, %[[P]]
// CHECK-NEXT:      %[[Q:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:      memref.copy %{{.*}}, %[[Q]]
// CHECK-NEXT:      %[[R:.*]], %[[S:.*]] = scf.for %j = %c0 to %n step %c1 iter_args(%x = %[[P]], %y = %[[Q]])
// CHECK:           memref.dealloc %[[R]]
// CHECK-NEXT:      memref.dealloc %[[S]]
// CHECK-NEXT:    }
func.func @nested(%a: tensor<8xf32>, %b: tensor<8xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ea = tensor.empty() : tensor<8xf32>
  %x0 = linalg.add ins(%a, %a : tensor<8xf32>, tensor<8xf32>) outs(%ea : tensor<8xf32>) -> tensor<8xf32>
  %eb = tensor.empty() : tensor<8xf32>
  %y0 = linalg.sub ins(%b, %a : tensor<8xf32>, tensor<8xf32>) outs(%eb : tensor<8xf32>) -> tensor<8xf32>
  %o:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %x0, %q = %y0) -> (tensor<8xf32>, tensor<8xf32>) {
    %r:2 = scf.for %j = %c0 to %n step %c1 iter_args(%x = %p, %y = %q) -> (tensor<8xf32>, tensor<8xf32>) {
      %s = linalg.add ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%x : tensor<8xf32>) -> tensor<8xf32>
      scf.yield %y, %s : tensor<8xf32>, tensor<8xf32>
    }
    %m = linalg.mul ins(%r#0, %p : tensor<8xf32>, tensor<8xf32>) outs(%r#0 : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %r#1, %m : tensor<8xf32>, tensor<8xf32>
  }
  return %o#0, %o#1 : tensor<8xf32>, tensor<8xf32>
}

// RUN: xfuse-opt %S/../../../bufferize_cases/upstream_scf_while_non_equiv_condition.mlir -p xfuse-bufferize | filecheck %s
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s --check-prefix=LOCAL
// scf.while whose condition forwards its before buffers permuted and whose yield passes the
// after buffers back (in place): the buffers travel as memref arguments of both regions, no
// copy in the loop (the two read-only inits are copied once before it).

// CHECK-LABEL: func.func @upstream_scf_while_non_equiv_condition
// CHECK:         %[[A:.*]] = memref.alloc() : memref<5xf32>
// CHECK-NEXT:    memref.copy %arg0, %[[A]]
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() : memref<5xf32>
// CHECK-NEXT:    memref.copy %arg1, %[[B]]
// CHECK-NEXT:    %k, %[[R0:.*]], %[[R1:.*]] = scf.while (%i = %c0, %w0 = %[[A]], %w1 = %[[B]]) : (index, memref<5xf32>, memref<5xf32>) -> (index, memref<5xf32>, memref<5xf32>) {
// CHECK-NOT:       memref.copy
// CHECK:           scf.condition(%condition) %i, %w1, %w0 : index, memref<5xf32>, memref<5xf32>
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%{{.*}}: index, %b0: memref<5xf32>, %b1: memref<5xf32>):
// CHECK-NOT:       memref.copy
// CHECK:           memref.store %{{.*}}, %b0[%{{.*}}] : memref<5xf32>
// CHECK-NOT:       memref.copy
// CHECK:           scf.yield %{{.*}}, %b0, %b1 : index, memref<5xf32>, memref<5xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R0]], %[[R1]] : memref<5xf32>, memref<5xf32>

// A result not returned: the block frees the loop's memref results (the buffers it allocated,
// in some order).
// LOCAL-LABEL: func.func @rotating_result_read
// LOCAL:         %[[A:.*]] = memref.alloc() : memref<5xf32>
// LOCAL:         %[[B:.*]] = memref.alloc() : memref<5xf32>
// LOCAL:         %[[R0:.*]], %[[R1:.*]] = scf.while (%w0 = %[[A]], %w1 = %[[B]]) : (memref<5xf32>, memref<5xf32>) -> (memref<5xf32>, memref<5xf32>) {
// LOCAL:           scf.condition(%condition) %w1, %w0 : memref<5xf32>, memref<5xf32>
// LOCAL:           scf.yield %b0, %b1 : memref<5xf32>, memref<5xf32>
// LOCAL:         %[[X:.*]] = memref.load %[[R1]][%c0]
// LOCAL-NEXT:    memref.dealloc %[[R0]]
// LOCAL-NEXT:    memref.dealloc %[[R1]]
// LOCAL-NEXT:    func.return %r : f32
func.func @rotating_result_read(%arg0: tensor<5xf32>, %arg1: tensor<5xf32>, %n: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r0, %r1 = scf.while (%w0 = %arg0, %w1 = %arg1) : (tensor<5xf32>, tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>) {
    %x = tensor.extract %w0[%c0] : tensor<5xf32>
    %condition = arith.cmpf olt, %x, %n : f32
    scf.condition(%condition) %w1, %w0 : tensor<5xf32>, tensor<5xf32>
  } do {
  ^bb0(%b0: tensor<5xf32>, %b1: tensor<5xf32>):
    %x = tensor.extract %b1[%c0] : tensor<5xf32>
    %y = arith.addf %x, %one : f32
    %1 = tensor.insert %y into %b0[%c0] : tensor<5xf32>
    scf.yield %1, %b1 : tensor<5xf32>, tensor<5xf32>
  }
  %r = tensor.extract %r1[%c0] : tensor<5xf32>
  return %r : f32
}

// The yield passes a value computed in a fresh tensor: no rotation, fixed buffers and a copy at
// the yield.
// LOCAL-LABEL: func.func @not_rotating
// LOCAL:         scf.while (%i = %c0) : (index) -> index {
// LOCAL:         } do {
// LOCAL:           memref.copy
// LOCAL:           scf.yield
func.func @not_rotating(%arg0: tensor<5xf32>, %arg1: tensor<5xf32>, %n: index) -> tensor<5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %m = arith.minui %n, %c3 : index
  %r0, %r1, %k = scf.while (%w0 = %arg0, %w1 = %arg1, %i = %c0) : (tensor<5xf32>, tensor<5xf32>, index) -> (tensor<5xf32>, tensor<5xf32>, index) {
    %condition = arith.cmpi ult, %i, %m : index
    scf.condition(%condition) %w1, %w0, %i : tensor<5xf32>, tensor<5xf32>, index
  } do {
  ^bb0(%b0: tensor<5xf32>, %b1: tensor<5xf32>, %i: index):
    %e = tensor.empty() : tensor<5xf32>
    %s = linalg.add ins(%b0, %b1 : tensor<5xf32>, tensor<5xf32>) outs(%e : tensor<5xf32>) -> tensor<5xf32>
    %j = arith.addi %i, %c1 : index
    scf.yield %s, %b1, %j : tensor<5xf32>, tensor<5xf32>, index
  }
  return %r0 : tensor<5xf32>
}

// One before argument forwarded twice: the two after arguments are distinct values, so the
// second gets its own buffer (the condition copies into it); writing one leaves the other.
// LOCAL-LABEL: func.func @forwarded_twice
// LOCAL:         %[[A:.*]] = memref.alloc() : memref<5xf32>
// LOCAL-NEXT:    memref.copy %arg0, %[[A]]
// LOCAL-NEXT:    %[[B:.*]] = memref.alloc() : memref<5xf32>
// LOCAL:           memref.copy %[[A]], %[[B]]
// LOCAL-NEXT:      scf.condition
// LOCAL:           memref.load %[[B]]
// LOCAL-NEXT:      arith.addf
// LOCAL-NEXT:      memref.store %{{.*}}, %[[A]]
// LOCAL-NEXT:      memref.load %[[B]]
// LOCAL-NEXT:      memref.store %{{.*}}, %[[A]]
func.func @forwarded_twice(%arg0: tensor<5xf32>, %n: index) -> tensor<5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %c5 = arith.constant 5 : index
  %m = arith.minui %n, %c5 : index
  %r0, %r1, %k = scf.while (%w0 = %arg0, %i = %c0) : (tensor<5xf32>, index) -> (tensor<5xf32>, tensor<5xf32>, index) {
    %condition = arith.cmpi ult, %i, %m : index
    scf.condition(%condition) %w0, %w0, %i : tensor<5xf32>, tensor<5xf32>, index
  } do {
  ^bb0(%b0: tensor<5xf32>, %b1: tensor<5xf32>, %i: index):
    %x = tensor.extract %b1[%i] : tensor<5xf32>
    %y = arith.addf %x, %one : f32
    %1 = tensor.insert %y into %b0[%i] : tensor<5xf32>
    %z = tensor.extract %b1[%i] : tensor<5xf32>
    %2 = tensor.insert %z into %1[%c0] : tensor<5xf32>
    %j = arith.addi %i, %c1 : index
    scf.yield %2, %j : tensor<5xf32>, index
  }
  return %r1 : tensor<5xf32>
}

// RUN: xfuse-opt %s -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// Calls, callee before caller. @fill_ones writes its argument in place (every call site
// allows it) and returns it: its callers get the same buffer back. @add_self writes its
// argument too, but @main passes it the read-only %y, so @add_self's argument is read-only
// everywhere and it writes a new buffer (the RFC's "meet" of all call sites; upstream instead
// copies at the refusing call site). @chain is a chain of calls on one buffer.
// ANALYSIS-LABEL: func.func private @fill_ones
// ANALYSIS-SAME:  bufferization.access = "write"
// ANALYSIS:       linalg.fill{{.*}}["none", "true"]
// ANALYSIS-LABEL: func.func private @add_self
// ANALYSIS-SAME:  bufferization.access = "read"
// ANALYSIS:       linalg.add{{.*}}["true", "true", "false"]
// ANALYSIS-LABEL: func.func private @chain
// ANALYSIS-SAME:  bufferization.access = "write"
// ANALYSIS:       func.call @fill_ones{{.*}}["true"]
// ANALYSIS:       func.call @add_self{{.*}}["true"]

// CHECK-LABEL: func.func private @fill_ones(%t: memref<4xf32>) -> memref<4xf32>
// CHECK:         linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
// CHECK-NEXT:    func.return %t : memref<4xf32>
// CHECK-LABEL: func.func private @add_self(%t: memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.add ins(%t, %t : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// CHECK-NEXT:    func.return %[[R]] : memref<4xf32>
// CHECK-LABEL: func.func private @chain(%t: memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    func.call @fill_ones(%t) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    %[[B:.*]] = func.call @add_self(%t) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    func.return %[[B]] : memref<4xf32>
// CHECK-LABEL: func.func @main(%x: memref<4xf32>, %y: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT:    %[[E:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[C:.*]] = func.call @chain(%[[E]])
// CHECK-NEXT:    %[[D:.*]] = func.call @add_self(%x)
// CHECK-NEXT:    linalg.add ins(%[[C]], %x : memref<4xf32>, memref<4xf32>) outs(%[[D]] : memref<4xf32>)
// CHECK-NEXT:    %[[U:.*]] = func.call @add_self(%y)
// CHECK-NEXT:    memref.dealloc %[[E]]
// CHECK-NEXT:    memref.dealloc %[[C]]
// CHECK-NEXT:    func.return %[[D]], %[[U]] : memref<4xf32>, memref<4xf32>

func.func private @fill_ones(%t: tensor<4xf32>) -> tensor<4xf32> {
  %one = arith.constant 1.0 : f32
  %f = linalg.fill ins(%one : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}
func.func private @add_self(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.add ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func private @chain(%t: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @fill_ones(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @add_self(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func @main(%x: tensor<4xf32> {bufferization.writable = true}, %y: tensor<4xf32> {bufferization.writable = false}) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %c = func.call @chain(%e) : (tensor<4xf32>) -> tensor<4xf32>
  %d = func.call @add_self(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.add ins(%c, %x : tensor<4xf32>, tensor<4xf32>) outs(%d : tensor<4xf32>) -> tensor<4xf32>
  %u = func.call @add_self(%y) : (tensor<4xf32>) -> tensor<4xf32>
  return %s, %u : tensor<4xf32>, tensor<4xf32>
}

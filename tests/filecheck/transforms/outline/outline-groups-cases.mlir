// xfuse-outline-groups on tensors (values), and where it does not cut.
// RUN: xfuse-opt %s -p 'xfuse-outline-groups{min-ops=2}' | filecheck %s
// The outlined module is valid MLIR 22 (mlir-opt parses and verifies it).
// RUN: xfuse-opt %s -p 'xfuse-outline-groups{min-ops=2}' | mlir-opt | filecheck %s --check-prefix=MLIR
// RUN: not xfuse-opt %s -p 'xfuse-outline-groups{min-ops=0}' 2>&1 | filecheck %s --check-prefix=ZERO

// MLIR: func.func private @tensors__group0
// ZERO: error: xfuse-outline-groups: min-ops must be at least 1, got 0

// On tensors: each group's results are the tensors read later; the view (expand_shape) is never
// the last op of a group: it goes with its user.
// CHECK-LABEL: func.func private @tensors__group0(%0: tensor<4xf32>) -> tensor<4xf32> attributes {passthrough = ["noinline"], llvm.linkage = #llvm.linkage<"internal">} {
// CHECK-NEXT:    %e = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    %add = linalg.add ins(%0, %0 : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %add : tensor<4xf32>
// CHECK-LABEL: func.func private @tensors__group1(%0: tensor<4xf32>) -> tensor<4xf32> attributes {passthrough = ["noinline"], llvm.linkage = #llvm.linkage<"internal">} {
// CHECK-NEXT:    %e2 = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    %mul = linalg.mul ins(%0, %0 : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %mul : tensor<4xf32>
// CHECK-LABEL: func.func private @tensors__group2(%0: tensor<4xf32>) -> tensor<2x2xf32> attributes {passthrough = ["noinline"], llvm.linkage = #llvm.linkage<"internal">} {
// CHECK-NEXT:    %r = tensor.expand_shape %0
// CHECK-NEXT:    %e3 = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT:    %neg = linalg.negf ins(%r : tensor<2x2xf32>) outs(%e3 : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    func.return %neg : tensor<2x2xf32>
// CHECK-LABEL: func.func @tensors(%x: tensor<4xf32>) -> tensor<2x2xf32> {
// CHECK-NEXT:    %add = func.call @tensors__group0(%x) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %mul = func.call @tensors__group1(%add) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %neg = func.call @tensors__group2(%mul) : (tensor<4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    func.return %neg : tensor<2x2xf32>
func.func @tensors(%x: tensor<4xf32>) -> tensor<2x2xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %add = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %mul = linalg.mul ins(%add, %add : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.expand_shape %mul [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %e3 = tensor.empty() : tensor<2x2xf32>
  %neg = linalg.negf ins(%r : tensor<2x2xf32>) outs(%e3 : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %neg : tensor<2x2xf32>
}

// Several blocks: left as it is.
// CHECK-LABEL: func.func @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NOT:     func.call
// CHECK:         cf.br ^bb1
func.func @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %add = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  cf.br ^bb1
^bb1:
  %e2 = tensor.empty() : tensor<4xf32>
  %mul = linalg.mul ins(%add, %add : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  return %mul : tensor<4xf32>
}

// A value of a type the pass does not pass (complex) would cross every cut: one group, nothing
// outlined.
// CHECK-LABEL: func.func @complex(%x: tensor<4xf32>) -> (tensor<4xf32>, f32) {
// CHECK-NOT:     func.call
// CHECK:         complex.re
func.func @complex(%x: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %z = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %e = tensor.empty() : tensor<4xf32>
  %add = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %mul = linalg.mul ins(%add, %add : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %re = complex.re %z : complex<f32>
  return %mul, %re : tensor<4xf32>, f32
}

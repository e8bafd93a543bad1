// RUN: xfuse-opt %S/../../../bufferize_cases/scf_if_build_in_result.mlir -p xfuse-bufferize | filecheck %s
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s --check-prefix=OUTSIDE
// RUN: xfuse-opt %S/../../../bufferize_cases/scf_if_build_in_result.mlir -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// A branch of a region op that yields (in place) a value built from a tensor.empty of its own
// block computes straight into the op's result buffer: no temporary, no copy at the yield.

// ANALYSIS:      scf.yield {__inplace_operands_attr__ = ["true", "true"]} %x, %w
// ANALYSIS:      scf.yield {__inplace_operands_attr__ = ["true", "true"]} %y, %z

// CHECK-LABEL: func.func @scf_if_build_in_result
// CHECK:         %[[R:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    scf.if %{{.*}} {
// CHECK-NEXT:      linalg.add ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// CHECK-NEXT:      linalg.sub ins(%b, %a : memref<4xf32>, memref<4xf32>) outs(%[[S]] : memref<4xf32>)
// CHECK-NEXT:    } else {
// CHECK-NEXT:      linalg.mul ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// CHECK-NEXT:      linalg.mul ins(%[[R]], %a : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// CHECK-NEXT:      linalg.sub ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[S]] : memref<4xf32>)
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]], %[[S]]

// The empty is defined outside the branch: the branch's value is not its own, it keeps its
// buffer, which outlives the op as the argument the other branch yields does. The result may
// not share them (the add would write the read-only argument): it is a buffer of its own,
// filled by one copy after the op from the buffer the taken branch yields
// (copy-after-branches.mlir).
// OUTSIDE-LABEL: func.func @empty_outside_branch
// OUTSIDE:         %[[E:.*]] = memref.alloc() : memref<4xf32>
// OUTSIDE-NEXT:    %[[C:.*]] = memref.alloc() : memref<4xf32>
// OUTSIDE-NEXT:    %[[R:.*]] = scf.index_switch %n -> memref<4xf32>
// OUTSIDE-NEXT:    case 1 {
// OUTSIDE-NEXT:      linalg.add ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[E]] : memref<4xf32>)
// OUTSIDE-NEXT:      scf.yield %[[E]] : memref<4xf32>
// OUTSIDE-NEXT:    }
// OUTSIDE-NEXT:    default {
// OUTSIDE-NEXT:      scf.yield %a : memref<4xf32>
// OUTSIDE-NEXT:    }
// OUTSIDE-NEXT:    memref.copy %[[R]], %[[C]]
// OUTSIDE-NEXT:    memref.dealloc %[[E]]
// OUTSIDE-NEXT:    func.return %[[C]]
func.func @empty_outside_branch(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = scf.index_switch %n -> tensor<4xf32>
  case 1 {
    %x = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  default {
    scf.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// One value yielded twice: the first position builds it in place, the second is a copy.
// OUTSIDE-LABEL: func.func @yielded_twice
// OUTSIDE:         %[[R:.*]] = memref.alloc() : memref<4xf32>
// OUTSIDE-NEXT:    %[[S:.*]] = memref.alloc() : memref<4xf32>
// OUTSIDE-NEXT:    scf.index_switch %n
// OUTSIDE-NEXT:    case 1 {
// OUTSIDE-NEXT:      linalg.add ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// OUTSIDE-NEXT:      memref.copy %[[R]], %[[S]]
func.func @yielded_twice(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %r, %s = scf.index_switch %n -> tensor<4xf32>, tensor<4xf32>
  case 1 {
    %e = tensor.empty() : tensor<4xf32>
    %x = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x, %x : tensor<4xf32>, tensor<4xf32>
  }
  default {
    scf.yield %a, %b : tensor<4xf32>, tensor<4xf32>
  }
  return %r, %s : tensor<4xf32>, tensor<4xf32>
}

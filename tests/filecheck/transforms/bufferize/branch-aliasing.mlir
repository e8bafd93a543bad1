// RUN: xfuse-opt %s -p 'xfuse-bufferize{analysis-only=true}' | filecheck %s --check-prefixes=BOTH,ANALYSIS
// RUN: mlir-opt %s --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" | filecheck %s --check-prefixes=BOTH,UPSTREAM
// RUN: xfuse-opt %s -p xfuse-bufferize | filecheck %s
// The result of a region op (or of arith.select) is, at run time, the buffer of *one* of the
// values it yields: it may share memory with each of them, but two values yielded by different
// branches share no memory through it (aliasing.py). A write into the value one branch
// computes is then no write into the read-only argument another branch yields.

// One case computes (writing its tensor.empty), the other yields a read-only argument: both
// yields and the add are in place (as upstream, whose index_switch yields always are).
// BOTH-LABEL: func.func @switch_computed_or_read_only
// BOTH:         linalg.add {__inplace_operands_attr__ = ["true", "true", "true"]}
// BOTH:         scf.yield {__inplace_operands_attr__ = ["true"]}
// BOTH:         scf.yield {__inplace_operands_attr__ = ["true"]}
// The result is returned: a buffer of its own, which the computing case builds in; the other
// case copies %a into it.
// CHECK-LABEL: func.func @switch_computed_or_read_only
// CHECK:         %[[R:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    scf.index_switch %i
// CHECK-NEXT:    case 0 {
// CHECK-NEXT:      linalg.add ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// CHECK:         default {
// CHECK-NEXT:      memref.copy %a, %[[R]]
// CHECK:         func.return %[[R]]
func.func @switch_computed_or_read_only(%a: tensor<4xf32> {bufferization.writable = false},
                                        %b: tensor<4xf32> {bufferization.writable = false},
                                        %i: index) -> tensor<4xf32> {
  %r = scf.index_switch %i -> tensor<4xf32>
  case 0 {
    %e = tensor.empty() : tensor<4xf32>
    %x = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  default {
    scf.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// The same with scf.if: xfuse keeps the add in place; upstream, whose alias sets join %a and
// the add's init through the scf.if result, puts the add's init out of place.
// ANALYSIS-LABEL: func.func @if_computed_or_read_only
// ANALYSIS:         linalg.add {__inplace_operands_attr__ = ["true", "true", "true"]}
// ANALYSIS:         scf.yield {__inplace_operands_attr__ = ["true"]} %x
// ANALYSIS:         scf.yield {__inplace_operands_attr__ = ["true"]} %a
// UPSTREAM-LABEL: func.func @if_computed_or_read_only
// UPSTREAM:         linalg.add {__inplace_operands_attr__ = ["true", "true", "false"]}
func.func @if_computed_or_read_only(%a: tensor<4xf32> {bufferization.writable = false},
                                    %b: tensor<4xf32> {bufferization.writable = false},
                                    %sel: index) -> tensor<4xf32> {
  %zero = arith.constant 0 : index
  %c = arith.cmpi eq, %sel, %zero : index
  %r = scf.if %c -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %x = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  } else {
    scf.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// A case yields the iter_arg, which the body then overwrites (elementwise, reading the switch's
// result), another a read-only argument, the third computes from the iter_arg: every yield is
// in place, as upstream (the write into the computed value is no write into the iter_arg).
// BOTH-LABEL: func.func @switch_in_loop
// BOTH:         scf.yield {__inplace_operands_attr__ = ["true"]}
// BOTH:         linalg.mul {__inplace_operands_attr__ = ["true", "true", "true"]}
// BOTH:         scf.yield {__inplace_operands_attr__ = ["true"]}
// BOTH:         scf.yield {__inplace_operands_attr__ = ["true"]}
// BOTH:         linalg.add {__inplace_operands_attr__ = ["true", "true", "true"]}
// The result is the buffer the taken case yields; the computing case builds in a buffer
// allocated before the switch. No copy.
// CHECK-LABEL: func.func @switch_in_loop
// CHECK:         %[[ACC:.*]] = memref.alloc() : memref<4xf32>
// CHECK:         scf.for
// CHECK-NEXT:      %[[R:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:      %[[S:.*]] = scf.index_switch %i -> memref<4xf32>
// CHECK-NEXT:      case 0 {
// CHECK-NEXT:        scf.yield %[[ACC]] : memref<4xf32>
// CHECK:           linalg.mul ins(%[[ACC]], %a : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// CHECK-NEXT:        scf.yield %[[R]] : memref<4xf32>
// CHECK:           default {
// CHECK-NEXT:        scf.yield %b : memref<4xf32>
// CHECK:           linalg.add ins(%[[S]], %[[ACC]] : memref<4xf32>, memref<4xf32>) outs(%[[ACC]] : memref<4xf32>)
// CHECK-NOT:     memref.copy
// CHECK:         func.return %[[ACC]]
func.func @switch_in_loop(%a: tensor<4xf32> {bufferization.writable = false},
                          %b: tensor<4xf32> {bufferization.writable = false},
                          %i: index, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %ub = arith.addi %n, %c2 : index
  %r = scf.for %k = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<4xf32>) {
    %s = scf.index_switch %i -> tensor<4xf32>
    case 0 {
      scf.yield %acc : tensor<4xf32>
    }
    case 1 {
      %t = tensor.empty() : tensor<4xf32>
      %x = linalg.mul ins(%acc, %a : tensor<4xf32>, tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %x : tensor<4xf32>
    }
    default {
      scf.yield %b : tensor<4xf32>
    }
    %y = linalg.add ins(%s, %acc : tensor<4xf32>, tensor<4xf32>) outs(%acc : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// What still conflicts. A write through the result after the op may write %a (the result may
// be %a): decided first (bottom-up), the fill stays in place and the yield of %a goes out of
// place (a buffer of its own), the computed value's yield stays in place. The fill overwrites
// the whole result before anything reads it: %a is not even copied into it.
// ANALYSIS-LABEL: func.func @result_written_after
// ANALYSIS:         scf.yield {__inplace_operands_attr__ = ["true"]} %x
// ANALYSIS:         scf.yield {__inplace_operands_attr__ = ["false"]} %a
// ANALYSIS:         linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK-LABEL: func.func @result_written_after
// CHECK:         %[[R:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    scf.if %c {
// CHECK-NEXT:      linalg.add ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// CHECK-NEXT:    } else {
// CHECK-NEXT:    }
// CHECK-NEXT:    linalg.fill ins(%{{.*}} : f32) outs(%[[R]] : memref<4xf32>)
// CHECK-NEXT:    func.return %[[R]]
func.func @result_written_after(%a: tensor<4xf32> {bufferization.writable = false},
                                %b: tensor<4xf32> {bufferization.writable = false},
                                %sel: index, %f: f32) -> tensor<4xf32> {
  %zero = arith.constant 0 : index
  %c = arith.cmpi eq, %sel, %zero : index
  %r = scf.if %c -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %x = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  } else {
    scf.yield %a : tensor<4xf32>
  }
  %w = linalg.fill ins(%f : f32) outs(%r : tensor<4xf32>) -> tensor<4xf32>
  return %w : tensor<4xf32>
}

// The same, but the result is read (a tensor.insert overwrites one element): %a is copied in.
// CHECK-LABEL: func.func @result_partly_written_after
// CHECK:         } else {
// CHECK-NEXT:      memref.copy %a, %{{.*}}
func.func @result_partly_written_after(%a: tensor<4xf32> {bufferization.writable = false},
                                       %b: tensor<4xf32> {bufferization.writable = false},
                                       %sel: index, %f: f32) -> tensor<4xf32> {
  %zero = arith.constant 0 : index
  %c = arith.cmpi eq, %sel, %zero : index
  %r = scf.if %c -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %x = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  } else {
    scf.yield %a : tensor<4xf32>
  }
  %w = tensor.insert %f into %r[%zero] : tensor<4xf32>
  return %w : tensor<4xf32>
}

// One branch overwrites the tensor the other branch yields, which is read after the op: the
// overwrite is a write into the very memory read later, out of place (aliasing through the two
// branches is not needed to see it: %w would be %t's buffer). Its new buffer is the result's,
// allocated before the op (as for an empty the branch builds from): the result is the buffer
// the taken branch yields, no copy (as upstream: 3 allocations, 0 copies).
// ANALYSIS-LABEL: func.func @branch_overwrites_what_is_read_later
// ANALYSIS:         scf.yield {__inplace_operands_attr__ = ["true"]} %t
// ANALYSIS:         linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// CHECK-LABEL: func.func @branch_overwrites_what_is_read_later
// CHECK:         %[[T:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%[[T]] : memref<4xf32>)
// CHECK-NEXT:    %[[W:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[R:.*]] = scf.if %c -> (memref<4xf32>) {
// CHECK-NEXT:      scf.yield %[[T]] : memref<4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      linalg.fill ins(%f : f32) outs(%[[W]] : memref<4xf32>)
// CHECK-NEXT:      scf.yield %[[W]] : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[Y:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.sub ins(%[[R]], %[[T]] : memref<4xf32>, memref<4xf32>) outs(%[[Y]] : memref<4xf32>)
// CHECK-NOT:     memref.copy
// CHECK:         func.return %[[Y]]
func.func @branch_overwrites_what_is_read_later(%a: tensor<4xf32> {bufferization.writable = false},
                                                %sel: index, %f: f32) -> tensor<4xf32> {
  %zero = arith.constant 0 : index
  %c = arith.cmpi eq, %sel, %zero : index
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.if %c -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  } else {
    %w = linalg.fill ins(%f : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  %e2 = tensor.empty() : tensor<4xf32>
  %y = linalg.sub ins(%r, %t : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// The same with an overwrite that reads the old contents (a matmul accumulating into %t): they
// are copied into the result buffer, where the matmul then accumulates.
// CHECK-LABEL: func.func @branch_accumulates_into_what_is_read_later
// CHECK:         %[[T:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK:         %[[W:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK-NEXT:    %[[R:.*]] = scf.if %c -> (memref<4x4xf32>) {
// CHECK-NEXT:      scf.yield %[[T]] : memref<4x4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      memref.copy %[[T]], %[[W]]
// CHECK-NEXT:      linalg.matmul ins(%a, %a : memref<4x4xf32>, memref<4x4xf32>) outs(%[[W]] : memref<4x4xf32>)
// CHECK-NEXT:      scf.yield %[[W]] : memref<4x4xf32>
// CHECK-NEXT:    }
func.func @branch_accumulates_into_what_is_read_later(%a: tensor<4x4xf32> {bufferization.writable = false},
                                                      %sel: index) -> tensor<4x4xf32> {
  %zero = arith.constant 0 : index
  %c = arith.cmpi eq, %sel, %zero : index
  %e = tensor.empty() : tensor<4x4xf32>
  %t = linalg.add ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = scf.if %c -> (tensor<4x4xf32>) {
    scf.yield %t : tensor<4x4xf32>
  } else {
    %w = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%t : tensor<4x4xf32>) -> tensor<4x4xf32>
    scf.yield %w : tensor<4x4xf32>
  }
  %e2 = tensor.empty() : tensor<4x4xf32>
  %y = linalg.sub ins(%r, %t : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e2 : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}

// arith.select: the result is one of its operands. The add writes its own init, which the
// select may return instead of the read-only %a: in place (upstream joins %a and the init
// through the select and puts the add's init out of place).
// ANALYSIS-LABEL: func.func @select_computed_or_read_only
// ANALYSIS:         linalg.add {__inplace_operands_attr__ = ["true", "true", "true"]}
// ANALYSIS:         arith.select {{.*}} {__inplace_operands_attr__ = ["none", "true", "true"]}
// UPSTREAM-LABEL: func.func @select_computed_or_read_only
// UPSTREAM:         linalg.add {__inplace_operands_attr__ = ["true", "true", "false"]}
// CHECK-LABEL: func.func @select_computed_or_read_only
// CHECK:         %[[E:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.add ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[E]] : memref<4xf32>)
// CHECK-NEXT:    %[[S:.*]] = arith.select %c, %a, %[[E]] : memref<4xf32>
// CHECK-NOT:     memref.copy
// CHECK:         linalg.mul ins(%[[S]], %b : memref<4xf32>, memref<4xf32>)
func.func @select_computed_or_read_only(%a: tensor<4xf32> {bufferization.writable = false},
                                        %b: tensor<4xf32> {bufferization.writable = false},
                                        %sel: index) -> tensor<4xf32> {
  %zero = arith.constant 0 : index
  %c = arith.cmpi eq, %sel, %zero : index
  %e = tensor.empty() : tensor<4xf32>
  %x = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = arith.select %c, %a, %x : tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %y = linalg.mul ins(%s, %b : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// An scf.execute_region (inlined) yields an scf.if's selection of %p, computed in the region,
// and of the buffer the else branch builds in: it hands the selection over, the two buffers
// its block allocated become the enclosing block's (freed at its end). No copy.
// CHECK-LABEL: func.func @execute_region_hands_over_a_selection
// CHECK:         %[[P:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[X:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.add ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[P]] : memref<4xf32>)
// CHECK-NEXT:    %[[S:.*]] = scf.if %c -> (memref<4xf32>) {
// CHECK-NEXT:      scf.yield %[[P]] : memref<4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      linalg.mul ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[X]] : memref<4xf32>)
// CHECK-NEXT:      scf.yield %[[X]] : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[Y:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.sub ins(%[[S]], %a : memref<4xf32>, memref<4xf32>) outs(%[[Y]] : memref<4xf32>)
// CHECK-NEXT:    memref.dealloc %[[P]]
// CHECK-NEXT:    memref.dealloc %[[X]]
// CHECK-NEXT:    func.return %[[Y]]
func.func @execute_region_hands_over_a_selection(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c2 = arith.constant 2 : index
  %c = arith.cmpi ult, %n, %c2 : index
  %r = scf.execute_region -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %p = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %s = scf.if %c -> (tensor<4xf32>) {
      scf.yield %p : tensor<4xf32>
    } else {
      %t = tensor.empty() : tensor<4xf32>
      %x = linalg.mul ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %x : tensor<4xf32>
    }
    scf.yield %s : tensor<4xf32>
  }
  %e2 = tensor.empty() : tensor<4xf32>
  %y = linalg.sub ins(%r, %a : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// Two nested execute_regions: the inner one hands the selection (and its buffers) to the outer
// one, which hands it to the function's block.
// CHECK-LABEL: func.func @nested_execute_regions_hand_over_a_selection
// CHECK:         %[[S:.*]] = scf.index_switch %n -> memref<4xf32>
// CHECK-NOT:     memref.copy
// CHECK:         linalg.sub ins(%[[S]], %a : memref<4xf32>, memref<4xf32>)
// CHECK-NEXT:    memref.dealloc
// CHECK-NEXT:    memref.dealloc
// CHECK-NEXT:    func.return
func.func @nested_execute_regions_hand_over_a_selection(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c2 = arith.constant 2 : index
  %c = arith.cmpi ult, %n, %c2 : index
  %r = scf.execute_region -> tensor<4xf32> {
    %r2 = scf.execute_region -> tensor<4xf32> {
      %e = tensor.empty() : tensor<4xf32>
      %p = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      %s = scf.index_switch %n -> tensor<4xf32>
      case 1 {
        scf.yield %p : tensor<4xf32>
      }
      default {
        %t = tensor.empty() : tensor<4xf32>
        %x = linalg.mul ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
        scf.yield %x : tensor<4xf32>
      }
      scf.yield %s : tensor<4xf32>
    }
    scf.yield %r2 : tensor<4xf32>
  }
  %e2 = tensor.empty() : tensor<4xf32>
  %y = linalg.sub ins(%r, %a : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

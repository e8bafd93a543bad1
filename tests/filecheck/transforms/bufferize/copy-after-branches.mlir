// Region ops whose branches yield different buffers (rewrite_scf.py; inputs in
// tests/bufferize_cases/, run there differentially against one-shot-bufferize, every branch).
// - Every branch yields (in place) memory that outlives the op: the result is the buffer the
//   taken branch yields (a memref result of the op, of the fully dynamic layout when the
//   buffers' layouts differ); a branch that builds its value computes it in a buffer allocated
//   before the op, which then outlives it too.
// - Otherwise the result is a buffer of its own; when two or more branches would copy memory
//   that outlives the op into it, they yield that memory (and `true`) instead, and one copy
//   after the op fills the buffer (under `scf.if %flag` when some branch writes the buffer
//   itself and yields `false`).
// RUN: xfuse-opt %S/../../../bufferize_cases/scf_index_switch.mlir -p xfuse-bufferize | filecheck %s --check-prefix=SWITCH
// RUN: xfuse-opt %S/../../../bufferize_cases/scf_if_copy_after.mlir -p xfuse-bufferize | filecheck %s --check-prefix=IF
// RUN: xfuse-opt %S/../../../bufferize_cases/scf_index_switch_nested.mlir -p xfuse-bufferize | filecheck %s --check-prefix=NESTED
// RUN: xfuse-opt %S/../../../bufferize_cases/scf_index_switch_in_loop.mlir -p xfuse-bufferize | filecheck %s --check-prefix=LOOP
// RUN: xfuse-opt %S/../../../bufferize_cases/scf_index_switch_selected_over_built.mlir -p xfuse-bufferize | filecheck %s --check-prefix=SELECTED
// RUN: xfuse-opt %S/../../../bufferize_cases/scf_index_switch_slice_source.mlir -p xfuse-bufferize | filecheck %s --check-prefix=SLICE
// RUN: xfuse-opt %S/../../../bufferize_cases/scf_index_switch_two_results.mlir -p xfuse-bufferize | filecheck %s --check-prefix=TWO
// RUN: xfuse-opt %S/../../../bufferize_cases/scf_index_switch_in_execute_region.mlir -p xfuse-bufferize | filecheck %s --check-prefix=EXEC

// Cases 1 and default yield the arguments, case 2 computes into the result buffer: one
// allocation, one copy (guarded) instead of one per copying case.
// SWITCH-LABEL: func.func @scf_index_switch
// SWITCH:         %[[R:.*]] = memref.alloc() : memref<4xf32>
// SWITCH-NEXT:    %[[SEL:.*]], %[[FLAG:.*]] = scf.index_switch %i -> memref<4xf32>, i1
// SWITCH-NEXT:    case 1 {
// SWITCH-NEXT:      %[[T1:.*]] = arith.constant true
// SWITCH-NEXT:      scf.yield %a, %[[T1]] : memref<4xf32>, i1
// SWITCH-NEXT:    }
// SWITCH-NEXT:    case 2 {
// SWITCH-NEXT:      linalg.add ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// SWITCH-NEXT:      %[[F:.*]] = arith.constant false
// SWITCH-NEXT:      scf.yield %[[R]], %[[F]] : memref<4xf32>, i1
// SWITCH-NEXT:    }
// SWITCH-NEXT:    default {
// SWITCH-NEXT:      %[[T2:.*]] = arith.constant true
// SWITCH-NEXT:      scf.yield %b, %[[T2]] : memref<4xf32>, i1
// SWITCH-NEXT:    }
// SWITCH-NEXT:    scf.if %[[FLAG]] {
// SWITCH-NEXT:      memref.copy %[[SEL]], %[[R]] : memref<4xf32> to memref<4xf32>
// SWITCH-NEXT:    }
// SWITCH-NEXT:    func.return %[[R]] : memref<4xf32>
// SWITCH-NOT:     memref.copy

// Both branches yield an argument the matmul may not accumulate into: one copy after the op,
// unguarded (every branch is a source).
// IF-LABEL: func.func @scf_if_copy_after
// IF:         %[[R:.*]] = memref.alloc() : memref<4x4xf32>
// IF-NEXT:    %[[SEL:.*]] = scf.if %c -> (memref<4x4xf32>) {
// IF-NEXT:      scf.yield %a : memref<4x4xf32>
// IF-NEXT:    } else {
// IF-NEXT:      scf.yield %b : memref<4x4xf32>
// IF-NEXT:    }
// IF-NEXT:    memref.copy %[[SEL]], %[[R]] : memref<4x4xf32> to memref<4x4xf32>
// IF-NEXT:    linalg.matmul ins(%x, %x : memref<4x4xf32>, memref<4x4xf32>) outs(%[[R]] : memref<4x4xf32>)
// IF-NEXT:    func.return %[[R]]

// NESTED-LABEL: func.func @scf_index_switch_nested
// NESTED:         %[[R:.*]] = memref.alloc() : memref<4xf32>
// NESTED-NEXT:    %[[SEL:.*]], %[[FLAG:.*]] = scf.index_switch %i -> memref<4xf32>, i1
// NESTED:         case 3 {
// NESTED-NEXT:      %c = arith.cmpi ult, %i, %c3 : index
// NESTED-NEXT:      %[[IN:.*]] = scf.if %c -> (memref<4xf32, strided<[?], offset: ?>>) {
// NESTED-NEXT:        %[[SL:.*]] = memref.subview %big[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// NESTED-NEXT:        %[[C1:.*]] = memref.cast %[[SL]] : memref<4xf32, strided<[1], offset: 2>> to memref<4xf32, strided<[?], offset: ?>>
// NESTED-NEXT:        scf.yield %[[C1]] : memref<4xf32, strided<[?], offset: ?>>
// NESTED-NEXT:      } else {
// NESTED-NEXT:        %[[C2:.*]] = memref.cast %b : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// NESTED-NEXT:        scf.yield %[[C2]] : memref<4xf32, strided<[?], offset: ?>>
// NESTED-NEXT:      }
// NESTED-NEXT:      linalg.mul ins(%[[IN]], %a : memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// NESTED-NEXT:      %[[F:.*]] = arith.constant false
// NESTED-NEXT:      scf.yield %[[R]], %[[F]] : memref<4xf32>, i1
// NESTED-NEXT:    }
// NESTED-NEXT:    default {
// NESTED-NEXT:      %[[T:.*]] = arith.constant true
// NESTED-NEXT:      scf.yield %b, %[[T]] : memref<4xf32>, i1
// NESTED-NEXT:    }
// NESTED-NEXT:    scf.if %[[FLAG]] {
// NESTED-NEXT:      memref.copy %[[SEL]], %[[R]]
// NESTED-NEXT:    }
// NESTED-NEXT:    func.return %[[R]]

// A case yields the iter_arg, which the body then overwrites while reading the switch's result
// (elementwise), another the read-only %b, the third computes: every yield is in place (the
// write into the computed value is no write into %acc or %b, which other cases yield), so the
// result is the buffer the taken case yields, the computing case building its value in a buffer
// allocated before the switch. No copy (as upstream).
// LOOP-LABEL: func.func @scf_index_switch_in_loop
// LOOP:         %[[ACC:.*]] = memref.alloc() : memref<4xf32>
// LOOP:         scf.for
// LOOP:           %[[R:.*]] = memref.alloc() : memref<4xf32>
// LOOP-NEXT:      %[[SEL:.*]] = scf.index_switch %sel -> memref<4xf32>
// LOOP-NEXT:      case 0 {
// LOOP-NEXT:        scf.yield %[[ACC]] : memref<4xf32>
// LOOP-NEXT:      }
// LOOP-NEXT:      case 1 {
// LOOP-NEXT:        linalg.mul ins(%[[ACC]], %a : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// LOOP-NEXT:        scf.yield %[[R]] : memref<4xf32>
// LOOP-NEXT:      }
// LOOP-NEXT:      default {
// LOOP-NEXT:        scf.yield %b : memref<4xf32>
// LOOP-NEXT:      }
// LOOP-NEXT:      linalg.add ins(%[[SEL]], %[[ACC]] : memref<4xf32>, memref<4xf32>) outs(%[[ACC]] : memref<4xf32>)
// LOOP-NEXT:      memref.dealloc %[[R]]
// LOOP-NOT:       memref.copy

// Every yield in place and outliving the op (case 2 builds in a buffer allocated before it): the
// result is the buffer the taken case yields, no copy.
// SELECTED-LABEL: func.func @scf_index_switch_selected_over_built
// SELECTED:         %[[P:.*]] = memref.alloc() : memref<4xf32>
// SELECTED:         %[[Q:.*]] = memref.alloc() : memref<4xf32>
// SELECTED:         %[[B:.*]] = memref.alloc() : memref<4xf32>
// SELECTED-NEXT:    %[[SEL:.*]] = scf.index_switch %i -> memref<4xf32>
// SELECTED-NEXT:    case 1 {
// SELECTED-NEXT:      scf.yield %[[P]] : memref<4xf32>
// SELECTED-NEXT:    }
// SELECTED-NEXT:    case 2 {
// SELECTED-NEXT:      linalg.mul ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[B]] : memref<4xf32>)
// SELECTED-NEXT:      scf.yield %[[B]] : memref<4xf32>
// SELECTED-NEXT:    }
// SELECTED-NEXT:    default {
// SELECTED-NEXT:      scf.yield %[[Q]] : memref<4xf32>
// SELECTED-NEXT:    }
// SELECTED-NEXT:    %[[Y:.*]] = memref.alloc() : memref<4xf32>
// SELECTED-NEXT:    linalg.mul ins(%[[SEL]], %a : memref<4xf32>, memref<4xf32>) outs(%[[Y]] : memref<4xf32>)
// SELECTED-NOT:     memref.copy
// SELECTED:         func.return %[[Y]]

// Layouts differ (a strided slice, an argument): the yields cast to the fully dynamic layout.
// SLICE-LABEL: func.func @scf_index_switch_slice_source
// SLICE:         %[[P:.*]] = memref.alloc() : memref<8xf32>
// SLICE:         %[[R:.*]] = memref.alloc() : memref<4xf32>
// SLICE-NEXT:    %[[SEL:.*]], %[[FLAG:.*]] = scf.index_switch %i -> memref<4xf32, strided<[?], offset: ?>>, i1
// SLICE-NEXT:    case 1 {
// SLICE-NEXT:      %[[V:.*]] = memref.subview %[[P]][%i] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: ?>>
// SLICE-NEXT:      %[[VC:.*]] = memref.cast %[[V]] : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
// SLICE-NEXT:      %[[T1:.*]] = arith.constant true
// SLICE-NEXT:      scf.yield %[[VC]], %[[T1]]
// SLICE-NEXT:    }
// SLICE-NEXT:    case 2 {
// SLICE-NEXT:      linalg.mul ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// SLICE-NEXT:      %[[RC:.*]] = memref.cast %[[R]] : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// SLICE-NEXT:      %[[F:.*]] = arith.constant false
// SLICE-NEXT:      scf.yield %[[RC]], %[[F]]
// SLICE-NEXT:    }
// SLICE-NEXT:    default {
// SLICE-NEXT:      %[[AC:.*]] = memref.cast %a : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// SLICE-NEXT:      %[[T2:.*]] = arith.constant true
// SLICE-NEXT:      scf.yield %[[AC]], %[[T2]]
// SLICE-NEXT:    }
// SLICE-NEXT:    scf.if %[[FLAG]] {
// SLICE-NEXT:      memref.copy %[[SEL]], %[[R]] : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
// SLICE-NEXT:    }
// SLICE-NEXT:    memref.dealloc %[[P]]
// SLICE-NEXT:    func.return %[[R]]

// Two results: a buffer, a selection, a flag and a copy each, in result order.
// TWO-LABEL: func.func @scf_index_switch_two_results
// TWO:         %[[R:.*]] = memref.alloc() : memref<4xf32>
// TWO-NEXT:    %[[S:.*]] = memref.alloc() : memref<4xf32>
// TWO-NEXT:    %[[SEL0:.*]], %[[FLAG0:.*]], %[[SEL1:.*]], %[[FLAG1:.*]] = scf.index_switch %i -> memref<4xf32>, i1, memref<4xf32>, i1
// TWO:           scf.yield %a, %{{.*}}, %b, %{{.*}} : memref<4xf32>, i1, memref<4xf32>, i1
// TWO:           scf.yield %[[R]], %{{.*}}, %[[S]], %{{.*}} : memref<4xf32>, i1, memref<4xf32>, i1
// TWO:           scf.yield %b, %{{.*}}, %a, %{{.*}} : memref<4xf32>, i1, memref<4xf32>, i1
// TWO:         scf.if %[[FLAG0]] {
// TWO-NEXT:      memref.copy %[[SEL0]], %[[R]]
// TWO-NEXT:    }
// TWO-NEXT:    scf.if %[[FLAG1]] {
// TWO-NEXT:      memref.copy %[[SEL1]], %[[S]]
// TWO-NEXT:    }
// TWO-NEXT:    func.return %[[R]], %[[S]]

// The execute_region (inlined) hands over the switch's selection of %p and the built buffer:
// the built buffer, which its block allocated, is owned by the enclosing block instead. No copy
// (as upstream).
// EXEC-LABEL: func.func @scf_index_switch_in_execute_region
// EXEC:         %[[P:.*]] = memref.alloc() : memref<4xf32>
// EXEC-NEXT:    linalg.add ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[P]] : memref<4xf32>)
// EXEC-NEXT:    %[[R:.*]] = memref.alloc() : memref<4xf32>
// EXEC-NEXT:    %[[SEL:.*]] = scf.index_switch %i -> memref<4xf32>
// EXEC-NEXT:    case 1 {
// EXEC-NEXT:      scf.yield %[[P]] : memref<4xf32>
// EXEC-NEXT:    }
// EXEC-NEXT:    case 2 {
// EXEC-NEXT:      linalg.mul ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// EXEC-NEXT:      scf.yield %[[R]] : memref<4xf32>
// EXEC-NEXT:    }
// EXEC-NEXT:    default {
// EXEC-NEXT:      linalg.sub ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%[[P]] : memref<4xf32>)
// EXEC-NEXT:      scf.yield %[[P]] : memref<4xf32>
// EXEC-NEXT:    }
// EXEC-NEXT:    %[[Y:.*]] = memref.alloc() : memref<4xf32>
// EXEC-NEXT:    linalg.mul ins(%[[SEL]], %a : memref<4xf32>, memref<4xf32>) outs(%[[Y]] : memref<4xf32>)
// EXEC-NEXT:    memref.dealloc %[[P]]
// EXEC-NEXT:    memref.dealloc %[[R]]
// EXEC-NEXT:    func.return %[[Y]]

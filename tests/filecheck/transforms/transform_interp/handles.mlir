// Matching and handle ops, printing, pattern application; the script in a library file; the
// schedule kept on request.
// RUN: xfuse-opt %s --split-input-file -p xfuse-transform-interpreter | filecheck %s
// RUN: xfuse-opt %S/../../../../examples/transform/payload_matmul.mlir -p 'xfuse-transform-interpreter{library="%S/../../../../examples/transform/tile_matmul_library.mlir"}' | filecheck %s --check-prefix=LIB
// RUN: xfuse-opt %S/../../../../examples/transform/payload_matmul.mlir -p 'xfuse-transform-interpreter{library="%S/../../../../examples/transform/tile_matmul_library.mlir" entry-point="tile_forall"}' | filecheck %s --check-prefix=ENTRY
// RUN: xfuse-opt %S/../../../../examples/transform/tile_matmul_library.mlir -p 'xfuse-transform-interpreter{keep-schedule=true}' | filecheck %s --check-prefix=KEEP
// RUN: not xfuse-opt %S/../../../../examples/transform/payload_matmul.mlir -p 'xfuse-transform-interpreter{library="%S/Inputs/missing.mlir"}' 2>&1 | filecheck %s --check-prefix=MISSING

// LIB-LABEL: func.func @payload
// LIB: scf.for
// LIB: scf.for
// LIB: linalg.matmul {{.*}} -> tensor<4x6xf32>
// LIB-NOT: transform.
// ENTRY: scf.forall (%{{.*}}) = (0) to (16) step (8)
// KEEP: builtin.module attributes {transform.with_named_sequence}
// KEEP: transform.named_sequence @__transform_main
// MISSING: error: xfuse-transform-interpreter: cannot read library '{{.*}}missing.mlir'

// match by attribute and by interface; get_parent_op; merge_handles with deduplicate; print.
// CHECK: {{\[\[\[}} IR printer: tagged ]]]
// CHECK-NEXT: linalg.matmul {tag}
// CHECK: {{\[\[\[}} IR printer: tileable ]]]
// CHECK-NEXT: linalg.exp
// CHECK-NEXT: linalg.matmul {tag}
// CHECK: {{\[\[\[}} IR printer: parents ]]]
// CHECK-NEXT: func.func @handles
// CHECK-NOT: IR printer: parents
// CHECK: {{\[\[\[}} IR printer: ]]]
// CHECK-NEXT: builtin.module
// CHECK: func.func @handles
// (xDSL 0.74 cannot parse an attribute dictionary before `ins` on elementwise named ops such
// as linalg.add: the tag is on a matmul.)
func.func @handles(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = linalg.exp ins(%arg0 : tensor<8x8xf32>) outs(%arg1: tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = linalg.matmul {tag} ins(%0, %arg0 : tensor<8x8xf32>, tensor<8x8xf32>) outs(%arg1: tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %tagged = transform.structured.match attributes {tag} in %f : (!transform.any_op) -> !transform.any_op
    transform.print %tagged {name = "tagged"} : !transform.any_op
    %tileable = transform.structured.match interface{TilingInterface} in %f : (!transform.any_op) -> !transform.any_op
    transform.print %tileable {name = "tileable"} : !transform.any_op
    %both = transform.merge_handles deduplicate %tagged, %tileable : !transform.any_op
    %parents = transform.get_parent_op %both {deduplicate, isolated_from_above} : (!transform.any_op) -> !transform.any_op
    transform.print %parents {name = "parents"} : !transform.any_op
    transform.print
    transform.yield
  }
}

// -----

// apply_patterns (canonicalization) and apply_cse on the function after tiling two ops: the
// loop bounds built twice are merged, and the handles to the tiled ops and loops follow.
// CHECK: {{\[\[\[}} IR printer: after cleanup ]]]
// CHECK-NEXT: linalg.add
// CHECK-NEXT: linalg.exp
// CHECK: {{\[\[\[}} IR printer: loops ]]]
// CHECK-NEXT: scf.for
// CHECK-LABEL: func.func @cleanup
// CHECK-COUNT-3: arith.constant
// CHECK-NOT: arith.constant
// CHECK: scf.for
// CHECK: linalg.add
// CHECK: scf.for
// CHECK: linalg.exp
func.func @cleanup(%arg0: tensor<64xf32>, %arg1: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %0 = linalg.add ins(%arg0, %arg0 : tensor<64xf32>, tensor<64xf32>) outs(%arg1: tensor<64xf32>) -> tensor<64xf32>
  %1 = linalg.exp ins(%arg0 : tensor<64xf32>) outs(%arg1: tensor<64xf32>) -> tensor<64xf32>
  return %0, %1 : tensor<64xf32>, tensor<64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add", "linalg.exp"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_for %0 tile_sizes [16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f = transform.get_parent_op %tiled {op_name = "func.func", deduplicate} : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_cse to %f : !transform.any_op
    transform.print %tiled {name = "after cleanup"} : !transform.any_op
    transform.print %loop {name = "loops"} : !transform.any_op
    transform.yield
  }
}

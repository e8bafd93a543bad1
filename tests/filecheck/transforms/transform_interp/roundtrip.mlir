// Every transform op xfuse parses, in MLIR 22's custom syntax: xfuse-opt round-trips it, and its
// generic form is accepted by mlir-opt 22.1.8 (and mlir-opt's generic form by xfuse-opt).
// RUN: xfuse-opt %s | filecheck %s
// RUN: xfuse-opt %s | xfuse-opt | filecheck %s
// RUN: xfuse-opt %s --print-op-generic | mlir-opt --allow-unregistered-dialect | filecheck %s --check-prefix=MLIR
// RUN: mlir-opt %s --mlir-print-op-generic | xfuse-opt | filecheck %s

// CHECK-LABEL: transform.named_sequence @__transform_main
// CHECK: transform.structured.match ops{["linalg.add"]} in %{{.*}} : (!transform.any_op) -> !transform.any_op
// CHECK: transform.structured.match attributes {foo} in
// CHECK: transform.structured.match interface{TilingInterface} in
// CHECK: transform.param.constant 32 : i64 -> !transform.any_param
// CHECK: transform.structured.fuse %{{.*}} tile_sizes [32, 32] interchange [0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
// CHECK: transform.structured.fuse %{{.*}} tile_sizes [%{{.*}}, 4] {use_forall} : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op)
// CHECK: transform.structured.fuse_into_containing_op %{{.*}} into %{{.*}} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
// CHECK: transform.structured.tile_reduction_using_for %{{.*}} by tile_sizes = [0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
// CHECK: transform.structured.tile_reduction_using_forall %{{.*}} by num_threads = [0, 5] mapping = [#gpu.thread<x>]
// CHECK: transform.get_parent_op %{{.*}} {isolated_from_above
// CHECK: transform.apply_patterns to %{{.*}} {
// CHECK-NEXT: transform.apply_patterns.canonicalization
// CHECK-NEXT: } {{.*}}: !transform.any_op
// CHECK: transform.apply_cse to %{{.*}} : !transform.any_op
// CHECK: transform.print %{{.*}} {name = "x"} : !transform.any_op
// CHECK: transform.merge_handles deduplicate %{{.*}}, %{{.*}} : !transform.any_op
// CHECK: transform.split_handle %{{.*}} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
// CHECK: transform.cast %{{.*}} : !transform.any_op to !transform.op<"linalg.add">
// CHECK: transform.structured.tile_using_for %{{.*}} tile_sizes [%{{.*}}, 0, 4] interchange = [1, 0, 2]
// CHECK: transform.structured.tile_using_forall %{{.*}} num_threads [10, 20](mapping = [#gpu.thread<y>, #gpu.thread<x>]) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
// CHECK: transform.structured.tile_using_forall %{{.*}} tile_sizes *(%{{.*}})(mapping = [#gpu.block<x>])
// CHECK: transform.sequence %{{.*}} : !transform.any_op failures(suppress) {
// CHECK-NEXT: ^{{.*}}(%[[B:.*]]: !transform.any_op):
// CHECK-NEXT: transform.print %[[B]] : !transform.any_op
// CHECK-NEXT: transform.yield
// CHECK-NEXT: }
// CHECK-NEXT: transform.print
// CHECK-NEXT: transform.yield

// MLIR: transform.structured.fuse %{{.*}} tile_sizes [32, 32] interchange [0, 1]
// MLIR: transform.structured.tile_reduction_using_for %{{.*}} by tile_sizes = [0, 5]
// MLIR: transform.structured.tile_using_forall %{{.*}} num_threads [10, 20](mapping = [#gpu.thread<y>, #gpu.thread<x>])
// MLIR: transform.structured.tile_using_forall %{{.*}} tile_sizes *(%{{.*}})(mapping = [#gpu.block<x>])
// MLIR: transform.sequence %{{.*}} : !transform.any_op failures(suppress) {

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %a = transform.structured.match attributes {foo} in %arg1 : (!transform.any_op) -> !transform.any_op
    %i = transform.structured.match interface{TilingInterface} in %arg1 : (!transform.any_op) -> !transform.any_op
    %c32 = transform.param.constant 32 : i64 -> !transform.any_param
    %1, %loops:2 = transform.structured.fuse %0 tile_sizes [32, 32] interchange [0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %2, %l = transform.structured.fuse %0 tile_sizes [%c32, 4] {use_forall} : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op)
    %f, %n = transform.structured.fuse_into_containing_op %0 into %a : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f1:4 = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %f2:4 = transform.structured.tile_reduction_using_forall %0 by num_threads = [0, 5] tile_sizes = [] mapping = [#gpu.thread<x>] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %q = transform.get_parent_op %0 {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %q {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_cse to %q : !transform.any_op
    transform.print %q {name = "x"} : !transform.any_op
    %m = transform.merge_handles deduplicate %0, %a : !transform.any_op
    %s:2 = transform.split_handle %m : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %c = transform.cast %m : !transform.any_op to !transform.op<"linalg.add">
    %t:3 = transform.structured.tile_using_for %0 tile_sizes [%c32, 0, 4] interchange = [1, 0, 2] : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %v:2 = transform.structured.tile_using_forall %0 num_threads [10, 20] (mapping = [ #gpu.thread<y>, #gpu.thread<x> ] ) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %u:2 = transform.structured.tile_using_forall %0 tile_sizes *(%c32) (mapping = [#gpu.block<x>]) : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op)
    transform.sequence %0 : !transform.any_op failures(suppress) {
    ^bb0(%b: !transform.any_op):
      transform.print %b : !transform.any_op
    }
    transform.print
    transform.yield
  }
}

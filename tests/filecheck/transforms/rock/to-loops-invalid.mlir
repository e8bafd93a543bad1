// What rock-to-loops refuses, with the op's location.
// RUN: not xfuse-opt %s -p rock-to-loops 2>&1 | filecheck %s

// CHECK: to-loops-invalid.mlir:[[# @LINE + 2]]:3: error: rock-to-loops needs the function's 'grid_size' attribute to emulate rock.workgroup_id/workitem_id
func.func @no_grid() {
  %bid = rock.workgroup_id : index
  return
}
// CHECK-NOT: Traceback

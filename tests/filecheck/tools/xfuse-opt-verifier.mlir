// IR that does not verify: the error is at the op that fails (file:line:col), with that op's
// first line only; never the whole module in generic form.
// RUN: not xfuse-opt %s 2>&1 | filecheck %s
// With a pipeline, the IR is verified before the first pass, with the same diagnostic.
// RUN: not xfuse-opt %s -p cse 2>&1 | filecheck %s
// --verify-diagnostics prints it and exits 0, as xdsl-opt does.
// RUN: xfuse-opt %s --verify-diagnostics 2>&1 | filecheck %s

func.func @f(%a: tensor<4x5xf32>, %b: tensor<5x6xf32>) -> tensor<4x7xf32> {
  %e = tensor.empty() : tensor<4x7xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x5xf32>, tensor<5x6xf32>) outs(%e : tensor<4x7xf32>) -> tensor<4x7xf32>
  return %r : tensor<4x7xf32>
}

// CHECK: xfuse-opt-verifier.mlir:11:3: error: 'linalg.matmul' does not verify: inferred input/output operand #2 has shape's dimension #1 to be 6, but found 7
// CHECK-NEXT: note: see op 'linalg.matmul':
// CHECK-NEXT: %r = linalg.matmul ins(%a, %b : tensor<4x5xf32>, tensor<5x6xf32>) outs(%e : tensor<4x7xf32>) -> tensor<4x7xf32>
// CHECK-NOT: func.func
// CHECK-NOT: Traceback

// xfuse-run (and xfuse.parse / parse_file from Python) report it the same way.
// RUN: not xfuse-run %s 2>&1 | filecheck %s --check-prefix=TOOL
// TOOL: xfuse-opt-verifier.mlir:11:3: error: 'linalg.matmul' does not verify: inferred input/output operand #2 has shape's dimension #1 to be 6, but found 7
// TOOL-NOT: Traceback

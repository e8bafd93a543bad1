// xfuse-import-onnx: the input x is marked {xfuse.input} (a value given at run time, see
// docs/passes/xfuse-nhwc.md), the weight W (16x8) is an argument after it, marked {xfuse.weight},
// the 8-element bias stays inline, the weights file holds W; the IR parses with xfuse-opt and runs.
// RUN: python %S/tiny_model.py %t.onnx
// RUN: xfuse-import-onnx %t.onnx --input-shape x=2,16 -o %t.mlir
// RUN: filecheck %s --input-file %t.mlir
// RUN: python -c "import numpy; w = numpy.load('%t.weights.npz'); print(w.files, w['W'].shape)" | filecheck %s --check-prefix=WEIGHTS
// RUN: xfuse-opt %t.mlir | filecheck %s --check-prefix=PARSED

// CHECK:      // Imported from {{.*}}.onnx by xfuse-import-onnx. @tiny takes 1 input(s) (x), then 1 weight(s) from {{.*}}.weights.npz, in its order.
// CHECK:      func.func @tiny(%arg0: tensor<2x16xf32> {xfuse.input}, %arg1: tensor<16x8xf32> {xfuse.weight}) -> tensor<2x8xf32> {
// CHECK-NOT:  tensor<16x8xf32> = arith.constant
// CHECK:      arith.constant dense<[0.000000e+00, 1.000000e+00, {{.*}}, 7.000000e+00]> : tensor<8xf32>
// CHECK:      linalg.matmul ins(%arg0, %arg1 : tensor<2x16xf32>, tensor<16x8xf32>)

// WEIGHTS: ['W'] (16, 8)

// PARSED: func.func @tiny(%arg0: tensor<2x16xf32> {xfuse.input}, %arg1: tensor<16x8xf32> {xfuse.weight}) -> tensor<2x8xf32>

// A dynamic dimension without a size, an op torch-mlir cannot lower, a file that is no model:
// RUN: not xfuse-import-onnx %t.onnx 2>&1 | filecheck %s --check-prefix=DYNAMIC
// DYNAMIC: xfuse-import-onnx: error: input 'x' has a dynamic dimension 0 ('batch') (shape ?,16); give its size: {{.*}} --input-shape x=D0,D1,... on the command line
// RUN: python %S/tiny_model.py %t.unsupported.onnx unsupported
// RUN: not xfuse-import-onnx %t.unsupported.onnx --input-shape x=2,16 2>&1 | filecheck %s --check-prefix=LOWERING
// LOWERING:      xfuse-import-onnx: error: torch-mlir cannot lower the model to linalg:
// LOWERING-NEXT:   node 'strange' (my.ops.Frobnicate): torch-mlir has no lowering of onnx.Frobnicate with these inputs and attributes
// RUN: not xfuse-import-onnx %s 2>&1 | filecheck %s --check-prefix=MALFORMED
// MALFORMED: xfuse-import-onnx: error: {{.*}}import.mlir: not an ONNX model
// MALFORMED-NOT: Traceback

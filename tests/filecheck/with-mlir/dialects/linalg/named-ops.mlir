// Every named op of xfuse/dialects/linalg_named.py (elementwise, contractions, convolutions,
// depthwise convolutions, poolings) and linalg.elementwise (every kind) / linalg.contract of
// linalg_generic_named.py (Inputs/named-ops.mlir, one function each) against mlir-opt 22.1.8:
// - xfuse-opt prints every op line exactly as mlir-opt does (custom form, `strides`/`dilations`),
//   except that xDSL prints affine maps inline where mlir-opt uses aliases (#map): those lines
//   are left to the cycles below;
// RUN: mlir-opt %S/Inputs/named-ops.mlir | grep " linalg[.]" | grep -v "indexing_maps = " | sed "s/^ *//" > %t.mlir-lines.txt
// RUN: mlir-opt %S/Inputs/named-ops.mlir | xfuse-opt | grep " linalg[.]" | grep -v "indexing_maps = " | sed "s/^ *//" > %t.xfuse-lines.txt
// RUN: diff %t.mlir-lines.txt %t.xfuse-lines.txt
// - a full cycle through xfuse-opt is what mlir-opt prints by itself;
// RUN: mlir-opt %S/Inputs/named-ops.mlir > %t.mlir.txt
// RUN: mlir-opt --mlir-print-op-generic %S/Inputs/named-ops.mlir | xfuse-opt | mlir-opt > %t.xfuse.txt
// RUN: diff %t.mlir.txt %t.xfuse.txt
// - the hidden bodies xfuse builds (what the backend hands to mlir-opt in generic form) are MLIR's.
// RUN: mlir-opt --mlir-print-op-generic %S/Inputs/named-ops.mlir > %t.mlir-generic.txt
// RUN: xfuse-opt --print-op-generic %S/Inputs/named-ops.mlir | mlir-opt --mlir-print-op-generic > %t.xfuse-generic.txt
// RUN: diff %t.mlir-generic.txt %t.xfuse-generic.txt
// Indexing maps and iterator types are compared with mlir-opt's generalization in
// tests/dialects/test_linalg_named.py. Representative lines:
// RUN: xfuse-opt %S/Inputs/named-ops.mlir | filecheck %s
// CHECK: linalg.negf ins(%in0 : tensor<3x5xf32>) outs(%out : tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK: linalg.div_unsigned ins(%in0, %in1 : tensor<3x5xi32>, tensor<3x5xi32>) outs(%out : tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK: linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%in0 : tensor<3x5xf32>) outs(%out : tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK: linalg.elementwise kind=#linalg.elementwise_kind<add> indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%in0, %in1 : tensor<3x5xf32>, tensor<5xf32>)
// CHECK: linalg.elementwise kind=#linalg.elementwise_kind<select> ins(%in0, %in1, %in2 : tensor<3x5xi1>, tensor<3x5xf32>, tensor<3x5xf32>)
// CHECK: linalg.contract indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>] {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<7xi8>, tensor<7xi8>) outs(%c : tensor<i32>) -> tensor<i32>
// CHECK: linalg.dot ins(%in0, %in1 : tensor<2xf32>, tensor<2xf32>) outs(%out : tensor<f32>) -> tensor<f32>
// CHECK: linalg.conv_1d ins(%in0, %in1 : tensor<4xf32>, tensor<3xf32>) outs(%out : tensor<2xf32>) -> tensor<2xf32>
// CHECK: linalg.conv_2d_nhwc_hwcf_q {dilations = dense<[1, 3]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%in0, %in1, %in2, %in3 : tensor<2x7x13x2xi8>, tensor<3x4x2x2xi8>, i32, i32) outs(%out : tensor<2x3x4x2xi32>) -> tensor<2x3x4x2xi32>
// CHECK: linalg.pooling_nhwc_max_unsigned {dilations = dense<[1, 3]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%in0, %in1 : tensor<2x7x13x2xi8>, tensor<3x4xi8>) outs(%out : tensor<2x3x4x2xi32>) -> tensor<2x3x4x2xi32>

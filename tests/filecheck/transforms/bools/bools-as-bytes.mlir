// xfuse-bools-as-bytes: every tensor of i1 becomes a tensor of i8 (mlir-opt 22 cannot lower an
// i1 buffer); bytes are read as `!= 0` and bools written with `extui` where elements meet scalars.
// RUN: xfuse-opt %s -p xfuse-bools-as-bytes | filecheck %s
// The result is valid MLIR 22 and holds no tensor of i1 but around the op the pass does not know.
// RUN: xfuse-opt %s -p xfuse-bools-as-bytes | mlir-opt | filecheck %s --check-prefix=MLIR
// MLIR-NOT: xi1>
// An op the pass does not know keeps its tensors of i1, converted from and back to bytes.
// RUN: xfuse-opt %S/Inputs/unknown-op.mlir --allow-unregistered-dialect -p xfuse-bools-as-bytes \
// RUN:   | filecheck %s --check-prefix=UNKNOWN
// UNKNOWN:      func.func @unknown_op(%m: tensor<4xi8>) -> tensor<4xi8> {
// UNKNOWN:        %[[B:.*]] = linalg.generic {{.*}} ins(%m : tensor<4xi8>) outs(%{{.*}} : tensor<4xi1>) {
// UNKNOWN:          arith.cmpi ne
// UNKNOWN:        %[[R:.*]] = "test.op"(%[[B]]) : (tensor<4xi1>) -> tensor<4xi1>
// UNKNOWN:        %[[W:.*]] = linalg.generic {{.*}} ins(%[[R]] : tensor<4xi1>) outs(%{{.*}} : tensor<4xi8>) {
// UNKNOWN:          arith.extui
// UNKNOWN:        func.return %[[W]] : tensor<4xi8>
// UNKNOWN:      func.func @unknown_ops(%m: tensor<4xi8>) -> tensor<4xi8> {
// UNKNOWN:        %[[R1:.*]] = "test.op"(%{{.*}}) : (tensor<4xi1>) -> tensor<4xi1>
// UNKNOWN:        %[[W1:.*]] = linalg.generic {{.*}} ins(%[[R1]] : tensor<4xi1>) outs(%{{.*}} : tensor<4xi8>) {
// UNKNOWN:        %[[B2:.*]] = linalg.generic {{.*}} ins(%[[W1]] : tensor<4xi8>) outs(%{{.*}} : tensor<4xi1>) {
// UNKNOWN:        "test.op"(%[[B2]]) : (tensor<4xi1>) -> tensor<4xi1>

// A mask written by one generic and read by another: through memory as bytes.
// CHECK-LABEL: func.func @producer_consumer(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4xi8>
// CHECK:         %[[M:.*]] = linalg.generic {{.*}} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%[[E]] : tensor<4xi8>) {
// CHECK-NEXT:    ^bb0(%x: f32, %y: f32, %o: i8):
// CHECK-NEXT:      %[[L:.*]] = arith.cmpf olt, %x, %y : f32
// CHECK-NEXT:      %[[W:.*]] = arith.extui %[[L]] : i1 to i8
// CHECK-NEXT:      linalg.yield %[[W]] : i8
// CHECK:         linalg.generic {{.*}} ins(%[[M]], %a : tensor<4xi8>, tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%mm: i8, %v: f32, %o_1: f32):
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0 : i8
// CHECK-NEXT:      %[[T:.*]] = arith.cmpi ne, %mm, %[[Z]] : i8
// CHECK:           arith.select %[[T]], %v, %{{.*}} : f32
func.func @producer_consumer(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xi1>
  %m = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xi1>) {
  ^bb0(%x: f32, %y: f32, %o: i1):
    %l = arith.cmpf olt, %x, %y : f32
    linalg.yield %l : i1
  } -> tensor<4xi1>
  %e2 = tensor.empty() : tensor<4xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%m, %a : tensor<4xi1>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
  ^bb0(%mm: i1, %v: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %r = arith.select %mm, %v, %z : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// Named ops that only copy elements stay named, on bytes; a bool argument and result are bytes.
// CHECK-LABEL: func.func @copies(%m: tensor<2x3xi8>) -> tensor<3x2xi8> {
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<3x2xi8>
// CHECK-NEXT:    %[[T:.*]] = linalg.transpose ins(%m : tensor<2x3xi8>) outs(%[[E]] : tensor<3x2xi8>) permutation = [1, 0]
// CHECK-NEXT:    func.return %[[T]] : tensor<3x2xi8>
func.func @copies(%m: tensor<2x3xi1>) -> tensor<3x2xi1> {
  %e = tensor.empty() : tensor<3x2xi1>
  %t = linalg.transpose ins(%m : tensor<2x3xi1>) outs(%e : tensor<3x2xi1>) permutation = [1, 0]
  return %t : tensor<3x2xi1>
}

// A reduction of bools (ReduceMax of bool): its accumulator is read as `!= 0` too; the fill of
// its init writes the scalar `false` widened.
// CHECK-LABEL: func.func @any(%m: tensor<2x3xi8>) -> tensor<2xi8> {
// CHECK:         %[[F:.*]] = linalg.generic {{.*}} ins(%false : i1) outs(%{{.*}} : tensor<2xi8>) {
// CHECK-NEXT:    ^bb0(%{{.*}}: i1, %{{.*}}: i8):
// CHECK-NEXT:      arith.extui %{{.*}} : i1 to i8
// CHECK:         linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%m : tensor<2x3xi8>) outs(%[[F]] : tensor<2xi8>) {
// CHECK-NEXT:    ^bb0(%in: i8, %acc: i8):
// CHECK-DAG:       %[[A:.*]] = arith.cmpi ne, %acc, %{{.*}} : i8
// CHECK-DAG:       %[[I:.*]] = arith.cmpi ne, %in, %{{.*}} : i8
// CHECK:           %[[R:.*]] = arith.ori %[[I]], %[[A]] : i1
// CHECK-NEXT:      %[[W:.*]] = arith.extui %[[R]] : i1 to i8
// CHECK-NEXT:      linalg.yield %[[W]] : i8
func.func @any(%m: tensor<2x3xi1>) -> tensor<2xi1> {
  %false = arith.constant false
  %e = tensor.empty() : tensor<2xi1>
  %init = linalg.fill ins(%false : i1) outs(%e : tensor<2xi1>) -> tensor<2xi1>
  %r = linalg.reduce ins(%m : tensor<2x3xi1>) outs(%init : tensor<2xi1>) dimensions = [1]
    (%in: i1, %acc: i1) {
      %o = arith.ori %in, %acc : i1
      linalg.yield %o : i1
    }
  return %r : tensor<2xi1>
}

// Loops carry bytes; constants are bytes; an extracted element is read as `!= 0`.
// CHECK-LABEL: func.func @loop(%n: index) -> i1 {
// CHECK:         %[[C:.*]] = arith.constant dense<[1, 0, 1]> : tensor<3xi8>
// CHECK:         %[[L:.*]] = scf.for {{.*}} iter_args(%m = %[[C]]) -> (tensor<3xi8>) {
// CHECK:           scf.yield %{{.*}} : tensor<3xi8>
// CHECK:         %[[X:.*]] = tensor.extract %[[L]][%{{.*}}] : tensor<3xi8>
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i8
// CHECK-NEXT:    %[[B:.*]] = arith.cmpi ne, %[[X]], %[[Z]] : i8
// CHECK-NEXT:    func.return %[[B]] : i1
func.func @loop(%n: index) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant dense<[true, false, true]> : tensor<3xi1>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %init) -> tensor<3xi1> {
    %s = tensor.extract_slice %m[1] [2] [1] : tensor<3xi1> to tensor<2xi1>
    %t = tensor.insert_slice %s into %m[0] [2] [1] : tensor<2xi1> into tensor<3xi1>
    scf.yield %t : tensor<3xi1>
  }
  %x = tensor.extract %r[%c0] : tensor<3xi1>
  return %x : i1
}

// arith ops on whole tensors touching bools become the generic applying them per element.
// CHECK-LABEL: func.func @elementwise(%a: tensor<?xf32>, %b: tensor<?xf32>, %m: tensor<?xi8>) -> tensor<?xf32> {
// CHECK:         %[[C:.*]] = linalg.generic {{.*}} ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%{{.*}} : tensor<?xi8>) {
// CHECK-NEXT:    ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: i8):
// CHECK-NEXT:      %[[L:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      %[[W:.*]] = arith.extui %[[L]] : i1 to i8
// CHECK-NEXT:      linalg.yield %[[W]] : i8
// CHECK:         %[[X:.*]] = linalg.generic {{.*}} ins(%[[C]], %m : tensor<?xi8>, tensor<?xi8>) outs(%{{.*}} : tensor<?xi8>) {
// CHECK:           arith.xori %{{.*}}, %{{.*}} : i1
// CHECK-NEXT:      arith.extui
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %a, %b : tensor<?xi8>, tensor<?xf32>, tensor<?xf32>) outs(%{{.*}} : tensor<?xf32>) {
// CHECK:           %[[T:.*]] = arith.cmpi ne
// CHECK-NEXT:      %[[S:.*]] = arith.select %[[T]], %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @elementwise(%a: tensor<?xf32>, %b: tensor<?xf32>, %m: tensor<?xi1>) -> tensor<?xf32> {
  %c = arith.cmpf olt, %a, %b : tensor<?xf32>
  %x = arith.xori %c, %m : tensor<?xi1>
  %s = arith.select %x, %a, %b : tensor<?xi1>, tensor<?xf32>
  return %s : tensor<?xf32>
}

// xfuse-lower-tm-tensor: each tm_tensor op becomes scf.for loops over its iteration domain, the
// destination tensors carried, the region inlined between tensor.extract and tensor.insert.
// RUN: xfuse-opt %s --split-input-file -p xfuse-lower-tm-tensor | filecheck %s

// An inclusive scan: the first position copies the input, the others combine the previous output
// with the input, and the accumulator keeps the last value (an scf.if: nothing is read before 0).
// CHECK-LABEL: func.func @cumsum
// CHECK-SAME:  (%[[X:.*]]: tensor<2x5xf32>, %[[OUT:.*]]: tensor<2x5xf32>, %[[ACC:.*]]: tensor<2xf32>)
// CHECK-NOT:   tm_tensor
// CHECK:       %[[R:.*]], %{{.*}} = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[O1:.*]] = %[[OUT]], %[[A1:.*]] = %[[ACC]]) -> (tensor<2x5xf32>, tensor<2xf32>) {
// CHECK:         scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[O2:.*]] = %[[O1]], %[[A2:.*]] = %[[A1]])
// CHECK:           %[[FIRST:.*]] = arith.cmpi eq, %[[J]], %{{.*}} : index
// CHECK:           %[[V:.*]], %[[A3:.*]] = scf.if %[[FIRST]] -> (f32, tensor<2xf32>) {
// CHECK-NEXT:        %[[X0:.*]] = tensor.extract %[[X]][%[[I]], %[[J]]] : tensor<2x5xf32>
// CHECK-NEXT:        scf.yield %[[X0]], %[[A2]] : f32, tensor<2xf32>
// CHECK-NEXT:      } else {
// CHECK:             %[[JM1:.*]] = arith.subi %[[J]], %{{.*}} : index
// CHECK-NEXT:        %[[PREV:.*]] = tensor.extract %[[O2]][%[[I]], %[[JM1]]] : tensor<2x5xf32>
// CHECK-NEXT:        %[[XJ:.*]] = tensor.extract %[[X]][%[[I]], %[[J]]] : tensor<2x5xf32>
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[PREV]], %[[XJ]] : f32
// CHECK-NEXT:        %[[A4:.*]] = tensor.insert %[[S]] into %[[A2]][%[[I]]] : tensor<2xf32>
// CHECK-NEXT:        scf.yield %[[S]], %[[A4]] : f32, tensor<2xf32>
// CHECK:           %[[O3:.*]] = tensor.insert %[[V]] into %[[O2]][%[[I]], %[[J]]] : tensor<2x5xf32>
// CHECK-NEXT:      scf.yield %[[O3]], %[[A3]] : tensor<2x5xf32>, tensor<2xf32>
// CHECK:       return %[[R]] : tensor<2x5xf32>
func.func @cumsum(%x: tensor<2x5xf32>, %out: tensor<2x5xf32>, %acc: tensor<2xf32>) -> tensor<2x5xf32> {
  %0:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%x : tensor<2x5xf32>) outs(%out, %acc : tensor<2x5xf32>, tensor<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tm_tensor.yield %s : f32
  } -> tensor<2x5xf32>, tensor<2xf32>
  return %0#0 : tensor<2x5xf32>
}

// -----

// Exclusive, dynamic: the first position is the accumulator's value, the others read the input
// one position back; the extent comes from tensor.dim.
// CHECK-LABEL: func.func @exclusive_dynamic
// CHECK-SAME:  (%[[X:.*]]: tensor<?xi64>, %[[OUT:.*]]: tensor<?xi64>, %[[ACC:.*]]: tensor<i64>)
// CHECK:       %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?xi64>
// CHECK:       scf.for %[[J:.*]] = %{{.*}} to %[[N]]
// CHECK:         scf.if
// CHECK-NEXT:      tensor.extract %{{.*}}[] : tensor<i64>
// CHECK:         } else {
// CHECK:           %[[JM1:.*]] = arith.subi %[[J]]
// CHECK-NEXT:      tensor.extract %{{.*}}[%[[JM1]]] : tensor<?xi64>
// CHECK-NEXT:      tensor.extract %[[X]][%[[JM1]]] : tensor<?xi64>
// CHECK-NEXT:      arith.muli
func.func @exclusive_dynamic(%x: tensor<?xi64>, %out: tensor<?xi64>, %acc: tensor<i64>) -> tensor<?xi64> {
  %0:2 = tm_tensor.scan dimension(0) inclusive(false) ins(%x : tensor<?xi64>) outs(%out, %acc : tensor<?xi64>, tensor<i64>) {
  ^bb0(%a: i64, %b: i64):
    %s = arith.muli %a, %b : i64
    tm_tensor.yield %s : i64
  } -> tensor<?xi64>, tensor<i64>
  return %0#0 : tensor<?xi64>
}

// -----

// A scatter of single elements: each update's position is read from the indices, checked
// in bounds (unsigned: a negative index is out too), and combined with the original there.
// CHECK-LABEL: func.func @scatter_add
// CHECK-SAME:  (%[[ORIG:.*]]: tensor<3x5xf32>, %[[IDX:.*]]: tensor<6x2xi64>, %[[U:.*]]: tensor<6xf32>)
// CHECK:       scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[CUR:.*]] = %[[ORIG]]) -> (tensor<3x5xf32>) {
// CHECK:         %[[UPD:.*]] = tensor.extract %[[U]][%[[N]]] : tensor<6xf32>
// CHECK:         %[[I0:.*]] = tensor.extract %[[IDX]][%[[N]], %{{.*}}] : tensor<6x2xi64>
// CHECK-NEXT:    %[[P0:.*]] = arith.index_cast %[[I0]] : i64 to index
// CHECK:         %[[I1:.*]] = tensor.extract %[[IDX]][%[[N]], %{{.*}}] : tensor<6x2xi64>
// CHECK-NEXT:    %[[P1:.*]] = arith.index_cast %[[I1]] : i64 to index
// CHECK:         arith.cmpi ult, %[[P0]], %{{.*}} : index
// CHECK:         arith.cmpi ult, %[[P1]], %{{.*}} : index
// CHECK:         %[[NEW:.*]] = scf.if %{{.*}} -> (tensor<3x5xf32>) {
// CHECK-NEXT:      %[[OLD:.*]] = tensor.extract %[[CUR]][%[[P0]], %[[P1]]] : tensor<3x5xf32>
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[UPD]], %[[OLD]] : f32
// CHECK-NEXT:      %[[INS:.*]] = tensor.insert %[[SUM]] into %[[CUR]][%[[P0]], %[[P1]]] : tensor<3x5xf32>
// CHECK-NEXT:      scf.yield %[[INS]] : tensor<3x5xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[CUR]] : tensor<3x5xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.yield %[[NEW]] : tensor<3x5xf32>
func.func @scatter_add(%orig: tensor<3x5xf32>, %i: tensor<6x2xi64>, %u: tensor<6xf32>) -> tensor<3x5xf32> {
  %0 = tm_tensor.scatter {dimension_map = array<i64: 0, 1>} unique_indices(false) ins(%u, %i : tensor<6xf32>, tensor<6x2xi64>) outs(%orig : tensor<3x5xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tm_tensor.yield %s : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Row updates: the slice's position is the update's second loop, the row from the indices.
// CHECK-LABEL: func.func @scatter_rows
// CHECK:       scf.for %[[N:.*]] = {{.*}} iter_args(%[[CUR:.*]] = %{{.*}}) -> (tensor<4x5xf32>) {
// CHECK:         scf.for %[[C:.*]] = {{.*}} iter_args(%[[CUR2:.*]] = %[[CUR]]) -> (tensor<4x5xf32>) {
// CHECK:           %[[ROW:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK:           tensor.insert %{{.*}} into %[[CUR2]][%[[ROW]], %[[C]]] : tensor<4x5xf32>
func.func @scatter_rows(%orig: tensor<4x5xf32>, %i: tensor<2x1xi32>, %u: tensor<2x5xf32>) -> tensor<4x5xf32> {
  %0 = tm_tensor.scatter {dimension_map = array<i64: 0>} unique_indices(true) ins(%u, %i : tensor<2x5xf32>, tensor<2x1xi32>) outs(%orig : tensor<4x5xf32>) {
  ^bb0(%a: f32, %b: f32):
    tm_tensor.yield %a : f32
  } -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// The bubble sort: n passes of adjacent compare-and-swap, every operand swapped by the same
// comparison (two selects each).
// CHECK-LABEL: func.func @sort_with_indices
// CHECK:       %[[LAST:.*]] = arith.subi %{{.*}}, %{{.*}} : index
// CHECK:       scf.for
// CHECK:         scf.for
// CHECK:           scf.for %[[J:.*]] = %{{.*}} to %[[LAST]] step %{{.*}} iter_args(%[[V:.*]] = %{{.*}}, %[[I:.*]] = %{{.*}}) -> (tensor<3x5xf32>, tensor<3x5xi64>) {
// CHECK:             %[[J1:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK-NEXT:        %[[A:.*]] = tensor.extract %[[V]][%{{.*}}, %[[J]]]
// CHECK-NEXT:        %[[B:.*]] = tensor.extract %[[V]][%{{.*}}, %[[J1]]]
// CHECK-NEXT:        %[[C:.*]] = tensor.extract %[[I]][%{{.*}}, %[[J]]]
// CHECK-NEXT:        %[[D:.*]] = tensor.extract %[[I]][%{{.*}}, %[[J1]]]
// CHECK-NEXT:        %[[KEEP:.*]] = arith.cmpf oge, %[[A]], %[[B]] : f32
// CHECK-NEXT:        %[[LO:.*]] = arith.select %[[KEEP]], %[[A]], %[[B]] : f32
// CHECK-NEXT:        %[[V1:.*]] = tensor.insert %[[LO]] into %[[V]][%{{.*}}, %[[J]]]
// CHECK-NEXT:        %[[HI:.*]] = arith.select %[[KEEP]], %[[B]], %[[A]] : f32
// CHECK-NEXT:        tensor.insert %[[HI]] into %[[V1]][%{{.*}}, %[[J1]]]
// CHECK:             arith.select %[[KEEP]], %[[C]], %[[D]] : i64
func.func @sort_with_indices(%x: tensor<3x5xf32>, %i: tensor<3x5xi64>) -> (tensor<3x5xf32>, tensor<3x5xi64>) {
  %0:2 = tm_tensor.sort dimension(1) outs(%x, %i : tensor<3x5xf32>, tensor<3x5xi64>) {
  ^bb0(%a: f32, %b: f32, %c: i64, %d: i64):
    %p = arith.cmpf oge, %a, %b : f32
    tm_tensor.yield %p : i1
  } -> tensor<3x5xf32>, tensor<3x5xi64>
  return %0#0, %0#1 : tensor<3x5xf32>, tensor<3x5xi64>
}

// -----

// Top-k: each input element is carried through the K outputs, swapping with a worse one; a tie
// keeps the lower index (the comparator both ways, then the indices compared).
// CHECK-LABEL: func.func @topk
// CHECK:       scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<3x4xf32>, tensor<3x4xi32>)
// CHECK:         scf.for %[[N:[a-z0-9_]+]] = {{.*}} -> (tensor<3x4xf32>, tensor<3x4xi32>)
// CHECK:           %[[IDX:.*]] = arith.index_cast %[[N]] : index to i32
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[CV:.*]] = %{{.*}}, %[[CI:.*]] = %[[IDX]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (f32, i32, tensor<3x4xf32>, tensor<3x4xi32>)
// CHECK:             %[[KV:.*]] = tensor.extract
// CHECK-NEXT:        %[[KI:.*]] = tensor.extract
// CHECK-NEXT:        %[[FWD:.*]] = arith.cmpf ogt, %[[CV]], %[[KV]] : f32
// CHECK-NEXT:        %[[REV:.*]] = arith.cmpf ogt, %[[KV]], %[[CV]] : f32
// CHECK-NEXT:        %[[TIE:.*]] = arith.cmpi eq, %[[FWD]], %[[REV]] : i1
// CHECK-NEXT:        %[[LOW:.*]] = arith.cmpi slt, %[[CI]], %[[KI]] : i32
func.func @topk(%x: tensor<3x10xf32>, %v: tensor<3x4xf32>, %i: tensor<3x4xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>) {
  %0:2 = tm_tensor.topk dimension(1) ins(%x : tensor<3x10xf32>) outs(%v, %i : tensor<3x4xf32>, tensor<3x4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    tm_tensor.yield %p : i1
  } -> tensor<3x4xf32>, tensor<3x4xi32>
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xi32>
}

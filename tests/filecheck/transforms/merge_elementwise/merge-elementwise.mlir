// xfuse-merge-elementwise: each DAG of elementwise generics whose intermediate results nothing
// else reads becomes one linalg.generic.
// RUN: xfuse-opt %s -p xfuse-merge-elementwise | filecheck %s
// RUN: xfuse-opt %s -p xfuse-merge-elementwise | mlir-opt -o /dev/null
// The pass has no options (it never refuses an op: what does not qualify stays as it is); one
// given is refused with the pipeline quoted and the option marked:
// RUN: not xfuse-opt %s -p 'xfuse-merge-elementwise{depth=2}' 2>&1 | filecheck %s --check-prefix=OPTION
// OPTION:      xfuse-opt: error: invalid pass pipeline 'xfuse-merge-elementwise{depth=2}': xfuse-merge-elementwise option depth: Provided arguments ["depth"] not found in expected arguments []
// OPTION-NEXT:   xfuse-merge-elementwise{depth=2}
// OPTION-NEXT:   {{^ +}}^
// OPTION-NOT:  Traceback

#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
#row = affine_map<(d0, d1) -> (d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#red = affine_map<(d0, d1) -> (d0)>

// torch-mlir's GELU, x * 0.5 * (1 + erf(x / sqrt 2)) with the bias add before it: %x is read
// twice, so the whole diamond is one op reading %m and the bias once each; the 0-d constants
// are scalars in the body; the members' bodies keep their order.
// CHECK-LABEL: func.func @gelu(
// CHECK-SAME:      %m: tensor<4x8xf32>, %bias: tensor<8xf32>)
// CHECK-NEXT:    %e = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT:    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
// CHECK-NEXT:    ^bb0(%in: f32, %b: f32, %out: f32):
// CHECK-NEXT:      %[[X:.*]] = arith.addf %in, %b : f32
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0.707106769 : f32
// CHECK-NEXT:      %[[A:.*]] = arith.mulf %[[X]], %[[C0]] : f32
// CHECK-NEXT:      %[[E:.*]] = math.erf %[[A]] : f32
// CHECK-NEXT:      %[[C1:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[P:.*]] = arith.addf %[[E]], %[[C1]] : f32
// CHECK-NEXT:      %[[C2:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:      %[[H:.*]] = arith.mulf %[[X]], %[[C2]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[H]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK-NEXT:    } -> tensor<4x8xf32>
// CHECK-NEXT:    func.return %r : tensor<4x8xf32>
func.func @gelu(%m: tensor<4x8xf32>, %bias: tensor<8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant dense<0.707106769> : tensor<f32>
  %c1 = arith.constant dense<1.0> : tensor<f32>
  %c2 = arith.constant dense<0.5> : tensor<f32>
  %e = tensor.empty() : tensor<4x8xf32>
  %x = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %0 = arith.addf %in, %b : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %a = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %c0 : tensor<4x8xf32>, tensor<f32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %erf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.erf %in : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %p = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]} ins(%erf, %c1 : tensor<4x8xf32>, tensor<f32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.addf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %h = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %c2 : tensor<4x8xf32>, tensor<f32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%h, %p : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %0 = arith.mulf %in, %in_1 : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// A value returned besides being read (%s) is computed once: it stays its own op, and so does
// its reader (no DAG of two). The 4x8 splat constant, read by nothing merged, stays a tensor.
// CHECK-LABEL: func.func @outside_reader(
// CHECK:         %c = arith.constant dense<2.000000e+00> : tensor<4x8xf32>
// CHECK:         %s = linalg.generic {{.*}} ins(%x, %c : tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK:         %r = linalg.generic {{.*}} ins(%x, %s : tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK:         func.return %r, %s
func.func @outside_reader(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %c = arith.constant dense<2.0> : tensor<4x8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %c : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %k: f32, %out: f32):
    %0 = arith.mulf %in, %k : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %0 = arith.addf %in, %in_1 : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  return %r, %s : tensor<4x8xf32>, tensor<4x8xf32>
}

// Read through a transposed map, a producer's element is not the one of the same iteration: it
// stays. So does a producer whose body reads its init (an accumulation), and one of another
// shape (the 8x4 transpose).
// CHECK-LABEL: func.func @not_members(
// CHECK-COUNT-4: linalg.generic
// CHECK-NOT:     linalg.generic
func.func @not_members(%x: tensor<4x4xf32>, %acc: tensor<4x4xf32>, %y: tensor<8x4xf32>) -> (tensor<4x4xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x4xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<4x4xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x4xf32>) outs(%acc : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<4x4xf32>
  %r = linalg.generic {indexing_maps = [#tr, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%t, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %0 = arith.mulf %in, %in_1 : f32
    linalg.yield %0 : f32
  } -> tensor<4x4xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %yt = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<8x4xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x8xf32>
  return %r, %yt : tensor<4x4xf32>, tensor<4x8xf32>
}

// Layer norm's shape: the centred value feeds a reduction (the variance) and the normalization,
// so it stays; the chain after the reduction (scale, shift) is one op. The row sums keep their
// reduction loops.
// CHECK-LABEL: func.func @centred_twice(
// CHECK:         %d = linalg.generic {{.*}} ins(%x, %mean : tensor<4x8xf32>, tensor<4xf32>)
// CHECK:         %v = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%d : tensor<4x8xf32>)
// CHECK:         %r = linalg.generic {{.*}} ins(%d, %v, %gamma : tensor<4x8xf32>, tensor<4xf32>, tensor<8xf32>)
// CHECK:           arith.divf
// CHECK:           arith.mulf
// CHECK:         func.return %r
func.func @centred_twice(%x: tensor<4x8xf32>, %mean: tensor<4xf32>, %gamma: tensor<8xf32>, %acc: tensor<4xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %d = linalg.generic {indexing_maps = [#id, #red, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %mean : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %v = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]} ins(%d : tensor<4x8xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %in : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  } -> tensor<4xf32>
  %n = linalg.generic {indexing_maps = [#id, #red, #id], iterator_types = ["parallel", "parallel"]} ins(%d, %v : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%n, %gamma : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %g: f32, %out: f32):
    %0 = arith.mulf %in, %g : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// The same outside input read by two members through the same map is one input of the merged
// op; read through another map it is another input. The sink's init (here %init, not an empty)
// is the merged op's.
// CHECK-LABEL: func.func @shared_inputs(
// CHECK:         %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], {{.*}} ins(%x, %x : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>)
// CHECK-NOT:     linalg.generic
func.func @shared_inputs(%x: tensor<4x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  %a = linalg.generic {indexing_maps = [#id, #tr, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %x : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%in: f32, %in_t: f32, %out: f32):
    %0 = arith.subf %in, %in_t : f32
    linalg.yield %0 : f32
  } -> tensor<4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %x : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %0 = arith.mulf %in, %in_1 : f32
    linalg.yield %0 : f32
  } -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// A mask (i1) merges into the select that reads it, though its element type is not the sink's:
// as its own op it would need an i1 buffer, which mlir-opt 22 cannot store (torch-mlir's
// negative-index fix-up of ScatterElements and ScatterND is this shape).
// CHECK-LABEL: func.func @mask_select(
// CHECK:         %r = linalg.generic {{.*}} ins(%x : tensor<3x2xi64>) outs(%init : tensor<3x2xi64>)
// CHECK:           arith.cmpi slt
// CHECK:           arith.addi
// CHECK:           arith.select
// CHECK-NOT:     linalg.generic
func.func @mask_select(%x: tensor<3x2xi64>, %init: tensor<3x2xi64>) -> tensor<3x2xi64> {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %e1 = tensor.empty() : tensor<3x2xi1>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<3x2xi64>) outs(%e1 : tensor<3x2xi1>) {
  ^bb0(%in: i64, %out: i1):
    %0 = arith.cmpi slt, %in, %c0 : i64
    linalg.yield %0 : i1
  } -> tensor<3x2xi1>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%neg, %x : tensor<3x2xi1>, tensor<3x2xi64>) outs(%init : tensor<3x2xi64>) {
  ^bb0(%m: i1, %in: i64, %out: i64):
    %0 = arith.addi %in, %c5 : i64
    %1 = arith.select %m, %0, %in : i64
    linalg.yield %1 : i64
  } -> tensor<3x2xi64>
  return %r : tensor<3x2xi64>
}

// A cast chain merges though its element types differ from the sink's (a DynamicQuantizeLinear:
// divide, round, saturate, fptosi, trunci, then extui / subi / trunci to the signed byte).
// CHECK-LABEL: func.func @cast_chain(
// CHECK:         %q = linalg.generic {{.*}} ins(%x, %scale : tensor<4x8xf32>, tensor<f32>) outs(%e8 : tensor<4x8xi8>)
// CHECK:           arith.divf
// CHECK:           math.roundeven
// CHECK:           arith.fptosi
// CHECK:           arith.trunci
// CHECK:           arith.extui
// CHECK:           arith.subi
// CHECK:           arith.trunci
// CHECK-NOT:     linalg.generic
func.func @cast_chain(%x: tensor<4x8xf32>, %scale: tensor<f32>) -> tensor<4x8xi8> {
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 255.0 : f32
  %zp = arith.constant 128 : i32
  %ef = tensor.empty() : tensor<4x8xf32>
  %ei = tensor.empty() : tensor<4x8xi32>
  %e8 = tensor.empty() : tensor<4x8xi8>
  %d = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %scale : tensor<4x8xf32>, tensor<f32>) outs(%ef : tensor<4x8xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    %1 = math.roundeven %0 : f32
    %2 = arith.maximumf %1, %lo : f32
    %3 = arith.minimumf %2, %hi : f32
    linalg.yield %3 : f32
  } -> tensor<4x8xf32>
  %i = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%d : tensor<4x8xf32>) outs(%ei : tensor<4x8xi32>) {
  ^bb0(%in: f32, %out: i32):
    %0 = arith.fptosi %in : f32 to i32
    linalg.yield %0 : i32
  } -> tensor<4x8xi32>
  %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<4x8xi32>) outs(%e8 : tensor<4x8xi8>) {
  ^bb0(%in: i32, %out: i8):
    %0 = arith.trunci %in : i32 to i8
    linalg.yield %0 : i8
  } -> tensor<4x8xi8>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%u : tensor<4x8xi8>) outs(%e8 : tensor<4x8xi8>) {
  ^bb0(%in: i8, %out: i8):
    %0 = arith.extui %in : i8 to i32
    %1 = arith.subi %0, %zp : i32
    %2 = arith.trunci %1 : i32 to i8
    linalg.yield %2 : i8
  } -> tensor<4x8xi8>
  return %q : tensor<4x8xi8>
}

// Functions adapted from MLIR 22 mlir/test/Dialect/SCF/one-shot-bufferize.mlir (their inputs,
// with `bufferization.writable` as there; not their CHECK lines).
func.func @scf_for_yield_only(%A : tensor<?xf32> {bufferization.writable = false}, %B : tensor<?xf32> {bufferization.writable = true},
    %lb : index, %ub : index, %step : index) -> (tensor<?xf32>, tensor<?xf32>) {
  %r0 = scf.for %i = %lb to %ub step %step iter_args(%t = %A) -> (tensor<?xf32>) {
    scf.yield %t : tensor<?xf32>
  }
  %r1 = scf.for %i = %lb to %ub step %step iter_args(%t = %B) -> (tensor<?xf32>) {
    scf.yield %t : tensor<?xf32>
  }
  return %r0, %r1: tensor<?xf32>, tensor<?xf32>
}

func.func @scf_for_is_reading(%A : tensor<?xf32>, %B : tensor<?xf32>, %lb : index, %ub : index) -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %0 = scf.for %iv = %lb to %ub step %c1 iter_args(%1 = %A) -> (tensor<?xf32>) {
    %r = linalg.fill ins(%cst : f32) outs(%1 : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %B : tensor<?xf32>
  }
  %1 = tensor.extract %0[%c1] : tensor<?xf32>
  %2 = tensor.extract %A[%c1] : tensor<?xf32>
  return %1, %2 : f32, f32
}

func.func @nested_scf_for(%A : tensor<?xf32> {bufferization.writable = true}, %v : vector<5xf32>) -> (tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %r1 = scf.for %i = %c0 to %c10 step %c1 iter_args(%B = %A) -> (tensor<?xf32>) {
    %r2 = scf.for %j = %c0 to %c10 step %c1 iter_args(%C = %B) -> (tensor<?xf32>) {
      %w = vector.transfer_write %v, %C[%c0] : vector<5xf32>, tensor<?xf32>
      scf.yield %w : tensor<?xf32>
    }
    scf.yield %r2 : tensor<?xf32>
  }
  return %r1 : tensor<?xf32>
}

func.func @scf_for_with_tensor.insert_slice(%A : tensor<?xf32> {bufferization.writable = false}, %B : tensor<?xf32> {bufferization.writable = true},
    %C : tensor<4xf32> {bufferization.writable = false}, %lb : index, %ub : index, %step : index) -> (tensor<?xf32>, tensor<?xf32>) {
  %r0:2 = scf.for %i = %lb to %ub step %step iter_args(%tA = %A, %tB = %B) -> (tensor<?xf32>, tensor<?xf32>) {
    %ttA = tensor.insert_slice %C into %tA[0][4][1] : tensor<4xf32> into tensor<?xf32>
    %ttB = tensor.insert_slice %C into %tB[0][4][1] : tensor<4xf32> into tensor<?xf32>
    scf.yield %ttA, %ttB : tensor<?xf32>, tensor<?xf32>
  }
  return %r0#0, %r0#1: tensor<?xf32>, tensor<?xf32>
}

func.func @execute_region_with_conflict(%t1 : tensor<?xf32> {bufferization.writable = true}) -> (f32, tensor<?xf32>, f32) {
  %f1 = arith.constant 0.0 : f32
  %idx = arith.constant 7 : index
  %0, %1, %2 = scf.execute_region -> (f32, tensor<?xf32>, f32) {
    %t2 = tensor.insert %f1 into %t1[%idx] : tensor<?xf32>
    scf.yield %f1, %t2, %f1 : f32, tensor<?xf32>, f32
  }
  %3 = tensor.extract %t1[%idx] : tensor<?xf32>
  return %0, %1, %3 : f32, tensor<?xf32>, f32
}

func.func @scf_if_inplace(%cond: i1, %t1: tensor<?xf32> {bufferization.writable = true}, %v: vector<5xf32>, %idx: index) -> (tensor<?xf32>) {
  %r = scf.if %cond -> (tensor<?xf32>) {
    scf.yield %t1 : tensor<?xf32>
  } else {
    %t2 = vector.transfer_write %v, %t1[%idx] : vector<5xf32>, tensor<?xf32>
    scf.yield %t2 : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

func.func @scf_if_inside_scf_for(%t1: tensor<?xf32> {bufferization.writable = true}, %v: vector<5xf32>, %idx: index, %cond: i1) -> (tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %iv = %c0 to %c10 step %c1 iter_args(%bb = %t1) -> (tensor<?xf32>) {
    %r2 = scf.if %cond -> (tensor<?xf32>) {
      scf.yield %bb : tensor<?xf32>
    } else {
      %t2 = vector.transfer_write %v, %bb[%idx] : vector<5xf32>, tensor<?xf32>
      scf.yield %t2 : tensor<?xf32>
    }
    scf.yield %r2 : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

func.func @scf_execute_region_yield_non_equivalent(%i: index, %j: index) -> f32 {
  %r = scf.execute_region -> (tensor<?xf32>) {
    %t2 = bufferization.alloc_tensor(%i) : tensor<?xf32>
    scf.yield %t2 : tensor<?xf32>
  }
  %f = tensor.extract %r[%j] : tensor<?xf32>
  return %f : f32
}

func.func @scf_for_yield_non_equivalent(%t: tensor<?xf32>, %lb : index, %ub : index, %step : index) -> (tensor<?xf32>) {
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %t) -> (tensor<?xf32>) {
    scf.yield %t : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

func.func @scf_for_yield_allocation(%t: tensor<?xf32>, %lb : index, %ub : index, %step : index) -> (tensor<?xf32>) {
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %t) -> (tensor<?xf32>) {
    %t2 = bufferization.alloc_tensor(%i) : tensor<?xf32>
    scf.yield %t2 : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

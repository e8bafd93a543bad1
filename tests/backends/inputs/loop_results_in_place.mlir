// Loops carrying a tensor state (xfuse/backends/in_place/loop_results_in_place.py). f32.
#id = affine_map<(d0, d1) -> (d0, d1)>

// h <- tanh(h W + x[t]) + h / 2, as torch-mlir lowers a recurrence: the step's last op writes
// every element of the next state into a tensor.empty and reads the state element by element;
// nothing reads the state after it, so it may write into the iteration argument.
func.func @recurrence(%x: tensor<6x1x8xf32>, %h0: tensor<1x8xf32>, %w: tensor<8x8xf32>) -> tensor<1x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %h = scf.for %t = %c0 to %c6 step %c1 iter_args(%state = %h0) -> (tensor<1x8xf32>) {
    %e = tensor.empty() : tensor<1x8xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8xf32>) -> tensor<1x8xf32>
    %m = linalg.matmul ins(%state, %w : tensor<1x8xf32>, tensor<8x8xf32>) outs(%f : tensor<1x8xf32>) -> tensor<1x8xf32>
    %in = tensor.extract_slice %x[%t, 0, 0] [1, 1, 8] [1, 1, 1] : tensor<6x1x8xf32> to tensor<1x8xf32>
    %n = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%m, %in, %state : tensor<1x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>) outs(%e : tensor<1x8xf32>) {
    ^bb0(%a: f32, %b: f32, %s: f32, %o: f32):
      %sum = arith.addf %a, %b : f32
      %th = math.tanh %sum : f32
      %kept = arith.mulf %s, %half : f32
      %next = arith.addf %th, %kept : f32
      linalg.yield %next : f32
    } -> tensor<1x8xf32>
    scf.yield %n : tensor<1x8xf32>
  }
  return %h : tensor<1x8xf32>
}

// The same, 64 wide: the backend's schedule register-tiles the matmul, and the chain after it
// ends in the next state; fusing it into the matmul's tiles would yield a new buffer, so the
// matmul is tiled alone (xfuse/backends/schedules/matmul.py, `_root_of`).
func.func @recurrence_wide(%x: tensor<6x1x64xf32>, %h0: tensor<1x64xf32>, %w: tensor<64x64xf32>) -> tensor<1x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %h = scf.for %t = %c0 to %c6 step %c1 iter_args(%state = %h0) -> (tensor<1x64xf32>) {
    %e = tensor.empty() : tensor<1x64xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x64xf32>) -> tensor<1x64xf32>
    %m = linalg.matmul ins(%state, %w : tensor<1x64xf32>, tensor<64x64xf32>) outs(%f : tensor<1x64xf32>) -> tensor<1x64xf32>
    %in = tensor.extract_slice %x[%t, 0, 0] [1, 1, 64] [1, 1, 1] : tensor<6x1x64xf32> to tensor<1x64xf32>
    %n = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%m, %in, %state : tensor<1x64xf32>, tensor<1x64xf32>, tensor<1x64xf32>) outs(%e : tensor<1x64xf32>) {
    ^bb0(%a: f32, %b: f32, %s: f32, %o: f32):
      %sum = arith.addf %a, %b : f32
      %th = math.tanh %sum : f32
      %kept = arith.mulf %s, %half : f32
      %next = arith.addf %th, %kept : f32
      linalg.yield %next : f32
    } -> tensor<1x64xf32>
    scf.yield %n : tensor<1x64xf32>
  }
  return %h : tensor<1x64xf32>
}

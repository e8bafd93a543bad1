// scf.index_switch: cases yield different tensors, so the result is a buffer of its own: case 2
// computes into it, cases 1 and default yield their argument, copied once after the op.
func.func @scf_index_switch(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  %r = scf.index_switch %i -> tensor<4xf32>
  case 1 {
    scf.yield %a : tensor<4xf32>
  }
  case 2 {
    %e = tensor.empty() : tensor<4xf32>
    %x = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  default {
    scf.yield %b : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// Nested region ops whose branches yield arguments and computed values. The outer result is a
// buffer of its own (two cases compute into it), filled by one copy after the op when the taken
// case yields an argument; the inner scf.if yields a slice of one argument or another, both
// outliving it: its result is the buffer the taken branch yields (no buffer, no copy).
func.func @scf_index_switch_nested(%a: tensor<4xf32>, %b: tensor<4xf32>, %big: tensor<8xf32>, %i: index) -> tensor<4xf32> {
  %c3 = arith.constant 3 : index
  %r = scf.index_switch %i -> tensor<4xf32>
  case 1 {
    scf.yield %a : tensor<4xf32>
  }
  case 2 {
    %e = tensor.empty() : tensor<4xf32>
    %x = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  case 3 {
    %c = arith.cmpi ult, %i, %c3 : index
    %s = scf.if %c -> (tensor<4xf32>) {
      %sl = tensor.extract_slice %big[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
      scf.yield %sl : tensor<4xf32>
    } else {
      scf.yield %b : tensor<4xf32>
    }
    %e = tensor.empty() : tensor<4xf32>
    %y = linalg.mul ins(%s, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  default {
    scf.yield %b : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// scf.index_switch in a loop body: a case yields the iter_arg, which the body then overwrites
// in place while reading the switch's result, another the argument %b, one computes. Every
// yield is in place (the computing case's write is no write into %acc or %b: the result is one
// of the cases' values, not all at once), so the result is the buffer the taken case yields, the
// computing case building its value in a buffer allocated before the switch: no copy.
func.func @scf_index_switch_in_loop(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %ub = arith.addi %n, %c4 : index
  %r = scf.for %k = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<4xf32>) {
    %sel = arith.remui %k, %c3 : index
    %s = scf.index_switch %sel -> tensor<4xf32>
    case 0 {
      scf.yield %acc : tensor<4xf32>
    }
    case 1 {
      %t = tensor.empty() : tensor<4xf32>
      %x = linalg.mul ins(%acc, %a : tensor<4xf32>, tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %x : tensor<4xf32>
    }
    default {
      scf.yield %b : tensor<4xf32>
    }
    %y = linalg.add ins(%s, %acc : tensor<4xf32>, tensor<4xf32>) outs(%acc : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

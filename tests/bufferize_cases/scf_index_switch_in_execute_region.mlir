// scf.index_switch inside an scf.execute_region that yields its result: the region hands over
// the switch's selection of %p and the buffer the computing case builds in (which the
// enclosing block then owns): no copy (regression: a selection was refused at the
// execute_region; then it cost a copy).
// MLIR-OPT-NO-DEALLOCATION: the result may be any of three buffers: its dealloc_helper stores i1 memrefs that the LLVM lowering rejects
func.func @scf_index_switch_in_execute_region(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  %e0 = tensor.empty() : tensor<4xf32>
  %p = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.execute_region -> tensor<4xf32> {
    %s = scf.index_switch %i -> tensor<4xf32>
    case 1 {
      scf.yield %p : tensor<4xf32>
    }
    case 2 {
      %t = tensor.empty() : tensor<4xf32>
      %x = linalg.mul ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %x : tensor<4xf32>
    }
    default {
      %x = linalg.sub ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%p : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %x : tensor<4xf32>
    }
    scf.yield %s : tensor<4xf32>
  }
  %e2 = tensor.empty() : tensor<4xf32>
  %y = linalg.mul ins(%r, %a : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

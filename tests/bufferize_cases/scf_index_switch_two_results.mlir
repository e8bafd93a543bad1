// scf.index_switch with two results, each yielded from arguments by two cases and computed by
// the third: each result has its buffer, its flag and its copy after the op.
// MLIR-OPT-NO-DEALLOCATION: results that may be any of three buffers: its dealloc_helper stores i1 memrefs that the LLVM lowering rejects
func.func @scf_index_switch_two_results(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %r, %s = scf.index_switch %i -> tensor<4xf32>, tensor<4xf32>
  case 1 {
    scf.yield %a, %b : tensor<4xf32>, tensor<4xf32>
  }
  case 2 {
    %t = tensor.empty() : tensor<4xf32>
    %x = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
    %u = tensor.empty() : tensor<4xf32>
    %y = linalg.sub ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%u : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x, %y : tensor<4xf32>, tensor<4xf32>
  }
  default {
    scf.yield %b, %a : tensor<4xf32>, tensor<4xf32>
  }
  return %r, %s : tensor<4xf32>, tensor<4xf32>
}

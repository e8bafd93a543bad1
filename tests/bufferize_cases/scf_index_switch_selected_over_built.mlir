// scf.index_switch whose cases yield two computed tensors defined before it or build their value:
// every yielded value is in place and held in memory that outlives the op (the built case
// computes in a buffer allocated before it), so the result is the buffer the taken case yields:
// no copy.
// MLIR-OPT-NO-DEALLOCATION: the result may be any of three buffers: its dealloc_helper stores i1 memrefs that the LLVM lowering rejects
func.func @scf_index_switch_selected_over_built(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  %e0 = tensor.empty() : tensor<4xf32>
  %p = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %q = linalg.sub ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.index_switch %i -> tensor<4xf32>
  case 1 {
    scf.yield %p : tensor<4xf32>
  }
  case 2 {
    %t = tensor.empty() : tensor<4xf32>
    %x = linalg.mul ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  default {
    scf.yield %q : tensor<4xf32>
  }
  %e2 = tensor.empty() : tensor<4xf32>
  %y = linalg.mul ins(%r, %a : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

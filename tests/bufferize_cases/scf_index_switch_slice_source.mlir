// scf.index_switch returning its result: a case yields a slice of a computed tensor (a strided
// view), another an argument, one computes in the result buffer. The slice and the argument are
// yielded as memrefs of the fully dynamic layout, copied once after the op when one was taken.
// MLIR-OPT-NO-DEALLOCATION: the result may be any of three buffers: its dealloc_helper stores i1 memrefs that the LLVM lowering rejects
func.func @scf_index_switch_slice_source(%a: tensor<4xf32>, %b: tensor<8xf32>, %i: index) -> tensor<4xf32> {
  %e0 = tensor.empty() : tensor<8xf32>
  %p = linalg.add ins(%b, %b : tensor<8xf32>, tensor<8xf32>) outs(%e0 : tensor<8xf32>) -> tensor<8xf32>
  %r = scf.index_switch %i -> tensor<4xf32>
  case 1 {
    %s = tensor.extract_slice %p[%i] [4] [1] : tensor<8xf32> to tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  case 2 {
    %t = tensor.empty() : tensor<4xf32>
    %x = linalg.mul ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  default {
    scf.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

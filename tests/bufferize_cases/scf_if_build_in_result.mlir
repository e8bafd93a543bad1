// Branches building their values from tensor.empty: each computes straight into the scf.if's
// result buffers: no temporary, no copy.
// MLIR-OPT-NO-DEALLOCATION: two results that may alias: its dealloc_helper stores i1 memrefs that the LLVM lowering rejects
func.func @scf_if_build_in_result(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %c2 = arith.constant 2 : index
  %c = arith.cmpi ult, %n, %c2 : index
  %r, %s = scf.if %c -> (tensor<4xf32>, tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %x = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %g = tensor.empty() : tensor<4xf32>
    %w = linalg.sub ins(%b, %a : tensor<4xf32>, tensor<4xf32>) outs(%g : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x, %w : tensor<4xf32>, tensor<4xf32>
  } else {
    %e = tensor.empty() : tensor<4xf32>
    %y0 = linalg.mul ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %y = linalg.mul ins(%y0, %a : tensor<4xf32>, tensor<4xf32>) outs(%y0 : tensor<4xf32>) -> tensor<4xf32>
    %f = tensor.empty() : tensor<4xf32>
    %z = linalg.sub ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%f : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %y, %z : tensor<4xf32>, tensor<4xf32>
  }
  return %r, %s : tensor<4xf32>, tensor<4xf32>
}

// Regression (issue 9, defect 2): canonicalize leaves an scf.forall with no results whose body
// holds only an affine.min (and an empty scf.forall.in_parallel): nothing to bufferize, it
// passes through.
func.func @forall_only_affine_min(%a: tensor<20x33xf32>) -> tensor<20x33xf32> {
  scf.forall (%i, %j) = (0, 0) to (20, 33) step (16, 32) {
    %s0 = affine.min affine_map<(d0) -> (16, ((d0 * -1) + 20))> (%i)
  }
  return %a : tensor<20x33xf32>
}

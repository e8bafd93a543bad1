// MLIR-OPT-BUFFERIZE-OPTIONS: analysis-heuristic=bottom-up-from-terminators
// An scf.for whose body writes its iteration argument twice and yields the *first* write (with a
// slice of the second inserted): only one of the two can be in place. Bottom-up, the second
// (%z) wins, and the yielded %y, in a buffer of its own, is copied into the iteration argument
// every iteration (upstream's default heuristic refuses the loop: "Yield operand #0 is not
// equivalent to the corresponding iter bbArg"). Decided from the terminator, as upstream's
// bottom-up-from-terminators, %y is in place and %z gets the new buffer, which linalg.fill does
// not read: one allocation and no copy in the loop (issue 23).
func.func @loop_yields_first_write(%a: tensor<16xf32>, %s: f32, %n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (tensor<16xf32>) {
    %y = linalg.add ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%x : tensor<16xf32>) -> tensor<16xf32>
    %z = linalg.fill ins(%s : f32) outs(%x : tensor<16xf32>) -> tensor<16xf32>
    %zs = tensor.extract_slice %z[0] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %w = tensor.insert_slice %zs into %y[4] [4] [1] : tensor<4xf32> into tensor<16xf32>
    scf.yield %w : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

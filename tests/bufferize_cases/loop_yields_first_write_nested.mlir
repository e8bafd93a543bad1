// MLIR-OPT-BUFFERIZE-OPTIONS: analysis-heuristic=bottom-up-from-terminators
// loop_yields_first_write nested: the inner loop yields the first of its two writes (the mul), the
// outer loop yields a value built on the inner loop's result, which is its first write (the add)
// (the fill comes later). Both bodies are decided from their terminators: 3 allocations (the
// copy of the read-only %a, the two fills) and 3 copies (%a, the two insert_slices), no copy at
// a yield, the same decisions and counts as upstream with bottom-up-from-terminators.
func.func @loop_yields_first_write_nested(%a: tensor<16xf32>, %s: f32, %n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (tensor<16xf32>) {
    %y = linalg.add ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%x : tensor<16xf32>) -> tensor<16xf32>
    %in = scf.for %j = %c0 to %n step %c1 iter_args(%u = %y) -> (tensor<16xf32>) {
      %p = linalg.mul ins(%u, %u : tensor<16xf32>, tensor<16xf32>) outs(%u : tensor<16xf32>) -> tensor<16xf32>
      %q = linalg.fill ins(%s : f32) outs(%u : tensor<16xf32>) -> tensor<16xf32>
      %qs = tensor.extract_slice %q[8] [2] [1] : tensor<16xf32> to tensor<2xf32>
      %v = tensor.insert_slice %qs into %p[0] [2] [1] : tensor<2xf32> into tensor<16xf32>
      scf.yield %v : tensor<16xf32>
    }
    %z = linalg.fill ins(%s : f32) outs(%x : tensor<16xf32>) -> tensor<16xf32>
    %zs = tensor.extract_slice %z[0] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %w = tensor.insert_slice %zs into %in[4] [4] [1] : tensor<4xf32> into tensor<16xf32>
    scf.yield %w : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

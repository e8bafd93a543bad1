// Issue 8 item 5: the loops tile the inner-tile dim (dim 1, extent 32) at offset %j / %k, whose
// lower bound 0 and step 32 prove them multiples of 32 (so 0): the tile holds whole inner tiles
// and the unpack consumer is fused. @forall_step16 steps by 16: half inner tiles, refused.
func.func @forall(%x: tensor<64x32xf32>) -> tensor<2048xf32> {
  %e = tensor.empty() : tensor<64x32xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (64, 32) step (16, 32) shared_outs(%o = %e) -> (tensor<64x32xf32>) {
    %xs = tensor.extract_slice %x[%i, %j] [16, 32] [1, 1] : tensor<64x32xf32> to tensor<16x32xf32>
    %os = tensor.extract_slice %o[%i, %j] [16, 32] [1, 1] : tensor<64x32xf32> to tensor<16x32xf32>
    %y = linalg.exp ins(%xs : tensor<16x32xf32>) outs(%os : tensor<16x32xf32>) -> tensor<16x32xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %o[%i, %j] [16, 32] [1, 1] : tensor<16x32xf32> into tensor<64x32xf32>
    }
  }
  %ue = tensor.empty() : tensor<2048xf32>
  %u = linalg.unpack %r inner_dims_pos = [0] inner_tiles = [32] into %ue : tensor<64x32xf32> -> tensor<2048xf32>
  return %u : tensor<2048xf32>
}

func.func @for(%x: tensor<64x32xf32>) -> tensor<2048xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %e = tensor.empty() : tensor<64x32xf32>
  %r = scf.for %i = %c0 to %c64 step %c16 iter_args(%a = %e) -> (tensor<64x32xf32>) {
    %as = tensor.extract_slice %a[%i, 0] [16, 32] [1, 1] : tensor<64x32xf32> to tensor<16x32xf32>
    %ri = scf.for %k = %c0 to %c32 step %c32 iter_args(%b = %as) -> (tensor<16x32xf32>) {
      %xs = tensor.extract_slice %x[%i, %k] [16, 32] [1, 1] : tensor<64x32xf32> to tensor<16x32xf32>
      %bs = tensor.extract_slice %b[0, %k] [16, 32] [1, 1] : tensor<16x32xf32> to tensor<16x32xf32>
      %y = linalg.exp ins(%xs : tensor<16x32xf32>) outs(%bs : tensor<16x32xf32>) -> tensor<16x32xf32>
      %w = tensor.insert_slice %y into %b[0, %k] [16, 32] [1, 1] : tensor<16x32xf32> into tensor<16x32xf32>
      scf.yield %w : tensor<16x32xf32>
    }
    %ra = tensor.insert_slice %ri into %a[%i, 0] [16, 32] [1, 1] : tensor<16x32xf32> into tensor<64x32xf32>
    scf.yield %ra : tensor<64x32xf32>
  }
  %ue = tensor.empty() : tensor<2048xf32>
  %u = linalg.unpack %r inner_dims_pos = [0] inner_tiles = [32] into %ue : tensor<64x32xf32> -> tensor<2048xf32>
  return %u : tensor<2048xf32>
}

func.func @forall_step16(%x: tensor<64x32xf32>) -> tensor<2048xf32> {
  %e = tensor.empty() : tensor<64x32xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (64, 32) step (16, 16) shared_outs(%o = %e) -> (tensor<64x32xf32>) {
    %xs = tensor.extract_slice %x[%i, %j] [16, 16] [1, 1] : tensor<64x32xf32> to tensor<16x16xf32>
    %os = tensor.extract_slice %o[%i, %j] [16, 16] [1, 1] : tensor<64x32xf32> to tensor<16x16xf32>
    %y = linalg.exp ins(%xs : tensor<16x16xf32>) outs(%os : tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %o[%i, %j] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<64x32xf32>
    }
  }
  %ue = tensor.empty() : tensor<2048xf32>
  %u = linalg.unpack %r inner_dims_pos = [0] inner_tiles = [32] into %ue : tensor<64x32xf32> -> tensor<2048xf32>
  return %u : tensor<2048xf32>
}

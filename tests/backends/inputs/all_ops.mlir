func.func @tensors(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %v: tensor<16xf32>, %d: tensor<?x8xf32>, %i: tensor<4x8xi32>) -> (tensor<4x16xf32>, tensor<16x4xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  %bc = linalg.broadcast ins(%v : tensor<16xf32>) outs(%e : tensor<4x16xf32>) dimensions = [0]
  %s = linalg.sub ins(%m, %bc : tensor<4x16xf32>, tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %mu = linalg.mul ins(%s, %bc : tensor<4x16xf32>, tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %mi = linalg.min ins(%mu, %s : tensor<4x16xf32>, tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %ex = linalg.exp ins(%mi : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %cp = linalg.copy ins(%ex : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %et = tensor.empty() : tensor<16x4xf32>
  %t = linalg.transpose ins(%cp : tensor<4x16xf32>) outs(%et : tensor<16x4xf32>) permutation = [1, 0]
  %er = tensor.empty() : tensor<4xf32>
  // the accumulator starts at 0: reducing into the empty tensor read undefined values (NaN once a
  // reused buffer held them)
  %fr = linalg.fill ins(%zero : f32) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%cp : tensor<4x16xf32>) outs(%fr : tensor<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %y = arith.addf %x, %acc : f32
      %z = math.tanh %y : f32
      linalg.yield %z : f32
    }
  %sl = tensor.extract_slice %cp[0, 0] [2, 16] [1, 1] : tensor<4x16xf32> to tensor<2x16xf32>
  %ins = tensor.insert_slice %sl into %cp[2, 0] [2, 16] [1, 1] : tensor<2x16xf32> into tensor<4x16xf32>
  %dim = tensor.dim %d, %c0 : tensor<?x8xf32>
  %col = tensor.collapse_shape %a [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %exp = tensor.expand_shape %col [[0, 1]] output_shape [8, 4] : tensor<32xf32> into tensor<8x4xf32>
  %pad = tensor.pad %a low[1, 1] high[1, 1] {
  ^bb0(%p0: index, %p1: index):
    tensor.yield %zero : f32
  } : tensor<4x8xf32> to tensor<6x10xf32>
  %cast = tensor.cast %d : tensor<?x8xf32> to tensor<?x8xf32>
  %loop = scf.for %iv = %c0 to %c4 step %c1 iter_args(%acc = %ins) -> (tensor<4x16xf32>) {
    %tile = tensor.extract_slice %acc[%iv, 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<1x16xf32>
    %cmp = arith.cmpi slt, %iv, %c1 : index
    %sel = scf.if %cmp -> (tensor<1x16xf32>) {
      scf.yield %tile : tensor<1x16xf32>
    } else {
      %neg = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%tile : tensor<1x16xf32>) {
      ^bb0(%o: f32):
        %n = arith.negf %o : f32
        %idx = linalg.index 1 : index
        %ii = arith.index_cast %idx : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %q = arith.addf %n, %fi : f32
        linalg.yield %q : f32
      } -> tensor<1x16xf32>
      scf.yield %neg : tensor<1x16xf32>
    }
    %upd = tensor.insert_slice %sel into %acc[%iv, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<4x16xf32>
    scf.yield %upd : tensor<4x16xf32>
  }
  %fa = scf.forall (%j) in (4) shared_outs(%o = %loop) -> (tensor<4x16xf32>) {
    %tile = tensor.extract_slice %o[%j, 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<1x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %tile into %o[%j, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<4x16xf32>
    }
  }
  %mx = linalg.max ins(%fa, %fa : tensor<4x16xf32>, tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %mx, %t, %r : tensor<4x16xf32>, tensor<16x4xf32>, tensor<4xf32>
}
func.func @memrefs(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  %t = memref.alloc() : memref<4x16xf32>
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%t : memref<4x16xf32>)
  %sv = memref.subview %t[0, 0] [2, 16] [1, 1] : memref<4x16xf32> to memref<2x16xf32, strided<[16, 1]>>
  %c0 = arith.constant 0 : index
  %x = memref.load %t[%c0, %c0] : memref<4x16xf32>
  memref.store %x, %c[%c0, %c0] : memref<4x16xf32>
  "memref.copy"(%t, %c) : (memref<4x16xf32>, memref<4x16xf32>) -> ()
  memref.dealloc %t : memref<4x16xf32>
  return
}

// xfuse-diffusion: the IR shape after one run of the pass on each input of Inputs/diffusion/
// (remarks and refusals: diffusion-remarks.mlir; numerics: with-mlir/transforms/diffusion-exec.mlir).
// RUN: xfuse-opt %S/Inputs/diffusion/mlp.mlir -p xfuse-diffusion | filecheck %s --check-prefix=MLP
// RUN: xfuse-opt %S/Inputs/diffusion/two-consumers.mlir -p xfuse-diffusion | filecheck %s --check-prefix=TWO
// RUN: xfuse-opt %S/Inputs/diffusion/reduction.mlir -p xfuse-diffusion | filecheck %s --check-prefix=RED
// RUN: xfuse-opt %S/Inputs/diffusion/pack-unpack.mlir -p xfuse-diffusion | filecheck %s --check-prefix=PACK
// RUN: xfuse-opt %S/Inputs/diffusion/diamond.mlir -p xfuse-diffusion | filecheck %s --check-prefix=DIAMOND
// RUN: xfuse-opt %S/Inputs/diffusion/two-contractions.mlir -p xfuse-diffusion | filecheck %s --check-prefix=MM2
// RUN: xfuse-opt %S/Inputs/diffusion/multi-use.mlir -p xfuse-diffusion | filecheck %s --check-prefix=MULTI
// RUN: xfuse-opt %S/Inputs/diffusion/fill-inside.mlir -p xfuse-diffusion | filecheck %s --check-prefix=FILL
// RUN: xfuse-opt %S/Inputs/diffusion/negatives.mlir -p xfuse-diffusion | filecheck %s --check-prefix=NEG
// RUN: xfuse-opt %S/Inputs/diffusion/unfused.mlir -p 'xfuse-diffusion{root-tile-sizes=8,8,0}' | filecheck %s --check-prefix=ROOT
// RUN: xfuse-opt %S/Inputs/diffusion/unpack-covering.mlir -p 'xfuse-diffusion{root-tile-sizes=12,8,0}' | filecheck %s --check-prefix=COVER

// Every op of the MLP ends in the one loop nest: pack and unpack inside the K loop (the weight
// tile), fill before the K loop (inside it, it would reset the accumulator), broadcast, add and
// relu after the K loop in the column loop.
// MLP:      func.func @mlp
// MLP-NOT:  linalg.
// MLP:      scf.forall (%i, %j) = (0, 0) to (32, 128) step (16, 64) shared_outs(%{{[^ ]*}} = %re) -> (tensor<32x128xf32>)
// MLP:      scf.for %jj
// MLP:        %[[F:.*]] = linalg.fill ins(%zero : f32) outs(%a0_s : tensor<16x32xf32>)
// MLP:        scf.for %k = %c0 to %c64 step %c16 iter_args(%a1 = %[[F]])
// MLP:          linalg.pack %{{.*}} inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %{{.*}} : tensor<16x32xf32> -> tensor<2x4x8x8xf32>
// MLP:          %w_t = linalg.unpack
// MLP:          linalg.matmul ins(%in_t, %w_t
// MLP:        linalg.broadcast
// MLP:        linalg.add ins(%red,
// MLP:        linalg.generic
// MLP:        scf.yield
// MLP:      scf.forall.in_parallel
// MLP-NOT:  linalg.
// MLP:      func.return

// TWO:      %exp, %add = scf.forall (%i, %j) {{.*}} shared_outs(%0 = %e1, %1 = %e2)
// TWO:        %t = linalg.matmul
// TWO:        linalg.exp ins(%t : tensor<8x8xf32>)
// TWO:        linalg.add ins(%t, %{{.*}} : tensor<8x8xf32>, tensor<8x8xf32>)
// TWO-NOT:  linalg.
// TWO:      func.return %exp, %add

// The row sum lands in the forall (whole rows), after the column loop; its fill with it.
// RED:      %sum = scf.forall (%i) {{.*}} shared_outs(%0 = %e)
// RED:        scf.for %j
// RED:          scf.for %k
// RED:            linalg.matmul
// RED-NOT:        linalg.generic
// RED:        %[[S:.*]] = tensor.extract_slice %0[%i] [8] [1]
// RED:        linalg.fill ins(%zero : f32) outs(%[[S]] : tensor<8xf32>)
// RED:        linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// RED-SAME:     ins(%cols : tensor<8x16xf32>)
// RED:        scf.forall.in_parallel
// RED-NOT:  linalg.
// RED:      func.return %sum

// PACK-NOT: linalg.
// PACK:     %u = scf.forall (%i, %j) in (2, 3)
// PACK:       %as = linalg.pack {{.*}} -> tensor<1x4x8x8xf32>
// PACK:       %bs = linalg.pack {{.*}} outer_dims_perm = [1, 0] {{.*}} -> tensor<1x4x4x8xf32>
// PACK:       linalg.fill
// PACK:       %mm = linalg.mmt4d ins(%as, %bs
// PACK:       linalg.unpack %mm inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %{{.*}} : tensor<1x1x8x4xf32> -> tensor<?x?xf32>
// PACK-NOT: linalg.
// PACK:     func.return %u

// All eight ops of the diamond in the forall; op1 (exp) is computed twice (producer of add and
// of op2), op5 is the forall's result (named after it: loop results are named after what they
// hold).
// DIAMOND-NOT: linalg.
// DIAMOND:     %op5 = scf.forall
// DIAMOND:       %t = linalg.matmul
// DIAMOND:       %[[OP1A:.*]] = linalg.exp
// DIAMOND:       %[[ADD:.*]] = linalg.add ins(%t, %[[OP1A]]
// DIAMOND:       %[[RELU:.*]] = linalg.generic {{.*}} ins(%[[ADD]]
// DIAMOND:       %[[OP1B:.*]] = linalg.exp
// DIAMOND:       %[[OP3:.*]] = linalg.mul
// DIAMOND:       %[[OP2:.*]] = linalg.mul ins(%[[OP1B]], %[[OP3]]
// DIAMOND:       %[[OP4:.*]] = linalg.sub ins(%[[OP2]],
// DIAMOND:       linalg.add ins(%[[RELU]], %[[OP4]]
// DIAMOND-NOT: linalg.
// DIAMOND:     func.return %op5

// MM2:      %exp = scf.forall
// MM2:        linalg.matmul
// MM2:        linalg.exp
// MM2:      %mm2 = scf.forall
// MM2:        tensor.extract_slice %exp[%i_1, 0] [8, 16]
// MM2:        linalg.matmul
// MM2-NOT:    linalg.exp
// MM2:      func.return %mm2

// MULTI:    %ea = linalg.exp ins(%a : tensor<16x32xf32>)
// MULTI:    scf.forall
// MULTI:      %as = linalg.exp ins(%{{.*}} : tensor<8x32xf32>)
// MULTI:      linalg.matmul ins(%as,
// MULTI:    func.return %mm, %ea

// FILL-NOT: linalg.
// FILL:     scf.forall
// FILL:       %f = linalg.fill ins(%zero : f32) outs(%os : tensor<8x8xf32>)
// FILL-NOT:   linalg.fill
// FILL:       scf.for %k {{.*}} iter_args(%acc = %f)
// FILL:         linalg.matmul
// FILL:       linalg.exp ins(%red : tensor<8x8xf32>)
// FILL-NOT: linalg.
// FILL:     func.return %exp

// Nothing fused: the IR is as it was.
// NEG:      %ea = linalg.exp ins(%a
// NEG:      %mm = scf.forall
// NEG:        tensor.extract_slice %ea[%i2, 0] [8, 32] [2, 1]
// NEG:      %sym = linalg.generic
// NEG:      %acc2 = linalg.add ins(%c, %c {{.*}} outs(%mm

// root-tile-sizes: the untiled matmul is tiled into a forall first, then diffused.
// ROOT-NOT: linalg.
// ROOT:     scf.forall
// ROOT:       linalg.fill
// ROOT:       linalg.matmul
// ROOT:       linalg.add
// ROOT:     scf.forall.in_parallel
// ROOT-NOT: linalg.
// ROOT:     func.return

// Row tiles of 12 cut the unpack's inner tiles of 8: the unpack is fused in its covering form
// (the outer tiles covering the rows, unpacked into a temporary, sliced).
// COVER-NOT: linalg.
// COVER:     scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (37, 16) step (12, 8)
// COVER:       %[[T:.*]] = affine.min affine_map<(d0) -> (12, ((d0 * -1) + 37))> (%[[I]])
// COVER:       %[[S:.*]] = tensor.extract_slice %ap[%{{.*}}, 0, 0, 0] [%{{.*}}, 4, 8, 8] [1, 1, 1, 1] : tensor<5x4x8x8xf32> to tensor<?x4x8x8xf32>
// COVER:       %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?x32xf32>
// COVER:       %[[U:.*]] = linalg.unpack %[[S]] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %[[E]]
// COVER:       %[[A:.*]] = tensor.extract_slice %[[U]][%{{.*}}, 0] [%[[T]], 32] [1, 1] : tensor<?x32xf32> to tensor<?x32xf32>
// COVER:       linalg.fill
// COVER:       linalg.matmul ins(%[[A]], %{{.*}} : tensor<?x32xf32>, tensor<32x8xf32>)
// COVER:     scf.forall.in_parallel
// COVER-NOT: linalg.
// COVER:     func.return

// seeds=all-in-loops from a nest holding no contraction: the broadcast, add and relu end up in
// the forall, and the constant the relu's body captures is moved above the loop with it.
// RUN: xfuse-opt %S/Inputs/diffusion/no-contraction.mlir -p 'xfuse-diffusion{seeds=all-in-loops}' | filecheck %s --check-prefix=ALL-IN-LOOPS
// ALL-IN-LOOPS-LABEL: func.func @f(
// ALL-IN-LOOPS:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// ALL-IN-LOOPS-NEXT:    %[[R:.*]] = scf.forall
// ALL-IN-LOOPS:           %[[Y:.*]] = linalg.exp
// ALL-IN-LOOPS:           %[[B:.*]] = linalg.broadcast
// ALL-IN-LOOPS:           %[[S:.*]] = linalg.add ins(%[[Y]], %[[B]] :
// ALL-IN-LOOPS:           linalg.generic {{.*}} ins(%[[S]] :
// ALL-IN-LOOPS:             arith.maximumf %{{.*}}, %[[ZERO]] : f32
// ALL-IN-LOOPS:           scf.forall.in_parallel
// ALL-IN-LOOPS-NOT:     linalg.
// ALL-IN-LOOPS:         func.return %[[R]]

// seeds=marked with root-tile-sizes: the marked exp is tiled first, then the add is fused; the
// unmarked matmul stays as it is.
// RUN: xfuse-opt %S/Inputs/diffusion/marked-untiled.mlir -p 'xfuse-diffusion{seeds=marked root-tile-sizes=8,16}' | filecheck %s --check-prefix=MARKED-ROOT
// MARKED-ROOT:      %s = scf.forall (%iv0, %iv1) = (0, 0) to (16, 32) step (8, 16)
// MARKED-ROOT:        %[[Y:.*]] = linalg.exp
// MARKED-ROOT:        linalg.add ins(%[[Y]],
// MARKED-ROOT:        scf.forall.in_parallel
// MARKED-ROOT:      %mm = linalg.matmul
// MARKED-ROOT:      func.return %s, %mm

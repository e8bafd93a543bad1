// xfuse-fuse-producers: replace a slice inside a loop nest by the tile of its producer, through
// chains of slices, scf.for iter_args and scf.forall shared_outs (destination fusion rewires the
// loop's init). Positive cases live in Inputs/fuse-producers/ (one function per file, so that
// with-mlir/transforms/fuse-producers-exec.mlir runs the same inputs through xfuse-run --check).
// RUN: xfuse-opt %S/Inputs/fuse-producers/forall-fill.mlir -p xfuse-fuse-producers | filecheck %S/Inputs/fuse-producers/forall-fill.mlir
// RUN: xfuse-opt %S/Inputs/fuse-producers/nested-for-in-forall.mlir -p xfuse-fuse-producers | filecheck %S/Inputs/fuse-producers/nested-for-in-forall.mlir
// RUN: xfuse-opt %S/Inputs/fuse-producers/second-user.mlir -p xfuse-fuse-producers | filecheck %S/Inputs/fuse-producers/second-user.mlir
// RUN: xfuse-opt %S/Inputs/fuse-producers/dynamic.mlir -p xfuse-fuse-producers | filecheck %S/Inputs/fuse-producers/dynamic.mlir
// RUN: xfuse-opt %S/Inputs/fuse-producers/dim-of-producer.mlir -p xfuse-fuse-producers | filecheck %S/Inputs/fuse-producers/dim-of-producer.mlir
// linalg.unpack producers whose tiles cut inner tiles (the covering form), static and dynamic:
// RUN: xfuse-opt %S/Inputs/fuse-producers/unpack-covering.mlir -p xfuse-fuse-producers | filecheck %S/Inputs/fuse-producers/unpack-covering.mlir
// RUN: xfuse-opt %S/Inputs/fuse-producers/unpack-covering-dynamic.mlir -p xfuse-fuse-producers | filecheck %S/Inputs/fuse-producers/unpack-covering-dynamic.mlir
//
// Marked candidates that cannot be fused are errors (exit 1), in both modes.
// RUN: not xfuse-opt %S/Inputs/fuse-producers/k-tiled-fill.mlir -p xfuse-fuse-producers 2>&1 | filecheck %s --check-prefix=KTILED
// RUN: not xfuse-opt %S/Inputs/fuse-producers/non-unit-stride.mlir -p 'xfuse-fuse-producers{only-marked=true}' 2>&1 | filecheck %s --check-prefix=STRIDE
// RUN: not xfuse-opt %S/Inputs/fuse-producers/no-producer.mlir -p 'xfuse-fuse-producers{only-marked=true}' 2>&1 | filecheck %s --check-prefix=NOPROD
//
// Unmarked candidates that cannot be fused get a remark (stderr) and stay as they are.
// RUN: xfuse-opt %s --split-input-file -p xfuse-fuse-producers 2>/dev/null | filecheck %s
// RUN: xfuse-opt %s --split-input-file -p xfuse-fuse-producers 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: xfuse-opt %s --split-input-file -p 'xfuse-fuse-producers{remarks=false}' 2>&1 >/dev/null | filecheck %s --check-prefix=QUIET --allow-empty
// RUN: xfuse-opt %s --split-input-file -p 'xfuse-fuse-producers{only-marked=true}' 2>&1 | filecheck %s --check-prefix=MARKED

// KTILED:      k-tiled-fill.mlir:19:9: error: cannot fuse the producer of 'tensor.extract_slice': 'linalg.fill' is the destination of 'scf.for' at {{.*}}k-tiled-fill.mlir:16:7, which tiles reduction dimension d2 of 'linalg.matmul' (its induction variable moves the slice of operand #0): every iteration accumulates into what the previous one wrote, and the fused producer would overwrite it
// KTILED-NEXT:   note: see op 'tensor.extract_slice':
// KTILED-NOT:  Traceback
// STRIDE:      non-unit-stride.mlir:8:5: error: cannot fuse the producer of 'tensor.extract_slice': the slice has non-unit strides (only unit-stride slices are composed)
// STRIDE-NOT:  Traceback
// NOPROD:      no-producer.mlir:5:5: error: cannot fuse the producer of 'tensor.extract_slice': the sliced value has no producer op (it is a block argument)
// NOPROD-NOT:  Traceback
// QUIET-NOT:   remark

// The K loop carries the accumulator: the fill stays outside, with a remark.
// CHECK-LABEL: func.func @k_tiled_unmarked(
// CHECK:         %[[FILL:.*]] = linalg.fill
// CHECK-NEXT:    scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[FILL]])
// CHECK:           %[[OS:.*]] = tensor.extract_slice %[[ACC]][0, 0] [16, 24] [1, 1]
// CHECK-NEXT:      linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x8xf32>, tensor<8x24xf32>) outs(%[[OS]] : tensor<16x24xf32>)
// REMARK: fuse-producers.mlir:[[# @LINE + 11]]:5: remark: cannot fuse the producer of 'tensor.extract_slice': 'linalg.fill' is the destination of 'scf.for' at {{.*}}fuse-producers.mlir:[[# @LINE + 8]]:3, which tiles reduction dimension d2 of 'linalg.matmul'
func.func @k_tiled_unmarked(%a: tensor<16x32xf32>, %b: tensor<32x24xf32>) -> tensor<16x24xf32> {
  %cst = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %e = tensor.empty() : tensor<16x24xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%e : tensor<16x24xf32>) -> tensor<16x24xf32>
  %r = scf.for %k = %c0 to %c32 step %c8 iter_args(%acc = %fill) -> (tensor<16x24xf32>) {
    %ak = tensor.extract_slice %a[0, %k] [16, 8] [1, 1] : tensor<16x32xf32> to tensor<16x8xf32>
    %bk = tensor.extract_slice %b[%k, 0] [8, 24] [1, 1] : tensor<32x24xf32> to tensor<8x24xf32>
    %os = tensor.extract_slice %acc[0, 0] [16, 24] [1, 1] : tensor<16x24xf32> to tensor<16x24xf32>
    %mm = linalg.matmul ins(%ak, %bk : tensor<16x8xf32>, tensor<8x24xf32>) outs(%os : tensor<16x24xf32>) -> tensor<16x24xf32>
    %ins = tensor.insert_slice %mm into %acc[0, 0] [16, 24] [1, 1] : tensor<16x24xf32> into tensor<16x24xf32>
    scf.yield %ins : tensor<16x24xf32>
  }
  return %r : tensor<16x24xf32>
}

// -----

// A loop whose induction variable does not move the slice at all (no consumer reduction to
// name): every iteration reads what the previous one wrote.
// CHECK-LABEL: func.func @iv_unused(
// CHECK:         linalg.exp
// CHECK-NEXT:    scf.for
// REMARK: fuse-producers.mlir:[[# @LINE + 8]]:5: remark: cannot fuse the producer of 'tensor.extract_slice': 'linalg.exp' is the destination of 'scf.for' at {{.*}}, whose induction variable does not move the slice: every iteration reads what the previous one wrote (a loop-carried accumulator), not the producer's value
func.func @iv_unused(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<8xf32>
  %ex = linalg.exp ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = scf.for %t = %c0 to %c3 step %c1 iter_args(%acc = %ex) -> (tensor<8xf32>) {
    %s = tensor.extract_slice %acc[0] [8] [1] : tensor<8xf32> to tensor<8xf32>
    %y = linalg.exp ins(%s : tensor<8xf32>) outs(%s : tensor<8xf32>) -> tensor<8xf32>
    %ins = tensor.insert_slice %y into %acc[0] [8] [1] : tensor<8xf32> into tensor<8xf32>
    scf.yield %ins : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// The shared_out is also read whole (linalg.copy): rewiring the forall's init would change
// what that reads, so the fill is not fused.
// CHECK-LABEL: func.func @other_reader(
// CHECK:         linalg.fill
// CHECK-NEXT:    scf.forall
// REMARK: fuse-producers.mlir:[[# @LINE + 7]]:5: remark: cannot fuse the producer of 'tensor.extract_slice': 'linalg.fill' is the destination of 'scf.forall' at {{.*}}, whose loop-carried value is also used by 'linalg.copy' at {{.*}}: rewiring the loop's init would change what it reads
func.func @other_reader(%x: tensor<16xf32>, %z: tensor<16xf32>) -> (tensor<16xf32>) {
  %cst = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %fill) -> (tensor<16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %os = tensor.extract_slice %o[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %xs = tensor.extract_slice %x[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %whole = linalg.copy ins(%o : tensor<16xf32>) outs(%z : tensor<16xf32>) -> tensor<16xf32>
    %a = linalg.add ins(%xs, %os : tensor<4xf32>, tensor<4xf32>) outs(%os : tensor<4xf32>) -> tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %a into %o[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}

// -----

// A producer without a tiling model (here a loop's result) is left alone, with a remark.
// CHECK-LABEL: func.func @no_model(
// REMARK: fuse-producers.mlir:[[# @LINE + 11]]:5: remark: cannot fuse the producer of 'tensor.extract_slice': the producer 'scf.forall' has no tiling model
func.func @no_model(%x: tensor<16xf32>) -> tensor<16xf32> {
  %first = scf.forall (%i) in (4) shared_outs(%o = %x) -> (tensor<16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %s = tensor.extract_slice %o[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  %second = scf.forall (%i) in (4) shared_outs(%o = %x) -> (tensor<16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %s = tensor.extract_slice %first[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  return %second : tensor<16xf32>
}

// -----

// only-marked: of the two producers only the marked one (the exp, not the mul) is fused; the marker is
// consumed. Without only-marked, both are fused.
// MARKED-LABEL: func.func @only_marked(
// MARKED:         %[[NEG:.*]] = linalg.mul
// MARKED-NOT:     linalg.exp
// MARKED:         scf.forall
// MARKED:           linalg.exp ins(%{{.*}} : tensor<4xf32>)
// MARKED-NOT:       xfuse.fuse
// MARKED:           tensor.extract_slice %[[NEG]]
// CHECK-LABEL: func.func @only_marked(
// CHECK-NEXT:    scf.forall
func.func @only_marked(%x: tensor<16xf32>) -> tensor<16xf32> {
  %e0 = tensor.empty() : tensor<16xf32>
  %ex = linalg.exp ins(%x : tensor<16xf32>) outs(%e0 : tensor<16xf32>) attrs = {xfuse.fuse} -> tensor<16xf32>
  %e1 = tensor.empty() : tensor<16xf32>
  %ng = linalg.mul ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%e1 : tensor<16xf32>) -> tensor<16xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %x) -> (tensor<16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %a = tensor.extract_slice %ex[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %b = tensor.extract_slice %ng[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %os = tensor.extract_slice %o[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %s = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%os : tensor<4xf32>) -> tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}

// linalg.pack producers (model: xfuse/interfaces/tiling_pack.py): fused on whole inner tiles
// (padded pack into a tiled mmt4d; outer_dims_perm through scf.forall + scf.for), refused on a
// tile cutting an inner tile.
// RUN: xfuse-opt %S/Inputs/fuse-producers/pack-mmt4d.mlir -p xfuse-fuse-producers | filecheck %S/Inputs/fuse-producers/pack-mmt4d.mlir
// RUN: xfuse-opt %S/Inputs/fuse-producers/pack-perm-nested.mlir -p xfuse-fuse-producers | filecheck %S/Inputs/fuse-producers/pack-perm-nested.mlir
// RUN: not xfuse-opt %S/Inputs/fuse-producers/pack-cuts-inner-tile.mlir -p xfuse-fuse-producers 2>&1 | filecheck %s --check-prefix=PACKCUT
// RUN: sed 's/ {xfuse.fuse}//' %S/Inputs/fuse-producers/pack-cuts-inner-tile.mlir > %t.unmarked.mlir
// RUN: xfuse-opt %t.unmarked.mlir -p xfuse-fuse-producers 2>&1 | filecheck %s --check-prefix=PACKCUT-REMARK
// PACKCUT:      pack-cuts-inner-tile.mlir:10:5: error: cannot fuse the producer of 'tensor.extract_slice': the tile of the packed result cuts inner tile #0 (dim 2: offset %oh size 4, the inner tile is 8): a pack computes whole inner tiles, so it is fused as a producer only on them
// PACKCUT-NOT:  Traceback
// PACKCUT-REMARK:      unmarked.mlir:10:5: remark: cannot fuse the producer of 'tensor.extract_slice': the tile of the packed result cuts inner tile #0
// PACKCUT-REMARK:      %[[P:.*]] = linalg.pack
// PACKCUT-REMARK:      scf.forall
// PACKCUT-REMARK-NEXT:   affine.apply
// PACKCUT-REMARK-NEXT:   tensor.extract_slice %[[P]]
// A pack is destination-style: fused through shared_outs too (its dest becomes the forall's init).
// RUN: xfuse-opt %S/Inputs/fuse-producers/pack-destination.mlir -p xfuse-fuse-producers | filecheck %S/Inputs/fuse-producers/pack-destination.mlir

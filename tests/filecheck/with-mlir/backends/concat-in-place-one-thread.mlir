// A fire module's concatenation at one thread (xfuse/backends/parallel/parallel_concat.py,
// `CHAINS_AT_ONE_THREAD`: `concat_copies` with `NO_COPIES`): both expands write into their
// channel slices of one destination, the one computed first (the 3x3 expand, concat input 1)
// included, and the 1x1 expand flat_pixels.py flattened (780 + 4 pixels) through the slice
// collapsed and expanded as its result was. After one-shot-bufferize (and the cse, canonicalize that
// drop the self-copies of the slices written in place, as the pipeline runs them) nothing is copied.
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.parallel.parallel_concat import NO_COPIES, concat_copies; m = parse(open(sys.argv[1]).read()); assert concat_copies(m, NO_COPIES) == 0; print(m)" %s | filecheck %s
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.mlir_text import emit_mlir_text; from xfuse.backends.parallel.parallel_concat import NO_COPIES, concat_copies; m = parse(open(sys.argv[1]).read()); concat_copies(m, NO_COPIES); print(emit_mlir_text(m, locations=False))" %s \
// RUN:   | mlir-opt --eliminate-empty-tensors --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --cse --canonicalize \
// RUN:   | filecheck %s --check-prefix=BUF

// CHECK-LABEL: func.func @fire
// CHECK-NOT:     tensor.concat
// CHECK:         %[[D:.*]] = tensor.empty() : tensor<1x28x28x128xf32>
// The 3x3 expand first, in channels 64..127:
// CHECK:         %[[S3:.*]] = tensor.extract_slice %[[D]][0, 0, 0, 64] [1, 28, 28, 64] [1, 1, 1, 1]
// CHECK:         %[[E3:.*]] = linalg.generic
// CHECK-SAME:      outs(%[[S3]] : tensor<1x28x28x64xf32>)
// CHECK:         %[[D1:.*]] = tensor.insert_slice %[[E3]] into %[[D]][0, 0, 0, 64] [1, 28, 28, 64] [1, 1, 1, 1]
// Then the 1x1 expand over the flattened pixels, in channels 0..63 of what the 3x3 expand left:
// CHECK:         %[[S1:.*]] = tensor.extract_slice %[[D1]][0, 0, 0, 0] [1, 28, 28, 64] [1, 1, 1, 1]
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[S1]]
// CHECK:         %[[W:.*]] = tensor.expand_shape %[[C]] {{.*}} output_shape [1, 1, 784, 64]
// CHECK-NOT:     tensor.empty() : tensor<1x1x784x64xf32>
// CHECK:         tensor.insert_slice %{{.*}} into %[[W]][0, 0, 0, 0] [1, 1, 780, 64]
// CHECK:         %[[T:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 780, 0] [1, 1, 4, 64]
// CHECK:         %[[F:.*]] = tensor.collapse_shape %[[T]]
// CHECK:         %[[P:.*]] = tensor.expand_shape %[[F]]
// CHECK:         %[[R:.*]] = tensor.insert_slice %[[P]] into %[[D1]][0, 0, 0, 0] [1, 28, 28, 64] [1, 1, 1, 1]
// CHECK:         func.return %[[R]]

// BUF-LABEL: func.func @fire
// BUF:         memref.alloc() {{.*}} : memref<1x28x28x128xf32>
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy
// BUF-NOT:     linalg.copy
// BUF:         return

func.func @fire(%a: tensor<1x1x784x64xf32>, %b: tensor<1x28x28x64xf32>) -> tensor<1x28x28x128xf32> {
  %e3_e = tensor.empty() : tensor<1x28x28x64xf32>
  %e3 = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%b : tensor<1x28x28x64xf32>) outs(%e3_e : tensor<1x28x28x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.negf %in : f32
    linalg.yield %v : f32
  } -> tensor<1x28x28x64xf32>
  %head_in = tensor.extract_slice %a[0, 0, 0, 0] [1, 1, 780, 64] [1, 1, 1, 1] : tensor<1x1x784x64xf32> to tensor<1x1x780x64xf32>
  %tail_in = tensor.extract_slice %a[0, 0, 780, 0] [1, 1, 4, 64] [1, 1, 1, 1] : tensor<1x1x784x64xf32> to tensor<1x1x4x64xf32>
  %whole = tensor.empty() : tensor<1x1x784x64xf32>
  %head_e = tensor.empty() : tensor<1x1x780x64xf32>
  %head = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%head_in : tensor<1x1x780x64xf32>) outs(%head_e : tensor<1x1x780x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = math.absf %in : f32
    linalg.yield %v : f32
  } -> tensor<1x1x780x64xf32>
  %h = tensor.insert_slice %head into %whole[0, 0, 0, 0] [1, 1, 780, 64] [1, 1, 1, 1] : tensor<1x1x780x64xf32> into tensor<1x1x784x64xf32>
  %tail_e = tensor.empty() : tensor<1x1x4x64xf32>
  %tail = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%tail_in : tensor<1x1x4x64xf32>) outs(%tail_e : tensor<1x1x4x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = math.absf %in : f32
    linalg.yield %v : f32
  } -> tensor<1x1x4x64xf32>
  %t = tensor.insert_slice %tail into %h[0, 0, 780, 0] [1, 1, 4, 64] [1, 1, 1, 1] : tensor<1x1x4x64xf32> into tensor<1x1x784x64xf32>
  %flat = tensor.collapse_shape %t [[0, 1, 2], [3]] : tensor<1x1x784x64xf32> into tensor<784x64xf32>
  %e1 = tensor.expand_shape %flat [[0, 1, 2], [3]] output_shape [1, 28, 28, 64] : tensor<784x64xf32> into tensor<1x28x28x64xf32>
  %c = tensor.concat dim(3) %e1, %e3 : (tensor<1x28x28x64xf32>, tensor<1x28x28x64xf32>) -> tensor<1x28x28x128xf32>
  return %c : tensor<1x28x28x128xf32>
}

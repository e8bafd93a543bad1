// A classifier whose 97 columns no vector of any width divides (the CRNN's, `16 x 192 x 97`):
// on AVX-512 its four-vector head (64) is below `MIN_HEAD_FRACTION`, and unsplit it has no
// register tile at all (scalar loops). `SPLIT_TILELESS_MATMULS` splits it at the widest multiple
// of a vector that gets a tile: 96 + 1, each part a matmul on its slice of the filter, written
// back into the accumulator. Off, the product stays whole.
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.target import CpuTarget; from xfuse.backends.schedules.channel_split import split_matmul_columns; m = parse(open(sys.argv[1]).read()); print(split_matmul_columns(m, CpuTarget('x86-64-v4', 512, 32, True))); print(m)" %s | filecheck %s
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.target import CpuTarget; from xfuse.backends.schedules import channel_split; channel_split.SPLIT_TILELESS_MATMULS = False; m = parse(open(sys.argv[1]).read()); print(channel_split.split_matmul_columns(m, CpuTarget('x86-64-v4', 512, 32, True))); print(m)" %s | filecheck %s --check-prefix=OFF

// CHECK:       1
// CHECK-LABEL: func.func @classifier
// CHECK:         %[[ACC:.*]] = linalg.fill {{.*}} -> tensor<16x97xf32>
// CHECK:         %[[B0:.*]] = tensor.extract_slice %{{.*}}[0, 0] [192, 96] [1, 1] : tensor<192x97xf32> to tensor<192x96xf32>
// CHECK:         %[[C0:.*]] = tensor.extract_slice %[[ACC]][0, 0] [16, 96] [1, 1] : tensor<16x97xf32> to tensor<16x96xf32>
// CHECK:         %[[P0:.*]] = linalg.matmul ins(%{{.*}}, %[[B0]] : tensor<16x192xf32>, tensor<192x96xf32>) outs(%[[C0]] : tensor<16x96xf32>)
// CHECK:         %[[ACC1:.*]] = tensor.insert_slice %[[P0]] into %[[ACC]][0, 0] [16, 96] [1, 1]
// CHECK:         %[[B1:.*]] = tensor.extract_slice %{{.*}}[0, 96] [192, 1] [1, 1] : tensor<192x97xf32> to tensor<192x1xf32>
// CHECK:         %[[C1:.*]] = tensor.extract_slice %[[ACC1]][0, 96] [16, 1] [1, 1] : tensor<16x97xf32> to tensor<16x1xf32>
// CHECK:         %[[P1:.*]] = linalg.matmul ins(%{{.*}}, %[[B1]] : tensor<16x192xf32>, tensor<192x1xf32>) outs(%[[C1]] : tensor<16x1xf32>)
// CHECK:         tensor.insert_slice %[[P1]] into %[[ACC1]][0, 96] [16, 1] [1, 1]

// OFF:         0
// OFF-LABEL:   func.func @classifier
// OFF:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x192xf32>, tensor<192x97xf32>) outs(%{{.*}} : tensor<16x97xf32>)
// OFF-NOT:     tensor.extract_slice

func.func @classifier(%a: tensor<16x192xf32>, %b: tensor<192x97xf32>, %bias: tensor<97xf32>) -> tensor<16x97xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x97xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x97xf32>) -> tensor<16x97xf32>
  %c = linalg.matmul ins(%a, %b : tensor<16x192xf32>, tensor<192x97xf32>) outs(%acc : tensor<16x97xf32>) -> tensor<16x97xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<16x97xf32>, tensor<97xf32>) outs(%e : tensor<16x97xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<16x97xf32>
  return %r : tensor<16x97xf32>
}

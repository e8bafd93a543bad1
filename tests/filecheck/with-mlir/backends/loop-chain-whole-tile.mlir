// A recurrence's step on AVX-512 (16 lanes): the chain making the next state, 64 wide, is one
// tile of four vectors. With `elementwise.WHOLE_TILE_IN_LOOPS` (a loop body's chain) it is
// marked and tiled by its whole shape, so that it is vectorized; off, `vector_tile` refuses it
// (no loop to fuse into) and it ran as scalar loops. The state is written in place
// (`loop_results_in_place` first, as the backend runs it).
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.target import CpuTarget; from xfuse.backends.in_place.loop_results_in_place import loop_results_in_place; from xfuse.backends.schedules.elementwise import plan_elementwise, elementwise_bodies; m = parse(open(sys.argv[1]).read()); loop_results_in_place(m); t = plan_elementwise(m, CpuTarget('x86-64-v4', 512, 32, True)); print(m); print(elementwise_bodies(t)[0])" %s | filecheck %s
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.target import CpuTarget; from xfuse.backends.in_place.loop_results_in_place import loop_results_in_place; from xfuse.backends.schedules import elementwise; elementwise.WHOLE_TILE_IN_LOOPS = False; m = parse(open(sys.argv[1]).read()); loop_results_in_place(m); print(elementwise.plan_elementwise(m, CpuTarget('x86-64-v4', 512, 32, True))); print(m)" %s | filecheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @step
// CHECK:         scf.for {{.*}} iter_args(%[[STATE:.*]] = %{{.*}}) -> (tensor<1x64xf32>)
// CHECK:           linalg.matmul
// CHECK:           linalg.generic {{.*}} outs(%[[STATE]] : tensor<1x64xf32>) {{.*}}xfuse.microkernel_elementwise = 0 : i64
// CHECK:       // elementwise chain 0: tiles of [1, 64], producers fused, vectorized

// OFF:         []
// OFF-LABEL:   func.func @step
// OFF-NOT:     xfuse.microkernel_elementwise

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @step(%x: tensor<6x1x64xf32>, %h0: tensor<1x64xf32>, %w: tensor<64x64xf32>) -> tensor<1x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %h = scf.for %t = %c0 to %c6 step %c1 iter_args(%state = %h0) -> (tensor<1x64xf32>) {
    %e = tensor.empty() : tensor<1x64xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x64xf32>) -> tensor<1x64xf32>
    %m = linalg.matmul ins(%state, %w : tensor<1x64xf32>, tensor<64x64xf32>) outs(%f : tensor<1x64xf32>) -> tensor<1x64xf32>
    %in = tensor.extract_slice %x[%t, 0, 0] [1, 1, 64] [1, 1, 1] : tensor<6x1x64xf32> to tensor<1x64xf32>
    %n = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%m, %in, %state : tensor<1x64xf32>, tensor<1x64xf32>, tensor<1x64xf32>) outs(%e : tensor<1x64xf32>) {
    ^bb0(%a: f32, %b: f32, %s: f32, %o: f32):
      %sum = arith.addf %a, %b : f32
      %th = math.tanh %sum : f32
      %kept = arith.mulf %s, %half : f32
      %next = arith.addf %th, %kept : f32
      linalg.yield %next : f32
    } -> tensor<1x64xf32>
    scf.yield %n : tensor<1x64xf32>
  }
  return %h : tensor<1x64xf32>
}

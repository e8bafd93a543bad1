// A recurrence's output blend (xfuse/onnx/recurrent.py's loop form): per step, `y + onehot(t) * h`
// over `[T, batch, hidden]`, reading the `T x 1 x 1` onehot through `(d0, d1, 0)`, the same element
// across the innermost loop. With `elementwise.INVARIANT_READS` the elementwise schedule takes it
// (tiles of 1 x 1 x 32 on AVX-512, the onehot read as a broadcast); off, `_read_in_vectors` refuses
// that read and the blend is left to LLVM's loops (vectorized across the T rows with gathers).
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.target import CpuTarget; from xfuse.backends.schedules.elementwise import plan_elementwise, elementwise_bodies; m = parse(open(sys.argv[1]).read()); t = plan_elementwise(m, CpuTarget('x86-64-v4', 512, 32, True)); print(t); print(m); print(elementwise_bodies(t)[0])" %s | filecheck %s
// RUN: python -c "import sys; from xfuse.parsing import parse; from xfuse.backends.target import CpuTarget; from xfuse.backends.schedules import elementwise; elementwise.INVARIANT_READS = False; m = parse(open(sys.argv[1]).read()); print(elementwise.plan_elementwise(m, CpuTarget('x86-64-v4', 512, 32, True))); print(m)" %s | filecheck %s --check-prefix=OFF

// CHECK:       [(1, 1, 32)]
// CHECK-LABEL: func.func @blend
// CHECK:         scf.for
// CHECK:           linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]{{.*}}xfuse.microkernel_elementwise = 0 : i64
// CHECK:       // elementwise chain 0: tiles of [1, 1, 32], producers fused, vectorized

// OFF:         []
// OFF-LABEL:   func.func @blend
// OFF-NOT:     xfuse.microkernel_elementwise

func.func @blend(%onehots: tensor<16x16x1x1xf32>, %hs: tensor<16x1x1x96xf32>, %y0: tensor<16x1x96xf32>) -> tensor<16x1x96xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %y = scf.for %t = %c0 to %c16 step %c1 iter_args(%acc = %y0) -> (tensor<16x1x96xf32>) {
    %onehot = tensor.extract_slice %onehots[%t, 0, 0, 0] [1, 16, 1, 1] [1, 1, 1, 1] : tensor<16x16x1x1xf32> to tensor<16x1x1xf32>
    %h = tensor.extract_slice %hs[%t, 0, 0, 0] [1, 1, 1, 96] [1, 1, 1, 1] : tensor<16x1x1x96xf32> to tensor<1x1x96xf32>
    %n = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%onehot, %h : tensor<16x1x1xf32>, tensor<1x1x96xf32>) outs(%acc : tensor<16x1x96xf32>) {
    ^bb0(%o: f32, %v: f32, %a: f32):
      %p = arith.mulf %o, %v : f32
      %s = arith.addf %a, %p : f32
      linalg.yield %s : f32
    } -> tensor<16x1x96xf32>
    scf.yield %n : tensor<16x1x96xf32>
  }
  return %y : tensor<16x1x96xf32>
}

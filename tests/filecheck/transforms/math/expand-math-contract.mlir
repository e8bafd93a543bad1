// xfuse-expand-math's exp with math_approx.EXP_CONTRACT_REDUCTION: the range reduction
// (x log2 e + 1/2, x - n ln2 in two steps) and the final 1 + r + r^2 P(r) are marked `contract`
// too, so that LLVM makes them FMAs; off, only the Horner steps are.
// RUN: python -c "from xdsl.dialects.builtin import f32; from xfuse.transforms.math_approx import expansion_text; print(expansion_text('math.exp', f32, True))" | filecheck %s
// RUN: python -c "from xdsl.dialects.builtin import f32; from xfuse.transforms.math_approx import expansion_text; print(expansion_text('math.exp', f32, False))" | filecheck %s --check-prefix=OFF
// RUN: python -c "from xdsl.dialects.builtin import f32; from xfuse.transforms.math_approx import expansion_text; print(expansion_text('math.exp', f32, True))" | mlir-opt | filecheck %s --check-prefix=MLIR

// CHECK:       %[[X:.*]] = arith.minimumf
// CHECK:       %[[S:.*]] = arith.mulf %[[X]], %{{.*}} fastmath<contract> : f32
// CHECK:       arith.addf %[[S]], %{{.*}} fastmath<contract> : f32
// CHECK:       %[[N:.*]] = math.floor
// CHECK:       %[[H:.*]] = arith.mulf %[[N]], %{{.*}} fastmath<contract> : f32
// CHECK-NEXT:  %[[R1:.*]] = arith.subf %[[X]], %[[H]] fastmath<contract> : f32
// CHECK:       %[[L:.*]] = arith.mulf %[[N]], %{{.*}} fastmath<contract> : f32
// CHECK-NEXT:  %[[R:.*]] = arith.subf %[[R1]], %[[L]] fastmath<contract> : f32
// CHECK-NEXT:  %[[R2:.*]] = arith.mulf %[[R]], %[[R]] : f32
// CHECK:       %[[P:.*]] = arith.mulf %[[R2]], %{{.*}} fastmath<contract> : f32
// CHECK:       arith.addf %{{.*}}, %[[P]] fastmath<contract> : f32
// CHECK:       arith.fptosi

// OFF:         %[[X:.*]] = arith.minimumf
// OFF:         %[[S:.*]] = arith.mulf %[[X]], %{{.*}} : f32
// OFF-NEXT:    arith.constant 0.5 : f32
// OFF-NEXT:    arith.addf %[[S]], %{{.*}} : f32
// OFF:         math.floor
// OFF-NOT:     arith.subf {{.*}}fastmath
// OFF:         %[[R2:.*]] = arith.mulf %[[R:.*]], %[[R]] : f32
// OFF:         %[[P:.*]] = arith.mulf %[[R2]], %{{.*}} : f32
// OFF-NEXT:    arith.constant 1.0 : f32
// OFF-NEXT:    arith.addf %{{.*}}, %{{.*}} : f32
// OFF-NEXT:    arith.addf %{{.*}}, %[[P]] : f32
// OFF:         arith.fptosi

// MLIR:        func.func @expansion
// MLIR:        arith.subf {{.*}} fastmath<contract>

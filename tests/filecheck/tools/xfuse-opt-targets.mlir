// -t llvm and -t x86-asm lower the module with mlir-opt 22 (the backend's pipelines) instead of
// ending in a traceback; xDSL's other assembly targets give a clear error on tensor code.
// RUN: xfuse-opt %s -t llvm | filecheck %s --check-prefix=LLVM
// RUN: xfuse-opt %s -t 'llvm{pipeline=vectorize}' | filecheck %s --check-prefix=LLVM
// RUN: xfuse-opt %s -t x86-asm | filecheck %s --check-prefix=ASM
// RUN: not xfuse-opt %s -t arm-asm 2>&1 | filecheck %s --check-prefix=ARM
// RUN: not xfuse-opt %s -t 'llvm{pipeline=nope}' 2>&1 | filecheck %s --check-prefix=PIPELINE

func.func @add(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.add ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// LLVM: define {{.*}} @add(
// LLVM: fadd
// ASM: add:
// ASM: add{{s|p}}s
// ARM: xfuse-opt: error: target 'arm-asm' cannot print this module (xDSL's assembly targets
// ARM-NOT: Traceback
// PIPELINE: xfuse-opt: error: unknown pipeline 'nope'
// PIPELINE-NOT: Traceback

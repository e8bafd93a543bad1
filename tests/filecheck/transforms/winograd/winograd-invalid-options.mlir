// Wrong options of xfuse-winograd are refused when the pipeline is parsed: a located
// diagnostic at the option, a non-zero exit, no traceback.
// RUN: not xfuse-opt %s -p 'xfuse-winograd{threads=0}' 2>&1 | filecheck %s --check-prefix=THREADS
// RUN: not xfuse-opt %s -p 'xfuse-winograd{bounded=maybe}' 2>&1 | filecheck %s --check-prefix=BOUNDED

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// THREADS: xfuse-opt: error: invalid pass pipeline 'xfuse-winograd{threads=0}': xfuse-winograd option threads: threads must be at least 1, got 0
// THREADS-NEXT: {{^}}  xfuse-winograd{threads=0}
// THREADS-NEXT: {{^}}                 ^
// THREADS-NOT: Traceback

// BOUNDED: xfuse-opt: error: invalid pass pipeline 'xfuse-winograd{bounded=maybe}': xfuse-winograd option bounded:
// BOUNDED-NOT: Traceback

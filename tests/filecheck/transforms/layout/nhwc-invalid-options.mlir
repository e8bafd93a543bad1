// Wrong options of xfuse-nhwc are refused when the pipeline is parsed: a located diagnostic at
// the option, a non-zero exit, no traceback.
// RUN: not xfuse-opt %s -p 'xfuse-nhwc{permute-weights=maybe}' 2>&1 | filecheck %s
// RUN: not xfuse-opt %s -p 'xfuse-nhwc{bogus=1}' 2>&1 | filecheck %s --check-prefix=UNKNOWN

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// CHECK: xfuse-opt: error: invalid pass pipeline 'xfuse-nhwc{permute-weights=maybe}': xfuse-nhwc option permute-weights:
// CHECK-NEXT: {{^}}  xfuse-nhwc{permute-weights=maybe}
// CHECK-NEXT: {{^}}             ^
// CHECK-NOT: Traceback

// UNKNOWN: xfuse-opt: error: invalid pass pipeline 'xfuse-nhwc{bogus=1}': xfuse-nhwc option bogus:
// UNKNOWN-NOT: Traceback

// Bad input ends with a located diagnostic and exit 1, never a traceback.
// RUN: not xfuse-opt %s 2>&1 | filecheck %s --check-prefix=PARSE
// RUN: not xfuse-opt %s -p no-such-pass 2>&1 | filecheck %s --check-prefix=PASS
// RUN: not xfuse-opt %s -p 'canonicalize{bogus=1}' 2>&1 | filecheck %s --check-prefix=OPTION

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "foo.bar"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// PARSE: xfuse-opt: error: {{.*}}xfuse-opt-errors.mlir:7:17
// PARSE: Operation foo.bar is not registered
// PARSE-NOT: Traceback
// PASS: xfuse-opt: error: invalid pass pipeline 'no-such-pass': Unrecognized passes: ['no-such-pass']
// PASS-NOT: Traceback
// OPTION: xfuse-opt: error: {{.*}}bogus
// OPTION-NOT: Traceback

// A syntax error in the pipeline is reported, not raised (xDSL's ArgSpecParseError is a BaseException).
// RUN: not xfuse-opt %s -p 'canonicalize{' 2>&1 | filecheck %s --check-prefix=SYNTAX
// SYNTAX: xfuse-opt: error: invalid pass pipeline 'canonicalize{': Error parsing pass pipeline specification:
// SYNTAX: Expected argument name here
// SYNTAX-NOT: Traceback

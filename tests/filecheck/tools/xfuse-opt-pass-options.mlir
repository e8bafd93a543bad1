// Pass options are checked when the pipeline is parsed, and the error points at the option.
// RUN: not xfuse-opt %s -p 'cse,xfuse-tile{tile-sizes=4 loop=while}' 2>&1 | filecheck %s --check-prefix=LITERAL
// RUN: not xfuse-opt %s -p 'canonicalize{bogus=1}' 2>&1 | filecheck %s --check-prefix=UNKNOWN
// An error about the whole module (an implicit one) points at the start of the file.
// RUN: not xfuse-opt %S/Inputs/no-marked-op.mlir -p xfuse-tile 2>&1 | filecheck %s --check-prefix=MODULE

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// LITERAL: xfuse-opt: error: invalid pass pipeline 'cse,xfuse-tile{tile-sizes=4 loop=while}': xfuse-tile option loop: expected one of 'for', 'forall', got 'while'
// LITERAL-NEXT: {{^}}  cse,xfuse-tile{tile-sizes=4 loop=while}
// LITERAL-NEXT: {{^}}                              ^
// LITERAL-NOT: Traceback

// UNKNOWN: xfuse-opt: error: invalid pass pipeline 'canonicalize{bogus=1}': canonicalize option bogus:
// UNKNOWN-NEXT: {{^}}  canonicalize{bogus=1}
// UNKNOWN-NEXT: {{^}}               ^

// MODULE: no-marked-op.mlir:1:1: error: xfuse-tile: no op carries the 'xfuse.tile_sizes' attribute
// MODULE-NOT: note:
// MODULE-NOT: <unknown>

// xfuse-diffusion's options too, before any IR is touched.
// RUN: not xfuse-opt %s -p 'xfuse-diffusion{root-loop=while}' 2>&1 | filecheck %s --check-prefix=ROOTLOOP
// RUN: not xfuse-opt %s -p 'xfuse-diffusion{remarks=true cost-model=fastest}' 2>&1 | filecheck %s --check-prefix=COST
// ROOTLOOP: xfuse-opt: error: invalid pass pipeline 'xfuse-diffusion{root-loop=while}': xfuse-diffusion option root-loop: expected one of 'for', 'forall', got 'while'
// ROOTLOOP-NEXT: {{^}}  xfuse-diffusion{root-loop=while}
// ROOTLOOP-NEXT: {{^}}                  ^
// COST: xfuse-diffusion option cost-model: unknown cost model 'fastest' (registered: cache-fit, no-recompute, smallest)
// COST-NEXT: {{^}}  xfuse-diffusion{remarks=true cost-model=fastest}
// COST-NEXT: {{^}}                               ^

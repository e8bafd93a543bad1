// xfuse-diffusion{remarks=true}: a remark for every op considered: where it was fused (and at
// which candidate), or each refusal verbatim, or why diffusion stopped there.
// RUN: xfuse-opt %S/Inputs/diffusion/mlp.mlir -p 'xfuse-diffusion{remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=MLP
// RUN: xfuse-opt %S/Inputs/diffusion/reduction.mlir -p 'xfuse-diffusion{remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=RED
// RUN: xfuse-opt %S/Inputs/diffusion/negatives.mlir -p 'xfuse-diffusion{remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=NEG
// RUN: xfuse-opt %S/Inputs/diffusion/two-contractions.mlir -p 'xfuse-diffusion{remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=MM2
// RUN: xfuse-opt %S/Inputs/diffusion/fill-inside.mlir -p 'xfuse-diffusion{remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=FILL
// The cache-fit cost model with a 4 KiB cache: no tile fits, nothing is fused, each op says so.
// RUN: xfuse-opt %S/Inputs/diffusion/mlp.mlir -p 'xfuse-diffusion{cost-model=cache-fit cache-sizes=4096 remarks=true}' 2>&1 | filecheck %s --check-prefix=CACHE
// Without remarks=true, nothing on stderr.
// RUN: xfuse-opt %S/Inputs/diffusion/mlp.mlir -p xfuse-diffusion -o /dev/null 2>&1 | filecheck %s --check-prefix=QUIET --allow-empty
// Nothing to start from: a warning, the IR unchanged (exit 0). Errors: an unknown cost model,
// cache-fit without cache sizes.
// RUN: xfuse-opt %S/Inputs/diffusion/unfused.mlir -p xfuse-diffusion 2>&1 | filecheck %s --check-prefix=NOSEED
// RUN: not xfuse-opt %S/Inputs/diffusion/mlp.mlir -p 'xfuse-diffusion{cost-model=fastest}' 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not xfuse-opt %S/Inputs/diffusion/mlp.mlir -p 'xfuse-diffusion{cost-model=cache-fit}' 2>&1 | filecheck %s --check-prefix=NOCACHE

// MLP: mlp.mlir:15:3: remark: diffusion: fused 'linalg.unpack' (producer of operand #1 of 'linalg.matmul') at the 'tensor.extract_slice' at {{.*}}mlp.mlir:26:9 (tile 16x32, in 'scf.for' at {{.*}}mlp.mlir:24:7, candidate 1 of 2, inner to outer)
// MLP: mlp.mlir:17:3: remark: diffusion: 'linalg.fill' (producer of operand #2 of 'linalg.matmul') not fused at the 'tensor.extract_slice' at {{.*}}mlp.mlir:27:9 (tile 16x32, in 'scf.for' at {{.*}}mlp.mlir:24:7, candidate 1 of 3, inner to outer): cannot fuse the producer of 'tensor.extract_slice': 'linalg.fill' is the destination of 'scf.for' at {{.*}}mlp.mlir:24:7, which tiles reduction dimension d2 of 'linalg.matmul'
// MLP: mlp.mlir:17:3: remark: diffusion: fused 'linalg.fill' (producer of operand #2 of 'linalg.matmul') at the 'tensor.extract_slice' at {{.*}}mlp.mlir:23:7 (tile 16x32, in 'scf.for' at {{.*}}mlp.mlir:22:5, candidate 2 of 3, inner to outer)
// MLP: mlp.mlir:42:3: remark: diffusion: 'linalg.add' (consumer of result #0 of 'linalg.matmul') not fused at the 'tensor.insert_slice' at {{.*}}mlp.mlir:29:9 {{.*}}: cannot fuse consumer 'linalg.add' into the loop nest: operand #0 is written by an scf.for at the same offsets on every iteration (an accumulation)
// MLP: mlp.mlir:42:3: remark: diffusion: fused 'linalg.add' (consumer of result #0 of 'linalg.matmul') at the 'tensor.insert_slice' at {{.*}}mlp.mlir:32:7 (tile 16x32, in 'scf.for' at {{.*}}mlp.mlir:22:5, candidate 2 of 3
// MLP: mlp.mlir:13:3: remark: diffusion: fused 'linalg.pack' (producer of operand #0 of 'linalg.unpack')
// MLP: mlp.mlir:40:3: remark: diffusion: fused 'linalg.broadcast' (producer of operand #1 of 'linalg.add')
// MLP: mlp.mlir:44:3: remark: diffusion: fused 'linalg.generic' (consumer of result #0 of 'linalg.add')

// RED: reduction.mlir:31:3: remark: diffusion: 'linalg.generic' {{.*}} not fused {{.*}}candidate 1 of 3{{.*}}: cannot fuse consumer 'linalg.generic' into the loop nest: operand #0 is written by an scf.for at the same offsets on every iteration (an accumulation)
// RED: reduction.mlir:31:3: remark: diffusion: 'linalg.generic' {{.*}} not fused {{.*}}candidate 2 of 3{{.*}}: cannot fuse consumer 'linalg.generic' into the loop nest: the tile of operand #0 cuts reduction loop d1 (offset %j size 8 of 16)
// RED: reduction.mlir:31:3: remark: diffusion: fused 'linalg.generic' {{.*}} at the 'tensor.parallel_insert_slice' {{.*}} (tile 8x16, in 'scf.forall' {{.*}} candidate 3 of 3
// RED: reduction.mlir:30:3: remark: diffusion: fused 'linalg.fill' (producer of operand #1 of 'linalg.generic')

// NEG: negatives.mlir:7:3: remark: diffusion: 'linalg.exp' {{.*}} not fused {{.*}}: cannot fuse the producer of 'tensor.extract_slice': the slice has non-unit strides
// NEG: negatives.mlir:7:3: remark: diffusion: 'linalg.exp' (producer of operand #0 of 'linalg.matmul') not fused: all 1 candidate(s) were refused
// NEG: negatives.mlir:19:3: remark: diffusion: 'linalg.generic' {{.*}} not fused {{.*}}: cannot fuse consumer 'linalg.generic' into the loop nest: the tiles of operands #0 and #1 map loop d1 to different (or not provably equal) ranges: offset %j size 8 vs offset %i size 8
// NEG: negatives.mlir:26:3: remark: diffusion: 'linalg.add' {{.*}} not fused {{.*}}: cannot fuse consumer 'linalg.add' into the loop nest: its destination operand (result #0) is result #0 of the loop nest itself

// MM2: two-contractions.mlir:15:3: remark: diffusion: fused 'linalg.exp' (consumer of result #0 of 'linalg.matmul')
// MM2: two-contractions.mlir:16:3: remark: diffusion: 'scf.forall' (consumer of result #0 of 'linalg.exp') is another loop nest reading it inside: diffusion stops there
// MM2: two-contractions.mlir:5:3: remark: diffusion: 'scf.forall' (producer of operand #0 of 'linalg.matmul') is another loop nest: diffusion stops there

// FILL: fill-inside.mlir:10:5: remark: diffusion: 'linalg.fill' (producer of operand #2 of 'linalg.matmul') is already inside the loop nest: diffusing from it instead
// FILL: fill-inside.mlir:22:3: remark: diffusion: fused 'linalg.exp'

// CACHE: remark: diffusion: 'linalg.unpack' (producer of operand #1 of 'linalg.matmul') not fused: the cost model chose none of the 2 remaining candidate(s) (16x32, 64x64)
// CACHE: remark: diffusion: 'linalg.add' (consumer of result #0 of 'linalg.matmul') not fused: the cost model chose none of the 3 remaining candidate(s) (16x32, 16x32, 16x64)
// CACHE: %w = linalg.unpack

// QUIET-NOT: remark

// NOSEED: warning: xfuse-diffusion: no contraction inside a loop nest to diffuse from; tile one first (xfuse-tile) or give root-tile-sizes=...
// NOSEED: %mm = linalg.matmul
// Option values are checked when the pipeline is parsed (before any IR is read or changed).
// UNKNOWN: xfuse-opt: error: invalid pass pipeline 'xfuse-diffusion{cost-model=fastest}': xfuse-diffusion option cost-model: unknown cost model 'fastest' (registered: cache-fit, no-recompute, smallest)
// NOCACHE: xfuse-opt: error: invalid pass pipeline 'xfuse-diffusion{cost-model=cache-fit}': xfuse-diffusion option cost-model: the 'cache-fit' cost model needs cache sizes (cache-sizes=32768,1048576)
// RUN: not xfuse-opt %S/Inputs/diffusion/mlp.mlir -p 'xfuse-diffusion{seeds=everything}' 2>&1 | filecheck %s --check-prefix=BADSEEDS
// BADSEEDS: xfuse-opt: error: invalid pass pipeline 'xfuse-diffusion{seeds=everything}': xfuse-diffusion option seeds: expected one of 'contractions', 'marked', 'all-in-loops', got 'everything'
// BADSEEDS-NOT: Traceback
// RUN: not xfuse-opt %S/Inputs/diffusion/mlp.mlir -p 'xfuse-diffusion{root-loop=while}' 2>&1 | filecheck %s --check-prefix=BADLOOP
// BADLOOP: xfuse-opt: error: invalid pass pipeline 'xfuse-diffusion{root-loop=while}': xfuse-diffusion option root-loop: expected one of 'for', 'forall', got 'while'

// Seeds chosen on the command line (seeds=contractions|marked|all-in-loops, seed-marker=NAME):
// each seed's remark says why it is one. A nest without a contraction: no seed by default;
// every op in a loop nest, or the marked exp, seeds the diffusion of the broadcast, add, relu.
// RUN: xfuse-opt %S/Inputs/diffusion/no-contraction.mlir -p 'xfuse-diffusion{remarks=true}' 2>&1 | filecheck %s --check-prefix=SEEDS-NONE
// RUN: xfuse-opt %S/Inputs/diffusion/no-contraction.mlir -p 'xfuse-diffusion{seeds=all-in-loops remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=SEEDS-ALL
// RUN: xfuse-opt %S/Inputs/diffusion/no-contraction.mlir -p 'xfuse-diffusion{seeds=marked remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=SEEDS-MARKED
// RUN: xfuse-opt %S/Inputs/diffusion/no-contraction.mlir -p 'xfuse-diffusion{seeds=marked seed-marker="my.seed"}' 2>&1 | filecheck %s --check-prefix=SEEDS-OTHER-MARKER
// RUN: xfuse-opt %S/Inputs/diffusion/mlp.mlir -p 'xfuse-diffusion{remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=SEEDS-DEFAULT
// SEEDS-NONE: warning: xfuse-diffusion: no contraction inside a loop nest to diffuse from; tile one first (xfuse-tile) or give root-tile-sizes=..., or choose other seeds (seeds=marked|all-in-loops)
// SEEDS-NONE: %s = linalg.add
// SEEDS-ALL: no-contraction.mlir:11:5: remark: diffusion: seed #1 'linalg.exp': it has a tiling model and is inside a loop nest (seeds=all-in-loops)
// SEEDS-ALL: no-contraction.mlir:17:3: remark: diffusion: fused 'linalg.add' (consumer of result #0 of 'linalg.exp')
// SEEDS-ALL: no-contraction.mlir:6:3: remark: diffusion: fused 'linalg.broadcast' (producer of operand #1 of 'linalg.add')
// SEEDS-ALL: no-contraction.mlir:19:3: remark: diffusion: fused 'linalg.generic' (consumer of result #0 of 'linalg.add')
// SEEDS-MARKED: no-contraction.mlir:11:5: remark: diffusion: seed #1 'linalg.exp': it carries the marker 'xfuse.diffusion_seed' (seeds=marked)
// SEEDS-MARKED: remark: diffusion: fused 'linalg.generic' (consumer of result #0 of 'linalg.add')
// SEEDS-OTHER-MARKER: warning: xfuse-diffusion: no op carries the marker 'my.seed' (seeds=marked)
// SEEDS-DEFAULT: mlp.mlir:{{.*}}: remark: diffusion: seed #1 'linalg.matmul': it is a contraction inside a loop nest (seeds=contractions)

// root-loop=for: xfuse-tile's scf.for nest (the outer loop yields the inner loop's result);
// the add, broadcast and relu are fused through it, each with its remark.
// RUN: xfuse-opt %S/../../../examples/mlp.mlir -p 'xfuse-diffusion{root-tile-sizes=16,32 root-loop=for remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=FOR
// FOR: mlp.mlir:9:3: remark: diffusion: seed #1 'linalg.matmul': it is a contraction inside a loop nest (seeds=contractions)
// FOR: mlp.mlir:8:3: remark: diffusion: fused 'linalg.fill' (producer of operand #2 of 'linalg.matmul')
// FOR: mlp.mlir:15:3: remark: diffusion: fused 'linalg.add' (consumer of result #0 of 'linalg.matmul') at the 'tensor.insert_slice' {{.*}} (tile 16x32, in 'scf.for'
// FOR: mlp.mlir:12:3: remark: diffusion: fused 'linalg.broadcast' (producer of operand #1 of 'linalg.add')
// FOR: mlp.mlir:18:3: remark: diffusion: fused 'linalg.generic' (consumer of result #0 of 'linalg.add')
// With K tiled too, the innermost level accumulates and the others pass the whole tensor: the
// add is refused with the reason (as upstream, which fuses no consumer there either).
// RUN: xfuse-opt %S/../../../examples/mlp.mlir -p 'xfuse-diffusion{root-tile-sizes=16,32,64 root-loop=for remarks=true}' -o /dev/null 2>&1 | filecheck %s --check-prefix=FOR-K
// FOR-K: mlp.mlir:15:3: remark: diffusion: 'linalg.add' (consumer of result #0 of 'linalg.matmul') not fused at the 'tensor.insert_slice' {{.*}}: cannot fuse consumer 'linalg.add' into the loop nest: operand #0 is written by an scf.for at the same offsets on every iteration (an accumulation)
// FOR-K: mlp.mlir:15:3: remark: diffusion: 'linalg.add' (consumer of result #0 of 'linalg.matmul') not fused: all 1 candidate(s) were refused

// Remarks as data: remarks-file writes a JSON list of {kind, op, location, message} records
// (`-`: stdout), for tables and notebooks; an unwritable path is an error, not a traceback.
// RUN: xfuse-opt %S/Inputs/diffusion/mlp.mlir -p 'xfuse-diffusion{remarks-file=-}' -o /dev/null | filecheck %s --check-prefix=JSON
// RUN: not xfuse-opt %S/Inputs/diffusion/mlp.mlir -p 'xfuse-diffusion{remarks-file="/nonexistent/dir/r.json"}' -o /dev/null 2>&1 | filecheck %s --check-prefix=JSONERR
// JSON:      [
// JSON-NEXT:  {
// JSON-NEXT:   "kind": "seed",
// JSON-NEXT:   "op": "linalg.matmul",
// JSON-NEXT:   "location": "{{.*}}mlp.mlir:28:9",
// JSON:        "kind": "fused",
// JSON-NEXT:   "op": "linalg.unpack",
// JSON:      ]
// JSONERR: error: xfuse-diffusion: cannot write remarks-file '/nonexistent/dir/r.json': No such file or directory
// JSONERR-NOT: Traceback

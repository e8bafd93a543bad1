"""The transform-dialect libraries the pipelines preload into mlir-opt's `-transform-interpreter`
(`transform_script`): what MLIR 22 offers only as transform ops, not as passes (lowering
pack/unpack, decomposing softmax and concat, vectorizing matmuls, outlining loop nests), each with
the reason a pipeline needs it. A library is a separate file, so the payload module stays free of
transform IR. Which pipeline runs which is `xfuse.backends.pipelines`' business.
"""

from __future__ import annotations

__all__ = [
    "AFTER_BUFFERIZE_ENTRY",
    "AGGREGATE_DECOMPOSITION",
    "DECOMPOSE_CONCAT",
    "LOWER_FUSED_REDUCTIONS",
    "OUTLINED_LOOP_NAME",
    "OUTLINE_ENTRY",
    "OUTLINE_LOOPS",
    "PACK_LOWERING",
    "PACK_OPS",
    "VECTORIZE_MATMUL",
    "transform_script",
]


PACK_LOWERING = """\
    %packs = transform.structured.match ops{["linalg.pack"]} in %root
      : (!transform.any_op) -> !transform.op<"linalg.pack">
    transform.structured.lower_pack %packs : (!transform.op<"linalg.pack">)
      -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
    %unpacks = transform.structured.match ops{["linalg.unpack"]} in %root
      : (!transform.any_op) -> !transform.op<"linalg.unpack">
    transform.structured.lower_unpack %unpacks : (!transform.op<"linalg.unpack">)
      -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
"""
"""Transform ops: lower_pack/lower_unpack on every linalg.pack/unpack (LLVM 22 cannot bufferize them)."""

PACK_OPS = ("linalg.pack", "linalg.unpack")

AGGREGATE_DECOMPOSITION = """\
    %softmaxes = transform.structured.match ops{["linalg.softmax"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %softmax_parts = transform.structured.decompose_interface %softmaxes : (!transform.any_op) -> !transform.any_op
    %winograds = transform.structured.match ops{["linalg.winograd_filter_transform",
        "linalg.winograd_input_transform", "linalg.winograd_output_transform"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %winograd_parts = transform.structured.decompose_winograd_op %winograds : (!transform.any_op) -> !transform.any_op
"""
"""Transform ops: linalg.softmax and the Winograd transforms decomposed into generic/fill/reduce
and tensor ops (LLVM 22 has no other lowering for them; on tensors only)."""


VECTORIZE_MATMUL = """\
    %matmuls = transform.structured.match ops{["linalg.matmul"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %tiled, %loops:3 = transform.structured.tile_using_for %matmuls tile_sizes [8, 32, 1]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %tiled vector_sizes [8, 32, 1] : !transform.any_op
    %funcs = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %funcs {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = outerproduct
      transform.apply_patterns.vector.lower_outerproduct
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.lower_masked_transfers
      transform.apply_patterns.canonicalization
    } : !transform.any_op
"""
"""Transform ops: tile every linalg.matmul 8x32x1 and vectorize the tiles (masked: any shape)."""


DECOMPOSE_CONCAT = """\
    %concat_funcs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %concat_funcs {
      transform.apply_patterns.tensor.decompose_concat
    } : !transform.any_op
"""
"""Transform ops: every `tensor.concat` as a `tensor.empty` and one `insert_slice` per input, so
that `eliminate-empty-tensors` can make each input's producer write into its slice (one-shot-
bufferize copies a concat's inputs with `memref.copy`, which lowers to an element-by-element
runtime call when the slices are strided, as channel concats in NHWC are)."""

LOWER_FUSED_REDUCTIONS = """\
    %reduction_funcs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %reduction_funcs {
      transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerreduction"
    } : !transform.any_op
"""
"""Transform ops, after every schedule: the `vector.multi_reduction`s left in any function lowered
to `vector.reduction`s (reduced dimensions moved innermost first). A schedule that fuses producers
greedily (`transform.structured.fuse`) and vectorizes every linalg op of its tiles may take a
reduction along, e.g. a row maximum broadcast into a matmul's A operand (random program 1284);
its `multi_reduction` then reached the LLVM dialect unlowered and `mlir-translate` failed
("dialect 'vector' is unknown"). The row schedule lowers its own (schedules/rows.py)."""


AFTER_BUFFERIZE_ENTRY = "xfuse_after_bufferize"
"""The named sequence of the transform library run after one-shot-bufferize (`after_bufferize_bodies`)."""


OUTLINE_ENTRY = "xfuse_outline_loops"
"""The named sequence of the transform library that outlines the top-level loop nests (`outline_loops`)."""

OUTLINED_LOOP_NAME = "xfuse_loop"
"""Name of the outlined loop functions; the symbol table makes each unique (`xfuse_loop_0`, ...)."""

OUTLINE_LOOPS = f"""\
  transform.named_sequence @xfuse_top_level_loop(%op: !transform.any_op {{transform.readonly}}) -> !transform.any_op {{
    transform.match.operation_name %op ["scf.for", "scf.forall", "scf.parallel", "scf.while"] : !transform.any_op
    %parent = transform.get_parent_op %op : (!transform.any_op) -> !transform.any_op
    transform.match.operation_name %parent ["func.func"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }}
  transform.named_sequence @xfuse_yield_loop(%op: !transform.any_op {{transform.readonly}}) -> !transform.any_op {{
    transform.yield %op : !transform.any_op
  }}
  transform.named_sequence @{OUTLINE_ENTRY}(%root: !transform.any_op {{transform.readonly}}) {{
    %funcs = transform.structured.match ops{{["func.func"]}} in %root : (!transform.any_op) -> !transform.any_op
    %unchanged, %loops = transform.foreach_match in %funcs @xfuse_top_level_loop -> @xfuse_yield_loop
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %outlined, %calls = transform.loop.outline %loops {{func_name = "{OUTLINED_LOOP_NAME}"}}
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %noinline = transform.param.constant ["noinline"] -> !transform.any_param
    transform.annotate %outlined "passthrough" = %noinline : !transform.any_op, !transform.any_param
    %internal = transform.param.constant #llvm.linkage<internal> -> !transform.any_param
    transform.annotate %outlined "llvm.linkage" = %internal : !transform.any_op, !transform.any_param
    %private = transform.param.constant "private" -> !transform.any_param
    transform.annotate %outlined "sym_visibility" = %private : !transform.any_op, !transform.any_param
    %callers = transform.get_parent_op %calls {{deduplicate, op_name = "func.func"}} : (!transform.any_op) -> !transform.any_op
    %straight = transform.param.constant ["noinline", "optnone"] -> !transform.any_param
    transform.annotate %callers "passthrough" = %straight : !transform.any_op, !transform.any_param
    transform.yield
  }}
"""
"""Transform library entries: every loop nest directly in a function body outlined into a
function of its own. It runs after deallocation (only memrefs cross the calls; outlining on
tensors, before one-shot-bufferize, makes the deallocation pipeline emit runtime alias checks that
finalize-memref-to-llvm 22 asserts on) and before expand-strided-metadata (a static memref type
carries its strides into the callee; after it, the strides would be arguments that `llvm-split`
hides from interprocedural constant propagation). `transform.loop.outline` clones index
constants into the callee; the functions are private, and `sccp` right after the step puts the
other constants back (`CONSTANTS_INTO_OUTLINED`). `passthrough = ["noinline"]` keeps LLVM's
inliner from merging the function back (each is called once), internal linkage keeps it out of
the shared object's exports. All loops go to one `transform.loop.outline`: it makes names unique
within one application only (`xfuse_loop`, `xfuse_loop_0`, ...).

The functions the loops came from are left with straight-line code: allocations, frees, memref
descriptors and the calls, one basic block of thousands of instructions in a network's entry
(ShuffleNet's: 10,000 lines of LLVM IR, 170 calls). `llc -O3`'s instruction selection on one
block that large took 1.5 s, the longest part of the parallel LLVM build; they are marked
`optnone` (and `noinline`, which LLVM requires with it), so `opt` skips them and `llc` selects
them quickly (0.6 s). That code runs once per call and costs microseconds either way."""


def _named_sequence(name: str, bodies: list[str] | tuple[str, ...]) -> str:
    return (f"  transform.named_sequence @{name}(%root: !transform.any_op {{transform.readonly}}) {{\n"
            + "".join(bodies) + "    transform.yield\n  }\n")


def transform_script(bodies: list[str], after_bufferize: list[str] | tuple[str, ...] = (),
                     outline_loops: bool = False, omp_schedule: str | None = None) -> str:
    """A transform library whose `__transform_main` runs `bodies` (transform ops on `%root`) in
    order, an op the vectorizer refuses kept as loops and reported (`vectorize_fallback.py`);
    when given, `@xfuse_after_bufferize` runs `after_bufferize`; with `outline_loops`, it
    holds `OUTLINE_LOOPS` (entry `OUTLINE_ENTRY`); with `omp_schedule`, the sequence giving the
    worksharing loops that schedule (xfuse/backends/parallel/omp_schedule.py)."""
    from xfuse.backends.lowering_fixes.vectorize_fallback import REPORT_KEPT_LOOPS, vectorizes, with_loop_fallback
    from xfuse.backends.parallel.omp_schedule import omp_schedule_sequence

    main = [with_loop_fallback(body) for body in bodies]
    if any(vectorizes(body) for body in bodies):
        main.append(REPORT_KEPT_LOOPS)
    return (
        "module attributes {transform.with_named_sequence} {\n"
        + _named_sequence("__transform_main", main)
        + (_named_sequence(AFTER_BUFFERIZE_ENTRY, after_bufferize) if after_bufferize else "")
        + (OUTLINE_LOOPS if outline_loops else "")
        + (omp_schedule_sequence(omp_schedule) if omp_schedule else "")
        + "}\n"
    )

"""Named lowering pipelines: the mlir-opt passes (and LLVM levels) that turn xfuse's output into code.

A `Pipeline` is a list of `Step`s, each an mlir-opt pass (or a small group of passes) with the
reason it is there, plus the optimisation levels for LLVM's `opt` and `llc`. `spec()` renders the
`--pass-pipeline=builtin.module(...)` string that the runner hands to mlir-opt, and that error
messages quote so the user can rerun it.

Pipelines, by name (`PIPELINES`, `get_pipeline`):

- `microkernel` (tensor input; what `compile_module` and `xfuse-run` use for tensor code unless
  told otherwise): `default` preceded by a micro-kernel schedule that xfuse generates for the
  module and the host CPU (xfuse/backends/schedules/matmul.py: each contraction tile register-tiled,
  vectorized to `vector.fma` with its fused bias/activation on the register tile; NHWC and
  depthwise convolutions likewise, xfuse/backends/schedules/conv.py), and `opt`/`llc` told the host
  CPU and triple (`-mcpu`, `-mtriple`, xfuse/backends/target.py) so they use its vector width.
- `microkernel-openmp` (tensor input): `microkernel` with every `scf.forall` run in parallel by
  LLVM's OpenMP runtime (`libomp.so` of the `cmeel-libomp` wheel, a dependency of xfuse); what
  `threads=N` > 1 compiles with (`with_threads`: a `num_threads` clause of N on every region).
  There is no pipeline on MLIR's async runtime: `async-parallel-for` of MLIR 22 runs some
  iterations of a multi-dimensional `scf.parallel` several times (docs/backend.md).
- `default` (tensor input; the reference lowering the others are tested against): lower
  linalg.pack/unpack (only when present), elementwise tensor arith/math to linalg,
  one-shot-bufferize at the function boundary, ownership-based deallocation (each buffer then freed
  right after its last use: the per-call arena reuses its memory), linalg to loops, loops/memrefs/arith/... to LLVM; then `opt -O3`, `llc -O3`.
- `memref` (input already bufferized, e.g. by xfuse-bufferize): the same without bufferization
  and without deallocation insertion (the input owns its allocations).
- `xfuse-bufferize` (tensor input): xfuse's own `xfuse-bufferize` pass runs first, in Python, on the
  module (after the runner marked tensor arguments non-writable); mlir-opt then lowers the memref
  module as `memref` does. No deallocation pass runs: xfuse-bufferize frees the temporaries it
  allocates itself, and ownership-based deallocation would reject a module that already
  deallocates. Buffers it returns are owned by the caller (the runner frees them).
- `vectorize` (tensor input, for benchmarks of matmul-like code): like `default`, but
  contractions are tiled and vectorized by the transform dialect before bufferizing, so the inner
  loop is a vector FMA instead of a scalar reduction LLVM may not reassociate.

`with_runtime_checks(pipeline)` adds MLIR's `generate-runtime-verification` to any of them
(`xfuse-run --runtime-checks`): an access out of bounds at run time then aborts naming the op.

linalg.pack/unpack have no bufferization model in LLVM 22: when the module holds one, the tensor
pipelines first run `transform.structured.lower_pack` / `lower_unpack` (pad + expand_shape +
transpose, and the reverse) through `-transform-interpreter`, with the transform script preloaded
from a separate file (xfuse/backends/transform_scripts.py: `transform_script` with
`PACK_LOWERING`), so that the payload module stays free of transform IR and nothing has to erase
it afterwards.

`linalg.softmax` and the Winograd transforms (xfuse/dialects/linalg_aggregate.py) are likewise
decomposed by the tensor pipelines (`AGGREGATE_DECOMPOSITION`: `decompose_interface`,
`decompose_winograd_op`) before bufferization; MLIR 22 cannot decompose a softmax on memrefs
(mlir-opt crashes), so the memref pipelines refuse modules holding one (`runner.py`).

Every pipeline ends in the LLVM dialect; the runner then runs `mlir-translate --mlir-to-llvmir`,
`opt` (LLVM's mid-level optimizer: what vectorizes simple loops), `llc -relocation-model=pic
-filetype=obj` and `cc -shared`. `describe()` lists a pipeline step by step with reasons.
"""

from __future__ import annotations

import os

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from xfuse.backends.transform_scripts import (
    AFTER_BUFFERIZE_ENTRY,
    DECOMPOSE_CONCAT,
    LOWER_FUSED_REDUCTIONS,
    OUTLINE_ENTRY,
    VECTORIZE_MATMUL,
)

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp


@dataclass(frozen=True)
class Step:
    """One mlir-opt pass (or comma-separated group), in textual pass-pipeline syntax."""

    passes: str
    why: str


@dataclass(frozen=True)
class Pipeline:
    """A named lowering from xfuse's output to an LLVM dialect module, and the LLVM levels after it."""

    name: str
    description: str
    steps: tuple[Step, ...]
    bufferizes: bool
    """True when the pipeline expects tensors at the function boundary (one-shot-bufferize runs)."""
    llvm_opt_level: str | None = "-O3"
    """Level for LLVM's `opt` on the translated module (None: skip `opt`); it is what vectorizes loops."""
    llc_opt_level: str = "-O3"
    transform_bodies: tuple[str, ...] = field(default=())
    """Transform ops (on `%root`) run by `-transform-interpreter` before `steps`, after pack lowering."""
    xfuse_passes: str = ""
    """xDSL pass pipeline (e.g. `xfuse-bufferize`) run in Python on the module before it is emitted."""
    microkernels: bool = False
    """Generate a register-tiling schedule for the module's contractions (xfuse/backends/schedules/matmul.py)."""
    host_cpu: bool = False
    """Compile for the host CPU (`opt`/`llc -mcpu=<host>`), not for a generic x86-64/AArch64."""
    cpu_flags: tuple[str, ...] = ()
    """Flags `opt` and `llc` get (set by `for_module` when `host_cpu`)."""
    after_bufferize_bodies: tuple[str, ...] = field(default=())
    """Transform ops (on `%root`) run by a second `-transform-interpreter` right after
    one-shot-bufferize (`AFTER_BUFFERIZE_ENTRY`): patterns that only apply to memrefs."""
    outline_loops: bool = False
    """Outline every top-level loop nest into a `noinline` function of its own once the loops exist
    and deallocation is explicit, before `expand-strided-metadata` (`OUTLINE_LOOPS`): LLVM's
    per-function passes grow faster than linearly with a function's size, and `llvm-split` can
    then compile the parts on every CPU. Set by `for_module` for tensor modules with at least
    `OUTLINE_MIN_LOOP_NESTS` linalg ops."""
    schedule_in_parts: bool = False
    """The module's large functions were cut into private parts for the transform interpreter
    (xfuse/backends/schedules/in_parts.py), which then runs on each function on its own, the
    functions in parallel on mlir-opt's threads (`func.func(transform-interpreter)`);
    `INLINE_PARTS` puts them back right after it. Set by `for_module`."""
    nest_lowering: bool = False
    """Run the lowering passes that work on one function at a time (xfuse/backends/nested_passes.py)
    nested in `func.func(...)` / `llvm.func(...)`, so that mlir-opt runs
    them on the outlined loop functions in parallel. Set by `for_module` with `outline_loops`,
    unless the module has a `vector.print` (its lowering declares a runtime function in the module,
    which a nested pass may not do)."""
    runtime_libraries: tuple[str, ...] = ()
    """MLIR runtime libraries (next to mlir-opt) the shared object links, besides the C runner utils."""
    parallel: bool = False
    """Runs `scf.forall` iterations on every CPU: the contraction and convolution schedules then
    make their register tiles forall iterations (xfuse/backends/schedules/matmul.py, schedules/conv.py),
    not `scf.for` loops, unless xfuse's own forall tiles hold them already."""
    threads: int | None = None
    """Threads a parallel pipeline runs its `scf.forall` loops on (`with_threads`: the OpenMP
    parallel regions get a `num_threads` clause, the schedules split for that many); None: the CPUs
    this process may use (`WORKERS`)."""
    omp_schedule: str | None = None
    """The schedule kind of the OpenMP worksharing loops (`threads` > 1: `with_threads` sets
    xfuse/backends/parallel/omp_schedule.py's `OMP_SCHEDULE`), given them by a transform-interpreter
    step right after convert-scf-to-openmp; None: its static loops."""
    expand_math: bool = False
    """Run `xfuse-expand-math` on the module (f32 exp/erf/tanh as arith polynomials that vectorize,
    xfuse/transforms/math_approx.py) instead of leaving them to libm's scalar calls."""

    @property
    def runtime_checks(self) -> bool:
        """MLIR's runtime verification is in the lowering (`with_runtime_checks`)."""
        return RUNTIME_VERIFICATION in self.steps

    def for_module(self, module: ModuleOp) -> Pipeline:
        """This pipeline specialized to `module` (marked in place) and the host: the micro-kernel
        schedule appended to `transform_bodies`, the CPU flags filled in; with `expand_math`, the
        module's f32 exp/erf/tanh expanded in place, with `microkernels` its `math.fpowi`
        (fpowi.py); every narrow float-to-integer cast through i32 (narrow_float_casts.py).
        Idempotent on the rest."""
        from xfuse.backends.lowering_fixes.narrow_float_casts import widen_narrow_fptosi

        widen_narrow_fptosi(module)  # a uint8 value of 128..255 is poison to fptosi's i8
        if self.expand_math:
            from xfuse.transforms.math_approx import expand_math

            expand_math(module)
        if self.bufferizes:  # one-shot-bufferize refuses a loop yielding a new buffer
            from xfuse.backends.in_place.loop_results_in_place import loop_results_in_place

            loop_results_in_place(module)
        if self.microkernels:  # vectorized, math.fpowi's exponent becomes a vector LLVM's powi refuses
            from xfuse.backends.lowering_fixes.fpowi import expand_fpowi

            expand_fpowi(module)
        if not (self.microkernels or self.host_cpu):
            if not _many_loop_nests(self, module):
                return self
            return replace(self, outline_loops=True, nest_lowering=self.nest_lowering or _may_nest_lowering(module))
        from xfuse.backends.schedules.matmul import after_bufferize_bodies, plan_microkernels, schedule_bodies
        from xfuse.backends.in_place.pads_in_place import pads_in_place
        from xfuse.backends.schedules.conv import CONV_PAD_ATTR, conv_schedule_bodies, plan_convolutions, plan_pads
        from xfuse.backends.schedules.elementwise import elementwise_bodies, elementwise_matches, plan_elementwise
        from xfuse.backends.schedules.rows import plan_rows, row_bodies
        from xfuse.backends.schedules.row_kernels import plan_row_kernels, row_kernel_bodies
        from xfuse.backends.parallel.parallel_split import parallel_split_body, plan_parallel_split, slice_vector_tiles
        from xfuse.backends.parallel import parallel_concat
        from xfuse.backends.schedules.packs import pack_bodies, plan_packs
        from xfuse.backends.schedules.in_parts import split_for_schedule
        from xfuse.backends.in_place.residual_in_place import residuals_in_place
        from xfuse.backends.schedules.pools import plan_pools, pool_bodies
        from xfuse.backends.schedules.transposes import plan_transposes, transpose_bodies
        from xfuse.backends.target import host_target

        target = host_target()
        if self.microkernels:  # batch_matmuls that are matrix products become matmuls the schedule tiles
            from xfuse.backends.in_place.shuffle_in_place import SHUFFLES_IN_PLACE_ENABLED, shuffles_in_place
            from xfuse.transforms.batch_matmul import batch_matmuls_to_matmuls

            if SHUFFLES_IN_PLACE_ENABLED:  # before the pads: the shuffled loop may then write into one
                shuffles_in_place(module)
            from xfuse.backends.in_place.early_poolings import early_poolings
            from xfuse.backends.in_place.pool_borders import pool_borders

            early_poolings(module)  # a strided pooling of an input read twice runs first: the input dies sooner

            pool_borders(module)  # poolings that clip their border windows need no pad
            from xfuse.backends.schedules.pool_windows import pool_windows

            pool_windows(module)  # max and sum poolings as elementwise ops over their windows' slices
            from xfuse.backends.in_place.conv_borders import conv_borders

            conv_borders(module)  # the convolutions whose padded input sets the peak read it unpadded

            batch_matmuls_to_matmuls(module)
            from xfuse.backends.schedules.channel_split import split_channel_remainders, split_matmul_columns
            from xfuse.backends.schedules.strided_pointwise import subsample_strided_pointwise

            subsample_strided_pointwise(module, target)  # before the channel split and the flattening
            split_channel_remainders(module, target)
            split_matmul_columns(module, target)
            from xfuse.backends.schedules.activation_panels import hoist_tile_panels, pack_activation_panels

            pack_activation_panels(module, target)  # after the splits: a split's head may qualify
            if not self.parallel:  # its panel loop, in a tile of the parallel loop, became a nested region
                hoist_tile_panels(module, target)
            from xfuse.backends.schedules.named_elementwise import generalize_tile_elementwise

            generalize_tile_elementwise(module)  # a fused tile's named epilogue joins the elementwise chains
            from xfuse.backends.schedules import flat_pixels

            if flat_pixels.FLAT_PIXELS_ENABLED:
                flat_pixels.flatten_pointwise_pixels(module, target)
            from xfuse.backends.schedules.column_split import split_convolution_columns

            split_convolution_columns(module, target)
        packs = plan_packs(module, target) if self.microkernels else []
        groups = plan_microkernels(module, target) if self.microkernels else []
        convs = plan_convolutions(module, target) if self.microkernels else []
        if self.microkernels:
            from xfuse.backends.schedules.pixel_strides import pad_pixel_strides

            pad_pixel_strides(module, target)
            plan_pads(module)
        in_place = pads_in_place(module) if self.microkernels else 0
        pads = sum(1 for op in module.walk() if op.name == "tensor.pad" and CONV_PAD_ATTR in op.attributes)
        transposes = plan_transposes(module, target) if self.microkernels else []
        workers = self.threads or WORKERS
        # in the parallel pipelines: the poolings the parallel split leaves on one thread, in scf.for tiles
        pools = plan_pools(module, target, workers if self.parallel else 1) if self.microkernels else []
        if self.microkernels and not self.parallel and parallel_concat.CHAINS_AT_ONE_THREAD:
            parallel_concat.concat_copies(module, parallel_concat.NO_COPIES)
        # LayerNorms as one loop over their rows, before the row reductions' plan would take their sums
        row_kernels = plan_row_kernels(module, target, self.parallel) if self.microkernels else 0
        rows = plan_rows(module, target) if self.microkernels else []  # before the split, which leaves them whole
        splits = plan_parallel_split(module, workers) if self.microkernels and self.parallel else []
        chains = plan_elementwise(module, target, nested_only=self.parallel) if self.microkernels else []
        bodies = [*elementwise_matches(chains), *parallel_split_body(splits, workers, slice_vector_tiles(module, splits, workers, target)), *pack_bodies(packs), *transpose_bodies(transposes), *pool_bodies(pools), *schedule_bodies(groups, self.parallel), *conv_schedule_bodies(convs, pads > 0, self.parallel, in_place > 0), *elementwise_bodies(chains), *row_bodies(rows),
                  *row_kernel_bodies(row_kernels)]
        if self.microkernels and any(op.name == "tensor.concat" for op in module.walk()):
            bodies.append(DECOMPOSE_CONCAT)
        if bodies:
            bodies.append(LOWER_FUSED_REDUCTIONS)
        after = after_bufferize_bodies(groups)
        if self.microkernels:
            residuals_in_place(module)
        in_parts = split_for_schedule(module) > 0 if self.microkernels else False
        flags = tuple(target.llvm_flags()) if self.host_cpu else self.cpu_flags
        steps = self.steps
        if FUSE_ELEMENTWISE in steps and _loop_carries_a_tensor(module):
            # The fusion gives an elementwise op in a loop body a `tensor.empty` destination
            # instead of the iter_arg it wrote; one-shot-bufferize then refuses the loop ("Yield
            # operand #0 is not equivalent to the corresponding iter bbArg"), and its
            # allow-return-allocs-from-loops makes the deallocation pipeline store i1s that
            # finalize-memref-to-llvm 22.1.8 asserts on. Such modules keep their ops unfused.
            steps = tuple(step for step in steps if step != FUSE_ELEMENTWISE)
        outline = self.outline_loops or _many_loop_nests(self, module)
        return replace(self, steps=steps, transform_bodies=(*self.transform_bodies, *bodies),
                       after_bufferize_bodies=(*self.after_bufferize_bodies, *after), cpu_flags=flags,
                       outline_loops=outline, schedule_in_parts=self.schedule_in_parts or in_parts,
                       nest_lowering=self.nest_lowering or (outline and _may_nest_lowering(module)))

    def spec(self, transform_library: str | None = None) -> str:
        """The `--pass-pipeline` string; `transform_library` is the preloaded script, if any."""
        passes: list[str] = []
        if transform_library is not None:
            passes.append(f"transform-preload-library{{transform-library-paths={transform_library}}}")
            passes.append("func.func(transform-interpreter)" if self.schedule_in_parts else "transform-interpreter")
        if self.schedule_in_parts:
            from xfuse.backends.schedules.in_parts import INLINE_PARTS

            passes.append(INLINE_PARTS)
        for step in self.steps:
            passes.append(step.passes)
            if transform_library is not None and self.after_bufferize_bodies and step.passes.startswith(
                    "one-shot-bufferize"):
                passes.append(f"transform-interpreter{{entry-point={AFTER_BUFFERIZE_ENTRY}}}")
            if transform_library is not None and self.outline_loops and step.passes.startswith("convert-vector-to-scf"):
                passes.append(f"transform-interpreter{{entry-point={OUTLINE_ENTRY}}}")
                if CONSTANTS_INTO_OUTLINED:
                    passes.append(CONSTANTS_INTO_OUTLINED)
            if transform_library is not None and self.omp_schedule and "convert-scf-to-openmp" in step.passes:
                from xfuse.backends.parallel.omp_schedule import GUIDED_MIN_CONV_FLOPS, omp_schedule_step

                passes.append(omp_schedule_step())
        if self.nest_lowering:
            from xfuse.backends.nested_passes import nest_function_passes

            passes = nest_function_passes(passes)
        return f"builtin.module({','.join(passes)})"

    def describe(self) -> str:
        """A readable listing: one line per step with its reason."""
        lines = [f"{self.name}: {self.description}"]
        if self.xfuse_passes:
            lines.append(f"  (in Python, before mlir-opt) {self.xfuse_passes}\n      xfuse's passes on the module.")
        for step in self.steps:
            lines.append(f"  {step.passes}\n      {step.why}")
            if self.outline_loops and step.passes.startswith("convert-vector-to-scf"):
                lines.append(f"  transform-interpreter{{entry-point={OUTLINE_ENTRY}}}\n      every top-level loop nest "
                             "outlined into an internal noinline function (large modules: compile time, llvm-split).")
                if CONSTANTS_INTO_OUTLINED:
                    lines.append(f"  {CONSTANTS_INTO_OUTLINED}\n      the constants the outlined loops read put back "
                                 "into them (transform.loop.outline passes them as arguments).")
            if self.omp_schedule and "convert-scf-to-openmp" in step.passes:
                from xfuse.backends.parallel.omp_schedule import GUIDED_MIN_CONV_FLOPS, omp_schedule_step

                lines.append(f"  {omp_schedule_step()}\n      every omp.wsloop gets schedule({self.omp_schedule}) in a "
                             f"module with {GUIDED_MIN_CONV_FLOPS / 1e9:g} GFLOP of convolutions or more (the iterations handed out at run time, not "
                             "in fixed shares), schedule(static) in one with fewer or none "
                             "(omp_schedule.schedule_for).")
        cpu = " -mcpu=<host>" if self.host_cpu else ""
        if self.microkernels:
            lines.insert(1, "  (before the steps) transform-interpreter with the micro-kernel schedule generated for\n"
                            "      the module (xfuse/backends/schedules/matmul.py): register tiles, vector FMAs, fused epilogue.")
        if self.schedule_in_parts:
            lines.insert(2 if self.microkernels else 1, "  inline{default-pipeline=}\n      the parts the large "
                         "functions were cut into for the schedule (each scheduled on its own, in parallel: "
                         "func.func(transform-interpreter)) put back (xfuse/backends/schedules/in_parts.py).")
        if self.nest_lowering:
            lines.append("  (nested) the passes that change one function only run in func.func(...) / llvm.func(...): "
                         "on the outlined functions in parallel.")
        if self.expand_math:
            lines.insert(1, "  (in Python, before mlir-opt) xfuse-expand-math\n      f32 exp/erf/tanh as arith "
                            "polynomials (xfuse/transforms/math_approx.py): they vectorize, libm calls do not.")
        lines.append(f"  then: mlir-translate --mlir-to-llvmir, opt {self.llvm_opt_level or '(skipped)'}{cpu}, "
                     f"llc {self.llc_opt_level}{cpu}")
        return "\n".join(lines)


def _may_nest_lowering(module: ModuleOp) -> bool:
    """No op of `module` is lowered to a call of a runtime function that the lowering declares in
    the module (`nest_lowering`)."""
    return not any(op.name == "vector.print" for op in module.walk())


def _loop_carries_a_tensor(module: ModuleOp) -> bool:
    """An scf.for or scf.while of `module` carries a tensor from one iteration to the next."""
    from xdsl.dialects.builtin import TensorType

    return any(op.name in ("scf.for", "scf.while") and any(isinstance(r.type, TensorType) for r in op.results)
               for op in module.walk())


def _many_loop_nests(pipeline: Pipeline, module: ModuleOp) -> bool:
    """`module` is a tensor module large enough for `outline_loops` (and outlining is not turned
    off: `outline_min_ops`)."""
    from xfuse.transforms.outline_groups import outline_min_ops

    if not pipeline.bufferizes or outline_min_ops() <= 0:
        return False
    nests = sum(op.name.startswith("linalg.") and op.name not in ("linalg.yield", "linalg.index")
                for op in module.walk())
    return nests >= OUTLINE_MIN_LOOP_NESTS


# Steps shared by the pipelines -------------------------------------------------------------

ELEMENTWISE_TO_LINALG = Step(
    "convert-elementwise-to-linalg",
    "arith/math ops applied to whole tensors become linalg.generic (they have no bufferization model).",
)
BUFFERIZE = Step(
    "one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}",
    "Tensors to memrefs, including function arguments and results; identity layouts at the "
    "boundary so the C interface sees plain row-major descriptors.",
)
DEALLOCATE = Step(
    "buffer-deallocation-pipeline",
    "Ownership-based deallocation: temporaries are freed, and every returned memref is owned by "
    "the caller (clones are inserted for returned arguments and globals), so the runner may free it.",
)
BUFFERIZATION_TO_MEMREF = Step(
    "convert-bufferization-to-memref",
    "bufferization.clone/dealloc (inserted by deallocation) to memref.alloc/copy/dealloc.",
)
FREE_AFTER_LAST_USE = Step(
    "func.func(optimize-allocation-liveness)",
    "Each buffer freed right after its last use (through its views: MLIR's buffer view-flow "
    "analysis), not at the end of its block where ownership-based deallocation frees it: the "
    "per-call arena (xfuse/runtime/arena.py) then reuses its memory for later buffers "
    "(SqueezeNet's intermediates: 14.3 MiB all live at once before).",
)
LINALG_TO_LOOPS = Step("convert-linalg-to-loops", "Every linalg op to scf.for loop nests over memrefs.")
VECTOR_TO_SCF = Step(
    "convert-vector-to-scf{full-unroll=true}",
    "Vector transfers to scf; full-unroll=true, or allocas inside loops overflow the stack.",
)
TO_LLVM = (
    Step("expand-strided-metadata", "memref.subview & co. to explicit offset/size/stride arithmetic."),
    Step("lower-affine", "affine.apply/min/max (from tiling and subviews) to arith."),
    Step("scf-forall-to-for", "scf.forall (tiling with loop=forall) to sequential scf.for nests."),
    Step("convert-scf-to-cf", "Structured control flow (for, if, while, parallel) to branches."),
    Step("convert-vector-to-llvm", "Remaining vector ops to LLVM vectors and intrinsics."),
    Step("finalize-memref-to-llvm", "memref descriptors, alloc (malloc) and dealloc (free) to LLVM."),
    Step("convert-math-to-llvm,convert-math-to-libm", "math ops to LLVM intrinsics, the rest to libm calls."),
    Step("convert-arith-to-llvm,convert-index-to-llvm", "Scalar arithmetic to LLVM."),
    Step("convert-func-to-llvm", "Functions to llvm.func; emits the `_mlir_ciface_` wrappers requested by `llvm.emit_c_interface`."),
    Step("convert-cf-to-llvm", "Branches to LLVM."),
    Step("convert-ub-to-llvm", "ub.poison (from vectorization and canonicalization) to LLVM poison."),
    Step("reconcile-unrealized-casts", "Drop the casts left between converted types."),
)

ELIMINATE_EMPTY_TENSORS = Step(
    "eliminate-empty-tensors",
    "A `tensor.empty` whose value ends up inserted into a larger tensor (a decomposed concat's "
    "slices) becomes a slice of that tensor, so the producer computes in place instead of into a "
    "temporary that is copied (squeezenet, one thread: 15.7 to 12.4 ms; its fire modules' channel "
    "concats were 30% of the call).",
)

CONSTANTS_INTO_OUTLINED = "sccp"
"""Run right after loop outlining: `transform.loop.outline` clones index constants into the new
function but makes every other constant the loop reads an argument (MLIR 22,
`outlineSingleBlockRegion`), a zero vector, an f32, an array of zero accumulators. Once `llvm-split`
puts caller and callee in different parts, LLVM cannot see them either: AlexNet's fill of a
14 x 14 x 384 buffer with a `<384 x float>` argument became 196 unrolled stores that took `llc`
1.7 s, where the constant gives one `memset`. The outlined functions are private, so MLIR's
interprocedural `sccp` knows every call and puts the constants back into the callees."""

OUTLINE_MIN_LOOP_NESTS = 16
"""Tensor modules with at least this many linalg ops (each a loop nest, or several) get
`outline_loops`: the light networks have 60-1000; a few layers compile fast as one function."""

DEFAULT = Pipeline(
    name="default",
    description="tensor input: bufferize at the function boundary, loops, LLVM (opt -O3, llc -O3)",
    steps=(ELEMENTWISE_TO_LINALG, BUFFERIZE, DEALLOCATE, BUFFERIZATION_TO_MEMREF, FREE_AFTER_LAST_USE, LINALG_TO_LOOPS,
           VECTOR_TO_SCF, *TO_LLVM),
    bufferizes=True,
)

MEMREF = Pipeline(
    name="memref",
    description="memref input (already bufferized): loops, LLVM; no deallocation is inserted",
    steps=(BUFFERIZATION_TO_MEMREF, LINALG_TO_LOOPS, VECTOR_TO_SCF, *TO_LLVM),
    bufferizes=False,
)

XFUSE_BUFFERIZE = Pipeline(
    name="xfuse-bufferize",
    description="tensor input bufferized by xfuse's xfuse-bufferize (in Python, it also frees its "
    "temporaries), then loops, LLVM",
    steps=MEMREF.steps,
    bufferizes=False,
    xfuse_passes="xfuse-bufferize",
)

VECTORIZE = replace(
    DEFAULT,
    name="vectorize",
    description="tensor input; linalg.matmul tiled 8x32x1 and vectorized before bufferizing",
    transform_bodies=(VECTORIZE_MATMUL,),
    expand_math=True,
)

FOLD_SELF_COPIES = Step(
    "cse,canonicalize",
    "Bufferization copies each fused tile's result from the subview it was computed in to the "
    "(identical) subview it is inserted into; cse makes the two one value and canonicalize drops "
    "the self-copy (a strided memref.copy lowers to an element-by-element runtime call).",
)

FUSE_ELEMENTWISE = Step(
    "linalg-fuse-elementwise-ops",
    "Chains of elementwise linalg ops left after the schedule (bias adds, softmax, layer norm, GELU "
    "as torch-mlir emits them: one generic per ONNX node) fused into one loop nest each, a producer "
    "only into its single user: one pass over memory instead of one per op (transformer layer, "
    "one thread: 1.2x faster).",
)

VECTOR_TO_LLVM = next(step for step in TO_LLVM if step.passes == "convert-vector-to-llvm")
REASSOCIATED_VECTOR_TO_LLVM = Step(
    "convert-vector-to-llvm{reassociate-fp-reductions}",
    "Remaining vector ops to LLVM; a float `vector.reduction` (the rows the schedule vectorized: "
    "softmax's and layer norm's sums and maxima, xfuse/backends/schedules/rows.py) as a tree of "
    "vector ops, not a chain of scalar ones in the vector's order.",
)

MICROKERNEL = replace(
    DEFAULT,
    name="microkernel",
    steps=tuple(s for step in DEFAULT.steps
                for s in ((ELIMINATE_EMPTY_TENSORS, step, FOLD_SELF_COPIES) if step == BUFFERIZE
                          else (step, FUSE_ELEMENTWISE) if step == ELEMENTWISE_TO_LINALG
                          else (REASSOCIATED_VECTOR_TO_LLVM,) if step == VECTOR_TO_LLVM else (step,))),
    description="tensor input; each contraction register-tiled, vectorized to FMAs with its fused "
    "elementwise consumers, by a schedule generated for the module and the host CPU; then as "
    "`default`, compiled for the host CPU",
    microkernels=True,
    host_cpu=True,
    expand_math=True,
)

FORALL_TO_FOR = next(step for step in TO_LLVM if step.passes == "scf-forall-to-for")
WORKERS = max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))
"""CPUs this process may use: the threads of `microkernel-openmp` when `threads` is not given."""

FINALIZE_MEMREF = next(step for step in TO_LLVM if step.passes == "finalize-memref-to-llvm")
TO_OPENMP = Step(
    "scf-forall-to-parallel,convert-scf-to-openmp",
    "scf.forall (the tiles xfuse fused) to scf.parallel, then to an `omp.parallel` worksharing loop "
    "run by LLVM's OpenMP runtime (libomp: its idle threads spin a while before sleeping, so a "
    "call that follows another finds them awake).",
)
OPENMP_TO_LLVM = Step("convert-openmp-to-llvm", "omp ops' types to LLVM (mlir-translate builds the runtime calls).")


def openmp_steps(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """A single-thread pipeline's steps with its `scf.forall` loops run by OpenMP (`TO_OPENMP`)
    instead of made `scf.for` loops. finalize-memref-to-llvm moves before scf-to-cf: the
    memref.alloca_scope scf-to-openmp puts in the parallel region must still have one block when
    it is lowered."""
    return tuple(s for step in steps if step != FINALIZE_MEMREF
                 for s in ((TO_OPENMP, FINALIZE_MEMREF) if step == FORALL_TO_FOR
                           else (step, OPENMP_TO_LLVM) if step.passes == "convert-cf-to-llvm" else (step,)))


MICROKERNEL_OPENMP = replace(
    MICROKERNEL,
    name="microkernel-openmp",
    description="as `microkernel`, but the scf.forall loops run in parallel with LLVM's OpenMP "
    "runtime (libomp.so from the cmeel-libomp wheel, a dependency of xfuse), on every CPU or on "
    "`threads`",
    steps=openmp_steps(MICROKERNEL.steps),
    runtime_libraries=("libomp.so",),
    parallel=True,
)

PIPELINES: dict[str, Pipeline] = {
    p.name: p for p in (MICROKERNEL, MICROKERNEL_OPENMP, DEFAULT, MEMREF, VECTORIZE,
                        XFUSE_BUFFERIZE)}


def parallel_pipeline() -> Pipeline:
    """The parallel pipeline `threads` > 1 uses: `microkernel-openmp` (LLVM's OpenMP runtime comes
    with xfuse's `cmeel-libomp` dependency)."""
    return MICROKERNEL_OPENMP


DEFAULT_THREADS = 1
"""`threads` of `compile_module`, `run`, `xfuse-run` and `xfuse.onnx.load` when not given: one
thread, the `microkernel` pipeline. Parallel code is asked for (`threads=N`), not assumed: a
library called from a program that has threads of its own (a server, a data loader, numpy's BLAS,
onnxruntime's pool) would otherwise take every core behind the caller's back, the result of each
call is then computed the same way on every machine, and an N-thread build is a separate compile
(the schedules split the work for N)."""


def check_threads(threads: object) -> int:
    """`threads` as a positive int (None: `DEFAULT_THREADS`); a BackendError saying what was given
    otherwise (0, a negative number, a float, a bool, a string)."""
    if threads is None:
        return DEFAULT_THREADS
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        from xfuse.runtime.calling import BackendError

        raise BackendError(f"threads must be a positive integer (1: one thread; N: N threads with LLVM's OpenMP "
                           f"runtime), got {threads!r}")
    return threads


def with_threads(pipeline: Pipeline, threads: object) -> Pipeline:
    """`pipeline` run on `threads` threads (`check_threads`). One thread: a single-thread pipeline
    as it is.
    More: a single-thread tensor pipeline with micro-kernels (`microkernel`, the default) becomes
    `microkernel-openmp` with a `num_threads` clause on every parallel region (a per-call team, no
    process-wide OpenMP setting that would reach other users of libomp in the process);
    `microkernel-openmp` itself gets the clause (None: any pipeline as it is, `microkernel-openmp`
    on every CPU). Other pipelines run on one thread: asking one of them for more is a
    BackendError naming it."""
    if threads is None:
        return pipeline
    count = check_threads(threads)
    if count == 1 and not pipeline.parallel:
        return pipeline
    base = pipeline
    if pipeline.name == MICROKERNEL.name or pipeline.name.startswith(f"{MICROKERNEL.name}+"):
        base = replace(MICROKERNEL_OPENMP, name=MICROKERNEL_OPENMP.name + pipeline.name[len(MICROKERNEL.name):],
                       steps=openmp_steps(pipeline.steps))
    if TO_OPENMP not in base.steps:
        from xfuse.runtime.calling import BackendError

        raise BackendError(f"threads={count}: pipeline '{pipeline.name}' runs on one thread; threads > 1 needs the "
                           f"tensor pipeline with micro-kernels (the default, `microkernel`), or `microkernel-openmp`")
    clause = Step(f"scf-forall-to-parallel,convert-scf-to-openmp{{num-threads={count}}}",
                  f"{TO_OPENMP.why} A team of {count} threads (the `num_threads` clause of each parallel region).")
    from xfuse.backends.parallel import omp_schedule

    return replace(base, steps=tuple(clause if step == TO_OPENMP else step for step in base.steps), threads=count,
                   omp_schedule=omp_schedule.OMP_SCHEDULE)


RUNTIME_VERIFICATION = Step(
    "generate-runtime-verification",
    "Checks at run time that every subview, load, store, cast and linalg op stays within its "
    "operands' bounds (MLIR's RuntimeVerifiableOpInterface): an out-of-bounds access aborts with "
    "the op and its source location instead of writing past a buffer.",
)


def with_runtime_checks(pipeline: Pipeline) -> Pipeline:
    """`pipeline` with MLIR's runtime verification inserted where the module is memrefs and linalg
    ops, before they become loops (`RUNTIME_VERIFICATION`). For debugging input whose offsets only
    the run reveals (a loop's slice running past its tensor is undefined behaviour that the
    verifier cannot see): the failing call aborts the process (exit 134) after printing the op."""
    if pipeline.runtime_checks:
        return pipeline
    position = pipeline.steps.index(LINALG_TO_LOOPS)
    steps = (*pipeline.steps[:position], RUNTIME_VERIFICATION, *pipeline.steps[position:])
    return replace(pipeline, name=f"{pipeline.name}+runtime-checks",
                   description=f"{pipeline.description}; runtime bounds checks", steps=steps)


TENSOR_DEFAULT = MICROKERNEL
"""What tensor input is lowered with when no pipeline is named (`default` is the reference lowering)."""


def get_pipeline(pipeline: str | Pipeline | None) -> Pipeline:
    """A pipeline by name (None: `microkernel`, the tensor default), or the given one."""
    if pipeline is None:
        return TENSOR_DEFAULT
    if isinstance(pipeline, Pipeline):
        return pipeline
    try:
        return PIPELINES[pipeline]
    except KeyError:
        from xfuse.backends.runner import BackendError

        raise BackendError(f"unknown pipeline '{pipeline}' (known: {', '.join(PIPELINES)})") from None

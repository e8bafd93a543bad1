"""Compile an xDSL module with stock MLIR/LLVM 22 tools and call it with numpy arrays.

    compiled = compile_module(module, entry="mlp")   # mlir-opt, mlir-translate, opt, llc, cc
    (out,) = compiled(a, b, bias)                    # numpy in, fresh numpy out

How a call works (the C interface, descriptors, results): xfuse/runtime/calling.py. The caller
owns every returned buffer in the tensor pipelines (ownership-based deallocation clones returned
arguments and constants); for already-bufferized input a buffer is never freed when its allocated
pointer is one of the inputs', the marker MLIR gives globals (0xdeadbeef), or already freed.

Tensor arguments are marked `bufferization.writable = false`, so the caller's arrays are never
written; memref arguments are passed in place (in-place updates are visible to the caller).

Shared objects are cached by content (text, pipeline, tool paths) under `$XFUSE_CACHE_DIR` (by
default a per-user directory in the system temp dir). When a tool fails, `BackendError` quotes its
diagnostic, keeps the failing input under `$XFUSE_FAILURE_DIR` (default `./xfuse-failures`) and
gives the command that reproduces the failure.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import hashlib
import os
import shlex
import shutil
import signal
import subprocess
import tempfile
import weakref
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    FunctionType,
    MemRefType,
    ModuleOp,
    TensorType,
)
from xdsl.utils.exceptions import ParseError

from xfuse.backends import llvm_split, toolchain
from xfuse.backends.lowering_fixes.bool_bytes import module_bools_as_bytes
from xfuse.runtime.calling import (
    BackendError,
    BoundCall,
    CompiledModule,
    FunctionSignature,
    MissingToolError,
    ValueSpec,
)
from xfuse.backends.lowering_fixes.strided_copy import strided_copy_object
from xfuse.runtime import arena_c
from xfuse.runtime.c_object import cached_c_object
from xfuse.backends.mlir_text import (
    emit_mlir_text,
    prepare_for_execution,
    public_functions,
    sink_empties,
    split_shared_empties,
)
from xfuse.backends.size_constraints import SizeConstraints
from xfuse.backends.lowering_fixes.vectorize_fallback import kept_as_loops
from xfuse.backends.pipelines import Pipeline, get_pipeline, with_threads
from xfuse.backends.transform_scripts import AGGREGATE_DECOMPOSITION, PACK_LOWERING, PACK_OPS, transform_script
from xfuse.diagnostics import emit_error
from xfuse.transforms.outline_groups import outline_for_backend
from xfuse.dialects.linalg_aggregate import LINALG_AGGREGATE_OP_NAMES

_BACKEND_VERSION = "8"  # part of the cache key: bump when the way .so files are built changes
# beyond what `_build_recipe` covers (the transform scripts the schedules generate, say)


def cache_root() -> Path:
    """The directory of built shared objects and tool scratch space ($XFUSE_CACHE_DIR, else a
    per-user one under the temporary directory); created if missing."""
    if directory := os.environ.get("XFUSE_CACHE_DIR"):
        root = Path(directory)
    else:
        user = os.environ.get("USER") or str(os.getuid())
        root = Path(tempfile.gettempdir()) / f"xfuse-cache-{user}"
    root.mkdir(parents=True, exist_ok=True)
    return root


def _failure_root() -> Path:
    root = Path(os.environ.get("XFUSE_FAILURE_DIR", "xfuse-failures"))
    try:
        root.mkdir(parents=True, exist_ok=True)
        return root.resolve()
    except OSError:
        return Path(tempfile.mkdtemp(prefix="xfuse-failures-"))


def tool_path(name: str) -> Path:
    """The executable of backend tool `name` (mlir-opt, llc, ...; `cc`: the C compiler that links);
    MissingToolError if it is not installed."""
    try:
        if name == "cc":
            return toolchain.find_c_compiler()
        return toolchain.find_tool(name)
    except toolchain.ToolchainError as exc:
        raise MissingToolError(str(exc)) from exc


def _quote_diagnostic(stderr: str, max_lines: int = 40) -> str:
    lines = stderr.rstrip().splitlines()
    if "Stack dump:" in lines:  # a crash: the assertion says what failed, the backtrace is noise
        cut = lines.index("Stack dump:")
        lines = lines[:cut] + ["(crashed; stack dump omitted: rerun the command below to see it)"]
    if len(lines) > max_lines:
        lines = lines[:max_lines] + [f"... ({len(lines) - max_lines} more lines)"]
    return "\n".join("  | " + line for line in lines) if lines else "  | (no output)"


def _exit_status(code: int) -> str:
    """`exit N`, or for a process a signal ended, the signal too: a tool killed for its memory
    (SIGKILL from the kernel's out-of-memory killer) prints nothing of its own."""
    if code >= 0:
        return f"exit {code}"
    try:
        name = signal.Signals(-code).name
    except ValueError:
        return f"exit {code}"
    hint = ": killed from outside, e.g. by the out-of-memory killer" if name == "SIGKILL" else ""
    return f"exit {code}, {name}{hint}"


def _run_tool(command: list[str], work: Path, stage: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run one step in `work`; on failure keep `work` and raise a BackendError that reproduces it."""
    try:
        process = subprocess.run(command, cwd=work, input=stdin, capture_output=True, text=True, timeout=3600)
    except OSError as exc:
        process = subprocess.CompletedProcess(command, 127, "", str(exc))
    if process.returncode == 0:
        return process
    kept = _failure_root() / f"{stage}-{hashlib.sha256(str(work).encode()).hexdigest()[:10]}"
    shutil.copytree(work, kept, dirs_exist_ok=True)
    reproduce = shlex.join(command).replace(str(work), str(kept))
    files = sorted(p.name for p in kept.iterdir())
    raise BackendError(
        f"{Path(command[0]).name} failed ({_exit_status(process.returncode)}):\n"
        f"{_quote_diagnostic(process.stderr.replace(str(work), str(kept)))}\n"
        f"the failing input is kept in {kept} ({', '.join(files)}); reproduce with:\n"
        f"  cd {kept} && {reproduce}"
    )


ASSUME_VERIFIED = "--mlir-print-assume-verified"
"""Print ops without verifying them first. `transform.structured.fuse_into_containing_op` (the
conv schedule's fusion of each chain's producers) builds a remark for every producer it fuses,
printing the producer and the loop, even when the fusion succeeds; printing an op verifies and
names the whole function around it. On ShuffleNet (32 fused chains, a 5 MB function) that was
70% of the transform interpreter's time: mlir-opt 5.4 -> 2.8 s, the same output. The pass
manager still verifies the IR after every pass."""


VERIFY_EACH_OFF = "--verify-each=false"
VERIFY_EACH_MAX_BYTES = 256 * 1024
"""MLIR input this large or larger is lowered by mlir-opt without verifying the module after every
pass (`VERIFY_EACH_OFF`). Verifying a whole network 35 times was a fifth of mlir-opt's CPU time:
DenseNet-121 (900 KB) 11.4 -> 8.7-9.6 s single-threaded, the lowered module identical (text and
LLVM IR). mlir-opt still verifies the input it parses, and `mlir-translate` (or `mlir-runner`)
the lowered module it reads, so IR a pass broke is still an error, named at the end of the
pipeline rather than after the pass. Smaller modules, which verify in little time (every
schedule's tests among them), keep the check after every pass."""


def verification_flags(text: str) -> list[str]:
    """mlir-opt's flags for verifying `text` along the pipeline (`VERIFY_EACH_MAX_BYTES`)."""
    return [VERIFY_EACH_OFF] if len(text) >= VERIFY_EACH_MAX_BYTES else []


LOWERED_BYTECODE = "lowered.mlirbc"
"""What `lower_to_llvm_ir` has mlir-opt write: MLIR bytecode, not text. The lowered module is
large (ShuffleNet: 5.7 MB of text, 0.9 MB of bytecode) and read by `mlir-translate` alone;
from bytecode it reads it in 0.23-0.29 s instead of 0.71 s, mlir-opt writes it faster, and the
LLVM IR is byte-identical."""


def lower_to_llvm_dialect_command(text: str, pipeline: Pipeline, work: Path, bytecode: bool = False) -> list[str]:
    """Write `input.mlir` (and the transform library) into `work`; the mlir-opt command lowering it
    into `lowered.mlir` (text), or `LOWERED_BYTECODE` with `bytecode`."""
    (work / "input.mlir").write_text(text)
    # The schedule first (it vectorizes the unpacks it fuses into register tiles), then every
    # pack/unpack left is lowered to transposes and reshapes (LLVM 22 cannot bufferize them).
    bodies = list(pipeline.transform_bodies)
    if any(f'"{op}"' in text or f"{op} " in text for op in PACK_OPS) and pipeline.bufferizes:
        bodies.append(PACK_LOWERING)
    if any(f'"{op}"' in text for op in LINALG_AGGREGATE_OP_NAMES) and pipeline.bufferizes:
        bodies.append(AGGREGATE_DECOMPOSITION)
    library = None
    if bodies or pipeline.after_bufferize_bodies or pipeline.outline_loops or pipeline.omp_schedule:
        from xfuse.backends.parallel.omp_schedule import schedule_for

        (work / "transforms.mlir").write_text(transform_script(bodies, pipeline.after_bufferize_bodies, pipeline.outline_loops,
                                                               schedule_for(text, pipeline.omp_schedule)))
        library = str(work / "transforms.mlir")
    output = ["--emit-bytecode", "-o", str(work / LOWERED_BYTECODE)] if bytecode else ["-o", str(work / "lowered.mlir")]
    return [str(tool_path("mlir-opt")), str(work / "input.mlir"), f"--pass-pipeline={pipeline.spec(library)}",
            ASSUME_VERIFIED, *verification_flags(text), *output]


KEPT_AS_LOOPS_FILE = "kept_as_loops.txt"
"""Written by `lower_to_llvm_ir` in its work directory, and kept beside a built shared object
(`.loops`): the ops the vectorizer refused, one location a line (vectorize_fallback.py)."""


def lower_to_llvm_ir(text: str, pipeline: Pipeline, work: Path) -> Path:
    """MLIR `text` lowered by `pipeline`'s mlir-opt steps and translated to LLVM IR (`module.ll`
    in `work`, its path returned); the ops kept as loops listed in `KEPT_AS_LOOPS_FILE`."""
    lowered = _run_tool(lower_to_llvm_dialect_command(text, pipeline, work, bytecode=True), work, "mlir-opt")
    (work / KEPT_AS_LOOPS_FILE).write_text("".join(f"{where}\n" for where in kept_as_loops(lowered.stderr)))
    _run_tool([str(tool_path("mlir-translate")), "--mlir-to-llvmir", str(work / LOWERED_BYTECODE),
               "-o", str(work / "module.ll")], work, "mlir-translate")
    return work / "module.ll"


def _compile_objects(text: str, pipeline: Pipeline, work: Path, jobs: int) -> list[Path]:
    """MLIR `text` compiled to object files in `work`: one, or with `jobs` > 1 and a large module
    of several functions, one per part, `jobs` parts at once (xfuse/backends/llvm_split.py)."""
    module = lower_to_llvm_ir(text, pipeline, work)
    scheduler = module.stat().st_size < MACHINE_SCHEDULER_MAX_BYTES
    parts = llvm_split.parts_for(module, jobs)
    if parts > 1:
        return llvm_split.compile_in_parts(module, pipeline, work, parts, scheduler, workers=jobs)
    module = _optimize_llvm(module, pipeline, work)
    _run_tool(llc_command(pipeline, module, work / "module.o", scheduler), work, "llc")
    return [work / "module.o"]


MACHINE_SCHEDULER_MAX_BYTES = 2 * 1024 * 1024
"""LLVM modules (textual IR, before `opt`) this large or larger are compiled by `llc` without its
pre-register-allocation machine scheduler (`-enable-misched=false`). Its time grows faster than
linearly with a basic block's size, and the unrolled register tiles of whole networks make large
blocks: on Inception-v1 (3.6 MB) it took 15 of llc's 20 s, and turning it off brought the whole
compile from 27.5 to 11.7 s with the call unchanged (40.4 ms); ResNet-50, Inception-v2 and
ShuffleNet ran as fast without it too. Smaller modules keep it: the transformer layer (0.45 MB)
ran 10% slower without it (docs/backend.md)."""


POST_RA_SCHEDULER_OFF = "-post-RA-scheduler=false"
"""`llc` runs the post-register-allocation scheduler for CPUs whose scheduling model asks for it
(Zen: `-mcpu=znver4`; Intel's models do not): on the unrolled register tiles of AlexNet's
convolutions it took half of llc's time (a 16 KB part: 4.8 -> 2.5 s; AlexNet's whole compile
14.0 -> 8.2 s, ResNet-50's 13.7 -> 9.0 s on Zen 4) with no run-time difference beyond the noise
(one thread, against onnxruntime in the same run: AlexNet 0.72 / 0.74x, ResNet-50 1.12 / 1.13x,
SqueezeNet 1.31 / 1.29x, the transformer layer 0.99 / 0.95x). It is off for every module."""


def llc_command(pipeline: Pipeline, source: Path, target: Path, scheduler: bool = True) -> list[str]:
    """`llc` compiling `source` to the object file `target` for `pipeline`; without the machine
    scheduler unless `scheduler` (`MACHINE_SCHEDULER_MAX_BYTES`), never with the post-RA one
    (`POST_RA_SCHEDULER_OFF`)."""
    return [str(tool_path("llc")), pipeline.llc_opt_level, *pipeline.cpu_flags,
            *([] if scheduler else ["-enable-misched=false"]), POST_RA_SCHEDULER_OFF, "-relocation-model=pic",
            "-filetype=obj", str(source), "-o", str(target)]


MERGE_FUNCTIONS = "--enable-merge-functions"
"""`opt` on a module compiled whole merges identical functions at the end of its pipeline (the
repeated blocks of a network outlined alike), as `llvm_split.WHOLE_MODULE_PASSES` does before a
split: `llc` then compiles each body once."""


def opt_command(pipeline: Pipeline, source: Path, target: Path) -> list[str]:
    """`opt` optimizing `source` into the bitcode `target` at the pipeline's level for its CPU
    flags, identical functions merged (`MERGE_FUNCTIONS`): the module compiled whole, or one part
    of it (llvm_split.py)."""
    return [str(tool_path("opt")), str(pipeline.llvm_opt_level), MERGE_FUNCTIONS, *pipeline.cpu_flags, str(source),
            "-o", str(target)]


def _optimize_llvm(module: Path, pipeline: Pipeline, work: Path) -> Path:
    """`opt_command` on `module` (into `module.bc`), if the pipeline has an optimization level."""
    if not pipeline.llvm_opt_level:
        return module
    return optimize_one(module, work / "module.bc", pipeline, work)


def optimize_one(source: Path, target: Path, pipeline: Pipeline, work: Path) -> Path:
    """`opt_command` on `source` into `target` (returned); with `residual_prefetch.PREFETCH_BYTES`
    or `PREFETCH_TILES` set for this pipeline (`residual_prefetch.settings`), into textual IR that
    gets the epilogues' prefetches before `llc` (returned in place of `target`)."""
    from xfuse.backends.lowering_fixes import residual_prefetch

    distance, tiles = residual_prefetch.settings(pipeline.parallel)
    if not (distance or tiles):
        _run_tool(opt_command(pipeline, source, target), work, "opt")
        return target
    text = target.with_suffix(".opt.ll")
    _run_tool([*opt_command(pipeline, source, text), "-S"], work, "opt")
    text.write_text(residual_prefetch.add_prefetches(text.read_text(), distance, tiles)[0])
    return text


def lower_to_optimized_llvm(text: str, pipeline: Pipeline, work: Path) -> Path:
    """MLIR `text` lowered by `pipeline`'s mlir-opt steps, translated to LLVM IR and optimized by
    `opt` at the pipeline's level for its CPU flags, in `work`; returns the LLVM module's path
    (what `llc` compiles: to an object here, to assembly for `xfuse-opt -t x86-asm`)."""
    return _optimize_llvm(lower_to_llvm_ir(text, pipeline, work), pipeline, work)


def _build_recipe(pipeline: Pipeline) -> list[str]:
    """What turns a module into a shared object besides the pipeline's fields, for the cache key:
    the mlir-opt pass pipeline as run (nesting, the steps added around the interpreter), the
    outlining script, mlir-opt's, opt's and llc's flags, the passes on a module before it is split. A
    change to any of them rebuilds."""
    from xfuse.backends.lowering_fixes import residual_prefetch
    from xfuse.backends.transform_scripts import OUTLINE_LOOPS

    return [pipeline.spec("<library>"), OUTLINE_LOOPS, ASSUME_VERIFIED, f"{VERIFY_EACH_OFF} from {VERIFY_EACH_MAX_BYTES}",
            " ".join(opt_command(pipeline, Path("<in>"), Path("<out>"))[1:]),
            " ".join(llc_command(pipeline, Path("<in>"), Path("<out>"))[1:]), llvm_split.WHOLE_MODULE_PASSES,
            f"residual prefetch={residual_prefetch.recipe(pipeline.parallel)}"]


def build_shared_object(text: str, pipeline: Pipeline, cache: bool = True) -> Path:
    """Lower MLIR `text` with `pipeline` into a shared object; returns its path (cached by content)."""
    tools = [tool_path(t) for t in ("mlir-opt", "mlir-translate", "llc", "cc")]
    llvm_opt = tool_path("opt") if pipeline.llvm_opt_level else None
    runtime = _runtime_library("libmlir_c_runner_utils.so")
    extra_runtimes = [_required_runtime_library(name) for name in pipeline.runtime_libraries]
    jobs = llvm_split.jobs()
    from xfuse.backends.parallel.omp_schedule import schedule_for

    # The loops' schedule is decided from the text and a module constant, not the pipeline: keyed
    # as resolved, or a build under another setting is returned from the cache.
    key_material = "\0".join([_BACKEND_VERSION, text, repr(pipeline), *_build_recipe(pipeline), *map(str, tools),
                              f"schedule={schedule_for(text, pipeline.omp_schedule)}",
                              str(llvm_opt), str(runtime), *map(str, extra_runtimes), f"jobs={jobs}",
                              arena_c.source(), *arena_c.LINK_FLAGS,
                              f"parts per job={llvm_split.PARTS_PER_JOB}"])
    key = hashlib.sha256(key_material.encode()).hexdigest()[:24]
    root = cache_root()
    target = root / f"xfuse-{key}.so"
    if cache and target.is_file():
        return target
    with tempfile.TemporaryDirectory(prefix="build-", dir=root) as tmp:
        work = Path(tmp)
        objects = [*_compile_objects(text, pipeline, work, jobs), strided_copy_object(tool_path("cc"), root, _run_tool),
                   cached_c_object(arena_c.source(), "arena", tool_path("cc"), root, _run_tool)]
        link = [str(tool_path("cc")), "-shared", *arena_c.LINK_FLAGS, "-o", str(work / "module.so"), *map(str, objects)]
        for library in ([runtime] if runtime is not None else []) + extra_runtimes:
            link += [str(library), f"-Wl,-rpath,{library.parent}"]
        # DT_RPATH, searched before LD_LIBRARY_PATH (DT_RUNPATH is searched after it): the
        # libraries linked here are the ones loaded, never another libomp.so found first.
        link.append("-Wl,--disable-new-dtags")
        _run_tool([*link, "-lm"], work, "cc")
        if not cache:
            target = Path(tempfile.mkdtemp(prefix="xfuse-uncached-")) / "module.so"
        os.replace(work / KEPT_AS_LOOPS_FILE, target.with_suffix(".loops"))  # before the .so: a cache hit has both
        os.replace(work / "module.so", target)  # atomic: concurrent builders agree on the content
    return target


def _required_runtime_library(name: str) -> Path:
    try:
        return toolchain.runtime_library(name)
    except toolchain.ToolchainError as exc:
        raise MissingToolError(str(exc)) from exc


def _runtime_library(name: str) -> Path | None:
    try:
        return toolchain.runtime_library(name)
    except toolchain.ToolchainError:
        return None


def as_module(module_or_text: ModuleOp | str) -> ModuleOp:
    """An xDSL module from a module or MLIR text (custom or generic form).

    Text using ops neither xDSL nor xfuse defines (say, a `math` op xDSL lacks) is first put in
    generic form by mlir-opt and parsed with unregistered ops allowed.
    """
    if isinstance(module_or_text, ModuleOp):
        return module_or_text
    from xfuse.context import make_context
    from xfuse.parsing import parse

    try:
        return parse(module_or_text, make_context())
    except ParseError as first_error:
        with tempfile.TemporaryDirectory(prefix="generic-", dir=cache_root()) as tmp:
            work = Path(tmp)
            (work / "input.mlir").write_text(module_or_text)
            command = [str(tool_path("mlir-opt")), "--mlir-print-op-generic", "--mlir-print-debuginfo",
                       str(work / "input.mlir")]
            generic = _run_tool(command, work, "mlir-opt-parse").stdout
        try:
            return parse(generic, make_context(allow_unregistered=True))
        except ParseError:
            raise first_error from None


def default_pipeline_for(module: ModuleOp) -> Pipeline:
    """`microkernel` when the module computes on tensors, `memref` when it is already bufferized."""
    for op in module.walk():
        if isinstance(op, func.FuncOp) and any(
            isinstance(t, TensorType) for t in (*op.function_type.inputs.data, *op.function_type.outputs.data)
        ):
            return get_pipeline(None)
        if any(isinstance(r.type, TensorType) for r in op.results):
            return get_pipeline(None)
    return get_pipeline("memref")


def resolve_entry(module: ModuleOp, entry: str | None) -> str:
    """`entry` if the module has such a public function, else the only public function; a
    BackendError naming the candidates otherwise."""
    names = [f.sym_name.data for f in public_functions(module)]
    if entry is not None:
        if entry not in names:
            raise BackendError(f"no public function @{entry} in the module "
                               f"(public functions: {', '.join('@' + n for n in names) or 'none'})")
        return entry
    if len(names) != 1:
        raise BackendError("cannot choose an entry function: "
                           + (f"several public functions ({', '.join('@' + n for n in names)}); pass one as entry"
                              if names else "the module has no public function with a body"))
    return names[0]


def specialize_for_pipeline(prepared: ModuleOp, pipeline: Pipeline,
                            signatures: dict[str, FunctionSignature]) -> tuple[ModuleOp, Pipeline]:
    """The module (from `prepare_for_execution`) and pipeline as mlir-opt receives them: the
    pipeline's xfuse passes applied (the functions in `signatures` must keep their C interface),
    or else every `tensor.empty` split per user (one-shot-bufferize and cse'd empties: see
    `split_shared_empties`); the pipeline specialized to the module (the generated micro-kernel
    schedule, the host CPU's flags)."""
    refuse_undecomposable_ops(prepared, pipeline)
    if pipeline.xfuse_passes:
        prepared = _apply_xfuse_passes(prepared, pipeline, signatures)
        return prepared, pipeline.for_module(prepared)
    split_shared_empties(prepared)
    specialized = pipeline.for_module(prepared)
    sink_empties(prepared)  # after the schedules' rewrites, which add empties of their own
    return prepared, specialized


def is_c_library_function(name: str) -> bool:
    """Whether `name` is a function of the C or math library (`pow`, `free`, `expf`, ...)."""
    return any(hasattr(library, name) for library in _c_libraries())


@functools.cache
def _c_libraries() -> tuple[ctypes.CDLL, ...]:
    names = [ctypes.util.find_library(name) for name in ("c", "m")]
    return tuple(ctypes.CDLL(name) for name in names if name)


def refuse_c_library_names(module: ModuleOp) -> None:
    """Refuse a public function named like a C library function: the shared object exports it,
    and its own calls of that function (libm's `pow` for `math.powf`, `free` for a
    deallocation) bind to it instead: a graph named "pow" crashed in `free()`."""
    for function in public_functions(module):
        if is_c_library_function(name := function.sym_name.data):
            emit_error(function, f"@{name} has the name of a C library function: the compiled code's own "
                                 f"calls of {name} would reach it; rename the function")


def refuse_undecomposable_ops(module: ModuleOp, pipeline: Pipeline) -> None:
    """Refuse, at the op, a linalg.softmax / Winograd transform the pipeline cannot lower: MLIR 22
    lowers them only by decomposing them on tensors, which only the bufferizing pipelines do."""
    for op in module.walk():
        if op.name not in LINALG_AGGREGATE_OP_NAMES:
            continue
        on_memrefs = any(isinstance(v.type, MemRefType) for v in op.operands)
        if on_memrefs or not pipeline.bufferizes:
            where = "on memrefs" if on_memrefs else f"in pipeline '{pipeline.name}'"
            emit_error(op, f"{op.name} {where} cannot be lowered: mlir-opt 22 lowers it only by "
                           "decomposing it on tensors, which the tensor pipelines (default, microkernel, "
                           "vectorize) do before bufferizing")


def _apply_xfuse_passes(prepared: ModuleOp, pipeline: Pipeline,
                        signatures: dict[str, FunctionSignature]) -> ModuleOp:
    """Run the pipeline's xfuse passes (e.g. xfuse-bufferize) on the prepared module, in place.

    The numpy-facing signatures stay those of the input (tensor arguments are values, never
    written); the rewritten functions must keep the same C interface: memrefs of the same element
    types and shapes with identity layouts."""
    from xfuse.passes import apply_passes

    apply_passes(prepared, pipeline.xfuse_passes)
    for function in public_functions(prepared):
        name = function.sym_name.data
        if name not in signatures:
            continue
        before = signatures[name]
        after = FunctionSignature.of(function)
        for kind, old, new in (("argument", before.inputs, after.inputs), ("result", before.results, after.results)):
            if len(old) != len(new):
                raise BackendError(f"pipeline '{pipeline.name}': {pipeline.xfuse_passes} changed the number of "
                                   f"{kind}s of @{name} ({len(old)} -> {len(new)})")
            for index, (o, n) in enumerate(zip(old, new, strict=True)):
                stored = np.dtype(np.int8) if o.dtype == np.bool_ else o.dtype  # bools as bytes (bool_bytes.py)
                if (stored, o.shape) != (n.dtype, n.shape) or (not o.is_scalar and n.is_tensor):
                    raise BackendError(f"pipeline '{pipeline.name}': after {pipeline.xfuse_passes}, {kind} #{index} "
                                       f"of @{name} is {n.mlir_type}, expected a memref for {o.mlir_type}")
    return prepared


def compile_module(module_or_text: ModuleOp | str, entry: str | None = None,
                   pipeline: str | Pipeline | None = None, cache: bool = True, *,
                   threads: int | None = None) -> CompiledModule:
    """Lower a module (tensors, or memrefs with `pipeline="memref"`) into a callable `CompiledModule`.

    `pipeline` defaults to `default_pipeline_for(module)` (tensor or memref input). `threads`
    (default 1, `DEFAULT_THREADS`) is how many threads the code runs on, as onnxruntime's
    intra_op_num_threads: N > 1 lowers the tensor default with LLVM's OpenMP runtime
    (`pipelines.with_threads`); a bad value is a BackendError. A pipeline
    with `xfuse_passes` (`xfuse-bufferize`) runs them in Python on a copy of the module first.
    `entry` defaults to the only public function; every public function stays callable through
    `CompiledModule.call`. Raises `BackendError` when a tool fails (quoting its diagnostic) and
    `MissingToolError` when a tool is missing.
    """
    module = as_module(module_or_text)
    chosen = with_threads(get_pipeline(pipeline) if pipeline is not None else default_pipeline_for(module), threads)
    entry = resolve_entry(module, entry)
    refuse_c_library_names(module)
    prepared = prepare_for_execution(module)
    signatures: dict[str, FunctionSignature] = {}
    for function in public_functions(prepared):
        try:
            signatures[function.sym_name.data] = FunctionSignature.of(function)
        except BackendError:
            if function.sym_name.data == entry:
                raise
    constraints = {f.sym_name.data: SizeConstraints.of(f) for f in public_functions(prepared)
                   if f.sym_name.data in signatures}
    module_bools_as_bytes(prepared)  # bools in memory are bytes (after the signatures: numpy's bool)
    prepared, chosen = specialize_for_pipeline(prepared, chosen, signatures)
    if not chosen.bufferizes:  # large functions: one LLVM function per group (compile time)
        outline_for_backend(prepared)
    text = emit_mlir_text(prepared)
    library = build_shared_object(text, chosen, cache=cache)
    loops = library.with_suffix(".loops")
    kept = tuple(loops.read_text().split()) if loops.is_file() else ()
    compiled = CompiledModule(library, signatures, entry, text, chosen, constraints, kept)
    if not cache:  # its own directory, removed with the module (or at exit): no litter in /tmp
        weakref.finalize(compiled, shutil.rmtree, library.parent, True)
    return compiled


def run(module_or_text: ModuleOp | str, *arrays: Any, entry: str | None = None,
        pipeline: str | Pipeline | None = None, threads: int | None = None) -> list[np.ndarray]:
    """Compile (cached by content) and call `entry` (default: the only public function) on
    `arrays`; its results as numpy arrays, in order.

    `xfuse.run(text, x, w, b)`; `xfuse.run(module, x, entry="mlp", pipeline="vectorize")`;
    `xfuse.run(module, x, w, b, threads=2)` (see `compile_module`)."""
    if arrays and isinstance(arrays[0], str):
        raise BackendError(f"xfuse.run takes the arrays after the module and the entry as a keyword: "
                           f"run(module, *arrays, entry={arrays[0]!r})")
    return compile_module(module_or_text, entry, pipeline, threads=threads)(*arrays)


def random_inputs(signature: FunctionSignature | FunctionType | func.FuncOp, seed: int = 0,
                  dynamic_dim: int = 8) -> list[Any]:
    """Seeded random arguments for a signature: floats uniform in [-1, 1], integers in [-4, 4]
    (unsigned ones in [0, 8]), bools true half the time, index scalars in [1, 4] (they are often
    sizes). Every dynamic dimension gets size `dynamic_dim`."""
    if isinstance(signature, func.FuncOp):
        signature = FunctionSignature.of(signature)
    elif isinstance(signature, FunctionType):
        signature = FunctionSignature.from_type(signature)
    rng = np.random.default_rng(seed)
    values: list[Any] = []
    for spec in signature.inputs:
        shape = () if spec.shape is None else tuple(dynamic_dim if d is None else d for d in spec.shape)
        if spec.dtype.kind == "f":
            value = rng.uniform(-1.0, 1.0, size=shape).astype(spec.dtype)
        elif spec.is_scalar and spec.mlir_type == "index":
            value = rng.integers(1, 5, size=shape).astype(spec.dtype)
        elif spec.dtype.kind == "b":
            value = rng.random(size=shape) < 0.5
        elif spec.dtype.kind == "u":
            value = rng.integers(0, 9, size=shape).astype(spec.dtype)
        else:
            value = rng.integers(-4, 5, size=shape).astype(spec.dtype)
        values.append(spec.dtype.type(value[()]) if spec.is_scalar else value)
    return values


# mlir-runner ------------------------------------------------------------------------------


def run_with_mlir_runner(module_or_text: ModuleOp | str, entry: str = "main",
                         pipeline: str | Pipeline | None = None, timeout: float = 600) -> str:
    """Lower a module whose `entry` takes no arguments and returns nothing, run it with mlir-runner
    (with the runner-utils libraries, so it may call printMemrefF32 & co.), return its stdout.

    Text is handed to mlir-opt as written (no xDSL round trip)."""
    chosen = get_pipeline(pipeline)
    text = module_or_text if isinstance(module_or_text, str) else emit_mlir_text(module_or_text)
    libraries = []
    for name in toolchain.RUNTIME_LIBRARIES:
        try:
            libraries.append(str(toolchain.runtime_library(name)))
        except toolchain.ToolchainError as exc:
            raise MissingToolError(str(exc)) from exc
    with tempfile.TemporaryDirectory(prefix="runner-", dir=cache_root()) as tmp:
        work = Path(tmp)
        _run_tool(lower_to_llvm_dialect_command(text, chosen, work), work, "mlir-opt")
        command = [str(tool_path("mlir-runner")), str(work / "lowered.mlir"), "-e", entry,
                   "-entry-point-result=void", f"-shared-libs={','.join(libraries)}", "-O3"]
        return _run_tool(command, work, "mlir-runner").stdout


__all__ = [
    "BackendError",
    "BoundCall",
    "CompiledModule",
    "FunctionSignature",
    "MissingToolError",
    "ValueSpec",
    "build_shared_object",
    "cache_root",
    "default_pipeline_for",
    "compile_module",
    "random_inputs",
    "resolve_entry",
    "run",
    "run_with_mlir_runner",
    "tool_path",
]


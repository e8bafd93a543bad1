"""`xfuse-opt -t llvm` and `-t x86-asm`: the module lowered by stock mlir-opt 22, as LLVM IR or as
x86-64 assembly.

xDSL's own `llvm` target needs llvmlite and handles the llvm dialect only, and its `x86-asm`
target prints modules already in xDSL's x86 dialect. For the tensor/linalg IR xfuse works on,
these targets run the backend's lowering instead (the same `Pipeline` xfuse-run compiles with:
`default` for tensor code, `memref` for bufferized code, or the target's `pipeline` option), then
`mlir-translate --mlir-to-llvmir` and, for assembly, `llc -filetype=asm`. A module that already
is in xDSL's x86 dialect is still printed by xDSL's `x86-asm` target.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.target import Target

if TYPE_CHECKING:
    from xfuse.backends.pipelines import Pipeline

# The backend (runner, numpy, ctypes) is imported when a target emits, not when xfuse-opt
# registers the targets: it was half of every xfuse-opt start (0.35 of 0.69 s), and the
# FileCheck suite starts xfuse-opt about a thousand times.


def _lowered_pipeline(module: ModuleOp, pipeline: str) -> tuple[ModuleOp, Pipeline]:
    """The module and pipeline exactly as `compile_module` hands them to mlir-opt."""
    from xfuse.backends import runner
    from xfuse.backends.mlir_text import prepare_for_execution
    from xfuse.backends.pipelines import get_pipeline

    chosen = get_pipeline(pipeline) if pipeline else runner.default_pipeline_for(module)
    return runner.specialize_for_pipeline(prepare_for_execution(module), chosen, {})


def lower_to_llvm_ir(module: ModuleOp, pipeline: str = "", assembly: bool = False) -> str:
    """`module` lowered with `pipeline` (default: `default_pipeline_for(module)`) as `xfuse-run`
    compiles it: LLVM IR as `mlir-translate` gives it, or with `assembly=True` the host's assembly
    of the `opt`-optimized module (what runs). `BackendError` when a tool fails."""
    from xfuse.backends import runner
    from xfuse.backends.mlir_text import emit_mlir_text

    module, chosen = _lowered_pipeline(module, pipeline)
    text = emit_mlir_text(module)
    with tempfile.TemporaryDirectory(prefix="target-", dir=runner.cache_root()) as tmp:
        work = Path(tmp)
        if not assembly:
            return runner.lower_to_llvm_ir(text, chosen, work).read_text()
        optimized = runner.lower_to_optimized_llvm(text, chosen, work)
        llc = [str(runner.tool_path("llc")), chosen.llc_opt_level, *chosen.cpu_flags, runner.POST_RA_SCHEDULER_OFF,
               "-filetype=asm",
               str(optimized), "-o", str(work / "module.s")]
        runner._run_tool(llc, work, "llc")
        return (work / "module.s").read_text()


@dataclass(frozen=True)
class LLVMIRTarget(Target):
    """`-t llvm` / `-t 'llvm{pipeline=vectorize}'`: LLVM IR of the lowered module."""

    name = "llvm"
    pipeline: str = ""

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        output.write(lower_to_llvm_ir(module, self.pipeline))


@dataclass(frozen=True)
class X86AssemblyTarget(Target):
    """`-t x86-asm`: assembly from llc for modules MLIR lowers; xDSL's printer for x86-dialect IR."""

    name = "x86-asm"
    pipeline: str = ""

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        if _is_x86_dialect_module(module):
            from xdsl.dialects.x86.ops import X86AsmTarget

            X86AsmTarget().emit(ctx, module, output)
            return
        output.write(lower_to_llvm_ir(module, self.pipeline, assembly=True))


def _is_x86_dialect_module(module: ModuleOp) -> bool:
    ops = [op for op in module.walk() if op is not module]
    return bool(ops) and all(op.name.startswith(("x86.", "x86_func.", "x86_scf.")) for op in ops)


TARGETS = {"llvm": lambda: LLVMIRTarget, "x86-asm": lambda: X86AssemblyTarget}
"""The targets xfuse-opt replaces xDSL's with, by name."""

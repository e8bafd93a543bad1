"""`xfuse-bufferize`: comprehensive in-place bufferization of a module (tensors -> memrefs).

One module pass in three steps (see docs/passes/xfuse-bufferize.md):
1. call_graph.py: functions callee before caller, summaries, writable arguments;
2. analysis.py: in place or out of place for every tensor operand (read-after-write conflicts
   over SSA use-def chains and alias sets), from the op models of models*.py (one module per op
   family);
3. rewrite.py (+ rewrite_scf.py, rewrite_branches.py, rewrite_tensor.py): memrefs, allocating only for out-of-place
   operands, deallocating what it allocates.

`analysis_only` stops after step 2 and annotates the ops the way
`mlir-opt --one-shot-bufferize="test-analysis-only bufferize-function-boundaries"` does
(`__inplace_operands_attr__`, `bufferization.access`), so the two can be diffed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from xfuse.transforms.bufferize.analysis import FunctionSummary
from xfuse.transforms.bufferize.call_graph import analyse_module
from xfuse.transforms.bufferize.rewrite import rewrite_module

__all__ = ["BufferizationResult", "BufferizePass", "bufferize"]


@dataclass
class BufferizationResult:
    """What `bufferize` decided: per function, the in-place decision of every tensor operand
    ((op, operand index) -> in place) and its summary; ops left unbufferized (allowed unknown)."""

    decisions: dict[str, dict[tuple[Operation, int], bool]] = field(default_factory=dict)
    summaries: dict[str, FunctionSummary] = field(default_factory=dict)
    unknown_ops: list[Operation] = field(default_factory=list)

    @property
    def out_of_place(self) -> int:
        """How many tensor operands needed a buffer of their own."""
        return sum(not v for d in self.decisions.values() for v in d.values())


def bufferize(
    module: ModuleOp, *, analysis_only: bool = False, allow_unknown_ops: bool = False
) -> BufferizationResult:
    """Bufferize `module` in place (or only annotate its decisions); `XfuseError` on what it
    cannot bufferize."""
    analyses, summaries = analyse_module(module, allow_unknown_ops)
    result = BufferizationResult(summaries=summaries)
    for function, analysis in analyses.items():
        result.decisions[function.sym_name.data] = {
            use: analysis.is_inplace(*use) for use in analysis.models
        }
        result.unknown_ops.extend(analysis.unknown)
    if analysis_only:
        for analysis in analyses.values():
            analysis.annotate()
        return result
    rewrite_module(module, analyses, summaries)
    return result


@dataclass(frozen=True)
class BufferizePass(ModulePass):
    """Tensors to memrefs, in place wherever no read needs the old value."""

    name = "xfuse-bufferize"

    analysis_only: bool = False
    allow_unknown_ops: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        bufferize(op, analysis_only=self.analysis_only, allow_unknown_ops=self.allow_unknown_ops)




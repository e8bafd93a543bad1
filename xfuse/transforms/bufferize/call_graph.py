"""Inter-procedural analysis: callee before caller, summaries, writable arguments.

Functions are analysed callee first (a recursive call graph is refused). Each analysis yields a
`FunctionSummary` (which tensor arguments it reads and writes, which results are equivalent to
which arguments), and callers see calls through it: a call operand the callee writes is a write
at the call site, in place only when the caller allows it.

A tensor argument may be written in place only when
- the function is public (an entry point) and the argument carries `bufferization.writable = true`,
  or the function is private; and
- every call site allows it (the call operand went in place: no later read of the value at the
  caller, not a constant, not a read-only argument of the caller).
When a call site refuses, the callee's argument becomes read-only and everything is analysed
again (writability only ever goes from true to false, so this ends); the callee then copies
internally what it writes.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, ModuleOp
from xdsl.utils.exceptions import DiagnosticException

from xfuse.diagnostics import emit_error
from xfuse.transforms.bufferize.analysis import FunctionAnalysis, FunctionSummary, is_tensor


def callee_first(module: ModuleOp) -> list[func.FuncOp]:
    """Functions in callee-before-caller order; a diagnostic on a call that closes a cycle."""
    functions = {f.sym_name.data: f for f in module.walk() if isinstance(f, func.FuncOp)}
    order: list[func.FuncOp] = []
    state: dict[str, int] = {}  # 1 visiting, 2 done

    def visit(name: str) -> None:
        state[name] = 1
        for op in functions[name].walk():
            if isinstance(op, func.CallOp):
                callee = op.callee.string_value()
                if callee not in functions:
                    emit_error(op, f"xfuse-bufferize: call to unknown function '@{callee}'")
                if state.get(callee) == 1:
                    emit_error(
                        op,
                        f"xfuse-bufferize: recursive call to '@{callee}': functions are analysed "
                        "callee before caller, so recursion is not supported",
                    )
                if callee not in state:
                    visit(callee)
        state[name] = 2
        order.append(functions[name])

    for name in functions:
        if name not in state:
            visit(name)
    return order


def _declared_writable(function: func.FuncOp, index: int) -> bool:
    if function.arg_attrs is None:
        return False
    attrs = function.arg_attrs.data[index].data
    value = attrs.get("bufferization.writable")
    # `true` parses as an i1 IntegerAttr.
    return isinstance(value, IntegerAttr) and bool(value.value.data)


def is_entry_point(function: func.FuncOp) -> bool:
    return function.sym_visibility is None or function.sym_visibility.data == "public"


def analyse_module(
    module: ModuleOp, allow_unknown_ops: bool
) -> tuple[dict[func.FuncOp, FunctionAnalysis], dict[str, FunctionSummary]]:
    order = callee_first(module)
    writable: dict[str, set[int]] = {}
    for function in order:
        args = function.function_type.inputs.data
        writable[function.sym_name.data] = {
            i
            for i, t in enumerate(args)
            if not is_entry_point(function) or _declared_writable(function, i)
        }
    while True:
        summaries: dict[str, FunctionSummary] = {}
        analyses: dict[func.FuncOp, FunctionAnalysis] = {}
        for function in order:
            name = function.sym_name.data
            if not function.body.blocks:
                # A declaration: assume it reads its tensors, writes none, returns new buffers.
                summaries[name] = FunctionSummary(
                    reads={i: True for i in range(len(function.function_type.inputs.data))}
                )
                continue
            analysis = _analyse(function, summaries, writable[name], allow_unknown_ops)
            analyses[function] = analysis
            summaries[name] = analysis.summary()
        refused = _refused_call_sites(analyses, summaries)
        if not refused:
            return analyses, summaries
        for name, index in refused:
            writable[name].discard(index)


def _analyse(
    function: func.FuncOp, summaries: dict[str, FunctionSummary], writable: set[int], allow_unknown_ops: bool
) -> FunctionAnalysis:
    """The in-place analysis of one function; an unexpected failure is a diagnostic at the
    function, never a traceback."""
    try:
        analysis = FunctionAnalysis(function, summaries, writable, allow_unknown_ops)
        analysis.run()
    except DiagnosticException:
        raise
    except Exception as exc:  # noqa: BLE001 - turned into a located diagnostic
        emit_error(function, f"xfuse-bufferize: internal error analysing '@{function.sym_name.data}' "
                             f"({type(exc).__name__}: {exc})")
    return analysis


def _refused_call_sites(
    analyses: dict[func.FuncOp, FunctionAnalysis], summaries: dict[str, FunctionSummary]
) -> set[tuple[str, int]]:
    refused = set()
    for analysis in analyses.values():
        for op in analysis.ops:
            if not isinstance(op, func.CallOp):
                continue
            callee = op.callee.string_value()
            summary = summaries[callee]
            for i, operand in enumerate(op.operands):
                if is_tensor(operand) and summary.writes.get(i) and not analysis.is_inplace(op, i):
                    refused.add((callee, i))
    return refused

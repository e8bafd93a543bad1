"""Nesting an mlir-opt pass pipeline: the passes that change only the function they run on, run
in `func.func(...)` / `llvm.func(...)`, so that mlir-opt runs them on the functions in parallel.

A network's module has 100-250 functions once its loops are outlined (`Pipeline.outline_loops`);
mlir-opt runs a nested pipeline on the functions of a module on its thread pool, each function
through the whole nested run, and a module-level pass on one thread. The output is the same: each
nested pass changes only the function it runs on (checked byte for byte on the ten networks,
docs/backend-compile-time.md "Compile time of networks").

    nest_function_passes(["finalize-memref-to-llvm", "convert-arith-to-llvm", "convert-index-to-llvm"])
    == ["finalize-memref-to-llvm", "func.func(convert-arith-to-llvm,convert-index-to-llvm)"]
"""

from __future__ import annotations

FUNCTION_PASSES = frozenset({
    "expand-strided-metadata", "lower-affine", "scf-forall-to-for", "convert-scf-to-cf", "convert-vector-to-llvm",
    "convert-math-to-llvm", "convert-arith-to-llvm", "convert-index-to-llvm",
})
"""Lowering passes of any op that change nothing outside the function they run on (unlike
finalize-memref-to-llvm and convert-math-to-libm, which declare malloc/free and libm functions in
the module, or the module-anchored convert-func-to-llvm and convert-cf-to-llvm)."""
LLVM_FUNCTION_PASSES = frozenset({"convert-ub-to-llvm", "reconcile-unrealized-casts"})
"""The same after convert-func-to-llvm, on `llvm.func`s."""


def _split_passes(passes: list[str]) -> list[str]:
    """Pass-pipeline elements split at top-level commas (a step may hold several passes)."""
    out: list[str] = []
    for element in passes:
        depth, start = 0, 0
        for i, char in enumerate(element):
            depth += {"{": 1, "(": 1, "}": -1, ")": -1}.get(char, 0)
            if char == "," and depth == 0:
                out.append(element[start:i])
                start = i + 1
        out.append(element[start:])
    return out


def nest_function_passes(passes: list[str]) -> list[str]:
    """`passes` with every run of consecutive `FUNCTION_PASSES` nested in `func.func(...)` (and of
    `LLVM_FUNCTION_PASSES` in `llvm.func(...)`): mlir-opt runs a nested pipeline on the functions
    in parallel, each function through the whole run. Same output: each pass only changes the
    function it runs on. On ShuffleNet's outlined module (170 functions) these passes took 0.6 of
    mlir-opt's 2.3 s on one thread."""
    out: list[str] = []
    run: list[str] = []
    anchor = ""
    for element in [*_split_passes(passes), ""]:
        name = element.split("{", 1)[0]
        kind = "func.func" if name in FUNCTION_PASSES else "llvm.func" if name in LLVM_FUNCTION_PASSES else ""
        if run and kind != anchor:
            out.append(f"{anchor}({','.join(run)})")
            run = []
        if kind:
            run.append(element)
            anchor = kind
        elif element:
            out.append(element)
    return out

"""Optimize and compile an LLVM module in parallel parts: `llvm-split`, then `opt` + `llc` per part.

Why: a whole network's LLVM module is compiled by one `opt` and one `llc` process, one core,
while the machine has more. Once the network is cut into functions (xfuse-outline-groups), the
module splits into parts with no function in two parts; each part is optimized and compiled on
its own core, and `cc` links the objects as it links the one object otherwise.

    objects = compile_in_parts(work / "module.ll", pipeline, work, parts=8, workers=2)

What may change: `opt` no longer sees every function at once, so interprocedural optimizations
across parts (inlining, constant propagation into a callee) do not happen across them. The
outlined groups are `noinline` anyway, and the entry only calls them in order.

`jobs()` is how many parts compile at once: `$XFUSE_LLVM_JOBS` if set, else the CPUs this
process may use (at most 4); 1 turns the splitting off. Small modules (`MIN_SPLIT_BYTES`) and
modules of fewer than 4 functions are compiled whole.

Why more parts than jobs (`PARTS_PER_JOB`): `llvm-split` assigns functions to parts by a hash of
their names, blind to their size, so two parts of ShuffleNet took 5.0 and 7.9 s of `opt` + `llc`
and one core idled for 3 s. Eight smaller parts, the largest first, on two workers balance the
cores: the same module took 6.0 s instead of 7.9 (docs/backend.md).
"""

from __future__ import annotations

import os
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xfuse.backends.pipelines import Pipeline

MAX_JOBS = 4
PARTS_PER_JOB = 4
"""Parts per job: enough for the workers to even out unequal parts (module doc); each part costs
one more `opt` and `llc` start (tens of milliseconds)."""
WHOLE_MODULE_PASSES = "function(instsimplify),deadargelim,mergefunc"
"""Run by `opt` on the whole module before it is split (`compile_in_parts`; "" turns it off).

`mergefunc` keeps one of each set of identical functions and points every call at it: a network
repeats its blocks (ShuffleNet's 170 outlined loops are 78 distinct bodies, 1.6 of 3.3 MB of
LLVM IR), and once the copies sit in different parts nothing else merges them. ShuffleNet's
whole compile: 7.45 -> 5.6 s (median of 3 interleaved, cold cache; `opt` + `llc` on the parts
about half). The module compiled whole gets the same from `opt --enable-merge-functions`
(runner.MERGE_FUNCTIONS).

`deadargelim` (after `instsimplify`): once
caller and callee are in different parts, `opt -O3` can no longer drop an argument the callee
never reads, and the outlined loops have many. MLIR 22's `transform.loop.outline` passes the
constants a loop reads (a `<272 x float>` zero vector) as arguments, and a memref is a descriptor
of 3 + 2 x rank values of which a loop over static shapes reads one or two. `instsimplify` folds
the callee's reads of the descriptor it rebuilds (`extractvalue` of `insertvalue`), so that the
unread fields are dead; `deadargelim` then drops them from the internal functions and their
calls. ShuffleNet: 6109 arguments -> 1279, `llc` on the part holding the entry (about 170 calls)
0.76-1.0 -> 0.46-0.5 s, the whole compile 6.81 -> 6.45 s (median of 6 interleaved, cold cache);
the passes take 0.13 s."""
MIN_SPLIT_BYTES = 256 * 1024
"""Smaller LLVM modules are compiled whole."""
_DEFINITION = re.compile(r"^define ", re.MULTILINE)


def jobs() -> int:
    """How many parts to compile at once (module doc)."""
    if "XFUSE_LLVM_JOBS" in os.environ:
        return max(1, int(os.environ["XFUSE_LLVM_JOBS"]))
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, MAX_JOBS))


def defined_functions(llvm_ir: str) -> int:
    """How many functions a textual LLVM module defines."""
    return len(_DEFINITION.findall(llvm_ir))


def parts_for(module: Path, jobs: int) -> int:
    """The number of parts to split `module` (LLVM IR text) into for `jobs` workers: `PARTS_PER_JOB`
    per job, at most half as many as its functions; 1 when there is one job, when the module is
    small (below `MIN_SPLIT_BYTES`: more processes cost more than they save) or has too few
    functions (the entry and its C wrapper always make 2, so at least 4 are needed)."""
    if jobs < 2 or module.stat().st_size < MIN_SPLIT_BYTES:
        return 1
    functions = defined_functions(module.read_text())
    return min(jobs * PARTS_PER_JOB, functions // 2) if functions >= 4 else 1


def compile_in_parts(module: Path, pipeline: Pipeline, work: Path, parts: int, scheduler: bool = True,
                     workers: int | None = None) -> list[Path]:
    """`opt` and `llc` on `parts` parts of `module`, `workers` (default `jobs()`) at once, the
    largest part first (module doc); the object files, in the parts' order.
    `scheduler`: llc keeps its machine scheduler (runner.MACHINE_SCHEDULER_MAX_BYTES)."""
    from xfuse.backends.runner import _run_tool, llc_command, optimize_one, tool_path

    if pipeline.llvm_opt_level and WHOLE_MODULE_PASSES:
        whole = work / "whole.bc"
        _run_tool([str(tool_path("opt")), f"-passes={WHOLE_MODULE_PASSES}", str(module), "-o", str(whole)],
                  work, "opt")
        module = whole
    _run_tool([str(tool_path("llvm-split")), f"-j{parts}", "-o", str(work / "part"), str(module)], work, "llvm-split")
    inputs = [work / f"part{i}" for i in range(parts)]

    def build(source: Path) -> Path:
        if pipeline.llvm_opt_level:
            source = optimize_one(source, source.with_suffix(".bc"), pipeline, work)
        target = source.with_suffix(".o")
        _run_tool(llc_command(pipeline, source, target, scheduler), work, "llc")
        return target

    largest_first = sorted(inputs, key=lambda part: part.stat().st_size, reverse=True)
    with ThreadPoolExecutor(max_workers=max(1, min(parts, workers or jobs()))) as pool:
        objects = dict(zip(largest_first, pool.map(build, largest_first)))
    return [objects[part] for part in inputs]

"""Where a compiled network's run time goes: the time of each fused group of one call.

`instrument(module, entry)` takes a bufferized module (after `xfuse-bufferize`) and puts
`func.call @xfuse_group_tick(id)` before every top-level computation of a function (a fused
group's outermost loop, or an op left outside any group: a linalg op, a memref.copy) and
before its return. `group_clock.c`, compiled with `cc` and loaded RTLD_GLOBAL before the module
(the way benchmarks/heap.py loads the heap tracer), records (id, monotonic ns) per call, so each
computation gets the time from its tick to the next. Allocations, views and constants between
two computations are counted with the one before; the ticks themselves cost tens of
nanoseconds each.

    labels = instrument(module, entry)               # in place; one label per computation
    compiled = xfuse.compile_module(module, entry, "memref")
    rows = profile_groups(compiled, labels, *arguments, repeat=5)
"""

from __future__ import annotations

import ctypes
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):  # loaded by path: the repository's `benchmarks` package first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, i64
from xdsl.ir import Operation

from benchmarks.heap import load_c_library

SOURCE = Path(__file__).with_name("group_clock.c")
TICK = "xfuse_group_tick"
LOOPS = ("scf.forall", "scf.for", "scf.parallel")

_library: ctypes.CDLL | None = None


def load_clock() -> ctypes.CDLL:
    """Compile (once, cached by content) and load the tick library."""
    global _library
    if _library is None:
        library = load_c_library(SOURCE, "group-clock")
        library.xfuse_group_tick_count.restype = ctypes.c_int64
        library.xfuse_group_ticks_dropped.restype = ctypes.c_int64
        library.xfuse_group_tick_ids.restype = ctypes.POINTER(ctypes.c_int64)
        library.xfuse_group_tick_times.restype = ctypes.POINTER(ctypes.c_int64)
        _library = library
    return _library


def _computes(op: Operation) -> bool:
    return op.name in LOOPS or op.name.startswith("linalg.") or op.name == "memref.copy"


def instrument(module: ModuleOp, entry: str) -> list[str]:
    """Put a tick before each top-level computation and the return of function `entry` of the
    bufferized `module` (in place); the label of each tick id, in order: `group N` for the N-th
    outermost loop nest (the numbering of `xfuse.explain(module).groups()`), `outside any group:
    OP` for an op outside, `return` for the end. Loads the tick library: a module built from
    the instrumented one can only be loaded once `xfuse_group_tick` is defined in the process."""
    load_clock()
    if any(isinstance(op, func.FuncOp) and op.sym_name.data == TICK for op in module.ops):
        raise ValueError(f"the module is instrumented already (it declares @{TICK})")
    if any(op.name.startswith("tensor.") or op.name == "bufferization.to_tensor" for op in module.walk()):
        raise ValueError("instrument a bufferized module (after xfuse-bufferize): it still has tensor ops")
    function = next((op for op in module.ops if isinstance(op, func.FuncOp) and op.sym_name.data == entry
                     and op.body.blocks), None)
    if function is None:
        raise ValueError(f"no function @{entry} with a body in the module")
    labels: list[str] = []
    groups = 0
    for op in list(function.body.block.ops):
        if isinstance(op, func.ReturnOp):
            label = "return"
        elif op.name in LOOPS:
            groups += 1
            label = f"group {groups}"
        elif _computes(op):
            label = f"outside any group: {op.name}"
        else:
            continue
        ident = arith.ConstantOp(IntegerAttr(len(labels), i64))
        function.body.block.insert_ops_before([ident, func.CallOp(TICK, [ident.result], [])], op)
        labels.append(label)
    module.body.block.add_op(func.FuncOp.external(TICK, [i64], []))
    return labels


@dataclass(frozen=True)
class GroupTime:
    """The run time of one computation: its median over the calls, and its share of the call."""

    label: str
    median_ms: float
    share: float


def profile_groups(compiled, labels: list[str], *args, repeat: int = 5) -> list[GroupTime]:
    """Call `compiled` (built from an `instrument`ed module) `repeat` times on `args` after one
    warm-up; the median time of each computation, in IR order."""
    library = load_clock()
    samples: list[list[float]] = [[] for _ in labels[:-1]]
    for call in range(repeat + 1):
        bound = compiled.bind(*args)
        library.xfuse_group_ticks_reset()
        bound.invoke()
        count = library.xfuse_group_tick_count()
        if library.xfuse_group_ticks_dropped():
            raise RuntimeError("more ticks than the clock library holds")
        ids = library.xfuse_group_tick_ids()
        times = library.xfuse_group_tick_times()
        ticks = [(ids[i], times[i]) for i in range(count)]
        bound.release()
        if [i for i, _ in ticks] != list(range(len(labels))):
            raise RuntimeError(f"expected the ticks 0..{len(labels) - 1} once each, in order, got {len(ticks)}")
        if call == 0:
            continue  # warm-up
        for index in range(len(labels) - 1):
            samples[index].append((ticks[index + 1][1] - ticks[index][1]) / 1e6)
    medians = [statistics.median(s) for s in samples]
    total = sum(medians) or 1.0
    return [GroupTime(label, ms, ms / total) for label, ms in zip(labels, medians, strict=False)]

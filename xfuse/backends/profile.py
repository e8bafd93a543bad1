"""Where a compiled function's time goes: each fused group's time, GFLOP/s and share of the call.

    profile = profile_module(module, *arrays, entry="net", repeat=5)   # also Model.profile(x)
    print(profile.text())                                              # also xfuse-run --profile N

A *section* is one top-level computation of the entry function, in the IR the backend receives:
an outermost loop nest (a fused group, named as `xfuse-explain --groups` names it), or an op
outside every loop (a linalg op, a copy, a call). `instrument` puts `func.call
@xfuse_profile_tick(%id)` at the start of the function, right after each section and before the
return, so section i is the time from tick i to tick i + 1: the allocations and views in front of
a computation count with it, and the sections tile the whole body (their sum is the call, but for
the few instructions before the first tick and after the last). The tick, compiled from
`CLOCK_SOURCE` with the C compiler the backend links with and loaded RTLD_GLOBAL before the
instrumented shared object, appends (id, CLOCK_MONOTONIC ns, the thread's CPU-time ns) to a log; a
tick costs well under a microsecond. Ticks run on the calling thread only (a parallel loop is one
section), so the parallel pipelines are profiled the same way; two profiles must not run at once in
one process. A one-thread build is timed in the calling thread's CPU time (the section's work,
not the time the OS gave to other processes: on a loaded machine wall time read 0.8-2x the CPU
time of the same sections); a parallel build in wall time, since its workers' CPU time is not the
calling thread's.

A section's FLOPs are 2 x the multiply-accumulates of the contractions in it (convolutions,
matmuls, batch matmuls: `computes_products`), each op's static loop sizes times the static trip
counts of the loops around it; None when a size or a bound is dynamic, and for sections without a
contraction (their GFLOP/s is not given: elementwise ops are not counted).

A contraction outside every loop and the elementwise chain right after it (a ReLU, a residual
add: each op the only reader of the one before) are one section: the micro-kernel schedules
compute the chain in the contraction's register tiles, so timed apart the contraction would take
no time and the chain all of it. The backend may still move other work between sections; the
times still sum to the call.
"""

from __future__ import annotations

import ctypes
import hashlib
import math
import os
import statistics
import subprocess
import time
from dataclasses import dataclass
from typing import Any

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import DYNAMIC_INDEX, IntegerAttr, ModuleOp, ShapedType, i64
from xdsl.ir import Operation

from xfuse.diagnostics import emit_error, location_of

__all__ = ["Profile", "Section", "SectionTime", "instrument", "profile_compiled", "profile_module"]

TICK = "xfuse_profile_tick"
"""The function each tick calls (defined by `CLOCK_SOURCE`)."""

LOOP_OPS = ("scf.forall", "scf.for", "scf.parallel", "affine.for", "affine.parallel")

NOT_COMPUTING = frozenset({
    "arith.constant", "tensor.empty", "tensor.cast", "tensor.expand_shape", "tensor.collapse_shape",
    "tensor.extract_slice", "tensor.dim", "memref.alloc", "memref.alloca", "memref.dealloc", "memref.subview",
    "memref.expand_shape", "memref.collapse_shape", "memref.cast", "memref.view", "memref.get_global",
    "memref.reinterpret_cast", "memref.dim", "bufferization.to_tensor", "bufferization.to_buffer",
    "affine.apply", "affine.min", "affine.max", "func.return",
})
"""Ops that allocate, view or retype: they count with the next computation, they are no section."""

CLOCK_SOURCE = r"""
#include <stdint.h>
#include <time.h>
#define XFUSE_PROFILE_CAPACITY (1 << 20)
static int64_t ids[XFUSE_PROFILE_CAPACITY], stamps[XFUSE_PROFILE_CAPACITY], cpu[XFUSE_PROFILE_CAPACITY];
static int64_t count, dropped;
void xfuse_profile_tick(int64_t id) {
  struct timespec now, used;
  clock_gettime(CLOCK_MONOTONIC, &now);
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &used);
  if (count < XFUSE_PROFILE_CAPACITY) {
    ids[count] = id;
    cpu[count] = (int64_t)used.tv_sec * 1000000000 + used.tv_nsec;
    stamps[count++] = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
  } else {
    dropped++;
  }
}
void xfuse_profile_reset(void) { count = 0; dropped = 0; }
int64_t xfuse_profile_count(void) { return count; }
int64_t xfuse_profile_dropped(void) { return dropped; }
const int64_t *xfuse_profile_ids(void) { return ids; }
const int64_t *xfuse_profile_stamps(void) { return stamps; }
const int64_t *xfuse_profile_cpu_stamps(void) { return cpu; }
"""
"""The tick library: a log of (tick id, monotonic ns, thread CPU ns) that Python reads after each call."""

_clock: ctypes.CDLL | None = None


def load_clock() -> ctypes.CDLL:
    """Compile `CLOCK_SOURCE` (once, cached by content next to the backend's shared objects)
    and load it RTLD_GLOBAL, so an instrumented shared object loaded later finds the tick."""
    global _clock
    if _clock is not None:
        return _clock
    from xfuse.backends.runner import cache_root, tool_path

    key = hashlib.sha256(CLOCK_SOURCE.encode()).hexdigest()[:16]
    target = cache_root() / f"xfuse-profile-clock-{key}.so"
    if not target.is_file():
        source = target.with_suffix(f".{os.getpid()}.c")
        partial = target.with_suffix(f".{os.getpid()}.tmp")
        source.write_text(CLOCK_SOURCE)
        subprocess.run([str(tool_path("cc")), "-O2", "-shared", "-fPIC", "-o", str(partial), str(source)],
                       check=True, capture_output=True, text=True)
        source.unlink()
        os.replace(partial, target)
    library = ctypes.CDLL(str(target), mode=ctypes.RTLD_GLOBAL)
    for name in ("xfuse_profile_count", "xfuse_profile_dropped"):
        getattr(library, name).restype = ctypes.c_int64
    for name in ("xfuse_profile_ids", "xfuse_profile_stamps", "xfuse_profile_cpu_stamps"):
        getattr(library, name).restype = ctypes.POINTER(ctypes.c_int64)
    _clock = library
    return library


# Instrumenting -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """One top-level computation of the profiled function."""

    label: str
    """`group N: ...` (as `xfuse-explain --groups`) for a loop nest, else the op and its location."""
    flops: int | None
    """2 x multiply-accumulates of its contractions; None if unknown or it has none."""
    kind: str = ""
    """What it is, for totals: `linalg.conv_2d_nchw_fchw group` (a loop nest, by its first
    contraction), `loop nest without contraction`, or the op's name."""


def computes(op: Operation) -> bool:
    """A top-level op that is a section of its own: anything but allocations, views, retypes and
    scalar arithmetic."""
    if op.name in NOT_COMPUTING:
        return False
    if op.name.startswith(("arith.", "math.", "index.")):
        return any(isinstance(r.type, ShapedType) for r in op.results)
    return True


def instrument(module: ModuleOp, entry: str) -> list[Section]:
    """Put the ticks into function `entry` of `module` (in place, on tensors or memrefs) and
    declare the tick; the sections, in order. Errors are located at the op."""
    from xfuse.explain import explain

    if any(isinstance(op, func.FuncOp) and op.sym_name.data == TICK for op in module.ops):
        emit_error(module, f"the module is instrumented already (it declares @{TICK})")
    function = next((op for op in module.ops if isinstance(op, func.FuncOp) and op.sym_name.data == entry), None)
    if function is None:
        names = [op.sym_name.data for op in module.ops if isinstance(op, func.FuncOp) and op.body.blocks]
        emit_error(module, f"no function @{entry} to profile (functions: "
                           f"{', '.join('@' + n for n in names) or 'none'})")
    if not function.body.blocks:
        emit_error(function, f"@{entry} is a declaration: nothing to profile")
    if len(function.body.blocks) != 1:
        emit_error(function, f"@{entry} has {len(function.body.blocks)} blocks: the profile ticks a single-block body")
    block = function.body.block
    computations = [op for op in block.ops if computes(op)]
    if not computations:
        emit_error(function, f"@{entry} computes nothing (no loop nest, linalg op or copy): nothing to profile")
    groups = [g for g in explain(module).groups() if g.function == entry]
    loops = [op for op in computations if op.name in LOOP_OPS]
    named_groups = len(groups) == len(loops) and not any(op.name.startswith("scf.") and op.name not in LOOP_OPS
                                                         for op in computations)
    sections: list[Section] = []
    start = block.first_op
    for timed in _sections_of(computations):
        op = timed[0]
        if op.name in LOOP_OPS and named_groups:
            group = groups[loops.index(op)]
            label = group.line().removeprefix(f"@{entry} ")
        else:
            label = _op_label(op) + "".join(f", with {_op_label(after)}" for after in timed[1:])
        sections.append(Section(label, section_flops(op), _kind(op)))
        _tick_before(block, start, len(sections) - 1)
        start = timed[-1].next_op
    _tick_before(block, block.last_op, len(sections))
    module.body.block.add_op(func.FuncOp.external(TICK, [i64], []))
    return sections


def _sections_of(computations: list[Operation]) -> list[list[Operation]]:
    """The computations in sections: each alone, but a contraction outside loops with the
    elementwise chain right after it, each op of which is the next computation, the only reader
    of the op before and a `linalg.generic` with parallel loops only (a ReLU, a residual add).
    The backend's schedules compute such a chain in the contraction's register tiles, after a
    tick between them: timed apart, the contraction took no time and the chain all of it."""
    sections: list[list[Operation]] = []
    for op in computations:
        if sections and _continues_chain(sections[-1], op):
            sections[-1].append(op)
        else:
            sections.append([op])
    return sections


def _continues_chain(section: list[Operation], op: Operation) -> bool:
    from xfuse.transforms.network.roots import computes_products

    first, last = section[0], section[-1]
    if first.name in LOOP_OPS or not computes_products(first) or op.name != "linalg.generic":
        return False
    if len(last.results) != 1 or not last.results[0].has_one_use() or next(iter(last.results[0].uses)).operation is not op:
        return False
    return all(str(it.data) == "parallel" for it in op.properties["iterator_types"].data)


def _kind(op: Operation) -> str:
    from xfuse.transforms.network.roots import computes_products

    if op.name not in LOOP_OPS:
        return op.name
    root = next((inner for inner in op.walk() if computes_products(inner)), None)
    return f"{root.name} group" if root is not None else "loop nest without contraction"


def _op_label(op: Operation) -> str:
    where = location_of(op)
    name = f"{op.name} @{op.properties['callee'].string_value()}" if op.name == "func.call" else op.name
    return f"{name} at {where}" if where != "<unknown>" else name


def _tick_before(block, before: Operation | None, ident: int) -> None:
    constant = arith.ConstantOp(IntegerAttr(ident, i64))
    call = func.CallOp(TICK, [constant.result], [])
    if before is None:
        block.add_ops([constant, call])
    else:
        block.insert_ops_before([constant, call], before)


def section_flops(root: Operation) -> int | None:
    """2 x the multiply-accumulates of the contractions under `root` (itself included)."""
    from xfuse.interfaces.tiling_linalg import structured_view
    from xfuse.transforms.network.roots import computes_products, loop_sizes

    total, found = 0, False
    for op in root.walk():
        if not computes_products(op):
            continue
        found = True
        sizes = loop_sizes(structured_view(op))
        trips = _enclosing_trip_count(op, root)
        if None in sizes or trips is None:
            return None
        total += 2 * math.prod(sizes) * trips
    return total if found else None


def _enclosing_trip_count(op: Operation, root: Operation) -> int | None:
    """Iterations of the ops between `op` and `root` (root included), when all are static loops
    (or linalg ops and pads, whose bodies run per element of the op itself)."""
    product = 1
    current = op
    while current is not root:
        current = current.parent_op()
        if current is None:
            return None
        if current.name == "scf.forall":
            bounds = [current.properties[name].get_values()
                      for name in ("staticLowerBound", "staticUpperBound", "staticStep")]
            if any(DYNAMIC_INDEX in values for values in bounds):
                return None
            ranges = list(zip(*bounds, strict=True))
        elif current.name in ("scf.for", "scf.parallel"):
            rank = len(current.regions[0].block.args) if current.name == "scf.parallel" else 1
            values = [_constant(v) for v in current.operands[:3 * rank]]
            if None in values:
                return None
            ranges = list(zip(values[:rank], values[rank:2 * rank], values[2 * rank:], strict=True))
        elif current.name.startswith("linalg.") or current.name == "tensor.pad":
            continue
        else:
            return None  # an scf.if, an affine loop, ...: how often it runs is not known here
        for lower, upper, step in ranges:
            product *= max(0, -(-(upper - lower) // step))
    return product


def _constant(value) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


# Running -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SectionTime:
    """A section's median time over the calls, its share of the sum of the sections' medians
    (the shares sum to 1), its GFLOP/s."""

    index: int
    label: str
    median_ms: float
    share: float
    flops: int | None
    kind: str = ""

    @property
    def gflops(self) -> float | None:
        return None if self.flops is None or self.median_ms <= 0 else self.flops / self.median_ms / 1e6

    def record(self) -> dict[str, Any]:
        return {"section": self.index, "label": self.label, "kind": self.kind, "median_ms": self.median_ms,
                "share": self.share, "flops": self.flops, "gflops": self.gflops}


@dataclass(frozen=True)
class Profile:
    """The sections of one function, timed over `len(call_ms)` calls after a warm-up."""

    function: str
    pipeline: str
    sections: list[SectionTime]
    call_ms: list[float]
    """Time of each timed call of the instrumented function (the invoke, no argument binding), in
    `clock`."""
    section_ms: list[list[float]]
    """Per timed call, each section's time: their sum is within `call_ms` of that call."""
    arena_bytes: int | None = None
    """The size of the per-call arena the timed calls' buffers came from (xfuse/runtime/arena.py);
    None without arenas."""
    kept_as_loops: tuple[str, ...] = ()
    """Where the ops are that the vectorizer refused: scalar loops (`CompiledModule.kept_as_loops`)."""
    clock: str = "wall"
    """`cpu` (the calling thread's CPU time: one-thread builds) or `wall` (parallel builds)."""

    @property
    def total_ms(self) -> float:
        return statistics.median(self.call_ms)

    @property
    def covered(self) -> float:
        """Sum of the sections' medians over the call's median: about 1 (a little less: the call's
        entry and exit are in no section); far from 1, the calls' times varied (a busy machine)."""
        return sum(s.median_ms for s in self.sections) / self.total_ms if self.total_ms else 0.0

    @property
    def flops(self) -> int | None:
        known = [s.flops for s in self.sections if s.flops is not None]
        return sum(known) if known else None

    def text(self) -> str:
        flops = self.flops
        overall = f"; {flops / self.total_ms / 1e6:.2f} GFLOP/s over the call" if flops else ""
        # share: of the sum of the sections' medians, so that the column adds up to 100%
        lines = [f"profile of @{self.function} [pipeline {self.pipeline}]: {len(self.sections)} section{'s' if len(self.sections) != 1 else ''}, "
                 f"median of {len(self.call_ms)} calls {self.total_ms:.4f} ms "
                 f"({'CPU time of the calling thread' if self.clock == 'cpu' else 'wall time'}), the sections' "
                 f"medians add up to {self.covered:.1%} of it{overall}",
                 f"{'#':>4} {'median ms':>10} {'share':>7} {'GFLOP/s':>8}  section"]
        for s in self.sections:
            gflops = f"{s.gflops:>8.2f}" if s.gflops is not None else f"{'-':>8}"
            lines.append(f"{s.index:>4} {s.median_ms:>10.4f} {s.share:>7.1%} {gflops}  {s.label}")
        lines.append("by kind: " + "; ".join(f"{kind} x{n} {share:.1%}" for kind, n, _, share in self.by_kind()))
        if self.kept_as_loops:
            lines.append(f"not vectorized, run as scalar loops: the op(s) at {', '.join(self.kept_as_loops)}")
        if self.arena_bytes is not None:
            lines.append(f"arena: {self.arena_bytes / 2**20:.2f} MiB (the buffers of a call, results included)")
        return "\n".join(lines)

    __str__ = text

    def records(self) -> list[dict[str, Any]]:
        return [s.record() for s in self.sections]

    def by_kind(self) -> list[tuple[str, int, float, float]]:
        """(kind, sections, median ms, share) per kind of section, the largest first."""
        totals: dict[str, list] = {}
        for s in self.sections:
            entry = totals.setdefault(s.kind, [0, 0.0, 0.0])
            entry[0] += 1
            entry[1] += s.median_ms
            entry[2] += s.share
        return sorted(((kind, n, ms, share) for kind, (n, ms, share) in totals.items()), key=lambda row: -row[2])


def profile_compiled(compiled: Any, sections: list[Section], *args: Any, repeat: int = 5) -> Profile:
    """Call `compiled` (built from a module `instrument`ed into `sections`) `repeat` times on
    `args` after one warm-up call; the sections' times."""
    if repeat < 1:
        raise ValueError("repeat must be at least 1")
    library = load_clock()
    cpu = not compiled.pipeline.parallel  # one thread: all the work is the calling thread's
    now = time.thread_time if cpu else time.perf_counter
    expected = list(range(len(sections) + 1))
    per_call: list[list[float]] = []
    call_ms: list[float] = []
    for call in range(repeat + 1):
        bound = compiled.bind(*args)
        library.xfuse_profile_reset()
        start = now()
        bound.invoke()
        elapsed = (now() - start) * 1e3
        count = library.xfuse_profile_count()
        dropped = library.xfuse_profile_dropped()
        ids = library.xfuse_profile_ids()
        stamps = library.xfuse_profile_cpu_stamps() if cpu else library.xfuse_profile_stamps()
        ticks = [(ids[i], stamps[i]) for i in range(count)]
        bound.release()
        if dropped or [i for i, _ in ticks] != expected:
            raise RuntimeError(f"the profiled call ticked {[i for i, _ in ticks][:20]} (dropped {dropped}), "
                               f"expected the ticks 0..{len(sections)} once each, in order")
        if call == 0:
            continue  # warm-up: page faults, first touches
        per_call.append([(ticks[i + 1][1] - ticks[i][1]) / 1e6 for i in range(len(sections))])
        call_ms.append(elapsed)
    medians = [statistics.median(times[index] for times in per_call) for index in range(len(sections))]
    total = sum(medians)
    rows = [SectionTime(index + 1, section.label, ms, ms / total if total else 0.0, section.flops, section.kind)
            for index, (section, ms) in enumerate(zip(sections, medians, strict=True))]
    pool = compiled.arena_pool()
    plan = pool.plan if pool is not None else None
    return Profile(compiled.entry, compiled.pipeline.name, rows, call_ms, per_call,
                   arena_bytes=plan.bytes if plan is not None else None, kept_as_loops=compiled.kept_as_loops,
                   clock="cpu" if cpu else "wall")


def profile_module(module: ModuleOp, *args: Any, entry: str | None = None, pipeline: Any = None,
                   repeat: int = 5) -> Profile:
    """Instrument a copy of `module`, compile it (`compile_module`'s `pipeline`; default the
    backend's for the module) and profile `repeat` calls of `entry` (default: the only public
    function) on `args`."""
    from xfuse.backends.runner import compile_module, resolve_entry

    copy = module.clone()
    if entry is None:
        if not any(isinstance(op, func.FuncOp) and op.body.blocks for op in copy.ops):
            emit_error(module, "the module has no function with a body: nothing to profile")
        entry = resolve_entry(copy, None)
    sections = instrument(copy, entry)
    load_clock()  # before the shared object is loaded: it resolves the tick to this library
    compiled = compile_module(copy, entry, pipeline)
    return profile_compiled(compiled, sections, *args, repeat=repeat)


def rebuildable_pipeline(pipeline: Any) -> Any:
    """The pipeline to compile an instrumented copy with, from a `CompiledModule.pipeline`
    (specialized to its module): the named pipeline (for the same `threads`), or the object itself
    when specializing does not change it (no micro-kernel schedule, no host flags)."""
    from xfuse.backends.pipelines import PIPELINES, with_threads
    from xfuse.backends.runner import BackendError

    if pipeline.name in PIPELINES:
        return with_threads(PIPELINES[pipeline.name], pipeline.threads)
    if not (pipeline.microkernels or pipeline.host_cpu):
        return pipeline
    raise BackendError(f"cannot rebuild pipeline '{pipeline.name}' for the profile (it is not a named pipeline "
                       "and is specialized to its module): pass pipeline=")


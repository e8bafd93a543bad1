"""The schedule of the OpenMP worksharing loops that the parallel pipelines make of `scf.forall`.

`convert-scf-to-openmp` (MLIR 22) makes every `omp.wsloop` static and has no option for another
schedule: each thread gets a fixed, contiguous share of the iterations, so a region lasts as long
as its slower thread, whichever reason makes it slower (a tile remainder, another process taking
its CPU for a while, a core that the host's other tenants slow down). `schedule(guided)` hands the
iterations out at run time in chunks of decreasing size (libomp: the remaining count over twice
the team, down to one iteration), so a thread that finishes early takes what is left of the other's
share, at a few dispatches per thread and region (an atomic increment each). The tiles an
iteration computes do not depend on the thread that runs it: results are the same bit for bit.

The kind is set by the transform interpreter right after `convert-scf-to-openmp`
(`OMP_SCHEDULE_ENTRY`): `transform.annotate` of the `schedule_kind` property of every
`omp.wsloop`, which mlir-translate turns into libomp's dispatch calls.
"""

from __future__ import annotations

OMP_SCHEDULE: str | None = None
"""The `omp.wsloop` schedule the parallel pipelines set (`#omp<schedulekind ...>`: static,
dynamic, guided, auto, runtime); None leaves convert-scf-to-openmp's static loops. A module
attribute read when a pipeline gets its thread count (`with_threads`), for A/B measurements
(`benchmarks/threads.py --rounds N --schedules guided,none`). None because guided measured no
better: interleaved at SCHED_FIFO (2026-11-29, 8 rounds, load average 5 elsewhere),
DenseNet-121's two-thread call took 74.3 ms median guided and 71.1 ms static, ResNet-50's 99.4
and 96.2 ms; unshielded (the other load preempting our threads) 166.7 / 162.6 and 216.0 / 217.5
ms. Most regions have few iterations to hand out (a split op's two slices, a convolution's 2-8
filter blocks), and a thread preempted for a scheduler tick holds its chunk either way."""

OMP_SCHEDULE_KINDS = ("static", "dynamic", "guided", "auto", "runtime")
OMP_SCHEDULE_ENTRY = "xfuse_omp_schedule"
"""The named sequence of the transform library that sets the worksharing loops' schedule."""


def omp_schedule_step() -> str:
    """The pass that runs `OMP_SCHEDULE_ENTRY`, right after convert-scf-to-openmp."""
    return f"transform-interpreter{{entry-point={OMP_SCHEDULE_ENTRY}}}"


def omp_schedule_sequence(kind: str) -> str:
    """The transform library's named sequence giving every `omp.wsloop` the schedule `kind`."""
    if kind not in OMP_SCHEDULE_KINDS:
        raise ValueError(f"unknown OpenMP schedule kind {kind!r}; one of {', '.join(OMP_SCHEDULE_KINDS)}")
    return f"""\
  transform.named_sequence @{OMP_SCHEDULE_ENTRY}(%root: !transform.any_op {{transform.readonly}}) {{
    %wsloops = transform.structured.match ops{{["omp.wsloop"]}} in %root : (!transform.any_op) -> !transform.any_op
    %kind = transform.param.constant #omp<schedulekind {kind}> -> !transform.any_param
    transform.annotate %wsloops "schedule_kind" = %kind : !transform.any_op, !transform.any_param
    transform.yield
  }}
"""

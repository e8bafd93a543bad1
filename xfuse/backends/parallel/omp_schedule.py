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
`omp.wsloop`, which mlir-translate turns into libomp's dispatch calls. Which kind a module gets
is `schedule_for`'s: the pipeline's `OMP_SCHEDULE` where it computes `GUIDED_MIN_CONV_FLOPS` of
convolutions, static where it computes fewer or none (the transformers and the small networks,
where guided measured slower).
"""

from __future__ import annotations

import math
import re

OMP_SCHEDULE: str | None = "guided"
"""The `omp.wsloop` schedule the parallel pipelines set (`#omp<schedulekind ...>`: static,
dynamic, guided, auto, runtime); None leaves convert-scf-to-openmp's static loops. A module
attribute read when a pipeline gets its thread count (`with_threads`), for A/B measurements
(`benchmarks/flag_ab.py NET --threads 2 --flag xfuse.backends.parallel.omp_schedule:OMP_SCHEDULE
--values None,guided`). Guided since the tenth session: on this 2-vCPU guest one CPU is at times
slowed from outside, and a static even split then waits for it (docs/backend-threads.md,
"DenseNet-121's two threads after the row chunks"); the convolutions' loops now have many
iterations (filter blocks one register tile wide, row chunks times blocks) to hand out.
Interleaved at SCHED_FIFO (2026-11-30, 10-20 rounds, load about 1, host in its slow mode),
static / dynamic / guided at T=2: DenseNet-121 54.96 / 47.99 / 47.71 ms (guided faster in 12 of
12 rounds), ResNet-50 75.75 / 72.87 / 68.67, VGG-19 319.6 / 302.0 / 305.2, SqueezeNet 7.91 /
- / 7.22, the transformer layer 3.72 / - / 3.93 (guided faster in 9 of 20 rounds: level). The
ninth session measured guided no better (DenseNet-121 74.3 against 71.1 ms static), when the
filter blocks were 64 channels wide and the CPUs even. Since the twelfth session only modules
with a convolution get it (`schedule_for`); the others' loops are static."""

GUIDED_WITHOUT_CONVOLUTIONS = False
"""Whether a module that computes no convolution gets `OMP_SCHEDULE` too (`schedule_for`); False
(the default): its loops are static. A switch for A/B measurements (`flag_ab.py`)."""
GUIDED_MIN_CONV_FLOPS = 1_000_000_000
"""A module whose convolutions (as `convolution_flops` reads them off its text: the NHWC
convolutions, not the 1x1 layers made matmuls) add up to fewer FLOPs gets static loops even with
a convolution; 0 gives every module with a convolution `OMP_SCHEDULE`. Why: on the Zen 4
(eighteenth session) the small networks' regions are tens of microseconds, where guided's
run-time dispatch (an atomic per chunk, chunks down to one iteration) cost more than the balance
it buys. Interleaved at T=2 SCHED_FIFO, static over guided, with static the first build
(flag_ab's first build follows onnxruntime's call every round and read about 7% slow in a null
A/B) and after it: SqueezeNet (303 MFLOP read) 0.980 (10/12) and 0.921 (12/12), ShuffleNet (86)
0.955 (10/12) and 0.948 (11/12), MobileNetV3 (87) 0.962 (8/12) and 0.907 (10/12), DBNet (479)
0.988 and 0.965 (11/12); the CRNN (22) not (1.12 first, 0.894 after). 1 GFLOP keeps guided
where it was measured to win (tenth session, Zen 3: DenseNet-121, 3.3 GFLOP read; ResNet-50, 2.4;
VGG-19); on the Zen 4 ResNet-50 read static 1.007 (4/10), DenseNet-121 0.973 (7/10), one run each
(docs/backend-measurements.md, "Zen 4, eighteenth session")."""
CONVOLUTION_OPS = ("linalg.conv_", "linalg.depthwise_conv_")
"""The op names (prefixes, in generic or custom form) that make a module one of convolutions."""

OMP_SCHEDULE_KINDS = ("static", "dynamic", "guided", "auto", "runtime")
OMP_SCHEDULE_ENTRY = "xfuse_omp_schedule"
"""The named sequence of the transform library that sets the worksharing loops' schedule."""


def schedule_for(text: str, kind: str | None) -> str | None:
    """The schedule of the worksharing loops of the module `text` (as mlir-opt gets it), in a
    pipeline asking for `kind` (`OMP_SCHEDULE`): `kind` where the module computes a convolution,
    else `static`. Why: guided's gains were measured on convolution networks, whose register-tile
    loops hand out many equal tiles to a thread whose CPU the host slowed; the transformers'
    loops are weight panels (16-64 per matmul) and the parallel split's slices, in about 25
    short regions per layer, and there the static split measured faster, interleaved at
    SCHED_FIFO in one process (twelfth session, docs/backend-measurements.md): BERT small's
    two-thread call 0.77-1.00 of guided's (faster in 59 of 60, 68 of 80, 40 of 80, 65 of 100
    rounds), DistilBERT small 0.955-0.989, the zoo's transformer layer 0.955 (165 of 200). A
    module-wide rule, not a per-loop one: convert-scf-to-openmp drops the loops' attributes, so
    the transform step cannot tell a convolution's loop from a matmul's (where to refine it)."""
    if kind in (None, "static") or GUIDED_WITHOUT_CONVOLUTIONS:
        return kind
    if not any(op in text for op in CONVOLUTION_OPS):
        return "static"
    return kind if not GUIDED_MIN_CONV_FLOPS or convolution_flops(text) >= GUIDED_MIN_CONV_FLOPS else "static"


_T = r"tensor<([0-9x]+)x\w+>"
_CONV = re.compile(r'"?linalg\.(depthwise_)?conv_2d_nhwc_hwcf?\b"?(?:(?!linalg\.(?!yield))[\s\S])*?'
                   rf"(?:ins\([^:]*:\s*{_T},\s*{_T}\)\s*outs\([^:]*:\s*{_T}\)|:\s*\({_T},\s*{_T},\s*{_T}\))")
"""A convolution in its custom form (`ins(... : input, filter) outs(... : result)`) or its generic
one (`: (input, filter, result)` after its region), static types; up to the next linalg op."""


def convolution_flops(text: str) -> int:
    """2 x the multiply-adds of the NHWC convolutions of MLIR `text` printed in their custom form
    with static tensor types (`GUIDED_MIN_CONV_FLOPS`); others count nothing."""
    total = 0
    for match in _CONV.finditer(text):
        depthwise, *types = match.groups()
        _, filter_, result = [t for t in types if t is not None]
        dims = [int(d) for d in filter_.split("x")]
        total += 2 * math.prod(int(d) for d in result.split("x")) * math.prod(dims[:2] if depthwise else dims[:3])
    return total


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

"""LLVM's OpenMP runtime, which the `microkernel-openmp` pipeline (`threads` > 1) links into every
shared object: found in the `cmeel-libomp` wheel xfuse depends on, never among the system's
libraries (docs/backend-threads.md "Threads")."""

from __future__ import annotations

import os
from functools import cache
from importlib import metadata
from pathlib import Path

from xfuse.backends.toolchain import ToolchainError

OPENMP_RUNTIME = "libomp.so"
"""LLVM's OpenMP runtime, which the `microkernel-openmp` pipeline (`threads` > 1) links: the copy
the `cmeel-libomp` wheel (a dependency of xfuse) installs, found through that distribution's file
list, never a system library, so that `pip install` alone makes threads work (no apt, no root, no
LD_LIBRARY_PATH)."""
OPENMP_DISTRIBUTION = "cmeel-libomp"
OPENMP_WHEEL_PATH = "cmeel.prefix/lib/libomp.so"


@cache
def openmp_runtime() -> Path:
    """`OPENMP_RUNTIME` as installed by the `cmeel-libomp` wheel; a ToolchainError naming the
    wheel when it is not installed (or lacks the library)."""
    try:
        distribution = metadata.distribution(OPENMP_DISTRIBUTION)
    except metadata.PackageNotFoundError:
        raise ToolchainError(f"cannot find LLVM's OpenMP runtime ({OPENMP_RUNTIME}), which threads > 1 needs: the "
                             f"Python package '{OPENMP_DISTRIBUTION}' that ships it is not installed. Install it "
                             f"with `pip install {OPENMP_DISTRIBUTION}` (a dependency of xfuse), or use threads=1") from None
    for file in distribution.files or ():
        if file.as_posix() == OPENMP_WHEEL_PATH:
            path = Path(distribution.locate_file(file))
            if path.is_file():
                return path.resolve()
    raise ToolchainError(f"the installed '{OPENMP_DISTRIBUTION}' {distribution.version} holds no "
                         f"{OPENMP_WHEEL_PATH} (reinstall it with `pip install --force-reinstall "
                         f"{OPENMP_DISTRIBUTION}`), or use threads=1")


BLOCKTIME_VARIABLE = "KMP_BLOCKTIME"
IDLE_WORKERS_SLEEP = "1"
"""The `KMP_BLOCKTIME` (ms) xfuse gives LLVM's OpenMP runtime unless the user set one: a worker
spins 1 ms after a parallel region, then sleeps. libomp's default (200 ms of spinning after every
region) kept a core busy after each call, taken from whatever the process ran next: interleaved
with onnxruntime at two threads (ResNet-50, 2026-11-29 14:08 UTC, quiet machine) onnxruntime's
call took 101.6 ms median beside a spinning xfuse and 64.5 ms with sleeping workers. Sleeping at
once (0) costs within a call instead: the next region must wake the worker, and on this KVM guest
an idle vCPU halts, so a wake-up takes tens of microseconds, not the 1-3 us of a spinning worker.
Interleaved at SCHED_FIFO (`benchmarks/threads.py --rounds 12 --blocktimes 0,1 --realtime`,
2026-11-29 16:16 UTC, 12 rounds) DenseNet-121's two-thread call (235 regions) took 84.3 ms median
with 0 and 68.8 ms with 1, ResNet-50's (56 regions) 102.5 and 96.8 ms. 1 ms covers the serial
gaps between a call's regions and costs a neighbour at most 1 ms of one CPU after the call."""


def quiet_idle_workers() -> None:
    """Set `KMP_BLOCKTIME` to `IDLE_WORKERS_SLEEP` for this process unless it is set already
    (the user's value wins). Call before the OpenMP runtime initializes: libomp reads it at its
    first parallel region, so a module linking it must be loaded after this call."""
    os.environ.setdefault(BLOCKTIME_VARIABLE, IDLE_WORKERS_SLEEP)


DYNAMIC_VARIABLE = "OMP_DYNAMIC"
TEAMS_FIT_IDLE_CPUS = "true"
"""The `OMP_DYNAMIC` xfuse gives LLVM's OpenMP runtime unless the user set one: a region's team
may be smaller than its `num_threads` clause. libomp's dynamic mode on Linux (`load_balance`)
counts the running threads of the whole machine (from /proc, once a second: a scan took about
3 ms on this 2-vCPU guest) and forks at most as many threads as there are CPUs the other processes
leave idle, down to a serial team. A fork-join region waits at its join barrier for every thread
of its team: when another process holds a CPU, the worker runs only when the scheduler lets it,
and each of a call's regions waits for it. Small transformers at two threads, 100 regions per
call (BERT `exported.py --size small`, interleaved in one process, one busy-looping process
beside them, 2026-11-30 04:45 UTC): onnxruntime 17.3 ms, xfuse's one-thread build 17.9 ms, its
two-thread build 43.4 ms with fixed teams and 18.3 ms with dynamic ones (its regions serialized
by `omp_set_max_active_levels(0)`: 18.1 ms). On an idle machine every region still gets its full
team (docs/backend-threads.md, "Teams fit the idle CPUs"). The tiles of a region are the
iterations of its `omp.wsloop`, which a team of any size shares out: the result does not depend
on it (tests/backends/test_threads.py)."""


def teams_fit_idle_cpus() -> None:
    """Set `OMP_DYNAMIC` to `TEAMS_FIT_IDLE_CPUS` for this process unless it is set already (the
    user's value wins; `false` keeps every team at its `num_threads`, as a scaling measurement at
    SCHED_FIFO needs). Call before the OpenMP runtime initializes, as `quiet_idle_workers`."""
    os.environ.setdefault(DYNAMIC_VARIABLE, TEAMS_FIT_IDLE_CPUS)


def whole_teams() -> None:
    """Every region the calling thread forks from now on gets its whole `num_threads` team,
    whatever `OMP_DYNAMIC` said when libomp started (`omp_set_dynamic(0)`: the calling thread's
    dyn-var): for measurements of what a team of N threads does, in a process where libomp may
    already run with dynamic teams (a test session). Loads and initializes libomp, after the
    settings xfuse gives it."""
    import ctypes

    quiet_idle_workers()
    teams_fit_idle_cpus()
    ctypes.CDLL(str(openmp_runtime())).omp_set_dynamic(0)


def openmp_available() -> bool:
    """LLVM's OpenMP runtime (`libomp.so` of the `cmeel-libomp` wheel), which `microkernel-openmp`
    links, is installed."""
    try:
        openmp_runtime()
    except ToolchainError:
        return False
    return True

"""LLVM's OpenMP runtime, which the `microkernel-openmp` pipeline (`threads` > 1) links into every
shared object: found in the `cmeel-libomp` wheel xfuse depends on, never among the system's
libraries (docs/backend.md "Threads")."""

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
IDLE_WORKERS_SLEEP = "0"
"""The `KMP_BLOCKTIME` xfuse gives LLVM's OpenMP runtime unless the user set one: its workers
sleep as soon as a parallel region ends. libomp's default (200 ms of spinning after every region)
keeps a core busy after each call, taken from whatever the process runs next: interleaved with
onnxruntime at two threads (ResNet-50, 2026-11-29 14:08 UTC, quiet machine) onnxruntime's call
took 101.6 ms median beside a spinning xfuse and 64.5 ms with this setting, xfuse's own 158.4 ->
94.0 ms; alone, xfuse at two threads was level (`threads.py`: 97.0 and 92.8 ms). A region's wake-up
then costs a futex wake, a few microseconds, against ResNet-50's 56 regions of 0.1-7 ms."""


def quiet_idle_workers() -> None:
    """Set `KMP_BLOCKTIME` to `IDLE_WORKERS_SLEEP` for this process unless it is set already
    (the user's value wins). Call before the OpenMP runtime initializes: libomp reads it at its
    first parallel region, so a module linking it must be loaded after this call."""
    os.environ.setdefault(BLOCKTIME_VARIABLE, IDLE_WORKERS_SLEEP)


def openmp_available() -> bool:
    """LLVM's OpenMP runtime (`libomp.so` of the `cmeel-libomp` wheel), which `microkernel-openmp`
    links, is installed."""
    try:
        openmp_runtime()
    except ToolchainError:
        return False
    return True

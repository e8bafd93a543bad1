"""Every shell command and Python snippet in README.md and docs/ runs as written.

A fenced block labelled `sh` (or `bash`, `shell`) is split into commands (one per line, `\\`
continues a line; `#` comment lines and `$ ` prompts are dropped; in a `console` block only the
`$ ` lines are commands, the rest is output), each run with bash from the
repository root, the venv's tools first on PATH: it must exit 0. A block labelled `python` is run
as a script (`python -c`) from the repository root: it must exit 0. Blocks labelled otherwise
(`mlir`, `text`, ...) are not run; an unlabelled block that contains a command is a failure (label
it, so that it is either run or visibly skipped).

An HTML comment alone on the last non-blank line before a fence changes that:

    <!-- docs-test: skip (why it cannot run as written) -->   not run; the reason is required
    <!-- docs-test: slow -->                                   run only without `-m "not slow"`
    <!-- docs-test: heavy -->                                  a benchmark run of minutes: only with
                                                               `--heavy` (tests/conftest.py), not in CI

Failures name the snippet as `file:line` (the line of the command, or of the fence).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHELL_LABELS = {"sh", "bash", "shell", "console"}
COMMAND_WORDS = ("xfuse-", "xdsl-opt", "mlir-opt", "python ", "python3 ", "bash ", "pip ", "lit ", ". .venv")
MARKER = re.compile(r"<!--\s*docs-test:\s*(skip|slow|heavy)\b\s*(?:\((.*)\))?\s*-->")
TIMEOUT = 1800


@dataclass(frozen=True)
class Snippet:
    path: Path
    line: int
    """1-based line of the command (shell) or of the opening fence (python)."""
    kind: str
    """`shell` or `python`."""
    code: str
    skip: str | None = None
    mark: str | None = None
    """`slow` or `heavy` (a pytest marker), from the block's docs-test comment."""

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


@dataclass(frozen=True)
class Fence:
    path: Path
    line: int
    label: str
    body: list[str]
    marker: tuple[str, str | None] | None


def doc_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def fences(path: Path) -> list[Fence]:
    lines = path.read_text(encoding="utf-8").splitlines()
    found, index = [], 0
    while index < len(lines):
        opening = re.match(r"^(\s*)(```+|~~~+)\s*([\w+-]*)", lines[index])
        if not opening:
            index += 1
            continue
        indent, fence, label = opening.groups()
        previous = next((lines[i].strip() for i in range(index - 1, -1, -1) if lines[i].strip()), "")
        marker = MARKER.fullmatch(previous)
        end = index + 1
        while end < len(lines) and not lines[end].strip().startswith(fence):
            end += 1
        body = [line[len(indent):] if line.startswith(indent) else line for line in lines[index + 1:end]]
        found.append(Fence(path, index + 1, label.lower(), body,
                           (marker.group(1), marker.group(2)) if marker else None))
        index = end + 1
    return found


def _commands(fence: Fence) -> list[tuple[int, str]]:
    """(line, command) of a shell block: continuations joined, prompts and comments dropped."""
    commands, pending, start = [], "", 0
    for offset, raw in enumerate(fence.body):
        line = raw.strip()
        if not pending:
            start = fence.line + 1 + offset
            if fence.label == "console" and not line.startswith("$ "):
                continue  # a console block shows output: only `$ ` lines are commands
            line = line.removeprefix("$ ")
            if not line or line.startswith("#"):
                continue
        if line.endswith("\\"):
            pending += line[:-1].rstrip() + " "
            continue
        commands.append((start, pending + line))
        pending = ""
    return commands


def snippets() -> list[Snippet]:
    found = []
    for path in doc_files():
        for fence in fences(path):
            skip = mark = None
            if fence.marker is not None:
                kind, reason = fence.marker
                skip = (reason or "") if kind == "skip" else None
                mark = kind if kind in ("slow", "heavy") else None
            if fence.label in SHELL_LABELS:
                for line, command in _commands(fence):
                    found.append(Snippet(path, line, "shell", command, skip, mark))
            elif fence.label == "python":
                found.append(Snippet(path, fence.line, "python", "\n".join(fence.body), skip, mark))
    return found


def _params() -> list:
    params = []
    for snippet in snippets():
        marks = [getattr(pytest.mark, snippet.mark)] if snippet.mark else []
        params.append(pytest.param(snippet, id=snippet.where, marks=marks))
    return params


def _environment(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["VIRTUAL_ENV"] = str(Path(sys.executable).parent.parent)
    env["XFUSE_FAILURE_DIR"] = str(tmp_path / "failures")
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


@pytest.mark.parametrize("snippet", _params())
def test_snippet_runs_as_written(snippet: Snippet, tmp_path: Path):
    if snippet.skip is not None:
        pytest.skip(f"{snippet.where}: marked docs-test: skip ({snippet.skip})")
    if snippet.kind == "shell":
        command = ["bash", "-o", "pipefail", "-c", snippet.code]
    else:
        command = [sys.executable, "-c", snippet.code]
    try:
        process = subprocess.run(command, cwd=ROOT, env=_environment(tmp_path), capture_output=True,
                                 text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{snippet.where}: timed out after {TIMEOUT} s: {snippet.code}")
    if process.returncode != 0:
        shown = snippet.code if snippet.kind == "shell" else "\n".join(
            f"  {i:3d} | {line}" for i, line in enumerate(snippet.code.splitlines(), snippet.line + 1))
        pytest.fail(
            f"{snippet.where}: the documented {snippet.kind} snippet exits {process.returncode}:\n{shown}\n"
            f"--- stdout (tail) ---\n{_tail(process.stdout)}\n--- stderr (tail) ---\n{_tail(process.stderr)}",
            pytrace=False,
        )


def _tail(text: str, lines: int = 30) -> str:
    return "\n".join(text.rstrip().splitlines()[-lines:])


def test_skipped_snippets_say_why():
    skipped = [s for s in snippets() if s.skip is not None]
    unexplained = [s.where for s in skipped if not s.skip.strip()]
    assert not unexplained, f"docs-test: skip markers without a reason at {', '.join(unexplained)}"
    print(f"{len(skipped)} documented snippet(s) marked docs-test: skip:")
    for snippet in skipped:
        print(f"  {snippet.where}: {snippet.skip}")


def test_no_command_hides_in_an_unlabelled_block():
    hidden = []
    for path in doc_files():
        for fence in fences(path):
            if fence.label or fence.marker is not None:
                continue
            for offset, line in enumerate(fence.body):
                if line.strip().removeprefix("$ ").startswith(COMMAND_WORDS):
                    hidden.append(f"{path.relative_to(ROOT)}:{fence.line + 1 + offset}: {line.strip()}")
    assert not hidden, ("commands in unlabelled code blocks (label the fence `sh` so the docs test runs them, "
                        "or `text` for output):\n" + "\n".join(hidden))


def test_markers_sit_on_fences():
    # A marker must be the last non-blank line before a fence, or it silently applies to nothing.
    stray = []
    for path in doc_files():
        lines = path.read_text(encoding="utf-8").splitlines()
        for index, line in enumerate(lines):
            if MARKER.fullmatch(line.strip()):
                following = next((lines[i] for i in range(index + 1, len(lines)) if lines[i].strip()), "")
                if not re.match(r"^\s*(```|~~~)", following):
                    stray.append(f"{path.relative_to(ROOT)}:{index + 1}")
    assert not stray, f"docs-test markers not followed by a code fence: {', '.join(stray)}"


def test_the_parser_finds_the_readme_commands():
    # A guard on the collector itself: README's install command and Python example are found.
    found = {(s.path.name, s.kind, s.code) for s in snippets()}
    assert ("README.md", "shell", "bash scripts/main.sh") in found
    assert any(name == "README.md" and kind == "python" for name, kind, _ in found)


def test_commands_are_split_as_documented(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("text\n\n<!-- docs-test: slow -->\n```console\n$ xfuse-opt a.mlir \\\n    -p cse\noutput line\n"
                    "$ echo done   # a comment stays in the command\n```\n\n```sh\n# only a comment\nls\n```\n")
    first, second = fences(page)
    assert first.marker == ("slow", None) and first.label == "console"
    assert _commands(first) == [(5, "xfuse-opt a.mlir -p cse"), (8, "echo done   # a comment stays in the command")]
    assert _commands(second) == [(13, "ls")]

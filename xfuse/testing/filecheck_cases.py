"""One function of a FileCheck test file as a module of its own, for the differential tests that
run each case of a pass's FileCheck file through the backend."""

from __future__ import annotations

from pathlib import Path


def case_function(path: Path, name: str) -> str:
    """`func.func @name` of the file at `path` with the file's `#alias = ...` lines before it
    (a function ends at the first line that is `}` alone)."""
    text = path.read_text()
    aliases = "\n".join(line for line in text.splitlines() if line.startswith("#"))
    start = text.index(f"\nfunc.func @{name}(") + 1
    end = text.index("\n}\n", start) + 3
    return aliases + "\n" + text[start:end]

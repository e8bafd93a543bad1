"""C sources the backend links into every shared object (the strided `memrefCopy`, the arena's
allocation functions), compiled once per source and C compiler."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path


def cached_c_object(source: str, stem: str, compiler: Path, directory: Path, run_tool) -> Path:
    """The object file of C `source` compiled by `compiler` (`cc`) into `directory`, built once
    and reused (named `xfuse-<stem>-<hash of source and compiler>.o`). `run_tool(command, work,
    name)` runs the compiler with the backend's diagnostics."""
    key = hashlib.sha256(f"{source}\0{compiler}".encode()).hexdigest()[:16]
    target = directory / f"xfuse-{stem}-{key}.o"
    if target.is_file():
        return target
    with tempfile.TemporaryDirectory(prefix=f"{stem}-", dir=directory) as tmp:
        work = Path(tmp)
        (work / f"{stem}.c").write_text(source)
        run_tool([str(compiler), "-std=gnu99", "-O2", "-fPIC", "-c", str(work / f"{stem}.c"),
                  "-o", str(work / f"{stem}.o")], work, "cc")
        os.replace(work / f"{stem}.o", target)  # atomic: concurrent builders agree on the content
    return target

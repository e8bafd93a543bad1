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


def assert_rewrite_computes_the_same(source: str, rewrite, seed: int, what: str):
    """Parse `source`, apply `rewrite` (module -> result) to it, verify it, and check that both it and
    `source`, compiled by the `default` and `microkernel` pipelines, give the same results on seeded
    random inputs (`what` names the case in a failure); `rewrite`'s result."""
    from xfuse.backends.runner import compile_module, random_inputs
    from xfuse.parsing import parse
    from xfuse.testing.differential import assert_same_results

    module = parse(source)
    result = rewrite(module)
    module.verify()
    arrays = random_inputs(next(iter(module.ops)), seed=seed)
    for pipeline in ("default", "microkernel"):
        assert_same_results(compile_module(source, pipeline=pipeline), compile_module(module, pipeline=pipeline),
                            arrays, f"{what} ({pipeline})")
    return result

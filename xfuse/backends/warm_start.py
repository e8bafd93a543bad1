"""Prepare the build while torch-mlir's helper imports the model: import the Python modules the
build loads lazily and compile the C runtime objects into the cache, on a background thread.

Why: loading a network is serial Python (prepare, parse, xfuse's passes, emission) around
subprocesses. While torch-mlir's helper process imports and lowers the model (DenseNet-121:
2-3 s on one core), the caller only waits on a pipe and the other core idles; afterwards the
build imports some 80 modules (the passes, the dialects xfuse adds, the schedules: 0.8-1.2 s)
and `cc` compiles the arena and the strided copy for a cold cache (0.3 s) on its critical path.
`warm_up_in_background()` does both during that wait instead. It changes nothing the build
computes: an import is the same import, and the C objects are the same cached files
(`cached_c_object`, content-keyed and written atomically).

    warm = warm_up_in_background()    # just before waiting on the helper
    ...                               # the build imports what is already there

Safe to run beside the caller: it only imports xfuse's and xDSL's own modules, which never
import the caller's, so no cycle of import locks can form; a failure here is ignored (the build
then meets the same failure itself and reports it where it happens).
"""

from __future__ import annotations

import importlib
import pkgutil
import threading

WARM_PACKAGES = ("xfuse.backends", "xfuse.backends.schedules", "xfuse.backends.in_place", "xfuse.backends.parallel",
                 "xfuse.backends.lowering_fixes")
"""Packages whose every module is imported: the backend (`compile_module` imports its rewrites
and `Pipeline.for_module` the schedules lazily)."""

WARM_MODULES = ("xfuse.onnx.model", "xfuse.transforms.lower_tm_tensor", "xfuse.transforms.math_approx",
                "xfuse.transform_interp.interpreter")
"""Further modules the build of an imported network imports."""

WARM_DIALECTS = ("arith", "bufferization", "func", "linalg", "math", "tensor", "tm_tensor", "transform")
"""Dialects loaded (their xfuse additions imported) as the parser and the schedules first use them."""


def warm_up() -> None:
    """Import what the build of an imported network imports lazily (the passes of
    `DEFAULT_PASSES` among it), fill the caches it reads (the host CPU, the C libraries) and
    compile the C runtime objects into the cache."""
    from xfuse.context import make_context
    from xfuse.onnx.model import DEFAULT_PASSES
    from xfuse.passes import parse_pipeline

    for package in WARM_PACKAGES:
        for info in pkgutil.iter_modules(importlib.import_module(package).__path__, f"{package}."):
            importlib.import_module(info.name)
    for name in WARM_MODULES:
        importlib.import_module(name)
    context = make_context()
    for dialect in WARM_DIALECTS:
        context.get_optional_dialect(dialect)
    parse_pipeline(DEFAULT_PASSES)
    from xfuse.backends.runner import _c_libraries
    from xfuse.backends.target import host_target

    host_target()  # runs `llc --version` once (cached)
    _c_libraries()  # ctypes' search for libc and libm (cached)
    _build_runtime_objects()


def _build_runtime_objects() -> None:
    """The C objects every shared object links (`build_shared_object`), in the cache."""
    from xfuse.backends.runner import _run_tool, cache_root, tool_path
    from xfuse.backends.lowering_fixes.strided_copy import strided_copy_object
    from xfuse.runtime import arena_c
    from xfuse.runtime.c_object import cached_c_object

    compiler, root = tool_path("cc"), cache_root()
    strided_copy_object(compiler, root, _run_tool)
    cached_c_object(arena_c.source(), "arena", compiler, root, _run_tool)


def _warm_up_quietly() -> None:
    try:
        warm_up()
    except Exception:  # noqa: BLE001 - the build meets and reports the same failure (module doc)
        pass


def warm_up_in_background() -> threading.Thread:
    """`warm_up()` started on a daemon thread (the caller need not wait for it); the thread."""
    thread = threading.Thread(target=_warm_up_quietly, name="xfuse-warm-start", daemon=True)
    thread.start()
    return thread

"""Peak memory of intermediates of one call of a compiled module, measured by tracing its heap.

Method (docs/benchmarks.md): the module is compiled with the usual lowering pipeline except that
`finalize-memref-to-llvm` gets `use-generic-functions=true`, so every buffer bufferization
allocates (`memref.alloc`, including allocations inside loops, once per iteration) goes through
`_mlir_memref_to_llvm_alloc`/`_aligned_alloc`/`_free`. `heap_trace.c`, compiled with `cc` and
loaded RTLD_GLOBAL before the module, defines them: libc does the work, each call is recorded.

One call is replayed event by event. The buffers still live when the call returns are its
results (the caller frees them); every other buffer is an intermediate. The **peak of
intermediates** is the largest sum of bytes of live intermediates at any moment of the call; the
peak of all buffers (results included) is reported too. Stack allocations (`memref.alloca`) and the
inputs (numpy's arrays, passed in) are not heap buffers of the call and are not counted.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
from dataclasses import dataclass, replace
from pathlib import Path

from xfuse.backends.pipelines import Pipeline, Step, get_pipeline
from xfuse.backends.toolchain import find_c_compiler

SOURCE = Path(__file__).with_name("heap_trace.c")
FINALIZE = "finalize-memref-to-llvm"
TRACED_FINALIZE = "finalize-memref-to-llvm{use-generic-functions=true}"

_library: ctypes.CDLL | None = None


def traced_pipeline(name: str | Pipeline | None = None) -> Pipeline:
    """`name` (default: `default`) with allocations routed to the traced functions.

    Loads the tracing library first: a module built with this pipeline can only be loaded once
    the allocation functions are defined in the process."""
    load_tracer()
    base = get_pipeline(name)
    steps = tuple(Step(TRACED_FINALIZE, s.why + " Allocation through the generic functions (heap tracing).")
                  if s.passes == FINALIZE else s for s in base.steps)
    if steps == base.steps:
        raise ValueError(f"pipeline '{base.name}' has no '{FINALIZE}' step to trace")
    return replace(base, name=f"{base.name}+heap-trace", steps=steps)


def load_c_library(source_path: Path, stem: str) -> ctypes.CDLL:
    """Compile a C file of benchmarks/ into a shared object (once, cached by content) and load it
    RTLD_GLOBAL, so that shared objects loaded afterwards resolve the functions it defines."""
    return ctypes.CDLL(str(c_library(source_path, stem)), mode=ctypes.RTLD_GLOBAL)


def c_library(source_path: Path, stem: str) -> Path:
    """The shared object of a C file of benchmarks/, compiled once and cached by content."""
    source = source_path.read_text()
    key = hashlib.sha256(source.encode()).hexdigest()[:16]
    root = Path(os.environ.get("XFUSE_CACHE_DIR", Path(os.environ.get("TMPDIR", "/tmp")) / f"xfuse-cache-{os.getuid()}"))
    root.mkdir(parents=True, exist_ok=True)
    target = root / f"{stem}-{key}.so"
    if not target.is_file():
        partial = target.with_suffix(f".{os.getpid()}.tmp")
        subprocess.run([str(find_c_compiler()), "-O2", "-shared", "-fPIC", "-o", str(partial), str(source_path)],
                       check=True, capture_output=True, text=True)
        partial.rename(target)
    return target


def load_tracer() -> ctypes.CDLL:
    """Compile (once, cached by content) and load the tracing library, RTLD_GLOBAL so that
    shared objects loaded afterwards resolve the allocation functions to it."""
    global _library
    if _library is not None:
        return _library
    library = load_c_library(SOURCE, "heap-trace")
    library.xfuse_heap_event_count.restype = ctypes.c_int64
    library.xfuse_heap_dropped.restype = ctypes.c_int64
    library.xfuse_heap_addresses.restype = ctypes.POINTER(ctypes.c_void_p)
    library.xfuse_heap_bytes.restype = ctypes.POINTER(ctypes.c_int64)
    _library = library
    return library


@dataclass(frozen=True)
class HeapProfile:
    """What one call allocated on the heap."""

    peak_intermediate_bytes: int
    """Largest total size of live buffers that the call did not return, at any moment."""
    peak_total_bytes: int
    """Largest total size of live buffers, results included."""
    result_bytes: int
    allocations: int
    intermediate_allocations: int


def profile_events(events: list[tuple[int, int]]) -> HeapProfile:
    """Replay (address, bytes) events (bytes -1: free) of one call."""
    live: dict[int, int] = {}  # address -> allocation index
    sizes: list[int] = []
    for address, size in events:
        if size >= 0:
            live[address] = len(sizes)
            sizes.append(size)
        elif live.pop(address, None) is None:
            raise ValueError(f"free of {address:#x}, which this call did not allocate")
    escaped = set(live.values())
    current_all = current_mid = peak_all = peak_mid = 0
    allocation = 0
    sizes_by_address: dict[int, int] = {}
    for address, size in events:
        if size >= 0:
            sizes_by_address[address] = allocation
            current_all += size
            if allocation not in escaped:
                current_mid += size
            allocation += 1
        else:
            index = sizes_by_address.pop(address)
            current_all -= sizes[index]
            current_mid -= sizes[index]  # a freed buffer is never a result
        peak_all = max(peak_all, current_all)
        peak_mid = max(peak_mid, current_mid)
    return HeapProfile(peak_mid, peak_all, sum(sizes[i] for i in escaped), len(sizes), len(sizes) - len(escaped))


def profile_call(compiled, *args) -> HeapProfile:
    """Call `compiled` (built with `traced_pipeline`) once on `args` and profile its heap."""
    library = load_tracer()
    bound = compiled.bind(*args)
    library.xfuse_heap_reset()
    bound.invoke()
    count = library.xfuse_heap_event_count()
    dropped = library.xfuse_heap_dropped()
    addresses = library.xfuse_heap_addresses()
    sizes = library.xfuse_heap_bytes()
    events = [(addresses[i] or 0, sizes[i]) for i in range(count)]
    bound.release()
    if dropped:
        raise RuntimeError(f"the heap trace overflowed ({dropped} events dropped): raise XFUSE_HEAP_CAPACITY")
    return profile_events(events)

"""`memrefCopy` for the compiled shared objects: one `memcpy` per contiguous run, not per element.

Why: mlir-opt 22 lowers a `memref.copy` between memrefs that are not both contiguous (a channel
slice in NHWC) to a call of the C runner utils' `memrefCopy`, which copies one element at a time
(a `memcpy` of 4 bytes per float). One-shot-bufferize makes such copies wherever it cannot compute
a value in place: DenseNet-121 concatenates every dense layer's 32 new channels to all the
channels before it, and copying the previous concatenation (up to 992 channels) that way was a
third of its call (perf: `memrefCopy` and the `memmove`s it calls against the network's own code).

This module's C function has the same name and ABI (`memrefCopy(element size, unranked source,
unranked destination)`, the descriptor layout of CRunnerUtils.h). It merges the trailing
dimensions that are contiguous in both memrefs into one run and copies each run with one
`memcpy`; a run of one element is the upstream behaviour. It is compiled once per C compiler
(cached as an object file next to the built shared objects) and linked into every shared
object with hidden visibility, so the module's calls bind to it at link time, the runtime
library's own `memrefCopy` stays unused, and nothing is exported.
"""

from __future__ import annotations

from pathlib import Path

from xfuse.runtime.c_object import cached_c_object

SOURCE = r"""
#include <stdint.h>
#include <string.h>

typedef struct { int64_t rank; void *descriptor; } UnrankedMemRef;
typedef struct { char *allocated; char *aligned; int64_t offset; int64_t sizes_then_strides[]; } Descriptor;

__attribute__((visibility("hidden")))
void memrefCopy(int64_t element_size, UnrankedMemRef *source, UnrankedMemRef *target) {
  int64_t rank = source->rank;
  Descriptor *from = (Descriptor *)source->descriptor, *to = (Descriptor *)target->descriptor;
  char *src = from->aligned + from->offset * element_size;
  char *dst = to->aligned + to->offset * element_size;
  if (rank == 0) {
    memcpy(dst, src, (size_t)element_size);
    return;
  }
  const int64_t *sizes = from->sizes_then_strides;
  const int64_t *src_strides = from->sizes_then_strides + rank;
  const int64_t *dst_strides = to->sizes_then_strides + rank;
  for (int64_t axis = 0; axis < rank; ++axis)
    if (sizes[axis] == 0) return;
  /* The trailing dimensions contiguous in both memrefs form one run of `run` elements. */
  int64_t outer = rank, run = 1;
  while (outer > 0 && src_strides[outer - 1] == run && dst_strides[outer - 1] == run) {
    run *= sizes[outer - 1];
    --outer;
  }
  if (run == 1) { /* the innermost dimension is strided: element by element along it */
    outer = rank;
  }
  int64_t index[outer > 0 ? outer : 1];
  for (int64_t axis = 0; axis < outer; ++axis) index[axis] = 0;
  size_t bytes = (size_t)(run * element_size);
  int64_t src_at = 0, dst_at = 0;
  for (;;) {
    memcpy(dst + dst_at * element_size, src + src_at * element_size, bytes);
    int64_t axis = outer - 1;
    for (; axis >= 0; --axis) {
      src_at += src_strides[axis];
      dst_at += dst_strides[axis];
      if (++index[axis] < sizes[axis]) break;
      src_at -= src_strides[axis] * sizes[axis];
      dst_at -= dst_strides[axis] * sizes[axis];
      index[axis] = 0;
    }
    if (axis < 0) return;
  }
}
"""
"""The C source (C99: a variable-length index array; `memcpy` for every run)."""


def strided_copy_object(compiler: Path, directory: Path, run_tool) -> Path:
    """The object file of `SOURCE` compiled by `compiler` (`cc`) into `directory`, built once
    and reused (xfuse/runtime/c_object.py)."""
    return cached_c_object(SOURCE, "strided-copy", compiler, directory, run_tool)

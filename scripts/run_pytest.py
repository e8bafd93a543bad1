"""Run pytest and leave the process with pytest's exit status, skipping the interpreter's teardown.

The test process holds several native runtimes in one address space: torch-mlir's MLIR bindings,
onnxruntime's thread pools, libomp, MLIR's async runtime and the hundreds of shared objects the
tests compile and load. At exit their static destructors and atexit handlers run in an order no
one chose. CI once aborted there ("free(): invalid pointer") after every test had passed; the
suite under glibc's checking allocator found no corruption, and the abort did not reproduce
(docs/testing.md). The verdict is pytest's, so the process ends with it as soon as pytest returns.
"""

from __future__ import annotations

import os
import sys

import pytest

if __name__ == "__main__":
    sys.path.insert(0, os.getcwd())  # as `python -m pytest` does
    status = int(pytest.main(sys.argv[1:]))
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)

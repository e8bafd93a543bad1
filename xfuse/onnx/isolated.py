"""Run a step that can abort the process (torch-mlir's native code) in a helper process.

torch-mlir's importer and lowering run C++ in the caller's process, and some of its lowerings
end in `llvm_unreachable` or a failed assertion (a 2-D `Det`, an `Einsum` to a scalar, ...):
SIGABRT, and the caller's interpreter is gone. `call_isolated(what, function, *args)` runs
`function(*args)` in a helper process (`python -m xfuse.onnx.isolated`) that imports torch-mlir
once and serves call after call, so a call costs a round trip, not an import. The helper's
`OnnxError` comes back as an `OnnxError`; a helper that dies becomes an `OnnxError` saying what
it was doing and quoting what it printed before dying, and the next call starts a new helper.

A plain subprocess, not `multiprocessing`: its start methods other than `fork` run the caller's
`__main__` again, and `fork` copies whatever threads the caller has.
"""

from __future__ import annotations

import importlib
import os
import pickle
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import traceback
from collections.abc import Callable
from typing import Any, BinaryIO

from xfuse.onnx.errors import OnnxError

PRELOAD = ("xfuse.onnx.importer", "torch_mlir.extras.onnx_importer", "torch_mlir.dialects.torch",
           "torch_mlir.passmanager")
"""Modules the helper imports when it starts, once for every call it serves."""

_QUOTED_LINES = 6
"""Lines of a dead helper's stderr the error quotes (the last ones before its stack dump)."""

_HEADER = struct.Struct("<Q")


class _Helper:
    """The helper process, its pipes and the file its stderr goes to: an unnamed temporary
    file, so nothing is left in the temporary directory however the caller ends."""

    def __init__(self) -> None:
        self.stderr = tempfile.TemporaryFile(prefix="xfuse-onnx-helper-")
        # the caller's import path, so that the helper imports the same xfuse
        environment = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        self.process = subprocess.Popen([sys.executable, "-m", "xfuse.onnx.isolated"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.stderr, env=environment)

    def call(self, what: str, function: Callable[..., Any], args: tuple) -> Any:
        start = os.fstat(self.stderr.fileno()).st_size
        try:
            _write(self.process.stdin, (function.__module__, function.__qualname__, args))
            kind, payload = _read(self.process.stdout)
        except (EOFError, OSError, pickle.UnpicklingError):
            code = self.process.wait()
            quoted = _quote(self.stderr, start)
            self.close()
            raise OnnxError(f"{what}: the process doing it died ({_exit_text(code)}){quoted}") from None
        if kind == "error":
            raise OnnxError(payload)
        if kind == "exception":
            raise RuntimeError(f"{what} failed in its helper process:\n{payload}")
        return payload

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.stderr.close()


_helper: _Helper | None = None
_lock = threading.Lock()


def _running_helper() -> _Helper:
    """The helper process, started if there is none or it died (call with `_lock` held)."""
    global _helper
    if _helper is None or not _helper.alive():
        if _helper is not None:
            _helper.close()
        _helper = _Helper()
    return _helper


def start_helper() -> None:
    """Start the helper now, if none runs, without waiting for it. Its start (a Python process
    importing torch-mlir: 1.5-2.5 s) then runs on another core while the caller does other work
    before its first call: `xfuse.onnx.importer.import_model` starts it before it prepares the
    model (DenseNet-121's preparation: 1.3 s)."""
    with _lock:
        _running_helper()


def call_isolated(what: str, function: Callable[..., Any], *args: Any) -> Any:
    """`function(*args)` (a module-level function; picklable arguments and result) run in the
    helper process; `what` names the step in the error when the helper dies."""
    with _lock:
        return _running_helper().call(what, function, args)


def _write(stream: BinaryIO | None, value: Any) -> None:
    assert stream is not None
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _read(stream: BinaryIO | None) -> Any:
    assert stream is not None
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        raise EOFError
    size = _HEADER.unpack(header)[0]
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    return pickle.loads(data)


def _exit_text(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return signal.Signals(-code).name
        except ValueError:
            return f"signal {-code}"
    return f"exit code {code}"


def _quote(stderr: BinaryIO, start: int) -> str:
    # pread: the helper's stderr shares this file's offset, which a seek would move
    try:
        fd = stderr.fileno()
        text = os.pread(fd, os.fstat(fd).st_size - start, start).decode(errors="replace")
    except (OSError, ValueError):
        return ""
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    for marker in ("Stack dump:", "PLEASE submit a bug report"):
        cut = next((i for i, line in enumerate(lines) if line.startswith(marker)), None)
        if cut is not None:
            lines = lines[:cut]
    lines = lines[-_QUOTED_LINES:]
    return (":\n" + "\n".join(f"  | {line}" for line in lines)) if lines else ""


def serve() -> None:
    """The helper's loop: (module, function, args) in, ("ok" | "error" | "exception", ...) out,
    until its stdin closes. The protocol has stdin and the original stdout to itself: what
    native code prints on stdout goes to stderr."""
    requests = sys.stdin.buffer
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    for module in PRELOAD:
        try:
            importlib.import_module(module)
        except ImportError:
            pass  # the call that needs it reports it
    while True:
        try:
            module, name, args = _read(requests)
        except EOFError:
            return
        try:
            function = getattr(importlib.import_module(module), name)
            reply = ("ok", function(*args))
        except OnnxError as exc:
            reply = ("error", exc.message)
        except Exception:  # noqa: BLE001 - not a diagnostic: sent back whole, a bug to report
            reply = ("exception", traceback.format_exc())
        _write(replies, reply)


if __name__ == "__main__":
    serve()

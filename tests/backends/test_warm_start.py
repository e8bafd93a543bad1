"""The warm start (xfuse/backends/warm_start.py): what the build of an imported network imports
lazily and the C objects it links are ready once `warm_up()` has run, so that doing it while
torch-mlir's helper works takes them off the load's critical path."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from xfuse.backends import warm_start

pytest.importorskip("onnx")
pytest.importorskip("torch_mlir")

REPOSITORY = Path(__file__).resolve().parents[2]


def test_build_imports_nothing_after_the_warm_up(tmp_path):
    """In a fresh process: import a small network, warm up, compile it; the compile imports no
    xfuse module the warm-up did not (a module the build newly imports lazily belongs in
    `WARM_MODULES` or a `WARM_PACKAGES` package)."""
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(REPOSITORY / "tests" / "onnx")!r})
        from onnx_test_models import tiny_conv_model
        import xfuse.onnx.importer as importer
        from xfuse.backends import warm_start

        importer.warm_up_in_background = lambda: None  # warmed up below, in this thread
        imported = importer.import_model(tiny_conv_model())
        warm_start.warm_up()
        before = set(sys.modules)
        from xfuse.onnx.model import Model
        Model.compile(imported)
        print(" ".join(sorted(n for n in set(sys.modules) - before if n.startswith("xfuse"))))
    """)
    process = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600,
                             env={**_environment(), "XFUSE_CACHE_DIR": str(tmp_path)})
    assert process.returncode == 0, process.stderr[-3000:]
    imported_late = process.stdout.split()
    assert imported_late == [], f"the build imported these after the warm-up: {imported_late}"


def test_warm_up_builds_the_runtime_objects(tmp_path, monkeypatch):
    """A cold cache holds the arena's and the strided copy's objects after the warm-up, the very
    files `build_shared_object` links (cached_c_object's names)."""
    monkeypatch.setenv("XFUSE_CACHE_DIR", str(tmp_path))
    warm_start.warm_up()
    built = sorted(path.name.split("-")[1] for path in tmp_path.glob("xfuse-*.o"))
    assert built == ["arena", "strided"]


def test_background_warm_up_is_a_daemon_thread(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_CACHE_DIR", str(tmp_path))
    thread = warm_start.warm_up_in_background()
    assert thread.daemon
    thread.join(timeout=300)
    assert not thread.is_alive() and len(list(tmp_path.glob("xfuse-*.o"))) == 2


def _environment() -> dict[str, str]:
    import os

    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}

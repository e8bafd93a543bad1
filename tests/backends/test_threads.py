"""`threads=N`: the entry points (compile_module, run, xfuse-run --threads) run the code on N
threads with LLVM's OpenMP runtime from the `cmeel-libomp` wheel, agree with one thread, and
refuse bad values; the runtime the process maps is the wheel's, never a system libomp.
(`xfuse.onnx.load(threads=)` against onnxruntime: tests/onnx/test_onnx_networks.py.)"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

import numpy as np
import pytest

import xfuse
from xfuse.backends import toolchain
from xfuse.backends.pipelines import DEFAULT_THREADS, get_pipeline, with_threads
from xfuse.backends.runner import BackendError, random_inputs
from xfuse.tools.xfuse_run import main as xfuse_run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MLP = EXAMPLES / "mlp.mlir"


def _mapped_openmp_runtimes() -> set[str]:
    """The OpenMP runtimes this process has mapped (from /proc/self/maps)."""
    with open("/proc/self/maps") as maps:
        return {line.split()[-1] for line in maps if "omp" in line.rsplit("/", 1)[-1] and "/" in line}


@pytest.fixture(scope="module")
def mlp():
    return xfuse.parse_file(str(MLP))


def test_two_threads_agree_with_one_through_compile_module_and_run(mlp):
    one = xfuse.compile_module(mlp)
    two = xfuse.compile_module(mlp, threads=2)
    assert one.pipeline.name == "microkernel" and one.pipeline.threads is None
    assert two.pipeline.name == "microkernel-openmp" and two.pipeline.threads == 2
    inputs = random_inputs(one.signature, seed=5)
    (expected,) = one(*inputs)
    for _ in range(3):  # the team is reused across calls
        np.testing.assert_allclose(two(*inputs)[0], expected, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(xfuse.run(mlp, *inputs, threads=2)[0], expected, rtol=1e-5, atol=1e-5)


def test_the_runtime_is_the_wheels_libomp(mlp):
    compiled = xfuse.compile_module(mlp, threads=2)
    compiled(*random_inputs(compiled.signature, seed=0))
    wheel = str(toolchain.openmp_runtime())
    assert "cmeel.prefix" in wheel
    mapped = _mapped_openmp_runtimes()
    assert wheel in mapped, mapped
    assert not [path for path in mapped if path.endswith("libomp.so.5")], mapped  # no system libomp


def test_every_parallel_region_gets_the_thread_count():
    spec = with_threads(get_pipeline("microkernel"), 3).spec()
    assert "convert-scf-to-openmp{num-threads=3}" in spec and "scf-forall-to-for" not in spec
    assert with_threads(get_pipeline("microkernel"), 1) == get_pipeline("microkernel")
    assert DEFAULT_THREADS == 1
    # the named OpenMP pipeline: on every CPU unless told, else the count asked for
    assert with_threads(get_pipeline("microkernel-openmp"), None) == get_pipeline("microkernel-openmp")
    assert with_threads(get_pipeline("microkernel-openmp"), 2).threads == 2


@pytest.mark.parametrize("bad", [0, -1, 1.5, "2", True])
def test_bad_thread_counts_are_refused(mlp, bad):
    with pytest.raises(BackendError, match=r"threads must be a positive integer .*got"):
        xfuse.compile_module(mlp, threads=bad)


def test_threads_on_a_single_thread_pipeline_is_an_error(mlp):
    with pytest.raises(BackendError, match="threads=2: pipeline 'default' runs on one thread"):
        xfuse.compile_module(mlp, pipeline="default", threads=2)


def test_missing_wheel_names_the_package(monkeypatch):
    def missing(name):
        raise metadata.PackageNotFoundError(name)

    toolchain.openmp_runtime.cache_clear()
    toolchain.runtime_library.cache_clear()
    monkeypatch.setattr(metadata, "distribution", missing)
    try:
        with pytest.raises(toolchain.ToolchainError, match=r"'cmeel-libomp' that ships it is not installed.*pip install"):
            toolchain.runtime_library("libomp.so")
    finally:
        monkeypatch.undo()
        toolchain.openmp_runtime.cache_clear()
        toolchain.runtime_library.cache_clear()


def test_xfuse_run_threads_checks_against_one_thread(capsys):
    with pytest.raises(SystemExit) as info:
        xfuse_run([str(MLP), "--threads", "2", "--check"])
    out, err = capsys.readouterr()
    assert info.value.code == 0, err
    assert "[pipeline microkernel-openmp, 2 threads, seed 0]" in out and "check: ok" in out


@pytest.mark.parametrize("bad", ["0", "-2", "two"])
def test_xfuse_run_refuses_a_bad_thread_count(capsys, bad):
    with pytest.raises(SystemExit) as info:
        xfuse_run([str(MLP), "--threads", bad])
    _, err = capsys.readouterr()
    assert info.value.code == 1 and "argument --threads" in err and "Traceback" not in err

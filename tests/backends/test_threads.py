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
from xfuse.backends.pipelines import DEFAULT_THREADS, get_pipeline, with_runtime_checks, with_threads
from xfuse.backends.profile import rebuildable_pipeline
from xfuse.backends.runner import BackendError, random_inputs
from xfuse.runtime import openmp
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
    assert rebuildable_pipeline(two.pipeline).threads == 2  # a profile runs on the same threads


def test_the_runtime_is_the_wheels_libomp(mlp):
    compiled = xfuse.compile_module(mlp, threads=2)
    compiled(*random_inputs(compiled.signature, seed=0))
    wheel = str(openmp.openmp_runtime())
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
    checked = with_threads(with_runtime_checks(get_pipeline("microkernel")), 2)  # xfuse-run --runtime-checks --threads 2
    assert checked.name == "microkernel-openmp+runtime-checks" and checked.runtime_checks
    assert "num-threads=2" in checked.spec()


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

    openmp.openmp_runtime.cache_clear()
    toolchain.runtime_library.cache_clear()
    monkeypatch.setattr(metadata, "distribution", missing)
    try:
        with pytest.raises(toolchain.ToolchainError, match=r"'cmeel-libomp' that ships it is not installed.*pip install"):
            toolchain.runtime_library("libomp.so")
    finally:
        monkeypatch.undo()
        openmp.openmp_runtime.cache_clear()
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


CONV_1X1_NCHW = """func.func @conv(%input: tensor<1x8x24x24xf32>, %w: tensor<1x1x8x16xf32>) -> tensor<1x16x24x24xf32> {
  %e0 = tensor.empty() : tensor<1x24x24x8xf32>
  %x = linalg.transpose ins(%input : tensor<1x8x24x24xf32>) outs(%e0 : tensor<1x24x24x8xf32>) permutation = [0, 2, 3, 1]
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1x24x24x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x24x24x16xf32>) -> tensor<1x24x24x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x24x24x8xf32>, tensor<1x1x8x16xf32>) outs(%init : tensor<1x24x24x16xf32>) -> tensor<1x24x24x16xf32>
  %e1 = tensor.empty() : tensor<1x16x24x24xf32>
  %out = linalg.transpose ins(%y : tensor<1x24x24x16xf32>) outs(%e1 : tensor<1x16x24x24xf32>) permutation = [0, 3, 1, 2]
  return %out : tensor<1x16x24x24xf32>
}
"""


def test_a_two_dimensional_forall_runs_each_tile_once():
    """SqueezeNet's first 1x1 convolution, cut down: its register tiles are a 24 x 4 forall. MLIR
    22's async-parallel-for (the `microkernel-parallel` pipeline xfuse had) ran blocks past the
    end of such a loop from its start again, and this result came out up to 4x too large; the
    OpenMP worksharing loop runs each tile once."""
    reference = xfuse.compile_module(CONV_1X1_NCHW, pipeline="default")
    inputs = random_inputs(reference.signature, seed=0)
    (expected,) = reference(*inputs)
    (got,) = xfuse.compile_module(CONV_1X1_NCHW, threads=2)(*inputs)
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


_TEAM = """
import os, sys
import xfuse
from xfuse.backends.runner import random_inputs
compiled = xfuse.compile_module(xfuse.parse_file(sys.argv[1]), threads=int(sys.argv[2]))
inputs = random_inputs(compiled.signature)
before = len(os.listdir("/proc/self/task"))
compiled(*inputs)
print(sorted({line.split()[-1] for line in open("/proc/self/maps") if "omp" in line.rsplit("/", 1)[-1]}))
print(len(os.listdir("/proc/self/task")) - before)
"""

SYSTEM_LIBOMP = Path("/usr/lib/x86_64-linux-gnu/libomp.so.5")


@pytest.mark.parametrize("threads", [2, 3])
def test_a_call_runs_on_the_team_it_asked_for(threads, tmp_path):
    """libomp starts threads - 1 workers for the call (the caller is the team's first thread),
    whatever the CPU count: the `num_threads` clause decides, not libomp's default (every CPU).
    In a fresh process, so that no other library's threads are counted; with a decoy `libomp.so`
    (the system's, where there is one) first in LD_LIBRARY_PATH, which the loader must not take;
    with fixed teams (`OMP_DYNAMIC=false`: on a busy machine xfuse's default shrinks them)."""
    import os
    import subprocess
    import sys

    if SYSTEM_LIBOMP.is_file():
        (tmp_path / "libomp.so").symlink_to(SYSTEM_LIBOMP)
    environment = {**os.environ, "LD_LIBRARY_PATH": str(tmp_path), openmp.DYNAMIC_VARIABLE: "false"}
    process = subprocess.run([sys.executable, "-c", _TEAM, str(MLP), str(threads)], capture_output=True, text=True,
                             timeout=600, env=environment)
    assert process.returncode == 0, process.stderr
    mapped, workers = process.stdout.splitlines()[-2:]
    assert int(workers) == threads - 1
    assert mapped == repr([str(openmp.openmp_runtime())])


_RUNTIME_SETTING = """
import ctypes, sys
import xfuse
from xfuse.backends.runner import random_inputs
from xfuse.runtime import openmp
compiled = xfuse.compile_module(xfuse.parse_file(sys.argv[1]), threads=2)
compiled(*random_inputs(compiled.signature, seed=0))
print(getattr(ctypes.CDLL(str(openmp.openmp_runtime())), sys.argv[2])())
"""


def _runtime_setting(variable: str, preset: str | None, getter: str) -> int:
    """What libomp's `getter` returns after a two-thread call in a fresh process (the runtime reads
    its environment once) whose environment sets `variable` to `preset` (None: unset)."""
    import os
    import subprocess
    import sys

    environment = {key: value for key, value in os.environ.items() if key != variable}
    if preset is not None:
        environment[variable] = preset
    process = subprocess.run([sys.executable, "-c", _RUNTIME_SETTING, str(MLP), getter], capture_output=True,
                             text=True, timeout=600, env=environment)
    assert process.returncode == 0, process.stderr
    return int(process.stdout.splitlines()[-1])


@pytest.mark.parametrize("preset, expected", [(None, int(openmp.IDLE_WORKERS_SLEEP)), ("50", 50)])
def test_idle_workers_sleep_unless_the_user_set_a_blocktime(preset, expected):
    """libomp's workers spin 200 ms after every region by default, taking a core from what the
    process runs next (xfuse/runtime/openmp.py, `IDLE_WORKERS_SLEEP`); xfuse sets KMP_BLOCKTIME=1
    (ms) before the runtime starts, and a value the user set wins. Read back from the runtime
    itself, in a fresh process (the runtime reads the variable once)."""
    assert _runtime_setting(openmp.BLOCKTIME_VARIABLE, preset, "kmp_get_blocktime") == expected


@pytest.mark.parametrize("preset, expected", [(None, 1), ("false", 0)])
def test_teams_fit_the_idle_cpus_unless_the_user_set_omp_dynamic(preset, expected):
    """A region waits at its join for every thread of its team, so when other processes hold the
    CPUs xfuse lets libomp fork fewer threads than the `num_threads` clause (`OMP_DYNAMIC=true`,
    xfuse/runtime/openmp.py `TEAMS_FIT_IDLE_CPUS`), set before the runtime starts; a value the
    user set wins. Read back from the runtime, in a fresh process (it reads the variable once)."""
    assert _runtime_setting(openmp.DYNAMIC_VARIABLE, preset, "omp_get_dynamic") == expected


def test_whole_teams_overrides_dynamic_teams_on_the_calling_thread():
    """The benchmarks that measure a team of N (threads.py, its busy counter) call
    `openmp.whole_teams()`: in a process whose libomp started with dynamic teams (a test session,
    where the other worker keeps a CPU busy) their regions would otherwise run on one thread."""
    import ctypes

    runtime = ctypes.CDLL(str(openmp.openmp_runtime()))
    before = runtime.omp_get_dynamic()
    runtime.omp_set_dynamic(ctypes.c_int(1))
    try:
        openmp.whole_teams()
        assert runtime.omp_get_dynamic() == 0
    finally:
        runtime.omp_set_dynamic(ctypes.c_int(before))


def test_a_team_smaller_than_asked_computes_the_same(mlp):
    """A dynamic team (`teams_fit_idle_cpus`) may be one thread where the region asked for two: the
    region's tiles are the iterations of its `omp.wsloop`, which any team shares out, so a call
    with every region serialized (`omp_set_max_active_levels(0)` on the calling thread: teams of
    one) returns the same bits as with whole teams."""
    import ctypes

    two = xfuse.compile_module(mlp, threads=2)
    inputs = random_inputs(two.signature, seed=5)
    whole = two(*inputs)[0]
    runtime = ctypes.CDLL(str(openmp.openmp_runtime()))
    levels = runtime.omp_get_max_active_levels()
    runtime.omp_set_max_active_levels(ctypes.c_int(0))
    try:
        serial = two(*inputs)[0]
    finally:
        runtime.omp_set_max_active_levels(ctypes.c_int(levels))
    assert np.array_equal(serial, whole)


def test_the_worksharing_loops_get_the_schedule_asked_for(mlp, monkeypatch, tmp_path):
    """`OMP_SCHEDULE` (xfuse/backends/parallel/omp_schedule.py): convert-scf-to-openmp's loops
    are static (`None`); with a kind set (the default `guided`), the transform step right after it gives every `omp.wsloop` that
    schedule, which the shared object runs through libomp's dispatch calls, with the same result
    bit for bit (a tile's arithmetic does not depend on the thread that computes it)."""
    from xfuse.backends import runner
    from xfuse.backends.parallel import omp_schedule

    assert omp_schedule.OMP_SCHEDULE == "guided"  # the default (module docstring); None: static
    monkeypatch.setattr(omp_schedule, "GUIDED_WITHOUT_CONVOLUTIONS", True)  # the MLP has none (`schedule_for`)
    monkeypatch.setattr(omp_schedule, "OMP_SCHEDULE", None)
    static = xfuse.compile_module(mlp, threads=2)
    assert omp_schedule.OMP_SCHEDULE_ENTRY not in static.pipeline.spec("lib.mlir")
    monkeypatch.setattr(omp_schedule, "OMP_SCHEDULE", "guided")
    built: list[tuple[str, object]] = []  # what mlir-opt gets
    build = runner.build_shared_object
    monkeypatch.setattr(runner, "build_shared_object",
                        lambda text, pipeline, cache=True: built.append((text, pipeline)) or build(text, pipeline, cache))
    guided = xfuse.compile_module(mlp, threads=2)
    assert guided.pipeline.omp_schedule == "guided"
    assert f"transform-interpreter{{entry-point={omp_schedule.OMP_SCHEDULE_ENTRY}}}" in guided.pipeline.spec("lib.mlir")
    ((text, pipeline),) = built
    runner._run_tool(runner.lower_to_llvm_dialect_command(text, pipeline, tmp_path), tmp_path, "mlir-opt")
    lowered = (tmp_path / "lowered.mlir").read_text()
    assert lowered.count("omp.wsloop schedule(guided)") == lowered.count("omp.wsloop") > 0
    libraries = {name: Path(compiled._library._name).read_bytes() for name, compiled in (("static", static), ("guided", guided))}
    assert b"__kmpc_dispatch_init" in libraries["guided"] and b"__kmpc_dispatch_init" not in libraries["static"]
    inputs = random_inputs(static.signature, seed=3)
    for _ in range(3):
        assert np.array_equal(guided(*inputs)[0], static(*inputs)[0])


def _captured_builds(monkeypatch) -> list[tuple[str, object]]:
    """The (MLIR text, pipeline) of every shared object built from here on."""
    from xfuse.backends import runner

    built: list[tuple[str, object]] = []
    build = runner.build_shared_object
    monkeypatch.setattr(runner, "build_shared_object",
                        lambda text, pipeline, cache=True: built.append((text, pipeline)) or build(text, pipeline, cache))
    return built


def _assert_two_thread_loops(module, built, work, kind: str, seed: int) -> None:
    """`module` built at two threads: every `omp.wsloop` mlir-opt makes of it has schedule `kind`,
    and it agrees with the one-thread build on random inputs."""
    from xfuse.backends import runner

    two = xfuse.compile_module(module, threads=2)
    text, pipeline = built[-1]
    work.mkdir()
    runner._run_tool(runner.lower_to_llvm_dialect_command(text, pipeline, work), work, "mlir-opt")
    lowered = (work / "lowered.mlir").read_text()
    assert lowered.count(f"omp.wsloop schedule({kind})") == lowered.count("omp.wsloop") > 0
    inputs = random_inputs(two.signature, seed=seed)
    np.testing.assert_allclose(two(*inputs)[0], xfuse.compile_module(module)(*inputs)[0], rtol=1e-5, atol=1e-5)


def test_only_modules_with_convolutions_get_the_run_time_schedule(mlp, monkeypatch, tmp_path):
    """`schedule_for`: a module of matmuls (the transformers' panels and slices) keeps static
    loops at the default `guided`, one with a convolution gets `guided` (the lowered IR's
    `omp.wsloop`s), and both compute what the one-thread build does."""
    from xfuse.backends.parallel import omp_schedule
    from xfuse.backends.parallel.omp_schedule import schedule_for

    monkeypatch.setattr(omp_schedule, "GUIDED_MIN_CONV_FLOPS", 0)  # any convolution (its own test below)
    assert schedule_for('"linalg.matmul"(%a, %b, %c)', "guided") == "static"
    assert schedule_for("%y = linalg.conv_2d_nhwc_hwcf {dilations", "guided") == "guided"
    assert schedule_for('"linalg.depthwise_conv_2d_nhwc_hwc"(%a)', "dynamic") == "dynamic"
    assert schedule_for("linalg.matmul", None) is None
    built = _captured_builds(monkeypatch)
    conv = CONV_1X1_NCHW.replace("24", "56").replace("16", "64")  # 25.7 MFLOP: parallel (PARALLEL_MIN_FLOPS)
    for module, kind in ((mlp, "static"), (xfuse.parse(conv), "guided")):
        _assert_two_thread_loops(module, built, tmp_path / kind, kind, seed=5)


def test_a_module_of_little_convolution_work_keeps_static_loops(mlp, monkeypatch, tmp_path):
    """`GUIDED_MIN_CONV_FLOPS` (1 GFLOP): the convolutions' FLOPs read off the text decide
    guided or static; a 3.2 MFLOP 1x1 layer is under a 4 MFLOP floor and over a 3 MFLOP one,
    and its two-thread build agrees with the one-thread build either way."""
    from xfuse.backends.parallel import omp_schedule

    conv = ("%y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>} ins(%r, %w : tensor<1x34x66x3xf32>, "
            "tensor<3x3x3x32xf32>) outs(%b : tensor<1x32x64x32xf32>) -> tensor<1x32x64x32xf32>\n"
            "%z = linalg.depthwise_conv_2d_nhwc_hwc {x} ins(%y, %v : tensor<1x32x64x32xf32>, tensor<3x3x32xf32>) "
            "outs(%c : tensor<1x30x62x32xf32>) -> tensor<1x30x62x32xf32>")
    assert omp_schedule.convolution_flops(conv) == 2 * 32 * 64 * 32 * 27 + 2 * 30 * 62 * 32 * 9
    assert omp_schedule.GUIDED_MIN_CONV_FLOPS == 10 ** 9 and omp_schedule.schedule_for(conv, "guided") == "static"
    monkeypatch.setattr(omp_schedule, "GUIDED_MIN_CONV_FLOPS", 0)
    assert omp_schedule.schedule_for(conv, "guided") == "guided"
    monkeypatch.setattr(omp_schedule, "GUIDED_MIN_CONV_FLOPS", 5_000_000)
    assert omp_schedule.schedule_for(conv, "guided") == "static"
    assert omp_schedule.schedule_for(conv.replace("3x3x3x32", "3x3x30x32"), "guided") == "guided"
    built = _captured_builds(monkeypatch)
    module = xfuse.parse(CONV_1X1_NCHW.replace("24", "56").replace("16", "64"))  # 3.2 MFLOP
    assert omp_schedule.convolution_flops(str(module)) == 2 * 56 * 56 * 64 * 8
    for floor, kind in ((4_000_000, "static"), (3_000_000, "guided")):
        monkeypatch.setattr(omp_schedule, "GUIDED_MIN_CONV_FLOPS", floor)
        _assert_two_thread_loops(module, built, tmp_path / kind, kind, seed=7)


def test_an_unknown_schedule_kind_is_named():
    from xfuse.backends.parallel.omp_schedule import omp_schedule_sequence

    with pytest.raises(ValueError, match=r"unknown OpenMP schedule kind 'fastest'; one of static, dynamic, guided"):
        omp_schedule_sequence("fastest")

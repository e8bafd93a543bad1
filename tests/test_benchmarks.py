"""Smoke tests of benchmarks/: the scripts run at tiny sizes and their output is well formed.

Nothing here checks timings: the benchmarks measure them, the tests only check that the fused
and unfused modules agree, that the memory replay is right, and that each script says what it ran.
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import xfuse
from xfuse.backends.runner import compile_module, random_inputs

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"


def _load(name: str):
    # By path: an unrelated `benchmarks` package is installed in site-packages.
    spec = importlib.util.spec_from_file_location(f"xfuse_bench_{name}", BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


mlp_models = _load("mlp_models")
heap = _load("heap")


def _run_script(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_generated_chain_computes_the_mlp():
    text = mlp_models.mlp_module(16, layers=2, tile_sizes=None)
    assert "xfuse.tile_sizes" not in text
    compiled = compile_module(xfuse.parse(text), entry="mlp")
    x, w0, w1, b0, b1 = random_inputs(compiled.signature, seed=1)
    (got,) = compiled(x, w0, w1, b0, b1)
    layer = lambda v, w, b: np.maximum(v.astype(np.float64) @ w + b, 0.0)  # noqa: E731
    assert np.allclose(got, layer(layer(x, w0, b0), w1, b1), rtol=1e-5, atol=1e-5)


def test_tile_sizes_mark_every_matmul():
    text = mlp_models.mlp_module(16, layers=3, tile_sizes=(8, 4, 0))
    assert text.count("linalg.matmul {xfuse.tile_sizes = array<i64: 8, 4, 0>}") == 3
    module = xfuse.parse(text)
    xfuse.apply_passes(module, "xfuse-tile{loop=forall}")
    assert sum(op.name == "scf.forall" for op in module.walk()) == 3


def test_heap_replay_counts_results_and_reused_addresses():
    # a(100) b(10) free(a) c(50) at a's address, free(b); c is returned (never freed)
    events = [(0xA, 100), (0xB, 10), (0xA, -1), (0xA, 50), (0xB, -1)]
    profile = heap.profile_events(events)
    assert profile.peak_intermediate_bytes == 110  # a and b live together; c is the result
    assert profile.peak_total_bytes == 110
    assert profile.result_bytes == 50
    assert (profile.allocations, profile.intermediate_allocations) == (3, 2)


def test_heap_trace_of_a_compiled_module():
    compiled = compile_module(xfuse.parse(mlp_models.mlp_module(16)), entry="mlp",
                              pipeline=heap.traced_pipeline("default"))
    inputs = random_inputs(compiled.signature, seed=0)
    profile = heap.profile_call(compiled, *inputs)
    result_bytes = 16 * 16 * 4
    # one returned buffer (bufferization may pad it for alignment), at least one intermediate
    assert result_bytes <= profile.result_bytes < 2 * result_bytes
    assert profile.peak_intermediate_bytes >= result_bytes
    assert profile.allocations == profile.intermediate_allocations + 1


def test_fusion_benchmark_tiny():
    process = _run_script("benchmarks/fusion_mlp.py", "--sizes", "64", "--tile-sizes", "32,32,0",
                          "--repeat", "1", "--lowering", "default", "--json")
    assert process.returncode == 0, process.stderr
    report = json.loads(process.stdout)
    assert report["all_agree"] is True
    assert report["passes"] and report["passes"] in report["passes_description"]
    rows = {r["variant"]: r for r in report["rows"]}
    assert set(rows) == {"unfused", "fused"} and all(r["size"] == 64 for r in rows.values())
    assert all(r["median_ms"] > 0 and r["runs"] == 1 for r in rows.values())
    # fusion keeps 32x32 tiles instead of whole 64x64 intermediates
    assert rows["fused"]["peak_intermediate_bytes"] < rows["unfused"]["peak_intermediate_bytes"]


def test_fusion_benchmark_table_names_the_pipeline():
    process = _run_script("benchmarks/fusion_mlp.py", "--sizes", "32", "--tile-sizes", "16,16,0",
                          "--repeat", "1", "--lowering", "default", "--passes", "xfuse-tile{loop=forall}")
    assert process.returncode == 0, process.stderr
    assert "fused with: xfuse-tile{loop=forall}" in process.stdout
    assert "   32 fused" in process.stdout and "   32 unfused" in process.stdout


def test_fusion_benchmark_reports_a_bad_pipeline():
    process = _run_script("benchmarks/fusion_mlp.py", "--sizes", "32", "--passes", "xfuse-no-such-pass")
    assert process.returncode == 1
    assert "xfuse-no-such-pass" in process.stderr and "Traceback" not in process.stderr


def test_compile_time_benchmark_tiny():
    process = _run_script("benchmarks/diffusion_compile_time.py", "--layers", "2,4", "--size", "16",
                          "--tile-sizes", "8,8,0", "--repeat", "1", "--json")
    assert process.returncode == 0, process.stderr
    report = json.loads(process.stdout)
    assert [r["layers"] for r in report["rows"]] == [2, 4]
    assert report["timed_passes"] and report["untimed_setup"].startswith("xfuse-tile")
    assert math.isfinite(report["exponent"])
    for row in report["rows"]:
        assert row["matmuls_in_loops"] == row["layers"]  # every root was tiled
        assert row["median_s"] > 0


@pytest.mark.parametrize("passes", [
    "xfuse-diffusion",
    "xfuse-fuse-producers{remarks=false},xfuse-fuse-consumers,xfuse-fuse-producers{remarks=false}",
])
def test_tiled_example_fuses_and_agrees(passes: str):
    process = subprocess.run(
        ["xfuse-run", "examples/mlp_tiled.mlir", "--check", "--print-ir", "-p", passes],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert process.returncode == 0, process.stderr
    assert "check: ok, the transformed module matches the untransformed input" in process.stdout
    ir = process.stdout.split("@mlp_tiled(", 1)[0]
    # everything around the matmul was fused: no linalg op is left directly in the function
    body_ops = [line.strip() for line in ir.splitlines() if line.startswith("    %")]
    assert not [line for line in body_ops if "linalg." in line], body_ops


def test_models_benchmark_tiny():
    pytest.importorskip("torch_mlir")
    pytest.importorskip("onnxruntime")
    # The whole-network pipeline keeps torch-mlir's batch matmuls, one group each (the default
    # passes turn them into matmuls: checked below).
    process = _run_script("benchmarks/models.py", "--models", "transformer-tiny", "--repeat", "2", "--profile", "2",
                          "--json", "--xfuse", "network")
    assert process.returncode == 0, process.stderr
    records = json.loads(process.stdout)
    for threads in (1, 2):  # the profiles go to stderr with --json: 8 batch-matmul groups each
        assert f"xfuse T={threads} on transformer-tiny: profile of @transformer_layer" in process.stderr
    assert process.stderr.count("linalg.batch_matmul group x8 ") == 2
    # find_spec("iree.runtime") raises when the `iree` package itself is absent (no peers extra).
    iree = importlib.util.find_spec("iree") is not None and importlib.util.find_spec("iree.runtime") is not None
    systems = {"onnxruntime", "xfuse"} | ({"iree"} if iree else set())
    assert {(r["system"], r["threads"]) for r in records} == \
        {(s, t) for s in systems for t in (1, 2)} | {("fma-peak", 1)}
    flops = 2 * (4 * 16 * 32 * 32 + 2 * 2 * 16 * 16 * 16 + 2 * 16 * 32 * 64)  # TINY: seq 16, hidden 32, 2 heads
    ort = {r["threads"]: r["median_ms"] for r in records if r["system"] == "onnxruntime"}
    (peak,) = [r for r in records if r["system"] == "fma-peak"]
    assert math.isclose(peak["percent_of_peak"], 100) and peak["ratio_to_ort"] is None and peak["gflops"] > 1
    for r in records:
        assert set(r) == {"model", "system", "threads", "median_ms", "gflops", "ratio_to_ort", "percent_of_peak"}
        assert r["model"] == "transformer-tiny" and r["median_ms"] > 0
        if r is not peak:
            assert math.isclose(r["gflops"], flops / r["median_ms"] / 1e6)
            assert math.isclose(r["ratio_to_ort"], r["median_ms"] / ort[r["threads"]])
            assert math.isclose(r["percent_of_peak"], 100 * r["gflops"] / (r["threads"] * peak["gflops"]))
    default = _run_script("benchmarks/models.py", "--models", "transformer-tiny", "--repeat", "1", "--threads", "1",
                          "--systems", "onnxruntime,xfuse", "--json")
    assert default.returncode == 0, default.stderr
    assert {(r["system"], r["threads"]) for r in json.loads(default.stdout)} == \
        {("onnxruntime", 1), ("xfuse", 1), ("fma-peak", 1)}


def test_fma_peak_kernel_is_independent_vector_fmas():
    """The timed library's loop is one FMA per chain per step on full-width vectors, nothing else
    (a spill, a scalar FMA or SSE `mulps` + `addps`, which the `default` pipeline's generic
    x86-64 gives, would measure less than the core's peak)."""
    from xfuse.backends.target import host_target

    fma_peak = _load("fma_peak")
    target = host_target()
    lanes, chains = target.lanes(32), fma_peak.peak_accumulators(target)
    call, flops = fma_peak.peak_call(steps=1000)  # checks the chains' value
    assert flops == 2 * lanes * chains * 1000
    call()
    objdump = shutil.which("objdump")
    if not target.has_fma or target.vector_bits < 256 or objdump is None:
        pytest.skip(f"counts x86 FMA instructions with objdump (host: {target})")
    compiled, _ = fma_peak.compile_peak()
    listing = subprocess.run([objdump, "-d", "--no-show-raw-insn", str(compiled.library_path)],
                             capture_output=True, text=True, check=True).stdout
    function = listing[listing.index("<fma_peak>:"):]
    lines = [line.split("\t", 1)[-1].strip() for line in function.splitlines()[1:] if re.match(r"\s+[0-9a-f]+:", line)]
    branches = [(i, line) for i, line in enumerate(lines) if re.match(r"j\w+\s+([0-9a-f]+)", line)]
    addresses = [re.match(r"\s+([0-9a-f]+):", line).group(1) for line in function.splitlines()[1:]
                 if re.match(r"\s+[0-9a-f]+:", line)]
    loops = [lines[addresses.index(line.split()[1]):i] for i, line in branches
             if line.split()[1] in addresses and addresses.index(line.split()[1]) < i]
    innermost = [loop for loop in loops if not any(line.startswith("j") for line in loop)]
    register = "zmm" if target.vector_bits == 512 else "ymm"
    packed = rf"vfmadd\d+ps\s+%{register}\d+,%{register}\d+,%{register}\d+$"
    loop = max(innermost, key=lambda body: sum(bool(re.match(packed, line)) for line in body))
    fmas = [line for line in loop if re.match(packed, line)]
    assert fmas and len(fmas) % chains == 0 and len(loop) - len(fmas) <= 2, loop


@pytest.mark.heavy
@pytest.mark.parametrize("name", _load("compile_time").DEFAULT_MODELS)
def test_whole_network_pipeline_at_two_threads_agrees_with_onnxruntime(name):
    """`memref-openmp` (`--xfuse network` at T = 2: network fusion into `scf.forall` groups on
    LLVM's OpenMP runtime) on every network of models.py: models.py exits 1 when an output is
    more than 1e-4 off onnxruntime's. `microkernel-openmp` is checked on the same networks by
    tests/onnx/test_onnx_networks.py; the quick case of this one is `test_models_benchmark_tiny`."""
    pytest.importorskip("torch_mlir")
    pytest.importorskip("onnxruntime")
    process = _run_script("benchmarks/models.py", "--models", name, "--xfuse", "network", "--threads", "2",
                          "--systems", "onnxruntime,xfuse", "--repeat", "1", "--json")
    assert process.returncode == 0, process.stderr
    assert {(r["system"], r["threads"]) for r in json.loads(process.stdout)} == {("onnxruntime", 2), ("xfuse", 2)}


def test_models_benchmark_does_not_time_a_wrong_result(monkeypatch):
    pytest.importorskip("torch_mlir")
    pytest.importorskip("onnxruntime")
    models = _load("models")

    def off_by_one_percent(model, feeds, threads):
        runner, outputs = models.onnxruntime_runner(model, feeds, threads)
        return models.Runner("xfuse", threads, runner.call), [o * 1.01 for o in outputs]

    monkeypatch.setattr(models, "xfuse_runner", off_by_one_percent)
    records, failures = models.measure("transformer-tiny", ["onnxruntime", "xfuse"], [1], 1, 0, [])
    assert [(r["system"], r["ratio_to_ort"]) for r in records] == [("onnxruntime", 1.0), ("fma-peak", None)]
    assert failures == ["transformer-tiny: xfuse not timed: xfuse T=1 disagrees with onnxruntime on output #0: "
                        "relative error 0.01 > 0.0001"]
    bad = _run_script("benchmarks/models.py", "--models", "nosuchnet")
    assert bad.returncode == 2 and "unknown model(s) nosuchnet" in bad.stderr and "Traceback" not in bad.stderr


def test_zoo_models_reach_every_system_with_weights_as_initializers_only():
    """The zoo files list each weight as a graph input too; onnxruntime then neither folds nor
    prepacks them (issue 42). The copy every system is given has them as initializers only and
    computes the same."""
    onnxruntime = pytest.importorskip("onnxruntime")
    import onnx

    compile_time = _load("compile_time")
    path = Path(onnx.__file__).parent / "backend/test/data/light/light_squeezenet.onnx"
    from xfuse.onnx.seeded_weights import random_weights

    shipped = random_weights(onnx.load(str(path)))
    as_exported = compile_time.weights_as_initializers_only(shipped)
    initializers = {tensor.name for tensor in as_exported.graph.initializer}
    assert len(initializers) == 52 and [value.name for value in as_exported.graph.input] == ["data_0"]
    assert as_exported.ir_version == 4 and shipped.ir_version == 3 and len(shipped.graph.input) == 53
    onnx.checker.check_model(as_exported)
    assert compile_time.weights_as_initializers_only(as_exported) is as_exported
    image = np.random.default_rng(0).standard_normal((1, 3, 224, 224), dtype=np.float32)
    results = [
        onnxruntime.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"data_0": image})
        for m in (shipped, as_exported)
    ]
    np.testing.assert_array_equal(results[0][0], results[1][0])
    assert [value.name for value in compile_time.onnx_model("squeezenet").graph.input] == ["data_0"]


def test_thread_scaling_by_group_orders_what_two_threads_did_not_take_off(monkeypatch, capsys):
    threads = _load("threads")
    groups = [(10.0, 5.0, "scales"), (4.0, 4.0, "serial"), (8.0, 6.0, "half")]
    monkeypatch.setattr(threads, "group_scaling", lambda name, calls: (22.0, 15.0, groups))
    threads.print_group_scaling(["resnet50"], 5, 2)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "resnet50: T=1 22.00 ms, T=2 15.00 ms, speedup 1.47x"
    assert [line.split()[-1] for line in lines[2:]] == ["serial", "half"]  # 2.0 and 2.0 ms not taken off; then 0
    assert lines[2].split()[:4] == ["2.000", "4.000", "4.000", "1.00x"]


def test_busy_counter_times_each_thread_of_each_parallel_region():
    threads = _load("threads")
    counter = threads.busy_counter()  # before the module is loaded: its fork calls bind to the counter
    module = xfuse.parse(mlp_models.mlp_layer_module(256, 256, 256, (64, 64, 0)))
    xfuse.apply_passes(module, threads.DIFFUSION_PASSES)
    compiled = compile_module(module, entry="mlp", cache=False, threads=2)
    args = random_inputs(compiled.signature)
    expected = compiled(*args)[0]
    counter.omp_busy_start()
    got = compiled(*args)[0]
    counter.omp_busy_stop()
    np.testing.assert_array_equal(got, expected)
    regions = counter.omp_busy_regions()
    assert regions >= 1
    cpu = np.ctypeslib.as_array(counter.omp_busy_cpu(), (regions, 2))
    wall = np.ctypeslib.as_array(counter.omp_busy_wall(), (regions, 3))
    assert (cpu > 0).all()  # both threads computed in every region: 16 tiles of 64 x 64
    assert ((wall[:, 0] <= wall[:, 1]) & (wall[:, 1] <= wall[:, 2])).all()
    bodies = threads.function_names(np.ctypeslib.as_array(counter.omp_busy_bodies(), (regions,)))
    assert all(body.startswith("mlp..omp_par") for body in bodies), bodies  # the region's outlined body
    cpus = np.ctypeslib.as_array(counter.omp_busy_cpus(), (regions, 2))
    assert set(cpus.flat) <= set(range(os.cpu_count()))
    assert (np.ctypeslib.as_array(counter.omp_busy_faults(), (regions, 2)) >= 0).all()
    by_cpu = threads.busy_by_thread_and_cpu(cpu, cpus)
    assert math.isclose(sum(ms for (thread, _), ms in by_cpu.items() if thread == 1), cpu[:, 1].sum())
    per_region = threads.per_region_busy([cpu, cpu * 3], bodies)
    assert [r["thread0_ms"] for r in per_region] == list(np.median([cpu, cpu * 3], axis=0)[:, 0])
    assert per_region[0]["imbalance_ms"] == abs(2 * cpu[0, 0] - 2 * cpu[0, 1]) / 2
    compiled(*args)
    assert counter.omp_busy_regions() == regions  # not counting outside start/stop


def test_busy_splits_the_serial_time_by_gap_and_the_cpu_into_computing_and_waiting(capsys):
    threads = _load("threads")
    # two calls of 3 regions: forks at 1, 4, 10 and returns at 3, 9, 10.01 ms after a start at 0
    wall = np.array([[1.0, 1.0, 3.0], [4.0, 4.0, 9.0], [10.0, 10.0, 10.01]])
    gaps = threads.serial_gaps([(wall, (0.0, 12.0)), (wall + 100.0, (100.0, 112.0 + 2.0))],
                               ["a..omp_par", "b..omp_par", "c..omp_par"])
    assert [g["ms"] for g in gaps] == pytest.approx([1.0, 1.0, 1.0, 2.99])  # the last: median of 1.99 and 3.99
    assert [(g["after"], g["before"]) for g in gaps] == [("call start", "a..omp_par"), ("a..omp_par", "b..omp_par"),
                                                         ("b..omp_par", "c..omp_par"), ("c..omp_par", "call end")]
    # with the invoke's stamps: the first and last gaps split into the Python around the invoke
    # (binding at 0 -> 0.25, collecting at 10.5 -> 12) and the module's entry and exit
    invoked = threads.serial_gaps([(wall, (0.0, 0.25, 10.5, 12.0))], ["a..omp_par", "b..omp_par", "c..omp_par"])
    assert [g["ms"] for g in invoked] == pytest.approx([0.25, 0.75, 1.0, 1.0, 0.49, 1.5])
    assert [(g["after"], g["before"]) for g in invoked][:2] == [("call start", "invoke"), ("invoke", "a..omp_par")]
    assert [(g["after"], g["before"]) for g in invoked][-2:] == [("c..omp_par", "invoke return"),
                                                                ("invoke return", "call end")]
    threads.print_serial_gaps(gaps, 2)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("  outside the regions, 5.99 ms in 4 gaps") and "0 of up to 20 us" in lines[0]
    assert lines[1].split()[:2] == ["2.990", "ms"] and lines[1].endswith("after c..omp_par, before call end")
    assert len(lines) == 3
    busy = np.array([[4.0, 3.0], [2.0, 1.0]])  # regions x threads: 10 ms computed in regions
    budget = threads.cpu_budget(20.0, (14.0, 9.0), busy, 2.0)  # the caller computed 2 ms outside them
    assert budget["computing_ms"] == 12.0 and budget["computing_over_t1"] == 0.6
    assert budget["waiting_ms"] == 23.0 - 12.0 and budget["worker_waiting_ms"] == 9.0 - 4.0
    assert budget["total_over_t1"] == 23.0 / 20.0


def test_rounds_read_the_speedup_over_the_faster_cpu_per_round(monkeypatch, capsys):
    threads = _load("threads")
    probes = {0: (3.0, 90.0), 1: (3.0, 90.0)}

    def call(wall, caller=0.0, workers=0.0, waited=0.0):
        return threads.TimedCall(wall, caller or wall, workers, waited, 0.0, 0, probes)

    rounds = {"T=1 cpu0": [call(100.0), call(160.0), call(120.0)],
              "T=1 cpu1": [call(140.0), call(150.0), call(120.0, waited=5.0)],  # round 2 disturbed (5 of 120 ms)
              "T=2 bt=1": [call(50.0, 30.0, 20.0), call(100.0, 50.0, 50.0), call(60.0, 30.0, 30.0)]}
    monkeypatch.setattr(threads, "interleaved_rounds", lambda *a, **k: (rounds, {label: 0 for label in rounds}))
    monkeypatch.setattr(threads.os, "sched_getaffinity", lambda pid: {0, 1})
    threads.print_interleaved(["resnet50"], 3, [1], False)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[-1] for line in lines[2:5]] == ["0.0", "0.0", "disturbed"]
    assert "per round: median 1.00 (range 0.71-1.07)" in lines[5]  # cpu0 over cpu1: 100/140, 160/150, 120/120
    assert "median 0.500 (range 0.500-0.667)" in lines[6]  # CPU of both threads over T=1's: 50/100, 100/150, 60/120
    summary = lines[7]
    assert "speedup per round median 2.00x (range 1.50-2.00)" in summary  # 100/50, 150/100, 120/60
    assert "undisturbed rounds 2, median 1.75x" in summary
    assert "busier thread's CPU over the mean 1.00" in summary  # 1.2, 1.0, 1.0


def test_timed_call_counts_the_workers_cpu_time_and_blocktime_is_set_per_team():
    import ctypes

    from xfuse.runtime import openmp

    threads = _load("threads")
    module = xfuse.parse(mlp_models.mlp_layer_module(256, 256, 512, (64, 64, 0)))
    xfuse.apply_passes(module, threads.DIFFUSION_PASSES)
    compiled = compile_module(module, entry="mlp", cache=False, threads=2)
    args = random_inputs(compiled.signature)
    compiled(*args)  # the team exists
    timed = threads.timed_call(lambda: compiled(*args))
    assert timed.caller_ms > 0 and timed.workers_ms > 0  # both threads computed (16 tiles of 64 x 64)
    assert timed.minor_faults >= 0 and set(timed.probes) == os.sched_getaffinity(0)
    assert all(ghz > 0.1 and gflops > 0.1 for ghz, gflops in timed.probes.values())
    threads.set_blocktime(7)
    assert ctypes.CDLL(str(openmp.openmp_runtime())).kmp_get_blocktime() == 7
    threads.set_blocktime(int(openmp.IDLE_WORKERS_SLEEP))


@pytest.mark.heavy
def test_thread_scaling_by_group_of_a_network():
    pytest.importorskip("torch_mlir")
    process = _run_script("benchmarks/threads.py", "--models", "transformer-tiny", "--calls", "5", "--largest", "3")
    assert process.returncode == 0, process.stderr
    lines = process.stdout.splitlines()
    assert lines[0].startswith("transformer-tiny: T=1 ") and len(lines) == 5
    bad = _run_script("benchmarks/threads.py", "--models", "nosuch")
    assert bad.returncode == 2 and "unknown model(s) nosuch" in bad.stderr


def test_exported_networks_are_judged_by_issue_39s_load_budget():
    # benchmarks/exported.py needs torch only in its child processes: its verdict does not.
    exported = _load("exported")
    loaded = {"network": "n", "params": 1, "load_s": 45.0, "agreement": 1e-6, "weight_bytes": 10 * 2**20}
    assert exported.verdict(loaded) == "slow (> 30 s)"
    assert exported.verdict({**loaded, "weight_bytes": 200 * 2**20}) == "ok"  # 60 s above 100 MB
    assert exported.verdict({**loaded, "load_s": 12.0}) == "ok"
    assert exported.verdict({"network": "n", "error": "not done in 150 s"}) == "fails"
    table = exported.format_table([{**loaded, "load_s": 12.0, "ratio": {"1": 2.0}},
                                   {"network": "m", "error": "not done in 150 s"}])
    assert "error: not done in 150 s" in table and "geometric mean" in table and "2.00x" in table
    # a column and a geometric mean per thread count timed
    both = exported.format_table([{**loaded, "ratio": {"1": 2.0, "2": 0.5}}, {**loaded, "network": "o", "ratio": {"1": 0.5}}])
    assert "ratio T=1" in both.splitlines()[0] and "ratio T=2" in both.splitlines()[0]
    assert "at T=1 over 2 network(s): 1.00x" in both and "at T=2 over 1 network(s): 0.50x" in both


def test_layer_compare_matches_sections_to_nodes_by_flops():
    """Swapped branches are paired one to one, a fused group takes the nodes that make its
    FLOPs, and matching stops (nothing guessed) where no run makes the FLOPs equal."""
    from types import SimpleNamespace

    compare = _load("layer_compare")
    layers = [compare.Layer(name, "Conv", ((1,), (1,), (1,)), flops)
              for name, flops in (("squeeze", 10), ("expand1x1", 20), ("expand3x3", 180), ("a", 5), ("b", 7),
                                  ("c", 100), ("d", 1))]
    sections = [SimpleNamespace(index=i, flops=f, median_ms=1.0) for i, f in
                enumerate((10, None, 180, 20, 12, 98, 1), 1)]
    rows, left_layers, left_sections = compare.match_sections(layers, sections)
    assert [([x.name for x in r.layers], [s.index for s in r.sections]) for r in rows] == \
        [(["squeeze"], [1]), (["expand1x1"], [4]), (["expand3x3"], [3]), (["a", "b"], [5])]
    assert [x.name for x in left_layers] == ["c", "d"] and [s.index for s in left_sections] == [6, 7]
    # Two layers of one run with the same FLOPs: which section is which is not known, one row.
    twins = [compare.Layer(name, "Conv", ((1,), (1,), (1,)), 6) for name in ("squeeze", "expand")]
    swapped = [sections[2], *(SimpleNamespace(index=i, flops=6, median_ms=1.0) for i in (8, 9))]
    (row,), _, _ = compare.match_sections([*twins, layers[2]], swapped)
    assert [x.name for x in row.layers] == ["squeeze", "expand", "expand3x3"] and len(row.sections) == 3


def test_layer_compare_matches_a_winograd_layer_on_its_products():
    """A 3x3 stride-1 Conv that `xfuse-winograd` rewrote reports 16 products per 2x2 tile; the
    row is still that layer's, and a strided one is never matched so."""
    from types import SimpleNamespace

    import onnx

    compare = _load("layer_compare")
    x, w, out = (1, 64, 28, 28), (96, 64, 3, 3), (1, 96, 28, 28)
    node = onnx.helper.make_node("Conv", ["x", "w"], ["y"], pads=[1, 1, 1, 1])
    products = 2 * 16 * 14 * 14 * 64 * 96
    assert compare.winograd_flops(node, x, w, out) == products
    strided = onnx.helper.make_node("Conv", ["x", "w"], ["y"], strides=[2, 2], pads=[1, 1, 1, 1])
    assert compare.winograd_flops(strided, x, w, (1, 96, 14, 14)) is None
    layers = [compare.Layer("a", "Conv", (x, w, out), 2 * 28 * 28 * 96 * 9 * 64, products),
              compare.Layer("b", "Conv", ((1,), (1,), (1,)), 10)]
    sections = [SimpleNamespace(index=i, flops=f, median_ms=1.0) for i, f in ((1, products), (2, 10))]
    rows, left_layers, left_sections = compare.match_sections(layers, sections)
    assert [([x.name for x in r.layers], [s.index for s in r.sections]) for r in rows] == [(["a"], [1]), (["b"], [2])]
    assert not left_layers and not left_sections


def test_layer_compare_profiles_at_sched_fifo_only_inside(monkeypatch):
    """`--realtime`: SCHED_FIFO around the profiled runs, SCHED_OTHER after them, also when a run
    fails; nothing without it."""
    import os

    compare = _load("layer_compare")
    flag_ab = _load("flag_ab")
    calls = []
    monkeypatch.setitem(sys.modules, "benchmarks.flag_ab", flag_ab)
    monkeypatch.setattr(flag_ab, "_schedule_threads", lambda policy, priority: calls.append(policy))
    with compare.realtime_runs(False):
        pass
    assert calls == []
    with pytest.raises(RuntimeError), compare.realtime_runs(True):
        assert calls == [os.SCHED_FIFO]
        raise RuntimeError("a failed run")
    assert calls == [os.SCHED_FIFO, os.SCHED_OTHER]


def test_layer_compare_tiny():
    pytest.importorskip("torch_mlir")
    pytest.importorskip("onnxruntime")
    process = _run_script("benchmarks/layer_compare.py", "--model", "mobilenet_v3-tiny", "--repeat", "2", "--json")
    assert process.returncode == 0, process.stderr
    result = json.loads(process.stdout)
    # Every Conv and the Gemm matched to one section and one onnxruntime event (its prepacked
    # weight is not among the event's shapes); depthwise layers are among them.
    assert not result["unmatched_nodes"] and not result["unmatched_sections"]
    rows = result["rows"]
    assert len(rows) == 32 and rows[-1]["op"] == "Gemm" and any(" dw " in r["layer"] for r in rows)
    for r in rows:
        assert len(r["nodes"]) == len(r["sections"]) == 1 and r["xfuse_ms"] > 0 and r["ort_ms"] > 0
        assert math.isclose(r["ratio"], r["xfuse_ms"] / r["ort_ms"]) and r["flops"] > 0
    assert result["ort_by_kind"]["Conv"] > 0 and result["xfuse_total_ms"] > 0


def test_layer_compare_counts_the_activation_each_side_ran_apart():
    """onnxruntime's swish (`QuickGelu`) right after a Conv on its output counts with the Conv's
    row, a `Mul` that takes none of the chain's results does not; a squeeze-excite gate's
    sigmoid and its multiply over the activation do. So does an elementwise xfuse section right
    after the convolution's, not a broadcast."""
    from types import SimpleNamespace

    compare = _load("layer_compare")
    x, w, y = (1, 8, 4, 4), (16, 8, 1, 1), (1, 16, 4, 4)
    layer = compare.Layer("conv", "Conv", (x, w, y), 2 * 16 * 8 * 16)
    nodes = [{"name": n, "op": op, "shapes": shapes, "us": us, "position": i} for i, (n, op, shapes, us) in
             enumerate([("conv", "Conv", (x, w, (16,), y), 10.0), ("swish", "QuickGelu", (y, y), 4.0),
                        ("other", "Mul", ((1, 16, 8, 8), (1, 16, 8, 8), (1, 16, 8, 8)), 2.0)])]
    sections = [SimpleNamespace(index=i, flops=f, median_ms=ms, kind=k) for i, (f, ms, k) in enumerate(
        [(layer.flops, 0.02, "linalg.conv_2d_nhwc_hwcf"), (None, 0.003, "linalg.generic"),
         (None, 0.001, "linalg.broadcast"), (None, 0.005, "linalg.generic")], 1)]
    (row,), _, _ = compare.match_sections([layer], sections)
    compare.attach_ort([row], nodes)
    compare.elementwise_after([row], sections)
    assert [n["name"] for n in row.ort_after] == ["swish"] and math.isclose(row.ort_ms, 0.014)
    assert [s.index for s in row.xfuse_after] == [2] and math.isclose(row.xfuse_ms, 0.023)
    gate, activation = (1, 16, 1, 1), (1, 16, 8, 8)
    excite = compare.Layer("excite", "Conv", ((1, 4, 1, 1), (16, 4, 1, 1), gate), 2 * 16 * 4)
    nodes = [{"name": n, "op": op, "shapes": shapes, "us": 1.0, "position": i} for i, (n, op, shapes) in
             enumerate([("excite", "Conv", ((1, 4, 1, 1), (16, 4, 1, 1), gate)), ("sigmoid", "Sigmoid", (gate, gate)),
                        ("scale", "Mul", (activation, gate, activation)), ("next", "Conv", (activation, w, y))])]
    row = compare.Row([excite], sections[:1])
    compare.attach_ort([row], nodes)
    assert [n["name"] for n in row.ort_after] == ["sigmoid", "scale"]


def test_trip_counts_of_parallel_loops_are_read_from_their_bounds():
    threads = _load("threads")
    text = """
    scf.parallel (%i, %j) = (%c0, %c0) to (%c7, %c32) step (%c1, %c8) {
    scf.parallel (%k) = (%c0_1) to (%c2) step (%c1_2) {
    scf.parallel (%i2, %j2) = (%c0, %c0) to (%c7_3, %c32) step (%c1, %c8) {
    scf.parallel (%n) = (%c0) to (%dim) step (%c1) {
    scf.parallel (%m) = (%c2) to (%c30) step (%c8) {
    """
    assert threads.scf_parallel_trip_counts(text) == {(7, 4): 2, (2,): 1, "dynamic": 1, (4,): 1}  # 2, 10, 18, 26


def test_flag_ab_times_each_value_of_a_constant_beside_onnxruntime():
    pytest.importorskip("torch_mlir")
    pytest.importorskip("onnxruntime")
    process = _run_script("benchmarks/flag_ab.py", "transformer-tiny", "--flag",
                          "xfuse.backends.schedules.matmul:EPILOGUE_MAX_OPS", "--values", "16,0", "--repeat", "2")
    assert process.returncode == 0, process.stderr
    rows = [line.split()[0] for line in process.stdout.splitlines()[2:]]
    assert rows == ["onnxruntime", "EPILOGUE_MAX_OPS=16", "EPILOGUE_MAX_OPS=0"]
    bad = _run_script("benchmarks/flag_ab.py", "transformer-tiny", "--flag",
                      "xfuse.backends.schedules.matmul:NO_SUCH_CONSTANT", "--values", "1,2")
    assert bad.returncode == 2 and "has no attribute NO_SUCH_CONSTANT" in bad.stderr


def test_flag_ab_times_one_layer_as_a_network_has_it():
    """`layer:NAME[+add]`: one conv_layers.py layer with its ReLUs (and residual add) A/B'd like a
    network, each build checked against onnxruntime; an unknown layer is a usage error."""
    pytest.importorskip("onnxruntime")
    process = _run_script("benchmarks/flag_ab.py", "layer:1x1_2048_512_7+add", "--flag",
                          "xfuse.backends.schedules.flat_pixels:PARTS_IN_THEIR_DESTINATION", "--values", "False,True",
                          "--repeat", "2")
    assert process.returncode == 0, process.stderr
    assert process.stdout.startswith("layer:1x1_2048_512_7+add T=1")
    rows = [line.split()[0] for line in process.stdout.splitlines()[2:]]
    assert rows == ["onnxruntime", "PARTS_IN_THEIR_DESTINATION=False", "PARTS_IN_THEIR_DESTINATION=True"]
    bad = _run_script("benchmarks/flag_ab.py", "layer:no_such_layer", "--flag",
                      "xfuse.backends.schedules.flat_pixels:PARTS_IN_THEIR_DESTINATION", "--values", "False,True")
    assert bad.returncode == 2 and "no layer 'layer:no_such_layer'" in bad.stderr


def test_busy_squeezed_lists_the_regions_whose_cpu_grows_most_on_two_cpus(capsys):
    """`threads.py --busy --squeezed`: per region, both threads' CPU on two CPUs against the same
    build's with both threads on one; the regions that grow most first, with the total ratio."""
    from benchmarks.thread_busy import per_region_busy, print_squeezed_regions

    regions = per_region_busy([np.array([[1.0, 1.0], [0.5, 0.7], [2.0, 2.0]])], ["a", "b", "c"])
    for region, one_cpu in zip(regions, [2.0, 1.0, 3.0], strict=True):
        region["squeezed_ms"] = one_cpu
    print_squeezed_regions(regions, largest=2)
    lines = capsys.readouterr().out.splitlines()
    assert "7.2 ms on two CPUs, 6.0 ms on one (1.200x)" in lines[0]
    assert [line.split()[-1] for line in lines[2:]] == ["c", "b"]  # growth 1.0, then 0.2 (a: 0)


def test_round_orders_give_every_runner_every_predecessor_equally_often():
    """The interleaved rounds of models.py and flag_ab.py: each round a permutation, and over whole
    cycles each runner follows each other runner (and opens a round) equally often; turning one
    fixed order by one each round had put one build after onnxruntime's call in most rounds."""
    from collections import Counter

    from benchmarks.models import round_orders

    orders = round_orders(3, 12)
    assert all(sorted(order) == [0, 1, 2] for order in orders)
    pairs = Counter((order[i], order[i + 1]) for order in orders for i in range(2))
    assert set(pairs.values()) == {4} and len(pairs) == 6
    assert Counter(order[0] for order in orders) == {0: 4, 1: 4, 2: 4}
    assert round_orders(3, 12) == orders  # seeded: the same rounds every run
    assert all(sorted(order) == list(range(7)) for order in round_orders(7, 5))


def test_op_limits_tiny():
    """One convolution row and one transformer row: every build agrees with onnxruntime (the
    script checks it before timing) and each row has its note's stock ratio beside xfuse's."""
    pytest.importorskip("onnxruntime")
    process = _run_script("benchmarks/op_limits.py", "--rows", "fire_3x3,add_layernorm", "--repeat", "2", "--json")
    assert process.returncode == 0, process.stderr
    records = json.loads(process.stdout)
    assert [(r["row"], r["system"]) for r in records] == [
        ("fire_3x3", "onnxruntime"), ("fire_3x3", "xfuse"), ("fire_3x3", "xfuse-nhwc"),
        ("add_layernorm", "onnxruntime"), ("add_layernorm", "xfuse")]
    for r in records:
        assert r["threads"] == 1 and r["median_ms"] > 0 and r["calls_per_sample"] >= 1
    assert math.isclose(records[1]["stock_ratio"], 0.49 / 0.52) and records[1]["stock_converted_ratio"] == 1.32
    assert math.isclose(records[4]["stock_ratio"], 0.157 / 0.018) and records[4]["stock_converted_ratio"] is None


def test_op_limits_does_not_time_a_wrong_result(monkeypatch, capsys):
    pytest.importorskip("onnxruntime")
    op_limits = _load("op_limits")
    models = op_limits.models

    def off_by_one_percent(model, feeds, threads, input_shapes=None):
        runner, outputs = models.onnxruntime_runner(model, feeds, threads)
        return models.Runner("xfuse", threads, runner.call), [o * 1.01 for o in outputs]

    monkeypatch.setattr(models, "xfuse_runner", off_by_one_percent)
    assert op_limits.main(["--rows", "softmax", "--repeat", "1"]) == 1
    captured = capsys.readouterr()
    assert "softmax: xfuse T=1 disagrees with onnxruntime on output #0" in captured.err
    assert "softmax" not in captured.out


def test_flag_ab_takes_an_op_limits_row():
    """`op:NAME` is a row of op_limits.py, its model as that script builds it (no softmax
    logits added: the Softmax row's input is the graph's input)."""
    pytest.importorskip("onnxruntime")
    flag_ab = _load("flag_ab")
    assert flag_ab.model_names("op:softmax") == ["op:softmax"]
    with pytest.raises(Exception, match="no row 'op:nosuchop'"):
        flag_ab.model_names("op:nosuchop")
    model, feeds, shapes = flag_ab.network_and_feeds("op:qk", 0)
    assert [n.op_type for n in model.graph.node] == ["MatMul"] and shapes is None
    assert {name: a.shape for name, a in feeds.items()} == {"a": (1, 4, 128, 64), "b": (1, 4, 64, 128)}

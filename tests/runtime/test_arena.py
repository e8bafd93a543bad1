"""The per-call arena (xfuse/runtime/arena.py, arena_c.py) and the placement it shares with
xfuse-share-buffers (xfuse/runtime/placement.py)."""

from __future__ import annotations

import ctypes
import random
import resource
import threading

import numpy as np
import pytest

from xfuse.runtime.calling import CompiledModule
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.runtime import arena as arena_module
from xfuse.runtime.placement import peak_live_bytes, place

N = 192
CHAIN = f"""
func.func @chain(%x: tensor<{N}x{N}xf32>, %w: tensor<{N}x{N}xf32>) -> tensor<{N}xf32> {{
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<{N}x{N}xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32>
  %a = linalg.matmul ins(%x, %w : tensor<{N}x{N}xf32>, tensor<{N}x{N}xf32>) outs(%f0 : tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32>
  %e1 = tensor.empty() : tensor<{N}x{N}xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32>
  %b = linalg.matmul ins(%a, %w : tensor<{N}x{N}xf32>, tensor<{N}x{N}xf32>) outs(%f1 : tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32>
  %e2 = tensor.empty() : tensor<{N}x{N}xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32>
  %c = linalg.matmul ins(%b, %w : tensor<{N}x{N}xf32>, tensor<{N}x{N}xf32>) outs(%f2 : tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32>
  %e3 = tensor.empty() : tensor<{N}xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<{N}xf32>) -> tensor<{N}xf32>
  %s = linalg.reduce ins(%c : tensor<{N}x{N}xf32>) outs(%f3 : tensor<{N}xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {{
      %sum = arith.addf %in, %acc : f32
      linalg.yield %sum : f32
    }}
  return %s : tensor<{N}xf32>
}}
"""
"""Three chained matmuls (144 KiB intermediates each: above glibc's default mmap threshold) and a
small result, so a call's page faults are its intermediates'."""

DYNAMIC = """
func.func @scaled(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %d = linalg.add ins(%x, %x : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %e2 = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.mul ins(%d, %x : tensor<?xf32>, tensor<?xf32>) outs(%e2 : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
"""


def _without_arenas(compiled: CompiledModule, monkeypatch: pytest.MonkeyPatch) -> CompiledModule:
    """The same shared object, loaded again with `XFUSE_ARENA=0` (every buffer from malloc)."""
    monkeypatch.setenv("XFUSE_ARENA", "0")
    plain = CompiledModule(compiled.library_path, compiled.signatures, compiled.entry, compiled.mlir_text,
                           compiled.pipeline, compiled.size_constraints)
    monkeypatch.delenv("XFUSE_ARENA")
    assert not plain.has_arenas
    return plain


@pytest.fixture(scope="module")
def chain() -> CompiledModule:
    return compile_module(CHAIN)  # microkernel: register-tiled, fast enough for 200 calls


def _thread_faults() -> int:
    return resource.getrusage(getattr(resource, "RUSAGE_THREAD", resource.RUSAGE_SELF)).ru_minflt


def _perturb_glibc() -> None:
    """glibc told to map every block of 64 KiB or more afresh and to trim its heap, and large blocks
    allocated and freed: what another library in the process may do (onnxruntime, a mallopt)."""
    libc = ctypes.CDLL(None)
    libc.mallopt(-3, 64 * 1024)  # M_MMAP_THRESHOLD: blocks of 64 KiB and more mmap'ed, unmapped when freed
    libc.mallopt(-1, 64 * 1024)  # M_TRIM_THRESHOLD: the heap trimmed
    libc.malloc.restype = ctypes.c_void_p
    libc.free.argtypes = [ctypes.c_void_p]
    blocks = [libc.malloc(1 << 20) for _ in range(8)]
    for block in blocks:
        libc.free(block)


def _steady_faults(compiled: CompiledModule, args: list, calls: int = 4) -> int:
    """Minor page faults of the calling thread over `calls` calls after warm-up and `_perturb_glibc`."""
    bound = compiled.bind(*args)
    for _ in range(2):  # the first call records the plan, the second makes the arena
        bound.invoke()
        bound.release()
    _perturb_glibc()
    before = _thread_faults()
    for _ in range(calls):
        bound.invoke()
        bound.release()
    return _thread_faults() - before


_FRESH_PROCESS_FAULTS = """
import os, sys
sys.path.insert(0, sys.argv[1])
import test_arena as t
from xfuse.runtime.calling import CompiledModule
chain = t.compile_module(t.CHAIN)
args = t.random_inputs(chain.signature)
os.environ["XFUSE_ARENA"] = "0"
plain = CompiledModule(chain.library_path, chain.signatures, chain.entry, chain.mlir_text, chain.pipeline,
                       chain.size_constraints)
del os.environ["XFUSE_ARENA"]
assert not plain.has_arenas
print(t._steady_faults(plain, args), t._steady_faults(chain, args), chain.arena_pool().plan.bytes)
"""


def test_a_steady_call_touches_no_new_memory() -> None:
    """After glibc is told to map large blocks afresh (`_perturb_glibc`), a call without arena
    page-faults its intermediates anew, a call with one touches no new page. In a fresh process:
    what the test process did before (the other tests' mallopts and heaps) changes the count
    without arena (it was 0 after the thread tests)."""
    import subprocess
    import sys
    from pathlib import Path

    out = subprocess.run([sys.executable, "-c", _FRESH_PROCESS_FAULTS, str(Path(__file__).parent)],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    plain, with_arena, arena_bytes = map(int, out.stdout.split())
    assert plain > 2 * 36  # a 144 KiB buffer is 36 pages; glibc maps some afresh
    assert with_arena <= 24
    assert arena_bytes < 3 * N * N * 4  # buffers freed early share memory


_NEIGHBOURS = """
import statistics, sys, time
sys.path.insert(0, sys.argv[1])
import numpy as np, onnxruntime
from onnx import TensorProto, helper
import test_arena as t

chain = t.compile_module(t.CHAIN)
args = t.random_inputs(chain.signature)
expected = chain(*args)[0]
bound = chain.bind(*args)


def steady(calls=30):
    faults, times = t._thread_faults(), []
    for _ in range(calls):
        start = time.thread_time()
        bound.invoke()
        times.append(time.thread_time() - start)
        assert np.array_equal(bound.collect()[0], expected)
        bound.release()
    return t._thread_faults() - faults, statistics.median(times)


steady(3)  # plan, then arena
alone = steady()
t._perturb_glibc()  # a user's small mallopt thresholds
after_mallopt = steady()
rng = np.random.default_rng(0)
weights = [helper.make_tensor(name, TensorProto.FLOAT, shape, rng.standard_normal(shape).astype(np.float32).ravel())
           for name, shape in (("w1", [512, 1024]), ("w2", [1024, 512]))]
graph = helper.make_graph(
    [helper.make_node("MatMul", ["x", "w1"], ["h"]), helper.make_node("Relu", ["h"], ["r"]),
     helper.make_node("MatMul", ["r", "w2"], ["y"])], "neighbour",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [256, 512])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [256, 512])], weights)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]).SerializeToString()
x = rng.standard_normal((256, 512)).astype(np.float32)
for arena in (True, False):  # onnxruntime's own arena, and every tensor malloc'ed and freed
    options = onnxruntime.SessionOptions()
    options.enable_cpu_mem_arena = arena
    options.intra_op_num_threads = 1
    session = onnxruntime.InferenceSession(model, options, providers=["CPUExecutionProvider"])
    for _ in range(8):
        session.run(None, {"x": x})
after = steady()
print(*alone, *after_mallopt, *after)
"""


def test_a_steady_call_is_unaffected_by_onnxruntime_and_mallopt_before_it() -> None:
    """In a fresh process: the steady state of a call (30 calls: minor page faults of the calling
    thread, median CPU time of a call), alone, after the user set small `mallopt` thresholds
    (without arena: 36 page faults a call, as many as its 144 KiB buffers have pages), then also
    after two onnxruntime sessions ran 8 times each (with onnxruntime's arena and without: every
    tensor malloc'ed and freed; without arena: 111 faults and 2.3x the CPU time a call). The
    same outputs, a few page faults and the same time (CPU time of the thread: wall time on a
    shared machine varies more than the effect)."""
    import subprocess
    import sys
    from pathlib import Path

    pytest.importorskip("onnxruntime")
    out = subprocess.run([sys.executable, "-c", _NEIGHBOURS, str(Path(__file__).parent)],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    faults_alone, time_alone, *after = map(float, out.stdout.split())
    for faults, seconds in zip(after[::2], after[1::2]):  # after mallopt, then after onnxruntime too
        assert faults_alone <= 24 and faults <= 24, out.stdout
        assert seconds <= 1.5 * time_alone + 2e-4, out.stdout


@pytest.fixture(scope="module")
def parallel_chain() -> CompiledModule:
    """`CHAIN` built for two threads: its register tiles are OpenMP worksharing loops, whose
    worker threads allocate from malloc while the calling thread's buffers come from its arena."""
    return compile_module(CHAIN, threads=2)


@pytest.mark.parametrize("built", ["chain", "parallel_chain"])
def test_outputs_are_those_without_arena_from_two_threads(built: str, request: pytest.FixtureRequest,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """200 calls, half of them from two threads at once: every output is the single-threaded
    output without arena, the memory of the process does not grow, and a thread's calls past its
    first few take a few dozen minor page faults at most while the other thread calls; for the
    one-thread build and for the `threads=2` one (two callers then run two OpenMP teams at once)."""
    chain = request.getfixturevalue(built)
    if built == "parallel_chain":
        assert chain.pipeline.threads == 2 and "libomp.so" in chain.pipeline.runtime_libraries
    inputs = [random_inputs(chain.signature, seed=seed) for seed in range(4)]
    plain = _without_arenas(chain, monkeypatch)
    expected = [plain(*args)[0] for args in inputs]
    failures: list[str] = []
    faults: dict[int, int] = {}

    def calls(worker: int, count: int) -> None:
        for i in range(count):
            if i == 5:  # past the arena this thread checked out first (its pages touched once)
                faults[worker] = _thread_faults()
            which = (worker + i) % len(inputs)
            (got,) = chain(*inputs[which])
            if not np.array_equal(got, expected[which]):
                failures.append(f"thread {worker}, call {i}")
        faults[worker] = _thread_faults() - faults[worker]

    calls(0, 50)
    resident = _resident_bytes()
    threads = [threading.Thread(target=calls, args=(worker, 50)) for worker in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    calls(3, 50)
    assert not failures
    assert _resident_bytes() - resident < 8 << 20
    assert max(faults.values()) <= 24, faults
    pool = chain.arena_pool()
    assert 1 <= pool.arenas <= 3 and pool.diverged_calls == 0


def _resident_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize()


def test_a_call_that_departs_from_the_plan_gets_malloc() -> None:
    """Sizes that depend on the input: the first call's plan fits a call of the same size only;
    another size diverges at its first allocation and is served by malloc, still correct."""
    compiled = compile_module(DYNAMIC, pipeline="default")
    pool = compiled.arena_pool()
    for size in (64, 64, 4096, 64, 7):
        x = np.linspace(-1, 1, size, dtype=np.float32)
        (got,) = compiled(x)
        np.testing.assert_array_equal(got, (x + x) * x)
    assert pool.plan is not None and pool.diverged_calls == 2


def test_too_many_allocations_mean_no_arena(monkeypatch: pytest.MonkeyPatch) -> None:
    """A recorded call that allocates more than the record holds gives its function no arena:
    every later call allocates with malloc, as without arenas."""
    compiled = compile_module(CHAIN, pipeline="default")
    monkeypatch.setattr(arena_module, "RECORD_CAPACITY", 2)
    compiled = CompiledModule(compiled.library_path, compiled.signatures, compiled.entry, compiled.mlir_text,
                              compiled.pipeline)
    args = random_inputs(compiled.signature)
    first = compiled(*args)[0]
    np.testing.assert_array_equal(compiled(*args)[0], first)
    pool = compiled.arena_pool()
    assert pool.unplannable and pool.plan is None and pool.checkout() is None


def test_placement_keeps_buffers_live_together_apart() -> None:
    rng = random.Random(7)
    for _ in range(50):
        count = rng.randint(1, 30)
        sizes = [rng.randint(1, 5000) for _ in range(count)]
        firsts = [rng.randint(0, 40) for _ in range(count)]
        lasts = [f + rng.randint(0, 10) for f in firsts]
        offsets, total = place(sizes, firsts, lasts, 64)
        assert peak_live_bytes(sizes, firsts, lasts) <= total <= sum(-(-s // 64) * 64 for s in sizes)
        for i in range(count):
            assert offsets[i] % 64 == 0 and offsets[i] + sizes[i] <= total
            for j in range(i):
                if firsts[i] <= lasts[j] and firsts[j] <= lasts[i]:
                    assert offsets[i] + sizes[i] <= offsets[j] or offsets[j] + sizes[j] <= offsets[i]


def test_placement_puts_long_lived_buffers_low_when_that_is_smaller() -> None:
    """Largest first, the 6-byte buffer of position 0 takes the bottom, and the 5 bytes live over
    positions 0-4 go above it, where the 4- and 3-byte buffers of positions 1-5 must stack on top
    (14 bytes). Longest-lived first reaches the peak live bytes, 12, at position 4."""
    sizes, firsts, lasts = [6, 3, 4, 5], [0, 4, 1, 0], [0, 5, 5, 4]
    assert place(sizes, firsts, lasts, 1)[1] == peak_live_bytes(sizes, firsts, lasts) == 12
    with pytest.MonkeyPatch.context() as patch:  # the two orders alone, no promotion
        patch.setattr("xfuse.runtime.placement.PROMOTIONS", 0)
        offsets, total = place(sizes, firsts, lasts, 1)
    assert total == 12
    assert offsets[3] == 0  # live from 0 to 4: the longest


def test_placement_moves_the_buffer_on_top_to_the_front() -> None:
    """Both orders put the 3-byte buffer (positions 3-6) on top, at 15: largest first fills the
    bottom with the 9- and 8-byte ones and stacks the 6-byte one on the 9; longest first puts it
    at 0 and the 6 above it, so the 9 must go higher still. Placed first, it takes the bottom,
    the 8 sits on it and the 6 on the 9: the peak live bytes, 15 (Inception-v2's 3.92 -> 3.88 MiB)."""
    sizes, firsts, lasts = [3, 9, 6, 8], [3, 0, 1, 4], [6, 1, 3, 4]
    assert place(sizes, firsts, lasts, 1)[1] == peak_live_bytes(sizes, firsts, lasts) == 15
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("xfuse.runtime.placement.PROMOTIONS", 0)
        assert place(sizes, firsts, lasts, 1)[1] == 18


@pytest.mark.parametrize("seed", range(4))
def test_random_programs_compute_the_same_with_arenas(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Differential: a random tensor program compiled by `default` (buffers freed after their last
    use, served from an arena from the second call on) against the same program with every write
    into a copy and nothing freed, without arenas."""
    from xfuse.testing.differential import assert_same_results
    from xfuse.testing.random_tensor_programs import _copying_pipeline, tensor_program

    text = tensor_program(seed)
    candidate = compile_module(text, pipeline="default")
    reference = _without_arenas(compile_module(text, pipeline=_copying_pipeline()), monkeypatch)
    for input_seed in range(3):  # the first call records the plan, the next ones use the arena
        inputs = random_inputs(candidate.signature, seed=input_seed)
        assert_same_results(reference, candidate, inputs, f"program {seed}, input seed {input_seed}")
    assert candidate.arena_pool().plan is not None  # loops whose trip counts are inputs may diverge


PER_ROW_TEMPORARY = """
func.func @rows(%x: tensor<256x?xf32>) -> tensor<256xf32> {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c1 : tensor<256x?xf32>
  %e = tensor.empty() : tensor<256xf32>
  %r = scf.forall (%i) in (256) shared_outs(%o = %e) -> tensor<256xf32> {
    %row = tensor.extract_slice %x[%i, 0] [1, %n] [1, 1] : tensor<256x?xf32> to tensor<?xf32>
    %t = tensor.empty(%n) : tensor<?xf32>
    %a = linalg.exp ins(%row : tensor<?xf32>) outs(%t : tensor<?xf32>) -> tensor<?xf32>
    %s0 = tensor.empty() : tensor<f32>
    %s1 = linalg.fill ins(%zero : f32) outs(%s0 : tensor<f32>) -> tensor<f32>
    %s = linalg.reduce ins(%a : tensor<?xf32>) outs(%s1 : tensor<f32>) dimensions = [0]
      (%in: f32, %acc: f32) {
        %sum = arith.addf %in, %acc : f32
        linalg.yield %sum : f32
      }
    %s2 = tensor.expand_shape %s [] output_shape [1] : tensor<f32> into tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s2 into %o[%i] [1] [1] : tensor<1xf32> into tensor<256xf32>
    }
  }
  return %r : tensor<256xf32>
}
"""
"""A parallel loop whose every iteration allocates (its row's `exp`, of a size known at run time)."""


@pytest.mark.parametrize("from_libc", [True, False])
def test_allocations_in_a_parallel_region_stay_out_of_the_plan(from_libc: bool,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Two threads. With `REGIONS_FROM_LIBC`, under a dynamic schedule (how many iterations, and
    per-row buffers, the calling thread takes changes from call to call), its buffers inside the
    region come from malloc and the plan holds only the result (no call departs from it).
    Without, the recorded call's per-row buffers are in the plan; that case takes a static
    schedule, where the calling thread always runs the first rows: under a dynamic one, on a
    loaded host, the worker may take every row of the recorded call (a CI run saw one slot).
    Outputs right either way."""
    from xfuse.backends.parallel import omp_schedule
    from xfuse.runtime import arena_c

    monkeypatch.setattr(arena_c, "REGIONS_FROM_LIBC", from_libc)
    monkeypatch.setattr(omp_schedule, "GUIDED_WITHOUT_CONVOLUTIONS", True)
    monkeypatch.setattr(omp_schedule, "OMP_SCHEDULE", "dynamic" if from_libc else "static")
    compiled = compile_module(PER_ROW_TEMPORARY, threads=2)
    x = np.random.default_rng(0).random((256, 1000), dtype=np.float32)
    for _ in range(20):
        (got,) = compiled(x)
        np.testing.assert_allclose(got, np.exp(x).sum(axis=1), rtol=1e-5)
    pool = compiled.arena_pool()
    if from_libc:
        assert len(pool.plan.slots) == 1 and pool.diverged_calls == 0
    else:
        assert len(pool.plan.slots) > 1

"""xfuse against its peers on one MLP layer relu(x @ W + b), f32: numpy (OpenBLAS) and IREE.

Systems, each on the same seeded inputs (results checked against numpy first):

- `numpy`: `np.maximum(x @ w + b, 0)`; OpenBLAS limited to T threads with threadpoolctl.
- `xfuse`: the layer's matmul tiled by `xfuse-tile{loop=forall}` (`--tile-sizes`, default 64x64)
  and fused by `xfuse-diffusion`, lowered by the `microkernel` pipeline (1 thread) or, for
  T > 1, `microkernel-openmp` with T threads (the forall on LLVM's OpenMP runtime, as
  `threads=T` builds it).
- `xfuse-unfused`: the layer as written (whole-tensor ops), `microkernel` pipeline; 1 thread only
  (it has no parallel loop).
- `xfuse-data-tiled` (with `--data-tiled`): the layer as pack + `linalg.mmt4d` + unpack (inner
  tiles 16x16x1 with AVX-512, else 8x8x1), tiled like `xfuse` and fused by
  `xfuse-diffusion{cost-model=no-recompute}` (the unpack, bias and relu into the tile; the packs
  run once, vectorized, before the loop nest).
- `iree`: `iree-compile --iree-llvmcpu-target-cpu=host` of the same layer (or the CPU that
  `XFUSE_TARGET_CPU` names, e.g. `x86-64-v3`, so that both build AVX2 code; named ops generalized,
  IREE 3.13 has no `linalg.add`), run by `local-sync` (1 thread) or `local-task` limited to T
  workers. Optional: `pip install -e .[peers]`; skipped with a note when absent.

Interleaved: every round calls every system once, in turn, `--repeat` rounds (at least 10); the
median is reported. `--json` prints a list of records
`{"case": "mlp", "shape": [M, N, K], "threads": T, "system": ..., "median_ms": ...}`.

OpenBLAS's worker threads are told to sleep almost at once after a call
(`OPENBLAS_THREAD_TIMEOUT=4`, unless the environment sets it): spinning, they held the CPUs the
other systems' threads run on in the T > 1 rows.

OpenBLAS: this machine's environment may set OPENBLAS_CORETYPE/OPENBLAS_L2_SIZE (for older
OpenBLAS builds); they make a current numpy slower. Compare with them unset in the command alone:

    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python benchmarks/peers.py [--shapes 512x512x512,...]
        [--threads 1,2] [--repeat 10] [--tile-sizes 64,64] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# OpenBLAS's threads spin for about 2^28 cycles after each call before they sleep: interleaved
# with numpy, the other systems' threads then found the second CPU busy (xfuse's 2-thread 512^3
# layer measured 1.28 ms with the default, 0.68 ms alone and with a timeout of 2^4). Set before
# numpy loads OpenBLAS; an explicit OPENBLAS_THREAD_TIMEOUT in the environment wins.
os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")

if __package__ in (None, ""):  # run as a script: the repository's `benchmarks` package first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402  (before threadpoolctl: it limits libraries already loaded)

import xfuse  # noqa: E402
from benchmarks.common import DATA_TILED_PASSES, DIFFUSION_PASSES  # noqa: E402
from benchmarks.mlp_models import mlp_layer_module, mlp_mmt4d_module  # noqa: E402
from xfuse.backends import toolchain  # noqa: E402
from xfuse.backends.pipelines import parallel_pipeline  # noqa: E402
from xfuse.backends.runner import compile_module  # noqa: E402
from xfuse.backends.target import host_target  # noqa: E402
from xfuse.diagnostics import XfuseError, describe  # noqa: E402

DEFAULT_SHAPES = ((512, 512, 512), (1024, 1024, 1024), (256, 1024, 512))
"""[M, N, K]: the 512^3 and 1024^3 layers, and the main job's (x 256x512, W 512x1024)."""


@dataclass
class System:
    name: str
    call: Callable[[], object]


def _inputs(m: int, n: int, k: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [rng.uniform(-1, 1, size).astype(np.float32) for size in ((m, k), (k, n), (n,))]


def _numpy_reference(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.maximum(x @ w + b, 0)


def _blas_limits(threads: int):
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return None
    return threadpool_limits(threads)


def blas_description() -> str:
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        return "threadpoolctl absent (pip install -e .[peers]): numpy's BLAS threads are not limited"
    blas = [i for i in threadpool_info() if i.get("user_api") == "blas"]
    info = ", ".join(f"{i['internal_api']} {i.get('version')} kernel {i.get('architecture')}" for i in blas)
    coretype = os.environ.get("OPENBLAS_CORETYPE")
    note = f" (OPENBLAS_CORETYPE={coretype} is set: rerun with it unset, see --help)" if coretype else ""
    return (info or "no BLAS found by threadpoolctl") + note


def data_tiled_inner() -> tuple[int, int, int]:
    """mmt4d's inner tile for the host: 16x16x1 with AVX-512, 8x8x1 otherwise (AVX2)."""
    return (16, 16, 1) if host_target().vector_bits >= 512 else (8, 8, 1)


def xfuse_system(shape: tuple[int, int, int], threads: int, fused: bool, tile_sizes: tuple[int, int],
                 data_tiled: bool = False) -> tuple[Callable[[list[np.ndarray]], Callable[[], object]], float]:
    """A builder of the timed call, and the compile time (passes + mlir-opt + llc + cc, uncached).
    `data_tiled`: the pack + mmt4d + unpack form, its mmt4d tiled like the matmul (same elements)."""
    m, n, k = shape
    start = time.perf_counter()
    if data_tiled:
        m0, n0, k0 = data_tiled_inner()
        module = xfuse.parse(mlp_mmt4d_module(m, n, k, (m0, n0, k0), (tile_sizes[0] // m0, tile_sizes[1] // n0)))
    else:
        module = xfuse.parse(mlp_layer_module(m, n, k, (*tile_sizes, 0) if fused else None))
    if fused:
        xfuse.apply_passes(module, DATA_TILED_PASSES if data_tiled else DIFFUSION_PASSES)
    compiled = compile_module(module, entry="mlp", cache=False, threads=threads)
    seconds = time.perf_counter() - start

    def bind(inputs: list[np.ndarray]) -> Callable[[], object]:
        (result,) = compiled(*inputs)
        np.testing.assert_allclose(result, _numpy_reference(*inputs), rtol=1e-4, atol=1e-4)
        bound = compiled.bind(*inputs)

        def call() -> None:
            bound.invoke()
            bound.release()
        return call
    return bind, seconds


def iree_available() -> str | None:
    """None when IREE's compiler and runtime import, else why not."""
    try:
        import iree.compiler  # noqa: F401
        import iree.runtime  # noqa: F401
    except ImportError as exc:
        return f"IREE skipped: {exc.name} is not installed (pip install -e .[peers])"
    return None


def iree_target_cpu() -> str:
    """IREE's `--iree-llvmcpu-target-cpu`: the CPU xfuse compiles for when `XFUSE_TARGET_CPU`
    overrides it (e.g. `x86-64-v3`, so both build AVX2 code), else `host`."""
    return os.environ.get("XFUSE_TARGET_CPU") or "host"


def iree_system(shape: tuple[int, int, int], threads: int) -> Callable[[list[np.ndarray]], Callable[[], object]]:
    import iree.compiler as iree_compiler
    import iree.runtime as iree_runtime

    m, n, k = shape
    generic = subprocess.run([str(toolchain.find_tool("mlir-opt")), "--linalg-generalize-named-ops"],
                             input=mlp_layer_module(m, n, k), capture_output=True, text=True, check=True).stdout
    vmfb = iree_compiler.compile_str(generic, target_backends=["llvm-cpu"],
                                     extra_args=[f"--iree-llvmcpu-target-cpu={iree_target_cpu()}"])
    if threads > 1:
        iree_runtime.flags.parse_flags(f"--task_topology_max_group_count={threads}", "--task_worker_spin_us=0")
    config = iree_runtime.Config("local-task" if threads > 1 else "local-sync")
    context = iree_runtime.SystemContext(config=config)
    context.add_vm_module(iree_runtime.VmModule.copy_buffer(context.instance, vmfb))
    function = context.modules.module["mlp"]

    def bind(inputs: list[np.ndarray]) -> Callable[[], object]:
        arrays = [iree_runtime.asdevicearray(config.device, a) for a in inputs]
        np.testing.assert_allclose(function(*arrays).to_host(), _numpy_reference(*inputs), rtol=1e-4, atol=1e-4)
        return lambda: function(*arrays)
    return bind


def numpy_system(inputs: list[np.ndarray]) -> Callable[[], object]:
    x, w, b = inputs
    return lambda: _numpy_reference(x, w, b)


def measure(shape: tuple[int, int, int], threads: int, repeat: int, seed: int, tile_sizes: tuple[int, int],
            notes: list[str], data_tiled: bool = False) -> tuple[list[dict], dict[str, float]]:
    """Records of one shape and thread count, timed interleaved; and the compile times."""
    inputs = _inputs(*shape, seed)
    systems = [System("numpy", numpy_system(inputs))]
    compile_seconds = {}
    bind, compile_seconds["xfuse"] = xfuse_system(shape, threads, True, tile_sizes)
    systems.append(System("xfuse", bind(inputs)))
    if threads == 1:
        bind, compile_seconds["xfuse-unfused"] = xfuse_system(shape, threads, False, tile_sizes)
        systems.append(System("xfuse-unfused", bind(inputs)))
    if data_tiled:
        bind, compile_seconds["xfuse-data-tiled"] = xfuse_system(shape, threads, True, tile_sizes, data_tiled=True)
        systems.append(System("xfuse-data-tiled", bind(inputs)))
    if (why := iree_available()) is None:
        systems.append(System("iree", iree_system(shape, threads)(inputs)))
    elif why not in notes:
        notes.append(why)
    times: dict[str, list[float]] = {s.name: [] for s in systems}
    cpu_times: dict[str, list[float]] = {s.name: [] for s in systems}
    limits = _blas_limits(threads)
    try:
        for system in systems:  # warm-up
            system.call()
        for _ in range(repeat):
            for system in systems:
                start, cpu_start = time.perf_counter(), time.process_time()
                system.call()
                times[system.name].append(time.perf_counter() - start)
                cpu_times[system.name].append(time.process_time() - cpu_start)
    finally:
        if limits is not None:
            limits.restore_original_limits()
    records = [{"case": "mlp", "shape": list(shape), "threads": threads, "system": name,
                "median_ms": statistics.median(values) * 1e3} for name, values in times.items()]
    for record in records:  # the table also shows figures that a loaded machine disturbs less
        key = (shape, threads, record["system"])
        MIN_MS[key] = min(times[record["system"]]) * 1e3
        CPU_MS[key] = statistics.median(cpu_times[record["system"]]) * 1e3
    return records, compile_seconds


MIN_MS: dict[tuple, float] = {}
"""Fastest call per (shape, threads, system) of this run: shown in the table, not in --json."""
CPU_MS: dict[tuple, float] = {}
"""Median CPU time of the process per call (all threads): on a machine shared with other work
this is close to the call's time alone when T = 1 (time waiting for a CPU is not counted)."""


def format_table(records: list[dict]) -> str:
    lines = [f"{'shape [M,N,K]':<18} {'T':>2} {'system':<16} {'median ms':>10} {'min ms':>8} {'cpu ms':>8} "
             f"{'GFLOP/s':>8} {'/ numpy':>8} {'/ iree':>8} {'cpu / numpy':>11}"]
    groups: dict[tuple, dict[str, dict]] = {}
    for r in records:
        groups.setdefault((tuple(r["shape"]), r["threads"]), {})[r["system"]] = r
    for (shape, threads), by_system in groups.items():
        flops = 2.0 * shape[0] * shape[1] * shape[2]
        numpy_ms = by_system["numpy"]["median_ms"]
        iree_ms = by_system["iree"]["median_ms"] if "iree" in by_system else None
        for name, r in by_system.items():
            ms = r["median_ms"]
            vs_iree = f"{ms / iree_ms:>7.2f}x" if iree_ms else f"{'-':>8}"
            fastest = MIN_MS.get((shape, threads, name), float("nan"))
            cpu = CPU_MS.get((shape, threads, name), float("nan"))
            cpu_numpy = CPU_MS.get((shape, threads, "numpy"), float("nan"))
            lines.append(f"{'x'.join(map(str, shape)):<18} {threads:>2} {name:<16} {ms:>10.3f} {fastest:>8.3f} "
                         f"{cpu:>8.3f} {flops / ms / 1e6:>8.1f} {ms / numpy_ms:>7.2f}x {vs_iree} {cpu / cpu_numpy:>10.2f}x")
    return "\n".join(lines)


def _shape(text: str) -> tuple[int, int, int]:
    m, n, k = (int(part) for part in text.lower().split("x"))
    return m, n, k


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shapes", type=lambda t: [_shape(s) for s in t.split(",")], default=list(DEFAULT_SHAPES),
                        help="comma-separated MxNxK (default 512x512x512,1024x1024x1024,256x1024x512)")
    parser.add_argument("--threads", type=lambda t: [int(s) for s in t.split(",")], default=[1, 2],
                        help="thread counts, default 1,2")
    parser.add_argument("--repeat", type=int, default=10, help="timed rounds (at least 10)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tile-sizes", type=lambda t: tuple(int(s) for s in t.split(",")), default=(64, 64),
                        help="xfuse's cache tile of the fused matmul (M, N), default 64,64")
    parser.add_argument("--data-tiled", action="store_true",
                        help="also time the data-tiled form (pack + mmt4d + unpack, fused the same way): "
                             "system 'xfuse-data-tiled'")
    parser.add_argument("--json", action="store_true", help="print the records as JSON")
    args = parser.parse_args(argv)
    if args.repeat < 10:
        parser.error("--repeat must be at least 10")
    if any(t > (os.cpu_count() or 1) for t in args.threads) or any(t < 1 for t in args.threads):
        parser.error(f"--threads must be between 1 and {os.cpu_count()}")
    records: list[dict] = []
    notes: list[str] = []
    compile_times: list[str] = []
    try:
        for shape in args.shapes:
            for threads in args.threads:
                shape_records, seconds = measure(shape, threads, args.repeat, args.seed, args.tile_sizes, notes,
                                                 args.data_tiled)
                records += shape_records
                compile_times += [f"{'x'.join(map(str, shape))} T={threads} {name}: {s:.2f} s"
                                  for name, s in seconds.items()]
    except XfuseError as exc:
        print(describe(exc) or f"error: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(records, indent=2))
    else:
        print(f"MLP layer relu(x @ W + b) f32, median of {args.repeat} interleaved calls; "
              f"{os.cpu_count()} CPUs; numpy BLAS: {blas_description()}; xfuse T > 1: {parallel_pipeline().name}")
        print(format_table(records))
        print("xfuse compile (passes + mlir-opt + opt + llc + cc): " + "; ".join(compile_times))
    for note in notes:
        print(note, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The core's peak f32 FMA rate, measured: a loop of independent vector FMAs (issue 42).

"ResNet-50 at 90% of the core's peak" needs the peak of the core the networks ran on, in the same
run: the nominal figure (FMA ports x lanes x clock) says nothing about the clock a shared or
virtual machine gives. The kernel is MLIR compiled by xfuse's own toolchain for the host
(`host_target()`): `accumulators` chains of `vector.fma` on full-width vectors, each chain
depending only on itself, so the FMA units' latency is hidden as long as there are at least
latency x ports chains. Each chain runs `acc = m * m + acc`, the accumulator as the addend as in
a matmul's kernel, with `m` read from the argument at run time (0: the result is the initial value,
checked, and nothing the compiler could fold). It is built with the `microkernel` pipeline, which
gives `llc` the host CPU: the `default` pipeline targets generic x86-64, where the same loop is
SSE `mulps` + `addps` at half the rate or less. Measured on the 2-core Zen 3 (2026-11-29,
interleaved, fastest of 30): 4 chains 33 GFLOP/s, 6 52, 8 67, 10 72, 12 76; a C loop of the same
12 FMAs (gcc -O2 -mavx2 -mfma) 90-96 in a quieter minute. Called with a step count, it is timed
in CPU time of the calling thread, fastest of `repeat` calls.

    python benchmarks/fma_peak.py [--repeat 20]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

if __package__ in (None, ""):  # run as a script: the repository first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xfuse.backends.target import CpuTarget, host_target  # noqa: E402

STEPS = 1_000_000
"""Loop steps per timed call: 2.5 ms at 80 GFLOP/s with 12 chains of 8 lanes."""


def peak_accumulators(target: CpuTarget) -> int:
    """Independent FMA chains: all vector registers but the multiplier and three spare."""
    return target.vector_registers - 4


def peak_module(lanes: int, accumulators: int) -> str:
    """`@fma_peak(x: tensor<(accumulators + 1) x lanes x f32>, steps: index)`: `steps` FMAs
    `x[i] += x[-1] * x[-1]` on each row `i` but the last; the rows."""
    vector = f"vector<{lanes}xf32>"
    tensor = f"tensor<{accumulators + 1}x{lanes}xf32>"
    rows = range(accumulators)
    reads = "\n".join(f"    %r{i} = arith.constant {i} : index\n"
                      f"    %a{i} = vector.transfer_read %x[%r{i}, %c0], %zero {{in_bounds = [true]}} "
                      f": {tensor}, {vector}" for i in rows)
    fmas = "\n".join(f"      %n{i} = vector.fma %mul, %mul, %s{i} : {vector}" for i in rows)
    writes = "\n".join(f"    %w{i + 1} = vector.transfer_write %f#{i}, %w{i}[%r{i}, %c0] {{in_bounds = [true]}} "
                       f": {vector}, {tensor}" for i in rows)
    return f"""func.func @fma_peak(%x: {tensor}, %steps: index) -> {tensor} {{
    %c0 = arith.constant 0 : index
    %last = arith.constant {accumulators} : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %mul = vector.transfer_read %x[%last, %c0], %zero {{in_bounds = [true]}} : {tensor}, {vector}
{reads}
    %f:{accumulators} = scf.for %i = %c0 to %steps step %c1
        iter_args({", ".join(f"%s{i} = %a{i}" for i in rows)}) -> ({", ".join([vector] * accumulators)}) {{
{fmas}
      scf.yield {", ".join(f"%n{i}" for i in rows)} : {", ".join([vector] * accumulators)}
    }}
    %w0 = tensor.empty() : {tensor}
{writes}
    return %w{accumulators} : {tensor}
}}
"""


def compile_peak(target: CpuTarget | None = None):
    """The kernel compiled for the host (`microkernel`: `llc` gets the host CPU), and its
    argument: `peak_accumulators` rows of distinct values and a last row of zeros."""
    from xfuse.backends.runner import compile_module

    target = target or host_target()
    lanes, accumulators = target.lanes(32), peak_accumulators(target)
    compiled = compile_module(peak_module(lanes, accumulators), "fma_peak", "microkernel")
    x = np.zeros((accumulators + 1, lanes), np.float32)
    x[:accumulators] = np.arange(accumulators * lanes).reshape(accumulators, lanes)
    return compiled, x


def peak_call(target: CpuTarget | None = None, steps: int = STEPS) -> tuple[Callable[[], object], int]:
    """A call of the compiled kernel (`steps` FMAs per chain, checked once) and the FLOPs it does
    (2 per lane per FMA)."""
    compiled, x = compile_peak(target)
    accumulators, lanes = x.shape[0] - 1, x.shape[1]
    (result,) = compiled(x, steps)
    if not np.array_equal(result[:accumulators], x[:accumulators]):  # each row + steps x 0 x 0
        raise RuntimeError("the FMA peak kernel changed its accumulators (it adds 0 x 0 to them)")
    return (lambda: compiled(x, steps)), 2 * lanes * accumulators * steps


def measure_peak(repeat: int = 20, target: CpuTarget | None = None) -> float:
    """The fastest call's FLOP rate in GFLOP/s, in CPU time of the calling thread."""
    call, flops = peak_call(target)
    fastest = float("inf")
    for _ in range(repeat):
        start = time.thread_time()
        call()
        fastest = min(fastest, time.thread_time() - start)
    return flops / fastest / 1e9


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="timed calls; the fastest counts")
    args = parser.parse_args(argv)
    target = host_target()
    print(f"{target.cpu}: {peak_accumulators(target)} chains of {target.lanes(32)} f32 lanes, "
          f"{measure_peak(args.repeat, target):.1f} GFLOP/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

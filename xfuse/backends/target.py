"""The CPU xfuse compiles for: its name for `llc -mcpu` and what the micro-kernel schedule needs.

The backend compiles for the machine it runs on (the shared object is loaded in the same process),
so the target is the host: `llc --version` names the host CPU as LLVM knows it (`Host CPU:
znver5`), and the kernel's flags (/proc/cpuinfo on Linux) say how wide its vector registers are
and how many there are. Those two numbers drive the micro-tile cost model (xfuse/backends/schedules/micro_tile.py).

`XFUSE_TARGET_CPU` overrides the CPU name (e.g. `x86-64-v3` to build AVX2 code on an AVX-512
host). The register file then follows that name's level when it is one of x86-64's `-v2/-v3/-v4`;
for any other name (`znver3`, `skylake-avx512`) LLVM is asked: `llc -mcpu=NAME` compiles one
16-lane FMA, and the registers it writes (xmm/ymm/zmm) and whether it fuses the FMA give the width
and FMA. A name LLVM does not know is refused. A named CPU whose L2 xfuse knows (`KNOWN_L2`: AMD's
Zen generations, a few Intel server cores) gets that L2, not the host's: the cache-driven choices
(filter blocks, row chunks, Winograd blocks) of a build for `znver3` are then Zen 3's on any host,
as a test that names the CPU expects.
"""

from __future__ import annotations

import functools
import os
import platform
import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from xfuse.backends import toolchain


@dataclass(frozen=True)
class CpuTarget:
    """What code generation needs to know about the CPU."""

    cpu: str
    """LLVM's name of the CPU (`llc -mcpu=`); `generic` when unknown."""
    vector_bits: int
    """Width of one SIMD register (512 for AVX-512, 256 for AVX2, 128 for SSE/NEON)."""
    vector_registers: int
    """How many SIMD registers the ISA has (32 with AVX-512 or on AArch64, 16 with AVX2/SSE)."""
    has_fma: bool
    l2_bytes: int = 1 << 20
    """Size of one core's L2 cache (sysfs `cache/index2`; 1 MiB when unknown)."""
    l2_ways: int = 16
    """Its associativity (sets of `l2_ways` lines): how many rows of a power-of-two stride it keeps."""
    triple: str | None = None
    """The host's target triple (`llc --version`'s default target), given to `opt`/`llc`: the
    module mlir-translate writes names none, and without one LLVM does not know the C library, so
    it expands `memset` (every zero fill) into a byte-by-byte loop (0.3 ms for an 860 KB fill)."""

    def lanes(self, element_bits: int) -> int:
        """Elements of `element_bits` bits in one vector register."""
        return max(1, self.vector_bits // element_bits)

    def narrower(self, min_bits: int) -> Iterator[CpuTarget]:
        """This target, then the same with vectors of half the width, and so on down to
        `min_bits`: what a schedule tries when no full-width vector divides a dimension."""
        width = self.vector_bits
        while width >= min_bits:
            yield replace(self, vector_bits=width)
            width //= 2

    def llvm_flags(self) -> list[str]:
        """Flags for `opt` and `llc`: the CPU, so both use its vector width and instructions."""
        return ([] if self.cpu == "generic" else [f"-mcpu={self.cpu}"]) + (
            [f"-mtriple={self.triple}"] if self.triple else [])


GENERIC = CpuTarget("generic", 128, 16, False)
"""A target every x86-64 (SSE2) and AArch64 machine runs; used when nothing is known."""

KNOWN_L2 = {
    "znver2": (512 << 10, 8),
    "znver3": (512 << 10, 8),
    "znver4": (1 << 20, 8),
    "znver5": (1 << 20, 16),
    "skylake-avx512": (1 << 20, 16),
    "cascadelake": (1 << 20, 16),
    "icelake-server": (1280 << 10, 20),
    "sapphirerapids": (2 << 20, 16),
}
"""One core's L2 (bytes, ways) of CPUs by LLVM name, for `XFUSE_TARGET_CPU`: a build for a named
CPU is tuned for its cache, not the host's."""

_X86_LEVELS = {
    "x86-64": CpuTarget("x86-64", 128, 16, False),
    "x86-64-v2": CpuTarget("x86-64-v2", 128, 16, False),
    "x86-64-v3": CpuTarget("x86-64-v3", 256, 16, True),
    "x86-64-v4": CpuTarget("x86-64-v4", 512, 32, True),
}


@functools.cache
def _llc_version() -> str:
    try:
        llc = toolchain.find_tool("llc")
        return subprocess.run([str(llc), "--version"], capture_output=True, text=True, timeout=60).stdout
    except (toolchain.ToolchainError, OSError, subprocess.SubprocessError):
        return ""


def _llvm_host_cpu() -> str | None:
    match = re.search(r"Host CPU:\s*(\S+)", _llc_version())
    return match.group(1) if match and match.group(1) != "(unknown)" else None


def _llvm_host_triple() -> str | None:
    match = re.search(r"Default target:\s*(\S+)", _llc_version())
    return match.group(1) if match else None


def _cpu_flags() -> set[str]:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith(("flags", "Features")):
            return set(line.split(":", 1)[1].split())
    return set()


def _l2_cache() -> dict[str, int]:
    """L2 size and associativity from sysfs (Linux); {} when not there."""
    for index in sorted(Path("/sys/devices/system/cpu/cpu0/cache").glob("index*")):
        try:
            if (index / "level").read_text().strip() != "2":
                continue
            size = (index / "size").read_text().strip().upper()
            scale = {"K": 1 << 10, "M": 1 << 20}.get(size[-1], 1)
            return {"l2_bytes": int(size.rstrip("KM")) * scale,
                    "l2_ways": int((index / "ways_of_associativity").read_text())}
        except (OSError, ValueError):
            return {}
    return {}


_PROBE = """define <16 x float> @probe(<16 x float> %a, <16 x float> %b, <16 x float> %c) {
  %r = call <16 x float> @llvm.fma.v16f32(<16 x float> %a, <16 x float> %b, <16 x float> %c)
  ret <16 x float> %r
}
declare <16 x float> @llvm.fma.v16f32(<16 x float>, <16 x float>, <16 x float>)
"""


def _named_cpu(name: str, cache: dict[str, object]) -> CpuTarget:
    """The registers LLVM uses for `name`: one 16-lane FMA compiled with `llc -mcpu=name`."""
    try:
        llc = toolchain.find_tool("llc")
        triple = cache.get("triple")
        process = subprocess.run(
            [str(llc), f"-mcpu={name}", *([f"-mtriple={triple}"] if triple else []), "-o", "-"],
            input=_PROBE, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as exc:
        raise toolchain.ToolchainError(f"XFUSE_TARGET_CPU={name}: cannot ask llc about it ({exc})") from exc
    if process.returncode != 0 or "is not a recognized processor" in process.stderr:
        raise toolchain.ToolchainError(
            f"XFUSE_TARGET_CPU={name}: LLVM does not know this CPU (`llc -mcpu=help` lists the names; "
            f"or an x86-64 level: {', '.join(_X86_LEVELS)})")
    assembly = process.stdout
    if platform.machine() in ("aarch64", "arm64"):
        return CpuTarget(name, 128, 32, True, **cache)
    if "%zmm" in assembly:
        return CpuTarget(name, 512, 32, True, **cache)
    if "%ymm" in assembly:
        return CpuTarget(name, 256, 16, "vfmadd" in assembly, **cache)
    return CpuTarget(name, 128, 16, "vfmadd" in assembly, **cache)


@functools.cache
def host_target() -> CpuTarget:
    """The machine this process runs on (cached; `XFUSE_TARGET_CPU` overrides the CPU name)."""
    override = os.environ.get("XFUSE_TARGET_CPU")
    if override in _X86_LEVELS:
        return _X86_LEVELS[override]
    cache: dict[str, object] = {**_l2_cache(), "triple": _llvm_host_triple()}
    if override:
        if override in KNOWN_L2:
            cache.update(l2_bytes=KNOWN_L2[override][0], l2_ways=KNOWN_L2[override][1])
        return _named_cpu(override, cache)
    cpu = _llvm_host_cpu() or "generic"
    flags = _cpu_flags()
    if platform.machine() in ("aarch64", "arm64"):
        return CpuTarget(cpu, 128, 32, True, **cache)
    if "avx512f" in flags:
        return CpuTarget(cpu, 512, 32, True, **cache)  # every AVX-512 CPU has FMA3
    if "avx2" in flags:
        return CpuTarget(cpu, 256, 16, "fma" in flags, **cache)
    return CpuTarget(cpu, 128, 16, False, **cache)

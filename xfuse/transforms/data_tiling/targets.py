"""The CPU tile table: which (M0, N0, K0) inner tiles a contraction gets on which CPU.

Modelled on IREE's CPU encoding choices (the mmt4d ukernels' fast tiles): a tile is a register
micro-kernel shape, M0 x N0 accumulators with K0 consecutive products fused (2 for the i8 dot
instructions). `host` reads this machine's features from /proc/cpuinfo.

| target               | f32 x f32 -> f32 | i8 x i8 -> i32 |
|----------------------|------------------|----------------|
| x86_64-avx512        | 16x16x1          | 16x16x2        |
| x86_64-avx512vnni    | 16x16x1          | 16x16x2        |
| x86_64-avx2          | 8x8x1            | 8x8x2          |
| x86_64-sse           | 8x4x1            | (none)         |
| aarch64              | 8x8x1            | 8x8x1          |
| aarch64-dotprod      | 8x8x1            | 8x8x4          |
| aarch64-i8mm         | 8x8x1            | 8x8x8          |

The i8 row of avx512vnni is IREE's (vpdpwssd on i16 pairs); `xfuse-int8-data-tiling` overrides
it with 16x16x4 for its vpdpbusd kernel (`int8_matmul.DPBUSD`).

A combination the table has no tile for (other element types, i8 on SSE) has no materialized
layout: the caller drops the encoding and says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from xdsl.dialects.builtin import Float32Type, IntegerType
from xdsl.ir import Attribute


@dataclass(frozen=True)
class TileSizes:
    m: int
    n: int
    k: int

    def __str__(self) -> str:
        return f"{self.m}x{self.n}x{self.k}"


@dataclass(frozen=True)
class CpuTarget:
    """An architecture and the features the table looks at."""

    name: str
    arch: str  # "x86_64" or "aarch64"
    features: frozenset[str]


def _target(name: str, arch: str, *features: str) -> CpuTarget:
    return CpuTarget(name, arch, frozenset(features))


TARGETS: dict[str, CpuTarget] = {
    t.name: t
    for t in (
        _target("x86_64-avx512", "x86_64", "avx512f", "avx512bw", "avx2", "fma"),
        _target("x86_64-avx512vnni", "x86_64", "avx512f", "avx512bw", "avx512vnni", "avx2", "fma"),
        _target("x86_64-avx2", "x86_64", "avx2", "fma"),
        _target("x86_64-sse", "x86_64"),
        _target("aarch64", "aarch64"),
        _target("aarch64-dotprod", "aarch64", "dotprod"),
        _target("aarch64-i8mm", "aarch64", "dotprod", "i8mm"),
    )
}
"""Named targets; `host` is computed by `host_target()`."""

_X86_FLAGS = {"avx512f": "avx512f", "avx512bw": "avx512bw", "avx512_vnni": "avx512vnni", "avx2": "avx2", "fma": "fma"}
"""/proc/cpuinfo's x86 flag -> the table's feature (Linux spells VNNI `avx512_vnni`)."""
_WIDER_THAN = {512: (), 256: ("avx512f", "avx512bw", "avx512vnni"), 128: ("avx512f", "avx512bw", "avx512vnni", "avx2", "fma")}
_ARM_FLAGS = {"asimddp": "dotprod", "i8mm": "i8mm"}


def host_target(cpuinfo: str | None = None) -> CpuTarget:
    """This CPU, from /proc/cpuinfo (`flags` on x86_64, `Features` on AArch64). On x86_64 with
    `XFUSE_TARGET_CPU` set, the features wider than the backend's target (its vector width:
    AVX-512 on `znver3` or `x86-64-v3`) are dropped, so the tiles and kernels stay what that CPU
    can run."""
    import os
    import platform

    if cpuinfo is None and os.environ.get("XFUSE_TARGET_CPU") and platform.machine() == "x86_64":
        from xfuse.backends.target import host_target as backend_target

        target = host_target(Path("/proc/cpuinfo").read_text())
        drop = _WIDER_THAN.get(backend_target().vector_bits, _WIDER_THAN[128])
        return CpuTarget(target.name, target.arch, target.features - frozenset(drop))
    if cpuinfo is None:
        path = Path("/proc/cpuinfo")
        cpuinfo = path.read_text() if path.exists() else ""
    words: set[str] = set()
    for line in cpuinfo.splitlines():
        key, _, value = line.partition(":")
        if key.strip() in ("flags", "Features"):
            words.update(value.split())
    keys = {line.partition(":")[0].strip() for line in cpuinfo.splitlines()}
    if "Features" in keys:
        arm = True
    elif "flags" in keys:
        arm = False
    else:
        arm = platform.machine().lower() in ("aarch64", "arm64")
    if arm:
        return CpuTarget("host", "aarch64", frozenset(f for w, f in _ARM_FLAGS.items() if w in words))
    return CpuTarget("host", "x86_64", frozenset(f for w, f in _X86_FLAGS.items() if w in words))


def resolve_target(name: str) -> CpuTarget | None:
    """The target called `name` (`host` reads this CPU), None when unknown."""
    if name == "host":
        return host_target()
    return TARGETS.get(name)


def _is_int(t: Attribute, width: int) -> bool:
    return isinstance(t, IntegerType) and t.width.data == width


def matmul_tile(target: CpuTarget, element_types: tuple[Attribute, ...]) -> TileSizes | None:
    """The inner tile of a contraction with these (lhs, rhs, result) element types, if any."""
    if len(element_types) != 3:
        return None
    lhs, rhs, out = element_types
    f = target.features
    if all(isinstance(t, Float32Type) for t in (lhs, rhs, out)):
        if target.arch == "aarch64":
            return TileSizes(8, 8, 1)
        if "avx512f" in f:
            return TileSizes(16, 16, 1)
        if "avx2" in f or "fma" in f:
            return TileSizes(8, 8, 1)
        return TileSizes(8, 4, 1)
    if _is_int(lhs, 8) and _is_int(rhs, 8) and _is_int(out, 32):
        if target.arch == "aarch64":
            if "i8mm" in f:
                return TileSizes(8, 8, 8)
            if "dotprod" in f:
                return TileSizes(8, 8, 4)
            return TileSizes(8, 8, 1)
        if "avx512bw" in f or "avx512vnni" in f:
            return TileSizes(16, 16, 2)
        if "avx2" in f:
            return TileSizes(8, 8, 2)
    return None

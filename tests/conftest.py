"""Suite-wide pytest options: the `heavy` marker.

A `heavy` test runs a whole external suite (ONNX's 1,884 operator conformance cases, xDSL's
619 FileCheck tests with and without xfuse), a long sweep (hundreds of random programs, the
largest whole networks) or a documented benchmark command: minutes each, more than CI's budget
holds next to the rest. They run only when asked for, `bash scripts/test.sh --heavy` (or
`XFUSE_HEAVY=1`); otherwise each is skipped with that reason, and a small fixed sample of the same
kind runs in every run. `slow` tests (sweeps, networks) run in CI; `-m "not slow"` skips them too.
"""

import os

import pytest

HEAVY_REASON = "a whole external suite, sweep or benchmark (minutes): run with `--heavy` or XFUSE_HEAVY=1"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--heavy", action="store_true", default=False, help="also run the `heavy` tests (whole external suites)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "heavy: a whole external suite, sweep or benchmark (minutes); only with --heavy or XFUSE_HEAVY=1 (tests/conftest.py)"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--heavy") or os.environ.get("XFUSE_HEAVY") == "1":
        return
    skip = pytest.mark.skip(reason=HEAVY_REASON)
    for item in items:
        if "heavy" in item.keywords:
            item.add_marker(skip)


def _built_for(monkeypatch: pytest.MonkeyPatch, cpu: str):
    """Yield the target `XFUSE_TARGET_CPU=cpu` names (the fixtures below), then restore the host."""
    from xfuse.backends.target import host_target

    monkeypatch.setenv("XFUSE_TARGET_CPU", cpu)
    host_target.cache_clear()
    yield host_target()
    monkeypatch.delenv("XFUSE_TARGET_CPU")
    host_target.cache_clear()


@pytest.fixture
def znver3_build(monkeypatch: pytest.MonkeyPatch):
    """Compile for Zen 3 (`XFUSE_TARGET_CPU=znver3`: AVX2 + FMA, 16 registers, its 512 KiB L2)
    whatever the x86 host, for tests of the AVX2 code paths (an AVX-512 host otherwise takes
    others); skipped where the host cannot run AVX2 code."""
    import platform

    from xfuse.backends.target import host_target

    host = host_target()
    if platform.machine() not in ("x86_64", "AMD64") or host.vector_bits < 256 or not host.has_fma:
        pytest.skip(f"needs an x86 host with AVX2 and FMA (host: {host})")
    yield from _built_for(monkeypatch, "znver3")


@pytest.fixture
def avx2_host(monkeypatch: pytest.MonkeyPatch):
    """Build for AVX2 (x86-64-v3) whatever the host: the AVX2 schedules run on any AVX2+ machine."""
    from xfuse.backends.target import host_target

    if not (host_target().vector_bits >= 256 and host_target().cpu != "generic"):
        pytest.skip(f"needs an AVX2 host (host: {host_target()})")
    yield from _built_for(monkeypatch, "x86-64-v3")

"""xDSL 0.74's own FileCheck suite gives the same results with and without xfuse installed.

xfuse's `xdsl.universe` entry point is loaded by every `xdsl-opt` of a venv that has xfuse
(xfuse/universe.py): it may add ops, dialects and passes, and must change nothing for IR that
uses none of them. The suite is `tests/filecheck` of xDSL's source release (fetched once with
`pip download --no-binary`, cached); it runs with lit twice, once with the `xdsl-opt` of a venv
holding only xDSL (made once, cached) and once with this venv's, and a test that fails only
with xfuse fails this test. Without the package index the tests skip, saying so.

The whole suite (619 tests, many minutes) is `heavy`; the default run takes a fixed sample from
the directories whose printing, verifiers or diagnostics xfuse once changed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from importlib.metadata import version

XDSL_VERSION = "0.74.0"
CACHE = Path(os.environ.get("XFUSE_CACHE", Path.home() / ".cache" / "xfuse"))
# Files that failed when xfuse changed xDSL's ops (each fails with XFUSE_EXTEND_XDSL=1): their
# printing (scf, linalg, memref, transform), verifiers' messages, and a pass's output (cse).
SAMPLE = (
    "dialects/scf/scf_ops.mlir",
    "dialects/scf/ops_invalid.mlir",
    "dialects/linalg/linalg_ops.mlir",
    "dialects/linalg/invalid.mlir",
    "dialects/memref/memref_ops.mlir",
    "dialects/memref/invalid_ops.mlir",
    "dialects/transform/transform_ops.mlir",
    "parser-printer/verifier_error.mlir",
    "transforms/cse.mlir",
)


def _pip(*args: str, timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
        capture_output=True, text=True, timeout=timeout,
    )


@pytest.fixture(scope="session")
def xdsl_filecheck_suite() -> Path:
    """xDSL's `tests/filecheck`, from its source release, with lit's per-test time limit raised
    from 20 s (xDSL's CI) to 600 s: a loaded 2-core machine must not turn slowness into failures."""
    if version("xdsl") != XDSL_VERSION:
        pytest.skip(f"the suite is xDSL {XDSL_VERSION}'s; this venv has xDSL {version('xdsl')}")
    source = CACHE / f"xdsl-{XDSL_VERSION}-src"
    suite = source / f"xdsl-{XDSL_VERSION}" / "tests" / "filecheck"
    if not (suite / "lit.cfg").is_file():
        archive = CACHE / f"xdsl-{XDSL_VERSION}.tar.gz"
        if not archive.is_file():
            CACHE.mkdir(parents=True, exist_ok=True)
            fetched = _pip("download", "--no-deps", "--no-binary", ":all:", f"xdsl=={XDSL_VERSION}",
                           "-d", str(CACHE), timeout=600)
            if fetched.returncode != 0 or not archive.is_file():
                pytest.skip(f"cannot fetch xDSL {XDSL_VERSION}'s source release with pip "
                            f"(no package index?): {fetched.stderr.strip()[-300:]}")
        shutil.rmtree(source, ignore_errors=True)
        with tarfile.open(archive) as tar:
            members = [m for m in tar.getmembers() if m.name.startswith(f"xdsl-{XDSL_VERSION}/tests/filecheck/")]
            tar.extractall(source, members=members)  # noqa: S202 - the pinned release from the index
        config = suite / "lit.cfg"
        text = config.read_text()
        assert "config.maxIndividualTestTime = 20\n" in text, "xDSL's lit.cfg changed: revisit the time limit"
        config.write_text(text.replace("config.maxIndividualTestTime = 20\n", "config.maxIndividualTestTime = 600\n"))
    return suite


@pytest.fixture(scope="session")
def xdsl_only_bin() -> Path:
    """The bin directory of a venv with xDSL, `filecheck`, pytest (which one of xDSL's tests
    imports, as this venv has it) and nothing of xfuse's."""
    venv = CACHE / f"xdsl-{XDSL_VERSION}-only-venv"
    stamp = venv / ".installed-with-pytest"
    if not stamp.is_file():
        shutil.rmtree(venv, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
        installed = subprocess.run(
            [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             f"xdsl=={XDSL_VERSION}", "filecheck", "pytest"],
            capture_output=True, text=True, timeout=900,
        )
        if installed.returncode != 0:
            pytest.skip(f"cannot install xDSL {XDSL_VERSION} alone with pip (no package index?): "
                        f"{installed.stderr.strip()[-300:]}")
        stamp.touch()
    return venv / "bin"


def failing_tests(suite: Path, tools: Path, tests: list[str], report: Path) -> set[str]:
    """The tests of `suite` (all of it when `tests` is empty) lit reports failing when `xdsl-opt`,
    `filecheck` and `python` are those of `tools`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDSL_", "XFUSE_EXTEND"))}
    env["PATH"] = os.pathsep.join([str(tools), "/usr/bin", "/bin"])
    targets = [str(suite / t) for t in tests] or [str(suite)]
    lit = subprocess.run(
        [sys.executable, "-c", "from lit.main import main; main()", "-j2", "-q", "--xunit-xml-output", str(report),
         *targets],
        env=env, capture_output=True, text=True, timeout=7200,
    )
    assert report.is_file(), f"lit wrote no report: {lit.stderr[-2000:]}"
    cases = list(ET.parse(report).getroot().iter("testcase"))
    assert len(cases) == (len(tests) or len(cases)) and cases, f"lit ran {len(cases)} tests"
    return {
        f"{case.get('classname', '').removeprefix('xDSL.')}/{case.get('name')}"
        for case in cases
        if case.find("failure") is not None or case.find("error") is not None
    }


def _compare(suite: Path, xdsl_only: Path, tests: list[str], tmp_path: Path) -> None:
    with_xfuse = Path(sys.executable).parent
    assert (with_xfuse / "xdsl-opt").is_file()
    without = failing_tests(suite, xdsl_only, tests, tmp_path / "xdsl-only.xml")
    with_ = failing_tests(suite, with_xfuse, tests, tmp_path / "with-xfuse.xml")
    only_with_xfuse = sorted(with_ - without)
    assert not only_with_xfuse, (
        f"{len(only_with_xfuse)} of xDSL's tests fail only with xfuse installed:\n  " + "\n  ".join(only_with_xfuse)
    )


def test_xdsl_suite_sample_is_unchanged_by_xfuse(xdsl_filecheck_suite, xdsl_only_bin, tmp_path):
    _compare(xdsl_filecheck_suite, xdsl_only_bin, list(SAMPLE), tmp_path)


@pytest.mark.heavy
def test_whole_xdsl_suite_is_unchanged_by_xfuse(xdsl_filecheck_suite, xdsl_only_bin, tmp_path):
    _compare(xdsl_filecheck_suite, xdsl_only_bin, [], tmp_path)

"""Fixtures of the tiling-model tests; their shared helpers are in harness.py."""

import pytest


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))

"""Every marimo notebook in docs/notebooks/ runs headless: each cell runs, each check asserts.

marimo and matplotlib come with the test extra (xfuse[notebooks]), so a notebook that breaks fails
the suite; nothing here is skipped."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "docs" / "notebooks").glob("*.py"))


def test_there_are_notebooks():
    assert {p.stem for p in NOTEBOOKS} >= {"tiling", "diffusion", "bufferization", "data_tiling", "rock"}


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_headless(notebook: Path, tmp_path: Path):
    # Run from elsewhere: a notebook must find its inputs relative to itself.
    done = subprocess.run([sys.executable, str(notebook)], cwd=tmp_path, capture_output=True,
                          text=True, check=False, timeout=600)
    assert done.returncode == 0, f"{notebook.name} failed:\n{done.stdout}\n{done.stderr}"

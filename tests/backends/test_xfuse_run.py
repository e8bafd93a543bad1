"""xfuse-run in process: exit codes and messages of the paths lit does not reach easily."""

import numpy as np
import pytest

from xfuse.backends import toolchain
from xfuse.tools.xfuse_run import _compare, main

SOURCE = "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = arith.addf %a, %a : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n"


def _run(capsys, *argv):
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    out, err = capsys.readouterr()
    return info.value.code, out, err


def test_summary_and_check(tmp_path, capsys):
    source = tmp_path / "f.mlir"
    source.write_text(SOURCE)
    code, out, err = _run(capsys, str(source), "--check", "-p", "canonicalize")
    assert code == 0, err
    assert "result #0: tensor<4xf32> shape 4 checksum" in out
    assert "check: ok" in out


def test_missing_tool_is_an_error_not_a_traceback(tmp_path, capsys, monkeypatch):
    source = tmp_path / "f.mlir"
    source.write_text(SOURCE.replace("4xf32", "5xf32"))  # not in the cache

    def missing(tool):
        raise toolchain.ToolchainError(f"cannot find '{tool}' (looked in: PATH)")

    monkeypatch.setattr(toolchain, "find_tool", missing)
    code, _, err = _run(capsys, str(source))
    assert code == 1
    assert err.startswith("xfuse-run: error: cannot find 'mlir-opt'") and "Traceback" not in err


def test_compare_reports_the_first_mismatch():
    ok, message = _compare("result #0", np.array([1.0, 2.0], np.float32), np.array([1.0, 2.5], np.float32), None, None)
    assert not ok
    assert "max abs error 0.5" in message and "first at index (1,): got 2.0, expected 2.5" in message
    ok, _ = _compare("r", np.array([1.0], np.float32), np.array([1.00001], np.float32), None, None)
    assert ok
    ok, message = _compare("r", np.array([1], np.int32), np.array([2], np.int32), None, None)
    assert not ok and "rtol 0, atol 0" in message

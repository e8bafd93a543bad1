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


FILL_ARGUMENT = ("func.func @f(%a: tensor<4xf32>WRITABLE) -> tensor<4xf32> {\n"
                 "  %c = arith.constant 1.0 : f32\n"
                 "  %0 = linalg.fill ins(%c : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>\n"
                 "  return %0 : tensor<4xf32>\n}\n")


@pytest.mark.parametrize("writable", [False, True])
def test_check_after_bufferization_compares_results_and_arguments(tmp_path, capsys, writable):
    # The transformed function takes memrefs where the input took tensors: comparable, and its
    # arguments after the call must match the input's (written only when marked writable).
    source = tmp_path / "f.mlir"
    source.write_text(FILL_ARGUMENT.replace("WRITABLE", " {bufferization.writable = true}" if writable else ""))
    code, out, err = _run(capsys, str(source), "--check", "-p", "xfuse-bufferize")
    assert code == 0, out + err
    assert "check argument #0 (after the call): ok" in out and "check: ok" in out


def test_check_reports_a_bufferization_that_writes_an_argument(tmp_path, capsys, monkeypatch):
    # Simulate a wrong bufferization: the pass sees the argument as writable (the input does not
    # say so), fills it in place, and --check must report the argument it changed.
    from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntegerAttr

    from xfuse import passes

    real = passes.apply_passes

    def writes_its_argument(module, spec, ctx=None):
        for op in module.walk():
            if op.name == "func.func":
                op.arg_attrs = ArrayAttr([DictionaryAttr({"bufferization.writable": IntegerAttr.from_bool(True)})])
        return real(module, spec, ctx)

    source = tmp_path / "f.mlir"
    source.write_text(FILL_ARGUMENT.replace("WRITABLE", ""))
    monkeypatch.setattr(passes, "apply_passes", writes_its_argument)
    code, out, err = _run(capsys, str(source), "--check", "-p", "xfuse-bufferize")
    assert code == 1
    assert "check result #0: ok" in out
    assert "--check failed: argument #0 (after the call) differs from the untransformed input" in err

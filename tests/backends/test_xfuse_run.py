"""xfuse-run in process: exit codes and messages of the paths lit does not reach easily."""

import subprocess
import sys

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


FORALL_TILES = """func.func @tiles(%in: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %one = arith.constant 1.0 : f32
  %r = scf.forall (%i, %j) = (0, 0) to (1, UPPER) step (8, 8) shared_outs (%out = %in) -> (tensor<8x8xf32>) {
    %tile = linalg.fill ins(%one : f32) outs(%out : tensor<8x8xf32>) -> tensor<8x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %tile into %out[%i, %j] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<8x8xf32>
    }
  }
  return %r : tensor<8x8xf32>
}
"""


def test_runtime_checks_leave_code_in_bounds_alone(tmp_path, capsys):
    source = tmp_path / "tiles.mlir"
    source.write_text(FORALL_TILES.replace("UPPER", "8"))
    code, out, err = _run(capsys, str(source), "--runtime-checks", "--check", "--reference-pipeline", "default")
    assert code == 0, err
    assert "+runtime-checks" in out and "check: ok" in out
    assert "checksum 64" in out


@pytest.mark.parametrize("pipeline", ["default", "microkernel", "microkernel-openmp"])
def test_runtime_checks_stop_a_slice_past_its_tensor_at_its_line(tmp_path, pipeline):
    """The second iteration inserts at column 8 of an 8x8 tensor: undefined behaviour no verifier
    sees. Checked, the call aborts before the store and names the op and its line (in a child
    process: unchecked, the same call writes past the buffer)."""
    source = tmp_path / "tiles.mlir"
    source.write_text(FORALL_TILES.replace("UPPER", "16"))
    done = subprocess.run([sys.executable, "-m", "xfuse.tools.xfuse_run", str(source), "--runtime-checks",
                           "--pipeline", pipeline], capture_output=True, text=True, timeout=600, check=False)
    report = done.stdout + done.stderr
    assert done.returncode != 0, report
    assert "Runtime op verification failed" in report and "out-of-bounds" in report
    assert f'Location: loc("{source}":6:' in report

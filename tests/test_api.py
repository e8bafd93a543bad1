"""The small public API: context, parsing with locations, the xdsl.universe entry point."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.dialects import get_all_dialects
from xdsl.dialects.builtin import FileLineColLoc
from xdsl.universe import Universe
from xdsl.utils.exceptions import ParseError

import xfuse
from xfuse.dialects import DIALECT_EXTENSIONS
from xfuse.transforms import get_all_passes

MLP = (Path(__file__).parent.parent / "examples" / "mlp.mlir").read_text()


def test_context_knows_every_xdsl_dialect_and_the_extensions():
    ctx = xfuse.make_context()
    names = set(ctx.registered_dialect_names)
    assert set(get_all_dialects()) <= names
    for dialect_name, extension in DIALECT_EXTENSIONS.items():
        ctx.load_registered_dialect(dialect_name)
        for op in extension().operations:
            assert ctx.get_optional_op(op.name) is op, op.name


def test_parse_records_source_locations():
    module = xfuse.parse(MLP, name="mlp.mlir")
    matmul = next(op for op in module.walk() if op.name == "linalg.matmul")
    assert isinstance(matmul.location, FileLineColLoc)
    assert matmul.location.filename.data == "mlp.mlir"
    assert matmul.location.line.data == 9


def test_parse_error_is_located():
    with pytest.raises(ParseError) as info:
        xfuse.parse("func.func @f() {\n  %0 = \"nope.op\"() : () -> i32\n}", name="bad.mlir")
    assert "bad.mlir:2:" in str(info.value)


def test_every_xfuse_pass_is_in_the_xdsl_multiverse():
    multiverse = Universe.get_multiverse()
    assert get_all_passes(), "xfuse registers passes"
    for name in get_all_passes():
        assert name.startswith(("xfuse-", "rock-"))  # rock passes keep rocMLIR's names
        assert name in multiverse.all_passes


_MINIMAL_TRANSFORM_SCRIPT = """
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
"""


# Runs xDSL's own `xdsl-opt` main for each of xfuse's passes inside one child process (starting the
# command once per pass took 40 s of the suite); the child has only xDSL's entry point to go by.
_EVERY_PASS_THROUGH_XDSL_OPT_MAIN = """
import contextlib, io, json, sys
from xdsl.xdsl_opt_main import xDSLOptMain
source, scripted, names = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
results = {}
for name in names:
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            xDSLOptMain(args=[scripted if name == "xfuse-transform-interpreter" else source, "-p", name]).run()
        results[name] = ["ok", out.getvalue()]
    except BaseException as exc:  # a SystemExit of a diagnostic, or any error: reported per pass
        results[name] = ["failed", f"{type(exc).__name__}: {exc}"]
print(json.dumps(results))
"""


def test_xdsl_opt_runs_xfuse_passes_by_name(tmp_path):
    # Plain xdsl-opt finds xfuse's passes through the entry point and runs them; the matmul is
    # marked so that xfuse-tile has something to tile.
    source = tmp_path / "plain.mlir"
    source.write_text(MLP.replace("linalg.matmul ins", "linalg.matmul {xfuse.tile_sizes = array<i64: 64, 64>} ins"))
    # The transform interpreter needs a script (xDSL's own transform ops suffice for this one).
    scripted = tmp_path / "scripted.mlir"
    scripted.write_text(source.read_text() + _MINIMAL_TRANSFORM_SCRIPT)
    # The installed command itself, once.
    command = subprocess.run([str(Path(sys.executable).parent / "xdsl-opt"), str(source), "-p", "xfuse-tile"],
                             capture_output=True, text=True)
    assert command.returncode == 0, command.stderr
    assert "scf.forall" in command.stdout or "scf.for" in command.stdout
    names = sorted(get_all_passes())
    child = subprocess.run([sys.executable, "-c", _EVERY_PASS_THROUGH_XDSL_OPT_MAIN, str(source), str(scripted),
                            json.dumps(names)], capture_output=True, text=True)
    assert child.returncode == 0, child.stderr
    results = json.loads(child.stdout.splitlines()[-1])
    assert sorted(results) == names
    for name, (status, output) in results.items():
        assert status == "ok", (name, output)
        assert "func.func @mlp" in output, name


def test_xdsl_opt_does_not_know_an_unregistered_xfuse_name(tmp_path):
    source = tmp_path / "plain.mlir"
    source.write_text(MLP)
    result = subprocess.run(
        [str(Path(sys.executable).parent / "xdsl-opt"), str(source), "-p", "xfuse-no-such-pass"],
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0 and "Unrecognized passes" in result.stderr


def test_apply_passes_runs_a_pipeline_and_reports_bad_specs():
    from xfuse.diagnostics import XfuseError

    marked = MLP.replace("linalg.matmul ins", "linalg.matmul {xfuse.tile_sizes = array<i64: 64, 64>} ins")
    module = xfuse.apply_passes(xfuse.parse(marked), "xfuse-tile{loop=forall},cse")
    assert any(op.name == "scf.forall" for op in module.walk())
    for spec in ("xfuse-tile{", "xfuse-tile{loop=while}", "no-such-pass"):
        with pytest.raises(XfuseError, match="invalid pass pipeline"):
            xfuse.apply_passes(xfuse.parse(MLP), spec)

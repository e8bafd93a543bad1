"""xfuse.explain: the loop-nest summary (text, records, picture) and the xfuse-explain tool."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import xfuse
from xfuse.explain import Computation, Loop, explain

ROOT = Path(__file__).resolve().parents[1]
MLP = ROOT / "examples" / "mlp.mlir"
MLP_TILED = ROOT / "examples" / "mlp_tiled.mlir"


def fused_mlp():
    module = xfuse.parse(MLP.read_text(), name=str(MLP))
    xfuse.apply_passes(module, "xfuse-diffusion{root-tile-sizes=64,128},canonicalize,cse")
    return module


def test_xfuse_explain_is_the_function_as_documented_and_still_the_module():
    import xfuse.explain as explain_module

    module = fused_mlp()
    assert xfuse.explain is explain_module and xfuse.explain.Loop is Loop
    assert xfuse.explain(module).text() == explain(module).text()
    # Without importing the submodule first: `import xfuse` alone is enough.
    probe = (
        "import xfuse; m = xfuse.parse(open('examples/mlp.mlir').read(), name='mlp.mlir'); "
        "print(xfuse.explain(m).functions[0].name)"
    )
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.stdout.strip() == "mlp", result.stderr[-2000:]


def test_unfused_module_has_no_loops_and_lists_every_op_outside():
    explanation = explain(xfuse.parse(MLP.read_text(), name=str(MLP)))
    (fn,) = explanation.functions
    assert fn.name == "mlp" and fn.loops == []
    ops = [c.op for c in fn.outside]
    assert ops.count("tensor.empty") == 4
    assert {"linalg.fill", "linalg.matmul", "linalg.broadcast", "linalg.add", "linalg.generic"} <= set(ops)
    assert all(c.origin == "" for c in fn.outside), "an op outside loops is not a tile of anything"


def test_fused_mlp_nest_has_bounds_trip_count_and_tiles():
    (fn,) = explain(fused_mlp()).functions
    (loop,) = fn.loops
    assert loop.kind == "scf.forall"
    assert (loop.lower, loop.upper, loop.step) == (("0", "0"), ("256", "1024"), ("64", "128"))
    assert loop.trip_counts == (4, 8)
    i, j = loop.induction_vars
    by_op = {c.op: c for c in loop.body if isinstance(c, Computation)}
    matmul = by_op["linalg.matmul"]
    assert matmul.shape == "64x128xf32"
    assert matmul.reads == (f"%input[{i}, 0] [64, 512]", f"%weight[0, {j}] [512, 128]")
    assert matmul.origin == "%mm (mlp.mlir:9)"
    # Fused tiles keep their op's location, so every one names the op it was cut from.
    assert by_op["linalg.fill"].origin == "%acc (mlp.mlir:8)"
    assert by_op["linalg.add"].origin == "%sum (mlp.mlir:15)"
    assert by_op["linalg.generic"].origin == "%relu (mlp.mlir:18)"
    assert by_op["linalg.broadcast"].reads == (f"%bias[{j}] [128]",)
    # Everything computed inside the loop is a tile: nothing of the MLP is left outside but the
    # empty tensor the loop writes into.
    assert [c.op for c in fn.outside] == ["tensor.empty"]


def test_affine_offsets_are_printed_as_expressions():
    module = xfuse.parse(MLP_TILED.read_text(), name=str(MLP_TILED))
    xfuse.apply_passes(module, "xfuse-diffusion,canonicalize,cse")
    text = explain(module).text()
    assert "%weight_packed[%k floordiv 32, (%j + %jj) floordiv 32, 0, 0] [2, 2, 32, 32]" in text
    assert "%bias[%j + %jj] [64]" in text


def test_nested_loops_are_nested_in_text_and_records():
    module = xfuse.parse(MLP_TILED.read_text(), name=str(MLP_TILED))
    explanation = explain(module)
    (fn,) = explanation.functions
    (outer,) = fn.loops
    inner = [item for item in outer.body if isinstance(item, Loop)]
    assert [loop.kind for loop in inner] == ["scf.for"]
    records = explanation.records()
    depths = {(r["kind"], r["op"]): r["depth"] for r in records}
    assert depths[("loop", "scf.forall")] == 0 and depths[("loop", "scf.for")] >= 1
    json.dumps(records)  # plain data
    lines = explanation.text().splitlines()
    forall = next(k for k, l in enumerate(lines) if "scf.forall" in l)
    nested = next(k for k, l in enumerate(lines) if "scf.for (" in l)
    indent = lambda s: len(s) - len(s.lstrip())  # noqa: E731
    assert nested > forall and indent(lines[nested]) > indent(lines[forall])


def test_bufferized_code_is_explained_with_subviews():
    module = fused_mlp()
    xfuse.apply_passes(module, "xfuse-bufferize")
    (fn,) = explain(module).functions
    (loop,) = fn.loops
    matmul = next(c for c in loop.body if isinstance(c, Computation) and c.op == "linalg.matmul")
    i, j = loop.induction_vars
    assert matmul.reads == (f"%input[{i}, 0] [64, 512]", f"%weight[0, {j}] [512, 128]")


def test_picture_svg_and_png():
    explanation = explain(fused_mlp())
    svg = explanation.svg()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    png = explanation.png()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def _tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xfuse.tools.xfuse_explain", *args],
                          capture_output=True, text=True, check=False)


def test_tool_text_json_and_picture(tmp_path):
    done = _tool(str(MLP), "-p", "xfuse-diffusion{root-tile-sizes=64,64}", "--png", str(tmp_path / "n.png"))
    assert done.returncode == 0, done.stderr
    assert "scf.forall" in done.stdout and (tmp_path / "n.png").stat().st_size > 1000
    done = _tool(str(MLP), "--json")
    assert done.returncode == 0 and json.loads(done.stdout)[0]["function"] == "mlp"


def test_tool_errors_are_located_without_traceback(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f() {\n  %0 = \"foo.bar\"() : () -> i32\n  func.return\n}\n")
    done = _tool(str(bad))
    assert done.returncode == 1
    assert f"{bad}:2:" in done.stderr and "Traceback" not in done.stderr

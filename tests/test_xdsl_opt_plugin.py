"""Plain `xdsl-opt`, with xfuse installed, reads, prints and transforms IR with xfuse's ops.

xfuse's `xdsl.universe` entry point adds xfuse's ops to xDSL's dialects, its own dialects and
its passes (xfuse/universe.py), and changes nothing of xDSL's own ops (tests/test_xdsl_suite.py
runs xDSL's suite with and without xfuse). Every MLIR file of the FileCheck suite and of
examples/ is read by both drivers, in process (`xDSLOptMain`, as `xdsl-opt` builds it, and
`XfuseOptMain`), piece by piece where a RUN line splits the file. Both print xfuse's ops alike,
but xdsl-opt prints xDSL's ops in xDSL's spelling and xfuse-opt in MLIR 22's, so the two texts
are compared as IR: each is read back by xfuse and printed in generic form, and these must be
equal. xdsl-opt may differ from xfuse-opt only on pieces with an op xfuse re-spells
(`RESPELLED`): it rejects MLIR 22's spelling of such an op, and its verifier is xDSL's.
The `xfuse-opt` commands of the suite's RUN lines (passes included; not those printing
diagnostics, whose wording differs by design) and of the README are compared the same way.
`XFUSE_EXTEND_XDSL=1` gives xdsl-opt all of xfuse-opt's reading and error reports: checked on
the README's commands, a few inputs and the error reports.
The whole set is slow (about 1.5 min); the quick subset takes a sample of files and RUN lines.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.printer import Printer
from xdsl.universe import XDSL_UNIVERSE
from xdsl.xdsl_opt_main import xDSLOptMain

from test_docs import snippets
from xfuse.context import LEFT_TO_XFUSE_OPT, AddedOpsDialectFactory, make_context
from xfuse.dialects import DIALECT_EXTENSIONS
from xfuse.parsing import parse
from xfuse.tools.xfuse_opt import XfuseOptMain

ROOT = Path(__file__).resolve().parent.parent


def _run_lines(path: Path) -> list[str]:
    """The file's RUN lines, a line ending in `\\` joined with the next as lit joins them."""
    lines = re.findall(r"RUN:(.*)", path.read_text(encoding="utf-8", errors="replace"))
    joined: list[str] = []
    for line in lines:
        if joined and joined[-1].endswith("\\"):
            joined[-1] = joined[-1][:-1] + line.rstrip()
        else:
            joined.append(line.rstrip())
    return joined


def _inputs() -> list[Path]:
    """The suite's and the examples' MLIR files, and the files RUN lines name with `%S`."""
    files = {
        path
        for path in [*(ROOT / "tests/filecheck").rglob("*.mlir"), *(ROOT / "examples").rglob("*.mlir")]
        if "Output" not in path.parts
    }
    for path in list(files):
        for line in _run_lines(path):
            for name in re.findall(r"%S(/\S+\.mlir)", line):
                named = (path.parent / ("." + name)).resolve()
                if named.is_file():
                    files.add(named)
    return sorted(files)


INPUTS = _inputs()
SPLIT_MARKER = b"// -----"
# RUN lines of these files run in the quick subset (the others are slow).
QUICK_RUN_FILES = (
    "examples/",
    "tests/filecheck/transforms/tile.mlir",
    "tests/filecheck/transforms/lower-pack-unpack.mlir",
    "tests/filecheck/dialects/linalg/pack.mlir",
)


@functools.cache
def _driver(kind: type[xDSLOptMain], allow_unregistered: bool) -> xDSLOptMain:
    return kind(args=[*(["--allow-unregistered-dialect"] if allow_unregistered else [])])


def _read_and_print(driver: xDSLOptMain, piece: bytes, line_offset: int) -> str | None:
    """The piece printed back, or None when the driver refuses it."""
    try:
        module = driver.parse_chunk(io.BytesIO(piece), "mlir", line_offset)
        assert module is not None
        driver.apply_passes(module)  # no passes: verifies the module, as xdsl-opt does
        return driver.output_resulting_program(module)
    except Exception:  # noqa: BLE001 - refusal in any form is compared, not its wording
        return None


@functools.cache
def _respelled() -> frozenset[str]:
    """The ops xfuse replaces by MLIR 22's spelling in xfuse-opt (an op of its extension whose
    name xDSL's own dialect has), where plain xdsl-opt keeps xDSL's, and the ops plain xdsl-opt
    does not get (`LEFT_TO_XFUSE_OPT`)."""
    from xdsl.dialects import get_all_dialects

    xdsl_dialects = get_all_dialects()
    return LEFT_TO_XFUSE_OPT | frozenset(
        op.name
        for name, extension in DIALECT_EXTENSIONS.items()
        if name in xdsl_dialects
        for op in extension().operations
        if op.name in {xdsl_op.name for xdsl_op in xdsl_dialects[name]().operations}
    )


def _respelled_ops_in(text: str | bytes, allow_unregistered: bool) -> set[str]:
    """What of `text` only xfuse reads: its re-spelled ops as xfuse reads it (unverified), or
    `{"builtin syntax"}` when xDSL's parser cannot read what xfuse's reads (xfuse/parsing.py:
    MLIR 22's builtin syntax); empty if xfuse cannot read it either."""
    from xdsl.parser import Parser

    source = text if isinstance(text, str) else text.decode()
    try:
        module = parse(source, make_context(allow_unregistered), verify=False)
    except Exception:  # noqa: BLE001 - unreadable: no op to name
        return set()
    try:
        Parser(make_context(allow_unregistered), source).parse_module()
    except Exception:  # noqa: BLE001 - xDSL's parser refuses what xfuse's reads
        return {"builtin syntax"}
    return {op.name for op in module.walk()} & _respelled()


def _as_ir(text: str, allow_unregistered: bool) -> str:
    """`text` (one driver's output) read by xfuse and printed in generic form."""
    module = parse(text, make_context(allow_unregistered), verify=False)
    printed = io.StringIO()
    Printer(stream=printed, print_generic_format=True).print_op(module)
    return printed.getvalue()


def assert_same_ir(xdsl_opt_text: str, xfuse_opt_text: str, allow_unregistered: bool, where: str) -> None:
    """The two drivers' outputs are the same IR, read back by xfuse (xDSL's ops are spelled
    differently by the two): their generic forms are equal."""
    assert _as_ir(xdsl_opt_text, allow_unregistered) == _as_ir(xfuse_opt_text, allow_unregistered), (
        f"{where}: xdsl-opt prints other IR than xfuse-opt"
    )


# xDSL 0.74's custom form of linalg.reduce prints no attribute dictionary, so xdsl-opt's text of
# these drops the op's xfuse.tile_sizes mark: xDSL's printer, unchanged by xfuse by design.
XDSL_PRINTS_LOSSILY = {"tests/filecheck/transforms/Inputs/tile/reduce.mlir"}
XDSL_CANNOT_READ_IN_TIME = {
    "tests/filecheck/with-mlir/dialects/arith/roundtrip.mlir":
        "its `dense<0> : tensor<100x64x220x220xi32>` splat: xDSL's own parser expands a splat into a "
        "list of its 310 million elements (minutes, gigabytes); xfuse's parser keeps it a splat",
}
"""Inputs plain xdsl-opt, reading with xDSL's parser as in xDSL alone, cannot read in a test's time."""


def _input_params() -> list:
    """Every input; the quick subset reads examples/ and the first file of each directory."""
    first_of_directory = {}
    for path in INPUTS:
        first_of_directory.setdefault(path.parent, path)
    quick = {*first_of_directory.values(), *(p for p in INPUTS if p.is_relative_to(ROOT / "examples"))}
    return [
        pytest.param(path, id=str(path.relative_to(ROOT)), marks=(
            pytest.mark.skip(reason=XDSL_CANNOT_READ_IN_TIME[str(path.relative_to(ROOT))])
            if str(path.relative_to(ROOT)) in XDSL_CANNOT_READ_IN_TIME else () if path in quick else (pytest.mark.slow,)))
        for path in INPUTS
    ]


@pytest.mark.parametrize("path", _input_params())
def test_xdsl_opt_reads_every_input_as_xfuse_opt(path: Path):
    lines = _run_lines(path)
    unregistered = any("--allow-unregistered-dialect" in line for line in lines)
    text = path.read_bytes()
    pieces = text.split(SPLIT_MARKER) if any("--split-input-file" in line for line in lines) else [text]
    offset, read = 0, 0
    relative = str(path.relative_to(ROOT))
    for piece in pieces:
        expected = _read_and_print(_driver(XfuseOptMain, unregistered), piece, offset)
        actual = _read_and_print(_driver(xDSLOptMain, unregistered), piece, offset)
        where = f"{relative}:{offset + 1}"
        if expected is None:
            if actual is not None:  # xfuse-opt's verifier of the re-spelled op is MLIR 22's
                assert _respelled_ops_in(piece, unregistered), f"{where}: xdsl-opt reads a piece xfuse-opt rejects"
        elif actual is None:  # MLIR 22's spelling of an op xDSL spells otherwise
            assert _respelled_ops_in(piece, unregistered), f"{where}: xdsl-opt rejects a piece xfuse-opt reads"
        else:
            if relative not in XDSL_PRINTS_LOSSILY:
                assert_same_ir(actual, expected, unregistered, where)
            read += 1
        offset += piece.count(b"\n")
    if any(re.match(r"\s*xfuse-opt %s", line) for line in lines) and not any(
        "--verify-diagnostics" in line or "--parsing-diagnostics" in line for line in lines
    ) and not all(_respelled_ops_in(p, unregistered) for p in pieces):
        assert read, "xdsl-opt reads no piece of a file its RUN lines give xfuse-opt"


def test_the_comparison_cannot_pass_by_rejection():
    # xdsl-opt reads every example (their linalg, scf, arith, memref ops are re-spelled ops)
    # except the transform scripts, written with MLIR 22's syntax of xDSL's transform ops.
    rejected = {
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "examples").rglob("*.mlir"))
        if _read_and_print(_driver(xDSLOptMain, False), path.read_bytes(), 0) is None
    }
    assert rejected == {"examples/transform/mlp_fuse.mlir", "examples/transform/tile_matmul_library.mlir"}
    assert _respelled_ops_in((ROOT / "examples/mlp_tiled.mlir").read_bytes(), False)
    assert not _respelled_ops_in(b"func.func @f() {\n  func.return\n}\n", False)


# A pass whose output on xDSL's classes of the linalg/arith ops is other IR than on xfuse's (none
# now: xfuse-merge-elementwise, found by this test in issue 41, took xfuse's GenericOp class only,
# so under plain xdsl-opt it merged nothing; it takes xDSL's since the thirteenth session).
OPEN_DIFFERENCES: dict[str, str] = {}


def _xfuse_opt_commands() -> list:
    """(file, arguments) of every `xfuse-opt %s ...` RUN line that prints IR."""
    params = []
    for path in INPUTS:
        for line in _run_lines(path):
            first = line.split("|")[0].strip()
            if not first.startswith("xfuse-opt "):
                continue
            args = shlex.split(re.sub(r"\s\d?>&?\s*\S+", " ", first))[1:]  # without redirections
            if any(a in ("-t", "--target", "-o") or a.startswith(("--target=", "-o=")) for a in args):
                continue
            if any("%" in a for a in args if a != "%s"):
                continue
            if {"--verify-diagnostics", "--parsing-diagnostics"} & set(args):
                continue  # xfuse-opt prints errors located (file:line:col), xdsl-opt as xDSL does
            args = [str(path) if a == "%s" else a for a in args]
            relative = str(path.relative_to(ROOT))
            marks = () if relative.startswith(QUICK_RUN_FILES) else (pytest.mark.slow,)
            if relative in OPEN_DIFFERENCES:
                marks = (*marks, pytest.mark.xfail(strict=True, reason=OPEN_DIFFERENCES[relative]))
            if relative in XDSL_CANNOT_READ_IN_TIME:
                marks = (pytest.mark.skip(reason=XDSL_CANNOT_READ_IN_TIME[relative]),)
            params.append(pytest.param(args, id=f"{relative}:{' '.join(args[1:])[:60]}", marks=marks))
    return params


def _run_in_process(kind: type[xDSLOptMain], args: list[str]) -> tuple[bool, str]:
    """(succeeded, stdout) of the driver run on `args`, as its command line would."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            kind(args=args).run()
        except (Exception, SystemExit):  # noqa: BLE001 - a failure is compared, not its wording
            return False, out.getvalue()
    return True, out.getvalue()


@pytest.mark.parametrize("args", _xfuse_opt_commands())
def test_xdsl_opt_runs_the_run_lines_as_xfuse_opt(args: list[str]):
    source = next(Path(a) for a in args if a.endswith(".mlir") and Path(a).is_file()).read_bytes()
    unregistered = "--allow-unregistered-dialect" in args
    pieces = source.split(SPLIT_MARKER) if "--split-input-file" in args else [source]
    needs_xfuse = any(_respelled_ops_in(piece, unregistered) for piece in pieces)
    if needs_xfuse:
        # The generic form spells out the regions of xDSL's named linalg ops, which xDSL builds
        # otherwise than MLIR (`addf(%acc, %mul)`): the custom forms are compared instead.
        args = [a for a in args if a != "--print-op-generic"]
    xfuse_ok, expected = _run_in_process(XfuseOptMain, args)
    xdsl_ok, actual = _run_in_process(xDSLOptMain, args)
    if not xfuse_ok:
        assert not xdsl_ok or needs_xfuse, "xdsl-opt succeeds where xfuse-opt fails"
        return
    if not xdsl_ok:
        assert needs_xfuse, "xdsl-opt fails where xfuse-opt succeeds"
        return
    chunks = zip(actual.split("// -----\n"), expected.split("// -----\n"), strict=True)
    for xdsl_chunk, xfuse_chunk in chunks:
        assert_same_ir(xdsl_chunk, xfuse_chunk, unregistered, " ".join(args))


def _readme_xfuse_opt_commands() -> list:
    return [
        pytest.param(s.code, id=s.where)
        for s in snippets()
        if s.path.name == "README.md" and s.kind == "shell" and s.code.startswith("xfuse-opt ")
        and " -t " not in s.code
    ]


@pytest.mark.parametrize("extend", ["", "1"])
@pytest.mark.parametrize("command", _readme_xfuse_opt_commands())
def test_readme_xfuse_opt_commands_give_the_same_with_xdsl_opt(command: str, extend: str):
    # By default the same IR (xDSL's ops in xDSL's spelling); with XFUSE_EXTEND_XDSL=1 the same text.
    tools = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": os.pathsep.join([tools, os.environ.get("PATH", "")]), "XFUSE_EXTEND_XDSL": extend}
    outputs = [
        subprocess.run(c, shell=True, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        for c in (command, "xdsl-opt " + command.removeprefix("xfuse-opt "))
    ]
    assert outputs[0].returncode == 0 == outputs[1].returncode, outputs[1].stderr[-2000:]
    if extend:
        assert outputs[1].stdout == outputs[0].stdout
    else:
        assert_same_ir(outputs[1].stdout, outputs[0].stdout, False, command)


def test_readme_has_xfuse_opt_commands_to_compare():
    assert len(_readme_xfuse_opt_commands()) >= 2


def test_every_dialect_extension_reaches_xdsl_universe():
    # DIALECT_EXTENSIONS is the one list: each entry adds to xDSL's dialect in the universe
    # xdsl-opt reads, or is a dialect of xfuse's own that xdsl-opt's multiverse contributes.
    from xdsl.universe import Universe

    multiverse = Universe.get_multiverse().all_dialects
    for name, extension in DIALECT_EXTENSIONS.items():
        factory = XDSL_UNIVERSE.all_dialects.get(name)
        if factory is None:
            assert multiverse[name] is extension
        else:
            assert isinstance(factory, AddedOpsDialectFactory) and factory.extension is extension
            assert multiverse[name] is factory


def test_xdsl_dialects_keep_their_own_ops_and_gain_xfuses():
    # xDSL's dialects keep xDSL's very op and attribute classes, and gain only ops xDSL lacks;
    # XFUSE_EXTEND_XDSL=1 replaces them with xfuse-opt's (MLIR 22's spelling).
    from xdsl.dialects import get_all_dialects

    for name, factory in get_all_dialects().items():
        added = XDSL_UNIVERSE.all_dialects[name]()
        own = factory()
        assert [*added.operations][: len([*own.operations])] == [*own.operations], name
        assert [*added.attributes][: len([*own.attributes])] == [*own.attributes], name
        if name in DIALECT_EXTENSIONS:
            extra = {op.name for op in DIALECT_EXTENSIONS[name]().operations} - _respelled()
            assert {op.name for op in added.operations} == {op.name for op in own.operations} | extra, name
    probe = (
        "from xdsl.universe import Universe, XDSL_UNIVERSE\n"
        "from xfuse.context import ExtendedDialectFactory\n"
        "Universe.get_multiverse()\n"
        "print(isinstance(XDSL_UNIVERSE.all_dialects['linalg'], ExtendedDialectFactory))\n"
    )
    for value, expected in (("", "False"), ("0", "False"), ("1", "True")):
        result = subprocess.run(
            [sys.executable, "-c", probe], env={**os.environ, "XFUSE_EXTEND_XDSL": value},
            capture_output=True, text=True, timeout=120,
        )
        assert result.stdout.strip() == expected, result.stderr[-2000:]


def test_xdsl_attributes_print_as_xdsl_prints_them(tmp_path):
    # The arith overflow flags print as xDSL prints them (`<nsw,nuw>`) unless XFUSE_EXTEND_XDSL=1.
    source = tmp_path / "addi.mlir"
    source.write_text("%c = arith.constant 1 : i32\n%s = arith.addi %c, %c overflow<nsw, nuw> : i32\n")
    for extend, flags in (("", "overflow<nsw,nuw>"), ("1", "overflow<nsw, nuw>")):
        result = subprocess.run(
            [str(Path(sys.executable).parent / "xdsl-opt"), str(source)],
            env={**os.environ, "XFUSE_EXTEND_XDSL": extend}, capture_output=True, text=True, timeout=120,
        )
        assert result.returncode == 0 and flags in result.stdout, result.stdout + result.stderr[-2000:]


XDSL_RUN_PROGRAM = """
func.func @main(%a: memref<2x2xf64>, %b: memref<2x2xf64>, %c: memref<2x2xf64>) -> memref<2x2xf64> {
  linalg.matmul ins(%a, %b : memref<2x2xf64>, memref<2x2xf64>) outs(%c : memref<2x2xf64>)
  linalg.add ins(%c, %a : memref<2x2xf64>, memref<2x2xf64>) outs(%c : memref<2x2xf64>)
  func.return %c : memref<2x2xf64>
}
"""


@pytest.mark.parametrize("extend", ["1", ""])
def test_xdsl_run_interprets_ops_xfuse_re_registers(tmp_path, extend: str):
    # With XFUSE_EXTEND_XDSL=1 linalg.matmul and linalg.add parse as xfuse's subclasses of xDSL's
    # ops; xDSL's interpreter runs them with the implementation of their base class
    # (xfuse/universe.py). By default they are xDSL's own.
    program = tmp_path / "matmul_add.mlir"
    program.write_text(XDSL_RUN_PROGRAM)
    args = ", ".join(
        f"dense<{values}> : tensor<2x2xf64>"
        for values in ("[[1.0, 2.0], [3.0, 4.0]]", "[[5.0, 6.0], [7.0, 8.0]]", "[[0.0, 0.0], [0.0, 0.0]]")
    )
    result = subprocess.run(
        [str(Path(sys.executable).parent / "xdsl-run"), str(program), "--verbose", f"--args={args}"],
        env={**os.environ, "XFUSE_EXTEND_XDSL": extend}, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "result: [[20.0, 24.0], [46.0, 54.0]]"  # a @ b + a


def test_xdsl_interpreter_runs_a_subclass_only_in_its_base_form():
    # xfuse's arith.cmpi returns tensor<...xi1> for tensor operands (MLIR 22), xDSL's a scalar
    # i1: xDSL's implementation runs on the form its own op accepts, and refuses the wider one
    # (an InterpretationError, which constant-fold-interp takes as "cannot fold").
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import TensorType, i1, i32
    from xdsl.utils.exceptions import InterpretationError
    from xdsl.utils.test_value import create_ssa_value

    from xfuse.universe import _as_base

    ran = []
    run = _as_base(arith.CmpiOp, lambda functions, interpreter, op, args: ran.append(op) or (True,))
    scalar = arith.CmpiOp(create_ssa_value(i32), create_ssa_value(i32), "slt")
    assert run(None, None, scalar, (1, 2)) == (True,) and ran == [scalar]
    vector = TensorType(i32, [2])
    wide = arith.CmpiOp.create(
        operands=[create_ssa_value(vector), create_ssa_value(vector)],
        result_types=[TensorType(i1, [2])],
        properties=dict(scalar.properties),
    )
    with pytest.raises(InterpretationError, match="no interpretation of this form of arith.cmpi"):
        run(None, None, wide, (None, None))
    assert ran == [scalar]


EXTEND_XDSL = {**os.environ, "XFUSE_EXTEND_XDSL": "1"}


@pytest.mark.parametrize("extend", ["", "1"])
def test_xdsl_opt_reads_with_xfuse_parser_only_when_asked(tmp_path, extend: str):
    # Source locations are what xfuse's parser adds at least (xfuse/parsing.py); xDSL's has none.
    source = tmp_path / "located.mlir"
    source.write_text("func.func @f() {\n  func.return\n}\n")
    result = subprocess.run(
        [str(Path(sys.executable).parent / "xdsl-opt"), str(source), "--print-debuginfo"],
        env={**os.environ, "XFUSE_EXTEND_XDSL": extend}, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert (f'func.return loc("{source}":2:3)' in result.stdout) == bool(extend), result.stdout


def _xdsl_opt(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(Path(sys.executable).parent / "xdsl-opt"), str(ROOT / "examples/mlp.mlir"), *args],
        capture_output=True, text=True, timeout=120,
    )


def test_xdsl_opt_reports_a_bad_xfuse_pass_option_located():
    result = _xdsl_opt("-p", "canonicalize,xfuse-tile{loop=while}")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == (
        "xdsl-opt: error: invalid pass pipeline 'canonicalize,xfuse-tile{loop=while}': xfuse-tile option "
        "loop: expected one of 'for', 'forall', got 'while'\n"
        "  canonicalize,xfuse-tile{loop=while}\n"
        "  " + " " * len("canonicalize,xfuse-tile{") + "^\n"  # under the option
    )


def test_xdsl_opt_keeps_xdsl_errors_for_other_pipelines():
    # A bad option of one of xDSL's passes, an unknown pass: xDSL's own report (a traceback).
    for spec, message in (
        ("convert-linalg-to-loops{bad=1}", 'ValueError: Provided arguments ["bad"] not found'),
        ("xfuse-no-such-pass", "ValueError: Unrecognized passes: ['xfuse-no-such-pass']"),
    ):
        result = _xdsl_opt("-p", spec)
        assert result.returncode == 1 and "Traceback" in result.stderr and message in result.stderr, spec


MALFORMED = {
    # an op of xDSL's, re-registered by xfuse: `memref.copy %a, %b : memref<4xf32>` lacks `to ...`
    "copy_without_to": (
        "func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) {\n"
        "  memref.copy %a, %b : memref<4xf32>\n"
        "  func.return\n"
        "}\n",
        ":3:3\n",
        "Expected 'to'",
        "  func.return\n",
    ),
    # an op of xfuse's with a bad attribute
    "pack_with_a_bad_tile": (
        "func.func @f(%s: tensor<16x16xf32>, %d: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {\n"
        '  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, "x"] into %d'
        " : tensor<16x16xf32> -> tensor<2x2x8x8xf32>\n"
        "  func.return %p : tensor<2x2x8x8xf32>\n"
        "}\n",
        ":2:65\n",
        "Expected integer literal",
        "  %p = linalg.pack %s",
    ),
    "unknown_op": (
        'func.func @f() {\n  "foo.bar"() : () -> ()\n  func.return\n}\n',
        ":2:12\n",
        "Operation foo.bar is not registered",
        '  "foo.bar"() : () -> ()\n',
    ),
    # IR that does not verify: located at the failing op, not the module in generic form
    "return_of_the_wrong_type": (
        "func.func @f(%a: i32) -> i64 {\n  func.return %a : i32\n}\n",
        ":2:3: error: 'func.return' does not verify: ",
        "expected [i64], got [i32]",
        "    func.return %a : i32\n",
    ),
}


@pytest.mark.parametrize("name", MALFORMED)
def test_xdsl_opt_reports_bad_input_located_without_a_traceback_when_asked(tmp_path, name: str):
    text, location, message, offending_line = MALFORMED[name]
    source = tmp_path / f"{name}.mlir"
    source.write_text(text)
    for extra in ([], ["--split-input-file"]):
        result = subprocess.run(
            [str(Path(sys.executable).parent / "xdsl-opt"), str(source), *extra],
            env=EXTEND_XDSL, capture_output=True, text=True, timeout=120,
        )
        assert result.returncode == 1 and result.stdout in ("", "builtin.module {\n}\n")
        assert "Traceback" not in result.stderr
        assert f"{source}{location}" in result.stderr and message in result.stderr, result.stderr
        assert offending_line in result.stderr


def test_xdsl_opt_reports_bad_input_as_xdsl_does_by_default(tmp_path):
    # Without the opt-in, malformed IR without xfuse's ops is xDSL's report: its traceback.
    source = tmp_path / "unknown_op.mlir"
    source.write_text(MALFORMED["unknown_op"][0])
    result = subprocess.run(
        [str(Path(sys.executable).parent / "xdsl-opt"), str(source)], capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 1 and "Traceback" in result.stderr
    assert "xdsl.utils.exceptions.ParseError: " in result.stderr and "xdsl-opt: error:" not in result.stderr


BAD_INPUT_PROBE = """
import sys
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.xdsl_opt_main import xDSLOptMain
from xfuse.universe import ReportedExit
error = {"ParseError": ParseError, "VerifyException": VerifyException}[sys.argv[2]]
try:
    xDSLOptMain(args=[sys.argv[1]]).run()
except error as caught:
    assert isinstance(caught, ReportedExit) and isinstance(caught, Exception)
    assert caught.code.endswith(str(caught).rstrip()) and f"{sys.argv[1]}:" in caught.code
    print(caught)
"""


def test_xdsl_opt_bad_input_is_still_the_error_to_callers(tmp_path):
    # With XFUSE_EXTEND_XDSL=1, in process, the error is the one xDSL raised (a ParseError, a
    # VerifyException), with its message; uncaught, the SystemExit it also is ends the program
    # with its diagnostic.
    for name, error in (("unknown_op", "ParseError"), ("return_of_the_wrong_type", "VerifyException")):
        source = tmp_path / f"{name}.mlir"
        source.write_text(MALFORMED[name][0])
        result = subprocess.run(
            [sys.executable, "-c", BAD_INPUT_PROBE, str(source), error],
            env=EXTEND_XDSL, capture_output=True, text=True, timeout=120,
        )
        assert result.returncode == 0 and MALFORMED[name][2] in result.stdout, result.stderr[-2000:]


def test_xdsl_opt_verify_diagnostics_prints_the_located_error(tmp_path):
    source = tmp_path / "bad.mlir"
    source.write_text(MALFORMED["return_of_the_wrong_type"][0])
    result = subprocess.run(
        [str(Path(sys.executable).parent / "xdsl-opt"), str(source), "--verify-diagnostics"],
        env=EXTEND_XDSL, capture_output=True, text=True, timeout=120,
    )
    assert result.stdout.startswith(f"{source}:2:3: error: 'func.return' does not verify: "), result.stdout
